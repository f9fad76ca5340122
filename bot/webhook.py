"""Webhook deliveries, sans I/O: signature, event, route.

`verify` checks `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the
shared secret, compared in constant time); `parse` turns headers and body into
an `Event`; `route` maps (event, action) to what the bot does about it. Each
refusal is a `Rejected` with the HTTP status the server answers; the server,
the Action and the tests share these functions.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.conversation import CHECK_NAME

SIGNATURE_HEADER = "X-Hub-Signature-256"


class Rejected(Exception):
    """A delivery the server refuses, with the status it answers."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


def signature(secret: bytes, body: bytes) -> str:
    return "sha256=" + hmac.new(secret, body, hashlib.sha256).hexdigest()


def verify(secret: bytes, body: bytes, header: str | None) -> None:
    """Raise Rejected(401) unless `header` is the body's signature under `secret`."""
    if not header:
        raise Rejected(401, f"missing {SIGNATURE_HEADER}")
    if not hmac.compare_digest(signature(secret, body).encode(), header.strip().encode()):
        raise Rejected(401, f"{SIGNATURE_HEADER} does not match the body")


@dataclass(frozen=True)
class Event:
    """A parsed delivery: GitHub's event name, its action, and the JSON payload."""

    name: str
    action: str | None
    delivery: str
    data: Mapping[str, Any]


def _header(headers: Mapping[str, str], name: str) -> str | None:
    wanted = name.lower()
    return next((v for k, v in headers.items() if k.lower() == wanted), None)


def parse(headers: Mapping[str, str], body: bytes) -> Event:
    name = _header(headers, "X-GitHub-Event")
    if not name:
        raise Rejected(400, "missing X-GitHub-Event")
    try:
        data = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise Rejected(400, f"body is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise Rejected(400, "body is not a JSON object")
    action = data.get("action")
    return Event(
        name=name,
        action=action if isinstance(action, str) else None,
        delivery=_header(headers, "X-GitHub-Delivery") or "-",
        data=data,
    )


@dataclass(frozen=True)
class ReviewRequest:
    """Review pull request `number` of `repository` (owner/name) as it is now."""

    repository: str
    number: int
    installation: int | None
    reason: str
    """event.action, for the logs."""
    delivery: str

    @property
    def key(self) -> tuple[str, int]:
        """One job per pull request: a newer request replaces an older one."""
        return (self.repository, self.number)


def _field(data: Mapping[str, Any], *path: str) -> Any:
    value: Any = data
    for step in path:
        if not isinstance(value, Mapping) or step not in value:
            raise Rejected(400, f"payload has no {'.'.join(path)}")
        value = value[step]
    return value


def _int(data: Mapping[str, Any], *path: str) -> int:
    value = _field(data, *path)
    if isinstance(value, bool) or not isinstance(value, int):
        raise Rejected(400, f"payload field {'.'.join(path)} is not an integer")
    return value


def _request(event: Event, number: int) -> ReviewRequest:
    repository = _field(event.data, "repository", "full_name")
    if not isinstance(repository, str) or repository.count("/") != 1:
        raise Rejected(400, "payload field repository.full_name is not owner/name")
    installation = event.data.get("installation")
    installation_id = installation.get("id") if isinstance(installation, Mapping) else None
    return ReviewRequest(
        repository=repository,
        number=number,
        installation=installation_id if isinstance(installation_id, int) else None,
        reason=f"{event.name}.{event.action}",
        delivery=event.delivery,
    )


def _pull_request(event: Event) -> ReviewRequest:
    return _request(event, _int(event.data, "pull_request", "number"))


def _check_run(event: Event) -> ReviewRequest | None:
    if _field(event.data, "check_run", "name") != CHECK_NAME:
        return None  # another tool's check
    pulls = _field(event.data, "check_run", "pull_requests")
    if not isinstance(pulls, list) or not pulls or not isinstance(pulls[0], Mapping):
        return None  # not attached to a pull request of this repository
    return _request(event, _int(pulls[0], "number"))


Handler = Callable[[Event], "ReviewRequest | None"]
PULL_REQUEST_ACTIONS = ("opened", "synchronize", "reopened", "edited", "labeled", "unlabeled")
ROUTES: Mapping[tuple[str, str], Handler] = {
    **{("pull_request", action): _pull_request for action in PULL_REQUEST_ACTIONS},
    ("check_run", "rerequested"): _check_run,
}


def route(event: Event) -> ReviewRequest | None:
    """What to do: review a pull request, or nothing (event ignored, answered 2xx)."""
    handler = ROUTES.get((event.name, event.action or ""))
    return handler(event) if handler else None
