"""Entry of the lowering: one function of a Program -> one CFA with inputs/outputs."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from pycparser import c_ast, c_generator

from checker.errors import InputError, UnsupportedError
from checker.frontend.program import Program, decay
from checker.ir.cfa_simplify import propagate_constants
from checker.ir.heap import CHAR_CLASS, HEAP, MemoryEncoding, is_heap, memory_class
from checker.ir.ir import (
    CALLS_VAR,
    EXIT_CODE_VAR,
    RETURN_VAR,
    STATUS_VAR,
    Assign,
    Cfa,
    Const,
    Event,
    InputSource,
    Ite,
    Output,
    Region,
    RegionKind,
    StaticLocal,
    Var,
)
from checker.lower.callbacks import function_closure
from checker.lower.layout import cell_shape, leaves
from checker.lower.lower_state import FUNCTION_ID, NULL_SUFFIX, Frame, HeapPointer
from checker.lower.lower_stmt import StmtLowering, _param_decls
from checker.lower.prototypes import harness_local
from checker.lower.values import UNKNOWN_TARGET, Place, VarPlace
from checker.lower.volatile_access import volatile_assumption
from checker.semantics import ctype as ct
from checker.semantics.ctype import (
    FloatType,
    PointerType,
    VoidType,
    is_function_pointer,
)
from checker.types import Settings
from checker.variability import FEATURE_PREFIX


def lower_function(
    program: Program,
    name: str,
    settings: Settings,
    unroll: int | None = None,
    encoding: MemoryEncoding = MemoryEncoding.TYPED,
    heap_regions: tuple[str, ...] = (),
    call_globals: frozenset[str] | None = None,
    deadline: float | None = None,
) -> Cfa:
    """Lower `name` (inlining same-file callees) into a CFA.

    With `unroll`, loops are unrolled and recursive calls inlined that many
    times, giving an acyclic CFA whose runs that need more end with status
    STATUS_UNWOUND. Raises UnsupportedError (with location) for constructs we
    cannot model and, without `unroll`, RecursionFound for recursive calls.
    `encoding`: how the heap is encoded (see `heap_encoding` for a pair);
    `heap_regions`: heap regions to declare up front (see `lower_pair`);
    `call_globals`: the globals a call without code sees (default: those `name` uses);
    past `deadline`, OutOfTime (a loop unrolled far).
    """
    program.check_usable(name)
    fdef = program.functions.get(name)
    if fdef is None:
        raise InputError(f"function '{name}' is not defined in {program.path}")
    heap_names: frozenset[str] = frozenset()
    while True:
        lowering = StmtLowering(
            program=program,
            settings=settings,
            entry_name=name,
            unroll=unroll,
            encoding=encoding,
            heap_regions=heap_regions,
            heap_names=heap_names,
            deadline=deadline,
        )
        try:
            return _lower(lowering, program, name, fdef, call_globals)
        except HeapPointer as again:
            if len(heap_names) >= MAX_HEAP_NAMES:
                raise again.problem from None
            heap_names |= {again.name}


MAX_HEAP_NAMES = 8
"""Lowerings a function may take to find its pointers into several constants."""


def _lower(lowering: StmtLowering, program: Program, name: str, fdef: c_ast.FuncDef,
           call_globals: frozenset[str] | None) -> Cfa:
    lowering.init_statements()
    volatile = volatile_assumption(program, name)
    if volatile is not None:
        lowering.assume(volatile)
    lowering.address_taken = address_taken_names(program.ast)
    lowering.object_names = lowering.address_taken | subscripted_names(program.ast)
    lowering.escaping = escaping_names(program, program.ast)
    lowering.address_taken_in = {f: address_taken_names(d) for f, d in program.functions.items()}
    lowering.escaping_in = {f: escaping_names(program, d) for f, d in program.functions.items()}
    lowering.retyped = retyped_names(program.ast)
    lowering.assigned = assigned_names(program.ast)
    lowering.guarded_writes = feature_guarded_writes(program.ast)
    statics = _file_statics(program.ast)
    lowering.call_globals = tuple(sorted(
        g for g in (used_globals(program, name) if call_globals is None else call_globals)
        if callee_reaches(program, g, statics, lowering.address_taken | program.escaped)))
    builder = lowering.builder
    exit_loc = builder.new_location()
    lowering.exit_location = exit_loc
    body_start = builder.new_location()
    return_loc = builder.new_location()  # copies globals out of their mirrors, if any
    builder.current = body_start
    ftype = program.prototypes[name]
    ret = program.complete(ftype.ret)
    if any(is_function_pointer(leaf.type) for leaf in leaves(ret)):
        raise UnsupportedError("a function pointer as the result (function pointers are "
                               "not compared as results)", program.location(fdef.decl))
    ret_place: Place | None = None
    initial: dict[str, int | float] = {STATUS_VAR: 0, EXIT_CODE_VAR: 0, CALLS_VAR: 0}
    lowering.variables[STATUS_VAR] = ct.INT
    lowering.variables[EXIT_CODE_VAR] = ct.INT
    lowering.variables[CALLS_VAR] = ct.INT
    if not isinstance(ret, VoidType):
        ret_place = VarPlace(RETURN_VAR, ret)
        lowering.declare_storage(ret_place, RegionKind.LOCAL)
        for leaf in leaves(ret):
            region = lowering.regions.get(RETURN_VAR + leaf.path)
            if region is not None:  # an array member: cells starting at zero, as scalars do
                if isinstance(leaf.type, PointerType):
                    raise UnsupportedError("an array of pointers in the result (pointers "
                                           "are not compared as results)",
                                           program.location(fdef.decl))
                lowering.regions[region.name] = dataclasses.replace(region, init=())
            elif isinstance(leaf.type, FloatType):
                initial[RETURN_VAR + leaf.path] = 0.0
            elif not isinstance(leaf.type, PointerType):
                initial[RETURN_VAR + leaf.path] = 0
    location = program.location(fdef.decl)
    lowering.current = location
    lowering.frames.append(Frame(name, "", return_loc, ret_place, location))
    _parameters(lowering, fdef)
    lowering.statement(fdef.body)
    if lowering.mirrors:
        builder.join(return_loc)
        _copy_mirrors(lowering, out=True)
        builder.join(exit_loc)
    else:
        builder.join(exit_loc)
        builder.merge(return_loc, exit_loc)
    _global_initialisers(lowering, body_start)
    reachable = _globals_pointers_may_reach(lowering)
    if reachable:
        lowering.assume(GLOBAL_ALIAS_ASSUMPTION.format(names=", ".join(reachable)))
    outputs = (
        _return_outputs(ret, lowering.regions)
        + lowering.global_outputs()
        + lowering.heap_outputs()
    )
    generator = c_generator.CGenerator()
    cfa = Cfa(
        name=name,
        location=location,
        entry=builder.entry,
        exit=exit_loc,
        edges=builder.reachable_edges(),
        variables=dict(lowering.variables),
        regions=dict(lowering.regions),
        inputs=tuple(lowering.inputs),
        outputs=tuple(outputs),
        initial=initial,
        assumptions=tuple(lowering.assumptions),
        params=tuple((p.name, harness_local(p)) for p in _param_decls(fdef)),
        return_type=None if isinstance(ret, VoidType) else _type_text(fdef, generator),
        externals=dict(lowering.externals),
        statics=_replayed_statics(lowering, outputs),
        noreturn=tuple(sorted(name for name in lowering.externals if name in lowering.noreturn)),
        function_params=tuple(lowering.function_params.values()),
        opaque_objects=tuple(sorted(lowering.opaque_objects)),
        opaque_arrays=tuple(sorted(lowering.opaque_arrays)),
    )
    return propagate_constants(cfa)


TYPED_ASSUMPTION = (
    "memory behind pointers is accessed through lvalues of its own type (C's effective-type "
    "rule, as gcc -O2 assumes): pointers to different types ({classes}) do not alias"
)


def lower_pair(
    old: Program,
    new: Program,
    name: str,
    settings: Settings,
    unroll: int | None = None,
    encoding: MemoryEncoding | None = None,
    deadline: float | None = None,
) -> tuple[Cfa, Cfa, MemoryEncoding]:
    """Both versions of `name`, with one heap encoding (ir/heap.py): given, or the
    typed one unless `char` accesses meet accesses of other types through pointers
    (then bytes, exact for every view of memory). Where calls without code read and
    write the heap, both versions declare the same heap regions."""
    old, new = _held_alike(old, new), _held_alike(new, old)
    seen = used_globals(old, name) | used_globals(new, name)
    a, b = (lower_function(p, name, settings, unroll, encoding or MemoryEncoding.TYPED,
                           call_globals=seen, deadline=deadline) for p in (old, new))
    chosen = encoding or heap_encoding(a, b)
    regions = _heap_region_names(chosen, a, b)
    calls = [memory for cfa in (a, b) for memory in _opaque_call_memory(cfa)]
    if chosen is not (encoding or MemoryEncoding.TYPED) or any(m != regions for m in calls):
        a, b = (lower_function(p, name, settings, unroll, chosen, regions, seen, deadline)
                for p in (old, new))
    if chosen is MemoryEncoding.TYPED:
        a, b = _typed_assumption(a, b)
    return a, b, chosen


def _held_alike(program: Program, other: Program) -> Program:
    """`program` with its read-only statics that `other` writes made free again:
    old and new share one input for a global (never the initialiser in one
    version, an input in the other)."""
    names = [n for n, var in program.globals.items() if var.read_only
             and (twin := other.globals.get(n)) is not None and not twin.holds_initialiser]
    if not names:
        return program
    held = dict(program.globals)
    for n in names:
        held[n] = dataclasses.replace(held[n], read_only=False)
    return dataclasses.replace(program, globals=held)


def _heap_region_names(encoding: MemoryEncoding, *cfas: Cfa) -> tuple[str, ...]:
    names = {name for cfa in cfas for name in cfa.regions if is_heap(name)}
    if encoding is MemoryEncoding.BYTES:
        return (HEAP,) if names else ()
    return tuple(sorted(names))


def _opaque_call_memory(cfa: Cfa) -> list[tuple[str, ...]]:
    """The memory each call without code reads (such calls have their position as
    their first argument)."""
    return [tuple(r for r in edge.action.memory if is_heap(r)) for edge in cfa.edges
            if isinstance(edge.action, Event) and edge.action.args
            and edge.action.args[0] == Var(CALLS_VAR, ct.INT)]


def heap_classes(*cfas: Cfa) -> set[str]:
    return {memory_class(region.elem) for cfa in cfas for name, region in cfa.regions.items()
            if is_heap(name) and name != HEAP}


def heap_encoding(old: Cfa, new: Cfa) -> MemoryEncoding:
    """Bytes where `char` (or `_Bool`) accesses meet other classes, else typed."""
    classes = heap_classes(old, new)
    if CHAR_CLASS in classes and len(classes) > 1:
        return MemoryEncoding.BYTES
    return MemoryEncoding.TYPED


def _typed_assumption(old: Cfa, new: Cfa) -> tuple[Cfa, Cfa]:
    """Typed memory with several classes rests on the effective-type rule: say so."""
    classes = heap_classes(old, new)
    if len(classes) < 2:
        return old, new
    text = TYPED_ASSUMPTION.format(classes=", ".join(sorted(classes)))
    return tuple(  # type: ignore[return-value]
        dataclasses.replace(cfa, assumptions=(*cfa.assumptions, text)) for cfa in (old, new)
    )


GLOBAL_ALIAS_ASSUMPTION = (
    "pointer inputs do not point to the globals {names} (the function is not called as "
    "f(&global); set assume_no_alias to make that the rule)"
)


def _globals_pointers_may_reach(lowering: StmtLowering) -> list[str]:
    """The globals the function uses that a pointer input could point to: every
    one that does not hold its initialiser (a `static` one only where the file
    takes its address or lets it decay to a pointer), when the function reaches
    memory through pointer inputs. They are variables of their own, apart from
    the heap, so a verdict rests on their not being aliased (`assume_no_alias`
    says so already)."""
    if lowering.settings.assume_no_alias or not any(is_heap(r) for r in lowering.regions):
        return []
    program = lowering.program
    statics = _file_statics(program.ast)
    return sorted(
        name for name in lowering.global_places
        if callee_reaches(program, name, statics, lowering.address_taken | program.escaped))


def callee_reaches(program: Program, name: str, statics: set[str],
                   address_taken: set[str]) -> bool:
    """Can code elsewhere (a function without code here) read and write global
    `name`? Every non-const one with external linkage can; a `static` one only
    where the file lets its address out (`address_taken`: `&x`, an array that
    decays), as it may then be stored or passed on."""
    var = program.globals.get(name)
    return (var is not None and not var.holds_initialiser and not var.is_static_local
            and not name.startswith(FEATURE_PREFIX)
            and (name not in statics or name in address_taken))


def used_globals(program: Program, name: str) -> frozenset[str]:
    """The file-scope names that `name` and the functions it calls (with code here)
    mention: the globals a call without code may see that matter to the function
    (the others are the same in both versions of a pair)."""
    return function_closure(program, name)[1]


def _file_statics(ast: c_ast.FileAST) -> set[str]:
    return {ext.name for ext in ast.ext
            if isinstance(ext, c_ast.Decl) and ext.name and "static" in (ext.storage or [])}


def _replayed_statics(lowering: StmtLowering, outputs: list[Output]) -> tuple[StaticLocal, ...]:
    """The static locals that the replay harness sets or reads."""
    used = {item.ref for item in lowering.inputs} | {out.ref for out in outputs}
    return tuple(
        static
        for static in lowering.statics.values()
        if any(ref == static.ref or ref.startswith(static.ref + ".") for ref in used)
    )


def _type_text(fdef: c_ast.FuncDef, generator: c_generator.CGenerator) -> str:
    text: str = generator._generate_type(fdef.decl.type.type, emit_declname=False)
    return text.strip()


def _parameters(lowering: StmtLowering, fdef: c_ast.FuncDef) -> None:
    """Bind the entry function's parameters as inputs; a pointer's value is an
    address in the heap (a `restrict` one in a block of its own)."""
    program = lowering.program
    for position, param in enumerate(_param_decls(fdef)):
        key = f"arg{position}"
        pname = param.name
        if pname is None:
            continue
        ptype = program.complete(decay(program.resolve(param)))
        if is_function_pointer(ptype):
            _function_parameter(lowering, pname, key, ptype)
            continue
        place: Place
        if isinstance(ptype, PointerType):
            place = VarPlace(pname, ptype)
            lowering.declare_storage(place, RegionKind.LOCAL)
            exclusive = lowering.settings.assume_no_alias or _restrict(param)
            if _restrict(param):
                lowering.assume(f"'{pname}' is restrict: what is reached through it overlaps "
                                "nothing reached otherwise")
            lowering.pointer_input(
                pname, pname, ptype, InputSource.PARAM, key, position + 1 if exclusive else 0
            )
            lowering.bind(pname, place)
            continue
        place = VarPlace(lowering.fresh_name(pname), ptype)  # reserves the name for the input
        lowering.declare_storage(place, RegionKind.LOCAL)
        for leaf in leaves(ptype):
            ref = pname + leaf.path
            if is_function_pointer(leaf.type):  # calls through it are refused
                lowering.function_targets[ref] = frozenset({UNKNOWN_TARGET + ref})
                continue
            if isinstance(leaf.type, PointerType) and leaf.lone:
                lowering.pointer_input(ref, ref, leaf.type, InputSource.PARAM, key + leaf.path)
                continue
            is_region = ref in lowering.regions
            lowering.add_input(
                ref,
                ref,
                leaf.type,
                InputSource.PARAM,
                key + leaf.path,
                is_region=is_region,
                shape=cell_shape(pname, ptype, leaf.path, pointee=False) if is_region else None,
            )
        if pname in lowering.address_taken_in.get(fdef.decl.name, lowering.address_taken):
            copy = lowering.new_local(pname, ptype)
            lowering.write(copy, lowering.read(place), param)
            place = copy
        lowering.bind(pname, place)


def _restrict(param: c_ast.Decl) -> bool:
    """`T *restrict p`: no other pointer reaches the object p's accesses reach."""
    return isinstance(param.type, c_ast.PtrDecl) and "restrict" in (param.type.quals or [])


