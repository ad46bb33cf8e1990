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
capped per function; every other call is counted with its reason.

Functions defined inside an entry (closures an `__init__` stores on `self`, often as
`jax.jit(inner)`, closures a factory returns) are recorded too, with how the replay can rebuild
them: the object the tests built that holds them (an instance of the module's class from its
recorded construction, or the result of a recorded call of an entry) and the path from it
(`.reset`, `[0]`). Their calls are seen at a `jax.jit` boundary, or, for a nested def whose
lines changed, at the def itself (decorated as the entries are).

Request (JSON): {"modules": [{"location": {ModuleLocation}, "functions": [qualname, ...],
"lines": [changed lines of the file as it is on disk]}], "max_calls": 5, "output": folder}.
Each pytest process writes `folder/record-<pid>.json`.
"""

from __future__ import annotations

import ast
import base64
import collections
import functools
import hashlib
import importlib.util
import inspect
import io
import json
import os
import pickle
import sys
import threading
import types
import weakref
from dataclasses import dataclass, field

import pytest

from scanlint.verify.loading import ModuleLocation, ModuleSource, SourceFinder, attribute_path
from scanlint.verify.plan import DESCRIPTORS, LOCALS, decorator_name
from scanlint.verify.pytest_hooks import launch_request, test_following_hooks

REQUEST_ENV = "SCANLINT_RECORD"
DECORATOR = "__scanlint_entry__"
MAX_BYTES = 64 * 2**20  # a call's arguments larger than this are counted, not kept
SAMPLED_PER_KEPT = 20  # calls pickled per call kept, at most; later ones are only counted
MAX_ROOTS = 64  # objects the tests built that inner functions may be reached through
REACH_DEPTH = 3  # steps from such an object to the function (`.env.reset`)
# jax flags that change what a call computes; each recorded call keeps their values.
FLAGS = ("jax_enable_x64", "jax_default_matmul_precision", "jax_numpy_dtype_promotion",
         "jax_threefry_partitionable", "jax_default_prng_impl", "jax_numpy_rank_promotion")


class Traced(Exception):
    """An argument holds a jax tracer: the call happens inside a transformation."""


class Unreachable(Exception):
    """A function the replay could not rebuild: no object the tests built holds it."""


@dataclass
class FunctionLog:
    module: str
    qualname: str
    calls: list[dict] = field(default_factory=list)  # test, data, config, reach
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
            "calls": [{**call, "data": base64.b64encode(call["data"]).decode("ascii")}
                      for call in self.calls],
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
        self.owners: dict[str, set[str]] = {}  # module -> its entries, whose inner functions count
        for module in request["modules"]:
            name = module["location"]["name"]
            self.owners[name] = set(module["functions"])
            for qualname in module["functions"]:
                self.logs[(name, qualname)] = FunctionLog(name, qualname)
        self.test = "(collection)"
        self.local = threading.local()
        self.imported: set[str] = set()  # the verified modules the tests imported
        self.finder: SourceFinder | None = None
        self.roots: collections.deque = collections.deque(maxlen=MAX_ROOTS)

    @property
    def stack(self) -> list[Frame]:
        if not hasattr(self.local, "stack"):
            self.local.stack = []
        return self.local.stack

    def call(self, entry: EntryProxy, args: tuple, kwargs: dict, run, boundary: bool = False,
             target=None):
        """Run ``run()`` (the entry called with args, kwargs), recording the call; ``target``
        is the object the test called (a stored `jax.jit` of an inner function)."""
        log = self.log(entry.key)
        stack = self.stack
        if stack and stack[-1].boundary and stack[-1].log is log and not boundary:
            return run()  # jax.jit tracing the entry a test jitted: recorded at the boundary
        log.seen += 1
        try:
            call, fresh = self.keep(log, args, kwargs, entry.takes_instance,
                                    target if target is not None else entry,
                                    getattr(entry, "through", None))
        except Exception as error:  # recording must never change what the test does
            log.unrecordable[f"the recorder failed: {reason(error)}"] += 1
            call, fresh = None, False
        stack.append(Frame(log, call, boundary))
        try:
            result = run()
        except BaseException:
            log.raised += 1
            if fresh:  # the test expected it to raise (or it broke): not a call to replay
                forget(log, call)
            raise
        finally:
            stack.pop()
        if call is not None and LOCALS not in log.qualname and not hasattr(entry, "through") \
                and holds_code(result, log.module):
            self.add_root(result, {"root": log.qualname,
                                   "data": base64.b64encode(call["data"]).decode("ascii")})
        return result

    def log(self, key: tuple[str, str]) -> FunctionLog:
        if key not in self.logs:  # an inner function, seen for the first time
            self.logs[key] = FunctionLog(*key)
        return self.logs[key]

    def add_root(self, value, recipe: dict) -> None:
        """An object the tests built (an instance of the module's class, or what an entry
        returned) that holds functions of the module: inner functions are reached through it."""
        if value is None or isinstance(value, (bool, int, float, str, bytes)):
            return
        try:
            ref = weakref.ref(value)
        except TypeError:  # tuples, lists, dicts: kept alive (at most MAX_ROOTS of them)
            ref = (lambda kept: lambda: kept)(value)
        self.roots.appendleft((ref, recipe))

    def reach(self, target) -> dict | None:
        """How the replay rebuilds ``target``: the newest recorded object holding it, and the
        path from that object to it."""
        for ref, recipe in list(self.roots):
            root = ref()
            if root is None:
                continue
            path = find_path(root, target)
            if path is not None:
                return {**recipe, "path": path}
        return None

    def construction(self, args: tuple, kwargs: dict) -> str | None:
        """The arguments an instance of the module's class is built with, for the replay to
        build it again (None when they do not pickle)."""
        try:
            data = dumps((args, kwargs))
            pickle.loads(data)
        except Exception:
            return None
        return base64.b64encode(data).decode("ascii")

    def keep(self, log: FunctionLog, args: tuple, kwargs: dict, takes_instance: bool,
             target, through: str | None = None) -> tuple[dict | None, bool]:
        """The recorded call these arguments are, and whether it is new."""
        import jax

        if any(isinstance(leaf, jax.core.Tracer) for leaf in jax.tree_util.tree_leaves(
                (args, kwargs))):
            log.traced += 1
            return None, False
        if log.sampled >= self.max_calls * SAMPLED_PER_KEPT:
            log.over_cap += 1
            return None, False
        log.sampled += 1
        try:
            data, reach = self.pickled(log, args, kwargs, takes_instance, target, through)
            reached = json.dumps(reach, sort_keys=True).encode() if reach else b""
            digest = hashlib.sha256(data + reached).hexdigest()
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
            return None, False
        except Unreachable as why:
            log.unrecordable[str(why)] += 1
            return None, False
        except Exception as error:  # whatever the arguments' classes raise
            log.unrecordable[unrecordable_reason(args, error, takes_instance)] += 1
            return None, False
        if evicted is not None:
            forget(log, evicted)
            log.over_cap += 1
        call = {"test": self.test, "data": data, "digest": digest, "config": flags(),
                "reach": reach}
        log.calls.append(call)
        log.digests[digest] = call
        return call, True

    def pickled(self, log: FunctionLog, args: tuple, kwargs: dict, takes_instance: bool,
                target, through: str | None = None) -> tuple[bytes, dict | None]:
        """The call's arguments pickled, and how the replay reaches the function: for one
        defined inside an entry, through the object the tests built that holds it; for a
        method called on an instance (``through``: its name) or whose instance does not
        pickle, through that instance as the tests built it."""
        reach = None
        if through is not None:
            found = self.reach(target)
            if found is None:
                raise Unreachable("its instance was not built by a recorded construction")
            return dumps((args, kwargs)), {**found, "path": [*found["path"], ["attr", through]]}
        if LOCALS in log.qualname:
            reach = self.reach(target)
            if reach is None:
                raise Unreachable("no object the tests built holds it (the replay could not "
                                  "rebuild it)")
        try:
            return dumps((args, kwargs)), reach
        except Traced:
            raise
        except Exception:
            found = self.reach(args[0]) if takes_instance and args and reach is None else None
            if found is None:
                raise
        method = log.qualname.rsplit(".", 1)[-1]
        return dumps((args[1:], kwargs)), {**found, "path": [*found["path"], ["attr", method]]}

    def evicted(self, log: FunctionLog, digest: str):
        """Below the cap: None (keep it). At the cap the calls kept are those whose content
        hashes lowest, a sample of the distinct calls that does not depend on their order:
        the kept call this one replaces, or False when it hashes higher than all of them."""
        if len(log.calls) < self.max_calls:
            return None
        highest = max(log.calls, key=lambda call: call["digest"])
        return highest if digest < highest["digest"] else False

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


def children(value) -> list[tuple[list, object]]:
    """The steps from ``value`` to what it holds: attributes, items, values of string keys."""
    if isinstance(value, (types.ModuleType, type, str, bytes)) or callable(value) and \
            not hasattr(value, "__dict__"):
        return []
    if isinstance(value, (list, tuple)):
        return [(["index", i], item) for i, item in enumerate(value)]
    if isinstance(value, dict):
        return [(["key", k], item) for k, item in value.items() if isinstance(k, (str, int))]
    state = getattr(value, "__dict__", None)
    return [(["attr", k], item) for k, item in state.items()] if isinstance(state, dict) else []


def find_path(root, target, depth: int = REACH_DEPTH) -> list | None:
    """The steps from ``root`` to the very object ``target`` (breadth first), or None."""
    level, seen = [([], root)], {id(root)}
    for _ in range(depth + 1):
        following = []
        for path, value in level:
            if value is target:
                return path
            for step, item in children(value):
                if id(item) not in seen:
                    seen.add(id(item))
                    following.append((path + [step], item))
        level = following
    return None


def holds_code(value, module: str, depth: int = 2) -> bool:
    """Whether ``value`` is, or holds within ``depth`` steps, a function of ``module``."""
    if getattr(value, "__module__", None) == module and callable(value) and \
            not isinstance(value, type):
        return True
    return depth > 0 and any(holds_code(item, module, depth - 1) for _, item in children(value))


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
    """`jax.jit(entry)`: calls with concrete arguments are recorded as calls of the entry (an
    entry of the module, or a function defined inside one)."""

    def __init__(self, jitted, entry, instance=None) -> None:
        self.jitted, self.entry, self.instance = jitted, entry, instance
        functools.update_wrapper(self, jitted, updated=())

    def __call__(self, *args, **kwargs):
        full = args if self.instance is None else (self.instance, *args)
        return BOOK.call(self.entry, full, kwargs, lambda: self.jitted(*args, **kwargs),
                         boundary=True, target=self)

    def __get__(self, instance, owner=None):
        return self if instance is None else types.MethodType(self, instance)

    def __getattr__(self, name):  # lower, trace, eval_shape, ...
        if name == "jitted":
            raise AttributeError(name)
        return getattr(self.jitted, name)


@dataclass(frozen=True)
class InnerFunction:
    """A function defined inside an entry, jitted by the module itself (`self.reset =
    jax.jit(reset)`): what `BOOK.call` needs of an entry, without wrapping the function."""

    key: tuple[str, str]
    takes_instance: bool = False


def recording_jit(real_jit):
    @functools.wraps(real_jit)
    def jit(*args, **kwargs):
        jitted = real_jit(*args, **kwargs)
        fun = args[0] if args else kwargs.get("fun")
        if isinstance(fun, EntryProxy):
            return JitProxy(jitted, fun)
        if isinstance(fun, types.MethodType) and isinstance(fun.__func__, EntryProxy):
            return JitProxy(jitted, fun.__func__, fun.__self__)
        inner = inner_key(fun)
        if inner is not None:
            return JitProxy(jitted, InnerFunction(inner))
        return jitted
    return jit


def inner_key(fun) -> tuple[str, str] | None:
    """(module, qualname) for a function defined inside an entry of a verified module."""
    if BOOK is None or not isinstance(fun, types.FunctionType):
        return None
    owners = BOOK.owners.get(fun.__module__, ())
    qualname = fun.__qualname__
    if LOCALS in qualname and qualname.split(LOCALS)[0] in owners:
        return fun.__module__, qualname
    return None


def decorated_code(source: str, path: str, functions: set[str], lines: frozenset = frozenset()):
    """The module's code with `@__scanlint_entry__("qualname")` on each entry's def, and on
    each def inside an entry that holds one of ``lines`` (the changed lines) or a def that
    does: outermost, so it sees what callers pass (a `@jax.jit` below it included), but below
    `staticmethod` and `classmethod`, which must stay descriptors. Lines are unchanged."""
    tree = ast.parse(source, path)
    for statement in tree.body:
        if isinstance(statement, ast.FunctionDef) and statement.name in functions:
            decorate(statement, statement.name, method=False)
            decorate_inner(statement, statement.name, lines)
        elif isinstance(statement, ast.ClassDef):
            for member in statement.body:
                qualname = f"{statement.name}.{getattr(member, 'name', '')}"
                if isinstance(member, ast.FunctionDef) and qualname in functions:
                    decorate(member, qualname, method=True)
                    decorate_inner(member, qualname, lines)
    return compile(ast.fix_missing_locations(tree), path, "exec")


def decorate_inner(function: ast.AST, qualname: str, lines: frozenset) -> None:
    """Decorate the defs directly inside ``function`` (through its `if`, `with` and loops, not
    through classes) that hold a changed line, and theirs below them."""
    for child in direct_defs(function):
        if any(child.lineno <= line <= (child.end_lineno or child.lineno) for line in lines):
            inner = f"{qualname}{LOCALS}{child.name}"
            decorate(child, inner, method=False)
            decorate_inner(child, inner, lines)


def direct_defs(function: ast.AST) -> list[ast.FunctionDef]:
    """The defs of ``function``'s own body (in blocks, not inside nested defs or classes)."""
    found, stack = [], list(getattr(function, "body", []))
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef):
            found.append(node)
        elif not isinstance(node, (ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            stack.extend(child for child in ast.iter_child_nodes(node)
                         if isinstance(child, ast.stmt) or hasattr(child, "body"))
    return found


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
        lines = frozenset(module.get("lines", ()))
        sources[location.name] = ModuleSource(
            location, text, compile=functools.partial(decorated_code, functions=functions,
                                                      lines=lines),
            extra_globals={DECORATOR: entry_decorator(location.name)},
            after_exec=functools.partial(watch_constructions, book=book,
                                         classes={f.split(".")[0] for f in functions if "." in f}))
    book.finder = SourceFinder(sources)
    book.finder.install()
    jax.jit = recording_jit(jax.jit)


def watch_constructions(module: types.ModuleType, book: Book, classes: set[str]) -> None:
    """Record how the tests build instances of the module's classes that hold entries, so
    the functions those instances hold can be rebuilt by the replay; and the tests' calls of
    those instances' other methods (inherited ones too: an environment's `step` from its base
    class, jitted with a static `self`), which run the entries' code where it lives."""
    for name in classes:
        cls = vars(module).get(name)
        if not isinstance(cls, type):
            continue
        cls.__init__ = recording_init(cls, cls.__init__, book)
        for attribute in dir(cls):
            raw = inspect.getattr_static(cls, attribute, None)
            if not attribute.startswith("__") and callable(raw) and not isinstance(
                    raw, (type, staticmethod, classmethod, EntryProxy, functools.partial)):
                setattr(cls, attribute, InstanceMethod(raw, (module.__name__,
                                                             f"{cls.__qualname__}.{attribute}")))


class InstanceMethod:
    """A method of the module's class (or inherited by it), as `instance.method(...)` calls
    it from a test: recorded with the instance's construction, so the replay can build the
    instance again and call the same method on it. Calls made inside other recorded calls
    are not recorded again."""

    takes_instance = False

    def __init__(self, method, key: tuple[str, str]) -> None:
        self.method, self.key = method, key
        self.through = key[1].rsplit(".", 1)[1]

    def __get__(self, instance, owner=None):
        bound = self.method.__get__(instance, owner) if hasattr(self.method, "__get__") \
            else self.method
        if instance is None or BOOK is None:
            return bound

        def call(*args, **kwargs):
            if BOOK.stack:  # inside a recorded call: the outer call is the one to replay
                return bound(*args, **kwargs)
            return BOOK.call(self, args, kwargs, lambda: bound(*args, **kwargs),
                             target=instance)
        return functools.wraps(bound)(call) if callable(bound) else bound


def recording_init(cls: type, original, book: Book):
    @functools.wraps(original)
    def __init__(self, *args, **kwargs):
        data = book.construction(args, kwargs) if type(self) is cls else None
        original(self, *args, **kwargs)
        if data is not None:
            book.add_root(self, {"root": cls.__qualname__, "data": data})
    return __init__


BOOK: Book | None = None


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config, parser, args):
    global BOOK
    request = launch_request(REQUEST_ENV) if BOOK is None else None
    if request is None:
        return
    BOOK = Book(request)
    install(BOOK, request["modules"])


pytest_runtest_logstart, pytest_runtest_logfinish = test_following_hooks(lambda: BOOK)


def pytest_sessionfinish(session, exitstatus):
    if BOOK is not None:
        BOOK.imported |= BOOK.finder.loaded if BOOK.finder else set()
        BOOK.write(exitstatus, session.testsfailed, session.testscollected)
