"""A NEQ-summary body: the inputs' constraints the solver checks, and their C text.

A body is a set of atoms, each about one input (or one cell of a region input,
or one result of an external call). The solver is asked about exactly
`constraints(body)`, the report shows exactly `text(body)`, and a witness or a
sample lies in the body exactly when `holds(body)`: all three come from the
same atoms, so what is shown is what was checked. A new kind of input plugs in
as one more atom class (its solver constraint, its concrete test, its C text)
and one line in `point`.

The text is a C condition over what a caller controls at the function's
entry: parameters and globals by name, the objects behind a pointer parameter
as `p[i]` after the pointer's `p != NULL`, evaluated left to right. A static
local (of the function or of a callee) is state no caller sets and C cannot
name outside its function: a body never constrains it, so a body holds
whatever the statics hold, and an entry whose difference needs some static
state has no body (NO_BODY; its witness shows that state).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import z3

from checker.engines.equiv import states_at_start
from checker.engines.product import UninterpretedFunctions
from checker.engines.witness import hex_float
from checker.ir import smt_ops
from checker.ir.concrete_ops import same_value
from checker.ir.heap import is_heap
from checker.ir.ir import CALLS_VAR, Call, Cfa, Input, InputSource, Var, action_exprs, walk
from checker.lifted.widen import Interval
from checker.lower.lower_state import NULL_SUFFIX
from checker.replay.replay import Assignment
from checker.semantics.ctype import INT, FloatType, IntType, ScalarType

Scalar = int | float
Arg = int | float | str


@dataclass(frozen=True)
class Equal:
    """A scalar input's value: integers by value, floats bitwise (every NaN alike)."""

    key: str
    value: Scalar


@dataclass(frozen=True)
class Within:
    """An integer input's range, bounds included (None: the type's limit)."""

    key: str
    span: Interval


@dataclass(frozen=True)
class Null:
    """Whether a pointer is NULL (`key`: its null flag's, or the key of a pointer
    input whose value is its address in the heap, NULL being 0)."""

    key: str
    null: bool


@dataclass(frozen=True)
class Cell:
    """One cell of a region input; for the objects behind a pointer, the pointer
    is not NULL as well (C cannot read `p[i]` otherwise)."""

    key: str
    index: int
    value: Scalar


@dataclass(frozen=True)
class Returns:
    """An external function's result for given arguments (the same in both versions)."""

    func: str
    args: tuple[Arg, ...]
    value: Scalar
    arg_types: tuple[ScalarType, ...]
    type: ScalarType


Atom = Equal | Within | Null | Cell | Returns
Body = frozenset[Atom]


def subject(atom: Atom) -> tuple[object, ...]:
    """What an atom constrains: two atoms of one subject are never both in a body."""
    if isinstance(atom, Cell):
        return (atom.key, atom.index)
    if isinstance(atom, Returns):
        return (atom.func, atom.args)
    return (atom.key,)


def ordered(body: Iterable[Atom]) -> list[Atom]:
    """A fixed order (literal lists and core indices must not depend on set order)."""
    return sorted(body, key=repr)


def pointer_flag(key: str) -> str | None:
    """The null flag's key of the pointer whose objects the region input `key`
    holds (`*arg0.x` -> `arg0$null`); None for other regions."""
    if not key.startswith("*"):
        return None
    return key[1:].split(".", 1)[0] + NULL_SUFFIX


# ------------------------------------------------------------ the solver's view


def constraints(body: Iterable[Atom], symbols: Mapping[str, z3.ExprRef]) -> list[z3.BoolRef]:
    """The body over a product's input symbols (an input the product lacks is
    unconstrained: that product does not read it)."""
    out: list[z3.BoolRef] = []
    for atom in ordered(body):
        if isinstance(atom, Returns):
            out.append(_returns(atom))
            continue
        symbol = symbols.get(atom.key)
        if symbol is None:
            continue
        if isinstance(atom, Equal):
            out.append(_equals(symbol, atom.value))
        elif isinstance(atom, Within):
            out.append(_within(symbol, atom.span))
        elif isinstance(atom, Null) and not atom.key.endswith(NULL_SUFFIX):  # an address
            zero = _literal(0, symbol.sort())
            out.append(symbol == zero if atom.null else symbol != zero)
        elif isinstance(atom, Null):
            out.append(symbol == _literal(int(atom.null), symbol.sort()))
        else:
            array = symbol.sort()
            out.append(_equals(z3.Select(symbol, _literal(atom.index, array.domain())), atom.value))
            flag = symbols.get(pointer_flag(atom.key) or "")
            if flag is not None:
                out.append(flag == _literal(0, flag.sort()))
    return out


