"""`liftdiff bot action`: the GitHub Action's entry, on a `pull_request` event.

Reads the event (GITHUB_EVENT_PATH), reviews the pull request's net change in
the workflow's checkout (GITHUB_WORKSPACE, fetched with `fetch-depth: 0` so
the merge base is there), and writes what the App writes (the comment, the
check run) with the job's GITHUB_TOKEN, plus the job summary
(GITHUB_STEP_SUMMARY) and `::error file=…,line=…::` lines for the log. The
code is the repository's own CI's, so witnesses may also be replayed by gcc.
Exit status: 1 when the check fails, 0 otherwise, 2 on trouble.
"""

from __future__ import annotations

import json
import threading
from typing import TextIO

from github import GithubException

from bot.config import ActionSettings
from bot.conversation import Conclusion, report_markdown, workflow_commands, workflow_message
from bot.github_api import GitHubClient, token_client
from bot.model import BotError, PullRequest, Review
from bot.pipeline import Analyse, handle
from bot.review import Limits, review
from bot.webhook import Event, ReviewRequest, route
from hooks.gitrepo import GitError, Repo

EVENTS = ("pull_request", "pull_request_target")


def analyse_in_workspace(workspace: str, limits: Limits) -> Analyse:
    def analyse(pr: PullRequest, _: GitHubClient, __: threading.Event) -> Review:
        repo = Repo(workspace)
        for sha in (pr.merge_base, pr.head_sha):
            try:
                repo.resolve(sha)
            except GitError:
                raise BotError(
                    f"commit {sha[:10]} is not in the checkout {workspace}; check out with "
                    "`fetch-depth: 0` (actions/checkout) so that the merge base is there"
                ) from None
        return review(repo, pr.merge_base, pr.head_sha, limits, allow_compiler=True)

    return analyse


def _event(settings: ActionSettings) -> Event:
    try:
        with open(settings.event_path, encoding="utf-8") as handle_:
            data = json.load(handle_)
    except (OSError, json.JSONDecodeError) as exc:
        raise BotError(f"cannot read the event file {settings.event_path}: {exc}") from None
    if not isinstance(data, dict):
        raise BotError(f"the event file {settings.event_path} is not a JSON object")
    action = data.get("action")
    name = "pull_request" if settings.event_name in EVENTS else settings.event_name
    return Event(name, action if isinstance(action, str) else None, "action", data)


def run_action(settings: ActionSettings, out: TextIO, err: TextIO) -> int:
    event = _event(settings)
    request = route(event) if event.name == "pull_request" else None
    if request is None:
        err.write(
            f"liftdiff: nothing to do for a {settings.event_name} event "
            f"({event.action or 'no action'}); the action reviews pull requests\n"
        )
        return 0
    request = ReviewRequest(request.repository, request.number, None, request.reason, "action")
    limits = settings.tuning.limits
    client = token_client(settings.token, settings.api_url, settings.tuning)
    try:
        handled = handle(
            request,
            client,
            limits,
            analyse_in_workspace(settings.workspace, limits),
            threading.Event(),
        )
    except GithubException as exc:
        message = exc.data.get("message", "") if isinstance(exc.data, dict) else ""
        raise BotError(
            f"GitHub refused a request (HTTP {exc.status} {message}); the workflow needs "
            "`permissions: contents: read, pull-requests: write, checks: write`"
        ) from None
    if settings.step_summary:
        with open(settings.step_summary, "a", encoding="utf-8") as summary:
            summary.write(report_markdown(handled.review, handled.pr) + "\n")
    if handled.review.skipped:
        out.write(workflow_message("warning", f"liftdiff: not checked: {handled.review.skipped}"))
    for line in workflow_commands(handled.outcome.annotations):
        out.write(line + "\n")
    out.write(f"liftdiff: {handled.outcome.title} (check: {handled.outcome.conclusion})\n")
    return 1 if handled.outcome.conclusion is Conclusion.FAILURE else 0
