"""Runs inside the verify subprocess: imports the user's module and jax, calls the entry
points jitted and eagerly, and writes what they returned (and their jaxprs) as JSON.

With `recorder.py` (the pytest plugin of `verify --pytest`), the only place scanlint imports
jax or runs user code. Usage (internal):
    python -m scanlint.verify.child REQUEST.json RESULT.json
"""

from __future__ import annotations

import ast
import base64
import contextlib
import dataclasses
import importlib
import json
import os
import pickle
import re
import statistics
import sys
import time

from scanlint.verify.coverage import LineRecorder


def main(request_path: str, result_path: str) -> int:
    with open(request_path, encoding="utf-8") as handle:
        request = json.load(handle)
    variant = request.get("variant", "")
    if variant == "x64":
        os.environ["JAX_ENABLE_X64"] = "1"
    result: dict = {"entries": {}, "error": None}
    lines = LineRecorder(request["module"]["path"])
    lines.start()
    try:
        try:
            namespace = load_module(request, lines)
        except BaseException as error:  # user code: anything can happen
            result["error"] = f"cannot import {request['module']['name']}: {describe(error)}"
            write(result_path, result)
            return 0
        result["import"] = {"ran": sorted(lines.take()),
                            **module_state(namespace, request["module"]["name"])}
        for entry in request["entries"]:
            try:
                result["entries"][entry["label"]] = run_entry(namespace, entry, request, variant,
                                                              lines)
            except BaseException as error:  # the recorded jax flags could not be set, ...
                result["entries"][entry["label"]] = {"error": f"cannot run it: {describe(error)}"}
    finally:
        lines.stop()
    write(result_path, result)
    return 0


def module_state(namespace: dict, module: str) -> dict:
    """The module's data after its import ran (its functions, classes and imports left out:
    they are code, judged where they run)."""
    from scanlint.verify.effects import encode_state

    data = {name: value for name, value in namespace.items()
            if not name.startswith("__") and not is_code(value)}
    state, opaque = encode_state(module, data)
    return {"state": state, "opaque": opaque}


def is_code(value) -> bool:
    import functools
    import types

    return (isinstance(value, (types.ModuleType, type, types.FunctionType, types.MethodType,
                               types.BuiltinFunctionType, functools.partial))
            or (callable(value) and getattr(value, "__wrapped__", None) is not None))


def write(path: str, result: dict) -> None:
    with open(path, "w", encoding="utf-8") as out:
        json.dump(result, out)


def describe(error: BaseException) -> str:
    """`Type: message` (first line), without notes such as JAX's traceback-filtering hint."""
    message = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return f"{type(error).__name__}: {message}"[:2000]


def load_module(request: dict, lines: LineRecorder) -> dict:
    """The version's namespace, imported under the module's real name: the package's
    `__init__` and the tests' modules import this version too. ``lines`` watches its code."""
    from scanlint.verify.loading import ModuleLocation, ModuleSource, SourceFinder

    location = ModuleLocation(**request["module"])
    if location.name in sys.modules:
        raise ImportError(f"a module named {location.name} is already loaded by the checker")
    sys.path.insert(0, location.import_root)
    sys.path.extend(p for p in request.get("sys_path", []) if p not in sys.path)

    def watched(source: str, path: str):
        code = compile(source, path, "exec", dont_inherit=True)
        lines.watch(code)
        return code

    SourceFinder({location.name: ModuleSource(location, request["source"],
                                              compile=watched)}).install()
    return vars(importlib.import_module(location.name))


def parse_call(call: str, namespace: dict):
    """`run(s0, a, 0.01)` -> (function, args, kwargs), evaluated in the module's namespace."""
    expr = ast.parse(call.strip(), mode="eval").body
    if not isinstance(expr, ast.Call):
        raise ValueError(f"not a call: {call!r}")

    def value(node):
        return eval(compile(ast.Expression(node), "<call>", "eval"), namespace)

    args = [value(a) for a in expr.args]
    kwargs = {k.arg: value(k.value) for k in expr.keywords}
    return value(expr.func), args, kwargs


def cast_inputs(args, kwargs, variant: str):
    if variant not in ("float16", "bfloat16", "x64"):
        return args, kwargs
    import jax
    import jax.numpy as jnp
    import numpy as np

    target = {"float16": jnp.float16, "bfloat16": jnp.bfloat16, "x64": jnp.float64}[variant]

    def cast(leaf):
        if isinstance(leaf, float):
            return jnp.asarray(leaf, dtype=target)
        if hasattr(leaf, "dtype") and np.issubdtype(np.dtype(leaf.dtype), np.floating):
            return jnp.asarray(leaf, dtype=target)
        return leaf

    return jax.tree_util.tree_map(cast, (args, kwargs))


@dataclasses.dataclass
class Call:
    """A replayed call, freshly built: the function, its arguments, and for a function reached
    through an object the tests built (an instance, a factory's result) that object."""

    func: object
    args: tuple
    kwargs: dict
    root: object = None


