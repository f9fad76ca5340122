"""Side effects of C expressions: when does the order of evaluation matter?

C leaves the order in which the operands of an operator and the arguments of a
call are evaluated unspecified (C11 6.5p3, 6.5.2.2p10), and modifying an object
in one unsequenced operand while another reads or modifies it is undefined
(6.5p2). gcc's order is fixed for call arguments (right to left on x86-64) and
for compound assignments (a right side with side effects first), but for the
operands of an operator it depends on how gcc folds the expression (`-f() + g()`
calls g first; with -fwrapv `~f() + g()` does too). The lowering asks this
module about the operands of one operator or call: do their effects interfere?
Then it refuses (undefined behaviour; an order gcc picks by the expression's
form) or evaluates them in gcc's order and says so in the verdict's assumptions.

Objects are named by the lowering's storage names (globals by their name, static
locals as `function::name`, locals by their storage in the current frame); `*`
is memory reached through a pointer, which may be any object whose address is
taken or that is an array.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from pycparser import c_ast

from checker.frontend.program import Program
from checker.semantics.ctype import ArrayType
from checker.semantics.library import (
    ABS_FUNCTIONS,
    CTYPE_CLASSES,
    CTYPE_FUNCTIONS,
    PURE_LIBRARY,
)

MEMORY = "*"
"""An object reached through a pointer."""
POINTER_CALL = "(pointer)"
"""The event of a call through a function pointer (its target may have no code here)."""

ORDER_ASSUMPTION = (
    "order of evaluation as gcc on x86-64: call arguments right to left, "
    "the right side of a compound assignment first, initialisers in order, "
    "floating-point operands without negation left to right"
)

_EMPTY: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Effects:
    """What evaluating an expression may read, write and call.

    `direct_*` are the accesses of the expression itself (unsequenced against a
    sibling operand); the others include the bodies of called functions (which
    are indeterminately sequenced: not undefined, but the order is unspecified).
    `pending` are the direct writes not yet complete when the expression's value
    is (`x++`, not `f(x++)`): they clash with an assignment of the same object.
    """

    reads: frozenset[str] = _EMPTY
    writes: frozenset[str] = _EMPTY
    direct_reads: frozenset[str] = _EMPTY
    direct_writes: frozenset[str] = _EMPTY
    pending: frozenset[str] = _EMPTY
    events: frozenset[str] = _EMPTY
    """Functions whose calls are observable (no code here, output, exit)."""
    traps: bool = False
    """May trap on the hardware (integer division, also in called functions)."""

    def __or__(self, other: Effects) -> Effects:
        return Effects(
            self.reads | other.reads,
            self.writes | other.writes,
            self.direct_reads | other.direct_reads,
            self.direct_writes | other.direct_writes,
            self.pending | other.pending,
            self.events | other.events,
            self.traps or other.traps,
        )

    @property
    def has_side_effects(self) -> bool:
        return bool(self.writes or self.events)

    def called(self) -> Effects:
        """These effects seen from a caller: none of them is direct any more."""
        return Effects(self.reads, self.writes, events=self.events, traps=self.traps)

    def completed(self) -> Effects:
        """After a sequence point: nothing is pending."""
        return Effects(
            self.reads, self.writes, self.direct_reads, self.direct_writes,
            events=self.events, traps=self.traps,
        )


def union(items: Iterable[Effects]) -> Effects:
    result = Effects()
    for item in items:
        result = result | item
    return result


@dataclass(frozen=True)
class Clash:
    """Why two operands' order matters: `undefined` when C gives no meaning at all."""

    undefined: bool
    what: str


Resolver = Callable[[str], str | None]
"""Source name at the current position -> object name (None: not an object)."""


