"""Non-termination as a difference: a closed recurrence set proves that a run never ends.

A proof over loops is for partial equivalence: it says nothing about an input
on which a version runs forever. Where the other version returns on that
input, the change made the function hang, which is a behaviour change like
any other; but the interpreter's step limit only says "not yet". The proof
continues the cut-off run from cut point to cut point (entry, loop heads,
exit) in the bit-precise encoding, takes from the states it visits a set R of
states per cut point (the simple facts that hold on every visited state:
values, ranges, signs, low bits, relations between two variables), shrinks R
until every step from a state of R lands in R (Houdini: a solver model
refutes the facts a step breaks) and asks whether any step leaves R's cut
points, the exit in particular. If none can, the run, which is in R, never
ends: R is a closed recurrence set (R implies the loop guard, R and the body
imply R'). Inputs and never-written storage are the run's concrete values,
so R is about the loop's own state only.
"""

from __future__ import annotations

from collections.abc import Sequence

import z3

from checker.engines.chc import NotEncodable, Side
from checker.engines.product import UninterpretedFunctions
from checker.engines.symexec import Environment, Evaluator, EventSite, State, step
from checker.engines.z3_terms import is_uninterpreted, subterms
from checker.ir import smt_ops
from checker.ir.cfa_analysis import liveness, natural_loops
from checker.ir.ir import Cfa
from checker.replay.interp import Stopped
from checker.replay.memory import RegionValue
from checker.semantics.ctype import INDEX
from checker.semantics.solver import Budget, NoSolution, Solution, Undecided, check

TAIL = 32
"""Steps between cut points the cut-off run is continued for: R is guessed from these."""
STEP_CALL = 1.0
"""Seconds for one closure question."""

Visit = tuple[int, tuple[z3.ExprRef, ...]]
"""A cut point and the values of the storage live there (`Side.names`)."""


def never_ends(cfa: Cfa, stopped: Stopped, budget: Budget) -> bool:
    """Does the run that its step limit cut off at `stopped` provably never end?
    False when it ends after all, or when no recurrence set is found (loops with
    observable calls or calls without code are not tried)."""
    side = _side(cfa, stopped)
    try:
        tail = _continue(side, stopped)
        if tail is None:
            return False
        return _closed(side, tail, budget)
    except NotEncodable:
        return False


def _side(cfa: Cfa, stopped: Stopped) -> Side:
    """The run's version cut at its entry, loop heads and exit, with every
    input and never-written object at its value in the run."""
    fixed: dict[str, z3.ExprRef] = {}
    for name, value in stopped.scalars.items():
        ctype = cfa.variables.get(name)
        if ctype is not None and isinstance(value, int | float):
            fixed[name] = smt_ops.const(value, ctype)
    for name, region in stopped.regions.items():
        if name in cfa.regions:
            fixed[name] = _array(region, cfa.regions[name].elem)
    env = Environment(cfa, fixed, UninterpretedFunctions(), "hang", smt_ops)
    loops = natural_loops(cfa)
    cuts = {cfa.entry, cfa.exit, *loops}
    return Side(cfa, "hang", env, cuts, liveness(cfa),
                {head: loop.body for head, loop in loops.items()})


def _array(value: RegionValue, elem: object) -> z3.ExprRef:
    array = z3.K(smt_ops.sort_of(INDEX), smt_ops.const(value.default, elem))  # type: ignore[arg-type]
    for index, cell in sorted(value.cells.items()):
        array = z3.Store(array, smt_ops.const(index, INDEX), smt_ops.const(cell, elem))  # type: ignore[arg-type]
    return array


def _continue(side: Side, stopped: Stopped) -> list[Visit] | None:
    """The run from where it stopped, TAIL steps from cut point to cut point;
    None if it reaches the exit or a value that is not concrete."""
    cfa = side.cfa
    state = State(z3.BoolVal(True), {n: side.env.inputs[n] for n in cfa.variables
                                     if n in side.env.inputs},
                  {n: side.env.inputs[n] for n in cfa.regions if n in side.env.inputs})
    evaluator = Evaluator(side.env)
    succ = cfa.successors()
    location = stopped.location
    while location not in side.cuts:  # edge by edge to the next cut point
        events: list[EventSite] = []
        taken = [(edge.dst, after) for edge in succ.get(location, ())
                 if (after := step(evaluator, state, edge.action, events)) is not None
                 and z3.is_true(z3.simplify(after.guard))]
        if len(taken) != 1 or events:
            return None
        location, state = taken[0]
    first = _taken(side, [(location, state)], [])
    visits: list[Visit] = []
    while first is not None and first[0] != cfa.exit and len(visits) < TAIL:
        visits.append(first)
        cut, values = first
        first = _taken(side, side.moves(cut), list(zip(side.args(cut), values, strict=True)))
    return visits if first is not None and first[0] != cfa.exit else None


