"""GitHub: the pull request's diff, the bot's earlier comments and reviews, and the review
calls, through PyGithub (the `review` extra).

PyGithub rather than githubkit: it is the most used GitHub client for Python, synchronous,
with few dependencies (requests, PyJWT, PyNaCl), and its `GithubRetry` already waits out
GitHub's rate limits (capped here, so a job never sleeps for an hour); githubkit brings
pydantic, httpx and several megabytes of generated schemas for the five endpoints used here.

Endpoints (GitHub's REST reference, API version 2022-11-28):
- `GET /repos/{owner}/{repo}/pulls/{pull_number}/files`: each file's `patch` (the lines a
  comment may go on);
- `GET /repos/{owner}/{repo}/pulls/{pull_number}/comments` and `.../reviews`: earlier comments
  and summaries, found by their markers;
- `POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews`: new comments, at most `BATCH` a
  review, `event: COMMENT`, `commit_id` the head, each comment with `path`, `line`, `side`
  (and `start_line`, `start_side` for a range);
- `PATCH` and `DELETE /repos/{owner}/{repo}/pulls/comments/{comment_id}`: edit or remove one.
"""

from __future__ import annotations

import json
from functools import partial
from dataclasses import dataclass

from scanlint.core.errors import UsageError
from scanlint.review.diff import FileDiff, parse_patch
from scanlint.review.outcome import Outcome
from scanlint.review.plan import Plan, Posted, read_marker, retired_body, summary_keys

LIMIT = 65536  # characters in a comment's or a review's body
BATCH = 30  # comments in one review: a large review is slow to post and all-or-nothing
RATE_LIMIT_WAIT = 60  # seconds the client may wait for a rate limit to reset, at most


class Refused(Exception):
    """GitHub refused the token's writes (403): the rest of the run cannot post either."""


@dataclass(frozen=True)
class PullRequest:
    api_url: str
    token: str
    repository: str  # owner/name
    number: int
    base: str  # sha of the base branch when the event fired
    head: str  # sha of the pull request's head


def from_environment(env: dict[str, str], token: bool = True) -> PullRequest | None:
    """The pull request of a `pull_request` or `pull_request_target` event (None for other
    events), the API's URL (`GITHUB_API_URL`, for GitHub Enterprise Server) and the token
    (not required without ``token``: annotations and SARIF call no API)."""
    path = env.get("GITHUB_EVENT_PATH")
    if not path:
        raise UsageError("GITHUB_EVENT_PATH is not set: run this in GitHub Actions")
    try:
        with open(path, encoding="utf-8") as file:
            event = json.load(file)
    except (OSError, ValueError) as error:
        raise UsageError(f"cannot read the event {path}: {error}") from None
    pull = event.get("pull_request") if isinstance(event, dict) else None
    if not pull:
        return None
    key = env.get("GITHUB_TOKEN") or ""
    if token and not key:
        raise UsageError("GITHUB_TOKEN is not set (the action passes `github-token`)")
    if not env.get("GITHUB_REPOSITORY"):
        raise UsageError("GITHUB_REPOSITORY is not set")
    return PullRequest(env.get("GITHUB_API_URL") or "https://api.github.com", key,
                       env["GITHUB_REPOSITORY"], int(pull["number"]), pull["base"]["sha"],
                       pull["head"]["sha"])


