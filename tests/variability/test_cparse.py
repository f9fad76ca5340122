"""The conditional-aware statement parser: aligned guards, forks, structural splits."""

from __future__ import annotations

import pytest

from checker.errors import ParseError
from checker.types import Settings
from checker.variability import formula as fm
from checker.variability.analysis import analyse
from checker.variability.cparse import (
    Choice,
    CParser,
    Ctx,
    DirPiece,
    Piece,
    Structural,
    TextPiece,
    TokPiece,
    summarize_declaration,
)
from checker.variability.features import discover
from checker.variability.formula import Var
from checker.variability.lexer import Token, scan
from checker.variability.smt import Oracle

A, B = Var("A"), Var("B")


def _parse(text: str) -> tuple[CParser, tuple[Piece, ...]]:
    scanned = scan(text, "p.c")
    analysis = analyse(scanned, discover(scanned, Settings(), [], "p.c"), Settings(), "p.c",
                       fm.TRUE, Oracle())
    parser = CParser(analysis, Oracle(), set())
    return parser, parser.parse_file(Ctx(fm.TRUE, {})).pieces


def _show(parser: CParser, pieces: tuple[Piece, ...]) -> str:
    """Pieces as text: choices as {cond: ... | cond: ...}."""
    parts = []
    for piece in pieces:
        if isinstance(piece, TokPiece):
            parts.append(parser.tokens[piece.index].text)
        elif isinstance(piece, DirPiece):
            parts.append(f"<{piece.text}>")
        elif isinstance(piece, TextPiece):
            parts.append(f"'{piece.text}'")
        else:
            assert isinstance(piece, Choice)
            parts.append("{" + " | ".join(f"{a.condition}: {_show(parser, a.pieces)}"
                                          for a in piece.alternatives) + "}")
    return " ".join(parts)


def _body(text: str) -> str:
    parser, pieces = _parse("int f(int x) {\n" + text + "\n}\n")
    shown = _show(parser, pieces)
    return shown[len("int f ( int x ) { "):-2]


def test_aligned_conditional_becomes_a_choice_in_place() -> None:
    assert _body("x++;\n#if A\nx = 1;\n#elif B\nx = 2;\n#endif\nx--;") == \
        "x ++ ; {A: x = 1 ; | !A && B: x = 2 ; | !A && !B: } x -- ;"


def test_partial_statement_forks_the_smallest_statement() -> None:
    assert _body("x++;\nx = x\n#if A\n+ 1\n#endif\n;\nx--;") == \
        "x ++ ; {A: x = x + 1 ; | !A: x = x ;} x -- ;"


def test_open_if_forks_the_following_statement_with_it() -> None:
    assert _body("#if A\nif (x)\n#endif\nx = 2;\nx--;") == \
        "{A: if ( x ) x = 2 ; | !A: x = 2 ;} x -- ;"


def test_else_arm_in_a_conditional_forks_the_if() -> None:
    assert _body("if (x) x = 1;\n#if A\nelse x = 2;\n#endif\nx--;") == \
        "{A: if ( x ) x = 1 ; else x = 2 ; | !A: if ( x ) x = 1 ;} x -- ;"


def test_statement_after_an_if_does_not_drag_the_if_along() -> None:
    assert _body("if (x) x = 1;\n#if A\nx = 2;\n#endif") == \
        "if ( x ) x = 1 ; {A: x = 2 ; | !A: }"


def test_declaration_takes_the_rest_of_its_block() -> None:
    assert _body("{\n#if A\nint t = 1;\n#else\nlong t = 2;\n#endif\nx = t;\n}\nx--;") == \
        "{ {A: int t = 1 ; x = t ; | !A: long t = 2 ; x = t ;} } x -- ;"


def test_initialiser_differences_split_declaration_and_assignment() -> None:
    assert _body("int t = x\n#if A\n+ 1\n#endif\n;\nx = t;") == \
        "int t ';' {A: t = x + 1 ; | !A: t = x ;} x = t ;"
    # const objects cannot be assigned: the rest of the block is copied instead
    assert _body("const int t = x\n#if A\n+ 1\n#endif\n;\nx = t;") == \
        "{A: const int t = x + 1 ; x = t ; | !A: const int t = x ; x = t ;}"


