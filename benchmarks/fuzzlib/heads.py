"""NEQ-summary heads (C conditions over feature macros) evaluated as gcc's `#if` would:
`defined(X)` tests definedness, an undefined identifier is 0."""

from __future__ import annotations

import re

from fuzzlib.features import Configuration

_TOKEN = re.compile(r"\s*(defined(?:Ex)?\s*\(\s*\w+\s*\)|defined\s+\w+|\w+|&&|\|\||!=|==|<=|>="
                    r"|[()!<>+\-*/%])")
_BINARY = {"||": 1, "&&": 2, "==": 3, "!=": 3, "<": 4, "<=": 4, ">": 4, ">=": 4,
           "+": 5, "-": 5, "*": 6, "/": 6, "%": 6}


class _HeadError(Exception):
    pass


def head_holds(head: str, config: Configuration, given: Configuration | None = None
               ) -> bool | None:
    """Does `config` satisfy `head`? None if the head is not a preprocessor condition.
    `config` holds the values the code sees (a feature's default included); `defined(X)`
    asks whether the build gives -DX (`given`, the configuration before defaults):
    liftdiff's heads name builds (docs/semantics.md, product lines)."""
    values = {name: value for name, value in config}
    built = values if given is None else {name: value for name, value in given}
    tokens: list[str | int] = []
    pos, text = 0, head.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            return None
        tok, pos = m.group(1), m.end()
        if tok.startswith("defined"):
            tokens.append(int(built.get(re.findall(r"\w+", tok)[-1]) is not None))
        elif re.fullmatch(r"\d+[uUlL]*", tok):
            tokens.append(int(tok.rstrip("uUlL")))
        elif re.fullmatch(r"\w+", tok):
            raw = values.get(tok)
            tokens.append(int(raw) if raw is not None and re.fullmatch(r"-?\d+", raw)
                          else 0)
        else:
            tokens.append(tok)
    try:
        value, rest = _expr(tokens, 0)
    except (_HeadError, IndexError, ZeroDivisionError):
        return None
    return bool(value) if not rest else None


def _expr(tokens: list[str | int], min_prec: int) -> tuple[int, list[str | int]]:
    left, tokens = _unary(tokens)
    while tokens and isinstance(tokens[0], str) and _BINARY.get(tokens[0], 0) > min_prec:
        op = tokens[0]
        right, tokens = _expr(tokens[1:], _BINARY[op])
        left = _apply(op, left, right)
    return left, tokens


def _unary(tokens: list[str | int]) -> tuple[int, list[str | int]]:
    tok = tokens[0]
    if isinstance(tok, int):
        return tok, tokens[1:]
    if tok == "(":
        value, rest = _expr(tokens[1:], 0)
        if not rest or rest[0] != ")":
            raise _HeadError(")")
        return value, rest[1:]
    if tok in ("!", "-", "+"):
        value, rest = _unary(tokens[1:])
        return {"!": int(not value), "-": -value, "+": value}[tok], rest
    raise _HeadError(str(tok))


def _apply(op: str, a: int, b: int) -> int:
    match op:
        case "||":
            return int(bool(a) or bool(b))
        case "&&":
            return int(bool(a) and bool(b))
        case "==":
            return int(a == b)
        case "!=":
            return int(a != b)
        case "<":
            return int(a < b)
        case "<=":
            return int(a <= b)
        case ">":
            return int(a > b)
        case ">=":
            return int(a >= b)
        case "+":
            return a + b
        case "-":
            return a - b
        case "*":
            return a * b
        case "/":
            return int(a / b)
    return a % b
