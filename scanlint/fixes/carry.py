"""Rewrites shared by the closure <-> carry fixes (SCN101, SCN102).

When a fix changes the carry's structure, what the loop returns changes too. These helpers
rebuild the original result where it is used, so the code around the call sees the same
pytree: `out = scan(...)` becomes `carry_out, ys = scan(...)` then `out = (rebuilt, ys)`.
"""

from __future__ import annotations

from typing import Callable, Iterator

import libcst as cst

from scanlint.fixes.edits import ReplaceById
from scanlint.semantic import walk
from scanlint.semantic.carry import CarryLayout, StepFunction
from scanlint.semantic.model import FileModel, ScanSite
from scanlint.semantic.scopes import Scope, dotted


def names_in_use(scope: Scope) -> set[str]:
    """Names bound in ``scope``, and names read in it or in scopes inside it that do not
    resolve to a scope inside it. A new local of ``scope`` named outside this set shadows
    nothing that any code there reads."""
    from scanlint.semantic.scopes import lookup

    used: set[str] = set(scope.bindings)
    for each in scope.walk():
        for load in each.loads:
            owner, _bindings = lookup(each, load.value)
            if owner is None or owner is scope or not owner.is_within(scope):
                used.add(load.value)
    return used


def fresh_name(base: str, used: set[str]) -> str:
    name, n = base, 1
    while name in used:
        n += 1
        name = f"{base}{n}"
    used.add(name)
    return name


def index(value: cst.BaseExpression, i: int) -> cst.Subscript:
    return cst.Subscript(value=value, slice=[cst.SubscriptElement(cst.Index(cst.Integer(str(i))))])


def sequence(kind: str, elements: list[cst.BaseExpression]) -> cst.BaseExpression:
    items = [cst.Element(e) for e in elements]
    if kind == "list":
        return cst.List(items)
    if len(items) == 1:
        items = [cst.Element(elements[0], comma=cst.Comma())]
    return cst.Tuple(items)


def with_elements(node: cst.Tuple | cst.List, elements: list[cst.BaseExpression]) -> cst.BaseExpression:
    """``node`` with new elements, keeping its brackets and (when the count allows) commas."""
    old = list(node.elements)
    items = []
    for i, value in enumerate(elements):
        last = i == len(elements) - 1
        items.append(cst.Element(value, comma=_trailing_comma(old) if last
                                 else _comma_between(old, i)))
    if isinstance(node, cst.Tuple) and len(items) == 1:
        items[0] = items[0].with_changes(comma=cst.Comma())
    return node.with_changes(elements=items)


def _comma_between(old: list, i: int):
    """The comma after element ``i`` of a sequence that had elements ``old``: the one written
    there when it separated two elements, else one like those between the old elements
    when they stand one a line, else `, ` (the comma of a one-element tuple, `(a,)`,
    separated nothing and has no space after it)."""
    if i < len(old) - 1 and isinstance(old[i].comma, cst.Comma):
        return old[i].comma
    separators = [e.comma for e in old[:-1] if isinstance(e.comma, cst.Comma)]
    if separators and isinstance(separators[-1].whitespace_after, cst.ParenthesizedWhitespace):
        return separators[-1]  # one element a line
    return cst.MaybeSentinel.DEFAULT


def _trailing_comma(old: list):
    """The last element's comma: a trailing comma the code wrote after two or more elements
    is kept (the one of `(a,)` is the tuple's syntax, not a style)."""
    if len(old) >= 2 and isinstance(old[-1].comma, cst.Comma):
        return old[-1].comma
    return cst.MaybeSentinel.DEFAULT


