"""What the measuring plugin asks jax beyond counting equations (inside the pytest process,
so it may import jax; only `plugin.py` imports it). Each probe returns plain data for the
record, and none changes what the tests compute: re-traces and compiles are of copies.

- `scan_residuals`: in a traced gradient, the stacked values a forward `scan` hands to the
  reversed `scan` of its transpose (the residuals the gradient keeps, one per step), for
  scans outside a `jax.checkpoint`;
- `checkpointed_scans` and `temp_bytes`: the same function traced again with every `scan`
  body under `jax.checkpoint`, and XLA's temporary memory of both compiled programs;
- `unroll_timings`: a long `scan` with a small body compiled at `unroll=1` and a few `k` (the
  traced jaxpr with only that parameter changed) and run on the tests' arguments;
- `carry_type_errors`: jax's check that a loop body returns the carry's types, wrapped to
  record the loop, its line and what differed when it fails;
- `EagerDispatch`: each operation jax runs one by one outside `jit` while a transform
  (`vmap`, `grad`, `value_and_grad`, `jacfwd`/`jacrev`) is being called, counted and timed
  for the project line that called the transformed function;
- `CacheMissLog`: the explanations `jax_explain_cache_misses` logs, kept for the trace they
  explain instead of printed.
"""

from __future__ import annotations

import contextlib
import logging
import math
import time

CHECKPOINT_PRIMITIVES = ("checkpoint", "remat", "remat2")
UNROLLS = (1, 2, 4, 8, 16)
TIMED_RUNS = 5  # runs per unroll after its compile, interleaved; the fastest counts


def nbytes(aval) -> int:
    try:
        return int(math.prod(aval.shape)) * aval.dtype.itemsize
    except Exception:
        return 0


def scan_equations(jaxpr, found: list | None = None) -> list:
    """Every `scan` equation of ``jaxpr``, sub-jaxprs included, outermost first, except
    those inside a `jax.checkpoint`: what their gradient keeps lives only while the
    checkpointed region is recomputed, the bound the user chose (a chunked simulation,
    an outer scan over checkpointed inner ones)."""
    from jax._src import core

    found = [] if found is None else found
    for eqn in jaxpr.eqns:
        if eqn.primitive.name == "scan":
            found.append(eqn)
        if eqn.primitive.name in CHECKPOINT_PRIMITIVES:
            continue
        for sub in core.jaxprs_in_params(eqn.params):
            scan_equations(sub, found)
    return found


def parts(tree) -> tuple | None:
    """The parts of a tuple or of jax 0.12's FlatTree of them."""
    if isinstance(tree, tuple):
        return tree
    try:
        return tuple(tree.unpack())
    except Exception:
        return None


def leaf_count(tree) -> int:
    if isinstance(tree, tuple):
        return sum(leaf_count(t) for t in tree)
    try:
        return len(tree)  # a FlatTree: its leaves
    except TypeError:
        return 1


def scan_counts(eqn) -> tuple[int, int] | None:
    """A scan equation's (consts, carry) counts of its inputs, the carry being also the first
    outputs: `num_consts` and `num_carry` up to jax 0.10; from jax 0.12 the flat trees
    `ft_in` (consts, carry, xs) and `ft_out` (carry, ys). None when they do not add up."""
    params = eqn.params
    if "num_consts" in params and "num_carry" in params:
        return params["num_consts"], params["num_carry"]
    ft_in = parts(params.get("ft_in"))
    ft_out = parts(params.get("ft_out"))
    if ft_in and len(ft_in) == 3 and ft_out:
        consts, carry, xs = (leaf_count(part) for part in ft_in)
        if consts + carry + xs == len(eqn.invars) and leaf_count(ft_out[0]) == carry:
            return consts, carry
    return None


