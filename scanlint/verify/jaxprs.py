"""A call's jaxpr, as data two versions can compare; its optimised HLO and its timing.
Runs inside the verify session (jax is imported here only there).

Under `jit` the arguments' array leaves (NumPy and jax arrays and scalars, Python floats and
complexes) are traced and every other leaf (Python ints, bools, strings, callables, ...) is
closed over, i.e. static, as `static_argnums` would make it. The jaxpr's printed text names
variables in order of appearance, so equal structure prints equal; function names and object
addresses are dropped, and the session's own markers (`jax.debug.callback`s it planted to see
what ran) are taken out, with everything under them, before printing.
"""

from __future__ import annotations

import base64
import hashlib
import re
import statistics
import sys
import time

_NAME_PARAM = re.compile(r"\bname=[^\s\]]+")
_ADDRESS = re.compile(r" at 0x[0-9a-fA-FX]+")


class Planted:
    """A marker a session puts into a traced program (runtime.py): left out of jaxprs."""


class StaticSplit:
    """A call with its traceable leaves as the only arguments (the rest closed over)."""

    def __init__(self, func, args, kwargs, static_floats: bool = False) -> None:
        import jax

        self.func = func
        self.leaves, self.treedef = jax.tree_util.tree_flatten((args, kwargs))
        self.traced = [i for i, leaf in enumerate(self.leaves) if traceable(leaf, static_floats)]

    def dynamic(self) -> list:
        return [abstract(self.leaves[i]) for i in self.traced]

    def __call__(self, *values):
        import jax

        leaves = list(self.leaves)
        for i, value in zip(self.traced, values):
            leaves[i] = value
        args, kwargs = jax.tree_util.tree_unflatten(self.treedef, leaves)
        return self.func(*args, **kwargs)

    def signature(self) -> str:
        """`f32[3], f32[] (weak); static: 4, 'mean'` for messages and the proof's scope."""
        traced = set(self.traced)
        shapes = [aval_text(abstract(self.leaves[i])) for i in self.traced]
        static = [short_repr(leaf) for i, leaf in enumerate(self.leaves)
                  if i not in traced and not callable(leaf)]
        return ", ".join(shapes) + (f"; static: {', '.join(static)}" if static else "")


def traceable(leaf, static_floats: bool) -> bool:
    import jax
    import numpy as np

    if isinstance(leaf, (jax.Array, np.ndarray, np.generic, jax.ShapeDtypeStruct)) or \
            isinstance(leaf, jax.core.Tracer):
        return True
    return isinstance(leaf, (float, complex)) and not static_floats


def abstract(leaf):
    """A tracer (a call made inside someone else's transformation) as its shape and dtype."""
    import jax

    if isinstance(leaf, jax.core.Tracer):
        aval = leaf.aval
        return jax.ShapeDtypeStruct(aval.shape, aval.dtype, weak_type=aval.weak_type)
    return leaf


def aval_text(leaf) -> str:
    import numpy as np

    if isinstance(leaf, (float, complex)):  # traced as a weak-typed scalar
        import jax.numpy as jnp

        return f"{jnp.asarray(leaf).dtype}[] (weak)"
    dtype = getattr(leaf, "dtype", None)
    if dtype is None:
        return type(leaf).__name__
    shape = ",".join(str(d) for d in np.shape(leaf)) if not hasattr(leaf, "shape") \
        else ",".join(str(d) for d in leaf.shape)
    weak = getattr(getattr(leaf, "aval", leaf), "weak_type", False)
    return f"{np.dtype(dtype).name if not str(dtype).startswith('key') else dtype}[{shape}]" + \
        (" (weak)" if weak else "")


def short_repr(value, limit: int = 40) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    text = _ADDRESS.sub("", text)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def canonical_jaxpr(func, args, kwargs) -> dict:
    """{"text", "consts", "signature"} of ``func(*args, **kwargs)`` with array leaves traced;
    when the function needs its Python floats concrete (a tolerance in an `if`), with them
    static. {"error": ...} when it cannot be traced."""
    import jax

    last = None
    for static_floats in (False, True):
        split = StaticSplit(func, args, kwargs, static_floats)
        try:
            closed = jax.make_jaxpr(split)(*split.dynamic())
        except BaseException as error:  # user code: anything can happen
            last = error
            if not isinstance(error, jax.errors.ConcretizationTypeError):
                break
            continue
        closed = strip_planted(closed)
        text = _ADDRESS.sub("", _NAME_PARAM.sub("name=_", str(closed.jaxpr)))
        return {"text": text, "consts": [array_digest(c) for c in all_consts(closed)],
                "signature": split.signature(), "static_floats": static_floats,
                "host": host_callbacks(closed.jaxpr)}
    return {"error": describe(last)}


def array_digest(value) -> list:
    import jax
    import numpy as np

    if isinstance(value, jax.Array) and jax.dtypes.issubdtype(value.dtype, jax.dtypes.prng_key):
        value = jax.random.key_data(value)
    array = np.asarray(value)
    return [str(array.dtype), list(array.shape),
            hashlib.sha256(np.ascontiguousarray(array).tobytes()).hexdigest()]


