"""The engine's deep-stack thread: results, exceptions and the recursion limit."""

from __future__ import annotations

import sys

import pytest

from checker.deep_stack import RECURSION_LIMIT, run_deep


def _depth(n: int) -> int:
    return 0 if n == 0 else 1 + _depth(n - 1)


def test_recursion_far_past_the_default_limit() -> None:
    before = sys.getrecursionlimit()
    assert run_deep(lambda: _depth(RECURSION_LIMIT - 1000)) == RECURSION_LIMIT - 1000
    assert sys.getrecursionlimit() == before


def test_exceptions_reach_the_caller_unchanged() -> None:
    def fail() -> None:
        raise KeyError("inside")

    with pytest.raises(KeyError, match="inside"):
        run_deep(fail)


def test_nested_deep_calls_restore_the_limit_once() -> None:
    before = sys.getrecursionlimit()
    assert run_deep(lambda: run_deep(lambda: sys.getrecursionlimit())) >= RECURSION_LIMIT
    assert sys.getrecursionlimit() == before
