"""Read-only statics: which file-scope statics hold their initialiser, on the parsed
text (`read_only`) and through what a function's slice leaves out (`left_out`)."""

from __future__ import annotations

import pytest

from checker.frontend.frontend import load
from checker.frontend.slice import slice_functions, translation_unit
from checker.types import Settings, SourceFile

SETTINGS = Settings(disk_headers=False)


def held(text: str) -> set[str]:
    """The globals of a whole file that hold their initialiser for being read only."""
    program = load(SourceFile("t.c", text), SETTINGS).program
    return {name for name, var in program.globals.items() if var.read_only}


def sliced(text: str, function: str) -> tuple[set[str], set[str]]:
    """Read-only and escaped globals of `function`'s slice of `text`."""
    unit = translation_unit(SourceFile("t.c", text), SETTINGS)
    program = load(slice_functions(unit, [function]).source, SETTINGS).program
    return ({name for name, var in program.globals.items() if var.read_only},
            set(program.escaped))


READ = "int f(int i) { return t[i & 1] + sizeof t; }\n"


@pytest.mark.parametrize("declaration", [
    "static int t[2] = {1, 2};",
    "static int t[2];",
    "static int (*t[2])(int);",
    "static const char *t[2] = {\"a\", \"b\"};",  # the pointers are not const: still held
])
def test_a_static_only_read_holds_its_initialiser(declaration: str) -> None:
    assert held(f"{declaration}\n{READ}") == {"t"}


@pytest.mark.parametrize("declaration", [
    "int t[2] = {1, 2};",  # external linkage: another file may write it
    "static volatile int t[2];",
    "typedef volatile int vint; static vint t[2];",
    "extern int t[2];",
])
def test_other_globals_do_not(declaration: str) -> None:
    assert held(f"{declaration}\n{READ}") == set()


@pytest.mark.parametrize("writer", [
    "void w(int v) { t[0] = v; }",
    "void w(int v) { t[1] += v; }",
    "void w(void) { t[0]++; }",
    "void w(void) { --t[1]; }",
    "void w(void) { *t = 3; }",  # an array's first element, through its decay
    "int *p = t;",
    "int *p = &t[1];",
    "void w(void) { int *q; q = t; q[0] = 1; }",
    "static void clear(int *q) { q[0] = 0; } void w(void) { clear(t); }",
    "int *w(void) { return t; }",
    "struct s { int *ptr; }; void w(struct s *x) { x->ptr = t; }",
    "void w(void) { t->x = 1; }",
    "void w(int c) { int *q = c ? t : 0; q[0] = 1; }",
])
def test_a_write_or_an_escape_anywhere_in_the_file_frees_it(writer: str) -> None:
    assert held(f"static int t[2] = {{1, 2}};\n{writer}\n{READ}") == set()


def test_a_write_under_an_ifdef_counts_in_every_configuration() -> None:
    text = "static int t[2];\n#ifdef CFG_A\nvoid w(void) { t[0] = 1; }\n#endif\n" + READ
    assert held(text) == set()


def test_a_pointer_static_is_read_when_what_it_points_to_is_written() -> None:
    text = "static char *msg = \"x\";\nstatic int *p;\nint f(void) { p[0] = 1; return msg[0]; }\n"
    assert held(text) == {"msg", "p"}


def test_a_struct_static_written_through_a_member_is_freed() -> None:
    base = "static struct { int n; int a[2]; } s;\n"
    assert held(base + "int f(void) { return s.n + s.a[1]; }\n") == {"s"}
    assert held(base + "void w(void) { s.a[0] = 1; }\nint f(void) { return s.n; }\n") == set()
    assert held(base + "int *w(void) { return s.a; }\nint f(void) { return s.n; }\n") == set()


LEFT_OUT = "static int t[2] = {1, 2};\n"


@pytest.mark.parametrize("writer", [
    "void w(int v) { t[0] = v; }",
    "void w(void) { t[1]++; }",
    "void w(void) { ++t[1]; }",
    "void w(void) { ++(t[1]); }",
    "void w(void) { (t[1])--; }",
    "void w(void) { (t)[1] = 3; }",
    "void w(void) { *(t + 1) = 3; }",
    "void w(void) { int *q = (int *)t; q[0] = 1; }",
    "int *p = t;",
    "int *p = &t[1];",
    "void g(int *); void w(void) { g(t); }",
    "#define FIRST t[0]\nvoid w(void) { FIRST = 2; }",
    "#define SET(x) x = 2\nvoid w(void) { SET(t[0]); }",
    "void w(void) { unknown_macro(t[0]); }",
    "void w(void) { __asm__ volatile (\"incl t\"); }",
    "#define NAME(a, b) a##b\nvoid w(void) { NAME(t, )[0] = 3; }",
])
def test_code_the_slice_leaves_out_frees_it(writer: str) -> None:
    text = LEFT_OUT + writer + "\nint f(int i) { return t[i & 1]; }\n"
    read_only, _ = sliced(text, "f")
    assert read_only == set()
    assert "w" not in load(slice_functions(translation_unit(SourceFile("t.c", text), SETTINGS),
                                          ["f"]).source, SETTINGS).program.functions


@pytest.mark.parametrize("reader", [
    "int g(int i) { return t[i] * 2; }",
    "int g(void) { return sizeof t; }",
    "int g(int i) { return h(t[i]); } int h(int x) { return x; }",
])
def test_reads_the_slice_leaves_out_keep_it(reader: str) -> None:
    read_only, escaped = sliced(LEFT_OUT + reader + "\nint f(int i) { return t[i & 1]; }\n", "f")
    assert read_only == {"t"}
    assert escaped == set()


def test_an_array_decaying_in_code_left_out_escapes() -> None:
    text = ("static int buf[4];\nstatic int *cursor;\nvoid start(void) { cursor = buf; }\n"
            "int f(void) { return buf[0]; }\n")
    read_only, escaped = sliced(text, "f")
    assert read_only == set()
    assert escaped == {"buf"}


def test_a_scalar_read_in_code_left_out_does_not_escape() -> None:
    text = "static int n = 3;\nint g(void) { return n + 1; }\nint f(void) { return n; }\n"
    assert sliced(text, "f") == ({"n"}, set())
