"""Symbolic execution of an acyclic CFA into z3 terms, merging paths at joins.

Locations are visited in topological order; the state reaching a location is
the guarded merge (`If(guard_i, value_i, ...)`) of its incoming edges' states,
so the formula size is linear in the CFA rather than in its number of paths.
Observable events are kept per static call site with the guard under which the
site fires; a DAG visits sites in topological order, so these lists are the
event sequences of all paths at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType

import z3

from checker.errors import OutOfTime
from checker.ir import smt_ops
from checker.ir.heap import is_heap
from checker.ir.ir import (
    Assign,
    Assume,
    Binary,
    Bits,
    Call,
    Cast,
    Cfa,
    Const,
    CyclicRegion,
    Event,
    Expr,
    ExprVisitor,
    Ite,
    Load,
    Skip,
    Store,
    StrConst,
    Unary,
    Var,
    topological_order,
)
from checker.semantics.ctype import INDEX, FloatType, PointerType


@dataclass(frozen=True)
class EventSite:
    guard: z3.BoolRef
    func: str
    args: tuple[z3.ExprRef, ...]
    """The call's arguments, then the contents of the regions it can read."""
    pointers: tuple[z3.ExprRef, ...] = ()
    """The values of its pointer arguments: the locals they point into are
    visible to this call and every later one (`events_differ`)."""
    heap: tuple[bool, ...] = ()
    """Per region among `args`' trailing contents, whether it is the heap."""


@dataclass(frozen=True)
class Application:
    """An uninterpreted call as built: `func`'s value at `args` (its scalar
    arguments; memory contents are in `term`) is `term`; for an effect on memory,
    `region` names the region `term` (an array) becomes."""

    func: str
    args: tuple[z3.ExprRef, ...]
    term: z3.ExprRef
    region: str | None = None


@dataclass
class State:
    guard: z3.BoolRef
    env: dict[str, z3.ExprRef] = field(default_factory=dict)
    mem: dict[str, z3.ArrayRef] = field(default_factory=dict)


@dataclass(frozen=True)
class ExitState:
    """What reaches the exit: the path condition, final values, events."""

    guard: z3.BoolRef
    env: Mapping[str, z3.ExprRef]
    mem: Mapping[str, z3.ArrayRef]
    events: tuple[EventSite, ...]


class Environment:
    """Initial values for one version: shared inputs, fixed initials, free values."""

    def __init__(
        self,
        cfa: Cfa,
        inputs: Mapping[str, z3.ExprRef],
        functions: Callable[[str, tuple[z3.SortRef, ...], z3.SortRef], z3.FuncDeclRef],
        tag: str,
        sem: ModuleType = smt_ops,
    ) -> None:
        self.cfa = cfa
        self.inputs = inputs
        self.functions = functions
        self.tag = tag
        self.sem = sem
        self.free: dict[str, z3.ExprRef] = {}
        self.applications: list[Application] = []
        """Every uninterpreted call built (results and effects on memory), so that a
        model's values at concrete arguments can be read back (`witness.py`)."""

    def index_sort(self) -> z3.SortRef:
        return self.sem.sort_of(INDEX)

    def initial(self, name: str) -> z3.ExprRef:
        if name in self.inputs:
            return self.inputs[name]
        ctype = self.cfa.variables[name]
        if name in self.cfa.initial:
            return self.sem.const(self.cfa.initial[name], ctype)
        return self._free(name, self.sem.sort_of(ctype))

    def initial_region(self, name: str) -> z3.ArrayRef:
        if name in self.inputs:
            return self.inputs[name]
        region = self.cfa.regions[name]
        sem = self.sem
        elem = sem.sort_of(region.elem)
        if region.init is not None:
            array = z3.K(self.index_sort(), sem.const(0, region.elem))
            for index, value in enumerate(region.init):
                if value:
                    array = z3.Store(array, sem.const(index, INDEX), sem.const(value, region.elem))
            return array
        return self._free(name, z3.ArraySort(self.index_sort(), elem))

    def _free(self, name: str, sort: z3.SortRef) -> z3.ExprRef:
        if name not in self.free:
            self.free[name] = z3.Const(f"undef!{self.tag}!{name}", sort)
        return self.free[name]


