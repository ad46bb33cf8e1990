from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

import libcst as cst

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext
from scanlint.semantic import walk
from scanlint.semantic.captures import captures, loop_targets
from scanlint.semantic.carry import file_function, returns_of, step_function
from scanlint.semantic.model import BodyRef, FileModel, ScanSite
from scanlint.semantic.scopes import Binding, OwnCode, Scope, lookup


class LoopVariableCapture(Rule):
    """
    ## What it does
    Finds a loop body defined inside a Python `for` loop that reads a loop variable and
    is passed to a scan-family call after that iteration is over (outside the loop), as the
    body or a `while_loop` condition: directly, or kept in a list, dict or tuple
    (`bodies.append(step)`, `bodies[name] = step`, `bodies = bodies + (step,)`, a list
    comprehension of lambdas, a list preallocated as `[None] * n` and filled by index) and
    taken from it after the loop (`for f in bodies: scan(f, ...)`, `scan(bodies[0], ...)`,
    `bodies.items()`, `enumerate(bodies)`), also when a function of the file returns the
    container and its caller iterates over the call (`for f in build(): ...`) or over a name
    bound once to it (`bodies = build(); ... bodies.items()`). A loop variable is the loop's
    target or, as flake8-bugbear's B023 reads it, a name the loop's body rebinds in the same
    scope (`foo = foo + 1`, `y = x + 1`, a nested loop's target); a name bound only outside
    the loop, or only by a `def`, `class` or `import` in it, is not one.

    ## Why is this bad?
    A closure reads the variable when it runs, and a scan runs (traces) its body when called:
    used after the loop, every body sees the loop variable's last value (late binding, as
    flake8-bugbear's B023 says). A body passed to `scan` in the same iteration that defines it
    is traced right away and is fine; B023 flags that case too, this rule does not.

    ## Example
    ```python
    steps = []
    for k in range(3):
        def step(c, x):
            return c + k * x, c
        steps.append(step)
    outs = [jax.lax.scan(f, 0.0, xs) for f in steps]   # every step sees k == 2
    ```

    ## Use instead
    ```python
    for k in range(3):
        def step(c, x, k=k):      # bind the current value, or call scan in the loop
            return c + k * x, c
    ```
    """

    CODE = "SCN205"
    NAME = "loop-variable-capture"
    MESSAGE = ("Step function `{step}` reads loop variable {names} but runs after the loop: "
               "it sees the last value")
    KEPT = ("Step functions kept in `{container}` read loop variable {names} but run after "
            "the loop: each sees the last value")

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for site in ctx.model.sites:
            for ref in site.bodies:  # a while_loop's condition too
                found = self._direct(ctx, site, ref) or self._kept(ctx, site, ref)
                if found is not None:
                    yield ctx.diagnostic(self, site.call, found, statement=site.statement)
                    break

    def _direct(self, ctx: RuleContext, site: ScanSite, ref: BodyRef) -> str | None:
        step = step_function(ctx.model, site, ref.role)
        if step is None or not step.is_def or len(step.ref.bindings) != 1:
            return None
        binding = step.ref.bindings[0]
        read = {c.name for c in captures(ctx.model, step) if c.scope is binding.scope}
        for loop in binding.loops:
            names = sorted(loop_names(binding.scope, loop) & read)
            if names and loop not in site.loops:  # defined in the loop, used after it
                return self.MESSAGE.format(step=step.node.name.value, names=_listed(names))
        return None

    def _kept(self, ctx: RuleContext, site: ScanSite, ref: BodyRef) -> str | None:
        container = _container_read(ctx.model, site, ref.expr)
        if container is None:
            return None
        for kept in _kept_functions(ctx.model, container):
            if kept.loop not in site.loops:
                return self.KEPT.format(container=container.name, names=_listed(kept.names))
        return None

    VALID = [
        # Used in the same iteration: traced at once, sees the current value.
        "import jax\ndef run(xs):\n    outs = []\n    for k in range(3):\n"
        "        def step(c, x):\n            return c + k * x, c\n"
        "        outs.append(jax.lax.scan(step, 0.0, xs))\n    return outs\n",
        # Bound as a default: no late binding.
        "import jax\ndef run(xs):\n    for k in range(3):\n"
        "        def step(c, x, k=k):\n            return c + k * x, c\n"
        "    return jax.lax.scan(step, 0.0, xs)\n",
        # Kept in a list, but each made by a factory or bound as a default.
        "import jax\ndef make(k):\n    def step(c, x):\n        return c + k * x, c\n"
        "    return step\n"
        "def run(xs):\n    steps = []\n    for k in range(3):\n        steps.append(make(k))\n"
        "    return [jax.lax.scan(f, 0.0, xs) for f in steps]\n",
        "import jax\ndef run(xs):\n"
        "    steps = [lambda c, x, k=k: (c + k * x, c) for k in range(3)]\n"
        "    return [jax.lax.scan(f, 0.0, xs) for f in steps]\n",
        # A tuple rebuilt with bodies bound as defaults, returned by a helper.
        "from jax import lax\ndef make(scales):\n    bodies = ()\n"
        "    for s in scales:\n        def body(i, v, s=s):\n            return v * s + i\n"
        "        bodies = bodies + (body,)\n    return bodies\n"
        "def run():\n    return [lax.fori_loop(0, 3, f, 1.0) for f in make((1.0, 2.0))]\n",
        # A preallocated list and a helper's dict (bound to a name), each body binding the
        # loop variable as a default.
        "import jax\nsteps = [None] * 3\nfor k in range(3):\n"
        "    steps[k] = lambda c, x, k=k: (c + k * x, c)\n"
        "out = jax.lax.scan(steps[0], 0.0, jax.numpy.ones(2))\n",
        "from jax import lax\ndef build(rates):\n    bodies = dict()\n"
        "    for name, r in rates.items():\n        def decay(c, _, r=r):\n"
        "            return c * r, c\n        bodies[name] = decay\n    return bodies\n"
        "bodies = build({'a': 0.5})\n"
        "ends = [lax.scan(f, 1.0, None, length=3) for f in bodies.values()]\n",
        # A name bound once before the loop (not rebound in it), and a name the loop
        # rebinds bound as a default.
        "import jax\ndef run(xs, rates):\n    steps = []\n    scale = 2.0\n"
        "    for r in rates:\n        steps.append(lambda c, x: (c * scale + x, c))\n"
        "    return [jax.lax.scan(f, 0.0, xs) for f in steps]\n",
        "import jax\ndef run(xs, rates):\n    steps = []\n    scale = 1.0\n"
        "    for r in rates:\n        scale = scale * r\n"
        "        steps.append(lambda c, x, scale=scale: (c * scale + x, c))\n"
        "    return [jax.lax.scan(f, 0.0, xs) for f in steps]\n",
        # Conditions used in the iteration that makes them.
        "from jax import lax\ndef run(limits):\n    outs = []\n    for limit in limits:\n"
        "        outs.append(lax.while_loop(lambda v: v < limit, lambda v: v + 1.0, 0.0))\n"
        "    return outs\n",
    ]

    INVALID = [
        # Flax NNX's fori_loop, its bodies kept in a list.
        Invalid("import jax.numpy as jnp\nfrom flax import nnx\nbodies = []\n"
                "for k in range(3):\n    def body(i, c):\n        return c * k\n"
                "    bodies.append(body)\n"
                "outs = [nnx.fori_loop(0, 3, b, jnp.ones(2)) for b in bodies]\n"),
        # Kept in a tuple rebuilt in the loop, returned by a helper, run by its caller.
        Invalid("from jax import lax\ndef make(scales):\n    bodies = ()\n"
                "    for s in scales:\n        def body(i, v):\n            return v * s + i\n"
                "        bodies += (body,)\n    return bodies\n"
                "def run():\n    return [lax.fori_loop(0, 3, f, 1.0) for f in make((1.0, 2.0))]\n"),
        # while_loop conditions kept in a list built at module level.
        Invalid("from jax import lax\nconds = []\nfor limit in (2.0, 4.0):\n"
                "    conds.append(lambda v: v < limit)\n"
                "outs = [lax.while_loop(c, lambda v: v * 2.0, 1.0) for c in conds]\n"),
        # A condition defined in the loop, used after it.
        Invalid("from jax import lax\ndef run(limits):\n    for limit in limits:\n"
                "        def cond(v):\n            return v < limit\n"
                "    return lax.while_loop(cond, lambda v: v + 1.0, 0.0)\n"),
        Invalid("import jax\ndef run(xs):\n    for k in range(3):\n"
                "        def step(c, x):\n            return c + k * x, c\n"
                "    return jax.lax.scan(step, 0.0, xs)\n"),
        # Kept in a list, scanned in a comprehension after the loop.
        Invalid("import jax\ndef run(xs):\n    steps = []\n    for k in range(3):\n"
                "        def step(c, x):\n            return c + k * x, c\n"
                "        steps.append(step)\n"
                "    return [jax.lax.scan(f, 0.0, xs) for f in steps]\n"),
        # Kept in a dict by name, taken out by key.
        Invalid("from jax import lax\ndef run(xs, rates):\n    bodies = {}\n"
                "    for name, rate in rates.items():\n"
                "        bodies[name] = lambda c, x: (c * rate + x, c)\n"
                "    return lax.scan(bodies['fast'], 0.0, xs)\n"),
        # A dict a helper fills by name, bound to a name by its caller and iterated there.
        Invalid("from jax import lax\ndef build(rates):\n    bodies = {}\n"
                "    for name, r in rates.items():\n        def decay(c, _):\n"
                "            return c * r, c\n        bodies[name] = decay\n    return bodies\n"
                "def run(rates):\n    bodies = build(rates)\n    ends = {}\n"
                "    for name, f in bodies.items():\n"
                "        ends[name] = lax.scan(f, 1.0, None, length=3)[0]\n    return ends\n"),
        # A list preallocated (`[None] * n`, or `list()`/`dict()` filled by subscript), a
        # def stored by index, one taken out after the loop.
        Invalid("import jax\ndef run(xs, n):\n    steps = [None] * n\n"
                "    for k in range(n):\n        def step(c, x):\n"
                "            return c + k * x, c\n        steps[k] = step\n"
                "    return jax.lax.scan(steps[-1], 0.0, xs)\n"),
        Invalid("from jax import lax\ndef run(xs, gains):\n    table = dict()\n"
                "    for g in gains:\n        table[g] = lambda c, x: (c * g + x, c)\n"
                "    return lax.scan(table[gains[0]], 0.0, xs)\n"),
        # Not the loop's target but a name its body rebinds (`scale = scale * r`, B023's
        # `y = x + 1`): kept in a list, run after the loop; a condition reading a name
        # assigned in a nested loop.
        Invalid("import jax\ndef run(xs, rates):\n    steps = []\n    scale = 1.0\n"
                "    for r in rates:\n        scale = scale * r\n"
                "        steps.append(lambda c, x: (c * scale + x, c))\n"
                "    return [jax.lax.scan(f, 0.0, xs) for f in steps]\n"),
        Invalid("from jax import lax\ndef run(grid):\n    for row in grid:\n"
                "        for cell in row:\n            limit = cell * 2.0\n"
                "        def cond(v):\n            return v < limit\n"
                "    return lax.while_loop(cond, lambda v: v + 1.0, 0.0)\n"),
        # A list comprehension of lambdas, iterated with enumerate.
        Invalid("import jax\ndef run(xs):\n"
                "    steps = [lambda c, x: (c + k * x, c) for k in range(3)]\n"
                "    outs = []\n    for i, f in enumerate(steps):\n"
                "        outs.append(jax.lax.scan(f, 0.0, xs))\n    return outs\n"),
    ]


