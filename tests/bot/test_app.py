"""The App end to end: the real server (uvicorn on loopback, `python -m bot.cli bot
serve`) gets real signed deliveries; the GitHub stub answers its REST calls from a
local bare repository and records what the bot did to the pull request."""

from __future__ import annotations

import re
import signal
from collections import Counter
from pathlib import Path

import pytest

from bot.webhook import signature
from tests.bot.conftest import (
    INSTALLATION,
    REPOSITORY,
    SECRET,
    BotServer,
    Keys,
    Origin,
    pull_request_event,
    start_server,
)
from tests.bot.github_stub import GitHubStub

pytestmark = pytest.mark.git


def check_runs(stub: GitHubStub, head: str) -> list[dict]:
    return sorted(stub.checks_for(head), key=lambda c: c["id"])


def test_opened_then_pushed_edits_the_one_comment(
    bot_server: BotServer, stub: GitHubStub, origin: Origin, keys: Keys
) -> None:
    first, second = origin.heads["neq2"]
    stub.open_pull(1, first, body="Rework the sensor maths.")
    delivery, answer = bot_server.deliver("pull_request", pull_request_event("opened", 1))
    assert (answer.status, answer.body["as"]) == (202, "queued")
    assert bot_server.wait_end(delivery)["event"] == "job.done"

    (comment,) = stub.comments_on(1)
    body = comment["body"]
    assert body.startswith(
        "<!-- liftdiff:pr-comment -->\n### ❌ liftdiff: 1 behaviour change (scale)"
    )
    link = f"https://github.example/{REPOSITORY}/blob/{first}/src/sensor.c#L19"
    assert f"[`scale`]({link}) | **NOT EQUIVALENT** | `CONFIG_OFFSET && CONFIG_SATURATE` |" in body
    assert "`raw = -1717985729` | `return = 1000` | `return = 1008` |" in body
    assert "replayed by liftdiff's interpreter only" in body
    (run,) = check_runs(stub, first)
    assert (run["status"], run["conclusion"]) == ("completed", "failure")
    (annotation,) = run["annotations"]
    assert (annotation["path"], annotation["start_line"], annotation["annotation_level"]) == (
        "src/sensor.c",
        19,
        "failure",
    )
    assert "raw = -1717985729" in annotation["message"]

    # the app authenticated with a JWT signed by its key (the stub verified it) and
    # renewed the installation token before it expired (tokens here live 15 s, PyGithub
    # renews 20 s ahead): more than one token, never a refused call
    assert len(stub.calls("POST", r"/app/installations/77/access_tokens")) > 1
    assert not [r for r in stub.requests if r.status == 401]

    stub.open_pull(1, second, body="Rework the sensor maths.")
    delivery, answer = bot_server.deliver("pull_request", pull_request_event("synchronize", 1))
    assert bot_server.wait_end(delivery)["event"] == "job.done"
    assert len(stub.calls("POST", r"/issues/1/comments$")) == 1
    assert len(stub.calls("PATCH", r"/issues/comments/\d+$")) == 1
    (edited,) = stub.comments_on(1)
    assert edited["id"] == comment["id"] and f"/blob/{second}/src/sensor.c#L19" in edited["body"]
    assert check_runs(stub, second)[-1]["conclusion"] == "failure"


def test_equivalent_refactor_succeeds_and_rerequest_reruns(
    bot_server: BotServer, stub: GitHubStub, origin: Origin
) -> None:
    (head,) = origin.heads["refactor"]
    stub.open_pull(2, head)
    delivery, _ = bot_server.deliver("pull_request", pull_request_event("opened", 2))
    bot_server.wait_end(delivery)
    (run,) = check_runs(stub, head)
    assert (run["conclusion"], run["annotations"]) == ("success", [])
    assert run["title"] == "2 equivalent"  # the changed clamp, and its caller (context)
    (comment,) = stub.comments_on(2)
    assert "### ✅ liftdiff: 2 equivalent" in comment["body"]
    assert "partial equivalence" in comment["body"]

    rerun = {
        "action": "rerequested",
        "check_run": {"name": "liftdiff", "head_sha": head, "pull_requests": [{"number": 2}]},
        "repository": {"full_name": REPOSITORY},
        "installation": {"id": INSTALLATION},
    }
    delivery, answer = bot_server.deliver("check_run", rerun)
    assert answer.status == 202
    bot_server.wait_end(delivery)
    assert [r["conclusion"] for r in check_runs(stub, head)] == ["success", "success"]
    assert len(stub.comments_on(2)) == 1


