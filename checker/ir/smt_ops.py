"""Bit-precise z3 meaning of every IR operator, cast and constant.

Integers are bit-vectors of their type's width (_Bool is 1 bit); floats are
IEEE (z3 FP, round-nearest-even); pointers are 64-bit element offsets.
Behaviour C leaves undefined but x86-64 defines is modelled as x86-64 at -O0
does it: shift counts are masked to the operand width, float->int conversion
of NaN/out-of-range values yields the "integer indefinite" 0x80..0.
"""

from __future__ import annotations

import hashlib
import math

import z3

from checker.ir.ir import BinOp, UnOp
from checker.semantics import ctype as ct
from checker.semantics.ctype import FloatType, IntType, PointerType, ScalarType

RNE = z3.RNE()
RTZ = z3.RTZ()


def sort_of(ctype: ScalarType) -> z3.SortRef:
    if isinstance(ctype, FloatType):
        return z3.Float32() if ctype.bits == 32 else z3.Float64()
    if isinstance(ctype, PointerType):
        return z3.BitVecSort(64)
    return z3.BitVecSort(ctype.bits)


def const(value: int | float, ctype: ScalarType) -> z3.ExprRef:
    if isinstance(ctype, FloatType):
        return z3.FPVal(float(value), sort_of(ctype))
    bits = 64 if isinstance(ctype, PointerType) else ctype.bits
    return z3.BitVecVal(int(value) & ((1 << bits) - 1), bits)


def string_id(text: str) -> z3.BitVecRef:
    """Strings passed to external functions are compared by content: equal texts,
    equal ids (a 64-bit digest)."""
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
    return z3.BitVecVal(int.from_bytes(digest[:8], "little"), 64)


def as_int(cond: z3.BoolRef) -> z3.BitVecRef:
    """A C truth value (int 0/1) from a z3 Boolean."""
    return z3.If(cond, z3.BitVecVal(1, 32), z3.BitVecVal(0, 32))


def is_true(value: z3.ExprRef, ctype: ScalarType) -> z3.BoolRef:
    """`value != 0` in C."""
    if isinstance(ctype, FloatType):
        return z3.Not(z3.fpIsZero(value))
    return value != z3.BitVecVal(0, value.size())


def binary(op: BinOp, a: z3.ExprRef, b: z3.ExprRef, operand: ScalarType) -> z3.ExprRef:
    if _is_value(a) and _is_value(b):
        return z3.simplify(_binary(op, a, b, operand))
    return _binary(op, a, b, operand)


def _binary(op: BinOp, a: z3.ExprRef, b: z3.ExprRef, operand: ScalarType) -> z3.ExprRef:
    if isinstance(operand, FloatType):
        return _float_binary(op, a, b)
    signed = (isinstance(operand, IntType) and operand.signed) or isinstance(operand, PointerType)
    if op is BinOp.ADD:
        return a + b
    if op is BinOp.SUB:
        return a - b
    if op is BinOp.MUL:
        return a * b
    if op is BinOp.DIV:
        return a / b if signed else z3.UDiv(a, b)
    if op is BinOp.MOD:
        return z3.SRem(a, b) if signed else z3.URem(a, b)
    if op is BinOp.BAND:
        return a & b
    if op is BinOp.BOR:
        return a | b
    if op is BinOp.BXOR:
        return a ^ b
    if op.is_shift:
        width = a.size()
        count = _resize(b, width) & z3.BitVecVal(width - 1, width)
        if op is BinOp.SHL:
            return a << count
        return a >> count if signed else z3.LShR(a, count)
    return as_int(_int_compare(op, a, b, signed))


def _resize(value: z3.BitVecRef, width: int) -> z3.BitVecRef:
    if value.size() == width:
        return value
    if value.size() > width:
        return z3.Extract(width - 1, 0, value)
    return z3.ZeroExt(width - value.size(), value)


