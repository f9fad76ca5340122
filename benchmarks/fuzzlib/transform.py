"""Rewrites (meant to keep behaviour) and mutations (meant to change it).

A change replaces one node `n` of the pair's tree by `Alt((n,), (n',))` (or a
list of statements by another). "Meant to": many rewrites are equivalent only
under ideal arithmetic (floats, wrap-around, aliasing), which is the point;
the oracle decides. Literals marked `fixed` (masks and bounds that keep the
code free of undefined behaviour) and the nodes around them are left alone.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable
from typing import Any, TypeGuard

from fuzzlib import ctyping as ct
from fuzzlib.ctyping import CType
from fuzzlib.syntax import (
    PP,
    Alt,
    Assign,
    Bin,
    Block,
    Break,
    Call,
    Cast,
    Cond,
    Continue,
    Decl,
    Directive,
    Dot,
    DoWhile,
    ExprS,
    FeatureDefault,
    For,
    FuncDef,
    GlobalDef,
    If,
    Index,
    Lit,
    Name,
    Node,
    PPExpr,
    Program,
    Return,
    Switch,
    Un,
    While,
    number,
    replace_nodes,
    walk,
)

Rule = Callable[[Node, random.Random, dict[str, CType]], "Node | tuple[Node, ...] | None"]

_GROUPS = (("+", "-", "*"), ("/", "%"), ("&", "|", "^"), ("<<", ">>"),
           ("<", "<=", ">", ">=", "==", "!="), ("&&", "||"))
_STATEMENTS = (Decl, ExprS, If, While, DoWhile, For, Switch, Return, Block, PP, Break, Continue)
_INT_LIT = re.compile(r"^(-?\d+)([uUlL]*)$")
_NEGATE = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}


def _fixed(e: Node) -> bool:
    return isinstance(e, Lit) and e.fixed


def _pure(e: Node) -> bool:
    """No side effects (assignments, ++/--, calls other than libm/ctype)."""
    for n in walk(e):
        if isinstance(n, Assign) or (isinstance(n, Un) and n.op in ("++", "--")):
            return False
        if isinstance(n, Call) and not (isinstance(n.fn, Name) and n.fn.id in _PURE_CALLS):
            return False
    return True


_PURE_CALLS = frozenset({"fabs", "floor", "ceil", "sqrt", "trunc", "isnan", "isinf", "signbit",
                         "isdigit", "isspace", "isalpha", "toupper", "tolower", "abs", "labs",
                         "strlen", "strcmp", "strncmp", "memcmp", "strchr"})


def type_env(program: Program) -> dict[str, CType]:
    """Declared types by name (parameters, locals, globals): enough for the rules' checks."""
    env: dict[str, CType] = {}
    for item in program.items:
        for n in walk(item):
            if isinstance(n, (Decl, GlobalDef)):
                env.setdefault(n.name, n.type)
            elif isinstance(n, FuncDef):
                for p in n.params:
                    env.setdefault(p.name, p.type)
    return env


def _is_int_name(e: Node, env: dict[str, CType]) -> TypeGuard[Name]:
    return isinstance(e, Name) and isinstance(env.get(e.id), ct.Int)


def _is_float_name(e: Node, env: dict[str, CType]) -> TypeGuard[Name]:
    return isinstance(e, Name) and isinstance(env.get(e.id), ct.Float)


# -------------------------------------------------------------------- mutations


def m_operator(n: Node, rng: random.Random, env: dict[str, CType]) -> Node | None:
    if not isinstance(n, Bin) or _fixed(n.r) or _fixed(n.l):
        return None
    group = next((g for g in _GROUPS if n.op in g), None)
    if group is None:
        return None
    return dataclasses.replace(n, op=rng.choice([o for o in group if o != n.op]))


def m_constant(n: Node, rng: random.Random, env: dict[str, CType]) -> Node | None:
    if not isinstance(n, Lit) or n.fixed:
        return None
    match = _INT_LIT.match(n.text)
    if not match:
        return None
    value = int(match.group(1)) + rng.choice((1, -1))
    if value < 0 and "u" in match.group(2).lower():
        value = 1
    return dataclasses.replace(n, text=f"{value}{match.group(2)}")


def m_swap_operands(n: Node, rng: random.Random, env: dict[str, CType]) -> Node | None:
    if isinstance(n, Bin) and n.op in ("-", "<", "<=", ">", ">=") and not _fixed(n.r):
        return dataclasses.replace(n, l=n.r, r=n.l)
    return None


