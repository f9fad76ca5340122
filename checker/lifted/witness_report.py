"""Engine results as report values: a confirmed witness (inputs, outputs, stubs) and a
NEQ-summary's verdict, shared by the lifted and brute-force modes (bodies: `body`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from checker.engines.answer import Confirmed, Equivalent, Unknown, Unsupported
from checker.engines.witness import hex_float, report_region, report_scalar
from checker.ir.ir import STATUS_EXIT, STATUS_NONTERMINATING, STATUS_TRAP, Cfa, InputSource
from checker.location import Location
from checker.lower.lower_state import NULL_SUFFIX
from checker.replay.interp import RegionValue
from checker.replay.replay import Assignment, Observation
from checker.semantics.library import PURE_LIBRARY
from checker.types import FunctionResult, NeqEntry, Stats, Value, Verdict, Witness


def _inputs(old: Cfa, new: Cfa) -> dict[str, tuple[str, bool, bool]]:
    """key -> (display name, is_region, is_config) over both versions."""
    found: dict[str, tuple[str, bool, bool]] = {}
    names: dict[str, set[str]] = {}  # a static declared unlike in old and new: two inputs
    for item in (*old.inputs, *new.inputs):
        names.setdefault(item.name, set()).add(item.key)
    old_keys = {item.key for item in old.inputs}
    for item in (*old.inputs, *new.inputs):
        name = item.name
        if len(names[name]) > 1:
            name += " (old)" if item.key in old_keys else " (new)"
        found.setdefault(item.key, (name, item.is_region, item.source is InputSource.CONFIG))
    return found


def witness_inputs(old: Cfa, new: Cfa, assignment: Assignment) -> dict[str, Value]:
    shown: dict[str, Value] = {}
    nulls = {
        key[: -len(NULL_SUFFIX)]
        for key, value in assignment.scalars.items()
        if key.endswith(NULL_SUFFIX) and value
    }
    for key, (name, is_region, is_config) in sorted(
        _inputs(old, new).items(), key=lambda kv: kv[1][0]
    ):
        if is_config:
            continue
        if key.endswith(NULL_SUFFIX):
            if key[: -len(NULL_SUFFIX)] in nulls:
                shown[name] = "NULL"
            continue
        if is_region:
            pointer = key[1:].split(".", 1)[0] if key.startswith("*") else None
            if pointer is not None and pointer in nulls:
                continue
            shown[name] = report_region(assignment.regions[key])
        else:
            shown[name] = report_scalar(assignment.scalars[key])
    return shown


def configuration(old: Cfa, new: Cfa, assignment: Assignment) -> dict[str, int]:
    return {
        name: int(assignment.scalars[key])
        for key, (name, _, is_config) in _inputs(old, new).items()
        if is_config
    }


TRAP_TEXT = ("undefined behaviour: division by zero, INT_MIN / -1, shift count out of range, "
             "float-to-int overflow, NULL dereference or out-of-bounds access")
"""What a trap stands for (the IR does not say which one was reached)."""


def observation_values(cfa: Cfa, observed: Observation) -> dict[str, Value]:
    names = {o.key: o.name for o in cfa.outputs}
    shown: dict[str, Value] = {}
    if observed.status == STATUS_TRAP:
        shown["trap"] = TRAP_TEXT
    elif observed.status == STATUS_NONTERMINATING:
        shown["status"] = "nonterminating"
    elif observed.status == STATUS_EXIT:
        shown["exit"] = observed.exit_code
    else:
        for key, value in sorted(observed.outputs.items()):
            name = names.get(key, key)
            if isinstance(value, RegionValue):
                shown[name] = report_region(value)
            else:
                shown[name] = report_scalar(value)
    if observed.printed:
        shown["stdout"] = observed.printed
    if observed.events:
        shown["calls"] = [
            f"{func}({', '.join(_arg(a) for a in args)})" for func, args in observed.events
        ]
    return shown


def _arg(value: int | float | str) -> str:
    if isinstance(value, str):
        return '"' + value.encode("unicode_escape").decode("ascii") + '"'
    if isinstance(value, float):
        return hex_float(value)
    return str(value)


def witness_of(old: Cfa, new: Cfa, confirmed: Confirmed) -> Witness:
    calls: dict[str, list[Value]] = {}
    for (func, args), value in sorted(confirmed.assignment.stubs.items(), key=repr):
        if func in PURE_LIBRARY:
            continue
        entry: list[Value] = [[report_scalar(a) for a in args], report_scalar(value)]
        calls.setdefault(f"uf:{func}", []).append(entry)
    stubs: dict[str, Value] = dict(calls)
    return Witness(
        configuration=configuration(old, new, confirmed.assignment),
        inputs=witness_inputs(old, new, confirmed.assignment),
        old_output=observation_values(old, confirmed.old),
        new_output=observation_values(new, confirmed.new),
        replayed_by=confirmed.replayed_by,
        stubs=stubs,
    )


@dataclass(frozen=True)
class ResultFacts:
    """What a function's result carries whatever its verdict."""

    features: tuple[str, ...]
    feature_model: str
    stats: Stats
    assumptions: tuple[str, ...] = ()

    def result(
        self,
        name: str,
        old: Location | None,
        new: Location | None,
        verdict: Verdict,
        reason: str | None = None,
        bound: int | None = None,
        neq_summary: tuple[NeqEntry, ...] = (),
    ) -> FunctionResult:
        return FunctionResult(
            name,
            old,
            new,
            verdict,
            reason,
            bound,
            features=self.features,
            feature_model=self.feature_model,
            neq_summary=neq_summary,
            stats=self.stats,
            assumptions=self.assumptions,
        )


def summary_result(
    name: str,
    old_loc: Location | None,
    new_loc: Location | None,
    entries: list[NeqEntry],
    rests: Sequence[Equivalent | Unknown | Unsupported],
    facts: ResultFacts,
) -> FunctionResult:
    """NOT_EQUIVALENT with the summary if any entry; else the first undecided
    answer (UNKNOWN, UNSUPPORTED) about the configurations no entry covers;
    else, when every part of the check answered `Equivalent`, EQUIVALENT
    (shared by the lifted and brute-force modes). `rests` holds one answer per
    part (structural variant pair, product); with none, nothing was proved."""
    undecided = next((rest for rest in rests if not isinstance(rest, Equivalent)), None)
    if entries:
        reason = (
            None
            if undecided is None
            else f"NEQ-summary incomplete (other configurations undecided): {undecided.reason}"
        )
        return facts.result(
            name, old_loc, new_loc, Verdict.NOT_EQUIVALENT, reason, neq_summary=tuple(entries)
        )
    match undecided:
        case Unknown(reason=reason, bound=bound):
            return facts.result(name, old_loc, new_loc, Verdict.UNKNOWN, reason, bound)
        case Unsupported(reason=reason):
            return facts.result(name, old_loc, new_loc, Verdict.UNSUPPORTED, reason)
        case None if rests:
            return facts.result(name, old_loc, new_loc, Verdict.EQUIVALENT)
        case None:
            raise ValueError(f"'{name}': no answer to build a verdict from")
        case _:
            assert_never(undecided)
