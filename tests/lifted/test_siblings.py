"""When one structural pair's proof is another's (`checker.lifted.siblings`)."""

from __future__ import annotations

from checker.frontend.frontend import load
from checker.ir.cfa_runs import as_runs
from checker.ir.ir import Cfa
from checker.lifted.siblings import proof_covers, same_programs
from checker.lower.lower import lower_function
from checker.types import Settings, SourceFile
from checker.variability.lexer import tokens_of
from checker.variability.lift import parse_model
from checker.variability.smt import Oracle
from checker.variability.types import Feature, Formula, named

SETTINGS = Settings()
FEATURES = (Feature("CFG_B", "__liftdiff_feature_CFG_B", True),
            Feature("CFG_K", "__liftdiff_feature_CFG_K", True))


def _pair(declarations: str, old: str, new: str) -> tuple[Cfa, Cfa]:
    cfas = [lower_function(load(SourceFile("a.c", declarations + body), SETTINGS)
                           .variants[0].program, "f", SETTINGS) for body in (old, new)]
    return cfas[0], cfas[1]


def _scope(text: str) -> Formula:
    return parse_model(tokens_of(text, "<scope>"), named([f.name for f in FEATURES]), SETTINGS)


BODY = "int f(struct s *p, int x) {\n#ifdef CFG_B\n x += 1;\n#endif\n return x + p->a; }\n"


def test_pairs_that_differ_only_in_what_a_pointer_points_to_run_the_same() -> None:
    """The engines see a pointer input as an address: a member the code never
    reaches makes no difference to what it computes."""
    one = _pair("struct s { int a; };\n", BODY, BODY.replace("x + p->a", "p->a + x"))
    two = _pair("struct s { int a; char tail[3]; };\n", BODY,
                BODY.replace("x + p->a", "p->a + x"))
    assert same_programs(as_runs(one), as_runs(two))


def test_pairs_that_read_another_type_do_not() -> None:
    one = _pair("struct s { int a; };\n", BODY, BODY)
    wide = _pair("struct s { long a; };\n", BODY, BODY)
    assert not same_programs(as_runs(one), as_runs(wide))
    assert not same_programs(as_runs(one), None)


def test_a_proof_covers_the_configurations_it_was_asked_about_and_no_more() -> None:
    """The programs read CFG_B, not CFG_K (which chose a declaration): a proof
    over `CFG_K` (any CFG_B) covers `!CFG_K && !CFG_B`; a proof over
    `!CFG_K && !CFG_B` says nothing about CFG_B on."""
    real = _pair("struct s { int a; };\n", BODY, BODY)
    oracle = Oracle()
    assert proof_covers(real, FEATURES, _scope("CFG_K"), _scope("!CFG_K && !CFG_B"), oracle)
    assert not proof_covers(real, FEATURES, _scope("!CFG_K && !CFG_B"), _scope("CFG_K"), oracle)
    assert proof_covers(real, FEATURES, _scope("!CFG_K"), _scope("CFG_K"), oracle)
