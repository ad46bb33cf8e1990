"""A verify session: one version of the verified modules, instrumented, run by the project's
tests (a pytest plugin) or by calls evaluated in the modules (`--call`, or a function whose
parameters all name module globals); it writes what every call into the modules did
(`runtime.py`). scanlint runs a session per version, in its own subprocess, and compares
them call by call (`compare.py`). Only the sessions import jax or run user code.

    SCANLINT_VERIFY_SESSION=REQUEST python -m pytest -p scanlint.verify.session ARGS
    python -m scanlint.verify.session REQUEST

Request (JSON): {"modules": [{"location": ModuleLocation, "source": text, "probes": [Probe]}],
"calls": [{"module": name, "expr": text}], "max_jaxprs": 5, "options": {"hlo", "bench",
"bench_calls", "variant"}, "output": folder}. Each process writes `folder/session-<pid>.json`.
"""

from __future__ import annotations

import ast
import functools
import importlib
import importlib.util
import json
import os
import sys

from scanlint.verify import runtime
from scanlint.verify.loading import ModuleLocation, ModuleSource, SourceFinder
from scanlint.verify.probes import Probe, instrument

REQUEST_ENV = "SCANLINT_VERIFY_SESSION"
BETWEEN_TESTS = "(between tests)"
FALLBACK_NAMES = {"jax": "jax", "jnp": "jax.numpy", "np": "numpy", "lax": "jax.lax"}
STATE: dict = {}


def start(request: dict) -> runtime.Session:
    """The session's state, jax's entry points patched, and the import hook that serves each
    verified module's version with its probes in place."""
    if request.get("options", {}).get("variant") == "x64":
        os.environ["JAX_ENABLE_X64"] = "1"
    probes = {m["location"]["name"]: m["probes"] for m in request["modules"]}
    session = runtime.Session(probes, int(request.get("max_jaxprs", 5)),
                              request.get("options", {}))
    runtime.SESSION = session
    runtime.install_patches()
    seed_global_generators()
    sources, errors = {}, []
    for module in request["modules"]:
        location = ModuleLocation(**module["location"])
        if location.name in sys.modules:
            errors.append(f"{location.name} was imported before the session started (by a "
                          "pytest plugin?): its version cannot be served")
            continue
        sys.path.insert(0, location.import_root) if location.import_root not in sys.path \
            else None
        watched = [Probe.from_json(p) for p in module["probes"]]
        sources[location.name] = ModuleSource(
            location, module["source"],
            compile=functools.partial(compile_version, probes=watched),
            extra_globals=runtime.module_globals(location.name),
            execute=functools.partial(session.run_import, location.name))
    finder = SourceFinder(sources)
    finder.install()
    STATE.update(request=request, finder=finder, errors=errors)
    return session


def seed_global_generators() -> None:
    """Python's and NumPy's global generators start where they start in the other version's
    run (unseeded, each process would draw its own): how far a call moves them is compared."""
    import random

    random.seed(0)
    try:
        import numpy
    except ImportError:  # a project without NumPy
        return
    numpy.random.seed(0)


def compile_version(source: str, path: str, probes: list[Probe]):
    return instrument(source, probes, path)


def record_states(test: str) -> None:
    """Each verified module's data after a test (or a call)."""
    session = runtime.SESSION
    for name in sorted(STATE["finder"].loaded):
        module = sys.modules.get(name)
        if module is not None:
            session.records.append(session.state_record(name, module, f"state of {name}", test))


def write(extra: dict) -> None:
    session = runtime.SESSION
    jax = sys.modules.get("jax")
    result = {"records": session.records, "unattributed": sorted(session.unattributed),
              "imported": sorted(STATE["finder"].loaded), "errors": STATE["errors"],
              "backend": jax.default_backend() if jax else None,
              "jax": getattr(jax, "__version__", None), **extra}
    path = os.path.join(STATE["request"]["output"], f"session-{os.getpid()}.json")
    with open(path + ".tmp", "w", encoding="utf-8") as out:
        out.write(runtime.dumps(result))
    os.replace(path + ".tmp", path)


