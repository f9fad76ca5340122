"""Data-driven verdict tests: each folder under tests/cases holds old.c, new.c and
expect.json (verdict, and for NOT_EQUIVALENT a predicate on the witness inputs
and/or the exact outputs)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from checker.api import check_pair
from checker.types import ReplayMethod, Settings, SourceFile, Verdict

CASES = Path(__file__).parent / "cases"
HAVE_GCC = shutil.which("gcc") is not None


def _cases() -> list[Path]:
    return sorted(p for p in CASES.iterdir() if (p / "expect.json").exists())


@pytest.mark.parametrize("case", _cases(), ids=lambda p: p.name)
def test_case(case: Path) -> None:
    expect = json.loads((case / "expect.json").read_text())
    settings = Settings(timeout=60, solver_timeout=30)
    report = check_pair(SourceFile.read(str(case / "old.c")), SourceFile.read(str(case / "new.c")),
                        settings, [expect["function"]])
    (result,) = report.results
    assert result.verdict is Verdict(expect["verdict"]), result.reason
    if "reason_contains" in expect:
        assert expect["reason_contains"] in (result.reason or "")
    if "bound" in expect:
        assert result.bound == expect["bound"]
    if "assumption_contains" in expect:
        assert any(expect["assumption_contains"] in a for a in result.assumptions)
    if "reason_line" in expect:
        assert f":{expect['reason_line']}:" in (result.reason or "")
    if result.verdict is not Verdict.NOT_EQUIVALENT:
        assert not result.neq_summary
        return
    (entry,) = result.neq_summary
    witness = entry.witness
    assert witness.old_output != witness.new_output
    assert ReplayMethod.INTERPRETER in witness.replayed_by
    if HAVE_GCC:
        assert ReplayMethod.COMPILER in witness.replayed_by
    if "witness_check" in expect:
        assert eval(expect["witness_check"], {}, {"inputs": dict(witness.inputs)}), witness.inputs
    for side, outputs in expect.get("outputs", {}).items():
        actual = dict(witness.old_output if side == "old" else witness.new_output)
        assert actual == outputs, (side, actual)
