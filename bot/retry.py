"""Retrying GitHub's answers that say "later": server errors, rate limits, dropped
connections. How long to wait is a pure function of the answer (Retry-After,
X-RateLimit-Reset, or exponential backoff), capped so that a hostile or broken
answer cannot park a worker; after the last attempt the error goes up with a
clear log line, and the caller's job fails alone.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeVar

import requests
from github import GithubException

from bot.logs import log

T = TypeVar("T")


@dataclass(frozen=True)
class RetryPolicy:
    attempts: int = 5
    """Tries in all, the first included."""
    base_delay: float = 1.0
    """Backoff before the second try; doubled for each later one."""
    max_delay: float = 60.0
    """No single wait is longer, whatever the answer asks for."""


def _header(headers: Mapping[str, str], name: str) -> str | None:
    for key, value in headers.items():
        if key.lower() == name.lower():
            return value
    return None


def is_rate_limit(status: int, headers: Mapping[str, str]) -> bool:
    if status == 429:
        return True
    if status != 403:
        return False
    return (
        _header(headers, "Retry-After") is not None
        or _header(headers, "X-RateLimit-Remaining") == "0"
    )


def delay(
    policy: RetryPolicy, attempt: int, status: int | None, headers: Mapping[str, str], now: float
) -> float | None:
    """Seconds to wait before try `attempt + 1`, or None: give up (or not retryable).

    `status` None is a connection failure. `attempt` counts from 1.
    """
    if attempt >= policy.attempts:
        return None
    if status is not None and not (status >= 500 or is_rate_limit(status, headers)):
        return None
    backoff: float = policy.base_delay * 2 ** (attempt - 1)
    retry_after = _header(headers, "Retry-After")
    if retry_after is not None and retry_after.strip().isdigit():
        backoff = max(backoff, float(retry_after))
    elif status is not None and _header(headers, "X-RateLimit-Remaining") == "0":
        reset = _header(headers, "X-RateLimit-Reset")
        if reset is not None and reset.strip().isdigit():
            backoff = max(backoff, float(reset) - now + 1)
    return min(backoff, policy.max_delay)


def call(
    what: str,
    action: Callable[[], T],
    policy: RetryPolicy,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.time,
) -> T:
    """`action()`, retried as `delay` says; the last error is raised after a log line."""
    attempt = 1
    while True:
        try:
            return action()
        except GithubException as exc:
            status: int | None = exc.status
            headers: Mapping[str, str] = dict(exc.headers or {})
            error: Exception = exc
        except (requests.ConnectionError, requests.Timeout) as exc:
            status, headers, error = None, {}, exc
        wait = delay(policy, attempt, status, headers, clock())
        if wait is None:
            log(
                "github.failed",
                logging.ERROR,
                call=what,
                status=status,
                attempts=attempt,
                error=_describe(error),
            )
            raise error
        log("github.retry", logging.WARNING, call=what, status=status, attempt=attempt, wait=wait)
        sleep(wait)
        attempt += 1


def _describe(error: Exception) -> str:
    if isinstance(error, GithubException):
        data = error.data if isinstance(error.data, dict) else {}
        return f"HTTP {error.status}: {data.get('message', '')}".strip()
    return type(error).__name__
