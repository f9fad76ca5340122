"""Lifted checking on the spl benchmark sets: labelled mseries cases, and the lifted
NEQ-summary against brute force (the oracle) on a sample of spl-dev pairs."""

from __future__ import annotations

import json

import pytest

from checker.api import check_pair
from checker.types import ReplayMethod, Settings, SourceFile, Verdict
from tests import HAVE_GCC, SPL_DEV
from tests.lifted.sampling import judge_bodies
from tests.test_check_cases import same_configurations, witness_in_entry

SPL = SPL_DEV
pytestmark = pytest.mark.skipif(not SPL.exists(), reason="../shared/bench is not beside the repo")


def _manifest() -> list[dict]:
    if not SPL.exists():
        return []
    return json.loads((SPL / "manifest.json").read_text())


def _check(entry: dict, **settings: object):  # type: ignore[no-untyped-def]
    report = check_pair(
        SourceFile.read(str(SPL / entry["old"])),
        SourceFile.read(str(SPL / entry["new"])),
        Settings(timeout=120).overlay(settings),
        [entry["function"]],
    )
    (result,) = report.results
    return result


@pytest.mark.parametrize(
    "entry", [e for e in _manifest() if e["id"].startswith("mseries")], ids=lambda e: e["id"]
)
def test_mseries_label(entry: dict) -> None:
    result = _check(entry)
    expected = Verdict.NOT_EQUIVALENT if entry["label"] == "NEQ" else Verdict.EQUIVALENT
    assert result.verdict is expected, result.reason
    assert result.features == ("CONFIG_LFS", "CONFIG_LOCALE_SUPPORT")
    for item in result.neq_summary:
        assert item.witness.old_output != item.witness.new_output
        assert set(item.witness.configuration) <= set(result.features)
        assert witness_in_entry(item, list(result.features)), item
        if HAVE_GCC:
            assert ReplayMethod.COMPILER in item.witness.replayed_by


SAMPLE = (
    "hard/1/coreutils.ls.6b01b71e.sat.spl1.op",
    "hard/1/coreutils.ls.6b01b71e.sat.spl2.fe",
    "hard/5/coreutils.ls.6b01b71e.sat.spl3.fe",
    "hard/3/coreutils.ls.6b01b71e.sat.spl4.op.fe",
)


@pytest.mark.parametrize(
    "entry", [e for e in _manifest() if e["id"] in SAMPLE], ids=lambda e: e["id"]
)
def test_lifted_summary_equals_brute_force(entry: dict) -> None:
    lifted = _check(entry)
    brute = _check(entry, brute_force=True)
    assert lifted.verdict in (Verdict.EQUIVALENT, Verdict.NOT_EQUIVALENT), lifted.reason
    assert brute.verdict is lifted.verdict, (brute.reason, lifted.reason)
    features = sorted(set(lifted.features) | set(brute.features))
    assert same_configurations(
        [e.configurations for e in lifted.neq_summary],
        [e.configurations for e in brute.neq_summary] or ["0"],
        features,
    )
    assert all(witness_in_entry(e, list(lifted.features)) for e in lifted.neq_summary)
    for result in (lifted, brute):  # every body, read back as C, sampled and replayed
        if result.verdict is Verdict.NOT_EQUIVALENT:
            sources = (SourceFile.read(str(SPL / entry[side])) for side in ("old", "new"))
            judgement = judge_bodies(*sources, Settings(timeout=120), result)
            assert not judgement.problems, judgement.problems


WIDE = (
    "hard/40/coreutils.ls.6b01b71e.sat.spl1.op",
    "hard/25/coreutils.ls.6b01b71e.sat.spl2.op.fe",
)


@pytest.mark.parametrize(
    "entry", [e for e in _manifest() if e["id"] in WIDE], ids=lambda e: e["id"]
)
def test_each_entry_reports_a_witness_of_its_own(entry: dict) -> None:
    """GeneralizeFCEXs narrows an entry's body as it grows the head; the
    entry's witness must still lie in both (many features: wide heads)."""
    result = _check(entry)
    assert result.verdict is Verdict.NOT_EQUIVALENT, result.reason
    for item in result.neq_summary:
        assert witness_in_entry(item, list(result.features)), item
        assert item.witness.old_output != item.witness.new_output
        if HAVE_GCC:
            assert ReplayMethod.COMPILER in item.witness.replayed_by