@pytest.mark.parametrize(
    ("number", "branch", "fields"),
    [
        (3, "neq", {"body": "Saturate first.\n\nBehavior-Change: scale saturate first"}),
        (4, "neq", {"labels": ["behavior-change"]}),
        (5, "trailer", {}),  # Behaviour-Change in a commit message of the PR
    ],
    ids=["description-trailer", "label", "commit-trailer"],
)
def test_acknowledged_change_succeeds(
    bot_server: BotServer,
    stub: GitHubStub,
    origin: Origin,
    number: int,
    branch: str,
    fields: dict,
) -> None:
    head = origin.heads[branch][-1]
    stub.open_pull(number, head, **fields)
    delivery, _ = bot_server.deliver("pull_request", pull_request_event("edited", number))
    bot_server.wait_end(delivery)
    (run,) = check_runs(stub, head)[-1:]
    assert run["conclusion"] == "success"
    assert [a["annotation_level"] for a in run["annotations"]] == ["notice"]
    (comment,) = stub.comments_on(number)
    assert "| ☑️ | [`scale`]" in comment["body"] and "NOT EQUIVALENT** (intended)" in comment["body"]


def test_hostile_deliveries_are_refused_and_the_server_keeps_serving(
    bot_server: BotServer,
) -> None:
    event = pull_request_event("opened", 99)
    assert bot_server.deliver("pull_request", event, secret=None)[1].status == 401
    assert bot_server.deliver("pull_request", event, secret="not-the-secret")[1].status == 401
    body = b"{not json"
    headers = {
        "X-GitHub-Event": "pull_request",
        "X-Hub-Signature-256": signature(SECRET.encode(), body),
    }
    assert bot_server.request("POST", "/webhook", body, headers).status == 400
    ignored = bot_server.deliver("issues", {"action": "opened", "issue": {"number": 1}})[1]
    assert (ignored.status, ignored.body) == (200, {"ignored": "issues.opened"})
    closed = bot_server.deliver("pull_request", pull_request_event("closed", 99))[1]
    assert closed.status == 200
    huge = b"{" + b" " * (300 * 1024) + b"}"
    assert bot_server.request("POST", "/webhook", huge, {"X-GitHub-Event": "ping"}).status == 413
    chunked = bot_server.request("POST", "/webhook", huge, {"X-GitHub-Event": "ping"}, chunked=True)
    assert chunked.status == 413  # no Content-Length: cut off while reading
    health = bot_server.request("GET", "/healthz")
    assert health.status == 200 and health.body["status"] == "ok"
    rejected = [e["status"] for e in bot_server.logs() if e["event"] == "webhook.rejected"]
    assert Counter(rejected) == {401: 2, 400: 1, 413: 2}


@pytest.mark.parametrize(
    ("number", "branch", "reason"),
    [
        (6, "big", r"3000 changed lines is more than this installation checks \(2000\)"),
        (7, "many", r"6 changed functions is more than this installation checks \(5\)"),
    ],
    ids=["lines", "functions"],
)
def test_huge_diff_is_skipped_not_crashed(
    bot_server: BotServer, stub: GitHubStub, origin: Origin, number: int, branch: str, reason: str
) -> None:
    (head,) = origin.heads[branch]
    stub.open_pull(number, head)
    delivery, _ = bot_server.deliver("pull_request", pull_request_event("opened", number))
    assert bot_server.wait_end(delivery)["event"] == "job.done"
    (run,) = check_runs(stub, head)
    assert run["conclusion"] == "neutral"
    assert re.fullmatch(f"not checked: {reason}", run["title"])
    (comment,) = stub.comments_on(number)
    assert "### ⏭️ liftdiff: not checked: " in comment["body"]


