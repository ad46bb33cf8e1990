"""Arrays that grow from one call to the next (SCN309).

An array a loop lengthens at every step and hands to a jitted function gives it a new shape
at every call, so it traces and compiles again each time: a context grown by one token
(jax-ml/jax#837), a filter's history kept on `self` and appended to at each observation, a
list of past states stacked for the call, or a cache the jitted step itself returns one row
longer (`keys = jnp.concatenate([cache.keys, k[None]])`, a decoder fed its own output).
"""

from __future__ import annotations

import ast

from scanlint.semantic.abstract_eval import GROWERS
from scanlint.semantic.data_shapes import repeated_from
from scanlint.semantic.program import CallSite, Program, Scope

_ARRAY_MODULES = ("numpy", "jax.numpy")
# Calls that make one array of the items of a list (its length the list's).
_STACKERS = frozenset({"array", "asarray", "stack", "vstack", "hstack", "concatenate"})


def grown(program: Program, arg: ast.expr, site: CallSite) -> str | None:
    """How ``arg``, passed at ``site``, is longer at each call: rebound by a grower in a loop
    around the call, an attribute of `self` a method grows (the call run again and again),
    a list appended to in the loop and made an array for the call."""
    if isinstance(arg, ast.Name):
        return _rebound_grown(program, arg, site) or _appended_list(program, arg, site) or \
            _rebound_longer(program, arg, site)
    if isinstance(arg, ast.Attribute):
        root = arg
        while isinstance(root, ast.Attribute):
            root = root.value
        if isinstance(root, ast.Name) and root.id != "self":
            return _rebound_longer(program, root, site)
        return _grown_attribute(program, arg, site)
    if isinstance(arg, ast.Call) and arg.args and _array_call(program, arg, site.scope) in \
            _STACKERS:
        return grown(program, arg.args[0], site)
    return None


def _array_call(program: Program, call: ast.Call, scope: Scope) -> str | None:
    q = program.qualified(call.func, scope) or ""
    module, _, last = q.rpartition(".")
    return last if module in _ARRAY_MODULES else None


def _grower_of(program: Program, value: ast.expr | None, scope: Scope,
               grows: str) -> bool:
    """``value`` is `np.append(grows, ...)`, `jnp.concatenate([grows, ...])` and the like,
    ``grows`` the source of the array it lengthens."""
    return any(program.source(p) == grows for p in _grown_parts(program, value, scope))


def _grown_parts(program: Program, value: ast.expr | None, scope: Scope) -> list[ast.expr]:
    """The arrays a grower lengthens (`np.append(a, x)`: `a`; `jnp.concatenate([a, b])`:
    `a`, `b`); none when ``value`` is not a grower's call."""
    if not isinstance(value, ast.Call) or not value.args:
        return []
    last = _array_call(program, value, scope)
    if last not in GROWERS:
        return []
    first = value.args[0]
    return list(first.elts) if isinstance(first, (ast.List, ast.Tuple)) and \
        last != "append" else [first]


def _rebound_grown(program: Program, arg: ast.Name, site: CallSite) -> str | None:
    """Bound before the loop and rebound in it by `np.append(arg, ...)` (jax-ml/jax#837)."""
    every = program.lookup(site.scope, arg.id)
    inside = [b for b in every if any(loop in site.loops for loop in b.loops)]
    if len(inside) != 1 or len(every) < 2 or inside[0].kind != "assign":
        return None
    value = inside[0].value
    if not _grower_of(program, value, site.scope, arg.id):
        return None
    loop = next(loop for loop in reversed(site.loops) if loop in inside[0].loops)
    return (f"`{program.source(value)}` grows it at every iteration of the loop on line "
            f"{loop.lineno}")


def _rebound_longer(program: Program, arg: ast.Name, site: CallSite) -> str | None:
    """Rebound in the loop around the call by a function of the file that returns it
    lengthened (`state = expand(state, x)`, `expand` returning
    `State(jnp.append(state.xs, x), ...)`)."""
    every = program.lookup(site.scope, arg.id)
    inside = [b for b in every if any(loop in site.loops for loop in b.loops)]
    if len(inside) != 1 or inside[0].kind != "assign" or \
            not isinstance(inside[0].value, ast.Call):
        return None
    call = inside[0].value
    for target in program.targets(call.func, site.scope):
        function = target.function
        param = next((p for p in function.params
                      if isinstance(function.argument(call, p, target.bound_self), ast.Name)
                      and function.argument(call, p, target.bound_self).id == arg.id), None)
        if param is None:
            continue
        for returned in program.returns(function):
            why = _lengthens(program, returned, function, param, 0)
            if why is not None:
                return f"`{program.source(call)}` (line {call.lineno}) returns it longer " \
                       f"({why}) at every iteration"
    return None


