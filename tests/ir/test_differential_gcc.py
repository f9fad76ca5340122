"""Differential tests: interpreter, SMT encoding and gcc -O0 on random typed IR expressions.

Each example is a batch: many expressions, printed as C with `ir_to_c`, are
compiled into one program that evaluates them on several input sets and
prints every result exactly (integers in decimal, floats as bit patterns).
The interpreter and the z3 encoding (evaluated on the same constant inputs)
must agree with gcc on every value (floats bitwise, all NaNs alike).

Generation respects what the lowering guarantees: division by zero and
INT_MIN / -1 are guarded; arithmetic operands are promoted. It also avoids
what gcc folds at compile time with other rules than the machine's: a shift
count and the argument of a float->int conversion always depend on an input,
so those operations run on the hardware (see `runs_on_hardware`); inputs are
`volatile`, so algebra cannot cancel them (gcc folds `x - x` and `x >> x` even
at -O0); and a shifted value depends on an input (gcc folds `(K << n) & 1` to
`n == 0`). User code written that way is folded by gcc with other rules than
the machine's: the IR follows the machine.
copysign is left out: NaN signs are not part of the IR's semantics.
"""

from __future__ import annotations

import math
import struct
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pytest
import z3
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from checker.engines.product import UninterpretedFunctions
from checker.engines.symexec import Environment, Evaluator, State
from checker.ir import smt_ops
from checker.ir.concrete_ops import round_float
from checker.ir.ir import Binary, BinOp, Call, Cast, Cfa, Const, Expr, Ite, Unary, UnOp, Var, walk
from checker.location import Location
from checker.replay.compiled_replay import COMPILE_FLAGS
from checker.replay.interp import evaluate, same_value
from checker.replay.ir_to_c import identifier, literal, to_c
from checker.semantics import ctype as ct
from checker.semantics.ctype import FloatType, IntType, ScalarType
from checker.semantics.library import PURE_LIBRARY

pytestmark = pytest.mark.gcc

Number = int | float
Inputs = dict[str, Number]

PROMOTED_INTS: tuple[IntType, ...] = (ct.INT, ct.UINT, ct.LONG, ct.ULONG, ct.LLONG, ct.ULLONG)
FLOATS: tuple[FloatType, ...] = (ct.FLOAT, ct.DOUBLE)
ARITH: tuple[ScalarType, ...] = (*PROMOTED_INTS, *FLOATS)
NARROW: tuple[IntType, ...] = (ct.BOOL, ct.CHAR, ct.SCHAR, ct.UCHAR, ct.SHORT, ct.USHORT)
ALL_TYPES: tuple[ScalarType, ...] = (*NARROW, *ARITH)
VARIABLES: dict[str, ScalarType] = {
    **{f"{prefix}_{identifier(t.name)}": t for t in ALL_TYPES for prefix in ("a", "b")},
    **{f"c_{identifier(t.name)}": t for t in PROMOTED_INTS},  # shift counts
}
"""Inputs; `volatile` in the C program, so gcc cannot fold `x - x` or `x >> x`."""
LIBM = tuple(sorted(name for name in PURE_LIBRARY
                    if not name.endswith("f") and not name.startswith("copysign")))


# ------------------------------------------------------------ generation


def int_values(t: IntType) -> st.SearchStrategy[int]:
    if t.is_bool:
        return st.sampled_from([0, 1])
    edges = sorted({t.min, t.max, 0, 1, t.wrap(-1), t.min + 1, t.max - 1, 31, 32, 63, 64})
    return st.one_of(st.sampled_from(edges), st.integers(t.min, t.max))


def float_values(t: FloatType) -> st.SearchStrategy[float]:
    edges = [0.0, -0.0, 1.0, -1.0, 0.5, math.inf, -math.inf, math.nan, 2.0**31, -(2.0**31),
             2.0**63, 2.0**64, -(2.0**63), 4294967295.0, 1e30, 16777217.0, 5e-324,
             float.fromhex("0x1p-149"), float.fromhex("0x1.fffffffffffffp+63")]
    values = st.one_of(st.sampled_from(edges), st.floats(width=t.bits),  # type: ignore[arg-type]
                       st.integers(-(2**64), 2**64).map(float))
    return values.map(lambda value: round_float(value, t))


def values_of(t: ScalarType) -> st.SearchStrategy[Number]:
    if isinstance(t, FloatType):
        return float_values(t)
    assert isinstance(t, IntType)
    return int_values(t)


def has_var(expr: Expr) -> bool:
    return any(isinstance(node, Var) for node in walk(expr))


