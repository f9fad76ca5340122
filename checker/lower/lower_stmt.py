"""Lowering of C statements, declarations and calls (inlining) into CFA edges."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from copy import deepcopy
from dataclasses import dataclass
from typing import TypeVar

from pycparser import c_ast, c_generator

from checker.errors import OutOfTime, RecursionFound, UnsupportedError
from checker.frontend.gnu_syntax import CASE_RANGE, designator_range
from checker.frontend.program import GlobalVar, decay
from checker.ir.ctype_classify import ctype_value, outside_domain
from checker.ir.fp_classify import FP_CLASSIFIERS, classify
from checker.ir.heap import HEAP, is_heap
from checker.ir.ir import (
    CALLS_VAR,
    CHAR_POINTER,
    EXIT_CODE_VAR,
    STATUS_EXIT,
    STATUS_UNWOUND,
    STATUS_VAR,
    Assign,
    Binary,
    BinOp,
    Call,
    Cast,
    Const,
    Event,
    Expr,
    Ite,
    Load,
    RegionKind,
    StaticLocal,
    Store,
    StrConst,
    Unary,
    UnOp,
    Var,
)
from checker.lower.callbacks import callback_symbol
from checker.lower.eval_order import Effects, is_offsetof
from checker.lower.layout import leaves
from checker.lower.lower_expr import (
    ONE,
    ZERO,
    ExprLowering,
    index_const,
    is_simple,
    string_leaves,
)
from checker.lower.lower_state import FUNCTION_ID, Frame
from checker.lower.print_events import print_event
from checker.lower.prototypes import declared_prototype, typed_prototype
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
    FunctionType,
    IntType,
    PointerType,
    ScalarType,
    StructType,
)
from checker.semantics.library import (
    ABORT_EXIT_CODE,
    ABORT_FUNCTIONS,
    ABS_FUNCTIONS,
    BEFORE_FUNCTION,
    CTYPE_FUNCTIONS,
    EXIT_FUNCTIONS,
    FORMATTED_TEXT,
    NULL_IS_NOTHING,
    OUTPUT_FUNCTIONS,
    PRINT_EVENT,
    PURE_LIBRARY,
    TRAP_FUNCTION,
)

MAX_INIT_STORES = 4096
_MAX_STRING_CHOICES = 256
"""Longest constant object a string argument at a variable offset is chosen from."""
T = TypeVar("T")


@dataclass
class Targets:
    """Where `break` and `continue` go from the innermost loop/switch."""

    break_loc: int
    continue_loc: int | None


class StmtLowering(ExprLowering):
    targets: list[Targets]
    labels: dict[tuple[str, str], int]
    case_locations: dict[int, int]

    def init_statements(self) -> None:
        self.targets = []
        self.labels = {}
        self.case_locations = {}

    # ------------------------------------------------------------ dispatch

    def statement(self, node: c_ast.Node) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OutOfTime(f"'{self.entry_name}' was not lowered in time")
        self._at(node)
        method = getattr(self, "stmt_" + type(node).__name__, None)
        if method is None:
            self.rvalue(node)  # an expression statement
            return
        method(node)

    def stmt_Compound(self, node: c_ast.Compound) -> None:
        self.frames[-1].scopes.append({})
        for item in node.block_items or ():
            self.statement(item)
        self.frames[-1].scopes.pop()

    def expr_Compound(self, node: c_ast.Compound) -> Value:
        """GNU statement expression `({ ...; e; })`: its statements in a scope of
        their own, and the value of the last one if that is an expression."""
        items = list(node.block_items or ())
        self.frames[-1].scopes.append({})
        try:
            for item in items[:-1]:
                self.statement(item)
            if not items or hasattr(self, "stmt_" + type(items[-1]).__name__):
                if items:
                    self.statement(items[-1])
                return VoidValue()
            value = self.rvalue(items[-1])
            return self._snapshot(value) if isinstance(value, (Scalar, Ptr)) else value
        finally:
            self.frames[-1].scopes.pop()

    def stmt_EmptyStatement(self, node: c_ast.EmptyStatement) -> None:
        return

    def stmt_Pragma(self, node: c_ast.Pragma) -> None:
        return

    def stmt_StaticAssert(self, node: c_ast.StaticAssert) -> None:
        """`_Static_assert` in a body: checked by the compiler, no run-time effect."""
        return

    def stmt_Typedef(self, node: c_ast.Typedef) -> None:
        self.program.typedefs[node.name] = self.program.resolve(node.type)

    def stmt_DeclList(self, node: c_ast.DeclList) -> None:
        for decl in node.decls:
            self.statement(decl)

    # ------------------------------------------------------------ control flow

    def stmt_If(self, node: c_ast.If) -> None:
        cond = self.condition(node.cond)
        loc = self.current
        then_loc, else_loc = self.builder.branch(cond, loc)
        join = self.builder.new_location()
        self.builder.current = then_loc
        if node.iftrue is not None:
            self.statement(node.iftrue)
        self.builder.join(join)
        self.builder.current = else_loc
        if node.iffalse is not None:
            self.statement(node.iffalse)
        self.builder.join(join)

    def stmt_While(self, node: c_ast.While) -> None:
        if self.unroll is not None:
            self._unrolled(node.cond, node.stmt, None, test_first=True)
            return
        head = self.builder.new_location()
        self.builder.join(head)
        cond = self.condition(node.cond)
        body, done = self.builder.branch(cond, self.current)
        self.builder.current = body
        self._loop_body(node.stmt, Targets(done, head))
        self.builder.goto(head)
        self.builder.current = done

    def stmt_DoWhile(self, node: c_ast.DoWhile) -> None:
        if self.unroll is not None:
            self._unrolled(node.cond, node.stmt, None, test_first=False)
            return
        head = self.builder.new_location()
        test = self.builder.new_location()
        done = self.builder.new_location()
        self.builder.join(head)
        self._loop_body(node.stmt, Targets(done, test))
        self.builder.join(test)
        cond = self.condition(node.cond)
        again, leave = self.builder.branch(cond, self.current)
        self.builder.current = again
        self.builder.goto(head)
        self.builder.current = leave
        self.builder.join(done)

    def stmt_For(self, node: c_ast.For) -> None:
        self.frames[-1].scopes.append({})
        if node.init is not None:
            self.statement(node.init)
        if self.unroll is not None:
            self._unrolled(node.cond, node.stmt, node.next, test_first=True)
            self.frames[-1].scopes.pop()
            return
        head = self.builder.new_location()
        step = self.builder.new_location()
        self.builder.join(head)
        if node.cond is not None:
            cond = self.condition(node.cond)
            body, done = self.builder.branch(cond, self.current)
            self.builder.current = body
        else:
            done = self.builder.new_location()
        self._loop_body(node.stmt, Targets(done, step))
        self.builder.join(step)
        if node.next is not None:
            self.rvalue(node.next)
        self.builder.goto(head)
        self.builder.current = done
        self.frames[-1].scopes.pop()

    def _unrolled(
        self,
        cond_node: c_ast.Node | None,
        body: c_ast.Node | None,
        step: c_ast.Node | None,
        test_first: bool,
    ) -> None:
        """The loop unrolled `unroll` times; a run that needs one more iteration
        ends with status 'unwound', which bounded queries exclude."""
        assert self.unroll is not None
        done = self.builder.new_location()
        for copy in range(self.unroll + 1):
            if test_first or copy > 0:
                if cond_node is not None:
                    cond = self.condition(cond_node)
                    enter, leave = self.builder.branch(cond, self.current)
                    self.builder.current = leave
                    self.builder.goto(done)
                    self.builder.current = enter
                if copy == self.unroll:
                    self.cut_off()
                    break
            following = self.builder.new_location()
            self._loop_body(body, Targets(done, following))
            self.builder.join(following)
            if step is not None:
                self.rvalue(step)
        self.builder.current = done

    def cut_off(self) -> None:
        loc = self.current
        self.builder.emit(Assign(STATUS_VAR, Const(STATUS_UNWOUND, ct.INT)), loc)
        self.builder.goto(self.exit_location, loc)

    def _loop_body(self, body: c_ast.Node | None, targets: Targets) -> None:
        self.targets.append(targets)
        if body is not None:
            self.statement(body)
        self.targets.pop()

    def stmt_Break(self, node: c_ast.Break) -> None:
        if not self.targets:
            raise self.unsupported("'break' outside a loop or switch", node)
        self.builder.goto(self.targets[-1].break_loc, self.current)

    def stmt_Continue(self, node: c_ast.Continue) -> None:
        target = next(
            (t.continue_loc for t in reversed(self.targets) if t.continue_loc is not None), None
        )
        if target is None:
            raise self.unsupported("'continue' outside a loop", node)
        self.builder.goto(target, self.current)

    def stmt_Switch(self, node: c_ast.Switch) -> None:
        value = self.scalar(node.cond)
        if not isinstance(value, Scalar) or isinstance(value.type, FloatType):
            raise self.unsupported("switch on a non-integer", node)
        scrutinee = self._snapshot(self._promoted(value))
        assert isinstance(scrutinee, Scalar)
        stype = scrutinee.type
        assert isinstance(stype, IntType)
        cases = _collect_cases(node.stmt)
        done = self.builder.new_location()
        case_locs: dict[int, int] = {}
        default_loc = done
        loc = self.current
        for case in cases:
            target = self.builder.new_location()
            case_locs[id(case)] = target
            if isinstance(case, c_ast.Default):
                default_loc = target
                continue
            test = self._case_test(scrutinee.expr, stype, case.expr)
            if test is None:
                continue  # an empty GNU range (low > high) matches nothing
            hit, miss = self.builder.branch(test, loc)
            self.builder.current = hit
            self.builder.goto(target, loc)
            self.builder.current = miss
        self.builder.goto(default_loc, loc)
        self.targets.append(Targets(done, None))
        self.case_locations.update(case_locs)
        self.statement(node.stmt)
        self.targets.pop()
        self.builder.join(done)

    def _case_test(self, scrutinee: Expr, stype: IntType, label: c_ast.Node) -> Expr | None:
        """`scrutinee == label`, or for a GNU range `case lo ... hi` (written
        `CASE_RANGE(lo, hi)` by the front end) `lo <= scrutinee && scrutinee <= hi`."""
        if (isinstance(label, c_ast.FuncCall) and isinstance(label.name, c_ast.ID)
                and label.name.name == CASE_RANGE and label.args is not None
                and len(label.args.exprs) == 2):
            low, high = (stype.wrap(self.program.const_int(e)) for e in label.args.exprs)
            if low > high:
                return None
            return Ite(Binary(BinOp.GE, scrutinee, Const(low, stype), ct.INT),
                       Binary(BinOp.LE, scrutinee, Const(high, stype), ct.INT), ZERO, ct.INT)
        value = stype.wrap(self.program.const_int(label))
        return Binary(BinOp.EQ, scrutinee, Const(value, stype), ct.INT)

    def stmt_Case(self, node: c_ast.Case) -> None:
        self.builder.join(self.case_locations[id(node)])
        for item in node.stmts or ():
            self.statement(item)

    def stmt_Default(self, node: c_ast.Default) -> None:
        self.builder.join(self.case_locations[id(node)])
        for item in node.stmts or ():
            self.statement(item)

    def stmt_Label(self, node: c_ast.Label) -> None:
        self.builder.join(self._label(node.name))
        if node.stmt is not None:
            self.statement(node.stmt)

    def stmt_Goto(self, node: c_ast.Goto) -> None:
        self.builder.goto(self._label(node.name), self.current)

    def _label(self, name: str) -> int:
        key = (self.frames[-1].prefix, name)
        if key not in self.labels:
            self.labels[key] = self.builder.new_location()
        return self.labels[key]

    def stmt_Return(self, node: c_ast.Return) -> None:
        frame = self.frames[-1]
        if node.expr is not None:
            value = self.rvalue(node.expr)
            if frame.return_place is not None:
                self.write(frame.return_place, value, node)
        self.builder.goto(frame.return_loc, self.current)

    # ------------------------------------------------------------ declarations

    def stmt_Decl(self, node: c_ast.Decl) -> None:
        if node.name is None:
            if isinstance(node.type, (c_ast.Struct, c_ast.Enum, c_ast.Union)):
                self.program.base_type(node.type, self.sizeof)  # a local struct/enum
            else:
                self.program.resolve(node.type)
            return
        ctype = self.program.complete(self.program.resolve(node, self.frames[-1].constants,
                                                                  self.sizeof))
        self.frames[-1].constants.pop(node.name, None)
        if isinstance(ctype, FunctionType):
            self.program.prototypes.setdefault(node.name, ctype)
            return
        storage = node.storage or []
        if "extern" in storage:
            place = self.global_place(node.name, node)
            if place is None:
                raise self.unsupported(f"extern '{node.name}' without a definition", node)
            self.bind(node.name, place)
            return
        if isinstance(ctype, ArrayType) and ctype.length is None:
            length = self.program.init_length(node.init) if node.init is not None else None
            if length is None:
                raise self.unsupported(f"array '{node.name}' of unknown size", node)
            ctype = ArrayType(ctype.elem, length)
        if "static" in storage:
            self.bind(node.name, self._static_local(node, ctype))
            return
        place = self.new_local(node.name, ctype)
        self.bind(node.name, place)
        if node.init is not None:
            self.initialise(place, ctype, node.init)
            if isinstance(ctype, IntType) and node.name not in self.assigned:
                self._remember_constant(node.name, ctype, node.init)

    def _static_local(self, node: c_ast.Decl, ctype: CType) -> Place:
        """A `static` local: state that persists across calls, a global of its own
        named `function::name`. Its input and output are shared by old and new
        only when both declare it with the same type and initial value; one that
        its function never modifies stays at its initialiser (no arrays: an array
        may be filled through a pointer without its name being assigned)."""
        function = self.frames[-1].function
        location = self.program.location(node)
        if node.name in self.guarded_writes.get(function, ()):
            # where the #ifdef is off the static keeps its initialiser on every
            # call; taken as free state there, a head would name configurations
            # in which nothing can differ
            raise self.unsupported(
                f"static '{node.name}' is modified only in some configurations (under "
                "#if): its value per configuration is not modelled", node)
        key = f"{function}::{node.name}"
        ordinal = 1
        while (other := self.statics.get(key)) is not None and (other.line, other.column) != (
            location.line,
            location.column,
        ):
            ordinal += 1  # another block's static of the same name: the n-th in the body
            key = f"{function}::{node.name}#{ordinal}"
        if key in self.global_places:
            return self.global_places[key]
        constant = "const" in (node.quals or []) or (
            node.name not in self.assigned and all(leaf.lone for leaf in leaves(ctype))
        )
        var = GlobalVar(key, ctype, node.init, constant, location, is_static_local=True)
        identity = f"{ctype}={self._initial_text(ctype, node.init)}".encode()
        match = f"{key}~{hashlib.sha256(identity).hexdigest()[:12]}"  # type and start value
        addressed = self.addressable(node.name, ctype)
        starts = self._start_values(ctype, node.init)
        place = self.materialise_global(key, var, key, addressed, match, starts)
        self.statics[key] = StaticLocal(
            key, function, node.name, location.line, location.column, _declaration_text(node)
        )
        return place

    def _start_values(self, ctype: CType, init: c_ast.Node | None) -> dict[str, int | float]:
        """A static's leaf values when the program starts, where simple to know
        (zero-initialised, or a scalar constant)."""
        if init is None:
            return {leaf.path: 0.0 if isinstance(leaf.type, FloatType) else 0
                    for leaf in leaves(ctype)}
        if isinstance(ctype, IntType):
            try:
                return {"": ctype.wrap(self.program.const_int(init))}
            except UnsupportedError:
                return {}
        if isinstance(ctype, FloatType) and isinstance(init, c_ast.Constant):
            from checker.frontend.const_eval import parse_float_literal
            from checker.ir.concrete_ops import round_float

            try:
                value = (parse_float_literal(init.value)[0] if init.type != "int"
                         else float(self.program.const_int(init)))
            except UnsupportedError:
                return {}
            return {"": round_float(value, ctype)}
        return {}

    def _initial_text(self, ctype: CType, init: c_ast.Node | None) -> str:
        """An initialiser as text that equal initial values share (`0` for none)."""
        if init is None:
            return "0"
        if isinstance(ctype, IntType):
            try:
                return str(ctype.wrap(self.program.const_int(init)))
            except UnsupportedError:
                pass
        text = c_generator.CGenerator().visit(init)
        return "0" if text in ("0", "{0}", "{}") else text

    def _remember_constant(self, name: str, ctype: IntType, init: c_ast.Node) -> None:
        try:
            value = self.program.const_int(init, self.frames[-1].constants, self.sizeof)
        except UnsupportedError:
            return
        self.frames[-1].constants[name] = ctype.wrap(value)

    def new_local(self, name: str, ctype: CType) -> Place:
        fresh = self.fresh_name(name)
        place: Place
        in_region = isinstance(ctype, ArrayType) or self.addressable(name, ctype, local=True)
        if fresh in self.heap_names and in_region:  # passed on to code without it
            return self._escaping_local(fresh, ctype)
        if fresh in self.heap_names:
            self.assume("a local whose address is kept in a variable while it holds pointers "
                        "is in memory at an address of its own, the same in both versions "
                        "(named by the local)")
            return MemPlace(HEAP, ctype, self.heap_object(f"&{fresh}", ctype, automatic=True))
        if self.local_named_in(name, self.escaping_in, self.escaping) and (
                isinstance(ctype, ArrayType)
                or self.local_named_in(name, self.address_taken_in, self.address_taken)):
            return self._escaping_local(fresh, ctype)
        if in_region:
            place = MemPlace(fresh, ctype, index_const(0))
            self.region_locals.add(fresh)
        else:
            place = VarPlace(fresh, ctype)
            self.local_names.add(fresh)
        self.declare_storage(place, RegionKind.LOCAL)
        return place

    def _escaping_local(self, fresh: str, ctype: CType) -> Place:
        """A local object passed to a function without code lives in the heap, at an
        address of a block of its own (it overlaps no other object), an input named
        `&name` that is the same in both versions, so calls given it cancel."""
        self.assume("a local object passed to a function without code, or by address to a "
                    "library function, is in memory at an address of its own, the same in "
                    "both versions (named by the local)")
        return MemPlace(HEAP, ctype, self.heap_object(f"&{fresh}", ctype, automatic=True))

    def expr_CompoundLiteral(self, node: c_ast.CompoundLiteral) -> Value:
        return self.read(self.compound_literal(node, in_memory=False))

    def compound_literal(self, node: c_ast.CompoundLiteral, in_memory: bool) -> Place:
        """`(struct s){1, 2}`, `(int[]){1, 2, 3}`: an unnamed object of the block,
        initialised where it is evaluated."""
        ctype = self.program.complete(self.program.resolve(node.type,
                                                           self.frames[-1].constants,
                                                           self.sizeof))
        if isinstance(ctype, ArrayType) and ctype.length is None:
            ctype = ArrayType(ctype.elem, self.program.init_length(node.init))
        name = self.fresh_name("$literal")
        place: Place = (MemPlace(name, ctype, index_const(0))
                        if in_memory or isinstance(ctype, ArrayType) else VarPlace(name, ctype))
        self.declare_storage(place, RegionKind.LOCAL)
        self.initialise(place, ctype, node.init)
        return place

    def initialise(self, place: Place, ctype: CType, init: c_ast.Node) -> None:
        """Initialise an object; aggregates not fully covered by an initialiser list
        have the rest zeroed (6.7.9p21)."""
        ctype = self.program.complete(ctype)
        if isinstance(ctype, ArrayType):
            self._init_array(place, ctype, init)
        elif isinstance(ctype, StructType) and ctype.union and isinstance(init, c_ast.InitList):
            self._init_union(place, ctype, init)
        elif isinstance(ctype, StructType) and isinstance(init, c_ast.InitList):
            self._init_list(place, ctype, init)
        elif isinstance(init, c_ast.InitList):
            if not init.exprs:
                self.write(place, self._zero_value(ctype), init)
            else:
                self.initialise(place, ctype, init.exprs[0])
        else:
            self.write(place, self.rvalue(init), init)

    def _init_union(self, place: Place, ctype: StructType, init: c_ast.InitList) -> None:
        """A union from a braced list: its first member, or the one designated
        (6.7.9p17); the bytes no member covers are zero, as gcc leaves them."""
        self.write(place, self._zero_value(ctype), init)
        if not init.exprs:
            return
        if len(init.exprs) > 1:
            raise self.unsupported(f"initialiser list of {ctype} with more than one item", init)
        (item,) = init.exprs
        name, value = ctype.fields[0][0], item
        if isinstance(item, c_ast.NamedInitializer):
            if len(item.name) != 1 or not isinstance(item.name[0], c_ast.ID):
                raise self.unsupported(f"nested designator for {ctype}", item)
            name, value = item.name[0].name, item.expr
        member = ctype.field_type(name)
        if member is None:
            raise self.unsupported(f"designator '.{name}' for no member of {ctype}", item)
        self.initialise(self.field(place, name, item), member, value)

    def _init_array(self, place: Place, ctype: ArrayType, init: c_ast.Node) -> None:
        if isinstance(place, BytePlace):
            raise self.unsupported("initialiser of an array inside a union", init)
        assert isinstance(place, MemPlace)
        length = ctype.length or 0
        if length * max(1, sum(1 for _ in leaves(ctype.elem))) > MAX_INIT_STORES:
            raise self.unsupported(f"initialiser of a large array ({length} elements)", init)
        if isinstance(init, c_ast.Constant) and init.type == "string":
            from checker.frontend.const_eval import string_value

            data = string_value(init.value)
            for i in range(length):
                byte = data[i] if i < len(data) else 0
                self.write(
                    self._element(place, ctype, i), Scalar(Const(byte, ct.INT), ct.INT), init
                )
            return
        if not isinstance(init, c_ast.InitList):
            raise self.unsupported("array initialised from a non-list", init)
        self._init_list(place, ctype, init)

    def _element(self, place: MemPlace, ctype: ArrayType, i: int) -> MemPlace:
        """Element `i` of the array at `place`: in a region a cell index (objects
        of the array's length), in the heap a byte address (a local array that
        lives there, `int fds[2] = {-1, -1}; pipe(fds)`)."""
        from checker.lower.lower_expr import _add_index, _scale

        if is_heap(place.base):
            size = self.program.complete(ctype.elem).size
            return MemPlace(place.base, ctype.elem, _add_index(place.index, index_const(i * size)))
        return MemPlace(
            place.base,
            ctype.elem,
            _add_index(_scale(place.index, ctype.length or 0), index_const(i)),
        )

    def _init_list(self, place: Place, ctype: ArrayType | StructType,
                   init: c_ast.InitList) -> None:
        """An array or struct from a braced list: in list order, each designated
        (`.x`, `[3]`, nested `.a.b[2]`, GNU ranges `[1 ... 4]`) or next in line;
        what no initialiser names is zero (6.7.9p21). An element that a nested
        designator initialises in part is zeroed first, so that later
        initialisers override earlier ones (6.7.9p19)."""
        self.initialisers_ordered(init)
        items = self._designated(ctype, init)
        partial = {p for positions, rest, _ in items if rest for p in positions}
        for position in sorted(partial):
            self._zero_fill(*self._slot(place, ctype, position, init), init)
        for positions, rest, expr in items:
            targets = [self._slot(place, ctype, p, expr) for p in positions]
            for designator in rest:
                targets = [sub for target, ttype in targets
                           for sub in self._designated_slots(target, ttype, designator)]
            self._initialise_each(targets, expr)
        covered = partial | {p for positions, _, _ in items for p in positions}
        for position in range(_slot_count(ctype)):
            if position not in covered:
                self._zero_fill(*self._slot(place, ctype, position, init), init)

    def _designated(
        self, ctype: ArrayType | StructType, init: c_ast.InitList
    ) -> list[tuple[list[int], list[c_ast.Node], c_ast.Node]]:
        """The items of a list as (top-level positions, further designators, value)."""
        items: list[tuple[list[int], list[c_ast.Node], c_ast.Node]] = []
        position = 0
        after_nested = False
        for item in init.exprs:
            if isinstance(item, c_ast.NamedInitializer):
                first, *rest = item.name
                positions = self._positions(ctype, first, item)
                value = item.expr
                after_nested = bool(rest)
            else:
                if after_nested:
                    raise self.unsupported("an initialiser without designator after a "
                                           "nested designator", item)
                positions, rest, value = [position], [], item
            if any(not 0 <= p < _slot_count(ctype) for p in positions):
                what = "array" if isinstance(ctype, ArrayType) else "struct"
                raise self.unsupported(f"an initialiser outside the {what}", value)
            items.append((positions, rest, value))
            position = positions[-1] + 1
        return items

    def _positions(
        self, ctype: ArrayType | StructType, designator: c_ast.Node, item: c_ast.Node
    ) -> list[int]:
        """The elements or members one designator names."""
        if isinstance(ctype, StructType):
            names = [name for name, _ in ctype.fields]
            if not isinstance(designator, c_ast.ID):
                raise self.unsupported(f"array designator for struct {ctype.tag}", item)
            if designator.name not in names:
                raise self.unsupported(f"designator '.{designator.name}' for no member of "
                                       f"struct {ctype.tag}", item)
            return [names.index(designator.name)]
        if not isinstance(designator, c_ast.ArrayDesignator):
            raise self.unsupported("member designator in an array initialiser", item)
        bounds = designator_range(designator.expr)
        if bounds is None:
            return [self.program.const_int(designator.expr)]
        low, high = (self.program.const_int(bound) for bound in bounds)
        if low > high:
            raise self.unsupported(f"empty designator range [{low} ... {high}]", item)
        return list(range(low, high + 1))

    def _slot(
        self, place: Place, ctype: ArrayType | StructType, position: int, node: c_ast.Node
    ) -> tuple[Place, CType]:
        if isinstance(ctype, ArrayType):
            if isinstance(place, BytePlace):
                raise self.unsupported("initialiser of an array inside a union", node)
            assert isinstance(place, MemPlace)
            return self._element(place, ctype, position), self.program.complete(ctype.elem)
        name, ftype = ctype.fields[position]
        return self.field(place, name, node), self.program.complete(ftype)

    def _designated_slots(
        self, place: Place, ctype: CType, designator: c_ast.Node
    ) -> list[tuple[Place, CType]]:
        if not isinstance(ctype, (ArrayType, StructType)):
            raise self.unsupported(f"designator into a value of type {ctype}", designator)
        return [self._slot(place, ctype, p, designator)
                for p in self._positions(ctype, designator, designator)]

    def _initialise_each(self, targets: list[tuple[Place, CType]], init: c_ast.Node) -> None:
        """One initialiser for several objects (a GNU range): its side effects
        happen once, as gcc documents."""
        if len(targets) > 1 and self.effects_of(init).has_side_effects:
            ttype = targets[0][1]
            if isinstance(ttype, ArrayType):
                raise self.unsupported("a range of arrays initialised with side effects", init)
            once = self.new_local("$range", ttype)
            self.initialise(once, ttype, init)
            value = self.read(once)
            for target, _ in targets:
                self.write(target, value, init)
            return
        for target, ttype in targets:
            self.initialise(target, ttype, init)

    def _zero_fill(self, place: Place, ctype: CType, node: c_ast.Node) -> None:
        if isinstance(ctype, ArrayType):
            if isinstance(place, BytePlace):
                raise self.unsupported("initialiser of an array inside a union", node)
            assert isinstance(place, MemPlace)
            zero = self._zero_value(self.program.complete(ctype.elem))
            for i in range(ctype.length or 0):
                self.write(self._element(place, ctype, i), zero, node)
        else:
            self.write(place, self._zero_value(ctype), node)

    def _zero_value(self, ctype: CType) -> Value:
        if isinstance(ctype, (IntType, FloatType)):
            return Scalar(Const(0.0 if isinstance(ctype, FloatType) else 0, ctype), ctype)
        if isinstance(ctype, PointerType) and isinstance(ctype.target, FunctionType):
            return FuncPtr(ctype.target, Const(0, FUNCTION_ID), frozenset())
        if isinstance(ctype, PointerType):
            return Ptr(None, ctype.target, index_const(0), ONE)
        if isinstance(ctype, StructType):
            return StructValue(ctype, tuple(
                (leaf.path, tuple(self._zero_value(leaf.type)  # type: ignore[misc]
                                  for _ in range(leaf.count)))
                for leaf in leaves(ctype)))
        raise self.unsupported(f"zero value of {ctype}")

    # ------------------------------------------------------------ calls

    def expr_FuncCall(self, node: c_ast.FuncCall) -> Value:
        args = list(node.args.exprs) if node.args is not None else []
        if is_offsetof(node):
            return Scalar(Const(self.offsetof(args[0], args[1]), ct.SIZE_T), ct.SIZE_T)
        if (isinstance(node.name, c_ast.ID) and self.lookup(node.name.name) is None
                and node.name.name not in self.program.globals):
            return self.call_named(node.name.name, args, node)
        return self._call_through_pointer(node, args)

    def _call_through_pointer(self, node: c_ast.FuncCall, args: list[c_ast.Node]) -> Value:
        """A call through a function pointer: a case split over the functions it
        may point to (each called as by its name), a trap for NULL."""
        arguments = Effects()
        for arg in args:
            arguments = arguments | self.effects_of(arg)
        self.refuse_unordered([self.effects_of(node.name), arguments],
                              "the called function and its arguments", node)
        callee = self.rvalue(node.name)
        if not isinstance(callee, FuncPtr):
            raise self.unsupported("call of a value that is not a function pointer", node)
        callee = self._snapshot(callee)
        assert isinstance(callee, FuncPtr)
        ret = self.program.complete(callee.type.ret)
        result: Place | None = None
        if not isinstance(ret, ct.VoidType):
            result = VarPlace(self.fresh_name("$call"), ret)
            self.declare_storage(result, RegionKind.LOCAL)
        join = self.builder.new_location()
        for target in sorted(callee.targets):
            number = self.function_number(target)
            hit, miss = self.builder.branch(
                Binary(BinOp.EQ, callee.id, Const(number, FUNCTION_ID), ct.INT), self.current)
            self.builder.current = hit
            value = self._call_target(target, callee.type, args, node)
            if result is not None and not isinstance(value, VoidValue):
                self.write(result, value, node)
            self.builder.join(join)
            self.builder.current = miss
        self.trap_if(ONE, node)  # NULL: calling it is undefined (a crash)
        self.builder.join(join)
        return VoidValue() if result is None else self.read(result)

    def _call_target(self, target: str, ftype: FunctionType, args: list[c_ast.Node],
                     node: c_ast.FuncCall) -> Value:
        if target.startswith(UNKNOWN_TARGET):
            return self.call_unknown(target[len(UNKNOWN_TARGET):], ftype, args, node)
        if target.isdigit():  # a pointer made from a number (`SIG_IGN`): no code there
            self.trap_if(ONE, node)
            return VoidValue()
        if not self._same_function_type(self.program.prototypes[target], ftype):
            raise self.unsupported(f"call of '{target}' through a pointer to another function "
                                   f"type ({ftype})", node)
        return self.call_named(target, args, node)

    def call_unknown(self, source: str, ftype: FunctionType, args: list[c_ast.Node],
                     node: c_ast.FuncCall) -> Value:
        """A call through a function pointer parameter: an observable event, its
        result a deterministic function of the arguments (as a function without
        code), named by the parameter's position so that renaming it changes
        nothing."""
        param, event = self.function_params[UNKNOWN_TARGET + source]
        self.assume(f"'{param}' points to a function without code here: a call through it "
                    "is an observable event whose result is a deterministic function of its "
                    "arguments")
        self.externals[event] = typed_prototype(event_symbol(event), ftype)
        return self._uninterpreted(event, ftype, args, node)

    def may_loop_back(self) -> bool:
        loops = self.unroll is None and any(t.continue_loc is not None for t in self.targets)
        return loops or bool(self.labels)

    def call_named(self, name: str, args: list[c_ast.Node], node: c_ast.FuncCall) -> Value:
        """A call of the function `name`: inlined if the file defines it, modelled if
        the library's meaning is known, an observable event otherwise."""
        self.program.check_usable(name)
        if name in self.program.functions:
            return self.inline(name, args, node)
        if name in EXIT_FUNCTIONS:
            code = self.convert(
                self.scalar(args[0]) if args else Scalar(ZERO, ct.INT), ct.INT, node
            )
            assert isinstance(code, Scalar)
            return self._leave(code.expr)
        if name in ABORT_FUNCTIONS:
            return self._leave(Const(ABORT_EXIT_CODE, ct.INT))
        if name == TRAP_FUNCTION and not args:
            self.trap_if(ONE, node)
            return Scalar(ZERO, ct.INT)
        if name == BEFORE_FUNCTION and len(args) == 2:
            return self._before(args[0], args[1], node)
        if name in ABS_FUNCTIONS and len(args) == 1:
            return self._abs(ABS_FUNCTIONS[name], args[0], node)
        if name in FP_CLASSIFIERS:
            return self._classify(name, args, node)
        if name in CTYPE_FUNCTIONS and len(args) == 1:
            return self._ctype(name, args[0], node)
        if name in PURE_LIBRARY:
            ftype = PURE_LIBRARY[name]
            values = self._call_args(name, ftype, args, node)
            ret = ftype.ret
            assert isinstance(ret, (IntType, FloatType)), "libm returns int or floating"
            return Scalar(Call(name, values, ret), ret)
        return self._external(name, args, node)

    def arguments(
        self,
        name: str,
        args: list[c_ast.Node],
        node: c_ast.Node,
        finish: Callable[[int, Value], T],
    ) -> list[T]:
        """The values of a call's arguments, each passed through `finish` as soon
        as it is evaluated. Where their effects interfere, in the order gcc uses on
        x86-64 (right to left, gimplify_call_expr), each value kept from the writes
        of the arguments evaluated after it."""
        effects = [self.effects_of(arg) for arg in args]
        if not self.ordered(effects, f"the arguments of '{name}'", node):
            return [finish(i, self.rvalue(arg)) for i, arg in enumerate(args)]
        values: dict[int, T] = {}
        for i in reversed(range(len(args))):
            value = self.rvalue(args[i])
            later = [w for e in effects[:i] for w in e.writes]
            if self.analysis.overlap(effects[i].reads, later) is not None:
                value = self.snapshot_value(value)
            values[i] = finish(i, value)
        return [values[i] for i in range(len(args))]

    def _leave(self, code: Expr) -> Value:
        loc = self.current
        self.builder.emit(Assign(EXIT_CODE_VAR, code), loc)
        self.builder.emit(Assign(STATUS_VAR, Const(STATUS_EXIT, ct.INT)), loc)
        self.builder.goto(self.exit_location, loc)
        return VoidValue()

    def _before(self, first: c_ast.Node, second: c_ast.Node, node: c_ast.Node) -> Value:
        void = PointerType(ct.VOID)
        a, b = (self.convert(self.scalar(arg), void, arg) for arg in (first, second))
        if not (isinstance(a, Ptr) and isinstance(b, Ptr)) or a.base is None or a.base != b.base:
            return Scalar(ZERO, ct.INT)
        return self.compare(BinOp.LT, a, b, node)

    def _abs(self, itype: IntType, arg: c_ast.Node, node: c_ast.Node) -> Value:
        value = self.convert(self.scalar(arg), itype, node)
        assert isinstance(value, Scalar)
        snap = self._snapshot(value)
        assert isinstance(snap, Scalar)
        negative = Binary(BinOp.LT, snap.expr, Const(0, itype), ct.INT)
        return Scalar(Ite(negative, Unary(UnOp.NEG, snap.expr, itype), snap.expr, itype), itype)

    def _ctype(self, name: str, arg: c_ast.Node, node: c_ast.Node) -> Value:
        """<ctype.h> in the C locale: glibc's exact values; a class test of an
        argument outside glibc's table (C: undefined) traps."""
        value = self.convert(self.scalar(arg), ct.INT, node)
        assert isinstance(value, Scalar)
        snap = self._snapshot(value)
        assert isinstance(snap, Scalar)
        outside = outside_domain(name, snap.expr)
        if outside is not None:
            self.trap_if(outside, node)
        return Scalar(ctype_value(name, snap.expr), ct.INT)

    def _classify(self, name: str, args: list[c_ast.Node], node: c_ast.Node) -> Value:
        """isnan, signbit, fpclassify, ...: exact comparisons on the argument in
        its own floating type (an integer argument is converted to double)."""
        if not args or (name == "__builtin_fpclassify") != (len(args) == 6) or (
                name != "__builtin_fpclassify" and len(args) != 1):
            raise self.unsupported(f"call of '{name}' with {len(args)} arguments", node)
        values = []
        for arg in args[:-1]:
            value = self.convert(self.scalar(arg), ct.INT, arg)
            assert isinstance(value, Scalar)
            values.append(value.expr)
        operand = self.scalar(args[-1])
        if isinstance(operand, Ptr):
            raise self.unsupported(f"pointer argument to '{name}'", args[-1])
        if not isinstance(operand.type, FloatType):
            converted = self.convert(operand, ct.DOUBLE, args[-1])
            assert isinstance(converted, Scalar)
            operand = converted
        snap = self._snapshot(operand)
        assert isinstance(snap, Scalar)
        if name == "__builtin_signbit":
            self.assume("the solver has one NaN: signbit of a NaN is an unknown function of "
                        "the argument, the same in both versions (the replays run glibc's)")
        return Scalar(classify(name, (*values, snap.expr)), ct.INT)

    def _call_args(
        self,
        name: str,
        ftype: FunctionType | None,
        args: list[c_ast.Node],
        node: c_ast.Node,
        pointers: bool = False,
    ) -> tuple[Expr, ...]:
        """The argument values of a call without code; with `pointers`, a pointer
        into the heap (or NULL) is passed as its address, typed as a pointer."""
        params = ftype.params if ftype is not None else ()
        if ftype is not None and not ftype.variadic and len(args) != len(params):
            raise self.unsupported(
                f"call of '{name}' with {len(args)} arguments (it takes {len(params)})", node
            )

        def finish(i: int, value: Value) -> Expr:
            arg = args[i]
            if isinstance(value, FuncPtr):
                return self._function_argument(name, value, arg)
            if isinstance(value, StringValue):
                return StrConst(value.data.decode("latin-1"))
            if isinstance(value, Ptr):
                text = self._constant_string(value, arg)
                if text is not None:
                    return text
                if not pointers:
                    raise self.unsupported(
                        f"pointer argument to pure function '{name}' (its value in memory)", arg
                    )
                address = self.pointer_value(value, arg)
                return Cast(address, PointerType(self.program.complete(value.target)))
            if not isinstance(value, Scalar):
                raise self.unsupported(f"non-scalar argument to external function '{name}'", arg)
            target: CType = params[i] if i < len(params) else _default_promotion(value.type)
            converted = self.convert(value, target, arg)
            if isinstance(converted, FuncPtr):  # `0` for a function pointer parameter
                return self._function_argument(name, converted, arg)
            if not isinstance(converted, Scalar):  # an integer where a pointer is expected
                raise self.unsupported(f"an integer ({value.type}) passed to '{name}' as a "
                                       "pointer", arg)
            return converted.expr

        return tuple(self.arguments(name, args, node, finish))

    def _function_argument(self, callee: str, value: FuncPtr, node: c_ast.Node) -> Expr:
        """A function pointer given to a call without code: NULL, or the symbol of
        the function it points to (see lower/callbacks.py); one that may point to
        several functions of the file or without code (`cond ? on_a : on_b`, a
        parameter of an inlined function called with several) is the choice among
        their symbols by the function it holds."""
        if isinstance(value.id, Const) and value.id.value == 0:
            return Const(0, CHAR_POINTER)
        targets = sorted(value.targets)
        if any(t.startswith(UNKNOWN_TARGET) for t in targets) or not targets or (
                len(targets) > 1 and isinstance(value.id, Const)):
            raise self.unsupported(f"function pointer passed to external function '{callee}' "
                                   "that may point to unknown code", node)
        chosen: Expr = Const(0, CHAR_POINTER)  # NULL: no function's number
        for target in reversed(targets):
            symbol = callback_symbol(self.program, self.entry_name, target, callee,
                                     self.call_globals)
            if isinstance(symbol, str):
                raise self.unsupported(symbol, node)
            if target in self.program.functions:
                self.assume(f"'{target}', passed to '{callee}', runs only inside calls of "
                            "functions without code (as their callback or a signal handler): "
                            "its effects are theirs")
            chosen = symbol if isinstance(value.id, Const) else Ite(
                Binary(BinOp.EQ, value.id, Const(self.function_number(target), FUNCTION_ID),
                       ct.INT), symbol, chosen, CHAR_POINTER)
        return chosen

    def _constant_string(self, value: Ptr, node: c_ast.Node) -> Expr | None:
        """A pointer into a constant object as the string it points to, compared by
        content as a literal passed directly is; at an offset held in a variable (a
        literal passed through an inlined function's parameter), the choice among
        its suffixes (an offset outside the object is undefined: a trap)."""
        region = self.regions.get(value.base or "")
        if region is None or not region.const or region.init is None:
            return None
        init = region.init

        def suffix(offset: int) -> StrConst:
            data = bytes(int(b) & 0xFF for b in init[offset:])
            return StrConst(data.split(b"\0", 1)[0].decode("latin-1"))

        if isinstance(value.index, Const) and isinstance(value.index.value, int):
            return suffix(value.index.value)
        if (len(init) > _MAX_STRING_CHOICES or not isinstance(region.elem, IntType)
                or region.elem.size != 1):
            return None
        index = value.index
        itype = index.type
        self.trap_if(Binary(BinOp.BOR, Binary(BinOp.LT, index, Const(0, itype), ct.INT),
                            Binary(BinOp.GT, index, Const(len(init) - 1, itype), ct.INT),
                            ct.INT), node)
        choice: Expr = suffix(len(init) - 1)
        for offset in reversed(range(len(init) - 1)):
            choice = Ite(Binary(BinOp.EQ, index, Const(offset, itype), ct.INT),
                         suffix(offset), choice, CHAR_POINTER)
        return choice

    def _external(self, name: str, args: list[c_ast.Node], node: c_ast.Node) -> Value:
        """A call to a function without code: an observable event (its position,
        arguments and the memory it can reach), whose result and effect on that
        memory are uninterpreted functions of all three, the same in both versions.
        `free(NULL)` does nothing (C11 7.22.3.3): no event, so `if (p) free(p)` and
        `free(p)` are one behaviour."""
        if name in NULL_IS_NOTHING and len(args) == 1 and is_simple(args[0]):
            given = self.condition(args[0])
            hit, miss = self.builder.branch(given, self.current)
            join = self.builder.new_location()
            self.builder.current = hit
            self._external_call(name, args, node)
            self.builder.join(join)
            self.builder.current = miss
            self.builder.join(join)
            return VoidValue()
        return self._external_call(name, args, node)

    def _external_call(self, name: str, args: list[c_ast.Node], node: c_ast.Node) -> Value:
        chosen = next((i for i, arg in enumerate(args) if isinstance(arg, c_ast.TernaryOp)
                       and string_leaves(arg) is not None), None)
        if chosen is not None and all(is_simple(a) for i, a in enumerate(args) if i != chosen):
            return self.rvalue(_split_call(node, args, chosen))
        ftype = self.program.prototypes.get(name)
        implicit = ftype is None
        if ftype is None:
            self.assume(f"'{name}' has no prototype: implicitly declared as returning int")
            ftype = FunctionType(ct.INT, (), variadic=True)
        if name not in self.externals:  # one stub per function (an unrolled loop calls
            decl = self.program.prototype_nodes.get(name)  # it thousands of times)
            self.externals[name] = (None if decl is None
                                    else declared_prototype(decl, self.program))
        return self._uninterpreted(name, ftype, args, node, implicit)

    def _uninterpreted(self, name: str, ftype: FunctionType, args: list[c_ast.Node],
                       node: c_ast.Node, implicit: bool = False) -> Value:
        pure = name in self.settings.pure_functions
        values = self._call_args(name, ftype, args, node, pointers=not pure)
        if implicit and self.externals.get(name) is None:
            # the stub gcc links where no header declares it (an absent generated
            # header's `setup_common_bufsiz()`): `int name()` called with these
            # (promoted) arguments
            self.externals[name] = typed_prototype(
                name, FunctionType(ct.INT, tuple(v.type for v in values), variadic=False),
                implicit=True)
        # an output call given a pointer (a stream, text in memory) is a call without
        # code like any other: its text is not the solver's to read
        output = name in OUTPUT_FUNCTIONS and not any(
            isinstance(v, Cast) and isinstance(v.type, PointerType) for v in values)
        ret = self.program.complete(ftype.ret)
        if not isinstance(ret, (IntType, FloatType, PointerType, ct.VoidType)):
            raise self.unsupported(f"external function '{name}' returning {ret}", node)
        rtype: IntType | FloatType | PointerType | ct.VoidType = ret
        if isinstance(ret, PointerType):
            rtype = PointerType(self.program.complete(ret.target))
        noreturn = name in self.noreturn
        if noreturn:
            rtype = ct.INT  # what it does not return: the exit status it ends with
        if pure or output:
            if output:
                printed = print_event(name, values)
                event = Event(name, values) if printed is None else Event(PRINT_EVENT, printed)
                self.builder.emit(event, self.current)
            self.assume(
                f"'{name}' is declared pure: its result depends only on its arguments" if pure
                else f"'{name}' is an output function: each call is an observable event"
            )
            result: Expr | None = (
                None if isinstance(rtype, ct.VoidType) else Call(name, values, rtype))
        else:
            result = self._opaque_call(name, values, rtype)
        if noreturn:
            self.assume(f"'{name}' does not return: the call ends the function (exit status "
                        "an unknown function of the call)")
            return self._leave(result if result is not None else ZERO)
        if result is None:
            return VoidValue()
        if isinstance(rtype, PointerType):
            return Ptr(HEAP, rtype.target, result, Binary(BinOp.EQ, result, Const(0, rtype),
                                                          ct.INT))
        return Scalar(result, rtype)  # type: ignore[arg-type]

    def _opaque_call(
        self,
        name: str,
        values: tuple[Expr, ...],
        rtype: IntType | FloatType | PointerType | ct.VoidType,
    ) -> Expr | None:
        """Event, result and effects of a call without code (see `_external`).

        The event holds the globals the callee can reach (`call_globals`) as they
        are at the call; the result and what the call leaves in memory and in those
        globals are functions of the position, arguments and memory only: where
        the globals differ, so does the event, and the pair differs already."""
        scalars, regions = self._globals_at_call(name)
        memory = (*self.heap_memory(), *regions)
        full = (Var(CALLS_VAR, ct.INT), *values)
        seen = tuple(self._global_value(ref, ctype) for ref, ctype in scalars)
        result: Expr | None = None
        loc = self.current
        if not isinstance(rtype, ct.VoidType):
            temp = self.temp(ct.INDEX if isinstance(rtype, PointerType) else rtype)
            self.builder.emit(Assign(temp, Call(name, full, rtype, memory)), loc)  # memory before
            result = Var(temp, self.variables[temp])
        self.builder.emit(Event(name, (*full, *seen), memory, writes=bool(memory),
                                seen=tuple(self.mirror_of.get(ref, ref) for ref, _ in scalars)),
                          loc)
        for ref, ctype in scalars:  # memory as it was before the call, as for the result
            effect = Call(f"{name}{CALL_EFFECT}{self.mirror_of.get(ref, ref)}", full, ctype,
                          memory)
            self.builder.emit(Store(ref, Const(0, ct.INDEX), effect) if ref in self.regions
                              else Assign(ref, effect), loc)
            self.mark_written(ref)
        for region in regions:
            self.mark_written(region)
        if name not in FORMATTED_TEXT:  # glibc's own has no state a later call sees
            self.builder.emit(Assign(CALLS_VAR, Binary(BinOp.ADD, Var(CALLS_VAR, ct.INT), ONE,
                                                       ct.INT)), loc)
        reach = memory or scalars
        self.assume(
            f"'{name}' has no code here: each call is an observable event (its position, "
            "arguments, the memory and the globals it can reach); its result"
            + (" and its effect on that memory and those globals are" if reach else " is")
            + " an unknown function of them, the same in both versions"
        )
        return result

    def _global_value(self, ref: str, ctype: ScalarType) -> Expr:
        """A scalar global: its variable, or the one cell of its mirror."""
        return Load(ref, Const(0, ct.INDEX), ctype) if ref in self.regions else Var(ref, ctype)

    def _globals_at_call(self, name: str) -> tuple[list[tuple[str, ScalarType]], list[str]]:
        """The scalars (variables, or one-cell mirrors of globals whose address is
        taken) and the regions of the globals a call without code can read and
        write (globals in the heap are in its memory already)."""
        scalars: list[tuple[str, ScalarType]] = []
        regions: list[str] = []
        kept: list[str] = []
        for global_name in self.call_globals:
            place = self.global_place(global_name, None)
            if isinstance(place, MemPlace) and place.base != HEAP:
                for leaf in leaves(place.type):
                    region = place.base + leaf.path
                    if (region in self.mirror_of and self.regions[region].length == 1
                            and not isinstance(leaf.type, PointerType)):
                        scalars.append((region, self.regions[region].elem))
                    else:
                        regions.append(region)
            if not isinstance(place, VarPlace):
                continue
            for leaf in leaves(place.type):
                ref = place.name + leaf.path
                if ref in self.regions:
                    regions.append(ref)
                elif isinstance(leaf.type, PointerType):
                    kept.append(global_name + leaf.path)
                else:
                    scalars.append((ref, self.variables[ref]))
        if kept:
            self.assume(f"'{name}' neither reads nor changes the pointers in globals "
                        f"{', '.join(kept)} (pointers in globals are not modelled at calls "
                        "without code)")
        return scalars, regions

    def _recursion_cut(self, name: str, node: c_ast.Node) -> Value:
        """Recursion deeper than the bound: cut off; the value is never observed."""
        self.cut_off()
        ret = self.program.complete(self.program.prototypes[name].ret)
        if isinstance(ret, ct.VoidType):
            return VoidValue()
        return self._zero_value(ret)

    def inline(self, name: str, args: list[c_ast.Node], node: c_ast.Node) -> Value:
        chain = [frame.function for frame in self.frames]
        if name in chain:
            if self.unroll is None:
                cycle = (*chain[chain.index(name) :], name)
                raise RecursionFound(cycle, self.program.location(node))
            if chain.count(name) > self.unroll:
                return self._recursion_cut(name, node)
        if len(self.frames) > self.settings.inline_depth:
            if self.unroll is not None and name in chain:
                return self._recursion_cut(name, node)
            raise self.unsupported(f"calls nested deeper than {self.settings.inline_depth}", node)
        fdef = self.program.functions[name]
        ftype = self.program.prototypes[name]
        if ftype.variadic:
            raise self.unsupported(f"variadic function '{name}'", node)
        params = _param_decls(fdef)
        if len(params) != len(args):
            raise self.unsupported(
                f"call of '{name}' with {len(args)} arguments (it takes {len(params)})", node
            )

        def finish(i: int, value: Value) -> tuple[c_ast.Decl, CType, Value]:
            ptype = self.program.complete(decay(self.program.resolve(params[i])))
            return params[i], ptype, self.convert(value, ptype, args[i])

        values = self.arguments(name, args, node, finish)
        self.inline_counter += 1
        prefix = f"{name}@{self.inline_counter}::"
        ret = self.program.complete(ftype.ret)
        return_loc = self.builder.new_location()
        ret_place: Place | None = None
        if not isinstance(ret, ct.VoidType):
            ret_place = VarPlace(prefix + "$ret", ret)
            self.declare_storage(ret_place, RegionKind.LOCAL)
        self.frames.append(Frame(name, prefix, return_loc, ret_place, self.program.location(node)))
        for param, ptype, value in values:
            place = self.new_local(param.name, ptype)
            self.bind(param.name, place)
            self.write(place, value, node)
        self.statement(fdef.body)
        self.builder.join(return_loc)
        self.frames.pop()
        if ret_place is None:
            return VoidValue()
        return self.read(ret_place)


