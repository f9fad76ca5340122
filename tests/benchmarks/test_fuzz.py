"""The differential fuzzer's own trustworthiness (benchmarks/fuzz.py, benchmarks/fuzzlib).

The judge is tested with fake liftdiff reports on hand-written pairs, so each
test knows the right answer: a wrong EQUIVALENT, a witness that does not
replay, an unsound body or head are caught; a correct verdict with a replaying
witness passes; undefined behaviour and aliasing under a stated no-alias
assumption are never counted as wrong. Then the generator: deterministic per
seed, and its C compiles with gcc -Wall in every configuration. Last, a small
seeded run with the real liftdiff.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCH))

import fuzz  # noqa: E402
from fuzzlib import ctyping as ct  # noqa: E402
from fuzzlib.features import configurations, flags  # noqa: E402
from fuzzlib.judge import Options, judge  # noqa: E402
from fuzzlib.pairs import CHECK_FLAGS, Pair, generate  # noqa: E402
from fuzzlib.runner import LiftdiffRun  # noqa: E402
from fuzzlib.shapes import CLASSES  # noqa: E402
from fuzzlib.syntax import (  # noqa: E402
    PP,
    Alt,
    Bin,
    Call,
    Cond,
    Decl,
    Directive,
    Dot,
    ExprS,
    FeatureDefault,
    FuncDef,
    GlobalDef,
    If,
    Include,
    Index,
    InitList,
    Lit,
    Name,
    Param,
    PPBranch,
    Program,
    Proto,
    RecordDef,
    Return,
    Un,
    While,
    number,
)

from checker.lower.lower import GLOBAL_ALIAS_ASSUMPTION  # noqa: E402
from checker.lower.lower_state import NO_ALIAS_ASSUMPTION  # noqa: E402

pytestmark = [
    pytest.mark.gcc,
    pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc"),
]
OPTIONS = Options(random_inputs=40)


def pair_of(params: list[Param], body: list[Any], items: tuple = (), ret: Any = ct.INT) -> Pair:
    tree = Program((Include("string.h"), *items, FuncDef(ret, "f", tuple(params), tuple(body))))
    return Pair("test-0", "test", 0, "hand-written", number(tree))


def report(verdict: str, entries: list[dict] = (), reason: str | None = None,
           assumptions: tuple[str, ...] = ()) -> LiftdiffRun:
    result = {"function": "f", "verdict": verdict, "reason": reason,
              "neq_summary": list(entries), "assumptions": list(assumptions)}
    return LiftdiffRun({"schema": "liftdiff.report/1", "results": [result]}, 0.1)


def entry(head: str, body: str, inputs: dict, old: dict, new: dict,
          config: dict | None = None) -> dict:
    return {"configurations": head, "inputs": body,
            "witness": {"configuration": config or {}, "inputs": inputs,
                        "old_output": old, "new_output": new}}


def kinds(pair: Pair, run: LiftdiffRun, options: Options = OPTIONS) -> set[str]:
    return {f.kind for f in judge(pair, run, options).findings}


X = Param(ct.INT, "x")
# old: x > 5 ? x : x + 1   new: x   (they differ exactly when x <= 5)
CLAMP = pair_of([X], [Return(Alt((Cond(Bin(">", Name("x"), Lit("5")), Name("x"),
                                       Bin("+", Name("x"), Lit("1"))),), (Name("x"),)))])


def test_a_wrong_equivalent_is_caught() -> None:
    judgement = judge(CLAMP, report("EQUIVALENT"), OPTIONS)
    assert [f.kind for f in judgement.findings] == ["wrong-eq"]
    assert judgement.gcc_differs is True
    assert judgement.findings[0].evidence["-O2"]["old"]["status"] == "ok"


def test_a_replaying_witness_and_a_sound_body_pass() -> None:
    good = entry("1", "x <= 5", {"x": 3}, {"return": 4}, {"return": 3})
    judgement = judge(CLAMP, report("NOT_EQUIVALENT", [good]), OPTIONS)
    assert judgement.findings == ()
    assert judgement.gcc_differs is True


def test_a_witness_that_does_not_replay_is_wrong() -> None:
    bad = entry("1", "x == 7", {"x": 7}, {"return": 8}, {"return": 7})
    assert kinds(CLAMP, report("NOT_EQUIVALENT", [bad])) >= {"wrong-neq"}


def test_a_body_wider_than_the_difference_is_unsound() -> None:
    wide = entry("1", "x <= 9", {"x": 3}, {"return": 4}, {"return": 3})
    assert kinds(CLAMP, report("NOT_EQUIVALENT", [wide])) == {"unsound-body"}


def test_claimed_outputs_are_compared_with_gcc() -> None:
    lie = entry("1", "x <= 5", {"x": 3}, {"return": 40}, {"return": 3})
    assert kinds(CLAMP, report("NOT_EQUIVALENT", [lie])) == {"interp-vs-gcc"}


def test_a_witness_the_harness_cannot_rebuild_is_incomplete_not_wrong() -> None:
    # old: p->a[1] > 5   new: 0; the witness gives the array member as one value
    rec = ct.Record("S", (ct.Member("a", ct.Arr(ct.INT, 2)),))
    p = Param(ct.Ptr(rec), "p")
    test = Bin(">", Index(Dot(Name("p"), "a", arrow=True), Lit("1")), Lit("5"))
    pair = pair_of([p], [If(Un("!", Name("p")), (Return(Lit("0")),)),
                         Return(Alt((test,), (Lit("0"),)))], items=(RecordDef(rec),))
    ambiguous = entry("1", "1", {"*p.a": [9]}, {"return": 1}, {"return": 0})
    assert kinds(pair, report("NOT_EQUIVALENT", [ambiguous])) == {"incomplete-witness"}
    # a static local given as an input is no excuse: no caller can choose it
    static = entry("1", "x == 7", {"x": 7, "f::k": 3}, {"return": 8}, {"return": 7})
    assert "wrong-neq" in kinds(CLAMP, report("NOT_EQUIVALENT", [static]))


def test_a_long_string_witness_is_replayed_and_one_past_the_harness_object_is_named() -> None:
    """A witness may fix a string's bytes far from its start (`s[200]`, a constant
    of the generator's as the index): the harness's object holds them; bytes past
    it are a key the harness cannot set, never bytes written nowhere (a finding
    of gcc disagreeing with the interpreter, which it once was)."""
    s = Param(ct.Ptr(ct.CHAR), "s")
    pair = pair_of([s], [If(Un("!", Name("s")), (Return(Lit("0")),)),
                         Return(Alt((Index(Name("s"), Lit("200")),), (Lit("0"),)))])
    far = entry("1", "s && s[200] != 0", {"s": {"object": 0, "offset": 0}, "*s": {"200": 7}},
                {"return": 7}, {"return": 0})
    assert kinds(pair, report("NOT_EQUIVALENT", [far])) == set()
    past = entry("1", "s && s[200] != 0", {"s": {"object": 0, "offset": 0}, "*s": {"300": 7}},
                 {"return": 7}, {"return": 0})
    assert kinds(pair, report("NOT_EQUIVALENT", [past])) == {"incomplete-witness"}


def test_a_witness_in_a_later_call_s_state_is_judged_by_its_difference() -> None:
    """A static local's value at the entry is an input (docs/semantics.md): a witness
    may put it in the state of a later call, whose outputs the harness (a first call)
    cannot show; the difference must still replay (static-63)."""
    # old: n++; return x + 1 + (n > 5)   new: return x
    count = ExprS(Un("++", Name("n"), post=True))
    pair = pair_of([X], [Decl(ct.INT, "n", None, static=True),
                         Alt((count, Return(Bin("+", Bin("+", Name("x"), Lit("1")),
                                                Bin(">", Name("n"), Lit("5"))))),
                             (Return(Name("x")),))])
    later = entry("1", "1", {"x": 3, "f::n": 9}, {"return": 5, "f::n": 10}, {"return": 3})
    assert kinds(pair, report("NOT_EQUIVALENT", [later])) == set()


def test_a_call_without_code_answers_by_its_position_as_liftdiff_counts_it() -> None:
    """liftdiff's results of a function without code depend on the call's position
    among such calls (its first stub argument): the harness's stub answers so."""
    ext = Proto(ct.INT, "ext_op", (Param(ct.INT, "v"),))
    call = Call(Name("ext_op"), (Name("x"),))
    cached = (Decl(ct.INT, "t", call), Return(Bin("+", Name("t"), Name("t"))))
    pair = pair_of([X], [Alt(cached, (Return(Bin("+", call, call)),))], items=(ext,))
    counted = entry("1", "1", {"x": 1}, {"return": 10, "calls": ["ext_op(1)"]},
                    {"return": 12, "calls": ["ext_op(1)", "ext_op(1)"]})
    counted["witness"]["stubs"] = {"uf:ext_op": [[[0, 1], 5], [[1, 1], 7]]}
    assert kinds(pair, report("NOT_EQUIVALENT", [counted])) == set()


