"""Normalised output events print exactly the text of the call they stand for."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from checker.ir.ir import Const, Expr, StrConst, Var
from checker.lower.print_events import print_event
from checker.semantics import ctype as ct
from checker.semantics.libm import format_printf, output_text

PIECES = ["a", "%%", "\n", " ", "x=", "%d", "%i", "%5i", "%-3d", "%u", "%x", "%c", "%s",
          "%*d", "%.*s", "%ld", "%f"]


def _arguments(fmt: str) -> list[str]:
    """The kinds of arguments `fmt`'s conversions (those of PIECES) read, in order."""
    kinds = []
    for piece in fmt.replace("%%", "").split("%")[1:]:
        kinds += ["int"] * piece.count("*")
        conv = piece.lstrip("-0123456789*.l")[:1]
        kinds.append({"s": "str", "f": "double", "l": "long"}.get(conv, "int"))
        if piece.startswith("ld"):
            kinds[-1] = "long"
    return kinds


@st.composite
def call(draw: st.DrawFn) -> tuple[str, list[Expr], dict[str, int | float | str]]:
    fmt = "".join(draw(st.lists(st.sampled_from(PIECES), max_size=6)))
    args: list[Expr] = []
    values: dict[str, int | float | str] = {}
    for index, kind in enumerate(_arguments(fmt)):
        if kind == "str":
            text = draw(st.sampled_from(["", "b", "50%", "%d"]))
            args.append(StrConst(text))
            continue
        ctype = {"int": ct.INT, "long": ct.LONG, "double": ct.DOUBLE}[kind]
        value: int | float = (draw(st.floats(-1e6, 1e6)) if kind == "double"
                              else draw(st.integers(-300, 300)))
        if draw(st.booleans()):
            args.append(Const(value, ctype))
        else:
            args.append(Var(f"v{index}", ctype))
            values[f"v{index}"] = value
    return fmt, args, values


def _value(expr: Expr, values: dict[str, int | float | str]) -> int | float | str:
    if isinstance(expr, Var):
        return values[expr.name]
    return expr.text if isinstance(expr, StrConst) else expr.value  # type: ignore[union-attr]


@given(call())
def test_the_event_prints_the_calls_text(example: tuple) -> None:  # type: ignore[type-arg]
    fmt, args, values = example
    event = print_event("printf", (StrConst(fmt), *args))
    assert event is not None
    template, *rest = event
    assert isinstance(template, StrConst)
    if not values and "\0" not in format_printf(fmt, tuple(_value(a, values) for a in args)):
        assert rest == []  # every conversion rendered
    expected = format_printf(fmt, tuple(_value(a, values) for a in args))
    assert format_printf(template.text, tuple(_value(a, values) for a in rest)) == expected


def test_equal_texts_make_equal_events() -> None:
    x = Var("x", ct.INT)
    decimal = print_event("printf", (StrConst("%d\n"), x))
    assert decimal == print_event("printf", (StrConst("%i\n"), x))
    assert print_event("puts", (StrConst("100%"),)) == print_event("printf", (StrConst("100%%\n"),))
    assert print_event("putchar", (x,)) == print_event("printf", (StrConst("%c"), x))
    assert print_event("printf", (StrConst("%s-%c"), StrConst("a"), Const(98, ct.INT))) == (
        StrConst("a-b"),)
    assert output_text("$print", ("%d!", 5)) == "5!"
    zero = Const(0, ct.INT)
    assert print_event("putchar", (zero,)) == (StrConst("%c"), zero)  # NUL stays an argument


def test_unreadable_formats_stay_raw_events() -> None:
    assert print_event("printf", (StrConst("%d %d"), Var("x", ct.INT))) is None  # too few
    assert print_event("printf", (StrConst("%n"), Var("x", ct.INT))) is None
    assert print_event("printf", (Var("fmt", ct.INT),)) is None
    assert print_event("fputs", (StrConst("a"), StrConst("stdout"))) is None
