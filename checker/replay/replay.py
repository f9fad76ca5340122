"""Replaying a candidate witness: the interpreter always, gcc where available.

A candidate becomes a NOT_EQUIVALENT witness only if the replays show old and
new behaving differently; a compiled replay that contradicts the interpreter
vetoes it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from checker.ir.ir import (
    RETURN_VAR,
    STATUS_EXIT,
    STATUS_NONTERMINATING,
    STATUS_RETURN,
    STATUS_TRAP,
    Call,
    CellShape,
    Cfa,
    InputSource,
    action_exprs,
    walk,
)
from checker.lower.lower_state import NULL_SUFFIX
from checker.lower.lower_stmt import event_symbol
from checker.replay.compiled_replay import (
    Assignment as CAssignment,
)
from checker.replay.compiled_replay import (
    Buffer,
    CompiledOutcome,
    HarnessSpec,
    OutputLeaf,
    StaticAlias,
    Stub,
    run_harness,
)
from checker.replay.interp import (
    ExternalCall,
    RegionValue,
    RunInputs,
    RunResult,
    StubKey,
    run,
    same_value,
)
from checker.semantics.ctype import ScalarType
from checker.semantics.library import OUTPUT_FUNCTIONS, PURE_LIBRARY
from checker.types import Settings, SourceFile
from checker.variability import compiler_flags

Scalar = int | float
MAX_BUFFER = 4096
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


@dataclass(frozen=True)
class Difference:
    what: str
    old: object
    new: object


def run_version(cfa: Cfa, assignment: Assignment, tag: str, max_steps: int) -> RunResult:
    scalars: dict[str, Scalar] = {}
    regions: dict[str, RegionValue] = {}
    for item in cfa.inputs:
        if item.is_region:
            regions[item.ref] = assignment.regions[item.key]
        else:
            scalars[item.ref] = assignment.scalars[item.key]
    for name, value in assignment.free.get(tag, {}).items():
        if isinstance(value, RegionValue):
            regions[name] = value
        else:
            scalars[name] = value
    return run(cfa, RunInputs(scalars, regions, dict(assignment.stubs)), max_steps=max_steps)


def observe(cfa: Cfa, result: RunResult) -> Observation:
    by_name = {o.name: o.key for o in cfa.outputs}
    outputs = {by_name[name]: value for name, value in result.outputs.items() if name in by_name}
    events = tuple(e for e in result.events if e[0] not in OUTPUT_FUNCTIONS)
    private = frozenset(o.key for o in cfa.outputs if o.private)
    return Observation(
        result.status, result.exit_code, outputs, events, result.printed, result.calls, private
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
    if old.events != new.events and not _same_events(old.events, new.events):
        found.append(Difference("calls", old.events, new.events))
    if old.printed != new.printed:
        found.append(Difference("output", old.printed, new.printed))
    return found


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


def _same_events(a: tuple[StubKey, ...], b: tuple[StubKey, ...]) -> bool:
    if len(a) != len(b):
        return False
    for (fa, args_a), (fb, args_b) in zip(a, b, strict=True):
        if fa != fb or len(args_a) != len(args_b):
            return False
        for x, y in zip(args_a, args_b, strict=True):
            if isinstance(x, str) or isinstance(y, str):
                if x != y:
                    return False
            elif not same_value(x, y):
                return False
    return True


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
    headers, reach the compiler in every replay, as they reached the front end."""
    return CompiledVersion(
        source.path,
        text,
        tuple(compiler_flags(configuration or {}, settings)),
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
    notes: tuple[str, ...] = field(default_factory=tuple)


def harness_spec(
    cfa: Cfa,
    version: CompiledVersion,
    assignment: Assignment,
    observed: Observation,
    stubs: Mapping[StubKey, Scalar],
) -> HarnessSpec:
    assignments: list[CAssignment] = []
    buffers: list[Buffer] = []
    pointer_names = {
        item.ref[: -len(NULL_SUFFIX)] for item in cfa.inputs if item.ref.endswith(NULL_SUFFIX)
    }
    null_params = {
        name for name in pointer_names if assignment.scalars.get(_null_key(cfa, name), 0)
    }
    region_spans: dict[str, tuple[int, int]] = {}
    statics = tuple(StaticAlias(f"__liftdiff_static_{i}", s) for i, s in enumerate(cfa.statics))
    c_name = _static_renamer(statics)
    for item in cfa.inputs:
        if item.source is InputSource.CONFIG:
            continue
        if item.ref.endswith(NULL_SUFFIX):
            pname = item.ref[: -len(NULL_SUFFIX)]
            if pname in null_params:
                assignments.append(CAssignment(pname, 0, item.type))
            continue
        if not item.is_region:
            assignments.append(
                CAssignment(c_name(item.name), assignment.scalars[item.key], item.type)
            )
            continue
        value = assignment.regions[item.key]
        pointer, _ = _region_lvalue(c_name(item.ref))
        per = item.shape.per_object if item.shape is not None else 1
        if item.ref.startswith("*"):
            if pointer in null_params:
                continue
            low, high = _span(value, observed.outputs.get(_output_key(cfa, item.ref)))
            low, high = low // per, high // per  # whole objects behind the pointer
            previous = region_spans.get(pointer)
            if previous is not None:
                low, high = min(low, previous[0]), max(high, previous[1])
            region_spans[pointer] = (low, high)
            low, high = low * per, (high + 1) * per - 1
        else:
            region = cfa.regions[item.ref]
            low, high = 0, (region.length or 1) - 1
        for index in range(low, high + 1):
            cell = value.cells.get(index, value.default)
            assignments.append(CAssignment(_cell(item.shape, c_name(item.ref), index),
                                           cell, item.type))
    for pointer, (low, high) in region_spans.items():
        buffers.append(Buffer(pointer, high - low + 1, -low))
    outputs = _output_leaves(cfa, observed, c_name)
    events = {event for _, event in cfa.function_params}
    stub_list = []
    for func, prototype in sorted(cfa.externals.items()):
        if func in PURE_LIBRARY or not prototype:
            continue
        wanted = (
            func + NULL_SUFFIX.replace("null", "isnull") if cfa_returns_pointer(cfa, func) else func
        )
        table = tuple((args, value) for (name, args), value in stubs.items() if name == wanted)
        symbol = event_symbol(func) if func in events else ""
        stub_list.append(Stub(func, prototype, table, symbol))
    return HarnessSpec(
        source_path=version.source_path,
        source_text=version.source_text,
        function=cfa.name,
        params=cfa.params,
        return_type=cfa.return_type,
        assignments=tuple(assignments),
        buffers=tuple(buffers),
        outputs=tuple(outputs),
        stubs=tuple(stub_list),
        flags=version.flags,
        include_dirs=version.include_dirs,
        headers=version.headers,
        statics=statics,
        function_params=tuple((param, event_symbol(event)) for param, event in cfa.function_params
                              if param not in null_params),
    )


def _static_renamer(statics: tuple[StaticAlias, ...]) -> Callable[[str], str]:
    """C text for a CFA name: a static local (`count::n.x`) by its harness alias."""
    aliases = {s.local.ref: s.alias for s in statics}

    def rename(name: str) -> str:
        for ref, alias in aliases.items():
            if name == ref or name.startswith((ref + ".", ref + "[")):
                return alias + name[len(ref) :]
        return name

    return rename


def cfa_returns_pointer(cfa: Cfa, func: str) -> bool:
    """External calls returning pointers appear as `func$isnull` (their null flag)."""
    for edge in cfa.edges:
        for expr in action_exprs(edge.action):
            if any(isinstance(node, Call) and node.func == func + "$isnull" for node in walk(expr)):
                return True
    return False


def _null_key(cfa: Cfa, pointer: str) -> str:
    for item in cfa.inputs:
        if item.ref == pointer + NULL_SUFFIX:
            return item.key
    return ""


def _output_key(cfa: Cfa, ref: str) -> str:
    for out in cfa.outputs:
        if out.ref == ref:
            return out.key
    return ""


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


def _span(value: RegionValue, after: Scalar | RegionValue | None) -> tuple[int, int]:
    indices = set(value.cells)
    if isinstance(after, RegionValue):
        indices |= set(after.cells)
    indices.add(0)
    low, high = min(indices), max(indices)
    if high - low >= MAX_BUFFER:
        raise ValueError("witness touches memory too far apart to compile a harness")
    return low, high


def _output_leaves(
    cfa: Cfa, observed: Observation, c_name: Callable[[str], str]
) -> list[OutputLeaf]:
    leaves: list[OutputLeaf] = []
    shapes = {item.ref: item.shape for item in cfa.inputs}
    for out in cfa.outputs:
        if out.pointer:
            continue  # addresses differ between runs; the interpreter compares offsets
        if out.ref.startswith(RETURN_VAR):
            expr = "__liftdiff_ret" + out.ref[len(RETURN_VAR) :]
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
        old_spec = harness_spec(old, old_version, assignment, old_obs, assignment.stubs)
        new_spec = harness_spec(new, new_version, assignment, new_obs, assignment.stubs)
    except ValueError as exc:
        empty = CompiledOutcome("unavailable", {}, None, "", str(exc))
        return CompiledReplay(empty, empty, False, False, str(exc), unavailable=True)
    if old_obs.status == STATUS_NONTERMINATING:  # the version that ends first (see _skipped)
        b = _run_version(new_spec, new_obs, compiler)
        a = _skipped(b, new_obs) or _run_version(old_spec, old_obs, compiler)
    else:
        a = _run_version(old_spec, old_obs, compiler)
        b = (_skipped(a, old_obs) if new_obs.status == STATUS_NONTERMINATING else None
             ) or _run_version(new_spec, new_obs, compiler)
    if a.kind in ("unavailable", "compile_error") or b.kind in ("unavailable", "compile_error"):
        message = a.message if a.kind in ("unavailable", "compile_error") else b.message
        return CompiledReplay(a, b, False, False, message, unavailable=True)
    differs = (
        a.kind != b.kind
        or a.exit_code != b.exit_code
        or a.stdout != b.stdout
        or any(not _same(a.values[k], b.values[k]) for k in a.values.keys() & b.values.keys())
        or a.values.keys() != b.values.keys()
        or not _same_events(_events(a), _events(b))
    )
    agrees = _agrees(a, old_obs) and _agrees(b, new_obs)
    return CompiledReplay(a, b, differs, agrees)


def _skipped(first: CompiledOutcome, observed: Observation) -> CompiledOutcome | None:
    """A version observed never to end is compiled and run for HANG_SECONDS only
    when the other version's compiled run agrees with the interpreter; otherwise
    the witness is refuted already, and its outcome says why it was not run."""
    if first.kind in ("unavailable", "compile_error") or not _agrees(first, observed):
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


def _events(outcome: CompiledOutcome) -> tuple[StubKey, ...]:
    """Calls to stubbed functions, as the interpreter lists its events."""
    return tuple(call for call in outcome.calls if call[0] not in OUTPUT_FUNCTIONS)


def _agrees(outcome: CompiledOutcome, observed: Observation) -> bool:
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
    if not _same_events(_events(outcome), observed.events):
        return False
    if outcome.kind != "ok":
        return True
    for name, value in outcome.values.items():
        key, _, index = name.partition("[")
        mine = observed.outputs.get(key)
        if isinstance(mine, RegionValue):
            cell = int(index.rstrip("]"))
            mine = mine.cells.get(cell, mine.default)
        if mine is None or isinstance(mine, RegionValue) or not same_value(mine, value):
            return False
    return True
