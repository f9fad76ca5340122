"""GNU spellings rewritten into C pycparser reads, line breaks kept."""

from __future__ import annotations

from checker.frontend.gnu_syntax import (
    ATTRIBUTE,
    DESIGNATOR_RANGE,
    PACKED_MARKER,
    rewrite_attributes,
    rewrite_case_ranges,
    rewrite_designator_ranges,
)


def _attr(text: str) -> str:
    return f"{ATTRIBUTE}(({text}))"


def test_attributes_are_removed_keeping_lines() -> None:
    text = f'int f(void) {_attr("noreturn")};\nint g {ATTRIBUTE}((aligned(8),\n section("a)b")));'
    assert rewrite_attributes(text) == "int f(void) ;\nint g \n;"


def test_packed_enums_and_structs_keep_a_marker() -> None:
    text = (f"enum {_attr('packed')} e {{ A, B = 200 }};\n"
            f"typedef enum {{ X, Y, }} {_attr('__packed__')} t;\n"
            f"struct s {{ int a; }} {_attr('packed')} v;\n"
            f"struct {_attr('packed')} {{ char c; }} w;\n")
    lines = rewrite_attributes(text).splitlines()
    assert lines[0] == f"enum  e {{ A, B = 200 , {PACKED_MARKER} = 0}};"
    assert lines[1] == f"typedef enum {{ X, Y,  {PACKED_MARKER} = 0}}  t;"
    assert lines[2] == f"struct s {{ char {PACKED_MARKER}; int a; }}  v;"
    assert lines[3] == f"struct  {{ char {PACKED_MARKER}; char c; }} w;"


def test_packed_elsewhere_is_dropped() -> None:
    text = f"struct s {{ char c; int x {_attr('packed')}; }};"
    assert rewrite_attributes(text) == "struct s { char c; int x ; };"


def test_case_ranges_become_labels() -> None:
    assert rewrite_case_ranges("case 1 ... 5:") == "case __liftdiff_case_range( 1 ,  5):"


def test_designator_ranges_become_calls_outside_literals() -> None:
    text = "int t[] = { ['0' ... '9'] = 1, [a...b] = 2 }; puts(\"[1...2]\"); c = '[';"
    assert rewrite_designator_ranges(text) == (
        f"int t[] = {{ [{DESIGNATOR_RANGE}('0' ,  '9')] = 1, [{DESIGNATOR_RANGE}(a, b)] = 2 }}; "
        "puts(\"[1...2]\"); c = '[';")
