"""Lifting (checker.variability.lift): every annotation shape, checked against the
products gcc's preprocessor derives, for every configuration.

Each fixture under tests/data/variability/ is one shape; the semantic oracle
compiles the lifted text and each product and compares the function's results,
the token oracle compares the preprocessed token streams (see
test_variability_oracle). Benchmark files and randomly generated annotated
functions (hypothesis) go through the same oracles.
"""

from __future__ import annotations

import glob
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker.errors import ParseError
from checker.frontend.preprocess import expand_macros, resolve_includes
from checker.types import Settings, SourceFile
from checker.variability import enumerate_products, lift, pair_variants
from checker.variability import formula as fm
from checker.variability.formula import Var
from tests import TESTS
from tests.variability.test_oracle import (
    check_semantics,
    check_tokens,
    configurations,
)

DATA = TESTS / "data" / "variability"
BENCH = Path("/work/shared/bench")
INPUTS = [(0, 0), (1, 2), (3, -1), (-2, 5), (4, 4), (-5, -7), (2, 3), (7, 1)]

SHAPES = sorted(p.name for p in DATA.glob("*.c"))


def _lift(name: str, settings: Settings | None = None):  # type: ignore[no-untyped-def]
    path = DATA / name
    return lift(path.read_text(), str(path), settings or Settings())


def _flat(text: str) -> str:
    """The lifted text with `#line` directives dropped and whitespace collapsed."""
    kept = (line for line in text.split("\n") if not line.startswith("#line"))
    return " ".join(" ".join(kept).split())


# --------------------------------------------------------------- every shape


@pytest.mark.gcc
@pytest.mark.parametrize("name", SHAPES)
def test_shape_runs_like_every_gcc_product(name: str) -> None:
    path = DATA / name
    checked = check_semantics(path.read_text(), str(path), Settings(), "f", INPUTS)
    assert checked == len(configurations(_lift(name)))


@pytest.mark.gcc
@pytest.mark.parametrize("name", SHAPES)
def test_shape_preprocesses_like_every_gcc_product(name: str) -> None:
    path = DATA / name
    assert check_tokens(path.read_text(), str(path), Settings(), "f") >= 4


def test_whole_statements_become_if_statements() -> None:
    lifted = _lift("statement.c")
    (variant,) = lifted.variants
    assert variant.condition == fm.TRUE
    assert [f.name for f in lifted.features] == ["A", "B"]
    text = _flat(variant.text)
    assert "if (__liftdiff_feature_A) { r += x; }" in text
    assert "if (!__liftdiff_feature_B) { r += 2 * y; } else { r -= y; r *= 3; }" in text
    assert "if (__liftdiff_feature_A && !__liftdiff_feature_B) { r += 7; }" in text
    assert text.count("return r;") == 1  # nothing was duplicated


def test_feature_variables_are_declared_first() -> None:
    text = _lift("nested.c").variants[0].text
    assert text.startswith("int __liftdiff_feature_A;\nint __liftdiff_feature_B;\n"
                           "int __liftdiff_feature_C;\nint __liftdiff_feature__defined_C;\n"
                           "#line 2 ")


def test_guards_and_statements_keep_their_lines() -> None:
    lines = _origins(_lift("statement.c").variants[0].text)
    assert lines[("statement.c", 4)] == "if (__liftdiff_feature_A) {"
    assert lines[("statement.c", 5)] == "r += x;"
    assert lines[("statement.c", 7)] == "if (!__liftdiff_feature_B) {"
    assert lines[("statement.c", 9)] == "} else {"
    assert lines[("statement.c", 11)] == "r *= 3;"
    assert lines[("statement.c", 12)] == "}"
    assert lines[("statement.c", 19)] == "return r;"


