"""What a call left behind, as data two versions can compare: the state of the objects it was
given or reached (an instance, a mutable argument, the object a closure was reached through),
leaf by leaf. Runs inside the verify subprocess.

Every value becomes a canonical tree: arrays by dtype, shape, weak type and a digest of their
bytes; Python scalars by value; containers element by element; objects by their fields;
functions by name, and the functions of the verified module also by what they capture (their
closure cells, defaults), so a changed captured value is a difference. A value that cannot be
compared (a tracer leaked from a jit, an object without fields that does not pickle) makes the
state *opaque*: such a call cannot vouch for anything.
"""

from __future__ import annotations

import base64
import dataclasses
import functools
import hashlib
import io
import os
import pickle
import re
import sys
import types

MAX_NODES = 200_000
MAX_DEPTH = 48
OPAQUE = "opaque"
SMALL_BYTES = 4096
RAW = "__scanlint_raw__"  # on the session's wrappers: the function they wrap
LABEL = "__scanlint_label__"  # and its name: a lambda's is the name it is bound to


class Encoder:
    """Encodes values for one version; ``module`` is the verified module's name."""

    def __init__(self, module: str | set[str]) -> None:
        self.modules = {module} if isinstance(module, str) else set(module)
        self.seen: dict[int, str] = {}
        self.keep: list = []  # what `seen` refers to, alive while encoding
        self.nodes = 0
        self.opaque: list[str] = []

    def encode(self, value, path: str = "", depth: int = 0):
        self.nodes += 1
        if self.nodes > MAX_NODES or depth > MAX_DEPTH:
            return self._opaque(path, "too large to compare")
        if value is None or isinstance(value, (bool, int, str, bytes)):
            return [type(value).__name__, value if not isinstance(value, bytes) else value.hex()]
        if isinstance(value, (float, complex)):
            return [type(value).__name__, repr(value)]
        array = self._array(value, path)
        if array is not None:
            return array
        if id(value) in self.seen:
            return ["ref", self.seen[id(value)]]
        self.seen[id(value)] = path
        self.keep.append(value)
        return self._composite(value, path, depth + 1)

    def _composite(self, value, path: str, depth: int):
        encode = self.encode
        if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
            return [type(value).__name__, [encode(v, f"{path}[{i}]", depth)
                                           for i, v in enumerate(value)]]
        if isinstance(value, tuple):  # a NamedTuple
            return ["namedtuple", _name(type(value)),
                    [[f, encode(getattr(value, f), f"{path}.{f}", depth)] for f in value._fields]]
        if isinstance(value, dict):
            return ["dict", [[encode(k, f"{path}<key>", depth), encode(v, f"{path}[{k!r}]", depth)]
                             for k, v in value.items()]]
        if isinstance(value, (set, frozenset)):
            items = sorted((encode(v, f"{path}<item>", depth) for v in value), key=repr)
            return [type(value).__name__, items]
        if isinstance(value, types.ModuleType):
            return ["module", value.__name__]
        if isinstance(value, type):
            return self._class(value, path, depth)
        if isinstance(value, types.FunctionType):
            return self._function(getattr(value, RAW, value), path, depth,
                                  getattr(value, LABEL, None), vars(value))
        if isinstance(value, types.MethodType):
            return ["method", encode(value.__func__, f"{path}.__func__", depth),
                    encode(value.__self__, f"{path}.__self__", depth)]
        if isinstance(value, functools.partial):
            return ["partial", encode(value.func, f"{path}.func", depth),
                    encode(value.args, f"{path}.args", depth),
                    encode(value.keywords, f"{path}.keywords", depth)]
        if isinstance(value, (types.BuiltinFunctionType, types.BuiltinMethodType)):
            name = f"{getattr(value, '__module__', '')}.{value.__qualname__}"
            owner = getattr(value, "__self__", None)
            if owner is None or isinstance(owner, types.ModuleType):
                return ["builtin", name]
            # A bound method of an object (`history.append` passed as a callback): what the
            # call did to that object is the effect.
            return ["builtin", name, encode(owner, f"{path}.__self__", depth)]
        if isinstance(value, types.GeneratorType):  # how far it ran: where, its locals
            frame = value.gi_frame
            if frame is None:
                return ["generator", value.__qualname__, "finished"]
            return ["generator", value.__qualname__, frame.f_lasti,
                    encode(dict(frame.f_locals), f"{path}<locals>", depth)]
        if isinstance(value, io.IOBase):  # a stream: where the next read starts
            try:
                position = None if value.closed else value.tell()
            except (OSError, ValueError):
                position = "unknown"
            return ["stream", _name(type(value)), value.closed, position]
        wrapped = _wrapped(value)
        if wrapped is not None:  # jax.jit and functools.wraps wrappers: what they wrap
            parameters = getattr(value, "cache_parameters", None)  # functools.lru_cache's
            return ["wrapper", type(value).__name__, encode(wrapped, f"{path}.__wrapped__", depth),
                    repr(sorted(parameters().items())) if callable(parameters) else None]
        fields = _fields(value)
        if fields is not None:
            node = ["object", _name(type(value)) + _behaviour(type(value)),
                    [[name, encode(v, f"{path}.{name}", depth)] for name, v in fields]]
            structure = _pytree_structure(value)
            return node + [structure] if structure is not None else node
        try:  # C-level objects without fields: their pickled state (a NumPy Generator's)
            return ["pickled", _name(type(value)),
                    hashlib.sha256(pickle.dumps(value, protocol=4)).hexdigest()]
        except Exception:
            return self._opaque(path, f"a {type(value).__name__}, which cannot be compared")

    def _class(self, cls: type, path: str, depth: int):
        """A class by name; one of the verified module also by its data (class attributes
        that are not code), which its methods read."""
        if cls.__module__ not in self.modules:
            return ["class", _name(cls)]
        data = [[name, self.encode(value, f"{path}.{name}", depth)]
                for name, value in sorted(vars(cls).items())
                if (not name.startswith("__") or name == "__doc__") and not _is_code(value)]
        # What its definition declares: when that changed, the class is changed code (its
        # changed lines must run), not data to compare.
        declared = [sorted(name for name, _ in data), list(getattr(cls, "_fields", ())),
                    sorted(vars(cls).get("__annotations__", {}))]
        return ["class", _name(cls), declared, data]

    def _function(self, function: types.FunctionType, path: str, depth: int,
                  label: str | None = None, attributes: dict | None = None):
        """A function of another module by its name; one of the verified module by its name
        (a lambda by the name it is bound to, as the def it could be) and what it captures
        (the code itself changed or not: the changed lines must run)."""
        name = f"{function.__module__}.{label or function.__qualname__}"
        if function.__module__ not in self.modules:
            if function.__closure__ and _project_code(function):
                # A closure the project made (a test's `lambda i: seen.append(i)` passed as
                # a callback): what it captured is what the call changed.
                cells = self._cells(function, path, depth)
                return ["function", name, ["cells", [[k, cells[k]] for k in sorted(cells)]]]
            return ["function", name]
        cells = self._cells(function, path, depth)
        # Its docstring and attributes are data the program can read (`f.__doc__`, a
        # counter kept on the function), set on the session's wrapper where it has one.
        attributes = {key: value for key, value in (attributes or vars(function)).items()
                      if not key.startswith("__")}
        return ["module function", name, sorted(cells),
                ["cells", [[k, cells[k]] for k in sorted(cells)]],
                self.encode(function.__defaults__, f"{path}.__defaults__", depth),
                self.encode(function.__kwdefaults__, f"{path}.__kwdefaults__", depth),
                self.encode(function.__doc__, f"{path}.__doc__", depth),
                self.encode(attributes, f"{path}.<attributes>", depth)]

    def _cells(self, function: types.FunctionType, path: str, depth: int) -> dict:
        cells = {}
        for var, cell in zip(function.__code__.co_freevars, function.__closure__ or ()):
            try:
                contents = cell.cell_contents
            except ValueError:  # an empty cell: a name assigned later
                contents = "<empty cell>"
            cells[var] = self.encode(contents, f"{path}<{var}>", depth)
        return cells

    def _array(self, value, path: str):
        import numpy as np

        try:
            import jax
        except ImportError:  # pragma: no cover - the subprocess always has jax
            jax = None
        if jax is not None and isinstance(value, jax.core.Tracer):
            return self._opaque(path, "a traced value left behind by a jit")
        if jax is not None and isinstance(value, jax.Array):
            try:
                kind = "jax"
                if jax.dtypes.issubdtype(value.dtype, jax.dtypes.prng_key):
                    kind = f"jax {value.dtype}"  # a typed key is not its raw uint32 data
                    value = jax.random.key_data(value)
                aval = getattr(value, "aval", None)
                return _array_node(np.asarray(value), bool(getattr(aval, "weak_type", False)),
                                   kind)
            except Exception as error:  # a donated (deleted) array, an unfetchable one
                return self._opaque(path, f"an array that cannot be read ({error})")
        if isinstance(value, (np.ndarray, np.generic)) and np.asarray(value).dtype != object:
            kind = type(value).__name__
            if isinstance(value, np.ndarray) and not value.flags.writeable:
                kind += " (read-only)"  # a caller writing into it fails
            return _array_node(np.asarray(value), False, kind)
        return None

    def _opaque(self, path: str, why: str):
        self.opaque.append(f"{path or '(root)'}: {why}")
        return [OPAQUE, why]


