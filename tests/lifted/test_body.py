"""Bodies: one set of atoms gives the solver's constraints, the concrete test and
the C text, and the three agree (gcc judges the text); names are C at the
function's entry; NULL tests come before the cells they guard."""

from __future__ import annotations

import math
import subprocess
from pathlib import Path

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.engines.product import build_product
from checker.frontend.frontend import load
from checker.ir.ir import Call, Cfa, action_exprs, walk
from checker.lifted.body import (
    Cell,
    Equal,
    Null,
    Returns,
    Scope,
    Within,
    constraints,
    holds,
    point,
    text,
)
from checker.lifted.widen import Interval
from checker.lower.lower import lower_function
from checker.replay.interp import RegionValue
from checker.replay.replay import Assignment
from checker.semantics import ctype as ct
from checker.semantics.ctype import FloatType, IntType
from checker.types import Settings, SourceFile

SOURCE = """
struct pt { int x; int a[3]; };
struct pt table[2];
int grid[2][3];
int cells[4];
static int shadow;
void set_shadow(int v) { shadow = v; }  /* written: an input, not its initialiser */
static int helper(void) { static int calls; return ++calls; }
int f(int i, unsigned u, long l, unsigned long ul, signed char c, unsigned char uc,
      float fl, double d, int *p, struct pt *q, struct pt s)
{
    static int k;
    static int hist[4];
    k += i;
    return i + u + l + ul + c + uc + fl + d + *p + q->a[1] + s.a[2] + table[1].a[0]
        + grid[1][2] + cells[3] + shadow + helper() + k + hist[3];
}
"""


def _cfa(source: str = SOURCE, name: str = "f", settings: Settings | None = None) -> Cfa:
    settings = settings or Settings()
    program = load(SourceFile("t.c", source), settings).variants[0].program
    return lower_function(program, name, settings)


CFA = _cfa()
SCOPE = Scope.of(CFA, CFA)
KEYS = {item.name: item.key for item in CFA.inputs}


def test_names_are_c_at_the_function_entry() -> None:
    names = {SCOPE.inputs[key].name: name for key, name in SCOPE.names.items()}
    assert names["i"] == "i" and names["shadow"] == "shadow" and names["cells"] == "cells"
    # statics are state no caller sets, of f or of a callee: at their start in every
    # witness and every body's claim, never an input a body names
    assert not {"f::k", "f::hist", "helper::calls"} & set(names)


def test_cells_are_named_by_the_c_layout() -> None:
    """Flat cells of aggregates, row-major as the lowering lays them out."""
    def cell(name: str, index: int) -> str:
        return text(frozenset({Cell(KEYS[name], index, 7)}), SCOPE)

    assert cell("s.a", 2) == "s.a[2] == 7"
    assert cell("table.a", 5) == "table[1].a[2] == 7"
    assert cell("grid", 5) == "grid[1][2] == 7"
    assert cell("cells", 3) == "cells[3] == 7"


def test_a_pointer_is_named_by_its_null_test_alone_and_the_heap_not_at_all() -> None:
    """A pointer parameter is an address in the heap: a body says whether it is
    NULL (the solver reads NULL as address 0), never which address it holds or
    what the heap holds (model addresses mean nothing in C)."""
    assert not SCOPE.nameable(Equal(KEYS["p"], 1 << 20))
    assert text(frozenset({Null(KEYS["p"], False), Equal(KEYS["i"], 1)}), SCOPE) == (
        "i == 1 && p != NULL")
    assert text(frozenset({Null(KEYS["q"], True)}), SCOPE) == "q == NULL"
    heap = [key for key, item in SCOPE.inputs.items() if item.key.startswith("heap")]
    assert heap and all(SCOPE.names[key] is None for key in heap)
    product = build_product(CFA, CFA)
    symbols = {key: shared.symbol for key, shared in product.inputs.items()}
    solver = z3.Solver()
    solver.add(*constraints([Null(KEYS["p"], True)], symbols), symbols[KEYS["p"]] != 0)
    assert solver.check() == z3.unsat
    assert holds([Null(KEYS["p"], True)], Assignment({KEYS["p"]: 0}, {}))
    assert not holds([Null(KEYS["p"], True)], Assignment({KEYS["p"]: 1 << 20}, {}))


def test_literals_at_the_type_limits() -> None:
    assert text(frozenset({Equal(KEYS["l"], -(1 << 63))}), SCOPE) == (
        "l == (-9223372036854775807 - 1)")
    assert text(frozenset({Equal(KEYS["ul"], (1 << 64) - 1)}), SCOPE) == (
        "ul == 18446744073709551615u")
    assert text(frozenset({Within(KEYS["u"], Interval(3000000000, None, False))}), SCOPE) == (
        "u >= 3000000000")