def test_a_body_that_is_not_c_is_reported() -> None:
    odd = entry("1", "f::k <= 5", {"x": 3}, {"return": 4}, {"return": 3})
    assert "bad-body" in kinds(CLAMP, report("NOT_EQUIVALENT", [odd]))


# old: return x + (#ifdef CFG_A 1 #else 0)   new: return x   (differ iff CFG_A defined)
FEATURED = pair_of([X], [
    PP((PPBranch(Directive("ifdef", "CFG_A"),
                 (Return(Alt((Bin("+", Name("x"), Lit("1")),), (Name("x"),))),)),),
       (Return(Name("x")),)),
])


def test_heads_are_checked_per_configuration() -> None:
    witness = {"x": 1}
    outs = ({"return": 2}, {"return": 1})
    sound = entry("defined(CFG_A)", "1", witness, *outs, config={"CFG_A": 1})
    assert kinds(FEATURED, report("NOT_EQUIVALENT", [sound])) == set()
    too_wide = entry("1", "1", witness, *outs, config={"CFG_A": 1})
    assert kinds(FEATURED, report("NOT_EQUIVALENT", [too_wide])) == {"unsound-head"}
    missing = entry("!defined(CFG_A)", "1", witness, *outs, config={"CFG_A": 0})
    assert kinds(FEATURED, report("NOT_EQUIVALENT", [missing])) >= {"wrong-eq"}


