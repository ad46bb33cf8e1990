"""`python -m scanlint.review github|gitlab [PATH...]`: review a pull request or a merge request.

Run from the repository's root, checked out at the head commit with the base in its history.
It checks PATHs (default: .) as `scanlint check` does, keeps the findings on lines changed
since the merge base, and reports them: as review comments (`--reporter review`, the
default), as GitHub annotations, or as a SARIF file for code scanning. Exit 0 unless
`--fail-on` says otherwise: `errors` (the default) exits 2 when a file could not be checked
or the host refused a call, `findings` also exits 1 on any finding.

`--dry-run` prints the review it would post from the local git diff (`review/dry_run.py`),
with no token and no network; `--reporter annotations` needs no token either.
"""

from __future__ import annotations

import argparse
import os
import sys

from scanlint.core.errors import UsageError, require
from scanlint.core.settings import PARAM_STYLES, STEP_STYLES
from scanlint.review.findings import Checked, check
from scanlint.review.outcome import FAIL_ON, Outcome


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m scanlint.review",
                                     description=__doc__.splitlines()[0])
    hosts = parser.add_subparsers(dest="host", metavar="HOST", required=True)
    for name, help_ in (("github", "a pull request, in GitHub Actions"),
                        ("gitlab", "a merge request, in a GitLab merge request pipeline")):
        host = hosts.add_parser(name, help=help_)
        host.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: .)")
        host.add_argument("--param-style", choices=PARAM_STYLES)
        host.add_argument("--step-style", choices=STEP_STYLES)
        host.add_argument("--config", help="a pyproject.toml with [tool.scanlint]")
        host.add_argument("--fail-on", choices=FAIL_ON, default="errors")
        host.add_argument("--verify", action="store_true",
                          help="run `scanlint verify` on the unsafe fixes and quote its verdict")
        host.add_argument("--pytest", metavar="ARGS",
                          help="with --verify: replay the calls the tests (pytest ARGS) make")
        host.add_argument("--max-comments", type=int, default=50,
                          help="new comments per run, at most (the rest go in the summary)")
        host.add_argument("--dry-run", action="store_true",
                          help="print the review it would post, from the local git diff (no "
                               "token, no network)")
        host.add_argument("--base", metavar="REV",
                          help="with --dry-run: the branch the change goes into (default: the "
                               "upstream, else origin/HEAD, main or master)")
        if name == "github":
            host.add_argument("--reporter", choices=("review", "annotations", "sarif"),
                              default="review")
            host.add_argument("--sarif-file", default="scanlint.sarif")
            host.add_argument("--write-interval", type=float, default=1.0,
                              help="seconds between writes (GitHub's secondary rate limits)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)  # a bad command line: argparse's message, exit 2
    outcome = Outcome()
    try:
        if args.base and not args.dry_run:
            raise UsageError("--base goes with --dry-run")
        if args.host == "github":
            review_github(args, outcome)
        else:
            review_gitlab(args, outcome)
    except UsageError as error:
        outcome.error(str(error))
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # a bug in the bot: one clear line, never a traceback
        outcome.error(f"internal error: {type(error).__name__}: {error}")
        if os.environ.get("SCANLINT_DEBUG"):
            raise
    outcome.write_outputs()
    return outcome.exit_code(args.fail_on)


def check_arguments(args) -> list[str]:
    """`scanlint check`'s arguments for the paths and the style options."""
    out = []
    for flag in ("param_style", "step_style", "config"):
        if getattr(args, flag):
            out += [f"--{flag.replace('_', '-')}", getattr(args, flag)]
    return out + list(args.paths)


def checkout_at(head: str, base: str, base_name: str) -> str:
    """The merge base of ``base`` and the head, after checking that the work tree is at the
    head (the lines the host's diff numbers are the head's)."""
    from scanlint.source.gitdiff import GitError, commit_of, merge_base

    here = os.getcwd()
    try:
        current = commit_of("HEAD", here)
    except GitError as error:
        raise UsageError(f"not a git checkout: {error}") from None
    if current != head:
        raise UsageError(f"the checkout is at {current[:12]}, not the head {head[:12]}: check "
                         "out the head commit itself (a merge commit numbers lines otherwise)")
    try:
        commit_of(base, here)
        return merge_base(base, head, here)
    except GitError:
        raise UsageError(f"the {base_name} {base[:12]} is not in this clone: fetch the whole "
                         "history (actions/checkout `fetch-depth: 0`, GitLab `GIT_DEPTH: 0`)") \
            from None


def checked_findings(args, base: str, outcome: Outcome) -> Checked:
    checked = check(check_arguments(args), base)
    outcome.findings = len(checked.changed)
    for d in checked.errors:
        outcome.error(f"{checked.ctx.display_path(d.path)}: {d.code} {d.message}")
    outcome.say(f"{len(checked.changed)} finding{'s' if len(checked.changed) != 1 else ''} on "
                f"changed lines ({len(checked.diagnostics)} in the files checked)")
    return checked


def verdicts(args, checked: Checked) -> dict[str, str]:
    if not args.verify:
        return {}
    from scanlint.review.verdicts import unsafe_paths, verify_unsafe

    return verify_unsafe(unsafe_paths(checked.changed), checked.settings, args.pytest)


# -- GitHub --------------------------------------------------------------------------------
def review_github(args, outcome: Outcome) -> None:
    from scanlint.review import github

    if args.dry_run:
        return dry_run(args, outcome, "github", github.LIMIT)
    posting = args.reporter == "review"
    if posting:
        needs("github")
    pull = github.from_environment(dict(os.environ), token=posting)
    if pull is None:
        outcome.say("not a pull request event: nothing to review")
        return
    checked = checked_findings(args, checkout_at(pull.head, pull.base, "base"), outcome)
    if args.reporter == "annotations":
        return annotate(checked)
    if args.reporter == "sarif":  # the whole files: code scanning compares with the base's
        from scanlint.report import renderer

        with open(args.sarif_file, "w", encoding="utf-8") as file:
            file.write(renderer("sarif")(checked.diagnostics, checked.ctx))
        return outcome.say(f"wrote {args.sarif_file}")
    host = github.GitHub(pull, outcome, args.write_interval)
    diffs = host.call(host.diffs, "reading the pull request's files")
    earlier = host.call(host.earlier, "reading earlier comments") if diffs is not None else None
    if earlier is None:
        outcome.say("cannot review without the diff and earlier comments: annotations instead")
        return annotate(checked)
    plan = review_plan(args, checked, diffs, earlier, github.LIMIT, "github")
    host.apply(plan, summary_of(checked, plan, github.LIMIT, "pull request"))
    if host.refused:
        annotate(checked)
    say_done(outcome, plan, host.refused)


def annotate(checked: Checked) -> None:
    """The findings as workflow commands: GitHub shows them on the lines, with no token."""
    from scanlint.report import renderer

    sys.stdout.write(renderer("github")(checked.changed, checked.ctx))
    sys.stdout.flush()


# -- GitLab --------------------------------------------------------------------------------
def review_gitlab(args, outcome: Outcome) -> None:
    from scanlint.review import gitlab

    if args.dry_run:
        return dry_run(args, outcome, "gitlab", gitlab.LIMIT)
    needs("gitlab")
    request = gitlab.from_environment(dict(os.environ))
    if request is None:
        outcome.say("not a merge request pipeline: nothing to review")
        return
    host = gitlab.GitLab(request, outcome)
    refs = host.call(host.refs, "reading the merge request")
    if refs is None:
        return
    checked = checked_findings(args, checkout_at(refs["head_sha"], refs["base_sha"],
                                                 "merge base"), outcome)
    diffs = host.call(host.diffs, "reading the merge request's diffs")
    earlier = host.call(lambda: host.earlier(follower()), "reading earlier discussions") \
        if diffs is not None else None
    if earlier is None:
        return
    plan = review_plan(args, checked, diffs, earlier, gitlab.LIMIT, "gitlab")
    host.apply(plan, summary_of(checked, plan, gitlab.LIMIT, "merge request"))
    say_done(outcome, plan, False)


def follower():
    """(path, sha, line) -> where that line of the file at that commit is in the work tree."""
    from scanlint.source.gitdiff import GitError, line_map

    maps: dict = {}

    def follow(path: str, sha: str, line: int) -> int | None:
        if (path, sha) not in maps:
            try:
                maps[path, sha] = line_map(path, sha) if os.path.isfile(path) else None
            except GitError:
                maps[path, sha] = None
        found = maps[path, sha]
        return found.new_line(line) if found is not None else None

    return follow


# -- both ----------------------------------------------------------------------------------
def needs(module: str) -> None:
    """The host's client library, or the extra that installs it named."""
    try:
        require(module, "posting a review")
    except UsageError as error:
        raise UsageError(f"{error} (or try it with --dry-run, which needs neither it nor a "
                         "token)") from None


def dry_run(args, outcome: Outcome, host: str, limit: int) -> None:
    """The review from the local diff, printed: no token, no network."""
    from scanlint.review.dry_run import local_base, local_diffs, print_review

    base = local_base(args.base)
    checked = checked_findings(args, base, outcome)
    if host == "github" and args.reporter == "annotations":
        return annotate(checked)
    plan = review_plan(args, checked, local_diffs(base), ([], set()), limit, host)
    where = "pull request" if host == "github" else "merge request"
    print_review(plan, summary_of(checked, plan, limit, where), host, base)


def review_plan(args, checked: Checked, diffs, earlier, limit: int, host: str):
    from scanlint.review.plan import github_suggestion, gitlab_suggestion, reconcile, wanted

    info = github_suggestion if host == "github" else gitlab_suggestion
    comments, listed = wanted(checked, diffs, info, limit, verdicts(args, checked))
    posted, summarized = earlier
    return reconcile(comments, posted, listed, summarized, args.max_comments)


def summary_of(checked: Checked, plan, limit: int, where: str) -> str:
    from scanlint.review.plan import summary

    return summary(len(checked.changed), len(plan.create), plan.listed, limit, where)


def say_done(outcome: Outcome, plan, refused: bool) -> None:
    if refused:
        return outcome.say("the review was not posted (or not all of it): the findings went "
                           "out as annotations")
    failed = f" ({outcome.errors} failed, above)" if outcome.errors else ""
    outcome.say(f"{len(plan.create)} new comment{'s' if len(plan.create) != 1 else ''}, "
                f"{len(plan.update)} edited, {len(plan.retire)} retired, "
                f"{len(plan.listed)} listed in the summary{failed}")
