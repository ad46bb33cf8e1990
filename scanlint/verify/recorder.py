"""A pytest plugin that records the calls the tests make to the functions being verified.

`scanlint verify --pytest` runs `python -m pytest -p scanlint.verify.recorder ARGS` in a
subprocess with SCANLINT_RECORD naming a request; without it the plugin does nothing. It runs
only there, so it may import jax; the rest of scanlint never imports it.

Before any conftest or test module is imported, an import hook takes over the modules being
verified: each is compiled with a recording decorator on its entry functions (outermost,
below `staticmethod`/`classmethod`), so `from pkg.mod import f`, the package's re-exports and
the module's own calls all reach the wrapper. `jax.jit` is wrapped too: a test that jits an
entry and calls it with concrete values is recorded at the jit boundary.

A call is recorded when its arguments hold no tracer and pickle (by value: arrays with dtype
and weak type, scalars, and pytrees of them; classes and functions by reference, so the
replay finds them in the version it runs). Calls are deduplicated by the pickle's bytes and
capped per function; every other call is counted with its reason. A call that is not
recorded, made inside a recorded call of another entry of the same module, marks that call
as reaching it: the replay of that call runs it too.

Request (JSON): {"modules": [{"location": {ModuleLocation}, "functions": [qualname, ...]}],
"max_calls": 5, "output": folder}. Each pytest process writes `folder/record-<pid>.json`.
"""

from __future__ import annotations

import ast
import base64
import collections
import functools
import hashlib
import importlib.util
import io
import json
import os
import pickle
import sys
import threading
import types
from dataclasses import dataclass, field

import pytest

from scanlint.verify.loading import ModuleLocation, ModuleSource, SourceFinder, attribute_path
from scanlint.verify.plan import DESCRIPTORS, decorator_name

REQUEST_ENV = "SCANLINT_RECORD"
DECORATOR = "__scanlint_entry__"
MAX_BYTES = 64 * 2**20  # a call's arguments larger than this are counted, not kept
SAMPLED_PER_KEPT = 20  # calls pickled per call kept, at most; later ones are only counted
# jax flags that change what a call computes; each recorded call keeps their values.
FLAGS = ("jax_enable_x64", "jax_default_matmul_precision", "jax_numpy_dtype_promotion",
         "jax_threefry_partitionable", "jax_default_prng_impl", "jax_numpy_rank_promotion")


class Traced(Exception):
    """An argument holds a jax tracer: the call happens inside a transformation."""


@dataclass
class FunctionLog:
    module: str
    qualname: str
    calls: list[dict] = field(default_factory=list)  # test, data, config, reaches
    digests: dict[str, dict] = field(default_factory=dict)
    seen: int = 0
    duplicates: int = 0
    traced: int = 0
    raised: int = 0
    over_cap: int = 0
    sampled: int = 0  # calls pickled to find the sample (bounded: pickling costs)
    unrecordable: collections.Counter = field(default_factory=collections.Counter)

    def summary(self) -> dict:
        return {
            "calls": [{**call, "data": base64.b64encode(call["data"]).decode("ascii"),
                       "reaches": sorted(call["reaches"])} for call in self.calls],
            "seen": self.seen, "duplicates": self.duplicates, "traced": self.traced,
            "raised": self.raised, "over_cap": self.over_cap,
            "unrecordable": dict(self.unrecordable),
        }


@dataclass
class Frame:
    log: FunctionLog
    call: dict | None  # the recorded call this one is (or duplicates); None: not recorded
    boundary: bool  # entered through jax.jit: the traced call inside it is the same call


