"""IR expressions printed as C."""

from __future__ import annotations

import math
import subprocess
from pathlib import Path

import pytest

from checker.ir.ir import Binary, BinOp, Call, Cast, Const, Ite, Load, StrConst, Unary, UnOp, Var
from checker.replay.ir_to_c import (
    float_literal,
    identifier,
    int_literal,
    literal,
    string_literal,
    to_c,
    type_name,
)
from checker.semantics import ctype as ct

INT_MIN = -(2**31)


@pytest.mark.parametrize(
    ("value", "ctype", "text"),
    [
        (5, ct.INT, "5"),
        (-5, ct.INT, "(-5)"),
        (INT_MIN, ct.INT, "(-2147483647 - 1)"),
        (5, ct.UINT, "5U"),
        (2**32 - 1, ct.UINT, "4294967295U"),
        (-7, ct.LONG, "(-7L)"),
        (-(2**63), ct.LONG, "(-9223372036854775807L - 1)"),
        (2**64 - 1, ct.ULONG, "18446744073709551615UL"),
        (-(2**63), ct.LLONG, "(-9223372036854775807LL - 1)"),
        (2**64 - 1, ct.ULLONG, "18446744073709551615ULL"),
        (-3, ct.SHORT, "((short)-3)"),
        (200, ct.UCHAR, "((unsigned char)200)"),
        (1, ct.BOOL, "((_Bool)1)"),
        (-2, ct.PointerType(ct.INT), "((int *)(-2L))"),
    ],
)
def test_int_literal(value: int, ctype: ct.IntType, text: str) -> None:
    assert int_literal(value, ctype) == text


@pytest.mark.parametrize(
    ("value", "ctype", "text"),
    [
        (1.5, ct.DOUBLE, "0x1.8p+0"),
        (1.5, ct.FLOAT, "0x1.8p+0f"),
        (-2.0, ct.DOUBLE, "(-0x1p+1)"),
        (0.0, ct.DOUBLE, "0x0p+0"),
        (-0.0, ct.DOUBLE, "(-0x0p+0)"),
        (5e-324, ct.DOUBLE, "0x0.0000000000001p-1022"),
        (0.1, ct.DOUBLE, "0x1.999999999999ap-4"),
        (math.nan, ct.DOUBLE, '__builtin_nan("")'),
        (-math.nan, ct.FLOAT, '(-__builtin_nanf(""))'),
        (math.inf, ct.DOUBLE, "__builtin_inf()"),
        (-math.inf, ct.FLOAT, "(-__builtin_inff())"),
    ],
)
def test_float_literal(value: float, ctype: ct.FloatType, text: str) -> None:
    assert float_literal(value, ctype) == text


def test_literal_dispatches_on_the_type() -> None:
    assert literal(2, ct.DOUBLE) == "0x1p+1"
    assert literal(2, ct.LONG) == "2L"


def test_string_literal_escapes_bytes() -> None:
    assert string_literal('a"b\\c\n\xe9\0') == '"a\\"b\\\\c\\012\\351\\000"'


def test_type_names() -> None:
    assert type_name(ct.ULONG) == "unsigned long"
    assert type_name(ct.PointerType(ct.CHAR)) == "char *"


def test_expressions_carry_their_ir_types_explicitly() -> None:
    x, y = Var("x", ct.UCHAR), Var("y", ct.INT)
    expr = Binary(
        BinOp.ADD,
        Cast(x, ct.INT),
        Ite(Binary(BinOp.LT, y, Const(0, ct.INT), ct.INT), Unary(UnOp.NEG, y, ct.INT),
            Const(INT_MIN, ct.INT), ct.INT),
        ct.INT,
    )
    assert to_c(expr) == "((int)(((int)x) + ((int)((y < 0) ? ((int)(-y)) : (-2147483647 - 1)))))"


def test_other_nodes() -> None:
    assert to_c(Unary(UnOp.LNOT, Var("d", ct.DOUBLE), ct.INT)) == "(!d)"
    assert to_c(Load("s.a", Const(3, ct.LONG), ct.INT), identifier) == "s_a[3L]"
    call = Call("pow", (Var("a", ct.DOUBLE), Const(0.5, ct.DOUBLE)), ct.DOUBLE)
    assert to_c(call) == "pow(a, 0x1p-1)"
    assert to_c(Call("log_it", (StrConst("x%d"),), ct.INT)) == 'log_it("x%d")'
    shift = Binary(BinOp.SHR, Var("u", ct.UINT), Var("n", ct.LONG), ct.UINT)
    assert to_c(shift) == "((unsigned int)(u >> n))"


def test_names_can_be_mapped() -> None:
    expr = Binary(BinOp.MUL, Var("s.x", ct.INT), Var("$ret", ct.INT), ct.INT)
    assert to_c(expr, identifier) == "((int)(s_x * _ret))"
    assert to_c(expr, lambda n: f"v[{n!r}]") == "((int)(v['s.x'] * v['$ret']))"


@pytest.mark.parametrize(
    ("name", "expected"),
    [("x", "x"), ("s.x", "s_x"), ("$status", "_status"), ("f@1::y", "f_1__y"), ("1a", "_1a")],
)
def test_identifier(name: str, expected: str) -> None:
    assert identifier(name) == expected


@pytest.mark.gcc
def test_literals_mean_their_values_in_gcc(tmp_path: Path) -> None:
    cases = [
        (INT_MIN, ct.INT, "%d"), (-(2**63), ct.LONG, "%ld"), (2**64 - 1, ct.ULONG, "%lu"),
        (-(2**63), ct.LLONG, "%lld"), (200, ct.UCHAR, "%d"), (-3, ct.SHORT, "%d"),
        (-0.0, ct.DOUBLE, "%a"), (math.inf, ct.FLOAT, "%a"), (-math.inf, ct.DOUBLE, "%a"),
        (5e-324, ct.DOUBLE, "%a"), (float.fromhex("0x1.99999ap-4"), ct.FLOAT, "%a"),
    ]
    body = "\n".join(
        f'    printf("{fmt}\\n", {"(double)" if fmt == "%a" else ""}{literal(value, ctype)});'
        for value, ctype, fmt in cases
    )
    source = tmp_path / "lit.c"
    source.write_text(f"#include <stdio.h>\nint main(void)\n{{\n{body}\n    return 0;\n}}\n")
    program = tmp_path / "lit"
    subprocess.run(["gcc", "-w", str(source), "-o", str(program)], check=True)
    done = subprocess.run([str(program)], capture_output=True, text=True, check=True)
    lines = done.stdout.split()
    expected = [
        "-2147483648", "-9223372036854775808", "18446744073709551615", "-9223372036854775808",
        "200", "-3", "-0x0p+0", "inf", "-inf", "0x0.0000000000001p-1022", "0x1.99999ap-4",
    ]
    assert lines == expected