def test_an_entry_without_a_body_claims_a_difference_in_each_head_configuration() -> None:
    """With no body (`0 /* ... */`) the head claims that each of its configurations
    differs on some input, not on the witness's (pointer-90: aliased inputs only)."""
    negative = Cond(Bin("<", Name("x"), Lit("0")), Lit("0"), Name("x"))
    pair = pair_of([X], [PP((PPBranch(Directive("ifdef", "CFG_A"), (
        Return(Alt((Bin("+", Name("x"), Lit("1")),), (Name("x"),))),)),),
        (Return(Alt((negative,), (Name("x"),))),))])
    outs = ({"return": 4}, {"return": 3})
    no_body = entry("1", "0 /* none */", {"x": 3}, *outs, config={"CFG_A": 1})
    assert kinds(pair, report("NOT_EQUIVALENT", [no_body])) == set()
    wide = entry("1", "x == 3", {"x": 3}, *outs, config={"CFG_A": 1})
    assert kinds(pair, report("NOT_EQUIVALENT", [wide])) == {"unsound-head"}
    alike = FEATURED  # without CFG_A both return x: no input differs there
    none_there = entry("1", "0 /* none */", {"x": 1}, {"return": 2}, {"return": 1},
                       config={"CFG_A": 1})
    assert kinds(alike, report("NOT_EQUIVALENT", [none_there])) == {"unsound-head"}


