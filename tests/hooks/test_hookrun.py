"""Hook policy: what blocks, what warns, trailers, skip, fail-open messages."""

from __future__ import annotations

import pytest

from checker.frontend.changes import ChangeKind, FunctionChange
from checker.location import Location
from checker.types import Verdict
from hooks.acknowledge import Acknowledgement
from hooks.config import Policy
from hooks.failsafe import skip_requested
from hooks.hookrun import Stage, decide
from hooks.runner import Outcome, Source
from tests import result_of


def outcome(name: str, verdict: Verdict, reason: str | None = None) -> Outcome:
    where = Location("src/a.c", 3)
    change = FunctionChange(ChangeKind.MODIFIED, name, where, where)
    return Outcome(change, result_of(name, verdict, where, reason), Source.ENGINE)


@pytest.mark.parametrize(("value", "skip"), [("1", True), ("yes", True), ("0", False), ("", False)])
def test_skip_variable(value: str, skip: bool) -> None:
    assert skip_requested({"LIFTDIFF_SKIP": value}) is skip
    assert skip_requested({}) is False


def test_neq_blocks_with_summary_and_how_to_proceed() -> None:
    decision = decide(
        [outcome("f", Verdict.NOT_EQUIVALENT), outcome("g", Verdict.EQUIVALENT)],
        Policy(),
        Stage.COMMIT_MSG,
    )
    assert decision.exit_code == 1
    assert decision.message == (
        "liftdiff: commit blocked: 1 changed function(s) behave differently:\n"
        "  ✗ f (src/a.c:3) NOT_EQUIVALENT\n"
        "      in configurations 1 for inputs x == 1\n"
        "      e.g. with (single product) and inputs x = 1: old gives return = 0, "
        "new gives return = 1\n"
        "If this behaviour change is intended, add this trailer to the commit message:\n"
        "    Behavior-Change: f <why>\n"
        "or commit with LIFTDIFF_SKIP=1.\n"
    )


def test_pre_commit_stage_points_to_skip_and_commit_msg_hook() -> None:
    decision = decide([outcome("f", Verdict.NOT_EQUIVALENT)], Policy(), Stage.PRE_COMMIT)
    assert decision.exit_code == 1
    assert decision.message.splitlines()[-1] == (
        "If this behaviour change is intended, commit with LIFTDIFF_SKIP=1 (or use the "
        "commit-msg hook, which accepts a 'Behavior-Change: f <why>' trailer)."
    )


def test_trailer_lets_an_intended_change_through() -> None:
    decision = decide(
        [outcome("f", Verdict.NOT_EQUIVALENT)],
        Policy(),
        Stage.COMMIT_MSG,
        Acknowledgement(frozenset({"f"})),
    )
    assert decision.exit_code == 0
    assert decision.message == (
        "liftdiff: intended behaviour change (Behavior-Change trailer):\n"
        "  ✗ f (src/a.c:3) NOT_EQUIVALENT\n"
        "      in configurations 1 for inputs x == 1\n"
        "      e.g. with (single product) and inputs x = 1: old gives return = 0, "
        "new gives return = 1\n"
    )


def test_unknown_warns_and_errors_fail_open_by_default() -> None:
    decision = decide(
        [
            outcome("u", Verdict.UNKNOWN, "timeout"),
            outcome("e", Verdict.ERROR, "internal error: x"),
        ],
        Policy(),
        Stage.PRE_COMMIT,
    )
    assert decision.exit_code == 0
    assert decision.message == (
        "liftdiff: warning, not blocking:\n"
        "  ? u (src/a.c:3) UNKNOWN: timeout\n"
        'liftdiff: internal error(s), not blocking (fail-open; add "ERROR" to [policy] block '
        "in .liftdiff.toml to block):\n"
        "  E e (src/a.c:3) ERROR: internal error: x\n"
    )


def test_configured_policy_blocks_unknown() -> None:
    policy = Policy(block=frozenset({Verdict.NOT_EQUIVALENT, Verdict.UNKNOWN}))
    decision = decide([outcome("u", Verdict.UNKNOWN, "timeout")], policy, Stage.PRE_COMMIT)
    assert decision.exit_code == 1
    assert decision.message.startswith(
        "liftdiff: commit blocked: 1 changed function(s) did not pass the policy:\n"
    )


def test_nothing_to_say_when_all_equivalent() -> None:
    decision = decide([outcome("g", Verdict.EQUIVALENT)], Policy(), Stage.PRE_COMMIT)
    assert (decision.exit_code, decision.message) == (0, "")