def _names(expr: Expr) -> set[str]:
    return {node.name for node in walk(expr) if isinstance(node, Var)}


def runs_on_hardware(expr: Expr) -> bool:
    """Can gcc not fold `expr` (or a part it distributes an operation into) to a constant?

    gcc's folder pushes conversions and operations with a constant operand into
    the arms of `?:`, so an arm without an input would be folded at compile time.
    """
    return has_var(expr) and all(
        has_var(node.then) and has_var(node.other) for node in walk(expr) if isinstance(node, Ite))


@st.composite
def variable(draw: st.DrawFn, t: ScalarType) -> Var:
    prefix = draw(st.sampled_from(["a", "b"]))
    return Var(f"{prefix}_{identifier(t.name)}", t)


@st.composite
def leaf(draw: st.DrawFn, t: ScalarType) -> Expr:
    if draw(st.integers(0, 2)) > 0:
        return draw(variable(t))
    return Const(draw(values_of(t)), t)


@st.composite
def expr_of(draw: st.DrawFn, t: ScalarType, depth: int) -> Expr:
    kinds = ["leaf"]
    if depth > 0:
        kinds += ["cast", "cast", "ite"]
        if t in ARITH:
            kinds += ["arith", "arith", "neg", "div"]
        if t in PROMOTED_INTS:
            kinds += ["shift", "bnot"]
        if t == ct.INT:
            kinds += ["compare", "compare", "lnot"]
        if t in FLOATS:
            kinds += ["libm"]
    kind = draw(st.sampled_from(kinds))
    sub = depth - 1
    if kind == "leaf":
        return draw(leaf(t))
    if kind == "cast":
        source = draw(st.sampled_from(ALL_TYPES))
        arg = draw(expr_of(source, sub))
        if isinstance(source, FloatType) and isinstance(t, IntType) and not runs_on_hardware(arg):
            arg = draw(variable(source))
        return Cast(arg, t)
    if kind == "ite":
        cond = draw(expr_of(draw(st.sampled_from(ALL_TYPES)), sub))
        return Ite(cond, draw(expr_of(t, sub)), draw(expr_of(t, sub)), t)
    if kind == "arith":
        ops = [BinOp.ADD, BinOp.SUB, BinOp.MUL]
        if isinstance(t, IntType):
            ops += [BinOp.BAND, BinOp.BOR, BinOp.BXOR]
        op = draw(st.sampled_from(ops))
        return Binary(op, draw(expr_of(t, sub)), draw(expr_of(t, sub)), t)
    if kind == "neg":
        return Unary(UnOp.NEG, draw(expr_of(t, sub)), t)
    if kind == "bnot":
        return Unary(UnOp.BNOT, draw(expr_of(t, sub)), t)
    if kind == "lnot":
        return Unary(UnOp.LNOT, draw(expr_of(draw(st.sampled_from(ALL_TYPES)), sub)), ct.INT)
    if kind == "div":
        left, right = draw(expr_of(t, sub)), draw(expr_of(t, sub))
        if isinstance(t, FloatType):
            return Binary(BinOp.DIV, left, right, t)
        op = draw(st.sampled_from([BinOp.DIV, BinOp.MOD]))
        return Binary(op, left, guarded_divisor(left, right, t), t)  # type: ignore[arg-type]
    if kind == "shift":
        left = draw(expr_of(t, sub))
        if not runs_on_hardware(left):  # gcc folds (K << n) & 1 to n == 0
            left = Binary(BinOp.BXOR, left, draw(variable(t)), t)
        count_type = draw(st.sampled_from(PROMOTED_INTS))
        count = draw(expr_of(count_type, sub))
        if not runs_on_hardware(count):
            count = Var(f"c_{identifier(count_type.name)}", count_type)
        return Binary(draw(st.sampled_from([BinOp.SHL, BinOp.SHR])), left, count, t)
    if kind == "compare":
        operand = draw(st.sampled_from(ARITH))
        op = draw(st.sampled_from([BinOp.EQ, BinOp.NE, BinOp.LT, BinOp.LE, BinOp.GT, BinOp.GE]))
        return Binary(op, draw(expr_of(operand, sub)), draw(expr_of(operand, sub)), ct.INT)
    assert kind == "libm"
    base = draw(st.sampled_from(LIBM))
    name = base + ("f" if t == ct.FLOAT else "")
    args = tuple(draw(expr_of(t, sub)) for _ in PURE_LIBRARY[name].params)
    return Call(name, args, t)


