"""Semantics-preserving clean-ups of a lowered CFA.

`int MAXIT = 100; double EPS = 1e-14;` at the top of a function are constants
in all but name; substituting them (and folding) turns loop bounds into
numbers, removes variables the loop engines would otherwise carry, and lets
identical computations in old and new meet as identical terms.
"""

from __future__ import annotations

import dataclasses

from checker.ir.fold import fold
from checker.ir.ir import (
    Action,
    Assign,
    Assume,
    Cfa,
    Const,
    Edge,
    Event,
    Expr,
    ExprMapper,
    Store,
    Var,
)


class _Substitution(ExprMapper):
    """Variables replaced by constants, every rebuilt node folded."""

    def __init__(self, values: dict[str, Const]) -> None:
        self.values = values

    def finish(self, expr: Expr) -> Expr:
        return fold(expr)

    def visit_Var(self, expr: Var) -> Expr:
        return self.values.get(expr.name, expr)


def substitute(expr: Expr, values: dict[str, Const]) -> Expr:
    """`expr` with the given variables replaced by constants, then folded (each
    node once: its operands come back folded already, so an expression of n
    terms costs O(n), not the O(n^2) of folding every subtree again)."""
    return _Substitution(values).visit(expr)


def _action(action: Action, values: dict[str, Const]) -> Action:
    if isinstance(action, Assign):
        return Assign(action.target, substitute(action.value, values))
    if isinstance(action, Store):
        return Store(
            action.region, substitute(action.index, values), substitute(action.value, values)
        )
    if isinstance(action, Assume):
        return Assume(substitute(action.cond, values), action.settles)
    if isinstance(action, Event):
        args = tuple(substitute(a, values) for a in action.args)
        return Event(action.func, args, action.memory, action.writes, action.seen)
    return action


def propagate_constants(cfa: Cfa) -> Cfa:
    """Replace reads of variables that are assigned once, to a constant, on the
    straight-line start of the function (so the assignment precedes every
    later read), by that constant."""
    writes: dict[str, int] = {}
    for edge in cfa.edges:
        if isinstance(edge.action, Assign):
            writes[edge.action.target] = writes.get(edge.action.target, 0) + 1
    succ = cfa.successors()
    preds = cfa.predecessors()
    values: dict[str, Const] = {}
    rewritten: dict[int, Edge] = {}  # prefix edges see only the constants before them
    loc = cfa.entry
    while len(succ.get(loc, ())) == 1 and loc not in rewritten and len(preds.get(loc, ())) <= 1:
        edge = succ[loc][0]
        action = _action(edge.action, values)
        rewritten[loc] = Edge(edge.src, edge.dst, action, edge.loc)
        if (
            isinstance(action, Assign)
            and writes.get(action.target) == 1
            and isinstance(action.value, Const)
            and action.target not in cfa.initial
        ):
            values[action.target] = action.value
        loc = edge.dst
    if not values:
        return cfa
    edges = tuple(
        rewritten[edge.src]
        if edge.src in rewritten
        else Edge(edge.src, edge.dst, _action(edge.action, values), edge.loc)
        for edge in cfa.edges
    )
    return dataclasses.replace(cfa, edges=edges)
