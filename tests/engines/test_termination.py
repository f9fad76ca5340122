"""Recurrence sets: a run cut off by its step limit is proved never to end, or not."""

from __future__ import annotations

import pytest

from checker.engines.termination import never_ends
from checker.frontend.frontend import load
from checker.ir.ir import Cfa
from checker.lower.lower import lower_function
from checker.replay.interp import StepLimitExceeded
from checker.replay.replay import Assignment, run_version
from checker.semantics.solver import Budget
from checker.types import Settings, SourceFile


def cfa_of(text: str) -> Cfa:
    settings = Settings()
    return lower_function(load(SourceFile("f.c", text), settings).program, "f", settings)


def cut_off(cfa: Cfa, steps: int = 500, **inputs: int) -> bool:
    """Run `cfa` for `steps`; is the run, cut off there, proved never to end?"""
    keys = {item.name: item.key for item in cfa.inputs}
    assignment = Assignment({keys[name]: value for name, value in inputs.items()}, {})
    with pytest.raises(StepLimitExceeded) as cut:
        run_version(cfa, assignment, "old", steps)
    return never_ends(cfa, cut.value.stopped, Budget(30, 5))


COUNTDOWN = "int f(int x) { while (x != 0) x -= 2; return x; }"
STUCK = """int f(int n, int k) {
    int s = 0, i = 0;
    while (i < n) { if (i == k) { s += 10; continue; } s += i; i++; }
    return s;
}"""


def test_an_odd_countdown_never_reaches_zero() -> None:
    """R = {x odd}: it implies the guard x != 0, and x - 2 stays odd (wrap included)."""
    assert cut_off(cfa_of(COUNTDOWN), x=-3)
    assert cut_off(cfa_of(COUNTDOWN), x=7)


def test_an_even_countdown_ends_and_is_not_claimed() -> None:
    """x = 2**20 is cut off long before zero, but every fact that keeps it in
    the loop is broken by some step: no recurrence set."""
    assert not cut_off(cfa_of(COUNTDOWN), steps=100, x=1 << 20)


def test_a_state_that_repeats_never_ends() -> None:
    """Stuck at i == k < n: s keeps changing, the loop's guard state does not."""
    assert cut_off(cfa_of(STUCK), n=10, k=3)


def test_a_long_but_finite_loop_is_not_claimed() -> None:
    text = "int f(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; return s; }"
    assert not cut_off(cfa_of(text), n=1_000_000)


def test_loops_with_observable_calls_are_not_tried() -> None:
    text = "void g(int); int f(int x) { while (x != 0) { g(x); x -= 2; } return x; }"
    cfa = cfa_of(text)
    keys = {item.name: item.key for item in cfa.inputs}
    with pytest.raises(StepLimitExceeded) as cut:
        run_version(cfa, Assignment({keys["x"]: 3}, {}, {}), "old", 500)
    assert not never_ends(cfa, cut.value.stopped, Budget(30, 5))


def test_a_long_inner_loop_that_returns_to_its_outer_loop_is_not_claimed() -> None:
    """The inner loop's only way out leads back to the outer loop's head: with
    that move lost (the order of a cyclic CFA, fuzz finding feature-104), no
    step could leave the inner loop and its state was a closed recurrence set."""
    text = """int f(int n) {
        int s = 0;
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < n; j++)
                s++;
        return s;
    }"""
    assert not cut_off(cfa_of(text), n=1_000_000)