def guarded_divisor(left: Expr, right: Expr, t: IntType) -> Expr:
    """`right`, or 1 where the lowering would have trapped (zero, INT_MIN / -1)."""
    guard: Expr = Binary(BinOp.EQ, right, Const(0, t), ct.INT)
    if t.signed:
        overflow = Binary(BinOp.BAND, Binary(BinOp.EQ, right, Const(-1, t), ct.INT),
                          Binary(BinOp.EQ, left, Const(t.min, t), ct.INT), ct.INT)
        guard = Binary(BinOp.BOR, guard, overflow, ct.INT)
    return Ite(guard, Const(1, t), right, t)


@st.composite
def typed_expr(draw: st.DrawFn, max_depth: int = 4) -> Expr:
    t = draw(st.sampled_from(ALL_TYPES))
    return draw(expr_of(t, draw(st.integers(1, max_depth))))


@st.composite
def input_set(draw: st.DrawFn) -> Inputs:
    return {name: draw(values_of(t)) for name, t in VARIABLES.items()}


# ------------------------------------------------------------ running with gcc

_HELPERS = r"""
#include <stdio.h>
#include <string.h>
#include <math.h>
static void out_i(long long v) { printf("%lld\n", v); }
static void out_u(unsigned long long v) { printf("%llu\n", v); }
static void out_f(float v) { unsigned int u; memcpy(&u, &v, 4); printf("f%08x\n", u); }
static void out_d(double v) { unsigned long long u; memcpy(&u, &v, 8); printf("d%016llx\n", u); }
"""


def _printer(expr: Expr) -> str:
    t = expr.type
    text = to_c(expr)
    if isinstance(t, FloatType):
        return f"out_{'f' if t.bits == 32 else 'd'}({text});"
    assert isinstance(t, IntType)
    return f"out_{'u' if not t.signed else 'i'}({text});"


def program_text(exprs: Sequence[Expr], inputs: Sequence[Inputs]) -> str:
    lines = [_HELPERS]
    lines += [f"volatile {t.name} {name};" for name, t in VARIABLES.items()]
    lines += [f"static void e{i}(void) {{ {_printer(e)} }}" for i, e in enumerate(exprs)]
    lines.append("int main(void)\n{")
    for values in inputs:
        lines += [f"    {name} = {literal(values[name], t)};" for name, t in VARIABLES.items()]
        lines += [f"    e{i}();" for i in range(len(exprs))]
    lines += ["    return 0;", "}", ""]
    return "\n".join(lines)


def gcc_values(exprs: Sequence[Expr], inputs: Sequence[Inputs]) -> list[Number]:
    with tempfile.TemporaryDirectory(prefix="liftdiff-diff-") as work:
        source = Path(work, "diff.c")
        source.write_text(program_text(exprs, inputs), encoding="latin-1")
        program = Path(work, "diff")
        compiled = subprocess.run(["gcc", *COMPILE_FLAGS, str(source), "-o", str(program), "-lm"],
                                  capture_output=True, text=True, check=False)
        assert compiled.returncode == 0, compiled.stderr[:3000]
        done = subprocess.run([str(program)], capture_output=True, text=True, check=True,
                              timeout=60)
    return [_parse(line) for line in done.stdout.splitlines()]


def _parse(line: str) -> Number:
    if line.startswith("f"):
        return struct.unpack("<f", int(line[1:], 16).to_bytes(4, "little"))[0]
    if line.startswith("d"):
        return struct.unpack("<d", int(line[1:], 16).to_bytes(8, "little"))[0]
    return int(line)


def smt_value(expr: Expr, values: Inputs) -> Number | None:
    """The SMT encoding's value of `expr` on constant inputs (None when the
    expression calls a library function the encoding leaves uninterpreted)."""
    if any(isinstance(node, Call) for node in walk(expr)):
        exact = all(smt_ops.fp_library(node.func, [smt_ops.const(1.0, ct.DOUBLE)]) is not None
                    for node in walk(expr) if isinstance(node, Call))
        if not exact:
            return None
    symbols = {name: smt_ops.const(value, VARIABLES[name]) for name, value in values.items()}
    cfa = Cfa("expr", Location("<expr>", 0), 0, 0, (), dict(VARIABLES), {}, (), ())
    env = Environment(cfa, symbols, UninterpretedFunctions(), "t")
    term = z3.simplify(Evaluator(env).expr(State(z3.BoolVal(True)), expr))
    return smt_ops.python_value(term, expr.type)


