"""The spl benchmark's oracle: the claim "lifted summary == brute force" rests on
`same_configurations`, and the per-level figures on `pqr`."""

from __future__ import annotations

import importlib
import json
import math
import sys
from pathlib import Path

import pytest

from tests import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
spl = importlib.import_module("spl")
Run = spl.Run


def neq(*heads: str, features: tuple[str, ...] = ("A", "B", "C")) -> object:
    return Run("NOT_EQUIVALENT", 1.0, list(heads), list(features))


EQ = Run("EQUIVALENT", 1.0, [], ["A", "B", "C"])


@pytest.mark.parametrize(
    ("lifted", "brute", "same"),
    [
        (neq("A"), neq("A && B", "A && !B"), True),
        (neq("A || B"), neq("A && !B", "!A && B", "A && B"), True),
        (neq("A"), neq("A && B"), False),
        (neq("A"), neq("A", "C"), False),
        (neq("1"), neq("A", "!A"), True),
        (EQ, EQ, True),
        (EQ, neq("A && B && C"), False),
        (neq("A"), Run("UNKNOWN", 600.0, ["A"], ["A"]), None),
        (neq("A"), Run("NOT_EQUIVALENT", 600.0, ["A"], ["A"], timed_out=True), None),
        (Run("ERROR", 0.1), EQ, None),
    ],
)
def test_same_configurations_compares_the_covered_configurations(
    lifted: object, brute: object, same: bool | None
) -> None:
    assert spl.same_configurations(lifted, brute) is same


def test_same_configurations_over_features_only_one_side_names() -> None:
    # brute force lists a feature lifted's head does not mention: the summary
    # "A" covers both values of B.
    assert spl.same_configurations(neq("A", features=("A",)), neq("A && B", "A && !B")) is True
    assert spl.same_configurations(neq("A", features=("A",)), neq("A && B")) is False


def test_pqr_is_the_median_with_timeouts_penalised() -> None:
    assert spl.pqr([1.0, 3.0, 2.0], [False, False, False], 600.0) == 2.0
    assert spl.pqr([1.0, 600.0, 700.0], [False, True, True], 600.0) == 6000.0
    assert math.isnan(spl.pqr([], [], 600.0))


def test_spread_cycles_through_mutation_kinds() -> None:
    entries = [
        {"id": f"{kind}{i}", "mutation": kind}
        for kind in ("op", "fe", "op.fe", "none")
        for i in range(6)
    ]
    picked = spl._spread(entries, 4)
    assert sorted(e["mutation"] for e in picked) == ["fe", "none", "op", "op.fe"]
    assert len({e["id"] for e in spl._spread(entries, 24)}) == 24


def test_report_only_needs_a_results_file(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exit_info:
        spl.main(["--report-only"])
    assert exit_info.value.code == 2
    with pytest.raises(SystemExit):
        spl.main(["--report-only", "--json", str(tmp_path / "missing.json")])


@pytest.mark.parametrize("name", ["runs.json", "runs.json.gz"])
def test_results_file_round_trips(tmp_path: Path, name: str) -> None:
    """A results file (plain or gzip-compressed) reads back as written."""
    path = tmp_path / name
    results = {"hard/1/x.op": {"lifted": neq("A"), "brute": EQ}}
    spl._save(results, path)
    loaded = spl._load(path)
    assert {pair: {m: r.__dict__ for m, r in runs.items()} for pair, runs in loaded.items()} == {
        pair: {m: r.__dict__ for m, r in runs.items()} for pair, runs in results.items()
    }
    assert path.read_bytes()[:2] == (b"\x1f\x8b" if name.endswith(".gz") else b"{\n")
    assert not list(tmp_path.glob("*.partial"))


RESULTS = ROOT / "benchmarks" / "results" / "spl-dev.json.gz"


@pytest.mark.skipif(not (spl.DEFAULT_BENCH / "manifest.json").exists(), reason="no spl-dev")
def test_committed_results_cover_every_pair_and_agree_on_a_sample() -> None:
    """The figures in docs/benchmarks.md come from this file: every B-Hard pair in
    every mode, none over the limit, and (checked here on a spread of pairs; the
    script checks all) the lifted summary equal to brute force."""
    manifest = json.loads((spl.DEFAULT_BENCH / "manifest.json").read_text())
    hard = {e["id"]: e for e in manifest if "extra_features" in e}
    results = spl._load(RESULTS)
    assert set(results) == set(hard)
    assert all(runs.keys() == set(spl.MODES) for runs in results.values())
    assert not any(r.timed_out for runs in results.values() for r in runs.values())
    sample = [e["id"] for level in (1, 10, 25, 40) for e in spl._spread(
        [e for e in hard.values() if e["extra_features"] == level], 4)]
    assert all(spl.same_configurations(results[i]["lifted"], results[i]["brute"]) for i in sample)
    assert {results[i]["lifted"].verdict for i in sample} == {"EQUIVALENT", "NOT_EQUIVALENT"}