# How a loop rebinds a name of its scope at every iteration (not a def, class or import).
_REBINDING = frozenset({"assign", "annassign", "augassign", "walrus", "loop", "with"})


def loop_names(scope: Scope, loop: cst.For) -> set[str]:
    """The names ``loop`` rebinds in ``scope`` at every iteration: its targets, and what its
    body assigns (`foo = foo + 1`, `y = x + 1`, a nested loop's target), as B023 reads them."""
    names = loop_targets(loop)
    for name, bindings in scope.bindings.items():
        if any(loop in b.loops and b.kind in _REBINDING for b in bindings):
            names.add(name)
    return names


def _listed(names) -> str:
    return ", ".join(f"`{n}`" for n in sorted(names))


@dataclass(frozen=True)
class Container:
    """A list or dict the loop's body is taken from, and the scope that binds it."""

    name: str
    binding: Binding


@dataclass(frozen=True)
class Kept:
    """A function stored in a container from inside a loop, reading that loop's variables."""

    loop: cst.CSTNode  # a `for` statement, or a comprehension's `for`
    names: tuple[str, ...]


def _container_read(model: FileModel, site: ScanSite,
                    expr: cst.BaseExpression) -> Container | None:
    """The container `C` when the body is `C[...]`, or a name a `for` loop (or comprehension)
    takes from `C`, `C.values()`, `C.items()` or `enumerate(C)`; `C` may also be a call of a
    function of the file that returns a container."""
    if isinstance(expr, cst.Subscript):
        return _container_of(model, site.scope, expr.value)
    if not isinstance(expr, cst.Name):
        return None
    _owner, bindings = lookup(site.scope, expr.value)
    if len(bindings) != 1 or bindings[0].kind != "loop":
        return None
    loop = bindings[0].node
    iterable = getattr(loop, "iter", None)
    if isinstance(iterable, cst.Call):
        func = iterable.func
        if isinstance(func, cst.Attribute) and func.attr.value in ("values", "items"):
            iterable = func.value
        elif isinstance(func, cst.Name) and func.value == "enumerate" and iterable.args:
            iterable = iterable.args[0].value
    return _container_of(model, bindings[0].scope, iterable) if iterable is not None else None


