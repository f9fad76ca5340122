"""Random typed C expressions over the variables in scope.

Free of undefined behaviour except what liftdiff's documented model fixes and
the oracle compiles accordingly (signed wrap-around: `-fwrapv`): divisors are
`(d & 15) + 1`, shift counts are masked to the promoted width, array indices
are masked to the array's size, float-to-int conversions are range-guarded,
and pointers are read only where the caller says they are non-NULL.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fuzzlib import ctyping as ct
from fuzzlib.ctyping import CType, Float, Int, Scalar
from fuzzlib.syntax import Bin, Call, Cast, Cond, Dot, Expr, Index, Lit, Name, Un


@dataclass(frozen=True)
class Var:
    name: str
    type: CType
    mutable: bool = True


@dataclass(frozen=True)
class Helper:
    """A function of the file that expressions may call (pure or not)."""

    name: str
    ret: Scalar
    params: tuple[Scalar, ...]


@dataclass(frozen=True)
class Access:
    """A way to read (and maybe write) one scalar: `make()` builds a fresh expression."""

    make: Callable[[], Expr]
    type: Scalar
    bits: int | None = None
    writable: bool = True


def int_literal(value: int, t: Int) -> Lit:
    """`value` as a literal of the promoted type of `t` (suffixes as needed)."""
    p = ct.promote(t)
    assert isinstance(p, Int)
    value = wrap(value, p)
    suffixes = {(32, True): "", (32, False): "U", (64, True): "L", (64, False): "UL"}
    suffix = suffixes[p.bits, p.signed]
    if p.signed and value == p.min:
        return Lit(f"({value + 1}{suffix} - 1)")
    return Lit(f"{value}{suffix}")


def wrap(value: int, t: Int) -> int:
    if t.is_bool:
        return int(value != 0)
    value &= (1 << t.bits) - 1
    if t.signed and value >= 1 << (t.bits - 1):
        value -= 1 << t.bits
    return value


_FLOAT_SPECIALS = ("NAN", "INFINITY", "(-INFINITY)", "(-0.0)", "0.0", "1e308", "1e-310")
_FLOAT_PLAIN = ("0.5", "1.0", "2.0", "3.0", "0.1", "10.0", "1e9", "-1.5", "100.0", "0.25")


def float_literal(rng: random.Random, t: Float) -> Lit:
    text = rng.choice(_FLOAT_SPECIALS if rng.random() < 0.25 else _FLOAT_PLAIN)
    if t.bits == 32 and text[-1].isdigit():
        text = text.replace("1e308", "1e38").replace("1e-310", "1e-40") + "f"
    elif t.bits == 32 and text.endswith("0)"):
        text = text[:-1] + "f)"
    return Lit(text)


def boundary_values(t: Int) -> tuple[int, ...]:
    if t.is_bool:
        return (0, 1)
    values = {0, 1, 2, 3, 7, 8, 15, 16, 31, 32, 63, 64, 100, 255, 256, t.max, t.max - 1}
    if t.signed:
        values |= {-1, -2, -8, -128, t.min, t.min + 1}
    return tuple(sorted(v for v in values if t.min <= v <= t.max))


def accesses(var: Var, nonnull: frozenset[str], index: Callable[[int], Expr]) -> list[Access]:
    """Every scalar reachable from `var` without dereferencing a possibly-NULL pointer."""
    base = Name(var.name)
    if isinstance(var.type, ct.Ptr) and var.name not in nonnull:
        return []
    return _paths(lambda: base, var.type, index, var.mutable, deref=True)


def _member(make: Callable[[], Expr], name: str, arrow: bool = False) -> Callable[[], Expr]:
    """The maker of `make()`'s member `name` (`.name`, or `->name` with `arrow`)."""
    return lambda: Dot(make(), name, arrow=arrow)


def _paths(
    make: Callable[[], Expr],
    t: CType,
    index: Callable[[int], Expr],
    writable: bool,
    deref: bool,
    bits: int | None = None,
) -> list[Access]:
    if isinstance(t, (Int, Float)):
        return [Access(make, t, bits, writable)]
    if isinstance(t, ct.Arr):
        n = t.n
        return _paths(lambda: Index(make(), index(n)), t.elem, index, writable, deref)
    if isinstance(t, ct.Record):
        found: list[Access] = []
        for m in t.members:
            found += _paths(
                _member(make, m.name), m.type, index, writable, deref, m.bits
            )
        return found
    if isinstance(t, ct.Ptr) and deref and not isinstance(t.target, (ct.FuncPtr, ct.Void)):
        w = writable and not t.const
        if isinstance(t.target, ct.Record):
            rec = t.target
            found = []
            for m in rec.members:
                found += _paths(
                    _member(make, m.name, arrow=True),
                    m.type, index, w, False, m.bits,
                )
            return found
        return _paths(lambda: Index(make(), index(4)), t.target, index, w, False) + _paths(
            lambda: Un("*", make()), t.target, index, w, False
        )
    return []