def _int_compare(op: BinOp, a: z3.ExprRef, b: z3.ExprRef, signed: bool) -> z3.BoolRef:
    if op is BinOp.EQ:
        return a == b
    if op is BinOp.NE:
        return a != b
    if signed:
        table = {BinOp.LT: a < b, BinOp.LE: a <= b, BinOp.GT: a > b, BinOp.GE: a >= b}
    else:
        table = {
            BinOp.LT: z3.ULT(a, b),
            BinOp.LE: z3.ULE(a, b),
            BinOp.GT: z3.UGT(a, b),
            BinOp.GE: z3.UGE(a, b),
        }
    return table[op]


def _fp_literal(term: z3.ExprRef) -> float | None:
    return eval_fp(term) if z3.is_fp_value(term) else None


def eval_fp(term: z3.ExprRef) -> float:
    """Python float of a z3 floating-point literal (exact for Float32/Float64)."""
    if z3.is_fp_value(term):
        if term.isNaN():
            return float("nan")
        if term.isInf():
            return float("-inf") if term.isNegative() else float("inf")
        if term.isZero():
            return -0.0 if term.isNegative() else 0.0
        return float.fromhex(_fp_hex(term))
    raise ValueError("not a floating-point literal")


def _fp_hex(term: z3.FPNumRef) -> str:
    sign = "-" if term.isNegative() else ""
    ebits = term.ebits()
    sbits = term.sbits()
    exponent = term.exponent_as_long(biased=True)
    significand = term.significand_as_long()
    bias = (1 << (ebits - 1)) - 1
    mantissa = significand << ((4 - (sbits - 1) % 4) % 4)  # pad to whole hex digits
    digits = (sbits + 2) // 4
    if exponent == 0:  # subnormal
        return f"{sign}0x0.{mantissa:0{digits}x}p{1 - bias}"
    return f"{sign}0x1.{mantissa:0{digits}x}p{exponent - bias}"


def _is_zero(value: float, sign: float) -> bool:
    return value == 0.0 and math.copysign(1.0, value) == sign


def _identity(op: BinOp, a: z3.ExprRef, b: z3.ExprRef) -> z3.ExprRef | None:
    """IEEE identities that hold for every operand (NaN, infinities, signed zeros
    included), so both versions' terms meet when a refactor drops a `1.0 *`."""
    lit_a, lit_b = _fp_literal(a), _fp_literal(b)
    if op is BinOp.MUL:
        for lit, other in ((lit_a, b), (lit_b, a)):
            if lit == 1.0:
                return other
            if lit == -1.0:
                return z3.fpNeg(other)
    if op is BinOp.DIV and lit_b == 1.0:
        return a
    if op is BinOp.ADD:
        if lit_b is not None and _is_zero(lit_b, -1.0):
            return a
        if lit_a is not None and _is_zero(lit_a, -1.0):
            return b
    if op is BinOp.SUB and lit_b is not None and _is_zero(lit_b, 1.0):
        return a
    return None


def _float_binary(op: BinOp, a: z3.ExprRef, b: z3.ExprRef) -> z3.ExprRef:
    same = _identity(op, a, b) if op in (BinOp.ADD, BinOp.SUB, BinOp.MUL, BinOp.DIV) else None
    if same is not None:
        return same
    if op is BinOp.ADD:
        return z3.fpAdd(RNE, a, b)
    if op is BinOp.SUB:
        return z3.fpSub(RNE, a, b)
    if op is BinOp.MUL:
        return z3.fpMul(RNE, a, b)
    if op is BinOp.DIV:
        return z3.fpDiv(RNE, a, b)
    table = {
        BinOp.EQ: z3.fpEQ(a, b),
        BinOp.NE: z3.Not(z3.fpEQ(a, b)),
        BinOp.LT: z3.fpLT(a, b),
        BinOp.LE: z3.fpLEQ(a, b),
        BinOp.GT: z3.fpGT(a, b),
        BinOp.GE: z3.fpGEQ(a, b),
    }
    if op not in table:
        raise ValueError(f"operator {op.value} on floating values")
    return as_int(table[op])


