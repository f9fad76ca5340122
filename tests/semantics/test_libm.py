"""Library functions run for real (glibc libm/libc via ctypes) and printf text rendering."""

from __future__ import annotations

import math

import pytest

from checker.errors import UnsupportedError
from checker.semantics import libm
from checker.semantics.library import ABS_FUNCTIONS, PURE_LIBRARY

NAN = math.nan
INF = math.inf
H = float.fromhex


def same(a: float, b: float) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)


def test_every_known_function_is_bound() -> None:
    for name, ftype in PURE_LIBRARY.items():
        assert libm.is_library(name)
        args = tuple(0.5 for _ in ftype.params)
        assert isinstance(libm.call(name, args), float)
    for name in ABS_FUNCTIONS:
        assert libm.call(name, (-3,)) == 3
    assert not libm.is_library("printf")
    assert not libm.is_library("my_function")


@pytest.mark.parametrize(
    ("name", "args", "expected"),
    [
        ("sqrt", (2.0,), H("0x1.6a09e667f3bcdp+0")),
        ("sqrtf", (2.0,), H("0x1.6a09e6p+0")),
        ("sqrt", (-1.0,), NAN),  # math.sqrt would raise
        ("sqrt", (-0.0,), -0.0),
        ("sin", (1.0,), H("0x1.aed548f090ceep-1")),
        ("sinf", (1.0,), H("0x1.aed548p-1")),
        ("cos", (0.0,), 1.0),
        ("log", (0.0,), -INF),  # math.log would raise
        ("log", (-1.0,), NAN),
        ("log2", (1024.0,), 10.0),
        ("log10", (1e-3,), -3.0),
        ("exp", (1000.0,), INF),  # math.exp would raise OverflowError
        ("expf", (89.0,), INF),
        ("exp2", (-1075.0,), 0.0),
        ("pow", (2.0, 10.0), 1024.0),
        ("pow", (NAN, 0.0), 1.0),
        ("pow", (-8.0, 1.0 / 3.0), NAN),
        ("pow", (0.0, -1.0), INF),
        ("powf", (2.0, 0.5), H("0x1.6a09e6p+0")),
        ("fmod", (-7.5, 2.0), -1.5),
        ("fmod", (1.0, 0.0), NAN),
        ("fmin", (NAN, 1.0), 1.0),
        ("fmax", (-0.0, NAN), -0.0),
        ("copysign", (1.0, -0.0), -1.0),
        ("copysignf", (2.5, -NAN), -2.5),
        ("round", (2.5,), 3.0),
        ("round", (-0.5,), -1.0),  # halfway cases away from zero
        ("round", (-0.4,), -0.0),
        ("trunc", (-1.7,), -1.0),
        ("floor", (-0.5,), -1.0),
        ("ceil", (-0.5,), -0.0),
        ("fabs", (-0.0,), 0.0),
        ("cbrt", (-27.0,), -3.0000000000000004),  # glibc's cbrt is not correctly rounded
        ("cbrt", (8.0,), 2.0),
        ("hypot", (INF, NAN), INF),
        ("hypot", (3.0, 4.0), 5.0),
        ("atan2", (0.0, -0.0), math.pi),
        ("atan2", (-0.0, -0.0), -math.pi),
        ("asin", (2.0,), NAN),
        ("tanh", (INF,), 1.0),
    ],
)
def test_library_values(name: str, args: tuple[float, ...], expected: float) -> None:
    assert same(libm.call(name, args), expected)


def test_abs_of_the_minimum_wraps_like_glibc() -> None:
    assert libm.call("abs", (-(2**31),)) == -(2**31)
    assert libm.call("labs", (-(2**63),)) == -(2**63)
    assert libm.call("llabs", (-5,)) == 5


def test_wrong_argument_count_is_a_clear_error() -> None:
    with pytest.raises(UnsupportedError, match="'sin' with 2 arguments"):
        libm.call("sin", (1.0, 2.0))


# ------------------------------------------------------------ printf


