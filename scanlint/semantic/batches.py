"""Batches whose shape changes from one step of a loop to the next (SCN309).

A loop that cuts an array into slices of a batch size and runs to its end keeps the
remainder as a last, smaller batch (`for i in range(0, len(xs), bs): step(xs[i:i + bs])`,
`range(ceil(n / bs))`, `while start < n`): a jitted step sees a new shape there and traces
and compiles again, once per distinct remainder (huggingface/transformers' Flax examples
dropped the last batch for this). The slice may reach the call through names, converters,
displays, fancy indexing (`a[idx]` with `idx = perm[i:i + bs]`) and a generator of the file
the loop iterates over (`for xb, yb in dataloader(...)`). A batch whose shape the loop's
counter sets (`length = 5 + 3 * i; yield rng.normal(size=(2, length))`) changes at every step.
"""

from __future__ import annotations

import ast
from typing import Iterator

from scanlint.semantic.program import Program, Scope
from scanlint.semantic.recompiles import maker_and_shape

_DEPTH = 8
# Calls that keep the length of the array they are given (its first axis).
_KEEPERS = frozenset({"asarray", "array", "device_put", "astype", "tuple", "list", "dict",
                      "float32", "float64", "int32", "int64"})
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
# Methods of NumPy's `Generator` (and `RandomState`) that take the shape as `size`.
_SIZED_DRAWS = frozenset({"standard_normal", "normal", "uniform", "random", "integers",
                          "randint", "choice", "permutation", "rand", "randn"})


def changing_batch(program: Program, expr: ast.expr, scope: Scope, loops: tuple,
                   depth: int = 0) -> str | None:
    """Why ``expr`` (evaluated in ``scope``, inside ``loops``) is a batch whose shape
    changes across the steps of one of ``loops`` (its last one shorter, or sized by the
    loop's counter), or None; ``expr`` may be a variable of a loop over a generator of the
    file that makes such batches."""
    if depth > _DEPTH:
        return None
    sized = _counter_sized(program, expr, scope, loops)
    if sized is not None:
        return sized
    if isinstance(expr, ast.Subscript):
        if isinstance(expr.slice, ast.Slice):
            return _remainder_slice(program, expr, scope, loops)
        if isinstance(expr.slice, ast.Constant):  # `batch["inputs"]`, `batch[0]`
            return changing_batch(program, expr.value, scope, loops, depth + 1)
        return changing_batch(program, expr.slice, scope, loops, depth + 1)  # `a[idx]`
    if isinstance(expr, ast.Call):
        name = expr.func.attr if isinstance(expr.func, ast.Attribute) else \
            expr.func.id if isinstance(expr.func, ast.Name) else None
        if name not in _KEEPERS:
            return None
        if name == "astype" and isinstance(expr.func, ast.Attribute):
            return changing_batch(program, expr.func.value, scope, loops, depth + 1)
        return next((why for arg in expr.args[:1]
                     if (why := changing_batch(program, arg, scope, loops, depth + 1))),
                    None)
    if isinstance(expr, (ast.Tuple, ast.List)):
        return next((why for item in expr.elts
                     if (why := changing_batch(program, item, scope, loops, depth + 1))), None)
    if isinstance(expr, ast.Dict):
        return next((why for item in expr.values
                     if (why := changing_batch(program, item, scope, loops, depth + 1))), None)
    if isinstance(expr, (ast.ListComp, ast.GeneratorExp, ast.DictComp)):
        inner = program.scope_of(expr) or scope
        element = expr.value if isinstance(expr, ast.DictComp) else expr.elt
        return changing_batch(program, element, inner, loops, depth + 1)
    if isinstance(expr, ast.Name):
        return _remainder_name(program, expr, scope, loops, depth)
    return None


