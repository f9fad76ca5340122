"""<ctype.h> in the C locale as exact IR expressions, with glibc's values.

`isdigit`, `toupper` and the rest are functions (or table-reading macros) of
glibc, but what they answer in the C locale is fixed, so they are no calls to
unknown functions: each becomes range comparisons on its `int` argument, which
every engine and the interpreter know exactly. The values are glibc's, not
just "non-zero" (`semantics.library.CTYPE_CLASSES`): `isdigit(c) == 1` is
false for every c, as it is with glibc.
"""

from __future__ import annotations

from checker.ir.ir import Binary, BinOp, Const, Expr, Ite
from checker.semantics import ctype as ct
from checker.semantics.library import CTYPE_ASCII, CTYPE_CASE, CTYPE_CLASSES, CTYPE_DOMAIN

_ZERO = Const(0, ct.INT)
_ONE = Const(1, ct.INT)


def _within(c: Expr, low: int, high: int) -> Expr:
    if low == high:
        return Binary(BinOp.EQ, c, Const(low, ct.INT), ct.INT)
    return Ite(Binary(BinOp.GE, c, Const(low, ct.INT), ct.INT),
               Binary(BinOp.LE, c, Const(high, ct.INT), ct.INT), _ZERO, ct.INT)


def _any(tests: list[Expr]) -> Expr:
    result = tests[-1]
    for test in reversed(tests[:-1]):
        result = Ite(test, _ONE, result, ct.INT)
    return result


def outside_domain(name: str, c: Expr) -> Expr | None:
    """When `name(c)` reads outside glibc's tables (undefined: the model traps);
    None for the functions defined on every int."""
    if name not in CTYPE_CLASSES:
        return None
    low, high = CTYPE_DOMAIN
    return Ite(_within(c, low, high), _ZERO, _ONE, ct.INT)


def ctype_value(name: str, c: Expr) -> Expr:
    """The int `name(c)` answers, for an int-typed `c` inside its domain."""
    assert c.type == ct.INT
    if name in CTYPE_CLASSES:
        mask, ranges = CTYPE_CLASSES[name]
        member = _any([_within(c, low, high) for low, high in ranges])
        return Ite(member, Const(mask, ct.INT), _ZERO, ct.INT)
    if name in CTYPE_CASE:
        low, high, shift = CTYPE_CASE[name]
        moved = Binary(BinOp.ADD, c, Const(shift, ct.INT), ct.INT)
        negative_char = Binary(BinOp.ADD, c, Const(256, ct.INT), ct.INT)
        return Ite(_within(c, low, high), moved,
                   Ite(_within(c, CTYPE_DOMAIN[0], -2), negative_char, c, ct.INT), ct.INT)
    assert name in CTYPE_ASCII
    if name == "toascii":
        return Binary(BinOp.BAND, c, Const(0x7F, ct.INT), ct.INT)
    high_bits = Binary(BinOp.BAND, c, Const(~0x7F, ct.INT), ct.INT)
    return Binary(BinOp.EQ, high_bits, _ZERO, ct.INT)
