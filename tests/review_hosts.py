"""Local stand-ins for the GitHub and GitLab REST endpoints the review bot uses, served by
`http.server` on 127.0.0.1 over a real git repository, for tests/test_review.py.

Each checks what the host's API reference requires of a request (method, path, the body's
fields, the token) and answers as the host does, and records every request. The lines a
comment may go on come from `git diff` of the repository, parsed here independently of
`scanlint.review.diff`; after a push, GitHub's comments follow their lines as GitHub does
(a line the push changed makes the comment outdated: `line` null).
"""

from __future__ import annotations

import difflib
import json
import re
import subprocess
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

TOKEN = "test-token"


def git(repo, *args) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True).stdout


def new_side_lines(patch: str) -> dict[int, tuple[int, int | None]]:
    """new line -> (hunk, old line or None for an added line)."""
    lines, hunk, old, new = {}, -1, 0, 0
    for text in patch.splitlines():
        match = re.match(r"@@ -(\d+)(?:,\d+)? \+(\d+)", text)
        if match:
            hunk, old, new = hunk + 1, int(match[1]), int(match[2])
        elif hunk < 0 or text.startswith("\\"):
            continue
        elif text.startswith("+"):
            lines[new] = (hunk, None)
            new += 1
        elif text.startswith("-"):
            old += 1
        else:
            lines[new] = (hunk, old)
            old, new = old + 1, new + 1
    return lines


@dataclass
class Request:
    method: str
    path: str
    query: dict
    body: object
    headers: dict


@dataclass
class Failure:
    """Answer the next ``count`` requests matching method and path pattern with this."""

    method: str
    pattern: str
    status: int
    body: dict
    headers: dict = field(default_factory=dict)
    count: int = 1


class StandIn:
    """A threaded HTTP server dispatching to ``route(request) -> (status, body, headers)``."""

    def __init__(self, repo, base: str, head: str):
        self.repo, self.base, self.head = repo, base, head
        self.requests: list[Request] = []
        self.failures: list[Failure] = []
        self.next_id = 100
        self.page_size: int | None = None  # at most this many items a page, whatever is asked
        self.lock = threading.Lock()
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def handle_one(self):
                split = urlsplit(self.path)
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    body = json.loads(raw) if raw else None
                except ValueError:
                    body = raw.decode()
                request = Request(self.command, split.path, parse_qs(split.query), body,
                                  {k.lower(): v for k, v in self.headers.items()})
                with stand_in.lock:
                    stand_in.requests.append(request)
                    try:
                        status, answer, headers = stand_in.answer(request, self)
                    except Exception as error:  # a bug here: the test sees a 500 it names
                        status, answer, headers = 500, {"message": repr(error)}, {}
                data = b"" if answer is None else json.dumps(answer).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = handle_one

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

    def answer(self, request: Request, handler) -> tuple[int, object, dict]:
        for failure in self.failures:
            if failure.count and failure.method == request.method and \
                    re.fullmatch(failure.pattern, request.path):
                failure.count -= 1
                return failure.status, failure.body, failure.headers
        if not self.authorized(request):
            return 401, {"message": "Bad credentials"}, {}
        return self.route(request, handler.headers.get("Host"))

    def writes(self) -> list[Request]:
        return [r for r in self.requests if r.method != "GET"]

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    # -- the repository ----------------------------------------------------------------
    def merge_base(self) -> str:
        return git(self.repo, "merge-base", self.base, self.head).strip()

    def changed_files(self) -> list[tuple[str, str]]:
        """(status letter, path) of the files the pull request changes (three-dot diff)."""
        out = git(self.repo, "diff", "--name-status", "--no-renames", self.merge_base(),
                  self.head)
        return [tuple(line.split("\t", 1)) for line in out.splitlines()]

    def patch(self, path: str) -> str:
        """The file's hunks as GitHub's `patch` and GitLab's `diff` give them."""
        text = git(self.repo, "diff", "--no-color", "-U3", self.merge_base(), self.head, "--",
                   path)
        return text[text.index("@@"):] if "@@" in text else ""

    def show(self, rev: str, path: str) -> list[str]:
        try:
            return git(self.repo, "show", f"{rev}:{path}").splitlines()
        except subprocess.CalledProcessError:
            return []

    def follow(self, path: str, old_rev: str, new_rev: str, line: int) -> int | None:
        """Where a line of the file at one commit is at another (None: changed or gone)."""
        matcher = difflib.SequenceMatcher(None, self.show(old_rev, path),
                                          self.show(new_rev, path), autojunk=False)
        for block in matcher.get_matching_blocks():
            if block.a < line <= block.a + block.size:
                return line - block.a + block.b
        return None


