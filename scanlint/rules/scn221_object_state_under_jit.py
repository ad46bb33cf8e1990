from __future__ import annotations

import ast
import re
from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.jit_reach import STAGING
from scanlint.semantic.program import ClassInfo, Program, Scope
from scanlint.semantic.tracing import ENTRY_WORDS

_JNP = "import jax\nimport jax.numpy as jnp\nfrom functools import partial\n"
# A counter of traces is set while tracing on purpose (SCN204 leaves it alone too).
_TRACE_COUNTER = re.compile(r"trac|compil", re.IGNORECASE)
# Methods that build the object: what they set is its value from the start
# (jaxopt's dataclass solvers set their matvecs in `__post_init__`).
_INITIALIZERS = frozenset({"__init__", "__post_init__", "__new__", "__setstate__", "setup"})
_PYTREE_REGISTRATIONS = frozenset({"jax.tree_util.register_pytree_node",
                                   "jax.tree_util.register_pytree_node_class",
                                   "jax.tree_util.register_dataclass",
                                   "flax.struct.dataclass"})


class ObjectStateUnderJit(Rule):
    """
    ## What it does
    Finds a method that `jax.jit` compiles (decorated, `partial(jax.jit, static_argnums=0)`,
    or a bound method given to `jax.jit(obj.step)`) and that either sets an attribute of
    its object (`self.v += a * dt`), or reads one that another method of the class changes
    later (`set_epoch` writing `self.lr_scale`) while `self` is fixed at compile time (a
    static `self` or a bound method, the class not a registered pytree). Counters of traces
    (`self.n_traces += 1`) are left alone; NNX's and equinox's jits are not `jax.jit`.

    ## Why is this bad?
    `jit` runs the Python body once, to trace it, and then only the compiled program. A
    set attribute is set once, during tracing, to a tracer (the object then holds a leaked
    tracer), or on the copy `jit` rebuilt a pytree object into (the caller's object never
    changes); later calls set nothing. An attribute read with `self` fixed is a constant of
    the compiled program: changing it later changes nothing, silently
    (https://github.com/jax-ml/jax/issues/1567,
    https://github.com/jax-ml/jax/issues/15817). A test runs the invalid cases below under
    JAX and shows the stale or leaked value.

    ## Example
    ```python
    class World:
        @partial(jax.jit, static_argnums=0)
        def step(self, dt):
            self.v += -9.8 * dt
            self.p += self.v * dt
    ```

    ## Use instead
    ```python
    @jax.jit
    def step(p, v, dt):
        v = v - 9.8 * dt
        return p + v * dt, v

    world.p, world.v = step(world.p, world.v, dt)
    ```
    No fix is offered: the state has to become the function's arguments and results.
    """

    CODE = "SCN221"
    NAME = "object-state-under-jit"
    MESSAGE_SET = ("`self.{attr}` is set in `{method}`, which `jax.jit` compiles: the "
                   "assignment runs only while `jit` traces (leaving a tracer on the object, "
                   "or changing the copy a pytree is rebuilt into), never when the compiled "
                   "code runs; return the new value and set it outside")
    MESSAGE_READ = ("`self.{attr}` is read in `{method}`, which `jax.jit` compiles with "
                    "`self` fixed: the compiled code keeps the value of its first call, and "
                    "`{writer}` (line {line}) changes it later to no effect; pass it as an "
                    "argument")
    MESSAGE = MESSAGE_SET
    PROGRAM = True

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if "jit" not in ctx.text:
            return
        program = ctx.program
        program.prepare(ENTRY_WORDS)
        seen: set[int] = set()
        for method, where in program.transformed(STAGING):
            cls = method.cls
            if cls is None or method.is_lambda or not method.positional or \
                    id(method.node) in seen:
                continue
            seen.add(id(method.node))
            me = method.positional[0]
            for target, attr in _set_attributes(method, me):
                message = self.MESSAGE_SET.format(attr=attr, method=method.name)
                yield ctx.diagnostic_at(self, target, no_fix_reason(
                    message, "the state has to become the function's arguments and results"))
            if not _self_fixed(program, method, where) or _pytree(program, cls):
                continue
            for read, attr, writer in _stale_reads(program, cls, method, me):
                message = self.MESSAGE_READ.format(attr=attr, method=method.name,
                                                   writer=writer.name,
                                                   line=writer.node.lineno)
                yield ctx.diagnostic_at(self, read, no_fix_reason(
                    message, "the value has to become one of the function's arguments"))

    VALID = [
        # Set by a helper only `__init__` calls: the object's value from the start.
        _JNP + "class Planner:\n    def __init__(self, area):\n        self._precompute(area)\n"
        "    @partial(jax.jit, static_argnums=(0,))\n    def closest(self, i):\n"
        "        return self.table[i]\n"
        "    def _precompute(self, area):\n        self.table = jnp.cumsum(area)\n"
        "p = Planner(jnp.ones(3))\np.closest(1)\n",
        # The state goes in and out as arguments and results.
        _JNP + "class World:\n    def __init__(self):\n        self.v = jnp.ones(2)\n"
        "    @staticmethod\n    @jax.jit\n    def step(v, dt):\n        return v - 9.8 * dt\n"
        "world = World()\nworld.v = World.step(world.v, 0.1)\n",
        # A trace counter, set while tracing on purpose.
        _JNP + "class Model:\n    def __init__(self):\n        self.n_traces = 0\n"
        "    @partial(jax.jit, static_argnums=0)\n    def apply(self, x):\n"
        "        self.n_traces += 1\n        return x * 2.0\n"
        "m = Model()\nm.apply(jnp.ones(2))\n",
        # Read with `self` fixed, but set only in `__init__`: a constant indeed.
        _JNP + "class Trainer:\n    def __init__(self, lr):\n        self.lr = lr\n"
        "        self.step = jax.jit(self.sgd_step)\n"
        "    def sgd_step(self, w, g):\n        return w - self.lr * g\n"
        "t = Trainer(0.1)\nt.step(jnp.ones(2), jnp.ones(2))\n",
    ]

    INVALID = [
        # A static `self` read by the jitted step while a fit loop's method updates it
        # (https://github.com/reservoirpy/reservoirpy/issues/235).
        Invalid(_JNP + "class Reservoir:\n    def __init__(self):\n"
                "        self.a = jnp.ones(2)\n"
                "    @partial(jax.jit, static_argnums=(0,))\n    def step(self, x):\n"
                "        return jnp.tanh(self.a * x)\n"
                "    def update(self, post):\n        self.a = self.a + 0.5 * post\n"
                "r = Reservoir()\nbefore = r.step(jnp.ones(2))\n"
                "r.update(before)\nafter = r.step(jnp.ones(2))\n"),
        # https://github.com/jax-ml/jax/issues/1567: a static `self` updated in the step.
        Invalid(_JNP + "class World:\n    def __init__(self, p, v):\n"
                "        self.p = p\n        self.v = v\n"
                "    @partial(jax.jit, static_argnums=(0,))\n    def step(self, dt):\n"
                "        self.v = self.v - 9.8 * dt\n        self.p = self.p + self.v * dt\n"
                "world = World(jnp.zeros(2), jnp.ones(2))\nworld.step(0.01)\n"
                "before = world.p\nworld.step(0.01)\nafter = world.p\n", count=2),
        # A bound method jitted once that reads a value another method changes.
        Invalid(_JNP + "class Trainer:\n    def __init__(self):\n        self.lr_scale = 0.1\n"
                "        self.step_fn = jax.jit(self.sgd_step)\n"
                "    def sgd_step(self, w, g):\n        return w - self.lr_scale * g\n"
                "    def set_epoch(self, epoch):\n"
                "        self.lr_scale = min(1.0, 0.1 * (epoch + 1))\n"
                "t = Trainer()\nbefore = t.step_fn(jnp.ones(2), jnp.ones(2))\n"
                "t.set_epoch(5)\nafter = t.step_fn(jnp.ones(2), jnp.ones(2))\n"),
    ]