class Evaluator:
    """Translate IR expressions under a state."""

    def __init__(self, env: Environment) -> None:
        self.env = env
        self.sem = env.sem

    def value(self, state: State, name: str) -> z3.ExprRef:
        if name not in state.env:
            return self.env.initial(name)
        return state.env[name]

    def region(self, state: State, name: str) -> z3.ArrayRef:
        if name not in state.mem:
            return self.env.initial_region(name)
        return state.mem[name]

    def expr(self, state: State, node: Expr) -> z3.ExprRef:
        return _Term(self, state).visit(node)

    def truth(self, state: State, node: Expr) -> z3.BoolRef:
        return self.sem.is_true(self.expr(state, node), node.type)


class _Term(ExprVisitor[z3.ExprRef]):
    """One expression's z3 term under one state."""

    def __init__(self, evaluator: Evaluator, state: State) -> None:
        self.evaluator = evaluator
        self.state = state
        self.sem = evaluator.sem

    def visit_Const(self, node: Const) -> z3.ExprRef:
        return self.sem.const(node.value, node.type)

    def visit_Var(self, node: Var) -> z3.ExprRef:
        return self.evaluator.value(self.state, node.name)

    def visit_Load(self, node: Load) -> z3.ExprRef:
        region = self.evaluator.region(self.state, node.region)
        return smt_ops.load(region, self.visit(node.index), node.type)

    def visit_Unary(self, node: Unary) -> z3.ExprRef:
        return self.sem.unary(node.op, self.visit(node.arg), node.arg.type)

    def visit_Binary(self, node: Binary) -> z3.ExprRef:
        left = self.visit(node.left)
        return self.sem.binary(node.op, left, self.visit(node.right), node.left.type)

    def visit_Cast(self, node: Cast) -> z3.ExprRef:
        return self.sem.cast(self.visit(node.arg), node.arg.type, node.type)

    def visit_Bits(self, node: Bits) -> z3.ExprRef:
        return smt_ops.bits(self.visit(node.arg), node.arg.type, node.type)

    def visit_Ite(self, node: Ite) -> z3.ExprRef:
        cond = self.sem.is_true(self.visit(node.cond), node.cond.type)
        then = self.visit(node.then)
        return z3.If(cond, then, self.visit(node.other))

    def visit_Call(self, node: Call) -> z3.ExprRef:
        sem, env = self.sem, self.evaluator.env
        args = [self.visit(a) for a in node.args]
        exact = sem.fp_library(node.func, args) if isinstance(node.type, FloatType) else None
        if exact is not None:
            return exact
        memory = [self.evaluator.region(self.state, r) for r in node.memory]
        decl = env.functions(
            node.func, tuple(a.sort() for a in (*args, *memory)), sem.sort_of(node.type)
        )
        term = decl(*args, *memory)
        env.applications.append(Application(node.func, tuple(args), term))
        return term

    def visit_StrConst(self, node: StrConst) -> z3.ExprRef:
        return self.sem.const(smt_ops.string_id(node.text).as_long(), INDEX)


def execute(cfa: Cfa, env: Environment, deadline: float | None = None) -> ExitState:
    """Run the whole (acyclic) CFA from its entry to its exit; past `deadline`,
    OutOfTime."""
    evaluator = Evaluator(env)
    order = topological_order(cfa)
    succ = cfa.successors()
    incoming: dict[int, list[State]] = {cfa.entry: [State(z3.BoolVal(True))]}
    events: list[EventSite] = []
    final: State | None = None
    for loc in order:
        if deadline is not None and time.monotonic() > deadline:
            raise OutOfTime(f"{cfa.name}: the product was not built in time")
        arriving = incoming.pop(loc, [])
        if not arriving:
            continue
        state = merge(arriving, evaluator)
        if loc == cfa.exit:
            final = state
            continue
        for edge in succ.get(loc, ()):
            nxt = step(evaluator, state, edge.action, events)
            if nxt is not None:
                incoming.setdefault(edge.dst, []).append(nxt)
    _all_arrived(cfa, incoming)
    if final is None:
        final = State(z3.BoolVal(False))
    return ExitState(final.guard, final.env, final.mem, tuple(events))


