"""<ctype.h> against glibc compiled by gcc (-O0 and -O2, with its macros).

Every function on every argument glibc's tables answer for (-128..255) and,
for those defined on every int, a few beyond: the interpreter must print what
gcc prints and the SMT encoding must agree; the class tests trap exactly
outside the table.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import pytest
import z3

from checker.engines.product import UninterpretedFunctions
from checker.engines.symexec import Environment, Evaluator, State
from checker.ir import smt_ops
from checker.ir.ctype_classify import ctype_value, outside_domain
from checker.ir.ir import Cfa, Expr, Var
from checker.location import Location
from checker.replay.compiled_replay import COMPILE_FLAGS
from checker.replay.interp import evaluate
from checker.semantics import ctype as ct
from checker.semantics.library import CTYPE_CLASSES, CTYPE_DOMAIN, CTYPE_FUNCTIONS

NAMES = sorted(CTYPE_FUNCTIONS)
TOTAL = [name for name in NAMES if name not in CTYPE_CLASSES]
INSIDE = list(range(CTYPE_DOMAIN[0], CTYPE_DOMAIN[1] + 1))
BEYOND = [-(2**31), -1000, -129, 256, 1000, 2**31 - 1]
EDGES = {*BEYOND, *CTYPE_DOMAIN, -2, -1, 0, 128, 255} | {
    bound + step for _, ranges in CTYPE_CLASSES.values() for low, high in ranges
    for bound in (low, high) for step in (-1, 0, 1)}
"""Where the SMT encoding is compared too: each range's ends and their neighbours."""


def gcc_table(names: list[str], values: list[int], level: str) -> list[list[int]]:
    calls = " ".join(f'printf("%d ", {name}(c));' for name in names)
    source = ("#include <ctype.h>\n#include <stdio.h>\nint main(void)\n{\n"
              + "\n".join(f"    {{ volatile int v = {v}; int c = v; {calls} puts(\"\"); }}"
                          for v in values)
              + "\n    return 0;\n}\n")
    with tempfile.TemporaryDirectory(prefix="liftdiff-ctype-") as work:
        path = Path(work, "ctype.c")
        path.write_text(source)
        flags = [f for f in COMPILE_FLAGS if not f.startswith("-O")]
        built = subprocess.run(["gcc", *flags, level, str(path), "-o", str(Path(work, "c"))],
                               capture_output=True, text=True, check=False)
        assert built.returncode == 0, built.stderr[:2000]
        ran = subprocess.run([str(Path(work, "c"))], capture_output=True, text=True, check=True)
    return [[int(word) for word in line.split()] for line in ran.stdout.splitlines()]


def _smt(expr: Expr, value: int) -> int:
    cfa = Cfa("c", Location("<ctype>", 0), 0, 0, (), {"c": ct.INT}, {}, (), ())
    env = Environment(cfa, {"c": smt_ops.const(value, ct.INT)}, UninterpretedFunctions(), "t")
    term = z3.simplify(Evaluator(env).expr(State(z3.BoolVal(True)), expr))
    return int(smt_ops.python_value(term, ct.INT))


@pytest.mark.gcc
@pytest.mark.parametrize("level", ["-O0", "-O2"])
def test_values_are_glibcs(level: str) -> None:
    c = Var("c", ct.INT)
    for names, values in ((NAMES, INSIDE), (TOTAL, BEYOND)):
        for value, row in zip(values, gcc_table(names, values, level), strict=True):
            for name, expected in zip(names, row, strict=True):
                expr = ctype_value(name, c)
                assert evaluate(expr, {"c": value}) == expected, (name, value)
                if value in EDGES:
                    assert _smt(expr, value) == expected, (name, value, "smt")


def test_class_tests_trap_exactly_outside_the_table() -> None:
    c = Var("c", ct.INT)
    for name in NAMES:
        outside = outside_domain(name, c)
        if name not in CTYPE_CLASSES:
            assert outside is None
            continue
        assert outside is not None
        for value in (*BEYOND, *CTYPE_DOMAIN, -1, 0):
            expected = int(not CTYPE_DOMAIN[0] <= value <= CTYPE_DOMAIN[1])
            assert evaluate(outside, {"c": value}) == expected, (name, value)
            assert _smt(outside, value) == expected, (name, value)


def test_a_class_is_its_mask_not_one() -> None:
    assert evaluate(ctype_value("isdigit", Var("c", ct.INT)), {"c": ord("7")}) == 2048
