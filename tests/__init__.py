"""liftdiff's tests, laid out like the code: tests/<stage>/test_<module>.py.

Shared fixtures and markers are in conftest.py; the places tests read from are
named here, once.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from checker.location import Location
from checker.types import FunctionResult, NeqEntry, ReplayMethod, Verdict, Witness

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
CASES = TESTS / "cases"
"""Data-driven verdict cases: a folder each, with old.c, new.c and expect.json."""
FIXTURES = TESTS / "fixtures"
SPL_DEV = ROOT.parent / "shared" / "bench" / "spl-dev"
HAVE_GCC = shutil.which("gcc") is not None
"""What a replay can show depends on it; a test that needs gcc carries the `gcc` marker."""


def result_of(
    name: str, verdict: Verdict, where: Location | None = None, reason: str | None = None
) -> FunctionResult:
    """A FunctionResult as the engine makes one: NOT_EQUIVALENT with a one-entry
    NEQ-summary (`x == 1` differs), an undecided verdict with a reason."""
    if verdict is Verdict.NOT_EQUIVALENT:
        witness = Witness({}, {"x": 1}, {"return": 0}, {"return": 1},
                          (ReplayMethod.INTERPRETER,))
        return FunctionResult(name, where, where, verdict, reason,
                              neq_summary=(NeqEntry("1", "x == 1", witness),))
    if verdict is not Verdict.EQUIVALENT and reason is None:
        reason = f"{verdict.value.lower()}: for a reason"
    return FunctionResult(name, where, where, verdict, reason)
