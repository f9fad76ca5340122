"""Concrete C meaning of every IR operator and cast, on Python values.

This is the interpreter's counterpart of `smt_ops`, written independently so
the two can check each other. Values are Python ints kept in their type's
range (pointers: signed 64-bit element offsets) and Python floats; a float32
value is always a double that float32 represents exactly.

Behaviour C leaves undefined but x86-64 gcc -O0 defines is modelled as that
machine does it (measured with gcc 12 on x86-64, see `float_to_int`):
shift counts are masked to the promoted operand width, and float->int
conversions use cvttsd2si/cvttss2si, whose "integer indefinite" result for
NaN and out-of-range values is 0x80..0.

Float32 arithmetic is done in double and rounded once to float32. That is
exact for + - * / (and sqrt, see `libm`): a double has p' = 53 >= 2p + 2 = 50
significand bits for float32's p = 24, which makes double rounding innocuous
for these operations (Figueroa, "When is double rounding innocuous?", 1995).
The exponent range does not interfere: every float32 result, subnormals
included (>= 2^-149), and every intermediate (products >= 2^-298, quotients
<= 2^277) lies in double's normal range, where the first rounding keeps 53
bits, at least twice float32's precision plus two also on float32's coarser
subnormal grid; overflow to infinity happens only in the final rounding.
"""

from __future__ import annotations

import functools
import math
import operator
import struct
from collections.abc import Callable
from typing import cast as cast_type

from checker.errors import LiftdiffError
from checker.ir.ir import BinOp, UnOp
from checker.semantics import ctype as ct
from checker.semantics.ctype import FloatType, IntType, PointerType, ScalarType

Number = int | float

_FLOAT32 = struct.Struct("<f")
_FLOAT64 = struct.Struct("<d")
_DEFAULT_NAN = -math.nan
"""x86's result of an invalid operation (0/0, inf-inf, ...): a negative quiet NaN."""


class UndefinedOperation(LiftdiffError):
    """An operation the lowering guards with a trap edge (x / 0, INT_MIN / -1) was reached."""


# ------------------------------------------------------------ representation


def float32(value: float) -> float:
    """Round a double to the nearest float32 (ties to even), as a double."""
    try:
        rounded: float = _FLOAT32.unpack(_FLOAT32.pack(value))[0]
        return rounded
    except OverflowError:  # the rounded value is infinite
        return math.copysign(math.inf, value)


def float_bits(value: float, bits: int = 64) -> int:
    """The IEEE bit pattern of `value` in the given width."""
    if bits == 32:
        return int.from_bytes(_FLOAT32.pack(value), "little")
    return int.from_bytes(_FLOAT64.pack(value), "little")


def round_float(value: float, ftype: FloatType) -> float:
    return float32(value) if ftype.bits == 32 else value


def wrap(value: int, ctype: ScalarType) -> int:
    """Reduce an integer into the range of an integer or pointer type."""
    if isinstance(ctype, PointerType):
        return ct.INDEX.wrap(value)
    assert isinstance(ctype, IntType)
    return ctype.wrap(value)


def coerce(value: Number, ctype: ScalarType) -> Number:
    """A value given from outside (inputs, stub tables) as a value of `ctype`.

    Integers are wrapped, floats rounded to the type's width; a float given
    for an integer type (or the reverse) goes through the C conversion.
    """
    if isinstance(ctype, FloatType):
        if isinstance(value, int):
            return int_to_float(value, ctype)
        return round_float(float(value), ctype)
    if isinstance(value, float):
        return float_to_int(value, ct.LONG if isinstance(ctype, PointerType) else ctype)
    return wrap(value, ctype)


def is_true(value: Number | str) -> bool:
    """C's test against zero: a NaN is non-zero, -0.0 is zero, a string is non-null."""
    if isinstance(value, str):
        return True
    return value != 0 or math.isnan(value)


def zero(ctype: ScalarType) -> Number:
    return 0.0 if isinstance(ctype, FloatType) else 0


def same_value(a: Number | str, b: Number | str) -> bool:
    """Output equality: ints by value, floats bitwise except that all NaNs are equal."""
    if isinstance(a, float) and isinstance(b, float):
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return float_bits(a) == float_bits(b)
    if isinstance(a, float) or isinstance(b, float):
        return False
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    return a == b


# ------------------------------------------------------------ operators
#
# Each operator is resolved once per (operator, types) into a small function,
# which the interpreter calls on every evaluation.

