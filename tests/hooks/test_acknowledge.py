"""The one rule for intended behaviour changes: trailers, labels, and what they unblock;
and `commit`/`range` honouring a commit's own trailer."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from checker.location import Location
from checker.types import FunctionResult, Verdict
from hooks.acknowledge import (
    NOTHING,
    Acknowledgement,
    from_labels,
    from_message,
    judge,
    spellings,
)
from hooks.cli import main
from tests import result_of
from tests.hooks.productline import (
    STEPS,
    CannedChecker,
    apply_step,
    build_history,
    canned_answers,
    git,
)


def result(name: str, verdict: Verdict) -> FunctionResult:
    return result_of(name, verdict, Location("a.c", 1))


def test_trailer_names_functions_with_free_text() -> None:
    message = (
        "scale: offset first\n\nBody text.\n\n"
        "Behavior-Change: pl_scale, pl_clamp - now applies the offset first\n"
        "# Behavior-Change: ignored_comment\n"
        "behavior-change:other\n"
    )
    assert from_message(message).functions == {
        "pl_scale",
        "pl_clamp",
        "now",
        "applies",
        "the",
        "offset",
        "first",
        "other",
    }
    assert from_message("no trailer here\n") == NOTHING
    assert not from_message("Behavior-Changes: f\nX-Behavior-Change: g\n")


def test_both_spellings_of_behaviour_are_one_trailer() -> None:
    assert from_message("Behaviour-Change: f\nBEHAVIOR-CHANGE: g\n").functions == {"f", "g"}
    assert spellings("Behavior-Change") == ("Behavior-Change", "behaviour-change")
    assert spellings("Behaviour-Change") == ("Behaviour-Change", "behavior-change")
    assert spellings("Intended-Change") == ("Intended-Change",)
    assert from_message(
        "Intended-Change: f\nBehavior-Change: g\n", "Intended-Change"
    ).functions == {"f"}


def test_labels_acknowledge_everything_or_the_named_functions() -> None:
    assert from_labels(["bug", "behavior-change"]).every_function
    assert from_labels(["Behaviour-Change"]).covers("anything")
    named = from_labels(["behavior-change: scale clamp"])
    assert (named.every_function, named.functions) == (False, {"scale", "clamp"})
    assert from_labels(["behavior-changes", "bug"]) == NOTHING


def test_judge_splits_blocking_acknowledged_and_undecided() -> None:
    results = [
        result("f", Verdict.NOT_EQUIVALENT),
        result("g", Verdict.NOT_EQUIVALENT),
        result("u", Verdict.UNKNOWN),
        result("e", Verdict.EQUIVALENT),
    ]
    block = frozenset({Verdict.NOT_EQUIVALENT})
    judgement = judge(results, block, Acknowledgement(frozenset({"f"})), lambda r: r)
    assert [r.function for r in judgement.blocking] == ["g"]
    assert [r.function for r in judgement.acknowledged] == ["f"]
    assert [r.function for r in judgement.undecided] == ["u"]
    assert judgement.verdict is Verdict.NOT_EQUIVALENT
    everything = judge(results, block, Acknowledgement(every_function=True), lambda r: r)
    assert (everything.blocking, everything.verdict) == ((), Verdict.UNKNOWN)
    assert judge(results[:1], block, from_message("Behavior-Change: f"), lambda r: r).verdict is (
        Verdict.EQUIVALENT
    )
    strict = judge(results[2:], block | {Verdict.UNKNOWN}, NOTHING, lambda r: r)
    assert [r.function for r in strict.blocking] == ["u"]


@pytest.mark.git
@pytest.mark.parametrize("trailer", ["Behavior-Change", "Behaviour-Change"])
def test_commit_and_range_honour_the_commits_trailer(tmp_path: Path, trailer: str) -> None:
    repo = tmp_path / "repo"
    build_history(repo, upto=2)
    apply_step(repo, STEPS[2])  # the behaviour change of pl_scale
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--no-verify", "-m", f"scale: offset first\n\n{trailer}: pl_scale")
    for argv in (["commit", "HEAD"], ["range", "HEAD~1..HEAD"]):
        out, err = io.StringIO(), io.StringIO()
        code = main(
            [*argv, "-C", str(repo), "--no-cache"],
            check=CannedChecker(canned_answers()),
            env={},
            out=out,
            err=err,
        )
        assert "pl_scale" in out.getvalue() and "NOT_EQUIVALENT" in out.getvalue()
        assert code == 0, err.getvalue()
        assert err.getvalue().splitlines()[-1].startswith(
            "liftdiff: pl_scale: behaviour change intended (Behavior-Change trailer of "
        )