def _equals(term: z3.ExprRef, value: Scalar) -> z3.BoolRef:
    if isinstance(term.sort(), z3.FPSortRef) and isinstance(value, float) and math.isnan(value):
        return z3.fpIsNaN(term)
    return term == _literal(value, term.sort())


def _within(term: z3.ExprRef, span: Interval) -> z3.BoolRef:
    if z3.is_bv(term):
        return span.constraint(term)
    parts = [term >= span.lo] if span.lo is not None else []
    parts += [term <= span.hi] if span.hi is not None else []
    return z3.And(*parts) if parts else z3.BoolVal(True)


def _returns(atom: Returns) -> z3.BoolRef:
    domain = tuple(smt_ops.sort_of(t) for t in atom.arg_types)
    decl = UninterpretedFunctions()(atom.func, domain, smt_ops.sort_of(atom.type))
    call = decl(*[smt_ops.z3_literal(a, s) for a, s in zip(atom.args, domain, strict=True)])
    return _equals(call, atom.value)


def _literal(value: Scalar, sort: z3.SortRef) -> z3.ExprRef:
    if sort == z3.IntSort():
        return z3.IntVal(int(value))
    return smt_ops.z3_literal(value, sort)


# ------------------------------------------------------------ concrete inputs


def holds(body: Iterable[Atom], assignment: Assignment) -> bool:
    """Does a concrete input (a witness, a sample) lie in the body?"""
    return all(_holds(atom, assignment) for atom in body)


def _holds(atom: Atom, assignment: Assignment) -> bool:
    if isinstance(atom, Returns):
        found = assignment.stubs.get((atom.func, atom.args))
        return found is not None and same_value(found, atom.value)
    if isinstance(atom, Cell):
        region = assignment.regions.get(atom.key)
        flag = pointer_flag(atom.key)
        if region is None or (flag is not None and assignment.scalars.get(flag, 0)):
            return False
        return same_value(region.cells.get(atom.index, region.default), atom.value)
    value = assignment.scalars.get(atom.key)
    if value is None:
        return False
    if isinstance(atom, Equal):
        return same_value(value, atom.value)
    if isinstance(atom, Null) and not atom.key.endswith(NULL_SUFFIX):  # an address
        return (value == 0) == atom.null
    if isinstance(atom, Null):
        return bool(value) == atom.null
    lo, hi = atom.span.lo, atom.span.hi
    return (lo is None or value >= lo) and (hi is None or value <= hi)


# ------------------------------------------------------------ names and text

NO_BODY = ("0 /* no set of inputs that C names at the entry was shown to differ in every "
           "configuration; the witness does */")
"""The text of an entry without a sound body (its difference rests on state C
cannot name at the entry, such as a static local)."""