def assert_agree(exprs: Sequence[Expr], inputs: Sequence[Inputs]) -> None:
    """The interpreter, the SMT encoding and gcc agree on every value."""
    compiled = gcc_values(exprs, inputs)
    assert len(compiled) == len(exprs) * len(inputs)
    position = 0
    for values in inputs:
        for expr in exprs:
            mine = evaluate(expr, values)
            theirs = compiled[position]
            position += 1
            used = {n: values[n] for n in sorted(_names(expr))}
            shown = f"\n  C: {to_c(expr)}\n  inputs: {used}"
            assert same_value(mine, theirs), f"interpreter {mine!r} != gcc {theirs!r}{shown}"
            encoded = smt_value(expr, values)
            if encoded is not None:
                assert same_value(encoded, theirs), f"SMT {encoded!r} != gcc {theirs!r}{shown}"


# ------------------------------------------------------------ tests

NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
"""Shrinking would compile once per attempt; the failure message already names the
expression (as C) and the inputs that disagree."""


@settings(max_examples=10, deadline=None, derandomize=True, phases=NO_SHRINK,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(exprs=st.lists(typed_expr(), min_size=40, max_size=40),
       inputs=st.lists(input_set(), min_size=6, max_size=6))
def test_interpreter_agrees_with_gcc_on_random_expressions(
    exprs: list[Expr], inputs: list[Inputs]
) -> None:
    assert_agree(exprs, inputs)


@pytest.mark.slow
@settings(max_examples=100, deadline=None, phases=NO_SHRINK,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(exprs=st.lists(typed_expr(max_depth=6), min_size=60, max_size=60),
       inputs=st.lists(input_set(), min_size=8, max_size=8))
def test_interpreter_agrees_with_gcc_on_many_random_expressions(
    exprs: list[Expr], inputs: list[Inputs]
) -> None:
    assert_agree(exprs, inputs)


def _edge_cases() -> list[Expr]:
    """Every cast between all types and the shifts, on the edge values in the inputs."""
    exprs: list[Expr] = []
    for source in ALL_TYPES:
        for target in ALL_TYPES:
            exprs.append(Cast(Var(f"a_{identifier(source.name)}", source), target))
    for t in PROMOTED_INTS:
        for count_type in (ct.INT, ct.ULONG):
            for op in (BinOp.SHL, BinOp.SHR):
                exprs.append(Binary(op, Var(f"a_{identifier(t.name)}", t),
                                    Var(f"b_{identifier(count_type.name)}", count_type), t))
    for t in ARITH:
        a, b = Var(f"a_{identifier(t.name)}", t), Var(f"b_{identifier(t.name)}", t)
        exprs += [Binary(op, a, b, t) for op in (BinOp.ADD, BinOp.SUB, BinOp.MUL)]
        exprs += [Binary(op, a, b, ct.INT) for op in (BinOp.LT, BinOp.EQ, BinOp.NE)]
        exprs.append(Unary(UnOp.NEG, a, t))
        if isinstance(t, FloatType):
            exprs.append(Binary(BinOp.DIV, a, b, t))
        else:
            exprs += [Binary(op, a, guarded_divisor(a, b, t), t) for op in (BinOp.DIV, BinOp.MOD)]
    return exprs


def _edge_inputs() -> list[Inputs]:
    ints = {t: [t.wrap(n) for n in (t.min, t.max, 0, -1, 1, 37, 64, -33)]
            for t in (*NARROW, *PROMOTED_INTS)}
    floats = [math.nan, -math.inf, math.inf, -0.0, 0.5, -1.5, 255.9, 256.0, 128.0, -129.0,
              65536.0, 2.0**31, -(2.0**31) - 1, 4294967295.0, 4294967296.0, 2.0**63,
              float.fromhex("0x1.fffffffffffffp+63"), 2.0**64, -(2.0**63), 1e19, 1e300,
              float(2**53 + 1), float.fromhex("0x1p-149")]
    sets: list[Inputs] = []
    for k in range(len(floats)):
        values: Inputs = {}
        for name, t in VARIABLES.items():
            if isinstance(t, FloatType):
                value = floats[(k + (name[0] == "b")) % len(floats)]
                values[name] = round_float(value, t)
            else:
                options = ints[t]  # type: ignore[index]
                values[name] = options[(k * 3 + (name[0] == "b")) % len(options)]
        sets.append(values)
    large_longs = [2**60 + 2**36 + 1, 2**53 + 1, -(2**63), 2**63 - 1, 2**64 - 1]
    for value in large_longs:
        base = dict(sets[0])
        for name, t in VARIABLES.items():
            if isinstance(t, IntType) and t.bits == 64:
                base[name] = t.wrap(value)
        sets.append(base)
    return sets


def test_interpreter_agrees_with_gcc_on_edge_cases() -> None:
    assert_agree(_edge_cases(), _edge_inputs())
