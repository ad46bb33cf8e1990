"""How each read of a name is used, as far as the code shows: called, passed where JAX takes a
function (`vmap(f)`, `lax.switch(i, branches, x)`), read where a Python value is needed (an
`if`, `range()`, `shape=`), an object's attribute, unpacked with `*` or `**`; or used as an
array (arithmetic, `.at`, `.sum()`, an argument of a jax.numpy function, returned by a loop
body, scanned over). `name_kinds.py` judges a name from these uses and from its bindings.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from scanlint.semantic import walk
from scanlint.semantic.model import FileModel
from scanlint.semantic.scopes import (BUILTIN_NAMES, Scope, StubBinding, all_params, dotted,
                                      leaf_targets, lookup, qualified_name)

# Modules whose functions take and return arrays.
ARRAY_MODULES = ("jax.numpy.", "jax.lax.", "jax.random.", "jax.nn.", "jax.scipy.", "jax.image.",
                 "jax.ops.")
# Functions of those modules whose result is a Python value (a dtype, a shape, a bool).
STATIC_RESULTS = frozenset({
    "dtype", "shape", "ndim", "size", "result_type", "finfo", "iinfo", "issubdtype",
    "promote_types", "broadcast_shapes", "isscalar", "iscomplexobj", "isrealobj", "can_cast",
    "canonicalize_dtype", "axis_size", "axis_index_groups",
})
# Calls whose every argument must be a Python value (shapes, counts, conversions).
ALL_STATIC = frozenset({
    "range", "int", "float", "bool", "complex", "len", "str", "repr", "format", "print",
    "zeros", "ones", "empty", "arange", "eye", "identity", "PRNGKey", "key", "isinstance",
    "issubclass", "hasattr", "getattr", "setattr", "callable", "type", "enumerate", "zip",
    "slice", "iota", "tri", "tril_indices", "triu_indices", "diag_indices", "indices",
    "sorted", "reversed", "next", "iter", "hash", "id", "broadcasted_iota",
})
# Array functions whose first argument is the array and the rest Python values.
FIRST_ARRAY = frozenset({
    "reshape", "broadcast_to", "tile", "repeat", "split", "array_split", "roll",
    "expand_dims", "squeeze", "transpose", "moveaxis", "swapaxes", "one_hot", "fold_in",
    "dynamic_slice", "dynamic_slice_in_dim", "dynamic_index_in_dim", "slice_in_dim",
    "index_in_dim", "pad", "rot90", "flip", "top_k", "collapse", "broadcast_in_dim",
})
STATIC_KEYWORDS = frozenset({
    "shape", "axis", "axes", "length", "num", "size", "dtype", "static_argnums",
    "static_argnames", "unroll", "num_segments", "precision", "keepdims", "newshape",
    "reverse", "batch_size", "slice_sizes", "total_repeat_length", "indices_are_sorted",
    "unique_indices", "mode", "method", "num_classes", "preferred_element_type", "in_axes",
    "out_axes", "axis_name", "dimension", "dimensions", "ord", "k", "n",
})
# jax functions taking functions: the positions and keywords that are functions.
FUNCTION_ARGS: dict[str, tuple[frozenset, frozenset]] = {
    "jax.lax.switch": (frozenset({1}), frozenset({"branches"})),
    "jax.lax.cond": (frozenset({1, 2}), frozenset({"true_fun", "false_fun"})),
    "jax.lax.scan": (frozenset({0}), frozenset({"f"})),
    "jax.lax.fori_loop": (frozenset({2}), frozenset({"body_fun"})),
    "jax.lax.while_loop": (frozenset({0, 1}), frozenset({"cond_fun", "body_fun"})),
    "jax.lax.map": (frozenset({0}), frozenset({"f"})),
    "jax.lax.associative_scan": (frozenset({0}), frozenset({"fn"})),
    "jax.lax.custom_root": (frozenset({0, 2, 3}), frozenset({"f", "solve", "tangent_solve"})),
    "jax.lax.custom_linear_solve": (frozenset({0, 2, 3}),
                                    frozenset({"matvec", "solve", "transpose_solve"})),
    "jax.lax.reduce": (frozenset({2}), frozenset({"computation"})),
    "jax.lax.sort_key_val": (frozenset(), frozenset()),
}


# jax functions whose first argument is a function.
TRANSFORMS = frozenset({
    "jax.jit", "jax.vmap", "jax.pmap", "jax.grad", "jax.value_and_grad", "jax.jacfwd",
    "jax.jacrev", "jax.jacobian", "jax.hessian", "jax.checkpoint", "jax.remat",
    "jax.named_call", "jax.custom_jvp", "jax.custom_vjp", "jax.shard_map",
    "jax.experimental.shard_map.shard_map", "jax.tree_util.Partial", "jax.closure_convert",
    "jax.linear_transpose", "jax.eval_shape", "jax.jvp", "jax.vjp", "jax.linearize",
    "jax.pure_callback", "jax.debug.callback", "jax.experimental.io_callback", "jax.tree.map",
    "jax.tree_util.tree_map", "jax.tree.reduce", "jax.tree_util.tree_reduce",
    "jax.tree_util.tree_map_with_path", "jax.tree.map_with_path", "jax.lax.stop_gradient",
    "functools.partial", "functools.reduce", "jax.make_jaxpr", "jax.block_until_ready",
})
# Of those, the ones whose result is arrays (a loop's carry, a callback's result, a tree).
ARRAY_RESULT_CALLS = frozenset({
    "jax.tree.map", "jax.tree_util.tree_map", "jax.tree_util.tree_map_with_path",
    "jax.tree.map_with_path", "jax.tree.leaves", "jax.tree_util.tree_leaves",
    "jax.tree.unflatten", "jax.tree_util.tree_unflatten", "jax.pure_callback",
    "jax.device_put", "jax.lax.stop_gradient", "jax.block_until_ready",
})
# Transforms whose result, called, returns arrays: `jax.vmap(f)(x)`.
ARRAY_FUNCTION_TRANSFORMS = frozenset({
    "jax.jit", "jax.vmap", "jax.pmap", "jax.grad", "jax.value_and_grad", "jax.jacfwd",
    "jax.jacrev", "jax.jacobian", "jax.hessian", "jax.checkpoint", "jax.remat",
})
# Attributes that only an array has, or that give an array back.
ARRAY_INFO = frozenset({"shape", "dtype", "ndim", "size", "nbytes", "itemsize", "aval",
                        "sharding", "weak_type"})
ARRAY_VALUES = frozenset({"T", "mT", "real", "imag", "at"})
ARRAY_METHODS = frozenset({
    "astype", "reshape", "sum", "mean", "max", "min", "prod", "transpose", "squeeze", "ravel",
    "flatten", "dot", "conj", "conjugate", "clip", "round", "cumsum", "cumprod", "argmax",
    "argmin", "std", "var", "any", "all", "set", "add", "multiply", "divide", "power", "get",
    "apply", "swapaxes", "repeat", "take", "argsort", "sort", "nonzero", "trace", "diagonal",
    "block_until_ready", "copy", "view", "item", "tolist", "__array__",
})
# Methods whose object is a Python container being changed in place.
MUTATING_METHODS = frozenset({"append", "extend", "insert", "pop", "popitem", "remove",
                              "clear", "update", "setdefault", "discard", "appendleft"})
FOLLOW_DEPTH = 4

# The kinds a use or a binding can show.
ARRAY, CONSTANT, STATIC, FUNCTION, OBJECT, UNKNOWN = (
    "array", "constant", "static", "function", "object", "unknown")


# The kinds a use or a binding can show.
ARRAY, CONSTANT, STATIC, FUNCTION, OBJECT, UNKNOWN = (
    "array", "constant", "static", "function", "object", "unknown")


# The kinds a use or a binding can show.
ARRAY, CONSTANT, STATIC, FUNCTION, OBJECT, UNKNOWN = (
    "array", "constant", "static", "function", "object", "unknown")


# The kinds a use or a binding can show.
ARRAY, CONSTANT, STATIC, FUNCTION, OBJECT, UNKNOWN = (
    "array", "constant", "static", "function", "object", "unknown")


# The kinds a use or a binding can show.
ARRAY, CONSTANT, STATIC, FUNCTION, OBJECT, UNKNOWN = (
    "array", "constant", "static", "function", "object", "unknown")


# The kinds a use or a binding can show.
ARRAY, CONSTANT, STATIC, FUNCTION, OBJECT, UNKNOWN = (
    "array", "constant", "static", "function", "object", "unknown")


@dataclass(frozen=True)
class Use:
    """How one read of a name is used: a kind, why, and for `bind` (copied into names) and
    `call` (passed to a function of the file) where to follow it."""

    kind: str  # array | static | function | object | unknown | neutral | bind | call
    why: str = ""
    follow: object = None
    # Only an array allows it (`.shape`, `.at`, `.sum()`, indexing by a computed value,
    # scanning over it); arithmetic and jax.numpy calls accept Python numbers too.
    strong: bool = False
    # Read through arithmetic: what the result shows (`(dt * a).sum()`) says nothing strong
    # about an operand, which may be a Python number.
    weakened: bool = False


NEUTRAL = Use("neutral")


def arith_use(use: Use) -> Use:
    """The use of an operand of arithmetic whose result is used as ``use``: a static result
    needs static operands; an array result may come from a Python number and an array, so
    it shows only a weak array use of each operand."""
    if use.kind == STATIC:
        return use
    if use.kind in ("bind", "call"):
        return Use(use.kind, use.why, use.follow, weakened=True)
    if use.kind in (FUNCTION, OBJECT):
        return use
    return Use(ARRAY, use.why if use.kind == ARRAY else "used in arithmetic")


def last_part(name: str | None) -> str:
    return (name or "").split(".")[-1]


class NameUses:
    """The use of every name read in one top-level statement (a function or class)."""

    def __init__(self, model: FileModel, bodies: set[int]) -> None:
        self.model = model
        self.bodies = bodies  # ids of functions used as loop bodies (they return arrays)
        self.uses: dict[int, Use] = {}
        self.scope: Scope = model.module_scope
        self.function: cst.CSTNode | None = None

    # -- statements -------------------------------------------------------------------
    def node(self, node: cst.CSTNode) -> None:
        method = getattr(self, "stmt_" + type(node).__name__, None)
        if method is not None:
            method(node)
        elif isinstance(node, cst.BaseExpression):
            self.expr(node, NEUTRAL)
        else:
            for child in walk.children(node):
                self.node(child)

    def _in_scope(self, node: cst.CSTNode, run) -> None:
        saved = self.scope
        self.scope = self.model.scope_of.get(id(node), self.scope)
        run()
        self.scope = saved

    def stmt_FunctionDef(self, node: cst.FunctionDef) -> None:
        for decorator in node.decorators:
            self.expr(decorator.decorator, Use(FUNCTION, "a decorator"))
        for param in all_params(node.params):
            if param.default is not None:
                self.expr(param.default, NEUTRAL)
        saved = self.function
        self.function = node
        self._in_scope(node, lambda: self.node(node.body))
        self.function = saved

    def stmt_ClassDef(self, node: cst.ClassDef) -> None:
        for arg in (*node.bases, *node.keywords):
            self.expr(arg.value, NEUTRAL)
        self._in_scope(node, lambda: self.node(node.body))

    def stmt_Assign(self, node: cst.Assign) -> None:
        targets = [t.target for t in node.targets]
        self._bind(targets, node.value)

    def stmt_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._bind([node.target], node.value)

    def _bind(self, targets: list[cst.BaseExpression], value: cst.BaseExpression) -> None:
        for target in targets:
            self._target(target)
        if len(targets) == 1 and isinstance(targets[0], (cst.Tuple, cst.List)) and isinstance(
                value, (cst.Tuple, cst.List)) and len(targets[0].elements) == len(value.elements):
            for t, v in zip(targets[0].elements, value.elements):
                self._bind([t.value], v.value)
            return
        names = [n for t in targets for n in target_name_nodes(t)]
        self.expr(value, Use("bind", "copied", (self.scope, tuple(names))) if names else NEUTRAL)

    def _target(self, target: cst.BaseExpression) -> None:
        """Subscript and attribute targets change their base in place: it is an object."""
        for leaf in leaf_targets(target):
            if isinstance(leaf, (cst.Subscript, cst.Attribute)):
                self.expr(leaf.value, Use(OBJECT, "changed in place"))
                if isinstance(leaf, cst.Subscript):
                    for element in leaf.slice:
                        self.node(element)

    def stmt_AugAssign(self, node: cst.AugAssign) -> None:
        if isinstance(node.target, cst.Name):
            self.uses[id(node.target)] = Use(ARRAY, "used in arithmetic")
            self.expr(node.value, Use(ARRAY, "used in arithmetic"))
        else:
            self._target(node.target)
            self.expr(node.value, NEUTRAL)

    def stmt_Return(self, node: cst.Return) -> None:
        if node.value is not None:
            self.expr(node.value, self._returned())

    def _returned(self) -> Use:
        if self.function is not None and id(self.function) in self.bodies:
            return Use(ARRAY, "returned by a loop body")
        return NEUTRAL

    def _branching(self, head: cst.BaseExpression, why: str, node) -> None:
        """`if`, `while`, `for`: the test or iterable is read as a Python value."""
        self.expr(head, Use(STATIC, why))
        self.node(node.body)
        if node.orelse is not None:
            self.node(node.orelse)

    def stmt_If(self, node: cst.If) -> None:
        self._branching(node.test, "used in an `if` test", node)

    def stmt_While(self, node: cst.While) -> None:
        self._branching(node.test, "used in a `while` test", node)

    def stmt_For(self, node: cst.For) -> None:
        self._branching(node.iter, "iterated over in a Python `for`", node)

    def stmt_Assert(self, node: cst.Assert) -> None:
        self.expr(node.test, Use(STATIC, "used in an `assert`"))

    def stmt_WithItem(self, node: cst.WithItem) -> None:
        self.expr(node.item, Use(OBJECT, "used in a `with`"))

    # -- expressions --------------------------------------------------------------------
    def expr(self, node: cst.CSTNode, use: Use) -> None:
        method = getattr(self, "expr_" + type(node).__name__, None)
        if method is not None:
            method(node, use)
        else:
            for child in walk.children(node):
                self.node(child) if not isinstance(child, cst.BaseExpression) else self.expr(
                    child, NEUTRAL)

    def expr_Name(self, node: cst.Name, use: Use) -> None:
        self.uses[id(node)] = use

    def expr_Attribute(self, node: cst.Attribute, use: Use) -> None:
        attr = node.attr.value
        if attr in ARRAY_VALUES:
            self.expr(node.value, Use(ARRAY, f"`.{attr}` is read", strong=True) if use.kind in (
                "neutral", "unknown", OBJECT, ARRAY) else strong_use(use))
        elif attr in ARRAY_INFO:
            self.expr(node.value, Use(ARRAY, f"`.{attr}` is read", strong=True))
        else:
            self.expr(node.value, Use(OBJECT, f"`.{attr}` is not an array attribute"))

    def expr_Subscript(self, node: cst.Subscript, use: Use) -> None:
        """`x[i]`: `x` is used as its element is. Indexed by a computed value (not a literal),
        it is an array: a Python sequence of numbers cannot be indexed by a traced value."""
        computed = any(isinstance(e.slice, cst.Index) and reads_a_name(e.slice.value)
                       for e in node.slice)
        if computed and use.kind in ("neutral", UNKNOWN, ARRAY):
            use = Use(ARRAY, "indexed by a computed value", strong=True)
        elif computed:
            use = strong_use(use)
        self.expr(node.value, use)
        for element in node.slice:
            if isinstance(element.slice, cst.Index):
                self.expr(element.slice.value, NEUTRAL)
            else:
                for part in (element.slice.lower, element.slice.upper, element.slice.step):
                    if part is not None:
                        self.expr(part, Use(STATIC, "used as a slice bound"))

    def expr_BinaryOperation(self, node: cst.BinaryOperation, use: Use) -> None:
        if isinstance(node.operator, cst.Modulo) and isinstance(
                node.left, (cst.SimpleString, cst.ConcatenatedString)):
            self.expr(node.right, Use(STATIC, "formatted into a string"))
            return
        self.expr(node.left, arith_use(use))
        self.expr(node.right, arith_use(use))

    def expr_UnaryOperation(self, node: cst.UnaryOperation, use: Use) -> None:
        if isinstance(node.operator, cst.Not):
            self.expr(node.expression, Use(STATIC, "used in a `not`"))
        else:
            self.expr(node.expression, arith_use(use))

    def expr_BooleanOperation(self, node: cst.BooleanOperation, use: Use) -> None:
        self.expr(node.left, Use(STATIC, "used in an `and`/`or`"))
        self.expr(node.right, Use(STATIC, "used in an `and`/`or`"))

    def expr_Comparison(self, node: cst.Comparison, use: Use) -> None:
        identity = any(isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn))
                       for c in node.comparisons)
        inner = Use(STATIC, "used in an `is`/`in` comparison") if identity else arith_use(use)
        self.expr(node.left, inner)
        for comparison in node.comparisons:
            self.expr(comparison.comparator, inner)

    def expr_IfExp(self, node: cst.IfExp, use: Use) -> None:
        self.expr(node.test, Use(STATIC, "used in a conditional expression's test"))
        self.expr(node.body, use)
        self.expr(node.orelse, use)

    def _elements(self, elements, use: Use) -> None:
        for element in elements:
            if isinstance(element, (cst.StarredElement, cst.StarredDictElement)):
                self.expr(element.value, Use(STATIC, "unpacked with `*`"))
            elif isinstance(element, cst.DictElement):
                self.expr(element.key, Use(STATIC, "used as a dict key"))
                self.expr(element.value, use)
            else:
                self.expr(element.value, use)

    def expr_Tuple(self, node: cst.Tuple, use: Use) -> None:
        self._elements(node.elements, use)

    expr_List = expr_Tuple

    def expr_Dict(self, node: cst.Dict, use: Use) -> None:
        self._elements(node.elements, use)

    def expr_Set(self, node: cst.Set, use: Use) -> None:
        self._elements(node.elements, Use(STATIC, "put in a set"))

    def expr_FormattedStringExpression(self, node, use: Use) -> None:
        self.expr(node.expression, Use(STATIC, "used in an f-string"))

    def expr_NamedExpr(self, node: cst.NamedExpr, use: Use) -> None:
        names = tuple(target_name_nodes(node.target))
        self.expr(node.value, Use("bind", "copied", (self.scope, names)))

    def expr_Lambda(self, node: cst.Lambda, use: Use) -> None:
        for param in all_params(node.params):
            if param.default is not None:
                self.expr(param.default, NEUTRAL)
        body = Use(ARRAY, "returned by a loop body") if id(node) in self.bodies else NEUTRAL
        self._in_scope(node, lambda: self.expr(node.body, body))

    def _comprehension(self, node, parts: list[tuple[cst.BaseExpression, Use]]) -> None:
        self.expr(node.for_in.iter, Use(STATIC, "iterated over in a comprehension"))

        def inside() -> None:
            comp, first = node.for_in, True
            while comp is not None:
                if not first:
                    self.expr(comp.iter, Use(STATIC, "iterated over in a comprehension"))
                for condition in comp.ifs:
                    self.expr(condition.test, Use(STATIC, "used in a comprehension's `if`"))
                comp, first = comp.inner_for_in, False
            for part, use in parts:
                self.expr(part, use)

        self._in_scope(node, inside)

    def expr_ListComp(self, node, use: Use) -> None:
        self._comprehension(node, [(node.elt, use)])

    expr_SetComp = expr_GeneratorExp = expr_ListComp

    def expr_DictComp(self, node, use: Use) -> None:
        self._comprehension(node, [(node.key, Use(STATIC, "used as a dict key")),
                                   (node.value, use)])

    def expr_Call(self, node: cst.Call, use: Use) -> None:
        func = node.func
        qname = qualified_name(self.scope, func)
        if isinstance(func, cst.Name) and qname is None:
            self.uses[id(func)] = Use(FUNCTION, "called")
        elif isinstance(func, cst.Attribute) and qname is None:
            self._method(node, func)
            return
        elif isinstance(func, cst.Call):
            self.expr(func, Use(FUNCTION, "called"))
        elif not isinstance(func, (cst.Name, cst.Attribute)):
            self.expr(func, Use(FUNCTION, "called"))
        self._arguments(node, qname, func)

    def _method(self, node: cst.Call, func: cst.Attribute) -> None:
        """`obj.method(args)`: an array method says `obj` is an array; its arguments are
        static unless they are the values `.at[...].set()` writes."""
        method = func.attr.value
        if method in ARRAY_METHODS:
            self.expr(func.value, Use(ARRAY, f"`.{method}()` is called", strong=True))
            at_update = isinstance(func.value, cst.Subscript) and isinstance(
                func.value.value, cst.Attribute) and func.value.value.attr.value == "at"
            for arg in node.args:
                array = at_update and arg.keyword is None
                self.expr(arg.value, Use(ARRAY, "written by `.at[]`") if array else Use(
                    STATIC, f"an argument of `.{method}()`"))
            return
        why = (f"changed in place by `.{method}()`" if method in MUTATING_METHODS
               else f"`.{method}` is not an array attribute")
        self.expr(func.value, Use(OBJECT, why))
        for arg in node.args:
            self._argument(arg, Use(UNKNOWN, f"passed to `.{method}()`"))

    def _argument(self, arg: cst.Arg, use: Use) -> None:
        if arg.star:
            self.expr(arg.value, Use(OBJECT, f"unpacked with `{arg.star}`"))
        elif arg.keyword is not None and arg.keyword.value in STATIC_KEYWORDS:
            self.expr(arg.value, Use(STATIC, f"passed as `{arg.keyword.value}=`"))
        else:
            self.expr(arg.value, use)

    def _arguments(self, node: cst.Call, qname: str | None, func: cst.BaseExpression) -> None:
        label = dotted(func) or "a call"
        last = last_part(qname or dotted(func))
        callee = self._callee(func) if qname is None else None
        for position, arg in enumerate(node.args):
            keyword = arg.keyword.value if arg.keyword is not None else None
            if qname in FUNCTION_ARGS:
                positions, keywords = FUNCTION_ARGS[qname]
                function = position in positions if keyword is None else keyword in keywords
                scanned = scanned_over(qname, position, keyword)
                use = Use(FUNCTION, f"passed to `{label}` as a function") if function else Use(
                    ARRAY, f"an operand of `{label}`", strong=scanned)
            elif qname in TRANSFORMS:
                use = (Use(FUNCTION, f"passed to `{label}` as a function") if position == 0
                       and keyword is None else Use(UNKNOWN, f"passed to `{label}`"))
            elif qname is not None and qname.startswith(("numpy.", "math.")):
                use = Use(STATIC, f"passed to `{label}` (not traceable)")
            elif last in ALL_STATIC and (qname is None or qname.startswith(
                    ARRAY_MODULES) or isinstance(func, cst.Name)):
                use = Use(STATIC, f"an argument of `{last}()`")
            elif qname is not None and qname.startswith(ARRAY_MODULES):
                static = last in FIRST_ARRAY and (position > 0 or keyword is not None)
                use = Use(STATIC, f"an argument of `{last}()`") if static else Use(
                    ARRAY, f"an argument of `{label}`")
            elif callee is not None:
                use = Use("call", f"passed to `{label}`", (callee, position, keyword))
            else:
                use = Use(UNKNOWN, f"passed to `{label}`")
            self._argument(arg, use)

    def _callee(self, func: cst.BaseExpression):
        """The def or lambda of this file that a plain name calls, when it has one binding;
        for a def the sliced parse left out, its binding, whose node is read (and the def
        parsed) only if a use is followed into it (`_expand`)."""
        if not isinstance(func, cst.Name) or func.value in BUILTIN_NAMES and lookup(
                self.scope, func.value)[0] is None:
            return None
        _owner, bindings = lookup(self.scope, func.value)
        if len(bindings) != 1:
            return None
        if isinstance(bindings[0], StubBinding):
            return bindings[0] if bindings[0].kind == "def" else None
        node = bindings[0].node
        if isinstance(node, cst.FunctionDef):
            return node
        value = bindings[0].assigned_value
        return value if isinstance(value, cst.Lambda) else None


def strong_use(use: Use) -> Use:
    return Use(use.kind, use.why, use.follow, strong=True, weakened=use.weakened)


def reads_a_name(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.Name):
        return expr.value not in ("None", "True", "False", "Ellipsis")
    return any(reads_a_name(child) for child in walk.children(expr)
               if isinstance(child, cst.BaseExpression))


def scanned_over(qname: str, position: int, keyword: str | None) -> bool:
    """The `xs` of `lax.scan` or `lax.map`: only arrays can be scanned over."""
    if qname == "jax.lax.scan":
        return position == 2 if keyword is None else keyword == "xs"
    return qname == "jax.lax.map" and (position == 1 if keyword is None else keyword == "xs")


def target_name_nodes(target: cst.BaseExpression) -> list[cst.Name]:
    return [leaf for leaf in leaf_targets(target) if isinstance(leaf, cst.Name)]
