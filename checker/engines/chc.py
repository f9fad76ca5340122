"""Unbounded equivalence of programs with loops: constrained Horn clauses for Spacer.

Each version is cut at its entry, loop heads and exit; between cut points it
is loop-free and becomes one transition relation (symbolic execution, paths
merged). The product runs both versions over shared inputs, as an
asynchronous product with a schedule (Alien, section 4; CLEVER-V's
self-composition): a side moves alone until it waits at a loop head that is
paired with the other side's current loop head (same nesting shape and
order) or at its exit; paired heads advance in lockstep while both loop
guards agree and let the side that still iterates run alone otherwise, so
relational invariants (`i1 == i2 && r1 == r2`) suffice. Unpaired loops run
one version after the other. One predicate per pair of cut points, over the
inputs and the variables live there.

The answer is for partial equivalence: executions where both versions reach
their exit. An unreachable error relation proves it; a reachable one means a
difference exists, which is no answer until a witness replays: the number of
loop transitions in Spacer's trace (`Unknown.bound`) tells the bounded engine
how far to unroll to produce it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import assert_never

import z3

from checker.engines.answer import Equivalent, Stage, Unknown, Unsupported
from checker.engines.product import (
    SharedInput,
    UninterpretedFunctions,
    outputs_differ,
    pointer_domain,
)
from checker.engines.symexec import Environment, ExitState, State, execute_from
from checker.engines.z3_terms import is_uninterpreted, subterms
from checker.ir import smt_int, smt_ops
from checker.ir.cfa_analysis import liveness, loop_forest, match_loops, natural_loops
from checker.ir.ir import Call, Cfa, Event, action_exprs, walk
from checker.lower.lower_state import NULL_SUFFIX
from checker.semantics.ctype import IntType, PointerType
from checker.semantics.solver import Budget, Reached, Undecided, Unreachable, query_horn

_SPACER = {"xform.inline_eager": False, "xform.inline_linear": False}
"""Keep one predicate per cut-point pair: inlining them made Spacer time out here."""


class NotEncodable(Exception):
    """The pair uses something the CHC encoding does not model."""


@dataclass
class Side:
    cfa: Cfa
    tag: str
    env: Environment
    cuts: set[int]
    live: dict[int, frozenset[str]]
    bodies: dict[int, set[int]]
    current: dict[int, list[z3.ExprRef]] = field(default_factory=dict)
    segments: dict[int, list[tuple[int, State]]] = field(default_factory=dict)

    def names(self, cut: int) -> list[str]:
        if cut == self.cfa.entry:
            return []
        return sorted(self.live[cut])

    def sort(self, name: str) -> z3.SortRef:
        sem = self.env.sem
        if name in self.cfa.regions:
            return z3.ArraySort(
                sem.sort_of(IntType(64, True, "long", 4, 8)),
                sem.sort_of(self.cfa.regions[name].elem),
            )
        return sem.sort_of(self.cfa.variables[name])

    def args(self, cut: int) -> list[z3.ExprRef]:
        if cut not in self.current:
            self.current[cut] = [
                z3.Const(f"{self.tag}!{cut}!{name}", self.sort(name)) for name in self.names(cut)
            ]
        return self.current[cut]

    def start_state(self, cut: int) -> State:
        if cut == self.cfa.entry:
            return State(z3.BoolVal(True))
        env: dict[str, z3.ExprRef] = {}
        mem: dict[str, z3.ArrayRef] = {}
        for name, const in zip(self.names(cut), self.args(cut), strict=True):
            if name in self.cfa.regions:
                mem[name] = const
            else:
                env[name] = const
        return State(z3.BoolVal(True), env, mem)

    def values(self, state: State, cut: int) -> list[z3.ExprRef]:
        out = []
        for name in self.names(cut):
            if name in self.cfa.regions:
                out.append(state.mem.get(name, self.env.initial_region(name)))
            else:
                out.append(state.env.get(name, self.env.initial(name)))
        return out

    def moves(self, cut: int) -> list[tuple[int, State]]:
        if cut not in self.segments:
            reached, events = execute_from(
                self.cfa, self.env, cut, self.start_state(cut), self.cuts
            )
            if events:
                raise NotEncodable("calls with side effects")
            self.segments[cut] = sorted(reached.items())
        return self.segments[cut]

    def stays(self, head: int, target: int) -> bool:
        return target in self.bodies.get(head, set())


def choose_semantics(old: Cfa, new: Cfa) -> ModuleType:
    """Int with explicit wrap where every operation allows it, else bit-vectors."""
    for cfa in (old, new):
        if cfa.regions:
            return smt_ops
        for edge in cfa.edges:
            for expr in action_exprs(edge.action):
                if not smt_int.supports(expr):
                    return smt_ops
    return smt_int


def _check_encodable(cfa: Cfa, allow_calls: bool) -> None:
    """Spacer gets integers only; Houdini (plain SMT) also takes floats and calls."""
    for edge in cfa.edges:
        if isinstance(edge.action, Event):
            raise NotEncodable(f"calls to '{edge.action.func}' (observable events)")
        if allow_calls:
            continue
        for expr in action_exprs(edge.action):
            for node in walk(expr):
                if isinstance(node, Call):
                    raise NotEncodable(f"calls to '{node.func}' without code")
                if not isinstance(node.type, (IntType, PointerType)):
                    raise NotEncodable("floating-point arithmetic")


def _inputs(old: Cfa, new: Cfa, sem: ModuleType) -> dict[str, SharedInput]:
    inputs: dict[str, SharedInput] = {}
    for item in (*old.inputs, *new.inputs):
        if item.key in inputs:
            if inputs[item.key].input.type != item.type:
                raise NotEncodable(f"'{item.name}' changed type")
            continue
        sort = sem.sort_of(item.type)
        if item.is_region:
            sort = z3.ArraySort(sem.sort_of(IntType(64, True, "long", 4, 8)), sort)
        inputs[item.key] = SharedInput(item.key, item.name, z3.Const(f"in!{item.key}", sort), item)
    return inputs


def _range(value: z3.ExprRef, ctype: object, sem: ModuleType) -> list[z3.BoolRef]:
    if sem is not smt_int or not isinstance(ctype, (IntType, PointerType)):
        return []
    low, high, _ = smt_int._range(ctype)
    return [value >= low, value <= high]


@dataclass
class Transition:
    """From product state `src` (None: the entry) to `dst`, when `guard` holds,
    giving the new values of `dst`'s arguments (old side, new side)."""

    src: tuple[int, int] | None
    dst: tuple[int, int]
    guard: z3.BoolRef
    old_values: list[z3.ExprRef]
    new_values: list[z3.ExprRef]