@dataclass(frozen=True)
class Scope:
    """The inputs of one function pair as a body can name them in C."""

    inputs: Mapping[str, Input]
    """Input key -> the input (features and static locals left out: at their start)."""
    names: Mapping[str, str | None]
    """Input key -> the C text of its root object (None: C cannot name it at the entry)."""
    callees: Mapping[str, str]
    """A function pointer parameter's event (`(*arg0)`, by position) -> the
    parameter's name, which a call in C goes through."""

    @staticmethod
    def of(old: Cfa, new: Cfa) -> Scope:
        own = {item.key for item in states_at_start(old, new)}  # at their start, in every check
        inputs: dict[str, Input] = {}
        for item in (*old.inputs, *new.inputs):
            # a LOCAL input is the address of an object the lowering put in the heap
            # (never NULL, no name in C at the entry)
            if item.source not in (InputSource.CONFIG, InputSource.LOCAL) and \
                    item.key not in own:
                inputs.setdefault(item.key, item)
        roots = {key: _root(item) for key, item in inputs.items()}
        names = {key: None if root is None or is_heap(inputs[key].ref) else root
                 for key, root in roots.items()}
        callees: dict[str, str] = {}
        for cfa in (old, new):
            for param, event in cfa.function_params:
                callees.setdefault(event, param)
        return Scope(inputs, names, callees)

    def nameable(self, atom: Atom) -> bool:
        if isinstance(atom, Returns):
            return True
        if self.names.get(atom.key) is None:
            return False
        if self.inputs[atom.key].pointer is not None:  # an address: NULL or not, no value
            return isinstance(atom, Null)
        shape = self.inputs[atom.key].shape
        return not isinstance(atom, Cell) or (shape is not None and not shape.bytes)

    def lvalue(self, atom: Equal | Within | Null | Cell) -> str:
        item = self.inputs[atom.key]
        root = self.names[atom.key]
        assert root is not None
        if isinstance(atom, Cell):
            assert item.shape is not None
            return item.shape.lvalue(atom.index, root)
        if isinstance(atom, Null):
            return root
        return root + item.name[len(_root_text(item.name)) :]


def _root_text(name: str) -> str:
    """`s.x` -> `s`, `*p.x` -> `*p`, `f::k.x` -> `f::k`."""
    return name.split(".", 1)[0]


def _root(item: Input) -> str | None:
    """The C name of the input's object; None for a static local (`f::k`): no
    caller sets it, and outside its function C has no name for it."""
    if item.is_region:
        if item.shape is None:
            return None
        root = item.shape.root
    else:
        root = _root_text(item.name)
    return None if "::" in root else root


def text(body: Body | None, scope: Scope) -> str:
    """The body as a C condition; "1" when every input qualifies. None (no set
    of inputs could be shown to differ everywhere) reads as no input at all."""
    if body is None:
        return NO_BODY
    parts: list[str] = []
    guarded: set[str] = set()
    for atom in sorted(body, key=lambda a: _position(a, scope)):
        assert scope.nameable(atom), atom
        if isinstance(atom, Returns):
            parts.append(_call_text(atom, scope))
            continue
        if isinstance(atom, Cell):
            flag = pointer_flag(atom.key)
            if flag is not None and flag not in guarded:  # C reads no cell of NULL
                guarded.add(flag)
                parts.append(f"{scope.names.get(flag) or scope.names[atom.key]} != NULL")
        lhs = scope.lvalue(atom)
        item = scope.inputs[atom.key]
        if isinstance(atom, Null):
            if not atom.null:
                guarded.add(atom.key)
            parts.append(f"{lhs} {'==' if atom.null else '!='} NULL")
        elif isinstance(atom, Within):
            parts.extend(f"{lhs} {op} {_int_text(bound)}"
                         for op, bound in ((">=", atom.span.lo), ("<=", atom.span.hi))
                         if bound is not None)
        else:
            parts.append(_value_text(lhs, atom.value, item.type))
    return " && ".join(parts) if parts else "1"


def _position(atom: Atom, scope: Scope) -> tuple[object, ...]:
    """Inputs by name; a pointer's NULL test before its cells, cells by index."""
    if isinstance(atom, Returns):
        return (1, atom.func, repr(atom.args))
    if isinstance(atom, Cell):
        flag = pointer_flag(atom.key)
        root = scope.names.get(flag) if flag else None
        return (0, root or scope.names[atom.key], 1, scope.inputs[atom.key].name, atom.index)
    return (0, scope.names[atom.key], 0, scope.inputs[atom.key].name, 0)


def _value_text(lhs: str, value: Scalar, ctype: ScalarType) -> str:
    if not isinstance(ctype, FloatType):
        return f"{lhs} == {_int_text(int(value))}"
    value = float(value)
    if math.isnan(value):
        return f"isnan({lhs})"
    if math.isinf(value):
        return f"isinf({lhs}) && {lhs} {'>' if value > 0 else '<'} 0"
    if value == 0.0:  # -0.0 == 0.0 in C: the sign is signbit's
        return f"{lhs} == 0 && {'' if math.copysign(1.0, value) < 0 else '!'}signbit({lhs})"
    return f"{lhs} == {hex_float(value)}"


