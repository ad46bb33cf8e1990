"""A pytest plugin that measures every `jit` compile the tests cause.

`scanlint measure` runs `python -m pytest -p scanlint.measure.plugin ARGS` in a subprocess with
SCANLINT_MEASURE naming a request ({"root": project root, "output": folder}); without it the
plugin does nothing. It runs only there, so it may import jax.

Per top-level trace of a jitted function (jax's `_trace_for_jit`, wrapped; it returns the
jaxpr and sees the arguments) it records: the function, its arguments as jit saw them (static
ones by value, the others as shapes), the equations per source line of the project (every
frame of the project in an equation's traceback counts it, sub-jaxprs included: scan, while
and cond bodies, inner jits), how often each counted loop ran and how many elements each
iteration over a traced array gave (`sum(x)`), and, from `jax.monitoring`'s duration events,
the trace, lowering and compile seconds. Each pytest process writes `measure-<pid>.json`.
Nothing here changes what the tests compute: the wrappers return what they wrap.
"""

from __future__ import annotations

import functools
import inspect
import json
import os
import sys
import threading
import time
import weakref
from collections import Counter

import pytest

from scanlint.measure import instrument, jax_probes
from scanlint.verify.pytest_hooks import launch_request, test_following_hooks

REQUEST_ENV = "SCANLINT_MEASURE"
EVENTS = {"/jax/core/compile/jaxpr_trace_duration": "trace_s",
          "/jax/core/compile/jaxpr_to_mlir_module_duration": "lower_s",
          "/jax/core/compile/backend_compile_duration": "compile_s"}
