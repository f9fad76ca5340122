"""A product's difference formula that timed out whole once is split straight
away on later queries (the lifted EQ asks one product many times)."""

from __future__ import annotations

import pytest
import z3

import checker.engines.equiv as equiv
import checker.replay.replay as replay
from checker.api import check_pair
from checker.engines.answer import Different, Equivalent
from checker.engines.decide import PairContext
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
