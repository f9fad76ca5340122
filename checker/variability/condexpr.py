"""`#if` expressions -> Formula, with the macro expansion the preprocessor does first.

The caller supplies a `MacroEnv` that says, at the directive's position, which
names are features, which macros are defined (and how), and what `defined(X)`
means for a macro whose definition depends on features. Everything else follows
C: `defined X`, `defined(X)` and TypeChef's `definedEx(X)` are decided before
expansion, remaining identifiers are 0, integer arithmetic is intmax_t.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeGuard

from checker.errors import ParseError, UnsupportedError
from checker.location import Location
from checker.variability import formula as fm
from checker.variability.formula import Formula
from checker.variability.lexer import Token
from checker.variability.types import presence_name

DEFINED_OPERATORS = frozenset({"defined", "definedEx"})
HAS_OPERATORS = frozenset({
    "__has_include", "__has_include_next", "__has_attribute", "__has_c_attribute",
    "__has_builtin", "__has_feature", "__has_extension", "__has_cpp_attribute",
})
"""GCC/Clang `#if` operators: nothing is known to exist, as with `gcc -nostdinc`."""


@dataclass(frozen=True)
class MacroDef:
    """A macro definition: `params` is None for object-like macros."""

    name: str
    params: tuple[str, ...] | None
    body: tuple[Token, ...]
    variadic: bool = False

    def same_as(self, other: MacroDef) -> bool:
        return (self.params, self.variadic, [t.text for t in self.body]) == (
            other.params, other.variadic, [t.text for t in other.body])


@dataclass(frozen=True)
class External:
    """A feature macro as the build defines it (`-D`/`-U`): the state of a
    feature with a default (`#ifndef X` / `#define X 0`) before that `#define`."""

    name: str


Definition = MacroDef | External | None


@dataclass(frozen=True)
class Alternatives:
    """A macro whose definition depends on features: (guard, definition or None)
    pairs; the first guard that holds decides, the guards cover every configuration."""

    name: str
    options: tuple[tuple[Formula, Definition], ...]


MacroState = MacroDef | Alternatives | External | None


@dataclass(frozen=True)
class MacroEnv:
    feature: Callable[[str], Formula | None]
    """The Var of a feature macro (None: not a feature)."""
    macro: Callable[[str], MacroState]
    """Definition at this point; None when undefined."""


@dataclass(frozen=True, slots=True)
class _Value:
    """A sub-expression already turned into a Formula."""

    formula: Formula


_Item = Token | _Value


def parse_condition(tokens: Sequence[Token], env: MacroEnv, where: Location) -> Formula:
    """The value of an `#if`/`#elif` expression as a Formula over features."""
    if not tokens:
        raise ParseError("#if with no expression", where)
    items = _expand(list(tokens), env, where, frozenset())
    parser = _Parser(items, where)
    result = parser.expression()
    if not parser.at_end():
        raise ParseError(f"unexpected '{parser.describe()}' in #if expression", where)
    return result


def defined_formula(name: str, env: MacroEnv) -> Formula:
    """What `defined(name)` means here: a feature test (the variable `defined(X)`
    of a two-state feature), a constant, or a guard."""
    state = env.macro(name)
    if isinstance(state, Alternatives):
        return fm.disj(*(fm.conj(guard, *(fm.neg(g) for g, _ in state.options[:i]),
                                 _defined(definition, env))
                         for i, (guard, definition) in enumerate(state.options)
                         if definition is not None))
    return _defined(state, env) if state is not None else _defined(External(name), env)


def _defined(definition: MacroDef | External, env: MacroEnv) -> Formula:
    if isinstance(definition, MacroDef):
        return fm.TRUE
    feature = env.feature(presence_name(definition.name)) or env.feature(definition.name)
    return fm.FALSE if feature is None else fm.truth(feature)


# ------------------------------------------------------------------ expansion


def _expand(items: list[_Item], env: MacroEnv, where: Location,
            hidden: frozenset[str]) -> list[_Item]:
    out: list[_Item] = []
    i = 0
    while i < len(items):
        item = items[i]
        if isinstance(item, _Value) or item.kind != "id":
            out.append(item)
            i += 1
            continue
        name = item.text
        if name in DEFINED_OPERATORS:
            operand, i = _defined_operand(items, i + 1, where)
            out.append(_Value(fm.TRUE if operand in HAS_OPERATORS
                              else defined_formula(operand, env)))
            continue
        if name in HAS_OPERATORS:
            if i + 1 >= len(items) or not _is_punct(items[i + 1], "("):
                raise ParseError(f"'{name}' needs a parenthesised operand", where)
            _, i = _call_arguments(items, i + 2, where, name)
            out.append(_Value(fm.FALSE))
            continue
        if name in hidden:
            out.append(_Value(fm.FALSE))
            i += 1
            continue
        state = env.macro(name)
        feature = env.feature(name)
        if feature is not None and not isinstance(state, MacroDef | Alternatives):
            out.append(_Value(feature))
            i += 1
            continue
        if state is None or isinstance(state, External):
            out.append(_Value(fm.FALSE))  # an unknown identifier in #if is 0
            i += 1
            continue
        if isinstance(state, Alternatives):
            out.append(_Value(_alternatives_value(state, env, where, hidden | {name})))
            i += 1
            continue
        if state.params is None:
            out.extend(_expand(list(state.body), env, where, hidden | {name}))
            i += 1
            continue
        if i + 1 >= len(items) or not _is_punct(items[i + 1], "("):
            out.append(_Value(fm.FALSE))  # function-like macro name without call
            i += 1
            continue
        args, i = _call_arguments(items, i + 2, where, name)
        body = _substitute(state, args, env, where, hidden)
        out.extend(_expand(body, env, where, hidden | {name}))
    return out


def _alternatives_value(state: Alternatives, env: MacroEnv, where: Location,
                        hidden: frozenset[str]) -> Formula:
    """Expression substitution for a feature-dependent object-like macro."""
    value: Formula = fm.FALSE
    for guard, definition in reversed(state.options):
        if definition is None:
            option: Formula = fm.FALSE
        elif isinstance(definition, External):
            option = env.feature(definition.name) or fm.FALSE
        elif definition.params is not None:
            raise UnsupportedError(
                f"function-like macro '{state.name}' defined differently per configuration "
                "and used in #if", where)
        elif not definition.body:
            option = fm.FALSE
        else:
            items = _expand(list(definition.body), env, where, hidden)
            parser = _Parser(items, where)
            option = parser.expression()
            if not parser.at_end():
                raise UnsupportedError(
                    f"macro '{state.name}' (defined per configuration) is not a whole "
                    "expression in #if", where)
        value = fm.cond(guard, option, value)
    return value


def _defined_operand(items: list[_Item], i: int, where: Location) -> tuple[str, int]:
    if i < len(items) and _is_punct(items[i], "("):
        if i + 2 < len(items) and _is_ident(name := items[i + 1]) and _is_punct(items[i + 2], ")"):
            return name.text, i + 3
        raise ParseError("'defined' needs a macro name in parentheses", where)
    if i < len(items) and _is_ident(name := items[i]):
        return name.text, i + 1
    raise ParseError("'defined' without a macro name", where)


def _call_arguments(items: list[_Item], i: int, where: Location,
                    name: str) -> tuple[list[list[_Item]], int]:
    args: list[list[_Item]] = [[]]
    depth = 0
    while i < len(items):
        item = items[i]
        if _is_punct(item, "("):
            depth += 1
        elif _is_punct(item, ")"):
            if depth == 0:
                return ([] if args == [[]] else args), i + 1
            depth -= 1
        elif _is_punct(item, ",") and depth == 0:
            args.append([])
            i += 1
            continue
        args[-1].append(item)
        i += 1
    raise ParseError(f"unterminated call of macro '{name}' in #if", where)


def _substitute(definition: MacroDef, args: list[list[_Item]], env: MacroEnv,
                where: Location, hidden: frozenset[str]) -> list[_Item]:
    params = definition.params or ()
    if definition.variadic:
        fixed = len(params) - 1
        if len(args) < fixed:
            raise ParseError(f"macro '{definition.name}' needs at least {fixed} arguments", where)
        rest: list[_Item] = []
        for index, arg in enumerate(args[fixed:]):
            if index:
                rest.append(Token("punct", ",", 0, False))
            rest.extend(arg)
        args = [*args[:fixed], rest]
    elif len(args) != len(params) and not (len(params) == 0 and not args):
        raise ParseError(f"macro '{definition.name}' takes {len(params)} arguments, "
                         f"given {len(args)}", where)
    table = dict(zip(params, args, strict=False))
    out: list[_Item] = []
    body = list(definition.body)
    for index, token in enumerate(body):
        if token.kind == "id" and token.text in table:
            raw = table[token.text]
            adjacent = (index > 0 and body[index - 1].text == "##") or (
                index + 1 < len(body) and body[index + 1].text == "##")
            out.extend(raw if adjacent else _expand(list(raw), env, where, hidden))
        elif token.text in ("#", "##"):
            raise UnsupportedError(f"'{token.text}' in macro '{definition.name}' used in #if",
                                   where)
        else:
            out.append(token)
    return out


def _is_punct(item: _Item, text: str) -> bool:
    return isinstance(item, Token) and item.kind == "punct" and item.text == text


def _is_ident(item: _Item) -> TypeGuard[Token]:
    return isinstance(item, Token) and item.kind == "id"


# -------------------------------------------------------------------- parsing

_BINARY_LEVELS: tuple[tuple[str, ...], ...] = (
    ("||",), ("&&",), ("|",), ("^",), ("&",), ("==", "!="), ("<", ">", "<=", ">="),
    ("<<", ">>"), ("+", "-"), ("*", "/", "%"),
)


class _Parser:
    def __init__(self, items: list[_Item], where: Location) -> None:
        self.items = items
        self.pos = 0
        self.where = where

    def at_end(self) -> bool:
        return self.pos >= len(self.items)

    def describe(self) -> str:
        item = self.items[self.pos]
        return item.formula.to_c() if isinstance(item, _Value) else item.text

    def peek_op(self) -> str | None:
        if self.at_end():
            return None
        item = self.items[self.pos]
        if isinstance(item, Token) and item.kind == "punct":
            return item.text
        return None

    def expression(self) -> Formula:
        test = self.binary(0)
        if self.peek_op() != "?":
            return test
        self.pos += 1
        then = self.expression()
        if self.peek_op() != ":":
            raise ParseError("'?' without ':' in #if expression", self.where)
        self.pos += 1
        other = self.expression()
        return fm.cond(fm.truth(test), then, other)

    def binary(self, level: int) -> Formula:
        if level == len(_BINARY_LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        while (op := self.peek_op()) is not None and op in _BINARY_LEVELS[level]:
            self.pos += 1
            right = self.binary(level + 1)
            try:
                left = fm.binary(op, left, right)
            except ZeroDivisionError as exc:
                raise ParseError(str(exc), self.where) from None
        return left

    def unary(self) -> Formula:
        op = self.peek_op()
        if op in ("!", "-", "+", "~"):
            self.pos += 1
            return fm.unary(op, self.unary())
        return self.primary()

    def primary(self) -> Formula:
        if self.at_end():
            raise ParseError("#if expression ends too early", self.where)
        item = self.items[self.pos]
        self.pos += 1
        if isinstance(item, _Value):
            return item.formula
        if item.kind == "punct" and item.text == "(":
            inner = self.expression()
            if self.peek_op() != ")":
                raise ParseError("missing ')' in #if expression", self.where)
            self.pos += 1
            return inner
        if item.kind == "num":
            return parse_integer(item.text, self.where)
        if item.kind == "chr":
            return fm.Const(char_value(item.text, self.where))
        raise ParseError(f"unexpected '{item.text}' in #if expression", self.where)


def parse_integer(text: str, where: Location) -> fm.Const:
    body = text.replace("'", "")
    lowered = body.lower()
    suffix_start = len(lowered)
    while suffix_start > 0 and lowered[suffix_start - 1] in "ul":
        suffix_start -= 1
    digits, suffix = lowered[:suffix_start], lowered[suffix_start:]
    try:
        if digits.startswith("0x"):
            value = int(digits[2:], 16)
        elif digits.startswith("0b"):
            value = int(digits[2:], 2)
        elif digits.startswith("0") and len(digits) > 1:
            value = int(digits[1:], 8)
        else:
            value = int(digits, 10)
    except ValueError:
        raise ParseError(f"'{text}' is not an integer constant in #if", where) from None
    if suffix.replace("u", "") not in ("", "l", "ll"):
        raise ParseError(f"bad suffix on integer constant '{text}'", where)
    unsigned = "u" in suffix or value >= (1 << 63)
    return fm.Const(value & ((1 << 64) - 1), unsigned)


_ESCAPES = {"n": 10, "t": 9, "r": 13, "0": 0, "a": 7, "b": 8, "f": 12, "v": 11,
            "\\": 92, "'": 39, '"': 34, "?": 63}


def char_value(text: str, where: Location) -> int:
    body = text[text.index("'") + 1 : -1]
    if not body:
        raise ParseError("empty character constant in #if", where)
    if body[0] != "\\":
        return ord(body[0])
    escape = body[1:]
    if escape.startswith("x"):
        return int(escape[1:], 16)
    if escape and escape[0] in "01234567":
        return int(escape, 8)
    if escape in _ESCAPES:
        return _ESCAPES[escape]
    raise ParseError(f"unknown escape in character constant {text}", where)