def nodes_in(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """``node`` and every node below it."""
    yield node
    for child in walk.children(node):
        yield from nodes_in(child)


def without_slots(carry: cst.Tuple | cst.List, keep: list[int]) -> cst.BaseExpression:
    """A tuple or list carry literal with only the slots ``keep``; one slot left is that value
    itself (`(s, t)` -> `s`)."""
    values = [carry.elements[i].value for i in keep]
    return values[0] if len(values) == 1 else with_elements(carry, values)


def unpack_changes(step: StepFunction, layout: CarryLayout, keep: list[int]) -> dict:
    """Replacements for the body's `s, t, a = carry` keeping only the slots ``keep``; with
    one slot of a tuple or list left (see `without_slots`) the line goes and the carry
    parameter takes the slot's name (`def step(s, x)`). A NamedTuple stays a NamedTuple. The
    carry's annotations (of the parameter, and the step's return annotation) follow, see
    `kept_annotation`."""
    unpack, line = layout.unpack, layout.unpack_line
    assert unpack is not None and line is not None and step.carry_param is not None
    param = _param_annotated(step.carry_param, lambda a: kept_annotation(a, layout, keep))
    changes = returns_changes(step, lambda a: kept_annotation(a, layout, keep))
    if layout.is_sequence and len(keep) == 1:
        changes.update({id(line): None, id(step.carry_param): param.with_changes(
            name=cst.Name(layout.slot_names[keep[0]]))})
        return changes
    if param is not step.carry_param:
        changes[id(step.carry_param)] = param
    changes[id(unpack)] = _unpack_kept(unpack, keep)
    return changes


def _unpack_kept(unpack: cst.Assign, keep: list[int]) -> cst.Assign:
    target = unpack.targets[0].target
    return unpack.with_changes(targets=[unpack.targets[0].with_changes(
        target=with_elements(target, [target.elements[i].value for i in keep]))])


def is_any_annotation(annotation: cst.BaseExpression) -> bool:
    """`Any` or `object`: true of every carry."""
    return (dotted(annotation) or "").split(".")[-1] in ("Any", "object")


def _subscript_types(annotation: cst.BaseExpression, names: tuple[str, ...]):
    """The element types of `Tuple[A, B]`/`tuple[A, B]` (for ``names``), else None."""
    if not (isinstance(annotation, cst.Subscript)
            and (dotted(annotation.value) or "").split(".")[-1] in names
            and all(isinstance(e.slice, cst.Index) for e in annotation.slice)):
        return None
    return [e.slice.value for e in annotation.slice]


def kept_annotation(annotation: cst.BaseExpression, layout: CarryLayout,
                    keep: list[int]) -> cst.BaseExpression | None:
    """A carry annotation once only the slots ``keep`` are left: `Tuple[A, B, C]` (one
    type per slot) cut to `Tuple[A, C]` (`A` for one slot, which becomes the carry),
    `Tuple[A, ...]` kept (`A` for one slot), `Any` and a NamedTuple's or dict's type kept
    (the structure stays); anything else (`tuple`, `Sequence[A]` for one slot) is None:
    dropped, since a runtime type checker (beartype, jaxtyping's import hook) would reject
    the new carry."""
    if is_any_annotation(annotation) or not layout.is_sequence:
        return annotation
    types = _subscript_types(annotation, ("Tuple", "tuple"))
    if types is not None and len(types) == 2 and isinstance(types[1], cst.Ellipsis):
        return types[0] if len(keep) == 1 else annotation
    if types is not None and len(types) == layout.size and not any(
            isinstance(t, cst.Ellipsis) for t in types):
        if len(keep) == 1:
            return types[keep[0]]
        elements = [annotation.slice[i] for i in keep]
        elements[-1] = elements[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return annotation.with_changes(slice=elements)
    if len(keep) > 1 and (dotted(annotation) or "").split(".")[-1] in (
            "tuple", "Tuple", "list", "List", "Sequence"):
        return annotation
    return None


def threaded_annotation(annotation: cst.BaseExpression, flat: bool) -> cst.BaseExpression | None:
    """A carry annotation once names of unknown type join the carry: kept when still true
    (`Any`; a bare `tuple` or `list` when they join its slots, ``flat``), else None
    (dropped: `Tuple[A, B]` misses the new slots, `C` is now `(C, a)`)."""
    if is_any_annotation(annotation):
        return annotation
    if flat and isinstance(annotation, (cst.Name, cst.Attribute)) and (
            dotted(annotation) or "").split(".")[-1] in ("tuple", "Tuple", "list", "List",
                                                        "Sequence"):
        return annotation
    return None


def _param_annotated(param: cst.Param, new_annotation) -> cst.Param:
    """``param`` with its annotation replaced by ``new_annotation(old)`` (None drops it)."""
    if param.annotation is None:
        return param
    new = new_annotation(param.annotation.annotation)
    if new is param.annotation.annotation:
        return param
    if new is None:
        return param.with_changes(annotation=None)
    return param.with_changes(annotation=param.annotation.with_changes(annotation=new))


def param_changes(param: cst.Param, new_annotation) -> dict:
    """`{id(param): new param}` when its annotation changes (see `_param_annotated`)."""
    new = _param_annotated(param, new_annotation)
    return {} if new is param else {id(param): new}


def returns_changes(step: StepFunction, new_carry_annotation) -> dict:
    """The step's return annotation after its carry changes: the carry's annotation
    (fori_loop, while_loop) or the first of `Tuple[carry, y]` (scan) becomes
    ``new_carry_annotation(old)``; the whole annotation goes when that is None or the
    annotation has no such part (an annotation naming a wrong type fails under a runtime
    type checker)."""
    function = step.node
    if not isinstance(function, cst.FunctionDef) or function.returns is None:
        return {}
    annotation = function.returns.annotation
    if is_any_annotation(annotation):
        return {}
    if not step.returns_pair:
        new = new_carry_annotation(annotation)
    else:
        types = _subscript_types(annotation, ("Tuple", "tuple"))
        carry = new_carry_annotation(types[0]) if types and len(types) == 2 else None
        new = None if carry is None else annotation if carry is types[0] else \
            annotation.with_changes(slice=[annotation.slice[0].with_changes(
                slice=cst.Index(carry)), annotation.slice[1]])
    if new is annotation:
        return {}
    if new is None:
        return {id(function.returns): None}
    return {id(function.returns): function.returns.with_changes(annotation=new)}


ResultUse = str  # "discarded" | "ys-only" | "rebuild"


def result_use(site: ScanSite) -> tuple[ResultUse, cst.BaseSmallStatement] | None:
    """How the statement holding the call uses its result, or None when we cannot tell."""
    line = site.statement
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
        return None
    small = line.body[0]
    value = getattr(small, "value", None)
    if not isinstance(small, (cst.Return, cst.Assign, cst.AnnAssign, cst.Expr)):
        return None
    if isinstance(small, cst.Assign) and len(small.targets) != 1:
        return None
    if value is site.call:
        if isinstance(small, cst.Expr):
            return "discarded", small
        return ("ys-only" if _drops_carry(site, small) else "rebuild"), small
    if (isinstance(value, cst.Subscript) and value.value is site.call and site.callee == "scan"
            and len(value.slice) == 1 and isinstance(value.slice[0].slice, cst.Index)
            and isinstance(value.slice[0].slice.value, cst.Integer)):
        return ("ys-only" if value.slice[0].slice.value.value == "1" else "rebuild"), small
    return None


def _drops_carry(site: ScanSite, small: cst.BaseSmallStatement) -> bool:
    """`_, ys = scan(...)` where nothing in the scope reads `_`."""
    target = small.targets[0].target if isinstance(small, cst.Assign) else None
    if site.callee != "scan" or not isinstance(target, (cst.Tuple, cst.List)):
        return False
    elements = target.elements
    if len(elements) != 2 or not _is_underscore(elements[0].value):
        return False
    return not _underscore_read(site)


def _is_underscore(node: cst.CSTNode) -> bool:
    return isinstance(node, cst.Name) and node.value == "_"


def _underscore_read(site: ScanSite) -> bool:
    """Whether code of the site's scope reads the local `_` (then binding it matters)."""
    from scanlint.semantic.scopes import lookup

    return any(load.value == "_" and lookup(scope, "_")[0] is site.scope
               for scope in site.scope.walk() for load in scope.loads)


def rebuilt_statements(
    site: ScanSite,
    new_call: cst.Call,
    rebuild_carry: Callable[[cst.BaseExpression], cst.BaseExpression],
    used: set[str],
) -> list[cst.BaseStatement] | None:
    """The statements that replace the call's statement: the new call, then the original
    statement reading the rebuilt result. None when the result's use is not understood."""
    use = result_use(site)
    if use is None:
        return None
    kind, small = use
    line = site.statement
    assert isinstance(line, cst.SimpleStatementLine)
    if kind in ("discarded", "ys-only"):
        return [line.with_changes(body=[small.visit(ReplaceById({id(site.call): new_call}))])]
    in_place = _rebound_in_place(site, small, new_call, rebuild_carry)
    if in_place is not None:
        first, second = in_place
        return [line.with_changes(body=[first]),
                cst.SimpleStatementLine([second])]
    carry_out = cst.Name(fresh_name("carry_out", used))
    if site.callee == "scan":
        ys_out = cst.Name(fresh_name("ys_out", used))
        first = cst.Assign([cst.AssignTarget(cst.Tuple([cst.Element(carry_out), cst.Element(ys_out)],
                                                       lpar=[], rpar=[]))], new_call)
        result: cst.BaseExpression = cst.Tuple([cst.Element(rebuild_carry(carry_out)),
                                                cst.Element(ys_out)], lpar=[], rpar=[])
    else:
        first = cst.Assign([cst.AssignTarget(carry_out)], new_call)
        result = rebuild_carry(carry_out)
    if isinstance(getattr(small, "value"), cst.Subscript):  # `scan(...)[0]`: the carry alone
        result = rebuild_carry(carry_out)
    second = small.with_changes(value=result)
    if isinstance(second, cst.Assign) and not _underscore_read(site):
        second = _without_discarded_slots(second)
        if _same_targets(second, first):  # `s, ys = carry_out, ys_out`: bind them at once
            return [line.with_changes(body=[second.with_changes(value=new_call)])]
        targets = _unpacked_targets(site, second, carry_out, new_call)
        if targets is not None:  # `(a, b, *_), _ = scan(...)`: no `carry_out[i]` to read
            return [line.with_changes(body=[cst.Assign([cst.AssignTarget(targets)],
                                                       new_call)])]
    return [cst.SimpleStatementLine([first], leading_lines=line.leading_lines),
            line.with_changes(body=[second], leading_lines=[])]


def _unpacked_targets(site: ScanSite, second: cst.Assign, carry_out: cst.Name,
                      new_call: cst.Call) -> cst.BaseExpression | None:
    """The targets that bind ``second``'s names straight from the new call, when ``second``
    reads the carry's leading slots in order (`a, b = carry_out[0], carry_out[1]`, beside
    the ys or with the ys dropped): `(a, b, *_), _` for a scan (`*_` only when the carry
    has more slots), `a, b, *_` for the other loops. Else None."""
    target, value = second.targets[0].target, second.value
    ys = cst.Name("_")
    if site.callee == "scan" and isinstance(target, cst.Tuple) and len(target.elements) == 2 \
            and isinstance(value, cst.Tuple) and len(value.elements) == 2 \
            and isinstance(value.elements[1].value, cst.Name) \
            and value.elements[1].value.value.startswith("ys_out"):
        target, ys, value = (target.elements[0].value, target.elements[1].value,
                             value.elements[0].value)
    carry = _leading_slots(target, value, carry_out, _init_length(site, new_call))
    if carry is None:
        return None
    if site.callee != "scan":
        return carry.with_changes(lpar=[], rpar=[])
    return cst.Tuple([cst.Element(carry), cst.Element(ys)], lpar=[], rpar=[])


def _leading_slots(target: cst.BaseExpression, value: cst.BaseExpression, carry_out: cst.Name,
                   length: int | None) -> cst.Tuple | None:
    """`(a, b)` (or `(a, b, *_)` when the carry may hold more) for `a, b` bound to
    `carry_out[0], carry_out[1]`; else None."""
    if not (isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List))
            and len(target.elements) == len(value.elements) >= 2):
        return None
    for position, element in enumerate(value.elements):
        read = element.value
        if not (isinstance(element, cst.Element) and isinstance(read, cst.Subscript)
                and isinstance(read.value, cst.Name) and read.value.value == carry_out.value
                and len(read.slice) == 1 and isinstance(read.slice[0].slice, cst.Index)
                and isinstance(read.slice[0].slice.value, cst.Integer)
                and int(read.slice[0].slice.value.value) == position):
            return None
    names = [cst.Element(e.value) for e in target.elements if isinstance(e, cst.Element)]
    if len(names) != len(target.elements):
        return None
    rest = [] if length == len(names) else [cst.StarredElement(cst.Name("_"))]
    return cst.Tuple([*names, *rest])