@pytest.mark.parametrize(
    ("fmt", "args", "expected"),
    [
        ("plain text\n", (), "plain text\n"),
        ("%d|%i|%5d|%-5d|%05d|%+d|% d", (42, -7, 42, 42, 42, 42, 42),
         "42|-7|   42|42   |00042|+42| 42"),
        ("%u %x %X %o", (-1, 255, 255, 8), "4294967295 ff FF 10"),
        ("%#x %#o %#X %#x", (255, 8, 255, 0), "0xff 010 0XFF 0"),
        ("%x", (-1,), "ffffffff"),
        ("%lx %lu %ld", (-1, -1, -(2**63)),
         "ffffffffffffffff 18446744073709551615 -9223372036854775808"),
        ("%llu %zu %lld", (2**64 - 1, 3, -1), "18446744073709551615 3 -1"),
        ("%hhd %hhu %hd %hu", (300, -1, 70000, 70000), "44 255 4464 4464"),
        ("%d", (2**32 + 5,), "5"),  # an int conversion reads the low 32 bits
        ("%c%c%c", (72, 105, 256 + 33), "Hi!"),
        ("%s|%5s|%-5s|%.2s", ("ab", "ab", "ab", "abcdef"), "ab|   ab|ab   |ab"),
        ("%f %.2f %8.3f %-8.1f|", (3.14159, 2.675, -1.0, 0.05), "3.141590 2.67   -1.000 0.1     |"),
        ("%e %E %.0e", (12345.678, 0.00012, 5e10), "1.234568e+04 1.200000E-04 5e+10"),
        ("%g %g %g %G %#g", (0.0001, 1e-05, 123456789.0, 1e-10, 1.0),
         "0.0001 1e-05 1.23457e+08 1E-10 1.00000"),
        ("%a %a %A %.1a", (1.0, -0.0, 255.5, 1.96875), "0x1p+0 -0x0p+0 0X1.FFP+7 0x2.0p+0"),
        ("%f %F %5.1f %e", (INF, -INF, NAN, -NAN), "inf -INF   nan -nan"),
        ("%05f", (INF,), "  inf"),
        ("%*d|%-*d|%.*f", (5, 1, 3, 2, 2, 3.14159), "    1|2  |3.14"),
        ("%p %p", (0, 4096), "(nil) 0x1000"),
        ("100%%", (), "100%"),
        ("%s", ("caf\xe9",), "caf\xe9"),
        ("a\0b", (), "a"),
        ("%s", ("x\0y",), "x"),
    ],
)
def test_printf_text(fmt: str, args: tuple[int | float | str, ...], expected: str) -> None:
    assert libm.format_printf(fmt, args) == expected


def test_different_formats_printing_the_same_text_compare_equal() -> None:
    assert libm.format_printf("%d\n", (42,)) == libm.format_printf("%s\n", ("42",))
    assert libm.format_printf("%x!", (42,)) == libm.format_printf("2a!", ())
    assert libm.format_printf("%.1f", (0.25,)) == libm.format_printf("%.1f", (0.2,))


def test_long_output_is_not_truncated() -> None:
    text = libm.format_printf("%300d|%s", (7, "z" * 500))
    assert text == " " * 299 + "7|" + "z" * 500


@pytest.mark.parametrize(
    ("fmt", "args", "message"),
    [
        ("%n", (0,), "conversion"),
        ("%s", (5,), "non-string"),
        ("%d", ("x",), "non-integer"),
        ("%f", (1,), "non-floating"),
        ("%d %d", (1,), "more arguments"),
        ("%Lf", (1.0,), "long double"),
        ("%1$d", (1,), "conversion"),
        ("%", (), "conversion"),
    ],
)
def test_printf_formats_we_cannot_render_are_errors(
    fmt: str, args: tuple[int | float | str, ...], message: str
) -> None:
    with pytest.raises(UnsupportedError, match=message):
        libm.format_printf(fmt, args)


@pytest.mark.parametrize(
    ("func", "args", "expected"),
    [
        ("printf", ("%d-%s\n", 1, "a"), "1-a\n"),
        ("puts", ("hello",), "hello\n"),
        ("putchar", (65 + 256,), "A"),
        ("fputs", ("x", "stdout"), "x"),
        ("fprintf", ("stdout", "%03d", 7), "007"),
        ("fputc", (66, "stdout"), "B"),
        ("putc", (67, "stdout"), "C"),
        ("fprintf", ("stderr", "%d", 7), ""),
        ("fputs", ("x", "stderr"), ""),
        ("perror", ("oops",), ""),
        ("fflush", (0,), ""),
        ("my_log", ("text",), ""),
    ],
)
def test_output_text(func: str, args: tuple[int | float | str, ...], expected: str) -> None:
    assert libm.output_text(func, args) == expected