def test_floats_say_their_sign_and_nan() -> None:
    def shown(value: float) -> str:
        return text(frozenset({Equal(KEYS["fl"], value)}), SCOPE)

    assert shown(-0.0) == "fl == 0 && signbit(fl)"  # signbit of a float is INT_MIN, not 1
    assert shown(0.0) == "fl == 0 && !signbit(fl)"
    assert shown(math.nan) == "isnan(fl)"
    assert shown(-math.inf) == "isinf(fl) && fl < 0"
    assert shown(1.5) == "fl == 0x1.8p+0"


def test_empty_and_unknown_bodies() -> None:
    assert text(frozenset(), SCOPE) == "1"
    assert text(None, SCOPE).startswith("0 /*")


def test_own_statics_are_no_inputs_of_a_body() -> None:
    """A static that one version keeps alone starts at its initial value in
    every check and replay: a body does not range over it."""
    old = _cfa("int g(int x) { return x; }", "g")
    new = _cfa("int g(int x) { static int last; last = x; return x; }", "g")
    scope = Scope.of(old, new)
    assert [item.name for item in scope.inputs.values()] == ["x"]


def test_point_keeps_the_cells_read() -> None:
    region = RegionValue({0: 4}, 9)
    assignment = Assignment({KEYS["i"]: 3}, {KEYS["cells"]: region})
    body = point(assignment, SCOPE, {KEYS["cells"]: {0, 3}})
    assert {a for a in body if isinstance(a, Cell)} == {
        Cell(KEYS["cells"], 0, 4), Cell(KEYS["cells"], 3, 9)}


def test_a_call_result_is_an_atom_of_the_same_function_the_product_calls() -> None:
    """Of a pure function (the result of a counted call depends on its position,
    which C cannot name at the entry: no atom)."""
    pure = Settings().overlay({"pure_functions": ["ext"]})
    old = _cfa("int ext(int); int g(int x) { return ext(x) > 3; }", "g", pure)
    new = _cfa("int ext(int); int g(int x) { return ext(x) > 4; }", "g", pure)
    product = build_product(old, new)
    key = next(iter(k for k in product.inputs))
    atom = Returns("ext", (5,), 4, (ct.INT,), ct.INT)
    assert text(frozenset({atom}), Scope.of(old, new)) == "ext(5) == 4"
    solver = z3.Solver()
    symbols = {k: s.symbol for k, s in product.inputs.items()}
    solver.add(*constraints([atom, Equal(key, 5)], symbols), z3.Not(product.differ))
    assert solver.check() == z3.unsat  # ext(5) == 4: old 1, new 0


def test_a_call_through_a_function_pointer_parameter_goes_through_its_name() -> None:
    """The call is an event named by the parameter's position ("(*arg0)", so
    that renaming it changes nothing); C calls it by the parameter's name."""
    old = _cfa("int g(int (*cb)(int), int x) { return cb ? cb(x) > 3 : 0; }", "g")
    new = _cfa("int g(int (*fn)(int), int x) { return fn ? fn(x) > 4 : 0; }", "g")
    (event,) = {call.func for cfa in (old, new) for edge in cfa.edges
                for expr in action_exprs(edge.action) for call in walk(expr)
                if isinstance(call, Call)}
    body = frozenset({Null("arg0$null", False), Returns(event, (5,), 4, (ct.INT,), ct.INT)})
    assert event == "(*arg0)"
    assert text(body, Scope.of(old, new)) == "cb != NULL && cb(5) == 4"


# ------------------------------------------------------------ the three views agree

SCALARS = ["i", "u", "l", "ul", "c", "uc", "fl", "d"]
TYPES = {item.name: item.type for item in CFA.inputs}


def _value(draw: st.DrawFn, ctype: object) -> int | float:
    if isinstance(ctype, FloatType):
        special = st.sampled_from([0.0, -0.0, math.inf, -math.inf, math.nan, 1.5, -2.25])
        value = draw(st.one_of(special, st.floats(width=ctype.bits)))
        return float(value)
    assert isinstance(ctype, IntType)
    edges = st.sampled_from([ctype.min, ctype.max, 0, 1, -1 if ctype.signed else 2])
    return draw(st.one_of(edges, st.integers(ctype.min, ctype.max)))


