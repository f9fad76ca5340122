"""A verdict from a NEQ-summary: EQUIVALENT only from an Equivalent answer about
every part of the check; a summary cannot start out (or end up) as one without."""

from __future__ import annotations

import pytest

from checker.api import check_pair
from checker.engines.answer import Different, Equivalent, Stage, Unknown, Unsupported
from checker.lifted.lifted import Summary
from checker.lifted.witness_report import ResultFacts, summary_result
from checker.location import Location
from checker.types import NeqEntry, ReplayMethod, Settings, SourceFile, Stats, Verdict, Witness
from tests.engines.test_answer import confirmed

WHERE = Location("a.c", 1)
ENTRY = NeqEntry("A", "x == 1", Witness({"A": 1}, {"x": 1}, {"return": 0}, {"return": 1},
                                        (ReplayMethod.INTERPRETER,)))
PROOF = Equivalent(Stage.LOOP_FREE, partial=False)
FACTS = ResultFacts((), "1", Stats())
GAVE_UP = Unknown("no difference found up to 8 loop iterations", Stage.BOUNDED, bound=8)


def verdict_of(entries: list[NeqEntry], rests: list[object]) -> tuple[Verdict, str | None]:
    result = summary_result("f", WHERE, WHERE, entries, rests, FACTS)  # type: ignore[arg-type]
    return result.verdict, result.reason


def test_equivalent_needs_a_proof_of_every_part() -> None:
    assert verdict_of([], [PROOF, PROOF]) == (Verdict.EQUIVALENT, None)
    assert verdict_of([], [PROOF, GAVE_UP]) == (Verdict.UNKNOWN, GAVE_UP.reason)
    assert verdict_of([], [Unsupported("calls to 'g'")]) == (Verdict.UNSUPPORTED, "calls to 'g'")
    assert verdict_of([ENTRY], [PROOF]) == (Verdict.NOT_EQUIVALENT, None)
    assert verdict_of([ENTRY], [GAVE_UP]) == (
        Verdict.NOT_EQUIVALENT, f"NEQ-summary incomplete (other configurations undecided): "
        f"{GAVE_UP.reason}")
    unknown = summary_result("f", WHERE, WHERE, [], [GAVE_UP], FACTS)
    assert unknown.bound == 8


def test_no_answer_is_no_verdict() -> None:
    """Nothing asked, nothing proved: there is no EQUIVALENT to fall back on."""
    with pytest.raises(ValueError):
        summary_result("f", WHERE, WHERE, [], [], FACTS)


def test_a_summary_has_an_answer_about_the_rest() -> None:
    with pytest.raises(TypeError):
        Summary(())  # type: ignore[call-arg]  # no "empty, hence equivalent" summary
    with pytest.raises(TypeError):
        Summary((), Different(confirmed()))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Summary((), None)  # type: ignore[arg-type]


def test_an_array_input_shows_only_its_own_cells() -> None:
    """The solver's model may hold cells past an array's end; the witness shows
    the cells the replays set (a union of 4 bytes: 4 values)."""
    head = "union u { int i; unsigned char c[4]; };\n"
    old = SourceFile("o.c", head + "int f(union u v) { return v.c[0]; }\n")
    new = SourceFile("n.c", head + "int f(union u v) { return v.i & 0x1ff; }\n")
    (result,) = check_pair(old, new, Settings(), ["f"]).results
    cells = result.neq_summary[0].witness.inputs["v"]
    assert isinstance(cells, list) and len(cells) == 4 and cells[1] & 1
