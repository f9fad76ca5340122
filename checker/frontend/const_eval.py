"""C literals and integer constant expressions (array sizes, enum values, case labels)."""

from __future__ import annotations

import struct
from collections.abc import Callable, Mapping
from typing import Protocol

from pycparser import c_ast

from checker.errors import FeatureNotConstant, UnsupportedError
from checker.location import Location
from checker.semantics import ctype as ct
from checker.variability.types import FEATURE_PREFIX

SizeofExpr = Callable[[c_ast.Node], int]
"""The size of an expression's type (`sizeof n`): only the scope that declares
`n` (the lowering of a function) knows it, so it is passed in, not looked up."""


class FileTables(Protocol):
    """What a constant expression needs of its file: enum values, type names and
    locations. `program.Program` is one; naming only this keeps the evaluator
    below the tables that call it for array sizes and enum values."""

    enum_values: dict[str, int]
    enum_types: dict[str, ct.IntType]

    def location(self, node: c_ast.Node | None) -> Location: ...

    def resolve(
        self, node: c_ast.Node, constants: Mapping[str, int] | None = None,
        sizeof_expr: SizeofExpr | None = None,
    ) -> ct.CType: ...

    def complete(self, ctype: ct.CType) -> ct.CType: ...


_SIMPLE_ESCAPES = {
    "n": 10,
    "t": 9,
    "r": 13,
    "0": 0,
    "a": 7,
    "b": 8,
    "f": 12,
    "v": 11,
    "\\": 92,
    "'": 39,
    '"': 34,
    "?": 63,
    "e": 27,
}


def parse_int_literal(text: str) -> tuple[int, ct.IntType]:
    """Value and type of an integer literal (6.4.4.1, LP64); pycparser gives a
    multi-character constant (`'ab'`) this kind too."""
    if text.startswith("'"):
        return char_value(text), ct.INT
    body = text.rstrip("uUlL")
    suffix = text[len(body) :].lower()
    body = body.replace("'", "")
    if body.lower().startswith("0x"):
        value, decimal = int(body[2:], 16), False
    elif body.lower().startswith("0b"):
        value, decimal = int(body[2:], 2), False
    elif len(body) > 1 and body.startswith("0"):
        value, decimal = int(body, 8), False
    else:
        value, decimal = int(body), True
    unsigned = "u" in suffix
    longs = suffix.count("l")
    if unsigned:
        candidates = [ct.UINT, ct.ULONG, ct.ULLONG]
    elif decimal:
        candidates = [ct.INT, ct.LONG, ct.LLONG]
    else:
        candidates = [ct.INT, ct.UINT, ct.LONG, ct.ULONG, ct.LLONG, ct.ULLONG]
    if longs == 1:
        candidates = [c for c in candidates if c.rank >= ct.LONG.rank]
    elif longs >= 2:
        candidates = [c for c in candidates if c.rank >= ct.LLONG.rank]
    for cand in candidates:
        if cand.min <= value <= cand.max:
            return value, cand
    return ct.ULLONG.wrap(value), ct.ULLONG


def round_to_float32(value: float) -> float:
    try:
        rounded: float = struct.unpack("<f", struct.pack("<f", value))[0]
        return rounded
    except OverflowError:
        return float("inf") if value > 0 else float("-inf")


def parse_float_literal(text: str) -> tuple[float, ct.FloatType]:
    body = text
    ftype = ct.DOUBLE
    last = body[-1].lower()
    if last == "f":  # hex floats end in decimal exponent digits, so 'f' is a suffix
        body, ftype = body[:-1], ct.FLOAT
    elif last == "l":
        raise UnsupportedError("long double constants")
    if body.lower().startswith("0x"):
        value = float.fromhex(body)
    else:
        try:
            value = float(body)
        except OverflowError:
            value = float("inf")
    if ftype is ct.FLOAT:
        value = _float32_from_text(body, value)
    return value, ftype


def _float32_from_text(body: str, as_double: float) -> float:
    """Round a decimal literal to float32 directly, not via double (no double rounding)."""
    from fractions import Fraction

    if body.lower().startswith("0x"):
        exact = Fraction(*float.fromhex(body).as_integer_ratio())
    else:
        try:
            exact = Fraction(body)
        except (ValueError, ZeroDivisionError):
            return round_to_float32(as_double)
    return fraction_to_float32(exact)


