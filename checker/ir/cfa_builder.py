"""Incremental construction of a CFA: a cursor location and edges appended from it."""

from __future__ import annotations

from checker.ir.fold import deep_fold
from checker.ir.ir import Action, Assume, Const, Edge, Expr, Skip, negation, truth
from checker.location import Location


class CfaBuilder:
    """Emits edges from the current location; `goto` leaves the cursor on a fresh,
    unreachable location so that code after a jump is built but pruned later."""

    def __init__(self) -> None:
        self.edges: list[Edge] = []
        self._next = 0
        self.entry = self.new_location()
        self.current = self.entry

    def new_location(self) -> int:
        loc = self._next
        self._next += 1
        return loc

    def emit(self, action: Action, loc: Location | None) -> None:
        target = self.new_location()
        self.edges.append(Edge(self.current, target, action, loc))
        self.current = target

    def edge(self, src: int, dst: int, action: Action, loc: Location | None) -> None:
        self.edges.append(Edge(src, dst, action, loc))

    def branch(self, cond: Expr, loc: Location | None) -> tuple[int, int]:
        """Split on `cond` (non-zero test); returns (then, else) locations."""
        then_loc, else_loc = self.new_location(), self.new_location()
        test = deep_fold(truth(cond))
        if isinstance(test, Const):  # a constant condition: the other side is dead code
            taken = then_loc if test.value else else_loc
            self.edges.append(Edge(self.current, taken, Skip(), loc))
            return then_loc, else_loc
        self.edges.append(Edge(self.current, then_loc, Assume(test), loc))
        self.edges.append(Edge(self.current, else_loc, Assume(negation(test)), loc))
        return then_loc, else_loc

    def goto(self, target: int, loc: Location | None = None) -> None:
        self.edges.append(Edge(self.current, target, Skip(), loc))
        self.current = self.new_location()

    def join(self, target: int) -> None:
        """Fall through into `target` and continue building from there."""
        self.edges.append(Edge(self.current, target, Skip(), None))
        self.current = target

    def merge(self, source: int, target: int) -> None:
        """Remove location `source` (it turned out to need no code): edges into it go
        to `target`, and the locations after it move down, so the numbering is what
        it would have been without it (the engines' heuristics see the same CFA)."""
        assert not any(e.src == source for e in self.edges) and source not in (
            self.entry, target)

        def renumber(loc: int) -> int:
            loc = target if loc == source else loc
            return loc - 1 if loc > source else loc

        self.edges = [Edge(renumber(e.src), renumber(e.dst), e.action, e.loc) for e in self.edges]
        self.current = renumber(self.current)
        self._next -= 1

    def reachable_edges(self) -> tuple[Edge, ...]:
        succ: dict[int, list[Edge]] = {}
        for edge in self.edges:
            succ.setdefault(edge.src, []).append(edge)
        seen = {self.entry}
        stack = [self.entry]
        while stack:
            node = stack.pop()
            for edge in succ.get(node, ()):
                if edge.dst not in seen:
                    seen.add(edge.dst)
                    stack.append(edge.dst)
        return tuple(edge for edge in self.edges if edge.src in seen)
