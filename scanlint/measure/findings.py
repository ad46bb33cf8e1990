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
GRADIENT_MEMORY, SCAN_UNROLL, CARRY_TYPE = "SCN310", "SCN311", "SCN312"
EAGER_DISPATCH, REVERSED_WHILE = "SCN313", "SCN314"
# A transform called outside jit is reported when one call dispatches at least this many
# operations one by one (and it is called at least --min-recompiles times in a test).
MIN_EAGER_OPERATIONS = 20
# A checkpointed body is suggested when it cuts the compiled gradient's temporary memory to
# at most this share of what it was.
MAX_CHECKPOINTED_SHARE = 0.5
# An unroll is suggested when the compiled program ran at least this many times faster with it.
MIN_UNROLL_SPEEDUP = 1.25
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
    call_sites: tuple[tuple[str, int, int], ...] = ()  # (path, line, compiles) in that test


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
        # (`f.lower(x).compile()` compiles because the code asks it to: not a cache miss)
        if key is not None and compiled["compiled"] and not compiled.get("aot"):
            groups[key][compiled["test"]].append(compiled)
    found = []
    for (path, line, name, eager), tests in groups.items():
        test, worst = max(tests.items(), key=lambda item: len(item[1]))
        why = difference(worst)
        weak = weak_only(worst)
        if weak:  # one compile is enough waste: nothing but a weak type differed
            why = (f"{why}: only a weak type differed (`~`: a Python scalar or "
                   f"`jnp.asarray(0.)`) for {', '.join(f'`{n}`' for n in weak)}; give every "
                   "call the same dtype (`jnp.float32(...)`, `.astype`)")
        if len(worst) < (2 if weak else minimum) or eager and "differed" in why:
            continue  # outside jit, jax compiles each operation once per shape: not a mistake
        if eager:
            why = "a new body function each time: jax traces and compiles it again at every call"
        seconds = sum(c["trace_s"] + c["lower_s"] + c["compile_s"] for c in worst)
        found.append(Recompile(path, line, name, test, len(worst),
                               sum(len(c) for c in tests.values()), why, seconds, eager,
                               call_sites(worst)))
    return found


def call_sites(compiles: list[dict]) -> tuple[tuple[str, int, int], ...]:
    """Where the compiles were called from (the innermost project frame), most first."""
    counts: dict[tuple[str, int], int] = defaultdict(int)
    for compiled in compiles:
        site = compiled.get("call_site")
        if site:
            counts[(site[0], site[1])] += 1
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return tuple((path, line, n) for (path, line), n in ranked)


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


def changed_arguments(compiles: list[dict]) -> dict[str, list[str]]:
    """Each argument described differently by the compiles: its descriptions, first seen
    first."""
    values: dict[str, list[str]] = defaultdict(list)
    for compiled in compiles:
        for name, text in compiled["arguments"].items():
            if text not in values[name]:
                values[name].append(text)
    return {name: texts for name, texts in values.items() if len(texts) > 1}


def difference(compiles: list[dict]) -> str:
    """What differed between the compiles: an argument's shape or static value, a new
    function object, or nothing jit was given (a global or a closed-over value)."""
    changed = list(changed_arguments(compiles).items())
    reasons = list(dict.fromkeys(c["reason"] for c in compiles if c.get("reason")))
    if changed:
        return "; ".join(f"`{name}` differed ({', '.join(texts[:SHOWN_VALUES])}"
                         f"{', ...' if len(texts) > SHOWN_VALUES else ''})"
                         for name, texts in changed)
    rebuilt = rebuilt_statics(compiles)
    if rebuilt:
        return "; ".join(f"`{name}` differed (a static argument of the same repr, rebuilt at "
                         "each call: a new object that is not `==` to the last, so jit cannot "
                         "reuse its compile)" for name in rebuilt)
    if sum(c["new_object"] for c in compiles) > 1:
        return ("the same arguments each time, a new function object each time (a lambda or "
                "closure made and jitted per call)")
    if reasons:  # what jax_explain_cache_misses says differed: a weak type, a config, ...
        return f"the same arguments as jit describes them; {reasons[0]}"
    return "the same arguments and function each time (a global or closed-over value changed)"


