"""The review bot end to end: `python -m scanlint.review github|gitlab` run as the action and
the CI template run it, over a real git repository (a base, a head, a fixing push; the files
are in tests/review/), against local stand-ins of GitHub's and GitLab's REST endpoints
(tests/review_hosts.py) that check each request as the API reference defines it."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys

import pytest

from conftest import ROOT
from review_hosts import TOKEN, Failure, GitHubStandIn, GitLabStandIn, git, new_side_lines
import process_groups

DATA = ROOT / "tests" / "review"
MARKER = re.compile(r"<!-- scanlint:finding ([\w-]+)( retired)? -->")


def commit(repo, version: str, message: str, into: str = "") -> str:
    """Commit the files of tests/review/VERSION (into a folder of the repository)."""
    shutil.copytree(DATA / version, repo / into, dirs_exist_ok=True)
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", message)
    return git(repo, "rev-parse", "HEAD").strip()


def pull_request_repo(tmp_path, into: str = "", extra=()):
    """A repository with `main` at the base and `feature` at the pull request's head (the
    files of tests/review/ in the folder ``into``; ``extra``: (file, name) pairs to add to
    the head). Returns its path and the two commits."""
    path = tmp_path / "repo"
    path.mkdir()
    git(path, "init", "-q", "-b", "main")
    base = commit(path, "base", "base", into)
    git(path, "checkout", "-q", "-b", "feature")
    for source, name in extra:
        shutil.copy(source, path / name)
    return path, base, commit(path, "head", "head: two functions and a new file", into)


@pytest.fixture
def repo(tmp_path):
    return pull_request_repo(tmp_path)


def run_github(repo, stand_in, *args, event=None):
    event_path = repo.parent / "event.json"
    event_path.write_text(json.dumps(event or {
        "action": "synchronize",
        "pull_request": {"number": stand_in.number, "base": {"sha": stand_in.base},
                         "head": {"sha": stand_in.head}}}))
    env = {**os.environ, "GITHUB_EVENT_PATH": str(event_path), "GITHUB_API_URL": stand_in.url,
           "GITHUB_REPOSITORY": stand_in.repository, "GITHUB_TOKEN": TOKEN,
           "GITHUB_ACTIONS": "true"}
    return process_groups.run([sys.executable, "-m", "scanlint.review", "github",
                               "--write-interval", "0", "--param-style", "closure", *args],
                              cwd=repo, env=env, capture_output=True, text=True, timeout=300)


def run_gitlab(repo, stand_in, *args):
    env = {**os.environ, "CI_SERVER_URL": stand_in.url, "CI_PROJECT_ID": stand_in.project,
           "CI_MERGE_REQUEST_IID": str(stand_in.iid), "GITLAB_TOKEN": TOKEN}
    env.pop("GITHUB_ACTIONS", None)
    return process_groups.run([sys.executable, "-m", "scanlint.review", "gitlab", "--param-style",
                           "closure", *args], cwd=repo, env=env, capture_output=True, text=True,
                              timeout=300)


def reviews_posted(stand_in) -> list[dict]:
    return [r.body for r in stand_in.requests if r.method == "POST" and r.path.endswith("/reviews")]


def key_of(body: str) -> str:
    return MARKER.search(body).group(1)


# -- GitHub --------------------------------------------------------------------------------
def test_first_run_posts_one_comment_per_finding_on_changed_lines_only(repo):
    path, base, head = repo
    with GitHubStandIn(path, base, head) as github:
        result = run_github(path, github)
    assert result.returncode == 0, result.stderr
    pull = "/repos/octo/jaxlab/pulls/7"
    assert [(r.method, r.path) for r in github.requests] == [
        ("GET", f"{pull}/files"), ("GET", f"{pull}/comments"), ("GET", f"{pull}/reviews"),
        ("POST", f"{pull}/reviews")]
    [review] = reviews_posted(github)
    assert review["commit_id"] == head and review["event"] == "COMMENT"
    assert review["body"].startswith("**scanlint** found 3 issues")
    where = [(c["path"], c.get("start_line"), c["line"]) for c in review["comments"]]
    assert where == [("rollout.py", None, 7), ("sim.py", None, 13), ("sim.py", 18, 22)]
    for comment in review["comments"]:
        assert comment["side"] == "RIGHT" and MARKER.search(comment["body"])
        assert comment.get("start_side", "RIGHT") == "RIGHT"
    act, body, passthrough = (c["body"] for c in review["comments"])
    assert act.startswith("**SCN001** Step function `act` is a lambda")
    assert "```suggestion\n    def act(s, _):\n        return (policy(s), s)\n```" in act
    assert passthrough.startswith("**SCN101**") and "(unsafe: check the result)" in passthrough
    assert "```suggestion\n" in passthrough
    assert len({key_of(c["body"]) for c in review["comments"]}) == 3
    # sim.py line 8's lambda is a finding, and in the diff as context, but not changed
    assert 8 in new_side_lines(github.patch("sim.py"))
    assert all(c["line"] != 8 for c in review["comments"]) and "sim.py:8" not in review["body"]
    assert "3 findings on changed lines (4 in the files checked)" in result.stderr


def test_a_fixing_push_posts_nothing_new_and_retires_the_fixed_comments(repo):
    path, base, head = repo
    with GitHubStandIn(path, base, head) as github:
        assert run_github(path, github).returncode == 0
        by_line = {(c["path"], c["line"]): c for c in github.comments.values()}
        fixed_with_reply = by_line["sim.py", 13]["id"]
        github.reply(fixed_with_reply, "Good catch, will do.")
        fixed_alone = by_line["rollout.py", 7]["id"]
        kept = by_line["sim.py", 22]
        github.push(commit(path, "fixed", "fix the lambdas"))
        assert kept["line"] == 23 and kept["start_line"] == 19  # GitHub follows the lines
        github.page_size = 2  # and pages its lists: the bot follows the Link headers
        github.requests.clear()
        result = run_github(path, github)
        assert result.returncode == 0, result.stderr
        writes = github.writes()
        assert reviews_posted(github) == []
        assert ("DELETE", f"/repos/octo/jaxlab/pulls/comments/{fixed_alone}") in \
            [(w.method, w.path) for w in writes]
        [edit] = [w for w in writes if w.method == "PATCH"]
        assert edit.path == f"/repos/octo/jaxlab/pulls/comments/{fixed_with_reply}"
        assert set(edit.body) == {"body"} and edit.body["body"].startswith("~~**SCN001**")
        assert "scanlint no longer finds this" in edit.body["body"]
        assert MARKER.search(edit.body["body"]).group(2) == " retired"
        assert len(writes) == 2 and kept["id"] in github.comments
        assert any("page=2" in str(r.query) or r.query.get("page") == ["2"]
                   for r in github.requests)
        github.requests.clear()
        again = run_github(path, github)  # nothing changed since: nothing to do
        assert again.returncode == 0 and github.writes() == []


def test_a_push_that_changes_no_finding_line_posts_nothing(repo):
    path, base, head = repo
    git(path, "checkout", "-q", "-b", "docs-only", base)
    lines = (DATA / "base" / "sim.py").read_text().splitlines(keepends=True)
    lines[4] = "# Running maxima.\n"  # line 5, three lines above the finding on line 8
    (path / "sim.py").write_text("".join(lines))
    git(path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "docs")
    docs_only = git(path, "rev-parse", "HEAD").strip()
    with GitHubStandIn(path, base, docs_only) as github:
        result = run_github(path, github)
    assert result.returncode == 0, result.stderr
    assert github.writes() == []  # sim.py:8 is in the diff's context, and never posted
    assert 8 in new_side_lines(github.patch("sim.py"))


@pytest.mark.parametrize("fail_on, code", [("errors", 2), ("findings", 2), ("never", 0)])
def test_a_422_answer_is_reported_not_a_traceback(repo, fail_on, code):
    path, base, head = repo
    with GitHubStandIn(path, base, head) as github:
        github.failures.append(Failure("POST", r".*/reviews", 422, {
            "message": "Unprocessable Entity",
            "errors": ["pull_request_review_thread.line must be part of the diff"]}))
        result = run_github(path, github, "--fail-on", fail_on)
    assert result.returncode == code
    assert "Traceback" not in result.stderr + result.stdout
    assert ("scanlint review: error: posting a review of 3 comments: GitHub answered 422: "
            "Unprocessable Entity (pull_request_review_thread.line must be part of the diff)"
            ) in result.stderr
    assert "::error title=scanlint review::posting a review of 3 comments" in result.stdout
    assert result.stdout.count("::warning file=") == 3  # the findings show all the same


def test_a_403_answer_says_why_and_falls_back_to_annotations(repo):
    path, base, head = repo
    with GitHubStandIn(path, base, head) as github:
        github.failures.append(Failure("POST", r".*/reviews", 403, {
            "message": "Resource not accessible by integration",
            "documentation_url": "https://docs.github.com/rest/pulls/reviews"}))
        result = run_github(path, github)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "GitHub answered 403: Resource not accessible by integration" in result.stderr
    assert "from a fork gets a read-only GITHUB_TOKEN" in result.stderr
    annotations = [line for line in result.stdout.splitlines() if line.startswith("::warning")]
    assert [re.search(r"file=([^,]+),line=(\d+)", a).groups() for a in annotations] == [
        ("rollout.py", "7"), ("sim.py", "13"), ("sim.py", "22")]


@pytest.mark.parametrize("method, pattern, what", [
    ("GET", r".*/files", "reading the pull request's files"),
    ("POST", r".*/reviews", "posting a review of 3 comments")])
def test_a_spent_rate_limit_is_one_clear_line(repo, method, pattern, what):
    path, base, head = repo
    with GitHubStandIn(path, base, head) as github:
        github.failures.append(Failure(method, pattern, 403, {
            "message": "API rate limit exceeded for installation ID 1."},
            {"x-ratelimit-remaining": "0", "x-ratelimit-limit": "1000",
             "x-ratelimit-reset": "9999999999"}, count=5))
        result = run_github(path, github)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"{what}: GitHub's rate limit is spent and resets in" in result.stderr
    assert "fork" not in result.stderr
    assert github.reviews == [] and github.comments == {}
    assert result.stdout.count("::warning") == 3  # the findings still show, as annotations


def test_a_secondary_rate_limit_is_waited_out(repo):
    path, base, head = repo
    with GitHubStandIn(path, base, head) as github:
        github.failures.append(Failure("GET", r".*/comments", 403, {
            "message": "You have exceeded a secondary rate limit."}, {"Retry-After": "1"}))
        result = run_github(path, github)
    assert result.returncode == 0, result.stderr
    assert len(reviews_posted(github)) == 1


def test_findings_fail_the_job_only_with_fail_on_findings(repo):
    path, base, head = repo
    with GitHubStandIn(path, base, head) as github:
        assert run_github(path, github, "--fail-on", "findings").returncode == 1
        assert run_github(path, github, "--fail-on", "errors").returncode == 0


def test_comments_beyond_the_limit_are_listed_once_in_the_summary(repo):
    path, base, head = repo
    with GitHubStandIn(path, base, head) as github:
        assert run_github(path, github, "--max-comments", "1").returncode == 0
        [review] = reviews_posted(github)
        assert len(review["comments"]) == 1
        listed = review["body"].splitlines()[3:]
        assert [line.split("`")[1] for line in listed] == ["sim.py:13", "sim.py:22"]
        assert all(MARKER.search(line) for line in listed)
        github.requests.clear()
        assert run_github(path, github, "--max-comments", "1").returncode == 0
        assert github.writes() == []  # listed already: not again, not as new comments


def test_a_large_review_goes_in_batches(tmp_path):
    path = tmp_path / "repo"
    path.mkdir()
    git(path, "init", "-q", "-b", "main")
    (path / "README").write_text("base\n")
    base = commit(path, "base", "base")
    steps = "".join(f"\n\ndef loop_{n}(xs):\n    step_{n} = lambda c, x: (c + x, c)\n"
                    f"    return lax.scan(step_{n}, 0.0, xs)\n" for n in range(35))
    (path / "many.py").write_text(f"from jax import lax\n{steps}")
    git(path, "add", "-A")
    git(path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "many")
    head = git(path, "rev-parse", "HEAD").strip()
    with GitHubStandIn(path, base, head) as github:
        result = run_github(path, github, "--max-comments", "100")
    assert result.returncode == 0, result.stderr
    reviews = reviews_posted(github)
    assert [len(r["comments"]) for r in reviews] == [30, 5]
    assert reviews[1]["body"] == "**scanlint**: more comments (2 of 2)."


def test_annotations_need_no_api(repo):
    path, base, head = repo
    with GitHubStandIn(path, base, head) as github:
        result = run_github(path, github, "--reporter", "annotations")
    assert result.returncode == 0 and github.requests == []
    assert result.stdout.count("::warning file=") == 3


def test_sarif_covers_the_whole_files(repo):
    path, base, head = repo
    with GitHubStandIn(path, base, head) as github:
        result = run_github(path, github, "--reporter", "sarif", "--sarif-file", "out.sarif")
    assert result.returncode == 0 and github.requests == []
    [run] = json.loads((path / "out.sarif").read_text())["runs"]
    assert len(run["results"]) == 4  # code scanning compares with the base's analysis


def test_outside_a_pull_request_or_off_its_head_it_says_so(repo):
    path, base, head = repo
    with GitHubStandIn(path, base, head) as github:
        push = run_github(path, github, event={"ref": "refs/heads/main"})
        assert push.returncode == 0 and "not a pull request event" in push.stderr
        git(path, "checkout", "-q", "main")
        off_head = run_github(path, github)
    assert off_head.returncode == 2 and "not the head" in off_head.stderr
    assert "Traceback" not in off_head.stderr and github.requests == []


def test_a_shallow_clone_is_told_to_fetch_the_history(repo):
    path, base, head = repo
    with GitHubStandIn(path, base, head) as github:
        github.base = "1" * 40  # a base commit this clone does not have
        result = run_github(path, github)
    assert result.returncode == 2 and "fetch-depth: 0" in result.stderr


# -- GitLab --------------------------------------------------------------------------------
def discussion_posts(gitlab) -> list[dict]:
    return [r.body for r in gitlab.requests if r.method == "POST"
            and r.path.endswith("/discussions")]


def test_gitlab_first_run_posts_diff_notes_with_suggestions(repo):
    path, base, head = repo
    with GitLabStandIn(path, base, head) as gitlab:
        result = run_gitlab(path, gitlab)
    assert result.returncode == 0, result.stderr
    posts = discussion_posts(gitlab)
    refs = gitlab.refs()
    assert [(p["position"]["new_path"], p["position"]["new_line"]) for p in posts] == [
        ("rollout.py", 7), ("sim.py", 13), ("sim.py", 22)]
    lines = new_side_lines(gitlab.patch("sim.py"))
    for post in posts:
        position = post["position"]
        assert position["position_type"] == "text"
        assert {k: position[k] for k in refs} == refs
        assert position["old_path"] == position["new_path"]
        # an added line has no old_line; a context line must give it
        if position["new_path"] == "sim.py":
            assert position.get("old_line") == lines[position["new_line"]][1]
    assert "```suggestion:-0+0\n    def act(s, _):" in posts[0]["body"]
    assert "```suggestion:-4+0\n" in posts[2]["body"]  # lines 18 to 22, from the last
    [summary] = [r.body for r in gitlab.requests if r.path.endswith("/notes")]
    assert summary["body"].startswith("**scanlint** found 3 issues on the lines this merge "
                                      "request changes")


def test_gitlab_fixing_push_retires_and_follows_lines(repo):
    path, base, head = repo
    with GitLabStandIn(path, base, head) as gitlab:
        assert run_gitlab(path, gitlab).returncode == 0
        by_line = {(d["notes"][0]["position"] or {}).get("new_line"): d
                   for d in gitlab.discussions.values() if d["notes"][0]["position"]}
        gitlab.reply(by_line[13]["id"], "Will fix.")
        note_7, note_13 = (by_line[n]["notes"][0]["id"] for n in (7, 13))
        gitlab.push(commit(path, "fixed", "fix the lambdas"))
        gitlab.requests.clear()
        result = run_gitlab(path, gitlab)
        assert result.returncode == 0, result.stderr
        writes = [(w.method, w.path.rsplit("/merge_requests/3", 1)[1]) for w in gitlab.writes()]
        assert sorted(writes) == sorted([
            ("DELETE", f"/discussions/{by_line[7]['id']}/notes/{note_7}"),
            ("PUT", f"/discussions/{by_line[13]['id']}/notes/{note_13}"),
            ("PUT", f"/discussions/{by_line[13]['id']}")])
        assert by_line[13]["notes"][0]["resolved"] is True
        assert by_line[13]["notes"][0]["body"].startswith("~~**SCN001**")
        assert by_line[22]["id"] in gitlab.discussions  # the note made on line 22: now 23


def test_gitlab_error_answers_are_reported(repo):
    path, base, head = repo
    with GitLabStandIn(path, base, head) as gitlab:
        gitlab.failures.append(Failure("POST", r".*/discussions", 400, {
            "message": "400 Bad request - Note {:line_code=>[\"can't be blank\"]}"}, count=3))
        result = run_gitlab(path, gitlab)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "posting a comment on rollout.py:7: GitLab answered 400" in result.stderr


def test_gitlab_outside_a_merge_request_says_so(repo):
    path, base, head = repo
    env = {k: v for k, v in os.environ.items() if not k.startswith("CI_MERGE_REQUEST")}
    result = process_groups.run([sys.executable, "-m", "scanlint.review", "gitlab"], cwd=path,
                                env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and "not a merge request pipeline" in result.stderr


def test_verify_verdict_is_quoted_on_unsafe_fixes_only(tmp_path):
    path, base, head = pull_request_repo(
        tmp_path, extra=[(DATA / "verify-pyproject.toml", "pyproject.toml")])
    with GitHubStandIn(path, base, head) as github:
        result = run_github(path, github, "--verify")
    assert result.returncode == 0, result.stderr
    [review] = reviews_posted(github)
    verdicts = {c["body"].split()[0]: c["body"] for c in review["comments"]}
    assert re.search(r"`scanlint verify`: proven \((identical|agrees)\): every changed expression "
                     r"ran, in both versions, in calls that gave bit-identical results and left "
                     r"the same effects, ", verdicts["**SCN101**"]), verdicts["**SCN101**"]
    assert "`passthrough`: identical" in verdicts["**SCN101**"]
    assert [c for c in review["comments"] if "scanlint verify" in c["body"]] == \
        [c for c in review["comments"] if c["body"].startswith("**SCN101**")]
    # docs/integrations.md shows this comment as the bot sends it
    doc = (ROOT / "docs" / "integrations.md").read_text(encoding="utf-8")
    assert f"````markdown\n{verdicts['**SCN101**']}\n````" in doc


def run_dry(repo, host: str, *args, env_extra=None):
    """`--dry-run` with no CI variable and no token in the environment."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("GITHUB_", "GITLAB_", "CI_"))}
    env.update(env_extra or {})
    return process_groups.run([sys.executable, "-m", "scanlint.review", host, "--dry-run",
                           "--param-style", "closure", *args], cwd=repo, env=env,
                              capture_output=True, text=True, timeout=300)