MAX_DESCRIPTION = 60  # characters of an argument's description
MAX_REASON = 240  # characters of jax's explanation of a cache miss
# A forward scan whose gradient keeps less than this for its reverse pass is not compiled
# again with its body checkpointed (the measure's own cost): it fits.
MIN_RESIDUAL_BYTES = 4 << 20
# --bench-fixes: a scan is timed at other unrolls when it runs at least this many steps of a
# body of at most MAX_UNROLL_BODY equations (per-step loop overhead is then a large share).
MIN_UNROLL_LENGTH = 256
MAX_UNROLL_BODY = 40
SCANLINT_HOME = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Measurements:
    def __init__(self, request: dict) -> None:
        self.root = os.path.abspath(request["root"])
        self.output = request["output"]
        self.test = "(collection)"
        self.compiles: list[dict] = []
        self.current: dict | None = None  # the last trace: the lowering and compile after it
        self.last_trace_s = 0.0
        self.failed_tests: list[str] = []
        self.problems: list[str] = []
        self.iterations: Counter = Counter()
        self.seen_functions: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self.local = threading.local()
        self.finder = instrument.CountingFinder(self.root, (SCANLINT_HOME,))
        self.project_files: dict[str, bool] = {}
        self.lines_at: dict[tuple, int | None] = {}  # (code, bytecode offset) -> its line
        self.bench = bool(request.get("bench"))
        self.min_residual_bytes = int(request.get("min_residual_bytes", MIN_RESIDUAL_BYTES))
        self.carry_errors: list[dict] = []
        self.reverse_errors: list[dict] = []
        self.misses: jax_probes.CacheMissLog | None = None
        self.probing = False  # the plugin's own traces and compiles: not the tests'
        self.eager = jax_probes.EagerDispatch(self.is_project, lambda: self.test)

    # -- which frames are the project's -----------------------------------------------------
    def is_project(self, path: str) -> bool:
        known = self.project_files.get(path)
        if known is None:
            absolute = os.path.abspath(path)
            known = (os.path.commonpath([absolute, self.root]) == self.root
                     and not instrument.is_installed(absolute)
                     and os.path.commonpath([absolute, SCANLINT_HOME]) != SCANLINT_HOME)
            self.project_files[path] = known
        return known

    def frames(self, traceback) -> tuple[tuple[str, int], ...]:
        """The project's frames of an equation's traceback, outermost first."""
        if traceback is None:
            return ()
        try:
            codes, lastis = traceback.raw_frames()
        except Exception:
            return ()
        found = []
        for code, lasti in zip(codes, lastis):
            if self.is_project(code.co_filename):
                line = self.lines_at.get((code, lasti), -1)
                if line == -1:
                    line = self.lines_at[(code, lasti)] = line_at(code, lasti)
                if line is not None:
                    found.append((code.co_filename, line))
        return tuple(reversed(found))

    # -- equations ------------------------------------------------------------------------
    def equations(self, jaxpr) -> tuple[int, dict[str, dict[int, int]]]:
        """All equations (sub-jaxprs included) and, per project file and line, how many
        have that line in one of their frames."""
        lines: dict[str, Counter] = {}
        total = self.walk(jaxpr, (), lines, set())
        return total, {path: dict(counts) for path, counts in lines.items()}

    def walk(self, jaxpr, outer: tuple, lines: dict, active: set) -> int:
        from jax._src import core

        total = 0
        for eqn in jaxpr.eqns:
            # jax's tracebacks stop where a jitted function was entered (its C++ dispatch), so
            # an inner jit's equations show only the frames inside it: the lines of the
            # equation that calls it are added (an equation inside a jnp function shows no
            # project frame at all, and counts for the line that called it).
            own = self.frames(eqn.source_info.traceback)
            frames = tuple(dict.fromkeys(outer + own))
            total += 1
            for path, line in set(frames):
                lines.setdefault(path, Counter())[line] += 1
            for sub in core.jaxprs_in_params(eqn.params):
                if id(sub) in active:
                    continue
                active.add(id(sub))
                total += self.walk(sub, frames, lines, active)
                active.discard(id(sub))
        return total

    # -- one trace ---------------------------------------------------------------------------
    def traced(self, fun, ji, args, kwargs, run, params=lambda result: result):
        """``run()`` traces ``fun``; ``params(run())`` is its PjitParams."""
        from jax._src import core

        if not core.trace_state_clean() or getattr(self.local, "inside", False):
            return run()
        self.local.inside = True
        trips_before = instrument.TRIPS.copy()
        iterations_before = self.iterations.copy()
        if self.misses is not None:
            self.misses.take()
        try:
            result = run()
        finally:
            self.local.inside = False
        try:
            started = time.perf_counter()
            self.current = self.record(fun, ji, args, kwargs, params(result), trips_before,
                                       iterations_before)
            self.probe(self.current, fun, ji, args, kwargs, params(result))
            self.current["measure_s"] = time.perf_counter() - started  # the plugin's own cost
            self.compiles.append(self.current)
        except Exception as error:  # a measurement problem is reported, never raised
            self.problem(f"a trace could not be measured: {type(error).__name__}: {error}")
        return result

    def probe(self, record: dict, fun, ji, args, kwargs, pjit_params) -> None:
        """What jax says of this trace beyond its equations: why it missed the cache, what a
        gradient's scans keep, and (--bench-fixes) what other unrolls of a long scan run
        in. The re-traces and compiles here are of copies, measured as the plugin's own."""
        function = record["function"]
        if self.misses is not None:
            reason = jax_probes.miss_reason(self.misses.take(), function["path"],
                                            function["line"])
            if reason:
                record["reason"] = reason[:MAX_REASON]
        closed = pjit_params.params["jaxpr"]
        residuals = jax_probes.scan_residuals(closed.jaxpr, self.scan_site)
        costly = [r for r in residuals if r["kept"] >= self.min_residual_bytes
                  and r["kept"] >= 2 * r["carry"]]
        if costly:
            record["residuals"] = costly
            self.local.inside = self.probing = True
            try:
                record["temp_bytes"] = jax_probes.temp_bytes(fun, ji, args, kwargs, False)
                record["temp_bytes_checkpointed"] = jax_probes.temp_bytes(fun, ji, args, kwargs,
                                                                          True)
            except Exception as error:
                record["temp_error"] = f"{type(error).__name__}: {str(error)[:200]}"
            finally:
                self.local.inside = self.probing = False
        if self.bench:
            self.bench_unrolls(record, closed, ji, args, kwargs)

    def scan_site(self, eqn) -> tuple[str, int] | None:
        frames = self.frames(eqn.source_info.traceback)
        return frames[-1] if frames else None

    def bench_unrolls(self, record: dict, closed, ji, args, kwargs) -> None:
        """--bench-fixes: each long top-level scan with a small body, at `unroll=1`, timed
        again at a few unrolls on the tests' own arguments."""
        candidates = [(i, eqn) for i, eqn in enumerate(closed.jaxpr.eqns)
                      if eqn.primitive.name == "scan" and eqn.params.get("unroll") == 1
                      and eqn.params["length"] >= MIN_UNROLL_LENGTH
                      and jax_probes.body_equations(eqn) <= MAX_UNROLL_BODY]
        if not candidates:
            return
        leaves = jax_probes.flat_arguments(ji, args, kwargs)
        if len(leaves) != len(closed.in_avals) or any(
                getattr(leaf, "shape", ()) != aval.shape
                for leaf, aval in zip(leaves, closed.in_avals)):
            return
        timed = []
        self.local.inside = self.probing = True
        try:
            for index, eqn in candidates:
                site = self.scan_site(eqn)
                if site is None:
                    continue
                seconds = jax_probes.unroll_timings(closed, index, leaves)
                timed.append({"path": site[0], "line": site[1],
                              "length": int(eqn.params["length"]),
                              "body": jax_probes.body_equations(eqn),
                              "seconds": {str(k): s for k, s in seconds.items()}})
        except Exception as error:
            self.problem(f"--bench-fixes: a scan could not be timed at other unrolls: "
                         f"{type(error).__name__}: {str(error)[:200]}")
        finally:
            self.local.inside = self.probing = False
        if timed:
            record["unrolls"] = timed

    def reversed_while(self, traceback) -> None:
        """Reverse mode met a `while_loop` (jax raises next): the loop's line, from the
        equation's traceback, and the line that asked for the gradient."""
        frames = self.frames(traceback)
        if not frames:
            return
        self.reverse_errors.append({"test": self.test, "path": frames[-1][0],
                                    "line": frames[-1][1], "grad_site": self.call_site()})

    def carry_changed(self, name: str, text: str) -> None:
        """A loop body returned a carry of other types than its input (jax raises next)."""
        import jax

        site = self.call_site()
        if site is None:
            return
        self.carry_errors.append({
            "test": self.test, "loop": name, "path": site[0], "line": site[1],
            "differences": jax_probes.carry_differences(text)[:4],
            "x64": bool(jax.config.jax_enable_x64)})

    def record(self, fun, ji, args, kwargs, pjit_params, trips_before, iterations_before) -> dict:
        from jax._src import core

        jaxpr = pjit_params.params["jaxpr"].jaxpr
        total, lines = self.equations(jaxpr)
        bodies = sum(1 for eqn in jaxpr.eqns if any(core.jaxprs_in_params(eqn.params)))
        trips = {k: n - trips_before.get(k, 0) for k, n in instrument.TRIPS.items()
                 if n != trips_before.get(k, 0)}
        iterations = {k: n - iterations_before.get(k, 0) for k, n in self.iterations.items()
                      if n != iterations_before.get(k, 0)}
        return {"test": self.test, "function": self.describe_function(fun),
                "new_object": self.first_sight(fun),
                "arguments": arguments(fun, ji, args, kwargs),
                "static_hashes": static_hashes(fun, ji, args, kwargs),
                "equations": total, "bodies": bodies, "lines": lines, "trips": trips,
                "iterations": iterations,
                "call_site": self.call_site(), "aot": ahead_of_time(),
                "trace_s": self.take_trace_s(), "lower_s": 0.0,
                "compile_s": 0.0, "compiled": False}

    def take_trace_s(self) -> float:
        seconds, self.last_trace_s = self.last_trace_s, 0.0
        return seconds

    def describe_function(self, fun) -> dict:
        target = unwrapped(fun)
        code = getattr(target, "__code__", None)
        name = getattr(target, "__qualname__", None) or getattr(target, "__name__", repr(target))
        if code is None or not self.is_project(code.co_filename):
            return {"name": str(name), "path": None, "line": None}
        return {"name": str(name), "path": code.co_filename, "line": code.co_firstlineno}

    def first_sight(self, fun) -> bool:
        try:
            new = fun not in self.seen_functions
            self.seen_functions[fun] = True
            return new
        except TypeError:  # not weakly referenceable: unknown
            return False

    def call_site(self) -> tuple | None:
        """The innermost project frame of the Python stack: where the tests called it."""
        frame = sys._getframe(2)
        while frame is not None:
            if self.is_project(frame.f_code.co_filename):
                return (frame.f_code.co_filename, frame.f_lineno)
            frame = frame.f_back
        return None

    # -- jax.monitoring -------------------------------------------------------------------------
    def duration(self, event: str, seconds: float, **kwargs) -> None:
        """The trace's event ends inside the wrapped trace, before its record exists; the
        lowering and compile events follow the trace they belong to."""
        field = EVENTS.get(event)
        if self.probing:
            return
        if field == "trace_s":
            self.last_trace_s += seconds
        elif field is not None and self.current is not None:
            self.current[field] += seconds
            if field == "compile_s":
                self.current["compiled"] = True

    def iterated(self, frame, length: int) -> None:
        """An iteration over a traced array written in the project (`sum(x)` there), not one
        inside jax that the project's line only called."""
        if self.is_project(frame.f_code.co_filename):
            self.iterations[f"{frame.f_code.co_filename}:{frame.f_lineno}"] += length

    def problem(self, text: str) -> None:
        if text not in self.problems:
            self.problems.append(text)

    def write(self, exitstatus: int, collected: int) -> None:
        data = {"exitstatus": exitstatus, "collected": collected,
                "failed": len(self.failed_tests),
                "failed_tests": self.failed_tests, "problems": self.problems,
                "not_instrumented": self.finder.failed,
                "compiles": [c for c in self.compiles if c["compiled"] or c["lines"]],
                "carry_errors": self.carry_errors,
                "reverse_errors": self.reverse_errors,
                "eager": list(self.eager.sites.values()),
                "loops": {k: list(v) for k, v in self.finder.spans.items()}}
        path = os.path.join(self.output, f"measure-{os.getpid()}.json")
        with open(path, "w", encoding="utf-8") as out:
            json.dump(data, out)


