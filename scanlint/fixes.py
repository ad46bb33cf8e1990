"""Building fixes from CST changes, and applying fixes until the text is stable.

A fix is made by changing the CST and rendering the whole module again: LibCST then takes care
of indentation, strings and comments. The difference to the original text is reduced to one
edit spanning whole lines, so outputs (JSON, SARIF, diffs) show readable replacements.
"""

from __future__ import annotations

from typing import Callable, Sequence

import libcst as cst

from scanlint.diagnostic import Applicability, Diagnostic, Edit, Fix, LineIndex, apply_edits

MAX_FIX_PASSES = 10


class _StatementReplacer(cst.CSTTransformer):
    def __init__(self, old: cst.CSTNode, new: Sequence[cst.CSTNode]) -> None:
        self.old = old
        self.new = new

    def on_leave(self, original_node, updated_node):
        if original_node is self.old:
            if len(self.new) == 1:
                return self.new[0]
            return cst.FlattenSentinel(self.new)
        return updated_node


def replace_nodes(module: cst.Module, replacements: dict[cst.CSTNode, cst.CSTNode]) -> cst.Module:
    """A copy of ``module`` with each key node (by identity) replaced by its value."""
    by_id = {id(k): v for k, v in replacements.items()}

    class ById(cst.CSTTransformer):
        def on_leave(self, original_node, updated_node):
            return by_id.get(id(original_node), updated_node)

    return module.visit(ById())


def replace_statement(module: cst.Module, old: cst.CSTNode,
                      new: Sequence[cst.CSTNode]) -> cst.Module:
    """A copy of ``module`` with statement ``old`` replaced by the statements ``new``."""
    return module.visit(_StatementReplacer(old, new))


def line_edit(old: str, new: str) -> Edit | None:
    """The single edit, widened to whole lines, that turns ``old`` into ``new``."""
    if old == new:
        return None
    limit = min(len(old), len(new))
    prefix = 0
    while prefix < limit and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while (suffix < limit - prefix and old[len(old) - 1 - suffix] == new[len(new) - 1 - suffix]):
        suffix += 1
    start = max(old.rfind("\n", 0, prefix), old.rfind("\r", 0, prefix)) + 1
    old_end = len(old) - suffix
    if not (old_end > start and old[old_end - 1] in "\r\n"):
        ends = [i for i in (old.find("\n", old_end), old.find("\r", old_end)) if i >= 0]
        old_end = min(ends) if ends else len(old)
    new_end = old_end - len(old) + len(new)
    index = LineIndex(old)
    return Edit(index.position(start), index.position(old_end), new[start:new_end])


def fix_from_module(old_text: str, new_module: cst.Module, message: str,
                    applicability: Applicability) -> Fix | None:
    edit = line_edit(old_text, new_module.code)
    return Fix(applicability, message, (edit,)) if edit else None


def edit_span(text_index: LineIndex, edit: Edit) -> tuple[int, int]:
    return text_index.offset(edit.start), text_index.offset(edit.end)


def select_non_overlapping(text: str, fixes: list[Fix]) -> list[Fix]:
    """Fixes whose edits do not touch one another, first come first served."""
    index = LineIndex(text)
    taken: list[tuple[int, int]] = []
    chosen = []
    for fix in fixes:
        spans = [edit_span(index, e) for e in fix.edits]
        if any(s < te and ts < e or (s == e == ts) for s, e in spans for ts, te in taken):
            continue
        taken.extend(spans)
        chosen.append(fix)
    return chosen


def apply_fixes_until_stable(
    text: str,
    check: Callable[[str], list[Diagnostic]],
    wanted: Callable[[Diagnostic], bool],
    valid: Callable[[str], bool],
) -> tuple[str, int, list[Diagnostic]]:
    """Apply wanted fixes, re-check, and repeat until nothing changes (bounded).

    Returns the final text, how many fixes were applied, and the diagnostics of that text.
    A round whose result ``valid`` rejects is undone and ends the loop.
    """
    applied = 0
    diagnostics = check(text)
    for _ in range(MAX_FIX_PASSES):
        fixes = [d.fix for d in diagnostics if d.fix is not None and wanted(d)]
        chosen = select_non_overlapping(text, fixes)
        if not chosen:
            break
        new_text = apply_edits(text, [e for fix in chosen for e in fix.edits])
        if new_text == text or not valid(new_text):
            break
        text, applied = new_text, applied + len(chosen)
        diagnostics = check(text)
    return text, applied, diagnostics
