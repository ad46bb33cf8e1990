"""Runs inside the verify subprocess: imports the user's module and jax, calls the entry
points jitted and eagerly, and writes what they returned (and their jaxprs) as JSON.

This is the only place scanlint imports jax or runs user code. Usage (internal):
    python -m scanlint.verify.child REQUEST.json RESULT.json
"""

from __future__ import annotations

import ast
import base64
import importlib.util
import json
import os
import re
import statistics
import sys
import time


def main(request_path: str, result_path: str) -> int:
    with open(request_path, encoding="utf-8") as handle:
        request = json.load(handle)
    variant = request.get("variant", "")
    if variant == "x64":
        os.environ["JAX_ENABLE_X64"] = "1"
    result: dict = {"entries": {}, "error": None}
    try:
        namespace = load_module(request["module"], request["module_name"])
    except BaseException as error:  # user code: anything can happen
        result["error"] = describe(error)
        write(result_path, result)
        return 0
    for entry in request["entries"]:
        result["entries"][entry["label"]] = run_entry(namespace, entry, request, variant)
    write(result_path, result)
    return 0


def write(path: str, result: dict) -> None:
    with open(path, "w", encoding="utf-8") as out:
        json.dump(result, out)


def describe(error: BaseException) -> str:
    """`Type: message` (first line), without notes such as JAX's traceback-filtering hint."""
    message = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return f"{type(error).__name__}: {message}"[:2000]


def load_module(path: str, name: str) -> dict:
    folder = os.path.dirname(os.path.abspath(path))
    sys.path.insert(0, folder)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return vars(module)


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


def run_entry(namespace: dict, entry: dict, request: dict, variant: str) -> dict:
    import jax

    out: dict = {"call": entry["call"]}
    try:
        func, args, kwargs = parse_call(entry["call"], namespace)
        args, kwargs = cast_inputs(args, kwargs, variant)
    except BaseException as error:
        out["error"] = f"cannot prepare the call: {describe(error)}"
        return out
    for mode in ("jit", "eager"):
        try:
            target = jax.jit(func) if mode == "jit" else func
            out[mode] = encode_tree(target(*args, **kwargs))
        except BaseException as error:
            out[mode] = {"error": describe(error)}
    try:
        closed = jax.make_jaxpr(func)(*args, **kwargs)
        out["jaxpr"] = canonical_jaxpr(closed)
    except BaseException as error:
        out["jaxpr"] = {"error": describe(error)}
    if request.get("hlo"):
        out["hlo"] = optimized_hlo(func, args, kwargs)
    if request.get("bench"):
        out["bench"] = bench(func, args, kwargs, request.get("bench_calls", 200))
    return out


def encode_tree(tree) -> dict:
    import jax
    import numpy as np

    treedef = jax.tree_util.tree_structure(tree)
    encoded = []
    for path, leaf in jax.tree_util.tree_flatten_with_path(tree)[0]:
        array = np.asarray(leaf)
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


def optimized_hlo(func, args, kwargs) -> dict:
    import jax

    try:
        compiled = jax.jit(func).lower(*args, **kwargs).compile()
        module = compiled.runtime_executable().hlo_modules()[0]
        from jaxlib import _hlo

        options = _hlo.HloPrintOptions.canonical()
        options.print_large_constants = True
        options.print_metadata = False
        text = module.to_string(options)
        return {"text": re.sub(r"^HloModule \S+", "HloModule _", text)}
    except BaseException as error:
        return {"error": describe(error)}


def bench(func, args, kwargs, calls: int) -> dict:
    import jax

    def block(tree):
        for leaf in jax.tree_util.tree_leaves(tree):
            if hasattr(leaf, "block_until_ready"):
                leaf.block_until_ready()

    try:
        # The entry was traced and compiled already (run, make_jaxpr): without clearing
        # jax's caches the trace, and often the compile, would be cache hits.
        jax.clear_caches()
        start = time.perf_counter()
        jitted = jax.jit(func)
        compiled = jitted.lower(*args, **kwargs).compile()
        compile_seconds = time.perf_counter() - start
        block(jitted(*args, **kwargs))  # warm-up: the cached call is what we time
        per_call = []
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(calls):
                block(jitted(*args, **kwargs))
            per_call.append((time.perf_counter() - start) / calls)
        del compiled
        return {"per_call": statistics.median(per_call), "compile": compile_seconds}
    except BaseException as error:
        return {"error": describe(error)}


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
