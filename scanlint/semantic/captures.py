"""Captures of a step function (what a body reads from outside, and whether it could move
into the carry), the parameter style of a site, and what a body's returns and loops look like.

Part of the model (ground layer), on top of `carry.py`: the SCN1xx and SCN2xx rules and their
fixes read these facts; they do not re-derive them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst

from scanlint.semantic import walk
from scanlint.semantic.carry import StepFunction, carry_layout, step_function
from scanlint.semantic.model import FileModel, ScanSite
from scanlint.semantic.name_kinds import values_of
from scanlint.semantic.scopes import BUILTIN_NAMES, Binding, Scope, all_params, dotted, lookup


# -- captures --------------------------------------------------------------------------------
ARRAY_ATTRIBUTES = frozenset({
    "T", "mT", "shape", "dtype", "ndim", "size", "at", "real", "imag", "astype", "reshape",
    "sum", "mean", "max", "min", "prod", "transpose", "squeeze", "ravel", "flatten", "dot",
    "conj", "clip", "round", "cumsum", "argmax", "argmin", "std", "var", "any", "all",
})
# Calls whose arguments must be Python values (shapes, counts, axes, formatting).
STATIC_CALLS = frozenset({
    "range", "int", "float", "bool", "len", "str", "repr", "format", "print", "zeros", "ones",
    "empty", "full", "arange", "linspace", "eye", "identity", "reshape", "broadcast_to", "tile",
    "repeat", "split", "array_split", "roll", "expand_dims", "squeeze", "transpose", "moveaxis",
    "swapaxes", "PRNGKey", "key", "fold_in", "isinstance", "hasattr", "getattr",
    "enumerate", "zip", "slice", "dynamic_slice", "dynamic_update_slice", "iota", "one_hot",
})
STATIC_KEYWORDS = frozenset({
    "shape", "axis", "axes", "length", "num", "size", "dtype", "static_argnums",
    "static_argnames", "unroll", "num_segments", "precision", "keepdims", "newshape",
    "reverse", "batch_size", "slice_sizes", "total_repeat_length", "indices_are_sorted",
    "unique_indices", "mode", "method", "num_classes", "preferred_element_type",
})


@dataclass(eq=False)
class Capture:
    name: str
    # "enclosing" (a local of an enclosing function), "global", "import", "function",
    # "builtin" or "unresolved"
    category: str
    bindings: list[Binding]
    scope: Scope | None
    static_reason: str | None = None  # why it cannot be threaded through the carry

    @property
    def movable(self) -> bool:
        return self.category == "enclosing" and self.static_reason is None


def captures(model: FileModel, step: StepFunction) -> list[Capture]:
    """The body's free names, in first-use order, with where each comes from."""
    found: dict[str, Capture] = {}
    for scope in step.scope.walk():
        for name_node in scope.loads:
            name = name_node.value
            owner, bindings = lookup(scope, name)
            if owner is not None and owner.is_within(step.scope):
                continue
            if name not in found:
                found[name] = Capture(name, _category(owner, bindings, name), list(bindings), owner)
    static = static_uses(step)
    for capture in found.values():
        if capture.category == "enclosing":
            capture.static_reason = static.get(capture.name) or _name_reason(capture)
    return list(found.values())


def _category(owner: Scope | None, bindings: list[Binding], name: str) -> str:
    if owner is None:
        return "builtin" if name in BUILTIN_NAMES else "unresolved"
    kinds = {b.kind for b in bindings}
    if kinds == {"import"}:
        return "import"
    if kinds <= {"def", "class"}:
        return "function"
    return "global" if owner.kind == "module" else "enclosing"


# Names that by convention hold Python values JAX needs static (shapes, dtypes, axes, counts)
# or objects that cannot be carried (Pallas refs): threading them would trace them. Judged on
# jax's own sources, where such names were most of SCN102's would-be false positives.
_STATIC_NAME = re.compile(
    r"(^|_)(shape|shapes|dtype|dtypes|axis|axes|ndim|rank|size|sizes|ref|refs|mesh|spec|"
    r"config|cfg|mode|name|names|kind|barrier|barriers|sem|sems)$|^(n|num|len)_")


# Functions passed around as values (`body_fn`, `value_fn`, `fun`): not arrays either. Judged
# on flax's and optax's sources.
_FUNCTION_NAME = re.compile(r"(^|_)(fn|fun|func|function|callback)$")


def _name_reason(capture: Capture) -> str | None:
    if _STATIC_NAME.search(capture.name):
        return f"`{capture.name}` is by its name a static value"
    if _FUNCTION_NAME.search(capture.name):
        return f"`{capture.name}` is by its name a function"
    return None