def execute_from(
    cfa: Cfa, env: Environment, start: int, state: State, stops: set[int]
) -> tuple[dict[int, State], list[EventSite]]:
    """Run from `start` until the first location in `stops` on every path (the
    part of the CFA between cut points, which is acyclic); returns the merged
    state arriving at each stop reached (at `start` itself: the paths that come
    back to it, a loop's back edges)."""
    evaluator = Evaluator(env)
    succ = cfa.successors()
    # the order of this region, not of the whole CFA: read off a cyclic CFA, it
    # put a loop head that is a stop here before the paths arriving at it
    order = topological_order(cfa, start, frozenset({*stops, start}))
    incoming: dict[int, list[State]] = {start: [state]}
    events: list[EventSite] = []
    reached: dict[int, State] = {}
    again: list[State] = []  # paths that come back to `start` (a loop's back edges)
    for loc in order:
        arriving = incoming.pop(loc, [])
        if not arriving:
            continue
        merged = merge(arriving, evaluator)
        if loc != start and loc in stops:
            reached[loc] = merged
            continue
        for edge in succ.get(loc, ()):
            nxt = step(evaluator, merged, edge.action, events)
            if nxt is None:
                continue
            if edge.dst == start:
                again.append(nxt)
            else:
                incoming.setdefault(edge.dst, []).append(nxt)
    _all_arrived(cfa, incoming)
    if again:
        reached[start] = merge(again, evaluator)
    return reached, events


def _all_arrived(cfa: Cfa, incoming: Mapping[int, list[State]]) -> None:
    """Every path that arrived somewhere was carried on: one left waiting after
    the last location was taken would be dropped from the formula (a path the
    proof never saw)."""
    if incoming:
        raise CyclicRegion(
            f"paths of '{cfa.name}' left at locations {sorted(incoming)} out of order"
        )


def step(
    evaluator: Evaluator, state: State, action: object, events: list[EventSite]
) -> State | None:
    if isinstance(action, Skip):
        return state
    if isinstance(action, Assume):
        # the new condition alone is simplified: simplifying the whole guard,
        # a DAG that grows with every merge, took minutes on unrolled loop nests
        cond = z3.simplify(evaluator.truth(state, action.cond))
        if z3.is_false(cond):
            return None
        if z3.is_true(cond):
            return state
        guard = cond if z3.is_true(state.guard) else z3.And(state.guard, cond)
        return State(guard, state.env, state.mem)
    if isinstance(action, Assign):
        env = dict(state.env)
        env[action.target] = evaluator.expr(state, action.value)
        return State(state.guard, env, state.mem)
    if isinstance(action, Store):
        mem = dict(state.mem)
        mem[action.region] = smt_ops.store(
            evaluator.region(state, action.region),
            evaluator.expr(state, action.index),
            evaluator.expr(state, action.value),
            action.value.type,
        )
        return State(state.guard, state.env, mem)
    if isinstance(action, Event):
        args = tuple(evaluator.expr(state, a) for a in action.args)
        memory = tuple(evaluator.region(state, r) for r in action.memory)
        pointers = tuple(value for value, arg in zip(args, action.args, strict=True)
                         if isinstance(arg.type, PointerType))
        events.append(EventSite(state.guard, action.func, (*args, *memory), pointers,
                                tuple(is_heap(r) for r in action.memory)))
        if not action.writes:
            return state
        mem = dict(state.mem)
        domain = tuple(a.sort() for a in (*args, *memory))
        for region, before in zip(action.memory, memory, strict=True):
            decl = evaluator.env.functions(f"{action.func}@{region}", domain, before.sort())
            mem[region] = decl(*args, *memory)
            evaluator.env.applications.append(
                Application(action.func, args, mem[region], region)
            )
        return State(state.guard, state.env, mem)
    raise TypeError(f"unknown IR action {action!r}")


def merge(states: list[State], evaluator: Evaluator) -> State:
    """Join states; a name assigned on only some paths keeps its initial value on
    the others."""
    if len(states) == 1:
        return states[0]
    guard = z3.Or(*[s.guard for s in states])
    env: dict[str, z3.ExprRef] = {}
    for name in set().union(*(s.env.keys() for s in states)):
        env[name] = _choice([(s.guard, evaluator.value(s, name)) for s in states])
    mem: dict[str, z3.ArrayRef] = {}
    for name in set().union(*(s.mem.keys() for s in states)):
        mem[name] = _choice([(s.guard, evaluator.region(s, name)) for s in states])
    return State(guard, env, mem)


def _choice(options: list[tuple[z3.BoolRef, z3.ExprRef]]) -> z3.ExprRef:
    result = options[-1][1]
    for guard, value in reversed(options[:-1]):
        if not value.eq(result):
            result = z3.If(guard, value, result)
    return result