def test_a_feature_default_is_what_an_undefined_feature_means() -> None:
    # #ifndef CFG_A / #define CFG_A 1: building without -DCFG_A gives CFG_A == 1
    pair = pair_of([X], [
        PP((PPBranch(Directive("if", "CFG_A"),
                     (Return(Alt((Bin("+", Name("x"), Lit("1")),), (Name("x"),))),)),),
           (Return(Name("x")),)),
    ], items=(FeatureDefault("CFG_A", "1"),))
    outs = ({"return": 2}, {"return": 1})
    sound = entry("CFG_A", "1", {"x": 1}, *outs, config={"CFG_A": 1})
    assert kinds(pair, report("NOT_EQUIVALENT", [sound])) == set()
    # defined(CFG_A) names the builds with -DCFG_A=0 (no difference: unsound head) and
    # -DCFG_A=1, not the build without it (which differs: a wrong EQ there)
    wrong = entry("defined(CFG_A)", "1", {"x": 1}, *outs, config={"CFG_A": 1})
    assert kinds(pair, report("NOT_EQUIVALENT", [wrong])) == {"unsound-head", "wrong-eq"}
    # liftdiff's `defined(X)`: does the build give -DX (0: X has its default, whatever
    # value the witness lists for X); heads name builds the same way
    undefined = entry("!defined(CFG_A)", "1", {"x": 1}, *outs,
                      config={"CFG_A": 0, "defined(CFG_A)": 0})
    given = entry("defined(CFG_A) && CFG_A", "1", {"x": 1}, *outs,
                  config={"CFG_A": 1, "defined(CFG_A)": 1})
    assert kinds(pair, report("NOT_EQUIVALENT", [undefined, given])) == set()
    assert kinds(pair, report("NOT_EQUIVALENT", [given])) == {"wrong-eq"}


def test_a_feature_used_for_its_value_has_three_states() -> None:
    text = "#ifdef CFG_A\n#endif\n#if CFG_A\n#endif\n#ifdef CFG_B\n#endif\n"
    assert configurations([text]) == [
        (("CFG_A", None), ("CFG_B", None)), (("CFG_A", None), ("CFG_B", "1")),
        (("CFG_A", "0"), ("CFG_B", None)), (("CFG_A", "0"), ("CFG_B", "1")),
        (("CFG_A", "1"), ("CFG_B", None)), (("CFG_A", "1"), ("CFG_B", "1")),
    ]


def test_a_read_outside_a_declared_array_is_a_trap() -> None:
    # old reads a[x & 7] of a 4-element local array; new guards the index. The model
    # traps where old reads out of bounds (docs/semantics.md): a difference.
    a = Decl(ct.Arr(ct.INT, 4), "a", InitList((Lit("1"), Lit("2"), Lit("3"), Lit("4"))))
    idx = Bin("&", Name("x"), Lit("7", fixed=True))
    read = Index(Name("a"), idx)
    guarded = Cond(Bin("<", idx, Lit("4")), read, Lit("0"))
    pair = pair_of([X], [a, Return(Alt((read,), (guarded,)))])
    judgement = judge(pair, report("EQUIVALENT"), OPTIONS)
    assert [f.kind for f in judgement.findings] == ["wrong-eq"]
    assert judgement.findings[0].evidence["old under the sanitizers"].startswith("trap")
    witness = entry("1", "(x & 7) >= 4", {"x": 5}, {"trap": "out of bounds"}, {"return": 0})
    assert kinds(pair, report("NOT_EQUIVALENT", [witness])) == set()


SHIFT = Bin("<<", Name("x"), Bin("&", Name("y"), Lit("63", fixed=True)))
Y = Param(ct.INT, "y")