def _init_length(site: ScanSite, new_call: cst.Call) -> int | None:
    """How many slots the new call's init literal has (None: not a literal)."""
    position = next(i for i, arg in enumerate(site.call.args) if arg.value is site.init)
    init = new_call.args[position].value
    return len(init.elements) if isinstance(init, (cst.Tuple, cst.List)) else None


def _without_discarded_slots(assign: cst.Assign) -> cst.Assign:
    """`grid, _, _ = (carry_out, a, b)` -> `grid = carry_out`: the rebuilt slots a `_`
    target discards are not written (their values are names and literals, whose reading
    does nothing)."""
    pair = _kept_pair(assign.targets[0].target, assign.value)
    if pair is None:
        return assign
    target, value = pair
    return assign.with_changes(targets=[assign.targets[0].with_changes(target=target)],
                               value=value)


def _kept_pair(target: cst.BaseExpression, value: cst.BaseExpression):
    """(target, value) without the slots bound to `_`; None when nothing is left."""
    if _is_underscore(target) and _reads_nothing(value):
        return None
    if not (isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List))
            and len(target.elements) == len(value.elements)
            and all(isinstance(e, cst.Element) for e in (*target.elements, *value.elements))):
        return target, value
    pairs = [(t.value, v.value) for t, v in zip(target.elements, value.elements)]
    kept = [pair for t, v in pairs if (pair := _kept_pair(t, v)) is not None]
    if all(k[0] is t and k[1] is v for k, (t, v) in zip(kept, pairs)) and len(kept) == len(
            pairs):
        return target, value
    if not kept:
        return None
    if len(kept) == 1:
        return kept[0]
    return (cst.Tuple([cst.Element(t) for t, _ in kept], lpar=[], rpar=[]),
            cst.Tuple([cst.Element(v) for _, v in kept], lpar=[], rpar=[]))