BinaryFunction = Callable[[Number, Number], Number]
UnaryFunction = Callable[[Number], Number]

_COMPARE: dict[BinOp, Callable[[Number, Number], bool]] = {
    BinOp.EQ: operator.eq, BinOp.NE: operator.ne, BinOp.LT: operator.lt,
    BinOp.LE: operator.le, BinOp.GT: operator.gt, BinOp.GE: operator.ge,
}  # on floats Python follows IEEE: NaN compares false (!= true), -0.0 == 0.0
_INT_ARITH: dict[BinOp, Callable[[int, int], int]] = {
    BinOp.ADD: operator.add, BinOp.SUB: operator.sub, BinOp.MUL: operator.mul,
    BinOp.BAND: operator.and_, BinOp.BOR: operator.or_, BinOp.BXOR: operator.xor,
}


def binary(op: BinOp, a: Number, b: Number, operand: ScalarType, result: ScalarType) -> Number:
    """`a op b` with both operands of type `operand` (shifts: `a`'s type)."""
    return binary_function(op, operand, result)(a, b)


@functools.cache
def binary_function(op: BinOp, operand: ScalarType, result: ScalarType) -> BinaryFunction:
    if op.is_comparison:
        compare = _COMPARE[op]
        return lambda a, b: int(compare(a, b))
    if isinstance(operand, FloatType):
        return _float_arith(op, operand)
    reduce = _wrapper(result)
    if op.is_shift:
        mask = (64 if isinstance(operand, PointerType) else operand.bits) - 1
        if op is BinOp.SHL:
            return _on_ints(lambda a, b: reduce(a << (b & mask)))
        # values are in range, so Python's >> is arithmetic exactly when the type is signed
        return _on_ints(lambda a, b: reduce(a >> (b & mask)))
    if op is BinOp.DIV:
        return _on_ints(lambda a, b: reduce(_truncating_division(a, b)[0]))
    if op is BinOp.MOD:
        return _on_ints(lambda a, b: reduce(_truncating_division(a, b)[1]))
    if op not in _INT_ARITH:
        raise ValueError(f"operator {op.value} on integers")
    arith = _INT_ARITH[op]
    return _on_ints(lambda a, b: reduce(arith(a, b)))


def _on_ints(function: Callable[[int, int], int]) -> BinaryFunction:
    """An integer operator as a BinaryFunction: operands of integer or pointer type are
    ints (the IR is typed), so the function is checked over ints and widened once here."""
    return cast_type(BinaryFunction, function)


def _on_int(function: Callable[[int], Number]) -> UnaryFunction:
    """As `_on_ints`, for an operand of integer or pointer type."""
    return cast_type(UnaryFunction, function)


def _wrapper(ctype: ScalarType) -> Callable[[int], int]:
    if isinstance(ctype, PointerType):
        return ct.INDEX.wrap
    assert isinstance(ctype, IntType), "wrapping is for integer and pointer types"
    return ctype.wrap


def _truncating_division(a: int, b: int) -> tuple[int, int]:
    """C99 quotient (toward zero) and remainder: a == q * b + r."""
    if b == 0:
        raise UndefinedOperation("integer division by zero reached (the lowering guards it)")
    quotient = abs(a) // abs(b)
    if (a < 0) != (b < 0):
        quotient = -quotient
    return quotient, a - b * quotient


def _float_arith(op: BinOp, ftype: FloatType) -> BinaryFunction:
    arith: Callable[[float, float], float]
    if op is BinOp.ADD:
        arith = operator.add
    elif op is BinOp.SUB:
        arith = operator.sub
    elif op is BinOp.MUL:
        arith = operator.mul
    elif op is BinOp.DIV:
        arith = float_divide
    else:
        raise ValueError(f"operator {op.value} on floating values")
    if ftype.bits == 32:
        return lambda a, b: float32(arith(a, b))
    return arith


def float_divide(a: float, b: float) -> float:
    """IEEE division, also by zero (where Python raises)."""
    if b != 0.0 or math.isnan(b):
        return a / b
    if math.isnan(a):
        return a
    if a == 0.0:
        return _DEFAULT_NAN
    negative = (math.copysign(1.0, a) < 0) != (math.copysign(1.0, b) < 0)
    return -math.inf if negative else math.inf


def unary(op: UnOp, a: Number, operand: ScalarType, result: ScalarType) -> Number:
    return unary_function(op, operand, result)(a)


