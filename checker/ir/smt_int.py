"""Integer semantics over mathematical integers with explicit two's-complement wrap.

Spacer finds linear invariants over Int far more easily than over bit-vectors
(measured: the LIA version of `for (i<n) r += 2` vs `r = 2n` in 0.01 s, the
32-bit bit-vector version times out). C semantics is kept exactly: every
arithmetic result is wrapped back into its type's range, so this encoding is
used only where wrapping is expressible linearly: +, -, negation, casts,
multiplication/division/modulo by constants, comparisons. Anything else
(bitwise operators, shifts, variable divisors, products of variables,
floating point) makes `supports` false and the caller uses bit-vectors.
"""

from __future__ import annotations

import z3

from checker.ir.ir import Binary, BinOp, Cast, Const, Expr, Unary, UnOp, walk
from checker.semantics.ctype import FloatType, IntType, PointerType, ScalarType

_LINEAR_OPS = {BinOp.ADD, BinOp.SUB, BinOp.EQ, BinOp.NE, BinOp.LT, BinOp.LE, BinOp.GT, BinOp.GE}


def _bits(ctype: ScalarType) -> tuple[int, bool]:
    if isinstance(ctype, PointerType):
        return 64, True
    assert isinstance(ctype, IntType)
    return ctype.bits, ctype.signed and not ctype.is_bool


def supports(expr: Expr) -> bool:
    """Can `expr` be encoded exactly with linear integer arithmetic?"""
    for node in walk(expr):
        if isinstance(node.type, FloatType):
            return False
        if isinstance(node, Unary) and node.op is UnOp.BNOT:
            return False
        if isinstance(node, Cast) and isinstance(node.arg.type, FloatType):
            return False
        if isinstance(node, Binary) and node.op not in _LINEAR_OPS:
            if node.op in (BinOp.MUL,) and (
                isinstance(node.left, Const) or isinstance(node.right, Const)
            ):
                continue
            if (
                node.op in (BinOp.DIV, BinOp.MOD)
                and isinstance(node.right, Const)
                and node.right.value > 0
                and _bits(node.type)[1]
            ):
                continue
            return False
    return True


def sort_of(ctype: ScalarType) -> z3.SortRef:
    if isinstance(ctype, FloatType):
        raise ValueError("floating values have no integer encoding")
    return z3.IntSort()


def const(value: int | float, ctype: ScalarType) -> z3.ArithRef:
    bits, signed = _bits(ctype)
    return z3.IntVal(_wrap_value(int(value), bits, signed))


def _wrap_value(value: int, bits: int, signed: bool) -> int:
    value &= (1 << bits) - 1
    if signed and value >> (bits - 1):
        value -= 1 << bits
    return value


def _range(ctype: ScalarType) -> tuple[int, int, int]:
    bits, signed = _bits(ctype)
    low = -(1 << (bits - 1)) if signed else 0
    return low, low + (1 << bits) - 1, 1 << bits


def wrap_once(value: z3.ArithRef, ctype: ScalarType) -> z3.ArithRef:
    """Wrap a value at most one range-width outside (sums and differences)."""
    low, high, span = _range(ctype)
    return z3.If(value > high, value - span, z3.If(value < low, value + span, value))


def wrap(value: z3.ArithRef, ctype: ScalarType) -> z3.ArithRef:
    """General wrap (products by constants, narrowing casts)."""
    low, _, span = _range(ctype)
    return (value - low) % span + low


def is_true(value: z3.ExprRef, ctype: ScalarType) -> z3.BoolRef:
    return value != 0


def as_int(cond: z3.BoolRef) -> z3.ArithRef:
    return z3.If(cond, z3.IntVal(1), z3.IntVal(0))


def binary(op: BinOp, a: z3.ArithRef, b: z3.ArithRef, operand: ScalarType) -> z3.ExprRef:
    if op is BinOp.ADD:
        return wrap_once(a + b, operand)
    if op is BinOp.SUB:
        return wrap_once(a - b, operand)
    if op is BinOp.MUL:
        return _multiply(a, b, operand)
    if op in (BinOp.DIV, BinOp.MOD):
        quotient = z3.If(a >= 0, a / b, -((-a) / b))  # C truncates; z3 floors
        return quotient if op is BinOp.DIV else a - b * quotient
    table = {
        BinOp.EQ: a == b,
        BinOp.NE: a != b,
        BinOp.LT: a < b,
        BinOp.LE: a <= b,
        BinOp.GT: a > b,
        BinOp.GE: a >= b,
    }
    if op not in table:
        raise ValueError(f"operator {op.value} has no linear integer encoding")
    return as_int(table[op])


def _multiply(a: z3.ArithRef, b: z3.ArithRef, operand: ScalarType) -> z3.ArithRef:
    """Products by small constants as repeated wrapped sums: the wrap stays one
    linear case split per step, which Spacer handles far better than `mod`."""
    for factor, other in ((b, a), (a, b)):
        if z3.is_int_value(factor) and 0 <= factor.as_long() <= SMALL_FACTOR:
            count = factor.as_long()
            if count == 0:
                return z3.IntVal(0)
            total = other
            for _ in range(count - 1):
                total = wrap_once(total + other, operand)
            return total
    return wrap(a * b, operand)


SMALL_FACTOR = 4


def unary(op: UnOp, a: z3.ArithRef, operand: ScalarType) -> z3.ExprRef:
    if op is UnOp.LNOT:
        return as_int(a == 0)
    if op is UnOp.NEG:
        return wrap_once(-a, operand)
    raise ValueError("~ has no linear integer encoding")


def cast(a: z3.ArithRef, source: ScalarType, target: ScalarType) -> z3.ExprRef:
    if source == target:
        return a
    if isinstance(target, IntType) and target.is_bool:
        return as_int(a != 0)
    src_low, src_high, _ = _range(source)
    dst_low, dst_high, _ = _range(target)
    if dst_low <= src_low and src_high <= dst_high:
        return a  # the target holds every source value
    return wrap(a, target)


def fp_library(name: str, args: list[z3.ExprRef]) -> z3.ExprRef | None:
    return None
