"""Products for one configuration by gcc's preprocessor, and our fallback."""

from __future__ import annotations

import re

import pytest

from checker.errors import ParseError
from checker.types import Settings
from checker.variability import compiler_flags, derive_product
from checker.variability.lift import Front
from checker.variability.products import product_key
from checker.variability.types import macro_configuration
from tests import TESTS
from tests.variability.test_oracle import expand

DATA = TESTS / "data" / "variability"


def test_compiler_flags() -> None:
    settings = Settings(defines=(("NDEBUG", "1"),))
    flags = compiler_flags({"ENABLE_FEATURE_X": 1, "ENABLE_Y": 0, "A": None, "N": 7}, settings)
    assert flags == [
        "-DNDEBUG=1", "-UA",
        "-DENABLE_FEATURE_X=1", "-DIF_NOT_FEATURE_X(...)=", "-DIF_FEATURE_X(...)=__VA_ARGS__",
        "-DENABLE_Y=0", "-DIF_NOT_Y(...)=__VA_ARGS__", "-DIF_Y(...)=",
        "-DN=7"]
    assert compiler_flags({"ENABLE_Z": 1}, Settings(conditional_macros=())) == ["-DENABLE_Z=1"]


def _code_lines(text: str) -> list[str]:
    return [line.strip() for line in text.split("\n")
            if line.strip() and not line.startswith("#line")]


@pytest.mark.gcc
def test_gcc_product_keeps_lines_and_restores_includes() -> None:
    text = '#include <stdio.h>\n#include "local.h"\nint f(int x) {\n#ifdef A\n' \
           '  x++;\n#else\n  x--;\n#endif\n  return x;\n}\n'
    product = derive_product(text, "inc.c", {"A": 1}, Settings(), "gcc")
    assert product.method == "gcc"
    assert _code_lines(product.text) == ["#include <stdio.h>", '#include "local.h"',
                                         "int f(int x) {", "x++;", "return x;", "}"]
    assert product.text.startswith('#line 1 "inc.c"\n')
    line_of = _line_numbers(product.text)
    assert line_of["x++;"] == 5 and line_of["return x;"] == 9


def _line_numbers(text: str) -> dict[str, int]:
    result, line = {}, 0
    for raw in text.split("\n"):
        mark = re.match(r'^#line (\d+) ', raw)
        if mark:
            line = int(mark.group(1))
            continue
        if raw.strip():
            result[raw.strip()] = line
        line += 1
    return result


@pytest.mark.gcc
def test_gcc_understands_typechef_defined_ex_and_conditional_macros() -> None:
    text = "int f(int x) {\n#if definedEx(A) && !definedEx(B)\n  x = 1;\n#endif\n" \
           "  IF_FEATURE_C(x += 2;)\n  IF_NOT_FEATURE_C(x += 3;)\n  return x;\n}\n"
    product = derive_product(text, "t.c", {"A": 1, "B": None, "ENABLE_FEATURE_C": 0},
                             Settings(), "gcc")
    assert _code_lines(product.text) == ["int f(int x) {", "x = 1;", "x += 3;", "return x;",
                                         "}"]


@pytest.mark.gcc
@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.c")))
def test_python_fallback_agrees_with_gcc(name: str) -> None:
    path = DATA / name
    text = path.read_text()
    front = Front(text, str(path), Settings())
    for values in ({}, {"A": 1, "B": 1, "C": 1, "D": 1, "LEVEL": 3, "ENABLE_FEATURE_A": 1},
                   {"B": 1, "LEVEL": 2, "DEBUG": 1, "ENABLE_FEATURE_B": 1}):
        configuration = macro_configuration(front.table.features.values(), values)
        gcc = derive_product(text, str(path), configuration, Settings(), "gcc")
        python = derive_product(text, str(path), configuration, Settings(), "python")
        assert python.method == "python"
        assert expand(python.text) == expand(gcc.text)


def test_product_key_identifies_products() -> None:
    text = "int f(int x) {\n#if A\n  x = 1;\n#elif B\n  x = 1;\n#endif\n" \
           "  return x + CONFIG_N;\n}\n"
    front = Front(text, "k.c", Settings(feature_patterns=("A", "B", "CONFIG_*")))
    assert product_key(front, {"A": 1, "B": 0, "CONFIG_N": 2}) == \
        product_key(front, {"A": 0, "B": 1, "CONFIG_N": 2})
    assert product_key(front, {"A": 0, "B": 0, "CONFIG_N": 2}) != \
        product_key(front, {"A": 1, "B": 0, "CONFIG_N": 2})
    assert product_key(front, {"A": 1, "CONFIG_N": 3})[-6:] == (
        "return", "x", "+", "3", ";", "}")


@pytest.mark.gcc
def test_error_directive_reached_by_gcc_is_a_parse_error() -> None:
    text = "#if defined(A) && defined(B)\n#error A and B conflict\n#endif\nint x;\n"
    with pytest.raises(ParseError, match="A and B conflict") as caught:
        derive_product(text, "e.c", {"A": 1, "B": 1}, Settings(), "gcc")
    assert caught.value.location is not None and caught.value.location.line == 2
    assert "int x;" in derive_product(text, "e.c", {"A": 1}, Settings(), "gcc").text