def _set_attributes(method: Scope, me: str):
    """(target, attribute) for each `self.attr = ...`/`self.attr += ...` in the method
    (nested defs too: they run while it is traced)."""
    for node in ast.walk(method.node):
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
        for target in targets:
            for item in ast.walk(target):
                if isinstance(item, ast.Attribute) and isinstance(item.ctx, ast.Store) and \
                        isinstance(item.value, ast.Name) and item.value.id == me and \
                        not _TRACE_COUNTER.search(item.attr):
                    yield item, item.attr


def _self_fixed(program: Program, method: Scope, where: ast.AST) -> bool:
    """Whether the jit fixes `self` at compile time: `jax.jit(obj.method)` (a bound method:
    `self` is a constant of the trace), or a decorator making parameter 0 static."""
    decorated = any(where is d for d in method.decorators)
    if not decorated and isinstance(where, ast.Call) and where.args and isinstance(
            where.args[0], ast.Attribute):
        site = program.call_at.get(id(where))
        return site is not None and any(t.bound_self for t in program.targets(where.args[0],
                                                                              site.scope))
    if not isinstance(where, ast.Call):
        return False
    for keyword in where.keywords:
        value = keyword.value
        items = value.elts if isinstance(value, (ast.Tuple, ast.List)) else [value]
        constants = [i.value for i in items if isinstance(i, ast.Constant)]
        if keyword.arg == "static_argnums" and 0 in constants or \
                keyword.arg == "static_argnames" and method.positional[0] in constants:
            return True
    return False


def _builds_only(program: Program, method: Scope) -> bool:
    """Whether the file calls ``method`` only from its class's initializers (a
    `_precompute` helper of `__init__`: what it sets is the object's value from the start;
    jaxmarl's overcooked path planner)."""
    callers = program.callers(method)
    return bool(callers) and all(
        site.scope.function is not None and site.scope.function.name in _INITIALIZERS
        for site, _ in callers)


def _pytree(program: Program, cls: ClassInfo) -> bool:
    """Whether the class is registered as a pytree (its attributes are then leaves)."""
    outer = cls.scope.parent or program.module
    if any(program.qualified(d.func if isinstance(d, ast.Call) else d, outer)
           in _PYTREE_REGISTRATIONS for d in cls.node.decorator_list):
        return True
    for node in ast.walk(program.tree):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Name) \
                and node.args[0].id == cls.name and program.qualified(
                    node.func, program.module) in _PYTREE_REGISTRATIONS:
            return True
    return False


def _stale_reads(program: Program, cls: ClassInfo, method: Scope, me: str):
    """(read, attribute, the method writing it) for each `self.attr` the method reads that
    another method of the class sets, not one building the object (`__init__`,
    `__post_init__`, ...)."""
    writers: dict[str, Scope] = {}
    for binds in cls.scope.bindings.values():
        for bind in binds:
            other = program.scope_of(bind.node) if bind.kind == "def" else None
            if other is None or other is method or other.name in _INITIALIZERS or \
                    not other.positional or _builds_only(program, other):
                continue
            for _target, attr in _set_attributes(other, other.positional[0]):
                writers.setdefault(attr, other)
    reported: set[str] = set()
    for node in ast.walk(method.node):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and \
                isinstance(node.value, ast.Name) and node.value.id == me and \
                node.attr in writers and node.attr not in reported:
            reported.add(node.attr)
            yield node, node.attr, writers[node.attr]