def _container_of(model: FileModel, scope: Scope,
                  expr: cst.BaseExpression) -> Container | None:
    """`C`, or `build(...)` where every `return` of the function `build` of this file
    returns the same container name of its own, or a name bound once to such a call
    (`bodies = build(...)`)."""
    if isinstance(expr, cst.Name):
        _owner, bindings = lookup(scope, expr.value)
        value = bindings[0].assigned_value if len(bindings) == 1 else None
        if isinstance(value, cst.Call) and bindings[0].kind != "loop" and file_function(
                model, bindings[0].scope, value.func) is not None:
            return _container_of(model, bindings[0].scope, value)
    if not isinstance(expr, cst.Call):
        return _container_named(scope, expr)
    found = file_function(model, scope, expr.func)
    if found is None:
        return None
    function, inner, _owner = found
    returned = {r.value.value if isinstance(r.value, cst.Name) else None
                for r in returns_of(function)}
    if len(returned) != 1 or None in returned:
        return None
    name = returned.pop()
    found = _container_named(inner, cst.Name(name))
    return found if found is not None and found.binding.scope is inner else None


# The literals a container of functions starts as.
_CONTAINER_LITERALS = (cst.List, cst.Dict, cst.Tuple, cst.ListComp, cst.DictComp)


def _container_named(scope: Scope, expr: cst.BaseExpression) -> Container | None:
    """A name bound to a list, dict or tuple literal (or comprehension), and otherwise only
    rebuilt from itself with more items (`C = C + (f,)`, `C += [f]`, `C = (*C, f)`)."""
    if not isinstance(expr, cst.Name):
        return None
    _owner, bindings = lookup(scope, expr.value)
    if not bindings or not _container_literal(scope, bindings[0].assigned_value):
        return None
    if any(_added(expr.value, b.node) is None for b in bindings[1:]):
        return None
    return Container(expr.value, bindings[0])


