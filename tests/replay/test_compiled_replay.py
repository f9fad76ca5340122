"""The gcc witness harness: generated text (pure) and compiled runs on small C files."""

from __future__ import annotations

import dataclasses
import math

import pytest

from checker.frontend.parse import parse_c
from checker.frontend.program import build_program
from checker.ir.ir import FUNCTION_SYMBOL, Prototype, StaticLocal
from checker.lower.prototypes import declared_prototype, typed_prototype
from checker.replay.compiled_replay import (
    USER_MAIN,
    Assignment,
    BlockPointer,
    Constant,
    HarnessError,
    HarnessSpec,
    MemoryLink,
    OutputLeaf,
    PointerAssignment,
    RealObject,
    StaticAlias,
    Stub,
    StubRow,
    compiler_available,
    harness_source,
    label_statics,
    run_harness,
    skipped_stubs,
)
from checker.semantics import ctype as ct


def declared(text: str) -> Prototype:
    """The stub prototype the lowering makes of the last declaration in `text`."""
    ast = parse_c("typedef unsigned long size_t;\nstruct S;\n" + text, "case.c")
    return declared_prototype(ast.ext[-1], build_program(ast, "case.c"))


def spec(
    source: str,
    function: str = "f",
    params: tuple[tuple[str, str], ...] = (),
    return_type: str | None = "int",
    *,
    assignments: tuple[Assignment, ...] = (),
    outputs: tuple[OutputLeaf, ...] | None = None,
    stubs: tuple[Stub, ...] = (),
    flags: tuple[str, ...] = (),
    memory: tuple[bytes, ...] = (),
    links: tuple[MemoryLink, ...] = (),
    pointers: tuple[PointerAssignment, ...] = (),
) -> HarnessSpec:
    if outputs is None:
        outputs = (OutputLeaf("return", "__liftdiff_ret", ct.INT),) if return_type else ()
    return HarnessSpec("case.c", source, function, params, return_type, assignments, outputs,
                       stubs, memory, links, pointers, flags)


# ------------------------------------------------------------ harness text


def test_user_main_is_renamed_around_the_user_text() -> None:
    text = harness_source(spec("int main(void) { return 1; }\nint f(void) { return 2; }"))
    define = text.index(f"#define main {USER_MAIN}")
    user = text.index("int main(void) { return 1; }")
    undef = text.index("#undef main")
    harness_main = text.index("int main(int argc, char **argv)")
    assert define < user < undef < harness_main
    assert '#line 1 "case.c"' in text


def test_calling_the_user_main_itself() -> None:
    text = harness_source(spec("int main(void) { return 1; }", function="main"))
    assert f"__typeof__({USER_MAIN}()) __liftdiff_ret = {USER_MAIN}();" in text


def test_parameters_are_locals_declared_as_the_lowering_gives_them() -> None:
    params = (("n", "int n"), ("m", "double (*m)[4]"))
    text = harness_source(spec("", params=params))
    assert "    int n;\n    __liftdiff_zero(&n, sizeof n);\n" in text
    assert "    double (*m)[4];\n    __liftdiff_zero(&m, sizeof m);\n" in text
    assert "__liftdiff_ret = f(n, m);" in text


def test_globals_are_set_before_parameters_are_declared() -> None:
    text = harness_source(spec(
        "", params=(("x", "int x"),),
        assignments=(Assignment("x", 1, ct.INT), Assignment("g.a[2]", -0.0, ct.DOUBLE))))
    global_set = text.index("__typeof__(g.a[2]) __liftdiff_v = (__typeof__(g.a[2]))((-0x0p+0));")
    declared = text.index("    int x;")
    param_set = text.index("__typeof__(x) __liftdiff_v = (__typeof__(x))(1);")
    assert global_set < declared < param_set


def test_memory_blocks_are_initialised_and_pointers_point_into_them() -> None:
    text = harness_source(spec(
        "", params=(("p", "int *p"), ("q", "int *q")), memory=(bytes([1, 0, 0, 0, 2]), b"\x07"),
        links=(MemoryLink(0, 0, 1, 0),),
        pointers=(PointerAssignment("p", 0, 4), PointerAssignment("q", None))))
    assert ("static unsigned char __liftdiff_mem0[5] __attribute__((aligned(64))) = {1,0,0,0,2};"
            in text)
    assert "__liftdiff_point((void *)(__liftdiff_mem0 + 0), (void *)(__liftdiff_mem1 + 0));" in text
    assert "__liftdiff_point((void *)&(p), (void *)(__liftdiff_mem0 + 4));" in text
    assert "__liftdiff_point((void *)&(q), (void *)0);" in text
    assert text.index("int *p;") < text.index("__liftdiff_point((void *)&(p)")


def test_pointers_into_missing_blocks_are_harness_errors() -> None:
    with pytest.raises(HarnessError, match="block 1 of 1"):
        harness_source(spec("", params=(("p", "int *p"),), memory=(b"\0",),
                            pointers=(PointerAssignment("p", 1, 0),)))


