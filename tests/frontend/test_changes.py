"""Changed-function classification and fingerprints, on texts with #ifs and headers."""

from __future__ import annotations

import pytest

from checker.frontend.changes import (
    ChangeKind,
    FunctionChange,
    Unit,
    checked_text,
    diff_units,
    pair_sources,
    parse_unit,
    text_digest,
    text_result,
)
from checker.location import Location
from checker.types import SourceFile, Verdict

HEADER = "#define LIMIT 100\ntypedef int num;\n"
OLD = """#include "lib.h"
static int helper(int x) { return x + 1; }

int f(num x)
{
#ifdef CONFIG_A
    return helper(x);
#else
    return LIMIT;
#endif
}

int g(int y) { return y; }
int gone(int z) { return z * 2; }
int old_name(int q) { return q - 1; }
"""


def unit(text: str, header: str = HEADER, path: str = "src/a.c"):  # type: ignore[no-untyped-def]
    return parse_unit(SourceFile(path, text, {"src/lib.h": header}))


def kinds(
    old: str, new: str, header_old: str = HEADER, header_new: str = HEADER
) -> list[tuple[str, str, str]]:
    return [
        (c.kind.value, c.function, c.detail)
        for c in diff_units(unit(old, header_old), unit(new, header_new))
    ]


def test_identical_files_have_no_changes() -> None:
    assert kinds(OLD, OLD) == []


def test_body_edit_inside_an_if_branch_is_modified() -> None:
    new = OLD.replace("return helper(x);", "return helper(x) + 0;")
    assert kinds(OLD, new) == [("modified", "f", "")]


def test_comment_and_layout_edits_are_cosmetic() -> None:
    new = OLD.replace(
        "int g(int y) { return y; }", "int g(int y)\n{\n    /* same */\n    return y;\n}"
    )
    assert kinds(OLD, new) == [("cosmetic", "g", "")]


def test_changed_feature_condition_is_modified() -> None:
    new = OLD.replace("#ifdef CONFIG_A", "#ifdef CONFIG_B")
    assert kinds(OLD, new) == [("modified", "f", "")]


def test_macro_change_in_header_is_context_for_users_only() -> None:
    changed = kinds(OLD, OLD, header_new=HEADER.replace("100", "128"))
    assert changed == [("context", "f", "")]


def test_callee_change_is_context_of_the_caller() -> None:
    """f inlines helper: a changed callee changes what f computes, so f is checked too."""
    new = OLD.replace("return x + 1;", "return x + 2;")
    assert kinds(OLD, new) == [("modified", "helper", ""), ("context", "f", "")]


def test_a_caller_commented_out_with_if_0_is_no_change() -> None:
    """Code under `#if 0` is in no build: a changed callee changes none of its
    callers there (BusyBox's hush.c keeps `expand_strvec_to_string` so; checking it
    was an ERROR row: defined in neither version)."""
    old = OLD + "#if 0\nint dead(int x) { return helper(x) * 2; }\n#endif\n"
    new = old.replace("return x + 1;", "return x + 2;")
    assert kinds(old, new) == [("modified", "helper", ""), ("context", "f", "")]
    assert kinds(old, old.replace("helper(x) * 2", "helper(x) * 3")) == []


def test_cosmetic_callee_edit_leaves_the_caller_alone() -> None:
    new = OLD.replace("return x + 1;", "return x  +  1; /* same */")
    assert kinds(OLD, new) == [("cosmetic", "helper", "")]


def test_struct_and_global_changes_are_context() -> None:
    old = "struct s { int a; int b; };\nint k = 2;\nint get(struct s v) { return v.a * k; }\n"
    swapped = old.replace("int a; int b;", "int b; int a;")
    assert kinds(old, swapped, "", "") == [("context", "get", "")]
    assert kinds(old, old.replace("int k = 2;", "int k = 3;"), "", "") == [
        ("context", "get", "")
    ]


def test_added_removed_renamed_and_signature() -> None:
    new = (
        OLD.replace("int gone(int z) { return z * 2; }\n", "")
        .replace("old_name", "new_name")
        .replace("int g(int y)", "long g(long y)")
        + "int fresh(void) { return 7; }\n"
    )
    assert kinds(OLD, new) == [
        ("signature", "g", "int g(int) -> long g(long)"),
        ("removed", "gone", ""),
        ("renamed", "new_name", "old_name"),
        ("added", "fresh", ""),
    ]


def test_renamed_and_changed_is_paired_and_checked() -> None:
    new = OLD.replace(
        "int old_name(int q) { return q - 1; }", "int new_name(int q) { return q - 2; }"
    )
    (change,) = diff_units(unit(OLD), unit(new))
    assert (change.kind, change.function, change.detail) == (
        ChangeKind.RENAMED_MODIFIED,
        "new_name",
        "old_name",
    )
    assert change.kind.checked and change.old_function == "old_name"
    assert change.old == Location("src/a.c", 15) and change.new == Location("src/a.c", 15)


def test_pure_rename_whose_context_changed_is_checked() -> None:
    old = "#define K 1\nint a(int q) { return q + K; }\n"
    new = "#define K 2\nint b(int q) { return q + K; }\n"
    assert kinds(old, new, "", "") == [("renamed-modified", "b", "a")]


def test_recursive_rename_compares_modulo_the_name() -> None:
    old = "int fact(int n) { return n < 2 ? 1 : n * fact(n - 1); }\n"
    new = old.replace("fact", "factorial")
    assert kinds(old, new, "", "") == [("renamed", "factorial", "fact")]


