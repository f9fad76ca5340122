"""Preprocessing tokens of a C text, with directives split out.

Translation phases 1-3 done just far enough for the variability front end:
backslash-newlines are spliced, comments become whitespace (a block comment
spanning lines keeps a directive going, as in C), and each token remembers the
physical line it came from so the lifted text can keep every original line
number. A `#` that is the first token of a line starts a directive, which ends
at the next newline.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from checker.errors import ParseError
from checker.location import Location

_PUNCTUATORS = sorted(
    [
        "...", "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&",
        "||", "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##", "::", "[", "]", "(",
        ")", "{", "}", ".", "&", "*", "+", "-", "~", "!", "/", "%", "<", ">", "^", "|",
        "?", ":", ";", "=", ",", "#",
    ],
    key=len,
    reverse=True,
)
_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_NUMBER = re.compile(r"\.?[0-9](?:[eEpP][+-]|[0-9A-Za-z_.'])*")
_STRING_PREFIX = re.compile(r"(?:u8|u|U|L)(?=[\"'])")


@dataclass(frozen=True, slots=True)
class Token:
    kind: str
    """'id', 'num', 'str', 'chr', 'punct' or 'other'."""
    text: str
    line: int
    """0-based physical line in the scanned text."""
    space: bool
    """Whitespace (or a comment) came before it on its logical line."""


@dataclass(frozen=True, slots=True)
class Directive:
    line: int
    """0-based physical line of the `#`."""
    last_line: int
    """Last physical line the directive spans (continuations, comments)."""
    name: str
    """'if', 'define', ...; 'line' also for GNU `# 12 "file"` markers; '' for `#` alone."""
    tokens: tuple[Token, ...]
    """Tokens after the directive name."""

    @property
    def text(self) -> str:
        """The directive on one line, spacing as in the source, comments removed."""
        body = join_tokens(self.tokens)
        if not self.name:
            return "#"
        if self.tokens and self.tokens[0].kind == "num" and self.name == "line":
            return "#line " + body if body else "#line"
        return f"#{self.name} {body}".rstrip()


Element = Token | Directive


@dataclass(frozen=True)
class Scanned:
    elements: tuple[Element, ...]
    indents: tuple[str, ...] = ()
    """Leading whitespace of each physical line (to keep the layout readable)."""


def join_tokens(tokens: tuple[Token, ...] | list[Token]) -> str:
    parts: list[str] = []
    for index, token in enumerate(tokens):
        if index and token.space:
            parts.append(" ")
        parts.append(token.text)
    return "".join(parts)


def tokens_of(text: str, path: str) -> tuple[Token, ...]:
    """The tokens of a snippet without directives (a setting's value, a model)."""
    return tuple(e for e in scan(text, path).elements if isinstance(e, Token))


def scan(text: str, path: str) -> Scanned:
    """Tokens and directives of `text`; an unterminated comment is a ParseError."""
    chars, lines = _splice(text.replace("\r\n", "\n").replace("\r", "\n"))
    elements: list[Element] = []
    directive: list[Token] | None = None
    directive_line = 0
    at_line_start = True
    space = False
    i = 0
    n = len(chars)

    def finish_directive(last_line: int) -> None:
        nonlocal directive
        assert directive is not None
        elements.append(_make_directive(directive_line, last_line, directive))
        directive = None

    while i < n:
        c = chars[i]
        if c == "\n":
            if directive is not None:
                finish_directive(lines[i])
            at_line_start = True
            space = False
            i += 1
            continue
        if c in " \t\f\v":
            space = True
            i += 1
            continue
        if c == "/" and i + 1 < n and chars[i + 1] == "*":
            end = chars.find("*/", i + 2)
            if end < 0:
                raise ParseError("unterminated /* comment", Location(path, lines[i] + 1))
            i = end + 2
            space = True
            continue
        if c == "/" and i + 1 < n and chars[i + 1] == "/":
            end = chars.find("\n", i)
            i = n if end < 0 else end
            continue
        token, i = _token(chars, i, lines[i], space)
        space = False
        if directive is not None:
            directive.append(token)
        elif at_line_start and token.text == "#":
            directive = []
            directive_line = token.line
        else:
            elements.append(token)
        at_line_start = False
    if directive is not None:
        finish_directive(lines[n - 1] if n else 0)
    physical = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    indents = tuple(line[: len(line) - len(line.lstrip(" \t"))] for line in physical)
    return Scanned(tuple(elements), indents)


def _splice(text: str) -> tuple[str, list[int]]:
    """Remove backslash-newlines; map every remaining character to its physical line."""
    out: list[str] = []
    lines: list[int] = []
    line = 0
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\\" and i + 1 < n and text[i + 1] == "\n":
            line += 1
            i += 2
            continue
        out.append(c)
        lines.append(line)
        if c == "\n":
            line += 1
        i += 1
    return "".join(out), lines


def _token(chars: str, i: int, line: int, space: bool) -> tuple[Token, int]:
    prefix = _STRING_PREFIX.match(chars, i)
    start = i
    if prefix:
        i = prefix.end()
    c = chars[i]
    if c in "\"'":
        end = _quoted_end(chars, i, c)
        if end is not None:
            kind = "str" if c == '"' else "chr"
            return Token(kind, chars[start:end], line, space), end
        return Token("other", chars[start : i + 1], line, space), i + 1
    match = _IDENT.match(chars, i)
    if match:
        return Token("id", match.group(), line, space), match.end()
    match = _NUMBER.match(chars, i)
    if match:
        return Token("num", match.group(), line, space), match.end()
    for punct in _PUNCTUATORS:
        if chars.startswith(punct, i):
            return Token("punct", punct, line, space), i + len(punct)
    return Token("other", c, line, space), i + 1


def _quoted_end(chars: str, i: int, quote: str) -> int | None:
    """Index after the closing quote, or None when the line ends first."""
    j = i + 1
    n = len(chars)
    while j < n:
        c = chars[j]
        if c == "\\" and j + 1 < n:
            j += 2
            continue
        if c == quote:
            return j + 1
        if c == "\n":
            return None
        j += 1
    return None


def _make_directive(line: int, last_line: int, tokens: list[Token]) -> Directive:
    if not tokens:
        return Directive(line, last_line, "", ())
    head = tokens[0]
    if head.kind == "id":
        return Directive(line, last_line, head.text, tuple(tokens[1:]))
    if head.kind == "num":
        return Directive(line, last_line, "line", tuple(tokens))
    return Directive(line, last_line, head.text, tuple(tokens[1:]))
