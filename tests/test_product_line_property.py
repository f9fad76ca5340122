"""Property: on random small product lines, the lifted summary names exactly the
builds whose gcc-compiled products differ.

A generated old version has 2-3 feature macros used through `#ifdef`,
`#ifndef`, `#if X`, `#if defined(X) && Y`, `#if X > 1`, ..., optionally a typedef and a
helper function defined per configuration (structural variants) and a macro
with a default (`#ifndef X` / `#define X 1`). The new version is the old one
with one edit: a condition's test changed (`#ifdef X` -> `#if X`, another
feature, negated), a constant changed, a typedef or helper changed, a default
changed, or an equivalent rewrite. gcc (tests/gcc_judge.py) then compiles
every build (each macro undefined, 0, 1 or 2) at -O0 and -O2 and checks the
verdict is exact: every configuration of a head differs on its witness, none
outside differs on the sample inputs, each witness replays with its -D flags.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from checker.api import check_pair
from checker.types import Settings, SourceFile, Verdict
from tests.gcc_judge import judge

pytestmark = [pytest.mark.gcc,
              pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")]
FEATURES = ("A", "B", "C")
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
"""Shrinking would re-run liftdiff and gcc per attempt; the failure names the pair."""


@st.composite
def conditions(draw: st.DrawFn, features: tuple[str, ...]) -> str:
    a, b = draw(st.sampled_from(features)), draw(st.sampled_from(features))
    return draw(st.sampled_from([
        f"#ifdef {a}", f"#ifndef {a}", f"#if {a}", f"#if !{a}", f"#if defined({a}) && {b}",
        f"#if {a} || {b}", f"#if defined({a}) || !defined({b})", f"#if {a} && !{b}",
        f"#if {a} > 1", f"#if defined({a}) && {a} != 2",
    ]))


@st.composite
def statements(draw: st.DrawFn) -> str:
    k = draw(st.integers(1, 9))
    return draw(st.sampled_from([f"r = r + {k};", f"r = r * {k};", f"r = r ^ {k};",
                                 "r = r - x;", "r = r + r;"]))


@st.composite
def blocks(draw: st.DrawFn, features: tuple[str, ...]) -> list[str]:
    body = [draw(statements()) for _ in range(draw(st.integers(1, 2)))]
    if not draw(st.booleans()):
        return body
    lines = [draw(conditions(features)), *body]
    if draw(st.booleans()):
        lines += ["#else", draw(statements())]
    return [*lines, "#endif"]


@st.composite
def product_lines(draw: st.DrawFn) -> list[str]:
    """An old version as lines (one edit point per line)."""
    features = FEATURES[: draw(st.integers(2, 3))]
    lines: list[str] = []
    if draw(st.booleans()):
        lines += [f"#ifndef {features[-1]}", f"#define {features[-1]} 1", "#endif"]
    accumulator = "int"
    helper = draw(st.booleans())
    if helper:
        lines += [f"#ifdef {draw(st.sampled_from(features))}",
                  "static int g(int v) { return v + 1; }", "#else",
                  "static int g(int v) { return v * 3; }", "#endif"]
    if draw(st.booleans()):
        lines += [f"#ifdef {draw(st.sampled_from(features))}", "typedef long T;", "#else",
                  "typedef int T;", "#endif"]
        accumulator = "T"
    lines += ["long f(int x) {", f"    {accumulator} r = x;"]
    for _ in range(draw(st.integers(1, 3))):
        lines += draw(blocks(features))
    if helper:
        lines.append("r = g(r);")
    return [*lines, "    return r;", "}"]


@st.composite
def pairs(draw: st.DrawFn) -> tuple[str, str]:
    old = draw(product_lines())
    new = list(old)
    editable = [i for i, line in enumerate(old) if _edits(line)]
    index = draw(st.sampled_from(editable))
    new[index] = draw(st.sampled_from(_edits(old[index])))
    return "\n".join(old) + "\n", "\n".join(new) + "\n"


def _edits(line: str) -> list[str]:
    """The one-line edits of `line` (semantic mutations and rewrites)."""
    words = line.split()
    if line.startswith("#if") and len(words) == 2:
        name = words[1].lstrip("!")
        others = [f for f in FEATURES if f != name]
        return [f"#ifdef {name}", f"#if {name}", f"#ifndef {name}", f"#if !{name}",
                f"#if defined({name})", f"#if {others[0]}"]
    if line.startswith("#if"):
        return [line.replace("&&", "||"), line.replace("defined(", "!defined(")]
    if line.startswith("#define"):
        return [line[:-1] + ("0" if line.endswith("1") else "1")]
    if line.startswith("static int g"):
        return [line.replace("v + 1", "1 + v").replace("v * 3", "3 * v"),
                line.replace("v + 1", "v + 2").replace("v * 3", "v * 5")]
    if line == "r = g(r);":
        return ["r = g(r) + 0;", "r = g(r + 1);"]
    if line.startswith("typedef"):
        return [line.replace("long", "short") if "long" in line else line.replace("int", "long")]
    if line.startswith("r = r + "):
        return [f"r = {words[-1][:-1]} + r;", line.replace("+", "-")]
    if line.startswith("r = r * "):
        return [f"r = {words[-1][:-1]} * r;", line.replace("*", "+")]
    if line.startswith("r = r ^ "):
        return [f"r = {words[-1][:-1]} ^ r;", line.replace("^", "|")]
    if line == "r = r - x;":
        return ["r = -x + r;", "r = r + x;"]
    if line == "r = r + r;":
        return ["r = r * 2;", "r = r * 3;"]
    return []


def _check(old: str, new: str) -> None:
    with tempfile.TemporaryDirectory() as directory:
        case = Path(directory)
        (case / "old.c").write_text(old)
        (case / "new.c").write_text(new)
        config = Settings(timeout=120, solver_timeout=30)
        result = check_pair(SourceFile.read(str(case / "old.c")),
                            SourceFile.read(str(case / "new.c")), config, ["f"]).results[0]
        assert result.verdict in (Verdict.EQUIVALENT, Verdict.NOT_EQUIVALENT), result.reason
        judge(case, result, config, {name: [2] for name in FEATURES})


@settings(max_examples=6, deadline=None, derandomize=True, phases=NO_SHRINK,
          suppress_health_check=[HealthCheck.too_slow])
@given(pairs())
def test_lifted_heads_are_the_differing_builds(pair: tuple[str, str]) -> None:
    _check(*pair)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, phases=NO_SHRINK,
          suppress_health_check=[HealthCheck.too_slow])
@given(pairs())
def test_many_lifted_heads_are_the_differing_builds(pair: tuple[str, str]) -> None:
    _check(*pair)
