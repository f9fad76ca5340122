"""Declarations the compiled replay prints, made from the parsed program."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from pycparser import c_ast

from checker.frontend.parse import parse_c
from checker.frontend.program import build_program
from checker.ir.ir import Prototype, StubParam
from checker.lower.prototypes import (
    declarator,
    declared_prototype,
    harness_local,
    typed_prototype,
    variadic_param,
)
from checker.semantics import ctype as ct

TYPEDEFS = "typedef unsigned long size_t;\ntypedef char *text;\ntypedef void nothing;\nstruct S;\n"


def declared(text: str) -> Prototype:
    ast = parse_c(TYPEDEFS + text, "case.c")
    return declared_prototype(ast.ext[-1], build_program(ast, "case.c"))


def test_a_declared_prototype_keeps_its_spelling_and_names_every_parameter() -> None:
    prototype = declared("extern inline size_t size(size_t n, const unsigned, struct S *);")
    assert prototype.signature == (
        "size_t size(size_t n, const unsigned __liftdiff_a1, struct S *__liftdiff_a2)")
    assert prototype.params == (StubParam("n", False, False),
                                StubParam("__liftdiff_a1", False, False),
                                StubParam("__liftdiff_a2", True, False))
    assert (prototype.variadic, prototype.returns) == (False, "value")


def test_pointers_and_strings_are_read_from_the_types_not_the_text() -> None:
    prototype = declared("text cat(text a, char b[], unsigned char *c, char **d, ...);")
    assert [(p.name, p.pointer, p.text) for p in prototype.params] == [
        ("a", True, True), ("b", True, True), ("c", True, True), ("d", True, False)]
    assert (prototype.variadic, prototype.returns) == (True, "pointer")


def test_what_a_function_returns() -> None:
    assert declared("_Noreturn void die(void);").returns == "void"
    assert declared("nothing quiet(int);").returns == "void"
    assert declared("static int (*pick(int))(int);").returns == "pointer"
    assert declared("static int (*pick(int))(int);").signature == (
        "static int (*pick(int __liftdiff_a0))(int)")
    assert declared("double scale(double);").returns == "value"
    assert declared("int none(void);").params == ()


def test_a_prototype_known_by_its_type_only() -> None:
    callback = ct.FunctionType(ct.PointerType(ct.CHAR), (
        ct.INT, ct.PointerType(ct.FunctionType(ct.INT, (ct.LONG,))),
        ct.PointerType(ct.ArrayType(ct.DOUBLE, 4))), variadic=True)
    prototype = typed_prototype("__liftdiff_fn_arg0", callback)
    assert prototype.signature == (
        "char *__liftdiff_fn_arg0(int __liftdiff_a0, int (*__liftdiff_a1)(long), "
        "double (*__liftdiff_a2)[4], ...)")
    assert [p.pointer for p in prototype.params] == [False, True, True]
    assert typed_prototype("g", ct.FunctionType(ct.VOID, ())).signature == "void g(void)"
    assert declarator("", ct.PointerType(ct.INT)) == "int *"


def _params(text: str) -> list[c_ast.Node]:
    decl = parse_c(TYPEDEFS + text, "case.c").ext[-1]
    return list(decl.type.args.params)


def test_parameters_become_assignable_locals() -> None:
    params = _params("int f(const int n, int a[10], const char *const s, double m[][4], "
                     "register long r, int cb(int), int b[static const 3], int *const *const q, "
                     "const text t);")
    assert [harness_local(p) for p in params] == [
        "int n", "int *a", "const char *s", "double (*m)[4]", "long r", "int (*cb)(int)",
        "int *b", "int * const *q", "text t"]


STUBBED = """
#include <stddef.h>
struct S;
typedef char *text;
extern inline size_t size(size_t n, const unsigned, struct S *);
text cat(text a, char b[], unsigned char *c, char **d, ...);
_Noreturn void die(const char *why);
static int (*pick(int))(int);
void each(int (*cb)(int), int (*)[3]);
int none();
"""


@pytest.mark.gcc
def test_every_stub_compiles_after_its_declaration(tmp_path: Path) -> None:
    """The stub defines the function the user's text declared: gcc sees no conflict."""
    ast = parse_c(STUBBED.replace("#include <stddef.h>", "typedef unsigned long size_t;"),
                  "case.c")
    program = build_program(ast, "case.c")
    stubs = [declared_prototype(decl, program) for decl in ast.ext
             if isinstance(decl, c_ast.Decl) and isinstance(decl.type, c_ast.FuncDecl)]
    assert len(stubs) == 6
    bodies = "".join(f"{s.signature} {{ for (;;) ; }}\n" for s in stubs)
    path = tmp_path / "stubs.c"
    path.write_text(STUBBED + bodies + "void *keep = pick;\n")
    done = subprocess.run(["gcc", "-c", "-Werror=incompatible-pointer-types", str(path),
                           "-o", str(tmp_path / "stubs.o")], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr


def test_arguments_past_the_named_parameters_are_read_as_promoted() -> None:
    """`ioctl(fd, REQ, &ver)`: the stub reads the third argument with va_arg, as C's
    default argument promotions pass it; a struct it cannot read so."""
    assert variadic_param(2, ct.PointerType(ct.INT)) == StubParam(
        "__liftdiff_a2", True, False, "void *")
    assert variadic_param(2, ct.PointerType(ct.CHAR)) == StubParam(
        "__liftdiff_a2", True, True, "void *")
    assert [variadic_param(3, t).va_type for t in (ct.UCHAR, ct.SHORT, ct.UINT, ct.LONG,
                                                   ct.ULONG, ct.FLOAT)] == [  # type: ignore[union-attr]
        "int", "int", "unsigned int", "long", "unsigned long", "double"]
    assert variadic_param(2, ct.StructType("s", (("a", ct.INT),))) is None