class Book:
    """What the session recorded, per function."""

    def __init__(self, request: dict) -> None:
        self.max_calls = int(request.get("max_calls", 5))
        self.output = request["output"]
        self.logs: dict[tuple[str, str], FunctionLog] = {}
        for module in request["modules"]:
            name = module["location"]["name"]
            for qualname in module["functions"]:
                self.logs[(name, qualname)] = FunctionLog(name, qualname)
        self.test = "(collection)"
        self.local = threading.local()
        self.imported: set[str] = set()  # the verified modules the tests imported
        self.finder: SourceFinder | None = None

    @property
    def stack(self) -> list[Frame]:
        if not hasattr(self.local, "stack"):
            self.local.stack = []
        return self.local.stack

    def call(self, entry: EntryProxy, args: tuple, kwargs: dict, run, boundary: bool = False):
        """Run ``run()`` (the entry called with args, kwargs), recording the call."""
        log = self.logs[entry.key]
        stack = self.stack
        if stack and stack[-1].boundary and stack[-1].log is log and not boundary:
            return run()  # jax.jit tracing the entry a test jitted: recorded at the boundary
        log.seen += 1
        try:
            call, fresh = self.keep(log, args, kwargs, entry.takes_instance)
        except Exception as error:  # recording must never change what the test does
            log.unrecordable[f"the recorder failed: {reason(error)}"] += 1
            call, fresh = None, False
        stack.append(Frame(log, call, boundary))
        try:
            return run()
        except BaseException:
            log.raised += 1
            if fresh:  # the test expected it to raise (or it broke): not a call to replay
                forget(log, call)
            raise
        finally:
            stack.pop()

    def keep(self, log: FunctionLog, args: tuple, kwargs: dict,
             takes_instance: bool) -> tuple[dict | None, bool]:
        """The recorded call these arguments are, and whether it is new."""
        import jax

        if any(isinstance(leaf, jax.core.Tracer) for leaf in jax.tree_util.tree_leaves(
                (args, kwargs))):
            log.traced += 1
            self.reaches(log)
            return None, False
        if log.sampled >= self.max_calls * SAMPLED_PER_KEPT:
            log.over_cap += 1
            return None, False
        log.sampled += 1
        try:
            data = dumps((args, kwargs))
            digest = hashlib.sha256(data).hexdigest()
            if digest in log.digests:
                log.duplicates += 1
                return log.digests[digest], False
            evicted = self.evicted(log, digest)
            if evicted is False:
                log.over_cap += 1
                return None, False
            pickle.loads(data)  # it must rebuild, here at least
        except Traced:
            log.traced += 1
            self.reaches(log)
            return None, False
        except Exception as error:  # whatever the arguments' classes raise
            log.unrecordable[unrecordable_reason(args, error, takes_instance)] += 1
            self.reaches(log)
            return None, False
        if evicted is not None:
            forget(log, evicted)
            log.over_cap += 1
        call = {"test": self.test, "data": data, "digest": digest, "config": flags(),
                "reaches": set()}
        log.calls.append(call)
        log.digests[digest] = call
        return call, True

    def evicted(self, log: FunctionLog, digest: str):
        """Below the cap: None (keep it). At the cap the calls kept are those whose content
        hashes lowest, a sample of the distinct calls that does not depend on their order:
        the kept call this one replaces, or False when it hashes higher than all of them."""
        if len(log.calls) < self.max_calls:
            return None
        highest = max(log.calls, key=lambda call: call["digest"])
        return highest if digest < highest["digest"] else False

    def reaches(self, log: FunctionLog) -> None:
        """Mark the innermost recorded call of another entry of the same module as running
        ``log``'s function, which could not be recorded here."""
        for frame in reversed(self.stack):
            if frame.call is not None and frame.log is not log and frame.log.module == log.module:
                frame.call["reaches"].add(log.qualname)
                return

    def write(self, exitstatus: int, failed: int, collected: int) -> None:
        result = {
            "functions": {f"{m}:{q}": log.summary() for (m, q), log in self.logs.items()},
            "imported": sorted(self.imported), "sys_path": list(sys.path),
            "exitstatus": int(exitstatus), "failed": failed, "collected": collected,
        }
        path = os.path.join(self.output, f"record-{os.getpid()}.json")
        with open(path + ".tmp", "w", encoding="utf-8") as out:
            json.dump(result, out)
        os.replace(path + ".tmp", path)


