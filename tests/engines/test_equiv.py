"""A product's difference formula that timed out whole once is split straight
away on later queries (the lifted EQ asks one product many times)."""

from __future__ import annotations

import pytest
import z3

import checker.engines.equiv as equiv
import checker.engines.product as product_module
import checker.replay.replay as replay
from checker.api import check_pair
from checker.engines.answer import Different, Equivalent
from checker.engines.decide import PairContext
from checker.engines.z3_terms import Substitution, dag_size, has_float, subterms
from checker.frontend.frontend import load
from checker.replay.compiled_replay import CompiledOutcome
from checker.replay.replay import CompiledReplay, CompiledVersion
from checker.semantics.solver import Budget, Undecided
from checker.types import Settings, SourceFile, Verdict

OLD = "int f(int x, int y) { if (x > 3) return x * y; return y; }\n"
NEW = "int f(int x, int y) { if (x > 3) return y * x + (x == 77); return y; }\n"


def _context() -> PairContext:
    settings = Settings()
    old = load(SourceFile("old.c", OLD, {}), settings).program
    new = load(SourceFile("new.c", NEW, {}), settings).program
    versions = (CompiledVersion("old.c", OLD), CompiledVersion("new.c", NEW))
    return PairContext(old, new, "f", settings, versions, None)


def test_whole_formula_is_tried_once_per_product(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    ctx = _context()
    product = ctx.product()
    whole = product.differ
    asked: list[str] = []
    real_check = equiv.check

    def check(assertions, budget, assuming=()):  # type: ignore[no-untyped-def]
        if any(a.eq(whole) for a in assertions):
            asked.append("whole")
            return Undecided("solver timeout after 0.3 s")
        asked.append("piece")
        return real_check(assertions, budget, assuming)

    monkeypatch.setattr(equiv, "check", check)
    first = ctx.decide(Budget(30, 10), fuzz=False)
    assert isinstance(first, Different)
    assert first.witness.assignment.scalars["arg0"] == 77
    assert asked.count("whole") == 1 and "piece" in asked
    asked.clear()

    def not_77(symbols):  # type: ignore[no-untyped-def]
        return [symbols["arg0"] != z3.BitVecVal(77, 32)]

    second = ctx.decide(Budget(30, 10), not_77, fuzz=False)
    assert isinstance(second, Equivalent) and not second.partial
    assert asked and "whole" not in asked


def test_a_witness_the_harness_cannot_build_is_not_confirmed() -> None:
    """No NOT_EQUIVALENT on the interpreter alone where the compiled replay
    cannot lay the witness's memory out (a compiler that is missing is another
    matter: there the interpreter judges alone)."""
    nothing = CompiledOutcome("unavailable", {}, None, "", "too large")
    refused = CompiledReplay(nothing, nothing, False, False, "too large", refused=True)
    assert equiv._compiled_verdict(refused) is False
    assert "cannot build the witness: too large" in equiv._compiled_reason(refused)
    missing = CompiledReplay(nothing, nothing, False, False, "no gcc", unavailable=True)
    assert equiv._compiled_verdict(missing) is None


@pytest.mark.gcc
def test_a_harness_that_does_not_compile_leaves_the_function_unknown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """gcc never ran the witness: no NOT_EQUIVALENT on the interpreter alone."""
    broken = CompiledOutcome("compile_error", {}, None, "", "harness: error: boom")
    monkeypatch.setattr(replay, "_run_version", lambda *args: broken)  # inherited by the fork
    old = SourceFile("a.c", "int f(int x) { return x + 1; }\n")
    new = SourceFile("a.c", "int f(int x) { return x + 2; }\n")
    (result,) = check_pair(old, new, Settings(timeout=30)).results
    assert result.verdict is Verdict.UNKNOWN
    assert result.reason is not None and "harness: error: boom" in result.reason


def test_dag_size_counts_each_shared_subterm_once() -> None:
    x = z3.BitVec("x", 32)
    memory = z3.Array("m", z3.BitVecSort(64), z3.BitVecSort(8))
    term: z3.ExprRef = x
    for i in range(40):  # every level uses the one below twice: a DAG, not a tree
        term = z3.If(term > i, term + x, term * 2) + z3.ZeroExt(24, memory[z3.ZeroExt(32, term)])
    distinct = sum(1 for _ in subterms(term))
    assert dag_size(term, 10**6) == distinct
    assert dag_size(term, 50) == 50


def test_call_result_types_are_walked_once_per_product(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    walks: list[int] = []
    real = replay.call_result_types

    def counted(*cfas):  # type: ignore[no-untyped-def]
        walks.append(len(cfas))
        return real(*cfas)

    monkeypatch.setattr(product_module, "call_result_types", counted)
    ctx = _context()
    assert isinstance(ctx.decide(Budget(30, 10)), Different)  # random tests, then the solver
    assert isinstance(ctx.decide(Budget(30, 10)), Different)
    assert walks == [2]


def test_a_substitution_maps_many_terms_as_z3_substitute_does() -> None:
    x, y, z = z3.BitVecs("x y z", 32)
    pairs = [(x, y + 1), (y, z)]
    substitution = Substitution(pairs)
    for term in (x + y, z3.If(x > y, x * y, z), z, x == y):
        assert substitution(term).eq(z3.substitute(term, *pairs))
    assert Substitution([])(x).eq(x)
    with pytest.raises(ValueError, match="sorts differ"):
        Substitution([(x, z3.Int("n"))])


def test_has_float_finds_a_float_at_any_depth() -> None:
    x = z3.BitVec("x", 32)
    f = z3.FP("f", z3.Float64())
    floats = z3.Array("a", z3.BitVecSort(64), z3.Float32())
    as_int = z3.fpToSBV(z3.RNE(), f, z3.BitVecSort(32))
    assert not has_float(x + 1 > 3)
    assert has_float(z3.And(x > 0, as_int == x))
    assert has_float(z3.Select(floats, z3.ZeroExt(32, x)) == z3.FPVal(1.0, z3.Float32()))
    assert has_float(z3.ForAll([x], as_int == x))


def test_random_tests_run_functions_that_pass_constant_objects_on() -> None:
    """A string literal whose address is stored in memory a function without
    code can read is copied into the heap, a fact about the initial memory
    (`Assume.settles`); random tests make up their memory, and settle those bytes
    to the literal instead of failing the fact at the entry (every sample did,
    so random search found nothing)."""
    settings = Settings()
    body = 'const char *s = "ab"; get(&s); return s[1] + x'
    old_text = f"int get(const char **p);\nint f(int x) {{ {body}; }}\n"
    new_text = f"int get(const char **p);\nint f(int x) {{ {body} + (x > 9); }}\n"
    old = load(SourceFile("old.c", old_text, {}), settings).program
    new = load(SourceFile("new.c", new_text, {}), settings).program
    versions = (CompiledVersion("old.c", old_text), CompiledVersion("new.c", new_text))
    ctx = PairContext(old, new, "f", settings, versions, None)
    product = ctx.product()
    found = equiv.random_search(product, [], ctx.replayer(product, compiled=False), 200, 1,
                                Budget(30, 10), None)
    assert found is not None
    assert int(found.assignment.scalars["arg0"]) > 9
    assert [event[0] for event in found.old.events] == ["get"]
    literal = [v for k, v in found.assignment.scalars.items() if k.startswith('&"ab"')]
    assert literal and [found.assignment.heap.get(int(literal[0]) + i) for i in range(3)] == [
        ord("a"), ord("b"), 0]
