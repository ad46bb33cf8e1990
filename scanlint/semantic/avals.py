"""Abstract values as JAX types them: a dtype (its kind, width and weak type) and a shape, or a
container of them (a tuple, list, dict, NamedTuple or `None`), with JAX's promotion lattice
and broadcasting.

Dtype promotion follows JAX's lattice with 64-bit types disabled (the default): Python scalars
are weakly typed and take the other operand's dtype within their kind; a dtype left to its
default (`jnp.zeros(3)`) is float32 or int32, float64 or int64 with `jax_enable_x64`, so a
mismatch is claimed against a default only when no default could match (`float16`, `int8`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import libcst as cst

from scanlint.semantic.carry import literal_elements, string_key
from scanlint.semantic.model import FileModel
from scanlint.semantic.scopes import Scope, lookup, qualified_name

DTYPES = {
    "bool": ("bool", "bool_"),
    "uint": ("uint8", "uint16", "uint32", "uint64"),
    "int": ("int8", "int16", "int32", "int64"),
    "float": ("bfloat16", "float16", "float32", "float64"),
    "complex": ("complex64", "complex128"),
}
KIND_OF = {name: kind for kind, names in DTYPES.items() for name in names}
# Python's builtins used as dtypes (`dtype=int`), as JAX reads them.
BUILTIN_DTYPES = {"int": "int", "float": "float", "complex": "complex", "bool": "bool"}
# Widths no default dtype has: a mismatch against a default is certain.
NON_DEFAULT = frozenset({"bfloat16", "float16", "int8", "int16", "uint8", "uint16", "bool",
                         "bool_"})


DEFAULT = {"bool": "bool", "uint": "uint32", "int": "int32", "float": "float32",
           "complex": "complex64"}
# 64-bit dtypes are the defaults with `jax_enable_x64` and become them without it: as a
# default, they neither match nor differ from a default for certain.
SIXTY_FOUR = frozenset({"float64", "int64", "uint64", "complex128"})
# The kind of a value known only to be floating or complex (a mean, `jnp.exp` of an unknown
# array): never equal to an int or bool dtype, maybe to any float or complex one. With
# ``default`` set, it is at least as wide as the default float (float32, or float64 with
# `jax_enable_x64`): a strong default float times an array the code does not show.
INEXACT = "inexact"
# Each kind's dtype as a default under `jax_enable_x64`.
X64 = {"bool": "bool", "uint": "uint64", "int": "int64", "float": "float64",
       "complex": "complex128"}
NARROW_FLOATS = frozenset({"bfloat16", "float16", "float32"})


@dataclass(frozen=True)
class Aval:
    """What is known of one array: its kind, its dtype (None when only the kind is known),
    whether that dtype is a default (`jnp.zeros(3)`: float32, or float64 with x64), whether
    JAX types it weakly (Python scalars), its shape. ``origin`` labels a carry's incoming
    value (kept only by reading it), ``grown`` the carry a value was built by appending to."""

    kind: str | None
    dtype: str | None = None
    default: bool = False
    weak: bool | None = False
    shape: tuple[int, ...] | None = None
    origin: str | None = None
    grown: tuple[str, ...] | None = None  # the carries it may have been grown from
    grown_by: str | None = None  # the function that grew it (`append`, `concatenate`)

    def describe(self, x64: bool = False) -> str:
        if self.kind == INEXACT and self.dtype is None:
            name = "an inexact (floating) value"
            if self.default:
                name = "a float64 (or complex128) value" if x64 else \
                    "a floating value at least as wide as float32"
            return name if self.shape is None else f"{name} of shape {self.shape}"
        name = self.dtype or self.kind or "an array"
        if self.shape is not None:
            name += f"[{','.join(str(d) for d in self.shape)}]"
        return f"weakly typed {name}" if self.weak else name


def of_kind(kind: str, weak: bool | None = False, shape: tuple | None = None) -> Aval:
    """A value of ``kind`` whose dtype is the default."""
    if kind not in DEFAULT:  # INEXACT: float or complex, the dtype not known
        return Aval(kind, None, False, None, shape)
    return Aval(kind, DEFAULT[kind], True, weak, shape)


@dataclass(frozen=True)
class Container:
    """A tuple, list or dict literal of values (Avals, Containers or None), or a record: an
    instance of a NamedTuple or pytree dataclass of this file built with every field."""

    kind: str  # "tuple" | "list" | "dict" | "record" | "none"
    items: tuple
    keys: tuple | None = None  # a dict's keys or a record's fields, in order
    name: str | None = None  # a record's class


Value = Aval | Container | None
NONE = Container("none", ())  # `None`: an empty pytree


# -- dtype promotion ----------------------------------------------------------------------------
def dtype_name(model: FileModel, scope: Scope, expr: cst.BaseExpression | None) -> str | None:
    """`jnp.float16`, `np.int32`, `"float16"`, `int` as a dtype name (a kind for builtins)."""
    if expr is None:
        return None
    if isinstance(expr, cst.SimpleString):
        text = string_key(expr)
        return text if text in KIND_OF else None
    if isinstance(expr, cst.Name) and expr.value in BUILTIN_DTYPES and lookup(
            scope, expr.value)[0] is None:
        return BUILTIN_DTYPES[expr.value]
    name = qualified_name(scope, expr) or ""
    module, _, last = name.rpartition(".")
    if module in ("jax.numpy", "numpy") and last in KIND_OF:
        return last
    return None


def as_aval(name: str, shape: tuple | None = None) -> Aval:
    """A strong value of dtype ``name`` (a kind such as `int`: that kind's default)."""
    if name in KIND_OF:
        kind = KIND_OF[name]
        name = "bool" if name == "bool_" else name
        return Aval(kind, name, name in SIXTY_FOUR, False, shape)
    return of_kind(name, False, shape)


def _width(dtype: str) -> int:
    return DTYPES[KIND_OF[dtype]].index(dtype)


def promote(a: Aval, b: Aval, shape: tuple | None) -> Aval | None:
    """The Aval of a binary operation on ``a`` and ``b`` (JAX's promotion lattice)."""
    result = _promote(a, b, shape)
    if result is not None and result.kind in (INEXACT, "complex") and result.dtype is None \
            and (at_least_default(a) or at_least_default(b)):
        return replace(result, default=True)  # no narrower than the wider operand
    return result


def at_least_default(value: Aval) -> bool:
    """A strong floating value at least as wide as the default float: a default float, a
    float64, or an inexact value known to be that wide."""
    if value.kind == INEXACT:
        return value.default  # only ever set from a strong operand
    if value.weak is not False:
        return False
    return value.kind in ("float", "complex") and (value.default or value.dtype in SIXTY_FOUR)


def wider_than_unknown(known: Aval) -> Aval | None:
    """A binary operation of ``known`` with a value the code does not show: an inexact value
    at least the default float's width when ``known`` is (whatever the other operand is,
    promotion never narrows); else None."""
    return Aval(INEXACT, None, True, False, None) if known.kind in (
        "float", INEXACT) and at_least_default(known) else None


def under_x64(value: Aval) -> Aval:
    """``value`` as JAX types it with `jax_enable_x64`: a default dtype is 64-bit."""
    if value.default and value.dtype is not None and value.kind in X64:
        return replace(value, dtype=X64[value.kind], default=False)
    return value


def _promote(a: Aval, b: Aval, shape: tuple | None) -> Aval | None:
    if a.kind is None or b.kind is None:
        return None
    if a.kind != b.kind:
        return _across_kinds(a, b, shape)
    if a.weak is None or b.weak is None:
        return Aval(a.kind, None, False, None, shape)
    if a.weak != b.weak:  # a Python scalar takes the array's dtype
        strong = b if a.weak else a
        return Aval(strong.kind, strong.dtype, strong.default, False, shape)
    if a.weak:
        return of_kind(a.kind, True, shape)
    return _same_kind(a, b, shape)


def _across_kinds(a: Aval, b: Aval, shape: tuple | None) -> Aval:
    if INEXACT in (a.kind, b.kind):
        other = b if a.kind == INEXACT else a
        kind = "complex" if other.kind == "complex" else INEXACT
        return Aval(kind, None, False, None, shape)
    high, low = (a, b) if kind_rank(a.kind) > kind_rank(b.kind) else (b, a)
    if {a.kind, b.kind} == {"int", "uint"}:
        if high.weak or low.weak:  # a Python int takes an unsigned array's dtype
            strong = low if high.weak else high
            return Aval(strong.kind, strong.dtype, strong.default, strong.weak, shape)
        return Aval("int", None, False, False, shape)
    if high.weak is None or low.weak is None:
        return Aval(high.kind, None, False, None, shape)
    if high.weak and not low.weak and high.kind == "complex" and low.kind == "float":
        # float32 + 1j: complex64, as strong as the float; a default float (float64 with
        # x64) gives the default complex (complex128 with x64)
        wide = low.dtype == "float64"
        return Aval("complex", "complex128" if wide else "complex64",
                    low.default or low.dtype is None, False, shape)
    if high.kind == "complex" and low.kind == "float" and low.default and not high.default \
            and high.dtype == "complex64" and not (high.weak or low.weak):
        # complex64 with a default float: complex128 with x64, complex64 without
        return Aval("complex", "complex64", True, False, shape)
    if high.weak and not low.weak:  # int32 + 0.5: a weak float of the default dtype
        return of_kind(high.kind, True, shape)  # type: ignore[arg-type]
    return Aval(high.kind, high.dtype, high.default, high.weak and low.weak, shape)


def kind_rank(kind: str | None) -> int:
    return {"bool": 0, "uint": 1, "int": 1, "float": 2, INEXACT: 2,
            "complex": 3}[kind or "bool"]


def _same_kind(a: Aval, b: Aval, shape: tuple | None) -> Aval:
    if a.dtype is None or b.dtype is None:
        return Aval(a.kind, None, False, False, shape)
    if a.default or b.default:
        explicit = b if a.default else a
        default = a if a.default else b
        wider = explicit if not explicit.default and _width(explicit.dtype) > _width(  # type: ignore[arg-type]
            default.dtype) else default  # type: ignore[arg-type]
        return Aval(a.kind, wider.dtype, wider.default, False, shape)
    if {a.dtype, b.dtype} == {"bfloat16", "float16"}:
        return Aval("float", "float32", False, False, shape)
    wider = a if _width(a.dtype) >= _width(b.dtype) else b
    return Aval(a.kind, wider.dtype, wider.default, False, shape)


def at_least_float(value: Aval) -> Aval:
    """The result of a float function (`sqrt`, `/`) of ``value``: ints become floats."""
    if value.kind in ("bool", "uint", "int"):
        return of_kind("float", value.weak, value.shape)
    return value


def dtype_differs(start: Aval, out: Aval, x64: bool = False) -> bool:
    """Whether JAX sees a different dtype: a strong init's kind or visibly different width; a
    weak init (a Python scalar, promoted to the output's dtype by JAX) only when the output is
    of a lower kind. ``x64``: the file turns on `jax_enable_x64` (defaults are 64-bit)."""
    if start.kind is None or out.kind is None or start.weak is None:
        return False
    if x64:
        start, out = under_x64(start), under_x64(out)
    if INEXACT in (start.kind, out.kind):  # only an int or bool against it is certain
        other = start if out.kind == INEXACT else out
        if other is start and not start.weak and start.kind in ("bool", "int", "uint"):
            return True
        # at least the default float's width, against a strong narrower float
        narrower = NARROW_FLOATS if x64 else NARROW_FLOATS - {"float32"}
        return (out.kind == INEXACT and out.default and start.kind == "float"
                and start.weak is False and start.dtype in narrower and not start.default)
    if start.weak:
        return kind_rank(out.kind) < kind_rank(start.kind)
    if start.kind != out.kind:
        return not ({start.kind, out.kind} == {"int", "uint"} and out.weak is not False)
    if out.weak is not False or start.dtype is None or out.dtype is None:
        return False
    if start.default or out.default:
        explicit = out if start.default else start
        return not explicit.default and explicit.dtype in NON_DEFAULT
    return start.dtype != out.dtype


def shape_differs(start: Aval, out: Aval) -> bool:
    return start.shape is not None and out.shape is not None and start.shape != out.shape


# -- shapes -------------------------------------------------------------------------------------
def broadcast(a: tuple | None, b: tuple | None) -> tuple | None:
    if a is None or b is None:
        return None
    out = []
    for x, y in zip(reversed((1,) * (len(b) - len(a)) + a), reversed((1,) * (len(a) - len(b)) + b)):
        if x != y and 1 not in (x, y):
            return None
        out.append(max(x, y))
    return tuple(reversed(out))


def literal_shape(expr: cst.BaseExpression | None) -> tuple[int, ...] | None:
    """`3`, `(2, 3)` or `[10, 10]` as a shape."""
    if isinstance(expr, cst.Integer):
        return (int(expr.evaluated_value),)
    elements = literal_elements(expr)
    if elements is not None and all(isinstance(e, cst.Integer) for e in elements[1]):
        return tuple(int(e.evaluated_value) for e in elements[1])  # type: ignore[union-attr]
    return None


def matmul_shape(a: tuple | None, b: tuple | None) -> tuple | None:
    if a is None or b is None or not a or not b:
        return None
    if len(a) == 1 and len(b) == 1:
        return () if a == b else None
    if len(b) == 1:
        return a[:-1] if a[-1] == b[0] else None
    if len(a) == 1:
        return b[:-2] + b[-1:] if a[0] == b[-2] else None
    if a[-1] != b[-2]:
        return None
    batch = broadcast(a[:-2], b[:-2])
    return None if batch is None else batch + (a[-2], b[-1])
