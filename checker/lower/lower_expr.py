"""Lowering of C expressions: explicit conversions, places, side effects as edges.

`rvalue` evaluates an expression, emitting the edges for its side effects
(assignments, inlined calls, trap checks) at the builder's cursor and
returning a `Value` whose IR expressions are pure.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import TypeGuard

from pycparser import c_ast, c_generator

from checker.errors import UnsupportedError
from checker.frontend.const_eval import (
    char_value,
    parse_float_literal,
    parse_int_literal,
    string_value,
)
from checker.frontend.cscan import FUNCTION_NAME_IDS
from checker.frontend.program import GlobalVar
from checker.ir.fold import deep_fold
from checker.ir.heap import HEAP, NULL_PAGE, TOP, is_heap
from checker.ir.ir import (
    CALLS_VAR,
    STATUS_TRAP,
    STATUS_VAR,
    Assign,
    Assume,
    Binary,
    BinOp,
    Bits,
    Call,
    Cast,
    Const,
    Expr,
    Ite,
    Load,
    Region,
    RegionKind,
    Store,
    Unary,
    UnOp,
    Var,
    negation,
    truth,
)
from checker.ir.ub_guards import float_to_int_overflow, shift_out_of_range
from checker.lower.eval_order import ORDER_ASSUMPTION, Clash, EffectAnalysis, Effects, shown
from checker.lower.heap_constants import constant_identity, constant_layout
from checker.lower.layout import (
    UNION_BYTE,
    Leaf,
    bitfield_unit,
    innermost,
    leaves,
    scalar_count,
)
from checker.lower.lower_state import (
    FUNCTION_ID,
    MIRROR_PREFIX,
    NULL_SUFFIX,
    HeapPointer,
    LoweringState,
)
from checker.lower.values import (
    UNKNOWN_TARGET,
    BytePlace,
    FuncPtr,
    MemPlace,
    Place,
    Ptr,
    Scalar,
    StringValue,
    StructValue,
    Value,
    VarPlace,
    VoidValue,
)
from checker.semantics import ctype as ct
from checker.semantics.ctype import (
    ArrayType,
    CType,
    FloatType,
    IntType,
    PointerType,
    ScalarType,
    StructType,
    VoidType,
    is_function_pointer,
)

_ARITH_OPS = {
    "+": BinOp.ADD,
    "-": BinOp.SUB,
    "*": BinOp.MUL,
    "/": BinOp.DIV,
    "%": BinOp.MOD,
    "<<": BinOp.SHL,
    ">>": BinOp.SHR,
    "&": BinOp.BAND,
    "|": BinOp.BOR,
    "^": BinOp.BXOR,
}
_COMPARE_OPS = {
    "==": BinOp.EQ,
    "!=": BinOp.NE,
    "<": BinOp.LT,
    "<=": BinOp.LE,
    ">": BinOp.GT,
    ">=": BinOp.GE,
}
_INT_ONLY = {BinOp.MOD, BinOp.SHL, BinOp.SHR, BinOp.BAND, BinOp.BOR, BinOp.BXOR}

_PURE_UNARY = {"-", "+", "~", "!", "sizeof"}

ONE = Const(1, ct.INT)
ZERO = Const(0, ct.INT)


def index_const(value: int) -> Const:
    return Const(value, ct.INDEX)


def _as_index(expr: Expr) -> Expr:
    if expr.type == ct.INDEX:
        return expr
    return Cast(expr, ct.INDEX)


def _add_index(base: Expr, offset: Expr) -> Expr:
    if isinstance(offset, Const) and offset.value == 0:
        return base
    if isinstance(base, Const) and base.value == 0:
        return _as_index(offset)
    return Binary(BinOp.ADD, base, _as_index(offset), ct.INDEX)


def _scale(index: Expr, factor: int) -> Expr:
    if factor == 1:
        return index
    if isinstance(index, Const) and isinstance(index.value, int):
        return index_const(index.value * factor)
    return Binary(BinOp.MUL, index, index_const(factor), ct.INDEX)


class ExprLowering(LoweringState):
    """Expression half of the lowering; statements build on it (lower_stmt.py)."""

    # ------------------------------------------------------------ entry points

    def rvalue(self, node: c_ast.Node) -> Value:
        self._at(node)
        method: Callable[[c_ast.Node], Value] | None = getattr(
            self, "expr_" + type(node).__name__, None
        )
        if method is None:
            raise self.unsupported(f"expression {type(node).__name__}", node)
        return method(node)

    def scalar(self, node: c_ast.Node) -> Scalar | Ptr:
        return self._as_scalar(self.rvalue(node), node)

    def _as_scalar(self, value: Value, node: c_ast.Node) -> Scalar | Ptr:
        if isinstance(value, StringValue):
            value = self.string_pointer(value)
        if isinstance(value, FuncPtr):
            raise self.unsupported("a function pointer where a number or a data pointer "
                                   "is expected", node)
        if not isinstance(value, (Scalar, Ptr)):
            raise self.unsupported("a scalar value was expected here", node)
        return value

    def condition(self, node: c_ast.Node) -> Expr:
        """The truth of a controlling expression as an int-typed IR expression."""
        value = self.rvalue(node)
        if isinstance(value, FuncPtr):
            return truth(value.id)
        return self.truth_of(self._as_scalar(value, node))

    def truth_of(self, value: Scalar | Ptr) -> Expr:
        if isinstance(value, Ptr):
            return negation(value.null)
        return truth(value.expr)

    # ------------------------------------------------------------ function pointers

    def function_pointer(self, name: str, node: c_ast.Node) -> FuncPtr:
        """A pointer to the function `name` (a designator used as a value)."""
        self.program.check_usable(name)
        ftype = self.program.prototypes.get(name)
        if ftype is None:
            raise self.unsupported(f"pointer to '{name}', which has no prototype", node)
        return FuncPtr(ftype, Const(self.function_number(name), FUNCTION_ID), frozenset({name}))

    def function_number(self, name: str) -> int:
        """The number a pointer to `name` holds (unknown functions: negative)."""
        step = -1 if name.startswith(UNKNOWN_TARGET) else 1
        count = sum(1 for n in self.function_ids if n.startswith(UNKNOWN_TARGET) == (step < 0))
        return self.function_ids.setdefault(name, step * (count + 1))

    def _read_targets(self, storage: str, node: c_ast.Node | None) -> frozenset[str]:
        targets = self.function_targets.get(storage, frozenset())
        unknown = sorted(t for t in targets
                         if t.startswith(UNKNOWN_TARGET) and t not in self.function_params)
        if unknown:
            name = unknown[0][len(UNKNOWN_TARGET):]
            hint = (" (declare it const, or set globals_mode = \"initial\")"
                    if name.split(".")[0] in self.program.globals else "")
            raise self.unsupported(
                f"function pointer '{name}' whose value is an input: only a parameter "
                f"itself may point to a function without code here{hint}", node)
        self.function_reads[storage] = self.function_reads.get(storage, frozenset()) | targets
        return targets

    def _note_targets(self, storage: str, targets: frozenset[str], node: c_ast.Node | None) -> None:
        """Record what `storage` may now hold. Reads lowered before see only what
        was recorded then; that is what they can observe unless the code loops
        back (a loop lowered once, a goto), where a new target is refused."""
        read = self.function_reads.get(storage)
        if read is not None and not targets <= read and self.may_loop_back():
            shown = sorted(targets - read)[0]
            raise self.unsupported(
                f"function pointer '{storage.split('::')[-1]}' is set to '{shown}' after a "
                "call through it that a loop or goto may repeat", node)
        self.function_targets[storage] = self.function_targets.get(storage, frozenset()) | targets

    def may_loop_back(self) -> bool:
        """Could code lowered from here on run before code lowered earlier?"""
        return True

    def _at(self, node: c_ast.Node) -> None:
        loc = self.program.location(node)
        if loc.line:
            self.current = loc

    # ------------------------------------------------------------ order of evaluation

    @property
    def analysis(self) -> EffectAnalysis:
        if self.effect_analysis is None:
            self.effect_analysis = EffectAnalysis(
                self.program, self.settings.pure_functions, self.address_taken
            )
        return self.effect_analysis

    def effects_of(self, node: c_ast.Node) -> Effects:
        return self.analysis.effects(node, self._object_name, self.frames[-1].prefix)

    def address_effects_of(self, node: c_ast.Node) -> Effects:
        return self.analysis.address_effects(node, self._object_name, self.frames[-1].prefix)

    def _object_name(self, name: str) -> str | None:
        """The object a source name denotes here: its storage name (mirrors of
        globals by the global's name), registered as array/addressable."""
        place = self.lookup(name)
        if place is None:
            var = self.program.globals.get(name)
            if var is None:
                return None
            array = isinstance(self.program.complete(var.type), ArrayType)
            addressable = array or name in self.address_taken
            key = name
        else:
            array = isinstance(self.program.complete(place.type), ArrayType)
            addressable = isinstance(place, MemPlace)
            assert not isinstance(place, BytePlace)  # names denote whole objects
            key = place.name if isinstance(place, VarPlace) else place.base
            key = key.removeprefix(MIRROR_PREFIX)
        if array:
            self.analysis.arrays.add(key)
        if addressable:
            self.analysis.addressable.add(key)
        return key

    def refuse_unordered(
        self,
        items: list[Effects],
        what: str,
        node: c_ast.Node,
        twins: tuple[c_ast.Node, c_ast.Node] | None = None,
    ) -> None:
        """Operands whose order gcc picks by the form of the expression: refuse when
        their effects interfere (and always when C leaves the result undefined).
        `twins`: the operands, accepted when they are one expression without writes
        twice (`ext(x) + ext(x)`: either order makes the same calls)."""
        clash = self.analysis.first_clash(items)
        if clash is None:
            return
        if (
            twins is not None
            and not clash.undefined
            and not any(item.writes for item in items)
            and _same_text(*twins)
        ):
            return
        raise self.unsupported(_order_message(clash, what), node)

    def _calls_in_order(self, effects: list[Effects], node: c_ast.BinaryOp) -> bool:
        """Operands whose order matters only through the calls they make (no
        variable of the expression is written by the other operand), without
        negation: if they turn out to be floating, gcc keeps them left to right
        (checked on 8000 generated expressions at -O0 to -O3; it cannot reassociate
        IEEE arithmetic, but it does rewrite `-a + b` to `b - a`, and integer
        expressions by their form)."""
        clash = self.analysis.first_clash(effects)
        if clash is None or clash.undefined:
            return False
        a, b = effects
        overlap = self.analysis.overlap
        if overlap(a.direct_reads | a.direct_writes, b.writes) or overlap(
            b.direct_reads | b.direct_writes, a.writes
        ):
            return False
        return not (_negates(node.left) or _negates(node.right))

    def _permutable_calls(self, node: c_ast.BinaryOp) -> bool:
        """`x + next() + next()`: operands of one commutative and associative integer
        operator whose only side effects are calls of one function with the same
        arguments (which read nothing the calls write), every operand of one type.
        Whatever order gcc picks, the calls happen in one sequence, and their
        results meet by the same operator in the same type, so the value and the
        state after are those of the lowering's left-to-right order."""
        if node.op not in _PERMUTABLE_OPS:
            return False
        leaves = _operands_of(node, node.op)
        calls = [leaf for leaf in leaves if self.effects_of(leaf).has_side_effects]
        first = calls[0] if calls else None
        if (len(calls) < 2 or not isinstance(first, c_ast.FuncCall)
                or not isinstance(first.name, c_ast.ID)
                or not all(_same_text(first, call) for call in calls[1:])):
            return False
        prototype = self.program.prototypes.get(first.name.name)
        if prototype is None:
            return False
        written = self.effects_of(first).writes
        rest = [leaf for leaf in leaves if all(leaf is not call for call in calls)]
        for part in [*(first.args.exprs if first.args else []), *rest]:
            effects = self.effects_of(part)
            if (effects.has_side_effects or effects.traps
                    or self.analysis.overlap(effects.reads, written) is not None):
                return False
        kinds = {_arithmetic_kind(self.program.complete(prototype.ret))}
        kinds.update(_arithmetic_kind(self.type_of(leaf)) for leaf in rest)
        return len(kinds) == 1 and None not in kinds

    def ordered(
        self, items: list[Effects], what: str, node: c_ast.Node, indeterminate: bool = False
    ) -> bool:
        """Operands that gcc evaluates in a fixed order (call arguments, compound
        assignments, initialisers): True when the order matters, which the verdict
        then assumes. Undefined behaviour is refused, except among `indeterminate`ly
        sequenced operands (initialisers, C11 6.7.9p23), where it is merely unspecified."""
        clash = self.analysis.first_clash(items)
        if clash is None:
            return False
        if clash.undefined and not indeterminate:
            raise self.unsupported(_order_message(clash, what), node)
        self.assume(ORDER_ASSUMPTION)
        return True

    def initialisers_ordered(self, init: c_ast.InitList) -> None:
        """Initialisers are evaluated in order, as gcc does; say so where it matters."""
        items = [i.expr if isinstance(i, c_ast.NamedInitializer) else i for i in init.exprs]
        self.ordered([self.effects_of(i) for i in items], "an initialiser list", init, True)

    def snapshot_value(self, value: Value) -> Value:
        """`value` copied into temporaries, so that later writes do not change it."""
        if isinstance(value, (Scalar, Ptr, FuncPtr)):
            return self._snapshot(value)
        if isinstance(value, StructValue):
            return StructValue(
                value.type,
                tuple(
                    (path, tuple(self._snapshot(item) for item in items))
                    for path, items in value.leaves
                ),
            )
        return value

    # ------------------------------------------------------------ places

    def place(self, node: c_ast.Node) -> Place:
        self._at(node)
        if isinstance(node, c_ast.ID):
            found = self.lookup_name(node.name)
            if found is None:
                raise self.unsupported(f"undeclared identifier '{node.name}'", node)
            return found
        if isinstance(node, c_ast.ArrayRef):
            base_effects = self.effects_of(node.name)
            if self.analysis.first_clash(
                [base_effects, self.effects_of(node.subscript)]
            ) and isinstance(self.type_of(node.name), ArrayType):
                base_effects = self.address_effects_of(node.name)  # an array is located, not read
            self.refuse_unordered(
                [base_effects, self.effects_of(node.subscript)], "an array and its subscript", node
            )
            base = self.scalar(node.name)
            index = self.scalar(node.subscript)
            if isinstance(base, Scalar) and isinstance(index, Ptr):
                base, index = index, base  # i[a] is a[i]
            if not isinstance(base, Ptr) or not isinstance(index, Scalar):
                raise self.unsupported("subscript of a non-pointer", node)
            return self.deref(self.pointer_add(base, index, node), node)
        if isinstance(node, c_ast.StructRef):
            if node.type == "->":
                pointer = self.scalar(node.name)
                if not isinstance(pointer, Ptr):
                    raise self.unsupported("'->' on a non-pointer", node)
                container: Place = self.deref(pointer, node)
            else:
                container = self.place(node.name)
            return self.field(container, node.field.name, node)
        if isinstance(node, c_ast.UnaryOp) and node.op == "*":
            pointer = self.scalar(node.expr)
            if not isinstance(pointer, Ptr):
                raise self.unsupported("dereference of a non-pointer", node)
            return self.deref(pointer, node)
        if isinstance(node, c_ast.Cast):
            return self.place(node.expr)
        if isinstance(node, c_ast.CompoundLiteral):
            return self.compound_literal(node, in_memory=False)
        raise self.unsupported(f"{type(node).__name__} is not an lvalue we model", node)

    def compound_literal(self, node: c_ast.CompoundLiteral, in_memory: bool) -> Place:
        """The object a compound literal creates (statements lower it: it has an
        initialiser); `in_memory`: where a pointer may point to it."""
        raise NotImplementedError

    def lookup_name(self, name: str) -> Place | None:
        """The place `name` designates: a local, a global, or an opaque global for a
        name declared nowhere (None for an enum constant or a function)."""
        found = self.lookup(name)
        if found is not None:
            return found
        found = self.global_place(name, None)
        if found is not None or not self._named_nowhere(name):
            return found
        return self.opaque_global(name, self.current)

    def field(self, container: Place, name: str, node: c_ast.Node) -> Place:
        struct = container.type
        if not isinstance(struct, StructType):
            raise self.unsupported(f"member '{name}' of a non-struct", node)
        struct = self.program.complete(struct)
        assert isinstance(struct, StructType)
        ftype = struct.field_type(name)
        if ftype is None:
            raise self.unsupported(f"struct {struct.tag} has no member '{name}'", node)
        ftype = self.program.complete(ftype)
        first, shift = bitfield_unit(struct.bit_offset(name) or 0, ftype, struct.packed)
        bitfield = isinstance(ftype, IntType) and ftype.bitfield
        in_heap = isinstance(container, MemPlace) and is_heap(container.base)
        for leaf in leaves(ftype) if struct.union else ():
            if not in_heap:
                self._union_scalar_type(leaf.type, node)
            elif isinstance(leaf.type, IntType) and leaf.type.is_bool:  # the heap: bytes
                raise self.unsupported("_Bool inside a union (gcc reads the whole byte)", node)
        if isinstance(container, BytePlace) or (struct.union and not in_heap):
            if bitfield and struct.packed:
                raise self.unsupported(f"bit-field '{name}' of a packed struct in a union", node)
            region, start = self._union_bytes(container, struct, node)
            return BytePlace(region, ftype, _add_index(start, index_const(first)), shift)
        if in_heap and bitfield:  # its bits, in the bytes around them
            assert isinstance(container, MemPlace)
            return BytePlace(self.heap_region(UNION_BYTE), ftype,
                             _add_index(container.index, index_const(first)), shift)
        if in_heap and struct.union:
            self.heap_region(UNION_BYTE)  # byte-exact memory: members of several types meet
        if isinstance(container, VarPlace):
            if isinstance(ftype, ArrayType):
                return MemPlace(f"{container.name}.{name}", ftype, index_const(0))
            return VarPlace(f"{container.name}.{name}", ftype)
        if is_heap(container.base):
            offset = struct.field_offset(name) or 0
            return MemPlace(HEAP, ftype, _add_index(container.index, index_const(offset)))
        return MemPlace(f"{container.base}.{name}", ftype, container.index)

    def _union_bytes(self, container: Place, union: StructType,
                     node: c_ast.Node) -> tuple[str, Expr]:
        """The region of a union's bytes and the union's first byte in it."""
        if isinstance(container, BytePlace):
            return container.region, container.offset
        if isinstance(container, VarPlace):
            if union.size == 1:  # stored as a variable, not a region
                raise self.unsupported(f"a {union} of one byte", node)
            return container.name, index_const(0)
        return container.base, _scale(container.index, union.size)

    def deref(self, pointer: Ptr, node: c_ast.Node) -> Place:
        target = self.program.complete(pointer.target)
        if isinstance(target, (VoidType, ct.FunctionType)):
            raise self.unsupported(f"dereference of a {target} pointer", node)
        if pointer.base is None and not isinstance(pointer.null, Const):
            pointer = self.null_variable_in_heap(pointer, node)
        if pointer.base is None:
            if not (isinstance(pointer.null, Const) and pointer.null.value):
                raise self.unsupported("dereference of a pointer whose target is unknown", node)
            self.trap_if(ONE, node)  # NULL itself: what follows is unreachable
            return MemPlace(HEAP, target, index_const(0))
        if is_heap(pointer.base):
            self.trap_if(_unmapped(pointer.index), node)
            return MemPlace(HEAP, target, pointer.index)
        self.trap_if(pointer.null, node)
        if self._in_bytes(pointer.base, target):  # an element of an array inside a union
            return BytePlace(pointer.base, target, pointer.index)
        return MemPlace(pointer.base, target, pointer.index)

    def _in_bytes(self, region: str, target: CType) -> bool:
        """Whether objects of type `target` in `region` are composed from its bytes:
        a region of bytes (a union's) holding wider elements, whose pointers step
        and point by bytes."""
        region_elem = self.regions[region].elem if region in self.regions else None
        return region_elem == UNION_BYTE and self.program.complete(target).size > 1

    # ------------------------------------------------------------ reading/writing

    def read(self, place: Place) -> Value:
        ctype = self.program.complete(place.type)
        if isinstance(place, BytePlace):
            return self._byte_read(place.region, place.offset, ctype, place.shift)
        if isinstance(place, MemPlace) and is_heap(place.base):
            return self._heap_read(place.index, ctype)
        if isinstance(ctype, ArrayType):
            assert isinstance(place, MemPlace)
            # an array decays to a pointer to its first element, at the same flat
            # cell (a place's index counts scalar cells, as pointer_add steps them)
            return Ptr(place.base, ctype.elem, place.index, ZERO)
        if isinstance(ctype, StructType):
            return StructValue(
                ctype,
                tuple(
                    (leaf.path, self._read_leaf(place, leaf.path, leaf.type, leaf.count))
                    for leaf in leaves(ctype)
                ),
            )
        if isinstance(ctype, VoidType):
            return VoidValue()
        return self._read_leaf(place, "", ctype, 1)[0]

    def _variable_leaf(self, place: Place, path: str, count: int) -> TypeGuard[VarPlace]:
        """Is the leaf at `path` of `place` a variable (not a region, `Leaf.lone`)?"""
        return isinstance(place, VarPlace) and count == 1 and \
            place.name + path not in self.regions

    def _read_leaf(
        self, place: VarPlace | MemPlace, path: str, ctype: CType, count: int
    ) -> tuple[Scalar | Ptr | FuncPtr, ...]:
        if is_function_pointer(ctype):
            assert isinstance(ctype.target, ct.FunctionType)
            storage = (place.name if isinstance(place, VarPlace) else place.base) + path
            targets = self._read_targets(storage, None)
            if self._variable_leaf(place, path, count):
                return (FuncPtr(ctype.target, Var(storage, FUNCTION_ID), targets),)
            index = place.index if isinstance(place, MemPlace) else index_const(0)
            first = _scale(index, count)
            self.bounds_check(storage, first, count)
            return tuple(
                FuncPtr(ctype.target, Load(storage, _add_index(first, index_const(j)),
                                           FUNCTION_ID), targets)
                for j in range(count))
        if self._variable_leaf(place, path, count):
            name = place.name + path
            if isinstance(ctype, PointerType):
                base, target = self.pointer_bases.get(name, (None, ctype.target))
                return (Ptr(base, target, Var(name, ct.INDEX), Var(name + NULL_SUFFIX, ct.INT)),)
            assert isinstance(ctype, (IntType, FloatType))
            return (Scalar(Var(name, ctype), ctype),)
        if isinstance(ctype, PointerType):
            raise self.unsupported("pointers stored in memory")
        assert isinstance(ctype, (IntType, FloatType))
        region = (place.name if isinstance(place, VarPlace) else place.base) + path
        index = place.index if isinstance(place, MemPlace) else index_const(0)
        first = _scale(index, count)
        self.bounds_check(region, first, count)
        return tuple(
            Scalar(Load(region, _add_index(first, index_const(j)), ctype), ctype)
            for j in range(count)
        )

    def write(self, place: Place, value: Value, node: c_ast.Node | None) -> None:
        if isinstance(place, VarPlace) and place.name in self.opaque_constants:
            raise self.unsupported(f"assignment to '{place.name}', declared nowhere here "
                                   "(taken as a constant)", node)
        ctype = self.program.complete(place.type)
        value = self.convert(value, ctype, node)
        if isinstance(place, BytePlace):
            self._byte_write(place.region, place.offset, ctype, value, node, place.shift)
            return
        if isinstance(place, MemPlace) and is_heap(place.base):
            self._heap_write(place.index, ctype, value, node)
            return
        if isinstance(ctype, StructType):
            assert isinstance(value, StructValue)
            for path, scalars in value.leaves:
                for j, item in enumerate(scalars):
                    self._write_leaf(place, path, j, len(scalars), item, node)
            return
        if isinstance(ctype, ArrayType):
            raise self.unsupported("assignment to an array", node)
        assert isinstance(value, (Scalar, Ptr, FuncPtr))
        self._write_leaf(place, "", 0, 1, value, node)

    def _write_leaf(
        self,
        place: VarPlace | MemPlace,
        path: str,
        j: int,
        count: int,
        value: Scalar | Ptr | FuncPtr,
        node: c_ast.Node | None,
    ) -> None:
        loc = self.current
        if isinstance(value, FuncPtr):
            storage = (place.name if isinstance(place, VarPlace) else place.base) + path
            if (self.mirror_of.get(storage, storage) in self.function_globals
                    and not self.initialising_globals):
                raise self.unsupported(
                    f"assignment to the function pointer '{storage.split('::')[-1]}', which "
                    "outlives the call (function pointers are not compared as results)", node)
            self._note_targets(storage, value.targets, node)
            if self._variable_leaf(place, path, count):
                self.builder.emit(Assign(storage, value.id), loc)
            else:
                index = place.index if isinstance(place, MemPlace) else index_const(0)
                target = _add_index(_scale(index, count), index_const(j))
                if j == 0:
                    self.bounds_check(storage, target, count)
                if self.regions[storage].const:
                    raise self.unsupported(f"write to constant object '{storage}'", node)
                self.builder.emit(Store(storage, target, value.id), loc)
            self.mark_written(storage)
            return
        if self._variable_leaf(place, path, count):
            name = place.name + path
            if isinstance(value, Ptr):
                bound = self.pointer_bases.get(name, (None, value.target))[0]
                if is_heap(bound) and value.base is not None and not is_heap(value.base):
                    value = self.constant_in_heap(value, node)  # `global_ptr = "text"`
                self._bind_pointer(name, value, node)
                # the null flag first: a heap address's flag reads the old address
                # (`p += n`: p$null = (p + n == 0), then p = p + n)
                self.builder.emit(Assign(name + NULL_SUFFIX, value.null), loc)
                self.builder.emit(Assign(name, value.index), loc)
            else:
                self.builder.emit(Assign(name, value.expr), loc)
            self.mark_written(name)
            return
        if isinstance(value, Ptr):
            raise self.unsupported("pointers stored in memory", node)
        region = (place.name if isinstance(place, VarPlace) else place.base) + path
        index = place.index if isinstance(place, MemPlace) else index_const(0)
        target = _add_index(_scale(index, count), index_const(j))
        if j == 0:
            self.bounds_check(region, target, count)
        if self.regions[region].const:
            raise self.unsupported(f"write to constant object '{region}'", node)
        self.builder.emit(Store(region, target, value.expr), loc)
        self.mark_written(region)

    # ------------------------------------------------------------ inside unions

    def _byte_read(self, region: str, offset: Expr, ctype: CType, shift: int = 0) -> Value:
        """The object of type `ctype` at byte `offset` of a region of bytes."""
        if isinstance(ctype, ArrayType):
            self._byte_array(ctype)
            return Ptr(region, ctype.elem, offset, ZERO)
        if isinstance(ctype, StructType):
            return StructValue(ctype, tuple(
                (leaf.path, tuple(
                    self._byte_scalar(region, _add_index(offset, index_const(leaf.byte_offset(j))),
                                      leaf.type, leaf.bit)
                    for j in range(leaf.count)))
                for leaf in leaves(ctype)))
        return self._byte_scalar(region, offset, ctype, shift)

    def _byte_write(self, region: str, offset: Expr, ctype: CType, value: Value,
                    node: c_ast.Node | None, shift: int = 0) -> None:
        if isinstance(ctype, StructType):
            assert isinstance(value, StructValue)
            for leaf, (_path, scalars) in zip(leaves(ctype), value.leaves, strict=True):
                for j, item in enumerate(scalars):
                    at = _add_index(offset, index_const(leaf.byte_offset(j)))
                    self._byte_store(region, at, leaf.type, item, node, leaf.bit)
            return
        if isinstance(ctype, ArrayType):
            raise self.unsupported("assignment to an array", node)
        assert isinstance(value, (Scalar, Ptr, FuncPtr))
        self._byte_store(region, offset, ctype, value, node, shift)

    def _byte_array(self, ctype: ArrayType) -> None:
        """Arrays inside a union are modelled when their elements are integers or
        floats: a pointer into the union's bytes steps by the element's size, and
        an element is composed from its bytes."""
        elem = self.program.complete(innermost(ctype))
        if isinstance(elem, IntType | FloatType):
            self._union_scalar_type(elem)
            return
        raise self.unsupported(f"array of {elem} inside a union (arrays of integers and "
                               "floats are modelled)")

    def _union_scalar_type(self, ctype: CType, node: c_ast.Node | None = None) -> IntType:
        """The integer that carries a scalar of a union's bytes: integers are
        composed from bytes with the IR's integer operations, a float is the
        unsigned integer of its width read as IEEE bits (`Bits`); a `_Bool` is a
        byte gcc reads whole, pointers are not modelled in memory."""
        if isinstance(ctype, IntType) and not ctype.is_bool:
            return ctype
        if isinstance(ctype, FloatType):
            return ct.UINT if ctype.bits == 32 else ct.ULONG
        raise self.unsupported(f"{ctype} inside a union (its bytes are modelled for integers "
                               "and floats)", node)

    def _byte_scalar(self, region: str, offset: Expr, ctype: CType, shift: int = 0) -> Scalar:
        if isinstance(ctype, IntType) and ctype.bitfield:
            raw = self._bytes_value(region, offset, self._bitfield_bytes(ctype, shift))
            bits = Binary(BinOp.SHR, raw, Const(shift, ct.INT), ct.ULONG) if shift else raw
            mask = Const((1 << ctype.bits) - 1, ct.ULONG)
            return Scalar(Cast(Binary(BinOp.BAND, bits, mask, ct.ULONG), ctype), ctype)
        itype = self._union_scalar_type(ctype)
        if itype.size == 1:
            self.bounds_check(region, offset, 1)
            return Scalar(Load(region, offset, itype), itype)
        carried: Expr = Cast(self._bytes_value(region, offset, itype.size), itype)
        if isinstance(ctype, FloatType):
            return Scalar(Bits(carried, ctype), ctype)
        return Scalar(carried, itype)

    def _bitfield_bytes(self, ctype: IntType, shift: int) -> int:
        """How many bytes a bit-field's access covers: its storage unit where it
        lies in one (what gcc loads and stores, so a witness holds those bytes),
        else the bytes its bits touch (at most the 8 of an unsigned long)."""
        count = -(-(shift + ctype.bits) // 8)
        if shift + ctype.bits <= ctype.size * 8:
            count = ctype.size
        if count > 8:
            raise self.unsupported(f"bit-field of type {ctype} across {count} bytes")
        return count

    def _bytes_value(self, region: str, offset: Expr, count: int) -> Expr:
        """`count` bytes from `offset` on, little-endian, as an unsigned long."""
        self.bounds_check(region, offset, count)
        raw: Expr | None = None
        for k in range(count):
            byte: Expr = Cast(Load(region, _add_index(offset, index_const(k)), UNION_BYTE),
                              ct.ULONG)
            if k:
                byte = Binary(BinOp.SHL, byte, Const(8 * k, ct.INT), ct.ULONG)
            raw = byte if raw is None else Binary(BinOp.BOR, raw, byte, ct.ULONG)
        assert raw is not None
        return raw

    def _byte_store(self, region: str, offset: Expr, ctype: CType, value: Scalar | Ptr | FuncPtr,
                    node: c_ast.Node | None, shift: int = 0) -> None:
        assert isinstance(value, Scalar)
        if self.regions[region].const:
            raise self.unsupported(f"write to constant object '{region}'", node)
        wide: Expr = Cast(value.expr, ct.ULONG)
        if isinstance(ctype, IntType) and ctype.bitfield:  # the bits around it stay
            count = self._bitfield_bytes(ctype, shift)
            mask = ((1 << ctype.bits) - 1) << shift
            kept = Binary(BinOp.BAND, self._bytes_value(region, offset, count),
                          Const(~mask & (1 << 64) - 1, ct.ULONG), ct.ULONG)
            placed = Binary(BinOp.SHL, wide, Const(shift, ct.INT), ct.ULONG) if shift else wide
            wide = Binary(BinOp.BOR, kept, Binary(BinOp.BAND, placed, Const(mask, ct.ULONG),
                                                  ct.ULONG), ct.ULONG)
        else:
            carrier = self._union_scalar_type(ctype, node)
            count = carrier.size
            self.bounds_check(region, offset, count)
            if isinstance(ctype, FloatType):
                self.assume(FLOAT_BYTES_ASSUMPTION)
                wide = Cast(Bits(value.expr, carrier), ct.ULONG)
        for k in range(count):
            shifted = Binary(BinOp.SHR, wide, Const(8 * k, ct.INT), ct.ULONG) if k else wide
            self.builder.emit(Store(region, _add_index(offset, index_const(k)),
                                    Cast(shifted, UNION_BYTE)), self.current)
        self.mark_written(region)

    # ------------------------------------------------------------ the heap

    def _heap_read(self, address: Expr, ctype: CType) -> Value:
        """An object in the heap at byte `address` (see ir/heap.py)."""
        if isinstance(ctype, ArrayType):
            return Ptr(HEAP, ctype.elem, address, ZERO)
        if isinstance(ctype, StructType):
            return StructValue(
                ctype,
                tuple(
                    (
                        leaf.path,
                        tuple(
                            self._heap_leaf(
                                _add_index(address, index_const(leaf.byte_offset(j))), leaf
                            )
                            for j in range(leaf.count)
                        ),
                    )
                    for leaf in leaves(ctype)
                ),
            )
        if isinstance(ctype, VoidType):
            return VoidValue()
        return self._heap_scalar(address, ctype)  # type: ignore[arg-type]

    def _heap_leaf(self, address: Expr, leaf: Leaf) -> Scalar | Ptr:
        """A scalar of a struct in the heap (a bit-field: its bits in the bytes there)."""
        if isinstance(leaf.type, IntType) and leaf.type.bitfield:
            return self._byte_scalar(self.heap_region(UNION_BYTE), address, leaf.type, leaf.bit)
        return self._heap_scalar(address, leaf.type)

    def _heap_scalar(self, address: Expr, ctype: IntType | FloatType | PointerType) -> Scalar | Ptr:
        if is_function_pointer(ctype):
            raise self.unsupported("function pointer read from memory (not modelled there)")
        region = self.heap_region(ctype)
        if isinstance(ctype, PointerType):
            target = PointerType(self.program.complete(ctype.target))
            value = Load(region, address, target)
            null = Binary(BinOp.EQ, value, Const(0, target), ct.INT)
            return Ptr(HEAP, target.target, value, null)
        return Scalar(Load(region, address, ctype), ctype)

    def _heap_write(
        self, address: Expr, ctype: CType, value: Value, node: c_ast.Node | None
    ) -> None:
        if isinstance(ctype, StructType):
            assert isinstance(value, StructValue)
            for leaf, (_path, scalars) in zip(leaves(ctype), value.leaves, strict=True):
                for j, item in enumerate(scalars):
                    if isinstance(item, FuncPtr):
                        raise self.unsupported("function pointer stored in memory", node)
                    at = _add_index(address, index_const(leaf.byte_offset(j)))
                    if isinstance(leaf.type, IntType) and leaf.type.bitfield:
                        self._byte_store(self.heap_region(UNION_BYTE), at, leaf.type, item, node,
                                         leaf.bit)
                    else:
                        self._heap_store(at, leaf.type, item, node)
            return
        if isinstance(ctype, ArrayType):
            raise self.unsupported("assignment to an array", node)
        if isinstance(value, FuncPtr):
            raise self.unsupported("function pointer stored in memory", node)
        assert isinstance(value, (Scalar, Ptr))
        self._heap_store(address, ctype, value, node)  # type: ignore[arg-type]

    def _heap_store(
        self, address: Expr, ctype: ScalarType, value: Scalar | Ptr, node: c_ast.Node | None
    ) -> None:
        region = self.heap_region(ctype)
        if isinstance(value, Ptr):
            assert isinstance(ctype, PointerType)
            stored = self.pointer_value(value, node)
            expr: Expr = Cast(stored, PointerType(self.program.complete(ctype.target)))
        else:
            expr = value.expr
        self.builder.emit(Store(region, address, expr), self.current)
        self.mark_written(region)

    def pointer_value(self, value: Ptr, node: c_ast.Node | None) -> Expr:
        """A pointer as the address memory holds: NULL is 0; a pointer into a local
        object has no address outside the function."""
        if value.base is None:
            if not isinstance(value.null, Const):
                raise self.unsupported("a pointer of unknown target stored in memory", node)
            return index_const(0)
        if not is_heap(value.base):
            return self.constant_in_heap(value, node).index
        return value.index

    def constant_in_heap(self, value: Ptr, node: c_ast.Node | None) -> Ptr:
        """A pointer into a constant object (a string literal, a const array or
        struct of numbers, a `static const` local) that is stored in memory,
        passed on or mixed with pointers into memory: the same pointer into a copy
        of the object in the heap, laid out as gcc does (`heap_constants`), at an
        address of its own (an input, the same in both versions: a literal's by
        its text, an object's by its name) whose bytes hold the object's contents
        from the entry on."""
        assert value.base is not None
        target = self.program.complete(value.target)
        local = self._region_local(value.base)
        if local is not None:  # not a constant: the local itself moves to the heap
            raise HeapPointer(local, self.unsupported(
                "a pointer to a local object stored in memory or passed on", node))
        var = self._fixed_object(value.base)
        elsewhere = None if var is not None else self._constant_elsewhere(value.base)
        cells = target
        while isinstance(cells, ArrayType):  # `&table`: the whole array, at its first cell
            cells = self.program.complete(cells.elem)
        layout = constant_layout(self.regions, var is not None or elsewhere is not None,
                                 value.base, cells)
        if isinstance(layout, str):
            raise self.unsupported(layout, node)
        region = self.regions.get(value.base)
        if region is not None and region.init is not None and region.const:
            # a literal: by its text (gcc merges equal ones)
            text = bytes(int(b) & 0xFF for b in region.init[:-1]).decode("latin-1")
            key, named = "&" + json.dumps(text), ""
        elif elsewhere is not None:  # its contents: inputs, the same in both versions
            complete = self.program.complete(elsewhere.type)
            shown = hashlib.sha256(repr(complete).encode())
            key = f"&{elsewhere.name}~extern~{shown.hexdigest()[:12]}"
            # the harness finds it by name where C knows its size (`sizeof` it)
            named = elsewhere.name if not (isinstance(complete, ArrayType)
                                           and complete.length is None) else ""
        else:
            identity = None if var is None else constant_identity(self.program, var)
            if identity is None:
                raise self.unsupported("a pointer to a constant object whose contents are no "
                                       "constant expressions, stored in memory or passed on",
                                       node)
            key = f"&{value.base.removeprefix(MIRROR_PREFIX)}~{identity}"
            named = var.name if var is not None and not var.is_static_local else ""
        address = self.heap_object(key, cells, named)
        if value.base not in self.heap_constants:
            for cell in layout.cells:
                load = Load(cell.region, index_const(cell.index), cell.type)
                copy = self._heap_scalar(_add_index(address, index_const(cell.offset)),
                                         cell.type)
                assert isinstance(copy, Scalar)
                self.entry_checks.append(
                    Assume(Binary(BinOp.EQ, copy.expr, load, ct.INT), settles=True))
            self.assume("a constant object (string literal, const array or struct) stored in "
                        "memory or passed on is in memory at an address of its own, the same "
                        "in both versions, holding its contents")
            self.heap_constants.add(value.base)
        offset = _scale(value.index, layout.stride)
        return Ptr(HEAP, target, _add_index(address, offset), ZERO)

    def _constant_elsewhere(self, base: str) -> GlobalVar | None:
        """The const global `base` is, when this file only declares it (`extern const
        uint8_t MAC_BCAST_ADDR[6];`, defined in another file): its contents are the
        inputs its regions hold, which no code may change."""
        name = base.removeprefix(MIRROR_PREFIX)
        var = self.program.globals.get(name)
        if var is None or name not in self.program.extern_constants or var.init is not None:
            return None
        return var

    def _fixed_object(self, base: str) -> GlobalVar | None:
        """The global that holds its initialiser (a const one, a static the file
        never writes, a static const local) in the object `base`."""
        storage = base.removeprefix(MIRROR_PREFIX)
        for init in self.global_inits:
            place = init.place
            name = place.base if isinstance(place, MemPlace) else getattr(place, "name", None)
            if init.var.holds_initialiser and name in (base, storage):
                return init.var
        return None

    def _bind_pointer(self, name: str, value: Ptr, node: c_ast.Node | None) -> None:
        base, _target = self.pointer_bases.get(name, (None, value.target))
        if value.base is None:
            return
        if base is None:
            self.pointer_bases[name] = (value.base, value.target)
        elif base != value.base:
            shown = name.split("::")[-1]
            problem = self.unsupported(
                f"pointer '{shown}' may point into different objects ({base}, {value.base})",
                node,
            )
            if name not in self.heap_names and all(
                    is_heap(b) or self._copyable(b, value.target) for b in (base, value.base)):
                raise HeapPointer(name, problem)
            raise problem

    def _region_local(self, base: str) -> str | None:
        """The local (held in regions, not yet moved to the heap, not constant) that
        the region `base` belongs to."""
        def within(region: str, name: str) -> bool:
            return region == name or region.startswith((name + ".", name + "["))

        for name in self.region_locals - self.heap_names:
            if within(base, name):
                const = any(r.const for r in self.regions.values() if within(r.name, name))
                return None if const else name
        return None

    def _copyable(self, base: str, target: CType) -> bool:
        """Can `constant_in_heap` copy the object `base` into the heap?"""
        region = self.regions.get(base)
        if region is not None and region.init is not None and region.const:
            return True  # a string literal
        var = self._fixed_object(base)
        return var is not None and constant_identity(self.program, var) is not None and \
            not isinstance(constant_layout(self.regions, True, base,
                                           self.program.complete(target)), str)

    # ------------------------------------------------------------ conversions

    def convert(self, value: Value, target: CType, node: c_ast.Node | None) -> Value:
        target = self.program.complete(target)
        if isinstance(value, StringValue):
            value = self.string_pointer(value)
        if isinstance(target, VoidType):
            return VoidValue()
        if is_function_pointer(target) or isinstance(value, FuncPtr):
            return self._convert_function_pointer(value, target, node)
        if isinstance(target, (IntType, FloatType)):
            if isinstance(value, Scalar):
                if value.type == target:
                    return value
                if isinstance(value.type, FloatType) and isinstance(target, IntType):
                    self.trap_if(float_to_int_overflow(value.expr, target), node)
                return Scalar(Cast(value.expr, target), target)
            if isinstance(value, Ptr) and isinstance(target, IntType) and target.is_bool:
                return Scalar(Cast(negation(value.null), target), target)
            if isinstance(value, Ptr) and isinstance(target, IntType) and (
                is_heap(value.base) or (value.base is None and isinstance(value.null, Const))
            ):
                return Scalar(Cast(value.index, target), target)  # the address
            raise self.unsupported(f"conversion of {_describe(value)} to {target}", node)
        if isinstance(target, PointerType):
            if isinstance(value, Ptr):
                return self._retarget(value, target, node)
            if (
                isinstance(value, Scalar)
                and isinstance(value.expr, Const)
                and value.expr.value == 0
            ):
                return Ptr(None, target.target, index_const(0), ONE)
            if isinstance(value, Scalar) and isinstance(value.type, IntType):
                address = _as_index(value.expr)  # an address made from an integer
                return Ptr(HEAP, target.target, address, _is_zero(address))
            raise self.unsupported(f"conversion of {_describe(value)} to a pointer", node)
        if isinstance(target, StructType):
            if isinstance(value, StructValue):
                if [p for p, _ in value.leaves] != [leaf.path for leaf in leaves(target)]:
                    raise self.unsupported("assignment between different struct types", node)
                return value
            raise self.unsupported(f"conversion of {_describe(value)} to {target}", node)
        raise self.unsupported(f"conversion to {target}", node)

    def _convert_function_pointer(
        self, value: Value, target: CType, node: c_ast.Node | None
    ) -> Value:
        """Function pointers convert to their own type (from NULL too) and to _Bool;
        any other conversion of one (to an integer, a data pointer, another
        function type) is refused."""
        if isinstance(value, FuncPtr):
            if isinstance(target, IntType) and target.is_bool:
                return Scalar(Cast(truth(value.id), target), target)
            if isinstance(target, PointerType) and self._same_function_type(value.type,
                                                                            target.target):
                return value
            shown = target.target if isinstance(target, PointerType) else target
            raise self.unsupported(f"conversion of a function pointer ({value.type}) to {shown}",
                                   node)
        assert isinstance(target, PointerType) and isinstance(target.target, ct.FunctionType)
        if isinstance(value, Scalar) and isinstance(value.expr, Const) and \
                isinstance(value.expr.value, int) and value.expr.value > 0:
            address = str(value.expr.value)  # `SIG_IGN`: `(__sighandler_t) 1`
            return FuncPtr(target.target, Const(self.function_number(address), FUNCTION_ID),
                           frozenset({address}))
        null = (isinstance(value, Scalar) and isinstance(value.expr, Const)
                and value.expr.value == 0) or (
            isinstance(value, Ptr) and value.base is None and isinstance(value.null, Const)
            and value.null.value != 0)
        if not null:
            raise self.unsupported(f"conversion of {_describe(value)} to a function pointer",
                                   node)
        return FuncPtr(target.target, Const(0, FUNCTION_ID), frozenset())

    def _same_function_type(self, a: CType, b: CType) -> bool:
        """Compatible function types, as a call through the pointer needs them."""
        if not (isinstance(a, ct.FunctionType) and isinstance(b, ct.FunctionType)):
            return False
        complete = self.program.complete
        return (complete(a.ret) == complete(b.ret) and a.variadic == b.variadic
                and [complete(p) for p in a.params] == [complete(p) for p in b.params])

    def _retarget(self, value: Ptr, target: PointerType, node: c_ast.Node | None) -> Ptr:
        old = self.program.complete(value.target)
        new = self.program.complete(target.target)
        if old == new or (isinstance(new, VoidType) and not is_heap(value.base)):
            return value
        if isinstance(old, VoidType) or value.base is None or is_heap(value.base):
            return Ptr(value.base, new, value.index, value.null)
        scalar: CType = old
        while isinstance(scalar, ArrayType):  # `&array` as its first element (`&tbl` to memcpy)
            scalar = self.program.complete(scalar.elem)
        if scalar == new:  # cells count scalars: the first element's index is the array's
            return Ptr(value.base, new, value.index, value.null)
        if isinstance(scalar, IntType) and isinstance(new, IntType) and scalar.size == new.size \
                and not (scalar.is_bool or new.is_bool):
            return Ptr(value.base, new, value.index, value.null)  # the same bits, re-read
        problem = self.unsupported(f"pointer conversion from {old} * to {new} *", node)
        local = self._region_local(value.base)
        if local is not None:  # `(struct sockaddr *)&from`: the local's bytes, in the heap
            raise HeapPointer(local, problem)
        raise problem

    def string_pointer(self, value: StringValue) -> Ptr:
        name = f"$str{len(self.regions)}"
        data = (*tuple(ct.CHAR.wrap(b) for b in value.data), 0)
        self.regions[name] = Region(name, ct.CHAR, len(data), RegionKind.LOCAL, data, const=True)
        return Ptr(name, ct.CHAR, index_const(0), ZERO)

    # ------------------------------------------------------------ traps

    def trap_if(self, cond: Expr, node: c_ast.Node | None) -> None:
        """Leave the function with status 'trap' when `cond` holds: behaviour C
        leaves undefined that x86-64 turns into a signal (division by zero,
        INT_MIN / -1, null dereference) or that gcc gives no one meaning
        (`ub_guards`); a sanitizer build of the compiled replay traps there too."""
        if isinstance(cond, Const) and not cond.value:
            return
        loc = self.current
        then_loc, else_loc = self.builder.branch(cond, loc)
        self.builder.current = then_loc
        self.builder.emit(Assign(STATUS_VAR, Const(STATUS_TRAP, ct.INT)), loc)
        self.builder.goto(self.exit_location, loc)
        self.builder.current = else_loc

    exit_location: int = -1

    def bounds_check(self, region: str, first: Expr, count: int) -> None:
        """Accesses outside an array of known size are undefined behaviour; we make
        them a trap (as a bounds checker would) so no verdict rests on stack garbage."""
        length = self.regions[region].length
        if length is None:
            return
        last = _add_index(first, index_const(count - 1))
        if region in self.limits:  # an array whose size is the one chosen at run time
            outside_limit = Ite(Binary(BinOp.LT, first, index_const(0), ct.INT), ONE,
                                Binary(BinOp.GE, last, self.limits[region], ct.INT), ct.INT)
            self.trap_if(outside_limit, None)
            return
        if isinstance(first, Const):
            if first.value < 0 or first.value + count > length:
                self.trap_if(ONE, None)
            return
        outside = Ite(
            Binary(BinOp.LT, first, index_const(0), ct.INT),
            ONE,
            Binary(BinOp.GE, last, index_const(length), ct.INT),
            ct.INT,
        )
        self.trap_if(outside, None)

    # ------------------------------------------------------------ leaves

    def expr_Constant(self, node: c_ast.Constant) -> Value:
        kind = node.type
        try:
            if kind == "char":
                return Scalar(Const(char_value(node.value), ct.INT), ct.INT)
            if kind == "string":
                return StringValue(string_value(node.value))
            if kind in ("float", "double", "long double"):
                value, ftype = parse_float_literal(node.value)
                return Scalar(Const(value, ftype), ftype)
            ivalue, itype = parse_int_literal(node.value)
            return Scalar(Const(ivalue, itype), itype)
        except UnsupportedError as exc:
            raise self.unsupported(exc.construct, node) from None

    def expr_ID(self, node: c_ast.ID) -> Value:
        if node.name in self.program.enum_values and self.lookup(node.name) is None:
            etype = self.program.enum_types.get(node.name, ct.INT)
            return Scalar(Const(self.program.enum_values[node.name], etype), etype)
        if node.name in self.program.enum_exprs and self.lookup(node.name) is None:
            return self.convert(self.rvalue(self.program.enum_exprs[node.name]), ct.INT, node)
        if node.name in FUNCTION_NAME_IDS:
            name = self.frames[-1].function if self.frames else self.entry_name
            return StringValue(name.encode())
        place = self.lookup_name(node.name)
        if place is None:
            if node.name in self.program.functions or node.name in self.program.prototypes:
                return self.function_pointer(node.name, node)
            raise self.unsupported(f"undeclared identifier '{node.name}'", node)
        return self.read(place)

    def _declared_nowhere(self, node: c_ast.Node) -> bool:
        """An identifier that names nothing here (its header is absent: BusyBox's
        generated common_bufsiz.h declares `bb_common_bufsiz1`)."""
        return isinstance(node, c_ast.ID) and self._named_nowhere(node.name)

    def _named_nowhere(self, name: str) -> bool:
        program = self.program
        return not (name in FUNCTION_NAME_IDS or name in program.enum_values
                    or name in program.enum_exprs or name in program.functions
                    or name in program.prototypes or self.lookup(name) is not None
                    or name in self.global_places or name in program.globals)

    def _opaque_address(self, name: str, target: PointerType) -> Ptr:
        """`(T *)X` of an `X` declared nowhere: whatever X is (an array, a pointer,
        an integer), an address we do not know, which only code we do not have
        can change: an unknown function of the number of such calls made so far,
        the same in both versions."""
        self.assume(f"'{name}' is declared nowhere here: as a pointer it is an unknown "
                    "address, changed only by calls without code, the same in both versions")
        rtype = PointerType(self.program.complete(target.target))
        self.opaque_objects.add(name)
        temp = self.temp(ct.INDEX)
        self.builder.emit(Assign(temp, Call(name, (Var(CALLS_VAR, ct.INT),), rtype)),
                          self.current)
        address = Var(temp, ct.INDEX)
        return Ptr(HEAP, rtype.target, address, _is_zero(address))

    def expr_ArrayRef(self, node: c_ast.ArrayRef) -> Value:
        return self.read(self.place(node))

    def expr_StructRef(self, node: c_ast.StructRef) -> Value:
        return self.read(self.place(node))

    def expr_Cast(self, node: c_ast.Cast) -> Value:
        target = self.program.complete(self.program.resolve(node.to_type))
        if (isinstance(target, VoidType) and isinstance(node.expr, c_ast.UnaryOp)
                and node.expr.op == "sizeof" and not _changes_anything(node.expr.expr)):
            # `(void)sizeof(char[1 - 2*!!(cond)])`: a build-time assertion (BusyBox's
            # BUILD_BUG_ON), no value and no effect; a program that builds meets it,
            # even where its sizes are constants we cannot know (COMMON_BUFSIZE)
            self.assume("a build-time assertion (`(void)sizeof(char[1 - 2*!!(cond)])`, "
                        "BusyBox's BUILD_BUG_ON) holds: the program builds")
            return VoidValue()
        if (isinstance(target, PointerType) and self._declared_nowhere(node.expr)
                and node.expr.name not in self.object_names):  # else one object, one model
            return self._opaque_address(node.expr.name, target)
        value = self.rvalue(node.expr)
        return self.convert(value, target, node)

    def expr_ExprList(self, node: c_ast.ExprList) -> Value:
        value: Value = VoidValue()
        for item in node.exprs:
            value = self.rvalue(item)
        return value

    # ------------------------------------------------------------ operators

    def expr_UnaryOp(self, node: c_ast.UnaryOp) -> Value:
        op = node.op
        if op == "sizeof":
            return Scalar(Const(self.sizeof(node.expr), ct.SIZE_T), ct.SIZE_T)
        if op == "&" and self._designates_function(node.expr):
            return self.rvalue(node.expr)
        if op == "*" and is_function_pointer(self.type_of(node.expr)):
            return self.rvalue(node.expr)  # `*fp` designates the function; it decays again
        if op == "&":
            target = (self.compound_literal(node.expr, in_memory=True)
                      if isinstance(node.expr, c_ast.CompoundLiteral) else self.place(node.expr))
            if isinstance(target, VarPlace):
                problem = self.unsupported(f"address of '{target.name}' kept in a variable",
                                           node)
                if target.name in self.local_names and target.name not in self.heap_names:
                    raise HeapPointer(target.name, problem)  # it holds pointers: to the heap
                raise problem
            if isinstance(target, BytePlace):
                raise self.unsupported("address of an object inside a union", node)
            return Ptr(target.base, target.type, target.index, ZERO)
        if op == "*":
            return self.read(self.place(node))
        if op in ("++", "--", "p++", "p--"):
            return self._increment(node)
        if op == "!":
            return Scalar(negation(self.condition(node.expr)), ct.INT)
        value = self.scalar(node.expr)
        if isinstance(value, Ptr):
            raise self.unsupported(f"operator {op} on a pointer", node)
        if op == "+":
            return self._promoted(value)
        if op == "-":
            promoted = self._promoted(value)
            return Scalar(Unary(UnOp.NEG, promoted.expr, promoted.type), promoted.type)
        if op == "~":
            if isinstance(value.type, FloatType):
                raise self.unsupported("~ on a floating value", node)
            promoted = self._promoted(value)
            return Scalar(Unary(UnOp.BNOT, promoted.expr, promoted.type), promoted.type)
        raise self.unsupported(f"unary operator {op}", node)

    def _designates_function(self, node: c_ast.Node) -> bool:
        """Is `node` a function's name (not shadowed by an object)?"""
        return (isinstance(node, c_ast.ID) and self.lookup_name(node.name) is None
                and (node.name in self.program.functions or node.name in self.program.prototypes))

    def _promoted(self, value: Scalar) -> Scalar:
        if isinstance(value.type, IntType):
            target = ct.promote(value.type)
            if target != value.type:
                return Scalar(Cast(value.expr, target), target)
        return value

    def _increment(self, node: c_ast.UnaryOp) -> Value:
        place = self.place(node.expr)
        old = self.read(place)
        if not isinstance(old, (Scalar, Ptr)):
            raise self.unsupported("++/-- on a non-scalar", node)
        snapped = self._snapshot(old)
        assert isinstance(snapped, (Scalar, Ptr))
        old = snapped
        one = Scalar(ONE, ct.INT)
        op = BinOp.ADD if "+" in node.op else BinOp.SUB
        if isinstance(old, Ptr):
            delta = one if op is BinOp.ADD else Scalar(Const(-1, ct.INT), ct.INT)
            new: Value = self.pointer_add(old, delta, node)
        else:
            new = self.arith(op, old, one, node)
        self.write(place, new, node)
        if node.op.startswith("p"):
            return old
        return self.read(place)

    def _snapshot(self, value: Scalar | Ptr | FuncPtr) -> Scalar | Ptr | FuncPtr:
        """Copy a value into temporaries so later writes do not change it."""
        if isinstance(value, FuncPtr):
            if isinstance(value.id, Const):
                return value
            number = self.temp(FUNCTION_ID)
            self.builder.emit(Assign(number, value.id), self.current)
            return FuncPtr(value.type, Var(number, FUNCTION_ID), value.targets)
        if isinstance(value, Ptr):
            if isinstance(value.index, Const) and isinstance(value.null, Const):
                return value
            index = self.temp(ct.INDEX)
            null = self.temp(ct.INT)
            self.builder.emit(Assign(index, value.index), self.current)
            self.builder.emit(Assign(null, value.null), self.current)
            return Ptr(value.base, value.target, Var(index, ct.INDEX), Var(null, ct.INT))
        if isinstance(value.expr, Const):
            return value
        name = self.temp(value.type)
        self.builder.emit(Assign(name, value.expr), self.current)
        return Scalar(Var(name, value.type), value.type)

    def expr_BinaryOp(self, node: c_ast.BinaryOp) -> Value:
        op = node.op
        if op in ("&&", "||"):
            return self._logical(node)
        effects = [self.effects_of(node.left), self.effects_of(node.right)]
        what = f"the operands of '{op}'"
        # only where the operands interfere: the check walks the whole operator chain
        permutable = (self.analysis.first_clash(effects) is not None
                      and self._permutable_calls(node))
        floating = not permutable and self._calls_in_order(effects, node)
        if not floating and not permutable:
            self.refuse_unordered(effects, what, node, twins=(node.left, node.right))
        left_value, right_value = self.rvalue(node.left), self.rvalue(node.right)
        if isinstance(left_value, FuncPtr) or isinstance(right_value, FuncPtr):
            return self._compare_functions(op, left_value, right_value, node)
        left = self._as_scalar(left_value, node.left)
        right = self._as_scalar(right_value, node.right)
        if floating:
            if not all(isinstance(v, Scalar) and isinstance(v.type, FloatType)
                       for v in (left, right)):
                self.refuse_unordered(effects, what, node, twins=(node.left, node.right))
            else:
                self.assume(ORDER_ASSUMPTION)
        if op in _COMPARE_OPS:
            return self.compare(_COMPARE_OPS[op], left, right, node)
        if op not in _ARITH_OPS:
            raise self.unsupported(f"binary operator {op}", node)
        binop = _ARITH_OPS[op]
        if isinstance(left, Ptr) or isinstance(right, Ptr):
            return self._pointer_arith(binop, left, right, node)
        return self.arith(binop, left, right, node)

    def _compare_functions(self, op: str, left: Value, right: Value, node: c_ast.Node) -> Value:
        """`fp == f`, `fp != NULL`: the numbers are one per function (0 for NULL)."""
        if op not in ("==", "!="):
            raise self.unsupported(f"operator {op} on function pointers", node)
        typed = left if isinstance(left, FuncPtr) else right
        assert isinstance(typed, FuncPtr)
        a, b = (self.convert(v, PointerType(typed.type), node) for v in (left, right))
        assert isinstance(a, FuncPtr) and isinstance(b, FuncPtr)
        return Scalar(Binary(_COMPARE_OPS[op], a.id, b.id, ct.INT), ct.INT)

    def arith(self, op: BinOp, left: Scalar, right: Scalar, node: c_ast.Node | None) -> Scalar:
        if op.is_shift:
            if isinstance(left.type, FloatType) or isinstance(right.type, FloatType):
                raise self.unsupported("shift of a floating value", node)
            lp, rp = self._promoted(left), self._promoted(right)
            assert isinstance(lp.type, IntType)
            self.trap_if(shift_out_of_range(rp.expr, lp.type.bits), node)
            return Scalar(Binary(op, lp.expr, rp.expr, lp.type), lp.type)
        common = ct.common_type(left.type, right.type)
        if op in _INT_ONLY and isinstance(common, FloatType):
            raise self.unsupported(f"operator {op.value} on floating values", node)
        a = left.expr if left.type == common else Cast(left.expr, common)
        b = right.expr if right.type == common else Cast(right.expr, common)
        if op in (BinOp.DIV, BinOp.MOD) and isinstance(common, IntType):
            self._division_trap(a, b, common, node)
        return Scalar(Binary(op, a, b, common), common)

    def _division_trap(self, a: Expr, b: Expr, common: IntType, node: c_ast.Node | None) -> None:
        if isinstance(b, Const):
            if b.value == 0:
                self.trap_if(ONE, node)
            elif common.signed and b.value == -1:
                self.trap_if(deep_fold(Binary(BinOp.EQ, a, Const(common.min, common), ct.INT)),
                             node)
            return
        zero = Binary(BinOp.EQ, b, Const(0, common), ct.INT)
        self.trap_if(zero, node)
        if common.signed:
            overflow = Ite(
                Binary(BinOp.EQ, a, Const(common.min, common), ct.INT),
                Binary(BinOp.EQ, b, Const(-1, common), ct.INT),
                ZERO,
                ct.INT,
            )
            self.trap_if(overflow, node)

    def compare(
        self, op: BinOp, left: Scalar | Ptr, right: Scalar | Ptr, node: c_ast.Node | None
    ) -> Scalar:
        if isinstance(left, Ptr) or isinstance(right, Ptr):
            lp = self.convert(left, PointerType(ct.VOID), node)
            rp = self.convert(right, PointerType(ct.VOID), node)
            assert isinstance(lp, Ptr) and isinstance(rp, Ptr)
            return Scalar(self._pointer_compare(op, lp, rp, node), ct.INT)
        common = ct.common_type(left.type, right.type)
        a = left.expr if left.type == common else Cast(left.expr, common)
        b = right.expr if right.type == common else Cast(right.expr, common)
        return Scalar(Binary(op, a, b, ct.INT), ct.INT)

    def _pointer_compare(self, op: BinOp, a: Ptr, b: Ptr, node: c_ast.Node | None) -> Expr:
        if op in (BinOp.EQ, BinOp.NE):
            if a.base is None or b.base is None:
                # comparison with a null pointer constant: only the null flag matters
                self.null_compared.update(
                    name for p in (a, b) if p.base is None and (name := _null_variable(p)))
                other = b if a.base is None else a
                equal: Expr = other.null if (a.base is None) != (b.base is None) else ONE
            elif a.base != b.base:
                both_null = Ite(a.null, b.null, ZERO, ct.INT)
                equal = both_null
            else:
                same = Binary(BinOp.EQ, a.index, b.index, ct.INT)
                equal = Ite(a.null, b.null, Ite(b.null, ZERO, same, ct.INT), ct.INT)
            return equal if op is BinOp.EQ else negation(equal)
        if a.base != b.base or a.base is None:
            raise self.unsupported("ordering comparison of pointers into different objects", node)
        if is_heap(a.base):  # addresses compare unsigned
            return Binary(op, Cast(a.index, ct.ULONG), Cast(b.index, ct.ULONG), ct.INT)
        return Binary(op, a.index, b.index, ct.INT)

    def _pointer_arith(
        self, op: BinOp, left: Scalar | Ptr, right: Scalar | Ptr, node: c_ast.Node
    ) -> Value:
        if op is BinOp.ADD:
            if isinstance(left, Ptr) and isinstance(right, Scalar):
                return self.pointer_add(left, right, node)
            if isinstance(right, Ptr) and isinstance(left, Scalar):
                return self.pointer_add(right, left, node)
        if op is BinOp.SUB and isinstance(left, Ptr):
            if isinstance(right, Scalar):
                negated = self.arith(BinOp.SUB, Scalar(ZERO, ct.INT), right, node)
                return self.pointer_add(left, negated, node)
            if left.base is None or right.base is None:  # NULL is the heap's address 0
                left, right = (self.as_address(left, node), self.as_address(right, node))
            if left.base != right.base or left.base is None:
                raise self.unsupported("difference of pointers into different objects", node)
            difference: Expr = Binary(BinOp.SUB, left.index, right.index, ct.PTRDIFF_T)
            size = self._step(left.target)
            if (is_heap(left.base) or self._in_bytes(left.base, left.target)) and size != 1:
                difference = Binary(BinOp.DIV, difference, Const(size, ct.PTRDIFF_T), ct.PTRDIFF_T)
            return Scalar(difference, ct.PTRDIFF_T)
        raise self.unsupported(f"operator {op.value} on pointers", node)

    def pointer_add(self, pointer: Ptr, offset: Scalar, node: c_ast.Node | None) -> Ptr:
        if isinstance(offset.type, FloatType):
            raise self.unsupported("floating pointer offset", node)
        target = self.program.complete(pointer.target)
        if pointer.base is None or is_heap(pointer.base):
            delta = _scale(_as_index(offset.expr), self._step(target))
            if isinstance(delta, Const) and delta.value == 0:
                return pointer  # NULL + 0 is NULL
            if pointer.base is None and not isinstance(pointer.null, Const):
                pointer = self.null_variable_in_heap(pointer, node)
            address = _add_index(pointer.index, delta)  # NULL + n: the address n
            return Ptr(HEAP, pointer.target, address, _is_zero(address))
        step = scalar_count(target) if isinstance(target, ArrayType) else 1
        if self._in_bytes(pointer.base, target):
            step = self._step(target)
        delta = _scale(_as_index(offset.expr), step)
        return Ptr(pointer.base, pointer.target, _add_index(pointer.index, delta), pointer.null)

    def as_address(self, pointer: Ptr, node: c_ast.Node | None) -> Ptr:
        """A NULL pointer (the constant, or a variable holding only NULL) as the
        heap's address 0, for subtraction from a heap pointer or another NULL."""
        if pointer.base is not None:
            return pointer
        if isinstance(pointer.null, Const):
            return Ptr(HEAP, pointer.target, pointer.index, _is_zero(pointer.index))
        return self.null_variable_in_heap(pointer, node)

    def null_variable_in_heap(self, pointer: Ptr, node: c_ast.Node | None) -> Ptr:
        """A pointer variable that so far holds only NULL (`char *p = 0`), read for
        arithmetic or a dereference: an address of the heap (NULL is address 0), as
        gcc compiles it, so `p + n` is the address n and `*p` traps in the NULL page.
        The variable is bound to the heap from here on: a later assignment of a
        pointer into a local object (a loop may bring it back here) is then
        UNSUPPORTED as any pointer into two kinds of object."""
        name = _null_variable(pointer)
        if not name or self.pointer_bases.get(name, (HEAP, None))[0] is not None:
            raise self.unsupported("arithmetic on a pointer whose target is unknown", node)
        if name in self.null_compared:
            raise self.unsupported(f"arithmetic on the pointer '{name.split('::')[-1]}', "
                                   "compared before as NULL", node)
        self.pointer_bases[name] = (HEAP, pointer.target)
        return Ptr(HEAP, pointer.target, pointer.index, _is_zero(pointer.index))

    def _step(self, target: CType) -> int:
        """Bytes between consecutive objects a heap pointer points to (GNU: void is 1)."""
        target = self.program.complete(target)
        if isinstance(target, (VoidType, ct.FunctionType)):
            return 1
        return max(1, target.size)

    def _logical(self, node: c_ast.BinaryOp) -> Value:
        left = self.condition(node.left)
        if is_simple(node.right):
            right = self.condition(node.right)
            if node.op == "&&":
                return Scalar(Ite(left, right, ZERO, ct.INT), ct.INT)
            return Scalar(Ite(left, ONE, right, ct.INT), ct.INT)
        result = self.temp(ct.INT)
        loc = self.current
        then_loc, else_loc = self.builder.branch(left, loc)
        join = self.builder.new_location()
        evaluate, shortcut = (then_loc, else_loc) if node.op == "&&" else (else_loc, then_loc)
        self.builder.current = shortcut
        self.builder.emit(Assign(result, ZERO if node.op == "&&" else ONE), loc)
        self.builder.join(join)
        self.builder.current = evaluate
        right = self.condition(node.right)
        self.builder.emit(Assign(result, right), loc)
        self.builder.join(join)
        return Scalar(Var(result, ct.INT), ct.INT)

    def expr_TernaryOp(self, node: c_ast.TernaryOp) -> Value:
        if string_leaves(node) is not None:
            return self._string_choice(node)
        cond = self.condition(node.cond)
        if is_simple(node.iftrue) and is_simple(node.iffalse):
            then, other = self.rvalue(node.iftrue), self.rvalue(node.iffalse)
            if isinstance(then, Scalar) and isinstance(other, Scalar):
                common = ct.common_type(then.type, other.type)
                a = then.expr if then.type == common else Cast(then.expr, common)
                b = other.expr if other.type == common else Cast(other.expr, common)
                return Scalar(Ite(cond, a, b, common), common)
        loc = self.current
        then_loc, else_loc = self.builder.branch(cond, loc)
        join = self.builder.new_location()
        self.builder.current = then_loc
        then_value = self.rvalue(node.iftrue)
        then_end = self.builder.current
        self.builder.current = else_loc
        else_value = self.rvalue(node.iffalse)
        result_type = self._ternary_type(then_value, else_value, node)
        if result_type is None:
            self.builder.join(join)
            self.builder.current = then_end
            self.builder.join(join)
            return VoidValue()
        result = VarPlace(self.fresh_name("$cond"), result_type)
        self.declare_storage(result, RegionKind.LOCAL)
        self.write(result, else_value, node)
        self.builder.join(join)
        self.builder.current = then_end
        self.write(result, then_value, node)
        self.builder.join(join)
        return self.read(result)

    def _string_choice(self, node: c_ast.TernaryOp) -> Ptr:
        """`c ? "yes" : "no"` (string literals in nested `?:` too): a pointer to a
        read-only array holding the chosen literal, whose size is the chosen
        literal's, so that a read past its NUL traps as past any array. The
        conditions are evaluated here, once, as C does; the inner ones must
        be free of side effects."""
        conditions: dict[int, Expr] = {}

        def decide(current: c_ast.Node, outer: bool) -> None:
            if not isinstance(current, c_ast.TernaryOp):
                return
            if not outer and not is_simple(current.cond):
                raise self.unsupported("a condition with side effects inside a `?:` of "
                                       "string literals", current.cond)
            truth_value = self._snapshot(Scalar(self.condition(current.cond), ct.INT))
            assert isinstance(truth_value, Scalar)
            conditions[id(current)] = truth_value.expr
            decide(current.iftrue, False)
            decide(current.iffalse, False)

        decide(node, True)

        def select(current: c_ast.Node, leaf: Callable[[bytes], Expr], ctype: ScalarType) -> Expr:
            if isinstance(current, c_ast.TernaryOp):
                return Ite(conditions[id(current)], select(current.iftrue, leaf, ctype),
                           select(current.iffalse, leaf, ctype), ctype)
            return leaf(string_value(current.value) + b"\0")

        texts = string_leaves(node) or []
        size = max(len(text) for text in texts) + 1
        name = self.fresh_name("$choice")
        self.regions[name] = Region(name, ct.CHAR, size, RegionKind.LOCAL, const=True)
        for i in range(size):
            def cell(data: bytes, i: int = i) -> Expr:
                return Const(ct.CHAR.wrap(data[i]) if i < len(data) else 0, ct.CHAR)

            byte = select(node, cell, ct.CHAR)
            self.builder.emit(Store(name, index_const(i), deep_fold(byte)), self.current)
        limit = self.temp(ct.INDEX)
        self.builder.emit(Assign(limit, select(node, lambda data: index_const(len(data)),
                                               ct.INDEX)), self.current)
        self.limits[name] = Var(limit, ct.INDEX)
        return Ptr(name, ct.CHAR, index_const(0), ZERO)

    def _ternary_type(self, a: Value, b: Value, node: c_ast.Node) -> CType | None:
        if isinstance(a, VoidValue) or isinstance(b, VoidValue):
            return None
        if isinstance(a, Scalar) and isinstance(b, Scalar):
            return ct.common_type(a.type, b.type)
        if isinstance(a, Ptr):
            return PointerType(a.target)
        if isinstance(b, Ptr):
            return PointerType(b.target)
        if isinstance(a, FuncPtr):
            return PointerType(a.type)
        if isinstance(b, FuncPtr):
            return PointerType(b.type)
        if isinstance(a, StructValue):
            return a.type
        raise self.unsupported("conditional expression of these operand types", node)

    def expr_Assignment(self, node: c_ast.Assignment) -> Value:
        target = self.analysis.objects(node.lvalue, self._object_name)
        address = self.address_effects_of(node.lvalue)
        right_effects = self.effects_of(node.rvalue)
        pending = self.analysis.overlap(target, right_effects.pending)
        if pending is not None:
            raise self.unsupported(
                f"{shown(pending)} is assigned and modified by the right side "
                "without a sequence point (undefined behaviour in C)",
                node,
            )
        if node.op == "=":
            self.refuse_unordered(
                [address, right_effects], "the target and the value of an assignment", node
            )
            place = self.place(node.lvalue)
            self.write(place, self.rvalue(node.rvalue), node)
            return self.read(place)
        op = node.op[:-1]
        accessed = Effects(reads=target, direct_reads=target)  # the write comes last
        self.ordered([address | accessed, right_effects], f"'{node.op}'", node)
        if right_effects.has_side_effects:
            # gcc evaluates a right side with side effects first (c-typeck.c,
            # build_modify_expr: "RHS could contain e.g. function calls that modify LHS")
            right = self.snapshot_value(self.scalar(node.rvalue))
            place = self.place(node.lvalue)
            current = self.read(place)
        else:
            place = self.place(node.lvalue)
            current = self.read(place)
            right = self.scalar(node.rvalue)
        assert isinstance(right, (Scalar, Ptr))
        if not isinstance(current, (Scalar, Ptr)):
            raise self.unsupported("compound assignment to a non-scalar", node)
        if isinstance(current, Ptr):
            result: Value = self._pointer_arith(_ARITH_OPS[op], current, right, node)
        elif isinstance(right, Ptr):
            raise self.unsupported("compound assignment of a pointer", node)
        else:
            result = self.arith(_ARITH_OPS[op], current, right, node)
        self.write(place, result, node)
        return self.read(place)

    def sizeof(self, node: c_ast.Node) -> int:
        """`sizeof` of a type name or of an expression (also inside a constant
        expression of the type: BusyBox's `BUILD_BUG_ON(sizeof(n) != 4)`)."""
        if isinstance(node, c_ast.Typename):
            constants = self.frames[-1].constants if self.frames else None
            return self.program.complete(self.program.resolve(node, constants,
                                                              self.sizeof)).size
        opaque = next((n.name for n in _walk_ids(node, typed=True)
                       if n.name in self.opaque_constants or self._named_nowhere(n.name)), None)
        if opaque is not None:  # `sizeof(T)` of a type we do not know parses as this too
            raise self.unsupported(f"sizeof of an expression with '{opaque}', declared "
                                   "nowhere here (its type is unknown)", node)
        return self.type_of(node).size

    def offsetof(self, typename: c_ast.Typename, member: c_ast.Node) -> int:
        """`offsetof(T, m.n[2])`: the member's byte offset in gcc's layout."""
        ctype = self.program.complete(self.program.resolve(typename, None, self.sizeof))
        bits = 0
        for step in _designator(member):
            if isinstance(step, int) and isinstance(ctype, ArrayType):
                elem = self.program.complete(ctype.elem)
                bits, ctype = bits + 8 * step * elem.size, elem
                continue
            offset = ctype.bit_offset(step) if isinstance(ctype, StructType) and \
                isinstance(step, str) else None
            field = ctype.field_type(step) if offset is not None and \
                isinstance(ctype, StructType) and isinstance(step, str) else None
            if offset is None or field is None:
                raise self.unsupported(f"offsetof of '{step}' in {ctype}", member)
            bits, ctype = bits + offset, self.program.complete(field)
        if bits % 8:
            raise self.unsupported("offsetof of a bit-field", member)
        return bits // 8

    def type_of(self, node: c_ast.Node) -> CType:
        """The type of an expression (an lvalue's before it decays), found by
        lowering it and dropping what that emitted."""
        saved = (
            len(self.builder.edges),
            self.builder.current,
            dict(self.pointer_bases),
            set(self.written),
        )
        try:
            if isinstance(node, (c_ast.ID, c_ast.ArrayRef, c_ast.StructRef,
                                 c_ast.CompoundLiteral)) or (
                isinstance(node, c_ast.UnaryOp) and node.op == "*"
            ):
                ctype: CType = self.program.complete(self.place(node).type)
            else:
                value = self.rvalue(node)
                ctype = _value_type(value)
        finally:
            del self.builder.edges[saved[0] :]
            self.builder.current = saved[1]
            # names first seen here (a global materialised on first use) keep their
            # target: their inputs stay declared; only earlier names are restored
            self.pointer_bases = {**self.pointer_bases, **saved[2]}
            self.written = saved[3]
        return ctype


def _designator(node: c_ast.Node) -> list[str | int]:
    """The steps of an `offsetof` member designator (`a.b[2]`: a, b, 2); a step
    that is not a member name or an integer literal is a name nothing has."""
    if isinstance(node, c_ast.ID):
        return [node.name]
    if isinstance(node, c_ast.StructRef) and node.type == "." and isinstance(node.field, c_ast.ID):
        return [*_designator(node.name), node.field.name]
    if isinstance(node, c_ast.ArrayRef) and isinstance(node.subscript, c_ast.Constant) and \
            node.subscript.type == "int":
        return [*_designator(node.name), int(node.subscript.value.rstrip("uUlL"), 0)]
    return ["<designator>"]


def _null_variable(pointer: Ptr) -> str:
    """The variable a pointer without a base was read from ('' for a constant)."""
    name = pointer.index.name if isinstance(pointer.index, Var) else ""
    if name and isinstance(pointer.null, Var) and pointer.null.name == name + NULL_SUFFIX:
        return name
    return ""


def _is_zero(address: Expr) -> Expr:
    """The null flag of a heap address: NULL is address 0."""
    if isinstance(address, Const):
        return ONE if address.value == 0 else ZERO
    return Binary(BinOp.EQ, address, index_const(0), ct.INT)


def _unmapped(address: Expr) -> Expr:
    """A heap address no object can have: in the never-mapped page at 0 (NULL and
    what is near it) or beyond user space; a dereference there traps."""
    unsigned = Cast(address, ct.ULONG)
    return Ite(
        Binary(BinOp.LT, unsigned, Const(NULL_PAGE, ct.ULONG), ct.INT),
        ONE,
        Binary(BinOp.GE, unsigned, Const(TOP, ct.ULONG), ct.INT),
        ct.INT,
    )


def _value_type(value: Value) -> CType:
    if isinstance(value, Scalar):
        return value.type
    if isinstance(value, Ptr):
        return PointerType(value.target)
    if isinstance(value, StructValue):
        return value.type
    if isinstance(value, StringValue):
        return ArrayType(ct.CHAR, len(value.data) + 1)
    if isinstance(value, FuncPtr):
        return PointerType(value.type)
    return ct.VOID


def _describe(value: Value) -> str:
    return {
        Scalar: "a number",
        Ptr: "a pointer",
        StructValue: "a struct",
        StringValue: "a string",
        VoidValue: "void",
        FuncPtr: "a function pointer",
    }[type(value)]


def _negates(node: c_ast.Node) -> bool:
    """A unary minus in `node`, outside the arguments of calls."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, c_ast.UnaryOp) and current.op == "-":
            return True
        if isinstance(current, c_ast.FuncCall):
            continue
        stack.extend(child for _, child in current.children())
    return False


FLOAT_BYTES_ASSUMPTION = (
    "a float stored in a union's bytes: the solver has one NaN, so a NaN's bit pattern "
    "read back through another member is unknown, the same for every NaN (the replays "
    "run the real bits)"
)

_PERMUTABLE_OPS = frozenset({"+", "*", "&", "|", "^"})
"""Commutative and associative on integers of one type (wrapping)."""


def _operands_of(node: c_ast.Node, op: str) -> list[c_ast.Node]:
    """The operands of a chain of one binary operator (`a + b + c`: a, b, c)."""
    if isinstance(node, c_ast.BinaryOp) and node.op == op:
        return [*_operands_of(node.left, op), *_operands_of(node.right, op)]
    return [node]


def _arithmetic_kind(ctype: CType) -> tuple[int, bool] | None:
    """(bits, signed) of an integer operand after the integer promotions (6.3.1.1);
    None for other operands, and for bit-fields (promoted by rules of their own)."""
    if not isinstance(ctype, IntType) or ctype.bitfield:
        return None
    return (32, True) if ctype.size < 4 else (ctype.bits, ctype.signed)


def _same_text(a: c_ast.Node, b: c_ast.Node) -> bool:
    """The same expression twice: evaluating it in either order is the same."""
    generator = c_generator.CGenerator()
    return type(a) is type(b) and generator.visit(a) == generator.visit(b)


def _order_message(clash: Clash, what: str) -> str:
    if clash.undefined:
        return f"in {what}, {clash.what} (undefined behaviour in C)"
    return (
        f"order of evaluation: in {what}, {clash.what}; C leaves their order unspecified "
        "and gcc picks it by the form of the expression"
    )


def string_leaves(node: c_ast.Node) -> list[bytes] | None:
    """The string literals at the leaves of a (nested) `?:`, if all its leaves are."""
    if isinstance(node, c_ast.TernaryOp):
        then, other = string_leaves(node.iftrue), string_leaves(node.iffalse)
        return None if then is None or other is None else then + other
    if isinstance(node, c_ast.Constant) and node.type == "string":
        try:
            return [string_value(node.value)]
        except UnsupportedError:
            return None
    return None


def is_simple(node: c_ast.Node) -> bool:
    """True when evaluating `node` can neither change state nor trap, so it may be
    evaluated unconditionally inside `?:`, `&&` and `||`."""
    if isinstance(node, (c_ast.ID, c_ast.Constant)):
        return True
    if isinstance(node, c_ast.UnaryOp):
        return node.op in _PURE_UNARY and is_simple(node.expr)
    if isinstance(node, c_ast.Cast):  # float -> int traps out of range
        return is_simple(node.expr) and (_never_float(node.expr) or _not_to_int(node.to_type))
    if isinstance(node, c_ast.BinaryOp):
        if node.op in ("/", "%") and not (
            isinstance(node.right, c_ast.Constant) and node.right.value.strip("0uUlL") not in ("",)
        ):
            return False
        if node.op in ("<<", ">>") and not _small_count(node.right):
            return False  # a count outside [0, width) traps
        return is_simple(node.left) and is_simple(node.right)
    if isinstance(node, c_ast.TernaryOp):
        return is_simple(node.cond) and is_simple(node.iftrue) and is_simple(node.iffalse)
    if isinstance(node, c_ast.StructRef):
        return node.type == "." and is_simple(node.name)
    if isinstance(node, c_ast.FuncCall):
        from checker.ir.fp_classify import FP_CLASSIFIERS
        from checker.semantics.library import PURE_LIBRARY

        name = node.name.name if isinstance(node.name, c_ast.ID) else None
        args = node.args.exprs if node.args else []
        pure = name in PURE_LIBRARY or name in FP_CLASSIFIERS
        return pure and all(is_simple(a) for a in args)
    return False


def _small_count(node: c_ast.Node) -> bool:
    """An integer constant below 32: a valid shift count for every promoted type."""
    if not (isinstance(node, c_ast.Constant) and node.type.endswith("int")):
        return False
    try:
        return parse_int_literal(node.value)[0] < 32
    except (ValueError, UnsupportedError):
        return False


def _never_float(node: c_ast.Node) -> bool:
    return isinstance(node, c_ast.Constant) and (node.type == "char" or node.type.endswith("int"))


def _not_to_int(typename: c_ast.Typename) -> bool:
    """A cast target that is a pointer or a floating type (syntactically)."""
    inner = typename.type
    if isinstance(inner, c_ast.PtrDecl):
        return True
    names = getattr(getattr(inner, "type", None), "names", [])
    return any(word in ("float", "double") for word in names)


def _changes_anything(node: c_ast.Node) -> bool:
    """Could evaluating `node` change state (an assignment, `++`/`--`, a call)?
    Only a variable-length array's size in a `sizeof` is evaluated at all."""
    todo = [node]
    while todo:
        item = todo.pop()
        if isinstance(item, (c_ast.Assignment, c_ast.FuncCall)) or (
                isinstance(item, c_ast.UnaryOp) and item.op in ("++", "--", "p++", "p--")):
            return True
        todo.extend(child for _, child in item.children())
    return False


def _walk_ids(node: c_ast.Node, typed: bool = False) -> list[c_ast.ID]:
    """The identifiers an expression names (not member names: those are no IDs
    of their own in pycparser's StructRef.field, which is skipped); `typed`: only
    those its type may depend on (not the operand of a cast, whose type is the
    cast's: BusyBox's `sizeof(G.packet)`, `G` being `*(struct globals *)bb_common_bufsiz1`)."""
    found: list[c_ast.ID] = []
    todo = [node]
    while todo:
        item = todo.pop()
        if isinstance(item, c_ast.ID):
            found.append(item)
        elif isinstance(item, c_ast.StructRef):
            todo.append(item.name)
        elif typed and isinstance(item, c_ast.Cast):
            continue
        elif not isinstance(item, c_ast.Typename):
            todo.extend(child for _, child in item.children())
    return found