def paginate(items: list, request: Request, url: str, cap: int | None) -> tuple[list, dict]:
    """A page of ``items`` and the Link header pointing at the next one."""
    per_page = min(int(request.query.get("per_page", ["30"])[0]), cap or 100)
    page = int(request.query.get("page", ["1"])[0])
    chunk = items[(page - 1) * per_page:page * per_page]
    headers = {"X-Page": str(page), "X-Per-Page": str(per_page), "X-Total": str(len(items))}
    if page * per_page < len(items):
        query = "&".join(f"{k}={v[0]}" for k, v in request.query.items() if k != "page")
        link = f"{url}{request.path}?{query}&page={page + 1}".replace("?&", "?")
        headers.update({"Link": f'<{link}>; rel="next"', "X-Next-Page": str(page + 1)})
    return chunk, headers


class GitHubStandIn(StandIn):
    """`/repos/{owner}/{repo}/pulls/...` of one pull request."""

    def __init__(self, repo, base, head, repository="octo/jaxlab", number=7):
        super().__init__(repo, base, head)
        self.repository, self.number = repository, number
        self.comments: dict[int, dict] = {}  # id -> a review comment, as GitHub lists it
        self.reviews: list[dict] = []

    def authorized(self, request: Request) -> bool:
        return request.headers.get("authorization") in (f"token {TOKEN}", f"Bearer {TOKEN}")

    def push(self, new_head: str) -> None:
        """A push to the pull request's branch: comments follow their lines."""
        for comment in self.comments.values():
            if comment["line"] is None:
                continue
            line = self.follow(comment["path"], self.head, new_head, comment["line"])
            start = comment["start_line"] and self.follow(comment["path"], self.head, new_head,
                                                          comment["start_line"])
            if line is None or (comment["start_line"] and start is None):
                comment.update(line=None, start_line=None, position=None)
            else:
                comment.update(line=line, start_line=start or None)
        self.head = new_head

    def reply(self, to: int, body: str) -> None:
        """Someone answers a comment."""
        parent = self.comments[to]
        number = self.new_id()
        self.comments[number] = {**parent, "id": number, "body": body, "in_reply_to_id": to,
                                 "user": {"login": "octocat", "id": 2, "type": "User"}}

    def route(self, request: Request, host: str) -> tuple[int, object, dict]:
        prefix = f"/repos/{self.repository}"
        pull = f"{prefix}/pulls/{self.number}"
        method, path = request.method, request.path
        url = f"http://{host}"
        if method == "GET" and path == f"{pull}/files":
            return (200, *paginate(self.files(), request, url, self.page_size))
        if method == "GET" and path == f"{pull}/comments":
            return (200, *paginate(sorted(self.comments.values(), key=lambda c: c["id"]),
                                   request, url, self.page_size))
        if method == "GET" and path == f"{pull}/reviews":
            return (200, *paginate(self.reviews, request, url, self.page_size))
        if method == "POST" and path == f"{pull}/reviews":
            return self.create_review(request.body, url)
        match = re.fullmatch(rf"{prefix}/pulls/comments/(\d+)", path)
        if match and int(match[1]) in self.comments and method in ("PATCH", "DELETE"):
            return self.change_comment(int(match[1]), method, request.body)
        return 404, {"message": "Not Found",
                     "documentation_url": "https://docs.github.com/rest"}, {}

    def files(self) -> list[dict]:
        names = {"A": "added", "M": "modified", "D": "removed"}
        out = []
        for status, path in self.changed_files():
            patch = self.patch(path)
            out.append({"sha": "0" * 40, "filename": path,
                        "status": names.get(status[0], "changed"),
                        "additions": patch.count("\n+"), "deletions": patch.count("\n-"),
                        "changes": patch.count("\n+") + patch.count("\n-"), "patch": patch})
        return out

    def create_review(self, body, url: str) -> tuple[int, object, dict]:
        """POST .../reviews: GitHub validates every comment; one bad one rejects them all."""
        problems = self.review_problems(body)
        if problems:
            return 422, {"message": "Unprocessable Entity", "errors": problems,
                         "documentation_url": "https://docs.github.com/rest/pulls/reviews"
                                              "#create-a-review-for-a-pull-request"}, {}
        review_id = self.new_id()
        review = {"id": review_id, "node_id": f"PRR_{review_id}", "body": body["body"],
                  "state": "COMMENTED", "commit_id": body["commit_id"],
                  "user": {"login": "github-actions[bot]", "id": 1, "type": "Bot"},
                  "html_url": f"{url}/{self.repository}/pull/{self.number}"
                              f"#pullrequestreview-{review_id}"}
        self.reviews.append(review)
        for comment in body.get("comments", []):
            number = self.new_id()
            self.comments[number] = {
                "id": number, "pull_request_review_id": review_id, "path": comment["path"],
                "line": comment["line"], "original_line": comment["line"],
                "start_line": comment.get("start_line"), "side": comment["side"],
                "start_side": comment.get("start_side"), "body": comment["body"],
                "commit_id": body["commit_id"], "original_commit_id": body["commit_id"],
                "in_reply_to_id": None, "position": 1, "user": review["user"],
                "url": f"{url}/repos/{self.repository}/pulls/comments/{number}"}
        return 200, review, {}

    def review_problems(self, body) -> list[str]:
        if not isinstance(body, dict):
            return ["the body must be a JSON object"]
        problems = []
        if body.get("commit_id") != self.head:
            problems.append(f"commit_id {body.get('commit_id')} is not the head {self.head}")
        if body.get("event") not in ("APPROVE", "REQUEST_CHANGES", "COMMENT"):
            problems.append(f"event {body.get('event')!r} is not one of APPROVE, "
                            "REQUEST_CHANGES, COMMENT")
        if body.get("event") in ("REQUEST_CHANGES", "COMMENT") and not body.get("body"):
            problems.append("body is required with REQUEST_CHANGES and COMMENT")
        diffs = {path: new_side_lines(self.patch(path)) for _, path in self.changed_files()}
        for comment in body.get("comments") or []:
            problems += self.comment_problems(comment, diffs)
        return problems

    @staticmethod
    def comment_problems(comment: dict, diffs: dict) -> list[str]:
        missing = [k for k in ("path", "body") if not isinstance(comment.get(k), str)]
        if missing:
            return [f"a comment lacks {', '.join(missing)}"]
        if "position" in comment:
            return ["this client is meant to send `line`, not the deprecated `position`"]
        line, start = comment.get("line"), comment.get("start_line")
        if not isinstance(line, int) or comment.get("side") not in ("LEFT", "RIGHT"):
            return ["a comment needs an integer line and side LEFT or RIGHT"]
        if start is not None and (not isinstance(start, int) or start >= line or
                                  comment.get("start_side") not in ("LEFT", "RIGHT")):
            return ["start_line must precede line, with start_side"]
        lines = diffs.get(comment["path"], {})
        if line not in lines:
            return ["pull_request_review_thread.line must be part of the diff"]
        if start is not None and (start not in lines or lines[start][0] != lines[line][0]):
            return ["pull_request_review_thread.start_line must be part of the same hunk as "
                    "the line."]
        if len(comment["body"]) > 65536:
            return ["body is too long (maximum is 65536 characters)"]
        return []

    def change_comment(self, number: int, method: str, body) -> tuple[int, object, dict]:
        if method == "DELETE":
            del self.comments[number]
            return 204, None, {}
        if not isinstance(body, dict) or not isinstance(body.get("body"), str) or \
                set(body) != {"body"}:
            return 422, {"message": "Invalid request", "errors": ["body is the only field"]}, {}
        self.comments[number]["body"] = body["body"]
        return 200, self.comments[number], {}