def weak_only(compiles: list[dict]) -> list[str]:
    """The arguments whose descriptions differed between compiles only by a weak type
    (`~f32[]` and `f32[]`), when nothing else did (LINX's model warmed up with
    `jnp.asarray(0.)`, then called with float32 values, traced and compiled twice)."""
    changed = changed_arguments(compiles)
    if not changed or any(len({t.replace("~", "") for t in texts}) > 1
                          for texts in changed.values()):
        return []
    return sorted(changed)


def rebuilt_statics(compiles: list[dict]) -> list[str]:
    """Static arguments whose hash differed between compiles though their repr did not."""
    hashes: dict[str, set] = defaultdict(set)
    for compiled in compiles:
        for name, value in compiled.get("static_hashes", {}).items():
            hashes[name].add(value)
    return [name for name, values in hashes.items() if len(values) > 1]


def recompile_message(r: Recompile) -> str:
    what = f"`{r.name}` outside `jit`" if r.eager else f"`{r.name}`"
    run = f" ({r.run_count} in the run)" if r.run_count > r.count else ""
    return (f"{what} compiled {r.count} times in {r.test}{run}: {r.why}; trace and compile "
            f"{r.seconds:.2f} s in all{sites_text(r)}")


def sites_text(r: Recompile) -> str:
    """`; called at steps.py:22 (4), train.py:9 (1)`: the lines the compiles came from."""
    if not r.call_sites or r.eager:  # an eager loop is reported at the line that ran it
        return ""
    shown = ", ".join(f"{os.path.basename(path)}:{line} ({n})"
                      for path, line, n in r.call_sites[:SHOWN_VALUES])
    more = ", ..." if len(r.call_sites) > SHOWN_VALUES else ""
    return f"; called at {shown}{more}"


@dataclass(frozen=True)
class GradientMemory:
    """A forward `scan` whose gradient keeps per-step residuals that a checkpointed body
    would not, with the compiled gradient's temporary memory both ways."""

    path: str
    line: int
    test: str
    function: str
    length: int
    kept: int  # bytes the reverse pass reads from the forward scan
    largest: str  # the largest residual's type
    temp: int  # XLA's temporary bytes of the compiled function
    temp_checkpointed: int  # the same with the scan bodies under jax.checkpoint


def gradient_memory(compiles: list[dict]) -> list[GradientMemory]:
    """Per scan line, the compile whose gradient kept the most, where checkpointing the body
    measured a saving of at least half the temporary memory (functions the tests compiled,
    not those they only traced)."""
    best: dict[tuple[str, int], GradientMemory] = {}
    for c in compiles:
        temp, checkpointed = c.get("temp_bytes"), c.get("temp_bytes_checkpointed")
        if not c["compiled"] or not temp or checkpointed is None \
                or checkpointed > temp * MAX_CHECKPOINTED_SHARE:
            continue
        for r in c.get("residuals", ()):
            key = (r["path"], r["line"])
            if key not in best or r["kept"] > best[key].kept:
                best[key] = GradientMemory(r["path"], r["line"], c["test"],
                                           c["function"]["name"], r["length"], r["kept"],
                                           r["largest"], temp, checkpointed)
    return list(best.values())


def size(n: float) -> str:
    for unit in ("bytes", "KB", "MB", "GB"):
        if n < 1000 or unit == "GB":
            return f"{n:,.0f} bytes" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1000
    return f"{n:.1f} GB"