def test_a_shift_by_the_width_or_more_is_a_trap_not_gcc_s_value() -> None:
    # old: x << (y & 63)   new: the same below 32, else 0. Plain gcc computes a value
    # (count masked, or folded): that value is not evidence, the model's trap is.
    small = Bin("<", Bin("&", Name("y"), Lit("63", fixed=True)), Lit("32"))
    pair = pair_of([X, Y], [Return(Alt((SHIFT,), (Cond(small, SHIFT, Lit("0")),)))])
    judgement = judge(pair, report("EQUIVALENT"), OPTIONS)
    assert [f.kind for f in judgement.findings] == ["wrong-eq"]
    trap = entry("1", "(y & 63) >= 32", {"x": 1, "y": 40}, {"trap": "shift"}, {"return": 0})
    assert kinds(pair, report("NOT_EQUIVALENT", [trap])) == set()
    masked = entry("1", "(y & 63) >= 32", {"x": 1, "y": 40}, {"return": 256}, {"return": 0})
    assert kinds(pair, report("NOT_EQUIVALENT", [masked])) == {"interp-vs-gcc"}


def test_a_trap_no_plain_build_shows_is_found() -> None:
    # old computes x << (y & 63) and returns 0; every plain build returns 0 (the
    # shift is dead at -O2, masked at -O0), the model traps for counts >= 32
    pair = pair_of([X, Y], [Alt((Decl(ct.INT, "t", SHIFT),), ()), Return(Lit("0"))])
    assert kinds(pair, report("EQUIVALENT")) == {"wrong-eq"}


def test_a_division_by_zero_gcc_drops_still_traps() -> None:
    # if (x != x % x) { x &= 0; } return 7;  vs  the same with an empty body: both trap
    # at x == 0 in the model; gcc drops the unused x % x of the new one (even at -O0)
    cond = Bin("!=", Name("x"), Bin("%", Name("x"), Name("x")))
    pair = pair_of([X], [If(cond, (Alt((ExprS(Bin("&=", Name("x"), Lit("0"))),), ()),)),
                         Return(Lit("7"))])
    judgement = judge(pair, report("EQUIVALENT"), OPTIONS)
    assert judgement.findings == () and judgement.gcc_differs is False


def test_undefined_behaviour_outside_the_model_is_never_evidence() -> None:
    # old reads p[x & 63], past the 24 cells the harness gives p's object; the model's
    # object is unbounded, so what gcc reads there is nobody's answer
    p = Param(ct.Ptr(ct.INT), "p")
    idx = Bin("&", Name("x"), Lit("63", fixed=True))
    read = Index(Name("p"), idx)
    guarded = Cond(Bin("<", idx, Lit("24")), read, Lit("0"))
    pair = pair_of([p, X], [If(Un("!", Name("p")), (Return(Lit("0")),)),
                            Return(Alt((read,), (guarded,)))])
    judgement = judge(pair, report("EQUIVALENT"), OPTIONS)
    assert judgement.findings == ()
    assert judgement.ub_dependent


def test_reading_an_uninitialised_local_is_never_evidence() -> None:
    # old leaves `a` uninitialised when x <= 0; new starts it at 0
    set_a = If(Bin(">", Name("x"), Lit("0")), (ExprS(Bin("=", Name("a"), Lit("1"))),))
    pair = pair_of([X], [Alt((Decl(ct.INT, "a"),), (Decl(ct.INT, "a", Lit("0")),)), set_a,
                         Return(Name("a"))])
    judgement = judge(pair, report("EQUIVALENT"), OPTIONS)
    assert judgement.findings == ()
    assert judgement.ub_dependent