def _taken(
    side: Side, moves: Sequence[tuple[int, State]], at: list[tuple[z3.ExprRef, z3.ExprRef]]
) -> Visit | None:
    """The one move whose guard holds under the concrete values `at`, with the
    values it leads to; None when that is not decided by concrete values."""
    for target, state in moves:
        guard = _concrete(state.guard, at)
        if guard is None:
            return None
        if z3.is_true(guard):
            values = [_concrete(v, at) for v in side.values(state, target)]
            if any(v is None for v in values):
                return None
            return target, tuple(values)
    return None


def _concrete(term: z3.ExprRef, at: list[tuple[z3.ExprRef, z3.ExprRef]]) -> z3.ExprRef | None:
    value = z3.simplify(z3.substitute(term, *at) if at else term)
    if any(is_uninterpreted(node) for node in subterms(value)):
        return None
    return value


def _closed(side: Side, tail: list[Visit], budget: Budget) -> bool:
    """Houdini on the candidate facts of the visited cut points, then: can any
    step from R reach a cut point outside R?"""
    seen: dict[int, list[tuple[z3.ExprRef, ...]]] = {}
    for cut, values in tail:
        seen.setdefault(cut, []).append(values)
    facts = {cut: _candidates(side.args(cut), observed) for cut, observed in seen.items()}
    steps = [(cut, target, state) for cut in seen for target, state in side.moves(cut)]
    changed = True
    while changed:
        changed = False
        for cut, target, state in steps:
            if target not in facts:
                continue
            at = list(zip(side.args(target), side.values(state, target), strict=True))
            while facts[target]:
                images = [z3.simplify(z3.substitute(f, *at) if at else f) for f in facts[target]]
                open_images = [image for image in images if not z3.is_true(image)]
                if not open_images:
                    break
                answer = check([*facts[cut], state.guard, z3.Not(z3.And(*open_images))],
                               budget.share(STEP_CALL))
                match answer:
                    case NoSolution():
                        break
                    case Undecided():
                        return False
                    case Solution(model=model):
                        keep = [f for f, image in zip(facts[target], images, strict=True)
                                if z3.is_true(model.eval(image, model_completion=True))]
                        if len(keep) == len(facts[target]):
                            return False  # the model breaks no fact: nothing to learn
                        facts[target] = keep
                        changed = True
    for cut, target, state in steps:
        if target in facts:
            continue
        if not isinstance(check([*facts[cut], state.guard], budget.share(STEP_CALL)), NoSolution):
            return False
    return True


def _candidates(
    args: Sequence[z3.ExprRef], observed: list[tuple[z3.ExprRef, ...]]
) -> list[z3.BoolRef]:
    """Facts over the live storage of one cut point that hold on every observed
    state (judged on the values in Python: there are many candidates)."""
    found: list[z3.BoolRef] = []
    columns = [[values[i] for values in observed] for i in range(len(args))]
    for arg, column in zip(args, columns, strict=True):
        if all(value.eq(column[0]) for value in column):
            found.append(arg == column[0])
    ints = [(arg, [v.as_signed_long() for v in column], [v.as_long() for v in column])
            for arg, column in zip(args, columns, strict=True) if z3.is_bv(arg)]
    for arg, signed, unsigned in ints:
        zero = z3.BitVecVal(0, arg.size())
        found += [arg >= min(signed), arg <= max(signed), z3.UGE(arg, min(unsigned)),
                  z3.ULE(arg, max(unsigned))]
        found += [fact for fact, holds in ((arg < zero, max(signed) < 0),
                                           (arg > zero, min(signed) > 0),
                                           (arg >= zero, min(signed) >= 0),
                                           (arg <= zero, max(signed) <= 0),
                                           (arg != zero, 0 not in signed)) if holds]
        for bits in (1, 2, 3):
            mask = (1 << bits) - 1
            if len({value & mask for value in unsigned}) == 1:
                found.append(arg & mask == unsigned[0] & mask)
    for i, (a, a_signed, a_unsigned) in enumerate(ints):
        for b, b_signed, b_unsigned in ints[i + 1:]:
            if a.size() != b.size():
                continue
            pairs = list(zip(a_signed, b_signed, strict=True))
            gaps = {(x - y) % (1 << a.size()) for x, y in zip(a_unsigned, b_unsigned, strict=True)}
            if len(gaps) == 1:
                found.append(a - b == gaps.pop())
            found += [fact for fact, holds in ((a == b, all(x == y for x, y in pairs)),
                                               (a != b, all(x != y for x, y in pairs)),
                                               (a < b, all(x < y for x, y in pairs)),
                                               (a <= b, all(x <= y for x, y in pairs)),
                                               (a > b, all(x > y for x, y in pairs)),
                                               (a >= b, all(x >= y for x, y in pairs))) if holds]
    return found