def test_partial_expression_duplicates_its_smallest_statement() -> None:
    text = _flat(_lift("expression.c").variants[0].text)
    # the for statement is copied per variant of its condition, nothing more
    assert ("if (__liftdiff_feature_B) { for (int i = 0; i < 2 ; i++) r += i; } else { "
            "for (int i = 0; i < 3 ; i++) r += i; }") in text
    # the if condition forks the if statement per B; inside, the argument of g()
    # forks its statement per A (guards simplified: B is known there)
    assert ("if (__liftdiff_feature_B) { if (x > 0 && y > 0 ) { if (__liftdiff_feature_A) "
            "{ r = r + g(x, 1 ); } else { r = r + g(x, 3 ); } } } else { if (x > 0 ) { "
            "if (__liftdiff_feature_A) { r = r + g(x, 2 ); } else { r = r + g(x, 3 ); } } }"
            ) in text
    # `int r = x [+ y];`: one declaration, the initialisation chosen per variant
    assert "int r; if (__liftdiff_feature_A) { r = x + y ; } else { r = x ; }" in text
    assert text.count("return r;") == 1


def test_declaration_duplicates_the_rest_of_its_block() -> None:
    text = _flat(_lift("declaration.c").variants[0].text)
    # `t` is used after the conditional, so the rest of the body is copied per
    # variant instead of wrapping the declaration in braces.
    assert text.count("return base + t;") == 2
    # `int u = y;` / `int u = -y;` differ only in the initialiser: no copies
    assert text.count("int u; if (__liftdiff_feature_B) { u = y; } else { u = -y; }") == 2


def test_case_labels_duplicate_the_whole_switch() -> None:
    text = _flat(_lift("labels.c").variants[0].text)
    assert text.count("switch (x & 3)") == 4  # per A, inside each copy per B
    assert "case 1:" in text


def test_goto_labels_are_renamed_per_copy() -> None:
    text = _flat(_lift("labels.c").variants[0].text)
    assert "goto big__liftdiff_1;" in text
    assert "big__liftdiff_1:" in text
    assert "out__liftdiff_1:" in text and "out__liftdiff_2:" in text
    assert re.search(r"\bbig:", text) is None


def test_file_scope_conflicts_split_into_variants() -> None:
    lifted = _lift("filescope.c")
    conditions = [v.condition for v in lifted.variants]
    assert len(conditions) == 8  # A (typedef), B (global), C (function): D is additive
    for values in configurations(lifted):
        assert sum(c.holds(values) for c in conditions) == 1
    for variant in lifted.variants:
        assert "D" not in variant.condition.features()
        assert dict(variant.presence) == {"only_d": fm.Var("D", True)}
        assert variant.text.count("typedef") == 1


def test_variants_of_old_and_new_are_paired_where_they_overlap() -> None:
    old = _lift("filescope.c")
    new_text = (DATA / "filescope.c").read_text().replace("#if C\n", "#if C || A\n")
    new = lift(new_text, "new.c", Settings())
    pairs = pair_variants(old, new)
    assert len(new.variants) == 6  # A (typedef) x B (global) x (C || A) (helper)
    assert len(pairs) == 8  # each old variant (all of A, B, C decided) meets one new one
    for values in configurations(old):
        matching = [p for p in pairs if p[0].holds(values)]
        assert len(matching) == 1
        _, old_variant, new_variant = matching[0]
        assert old_variant.condition.holds(values) and new_variant.condition.holds(values)
    assert len(pair_variants(old, new, fm.neg(Var("A")))) == 4


def test_macro_defined_per_configuration_and_used_in_code_is_lifted_per_definition() -> None:
    lifted = _lift("macros_structural.c")
    (variant,) = lifted.variants
    text = _flat(variant.text)
    assert "#define K__liftdiff_0 3" in text and "#define K__liftdiff_1 4" in text
    assert ("if (!__liftdiff_feature_A) { r = x * K__liftdiff_1 ; } "
            "else { r = x * K__liftdiff_0; }") in text


def test_macros_of_the_text_are_not_features() -> None:
    lifted = _lift("macros.c")
    assert [f.name for f in lifted.features] == ["A", "B"]
    text = _flat(lifted.variants[0].text)
    assert "if (__liftdiff_feature_A) { r += x; }" in text  # #ifdef EXTRA, EXTRA under A
    assert "if (__liftdiff_feature_B) { r += y; }" in text  # TWICE(BASE) > 15 is true
    assert "this is not C" not in text and "r = -1" not in text


def test_integer_features_keep_their_values() -> None:
    lifted = _lift("integer.c")
    assert {f.name: (f.boolean, f.undefined_when_off) for f in lifted.features} == {
        "DEBUG": (True, True), "LEVEL": (False, False)}
    text = _flat(lifted.variants[0].text)
    assert "if (__liftdiff_feature_LEVEL > 2) { r += __liftdiff_feature_LEVEL * y; }" in text


