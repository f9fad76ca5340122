"""The second pass: conditionals and their formulas, macro state, the stream."""

from __future__ import annotations

import pytest

from checker.errors import ParseError, UnsupportedError
from checker.location import Location
from checker.types import Settings
from checker.variability import formula as fm
from checker.variability.analysis import Analysis, Begin, Dir, End, LineMap, Tok, analyse
from checker.variability.features import discover
from checker.variability.formula import Var
from checker.variability.lexer import scan
from checker.variability.smt import Oracle

A, B, C = Var("A"), Var("B"), Var("C")


def _analyse(text: str, psi: fm.Formula = fm.TRUE, settings: Settings | None = None,
             configuration: dict[str, int] | None = None) -> Analysis:
    settings = settings or Settings()
    scanned = scan(text, "a.c")
    table = discover(scanned, settings, [], "a.c")
    return analyse(scanned, table, settings, "a.c", psi, Oracle(), configuration)


def _code(analysis: Analysis) -> str:
    """The stream as text: tokens, [key:branch ... ] markers, directives."""
    parts = []
    for item in analysis.stream:
        if isinstance(item, Tok):
            parts.append(analysis.replacements.get(item.index, analysis.tokens[item.index].text))
        elif isinstance(item, Begin):
            parts.append(f"[{item.branch}:")
        elif isinstance(item, End):
            parts.append("]")
        elif isinstance(item, Dir) and item.text:
            parts.append(f"<{item.text}>")
    return " ".join(parts)


def test_branch_formulas_and_presence_conditions() -> None:
    analysis = _analyse("#if A\na;\n# ifdef B\nb;\n# endif\n#elif C\nc;\n#else\nd;\n#endif\n")
    outer, inner = sorted(analysis.conditionals.values(), key=lambda c: c.key)
    assert [b.formula for b in outer.branches] == [A, fm.conj(fm.neg(A), C),
                                                   fm.conj(fm.neg(A), fm.neg(C))]
    assert [b.formula for b in inner.branches] == [B, fm.neg(B)]  # implicit #else added
    assert inner.presence == [fm.conj(A, B), fm.conj(A, fm.neg(B))]
    assert (outer.line, outer.end_line, [b.line for b in outer.branches]) == (0, 9, [0, 5, 7])
    assert _code(analysis) == "[0: a ; [0: b ; ] [1: c ; [2: d ; ]"  # no marker: implicit #else


def test_constant_conditionals_are_resolved_here() -> None:
    text = "#ifndef G_H\n#define G_H\n#if 0\nnot C\n#elif 1\nkept;\n#else\ngone;\n#endif\n" \
           "#ifdef __cplusplus\nextern \"C\" {\n#endif\n#endif\n"
    analysis = _analyse(text)
    assert analysis.conditionals == {}
    assert _code(analysis) == "<#define G_H> kept ;"


def test_macro_defined_under_a_feature_is_tested_through_it() -> None:
    text = "#if A\n#define EXTRA 2\n#endif\n#if EXTRA > 1 || defined(B)\nx;\n#endif\n" \
           "#ifdef EXTRA\ny;\n#endif\n"
    analysis = _analyse(text)
    second, third = sorted(analysis.conditionals.values(), key=lambda c: c.key)[-2:]
    assert second.branches[0].formula == fm.disj(
        fm.Binary(">", fm.Cond(A, fm.Const(2), fm.FALSE), fm.Const(1)), B)
    assert third.branches[0].formula == A
    assert "#define EXTRA" not in _code(analysis)  # only #if read it: dropped
    assert analysis.structural_requests == set()


def test_macro_with_two_definitions_used_in_code_is_renamed_per_definition() -> None:
    text = "#if A\n#define K 1\n#else\n#define K(x) 2\n#endif\nint k = K;\n#undef K\n"
    analysis = _analyse(text)
    assert analysis.structural_requests == set()
    use = analysis.conditionals[max(analysis.conditionals)]
    assert use.pseudo
    assert [b.formula for b in use.branches] == [fm.neg(A), A]
    assert _code(analysis) == ("[0: <#define K__liftdiff_0 1> [1: <#define K__liftdiff_1(x) 2> ] "
                               "int k = [0: K__liftdiff_1 [1: K__liftdiff_0 ] ;")


