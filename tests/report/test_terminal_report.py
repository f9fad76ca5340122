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
