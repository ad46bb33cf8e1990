"""GitLab: the merge request's diff, the bot's earlier discussions, and new ones, through
python-gitlab (the `review` extra).

Endpoints (GitLab's REST API v4):
- `GET /projects/:id/merge_requests/:iid`: `diff_refs` (base, start and head shas), which a
  diff note's `position` must repeat;
- `GET /projects/:id/merge_requests/:iid/diffs`: each file's `diff`;
- `GET` and `POST /projects/:id/merge_requests/:iid/discussions`: earlier comments (found by
  their marker) and new ones, each a diff note with `position` (`position_type: text`,
  `new_path`, `new_line`, and `old_line` on a line the change did not touch);
- `PUT` and `DELETE /projects/:id/merge_requests/:iid/discussions/:discussion_id/notes/:note_id`
  and `PUT .../discussions/:discussion_id` (`resolved`): edit, remove, resolve;
- `POST /projects/:id/merge_requests/:iid/notes`: the summary.

GitLab keeps a note's position in the diff it was made on; where the head moved since, the
note's line is followed through `git diff` from that commit (`source.gitdiff.line_map`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from scanlint.core.errors import UsageError
from scanlint.review.diff import FileDiff, parse_patch
from scanlint.review.outcome import Outcome
from scanlint.review.plan import Comment, Plan, Posted, read_marker, retired_body, summary_keys

LIMIT = 1_000_000  # characters in a note


@dataclass(frozen=True)
class MergeRequest:
    url: str  # the server, e.g. https://gitlab.com (python-gitlab adds /api/v4)
    token: str
    project: str  # id or path
    iid: int


def from_environment(env: dict[str, str]) -> MergeRequest | None:
    """The merge request of a merge request pipeline (None in other pipelines); the token is
    `GITLAB_TOKEN`, a project access token with the `api` scope (CI_JOB_TOKEN cannot post)."""
    iid = env.get("CI_MERGE_REQUEST_IID")
    if not iid:
        return None
    token = env.get("GITLAB_TOKEN") or ""
    if not token:
        raise UsageError("GITLAB_TOKEN is not set: add a project access token with the `api` "
                         "scope as a masked CI/CD variable")
    for name in ("CI_SERVER_URL", "CI_PROJECT_ID"):
        if not env.get(name):
            raise UsageError(f"{name} is not set: run this in a GitLab merge request pipeline")
    return MergeRequest(env["CI_SERVER_URL"], token, env["CI_PROJECT_ID"], int(iid))


class GitLab:
    """One merge request, through python-gitlab."""

    def __init__(self, request: MergeRequest, outcome: Outcome):
        import gitlab

        self.client = gitlab.Gitlab(request.url, private_token=request.token, timeout=30,
                                    per_page=100, retry_transient_errors=True)
        self.outcome = outcome
        self.project = self.client.projects.get(request.project, lazy=True)
        self.iid = request.iid
        self.mr = None
        self.old_paths: dict[str, str] = {}
        self.diff_lines: dict[str, FileDiff] = {}

    def refs(self) -> dict[str, str]:
        """The merge request's `diff_refs`: base_sha (the merge base), start_sha, head_sha."""
        self.mr = self.project.mergerequests.get(self.iid)
        return dict(self.mr.diff_refs)

    def diffs(self) -> dict[str, FileDiff]:
        path = f"/projects/{self.project.encoded_id}/merge_requests/{self.iid}/diffs"
        for item in self.client.http_list(path, iterator=True):
            if not item.get("deleted_file"):
                self.old_paths[item["new_path"]] = item["old_path"]
                self.diff_lines[item["new_path"]] = parse_patch(item.get("diff"))
        return self.diff_lines

    def earlier(self, follow) -> tuple[list[Posted], set[str]]:
        """The bot's earlier diff notes, oldest first (a note made on an older head has its
        line followed to this one by ``follow(path, sha, line)``), and the keys earlier
        summaries listed."""
        found, summaries = [], []
        for discussion in self.mr.discussions.list(iterator=True):
            notes = discussion.attributes.get("notes") or []
            first = notes[0] if notes else {}
            marked = read_marker(first.get("body"))
            position = first.get("position") or {}
            if marked is None:
                continue
            if not position:
                summaries.append(first.get("body"))
                continue
            line = position.get("new_line")
            if line is not None and position.get("head_sha") != self.mr.diff_refs["head_sha"]:
                line = follow(position.get("new_path"), position.get("head_sha"), line)
            key, retired = marked
            found.append(Posted((discussion.id, first["id"]), key, position.get("new_path"),
                                None, line, first.get("body"), retired, len(notes) > 1))
        return found, summary_keys(summaries)

    def apply(self, plan: Plan, summary: str) -> None:
        for old, why in plan.retire:
            self.call(partial(self.retire, old, why), f"retiring note {old.id[1]}")
        for old, new in plan.update:
            self.call(partial(self.edit, old, new.body), f"editing note {old.id[1]}")
        for comment in plan.create:
            self.call(partial(self.create, comment),
                      f"posting a comment on {comment.path}:{comment.last}")
        if plan.create or plan.listed:
            self.call(lambda: self.mr.notes.create({"body": summary}), "posting the summary")

    def create(self, comment: Comment) -> None:
        self.mr.discussions.create({"body": comment.body, "position": self.position(comment)})

    def position(self, comment: Comment) -> dict:
        """A text position on the comment's last line, in the new version."""
        refs = self.mr.diff_refs
        out = {"position_type": "text", "base_sha": refs["base_sha"],
               "start_sha": refs["start_sha"], "head_sha": refs["head_sha"],
               "new_path": comment.path, "old_path": self.old_paths.get(comment.path, comment.path),
               "new_line": comment.last}
        line = self.diff_lines[comment.path].lines[comment.last]
        if line.old_line is not None:  # a context line: GitLab wants both sides
            out["old_line"] = line.old_line
        return out

    def retire(self, old: Posted, why: str) -> None:
        discussion_id, note_id = old.id
        discussion = self.mr.discussions.get(discussion_id, lazy=True)
        if old.replied:
            discussion.notes.update(note_id, {"body": retired_body(old, why)})
            self.mr.discussions.update(discussion_id, {"resolved": True})
        else:
            discussion.notes.delete(note_id)

    def edit(self, old: Posted, body: str) -> None:
        discussion_id, note_id = old.id
        self.mr.discussions.get(discussion_id, lazy=True).notes.update(note_id, {"body": body})
        if old.retired:  # the finding is back: open its thread again
            self.mr.discussions.update(discussion_id, {"resolved": False})

    def call(self, action, what: str):
        """Run one API call and return its result; a failure becomes one log line and None."""
        from gitlab.exceptions import GitlabError
        from requests import RequestException

        try:
            return action()
        except GitlabError as error:
            self.outcome.error(f"{what}: GitLab answered {error.response_code}: "
                               f"{error.error_message}")
        except RequestException as error:
            self.outcome.error(f"{what}: cannot reach GitLab: {error}")
        return None
