"""Preprocessing tokens of a C text, with directives split out.

Translation phases 1-3 done just far enough for the variability front end and
the git-side scanner (`frontend/cscan`), the one tokenizer of raw C text:
backslash-newlines are spliced, comments become whitespace (a block comment
spanning lines keeps a directive going, as in C), and each token remembers the
physical line it came from, so the lifted text can keep every original line
number, and its span in the text, so the scanner can cut items out of it. A
`#` that is the first token of a line starts a directive, which ends at the
next newline. `INCLUDE_LINE` is the one spelling of an `#include` line.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

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
_PUNCTUATOR = re.compile("|".join(re.escape(p) for p in _PUNCTUATORS))
_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_NUMBER = re.compile(r"\.?[0-9](?:[eEpP][+-]|[0-9A-Za-z_.'])*")
_STRING_PREFIX = re.compile(r"(?:u8|u|U|L)(?=[\"'])")
_SPLICE = re.compile(r"\\(?:\r\n|\r|\n)|\r\n|\r")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")

INCLUDE_LINE = re.compile(
    r'^[ \t]*#[ \t]*(?P<directive>include|include_next|import)\b'
    r'(?:[ \t]*(?P<open>[<"])(?P<name>[^>"\n]+)[>"])?.*$',
    re.MULTILINE,
)
"""A line of the `#include` family: `#include <name>` or `"name"`, and also a
computed `#include MACRO`, `#include_next` and `#import` (without a name)."""


def include_target(line: str) -> tuple[str, bool] | None:
    """(name, is_system) of an `#include <name>` or `#include "name"` line."""
    return _target(INCLUDE_LINE.match(line))


def include_targets(text: str) -> list[tuple[str, bool]]:
    """`include_target` of every line of `text` that has one, in order."""
    found = (_target(match) for match in INCLUDE_LINE.finditer(text))
    return [target for target in found if target is not None]


def _target(match: re.Match[str] | None) -> tuple[str, bool] | None:
    if match is None or match["directive"] != "include" or match["name"] is None:
        return None
    return match["name"].strip(), match["open"] == "<"


@dataclass(frozen=True, slots=True)
class Token:
    kind: str
    """'id', 'num', 'str', 'chr', 'punct' or 'other'."""
    text: str
    line: int
    """0-based physical line in the scanned text."""
    space: bool
    """Whitespace (or a comment) came before it on its logical line."""
    start: int = field(default=0, compare=False)
    """Offset of its first character in the scanned text (0 for a made-up token)."""
    end: int = field(default=0, compare=False)
    """Offset after its last character (a spliced backslash-newline inside counts)."""


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
    start: int = field(default=0, compare=False)
    """Offset of the `#` in the scanned text."""
    end: int = field(default=0, compare=False)
    """Offset of the newline that ends it (trailing comments and spaces are inside)."""

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


def scan(text: str, path: str, tolerant: bool = False) -> Scanned:
    """Tokens and directives of `text`. An unterminated comment is a ParseError and
    an unterminated quote a character of its own (as gcc reads them); `tolerant`
    (half-edited files, `#if 0` prose) lets the comment run to the end of the text
    and the literal to the end of its line, so an apostrophe hides no brace."""
    spliced = _Spliced(text)
    chars = spliced.chars
    elements: list[Element] = []
    directive: list[Token] | None = None
    directive_line = directive_start = 0
    at_line_start = True
    space = False
    i = 0
    n = len(chars)

    def finish_directive(last_line: int, end: int) -> None:
        nonlocal directive
        assert directive is not None
        elements.append(
            _make_directive(directive_line, last_line, directive, directive_start, end)
        )
        directive = None

    while i < n:
        c = chars[i]
        if c == "\n":
            if directive is not None:
                finish_directive(spliced.line(i), spliced.offset(i))
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
            if end < 0 and not tolerant:
                raise ParseError("unterminated /* comment", Location(path, spliced.line(i) + 1))
            i = n if end < 0 else end + 2
            space = True
            continue
        if c == "/" and i + 1 < n and chars[i + 1] == "/":
            end = chars.find("\n", i)
            i = n if end < 0 else end
            continue
        start = i
        kind, spelling, i = _token(chars, i, tolerant)
        token = Token(kind, spelling, spliced.line(start), space, spliced.offset(start),
                      spliced.offset(i - 1) + 1)
        space = False
        if directive is not None:
            directive.append(token)
        elif at_line_start and token.text == "#":
            directive = []
            directive_line, directive_start = token.line, token.start
        else:
            elements.append(token)
        at_line_start = False
    if directive is not None:
        finish_directive(spliced.line(n - 1) if n else 0, len(text))
    physical = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    indents = tuple(line[: len(line) - len(line.lstrip(" \t"))] for line in physical)
    return Scanned(tuple(elements), indents)


class _Spliced:
    """`text` after phases 1-2 (`\\r\\n` and `\\r` become newlines, backslash-newlines
    go), with the way back: each character's offset and physical line in `text`."""

    def __init__(self, text: str) -> None:
        pieces: list[str] = []
        self._starts = [0]  # from index _starts[k] on, offset = index + _shifts[k]
        self._shifts = [0]
        last = removed = 0
        for match in _SPLICE.finditer(text):
            pieces.append(text[last : match.start()])
            if match.group().startswith("\\"):
                removed += match.end() - match.start()
                self._starts.append(match.end() - removed)
            else:  # one "\n", at the offset of the "\r"
                pieces.append("\n")
                self._starts.append(match.start() - removed + 1)
                removed += match.end() - match.start() - 1
            self._shifts.append(removed)
            last = match.end()
        pieces.append(text[last:])
        self.chars = "".join(pieces)
        self._breaks = [match.start() for match in _LINE_BREAK.finditer(text)]

    def offset(self, index: int) -> int:
        return index + self._shifts[bisect.bisect_right(self._starts, index) - 1]

    def line(self, index: int) -> int:
        """0-based physical line of the character at `index`."""
        return bisect.bisect_left(self._breaks, self.offset(index))


def _token(chars: str, i: int, tolerant: bool) -> tuple[str, str, int]:
    """Kind and spelling of the token at `i`, and the index after it."""
    prefix = _STRING_PREFIX.match(chars, i)
    start = i
    if prefix:
        i = prefix.end()
    c = chars[i]
    if c in "\"'":
        end = _quoted_end(chars, i, c)
        if end is None and tolerant:
            line_end = chars.find("\n", i)
            end = len(chars) if line_end < 0 else line_end
        if end is not None:
            return ("str" if c == '"' else "chr"), chars[start:end], end
        return "other", chars[start : i + 1], i + 1
    for kind, pattern in (("id", _IDENT), ("num", _NUMBER), ("punct", _PUNCTUATOR)):
        match = pattern.match(chars, i)
        if match:
            return kind, match.group(), match.end()
    return "other", c, i + 1


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


def _make_directive(
    line: int, last_line: int, tokens: list[Token], start: int, end: int
) -> Directive:
    if not tokens:
        return Directive(line, last_line, "", (), start, end)
    head = tokens[0]
    if head.kind == "num":
        return Directive(line, last_line, "line", tuple(tokens), start, end)
    return Directive(line, last_line, head.text, tuple(tokens[1:]), start, end)
