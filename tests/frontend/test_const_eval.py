import pytest

from checker.frontend.const_eval import (
    char_value,
    parse_float_literal,
    parse_int_literal,
    round_to_float32,
    string_value,
)
from checker.semantics import ctype as ct


@pytest.mark.parametrize(
    ("text", "value", "ctype"),
    [
        ("42", 42, ct.INT),
        ("2147483648", 2147483648, ct.LONG),
        ("0x80000000", 2147483648, ct.UINT),
        ("0xffffffffffffffff", 2**64 - 1, ct.ULONG),
        ("10u", 10, ct.UINT),
        ("10UL", 10, ct.ULONG),
        ("10ll", 10, ct.LLONG),
        ("017", 15, ct.INT),
        ("0", 0, ct.INT),
    ],
)
def test_integer_literals(text: str, value: int, ctype: ct.IntType) -> None:
    assert parse_int_literal(text) == (value, ctype)


def test_float_literals_round_once() -> None:
    assert parse_float_literal("0.1") == (0.1, ct.DOUBLE)
    value, ftype = parse_float_literal("0.1f")
    assert ftype == ct.FLOAT and value == round_to_float32(0.1)
    assert parse_float_literal("0x1.8p1") == (3.0, ct.DOUBLE)
    assert parse_float_literal("1e999")[0] == float("inf")
    assert parse_float_literal("1e999f") == (float("inf"), ct.FLOAT)  # the prelude's INFINITY
    assert parse_float_literal("-1e39f"[1:])[0] == float("inf")
    # 1 + 2^-24 + 2^-60 rounds up in one step, but to 1.0 via double then float
    value, _ = parse_float_literal("1.0000000596046448730468750000000008674f")
    assert value == 1.0000001192092896


def test_character_and_string_constants() -> None:
    assert char_value("'a'") == 97
    assert char_value(r"'\n'") == 10
    assert char_value(r"'\x41'") == 65
    assert char_value(r"'\377'") == -1
    assert string_value(r'"a\tb"') == b"a\tb"
    assert string_value('"ab" "cd"') == b"abcd"
