"""VERIFY&CEX for one function pair, whatever its shape, under a restriction.

A restriction is a set of constraints over the shared inputs (feature
variables included): the lifted algorithm narrows the question to the
configurations not yet summarised, to one configuration cube, or to one body
of inputs. Loop-free pairs need one product; pairs with loops (or recursion)
go through bounded unrolling, relational invariants (Houdini), CHC (Spacer)
and deeper unrolling, in that order. What the unbounded engines prove is
partial equivalence, so before such a proof is the answer, the bounded
product is asked for an input on which one version hangs (`termination`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
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
from checker.engines.bounded import bounded_check, bounds, hang_witness, unwound
from checker.engines.chc import chc_check
from checker.engines.equiv import Replayer, Splitting, verify_and_cex
from checker.engines.houdini import houdini_check
from checker.engines.product import Product, build_product
from checker.errors import OutOfTime, RecursionFound
from checker.frontend.program import Program
from checker.ir.cfa_runs import as_runs, one_program
from checker.ir.heap import MemoryEncoding
from checker.ir.ir import Cfa, CyclicRegion, loop_heads
from checker.lower.lower import lower_pair
from checker.replay.replay import Assignment, CompiledVersion, Scalar
from checker.semantics.solver import Budget, NoSolution, check
from checker.types import Settings

Restriction = Callable[[Mapping[str, z3.ExprRef]], list[z3.BoolRef]]
"""Input key -> symbol, to constraints over those symbols."""

QUICK_BOUND = 2
"""Unrolling bounds tried before the unbounded engines (cheap, find shallow differences)."""
SHALLOW_BOUND = 8
SHALLOW_SHARE = 0.1
"""Unrollings up to SHALLOW_BOUND get this part of the remaining time before the
unbounded engines: a loop with a small constant trip count is proved by
complete unrolling in milliseconds, where Spacer may spend its whole share."""
HOUDINI_SHARE = 0.5
"""Part of the remaining time for relational invariants by elimination (Houdini)."""
CHC_SHARE = 0.6
"""Part of the remaining time given to the unbounded (CHC) engine."""
HANG_SHARE = 0.05
HANG_SECONDS = 2.0
"""Time for the hang search that precedes a partial-equivalence answer: a
part of what is left, at most this many seconds."""


SAME_PROGRAM = Equivalent(Stage.SAME_PROGRAM, partial=False)
"""Both versions run the same CFA: they end, hang and act alike on every input."""


def no_restriction(symbols: Mapping[str, z3.ExprRef]) -> list[z3.BoolRef]:
    return []


@dataclass
class PairContext:
    """One function of one old/new (variant) pair, lowered once, decided many times."""

    old: Program
    new: Program
    name: str
    settings: Settings
    versions: tuple[CompiledVersion, CompiledVersion]
    compiler: str | None
    configure: Callable[[Assignment], tuple[CompiledVersion, CompiledVersion]] | None = None
    """The products, derived by gcc's preprocessor, for a witness's configuration."""
    real: tuple[Cfa, Cfa] | None = None
    notes: list[str] = field(default_factory=list)
    _product: Product | None = None
    _splitting: Splitting = field(default_factory=Splitting)
    _bounded_products: dict[int, Product | None] = field(default_factory=dict)
    encoding: MemoryEncoding | None = None
    """The heap's encoding of the real CFAs (bounded ones use the same)."""
    runs: tuple[Cfa, Cfa] | None = None
    """The real CFAs as the engines see them (`cfa_runs.as_runs`): what pairs
    and versions are compared by."""
    one_program: bool = False
    """Old and new lower to CFAs that compute the same: equivalent under any
    restriction, loops and all, with no solver."""
    constants: dict[str, Scalar] = field(default_factory=dict)
    """Constants declared nowhere here at gcc's values, learned by compiled replays
    (`Replayer.constants`), shared by every later question about this pair."""

    def __post_init__(self) -> None:
        try:
            old, new, self.encoding = lower_pair(self.old, self.new, self.name, self.settings)
            self.real = (old, new)
        except RecursionFound:
            self.real = None
        self.runs = as_runs(self.real)
        self.one_program = one_program(self.runs)

    @property
    def cyclic(self) -> bool:
        return self.real is None or bool(loop_heads(self.real[0]) or loop_heads(self.real[1]))

    def assumptions(self) -> tuple[str, ...]:
        found: list[str] = []
        for cfa in self.real or ():
            found.extend(cfa.assumptions)
        if self._product is not None:
            found.extend(self._product.notes)
        found.extend(self.notes)
        return tuple(dict.fromkeys(found))

    def product(self) -> Product:
        """The loop-free product (built once)."""
        assert self.real is not None and not self.cyclic
        if self._product is None:
            self._product = build_product(*self.real)
        return self._product

    def replayer(
        self, product: Product, compiled: bool = True, budget: Budget | None = None
    ) -> Replayer:
        return Replayer(
            product,
            *self.versions,
            self.compiler if compiled else None,
            programs=self.real,
            configure=self.configure,
            budget=budget,
            constants=self.constants,
        )

    def decide(
        self,
        budget: Budget,
        restriction: Restriction = no_restriction,
        fixed: dict[str, int | float] | None = None,
        fuzz: bool = True,
        compiled: bool = True,
    ) -> Answer:
        """Equivalent under `restriction`, or a replayed witness satisfying it
        (`compiled=False`: interpreter replay only, for witnesses that are not
        reported, such as the ones that only extend a summary's head)."""
        if self.one_program:
            return SAME_PROGRAM
        if not self.cyclic:
            product = self.product()
            replayer = self.replayer(product, compiled)
            answer = verify_and_cex(
                product,
                restriction(_symbols(product)),
                replayer,
                budget,
                self.settings,
                fixed,
                fuzz=fuzz,
                splitting=self._splitting,
            )
            self.notes.extend(replayer.notes)
            return answer
        return self._decide_cyclic(budget, restriction, fixed)

    def replay(self, witness: Confirmed) -> Confirmed | str:
        """A witness found with `compiled=False`, replayed as a reported one (by
        the compiler too); if a replay contradicts or cannot run it, why. Bounded
        checks replay every witness both ways already."""
        if self.cyclic:
            return witness
        replayer = self.replayer(self.product())
        confirmed, _, _, reason = replayer.confirm(witness.assignment, None)
        self.notes.extend(replayer.notes)
        return reason if confirmed is None else confirmed

    def _bounded(
        self,
        budget: Budget,
        ks: list[int],
        restriction: Restriction,
        fuzz: bool,
        fixed: dict[str, int | float] | None,
    ) -> tuple[Answer, int]:
        return bounded_check(
            self.old,
            self.new,
            self.name,
            self.settings,
            budget,
            self.versions,
            self.compiler,
            self.real,
            ks,
            fuzz=fuzz,
            restriction=restriction,
            configure=self.configure,
            fixed=fixed,
            encoding=self.encoding,
            notes=self.notes,
            constants=self.constants,
        )

    def _decide_cyclic(
        self, budget: Budget, restriction: Restriction, fixed: dict[str, int | float] | None
    ) -> Answer:
        ks = bounds(self.settings.unwind)
        answer, reached = self._bounded(
            budget, [k for k in ks if k <= QUICK_BOUND], restriction, True, fixed
        )
        shallow = [k for k in ks if QUICK_BOUND < k <= SHALLOW_BOUND]
        if isinstance(answer, Unknown) and shallow:
            answer, reached = self._bounded(
                budget.share(budget.remaining() * SHALLOW_SHARE), shallow, restriction, False,
                fixed,
            )
        done = max(QUICK_BOUND, reached)
        notes: list[str] = []
        if isinstance(answer, Unknown) and self.real is not None:
            invariants = houdini_check(
                *self.real, budget.share(budget.remaining() * HOUDINI_SHARE), restriction
            )
            if isinstance(invariants, Equivalent):
                return self._unless_hang(invariants, budget, restriction)
            unbounded = chc_check(
                *self.real, budget.remaining() * CHC_SHARE, self.settings.memory_mb, restriction
            )
            budget.count_call()
            match unbounded:
                case Equivalent():
                    return self._unless_hang(unbounded, budget, restriction)
                case Unknown(bound=int(depth)) if depth:  # Spacer's trace: unroll that far
                    answer, reached = self._bounded(
                        budget, [depth + 1, 2 * depth + 2], restriction, False, fixed
                    )
                case Unknown(reason=reason) | Unsupported(reason=reason):
                    notes.append(reason)
                case _:
                    assert_never(unbounded)
        if isinstance(answer, Unknown) and not budget.exhausted():
            answer, reached = self._bounded(
                budget, [k for k in ks if k > done], restriction, False, fixed
            )
        if isinstance(answer, Unknown):
            self.notes.extend(notes)  # why the unbounded engines did not decide
        return answer

    def _unless_hang(
        self, proof: Equivalent, budget: Budget, restriction: Restriction
    ) -> Equivalent | Different:
        """A partial-equivalence `proof`, unless the bounded product proposes an
        input on which one version provably hangs while the other returns:
        then that input is the answer (a change that makes a function hang
        changes its behaviour)."""
        product = self.bounded_product(QUICK_BOUND, cache=False, deadline=budget.deadline())
        if product is None or budget.exhausted():
            return proof
        share = budget.share(min(HANG_SECONDS, budget.remaining() * HANG_SHARE))
        replayer = self.replayer(product, budget=share)
        witness = hang_witness(product, restriction(_symbols(product)), replayer, share)
        self.notes.extend(replayer.notes)
        if witness is None:
            return proof
        self.notes.extend(product.notes)
        return Different(witness)

    def differs_everywhere(self, budget: Budget, restriction: Restriction) -> bool | None:
        """Is every input allowed by `restriction` a difference (a sound body)?
        Asks for an allowed input with equal outputs; None when undecided."""
        return self.sufficient(budget, restriction, lambda symbols: []) is not None or None

    def sufficient(
        self,
        budget: Budget,
        restriction: Restriction,
        literals: Callable[[Mapping[str, z3.ExprRef]], list[z3.BoolRef]],
    ) -> list[int] | None:
        """Indices of a subset of `literals` that, with `restriction`, already makes
        every allowed input a difference (from the solver's unsat core); None if
        even all of them do not (or the solver cannot tell)."""
        if not self.cyclic:
            query, symbols = self.equal_outputs(restriction)
        else:
            deepest = max(self._bounded_products, default=self.settings.unwind)
            product = self.bounded_product(deepest, deadline=budget.deadline())
            if product is None:
                return None
            symbols = _symbols(product)
            cut_old, cut_new = unwound(product)
            query = [*product.domain, *restriction(symbols),
                     z3.Or(z3.Not(product.surely_differ), cut_old, cut_new)]
        answer = check(query, budget, literals(symbols))
        if not isinstance(answer, NoSolution):
            return None
        return list(answer.core)

    def equal_outputs(
        self, restriction: Restriction
    ) -> tuple[list[z3.BoolRef], dict[str, z3.ExprRef]]:
        """Loop-free pairs: "an input allowed by `restriction` with equal outputs"
        (or outputs that the solver cannot tell apart: `surely_differ`) as solver
        assertions, and the input symbols they are over."""
        product = self.product()
        symbols = _symbols(product)
        return [*product.domain, *restriction(symbols), z3.Not(product.surely_differ)], symbols

    def bounded_product(
        self, k: int, cache: bool = True, deadline: float | None = None
    ) -> Product | None:
        """The product unrolled k times (None with recursion that cannot be
        unrolled or a loop made with `goto`, which unrolling leaves a loop; or
        not built by `deadline`: then not cached, a later caller may have more
        time). `cache=False` leaves it out of the products `sufficient` chooses
        from (the deepest one cached)."""
        if k in self._bounded_products:
            return self._bounded_products[k]
        try:
            old, new, _ = lower_pair(self.old, self.new, self.name, self.settings, k,
                                     self.encoding, deadline)
            product: Product | None = build_product(old, new, deadline)
        except (RecursionFound, CyclicRegion):
            product = None
        except OutOfTime:
            return None
        if cache:
            self._bounded_products[k] = product
        return product


def _symbols(product: Product) -> dict[str, z3.ExprRef]:
    return {key: shared.symbol for key, shared in product.inputs.items()}