def _function_parameter(
    lowering: StmtLowering, pname: str, key: str, ptype: PointerType
) -> None:
    """A function pointer parameter: NULL (an input flag, as for data pointers) or
    a function without code here, whose calls are events named by the position."""
    place = VarPlace(pname, ptype)
    lowering.declare_storage(place, RegionKind.LOCAL)
    null = pname + NULL_SUFFIX
    lowering.variables[null] = ct.INT
    lowering.add_input(pname, null, ct.INT, InputSource.PARAM, key + NULL_SUFFIX)
    source = UNKNOWN_TARGET + key
    lowering.function_params[source] = (pname, f"(*{key})")
    number = Const(lowering.function_number(source), FUNCTION_ID)
    value = Ite(Var(null, ct.INT), Const(0, FUNCTION_ID), number, FUNCTION_ID)
    lowering.builder.emit(Assign(pname, value), lowering.current)
    lowering.function_targets[pname] = frozenset({source})
    lowering.bind(pname, place)


def _global_initialisers(lowering: StmtLowering, body_start: int) -> None:
    """Run the initialisers of fixed globals (and static locals) before the body."""
    builder = lowering.builder
    builder.current = builder.entry
    for action in lowering.entry_actions:
        builder.emit(action, lowering.current)
    lowering.initialising_globals = True
    done = 0
    while done < len(lowering.global_inits):
        init = lowering.global_inits[done]
        done += 1
        ctype = lowering.program.complete(init.var.type)
        written = set(lowering.written)
        if init.var.init is not None:
            lowering.current = init.var.location
            lowering.initialise(init.place, ctype, init.var.init)
        else:
            lowering._zero_fill(init.place, ctype, None)  # static storage starts zeroed
        if init.var.is_static_local or init.var.holds_initialiser:
            lowering.written = written  # its initialiser is no output of the call
    _copy_mirrors(lowering, out=False)
    for check in lowering.entry_checks:
        builder.emit(check, lowering.current)
    lowering.initialising_globals = False
    builder.join(body_start)