def _split_call(node: c_ast.Node, args: list[c_ast.Node], chosen: int) -> c_ast.TernaryOp:
    """`f(x, c ? "a" : "b")` as `c ? f(x, "a") : f(x, "b")`: a function without code
    gets each string by content (the other arguments have no side effects, so
    evaluating them after the condition changes nothing)."""
    choice = args[chosen]
    assert isinstance(node, c_ast.FuncCall) and isinstance(choice, c_ast.TernaryOp)

    def call(arg: c_ast.Node) -> c_ast.FuncCall:
        exprs = [*args[:chosen], arg, *args[chosen + 1:]]
        return c_ast.FuncCall(node.name, c_ast.ExprList(exprs, node.coord), node.coord)

    return c_ast.TernaryOp(choice.cond, call(choice.iftrue), call(choice.iffalse), node.coord)


CALL_EFFECT = "@global:"
"""`f@global:g`: the uninterpreted function giving global `g` after a call of `f`."""


def event_symbol(event: str) -> str:
    """The C name of the replay's stub for a call through parameter `event`
    (`(*arg0)` -> `__liftdiff_fn_arg0`)."""
    return "__liftdiff_fn_" + event.strip("(*)")


def _declaration_text(decl: c_ast.Decl) -> str:
    """`extern` declaration of an object of `decl`'s type, `{}` for its name."""
    copy = deepcopy(decl)
    inner = copy.type
    while not isinstance(inner, c_ast.TypeDecl):
        inner = inner.type
    inner.declname = "__LIFTDIFF_NAME__"
    copy.name, copy.init, copy.storage, copy.funcspec = "__LIFTDIFF_NAME__", None, ["extern"], []
    text: str = c_generator.CGenerator().visit(copy)
    return text.replace("{", "{{").replace("}", "}}").replace("__LIFTDIFF_NAME__", "{}")