def test_output_leaves_print_exactly() -> None:
    outputs = (OutputLeaf("a", "x", ct.INT), OutputLeaf("b", "u", ct.ULONG),
               OutputLeaf("c", "d", ct.FLOAT), OutputLeaf("d", "flag", ct.BOOL))
    text = harness_source(spec("", outputs=outputs))
    assert 'dprintf(__liftdiff_fd, "v 0 %lld\\n", (long long)(x));' in text
    assert 'dprintf(__liftdiff_fd, "v 1 %llu\\n", (unsigned long long)(u));' in text
    assert 'dprintf(__liftdiff_fd, "v 2 %a\\n", (double)(d));' in text
    assert 'dprintf(__liftdiff_fd, "v 3 %llu\\n", (unsigned long long)(flag));' in text


def rows(*pairs: tuple[tuple[object, ...], object]) -> tuple[StubRow, ...]:
    return tuple(StubRow(args, result) for args, result in pairs)  # type: ignore[arg-type]


def test_stub_definitions_from_prototypes() -> None:
    stubs = (
        Stub("get", declared("extern int get(int, const char *);"),
             rows(((1, "k"), 7), ((2, "k"), -9))),
        Stub("scale", declared("double scale(double x);"), rows(((-0.0,), 0.5))),
        Stub("note", declared("void note(struct S *);"), ()),
        Stub("lookup", declared("char *lookup(const char *name);"),
             rows((("a",), BlockPointer(None)), (("b",), BlockPointer(0, 4)))),
        Stub("logf2", declared("int logf2(const char *fmt, ...);"), rows((("x", 1), 3))),
        Stub("size", declared("size_t size(size_t n, unsigned);"), rows(((5, 6), 2**64 - 1))),
    )
    text = harness_source(spec("", stubs=stubs, memory=(bytes(8),)))
    assert "int get(int __liftdiff_a0, const char *__liftdiff_a1)\n{" in text
    assert ('if ((__liftdiff_a0) == (__typeof__(__liftdiff_a0))(1LL) && '
            '__liftdiff_same_string((const char *)(__liftdiff_a1), "k")) { return 7LL; }') in text
    assert "return (-9LL);" in text
    assert "if (__liftdiff_same_double((double)(x), (-0x0p+0))) { return 0x1p-1; }" in text
    assert ("void note(struct S *__liftdiff_a0)\n{\n"
            "    if (__liftdiff_busy) { return; }\n"
            '    __liftdiff_busy = 1; dprintf(__liftdiff_fd, "c %s", "note"); '
            "__liftdiff_log_pointer((const void *)(__liftdiff_a0), 0); "
            'dprintf(__liftdiff_fd, "\\n"); __liftdiff_busy = 0;\n    return;\n}') in text
    assert "{ return 0; }" in text and "{ return (void *)(__liftdiff_mem0 + 4); }" in text
    assert "__liftdiff_log_pointer((const void *)(name), 1);" in text
    assert "int logf2(const char *fmt, ...)" in text
    assert 'if (__liftdiff_same_string((const char *)(fmt), "x")) { return 3LL; }' in text
    assert "size_t size(size_t n, unsigned __liftdiff_a1)" in text
    assert "return 18446744073709551615ULL;" in text
    assert '__liftdiff_miss("get");' in text


def test_counted_stubs_match_positions_write_memory_and_may_not_return() -> None:
    stub = Stub("fill", declared("int fill(char *buf, int n);"),
                (StubRow((BlockPointer(0, 2), 3), 5, 1, ((0, 2, 65),)),), counted=True)
    text = harness_source(spec("", stubs=(stub,), memory=(bytes(8),)))
    assert "    int __liftdiff_position = __liftdiff_calls++;" in text
    assert "__liftdiff_log_arg(0, __liftdiff_position); " in text
    assert "__liftdiff_log_memory(); " in text
    assert ("if (__liftdiff_position == 1 && (const void *)(buf) == "
            "(const void *)(__liftdiff_mem0 + 2) && (n) == (__typeof__(n))(3LL)) "
            "{ __liftdiff_mem0[2] = 65; return 5LL; }") in text
    die = Stub("die", declared("_Noreturn void die(const char *why);"), (StubRow(("x",), 3),),
               noreturn=True)
    text = harness_source(spec("", stubs=(die,)))
    assert '{ _exit((int)(3LL)); }' in text and "_exit((int)(0LL));" in text
    assert "\nvoid die(const char *why)\n{" in text  # no _Noreturn on a stub that may return


def test_counted_stub_logs_and_sets_the_globals_it_can_reach() -> None:
    """The globals are logged after the arguments (the interpreter's event ends
    with them), zeroed where the witness says nothing (as the interpreter does),
    and set to the witness's values when a row matches."""
    stub = Stub("run", declared("void run(int);"),
                (StubRow((7,), 0, 0, sets=(("mode", "5LL"),)),), counted=True,
                globals=("mode",))
    text = harness_source(spec("int mode;", stubs=(stub,)))
    assert ("__liftdiff_log_arg(__LIFTDIFF_KIND(mode), mode); "
            "__liftdiff_log_memory(); ") in text
    zero, row = text.index("    mode = 0; "), text.index("{ mode = 5LL; return; }")
    assert zero < row


