"""A bounded load test on loopback: a few hundred signed deliveries for six pull
requests, sent concurrently; every delivery is accounted for (done, or superseded by
a newer one for the same pull request), none fails, and each pull request ends with
one comment and a completed check run for its latest head."""

from __future__ import annotations

import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.bot.conftest import BotServer, Origin, pull_request_event
from tests.bot.github_stub import GitHubStub

pytestmark = pytest.mark.git
DELIVERIES = 300
PULLS = 6
ENDS = ("job.done", "job.failed", "job.superseded", "job.dropped")


def test_burst_of_deliveries_loses_no_job(
    bot_server: BotServer, stub: GitHubStub, origin: Origin
) -> None:
    for index in range(PULLS):
        stub.open_pull(100 + index, origin.heads[f"load{index}"][-1])
    actions = ("opened", "synchronize", "edited", "labeled")

    def send(n: int) -> tuple[str, int]:
        event = pull_request_event(actions[n % len(actions)], 100 + n % PULLS)
        delivery, answer = bot_server.deliver("pull_request", event, delivery=f"load-{n}")
        return delivery, answer.status

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=8) as pool:
        sent = list(pool.map(send, range(DELIVERIES)))
    sending = time.monotonic() - started
    assert Counter(status for _, status in sent) == {202: DELIVERIES}

    def settled(logs: list[dict]) -> bool:
        return sum(1 for e in logs if e["event"] in ENDS) >= DELIVERIES

    bot_server.wait_for(settled, timeout=120)
    ends = [e for e in bot_server.logs() if e["event"] in ENDS]
    per_delivery = Counter(e["delivery"] for e in ends)
    assert set(per_delivery) == {d for d, _ in sent}
    assert set(per_delivery.values()) == {1}  # exactly one end each
    kinds = Counter(e["event"] for e in ends)
    assert kinds["job.failed"] == kinds["job.dropped"] == 0
    assert kinds["job.done"] >= PULLS  # the latest event of every pull request was reviewed
    health = bot_server.request("GET", "/healthz").body
    assert (health["waiting"], health["running"]) == (0, 0)
    for index in range(PULLS):
        number, head = 100 + index, origin.heads[f"load{index}"][-1]
        assert len(stub.comments_on(number)) == 1
        runs = sorted(stub.checks_for(head), key=lambda c: c["id"])
        assert runs[-1]["conclusion"] == "success"
        assert {r["conclusion"] for r in runs} <= {"success", "cancelled"}
    print(f"{DELIVERIES} deliveries sent in {sending:.2f} s; {dict(kinds)}")
