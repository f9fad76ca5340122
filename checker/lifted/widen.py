"""Widening a featured counterexample's body from input values to input ranges.

GENERALIZE keeps the input equalities a body needs; an equality that stays is
usually one value of many that differ (`x == 273739256` where every `x > 8`
does). Widening turns each such integer equality into a range around the
witness's value inside which the whole body is still a difference. Per input
and side, one question first: does every value up to the type's limit
differ? If not, the solver's input with equal outputs is the known-bad end of
a bisection toward the boundary, and each further model moves that end. A
side whose bisection runs out of its allowance stays at the value (a bound that is not
the boundary would read like one); the shortest bisections go first, and one
that cannot finish in what is left (at most log2 of its span in questions, at
the pace so far) is not started. Each extension is proved with every other
input in its current range, so the final box is sound as a whole.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import z3

from checker.semantics.ctype import IntType, ScalarType
from checker.semantics.solver import Budget, NoSolution, Session, Solution

CALL_SECONDS = 2.0
"""Wall-clock limit of one question (they take milliseconds on small functions)."""


@dataclass
class Allowance:
    """What widening may spend: solver questions per body, and units of z3's
    resource counter shared by the bodies of a summary. Work, not time: the
    counter is deterministic, so a run reports the same ranges on any machine
    and any load (the function's wall-clock budget and CALL_SECONDS stay as
    safety nets that small functions never reach)."""

    calls: int
    work: int

    def spent(self) -> bool:
        return self.work <= 0

    def charge(self, units: int) -> None:
        self.work -= units


@dataclass(frozen=True)
class Interval:
    """An integer input's range in a body; None: unbounded on that side."""

    lo: int | None
    hi: int | None
    signed: bool

    def conditions(self, name: str) -> list[str]:
        """`name >= lo`, `name <= hi` as C (none when unbounded)."""
        return [f"{name} {op} {bound}" for op, bound in ((">=", self.lo), ("<=", self.hi))
                if bound is not None]

    def constraint(self, symbol: z3.BitVecRef) -> z3.BoolRef:
        bits = symbol.size()
        parts = []
        for bound, below in ((self.lo, False), (self.hi, True)):
            if bound is None:
                continue
            value = z3.BitVecVal(bound & ((1 << bits) - 1), bits)
            if self.signed:
                parts.append(symbol <= value if below else symbol >= value)
            else:
                parts.append(z3.ULE(symbol, value) if below else z3.UGE(symbol, value))
        return z3.And(*parts) if parts else z3.BoolVal(True)


def widen(
    query: list[z3.BoolRef],
    symbols: Mapping[str, z3.ExprRef],
    values: Mapping[str, int],
    types: Mapping[str, ScalarType],
    budget: Budget,
    allowance: Allowance,
) -> dict[str, Interval]:
    """The widest box around `values` inside which `query` (equal outputs under
    the body's other constraints) has no solution. `query` must be
    unsatisfiable with every input at its value; a side whose search runs out
    of work or of questions stays at the value; inputs the solver does not
    see as bit-vectors of their type's width are left out."""
    box = {key: _Range(value, value, types[key])  # type: ignore[arg-type]
           for key, value in values.items()
           if z3.is_bv(symbols.get(key)) and symbols[key].size() == types[key].bits}  # type: ignore[union-attr]
    session = Session(query, budget)
    calls = 0
    used = 0

    def inside(key: str, lo: int, hi: int) -> list[z3.BoolRef]:
        return [span.interval(*((lo, hi) if other == key else (span.lo, span.hi)))
                .constraint(symbols[other]) for other, span in box.items()]

    def equal_at(key: str, lo: int, hi: int) -> int | bool | None:
        """A value in [lo, hi] of `key` at which some input of the box has equal
        outputs; False when there is none; None when undecided."""
        nonlocal calls, used
        if budget.exhausted() or allowance.spent() or calls >= allowance.calls:
            return None
        calls += 1
        before = session.work_done()
        answer = session.check(inside(key, lo, hi), CALL_SECONDS, allowance.work)
        units = max(session.work_done() - before, 1)
        used += units
        allowance.charge(units)
        if isinstance(answer, NoSolution):
            return False
        if not isinstance(answer, Solution):
            return None
        found = answer.model.eval(symbols[key], model_completion=True).as_long()
        return box[key].type.wrap(found)

    bounded: list[tuple[str, int, int]] = []
    for key in sorted(box):
        span = box[key]
        for step, limit in ((-1, span.type.min), (1, span.type.max)):
            good = span.lo if step < 0 else span.hi
            if good == limit:
                continue
            found = equal_at(key, *sorted((good + step, limit)))
            if found is False:
                span.extend(step, limit)
            elif found is not None:
                bounded.append((key, step, found))

    def affordable(questions: int) -> bool:
        """Can a bisection of at most `questions` questions finish (at the pace
        so far)? One that cannot would leave its side at the value anyway."""
        pace = used / calls if calls else 0.0
        return calls + questions <= allowance.calls and pace * questions <= allowance.work

    def good_end(key: str, step: int) -> int:
        """The side's known-good end: where its bisection starts."""
        return box[key].lo if step < 0 else box[key].hi

    def span_of(item: tuple[str, int, int]) -> int:
        key, step, bad = item
        return abs(bad - good_end(key, step))

    for key, step, bad in sorted(bounded, key=span_of):  # the shortest searches first
        span = box[key]
        good = good_end(key, step)
        if not affordable((abs(bad - good) - 1).bit_length()):
            continue
        bound = _bisect(good, bad, step, lambda lo, hi, k=key: equal_at(k, lo, hi))
        if bound is not None:
            span.extend(step, bound)
    return {key: span.interval(span.lo, span.hi) for key, span in box.items()}


def _bisect(good: int, bad: int, step: int, equal_at) -> int | None:  # type: ignore[no-untyped-def]
    """The last value from `good` toward `bad` (one step at a time) before the
    first equal one; None when undecided (a bound that is not the boundary
    would read like one)."""
    while (bad - good) * step > 1:
        probe = good + (bad - good) // 2 if step > 0 else good - (good - bad) // 2
        found = equal_at(*sorted((good + step, probe)))
        if found is None:
            return None
        if found is False:
            good = probe
        else:
            bad = found
    return good


@dataclass
class _Range:
    lo: int
    hi: int
    type: IntType

    def extend(self, step: int, bound: int) -> None:
        if step < 0:
            self.lo = bound
        else:
            self.hi = bound

    def interval(self, lo: int, hi: int) -> Interval:
        return Interval(
            None if lo <= self.type.min else lo,
            None if hi >= self.type.max else hi,
            self.type.signed,
        )