class EffectAnalysis:
    """Effects of the expressions of one program; called functions are summarised
    once (a fixpoint over the call graph), so an expression costs one walk."""

    def __init__(self, program: Program, pure: Iterable[str], taken: set[str]) -> None:
        self.program = program
        self.pure = frozenset(pure)
        self.taken = taken
        """Source names whose address is taken somewhere in the file."""
        self.addressable: set[str] = set()
        """Objects a pointer may reach (arrays, address taken); filled as they are named."""
        self.arrays: set[str] = set()
        self._summaries: dict[str, Effects] = {}
        self.pointed_to = pointed_to_functions(program)
        """The functions a call through a pointer may reach."""
        self._memo: dict[tuple[int, str], Effects] = {}
        self.union_members = _union_members(program.ast)
        """Member names of the file's unions: such a member is its whole object."""

    # ------------------------------------------------------------ queries

    def effects(self, node: c_ast.Node, resolve: Resolver, frame: str) -> Effects:
        """Effects of evaluating `node` in the current frame (memoised per frame)."""
        return _Walker(self, resolve, frame).value(node)

    def address_effects(self, node: c_ast.Node, resolve: Resolver, frame: str) -> Effects:
        """Effects of locating the object an lvalue designates (subscripts, pointers)."""
        return _Walker(self, resolve, frame).address(node)

    def objects(self, node: c_ast.Node, resolve: Resolver) -> frozenset[str]:
        """The objects an lvalue may designate."""
        return _Walker(self, resolve, None).objects(node)

    def overlap(self, a: Iterable[str], b: Iterable[str]) -> str | None:
        """An object both sets may name, or None. Objects are a root (a name, or
        `*`) and a member path (`s.f`, `*.f`): one overlaps its members; distinct
        members do not overlap; `*` may be any addressable object."""
        b = set(b)
        for x in a:
            for y in b:
                if self._overlaps(x, y):
                    return y if x.startswith(MEMORY) and not y.startswith(MEMORY) else x
        return None

    def _overlaps(self, x: str, y: str) -> bool:
        root_x, _, path_x = x.partition(".")
        root_y, _, path_y = y.partition(".")
        if root_x == root_y:
            short, long = sorted((path_x, path_y), key=len)
            return not short or long == short or long.startswith(short + ".")
        if root_x == MEMORY:
            return root_y in self.addressable
        if root_y == MEMORY:
            return root_x in self.addressable
        return False

    def first_clash(self, items: list[Effects]) -> Clash | None:
        """The first pair of unsequenced operands whose order matters (undefined
        behaviour first), or None."""
        active = [i for i, item in enumerate(items) if item.has_side_effects]
        found: Clash | None = None
        for i in active:
            for j in range(len(items)):
                if j == i or (j in active and j < i):
                    continue
                clash = self.clash(items[i], items[j])
                if clash is not None and (found is None or clash.undefined):
                    found = clash
                    if clash.undefined:
                        return found
        return found

    def clash(self, first: Effects, second: Effects) -> Clash | None:
        """Does the order of evaluating two unsequenced operands matter?"""
        for a, b in ((first, second), (second, first)):
            hit = self.overlap(a.direct_writes, _accesses(b, direct=True))
            if hit is not None:
                return Clash(
                    True, f"{shown(hit)} is modified and accessed without a sequence point"
                )
        for a, b in ((first, second), (second, first)):
            hit = self.overlap(a.writes, _accesses(b, direct=False))
            if hit is not None:
                return Clash(False, f"one modifies {shown(hit)} and another uses it")
        names = ", ".join(f"'{n}'" for n in sorted(first.events | second.events))
        if first.events and second.events:
            return Clash(False, f"two make observable calls ({names})")
        if (first.traps and second.events) or (first.events and second.traps):
            return Clash(False, f"one may trap and another makes observable calls ({names})")
        return None

    # ------------------------------------------------------------ summaries

    def summary(self, name: str) -> Effects:
        """What a call of the file's function `name` may do, seen from the caller."""
        if name not in self._summaries:
            self._summarise(name)
        return self._summaries[name]

    def _summarise(self, root: str) -> None:
        """Summaries of `root` and every file function it reaches, to a fixpoint."""
        reached: list[str] = []
        stack = [root]
        while stack:
            name = stack.pop()
            if name in reached or name in self._summaries:
                continue
            reached.append(name)
            callees = _callees(self.program.functions[name], self.program, self.pointed_to)
            stack.extend(callees & set(self.program.functions))
        for name in reached:
            self._summaries[name] = Effects()
        changed = True
        while changed:
            changed = False
            for name in reached:
                found = _body_effects(self, name).called()
                if found != self._summaries[name]:
                    self._summaries[name] = found
                    changed = True