def test_busybox_conditional_macros() -> None:
    lifted = _lift("ifmacro.c")
    assert [(f.name, f.boolean) for f in lifted.features] == [
        ("ENABLE_FEATURE_A", True), ("ENABLE_FEATURE_B", True)]
    text = _flat(lifted.variants[0].text)
    assert "if (__liftdiff_feature_ENABLE_FEATURE_A) { r += x; }" in text
    assert "if (__liftdiff_feature_ENABLE_FEATURE_B && x > 0)" in text


def test_explicit_feature_patterns() -> None:
    source = "int f(int x) {\n#if CONFIG_X\n  x++;\n#endif\n#ifdef OTHER\n  x--;\n#endif\n" \
             "  return x + CONFIG_SIZE;\n}\n"
    lifted = lift(source, "p.c", Settings(feature_patterns=("CONFIG_*",)))
    assert [(f.name, f.boolean) for f in lifted.features] == [
        ("CONFIG_SIZE", False), ("CONFIG_X", True)]
    text = _flat(lifted.variants[0].text)
    assert "x--;" not in text  # OTHER is not a feature here: undefined, branch dropped
    assert "return x + __liftdiff_feature_CONFIG_SIZE;" in text


def test_feature_model_and_error_constraints() -> None:
    source = "#if defined(A) && defined(B)\n#error A and B exclude each other\n#endif\n" \
             "int f(void) { return 0; }\n"
    lifted = lift(source, "m.c", Settings(feature_model="!C || defined(A)"))
    assert lifted.feature_model.holds({"A": 1, "B": 0, "C": 1})
    assert not lifted.feature_model.holds({"A": 1, "B": 1, "C": 0})
    assert not lifted.feature_model.holds({"A": 0, "B": 0, "C": 1})


def test_lifts_text_with_resolved_includes_through_pcpp_and_pycparser() -> None:
    source = SourceFile.read(str(BENCH / "spl-examples/paper-fig1/old.c"))
    prepared = resolve_includes(source, Settings())
    lifted = lift(prepared.text, source.path, Settings())
    assert [f.name for f in lifted.features] == ["A", "B", "C"]
    expanded = expand_macros(source.path, lifted.variants[0].text, {})
    from checker.frontend.parse import parse_c

    ast = parse_c(expanded, source.path)
    assert ast.ext[-1].decl.name == "F"


# ------------------------------------------------------------ malformed input


@pytest.mark.parametrize(("source", "line", "message"), [
    ("int x;\n#endif\n", 2, "#endif without #if"),
    ("#else\nint x;\n", 1, "#else without #if"),
    ("int a;\n#if A\nint x;\n", 2, "#if without #endif"),
    ("#if A\n#else\n#elif B\n#endif\n", 3, "#elif after #else"),
    ("#if A\n#else\n#else\n#endif\n", 3, "#else after #else"),
    ("#if (A\n#endif\n", 1, "missing ')'"),
    ("#if A +\n#endif\n", 1, "ends too early"),
    ("#if\n#endif\n", 1, "no expression"),
    ("#ifdef\n#endif\n", 1, "needs a macro name"),
    ("#if defined()\n#endif\n", 1, "'defined' needs a macro name"),
    ("#if 1 / 0\n#endif\n", 1, "division by zero"),
    ("int a; /* never closed\n", 1, "unterminated /* comment"),
    ("int f(void) {\n  return 0;\n", 2, "'}'"),
])
def test_malformed_input_is_a_parse_error_with_location(source: str, line: int,
                                                        message: str) -> None:
    with pytest.raises(ParseError) as caught:
        lift(source, "bad.c", Settings())
    assert caught.value.location is not None
    assert caught.value.location.path == "bad.c"
    assert caught.value.location.line == line
    assert message in caught.value.message


def test_unconditional_error_directive_is_reported() -> None:
    with pytest.raises(ParseError, match="#error unsupported platform") as caught:
        lift("#ifndef __x86_64__\n#error unsupported platform\n#endif\n", "e.c", Settings())
    assert caught.value.location is not None and caught.value.location.line == 2


# ------------------------------------------------------------------ benchmarks


