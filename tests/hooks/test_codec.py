"""JSON round trips: results (inverse of the engine's renderer) and changes."""

from __future__ import annotations

import json

import pytest

from checker.errors import ConfigError
from checker.frontend.changes import ChangeKind, FunctionChange
from checker.location import Location
from checker.types import (
    FunctionResult,
    NeqEntry,
    ReplayMethod,
    Stats,
    Verdict,
    Witness,
)
from hooks.codec import change_from_dict, change_to_dict, result_from_dict, result_to_dict

FULL = FunctionResult(
    function="F",
    old=Location("a/old.c", 1),
    new=Location("a/new.c", 2),
    verdict=Verdict.NOT_EQUIVALENT,
    reason=None,
    features=("A", "B"),
    feature_model="!(A && B)",
    neq_summary=(
        NeqEntry(
            configurations="A",
            inputs="x == 1",
            witness=Witness(
                configuration={"A": 1, "B": 0},
                inputs={"x": 1, "d": "0x1.8p+0", "arr": [1, 2], "s": {"f": 3}},
                old_output={"return": 0},
                new_output={"return": 1},
                replayed_by=(ReplayMethod.INTERPRETER, ReplayMethod.COMPILER),
                stubs={"uf:abs": [[[-1], 1]]},
            ),
        ),
    ),
    stats=Stats(seconds=0.25, solver_calls=3),
    assumptions=("calls to abs are pure",),
)


@pytest.mark.parametrize(
    "result",
    [
        FULL,
        FunctionResult("g", None, Location("b.c", 9), Verdict.UNKNOWN, "timeout", bound=4),
        FunctionResult("h", Location("c.c", 1), None, Verdict.UNSUPPORTED, reason="asm"),
        FunctionResult(
            "k", Location("d.c", 2), Location("d.c", 3), Verdict.EQUIVALENT, renamed_from="j"
        ),
    ],
    ids=["neq-with-witness", "unknown-no-old", "unsupported-no-new", "renamed"],
)
def test_result_round_trips_through_json(result: FunctionResult) -> None:
    text = json.dumps(result_to_dict(result))
    assert result_from_dict(json.loads(text)) == result


def test_malformed_result_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="malformed stored result"):
        result_from_dict({"function": "f", "verdict": "MAYBE"})


def test_change_round_trip() -> None:
    change = FunctionChange(
        ChangeKind.RENAMED, "new", Location("a.c", 3), Location("a.c", 4), detail="old"
    )
    data = change_to_dict(change)
    assert data == {
        "function": "new",
        "kind": "renamed",
        "old": {"path": "a.c", "line": 3},
        "new": {"path": "a.c", "line": 4},
        "detail": "old",
    }
    assert change_from_dict(data) == change