def test_use_of_renamed_macro_decided_by_context_names_one_definition() -> None:
    text = "#if A\n#define K 1\nint a = K;\n#else\n#define K 2\n#endif\nint k = K;\n"
    analysis = _analyse(text)
    assert "int a = K__liftdiff_0 ;" in _code(analysis)


def test_macro_calling_its_own_name_is_renamed_and_its_body_keeps_the_name() -> None:
    """Inside its own expansion a macro's name is not expanded again: the body's
    `g` is the function, not a reference to the macro (no split)."""
    text = "int g(int a, int b);\n#if A\n#define g(a, b) g(b, a)\n#endif\nint k = g(1, 2);\n"
    analysis = _analyse(text)
    assert analysis.structural_requests == set()
    assert "<#define g__liftdiff_0(a, b) g(b, a)>" in _code(analysis)
    assert "int k = [0: g__liftdiff_0 [1: g ] ( 1 , 2 ) ;" in _code(analysis)


def test_macro_another_macro_names_is_plain_where_every_use_finds_it_defined() -> None:
    text = ("#if A\n#define V 1\n#define VAL (V + 1)\n#endif\n"
            "#if A\nint k = VAL;\n#endif\n")
    assert _analyse(text).structural_requests == set()
    unguarded_use = text.replace("#if A\nint k", "int k").replace(";\n#endif\n", ";\n")
    assert _analyse(unguarded_use).structural_requests


def test_macro_referred_to_by_another_macro_requests_a_split() -> None:
    text = "#if A\n#define K 1\n#else\n#define K 2\n#endif\n#define KK (K + 1)\nint k = KK;\n"
    analysis = _analyse(text)
    first = min(analysis.conditionals)
    assert analysis.structural_requests == {first}


def test_same_definition_under_a_feature_is_kept_in_place() -> None:
    text = "#if A\n#define N 1\nint a = N;\n#endif\n"
    analysis = _analyse(text)
    assert analysis.structural_requests == set()
    assert _code(analysis) == "[0: <#define N 1> int a = N ; ]"


def test_elif_is_evaluated_before_its_previous_branch_defines() -> None:
    text = "#if A\n#define M 1\n#elif M\nx;\n#endif\n"
    (cond,) = _analyse(text).conditionals.values()
    # M is defined only when the #if branch was taken, so the #elif never is
    assert [cond.branches[1].formula.holds({"A": a}) for a in (0, 1)] == [False, False]
    assert [cond.branches[2].formula.holds({"A": a}) for a in (0, 1)] == [True, False]


def test_variant_condition_decides_conditionals() -> None:
    text = "#if A\na;\n#else\nb;\n#endif\n#if B\nc;\n#endif\n"
    analysis = _analyse(text, psi=fm.neg(A))
    assert [c.key for c in analysis.conditionals.values()] == [7]  # its element index
    assert _code(analysis) == "b ; [0: c ; ]"
    exact = _analyse(text, configuration={"A": 1, "B": 0})
    assert exact.conditionals == {} and _code(exact) == "a ;"


def test_conditional_macro_calls_become_conditionals() -> None:
    text = "f(1 IF_FEATURE_X(, 2) IF_NOT_FEATURE_X(, 3));\n#define IF_OTHER(x) x\n" \
           "IF_OTHER(k);\n"
    analysis = _analyse(text)
    first, second = sorted(analysis.conditionals.values(), key=lambda c: c.key)
    x = Var("ENABLE_FEATURE_X")
    assert first.pseudo and first.branches[0].formula == x
    assert second.branches[0].formula == fm.neg(x)
    assert _code(analysis) == \
        "f ( 1 [0: , 2 ] [0: , 3 ] ) ; <#define IF_OTHER(x) x> IF_OTHER ( k ) ;"