class GitLabStandIn(StandIn):
    """`/api/v4/projects/:id/merge_requests/:iid/...` of one merge request."""

    def __init__(self, repo, base, head, project="42", iid=3):
        super().__init__(repo, base, head)
        self.project, self.iid = project, iid
        self.discussions: dict[str, dict] = {}  # id -> a discussion, as GitLab lists it

    def authorized(self, request: Request) -> bool:
        return request.headers.get("private-token") == TOKEN

    def refs(self) -> dict:
        return {"base_sha": self.merge_base(), "start_sha": self.base, "head_sha": self.head}

    def push(self, new_head: str) -> None:
        self.head = new_head  # GitLab keeps each note's position as it was made

    def reply(self, discussion: str, body: str) -> None:
        notes = self.discussions[discussion]["notes"]
        notes.append({**notes[0], "id": self.new_id(), "body": body, "position": None,
                      "author": {"username": "octocat"}})

    def route(self, request: Request, host: str) -> tuple[int, object, dict]:
        mr = f"/api/v4/projects/{self.project}/merge_requests/{self.iid}"
        method, path, url = request.method, request.path, f"http://{host}"
        if method == "GET" and path == mr:
            return 200, {"id": 1, "iid": self.iid, "project_id": int(self.project),
                         "sha": self.head, "diff_refs": self.refs(), "state": "opened"}, {}
        if method == "GET" and path == f"{mr}/diffs":
            return (200, *paginate(self.diffs(), request, url, self.page_size))
        if method == "GET" and path == f"{mr}/discussions":
            return (200, *paginate(list(self.discussions.values()), request, url,
                                   self.page_size))
        if method == "POST" and path == f"{mr}/discussions":
            return self.create_discussion(request.body)
        if method == "POST" and path == f"{mr}/notes":
            return self.create_note(request.body)
        match = re.fullmatch(rf"{mr}/discussions/(\w+)(?:/notes/(\d+))?", path)
        if match and match[1] in self.discussions and method in ("PUT", "DELETE"):
            return self.change(match[1], match[2] and int(match[2]), method, request.body)
        return 404, {"message": "404 Not found"}, {}

    def diffs(self) -> list[dict]:
        return [{"old_path": path, "new_path": path, "diff": self.patch(path),
                 "new_file": status == "A", "renamed_file": False, "deleted_file": status == "D",
                 "a_mode": "100644", "b_mode": "100644"}
                for status, path in self.changed_files()]

    def create_discussion(self, body) -> tuple[int, object, dict]:
        if not isinstance(body, dict) or not body.get("body"):
            return 400, {"message": "400 Bad request - body is missing"}, {}
        position = body.get("position")
        if position is not None:
            problem = self.position_problem(position)
            if problem:
                return 400, {"message": f"400 Bad request - Note {{:line_code=>[{problem}]}}"}, {}
        return 201, self.add_discussion(body["body"], position, individual=False), {}

    def create_note(self, body) -> tuple[int, object, dict]:
        if not isinstance(body, dict) or not body.get("body"):
            return 400, {"message": "400 Bad request - body is missing"}, {}
        discussion = self.add_discussion(body["body"], None, individual=True)
        return 201, discussion["notes"][0], {}

    def position_problem(self, position: dict) -> str | None:
        refs = self.refs()
        if position.get("position_type") != "text":
            return '"position_type must be text"'
        if any(position.get(k) != refs[k] for k in refs):
            return '"the shas must be the merge request\'s diff_refs"'
        path = position.get("new_path")
        if path not in {p for _, p in self.changed_files()} or position.get("old_path") != path:
            return '"can\'t be blank", "must be a valid line code"'
        lines = new_side_lines(self.patch(path))
        line = position.get("new_line")
        if line not in lines or position.get("old_line") != lines[line][1]:
            return '"can\'t be blank", "must be a valid line code"'
        return None

    def add_discussion(self, text: str, position, individual: bool) -> dict:
        number = f"d{self.new_id()}"
        note = {"id": self.new_id(), "type": "DiffNote" if position else None, "body": text,
                "author": {"username": "scanlint-bot"}, "position": position,
                "resolvable": bool(position), "resolved": False, "system": False}
        self.discussions[number] = {"id": number, "individual_note": individual,
                                    "notes": [note]}
        return self.discussions[number]

    def change(self, number: str, note_id, method: str, body) -> tuple[int, object, dict]:
        discussion = self.discussions[number]
        if note_id is None:  # PUT .../discussions/:id: resolve or reopen the thread
            if method != "PUT" or not isinstance(body, dict) or \
                    not isinstance(body.get("resolved"), bool):
                return 400, {"message": "400 Bad request - resolved is missing"}, {}
            for note in discussion["notes"]:
                note["resolved"] = body["resolved"]
            return 200, discussion, {}
        note = next((n for n in discussion["notes"] if n["id"] == note_id), None)
        if note is None:
            return 404, {"message": "404 Note Not Found"}, {}
        if method == "DELETE":
            discussion["notes"].remove(note)
            if not discussion["notes"]:
                del self.discussions[number]
            return 204, None, {}
        if not isinstance(body, dict) or not isinstance(body.get("body"), str):
            return 400, {"message": "400 Bad request - body is missing"}, {}
        note["body"] = body["body"]
        return 200, note, {}
