"""The one door to z3: answers within a budget, and a copy solved in a fresh context."""

from __future__ import annotations

import z3

from checker.semantics.solver import Budget, Outcome, check


def test_a_fresh_copy_answers_alike_and_its_model_reads_main_terms() -> None:
    x, y = z3.BitVecs("fresh!x fresh!y", 32)
    query = [x + y == 10, x > 3, y > 4]
    answer = check(query, Budget(10, 5), fresh=True)
    assert answer.outcome is Outcome.SAT and answer.model is not None
    value = answer.model.eval(x + y, model_completion=True)
    assert value.as_long() == 10
    assert check([x > 3, x < 2], Budget(10, 5), fresh=True).outcome is Outcome.UNSAT


def test_an_unknown_stays_unknown() -> None:
    assert check([z3.BoolVal(True)], Budget(0, 5)).outcome is Outcome.UNKNOWN
