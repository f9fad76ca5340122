"""Concrete IR interpreter: runs one CFA on concrete inputs.

It is the first of the two independent replays of every witness, so it gives
each IR node the meaning documented in `checker/ir.py` using `concrete_ops`
(never the SMT encoding). Library functions run for real (`libm`); other
external functions take their values from a stub table keyed by
`(function, arguments)`, with misses recorded rather than guessed silently.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from checker import concrete_ops, libm
from checker.ctype import FloatType, IntType, ScalarType
from checker.errors import LiftdiffError
from checker.ir import (
    EXIT_CODE_VAR,
    STATUS_VAR,
    Assign,
    Assume,
    Binary,
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
from checker.types import Location

Number = int | float
Arg = int | float | str
StubKey = tuple[str, tuple[Arg, ...]]


class InterpreterError(LiftdiffError):
    """The CFA cannot be run as the IR promises (no or several enabled edges, ...)."""


class StepLimitExceeded(InterpreterError):
    """The run took more edges than allowed (a loop that does not stop soon enough)."""


@dataclass(frozen=True)
class RegionValue:
    """A region's contents: the cells given explicitly, and the value of all others."""

    cells: Mapping[int, Number]
    default: Number


@dataclass(frozen=True)
class RunInputs:
    scalars: Mapping[str, Number]
    """Initial values of CFA variables by name; missing: `Cfa.initial`, else zero."""
    regions: Mapping[str, RegionValue]
    """Initial contents by region name; missing: `Region.init`, else zeros."""
    stubs: Mapping[StubKey, Number]
    """Results of external functions without code, by (name, argument values)."""


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
    """Mutable state of one run: regions as sparse cells over a default."""

    def __init__(self, regions: Mapping[str, RegionValue]) -> None:
        self.cells = {name: dict(value.cells) for name, value in regions.items()}
        self.defaults = {name: value.default for name, value in regions.items()}

    def load(self, region: str, index: int) -> Number:
        if region not in self.cells:
            raise InterpreterError(f"load from unknown region '{region}'")
        return self.cells[region].get(index, self.defaults[region])

    def store(self, region: str, index: int, value: Number) -> None:
        if region not in self.cells:
            raise InterpreterError(f"store to unknown region '{region}'")
        self.cells[region][index] = value

    def value(self, region: str) -> RegionValue:
        return RegionValue(dict(self.cells[region]), self.defaults[region])


class _Evaluator(ExprVisitor[Arg]):
    """Values of expressions in one state; records the external calls it makes."""

    def __init__(
        self, env: dict[str, Number], memory: _Memory, stubs: Mapping[StubKey, Number]
    ) -> None:
        self.env = env
        self.memory = memory
        self.stubs = {(func, tuple(_stub_key(a) for a in args)): value
                      for (func, args), value in stubs.items()}
        self.calls: dict[object, ExternalCall] = {}

    def number(self, expr: Expr) -> Number:
        value = self.visit(expr)
        if isinstance(value, str):
            raise InterpreterError(f"string {value!r} used as a number")
        return value

    def visit_Const(self, expr: Const) -> Arg:
        return concrete_ops.coerce(expr.value, expr.type)

    def visit_Var(self, expr: Var) -> Arg:
        if expr.name not in self.env:
            raise InterpreterError(f"read of unknown variable '{expr.name}'")
        return self.env[expr.name]

    def visit_Load(self, expr: Load) -> Arg:
        return self.memory.load(expr.region, int(self.number(expr.index)))

    def visit_Unary(self, expr: Unary) -> Arg:
        if expr.op is UnOp.LNOT:  # also on a string: a non-null pointer
            return int(not concrete_ops.is_true(self.visit(expr.arg)))
        return concrete_ops.unary(expr.op, self.number(expr.arg), expr.arg.type, expr.type)

    def visit_Binary(self, expr: Binary) -> Arg:
        left = self.number(expr.left)
        right = self.number(expr.right)
        return concrete_ops.binary(expr.op, left, right, expr.left.type, expr.type)

    def visit_Cast(self, expr: Cast) -> Arg:
        value = self.visit(expr.arg)
        if isinstance(value, str):  # a string pointer: non-null, and the same string
            return 1 if isinstance(expr.type, IntType) and expr.type.is_bool else value
        return concrete_ops.cast(value, expr.arg.type, expr.type)

    def visit_Ite(self, expr: Ite) -> Arg:
        chosen = expr.then if concrete_ops.is_true(self.visit(expr.cond)) else expr.other
        return self.visit(chosen)

    def visit_StrConst(self, expr: StrConst) -> Arg:
        return expr.text

    def visit_Call(self, expr: Call) -> Arg:
        args = tuple(self.visit(a) for a in expr.args)
        key = (expr.func, tuple(_stub_key(a) for a in args))
        known = self.calls.get(key)
        if known is not None:
            return known.result
        if libm.is_library(expr.func):
            if any(isinstance(a, str) for a in args):
                raise InterpreterError(f"string argument to library function '{expr.func}'")
            result = libm.call(expr.func, args)  # type: ignore[arg-type]
            source = "library"
        elif key in self.stubs:
            result, source = self.stubs[key], "stub"
        else:
            result, source = concrete_ops.zero(expr.type), "missing"
        result = concrete_ops.coerce(result, expr.type)
        self.calls[key] = ExternalCall(expr.func, args, result, source)
        return result


