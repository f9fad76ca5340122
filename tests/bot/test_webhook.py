"""Webhook deliveries sans I/O: signatures, parsing, routing."""

from __future__ import annotations

import json

import pytest

from bot.webhook import Rejected, ReviewRequest, parse, route, signature, verify

SECRET = b"It's a Secret to Everybody"
BODY = b"Hello, World!"


def test_signature_is_githubs_hmac_sha256() -> None:
    # the example of GitHub's documentation on validating webhook deliveries
    assert signature(SECRET, BODY) == (
        "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"
    )
    verify(SECRET, BODY, signature(SECRET, BODY))


@pytest.mark.parametrize(
    ("header", "reason"),
    [
        (None, "missing X-Hub-Signature-256"),
        ("", "missing X-Hub-Signature-256"),
        ("sha256=" + "0" * 64, "X-Hub-Signature-256 does not match the body"),
        (signature(b"other", BODY), "X-Hub-Signature-256 does not match the body"),
        ("sha1=757107ea0eb2509fc211221cce984b8a37570b6d", "does not match"),
    ],
)
def test_unsigned_and_missigned_are_401(header: str | None, reason: str) -> None:
    with pytest.raises(Rejected) as caught:
        verify(SECRET, BODY, header)
    assert caught.value.status == 401 and reason in caught.value.reason
    with pytest.raises(Rejected):
        verify(SECRET, BODY + b" ", signature(SECRET, BODY))


def event(name: str, _: object) -> dict[str, str]:
    return {"X-GitHub-Event": name, "X-GitHub-Delivery": "d-1"}


def delivery(payload: dict) -> bytes:
    return json.dumps(payload).encode()


PULL = {
    "action": "synchronize",
    "pull_request": {"number": 12},
    "repository": {"full_name": "acme/sensors"},
    "installation": {"id": 5},
}


def test_pull_request_actions_become_review_requests() -> None:
    parsed = parse({"x-github-event": "pull_request", "X-GitHub-Delivery": "d-1"}, delivery(PULL))
    assert (parsed.name, parsed.action, parsed.delivery) == ("pull_request", "synchronize", "d-1")
    assert route(parsed) == ReviewRequest("acme/sensors", 12, 5, "pull_request.synchronize", "d-1")
    for action in ("opened", "reopened", "edited", "labeled", "unlabeled"):
        request = route(parse(event("pull_request", None), delivery({**PULL, "action": action})))
        assert request is not None and request.key == ("acme/sensors", 12)
    for action in ("closed", "assigned", "review_requested"):
        assert (
            route(parse(event("pull_request", None), delivery({**PULL, "action": action}))) is None
        )


def test_check_run_rerequest_of_our_check_only() -> None:
    payload = {
        "action": "rerequested",
        "check_run": {"name": "liftdiff", "pull_requests": [{"number": 3}]},
        "repository": {"full_name": "acme/sensors"},
        "installation": {"id": 5},
    }
    request = route(parse(event("check_run", None), delivery(payload)))
    assert request is not None and (request.number, request.reason) == (3, "check_run.rerequested")
    foreign = {**payload, "check_run": {"name": "ci", "pull_requests": [{"number": 3}]}}
    assert route(parse(event("check_run", None), delivery(foreign))) is None
    detached = {**payload, "check_run": {"name": "liftdiff", "pull_requests": []}}
    assert route(parse(event("check_run", None), delivery(detached))) is None


def test_unknown_events_are_ignored() -> None:
    assert (
        route(parse(event("ping", None), delivery({"zen": "Keep it logically awesome."}))) is None
    )
    assert route(parse(event("issues", None), delivery({"action": "opened"}))) is None


@pytest.mark.parametrize(
    ("headers", "body", "reason"),
    [
        ({"X-GitHub-Event": "pull_request"}, b"{not json", "body is not JSON"),
        ({"X-GitHub-Event": "pull_request"}, b"\xff\xfe", "body is not JSON"),
        ({"X-GitHub-Event": "pull_request"}, b"[1, 2]", "body is not a JSON object"),
        ({}, b"{}", "missing X-GitHub-Event"),
    ],
)
def test_malformed_deliveries_are_400(headers: dict, body: bytes, reason: str) -> None:
    with pytest.raises(Rejected) as caught:
        parse(headers, body)
    assert caught.value.status == 400 and caught.value.reason.startswith(reason)


@pytest.mark.parametrize(
    ("payload", "reason"),
    [
        ({"action": "opened", "repository": {"full_name": "a/b"}}, "payload has no pull_request"),
        ({**PULL, "pull_request": {"number": "12"}}, "pull_request.number is not an integer"),
        ({**PULL, "repository": {"full_name": "nobody"}}, "repository.full_name is not owner/name"),
    ],
)
def test_routed_events_missing_fields_are_400(payload: dict, reason: str) -> None:
    with pytest.raises(Rejected) as caught:
        route(parse(event("pull_request", None), delivery(payload)))
    assert caught.value.status == 400 and reason in caught.value.reason
