"""Product-line shapes woven into a generated pair, and the configurations gcc runs.

Weaving adds `#ifdef X` / `#if X` / `#if defined(X) && Y` / `#elif` / `#else`
around statements and inside expressions (annotations of partial statements),
`#ifndef X / #define X 0 / #endif` defaults, and file-scope variants (a const
global, a macro, a typedef or a helper function defined differently per
configuration).

Which configurations to run is read from the text of both versions: a feature
tested only for being defined has two states (undefined, defined), one also
used for its value (`#if X`, or with a default) three (undefined, -DX=0, -DX=1).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import re
from collections.abc import Callable, Sequence
from typing import cast

from fuzzlib import ctyping as ct
from fuzzlib.syntax import (
    PP,
    Alt,
    Bin,
    Cond,
    Decl,
    Define,
    Directive,
    Expr,
    ExprS,
    FeatureDefault,
    For,
    FuncDef,
    GlobalDef,
    If,
    Include,
    Lit,
    Name,
    Node,
    PPBranch,
    PPExpr,
    Program,
    RecordDef,
    Return,
    Switch,
    TypedefDef,
    While,
    number,
    replace_nodes,
    walk,
)
from fuzzlib.transform import lvalue_nids, mutate_subtree, type_env

FEATURES = ("CFG_A", "CFG_B", "CFG_C")

Configuration = tuple[tuple[str, str | None], ...]
"""(feature, value) pairs; None = not defined."""


def directive(rng: random.Random, names: Sequence[str]) -> Directive:
    x = rng.choice(names)
    forms = [("ifdef", x), ("ifdef", x), ("ifndef", x), ("if", x), ("if", x), ("if", f"!{x}"),
             ("if", f"defined({x})")]
    if len(names) > 1:
        y = rng.choice([n for n in names if n != x])
        forms += [("if", f"defined({x}) && {y}"), ("if", f"{x} || {y}"),
                  ("if", f"defined({x}) && !defined({y})"), ("if", f"{x} && !{y}")]
    kind, text = rng.choice(forms)
    return Directive(kind, text)


def _entry(program: Program) -> FuncDef:
    return next(i for i in program.items if isinstance(i, FuncDef) and i.name == program.entry)


def _statements(fn: Node) -> list[Node]:
    """Statements in statement lists of `fn` (any depth), not declarations."""
    kinds = (ExprS, If, For, While, Switch, Alt, Return)
    found: list[Node] = []
    for n in walk(fn):
        for f in dataclasses.fields(n):
            value = getattr(n, f.name)
            if isinstance(value, tuple):
                found += [v for v in value if isinstance(v, kinds) and _statement_like(v)]
    return found


def _statement_like(n: Node) -> bool:
    if isinstance(n, Alt):
        return all(isinstance(s, _STATEMENT_KINDS) for s in (*n.old, *n.new))
    return True


_STATEMENT_KINDS = (ExprS, If, For, While, Switch, Return, Decl, PP, Alt)


def _replace(program: Program, nid: int, by: Node) -> Program:
    return replace_nodes(program, lambda n: by if n.nid == nid else None)


def _variant(node: Node, rng: random.Random, env: dict[str, ct.CType]) -> Node:
    mutated = mutate_subtree(node, rng, env)
    if mutated is not None:
        return mutated
    if isinstance(node, Return) and node.e is not None:
        return Return(Bin("+", node.e, Lit("1")))
    return node


# ----------------------------------------------------------------- weaving ops

Op = Callable[[Program, random.Random, Sequence[str]], "Program | None"]


def op_wrap(program: Program, rng: random.Random, names: Sequence[str]) -> Program | None:
    sites = [s for s in _statements(_entry(program))
             if not any(isinstance(n, Return) for n in walk(s))]
    if not sites:
        return None
    s = rng.choice(sites)
    return _replace(program, s.nid, PP((PPBranch(directive(rng, names), (s,)),)))


def op_alternative(program: Program, rng: random.Random, names: Sequence[str]) -> Program | None:
    entry = _entry(program)
    loop_inits = {n.init.nid for n in walk(entry) if isinstance(n, For) and n.init is not None}
    sites = _statements(entry) + [n for n in walk(entry) if isinstance(n, Decl) and n.init
                                  and n.nid not in loop_inits]
    sites = [s for s in sites if not isinstance(s, Alt)]
    if not sites:
        return None
    s = rng.choice(sites)
    other = _variant(s, rng, type_env(program))
    branches = [PPBranch(directive(rng, names), (other,))]
    if rng.random() < 0.3:
        third = _variant(s, rng, type_env(program))
        branches.append(PPBranch(directive(rng, names), (third,)))
    first, rest = (s, other) if rng.random() < 0.3 else (other, s)
    branches[0] = dataclasses.replace(branches[0], body=(first,))
    return _replace(program, s.nid, PP(tuple(branches), (rest,)))


def op_partial(program: Program, rng: random.Random, names: Sequence[str]) -> Program | None:
    """#if inside an expression: an extra condition, term or a different operand."""
    entry = _entry(program)
    lvalues = lvalue_nids(entry)
    sites = [n for n in walk(entry)
             if isinstance(n, (Bin, Cond)) and n.nid not in lvalues
             and not any(isinstance(c, Lit) and c.fixed for c in (getattr(n, "r", None),))]
    if not sites:
        return None
    e = rng.choice(sites)
    r = rng.random()
    other: Expr
    if isinstance(e, Bin) and e.op in ("<", "<=", ">", ">=", "==", "!=", "&&", "||") and r < 0.5:
        other = Bin(rng.choice(("&&", "||")), e, Bin("!=", e.l, Lit(str(rng.randint(0, 9)))))
    elif r < 0.75:
        other = Bin(rng.choice(("+", "-", "^")), e, Lit(str(rng.randint(1, 5))))
    else:
        other = cast(Expr, _variant(e, rng, type_env(program)))  # a variant of an expression
    then, els = (other, e) if rng.random() < 0.7 else (e, other)
    return _replace(program, e.nid, PPExpr(directive(rng, names), then, els))