def m_unary(n: Node, rng: random.Random, env: dict[str, CType]) -> Node | None:
    """Drop a unary operator, or turn ~ into - (never the reverse: ~ needs an integer)."""
    if isinstance(n, Un) and n.op in ("-", "~", "!"):
        return dataclasses.replace(n, op="-") if n.op == "~" and rng.random() < 0.5 else n.e
    return None


def m_call_args(n: Node, rng: random.Random, env: dict[str, CType]) -> Node | None:
    if isinstance(n, Call) and len(n.args) >= 2:
        i, j = rng.sample(range(len(n.args)), 2)
        args = list(n.args)
        args[i], args[j] = args[j], args[i]
        return dataclasses.replace(n, args=tuple(args))
    return None


def m_cond(n: Node, rng: random.Random, env: dict[str, CType]) -> Node | None:
    if isinstance(n, Cond):
        return dataclasses.replace(n, a=n.b, b=n.a)
    if isinstance(n, If):
        if n.els is not None and rng.random() < 0.5:
            return dataclasses.replace(n, then=n.els, els=n.then)
        return dataclasses.replace(n, cond=Un("!", n.cond))
    if isinstance(n, PPExpr):
        return dataclasses.replace(n, then=n.els, els=n.then)
    return None


def m_drop(n: Node, rng: random.Random, env: dict[str, CType]) -> tuple[Node, ...] | None:
    if isinstance(n, (ExprS, If, For, While, Switch)):
        return ()
    return None


def m_type(n: Node, rng: random.Random, env: dict[str, CType]) -> Node | None:
    if isinstance(n, Decl) and isinstance(n.type, ct.Int) and not n.static:
        return dataclasses.replace(n, type=rng.choice([t for t in ct.INTEGERS if t != n.type]))
    if isinstance(n, Cast) and isinstance(n.type, ct.Int):
        return dataclasses.replace(n, type=rng.choice([t for t in ct.INTEGERS if t != n.type]))
    return None


def m_directive(n: Node, rng: random.Random, env: dict[str, CType]
                ) -> Node | tuple[Node, ...] | None:
    if isinstance(n, PP):
        r = rng.random()
        if r < 0.3:
            return n.branches[0].body  # the branch kept unconditionally
        if r < 0.45 and n.els is not None:
            return n.els
        branch = n.branches[0]
        d = _mutated_directive(branch.directive, rng)
        return dataclasses.replace(n, branches=(dataclasses.replace(branch, directive=d),
                                                *n.branches[1:]))
    if isinstance(n, FeatureDefault):
        return dataclasses.replace(n, value="1" if n.value == "0" else "0")
    return None


def _mutated_directive(d: Directive, rng: random.Random) -> Directive:
    if d.kind == "ifdef":
        return Directive("ifndef", d.text) if rng.random() < 0.5 else Directive("if", d.text)
    if d.kind == "ifndef":
        return Directive("ifdef", d.text)
    if "&&" in d.text:
        return Directive("if", d.text.replace("&&", "||"))
    if "||" in d.text:
        return Directive("if", d.text.replace("||", "&&"))
    if d.text.startswith("!"):
        return Directive("if", d.text[1:])
    return Directive("if", f"!{d.text}") if rng.random() < 0.5 else Directive("ifdef", d.text)


MUTATIONS: tuple[Rule, ...] = (
    m_operator, m_operator, m_constant, m_constant, m_swap_operands, m_unary, m_call_args,
    m_cond, m_drop, m_type, m_directive, m_directive,
)

# --------------------------------------------------------------------- rewrites


def r_commute(n: Node, rng: random.Random, env: dict[str, CType]) -> Node | None:
    if isinstance(n, Bin) and n.op in ("+", "*", "&", "|", "^", "==", "!=") and not (
        _fixed(n.r) or _fixed(n.l)
    ):
        return dataclasses.replace(n, l=n.r, r=n.l)
    return None


def r_negated_compare(n: Node, rng: random.Random, env: dict[str, CType]) -> Node | None:
    if isinstance(n, Bin) and n.op in _NEGATE and not _fixed(n.r):
        return Un("!", Bin(_NEGATE[n.op], n.l, n.r))
    return None