def _project_code(function: types.FunctionType) -> bool:
    """Defined in a file of the project (under the working directory, not an installed
    package): its closures are the project's data, not a library's internals."""
    filename = function.__code__.co_filename
    root = os.getcwd() + os.sep
    return filename.startswith(root) and "site-packages" not in filename


def _array_node(array, weak: bool, kind: str) -> list:
    """dtype, shape, weak type, a digest of the bytes and the kind of array (a jax Array, a
    NumPy ndarray or scalar: a caller can write into an ndarray); a small array's bytes too,
    to say by how much two differ."""
    import numpy as np

    data = np.ascontiguousarray(array).tobytes()
    small = base64.b64encode(data).decode("ascii") if len(data) <= SMALL_BYTES else None
    return ["array", str(array.dtype), list(array.shape), weak,
            hashlib.sha256(data).hexdigest(), small, kind]


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _behaviour(cls: type) -> str:
    """What an object's class decides beyond its fields that a caller meets: whether it can
    be hashed (a jit static argument, a dict key) and a dataclass's frozen/order flags."""
    tags = []
    if getattr(cls, "__hash__", None) is None:
        tags.append("unhashable")
    params = getattr(cls, "__dataclass_params__", None)
    for flag in ("frozen", "order"):
        if getattr(params, flag, False):
            tags.append(flag)
    return f" ({', '.join(tags)})" if tags else ""


