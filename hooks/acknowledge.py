"""Which behaviour changes are intended, and what that does to a verdict.

One rule for every face (commit-msg hook, `commit`, `range`, the GitHub bot):
a `Behavior-Change: f g <why>` trailer (also spelled `Behaviour-Change`, any
case) in a commit message or a pull request's description names functions
whose change is intended; a label spelled like the trailer acknowledges every
function of the pull request (`behavior-change`), or the functions it names
(`behavior-change: f`). An acknowledged function whose verdict would block
(policy `block`, default NOT_EQUIVALENT) does not block; it is still reported.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from checker.types import FunctionResult, Verdict, join_verdicts

DEFAULT_TRAILER = "Behavior-Change"
T = TypeVar("T")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class Acknowledgement:
    functions: frozenset[str] = frozenset()
    every_function: bool = False
    """A bare label: the whole pull request's changes are intended."""

    def covers(self, function: str) -> bool:
        return self.every_function or function in self.functions

    def __or__(self, other: Acknowledgement) -> Acknowledgement:
        return Acknowledgement(
            self.functions | other.functions, self.every_function or other.every_function
        )

    def __bool__(self) -> bool:
        return self.every_function or bool(self.functions)


NOTHING = Acknowledgement()


def spellings(trailer: str) -> tuple[str, ...]:
    """The trailer as configured, and with the other spelling of behavio(u)r."""
    low = trailer.lower()
    if "behaviour" in low:
        return (trailer, low.replace("behaviour", "behavior"))
    if "behavior" in low:
        return (trailer, low.replace("behavior", "behaviour"))
    return (trailer,)


def _trailer_pattern(trailer: str) -> re.Pattern[str]:
    names = "|".join(re.escape(s) for s in spellings(trailer))
    return re.compile(rf"^\s*(?:{names})\s*:\s*(.*)$", re.IGNORECASE)


def from_message(message: str, trailer: str = DEFAULT_TRAILER) -> Acknowledgement:
    """Function names in `<trailer>: f, g <why>` lines of a commit message or PR body.

    Every identifier-like word of the value counts, so free text after the
    names is allowed; comment lines (`#`) that git strips are ignored.
    """
    pattern = _trailer_pattern(trailer)
    names: set[str] = set()
    for line in message.splitlines():
        if line.startswith("#"):
            continue
        match = pattern.match(line)
        if match:
            names.update(_IDENT.findall(match.group(1)))
    return Acknowledgement(frozenset(names))


def from_labels(labels: Iterable[str], trailer: str = DEFAULT_TRAILER) -> Acknowledgement:
    """A label spelled like the trailer: alone, every function; with `: f g`, those."""
    words = {s.lower() for s in spellings(trailer)}
    result = NOTHING
    for label in labels:
        if label.strip().lower() in words:
            result = result | Acknowledgement(every_function=True)
        else:
            result = result | from_message(label, trailer)
    return result


@dataclass(frozen=True)
class Judgement(Generic[T]):
    """Items (outcomes, results) split by what the policy does with their verdicts."""

    blocking: tuple[T, ...]
    acknowledged: tuple[T, ...]
    """Would block, but the change is intended."""
    undecided: tuple[T, ...]
    """Neither equivalent nor blocking: UNKNOWN, UNSUPPORTED, ERROR (by default)."""
    verdict: Verdict
    """diff(1)-style verdict once intended changes are taken out."""


def judge(
    items: Iterable[T],
    block: frozenset[Verdict],
    ack: Acknowledgement,
    result: Callable[[T], FunctionResult],
) -> Judgement[T]:
    blocking: list[T] = []
    acknowledged: list[T] = []
    undecided: list[T] = []
    for item in items:
        found = result(item)
        if found.verdict is Verdict.EQUIVALENT:
            continue
        if found.verdict in block:
            (acknowledged if ack.covers(found.function) else blocking).append(item)
        else:
            undecided.append(item)
    verdict = join_verdicts(result(i).verdict for i in blocking or undecided)
    return Judgement(tuple(blocking), tuple(acknowledged), tuple(undecided), verdict)
