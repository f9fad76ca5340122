"""What an engine answers about a function pair under a restriction: one closed type.

Every engine (the loop-free product, bounded unrolling, relational invariants,
Horn clauses) and `decide`, which runs them in turn, answers with exactly one
of four values: `Equivalent` (with what the proof rests on), `Different`
(with a witness that was replayed: there is no "different" without one),
`Unknown` (with the reason and the stage that gave up) or `Unsupported` (with
the reason and, where there is one, the location). Consumers `match` on the
`Answer` union and end with `assert_never`, so a type checker flags a case
they forget. The solver's words (sat, unsat) never appear here: an engine
maps them when it asks.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from checker.ir.ir import Cfa
from checker.location import Location
from checker.replay.replay import Assignment, Difference, Observation
from checker.types import PARTIAL_EQUIVALENCE, ReplayMethod


class Stage(enum.Enum):
    """The part of the checker an answer comes from."""

    SAME_PROGRAM = "the same program"
    LOOP_FREE = "loop-free product"
    BOUNDED = "bounded unrolling"
    INVARIANTS = "relational invariants"
    CHC = "Horn clauses (Spacer)"
    LIFTED = "lifted NEQ-summary"
    BRUTE_FORCE = "brute force over products"


@dataclass(frozen=True)
class Confirmed:
    """A witness that was replayed: the interpreter (and where possible the
    compiled program) showed old and new behaving differently on it."""

    assignment: Assignment
    old: Observation
    new: Observation
    differences: tuple[Difference, ...]
    replayed_by: tuple[ReplayMethod, ...]
    old_cfa: Cfa
    new_cfa: Cfa

    def __post_init__(self) -> None:
        if not self.differences:
            raise ValueError("a witness shows at least one difference")
        if not self.replayed_by or self.replayed_by[0] is not ReplayMethod.INTERPRETER:
            raise ValueError("every witness is replayed by the interpreter first")


@dataclass(frozen=True)
class Equivalent:
    """Proved: no input allowed by the restriction tells old and new apart."""

    engine: Stage
    partial: bool
    """Proved for the inputs on which both versions terminate (loops, recursion)."""

    def __post_init__(self) -> None:
        _check_type(self.engine, Stage, "engine")
        _check_type(self.partial, bool, "partial")

    @property
    def assumptions(self) -> tuple[str, ...]:
        """What the proof rests on beyond the pair's modelling assumptions."""
        return (PARTIAL_EQUIVALENCE,) if self.partial else ()


@dataclass(frozen=True)
class Different:
    """A replayed witness of a difference."""

    witness: Confirmed

    def __post_init__(self) -> None:
        _check_type(self.witness, Confirmed, "witness")


@dataclass(frozen=True)
class Unknown:
    """Neither proved nor refuted."""

    reason: str
    stage: Stage
    bound: int | None = None
    """The depth (loop iterations or recursion levels) the reason speaks of: no
    difference up to it (bounded unrolling), or a difference Spacer derived
    within it that is not replayed yet (CHC)."""

    def __post_init__(self) -> None:
        _check_reason(self.reason)
        _check_type(self.stage, Stage, "stage")
        if self.bound is not None:
            _check_type(self.bound, int, "bound")
            if self.bound < 0:
                raise ValueError(f"a bound is a depth, not {self.bound}")


@dataclass(frozen=True)
class Unsupported:
    """The engine cannot model something the pair uses."""

    reason: str
    location: Location | None = None
    """Where in the source, when it is one construct (None: a property of the pair)."""

    def __post_init__(self) -> None:
        _check_reason(self.reason)
        if self.location is not None:
            _check_type(self.location, Location, "location")


Answer = Equivalent | Different | Unknown | Unsupported
"""An engine's answer about one function pair under a restriction."""


def _check_type(value: object, expected: type, what: str) -> None:
    if not isinstance(value, expected):
        raise TypeError(f"{what} must be a {expected.__name__}, not {value!r}")


def _check_reason(reason: object) -> None:
    _check_type(reason, str, "reason")
    assert isinstance(reason, str)
    if not reason.strip():
        raise ValueError("an undecided answer says why")
