"""Conditions under which an operation is undefined and the lowering traps.

gcc does not give these operations one meaning: a shift by the type's width
or more, or a float->int conversion whose truncated value does not fit, gives
the machine instruction's result when the operand is known only at run time,
but gcc's constant folder's result (`1 << 40 == 0`, `(int)1e10 == INT_MAX`)
when the operand is a constant, at -O0 already, and after constant
propagation at -O1 and above (`int s = 40; x << s` is `x << 8` at -O0 and 0
at -O2). Whatever the model chose, one of those builds would contradict it,
so these operations end the run with status "trap", as division by zero does;
the compiled replay builds with gcc's sanitizers so that the real program
traps there too (see `compiled_replay.SANITIZE_UNDEFINED`).

Each function returns an int-typed IR condition, a constant when the operands
are constants.
"""

from __future__ import annotations

from checker.ir.fold import deep_fold
from checker.ir.ir import Binary, BinOp, Const, Expr, Ite, Unary, UnOp
from checker.semantics import ctype as ct
from checker.semantics.ctype import FloatType, IntType, PointerType

_FALSE = Const(0, ct.INT)


def shift_out_of_range(count: Expr, width: int) -> Expr:
    """`count < 0 || count >= width` for the (promoted) count of a shift of a
    `width`-bit value."""
    ctype = count.type
    assert isinstance(ctype, (IntType, PointerType))
    too_big = Binary(BinOp.GE, count, Const(width, ctype), ct.INT)
    if isinstance(ctype, IntType) and not ctype.signed:
        return deep_fold(too_big)
    negative = Binary(BinOp.LT, count, Const(0, ctype), ct.INT)
    return deep_fold(Ite(negative, Const(1, ct.INT), too_big, ct.INT))


def float_to_int_overflow(value: Expr, target: IntType) -> Expr:
    """The truncation of floating `value` is not a value of `target` (C11 6.3.1.4:
    undefined), NaN and infinities included; never for _Bool."""
    source = value.type
    assert isinstance(source, FloatType)
    if target.is_bool:
        return _FALSE
    low, high = _open_bounds(target, source)
    inside = Ite(
        Binary(BinOp.GT, value, Const(low, source), ct.INT),
        Binary(BinOp.LT, value, Const(high, source), ct.INT),
        _FALSE,
        ct.INT,
    )
    return deep_fold(Unary(UnOp.LNOT, inside, ct.INT))


def _open_bounds(target: IntType, source: FloatType) -> tuple[float, float]:
    """(low, high), values of `source`, such that a `source` value x truncates into
    `target` exactly when low < x < high: high = max + 1 (a power of two), low
    the largest `source` value not above min - 1."""
    high = float(target.max + 1)
    below = target.min - 1
    magnitude = _round_up(-below, source.sbits)
    return -float(magnitude), high


def _round_up(value: int, sbits: int) -> int:
    """The least integer >= `value` (> 0) with at most `sbits` significant bits."""
    excess = value.bit_length() - sbits
    if excess <= 0:
        return value
    units = -(-value >> excess)  # ceiling division by 2**excess
    return units << excess
