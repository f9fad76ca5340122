"""The one dispatch on IR expression kinds: `ExprVisitor` and `ExprMapper`."""

from __future__ import annotations

import pytest

from checker.ir.ir import (
    EXPR_KINDS,
    Binary,
    BinOp,
    Bits,
    Call,
    Cast,
    Const,
    Expr,
    ExprMapper,
    ExprVisitor,
    Ite,
    Load,
    StrConst,
    Unary,
    UnOp,
    Var,
    walk,
)
from checker.semantics import ctype as ct

X = Var("x", ct.INT)
ONE = Const(1, ct.INT)
EVERY_KIND = Ite(
    Binary(BinOp.LT, Unary(UnOp.NEG, X, ct.INT), Load("a", ONE, ct.INT), ct.INT),
    Cast(Call("f", (StrConst("s"), X), ct.LONG), ct.INT),
    Bits(Const(1.0, ct.FLOAT), ct.INT),
    ct.INT,
)


def test_the_example_holds_every_kind() -> None:
    assert {type(node) for node in walk(EVERY_KIND)} == set(EXPR_KINDS)


class _Count(ExprVisitor[int]):
    def visit_Var(self, expr: Var) -> int:
        return 1

    def visit_other(self, expr: Expr) -> int:
        return 0


class _VarsOnly(ExprVisitor[str]):
    def visit_Var(self, expr: Var) -> str:
        return expr.name


def test_kinds_without_a_method_go_to_visit_other_or_fail_clearly() -> None:
    assert _Count().visit(X) == 1
    assert _Count().visit(ONE) == 0
    assert _VarsOnly().visit(X) == "x"
    with pytest.raises(TypeError, match="_VarsOnly cannot visit Const"):
        _VarsOnly().visit(ONE)


class _Rename(ExprMapper):
    """x -> y, and every rebuilt node recorded in the order it is finished."""

    def __init__(self) -> None:
        self.finished: list[str] = []

    def visit_Var(self, expr: Var) -> Expr:
        return Var("y", expr.type)

    def finish(self, expr: Expr) -> Expr:
        self.finished.append(type(expr).__name__)
        return expr


def test_the_mapper_rebuilds_every_kind_bottom_up() -> None:
    mapper = _Rename()
    renamed = mapper.visit(EVERY_KIND)
    assert [n for n in walk(renamed) if isinstance(n, Var)] == [Var("y", ct.INT)] * 2
    assert [type(n) for n in walk(renamed)] == [type(n) for n in walk(EVERY_KIND)]
    assert mapper.finished == ["Unary", "Const", "Load", "Binary", "StrConst", "Call", "Cast",
                               "Const", "Bits", "Ite"]
    identity = ExprMapper()
    assert identity.visit(EVERY_KIND) == EVERY_KIND
