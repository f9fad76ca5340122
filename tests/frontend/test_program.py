"""The file tables against gcc: the types of enums and of their constants, the
layout (sizeof, _Alignof) of structs with bit-fields, packed or not."""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

import pytest

from checker.errors import UnsupportedError
from checker.frontend.frontend import load
from checker.frontend.program import Program
from checker.semantics import ctype as ct
from checker.types import Settings, SourceFile

ENUMS = """
enum plain { P0, P1, P2 };
enum negative { N0 = -1, N1 };
enum high { H0 = 0x80000000 };
enum both { B0 = -1, B1 = 0xffffffff };
enum big { G0 = 5000000000, G1 };
enum mixed { M0 = 0x80000000, M1 = M0 + 1, M2 = -1 };
enum __attribute__((packed)) small { S0, S1 = 200 };
enum __attribute__((__packed__)) small_signed { T0 = -1, T1 = 100 };
enum wide_packed { W0 = 300 } __attribute__((packed));
typedef enum __attribute__((packed)) { D0, D1, } packed_typedef;
"""
ENUM_TAGS = ("plain", "negative", "high", "both", "big", "mixed", "small", "small_signed",
             "wide_packed")
CONSTANTS = ("P1", "N0", "H0", "B0", "B1", "G0", "M0", "M1", "M2", "S1", "T0", "W0", "D1")

STRUCTS = """
struct A { char c; int x:4; };
struct B { char c; int :4; char d; };
struct C { int a:30; int b:4; };
struct D { char a; long b:40; char c; };
struct E { char a:3; int :0; char b; };
struct F { char a; int :20; };
struct G { short a:9; short b:9; short c:9; };
struct __attribute__((packed)) H { char a; int b; };
struct __attribute__((packed)) I { char a:3; int b:30; char c; };
struct J { char a:3; int :0; char b; } __attribute__((packed));
struct K { _Bool a:1; _Bool b:1; _Bool c; };
struct L { unsigned long a:40; unsigned long b:40; };
struct M { char c; struct { int x; }; char d; };
struct N { char a; int :0; };
struct O { long :3; char c; };
struct P { char a; long b:4; };
struct Q { struct H h; char c; };
"""
STRUCT_TAGS = tuple(re.findall(r"struct (?:__attribute__\(\(packed\)\) )?([A-Q]) \{", STRUCTS))

_GENERIC = ('_Generic((x), signed char: "signed char", unsigned char: "unsigned char", '
            'short: "short", unsigned short: "unsigned short", int: "int", '
            'unsigned: "unsigned int", long: "long", unsigned long: "unsigned long", '
            'default: "?")')


def _program(text: str) -> Program:
    return load(SourceFile("t.c", text), Settings()).program


def _gcc(text: str, lines: list[str]) -> list[str]:
    source = (f"#include <stdio.h>\n{text}\n#define TYPE(x) {_GENERIC}\n"
              "int main(void)\n{\n" + "\n".join(lines) + "\n    return 0;\n}\n")
    with tempfile.TemporaryDirectory(prefix="liftdiff-program-") as work:
        path = Path(work, "p.c")
        path.write_text(source)
        built = subprocess.run(["gcc", "-w", str(path), "-o", str(Path(work, "p"))],
                               capture_output=True, text=True, check=False)
        assert built.returncode == 0, built.stderr[:2000]
        ran = subprocess.run([str(Path(work, "p"))], capture_output=True, text=True, check=True)
    return ran.stdout.splitlines()


@pytest.mark.gcc
def test_enum_types_are_gccs() -> None:
    program = _program(ENUMS)
    lines = [f'    {{ enum {t} v = 0; printf("%s %zu\\n", TYPE(v), sizeof v); }}'
             for t in ENUM_TAGS]
    lines += [f'    printf("%s\\n", TYPE({c}));' for c in CONSTANTS]
    lines.append('    { packed_typedef v = 0; printf("%s %zu\\n", TYPE(v), sizeof v); }')
    answers = _gcc(ENUMS, lines)
    ours = [f"{program.enums[t].name} {program.enums[t].size}" for t in ENUM_TAGS]
    ours += [program.enum_types[c].name for c in CONSTANTS]
    packed = program.typedefs["packed_typedef"]
    ours.append(f"{packed} {packed.size}")
    assert ours == answers


@pytest.mark.gcc
def test_struct_layouts_are_gccs() -> None:
    program = _program(STRUCTS)
    lines = [f'    printf("%zu %zu\\n", sizeof(struct {t}), _Alignof(struct {t}));'
             for t in STRUCT_TAGS]
    ours = [f"{program.structs[t].size} {ct.alignment(program.structs[t])}"
            for t in STRUCT_TAGS]
    assert ours == _gcc(STRUCTS, lines)


