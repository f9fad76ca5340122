"""A GitHub REST stub on loopback: the subset liftdiff's bot uses, answered from a local
bare git repository, recording every request.

Speaks GitHub Enterprise's layout (`/api/v3/...`), so PyGithub runs with
`base_url` as it would against an Enterprise server. It checks what GitHub
checks and the bot could get wrong: the app's JWT (RS256, signed with the test
key, issuer = app id) before it hands out an installation token, the token on
every other call (expired tokens are refused), and at most 50 annotations per
check-run request. `fail(...)` injects server errors and rate limits.
"""

from __future__ import annotations

import json
import re
import secrets
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import jwt

PREFIX = "/api/v3"
WEB = "https://github.example"
BOT_USER = {"login": "liftdiff[bot]", "id": 99, "type": "Bot"}


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: Any
    status: int = 0


@dataclass
class Fault:
    method: str
    pattern: re.Pattern[str]
    status: int
    times: int
    headers: dict[str, str]
    message: str


@dataclass
class PullState:
    number: int
    head: str
    base: str
    title: str = "a change"
    body: str = ""
    labels: list[str] = field(default_factory=list)


def git(bare: str, *args: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", bare, *args], capture_output=True, text=True, check=True
    ).stdout


class GitHubStub:
    def __init__(
        self, bare: str, repository: str, app_id: str, public_key: str, token_ttl: float = 3600
    ) -> None:
        self.bare = bare
        self.repository = repository
        self.app_id = app_id
        self.public_key = public_key
        self.token_ttl = token_ttl
        self.action_token = "action-" + secrets.token_hex(8)
        self.tokens: dict[str, float] = {self.action_token: time.time() + 86400}
        self.pulls: dict[int, PullState] = {}
        self.comments: dict[int, dict[str, Any]] = {}
        self.checks: dict[int, dict[str, Any]] = {}
        self.requests: list[Recorded] = []
        self.faults: list[Fault] = []
        self._lock = threading.Lock()
        self._ids = iter(range(1000, 10**9))
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def _serve(self) -> None:
                stub._handle(self)

            do_GET = do_POST = do_PATCH = _serve

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.api = f"http://127.0.0.1:{self.port}{PREFIX}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    # --- test controls -------------------------------------------------------------

    def fail(
        self,
        method: str,
        pattern: str,
        status: int,
        times: int = 1,
        headers: dict[str, str] | None = None,
        message: str = "Server Error",
    ) -> None:
        with self._lock:
            self.faults.append(
                Fault(method, re.compile(pattern), status, times, headers or {}, message)
            )

    def open_pull(self, number: int, head: str, **fields: Any) -> PullState:
        base = git(self.bare, "rev-parse", "main").strip()
        with self._lock:
            state = PullState(number, head, base, **fields)
            self.pulls[number] = state
            return state

    def calls(self, method: str, pattern: str) -> list[Recorded]:
        regex = re.compile(pattern)
        with self._lock:
            return [r for r in self.requests if r.method == method and regex.search(r.path)]

    def checks_for(self, head: str) -> list[dict[str, Any]]:
        with self._lock:
            return [c for c in self.checks.values() if c["head_sha"] == head]

    def comments_on(self, number: int) -> list[dict[str, Any]]:
        with self._lock:
            return [c for c in self.comments.values() if c["issue"] == number]

    # --- HTTP ------------------------------------------------------------------------

    def _handle(self, handler: BaseHTTPRequestHandler) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        raw = handler.rfile.read(length) if length else b""
        body = json.loads(raw) if raw else None
        path = handler.path.split("?", 1)[0]
        record = Recorded(handler.command, path, dict(handler.headers.items()), body)
        with self._lock:
            self.requests.append(record)
            fault = next(
                (
                    f
                    for f in self.faults
                    if f.times > 0 and f.method == handler.command and f.pattern.search(path)
                ),
                None,
            )
            if fault:
                fault.times -= 1
        if fault:
            status, headers, payload = fault.status, fault.headers, {"message": fault.message}
        else:
            status, headers, payload = self._answer(handler, path, body)
        record.status = status
        data = json.dumps(payload).encode()
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data)))
        for name, value in headers.items():
            handler.send_header(name, value)
        handler.end_headers()
        handler.wfile.write(data)

    def _answer(
        self, handler: BaseHTTPRequestHandler, path: str, body: Any
    ) -> tuple[int, dict[str, str], Any]:
        if not path.startswith(PREFIX):
            return 404, {}, {"message": "Not Found"}
        path = path[len(PREFIX) :]
        auth = handler.headers.get("Authorization", "")
        token_route = re.fullmatch(r"/app/installations/(\d+)/access_tokens", path)
        if token_route and handler.command == "POST":
            return self._issue_token(auth)
        if not self._token_ok(auth):
            return 401, {}, {"message": "Bad credentials"}
        for method, pattern, answer in self._routes():
            match = re.fullmatch(pattern, path)
            if match and method == handler.command:
                with self._lock:
                    return answer(body, *match.groups())
        return 404, {}, {"message": "Not Found"}

    def _issue_token(self, auth: str) -> tuple[int, dict[str, str], Any]:
        scheme, _, token = auth.partition(" ")
        try:
            claims = jwt.decode(token, self.public_key, algorithms=["RS256"])
        except jwt.PyJWTError as exc:
            return 401, {}, {"message": f"bad JWT: {exc}"}
        if scheme != "Bearer" or str(claims.get("iss")) != self.app_id:
            return 401, {}, {"message": "JWT issuer is not the app"}
        value = "ghs_" + secrets.token_hex(12)
        expires = time.time() + self.token_ttl
        with self._lock:
            self.tokens[value] = expires
        stamp = datetime.fromtimestamp(expires, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        return 201, {}, {"token": value, "expires_at": stamp, "permissions": {}}

    def _token_ok(self, auth: str) -> bool:
        scheme, _, token = auth.partition(" ")
        with self._lock:
            expires = self.tokens.get(token)
        return (
            scheme.lower() in ("token", "bearer") and expires is not None and expires > time.time()
        )

    def _routes(self) -> list[tuple[str, str, Callable[..., tuple[int, dict[str, str], Any]]]]:
        repo = re.escape(self.repository)
        return [
            ("GET", rf"/repos/{repo}", self._get_repo),
            ("GET", rf"/repos/{repo}/pulls/(\d+)", self._get_pull),
            ("GET", rf"/repos/{repo}/pulls/(\d+)/commits", self._get_commits),
            ("GET", rf"/repos/{repo}/compare/(\w+)\.\.\.(\w+)", self._compare),
            ("GET", rf"/repos/{repo}/issues/(\d+)/comments", self._list_comments),
            ("POST", rf"/repos/{repo}/issues/(\d+)/comments", self._add_comment),
            ("PATCH", rf"/repos/{repo}/issues/comments/(\d+)", self._edit_comment),
            ("POST", rf"/repos/{repo}/check-runs", self._create_check),
            ("PATCH", rf"/repos/{repo}/check-runs/(\d+)", self._update_check),
        ]

    def _repo_json(self) -> dict[str, Any]:
        owner, name = self.repository.split("/")
        return {
            "id": 1,
            "name": name,
            "full_name": self.repository,
            "owner": {"login": owner, "id": 2, "type": "Organization"},
            "url": f"{self.api}/repos/{self.repository}",
            "html_url": f"{WEB}/{self.repository}",
            "clone_url": f"file://{self.bare}",
            "default_branch": "main",
        }

    def _get_repo(self, _: Any) -> tuple[int, dict[str, str], Any]:
        return 200, {}, self._repo_json()

    def _pull_json(self, pull: PullState) -> dict[str, Any]:
        merge_base = git(self.bare, "merge-base", pull.base, pull.head).strip()
        stat = git(self.bare, "diff", "--numstat", merge_base, pull.head).splitlines()
        added = sum(int(line.split("\t")[0]) for line in stat if line[:1].isdigit())
        deleted = sum(int(line.split("\t")[1]) for line in stat if line[:1].isdigit())
        url = f"{self.api}/repos/{self.repository}"
        return {
            "id": pull.number,
            "number": pull.number,
            "url": f"{url}/pulls/{pull.number}",
            "issue_url": f"{url}/issues/{pull.number}",
            "html_url": f"{WEB}/{self.repository}/pull/{pull.number}",
            "state": "open",
            "title": pull.title,
            "body": pull.body,
            "labels": [{"name": name} for name in pull.labels],
            "head": {"sha": pull.head, "ref": f"pr-{pull.number}", "repo": self._repo_json()},
            "base": {"sha": pull.base, "ref": "main", "repo": self._repo_json()},
            "changed_files": len(stat),
            "additions": added,
            "deletions": deleted,
        }

    def _get_pull(self, _: Any, number: str) -> tuple[int, dict[str, str], Any]:
        pull = self.pulls.get(int(number))
        if pull is None:
            return 404, {}, {"message": "Not Found"}
        return 200, {}, self._pull_json(pull)

    def _get_commits(self, _: Any, number: str) -> tuple[int, dict[str, str], Any]:
        pull = self.pulls[int(number)]
        log = git(self.bare, "log", "--format=%H%x00%B%x00", f"{pull.base}..{pull.head}")
        parts = log.split("\0")
        commits = [
            {"sha": sha.strip(), "commit": {"message": message.strip()}}
            for sha, message in zip(parts[0::2], parts[1::2], strict=False)
            if sha.strip()
        ]
        return 200, {}, commits

    def _compare(self, _: Any, base: str, head: str) -> tuple[int, dict[str, str], Any]:
        merge_base = git(self.bare, "merge-base", base, head).strip()
        return (
            200,
            {},
            {
                "url": f"{self.api}/repos/{self.repository}/compare/{base}...{head}",
                "status": "ahead",
                "merge_base_commit": {"sha": merge_base},
                "base_commit": {"sha": base},
                "commits": [],
                "files": [],
            },
        )

    def _comment_json(self, comment: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": comment["id"],
            "url": f"{self.api}/repos/{self.repository}/issues/comments/{comment['id']}",
            "body": comment["body"],
            "user": comment["user"],
        }

    def _list_comments(self, _: Any, number: str) -> tuple[int, dict[str, str], Any]:
        found = [c for c in self.comments.values() if c["issue"] == int(number)]
        return 200, {}, [self._comment_json(c) for c in found]

    def _add_comment(self, body: Any, number: str) -> tuple[int, dict[str, str], Any]:
        if len(body["body"]) > 65536:
            return 422, {}, {"message": "Body is too long (maximum is 65536 characters)"}
        ident = next(self._ids)
        comment = {"id": ident, "issue": int(number), "body": body["body"], "user": BOT_USER}
        self.comments[ident] = comment
        return 201, {}, self._comment_json(comment)

    def _edit_comment(self, body: Any, ident: str) -> tuple[int, dict[str, str], Any]:
        if len(body["body"]) > 65536:
            return 422, {}, {"message": "Body is too long (maximum is 65536 characters)"}
        comment = self.comments[int(ident)]
        comment["body"] = body["body"]
        return 200, {}, self._comment_json(comment)

    def _check_json(self, check: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": check["id"],
            "url": f"{self.api}/repos/{self.repository}/check-runs/{check['id']}",
            "name": check["name"],
            "head_sha": check["head_sha"],
            "status": check["status"],
            "conclusion": check["conclusion"],
            "output": {
                "title": check["title"],
                "summary": check["summary"],
                "annotations_count": len(check["annotations"]),
            },
        }

    def _create_check(self, body: Any) -> tuple[int, dict[str, str], Any]:
        ident = next(self._ids)
        check = {
            "id": ident,
            "name": body["name"],
            "head_sha": body["head_sha"],
            "status": body.get("status", "queued"),
            "conclusion": body.get("conclusion"),
            "title": None,
            "summary": None,
            "annotations": [],
        }
        self.checks[ident] = check
        return 201, {}, self._check_json(check)

    def _update_check(self, body: Any, ident: str) -> tuple[int, dict[str, str], Any]:
        check = self.checks[int(ident)]
        output = body.get("output") or {}
        annotations = output.get("annotations") or []
        if len(annotations) > 50:
            return 422, {}, {"message": "Only 50 annotations are allowed per request"}
        if len(output.get("summary") or "") > 65535:
            return 422, {}, {"message": "summary is too long"}
        for name in ("status", "conclusion"):
            if name in body:
                check[name] = body[name]
        if output:
            check["title"] = output.get("title")
            check["summary"] = output.get("summary")
        check["annotations"].extend(annotations)
        return 200, {}, self._check_json(check)
