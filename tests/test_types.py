"""The report values: a FunctionResult in a state no engine may report cannot be built."""

from __future__ import annotations

import pytest

from checker.location import Location
from checker.types import (
    PARTIAL_EQUIVALENCE,
    FunctionResult,
    NeqEntry,
    ReplayMethod,
    Verdict,
    Witness,
)

WHERE = Location("a.c", 1)
WITNESS = Witness({}, {"x": 1}, {"return": 0}, {"return": 1}, (ReplayMethod.INTERPRETER,))
ENTRY = NeqEntry("1", "x == 1", WITNESS)


def test_the_right_states_are_built() -> None:
    neq = FunctionResult("f", WHERE, WHERE, Verdict.NOT_EQUIVALENT, neq_summary=(ENTRY,))
    incomplete = FunctionResult("f", WHERE, WHERE, Verdict.NOT_EQUIVALENT, "others: timeout",
                                neq_summary=(ENTRY,))
    unknown = FunctionResult("f", WHERE, WHERE, Verdict.UNKNOWN, "no difference up to 8", 8)
    proved = FunctionResult("f", WHERE, WHERE, Verdict.EQUIVALENT,
                            assumptions=(PARTIAL_EQUIVALENCE,))
    assert neq.neq_summary and incomplete.reason and unknown.bound == 8
    assert proved.partial and not neq.partial


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"verdict": Verdict.NOT_EQUIVALENT}, ValueError),  # a difference without a summary
        ({"verdict": Verdict.EQUIVALENT, "neq_summary": (ENTRY,)}, ValueError),
        ({"verdict": Verdict.UNKNOWN, "neq_summary": (ENTRY,), "reason": "t"}, ValueError),
        ({"verdict": Verdict.UNKNOWN}, ValueError),  # undecided without a reason
        ({"verdict": Verdict.UNSUPPORTED, "reason": " "}, ValueError),
        ({"verdict": Verdict.ERROR}, ValueError),
        ({"verdict": Verdict.EQUIVALENT, "bound": 4}, ValueError),  # a bound on a proof
        ({"verdict": "EQUIVALENT"}, TypeError),
    ],
    ids=["neq-without-summary", "eq-with-summary", "unknown-with-summary",
         "unknown-without-reason", "unsupported-blank-reason", "error-without-reason",
         "eq-with-bound", "verdict-as-text"],
)
def test_wrong_states_are_refused(fields: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        FunctionResult("f", WHERE, WHERE, **fields)  # type: ignore[arg-type]


def test_a_witness_is_replayed_by_the_interpreter() -> None:
    with pytest.raises(ValueError):
        Witness({}, {"x": 1}, {"return": 0}, {"return": 1}, ())
    with pytest.raises(ValueError):
        Witness({}, {"x": 1}, {"return": 0}, {"return": 1}, (ReplayMethod.COMPILER,))
