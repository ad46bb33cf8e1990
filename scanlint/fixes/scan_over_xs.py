"""SCN206's rewrite: a scan whose carry counter only indexes arrays scans over those arrays as
`xs` instead (each cut to the scan's length), and the counter leaves the carry; the loop's
result is rebuilt so callers see the same pytree.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from scanlint.core.diagnostic import Fix
from scanlint.fixes.carry import (call_with_init, fresh_name, index, is_any_annotation,
                                  names_in_use, nodes_in, rebuilt_statements, result_use, sequence,
                                  unpack_changes, without_slots)
from scanlint.fixes.edits import ReplaceById, statement_fix
from scanlint.fixes.effects import step_refusal
from scanlint.semantic.carry import CarryLayout, StepFunction, returned_carry
from scanlint.semantic.model import FileModel, ScanSite
from scanlint.semantic.scopes import lookup


def scans_nothing(site: ScanSite) -> bool:
    xs = site.args.get("xs")
    return xs is None or (isinstance(xs, cst.Name) and xs.value == "None")


@dataclass(frozen=True)
class Sliced:
    """One array the counter indexes, and the axis it indexes."""

    array: str
    axis: int  # counted from the front, or from the back (negative) after `...`


def _sliced(node: cst.Subscript, counter: str) -> Sliced | None:
    """`a[t]`, `a[:, t]`, `a[t, :]`, `a[..., t]`, `a[..., t, :]` with ``a`` a name and every
    other index a full slice `:`, else None."""
    if not isinstance(node.value, cst.Name):
        return None
    parts = [e.slice for e in node.slice]
    at = [n for n, p in enumerate(parts) if isinstance(p, cst.Index) and isinstance(
        p.value, cst.Name) and p.value.value == counter and p.star is None]
    if len(at) != 1:
        return None
    before, after = parts[:at[0]], parts[at[0] + 1:]
    if not all(_full_slice(p) for p in after):
        return None
    if len(before) == 1 and isinstance(before[0], cst.Index) and isinstance(
            before[0].value, cst.Ellipsis):
        return Sliced(node.value.value, -1 - len(after))
    if all(_full_slice(p) for p in before):
        return Sliced(node.value.value, len(before))
    return None


def _full_slice(part: cst.BaseSlice) -> bool:
    return (isinstance(part, cst.Slice) and part.lower is None and part.upper is None
            and part.step is None)


def scan_over_xs_fix(model: FileModel, text: str, site: ScanSite, step: StepFunction,
                     layout: CarryLayout, counter: int, uses: list[cst.Subscript],
                     line_length: int = 79) -> Fix | str | None:
    """SCN206's rewrite: the arrays the counter ``uses`` index become the scan's `xs`, cut to
    its length, and the counter leaves the carry (its final value rebuilt after the call)."""
    name = layout.slot_names[counter]
    assert name is not None and isinstance(step.node, cst.FunctionDef)
    sliced = [_sliced(node, name) for node in uses]
    if (None in sliced or "reverse" in site.args or not layout.is_sequence
            or not layout.init_at_call or not _only_use(model, step, site)
            or any(node is site.call for node in nodes_in(step.node))):
        return None
    refusal = step_refusal(model, step, site)
    if refusal is not None:
        return refusal
    xs = None if scans_nothing(site) else site.args.get("xs")
    x_param = _x_param(step, unused=xs is None)
    jnp = _jax_numpy(model, site)
    length = _scan_length(site, xs)
    if x_param is None or (jnp is None and any(s.axis for s in sliced)) or length is None:
        return None
    arrays = list(dict.fromkeys(sliced))  # in order of first use
    sources = [_array_source(model, step, site, layout, s.array) for s in arrays]
    if None in sources:
        return None
    used = names_in_use(step.scope)
    slice_names = [fresh_name(f"{s.array}_{name}", used) for s in arrays]
    changes: dict = {id(node): cst.Name(slice_names[arrays.index(s)])
                     for node, s in zip(uses, sliced)}
    keep = [i for i in range(layout.size) if i != counter]
    x_names = slice_names if xs is None else [x_param.name.value, *slice_names]
    changes.update(_carry_changes(model, step, layout, keep, x_param, x_names, used))
    # Each array is cut to the scan's length: the counter never read past it, and scan
    # needs every leaf of `xs` exactly that long.
    scanned = [_prefix(s if a.axis == 0 else _moveaxis(jnp, s, a.axis), length)
               for s, a in zip(sources, arrays)]
    if xs is not None:  # the arrays join the existing xs
        scanned = [xs, *scanned]
    assert isinstance(site.init, (cst.Tuple, cst.List))
    new_call = _with_xs(site, call_with_init(site, without_slots(site.init, keep)),
                        scanned[0] if len(scanned) == 1 else cst.Tuple(
                            [cst.Element(x) for x in scanned]))
    statements = _statements(model, site, layout, counter, new_call, jnp, length)
    if statements is None:
        return None
    new_def = step.node.visit(ReplaceById(changes))
    replacements = [(step.node, [new_def]), (site.statement, statements)]
    what = ", ".join(cst.Module([]).code_for_node(x) for x in scanned)
    return statement_fix(text, model.module, model.range_of, replacements,
                         f"Scan over {what} instead of indexing with `{name}`", "unsafe",
                         model.index, line_length)


def _scan_length(site: ScanSite, xs: cst.BaseExpression | None) -> cst.BaseExpression | None:
    """How many steps the scan runs, as an expression safe to evaluate again: `length=`, or
    `xs.shape[0]` for an `xs` that is a name."""
    length = site.args.get("length")
    if length is not None:
        return length if _pure(length) else None
    if isinstance(xs, cst.Name):
        return cst.parse_expression(f"{xs.value}.shape[0]")
    return None


def _prefix(array: cst.BaseExpression, length: cst.BaseExpression) -> cst.Subscript:
    """`array[:length]`."""
    return cst.Subscript(array, [cst.SubscriptElement(cst.Slice(None, length))])


def _only_use(model: FileModel, step: StepFunction, site: ScanSite) -> bool:
    """The step is a `def` bound once and read only by this call."""
    if len(step.ref.bindings) != 1 or step.ref.kind not in ("local_def", "module_def"):
        return False
    return len(model.references(step.ref.bindings[0])) == 1


def _x_param(step: StepFunction, unused: bool) -> cst.Param | None:
    """The step's `x` parameter (a plain second parameter), when the body never reads it or
    ``unused`` is False."""
    params = step.node.params
    positional = [*params.posonly_params, *params.params]
    if (len(positional) != 2 or isinstance(params.star_arg, cst.Param) or params.kwonly_params
            or params.star_kwarg is not None):
        return None
    x = positional[1]
    if unused and any(load.value == x.name.value for scope in step.scope.walk()
                      for load in scope.loads if lookup(scope, load.value)[0] is step.scope):
        return None
    return x


def _jax_numpy(model: FileModel, site: ScanSite) -> str | None:
    """How the call's scope names `jax.numpy` (`jnp`, or `jax.numpy`), if it does."""
    candidates = []
    for name, bindings in model.module_scope.bindings.items():
        qualified = {b.qualified_name for b in bindings if b.kind == "import"}
        if qualified == {"jax.numpy"}:
            candidates.append((0, name))
        elif qualified == {"jax"}:
            candidates.append((1, f"{name}.numpy"))
    for _, text in sorted(candidates):
        owner, _bindings = lookup(site.scope, text.split(".")[0])
        if owner is model.module_scope:
            return text
    return None


