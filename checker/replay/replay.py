"""Replaying a candidate witness: the interpreter always, gcc where available.

A candidate becomes a NOT_EQUIVALENT witness only if the replays show old and
new behaving differently; a compiled replay that contradicts the interpreter
vetoes it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import cast

from checker.frontend.preprocess import placeholder_flags
from checker.ir.heap import REACH, decode, is_heap
from checker.ir.ir import (
    CALLS_VAR,
    RETURN_VAR,
    STATUS_EXIT,
    STATUS_NONTERMINATING,
    STATUS_RETURN,
    STATUS_TRAP,
    Call,
    CellShape,
    Cfa,
    Event,
    Expr,
    InputSource,
    Prototype,
    StrConst,
    StubParam,
    Var,
    action_exprs,
    symbol_function,
    walk,
)
from checker.lower.lower_state import NULL_SUFFIX
from checker.lower.lower_stmt import CALL_EFFECT, event_symbol
from checker.lower.prototypes import variadic_param
from checker.replay.compiled_replay import (
    LONGEST_LOGGED_TEXT,
    MAX_OPAQUE_ARRAY,
    BlockPointer,
    CompiledOutcome,
    Constant,
    HarnessSpec,
    MemoryLink,
    OpaqueObject,
    OutputLeaf,
    PointerAssignment,
    RealObject,
    StaticAlias,
    Stub,
    StubRow,
    StubValue,
    memory_name,
    run_harness,
)
from checker.replay.compiled_replay import (
    Assignment as CAssignment,
)
from checker.replay.interp import (
    ExternalCall,
    RunInputs,
    RunResult,
    StepLimitExceeded,
    StubKey,
    run,
    same_value,
)
from checker.replay.ir_to_c import literal
from checker.replay.memory import CallKey, HeapInit, HeapTrace, RegionValue
from checker.replay.memory_layout import Layout, LayoutError, layout
from checker.semantics import ctype as ct
from checker.semantics.ctype import PointerType, ScalarType
from checker.semantics.library import OUTPUT_FUNCTIONS, PRINT_EVENT, PURE_LIBRARY
from checker.types import Settings, SourceFile
from checker.variability import compiler_flags

Scalar = int | float
_POINTER = PointerType(ct.VOID)
PRINTED = frozenset({"printf", "puts", "putchar"})
"""The functions whose printing calls become `PRINT_EVENT` (`lower/print_events.py`)."""
HANG_SECONDS = 2.0
"""A version observed never to end must not end within this time when compiled
(the other version's run keeps the usual limit)."""


@dataclass(frozen=True)
class Assignment:
    """Concrete inputs shared by both versions plus per-version free values."""

    scalars: Mapping[str, Scalar]  # by input key
    regions: Mapping[str, RegionValue]  # by input key
    stubs: Mapping[StubKey, Scalar] = field(default_factory=dict)
    free: Mapping[str, Mapping[str, Scalar | RegionValue]] = field(default_factory=dict)
    """'old'/'new' -> variable or region name -> value of uninitialised storage."""
    heap: Mapping[int, int] = field(default_factory=dict)
    """Bytes of the heap fixed by address (a confirmed witness: every byte either
    version depends on); other bytes come from the heap regions in `regions`."""
    heap_seed: int | None = None
    """Random tests: heap bytes nothing fixes are pseudo-random (`memory.py`)."""
    effects: Mapping[tuple[CallKey, int], int] = field(default_factory=dict)
    """What calls of functions without code write to the heap: (call, address) -> byte."""

    def with_heap(self, heap: Mapping[int, int]) -> Assignment:
        return dataclasses.replace(self, heap=heap)

    def with_stubs(self, stubs: Mapping[StubKey, Scalar]) -> Assignment:
        return dataclasses.replace(self, stubs=stubs)

    def with_effects(self, effects: Mapping[tuple[CallKey, int], int]) -> Assignment:
        return dataclasses.replace(self, effects=effects)


@dataclass(frozen=True)
class Observation:
    """One version's behaviour on the witness, in comparable plain values."""

    status: int
    exit_code: int
    outputs: Mapping[str, Scalar | RegionValue]  # by output key
    events: tuple[tuple[str, tuple[Scalar | str, ...]], ...]
    printed: str
    calls: tuple[ExternalCall, ...]
    private: frozenset[str] = frozenset()
    """Keys of outputs that are this version's own state (see `Output.private`)."""
    heap: HeapTrace | None = None
    """What the run read from and wrote to the heap."""
    event_memory: tuple[Mapping[int, int] | None, ...] = ()
    """Per event, the heap bytes its callee could tell from the initial memory."""
    automatic: tuple[tuple[str, int], ...] = ()
    """(input key, size) of the function's own local objects in the heap: dead at
    the return, so their bytes are not compared then (`Input.automatic`)."""
    event_actions: tuple[Event, ...] = ()
    """Per event, the call that made it (as `RunResult.event_actions`)."""


@dataclass(frozen=True)
class Difference:
    what: str
    old: object
    new: object


def run_version(cfa: Cfa, assignment: Assignment, tag: str, max_steps: int,
                deadline: float | None = None) -> RunResult:
    scalars: dict[str, Scalar] = {}
    regions: dict[str, RegionValue] = {}
    views: dict[str, RegionValue] = {}
    for item in cfa.inputs:
        if is_heap(item.ref):
            if item.key in assignment.regions:
                views[item.ref] = assignment.regions[item.key]
        elif item.is_region:
            regions[item.ref] = assignment.regions[item.key]
        else:
            scalars[item.ref] = assignment.scalars[item.key]
    for name, value in assignment.free.get(tag, {}).items():
        if isinstance(value, RegionValue):
            regions[name] = value
        else:
            scalars[name] = value
    heap = HeapInit(assignment.heap, views, assignment.heap_seed, assignment.effects)
    undefined = frozenset(name for name, value in assignment.free.get(tag, {}).items()
                          if not isinstance(value, RegionValue))
    inputs = RunInputs(scalars, regions, dict(assignment.stubs), heap, undefined)
    return run(cfa, inputs, max_steps=max_steps, deadline=deadline)


HEAP_ROUNDS = 4

Run = RunResult | StepLimitExceeded
"""A finished run, or the error of one its step limit cut off (with its state)."""


def run_capped(cfa: Cfa, assignment: Assignment, tag: str, max_steps: int,
               deadline: float | None = None) -> Run:
    try:
        return run_version(cfa, assignment, tag, max_steps, deadline)
    except StepLimitExceeded as cut:
        return cut


def run_heap(run: Run) -> HeapTrace | None:
    return run.heap if isinstance(run, RunResult) else run.stopped.heap


def run_pair(
    old: Cfa, new: Cfa, assignment: Assignment, max_steps: int, deadline: float | None = None
) -> tuple[Assignment, Run, Run] | None:
    """Both versions on one memory: each run makes the heap bytes it reads first
    from the class of its access (`memory.py`); where the runs made a byte
    differently, they run again on the bytes made first, until they agree.
    Returns the assignment with every heap byte either run depends on fixed, and
    the runs (a run its step limit or `deadline` cut off as its error); None when they do not
    agree within HEAP_ROUNDS."""
    for _ in range(HEAP_ROUNDS):
        a = run_capped(old, assignment, "old", max_steps, deadline)
        b = run_capped(new, assignment, "new", max_steps, deadline)
        first = _initial_heap(assignment, a)
        later = run_heap(b)
        agree = later is None or all(
            first.get(at, byte) == byte for at, byte in later.initial.items()
        )
        assignment = assignment.with_heap(_initial_heap(assignment, a, b))
        if agree:
            return assignment, a, b
    return None


def _initial_heap(assignment: Assignment, *runs: Run) -> dict[int, int]:
    """Every heap byte the assignment fixes or a run depended on, at its initial value."""
    heap = dict(assignment.heap)
    for each in runs:
        trace = run_heap(each)
        if trace is not None:
            for at, byte in trace.initial.items():
                heap.setdefault(at, byte)
    return heap


def observe(cfa: Cfa, result: RunResult) -> Observation:
    by_name = {o.name: o.key for o in cfa.outputs}
    outputs = {by_name[name]: value for name, value in result.outputs.items() if name in by_name}
    kept = [i for i, e in enumerate(result.events) if e[0] not in OUTPUT_FUNCTIONS]
    events = tuple(result.events[i] for i in kept)
    memory = tuple(result.event_memory[i] for i in kept) if result.event_memory else ()
    private = frozenset(o.key for o in cfa.outputs if o.private)
    return Observation(
        result.status,
        result.exit_code,
        outputs,
        events,
        result.printed,
        result.calls,
        private,
        result.heap,
        memory,
        tuple((i.key, i.automatic) for i in cfa.inputs if i.automatic),
        tuple(result.event_actions[i] for i in kept) if result.event_actions else (),
    )


def differences(old: Observation, new: Observation, assignment: Assignment) -> list[Difference]:
    """What an observer can tell apart, following the product's definition."""
    found: list[Difference] = []
    if old.status != new.status:
        return [Difference("status", _status_name(old), _status_name(new))]
    if old.status == STATUS_EXIT and old.exit_code != new.exit_code:
        found.append(Difference("exit code", old.exit_code, new.exit_code))
    if old.status == STATUS_RETURN:
        for key in sorted(set(old.outputs) | set(new.outputs)):
            if (key in old.private) != (key in new.private):
                continue  # a static of one version only
            a = old.outputs.get(key, _initial(assignment, key))
            b = new.outputs.get(key, _initial(assignment, key))
            if a is None or b is None:
                continue
            if not _same(a, b):
                found.append(Difference(key, a, b))
        changed = _memory_difference(old, new, assignment)
        if changed is not None:
            found.append(changed)
    if old.events != new.events and not _same_events(old.events, new.events):
        found.append(Difference("calls", old.events, new.events))
    else:
        found.extend(_memory_at_calls(old, new, assignment))
    if old.printed != new.printed:
        found.append(Difference("output", old.printed, new.printed))
    return found


def initial_byte(assignment: Assignment, old: Observation, new: Observation, at: int) -> int:
    """The witness's initial value of heap byte `at` (0: no run depends on it)."""
    for source in (assignment.heap, *(o.heap.initial for o in (old, new) if o.heap)):
        if at in source:
            return source[at]
    return 0


def final_bytes(observed: Observation, addresses: set[int], initial: Callable[[int], int]
                ) -> dict[int, int]:
    written = observed.heap.written if observed.heap else {}
    return {at: written[at] if at in written else initial(at) for at in addresses}


def _memory_difference(
    old: Observation, new: Observation, assignment: Assignment
) -> Difference | None:
    """The heap bytes whose final values differ (the memory behind pointers is an
    output, whole)."""
    touched = {*(old.heap.written if old.heap else ()), *(new.heap.written if new.heap else ())}
    if not touched:
        return None

    def initial(at: int) -> int:
        return initial_byte(assignment, old, new, at)

    a, b = final_bytes(old, touched, initial), final_bytes(new, touched, initial)
    dead = [(start, start + size) for key, size in {*old.automatic, *new.automatic}
            if (start := int(assignment.scalars.get(key, 0)))]
    differing = sorted(at for at in touched if a[at] != b[at]
                       and not any(low <= at < high for low, high in dead))
    if not differing:
        return None
    return Difference("memory", {at: a[at] for at in differing}, {at: b[at] for at in differing})


def _memory_at_calls(
    old: Observation, new: Observation, assignment: Assignment
) -> list[Difference]:
    """The same calls, but memory the callee can read differs at one of them."""
    for index, (a, b) in enumerate(zip(old.event_memory, new.event_memory, strict=False)):
        if a is None or b is None:
            continue
        differing = {
            at: (a.get(at, initial_byte(assignment, old, new, at)),
                 b.get(at, initial_byte(assignment, old, new, at)))
            for at in set(a) | set(b)
        }
        differing = {at: pair for at, pair in differing.items() if pair[0] != pair[1]}
        if differing:
            func = old.events[index][0]
            return [Difference(f"memory at call {index + 1} ({func})",
                               {at: pair[0] for at, pair in sorted(differing.items())},
                               {at: pair[1] for at, pair in sorted(differing.items())})]
    return []


def _status_name(obs: Observation) -> str:
    if obs.status == STATUS_TRAP:
        return "trap"
    if obs.status == STATUS_NONTERMINATING:
        return "nonterminating"
    if obs.status == STATUS_EXIT:
        return f"exit({obs.exit_code})"
    return "return"


def _initial(assignment: Assignment, key: str) -> Scalar | RegionValue | None:
    if key in assignment.regions:
        return assignment.regions[key]
    return assignment.scalars.get(key)


def _same(a: Scalar | RegionValue, b: Scalar | RegionValue) -> bool:
    if isinstance(a, RegionValue) and isinstance(b, RegionValue):
        indices = set(a.cells) | set(b.cells)
        return all(
            same_value(a.cells.get(i, a.default), b.cells.get(i, b.default)) for i in indices
        ) and same_value(a.default, b.default)
    if isinstance(a, RegionValue) or isinstance(b, RegionValue):
        return False
    return same_value(a, b)


def _same_events(a: tuple, b: tuple, prefix: bool = False) -> bool:  # type: ignore[type-arg]
    """The same calls; an argument None (an address the compiled replay cannot read
    back) matches anything. With `prefix`, `a`'s arguments may stop early (a stub
    logs the named arguments of a variadic function only)."""
    if len(a) != len(b):
        return False
    for (fa, args_a), (fb, args_b) in zip(a, b, strict=True):
        if fa != fb or len(args_a) > len(args_b) or (len(args_a) < len(args_b) and not prefix):
            return False
        for x, y in zip(args_a, args_b, strict=False):
            if x is None or y is None:
                continue
            if isinstance(x, str) or isinstance(y, str):
                if _c_text(x) != _c_text(y):
                    return False
            elif not same_value(x, y):
                return False
    return True


def _c_text(value: object) -> object:
    """A string argument as C reads it, up to its first NUL: the compiled replay
    logs a `char *` argument so, and a literal such as getopt32long's option table
    (`"unset\\0" "u"`) holds more after it."""
    return value.partition("\0")[0] if isinstance(value, str) else value


def changed_callback(old: tuple, new: tuple) -> str | None:  # type: ignore[type-arg]
    """The function whose code differs between the versions, passed to the first
    call where the runs' events part (`&f#digest`: lower/callbacks.py), when that
    is all they differ in there: what the callee does with it is not compared, so
    no difference that follows shows a real one."""
    for (fa, args_a), (fb, args_b) in zip(old, new, strict=False):
        if fa == fb and args_a == args_b:
            continue
        if fa != fb or len(args_a) != len(args_b):
            return None
        changed = None
        for x, y in zip(args_a, args_b, strict=True):
            if x == y:
                continue
            name = symbol_function(x) if isinstance(x, str) else None
            if name is None or not isinstance(y, str) or symbol_function(y) != name:
                return None
            changed = name
        return changed
    return None


def call_result_types(*cfas: Cfa) -> dict[str, ScalarType]:
    types: dict[str, ScalarType] = {}
    for cfa in cfas:
        for edge in cfa.edges:
            for expr in action_exprs(edge.action):
                for node in walk(expr):
                    if isinstance(node, Call):
                        types.setdefault(node.func, node.type)
    return types


# ------------------------------------------------------------ compiled replay


@dataclass(frozen=True)
class CompiledVersion:
    """What the harness needs of one version besides the witness."""

    source_path: str
    source_text: str
    flags: tuple[str, ...] = ()
    """-D/-U flags: the settings' defines (and a configuration's features)."""
    include_dirs: tuple[str, ...] = ()
    headers: tuple[tuple[str, str], ...] = ()
    """The analysed revision's headers (path, text), as the front end read them."""


def replay_version(
    source: SourceFile,
    text: str,
    settings: Settings,
    configuration: Mapping[str, int | None] | None = None,
) -> CompiledVersion:
    """What gcc compiles to replay a witness on `text` (the source or one of its
    products): the settings' -D values and -I directories, and the revision's
    headers, reach the compiler in every replay, as they reached the front end;
    so do the placeholders of absent generated values (`CONFIG_X`)."""
    return CompiledVersion(
        source.path,
        text,
        tuple(compiler_flags(configuration or {}, settings) + placeholder_flags(source, settings)),
        settings.include_dirs,
        tuple(sorted(source.headers.items())),
    )


@dataclass(frozen=True)
class CompiledReplay:
    old: CompiledOutcome
    new: CompiledOutcome
    differs: bool
    agrees_with_interpreter: bool
    message: str = ""
    unavailable: bool = False
    """No compiler: the interpreter alone judges, and the verdict says so."""
    refused: bool = False
    """The harness cannot build this witness (its memory) or does not compile:
    the witness is not confirmed."""
    notes: tuple[str, ...] = field(default_factory=tuple)
    constants: Mapping[str, Scalar] = field(default_factory=dict)
    """Constants declared nowhere for the front end whose real value (given here,
    by input key) is not the witness's: the witness is not confirmed, and the
    caller may replay it again with these values (`with_constants`)."""


@dataclass(frozen=True)
class MemoryPlan:
    """The witness's heap laid out for the compiled replay (shared by old and new):
    the blocks, and the addresses whose final values are compared."""

    layout: Layout
    written: tuple[int, ...]
    """Heap bytes either version writes (outside `written_pointers`' cells)."""
    written_pointers: tuple[int, ...]
    """Addresses where either version's last write stored a pointer (8 bytes)."""
    effect_pointers: tuple[int, ...] = ()
    """Those of them where a call's effect stored the pointer (`HeapTrace`)."""


def memory_plan(
    old: Cfa, new: Cfa, assignment: Assignment, old_obs: Observation, new_obs: Observation
) -> MemoryPlan:
    """Lay out every heap byte the runs depend on, every non-null pointer input
    and every pointer read from memory (raises LayoutError when too large)."""
    initial: dict[int, int] = {}
    written: set[int] = set()
    pointers: set[int] = set()
    cells: set[int] = set()
    stored: set[int] = set()
    for observed in (old_obs, new_obs):
        if observed.heap is None:
            continue
        for at, byte in observed.heap.initial.items():
            initial.setdefault(at, assignment.heap.get(at, byte))
        written |= set(observed.heap.written)
        pointers |= set(observed.heap.written_pointers)
        cells |= set(observed.heap.pointer_cells)
        stored |= set(observed.heap.effect_pointers)
    addresses = {
        int(assignment.scalars[item.key])
        for cfa in (old, new)
        for item in cfa.inputs
        if item.pointer is not None and assignment.scalars.get(item.key)
    }
    addresses |= {target for _, target in effect_pointer_values(assignment, stored) if target}
    for at in pointers:
        for byte in range(8):
            written.discard(at + byte)
    plan = layout(initial, written | {a + i for a in pointers for i in range(8)}, addresses, cells)
    return MemoryPlan(plan, tuple(sorted(written)), tuple(sorted(pointers)),
                      tuple(sorted(stored)))


def effect_pointer_values(
    assignment: Assignment, cells: Iterable[int], call: CallKey | None = None
) -> list[tuple[int, int]]:
    """(cell, pointer) for each of `cells` whose 8 bytes a call's effect (`call`'s
    only, when given) writes wholly."""
    by_call: dict[CallKey, dict[int, int]] = {}
    for (key, at), byte in assignment.effects.items():
        if call is None or key == call:
            by_call.setdefault(key, {})[at] = byte
    found = []
    for written in by_call.values():
        for cell in cells:
            if all(cell + i in written for i in range(8)):
                raw = bytes(written[cell + i] for i in range(8))
                found.append((cell, int(decode(raw, _POINTER))))
    return found


def harness_spec(
    cfa: Cfa,
    version: CompiledVersion,
    assignment: Assignment,
    observed: Observation,
    stubs: Mapping[StubKey, Scalar],
    memory: MemoryPlan | None = None,
) -> HarnessSpec:
    assignments: list[CAssignment] = []
    pointers: list[PointerAssignment] = []
    statics = tuple(StaticAlias(f"__liftdiff_static_{i}", s) for i, s in enumerate(cfa.statics))
    c_name = _static_renamer(statics)
    plan = memory.layout if memory is not None else Layout((), ())
    null_params = {  # function pointer parameters the witness makes NULL
        item.ref[: -len(NULL_SUFFIX)] for item in cfa.inputs
        if item.ref.endswith(NULL_SUFFIX) and assignment.scalars.get(item.key, 0)
    }
    constants: list[Constant] = []
    for item in cfa.inputs:
        if item.source is InputSource.OPAQUE:  # the real header's: reported, never set
            constants.append(Constant(item.name, item.type,
                                      assignment.scalars.get(item.key, 0)))
            continue
        if item.source in (InputSource.CONFIG, InputSource.LOCAL) or is_heap(item.ref):
            continue  # a local's address is the compiled program's own
        if item.ref.endswith(NULL_SUFFIX):
            pname = item.ref[: -len(NULL_SUFFIX)]
            if pname in null_params:
                assignments.append(CAssignment(pname, 0, item.type))
            continue
        if item.pointer is not None:
            value = int(assignment.scalars[item.key])
            where = plan.locate(value) if value else None
            if value and where is None:
                raise LayoutError(f"pointer '{item.name}' points outside the witness's memory")
            block, offset = where if where is not None else (None, 0)
            pointers.append(PointerAssignment(c_name(item.name), block, offset))
            continue
        if not item.is_region:
            assignments.append(
                CAssignment(c_name(item.name), assignment.scalars[item.key], item.type)
            )
            continue
        contents = assignment.regions[item.key]
        region = cfa.regions[item.ref]
        for index in range(region.length or 1):
            cell = contents.cells.get(index, contents.default)
            assignments.append(CAssignment(_cell(item.shape, c_name(item.ref), index),
                                           cell, item.type))
    opaque_blocks = _opaque_blocks(cfa, assignment, plan)
    laid_out = frozenset(f"&{name}" for name, _, _ in opaque_blocks)
    outputs = _output_leaves(cfa, observed, c_name) + _memory_leaves(
        plan, memory, _own_objects(cfa, assignment, laid_out))
    events = {event for _, event in cfa.function_params}
    stub_list = [
        _stub(cfa, func, prototype, assignment, stubs, plan,
              event_symbol(func) if func in events else "",
              memory.effect_pointers if memory is not None else (),
              _calls_by_position(observed, func), _pointers_passed(observed, func, plan))
        for func, prototype in sorted(cfa.externals.items())
        if func not in PURE_LIBRARY and prototype is not None
    ]
    return HarnessSpec(
        source_path=version.source_path,
        source_text=version.source_text,
        function=cfa.name,
        params=cfa.params,
        return_type=cfa.return_type,
        assignments=tuple(assignments),
        outputs=tuple(outputs),
        stubs=tuple(stub_list),
        memory=tuple(block.data for block in plan.blocks),
        links=tuple(MemoryLink(k.block, k.offset, k.target, k.target_offset) for k in plan.links),
        pointers=tuple(pointers),
        flags=version.flags,
        include_dirs=version.include_dirs,
        headers=version.headers,
        statics=statics,
        function_params=tuple((param, event_symbol(event)) for param, event in cfa.function_params
                              if param not in null_params),
        constants=tuple(constants),
        opaque_arrays=cfa.opaque_arrays,
        opaque_blocks=opaque_blocks,
        opaque=tuple(_opaque_object(name, stubs, plan) for name in cfa.opaque_objects),
        objects=_real_objects(cfa, assignment, plan, laid_out),
        pointer_cells=() if memory is None else tuple(
            cast(tuple[int, int], plan.locate(at)) for at in _logged_cells(memory)),
    )


def _logged_cells(memory: MemoryPlan) -> list[int]:
    """The cells where the runs store pointers whose targets the harness's counted
    calls log, in the order they log them (`HarnessSpec.pointer_cells`)."""
    return [at for at in memory.written_pointers if memory.layout.locate(at)]


def _opaque_blocks(cfa: Cfa, assignment: Assignment,
                   plan: Layout) -> tuple[tuple[str, int, int], ...]:
    """(name, block, offset) for each witness block inside an array declared
    nowhere, at that offset of the array: the harness lays those blocks out in the
    array, so the program reads the witness's contents where the model read them.
    None for an array the witness touches before its start or too far in."""
    found: list[tuple[str, int, int]] = []
    for name in cfa.opaque_arrays:
        start = next((int(assignment.scalars.get(item.key, 0)) for item in cfa.inputs
                      if item.key == f"&{name}"), 0)
        inside = [(index, block.start - start) for index, block in enumerate(plan.blocks)
                  if start and block.end > start and block.start < start + REACH]
        if all(offset >= 0 and offset + len(plan.blocks[index].data) <= MAX_OPAQUE_ARRAY
               for index, offset in inside):
            found.extend((name, index, offset) for index, offset in inside)
    return tuple(found)


def _opaque_object(name: str, stubs: Mapping[StubKey, Scalar], plan: Layout) -> OpaqueObject:
    """The addresses the witness gives a name declared nowhere, by position."""
    rows = sorted((int(cast(int, args[0])), _block_pointer(plan, value))
                  for (func, args), value in stubs.items() if func == name and args)
    return OpaqueObject(name, tuple(rows))


def _real_objects(cfa: Cfa, assignment: Assignment, plan: Layout,
                  laid_out: frozenset[str]) -> tuple[RealObject, ...]:
    """Where the witness's memory holds objects of the program's own (a const
    table or a local given to a function without code): the compiled program
    passes the real one, so the harness answers for its address (not for the
    arrays `laid_out` in the witness's blocks: those are the blocks)."""
    found = []
    for item in cfa.inputs:
        if item.source is InputSource.LOCAL and item.key not in laid_out:
            where = plan.locate(int(assignment.scalars.get(item.key, 0)))
            if where is not None:
                block, offset = where
                extent = len(plan.blocks[block].data) - offset
                found.append(RealObject(item.object, block, offset, extent))
    return tuple(found)


def _own_objects(cfa: Cfa, assignment: Assignment,
                 laid_out: frozenset[str]) -> list[tuple[int, int]]:
    """[start, end) of the objects the compiled program holds itself (a local or
    global the lowering put in the heap at an address of its own): gcc's run
    writes them, not the witness's buffers, so those bytes are not read back
    (the arrays `laid_out` in the witness's blocks are read back)."""
    spans = []
    for item in cfa.inputs:
        if (item.source is not InputSource.LOCAL or not isinstance(item.type, PointerType)
                or item.key in laid_out):
            continue
        start = int(assignment.scalars.get(item.key, 0))
        try:
            size = item.type.target.size
        except (AttributeError, TypeError):
            continue
        if start and size:
            spans.append((start, start + size))
    return spans


def _memory_leaves(plan: Layout, memory: MemoryPlan | None,
                   own: list[tuple[int, int]]) -> list[OutputLeaf]:
    """The written heap bytes after the call (outside the program's `own`
    objects), the pointers written there, and the real addresses of the blocks
    (to read those pointers as model addresses)."""
    if memory is None:
        return []
    leaves = [
        OutputLeaf(f"block[{index}]", f"(unsigned long)(void *){memory_name(index)}", ct.ULONG)
        for index in range(len(plan.blocks))
    ]
    for at in memory.written:
        if any(start <= at < end for start, end in own):
            continue
        where = plan.locate(at)
        assert where is not None
        leaves.append(OutputLeaf(f"heap[{at}]", f"{memory_name(where[0])}[{where[1]}]", ct.UCHAR))
    for at in memory.written_pointers:
        if any(start <= at < end for start, end in own):
            continue
        where = plan.locate(at)
        assert where is not None
        expr = f"__liftdiff_word({memory_name(where[0])} + {where[1]})"
        leaves.append(OutputLeaf(f"ptr:heap[{at}]", expr, ct.ULONG))
    return leaves


def _static_renamer(statics: tuple[StaticAlias, ...]) -> Callable[[str], str]:
    """C text for a CFA name: a static local (`count::n.x`) by its harness alias."""
    aliases = {s.local.ref: s.alias for s in statics}

    def rename(name: str) -> str:
        for ref, alias in aliases.items():
            if name == ref or name.startswith((ref + ".", ref + "[")):
                return alias + name[len(ref) :]
        return name

    return rename


@dataclass(frozen=True)
class CallShape:
    """How a CFA calls a function without code: counted (an event with a position
    and memory), which arguments are pointers."""

    counted: bool
    pointers: tuple[bool, ...]
    globals: tuple[tuple[str, ScalarType], ...] = ()
    """The globals the call reads (`Event.seen`), with their types."""


def _is_counted(action: Event) -> bool:
    return bool(action.args) and action.args[0] == Var(CALLS_VAR, ct.INT)


def _call_args(action: Event) -> tuple[Expr, ...]:
    """The arguments the call passes (an event also holds its position and the
    globals the callee sees)."""
    if not _is_counted(action):
        return action.args
    return action.args[1:len(action.args) - len(action.seen)]


def _is_pointer(arg: Expr) -> bool:
    """A pointer argument that is an address in memory (not a string literal's,
    nor a function's symbol or the choice among several)."""
    return isinstance(arg.type, PointerType) and not any(
        isinstance(node, StrConst) for node in walk(arg))


def call_shapes(cfa: Cfa) -> dict[str, CallShape]:
    shapes: dict[str, CallShape] = {}
    for edge in cfa.edges:
        action = edge.action
        if isinstance(action, Event):
            counted = _is_counted(action)
            args = _call_args(action)
            pointers = tuple(_is_pointer(a) for a in args)
            seen = tuple((ref, a.type) for ref, a in
                         zip(action.seen, action.args[len(action.args) - len(action.seen):],
                             strict=True))
            shapes.setdefault(action.func, CallShape(counted, pointers, seen))
    return shapes


def uncounted_calls(cfa: Cfa) -> frozenset[str]:
    """Functions some call of which is no counted event: an output function some
    of whose calls print (`printf("a")` beside `printf("%s", p)`) stays the real
    library's in the harness, since one C function cannot be both."""
    names: set[str] = set()
    for edge in cfa.edges:
        action = edge.action
        if isinstance(action, Event) and not _is_counted(action):
            names |= {action.func, *(PRINTED if action.func == PRINT_EVENT else ())}
    return frozenset(names)


def _stub(
    cfa: Cfa,
    func: str,
    prototype: Prototype,
    assignment: Assignment,
    stubs: Mapping[tuple[str, tuple], Scalar],  # type: ignore[type-arg]
    plan: Layout,
    symbol: str = "",
    pointer_cells: tuple[int, ...] = (),
    calls: Mapping[int, Event] | None = None,
    passed_pointers: tuple[tuple[int, int, BlockPointer], ...] = (),
) -> Stub:
    """A stub answering as the witness says: per call (position, arguments), its
    result and the bytes it writes into the witness's memory; where it stores a
    pointer the function then reads (`pointer_cells`), the real address of the
    place in the witness's memory the model's address is. `calls`: the call at
    each position, for a variadic function whose calls pass arguments of
    different types past its named ones (`syscall`, `open`): each row reads
    them as its call passes them. `passed_pointers`: where the interpreter's
    run passed it pointers into the witness's memory (`Stub.passed`)."""
    shape = call_shapes(cfa).get(func, CallShape(False, ()))
    extra = _variadic_extra(cfa, func, prototype)
    own = ({} if extra or not shape.counted else _extras_by_position(prototype, calls or {}))
    results = {args: value for (name, args), value in stubs.items() if name == func}
    seen = len(shape.globals)
    writes: dict[tuple, list[tuple[int, int, int]]] = {}  # type: ignore[type-arg]
    effect_calls: dict[tuple, CallKey] = {}  # type: ignore[type-arg]
    for ((name, args), at), byte in sorted(assignment.effects.items(), key=repr):
        if name != func:
            continue
        # an effect is keyed by the event, which ends with the globals the call saw;
        # a row by the call's own arguments, as its result is
        key = args[:len(args) - seen] if seen else args
        effect_calls[key] = (name, args)
        where = plan.locate(at)
        if where is not None:
            writes.setdefault(key, []).append((*where, byte))
    sets: dict[tuple, list[tuple[str, str]]] = {}  # type: ignore[type-arg]
    for ref, ctype in shape.globals:
        effect = func + CALL_EFFECT + ref
        for (name, args), value in stubs.items():
            if name == effect:
                sets.setdefault(args, []).append((ref, literal(value, ctype)))
    rows = []
    for args in sorted({*results, *writes, *sets}, key=repr):
        position, values = (args[0], args[1:]) if shape.counted else (None, args)
        row_extra, pointers = own.get(cast(int, position), (None, shape.pointers))
        shown: tuple[StubValue, ...] = tuple(
            _block_pointer(plan, value) if index < len(pointers)
            and pointers[index] else cast(StubValue, value)
            for index, value in enumerate(values)
        )
        answer = results.get(args, 0)
        result = _block_pointer(plan, int(answer)) if func in _pointer_results(cfa) else answer
        row_writes, links = _pointer_writes(plan, writes.get(args, []), assignment,
                                            pointer_cells, effect_calls.get(args, (func, args)))
        rows.append(StubRow(shown, result, cast(int | None, position), row_writes, links,
                            tuple(sets.get(args, ())), row_extra))
    counted = shape.counted and func not in uncounted_calls(cfa)
    passed = frozenset(node.text for edge in cfa.edges if isinstance(edge.action, Event)
                       and edge.action.func == func for arg in edge.action.args
                       for node in walk(arg)  # also the choices among several
                       if isinstance(node, StrConst) and symbol_function(node.text) is not None)
    return Stub(func, prototype, tuple(rows), counted, func in cfa.noreturn,
                tuple(ref for ref, _ in shape.globals), symbol, passed, extra,
                passed_pointers if counted else ())


def _calls_by_position(observed: Observation, func: str) -> dict[int, Event]:
    """The calls of `func` the run made, by their position (counted events only)."""
    return {cast(int, args[0]): action
            for (name, args), action in zip(observed.events, observed.event_actions,
                                            strict=False)
            if name == func and _is_counted(action) and args}


def _pointers_passed(observed: Observation, func: str,
                     plan: Layout) -> tuple[tuple[int, int, BlockPointer], ...]:
    """(position, argument index, place) of each pointer into the witness's
    memory that the run passed a counted call of `func`."""
    found = []
    for (name, args), action in zip(observed.events, observed.event_actions, strict=False):
        if name != func or not _is_counted(action) or not args:
            continue
        for index, arg in enumerate(_call_args(action)):
            value = args[1 + index] if 1 + index < len(args) else None
            if _is_pointer(arg) and isinstance(value, int) and value:
                where = plan.locate(value)
                if where is not None:
                    found.append((cast(int, args[0]), index, BlockPointer(*where)))
    return tuple(found)


def _extras_by_position(
    prototype: Prototype, calls: Mapping[int, Event]
) -> dict[int, tuple[tuple[StubParam, ...], tuple[bool, ...]]]:
    """Per position, the arguments the call passes past the named parameters (as
    `_variadic_extra`) and which of its arguments are pointers; positions whose
    extras the stub cannot read are left out (their rows compare the named
    arguments only, and the log lacks the rest: such a witness does not replay)."""
    named = len(prototype.params)
    if not prototype.variadic or not named:
        return {}
    found: dict[int, tuple[tuple[StubParam, ...], tuple[bool, ...]]] = {}
    for position, action in calls.items():
        args = _call_args(action)
        extra = [variadic_param(named + i, a.type) for i, a in enumerate(args[named:])]
        if extra and all(extra):
            pointers = tuple(_is_pointer(a) for a in args)
            found[position] = (tuple(p for p in extra if p is not None), pointers)
    return found


def _variadic_extra(cfa: Cfa, func: str, prototype: Prototype) -> tuple[StubParam, ...]:
    """The arguments the calls pass a variadic function past its named parameters,
    when every call passes the same types there: the stub reads them (`va_arg`),
    so that its rows match and its log shows them as the interpreter's events do."""
    named = len(prototype.params)
    if not prototype.variadic or not named:  # `va_start` needs a named parameter
        return ()
    passed = {tuple(arg.type for arg in _call_args(edge.action)[named:])
              for edge in cfa.edges
              if isinstance(edge.action, Event) and edge.action.func == func}
    if len(passed) != 1:
        return ()
    extra = [variadic_param(named + i, ctype) for i, ctype in enumerate(passed.pop())]
    return tuple(p for p in extra if p is not None) if all(extra) else ()


def _pointer_writes(
    plan: Layout, writes: list[tuple[int, int, int]], assignment: Assignment,
    cells: tuple[int, ...], call: CallKey,
) -> tuple[tuple[tuple[int, int, int], ...], tuple[MemoryLink, ...]]:
    """A call's byte writes, less the pointers among them that point into the
    witness's memory, which become links (their real address is the harness's)."""
    links: list[MemoryLink] = []
    covered: set[tuple[int, int]] = set()
    for cell, target in effect_pointer_values(assignment, cells, call):
        where, to = plan.locate(cell), plan.locate(target) if target else None
        if where is None or to is None:
            continue  # NULL, or outside the memory: its bytes as they are
        links.append(MemoryLink(where[0], where[1], to[0], to[1]))
        covered |= {(where[0], where[1] + i) for i in range(8)}
    kept = tuple(w for w in writes if (w[0], w[1]) not in covered)
    return kept, tuple(links)


def _block_pointer(plan: Layout, address: object) -> BlockPointer:
    if not isinstance(address, int) or address == 0:
        return BlockPointer(None)
    where = plan.locate(address)
    return BlockPointer(*where) if where is not None else BlockPointer(None, 0, known=False)


def _pointer_results(cfa: Cfa) -> set[str]:
    return {node.func for edge in cfa.edges for expr in action_exprs(edge.action)
            for node in walk(expr) if isinstance(node, Call) and isinstance(node.type, PointerType)}


def _cell(shape: CellShape | None, ref: str, index: int) -> str:
    """C text of cell `index` of the region `ref` (a CFA name, statics renamed)."""
    if shape is None:
        pointer, path = _region_lvalue(ref)
        return f"{pointer}[{index}]{path}"
    root = ref.removeprefix("*")
    return shape.lvalue(index, root[: len(root) - len(shape.path)])


def _region_lvalue(ref: str) -> tuple[str, str]:
    """'*p.x' -> ('p', '.x'); 'g.a' -> ('g.a', '')."""
    if ref.startswith("*"):
        body = ref[1:]
        pointer, _, rest = body.partition(".")
        return pointer, ("." + rest) if rest else ""
    return ref, ""


def _output_leaves(
    cfa: Cfa, observed: Observation, c_name: Callable[[str], str]
) -> list[OutputLeaf]:
    leaves: list[OutputLeaf] = []
    shapes = {item.ref: item.shape for item in cfa.inputs}
    for out in cfa.outputs:
        if is_heap(out.ref) or out.ref.endswith(NULL_SUFFIX):
            continue  # the heap: `_memory_leaves`; a null flag: the pointer says it
        returned = out.ref.startswith(RETURN_VAR)
        expr = "__liftdiff_ret" + out.ref[len(RETURN_VAR) :] if returned else c_name(out.name)
        if out.pointer:  # an address: read back as a model address (`_translated`)
            leaves.append(OutputLeaf(f"ptr:{out.key}", f"(unsigned long)(void *)({expr})",
                                     ct.ULONG))
            continue
        if returned and out.is_region:  # an array member of the result, cell by cell
            count = cfa.regions[out.ref].length or 0
            leaves.extend(OutputLeaf(f"{out.key}[{index}]", f"(({out.type} *)&{expr})[{index}]",
                                     out.type) for index in range(count))
            continue
        if returned:
            leaves.append(OutputLeaf(out.key, expr, out.type))
            continue
        if out.is_region:
            shape = shapes.get(out.ref)
            value = observed.outputs.get(out.key)
            cells = sorted(value.cells) if isinstance(value, RegionValue) else []
            length = cfa.regions[out.ref].length
            if length is not None:  # cells outside an array are no part of it
                cells = [index for index in cells if 0 <= index < length]
            for index in cells:
                leaves.append(OutputLeaf(f"{out.key}[{index}]",
                                         _cell(shape, c_name(out.ref), index), out.type))
            continue
        leaves.append(OutputLeaf(out.key, c_name(out.name), out.type))
    return leaves


def compiled_replay(
    old: Cfa,
    new: Cfa,
    old_version: CompiledVersion,
    new_version: CompiledVersion,
    assignment: Assignment,
    old_obs: Observation,
    new_obs: Observation,
    compiler: str,
) -> CompiledReplay:
    try:
        plan = memory_plan(old, new, assignment, old_obs, new_obs)
        old_spec = harness_spec(old, old_version, assignment, old_obs, assignment.stubs, plan)
        new_spec = harness_spec(new, new_version, assignment, new_obs, assignment.stubs, plan)
    except LayoutError as exc:
        empty = CompiledOutcome("unavailable", {}, None, "", str(exc))
        return CompiledReplay(empty, empty, False, False, str(exc), refused=True)

    def initial(at: int) -> int:
        return initial_byte(assignment, old_obs, new_obs, at)

    def agrees(outcome: CompiledOutcome, observed: Observation) -> bool:
        values = _translated(outcome, plan.layout)
        return _agrees(outcome, values, observed, initial, plan)

    if old_obs.status == STATUS_NONTERMINATING:  # the version that ends first (see _skipped)
        b = _run_version(new_spec, new_obs, compiler)
        a = _skipped(b, new_obs, agrees) or _run_version(old_spec, old_obs, compiler)
    else:
        a = _run_version(old_spec, old_obs, compiler)
        b = (_skipped(a, old_obs, agrees) if new_obs.status == STATUS_NONTERMINATING else None
             ) or _run_version(new_spec, new_obs, compiler)
    failed = next((o for o in (a, b) if o.kind in ("unavailable", "compile_error")), None)
    if failed is not None:
        # no compiler at all: the interpreter judges alone (said in the verdict); our
        # harness around the user's code did not build: gcc has not run the witness,
        # so it is not confirmed (a NOT_EQUIVALENT needs both replays)
        return CompiledReplay(a, b, False, False, failed.message,
                              unavailable=failed.kind == "unavailable",
                              refused=failed.kind == "compile_error")
    real = _real_constants(old, new, assignment, a, b)
    if real:
        shown = ", ".join(f"'{k}' is {v} (the witness has {assignment.scalars[k]})"
                          for k, v in real.items())
        return CompiledReplay(a, b, False, False, f"in the compiled code {shown}",
                              refused=True, constants=real)
    va, vb = _translated(a, plan.layout), _translated(b, plan.layout)
    differs = (
        a.kind != b.kind
        or a.exit_code != b.exit_code
        or a.stdout != b.stdout
        or any(not _same_translated(va[k], vb[k]) for k in va.keys() & vb.keys())
        or any(_one_side_differs(va, vb, k, assignment) for k in va.keys() ^ vb.keys())
        or not _same_events(_events(a, plan.layout), _events(b, plan.layout))
        or _call_memory_differs(a, b, plan)
        or _pointers_differ(a, b, (old_obs, new_obs), plan)
    )
    return CompiledReplay(a, b, differs, agrees(a, old_obs) and agrees(b, new_obs))


def _real_constants(
    old: Cfa, new: Cfa, assignment: Assignment, *outcomes: CompiledOutcome
) -> dict[str, Scalar]:
    """The opaque constants (`InputSource.OPAQUE`) whose value where gcc compiles
    them is not the witness's, by input key."""
    keys = {item.name: item.key for cfa in (old, new) for item in cfa.inputs
            if item.source is InputSource.OPAQUE}
    found: dict[str, Scalar] = {}
    for outcome in outcomes:
        for name, value in outcome.constants.items():
            key = keys.get(name)
            if key is not None and not _same(value, assignment.scalars[key]):
                found[key] = value
    return found


def with_constants(assignment: Assignment, real: Mapping[str, Scalar]) -> Assignment:
    """`assignment` with the opaque constants at their real values (by input key)."""
    return dataclasses.replace(assignment, scalars={**assignment.scalars, **real})


def _translated(outcome: CompiledOutcome, plan: Layout) -> dict[str, Scalar | None]:
    """The harness's values with real addresses read back as model addresses (None:
    an address outside the witness's memory, such as a local's), without the
    blocks' own addresses."""
    bases = [(int(outcome.values.get(f"block[{i}]", -1)), block)
             for i, block in enumerate(plan.blocks)]
    values: dict[str, Scalar | None] = {}
    for name, value in outcome.values.items():
        if name.startswith("block["):
            continue
        if not name.startswith("ptr:"):
            values[name] = value
            continue
        real = int(value)
        values[name] = 0 if real == 0 else next(
            (block.start + real - base for base, block in bases
             if base >= 0 and base <= real <= base + len(block.data)), None)
    return values


def _one_side_differs(va: Mapping[str, Scalar | None], vb: Mapping[str, Scalar | None],
                      key: str, assignment: Assignment) -> bool:
    """An output only one version has (a global only it writes, such as the
    `errno` of its `strtol`): the other left it at its initial value, as
    `differences` reads it; without one, the two differ."""
    start = _initial(assignment, key)
    if isinstance(start, RegionValue) or start is None:
        return True
    return not _same_translated(va.get(key, start), vb.get(key, start))


def _same_translated(a: Scalar | None, b: Scalar | None) -> bool:
    if a is None or b is None:
        return True  # addresses outside the witness's memory mean nothing here
    return _same(a, b)


def _skipped(
    first: CompiledOutcome, observed: Observation,
    agrees: Callable[[CompiledOutcome, Observation], bool],
) -> CompiledOutcome | None:
    """A version observed never to end is compiled and run for HANG_SECONDS only
    when the other version's compiled run agrees with the interpreter; otherwise
    the witness is refuted already, and its outcome says why it was not run."""
    if first.kind in ("unavailable", "compile_error") or not agrees(first, observed):
        return CompiledOutcome("timeout", {}, None, "", "not run: the other version's "
                               "compiled run contradicts the interpreter")
    return None


def _run_version(spec: HarnessSpec, observed: Observation, compiler: str) -> CompiledOutcome:
    """The plain build's outcome; where the interpreter trapped and the plain
    build did not, the build with the undefined-operation checks (gcc's result
    of such an operation depends on -O level and constant folding, so only a
    trap there is what every build shares). A version observed never to end
    runs for HANG_SECONDS only: it must still be running then."""
    if observed.status == STATUS_NONTERMINATING:
        return run_harness(spec, compiler=compiler, timeout=HANG_SECONDS)
    outcome = run_harness(spec, compiler=compiler)
    if observed.status == STATUS_TRAP and outcome.kind in ("ok", "exit"):
        checked = run_harness(spec, compiler=compiler, undefined=True)
        if checked.kind == "trap":
            return checked
    return outcome


def _events(outcome: CompiledOutcome, plan: Layout) -> tuple:  # type: ignore[type-arg]
    """Calls to stubbed functions, as the interpreter lists its events (pointers into
    the witness's memory as model addresses, other pointers as None)."""
    return tuple(
        (name, tuple(_model_address(plan, arg) if isinstance(arg, BlockPointer) else arg
                     for arg in args))
        for name, args in outcome.calls if name not in OUTPUT_FUNCTIONS
    )


def _model_address(plan: Layout, pointer: BlockPointer) -> int | None:
    if not pointer.known:
        return None
    if pointer.block is None:
        return 0
    return plan.blocks[pointer.block].start + pointer.offset


def _call_memory_agrees(
    outcome: CompiledOutcome, observed: Observation, memory: MemoryPlan,
    initial: Callable[[int], int],
) -> bool:
    """At each call, the memory blocks hold what the interpreter's memory held
    (where the interpreter's run had changed it; stored pointers by where they
    point: their bytes are real addresses in the harness)."""
    plan = memory.layout
    masked = {cell + i for cell in memory.written_pointers for i in range(8)}
    cells = _logged_cells(memory)
    for blocks, pointed, mine in zip(_counted_memory(outcome), _counted_pointers(outcome),
                                     observed.event_memory, strict=False):
        if blocks is None or mine is None:
            continue
        for at, logged in zip(cells, pointed or (), strict=False):
            if _stored(at, mine) and not _points_as_logged(logged, at, mine, initial, plan):
                return False
        for at, byte in mine.items():
            if at in masked:
                continue
            where = plan.locate(at)
            if where is not None and where[1] < len(blocks[where[0]]) \
                    and blocks[where[0]][where[1]] != byte:
                return False
    return True


def _call_memory_differs(a: CompiledOutcome, b: CompiledOutcome, memory: MemoryPlan) -> bool:
    """Some call sees different memory in the two programs (bytes of pointers the
    programs stored left out: real addresses differ between the two builds)."""
    masked = {(where[0], where[1] + i) for at in memory.written_pointers
              if (where := memory.layout.locate(at)) is not None for i in range(8)}
    for x, y in zip(_counted_memory(a), _counted_memory(b), strict=False):
        if x is None or y is None:
            continue
        for block, (bx, by) in enumerate(zip(x, y, strict=False)):
            if any(bx[k] != by[k] for k in range(min(len(bx), len(by)))
                   if (block, k) not in masked):
                return True
    return False


def _counted_memory(outcome: CompiledOutcome) -> list[tuple[bytes, ...] | None]:
    return [m for (name, _), m in zip(outcome.calls, outcome.call_memory, strict=False)
            if name not in OUTPUT_FUNCTIONS]


def _counted_pointers(outcome: CompiledOutcome) -> list[tuple[StubValue, ...] | None]:
    return [p for (name, _), p in zip(outcome.calls, outcome.call_pointers, strict=False)
            if name not in OUTPUT_FUNCTIONS]


def _stored(cell: int, memory: Mapping[int, int] | None) -> bool:
    """Had the run stored all of the pointer at `cell` before the call (its bytes
    at the call are in the event's `memory`)? Before, a local's cell holds what
    the stack held, which differs between builds."""
    return memory is not None and all(cell + i in memory for i in range(8))


def _pointers_differ(a: CompiledOutcome, b: CompiledOutcome,
                     runs: tuple[Observation, Observation], memory: MemoryPlan) -> bool:
    """Some call sees a stored pointer point elsewhere in the two programs (into
    another place of the witness's memory, or to another string), among the
    pointers both runs had stored by then."""
    cells = _logged_cells(memory)
    for x, y, mine, theirs in zip(_counted_pointers(a), _counted_pointers(b),
                                  runs[0].event_memory, runs[1].event_memory, strict=False):
        for at, p, q in zip(cells, x or (), y or (), strict=False):
            unknown = any(isinstance(v, BlockPointer) and not v.known for v in (p, q))
            if not unknown and _stored(at, mine) and _stored(at, theirs) and p != q:
                return True
    return False


def _points_as_logged(logged: StubValue, cell: int, memory: Mapping[int, int],
                      initial: Callable[[int], int], plan: Layout) -> bool:
    """Does the interpreter's pointer at `cell` (stored before the call: its bytes
    are in `memory`) point where the compiled call logged it pointing?"""
    value = int(decode(bytes(memory[cell + i] for i in range(8)), ct.ULONG))
    if isinstance(logged, BlockPointer):
        if not logged.known or logged.block is None:
            return True  # a local's place not known yet at this call
        return value == plan.blocks[logged.block].start + logged.offset
    if isinstance(logged, str):  # a string of the program's own (a literal)
        text = bytearray()
        while value and len(text) <= LONGEST_LOGGED_TEXT:
            byte = memory.get(value + len(text), initial(value + len(text)))
            if not byte:
                return text.decode("latin-1") == logged
            text.append(byte)
        return False
    return value == logged


def _agrees(
    outcome: CompiledOutcome,
    values: Mapping[str, Scalar | None],
    observed: Observation,
    initial: Callable[[int], int],
    memory: MemoryPlan,
) -> bool:
    plan = memory.layout
    kinds = {STATUS_RETURN: "ok", STATUS_TRAP: "trap", STATUS_EXIT: "exit",
             STATUS_NONTERMINATING: "timeout"}
    if kinds.get(observed.status) != outcome.kind:
        return False
    if outcome.kind == "timeout":
        return True  # killed: what it printed or called so far is not its behaviour
    if outcome.kind == "exit" and outcome.exit_code != observed.exit_code:
        return False
    if outcome.stdout != observed.printed:
        return False
    if not _same_events(_events(outcome, plan), observed.events, prefix=True):
        return False
    if not _call_memory_agrees(outcome, observed, memory, initial):
        return False
    if outcome.kind != "ok":
        return True
    for name, value in values.items():
        mine = _interpreted(name, observed, initial)
        if value is None and name.startswith("ptr:"):
            continue  # an address outside the witness's memory: not comparable
        if mine is None or value is None or not same_value(mine, value):
            return False
    return True


def _interpreted(
    name: str, observed: Observation, initial: Callable[[int], int]
) -> Scalar | None:
    """The interpreter's value of a harness output leaf (see `harness_spec`)."""
    pointer = name.startswith("ptr:")
    name = name.removeprefix("ptr:")
    key, _, index = name.partition("[")
    if key == "heap":
        at = int(index.rstrip("]"))
        written = observed.heap.written if observed.heap else {}
        width = 8 if pointer else 1
        data = bytes(written[b] if b in written else initial(b) for b in range(at, at + width))
        return decode(data, _POINTER if pointer else ct.UCHAR)
    mine = observed.outputs.get(key)
    if isinstance(mine, RegionValue):
        mine = mine.cells.get(int(index.rstrip("]")), mine.default)
    return mine
