"""From what the test run measured to diagnostics: SCN304 (a loop `jit` unrolled, counted),
SCN305 (a function compiled again and again), and the static SCN3xx findings with the run's
figures in their message. Pure functions of the measurements; no jax here.

How a loop's N is measured: the plugin counts every run of every loop body of the project
(the iterable wrapped in a counter) and reads the counts before and after each `jit` trace;
N is how often the body ran while jax traced that function, so it is exact for any trip count
(a static argument, a shape, an attribute, a list's length). For nested loops the finding is
on the outermost loop and N is the most runs of any loop in the nest (`for i in range(4): for
j in range(5)`: 20, as many copies of the innermost body as the program holds). For iteration
over a traced array (`sum(x)`, `for row in x` in a file not instrumented), N is the number of
elements jax's `Tracer.__iter__` handed out at that line. The equations a loop contributed
are those whose traceback holds a line of the loop (its header to its last line), in any
frame: a layer's equations count for the loop that called it.
"""

from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import dataclass

from scanlint.core.diagnostic import Diagnostic, Position

UNROLLED, RECOMPILED = "SCN304", "SCN305"
STATIC_LOOP_CODES = ("SCN301", "SCN302", "SCN303")
MIN_RECOMPILES = 3  # compiles of one function in one test that make a finding
# An unrolled loop that adds fewer equations than this costs XLA next to nothing (on real code:
# comprehensions over a handful of differently shaped chunks, 10 to 30 equations).
MIN_EQUATIONS = 50
SHOWN_VALUES = 3  # differing argument values shown in a message


@dataclass(frozen=True)
class LoopMeasure:
    """A loop (or an iteration over a traced array) in the compile where it made the most
    equations."""

    path: str
    line: int
    span: tuple[int, int]
    trips: int
    equations: int
    total: int  # equations of that compile
    test: str
    function: str
    trace_s: float
    compile_s: float  # lowering and XLA compile
    compiles: int  # compiles that traced it
    nested_in: str | None = None  # key of the loop around it that ran in the same trace
    iteration: bool = False


@dataclass(frozen=True)
class Recompile:
    path: str
    line: int
    name: str
    test: str
    count: int  # compiles in that test
    run_count: int  # compiles in the whole run
    why: str
    seconds: float  # trace, lowering and compile of that test's compiles
    eager: bool = False


def absolute_keys(measures: dict[str, LoopMeasure]) -> dict[str, LoopMeasure]:
    """The measures keyed by absolute path and line, as static findings are located."""
    return {f"{os.path.abspath(m.path)}:{m.line}": m for m in measures.values()}


def split_key(key: str) -> tuple[str, int]:
    path, _, line = key.rpartition(":")
    return path, int(line)


def loop_measures(compiles: list[dict], loops: dict[str, tuple[int, int]]
                  ) -> dict[str, LoopMeasure]:
    """Loop key -> its measure in the compile where it contributed the most equations."""
    best: dict[str, LoopMeasure] = {}
    seen: dict[str, int] = defaultdict(int)
    for compiled in compiles:
        for measure in compile_loops(compiled, loops):
            key = f"{measure.path}:{measure.line}"
            seen[key] += 1
            old = best.get(key)
            if old is None or (measure.equations, measure.trips) > (old.equations, old.trips):
                best[key] = measure
    return {key: LoopMeasure(**{**vars(m), "compiles": seen[key]}) for key, m in best.items()}


def compile_loops(compiled: dict, loops: dict[str, tuple[int, int]]) -> list[LoopMeasure]:
    ran = {key: n for key, n in compiled["trips"].items() if key in loops and n > 0}
    found = []
    for key, trips in ran.items():
        path, line = split_key(key)
        span = tuple(loops[key])
        inner = [n for other, n in ran.items() if within(other, loops, path, span)]
        found.append(measure_of(compiled, path, line, span, max([trips, *inner]),
                                outermost_around(key, ran, loops)))
    for key, count in compiled["iterations"].items():
        path, line = split_key(key)
        if key not in ran:
            found.append(measure_of(compiled, path, line, (line, line), count, None, True))
    return found


