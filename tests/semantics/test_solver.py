"""The one door to z3: its answers in its own words, which stay in this module."""

from __future__ import annotations

import re

import z3

from checker.semantics import solver
from checker.semantics.solver import (
    Budget,
    NoSolution,
    Reached,
    Session,
    Solution,
    Undecided,
    Unreachable,
    check,
    query_horn,
)
from tests import ROOT


def test_check_answers_with_a_model_a_core_or_a_reason() -> None:
    x = z3.BitVec("x", 8)
    found = check([x > 3, x < 5], Budget(10, 5))
    assert isinstance(found, Solution) and found.model.eval(x).as_long() == 4
    refuted = check([x > 3], Budget(10, 5), [x == 9, x < 2, x == 5])
    assert refuted == NoSolution((1,))
    spent = Budget(0, 5)
    assert check([x > 3], spent) == Undecided("time limit reached") and spent.calls == 0


def test_a_fresh_copy_answers_alike_and_its_model_reads_main_terms() -> None:
    x, y = z3.BitVecs("fresh!x fresh!y", 32)
    answer = check([x + y == 10, x > 3, y > 4], Budget(10, 5), fresh=True)
    assert isinstance(answer, Solution)
    assert answer.model.eval(x + y, model_completion=True).as_long() == 10
    assert check([x > 3, x < 2], Budget(10, 5), fresh=True) == NoSolution()


def test_a_session_answers_each_question_on_its_own_facts() -> None:
    x = z3.BitVec("x", 8)
    budget = Budget(10, 5)
    session = Session([z3.UGT(x, 3)], budget)
    found = session.check([z3.ULT(x, 5)], 1.0)
    assert isinstance(found, Solution) and found.model.eval(x).as_long() == 4
    assert session.check([x == 2], 1.0) == NoSolution()
    again = session.check([x == 200], 1.0)  # the refuted question's facts are gone
    assert isinstance(again, Solution) and again.model.eval(x).as_long() == 200
    assert budget.calls == 3
    spent = Budget(0, 5)
    assert Session([x > 3], spent).check([], 1.0) == Undecided("time limit reached")


def test_query_horn_asks_spacer_and_reports_the_trace() -> None:
    fp = z3.Fixedpoint()
    count, error = z3.Function("count", z3.IntSort(), z3.BoolSort()), z3.Function(
        "err", z3.BoolSort())
    fp.register_relation(count, error)
    n = z3.Int("n")
    fp.declare_var(n)
    fp.rule(count(0))
    fp.rule(count(n + 2), count(n))
    fp.rule(error(), [count(n), n == 5])
    assert query_horn(fp.sexpr(), "err", Budget(10, 5)) == Unreachable()  # only even counts
    fp.rule(error(), [count(n), n == 4])
    reached = query_horn(fp.sexpr(), "err", Budget(10, 5))
    assert isinstance(reached, Reached) and reached.trace_rules


SOLVER_WORDS = re.compile(r"\bz3\.(sat|unsat|unknown)\b|\b(SAT|UNSAT)\b|\bOutcome\.")


def test_the_solver_words_stay_in_the_solver_module() -> None:
    """Engines answer Equivalent/Different/Unknown/Unsupported; only solver.py
    speaks of sat and unsat (and `Outcome` is gone)."""
    assert not hasattr(solver, "Outcome")
    speaking = sorted(
        str(path.relative_to(ROOT))
        for package in ("checker", "hooks", "bot")
        for path in (ROOT / package).rglob("*.py")
        if SOLVER_WORDS.search(path.read_text())
    )
    assert set(speaking) == {"checker/semantics/solver.py"}