def fraction_to_float32(exact: object) -> float:
    """Correctly rounded (nearest-even) float32 value of an exact rational."""
    from fractions import Fraction

    assert isinstance(exact, Fraction)
    if exact == 0:
        return 0.0
    sign = -1.0 if exact < 0 else 1.0
    mag = abs(exact)
    exp = mag.numerator.bit_length() - mag.denominator.bit_length()
    if Fraction(2) ** exp > mag:
        exp -= 1
    if exp > 127:  # beyond float32's range (1e999f, our INFINITY)
        return sign * float("inf")
    exp = max(exp, -126)  # subnormals share the minimum exponent
    ulp = Fraction(2) ** (exp - 23)
    units = mag / ulp
    floor = units.numerator // units.denominator
    rest = units - floor
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and floor % 2 == 1):
        floor += 1
    value = float(floor * ulp)
    if value > 3.4028234663852886e38:
        return sign * float("inf")
    return sign * value


def _escape(text: str, index: int) -> tuple[int, int]:
    """Decode the escape sequence starting after a backslash at `index`."""
    ch = text[index]
    if ch == "x":
        end = index + 1
        while end < len(text) and text[end] in "0123456789abcdefABCDEF":
            end += 1
        return int(text[index + 1 : end], 16) & 0xFF, end
    if ch in "01234567":
        end = index
        while end < len(text) and end < index + 3 and text[end] in "01234567":
            end += 1
        return int(text[index:end], 8) & 0xFF, end
    if ch in _SIMPLE_ESCAPES:
        return _SIMPLE_ESCAPES[ch], index + 1
    return ord(ch), index + 1


def _decode(body: str) -> list[int]:
    out: list[int] = []
    index = 0
    while index < len(body):
        ch = body[index]
        if ch == "\\":
            value, index = _escape(body, index + 1)
            out.append(value)
        else:
            out.extend(ch.encode("utf-8"))
            index += 1
    return out


def char_value(text: str) -> int:
    """Value of a character constant such as 'a', '\\n', '\\x41' (type int, char
    signed), or gcc's of a multi-character one ('ab')."""
    if text.startswith(("L", "u", "U")):
        raise UnsupportedError("wide character constants")
    codes = _decode(text[1:-1])
    if not codes:
        raise UnsupportedError("empty character constant")
    if len(codes) == 1:
        return ct.CHAR.wrap(codes[0])
    value = 0  # 'ab': gcc shifts each char in, a byte at a time, and keeps an int
    for code in codes:
        value = (value << 8) | code
    return ct.INT.wrap(value)


def string_value(text: str) -> bytes:
    """Bytes of a (possibly concatenated) string literal, without the terminating NUL."""
    if text.startswith(("L", "u", "U")):
        raise UnsupportedError("wide string literals")
    parts: list[int] = []
    index = 0
    while index < len(text):
        start = text.index('"', index)
        end = start + 1
        while text[end] != '"':
            end += 2 if text[end] == "\\" else 1
        parts.extend(_decode(text[start + 1 : end]))
        index = end + 1
        while index < len(text) and text[index].isspace():
            index += 1
    return bytes(parts)


def eval_const_int(
    node: c_ast.Node, program: FileTables, constants: Mapping[str, int] | None = None,
    sizeof_expr: SizeofExpr | None = None,
) -> int:
    """Evaluate an integer constant expression with C semantics (LP64); names in
    `constants` (locals initialised once to a constant) count as constants too,
    and `sizeof_expr` sizes `sizeof x` (gcc folds it: `x` is not evaluated)."""
    value, _ = _eval(node, program, constants or {}, sizeof_expr)
    return value


def eval_const(
    node: c_ast.Node, program: FileTables, constants: Mapping[str, int] | None = None,
    sizeof_expr: SizeofExpr | None = None,
) -> tuple[int, ct.IntType]:
    """An integer constant expression's value and C type."""
    return _eval(node, program, constants or {}, sizeof_expr)


