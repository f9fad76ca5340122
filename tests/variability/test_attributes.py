"""Conditionals holding only attributes that change no behaviour are dropped before
lifting; any other attribute (packed, aligned, noreturn, ...) keeps its conditional."""

from __future__ import annotations

import pytest

from checker.types import Settings
from checker.variability.attributes import neutral_attributes_only
from checker.variability.condexpr import MacroDef, MacroState
from checker.variability.lexer import tokens_of
from tests.variability.test_analysis import _analyse, _code

VISIBLE = MacroDef("VISIBLE", None, tokens_of('__attribute__((visibility("default")))', "<d>"))
MAIN_VISIBLE = MacroDef("MAIN_VISIBLE", None, tokens_of("VISIBLE", "<d>"))
CALL = MacroDef("CALL", ("x",), tokens_of("x", "<d>"))
MACROS: dict[str, MacroState] = {"VISIBLE": VISIBLE, "MAIN_VISIBLE": MAIN_VISIBLE,
                                 "CALL": CALL}


@pytest.mark.parametrize(("text", "neutral"), [
    ("MAIN_VISIBLE", True),
    ("__attribute__((unused, format(printf, 1, 2))) VISIBLE", True),
    ("__attribute__ ((__cold__))", True),
    ("__attribute__((packed))", False),
    ("__attribute__((unused, aligned(8)))", False),
    ("__attribute__((noreturn))", False),
    ("__attribute__((mode(QI)))", False),
    ("CALL", False),
    ("UNDEFINED", False),
    ("MAIN_VISIBLE int", False),
    ("__attribute__((unused)", False),
])
def test_neutral_attributes(text: str, neutral: bool) -> None:
    assert neutral_attributes_only(tokens_of(text, "<t>"), MACROS.get) is neutral


BUSYBOX = Settings(conditional_macros=("IF_*", "IF_NOT_*"))


def test_a_visibility_conditional_on_a_prototype_is_dropped() -> None:
    text = ("#define VISIBLE __attribute__((visibility(\"default\")))\n"
            "int echo_main(int argc)\n#if ENABLE_ECHO\n VISIBLE\n#endif\n;\n")
    analysis = _analyse(text)
    assert analysis.conditionals == {}
    assert "int echo_main ( int argc ) ;" in _code(analysis)


def test_a_visibility_if_call_on_a_prototype_is_dropped() -> None:
    text = ("#define VISIBLE __attribute__((visibility(\"default\")))\n"
            "int echo_main(int argc) IF_ECHO(VISIBLE);\nint k = 1 IF_ECHO(+ 1);\n")
    analysis = _analyse(text, settings=BUSYBOX)
    assert len(analysis.conditionals) == 1  # the `+ 1`, not the attribute
    assert "int echo_main ( int argc ) ;" in _code(analysis)


def test_a_packed_conditional_is_kept() -> None:
    text = "struct s { char c; int i; }\n#if ENABLE_PACK\n__attribute__((packed))\n#endif\n;\n"
    analysis = _analyse(text)
    assert len(analysis.conditionals) == 1