def test_aliasing_differences_count_apart_under_a_stated_assumption() -> None:
    # t = *p; *q = 5; return t + *p   vs   ... return t + t
    p, q = Param(ct.Ptr(ct.INT), "p"), Param(ct.Ptr(ct.INT), "q")
    deref_p = Un("*", Name("p"))
    body = [If(Un("!", Bin("&&", Name("p"), Name("q"))), (Return(Lit("0")),)),
            Decl(ct.INT, "t", deref_p),
            ExprS(Bin("=", Un("*", Name("q")), Lit("5"))),
            Return(Alt((Bin("+", Name("t"), deref_p),), (Bin("+", Name("t"), Name("t")),)))]
    pair = pair_of([p, q], body)
    stated = judge(pair, report("EQUIVALENT", assumptions=(NO_ALIAS,)), OPTIONS)
    assert stated.findings == () and stated.no_alias
    assert kinds(pair, report("EQUIVALENT")) == {"wrong-eq"}
    # that pointers do not point to globals says nothing of pointers sharing memory
    assert kinds(pair, report("EQUIVALENT", assumptions=(NOT_GLOBALS,))) == {"wrong-eq"}


NO_ALIAS = NO_ALIAS_ASSUMPTION
NOT_GLOBALS = GLOBAL_ALIAS_ASSUMPTION.format(names="g")
"""liftdiff's own texts: the judge tells the two apart."""


def cached_read(where_defined: Any) -> Pair:
    """old: t = *p; *q = g; return t + *p   new: `where_defined` where CFG_A is
    defined, t - t where it is not."""
    p, q = Param(ct.Ptr(ct.INT), "p"), Param(ct.Ptr(ct.INT), "q")
    t, deref_p = Name("t"), Un("*", Name("p"))
    return pair_of([p, q], [
        If(Un("!", Bin("&&", Name("p"), Name("q"))), (Return(Lit("0")),)),
        Decl(ct.INT, "t", deref_p), ExprS(Bin("=", Un("*", Name("q")), Name("g"))),
        Alt((Return(Bin("+", t, deref_p)),),
            (PP((PPBranch(Directive("ifdef", "CFG_A"), (Return(where_defined),)),),
                (Return(Bin("-", t, t)),)),))], items=(GlobalDef(ct.INT, "g"),))


# a witness of the build without CFG_A, where p and q are apart (6 vs 0)
APART = entry("1", "0 /* no body */", {"p": {"object": 0, "offset": 0},
                                       "q": {"object": 1, "offset": 0},
                                       "*p": [3], "*q": [0], "g": 1},
              {"return": 6}, {"return": 0}, config={"CFG_A": 0, "defined(CFG_A)": 0})


def test_a_head_is_sound_where_only_aliased_inputs_differ() -> None:
    """An entry without a body claims some input of each head configuration differs;
    with -DCFG_A only inputs with p == q do (pointer-123). The assumption that
    pointers do not point to globals keeps them in the model."""
    pair = cached_read(Bin("+", Name("t"), Name("t")))
    run = report("NOT_EQUIVALENT", [APART], assumptions=(NOT_GLOBALS,))
    assert kinds(pair, run, Options(random_inputs=4)) == set()


def test_a_head_naming_a_configuration_without_a_difference_is_unsound() -> None:
    # new returns t + *p with CFG_A, as old does: no input differs there, aliased or not
    same = cached_read(Bin("+", Name("t"), Un("*", Name("p"))))
    assert kinds(same, report("NOT_EQUIVALENT", [APART])) == {"unsound-head"}
    # under assume_no_alias the aliased differences are outside the claim's model
    pair = cached_read(Bin("+", Name("t"), Name("t")))
    run = report("NOT_EQUIVALENT", [APART], assumptions=(NO_ALIAS,))
    assert kinds(pair, run) == {"unsound-head"}