@pytest.mark.gcc
def test_paper_figure_1_runs_like_its_products() -> None:
    for name in ("old.c", "new.c"):
        path = BENCH / "spl-examples/paper-fig1" / name
        assert check_semantics(path.read_text(), str(path), Settings(), "F",
                               [(0, 1, 1), (3, 3, 2), (-1, 5, 3), (2, 0, 0)]) == 8


def _busybox_cases() -> list[str]:
    return sorted(glob.glob(str(BENCH / "busybox-dev/*/old.c"))
                  + glob.glob(str(BENCH / "busybox-dev/*/new.c")))


@pytest.mark.gcc
@pytest.mark.parametrize("path", [p for p in _busybox_cases()
                                  if re.search(r"/(01|03|10|12|19|20|30)/", p)])
def test_busybox_functions_preprocess_like_their_products(path: str) -> None:
    meta = json.loads((Path(path).parent / "meta.json").read_text())
    assert check_tokens(Path(path).read_text(), path, Settings(), meta["function"]) >= 2


@pytest.mark.slow
@pytest.mark.gcc
@pytest.mark.parametrize("path", _busybox_cases())
def test_all_busybox_functions_preprocess_like_their_products(path: str) -> None:
    meta = json.loads((Path(path).parent / "meta.json").read_text())
    assert check_tokens(Path(path).read_text(), path, Settings(), meta["function"]) >= 1


def _spl_inputs() -> list[tuple[int, ...]]:
    rng = random.Random(7)
    values = [0, 1, -1, 3, 5, 7, 1 << 33, -(1 << 35)]
    return [tuple(rng.choice(values) for _ in range(19)) for _ in range(10)] + [(1,) * 19]


def _spl_check(old: str, limit: int) -> int:
    new = old.replace("/old", "/new")
    old_text, new_text = Path(old).read_text(), Path(new).read_text()
    pairs = list(enumerate_products(old_text, new_text, old, new, Settings(), "python"))
    checked = 0
    for path, text in ((old, old_text), (new, new_text)):
        names = {f.name for f in lift(text, path, Settings()).features}
        chosen = [{k: v for k, v in p.configuration.items() if k in names}
                  for p in pairs[:limit]]
        checked += check_semantics(text, path, Settings(), "sortcmp", _spl_inputs(), chosen)
    return checked


@pytest.mark.gcc
def test_spl_dev_runs_like_every_distinct_product() -> None:
    old = str(BENCH / "spl-dev/hard/3/coreutils.ls.6b01b71e.sat.spl2/old.fe.c")
    assert _spl_check(old, limit=12) == 24


@pytest.mark.slow
@pytest.mark.gcc
@pytest.mark.parametrize("old", sorted(glob.glob(str(BENCH / "spl-dev/hard/*/*spl1/old*.c")))[::5])
def test_spl_dev_sample_runs_like_every_distinct_product(old: str) -> None:
    assert _spl_check(old, limit=60) > 0


# ------------------------------------------------- random annotated functions

_CONDITIONS = ["defined(A)", "!defined A", "defined(B)", "defined A && !defined(B)",
               "defined(A) || defined(B)", "ENABLE_X", "!ENABLE_X || defined(B)",
               "definedEx(A) && ENABLE_X"]
_EXPRESSIONS = ["x", "y", "r", "1", "3", "x - y", "r * 2", "(x + r)"]


@st.composite
def _condition(draw: st.DrawFn) -> str:
    return draw(st.sampled_from(_CONDITIONS))


@st.composite
def _items(draw: st.DrawFn, depth: int, fresh: list[int]) -> list[str]:
    return [line for item in draw(st.lists(_item(depth, fresh), max_size=4)) for line in item]


