"""Changed-function classification and fingerprints, on texts with #ifs and headers."""

from __future__ import annotations

from checker.location import Location
from checker.types import SourceFile
from hooks.changes import ChangeKind, FunctionChange, diff_units, fingerprint, parse_unit

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


def test_callee_change_is_not_context_of_the_caller() -> None:
    new = OLD.replace("return x + 1;", "return x + 2;")
    assert kinds(OLD, new) == [("modified", "helper", "")]


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


def test_fingerprint_covers_context_and_callees_but_not_comments() -> None:
    base = fingerprint(unit(OLD), "f")
    assert fingerprint(unit(OLD.replace("int g(int y)", "/* c */ int g(int y)")), "f") == base
    assert fingerprint(unit(OLD, HEADER.replace("int num", "long num")), "f") != base
    assert fingerprint(unit(OLD.replace("x + 1", "x + 2")), "f") != base
    assert fingerprint(unit(OLD.replace("y; }", "y + 1; }")), "f") == base