def _appended_list(program: Program, arg: ast.Name, site: CallSite) -> str | None:
    """A list bound once before the loop and appended to in it (`history.append(x)`),
    passed whole: a longer list, so a longer array, at every iteration."""
    bind = program.single(site.scope, arg.id)
    if bind is None or bind.kind != "assign" or not isinstance(bind.value, ast.List) or \
            any(loop in site.loops for loop in bind.loops) or not site.loops:
        return None
    loop = site.loops[-1]
    for node in ast.walk(loop):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr == "append" and isinstance(node.func.value, ast.Name) and \
                node.func.value.id == arg.id:
            return f"`{program.source(node)}` lengthens it at every iteration of the loop " \
                   f"on line {loop.lineno}"
    return None


def _grown_attribute(program: Program, arg: ast.Attribute, site: CallSite) -> str | None:
    """`self.history`, which a method of the class rebinds to a longer array
    (`self.history = np.append(self.history, x)`), at a call run again and again."""
    function = site.scope.function
    cls = function.cls if function is not None else None
    if cls is None or not isinstance(arg.value, ast.Name) or arg.value.id != "self":
        return None
    written = program.source(arg)
    for node in ast.walk(cls.node):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                program.source(node.targets[0]) == written and \
                _grower_of(program, node.value, site.scope, written):
            loop = repeated_from(program, site)
            if loop is not None:
                return f"`{program.source(node.value)}` (line {node.lineno}) makes it " \
                       f"longer at each call, run by the loop on line {loop.lineno}"
    return None


def grown_through_output(program: Program, function: Scope, param: str, arg: ast.expr,
                         site: CallSite) -> str | None:
    """``arg`` is rebound at ``site`` from the jitted ``function``'s own output, and the
    function returns, at that place, its ``param`` lengthened (`cache = step(cache, x)` with
    `step` returning `jnp.concatenate([cache, ...])`, or a container of such)."""
    if not isinstance(arg, ast.Name) or not site.loops:
        return None
    statement = site.statement
    if not isinstance(statement, ast.Assign) or statement.value is not site.node or \
            len(statement.targets) != 1:
        return None
    target = statement.targets[0]
    if isinstance(target, ast.Name):
        place = None if target.id == arg.id else False
    elif isinstance(target, ast.Tuple):
        places = [i for i, e in enumerate(target.elts)
                  if isinstance(e, ast.Name) and e.id == arg.id]
        place = places[0] if len(places) == 1 else False
    else:
        place = False
    if place is False:
        return None
    for returned in program.returns(function):
        if place is not None:
            if not isinstance(returned, ast.Tuple) or place >= len(returned.elts):
                continue
            returned = returned.elts[place]
        why = _lengthens(program, returned, function, param, 0)
        if why is not None:
            return f"`{function.name}` returns it longer ({why}) and the loop on line " \
                   f"{site.loops[-1].lineno} passes it back"
    return None


def _lengthens(program: Program, expr: ast.expr, scope: Scope, param: str,
               depth: int) -> str | None:
    """``expr`` is ``param`` (or a field of it) lengthened by a grower, directly, through a
    name bound once, or as an item of a call's arguments (a NamedTuple rebuilt)."""
    if depth > 3:
        return None
    if isinstance(expr, ast.Name):  # a name the function binds to such a value
        return next((why for bind in program.lookup(scope, expr.id)
                     if bind.kind == "assign" and bind.value is not None and
                     (why := _lengthens(program, bind.value, scope, param, depth + 1))), None)
    if isinstance(expr, ast.Call):
        parts = _grown_parts(program, expr, scope)
        if parts:
            for part in parts:
                root = part
                while isinstance(root, ast.Attribute):
                    root = root.value
                if isinstance(root, ast.Name) and root.id == param:
                    return f"`{program.source(expr)}`"
            return None
        if not _constructor(expr):
            return None
        items = list(expr.args) + [k.value for k in expr.keywords]
    elif isinstance(expr, (ast.Tuple, ast.List)):
        items = list(expr.elts)
    elif isinstance(expr, ast.Dict):
        items = list(expr.values)
    else:
        return None
    return next((why for item in items
                 if (why := _lengthens(program, item, scope, param, depth + 1))), None)


def _constructor(call: ast.Call) -> bool:
    """A call that builds a container of its arguments: a class (`KVCache(keys, values)`),
    `dict`/`tuple`/`list`, `._replace`/`.replace`."""
    func = call.func
    if isinstance(func, ast.Name):
        return func.id[:1].isupper() or func.id in ("dict", "tuple", "list")
    return isinstance(func, ast.Attribute) and func.attr in ("_replace", "replace")