def test_stubs_left_to_the_real_library() -> None:
    stubs = (Stub("printf", declared("int printf(const char *, ...);"), ()),
             Stub("sin", declared("double sin(double);"), ()),
             Stub("f$isnull", declared("int mine(void);"), ()),
             Stub("mine", declared("int mine(void);"), rows(((), 4))))
    s = spec("", stubs=stubs)
    assert skipped_stubs(s) == ("printf", "sin", "f$isnull")
    text = harness_source(s)
    assert ('int mine(void)\n{\n    if (__liftdiff_busy) { return 0LL; }\n'
            '    __liftdiff_busy = 1; dprintf(__liftdiff_fd, "c %s", "mine"); '
            'dprintf(__liftdiff_fd, "\\n"); __liftdiff_busy = 0;\n'
            '    if (1) { return 4LL; }') in text
    assert "printf(const char *" not in text.split("#undef main")[1].split("int mine")[0]


def test_stubs_of_any_declarator_are_written_as_declared() -> None:
    stubs = (Stub("each", declared("void each(int (*cb)(int), int (*)[3]);"), ()),
             Stub("pick", declared("int (*pick(int k))(int);"), rows(((1,), BlockPointer(None)))))
    text = harness_source(spec("", stubs=stubs))
    assert "void each(int (*cb)(int), int (*__liftdiff_a1)[3])\n{" in text
    assert "__liftdiff_log_pointer((const void *)(cb), 0); " in text
    assert "int (*pick(int k))(int)\n{" in text and "{ return 0; }" in text


# ------------------------------------------------------------ compiled runs


def test_missing_compiler_is_an_outcome() -> None:
    assert not compiler_available("no-such-cc-liftdiff")
    outcome = run_harness(spec("int f(void) { return 1; }"), compiler="no-such-cc-liftdiff")
    assert outcome.kind == "unavailable"
    assert "no-such-cc-liftdiff" in outcome.message


@pytest.mark.gcc
def test_stub_answers_for_the_programs_own_object() -> None:
    """The witness's memory holds a copy of `ops` (block 0, from offset 3); the
    program passes its own `ops`, so the stub row and the log name that one."""
    source = ('int lookup(const char *table, const char *key);\n'
              'static const char ops[] = "-r\\0-w";\n'
              'int f(void) { return lookup(ops + 3, "-w"); }\n')
    stub = Stub("lookup", declared("int lookup(const char *table, const char *key);"),
                (StubRow((BlockPointer(0, 6), "-w"), 7, 0),), counted=True)
    built = dataclasses.replace(spec(source, stubs=(stub,), memory=(bytes(9),)),
                                objects=(RealObject("ops", 0, 3),))
    assert "(const void *)(table) == (const void *)((unsigned char *)&ops + 3)" in \
        harness_source(built)
    outcome = run_harness(built)
    assert outcome.values["return"] == 7, outcome.message
    assert outcome.calls == (("lookup", (0, BlockPointer(0, 6), "-w")),)


@pytest.mark.gcc
def test_a_stubs_long_effect_is_one_copy_and_lands_byte_for_byte() -> None:
    """A call that fills a buffer writes each byte the witness gives it: a run of
    bytes is copied from a table (gcc took seconds over 8192 statements), the
    bytes around it and a short run one by one."""
    source = ("int fill(unsigned char *buf);\n"
              "int f(unsigned char *p) { fill(p); "
              "return p[0] + p[2] * 256 + p[40] * 65536 + p[44] * 16777216 + p[1]; }\n")
    writes = (*((0, i, i + 1) for i in range(2, 41)), (0, 0, 7), (0, 44, 9))
    stub = Stub("fill", declared("int fill(unsigned char *buf);"),
                (StubRow((BlockPointer(0, 0),), 0, 0, writes),), counted=True)
    built = spec(source, params=(("p", "unsigned char *p"),), stubs=(stub,),
                 memory=(bytes(48),), pointers=(PointerAssignment("p", 0, 0),))
    text = harness_source(built)
    assert text.count("for (unsigned long i = 0; i < sizeof d; i++)") == 1
    assert "__liftdiff_mem0[0] = 7; " in text and "__liftdiff_mem0[44] = 9; " in text
    outcome = run_harness(built)
    assert outcome.values["return"] == 7 + 3 * 256 + 41 * 65536 + 9 * 16777216, outcome.message


@pytest.mark.gcc
def test_harness_error_is_a_compile_error_outcome() -> None:
    outcome = run_harness(spec("int f(void) { return 1; }",
                               pointers=(PointerAssignment("p", 0, 0),)))
    assert outcome.kind == "compile_error"
    assert outcome.message.startswith("harness: pointer into memory block 0 of 0")


@pytest.mark.gcc
def test_compile_error_carries_the_compiler_message() -> None:
    outcome = run_harness(spec("int f(void) { return undeclared_name; }"))
    assert outcome.kind == "compile_error"
    assert "case.c:1" in outcome.message
    assert "undeclared_name" in outcome.message


