"""Formulas in z3 and the satisfiability questions the front end asks.

Presence conditions are evaluated in 64-bit two's complement as `#if` does;
feature variables are C `int`s in the lifted program, so an integer feature
ranges over 32-bit values and a boolean one over {0, 1}. Small boolean
questions are answered by truth tables; the rest go through `checker.semantics.solver`
(the one module that calls z3's check). A solver "unknown" counts as
satisfiable here: keeping a branch we could not refute is always safe.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping
from typing import cast

import z3

from checker.errors import UnsupportedError
from checker.semantics import solver
from checker.variability import formula as fm
from checker.variability.formula import Formula

_WIDTH = 64
_TRUTH_TABLE_LIMIT = 10
_BUDGET_SECONDS = 120.0
_CALL_SECONDS = 20.0


def to_z3(formula: Formula, vars: Mapping[str, z3.ArithRef | z3.BitVecRef]) -> z3.BoolRef:
    """`formula != 0` over the engine's feature variables (Int or bit-vector terms).

    Arithmetic is 64-bit as in `#if`: bit-vectors narrower than 64 bits are sign
    extended, Int terms are read modulo 2^64 (bound them to the C int range)."""
    value = _term(formula, vars)
    return value != z3.BitVecVal(0, _WIDTH)


def feature_constraints(formula: Formula, vars: Mapping[str, z3.BitVecRef]) -> list[z3.BoolRef]:
    """Domain constraints for the boolean features of `formula`."""
    return [z3.Or(vars[v.name] == 0, vars[v.name] == 1) for v in _vars(formula) if v.boolean]


def _term(f: Formula, vars: Mapping[str, z3.ArithRef | z3.BitVecRef],
          memo: dict[int, z3.ExprRef] | None = None) -> z3.BitVecRef:
    """`f` as a 64-bit term; `memo` (by node identity, within one conversion)
    builds a subformula shared by reference once: presence conditions repeat
    theirs (libbb.h's MAX_HISTORY tests nest the same conditions many times)."""
    memo = {} if memo is None else memo
    known = memo.get(id(f))
    if known is None:
        known = memo[id(f)] = _new_term(f, vars, memo)
    return cast(z3.BitVecRef, known)


def _new_term(f: Formula, vars: Mapping[str, z3.ArithRef | z3.BitVecRef],
              memo: dict[int, z3.ExprRef]) -> z3.BitVecRef:
    if isinstance(f, fm.Const):
        return z3.BitVecVal(f.value & ((1 << _WIDTH) - 1), _WIDTH)
    if isinstance(f, fm.Var):
        var = vars[f.name]
        if z3.is_bv(var):
            size = var.size()
            return z3.SignExt(_WIDTH - size, var) if size < _WIDTH else var
        return z3.Int2BV(var, _WIDTH)
    if isinstance(f, (fm.Not, fm.And, fm.Or)):
        return _bool_value(_truth(f, vars, memo))
    if isinstance(f, fm.Cond):
        return z3.If(_truth(f.test, vars, memo), _term(f.then, vars, memo),
                     _term(f.other, vars, memo))
    if isinstance(f, fm.Unary):
        arg = _term(f.arg, vars, memo)
        return {"-": -arg, "~": ~arg, "+": arg}[f.op]
    if isinstance(f, fm.Binary):
        if f.op in fm.COMPARISONS:
            return _bool_value(_truth(f, vars, memo))
        return _arith(f, _term(f.left, vars, memo), _term(f.right, vars, memo))
    raise TypeError(f"not a formula: {f!r}")


def _arith(f: fm.Binary, a: z3.BitVecRef, b: z3.BitVecRef) -> z3.BitVecRef:
    unsigned = f.unsigned
    op = f.op
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        return z3.UDiv(a, b) if unsigned else a / b
    if op == "%":
        return z3.URem(a, b) if unsigned else z3.SRem(a, b)
    if op == "<<":
        return a << b
    if op == ">>":
        return z3.LShR(a, b) if unsigned else a >> b
    if op == "&":
        return a & b
    if op == "|":
        return a | b
    if op == "^":
        return a ^ b
    raise TypeError(f"unknown operator {op}")


def _bool_value(condition: z3.BoolRef) -> z3.BitVecRef:
    return z3.If(condition, z3.BitVecVal(1, _WIDTH), z3.BitVecVal(0, _WIDTH))


def _truth(f: Formula, vars: Mapping[str, z3.ArithRef | z3.BitVecRef],
           memo: dict[int, z3.ExprRef] | None = None) -> z3.BoolRef:
    memo = {} if memo is None else memo
    if isinstance(f, fm.Not):
        return z3.Not(_truth(f.arg, vars, memo))
    if isinstance(f, fm.And):
        return z3.And(*(_truth(a, vars, memo) for a in f.args))
    if isinstance(f, fm.Or):
        return z3.Or(*(_truth(a, vars, memo) for a in f.args))
    if isinstance(f, fm.Binary) and f.op in fm.COMPARISONS:
        a, b = _term(f.left, vars, memo), _term(f.right, vars, memo)
        unsigned = f.left.unsigned or f.right.unsigned
        if f.op == "==":
            return a == b
        if f.op == "!=":
            return a != b
        if unsigned:
            return {"<": z3.ULT, ">": z3.UGT, "<=": z3.ULE, ">=": z3.UGE}[f.op](a, b)
        return {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[f.op]
    return _term(f, vars, memo) != z3.BitVecVal(0, _WIDTH)


def _vars(f: Formula) -> list[fm.Var]:
    found: dict[str, fm.Var] = {}
    stack = [f]
    while stack:
        node = stack.pop()
        if isinstance(node, fm.Var):
            found.setdefault(node.name, node)
        elif isinstance(node, (fm.Not, fm.Unary)):
            stack.append(node.arg)
        elif isinstance(node, (fm.And, fm.Or)):
            stack.extend(node.args)
        elif isinstance(node, fm.Binary):
            stack.extend((node.left, node.right))
        elif isinstance(node, fm.Cond):
            stack.extend((node.test, node.then, node.other))
    return sorted(found.values(), key=lambda v: v.name)


def variables(formula: Formula) -> list[fm.Var]:
    """The feature variables of `formula` with their domains, sorted by name."""
    return _vars(formula)


class Oracle:
    """Memoised satisfiability of presence conditions for one analysis."""

    def __init__(self) -> None:
        self._cache: dict[Formula, bool] = {}
        self._budget = solver.Budget(_BUDGET_SECONDS, _CALL_SECONDS)

    def satisfiable(self, formula: Formula) -> bool:
        if isinstance(formula, fm.Const):
            return formula.value != 0
        cached = self._cache.get(formula)
        if cached is None:
            cached = self._decide(formula)
            self._cache[formula] = cached
        return cached

    def valid(self, formula: Formula) -> bool:
        return not self.satisfiable(fm.neg(formula))

    def _decide(self, formula: Formula) -> bool:
        variables_ = _vars(formula)
        if all(v.boolean for v in variables_) and len(variables_) <= _TRUTH_TABLE_LIMIT:
            names = [v.name for v in variables_]
            for values in itertools.product((0, 1), repeat=len(names)):
                if formula.holds(dict(zip(names, values, strict=True))):
                    return True
            return False
        vars_ = {v.name: z3.BitVec(v.name, 32) for v in variables_}
        assertions = [to_z3(formula, vars_), *feature_constraints(formula, vars_)]
        if self._budget.exhausted():
            self._budget = solver.Budget(_BUDGET_SECONDS, _CALL_SECONDS)
        answer = solver.check(assertions, self._budget)
        return not isinstance(answer, solver.NoSolution)


def models(formula: Formula, terms: tuple[Formula, ...],
           extra: tuple[fm.Var, ...] = ()) -> Iterator[tuple[tuple[bool, ...], dict[str, int]]]:
    """Every distinct truth vector of `terms` over the solutions of `formula` (AllSAT,
    blocking each vector found), with one configuration realising it. Features in
    `extra` are included in every configuration even when no term mentions them."""
    variables_ = {v.name: v for f in (formula, *terms) for v in _vars(f)}
    for v in extra:
        variables_.setdefault(v.name, v)
    ordered = sorted(variables_.values(), key=lambda v: v.name)
    if all(v.boolean for v in ordered):
        yield from _boolean_models(formula, terms, ordered)
        return
    yield from _solver_models(formula, terms, ordered)


def extension(formula: Formula, known: Mapping[str, int]) -> dict[str, int] | None:
    """`known` (feature -> value) with values for the other features of `formula`
    that make it hold (the first found, 0 before 1), or None if none does."""
    domains = {v.name: v.boolean for v in _vars(formula)}
    literals = (fm.binary("==", fm.Var(name, domains.get(name, value in (0, 1))),
                          fm.Const(value))
                for name, value in sorted(known.items()))
    found = next(models(fm.conj(formula, *literals), ()), None)
    return None if found is None else {**found[1], **known}


def _boolean_models(formula: Formula, terms: tuple[Formula, ...],
                    ordered: list[fm.Var]) -> Iterator[tuple[tuple[bool, ...], dict[str, int]]]:
    """Depth-first with three-valued evaluation: branch only on a feature of a
    term (or of the model) that is still undecided, and stop as soon as the model
    is false or every term is decided, so features that no longer matter are
    never enumerated."""
    seen: set[tuple[bool, ...]] = set()
    names = [v.name for v in ordered]
    model = _partial(formula)
    checks = [_partial(t) for t in terms]
    needs = [sorted(t.features()) for t in terms]
    model_needs = sorted(formula.features())
    assignment: dict[str, int] = {}

    def search(open_terms: list[int], values: list[bool]) -> Iterator[
            tuple[tuple[bool, ...], dict[str, int]]]:
        model_value = model(assignment)
        if model_value is False:
            return
        still = []
        for index in open_terms:
            value = checks[index](assignment)
            if value is None:
                still.append(index)
            else:
                values[index] = value
        if model_value is True and not still:
            vector = tuple(values)
            if vector not in seen:
                seen.add(vector)
                yield vector, {name: assignment.get(name, 0) for name in names}
            return
        pending = model_needs if model_value is None else needs[still[0]]
        name = next(n for n in pending if n not in assignment)
        for bit in (0, 1):
            assignment[name] = bit
            yield from search(still, list(values))
        del assignment[name]

    yield from search(list(range(len(terms))), [False] * len(terms))


Partial = Callable[[Mapping[str, int]], "bool | None"]


def _partial(f: Formula) -> Partial:
    """A three-valued evaluator of `f`: None while a feature it needs is unassigned
    (&&, || and ! short-circuit)."""
    if isinstance(f, fm.Var):
        name = f.name

        def var(a: Mapping[str, int]) -> bool | None:
            value = a.get(name)
            return None if value is None else value != 0
        return var
    if isinstance(f, fm.Not):
        inner = _partial(f.arg)

        def negation(a: Mapping[str, int]) -> bool | None:
            value = inner(a)
            return None if value is None else not value
        return negation
    if isinstance(f, (fm.And, fm.Or)):
        parts = [_partial(arg) for arg in f.args]
        decisive = isinstance(f, fm.Or)

        def junction(a: Mapping[str, int]) -> bool | None:
            unknown = False
            for part in parts:
                value = part(a)
                if value is decisive:
                    return decisive
                if value is None:
                    unknown = True
            return None if unknown else not decisive
        return junction
    needed = f.features()

    def whole(a: Mapping[str, int]) -> bool | None:
        if all(name in a for name in needed):
            return f.holds(a)
        return None
    return whole


def _solver_models(formula: Formula, terms: tuple[Formula, ...],
                   ordered: list[fm.Var]) -> Iterator[tuple[tuple[bool, ...], dict[str, int]]]:
    vars_ = {v.name: z3.BitVec(v.name, 32) for v in ordered}
    domain = [z3.Or(vars_[v.name] == 0, vars_[v.name] == 1) for v in ordered if v.boolean]
    z_terms = [to_z3(t, vars_) for t in terms]
    assertions: list[z3.BoolRef] = [to_z3(formula, vars_), *domain]
    budget = solver.Budget(_BUDGET_SECONDS * 5, _CALL_SECONDS)
    while True:
        answer = solver.check(assertions, budget)
        if isinstance(answer, solver.NoSolution):
            return
        if isinstance(answer, solver.Undecided):
            raise UnsupportedError(f"enumerating configurations: {answer.reason}")
        model = answer.model
        configuration = {name: model.eval(var, model_completion=True).as_signed_long()
                         for name, var in vars_.items()}
        vector = tuple(z3.is_true(model.eval(t, model_completion=True)) for t in z_terms)
        yield vector, configuration
        assertions.append(z3.Or(*(z3.Not(t) if value else t
                                  for t, value in zip(z_terms, vector, strict=True)))
                          if z_terms else z3.BoolVal(False))
