"""Concrete IR interpreter: runs one CFA on concrete inputs.

It is the first of the two independent replays of every witness, so it gives
each IR node the meaning documented in `checker/ir/ir.py` using `concrete_ops`
(never the SMT encoding). Library functions run for real (`libm`); other
external functions take their values from a stub table keyed by
`(function, arguments)`, with misses recorded rather than guessed silently.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import cast as cast_type

from checker.errors import LiftdiffError, UnsupportedError
from checker.ir import concrete_ops
from checker.ir.heap import is_heap
from checker.ir.ir import (
    CALLS_VAR,
    EXIT_CODE_VAR,
    STATUS_VAR,
    Assign,
    Assume,
    Binary,
    BinOp,
    Bits,
    Call,
    Cast,
    Cfa,
    Const,
    Edge,
    Event,
    Expr,
    ExprVisitor,
    Ite,
    Load,
    Skip,
    Store,
    StrConst,
    Unary,
    UnOp,
    Var,
)
from checker.location import Location
from checker.lower.lower_stmt import CALL_EFFECT
from checker.replay import formatted
from checker.replay.memory import ByteHeap, HeapInit, HeapTrace, RegionValue
from checker.semantics import libm
from checker.semantics.ctype import FloatType, IntType, PointerType
from checker.semantics.library import FORMATTED_TEXT

Number = int | float
Arg = int | float | str
StubKey = tuple[str, tuple[Arg, ...]]


class InterpreterError(LiftdiffError):
    """The CFA cannot be run as the IR promises (no or several enabled edges, ...)."""


class StepLimitExceeded(InterpreterError):
    """The run took more edges than allowed (a loop that does not stop soon enough).

    `stopped` is where and in which state the run was cut off, so that a caller
    can try to prove that it would never have ended (`engines/termination.py`)."""

    def __init__(self, message: str, location: Location | None, stopped: Stopped) -> None:
        super().__init__(message, location)
        self.stopped = stopped


@dataclass(frozen=True)
class Stopped:
    """The state of a run cut off by its step limit, before the edge it did not take."""

    location: int
    scalars: Mapping[str, Number]
    regions: Mapping[str, RegionValue]
    calls: tuple[ExternalCall, ...]
    """Each distinct external call evaluated so far (as `RunResult.calls`)."""
    heap: HeapTrace | None = None
    """What the run read from and wrote to the heap so far."""


@dataclass(frozen=True)
class RunInputs:
    scalars: Mapping[str, Number]
    """Initial values of CFA variables by name; missing: `Cfa.initial`, else zero."""
    regions: Mapping[str, RegionValue]
    """Initial contents by region name; missing: `Region.init`, else zeros."""
    stubs: Mapping[StubKey, Number]
    """Results of external functions without code, by (name, argument values)."""
    heap: HeapInit = field(default_factory=HeapInit)
    """The initial heap (memory behind pointer inputs), see `memory.py`."""
    undefined: frozenset[str] = frozenset()
    """Variables whose initial value stands for an uninitialised local's: a read
    before an assignment is noted (`RunResult.undefined_reads`)."""


@dataclass(frozen=True)
class ExternalCall:
    func: str
    args: tuple[Arg, ...]
    result: Number
    source: str
    """"library" (run for real), "stub" (from the table) or "missing" (zero assumed)."""


@dataclass(frozen=True)
class RunResult:
    status: int
    exit_code: int
    outputs: Mapping[str, Number | RegionValue]
    """By `Output.name`: scalars, or whole regions."""
    events: tuple[tuple[str, tuple[Arg, ...]], ...]
    printed: str
    """What printf-family events wrote to stdout (latin-1: one char per byte)."""
    calls: tuple[ExternalCall, ...]
    """Each distinct external call evaluated, in first-evaluation order."""
    steps: int
    heap: HeapTrace | None = None
    """What the run read from and wrote to the heap."""
    event_memory: tuple[Mapping[int, int] | None, ...] = ()
    """Per event, the heap bytes the callee could tell from the initial memory
    (`ByteHeap.snapshot`); None for events that read no memory."""
    reads: Mapping[str, frozenset[int]] = field(default_factory=dict)
    """Region name -> the cells loaded (what a run's outcome can depend on)."""
    event_actions: tuple[Event, ...] = ()
    """Per event, the call that made it (its arguments' types)."""
    undefined_reads: frozenset[str] = frozenset()
    """The uninitialised locals (`RunInputs.undefined`) read before assigned."""


def same_value(a: Arg, b: Arg) -> bool:
    """Output equality: ints by value, floats bitwise except that all NaNs are equal."""
    return concrete_ops.same_value(a, b)


def _stub_key(value: Arg) -> object:
    """Exact identity of an argument: floats by bits (all NaNs alike), ints by value."""
    if isinstance(value, float):
        return ("nan",) if math.isnan(value) else ("float", concrete_ops.float_bits(value))
    if isinstance(value, str):
        return ("str", value)
    return ("int", value)


class _Memory:
    """Mutable state of one run: regions as sparse cells over a default, the heap
    as bytes."""

    def __init__(self, regions: Mapping[str, RegionValue], heap: HeapInit | None = None) -> None:
        self.cells = {name: dict(value.cells) for name, value in regions.items()}
        self.defaults = {name: value.default for name, value in regions.items()}
        self.heap = ByteHeap(heap or HeapInit())
        self.reads: dict[str, set[int]] = {name: set() for name in regions}

    def value(self, region: str) -> RegionValue:
        return RegionValue(dict(self.cells[region]), self.defaults[region])


Thunk = Callable[[], Arg]


class _MayBeString(ExprVisitor[bool]):
    """Can a string literal be the value (through conversions and the branches of
    conditionals)?"""

    def visit_StrConst(self, expr: StrConst) -> bool:
        return True

    def visit_Cast(self, expr: Cast) -> bool:
        return self.visit(expr.arg)

    def visit_Ite(self, expr: Ite) -> bool:
        return self.visit(expr.then) or self.visit(expr.other)

    def visit_other(self, expr: Expr) -> bool:
        return False


def _may_be_string(expr: Expr) -> bool:
    return _MayBeString().visit(expr)


class _Compiler(ExprVisitor[Thunk]):
    """Turns expressions into closures over one run's state, once per expression.

    Operators are resolved to `concrete_ops` functions when compiling, so a loop
    body costs no dispatch per iteration. External calls are recorded here.
    """

    def __init__(
        self, env: dict[str, Number], memory: _Memory, stubs: Mapping[StubKey, Number],
        undefined: frozenset[str] = frozenset(),
    ) -> None:
        self.env = env
        self.memory = memory
        self.undefined = set(undefined)
        """The uninitialised locals not assigned yet in this run."""
        self.undefined_reads: set[str] = set()
        self.stubs = {(func, tuple(_stub_key(a) for a in args)): value
                      for (func, args), value in stubs.items()}
        self.calls: dict[object, ExternalCall] = {}
        self._compiled: dict[int, tuple[Expr, Thunk]] = {}

    def compile(self, expr: Expr) -> Thunk:
        known = self._compiled.get(id(expr))
        if known is None:
            known = (expr, self.visit(expr))  # keeps expr alive so its id stays unique
            self._compiled[id(expr)] = known
        return known[1]

    def number(self, expr: Expr) -> Callable[[], Number]:
        thunk = self.compile(expr)
        if not _may_be_string(expr):
            return cast_type(Callable[[], Number], thunk)  # no string can reach it

        def checked() -> Number:
            value = thunk()
            if isinstance(value, str):
                raise InterpreterError(f"string {value!r} used as a number")
            return value

        return checked

    def index(self, expr: Expr) -> Callable[[], int]:
        """An index's thunk: indices have integer type (ct.INDEX), so values are ints."""
        return cast_type(Callable[[], int], self.number(expr))

    def visit_Const(self, expr: Const) -> Thunk:
        value = concrete_ops.coerce(expr.value, expr.type)
        return lambda: value

    def visit_Var(self, expr: Var) -> Thunk:
        env, name = self.env, expr.name
        undefined, seen = self.undefined, self.undefined_reads

        def read() -> Arg:
            try:
                return env[name]
            except KeyError:
                raise InterpreterError(f"read of unknown variable '{name}'") from None

        def read_undefined() -> Arg:
            if name in undefined:
                seen.add(name)
            return read()

        return read_undefined if name in undefined else read

    def visit_Load(self, expr: Load) -> Thunk:
        index = self.index(expr.index)
        if is_heap(expr.region):
            read, ctype = self.memory.heap.read, expr.type
            return lambda: read(index(), ctype)
        cells = self.memory.cells.get(expr.region)
        if cells is None:
            return _failing(f"load from unknown region '{expr.region}'")
        default = self.memory.defaults[expr.region]
        reads = self.memory.reads[expr.region]
        coerce, ctype = concrete_ops.coerce, expr.type
        narrow = isinstance(ctype, IntType) and not ctype.is_bool  # char read as unsigned char

        def load() -> Arg:
            cell = index()
            reads.add(cell)
            value = cells.get(cell, default)
            return coerce(value, ctype) if narrow else value

        return load

    def visit_Unary(self, expr: Unary) -> Thunk:
        if expr.op is UnOp.LNOT:  # also on a string: a non-null pointer
            arg = self.compile(expr.arg)
            return lambda: int(not concrete_ops.is_true(arg()))
        number = self.number(expr.arg)
        apply = concrete_ops.unary_function(expr.op, expr.arg.type, expr.type)
        return lambda: apply(number())

    def visit_Binary(self, expr: Binary) -> Thunk:
        left, right = self.number(expr.left), self.number(expr.right)
        apply = concrete_ops.binary_function(expr.op, expr.left.type, expr.type)
        return lambda: apply(left(), right())

    def visit_Bits(self, expr: Bits) -> Thunk:
        reinterpret = concrete_ops.bits_function(expr.arg.type, expr.type)
        number = self.number(expr.arg)
        return lambda: reinterpret(number())

    def visit_Cast(self, expr: Cast) -> Thunk:
        convert = concrete_ops.cast_function(expr.arg.type, expr.type)
        if not _may_be_string(expr.arg):
            number = self.number(expr.arg)
            return lambda: convert(number())
        arg = self.compile(expr.arg)
        to_bool = isinstance(expr.type, IntType) and expr.type.is_bool

        def cast() -> Arg:
            value = arg()
            if isinstance(value, str):  # a string pointer: non-null, and the same string
                return 1 if to_bool else value
            return convert(value)

        return cast

    def visit_Ite(self, expr: Ite) -> Thunk:
        cond, then, other = (self.compile(e) for e in (expr.cond, expr.then, expr.other))
        return lambda: then() if concrete_ops.is_true(cond()) else other()

    def visit_StrConst(self, expr: StrConst) -> Thunk:
        text = expr.text
        return lambda: text

    def visit_Call(self, expr: Call) -> Thunk:
        args = tuple(self.compile(a) for a in expr.args)
        return lambda: self.call(expr, tuple(a() for a in args))

    def call(self, expr: Call, args: tuple[Arg, ...]) -> Number:
        key = (expr.func, tuple(_stub_key(a) for a in args))
        known = self.calls.get(key)
        if known is not None:
            return known.result
        if libm.is_library(expr.func):
            numbers = tuple(a for a in args if not isinstance(a, str))
            if len(numbers) != len(args):
                raise InterpreterError(f"string argument to library function '{expr.func}'")
            result = libm.call(expr.func, numbers)
            source = "library"
        elif _formats(expr):
            result = _format_call(expr.func, args[1:], self.memory.heap).result
            source = "library"
        elif key in self.stubs:
            result, source = self.stubs[key], "stub"
        else:
            result, source = concrete_ops.zero(expr.type), "missing"
        result = concrete_ops.coerce(result, expr.type)
        self.calls[key] = ExternalCall(expr.func, args, result, source)
        return result


def _formats(call: Call | Event) -> bool:
    """A call of `sprintf`/`snprintf` lowered as a call without code (its
    position first), which the interpreter runs as C defines it (`formatted`)."""
    return (call.func in FORMATTED_TEXT and bool(call.args)
            and isinstance(first := call.args[0], Var) and first.name == CALLS_VAR)


def _format_call(func: str, args: tuple[Arg, ...], heap: ByteHeap) -> formatted.Formatted:
    """`formatted.format_call`, where a call this run cannot make (undefined, or
    text not rendered here) makes the run invalid, not the function unsupported."""
    try:
        return formatted.format_call(func, args, heap)
    except UnsupportedError as error:
        raise InterpreterError(f"'{func}': {error.construct}") from None


def _keeps(value: Expr) -> bool:
    """The effect of such a call on a global: none (it writes only its buffer)."""
    return (isinstance(value, Call) and CALL_EFFECT in value.func
            and value.func.partition(CALL_EFFECT)[0] in FORMATTED_TEXT)


def _failing(message: str) -> Thunk:
    def fail() -> Arg:
        raise InterpreterError(message)

    return fail


def evaluate(
    expr: Expr,
    env: Mapping[str, Number],
    regions: Mapping[str, RegionValue] | None = None,
    stubs: Mapping[StubKey, Number] | None = None,
) -> Arg:
    """The value of one expression (for tests and debugging)."""
    return _Compiler(dict(env), _Memory(regions or {}), stubs or {}).compile(expr)()


def _initial_env(cfa: Cfa, inputs: RunInputs) -> dict[str, Number]:
    env: dict[str, Number] = {}
    for name, ctype in cfa.variables.items():
        value = inputs.scalars.get(name, cfa.initial.get(name, 0))
        env[name] = concrete_ops.coerce(value, ctype)
    for name, value in inputs.scalars.items():
        env.setdefault(name, value)
    return env


def _initial_regions(cfa: Cfa, inputs: RunInputs) -> dict[str, RegionValue]:
    regions: dict[str, RegionValue] = {}
    for name, region in cfa.regions.items():
        if is_heap(name):
            continue  # the heap is bytes (`memory.py`)
        given = inputs.regions.get(name)
        if given is not None:
            regions[name] = RegionValue(
                {int(i): concrete_ops.coerce(v, region.elem) for i, v in given.cells.items()},
                concrete_ops.coerce(given.default, region.elem))
        else:
            init = region.init or ()
            regions[name] = RegionValue(
                {i: concrete_ops.coerce(v, region.elem) for i, v in enumerate(init)},
                concrete_ops.zero(region.elem))
    for name, value in inputs.regions.items():
        if not is_heap(name):
            regions.setdefault(name, value)
    return regions


@dataclass(frozen=True)
class _Step:
    """An edge ready to run: its guard (Assume) and its effect, as closures."""

    edge: Edge
    guard: Thunk | None
    effect: Callable[[], None] | None


class _Run:
    """The mutable state of one run and the steps compiled for it."""

    def __init__(self, cfa: Cfa, inputs: RunInputs) -> None:
        self.cfa = cfa
        self.env = _initial_env(cfa, inputs)
        self.memory = _Memory(_initial_regions(cfa, inputs), inputs.heap)
        self.compiler = _Compiler(self.env, self.memory, inputs.stubs, inputs.undefined)
        self.events: list[tuple[str, tuple[Arg, ...]]] = []
        self.event_actions: list[Event] = []
        self.hidden: list[tuple[int, int]] = [
            (int(start), int(start) + item.automatic) for item in cfa.inputs
            if item.automatic and isinstance(start := self.env.get(item.ref), int) and start]
        """The local objects in the heap (`Input.automatic`) no call has been given."""
        self.event_memory: list[Mapping[int, int] | None] = []
        self.printed: list[str] = []
        self.successors = cfa.successors()
        self.steps_at: dict[int, tuple[_Step, ...]] = {}

    def steps(self, location: int) -> tuple[_Step, ...]:
        known = self.steps_at.get(location)
        if known is None:
            known = tuple(self.step(edge) for edge in self.successors.get(location, ()))
            self.steps_at[location] = known
        return known

    def step(self, edge: Edge) -> _Step:
        action = edge.action
        if isinstance(action, Assume):
            settle = self.settle(action)
            if settle is not None:
                return _Step(edge, None, settle)
            return _Step(edge, self.compiler.compile(action.cond), None)
        if isinstance(action, (Assign, Store)) and _keeps(action.value):
            return _Step(edge, None, None)
        if isinstance(action, Assign):
            return _Step(edge, None, self.assign(action, edge))
        if isinstance(action, Store):
            return _Step(edge, None, self.store(action))
        if isinstance(action, Event) and _formats(action):
            return _Step(edge, None, self.format(action))
        if isinstance(action, Event):
            return _Step(edge, None, self.event(action))
        assert isinstance(action, Skip)
        return _Step(edge, None, None)

    def settle(self, action: Assume) -> Callable[[], None] | None:
        """A settling fact (`Assume.settles`) on made-up memory: the bytes it
        speaks of take its value where nothing fixed them yet, as initial memory
        (so the other version's run must agree on them); a byte fixed otherwise
        makes the run invalid, as the fact would."""
        cond = action.cond
        if (
            not action.settles
            or self.memory.heap.init.seed is None
            or not isinstance(cond, Binary)
            or cond.op is not BinOp.EQ
            or not isinstance(cond.left, Load)
            or not is_heap(cond.left.region)
        ):
            return None
        address = self.compiler.number(cond.left.index)
        value, ctype = self.compiler.number(cond.right), cond.left.type
        heap = self.memory.heap

        def settle() -> None:
            if not heap.settle(int(address()), value(), ctype):
                raise InterpreterError("the made-up memory cannot hold a constant object",
                                       self.cfa.location)

        return settle

    def assign(self, action: Assign, edge: Edge) -> Callable[[], None]:
        target, env = action.target, self.env
        declared = self.cfa.variables.get(target)
        if declared is not None and (
            isinstance(declared, FloatType) != isinstance(action.value.type, FloatType)
        ):
            raise InterpreterError(
                f"assignment of a {action.value.type} value to '{target}' of type {declared}",
                edge.loc or self.cfa.location)
        value = self.compiler.number(action.value)
        undefined = self.compiler.undefined
        if target in undefined:

            def define() -> None:
                env[target] = value()
                undefined.discard(target)

            return define

        def assign() -> None:
            env[target] = value()

        return assign

    def store(self, action: Store) -> Callable[[], None]:
        if is_heap(action.region):
            address, value = self.compiler.number(action.index), self.compiler.number(action.value)
            write, ctype = self.memory.heap.write, action.value.type

            def store_heap() -> None:
                write(address(), value(), ctype)  # type: ignore[arg-type]

            return store_heap
        cells = self.memory.cells.get(action.region)
        if cells is None:
            message = f"store to unknown region '{action.region}'"

            def fail() -> None:
                raise InterpreterError(message)

            return fail
        index, value = self.compiler.index(action.index), self.compiler.number(action.value)

        def store() -> None:
            cells[index()] = value()

        return store

    def event(self, action: Event) -> Callable[[], None]:
        func = action.func
        args = tuple(self.compiler.compile(a) for a in action.args)
        heap = self.memory.heap
        reads = any(is_heap(region) for region in action.memory)
        writes = reads and action.writes

        pointers = [i for i, a in enumerate(action.args) if isinstance(a.type, PointerType)]
        hidden = self.hidden

        def event() -> None:
            values = tuple(a() for a in args)
            self.events.append((func, values))
            self.event_actions.append(action)
            for i in pointers:  # the locals it is given are visible from now on
                at = values[i]
                if isinstance(at, int):
                    hidden[:] = [(start, end) for start, end in hidden
                                 if not start <= at < end]
            self.event_memory.append(self._visible(heap.snapshot()) if reads else None)
            if writes:
                heap.after_call((func, values))
            self.printed.append(libm.output_text(func, values))

        return event

    def format(self, action: Event) -> Callable[[], None]:
        """A `sprintf`/`snprintf` call (`formatted`): its text into memory, no event."""
        args = tuple(self.compiler.compile(a) for a in action.args)
        own = len(args) - len(action.seen)
        func, heap = action.func, self.memory.heap

        def format_text() -> None:
            values = tuple(a() for a in args[1:own])  # past its position
            formatted.write(heap, _format_call(func, values, heap))

        return format_text

    def _visible(self, snapshot: dict[int, int]) -> dict[int, int]:
        """The bytes a call can see: not those of a local object no call has been
        given yet (as `product.events_differ`)."""
        if not self.hidden:
            return snapshot
        return {at: byte for at, byte in snapshot.items()
                if not any(start <= at < end for start, end in self.hidden)}

    def stopped(self, location: int) -> Stopped:
        return Stopped(
            location,
            dict(self.env),
            {name: self.memory.value(name) for name in self.memory.cells},
            tuple(self.compiler.calls.values()),
            self.memory.heap.trace(),
        )

    def choose(self, location: int) -> _Step:
        """The one enabled outgoing edge (the CFA is deterministic)."""
        steps = self.steps(location)
        if len(steps) == 1 and steps[0].guard is None:
            return steps[0]
        enabled = [s for s in steps if s.guard is None or concrete_ops.is_true(s.guard())]
        if len(enabled) != 1:
            raise InterpreterError(
                f"{len(enabled)} enabled edges at location {location} (expected exactly one)",
                steps[0].edge.loc if steps else None)
        return enabled[0]


_CLOCK_STEPS = 4096
"""Edges between two looks at the clock (a look costs about as much as an edge)."""


def run(cfa: Cfa, inputs: RunInputs, *, max_steps: int = 1_000_000,
        deadline: float | None = None) -> RunResult:
    """Execute `cfa` from its entry to its exit on `inputs`.

    Raises StepLimitExceeded after `max_steps` edges or past `deadline` (a
    `time.monotonic()` value: a run is cut off as by its step limit, never
    taken for ended), InterpreterError when the
    CFA is not deterministic where it is run or an operation the lowering
    guards is reached, UnsupportedError for printf text that cannot be rendered.
    """
    state = _Run(cfa, inputs)
    location = cfa.entry
    steps = 0
    while location != cfa.exit:
        try:
            step = state.choose(location)
            if steps >= max_steps:
                raise StepLimitExceeded(
                    f"no exit after {max_steps} steps", step.edge.loc, state.stopped(location))
            if (deadline is not None and steps % _CLOCK_STEPS == _CLOCK_STEPS - 1
                    and time.monotonic() > deadline):
                raise StepLimitExceeded(
                    f"no exit after {steps} steps, when the run's time share ran out",
                    step.edge.loc, state.stopped(location))
            steps += 1
            if step.effect is not None:
                step.effect()
        except LiftdiffError as error:
            if error.location is None:
                outgoing = state.successors.get(location)
                error.location = (outgoing[0].loc if outgoing else None) or cfa.location
            raise
        location = step.edge.dst
    env = state.env
    return RunResult(
        status=int(env.get(STATUS_VAR, 0)),
        exit_code=int(env.get(EXIT_CODE_VAR, 0)),
        outputs=_outputs(cfa, env, state.memory),
        events=tuple(state.events),
        printed="".join(state.printed),
        calls=tuple(state.compiler.calls.values()),
        steps=steps,
        heap=state.memory.heap.trace(),
        event_memory=tuple(state.event_memory),
        event_actions=tuple(state.event_actions),
        undefined_reads=frozenset(state.compiler.undefined_reads),
        reads={name: frozenset(cells) for name, cells in state.memory.reads.items() if cells},
    )


def _outputs(
    cfa: Cfa, env: Mapping[str, Number], memory: _Memory
) -> dict[str, Number | RegionValue]:
    outputs: dict[str, Number | RegionValue] = {}
    for output in cfa.outputs:
        if is_heap(output.ref):
            continue  # the heap's bytes are in the run's HeapTrace
        if output.is_region:
            outputs[output.name] = memory.value(output.ref)
        elif output.ref in env:
            outputs[output.name] = env[output.ref]
        else:
            raise InterpreterError(f"output '{output.name}' reads unknown variable '{output.ref}'")
    return outputs
