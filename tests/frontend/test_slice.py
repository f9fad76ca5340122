"""The slicer: what a function's slice keeps, what it leaves out, under which conditionals."""

from __future__ import annotations

import re
import time

from checker.driver import load_pair
from checker.frontend.frontend import load
from checker.frontend.slice import Slice, layout_observed, slice_functions, translation_unit
from checker.types import Settings, SourceFile
from checker.variability.lexer import Directive
from checker.variability.lift import Front
from checker.variability.types import SUPERSET_NOTE

SETTINGS = Settings(disk_headers=False)

HEADER = """\
#ifndef LIB_H
#define LIB_H
#include <stdint.h>
#define FAST_FUNC
typedef unsigned long uoff_t;
typedef struct unused_s { int u; } unused_t;
int helper_proto(int x) FAST_FUNC;
void die_if_bad(const char *name) FAST_FUNC;
void other(const char *name) FAST_FUNC;
#if ENABLE_LFS
# define OFF_FMT "ll"
#else
# define OFF_FMT "l"
#endif
#if ENABLE_BIG && !ENABLE_LFS
# error "BIG needs LFS"
#endif
#if ENABLE_UNRELATED && !ENABLE_OTHER
# error "unrelated"
#endif
#endif
"""

SOURCE = """\
#include "lib.h"
#include "autoconf.h"
#define SCALE 3
#define UNUSED_MACRO 99
enum { MODE_A = 1, MODE_B };
struct globals { int count; uoff_t total; };
static struct globals G;
static int unrelated_global;
static int callee2(int x)
{
    return x * SCALE;
}
static int callee(int x)
{
    return callee2(x) + MODE_B;
}
static int unrelated(int x)
{
    return unrelated_global + UNUSED_MACRO + x;
}
int target(int x, const char *name)
{
#if ENABLE_BIG
    G.count++;
#endif
    return callee(x) + helper_proto(x) + (int)G.total;
}
"""


def _slice(name: str = "target", source: str = SOURCE) -> Slice:
    unit = translation_unit(SourceFile("src/a.c", source, {"include/lib.h": HEADER}), SETTINGS)
    return slice_functions(unit, [name])


def _code(piece: Slice) -> str:
    """The slice without its #line markers."""
    return "\n".join(line for line in piece.source.text.splitlines()
                     if not line.startswith("#line"))


def test_the_function_its_callees_and_what_they_use_go_in() -> None:
    code = _code(_slice())
    for kept in ("int target(", "static int callee(", "static int callee2(",
                 "#define SCALE 3", "enum { MODE_A = 1, MODE_B };", "struct globals {",
                 "static struct globals G;", "typedef unsigned long uoff_t;",
                 "int helper_proto(int x) FAST_FUNC;", "#define FAST_FUNC",
                 "#include <stdint.h>"):
        assert kept in code, kept


def test_what_the_function_does_not_reach_stays_out() -> None:
    code = _code(_slice())
    for left in ("unrelated", "UNUSED_MACRO", "unused_t", "OFF_FMT",
                 # a prototype that only shares a parameter name with the target
                 "die_if_bad", "other("):
        assert left not in code, left


def test_conditionals_guarding_what_is_kept_are_kept_and_the_guard_is_not() -> None:
    uses_fmt = SOURCE.replace("return callee(x)", 'return (int)sizeof(OFF_FMT) + callee(x)')
    piece = _slice(source=uses_fmt)
    code = _code(piece)
    # one conditional, as written: its branches go on rather than reopen it
    assert re.search(r'#if ENABLE_LFS\n# define OFF_FMT "ll"\n#else\n# define OFF_FMT "l"\n#endif',
                     code)
    assert "LIB_H" not in code  # the include guard is no conditional of the product line
    parsed = load(piece.source, SETTINGS)
    assert {f.name for f in parsed.features} == {"ENABLE_BIG", "ENABLE_LFS"}


def test_an_error_constraining_a_tested_feature_comes_along() -> None:
    code = _code(_slice())
    assert '# error "BIG needs LFS"' in code
    assert '"unrelated"' not in code  # tests nothing the slice tests
    parsed = load(_slice().source, SETTINGS)
    assert parsed.lifted.feature_model.to_c() == "!(ENABLE_BIG && !ENABLE_LFS)"


