"""Whether a file turns on 64-bit types (`jax_enable_x64`) for the code it runs, as far as the
file itself shows: then a default dtype (`jnp.zeros(n)`, `jnp.linspace(...)`, a NumPy float)
is float64 or int64, not float32 or int32.

Part of the model (ground layer): SCN208 reads it. Only the file is read: a module-level
statement (also inside a module-level `if`, `try` or `with`) calling
`jax.config.update("jax_enable_x64", True)` (or `1`, or `config.update` with `config` imported
from jax), or setting `os.environ["JAX_ENABLE_X64"]` to a true string before the file imports
jax. A setting elsewhere (a `conftest.py`, the shell's environment, a function the file calls)
is not seen: the result cache is keyed by the file's own content, and a conftest applies only
under pytest, so nothing outside the file decides what is reported in it.
"""

from __future__ import annotations

import libcst as cst

from scanlint.semantic.model import FileModel
from scanlint.semantic.scopes import Scope, qualified_name

CONFIG_UPDATES = frozenset({"jax.config.update", "jax.config.config.update"})
TRUE_STRINGS = frozenset({"1", "true", "True", "TRUE", "yes"})


def x64_enabled(model: FileModel) -> bool:
    """The file turns `jax_enable_x64` on at module level (memoised per model)."""
    memo = model.memo
    if "x64" not in memo:
        memo["x64"] = _enables_x64(model.module.body, model.module_scope, [False])
    return memo["x64"]


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
