"""pycparser on preprocessed text, with parse errors turned into ParseError + location."""

from __future__ import annotations

import re

from pycparser import c_ast, c_parser

from checker.errors import ParseError
from checker.types import Location

_COORD = re.compile(r"^(?P<file>.*?):(?P<line>\d+)(?::(?P<col>\d+))?:\s*(?P<msg>.*)$")


def parse_c(text: str, path: str) -> c_ast.FileAST:
    parser = c_parser.CParser()
    try:
        return parser.parse(text, filename=path)
    except c_parser.ParseError as exc:
        raise _parse_error(str(exc), path) from None
    except (AssertionError, RecursionError, IndexError, KeyError, ValueError) as exc:
        raise ParseError(f"C parser failed: {exc!r}", Location(path, 1)) from None


def _parse_error(message: str, path: str) -> ParseError:
    match = _COORD.match(message)
    if match is None:
        return ParseError(f"cannot parse C: {message}", Location(path, 1))
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
