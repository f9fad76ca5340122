"""Storage bookkeeping for the lowering: variables, regions, scopes, inputs, outputs.

Globals are materialised on first use: in 'symbolic' mode each leaf becomes a
shared input; in 'initial' mode (and for const globals) its initialiser is
assigned at the entry of the CFA, so no constant folder is needed.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field

from pycparser import c_ast

from checker.errors import UnsupportedError
from checker.frontend.program import GlobalVar, Program
from checker.ir.cfa_builder import CfaBuilder
from checker.ir.heap import (
    HEAP,
    OBJECT_ALIGN,
    MemoryEncoding,
    PointerDomain,
    heap_key,
    is_heap,
    region_elem,
    region_name,
)
from checker.ir.ir import (
    Assign,
    Assume,
    Binary,
    BinOp,
    CellShape,
    Const,
    Expr,
    Input,
    InputSource,
    Output,
    Prototype,
    Region,
    RegionKind,
    StaticLocal,
    Var,
)
from checker.location import Location
from checker.lower.eval_order import EffectAnalysis
from checker.lower.layout import cell_shape, leaves
from checker.lower.values import UNKNOWN_TARGET, BytePlace, MemPlace, Place, VarPlace
from checker.semantics import ctype as ct
from checker.semantics.ctype import (
    ArrayType,
    CType,
    PointerType,
    ScalarType,
    VoidType,
    is_function_pointer,
)
from checker.types import Settings
from checker.variability import CONFIG_KEY_PREFIX, FEATURE_PREFIX, config_key

NULL_SUFFIX = "$null"
FUNCTION_ID = ct.INT
"""The IR type of a function pointer: 0 for NULL, else a number per function."""
MIRROR_PREFIX = "&"
NO_ALIAS_ASSUMPTION = (
    "pointer inputs point to objects that do not overlap each other or any global "
    "(assume_no_alias)"
)
GLOBAL_BLOCKS = (64, 63)
"""Exclusive heap blocks of pointer globals under assume_no_alias: 64 + (a stable
hash of the name) mod 63; parameters take block 1 + their position."""


_UNDECLARED_TYPE = re.compile(r"<undeclared type (\w+)>")
"""How the front end names a type it found no declaration of (`program._struct`)."""


class HeapPointer(Exception):
    """The pointer variable `name` is given pointers into different objects, each
    of which can be copied into the heap, or the local `name`'s address is kept
    in a variable: lower again with it in the heap from its declaration on
    (`LoweringState.heap_names`). Never leaves `lower_function`."""

    def __init__(self, name: str, problem: UnsupportedError) -> None:
        super().__init__(name)
        self.name = name
        self.problem = problem


@dataclass
class Frame:
    """One (possibly inlined) function activation."""

    function: str
    prefix: str
    return_loc: int
    return_place: Place | None
    location: Location
    scopes: list[dict[str, Place]] = field(default_factory=lambda: [{}])
    constants: dict[str, int] = field(default_factory=dict)
    """Integer locals initialised to a constant and never assigned again (VLA sizes)."""


@dataclass
class GlobalInit:
    """A global (or static local) whose initialiser runs at the CFA's entry."""

    place: Place
    var: GlobalVar