def _int_text(value: int) -> str:
    """A C integer constant of this value whose type holds it (no `-9223372036854775808`:
    its 9223372036854775808 is no `long`)."""
    if value == -(1 << 63):
        return "(-9223372036854775807 - 1)"
    if value >= 1 << 63:
        return f"{value}u"
    return str(value)


def _call_text(atom: Returns, scope: Scope) -> str:
    func = atom.func.removesuffix("$isnull")
    call = f"{scope.callees.get(func, func)}({', '.join(_arg_text(a) for a in atom.args)})"
    if func != atom.func:
        return f"{call} {'==' if atom.value else '!='} NULL"
    return _value_text(call, atom.value, atom.type)


def _arg_text(value: Arg) -> str:
    if isinstance(value, str):
        return '"' + value.encode("unicode_escape").decode("ascii").replace('"', '\\"') + '"'
    if isinstance(value, float):
        return hex_float(value) if math.isfinite(value) else ("NAN" if math.isnan(value) else
                                                               ("INFINITY" if value > 0 else
                                                                "-INFINITY"))
    return _int_text(value)


# ------------------------------------------------------------ a witness as a body


def point(
    assignment: Assignment,
    scope: Scope,
    reads: Mapping[str, Iterable[int]],
    calls: Iterable[tuple[str, tuple[Arg, ...]]] = (),
    cfas: Iterable[Cfa] = (),
) -> Body:
    """The witness as a body: every scalar input that C can name at its value,
    each pointer NULL or not, and the cells of non-NULL objects that the
    witness gives or that a run read (`reads`: input key -> cells); with
    `calls`, the results of those external calls (from `cfas`' prototypes)."""
    atoms: list[Atom] = []
    for key, item in scope.inputs.items():
        if key.endswith(NULL_SUFFIX):
            atoms.append(Null(key, bool(assignment.scalars.get(key, 0))))
        elif item.pointer is not None:  # an address in the heap: its NULL test alone
            if key in assignment.scalars:
                atoms.append(Null(key, not assignment.scalars[key]))
        elif not item.is_region:
            if key in assignment.scalars:
                atoms.append(Equal(key, assignment.scalars[key]))
        elif key in assignment.regions:
            flag = pointer_flag(key)
            if flag is not None and assignment.scalars.get(flag, 0):
                continue  # NULL: there are no objects behind it
            region = assignment.regions[key]
            first = item.shape.dims[0][0] if item.shape is not None else None
            extent = first * item.shape.per_object if item.shape and first else None  # flat
            indices = set(region.cells) | set(reads.get(key, ()))
            atoms.extend(Cell(key, i, region.cells.get(i, region.default)) for i in indices
                         if extent is None or 0 <= i < extent)
    types = _call_types(cfas)
    for func, args in calls:
        if func in types and (func, args) in assignment.stubs:
            arg_types, result = types[func]
            atoms.append(Returns(func, args, assignment.stubs[(func, args)], arg_types, result))
    return frozenset(atom for atom in atoms if scope.nameable(atom))


def counted(call: Call) -> bool:
    """A call without code whose result depends on its position among such calls
    (its first argument): C cannot name that result at the entry."""
    return bool(call.args) and call.args[0] == Var(CALLS_VAR, INT)


def _call_types(cfas: Iterable[Cfa]) -> dict[str, tuple[tuple[ScalarType, ...], ScalarType]]:
    found: dict[str, tuple[tuple[ScalarType, ...], ScalarType]] = {}
    for cfa in cfas:
        for edge in cfa.edges:
            for expr in action_exprs(edge.action):
                for node in walk(expr):
                    if isinstance(node, Call) and not counted(node):
                        found.setdefault(node.func, (tuple(a.type for a in node.args), node.type))
    return found


def widenable(body: Body, scope: Scope) -> list[Equal]:
    """The integer equalities (not _Bool, not NULL flags) that may become ranges."""
    found: list[Equal] = []
    for atom in ordered(body):
        if isinstance(atom, Equal) and not atom.key.endswith(NULL_SUFFIX):
            ctype = scope.inputs[atom.key].type
            if isinstance(ctype, IntType) and not ctype.is_bool:
                found.append(atom)
    return found
