"""Applying fixes: the non-overlapping ones first come first served, then re-check and apply
again until the text is stable (at most MAX_FIX_PASSES rounds).
"""

from __future__ import annotations

from typing import Callable

from scanlint.core.diagnostic import Diagnostic, Edit, Fix, LineIndex, apply_edits

MAX_FIX_PASSES = 10


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
    on_round: Callable[[str, list[Edit], str], None] | None = None,
) -> tuple[str, int, list[Diagnostic]]:
    """Apply wanted fixes, re-check, and repeat until nothing changes (bounded).

    Returns the final text, how many fixes were applied, and the diagnostics of that text.
    A round whose result ``valid`` rejects is undone and ends the loop; ``on_round(text,
    edits, new_text)`` hears of each round kept (a notebook follows its cells with it).
    """
    applied = 0
    diagnostics = check(text)
    for _ in range(MAX_FIX_PASSES):
        fixes = [d.fix for d in diagnostics if d.fix is not None and wanted(d)]
        chosen = select_non_overlapping(text, fixes)
        if not chosen:
            break
        edits = [e for fix in chosen for e in fix.edits]
        new_text = apply_edits(text, edits)
        if new_text == text or not valid(new_text):
            break
        if on_round is not None:
            on_round(text, edits, new_text)
        text, applied = new_text, applied + len(chosen)
        diagnostics = check(text)
    return text, applied, diagnostics