def unary(op: UnOp, a: z3.ExprRef, operand: ScalarType) -> z3.ExprRef:
    if _is_value(a):
        return z3.simplify(_unary(op, a, operand))
    return _unary(op, a, operand)


def _unary(op: UnOp, a: z3.ExprRef, operand: ScalarType) -> z3.ExprRef:
    if op is UnOp.LNOT:
        return as_int(z3.Not(is_true(a, operand)))
    if isinstance(operand, FloatType):
        if op is UnOp.NEG:
            return z3.fpNeg(a)
        raise ValueError("~ on a floating value")
    if op is UnOp.NEG:
        return -a
    return ~a


def _is_value(term: z3.ExprRef) -> bool:
    return bool(z3.is_bv_value(term) or z3.is_fp_value(term))


def cast(a: z3.ExprRef, source: ScalarType, target: ScalarType) -> z3.ExprRef:
    if source == target:
        return a
    if _is_value(a):
        return z3.simplify(_cast(a, source, target))  # fold constants: 1 -> 1.0
    return _cast(a, source, target)


def bits(a: z3.ExprRef, source: ScalarType, target: ScalarType) -> z3.ExprRef:
    """`Bits`: a float's IEEE pattern, or the float of a pattern. z3 has one NaN,
    so every NaN reads as one (unknown) pattern: the lowering lists that assumption."""
    if isinstance(source, FloatType):
        return z3.fpToIEEEBV(a)
    return z3.fpBVToFP(a, sort_of(target))


def _cast(a: z3.ExprRef, source: ScalarType, target: ScalarType) -> z3.ExprRef:
    if isinstance(target, IntType) and target.is_bool:
        return z3.If(is_true(a, source), z3.BitVecVal(1, 1), z3.BitVecVal(0, 1))
    if isinstance(source, FloatType):
        if isinstance(target, FloatType):
            return z3.fpToFP(RNE, a, sort_of(target))
        return _float_to_int(a, target)
    src_signed = isinstance(source, PointerType) or (source.signed and not source.is_bool)
    if isinstance(target, FloatType):
        if src_signed:
            return z3.fpSignedToFP(RNE, a, sort_of(target))
        return z3.fpUnsignedToFP(RNE, a, sort_of(target))
    width = 64 if isinstance(target, PointerType) else target.bits
    size = a.size()
    if size == width:
        return a
    if size > width:
        return z3.Extract(width - 1, 0, a)
    if src_signed:
        return z3.SignExt(width - size, a)
    return z3.ZeroExt(width - size, a)


def _cvtt(a: z3.ExprRef, bits: int) -> z3.BitVecRef:
    """x86 cvttsd2si/cvttss2si: truncate, or 0x80..0 for NaN and out of range."""
    fsort = a.sort()
    low = z3.FPVal(-(2.0 ** (bits - 1)), fsort)
    high = z3.FPVal(2.0 ** (bits - 1), fsort)
    truncated = z3.fpRoundToIntegral(RTZ, a)
    bad = z3.Or(z3.fpIsNaN(a), z3.fpLT(truncated, low), z3.fpGEQ(truncated, high))
    indefinite = z3.BitVecVal(1 << (bits - 1), bits)
    return z3.If(bad, indefinite, z3.fpToSBV(RTZ, a, z3.BitVecSort(bits)))


