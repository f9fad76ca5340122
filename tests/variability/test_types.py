"""Features and configurations: macro definitions <-> lifted values, two-state macros."""

from __future__ import annotations

from checker.lifted.heads import to_c
from checker.variability.types import (
    feature_of,
    lifted_values,
    macro_configuration,
    named,
    presence_domain,
    presence_feature,
    sort_key,
)

TWO_STATE = (feature_of("X", True), presence_feature("X"))
ONE_WAY = (feature_of("D", True, True), feature_of("V", True))


def test_two_state_macro_definitions() -> None:
    assert macro_configuration(TWO_STATE, {"X": 0, "defined(X)": 1}) == {"X": 0}
    assert macro_configuration(TWO_STATE, {"X": 0, "defined(X)": 0}) == {"X": None}
    assert macro_configuration(TWO_STATE, {"X": 1, "defined(X)": 1}) == {"X": 1}
    assert macro_configuration((presence_feature("X"),), {"defined(X)": 1}) == {"X": 1}


def test_one_way_macro_definitions() -> None:
    assert macro_configuration(ONE_WAY, {"D": 0, "V": 0}) == {"D": None, "V": 0}
    assert macro_configuration(ONE_WAY, {"D": 1, "V": 1}) == {"D": 1, "V": 1}


def test_lifted_values_invert_macro_definitions() -> None:
    for values in ({"X": 0, "defined(X)": 1}, {"X": 0, "defined(X)": 0},
                   {"X": 1, "defined(X)": 1}):
        assert lifted_values(TWO_STATE, macro_configuration(TWO_STATE, values)) == values
    # a macro tested only with defined(): any definition is "on", even -DD=0
    assert lifted_values(ONE_WAY, {"D": 0, "V": None}) == {"D": 1, "V": 0}


def test_an_undefined_macro_reads_as_zero() -> None:
    domain = presence_domain(TWO_STATE)
    assert not domain.holds({"X": 1, "defined(X)": 0})
    assert domain.holds({"X": 0, "defined(X)": 0}) and domain.holds({"X": 1, "defined(X)": 1})
    assert presence_domain(ONE_WAY).holds({})


def test_features_named_in_a_report_and_their_order() -> None:
    table = named(["X", "defined(X)", "A"])
    assert table["defined(X)"].presence_of == "X" and not table["X"].boolean
    assert sorted(["X", "defined(X)", "A"], key=sort_key) == ["A", "defined(X)", "X"]
    assert to_c([{"X": 0, "defined(X)": 1}], {"X": True}) == "defined(X) && !X"