def all_consts(closed) -> list:
    found = list(closed.consts)
    for eqn in closed.jaxpr.eqns:
        for sub in sub_jaxprs(eqn.params):
            if hasattr(sub, "consts"):
                found.extend(all_consts(sub))
    return found


def sub_jaxprs(params: dict) -> list:
    found = []
    for value in params.values():
        for item in value if isinstance(value, (list, tuple)) else (value,):
            if hasattr(item, "eqns") or hasattr(item, "jaxpr") and hasattr(item, "consts"):
                found.append(item)
    return found


def host_callbacks(jaxpr) -> list[str]:
    """The host callbacks left in a jaxpr (`pure_callback`, `io_callback`, the user's
    `debug.callback`): the jaxpr names their Python function, not what it computes, so equal
    jaxprs prove nothing of them."""
    found = []
    for eqn in jaxpr.eqns:
        if "callback" in eqn.primitive.name:
            found.append(eqn.primitive.name)
        for sub in sub_jaxprs(eqn.params):
            found += host_callbacks(getattr(sub, "jaxpr", sub))
    return found


def is_planted(eqn) -> bool:
    """A `debug_callback` the session planted: its callback holds one of the session's
    markers (jax keeps the user's function in the closure of the one it stages)."""
    if eqn.primitive.name != "debug_callback":
        return False
    stack, seen = [eqn.params.get("callback")], 0
    while stack and seen < 16:
        item, seen = stack.pop(), seen + 1
        if isinstance(item, Planted):
            return True
        for cell in getattr(item, "__closure__", None) or ():
            try:
                stack.append(cell.cell_contents)
            except ValueError:
                pass
        stack.extend(getattr(item, attr) for attr in ("func", "__wrapped__")
                     if hasattr(item, attr))
    return False


def strip_planted(closed):
    """``closed`` without the session's markers, at every depth."""
    return closed.replace(jaxpr=strip_jaxpr(closed.jaxpr))


def strip_jaxpr(jaxpr):
    eqns = []
    for eqn in jaxpr.eqns:
        if is_planted(eqn):
            continue
        params = {key: strip_param(value) for key, value in eqn.params.items()}
        eqns.append(eqn.replace(params=params) if params != eqn.params else eqn)
    return jaxpr.replace(eqns=eqns)


def strip_param(value):
    if isinstance(value, tuple):
        stripped = tuple(strip_param(item) for item in value)
        return stripped if any(a is not b for a, b in zip(stripped, value)) else value
    if hasattr(value, "jaxpr") and hasattr(value, "consts"):
        return strip_planted(value)
    if hasattr(value, "eqns") and hasattr(value, "invars"):
        return strip_jaxpr(value)
    return value


def optimized_hlo(func, args, kwargs) -> dict:
    import jax

    try:
        split = StaticSplit(func, args, kwargs)
        compiled = jax.jit(split).lower(*split.dynamic()).compile()
        module = compiled.runtime_executable().hlo_modules()[0]
        options = hlo_print_options(module).canonical()
        options.print_large_constants = True
        options.print_metadata = False
        text = module.to_string(options)
        return {"text": re.sub(r"^HloModule \S+", "HloModule _", text)}
    except BaseException as error:
        return {"error": describe(error)}


def hlo_print_options(module) -> type:
    """jaxlib's HloPrintOptions, which jax gives no public name: it is defined beside
    HloModule, which moved (jaxlib._jax in jax 0.6, jaxlib._hlo in 0.10 and 0.12)."""
    return sys.modules[type(module).__module__].HloPrintOptions


def bench(func, args, kwargs, calls: int) -> dict:
    """The cached jitted call's median time (warm-up, then ``calls`` calls with
    `block_until_ready`, median of 5 repeats) and trace+compile measured cold."""
    import jax

    try:
        split = StaticSplit(func, args, kwargs)
        values = split.dynamic()
        jax.clear_caches()  # the call was traced and compiled already: time it cold
        start = time.perf_counter()
        jitted = jax.jit(split)
        jitted.lower(*values).compile()
        compile_seconds = time.perf_counter() - start
        jax.block_until_ready(jitted(*values))
        per_call = []
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(calls):
                jax.block_until_ready(jitted(*values))
            per_call.append((time.perf_counter() - start) / calls)
        return {"per_call": statistics.median(per_call), "compile": compile_seconds}
    except BaseException as error:
        return {"error": describe(error)}


def describe(error: BaseException) -> str:
    """`Type: message` (first line), without notes such as JAX's traceback-filtering hint."""
    message = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return f"{type(error).__name__}: {message}"[:2000]


def small_bytes(array) -> str | None:
    """The bytes of a small array (for the size of a difference in messages)."""
    return base64.b64encode(array.tobytes()).decode("ascii") if array.nbytes <= 4096 else None
