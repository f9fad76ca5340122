"""The gcc judge of product-line verdicts rejects wrong heads, verdicts and witnesses."""

from __future__ import annotations

import dataclasses
import shutil
from functools import cache
from pathlib import Path

import pytest

from checker.api import check_pair
from checker.types import FunctionResult, Settings, SourceFile, Verdict
from tests.gcc_judge import builds, judge, parameters, samples

pytestmark = [pytest.mark.gcc,
              pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")]
CASE = Path(__file__).parent / "cases" / "ifdef_vs_if_neq"
SETTINGS = Settings(timeout=60)


@cache
def _result() -> FunctionResult:
    report = check_pair(SourceFile.read(str(CASE / "old.c")), SourceFile.read(str(CASE / "new.c")),
                        SETTINGS, ["f"])
    return report.results[0]


def _with_head(head: str) -> FunctionResult:
    result = _result()
    entry = dataclasses.replace(result.neq_summary[0], configurations=head)
    return dataclasses.replace(result, neq_summary=(entry,))


def test_the_exact_head_passes_and_gcc_sees_one_differing_build() -> None:
    verdict = judge(CASE, _result(), SETTINGS)
    assert verdict.differing == ({"X": 0},)
    assert {"X": None} in verdict.same and {"X": 1} in verdict.same


def test_a_head_naming_a_build_that_does_not_differ_is_rejected() -> None:
    with pytest.raises(AssertionError, match="does not differ on its witness"):
        judge(CASE, _with_head("!X"), SETTINGS)  # -UX behaves the same


def test_a_head_missing_a_differing_build_is_rejected() -> None:
    with pytest.raises(AssertionError, match="outside every head but differs"):
        judge(CASE, _with_head("defined(X) && X"), SETTINGS)


def test_equivalent_is_rejected_when_a_build_differs() -> None:
    wrong = dataclasses.replace(_result(), verdict=Verdict.EQUIVALENT, neq_summary=())
    with pytest.raises(AssertionError, match="outside every head but differs"):
        judge(CASE, wrong, SETTINGS)


def test_a_witness_whose_flags_do_not_replay_is_rejected() -> None:
    result = _result()
    entry = result.neq_summary[0]
    witness = dataclasses.replace(entry.witness, configuration={"defined(X)": 0, "X": 0})
    wrong = dataclasses.replace(result, neq_summary=(dataclasses.replace(entry, witness=witness),))
    with pytest.raises(AssertionError, match="does not replay"):
        judge(CASE, wrong, SETTINGS)


def test_builds_samples_and_parameters() -> None:
    assert builds(["A"], {"A": [5]}) == [{"A": None}, {"A": 0}, {"A": 1}, {"A": 5}]
    assert samples(1, [(7,)])[:2] == [(7,), (0,)]
    assert parameters("long g(int a, unsigned long b) {", "g") == ["a", "b"]