def _counter_sized(program: Program, expr: ast.expr, scope: Scope,
                   loops: tuple) -> str | None:
    """An array made with a size that a `for` loop's counter sets (the counter itself, or
    a name bound in the loop from it)."""
    shape = _shape_of_made(program, expr, scope)
    for name in ast.walk(shape) if shape is not None else ():
        if isinstance(name, ast.Name):
            why = _follows_counter(program, name.id, scope, loops)
            if why is not None:
                return f"`{program.source(expr)}`, {why}"
    return None


def _shape_of_made(program: Program, expr: ast.expr, scope: Scope) -> ast.expr | None:
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and \
            expr.func.attr == "astype":
        expr = expr.func.value
    made = maker_and_shape(program, expr, scope)
    if made is not None:
        return made[1] if made[0] not in ("array", "asarray", "linspace") else None
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and \
            expr.func.attr in _SIZED_DRAWS:  # `rng.standard_normal((2, n))`
        size = next((k.value for k in expr.keywords if k.arg == "size"), None)
        if size is None and expr.func.attr in ("standard_normal", "random") and expr.args:
            size = expr.args[0]
        return size
    return None


def _follows_counter(program: Program, name: str, scope: Scope, loops: tuple) -> str | None:
    """``name`` is the counter of a `for` loop over a `range` among ``loops``, or is bound
    once in such a loop from arithmetic on its counter."""
    loop = _loop_of(program, name, scope, loops)
    if loop is not None and _range_args(program, loop, scope) is not None:
        return f"`{name}` counting `{program.source(loop.iter)}`"
    bind = program.single(scope, name)
    if bind is None or bind.kind != "assign" or bind.value is None:
        return None
    value = bind.value
    if not all(isinstance(n, (ast.BinOp, ast.Name, ast.Constant, ast.operator, ast.Load))
               for n in ast.walk(value)):
        return None
    for read in ast.walk(value):
        if isinstance(read, ast.Name):
            counter = _loop_of(program, read.id, scope, loops)
            if counter is not None and counter in bind.loops and \
                    _range_args(program, counter, scope) is not None:
                return f"`{name} = {program.source(value)}` at each step of " \
                       f"`{program.source(counter.iter)}`"
    return None


def _remainder_name(program: Program, name: ast.Name, scope: Scope, loops: tuple,
                    depth: int) -> str | None:
    """A name bound once to such a batch, or a variable of a loop over a generator of the
    file that makes them."""
    bind = program.single(scope, name.id)
    if bind is None:
        return None
    if bind.kind == "assign" and bind.value is not None and isinstance(bind.target, ast.Name):
        return changing_batch(program, bind.value, bind.scope or scope, loops, depth + 1)
    loop = bind.node
    if bind.kind == "loop" and isinstance(loop, (ast.For, ast.AsyncFor)) and loop in loops:
        source = loop.iter
        if isinstance(source, ast.Call) and isinstance(source.func, ast.Name) and \
                source.func.id == "enumerate" and source.args:
            target = loop.target  # the batch is the second item, not the count
            if not (isinstance(target, ast.Tuple) and len(target.elts) == 2 and any(
                    n is name or isinstance(n, ast.Name) and n.id == name.id
                    for n in ast.walk(target.elts[1]))):
                return None
            source = source.args[0]
        if isinstance(source, ast.Call):
            return _generator_batches(program, source, bind.scope or scope, depth)
    return None


def _generator_batches(program: Program, call: ast.Call, scope: Scope,
                       depth: int) -> str | None:
    """Why a generator of the file called by ``call`` yields a shorter last batch."""
    for target in program.targets(call.func, scope):
        function = target.function
        for value, loops in _yields(function.node):
            inner = program.scope_of(function.node) or function
            why = changing_batch(program, value, inner, loops, depth + 1)
            if why is not None:
                return f"{why}, in `{function.name}`"
    return None