def test_a_witness_with_pointers_into_one_memory_object_replays_aliased() -> None:
    """liftdiff's heap witness names memory objects and byte offsets: two pointers
    into one object are laid out in one harness object, at their element offsets."""
    p, q = Param(ct.Ptr(ct.INT), "p"), Param(ct.Ptr(ct.INT), "q")
    # old: *q += *p; *q += *p   new: t = *p; *q += t; *q += t (differ where q == p)
    step = ExprS(Bin("+=", Un("*", Name("q")), Un("*", Name("p"))))
    cached = [Decl(ct.INT, "t", Un("*", Name("p"))),
              *[ExprS(Bin("+=", Un("*", Name("q")), Name("t")))] * 2]
    pair = pair_of([p, q], [If(Un("!", Bin("&&", Name("p"), Name("q"))), (Return(Lit("0")),)),
                            Alt((step, step), tuple(cached)), Return(Lit("0"))])
    same = {"object": 0, "offset": 4}
    aliased = entry("1", "0", {"p": same, "q": same, "*p": [3], "*q": [3]},
                    {"return": 0, "*p": [12], "*q": [12]}, {"return": 0, "*p": [9], "*q": [9]})
    assert kinds(pair, report("NOT_EQUIVALENT", [aliased])) == set()
    apart = {"p": {"object": 0, "offset": 0}, "q": {"object": 0, "offset": 2}}  # mid-element
    torn = entry("1", "0", {**apart, "*p": [3], "*q": [3]}, {"return": 0}, {"return": 0})
    assert kinds(pair, report("NOT_EQUIVALENT", [torn])) == {"incomplete-witness"}


# old: unsigned char u = x; while (u != 10) u += 1; return 1;   new: u += 2: it never ends
# when x is odd (u stays odd, wrapping), and returns 1 when x is even
HANGS = pair_of([X], [Decl(ct.UCHAR, "u", Name("x")),
                      While(Bin("!=", Name("u"), Lit("10")),
                            (ExprS(Bin("+=", Name("u"), Alt((Lit("1"),), (Lit("2"),)))),)),
                      Return(Lit("1"))])
HANG_ENDS = {"return": 1}
NEVER_ENDS = {"status": "nonterminating"}
PARTIAL = "partial equivalence: proved for all inputs on which both versions terminate"


HANG_OPTIONS = Options(random_inputs=8, body_samples=6)
"""Few inputs: each one that hangs costs its CPU-time limit per build."""


def test_a_hang_witness_replays_where_gcc_hangs() -> None:
    good = entry("1", "(x & 1) == 1", {"x": 3}, HANG_ENDS, NEVER_ENDS)
    judgement = judge(HANGS, report("NOT_EQUIVALENT", [good]), HANG_OPTIONS)
    assert judgement.findings == () and judgement.gcc_differs is True


def test_a_hang_gcc_does_not_see_is_wrong() -> None:
    # x = 4: both versions return 1
    ends = entry("1", "x == 4", {"x": 4}, HANG_ENDS, NEVER_ENDS)
    assert "wrong-neq" in kinds(HANGS, report("NOT_EQUIVALENT", [ends]), HANG_OPTIONS)
    # x = 3 differs, but it is the new version that hangs, not the old
    swapped = entry("1", "(x & 1) == 1", {"x": 3}, NEVER_ENDS, HANG_ENDS)
    assert kinds(HANGS, report("NOT_EQUIVALENT", [swapped]), HANG_OPTIONS) == {"interp-vs-gcc"}
    # a normal return claimed where gcc hangs
    value = entry("1", "(x & 1) == 1", {"x": 3}, HANG_ENDS, {"return": 2})
    assert kinds(HANGS, report("NOT_EQUIVALENT", [value]), HANG_OPTIONS) == {"interp-vs-gcc"}


def test_a_hang_under_partial_equivalence_is_a_missed_hang_not_a_wrong_verdict() -> None:
    partial = judge(HANGS, report("EQUIVALENT", assumptions=(PARTIAL,)), HANG_OPTIONS)
    assert partial.findings == () and partial.missed_hang
    total = judge(HANGS, report("EQUIVALENT"), HANG_OPTIONS)
    assert [f.kind for f in total.findings] == ["wrong-eq"] and not total.missed_hang
    assert total.findings[0].evidence["-O2"]["new"]["status"] == "hang"


