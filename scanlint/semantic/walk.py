"""Read-only traversal of LibCST trees, without LibCST's copies.

LibCST visits a node's children through `_visit_and_replace_children`, which builds a new
node (and validates it) at every step even for a `CSTVisitor` that changes nothing, and
`node.children` does the same to collect them: on the jax sources the copies cost more
than parsing. `visit` here makes the same calls on a `CSTVisitor` as `node.visit(visitor)`
(`on_visit` / `visit_<Node>`, children in the same order, `on_leave` / `leave_<Node>`),
and `children` returns what `node.children` returns; neither builds a node.
`tests/test_walk.py` checks both against LibCST's own on real files.

The order of a node's fields is LibCST's: it is recorded, once per node class, from the
`on_visit_attribute` calls of one `_visit_and_replace_children` (once more for a node that
sets a field the first one left None and did not visit). Transformers (which do
replace nodes) and visitors with attribute hooks (`visit_Call_func`) still go through LibCST.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Callable, Iterator

import libcst as cst
from libcst._maybe_sentinel import MaybeSentinel

_FIELDS: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {}
_SHAPES: dict[tuple[type, tuple[str, ...]], tuple[str, ...]] = {}
_ATTRIBUTE_HOOK = re.compile(r"(?:visit|leave)_[A-Z]\w*_\w+")


class _FieldRecorder(cst.CSTVisitor):
    """Records the fields a node's `_visit_and_replace_children` visits, without descending."""

    def __init__(self) -> None:
        self.fields: list[str] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        return False

    def on_leave(self, original_node: cst.CSTNode) -> None:
        pass

    def on_visit_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        self.fields.append(attribute)

    def on_leave_attribute(self, original_node: cst.CSTNode, attribute: str) -> None:
        pass


def _fields(node: cst.CSTNode) -> tuple[str, ...]:
    kind = type(node)
    known = _FIELDS.get(kind)
    if known is None:
        known = _FIELDS[kind] = _record(node)
    names, absent = known
    if absent:  # a field visited only when set (`FormattedStringExpression.format_spec`)
        present = tuple(name for name in absent if getattr(node, name) is not None)
        if present:
            shape = (kind, present)
            names = _SHAPES.get(shape) or _SHAPES.setdefault(shape, _record(node)[0])
    return names


def _record(node: cst.CSTNode) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The fields ``node`` has visited, in order, and those it has not that are None on it
    (LibCST may visit them when they are set)."""
    recorder = _FieldRecorder()
    node._visit_and_replace_children(recorder)
    visited = tuple(recorder.fields)
    absent = tuple(field.name for field in dataclasses.fields(node)
                   if field.name not in visited and getattr(node, field.name) is None)
    return visited, absent


# Rules walk the same bodies again and again (each rule its own visitor), so each node's
# children are kept once found. A kept entry holds its node, so its id is not reused while
# kept; `forget` lets a checked file's nodes go, and the bound caps what other callers keep.
_KEPT_CHILDREN: dict[int, tuple[cst.CSTNode, tuple[cst.CSTNode, ...]]] = {}
_MOST_KEPT = 300_000


def children(node: cst.CSTNode) -> tuple[cst.CSTNode, ...]:
    """``node.children``: its child nodes in source order."""
    kept = _KEPT_CHILDREN.get(id(node))
    if kept is not None and kept[0] is node:
        return kept[1]
    found = _children(node)
    if len(_KEPT_CHILDREN) >= _MOST_KEPT:
        _KEPT_CHILDREN.clear()
    _KEPT_CHILDREN[id(node)] = (node, found)
    return found


def _children(node: cst.CSTNode) -> tuple[cst.CSTNode, ...]:
    found: list[cst.CSTNode] = []
    for name in _fields(node):
        value = getattr(node, name)
        if isinstance(value, cst.CSTNode):
            found.append(value)
        elif value is not None and not isinstance(value, MaybeSentinel):
            found.extend(value)
    return tuple(found)


def node_table() -> dict:
    """A table of answers kept per node (by id, with the node: its id is not reused while it
    is kept), emptied with the children by `forget`."""
    table: dict = {}
    _TABLES.append(table)
    return table


_TABLES: list[dict] = [_KEPT_CHILDREN]


def remembered(table: dict, node: cst.CSTNode, compute):
    """``compute(node)``, kept in ``table`` (a `node_table`) until `forget`. The answer is
    shared: it must not be changed."""
    kept = table.get(id(node))
    if kept is not None and kept[0] is node:
        return kept[1]
    if len(table) >= _MOST_KEPT:
        table.clear()
    answer = compute(node)
    table[id(node)] = (node, answer)
    return answer


def forget() -> None:
    """Let go of the children and answers kept so far (a file is checked: its tree can go)."""
    for table in _TABLES:
        table.clear()


# -- visiting -------------------------------------------------------------------------------
Hook = Callable[[cst.CSTVisitor, cst.CSTNode], object]


class _Plan:
    """One visitor class's hooks by node class, looked up once per pair."""

    __slots__ = ("visitor_class", "generic_visit", "generic_leave", "hooks")

    def __init__(self, visitor_class: type) -> None:
        self.visitor_class = visitor_class
        overrides_visit = visitor_class.on_visit is not cst.CSTVisitor.on_visit
        overrides_leave = visitor_class.on_leave is not cst.CSTVisitor.on_leave
        self.generic_visit = visitor_class.on_visit if overrides_visit else None
        self.generic_leave = visitor_class.on_leave if overrides_leave else None
        self.hooks: dict[type, tuple[Hook | None, Hook | None]] = {}

    def hooks_for(self, kind: type) -> tuple[Hook | None, Hook | None]:
        found = self.hooks.get(kind)
        if found is None:
            name = kind.__name__
            enter = self.generic_visit or getattr(self.visitor_class, f"visit_{name}", None)
            leave = self.generic_leave or getattr(self.visitor_class, f"leave_{name}", None)
            found = self.hooks[kind] = (enter, leave)
        return found


