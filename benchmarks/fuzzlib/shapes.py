"""One program builder per construct class.

A builder returns a `Shape`: one tree holding both versions (`Alt` nodes where
they differ, or none yet: the generic rewrite/mutation step adds one) and a
label naming what the change is meant to be. The label is never trusted: gcc
decides.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from fuzzlib import ctyping as ct
from fuzzlib.builder import Builder
from fuzzlib.ctyping import CType, Float, Int, Member, Ptr, Record
from fuzzlib.exprs import ExprGen, Var, int_literal
from fuzzlib.syntax import (
    Alt,
    Assign,
    Bin,
    Block,
    Break,
    Call,
    Case,
    Cast,
    Cond,
    Decl,
    Dot,
    EnumDef,
    Expr,
    ExprS,
    For,
    FuncDef,
    GlobalDef,
    If,
    Index,
    InitList,
    Lit,
    Name,
    Node,
    Param,
    Program,
    Proto,
    RecordDef,
    Return,
    Stmt,
    Switch,
    Un,
    While,
)


@dataclass(frozen=True)
class Shape:
    program: Program
    label: str
    """"generic" (the transform step picks the change) or the template's name."""


N = TypeVar("N", bound=Node)


def alt(old: Node, new: Node) -> Alt:
    return Alt((old,), (new,))


def salt(old: Sequence[Node], new: Sequence[Node]) -> Alt:
    return Alt(tuple(old), tuple(new))


def maybe(rng: random.Random, p: float, old: N, new: N) -> N | Alt:
    """`new` in the new version with probability p (a mutation), else unchanged."""
    return alt(old, new) if rng.random() < p else old


def entry(ret: CType, params: list[Var], body: Sequence[Stmt]) -> FuncDef:
    return FuncDef(ret, "f", tuple(Param(v.type, v.name) for v in params), tuple(body))


def _params(b: Builder, types: list[CType]) -> list[Var]:
    return [Var(b.fresh("x"), t) for t in types]


def _generic(b: Builder, floats: bool, scope: list[Var], ret: CType, n: int,
             nonnull: frozenset[str] = frozenset(), params: list[Var] | None = None) -> Shape:
    gen = ExprGen(b.rng, scope, nonnull, b.helpers, floats=floats)
    body = b.statements(gen, n)
    assert isinstance(ret, (Int, Float))
    body.append(Return(gen.expr_of(ret)))
    params = params if params is not None else [v for v in scope if v.name.startswith("x")]
    return Shape(b.program(entry(ret, params, body)), "generic")


# ------------------------------------------------------------------ int / float


def shape_int(b: Builder) -> Shape:
    params = _params(b, [b.int_type() for _ in range(b.rng.randint(1, 3))])
    globals_ = [b.global_var(b.int_type()) for _ in range(b.rng.randint(0, 1))]
    return _generic(b, False, params + globals_, b.int_type(), b.rng.randint(1, 3), params=params)


def shape_float(b: Builder) -> Shape:
    types: list[CType] = [b.rng.choice((ct.DOUBLE, ct.FLOAT)) for _ in range(b.rng.randint(1, 2))]
    if b.rng.random() < 0.5:
        types.append(b.int_type())
    params = _params(b, types)
    ret = b.rng.choice((ct.DOUBLE, ct.FLOAT, ct.INT, ct.LONG))
    return _generic(b, True, params, ret, b.rng.randint(1, 3), params=params)


# ---------------------------------------------------------------------- arrays