@st.composite
def _item(draw: st.DrawFn, depth: int, fresh: list[int]) -> list[str]:
    kinds = ["assign", "assign", "conditional", "partial", "declaration", "initializer",
             "else", "split", "ifmacro", "condition"]
    if depth < 2:
        kinds += ["loop", "block", "conditional"]
    kind = draw(st.sampled_from(kinds))
    e = draw(st.sampled_from(_EXPRESSIONS))
    if kind == "assign":
        return [f"r = r {draw(st.sampled_from(['+', '-', '^']))} {e};"]
    if kind == "conditional":
        lines = [f"#if {draw(_condition())}", *draw(_items(depth + 1, fresh))]
        for _ in range(draw(st.integers(0, 2))):
            lines += [f"#elif {draw(_condition())}", *draw(_items(depth + 1, fresh))]
        if draw(st.booleans()):
            lines += ["#else", *draw(_items(depth + 1, fresh))]
        return [*lines, "#endif"]
    if kind == "partial":
        return ["r = r + (x", f"#if {draw(_condition())}", f"+ {e}", "#else", "- 2",
                "#endif", ");"]
    if kind == "declaration":
        fresh[0] += 1
        name = f"t{fresh[0]}"
        return [f"#if {draw(_condition())}", f"int {name} = {e};", "#else",
                f"long {name} = {e} + 5;", "#endif", f"r += (int){name} + (int)sizeof({name});"]
    if kind == "initializer":
        fresh[0] += 1
        name = f"v{fresh[0]}"
        return [f"int {name} = {e}", f"#if {draw(_condition())}", "* 3", "#endif", ";",
                f"r += {name};"]
    if kind == "else":
        return [f"if (x > {e}) r += 1;", f"#if {draw(_condition())}", "else r -= 7;", "#endif"]
    if kind == "split":
        return [f"#if {draw(_condition())}", "if (r > 3)", "#endif", f"r += {e};"]
    if kind == "ifmacro":
        return [draw(st.sampled_from(["IF_X(r += 3;)", "r = r IF_X(+ x) IF_NOT_X(- y);",
                                      "IF_NOT_X(r ^= 5;)"]))]
    if kind == "condition":
        return ["if (x > 0", f"#if {draw(_condition())}", "&& y > 0", "#endif", ") r += 11;"]
    fresh[0] += 1
    if kind == "loop":
        name = f"i{fresh[0]}"
        return [f"for (int {name} = 0; {name} < 2; {name}++) {{",
                *draw(_items(depth + 1, fresh)), "}"]
    return ["{", *draw(_items(depth + 1, fresh)), "}"]


@st.composite
def _functions(draw: st.DrawFn) -> str:
    body = draw(_items(0, [0]))
    return "\n".join(["int f(int x, int y) {", "int r = x;", *body, "return r;", "}", ""])


@pytest.mark.gcc
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_functions())
def test_random_annotated_functions_run_like_their_products(source: str) -> None:
    check_semantics(source, "random.c", Settings(), "f", INPUTS[:5])


@pytest.mark.slow
@pytest.mark.gcc
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_functions())
def test_many_random_annotated_functions_run_like_their_products(source: str) -> None:
    check_semantics(source, "random.c", Settings(), "f", INPUTS[:5])
    check_tokens(source, "random.c", Settings(), "f")


# ---------------------------------------------------------------------- helpers


def _origins(text: str) -> dict[tuple[str, int], str]:
    """Output text per original (file name, line), following #line directives."""
    result: dict[tuple[str, int], str] = {}
    file, line = "", 0
    for raw in text.split("\n"):
        mark = re.match(r'^#line (\d+) "(.*)"$', raw)
        if mark:
            line, file = int(mark.group(1)), mark.group(2).rsplit("/", 1)[-1]
            continue
        if file:
            key = (file, line)
            result[key] = (result.get(key, "") + " " + raw).strip()
            line += 1
    return result


def _struct_with_defines(use: str) -> str:
    return ("struct command {\n    int pid;\n#if FEAT_WORD\n# define CMD_WORD 2\n#endif\n"
            "#if FEAT_FUNC\n# define CMD_FUNC 3\n#endif\n    int type;\n};\n"
            f"struct command cmd;\nint f(int x) {{ return cmd.pid + x{use}; }}\n")


def test_a_conditional_that_only_defines_unused_macros_does_not_split_a_struct() -> None:
    """hush's `struct command` defines its CMD_ constants under `#if`s inside its body:
    when no code uses them, every branch leaves the same text, so one variant."""
    lifted = lift(_struct_with_defines(""), "a.c", Settings())
    assert len(lifted.variants) == 1


def test_a_conditional_defining_a_used_macro_inside_a_struct_still_splits() -> None:
    lifted = lift(_struct_with_defines(" + CMD_WORD"), "a.c", Settings())
    assert len(lifted.variants) == 2