_PLATFORM_INCLUDE = """\
#if defined(__APPLE__) || defined(__FreeBSD__)
# include <machine/endian.h>
#else
# include <endian.h>
#endif
#ifdef FEATURE_OWN_ENDIAN
# include <own_endian.h>
#endif
#if defined(__BYTE_ORDER) && __BYTE_ORDER == __LITTLE_ENDIAN
# define LOW_FIRST 1
#else
# error "Can't determine endianness"
#endif
int target(int x) { return LOW_FIRST ? x : -x; }
"""


def test_a_system_header_included_under_platform_conditionals_comes_along() -> None:
    """BusyBox's platform.h includes <endian.h> under tests of the platform alone;
    the `#error` kept with LOW_FIRST's test needs what it defines (gcc compiles the
    slice for the replay). A feature of the file no kept code tests keeps its
    include out, as before."""
    code = _code(_slice(source=_PLATFORM_INCLUDE))
    assert "#include <endian.h>" in code
    assert "#include <machine/endian.h>" in code  # gcc on Linux skips it, as we do
    assert "own_endian.h" not in code


def test_locations_stay_the_users() -> None:
    text = _slice().source.text
    assert '#line 5 "include/lib.h"\ntypedef unsigned long uoff_t;' in text
    assert '#line 21 "src/a.c"\nint target(int x, const char *name)' in text
    parsed = load(_slice().source, SETTINGS)
    fdef = parsed.program.functions["callee"]
    location = parsed.program.location(fdef.decl)
    assert (location.path, location.line) == ("src/a.c", 13)


def test_a_kept_conditional_is_placed_where_it_is_written() -> None:
    """Messages name a conditional by its `#if` (the variant limit lists them):
    the slice marks its line, not only the lines of what it guards."""
    piece = _slice()
    front = Front(piece.source.text, piece.source.path, SETTINGS)
    places = set()
    for key in front.base.conditionals:
        element = front.scanned.elements[key]
        assert isinstance(element, Directive)
        location = front.base.linemap.location(element.line)
        places.add((location.path, location.line, element.text))
    assert ("include/lib.h", 15, "#if ENABLE_BIG && ! ENABLE_LFS") in places
    assert ("src/a.c", 23, "#if ENABLE_BIG") in places


def test_an_absent_generated_header_is_a_note_and_its_macros_free_features() -> None:
    piece = _slice()
    assert piece.notes == (
        'src/a.c:2: header "autoconf.h" not found: its macros are free features, its '
        "other names unknown",
    )


def test_a_declaration_written_once_per_branch_stays_whole() -> None:
    source = """\
static const char *word =
#if ENABLE_LONG
    "long";
#else
    "short";
#endif
int f(void) { return word[0]; }
"""
    code = _code(_slice("f", source))
    assert code.startswith('static const char *word =\n#if ENABLE_LONG\n    "long";\n#else\n'
                           '    "short";\n#endif\n')
    parsed = load(_slice("f", source).source, SETTINGS)
    assert "f" in parsed.program.functions


def test_a_header_macro_used_as_a_statement_does_not_swallow_what_follows() -> None:
    header = "PUSH_VISIBILITY\n#define MAXINT 7\ntypedef int myint;\nPOP_VISIBILITY\n"
    unit = translation_unit(
        SourceFile("a.c", '#include "v.h"\nint f(myint x) { return x + MAXINT; }\n',
                   {"v.h": header}), SETTINGS)
    code = _code(slice_functions(unit, ["f"]))
    assert "#define MAXINT 7" in code and "typedef int myint;" in code
    assert "PUSH_VISIBILITY" not in code


def test_variants_are_per_slice_not_per_file() -> None:
    """Forty unrelated functions, each under its own file-scope conditional with a
    clashing definition: lifting the file would split it into variants; the
    slice of one function sees its own conditional only."""
    parts = ["int base(int x) { return x + 1; }"]
    for i in range(40):
        parts.append(f"#if FEATURE_{i}\nint g{i}(int x) {{ return x + {i}; }}\n#else\n"
                     f"int g{i}(int x) {{ return x - {i}; }}\n#endif")
    parts.append("int target(int x) { return g7(x) + base(x); }")
    started = time.monotonic()
    piece = _slice(source="\n".join(parts) + "\n")
    parsed = load(piece.source, SETTINGS)
    assert [f.name for f in parsed.features] == ["FEATURE_7"]
    assert time.monotonic() - started < 10