def gradient_memory_message(g: GradientMemory) -> str:
    factor = g.temp / g.temp_checkpointed if g.temp_checkpointed else float("inf")
    times = f"{factor:.0f}x" if factor >= 10 else f"{factor:.1f}x"
    return (f"the gradient of this `scan` keeps {size(g.kept)} of per-step values for its "
            f"reverse pass ({g.length:,} steps; the largest {g.largest}) in `{g.function}`, "
            f"{g.test}; with its body under `jax.checkpoint` the compiled gradient's temporary "
            f"memory was {size(g.temp_checkpointed)} instead of {size(g.temp)} ({times} less), "
            f"for one more forward pass of the body: `lax.scan(jax.checkpoint(body), ...)`")


@dataclass(frozen=True)
class UnrollGain:
    path: str
    line: int
    test: str
    function: str
    length: int
    body: int  # equations of the scanned body
    seconds: dict  # unroll -> seconds per run, the fastest of a few


def unroll_gains(compiles: list[dict]) -> list[UnrollGain]:
    """--bench-fixes: per scan line, the timed call whose best unroll gained the most, where
    that is at least MIN_UNROLL_SPEEDUP (in a function the tests compiled and ran)."""
    best: dict[tuple[str, int], tuple[float, UnrollGain]] = {}
    for c in compiles:
        if not c["compiled"]:  # only traced (make_jaxpr, eval_shape): the tests never ran it
            continue
        for u in c.get("unrolls", ()):
            seconds = {int(k): v for k, v in u["seconds"].items()}
            base, k = seconds.get(1), fastest(seconds)
            if not base or k == 1 or base < seconds[k] * MIN_UNROLL_SPEEDUP:
                continue
            gain = base / seconds[k]
            key = (u["path"], u["line"])
            if key not in best or gain > best[key][0]:
                best[key] = (gain, UnrollGain(u["path"], u["line"], c["test"],
                                              c["function"]["name"], u["length"], u["body"],
                                              seconds))
    return [g for _, g in best.values()]


def fastest(seconds: dict[int, float]) -> int:
    return min(seconds, key=lambda k: (seconds[k], k))


def unroll_message(u: UnrollGain) -> str:
    k = fastest(u.seconds)
    tried = ", ".join(str(n) for n in sorted(u.seconds))
    return (f"`scan` of {u.length:,} steps of a {u.body}-equation body in `{u.function}` ran "
            f"{u.seconds[1] / u.seconds[k]:.1f}x faster at `unroll={k}` on the call in {u.test} "
            f"({u.seconds[1] * 1e3:.3g} ms -> {u.seconds[k] * 1e3:.3g} ms compiled, unrolls "
            f"{tried} timed): pass `unroll={k}`")


@dataclass(frozen=True)
class CarryTypeChange:
    path: str
    line: int
    test: str
    loop: str
    differences: tuple[str, ...]
    x64: bool
    count: int  # times the run hit it


def carry_type_changes(errors: list[dict]) -> list[CarryTypeChange]:
    """One per loop line: the loop body returned a carry of other types than its input."""
    found: dict[tuple[str, int], CarryTypeChange] = {}
    for e in errors:
        key = (e["path"], e["line"])
        count = found[key].count + 1 if key in found else 1
        first = found.get(key) or CarryTypeChange(e["path"], e["line"], e["test"], e["loop"],
                                                  tuple(e["differences"]), e["x64"], 0)
        found[key] = CarryTypeChange(**{**vars(first), "count": count})
    return list(found.values())


def carry_type_message(c: CarryTypeChange, line_text: str = "") -> str:
    """``line_text``: the loop's line, which names `fori_loop` where jax ran it as a `scan` or
    a `while_loop`."""
    loop = c.loop.split()[0] if c.loop else "loop"
    if "fori_loop" in line_text:
        loop = "fori_loop"
    mode = " with `jax_enable_x64` on" if c.x64 else ""
    what = "; ".join(c.differences[:2]) or "the carry's types changed"
    more = f" (and {len(c.differences) - 2} more)" if len(c.differences) > 2 else ""
    times = f", {c.count} times in the run" if c.count > 1 else ""
    if all("manual axis types" in d for d in c.differences):
        advice = ("make the init vary over the same mesh axes as the body's result "
                  "(`jax.lax.pcast(init, axes, to='varying')`, `jax.lax.pvary` in older jax)")
    else:
        advice = ("make the body return the carry's dtypes (`.astype(...)` on the values it "
                  "computes) or build the init with the dtypes the body computes")
    return (f"`{loop}` body returned a carry of other types than its input, traced in "
            f"{c.test}{mode}{times}: {what}{more}; {advice}")


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


