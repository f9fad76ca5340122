"""Constant folding of IR expressions with the interpreter's concrete semantics.

Folding keeps CFAs small (a branch on `sizeof(off_t) == 8` loses its dead
side, so a loop in dead code disappears) and uses exactly the meaning the
replays use, so it cannot change behaviour.
"""

from __future__ import annotations

from checker.ir import concrete_ops
from checker.ir.concrete_ops import UndefinedOperation
from checker.ir.ir import (
    Binary,
    BinOp,
    Bits,
    Call,
    Cast,
    Const,
    Expr,
    ExprMapper,
    Ite,
    Load,
    Unary,
)


def fold(expr: Expr) -> Expr:
    """`expr` evaluated if its operands are constants (one level)."""
    if isinstance(expr, Binary) and isinstance(expr.left, Const) and isinstance(expr.right, Const):
        if expr.op in (BinOp.DIV, BinOp.MOD) and not expr.right.value:
            return expr
        try:
            value = concrete_ops.binary(
                expr.op, expr.left.value, expr.right.value, expr.left.type, expr.type
            )
        except (UndefinedOperation, ArithmeticError, ValueError):
            return expr
        return Const(value, expr.type)
    if isinstance(expr, Unary) and isinstance(expr.arg, Const):
        return Const(
            concrete_ops.unary(expr.op, expr.arg.value, expr.arg.type, expr.type), expr.type
        )
    if isinstance(expr, Cast) and isinstance(expr.arg, Const):
        return Const(concrete_ops.cast(expr.arg.value, expr.arg.type, expr.type), expr.type)
    if isinstance(expr, Bits) and isinstance(expr.arg, Const):
        return Const(concrete_ops.bits_function(expr.arg.type, expr.type)(expr.arg.value),
                     expr.type)
    if isinstance(expr, Ite) and isinstance(expr.cond, Const):
        return expr.then if concrete_ops.is_true(expr.cond.value) else expr.other
    return expr


class _Folder(ExprMapper):
    """Folds arithmetic, conversions and conditionals bottom-up; a load or a call
    is left as it is, its operands unfolded (they are the lowering's own)."""

    def finish(self, expr: Expr) -> Expr:
        return fold(expr)

    def visit_Load(self, expr: Load) -> Expr:
        return expr

    def visit_Call(self, expr: Call) -> Expr:
        return expr


def deep_fold(expr: Expr) -> Expr:
    """Fold a whole expression tree."""
    return _Folder().visit(expr)
