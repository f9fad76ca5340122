"""An entry's witness lies in the entry even when GeneralizeFCEXs narrows its
body past the first witness, also when the compiled replay of the witness
that narrowed it disagrees (another witness of the entry is sought)."""

from __future__ import annotations

import pytest

from checker.api import check_pair
from checker.engines.decide import PairContext
from checker.lifted.lifted import Lifted
from checker.types import ReplayMethod, Settings, SourceFile, Verdict
from tests import CASES, HAVE_GCC
from tests.test_check_cases import witness_in_entry

CASE = CASES / "lifted_witness_in_narrowed_body"


def _check() -> object:
    report = check_pair(
        SourceFile.read(str(CASE / "old.c")), SourceFile.read(str(CASE / "new.c")),
        Settings(timeout=60), ["f"],
    )
    (result,) = report.results
    return result


def test_compiled_replay_refusing_the_narrowing_witness(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    refused = tmp_path / "refused"  # the check runs in a forked child

    def replay(self: PairContext, witness: object) -> str:
        refused.write_text("asked")
        return "the compiled program shows equal behaviour (the interpreter disagrees)"

    monkeypatch.setattr(PairContext, "replay", replay)
    result = _check()
    assert refused.exists()  # the narrowing witness was offered, and refused
    assert result.verdict is Verdict.NOT_EQUIVALENT  # type: ignore[attr-defined]
    (entry,) = result.neq_summary  # type: ignore[attr-defined]
    assert entry.inputs == "x >= 11 && y >= 2000000001"
    assert witness_in_entry(entry, ["A", "B"]), entry
    assert entry.witness.inputs["y"] > 2_000_000_000
    if HAVE_GCC:
        assert ReplayMethod.COMPILER in entry.witness.replayed_by


@pytest.mark.gcc
def test_the_narrowing_witness_is_replayed_by_the_compiler() -> None:
    (entry,) = _check().neq_summary  # type: ignore[attr-defined]
    assert entry.witness.replayed_by == (ReplayMethod.INTERPRETER, ReplayMethod.COMPILER)
    assert entry.witness.inputs["y"] > 2_000_000_000


def test_no_replayable_witness_leaves_the_summary_undecided(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """If no witness of an entry replays, the entry is not reported and the
    verdict is not a guess."""
    why = "no witness of the difference replays under gcc: the compiled program shows equal"
    monkeypatch.setattr(Lifted, "_replayed_within", lambda *args: why)
    result = _check()
    assert result.verdict is Verdict.UNKNOWN  # type: ignore[attr-defined]
    assert result.reason == why  # type: ignore[attr-defined]
    assert not result.neq_summary  # type: ignore[attr-defined]