def _members_source(uses: str, members: int = 30) -> str:
    """A global struct with `members` members each under its own feature, and a
    function that reads what `uses` says."""
    lines = ["struct globals {", "    int count;"]
    for i in range(members):
        lines += [f"#if FEATURE_{i}", f"    int m{i};", "#endif"]
    lines += ["};", "extern struct globals *ptr_to_globals;", "#define G (*ptr_to_globals)",
              f"int target(int x) {{ {uses} }}"]
    return "\n".join(lines) + "\n"


def test_members_no_code_of_the_slice_names_are_declared_in_every_configuration() -> None:
    """Thirty conditional members the function never names: one variant, not 2^30,
    and the note says what the verdict assumes."""
    piece = _slice(source=_members_source("return G.count + x;"))
    parsed = load(piece.source, SETTINGS)
    assert len(parsed.variants) == 1
    assert parsed.features == ()
    assert any("FEATURE_29" in note and "declared in every configuration" in note
               for note in piece.notes)


def test_a_member_the_function_names_keeps_its_conditional() -> None:
    piece = _slice(source=_members_source("return G.count + G.m2 + x;", members=3))
    parsed = load(piece.source, SETTINGS)
    assert len(parsed.variants) == 2  # FEATURE_2 splits; FEATURE_0/1 do not
    assert [f.name for f in parsed.features] == ["FEATURE_2"]
    assert any("FEATURE_0" in note for note in piece.notes)
    assert not any("FEATURE_2" in note for note in piece.notes)


def test_members_read_under_their_own_condition_are_declared_in_every_configuration() -> None:
    """A member the function reads only where it is declared (`#if FEATURE_2` around
    both): the struct is one declaration with every member, not one per
    configuration, and the lifting's note says what the verdict assumes."""
    uses = "int r = G.count + x;\n#if FEATURE_2\nr += G.m2;\n#endif\nreturn r;"
    parsed = load(_slice(source=_members_source(uses, members=6)).source, SETTINGS)
    assert len(parsed.variants) == 1
    assert [f.name for f in parsed.features] == ["FEATURE_2"]
    assert any(note.startswith(SUPERSET_NOTE) and "`FEATURE_2`" in note
               for note in parsed.notes)


def test_a_struct_the_other_version_sizes_keeps_its_conditionals_in_both() -> None:
    """Old reads `G.m0` where it is declared, new also takes `sizeof(G)`: new must
    lay the struct out per configuration, so old must too."""
    old_uses = "\n#if FEATURE_0\nreturn G.m0 + x;\n#endif\nreturn x;"
    new_uses = "\n#if FEATURE_0\nreturn G.m0 + x + (int)sizeof(G);\n#endif\nreturn x;"
    old, new = (translation_unit(SourceFile("src/a.c", _members_source(u, members=2)), SETTINGS)
                for u in (old_uses, new_uses))
    sized = layout_observed(old, ["target"]) | layout_observed(new, ["target"])
    old_slice = slice_functions(old, ["target"], sized=sized)
    assert len(load(old_slice.source, SETTINGS).variants) == 4
    alone = slice_functions(old, ["target"])
    assert len(load(alone.source, SETTINGS).variants) == 1


def test_a_struct_the_versions_declare_differently_keeps_its_conditionals_in_both() -> None:
    """The same members in another order: one layout in old and another in new
    per configuration, which no superset of members keeps; both split."""
    uses = "\n#if FEATURE_0\nreturn G.m0 + x;\n#endif\nreturn G.count;"
    old_text = _members_source(uses, members=2)
    new_text = old_text.replace("    int count;\n", "").replace("};", "    int count;\n};", 1)
    assert new_text != old_text
    old, new = (_slice(source=text).source for text in (old_text, new_text))
    old_file, new_file = load_pair(old, new, SETTINGS)
    for parsed in (old_file, new_file):
        assert len(parsed.variants) == 2  # FEATURE_0 (FEATURE_1's member is unnamed)
        assert not any(note.startswith(SUPERSET_NOTE) for note in parsed.notes)
    same_old, same_new = load_pair(old, old, SETTINGS)
    assert len(same_old.variants) == len(same_new.variants) == 1
    grown = old_text.replace("};", "#if FEATURE_1\n    int added;\n#endif\n};", 1)
    old_file, new_file = load_pair(old, _slice(source=grown).source, SETTINGS)
    assert len(old_file.variants) == len(new_file.variants) == 1  # a member added at the end