class GitHub:
    """One pull request, through PyGithub."""

    def __init__(self, pull: PullRequest, outcome: Outcome, write_interval: float = 1.0):
        from github import Auth, Github, GithubRetry

        # seconds_between_writes: GitHub asks integrations to space content-creating calls
        # (secondary rate limits); the tests' stand-in server needs no spacing.
        self.client = Github(auth=Auth.Token(pull.token), base_url=pull.api_url.rstrip("/"),
                             lazy=True, per_page=100, timeout=30,
                             retry=GithubRetry(total=3, backoff_factor=1,
                                               max_rate_limit_wait=RATE_LIMIT_WAIT,
                                               secondary_rate_wait=RATE_LIMIT_WAIT),
                             seconds_between_requests=None,
                             seconds_between_writes=write_interval or None)
        self.pull = pull
        self.outcome = outcome
        self.repo = self.client.get_repo(pull.repository)
        self.pr = self.repo.get_pull(pull.number)
        self.comments: dict[int, object] = {}  # id -> PyGithub's comment, to edit or delete
        self.refused = False  # a review was not posted: the findings go out as annotations

    def diffs(self) -> dict[str, FileDiff]:
        """Path -> the lines its patch shows (a file GitHub sends no patch for shows none)."""
        return {f.filename: parse_patch(f.patch) for f in self.pr.get_files()
                if f.status != "removed"}

    def earlier(self) -> tuple[list[Posted], set[str]]:
        """The bot's earlier comments (by their marker), oldest first, and the keys of the
        findings earlier reviews listed in their text; replies are people's."""
        found, replied = [], set()
        for comment in self.pr.get_review_comments():
            if comment.in_reply_to_id:
                replied.add(comment.in_reply_to_id)
                continue
            marked = read_marker(comment.body)
            if marked is not None:
                self.comments[comment.id] = comment
                found.append((comment, marked))
        posted = [Posted(c.id, key, c.path, c.start_line or c.line, c.line, c.body, retired,
                         c.id in replied) for c, (key, retired) in found]
        return posted, summary_keys([review.body for review in self.pr.get_reviews()])

    def apply(self, plan: Plan, summary: str) -> None:
        """Retire, then edit, then post: each call's failure is logged and the others still
        run, except after a 403 or a spent rate limit (nothing else would go through)."""
        try:
            for old, why in plan.retire:
                self.call(partial(self.retire, old, why), f"retiring comment {old.id}",
                          write=True)
            for old, new in plan.update:
                self.call(partial(self.comments[old.id].edit, new.body),
                          f"editing comment {old.id}", write=True)
            self.post(plan, summary)
        except Refused:
            self.refused = True

    def retire(self, old: Posted, why: str) -> None:
        comment = self.comments[old.id]
        if old.replied:
            comment.edit(retired_body(old, why))
        else:
            comment.delete()

    def post(self, plan: Plan, summary: str) -> None:
        if not plan.create and not plan.listed:
            return
        batches = [plan.create[i:i + BATCH] for i in range(0, len(plan.create), BATCH)] or [[]]
        commit = self.repo.get_commit(self.pull.head)
        for number, batch in enumerate(batches, 1):
            body = summary if number == 1 else \
                f"**scanlint**: more comments ({number} of {len(batches)})."
            review = self.call(partial(self.pr.create_review, commit=commit, body=body,
                                       event="COMMENT",
                                       comments=[review_comment(c) for c in batch]),
                               f"posting a review of {len(batch)} comments", write=True)
            self.refused |= review is None

    def call(self, action, what: str, write: bool = False):
        """Run one API call and return its result; a failure becomes one log line and None
        (a 403 on a write also stops the writes: raises Refused)."""
        from github import GithubException
        from github.GithubException import (RateLimitExceededException,
                                            RateLimitExceededExceedsMaxWait)
        from requests import RequestException

        try:
            return action()
        except RateLimitExceededExceedsMaxWait as error:
            self.outcome.error(f"{what}: GitHub's rate limit is spent and resets in "
                               f"{error.wait:.0f} s, longer than {RATE_LIMIT_WAIT} s")
            if write:
                raise Refused() from None
        except RateLimitExceededException as error:
            self.outcome.error(f"{what}: GitHub's rate limit is spent ({answer(error)})")
            if write:
                raise Refused() from None
        except GithubException as error:
            self.outcome.error(f"{what}: {answer(error)}")
            if error.status == 403 and write:
                self.outcome.say("the token may not write to this pull request (a pull "
                                 "request from a fork gets a read-only GITHUB_TOKEN): use "
                                 "`reporter: annotations`, or `pull_request_target`")
                raise Refused() from None
        except RequestException as error:
            self.outcome.error(f"{what}: cannot reach {self.pull.api_url}: {error}")
        return None


def review_comment(c) -> dict:
    """A comment of "create a review": on the new side (RIGHT) of the diff."""
    out = {"path": c.path, "line": c.last, "side": "RIGHT", "body": c.body}
    if c.first != c.last:
        out.update({"start_line": c.first, "start_side": "RIGHT"})
    return out


def answer(error) -> str:
    """GitHub's status, message and validation errors, on one line."""
    data = error.data if isinstance(error.data, dict) else {}
    text = f"GitHub answered {error.status}: {data.get('message') or error.message or ''}"
    details = [e.get("message") or json.dumps(e) if isinstance(e, dict) else str(e)
               for e in data.get("errors") or []]
    if error.status == 403 and (error.headers or {}).get("x-ratelimit-remaining") == "0":
        details.append("the rate limit is spent")
    return text.rstrip(": ") + (f" ({'; '.join(details)})" if details else "")
