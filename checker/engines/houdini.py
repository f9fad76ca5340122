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
from typing import assert_never

import z3

from checker.engines.answer import Equivalent, Stage, Unknown, Unsupported
from checker.engines.chc import NotEncodable, ProductSystem, build_product_system
from checker.engines.z3_terms import Substitution, has_float, is_uninterpreted
from checker.ir import smt_ops
from checker.ir.ir import Binary, BinOp, Cfa, Const, action_exprs, walk
from checker.semantics.solver import Budget, NoSolution, Solution, Undecided, check

MAX_CANDIDATES = 3000
QUICK_INT = 2.0
FULL_CHECK = 3.0
"""Seconds for one full inductiveness check; facts it cannot settle are dropped."""
"""Seconds for an integer-only inductiveness check before the full one."""
SCALES = (2, 3, 4, 8)


PROVED = Equivalent(Stage.INVARIANTS, partial=True)
"""An inductive invariant holds only on runs that reach the exit."""


def _program_factors(*cfas: Cfa) -> list[int]:
    """Small constant factors the programs multiply by (strength reduction)."""
    found = set(SCALES)
    for cfa in cfas:
        for edge in cfa.edges:
            for expr in action_exprs(edge.action):
                for node in walk(expr):
                    if isinstance(node, Binary) and node.op is BinOp.MUL:
                        for side in (node.left, node.right):
                            if (
                                isinstance(side, Const)
                                and isinstance(side.value, int)
                                and 1 < abs(side.value) <= 64
                            ):
                                found.add(abs(side.value))
    return sorted(found)


def _base(name: str) -> str:
    """A variable's source name without the fresh-name counter (`x#2` -> `x`)."""
    return name.split("#", 1)[0]


def _is_int(term: z3.ExprRef) -> bool:
    return bool(z3.is_bv_sort(term.sort()))


def candidates(
    system: ProductSystem, state: tuple[int, int], factors: list[int]
) -> list[z3.BoolRef]:
    old = system.sides[0].args(state[0])
    new = system.sides[1].args(state[1])
    old_names = system.sides[0].names(state[0])
    new_names = system.sides[1].names(state[1])
    inputs = [s for s in system.inputs_args() if not z3.is_array(s)]
    # "this product state is unreachable": the schedule pairs, e.g., an early
    # return of one version with the loop of the other; under equal inputs
    # such pairs never happen, and saying so is the invariant they need
    found: list[z3.BoolRef] = [z3.BoolVal(False)]
    for a, a_name in zip(old, old_names, strict=True):
        for b, b_name in zip(new, new_names, strict=True):
            if a.sort() != b.sort():
                continue
            if not _is_int(a) and _base(a_name) != _base(b_name):
                continue  # refuting a float or array candidate costs a bit-blasted model
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
    found += _offsets(old, new, inputs, factors)
    for v in [*old, *new]:
        if not _is_int(v):
            continue
        zero = z3.BitVecVal(0, v.size())
        found += [v >= zero, v > zero]
        for x in inputs:
            if x.sort() == v.sort():
                found += [v <= x, v < x, v >= x, v == x, v <= x + z3.BitVecVal(1, v.size())]
    return found[:MAX_CANDIDATES]


def _offsets(
    old: list[z3.ExprRef], new: list[z3.ExprRef], inputs: list[z3.ExprRef], factors: list[int]
) -> list[z3.BoolRef]:
    """`p - base == i * k` (in i's width, so that it survives i's wrap-around): a
    pointer (a 64-bit value) that one version advances where the other counts
    (`for (p = s; *p; p++)` against `s[n]`), k an element size, base a 64-bit
    input (a pointer parameter)."""
    bases = [x for x in inputs if _is_int(x) and x.size() == 64]
    wide = [v for v in [*old, *new] if _is_int(v) and v.size() == 64]
    if not bases or not wide:
        return []
    found: list[z3.BoolRef] = []
    for a in (v for v in [*old, *new, *inputs] if _is_int(v)):
        width = a.size()
        for v in wide:
            if v is a:
                continue
            for x in bases:
                distance = v - x if width == 64 else z3.Extract(width - 1, 0, v - x)
                found += [distance == a * z3.BitVecVal(k, width) for k in (1, *factors)]
                if width < 64:  # exact where the index does not wrap (with its bounds)
                    index = z3.SignExt(64 - width, a)
                    found += [v - x == index * z3.BitVecVal(k, 64) for k in (1, *factors)]
    return found


def _merging(facts: list[z3.BoolRef]) -> list[tuple[z3.ExprRef, z3.ExprRef]]:
    """Substitution making variables that facts declare equal one and the same
    term: the solver then sees identical computations as identical (congruence
    for free) instead of bit-blasting two copies of every float operation."""
    parent: dict[int, z3.ExprRef] = {}

    def find(term: z3.ExprRef) -> z3.ExprRef:
        while term.get_id() in parent:
            term = parent[term.get_id()]
        return term

    for fact in facts:
        if z3.is_eq(fact) and all(_is_variable(side) for side in fact.children()):
            a, b = (find(side) for side in fact.children())
            if not a.eq(b):
                parent[b.get_id()] = a
    seen = {}
    for fact in facts:
        for side in fact.children() if z3.is_eq(fact) else ():
            if side.get_id() in parent:
                seen[side.get_id()] = (side, find(side))
    return list(seen.values())


