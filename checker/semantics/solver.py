"""The one place that asks z3 for an answer.

Every call goes through a `Budget` that caps its time by what is left of the
function's allowance; z3's `unknown` (timeout, memory, incompleteness) becomes
an `Undecided` answer with z3's reason, never a guess. z3's own words (sat,
unsat) stay here: `check` answers with a `Solution`, `NoSolution` or
`Undecided`, `reachable` (Spacer) with `Reached`, `Unreachable` or
`Undecided`, and each engine maps these to what they mean for equivalence.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import z3

from checker.types import Settings


@dataclass
class Budget:
    """Wall-clock allowance for one function pair, shared by all its solver calls."""

    seconds: float
    per_call: float
    memory_mb: int = 4096
    started: float = field(default_factory=time.monotonic)
    calls: int = 0

    def remaining(self) -> float:
        return self.seconds - (time.monotonic() - self.started)

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def count_call(self) -> None:
        self.calls += 1

    def exhausted(self) -> bool:
        return self.remaining() <= 0.05

    def share(self, seconds: float) -> Budget:
        """A sub-budget of at most `seconds` that counts its calls into this one."""
        return _Share(
            min(seconds, max(0.0, self.remaining())), self.per_call, self.memory_mb, parent=self
        )

    def call_limit(self) -> float:
        return max(0.05, min(self.per_call, self.remaining()))


@dataclass
class _Share(Budget):
    parent: Budget | None = None

    def count_call(self) -> None:
        self.calls += 1
        if self.parent is not None:
            self.parent.count_call()


def function_budget(settings: Settings, started: float) -> Budget:
    """The one wall-clock allowance of a function pair, counted from `started`."""
    return Budget(settings.timeout, settings.solver_timeout, settings.memory_mb, started=started)


@dataclass(frozen=True)
class Solution:
    """The assertions hold together: z3's model of them (it stays in the engines)."""

    model: z3.ModelRef


@dataclass(frozen=True)
class NoSolution:
    """The assertions contradict each other."""

    core: tuple[int, ...] = ()
    """Under assumptions: indices of the assumptions the refutation used."""


@dataclass(frozen=True)
class Undecided:
    """z3 gave no answer (time or memory limit, incompleteness): never read as one."""

    reason: str


Answer = Solution | NoSolution | Undecided
"""What `check` says about a conjunction of assertions."""


def check(
    assertions: list[z3.BoolRef], budget: Budget, assuming: list[z3.BoolRef] = ()  # type: ignore[assignment]
) -> Answer:
    """Satisfiability of the conjunction of `assertions` (and `assuming`, whose
    unsat core is reported on NoSolution) within the budget."""
    if budget.exhausted():
        return Undecided("time limit reached")
    budget.count_call()
    z3.set_param("memory_max_size", budget.memory_mb)
    solver = z3.Solver()
    limit = budget.call_limit()
    solver.set("timeout", int(limit * 1000))
    if assuming:
        # a minimal core: the lifted GENERALIZE reads it as "these feature values
        # and input equalities are needed", so nothing removable may stay in it
        solver.set("core.minimize", True)
    solver.add(*assertions)
    markers = [z3.Bool(f"assumption!{i}") for i in range(len(assuming))]
    for marker, fact in zip(markers, assuming, strict=True):
        solver.add(z3.Implies(marker, fact))
    try:
        result = solver.check(*markers)
    except z3.Z3Exception as exc:
        return Undecided(f"solver error: {exc}")
    if result == z3.sat:
        return Solution(solver.model())
    if result == z3.unsat:
        used = {str(m) for m in solver.unsat_core()}
        return NoSolution(tuple(i for i, marker in enumerate(markers) if str(marker) in used))
    reason = solver.reason_unknown()
    if reason in ("timeout", "canceled"):
        reason = f"solver timeout after {limit:.1f} s"
    return Undecided(f"solver returned unknown ({reason})")


@dataclass(frozen=True)
class Reached:
    """Spacer derived the query relation: `depth` transitions along its trace
    (None when z3 cannot show the trace)."""

    depth: int | None


@dataclass(frozen=True)
class Unreachable:
    """Spacer proved that no derivation reaches the query relation."""


Reachability = Reached | Unreachable | Undecided
"""What `reachable` says about a query relation of a Horn-clause system."""


def reachable(clauses: str, relation: str, seconds: float, memory_mb: int) -> Reachability:
    """Can the Horn clauses `clauses` (SMT-LIB text) derive `relation` (Spacer)?

    The system is solved as a re-parsed copy in a fresh context: Spacer's
    heuristics depend on term ids, so the answer must not depend on whatever
    was built before."""
    z3.set_param("memory_max_size", memory_mb)
    fresh = z3.Fixedpoint(ctx=z3.Context())
    fresh.set(engine="spacer")
    fresh.set("xform.inline_eager", False)  # keep one predicate per cut-point pair:
    fresh.set("xform.inline_linear", False)  # inlining them made Spacer time out here
    fresh.set("timeout", max(1, int(seconds * 1000)))
    try:
        queries = fresh.parse_string(clauses + f"\n(query {relation})\n")
        answer = fresh.query(*queries)
    except z3.Z3Exception as exc:
        return Undecided("Spacer timeout" if "canceled" in str(exc) else f"Spacer failed: {exc}")
    if answer == z3.unsat:
        return Unreachable()
    if answer == z3.sat:
        return Reached(_trace_depth(fresh))
    return Undecided(f"Spacer: {fresh.reason_unknown()}")


def _trace_depth(fp: z3.Fixedpoint) -> int | None:
    """Transitions in Spacer's counterexample: an upper bound on the iterations any
    loop needs to show the difference."""
    try:
        return max(1, len(fp.get_rules_along_trace()) - 2)
    except z3.Z3Exception:
        return None