def _float_to_int(a: z3.ExprRef, target: ScalarType) -> z3.BitVecRef:
    if isinstance(target, PointerType):
        target = ct.LONG
    assert isinstance(target, IntType)
    if target.bits == 64 and not target.signed:
        fsort = a.sort()
        two63 = z3.FPVal(2.0**63, fsort)
        small = _cvtt(a, 64)
        large = _cvtt(z3.fpSub(RNE, a, two63), 64) ^ z3.BitVecVal(1 << 63, 64)
        return z3.If(z3.fpGEQ(a, two63), large, small)
    if target.bits == 64 or (target.bits == 32 and not target.signed):
        wide = _cvtt(a, 64)
        return z3.Extract(target.bits - 1, 0, wide) if target.bits < 64 else wide
    narrow = _cvtt(a, 32)
    return z3.Extract(target.bits - 1, 0, narrow) if target.bits < 32 else narrow


def fp_library(name: str, args: list[z3.ExprRef]) -> z3.ExprRef | None:
    """Exact IEEE meaning of the library functions that have one, else None."""
    base = name[:-1] if name.endswith("f") and name[:-1] in _EXACT else name
    if base not in _EXACT:
        return None
    (x,) = args
    if base == "sqrt":
        return z3.fpSqrt(RNE, x)
    if base == "fabs":
        return z3.fpAbs(x)
    mode = {"floor": z3.RTN(), "ceil": z3.RTP(), "trunc": RTZ, "round": z3.RNA()}[base]
    return z3.fpRoundToIntegral(mode, x)


_EXACT = frozenset({"sqrt", "fabs", "floor", "ceil", "trunc", "round"})


def python_value(term: z3.ExprRef, ctype: ScalarType) -> int | float:
    """A z3 literal as the Python value of C type `ctype`."""
    if isinstance(ctype, FloatType):
        return eval_fp(term)
    raw: int = term.as_long()
    if isinstance(ctype, PointerType):
        return raw - (1 << 64) if raw >> 63 else raw
    assert isinstance(ctype, IntType)
    return ctype.wrap(raw)


def z3_literal(value: int | float | str, sort: z3.SortRef) -> z3.ExprRef:
    if isinstance(value, str):
        return string_id(value)
    if isinstance(sort, z3.FPSortRef):
        return z3.FPVal(float(value), sort)
    assert isinstance(sort, z3.BitVecSortRef)
    return z3.BitVecVal(int(value) & ((1 << sort.size()) - 1), sort.size())


def load(array: z3.ArrayRef, address: z3.ExprRef, ctype: ScalarType) -> z3.ExprRef:
    """An access of type `ctype` at `address`: one cell of a class region, or
    (a region of bytes, for a wider type) its bytes little-endian."""
    elem = array.sort().range()
    if not (z3.is_bv_sort(elem) and elem.size() == 8) or _width(ctype) == 8:
        cell = z3.Select(array, address)
        if isinstance(ctype, IntType) and ctype.is_bool and cell.sort() != sort_of(ctype):
            return z3.Extract(0, 0, cell)
        return cell
    count = _width(ctype) // 8
    raw = z3.Concat(*[z3.Select(array, address + i) for i in reversed(range(count))])
    if isinstance(ctype, FloatType):
        return z3.fpBVToFP(raw, sort_of(ctype))
    return raw


def store(
    array: z3.ArrayRef, address: z3.ExprRef, value: z3.ExprRef, ctype: ScalarType
) -> z3.ArrayRef:
    """`load`'s counterpart: write one cell, or the bytes of a wider value."""
    elem = array.sort().range()
    if not (z3.is_bv_sort(elem) and elem.size() == 8):
        return z3.Store(array, address, value)
    if isinstance(ctype, IntType) and ctype.is_bool:
        return z3.Store(array, address, z3.ZeroExt(7, value))
    raw = z3.fpToIEEEBV(value) if isinstance(ctype, FloatType) else value
    for i in range(raw.size() // 8):
        array = z3.Store(array, address + i, z3.Extract(8 * i + 7, 8 * i, raw))
    return array


def _width(ctype: ScalarType) -> int:
    """Bits of a scalar in memory (a _Bool takes a byte)."""
    if isinstance(ctype, PointerType):
        return 64
    if isinstance(ctype, IntType) and ctype.is_bool:
        return 8
    return ctype.bits
