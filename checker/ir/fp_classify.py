"""C99's floating-point classification macros as exact IR expressions.

glibc's <math.h> defines `isnan`, `isinf`, `isfinite`, `isnormal`, `signbit`
and `fpclassify` as gcc builtins (our prelude maps them the same way), so
they are no calls to unknown functions: each becomes comparisons on the
argument in its own type (a float subnormal is not normal, though its double
is), which every engine already knows exactly. Results are gcc's on x86-64
(measured, gcc 12 / glibc 2.36, the same at -O0 and -O2): `isinf` is
`__builtin_isinf_sign` (-1 for -inf), `signbit` is 1 for a double and
INT_MIN for a float.

The sign of a NaN is the one thing comparisons cannot see (and z3 has a
single NaN): `signbit` of a NaN is glibc's `__signbit`, run for real by both
replays and an uninterpreted function of the argument for the solver.
"""

from __future__ import annotations

import sys

from checker.ir.ir import Binary, BinOp, Call, Const, Expr, Ite
from checker.semantics import ctype as ct
from checker.semantics.ctype import FloatType

FP_CLASSIFIERS = frozenset({
    "__builtin_isnan", "__builtin_isinf_sign", "__builtin_isinf", "__builtin_isfinite",
    "__builtin_isnormal", "__builtin_signbit", "__builtin_fpclassify",
})
"""The builtins the prelude's macros expand to; `__builtin_fpclassify` takes the
five result values (FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO) first."""

_ONE = Const(1, ct.INT)
_ZERO = Const(0, ct.INT)


def _both(a: Expr, b: Expr) -> Expr:
    return Ite(a, b, _ZERO, ct.INT)


def _compare(op: BinOp, x: Expr, value: float) -> Expr:
    ftype = x.type
    assert isinstance(ftype, FloatType)
    return Binary(op, x, Const(value, ftype), ct.INT)


def _largest(ftype: FloatType) -> float:
    return 3.4028234663852886e38 if ftype.bits == 32 else sys.float_info.max


def _smallest_normal(ftype: FloatType) -> float:
    return 2.0**-126 if ftype.bits == 32 else sys.float_info.min


def isnan(x: Expr) -> Expr:
    return Binary(BinOp.NE, x, x, ct.INT)


def isinf_sign(x: Expr) -> Expr:
    return Ite(_compare(BinOp.EQ, x, float("inf")), _ONE,
               Ite(_compare(BinOp.EQ, x, float("-inf")), Const(-1, ct.INT), _ZERO, ct.INT),
               ct.INT)


def isinf(x: Expr) -> Expr:
    """`__builtin_isinf`: 1 for either infinity (measured)."""
    return Ite(_compare(BinOp.EQ, x, float("inf")), _ONE, _compare(BinOp.EQ, x, float("-inf")),
               ct.INT)


def isfinite(x: Expr) -> Expr:
    assert isinstance(x.type, FloatType)
    largest = _largest(x.type)
    return _both(_compare(BinOp.GE, x, -largest), _compare(BinOp.LE, x, largest))


def isnormal(x: Expr) -> Expr:
    assert isinstance(x.type, FloatType)
    largest, smallest = _largest(x.type), _smallest_normal(x.type)
    positive = _both(_compare(BinOp.GE, x, smallest), _compare(BinOp.LE, x, largest))
    negative = _both(_compare(BinOp.LE, x, -smallest), _compare(BinOp.GE, x, -largest))
    return Ite(positive, _ONE, negative, ct.INT)


def signbit(x: Expr) -> Expr:
    ftype = x.type
    assert isinstance(ftype, FloatType)
    nan_sign = Call("__signbitf" if ftype.bits == 32 else "__signbit", (x,), ct.INT)
    negative_zero = _both(_compare(BinOp.EQ, x, 0.0),
                          Binary(BinOp.LT, Binary(BinOp.DIV, Const(1.0, ftype), x, ftype),
                                 Const(0.0, ftype), ct.INT))
    sign = Ite(isnan(x), nan_sign, Ite(_compare(BinOp.LT, x, 0.0), _ONE, negative_zero, ct.INT),
               ct.INT)
    return Ite(sign, Const(ct.INT.min if ftype.bits == 32 else 1, ct.INT), _ZERO, ct.INT)


def fpclassify(values: tuple[Expr, ...], x: Expr) -> Expr:
    """`values`: the results for NaN, infinite, normal, subnormal and zero (ints)."""
    nan, infinite, normal, subnormal, zero = values
    return Ite(isnan(x), nan,
               Ite(isinf_sign(x), infinite,
                   Ite(isnormal(x), normal,
                       Ite(_compare(BinOp.EQ, x, 0.0), zero, subnormal, ct.INT), ct.INT),
                   ct.INT),
               ct.INT)


def classify(name: str, args: tuple[Expr, ...]) -> Expr:
    """The IR of builtin `name` (in FP_CLASSIFIERS) on lowered arguments (the
    floating one last, already in its own type)."""
    *values, x = args
    if name == "__builtin_fpclassify":
        return fpclassify(tuple(values), x)
    table = {"__builtin_isnan": isnan, "__builtin_isinf_sign": isinf_sign,
             "__builtin_isinf": isinf, "__builtin_isfinite": isfinite,
             "__builtin_isnormal": isnormal, "__builtin_signbit": signbit}
    return table[name](x)