@functools.cache
def unary_function(op: UnOp, operand: ScalarType, result: ScalarType) -> UnaryFunction:
    if op is UnOp.LNOT:
        return lambda a: int(not is_true(a))
    if isinstance(operand, FloatType):
        if op is UnOp.NEG:
            return operator.neg  # flips the sign bit, also of zeros and NaNs
        raise ValueError("~ on a floating value")
    reduce = _wrapper(result)
    if op is UnOp.NEG:
        return _on_int(lambda a: reduce(-a))
    return _on_int(lambda a: reduce(~a))


# ------------------------------------------------------------ conversions


def cast(value: Number, source: ScalarType, target: ScalarType) -> Number:
    """Conversion as by assignment (C11 6.3), x86-64 -O0 where C leaves it undefined."""
    return cast_function(source, target)(value)


@functools.cache
def cast_function(source: ScalarType, target: ScalarType) -> UnaryFunction:
    if isinstance(target, IntType) and target.is_bool:
        return lambda value: int(is_true(value))
    if isinstance(source, FloatType):
        if isinstance(target, FloatType):
            return float32 if target.bits == 32 else _identity
        int_target = ct.LONG if isinstance(target, PointerType) else target
        return lambda value: float_to_int(value, int_target)
    if isinstance(target, FloatType):
        return _on_int(lambda value: int_to_float(value, target))
    return _on_int(_wrapper(target))


def bits_function(source: ScalarType, target: ScalarType) -> UnaryFunction:
    """`Bits` on concrete values: a float's IEEE pattern as the unsigned integer
    of its width, or the float a pattern encodes."""
    if isinstance(source, FloatType):
        assert isinstance(target, IntType)
        return lambda value: wrap(float_bits(float(value), source.bits), target)
    assert isinstance(target, FloatType)
    packer = _FLOAT32 if target.bits == 32 else _FLOAT64

    def decode(value: Number) -> Number:
        pattern = int(value) & ((1 << target.bits) - 1)
        decoded: float = packer.unpack(pattern.to_bytes(target.bits // 8, "little"))[0]
        return decoded

    return decode


def _identity(value: Number) -> Number:
    return value


def int_to_float(value: int, target: FloatType) -> float:
    """Correctly rounded (ties to even) once, directly to the target width."""
    if target.bits == 64:
        return float(value)  # Python rounds int -> double correctly
    magnitude = abs(value)
    excess = magnitude.bit_length() - target.sbits
    if excess > 0:
        quotient, remainder = divmod(magnitude, 1 << excess)
        half = 1 << (excess - 1)
        if remainder > half or (remainder == half and quotient & 1):
            quotient += 1
        magnitude = quotient << excess
    rounded = float(magnitude)  # exact: at most 24 significant bits
    return -rounded if value < 0 else rounded


def float_to_int(value: float, target: IntType) -> int:
    """gcc -O0 on x86-64, measured: which cvtt instruction runs, then truncation.

    * _Bool: `value != 0` (NaN gives 1).
    * 8/16/32-bit signed, 8/16-bit unsigned: cvttsd2si to 32 bits, then the
      low bits (so (unsigned char)256.0 == 0 and (signed char)128.0 == -128).
    * 32-bit unsigned, 64-bit signed: cvttsd2si to 64 bits, then the low bits
      ((unsigned)-1.0 == 0xffffffff, (unsigned)NaN == 0).
    * 64-bit unsigned: values >= 2^63 convert `value - 2^63` and flip bit 63,
      others convert directly; NaN and negatives out of range give 2^63,
      values >= 2^64 give 0.
    The 32/64-bit conversions give the "integer indefinite" 0x80..0 for NaN and
    for values whose truncation does not fit.
    """
    if target.is_bool:
        return int(is_true(value))
    if target.bits == 64 and not target.signed:
        if value >= 2.0**63:
            return target.wrap(_cvtt(value - 2.0**63, 64) ^ (1 << 63))
        return target.wrap(_cvtt(value, 64))
    if target.bits == 64 or (target.bits == 32 and not target.signed):
        return target.wrap(_cvtt(value, 64))
    return target.wrap(_cvtt(value, 32))


def _cvtt(value: float, bits: int) -> int:
    """x86 cvttsd2si: truncate toward zero, or the integer indefinite -2^(bits-1)."""
    if math.isnan(value) or math.isinf(value):
        return -(1 << (bits - 1))
    truncated = int(value)
    if not -(1 << (bits - 1)) <= truncated < (1 << (bits - 1)):
        return -(1 << (bits - 1))
    return truncated