def line_at(code, lasti: int) -> int | None:
    for start, end, line in code.co_lines():
        if start <= lasti < end:
            return line
    return None


def unwrapped(fun):
    for _ in range(16):
        if isinstance(fun, functools.partial):
            fun = fun.func
        elif hasattr(fun, "__wrapped__"):
            fun = fun.__wrapped__
        else:
            return fun
    return fun


def named_arguments(fun, ji, args: tuple, kwargs: dict) -> list[tuple[str, object, bool]]:
    """(name, value, whether static) of each argument jit was given."""
    static = set(ji.static_argnums or ())
    static_names = set(ji.static_argnames or ())
    try:
        names = list(inspect.signature(fun).parameters)
    except (TypeError, ValueError):
        names = []
    named = [(names[index] if index < len(names) else f"argument {index}", value,
              index in static) for index, value in enumerate(args)]
    return named + [(name, value, name in static_names) for name, value in kwargs.items()]


def arguments(fun, ji, args: tuple, kwargs: dict) -> dict:
    """Argument name -> what jit traced it as: a static one's value, the others' shapes."""
    return {name: describe(value, static)
            for name, value, static in named_arguments(fun, ji, args, kwargs)}


def static_hashes(fun, ji, args: tuple, kwargs: dict) -> dict:
    """Static argument name -> its hash, which jit keys its cache on with `==`: a value
    rebuilt at each call (a new object of the same repr) shows here, not in its repr."""
    hashes = {}
    for name, value, static in named_arguments(fun, ji, args, kwargs):
        if static:
            try:
                hashes[name] = hash(value)
            except Exception:
                pass
    return hashes


