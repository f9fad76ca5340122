"""The unbounded engines on small loop pairs: Spacer (CHC) and Houdini."""

from __future__ import annotations

from pathlib import Path

import z3

from checker.engines.answer import Equivalent, Stage, Unknown
from checker.engines.chc import build_product_system, build_system, chc_check
from checker.engines.houdini import houdini_check
from checker.frontend.frontend import load
from checker.ir.cfa_analysis import loop_forest, natural_loops
from checker.ir.ir import Cfa, loop_heads
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


NESTED = """int f(int n) {
    int r = 0;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < n; j++)
            r++;
    return r%s;
}"""


def _nest(cfa: Cfa) -> tuple[int, int]:
    """(outer head, inner head) of a CFA with one loop inside one loop: the
    head nearer the entry is the outer one (found without the loop analysis
    under test)."""
    succ = cfa.successors()
    distance = {cfa.entry: 0}
    queue = [cfa.entry]
    for node in queue:
        for edge in succ.get(node, ()):
            if edge.dst not in distance:
                distance[edge.dst] = distance[node] + 1
                queue.append(edge.dst)
    outer, inner = sorted(loop_heads(cfa), key=distance.__getitem__)
    return outer, inner


def test_the_inner_loop_of_a_nest_holds_neither_the_outer_head_nor_the_entry(
    tmp_path: Path,
) -> None:
    """The edge into the inner loop's head comes from a location that head
    reaches too (around the outer loop): it is no back edge, and the inner
    loop is not the outer loop's parent."""
    old, _ = pair(tmp_path, NESTED % "", NESTED % "")
    outer, inner = _nest(old)
    loops = natural_loops(old)
    assert outer not in loops[inner].body and old.entry not in loops[inner].body
    assert loops[inner].body < loops[outer].body
    (nest,) = loop_forest(old)
    assert nest.head == outer and [child.head for child in nest.children] == [inner]


def test_the_inner_loop_leaves_for_the_outer_head(tmp_path: Path) -> None:
    """Fuzz finding feature-104: from the inner loop's head, the only way on
    after the last iteration is back to the outer loop's head. An order of the
    whole cyclic CFA put that head first, the paths arrived after it was taken
    and were dropped, and every run that enters the inner loop vanished from
    the Horn clauses and the relational invariants alike."""
    old, new = pair(tmp_path, NESTED % "", NESTED % "")
    system = build_product_system(old, new)
    outer, inner = _nest(old)
    assert outer in {target for target, _ in system.sides[0].moves(inner)}
    assert any(step.src == (inner, inner) and step.dst == (outer, outer)
               for step in system.transitions)


def test_a_difference_after_an_inner_loop_is_not_proved_away(tmp_path: Path) -> None:
    """The pair differs exactly on runs that entered the inner loop (r == 6:
    n == 3); with those runs lost, Spacer and Houdini both proved it."""
    old, new = pair(tmp_path, NESTED % "", NESTED % " + (r == 6)")
    spacer = chc_check(old, new, 5, 2048)
    assert not isinstance(spacer, Equivalent), spacer
    invariants = houdini_check(old, new, Budget(10, 5))
    assert not isinstance(invariants, Equivalent), invariants