@pytest.mark.gcc
def test_scalar_parameters_and_exact_values() -> None:
    source = """
double f(int i, unsigned long u, double d, float g, _Bool b, signed char c)
{
    return i + (double)u + d + g + b + c;
}
"""
    params = (("i", "int i"), ("u", "unsigned long u"), ("d", "double d"), ("g", "float g"),
              ("b", "_Bool b"), ("c", "signed char c"))
    assignments = (
        Assignment("i", -(2**31), ct.INT), Assignment("u", 2**64 - 1, ct.ULONG),
        Assignment("d", 0.1, ct.DOUBLE), Assignment("g", float.fromhex("0x1.99999ap-4"), ct.FLOAT),
        Assignment("b", 1, ct.BOOL), Assignment("c", -128, ct.SCHAR),
    )
    outputs = (OutputLeaf("return", "__liftdiff_ret", ct.DOUBLE), OutputLeaf("i", "i", ct.INT),
               OutputLeaf("u", "u", ct.ULONG), OutputLeaf("g", "g", ct.FLOAT),
               OutputLeaf("c", "c", ct.SCHAR))
    outcome = run_harness(spec(source, params=params, return_type="double",
                               assignments=assignments, outputs=outputs))
    assert outcome.kind == "ok", outcome.message
    expected = -(2.0**31) + 2.0**64 + 0.1 + float.fromhex("0x1.99999ap-4") + 1 - 128
    assert outcome.values == {"return": expected, "i": -(2**31), "u": 2**64 - 1,
                              "g": float.fromhex("0x1.99999ap-4"), "c": -128}
    assert outcome.exit_code == 0
    assert outcome.stdout == ""


@pytest.mark.gcc
def test_special_float_values_round_trip() -> None:
    source = "double f(double a, double b, double c) { return a; }"
    params = (("a", "double a"), ("b", "double b"), ("c", "double c"))
    assignments = (Assignment("a", -0.0, ct.DOUBLE), Assignment("b", -math.inf, ct.DOUBLE),
                   Assignment("c", math.nan, ct.DOUBLE))
    outputs = (OutputLeaf("a", "a", ct.DOUBLE), OutputLeaf("b", "b", ct.DOUBLE),
               OutputLeaf("c", "c", ct.DOUBLE), OutputLeaf("tiny", "5e-324", ct.DOUBLE))
    outcome = run_harness(spec(source, params=params, return_type="double",
                               assignments=assignments, outputs=outputs))
    assert outcome.kind == "ok"
    assert math.copysign(1.0, outcome.values["a"]) == -1.0 and outcome.values["a"] == 0.0
    assert outcome.values["b"] == -math.inf
    assert math.isnan(outcome.values["c"])
    assert outcome.values["tiny"] == 5e-324


@pytest.mark.gcc
def test_struct_parameters_field_by_field_and_struct_return() -> None:
    source = """
struct In { int y; double z; };
struct S { int x; struct In inner; int arr[3]; };
struct R { long sum; double z; };
struct R f(struct S s)
{
    struct R r = { s.x + s.inner.y + s.arr[2], s.inner.z * 2 };
    return r;
}
"""
    assignments = (Assignment("s.x", 1, ct.INT), Assignment("s.inner.y", 20, ct.INT),
                   Assignment("s.inner.z", 1.25, ct.DOUBLE), Assignment("s.arr[2]", 300, ct.INT))
    outputs = (OutputLeaf("return.sum", "__liftdiff_ret.sum", ct.LONG),
               OutputLeaf("return.z", "__liftdiff_ret.z", ct.DOUBLE),
               OutputLeaf("s.arr[0]", "s.arr[0]", ct.INT))
    outcome = run_harness(spec(source, params=(("s", "struct S s"),), return_type="struct R",
                               assignments=assignments, outputs=outputs))
    assert outcome.kind == "ok", outcome.message
    assert outcome.values == {"return.sum": 321, "return.z": 2.5, "s.arr[0]": 0}


@pytest.mark.gcc
def test_pointer_parameter_buffers() -> None:
    source = """
int f(const int *in, int *out, int n)
{
    int total = in[-1];
    for (int i = 0; i < n; i++) { out[i] = in[i] * 2; total += in[i]; }
    return total;
}
"""
    params = (("in", "const int *in"), ("out", "int *out"), ("n", "int n"))
    memory = (b"".join(v.to_bytes(4, "little") for v in (1000, 1, 2, 3)),
              (77 << 96).to_bytes(16, "little"))
    pointers = (PointerAssignment("in", 0, 4), PointerAssignment("out", 1, 0))
    outputs = (OutputLeaf("return", "__liftdiff_ret", ct.INT),
               *(OutputLeaf(f"out[{i}]", f"out[{i}]", ct.INT) for i in range(4)))
    outcome = run_harness(spec(source, params=params, assignments=(Assignment("n", 3, ct.INT),),
                               outputs=outputs, memory=memory, pointers=pointers))
    assert outcome.kind == "ok", outcome.message
    assert outcome.values == {"return": 1006, "out[0]": 2, "out[1]": 4, "out[2]": 6, "out[3]": 77}


@pytest.mark.gcc
def test_null_pointer_parameter() -> None:
    source = "int f(int *p) { return p == 0 ? -1 : *p; }"
    outcome = run_harness(spec(source, params=(("p", "int *p"),),
                               pointers=(PointerAssignment("p", None),)))
    assert outcome.values == {"return": -1}


