"""The raw-C scanner: items, #if branches, signatures, and robustness on odd text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.frontend.cscan import (
    ItemKind,
    TokenKind,
    rename_identifier,
    scan,
    tokenize,
)

SOURCE = r"""
#include "lib.h"
#include <stdio.h>
#define MAX(a, b) ((a) > (b) ? (a) : (b))  /* biggest */
typedef struct { int x; } point_t;
enum color { RED, GREEN = 2, BLUE };
static int counter = 0;
int proto(int a);
#if ENABLE_FOO
static int FAST_FUNC foo(int x, char *s)
{
#if ENABLE_BAR
    if (x) {
#else
    if (!x) {
#endif
        return MAX(x, RED);
    }
    return counter + s[0];
}
#else
static int foo(int x, char *s) { return 0; }
#endif
struct s { int a; };
int arr[] = {1, 2};
int (*getfn(void))(int) { return 0; }
extern "C" {
int g(void) { /* } */ return '}'; }
}
"""


def _summary(text: str) -> list[tuple[str, str | None, int, int, tuple[str, ...]]]:
    return [(i.kind.value, i.name, i.start_line, i.end_line, i.conditions) for i in scan(text)]


def test_items_of_a_file_with_if_branches() -> None:
    assert _summary(SOURCE) == [
        ("directive", None, 2, 2, ()),
        ("directive", None, 3, 3, ()),
        ("directive", "MAX", 4, 4, ()),
        ("declaration", None, 5, 5, ()),
        ("declaration", None, 6, 6, ()),
        ("declaration", None, 7, 7, ()),
        ("declaration", None, 8, 8, ()),
        ("function", "foo", 10, 20, ("#if ENABLE_FOO",)),
        ("function", "foo", 22, 22, ("#if ENABLE_FOO #else",)),
        ("declaration", None, 24, 24, ()),
        ("declaration", None, 25, 25, ()),
        ("function", "getfn", 26, 26, ()),
        ("function", "g", 28, 28, ()),
    ]


def test_defines_and_mentions_drive_the_context() -> None:
    items = scan(SOURCE)
    foo = items[7]
    assert foo.defines == {"foo"}
    assert foo.mentions == {
        "ENABLE_BAR",
        "ENABLE_FOO",
        "FAST_FUNC",
        "MAX",
        "RED",
        "counter",
        "s",
        "x",
    }
    assert items[4].defines == {"BLUE", "GREEN", "RED", "color"}
    assert items[3].defines == {"point_t"}
    assert items[2].mentions == {"a", "b"}


def test_signature_drops_parameter_names_and_storage_class() -> None:
    items = scan(SOURCE)
    assert items[7].signature == "int FAST_FUNC foo(int, char *)"
    assert items[8].signature == "int foo(int, char *)"
    renamed = scan("static inline long f(long value, const char *name) { return 0; }")[0]
    assert renamed.signature == "long f(long, const char *)"


def test_an_array_parameter_has_the_pointer_s_signature() -> None:
    """`int a[10]`, `int a[]` and `int *a` are one parameter type (C11 6.7.6.3p7):
    changing one into another is a refactor to check, not a signature change."""
    spellings = ("int f(const int a[10], char b[]) { return 0; }",
                 "int f(const int *a, char *b) { return 0; }")
    assert {scan(text)[0].signature for text in spellings} == {"int f(const int *, char *)"}
    assert scan("int f(int m[2][3]) { return 0; }")[0].signature == "int f(int [ 2 ] [ 3 ])"


def test_normalized_text_ignores_comments_and_layout() -> None:
    a = scan("int f(int x)\n{\n    return x+1; /* inc */\n}\n")[0]
    b = scan("int f(int x) { // one more\n  return x + 1;\n}")[0]
    assert a.normalized == b.normalized == "int f ( int x ) { return x + 1 ; }"
    assert a.text != b.text


def test_directive_normalization() -> None:
    token = tokenize("#  if  defined(A) /* why */ \\\n  && B\nint x;")[0]
    assert token.kind is TokenKind.DIRECTIVE
    assert token.text == "#if defined ( A ) && B"
    assert token.line == 1


def test_unbalanced_branches_keep_later_functions() -> None:
    text = (
        "int f(int x) {\n#if A\n  if (x) {\n#else\n  if (!x) {\n#endif\n"
        "    return 1;\n  }\n  return 0;\n}\nint g(void) { return 2; }\n"
    )
    assert [(i.name, i.start_line, i.end_line) for i in scan(text)] == [
        ("f", 1, 10),
        ("g", 11, 11),
    ]


def test_macro_call_before_a_definition_is_not_its_name() -> None:
    items = scan("IF_FEATURE_X(static) int g(int (*cb)(int)) { return cb(1); }\n")
    assert [(i.kind, i.name, i.signature) for i in items] == [
        (ItemKind.FUNCTION, "g", "IF_FEATURE_X ( ) int g(int ( * ) ( int ))")
    ]


def test_attribute_after_parameter_list_and_initializers() -> None:
    items = scan("int main(int argc) MAIN_EXTERNALLY_VISIBLE { return 0; }\nint t[2] = {0, 1};\n")
    assert [(i.kind, i.name) for i in items] == [
        (ItemKind.FUNCTION, "main"),
        (ItemKind.DECLARATION, None),
    ]


@pytest.mark.parametrize(
    "text",
    ["#if 0\ndon't \"stop\n#endif\nint f(void) { return 1; }\n", "int f(void) { /* open", "}}}{{"],
    ids=["quote-in-if0", "unterminated-comment", "stray-braces"],
)
def test_odd_text_never_raises(text: str) -> None:
    scan(text)


def test_quote_in_if0_does_not_swallow_the_function() -> None:
    items = scan("#if 0\ndon't stop\n#endif\nint f(void) { return 1; }\n")
    assert [i.name for i in items if i.kind is ItemKind.FUNCTION] == ["f"]


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="ab{}()#;/*'\"\\\n =if", max_size=80))
def test_scanner_is_total(text: str) -> None:
    for item in scan(text):
        assert 1 <= item.start_line <= item.end_line <= text.count("\n") + 1


def test_brace_after_an_apostrophe_in_if0_is_hidden() -> None:
    items = scan("#if 0\ndon't { stop\n#endif\nint f(void) { return 1; }\n")
    assert [i.name for i in items if i.kind is ItemKind.FUNCTION] == ["f"]


def test_a_comment_before_the_hash_still_starts_a_directive() -> None:
    items = scan("/* limits */ #define MAX 3\nint f(void) { return MAX; }\n")
    assert [(i.kind, i.name, i.normalized) for i in items] == [
        (ItemKind.DIRECTIVE, "MAX", "#define MAX 3"),
        (ItemKind.FUNCTION, "f", "int f ( void ) { return MAX ; }"),
    ]


def test_rename_reaches_indented_directives_but_not_their_names() -> None:
    text = "  #ifdef line\nint line(int x);\n#line 9\n"
    assert rename_identifier(text, "line", "row") == "  #ifdef row\nint row(int x);\n#line 9\n"


def test_a_renamed_function_keeps_its_old_name_where_it_reads_it() -> None:
    text = ('int f(void) { return __func__[0] + g(); }\n'
            'int g(void) { return __func__[0] + f(); }\n')
    assert rename_identifier(text, "f", "h") == (
        'int h(void) { return "f"[0] + g(); }\n'
        'int g(void) { return __func__[0] + h(); }\n')


def test_a_knr_definition_is_one_function_and_typedef_prototypes_stay_declarations() -> None:
    """The `;`s of a K&R definition's parameter declarations do not end the item: the
    old scanner cut `int add(a, b) int a;` off as a declaration and glued the body
    onto the next function, so a changed K&R function was never selected."""
    text = (
        "int add(a, b)\nint a;\nint b;\n{ return a - b; }\n"
        "int f(size_t, FILE);\nvoid g(int) NORETURN;\nint h(a) __attribute__((x));\n"
        "int other(int x) { return x; }\n"
    )
    items = [(i.kind, i.name, i.start_line, i.end_line) for i in scan(text)]
    assert items == [
        (ItemKind.FUNCTION, "add", 1, 4),
        (ItemKind.DECLARATION, None, 5, 5),
        (ItemKind.DECLARATION, None, 6, 6),
        (ItemKind.DECLARATION, None, 7, 7),
        (ItemKind.FUNCTION, "other", 8, 8),
    ]
    assert scan(text)[-1].normalized == "int other ( int x ) { return x ; }"


def test_a_struct_or_enum_with_sizeof_or_offsetof_is_not_a_knr_header() -> None:
    """`sizeof(off_t) ...];` and `offsetof(T, u), ...` inside braces once read as a K&R
    parameter list, so the `;` after `}` did not end the item and the next hundred
    lines of BusyBox's libbb.h (with the FILEUTILS_* enum) became one 'function'
    that no slice took."""
    text = (
        "struct BUG { char BUG[sizeof(off_t) == sizeof(uoff_t) ? 1 : -1]; };\n"
        "enum { FILEUTILS_FORCE = 1 << 3 };\n"
        "enum { LSA_SIZE = offsetof(lsa, u), LSA_X = 2 };\n"
        "int is_directory(const char *name);\n"
    )
    items = scan(text)
    assert [(i.kind, i.start_line, i.end_line) for i in items] == [
        (ItemKind.DECLARATION, line, line) for line in (1, 2, 3, 4)
    ]
    assert "FILEUTILS_FORCE" in items[1].defines
    assert {"LSA_SIZE", "LSA_X"} <= items[2].defines
    assert "is_directory" in items[3].defines


def test_names_inside_attributes_and_parameter_lists_are_mentioned_not_declared() -> None:
    """`format(printf, 1, 2)` declares no `printf`, `int f(char *s)` no `s`: else
    every function calling printf, or with a local `s`, would take every such
    prototype (and what they reach) as its context. A macro's parentheses may
    hold a declaration: what they hold counts."""
    items = scan(
        "void info(const char *s, ...) __attribute__ ((format (printf, 1, 2)));\n"
        "static __attribute__((unused)) int x, y __asm__(\"real_y\"), z;\n"
        "void (*handler(int sig, void (*func)(int)))(int);\n"
        "IF_FEATURE_X(static) smallint w, DECLARE(v);\n"
        "char *FAST_FUNC xstrdup(const char *s);\n"
        "void die(void) NORETURN FAST_FUNC, warn(int) FAST_FUNC;\n"
        "int counter FAST_FUNC;\n"
    )
    assert items[0].defines == {"info"}
    assert {"format", "printf"} <= items[0].mentions and "s" not in items[0].mentions
    assert items[1].defines == {"x", "y", "z"}
    assert items[2].defines == {"handler"}
    assert items[3].defines == {"IF_FEATURE_X", "w", "DECLARE", "v"}
    assert "smallint" in items[3].mentions  # a type: the name comes after it
    assert items[4].defines == {"xstrdup"}
    assert items[5].defines == {"die", "warn"}
    assert {"NORETURN", "FAST_FUNC"} <= items[5].mentions
    assert items[6].defines == {"counter", "FAST_FUNC"}  # a marker after the name