def _copy_mirrors(lowering: StmtLowering, out: bool) -> None:
    """Copy globals whose address is taken into their region mirrors (at the entry)
    or, where the body wrote them, back (at the return), so that old and new see
    the same scalar inputs and outputs whether or not they take the address."""
    written = set(lowering.written)
    for place, mirror in lowering.mirrors:
        if out and not any(place.name + leaf.path in written for leaf in leaves(place.type)):
            continue
        source, target = (mirror, place) if out else (place, mirror)
        lowering.write(target, lowering.read(source), None)
    lowering.written = written


def _return_outputs(ret: ct.CType, regions: Mapping[str, Region]) -> list[Output]:
    """The result's leaves; an array member is a region compared cell by cell."""
    if isinstance(ret, VoidType):
        return []
    outputs = []
    for leaf in leaves(ret):
        region = regions.get(RETURN_VAR + leaf.path)
        if region is not None:
            name = "return" + leaf.path
            outputs.append(Output(name, RETURN_VAR + leaf.path, region.elem, name, is_region=True))
            continue
        pointer = isinstance(leaf.type, PointerType)
        if pointer:
            outputs.append(
                Output(
                    "return" + leaf.path + NULL_SUFFIX,
                    RETURN_VAR + leaf.path + NULL_SUFFIX,
                    ct.INT,
                    "return" + leaf.path + NULL_SUFFIX,
                    pointer=True,
                )
            )
        outputs.append(
            Output(
                "return" + leaf.path,
                RETURN_VAR + leaf.path,
                ct.INDEX if pointer else leaf.type,
                "return" + leaf.path,
                pointer=pointer,
            )
        )
    return outputs


