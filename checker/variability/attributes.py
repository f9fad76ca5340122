"""Conditionals that only add or remove attributes which do not change behaviour.

BusyBox marks each applet's `main` visible only when the applet is built:
`int echo_main(int argc, char **argv) IF_ECHO(MAIN_EXTERNALLY_VISIBLE);`, with
`MAIN_EXTERNALLY_VISIBLE` a macro for `__attribute__((visibility("default")))`.
Kept, such a conditional splits a prototype per configuration (a variant per
applet). The front end drops attributes after macros are expanded (all but
`packed`, and reads `noreturn` from the text), so the model never sees them:
a region whose tokens expand only to attributes that change neither the
meaning nor the layout (visibility, unused, format checks, ...) is dropped
before lifting. The compiled replay builds the original text, with them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from checker.variability.condexpr import Alternatives, MacroDef, MacroState
from checker.variability.lexer import Token

NEUTRAL_ATTRIBUTES = frozenset({
    "visibility", "externally_visible", "used", "unused", "maybe_unused", "cold", "hot",
    "noinline", "noclone", "warn_unused_result", "format", "format_arg", "deprecated",
    "unavailable", "nothrow", "leaf", "artificial", "sentinel", "no_instrument_function",
})
"""Attributes with no effect on what a correct program computes or on any layout."""
ATTRIBUTE_KEYWORDS = frozenset({"__attribute__", "__attribute"})
_MAX_DEPTH = 8


def neutral_attributes_only(tokens: Sequence[Token],
                            lookup: Callable[[str], MacroState], depth: int = 0) -> bool:
    """Whether `tokens` expand (macros looked up with `lookup`, every definition
    that may reach) to nothing but neutral attributes. False for anything else,
    an undefined name or a function-like macro included."""
    if depth > _MAX_DEPTH:
        return False
    at = 0
    while at < len(tokens):
        token = tokens[at]
        if token.text in ATTRIBUTE_KEYWORDS:
            close = _neutral_attribute_end(tokens, at + 1)
            if close is None:
                return False
            at = close + 1
            continue
        if token.kind != "id" or not _neutral_macro(token.text, lookup, depth):
            return False
        at += 1
    return True


def _neutral_macro(name: str, lookup: Callable[[str], MacroState], depth: int) -> bool:
    state = lookup(name)
    definitions = ([d for _, d in state.options] if isinstance(state, Alternatives)
                   else [state])
    return all(isinstance(d, MacroDef) and d.params is None
               and neutral_attributes_only(d.body, lookup, depth + 1) for d in definitions)


def _neutral_attribute_end(tokens: Sequence[Token], at: int) -> int | None:
    """Index of the `)` closing `((...))` that starts at `at`, when every attribute
    named in it is neutral; else None."""
    if at + 1 >= len(tokens) or tokens[at].text != "(" or tokens[at + 1].text != "(":
        return None
    depth = 0
    expecting_name = False
    for index in range(at, len(tokens)):
        text = tokens[index].text
        if text == "(":
            depth += 1
            expecting_name = depth == 2
        elif text == ")":
            depth -= 1
            if depth == 0:
                return index
        elif depth == 2 and text == ",":
            expecting_name = True
        elif expecting_name:
            if text.strip("_") not in NEUTRAL_ATTRIBUTES:
                return None
            expecting_name = False
    return None
