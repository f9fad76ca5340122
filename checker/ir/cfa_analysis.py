"""Structure of a CFA with loops: natural loops, their nesting, liveness."""

from __future__ import annotations

from dataclasses import dataclass, field

from checker.ir.ir import (
    EXIT_CODE_VAR,
    STATUS_VAR,
    Assign,
    Call,
    Cfa,
    Event,
    Load,
    Store,
    Var,
    action_exprs,
    back_edges,
    walk,
)


@dataclass
class Loop:
    head: int
    body: set[int]
    children: list[Loop] = field(default_factory=list)


def natural_loops(cfa: Cfa) -> dict[int, Loop]:
    """Loop per head: the head plus every location that reaches one of the
    head's back edges' sources without passing through the head. Only back
    edges count: an edge into an inner loop's head comes from a location the
    head reaches too (around the outer loop), and taking it for a back edge
    made the inner loop contain the outer one and the entry."""
    sources: dict[int, list[int]] = {}
    for edge in back_edges(cfa):
        sources.setdefault(edge.dst, []).append(edge.src)
    preds = cfa.predecessors()
    loops: dict[int, Loop] = {}
    for head, latches in sources.items():
        body = {head}
        stack = list(latches)
        while stack:
            node = stack.pop()
            if node in body:
                continue
            body.add(node)
            stack.extend(e.src for e in preds.get(node, ()))
        loops[head] = Loop(head, body)
    return loops


def loop_forest(cfa: Cfa) -> list[Loop]:
    """Top-level loops, each with its nested loops, in order of first visit."""
    loops = natural_loops(cfa)
    order = _preorder(cfa)
    ranked = sorted(loops.values(), key=lambda lp: order.get(lp.head, 0))
    roots: list[Loop] = []
    for loop in sorted(ranked, key=lambda lp: len(lp.body)):
        parents = [
            p
            for p in ranked
            if p is not loop and loop.head in p.body and len(p.body) > len(loop.body)
        ]
        if parents:
            parent = min(parents, key=lambda lp: len(lp.body))
            parent.children.append(loop)
        else:
            roots.append(loop)
    for loop in ranked:
        loop.children.sort(key=lambda lp: order.get(lp.head, 0))
    roots.sort(key=lambda lp: order.get(lp.head, 0))
    return roots


def _preorder(cfa: Cfa) -> dict[int, int]:
    succ = cfa.successors()
    order: dict[int, int] = {}
    stack = [cfa.entry]
    while stack:
        node = stack.pop()
        if node in order:
            continue
        order[node] = len(order)
        stack.extend(reversed([e.dst for e in succ.get(node, ())]))
    return order


def match_loops(old: list[Loop], new: list[Loop]) -> list[tuple[int, int]]:
    """Pairs of loop heads that correspond by nesting shape and order."""
    if len(old) != len(new):
        return []
    pairs: list[tuple[int, int]] = []
    for a, b in zip(old, new, strict=True):
        pairs.append((a.head, b.head))
        pairs.extend(match_loops(a.children, b.children))
    return pairs


def liveness(cfa: Cfa) -> dict[int, frozenset[str]]:
    """Variables and regions whose current value may still be read, per location.

    Storage that is never written keeps its initial value (an input, a constant
    or an unconstrained value) and is left out: it needs no carrying."""
    exit_live = {STATUS_VAR, EXIT_CODE_VAR}
    exit_live.update(o.ref for o in cfa.outputs)
    live: dict[int, set[str]] = {loc: set() for loc in cfa.locations()}
    live[cfa.exit] = set(exit_live)
    uses: list[tuple[set[str], set[str]]] = []
    for edge in cfa.edges:
        used: set[str] = set()
        for expr in action_exprs(edge.action):
            for node in walk(expr):
                if isinstance(node, Var):
                    used.add(node.name)
                elif isinstance(node, Load):
                    used.add(node.region)
                elif isinstance(node, Call):
                    used.update(node.memory)
        defined: set[str] = set()
        if isinstance(edge.action, Assign):
            defined.add(edge.action.target)
        elif isinstance(edge.action, Store):
            used.add(edge.action.region)  # a store keeps the other cells
        elif isinstance(edge.action, Event):
            used.update(edge.action.memory)  # read, and if written, from what it was
        uses.append((used, defined))
    assigned = {edge.action.target for edge in cfa.edges if isinstance(edge.action, Assign)}
    assigned |= {edge.action.region for edge in cfa.edges if isinstance(edge.action, Store)}
    assigned |= {region for edge in cfa.edges if isinstance(edge.action, Event)
                 and edge.action.writes for region in edge.action.memory}
    for loc in live:
        live[loc] &= assigned
    uses = [(used & assigned, defined) for used, defined in uses]
    changed = True
    while changed:
        changed = False
        for edge, (used, defined) in zip(cfa.edges, uses, strict=True):
            incoming = (live[edge.dst] - defined) | used
            if not incoming <= live[edge.src]:
                live[edge.src] |= incoming
                changed = True
    return {loc: frozenset(names) for loc, names in live.items()}