def _eval(
    node: c_ast.Node, program: FileTables, names: Mapping[str, int],
    sizeof_expr: SizeofExpr | None = None,
) -> tuple[int, ct.IntType]:
    loc = program.location(node)
    if isinstance(node, c_ast.Constant):
        if node.type == "char":
            return char_value(node.value), ct.INT
        if node.type in (
            "int",
            "unsigned int",
            "long int",
            "unsigned long int",
            "long long int",
            "unsigned long long int",
        ):
            return parse_int_literal(node.value)
        raise UnsupportedError(f"non-integer constant {node.value} in a constant expression", loc)
    if isinstance(node, c_ast.ID):
        if node.name in names:
            return names[node.name], ct.INT
        if node.name in program.enum_values:
            return program.enum_values[node.name], program.enum_types.get(node.name, ct.INT)
        if node.name.startswith(FEATURE_PREFIX):
            raise FeatureNotConstant(node.name.removeprefix(FEATURE_PREFIX), loc)
        raise UnsupportedError(f"'{node.name}' is not an integer constant", loc)
    if isinstance(node, c_ast.UnaryOp):
        if node.op == "sizeof":
            return _sizeof(node.expr, program, names, sizeof_expr), ct.SIZE_T
        value, vtype = _eval(node.expr, program, names, sizeof_expr)
        vtype = ct.promote(vtype)
        if node.op == "-":
            return vtype.wrap(-value), vtype
        if node.op == "+":
            return value, vtype
        if node.op == "~":
            return vtype.wrap(~value), vtype
        if node.op == "!":
            return int(value == 0), ct.INT
        raise UnsupportedError(f"operator {node.op} in a constant expression", loc)
    if isinstance(node, c_ast.Cast):
        target = program.complete(program.resolve(node.to_type))
        value, _ = _eval(node.expr, program, names, sizeof_expr)
        if not isinstance(target, ct.IntType):
            raise UnsupportedError("non-integer cast in a constant expression", loc)
        return target.wrap(value), target
    if isinstance(node, c_ast.TernaryOp):
        cond, _ = _eval(node.cond, program, names, sizeof_expr)
        then = _eval(node.iftrue, program, names, sizeof_expr)
        other = _eval(node.iffalse, program, names, sizeof_expr)
        common = ct.common_type(then[1], other[1])
        assert isinstance(common, ct.IntType)
        chosen = then if cond else other
        return common.wrap(chosen[0]), common
    if isinstance(node, c_ast.BinaryOp):
        return _binary(node, program, names, sizeof_expr)
    raise UnsupportedError(f"{type(node).__name__} in a constant expression", loc)


def _binary(
    node: c_ast.BinaryOp, program: FileTables, names: Mapping[str, int],
    sizeof_expr: SizeofExpr | None = None,
) -> tuple[int, ct.IntType]:
    loc = program.location(node)
    if node.op in ("&&", "||"):
        left, _ = _eval(node.left, program, names, sizeof_expr)
        if node.op == "&&" and not left:
            return 0, ct.INT
        if node.op == "||" and left:
            return 1, ct.INT
        right, _ = _eval(node.right, program, names, sizeof_expr)
        return int(bool(right)), ct.INT
    a, at = _eval(node.left, program, names, sizeof_expr)
    b, bt = _eval(node.right, program, names, sizeof_expr)
    if node.op in ("<<", ">>"):
        at = ct.promote(at)
        if not 0 <= b < at.bits:  # gcc folds these with its own rule (1 << 40 == 0)
            raise UnsupportedError(f"shift count {b} out of range in a constant expression", loc)
        return at.wrap(a << b if node.op == "<<" else a >> b), at
    common = ct.common_type(at, bt)
    assert isinstance(common, ct.IntType)
    a, b = common.wrap(a), common.wrap(b)
    op = node.op
    if op in ("/", "%"):
        if b == 0:
            raise UnsupportedError("division by zero in a constant expression", loc)
        quotient = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
        return common.wrap(quotient if op == "/" else a - quotient * b), common
    arith = {
        "+": lambda: a + b,
        "-": lambda: a - b,
        "*": lambda: a * b,
        "&": lambda: a & b,
        "|": lambda: a | b,
        "^": lambda: a ^ b,
    }
    if op in arith:
        return common.wrap(arith[op]()), common
    compare = {
        "<": a < b,
        "<=": a <= b,
        ">": a > b,
        ">=": a >= b,
        "==": a == b,
        "!=": a != b,
    }
    if op in compare:
        return int(compare[op]), ct.INT
    raise UnsupportedError(f"operator {op} in a constant expression", loc)


def _sizeof(
    node: c_ast.Node, program: FileTables, names: Mapping[str, int],
    sizeof_expr: SizeofExpr | None,
) -> int:
    if isinstance(node, c_ast.Typename):
        return program.complete(program.resolve(node, names, sizeof_expr)).size
    if isinstance(node, c_ast.Constant) and node.type == "string":
        return len(string_value(node.value)) + 1  # `char epoch_buf[sizeof("%lu.") + 3]`
    if sizeof_expr is None:
        raise UnsupportedError(
            "sizeof of an expression in a constant expression outside a function",
            program.location(node),
        )
    return sizeof_expr(node)