def run_entry(namespace: dict, entry: dict, request: dict, variant: str,
              lines: LineRecorder) -> dict:
    """Each mode: the output, what the call left in the objects it was given or reached, and
    which lines of the module ran (building the call included)."""
    out: dict = {"call": entry.get("call") or entry["label"]}
    module = request["module"]["name"]
    with recorded_config(entry.get("config") or {}, variant):
        try:
            prepare = preparer(namespace, entry, variant)
            lines.take()
            call = prepare()
        except BaseException as error:
            out["error"] = f"cannot prepare the call: {describe(error)}"
            return out
        split = None
        for mode in ("jit", "eager"):
            try:
                if mode == "eager":
                    lines.take()
                    call = prepare()  # fresh inputs: a call may change its arguments
                before = call_state(module, call)
                if mode == "jit":
                    out[mode], split = run_jitted(call.func, call.args, call.kwargs)
                else:
                    out[mode] = run_eager(call)
                out[mode]["state"] = state_change(before, call_state(module, call))
            except BaseException as error:
                out[mode] = {"error": describe(error)}
            out[mode]["ran"] = sorted(lines.take())
        try:
            out["jaxpr"] = canonical_jaxpr(split.jaxpr())
        except BaseException as error:
            out["jaxpr"] = {"error": describe(error)}
        if request.get("hlo"):
            out["hlo"] = optimized_hlo(split)
        if request.get("bench"):
            out["bench"] = bench(split, request.get("bench_calls", 200))
    return out


def run_eager(call: Call) -> dict:
    try:
        return encode_tree(call.func(*call.args, **call.kwargs))
    except BaseException as error:
        return {"error": describe(error)}


def call_state(module: str, call: Call) -> dict:
    """The arguments and the object the function was reached through, encoded."""
    from scanlint.verify.effects import encode_state

    state, opaque = encode_state(module, (call.args, call.kwargs, call.root))
    return {"state": state, "opaque": opaque}


def state_change(before: dict, after: dict) -> dict:
    """What the call changed: None when its arguments and its object are as they were; the
    object as it was built (compared too: building it ran the module's code); and where the
    state cannot be compared."""
    changed = None if after["state"] == before["state"] else after["state"]
    return {"built": before["state"][1][2], "changed": changed,
            "opaque": sorted(set(before["opaque"]) | set(after["opaque"]))}


def preparer(namespace: dict, entry: dict, variant: str):
    """A function giving a fresh Call for the entry each time it is called."""
    if entry.get("call") is not None:
        def from_call():
            func, args, kwargs = parse_call(entry["call"], namespace)
            return Call(func, *cast_inputs(args, kwargs, variant))
        return from_call
    data = base64.b64decode(entry["recorded"])
    reach = entry.get("reach")
    if reach is None:
        func = resolve(namespace, entry["function"])

        def from_recording():
            args, kwargs = pickle.loads(data)
            return Call(func, *cast_inputs(args, kwargs, variant))
        return from_recording
    maker = resolve(namespace, reach["root"])
    made_with = base64.b64decode(reach["data"])

    def from_reach():
        root_args, root_kwargs = pickle.loads(made_with)
        root = maker(*root_args, **root_kwargs)
        args, kwargs = pickle.loads(data)
        return Call(walk(root, reach["path"]), *cast_inputs(args, kwargs, variant), root)
    return from_reach


def walk(value, path: list):
    """Follow ``path`` ([kind, key] steps: attribute, index, key) from ``value``."""
    for kind, key in path:
        value = getattr(value, key) if kind == "attr" else value[key]
    return value


def resolve(namespace: dict, qualname: str):
    """`f` or `Class.method` in the module; a method as the function under its descriptor
    (the recorded arguments hold `self` or `cls` when it takes one)."""
    owner, _, name = qualname.rpartition(".")
    if not owner:
        return namespace[name]
    cls = namespace[owner]
    raw = vars(cls).get(name)
    if isinstance(raw, (staticmethod, classmethod)):
        return raw.__func__
    return raw if callable(raw) else getattr(cls, name)


@contextlib.contextmanager
def recorded_config(config: dict, variant: str):
    """The jax flags in force when the test made the call (x64 and matmul precision change
    results); the x64 variant keeps its own."""
    import jax

    if variant == "x64":
        config = {k: v for k, v in config.items() if k != "jax_enable_x64"}
    before = {name: getattr(jax.config, name) for name in config}
    for name, value in config.items():
        jax.config.update(name, value)
    try:
        yield
    finally:
        for name, value in before.items():
            jax.config.update(name, value)


