"""Exact values of every IR operator and cast on Python values (x86-64 gcc -O0 semantics)."""

from __future__ import annotations

import math

import pytest

from checker.ir import concrete_ops as ops
from checker.ir.ir import BinOp, UnOp
from checker.semantics import ctype as ct

INT_MIN = -(2**31)
LONG_MIN = -(2**63)
NAN = math.nan
INF = math.inf


def H(text: str) -> float:
    """A C hex-float literal."""
    return float.fromhex(text)


def bits(value: float) -> int:
    return ops.float_bits(value)


def same(a: float, b: float) -> bool:
    """Bitwise, so that -0.0 and 0.0 differ."""
    return ops.same_value(a, b)


# ------------------------------------------------------------ integer arithmetic


@pytest.mark.parametrize(
    ("op", "a", "b", "ctype", "expected"),
    [
        (BinOp.ADD, 2**31 - 1, 1, ct.INT, INT_MIN),
        (BinOp.SUB, INT_MIN, 1, ct.INT, 2**31 - 1),
        (BinOp.MUL, 65536, 65536, ct.INT, 0),
        (BinOp.MUL, 46341, 46341, ct.INT, -2147479015),
        (BinOp.ADD, 2**32 - 1, 1, ct.UINT, 0),
        (BinOp.SUB, 0, 1, ct.UINT, 2**32 - 1),
        (BinOp.SUB, 0, 1, ct.ULONG, 2**64 - 1),
        (BinOp.ADD, 2**63 - 1, 1, ct.LONG, LONG_MIN),
        (BinOp.MUL, 2**62, 4, ct.LLONG, 0),
        (BinOp.DIV, 7, 2, ct.INT, 3),
        (BinOp.DIV, -7, 2, ct.INT, -3),
        (BinOp.DIV, 7, -2, ct.INT, -3),
        (BinOp.DIV, -7, -2, ct.INT, 3),
        (BinOp.MOD, 7, 2, ct.INT, 1),
        (BinOp.MOD, -7, 2, ct.INT, -1),
        (BinOp.MOD, 7, -2, ct.INT, 1),
        (BinOp.MOD, -7, -2, ct.INT, -1),
        (BinOp.DIV, INT_MIN, 2, ct.INT, -(2**30)),
        (BinOp.MOD, INT_MIN, 3, ct.INT, -2),
        (BinOp.DIV, 2**32 - 1, 2, ct.UINT, 2**31 - 1),
        (BinOp.MOD, 2**64 - 1, 10, ct.ULONG, 5),
        (BinOp.DIV, LONG_MIN, 7, ct.LONG, -1317624576693539401),
        (BinOp.BAND, -1, 0xF0, ct.INT, 0xF0),
        (BinOp.BOR, INT_MIN, 1, ct.INT, INT_MIN + 1),
        (BinOp.BXOR, -1, 2**31 - 1, ct.INT, INT_MIN),
        (BinOp.BXOR, 2**32 - 1, 1, ct.UINT, 2**32 - 2),
    ],
)
def test_integer_arithmetic(op: BinOp, a: int, b: int, ctype: ct.IntType, expected: int) -> None:
    assert ops.binary(op, a, b, ctype, ctype) == expected


@pytest.mark.parametrize(("a", "b"), [(-7, 2), (7, -3), (INT_MIN, 3), (-1, 5), (123456, -789)])
def test_division_identity(a: int, b: int) -> None:
    q = ops.binary(BinOp.DIV, a, b, ct.INT, ct.INT)
    r = ops.binary(BinOp.MOD, a, b, ct.INT, ct.INT)
    assert a == q * b + r
    assert abs(r) < abs(b)


@pytest.mark.parametrize("op", [BinOp.DIV, BinOp.MOD])
def test_division_by_zero_is_an_error(op: BinOp) -> None:
    with pytest.raises(ops.UndefinedOperation, match="by zero"):
        ops.binary(op, 1, 0, ct.INT, ct.INT)


# ------------------------------------------------------------ shifts


