"""The unbounded engines on small loop pairs: Spacer (CHC) and Houdini."""

from __future__ import annotations

from pathlib import Path

import z3

from checker.engines.answer import Equivalent, Stage, Unknown
from checker.engines.chc import build_system, chc_check
from checker.engines.houdini import houdini_check
from checker.frontend.frontend import load
from checker.ir.ir import Cfa
from checker.lower.lower import lower_function
from checker.semantics.solver import Budget
from checker.types import Settings, SourceFile
from tests import CASES


def pair(tmp_path: Path, old: str, new: str, name: str = "f") -> tuple[Cfa, Cfa]:
    cfas = []
    for tag, text in (("old", old), ("new", new)):
        path = tmp_path / f"{tag}.c"
        path.write_text(text)
        parsed = load(SourceFile.read(str(path)), Settings())
        cfas.append(lower_function(parsed.program, name, Settings()))
    return cfas[0], cfas[1]


def case(name: str, tmp_path: Path) -> tuple[Cfa, Cfa]:
    return pair(
        tmp_path, (CASES / name / "old.c").read_text(), (CASES / name / "new.c").read_text()
    )


def test_spacer_proves_a_relational_invariant(tmp_path: Path) -> None:
    old, new = case("loop_counter_start_eq", tmp_path)
    assert chc_check(old, new, 30, 2048) == Equivalent(Stage.CHC, partial=True)
    assert build_system(old, new)[2] == "int"


def test_spacer_finds_a_difference_with_its_depth(tmp_path: Path) -> None:
    old, new = pair(
        tmp_path,
        "int f(int n) { int r = 0; for (int i = 0; i < n; i++) r += 2; return r; }",
        "int f(int n) { int r = 0; for (int i = 0; i < n; i++) r += (i == 3 ? 5 : 2); return r; }",
    )
    outcome = chc_check(old, new, 30, 2048)
    assert isinstance(outcome, Unknown) and outcome.stage is Stage.CHC  # no witness yet
    assert outcome.bound is not None and outcome.bound >= 4


def test_clauses_read_back_without_errors(tmp_path: Path) -> None:
    old, new = case("loop_hoisting_eq", tmp_path)
    fixedpoint, _, _ = build_system(old, new)
    assert "\\" not in fixedpoint.sexpr()


def test_bitwise_loops_use_bit_vectors_or_give_up(tmp_path: Path) -> None:
    old, new = case("loop_bitwise_eq", tmp_path)
    _, _, encoding = build_system(old, new)
    assert encoding == "bit-vector"


def test_houdini_proves_strength_reduction(tmp_path: Path) -> None:
    old, new = case("loop_strength_reduction_eq", tmp_path)
    assert houdini_check(old, new, Budget(60, 30)) == Equivalent(Stage.INVARIANTS, partial=True)


def test_houdini_does_not_prove_a_real_difference(tmp_path: Path) -> None:
    old, new = pair(
        tmp_path,
        "double f(double x, int n) { double s = 0; for (int i = 0; i < n; i++) "
        "s = s + x; return s; }",
        "double f(double x, int n) { double s = 0; for (int i = 0; i < n; i++) "
        "s = x + s + 0.0; return s; }",
    )
    outcome = houdini_check(old, new, Budget(60, 30))
    assert isinstance(outcome, Unknown) and outcome.stage is Stage.INVARIANTS


def test_a_restriction_may_name_symbols_the_loops_do_not_read(tmp_path: Path) -> None:
    """A feature the function does not read enters a lifted restriction as a
    symbol of its own (tied to the others by the feature model); the clauses
    quantify it instead of failing on an unknown constant."""
    old, new = case("loop_counter_start_eq", tmp_path)
    unread = z3.BitVec("in!config:__liftdiff_feature_UNREAD", 32)

    def restriction(symbols):  # type: ignore[no-untyped-def]
        return [z3.Or(unread == 0, unread == 1)]

    outcome = chc_check(old, new, 30, 2048, restriction)
    assert isinstance(outcome, Equivalent), outcome
