"""The trap conditions of undefined operations, against gcc's sanitizers.

For every float->int and shift type combination, on the values around each
boundary, the guard must hold exactly where gcc's undefined-behaviour checks
(`SANITIZE_UNDEFINED`, the build that confirms a trap) stop the program; the
interpreter and the SMT encoding must agree on the guard as well.
"""

from __future__ import annotations

import math
import subprocess
import tempfile
from pathlib import Path

import pytest
import z3

from checker.engines.product import UninterpretedFunctions
from checker.engines.symexec import Environment, Evaluator, State
from checker.ir import smt_ops
from checker.ir.concrete_ops import float32
from checker.ir.ir import Cfa, Const, Expr, Var
from checker.ir.ub_guards import float_to_int_overflow, shift_out_of_range
from checker.location import Location
from checker.replay.compiled_replay import COMPILE_FLAGS, SANITIZE_UNDEFINED
from checker.replay.interp import evaluate
from checker.semantics import ctype as ct
from checker.semantics.ctype import FloatType, IntType, ScalarType

INT_TARGETS = (ct.BOOL, ct.CHAR, ct.UCHAR, ct.SHORT, ct.USHORT, ct.INT, ct.UINT, ct.LONG,
               ct.ULONG)
COUNT_TYPES = (ct.INT, ct.UINT, ct.LONG, ct.ULONG)
SHIFTED_TYPES = (ct.INT, ct.UINT, ct.LONG, ct.ULONG)


def _near(value: float, ftype: FloatType) -> list[float]:
    """`value` rounded to `ftype` and its two neighbours in `ftype`."""
    here = float32(value) if ftype.bits == 32 else value
    if math.isinf(here):
        return [here]
    step = (lambda x, to: float32(math.nextafter(x, to))) if ftype.bits == 32 else math.nextafter
    out = [here, step(here, math.inf), step(here, -math.inf)]
    if ftype.bits == 32:  # nextafter in double may not move a float32; step by its ulp
        ulp = 2.0 ** (math.frexp(here)[1] - 24) if here else 2.0**-149
        out += [float32(here + ulp), float32(here - ulp)]
    return out


def float_cases(ftype: FloatType, target: IntType) -> list[float]:
    values = [math.nan, math.inf, -math.inf, 0.0, -0.0, 0.5, -0.5, -0.9, 1.0]
    for edge in (target.max, target.max + 1, target.min, target.min - 1):
        values += _near(float(edge), ftype) + _near(edge + 0.5, ftype) + _near(edge - 0.5, ftype)
    return sorted(set(values), key=lambda v: (math.isnan(v), v))


def _literal(value: float) -> str:
    if math.isnan(value):
        return "__builtin_nan(\"\")"
    if math.isinf(value):
        return "__builtin_inf()" if value > 0 else "-__builtin_inf()"
    return value.hex()


def _smt_truth(expr: Expr, name: str, value: float | int, ctype: ScalarType) -> int:
    """The SMT encoding's value of the guard on a constant input."""
    cfa = Cfa("guard", Location("<guard>", 0), 0, 0, (), {name: ctype}, {}, (), ())
    env = Environment(cfa, {name: smt_ops.const(value, ctype)}, UninterpretedFunctions(), "t")
    term = z3.simplify(Evaluator(env).expr(State(z3.BoolVal(True)), expr))
    return int(smt_ops.python_value(term, ct.INT))


def _traps_under_gcc(lines: list[str], declarations: str) -> list[bool]:
    """Run each `lines[i]` (a statement) in its own process of one sanitizer build."""
    body = "\n".join(f"    case {i}: {line} break;" for i, line in enumerate(lines))
    source = (f"#include <stdlib.h>\n{declarations}\nint main(int argc, char **argv)\n{{\n"
              f"    switch (atoi(argv[1])) {{\n{body}\n    }}\n    return 0;\n}}\n")
    with tempfile.TemporaryDirectory(prefix="liftdiff-ub-") as work:
        path = Path(work, "ub.c")
        path.write_text(source)
        program = Path(work, "ub")
        built = subprocess.run(["gcc", *COMPILE_FLAGS, *SANITIZE_UNDEFINED, str(path), "-o",
                                str(program)], capture_output=True, text=True, check=False)
        assert built.returncode == 0, built.stderr[:2000]
        traps = []
        for index in range(len(lines)):
            run = subprocess.run([str(program), str(index)], capture_output=True, check=False)
            assert run.returncode in (0, -4), (lines[index], run.returncode)
            traps.append(run.returncode == -4)  # SIGILL: the sanitizer's trap
    return traps


@pytest.mark.gcc
@pytest.mark.parametrize("ftype", [ct.FLOAT, ct.DOUBLE], ids=["float", "double"])
def test_float_to_int_guard_is_the_sanitizers_check(ftype: FloatType) -> None:
    cases = [(target, value) for target in INT_TARGETS for value in float_cases(ftype, target)]
    lines = [f"{{ volatile {ftype.name} v = {_literal(value)}; volatile {target.name} r = "
             f"({target.name})v; (void)r; }}" for target, value in cases]
    traps = _traps_under_gcc(lines, "")
    for (target, value), trapped in zip(cases, traps, strict=True):
        guard = float_to_int_overflow(Var("v", ftype), target)
        mine = evaluate(guard, {"v": value})
        assert bool(mine) == trapped, (ftype.name, target.name, value.hex(), trapped)
        assert _smt_truth(guard, "v", value, ftype) == mine, (target.name, value)


@pytest.mark.gcc
def test_shift_guard_is_the_sanitizers_check() -> None:
    counts = [-(2**40), -1, 0, 1, 31, 32, 33, 63, 64, 65, 2**32, 2**40]
    cases = [(shifted, ctype, count) for shifted in SHIFTED_TYPES for ctype in COUNT_TYPES
             for count in sorted({ctype.wrap(c) for c in counts})]
    lines = [f"{{ volatile {shifted.name} x = 1; volatile {ctype.name} c = "
             f"({ctype.name}){count}LL; volatile {shifted.name} r = x << c; (void)r; }}"
             for shifted, ctype, count in cases]
    traps = _traps_under_gcc(lines, "")
    for (shifted, ctype, count), trapped in zip(cases, traps, strict=True):
        guard = shift_out_of_range(Var("c", ctype), shifted.bits)
        mine = evaluate(guard, {"c": count})
        assert bool(mine) == trapped, (shifted.name, ctype.name, count, trapped)
        assert _smt_truth(guard, "c", count, ctype) == mine


def test_constant_operands_fold_to_a_constant_guard() -> None:
    assert shift_out_of_range(Const(40, ct.INT), 32) == Const(1, ct.INT)
    assert shift_out_of_range(Const(31, ct.INT), 32) == Const(0, ct.INT)
    assert float_to_int_overflow(Const(1e10, ct.DOUBLE), ct.INT) == Const(1, ct.INT)
    assert float_to_int_overflow(Const(-0.9, ct.DOUBLE), ct.UINT) == Const(0, ct.INT)
    assert float_to_int_overflow(Var("d", ct.DOUBLE), ct.BOOL) == Const(0, ct.INT)
