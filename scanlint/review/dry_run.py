"""`python -m scanlint.review github|gitlab --dry-run`: the review the bot would post, from
the local git diff, printed instead of posted: no token, no network, no CI variables.

The diff is the work tree's against the merge base of `--base` (default: the branch's
upstream, else `origin/HEAD`, `main` or `master`) and HEAD, so uncommitted edits count as
they would once pushed; files git does not track are not in it (`git add -N` them). The
comments, their one-click suggestions and the summary are what the host would get on a
first run, when the bot has posted nothing yet.
"""

from __future__ import annotations

import os
import re

from scanlint.core.errors import UsageError
from scanlint.review.diff import FileDiff, parse_patch

DEFAULT_BASES = ("@{upstream}", "origin/HEAD", "main", "master")
_NEW_PATH = re.compile(r"^\+\+\+ (?:b/(?P<path>.+)|/dev/null)$")


def local_base(base: str | None) -> str:
    """The merge base of ``base`` (or the first default that exists) and HEAD."""
    from scanlint.source.gitdiff import GitError, commit_of, merge_base

    here = os.getcwd()
    candidates = (base,) if base else DEFAULT_BASES
    for candidate in candidates:
        try:
            commit_of(candidate, here)
            return merge_base(candidate, "HEAD", here)
        except GitError as error:
            if base:
                raise UsageError(f"--base {base}: {error}") from None
    raise UsageError("no base to compare with (no upstream, origin/HEAD, main or master): "
                     "name one with --base REV")


def local_diffs(base: str) -> dict[str, FileDiff]:
    """Path (from the repository's root) -> the lines its diff against ``base`` shows."""
    from scanlint.source.gitdiff import GitError, _git

    try:
        patch = _git(os.getcwd(), ["diff", "--no-color", "--no-ext-diff", "-U3", "-M", base,
                                   "--"]).stdout
    except GitError as error:
        raise UsageError(f"git diff {base[:12]}: {error}") from None
    diffs: dict[str, FileDiff] = {}
    path, lines = None, []
    for line in [*patch.splitlines(), "diff --git end"]:
        if line.startswith("diff --git "):
            if path is not None:
                diffs[path] = parse_patch("\n".join(lines))
            path, lines = None, []
        elif match := _NEW_PATH.match(line):
            path = match.group("path")
        else:
            lines.append(line)
    return diffs


def print_review(plan, summary: str, host: str, base: str) -> None:
    """Each comment the bot would post (where, and its body as the host would show it), then
    the summary."""
    where = "pull request review" if host == "github" else "merge request notes"
    count = len(plan.create)
    print(f"scanlint review --dry-run ({host}): the {where} for the diff since "
          f"{base[:12]}: {count} comment{'s' if count != 1 else ''} and a summary "
          "(nothing was posted)\n")
    for comment in plan.create:
        lines = (f"{comment.first}-{comment.last}" if comment.first != comment.last
                 else str(comment.first))
        print(f"--- comment on {comment.path}:{lines} ---\n{comment.body.rstrip()}\n")
    if count or plan.listed:
        print(f"--- summary ---\n{summary.rstrip()}")
