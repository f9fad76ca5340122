"""Bounded equivalence: loops unrolled (and recursion inlined) k = 1, 2, 4, ... times.

A difference found within k iterations is a real, replayed witness. No
difference up to k is only evidence (UNKNOWN with `bound`), unless no run of
either version needs more than k iterations at all - then the bounded product
covers every execution and the verdict is a proof. The bounded product also
proposes where a version may hang: an input on which one version is still
looping after k iterations while the other has returned (`hang_witness`).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping
from typing import assert_never

import z3

from checker.engines.answer import (
    Answer,
    Confirmed,
    Different,
    Equivalent,
    Stage,
    Unknown,
    Unsupported,
)
from checker.engines.equiv import HANG_STEPS, Replayer, random_search, verify_and_cex
from checker.engines.product import Product, build_product
from checker.engines.witness import model_assignment
from checker.errors import OutOfTime
from checker.frontend.program import Program
from checker.ir import smt_ops
from checker.ir.heap import MemoryEncoding
from checker.ir.ir import STATUS_NONTERMINATING, STATUS_UNWOUND, STATUS_VAR, Cfa, loop_heads
from checker.lower.lower import lower_pair
from checker.replay.interp import InterpreterError
from checker.replay.replay import Assignment, CompiledVersion, Scalar
from checker.semantics.solver import Budget, NoSolution, Solution, check
from checker.types import Settings

COMPLETENESS_CALL = 3.0
"""Seconds to ask whether more iterations are possible at all (a larger k may make
the question trivial, so a hard one is not worth waiting for)."""
MAX_EDGES = 60_000
"""Stop doubling k once an unrolled CFA grows past this many edges."""
HANG_TRIES = 3
"""Inputs the solver proposes for one hang search before it gives up."""


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


GROWTH = 2.0
"""A deeper bound's product takes at least about this many times the last one's
time to lower and build (it unrolls each loop further): with less time left
than that, the search stops at the bound it reached rather than overrun."""


FUZZ_SHARE = 0.3
"""Of the time left, what the random tests before the first solver call may take
(a `main` whose every test runs a loop over argv to its step limit would
otherwise spend the whole budget before the solver is asked)."""


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
    notes: list[str] | None = None,
    encoding: MemoryEncoding | None = None,
    constants: dict[str, Scalar] | None = None,
) -> tuple[Answer, int]:
    """Search for a difference with increasing unrolling bounds `ks`: the
    answer, and the deepest bound searched without finding one. A proof or a
    witness adds its product's notes to `notes`; `constants`: gcc's values of
    constants declared nowhere here, learned and shared (`Replayer.constants`)."""
    reached = 0
    reason = None
    first = True
    building = 0.0  # seconds the last bound took to lower and build
    for k in ks:
        if budget.exhausted() or budget.remaining() < GROWTH * building:
            break  # a deeper product would not be built, let alone solved, in time
        started = time.monotonic()
        deadline = budget.deadline()
        try:
            old_cfa, new_cfa, _ = lower_pair(old, new, name, settings, k, encoding, deadline)
        except OutOfTime:
            break  # the budget ran out unrolling this bound
        if loop_heads(old_cfa) or loop_heads(new_cfa):  # unrolling unfolds for/while/do
            return Unknown("a loop made with goto (a jump back to a label) is not unrolled: "
                           "the bounded search cannot run on it", Stage.BOUNDED), reached
        if len(old_cfa.edges) + len(new_cfa.edges) > MAX_EDGES and reached:
            break
        try:
            product = build_product(old_cfa, new_cfa, deadline)
        except OutOfTime:
            break  # the budget ran out building this bound's product
        building = time.monotonic() - started
        unwound_old, unwound_new = unwound(product)
        replayer = Replayer(
            product,
            versions[0],
            versions[1],
            compiler,
            programs=real or (old_cfa, new_cfa),
            configure=configure,
            budget=budget,
            constants=constants if constants is not None else {},
        )
        symbols = {key: shared.symbol for key, shared in product.inputs.items()}
        restricted = restriction(symbols) if restriction is not None else []
        within = [*restricted, z3.Not(unwound_old), z3.Not(unwound_new)]
        if first and fuzz:
            found = random_search(
                product, restricted, replayer, settings.random_tests, settings.seed,
                budget.share(budget.remaining() * FUZZ_SHARE), fixed
            )
            if found is not None:
                return _found(found, product, notes), reached
        first = False
        answer = verify_and_cex(product, within, replayer, budget, settings, fuzz=False)
        match answer:
            case Different(witness=witness):
                return _found(witness, product, notes), reached
            case Unknown(reason=why):
                reason = why
                break
            case Equivalent():
                pass  # no difference within k
            case Unsupported():
                return answer, reached
            case _:
                assert_never(answer)
        reached = k
        cut = z3.simplify(z3.Or(unwound_old, unwound_new))
        if z3.is_false(cut):
            return _complete(product, notes), reached
        deeper = check([*product.domain, *restricted, cut], budget.share(COMPLETENESS_CALL))
        if isinstance(deeper, NoSolution):
            return _complete(product, notes), reached
        if isinstance(deeper, Solution):  # a run that goes deeper: does it hang?
            hang = _hang(product, replayer, deeper.model)
            if hang is not None:
                return _found(hang, product, notes), reached
    if reason is not None:
        return Unknown(reason, Stage.BOUNDED), reached
    return Unknown(
        f"no difference found up to {reached} loop iterations or recursion levels; "
        "not proved for more",
        Stage.BOUNDED,
        bound=reached,
    ), reached


def _found(witness: Confirmed, product: Product, notes: list[str] | None) -> Different:
    if notes is not None:
        notes.extend(product.notes)
    return Different(witness)


def _complete(product: Product, notes: list[str] | None) -> Equivalent:
    """No run of either version needs more than k iterations: the bounded
    product is every execution, so equal there is equal (and both terminate)."""
    if notes is not None:
        notes.extend(product.notes)
    return Equivalent(Stage.BOUNDED, partial=False)


def hang_witness(
    product: Product, restricted: list[z3.BoolRef], replayer: Replayer, budget: Budget
) -> Confirmed | None:
    """A replayed witness on which one version provably never ends, among the
    inputs allowed by `restricted` on which one version of the bounded product
    returns within its bound while the other still loops (the solver proposes
    up to HANG_TRIES of them; each is run and, if cut off, tried as a hang)."""
    unwound_old, unwound_new = unwound(product)
    query = [*product.domain, *restricted, z3.Xor(unwound_old, unwound_new)]
    for _ in range(HANG_TRIES):
        proposal = check(query, budget)
        if not isinstance(proposal, Solution):
            return None
        found = _hang(product, replayer, proposal.model)
        if found is not None:
            return found
        query.append(z3.Not(z3.And(*_same_scalars(product, proposal.model))))
    return None


def _hang(product: Product, replayer: Replayer, model: z3.ModelRef) -> Confirmed | None:
    """The witness on the model's inputs if one version provably never ends there."""
    old_cut, new_cut = (z3.is_true(model.eval(mark, model_completion=True))
                        for mark in unwound(product))
    if old_cut == new_cut:
        return None
    assignment = model_assignment(product, model)
    try:  # the interpreter alone first: only a hang is worth compiling
        seen, *_ = dataclasses.replace(replayer, compiler=None).confirm(
            assignment, model, HANG_STEPS)
        if seen is None or STATUS_NONTERMINATING not in (seen.old.status, seen.new.status):
            return None
        confirmed, *_ = replayer.confirm(assignment, model, HANG_STEPS)
    except InterpreterError:
        return None
    return confirmed


def _same_scalars(product: Product, model: z3.ModelRef) -> list[z3.BoolRef]:
    """The model's values of the scalar inputs, as equalities (to block them)."""
    return [shared.symbol == model.eval(shared.symbol, model_completion=True)
            for shared in product.inputs.values() if not shared.input.is_region]