@dataclass
class ProductSystem:
    """The product's states and transitions, ready for Spacer or for Houdini."""

    sem: ModuleType
    inputs: dict[str, SharedInput]
    sides: tuple[Side, Side]
    domain: list[z3.BoolRef]
    transitions: list[Transition]
    final: z3.BoolRef | None  # outputs differ, over the exit state's arguments
    exit: tuple[int, int]

    def args(self, state: tuple[int, int]) -> list[z3.ExprRef]:
        return [*self.inputs_args(), *self.sides[0].args(state[0]), *self.sides[1].args(state[1])]

    def inputs_args(self) -> list[z3.ExprRef]:
        return [shared.symbol for shared in self.inputs.values()]

    def states(self) -> list[tuple[int, int]]:
        return list(dict.fromkeys(t.dst for t in self.transitions))

    def free_ranges(self, term: z3.ExprRef) -> list[z3.BoolRef]:
        """Range constraints for unconstrained (uninitialised) values in `term`."""
        if self.sem is not smt_int:
            return []
        free = {
            symbol.get_id(): (symbol, side.cfa.variables.get(name))
            for side in self.sides
            for name, symbol in side.env.free.items()
        }
        ranges: list[z3.BoolRef] = []
        for ident in _constants(term) & free.keys():
            symbol, ctype = free[ident]
            ranges.extend(_range(symbol, ctype, self.sem))
        return ranges


