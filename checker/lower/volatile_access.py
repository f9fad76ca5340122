"""Volatile objects: what the model does not say about them, said or refused.

C counts every access to a volatile object as observable behaviour (C11
5.1.2.3p6): a device register read twice may answer twice differently, and a
refactor that merges two reads of one (`*reg + *reg` into `2 * *reg`) changes
what the program does. The model reads memory as plain values, so:

- memory reached through a pointer to a volatile type (`volatile uint32_t
  *reg`, `*(volatile int *)0x40000000`, a typedef of either) is refused
  (UNSUPPORTED at the first such pointer of the function or a callee): such
  accesses are the behaviour itself;
- a volatile object that is not memory behind such a pointer (a global such as
  `volatile sig_atomic_t got_signal`, a `volatile` struct member such as ash's
  `pending_int`) is read as a plain object, under an assumption the verdict
  lists: it keeps its value while the function runs (no signal handler or
  device changes it between two accesses), and of its writes only the last is
  compared. A `volatile` local (kept across `longjmp`) is no one else's business
  and needs neither.
"""

from __future__ import annotations

from collections.abc import Iterator

from pycparser import c_ast

from checker.errors import UnsupportedError
from checker.frontend.program import Program
from checker.lower.callbacks import function_closure

VOLATILE_ASSUMPTION = (
    "volatile objects ({names}) keep their values while the function runs (no signal "
    "handler or device changes them between two accesses), and of their writes only the "
    "last is compared")


def volatile_assumption(program: Program, name: str) -> str | None:
    """The assumption a verdict about `name` rests on for the volatile objects
    its code (callees included) names, if any; raises UnsupportedError where
    that code reaches memory through a pointer to a volatile type."""
    functions, globals_ = function_closure(program, name)
    volatile, pointers = _volatile_typedefs(program.ast)
    members, pointing = _volatile_members(program.ast, volatile, pointers)
    objects: set[str] = set()
    for function in sorted(functions):
        fdef = program.functions[function]
        used = [node.field for node in _walk(fdef.body)
                if isinstance(node, c_ast.StructRef) and isinstance(node.field, c_ast.ID)]
        pointer = _first_pointer(fdef, volatile, pointers) or next(
            (field for field in used if field.name in pointing), None)
        if pointer is not None:
            raise UnsupportedError(
                "memory reached through a pointer to a volatile type: each access to it "
                "is observable (a device register, memory a signal handler shares), and "
                "the model neither counts nor orders them", program.location(pointer))
        objects |= {f".{field.name}" for field in used if field.name in members}
    for ext in program.ast.ext:
        if not (isinstance(ext, c_ast.Decl) and ext.name in globals_):
            continue
        pointer = _first_pointer(ext.type, volatile, pointers)
        if pointer is not None:
            raise UnsupportedError(
                f"'{ext.name}' points to a volatile type: each access through it is "
                "observable, and the model neither counts nor orders them",
                program.location(ext))
        if _is_volatile(ext, volatile):
            objects.add(str(ext.name))
    if not objects:
        return None
    return VOLATILE_ASSUMPTION.format(names=", ".join(f"'{o}'" for o in sorted(objects)))


def _walk(node: c_ast.Node) -> Iterator[c_ast.Node]:
    todo = [node]
    while todo:
        current = todo.pop()
        yield current
        todo.extend(child for _, child in current.children())


def _volatile_typedefs(ast: c_ast.FileAST) -> tuple[set[str], set[str]]:
    """Typedef names of volatile types (`typedef volatile u32 reg_t;`), and of
    pointers to them (`typedef volatile int *vptr;`), in file order."""
    volatile: set[str] = set()
    pointers: set[str] = set()
    for ext in ast.ext:
        if isinstance(ext, c_ast.Typedef):
            if _is_volatile(ext.type, volatile):
                volatile.add(ext.name)
            if _first_pointer(ext.type, volatile, pointers) is not None:
                pointers.add(ext.name)
    return volatile, pointers


def _is_volatile(node: c_ast.Node, volatile: set[str]) -> bool:
    """Is the object `node` declares (or the type it names) volatile itself, not
    a pointer to a volatile one? (pycparser also puts a pointee's `volatile` on
    the declaration: the declarator says whose it is.)"""
    if isinstance(node, (c_ast.Decl, c_ast.Typename, c_ast.Typedef)):
        node = node.type
    while isinstance(node, c_ast.ArrayDecl):
        node = node.type
    if isinstance(node, c_ast.PtrDecl):
        return "volatile" in (node.quals or [])
    if not isinstance(node, c_ast.TypeDecl):
        return False
    return "volatile" in (node.quals or []) or (
        isinstance(node.type, c_ast.IdentifierType)
        and any(name in volatile for name in node.type.names))


def _first_pointer(node: c_ast.Node, volatile: set[str],
                   pointers: set[str]) -> c_ast.Node | None:
    """The first pointer to a volatile type in the declarator `node`."""
    for inner in _walk(node):
        if isinstance(inner, c_ast.PtrDecl) and _is_volatile(inner.type, volatile):
            return inner
        if isinstance(inner, c_ast.IdentifierType) and pointers & set(inner.names):
            return inner
    return None


def _volatile_members(ast: c_ast.FileAST, volatile: set[str],
                      pointers: set[str]) -> tuple[set[str], set[str]]:
    """Member names declared volatile in some struct or union the file declares
    (at file scope), and those declared as pointers to a volatile type."""
    objects: set[str] = set()
    pointing: set[str] = set()
    declarations = (ext for ext in ast.ext if not isinstance(ext, c_ast.FuncDef))
    for node in (inner for ext in declarations for inner in _walk(ext)):
        if isinstance(node, (c_ast.Struct, c_ast.Union)) and node.decls:
            for member in node.decls:
                if not isinstance(member, c_ast.Decl) or member.name is None:
                    continue
                if _first_pointer(member.type, volatile, pointers) is not None:
                    pointing.add(member.name)
                elif _is_volatile(member, volatile):
                    objects.add(member.name)
    return objects, pointing