def forget(log: FunctionLog, call: dict) -> None:
    log.calls = [c for c in log.calls if c is not call]
    log.digests = {k: v for k, v in log.digests.items() if v is not call}


def unrecordable_reason(args: tuple, error: BaseException, takes_instance: bool) -> str:
    """Why a call was not recorded; for a method, whether its instance is what failed."""
    if takes_instance and args:
        try:
            pickle.loads(dumps(args[0]))
        except Exception as own:
            return f"its instance, a {type(args[0]).__name__}, cannot be rebuilt: {reason(own)}"
    return reason(error)


def reason(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0] if text else ''}"[:200]


def flags() -> dict:
    import jax

    found = {}
    for name in FLAGS:
        try:
            found[name] = getattr(jax.config, name)
        except AttributeError:  # not in this jax
            pass
    return found


class CallPickler(pickle.Pickler):
    """Refuses tracers wherever they hide (a pytree leaf is checked before; this finds them in
    objects jax does not flatten)."""

    def persistent_id(self, obj):
        import jax

        if isinstance(obj, jax.core.Tracer):
            raise Traced()
        return None


def dumps(value) -> bytes:
    import jax
    import numpy as np

    size = sum(getattr(leaf, "nbytes", 0) for leaf in jax.tree_util.tree_leaves(value)
               if isinstance(leaf, (jax.Array, np.ndarray)))
    if size > MAX_BYTES:
        raise ValueError(f"arguments of {size / 2**20:.0f} MiB, more than the "
                         f"{MAX_BYTES // 2**20} MiB recorded per call")
    buffer = io.BytesIO()
    CallPickler(buffer, protocol=4).dump(value)
    return buffer.getvalue()


class EntryProxy:
    """The entry function as the module exposes it, recording each call."""

    def __init__(self, wrapped, module: str, qualname: str, takes_instance: bool = False) -> None:
        functools.update_wrapper(self, wrapped, updated=())
        self.key = (module, qualname)
        self.takes_instance = takes_instance

    def __call__(self, *args, **kwargs):
        return BOOK.call(self, args, kwargs, lambda: self.__wrapped__(*args, **kwargs))

    def __get__(self, instance, owner=None):
        return self if instance is None else types.MethodType(self, instance)

    def __getattr__(self, name):  # the wrapped object's own API (custom_vjp's defvjp, ...)
        if name == "__wrapped__":
            raise AttributeError(name)
        return getattr(self.__wrapped__, name)

    def __reduce__(self):  # an entry passed as an argument: the replayed version's
        return attribute_path, self.key


class JitProxy:
    """`jax.jit(entry)`: calls with concrete arguments are recorded as calls of the entry."""

    def __init__(self, jitted, entry: EntryProxy, instance=None) -> None:
        self.jitted, self.entry, self.instance = jitted, entry, instance
        functools.update_wrapper(self, jitted, updated=())

    def __call__(self, *args, **kwargs):
        full = args if self.instance is None else (self.instance, *args)
        return BOOK.call(self.entry, full, kwargs, lambda: self.jitted(*args, **kwargs),
                         boundary=True)

    def __get__(self, instance, owner=None):
        return self if instance is None else types.MethodType(self, instance)

    def __getattr__(self, name):  # lower, trace, eval_shape, ...
        if name == "jitted":
            raise AttributeError(name)
        return getattr(self.jitted, name)


def recording_jit(real_jit):
    @functools.wraps(real_jit)
    def jit(*args, **kwargs):
        jitted = real_jit(*args, **kwargs)
        fun = args[0] if args else kwargs.get("fun")
        if isinstance(fun, EntryProxy):
            return JitProxy(jitted, fun)
        if isinstance(fun, types.MethodType) and isinstance(fun.__func__, EntryProxy):
            return JitProxy(jitted, fun.__func__, fun.__self__)
        return jitted
    return jit