def build_product_system(
    old: Cfa,
    new: Cfa,
    sem: ModuleType | None = None,
    allow_calls: bool = False,
    together: bool = False,
) -> ProductSystem:
    """`together`: sides that both still run toward a waiting point move in one
    step (values stay direct terms, good for Houdini); otherwise old moves
    first (fewer, simpler clauses, better for Spacer)."""
    for cfa in (old, new):
        _check_encodable(cfa, allow_calls)
    sem = sem or choose_semantics(old, new)
    inputs = _inputs(old, new, sem)
    functions = UninterpretedFunctions()
    sides = []
    for cfa, tag in ((old, "o"), (new, "n")):
        refs = {item.ref: inputs[item.key].symbol for item in cfa.inputs}
        env = Environment(cfa, refs, functions, tag, sem)
        loops = natural_loops(cfa)
        cuts = {cfa.entry, cfa.exit, *loops}
        sides.append(
            Side(
                cfa,
                tag,
                env,
                cuts,
                liveness(cfa),
                {head: loop.body for head, loop in loops.items()},
            )
        )
    first, second = sides
    pairs = set(match_loops(loop_forest(old), loop_forest(new)))
    waits = ({first.cfa.exit} | {a for a, _ in pairs}, {second.cfa.exit} | {b for _, b in pairs})
    domain: list[z3.BoolRef] = []
    for shared in inputs.values():
        if shared.key.endswith(NULL_SUFFIX):
            domain.append(
                z3.Or(
                    shared.symbol == sem.const(0, shared.input.type),
                    shared.symbol == sem.const(1, shared.input.type),
                )
            )
        elif shared.input.pointer is not None and sem is smt_ops:
            domain.append(pointer_domain(shared.symbol, shared.input.pointer))
        elif not shared.input.is_region:
            domain.extend(_range(shared.symbol, shared.input.type, sem))
    start = (first.cfa.entry, second.cfa.entry)
    exit_state = (first.cfa.exit, second.cfa.exit)
    todo = [start]
    seen = {start}
    transitions: list[Transition] = []
    final = None
    while todo:
        c1, c2 = todo.pop()
        if (c1, c2) == exit_state:
            final = _final_differ(first, second, inputs, c1, c2)
            continue
        for target, guard, v1, v2 in _schedule(first, second, c1, c2, pairs, waits, together):
            transitions.append(
                Transition(None if (c1, c2) == start else (c1, c2), target, guard, v1, v2)
            )
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return ProductSystem(sem, inputs, (first, second), domain, transitions, final, exit_state)


def build_system(
    old: Cfa,
    new: Cfa,
    restriction: Callable[[Mapping[str, z3.ExprRef]], list[z3.BoolRef]] | None = None,
) -> tuple[z3.Fixedpoint, z3.FuncDeclRef, str]:
    """Horn clauses for `old` and `new`: (fixedpoint, error relation, encoding)."""
    system = build_product_system(old, new)
    restricted = (
        [] if restriction is None
        else restriction({key: shared.symbol for key, shared in system.inputs.items()})
    )
    system.domain.extend(restricted)
    fp = z3.Fixedpoint()
    relations: dict[tuple[int, int], z3.FuncDeclRef] = {}
    error = z3.Function("Err", z3.BoolSort())
    fp.register_relation(error)

    def apply(state: tuple[int, int], values: list[z3.ExprRef]) -> z3.BoolRef:
        if state not in relations:
            sorts = [a.sort() for a in system.args(state)]
            relations[state] = z3.Function(f"P_{state[0]}_{state[1]}", *sorts, z3.BoolSort())
            fp.register_relation(relations[state])
        return relations[state](*values)

    rules: list[tuple[z3.BoolRef, list[z3.BoolRef]]] = []
    inputs = system.inputs_args()
    for step in system.transitions:
        body = system.domain if step.src is None else [apply(step.src, system.args(step.src))]
        head = apply(step.dst, [*inputs, *step.old_values, *step.new_values])
        rules.append((head, [*body, step.guard]))
    if system.final is not None:
        rules.append((error(), [apply(system.exit, system.args(system.exit)), system.final]))
    variables = set(inputs)
    for side in system.sides:
        for consts in side.current.values():
            variables.update(consts)
        variables.update(side.env.free.values())
    # symbols only a restriction names (features this function does not read,
    # tied to the ones it does by the feature model): existential in the entry rule
    variables.update(_free_constants(z3.And(*restricted)))
    fp.declare_var(*variables)
    for head, body in rules:
        fp.rule(head, [*body, *system.free_ranges(z3.And(head, *body))])
    return fp, error, "int" if system.sem is smt_int else "bit-vector"


def _constants(term: z3.ExprRef) -> set[int]:
    return {node.get_id() for node in _free_constants(term)}


def _free_constants(term: z3.ExprRef) -> list[z3.ExprRef]:
    return [node for node in subterms(term) if z3.is_const(node) and is_uninterpreted(node)]