def op_return(program: Program, rng: random.Random, names: Sequence[str]) -> Program | None:
    entry = _entry(program)
    last = entry.body[-1]
    if not isinstance(last, Return) or last.e is None or not ct.is_scalar(entry.ret):
        return None
    other = _variant(last, rng, type_env(program))
    return _replace(program, last.nid, PP((PPBranch(directive(rng, names), (other,)),), (last,)))


def _file_level(program: Program, item: Node) -> Program:
    """Insert a file-scope item after the includes and feature defaults."""
    items = list(program.items)
    at = max((k + 1 for k, i in enumerate(items) if isinstance(i, (Include, FeatureDefault))),
             default=0)
    items.insert(at, item)
    return Program(tuple(items), program.entry)


def _use_name(program: Program, rng: random.Random, name: str) -> Program | None:
    """Put `name` into the entry: instead of a literal, or as an extra term of the return."""
    entry = _entry(program)
    if not ct.is_scalar(entry.ret):
        return None
    lits = [n for n in walk(entry) if isinstance(n, Lit) and not n.fixed
            and re.fullmatch(r"-?\d+", n.text)]
    if lits and rng.random() < 0.5:
        return _replace(program, rng.choice(lits).nid, Name(name))
    last = entry.body[-1]
    if isinstance(last, Return) and last.e is not None:
        return _replace(program, last.nid, Return(Bin("+", last.e, Name(name))))
    return None


def op_const(program: Program, rng: random.Random, names: Sequence[str]) -> Program | None:
    k = f"K{rng.randrange(100)}"
    values = rng.sample((0, 1, 2, 3, 7, -1, 100), 2)
    defs = [GlobalDef(ct.INT, k, Lit(str(v)), static=True, const=True) for v in values]
    used = _use_name(program, rng, k)
    if used is None:
        return None
    return _file_level(used, PP((PPBranch(directive(rng, names), (defs[0],)),), (defs[1],)))


def op_macro(program: Program, rng: random.Random, names: Sequence[str]) -> Program | None:
    m = f"STEP{rng.randrange(100)}"
    values = rng.sample(("0", "1", "2", "(-1)", "4"), 2)
    used = _use_name(program, rng, m)
    if used is None:
        return None
    item = PP((PPBranch(directive(rng, names), (Define(m, values[0]),)),), (Define(m, values[1]),))
    return _file_level(used, item)


def op_typedef(program: Program, rng: random.Random, names: Sequence[str]) -> Program | None:
    entry = _entry(program)
    decls = [n for n in walk(entry) if isinstance(n, Decl) and isinstance(n.type, ct.Int)
             and not n.static and n.type.bits == 32]
    if not decls:
        return None
    t = f"T{rng.randrange(100)}"
    a, b = rng.sample((ct.CHAR, ct.UCHAR, ct.SHORT, ct.USHORT, ct.INT, ct.UINT), 2)
    d = rng.choice(decls)
    tt = ct.Int(t, 32, True)
    program = _replace(program, d.nid, dataclasses.replace(d, type=tt))
    item = PP((PPBranch(directive(rng, names), (TypedefDef(a, t),)),), (TypedefDef(b, t),))
    return _file_level(program, item)


