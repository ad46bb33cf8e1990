"""The review bot's planning, host by host the same: the lines a diff shows, where a finding's
comment goes, its text within the host's limit, and what a new run does with the comments of
an earlier one."""

from __future__ import annotations

from dataclasses import replace

from conftest import ROOT
from scanlint.core.settings import Settings
from scanlint.engine.check import check_text
from scanlint.report import ReportContext
from scanlint.review.diff import parse_patch
from scanlint.review.findings import Checked, finding_keys
from scanlint.review.plan import (MARKER, Comment, Listed, Posted, comment_body,
                                  github_suggestion, marker, read_marker, reconcile, summary,
                                  truncate, wanted)

PATCH = """@@ -1,3 +1,4 @@
 first
-second
+second, changed
+added
 third
@@ -10,2 +11,2 @@ def f():
 ten
-eleven
+eleven, changed
\\ No newline at end of file
"""


def test_a_patch_shows_its_new_side_lines_by_hunk():
    diff = parse_patch(PATCH)
    assert sorted(diff.lines) == [1, 2, 3, 4, 11, 12]
    assert [(n, diff.lines[n].hunk, diff.lines[n].old_line) for n in (1, 2, 3, 4, 11, 12)] == [
        (1, 0, 1), (2, 0, None), (3, 0, None), (4, 0, 3), (11, 1, 10), (12, 1, None)]
    assert diff.shows(1, 4) and not diff.shows(4, 11) and not diff.shows(5, 5)
    assert diff.shown_run(3, 12) == (11, 12)  # the last run one hunk shows
    assert diff.shown_run(5, 10) is None
    assert parse_patch(None).lines == {}  # GitHub sends no patch for large files


def checked_passthrough() -> Checked:
    """sim.py of the tests' head: SCN101 on line 22, its fix replacing lines 18-22."""
    path = "sim.py"
    text = (ROOT / "tests/review/head/sim.py").read_text()
    diagnostics = [d for d in check_text(text, path, Settings(param_style="closure"))
                   if d.code == "SCN101"]
    ctx = ReportContext(sources={path: text}, repo_root=".", cwd=".")
    return Checked(diagnostics, diagnostics, finding_keys(diagnostics, ctx), ctx, Settings())


def hunk(first: int, last: int) -> str:
    """A patch whose one hunk adds lines first..last."""
    return f"@@ -{first},0 +{first},{last - first + 1} @@\n" + "+x\n" * (last - first + 1)


def test_a_fix_the_diff_shows_whole_is_a_one_click_suggestion():
    checked = checked_passthrough()
    [comment], listed = wanted(checked, {"sim.py": parse_patch(hunk(16, 23))},
                               github_suggestion, 65536)
    assert (comment.first, comment.last, listed) == (18, 22, [])
    assert "```suggestion\n    def body(s, x):" in comment.body


def test_a_fix_reaching_outside_the_diff_is_a_plain_block_on_the_shown_lines():
    checked = checked_passthrough()
    [comment], _ = wanted(checked, {"sim.py": parse_patch(hunk(21, 23))}, github_suggestion,
                          65536)
    assert (comment.first, comment.last) == (22, 22)
    assert "```suggestion" not in comment.body
    assert "replacing lines 18-22 (not a one-click suggestion" in comment.body
    assert "```python\n    def body(s, x):" in comment.body


def test_a_finding_no_diff_line_shows_goes_to_the_summary():
    checked = checked_passthrough()
    comments, [listed] = wanted(checked, {}, github_suggestion, 65536)
    assert comments == [] and listed.text.startswith("`sim.py:22` **SCN101**")


def test_a_body_over_the_limit_drops_the_suggestion_and_keeps_the_marker():
    checked = checked_passthrough()
    [d] = checked.changed
    full = comment_body(d, checked.ctx, "K", "suggestion", None, 65536)
    short = comment_body(d, checked.ctx, "K", "suggestion", None, len(full) - 1)
    assert "```suggestion" not in short and "too long for a comment" in short
    assert short.endswith(marker("K")) and len(short) < len(full)
    assert read_marker(f"> {marker('K')}\n\nas the bot said") is None  # a quote of it
    cut = truncate("x" * 500, 200, marker("K"))
    assert len(cut) == 200 and read_marker(cut) == ("K", False)


def posted(key, line, body="old", **kw) -> Posted:
    return Posted(id=key + str(line), key=key, path="a.py", first=line, last=line, body=body, **kw)


def want(key, line, body="old") -> Comment:
    return Comment(key, "a.py", line, line, body)


def test_reconcile_keeps_edits_retires_and_creates():
    plan = reconcile(
        [want("same", 1), want("edited", 2, "new"), want("moved", 9), want("new", 4),
         want("back", 5)],
        [posted("same", 1), posted("edited", 2), posted("moved", 3), posted("gone", 6),
         posted("same", 1, body="copy"), posted("back", 5, retired=True),
         posted("long-gone", 7, retired=True)],
        [], set(), 50)
    assert [c.key for c in plan.create] == ["moved", "new"]
    assert [(old.key, new.body) for old, new in plan.update] == [
        ("edited", "new"), ("back", "old")]
    assert [(old.key, old.body, why) for old, why in plan.retire] == [
        ("same", "copy", "a duplicate of an earlier comment"),
        ("moved", "old", "scanlint reports this finding at line 9 now"),
        ("gone", "old", "scanlint no longer finds this")]


def test_an_outdated_comment_is_replaced():
    plan = reconcile([want("k", 3)], [replace(posted("k", 3), first=None, last=None)], [],
                     set(), 50)
    assert [c.key for c in plan.create] == ["k"] and len(plan.retire) == 1


def test_the_limit_lists_the_rest_once():
    comments = [want(f"k{n}", n) for n in range(5)]
    plan = reconcile(comments, [], [Listed("far", "`b.py:1` far")], set(), 2)
    assert [c.key for c in plan.create] == ["k0", "k1"]
    assert [item.key for item in plan.listed] == ["far", "k2", "k3", "k4"]
    again = reconcile(comments, [], [Listed("far", "`b.py:1` far")],
                      {"far", "k2", "k3", "k4"}, 2)
    assert [c.key for c in again.create] == ["k0", "k1"] and again.listed == []


def test_a_summary_is_cut_to_the_limit_with_a_count():
    listed = [Listed(f"k{n}", f"`a.py:{n}` **SCN001** finding {n}") for n in range(100)]
    text = summary(100, 0, listed, 2000, "pull request")
    assert len(text) <= 2000
    shown = [line for line in text.splitlines() if MARKER.search(line)]
    assert 10 < len(shown) < 100
    assert text.splitlines()[-1] == (f"- … and {100 - len(shown)} more (run `scanlint check "
                                     "--since` to see them)")