@pytest.mark.parametrize(
    ("op", "a", "count", "ctype", "expected"),
    [
        (BinOp.SHL, 1, 31, ct.INT, INT_MIN),
        (BinOp.SHL, 1, 32, ct.INT, 1),  # count masked to 5 bits, as x86 does
        (BinOp.SHL, 1, 33, ct.INT, 2),
        (BinOp.SHL, 3, 31, ct.INT, INT_MIN),
        (BinOp.SHL, 1, -1, ct.INT, INT_MIN),  # -1 & 31 == 31
        (BinOp.SHL, 1, 64, ct.LONG, 1),
        (BinOp.SHL, 1, 63, ct.ULONG, 2**63),
        (BinOp.SHL, 1, 40, ct.LONG, 2**40),
        (BinOp.SHL, 0xFFFFFFFF, 4, ct.UINT, 0xFFFFFFF0),
        (BinOp.SHR, -16, 2, ct.INT, -4),  # arithmetic on signed
        (BinOp.SHR, -1, 31, ct.INT, -1),
        (BinOp.SHR, -1, 32, ct.INT, -1),  # masked to 0
        (BinOp.SHR, 2**32 - 16, 2, ct.UINT, 2**30 - 4),  # logical on unsigned
        (BinOp.SHR, 2**63, 63, ct.ULONG, 1),
        (BinOp.SHR, LONG_MIN, 63, ct.LONG, -1),
        (BinOp.SHR, 256, 36, ct.INT, 16),
    ],
)
def test_shifts(op: BinOp, a: int, count: int, ctype: ct.IntType, expected: int) -> None:
    assert ops.binary(op, a, count, ctype, ctype) == expected


def test_shift_count_of_a_wider_type_is_masked_to_the_left_width() -> None:
    assert ops.binary(BinOp.SHL, 1, 2**32 + 3, ct.INT, ct.INT) == 8


# ------------------------------------------------------------ comparisons


@pytest.mark.parametrize(
    ("op", "a", "b", "ctype", "expected"),
    [
        (BinOp.LT, -1, 0, ct.INT, 1),
        (BinOp.LT, 2**32 - 1, 0, ct.UINT, 0),
        (BinOp.GE, 2**63, 1, ct.ULONG, 1),
        (BinOp.EQ, 5, 5, ct.LONG, 1),
        (BinOp.NE, 5, 5, ct.LONG, 0),
        (BinOp.LE, INT_MIN, INT_MIN, ct.INT, 1),
        (BinOp.GT, 3, 4, ct.SHORT, 0),
        (BinOp.LT, -3, 4, ct.PointerType(ct.INT), 1),
    ],
)
def test_integer_comparisons(
    op: BinOp, a: int, b: int, ctype: ct.ScalarType, expected: int
) -> None:
    assert ops.binary(op, a, b, ctype, ct.INT) == expected


@pytest.mark.parametrize(
    ("op", "a", "b", "expected"),
    [
        (BinOp.EQ, NAN, NAN, 0),
        (BinOp.NE, NAN, NAN, 1),
        (BinOp.LT, NAN, 1.0, 0),
        (BinOp.GE, NAN, 1.0, 0),
        (BinOp.LE, 1.0, NAN, 0),
        (BinOp.GT, 1.0, NAN, 0),
        (BinOp.NE, 1.0, NAN, 1),
        (BinOp.EQ, -0.0, 0.0, 1),
        (BinOp.LT, -0.0, 0.0, 0),
        (BinOp.LT, -INF, INF, 1),
        (BinOp.GE, INF, INF, 1),
    ],
)
def test_float_comparisons(op: BinOp, a: float, b: float, expected: int) -> None:
    assert ops.binary(op, a, b, ct.DOUBLE, ct.INT) == expected
    assert ops.binary(op, a, b, ct.FLOAT, ct.INT) == expected


# ------------------------------------------------------------ float arithmetic