@pytest.mark.gcc
def test_globals_scalars_array_elements_and_struct_fields() -> None:
    source = """
int counter = 5;
const int limit = 9;
double table[4] = { 1.0, 2.0, 3.0, 4.0 };
struct { int on; long level; } config;
int f(void)
{
    counter++;
    return counter + (int)table[1] + config.on * (int)config.level + limit;
}
"""
    assignments = (Assignment("counter", 10, ct.INT), Assignment("table[1]", 0.5, ct.DOUBLE),
                   Assignment("config.on", 1, ct.INT), Assignment("config.level", 100, ct.LONG))
    outputs = (OutputLeaf("return", "__liftdiff_ret", ct.INT),
               OutputLeaf("counter", "counter", ct.INT),
               OutputLeaf("table[3]", "table[3]", ct.DOUBLE))
    outcome = run_harness(spec(source, assignments=assignments, outputs=outputs))
    assert outcome.kind == "ok", outcome.message
    assert outcome.values == {"return": 11 + 0 + 100 + 9, "counter": 11, "table[3]": 4.0}


@pytest.mark.gcc
def test_stub_stores_a_pointer_into_the_local_the_call_passes() -> None:
    """`strtoul(s, &end, 10)`: the witness's memory stands for `end` with block 1
    from offset 8; the stub stores the pointer into the program's own `end` (its
    address learned from the call), not into that block, so the read of `*end`
    after the call sees the stored pointer (block 0, a NUL) on the first try."""
    source = ('unsigned long strtoul(const char *s, char **end, int base);\n'
              'int f(const char *s) { char *end; unsigned long v = strtoul(s, &end, 10);'
              ' return *end == 0 ? (int)v : -1; }\n')
    stub = Stub("strtoul", declared("unsigned long strtoul(const char *s, char **end, int base);"),
                (StubRow((BlockPointer(None), BlockPointer(1, 8), 10), 7, 0,
                         links=(MemoryLink(1, 8, 0, 0),)),), counted=True)
    built = dataclasses.replace(
        spec(source, params=(("s", "const char *s"),), stubs=(stub,),
             memory=(bytes(1), bytes(16)), pointers=(PointerAssignment("s", None, 0),)),
        objects=(RealObject("", 1, 8, 8),))
    assert "__liftdiff_point((void *)(__liftdiff_own[0] + 0), (void *)(__liftdiff_mem0 + 0));" \
        in harness_source(built)
    outcome = run_harness(built)
    assert outcome.kind == "ok", outcome.message
    assert outcome.values["return"] == 7


@pytest.mark.gcc
def test_stubbed_external_functions() -> None:
    source = """
#include <stdio.h>
int lookup(const char *key, int k);
double weight(double w);
void notify(int);
char *find(const char *name);
int f(int k)
{
    notify(k);
    int found = find("a") != 0;
    int missing = find("b") == 0;
    return lookup("alpha", k) + (int)weight(-0.0) + (int)weight(0.0) + 10 * found + 100 * missing;
}
"""
    stubs = (
        Stub("lookup", declared("int lookup(const char *key, int k);"),
             rows((("alpha", 2), 1000), (("beta", 2), 5))),
        Stub("weight", declared("double weight(double w);"), rows(((-0.0,), 20000.5))),
        Stub("notify", declared("void notify(int);"), ()),
        Stub("find", declared("char *find(const char *name);"),
             rows((("a",), BlockPointer(0, 0)), (("b",), BlockPointer(None)))),
    )
    outcome = run_harness(spec(source, params=(("k", "int k"),), stubs=stubs, memory=(bytes(4),),
                               assignments=(Assignment("k", 2, ct.INT),)))
    assert outcome.kind == "ok", outcome.message
    assert outcome.values == {"return": 1000 + 20000 + 0 + 10 + 100}
    assert outcome.message == "stub misses: weight"
    assert outcome.calls == (
        ("notify", (2,)), ("find", ("a",)), ("find", ("b",)), ("lookup", ("alpha", 2)),
        ("weight", (-0.0,)), ("weight", (0.0,)),
    )
    assert math.copysign(1.0, outcome.calls[4][1][0]) == -1.0  # type: ignore[arg-type]


def test_functions_passed_to_stubs_are_matched_and_logged_by_name() -> None:
    """A function pointer argument is the function's symbol (lower/callbacks.py):
    a row matches the function's address, the log names the function, and a row
    for a function this version does not pass (nor may name) is left out."""
    up, down = FUNCTION_SYMBOL + "up#d1", FUNCTION_SYMBOL + "down#d2"
    source = """
int apply(int (*cmp)(int, int), int k);
static int up(int a, int b) { return a < b; }
int f(int k) { return apply(up, k) + apply(0, k); }
"""
    stub = Stub("apply", declared("int apply(int (*cmp)(int, int), int k);"),
                rows(((up, 1), 40), ((down, 1), 7), ((BlockPointer(None), 1), 2)),
                functions=frozenset({up}))
    outcome = run_harness(spec(source, params=(("k", "int k"),), stubs=(stub,),
                               assignments=(Assignment("k", 1, ct.INT),)))
    assert outcome.kind == "ok", outcome.message
    assert outcome.values == {"return": 42}
    assert outcome.calls == (("apply", (up, 1)), ("apply", (0, 1)))


