"""Orders of a CFA's locations: a topological order exists only between cut points."""

from __future__ import annotations

import pytest

from checker.ir.ir import Cfa, CyclicRegion, Edge, Skip, back_edges, loop_heads, topological_order
from checker.location import Location
from checker.semantics import ctype as ct

ENTRY, OUTER, INNER, BODY, LATCH, EXIT = range(6)
NEST = Cfa(
    "nest", Location("t.c", 1), ENTRY, EXIT,
    tuple(Edge(src, dst, Skip()) for src, dst in (
        (ENTRY, OUTER), (OUTER, INNER), (INNER, BODY), (BODY, INNER), (INNER, LATCH),
        (LATCH, OUTER), (OUTER, EXIT))),
    {"i": ct.INT}, {}, (), (),
)
"""`while (..) { while (..) body; latch; }`: the inner loop's exit is the outer latch."""


def test_back_edges_are_the_retreating_ones() -> None:
    assert {(e.src, e.dst) for e in back_edges(NEST)} == {(BODY, INNER), (LATCH, OUTER)}
    assert loop_heads(NEST) == {OUTER, INNER}


def test_a_cyclic_cfa_has_no_topological_order() -> None:
    """An order read off a cycle puts a location before a path into it (a
    symbolic execution following it dropped that path)."""
    with pytest.raises(CyclicRegion):
        topological_order(NEST)


def test_between_cut_points_the_outer_head_comes_after_the_inner_exit() -> None:
    """From the inner head to the next cut points (the heads and the exit):
    the outer head is reached through the latch, so it comes after it."""
    order = topological_order(NEST, INNER, {ENTRY, OUTER, INNER, EXIT})
    assert order[0] == INNER
    assert set(order) == {INNER, BODY, LATCH, OUTER}
    assert order.index(LATCH) < order.index(OUTER)


def test_a_region_that_is_not_cut_is_refused() -> None:
    with pytest.raises(CyclicRegion):
        topological_order(NEST, OUTER, {EXIT})
