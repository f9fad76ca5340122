"""Distinct product pairs by AllSAT over branch vectors, checked against brute force."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from checker.types import Settings
from checker.variability import all_configurations, enumerate_products
from checker.variability import formula as fm
from checker.variability.enumerate import integer_domain, merge_features
from checker.variability.formula import Var
from checker.variability.types import feature_of

BENCH = Path("/work/shared/bench")
FIG1 = BENCH / "spl-examples/paper-fig1"


def _pairs(old: Path, new: Path, method: str, settings: Settings | None = None) -> list:  # type: ignore[type-arg]
    return list(enumerate_products(old.read_text(), new.read_text(), str(old), str(new),
                                   settings or Settings(), method))


EVERY = [dict(zip("ABC", bits, strict=True)) for bits in itertools.product((0, 1), repeat=3)]


def test_paper_figure_1_has_three_distinct_product_pairs() -> None:
    pairs = _pairs(FIG1 / "old.c", FIG1 / "new.c", "python")
    # (x = y; r += x | x = y; r += y), (r += x | r += y), (r += y | r += y)
    assert len(pairs) == 3
    for configuration in EVERY:  # the conditions partition the configurations
        assert sum(p.condition.holds(configuration) for p in pairs) == 1
    for pair in pairs:
        assert pair.condition.holds(pair.configuration)
        assert set(pair.configuration) == {"A", "B", "C"}
    differing = [p for p in pairs if "r += x" in p.old.text and "x = y" not in p.old.text]
    (pair,) = differing
    paper = fm.disj(fm.conj(Var("A"), Var("B")), fm.conj(fm.neg(Var("A")), Var("C")))
    assert [pair.condition.holds(c) for c in EVERY] == [paper.holds(c) for c in EVERY]


@pytest.mark.gcc
def test_gcc_products_and_their_configurations() -> None:
    pairs = _pairs(FIG1 / "old.c", FIG1 / "new.c", "gcc")
    assert {p.old.method for p in pairs} == {"gcc"}
    by_configuration = {tuple(sorted(p.configuration.items())): p for p in pairs}
    assert len(by_configuration) == 3
    for pair in pairs:
        old_lines = pair.old.text.split("\n")
        macros = {k: (1 if v else None) for k, v in pair.configuration.items()}
        assert pair.old.configuration == macros
        assert any("x = y;" in line for line in old_lines) == (
            pair.configuration["A"] == 1 and pair.configuration["B"] == 0)


def test_spl_dev_count_matches_brute_force() -> None:
    case = BENCH / "spl-dev/hard/2/coreutils.ls.6b01b71e.sat.spl3"
    old, new = case / "old.op.fe.c", case / "new.op.fe.c"
    pairs = _pairs(old, new, "python")
    from checker.variability.lift import Front
    from checker.variability.products import product_key

    fronts = [Front(p.read_text(), str(p), Settings()) for p in (old, new)]
    features = merge_features((*fronts[0].used_features(), *fronts[1].used_features()))
    distinct = {
        tuple(product_key(front, {f.name: f.macro_value(c[f.name])
                                  for f in features.values()}) for front in fronts)
        for c in all_configurations(tuple(features.values()), fm.TRUE)}
    assert len(features) <= 12
    assert len(pairs) == len(distinct)


def test_feature_model_restricts_the_products() -> None:
    settings = Settings(feature_model="!(defined(A) && defined(B))")
    pairs = _pairs(FIG1 / "old.c", FIG1 / "new.c", "python", settings)
    assert all(not (p.configuration["A"] and p.configuration["B"]) for p in pairs)
    assert len(pairs) == 3  # A && B also gives (r += x | r += y), found with !A && C


def test_integer_features_read_by_code_take_representative_values(tmp_path: Path) -> None:
    old = tmp_path / "old.c"
    new = tmp_path / "new.c"
    old.write_text("int f(void) {\n#if N > 3\n  return N;\n#endif\n  return 0;\n}\n")
    new.write_text("int f(void) {\n  return N > 3 ? N : 0;\n}\n")
    pairs = _pairs(old, new, "python", Settings(feature_patterns=("N",)))
    assert sorted(p.configuration["N"] for p in pairs) == [0, 1, 2, 3, 4]
    assert integer_domain("N", [fm.Binary(">", Var("N", False), fm.Const(3))]) == (
        0, 1, 2, 3, 4)


def test_all_configurations_and_merged_features() -> None:
    features = (feature_of("A", True), feature_of("N", False))
    model = fm.disj(Var("A"), fm.Binary(">", Var("N", False), fm.Const(1)))
    assert list(all_configurations(features, model, {"N": (0, 2)})) == [
        {"A": 0, "N": 2}, {"A": 1, "N": 0}, {"A": 1, "N": 2}]
    merged = merge_features((feature_of("X", True, True), feature_of("X", False, False)))
    assert merged["X"] == feature_of("X", False, True)