def _plan(visitor_class: type) -> _Plan | None:
    """The class's plan (kept on the class itself, so a visitor class made per call goes
    with its plan); None when LibCST must visit (a transformer, attribute hooks)."""
    plan = visitor_class.__dict__.get("_scanlint_walk_plan")
    if plan is None:
        hooked = any(_ATTRIBUTE_HOOK.fullmatch(name)
                     for klass in visitor_class.__mro__
                     if not klass.__module__.startswith("libcst")  # LibCST's own stubs
                     for name in vars(klass))
        replaces = not issubclass(visitor_class, cst.CSTVisitor)  # a transformer
        plan = False if hooked or replaces else _Plan(visitor_class)
        type.__setattr__(visitor_class, "_scanlint_walk_plan", plan)
    return plan or None


def visit(node: cst.CSTNode, visitor: cst.CSTVisitor) -> None:
    """``node.visit(visitor)`` for a visitor that replaces nothing."""
    plan = _plan(type(visitor))
    if plan is None:
        node.visit(visitor)
    else:
        _walk(node, visitor, plan, children)


def visit_once(node: cst.CSTNode, visitor: cst.CSTVisitor) -> None:
    """`visit`, keeping no children: for a pass over a whole module (the scope pass), most
    of whose nodes no rule walks again."""
    plan = _plan(type(visitor))
    if plan is None:
        node.visit(visitor)
    else:
        _walk(node, visitor, plan, _children)


def _walk(node: cst.CSTNode, visitor: cst.CSTVisitor, plan: _Plan, children_of) -> None:
    enter, leave = plan.hooks_for(type(node))
    if enter is None or enter(visitor, node) is not False:
        for child in children_of(node):
            _walk(child, visitor, plan, children_of)
    if leave is not None:
        leave(visitor, node)


def blocks(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The blocks of a compound statement: a loop's, `with`'s, `try`'s or `match`'s
    (handlers, cases, `else`, `finally` included), as indented blocks or one-line suites."""
    found: list[cst.CSTNode] = []
    for child in children(node):
        if isinstance(child, (cst.IndentedBlock, cst.SimpleStatementSuite)):
            found.append(child)
        elif not isinstance(child, cst.BaseExpression):
            found += blocks(child)
    return found


def block_statements(block: cst.CSTNode) -> list:
    """The statements of an indented block, or the one-line suite itself."""
    return list(block.body) if isinstance(block, cst.IndentedBlock) else [block]


def descendants(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """``node`` and every node under it, depth first (for questions that do not depend on
    the order)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(children(current))
