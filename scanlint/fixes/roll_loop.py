"""SCN301's fix: a Python `for` loop under `jit`, rolled into `jax.lax.fori_loop` or `scan`.

The loop's body becomes a local `def` (the project's style for steps); the names the loop
carries become its carry (a tuple when several), the values it appends to lists that are
stacked after it become the scan's `ys`, bound to the lists' own names so the stacking code
after the loop reads the same values; the index comes in as the loop function's index (or as
`jnp.arange(...)` scanned over) where the body reads it. What may be rolled is decided in
`semantic/jit_loops.py` and `semantic/rolling.py`; this module only writes the code.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from scanlint.core.diagnostic import Fix
from scanlint.fixes.carry import fresh_name, names_in_use
from scanlint.fixes.edits import statement_fix
from scanlint.fixes.effects import loop_refusal
from scanlint.semantic.jit_loops import JitLoop, jit_loops
from scanlint.semantic.model import FileModel
from scanlint.semantic.rolling import Rolling, StackedList, body_statements
from scanlint.semantic.scopes import Scope, lookup


@dataclass(frozen=True)
class JaxNames:
    """How the code around a loop spells `jax.lax` and `jax.numpy`."""

    lax: str
    numpy: str
    import_jax: bool  # `import jax` must be added for them


def jax_names(model: FileModel, scope: Scope) -> JaxNames | None:
    """`lax`/`jnp` when imported as such, else through `jax`; None when `jax` would have to
    be imported but the name is taken."""
    aliases: dict[str, str] = {}
    for name, bindings in model.module_scope.bindings.items():
        qualified = {b.qualified_name for b in bindings if b.kind == "import"}
        if len(qualified) == 1 and len(bindings) == 1 and lookup(scope, name)[0] is \
                model.module_scope:
            aliases.setdefault(qualified.pop() or "", name)
    jax = aliases.get("jax")
    lax = aliases.get("jax.lax") or (f"{jax}.lax" if jax else None)
    numpy = aliases.get("jax.numpy") or (f"{jax}.numpy" if jax else None)
    if lax and numpy:
        return JaxNames(lax, numpy, False)
    if lookup(scope, "jax")[1]:
        return None
    return JaxNames(lax or "jax.lax", numpy or "jax.numpy", True)


def roll_fix(text: str, model: FileModel, jl: JitLoop, rolling: Rolling,
             line_length: int = 79) -> Fix | str | None:
    """The loop rewritten as `fori_loop`, `scan` or `lax.map`, or why not (None: the
    rewrite needs `jax`, which the file does not import under that name)."""
    stacked_appends = frozenset(id(s.append.body[0].value) for s in rolling.stacked)
    refusal = loop_refusal(model, jl.loop, jl.scope, stacked_appends)
    if refusal is not None:
        return refusal
    names = jax_names(model, jl.scope)
    if names is None:
        return None
    used = names_in_use(jl.scope)
    outer = jl.scope.parent
    while outer is not None and outer.kind != "module":  # no step hides an enclosing name
        used |= set(outer.bindings)
        outer = outer.parent
    for earlier in jit_loops(model):  # each loop of a function gets its own step's name
        if earlier is jl:
            break
        if earlier.scope is jl.scope:
            fresh_name("step", used)
    step = fresh_name("step", used)
    statements = _step_and_call(model, jl, rolling, names, step, used)
    replacements: list[tuple[cst.CSTNode, list[cst.CSTNode]]] = [(jl.loop, statements)]
    for stacked in rolling.stacked:
        if not any(line.comment for line in stacked.init.leading_lines):
            replacements.append((stacked.init, []))  # dead once scan binds the name
    if names.import_jax:
        last = _last_import(model.module)
        if last is None:
            return None
        replacements.append((last, [last, _parse(model, "import jax")]))
    return statement_fix(text, model.module, model.range_of, replacements,
                         f"Roll the loop into `{names.lax}.{rolling.loop_function}`", "unsafe",
                         model.index, line_length)


def _step_and_call(model: FileModel, jl: JitLoop, rolling: Rolling, names: JaxNames,
                   step: str, used: set[str]) -> list[cst.CSTNode]:
    carry = rolling.carry
    index = jl.index or "_"
    carry_param = carry[0] if len(carry) == 1 else fresh_name("carry", used)
    body, ys = _body(jl, rolling, used)
    if len(carry) > 1:
        body.insert(0, _parse(model, f"{', '.join(carry)} = {carry_param}"))
    carry_value = ", ".join(carry)
    if not rolling.stacked:
        params, returned = [index, carry_param], carry_value
    elif carry:
        params, returned = [carry_param, index], f"{_packed(carry)}, {_packed(ys)}"
    else:
        params, returned = [index], ", ".join(ys)
    body.append(_parse(model, f"return {returned}"))
    block = jl.loop.body
    if not isinstance(block, cst.IndentedBlock):
        block = cst.IndentedBlock([])
    definition = cst.FunctionDef(
        name=cst.Name(step),
        params=cst.Parameters([cst.Param(cst.Name(p)) for p in params]),
        body=block.with_changes(body=body),
        leading_lines=jl.loop.leading_lines)
    return [definition, _parse(model, _call(jl, rolling, names, step))]


def _body(jl: JitLoop, rolling: Rolling, used: set[str]) -> tuple[list[cst.CSTNode], list[str]]:
    """The loop's statements with each append taken out (its value returned as `ys`, or
    first bound to a fresh name when the body rebinds what it reads), and the ys values."""
    by_append = {id(s.append): s for s in rolling.stacked}
    body: list[cst.CSTNode] = []
    ys: dict[str, str] = {}
    for statement in body_statements(jl.loop):
        stacked: StackedList | None = by_append.get(id(statement))
        if stacked is None:
            body.append(statement)
            continue
        value = _code(stacked.value)
        if stacked.read_late:
            value_name = fresh_name(f"{stacked.name}_t", used)
            body.append(statement.with_changes(body=[cst.parse_statement(
                f"{value_name} = {value}\n").body[0]]))
            value = value_name
        ys[stacked.name] = value
    return body, [ys[s.name] for s in rolling.stacked]


def _call(jl: JitLoop, rolling: Rolling, names: JaxNames, step: str) -> str:
    args = [_code(a) for a in jl.range_args]
    start, stop = ("0", args[0]) if len(args) == 1 else (args[0], args[1])
    carry = rolling.carry
    lists = [s.name for s in rolling.stacked]
    if not rolling.stacked:
        return (f"{', '.join(carry)} = {names.lax}.fori_loop({start}, {stop}, {step}, "
                f"{_packed(carry)})")
    arange = f"{names.numpy}.arange({', '.join(args)})"
    if not carry:
        return f"{', '.join(lists)} = {names.lax}.map({step}, {arange})"
    length = stop if len(args) == 1 else \
        f"{_grouped(jl.range_args[1])} - {_grouped(jl.range_args[0])}"
    xs = f"{arange}, " if rolling.index_used else ""
    return (f"{_packed(carry)}, {_packed(lists)} = {names.lax}.scan({step}, {_packed(carry)}, "
            f"{xs}length={length})")


def _packed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"({', '.join(names)})"


def _grouped(expr: cst.BaseExpression) -> str:
    text = _code(expr)
    simple = isinstance(expr, (cst.Name, cst.Integer, cst.Attribute, cst.Call, cst.Subscript))
    return text if simple or expr.lpar else f"({text})"


def _last_import(module: cst.Module) -> cst.SimpleStatementLine | None:
    last = None
    for statement in module.body:
        if isinstance(statement, cst.SimpleStatementLine) and all(
                isinstance(s, (cst.Import, cst.ImportFrom)) for s in statement.body):
            last = statement
    return last


def _parse(model: FileModel, code: str) -> cst.SimpleStatementLine:
    statement = cst.parse_statement(code + model.module.default_newline,
                                    config=model.module.config_for_parsing)
    assert isinstance(statement, cst.SimpleStatementLine)
    return statement


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)
