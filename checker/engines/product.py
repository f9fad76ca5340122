"""Self-composition of old and new over shared inputs (loop-free engine).

Inputs are matched by key (parameters by position, globals and features by
name); each version runs on the same symbols; the product's "outputs differ"
formula is what the solver refutes (EQUIVALENT) or satisfies (a candidate
witness for replay).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field

import z3

from checker.engines.symexec import Environment, EventSite, ExitState, execute
from checker.errors import UnsupportedError
from checker.ir import smt_ops
from checker.ir.heap import PointerDomain, is_heap
from checker.ir.heap_views import pointee_mismatch
from checker.ir.ir import (
    EXIT_CODE_VAR,
    STATUS_EXIT,
    STATUS_RETURN,
    STATUS_VAR,
    Cfa,
    Input,
    InputSource,
    Output,
)
from checker.lower.lower_state import NULL_SUFFIX
from checker.replay.replay import call_result_types
from checker.semantics.ctype import ScalarType
from checker.semantics.library import OUTPUT_FUNCTIONS


@dataclass
class UninterpretedFunctions:
    """One z3 function per (name, signature), shared by both versions."""

    decls: dict[tuple[str, tuple[z3.SortRef, ...], z3.SortRef], z3.FuncDeclRef] = field(
        default_factory=dict
    )

    def __call__(
        self, name: str, domain: tuple[z3.SortRef, ...], rng: z3.SortRef
    ) -> z3.FuncDeclRef:
        key = (name, domain, rng)
        if key not in self.decls:
            tag = "!".join(str(s) for s in (*domain, rng))
            self.decls[key] = z3.Function(f"uf!{name}!{tag}", *domain, rng)
        return self.decls[key]

    def by_name(self) -> list[tuple[str, z3.FuncDeclRef]]:
        return [(key[0], decl) for key, decl in self.decls.items()]


@dataclass(frozen=True)
class SharedInput:
    key: str
    name: str
    symbol: z3.ExprRef
    input: Input


@dataclass
class Product:
    old: Cfa
    new: Cfa
    inputs: dict[str, SharedInput]
    functions: UninterpretedFunctions
    old_exit: ExitState
    new_exit: ExitState
    old_env: Environment
    new_env: Environment
    domain: list[z3.BoolRef]
    cases: list[DiffCase]
    notes: list[str]

    @functools.cached_property
    def call_types(self) -> dict[str, ScalarType]:
        """Result type of each function called without code (`call_result_types`),
        once per product: every replayed candidate needs it, and walking both
        CFAs per candidate cost seconds on a BusyBox `main`."""
        return call_result_types(self.old, self.new)

    @property
    def differ(self) -> z3.BoolRef:
        return z3.Or(*[case.formula() for case in self.cases]) if self.cases else z3.BoolVal(False)

    @property
    def surely_differ(self) -> z3.BoolRef:
        """What an observer surely tells apart: `differ` without what printing
        events alone show. The replays compare printed text, the solver sees a
        format and its arguments (`%u` and `%d` of 5 print alike), so a claim
        that every input of a set differs (a NEQ-summary's body and head) rests
        on this; `differ` over-approximates, which is what a proof needs."""
        silent = [site for site in self.old_exit.events if site.func not in OUTPUT_FUNCTIONS]
        others = [site for site in self.new_exit.events if site.func not in OUTPUT_FUNCTIONS]
        cases = [case.formula() for case in self.cases if case.what != CALLS]
        return z3.Or(*cases, events_differ(tuple(silent), tuple(others),
                                           automatic_objects(self.inputs)))

    def config_symbols(self) -> dict[str, z3.ExprRef]:
        return {
            s.name: s.symbol for s in self.inputs.values() if s.input.source is InputSource.CONFIG
        }


def shared_inputs(old: Cfa, new: Cfa) -> dict[str, SharedInput]:
    inputs: dict[str, SharedInput] = {}
    for item in (*old.inputs, *new.inputs):
        existing = inputs.get(item.key)
        if existing is not None:
            if existing.input.type != item.type or existing.input.is_region != item.is_region:
                problem = _heap_view_problem(existing.input, item)
                if problem is None:
                    continue
                raise UnsupportedError(
                    f"'{item.name}' has type {existing.input.type} in the old version and "
                    f"{item.type} in the new one ({problem})",
                    new.location,
                )
            continue
        sort = smt_ops.sort_of(item.type)
        if item.is_region:
            sort = z3.ArraySort(z3.BitVecSort(64), sort)
        symbol = z3.Const(f"in!{item.key}", sort)
        inputs[item.key] = SharedInput(item.key, item.name, symbol, item)
    return inputs


def _heap_view_problem(old: Input, new: Input) -> str | None:
    """None for a pointer input whose pointee struct changed but whose members
    both versions know lie alike (heap_views): one address, shared."""
    if old.pointer is None or old.pointer != new.pointer or old.is_region or new.is_region:
        return "signature change"
    return pointee_mismatch(old.type, new.type)


def build_product(old: Cfa, new: Cfa, deadline: float | None = None) -> Product:
    """The two versions run side by side on shared inputs; past `deadline`,
    symexec.OutOfTime."""
    inputs = shared_inputs(old, new)
    functions = UninterpretedFunctions()
    old_env = Environment(old, _refs(old, inputs), functions, "old")
    new_env = Environment(new, _refs(new, inputs), functions, "new")
    old_exit = execute(old, old_env, deadline)
    new_exit = execute(new, new_env, deadline)
    notes: list[str] = []
    cases = outputs_differ(old, new, old_exit, new_exit, old_env, new_env, inputs, notes)
    domain = [*_domain(inputs), old_exit.guard, new_exit.guard]
    return Product(
        old, new, inputs, functions, old_exit, new_exit, old_env, new_env, domain, cases, notes
    )


def _refs(cfa: Cfa, inputs: Mapping[str, SharedInput]) -> dict[str, z3.ExprRef]:
    return {item.ref: inputs[item.key].symbol for item in cfa.inputs}


def _domain(inputs: Mapping[str, SharedInput]) -> list[z3.BoolRef]:
    """Null flags range over {0, 1}, pointers over NULL and their heap addresses;
    feature domains come from the lifted engine."""
    constraints = []
    for shared in inputs.values():
        if shared.key.endswith(NULL_SUFFIX):
            zero = smt_ops.const(0, shared.input.type)
            one = smt_ops.const(1, shared.input.type)
            constraints.append(z3.Or(shared.symbol == zero, shared.symbol == one))
        elif shared.input.pointer is not None:
            constraints.append(pointer_domain(shared.symbol, shared.input.pointer))
    return constraints


def pointer_domain(symbol: z3.ExprRef, domain: PointerDomain) -> z3.BoolRef:
    """A pointer input's values: NULL, or an aligned address in its range."""
    low, high = domain.range()
    inside = z3.And(
        z3.UGE(symbol, z3.BitVecVal(low, 64)), z3.ULT(symbol, z3.BitVecVal(high, 64))
    )
    if domain.align > 1:
        mask = z3.BitVecVal(domain.align - 1, 64)
        inside = z3.And(inside, symbol & mask == z3.BitVecVal(0, 64))
    return z3.Or(symbol == z3.BitVecVal(0, 64), inside)


def _final(
    cfa: Cfa,
    exit_state: ExitState,
    env: Environment,
    output: Output | None,
    key: str,
    inputs: Mapping[str, SharedInput],
) -> z3.ExprRef | None:
    if output is not None:
        if output.is_region:
            return exit_state.mem.get(output.ref, env.initial_region(output.ref))
        return exit_state.env.get(output.ref, env.initial(output.ref))
    shared = inputs.get(key)
    return None if shared is None else shared.symbol


CALLS = "calls"
"""The difference case of the event sequences (external calls and printing)."""


@dataclass(frozen=True)
class DiffCase:
    """One way the versions can differ: `guard`, and `old != new` when a pair is given.

    Kept apart (rather than one big disjunction) so a solver that chokes on the
    whole formula can be asked about one case, one output path at a time.
    """

    what: str
    guard: z3.BoolRef
    old: z3.ExprRef | None = None
    new: z3.ExprRef | None = None

    def formula(self) -> z3.BoolRef:
        if self.old is None or self.new is None:
            return self.guard
        return z3.And(self.guard, self.old != self.new)


def outputs_differ(
    old: Cfa,
    new: Cfa,
    old_exit: ExitState,
    new_exit: ExitState,
    old_env: Environment,
    new_env: Environment,
    inputs: Mapping[str, SharedInput],
    notes: list[str],
) -> list[DiffCase]:
    status_a = _status(old_exit, old_env, STATUS_VAR)
    status_b = _status(new_exit, new_env, STATUS_VAR)
    code_a = _status(old_exit, old_env, EXIT_CODE_VAR)
    code_b = _status(new_exit, new_env, EXIT_CODE_VAR)
    returned = status_a == old_env.sem.const(STATUS_RETURN, old.variables[STATUS_VAR])
    exited = status_a == old_env.sem.const(STATUS_EXIT, old.variables[STATUS_VAR])
    cases = [
        DiffCase("status", status_a != status_b),
        DiffCase("exit code", z3.And(exited, status_b == status_a), code_a, code_b),
        DiffCase(CALLS, events_differ(old_exit.events, new_exit.events,
                                      automatic_objects(inputs))),
    ]
    old_outputs = {o.key: o for o in old.outputs}
    new_outputs = {o.key: o for o in new.outputs}
    automatic = automatic_objects(inputs)
    for key in sorted(set(old_outputs) | set(new_outputs)):
        alone = new_outputs.get(key) if key not in old_outputs else old_outputs.get(key)
        if key not in old_outputs.keys() & new_outputs.keys() and alone and alone.private:
            notes.append(f"'{alone.name}' is state of one version only and is not compared")
            continue
        a = _final(old, old_exit, old_env, old_outputs.get(key), key, inputs)
        b = _final(new, new_exit, new_env, new_outputs.get(key), key, inputs)
        if a is None or b is None:
            notes.append(
                f"output '{key}' exists only in the "
                f"{'old' if b is None else 'new'} version and is not compared"
            )
            continue
        if a.sort() != b.sort():
            notes.append(f"output '{key}' changed type")
            cases.append(DiffCase(key, returned))
            continue
        output = old_outputs.get(key) or new_outputs[key]
        if automatic and output.is_region and is_heap(output.ref):
            at = z3.FreshConst(a.domain(), "at")  # some byte outside them differs
            cases.append(DiffCase(key, z3.And(returned, status_b == status_a,
                                              z3.Not(_in_locals(at, automatic))), a[at], b[at]))
            continue
        cases.append(DiffCase(key, z3.And(returned, status_b == status_a), a, b))
    return [case for case in cases if not z3.is_false(z3.simplify(case.formula()))]


def automatic_objects(inputs: Mapping[str, SharedInput]) -> list[tuple[z3.ExprRef, int]]:
    """The function's own local objects in the heap (`Input.automatic`): each
    one's address and size."""
    return [(shared.symbol, shared.input.automatic) for shared in inputs.values()
            if shared.input.automatic]


def _in_locals(at: z3.ExprRef, objects: list[tuple[z3.ExprRef, int]]) -> z3.BoolRef:
    """Whether heap address `at` lies in one of the function's own local objects
    (`Input.automatic`: at their address, of their size): those die at the return,
    so the heap at the exit is compared everywhere else."""
    inside = []
    for start, size in objects:
        end = start + size
        inside.append(z3.And(z3.UGE(at, start), z3.ULT(at, end)) if z3.is_bv(at)
                      else z3.And(at >= start, at < end))
    return z3.Or(*inside)


def _status(exit_state: ExitState, env: Environment, name: str) -> z3.ExprRef:
    return exit_state.env.get(name, env.initial(name))


def events_differ(
    a: tuple[EventSite, ...], b: tuple[EventSite, ...],
    automatic: list[tuple[z3.ExprRef, int]] | None = None,
) -> z3.BoolRef:
    """The two event sequences differ: counts differ, or some position holds
    different calls (see symexec: sites in topological order). A call sees the
    heap except the function's own local objects (`automatic`) whose address
    neither version has given to it or to a call before it: their bytes are
    not compared there (a local written before `probe()` and given only to a
    later `fill(&len)` is no difference at `probe`)."""
    if not a and not b:
        return z3.BoolVal(False)
    objects = automatic or []
    seen_a, seen_b = _escapes(a, objects), _escapes(b, objects)
    width = 32
    one, zero = z3.BitVecVal(1, width), z3.BitVecVal(0, width)

    def positions(sites: tuple[EventSite, ...]) -> tuple[list[z3.ExprRef], z3.ExprRef]:
        pos: list[z3.ExprRef] = []
        count: z3.ExprRef = zero
        for site in sites:
            pos.append(count)
            count = count + z3.If(site.guard, one, zero)
        return pos, count

    pos_a, count_a = positions(a)
    pos_b, count_b = positions(b)
    clashes: list[z3.BoolRef] = [count_a != count_b]
    for site_a, pa, visible_a in zip(a, pos_a, seen_a, strict=True):
        for site_b, pb, visible_b in zip(b, pos_b, seen_b, strict=True):
            same_call = (
                site_a.func == site_b.func
                and len(site_a.args) == len(site_b.args)
                and all(x.sort() == y.sort() for x, y in zip(site_a.args, site_b.args, strict=True))
            )
            meet = z3.And(site_a.guard, site_b.guard, pa == pb)
            if not same_call:
                clashes.append(meet)
            elif site_a.args:
                hidden = [z3.Not(z3.Or(ea, eb)) for ea, eb
                          in zip(visible_a, visible_b, strict=True)]
                args_differ = z3.Or(*[
                    _memory_differs(x, y, objects, hidden) if heap else x != y
                    for (x, y), heap in zip(zip(site_a.args, site_b.args, strict=True),
                                            _heap_mask(site_a), strict=True)])
                clashes.append(z3.And(meet, args_differ))
    return z3.Or(*clashes)


def _heap_mask(site: EventSite) -> tuple[bool, ...]:
    """Per argument of `site`, whether it is the heap's contents."""
    return (False,) * (len(site.args) - len(site.heap)) + site.heap


def _escapes(
    sites: tuple[EventSite, ...], objects: list[tuple[z3.ExprRef, int]]
) -> list[list[z3.BoolRef]]:
    """Per site (in order), per local object: whether this call or one before it
    on the path was given a pointer into it."""
    found: list[list[z3.BoolRef]] = []
    so_far: list[z3.BoolRef] = [z3.BoolVal(False) for _ in objects]
    for site in sites:
        if site.pointers:
            so_far = [z3.Or(before, z3.And(site.guard, z3.Or(*[
                _points_into(p, start, size) for p in site.pointers])))
                for before, (start, size) in zip(so_far, objects, strict=True)]
        found.append(so_far)
    return found


def _points_into(pointer: z3.ExprRef, start: z3.ExprRef, size: int) -> z3.BoolRef:
    if pointer.sort() != start.sort():
        return z3.BoolVal(False)
    if z3.is_bv(pointer):
        return z3.And(z3.UGE(pointer, start), z3.ULT(pointer, start + size))
    return z3.And(pointer >= start, pointer < start + size)


def _memory_differs(
    x: z3.ExprRef, y: z3.ExprRef, objects: list[tuple[z3.ExprRef, int]],
    hidden: list[z3.BoolRef],
) -> z3.BoolRef:
    """The heap contents `x` and `y` differ at a byte the call can see."""
    if not objects:
        return x != y
    at = z3.FreshConst(x.domain(), "seen")
    unseen = z3.Or(*[z3.And(h, _in_locals(at, [o])) for h, o in zip(hidden, objects,
                                                                     strict=True)])
    return z3.And(z3.Not(unseen), x[at] != y[at])
