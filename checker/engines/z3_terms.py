"""Walking z3 terms as DAGs (each shared subterm once)."""

from __future__ import annotations

from collections.abc import Iterator

import z3


def subterms(term: z3.ExprRef, limit: int | None = None) -> Iterator[z3.ExprRef]:
    """Every distinct subterm of `term` (at most `limit` of them)."""
    seen: set[int] = set()
    stack = [term]
    while stack and (limit is None or len(seen) < limit):
        node = stack.pop()
        ident = node.get_id()
        if ident in seen:
            continue
        seen.add(ident)
        yield node
        stack.extend(node.children())


def is_uninterpreted(node: z3.ExprRef) -> bool:
    """A symbol (constant or function) with no built-in meaning."""
    return bool(z3.is_app(node) and node.decl().kind() == z3.Z3_OP_UNINTERPRETED)