def _reads_nothing(value: cst.BaseExpression) -> bool:
    """A name or a literal: evaluating it has no effect (an attribute could be a
    property)."""
    return isinstance(value, (cst.Name, cst.Integer, cst.Float, cst.SimpleString))


def _same_targets(second: cst.Assign, first: cst.Assign) -> bool:
    """Whether ``second`` assigns exactly the names ``first`` binds, in their order."""
    def names(node):
        if isinstance(node, (cst.Tuple, cst.List)):
            return [n for e in node.elements for n in names(e.value)]
        return [node.value] if isinstance(node, cst.Name) else [None]

    bound = names(first.targets[0].target)
    return None not in bound and names(second.value) == bound and not isinstance(
        second.value, cst.List)


def _rebound_in_place(site: ScanSite, small: cst.BaseSmallStatement, new_call: cst.Call,
                      rebuild_carry: Callable[[cst.BaseExpression], cst.BaseExpression]):
    """`final, ys = scan(...)` (or `final = fori_loop(...)`) keeps its names: the new call
    binds them, then `final = <the original carry, rebuilt from final>`. Only when the
    rebuilt carry reads none of the names the statement binds (it may read the captured
    values, which such a name would now hide)."""
    if not isinstance(small, cst.Assign) or small.value is not site.call:
        return None
    target = small.targets[0].target
    if site.callee == "scan":
        elements = list(target.elements) if isinstance(target, (cst.Tuple, cst.List)) else []
        names = [e.value for e in elements if isinstance(e, cst.Element)]
        if len(elements) != 2 or not all(isinstance(n, cst.Name) for n in names):
            return None
    else:
        names = [target]
        if not isinstance(target, cst.Name):
            return None
    bound = {n.value for n in names}  # type: ignore[union-attr]
    if len(bound) != len(names) or bound & _names_read(rebuild_carry(cst.Name("_"))):
        return None
    carry = names[0]
    assert isinstance(carry, cst.Name)
    return (small.with_changes(value=new_call),
            cst.Assign([cst.AssignTarget(cst.Name(carry.value))],
                       rebuild_carry(cst.Name(carry.value))))