@pytest.mark.parametrize(
    ("old_fn", "new_fn"),
    [
        # different signatures never pair
        ("int a(int q) { return q + 1; }", "long b(long q) { return q + 1; }"),
        # unrelated bodies of the same signature do not pair
        ("int a(int q) { return q + 1; }", "int b(int q) { while (q > 3) q -= 2; return q * 7; }"),
    ],
)
def test_unrelated_functions_are_removed_and_added(old_fn: str, new_fn: str) -> None:
    assert kinds(old_fn + "\n", new_fn + "\n", "", "") == [
        ("removed", "a", ""),
        ("added", "b", ""),
    ]


def test_new_name_already_used_by_the_old_version_is_not_paired() -> None:
    old = "int b;\nint a(int q) { return q + 1; }\n"
    new = "int b(int q) { return q + 2; }\n"
    assert ("renamed-modified", "b", "a") not in kinds(old, new, "", "")


def test_best_match_wins_when_two_renames_compete() -> None:
    old = (
        "int a(int q) { int r = q * 3; r += 11; return r - q; }\n"
        "int b(int q) { int s = q << 2; s ^= 5; return s + q; }\n"
    )
    new = (
        "int c(int q) { int s = q << 2; s ^= 6; return s + q; }\n"
        "int d(int q) { int r = q * 3; r += 12; return r - q; }\n"
    )
    assert sorted(kinds(old, new, "", "")) == [
        ("renamed-modified", "c", "b"),
        ("renamed-modified", "d", "a"),
    ]


def test_pair_sources_respells_the_old_name_in_code_not_in_strings() -> None:
    old = SourceFile(
        "a.c",
        '#define CALL(x) a(x)\n/* a */ int a(int q) { return q ? a(q - 1) : puts("a"); }\n'
        "int u(void) { return CALL(2); }\n",
    )
    new = SourceFile("a.c", "int b(int q) { return q; }\n")
    change = FunctionChange(ChangeKind.RENAMED_MODIFIED, "b", None, None, detail="a")
    renamed, same = pair_sources(change, old, new)
    assert same is new
    assert renamed.text == (
        '#define CALL(x) b(x)\n/* a */ int b(int q) { return q ? b(q - 1) : puts("a"); }\n'
        "int u(void) { return CALL(2); }\n"
    )


def test_text_results() -> None:
    rename = FunctionChange(ChangeKind.RENAMED, "b", Location("a.c", 1), Location("a.c", 2), "a")
    result = text_result(rename)
    assert (result.verdict, result.renamed_from) == (Verdict.EQUIVALENT, "a")
    assert "renamed from a" in (result.reason or "")
    cosmetic = text_result(FunctionChange(ChangeKind.COSMETIC, "f", None, Location("a.c", 1)))
    assert cosmetic.renamed_from is None and "whitespace" in (cosmetic.reason or "")


def test_parameter_rename_is_a_checked_refactor_not_a_signature_change() -> None:
    new = OLD.replace("int g(int y) { return y; }", "int g(int value) { return value; }")
    assert kinds(OLD, new) == [("modified", "g", "")]


def test_whole_file_added_or_deleted() -> None:
    added = diff_units(None, unit(OLD))
    assert [(c.kind, c.function) for c in added][:2] == [
        (ChangeKind.ADDED, "helper"),
        (ChangeKind.ADDED, "f"),
    ]
    removed = diff_units(unit(OLD), None)
    assert {c.kind for c in removed} == {ChangeKind.REMOVED}
    assert len(removed) == 5


def test_locations_point_at_each_side() -> None:
    new = "\n\n" + OLD.replace("return LIMIT;", "return LIMIT + 1;")
    change = diff_units(unit(OLD), unit(new))[0]
    assert change == FunctionChange(
        ChangeKind.MODIFIED, "f", Location("src/a.c", 4), Location("src/a.c", 6)
    )


def _fingerprint(unit: Unit, name: str) -> str:
    return text_digest(checked_text(unit, name))


def test_fingerprint_covers_context_and_callees_but_not_comments() -> None:
    base = _fingerprint(unit(OLD), "f")
    assert _fingerprint(unit(OLD.replace("int g(int y)", "/* c */ int g(int y)")), "f") == base
    assert _fingerprint(unit(OLD, HEADER.replace("int num", "long num")), "f") != base
    assert _fingerprint(unit(OLD.replace("x + 1", "x + 2")), "f") != base
    assert _fingerprint(unit(OLD.replace("y; }", "y + 1; }")), "f") == base


def test_a_file_of_thousands_of_functions_gets_its_selection_in_linear_time() -> None:
    """3000 functions sharing a helper; one edited, one whose macro changed, one
    renamed. Indexing the file once per function took ~1 minute here (2000
    functions: 16 s); indexed once it takes well under a second, so the bound
    is generous and still fails on the quadratic version."""
    import time

    count = 3000

    def text(edited: int, scale: int, renamed: str) -> str:
        lines = [f"#define SCALE {scale}", "static int base(int x) { return x; }"]
        for i in range(count):
            name = renamed if i == 7 else f"g{i}"
            use = "SCALE" if i == 11 else str(i)
            plus = i + 1 if i == edited else i
            lines.append(f"int {name}(int x) {{ return base(x) * {use} + {plus}; }}")
        return "\n".join(lines) + "\n"

    started = time.monotonic()
    changes = diff_units(
        parse_unit(SourceFile("big.c", text(-1, 2, "g7"), {})),
        parse_unit(SourceFile("big.c", text(1500, 3, "seven"), {})),
    )
    elapsed = time.monotonic() - started
    assert [(c.kind, c.function, c.detail) for c in changes] == [
        (ChangeKind.CONTEXT, "g11", ""),
        (ChangeKind.MODIFIED, "g1500", ""),
        (ChangeKind.RENAMED, "seven", "g7"),
    ]
    assert elapsed < 20, f"selecting among {count} functions took {elapsed:.1f} s"
