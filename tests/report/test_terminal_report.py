"""The terminal table: what each row says about its verdict."""

from __future__ import annotations

from checker.location import Location
from checker.report.terminal_report import render
from checker.types import PARTIAL_EQUIVALENCE, FunctionResult, Report, Verdict


def test_partial_equivalence_is_said_in_the_row() -> None:
    partial = FunctionResult("loop", None, Location("l.c", 2), Verdict.EQUIVALENT,
                             assumptions=(PARTIAL_EQUIVALENCE,))
    complete = FunctionResult("flat", None, Location("l.c", 9), Verdict.EQUIVALENT)
    rows = {line.split()[1]: line for line in render(Report((partial, complete))).splitlines()
            if line.startswith("│")}
    assert "partial: both versions terminate" in rows["loop"]
    assert "partial" not in rows["flat"]


def test_what_a_proof_assumes_is_said_in_the_row() -> None:
    """The table says an EQUIVALENT rests on an assumption (aliasing, effective
    types), as the PR text does, not only the JSON."""
    assumed = FunctionResult("add", None, Location("a.c", 3), Verdict.EQUIVALENT,
                             assumptions=("pointer inputs do not point to the globals g",))
    complete = FunctionResult("flat", None, Location("a.c", 9), Verdict.EQUIVALENT)
    text = render(Report((assumed, complete)), width=200)
    rows = {line.split()[1]: line for line in text.splitlines() if line.startswith("│")}
    assert "assuming pointer inputs do not point to the globals g" in rows["add"]
    assert "assuming" not in rows["flat"]
