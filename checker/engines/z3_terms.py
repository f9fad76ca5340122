"""Walking z3 terms as DAGs (each shared subterm once)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

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


def dag_size(term: z3.ExprRef, limit: int) -> int:
    """How many distinct subterms `term` has (at most `limit`), as `subterms`
    counts them, but through z3's C API on raw ASTs: wrapping every node as a
    Python term cost seconds per query on a BusyBox `main` (a quantifier
    counts as one node; the size only orders queries)."""
    ctx = term.ctx_ref()
    seen: set[int] = set()
    stack = [term.as_ast()]
    while stack and len(seen) < limit:
        node = stack.pop()
        ident = z3.Z3_get_ast_id(ctx, node)
        if ident in seen:
            continue
        seen.add(ident)
        if z3.Z3_get_ast_kind(ctx, node) != z3.Z3_APP_AST:
            continue
        app = z3.Z3_to_app(ctx, node)
        stack.extend(z3.Z3_get_app_arg(ctx, app, index)
                     for index in range(z3.Z3_get_app_num_args(ctx, app)))
    return len(seen)


def has_float(term: z3.ExprRef) -> bool:
    """Does `term` have a floating-point subterm? Walked on raw ASTs, as
    `dag_size` is (Houdini asks it of every candidate fact's image)."""
    ctx = term.ctx_ref()
    seen: set[int] = set()
    stack = [term.as_ast()]
    while stack:
        node = stack.pop()
        ident = z3.Z3_get_ast_id(ctx, node)
        if ident in seen:
            continue
        seen.add(ident)
        kind = z3.Z3_get_ast_kind(ctx, node)
        if kind == z3.Z3_QUANTIFIER_AST:
            stack.append(z3.Z3_get_quantifier_body(ctx, node))
            continue
        if kind not in (z3.Z3_APP_AST, z3.Z3_NUMERAL_AST, z3.Z3_VAR_AST):
            continue
        sort = z3.Z3_get_sort(ctx, node)
        if z3.Z3_get_sort_kind(ctx, sort) == z3.Z3_FLOATING_POINT_SORT:
            return True
        if kind == z3.Z3_APP_AST:
            app = z3.Z3_to_app(ctx, node)
            stack.extend(z3.Z3_get_app_arg(ctx, app, index)
                         for index in range(z3.Z3_get_app_num_args(ctx, app)))
    return False


class Substitution:
    """One substitution applied to many terms: `z3.substitute` checks the sorts
    of every pair and rebuilds its arrays on each call, which cost Houdini most
    of its time on a BusyBox loop (thousands of candidate facts, each mapped
    through one transition's dozens of pairs); here that is done once."""

    def __init__(self, pairs: Sequence[tuple[z3.ExprRef, z3.ExprRef]]) -> None:
        for old, new in pairs:
            if not old.sort().eq(new.sort()):
                raise ValueError(f"substitution of {old} by {new}: the sorts differ")
        self._pairs = list(pairs)  # keeps the terms (and so their ASTs) alive
        self._from = (z3.Ast * len(pairs))(*(old.as_ast() for old, _ in pairs))
        self._to = (z3.Ast * len(pairs))(*(new.as_ast() for _, new in pairs))

    def __call__(self, term: z3.ExprRef) -> z3.ExprRef:
        if not self._pairs:
            return term
        ast = z3.Z3_substitute(term.ctx_ref(), term.as_ast(), len(self._pairs), self._from,
                               self._to)
        return z3.z3._to_expr_ref(ast, term.ctx)  # the wrapper of the right class


def is_uninterpreted(node: z3.ExprRef) -> bool:
    """A symbol (constant or function) with no built-in meaning."""
    return bool(z3.is_app(node) and node.decl().kind() == z3.Z3_OP_UNINTERPRETED)