def test_float_arithmetic_is_ieee_double() -> None:
    assert ops.binary(BinOp.ADD, 0.1, 0.2, ct.DOUBLE, ct.DOUBLE) == 0.30000000000000004
    assert ops.binary(BinOp.DIV, 1.0, 3.0, ct.DOUBLE, ct.DOUBLE) == H("0x1.5555555555555p-2")
    assert ops.binary(BinOp.MUL, 1e308, 10.0, ct.DOUBLE, ct.DOUBLE) == INF
    assert same(ops.binary(BinOp.ADD, -0.0, -0.0, ct.DOUBLE, ct.DOUBLE), -0.0)
    assert same(ops.binary(BinOp.ADD, -0.0, 0.0, ct.DOUBLE, ct.DOUBLE), 0.0)
    assert same(ops.binary(BinOp.SUB, 1.0, 1.0, ct.DOUBLE, ct.DOUBLE), 0.0)
    assert math.isnan(ops.binary(BinOp.SUB, INF, INF, ct.DOUBLE, ct.DOUBLE))
    assert math.isnan(ops.binary(BinOp.MUL, 0.0, INF, ct.DOUBLE, ct.DOUBLE))


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (1.0, 0.0, INF),
        (-1.0, 0.0, -INF),
        (1.0, -0.0, -INF),
        (-1.0, -0.0, INF),
        (0.0, 0.0, NAN),
        (NAN, 0.0, NAN),
        (INF, 0.0, INF),
        (1.0, INF, 0.0),
        (-1.0, INF, -0.0),
    ],
)
def test_float_division_by_zero_and_infinity(a: float, b: float, expected: float) -> None:
    assert same(ops.binary(BinOp.DIV, a, b, ct.DOUBLE, ct.DOUBLE), expected)


def test_invalid_operations_give_x86_default_nan_which_is_negative() -> None:
    assert math.copysign(1.0, ops.float_divide(0.0, 0.0)) == -1.0
    assert math.copysign(1.0, ops.binary(BinOp.SUB, INF, INF, ct.DOUBLE, ct.DOUBLE)) == -1.0


def test_float32_arithmetic_rounds_once_to_float32() -> None:
    one_third = ops.binary(BinOp.DIV, 1.0, 3.0, ct.FLOAT, ct.FLOAT)
    assert one_third == H("0x1.555556p-2")
    assert ops.binary(BinOp.ADD, 16777216.0, 1.0, ct.FLOAT, ct.FLOAT) == 16777216.0  # tie to even
    assert ops.binary(BinOp.ADD, 16777216.0, 3.0, ct.FLOAT, ct.FLOAT) == 16777220.0
    assert ops.binary(BinOp.MUL, H("0x1.fffffep127"), 2.0, ct.FLOAT, ct.FLOAT) == INF
    assert ops.binary(BinOp.MUL, H("0x1p-149"), 0.5, ct.FLOAT, ct.FLOAT) == 0.0  # tie to even: 0
    assert ops.binary(BinOp.MUL, H("0x1p-149"), 0.75, ct.FLOAT, ct.FLOAT) == H("0x1p-149")
    assert ops.binary(BinOp.ADD, 0.1, 0.2, ct.FLOAT, ct.FLOAT) == ops.float32(0.1 + 0.2)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (0.1, H("0x1.99999ap-4")),
        (1 + 2**-24, 1.0),  # exact tie rounds to even
        (1 + 3 * 2**-24, 1 + 2**-22),  # tie rounds up to even
        (H("0x1.fffffefffffffp127"), H("0x1.fffffep127")),  # just below the overflow threshold
        (H("0x1.ffffffp127"), INF),  # the threshold itself is a tie to even: infinity
        (-1e39, -INF),
        (1e-46, 0.0),
        (-1e-46, -0.0),
        (H("0x1p-150") * 1.5, H("0x1p-149")),
        (INF, INF),
    ],
)
def test_float32_rounding(value: float, expected: float) -> None:
    assert same(ops.float32(value), expected)


def test_float32_of_nan_is_nan() -> None:
    assert math.isnan(ops.float32(NAN))


# ------------------------------------------------------------ unary


@pytest.mark.parametrize(
    ("op", "a", "ctype", "expected"),
    [
        (UnOp.NEG, INT_MIN, ct.INT, INT_MIN),
        (UnOp.NEG, 5, ct.INT, -5),
        (UnOp.NEG, 1, ct.UINT, 2**32 - 1),
        (UnOp.NEG, LONG_MIN, ct.LONG, LONG_MIN),
        (UnOp.BNOT, 0, ct.INT, -1),
        (UnOp.BNOT, 0, ct.UINT, 2**32 - 1),
        (UnOp.BNOT, 2**64 - 1, ct.ULONG, 0),
        (UnOp.LNOT, 0, ct.INT, 1),
        (UnOp.LNOT, INT_MIN, ct.INT, 0),
    ],
)
def test_integer_unary(op: UnOp, a: int, ctype: ct.IntType, expected: int) -> None:
    result_type = ct.INT if op is UnOp.LNOT else ctype
    assert ops.unary(op, a, ctype, result_type) == expected


