"""Engine results as report values: a confirmed witness (inputs, outputs, stubs) and a
NEQ-summary's verdict, shared by the lifted and brute-force modes (bodies: `body`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import assert_never

from checker.engines.answer import Confirmed, Equivalent, Unknown, Unsupported
from checker.engines.witness import hex_float, report_region, report_scalar
from checker.ir.heap import HEAP_KEY
from checker.ir.ir import (
    FUNCTION_SYMBOL,
    STATUS_EXIT,
    STATUS_NONTERMINATING,
    STATUS_TRAP,
    Cfa,
    InputSource,
)
from checker.lifted.memory_report import (
    final_bytes,
    initial_bytes,
    memory_layout,
    objects,
    pointer_inputs,
    pointer_value,
    views,
)
from checker.location import Location
from checker.lower.lower_state import NULL_SUFFIX
from checker.replay.memory import RegionValue
from checker.replay.memory_layout import Layout
from checker.replay.replay import Assignment, CallShape, Observation, call_shapes
from checker.semantics.library import PURE_LIBRARY
from checker.types import FunctionResult, NeqEntry, Stats, Value, Verdict, Witness
from checker.variability import Feature
from checker.variability import formula as fm


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


def region_lengths(*cfas: Cfa) -> dict[str, int | None]:
    """Input or output key -> its region's cell count (None: unbounded)."""
    found: dict[str, int | None] = {}
    for cfa in cfas:
        for key, ref, is_region in [*((i.key, i.ref, i.is_region) for i in cfa.inputs),
                                    *((o.key, o.ref, o.is_region) for o in cfa.outputs)]:
            if is_region and ref in cfa.regions:
                found.setdefault(key, cfa.regions[ref].length)
    return found


def witness_inputs(
    old: Cfa, new: Cfa, assignment: Assignment, plan: Layout | None = None
) -> dict[str, Value]:
    """The inputs as report values; a pointer as NULL or `{"object", "offset"}` into
    the witness's memory (`plan`)."""
    shown: dict[str, Value] = {}
    pointers = pointer_inputs(old, new)
    lengths = region_lengths(old, new)
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
        if key in pointers:
            address = int(assignment.scalars.get(key, 0))
            shown[name] = (pointer_value(plan, address) if plan is not None
                           else address or "NULL")
            continue
        if key.startswith(HEAP_KEY):
            continue  # shown as the memory and the views behind pointers
        if is_region:
            pointer = key[1:].split(".", 1)[0] if key.startswith("*") else None
            if pointer is not None and pointer in nulls:
                continue
            shown[name] = report_region(assignment.regions[key], lengths.get(key))
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


def observation_values(
    cfa: Cfa,
    observed: Observation,
    memory: Mapping[str, Value] | None = None,
    plan: Layout | None = None,
) -> dict[str, Value]:
    """A version's behaviour as report values; `memory`: the views behind pointer
    inputs after the call; `plan`: where pointer arguments of calls point."""
    names = {o.key: o.name for o in cfa.outputs}
    lengths = region_lengths(cfa)
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
                shown[name] = report_region(value, lengths.get(key))
            else:
                shown[name] = report_scalar(value)
        shown.update(memory or {})
    if observed.printed:
        shown["stdout"] = observed.printed
    if observed.events:
        shapes = call_shapes(cfa)
        shown["calls"] = [
            f"{func}({', '.join(_arg(a) for a in call_arguments(func, args, shapes, plan))})"
            + _globals_seen(shapes.get(func), args)
            for func, args in observed.events
        ]
    return shown


def call_arguments(
    func: str, args: tuple[int | float | str, ...], shapes: Mapping[str, CallShape],
    plan: Layout | None,
) -> tuple[int | float | str, ...]:
    """A call's arguments as shown: without its position, pointers into the
    witness's memory as `obj<i>+<offset>`."""
    shape = shapes.get(func)
    if shape is None:
        return args
    values = args[1:len(args) - len(shape.globals)] if shape.counted else args
    return tuple(
        _pointer_text(plan, value) if index < len(shape.pointers) and shape.pointers[index]
        and isinstance(value, int) else value
        for index, value in enumerate(values)
    )


def _globals_seen(shape: CallShape | None, args: tuple[int | float | str, ...]) -> str:
    """` with g=1`: the globals a call without code saw (they end its event)."""
    if shape is None or not shape.globals or not shape.counted:
        return ""
    seen = args[len(args) - len(shape.globals):]
    return " with " + ", ".join(f"{ref}={_arg(value)}"
                                for (ref, _), value in zip(shape.globals, seen, strict=True))


def _pointer_text(plan: Layout | None, address: int) -> str | int:
    """`obj<i>+<offset>`, NULL, or the address itself (one no object of the
    witness has: a wild pointer, shown as a number, not as a string)."""
    shown = pointer_value(plan, address) if plan is not None else address
    if isinstance(shown, dict) and "object" in shown:
        return f"obj{shown['object']}+{shown['offset']}"
    return "NULL" if shown == "NULL" else address


def _arg(value: int | float | str) -> str:
    if value == "NULL" or (isinstance(value, str) and value.startswith("obj")):
        return str(value)
    if isinstance(value, str) and value.startswith(FUNCTION_SYMBOL):
        return "&" + value[len(FUNCTION_SYMBOL):]  # `#digest`: the code it runs here
    if isinstance(value, str):
        return '"' + value.encode("unicode_escape").decode("ascii") + '"'
    if isinstance(value, float):
        return hex_float(value)
    return str(value)


