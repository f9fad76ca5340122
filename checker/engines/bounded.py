"""Bounded equivalence: loops unrolled (and recursion inlined) k = 1, 2, 4, ... times.

A difference found within k iterations is a real, replayed witness. No
difference up to k is only evidence (UNKNOWN with `bound`), unless no run of
either version needs more than k iterations at all - then the bounded product
covers every execution and the verdict is a proof.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import z3

from checker.engines.equiv import Confirmed, Replayer, random_search, verify_and_cex
from checker.engines.product import Product, build_product
from checker.frontend.program import Program
from checker.ir import smt_ops
from checker.ir.heap import MemoryEncoding
from checker.ir.ir import STATUS_UNWOUND, STATUS_VAR, Cfa
from checker.lower.lower import lower_pair
from checker.replay.replay import Assignment, CompiledVersion
from checker.semantics.solver import Budget, Outcome, check
from checker.types import Settings

COMPLETENESS_CALL = 3.0
"""Seconds to ask whether more iterations are possible at all (a larger k may make
the question trivial, so a hard one is not worth waiting for)."""
MAX_EDGES = 60_000
"""Stop doubling k once an unrolled CFA grows past this many edges."""


@dataclass(frozen=True)
class BoundedOutcome:
    kind: Outcome  # UNSAT: proved (complete unrolling); SAT: witness; UNKNOWN: see bound
    bound: int
    witness: Confirmed | None = None
    product: Product | None = None
    reason: str | None = None


def unwound(product: Product) -> tuple[z3.BoolRef, z3.BoolRef]:
    marks = []
    for exit_state, env, cfa in (
        (product.old_exit, product.old_env, product.old),
        (product.new_exit, product.new_env, product.new),
    ):
        status = exit_state.env.get(STATUS_VAR, env.initial(STATUS_VAR))
        marks.append(status == smt_ops.const(STATUS_UNWOUND, cfa.variables[STATUS_VAR]))
    return marks[0], marks[1]


def bounds(limit: int, start: int = 1) -> list[int]:
    ks = []
    k = max(1, start)
    while k < limit:
        ks.append(k)
        k *= 2
    ks.append(limit)
    return sorted(set(ks))


def bounded_check(
    old: Program,
    new: Program,
    name: str,
    settings: Settings,
    budget: Budget,
    versions: tuple[CompiledVersion, CompiledVersion],
    compiler: str | None,
    real: tuple[Cfa, Cfa] | None,
    ks: list[int],
    fuzz: bool = True,
    restriction: Callable[[Mapping[str, z3.ExprRef]], list[z3.BoolRef]] | None = None,
    configure: Callable[[Assignment], tuple[CompiledVersion, CompiledVersion]] | None = None,
    fixed: dict[str, int | float] | None = None,
    encoding: MemoryEncoding | None = None,
) -> BoundedOutcome:
    """Search for a difference with increasing unrolling bounds `ks`."""
    reached = 0
    reason = None
    first = True
    for k in ks:
        if budget.exhausted():
            break
        old_cfa, new_cfa, _ = lower_pair(old, new, name, settings, k, encoding)
        if len(old_cfa.edges) + len(new_cfa.edges) > MAX_EDGES and reached:
            break
        product = build_product(old_cfa, new_cfa)
        unwound_old, unwound_new = unwound(product)
        replayer = Replayer(
            product,
            versions[0],
            versions[1],
            compiler,
            programs=real or (old_cfa, new_cfa),
            configure=configure,
        )
        symbols = {key: shared.symbol for key, shared in product.inputs.items()}
        restricted = restriction(symbols) if restriction is not None else []
        within = [*restricted, z3.Not(unwound_old), z3.Not(unwound_new)]
        if first and fuzz:
            found = random_search(
                product, restricted, replayer, settings.random_tests, settings.seed, budget, fixed
            )
            if found is not None:
                return BoundedOutcome(Outcome.SAT, k, found, product)
        first = False
        verdict = verify_and_cex(product, within, replayer, budget, settings, fuzz=False)
        if verdict.kind is Outcome.SAT:
            return BoundedOutcome(Outcome.SAT, k, verdict.witness, product)
        if verdict.kind is Outcome.UNKNOWN:
            reason = verdict.reason
            break
        reached = k
        cut = z3.simplify(z3.Or(unwound_old, unwound_new))
        if z3.is_false(cut):
            return BoundedOutcome(Outcome.UNSAT, k, product=product)
        deeper = check([*product.domain, *restricted, cut], budget.share(COMPLETENESS_CALL))
        if deeper.outcome is Outcome.UNSAT:
            return BoundedOutcome(Outcome.UNSAT, k, product=product)
    return BoundedOutcome(Outcome.UNKNOWN, reached, reason=reason)