def address_taken_names(ast: c_ast.Node) -> set[str]:
    """Names whose address is taken anywhere in `ast` (`&x`, `&s.f`, `&a[i]`): they
    live in regions so that pointers to them have a region to point into."""
    names: set[str] = set()

    class Finder(c_ast.NodeVisitor):  # type: ignore[misc]  # pycparser has no stubs: the base is Any
        def visit_UnaryOp(self, node: c_ast.UnaryOp) -> None:
            if node.op == "&":
                base = node.expr
                while isinstance(base, (c_ast.StructRef, c_ast.ArrayRef)):
                    if isinstance(base, c_ast.StructRef) and base.type == "->":
                        base = None
                        break
                    base = base.name
                if isinstance(base, c_ast.ID):
                    names.add(base.name)
            self.generic_visit(node)

    Finder().visit(ast)
    return names


def retyped_names(ast: c_ast.FileAST) -> set[str]:
    """Names whose address (or decayed array) is converted to a pointer type,
    `(struct globals *)&bb_common_bufsiz1`: their object holds another type."""
    names: set[str] = set()

    class Finder(c_ast.NodeVisitor):  # type: ignore[misc]  # pycparser has no stubs: the base is Any
        def visit_Cast(self, node: c_ast.Cast) -> None:
            operand = node.expr
            if isinstance(operand, c_ast.UnaryOp) and operand.op == "&":
                operand = operand.expr
            if isinstance(operand, c_ast.ID) and isinstance(node.to_type.type, c_ast.PtrDecl):
                names.add(operand.name)
            self.generic_visit(node)

    Finder().visit(ast)
    return names


