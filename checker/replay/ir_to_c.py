"""IR expressions printed as C with the same meaning (under gcc -O0 -fwrapv on x86-64).

Every operation is printed with explicit casts to its IR type, so C's own
promotions and usual arithmetic conversions cannot change the result: the
text means exactly what the IR node means, which the differential tests
check against gcc. Constants that C cannot spell directly (INT_MIN, NaN,
infinities, -0.0) are printed as constant expressions; NaN and infinity
use gcc's `__builtin_nan`/`__builtin_inf`, which need no header.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from checker.ir.ir import (
    Binary,
    Bits,
    Call,
    Cast,
    Const,
    Expr,
    ExprVisitor,
    Ite,
    Load,
    StrConst,
    Unary,
    UnOp,
    Var,
)
from checker.semantics import ctype as ct
from checker.semantics.ctype import FloatType, IntType, PointerType, ScalarType

Namer = Callable[[str], str]

_INT_SUFFIX = {
    ("int", True): "", ("int", False): "U",
    ("long", True): "L", ("long", False): "UL",
    ("long long", True): "LL", ("long long", False): "ULL",
}


def type_name(ctype: ScalarType) -> str:
    """The C spelling of a scalar type."""
    if isinstance(ctype, PointerType):
        return f"{ctype.target} *"
    return ctype.name


def int_literal(value: int, ctype: IntType | PointerType) -> str:
    """A C constant expression of type `ctype` with the given value."""
    if isinstance(ctype, PointerType):
        return f"(({type_name(ctype)}){int_literal(value, ct.LONG)})"
    if ctype.bitfield:  # a bit-field's value, in a standard type that holds it
        wide = ct.promote(ctype)
        return int_literal(value, (ct.LONG if ctype.signed else ct.ULONG) if wide.bitfield
                           else wide)
    base = {32: "int", 64: "long"}.get(ctype.bits) if ctype.bits >= 32 else None
    if base is not None and ctype.name in ("long long", "unsigned long long"):
        base = "long long"
    if base is None:
        return f"(({ctype.name}){value})"
    suffix = _INT_SUFFIX[(base, ctype.signed)]
    if value == ctype.min and ctype.signed:
        return f"(-{ctype.max}{suffix} - 1)"
    if value < 0:
        return f"(-{-value}{suffix})"
    return f"{value}{suffix}"


def float_literal(value: float, ctype: FloatType) -> str:
    """An exact C constant of type `ctype`: hex floats, NaN/inf via gcc builtins."""
    suffix = "f" if ctype.bits == 32 else ""
    if math.isnan(value):
        text = f"__builtin_nan{suffix}(\"\")"
        return f"(-{text})" if math.copysign(1.0, value) < 0 else text
    if math.isinf(value):
        text = f"__builtin_inf{suffix}()"
        return f"(-{text})" if value < 0 else text
    text = value.hex()
    mantissa, exponent = text.split("p")
    if "." in mantissa:
        mantissa = mantissa.rstrip("0").rstrip(".")
    literal = f"{mantissa.lstrip('-')}p{exponent}{suffix}"
    return f"(-{literal})" if text.startswith("-") else literal


def literal(value: int | float, ctype: ScalarType) -> str:
    if isinstance(ctype, FloatType):
        return float_literal(float(value), ctype)
    return int_literal(int(value), ctype)


def string_literal(text: str) -> str:
    """A C string literal whose bytes are the latin-1 code points of `text`."""
    out = []
    for char in text:
        code = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif 0x20 <= code < 0x7F:
            out.append(char)
        else:
            out.append(f"\\{code & 0xFF:03o}")
    return '"' + "".join(out) + '"'


class _Printer(ExprVisitor[str]):
    def __init__(self, name: Namer) -> None:
        self.name = name

    def visit_Const(self, expr: Const) -> str:
        return literal(expr.value, expr.type)

    def visit_Var(self, expr: Var) -> str:
        return self.name(expr.name)

    def visit_Load(self, expr: Load) -> str:
        return f"{self.name(expr.region)}[{self.visit(expr.index)}]"

    def visit_Unary(self, expr: Unary) -> str:
        arg = self.visit(expr.arg)
        if expr.op is UnOp.LNOT:
            return f"(!{arg})"
        return f"(({type_name(expr.type)})({expr.op.value}{arg}))"

    def visit_Binary(self, expr: Binary) -> str:
        left, right = self.visit(expr.left), self.visit(expr.right)
        if expr.op.is_comparison:
            return f"({left} {expr.op.value} {right})"
        return f"(({type_name(expr.type)})({left} {expr.op.value} {right}))"

    def visit_Cast(self, expr: Cast) -> str:
        return f"(({type_name(expr.type)}){self.visit(expr.arg)})"

    def visit_Bits(self, expr: Bits) -> str:
        source, target = type_name(expr.arg.type), type_name(expr.type)
        return (f"((union {{ {source} __from; {target} __to; }})"
                f"{{ .__from = {self.visit(expr.arg)} }}).__to")

    def visit_Ite(self, expr: Ite) -> str:
        cond, then, other = (self.visit(e) for e in (expr.cond, expr.then, expr.other))
        return f"(({type_name(expr.type)})({cond} ? {then} : {other}))"

    def visit_Call(self, expr: Call) -> str:
        return f"{expr.func}({', '.join(self.visit(a) for a in expr.args)})"

    def visit_StrConst(self, expr: StrConst) -> str:
        return string_literal(expr.text)


def to_c(expr: Expr, name: Namer | None = None) -> str:
    """C text of `expr`; `name` maps variable and region names to C identifiers."""
    return _Printer(name or (lambda n: n)).visit(expr)


def identifier(name: str) -> str:
    """A C identifier for an IR name ('s.x' -> 's_x', '$ret' -> '_ret'), for generated code."""
    text = "".join(c if c.isalnum() or c == "_" else "_" for c in name)
    return text if text and not text[0].isdigit() else "_" + text

