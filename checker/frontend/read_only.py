"""Which file-scope `static` objects hold their initialiser for the whole run.

A `static` object has internal linkage: no other file can name it. Where
nothing in its own file writes it (an assignment, compound assignment, `++` or
`--` to it or to any part of it) and nothing lets its address out (`&x`,
`&x[i]`, `&x.f`, or an array that decays to a pointer: any use of an array
other than a subscript or `sizeof`), no code anywhere can change it: like a
`const` object, it holds its initialiser. "Its file" is the whole file in
every configuration: the parsed text holds every `#if` branch (lifted), and
what a function's slice leaves out comes as `SourceFile.left_out` (see
`left_out`). Every doubt reads as a write: names are matched by spelling (a
local of the same name that is written counts), and a `volatile` object
never holds its initialiser.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pycparser import c_ast

from checker.semantics.ctype import ArrayType, CType, PointerType, StructType
from checker.types import LeftOutUses
from checker.variability.types import FEATURE_PREFIX


@dataclass(frozen=True)
class StaticUses:
    read_only: frozenset[str]
    """File-scope statics that nothing in the file writes or lets escape."""
    escaped: frozenset[str]
    """File-scope objects whose address leaves a use: `&x`, and arrays that decay."""


_WRITE, _ESCAPE, _READ = "write", "escape", "read"
_STEPS = ("++", "--", "p++", "p--")


def static_uses(ast: c_ast.FileAST, types: Mapping[str, CType],
                complete: Callable[[CType], CType], left_out: LeftOutUses) -> StaticUses:
    """Classify every use of the file-scope objects `types` (name -> declared type)
    in `ast` and in the code `left_out` describes."""
    written: set[str] = set(left_out.written)
    escaped: set[str] = set(left_out.escaped)
    for name, subscripts in left_out.reads:
        if name in types and _decays(types[name], subscripts, complete):
            escaped.add(name)

    def classify(node: c_ast.ID, stack: list[c_ast.Node]) -> None:
        use = _use(node, stack, complete(types[node.name]), complete)
        if use == _WRITE:
            written.add(node.name)
        elif use == _ESCAPE:
            escaped.add(node.name)

    _walk(ast, [], frozenset(types), classify)
    statics, volatile = _storage(ast)
    read_only = frozenset(
        name for name in statics
        if name in types and name not in written and name not in escaped
        and name not in volatile and not name.startswith(FEATURE_PREFIX))
    return StaticUses(read_only, frozenset(escaped))


def _walk(node: c_ast.Node, stack: list[c_ast.Node], names: frozenset[str],
          found: Callable[[c_ast.ID, list[c_ast.Node]], None]) -> None:
    """Visit every identifier that may name an object (not a member name, not a
    designator), with its ancestors."""
    if isinstance(node, c_ast.ID):
        if node.name in names:
            found(node, stack)
        return
    stack.append(node)
    if isinstance(node, c_ast.StructRef):
        _walk(node.name, stack, names, found)
    elif isinstance(node, c_ast.NamedInitializer):
        _walk(node.expr, stack, names, found)
    else:
        for _, child in node.children():
            _walk(child, stack, names, found)
    stack.pop()


def _use(node: c_ast.ID, stack: list[c_ast.Node], ctype: CType | None,
         complete: Callable[[CType], CType]) -> str:
    """How the expression around `node` uses the object: climb the subscripts and
    members that stay inside it, then look at what takes the result."""
    current: c_ast.Node = node
    depth = len(stack) - 1
    while depth >= 0:
        parent = stack[depth]
        if isinstance(parent, c_ast.ArrayRef) and parent.name is current:
            if not isinstance(ctype, ArrayType):  # through a pointer: another object
                return _READ if isinstance(ctype, PointerType) else _ESCAPE
            ctype = complete(ctype.elem)
        elif isinstance(parent, c_ast.StructRef) and parent.name is current:
            if parent.type == "->":  # through a pointer (or an array's first element)
                return _READ if isinstance(ctype, PointerType) else _ESCAPE
            ctype = _member(ctype, parent.field.name, complete)
        else:
            break
        current = parent
        depth -= 1
    parent = stack[depth] if depth >= 0 else None
    if isinstance(parent, c_ast.Assignment) and parent.lvalue is current:
        return _WRITE
    if isinstance(parent, c_ast.UnaryOp):
        if parent.op in _STEPS:
            return _WRITE
        if parent.op == "&":
            return _ESCAPE
        if parent.op == "sizeof":
            return _READ
    if ctype is None or isinstance(ctype, ArrayType):
        return _ESCAPE  # an array that decays to a pointer (or a type we do not know)
    return _READ


def _member(ctype: CType | None, name: str, complete: Callable[[CType], CType]) -> CType | None:
    if not isinstance(ctype, StructType):
        return None
    found = dict(ctype.fields).get(name)
    return None if found is None else complete(found)


def _decays(ctype: CType, subscripts: int, complete: Callable[[CType], CType]) -> bool:
    """Does an object of `ctype` read with `subscripts` subscripts stay an array?"""
    current = complete(ctype)
    for _ in range(subscripts):
        if not isinstance(current, ArrayType):
            return False  # a pointer's subscript reads the pointer
        current = complete(current.elem)
    return isinstance(current, ArrayType)


def _storage(ast: c_ast.FileAST) -> tuple[set[str], set[str]]:
    """File-scope names declared `static` (any declaration gives internal linkage),
    and those declared `volatile` anywhere in their type (a typedef or a struct
    with a volatile member counts)."""
    statics: set[str] = set()
    volatile: set[str] = set()
    volatile_types: set[str] = set()
    for ext in ast.ext:
        if isinstance(ext, c_ast.Typedef):
            if _mentions_volatile(ext.type, volatile_types):
                volatile_types.add(ext.name)
            continue
        if not isinstance(ext, c_ast.Decl):
            continue
        for tag in _defined_tags(ext.type):
            if _mentions_volatile(tag, volatile_types):
                volatile_types.add(f"{type(tag).__name__} {tag.name}")
        if ext.name is None:
            continue
        if "static" in (ext.storage or []):
            statics.add(ext.name)
        if "volatile" in (ext.quals or []) or _mentions_volatile(ext.type, volatile_types):
            volatile.add(ext.name)
    return statics, volatile


def _defined_tags(node: c_ast.Node) -> list[c_ast.Struct | c_ast.Union]:
    found = []
    if isinstance(node, (c_ast.Struct, c_ast.Union)) and node.name and node.decls is not None:
        found.append(node)
    for _, child in node.children():
        found.extend(_defined_tags(child))
    return found


def _mentions_volatile(node: c_ast.Node, volatile_types: set[str]) -> bool:
    if "volatile" in (getattr(node, "quals", None) or []):
        return True
    if isinstance(node, c_ast.IdentifierType) and any(n in volatile_types for n in node.names):
        return True
    if isinstance(node, (c_ast.Struct, c_ast.Union)) and node.name and (
            f"{type(node).__name__} {node.name}" in volatile_types):
        return True
    return any(_mentions_volatile(child, volatile_types) for _, child in node.children())
