"""Presence-condition formulas: C preprocessor arithmetic, simplification, printing."""

from __future__ import annotations

import itertools

import pytest

from checker.variability import formula as fm
from checker.variability.formula import Binary, Const, Var

A, B, C = Var("A"), Var("B"), Var("C")
X = Var("X", boolean=False)


def test_evaluate_reads_undefined_as_zero() -> None:
    assert fm.conj(A, fm.neg(B)).evaluate({"A": 1}) == 1
    assert fm.conj(A, fm.neg(B)).evaluate({"A": 1, "B": None}) == 1
    assert A.evaluate({}) == 0


@pytest.mark.parametrize(("node", "value"), [
    (Binary("/", Const(-7), Const(2)), -3),           # truncation toward zero
    (Binary("%", Const(-7), Const(2)), -1),
    (Binary("<", Const(-1), Const(0, True)), 0),      # -1 converted to uintmax_t
    (Binary("<", Const(-1), Const(0)), 1),
    (Binary("-", Const(0, True), Const(1)), (1 << 64) - 1),
    (Binary("<<", Const(1), Const(63)), -(1 << 63)),  # wraps in intmax_t
    (Binary(">>", Const(-8), Const(1)), -4),
    (Binary("*", Const(1 << 62), Const(4)), 0),
])
def test_preprocessor_arithmetic(node: fm.Formula, value: int) -> None:
    assert node.evaluate({}) == value


def test_division_by_zero_raises() -> None:
    with pytest.raises(ZeroDivisionError):
        Binary("/", X, Const(0)).evaluate({"X": 3})


def test_constructors_simplify() -> None:
    assert fm.conj(fm.TRUE, A) == A
    assert fm.conj(A, fm.FALSE) == fm.FALSE
    assert fm.conj(A, fm.neg(A)) == fm.FALSE
    assert fm.disj(A, fm.neg(A)) == fm.TRUE
    assert fm.conj(A, fm.conj(B, A)) == fm.And((A, B))
    assert fm.neg(fm.neg(A)) == A
    assert fm.neg(fm.neg(X)) == Binary("!=", X, Const(0))  # !!X is 0/1, X is not
    assert fm.truth(X) == Binary("!=", X, Const(0))
    assert fm.binary("+", Const(2), Const(3)) == Const(5)
    assert fm.binary("==", A, Const(1)) == A
    assert fm.binary("==", A, Const(0)) == fm.neg(A)
    assert fm.binary("==", A, Const(2)) == fm.FALSE
    assert fm.cond(fm.TRUE, A, B) == A


def test_report_style_printing() -> None:
    head = fm.disj(fm.conj(A, B), fm.conj(fm.neg(A), C))
    assert head.to_c() == "(A && B) || (!A && C)"
    assert fm.binary(">", X, Const(2)).to_c() == "X > 2"
    assert fm.conj(fm.disj(A, B), C).to_c() == "(A || B) && C"
    assert fm.neg(fm.conj(A, B)).to_c() == "!(A && B)"
    assert Binary("*", Binary("+", X, Const(1)), Const(2)).to_c() == "(X + 1) * 2"
    assert Binary("-", X, Binary("-", X, Const(1))).to_c() == "X - (X - 1)"
    assert fm.Cond(A, Const(3), Const(-4)).to_c() == "A ? 3 : (-4)"
    assert fm.conj(A, fm.neg(B)).to_c({"A": "__liftdiff_feature_A", "B": "v_B"}) == \
        "__liftdiff_feature_A && !v_B"


def test_branch_conditions_partition_the_space() -> None:
    branches = fm.branch_conditions([A, B, fm.conj(A, C)])
    assert len(branches) == 4
    assert branches[1] == fm.conj(fm.neg(A), B)
    for values in itertools.product((0, 1), repeat=3):
        configuration = dict(zip("ABC", values, strict=True))
        assert sum(b.holds(configuration) for b in branches) == 1


def test_features_and_substitution() -> None:
    formula = fm.disj(fm.conj(A, fm.binary(">", X, Const(2))), C)
    assert formula.features() == frozenset({"A", "X", "C"})
    assert fm.substitute(formula, {"A": fm.TRUE, "X": Const(5)}) == fm.TRUE
    assert fm.substitute(formula, {"A": fm.FALSE}) == C


def test_formulas_are_hashable_values() -> None:
    assert {fm.conj(A, B): 1}[fm.And((A, B))] == 1
    assert Const(1).number == 1 and Const((1 << 64) - 1).number == -1
    assert Const((1 << 64) - 1, True).number == (1 << 64) - 1


def test_exists_eliminates_boolean_features() -> None:
    a, b = Var("A"), Var("B")
    projected = fm.exists(fm.conj(a, fm.disj(fm.neg(a), b), fm.neg(Var("C"))), ["A", "C"])
    for value in (0, 1):
        assert projected.holds({"B": value}) == bool(value)
    assert fm.exists(fm.conj(a, fm.neg(a)), ["A"]) == Const(0)
