"""`#if` expressions: defined forms, macro expansion, C rules, errors."""

from __future__ import annotations

import pytest

from checker.errors import ParseError, UnsupportedError
from checker.location import Location
from checker.variability import formula as fm
from checker.variability.condexpr import (
    Alternatives,
    External,
    MacroDef,
    MacroEnv,
    MacroState,
    parse_condition,
)
from checker.variability.formula import Const, Var
from checker.variability.lexer import Token, scan

WHERE = Location("c.c", 7)
FEATURES = {"A": Var("A"), "B": Var("B"), "X": Var("X", boolean=False)}


def _tokens(text: str) -> list[Token]:
    return [e for e in scan(text, "c.c").elements if isinstance(e, Token)]


def _macro(text: str) -> MacroDef:
    tokens = _tokens(text)
    name = tokens[0].text
    if len(tokens) > 1 and tokens[1].text == "(" and not tokens[1].space:
        close = next(i for i, t in enumerate(tokens) if t.text == ")")
        params = tuple(t.text for t in tokens[2:close] if t.kind == "id")
        return MacroDef(name, params, tuple(tokens[close + 1:]))
    return MacroDef(name, None, tuple(tokens[1:]))


def _env(*macros: str, extra: dict[str, MacroState] | None = None) -> MacroEnv:
    table: dict[str, MacroState] = {m.name: m for m in map(_macro, macros)}
    table.update(extra or {})
    return MacroEnv(FEATURES.get, table.get)


def _parse(text: str, env: MacroEnv | None = None) -> fm.Formula:
    return parse_condition(_tokens(text), env or _env(), WHERE)


@pytest.mark.parametrize(("text", "expected"), [
    ("defined(A)", Var("A")),
    ("defined A", Var("A")),
    ("definedEx(A) && !definedEx(B)", fm.conj(Var("A"), fm.neg(Var("B")))),
    ("A || B", fm.disj(Var("A"), Var("B"))),
    ("X > 2", fm.Binary(">", Var("X", False), Const(2))),
    ("X == 3 && !defined(B)", fm.conj(fm.Binary("==", Var("X", False), Const(3)),
                                      fm.neg(Var("B")))),
    ("UNKNOWN", Const(0)),
    ("defined UNKNOWN || 0x10 == 16", Const(1)),
    ("'a' == 97 && '\\n' == 10 && '\\x41' == 65", Const(1)),
    ("(1 ? 2 : 3) + 1", Const(3)),
    ("-1 < 0u", Const(0)),
    ("A ? X : 4", fm.Cond(Var("A"), Var("X", False), Const(4))),
])
def test_conditions(text: str, expected: fm.Formula) -> None:
    assert _parse(text) == expected


def test_macros_of_the_text_expand_first() -> None:
    env = _env("TWO 2", "MAX(a, b) ((a) > (b) ? (a) : (b))", "USE_A defined(A)", "EMPTY")
    assert _parse("MAX(TWO, 1) == 2", env) == Const(1)
    assert _parse("TWO * 3 + 1 == 7", env) == Const(1)
    assert _parse("defined(TWO) && !defined(MAX3)", env) == Const(1)
    assert _parse("USE_A", env) == Var("A")  # `defined` produced by expansion, as gcc
    assert _parse("EMPTY + 1", env) == Const(1)


def test_textual_expansion_is_not_parenthesised() -> None:
    assert _parse("N * 2 == 3", _env("N 1 + 1")) == Const(1)


def test_feature_dependent_macro_becomes_a_conditional_value() -> None:
    state = Alternatives("K", ((Var("A"), _macro("K 3")), (fm.TRUE, None)))
    env = _env(extra={"K": state})
    assert _parse("K > 2", env) == fm.Binary(">", fm.Cond(Var("A"), Const(3), Const(0)),
                                             Const(2))
    assert _parse("defined(K)", env) == Var("A")


def test_function_like_macro_per_configuration_is_unsupported() -> None:
    state = Alternatives("F", ((Var("A"), _macro("F(x) x")), (fm.TRUE, None)))
    with pytest.raises(UnsupportedError, match="function-like macro 'F'"):
        _parse("F", _env(extra={"F": state}))


@pytest.mark.parametrize(("text", "message"), [
    ("", "no expression"),
    ("(A", "missing ')'"),
    ("A +", "ends too early"),
    ("A B", "unexpected 'B'"),
    ("defined", "without a macro name"),
    ("defined(1)", "needs a macro name"),
    ("1 ? 2", "'?' without ':'"),
    ("4 / (2 - 2)", "division by zero"),
    ("12abc", "not an integer constant"),
    ("\"str\"", "unexpected '\"str\"'"),
])
def test_bad_conditions(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message.replace("(", r"\(").replace(")", r"\)")
                       .replace("?", r"\?").replace("+", r"\+")) as caught:
        _parse(text)
    assert caught.value.location == WHERE


def test_gcc_has_operators_find_nothing() -> None:
    assert _parse("defined __has_include && __has_include(<sys/x.h>) || A") == Var("A")
    assert _parse("__has_attribute(noreturn)") == Const(0)
    with pytest.raises(ParseError, match="needs a parenthesised operand"):
        _parse("__has_builtin")


def test_macro_argument_count_is_checked() -> None:
    with pytest.raises(ParseError, match="takes 2 arguments, given 1"):
        _parse("MAX(1)", _env("MAX(a, b) a"))


def test_two_state_feature_defined_and_value_are_apart() -> None:
    features = {"X": Var("X"), "defined(X)": Var("defined(X)")}
    env = MacroEnv(features.get, {}.get)
    assert _parse("defined(X) && !X", env) == fm.conj(Var("defined(X)"), fm.neg(Var("X")))


def test_a_default_is_the_build_value_where_the_macro_was_defined() -> None:
    features = {"X": Var("X", False), "defined(X)": Var("defined(X)")}
    undefined = fm.neg(Var("defined(X)"))
    default = Alternatives("X", ((undefined, _macro("X 4")), (fm.TRUE, External("X"))))
    env = MacroEnv(features.get, {"X": default}.get)
    assert _parse("X > 2", env) == fm.Binary(
        ">", fm.Cond(undefined, Const(4), Var("X", False)), Const(2))
    assert _parse("defined(X)", env) == Const(1)