def test_conditional_macro_of_a_defined_symbol_is_resolved() -> None:
    analysis = _analyse("#define ENABLE_FEATURE_X 0\nIF_FEATURE_X(a;) IF_NOT_FEATURE_X(b;)\n")
    assert analysis.conditionals == {}
    assert _code(analysis) == "<#define ENABLE_FEATURE_X 0> b ;"


def test_directive_inside_conditional_macro_arguments_is_unsupported() -> None:
    with pytest.raises(UnsupportedError, match="inside the arguments of IF_FEATURE_X"):
        _analyse("IF_FEATURE_X(a\n#if B\n,b\n#endif\n)\n")


def test_features_in_code_are_replaced_by_lifted_variables() -> None:
    analysis = _analyse("#if N > 1\n#endif\nint n = N + ENABLE_Y;\n")
    assert _code(analysis).endswith(
        "int n = __liftdiff_feature_N + __liftdiff_feature_ENABLE_Y ;")


def test_error_under_a_condition_restricts_the_model() -> None:
    analysis = _analyse("#if A && B\n#error no\n#endif\n")
    assert analysis.constraints == [fm.neg(fm.conj(A, B))]


def test_line_directives_map_physical_lines() -> None:
    text = 'a;\n#line 40 "h.h"\nb;\nc;\n# 7 "m.c" 2\nd;\n'
    analysis = _analyse(text)
    lines = [analysis.linemap.origin(analysis.tokens[i].line)
             for i in range(len(analysis.tokens)) if analysis.tokens[i].text != ";"]
    assert lines == [("a.c", 1), ("h.h", 40), ("h.h", 41), ("m.c", 7)]
    assert LineMap("p.c", ()).location(4) == Location("p.c", 5)


@pytest.mark.parametrize(("text", "line", "message"), [
    ("#if A\n#elif\n#endif\n", 2, "#if with no expression"),
    ("#ifdef A B\n#endif\n", 1, "extra tokens after #ifdef A"),
    ("#bogus\n", 1, "unknown preprocessor directive '#bogus'"),
    ("#define\n", 1, "#define needs a macro name"),
    ("#define F(a\n", 1, "missing ')' in #define F"),
    ("#line x\n", 1, "#line needs a line number"),
    ("IF_FEATURE_X(a;\n", 1, "unterminated IF_FEATURE_X(...)"),
])
def test_malformed_directives(text: str, line: int, message: str) -> None:
    with pytest.raises(ParseError, match=message.replace("(", r"\(").replace(")", r"\)")
                       .replace("[", r"\[")) as caught:
        _analyse(text)
    assert caught.value.location == Location("a.c", line)


def test_skipped_groups_are_still_balanced() -> None:
    with pytest.raises(ParseError, match="#else after #else"):
        _analyse("#if 0\n#if X\n#else\n#else\n#endif\n#endif\n")
    assert _code(_analyse("#if 0\n#if garbage (\n#endif\n#error not reached\n#endif\nk;\n")) \
        == "k ;"


def test_a_default_keeps_the_macro_a_feature_with_the_build_value_elsewhere() -> None:
    text = "#ifndef X\n#define X 1\n#endif\n#if X\na;\n#endif\n#ifdef X\nb;\n#endif\n" \
           "int v = X;\n"
    analysis = _analyse(text)
    defined = Var("defined(X)")
    first = sorted(analysis.conditionals.values(), key=lambda c: c.key)[1]
    assert first.branches[0].formula == fm.truth(  # X is read as a number below
        fm.Cond(fm.neg(defined), fm.TRUE, Var("X", False)))
    assert _code(analysis).endswith(
        "b ; int v = [0: X__liftdiff_0 [1: __liftdiff_feature_X ] ;")  # #ifdef X: always