def _accesses(effects: Effects, direct: bool) -> frozenset[str]:
    """What `effects` read or write (by the expression itself, if `direct`)."""
    if direct:
        return effects.direct_reads | effects.direct_writes
    return effects.reads | effects.writes


def shown(obj: str) -> str:
    """An object as the messages name it."""
    if obj == MEMORY:
        return "memory reached through a pointer"
    if obj.startswith(MEMORY + "."):
        return f"'->{obj[2:]}'"
    return f"'{obj}'"


def _callees(fdef: c_ast.FuncDef, program: Program, pointed_to: frozenset[str]) -> set[str]:
    """The file's functions a body may call: by name, and through a pointer any
    function whose address the file takes."""
    found: set[str] = set()

    class Finder(c_ast.NodeVisitor):  # type: ignore[misc]  # pycparser has no stubs: the base is Any
        def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
            if _through_pointer(node, program):
                found.update(pointed_to)
            elif isinstance(node.name, c_ast.ID):
                found.add(node.name.name)
            self.generic_visit(node)

    Finder().visit(fdef.body)
    return found


def _through_pointer(node: c_ast.FuncCall, program: Program) -> bool:
    """A call through a function pointer, as far as the file tells: the callee is
    no declared function's name (so an undeclared function counts too)."""
    if not isinstance(node.name, c_ast.ID):
        return True
    name = node.name.name
    return name not in program.functions and name not in program.prototypes and \
        not is_offsetof(node)


def is_offsetof(node: c_ast.FuncCall) -> bool:
    """`offsetof(T, m)`, which pycparser parses as a call: a constant, no call."""
    args = node.args.exprs if node.args is not None else []
    return isinstance(node.name, c_ast.ID) and node.name.name == "offsetof" and \
        len(args) == 2 and isinstance(args[0], c_ast.Typename)


def pointed_to_functions(program: Program) -> frozenset[str]:
    """The file's functions whose name is used other than to call them: what a
    function pointer may hold."""
    found: set[str] = set()

    class Finder(c_ast.NodeVisitor):  # type: ignore[misc]  # pycparser has no stubs: the base is Any
        def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
            if not isinstance(node.name, c_ast.ID):
                self.visit(node.name)
            if node.args is not None:
                self.visit(node.args)

        def visit_ID(self, node: c_ast.ID) -> None:
            if node.name in program.functions:
                found.add(node.name)

    Finder().visit(program.ast)
    return frozenset(found)


# ------------------------------------------------------------ walking expressions


