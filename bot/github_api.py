"""The PyGithub calls, and nothing else: read a pull request, write the comment and the
check run. Every call goes through `bot.retry`; PyGithub's own retry is off so
that one policy (bounded waits, one log line) holds everywhere.

As an App: a JWT signed with the private key buys an installation token
(`Auth.AppAuth` -> `AppInstallationAuth`), which PyGithub renews shortly before
it expires; clients are kept per installation. In the Action: the job's token.
`base_url` serves GitHub Enterprise (and the tests' stub).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from github import Auth, Github, GithubIntegration
from github.CheckRun import CheckRun
from github.PullRequest import PullRequest as GhPullRequest
from github.Repository import Repository

from bot import retry
from bot.config import AppSettings, Tuning
from bot.conversation import CHECK_NAME, MARKER, CheckOutcome, Conclusion, batches
from bot.model import PullRequest

T = TypeVar("T")
COMMIT_LIMIT = 250
"""GitHub lists at most 250 commits of a pull request."""


def _options(api_url: str, tuning: Tuning) -> dict[str, Any]:
    return {
        "base_url": api_url.rstrip("/"),
        "retry": None,
        "seconds_between_requests": None,
        "seconds_between_writes": tuning.write_interval or None,
        "timeout": 30,
    }


class GitHubClient:
    def __init__(self, gh: Github, tuning: Tuning) -> None:
        self._gh = gh
        self._tuning = tuning
        self._repos: dict[str, Repository] = {}
        self._lock = threading.Lock()

    def _call(self, what: str, action: Callable[[], T]) -> T:
        return retry.call(what, action, self._tuning.retry)

    def token(self) -> str:
        """A token good for cloning now (an installation token is renewed when due)."""
        auth = self._gh.requester.auth
        assert auth is not None
        return self._call("token", lambda: auth.token)

    def _repo(self, repository: str) -> Repository:
        with self._lock:
            found = self._repos.get(repository)
        if found is None:
            found = self._call("get repository", lambda: self._gh.get_repo(repository))
            with self._lock:
                self._repos[repository] = found
        return found

    def _pull(self, pr: PullRequest) -> GhPullRequest:
        return self._call("get pull", lambda: self._repo(pr.repository).get_pull(pr.number))

    def pull_request(self, repository: str, number: int) -> PullRequest:
        """The pull request as it is now, with its merge base and commit messages."""
        repo = self._repo(repository)
        pull = self._call("get pull", lambda: repo.get_pull(number))
        base_sha, head_sha = pull.base.sha, pull.head.sha
        compare = self._call("compare", lambda: repo.compare(base_sha, head_sha))
        messages = self._call(
            "list commits",
            lambda: tuple(c.commit.message for c in pull.get_commits()[:COMMIT_LIMIT]),
        )
        base_repo = pull.base.repo
        return PullRequest(
            repository=repository,
            number=number,
            title=pull.title or "",
            body=pull.body or "",
            labels=tuple(label.name for label in pull.labels),
            base_sha=base_sha,
            head_sha=head_sha,
            merge_base=compare.merge_base_commit.sha,
            clone_url=base_repo.clone_url,
            web_url=base_repo.html_url,
            commit_messages=messages,
            changed_files=pull.changed_files,
            changed_lines=pull.additions + pull.deletions,
        )

    def start_check(self, pr: PullRequest) -> CheckRun:
        repo = self._repo(pr.repository)
        return self._call(
            "create check run",
            lambda: repo.create_check_run(
                name=CHECK_NAME, head_sha=pr.head_sha, status="in_progress"
            ),
        )

    def finish_check(self, run: CheckRun, outcome: CheckOutcome) -> None:
        """Complete the run; annotations go 50 per request, the run updated each time."""
        for index, batch in enumerate(batches(outcome.annotations)):
            output = {
                "title": outcome.title,
                "summary": outcome.summary,
                "annotations": [a.to_github() for a in batch],
            }
            if index == 0:
                self._call(
                    "complete check run",
                    functools.partial(
                        run.edit,
                        status="completed",
                        conclusion=outcome.conclusion.value,
                        output=output,
                    ),
                )
            else:
                self._call(
                    "annotate check run",
                    functools.partial(run.edit, output=output),
                )

    def cancel_check(self, run: CheckRun, why: str) -> None:
        self._call(
            "cancel check run",
            lambda: run.edit(
                status="completed",
                conclusion=Conclusion.CANCELLED.value,
                output={"title": "superseded", "summary": why},
            ),
        )

    def publish_comment(self, pr: PullRequest, body: str) -> bool:
        """Edit the bot's comment (found by its marker) or add it; True if added."""
        pull = self._pull(pr)

        def ours() -> Any:
            for item in pull.get_issue_comments():
                if (item.body or "").startswith(MARKER):
                    return item
            return None

        existing = self._call("list comments", ours)
        if existing is not None:
            self._call("edit comment", lambda: existing.edit(body))
            return False
        self._call("add comment", lambda: pull.create_issue_comment(body))
        return True


class AppClients:
    """A client per installation, made on first use and kept (its token renews itself)."""

    def __init__(self, settings: AppSettings) -> None:
        self._settings = settings
        options = _options(settings.api_url, settings.tuning)
        self._integration = GithubIntegration(
            auth=Auth.AppAuth(settings.app_id, settings.private_key), **options
        )
        self._clients: dict[int, GitHubClient] = {}
        self._lock = threading.Lock()

    def for_installation(self, installation: int) -> GitHubClient:
        with self._lock:
            client = self._clients.get(installation)
            if client is None:
                gh = self._integration.get_github_for_installation(installation)
                client = GitHubClient(gh, self._settings.tuning)
                self._clients[installation] = client
            return client


def token_client(token: str, api_url: str, tuning: Tuning) -> GitHubClient:
    """The Action's client: the workflow's GITHUB_TOKEN."""
    return GitHubClient(Github(auth=Auth.Token(token), **_options(api_url, tuning)), tuning)