def _container_literal(scope: Scope, value: cst.BaseExpression | None) -> bool:
    """A list, dict or tuple literal or comprehension, a list repeated (`[None] * n`, filled
    by `C[i] = f` later), or an empty `list()` or `dict()`."""
    if isinstance(value, _CONTAINER_LITERALS):
        return True
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Multiply):
        return isinstance(value.left, cst.List) or isinstance(value.right, cst.List)
    return (isinstance(value, cst.Call) and not value.args and isinstance(value.func, cst.Name)
            and value.func.value in ("list", "dict") and lookup(scope, value.func.value)[0] is None)


def _added(name: str, node: cst.CSTNode) -> list[cst.BaseExpression] | None:
    """The items `C = C + (a, b)`, `C = [*C, a]` or `C += (a,)` adds to ``C``, else None."""
    if isinstance(node, cst.AugAssign) and isinstance(node.operator, cst.AddAssign) \
            and isinstance(node.target, cst.Name) and node.target.value == name:
        added = node.value
    elif isinstance(node, cst.Assign) and len(node.targets) == 1 \
            and isinstance(node.targets[0].target, cst.Name) \
            and node.targets[0].target.value == name:
        value = node.value
        if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add) \
                and isinstance(value.left, cst.Name) and value.left.value == name:
            added = value.right
        elif isinstance(value, (cst.Tuple, cst.List)) and value.elements \
                and isinstance(value.elements[0], cst.StarredElement) \
                and isinstance(value.elements[0].value, cst.Name) \
                and value.elements[0].value.value == name:
            added = value.with_changes(elements=value.elements[1:])
        else:
            return None
    else:
        return None
    if not isinstance(added, (cst.Tuple, cst.List)) or not all(
            isinstance(e, cst.Element) for e in added.elements):
        return None
    return [e.value for e in added.elements]