def _array_source(model: FileModel, step: StepFunction, site: ScanSite, layout: CarryLayout,
                  array: str) -> cst.Name | None:
    """What to scan over for ``array``: the same name at the call when it reads the same
    binding there, or a passed-through carry slot's init name."""
    if array in layout.slot_names:
        i = layout.slot_names.index(array)
        init = layout.init_elements[i]
        if i in layout.passthrough and isinstance(init, cst.Name):
            return cst.Name(init.value)
        return None
    inside_owner, inside = lookup(step.scope, array)
    outside_owner, outside = lookup(site.scope, array)
    if inside_owner is None or inside_owner is step.scope or inside_owner is not outside_owner:
        return None
    return cst.Name(array) if inside == outside else None


def _moveaxis(jnp: str | None, array: cst.BaseExpression, axis: int) -> cst.BaseExpression:
    assert jnp is not None
    return cst.parse_expression(f"{jnp}.moveaxis({array.value}, {axis}, 0)")


def _carry_changes(model, step: StepFunction, layout: CarryLayout, keep: list[int],
                   x_param: cst.Param, x_names: list[str], used: set[str]) -> dict:
    """The body without the counter; what it scans over arrives as its `x` parameter: one
    name, or a tuple it unpacks into ``x_names`` first."""
    line = layout.unpack_line
    assert line is not None
    changes: dict = {}
    new_x = x_param
    if x_param.annotation is not None and not is_any_annotation(x_param.annotation.annotation):
        new_x = x_param.with_changes(annotation=None)  # it was `None` or unused; now slices
    if len(x_names) == 1:
        changes[id(x_param)] = new_x.with_changes(name=cst.Name(x_names[0]),
                                                  default=None, equal=cst.MaybeSentinel.DEFAULT)
        slices_line = []
    else:
        x_name = fresh_name("x", used)
        changes[id(x_param)] = new_x.with_changes(name=cst.Name(x_name))
        slices_line = [cst.SimpleStatementLine([cst.Assign(
            [cst.AssignTarget(cst.Tuple([cst.Element(cst.Name(n)) for n in x_names],
                                        lpar=[], rpar=[]))], cst.Name(x_name))])]
    changes.update(unpack_changes(step, layout, keep))
    if len(keep) == 1:  # the unpacking goes; the slices' unpacking takes its place
        changes[id(line)] = slices_line or None
    elif slices_line:
        changes[id(line)] = lambda updated: [updated, *slices_line]
    for ret in layout.returns:
        carry = returned_carry(step, ret.value)
        changes[id(carry)] = lambda updated: without_slots(updated, keep)
    return changes