def _pytree_structure(value) -> str | None:
    """How jax flattens an object registered as a pytree node (which fields are leaves,
    which are static metadata: a field moved to `meta_fields` retraces a jit per value),
    addresses left out; None for an object jax takes as one leaf."""
    jax = sys.modules.get("jax")
    if jax is None:
        return None
    try:
        structure = jax.tree_util.tree_structure(value)
    except Exception:  # a flatten function that fails on this object
        return "<unflattenable>"
    if structure.num_nodes == 1 and structure.num_leaves == 1:
        return None
    return re.sub(r" at 0x[0-9a-fA-F]+", "", str(structure))


def _is_code(value) -> bool:
    return isinstance(value, (types.FunctionType, staticmethod, classmethod, property,
                              functools.partial, type, types.ModuleType)) or \
        hasattr(value, "__get__") and callable(value)


def _wrapped(value):
    """What a wrapper wraps (`jax.jit`'s result, a `functools.wraps` function), if it is one."""
    if not callable(value):
        return None
    try:
        wrapped = getattr(value, "__wrapped__", None)
    except Exception:  # an object whose attribute lookup runs code of its own
        return None
    return wrapped if wrapped is not None and wrapped is not value else None


def _fields(value) -> list | None:
    """An object's fields, sorted by name: a dataclass's, its `__dict__`, its `__slots__`."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return sorted((f.name, getattr(value, f.name)) for f in dataclasses.fields(value)
                      if hasattr(value, f.name))
    found = {}
    state = getattr(value, "__dict__", None)
    if isinstance(state, dict):
        found.update(state)
    for cls in type(value).__mro__:
        for slot in getattr(cls, "__slots__", ()) if isinstance(
                getattr(cls, "__slots__", ()), (tuple, list)) else ():
            if hasattr(value, slot) and slot not in ("__dict__", "__weakref__"):
                found[slot] = getattr(value, slot)
    if state is None and not found:
        return None
    return sorted(found.items())


def encode_state(module: str | set[str], value) -> tuple[object, list[str]]:
    """``value`` encoded, and the paths where it cannot be compared (empty when it can)."""
    encoder = Encoder(module)
    encoded = encoder.encode(value)
    return encoded, encoder.opaque


def difference(a, b, path: str = "") -> str | None:
    """Where two encodings first differ, in words; None when they are the same. Functions of
    the verified module whose code changed (another name, other captured names) are not
    compared: their changed lines must run to be vouched for, and then what they compute is
    compared where it is used."""
    if a == b:
        return None
    if isinstance(a, list) and isinstance(b, list) and a and b and a[0] == b[0]:
        kind = a[0]
        if kind == "module function":
            if a[1] != b[1] or a[2] != b[2]:
                return None
            return (difference(a[3], b[3], f"{path} (captured by {a[1]})")
                    or difference(a[4:6], b[4:6], f"{path} (defaults of {a[1]})")
                    or difference(a[6:7], b[6:7], f"{path} (docstring of {a[1]})")
                    or difference(a[7:], b[7:], f"{path} (attributes of {a[1]})"))
        if kind == "array" and a[1:4] == b[1:4] and a[6:] == b[6:]:
            return f"{path or '(root)'}: values differ{numeric_difference(a, b)}"
        if kind == "module data":  # [data, code, other modules' data]: a class or function
            # one version has is code
            common = {x[0][1] for x in a[2][1]} & {y[0][1] for y in b[2][1]}
            classes = [[[x for x in side[2][1] if x[0][1] in common]] for side in (a, b)]
            return (difference(a[1], b[1], path)
                    or difference(["dict", classes[0][0]], ["dict", classes[1][0]], path)
                    or difference(a[3:], b[3:], f"{path} (another module of the project)"))
        if kind == "class" and (len(a) < 4 or len(b) < 4):
            return f"{path or '(root)'}: {_describe(a)} vs {_describe(b)}"
        if kind == "class" and a[2] != b[2]:
            return None
        if kind in ("list", "tuple", "set", "frozenset", "dict", "namedtuple", "object", "class",
                    "cells"):
            items_a, items_b = a[-1], b[-1]
            if a[:-1] != b[:-1] or len(items_a) != len(items_b):
                return f"{path or '(root)'}: {_describe(a)} vs {_describe(b)}"
            for i, (x, y) in enumerate(zip(items_a, items_b)):
                if kind in ("object", "namedtuple", "class", "cells"):  # [name, value]
                    found = (f"{path}: {_describe(a)} vs {_describe(b)}" if x[0] != y[0]
                             else difference(x[1], y[1], f"{path}.{x[0]}"))
                elif kind == "dict":  # [key, value]
                    key = x[0][1] if isinstance(x[0], list) and len(x[0]) == 2 else i
                    found = (difference(x[0], y[0], f"{path}<key {i}>")
                             or difference(x[1], y[1], f"{path}[{key!r}]"))
                else:
                    found = difference(x, y, f"{path}[{i}]")
                if found:
                    return found
            return None
        if kind in ("method", "partial", "wrapper"):
            for x, y in zip(a[1:], b[1:]):
                found = difference(x, y, path)
                if found:
                    return found
            return None
    return f"{path or '(root)'}: {_describe(a)} vs {_describe(b)}"


def _describe(node) -> str:
    if not isinstance(node, list) or not node:
        return repr(node)
    kind = node[0]
    if kind == "array":
        what = node[6] if len(node) > 6 else ""
        kind = {"jax": "jax Array", "ndarray": "NumPy array"}.get(what, "NumPy scalar")
        return f"{node[1]}{node[2]}{' (weak)' if node[3] else ''} {kind} ({node[4][:8]})"
    if kind == "class":
        return f"class {node[1]}"
    if kind in ("list", "tuple", "set", "frozenset", "dict"):
        return f"{kind} of {len(node[-1])}"
    if kind in ("object", "namedtuple"):
        return f"{node[1]} with {', '.join(str(f[0]) for f in node[-1]) or 'no fields'}"
    if kind in ("int", "float", "complex", "str", "bool", "bytes", "NoneType"):
        return repr(node[1])
    return " ".join(str(part) for part in node[:2])


def numeric_difference(a: list, b: list) -> str:
    """` (max abs diff 1.2e-07, max rel diff 3e-08)` for two small arrays, else ''."""
    if a[5] is None or b[5] is None:
        return ""
    try:
        import numpy as np

        x = np.frombuffer(base64.b64decode(a[5]), dtype=a[1]).astype(np.float64)
        y = np.frombuffer(base64.b64decode(b[5]), dtype=b[1]).astype(np.float64)
        diff = np.abs(x - y)
        relative = diff / np.maximum(np.abs(x), np.finfo(np.float64).tiny)
        return f" (max abs diff {diff.max():.3g}, max rel diff {relative.max():.3g})"
    except Exception:  # a dtype NumPy cannot widen (a key, a string)
        return ""


def digest(encoded) -> str:
    import json

    return hashlib.sha256(json.dumps(encoded, sort_keys=True, default=str).encode()).hexdigest()
