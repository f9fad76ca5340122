"""Tokens and directives, with physical line numbers kept."""

from __future__ import annotations

import pytest

from checker.errors import ParseError
from checker.variability.lexer import (
    INCLUDE_LINE,
    Directive,
    Token,
    include_target,
    include_targets,
    join_tokens,
    scan,
)


def _directives(text: str) -> list[tuple[int, str, str]]:
    return [(e.line, e.name, join_tokens(e.tokens)) for e in scan(text, "t.c").elements
            if isinstance(e, Directive)]


def _tokens(text: str) -> list[tuple[int, str]]:
    return [(e.line, e.text) for e in scan(text, "t.c").elements if isinstance(e, Token)]


def test_directive_spellings() -> None:
    text = "  #  if A\n# ifdef B\n\t#endif\n#elif defined(C) /* note */\n#else // x\n"
    assert _directives(text) == [(0, "if", "A"), (1, "ifdef", "B"), (2, "endif", ""),
                                 (3, "elif", "defined(C)"), (4, "else", "")]


def test_continuations_and_comments_extend_a_directive() -> None:
    text = "#if A && \\\n    B\nint x;\n#if C /* long\n comment */ && D\n#endif\nint y;\n"
    assert _directives(text) == [(0, "if", "A && B"), (3, "if", "C && D"), (5, "endif", "")]
    assert _tokens(text)[:3] == [(2, "int"), (2, "x"), (2, ";")]
    assert _tokens(text)[-1] == (6, ";")
    directive = next(e for e in scan(text, "t.c").elements if isinstance(e, Directive))
    assert (directive.line, directive.last_line) == (0, 1)


def test_hash_inside_code_strings_and_comments_is_not_a_directive() -> None:
    text = 'char *s = "#if A /* x";\n/*\n#if B\n*/\nint y; // #endif\n'
    assert _directives(text) == []
    assert _tokens(text)[4] == (0, '"#if A /* x"')


def test_error_text_with_an_apostrophe() -> None:
    assert _directives("#error don't do that\nint x;\n") == [(0, "error", "don't do that")]


def test_tokens_keep_their_lines_and_spacing() -> None:
    tokens = [e for e in scan("a+=b ->c\nL'x' 0x1p-3 1e+5 ...\n", "t.c").elements
              if isinstance(e, Token)]
    assert [(t.kind, t.text, t.line, t.space) for t in tokens] == [
        ("id", "a", 0, False), ("punct", "+=", 0, False), ("id", "b", 0, False),
        ("punct", "->", 0, True), ("id", "c", 0, False), ("chr", "L'x'", 1, False),
        ("num", "0x1p-3", 1, True), ("num", "1e+5", 1, True), ("punct", "...", 1, True)]


def test_gnu_line_markers_and_function_like_defines_keep_spelling() -> None:
    elements = scan('# 12 "f.c" 1\n#define F(x) ((x)+1)\n#define G (y)\n', "t.c").elements
    assert [(e.name, e.text) for e in elements if isinstance(e, Directive)] == [
        ("line", '#line 12 "f.c" 1'), ("define", "#define F(x) ((x)+1)"),
        ("define", "#define G (y)")]


def test_indentation_is_remembered() -> None:
    assert scan("int a;\n\t  b;\n", "t.c").indents == ("", "\t  ", "")


def test_unterminated_comment_is_located() -> None:
    with pytest.raises(ParseError, match="unterminated") as caught:
        scan("int a;\nint b; /* oops\n\n", "t.c")
    assert caught.value.location is not None and caught.value.location.line == 2


def test_spans_point_into_the_text_across_splices_and_crlf() -> None:
    text = "int a\\\nb;\r\n  #define X /* c */ 1 \r\nx = 'q';"
    elements = scan(text, "t.c").elements
    tokens = [e for e in elements if isinstance(e, Token)]
    assert [(t.text, t.line, text[t.start : t.end]) for t in tokens[:3]] == [
        ("int", 0, "int"), ("ab", 0, "a\\\nb"), (";", 1, ";")]
    directive = next(e for e in elements if isinstance(e, Directive))
    assert (directive.line, text[directive.start : directive.end]) == (
        2, "#define X /* c */ 1 ")
    assert [(t.text, text[t.start : t.end]) for t in directive.tokens] == [("X", "X"), ("1", "1")]
    assert [t.line for t in tokens[3:]] == [3, 3, 3, 3]


def test_tolerant_scan_runs_comments_and_quotes_out() -> None:
    text = "#if 0\ndon't {\n#endif\nint b; /* open"
    assert [t.text for t in _tolerant(text)] == ["don", "'t {", "int", "b", ";"]
    assert _tokens("don't {\n") == [(0, "don"), (0, "'"), (0, "t"), (0, "{")]


def _tolerant(text: str) -> list[Token]:
    return [e for e in scan(text, "t.c", tolerant=True).elements if isinstance(e, Token)]


def test_include_lines() -> None:
    text = '#include <a.h>\n  # include "b/c.h" // x\n#include MACRO\n#include_next <d.h>\n'
    assert include_targets(text) == [("a.h", True), ("b/c.h", False)]
    assert include_target('#include "b/c.h"') == ("b/c.h", False)
    assert include_target("#include_next <d.h>") is None
    assert [m["directive"] for m in INCLUDE_LINE.finditer(text)] == [
        "include", "include", "include", "include_next"]