def test_stubs_called_outside_the_run_answer_nothing_and_log_nothing() -> None:
    """The run time may call a stubbed function before or after the run
    (AddressSanitizer's start-up frees through `free`) or inside a stub's own
    logging (dprintf): not the witness's calls."""
    source = """
void note(int);
__attribute__((constructor)) static void early(void) { note(-1); }
__attribute__((destructor)) static void late(void) { note(-2); }
int f(int k) { note(k); return k; }
"""
    stub = Stub("note", declared("void note(int);"), (), counted=True)
    outcome = run_harness(spec(source, params=(("k", "int k"),), stubs=(stub,),
                               assignments=(Assignment("k", 3, ct.INT),)))
    assert outcome.kind == "ok", outcome.message
    assert outcome.calls == (("note", (0, 3)),)


@pytest.mark.gcc
def test_printf_output_is_captured() -> None:
    source = """
#include <stdio.h>
int f(int x)
{
    printf("x=%d %5.2f %s\\n", x, x / 4.0, "caf\\xe9");
    puts("done");
    putchar('!');
    return 0;
}
"""
    outcome = run_harness(spec(source, params=(("x", "int x"),),
                               assignments=(Assignment("x", 7, ct.INT),)))
    assert outcome.kind == "ok"
    assert outcome.stdout == "x=7  1.75 caf\xe9\ndone\n!"


@pytest.mark.gcc
def test_utf8_source_text_prints_its_bytes() -> None:
    source = '#include <stdio.h>\nint f(void) { printf("\u00e9\u20ac"); return 0; }'
    outcome = run_harness(spec(source))
    assert outcome.stdout == "\u00e9\u20ac".encode().decode("latin-1")


@pytest.mark.gcc
def test_division_by_zero_traps_and_keeps_earlier_output() -> None:
    source = '#include <stdio.h>\nint f(int d) { printf("before\\n"); return 10 / d; }'
    outcome = run_harness(spec(source, params=(("d", "int d"),),
                               assignments=(Assignment("d", 0, ct.INT),)))
    assert outcome.kind == "trap"
    assert outcome.values == {}
    assert outcome.stdout == "before\n"


@pytest.mark.gcc
def test_exit_and_abort() -> None:
    source = """
#include <stdio.h>
#include <stdlib.h>
int f(int how)
{
    printf("leaving\\n");
    if (how == 1) exit(3);
    if (how == 2) abort();
    return 0;
}
"""
    base = spec(source, params=(("how", "int how"),))
    leave = run_harness(dataclasses.replace(base, assignments=(Assignment("how", 1, ct.INT),)))
    assert (leave.kind, leave.exit_code, leave.stdout) == ("exit", 3, "leaving\n")
    aborted = run_harness(dataclasses.replace(base, assignments=(Assignment("how", 2, ct.INT),)))
    assert (aborted.kind, aborted.exit_code) == ("exit", 134)
    normal = run_harness(dataclasses.replace(base, assignments=(Assignment("how", 0, ct.INT),)))
    assert (normal.kind, normal.exit_code, normal.values) == ("ok", 0, {"return": 0})


@pytest.mark.gcc
def test_exit_zero_is_not_a_normal_return() -> None:
    source = "#include <stdlib.h>\nint f(void) { exit(0); }"
    outcome = run_harness(spec(source))
    assert (outcome.kind, outcome.exit_code) == ("exit", 0)


@pytest.mark.gcc
def test_user_main_present_and_called() -> None:
    source = """
#include <stdio.h>
static int helper(int x) { return x * 3; }
int f(int x) { return helper(x) + 1; }
int main(int argc, char **argv) { printf("user main\\n"); return f(argc); }
"""
    outcome = run_harness(spec(source, params=(("x", "int x"),),
                               assignments=(Assignment("x", 4, ct.INT),)))
    assert (outcome.kind, outcome.values, outcome.stdout) == ("ok", {"return": 13}, "")
    as_entry = run_harness(spec(source, "main", (("argc", "int argc"), ("argv", "char **argv")),
                                assignments=(Assignment("argc", 2, ct.INT),)))
    assert (as_entry.values, as_entry.stdout) == ({"return": 7}, "user main\n")


@pytest.mark.gcc
def test_configuration_flags() -> None:
    source = """
int f(int x)
{
#ifdef FEATURE_A
    return x + 1;
#else
    return x - 1;
#endif
}
"""
    base = spec(source, params=(("x", "int x"),), assignments=(Assignment("x", 10, ct.INT),))
    assert run_harness(dataclasses.replace(base, flags=("-DFEATURE_A",))).values == {"return": 11}
    assert run_harness(dataclasses.replace(base, flags=("-UFEATURE_A",))).values == {"return": 9}