def test_float_negation_flips_the_sign_bit_of_zeros_and_nans() -> None:
    assert same(ops.unary(UnOp.NEG, 0.0, ct.DOUBLE, ct.DOUBLE), -0.0)
    assert same(ops.unary(UnOp.NEG, -0.0, ct.DOUBLE, ct.DOUBLE), 0.0)
    negated = ops.unary(UnOp.NEG, NAN, ct.DOUBLE, ct.DOUBLE)
    assert bits(negated) == bits(NAN) ^ (1 << 63)


@pytest.mark.parametrize(
    ("value", "expected"), [(0.0, 1), (-0.0, 1), (NAN, 0), (1e-300, 0), (-INF, 0)]
)
def test_logical_not_on_floats(value: float, expected: int) -> None:
    assert ops.unary(UnOp.LNOT, value, ct.DOUBLE, ct.INT) == expected


# ------------------------------------------------------------ casts


@pytest.mark.parametrize(
    ("value", "source", "target", "expected"),
    [
        (300, ct.INT, ct.UCHAR, 44),
        (200, ct.INT, ct.SCHAR, -56),
        (-1, ct.INT, ct.UINT, 2**32 - 1),
        (-1, ct.INT, ct.ULONG, 2**64 - 1),
        (2**32 - 1, ct.UINT, ct.LONG, 2**32 - 1),
        (2**63, ct.ULONG, ct.LONG, LONG_MIN),
        (65536 + 5, ct.INT, ct.SHORT, 5),
        (256, ct.INT, ct.BOOL, 1),
        (0, ct.LONG, ct.BOOL, 0),
        (-7, ct.INT, ct.PointerType(ct.INT), -7),
        (12, ct.PointerType(ct.INT), ct.PointerType(ct.CHAR), 12),
    ],
)
def test_integer_casts(
    value: int, source: ct.ScalarType, target: ct.ScalarType, expected: int
) -> None:
    assert ops.cast(value, source, target) == expected


@pytest.mark.parametrize(
    ("value", "source", "target", "expected"),
    [
        (2**53 + 1, ct.LONG, ct.DOUBLE, 2.0**53),  # tie to even
        (2**53 + 3, ct.LONG, ct.DOUBLE, 2.0**53 + 4),
        (2**24 + 1, ct.INT, ct.FLOAT, 2.0**24),
        (2**24 + 3, ct.INT, ct.FLOAT, 2.0**24 + 4),
        # via double this would round twice: 2^60 + 2^36 + 1 -> 2^60 + 2^36 (tie) -> 2^60
        (2**60 + 2**36 + 1, ct.LONG, ct.FLOAT, 2.0**60 + 2**37),
        (2**64 - 1, ct.ULONG, ct.FLOAT, 2.0**64),
        (2**64 - 1, ct.ULONG, ct.DOUBLE, 2.0**64),
        (LONG_MIN, ct.LONG, ct.FLOAT, -(2.0**63)),
        (-(2**24) - 1, ct.INT, ct.FLOAT, -(2.0**24)),
        (2**32 - 1, ct.UINT, ct.FLOAT, 2.0**32),
        (1, ct.BOOL, ct.DOUBLE, 1.0),
    ],
)
def test_int_to_float_rounds_once(
    value: int, source: ct.IntType, target: ct.FloatType, expected: float
) -> None:
    assert ops.cast(value, source, target) == expected


def test_float_conversions() -> None:
    assert ops.cast(0.1, ct.DOUBLE, ct.FLOAT) == H("0x1.99999ap-4")
    assert ops.cast(1e300, ct.DOUBLE, ct.FLOAT) == INF
    assert same(ops.cast(-0.0, ct.DOUBLE, ct.FLOAT), -0.0)
    assert ops.cast(H("0x1.99999ap-4"), ct.FLOAT, ct.DOUBLE) == H("0x1.99999ap-4")
    assert math.isnan(ops.cast(NAN, ct.FLOAT, ct.DOUBLE))


