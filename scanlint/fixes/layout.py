"""The blank lines around the definitions a fix writes, as pycodestyle counts them.

A fix that turns a lambda into a `def`, moves a step into its caller or rolls a loop into a
local step writes definitions where there were statements. pycodestyle (and flake8, ruff's
E30x) asks for two blank lines around a top-level `def` or `class` (E302, E305), one before a
nested one that follows other statements (E301, E306), and no more (E303); a fixed file must
be as clean as it was, so the new statements get exactly those blank lines.
"""

from __future__ import annotations

from typing import Sequence

import libcst as cst

DEFINITIONS = (cst.FunctionDef, cst.ClassDef)
TOP_LEVEL_BLANKS = 2  # pycodestyle's blank_lines config: top_level and method
NESTED_BLANKS = 1


def spaced(nodes: Sequence[cst.CSTNode], top_level: bool, first_in_block: bool
           ) -> list[cst.CSTNode]:
    """``nodes``, statements written in one block, with the blank lines pycodestyle wants
    before each definition among them (and inside them), and before a top-level statement
    that follows one. ``first_in_block``: nothing of the block comes before them."""
    wanted = TOP_LEVEL_BLANKS if top_level else NESTED_BLANKS
    out: list[cst.CSTNode] = []
    for k, node in enumerate(nodes):
        follows = k > 0 or not first_in_block
        if isinstance(node, DEFINITIONS):
            after_docstring = k > 0 and _is_docstring(nodes[k - 1])
            need = wanted if follows and not after_docstring else 0
            node = _with_blank_lines(node.visit(_NestedSpacing()), need, cap=wanted)
        elif top_level and k > 0 and isinstance(nodes[k - 1], DEFINITIONS):
            node = _with_blank_lines(node, TOP_LEVEL_BLANKS, cap=TOP_LEVEL_BLANKS)
        elif isinstance(node, cst.BaseCompoundStatement):
            node = node.visit(_NestedSpacing())
        out.append(node)
    return out


def blank_lines_wanted_after(nodes: Sequence[cst.CSTNode], top_level: bool) -> int:
    """How many blank lines the code following ``nodes`` needs before it: two after a
    top-level definition (E305, E302), else none asked for."""
    if top_level and nodes and isinstance(nodes[-1], DEFINITIONS):
        return TOP_LEVEL_BLANKS
    return 0


class _NestedSpacing(cst.CSTTransformer):
    """One blank line before each definition of a block that follows other statements."""

    def leave_IndentedBlock(self, original_node: cst.IndentedBlock,
                            updated_node: cst.IndentedBlock) -> cst.IndentedBlock:
        if not any(isinstance(s, DEFINITIONS) for s in updated_node.body):
            return updated_node
        body = list(updated_node.body)
        for k, node in enumerate(body):
            if isinstance(node, DEFINITIONS):
                need = NESTED_BLANKS if k > 0 and not _is_docstring(body[k - 1]) else 0
                body[k] = _with_blank_lines(node, need, cap=NESTED_BLANKS)
        return updated_node.with_changes(body=body)


def _is_docstring(node: cst.CSTNode) -> bool:
    return (isinstance(node, cst.SimpleStatementLine) and len(node.body) == 1
            and isinstance(node.body[0], cst.Expr)
            and isinstance(node.body[0].value, (cst.SimpleString, cst.ConcatenatedString)))


def _with_blank_lines(node: cst.CSTNode, need: int, cap: int) -> cst.CSTNode:
    """``node`` with at least ``need`` and at most ``cap`` blank lines among its leading
    lines (comments kept; blank lines are added before them, removed from the first)."""
    lines = list(getattr(node, "leading_lines", ()))
    blanks = sum(1 for line in lines if line.comment is None)
    if blanks < need:
        lines = [cst.EmptyLine(indent=False)] * (need - blanks) + lines
    elif blanks > cap:
        extra = blanks - cap
        kept = []
        for line in lines:
            if line.comment is None and extra:
                extra -= 1
                continue
            kept.append(line)
        lines = kept
    else:
        return node
    return node.with_changes(leading_lines=lines)
