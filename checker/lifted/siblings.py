"""A proof shared between structural pairs that lower to the same programs.

A function is checked once per structural pair (the old and new variants of
its file for configurations that declare something differently: a struct laid
out per `#if`). Often the difference does not reach the function's code: the
two pairs lower to the same CFAs except for the declared type behind a pointer
input (hush's `struct globals *` whose `struct pipe` has members per
`IF_HAS_KEYWORDS`). A proof is about the CFAs alone (a pointer input is an
address; its pointee's type shapes only a witness's harness), asked over the
pair's configurations with the features its code does not read eliminated
(`asked_scope`); so a proof of one pair is a proof of another whose CFAs are
the same and whose configurations, so projected, are among those asked. Only
EQUIVALENT is shared: a difference needs a witness replayed in its own
configuration's build.
"""

from __future__ import annotations

from collections.abc import Sequence

from checker.ir.ir import Cfa
from checker.lifted.lifted import asked_scope
from checker.variability import Feature, Formula
from checker.variability import formula as fm
from checker.variability.smt import Oracle


def same_programs(a: tuple[Cfa, Cfa] | None, b: tuple[Cfa, Cfa] | None) -> bool:
    """Do two pairs of CFAs, given as runs (`cfa_runs.as_runs`), compute the
    same, input for input?"""
    return a is not None and a == b


def proof_covers(real: tuple[Cfa, Cfa], features: Sequence[Feature], proved: Formula,
                 other: Formula, oracle: Oracle) -> bool:
    """Does a proof over the configurations `proved` (a pair's scope) cover
    `other` (the scope of a pair with the same CFAs `real`)?"""
    return oracle.valid(fm.disj(fm.neg(asked_scope(real, features, other)),
                                asked_scope(real, features, proved)))