@dataclass
class LoweringState:
    program: Program
    settings: Settings
    entry_name: str
    builder: CfaBuilder = field(default_factory=CfaBuilder)
    variables: dict[str, ScalarType] = field(default_factory=dict)
    regions: dict[str, Region] = field(default_factory=dict)
    pointer_bases: dict[str, tuple[str | None, CType]] = field(default_factory=dict)
    null_compared: set[str] = field(default_factory=set)
    """Pointer variables compared while they held only NULL (as NULL itself): they
    must not become heap addresses later (`null_variable_in_heap`), which a loop
    could bring back to that comparison."""
    name_counts: dict[str, int] = field(default_factory=dict)
    frames: list[Frame] = field(default_factory=list)
    inputs: list[Input] = field(default_factory=list)
    input_refs: set[str] = field(default_factory=set)
    global_places: dict[str, Place] = field(default_factory=dict)
    global_inits: list[GlobalInit] = field(default_factory=list)
    global_leaves: dict[str, str] = field(default_factory=dict)  # var/region -> output key
    static_names: dict[str, str] = field(default_factory=dict)  # static local leaf -> its name
    statics: dict[str, StaticLocal] = field(default_factory=dict)  # by storage name
    mirrors: list[tuple[VarPlace, MemPlace]] = field(default_factory=list)
    """Globals whose address is taken: (the input/output place, the region mirror that
    the body reads and writes); copied in at the entry and out at the return."""
    mirror_of: dict[str, str] = field(default_factory=dict)  # mirror leaf region -> leaf
    limits: dict[str, Expr] = field(default_factory=dict)
    """Regions whose size is chosen at run time (`c ? "yes" : "no"`): the variable
    holding it; accesses are checked against it, not the static length."""
    written: set[str] = field(default_factory=set)
    assumptions: list[str] = field(default_factory=list)
    address_taken: set[str] = field(default_factory=set)
    opaque_constants: set[str] = field(default_factory=set)
    """Names declared nowhere taken as int constants (`opaque_global`)."""
    object_names: set[str] = field(default_factory=set)
    """Names subscripted or whose address is taken anywhere (pre-scanned): a name
    declared nowhere used so is an object, not a constant (`opaque_global`)."""
    escaping: set[str] = field(default_factory=set)
    """Names passed (their address, or an array) to functions without code (pre-scanned)."""
    address_taken_in: dict[str, set[str]] = field(default_factory=dict)
    escaping_in: dict[str, set[str]] = field(default_factory=dict)
    """`address_taken` and `escaping` per function: a local is named only inside its
    function, so another function's `&len` is another object (BusyBox's
    `mempcpy(dest, src, len)`, inlined into a caller that gives `&len` to code we
    do not have, keeps its parameter out of memory)."""
    retyped: set[str] = field(default_factory=set)
    """Names whose address is converted to another pointer type (pre-scanned): a
    global array used as storage for objects of another type (BusyBox's
    `#define G (*(struct globals*)&bb_common_bufsiz1)`)."""
    assigned: set[str] = field(default_factory=set)
    """Names assigned anywhere after their declaration (pre-scanned)."""
    guarded_writes: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Function -> names it writes only under a feature condition (pre-scanned)."""
    externals: dict[str, Prototype | None] = field(default_factory=dict)
    opaque_objects: set[str] = field(default_factory=set)
    """Names declared nowhere used as addresses (`Cfa.opaque_objects`)."""
    opaque_arrays: set[str] = field(default_factory=set)
    """Names declared nowhere taken as `extern char X[];`, and char arrays declared
    without their size (`Cfa.opaque_arrays`)."""
    effect_analysis: EffectAnalysis | None = None
    """Side effects of expressions, for C's unspecified evaluation order (on first use)."""
    function_ids: dict[str, int] = field(default_factory=dict)
    """The number a function pointer to each function holds (0 is NULL)."""
    function_targets: dict[str, frozenset[str]] = field(default_factory=dict)
    """What each variable or region of function pointers may hold (beside NULL)."""
    function_reads: dict[str, frozenset[str]] = field(default_factory=dict)
    """The targets each one was read with, so far in the lowering."""
    function_globals: set[str] = field(default_factory=set)
    """Function pointers in globals and static locals (their leaves' storage)."""
    initialising_globals: bool = False
    """Lowering the initialisers of globals (at the entry), not the body."""
    function_params: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Unknown targets of the entry's function pointer parameters: the parameter
    and the event a call through it is (`UNKNOWN_TARGET` + input key -> both)."""
    unroll: int | None = None
    """Bounded lowering: loops unrolled and recursion inlined this many times."""
    encoding: MemoryEncoding = MemoryEncoding.TYPED
    """How the heap (memory behind pointer inputs) is encoded (see ir/heap.py)."""
    heap_regions: tuple[str, ...] = ()
    """Heap regions declared up front (both versions of a pair declare the same, so
    that calls without code read and write the same memory in both)."""
    call_globals: tuple[str, ...] = ()
    """Globals a call without code reads and may write (both versions of a pair
    name the same, so that unchanged calls see the same and cancel)."""
    entry_actions: list[Assign] = field(default_factory=list)
    entry_checks: list[Assume] = field(default_factory=list)
    """What holds once the globals are initialised (heap copies of constants)."""
    heap_constants: set[str] = field(default_factory=set)
    """Constant objects (regions) whose contents the heap holds (see constant_in_heap)."""
    """Assignments at the CFA's entry, before globals are initialised (null flags
    of pointer inputs)."""
    heap_names: frozenset[str] = frozenset()
    """Storage the lowering found belongs in the heap (see `HeapPointer`): pointer
    variables given pointers into several constant objects (`s = "INET"; ...
    s = "PACKET";`), which point into the heap from the start; locals whose
    address is kept in a variable although they hold pointers (`save(&old)`),
    which live there."""
    deadline: float | None = None
    """A `time.monotonic()` past which lowering stops (OutOfTime)."""
    local_names: set[str] = field(default_factory=set)
    """The storage names of locals held in variables (what `heap_names` may move)."""
    region_locals: set[str] = field(default_factory=set)
    """The storage names of locals held in regions of their own (arrays, objects
    whose address is taken): `heap_names` moves one that is passed on to code
    without it (see `constant_in_heap`)."""
    inline_counter: int = 0
    temp_counter: int = 0
    current: Location = field(default_factory=lambda: Location("?", 0))

    # ------------------------------------------------------------ helpers

    def unsupported(self, construct: str, node: c_ast.Node | None = None) -> UnsupportedError:
        loc = self.program.location(node) if node is not None else self.current
        if loc.line == 0:
            loc = self.current
        undeclared = _UNDECLARED_TYPE.search(construct)
        if undeclared is not None:
            construct += (f" ('{undeclared.group(1)}' is declared in no header this file "
                          "includes: a header we do not have, or a file compiled only as "
                          "#included into another, which declares it first)")
        return UnsupportedError(construct, loc)

    def assume(self, text: str) -> None:
        if text not in self.assumptions:
            self.assumptions.append(text)

    @property
    def globals_initial(self) -> bool:
        mode = self.settings.globals_mode
        return mode == "initial" or (mode == "auto" and self.entry_name == "main")

    def fresh_name(self, base: str) -> str:
        prefix = self.frames[-1].prefix if self.frames else ""
        name = prefix + base
        count = self.name_counts.get(name, 0)
        self.name_counts[name] = count + 1
        return name if count == 0 else f"{name}#{count}"

    def temp(self, ctype: ScalarType) -> str:
        self.temp_counter += 1
        name = f"$t{self.temp_counter}"
        self.variables[name] = ctype
        return name

    def lookup(self, name: str) -> Place | None:
        for scope in reversed(self.frames[-1].scopes):
            if name in scope:
                return scope[name]
        return None

    def bind(self, name: str, place: Place) -> None:
        self.frames[-1].scopes[-1][name] = place

    # ------------------------------------------------------------ storage

    def declare_storage(self, place: Place, kind: RegionKind, count: int | None = 1) -> None:
        """Create the variables/regions behind a place of `count` objects."""
        ctype = place.type
        if isinstance(place, VarPlace):
            if isinstance(ctype, ArrayType):
                raise AssertionError("arrays are stored in regions")
            for leaf in leaves(ctype):
                name = place.name + leaf.path
                if not leaf.lone:
                    self._region(name, leaf.type, leaf.count, kind)
                else:
                    self._variable(name, leaf.type)
            return
        assert isinstance(place, MemPlace)  # storage is declared for whole objects
        for leaf in leaves(ctype):
            length = None if count is None else count * leaf.count
            self._region(place.base + leaf.path, leaf.type, length, kind)

    def _variable(self, name: str, ctype: ScalarType) -> None:
        if is_function_pointer(ctype):
            self.variables[name] = FUNCTION_ID
        elif isinstance(ctype, PointerType):
            self.variables[name] = ct.INDEX  # pointers are element offsets in the IR
            self.variables[name + NULL_SUFFIX] = ct.INT
            if name in self.heap_names:
                self.pointer_bases[name] = (HEAP, ctype.target)
            self.pointer_bases.setdefault(name, (None, ctype.target))
        else:
            self.variables[name] = ctype

    # ------------------------------------------------------------ the heap

    def heap_region(self, ctype: ScalarType) -> str:
        """The heap region an access of type `ctype` goes to, declared (with its
        input) on first use."""
        name = region_name(ctype, self.encoding)
        if name not in self.regions:
            elem = region_elem(name)
            self.regions[name] = Region(name, elem, None, RegionKind.HEAP)
            key = heap_key(name)
            self.add_input(key, name, elem, InputSource.MEMORY, key, is_region=True)
        return name

    def heap_memory(self) -> tuple[str, ...]:
        """Every heap region: what a call without code can read and write."""
        for name in self.heap_regions:
            if name not in self.regions:
                self.heap_region(region_elem(name))
        return tuple(sorted(name for name in self.regions if is_heap(name)))

    @property
    def noreturn(self) -> frozenset[str]:
        return frozenset(self.settings.noreturn_functions) | self.program.noreturn

    def pointer_input(
        self,
        name: str,
        ref: str,
        ptype: PointerType,
        source: InputSource,
        key: str,
        block: int = 0,
        named: str = "",
        automatic: int = 0,
        align: int = 1,
    ) -> None:
        """A pointer whose value is an input: NULL or an address in the heap (in the
        shared range, or the exclusive `block`); its null flag follows at the entry.
        `named`: the file-scope object it is the address of (`Input.object`);
        `automatic`: the size of the local object it is the address of; `align`:
        an alignment beyond its type's."""
        target = self.program.complete(ptype.target)
        if self.settings.assume_no_alias:
            block = block or exclusive_block(key)
            self.assume(NO_ALIAS_ASSUMPTION)
        # C: a T * is aligned for T
        domain = PointerDomain(max(align, _alignment(target)), block)
        self.add_input(name, ref, PointerType(target), source, key, pointer=domain, named=named,
                       automatic=automatic)
        self.pointer_bases[ref] = (HEAP, target)
        null = Binary(BinOp.EQ, Var(ref, ct.INDEX), Const(0, ct.INDEX), ct.INT)
        self.entry_actions.append(Assign(ref + NULL_SUFFIX, null))

    def heap_object(self, key: str, target: CType, named: str = "",
                    automatic: bool = False, align: int = 1) -> Var:
        """The address of an object that lives in the heap though C gives it storage
        of its own (see `_escaping_local`, `constant_in_heap`, extern arrays of
        unknown size): an input named `key`, the same in both versions, never NULL,
        in a block of its own (it overlaps no pointer input's object); the
        compiled harness leaves it to the real program (`named`: the file-scope
        object, by its C name, whose address it is there; `automatic`: a local
        object of the function, dead once it returns)."""
        ref = f"$addr:{key}"
        if ref not in self.variables:
            ptype = PointerType(target)
            self._variable(ref, ptype)
            size = self.program.complete(target).size if automatic else 0
            self.pointer_input(key, ref, ptype, InputSource.LOCAL, key, exclusive_block(key),
                               named, size, align)
            self.entry_checks.append(
                Assume(Binary(BinOp.NE, Var(ref, ct.INDEX), Const(0, ct.INDEX), ct.INT)))
        return Var(ref, ct.INDEX)

    def heap_outputs(self) -> list[Output]:
        """The heap's regions that the function writes: outputs, compared whole."""
        return [
            Output(heap_key(name), name, self.regions[name].elem, heap_key(name), True)
            for name in sorted(self.written)
            if is_heap(name)
        ]

    def _region(self, name: str, elem: ScalarType, length: int | None, kind: RegionKind) -> None:
        if is_function_pointer(elem):
            elem = FUNCTION_ID
        elif isinstance(elem, PointerType):
            raise self.unsupported("pointers stored in arrays or in memory")
        self.regions[name] = Region(name, elem, length, kind)

    def add_input(
        self,
        name: str,
        ref: str,
        ctype: ScalarType,
        source: InputSource,
        key: str,
        is_region: bool = False,
        start: int | float | None = None,
        private: bool = False,
        pointer: PointerDomain | None = None,
        shape: CellShape | None = None,
        named: str = "",
        automatic: int = 0,
    ) -> None:
        if ref in self.input_refs:
            return
        self.input_refs.add(ref)
        self.inputs.append(Input(name, ref, ctype, source, key, is_region, private, start,
                                 pointer=pointer, shape=shape, object=named,
                                 automatic=automatic))

    # ------------------------------------------------------------ globals

    def global_place(self, name: str, node: c_ast.Node | None) -> Place | None:
        """The place of a file-scope variable, materialised on first use."""
        if name in self.global_places:
            return self.global_places[name]
        var = self.program.globals.get(name)
        if var is None:
            self.program.check_usable(name)
            return None
        return self.materialise_global(
            name, var, name, self.addressable(name, self.program.complete(var.type))
        )

    def opaque_global(self, name: str, where: Location) -> Place:
        """A name declared nowhere (its header is absent: BusyBox's generated
        common_bufsiz.h, linux/pkt_sched.h's TC_H_UNSPEC, a syscall number):
        as if declared `extern char NAME[];` where it is used as an object
        (subscripted, its address taken), else an int constant: an input of its
        own kind (`InputSource.OPAQUE`), whose value the compiled replay takes
        from the real header. Either is the same in both versions, so a verdict
        that does not depend on it holds for whatever the real header says; one
        that does rests on a witness gcc replays with the real declaration."""
        if name in self.object_names:
            self.assume(f"'{name}' is declared nowhere here: taken as an array of char "
                        f"(`extern char {name}[];`) at an address of its own, the same in "
                        "both versions")
            var = GlobalVar(name, ct.ArrayType(ct.CHAR, None), None, False, where)
            self.opaque_arrays.add(name)
            return self.materialise_global(name, var, name, False)
        self.assume(f"'{name}' is declared nowhere here: taken as an unknown constant "
                    "of type int, the same in both versions")
        place = VarPlace(name, ct.INT)
        self.declare_storage(place, RegionKind.GLOBAL)
        self.global_places[name] = place
        self.global_leaves[name] = name
        self.add_input(name, name, ct.INT, InputSource.OPAQUE, name)
        self.opaque_constants.add(name)
        return place

    def addressable(self, name: str, ctype: CType, local: bool = False) -> bool:
        """Does an object need a region for pointers to point into? Its name's
        address is taken somewhere in the file, or for a `local`, in the function
        being lowered (by name: another object of the same name may be the one),
        and it holds no pointer (pointers in memory are not modelled; `&` of it is
        then refused where it happens)."""
        taken = self.local_named_in(name, self.address_taken_in, self.address_taken) if local \
            else name in self.address_taken
        return taken and not any(isinstance(leaf.type, PointerType) for leaf in leaves(ctype))

    def local_named_in(self, name: str, per_function: Mapping[str, set[str]],
                       whole_file: set[str]) -> bool:
        """Is local `name` in the current function's set of `per_function` (of
        `whole_file`, for a function it does not list)?"""
        names = per_function.get(self.frames[-1].function) if self.frames else None
        return name in (whole_file if names is None else names)

    def materialise_global(
        self,
        key: str,
        var: GlobalVar,
        storage: str,
        addressed: bool,
        match: str | None = None,
        starts: Mapping[str, int | float] | None = None,
    ) -> Place:
        """The place of a global or static local; `addressed` (its address is taken
        somewhere) gives it a region mirror that pointers can point into. `match`:
        the key old and new share its input and output by (default `key`); a static
        local's is its own (private to its version unless both declare it alike), and
        `starts` its leaves' values when the program starts."""
        ctype = self.program.complete(var.type)
        place: Place
        if isinstance(ctype, ArrayType):
            if ctype.length is None:  # `extern T a[];`: its extent is not ours to know
                self.assume("an array declared without its size is in memory at an address "
                            f"of its own (aligned to {OBJECT_ALIGN} bytes), the same in "
                            "both versions (its contents an input)")
                if key == var.name and ctype.elem.size == 1:  # its storage: the harness's,
                    self.opaque_arrays.add(key)  # as for one declared nowhere
                place = MemPlace(HEAP, ctype, self.heap_object(f"&{key}", ctype.elem,
                                                               align=OBJECT_ALIGN))
                self.global_places[key] = place
                return place
            if var.name in self.retyped and not (var.holds_initialiser or var.is_static_local
                                                 or self.globals_initial):
                # storage for objects of another type: bytes, as the heap is
                self.assume("a global array whose address is converted to another pointer "
                            "type is in memory at an address of its own, the same in both "
                            "versions (its bytes inputs and outputs, like any global's)")
                place = MemPlace(HEAP, ctype, self.heap_object(f"&{key}", ctype))
                self.global_places[key] = place
                return place
            place = MemPlace(storage, ctype, Const(0, ct.INDEX))
            self.declare_storage(place, RegionKind.GLOBAL, 1)
        else:
            place = VarPlace(storage, ctype)
            self.declare_storage(place, RegionKind.GLOBAL)
        self.global_places[key] = place
        self._register_global_leaves(place, key, var, match or key, starts or {})
        if addressed and isinstance(place, VarPlace):
            mirror = MemPlace(MIRROR_PREFIX + storage, ctype, Const(0, ct.INDEX))
            self.declare_storage(mirror, RegionKind.LOCAL, 1)
            for leaf in leaves(ctype):
                self.mirror_of[mirror.base + leaf.path] = storage + leaf.path
            self.mirrors.append((place, mirror))
            self.global_places[key] = mirror
            return mirror
        return place

    def _register_global_leaves(
        self, place: Place, key: str, var: GlobalVar, match: str, starts: Mapping[str, int | float]
    ) -> None:
        assert not isinstance(place, BytePlace)  # a global is a whole object
        base = place.name if isinstance(place, VarPlace) else place.base
        is_feature = var.name.startswith(FEATURE_PREFIX)
        fixed = (self.globals_initial or var.holds_initialiser) and not is_feature
        if fixed and var.read_only and not var.const and not self.globals_initial:
            self.assume(READ_ONLY_ASSUMPTION.format(name=var.name))
        for leaf in leaves(place.type):
            ref = base + leaf.path
            is_region = ref in self.regions
            if is_function_pointer(leaf.type):  # no input: known targets, or refused
                self.function_globals.add(ref)
                self.function_targets[ref] = (
                    function_designators(var.init, self.program) if fixed
                    else frozenset({UNKNOWN_TARGET + var.name + leaf.path}))
                continue
            if isinstance(leaf.type, PointerType):
                if not (fixed or is_feature or is_region or var.is_static_local):
                    self.global_leaves[ref] = match + leaf.path
                    self.pointer_input(
                        key + leaf.path, ref, leaf.type, InputSource.GLOBAL, match + leaf.path
                    )
                continue
            self.global_leaves[ref] = match + leaf.path
            if var.is_static_local:
                self.static_names[ref] = key + leaf.path
            if fixed:
                continue
            if is_feature:
                self.add_input(
                    var.name[len(FEATURE_PREFIX) :],
                    ref,
                    leaf.type,
                    InputSource.CONFIG,
                    config_key(var.name),
                    is_region,
                )
            else:
                self.add_input(
                    key + leaf.path,
                    ref,
                    leaf.type,
                    InputSource.GLOBAL,
                    match + leaf.path,
                    is_region,
                    starts.get(leaf.path),
                    var.is_static_local,
                    shape=cell_shape(key, place.type, leaf.path, pointee=False)
                    if is_region else None,
                )
        if fixed:
            self.global_inits.append(GlobalInit(place, var))

    # ------------------------------------------------------------ outputs

    def mark_written(self, name: str) -> None:
        name = self.mirror_of.get(name, name)
        if name in self.global_leaves or (
            name in self.regions and self.regions[name].kind in (RegionKind.PARAM, RegionKind.HEAP)
        ):
            self.written.add(name)

    def global_outputs(self) -> list[Output]:
        outputs: list[Output] = []
        for ref in sorted(self.written):
            if ref in self.global_leaves:
                key = self.global_leaves[ref]
                if key.startswith(CONFIG_KEY_PREFIX):
                    continue
                is_region = ref in self.regions
                ctype = self.regions[ref].elem if is_region else self.variables[ref]
                name = self.static_names.get(ref, key)
                private = ref in self.static_names
                pointer = ref + NULL_SUFFIX in self.variables
                outputs.append(
                    Output(name, ref, ctype, key, is_region, pointer=pointer, private=private)
                )
        return outputs


