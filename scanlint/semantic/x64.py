"""Whether 64-bit types (`jax_enable_x64`) are on where a piece of code runs, as far as the
file itself shows: then a default dtype (`jnp.zeros(n)`, `jnp.linspace(...)`, a NumPy float)
is float64 or int64, not float32 or int32.

Part of the model (ground layer): SCN208 reads it. Only the file is read. On for the whole
file: a module-level statement (also inside a module-level `if`, `try` or `with`) calling
`jax.config.update("jax_enable_x64", True)` (or `1`, or `config.update` with `config` imported
from jax), or setting `os.environ["JAX_ENABLE_X64"]` to a true string before the file imports
jax. On for one place (`x64_at`): inside `with jax.enable_x64(True):` (or
`jax.experimental.enable_x64()`), after an earlier statement of an enclosing body that turns it
on (that `config.update`, or a call of a function of the file whose body makes it), or inside
a function of the file that is used in such a place (three calls deep). A setting elsewhere (a
`conftest.py`, the shell's environment) is not seen: the result cache is keyed by the file's
own content, and a conftest applies only under pytest, so nothing outside the file decides what
is reported in it.
"""

from __future__ import annotations

import libcst as cst

from scanlint.semantic.call_sites import parents_of
from scanlint.semantic.model import FileModel
from scanlint.semantic.scopes import Scope, qualified_name

CONFIG_UPDATES = frozenset({"jax.config.update", "jax.config.config.update"})
TRUE_STRINGS = frozenset({"1", "true", "True", "TRUE", "yes"})
# Context managers that turn 64-bit types on for their block (jax >= 0.7 has `jax.enable_x64`;
# older releases the experimental one).
X64_CONTEXTS = frozenset({"jax.enable_x64", "jax.experimental.enable_x64"})
_CALLERS_DEPTH = 3


def x64_enabled(model: FileModel) -> bool:
    """The file turns `jax_enable_x64` on at module level (memoised per model)."""
    memo = model.memo
    if "x64" not in memo:
        memo["x64"] = _enables_x64(model.module.body, model.module_scope, [False])
    return memo["x64"]


def x64_at(model: FileModel, node: cst.CSTNode, scope: Scope) -> bool:
    """`jax_enable_x64` is on where ``node`` (read in ``scope``) runs: for the whole file, or
    by a `with`, an earlier statement, or the place a function holding it is used."""
    return x64_enabled(model) or _on_at(model, node, scope, 0)


def _on_at(model: FileModel, node: cst.CSTNode, scope: Scope, depth: int) -> bool:
    parents = parents_of(model)
    child, current = node, parents.get(id(node))
    while current is not None:
        if isinstance(current, cst.With) and child is current.body and any(
                _x64_context(item.item, scope) for item in current.items):
            return True
        if isinstance(current, (cst.IndentedBlock, cst.Module)):
            if _turned_on_before(model, list(current.body), child, scope):
                return True
        if isinstance(current, cst.FunctionDef):
            return depth < _CALLERS_DEPTH and _used_under_x64(model, current, scope, depth)
        child, current = current, parents.get(id(current))
    return False


def _used_under_x64(model: FileModel, function: cst.FunctionDef, scope: Scope,
                    depth: int) -> bool:
    """Some use of the function's name (a call, a jit of it, a loop given it) is a place
    where x64 is on."""
    while scope is not None and scope.node is not function:
        scope = scope.parent
    definer = scope.parent if scope is not None else None
    bindings = definer.bindings.get(function.name.value, []) if definer is not None else []
    if len(bindings) != 1 or bindings[0].kind != "def":
        return False
    return any(_on_at(model, name, use_scope, depth + 1)
               for name, use_scope in model.references(bindings[0]))


def _turned_on_before(model: FileModel, statements: list, child: cst.CSTNode,
                      scope: Scope) -> bool:
    for statement in statements:
        if statement is child:
            return False
        if isinstance(statement, cst.SimpleStatementLine) and any(
                _turns_on(small, scope, True) or _calls_enabler(model, small, scope)
                for small in statement.body):
            return True
    return False


def _calls_enabler(model: FileModel, small: cst.BaseSmallStatement, scope: Scope) -> bool:
    """`setup()`, a function of the file whose own body turns x64 on."""
    if not (isinstance(small, cst.Expr) and isinstance(small.value, cst.Call)
            and isinstance(small.value.func, cst.Name)):
        return False
    owner = scope
    name = small.value.func.value
    while owner is not None and name not in owner.bindings:
        owner = owner.parent
    bindings = owner.bindings.get(name, []) if owner is not None else []
    if len(bindings) != 1 or bindings[0].kind != "def":
        return False
    function = bindings[0].node
    if not isinstance(function, cst.FunctionDef) or not isinstance(function.body,
                                                                    cst.IndentedBlock):
        return False
    return any(isinstance(line, cst.SimpleStatementLine)
               and any(_turns_on(s, scope, True) for s in line.body)
               for line in function.body.body)


def _x64_context(item: cst.BaseExpression, scope: Scope) -> bool:
    if not isinstance(item, cst.Call) or qualified_name(scope, item.func) not in X64_CONTEXTS:
        return False
    return not item.args or _true(item.args[0].value)


def _enables_x64(statements, scope: Scope, jax_imported: list[bool]) -> bool:
    for statement in statements:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, (cst.Import, cst.ImportFrom)) and _imports_jax(small):
                    jax_imported[0] = True
                if _turns_on(small, scope, jax_imported[0]):
                    return True
        elif isinstance(statement, (cst.If, cst.Try, cst.With)):
            if any(_enables_x64(block, scope, jax_imported) for block in _blocks(statement)):
                return True
    return False


def _blocks(statement: cst.CSTNode) -> list[list]:
    """The statement lists of a module-level `if` (and its `elif`/`else`), `try` or `with`."""
    found = []
    node = statement
    while isinstance(node, (cst.If, cst.Else)):
        found.append(list(node.body.body) if isinstance(node.body, cst.IndentedBlock) else [])
        node = node.orelse if isinstance(node, cst.If) else None
    if isinstance(statement, (cst.Try, cst.With)) and isinstance(statement.body,
                                                                   cst.IndentedBlock):
        found.append(list(statement.body.body))
    return found


def _imports_jax(small: cst.Import | cst.ImportFrom) -> bool:
    if isinstance(small, cst.ImportFrom):
        module = small.module
        return module is not None and cst.Module([]).code_for_node(module).split(".")[0] == "jax"
    return any(cst.Module([]).code_for_node(alias.name).split(".")[0] == "jax"
               for alias in small.names)


def _turns_on(small: cst.BaseSmallStatement, scope: Scope, jax_imported: bool) -> bool:
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
        call = small.value
        if qualified_name(scope, call.func) not in CONFIG_UPDATES or len(call.args) != 2:
            return False
        name, value = (arg.value for arg in call.args)
        return _string(name) == "jax_enable_x64" and _true(value)
    if isinstance(small, cst.Assign) and not jax_imported and len(small.targets) == 1:
        target = small.targets[0].target
        return (isinstance(target, cst.Subscript) and qualified_name(scope, target.value)
                == "os.environ" and len(target.slice) == 1
                and isinstance(target.slice[0].slice, cst.Index)
                and _string(target.slice[0].slice.value) == "JAX_ENABLE_X64"
                and _string(small.value) in TRUE_STRINGS)
    return False


def _string(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _true(node: cst.BaseExpression) -> bool:
    return (isinstance(node, cst.Name) and node.value == "True") or (
        isinstance(node, cst.Integer) and node.value == "1")
