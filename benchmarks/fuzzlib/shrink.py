"""Delta debugging over the pair's tree: smaller pairs that keep the finding.

Candidates, biggest cuts first: drop a file item, drop a statement, keep one
branch of an `#if`, keep one arm of an `if`, replace an expression by one of
its operands or by 0/1. Each candidate applies to both versions at once (the
tree holds both). A candidate is kept when the pair still differs textually,
compiles, and liftdiff + gcc still give a finding of the same kind.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from fuzzlib.pairs import Pair, compiles
from fuzzlib.syntax import (
    PP,
    Alt,
    Bin,
    Call,
    Cast,
    Cond,
    Decl,
    Expr,
    ExprS,
    For,
    FuncDef,
    If,
    Lit,
    Node,
    PPExpr,
    Program,
    Return,
    Un,
    While,
    number,
    project,
    render,
    replace_nodes,
    walk,
)

Check = Callable[[Pair], bool]


def shrink(pair: Pair, keeps_finding: Check, budget: float = 300.0, compiler: str = "gcc"
           ) -> Pair:
    """The smallest pair found within `budget` seconds for which `keeps_finding` holds."""
    deadline = time.monotonic() + budget
    best = pair
    progress = True
    while progress and time.monotonic() < deadline:
        progress = False
        for tree in candidates(best.tree):
            if time.monotonic() >= deadline:
                break
            trial = best.with_tree(number(tree))
            if trial.old == trial.new or len(trial.old) + len(trial.new) >= len(best.old) + len(
                    best.new):
                continue
            if not compiles(trial, compiler) or not keeps_finding(trial):
                continue
            best = trial
            progress = True
            break
    return best


def candidates(tree: Program) -> Iterator[Program]:
    items = tree.items
    for i, item in enumerate(items):
        if isinstance(item, FuncDef) and item.name == tree.entry:
            continue
        yield Program(items[:i] + items[i + 1:], tree.entry)
    nodes = [n for item in items for n in walk(item)]
    for n in nodes:
        if isinstance(n, (PP,)):
            for branch in n.branches:
                yield _replace(tree, n, Alt(branch.body, branch.body))
            yield _replace(tree, n, Alt(n.els or (), n.els or ()))
    for n in nodes:
        if isinstance(n, (ExprS, If, For, While, Decl)) and not _is_loop_init(tree, n):
            yield _replace(tree, n, Alt((), ()))
    for n in nodes:
        if isinstance(n, If):
            yield _replace(tree, n, Alt(n.then, n.then))
            if n.els is not None:
                yield _replace(tree, n, Alt(n.els, n.els))
        if isinstance(n, (For, While)):
            yield _replace(tree, n, Alt(n.body, n.body))
        if isinstance(n, Alt) and len(n.old) == 1 and len(n.new) == 1:
            # the same operand of both sides (their nodes share ids, so cut the Alt itself)
            pairs = zip(_operands(n.old[0]), _operands(n.new[0]), strict=False)
            for old_sub, new_sub in pairs:
                yield _replace(tree, n, Alt((old_sub,), (new_sub,)))
    for n in nodes:
        for sub in _operands(n):
            yield _replace(tree, n, sub)
        if isinstance(n, (Bin, Call, Cond, Un, Cast)) and not _lvalue_like(n):
            yield _replace(tree, n, Lit("0"))
            yield _replace(tree, n, Lit("1"))


def _operands(n: Node) -> list[Node]:
    if isinstance(n, Return) and isinstance(n.e, (Bin, Cond, Cast, Un)):
        return [Return(sub) for sub in _expr_operands(n.e)]
    return list(_expr_operands(n))


def _expr_operands(n: Node) -> list[Expr]:
    match n:
        case Bin(l=left, r=right):
            return [left, right]
        case Un(op=op, e=e) if op not in ("*", "&", "++", "--"):
            return [e]
        case Cast(e=e):
            return [e]
        case Cond(a=a, b=b, c=c):
            return [a, b, c]
        case PPExpr(then=then, els=els):
            return [then, els]
    return []


def _lvalue_like(n: Node) -> bool:
    return isinstance(n, Un) and n.op in ("*", "++", "--")


def _is_loop_init(tree: Program, n: Node) -> bool:
    return any(isinstance(f, For) and f.init is n for item in tree.items for f in walk(item))


def _replace(tree: Program, old: Node, new: Node) -> Program:
    return replace_nodes(tree, lambda node: new if node.nid == old.nid else None)


def size(tree: Program) -> int:
    return len(render(project(tree, "old"))) + len(render(project(tree, "new")))