def scan_residuals(jaxpr, where) -> list[dict]:
    """The forward scans of a gradient and what they keep for its reverse pass: stacked
    outputs that a scan running the other way reads as its `xs`. ``where(eqn)`` is the scan's
    (path, line) in the project, or None. The carry a checkpointed body would keep instead is
    the stacked carry (one carry per step)."""
    scans = [(eqn, counts) for eqn in scan_equations(jaxpr)
             if (counts := scan_counts(eqn)) is not None]
    readers: dict[int, list] = {}
    for eqn, (consts, carry) in scans:
        for var in eqn.invars[consts + carry:]:
            readers.setdefault(id(var), []).append(eqn)
    found = []
    for eqn, (_, num_carry) in scans:
        params = eqn.params
        kept = [var for var in eqn.outvars[num_carry:]
                if any(r.params["reverse"] != params["reverse"] for r in readers.get(id(var), ()))]
        if not kept:
            continue
        place = where(eqn)
        if place is None:
            continue
        carry = sum(nbytes(v.aval) for v in eqn.outvars[:num_carry])
        found.append({"path": place[0], "line": place[1], "length": int(params["length"]),
                      "kept": sum(nbytes(v.aval) for v in kept),
                      "largest": max((v.aval.str_short(short_dtypes=True) for v in kept),
                                     key=len),
                      "carry": carry * int(params["length"])})
    return found


def _already_checkpointed(closed) -> bool:
    eqns = closed.jaxpr.eqns
    return any(e.primitive.name in CHECKPOINT_PRIMITIVES for e in eqns) and len(eqns) <= 2


@contextlib.contextmanager
def checkpointed_scans():
    """Within: every `scan` bound gets its body under `jax.checkpoint` (what
    `jax.checkpoint`-ing the scanned function does), bodies already checkpointed excepted."""
    import jax
    from jax._src import core
    from jax._src.lax.control_flow import loops

    primitive = loops.scan_p
    real = primitive.bind

    def bind(*args, **params):
        closed = params.get("jaxpr")
        if closed is not None and not _already_checkpointed(closed):
            structs = [jax.ShapeDtypeStruct(a.shape, a.dtype, weak_type=a.weak_type)
                       for a in closed.in_avals]
            params["jaxpr"] = jax.make_jaxpr(jax.checkpoint(core.jaxpr_as_fun(closed)))(*structs)
        return real(*args, **params)

    primitive.bind = bind
    try:
        yield
    finally:
        del primitive.bind


def jitted_copy(fun, ji):
    """A new function object calling ``fun`` (so that jit's caches, keyed on the function,
    trace it afresh), jitted with ``ji``'s static arguments."""
    import jax

    def copy(*args, **kwargs):
        return fun(*args, **kwargs)

    return jax.jit(copy, static_argnums=ji.static_argnums or (),
                   static_argnames=ji.static_argnames or ())


def temp_bytes(fun, ji, args, kwargs, checkpointed: bool) -> int | None:
    """XLA's temporary memory for the compiled ``fun`` on these arguments (None where the
    backend does not say)."""
    with checkpointed_scans() if checkpointed else contextlib.nullcontext():
        lowered = jitted_copy(fun, ji).lower(*args, **kwargs)
    analysis = lowered.compile().memory_analysis()
    value = getattr(analysis, "temp_size_in_bytes", None)
    return int(value) if value is not None else None


def body_equations(eqn) -> int:
    from jax._src import core

    def count(jaxpr):
        return sum(1 + sum(count(s) for s in core.jaxprs_in_params(e.params))
                   for e in jaxpr.eqns)

    return count(eqn.params["jaxpr"].jaxpr)


def with_unroll(closed, index: int, unroll: int):
    """``closed`` with its top-level equation ``index`` (a scan) unrolled ``unroll`` times."""
    from jax._src import core

    eqns = list(closed.jaxpr.eqns)
    eqns[index] = eqns[index].replace(params={**eqns[index].params, "unroll": unroll})
    inner = closed.jaxpr.replace(eqns=eqns)
    if closed.jaxpr is closed:  # jax 0.12: a Jaxpr holds its consts, no ClosedJaxpr
        return inner
    return core.ClosedJaxpr(inner, closed.consts)


def flat_arguments(ji, args, kwargs) -> list:
    import jax

    static = set(ji.static_argnums or ())
    static_names = set(ji.static_argnames or ())
    dynamic = [a for i, a in enumerate(args) if i not in static]
    named = {k: v for k, v in kwargs.items() if k not in static_names}
    return jax.tree_util.tree_leaves((dynamic, named))