def decorated_code(source: str, path: str, functions: set[str]):
    """The module's code with `@__scanlint_entry__("qualname")` on each entry's def:
    outermost, so it sees what callers pass (a `@jax.jit` below it included), but below
    `staticmethod` and `classmethod`, which must stay descriptors. Lines are unchanged."""
    tree = ast.parse(source, path)
    for statement in tree.body:
        if isinstance(statement, ast.FunctionDef) and statement.name in functions:
            decorate(statement, statement.name, method=False)
        elif isinstance(statement, ast.ClassDef):
            for member in statement.body:
                qualname = f"{statement.name}.{getattr(member, 'name', '')}"
                if isinstance(member, ast.FunctionDef) and qualname in functions:
                    decorate(member, qualname, method=True)
    return compile(ast.fix_missing_locations(tree), path, "exec")


def decorate(node: ast.FunctionDef, qualname: str, method: bool) -> None:
    names = [decorator_name(d) for d in node.decorator_list]
    takes_instance = method and "staticmethod" not in names  # self or cls comes first
    decorator = ast.Call(ast.Name(DECORATOR, ast.Load()),
                         [ast.Constant(qualname), ast.Constant(takes_instance)], [])
    ast.copy_location(decorator, node.decorator_list[0] if node.decorator_list else node)
    below = [i + 1 for i, name in enumerate(names) if name in DESCRIPTORS]
    node.decorator_list.insert(max(below, default=0), decorator)


def entry_decorator(module: str):
    def entry(qualname: str, takes_instance: bool):
        return lambda function: EntryProxy(function, module, qualname, takes_instance)
    return entry


def wrap_loaded(module: types.ModuleType, functions: set[str]) -> None:
    """A module imported before the plugin: wrap its entries in place, and the names other
    loaded modules bound to them."""
    replaced = {}
    for qualname in functions:
        owner_name, _, name = qualname.rpartition(".")
        owner = getattr(module, owner_name) if owner_name else module
        raw = vars(owner).get(name)
        if raw is None:
            continue
        inner = raw.__func__ if isinstance(raw, (staticmethod, classmethod)) else raw
        proxy = EntryProxy(inner, module.__name__, qualname,
                           bool(owner_name) and not isinstance(raw, staticmethod))
        setattr(owner, name, type(raw)(proxy) if inner is not raw else proxy)
        replaced[id(inner)] = proxy
    for other in list(sys.modules.values()):
        try:
            bound = [(name, value) for name, value in vars(other).items()
                     if id(value) in replaced and other is not module]
            for name, value in bound:
                setattr(other, name, replaced[id(value)])
        except (TypeError, AttributeError):  # not a module (some libraries put objects there)
            continue


def install(book: Book, modules: list[dict]) -> None:
    import jax

    sources = {}
    for module in modules:
        location = ModuleLocation(**module["location"])
        functions = set(module["functions"])
        if location.name in sys.modules:
            wrap_loaded(sys.modules[location.name], functions)
            book.imported.add(location.name)
            continue
        with open(location.path, "rb") as handle:
            text = importlib.util.decode_source(handle.read())  # its coding cookie, if any
        sources[location.name] = ModuleSource(
            location, text, compile=functools.partial(decorated_code, functions=functions),
            extra_globals={DECORATOR: entry_decorator(location.name)})
    book.finder = SourceFinder(sources)
    book.finder.install()
    jax.jit = recording_jit(jax.jit)


BOOK: Book | None = None


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config, parser, args):
    global BOOK
    request_path = os.environ.get(REQUEST_ENV)
    if not request_path or BOOK is not None:
        return
    with open(request_path, encoding="utf-8") as handle:
        request = json.load(handle)
    BOOK = Book(request)
    install(BOOK, request["modules"])


def pytest_runtest_logstart(nodeid, location):
    if BOOK is not None:
        BOOK.test = nodeid


def pytest_runtest_logfinish(nodeid, location):
    if BOOK is not None:
        BOOK.test = "(between tests)"


def pytest_sessionfinish(session, exitstatus):
    if BOOK is not None:
        BOOK.imported |= BOOK.finder.loaded if BOOK.finder else set()
        BOOK.write(exitstatus, session.testsfailed, session.testscollected)