def within(key: str, loops: dict, path: str, span: tuple[int, int]) -> bool:
    other_path, _ = split_key(key)
    start, end = loops[key]
    return other_path == path and span[0] <= start and end <= span[1] and (start, end) != span


def outermost_around(key: str, ran: dict, loops: dict) -> str | None:
    path, _ = split_key(key)
    around = [other for other in ran if other != key and within(key, loops, path, loops[other])]
    return min(around, key=lambda k: loops[k][0]) if around else None


def measure_of(compiled: dict, path: str, line: int, span: tuple[int, int], trips: int,
               nested_in: str | None, iteration: bool = False) -> LoopMeasure:
    counts = compiled["lines"].get(path, {})
    equations = sum(counts.get(str(n), 0) for n in range(span[0], span[1] + 1))
    return LoopMeasure(path, line, span, trips, equations, compiled["equations"],
                       compiled["test"], compiled["function"]["name"], compiled["trace_s"],
                       compiled["lower_s"] + compiled["compile_s"], 1, nested_in, iteration)


def costly(m: LoopMeasure, minimum: int, min_equations: int = MIN_EQUATIONS) -> bool:
    return m.trips >= minimum and m.equations >= min_equations


def unrolled(measures: dict[str, LoopMeasure], minimum: int,
             min_equations: int = MIN_EQUATIONS) -> list[LoopMeasure]:
    """The loops to report: at least ``minimum`` runs that made at least ``min_equations``
    equations, outermost only."""
    return [m for m in measures.values()
            if costly(m, minimum, min_equations) and m.nested_in is None]


def figures(m: LoopMeasure) -> str:
    """`unrolled 30 times in tests/t.py::test_a: 90 of 96 equations (3 per trip), ...`"""
    per_trip = m.equations / m.trips
    per = f"{per_trip:,.0f}" if per_trip >= 10 else f"{per_trip:.3g}"
    more = f"; {m.compiles} compiles traced it" if m.compiles > 1 else ""
    return (f"{m.trips:,} times in {m.test}: {m.equations:,} of {m.total:,} equations "
            f"({per} per trip) of `{m.function}`, trace {m.trace_s:.2f} s, compile "
            f"{m.compile_s:.2f} s{more}")


def loop_message(m: LoopMeasure) -> str:
    what = ("iteration over a traced array unrolled" if m.iteration
            else "Python loop unrolled")
    return f"{what} {figures(m)}; roll it into `lax.fori_loop`/`lax.scan`, or `vmap` it"


