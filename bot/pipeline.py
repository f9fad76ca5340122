"""One pull request from start to finish: read it, mark the check in progress, review
the net change, then write the comment and complete the check run.

The App and the Action differ only in how the review is made (`Analyse`): the
App in a child process on a shallow clone, interpreter-only; the Action in the
workflow's own checkout. A cancelled job (a newer push) marks its check run
cancelled; a review that cannot be made is reported on the PR as not checked.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.conversation import CheckOutcome, check_outcome, comment
from bot.github_api import GitHubClient
from bot.logs import log
from bot.model import BotError, PullRequest, Review
from bot.review import Limits, size_problem
from bot.webhook import ReviewRequest
from bot.worker import TOKEN_VARIABLE, Job
from checker.errors import LiftdiffError

Analyse = Callable[[PullRequest, GitHubClient, threading.Event], Review]
CHILD_GRACE = 120.0
"""Seconds past clone and engine limits before a child is killed as hung."""
POLL = 0.1


class Cancelled(Exception):
    """The job was superseded (or the server is stopping) before it finished."""


@dataclass(frozen=True)
class Handled:
    pr: PullRequest
    review: Review
    outcome: CheckOutcome
    comment_added: bool


def handle(
    request: ReviewRequest,
    client: GitHubClient,
    limits: Limits,
    analyse: Analyse,
    cancel: threading.Event,
) -> Handled:
    pr = client.pull_request(request.repository, request.number)
    run = client.start_check(pr)
    try:
        problem = size_problem(pr, limits)
        if problem:
            review = Review(base=pr.merge_base, head=pr.head_sha, skipped=problem)
        else:
            review = analyse(pr, client, cancel)
    except Cancelled:
        client.cancel_check(run, "Superseded by a newer event for this pull request.")
        raise
    except LiftdiffError as exc:
        log("review.failed", repository=pr.repository, number=pr.number, error=str(exc))
        review = Review(base=pr.merge_base, head=pr.head_sha, skipped=f"review failed: {exc}")
    if cancel.is_set():
        client.cancel_check(run, "Superseded by a newer event for this pull request.")
        raise Cancelled()
    added = client.publish_comment(pr, comment(review, pr))
    outcome = check_outcome(review, pr)
    client.finish_check(run, outcome)
    return Handled(pr, review, outcome, added)


def analyse_in_child(limits: Limits) -> Analyse:
    """The App's review: `python -m bot.worker` on a shallow temporary clone."""

    def analyse(pr: PullRequest, client: GitHubClient, cancel: threading.Event) -> Review:
        workdir = tempfile.mkdtemp(prefix="liftdiff-pr-")
        try:
            job = Job(pr.clone_url, pr.merge_base, pr.head_sha, workdir, limits)
            env = dict(os.environ, PYTHONHASHSEED="0")
            env[TOKEN_VARIABLE] = client.token()
            deadline = limits.clone_timeout + limits.time_budget + CHILD_GRACE
            output = _run_child(job.to_json(), env, workdir, cancel, deadline)
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
        try:
            data = json.loads(output)
        except json.JSONDecodeError:
            raise BotError("the analysis process gave no result") from None
        if "error" in data:
            raise BotError(str(data["error"]))
        return Review.from_dict(data)

    return analyse


def _kill(process: subprocess.Popen[str]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.communicate()


def _run_child(
    job: str, env: dict[str, str], cwd: str, cancel: threading.Event, limit: float
) -> str:
    process = subprocess.Popen(
        [sys.executable, "-m", "bot.worker"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=cwd,
        text=True,
        start_new_session=True,  # its own process group: git and checkers die with it
    )
    started = time.monotonic()
    payload: str | None = job
    while True:
        try:
            out, err = process.communicate(payload, timeout=POLL)
            break
        except subprocess.TimeoutExpired:
            payload = None
        if cancel.is_set():
            _kill(process)
            raise Cancelled()
        if time.monotonic() - started > limit:
            _kill(process)
            raise BotError(f"the analysis took longer than {limit:.0f} s and was stopped")
    if process.returncode != 0:
        last = (err or "").strip().splitlines()[-1:] or [f"exit status {process.returncode}"]
        raise BotError(f"the analysis process failed: {last[0]}")
    return out