# jax's functions behind `f.lower(...)` and `f.trace(...)` (jax 0.6 to 0.12): a trace the
# code asks for ahead of time (to read `memory_analysis()`, say), not a cache miss of a call.
AHEAD_OF_TIME = frozenset({"jit_lower", "jit_trace", "lower", "trace", "eval_shape"})


def ahead_of_time() -> bool:
    """Whether the trace under way comes from `.lower()`/`.trace()`, not from a call."""
    frame = sys._getframe(2)
    for _ in range(16):
        if frame is None:
            return False
        name = os.path.basename(frame.f_code.co_filename)
        if frame.f_code.co_name in AHEAD_OF_TIME and name in ("pjit.py", "stages.py", "api.py"):
            return True
        if frame.f_code.co_name == "cache_miss" and name == "pjit.py":
            return False
        frame = frame.f_back
    return False


def describe(value, static: bool) -> str:
    import jax

    try:
        if static:
            text = "static " + repr(value)
        else:
            text = str(jax.tree_util.tree_map(shape_of, value))
    except Exception as error:
        text = f"({type(error).__name__})"
    return text[:MAX_DESCRIPTION]


def shape_of(leaf) -> str:
    import jax

    try:
        aval = jax.typeof(leaf)
        # (`~`, as jax writes a weak type: a retrace for it alone is worth telling apart)
        return ("~" if getattr(aval, "weak_type", False) else "") + aval.str_short(
            short_dtypes=True)
    except Exception:
        return type(leaf).__name__