@pytest.mark.gcc
def test_revision_headers_are_found_before_the_disk(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Headers of the analysed revision, next to the source or in an include
    directory, shadow whatever the working tree holds at the same path."""
    (tmp_path / "near.h").write_text("#define NEAR 1000\n")  # the working tree's copy
    source = '#include "near.h"\n#include "far.h"\nint f(void) { return NEAR + FAR; }\n'
    base = dataclasses.replace(
        spec(source), source_path=str(tmp_path / "case.c"), include_dirs=(str(tmp_path),))
    assert run_harness(base).kind == "compile_error"  # far.h exists nowhere
    revision = dataclasses.replace(
        base, source_path="src/case.c", include_dirs=("inc",),
        headers=(("src/near.h", "#define NEAR 1\n"), ("inc/far.h", "#define FAR 20\n")))
    assert run_harness(revision).values == {"return": 21}


@pytest.mark.gcc
def test_timeout_and_crash() -> None:
    looping = run_harness(spec("int f(void) { for (;;) {} }"), timeout=0.5)
    assert looping.kind == "timeout"
    assert "0.5" in looping.message
    crashing = run_harness(spec("#include <signal.h>\nint f(void) { raise(SIGTERM); return 0; }"))
    assert crashing.kind == "crash"
    assert crashing.message == "killed by SIGTERM"


@pytest.mark.gcc
@pytest.mark.parametrize("source, assignments", [
    ("int f(int *p) { return *p; }", ()),
    ("int f(int *p) { int a[4] = {1, 2, 3, 4}; return a[p ? 5 : 4]; }", ()),
    ("struct S { int a[4]; int b; };\n"
     "int f(int *p) { struct S s = {{1, 2, 3, 4}, 5}; return s.a[p ? 5 : 4]; }", ()),
    ("int f(int *p) { int a[4] = {1, 2, 3, 4}; int *q = a + 2; return q[p ? 3 : 2]; }", ()),
], ids=["null", "local-array", "array-in-struct", "pointer-into-array"])
def test_null_and_out_of_bounds_reads_trap(source: str, assignments: tuple) -> None:  # type: ignore[type-arg]
    """The interpreter traps on these; the replay must too, not read the neighbouring stack."""
    outcome = run_harness(spec(source, params=(("p", "int *p"),), assignments=assignments))
    assert outcome.kind == "trap", outcome
    assert outcome.message.startswith("trapped by"), outcome.message


@pytest.mark.gcc
@pytest.mark.parametrize("source", [
    "int f(int x) { return x << 40; }",
    "int f(int x) { int s = 40; return x << s; }",
    "int f(int x) { return (int)(x + 1e10); }",
    "int f(int x) { return (x - 2147483647 - 1) / -1; }",
    "int f(int x) { return (x - 2147483647 - 1) % -1; }",
], ids=["shift-constant", "shift-propagated", "float-to-int", "int-min-div", "int-min-mod"])
def test_undefined_operations_trap_only_in_the_checked_build(source: str) -> None:
    """gcc -O0 gives these a value (folded or the instruction's); the checked build traps."""
    base = spec(source, params=(("x", "int x"),), assignments=(Assignment("x", 0, ct.INT),))
    assert run_harness(base).kind == "ok"
    checked = run_harness(base, undefined=True)
    assert checked.kind == "trap", checked
    assert checked.message == "trapped by SIGILL"


@pytest.mark.gcc
def test_checked_build_keeps_defined_operations() -> None:
    """Wrap-around (-fwrapv), shifts of negative values and in-range conversions run."""
    source = ("int f(int x) { return (x + 2147483647) + ((x - 2) << 31) + (int)-2147483648.9"
              " + (unsigned char)255.9 + (int)(unsigned)-0.9; }")
    base = spec(source, params=(("x", "int x"),), assignments=(Assignment("x", 1, ct.INT),))
    expected = ct.INT.wrap(-2147483648 + (-1 << 31) - 2147483648 + 255 + 0)
    assert run_harness(base, undefined=True).values == {"return": expected}


@pytest.mark.gcc
def test_stub_calls_are_logged_with_exact_arguments_in_order() -> None:
    source = """
void emit(unsigned long u, long l, unsigned char c, float f, const char *s, _Bool b);
int f(void)
{
    emit(18446744073709551615UL, -9223372036854775807L - 1, 200, 0.1f, "tab\\there\\n\\xff", 1);
    emit(0, 0, 0, -0.0f, "", 0);
    return 0;
}
"""
    prototype = declared(source.split("\n")[1])
    outcome = run_harness(spec(source, stubs=(Stub("emit", prototype, ()),)))
    assert outcome.kind == "ok", outcome.message
    assert outcome.message == ""
    assert outcome.calls == (
        ("emit", (2**64 - 1, -(2**63), 200, float.fromhex("0x1.99999ap-4"), "tab\there\n\xff", 1)),
        ("emit", (0, 0, 0, -0.0, "", 0)),
    )


@pytest.mark.gcc
def test_calls_before_a_trap_are_kept() -> None:
    source = "void tick(int);\nint f(int d) { tick(d); return 10 / d; }"
    outcome = run_harness(spec(source, params=(("d", "int d"),),
                               stubs=(Stub("tick", declared("void tick(int);"), ()),)))
    assert (outcome.kind, outcome.calls) == ("trap", (("tick", (0,)),))


# ------------------------------------------------------------ static locals


def static(name: str, line: int, column: int, declaration: str, alias: str) -> StaticAlias:
    return StaticAlias(alias, StaticLocal(f"f::{name}", "f", name, line, column, declaration))


def test_static_declarations_get_assembler_labels() -> None:
    text = "int f(int c)\n{\n    static int a = 1, b[2] = {3}; if (c) { static int a; return a; }\n"
    statics = (static("a", 3, 16, "extern int {}", "L0"),
               static("b", 3, 23, "extern int {}[2]", "L1"),
               static("a", 3, 55, "extern int {}", "L2"))
    labelled = label_statics(text, statics)
    assert labelled.split("\n")[2] == (
        '    static int a __asm__("L0") __attribute__((used)) = 1, '
        'b[2] __asm__("L1") __attribute__((used)) = {3}; '
        'if (c) { static int a __asm__("L2") __attribute__((used)); return a; }')


def test_static_declarations_are_found_through_line_markers() -> None:
    text = '# 1 "case.c"\nint g;\n# 40 "case.c"\nint f(void) { static long n; return n; }\n'
    labelled = label_statics(text, (static("n", 40, 27, "extern long {}", "L"),))
    assert 'static long n __asm__("L") __attribute__((used));' in labelled


def test_a_static_made_by_a_macro_is_a_harness_error() -> None:
    text = "#define STATE(x) static int x\nint f(void) { STATE(n); return n++; }\n"
    with pytest.raises(HarnessError, match="static 'n'"):
        label_statics(text, (static("n", 2, 21, "extern int {}", "L"),))


@pytest.mark.gcc
@pytest.mark.parametrize("level", ["-O0", "-O2"])
def test_static_locals_are_set_and_read_at_every_level(level: str) -> None:
    source = ("int f(int d) { static int k = 7; static int h[3]; "
              "h[d & 1] += k; k += d; return k; }\n")
    statics = (static("k", 1, 27, "extern int {}", "__liftdiff_static_0"),
               static("h", 1, 45, "extern int {}[3]", "__liftdiff_static_1"))
    harness = dataclasses.replace(
        spec(source, params=(("d", "int d"),), flags=(level,),
             assignments=(Assignment("__liftdiff_static_0", 40, ct.INT),
                          Assignment("__liftdiff_static_1[1]", 5, ct.INT),
                          Assignment("d", 3, ct.INT)),
             outputs=(OutputLeaf("return", "__liftdiff_ret", ct.INT),
                      OutputLeaf("k", "__liftdiff_static_0", ct.INT),
                      OutputLeaf("h1", "__liftdiff_static_1[1]", ct.INT))),
        statics=statics)
    outcome = run_harness(harness)
    assert outcome.kind == "ok", outcome.message
    assert outcome.values == {"return": 43, "k": 43, "h1": 45}


@pytest.mark.gcc
def test_function_pointer_parameter_points_to_a_stub_logged_by_its_event() -> None:
    source = "int f(int (*cb)(int), int x) { return cb(x) + cb(x + 1); }"
    callback = ct.FunctionType(ct.INT, (ct.INT,))
    stub = Stub("(*arg0)", typed_prototype("__liftdiff_fn_arg0", callback),
                (StubRow((3,), 30), StubRow((4,), 400)), symbol="__liftdiff_fn_arg0")
    outcome = run_harness(dataclasses.replace(
        spec(source, params=(("cb", "int (*cb)(int)"), ("x", "int x")), stubs=(stub,),
             assignments=(Assignment("x", 3, ct.INT),)),
        function_params=(("cb", "__liftdiff_fn_arg0"),)))
    assert outcome.kind == "ok", outcome.message
    assert outcome.values == {"return": 430}
    assert sorted(outcome.calls) == [("(*arg0)", (3,)), ("(*arg0)", (4,))]


@pytest.mark.gcc
def test_bitfields_are_set_directly() -> None:
    source = ("struct S { unsigned a : 3; int b : 4; };\n"
              "int f(struct S s) { return s.a * 100 + s.b; }")
    bits_a, bits_b = ct.bitfield_type(ct.UINT, 3), ct.bitfield_type(ct.INT, 4)
    outcome = run_harness(spec(source, params=(("s", "struct S s"),), assignments=(
        Assignment("s.a", 5, bits_a), Assignment("s.b", -8, bits_b))))
    assert outcome.kind == "ok", outcome.message
    assert outcome.values == {"return": 492}


@pytest.mark.gcc
def test_checked_build_traps_on_ctype_arguments_outside_the_table() -> None:
    source = "#include <ctype.h>\nint f(int c) { return isdigit(c) != 0; }"
    for value, kind in ((ord("5"), "ok"), (-1, "ok"), (300, "trap")):
        outcome = run_harness(spec(source, params=(("c", "int c"),),
                                   assignments=(Assignment("c", value, ct.INT),)), undefined=True)
        assert outcome.kind == kind, (value, outcome.message)
    plain = run_harness(spec(source, params=(("c", "int c"),),
                             assignments=(Assignment("c", 300, ct.INT),)))
    assert plain.kind != "trap"  # glibc reads beside its table


@pytest.mark.gcc
def test_a_constant_declared_nowhere_is_reported_not_set() -> None:
    """A macro the front end had no header for: the harness sets nothing and
    reports the value the real text gives it, before the call (here a trap)."""
    source = "#define LIMIT (7U)\nint f(void) { int *p = 0; return *p + (int)LIMIT; }"
    harness = dataclasses.replace(spec(source), constants=(Constant("LIMIT", ct.INT),))
    assert "LIMIT =" not in harness_source(harness)
    outcome = run_harness(harness)
    assert outcome.kind == "trap"
    assert outcome.constants == {"LIMIT": 7}