def witness_of(old: Cfa, new: Cfa, confirmed: Confirmed) -> Witness:
    plan = memory_layout(confirmed)
    stubs = stub_values(old, new, confirmed.assignment, plan)
    inputs = witness_inputs(old, new, confirmed.assignment, plan)
    after: tuple[dict[str, Value], dict[str, Value]] = ({}, {})
    if plan is not None:
        inputs.update(views(confirmed, plan, initial_bytes(confirmed)))
        after = tuple(  # type: ignore[assignment]
            {**views(confirmed, plan, final_bytes(confirmed, observed), only_written=True),
             **memory_at_calls(plan, observed, initial_bytes(confirmed))}
            for observed in (confirmed.old, confirmed.new)
        )
    return Witness(
        configuration=configuration(old, new, confirmed.assignment),
        inputs=inputs,
        old_output=observation_values(old, confirmed.old, after[0], plan),
        new_output=observation_values(new, confirmed.new, after[1], plan),
        replayed_by=confirmed.replayed_by,
        stubs=stubs,
        memory=objects(plan) if plan is not None else (),
    )


def memory_at_calls(
    plan: Layout, observed: Observation, initial: Callable[[int], int]
) -> dict[str, Value]:
    """`"memory at calls"`: per call of a function without code, the bytes that
    differ from the initial memory there (what the callee could read), as
    [[pointer, hex bytes], ...], a pointer the run stored there as [pointer,
    {"points to": pointer}]; absent when no call sees changed memory."""
    cells = sorted(observed.heap.written_pointers) if observed.heap else []
    shown: list[Value] = []
    for snapshot in observed.event_memory:
        memory = snapshot or {}
        stored = [(cell, bytes(memory[cell + i] for i in range(8))) for cell in cells
                  if all(cell + i in memory for i in range(8))]
        covered = {cell + i for cell, _ in stored for i in range(8)}
        changed = [(at, byte) for at, byte in memory.items()
                   if byte != initial(at) and at not in covered]
        entries: list[tuple[int, Value]] = [
            (start, [pointer_value(plan, start), data.hex()]) for start, data in _runs(changed)]
        entries += [(cell, [pointer_value(plan, cell),
                            {"points to": pointer_value(plan, int.from_bytes(raw, "little"))}])
                    for cell, raw in stored if raw != bytes(initial(cell + i) for i in range(8))]
        shown.append([entry for _, entry in sorted(entries, key=lambda e: e[0])])
    return {"memory at calls": shown} if any(shown) else {}


def stub_values(
    old: Cfa, new: Cfa, assignment: Assignment, plan: Layout | None
) -> dict[str, Value]:
    """What the witness assumes of functions without code: per call, "uf:name" ->
    [[arguments], result] (a call's position among such calls first; pointers as
    `{"object", "offset"}`), and `{"writes": [[pointer, hex bytes], ...]}` third
    where the call changes memory."""
    shapes = {**call_shapes(old), **call_shapes(new)}
    writes: dict[tuple, list[tuple[int, int]]] = {}  # type: ignore[type-arg]
    for (call, at), byte in sorted(assignment.effects.items(), key=repr):
        writes.setdefault(call, []).append((at, byte))
    stubs: dict[str, Value] = {}
    for func, args in sorted({*assignment.stubs, *writes}, key=repr):
        if func in PURE_LIBRARY:
            continue
        shape = shapes.get(func)
        shown = [
            pointer_value(plan, int(a)) if plan is not None and shape is not None
            and 0 < index <= len(shape.pointers) and shape.counted and shape.pointers[index - 1]
            else report_scalar(a)
            for index, a in enumerate(args)
        ]
        result = assignment.stubs.get((func, args), 0)
        entry: list[Value] = [shown, report_scalar(result)]
        if (func, args) in writes and plan is not None:
            entry.append({"writes": [[pointer_value(plan, start), data.hex()]
                                     for start, data in _runs(writes[(func, args)])]})
        stubs.setdefault(f"uf:{func}", [])
        stubs[f"uf:{func}"].append(entry)  # type: ignore[union-attr]
    return stubs


def _runs(cells: list[tuple[int, int]]) -> list[tuple[int, bytes]]:
    """Consecutive bytes as (first address, bytes)."""
    runs: list[tuple[int, bytearray]] = []
    for at, byte in sorted(cells):
        if runs and runs[-1][0] + len(runs[-1][1]) == at:
            runs[-1][1].append(byte)
        else:
            runs.append((at, bytearray([byte])))
    return [(start, bytes(data)) for start, data in runs]


@dataclass(frozen=True)
class ResultFacts:
    """What a function's result carries whatever its verdict."""

    features: tuple[str, ...]
    feature_model: str
    stats: Stats
    assumptions: tuple[str, ...] = ()

    @classmethod
    def of(cls, features: Sequence[Feature], model: fm.Formula, stats: Stats,
           assumptions: Iterable[str] = ()) -> ResultFacts:
        """The facts of a check over `features` under the feature `model`
        (assumptions once each, in order)."""
        return cls(tuple(f.name for f in features), model.to_c(), stats,
                   tuple(dict.fromkeys(assumptions)))

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