def r_de_morgan(n: Node, rng: random.Random, env: dict[str, CType]) -> Node | None:
    if isinstance(n, Bin) and n.op in ("&&", "||"):
        other = "||" if n.op == "&&" else "&&"
        return Un("!", Bin(other, Un("!", n.l), Un("!", n.r)))
    return None


def r_subtract(n: Node, rng: random.Random, env: dict[str, CType]) -> Node | None:
    if isinstance(n, Bin) and n.op == "-" and not _fixed(n.r):
        return Bin("+", n.l, Un("-", n.r))
    return None


def r_identity(n: Node, rng: random.Random, env: dict[str, CType]) -> Node | None:
    """x + 0, x * 1, x - 0 (and for floats x + 0.0, which changes -0.0)."""
    if _is_int_name(n, env):
        op, lit = rng.choice((("+", "0"), ("*", "1"), ("-", "0"), ("|", "0"), ("^", "0")))
        return Bin(op, n, Lit(lit))
    if _is_float_name(n, env):
        op, lit = rng.choice((("+", "0.0"), ("*", "1.0"), ("-", "0.0"), ("/", "1.0")))
        return Bin(op, n, Lit(lit))
    return None


def r_division(n: Node, rng: random.Random, env: dict[str, CType]) -> Node | None:
    """x == (x / 2) * 2 + x % 2 and x == ((x >> 1) << 1) | (x & 1) in C's arithmetic."""
    if not _is_int_name(n, env):
        return None
    two = Lit("2")
    r = rng.random()
    if r < 0.3:
        return Bin("+", Bin("*", Bin("/", n, two), two), Bin("%", n, two))
    if r < 0.5:
        return Bin("|", Bin("<<", Bin(">>", n, Lit("1", fixed=True)), Lit("1", fixed=True)),
                   Bin("&", n, Lit("1")))
    return None


def r_halve(n: Node, rng: random.Random, env: dict[str, CType]) -> Node | None:
    if isinstance(n, Bin) and n.op == "/" and isinstance(n.r, Lit) and n.r.text == "2":
        return Bin(">>", n.l, Lit("1", fixed=True))
    if isinstance(n, Bin) and n.op == "*" and isinstance(n.r, Lit) and n.r.text == "2":
        return Bin("+", n.l, n.l) if _pure(n.l) else None
    return None


def r_widen(n: Node, rng: random.Random, env: dict[str, CType]) -> Node | None:
    """(long)a op b: the same modulo 2^32, different once compared or divided."""
    if isinstance(n, Bin) and n.op in ("+", "-", "*") and _is_int_name(n.l, env):
        return dataclasses.replace(n, l=Cast(rng.choice((ct.LONG, ct.LLONG, ct.UINT)), n.l))
    return None


def r_cond(n: Node, rng: random.Random, env: dict[str, CType]) -> Node | tuple[Node, ...] | None:
    if isinstance(n, Cond):
        return Cond(Un("!", n.c), n.b, n.a)
    if isinstance(n, Return) and isinstance(n.e, Cond):
        return (If(n.e.c, (Return(n.e.a),), (Return(n.e.b),)),)
    if isinstance(n, If):
        return If(Un("!", n.cond), n.els or (), n.then)
    return None


def r_loop(n: Node, rng: random.Random, env: dict[str, CType]) -> Node | tuple[Node, ...] | None:
    if not isinstance(n, For) or any(isinstance(x, Continue) for b in n.body for x in walk(b)):
        return None
    if rng.random() < 0.5 and n.init is not None and n.step is not None and n.cond is not None:
        return Block((n.init, While(n.cond, (*n.body, ExprS(n.step)))))
    # reversal: for (i = 0; i < N; i++) -> for (i = N - 1; i >= 0; i--)
    if (isinstance(n.init, Decl) and isinstance(n.init.init, Lit) and n.init.init.text == "0"
            and isinstance(n.cond, Bin) and n.cond.op == "<" and _pure(n.cond.r)
            and not any(isinstance(x, Break) for b in n.body for x in walk(b))):
        i = n.init.name
        return For(dataclasses.replace(n.init, init=Bin("-", n.cond.r, Lit("1"))),
                   Bin(">=", Name(i), Lit("0")), Un("--", Name(i), post=True), n.body)
    return None


def r_split_decl(n: Node, rng: random.Random, env: dict[str, CType]) -> tuple[Node, ...] | None:
    if (isinstance(n, Decl) and n.init is not None and not n.static and not n.const
            and ct.is_scalar(n.type)):
        return (dataclasses.replace(n, init=None), ExprS(Assign("=", Name(n.name), n.init)))
    return None


