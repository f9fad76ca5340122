"""Which macros are features, boolean or integer, and BusyBox conditional macros."""

from __future__ import annotations

from checker.types import Settings
from checker.variability.features import ConditionalMacros, FeatureTable, discover
from checker.variability.lexer import Token, scan
from checker.variability.types import FeatureUses, both_ways


def _discover(text: str, settings: Settings | None = None, model: str = "1") -> FeatureTable:
    model_tokens = [e for e in scan(model, "m").elements if isinstance(e, Token)]
    return discover(scan(text, "f.c"), settings or Settings(), model_tokens, "f.c")


def _kinds(table: FeatureTable) -> dict[str, tuple[bool, bool]]:
    return {name: (f.boolean, f.undefined_when_off) for name, f in table.features.items()}


def test_default_rule_tested_and_never_defined() -> None:
    text = """#ifndef GUARD_H
#define GUARD_H
#define LOCAL 1
#if defined(A) && LOCAL
#endif
#ifdef __cplusplus
#endif
#if _RESERVED || ENABLE_X
#endif
#endif
int x = NOT_TESTED;
"""
    assert _kinds(_discover(text)) == {"A": (True, True), "ENABLE_X": (True, False)}


def test_macros_tested_through_a_macro_body_are_features() -> None:
    text = "#define USE_IT (CONFIG_IT + 0)\n#define TWICE(v) ((v) * 2)\n" \
           "#if USE_IT && TWICE(1)\n#endif\n"
    assert sorted(_discover(text).features) == ["CONFIG_IT"]


def test_a_macro_tested_only_for_being_defined_reads_no_body() -> None:
    """BusyBox's platform.h: `#ifndef FAST_FUNC` asks whether FAST_FUNC exists; the
    identifiers of its attribute are no conditions of anything."""
    text = "#define FAST_FUNC __attribute__((regparm(3),stdcall))\n" \
           "#ifndef FAST_FUNC\n#endif\n#if defined(USE_IT) && USE_IT\n#endif\n" \
           "#define USE_IT (CONFIG_IT + 0)\n"
    assert sorted(_discover(text).features) == ["CONFIG_IT"]


def test_settings_defines_are_fixed_values() -> None:
    text = "#if A && B\n#endif\n"
    assert sorted(_discover(text, Settings(defines=(("B", "1"),))).features) == ["A"]


def test_explicit_patterns_and_names() -> None:
    text = "#if CONFIG_A || OTHER\n#endif\n#define CONFIG_B 1\nint n = CONFIG_SIZE + LISTED;\n"
    table = _discover(text, Settings(feature_patterns=("CONFIG_*",), features=("LISTED",)))
    assert _kinds(table) == {"CONFIG_A": (True, False), "CONFIG_B": (True, False),
                             "CONFIG_SIZE": (False, False), "LISTED": (False, False)}
    assert table.notes == ("f.c: '#define CONFIG_B' ignored: CONFIG_B is a feature",)


def test_boolean_and_integer_uses() -> None:
    text = """#if !A && (B || C == 1) && D != 0
#endif
#if N > 2 || M + 1 || K == 3
#endif
int f(void) {
    if (ENABLE_Y && x) return 1;
    if (D) return 2;
    return V;
}
#if V
#endif
"""
    kinds = _kinds(_discover(text))
    assert {n for n, (boolean, _) in kinds.items() if boolean} == {"A", "B", "C", "D",
                                                                   "ENABLE_Y"}
    assert {n for n, (boolean, _) in kinds.items() if not boolean} == {"K", "M", "N", "V"}


def test_busybox_conditional_macros_make_enable_features() -> None:
    text = "int f(void) {\n  IF_FEATURE_A(a();)\n  g(IF_NOT_FEATURE_B(1,) 2);\n" \
           "  IF_NAMESIZE;\n  return ENABLE_FEATURE_C;\n}\n"
    assert _kinds(_discover(text)) == {"ENABLE_FEATURE_A": (True, False),
                                       "ENABLE_FEATURE_B": (True, False),
                                       "ENABLE_FEATURE_C": (True, False)}
    assert _discover(text, Settings(conditional_macros=())).features == {}


