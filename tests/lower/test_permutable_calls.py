"""Calls of one function among the operands of one commutative operator: the
lowering accepts them in its own left-to-right order only where every order
gives the same value. Judged by gcc: for generated expressions, the original
(gcc picks the order) against the calls hoisted left to right."""

from __future__ import annotations

import random
import re
import tempfile
from pathlib import Path

import pytest

from checker.api import check_pair
from checker.types import Settings, SourceFile, Verdict
from tests import HAVE_GCC
from tests.gcc_judge import run

HELPERS = """\
static int next(void) { static int c = 3; c = c * 5 + 1; return c; }
static int other(void) { static int d = 7; d = d * 3 - 2; return d; }
"""
_LEAVES = ("next()", "next()", "next()", "other()", "x", "y", "(long)x", "(short)y", "7")
_OPS = ("+", "*", "&", "|", "^", "-")


def _expression(rng: random.Random, depth: int) -> str:
    if depth == 0 or rng.random() < 0.3:
        return rng.choice(_LEAVES)
    op = rng.choice(_OPS) if rng.random() < 0.3 else "+"
    return f"({_expression(rng, depth - 1)} {op} {_expression(rng, depth - 1)})"


def _hoisted(expression: str) -> tuple[str, str]:
    """The calls into temporaries, left to right (the lowering's order)."""
    temps: list[str] = []

    def take(match: re.Match[str]) -> str:
        temps.append(f"int t{len(temps)} = {match.group(0)};")
        return f"t{len(temps) - 1}"

    body = re.sub(r"\b(?:next|other)\(\)", take, expression)
    return " ".join(temps), body


@pytest.mark.gcc
@pytest.mark.skipif(not HAVE_GCC, reason="gcc judges")
def test_accepted_orders_agree_with_gcc_at_every_level() -> None:
    rng = random.Random(20261129)
    accepted = 0
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(24):
            expression = _expression(rng, 3)
            if expression.count("()") < 2:
                continue
            temps, body = _hoisted(expression)
            old = f"{HELPERS}long f(int x, int y) {{ return {expression}; }}\n"
            new = f"{HELPERS}long f(int x, int y) {{ {temps} return {body}; }}\n"
            report = check_pair(SourceFile("old.c", old), SourceFile("new.c", new),
                                Settings(timeout=30), ["f"])
            (result,) = report.results
            assert result.verdict in (Verdict.EQUIVALENT, Verdict.UNSUPPORTED), (
                expression, result.verdict, result.reason)
            if result.verdict is Verdict.UNSUPPORTED:
                assert "order of evaluation" in (result.reason or ""), result.reason
                continue
            accepted += 1
            paths = [Path(tmp) / f"{number}-{side}.c" for side in ("old", "new")]
            for path, text in zip(paths, (old, new), strict=True):
                path.write_text(text)
            for level in ("-O0", "-O2"):
                for inputs in ((3, -4), (100000, 77)):
                    got = [run(p, [], level, "f", [inputs]) for p in paths]
                    assert got[0] == got[1], (expression, level, inputs, got)
    assert accepted >= 4  # the generator reaches the rule