def shape_array(b: Builder) -> Shape:
    rng = b.rng
    elem = rng.choice((ct.INT, ct.UINT, ct.SHORT, ct.UCHAR, ct.LONG))
    n = rng.choice((4, 8))
    ga = b.global_var(ct.Arr(elem, n), "ga")
    x = Var(b.fresh("x"), ct.INT)
    a = Var(b.fresh("a"), Ptr(elem, const=rng.random() < 0.5))
    la = b.fresh("la")
    init = InitList(tuple(int_literal(rng.randint(-5, 40), ct.INT) for _ in range(4)))
    acc = b.fresh("s")
    i = b.fresh("i")
    idx = Index(Name(ga.name), Name(i))
    # a sum or a count over the global array, written two ways
    kind = rng.choice(("sum", "count", "max", "reverse", "unroll"))
    body: list[Stmt] = [Decl(ct.LONG, acc, Lit("0")), Decl(ct.Arr(ct.INT, 4), la, init)]
    step = Un("++", Name(i), post=True)
    loop_old: Stmt
    loop_new: Stmt
    if kind == "sum":
        loop_old = For(Decl(ct.INT, i, Lit("0")), Bin("<", Name(i), Lit(str(n))), step,
                       (ExprS(Assign("+=", Name(acc), idx)),))
        loop_new = For(Decl(ct.INT, i, Lit(str(n - 1))), Bin(">=", Name(i), Lit("0")),
                       Un("--", Name(i), post=True), (ExprS(Assign("+=", Name(acc), idx)),))
    elif kind == "count":
        cmp_old = Bin(">", idx, Name(x.name))
        cmp_new = maybe(rng, 0.5, cmp_old, Bin(">=", idx, Name(x.name)))
        loop_old = For(Decl(ct.INT, i, Lit("0")), Bin("<", Name(i), Lit(str(n))), step,
                       (If(cmp_old, (ExprS(Un("++", Name(acc), post=True)),)),))
        loop_new = For(Decl(ct.INT, i, Lit("0")), Bin("<", Name(i), Lit(str(n))), step,
                       (ExprS(Assign("+=", Name(acc), cmp_new)),))
    elif kind == "max":
        body[0] = Decl(ct.LONG, acc, Index(Name(ga.name), Lit("0", fixed=True)))
        loop_old = For(Decl(ct.INT, i, Lit("1")), Bin("<", Name(i), Lit(str(n))), step,
                       (If(Bin(">", idx, Name(acc)), (ExprS(Assign("=", Name(acc), idx)),)),))
        loop_new = For(Decl(ct.INT, i, Lit("0")), Bin("<", Name(i), Lit(str(n))), step,
                       (ExprS(Assign("=", Name(acc), Cond(Bin(">", idx, Name(acc)), idx,
                                                          Name(acc)))),))
    elif kind == "reverse":
        # reverse the global array in place vs copy through a local buffer
        tmp = b.fresh("t")
        j = Bin("-", Lit(str(n - 1)), Name(i))
        loop_old = For(Decl(ct.INT, i, Lit("0")), Bin("<", Name(i), Lit(str(n // 2))), step, (
            Decl(elem, tmp, idx),
            ExprS(Assign("=", idx, Index(Name(ga.name), j))),
            ExprS(Assign("=", Index(Name(ga.name), j), Name(tmp))),
        ))
        buf = b.fresh("buf")
        loop_new = Block((
            Decl(ct.Arr(elem, n), buf),
            For(Decl(ct.INT, i, Lit("0")), Bin("<", Name(i), Lit(str(n))), step,
                (ExprS(Assign("=", Index(Name(buf), Name(i)), Index(Name(ga.name), j))),)),
            For(Decl(ct.INT, i, Lit("0")), Bin("<", Name(i), Lit(str(n))), step,
                (ExprS(Assign("=", idx, Index(Name(buf), Name(i)))),)),
        ))
    else:
        loop_old = For(Decl(ct.INT, i, Lit("0")), Bin("<", Name(i), Lit(str(n))), step,
                       (ExprS(Assign("+=", Name(acc), Bin("*", idx, Index(Name(la), Bin(
                           "&", Name(i), Lit("3", fixed=True)))))),))
        unrolled = [ExprS(Assign("+=", Name(acc), Bin("*", Index(Name(ga.name), Lit(str(k))),
                                                      Index(Name(la), Lit(str(k & 3))))))
                    for k in range(n)]
        loop_new = Block(tuple(unrolled))
    body.append(alt(loop_old, loop_new) if rng.random() < 0.6 else loop_old)
    # something through the array parameter
    gen = ExprGen(rng, [x, Var(la, ct.Arr(ct.INT, 4)), ga, Var(acc, ct.LONG), a],
                  frozenset({a.name}), floats=False, depth=2)
    guarded = b.statements(b.nested(gen), rng.randint(1, 2))
    body.append(If(Name(a.name), tuple(guarded)))
    ret = rng.choice((ct.LONG, ct.INT))
    body.append(Return(gen.expr_of(ret)))
    return Shape(b.program(entry(ret, [x, a], body)),
                 "generic" if not isinstance(body[2], Alt) else f"array-{kind}")


# --------------------------------------------------------------------- structs


def _record(b: Builder, union: bool = False, depth: int = 1) -> Record:
    rng = b.rng
    members: list[Member] = []
    for k in range(rng.randint(2, 3)):
        r = rng.random()
        if r < 0.2 and depth > 0 and not union:
            members.append(Member(f"m{k}", _record(b, depth=depth - 1)))
        elif r < 0.4:
            members.append(Member(f"m{k}", ct.Arr(rng.choice((ct.INT, ct.UCHAR, ct.SHORT)), 4)))
        elif r < 0.5:
            members.append(Member(f"m{k}", rng.choice((ct.DOUBLE, ct.FLOAT))))
        else:
            members.append(Member(f"m{k}", b.int_type()))
    record = Record(b.fresh("U" if union else "S"), tuple(members), union)
    b.types.append(RecordDef(record))
    return record


def shape_struct(b: Builder) -> Shape:
    rng = b.rng
    rec = _record(b)
    s = Var(b.fresh("s"), rec)
    ps = Var(b.fresh("ps"), Ptr(rec, const=rng.random() < 0.3))
    x = Var(b.fresh("x"), b.int_type())
    gs = b.global_var(rec, "gs")
    local = b.fresh("l")
    scope = [s, x, gs, Var(local, rec)]
    gen = ExprGen(rng, scope, floats=False, depth=2)
    body: list[Stmt] = [Decl(rec, local, Name(s.name))]
    if rng.random() < 0.5:
        body.append(ExprS(Assign("=", Name(gs.name), Name(local))))
    body += b.statements(gen, rng.randint(1, 3))
    pgen = ExprGen(rng, [*scope, ps], frozenset({ps.name}), floats=False, depth=2)
    body.append(If(Name(ps.name), tuple(b.statements(pgen, rng.randint(1, 2)))))
    if rng.random() < 0.25:
        body.append(Return(Name(local)))
        return Shape(b.program(entry(rec, [s, x, ps], body)), "generic")
    ret = b.int_type()
    body.append(Return(gen.expr_of(ret)))
    return Shape(b.program(entry(ret, [s, x, ps], body)), "generic")


# -------------------------------------------------------------------- pointers


def shape_pointer(b: Builder) -> Shape:
    rng = b.rng
    elem = rng.choice((ct.INT, ct.INT, ct.LONG, ct.UINT, ct.SHORT))
    p = Var(b.fresh("p"), Ptr(elem))
    q = Var(b.fresh("q"), Ptr(elem))
    x = Var(b.fresh("x"), elem)
    g = b.global_var(elem)
    kind = rng.choice(("cache", "reorder", "swap", "addr", "generic", "accumulate"))
    deref_p, deref_q = Un("*", Name(p.name)), Un("*", Name(q.name))
    both = Bin("&&", Name(p.name), Name(q.name))
    body: list[Stmt] = []
    label = f"pointer-{kind}"
    if kind == "cache":
        t = b.fresh("t")
        val = ExprGen(rng, [x, g], floats=False, depth=1).int_expr()[0]
        reread = Bin("+", Name(t), deref_p)
        cached = Bin("+", Name(t), Name(t))
        body.append(If(Un("!", both), (Return(Lit("-1")),)))
        body += [Decl(elem, t, deref_p), ExprS(Assign("=", deref_q, val)),
                 Return(alt(reread, cached) if rng.random() < 0.8 else reread)]
    elif kind == "reorder":
        gen = ExprGen(rng, [x], floats=False, depth=1)
        w1 = ExprS(Assign("=", deref_p, gen.int_expr()[0]))
        w2 = ExprS(Assign("+=", deref_q, gen.int_expr()[0]))
        body.append(If(Un("!", both), (Return(Lit("0")),)))
        body += [salt([w1, w2], [w2, w1]), Return(Bin("-", deref_p, deref_q))]
    elif kind == "swap":
        t = b.fresh("t")
        temp_swap = [Decl(elem, t, deref_p), ExprS(Assign("=", deref_p, deref_q)),
                     ExprS(Assign("=", deref_q, Name(t)))]
        xor_swap = [ExprS(Assign("^=", deref_p, deref_q)), ExprS(Assign("^=", deref_q, deref_p)),
                    ExprS(Assign("^=", deref_p, deref_q))]
        guarded = [If(Bin("!=", Name(p.name), Name(q.name)), tuple(xor_swap))]
        new = xor_swap if rng.random() < 0.6 else guarded
        body += [If(both, (salt(temp_swap, new),)), Return(Name(x.name))]
    elif kind == "addr":
        # &local, &param and &global through a helper of the file
        bump = b.fresh("bump")
        d = b.fresh("d")
        b.functions.append(FuncDef(ct.VOID, bump, (Param(Ptr(elem), "w"), Param(ct.INT, d)), (
            If(Name("w"), (ExprS(Assign("+=", Un("*", Name("w")), Name(d))),)),
        ), static=True))
        v = b.fresh("v")
        target = rng.choice((v, x.name, g.name))
        amount = rng.randint(1, 3)
        body += [Decl(elem, v, Name(x.name))]
        call = ExprS(Call(Name(bump), (Un("&", Name(target)), Lit(str(amount)))))
        direct = ExprS(Assign("+=", Name(target), Lit(str(amount))))
        body.append(alt(call, maybe(rng, 0.3, direct, ExprS(Assign(
            "+=", Name(target), Lit(str(amount + 1)))))) if rng.random() < 0.7 else call)
        body.append(ExprS(Call(Name(bump), (Name(p.name), Name(v)))))
        body.append(Return(Bin("+", Name(v), Name(x.name))))
    elif kind == "accumulate":
        # sum into *q while reading *p: depends on whether they alias
        i = b.fresh("i")
        t = b.fresh("t")
        loop_old = For(Decl(ct.INT, i, Lit("0")), Bin("<", Name(i), Bin(
            "&", Name(x.name), Lit("7", fixed=True))), Un("++", Name(i), post=True),
            (ExprS(Assign("+=", deref_q, deref_p)),))
        loop_new = Block((Decl(ct.LONG, t, Lit("0")),
                          For(Decl(ct.INT, i, Lit("0")), Bin("<", Name(i), Bin(
                              "&", Name(x.name), Lit("7", fixed=True))),
                              Un("++", Name(i), post=True),
                              (ExprS(Assign("+=", Name(t), deref_p)),)),
                          ExprS(Assign("+=", deref_q, Name(t)))))
        body += [If(both, (alt(loop_old, loop_new),)), Return(Name(x.name))]
    else:
        gen = ExprGen(rng, [x, g, p, q], frozenset({p.name, q.name}), floats=False, depth=2)
        inner = b.statements(gen, rng.randint(2, 3))
        body += [If(both, tuple(inner))]
        body.append(Return(ExprGen(rng, [x, g], floats=False).int_expr()[0]))
        label = "generic"
    ret = ct.LONG if kind in ("cache", "reorder") else ct.INT
    return Shape(b.program(entry(ret, [p, q, x], body)), label)


# --------------------------------------------------------------------- strings


def shape_string(b: Builder) -> Shape:
    rng = b.rng
    cchar = Ptr(ct.CHAR, const=True)
    s = Var(b.fresh("s"), cchar)
    t = Var(b.fresh("t"), cchar)
    dst = Var(b.fresh("d"), Ptr(ct.CHAR))
    n = Var(b.fresh("n"), ct.INT)
    sn, tn, dn, nn = Name(s.name), Name(t.name), Name(dst.name), Name(n.name)
    i = b.fresh("i")
    kind = rng.choice(("strlen", "strcmp", "strncmp", "memcmp", "strchr", "memset", "memcpy",
                       "memmove", "strcpy", "sprintf"))
    body: list[Stmt] = [If(Un("!", Bin("&&", sn, tn)), (Return(Lit("-100")),))]
    len_n = Bin("&", nn, Lit("7", fixed=True))
    off = rng.random() < 0.35

    def bound(e: Expr) -> Expr:
        return maybe(rng, 1.0, e, Bin("+", e, Lit("1"))) if off else e

    def sign(e: Expr) -> Expr:
        return Bin("-", Bin(">", e, Lit("0")), Bin("<", e, Lit("0")))

    ii = Name(i)
    def loop(cond: Expr, stmts: Sequence[Stmt]) -> For:
        return For(Decl(ct.INT, i, Lit("0")), cond, Un("++", ii, post=True), tuple(stmts))

    if kind == "strlen":
        k = b.fresh("k")
        manual = [Decl(ct.LONG, k, Lit("0")), While(Index(sn, Name(k)), (
            ExprS(Un("++", Name(k), post=True)),)), Return(Name(k))]
        body += salt(manual, [Return(Cast(ct.LONG, bound(Call(Name("strlen"), (sn,)))))]),
    elif kind == "strcmp":
        def us(e: Expr) -> Expr:
            return Cast(ct.UCHAR, e)

        manual = [Decl(ct.INT, i, Lit("0")),
                  While(Bin("&&", Index(sn, ii), Bin("==", Index(sn, ii), Index(tn, ii))),
                        (ExprS(Un("++", ii, post=True)),)),
                  Return(sign(Bin("-", us(Index(sn, ii)), us(Index(tn, ii)))))]
        args = (tn, sn) if off else (sn, tn)
        body += salt(manual, [Return(sign(Call(Name("strcmp"), args)))]),
    elif kind == "strncmp":
        call_old = Call(Name("strncmp"), (sn, tn, len_n))
        call_new = Call(Name("strncmp"), (sn, tn, bound(len_n)))
        body.append(Return(sign(alt(call_old, call_new) if off else call_old)))
        if not off:
            body[-1] = Return(alt(sign(call_old), Cond(Bin("==", call_old, Lit("0")), Lit("0"),
                                                       sign(call_old))))
    elif kind == "memcmp":
        # over the first n & 7 bytes, strings of at least that length assumed by a guard
        guard = If(Bin("||", Bin("<", Call(Name("strlen"), (sn,)), Cast(ct.SIZE_T, len_n)),
                       Bin("<", Call(Name("strlen"), (tn,)), Cast(ct.SIZE_T, len_n))),
                   (Return(Lit("-50")),))
        body.append(guard)
        r = b.fresh("r")
        manual = [Decl(ct.INT, r, Lit("0")),
                  loop(Bin("<", ii, len_n), [If(Bin("!=", Index(sn, ii), Index(tn, ii)), (
                      ExprS(Assign("=", Name(r), Cond(Bin("<", Cast(ct.UCHAR, Index(sn, ii)),
                                                          Cast(ct.UCHAR, Index(tn, ii))),
                                                      Lit("-1"), Lit("1")))), Break()))]),
                  Return(Name(r))]
        body += salt(manual, [Return(sign(Call(Name("memcmp"), (sn, tn, bound(len_n)))))]),
    elif kind == "strchr":
        c = Var(b.fresh("c"), ct.INT)
        body = [If(Un("!", sn), (Return(Lit("-100")),))]
        found = b.fresh("hit")
        manual = [Decl(ct.INT, found, Lit("-1")),
                  loop(Index(sn, ii), [If(Bin("==", Index(sn, ii), Cast(ct.CHAR, Name(c.name))),
                                          (ExprS(Assign("=", Name(found), ii)), Break()))]),
                  Return(Name(found))]
        p = b.fresh("hit")
        libc = [Decl(cchar, p, Call(Name("strchr"), (sn, Name(c.name)))),
                Return(Cond(Name(p), Cast(ct.INT, Bin("-", Name(p), sn)), Lit("-1")))]
        body += salt(manual, libc),
        return Shape(b.program(entry(ct.INT, [s, c], body)), f"string-{kind}")
    elif kind == "sprintf":
        # the same call in both (the solver does not compute its text; the replays
        # do, as C says), then a use of what it wrote and returned that may differ
        buf, r = b.fresh("buf"), b.fresh("r")
        formats: list[tuple[str, tuple[Expr, ...]]] = [
            ('"%d|%.3s"', (nn, sn)), ('"%.2s=%x;"', (sn, nn)),
            ('"[%5.1s]%c"', (sn, Bin("+", Lit("65", fixed=True), len_n)))]
        fmt, fargs = rng.choice(formats)
        snprintf = rng.random() < 0.5
        size = (Lit(str(rng.choice((4, 8, 32))), fixed=True),) if snprintf else ()
        call = Call(Name("snprintf" if snprintf else "sprintf"), (Name(buf), *size, Lit(fmt),
                                                                    *fargs))
        at = Lit(str(rng.randint(0, 3)), fixed=True)
        body = [If(Un("!", sn), (Return(Lit("-100")),)),
                Decl(ct.Arr(ct.CHAR, 32), buf, Lit("{0}", fixed=True)),
                Decl(ct.INT, r, call),
                Return(Bin("+", Bin("*", Name(r), Lit("256", fixed=True)),
                           Cast(ct.INT, Cast(ct.UCHAR, Index(Name(buf), bound(at))))))]
        return Shape(b.program(entry(ct.INT, [s, n], body)), f"string-{kind}")
    elif kind in ("memset", "memcpy", "memmove", "strcpy"):
        body = [If(Un("!", Bin("&&", dn, sn)), (Return(Lit("-100")),))]
        if kind == "memset":
            v = Var(b.fresh("v"), ct.INT)
            manual = [loop(Bin("<", ii, len_n), [ExprS(Assign("=", Index(dn, ii), Name(v.name)))])]
            libc = [ExprS(Call(Name("memset"), (dn, Name(v.name), bound(len_n))))]
            body += [salt(manual, libc), Return(Lit("0"))]
            return Shape(b.program(entry(ct.INT, [dst, s, n, v], body)), f"string-{kind}")
        if kind == "strcpy":
            manual = [Decl(ct.INT, i, Lit("0")),
                      For(None, Index(sn, ii), Un("++", ii, post=True),
                          (ExprS(Assign("=", Index(dn, ii), Index(sn, ii))),)),
                      ExprS(Assign("=", Index(dn, ii), Lit("0")))]
            libc = [ExprS(Call(Name("strcpy"), (dn, sn)))]
            body += [salt(manual, libc), Return(Cast(ct.INT, Call(Name("strlen"), (dn,))))]
            return Shape(b.program(entry(ct.INT, [dst, s], body)), f"string-{kind}")
        manual = [loop(Bin("<", ii, len_n), [ExprS(Assign("=", Index(dn, ii), Index(sn, ii)))])]
        if kind == "memmove" and rng.random() < 0.5:
            manual = [For(Decl(ct.INT, i, Bin("-", len_n, Lit("1"))), Bin(">=", ii, Lit("0")),
                          Un("--", ii, post=True),
                          (ExprS(Assign("=", Index(dn, ii), Index(sn, ii))),))]
        libc = [ExprS(Call(Name(kind), (dn, sn, bound(len_n))))]
        body += [salt(manual, libc), Return(Cast(ct.INT, Index(dn, Lit("0", fixed=True))))]
        return Shape(b.program(entry(ct.INT, [dst, s, n], body)), f"string-{kind}")
    return Shape(b.program(entry(ct.INT, [s, t, n], body)), f"string-{kind}")


# ------------------------------------------------------------------- libc/libm


def shape_libc(b: Builder) -> Shape:
    rng = b.rng
    kind = rng.choice(("ctype", "abs", "labs", "isnan", "isinf", "signbit", "fabs", "floor",
                       "sqrt", "toupper"))
    if kind in ("ctype", "toupper"):
        c = Var(b.fresh("c"), rng.choice((ct.INT, ct.CHAR, ct.UCHAR)))
        uc = Cast(ct.UCHAR, Name(c.name))
        pred = (rng.choice(("isdigit", "isspace", "isalpha")) if kind == "ctype"
                else rng.choice(("toupper", "tolower")))
        if pred == "isdigit":
            manual: Expr = Bin("&&", Bin(">=", uc, Lit("'0'")), Bin("<=", uc, Lit("'9'")))
        elif pred == "isspace":
            manual = Bin("||", Bin("==", uc, Lit("' '")),
                         Bin("&&", Bin(">=", uc, Lit("'\\t'")), Bin("<=", uc, Lit("'\\r'"))))
        elif pred == "isalpha":
            low = Bin("|", uc, Lit("32"))
            manual = Bin("&&", Bin(">=", low, Lit("'a'")), Bin("<=", low, Lit("'z'")))
        elif pred == "toupper":
            manual = Cond(Bin("&&", Bin(">=", uc, Lit("'a'")), Bin("<=", uc, Lit("'z'"))),
                          Bin("-", uc, Lit("32")), uc)
        else:
            manual = Cond(Bin("&&", Bin(">=", uc, Lit("'A'")), Bin("<=", uc, Lit("'Z'"))),
                          Bin("+", uc, Lit("32")), uc)
        libc: Expr = Call(Name(pred), (uc,))
        if pred not in ("toupper", "tolower"):
            libc = Un("!", Un("!", libc))
        if rng.random() < 0.3:
            manual = Cond(Bin("==", uc, Lit(str(rng.choice((48, 57, 32, 9, 65, 97, 122))))),
                          Lit("0"), manual)
        other = Bin("*", Name(c.name), Lit("2"))
        return Shape(b.program(entry(ct.INT, [c], [Return(Bin("+", alt(manual, libc), other))])),
                     f"libc-{pred}")
    if kind in ("abs", "labs"):
        t = ct.INT if kind == "abs" else ct.LONG
        x = Var(b.fresh("x"), t)
        xn = Name(x.name)
        manual = Cond(Bin("<", xn, Lit("0")), Un("-", xn), xn)
        if rng.random() < 0.3:
            manual = Cond(Bin("<=", xn, Lit("0")), Un("-", xn), xn)
        absolute = Return(Bin("+", alt(manual, Call(Name(kind), (xn,))), Lit("1")))
        return Shape(b.program(entry(t, [x], [absolute])), f"libc-{kind}")
    x = Var(b.fresh("x"), rng.choice((ct.DOUBLE, ct.FLOAT)))
    xn = Name(x.name)
    ret: CType = ct.INT
    if kind == "isnan":
        manual = Bin("!=", xn, xn)
    elif kind == "isinf":
        manual = Bin("||", Bin("==", xn, Lit("INFINITY")), Bin("==", xn, Un("-", Lit("INFINITY"))))
    elif kind == "signbit":
        manual = Bin("<", xn, Lit("0"))
        if rng.random() < 0.5:
            manual = Bin("||", manual, Bin("&&", Bin("==", xn, Lit("0")),
                                           Bin("<", Bin("/", Lit("1.0"), xn), Lit("0"))))
    elif kind == "fabs":
        manual = Cond(Bin("<", xn, Lit("0")), Un("-", xn), xn)
        ret = ct.DOUBLE
    elif kind == "floor":
        manual = Cast(ct.DOUBLE, Cast(ct.LONG, xn))
        ret = ct.DOUBLE
        body: list[Stmt] = [If(Un("!", Bin("&&", Bin(">", xn, Lit("-1e15")),
                                             Bin("<", xn, Lit("1e15")))), (Return(Lit("0.0")),))]
        libc = Call(Name("floor"), (xn,))
        if rng.random() < 0.5:
            guard = Bin(">=", xn, Lit("0"))
            manual = Cond(guard, manual, libc)
        body.append(Return(alt(manual, libc)))
        return Shape(b.program(entry(ret, [x], body)), f"libc-{kind}")
    else:
        manual = Cond(Bin(">=", xn, Lit("0")), Call(Name("sqrt"), (xn,)), Lit("0.0"))
        ret = ct.DOUBLE
    libc = Call(Name(kind), (Cast(ct.DOUBLE, xn) if kind in ("fabs", "sqrt") else xn,))
    if kind == "sqrt":
        libc = Cond(Bin("<", xn, Lit("0")), Lit("0.0"), libc)
    if kind in ("isnan", "isinf", "signbit"):
        libc = Un("!", Un("!", libc))
    return Shape(b.program(entry(ret, [x], [Return(alt(manual, libc))])), f"libc-{kind}")


# ----------------------------------------------------------------------- enums


def shape_enum(b: Builder) -> Shape:
    rng = b.rng
    tag = b.fresh("E")
    pool = [-3, -1, 0, 1, 2, 5, 7, 100, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0x100000000]
    if rng.random() < 0.5:
        pool = [v for v in pool if v >= 0]
    values = sorted(rng.sample(pool, rng.randint(2, 4)))
    names = [f"{tag}_{k}" for k in range(len(values))]
    b.types.append(EnumDef(tag, tuple(zip(names, values, strict=True))))
    et = ct.enum_type(tag, tuple(values))
    e = Var(b.fresh("e"), et)
    x = Var(b.fresh("x"), ct.INT)
    body: list[Stmt] = []
    r = rng.random()
    if r < 0.4:
        cases = tuple(Case(n, (Return(Lit(str(k + 1))),)) for k, n in enumerate(names))
        sw = Switch(Name(e.name), (*cases, Case(None, (Return(Lit("0")),))))
        chain: Stmt = Return(Lit("0"))
        for k, n in reversed(list(enumerate(names))):
            chain = If(Bin("==", Name(e.name), Name(n)), (Return(Lit(str(k + 1))),), (chain,))
        body.append(alt(sw, chain))
    else:
        gen = ExprGen(rng, [e, x], floats=False, depth=2)
        n = rng.choice(names)
        cmp = Bin(rng.choice(("<", ">", "<=")), Name(e.name), Name(n))
        cmp2 = Bin(rng.choice(("<", ">", "<=")), Cast(ct.INT, Name(e.name)), Cast(ct.INT, Name(n)))
        body.append(If(maybe(rng, 0.5, cmp, cmp2),
                       (Return(gen.int_expr()[0]),)))
        body.append(Return(Bin("+", Name(e.name), Name(x.name))))
    ret = rng.choice((ct.LONG, et))
    return Shape(b.program(entry(ret, [e, x], body)), "enum")


# ---------------------------------------------------------------------- unions


def shape_union(b: Builder) -> Shape:
    rng = b.rng
    wide = rng.random() < 0.4
    members = (
        (Member("word", ct.ULONG), Member("real", ct.DOUBLE), Member("byte", ct.Arr(ct.UCHAR, 8)),
         Member("half", ct.Arr(ct.INT, 2)))
        if wide else
        (Member("word", ct.INT), Member("real", ct.FLOAT), Member("byte", ct.Arr(ct.UCHAR, 4)),
         Member("half", ct.Arr(ct.SHORT, 2)))
    )
    rec = Record(b.fresh("U"), members, union=True)
    b.types.append(RecordDef(rec))
    x = Var(b.fresh("x"), ct.ULONG if wide else ct.UINT)
    u = b.fresh("v")
    un = Name(u)
    body: list[Stmt] = [Decl(rec, u)]
    kind = rng.choice(("bytes", "float", "halves"))
    first = "word"
    body.append(ExprS(Assign("=", Dot(un, first), Name(x.name))))
    k = rng.randrange(8 if wide else 4)
    if kind == "bytes":
        punned: Expr = Index(Dot(un, "byte"), Lit(str(k), fixed=True))
        shifted: Expr = Bin("&", Bin(">>", Name(x.name), Lit(str(8 * k))), Lit("255"))
        body.append(Return(alt(punned, maybe(rng, 0.2, shifted, Bin("&", Bin(
            ">>", Name(x.name), Lit(str(8 * (k ^ 1)))), Lit("255"))))))
        ret: CType = ct.LONG
    elif kind == "float":
        fl = b.fresh("fl")
        ft = ct.DOUBLE if wide else ct.FLOAT
        member = "real"
        body = [Decl(rec, u), Decl(ft, fl)]
        body.append(ExprS(Assign("=", Dot(un, first), Name(x.name))))
        via_union = ExprS(Assign("=", Name(fl), Dot(un, member)))
        via_memcpy = ExprS(Call(Name("memcpy"), (Un("&", Name(fl)), Un("&", Name(x.name)),
                                                  Lit(str(8 if wide else 4)))))
        body.append(alt(via_union, via_memcpy))
        body.append(Return(Cond(Bin("!=", Name(fl), Name(fl)), Lit("-1"),
                                Bin(rng.choice(("<", ">")), Name(fl), Lit("1.0")))))
        ret = ct.INT
    else:
        idx = rng.randrange(2)
        member = "half"
        bits = 32 if wide else 16
        elem = ct.INT if wide else ct.SHORT
        punned = Index(Dot(un, member), Lit(str(idx), fixed=True))
        shifted = Cast(elem, Bin(">>", Name(x.name), Lit(str(bits * idx))))
        body.append(Return(alt(punned, maybe(rng, 0.2, shifted, Cast(elem, Bin(
            ">>", Name(x.name), Lit(str(bits * (1 - idx)))))))))
        ret = ct.LONG
    return Shape(b.program(entry(ret, [x], body)), f"union-{kind}")


# ------------------------------------------------------------------ bit-fields


def shape_bitfield(b: Builder) -> Shape:
    rng = b.rng
    members = []
    for k in range(rng.randint(2, 4)):
        signed = rng.random() < 0.5
        width = rng.choice((1, 3, 5, 7, 12, 31) if signed else (1, 3, 5, 8, 12, 32))
        members.append(Member(f"f{k}", ct.INT if signed else ct.UINT, width))
    rec = Record(b.fresh("B"), tuple(members))
    b.types.append(RecordDef(rec))
    s = Var(b.fresh("s"), rec)
    x = Var(b.fresh("x"), ct.INT)
    m = rng.choice(members)
    assert m.bits is not None
    field = Dot(Name(s.name), m.name)
    mask = (1 << m.bits) - 1
    body: list[Stmt] = []
    kind = rng.choice(("truncate", "read", "generic"))
    if kind == "truncate":
        body.append(ExprS(Assign("=", field, Name(x.name))))
        if m.type == ct.UINT:
            manual: Expr = Bin("&", Cast(ct.UINT, Name(x.name)), Lit(f"{mask}U"))
        else:
            half = 1 << (m.bits - 1)
            manual = Bin("-", Bin("^", Bin("&", Name(x.name), Lit(str(mask))), Lit(str(half))),
                         Lit(str(half)))
        result = maybe(rng, 0.3, field, manual) if rng.random() < 0.5 else alt(field, manual)
        body.append(Return(Bin("+", result, Lit("0"))))
        return Shape(b.program(entry(ct.LONG, [s, x], body)), "bitfield-truncate")
    gen = ExprGen(rng, [s, x], floats=False, depth=2)
    body += b.statements(gen, rng.randint(1, 3))
    body.append(Return(gen.int_expr()[0]))
    return Shape(b.program(entry(ct.LONG, [s, x], body)), "generic")


# ------------------------------------------------------------ function pointers


def shape_fptr(b: Builder) -> Shape:
    rng = b.rng
    names = []
    for _ in range(rng.randint(2, 4)):
        name = b.fresh("op")
        gen = ExprGen(rng, [Var("a", ct.INT), Var("c", ct.INT)], floats=False, depth=2)
        b.functions.append(FuncDef(ct.INT, name, (Param(ct.INT, "a"), Param(ct.INT, "c")),
                                   (Return(gen.int_expr()[0]),), static=True))
        names.append(name)
    ftype = ct.FuncPtr(ct.INT, (ct.INT, ct.INT))
    table = b.fresh("tbl")
    entries = list(names)
    new_entries = list(entries)
    if rng.random() < 0.3:
        i, j = rng.sample(range(len(entries)), 2)
        new_entries[i], new_entries[j] = new_entries[j], new_entries[i]
    init_old = InitList(tuple(Name(n) for n in entries))
    init_new = InitList(tuple(Name(n) for n in new_entries))
    b.functions.append(GlobalDef(ct.Arr(ftype, len(entries)), table,
                               alt(init_old, init_new) if new_entries != entries else init_old,
                               static=True))
    k = Var(b.fresh("k"), ct.UINT)
    x = Var(b.fresh("x"), ct.INT)
    y = Var(b.fresh("y"), ct.INT)
    sel = Bin("%", Name(k.name), Lit(f"{len(entries)}U", fixed=True))
    args = (Name(x.name), Name(y.name))
    via_table = Call(Index(Name(table), sel), args)
    cases = tuple(Case(str(i), (Return(Call(Name(n), args)),)) for i, n in enumerate(entries))
    via_switch: list[Stmt] = [Switch(sel, cases), Return(Lit("0"))]
    r = rng.random()
    if r < 0.5:
        body: list[Stmt] = [salt([Return(via_table)], via_switch)]
    elif r < 0.8:
        fp = b.fresh("fp")
        pick = Cond(Bin("<", Name(x.name), Name(y.name)), Name(entries[0]), Name(entries[-1]))
        body = [Decl(ftype, fp, pick)]
        direct = Cond(Bin("<", Name(x.name), Name(y.name)), Call(Name(entries[0]), args),
                      Call(Name(entries[-1]), args))
        body.append(Return(alt(Call(Name(fp), args), direct)))
    else:
        body = [Return(via_table)]
    return Shape(b.program(entry(ct.INT, [k, x, y], body)), "fptr")


# ----------------------------------------------------------------- static locals


def shape_static(b: Builder) -> Shape:
    rng = b.rng
    counter = b.fresh("next")
    c = b.fresh("c")
    init = rng.randint(0, 3)
    step = rng.choice(("++c", "c += 2", "c = c * 2 + 1"))
    steps: dict[str, Expr] = {
        "++c": Un("++", Name(c)), "c += 2": Assign("+=", Name(c), Lit("2")),
        "c = c * 2 + 1": Assign("=", Name(c), Bin("+", Bin("*", Name(c), Lit("2")), Lit("1")))}
    step_e = steps[step]
    b.functions.append(FuncDef(ct.INT, counter, (), (
        Decl(ct.INT, c, Lit(str(init)), static=True), Return(step_e)), static=True))
    x = Var(b.fresh("x"), ct.INT)
    calls = rng.randint(1, 3)
    first = Call(Name(counter), ())
    old: Expr = Name(x.name)
    for _ in range(calls):
        old = Bin("+", old, first)
    # the same values without the helper: the sequence from a fresh initialiser
    values = []
    cur = init
    for _ in range(calls):
        cur = {"++c": cur + 1, "c += 2": cur + 2, "c = c * 2 + 1": cur * 2 + 1}[step]
        values.append(cur)
    total = sum(values) + (1 if rng.random() < 0.25 else 0)
    new = Bin("+", Name(x.name), Lit(str(total)))
    body: list[Stmt] = []
    own = b.fresh("seen")
    if rng.random() < 0.5:
        body += [Decl(ct.INT, own, Lit("0"), static=True), ExprS(Un("++", Name(own))),
                 If(Bin(">", Name(own), Lit("1")), (Return(Lit("-1")),))]
    body.append(Return(alt(old, new)))
    return Shape(b.program(entry(ct.INT, [x], body)), "static")


# ------------------------------------------------------------------------ calls


def shape_call(b: Builder) -> Shape:
    rng = b.rng
    g = b.global_var(ct.INT)
    x = Var(b.fresh("x"), ct.INT)
    y = Var(b.fresh("y"), ct.INT)
    h1 = b.helper(False, [g], impure=True)
    h2 = b.helper(False, [g], impure=True)
    kind = rng.choice(("order", "shortcircuit", "extract", "ext", "printf", "generic"))
    gen = ExprGen(rng, [x, y, g], helpers=b.helpers, floats=False, depth=2)
    c1 = Call(Name(h1.name), tuple(gen.scalar_expr(p, 0) for p in h1.params))
    c2 = Call(Name(h2.name), tuple(gen.scalar_expr(p, 0) for p in h2.params))
    body: list[Stmt] = []
    if kind == "order":
        combine = b.fresh("mix")
        b.functions.append(FuncDef(ct.LONG, combine, (Param(ct.LONG, "u"), Param(ct.LONG, "w")),
                                   (Return(Bin("-", Bin("*", Name("u"), Lit("3")), Name("w"))),),
                                   static=True))
        t1, t2 = b.fresh("t"), b.fresh("t")
        in_args = [Return(Call(Name(combine), (c1, c2)))]
        explicit_order = (t2, c2), (t1, c1)  # gcc evaluates arguments right to left
        if rng.random() < 0.4:
            explicit_order = (t1, c1), (t2, c2)
        sequenced: list[Stmt] = [Decl(ct.LONG, n, e) for n, e in explicit_order]
        sequenced.append(Return(Call(Name(combine), (Name(t1), Name(t2)))))
        body.append(salt(in_args, sequenced))
    elif kind == "shortcircuit":
        a = Bin(">", c1, Lit("0"))
        bb = Bin("<", c2, Lit("5"))
        op = rng.choice(("&&", "||"))
        swapped = Bin(op, bb, a)
        nested = (If(a, (If(bb, (Return(Lit("1")),)),)) if op == "&&"
                  else If(a, (Return(Lit("1")),), (If(bb, (Return(Lit("1")),)),)))
        new: list[Stmt] = [nested, Return(Lit("0"))] if rng.random() < 0.5 else [
            Return(swapped)]
        body.append(salt([Return(Bin(op, a, bb))], new))
    elif kind == "extract":
        e, t = ExprGen(rng, [x, y], floats=False, depth=3).int_expr()
        helper = b.fresh("part")
        b.functions.append(FuncDef(t, helper, (Param(ct.INT, x.name), Param(ct.INT, y.name)),
                                   (Return(e),), static=True))
        body += [ExprS(Assign("+=", Name(g.name), Name(x.name))),
                 Return(Bin("+", alt(e, Call(Name(helper), (Name(x.name), Name(y.name)))),
                            Name(g.name)))]
    elif kind == "ext":
        b.globals.insert(0, Proto(ct.INT, "ext_op", (Param(ct.INT, "v"),)))
        call_x = Call(Name("ext_op"), (Name(x.name),))
        tmp = b.fresh("t")
        cached = [Decl(ct.INT, tmp, call_x), Return(Bin("+", Name(tmp), Name(tmp)))]
        twice = [Return(Bin("+", call_x, call_x))]
        body.append(salt(twice, cached) if rng.random() < 0.5 else salt(cached, twice))
    elif kind == "printf":
        fmt = Lit('"%d %d\\n"')
        p_old = ExprS(Call(Name("printf"), (fmt, Name(x.name), Name(y.name))))
        p_new = maybe(rng, 0.3, p_old, ExprS(Call(Name("printf"), (fmt, Name(y.name),
                                                                    Name(x.name)))))
        body += [If(Bin(">", Name(x.name), Lit("0")), (p_old,), (p_new,))
                 if rng.random() < 0.3 else alt(p_old, p_new),
                 Return(Bin("-", Name(x.name), Name(y.name)))]
    else:
        body += b.statements(gen, rng.randint(1, 3))
        body.append(Return(gen.int_expr()[0]))
        return Shape(b.program(entry(ct.INT, [x, y], body)), "generic")
    ret = ct.LONG
    return Shape(b.program(entry(ret, [x, y], body)), f"call-{kind}")


# ---------------------------------------------------------------------- control


def shape_control(b: Builder) -> Shape:
    rng = b.rng
    x = Var(b.fresh("x"), b.int_type())
    y = Var(b.fresh("y"), ct.INT)
    g = b.global_var(ct.INT)
    gen = ExprGen(rng, [x, y, g], floats=False, depth=2)
    body: list[Stmt] = []
    for _ in range(rng.randint(2, 3)):
        r = rng.random()
        if r < 0.4:
            body += b.loop(gen, 2)
        elif r < 0.7:
            body.append(b.switch(gen, 2))
        else:
            body += b.statement(gen, 2)
    body.append(Return(gen.int_expr()[0]))
    return Shape(b.program(entry(ct.INT, [x, y], body)), "generic")


def shape_hang(b: Builder) -> Shape:
    """Loops that end on some inputs only: a change may make the new version hang where
    the old one returns (a difference, docs/semantics.md), keep the loop, or rewrite it."""
    rng = b.rng
    x, y = Var(b.fresh("x"), ct.INT), Var(b.fresh("y"), ct.INT)
    change = rng.choice(("hang", "hang", "keep", "rewrite"))
    kind = rng.choice(("parity", "step", "countdown"))
    body: list[Stmt] = []

    def step(old: Stmt, hang: Stmt, rewrite: Stmt) -> Stmt:
        return {"hang": alt(old, hang), "keep": old, "rewrite": alt(old, rewrite)}[change]

    if kind == "parity":
        # an unsigned char stepping by 2 never meets a target of the other parity
        u, k = b.fresh("u"), rng.randint(0, 40)
        inc = ExprS(Assign("+=", Name(u), Lit("1", fixed=True)))
        body += [Decl(ct.UCHAR, u, Name(x.name)),
                 While(Bin("!=", Name(u), Lit(str(k), fixed=True)), (step(
                     inc, ExprS(Assign("+=", Name(u), Lit("2", fixed=True))),
                     ExprS(Assign("=", Name(u), Bin("+", Name(u), Lit("1", fixed=True))))),)),
                 Return(Bin("+", Name(u), Name(y.name)))]
    elif kind == "step":
        # a step that may be 0
        n, i, acc = b.fresh("n"), b.fresh("i"), b.fresh("a")
        mask = Bin("&", Name(y.name), Lit("3", fixed=True))
        plus = Bin("+", mask, Lit("1", fixed=True))
        loop = For(Decl(ct.INT, i, Lit("0", fixed=True)), Bin("<", Name(i), Name(n)),
                   Assign("+=", Name(i), plus), (ExprS(Un("++", Name(acc), post=True)),))
        body += [Decl(ct.INT, n, Bin("&", Name(x.name), Lit("63", fixed=True))),
                 Decl(ct.LONG, acc, Lit("0", fixed=True)),
                 step(loop, For(loop.init, loop.cond, Assign("+=", Name(i), mask), loop.body),
                      For(loop.init, loop.cond, Assign("=", Name(i), Bin("+", Name(i), plus)),
                          loop.body)),
                 Return(Bin("+", Name(acc), Name(n)))]
    else:
        # counting an unsigned down by 2 passes 0 when it starts odd
        n = b.fresh("n")
        body += [Decl(ct.UINT, n, Bin("&", Name(x.name), Lit("255", fixed=True))),
                 While(Bin("!=", Name(n), Lit("0", fixed=True)), (step(
                     ExprS(Assign("-=", Name(n), Lit("1", fixed=True))),
                     ExprS(Assign("-=", Name(n), Lit("2", fixed=True))),
                     ExprS(Assign("=", Name(n), Bin("-", Name(n), Lit("1", fixed=True))))),)),
                 Return(Bin("+", Name(y.name), Cast(ct.INT, Name(n))))]
    return Shape(b.program(entry(ct.INT, [x, y], body)), f"hang-{kind}-{change}")


def shape_feature(b: Builder) -> Shape:
    """An integer function for the product-line weaving (features added later)."""
    params = _params(b, [b.int_type() for _ in range(b.rng.randint(1, 2))])
    g = [b.global_var(ct.INT)]
    return _generic(b, False, params + g, ct.INT, b.rng.randint(2, 4), params=params)


CLASSES: dict[str, Callable[[Builder], Shape]] = {
    "int": shape_int,
    "float": shape_float,
    "array": shape_array,
    "struct": shape_struct,
    "pointer": shape_pointer,
    "string": shape_string,
    "libc": shape_libc,
    "enum": shape_enum,
    "union": shape_union,
    "bitfield": shape_bitfield,
    "fptr": shape_fptr,
    "static": shape_static,
    "call": shape_call,
    "control": shape_control,
    "feature": shape_feature,
    "hang": shape_hang,
}