def _conjuncts(term: z3.BoolRef) -> list[z3.BoolRef]:
    if z3.is_and(term):
        return [part for child in term.children() for part in _conjuncts(child)]
    return [term]


def _has_float_cached(term: z3.ExprRef, seen: dict[int, bool]) -> bool:
    key = term.get_id()
    if key not in seen:
        seen[key] = has_float(term)
    return seen[key]


def _is_variable(term: z3.ExprRef) -> bool:
    return z3.is_const(term) and is_uninterpreted(term)


def houdini_check(
    old: Cfa,
    new: Cfa,
    budget: Budget,
    restriction: Callable[[Mapping[str, z3.ExprRef]], list[z3.BoolRef]] | None = None,
) -> Equivalent | Unknown | Unsupported:
    try:
        system = build_product_system(old, new, sem=smt_ops, allow_calls=True, together=True)
    except NotEncodable as exc:
        return Unsupported(f"relational invariants: {exc} not supported")
    if system.final is None:
        return PROVED  # neither version can return
    if restriction is not None:
        system.domain.extend(
            restriction({key: shared.symbol for key, shared in system.inputs.items()})
        )
    factors = _program_factors(old, new)
    facts = {state: candidates(system, state, factors) for state in system.states()}
    # a step checked under its source's current facts stays checked when facts
    # of its target drop out (it showed more than is now asked): only a source
    # whose facts changed since (a weaker assumption) sends it back to the solver
    version = dict.fromkeys(facts, 0)
    checked: dict[int, int] = {}
    changed = True
    while changed:
        changed = False
        for index, step in enumerate(system.transitions):
            assumed_version = version[step.src] if step.src is not None else 0
            if checked.get(index) == assumed_version:
                continue
            checked[index] = assumed_version
            # inputs never change: their domain (pointer ranges, null flags) holds everywhere
            pre = system.domain if step.src is None else [*facts[step.src], *system.domain]
            target_args = system.args(step.dst)
            values = [*system.inputs_args(), *step.old_values, *step.new_values]
            pairs = list(zip(target_args, values, strict=True))
            merge = Substitution(_merging(pre))
            assumed = [merge(fact) for fact in pre]
            guard = merge(step.guard)
            # a fact's image under this step does not change while facts drop out
            # (its pairs and merge are fixed here): computed once, not per model
            step_image = Substitution(pairs)
            images = {id(fact): z3.simplify(merge(step_image(fact))) for fact in facts[step.dst]}
            floats: dict[int, bool] = {}
            ints: list[z3.BoolRef] | None = None
            while facts[step.dst]:
                open_facts = [f for f in facts[step.dst] if not z3.is_true(images[id(f)])]
                if not open_facts:
                    break
                goal = z3.Not(z3.And(*[images[id(f)] for f in open_facts]))
                if not any(_has_float_cached(images[id(f)], floats) for f in open_facts):
                    # integer facts rarely need the float part of a path condition;
                    # leaving it out is only a weaker assumption (a refutation still holds)
                    if ints is None:
                        ints = [c for c in [*assumed, *_conjuncts(guard)] if not has_float(c)]
                    quick = check([*ints, goal], budget.share(QUICK_INT))
                    if isinstance(quick, NoSolution):
                        break
                answer = check([*assumed, guard, goal], budget.share(FULL_CHECK))
                if isinstance(answer, NoSolution):
                    break
                if isinstance(answer, Undecided) and not budget.exhausted():
                    # the same question alone often takes a fraction of the time
                    answer = check([*assumed, guard, goal], budget.share(FULL_CHECK), fresh=True)
                    if isinstance(answer, NoSolution):
                        break
                if isinstance(answer, Undecided):
                    if budget.exhausted():
                        return _unknown(answer.reason)
                    keep: list[z3.BoolRef] = []  # undecided facts are dropped: still sound
                else:
                    keep = [f for f in open_facts if z3.is_true(
                        answer.model.eval(images[id(f)], model_completion=True))]
                    if len(keep) == len(open_facts):
                        # the model breaks no fact, although it satisfies the negation of
                        # their conjunction (an evaluation the model does not pin down):
                        # nothing refuted, nothing proved either, so all open facts go
                        keep = []
                dropped = {id(f) for f in open_facts} - {id(f) for f in keep}
                facts[step.dst] = [f for f in facts[step.dst] if id(f) not in dropped]
                version[step.dst] += 1
                changed = True
    exit_facts = facts.get(system.exit, [])
    merge = Substitution(_merging(exit_facts))
    final = z3.simplify(merge(system.final))
    answer = check([*[merge(f) for f in exit_facts], final], budget)
    match answer:
        case NoSolution():
            return PROVED
        case Undecided(reason=reason):
            return _unknown(reason)
        case Solution():
            return _unknown("no relational invariant among the candidates implies equal outputs")
        case _:
            assert_never(answer)


def _unknown(reason: str) -> Unknown:
    return Unknown(f"relational invariants: {reason}", Stage.INVARIANTS)
