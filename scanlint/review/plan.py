"""What the bot posts, the same on GitHub and GitLab: which findings get a comment on which
lines, the comment's text (from the `github-review` format's parts), the hidden marker that
names its finding, and what to do with the comments of earlier runs.

A finding's comment goes on the lines of its one-click suggestion when one hunk of the diff
shows them all; else on the lines of the finding the diff shows (the fix then as a plain
block); else, as when the host gives no diff for the file, in the summary. Comments are
matched to earlier ones by their marker: the same place and text is left alone, new text is
an edit, a finding gone (or moved) retires its old comment.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from scanlint import DOCS_URL
from scanlint.core.diagnostic import Diagnostic
from scanlint.report import ReportContext
from scanlint.report.github_review import code_block, finding_lines, fix_label, headline, suggestion
from scanlint.review.diff import FileDiff
from scanlint.review.findings import Checked

MARKER = re.compile(r"<!-- scanlint:finding (?P<key>[\w-]+)(?P<retired> retired)? -->")
# A comment's own marker is a line of its own (a quote of it, `> <!-- ...`, is not)
OWN_MARKER = re.compile(rf"^{MARKER.pattern}$", re.MULTILINE)
TOO_LONG = ("The suggested fix is too long for a comment: run `scanlint check --fix` "
            "(with `--unsafe-fixes` for an unsafe one) to see it.")


def marker(key: str, retired: bool = False) -> str:
    return f"<!-- scanlint:finding {key}{' retired' if retired else ''} -->"


def read_marker(body: str | None) -> tuple[str, bool] | None:
    """(key, retired) of the marker in a comment's body; None for a comment not the bot's."""
    match = OWN_MARKER.search(body or "")
    return (match.group("key"), bool(match.group("retired"))) if match else None


def summary_keys(bodies: list[str]) -> set[str]:
    """The keys of the findings listed in earlier summaries (one marker per listed line)."""
    return {match.group("key") for body in bodies for match in MARKER.finditer(body or "")}


@dataclass(frozen=True)
class Comment:
    """A comment the bot wants on a line range of the new version of a file."""

    key: str
    path: str
    first: int
    last: int
    body: str


@dataclass(frozen=True)
class Posted:
    """A comment of an earlier run, as the host shows it now."""

    id: object  # the host's handle (GitHub: the comment id; GitLab: discussion and note ids)
    key: str
    path: str
    first: int | None
    last: int | None  # None: outdated, its line no longer in the diff
    body: str
    retired: bool = False
    replied: bool = False  # someone answered it: retire it in place rather than delete it


@dataclass(frozen=True)
class Listed:
    """A finding no line of the diff can carry, for the summary."""

    key: str
    text: str


@dataclass
class Plan:
    create: list[Comment] = field(default_factory=list)
    update: list[tuple[Posted, Comment]] = field(default_factory=list)
    retire: list[tuple[Posted, str]] = field(default_factory=list)  # with why
    listed: list[Listed] = field(default_factory=list)  # new lines for the summary


SuggestionInfo = Callable[[int, int], str]  # first, last -> the info string of a suggestion


def github_suggestion(first: int, last: int) -> str:
    """GitHub replaces the comment's lines (start_line..line) with the block."""
    return "suggestion"


def gitlab_suggestion(first: int, last: int) -> str:
    """GitLab replaces the commented line and the N lines above it (`-N+0`)."""
    return f"suggestion:-{last - first}+0"


def wanted(checked: Checked, diffs: dict[str, FileDiff], info: SuggestionInfo, limit: int,
           verdicts: dict[str, str] | None = None) -> tuple[list[Comment], list[Listed]]:
    """A comment for each finding on a changed line that the diff can carry, and the others
    for the summary."""
    comments, listed = [], []
    for d in checked.changed:
        path, key = checked.ctx.repo_path(d.path), checked.key(d)
        verdict = (verdicts or {}).get(d.path) if d.fix and d.fix.applicability != "safe" \
            else None
        placed = place(d, checked.ctx, diffs.get(path, FileDiff()))
        if placed is None:
            listed.append(Listed(key, f"`{path}:{finding_lines(d, checked.ctx)[0]}` "
                                      f"{headline(d, checked.ctx)}"))
            continue
        first, last, one_click = placed
        body = comment_body(d, checked.ctx, key, info(first, last) if one_click else None,
                            verdict, limit)
        comments.append(Comment(key, path, first, last, body))
    return comments, listed


def place(d: Diagnostic, ctx: ReportContext, diff: FileDiff) -> tuple[int, int, bool] | None:
    """(first line, last line, whether the fix is a one-click suggestion there)."""
    proposed = suggestion(d, ctx)
    if proposed is not None and diff.shows(proposed[0], proposed[1]):
        return proposed[0], proposed[1], True
    run = diff.shown_run(*finding_lines(d, ctx))
    return (run[0], run[1], False) if run else None