def _names_read(expr: cst.BaseExpression) -> set[str]:
    found: set[str] = set()

    class Names(cst.CSTVisitor):
        def visit_Name(self, node: cst.Name) -> None:
            found.add(node.value)

    walk.visit(expr, Names())
    return found


def call_with_init(site: ScanSite, new_init: cst.BaseExpression,
                   call: cst.Call | None = None) -> cst.Call:
    """The site's call (or ``call``, an updated copy of it) with its init argument replaced."""
    position = next(i for i, arg in enumerate(site.call.args) if arg.value is site.init)
    call = call or site.call
    args = list(call.args)
    args[position] = args[position].with_changes(value=new_init)
    return call.with_changes(args=args)


def rename_loads(model: FileModel, root_scope: Scope, old: str, new: cst.BaseExpression,
                 binding_node: cst.CSTNode) -> dict[int, cst.BaseExpression]:
    """Replacements (by node id) for every read of ``old`` in ``root_scope`` and the scopes
    inside it that resolves to the binding made by ``binding_node``."""
    from scanlint.semantic.scopes import lookup

    replacements: dict[int, cst.BaseExpression] = {}
    for scope in root_scope.walk():
        for load in scope.loads:
            if load.value != old:
                continue
            _, bindings = lookup(scope, old)
            if any(b.node is binding_node for b in bindings):
                replacements[id(load)] = new
    return replacements