@dataclass(frozen=True)
class EagerDispatch:
    path: str
    line: int
    test: str
    transform: str
    calls: int
    operations: int
    seconds: float


def is_test_file(path: str) -> bool:
    name = os.path.basename(path)
    return name.startswith("test_") or name.endswith("_test.py") or name == "conftest.py"


def eager_dispatches(sites: list[dict], minimum: int = MIN_RECOMPILES) -> list[EagerDispatch]:
    """Per calling line of the project (tests' own files left out: a test may well call a
    transform eagerly), the test where a transform called outside `jit` dispatched the most
    operations one by one, when it was called at least ``minimum`` times there and each call
    dispatched at least MIN_EAGER_OPERATIONS."""
    best: dict[tuple[str, int], EagerDispatch] = {}
    for s in sites:
        if (is_test_file(s["path"]) or s["calls"] < minimum
                or s["operations"] < MIN_EAGER_OPERATIONS * s["calls"]):
            continue
        key = (s["path"], s["line"])
        if key not in best or s["operations"] > best[key].operations:
            best[key] = EagerDispatch(s["path"], s["line"], s["test"], s["transform"],
                                      s["calls"], s["operations"], s["seconds"])
    return list(best.values())


def eager_message(e: EagerDispatch) -> str:
    return (f"`{e.transform}` of a function called {e.calls} times outside `jit` here in "
            f"{e.test}: {e.operations:,} operations dispatched one by one "
            f"({e.operations / e.calls:,.0f} per call), {e.seconds:.2f} s; jit it once, outside "
            f"the loop (`step = jax.jit(jax.{e.transform}(f))`), so that each call runs one "
            f"compiled program")


@dataclass(frozen=True)
class ReversedWhile:
    path: str
    line: int
    test: str
    grad_site: tuple | None  # the project line that asked for the gradient
    count: int


def reversed_whiles(errors: list[dict]) -> list[ReversedWhile]:
    """One per loop line: reverse-mode differentiation reached a loop with no fixed trip
    count there."""
    found: dict[tuple[str, int], ReversedWhile] = {}
    for e in errors:
        key = (e["path"], e["line"])
        old = found.get(key)
        site = tuple(e["grad_site"]) if e.get("grad_site") else None
        found[key] = ReversedWhile(e["path"], e["line"], old.test if old else e["test"],
                                   old.grad_site if old else site,
                                   (old.count if old else 0) + 1)
    return list(found.values())


def reversed_while_message(r: ReversedWhile, line_text: str = "") -> str:
    if "fori_loop" in line_text:
        loop = "`fori_loop`, run as a `while_loop`,"
    else:
        loop = "`while_loop`" if "while_loop" in line_text else "loop (a `while_loop`)"
    asked = (f" (the gradient taken at {os.path.basename(r.grad_site[0])}:{r.grad_site[1]})"
             if r.grad_site and (r.grad_site[0], r.grad_site[1]) != (r.path, r.line) else "")
    times = f", {r.count} times in the run" if r.count > 1 else ""
    return (f"reverse-mode differentiation reached this {loop} in {r.test}"
            f"{asked}{times}: its trip count is not known when traced (a `while_loop`, or "
            f"`fori_loop` bounds that are traced values), and jax cannot differentiate it in "
            f"reverse; make the bounds static (`static_argnums`, Python ints) so that it runs "
            f"as a `scan`, run a fixed number of steps with `lax.scan` and mask the rest, or "
            f"use forward mode (`jax.jacfwd`)")
