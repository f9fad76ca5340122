"""C declarations the compiled replay prints, made from the parsed program: the stub
of a function without code, and a parameter as a local of the harness.

The harness never reads C text back: what it needs of a declaration (names,
which parameters are pointers, what the function returns) is read here from the
front end's syntax tree and types, and what it prints is pycparser's text of a
changed copy of the tree. A declared function keeps the user's spelling
(typedef names, qualifiers), so its stub matches the declaration gcc has seen.
"""

from __future__ import annotations

import dataclasses
from copy import deepcopy

from pycparser import c_ast, c_generator

from checker.frontend.program import Program, decay
from checker.ir.ir import Prototype, Returns, StubParam, implicit_c_name
from checker.semantics import ctype as ct
from checker.semantics.ctype import CType, FunctionType, PointerType

_CHARACTER_TYPES = (ct.CHAR, ct.SCHAR, ct.UCHAR)
_VA_INTEGERS = {(32, True): "int", (32, False): "unsigned int", (64, True): "long",
                (64, False): "unsigned long"}


def unnamed_param(position: int) -> str:
    """The name a stub gives a parameter its prototype leaves unnamed."""
    return f"__liftdiff_a{position}"


def declared_prototype(decl: c_ast.Decl, program: Program) -> Prototype:
    """The stub of the function `decl` declares: the declaration as written, without
    `extern` and function specifiers (`inline`, `_Noreturn`), every parameter named."""
    copy = deepcopy(decl)
    copy.storage = [s for s in copy.storage or [] if s != "extern"]
    copy.funcspec = []
    function = copy.type
    assert isinstance(function, c_ast.FuncDecl)
    params: list[StubParam] = []
    variadic = False
    for position, node in enumerate(function.args.params if function.args else ()):
        if isinstance(node, c_ast.EllipsisParam):
            variadic = True
            continue
        ptype = decay(program.resolve(node))
        if isinstance(ptype, ct.VoidType):
            continue  # `f(void)`
        params.append(_param(_named(node, position), ptype))
    ftype = program.resolve(decl)
    assert isinstance(ftype, FunctionType)
    text: str = c_generator.CGenerator().visit(copy)
    return Prototype(text, tuple(params), variadic, _returns(ftype.ret))


def typed_prototype(symbol: str, ftype: FunctionType, implicit: bool = False) -> Prototype:
    """The stub `symbol` of a function known by its type only (one a function pointer
    parameter points to; `implicit`: one called without a declaration)."""
    params = tuple(_param(unnamed_param(i), p) for i, p in enumerate(ftype.params))
    # an implicit stub's pointers are `void *`: gcc's headers may have no type by
    # the name the front end's has (`struct __liftdiff_FILE`), and a struct first
    # named in a parameter list is another type in each declaration
    types = [_opaque_pointer(t) if implicit else t for t in ftype.params]
    listed = [declarator(p.name, t) for p, t in zip(params, types, strict=True)]
    listed += ["..."] if ftype.variadic else []
    c_name = implicit_c_name(symbol) if implicit else symbol
    return Prototype(declarator(f"{c_name}({', '.join(listed) or 'void'})", ftype.ret),
                     params, ftype.variadic, _returns(ftype.ret), implicit)


def _opaque_pointer(ctype: CType) -> CType:
    """`void *` for a pointer to anything but characters (which C spells the same
    everywhere); other types as they are."""
    if isinstance(ctype, PointerType) and ctype.target not in _CHARACTER_TYPES:
        return PointerType(ct.VOID)
    return ctype


def declarator(name: str, ctype: CType) -> str:
    """C text declaring `name` (a declarator already) of type `ctype`."""
    if isinstance(ctype, PointerType):
        inner = f"*{name}"
        wrapped = isinstance(ctype.target, ct.ArrayType | FunctionType)
        return declarator(f"({inner})" if wrapped else inner, ctype.target)
    if isinstance(ctype, ct.ArrayType):
        return declarator(f"{name}[{'' if ctype.length is None else ctype.length}]", ctype.elem)
    if isinstance(ctype, FunctionType):
        listed = [declarator("", p) for p in ctype.params] + (["..."] if ctype.variadic else [])
        return declarator(f"{name}({', '.join(listed) or 'void'})", ctype.ret)
    return f"{ctype} {name}".strip()


def harness_local(param: c_ast.Decl) -> str:
    """A parameter's declaration as a local the harness assigns: an array or function
    adjusted to a pointer (C11 6.7.6.3), the pointer's own qualifiers and the
    storage class dropped (the harness sets it before the call)."""
    copy = deepcopy(param)
    copy.storage = []
    outer = copy.type
    if isinstance(outer, c_ast.ArrayDecl):
        outer = c_ast.PtrDecl([], outer.type)
    elif isinstance(outer, c_ast.FuncDecl):
        outer = c_ast.PtrDecl([], outer)
    else:
        outer.quals = [q for q in outer.quals if q != "const"]
    copy.type = outer
    text: str = c_generator.CGenerator().visit(copy)
    return text


def _named(node: c_ast.Node, position: int) -> str:
    """The parameter's name, given one (in place) where the prototype leaves it out."""
    inner = node.type
    while not isinstance(inner, c_ast.TypeDecl):
        inner = inner.type
    if inner.declname is None:
        inner.declname = unnamed_param(position)
        if isinstance(node, c_ast.Decl):
            node.name = inner.declname
    name: str = inner.declname
    return name


def variadic_param(position: int, ctype: CType) -> StubParam | None:
    """The stub's parameter for an argument a call passes past a variadic
    function's named ones, read with `va_arg` as C's default argument promotions
    pass it; None for a type the stub cannot read so (a struct)."""
    if isinstance(ctype, PointerType):
        va_type = "void *"
    elif isinstance(ctype, ct.FloatType):
        va_type = "double"
    elif isinstance(ctype, ct.IntType):
        promoted = ct.promote(ctype)
        va_type = _VA_INTEGERS.get((promoted.bits, promoted.signed), "")
    else:
        va_type = ""
    if not va_type:
        return None
    return dataclasses.replace(_param(unnamed_param(position), ctype), va_type=va_type)


def _param(name: str, ptype: CType) -> StubParam:
    pointer = isinstance(ptype, PointerType)
    text = isinstance(ptype, PointerType) and ptype.target in _CHARACTER_TYPES
    return StubParam(name, pointer, text)


def _returns(ret: CType) -> Returns:
    if isinstance(ret, ct.VoidType):
        return "void"
    return "pointer" if isinstance(ret, PointerType) else "value"