def recompiles(compiles: list[dict], minimum: int = MIN_RECOMPILES) -> list[Recompile]:
    """Functions compiled at least ``minimum`` times in one test."""
    groups: dict[tuple, dict[str, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for compiled in compiles:
        key = compile_key(compiled)
        if key is not None and compiled["compiled"]:
            groups[key][compiled["test"]].append(compiled)
    found = []
    for (path, line, name, eager), tests in groups.items():
        test, worst = max(tests.items(), key=lambda item: len(item[1]))
        why = difference(worst)
        if len(worst) < minimum or eager and "differed" in why:
            continue  # outside jit, jax compiles each operation once per shape: not a mistake
        if eager:
            why = "a new body function each time: jax traces and compiles it again at every call"
        seconds = sum(c["trace_s"] + c["lower_s"] + c["compile_s"] for c in worst)
        found.append(Recompile(path, line, name, test, len(worst),
                               sum(len(c) for c in tests.values()), why, seconds, eager))
    return found


def compile_key(compiled: dict) -> tuple | None:
    """A project function by its definition; a primitive run outside `jit` with a body
    (`lax.scan`: jax compiles it on its own) by the line that ran it."""
    function = compiled["function"]
    if function["path"]:
        return function["path"], function["line"], function["name"], False
    site = compiled.get("call_site")
    if site and compiled.get("bodies"):  # a scan, while or cond: its body is a new function
        return site[0], site[1], function["name"], True
    return None


def difference(compiles: list[dict]) -> str:
    """What differed between the compiles: an argument's shape or static value, a new
    function object, or nothing jit was given (a global or a closed-over value)."""
    values: dict[str, list[str]] = defaultdict(list)
    for compiled in compiles:
        for name, text in compiled["arguments"].items():
            if text not in values[name]:
                values[name].append(text)
    changed = [(name, texts) for name, texts in values.items() if len(texts) > 1]
    if changed:
        return "; ".join(f"`{name}` differed ({', '.join(texts[:SHOWN_VALUES])}"
                         f"{', ...' if len(texts) > SHOWN_VALUES else ''})"
                         for name, texts in changed)
    if sum(c["new_object"] for c in compiles) > 1:
        return ("the same arguments each time, a new function object each time (a lambda or "
                "closure made and jitted per call)")
    return "the same arguments and function each time (a global or closed-over value changed)"


def recompile_message(r: Recompile) -> str:
    what = f"`{r.name}` outside `jit`" if r.eager else f"`{r.name}`"
    run = f" ({r.run_count} in the run)" if r.run_count > r.count else ""
    return (f"{what} compiled {r.count} times in {r.test}{run}: {r.why}; trace and compile "
            f"{r.seconds:.2f} s in all")


def annotated(static: Diagnostic, measures: dict[str, LoopMeasure], compiles: list[dict],
              minimum: int, min_equations: int = MIN_EQUATIONS) -> tuple[Diagnostic, str | None]:
    """A static SCN3xx finding with what the run measured at its line, and the key of the
    measured loop it stands for (so that no SCN304 repeats it)."""
    key = f"{static.path}:{static.start.line}"
    m = measures.get(key)
    if m is not None:
        if costly(m, minimum, min_equations):
            return with_message(static, f"; measured: unrolled {figures(m)}"), key
        if m.trips < minimum:
            return with_message(static, f"; measured: ran only {figures(m)} (fewer than "
                                        f"min-unrolled-trips = {minimum})"), key
        return with_message(static, f"; measured: cheap, ran {figures(m)} (fewer than "
                                    f"{min_equations} equations)"), key
    first, last = static.statement_lines if static.statement_lines[0] else (static.start.line,) * 2
    seen = uncounted(compiles, static.path, (first, last))
    if seen is None:
        return with_message(static, "; measured: no test compiled it"), None
    return with_message(static, f"; measured: its lines made {seen}; its trips were not counted "
                                "(a test file: pytest compiles those, not scanlint)"), None


def uncounted(compiles: list[dict], path: str, span: tuple[int, int]) -> str | None:
    """The equations a loop's lines made in the compile where they made the most, for a loop
    whose trips were not counted (None when no compile holds them)."""
    best = None
    for compiled in compiles:
        counts = compiled["lines"].get(path, {})
        equations = sum(counts.get(str(n), 0) for n in range(span[0], span[1] + 1))
        if equations and (best is None or equations > best[0]):
            best = (equations, compiled)
    if best is None:
        return None
    equations, c = best
    return (f"{equations:,} of {c['equations']:,} equations of `{c['function']['name']}` in "
            f"{c['test']}, compile {c['lower_s'] + c['compile_s']:.2f} s")


def with_message(d: Diagnostic, extra: str) -> Diagnostic:
    return Diagnostic(d.code, d.message + extra, d.path, d.start, d.end, d.fix, d.noqa_line,
                      d.statement_lines)


def def_line(text: str, line: int) -> int:
    """The `def` line of the function whose first decorator is on ``line`` (a code object's
    first line is its first decorator's), else ``line``: a finding on a function goes on its
    `def`, where a reader looks for it and puts its `# noqa`."""
    import ast

    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return line
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.decorator_list \
                and node.decorator_list[0].lineno == line:
            return node.lineno
    return line


def at_line(code: str, message: str, path: str, line: int, text: str) -> Diagnostic:
    """A finding on one source line, from its first non-blank character to its end (a
    `# noqa` there silences it)."""
    rows = text.splitlines()
    row = rows[line - 1] if 0 < line <= len(rows) else ""
    start = len(row) - len(row.lstrip())
    return Diagnostic(code, message, path, Position(line, start), Position(line, len(row)),
                      noqa_line=line, statement_lines=(line, line))