class _Walker:
    def __init__(
        self, analysis: EffectAnalysis, resolve: Resolver, frame: str | None
    ) -> None:
        self.analysis = analysis
        self.resolve = resolve
        self.frame = frame
        """Memo key of the current frame; None: no memo (a body walked in scope order)."""

    def value(self, node: c_ast.Node | None) -> Effects:
        if node is None:
            return Effects()
        if self.frame is None:
            return self._value(node)
        key = (id(node), self.frame)
        memo = self.analysis._memo
        if key not in memo:
            memo[key] = self._value(node)
        return memo[key]

    def _value(self, node: c_ast.Node) -> Effects:
        if isinstance(node, c_ast.ID):
            return _read(self.objects(node))
        if isinstance(node, (c_ast.Constant, c_ast.Typename)):
            return Effects()
        if isinstance(node, c_ast.UnaryOp):
            return self._unary(node)
        if isinstance(node, c_ast.BinaryOp):
            if node.op in ("&&", "||"):
                return self.value(node.left).completed() | self.value(node.right)
            found = self.value(node.left) | self.value(node.right)
            if node.op in ("/", "%") and not isinstance(node.right, c_ast.Constant):
                found = found | Effects(traps=True)
            return found
        if isinstance(node, c_ast.Assignment):
            written = self.objects(node.lvalue)
            found = self.address(node.lvalue) | self.value(node.rvalue)
            if node.op != "=":
                found = found | _read(written)
            return found | Effects(writes=written, direct_writes=written, pending=written)
        if isinstance(node, (c_ast.ArrayRef, c_ast.StructRef)):
            return self.address(node) | _read(self.objects(node))
        if isinstance(node, c_ast.FuncCall):
            return self._call(node)
        if isinstance(node, c_ast.TernaryOp):
            branches = self.value(node.iftrue) | self.value(node.iffalse)
            return self.value(node.cond).completed() | branches
        if isinstance(node, c_ast.ExprList):
            exprs = node.exprs or []
            found = union(self.value(e).completed() for e in exprs[:-1])
            return found | (self.value(exprs[-1]) if exprs else Effects())
        return union(self.value(child) for _, child in node.children())

    def _unary(self, node: c_ast.UnaryOp) -> Effects:
        if node.op == "sizeof":
            return Effects()
        if node.op == "&":
            return self.address(node.expr)
        if node.op == "*":
            return self.value(node.expr) | _read(frozenset({MEMORY}))
        if node.op in ("++", "--", "p++", "p--"):
            obj = self.objects(node.expr)
            return self.address(node.expr) | _read(obj) | Effects(
                writes=obj, direct_writes=obj, pending=obj
            )
        return self.value(node.expr)

    def _call(self, node: c_ast.FuncCall) -> Effects:
        if is_offsetof(node):
            return Effects()
        args = union(self.value(a) for a in (node.args.exprs if node.args else [])).completed()
        if _through_pointer(node, self.analysis.program):
            reachable = union(self.analysis.summary(f) for f in self.analysis.pointed_to)
            return (args | self.value(node.name) | reachable.called()
                    | Effects(events=frozenset({POINTER_CALL})))
        assert isinstance(node.name, c_ast.ID)
        name = node.name.name
        if name in self.analysis.program.functions:
            return args | self.analysis.summary(name)
        if name in PURE_LIBRARY or name in ABS_FUNCTIONS or name in self.analysis.pure:
            return args
        if name in CTYPE_FUNCTIONS:
            return args | Effects(traps=name in CTYPE_CLASSES)  # outside glibc's table
        return args | Effects(events=frozenset({name}))

    # ------------------------------------------------------------ lvalues

    def address(self, node: c_ast.Node) -> Effects:
        """Effects of locating the object an lvalue designates (not of accessing it)."""
        if isinstance(node, c_ast.ID):
            return Effects()
        if isinstance(node, c_ast.ArrayRef):
            base = node.name
            found = self.value(node.subscript)
            return found | (self.address(base) if self._is_array(base) else self.value(base))
        if isinstance(node, c_ast.StructRef):
            if node.type == "->":
                return self.value(node.name)
            return self.address(node.name)
        if isinstance(node, c_ast.UnaryOp) and node.op == "*":
            return self.value(node.expr)
        if isinstance(node, c_ast.Cast):
            return self.address(node.expr)
        return self.value(node)

    def objects(self, node: c_ast.Node) -> frozenset[str]:
        """The objects an lvalue may designate: a whole array counts as one, a struct
        member as `object.member` (so `b->a[b->n++]` touches two objects)."""
        if isinstance(node, c_ast.ID):
            obj = self.resolve(node.name)
            return frozenset() if obj is None else frozenset({obj})
        if isinstance(node, c_ast.ArrayRef):
            if self._is_array(node.name):
                return self.objects(node.name)
            if isinstance(node.name, c_ast.StructRef):
                return self.objects(node.name) | {MEMORY}  # an array member, or a pointer
            return frozenset({MEMORY})
        if isinstance(node, c_ast.StructRef):
            base = frozenset({MEMORY}) if node.type == "->" else self.objects(node.name)
            if node.field.name in self.analysis.union_members:  # the members overlap
                return base
            return frozenset(f"{obj}.{node.field.name}" for obj in base)
        if isinstance(node, c_ast.Cast):
            return self.objects(node.expr)
        return frozenset({MEMORY})

    def _is_array(self, node: c_ast.Node) -> bool:
        """Does `node` name an array object (so that a subscript stays inside it)?"""
        if not isinstance(node, c_ast.ID):
            return False
        obj = self.resolve(node.name)
        return obj is not None and obj in self.analysis.arrays