def test_a_struct_inside_a_union_keeps_its_conditionals() -> None:
    """A union's other member reads the struct's bytes: its layout is seen."""
    source = ("struct s {\n    int a;\n#if FEATURE_0\n    int b;\n#endif\n    int c;\n};\n"
              "union u { struct s s; int raw[3]; };\n"
              "int target(union u *p) {\n#if FEATURE_0\n    if (p->s.b) return 1;\n#endif\n"
              "    return p->raw[1];\n}\n")
    parsed = load(_slice(source=source).source, SETTINGS)
    assert len(parsed.variants) == 2
    assert not any(note.startswith(SUPERSET_NOTE) for note in parsed.notes)


def test_a_member_macro_call_is_a_member() -> None:
    """BusyBox declares members with `IF_X(int m;)` (its generated header defines
    them): a conditional member too, and the struct is still one declaration."""
    source = ("struct s {\n    int a;\n    IF_FEATURE_B(int b;)\n    int c;\n};\n"
              "int target(struct s *p) {\n#if ENABLE_FEATURE_B\n    if (p->b) return 1;\n"
              "#endif\n    return p->c;\n}\n")
    parsed = load(_slice(source=source).source, SETTINGS)
    assert len(parsed.variants) == 1
    assert any(note.startswith(SUPERSET_NOTE) for note in parsed.notes)


def test_a_struct_whose_size_is_taken_keeps_its_conditionals() -> None:
    """`sizeof(G)` sees every member: nothing is declared unconditionally."""
    for uses in ("return (int)sizeof(G) + x;", "struct globals *p = 0; return (int)sizeof(*p);"):
        piece = _slice(source=_members_source(uses, members=2))
        assert not any("declared in every configuration" in note for note in piece.notes)
        assert len(load(piece.source, SETTINGS).variants) == 4


def test_the_size_of_a_member_does_not_take_its_struct_s() -> None:
    source = _members_source("return (int)sizeof(G.count) + x;", members=2)
    piece = _slice(source=source)
    assert len(load(piece.source, SETTINGS).variants) == 1


def test_a_verdict_over_thirty_unnamed_conditional_members() -> None:
    """End to end: an equivalent rewrite of a function that reads one member of a
    struct with thirty conditional ones is EQUIVALENT, assuming what the note says."""
    from checker.api import check_pair
    from checker.types import Verdict

    old = _members_source("return G.count + x;")
    new = _members_source("return x + G.count;")
    report = check_pair(SourceFile("src/a.c", old), SourceFile("src/a.c", new),
                        Settings(disk_headers=False, timeout=30), ["target"])
    (result,) = report.results
    assert result.verdict is Verdict.EQUIVALENT, result.reason
    assert any("declared in every configuration" in a for a in result.assumptions)


def test_what_takes_a_used_statics_address_comes_along() -> None:
    """`int *p = &g;` elsewhere lets a function without code reach static `g`: the
    lowering must see it (a static whose address stays in the file does not)."""
    source = ("static int g;\nstatic int h;\nint *p = &g;\nint *q = &h;\nvoid run(void);\n"
              "int target(void) { run(); return g; }\n")
    code = _code(_slice(source=source))
    assert "int *p = &g;" in code
    assert "int *q = &h;" not in code


def _macro_heavy_source(pasting: bool) -> str:
    """hash_md5_sha.c's shape: round macros that nest deeply (each level doubles the
    expansion), redefined several times, an asm string whose text holds `##`, and a
    function that uses none of them; with `pasting`, it calls through `bb##kind`."""
    lines = ['#define STR1(s) #s', '#define STR(s) STR1(s)',
             '#define RD0(a, n) "##movl " STR(a) STR(n) "\\n"']
    for level in range(1, 9):
        lines.append(f"#define RD{level}(a, n) RD{level - 1}(a, n) RD{level - 1}(n, a)")
    for value in range(7):
        lines.append(f"#define RCONST {value}")
    lines.append("static void process(void) { asm(RD8(eax, 1) RD8(ebx, 2) RD8(ecx, 3)); }")
    lines.append("static int bb_total(int x) { return x + RCONST; }")
    lines.append("#define CALL(kind, x) bb_##kind(x)")
    body = "return CALL(total, x);" if pasting else "return x + 1;"
    lines.append(f"int target(int x) {{ process(); {body} }}")
    return "\n".join(lines) + "\n"