def test_both_versions_hanging_is_no_evidence() -> None:
    # old: u += 2 as well (both hang on odd x, both return 1 on even x)
    pair = pair_of([X], [Decl(ct.UCHAR, "u", Name("x")),
                         While(Bin("!=", Name("u"), Lit("10")),
                               (ExprS(Bin("+=", Name("u"), Lit("2"))),)),
                         Return(Alt((Lit("1"),), (Bin("+", Lit("1"), Lit("0")),)))])
    judgement = judge(pair, report("EQUIVALENT", assumptions=(PARTIAL,)), HANG_OPTIONS)
    assert judgement.findings == () and not judgement.missed_hang
    assert judgement.ub_dependent


def test_crashes_and_errors_are_findings() -> None:
    crashed = LiftdiffRun(None, 40.0, "hard limit: no answer within 40 s")
    assert kinds(CLAMP, crashed) == {"crash"}
    assert kinds(CLAMP, report("ERROR", reason="internal error")) == {"crash"}
    undecided = judge(CLAMP, report("UNKNOWN", reason="timeout"), OPTIONS)
    assert undecided.findings == () and undecided.gcc_differs is None


def test_globals_are_inputs_and_outputs() -> None:
    g = GlobalDef(ct.INT, "g")
    body = [ExprS(Bin("=", Name("g"), Alt((Name("x"),), (Bin("+", Name("x"), Lit("0")),)))),
            Return(Lit("0"))]
    pair = pair_of([X], body, items=(g,))
    assert kinds(pair, report("EQUIVALENT")) == set()
    mutated = pair_of([X], [ExprS(Bin("=", Name("g"), Alt((Name("x"),), (Name("g"),)))),
                            Return(Lit("0"))], items=(g,))
    assert kinds(mutated, report("EQUIVALENT")) == {"wrong-eq"}


# ------------------------------------------------------------------ generator


@pytest.mark.parametrize("cls", sorted(CLASSES))
def test_the_generator_is_deterministic_and_its_c_compiles(cls: str, tmp_path: Path) -> None:
    first, again = generate(cls, 7), generate(cls, 7)
    assert (first.old, first.new, first.label) == (again.old, again.new, again.label)
    assert first.old != first.new
    (tmp_path / "old.c").write_text(first.old)
    (tmp_path / "new.c").write_text(first.new)
    for config in configurations([first.old, first.new]):
        proc = subprocess.run(["gcc", *CHECK_FLAGS, *flags(config), str(tmp_path / "old.c"),
                               str(tmp_path / "new.c")], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr


def test_different_seeds_give_different_pairs() -> None:
    assert len({generate("int", s).old for s in range(5)}) == 5


# ------------------------------------------------------------ a seeded run


def test_a_small_seeded_run_judges_every_pair(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    classes = "int,float,pointer,enum,call,feature,static,libc"
    assert fuzz.main(["--classes", classes, "--count", "3", "--seed", "100", "--jobs", "2",
                      "--inputs", "30", "--o1-every", "0", "--json", str(out), "--quiet"]) == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 24
    for r in records:
        assert r["verdict"] in ("EQUIVALENT", "NOT_EQUIVALENT", "UNKNOWN", "UNSUPPORTED",
                                "ERROR", "CRASH")
        # the fuzzer's own failures (a harness that does not compile) never show up
        assert not any("fuzz harness" in f["summary"] for f in r["findings"])
        if r["verdict"] in ("EQUIVALENT", "NOT_EQUIVALENT"):
            assert r["gcc_differs"] is not None
        if r["verdict"] == "NOT_EQUIVALENT" and not any(
                f["kind"] == "wrong-neq" for f in r["findings"]):
            assert r["gcc_differs"] or r["ub_dependent"]
    assert all(r["liftdiff"] for r in records)
    # resuming does not run anything again; a line an interrupted run cut off is
    # run again and the file stays one record a line
    lines = out.read_text().splitlines()
    out.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:20])
    assert fuzz.main(["--classes", classes, "--count", "3", "--seed", "100", "--json",
                      str(out), "--quiet"]) == 0
    again = out.read_text().splitlines()
    assert len(again) == 25 and json.loads(again[-1])["id"] == records[-1]["id"]