def _yields(function: ast.AST) -> Iterator[tuple[ast.expr, tuple]]:
    """The values a def yields, with the loops of its own around each."""
    def walk(node: ast.AST, loops: tuple) -> Iterator[tuple[ast.expr, tuple]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                  ast.ClassDef)):
                continue
            if isinstance(child, ast.Yield) and child.value is not None:
                yield child.value, loops
            inner = loops + (child,) if isinstance(child, _LOOPS) else loops
            yield from walk(child, inner)
    if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        yield from walk(function, ())


def _remainder_slice(program: Program, sub: ast.Subscript, scope: Scope,
                     loops: tuple) -> str | None:
    """`x[i:i + bs]` with `i` stepping by `bs` up to a length, `x[k * bs:(k + 1) * bs]`
    with `k` counting ceil(n / bs) batches, `x[i:min(i + bs, n)]`."""
    part = sub.slice
    assert isinstance(part, ast.Slice)
    lower, upper = part.lower, part.upper
    if part.step is not None or lower is None or upper is None:
        return None
    source = program.source
    written = f"`{source(sub)}`"
    if isinstance(upper, ast.Call) and isinstance(upper.func, ast.Name) and \
            upper.func.id == "min" and len(upper.args) == 2 and \
            isinstance(lower, ast.Name) and _moving(program, lower.id, scope, loops):
        return f"{written} stops at `{source(upper)}`: the last batch holds the remainder"
    width = _offset_width(program, lower, upper)
    if width is not None and isinstance(lower, ast.Name):
        why = _offset_loop(program, lower.id, width, scope, loops)
        return None if why is None else f"{written} for {why}"
    counted = _counted_width(program, lower, upper)
    if counted is not None:
        index, width = counted
        why = _count_loop(program, index, width, scope, loops)
        return None if why is None else f"{written} for {why}"
    return None


def _offset_width(program: Program, lower: ast.expr, upper: ast.expr) -> ast.expr | None:
    """``w`` for an upper bound `lower + w` (or `w + lower`)."""
    if not isinstance(upper, ast.BinOp) or not isinstance(upper.op, ast.Add):
        return None
    if program.source(upper.left) == program.source(lower):
        return upper.right
    if program.source(upper.right) == program.source(lower):
        return upper.left
    return None


def _counted_width(program: Program, lower: ast.expr,
                   upper: ast.expr) -> tuple[str, ast.expr] | None:
    """(`k`, `w`) for bounds `k * w` and `(k + 1) * w`."""
    if not (isinstance(lower, ast.BinOp) and isinstance(lower.op, ast.Mult) and
            isinstance(upper, ast.BinOp) and isinstance(upper.op, ast.Mult)):
        return None
    for index, width, bumped, other in ((lower.left, lower.right, upper.left, upper.right),
                                        (lower.right, lower.left, upper.right, upper.left)):
        if isinstance(index, ast.Name) and program.source(width) == program.source(other) \
                and isinstance(bumped, ast.BinOp) and isinstance(bumped.op, ast.Add) and \
                program.source(bumped.left) == index.id and \
                program.source(bumped.right) == "1":
            return index.id, width
    return None


def _loop_of(program: Program, name: str, scope: Scope, loops: tuple) -> ast.For | None:
    bind = program.single(scope, name)
    if bind is None or bind.kind != "loop" or bind.node not in loops or \
            not isinstance(bind.node, ast.For) or not isinstance(bind.node.target, ast.Name):
        return None
    return bind.node


def _range_args(program: Program, loop: ast.For, scope: Scope) -> list[ast.expr] | None:
    it = loop.iter
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" \
            and not program.lookup(scope, "range") and not it.keywords:
        return list(it.args)
    return None


def _offset_loop(program: Program, name: str, width: ast.expr, scope: Scope,
                 loops: tuple) -> str | None:
    """How ``name`` steps by ``width`` up to a length that need not be a multiple of it:
    `for name in range(a, n, width)`, or `while name < n: ... name += width`."""
    loop = _loop_of(program, name, scope, loops)
    if loop is not None:
        args = _range_args(program, loop, scope)
        if args is not None and len(args) == 3 and _same(program, args[2], width, scope) \
                and not _divides(program, args[1], width, scope):
            return f"`{name}` in `{program.source(loop.iter)}`"
        return None
    return _while_offset(program, name, width, scope, loops)


