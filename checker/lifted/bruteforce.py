"""Brute force: every distinct product pair, derived by gcc's preprocessor, checked alone.

The baseline the lifted algorithm is measured against and the oracle tests
compare it with. "Every valid product" means every distinct pair of product
texts: configurations that preprocess to the same old and new text are one
product (the variability front end enumerates the vectors of taken
conditional branches, not all 2^n configurations).
"""

from __future__ import annotations

import dataclasses
import time
from typing import assert_never

from checker.engines.answer import Different, Equivalent, Stage, Unknown, Unsupported
from checker.engines.decide import PairContext
from checker.errors import UnsupportedError
from checker.frontend.frontend import ParsedFile, load
from checker.frontend.preprocess import derivation_settings, inline_local_headers
from checker.lifted.body import Scope, text
from checker.lifted.lifted import Lifted
from checker.lifted.witness_report import ResultFacts, summary_result, witness_of
from checker.replay.compiled_replay import replay_compiler
from checker.replay.replay import replay_version
from checker.semantics.solver import function_budget
from checker.types import FunctionResult, NeqEntry, Settings, SourceFile, Stats
from checker.variability import Feature, enumerate_products
from checker.variability import formula as fm


def brute_force(
    old: ParsedFile,
    new: ParsedFile,
    name: str,
    settings: Settings,
    started: float,
    features: tuple[Feature, ...],
    model: fm.Formula,
) -> FunctionResult:
    budget = function_budget(settings, started)
    compiler = replay_compiler(settings)
    plain = dataclasses.replace(settings, features=(), feature_patterns=())
    entries: list[NeqEntry] = []
    undecided: list[str] = []
    products = 0
    compared = 0
    proofs: list[Equivalent] = []
    assumptions: list[str] = []
    old_text, new_text = (inline_local_headers(v.source, settings) for v in (old, new))
    for pair in enumerate_products(
        old_text,
        new_text,
        old.source.path,
        new.source.path,
        derivation_settings(settings, old_text, new_text),
        valued=frozenset(f.presence_of for f in features if f.presence_of),
    ):
        products += 1
        if budget.exhausted():
            undecided.append(f"time limit reached after {products - 1} products")
            break
        old_product = load(SourceFile(old.source.path, pair.old.text, old.source.headers), plain)
        new_product = load(SourceFile(new.source.path, pair.new.text, new.source.headers), plain)
        if name not in old_product.program.functions or name not in new_product.program.functions:
            continue
        ctx = PairContext(
            old_product.program,
            new_product.program,
            name,
            plain,
            (
                # macro definitions (X undefined, not `defined(X)=0`), as derived
                replay_version(old.source, pair.old.text, settings, pair.old.configuration),
                replay_version(new.source, pair.new.text, settings, pair.new.configuration),
            ),
            compiler,
        )
        compared += 1
        answer = ctx.decide(budget.share(budget.remaining()))
        assumptions.extend(ctx.assumptions())
        match answer:
            case Different(witness=witness):
                report = witness_of(witness.old_cfa, witness.new_cfa, witness)
                report = dataclasses.replace(report, configuration=dict(pair.configuration))
                body = Lifted(ctx, (), fm.TRUE, budget, False).point_body(witness)
                scope = Scope.of(witness.old_cfa, witness.new_cfa)
                entries.append(NeqEntry(pair.condition.to_c(), text(body, scope), report))
            case Unknown(reason=reason) | Unsupported(reason=reason):
                undecided.append(f"configurations {pair.condition.to_c()}: {reason}")
            case Equivalent():
                proofs.append(answer)
                assumptions.extend(answer.assumptions)
            case _:
                assert_never(answer)
    if not compared and not undecided:
        raise UnsupportedError(
            f"'{name}' is never defined in both versions under the same configuration"
        )
    facts = ResultFacts.of(features, model, Stats(round(time.monotonic() - started, 3),
                                                  budget.calls),
                           [*assumptions, f"brute force over {products} distinct products"])
    old_loc = old.program.location(old.program.functions[name].decl)
    new_loc = new.program.location(new.program.functions[name].decl)
    rests: list[Equivalent | Unknown | Unsupported] = [*proofs]
    if undecided:
        rests.append(Unknown("; ".join(undecided), Stage.BRUTE_FORCE))
    return summary_result(name, old_loc, new_loc, entries, rests, facts)