def subscripted_names(ast: c_ast.FileAST) -> set[str]:
    """Names subscripted anywhere (`a[i]`, `a[i][j]`): arrays or pointers."""
    names: set[str] = set()

    class Finder(c_ast.NodeVisitor):  # type: ignore[misc]  # pycparser has no stubs: the base is Any
        def visit_ArrayRef(self, node: c_ast.ArrayRef) -> None:
            base = node.name
            while isinstance(base, c_ast.ArrayRef):
                base = base.name
            if isinstance(base, c_ast.ID):
                names.add(base.name)
            self.generic_visit(node)

    Finder().visit(ast)
    return names


def escaping_names(program: Program, ast: c_ast.Node) -> set[str]:
    """Names in `ast` whose object is an argument of a call to a function without code
    (`getopt32(argv, "a:", &str)`, `stat(path, &st)`, `read(fd, buf, n)`): the
    callee may read, write and keep its address, so it lives in the heap. So does
    `x` of `&x` given to a library function that the prelude defines (`char *end;
    strtol(s, &end, 10)`): its reference code writes through `char **`, which a
    pointer to a local pointer cannot be held in."""
    names: set[str] = set()

    def library(callee: str) -> bool:
        fdef = program.functions.get(callee)
        path = program.location(fdef.decl).path if fdef is not None else ""
        return path.startswith("<") and path.endswith(".h>")

    class Finder(c_ast.NodeVisitor):  # type: ignore[misc]  # pycparser has no stubs: the base is Any
        def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
            callee = node.name.name if isinstance(node.name, c_ast.ID) else None
            if callee is not None and node.args and library(callee):
                for arg in node.args.exprs:
                    if (isinstance(arg, c_ast.UnaryOp) and arg.op == "&"
                            and isinstance(arg.expr, c_ast.ID)):
                        names.add(arg.expr.name)
            if callee is not None and callee not in program.functions and node.args:
                for arg in node.args.exprs:
                    base = arg.expr if isinstance(arg, c_ast.UnaryOp) and arg.op == "&" else arg
                    while isinstance(base, (c_ast.StructRef, c_ast.ArrayRef, c_ast.Cast)):
                        if isinstance(base, c_ast.StructRef) and base.type == "->":
                            break
                        base = base.expr if isinstance(base, c_ast.Cast) else base.name
                    if isinstance(base, c_ast.ID):
                        names.add(base.name)
            self.generic_visit(node)

    Finder().visit(ast)
    return names