@pytest.mark.gcc
def test_member_offsets_are_gccs() -> None:
    """Where each member starts, in bits (a bit-field: its lowest bit, found by
    setting all its bits in a zeroed struct): the heap model reads a member
    behind a pointer at this offset."""
    program = _program(STRUCTS)
    lines, ours = [], []
    for tag in STRUCT_TAGS:
        for name, ftype in program.structs[tag].fields:
            if isinstance(ftype, ct.IntType) and ftype.bitfield:
                lines.append(f"    {{ struct {tag} v; memset(&v, 0, sizeof v); v.{name} = -1; "
                             "unsigned char *b = (unsigned char *)&v; int i = 0; "
                             "while (!(b[i / 8] >> (i % 8) & 1)) i++; printf(\"%d\\n\", i); }")
            else:
                lines.append(f'    printf("%zu\\n", 8 * offsetof(struct {tag}, {name}));')
            ours.append(str(program.structs[tag].bit_offset(name)))
    assert len(ours) > 30 and ours == _gcc("#include <string.h>\n#include <stddef.h>\n" + STRUCTS,
                                           lines)


UNIONS = """
union A { char c; int i; };
union B { char c[5]; short s; };
union C { struct { char a; double d; } s; char c; };
union __attribute__((packed)) D { char c[3]; int i; };
union E { long l; struct { char x, y, z; } t; unsigned char b[9]; };
"""
UNION_TAGS = tuple(re.findall(r"union (?:__attribute__\(\(packed\)\) )?([A-E]) \{", UNIONS))


@pytest.mark.gcc
def test_union_layouts_are_gccs() -> None:
    """A union is as large as its largest member, rounded up to its strictest
    alignment; packed drops the alignment."""
    program = _program(UNIONS)
    lines = [f'    printf("%zu %zu\\n", sizeof(union {t}), _Alignof(union {t}));'
             for t in UNION_TAGS]
    ours = [f"{program.structs[t].size} {ct.alignment(program.structs[t])}" for t in UNION_TAGS]
    assert len(ours) == 5 and ours == _gcc(UNIONS, lines)
    assert all(program.structs[t].field_offset(name) == 0
               for t in UNION_TAGS for name, _ in program.structs[t].fields)


def test_bitfields_keep_width_and_signedness() -> None:
    program = _program("enum e { E0, E1 };\n"
                       "struct s { int a:5; unsigned b:3; char c:2; enum e d:1; _Bool f:1;"
                       " unsigned long g:40; int h:32; };")
    fields = dict(program.structs["s"].fields)
    expected = {"a": (5, True), "b": (3, False), "c": (2, True), "d": (1, False),
                "f": (1, False), "g": (40, False), "h": (32, True)}
    assert {name: (t.bits, t.signed) for name, t in fields.items()} == expected
    assert all(t.bitfield for t in fields.values())
    assert fields["f"].is_bool and not fields["d"].is_bool


@pytest.mark.parametrize("text, construct", [
    ("enum { A = 0x7fffffff, B };", "overflow in enumeration values"),
    ("struct s { int a:33; }; struct s v;", "bit-field width 33"),
    ("struct s { float a:3; }; struct s v;", "bit-field of type float"),
    ("union u { int a:3; }; union u v;", "bit-field in a union"),
    ("struct s { union { int a; char b; }; }; struct s v;", "anonymous union"),
])
def test_what_gcc_rejects_is_named(text: str, construct: str) -> None:
    program = _program(text)
    errors = list(program.poisoned.values())
    assert errors and construct in errors[0].construct
    assert isinstance(errors[0], UnsupportedError)


def test_a_pointer_to_what_cannot_be_modelled_is_a_value_until_followed() -> None:
    """hush's `struct globals` has a `line_input_t *` member, and line_input_t an
    array whose length a feature gives (here: a long double): the struct is
    still modelled (the pointer is an address), and following the pointer names
    what could not be."""
    program = _program("typedef struct { long double d; } t;\n"
                       "struct g { t *state; int fd; };\nstruct g G;\n")
    assert "t" in program.poisoned
    struct = program.structs["g"]
    assert struct.field_offset("fd") == 8
    state = struct.field_type("state")
    assert isinstance(state, ct.PointerType)
    with pytest.raises(UnsupportedError) as raised:
        program.complete(state.target)
    assert "in the declaration of 't'" in str(raised.value)


def test_the_size_of_a_string_literal_is_a_constant() -> None:
    """ash's `char linenovar[sizeof("LINENO=") + sizeof(int)*3]`, at file scope."""
    program = _program('struct s { char buf[sizeof("LINENO=") + sizeof(int) * 3]; };\n'
                       'struct s v;\n')
    assert program.structs["s"].size == 8 + 12