def test_conditional_macro_names() -> None:
    macros = ConditionalMacros.from_settings(Settings())
    assert macros.lookup("IF_FEATURE_X") == ("ENABLE_FEATURE_X", False)
    assert macros.lookup("IF_NOT_FEATURE_X") == ("ENABLE_FEATURE_X", True)
    assert macros.lookup("IF_") is None and macros.lookup("FOO") is None
    assert macros.macro_names("ENABLE_FEATURE_X") == [("IF_NOT_FEATURE_X", True),
                                                     ("IF_FEATURE_X", False)]
    assert macros.macro_names("CONFIG_X") == []


def test_feature_model_names_are_features() -> None:
    table = _discover("#if A\n#endif\n", model="!(A && B) || defined(C)")
    assert _kinds(table) == {"A": (True, False), "B": (True, False), "C": (True, True)}


def test_a_macro_tested_with_defined_and_read_for_its_value_has_two_states() -> None:
    table = _discover("#ifdef X\n#endif\n#if X > 1\n#endif\n#ifdef Y\n#endif\n#if Z\n#endif\n")
    assert _kinds(table) == {"X": (False, False), "defined(X)": (True, True),
                             "Y": (True, True), "Z": (True, False)}
    assert table.features["defined(X)"].presence_of == "X"
    assert table.uses == FeatureUses(frozenset({"Y"}), frozenset({"X", "Z"}))


def test_two_state_from_the_other_version_splits_a_defined_only_macro() -> None:
    text = "#ifdef Y\n#endif\n"
    table = discover(scan(text, "f.c"), Settings(), [], "f.c", frozenset({"Y"}))
    assert _kinds(table) == {"Y": (True, False), "defined(Y)": (True, True)}
    assert both_ways(FeatureUses(frozenset({"Y"}), frozenset()),
                     FeatureUses(frozenset(), frozenset({"Y"}))) == {"Y"}


def test_macros_with_a_default_are_features() -> None:
    text = """#ifndef LEVEL
#define LEVEL 2
#endif
#if !defined(MODE)
#define MODE 1
#endif
#ifdef FLAG
#undef FLAG
#define FLAG 1
#endif
#if !ZERO
#define ZERO 1
#endif
#ifndef FIXED
#define FIXED 1
#endif
#define FIXED 2
#if LEVEL > 1 && MODE && FLAG && FIXED && ZERO
#endif
"""
    table = _discover(text)
    assert sorted(table.features) == ["FLAG", "LEVEL", "MODE", "ZERO", "defined(FLAG)",
                                      "defined(LEVEL)", "defined(MODE)"]
    assert table.defaulted == {"FLAG", "LEVEL", "MODE", "ZERO"}


def test_include_guards_are_not_defaults() -> None:
    guarded_code = "#ifndef H\n#define H 1\nint x;\n#endif\n"
    empty_define = "#ifndef G\n#define G\n#endif\n"
    function_like = "#ifndef MAX\n#define MAX(a, b) ((a) > (b) ? (a) : (b))\n#endif\n"
    for text in (guarded_code, empty_define, function_like):
        assert _discover(text).features == {}


def test_reserved_header_macro_is_a_feature() -> None:
    """A reserved name in a system header's style that nothing here defines may be
    defined by the real header (`__NR_finit_module`); the compiler's and the
    platform's names stay decided by the prelude."""
    text = """#ifdef __NR_finit_module
#endif
#if defined(__cplusplus) || defined(__GNUC__) || defined(_WIN32) || defined(__x86_64__)
#endif
#ifdef __UCLIBC__
#endif
"""
    assert set(_discover(text).features) == {"__NR_finit_module"}


def test_kconfig_macro_defined_only_in_a_test_build_is_a_feature_with_a_default() -> None:
    """BusyBox lineedit.c: `#ifdef TEST` / `#define ENABLE_FEATURE_EDITING 0`; in
    every other build the force-included autoconf.h defines it, so it varies.
    Without Kconfig conventions, or where the branch holds code, it is a definition."""
    text = ("#ifdef TEST\n# define ENABLE_FEATURE_EDITING 0\n#endif\n"
            "#if ENABLE_FEATURE_EDITING\nint f(void) { return 1; }\n#endif\n")
    table = _discover(text)
    assert sorted(table.features) == ["ENABLE_FEATURE_EDITING", "TEST"]
    assert table.defaulted == {"ENABLE_FEATURE_EDITING"}
    assert sorted(_discover(text, Settings(conditional_macros=())).features) == ["TEST"]
    with_code = text.replace("# define", "int t;\n# define")
    assert sorted(_discover(with_code).features) == ["TEST"]