READ_ONLY_ASSUMPTION = (
    "'{name}' is static and nothing in its file writes it or lets its address out: it "
    "holds its initialiser (no other file can name it)"
)


def _alignment(target: CType) -> int:
    """What a pointer to `target` is aligned to (1 where C says nothing)."""
    if isinstance(target, (VoidType, ct.FunctionType)):
        return 1
    try:
        return ct.alignment(target)
    except (AttributeError, TypeError):
        return 1


def exclusive_block(key: str) -> int:
    """The exclusive block of a pointer global, or of a local object that lives in
    the heap (stable across runs and versions; two keys that share a block may
    overlap: more behaviours, never fewer)."""
    first, count = GLOBAL_BLOCKS
    return first + zlib.crc32(key.encode()) % count
def function_designators(init: c_ast.Node | None, program: Program) -> frozenset[str]:
    """The functions an initialiser names: what a function pointer it initialises
    may point to."""
    found: set[str] = set()

    class Finder(c_ast.NodeVisitor):  # type: ignore[misc]  # pycparser has no stubs: the base is Any
        def visit_ID(self, node: c_ast.ID) -> None:
            if node.name in program.functions or node.name in program.prototypes:
                found.add(node.name)

    if init is not None:
        Finder().visit(init)
    return frozenset(found)
