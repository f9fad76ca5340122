"""VERIFY&CEX for one function pair, whatever its shape, under a restriction.

A restriction is a set of constraints over the shared inputs (feature
variables included): the lifted algorithm narrows the question to the
configurations not yet summarised, to one configuration cube, or to one body
of inputs. Loop-free pairs need one product; pairs with loops (or recursion)
go through bounded unrolling, relational invariants (Houdini), CHC (Spacer)
and deeper unrolling, in that order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import z3

from checker.engines.bounded import bounded_check, bounds, unwound
from checker.engines.chc import chc_check
from checker.engines.equiv import Confirmed, Replayer, Splitting, verify_and_cex
from checker.engines.houdini import houdini_check
from checker.engines.product import Product, build_product
from checker.errors import RecursionFound
from checker.frontend.program import Program
from checker.ir.heap import MemoryEncoding
from checker.ir.ir import Cfa, loop_heads
from checker.lower.lower import lower_pair
from checker.replay.replay import Assignment, CompiledVersion
from checker.semantics.solver import Budget, Outcome, check
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
PARTIAL = (
    "partial equivalence: proved for all inputs on which both versions terminate "
    "(loops are not checked for termination)"
)


@dataclass(frozen=True)
class Decision:
    kind: Outcome  # UNSAT: equivalent; SAT: replayed witness; UNKNOWN: see reason/bound
    witness: Confirmed | None = None
    reason: str | None = None
    bound: int | None = None
    notes: tuple[str, ...] = ()


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

    def __post_init__(self) -> None:
        try:
            old, new, self.encoding = lower_pair(self.old, self.new, self.name, self.settings)
            self.real = (old, new)
        except RecursionFound:
            self.real = None

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

    def replayer(self, product: Product, compiled: bool = True) -> Replayer:
        return Replayer(
            product,
            *self.versions,
            self.compiler if compiled else None,
            programs=self.real,
            configure=self.configure,
        )

    def decide(
        self,
        budget: Budget,
        restriction: Restriction = no_restriction,
        fixed: dict[str, int | float] | None = None,
        fuzz: bool = True,
        compiled: bool = True,
    ) -> Decision:
        """Equivalent under `restriction`, or a replayed witness satisfying it
        (`compiled=False`: interpreter replay only, for witnesses that are not
        reported, such as the ones that only extend a summary's head)."""
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
            return Decision(answer.kind, answer.witness, answer.reason)
        return self._decide_cyclic(budget, restriction, fixed)

    def replay(self, witness: Confirmed) -> Confirmed | None:
        """A witness found with `compiled=False`, replayed as a reported one (by
        the compiler too); None if a replay contradicts it. Bounded checks
        replay every witness both ways already."""
        if self.cyclic:
            return witness
        replayer = self.replayer(self.product())
        confirmed, *_ = replayer.confirm(witness.assignment, None)
        self.notes.extend(replayer.notes)
        return confirmed

    def _bounded(
        self,
        budget: Budget,
        ks: list[int],
        restriction: Restriction,
        fuzz: bool,
        fixed: dict[str, int | float] | None,
    ):  # type: ignore[no-untyped-def]
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
        )

    def _decide_cyclic(
        self, budget: Budget, restriction: Restriction, fixed: dict[str, int | float] | None
    ) -> Decision:
        ks = bounds(self.settings.unwind)
        bounded = self._bounded(
            budget, [k for k in ks if k <= QUICK_BOUND], restriction, True, fixed
        )
        shallow = [k for k in ks if QUICK_BOUND < k <= SHALLOW_BOUND]
        if bounded.kind is Outcome.UNKNOWN and shallow:
            bounded = self._bounded(
                budget.share(budget.remaining() * SHALLOW_SHARE), shallow, restriction, False,
                fixed,
            )
        done = max(QUICK_BOUND, bounded.bound or 0)
        notes: list[str] = []
        if bounded.kind is Outcome.UNKNOWN and self.real is not None:
            invariants = houdini_check(
                *self.real, budget.share(budget.remaining() * HOUDINI_SHARE), restriction
            )
            if invariants.kind is Outcome.UNSAT:
                return Decision(Outcome.UNSAT, notes=(PARTIAL,))
            unbounded = chc_check(
                *self.real, budget.remaining() * CHC_SHARE, self.settings.memory_mb, restriction
            )
            budget.count_call()
            if unbounded.kind is Outcome.UNSAT:
                return Decision(Outcome.UNSAT, notes=(PARTIAL,))
            if unbounded.kind is Outcome.SAT and unbounded.depth:
                deep = [unbounded.depth + 1, 2 * unbounded.depth + 2]
                bounded = self._bounded(budget, deep, restriction, False, fixed)
            if unbounded.reason:
                notes.append(unbounded.reason)
        if bounded.kind is Outcome.UNKNOWN and not budget.exhausted():
            bounded = self._bounded(budget, [k for k in ks if k > done], restriction, False, fixed)
        if bounded.product is not None:
            self.notes.extend(bounded.product.notes)
        if bounded.kind is Outcome.UNKNOWN:
            self.notes.extend(notes)  # why the unbounded engines did not decide
            if bounded.reason is not None:
                return Decision(Outcome.UNKNOWN, reason=bounded.reason)
            return Decision(
                Outcome.UNKNOWN,
                bound=bounded.bound,
                reason=(
                    f"no difference found up to {bounded.bound} loop iterations or recursion "
                    "levels; not proved for more"
                ),
            )
        return Decision(bounded.kind, bounded.witness)

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
            product = self.bounded_product(deepest)
            if product is None:
                return None
            symbols = _symbols(product)
            cut_old, cut_new = unwound(product)
            query = [*product.domain, *restriction(symbols),
                     z3.Or(z3.Not(product.differ), cut_old, cut_new)]
        answer = check(query, budget, literals(symbols))
        if answer.outcome is not Outcome.UNSAT:
            return None
        return list(answer.core)

    def equal_outputs(
        self, restriction: Restriction
    ) -> tuple[list[z3.BoolRef], dict[str, z3.ExprRef]]:
        """Loop-free pairs: "an input allowed by `restriction` with equal outputs"
        as solver assertions, and the input symbols they are over."""
        product = self.product()
        symbols = _symbols(product)
        return [*product.domain, *restriction(symbols), z3.Not(product.differ)], symbols

    def bounded_product(self, k: int) -> Product | None:
        if k not in self._bounded_products:
            try:
                old, new, _ = lower_pair(
                    self.old, self.new, self.name, self.settings, k, self.encoding
                )
                self._bounded_products[k] = build_product(old, new)
            except RecursionFound:
                self._bounded_products[k] = None
        return self._bounded_products[k]


def _symbols(product: Product) -> dict[str, z3.ExprRef]:
    return {key: shared.symbol for key, shared in product.inputs.items()}
