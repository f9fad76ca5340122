"""Functions passed to functions without code (callbacks: `qsort(a, n, s, cmp)`,
`signal(SIGALRM, handler)`, `atexit(f)`).

A function pointer given to a call without code is an argument of the call's
event like any other: a symbol naming the function. The callee may call it
(qsort calls the comparator, a signal handler runs inside a later call), so
when the function has code here its behaviour is part of what the argument
means: the symbol then carries a digest of the code it may run, and old and
new cancel only where that code is the same text. Whatever the callback does
must also be something a call without code could do: it may read and write
only memory and globals such a call reaches (`call_globals`); a callback that
uses a static the call does not see, keeps state in a static local, or calls
back into the function being compared is refused.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection

from pycparser import c_ast, c_generator

from checker.frontend.program import Program
from checker.ir.ir import FUNCTION_SYMBOL, StrConst


def function_closure(program: Program, name: str) -> tuple[frozenset[str], frozenset[str]]:
    """The functions with code here that `name` may run (itself, and those it
    calls or names, transitively) and the file-scope names they mention."""
    found: set[str] = set()
    todo, done = [name], set()
    while todo:
        current = todo.pop()
        if current in done or current not in program.functions:
            continue
        done.add(current)
        stack: list[c_ast.Node] = [program.functions[current].body]
        while stack:
            node = stack.pop()
            stack.extend(child for _, child in node.children())
            if isinstance(node, c_ast.ID):
                if node.name in program.functions:
                    todo.append(node.name)
                elif node.name in program.globals:
                    found.add(node.name)
    return frozenset(done), frozenset(found)


def callback_symbol(program: Program, entry: str, target: str, callee: str,
                    call_globals: Collection[str]) -> StrConst | str:
    """The event argument for a pointer to `target` passed to `callee` (a
    function without code), or why there is none (`entry`: the function
    compared)."""
    if target not in program.functions:
        return StrConst(FUNCTION_SYMBOL + target)
    functions, names = function_closure(program, target)
    shown = f"'{target}', passed to '{callee}',"
    if entry in functions:
        return f"{shown} may call back into '{entry}', the function compared"
    for name in sorted(names):
        var = program.globals[name]
        if not var.const and name not in call_globals:
            return (f"{shown} uses '{name}', which a call without code cannot reach "
                    "(its effect on it is not modelled)")
    for name in sorted(functions):
        if _has_static_local(program.functions[name]):
            return f"{shown} runs '{name}', which keeps state in a static local"
    return StrConst(f"{FUNCTION_SYMBOL}{target}#{code_digest(program, entry)}")


def code_digest(program: Program, entry: str) -> str:
    """A digest of the whole file but `entry`'s definition: equal in old and new
    when nothing but the compared function changed, so a callback's code (and
    every type, global and function it may use) is the same text in both."""
    generator = c_generator.CGenerator()
    parts = [generator.visit(ext) for ext in program.ast.ext
             if not (isinstance(ext, c_ast.FuncDef) and ext.decl.name == entry)]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def _has_static_local(fdef: c_ast.FuncDef) -> bool:
    stack: list[c_ast.Node] = [fdef.body]
    while stack:
        node = stack.pop()
        if isinstance(node, c_ast.Decl) and "static" in (node.storage or []):
            return True
        stack.extend(child for _, child in node.children())
    return False