def _schedule(
    first: Side,
    second: Side,
    c1: int,
    c2: int,
    pairs: set[tuple[int, int]],
    waits: tuple[set[int], set[int]],
    together: bool,
) -> list[tuple[tuple[int, int], z3.BoolRef, list[z3.ExprRef], list[z3.ExprRef]]]:
    """Product transitions from (c1, c2): (target, guard, old values, new values)."""
    stay1, stay2 = first.args(c1), second.args(c2)
    out = []
    if together and c1 not in waits[0] and c2 not in waits[1]:
        # both run to their next cut point together: the values each side has
        # there stay terms over the same inputs (no information lost in between)
        for t1, s1 in first.moves(c1):
            for t2, s2 in second.moves(c2):
                out.append(
                    (
                        (t1, t2),
                        z3.And(s1.guard, s2.guard),
                        first.values(s1, t1),
                        second.values(s2, t2),
                    )
                )
        return out
    if c1 not in waits[0]:
        for t1, state in first.moves(c1):
            out.append(((t1, c2), state.guard, first.values(state, t1), stay2))
        return out
    if c2 not in waits[1]:
        for t2, state in second.moves(c2):
            out.append(((c1, t2), state.guard, stay1, second.values(state, t2)))
        return out
    if (c1, c2) not in pairs:
        if c1 != first.cfa.exit:
            for t1, state in first.moves(c1):
                out.append(((t1, c2), state.guard, first.values(state, t1), stay2))
        else:
            for t2, state in second.moves(c2):
                out.append(((c1, t2), state.guard, stay1, second.values(state, t2)))
        return out
    moves1, moves2 = first.moves(c1), second.moves(c2)
    in1 = [(t, s) for t, s in moves1 if first.stays(c1, t)]
    out1 = [(t, s) for t, s in moves1 if not first.stays(c1, t)]
    in2 = [(t, s) for t, s in moves2 if second.stays(c2, t)]
    out2 = [(t, s) for t, s in moves2 if not second.stays(c2, t)]
    for group1, group2 in ((in1, in2), (out1, out2)):
        for t1, s1 in group1:
            for t2, s2 in group2:
                out.append(
                    (
                        (t1, t2),
                        z3.And(s1.guard, s2.guard),
                        first.values(s1, t1),
                        second.values(s2, t2),
                    )
                )
    leaving2 = z3.Or(*[s.guard for _, s in out2]) if out2 else z3.BoolVal(False)
    leaving1 = z3.Or(*[s.guard for _, s in out1]) if out1 else z3.BoolVal(False)
    for t1, s1 in in1:
        out.append(((t1, c2), z3.And(s1.guard, leaving2), first.values(s1, t1), stay2))
    for t2, s2 in in2:
        out.append(((c1, t2), z3.And(s2.guard, leaving1), stay1, second.values(s2, t2)))
    return out


def _final_differ(
    first: Side, second: Side, inputs: Mapping[str, SharedInput], c1: int, c2: int
) -> z3.BoolRef:
    exits = []
    for side, cut in ((first, c1), (second, c2)):
        state = side.start_state(cut)
        exits.append(ExitState(z3.BoolVal(True), state.env, state.mem, ()))
    notes: list[str] = []
    cases = outputs_differ(
        first.cfa, second.cfa, exits[0], exits[1], first.env, second.env, inputs, notes
    )
    return z3.Or(*[case.formula() for case in cases]) if cases else z3.BoolVal(False)


def chc_check(
    old: Cfa,
    new: Cfa,
    seconds: float,
    memory_mb: int,
    restriction: Callable[[Mapping[str, z3.ExprRef]], list[z3.BoolRef]] | None = None,
) -> Equivalent | Unknown | Unsupported:
    """Partial equivalence by Spacer; a difference it derives is `Unknown` with
    the depth of its trace as `bound` (the bounded engine replays it)."""
    try:
        fp, error, _ = build_system(old, new, restriction)
    except NotEncodable as exc:
        return Unsupported(f"unbounded engine: {exc} not supported")
    text = fp.sexpr()
    if "\\" in text:  # a symbol z3 cannot read back would silently change the system
        return Unknown("unbounded engine: unprintable symbol", Stage.CHC)
    answer = query_horn(text, error.name(), Budget(seconds, seconds, memory_mb), _SPACER)
    match answer:
        case Unreachable():
            return Equivalent(Stage.CHC, partial=True)
        case Reached(trace_rules=rules):
            # the transitions of Spacer's counterexample (its rules less the entry and
            # the error): an upper bound on the iterations any loop needs to show it
            depth = None if rules is None else max(1, rules - 2)
            return Unknown(
                "Spacer derives a difference that is not replayed yet", Stage.CHC, bound=depth
            )
        case Undecided(reason=reason):
            return Unknown(reason, Stage.CHC)
        case _:
            assert_never(answer)