def comment_body(d: Diagnostic, ctx: ReportContext, key: str, info: str | None,
                 verdict: str | None, limit: int) -> str:
    """The comment: headline, the fix (one click where ``info`` is given, else a plain block
    naming its lines), the verify verdict of an unsafe fix, a link to the rule, the marker."""
    parts = [headline(d, ctx)]
    proposed = suggestion(d, ctx)
    if proposed is not None:
        first, last, text = proposed
        if info is not None:
            parts.append(f"{fix_label(d)}:\n\n{code_block(text, info)}")
        else:
            parts.append(f"{fix_label(d)}, replacing lines {first}-{last} (not a one-click "
                         f"suggestion: this diff does not show all of them):\n\n"
                         f"{code_block(text, 'python')}")
    if verdict is not None:
        parts.append(f"`scanlint verify`: {verdict}")
    parts.append(f"<sub>[{d.code}]({DOCS_URL}#{d.code.lower()}) · scanlint</sub>\n{marker(key)}")
    body = "\n\n".join(parts)
    if len(body) > limit and proposed is not None:
        body = "\n\n".join([parts[0], f"{fix_label(d)}. {TOO_LONG}", *parts[2:]])
    return truncate(body, limit, marker(key))


def truncate(text: str, limit: int, keep: str = "") -> str:
    """``text`` cut to ``limit`` characters, ending with a note and ``keep`` (a marker)."""
    if len(text) <= limit:
        return text
    tail = f"\n\n… (cut to fit the host's limit of {limit} characters)\n{keep}"
    return text[:max(0, limit - len(tail))] + tail


def reconcile(comments: list[Comment], posted: list[Posted], listed: list[Listed],
              summarized: set[str], max_new: int) -> Plan:
    """What to create, edit and retire so that the host shows exactly ``comments``; at most
    ``max_new`` new comments (the rest are listed in the summary), and only the listed
    findings no earlier summary named."""
    plan = Plan()
    current: dict[tuple[str, str], Posted] = {}
    for old in posted:  # oldest first: a later copy (a retried post) is a duplicate
        if (old.path, old.key) in current:
            plan.retire.append((old, "a duplicate of an earlier comment"))
        else:
            current[(old.path, old.key)] = old
    for comment in comments:
        old = current.pop((comment.path, comment.key), None)
        if old is None and comment.key in summarized:
            continue  # an earlier summary lists it (over that run's limit): not again
        if old is not None and same_place(old, comment):
            if old.body != comment.body or old.retired:
                plan.update.append((old, comment))
            continue
        if old is not None and not old.retired:
            plan.retire.append((old, f"scanlint reports this finding at line {comment.last} "
                                     "now"))
        plan.create.append(comment)
    still_found = {item.key for item in listed}  # but on no line the diff shows
    plan.retire.extend((old, "scanlint still finds this, on a line this diff no longer shows"
                        if old.key in still_found else "scanlint no longer finds this")
                       for old in current.values() if not old.retired)
    over = plan.create[max_new:]
    del plan.create[max_new:]
    plan.listed = [item for item in listed + [
        Listed(c.key, f"`{c.path}:{c.last}` {first_line(c.body)} (over this run's limit of "
                      f"{max_new} new comments)") for c in over]
        if item.key not in summarized]
    return plan


def same_place(old: Posted, comment: Comment) -> bool:
    """On the same last line (and first, where the host keeps it: GitLab's notes are on one
    line, their suggestion's reach is in the text)."""
    return old.last == comment.last and old.first in (None, comment.first)


def first_line(body: str) -> str:
    return body.split("\n", 1)[0]


def retired_body(old: Posted, why: str) -> str:
    """An earlier comment kept for its replies, struck through and marked retired."""
    return f"~~{first_line(old.body).strip()}~~\n\n{why}.\n\n{marker(old.key, retired=True)}"


def summary(total: int, new: int, listed: list[Listed], limit: int, where: str) -> str:
    """The review's (or merge request note's) text: counts, then the listed findings (each
    line with its marker), cut to ``limit`` with how many were left out."""
    head = (f"**scanlint** found {total} issue{'s' if total != 1 else ''} on the lines this "
            f"{where} changes; {new} new comment{'s' if new != 1 else ''} below.")
    if not listed:
        return head
    lines = [head, "", "Not on a line the diff shows (or over the limit of comments):"]
    used = sum(len(line) + 1 for line in lines)
    for number, item in enumerate(listed):
        line = f"- {item.text} {marker(item.key)}"
        left = len(listed) - number
        if used + len(line) + 1 + 40 > limit:
            lines.append(f"- … and {left} more (run `scanlint check --since` to see them)")
            break
        lines.append(line)
        used += len(line) + 1
    return "\n".join(lines)