def op_helper(program: Program, rng: random.Random, names: Sequence[str]) -> Program | None:
    helpers = [i for i in program.items if isinstance(i, FuncDef) and i.name != program.entry]
    if not helpers:
        return None
    h = rng.choice(helpers)
    other = mutate_subtree(h, rng, type_env(program))
    if other is None:
        return None
    return _replace(program, h.nid, PP((PPBranch(directive(rng, names), (other,)),), (h,)))


def op_struct(program: Program, rng: random.Random, names: Sequence[str]) -> Program | None:
    """A struct defined differently per configuration: one member of another integer type."""
    records = [i for i in program.items if isinstance(i, RecordDef) and not i.record.union]
    if not records:
        return None
    item = rng.choice(records)
    rec = item.record
    ints = [k for k, m in enumerate(rec.members) if isinstance(m.type, ct.Int) and m.bits is None]
    if not ints:
        return None
    k = rng.choice(ints)
    member = rec.members[k]
    other = rng.choice([t for t in ct.INTEGERS if t != member.type])
    members = (*rec.members[:k], dataclasses.replace(member, type=other), *rec.members[k + 1:])
    variant = RecordDef(dataclasses.replace(rec, members=members))
    return _replace(program, item.nid, PP((PPBranch(directive(rng, names), (variant,)),), (item,)))


OPS: tuple[Op, ...] = (op_wrap, op_wrap, op_alternative, op_alternative, op_partial, op_partial,
                       op_return, op_const, op_macro, op_typedef, op_helper, op_struct)


def weave(program: Program, rng: random.Random, count: int) -> Program:
    """Add `count` features (0-3) to the pair's tree."""
    if count == 0:
        return program
    names = FEATURES[:count]
    program = number(program)
    for _ in range(rng.randint(count, count + 2)):
        op = rng.choice(OPS)
        program = number(op(program, rng, names) or program)
    for name in names:
        if rng.random() < 0.3:
            program = _file_level(program, FeatureDefault(name, rng.choice(("0", "0", "1"))))
    return number(program)


# ------------------------------------------------------------ configurations

_DEFINED = re.compile(r"defined\s*\(?\s*(\w+)")


def feature_uses(texts: Sequence[str]) -> dict[str, tuple[bool, bool]]:
    """feature -> (tested for being defined, used for its value) over the texts."""
    uses: dict[str, tuple[bool, bool]] = {}
    for text in texts:
        for line in text.splitlines():
            m = re.match(r"\s*#\s*(ifdef|ifndef|if|elif)\b(.*)", line)
            if not m:
                continue
            kind, rest = m.groups()
            for name in FEATURES:
                if not re.search(rf"\b{name}\b", rest):
                    continue
                defined, value = uses.get(name, (False, False))
                if kind in ("ifdef", "ifndef"):
                    defined = True
                else:
                    defined |= bool(re.search(rf"defined\s*\(?\s*{name}\b", rest))
                    stripped = re.sub(rf"defined\s*\(?\s*{name}\s*\)?", "", rest)
                    value |= bool(re.search(rf"\b{name}\b", stripped))
                uses[name] = (defined, value)
    return uses


def defaults(text: str) -> dict[str, str]:
    """Features the file gives a default (`#ifndef X` / `#define X v`): X -> v."""
    return dict(re.findall(r"^#ifndef (\w+)\n#define \1 (\S+)$", text, flags=re.M))


def effective(config: Configuration, given: dict[str, str]) -> Configuration:
    """The feature values the code sees: an undefined feature with a default has it."""
    return tuple((n, given.get(n) if v is None else v) for n, v in config)


def configurations(texts: Sequence[str]) -> list[Configuration]:
    """Every combination of the features' relevant states."""
    uses = feature_uses(texts)
    defaults_ = {n for t in texts for n in defaults(t)}
    axes = []
    for name, (defined, value) in sorted(uses.items()):
        if value and (defined or name in defaults_):
            states: tuple[str | None, ...] = (None, "0", "1")
        else:
            states = (None, "1")
        axes.append([(name, s) for s in states])
    return [tuple(c) for c in itertools.product(*axes)]


def flags(config: Configuration) -> list[str]:
    return [f"-D{name}={value}" for name, value in config if value is not None]


def describe(config: Configuration) -> str:
    return " ".join(f"-D{n}={v}" if v is not None else f"-U{n}" for n, v in config) or "(none)"

