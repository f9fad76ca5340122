"""Constants in all but name substituted and folded."""

from __future__ import annotations

from checker.ir.cfa_simplify import propagate_constants, substitute
from checker.ir.ir import (
    Assign,
    Assume,
    Binary,
    BinOp,
    Call,
    Cfa,
    Const,
    Edge,
    Event,
    Load,
    Store,
    Var,
)
from checker.location import Location
from checker.semantics import ctype as ct


def c(value: int) -> Const:
    return Const(value, ct.INT)


def v(name: str) -> Var:
    return Var(name, ct.INT)


def test_substitute_replaces_and_folds_every_node_but_loads_and_calls_stay() -> None:
    values = {"n": c(4)}
    doubled = Binary(BinOp.MUL, v("n"), c(2), ct.INT)
    assert substitute(doubled, values) == c(8)
    assert substitute(Load("a", doubled, ct.INT), values) == Load("a", c(8), ct.INT)
    assert substitute(Call("f", (v("n"), v("m")), ct.INT), values) == Call(
        "f", (c(4), v("m")), ct.INT)
    kept = Binary(BinOp.ADD, v("m"), v("n"), ct.INT)
    assert substitute(kept, values) == Binary(BinOp.ADD, v("m"), c(4), ct.INT)


def test_a_constant_assigned_once_at_the_start_replaces_its_reads() -> None:
    edges = (
        Edge(0, 1, Assign("n", c(10))),
        Edge(1, 2, Assign("m", c(1))),
        Edge(2, 3, Assume(Binary(BinOp.LT, v("i"), v("n"), ct.INT))),
        Edge(3, 4, Store("a", v("n"), v("m"))),
        Edge(4, 2, Assign("m", Binary(BinOp.ADD, v("m"), v("n"), ct.INT))),
        Edge(2, 5, Event("g", (v("n"),))),
    )
    cfa = Cfa("f", Location("t.c", 1), 0, 5, edges, {"n": ct.INT, "m": ct.INT, "i": ct.INT},
              {}, (), ())
    actions = [e.action for e in propagate_constants(cfa).edges]
    assert actions[2] == Assume(Binary(BinOp.LT, v("i"), c(10), ct.INT))
    assert actions[3] == Store("a", c(10), v("m"))  # m is assigned twice: kept
    assert actions[4] == Assign("m", Binary(BinOp.ADD, v("m"), c(10), ct.INT))
    assert actions[5] == Event("g", (c(10),))