def unroll_timings(closed, index: int, leaves: list) -> dict[int, float]:
    """Seconds per run of the compiled program at each unroll (the fastest of a few runs,
    the unrolls interleaved so that a slow moment hits them all)."""
    import jax
    from jax._src import core

    compiled = {}
    for k in UNROLLS:
        compiled[k] = jax.jit(core.jaxpr_as_fun(with_unroll(closed, index, k))).lower(
            *leaves).compile()
        jax.block_until_ready(compiled[k](*leaves))
    best = {k: math.inf for k in UNROLLS}
    for _ in range(TIMED_RUNS):
        for k, run in compiled.items():
            started = time.perf_counter()
            jax.block_until_ready(run(*leaves))
            best[k] = min(best[k], time.perf_counter() - started)
    return best


def wrap_carry_type_check(record) -> bool:
    """jax's `_check_carry_type(name, body_fun, in_carry, out_carry)` wrapped: when it raises
    that the carry changed type, ``record(name, message)`` is called and the error raised
    as it was. False where this jax has no such function."""
    from jax._src.lax.control_flow import loops

    check = getattr(loops, "_check_carry_type", None)
    if check is None:
        return False

    def measured_check(name, *args, **kwargs):
        try:
            return check(name, *args, **kwargs)
        except TypeError as error:
            text = str(error)
            if "must have equal types" in text:
                try:
                    record(str(name), text)
                except Exception:
                    pass
            raise

    loops._check_carry_type = measured_check
    return True


def carry_differences(text: str) -> list[str]:
    """The differing components of jax's carry error, one sentence each."""
    body = text.split("but they differ:", 1)[-1].split("Revise the function", 1)[0]
    body = body.split("This might be fixed by", 1)[0]
    parts = [" ".join(p.strip(" *;.\n").split()) for p in body.replace("\n", " ").split(";")]
    return [p[0].lower() + p[1:] for p in parts if p]


class CacheMissLog(logging.Filter):
    """Catches jax's "TRACING CACHE MISS" explanations; passes them on (printed) only when
    the user had `jax_explain_cache_misses` on before the run."""

    def __init__(self, shown: bool) -> None:
        super().__init__()
        self.shown = shown
        self.caught: list[str] = []

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            text = record.getMessage()
        except Exception:
            return True
        if "CACHE MISS" not in text:
            return True
        self.caught.append(text)
        return self.shown

    def take(self) -> list[str]:
        caught, self.caught = self.caught, []
        return caught


CACHE_MISS_LOGGERS = ("jax._src.interpreters.partial_eval", "jax._src.pjit",
                      "jax._src.linear_util", "jax._src.util", "jax._src.dispatch")


def explain_cache_misses() -> CacheMissLog | None:
    """Turns on `jax_explain_cache_misses` and keeps its explanations; None where this jax
    has no such option."""
    import jax

    try:
        shown = bool(jax.config.jax_explain_cache_misses)
    except AttributeError:
        return None
    log = CacheMissLog(shown)
    for name in CACHE_MISS_LOGGERS:
        logging.getLogger(name).addFilter(log)
    jax.config.update("jax_explain_cache_misses", True)
    return log


NOT_REASONS = ("found differences at positions", "compare to tuple", "types now:",
               "where weak_type", "weak_type=False means", "See https")


def miss_reason(texts: list[str], path: str | None, line: int | None) -> str | None:
    """The explanation of the miss of the function defined at ``path:line`` (the last one
    logged for it, jax explaining the outer trace after the inner ones), condensed to jax's
    reason for the closest earlier key, in a line. jax words it by release: 0.10 and 0.12
    `Tracing context doesn't match, e.g. due to config or context manager.` then
    `* jax_default_matmul_precision differs: now float32 and before bfloat16`; 0.6
    `* key with different tracing context, ...` then `[7]: now float32 and before bfloat16`
    (and `* key with different input types:` for what 0.10 calls `different input types:`)."""
    chosen = None
    for text in texts:
        if path and f"{path}:{line}" in text:
            chosen = text
    if chosen is None:
        return None
    rows = [row.strip() for row in chosen.splitlines()[1:] if row.strip()]
    if any(row.startswith("never seen function") for row in rows):
        # said of a new function object, but also of each new value of a static argument
        # (jit binds those into a new function): what the arguments show says it better
        return None
    kept: list[str] = []
    for row in rows[2:]:  # after "for f defined at ..." and "all previously seen ..."
        row = row.split("https://")[0].lstrip("* ").strip()
        if row.startswith("key with "):
            if kept:
                break  # a second closest key: the first says enough
            row = row[len("key with "):]
        if row and not row.startswith(NOT_REASONS):
            kept.append(row.rstrip(":."))
    return "jax: " + "; ".join(kept) if kept else None