def test_a_string_holding_hashes_does_not_make_the_slicer_expand_macro_heavy_code() -> None:
    """A `##` inside a string literal pastes nothing, and code that names no pasting
    macro is not expanded at all (it once was, under each of the seven `RCONST`s:
    minutes on BusyBox's hash_md5_sha.c)."""
    started = time.monotonic()
    piece = _slice(source=_macro_heavy_source(pasting=False))
    assert time.monotonic() - started < 1
    assert "process" in _code(piece) and "bb_total" not in _code(piece)


def test_a_pasted_call_is_found_without_expanding_the_unrelated_code() -> None:
    """The pasted call still brings its callee along, and only the code naming the
    pasting macro is expanded."""
    started = time.monotonic()
    piece = _slice(source=_macro_heavy_source(pasting=True))
    assert time.monotonic() - started < 1
    assert "static int bb_total" in _code(piece)


def _pointing_source(member: str) -> str:
    """hush's shape: `struct globals`, whose size is taken, holds `member` of
    `struct pipe`, which has a conditional member no code names."""
    return ("struct pipe {\n    int num_cmds;\n#if FEATURE_JOBS\n    int jobid;\n#endif\n};\n"
            f"struct globals {{\n    int count;\n    {member};\n}};\n"
            "extern struct globals *ptr_to_globals;\n#define G (*ptr_to_globals)\n"
            "int target(int x) { return (int)sizeof(G) + G.count + x; }\n")


def test_a_struct_only_pointed_to_by_a_sized_one_is_not_sized() -> None:
    """The size of `struct globals` does not depend on the layout of the struct its
    pointer member points to: that struct's unnamed members are declared always."""
    piece = _slice(source=_pointing_source("struct pipe *pipes"))
    assert any("FEATURE_JOBS" in note and "declared in every configuration" in note
               for note in piece.notes)
    assert len(load(piece.source, SETTINGS).variants) == 1


def test_a_struct_held_by_value_in_a_sized_one_is_sized() -> None:
    for member in ("struct pipe first", "struct pipe pipes[2]",
                   "struct pipe *list; struct pipe first"):
        piece = _slice(source=_pointing_source(member))
        assert not any("declared in every configuration" in note for note in piece.notes)
        assert len(load(piece.source, SETTINGS).variants) == 2


def test_a_member_named_in_an_enum_initializer_is_no_enum_constant() -> None:
    """libbb.h's `enum { LSA_LEN_SIZE = offsetof(len_and_sockaddr, u) }` declares no
    `u`: a function whose local is `u` does not bring the enum (and its sized
    struct, with a conditional member) into its slice."""
    source = ("typedef struct lsa {\n    int len;\n    union {\n        int sa;\n#if FEATURE_IPV6\n"
              "        long sin6;\n#endif\n    } u;\n} lsa;\n"
              "enum { LSA_LEN_SIZE = __builtin_offsetof(lsa, u), LSA_B };\n"
              "int target(int x) { int u = x; return u + LSA_B; }\n"
              "int other(int x) { int u = x; return u; }\n")
    assert "struct lsa" in _code(_slice(source=source))  # LSA_B brings it, as it should
    assert "struct lsa" not in _code(_slice("other", source=source))


def test_two_conditionals_with_one_text_stay_two_and_a_branch_goes_on() -> None:
    """`#ifndef X` / `#define X 0` / `#endif` then `#ifndef X` again: the second
    tests X after the default, so merging the two (same text) would put what it
    guards under the first; and an `#else` after a default's `#define` must not
    reopen the conditional (it would test X again, now defined)."""
    source = """\
#ifndef CFG_A
#define CFG_A 0
#else
#define BONUS 5
#endif
#ifndef CFG_A
static const int K = 2;
#endif
int target(int x)
{
#ifdef BONUS
    return x + K + BONUS;
#else
    return x + K;
#endif
}
"""
    code = _code(_slice(source=source))
    assert re.search(r"#ifndef CFG_A\n#define CFG_A 0\n#else\n#define BONUS 5\n#endif\n"
                     r"#ifndef CFG_A\nstatic const int K = 2;\n#endif", code), code
