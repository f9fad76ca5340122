"""The IR: typed scalar expressions and a control-flow automaton (CFA) per function.

Every node kind is declared here and nowhere else. The lowering makes C's
implicit conversions explicit, so each engine (SMT encoding, interpreter, CHC)
only has to give every node kind one meaning:

* Values are scalars: integers of a given `IntType`, IEEE floats, and pointers.
  A pointer into a local object is an element offset (a 64-bit integer) into
  the region the lowering knows statically; a pointer into the heap (the objects
  behind pointer inputs, see `heap.py`) is a byte address.
* Aggregates are flattened: a struct variable `s` becomes variables `s.x`, `s.y`;
  arrays become `Region`s (arrays of scalars indexed by 64-bit element offsets);
  the heap is one region per memory class, or one region of bytes, indexed by
  byte address.
* A function is one CFA: edges carry an `Action`; there is one entry and one
  exit. The outputs are variables and regions read at the exit.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar, cast

from checker.ir.heap import PointerDomain
from checker.location import Location
from checker.semantics.ctype import INT, IntType, PointerType, ScalarType


class BinOp(enum.Enum):
    ADD = "+"
    SUB = "-"
    MUL = "*"
    DIV = "/"
    MOD = "%"
    SHL = "<<"
    SHR = ">>"
    BAND = "&"
    BOR = "|"
    BXOR = "^"
    EQ = "=="
    NE = "!="
    LT = "<"
    LE = "<="
    GT = ">"
    GE = ">="

    @property
    def is_comparison(self) -> bool:
        return self in _COMPARISONS

    @property
    def is_shift(self) -> bool:
        return self in (BinOp.SHL, BinOp.SHR)


_COMPARISONS = frozenset({BinOp.EQ, BinOp.NE, BinOp.LT, BinOp.LE, BinOp.GT, BinOp.GE})


class UnOp(enum.Enum):
    NEG = "-"
    BNOT = "~"
    LNOT = "!"


# ---------------------------------------------------------------- expressions


@dataclass(frozen=True)
class Const:
    """A constant; `value` is an int for integer/pointer types, a float for floats."""

    value: int | float
    type: ScalarType


@dataclass(frozen=True)
class Var:
    name: str
    type: ScalarType


@dataclass(frozen=True)
class Load:
    """Element `index` (64-bit signed element offset) of a region; in the heap's
    region of bytes, a `type` wider than a byte reads its bytes little-endian
    from address `index` on."""

    region: str
    index: Expr
    type: ScalarType


@dataclass(frozen=True)
class Unary:
    """NEG and BNOT: `arg.type == type` (promoted). LNOT: any scalar arg, type int."""

    op: UnOp
    arg: Expr
    type: ScalarType


@dataclass(frozen=True)
class Binary:
    """Arithmetic: both operands already converted to `type`.

    Shifts: `left.type == type`, `right` is a promoted integer of any width.
    Comparisons: operands of one common type, result `int`.
    Pointers (offsets): `ptr + int`, `ptr - int`, `ptr - ptr` and comparisons;
    the lowering has already scaled nothing (offsets count elements).
    """

    op: BinOp
    left: Expr
    right: Expr
    type: ScalarType


@dataclass(frozen=True)
class Cast:
    """Conversion to a scalar type (6.3): integer wrap, float rounding, to-_Bool test."""

    arg: Expr
    type: ScalarType


@dataclass(frozen=True)
class Bits:
    """The same bits read as another scalar type of the same width: a float's IEEE
    pattern as an unsigned integer, or the reverse (a union's bytes read through
    another member). No C operator does this; a conversion (`Cast`) keeps values."""

    arg: Expr
    type: ScalarType


@dataclass(frozen=True)
class Ite:
    """`cond ? then : other` without side effects; `cond` is tested against zero."""

    cond: Expr
    then: Expr
    other: Expr
    type: ScalarType


@dataclass(frozen=True)
class Call:
    """Result of an external function (no code available, or a library function).

    Modelled as a deterministic function of its arguments (for a function without
    code, its position among such calls first) and of the contents of the
    regions in `memory`; known library functions (libm) are executed for real by
    the replays.
    """

    func: str
    args: tuple[Expr, ...]
    type: ScalarType
    memory: tuple[str, ...] = ()


CHAR_POINTER = PointerType(IntType(8, True, "char", 1, 1))


@dataclass(frozen=True)
class StrConst:
    """A string literal passed to an external function; compared by content."""

    text: str
    type: ScalarType = CHAR_POINTER


FUNCTION_SYMBOL = "\u0100&"
"""How a StrConst names a function passed to a function without code (then its
name, and `#` and a digest of its code where it has code here: see
lower/callbacks.py). A literal's text is latin-1, which has no U+0100: no string
is a symbol."""


def symbol_function(text: str) -> str | None:
    """The function a StrConst names (see FUNCTION_SYMBOL), or None for a string."""
    if not text.startswith(FUNCTION_SYMBOL):
        return None
    return text[len(FUNCTION_SYMBOL):].split("#", 1)[0]


Expr = Const | Var | Load | Unary | Binary | Cast | Bits | Ite | Call | StrConst
EXPR_KINDS: tuple[type, ...] = (Const, Var, Load, Unary, Binary, Cast, Bits, Ite, Call, StrConst)


def truth(expr: Expr) -> Expr:
    """`expr != 0` as an int-typed expression, reusing comparisons as they are."""
    if isinstance(expr, Binary) and expr.op.is_comparison:
        return expr
    if isinstance(expr, Unary) and expr.op is UnOp.LNOT:
        return expr
    return Binary(
        BinOp.NE, expr, Const(0, expr.type) if not _is_float(expr) else Const(0.0, expr.type), INT
    )


def negation(expr: Expr) -> Expr:
    return Unary(UnOp.LNOT, expr, INT)


def _is_float(expr: Expr) -> bool:
    from checker.semantics.ctype import FloatType

    return isinstance(expr.type, FloatType)


# ---------------------------------------------------------------- actions


@dataclass(frozen=True)
class Assign:
    target: str
    value: Expr


@dataclass(frozen=True)
class Store:
    """Write `value` at `index` (in the heap's region of bytes: all its bytes)."""

    region: str
    index: Expr
    value: Expr


@dataclass(frozen=True)
class Assume:
    """The edge is taken only when `cond` is non-zero."""

    cond: Expr
    settles: bool = False
    """A fact about the initial memory of the form `heap[a] == v` (a constant
    object's copy in the heap holds its contents): a replay whose memory is made
    up (random tests) makes it true where nothing fixed those bytes yet."""


@dataclass(frozen=True)
class Event:
    """An observable call to an external function with side effects (printf, ...).

    The sequence of events (name, argument values and the contents of the regions
    in `memory`, which the callee can read) is an output of the function. With
    `writes`, the call also changes those regions: each becomes an uninterpreted
    function of the arguments and of their contents before the call.
    """

    func: str
    args: tuple[Expr, ...]
    memory: tuple[str, ...] = ()
    writes: bool = False
    seen: tuple[str, ...] = ()
    """The globals (variables) whose values at the call end `args`: what a call
    without code can read beside its arguments (the replay's stub logs them)."""


@dataclass(frozen=True)
class Skip:
    pass


Action = Assign | Store | Assume | Event | Skip
ACTION_KINDS: tuple[type, ...] = (Assign, Store, Assume, Event, Skip)


@dataclass(frozen=True)
class Edge:
    src: int
    dst: int
    action: Action
    loc: Location | None = None


# ---------------------------------------------------------------- functions


class RegionKind(enum.Enum):
    PARAM = "param"  # the object behind a pointer parameter: an input and an output
    HEAP = "heap"  # memory reachable through pointers (heap.py): an input and an output
    GLOBAL = "global"
    LOCAL = "local"


@dataclass(frozen=True)
class Region:
    name: str
    elem: ScalarType
    length: int | None
    kind: RegionKind
    init: tuple[int | float, ...] | None = None
    """Initial contents for globals in 'initial' mode and const tables (rest zero)."""
    const: bool = False


@dataclass(frozen=True)
class CellShape:
    """Where cell `i` of a region input lies in C: the root object, the member
    path `head` before the first subscript, then one subscript per array
    level, each followed by its member path (the flat index is row-major, as
    the lowering lays aggregates out). The first level's extent is None for
    the objects behind a pointer (unbounded)."""

    root: str
    head: str
    dims: tuple[tuple[int | None, str], ...]
    bytes: bool = False
    """The last level counts the bytes of a union, which C names through an
    `unsigned char` pointer (`((unsigned char *)&u)[2]`)."""

    @property
    def path(self) -> str:
        """The leaf's member path (`.a`, `.in.y`): the text between the subscripts."""
        return self.head + "".join(suffix for _, suffix in self.dims)

    @property
    def per_object(self) -> int:
        """Cells in one element of the first level (one object behind a pointer)."""
        count = 1
        for extent, _ in self.dims[1:]:
            count *= extent or 1
        return count

    def lvalue(self, index: int, root: str | None = None) -> str:
        """C text of cell `index` (`root`: another spelling of the root's name)."""
        digits: list[int] = []
        for extent, _ in reversed(self.dims[1:]):
            assert extent  # cell_shape gives inner levels a positive extent
            digits.append(index % extent)
            index //= extent
        digits.append(index)
        digits.reverse()
        last = digits.pop() if self.bytes else None
        subscripts = "".join(
            f"[{digit}]{suffix}" for digit, (_, suffix) in zip(digits, self.dims, strict=False)
        )
        text = (self.root if root is None else root) + self.head + subscripts
        return text if last is None else f"((unsigned char *)&{text})[{last}]"


class InputSource(enum.Enum):
    PARAM = "param"
    GLOBAL = "global"
    CONFIG = "config"  # a feature variable of the metaproduct
    MEMORY = "memory"  # the heap's contents
    LOCAL = "local"  # the address of a local object passed to code we do not have
    OPAQUE = "opaque"  # a constant declared nowhere here: its value is the real header's


@dataclass(frozen=True)
class Input:
    """A scalar variable or a whole region whose initial value is shared by old and new."""

    name: str  # user-facing path: "x", "s.x", "g", "*buf"
    ref: str  # variable or region name in the CFA
    type: ScalarType
    source: InputSource
    key: str  # matches old and new: "arg0.x" for parameters (by position), names otherwise
    is_region: bool = False
    private: bool = False
    """A static local's state (see `Output.private`)."""
    start: int | float | None = None
    """A static local's value when the program starts (a region's: every cell's), if known."""
    pointer: PointerDomain | None = None
    """A pointer into the heap (its address): the values it may take."""
    shape: CellShape | None = None
    """A region's cells as C objects (None: a scalar, or a layout C cannot name by subscripts)."""
    object: str = ""
    """A `LOCAL` input that is the address of a file-scope object: the object's C
    name, by which the compiled replay reaches the real object (stubs answer for
    its real address)."""
    automatic: int = 0
    """A `LOCAL` input that is the address of one of the function's own automatic
    objects (a local given to code we do not have): its size in bytes. The object
    is dead once the function returns, so its final bytes are no output."""


@dataclass(frozen=True)
class Output:
    """A variable or region read at the exit and compared between old and new."""

    name: str  # user-facing path: "return", "return.x", "g", "*buf"
    ref: str
    type: ScalarType
    key: str  # as Input.key; an output with the key of an input starts at that input
    is_region: bool = False
    pointer: bool = False  # a pointer's offset or null flag (not comparable across binaries)
    private: bool = False
    """A static local's state: compared only when the other version has the same output
    (declared alike); a static of one version alone is its own business."""


@dataclass(frozen=True)
class StaticLocal:
    """A `static` local as the compiled replay reaches it: the harness labels its
    declaration (at `line`, `column`) for the assembler and declares an alias of it."""

    ref: str  # its storage name in the CFA ("count::n")
    function: str
    name: str
    line: int
    column: int
    declaration: str
    """C declaration of an object of its type, `{}` standing for the name."""


@dataclass(frozen=True)
class StubParam:
    """A parameter of a function without code, as the replay's stub names and logs it."""

    name: str
    pointer: bool
    """A pointer (arrays adjusted): logged as an address in the witness's memory."""
    text: bool
    """A pointer to a character type: outside the witness's memory, logged as the
    string it points to."""
    va_type: str = ""
    """An argument past a variadic function's named parameters (`ioctl(fd, REQ,
    &ver)`): the C type `va_arg` reads it as (promoted); empty for a named one."""


Returns = Literal["void", "pointer", "value"]


@dataclass(frozen=True)
class Prototype:
    """A function without code as the compiled replay defines its stub, made by the
    lowering from the parsed declaration (the harness never reads C text)."""

    signature: str
    """The stub's C declarator with every parameter named, e.g.
    `int get(int __liftdiff_a0, const char *key)`."""
    params: tuple[StubParam, ...]
    variadic: bool
    returns: Returns
    implicit: bool = False
    """Made from a call of a function declared nowhere here (`int NAME()` of the
    arguments given): its C name is `implicit_c_name(NAME)`, bound to the symbol
    NAME by an assembler label, so that it replaces the library's NAME where gcc's
    headers declare one with types of their own (glibc's `sched_getaffinity`)."""


def implicit_c_name(symbol: str) -> str:
    """The C name of the stub of `symbol`, a function declared nowhere here
    (`Prototype.implicit`): another name than any header's declaration of it."""
    return f"__liftdiff_implicit_{symbol}"


STATUS_VAR = "$status"
"""0 = returned normally, 1 = trapped (division by zero, INT_MIN / -1, out of bounds,
NULL dereference), 2 = exit()/abort(), 3 = cut off by loop unrolling (bounded CFAs)."""
EXIT_CODE_VAR = "$exit_code"
CALLS_VAR = "$calls"
"""How many calls of functions without code (other than output) came before: the
first argument of their results and effects, so that a call's position counts."""
RETURN_VAR = "$ret"

STATUS_RETURN = 0
STATUS_TRAP = 1
STATUS_EXIT = 2
STATUS_UNWOUND = 3
STATUS_NONTERMINATING = 4
"""Never a value of `STATUS_VAR`: an observation's status when a run is proved
never to end (`engines/termination.py`); kept with the others so the numbers
stay distinct."""


@dataclass(frozen=True)
class Cfa:
    """One function after lowering and inlining."""

    name: str
    location: Location
    entry: int
    exit: int
    edges: tuple[Edge, ...]
    variables: Mapping[str, ScalarType]
    regions: Mapping[str, Region]
    inputs: tuple[Input, ...]
    outputs: tuple[Output, ...]
    initial: Mapping[str, int | float] = field(default_factory=dict)
    """Variables with a fixed initial value ($status, $exit_code, $ret)."""
    assumptions: tuple[str, ...] = ()
    """Modelling assumptions made while lowering (stubs, implicit declarations, ...)."""
    params: tuple[tuple[str, str], ...] = ()
    """(name, C declaration of a local that can hold its value) of each parameter,
    for the compiled replay harness (see `lower/prototypes.py`)."""
    return_type: str | None = None
    """C text of the return type (None for void), for the compiled replay harness."""
    externals: Mapping[str, Prototype | None] = field(default_factory=dict)
    """Called functions without code here -> their stub's prototype (for the replay
    harness); None for a function declared implicitly or at block scope, which gets
    no stub."""
    statics: tuple[StaticLocal, ...] = ()
    """Static locals that are inputs or outputs (for the replay harness)."""
    noreturn: tuple[str, ...] = ()
    """Called functions without code that do not return (their stubs exit)."""
    function_params: tuple[tuple[str, str], ...] = ()
    """(parameter, event) for function pointer parameters: calls through one are
    that event, which `externals` gives a prototype (for the replay harness)."""
    opaque_objects: tuple[str, ...] = ()
    """Names declared nowhere here that the function uses as an address (`(T *)X`:
    a call of X without an event); the replay harness defines them."""
    opaque_arrays: tuple[str, ...] = ()
    """Names declared nowhere here taken as `extern char X[];`, and arrays of a
    character type declared without their size: the replay harness declares
    them where gcc finds them declared nowhere either, and defines their storage
    (holding the witness's bytes) where nothing else does."""

    def successors(self) -> dict[int, list[Edge]]:
        out: dict[int, list[Edge]] = {}
        for edge in self.edges:
            out.setdefault(edge.src, []).append(edge)
        return out

    def predecessors(self) -> dict[int, list[Edge]]:
        out: dict[int, list[Edge]] = {}
        for edge in self.edges:
            out.setdefault(edge.dst, []).append(edge)
        return out

    def locations(self) -> set[int]:
        locs = {self.entry, self.exit}
        for edge in self.edges:
            locs.add(edge.src)
            locs.add(edge.dst)
        return locs


def back_edges(cfa: Cfa) -> list[Edge]:
    """Edges to a location still on the stack of a depth-first search from the
    entry (retreating edges): every cycle has one, and in a CFA without
    `goto` into a loop their targets dominate their sources (natural loops)."""
    succ = cfa.successors()
    found: list[Edge] = []
    state: dict[int, int] = {}  # 1 = on stack, 2 = done
    stack: list[tuple[int, Iterator[Edge]]] = [(cfa.entry, iter(succ.get(cfa.entry, ())))]
    state[cfa.entry] = 1
    while stack:
        node, it = stack[-1]
        edge = next(it, None)
        if edge is None:
            state[node] = 2
            stack.pop()
            continue
        mark = state.get(edge.dst)
        if mark == 1:
            found.append(edge)
        elif mark is None:
            state[edge.dst] = 1
            stack.append((edge.dst, iter(succ.get(edge.dst, ()))))
    return found


def loop_heads(cfa: Cfa) -> set[int]:
    """Targets of back edges in a depth-first search from the entry."""
    return {edge.dst for edge in back_edges(cfa)}


class CyclicRegion(ValueError):
    """A topological order was asked of locations that lie on a cycle."""


def topological_order(
    cfa: Cfa, start: int | None = None, stops: frozenset[int] | set[int] = frozenset()
) -> list[int]:
    """Locations reachable from `start` (default: the entry) in topological order,
    `stops` reached but not left (an edge back to `start` ends there too when
    `start` is a stop). The locations in between must be acyclic (a loop-free
    CFA; a loop's body between cut points): on a cycle this raises
    `CyclicRegion`, because an order read off a cyclic graph puts a location
    before a path into it, and a symbolic execution that follows the order
    would lose that path without a word."""
    origin = cfa.entry if start is None else start
    succ = cfa.successors()
    order: list[int] = []
    state: dict[int, int] = {origin: 1}  # 1 = on stack, 2 = done
    stack: list[tuple[int, Iterator[Edge]]] = [(origin, iter(succ.get(origin, ())))]
    while stack:
        node, it = stack[-1]
        edge = next(it, None)
        if edge is None:
            state[node] = 2
            order.append(node)
            stack.pop()
            continue
        if edge.dst in stops:
            if edge.dst not in state:  # a sink of the region
                state[edge.dst] = 2
                order.append(edge.dst)
            continue
        mark = state.get(edge.dst)
        if mark == 1:
            raise CyclicRegion(
                f"a cycle through location {edge.dst} of '{cfa.name}' between cut points"
            )
        if mark is None:
            state[edge.dst] = 1
            stack.append((edge.dst, iter(succ.get(edge.dst, ()))))
    order.reverse()
    return order


# ---------------------------------------------------------------- visitors

R = TypeVar("R")


class ExprVisitor(Generic[R]):
    """Dispatch on the expression kind to `visit_<Kind>`, or to `visit_other` for
    the kinds a subclass names no method for; subclasses say what differs.

    The one way to take an expression apart by its kind: the engines, the
    replays, folding and simplification all go through it (or through `walk`,
    which visits every node alike), so a new kind of node has one place to be
    added (`tests/architecture/test_conventions.py` finds walks of their own)."""

    _dispatch_cache: dict[tuple[type, type], Callable[..., Any]] = {}  # noqa: RUF012

    def visit(self, expr: Expr) -> R:
        key = (type(self), type(expr))
        method = ExprVisitor._dispatch_cache.get(key)
        if method is None:
            method = getattr(type(self), "visit_" + type(expr).__name__, None)
            if method is None:
                method = type(self).visit_other
            ExprVisitor._dispatch_cache[key] = method
        return cast(R, method(self, expr))  # the cache is shared by every R

    def visit_other(self, expr: Expr) -> R:
        """A kind the subclass names no method for: an error unless it says otherwise."""
        raise TypeError(f"{type(self).__name__} cannot visit {type(expr).__name__}")


class ExprMapper(ExprVisitor[Expr]):
    """Rebuild an expression bottom-up: each node with its operands mapped, then
    handed to `finish` (folding, for example); a leaf goes to `finish` as it is.
    Each node is visited once, so a mapping costs O(size)."""

    def finish(self, expr: Expr) -> Expr:
        return expr

    def visit_Const(self, expr: Const) -> Expr:
        return self.finish(expr)

    def visit_Var(self, expr: Var) -> Expr:
        return self.finish(expr)

    def visit_StrConst(self, expr: StrConst) -> Expr:
        return self.finish(expr)

    def visit_Load(self, expr: Load) -> Expr:
        return self.finish(Load(expr.region, self.visit(expr.index), expr.type))

    def visit_Unary(self, expr: Unary) -> Expr:
        return self.finish(Unary(expr.op, self.visit(expr.arg), expr.type))

    def visit_Binary(self, expr: Binary) -> Expr:
        left = self.visit(expr.left)
        return self.finish(Binary(expr.op, left, self.visit(expr.right), expr.type))

    def visit_Cast(self, expr: Cast) -> Expr:
        return self.finish(Cast(self.visit(expr.arg), expr.type))

    def visit_Bits(self, expr: Bits) -> Expr:
        return self.finish(Bits(self.visit(expr.arg), expr.type))

    def visit_Ite(self, expr: Ite) -> Expr:
        cond = self.visit(expr.cond)
        then = self.visit(expr.then)
        return self.finish(Ite(cond, then, self.visit(expr.other), expr.type))

    def visit_Call(self, expr: Call) -> Expr:
        args = tuple(self.visit(a) for a in expr.args)
        return self.finish(Call(expr.func, args, expr.type, expr.memory))


def children(expr: Expr) -> tuple[Expr, ...]:
    if isinstance(expr, Load):
        return (expr.index,)
    if isinstance(expr, Unary | Cast | Bits):
        return (expr.arg,)
    if isinstance(expr, Binary):
        return (expr.left, expr.right)
    if isinstance(expr, Ite):
        return (expr.cond, expr.then, expr.other)
    if isinstance(expr, Call):
        return expr.args
    return ()


def walk(expr: Expr) -> Iterator[Expr]:
    """Every sub-expression, parents before children."""
    stack = [expr]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(children(node))


def action_exprs(action: Action) -> tuple[Expr, ...]:
    if isinstance(action, Assign):
        return (action.value,)
    if isinstance(action, Store):
        return (action.index, action.value)
    if isinstance(action, Assume):
        return (action.cond,)
    if isinstance(action, Event):
        return action.args
    return ()