class ExprGen:
    """Typed random expressions; `depth` bounds nesting."""

    def __init__(
        self,
        rng: random.Random,
        scope: Sequence[Var],
        nonnull: frozenset[str] = frozenset(),
        helpers: Sequence[Helper] = (),
        floats: bool = True,
        depth: int = 2,
    ) -> None:
        self.rng = rng
        self.scope = list(scope)
        self.nonnull = nonnull
        self.helpers = list(helpers)
        self.floats = floats
        self.depth = depth

    # -- leaves

    def all_accesses(self) -> list[Access]:
        found: list[Access] = []
        for var in self.scope:
            found += accesses(var, self.nonnull, self.index)
        return found

    def index(self, n: int) -> Expr:
        """An in-bounds index for an array of `n` elements."""
        ints = [v for v in self.scope if isinstance(v.type, Int)]
        if not ints or self.rng.random() < 0.3:
            return Lit(str(self.rng.randrange(n)), fixed=True)
        var = self.rng.choice(ints)
        if n & (n - 1) == 0:
            return Bin("&", Name(var.name), Lit(str(n - 1), fixed=True))
        return Bin("%", Cast(ct.UINT, Name(var.name)), Lit(f"{n}U", fixed=True))

    def int_leaf(self) -> tuple[Expr, Int]:
        options = [a for a in self.all_accesses() if isinstance(a.type, Int)]
        if options and self.rng.random() < 0.75:
            access = self.rng.choice(options)
            t = access.type
            assert isinstance(t, Int)
            if access.bits is not None:
                promoted = ct.promote(t, access.bits)
                assert isinstance(promoted, Int)
                return access.make(), promoted
            return access.make(), t
        t = self.rng.choice((ct.INT, ct.INT, ct.UINT, ct.LONG, ct.ULONG))
        if self.rng.random() < 0.5:
            value = self.rng.choice(boundary_values(t))
        else:
            value = self.rng.randint(-20, 300)
        return int_literal(value, t), t

    def float_leaf(self) -> tuple[Expr, Float]:
        options = [a for a in self.all_accesses() if isinstance(a.type, Float)]
        if options and self.rng.random() < 0.75:
            access = self.rng.choice(options)
            assert isinstance(access.type, Float)
            return access.make(), access.type
        t = self.rng.choice((ct.DOUBLE, ct.DOUBLE, ct.FLOAT))
        return float_literal(self.rng, t), t

    # -- integer expressions

    def int_expr(self, depth: int | None = None) -> tuple[Expr, Int]:
        depth = self.depth if depth is None else depth
        r = self.rng.random()
        if depth <= 0 or r < 0.25:
            return self.int_leaf()
        d = depth - 1
        choice = self.rng.choice(
            ["arith", "arith", "arith", "bit", "shift", "div", "unary", "cmp", "logic",
             "cond", "cast", "call", "fcmp"]
        )  # fmt: skip
        if choice == "arith":
            (a, ta), (b, tb) = self.int_expr(d), self.int_expr(d)
            return Bin(self.rng.choice("+-*"), a, b), _int(ct.arith(ta, tb))
        if choice == "bit":
            (a, ta), (b, tb) = self.int_expr(d), self.int_expr(d)
            return Bin(self.rng.choice("&|^"), a, b), _int(ct.arith(ta, tb))
        if choice == "shift":
            (a, ta), (b, _tb) = self.int_expr(d), self.int_expr(d)
            pa = _int(ct.promote(ta))
            count = Bin("&", b, Lit(str(pa.bits - 1), fixed=True))
            return Bin(self.rng.choice(("<<", ">>")), a, count), pa
        if choice == "div":
            (a, ta), (b, tb) = self.int_expr(d), self.int_expr(d)
            divisor = Bin("+", Bin("&", b, Lit("15", fixed=True)), Lit("1", fixed=True))
            tdiv = ct.arith(ct.promote(tb), ct.INT)
            if self.rng.random() < 0.1:  # unguarded: a zero divisor traps (in both versions?)
                return Bin(self.rng.choice("/%"), a, b), _int(ct.arith(ta, tb))
            return Bin(self.rng.choice("/%"), a, divisor), _int(ct.arith(ta, tdiv))
        if choice == "unary":
            a, ta = self.int_expr(d)
            op = self.rng.choice("-~!")
            return Un(op, a), (ct.INT if op == "!" else _int(ct.promote(ta)))
        if choice == "cmp":
            (a, _), (b, _) = self.int_expr(d), self.int_expr(d)
            return Bin(self.rng.choice(("<", "<=", ">", ">=", "==", "!=")), a, b), ct.INT
        if choice == "logic":
            return Bin(self.rng.choice(("&&", "||")), self.cond(d), self.cond(d)), ct.INT
        if choice == "cond":
            c = self.cond(d)
            (a, ta), (b, tb) = self.int_expr(d), self.int_expr(d)
            return Cond(c, a, b), _int(ct.arith(ta, tb))
        if choice == "cast":
            a, _ = self.int_expr(d)
            t = self.rng.choice(ct.INTEGERS)
            return Cast(t, a), t
        if choice == "call" and self.helpers:
            return self.call(d)
        if choice == "fcmp" and self.floats:
            return self.float_to_int(d)
        return self.int_leaf()

    def cond(self, depth: int | None = None) -> Expr:
        """A truth value (an int that is tested for zero)."""
        depth = self.depth if depth is None else depth
        if self.floats and self.rng.random() < 0.15:
            e, _ = self.float_to_int(max(depth - 1, 0))
            return e
        (a, _), (b, _) = self.int_expr(max(depth - 1, 0)), self.int_expr(max(depth - 1, 0))
        if self.rng.random() < 0.2:
            return a
        return Bin(self.rng.choice(("<", "<=", ">", ">=", "==", "!=")), a, b)

    def call(self, depth: int) -> tuple[Expr, Int]:
        helper = self.rng.choice(self.helpers)
        args = tuple(self.scalar_expr(p, depth) for p in helper.params)
        ret = helper.ret
        if isinstance(ret, Float):
            return Cast(ct.INT, Call(Name(helper.name), args)), ct.INT
        return Call(Name(helper.name), args), ret

    def scalar_expr(self, t: Scalar, depth: int) -> Expr:
        if isinstance(t, Float):
            e, _ = self.float_expr(depth)
            return e
        e, _ = self.int_expr(depth)
        return e

    # -- floating expressions

    def float_expr(self, depth: int | None = None) -> tuple[Expr, Float]:
        depth = self.depth if depth is None else depth
        if depth <= 0 or self.rng.random() < 0.3:
            if self.rng.random() < 0.2:
                a, _ = self.int_expr(0)
                t = self.rng.choice((ct.DOUBLE, ct.FLOAT))
                return Cast(t, a), t
            return self.float_leaf()
        d = depth - 1
        choice = self.rng.choice(["arith", "arith", "arith", "neg", "libm", "cond", "cast"])
        if choice == "arith":
            (a, ta), (b, tb) = self.float_expr(d), self.float_expr(d)
            t = ta if ta.bits >= tb.bits else tb
            return Bin(self.rng.choice("+-*/"), a, b), t
        if choice == "neg":
            a, ta = self.float_expr(d)
            return Un("-", a), ta
        if choice == "libm":
            a, _ = self.float_expr(d)
            fn = self.rng.choice(("fabs", "floor", "ceil", "sqrt", "trunc"))
            return Call(Name(fn), (a,)), ct.DOUBLE
        if choice == "cond":
            c = self.cond(d)
            (a, ta), (b, tb) = self.float_expr(d), self.float_expr(d)
            return Cond(c, a, b), (ta if ta.bits >= tb.bits else tb)
        a, _ = self.float_expr(d)
        t = self.rng.choice((ct.DOUBLE, ct.FLOAT))
        return Cast(t, a), t

    def float_to_int(self, depth: int) -> tuple[Expr, Int]:
        a, _ = self.float_expr(depth)
        r = self.rng.random()
        if r < 0.4:
            b, _ = self.float_expr(depth)
            return Bin(self.rng.choice(("<", "<=", ">", ">=", "==", "!=")), a, b), ct.INT
        if r < 0.6:
            return Call(Name(self.rng.choice(("isnan", "isinf", "signbit"))), (a,)), ct.INT
        t = self.rng.choice((ct.INT, ct.SHORT, ct.LONG, ct.UCHAR))
        bound = Lit("1e4", fixed=True)
        in_range = Bin("&&", Bin(">", a, Un("-", bound)), Bin("<", a, bound))
        return Cond(in_range, Cast(t, a), Lit("0")), t

    def expr_of(self, t: Scalar, depth: int | None = None) -> Expr:
        """An expression converted (implicitly, by assignment) to `t`."""
        if isinstance(t, Float) and self.floats and self.rng.random() < 0.7:
            e, _ = self.float_expr(depth)
            return e
        if isinstance(t, Float):
            e, _ = self.int_expr(depth)
            return e
        if self.floats and self.rng.random() < 0.15:
            e, _ = self.float_to_int(depth if depth is not None else self.depth)
            return e
        e, _ = self.int_expr(depth)
        return e

    def writable(self, want: type | None = None) -> Access | None:
        options = [a for a in self.all_accesses() if a.writable]
        if want is not None:
            options = [a for a in options if isinstance(a.type, want)]
        return self.rng.choice(options) if options else None


def _int(t: Scalar) -> Int:
    assert isinstance(t, Int)
    return t
