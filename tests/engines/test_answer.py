"""The engines' one answer type: each wrong state refuses to be built."""

from __future__ import annotations

import pytest

from checker.engines.answer import (
    Confirmed,
    Different,
    Equivalent,
    Stage,
    Unknown,
    Unsupported,
)
from checker.frontend.frontend import load
from checker.ir.ir import Cfa
from checker.location import Location
from checker.lower.lower import lower_function
from checker.replay.replay import Assignment, Difference, Observation
from checker.types import PARTIAL_EQUIVALENCE, ReplayMethod, Settings, SourceFile

RETURNS_0 = Observation(0, 0, {"return": 0}, (), "", ())
RETURNS_1 = Observation(0, 0, {"return": 1}, (), "", ())


def _cfa() -> Cfa:
    program = load(SourceFile("f.c", "int f(int x) { return x; }\n"), Settings()).program
    return lower_function(program, "f", Settings())


def confirmed(
    differences: tuple[Difference, ...] = (Difference("return", 0, 1),),
    replayed_by: tuple[ReplayMethod, ...] = (ReplayMethod.INTERPRETER, ReplayMethod.COMPILER),
) -> Confirmed:
    cfa = _cfa()
    return Confirmed(Assignment({"arg0": 0}, {}), RETURNS_0, RETURNS_1, differences,
                     replayed_by, cfa, cfa)


def test_the_right_states_are_built() -> None:
    assert Different(confirmed()).witness.differences
    assert Equivalent(Stage.CHC, partial=True).assumptions == (PARTIAL_EQUIVALENCE,)
    assert Equivalent(Stage.LOOP_FREE, partial=False).assumptions == ()
    assert Unknown("no difference up to 4", Stage.BOUNDED, bound=4).bound == 4
    assert Unsupported("calls to 'g' not supported", Location("f.c", 3)).location


@pytest.mark.parametrize(
    "build",
    [
        lambda: Different(None),  # "different" without a witness
        lambda: Different("x == 1"),  # or with something that was not replayed
        lambda: Equivalent("chc", partial=True),  # type: ignore[arg-type]
        lambda: Equivalent(Stage.CHC, partial="yes"),  # type: ignore[arg-type]
        lambda: Unknown(None, Stage.BOUNDED),  # type: ignore[arg-type]
        lambda: Unknown("timeout", "bounded"),  # type: ignore[arg-type]
        lambda: Unsupported("asm", "f.c:3"),  # type: ignore[arg-type]
        lambda: Equivalent(Stage.CHC),  # type: ignore[call-arg]  # complete or partial: say it
    ],
    ids=["different-without-witness", "different-with-text", "engine-as-text",
         "partial-as-text", "unknown-without-reason", "stage-as-text", "location-as-text",
         "equivalent-without-partial"],
)
def test_wrong_types_are_refused(build) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TypeError):
        build()


@pytest.mark.parametrize(
    "build",
    [
        lambda: confirmed(differences=()),  # a witness on which nothing differs
        lambda: confirmed(replayed_by=()),  # never replayed
        lambda: confirmed(replayed_by=(ReplayMethod.COMPILER,)),  # not by the interpreter
        lambda: Unknown("", Stage.BOUNDED),
        lambda: Unknown("  ", Stage.CHC),
        lambda: Unknown("no difference", Stage.BOUNDED, bound=-1),
        lambda: Unsupported(""),
    ],
    ids=["nothing-differs", "not-replayed", "not-by-interpreter", "empty-reason",
         "blank-reason", "negative-bound", "unsupported-without-reason"],
)
def test_wrong_values_are_refused(build) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError):
        build()
