"""Presence conditions: C preprocessor integer expressions over feature macros.

A `Formula` is what `#if` computes, restricted to feature macros (every other
macro has been substituted by its value before a Formula is built). It is
plain immutable data so it can cross stages, be hashed for caching, printed in
C for reports and lifted text, and evaluated for one concrete configuration.

Arithmetic follows the preprocessor: intmax_t (64-bit two's complement),
switching to uintmax_t when an operand is unsigned (a `u` literal).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

_BITS = 64
_MASK = (1 << _BITS) - 1

Configuration = Mapping[str, "int | None"]
"""Feature macro -> value; None (or absent) means undefined, which reads as 0."""


def _signed(value: int) -> int:
    value &= _MASK
    return value - (1 << _BITS) if value >> (_BITS - 1) else value


def _unsigned(value: int) -> int:
    return value & _MASK


class Formula:
    """Base of the expression nodes; subclasses are frozen dataclasses."""

    __slots__ = ()

    def evaluate(self, configuration: Configuration) -> int:
        """The value `#if` would compute under `configuration` (raises ZeroDivisionError)."""
        return _fix(self.unsigned, _eval(self, configuration))

    def holds(self, configuration: Configuration) -> bool:
        return self.evaluate(configuration) != 0

    def to_c(self, names: Mapping[str, str] | None = None) -> str:
        """C text; `names` renames feature macros (e.g. to the lifted variables)."""
        return _show(self, names or {}, 0)

    def features(self) -> frozenset[str]:
        return frozenset(_features(self))

    @property
    def unsigned(self) -> bool:
        return False

    def __str__(self) -> str:
        return self.to_c()


@dataclass(frozen=True, slots=True)
class Const(Formula):
    value: int
    is_unsigned: bool = False

    @property
    def unsigned(self) -> bool:
        return self.is_unsigned

    @property
    def number(self) -> int:
        """The value as C reads it (two's complement unless unsigned)."""
        return self.value if self.is_unsigned else _signed(self.value)


@dataclass(frozen=True, slots=True)
class Var(Formula):
    """The value of a feature macro (0 when undefined)."""

    name: str
    boolean: bool = True
    """Domain {0, 1}; set per feature by the front end."""


@dataclass(frozen=True, slots=True)
class Not(Formula):
    arg: Formula


@dataclass(frozen=True, slots=True)
class And(Formula):
    args: tuple[Formula, ...]


@dataclass(frozen=True, slots=True)
class Or(Formula):
    args: tuple[Formula, ...]


@dataclass(frozen=True, slots=True)
class Unary(Formula):
    op: str  # '-', '+', '~'
    arg: Formula

    @property
    def unsigned(self) -> bool:
        return self.arg.unsigned


@dataclass(frozen=True, slots=True)
class Binary(Formula):
    op: str  # arithmetic, shift, bitwise or comparison operator
    left: Formula
    right: Formula

    @property
    def unsigned(self) -> bool:
        if self.op in COMPARISONS:
            return False
        if self.op in ("<<", ">>"):
            return self.left.unsigned
        return self.left.unsigned or self.right.unsigned


@dataclass(frozen=True, slots=True)
class Cond(Formula):
    test: Formula
    then: Formula
    other: Formula

    @property
    def unsigned(self) -> bool:
        return self.then.unsigned or self.other.unsigned


TRUE = Const(1)
FALSE = Const(0)
COMPARISONS = frozenset({"<", ">", "<=", ">=", "==", "!="})


def is_boolean(formula: Formula) -> bool:
    """True when the value is always 0 or 1 (so `!!f` may be written `f`)."""
    if isinstance(formula, Const):
        return formula.value in (0, 1)
    if isinstance(formula, Var):
        return formula.boolean
    if isinstance(formula, (Not, And, Or)):
        return True
    if isinstance(formula, Binary):
        return formula.op in COMPARISONS
    if isinstance(formula, Cond):
        return is_boolean(formula.then) and is_boolean(formula.other)
    return False


# ---------------------------------------------------------------- constructors


def truth(formula: Formula) -> Formula:
    """`formula != 0` as a 0/1 value, written as simply as possible."""
    if is_boolean(formula):
        return formula
    if isinstance(formula, Const):
        return TRUE if formula.value else FALSE
    return Binary("!=", formula, FALSE)


def neg(formula: Formula) -> Formula:
    if isinstance(formula, Const):
        return FALSE if formula.value else TRUE
    if isinstance(formula, Not):
        return truth(formula.arg)
    if isinstance(formula, Binary) and formula.op in ("==", "!="):
        return Binary("!=" if formula.op == "==" else "==", formula.left, formula.right)
    return Not(formula)


def conj(*parts: Formula) -> Formula:
    return _junction(And, parts, unit=1)


def disj(*parts: Formula) -> Formula:
    return _junction(Or, parts, unit=0)


def _junction(kind: type[And] | type[Or], parts: Iterable[Formula], unit: int) -> Formula:
    flat: list[Formula] = []
    for part in parts:
        items = part.args if isinstance(part, kind) else (part,)
        for item in items:
            item = truth(item) if not isinstance(item, Const) else item
            if isinstance(item, Const):
                if bool(item.value) == bool(unit):
                    continue
                return Const(1 - unit)
            if item in flat:
                continue
            if neg(item) in flat:
                return Const(1 - unit)
            flat.append(item)
    if not flat:
        return Const(unit)
    if len(flat) == 1:
        return flat[0]
    return kind(tuple(flat))


def cond(test: Formula, then: Formula, other: Formula) -> Formula:
    if isinstance(test, Const):
        return then if test.value else other
    if then == other:
        return then
    return Cond(test, then, other)


def binary(op: str, left: Formula, right: Formula) -> Formula:
    """A binary node, folded when both operands are constants (raises ZeroDivisionError)."""
    if op == "&&":
        return conj(left, right)
    if op == "||":
        return disj(left, right)
    node = Binary(op, left, right)
    if isinstance(left, Const) and isinstance(right, Const):
        return Const(node.evaluate({}), node.unsigned)
    if op == "==" and isinstance(right, Const) and is_boolean(left):
        return _compare_bool(left, right.value, equal=True)
    if op == "!=" and isinstance(right, Const) and is_boolean(left):
        return _compare_bool(left, right.value, equal=False)
    return node


def _compare_bool(left: Formula, value: int, equal: bool) -> Formula:
    if value not in (0, 1):
        return FALSE if equal else TRUE
    positive = (value == 1) == equal
    return left if positive else neg(left)


def unary(op: str, arg: Formula) -> Formula:
    if op == "!":
        return neg(arg)
    if op == "+" and not isinstance(arg, Const):
        return arg
    node = Unary(op, arg)
    if isinstance(arg, Const):
        return Const(node.evaluate({}), node.unsigned)
    return node


def branch_conditions(conditions: Iterable[Formula]) -> list[Formula]:
    """Per-branch formulas of `#if c1 / #elif c2 / ... / #else`: branch i is taken
    when c_i holds and no earlier c_j does. The result has one entry more than
    `conditions`: the `#else` branch (empty when the source has none), so the
    branches always partition the configuration space."""
    result: list[Formula] = []
    earlier: list[Formula] = []
    for condition in conditions:
        result.append(conj(*(neg(e) for e in earlier), truth(condition)))
        earlier.append(condition)
    result.append(conj(*(neg(e) for e in earlier)))
    return result


def substitute(formula: Formula, values: Mapping[str, Formula]) -> Formula:
    """Replace feature variables by formulas (constants fold)."""
    if isinstance(formula, Var):
        return values.get(formula.name, formula)
    if isinstance(formula, Const):
        return formula
    if isinstance(formula, Not):
        return neg(substitute(formula.arg, values))
    if isinstance(formula, And):
        return conj(*(substitute(a, values) for a in formula.args))
    if isinstance(formula, Or):
        return disj(*(substitute(a, values) for a in formula.args))
    if isinstance(formula, Unary):
        return unary(formula.op, substitute(formula.arg, values))
    if isinstance(formula, Binary):
        return binary(formula.op, substitute(formula.left, values),
                      substitute(formula.right, values))
    if isinstance(formula, Cond):
        return cond(substitute(formula.test, values), substitute(formula.then, values),
                    substitute(formula.other, values))
    raise TypeError(f"not a formula: {formula!r}")


def exists(formula: Formula, names: Iterable[str]) -> Formula:
    """`formula` with the boolean features `names` eliminated: true where some
    value of them makes it true (f[X:=0] || f[X:=1], one feature at a time)."""
    for name in names:
        formula = disj(substitute(formula, {name: FALSE}), substitute(formula, {name: TRUE}))
    return formula


# ------------------------------------------------------------------ evaluation


def _fix(unsigned: bool, value: int) -> int:
    return _unsigned(value) if unsigned else _signed(value)


def _eval(f: Formula, config: Configuration) -> int:
    if isinstance(f, Const):
        return f.value
    if isinstance(f, Var):
        value = config.get(f.name)
        return 0 if value is None else int(value)
    if isinstance(f, Not):
        return int(_eval(f.arg, config) == 0)
    if isinstance(f, And):
        return int(all(_eval(a, config) != 0 for a in f.args))
    if isinstance(f, Or):
        return int(any(_eval(a, config) != 0 for a in f.args))
    if isinstance(f, Cond):
        chosen = f.then if _eval(f.test, config) != 0 else f.other
        return _fix(f.unsigned, _eval(chosen, config))
    if isinstance(f, Unary):
        value = _fix(f.unsigned, _eval(f.arg, config))
        if f.op == "-":
            return _fix(f.unsigned, -value)
        if f.op == "~":
            return _fix(f.unsigned, ~value)
        return value
    if isinstance(f, Binary):
        return _eval_binary(f, config)
    raise TypeError(f"not a formula: {f!r}")


def _eval_binary(f: Binary, config: Configuration) -> int:
    operands_unsigned = f.left.unsigned or f.right.unsigned
    if f.op in ("<<", ">>"):
        operands_unsigned = f.left.unsigned
    left = _fix(operands_unsigned, _eval(f.left, config))
    right = _fix(operands_unsigned if f.op not in ("<<", ">>") else f.right.unsigned,
                 _eval(f.right, config))
    op = f.op
    if op in COMPARISONS:
        return int({"<": left < right, ">": left > right, "<=": left <= right,
                    ">=": left >= right, "==": left == right, "!=": left != right}[op])
    if op == "/":
        if right == 0:
            raise ZeroDivisionError("division by zero in #if")
        quotient = abs(left) // abs(right)
        return _fix(operands_unsigned, quotient if (left < 0) == (right < 0) else -quotient)
    if op == "%":
        if right == 0:
            raise ZeroDivisionError("remainder by zero in #if")
        remainder = abs(left) % abs(right)
        return _fix(operands_unsigned, -remainder if left < 0 else remainder)
    if op in ("<<", ">>"):
        if right < 0 or right >= _BITS:
            return 0 if op == "<<" or left >= 0 else -1
        return _fix(operands_unsigned, left << right if op == "<<" else left >> right)
    result = {"+": left + right, "-": left - right, "*": left * right,
              "&": left & right, "^": left ^ right, "|": left | right}[op]
    return _fix(operands_unsigned, result)


def _features(f: Formula) -> Iterable[str]:
    if isinstance(f, Var):
        yield f.name
    elif isinstance(f, (Not, Unary)):
        yield from _features(f.arg)
    elif isinstance(f, (And, Or)):
        for arg in f.args:
            yield from _features(arg)
    elif isinstance(f, Binary):
        yield from _features(f.left)
        yield from _features(f.right)
    elif isinstance(f, Cond):
        yield from _features(f.test)
        yield from _features(f.then)
        yield from _features(f.other)


# -------------------------------------------------------------------- printing

_PRECEDENCE = {
    "||": 4, "&&": 5, "|": 6, "^": 7, "&": 8, "==": 9, "!=": 9,
    "<": 10, ">": 10, "<=": 10, ">=": 10, "<<": 11, ">>": 11,
    "+": 12, "-": 12, "*": 13, "/": 13, "%": 13,
}
_UNARY = 14


def _show(f: Formula, names: Mapping[str, str], outer: int) -> str:
    text, level = _render(f, names)
    return f"({text})" if level < outer else text


def _render(f: Formula, names: Mapping[str, str]) -> tuple[str, int]:
    if isinstance(f, Const):
        suffix = "u" if f.is_unsigned else ""
        return (f"{f.value}{suffix}", 15) if f.value >= 0 else (f"({f.value}{suffix})", 15)
    if isinstance(f, Var):
        return names.get(f.name, f.name), 15
    if isinstance(f, Not):
        return "!" + _show(f.arg, names, _UNARY), _UNARY
    if isinstance(f, And):
        # Comparisons and || inside && get parentheses only where C needs them;
        # `&&` inside `||` is always parenthesised, the way reviewers write it.
        return " && ".join(_show(a, names, 6) for a in f.args), 5
    if isinstance(f, Or):
        return " || ".join(_show(a, names, 5 if not isinstance(a, And) else 16)
                           for a in f.args), 4
    if isinstance(f, Unary):
        return f.op + _show(f.arg, names, _UNARY), _UNARY
    if isinstance(f, Binary):
        level = _PRECEDENCE[f.op]
        left = _show(f.left, names, level)
        right = _show(f.right, names, level + 1)
        return f"{left} {f.op} {right}", level
    if isinstance(f, Cond):
        test = _show(f.test, names, 4)
        return f"{test} ? {_show(f.then, names, 3)} : {_show(f.other, names, 3)}", 3
    raise TypeError(f"not a formula: {f!r}")
