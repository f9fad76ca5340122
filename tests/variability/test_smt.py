"""Formulas in z3, satisfiability, and AllSAT over branch vectors."""

from __future__ import annotations

import itertools

import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.variability import formula as fm
from checker.variability.formula import Binary, Const, Var
from checker.variability.smt import Oracle, extension, models, to_z3

A, B, C = Var("A"), Var("B"), Var("C")
X, Y = Var("X", False), Var("Y", False)

_leaves = st.sampled_from([A, B, X, Y, Const(0), Const(1), Const(3), Const(-2),
                           Const(5, True), Const(1 << 40)])
_formulas = st.recursive(
    _leaves,
    lambda inner: st.one_of(
        st.builds(fm.Not, inner),
        st.builds(lambda a, b: fm.And((a, b)), inner, inner),
        st.builds(lambda a, b: fm.Or((a, b)), inner, inner),
        st.builds(fm.Unary, st.sampled_from(["-", "~"]), inner),
        st.builds(Binary, st.sampled_from(["+", "-", "*", "&", "|", "^", "<", ">", "<=",
                                           ">=", "==", "!=", ">>"]), inner, inner),
        st.builds(fm.Cond, inner, inner, inner),
    ),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(_formulas, st.integers(0, 1), st.integers(0, 1), st.integers(-5, 70),
       st.integers(-(1 << 31), (1 << 31) - 1))
def test_z3_encoding_agrees_with_evaluation(formula: fm.Formula, a: int, b: int, x: int,
                                            y: int) -> None:
    configuration = {"A": a, "B": b, "X": x, "Y": y}
    try:
        expected = formula.holds(configuration)
    except ZeroDivisionError:
        return
    vars_ = {name: z3.BitVecVal(value, 32) for name, value in configuration.items()}
    assert z3.is_true(z3.simplify(to_z3(formula, vars_))) == expected


def test_to_z3_accepts_integer_variables() -> None:
    x = z3.Int("X")
    solver = z3.Solver()
    solver.add(x >= -(1 << 31), x < (1 << 31))  # Int terms are read modulo 2^64
    solver.add(to_z3(fm.conj(Binary(">", X, Const(2)), Binary("<", X, Const(4))), {"X": x}))
    assert solver.check() == z3.sat and solver.model()[x].as_long() == 3


def test_oracle_truth_tables_and_solver() -> None:
    oracle = Oracle()
    assert oracle.satisfiable(fm.conj(A, fm.disj(fm.neg(A), B)))
    assert not oracle.satisfiable(fm.conj(A, fm.neg(fm.disj(A, B))))
    assert oracle.valid(fm.disj(A, fm.neg(A), B))
    assert not oracle.satisfiable(fm.conj(Binary(">", X, Const(2)), Binary("<", X, Const(3))))
    assert oracle.satisfiable(fm.conj(Binary(">", X, Const(2)), Binary("<", X, Const(4))))
    # integer features are C ints in the lifted program
    assert not oracle.satisfiable(Binary(">", X, Const(1 << 32)))
    many = fm.conj(*(Var(f"F{i}") for i in range(14)), fm.neg(Var("F3")))
    assert not oracle.satisfiable(many)  # past the truth-table limit: z3


def test_models_enumerate_each_branch_vector_once() -> None:
    terms = (fm.conj(A, B), fm.conj(fm.neg(A), C), C)
    found = list(models(fm.TRUE, terms))
    vectors = sorted(v for v, _ in found)
    expected = sorted({tuple(t.holds(dict(zip("ABC", bits, strict=True))) for t in terms)
                       for bits in itertools.product((0, 1), repeat=3)})
    assert vectors == expected
    for vector, configuration in found:
        assert tuple(t.holds(configuration) for t in terms) == vector


def test_models_respect_the_model_and_report_extra_features() -> None:
    found = list(models(fm.neg(fm.conj(A, B)), (A, B), extra=(Var("D"),)))
    assert sorted(v for v, _ in found) == [(False, False), (False, True), (True, False)]
    assert all(set(c) == {"A", "B", "D"} for _, c in found)


def test_models_with_integer_features_use_the_solver() -> None:
    terms = (Binary(">", X, Const(2)), Binary("==", X, Const(7)))
    found = list(models(Binary("<", X, Const(10)), terms))
    assert sorted(v for v, _ in found) == [(False, False), (True, False), (True, True)]
    for vector, configuration in found:
        assert tuple(t.holds(configuration) for t in terms) == vector


def test_extension_completes_a_configuration_or_says_none() -> None:
    formula = fm.conj(fm.disj(Var("W"), Var("A")), fm.disj(Var("defined(X)"),
                                                          fm.binary("==", Var("X"), Const(0))))
    assert extension(formula, {"A": 0, "X": 1}) == {"A": 0, "W": 1, "X": 1, "defined(X)": 1}
    assert extension(formula, {"A": 1}) == {"A": 1, "W": 0, "X": 0, "defined(X)": 0}
    assert extension(fm.neg(Var("W")), {"W": 1}) is None