class StaticSplit:
    """A call under `jit` as users write one: the arguments' array leaves (NumPy and jax
    arrays and scalars, Python floats and complexes) are traced, every other leaf (Python
    ints, bools, strings, callables, ...) is closed over, i.e. static, as `static_argnums`
    would make it; a leaf nested in a tuple with arrays stays static too."""

    def __init__(self, func, args, kwargs, static_floats: bool = False) -> None:
        import jax

        self.func = func
        self.leaves, self.treedef = jax.tree_util.tree_flatten((args, kwargs))
        self.traced = [i for i, leaf in enumerate(self.leaves) if traceable(leaf, static_floats)]
        self.static_floats = static_floats

    def dynamic(self) -> list:
        return [self.leaves[i] for i in self.traced]

    def __call__(self, *values):
        import jax

        leaves = list(self.leaves)
        for i, value in zip(self.traced, values):
            leaves[i] = value
        args, kwargs = jax.tree_util.tree_unflatten(self.treedef, leaves)
        return self.func(*args, **kwargs)

    def jit(self):
        import jax

        return jax.jit(self)

    def jaxpr(self):
        import jax

        return jax.make_jaxpr(self)(*self.dynamic())


def traceable(leaf, static_floats: bool) -> bool:
    import jax
    import numpy as np

    if isinstance(leaf, (jax.Array, np.ndarray, np.generic)):
        return True
    return isinstance(leaf, (float, complex)) and not static_floats


def run_jitted(func, args, kwargs) -> tuple[dict, StaticSplit]:
    """The jitted call's encoded result. Python floats are traced (weak-typed, as `jax.jit`
    traces them); when that fails because the function needs one concrete (a tolerance in an
    `if`), it runs again with them static, and the result says so."""
    import jax

    split = StaticSplit(func, args, kwargs)
    try:
        return encode_tree(split.jit()(*split.dynamic())), split
    except jax.errors.ConcretizationTypeError as error:
        if not any(isinstance(leaf, (float, complex)) for leaf in split.leaves):
            return {"error": describe(error)}, split
    except BaseException as error:
        return {"error": describe(error)}, split
    split = StaticSplit(func, args, kwargs, static_floats=True)
    try:
        return {**encode_tree(split.jit()(*split.dynamic())), "static_floats": True}, split
    except BaseException as error:
        return {"error": describe(error)}, split


def encode_tree(tree) -> dict:
    import jax
    import numpy as np

    treedef = jax.tree_util.tree_structure(tree)
    encoded = []
    for path, leaf in jax.tree_util.tree_flatten_with_path(tree)[0]:
        array = np.asarray(leaf)
        if array.dtype == object:  # a function, an object: no bits to compare
            encoded.append({"path": jax.tree_util.keystr(path), "type": type(leaf).__name__,
                            "opaque": True})
            continue
        aval = getattr(leaf, "aval", None)
        encoded.append({
            "path": jax.tree_util.keystr(path),
            "type": type(leaf).__name__,
            "dtype": str(array.dtype),
            "shape": list(array.shape),
            "weak_type": bool(getattr(aval, "weak_type", isinstance(leaf, (int, float, complex)))),
            "bytes": base64.b64encode(np.ascontiguousarray(array).tobytes()).decode("ascii"),
        })
    return {"treedef": str(treedef), "leaves": encoded}


_NAME_PARAM = re.compile(r"\bname=[^\s\]]+")


def canonical_jaxpr(closed) -> dict:
    """The jaxpr's text (variables are named in order of appearance, so equal structure
    prints equal) with function names dropped, and its consts by bytes, sub-jaxprs included."""
    import numpy as np

    text = _NAME_PARAM.sub("name=_", str(closed.jaxpr))
    consts = []
    for const in all_consts(closed):
        array = np.asarray(const)
        consts.append([str(array.dtype), list(array.shape),
                       base64.b64encode(np.ascontiguousarray(array).tobytes()).decode("ascii")])
    return {"text": text, "consts": consts}


def all_consts(closed) -> list:
    from jax.extend import core as jcore

    found = list(closed.consts)
    for eqn in closed.jaxpr.eqns:
        for param in eqn.params.values():
            for sub in param if isinstance(param, (list, tuple)) else (param,):
                if isinstance(sub, jcore.ClosedJaxpr):
                    found.extend(all_consts(sub))
    return found


def optimized_hlo(split: StaticSplit) -> dict:
    try:
        compiled = split.jit().lower(*split.dynamic()).compile()
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


def bench(split: StaticSplit, calls: int) -> dict:
    import jax

    def block(tree):
        for leaf in jax.tree_util.tree_leaves(tree):
            if hasattr(leaf, "block_until_ready"):
                leaf.block_until_ready()

    try:
        values = split.dynamic()
        # The entry was traced and compiled already (run, make_jaxpr): without clearing
        # jax's caches the trace, and often the compile, would be cache hits.
        jax.clear_caches()
        start = time.perf_counter()
        jitted = split.jit()
        compiled = jitted.lower(*values).compile()
        compile_seconds = time.perf_counter() - start
        block(jitted(*values))  # warm-up: the cached call is what we time
        per_call = []
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(calls):
                block(jitted(*values))
            per_call.append((time.perf_counter() - start) / calls)
        del compiled
        return {"per_call": statistics.median(per_call), "compile": compile_seconds}
    except BaseException as error:
        return {"error": describe(error)}


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
