"""z3 meaning of operators on constants, against values worked out by hand (x86-64)."""

import math

import pytest
import z3

from checker.ir import smt_ops
from checker.ir.ir import BinOp, UnOp
from checker.ir.smt_ops import python_value
from checker.semantics import ctype as ct


def ev(term: z3.ExprRef, ctype: ct.ScalarType) -> int | float:
    return python_value(z3.simplify(term), ctype)


def c(value: int | float, ctype: ct.ScalarType) -> z3.ExprRef:
    return smt_ops.const(value, ctype)


@pytest.mark.parametrize(
    ("op", "a", "b", "ctype", "expected"),
    [
        (BinOp.ADD, 2**31 - 1, 1, ct.INT, -(2**31)),
        (BinOp.SUB, 0, 1, ct.UINT, 2**32 - 1),
        (BinOp.MUL, 65536, 65536, ct.INT, 0),
        (BinOp.DIV, -7, 2, ct.INT, -3),
        (BinOp.MOD, -7, 2, ct.INT, -1),
        (BinOp.DIV, 2**32 - 7, 2, ct.UINT, (2**32 - 7) // 2),
        (BinOp.SHL, 1, 33, ct.INT, 2),  # count masked to 5 bits as x86 does
        (BinOp.SHR, -8, 1, ct.INT, -4),
        (BinOp.SHR, 2**32 - 8, 1, ct.UINT, 2**31 - 4),
        (BinOp.SHL, 1, 63, ct.LONG, -(2**63)),
        (BinOp.BXOR, 0b1010, 0b0110, ct.INT, 0b1100),
        (BinOp.LT, -1, 0, ct.INT, 1),
        (BinOp.LT, 2**32 - 1, 0, ct.UINT, 0),
        (BinOp.GE, 5, 5, ct.LONG, 1),
    ],
)
def test_integer_binary(op: BinOp, a: int, b: int, ctype: ct.IntType, expected: int) -> None:
    result_type = ct.INT if op.is_comparison else ctype
    assert ev(smt_ops.binary(op, c(a, ctype), c(b, ctype), ctype), result_type) == expected


def test_float_binary_and_comparisons() -> None:
    d = ct.DOUBLE
    assert ev(smt_ops.binary(BinOp.ADD, c(0.1, d), c(0.2, d), d), d) == 0.1 + 0.2
    assert ev(smt_ops.binary(BinOp.DIV, c(1.0, d), c(0.0, d), d), d) == math.inf
    nan = c(float("nan"), d)
    assert ev(smt_ops.binary(BinOp.EQ, nan, nan, d), ct.INT) == 0
    assert ev(smt_ops.binary(BinOp.NE, nan, nan, d), ct.INT) == 1
    assert ev(smt_ops.binary(BinOp.EQ, c(-0.0, d), c(0.0, d), d), ct.INT) == 1
    f = ct.FLOAT
    third = ev(smt_ops.binary(BinOp.DIV, c(1.0, f), c(3.0, f), f), f)
    assert third == 0.3333333432674408


def test_unary() -> None:
    assert ev(smt_ops.unary(UnOp.NEG, c(-(2**31), ct.INT), ct.INT), ct.INT) == -(2**31)
    assert ev(smt_ops.unary(UnOp.BNOT, c(0, ct.UINT), ct.UINT), ct.UINT) == 2**32 - 1
    assert ev(smt_ops.unary(UnOp.LNOT, c(float("nan"), ct.DOUBLE), ct.DOUBLE), ct.INT) == 0
    assert (
        math.copysign(1, ev(smt_ops.unary(UnOp.NEG, c(0.0, ct.DOUBLE), ct.DOUBLE), ct.DOUBLE)) == -1
    )


@pytest.mark.parametrize(
    ("value", "source", "target", "expected"),
    [
        (-1, ct.INT, ct.UCHAR, 255),
        (300, ct.INT, ct.CHAR, 44),
        (-1, ct.CHAR, ct.UINT, 2**32 - 1),
        (255, ct.UCHAR, ct.INT, 255),
        (256, ct.INT, ct.BOOL, 1),
        (2**53 + 1, ct.LONG, ct.DOUBLE, 2.0**53),
        (2**62 + 2**38 + 1, ct.LONG, ct.FLOAT, 2.0**62 + 2.0**39),  # once, not via double
        (-2.9, ct.DOUBLE, ct.INT, -2),
        (float("nan"), ct.DOUBLE, ct.INT, -(2**31)),
        (3e9, ct.DOUBLE, ct.INT, -(2**31)),
        (3e9, ct.DOUBLE, ct.UINT, 3000000000),
        (-1.0, ct.DOUBLE, ct.UINT, 2**32 - 1),
        (1e19, ct.DOUBLE, ct.ULONG, 10**19),
        (float("nan"), ct.DOUBLE, ct.BOOL, 1),
        (0.1, ct.DOUBLE, ct.FLOAT, 0.10000000149011612),
    ],
)
def test_casts(
    value: int | float, source: ct.ScalarType, target: ct.ScalarType, expected: int | float
) -> None:
    assert ev(smt_ops.cast(c(value, source), source, target), target) == expected


def test_ieee_identities_keep_terms_shared() -> None:
    x = z3.FP("x", z3.Float64())
    one = c(1.0, ct.DOUBLE)
    assert smt_ops.binary(BinOp.MUL, one, x, ct.DOUBLE).eq(x)
    assert smt_ops.binary(BinOp.SUB, x, c(0.0, ct.DOUBLE), ct.DOUBLE).eq(x)
    assert not smt_ops.binary(BinOp.ADD, x, c(0.0, ct.DOUBLE), ct.DOUBLE).eq(x)


def test_exact_library_functions() -> None:
    d = ct.DOUBLE
    assert ev(smt_ops.fp_library("floor", [c(-1.5, d)]), d) == -2.0
    assert ev(smt_ops.fp_library("round", [c(2.5, d)]), d) == 3.0
    assert ev(smt_ops.fp_library("sqrt", [c(2.0, d)]), d) == math.sqrt(2.0)
    assert smt_ops.fp_library("sin", [c(2.0, d)]) is None