def install(book: Measurements) -> None:
    import jax
    from jax._src import core, pjit

    sys.meta_path.insert(0, book.finder)
    wrap_jit_trace(book, pjit)
    tracer_iter = core.Tracer.__iter__

    def measured_iter(self):
        iterator = tracer_iter(self)  # raises as it did for what cannot be iterated
        try:
            book.iterated(sys._getframe(1), len(self))
        except Exception:
            pass
        return iterator

    core.Tracer.__iter__ = measured_iter
    jax.monitoring.register_event_duration_secs_listener(book.duration)
    if not jax_probes.wrap_carry_type_check(book.carry_changed):
        book.problem("this jax has no carry type check to wrap: carry type changes are not "
                     "measured")
    book.misses = jax_probes.explain_cache_misses()
    if not jax_probes.wrap_while_transpose(book.reversed_while):
        book.problem("this jax has no while_loop transpose rule to wrap: gradients through "
                     "dynamic loops are not measured")
    if not jax_probes.wrap_eager_operations(book.eager):
        book.problem("this jax has no eager evaluation to wrap: operations dispatched one by "
                     "one under a transform are not measured")


def wrap_jit_trace(book: Measurements, pjit) -> None:
    """Wraps the function jit traces with: `_trace_for_jit`, returning the PjitParams, or in
    jax 0.6, which has no such function, `_infer_params_impl`, returning (PjitParams, the flat
    arguments)."""
    if not hasattr(pjit, "_trace_for_jit") and hasattr(pjit, "_infer_params_impl"):
        infer_params = pjit._infer_params_impl

        @functools.wraps(infer_params)
        def measured_infer(fun, ji, ctx_mesh, dbg, args, kwargs, *rest, **named):
            return book.traced(fun, ji, args, kwargs,
                               lambda: infer_params(fun, ji, ctx_mesh, dbg, args, kwargs,
                                                    *rest, **named),
                               params=lambda result: result[0])

        pjit._infer_params_impl = measured_infer
        return
    trace_for_jit = pjit._trace_for_jit

    @functools.wraps(trace_for_jit)
    def measured_trace(fun, ji, ctx_mesh, dbg, avals, args, kwargs):
        return book.traced(fun, ji, args, kwargs,
                           lambda: trace_for_jit(fun, ji, ctx_mesh, dbg, avals, args, kwargs))

    pjit._trace_for_jit = measured_trace


BOOK: Measurements | None = None


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config, parser, args):
    global BOOK
    request = launch_request(REQUEST_ENV) if BOOK is None else None
    if request is None:
        return
    BOOK = Measurements(request)
    try:
        install(BOOK)
    except Exception as error:  # jax changed: the tests still run, the report says why
        BOOK.problem(f"jax could not be instrumented: {type(error).__name__}: {error}")


pytest_runtest_logstart, pytest_runtest_logfinish = test_following_hooks(lambda: BOOK)


def pytest_runtest_logreport(report):
    if BOOK is not None and report.failed and report.nodeid not in BOOK.failed_tests:
        BOOK.failed_tests.append(report.nodeid)
    if BOOK is not None and report.when == "teardown":
        BOOK.eager.forget_frames()  # the frames it compares calls by, kept until then


def pytest_sessionfinish(session, exitstatus):
    if BOOK is not None:
        BOOK.write(int(exitstatus), session.testscollected)