class _StaticUseFinder(cst.CSTVisitor):
    """Names read where JAX needs a Python value, called, mutated, or declared nonlocal."""

    def __init__(self) -> None:
        self.reasons: dict[str, str] = {}
        self.static_depth = 0

    def _static(self, node: cst.CSTNode, why: str) -> None:
        self.static_depth += 1
        self._why = why
        walk.visit(node, self)
        self.static_depth -= 1

    def _mark(self, name: str, why: str) -> None:
        self.reasons.setdefault(name, why)

    def visit_Name(self, node: cst.Name) -> None:
        if self.static_depth:
            self._mark(node.value, f"`{node.value}` is used {self._why}")

    def visit_If(self, node: cst.If) -> bool:
        self._static(node.test, "in an `if` test")
        walk.visit(node.body, self)
        if node.orelse is not None:
            walk.visit(node.orelse, self)
        return False

    def visit_While(self, node: cst.While) -> bool:
        self._static(node.test, "in a `while` test")
        walk.visit(node.body, self)
        return False

    def visit_IfExp(self, node: cst.IfExp) -> bool:
        self._static(node.test, "in a conditional expression's test")
        walk.visit(node.body, self)
        walk.visit(node.orelse, self)
        return False

    def visit_Assert(self, node: cst.Assert) -> bool:
        self._static(node.test, "in an `assert`")
        return False

    def visit_Slice(self, node: cst.Slice) -> bool:
        for part in (node.lower, node.upper, node.step):
            if part is not None:
                self._static(part, "as a slice bound")
        return False

    def visit_Call(self, node: cst.Call) -> bool:
        if isinstance(node.func, cst.Name):
            self._mark(node.func.value, f"`{node.func.value}` is called")
        else:
            walk.visit(node.func, self)
        last = (dotted(node.func) or "").split(".")[-1]
        for arg in node.args:
            if last in STATIC_CALLS:
                self._static(arg.value, f"as an argument of `{last}()`")
            elif arg.keyword is not None and arg.keyword.value in STATIC_KEYWORDS:
                self._static(arg.value, f"as `{arg.keyword.value}=`")
            else:
                walk.visit(arg.value, self)
        return False

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        if isinstance(node.value, cst.Name) and node.attr.value not in ARRAY_ATTRIBUTES:
            self._mark(node.value.value, f"`{node.value.value}.{node.attr.value}` is not an "
                       "array attribute")
        return True

    def visit_Comparison(self, node: cst.Comparison) -> bool:
        if any(isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn))
               for c in node.comparisons):
            self._static(node.left, "in an `is`/`in` comparison")
            for comparison in node.comparisons:
                self._static(comparison.comparator, "in an `is`/`in` comparison")
            return False
        return True

    def visit_FormattedStringExpression(self, node: cst.FormattedStringExpression) -> bool:
        self._static(node.expression, "in an f-string")
        return False

    def visit_Nonlocal(self, node: cst.Nonlocal) -> bool:
        for item in node.names:
            self._mark(item.name.value, f"`{item.name.value}` is declared nonlocal")
        return False

    def _mutated_target(self, target: cst.BaseExpression) -> None:
        base = target
        while isinstance(base, (cst.Attribute, cst.Subscript)):
            base = base.value
        if isinstance(base, cst.Name) and base is not target:
            self._mark(base.value, f"`{base.value}` is mutated")

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._mutated_target(target.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._mutated_target(node.target)


def static_uses(step: StepFunction) -> dict[str, str]:
    finder = _StaticUseFinder()
    walk.visit(step.node.body, finder)
    if isinstance(step.node, cst.FunctionDef):
        for param in all_params(step.node.params):
            if param.default is not None:
                walk.visit(param.default, finder)
    return finder.reasons


def closure_captures(model: FileModel, step: StepFunction) -> list[Capture]:
    """Locals of an enclosing function the body reads: the closure style's constants. A
    capture is movable into the carry only when `name_kinds.py` shows it holds arrays and
    nothing needs it as anything else (see `Values.carry_reason`)."""
    found = [c for c in captures(model, step) if c.category == "enclosing"]
    values = values_of(model)
    for capture in found:
        if capture.static_reason is None:
            capture.static_reason = values.carry_reason(capture.name, capture.bindings)
    return found


# -- the style of a site ----------------------------------------------------------------------
def site_style(model: FileModel, site: ScanSite) -> str | None:
    """"carry" when the body threads constants through the carry, "closure" when it captures
    locals of an enclosing function that could be threaded, else None."""
    step = step_function(model, site)
    if step is None or step.carry_param is None:
        return None
    layout = carry_layout(model, site, step)
    if layout is not None and layout.passthrough:
        return "carry"
    if any(c.movable for c in closure_captures(model, step)):
        return "closure"
    return None


def majority_style(model: FileModel) -> str | None:
    """The style most sites of the file use (None on a tie or when no site has one)."""
    styles = [site_style(model, site) for site in model.sites]
    carry, closure = styles.count("carry"), styles.count("closure")
    if carry == closure:
        return None
    return "carry" if carry > closure else "closure"


def wanted_style(model: FileModel, param_style: str) -> str | None:
    """The style the settings ask of this file: closure, carry, or the file's majority."""
    if param_style in ("closure", "carry"):
        return param_style
    if param_style == "consistent":
        return majority_style(model)
    return None


# -- what a body returns (SCN2xx) -------------------------------------------------------------
def falls_off_end(function: cst.FunctionDef) -> bool:
    """True when the def's last statement is not a return or raise (it may return None)."""
    body = function.body
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return False
    last = body.body[-1]
    if isinstance(last, cst.SimpleStatementLine):
        return not isinstance(last.body[-1], (cst.Return, cst.Raise))
    return isinstance(last, (cst.For, cst.While)) or (
        isinstance(last, cst.If) and last.orelse is None)


# Expressions that can never evaluate to a tuple.
NOT_A_TUPLE = (cst.BinaryOperation, cst.UnaryOperation, cst.BooleanOperation, cst.Comparison,
               cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.FormattedString,
               cst.ConcatenatedString, cst.List, cst.Dict, cst.Set, cst.ListComp, cst.SetComp,
               cst.DictComp, cst.GeneratorExp, cst.Lambda)


def loop_targets(loop: cst.For) -> set[str]:
    names: set[str] = set()

    def collect(target: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            names.add(target.value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                collect(element.value)
        elif isinstance(target, cst.StarredElement):
            collect(target.value)

    collect(loop.target)
    return names