def test_conditionals_decided_by_a_path_are_read_through() -> None:
    assert _body("#if A\nint t = 1;\n#endif\n#if A\nx = t;\n#endif\nx--;") == \
        "{A: int t = 1 ; x = t ; x -- ; | !A: x -- ;}"


def test_braces_opened_in_one_branch_grow_the_fork() -> None:
    assert _body("#if A\nif (x) {\n#else\n{\n#endif\nx = 1;\n}") == \
        "{A: if ( x ) { x = 1 ; } | !A: { x = 1 ; }}"


def test_directives_travel_with_their_code() -> None:
    assert _body("#if A\n#define N 2\nx = N;\n#endif") == "{A: <#define N 2> x = N ; | !A: }"


def test_file_scope_additive_and_structural() -> None:
    parser, pieces = _parse("#if A\nint g(void);\nstatic int h = 1;\n#endif\nint k;\n")
    assert _show(parser, pieces) == "int g ( void ) ; static int h = 1 ; int k ;"
    entries = parser.parse_file(Ctx(fm.TRUE, {})).entries
    assert [(e.names, e.presence) for e in entries] == [
        ((("g", "prototype"),), A), ((("h", "object"),), A), ((("k", "variable"),), fm.TRUE)]
    with pytest.raises(Structural):
        _parse("#if A\nint f(int x) {\n#else\nint f(long x) {\n#endif\nreturn 0;\n}\n")
    with pytest.raises(Structural):
        _parse("enum { P,\n#if A\nQ,\n#endif\nR };\n")


def test_unbalanced_code_is_a_parse_error_with_location() -> None:
    with pytest.raises(ParseError, match="unbalanced '\\)'") as caught:
        _parse("int f(void) {\n  return 1;\n  x = (1));\n}\n")
    assert caught.value.location is not None and caught.value.location.line == 3
    with pytest.raises(ParseError, match="unbalanced '}' at file scope"):
        _parse("int x;\n}\n")


def _tokens(text: str) -> list[Token]:
    return [e for e in scan(text, "d.c").elements if isinstance(e, Token)]


@pytest.mark.parametrize(("text", "names", "prototypes"), [
    ("int x;", ("x",), ()),
    ("static const char *s, t[4] = \"abc\";", ("s", "t"), ()),
    ("int FAST_FUNC foo(int a, char *b);", ("foo",), ("foo",)),
    ("int (*handler)(int sig);", ("handler",), ()),
    ("void (*signal(int sig, void (*fn)(int)))(int);", ("signal",), ("signal",)),
    ("static const char dirs[] ALIGN1 = \"/mnt\";", ("dirs",), ()),
    ("smallint flag;", ("flag",), ()),
    ("struct point { int x, y; } origin = { 0, 0 };", ("origin",), ()),
    ("typedef unsigned long uoff_t;", ("uoff_t",), ()),
    ("enum { RED = 1, GREEN };", (), ()),
])
def test_declared_names(text: str, names: tuple[str, ...], prototypes: tuple[str, ...]) -> None:
    summary = summarize_declaration(_tokens(text), set())
    assert summary.names == names
    assert summary.prototypes == prototypes


def test_tags_and_enumerators_and_typedefs() -> None:
    summary = summarize_declaration(_tokens("typedef enum color { RED = (1 << 2), GREEN } "
                                            "color_t;"), set())
    assert (summary.names, summary.typedef, summary.tags, summary.enum_constants) == (
        ("color_t",), True, ("color",), ("RED", "GREEN"))
    assert summarize_declaration(_tokens("smallint;"), {"smallint"}).names == ()


def test_declaration_detection_drives_scope_handling() -> None:
    assert _body("#if A\nsmallint q = 1;\n#endif\nx = 1;") == \
        "{A: smallint q = 1 ; x = 1 ; | !A: x = 1 ;}"
    assert _body("#if A\nfoo(q);\n#endif\nx = 1;") == "{A: foo ( q ) ; | !A: } x = 1 ;"
