"""Lines added or changed since a git revision (for `--since`, so bots comment on a pull
request's own lines)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@", re.MULTILINE)
_BOTH_SIDES = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@", re.MULTILINE)


class GitError(Exception):
    pass


def repo_root(start: str) -> str | None:
    folder = os.path.abspath(start)
    while True:
        if os.path.exists(os.path.join(folder, ".git")):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def changed_lines(path: str, rev: str) -> set[int] | None:
    """Lines of ``path`` added or changed since ``rev``; None means the whole file is new."""
    folder = os.path.dirname(os.path.abspath(path)) or "."
    name = os.path.basename(path)
    tracked = _git(folder, ["cat-file", "-e", f"{rev}:./{name}"], check=False)
    if tracked.returncode != 0:
        return None
    diff = _git(folder, ["diff", "--no-color", "--no-ext-diff", "-U0", rev, "--", name])
    lines: set[int] = set()
    for match in _HUNK.finditer(diff.stdout):
        start, count = int(match.group(1)), int(match.group(2) or "1")
        lines.update(range(start, start + count))
    return lines


def line_map(path: str, rev: str) -> LineMap | None:
    """Where each line of ``path`` as it was at ``rev`` is now (None: the file is new)."""
    folder = os.path.dirname(os.path.abspath(path)) or "."
    name = os.path.basename(path)
    if _git(folder, ["cat-file", "-e", f"{rev}:./{name}"], check=False).returncode != 0:
        return None
    diff = _git(folder, ["diff", "--no-color", "--no-ext-diff", "-U0", rev, "--", name])
    return LineMap(tuple((int(m.group(1)), int(m.group(2) or "1"), int(m.group(4) or "1") -
                          int(m.group(2) or "1")) for m in _BOTH_SIDES.finditer(diff.stdout)))


@dataclass(frozen=True)
class LineMap:
    """The hunks of a -U0 diff: (old start, old count, lines added minus removed)."""

    hunks: tuple[tuple[int, int, int], ...]

    def new_line(self, old: int) -> int | None:
        """The line ``old`` is now, or None if the diff changed or removed it."""
        shift = 0
        for start, count, delta in self.hunks:
            if count and start <= old < start + count:
                return None
            if (count and old >= start + count) or (not count and old > start):
                shift += delta  # a hunk wholly above the line (count 0: added after `start`)
        return old + shift


def verify_revision(rev: str, folder: str) -> None:
    if _git(folder, ["rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
            check=False).returncode != 0:
        raise GitError(f"`{rev}` is not a git revision here")


def commit_of(rev: str, folder: str) -> str:
    """The full sha of the commit ``rev`` names."""
    verify_revision(rev, folder)
    return _git(folder, ["rev-parse", "--verify", f"{rev}^{{commit}}"]).stdout.strip()


def merge_base(first: str, second: str, folder: str) -> str:
    """The best common ancestor of two commits (what a pull request's diff starts from)."""
    return _git(folder, ["merge-base", first, second]).stdout.strip()


def _git(folder: str, args: list[str], check: bool = True):
    import subprocess  # repo_root, on every run, needs none

    try:
        done = subprocess.run(["git", "-C", folder, *args], capture_output=True, text=True,
                              timeout=60)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise GitError(f"git failed: {error}") from None
    if check and done.returncode != 0:
        raise GitError(done.stderr.strip() or f"git {' '.join(args)} failed")
    return done