def evaluate(
    expr: Expr,
    env: Mapping[str, Number],
    regions: Mapping[str, RegionValue] | None = None,
    stubs: Mapping[StubKey, Number] | None = None,
) -> Arg:
    """The value of one expression (for tests and debugging)."""
    evaluator = _Evaluator(dict(env), _Memory(regions or {}), stubs or {})
    return evaluator.visit(expr)


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
        regions.setdefault(name, value)
    return regions


def run(cfa: Cfa, inputs: RunInputs, *, max_steps: int = 1_000_000) -> RunResult:
    """Execute `cfa` from its entry to its exit on `inputs`.

    Raises StepLimitExceeded after `max_steps` edges, InterpreterError when the
    CFA is not deterministic where it is run or an operation the lowering
    guards is reached, UnsupportedError for printf text that cannot be rendered.
    """
    env = _initial_env(cfa, inputs)
    memory = _Memory(_initial_regions(cfa, inputs))
    evaluator = _Evaluator(env, memory, inputs.stubs)
    successors = cfa.successors()
    events: list[tuple[str, tuple[Arg, ...]]] = []
    printed: list[str] = []
    location = cfa.entry
    steps = 0
    while location != cfa.exit:
        edge = _enabled_edge(evaluator, successors.get(location, []), location, cfa.location)
        if steps >= max_steps:
            raise StepLimitExceeded(f"no exit after {max_steps} steps", edge.loc or cfa.location)
        steps += 1
        action = edge.action
        try:
            if isinstance(action, Assign):
                env[action.target] = _typed(evaluator.number(action.value), cfa, action.target)
            elif isinstance(action, Store):
                index = int(evaluator.number(action.index))
                memory.store(action.region, index, evaluator.number(action.value))
            elif isinstance(action, Event):
                args = tuple(evaluator.visit(a) for a in action.args)
                events.append((action.func, args))
                printed.append(libm.output_text(action.func, args))
            else:
                assert isinstance(action, Assume | Skip)
        except LiftdiffError as error:
            if error.location is None:
                error.location = edge.loc or cfa.location
            raise
        location = edge.dst
    return RunResult(
        status=int(env.get(STATUS_VAR, 0)),
        exit_code=int(env.get(EXIT_CODE_VAR, 0)),
        outputs=_outputs(cfa, env, memory),
        events=tuple(events),
        printed="".join(printed),
        calls=tuple(evaluator.calls.values()),
        steps=steps,
    )


def _typed(value: Number, cfa: Cfa, target: str) -> Number:
    ctype: ScalarType | None = cfa.variables.get(target)
    if ctype is None:
        return value
    if isinstance(ctype, FloatType) != isinstance(value, float):
        raise InterpreterError(f"assignment of {value!r} to '{target}' of type {ctype}")
    return value


def _enabled_edge(
    evaluator: _Evaluator, edges: list[Edge], location: int, where: Location
) -> Edge:
    if len(edges) == 1 and not isinstance(edges[0].action, Assume):
        return edges[0]
    enabled = []
    for edge in edges:
        action = edge.action
        try:
            if not isinstance(action, Assume) or concrete_ops.is_true(evaluator.visit(action.cond)):
                enabled.append(edge)
        except LiftdiffError as error:
            if error.location is None:
                error.location = edge.loc or where
            raise
    if len(enabled) != 1:
        at = edges[0].loc if edges and edges[0].loc else where
        raise InterpreterError(
            f"{len(enabled)} enabled edges at location {location} (expected exactly one)", at)
    return enabled[0]


def _outputs(
    cfa: Cfa, env: Mapping[str, Number], memory: _Memory
) -> dict[str, Number | RegionValue]:
    outputs: dict[str, Number | RegionValue] = {}
    for output in cfa.outputs:
        if output.is_region:
            outputs[output.name] = memory.value(output.ref)
        elif output.ref in env:
            outputs[output.name] = env[output.ref]
        else:
            raise InterpreterError(f"output '{output.name}' reads unknown variable '{output.ref}'")
    return outputs