def test_api_errors_and_rate_limits_are_retried_then_logged(
    bot_server: BotServer, stub: GitHubStub, origin: Origin
) -> None:
    (head,) = origin.heads["refactor"]
    stub.open_pull(8, head)
    stub.fail("POST", r"/check-runs$", 502, times=1)
    stub.fail(
        "GET",
        r"/pulls/8/commits$",
        403,
        times=1,
        headers={"Retry-After": "1"},
        message="You have exceeded a secondary rate limit",
    )
    stub.fail(
        "POST",
        r"/issues/8/comments$",
        403,
        times=1,
        headers={"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "0"},
        message="API rate limit exceeded",
    )
    delivery, _ = bot_server.deliver("pull_request", pull_request_event("opened", 8))
    assert bot_server.wait_end(delivery)["event"] == "job.done"
    retries = [e for e in bot_server.logs() if e["event"] == "github.retry"]
    assert {(e["call"], e["status"]) for e in retries} >= {
        ("create check run", 502),
        ("list commits", 403),
        ("add comment", 403),
    }
    assert next(e for e in retries if e["call"] == "list commits")["wait"] == 1.0  # Retry-After
    assert check_runs(stub, head)[-1]["conclusion"] == "success"

    stub.open_pull(9, head)
    stub.fail("GET", r"/pulls/9$", 500, times=10)
    delivery, _ = bot_server.deliver("pull_request", pull_request_event("opened", 9))
    end = bot_server.wait_end(delivery)
    assert end["event"] == "job.failed" and "500" in end["error"]
    (gave_up,) = [
        e for e in bot_server.logs() if e["event"] == "github.failed" and e["call"] == "get pull"
    ]
    assert (gave_up["status"], gave_up["attempts"]) == (500, 3)
    assert bot_server.request("GET", "/healthz").status == 200
    stub.faults.clear()
    delivery, _ = bot_server.deliver("pull_request", pull_request_event("reopened", 9))
    assert bot_server.wait_end(delivery)["event"] == "job.done"


def test_no_secret_in_the_logs(bot_server: BotServer, stub: GitHubStub, keys: Keys) -> None:
    text = bot_server.log_path.read_text()
    assert '"event": "job.done"' in text  # the other tests ran jobs through this server
    assert SECRET not in text
    assert not [line for line in keys.private_pem.splitlines()[1:-1] if line in text]
    assert len(stub.tokens) > 1 and not [token for token in stub.tokens if token in text]


def test_graceful_shutdown_accounts_for_every_job(
    tmp_path: Path, stub: GitHubStub, origin: Origin, keys: Keys
) -> None:
    server = start_server(tmp_path, stub, keys, {"LIFTDIFF_BOT_WORKERS": "1"})
    stub.open_pull(10, origin.heads["neq"][-1])
    stub.open_pull(11, origin.heads["refactor"][-1])
    first, _ = server.deliver("pull_request", pull_request_event("opened", 10))
    second, _ = server.deliver("pull_request", pull_request_event("opened", 11))
    server.wait_for(lambda logs: any(e["event"] == "webhook.accepted" for e in logs))
    # uvicorn re-raises the SIGTERM it handled once the shutdown is complete
    assert server.stop() in (0, -signal.SIGTERM)
    ends = {e["delivery"]: e["event"] for e in server.logs() if e["event"].startswith("job.")}
    assert ends[second] == "job.dropped"  # waiting: dropped, a redelivery brings it back
    assert ends[first] in ("job.done", "job.dropped")  # running: drained or cancelled
    (closed,) = [e for e in server.logs() if e["event"] == "queue.closed"]
    assert (closed["waiting"], closed["running"], closed["failed"]) == (0, 0, 0)
    assert closed["done"] + closed["dropped"] == 2
    assert "server.stopped" in [e["event"] for e in server.logs()]
