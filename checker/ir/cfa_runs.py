"""A CFA as the engines see it: what it computes, input for input.

Two lowerings that differ only in what no engine reads (source places, the C
text the replay harness is built from, the notes a verdict lists, the type
behind a pointer input) compute the same: a proof about one is a proof about
the other, and an old and a new CFA equal so are one program (a renamed
struct tag or macro, moved lines) that needs no solver.
"""

from __future__ import annotations

import dataclasses

from checker.ir.ir import Cfa
from checker.location import Location
from checker.semantics.ctype import PointerType, VoidType

_ADDRESS = PointerType(VoidType())
"""What a pointer input is to the engines: an address, whatever it points to."""
_NOWHERE = Location("", 0)


def as_run(cfa: Cfa) -> Cfa:
    """`cfa` less what no engine reads: equal results compute the same."""
    inputs = tuple(dataclasses.replace(item, type=_ADDRESS)
                   if isinstance(item.type, PointerType) else item for item in cfa.inputs)
    edges = tuple(dataclasses.replace(edge, loc=None) if edge.loc is not None else edge
                  for edge in cfa.edges)
    return dataclasses.replace(cfa, inputs=inputs, edges=edges, location=_NOWHERE,
                               assumptions=(), params=(), return_type=None, externals={},
                               statics=())


def as_runs(pair: tuple[Cfa, Cfa] | None) -> tuple[Cfa, Cfa] | None:
    """Both CFAs of a pair as runs (computed once per pair: comparing them is
    then all a question costs)."""
    return None if pair is None else (as_run(pair[0]), as_run(pair[1]))


def one_program(runs: tuple[Cfa, Cfa] | None) -> bool:
    """Do the old and the new CFA, given as runs, compute the same, input for input?"""
    return runs is not None and runs[0] == runs[1]