REWRITES: tuple[Rule, ...] = (
    r_commute, r_commute, r_negated_compare, r_de_morgan, r_subtract, r_identity, r_identity,
    r_division, r_halve, r_widen, r_cond, r_cond, r_loop, r_loop, r_split_decl,
)


# ---------------------------------------------------------------- applying one


def lvalue_nids(root: Node) -> set[int]:
    """Nodes that must stay lvalues: assignment targets, operands of & ++ --, and the
    bases of member and index expressions inside them."""
    found: set[int] = set()
    for n in walk(root):
        top = None
        if isinstance(n, Assign):
            top = n.target
        elif isinstance(n, Un) and n.op in ("&", "++", "--"):
            top = n.e
        while top is not None:
            found.add(top.nid)
            top = top.base if isinstance(top, (Dot, Index)) else None
    return found


def _sites(program: Program) -> list[Node]:
    """Nodes inside function bodies and file-scope preprocessor items (not the Alts'
    insides, not lvalues)."""
    found: list[Node] = []
    lvalues = {nid for item in program.items for nid in lvalue_nids(item)}

    def visit(n: Node, inside: bool) -> None:
        if isinstance(n, Alt) or n.nid in lvalues:
            return
        if inside or isinstance(n, (PP, FeatureDefault)):
            found.append(n)
        if isinstance(n, FuncDef):
            for s in n.body:
                visit(s, True)
            return
        for f in dataclasses.fields(n):
            value = getattr(n, f.name)
            for child in _nodes(value):
                visit(child, inside)

    for item in program.items:
        visit(item, False)
    return found


def _nodes(value: object) -> list[Node]:
    if isinstance(value, Node):
        return [value]
    if isinstance(value, tuple):
        return [n for v in value for n in _nodes(v)]
    return []


def _in_statement_list(program: Program, target: Node) -> bool:
    """Is `target` an element of a statement or item list (so it may become several)?"""
    for item in program.items:
        for n in walk(item):
            for f in dataclasses.fields(n):
                value = getattr(n, f.name)
                if isinstance(value, tuple) and any(v is target for v in value):
                    return True
    return any(i is target for i in program.items)


def apply(program: Program, rng: random.Random, rules: tuple[Rule, ...], tries: int = 60
          ) -> tuple[Program, str] | None:
    """Replace one node by an Alt of itself and what a random applicable rule makes of it;
    the new tree and the rule's name."""
    numbered = number(program)
    sites = _sites(numbered)
    env = type_env(numbered)
    for _ in range(tries if sites else 0):
        site = rng.choice(sites)
        rule = rng.choice(rules)
        result = rule(site, rng, env)
        if result is None:
            continue
        new = result if isinstance(result, tuple) else (result,)
        if len(new) != 1 and not _in_statement_list(numbered, site):
            continue
        return _replace(numbered, site.nid, Alt((site,), new)), rule.__name__[2:]
    return None


def _replace(program: Program, nid: int, by: Node) -> Program:
    return replace_nodes(program, lambda n: by if n.nid == nid else None)


def mutate_subtree(node: Node, rng: random.Random, env: dict[str, CType], tries: int = 30
                   ) -> Node | None:
    """A copy of `node` with one mutation inside it (no Alt): for feature variants."""
    inner = [n for n in walk(node) if not isinstance(n, Alt)]
    for _ in range(tries):
        site = rng.choice(inner)
        rule = rng.choice((m_operator, m_constant, m_swap_operands, m_unary))
        result = rule(site, rng, env)
        if isinstance(result, Node):
            return _swap(node, site, result)
    return None


def _swap(root: Node, old: Node, new: Node) -> Node:
    if root is old:
        return new
    changes: dict[str, Any] = {}
    for f in dataclasses.fields(root):
        value = getattr(root, f.name)
        if isinstance(value, Node):
            swapped = _swap(value, old, new)
            if swapped is not value:
                changes[f.name] = swapped
        elif isinstance(value, tuple):
            items = tuple(_swap(v, old, new) if isinstance(v, Node) else v for v in value)
            if any(a is not b for a, b in zip(items, value, strict=True)):
                changes[f.name] = items
    return dataclasses.replace(root, **changes) if changes else root


def has_change(program: Program) -> bool:
    return any(isinstance(n, Alt) for item in program.items for n in walk(item))