def _with_xs(site: ScanSite, call: cst.Call, xs: cst.BaseExpression) -> cst.Call:
    """``call`` scanning over ``xs``: in place of `None`, else right after the init."""
    args = list(call.args)
    for n, arg in enumerate(site.call.args):
        if arg.value is site.args.get("xs"):
            args[n] = args[n].with_changes(value=xs)
            return call.with_changes(args=args)
    position = next(n for n, arg in enumerate(site.call.args) if arg.value is site.init)
    if site.call.args[position].keyword is None and all(
            a.keyword is not None for a in site.call.args[position + 1:]):
        args.insert(position + 1, cst.Arg(xs))
        return call.with_changes(args=args)
    return call.with_changes(args=[*args, cst.Arg(xs, keyword=cst.Name("xs"),
                                                  equal=cst.AssignEqual(
                                                      whitespace_before=cst.SimpleWhitespace(""),
                                                      whitespace_after=cst.SimpleWhitespace("")))])


def _statements(model: FileModel, site: ScanSite, layout: CarryLayout, counter: int,
                new_call: cst.Call, jnp: str | None,
                length: cst.BaseExpression | None) -> list[cst.BaseStatement] | None:
    """The call's statement; where the result is used, the counter's final value comes back
    as `jnp.asarray(length)`."""
    keep = [i for i in range(layout.size) if i != counter]

    def rebuild(carry_out: cst.BaseExpression) -> cst.BaseExpression:
        assert length is not None and jnp is not None
        final = cst.parse_expression(f"{jnp}.asarray({cst.Module([]).code_for_node(length)})")
        slots = {i: (carry_out if len(keep) == 1 else index(carry_out, n))
                 for n, i in enumerate(keep)}
        slots[counter] = final
        return sequence(layout.container, [slots[i] for i in range(layout.size)])

    weak_zero = isinstance(layout.init_elements[counter], cst.Integer)
    if (length is None or jnp is None or not _pure(length) or not weak_zero) \
            and not _result_unused(site):
        # The counter's final value is used and cannot be given back: `jnp.asarray(n)` is
        # the weak-typed int a Python `0` counts up to, not the int32 or uint8 a
        # `jnp.int32(0)` or `jnp.zeros((), jnp.uint8)` does.
        return None
    return rebuilt_statements(site, new_call, rebuild, names_in_use(site.scope))


def _result_unused(site: ScanSite) -> bool:
    use = result_use(site)
    return use is not None and use[0] in ("discarded", "ys-only")


def _pure(expr: cst.BaseExpression) -> bool:
    """Names, attributes, subscripts, numbers and arithmetic, and `len(...)`: safe to
    evaluate a second time."""
    if isinstance(expr, (cst.Name, cst.Integer)):
        return True
    if isinstance(expr, cst.Attribute):
        return _pure(expr.value)
    if isinstance(expr, cst.Subscript):
        return _pure(expr.value) and all(
            isinstance(e.slice, cst.Index) and _pure(e.slice.value) for e in expr.slice)
    if isinstance(expr, cst.BinaryOperation):
        return _pure(expr.left) and _pure(expr.right)
    if isinstance(expr, cst.Call):
        return (isinstance(expr.func, cst.Name) and expr.func.value == "len"
                and len(expr.args) == 1 and _pure(expr.args[0].value))
    return False