# The frames of jax's transforms: a call of the function they return runs in one of these.
TRANSFORM_FRAMES = {"vmap_f": "vmap", "grad_f": "grad", "grad_f_aux": "grad",
                    "value_and_grad_f": "value_and_grad", "jacfun": "jacobian"}


class EagerDispatch:
    """Operations dispatched one by one (outside `jit`) under a transform. Per (test, call
    site): the operations, the calls of the transformed function (a new call when the
    transform's frame is a new one), their seconds, and the transform."""

    def __init__(self, is_project, test) -> None:
        self.is_project = is_project
        self.test = test  # () -> the running test's id
        self.sites: dict[tuple, dict] = {}
        self.last_frame: dict[tuple, object] = {}

    def site(self, frame):
        """The outermost transform whose call this operation runs in, its frame, and the
        project line that called it; None outside any."""
        found = None
        while frame is not None:
            code = frame.f_code
            name = TRANSFORM_FRAMES.get(code.co_name)
            if name is not None and "jax" in code.co_filename:
                caller = frame.f_back
                while caller is not None and not self.is_project(caller.f_code.co_filename):
                    caller = caller.f_back
                found = (name, frame, caller) if caller is not None else None
            frame = frame.f_back
        if found is None:
            return None
        name, outer, caller = found
        return name, outer, (caller.f_code.co_filename, caller.f_lineno)

    def dispatched(self, frame, seconds: float) -> None:
        found = self.site(frame)
        if found is None:
            return
        transform, outer, (path, line) = found
        key = (self.test(), path, line)
        entry = self.sites.setdefault(key, {"test": key[0], "path": path, "line": line,
                                            "transform": transform, "operations": 0,
                                            "calls": 0, "seconds": 0.0})
        entry["operations"] += 1
        entry["seconds"] += seconds
        if self.last_frame.get(key) is not outer:
            self.last_frame[key] = outer
            entry["calls"] += 1

    def forget_frames(self) -> None:
        self.last_frame.clear()


def wrap_eager_operations(dispatch: EagerDispatch) -> bool:
    """jax's `EvalTrace.process_primitive` (every operation run outside `jit`: each
    primitive's implementation was bound at import, so `dispatch.apply_primitive` itself
    cannot be wrapped) wrapped to time and attribute it. False where there is none."""
    import sys

    from jax._src import core

    trace = getattr(core, "EvalTrace", None)
    process = getattr(trace, "process_primitive", None)
    if process is None:
        return False

    def measured_process(self, primitive, *rest, **named):
        started = time.perf_counter()
        try:
            return process(self, primitive, *rest, **named)
        finally:
            try:
                dispatch.dispatched(sys._getframe(1), time.perf_counter() - started)
            except Exception:
                pass

    trace.process_primitive = measured_process
    return True


def wrap_while_transpose(record) -> bool:
    """jax's transpose rule of `while_loop` (it only raises: reverse mode cannot run a loop
    whose trip count is not known, a `while_loop` or a `fori_loop` with traced bounds)
    wrapped: ``record(traceback)`` gets the loop equation's traceback (jax's backward pass
    sets it as the current source info while it runs the rule), then the error is raised as
    it was. False where this jax has no such rule."""
    from jax._src import source_info_util
    from jax._src.interpreters import ad
    from jax._src.lax.control_flow import loops

    primitive = getattr(loops, "while_p", None)
    rule = ad.primitive_transposes.get(primitive) if primitive is not None else None
    if rule is None:
        return False

    def measured_rule(*args, **kwargs):
        try:
            return rule(*args, **kwargs)
        except ValueError:
            try:
                record(source_info_util.current().traceback)
            except Exception:
                pass
            raise

    ad.primitive_transposes[primitive] = measured_rule
    return True
