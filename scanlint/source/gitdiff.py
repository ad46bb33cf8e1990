"""Lines added or changed since a git revision (for `--since`, so bots comment on a pull
request's own lines)."""

from __future__ import annotations

import os
import re

_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@", re.MULTILINE)


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


def verify_revision(rev: str, folder: str) -> None:
    if _git(folder, ["rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
            check=False).returncode != 0:
        raise GitError(f"`{rev}` is not a git revision here")


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
