"""Relational invariants by elimination (Houdini) on the loop product.

Most real changes leave loops largely alone: then "every variable equals its
counterpart" (plus a few offsets, scalings and bounds) is an inductive
invariant of the lockstep product, and checking that needs only ordinary SMT
queries in exact C semantics (bit-vectors, IEEE floats, arrays, calls) - none
of which Spacer handles well. Start from many candidate facts per product
state, drop every candidate some transition can falsify (a model removes all
it refutes at once), and when nothing changes any more, ask whether the
surviving facts at the exit imply equal outputs. Sound by construction: what
survives is inductive; failure only means UNKNOWN.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import z3

from checker import smt_ops
from checker.chc import NotEncodable, ProductSystem, build_product_system
from checker.ir import Binary, BinOp, Cfa, Const, action_exprs, walk
from checker.solver import Budget, Outcome, check

MAX_CANDIDATES = 3000
SCALES = (2, 3, 4, 8)


@dataclass(frozen=True)
class HoudiniOutcome:
    kind: Outcome  # UNSAT: proved equivalent (partially); UNKNOWN otherwise
    reason: str | None = None
    invariants: int = 0


def _program_factors(*cfas: Cfa) -> list[int]:
    """Small constant factors the programs multiply by (strength reduction)."""
    found = set(SCALES)
    for cfa in cfas:
        for edge in cfa.edges:
            for expr in action_exprs(edge.action):
                for node in walk(expr):
                    if isinstance(node, Binary) and node.op is BinOp.MUL:
                        for side in (node.left, node.right):
                            if isinstance(side, Const) and isinstance(side.value, int) \
                                    and 1 < abs(side.value) <= 64:
                                found.add(abs(side.value))
    return sorted(found)


def _is_int(term: z3.ExprRef) -> bool:
    return z3.is_bv_sort(term.sort())


def candidates(system: ProductSystem, state: tuple[int, int], factors: list[int]
               ) -> list[z3.BoolRef]:
    old = system.sides[0].args(state[0])
    new = system.sides[1].args(state[1])
    inputs = [s for s in system.inputs_args() if not z3.is_array(s)]
    found: list[z3.BoolRef] = []
    for a in old:
        for b in new:
            if a.sort() != b.sort():
                continue
            found.append(a == b)
            if _is_int(a):
                one = z3.BitVecVal(1, a.size())
                found += [a == b + one, a + one == b]
                for k in factors:
                    scale = z3.BitVecVal(k, a.size())
                    found += [a == b * scale, b == a * scale]
    for group in (old, new):
        ints = [v for v in group if _is_int(v)]
        for a in ints:
            for b in ints:
                if a is b or a.sort() != b.sort():
                    continue
                found.append(a == b)
                for k in factors:
                    found.append(a == b * z3.BitVecVal(k, a.size()))
    for v in [*old, *new]:
        if not _is_int(v):
            continue
        zero = z3.BitVecVal(0, v.size())
        found += [v >= zero, v > zero]
        for x in inputs:
            if x.sort() == v.sort():
                found += [v <= x, v < x, v >= x, v == x, v <= x + z3.BitVecVal(1, v.size())]
    return found[:MAX_CANDIDATES]


def houdini_check(old: Cfa, new: Cfa, budget: Budget,
                  restriction: Callable[[Mapping[str, z3.ExprRef]], list[z3.BoolRef]] | None
                  = None) -> HoudiniOutcome:
    try:
        system = build_product_system(old, new, sem=smt_ops, allow_calls=True)
    except NotEncodable as exc:
        return HoudiniOutcome(Outcome.UNKNOWN, f"relational invariants: {exc} not supported")
    if system.final is None:
        return HoudiniOutcome(Outcome.UNSAT)  # neither version can return
    if restriction is not None:
        system.domain.extend(restriction(
            {key: shared.symbol for key, shared in system.inputs.items()}))
    factors = _program_factors(old, new)
    facts = {state: candidates(system, state, factors) for state in system.states()}
    changed = True
    while changed:
        changed = False
        for step in system.transitions:
            pre = system.domain if step.src is None else facts[step.src]
            target_args = system.args(step.dst)
            values = [*system.inputs_args(), *step.old_values, *step.new_values]
            pairs = list(zip(target_args, values, strict=True))
            while facts[step.dst]:
                images = [z3.substitute(fact, *pairs) for fact in facts[step.dst]]
                answer = check([*pre, step.guard, z3.Not(z3.And(*images))], budget)
                if answer.outcome is Outcome.UNSAT:
                    break
                if answer.outcome is Outcome.UNKNOWN:
                    return HoudiniOutcome(Outcome.UNKNOWN, f"relational invariants: "
                                          f"{answer.reason}")
                assert answer.model is not None
                keep = [fact for fact, image in zip(facts[step.dst], images, strict=True)
                        if z3.is_true(answer.model.eval(image, model_completion=True))]
                if len(keep) == len(facts[step.dst]):
                    break  # the model satisfies every image: nothing to learn
                facts[step.dst] = keep
                changed = True
    exit_facts = facts.get(system.exit, [])
    answer = check([*exit_facts, system.final], budget)
    if answer.outcome is Outcome.UNSAT:
        return HoudiniOutcome(Outcome.UNSAT, invariants=sum(len(f) for f in facts.values()))
    reason = answer.reason if answer.outcome is Outcome.UNKNOWN else \
        "no relational invariant among the candidates implies equal outputs"
    return HoudiniOutcome(Outcome.UNKNOWN, f"relational invariants: {reason}")