def test_dry_run_prints_the_review_it_would_post_with_no_token_or_network(repo):
    """The first run's review (the same places, suggestions and summary as the stand-in
    receives in the test above), printed from the local diff against `main`; the stand-in
    GitHub, named in the environment with a token, gets no request."""
    path, base, head = repo
    with GitHubStandIn(path, base, head) as github:
        result = run_dry(path, "github", env_extra={
            "GITHUB_API_URL": github.url, "GITHUB_TOKEN": TOKEN})
    assert result.returncode == 0, result.stderr
    assert github.requests == []
    out = result.stdout
    assert out.startswith(f"scanlint review --dry-run (github): the pull request review for the "
                          f"diff since {base[:12]}: 3 comments and a summary (nothing was posted)")
    assert re.findall(r"^--- comment on (\S+) ---$", out, re.MULTILINE) == [
        "rollout.py:7", "sim.py:13", "sim.py:18-22"]
    assert "```suggestion\n    def act(s, _):\n        return (policy(s), s)\n```" in out
    assert "--- summary ---\n**scanlint** found 3 issues" in out
    assert len(set(MARKER.findall(out))) == 3


def test_gitlab_dry_run_and_a_named_base(repo):
    path, base, _head = repo
    result = run_dry(path, "gitlab", "--base", "main")
    assert result.returncode == 0, result.stderr
    assert "(gitlab): the merge request notes" in result.stdout
    assert "```suggestion:-0+0\n" in result.stdout
    wrong = run_dry(path, "gitlab", "--base", "no-such-branch")
    assert wrong.returncode == 2 and "--base no-such-branch" in wrong.stderr
    assert run_dry(path, "github", "--reporter", "annotations").stdout.count("::warning ") == 3


