"""pycparser on preprocessed text, with parse errors turned into ParseError + location."""

from __future__ import annotations

import re

from pycparser import c_ast, c_parser

from checker.errors import ParseError
from checker.location import Location

_COORD = re.compile(r"^(?P<file>.*?):(?P<line>\d+)(?::(?P<col>\d+))?:\s*(?P<msg>.*)$")


def parse_c(text: str, path: str) -> c_ast.FileAST:
    parser = c_parser.CParser()
    try:
        return parser.parse(text, filename=path)
    except c_parser.ParseError as exc:
        raise _parse_error(str(exc), path, _stopped_at(parser)) from None
    except (AssertionError, RecursionError, IndexError, KeyError, ValueError) as exc:
        raise ParseError(f"C parser failed: {exc!r}", Location(path, 1)) from None


def _stopped_at(parser: c_parser.CParser) -> tuple[Location, str] | None:
    """Where the parser stopped and the token it stopped at. pycparser 3 reports
    some errors ("Invalid declaration", "Invalid expression") with the file name
    only; the token is still at the head of its token stream."""
    try:
        token = parser._peek()  # pycparser has no public accessor for it
    except (AttributeError, IndexError, TypeError, c_parser.ParseError):
        return None  # a lexer error (a stray '`') raises again on the next token
    if token is None or not getattr(token, "lineno", 0):
        return None
    location = Location(token.filename, token.lineno, getattr(token, "column", 0) or 0)
    return location, str(token.value)


def _parse_error(
    message: str, path: str, stopped: tuple[Location, str] | None = None
) -> ParseError:
    match = _COORD.match(message)
    if match is None:
        if stopped is None:
            return ParseError(f"cannot parse C: {message}", Location(path, 1))
        location, token = stopped
        detail = message.rsplit(": ", 1)[-1]
        return ParseError(
            f"cannot parse C: {detail} at '{token}'",
            Location(location.path or path, location.line, location.column),
        )
    file = match.group("file") or path
    line = int(match.group("line"))
    column = int(match.group("col") or 0)
    detail = match.group("msg")
    if detail.startswith("before:"):
        token = detail[len("before:") :].strip()
        detail = f"syntax error before '{token}' (an unknown type name or macro?)"
    return ParseError(f"cannot parse C: {detail}", Location(file, line, column))


def coord_location(node: c_ast.Node | None, default: Location) -> Location:
    coord = getattr(node, "coord", None)
    if coord is None or not coord.line:
        return default
    return Location(coord.file or default.path, coord.line, coord.column or 0)