def _while_offset(program: Program, name: str, width: ast.expr, scope: Scope,
                  loops: tuple) -> str | None:
    for loop in loops:
        test = loop.test if isinstance(loop, ast.While) else None
        if not (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and
                test.left.id == name and isinstance(test.ops[0], ast.Lt)):
            continue
        steps = [b for b in program.lookup(scope, name) if b.kind == "augassign"]
        if len(steps) == 1 and isinstance(steps[0].node, ast.AugAssign) and \
                isinstance(steps[0].node.op, ast.Add) and \
                _same(program, steps[0].node.value, width, scope) and loop in steps[0].loops \
                and not _divides(program, test.comparators[0], width, scope):
            return f"`{name}` stepping by `{program.source(width)}` while " \
                   f"`{program.source(test)}`"
    return None


def _moving(program: Program, name: str, scope: Scope, loops: tuple) -> bool:
    """``name`` is a loop's variable, or a counter a `while` loop steps."""
    if _loop_of(program, name, scope, loops) is not None:
        return True
    return any(b.kind == "augassign" and any(loop in loops for loop in b.loops)
               for b in program.lookup(scope, name))


def _count_loop(program: Program, index: str, width: ast.expr, scope: Scope,
                loops: tuple) -> str | None:
    """How ``index`` counts batches up to one holding the remainder: `range(K)` with K a
    ceiling division by ``width`` (`ceil(n / w)`, `-(-n // w)`, `(n + w - 1) // w`,
    `n // w + 1`)."""
    loop = _loop_of(program, index, scope, loops)
    args = _range_args(program, loop, scope) if loop is not None else None
    if not args or len(args) > 2 or (len(args) == 2 and program.source(args[0]) != "0"):
        return None
    count = program.value_of(args[-1], scope)
    if _ceiling(program, count, width, scope):
        return f"`{index}` in `{program.source(loop.iter)}`" + (
            f" (`{program.source(args[-1])} = {program.source(count)}`)"
            if count is not args[-1] else "")
    return None


def _ceiling(program: Program, count: ast.expr, width: ast.expr, scope: Scope) -> bool:
    divisions = [n for n in ast.walk(count) if isinstance(n, ast.BinOp) and
                 isinstance(n.op, (ast.Div, ast.FloorDiv)) and
                 _same(program, n.right, width, scope)]
    if not divisions:
        return False
    if any(isinstance(n, ast.Call) and program.source(n.func).endswith("ceil")
           for n in ast.walk(count)):
        return True
    for division in divisions:
        numerator = division.left
        if isinstance(numerator, ast.UnaryOp) and isinstance(numerator.op, ast.USub):
            return True  # `-(-n // w)`
        if isinstance(division.op, ast.FloorDiv) and any(
                _same(program, n, width, scope) for n in ast.walk(numerator)):
            return True  # `(n + w - 1) // w`
    return isinstance(count, ast.BinOp) and isinstance(count.op, ast.Add) and \
        any(d in (count.left, count.right) for d in divisions)  # `n // w + 1`


def _same(program: Program, a: ast.expr, b: ast.expr, scope: Scope) -> bool:
    if program.source(a) == program.source(b):
        return True
    return program.source(program.value_of(a, scope)) == \
        program.source(program.value_of(b, scope))


def _divides(program: Program, length: ast.expr, width: ast.expr, scope: Scope) -> bool:
    """The source fixes both numbers and ``width`` divides ``length``."""
    n = program.value_of(length, scope)
    w = program.value_of(width, scope)
    if isinstance(n, ast.Constant) and isinstance(w, ast.Constant) and \
            isinstance(n.value, int) and isinstance(w.value, int) and w.value:
        return n.value % w.value == 0
    return False
