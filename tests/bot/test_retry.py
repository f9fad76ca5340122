"""How long to wait for GitHub, and giving up with one log line."""

from __future__ import annotations

import logging

import pytest
import requests
from github import GithubException

from bot.retry import RetryPolicy, call, delay, is_rate_limit

POLICY = RetryPolicy(attempts=4, base_delay=1.0, max_delay=30.0)


@pytest.mark.parametrize(
    ("attempt", "status", "headers", "expected"),
    [
        (1, 502, {}, 1.0),
        (2, 500, {}, 2.0),
        (3, None, {}, 4.0),  # connection failure
        (4, 500, {}, None),  # attempts used up
        (1, 404, {}, None),
        (1, 422, {}, None),
        (1, 403, {}, None),  # a permission problem, not a rate limit
        (1, 403, {"Retry-After": "7"}, 7.0),
        (1, 429, {"retry-after": "3"}, 3.0),
        (1, 403, {"Retry-After": "3600"}, 30.0),  # capped
        (1, 403, {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1010"}, 11.0),
        (1, 403, {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "900"}, 1.0),
    ],
)
def test_delay(attempt: int, status: int | None, headers: dict, expected: float | None) -> None:
    assert delay(POLICY, attempt, status, headers, now=1000.0) == expected


def test_rate_limit_signals() -> None:
    assert is_rate_limit(429, {})
    assert is_rate_limit(403, {"x-ratelimit-remaining": "0"})
    assert not is_rate_limit(403, {"X-RateLimit-Remaining": "12"})


def test_call_retries_then_gives_up_with_a_log_line(caplog: pytest.LogCaptureFixture) -> None:
    waits: list[float] = []
    answers = [
        GithubException(502, {"message": "Bad Gateway"}, {}),
        requests.ConnectionError("reset"),
        "ok",
    ]

    def flaky() -> str:
        answer = answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    assert call("get pull", flaky, POLICY, sleep=waits.append, clock=lambda: 0.0) == "ok"
    assert waits == [1.0, 2.0]

    def down() -> str:
        raise GithubException(503, {"message": "Service Unavailable"}, {"Retry-After": "2"})

    caplog.set_level(logging.INFO, logger="liftdiff.bot")
    waits.clear()
    with pytest.raises(GithubException):
        call("add comment", down, POLICY, sleep=waits.append, clock=lambda: 0.0)
    assert waits == [2.0, 2.0, 4.0]
    (failed,) = [r for r in caplog.records if r.getMessage() == "github.failed"]
    assert failed.fields == {  # type: ignore[attr-defined]
        "call": "add comment",
        "status": 503,
        "attempts": 4,
        "error": "HTTP 503: Service Unavailable",
    }

    def forbidden() -> str:
        raise GithubException(403, {"message": "Resource not accessible by integration"}, {})

    waits.clear()
    with pytest.raises(GithubException):
        call("add comment", forbidden, POLICY, sleep=waits.append)
    assert waits == []
