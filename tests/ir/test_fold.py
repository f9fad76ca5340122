"""Constant folding with the concrete meaning of each operator."""

from __future__ import annotations

from checker.ir.fold import deep_fold, fold
from checker.ir.ir import Binary, BinOp, Call, Cast, Const, Ite, Load, Unary, UnOp, Var
from checker.semantics import ctype as ct

X = Var("x", ct.INT)


def c(value: int) -> Const:
    return Const(value, ct.INT)


def test_fold_evaluates_one_level_with_c_meaning() -> None:
    assert fold(Binary(BinOp.ADD, c(ct.INT.max), c(1), ct.INT)) == c(ct.INT.min)  # wraps
    assert fold(Cast(Const(300, ct.INT), ct.UCHAR)) == Const(44, ct.UCHAR)
    assert fold(Unary(UnOp.LNOT, c(0), ct.INT)) == c(1)
    assert fold(Ite(c(0), X, c(2), ct.INT)) == c(2)
    division = Binary(BinOp.DIV, c(1), c(0), ct.INT)
    assert fold(division) is division  # a trap is no constant
    nested = Binary(BinOp.ADD, Binary(BinOp.ADD, c(1), c(2), ct.INT), c(3), ct.INT)
    assert fold(nested) is nested


def test_deep_fold_folds_the_tree_but_not_inside_loads_and_calls() -> None:
    inner = Binary(BinOp.MUL, c(2), c(3), ct.INT)
    load, call = Load("a", inner, ct.INT), Call("f", (inner,), ct.INT)
    expr = Ite(Binary(BinOp.LT, inner, c(7), ct.INT),
               Binary(BinOp.ADD, load, Unary(UnOp.NEG, inner, ct.INT), ct.INT), call, ct.INT)
    assert deep_fold(expr) == Binary(BinOp.ADD, load, c(-6), ct.INT)
    assert deep_fold(Binary(BinOp.ADD, X, inner, ct.INT)) == Binary(BinOp.ADD, X, c(6), ct.INT)