def _union_members(ast: c_ast.Node) -> frozenset[str]:
    """The member names of every union the file declares (by name: the analysis
    does not know the types of expressions, so a struct member of the same name
    counts as its whole object too, which only makes it stricter)."""
    names: set[str] = set()

    class Unions(c_ast.NodeVisitor):  # type: ignore[misc]  # pycparser has no stubs: the base is Any
        def visit_Union(self, node: c_ast.Union) -> None:
            names.update(decl.name for decl in node.decls or () if decl.name)
            self.generic_visit(node)

    Unions().visit(ast)
    return frozenset(names)


def _read(objs: frozenset[str]) -> Effects:
    return Effects(reads=objs, direct_reads=objs) if objs else Effects()


# ------------------------------------------------------------ function bodies


def _body_effects(analysis: EffectAnalysis, name: str) -> Effects:
    """Effects of running the body of `name` on its globals, statics and memory;
    its parameters and automatic locals are its own and left out."""
    program = analysis.program
    fdef = program.functions[name]
    scopes: list[dict[str, str | None]] = [{}]
    for param in _params(fdef):
        scopes[-1][param.name] = None

    def resolve(source: str) -> str | None:
        for scope in reversed(scopes):
            if source in scope:
                return scope[source]
        if source in program.globals:
            var = program.globals[source]
            if isinstance(program.complete(var.type), ArrayType):
                analysis.arrays.add(source)
            if isinstance(program.complete(var.type), ArrayType) or source in analysis.taken:
                analysis.addressable.add(source)
            return source
        return None

    walker = _Walker(analysis, resolve, None)
    found: list[Effects] = []

    def statement(node: c_ast.Node | None) -> None:
        if node is None:
            return
        if isinstance(node, c_ast.Compound):
            scopes.append({})
            for item in node.block_items or ():
                statement(item)
            scopes.pop()
            return
        if isinstance(node, c_ast.For):
            scopes.append({})
            statement(node.init)
            for part in (node.cond, node.next):
                if part is not None:
                    found.append(walker.value(part))
            statement(node.stmt)
            scopes.pop()
            return
        if isinstance(node, c_ast.DeclList):
            for decl in node.decls:
                statement(decl)
            return
        if isinstance(node, c_ast.Decl):
            _declare(analysis, name, node, scopes)
            if node.init is not None:
                found.append(walker.value(node.init))
            return
        if isinstance(node, (c_ast.If, c_ast.While, c_ast.DoWhile, c_ast.Switch)):
            found.append(walker.value(node.cond))
            for _, child in node.children():
                if child is not node.cond:
                    statement(child)
            return
        if isinstance(node, (c_ast.Case, c_ast.Default, c_ast.Label)):
            for _, child in node.children():
                if not (isinstance(node, c_ast.Case) and child is node.expr):
                    statement(child)
            return
        if isinstance(node, c_ast.Return):
            if node.expr is not None:
                found.append(walker.value(node.expr))
            return
        if isinstance(node, (c_ast.Goto, c_ast.Break, c_ast.Continue, c_ast.EmptyStatement,
                             c_ast.Pragma, c_ast.Typedef)):
            return
        found.append(walker.value(node))  # an expression statement

    statement(fdef.body)
    return union(found)


def _declare(
    analysis: EffectAnalysis, function: str, node: c_ast.Decl, scopes: list[dict[str, str | None]]
) -> None:
    if node.name is None:
        return
    storage = node.storage or []
    if "extern" in storage:
        scopes[-1].pop(node.name, None)
        return
    if "static" in storage:
        key = f"{function}::{node.name}"
        scopes[-1][node.name] = key
        if node.name in analysis.taken or isinstance(node.type, c_ast.ArrayDecl):
            analysis.addressable.add(key)
        if isinstance(node.type, c_ast.ArrayDecl):
            analysis.arrays.add(key)
        return
    if isinstance(node.type, c_ast.FuncDecl):
        return
    scopes[-1][node.name] = None


def _params(fdef: c_ast.FuncDef) -> list[c_ast.Decl]:
    args = fdef.decl.type.args
    if args is None:
        return []
    return [p for p in args.params if isinstance(p, c_ast.Decl) and p.name is not None]

