"""Which lines of a file a review comment may be placed on: the new side of the diff's hunks,
as the host's API gives the diff (GitHub's `patch`, GitLab's `diff`).

GitHub and GitLab accept a comment only on a line their diff shows (an added line or a context
line of a hunk), and a comment spanning lines only within one hunk; GitHub rejects the whole
review when one comment misses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_HUNK = re.compile(r"^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@")


@dataclass(frozen=True)
class DiffLine:
    hunk: int  # which hunk of the file (from 0)
    old_line: int | None  # None: added by the change; else a context line's number before it
    added: bool


@dataclass
class FileDiff:
    """The lines of one file's new version that its diff shows."""

    lines: dict[int, DiffLine] = field(default_factory=dict)

    def shows(self, first: int, last: int) -> bool:
        """Whether every line from ``first`` to ``last`` is in one hunk."""
        hunks = {self.lines[n].hunk if n in self.lines else None for n in range(first, last + 1)}
        return len(hunks) == 1 and None not in hunks

    def shown_run(self, first: int, last: int) -> tuple[int, int] | None:
        """The last run of consecutive lines of ``first..last`` that one hunk shows (where a
        comment on part of a finding can go), or None when the diff shows none of them."""
        shown = [n for n in range(first, last + 1) if n in self.lines]
        if not shown:
            return None
        end = start = shown[-1]
        while start - 1 in self.lines and start - 1 >= first and \
                self.lines[start - 1].hunk == self.lines[end].hunk:
            start -= 1
        return start, end


def parse_patch(patch: str | None) -> FileDiff:
    """The new-side lines of a unified diff's hunks (headers before the first `@@` ignored;
    an absent patch, as GitHub gives for large or binary files, shows no line)."""
    diff = FileDiff()
    hunk, old, new = -1, 0, 0
    for text in (patch or "").splitlines():
        match = _HUNK.match(text)
        if match:
            hunk, old, new = hunk + 1, int(match.group(1)), int(match.group(2))
        elif hunk < 0 or text.startswith("\\"):  # headers; "\ No newline at end of file"
            continue
        elif text.startswith("+"):
            diff.lines[new] = DiffLine(hunk, None, True)
            new += 1
        elif text.startswith("-"):
            old += 1
        else:  # a context line (" ", or empty where a tool dropped the space)
            diff.lines[new] = DiffLine(hunk, old, False)
            old, new = old + 1, new + 1
    return diff