def _kept_functions(model: FileModel, container: Container) -> list[Kept]:
    """Functions put in the container inside a loop that read the loop's variables: by
    `C.append(f)`, `C.insert(i, f)`, `C[k] = f`, or as the element of a comprehension."""
    value = container.binding.assigned_value
    if isinstance(value, (cst.ListComp, cst.DictComp)):
        element = value.value if isinstance(value, cst.DictComp) else value.elt
        comprehension = model.scope_of.get(id(value))
        if comprehension is not None and isinstance(element, cst.Lambda):
            names = _late_reads(model, element, comprehension, loop_targets(value.for_in))
            if names:
                return [Kept(value.for_in, names)]
    found = []  # stores into it (a comprehension of placeholders filled later too)
    for loop, stored in _stores(container):
        function = _function_of(model, container.binding.scope, stored, loop)
        if function is not None:
            scope = container.binding.scope
            names = _late_reads(model, function, scope, loop_names(scope, loop))
            if names:
                found.append(Kept(loop, names))
    return found


def _stores(container: Container) -> list[tuple[cst.For, cst.BaseExpression]]:
    """(innermost `for` around it, stored value) for each store into the container in the
    scope that binds it."""
    name = container.name
    root = container.binding.scope.node
    stores: list[tuple[cst.For, cst.BaseExpression]] = []
    loops: list[cst.For] = []

    class Stores(OwnCode):
        def visit_For(self, node: cst.For) -> None:
            loops.append(node)

        def leave_For(self, original_node: cst.For) -> None:
            loops.pop()

        def visit_Call(self, node: cst.Call) -> None:
            func = node.func
            if (loops and isinstance(func, cst.Attribute) and func.attr.value in ("append", "insert")
                    and isinstance(func.value, cst.Name) and func.value.value == name and node.args):
                stores.append((loops[-1], node.args[-1].value))

        def visit_Assign(self, node: cst.Assign) -> None:
            for target in node.targets:
                if (loops and isinstance(target.target, cst.Subscript)
                        and isinstance(target.target.value, cst.Name)
                        and target.target.value.value == name):
                    stores.append((loops[-1], node.value))
            if loops:
                stores.extend((loops[-1], item) for item in _added(name, node) or ())

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            if loops:
                stores.extend((loops[-1], item) for item in _added(name, node) or ())

    walk.visit(root, Stores(root))
    return stores


def _function_of(model: FileModel, scope: Scope, stored: cst.BaseExpression,
                 loop: cst.For) -> cst.FunctionDef | cst.Lambda | None:
    """The lambda stored, or the def or lambda a stored name is bound to inside ``loop``."""
    if isinstance(stored, cst.Lambda):
        return stored
    if not isinstance(stored, cst.Name):
        return None
    _owner, bindings = lookup(scope, stored.value)
    if len(bindings) != 1 or loop not in bindings[0].loops:
        return None
    node = bindings[0].node
    if isinstance(node, cst.FunctionDef):
        return node
    value = bindings[0].assigned_value
    return value if isinstance(value, cst.Lambda) else None


def _late_reads(model: FileModel, function: cst.FunctionDef | cst.Lambda, loop_scope: Scope,
                names: set[str]) -> tuple[str, ...]:
    """The loop variables ``function`` reads when it runs (not bound as defaults)."""
    inner = model.scope_of.get(id(function))
    if inner is None:
        return ()
    read = set()
    for scope in inner.walk():
        for load in scope.loads:
            owner, _ = lookup(scope, load.value)
            if owner is loop_scope and load.value in names:
                read.add(load.value)
    return tuple(sorted(read))