def test_annotations_need_no_token(repo):
    path, base, head = repo
    with GitHubStandIn(path, base, head) as github:
        event = path.parent / "event.json"
        event.write_text(json.dumps({"pull_request": {
            "number": github.number, "base": {"sha": base}, "head": {"sha": head}}}))
        env = {k: v for k, v in os.environ.items() if k != "GITHUB_TOKEN"}
        env.update(GITHUB_EVENT_PATH=str(event), GITHUB_REPOSITORY=github.repository)
        result = process_groups.run([sys.executable, "-m", "scanlint.review", "github",
                                 "--reporter", "annotations", "--param-style", "closure"],
                                    cwd=path, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("::warning file=") == 3 and github.requests == []


def test_posting_without_the_review_extra_names_it(repo):
    path, _base, _head = repo
    blocked = ("import sys; sys.modules['github'] = None; "
               "from scanlint.review.cli import main; sys.exit(main(['github']))")
    result = process_groups.run([sys.executable, "-c", blocked], cwd=path, capture_output=True,
                                text=True, timeout=300)
    assert result.returncode == 2
    assert "posting a review needs PyGithub: pip install 'scanlint[review]'" in result.stderr


def test_a_correctness_finding_is_not_an_error(tmp_path):
    """`--fail-on errors` is for files that could not be checked (SCN9xx); an SCN2xx finding
    (error severity) neither fails the job nor is logged as an error."""
    mismatch = ("import jax\n\n\ndef run(xs):\n    def step(c, x):\n        return (c, c), x\n\n"
                "    return jax.lax.scan(step, 0.0, xs)\n")
    path, base, head = pull_request_repo(tmp_path, extra=[])
    (path / "old.py").write_text(mismatch)
    result = run_dry(path, "github", "--base", "main")
    assert result.returncode == 0, result.stderr
    assert "error:" not in result.stderr