# -- the pytest plugin ----------------------------------------------------------------------
def first(hook):
    """The hook runs before the others (before any conftest imports the project)."""
    try:
        import pytest
    except ImportError:  # the calls driver, without pytest
        return hook
    return pytest.hookimpl(tryfirst=True)(hook)


@first
def pytest_load_initial_conftests(early_config, parser, args):
    path = os.environ.get(REQUEST_ENV)
    if not path or runtime.SESSION is not None:
        return
    with open(path, encoding="utf-8") as handle:
        start(json.load(handle))


def pytest_runtest_logstart(nodeid, location):
    if runtime.SESSION is not None:
        runtime.SESSION.test = nodeid


def pytest_runtest_logfinish(nodeid, location):
    if runtime.SESSION is not None:
        record_states(nodeid)
        runtime.SESSION.test = BETWEEN_TESTS


def pytest_sessionfinish(session, exitstatus):
    if runtime.SESSION is not None:
        write({"exitstatus": int(exitstatus), "failed": session.testsfailed,
               "collected": session.testscollected})


# -- the calls driver -----------------------------------------------------------------------
def run_calls(request: dict) -> None:
    session = start(request)
    namespaces = {}
    for module in request["modules"]:
        name = module["location"]["name"]
        try:
            namespaces[name] = vars(importlib.import_module(name))
        except BaseException as error:  # user code: anything can happen
            STATE["errors"].append(f"cannot import {name}: {runtime.describe(error)}")
    for call in request.get("calls", []):
        namespace = namespaces.get(call["module"])
        if namespace is None:
            continue
        session.test = f"call {call['expr']}"
        evaluate(call["expr"], namespace, request.get("options", {}).get("variant", ""))
        record_states(session.test)
    write({})


def evaluate(expression: str, namespace: dict, variant: str) -> None:
    """The expression, its last call a boundary of its own (labelled by the expression), so
    `make_step(cfg)[1](x, 0.0)` and `Scaler(2.0)(x)` reach the code they name."""
    session = runtime.SESSION
    scope = {**{k: importlib.import_module(v) for k, v in FALLBACK_NAMES.items()
                if k not in namespace and importlib.util.find_spec(v.split(".")[0])},
             **namespace}
    tree = ast.parse(expression.strip(), mode="eval").body

    def value(node):
        return eval(compile(ast.Expression(node), "<call>", "eval"), scope)

    try:
        if isinstance(tree, ast.Call):
            callee = value(tree.func)
            args = []
            for arg in tree.args:
                args.extend(value(arg.value) if isinstance(arg, ast.Starred) else [value(arg)])
            kwargs = {}
            for keyword in tree.keywords:
                kwargs.update(value(keyword.value) if keyword.arg is None
                              else {keyword.arg: value(keyword.value)})
            args, kwargs = cast_inputs(args, kwargs, variant)
            session.call(expression, "call", callee, tuple(args), kwargs, raw=callee,
                         jaxpr_of=callee, subject=runtime.subject_of(callee))
        else:
            session.call(expression, "call", lambda: value(tree), (), {}, jaxpr_of=None)
    except BaseException as error:  # recorded with the boundary; the next call goes on
        if not session.records or session.records[-1].get("label") != expression:
            session.records.append({"test": session.test, "label": expression, "kind": "call",
                                    "seq": 0, "compared": True, "key": "", "opaque": [],
                                    "error": runtime.describe(error), "executed": [],
                                    "traced": {}, "effects": [], "transforms": []})


def cast_inputs(args, kwargs, variant: str):
    """`--dtypes`: floating inputs cast to float16, bfloat16 or float64."""
    if variant not in ("float16", "bfloat16", "x64"):
        return args, kwargs
    import jax
    import jax.numpy as jnp
    import numpy as np

    target = {"float16": jnp.float16, "bfloat16": jnp.bfloat16, "x64": jnp.float64}[variant]

    def cast(leaf):
        if isinstance(leaf, float) or hasattr(leaf, "dtype") and np.issubdtype(
                np.dtype(leaf.dtype), np.floating):
            return jnp.asarray(leaf, dtype=target)
        return leaf

    return jax.tree_util.tree_map(cast, (list(args), kwargs))


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as handle:
        run_calls(json.load(handle))
