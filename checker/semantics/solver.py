"""The one place that asks z3 for an answer.

Every call goes through a `Budget` that caps its time by what is left of the
function's allowance; z3's `unknown` (timeout, memory, incompleteness) becomes
an `Undecided` answer with z3's reason, never a guess. z3's own words (sat,
unsat) stay here: `check` (satisfiability; a `Session` asks many questions
about one conjunction) answers with a `Solution`, `NoSolution` or `Undecided`,
`query_horn` (Spacer on Horn clauses) with `Reached`, `Unreachable` or
`Undecided`, and each engine maps these to what they mean for equivalence.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
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

    def deadline(self) -> float:
        """The `time.monotonic()` at which this budget ends."""
        return self.started + self.seconds

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

    def whole_remaining(self) -> float:
        """Seconds left in the function's whole budget (this one is a share of it)."""
        return self.remaining()


@dataclass
class _Share(Budget):
    parent: Budget | None = None

    def count_call(self) -> None:
        self.calls += 1
        if self.parent is not None:
            self.parent.count_call()

    def whole_remaining(self) -> float:
        return self.remaining() if self.parent is None else self.parent.whole_remaining()


ENGINE_SHARE = 0.95
"""The engines' budget ends this far into the function's limit: what runs between
two looks at the clock (a product being built, a replay being cut off) then
still ends before the limit, with the engine's own reason, not the alarm's."""


def function_budget(settings: Settings, started: float) -> Budget:
    """The one wall-clock allowance of a function pair, counted from `started`."""
    return Budget(settings.timeout * ENGINE_SHARE, settings.solver_timeout, settings.memory_mb,
                  started=started)


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
    assertions: list[z3.BoolRef],
    budget: Budget,
    assuming: Sequence[z3.BoolRef] = (),
    fresh: bool = False,
) -> Answer:
    """Satisfiability of the conjunction of `assertions` (and `assuming`, whose
    unsat core is reported on NoSolution) within the budget. `fresh`: solve a
    re-parsed copy in a context of its own (z3's heuristics depend on term ids,
    so a query that timed out among the terms built before may take a fraction
    of a second alone; the model comes back into the main context)."""
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
    if fresh and not assuming:
        return _check_fresh(solver, limit)
    try:
        result = solver.check(*markers)
    except z3.Z3Exception as exc:
        return Undecided(f"solver error: {exc}")
    return _answer(solver, result, limit, markers)


def _answer(
    solver: z3.Solver, result: z3.CheckSatResult, limit: float,
    markers: Sequence[z3.BoolRef] = (),
) -> Answer:
    """z3's word for `solver`'s last check, as an Answer."""
    if result == z3.sat:
        return Solution(solver.model())
    if result == z3.unsat:
        used = {str(m) for m in solver.unsat_core()}
        return NoSolution(tuple(i for i, marker in enumerate(markers) if str(marker) in used))
    reason = solver.reason_unknown()
    if reason in ("timeout", "canceled"):
        reason = f"solver timeout after {limit:.1f} s"
    return Undecided(f"solver returned unknown ({reason})")


def _check_fresh(solver: z3.Solver, limit: float) -> Answer:
    text = solver.to_smt2()
    if "\\" in text:  # a symbol z3 cannot read back would silently change the query
        return Undecided("solver error: unprintable symbol")
    copy = z3.Solver(ctx=z3.Context())
    try:
        copy.from_string(text)
        copy.set("timeout", int(limit * 1000))
        result = copy.check()
    except z3.Z3Exception as exc:
        return Undecided(f"solver error: {exc}")
    answer = _answer(copy, result, limit)
    if isinstance(answer, Solution):
        return Solution(answer.model.translate(z3.main_ctx()))
    return answer


class Session:
    """Many questions about one fixed conjunction, each adding its own facts:
    z3 takes the fixed part once and keeps what it learnt about it between
    questions (widening asks dozens about one body)."""

    def __init__(self, assertions: Sequence[z3.BoolRef], budget: Budget) -> None:
        self._budget = budget
        z3.set_param("memory_max_size", budget.memory_mb)
        self._solver = z3.Solver()
        self._solver.add(*assertions)

    def check(self, extra: Sequence[z3.BoolRef], seconds: float, work: int = 0) -> Answer:
        """Satisfiability of the fixed conjunction and `extra`, within `seconds`,
        the budget and (when not 0) `work` units of z3's resource counter: a
        limit in work gives the same answer on any machine load."""
        if self._budget.exhausted():
            return Undecided("time limit reached")
        self._budget.count_call()
        limit = min(self._budget.call_limit(), seconds)
        self._solver.push()
        try:
            self._solver.set("timeout", int(limit * 1000))
            self._solver.set("rlimit", work)
            self._solver.add(*extra)
            try:
                result = self._solver.check()
            except z3.Z3Exception as exc:
                return Undecided(f"solver error: {exc}")
            return _answer(self._solver, result, limit)
        finally:
            self._solver.pop()

    def work_done(self) -> int:
        """z3's resource counter so far (it counts deterministic work, not time)."""
        statistics = self._solver.statistics()
        names = statistics.keys()  # z3's Statistics has no `in`
        return int(statistics.get_key_value("rlimit count")) if "rlimit count" in names else 0


@dataclass(frozen=True)
class Reached:
    """Spacer derived the queried relation."""

    trace_rules: int | None
    """How many rules Spacer's counterexample applies (None: it gives none)."""


@dataclass(frozen=True)
class Unreachable:
    """Spacer proved that no derivation reaches the queried relation."""


Reachability = Reached | Unreachable | Undecided
"""What `query_horn` says about a queried relation of a Horn-clause system."""


def query_horn(
    clauses: str, relation: str, budget: Budget, options: Mapping[str, bool] | None = None
) -> Reachability:
    """Is `relation` reachable under the Horn `clauses` (SMT-LIB text, as
    `Fixedpoint.sexpr()` prints them)? Spacer solves a re-parsed copy in a fresh
    context: its heuristics depend on term ids, so the answer does not depend on
    whatever was built before."""
    if budget.exhausted():
        return Undecided("time limit reached")
    budget.count_call()
    z3.set_param("memory_max_size", budget.memory_mb)
    fixedpoint = z3.Fixedpoint(ctx=z3.Context())
    fixedpoint.set(engine="spacer")
    for name, value in (options or {}).items():
        fixedpoint.set(name, value)
    fixedpoint.set("timeout", int(budget.call_limit() * 1000))
    try:
        queries = fixedpoint.parse_string(f"{clauses}\n(query {relation})\n")
        result = fixedpoint.query(*queries)
    except z3.Z3Exception as exc:
        return Undecided("Spacer timeout" if "canceled" in str(exc) else f"Spacer failed: {exc}")
    if result == z3.unsat:
        return Unreachable()
    if result == z3.sat:
        try:
            rules: int | None = len(fixedpoint.get_rules_along_trace())
        except z3.Z3Exception:
            rules = None
        return Reached(rules)
    return Undecided(f"Spacer: {fixedpoint.reason_unknown()}")
