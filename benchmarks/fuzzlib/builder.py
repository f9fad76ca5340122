"""Assembling one generated C file: names, file-scope items, random statements."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from fuzzlib import ctyping as ct
from fuzzlib.ctyping import CType, Float, Int, Scalar
from fuzzlib.exprs import ExprGen, Helper, Var, int_literal
from fuzzlib.syntax import (
    Assign,
    Bin,
    Break,
    Case,
    Continue,
    Decl,
    ExprS,
    For,
    FuncDef,
    GlobalDef,
    If,
    Include,
    Lit,
    Name,
    Node,
    Param,
    Program,
    Return,
    Stmt,
    Switch,
    Un,
    While,
)

HEADERS = ("stdio.h", "stdlib.h", "string.h", "math.h", "ctype.h", "stdint.h")


@dataclass
class Builder:
    """Collects the file-scope items of one program while a shape builds it."""

    rng: random.Random
    types: list[Node] = field(default_factory=list)
    globals: list[Node] = field(default_factory=list)
    functions: list[Node] = field(default_factory=list)
    helpers: list[Helper] = field(default_factory=list)
    used: set[str] = field(default_factory=set)

    def fresh(self, prefix: str) -> str:
        n = 0
        while f"{prefix}{n}" in self.used:
            n += 1
        name = f"{prefix}{n}"
        self.used.add(name)
        return name

    def program(self, entry: FuncDef) -> Program:
        includes = [Include(h) for h in HEADERS]
        items = (*includes, *self.types, *self.globals, *self.functions, entry)
        return Program(tuple(items), entry.name)

    # -- types and values

    def int_type(self) -> Int:
        return self.rng.choice(ct.INTEGERS)

    def scalar_type(self, floats: bool) -> Scalar:
        if floats and self.rng.random() < 0.4:
            return self.rng.choice((ct.DOUBLE, ct.FLOAT))
        return self.int_type()

    def global_var(self, t: CType, prefix: str = "g") -> Var:
        name = self.fresh(prefix)
        self.globals.append(GlobalDef(t, name))
        return Var(name, t)

    def helper(self, gen_floats: bool, globals_: list[Var], impure: bool) -> Helper:
        """A static function of the file over its parameters (and globals when impure)."""
        name = self.fresh("h")
        params = tuple(self.scalar_type(gen_floats) for _ in range(self.rng.randint(1, 2)))
        pnames = tuple(f"a{i}" for i in range(len(params)))
        ret = self.scalar_type(gen_floats)
        scope = [Var(n, t) for n, t in zip(pnames, params, strict=True)]
        if impure:
            scope += globals_
        gen = ExprGen(self.rng, scope, floats=gen_floats, depth=2)
        body: list[Stmt] = []
        if impure and globals_:
            target = self.rng.choice([g for g in globals_ if ct.is_scalar(g.type)] or globals_)
            if ct.is_scalar(target.type):
                body.append(ExprS(Assign(self.rng.choice(("=", "+=", "^=")), Name(target.name),
                                         gen.expr_of(_scalar(target.type), 1))))
        body.append(Return(gen.expr_of(ret)))
        self.functions.append(
            FuncDef(ret, name, tuple(Param(t, n) for n, t in zip(pnames, params, strict=True)),
                    tuple(body), static=True)
        )
        helper = Helper(name, ret, params)
        self.helpers.append(helper)
        return helper

    # -- statements

    def statements(self, gen: ExprGen, n: int, depth: int = 2) -> list[Stmt]:
        """`n` random statements; declarations extend `gen.scope` for what follows."""
        out: list[Stmt] = []
        for _ in range(n):
            out += self.statement(gen, depth)
        return out

    def statement(self, gen: ExprGen, depth: int) -> list[Stmt]:
        r = self.rng.random()
        if r < 0.25:
            t = self.scalar_type(gen.floats)
            name = self.fresh("v")
            decl = Decl(t, name, gen.expr_of(t))
            gen.scope.append(Var(name, t))
            return [decl]
        if r < 0.5 or depth <= 0:
            target = gen.writable()
            if target is None:
                t = self.scalar_type(gen.floats)
                name = self.fresh("v")
                gen.scope.append(Var(name, t))
                return [Decl(t, name, gen.expr_of(t))]
            op = "="
            if isinstance(target.type, Int) and self.rng.random() < 0.4:
                op = self.rng.choice(("+=", "-=", "^=", "|=", "&="))
            elif isinstance(target.type, Float) and self.rng.random() < 0.3:
                op = self.rng.choice(("+=", "*="))
            return [ExprS(Assign(op, target.make(), gen.expr_of(target.type)))]
        if r < 0.7:
            inner = self.nested(gen)
            then = self.statements(inner, self.rng.randint(1, 2), depth - 1)
            els = None
            if self.rng.random() < 0.5:
                els = tuple(self.statements(self.nested(gen), self.rng.randint(1, 2), depth - 1))
            return [If(gen.cond(), tuple(then), els)]
        if r < 0.85:
            return self.loop(gen, depth)
        return [self.switch(gen, depth)]

    def nested(self, gen: ExprGen) -> ExprGen:
        return ExprGen(gen.rng, list(gen.scope), gen.nonnull, gen.helpers, gen.floats, gen.depth)

    def loop(self, gen: ExprGen, depth: int) -> list[Stmt]:
        """A loop with a bounded trip count (at most 8), sometimes with break/continue."""
        i = self.fresh("i")
        inner = self.nested(gen)
        bound_e, _ = gen.int_leaf()
        bound = Bin("&", bound_e, Lit("7", fixed=True)) if self.rng.random() < 0.7 else Lit("5")
        inner.scope.append(Var(i, ct.INT, mutable=False))
        exit_test = If(inner.cond(1), (self.rng.choice((Break(), Continue())),))
        body = self.statements(inner, self.rng.randint(1, 2), depth - 1)
        if self.rng.random() < 0.3:
            body.insert(self.rng.randrange(len(body) + 1), exit_test)
        if self.rng.random() < 0.7:
            return [For(Decl(ct.INT, i, Lit("0")), Bin("<", Name(i), bound),
                        Un("++", Name(i), post=True), tuple(body))]
        # while: count down a private counter
        body.insert(0, ExprS(Un("--", Name(i), post=True)))
        return [Decl(ct.INT, i, bound), While(Bin(">", Name(i), Lit("0")), tuple(body))]

    def switch(self, gen: ExprGen, depth: int) -> Stmt:
        e, _ = gen.int_expr(1)
        labels = self.rng.sample(range(-2, 6), self.rng.randint(2, 4))
        cases = []
        for label in labels:
            body = self.statements(self.nested(gen), 1, depth - 1)
            if self.rng.random() < 0.75:
                body.append(Break())
            cases.append(Case(int_literal(label, ct.INT).text, tuple(body)))
        if self.rng.random() < 0.6:
            cases.append(Case(None, tuple(self.statements(self.nested(gen), 1, depth - 1))))
        return Switch(e, tuple(cases))


def _scalar(t: CType) -> Scalar:
    assert isinstance(t, (Int, Float))
    return t