# Measured with gcc 12 -O0 on x86-64 (see concrete_ops.float_to_int).
@pytest.mark.parametrize(
    ("value", "target", "expected"),
    [
        (1.9, ct.INT, 1),
        (-1.9, ct.INT, -1),
        (-0.5, ct.INT, 0),
        (2147483647.0, ct.INT, 2**31 - 1),
        (2147483648.0, ct.INT, INT_MIN),
        (-2147483649.0, ct.INT, INT_MIN),
        (NAN, ct.INT, INT_MIN),
        (INF, ct.INT, INT_MIN),
        (-INF, ct.INT, INT_MIN),
        (128.0, ct.SCHAR, -128),
        (-129.0, ct.SCHAR, 127),
        (256.0, ct.UCHAR, 0),
        (255.9, ct.UCHAR, 255),
        (-1.5, ct.UCHAR, 255),
        (32768.0, ct.SHORT, -32768),
        (65536.0, ct.USHORT, 0),
        (-32769.0, ct.USHORT, 32767),
        (2147483648.0, ct.SCHAR, 0),  # 32-bit indefinite, low byte
        (NAN, ct.USHORT, 0),
        (-1.0, ct.UINT, 2**32 - 1),
        (4294967295.0, ct.UINT, 2**32 - 1),
        (4294967296.0, ct.UINT, 0),
        (-2147483649.0, ct.UINT, 2**31 - 1),
        (NAN, ct.UINT, 0),
        (1e300, ct.UINT, 0),
        (9223372036854775807.0, ct.LONG, LONG_MIN),  # rounds to 2^63: out of range
        (-(2.0**63), ct.LONG, LONG_MIN),
        (-H("0x1.0000000000001p+63"), ct.LONG, LONG_MIN),
        (NAN, ct.LONG, LONG_MIN),
        (-1.0, ct.ULONG, 2**64 - 1),
        (2.0**63, ct.ULONG, 2**63),
        (H("0x1.fffffffffffffp+63"), ct.ULONG, 18446744073709549568),
        (1e19, ct.ULONG, 10000000000000000000),
        (2.0**64, ct.ULONG, 0),
        (1e300, ct.ULONG, 0),
        (INF, ct.ULONG, 0),
        (-INF, ct.ULONG, 2**63),
        (NAN, ct.ULONG, 2**63),
        (-1e300, ct.ULONG, 2**63),
        (NAN, ct.BOOL, 1),
        (-0.0, ct.BOOL, 0),
        (0.25, ct.BOOL, 1),
    ],
)
def test_float_to_int_follows_x86_64_gcc(value: float, target: ct.IntType, expected: int) -> None:
    assert ops.cast(value, ct.DOUBLE, target) == expected
    if ops.float32(value) == value or math.isnan(value):
        assert ops.cast(value, ct.FLOAT, target) == expected


def test_float_to_pointer_converts_like_long() -> None:
    assert ops.cast(-3.5, ct.DOUBLE, ct.PointerType(ct.INT)) == -3


# ------------------------------------------------------------ helpers


@pytest.mark.parametrize(
    ("value", "ctype", "expected"),
    [
        (2**32 + 5, ct.INT, 5),
        (-1, ct.UCHAR, 255),
        (3, ct.DOUBLE, 3.0),
        (0.1, ct.FLOAT, H("0x1.99999ap-4")),
        (-2.5, ct.INT, -2),
        (2**63, ct.PointerType(ct.INT), LONG_MIN),
    ],
)
def test_coerce(value: float, ctype: ct.ScalarType, expected: float) -> None:
    result = ops.coerce(value, ctype)
    assert result == expected
    assert type(result) is type(expected)


def test_same_value() -> None:
    assert ops.same_value(NAN, -NAN)
    assert not ops.same_value(0.0, -0.0)
    assert ops.same_value(1.5, 1.5)
    assert not ops.same_value(1, 1.0)
    assert ops.same_value(7, 7)
    assert ops.same_value("ab", "ab")
    assert not ops.same_value("ab", "abc")
    assert not ops.same_value(NAN, 1.0)


def test_is_true() -> None:
    assert ops.is_true(NAN)
    assert not ops.is_true(-0.0)
    assert ops.is_true("")
    assert not ops.is_true(0)
    assert ops.is_true(-1)