@st.composite
def bodies_and_inputs(draw: st.DrawFn) -> tuple[frozenset, Assignment]:
    atoms = set()
    scalars: dict[str, int | float] = {}
    for name in SCALARS:
        ctype = TYPES[name]
        key = KEYS[name]
        value = _value(draw, ctype)
        kind = draw(st.sampled_from(["none", "equal", "same", "within"]))
        if kind == "same":
            atoms.add(Equal(key, value))
        elif kind == "equal":
            atoms.add(Equal(key, _value(draw, ctype)))
        elif kind == "within" and isinstance(ctype, IntType):
            lo, hi = sorted((_value(draw, ctype), value))
            atoms.add(Within(key, Interval(draw(st.sampled_from([lo, None])), hi, ctype.signed)))
        scalars[key] = value
    cells = {i: draw(st.integers(-(1 << 31), (1 << 31) - 1)) for i in range(4)}
    for index in draw(st.sets(st.integers(0, 3), max_size=2)):
        atoms.add(Cell(KEYS["cells"], index, draw(st.sampled_from([cells[index], 7]))))
    return frozenset(atoms), Assignment(scalars, {KEYS["cells"]: RegionValue(cells, 0)})


def _c_value(value: int | float, ctype: object) -> str:
    if isinstance(ctype, FloatType):
        if math.isnan(value):
            return "NAN" if math.copysign(1.0, value) > 0 else "-NAN"
        if math.isinf(value):
            return "INFINITY" if value > 0 else "-INFINITY"
        return float(value).hex()
    return f"({ctype}){int(value)}{'ULL' if value > (1 << 63) - 1 else 'LL'}"


def _gcc_holds(cases: list[tuple[frozenset, Assignment]], tmp: Path) -> list[bool]:
    blocks = []
    for body, assignment in cases:
        decls = "".join(f"    {TYPES[n]} {n} = {_c_value(assignment.scalars[KEYS[n]], TYPES[n])};\n"
                        for n in SCALARS)
        cells = assignment.regions[KEYS["cells"]].cells
        fill = "".join(f"    cells[{i}] = {v};\n" for i, v in cells.items())
        blocks.append(f"  {{\n    int cells[4];\n{fill}{decls}"
                      f"    printf(\"%d\\n\", ({text(body, SCOPE)}) ? 1 : 0);\n  }}\n")
    source = ("#include <math.h>\n#include <stddef.h>\n#include <stdio.h>\n"
              "#pragma GCC diagnostic ignored \"-Wall\"\nint main(void)\n{\n"
              + "".join(blocks) + "  return 0;\n}\n")
    (tmp / "b.c").write_text(source)
    built = subprocess.run(["gcc", "-O0", "-w", str(tmp / "b.c"), "-o", str(tmp / "b"), "-lm"],
                           capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr[:2000]
    ran = subprocess.run([str(tmp / "b")], capture_output=True, text=True, check=False)
    assert ran.returncode == 0, (ran.returncode, ran.stdout)
    return [line == "1" for line in ran.stdout.split()]


def _z3_holds(body: frozenset, assignment: Assignment) -> bool:
    product = build_product(CFA, CFA)
    symbols = {key: shared.symbol for key, shared in product.inputs.items()}
    solver = z3.Solver()
    solver.add(*constraints(body, symbols))
    for key, value in assignment.scalars.items():
        symbol = symbols[key]
        solver.add(symbol == z3.FPVal(value, symbol.sort()) if isinstance(value, float)
                   else symbol == z3.BitVecVal(value, symbol.size()))
    region = assignment.regions[KEYS["cells"]]
    for index, value in region.cells.items():
        solver.add(z3.Select(symbols[KEYS["cells"]], z3.BitVecVal(index, 64))
                   == z3.BitVecVal(value, 32))
    return solver.check() == z3.sat


@pytest.mark.gcc
@settings(max_examples=6, deadline=None)
@given(cases=st.lists(bodies_and_inputs(), min_size=12, max_size=12))
def test_text_constraints_and_holds_agree(cases: list, tmp_path_factory) -> None:  # type: ignore[no-untyped-def]
    """gcc's reading of the text, the concrete test and the solver's
    constraints agree on random bodies and inputs (all integer widths and
    signedness at their limits, float signs, NaN, infinities, NULL and cells)."""
    tmp = tmp_path_factory.mktemp("body")
    by_gcc = _gcc_holds(cases, tmp)
    for (body, assignment), compiled in zip(cases, by_gcc, strict=True):
        concrete = holds(body, assignment)
        assert compiled == concrete, (text(body, SCOPE), assignment.scalars)
        assert _z3_holds(body, assignment) == concrete, (text(body, SCOPE), assignment.scalars)