def _param_decls(fdef: c_ast.FuncDef) -> list[c_ast.Decl]:
    args = fdef.decl.type.args
    if args is None:
        return []
    params = []
    for param in args.params:
        if isinstance(param, c_ast.EllipsisParam):
            continue
        if isinstance(param, c_ast.Typename) and _is_void(param):
            continue
        params.append(param)
    return params


def _is_void(param: c_ast.Typename) -> bool:
    inner = param.type
    return (
        isinstance(inner, c_ast.TypeDecl)
        and isinstance(inner.type, c_ast.IdentifierType)
        and inner.type.names == ["void"]
    )


def _default_promotion(ctype: CType) -> CType:
    if isinstance(ctype, FloatType):
        return ct.DOUBLE
    if isinstance(ctype, IntType):
        return ct.promote(ctype)
    return ctype


def _slot_count(ctype: ArrayType | StructType) -> int:
    return ctype.length or 0 if isinstance(ctype, ArrayType) else len(ctype.fields)


def _collect_cases(node: c_ast.Node | None) -> list[c_ast.Node]:
    """Case/default labels of one switch body, not of switches nested in it."""
    found: list[c_ast.Node] = []
    stack = [node] if node is not None else []
    while stack:
        current = stack.pop()
        if isinstance(current, (c_ast.Case, c_ast.Default)):
            found.append(current)
        if isinstance(current, c_ast.Switch):
            continue
        stack.extend(reversed([child for _, child in current.children()]))
    return found