def feature_guarded_writes(ast: c_ast.FileAST) -> dict[str, frozenset[str]]:
    """Per function, the names it writes only inside `if`s on feature variables
    (an `#ifdef` in its body), never outside one: in the other configurations
    the function leaves them alone."""
    found: dict[str, frozenset[str]] = {}
    for ext in ast.ext:
        if isinstance(ext, c_ast.FuncDef):
            writes = _Writes()
            writes.visit(ext.body)
            found[ext.decl.name] = frozenset(writes.guarded - writes.plain)
    return found


def _pure_feature(cond: c_ast.Node) -> bool:
    """Does `cond` read feature variables only (the encoding of an `#if`)?"""
    names = _Names()
    names.visit(cond)
    return not names.other


class _Names(c_ast.NodeVisitor):  # type: ignore[misc]  # pycparser has no stubs: the base is Any
    def __init__(self) -> None:
        self.other = False

    def visit_ID(self, node: c_ast.ID) -> None:
        self.other |= not node.name.startswith(FEATURE_PREFIX)

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        self.other = True


class _Writes(c_ast.NodeVisitor):  # type: ignore[misc]  # pycparser has no stubs: the base is Any
    """Names written (assigned, stepped, address taken) inside and outside feature `if`s."""

    def __init__(self) -> None:
        self.guarded: set[str] = set()
        self.plain: set[str] = set()
        self.depth = 0

    def write(self, node: c_ast.Node) -> None:
        while isinstance(node, (c_ast.StructRef, c_ast.ArrayRef)):
            node = node.name
        if isinstance(node, c_ast.ID):
            (self.guarded if self.depth else self.plain).add(node.name)

    def visit_If(self, node: c_ast.If) -> None:
        self.visit(node.cond)
        inner = int(_pure_feature(node.cond))
        self.depth += inner
        for branch in (node.iftrue, node.iffalse):
            if branch is not None:
                self.visit(branch)
        self.depth -= inner

    def visit_Assignment(self, node: c_ast.Assignment) -> None:
        self.write(node.lvalue)
        self.generic_visit(node)

    def visit_UnaryOp(self, node: c_ast.UnaryOp) -> None:
        if node.op in ("++", "--", "p++", "p--", "&"):
            self.write(node.expr)
        self.generic_visit(node)


def assigned_names(ast: c_ast.FileAST) -> set[str]:
    """Names that are assigned, incremented or have their address taken anywhere."""
    writes = _Writes()
    writes.visit(ast)
    return writes.guarded | writes.plain
