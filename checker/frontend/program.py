"""File-level tables of one parsed C file: types, enum constants, globals, functions.

Type names are resolved to `checker.semantics.ctype` values here, once, so the lowering
never looks at pycparser declarators again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field

from pycparser import c_ast

from checker.errors import FeatureNotConstant, UnsupportedError
from checker.frontend.const_eval import SizeofExpr, eval_const, eval_const_int, string_value
from checker.frontend.gnu_syntax import PACKED_MARKER, designator_range
from checker.frontend.parse import coord_location
from checker.frontend.read_only import static_uses
from checker.location import Location
from checker.semantics import ctype as ct
from checker.semantics.ctype import ArrayType, CType, FunctionType, PointerType, StructType
from checker.types import LeftOutUses
from checker.variability.types import FEATURE_PREFIX

_UNMODELLED = "<unmodelled>"
"""Tag prefix of what a pointer points to when its target's declaration could not be
modelled: the pointer itself is a value like any other, the error comes at a use
of the target (`Program.complete`)."""
_INT_NAMES: dict[tuple[str, ...], ct.IntType] = {}


def _register(t: ct.IntType, *spellings: str) -> None:
    for spelling in spellings:
        _INT_NAMES[tuple(sorted(spelling.split()))] = t


_register(ct.BOOL, "_Bool")
_register(ct.CHAR, "char")
_register(ct.SCHAR, "signed char")
_register(ct.UCHAR, "unsigned char")
_register(ct.SHORT, "short", "short int", "signed short", "signed short int")
_register(ct.USHORT, "unsigned short", "unsigned short int")
_register(ct.INT, "int", "signed", "signed int")
_register(ct.UINT, "unsigned", "unsigned int")
_register(ct.LONG, "long", "long int", "signed long", "signed long int")
_register(ct.ULONG, "unsigned long", "unsigned long int")
_register(ct.LLONG, "long long", "long long int", "signed long long", "signed long long int")
_register(ct.ULLONG, "unsigned long long", "unsigned long long int")


@dataclass(frozen=True)
class GlobalVar:
    name: str
    type: CType
    init: c_ast.Node | None
    const: bool
    location: Location
    is_static_local: bool = False
    read_only: bool = False
    """A file-scope `static` that nothing in the file writes or lets escape
    (`read_only.static_uses`), in this version and the other (`lower_pair`)."""

    @property
    def holds_initialiser(self) -> bool:
        """Does the object keep its initialiser for the whole run (so it is no input)?"""
        return self.const or self.read_only


@dataclass
class Program:
    """Everything file-level that the lowering needs; built once per file version."""

    path: str
    ast: c_ast.FileAST
    typedefs: dict[str, CType] = field(default_factory=dict)
    structs: dict[str, StructType] = field(default_factory=dict)
    enum_values: dict[str, int] = field(default_factory=dict)
    enum_types: dict[str, ct.IntType] = field(default_factory=dict)
    """The type of each enumeration constant: int, or its enum's type where the
    value does not fit in int (gcc's extension)."""
    enums: dict[str, ct.IntType] = field(default_factory=dict)
    """Each enum tag's type: the integer type gcc gives it (`enum_type`)."""
    enum_exprs: dict[str, c_ast.Node] = field(default_factory=dict)
    """Enumeration constants whose value depends on features (`A = 4 * ENABLE_X`,
    and those counting on from one): their value as an int expression, read
    where the constant is used (in a constant expression: not a constant)."""
    globals: dict[str, GlobalVar] = field(default_factory=dict)
    functions: dict[str, c_ast.FuncDef] = field(default_factory=dict)
    prototypes: dict[str, FunctionType] = field(default_factory=dict)
    prototype_nodes: dict[str, c_ast.Decl] = field(default_factory=dict)
    poisoned: dict[str, UnsupportedError] = field(default_factory=dict)
    """Names whose declaration could not be modelled, with the reason."""
    extern_constants: set[str] = field(default_factory=set)
    """Const objects declared `extern` without their initialiser (defined in
    another file): inputs like other globals', which no code may change."""
    noreturn: frozenset[str] = frozenset()
    """Functions declared not to return (`_Noreturn`, the noreturn attribute)."""
    escaped: frozenset[str] = frozenset()
    """File-scope objects whose address leaves a use somewhere in the file (`&x`, an
    array that decays to a pointer), in this text or in code it leaves out."""
    _anon: int = 0

    def check_usable(self, name: str) -> None:
        """Raise the recorded error if `name`'s declaration could not be modelled."""
        error = self.poisoned.get(name)
        if isinstance(error, FeatureNotConstant):
            raise FeatureNotConstant(error.macro, error.location,
                                     f" in the declaration of '{name}'")
        if error is not None:
            raise UnsupportedError(
                f"{error.construct} (in the declaration of '{name}')", error.location
            )

    def location(self, node: c_ast.Node | None) -> Location:
        return coord_location(node, Location(self.path, 0))

    # ------------------------------------------------------------ types

    def resolve(self, node: c_ast.Node, constants: Mapping[str, int] | None = None,
                sizeof_expr: SizeofExpr | None = None) -> CType:
        """Type of a declarator (TypeDecl/PtrDecl/ArrayDecl/FuncDecl/Typename/Decl);
        `constants` gives values to names in array sizes (locals known constant),
        `sizeof_expr` the sizes of expressions there (see `const_eval`)."""
        if isinstance(node, (c_ast.Decl, c_ast.Typename)):
            return self.resolve(node.type, constants, sizeof_expr)
        if isinstance(node, c_ast.TypeDecl):
            return self.base_type(node.type, sizeof_expr)
        if isinstance(node, (c_ast.Struct, c_ast.Union, c_ast.Enum)):
            return self.base_type(node)  # an anonymous struct member
        if isinstance(node, c_ast.PtrDecl):
            try:
                target = self.resolve(node.type)
            except UnsupportedError:
                name = _type_name(node.type)
                if name is None or name not in self.poisoned:
                    raise
                target = StructType(f"{_UNMODELLED}{name}", ())
            return PointerType(target)
        if isinstance(node, c_ast.ArrayDecl):
            elem = self.resolve(node.type, constants, sizeof_expr)
            length = (None if node.dim is None
                      else self.const_int(node.dim, constants, sizeof_expr))
            if length is not None and length < 0:
                raise UnsupportedError("array of negative size", self.location(node))
            return ArrayType(elem, length)
        if isinstance(node, c_ast.FuncDecl):
            ret = self.resolve(node.type)
            params: list[CType] = []
            variadic = False
            for param in node.args.params if node.args else ():
                if isinstance(param, c_ast.EllipsisParam):
                    variadic = True
                    continue
                if isinstance(param, c_ast.ID):
                    raise UnsupportedError(
                        "K&R-style parameters (an identifier list, types declared after it)",
                        self.location(node),
                    )
                ptype = self.resolve(param)
                if isinstance(ptype, ct.VoidType):
                    continue
                params.append(decay(ptype))
            return FunctionType(ret, tuple(params), variadic)
        raise UnsupportedError(f"declarator {type(node).__name__}", self.location(node))

    def base_type(self, node: c_ast.Node, sizeof_expr: SizeofExpr | None = None) -> CType:
        """The type a specifier names; `sizeof_expr` sizes `sizeof x` in the
        values of an enum defined there (a block-scope enum's may name locals)."""
        if isinstance(node, c_ast.IdentifierType):
            return self._named_type(node.names, node)
        if isinstance(node, c_ast.Struct):
            return self._struct(node)
        if isinstance(node, c_ast.Union):
            return self._struct(node)
        if isinstance(node, c_ast.Enum):
            return self._enum(node, sizeof_expr=sizeof_expr)
        raise UnsupportedError(f"type {type(node).__name__}", self.location(node))

    def _feature_dependent(self, node: c_ast.Node) -> bool:
        """Does a constant expression read a feature variable or a feature-dependent
        enumeration constant (so that its value is one per configuration)?"""
        return any(isinstance(child, c_ast.ID) and (
            child.name.startswith(FEATURE_PREFIX) or child.name in self.enum_exprs)
            for child in _walk(node))

    def _named_type(self, names: list[str], node: c_ast.Node) -> CType:
        words = [n for n in names if n not in ("const", "volatile")]
        if len(words) == 1:
            self.check_usable(words[0])
        if len(words) == 1 and words[0] in self.typedefs:
            return self.typedefs[words[0]]
        key = tuple(sorted(words))
        if key in _INT_NAMES:
            return _INT_NAMES[key]
        if key == ("float",):
            return ct.FLOAT
        if key == ("double",):
            return ct.DOUBLE
        if key == ("void",):
            return ct.VOID
        if key == ("double", "long"):
            raise UnsupportedError("long double (80-bit x87 arithmetic)", self.location(node))
        if "_Complex" in words:
            raise UnsupportedError("complex types", self.location(node))
        raise UnsupportedError(f"unknown type name '{' '.join(names)}'", self.location(node))

    def _struct(self, node: c_ast.Struct | c_ast.Union) -> StructType:
        """A struct or union type (they share one namespace of tags)."""
        union = isinstance(node, c_ast.Union)
        keyword = "union" if union else "struct"
        if node.decls is None:
            if node.name:
                self.check_usable(f"{keyword} {node.name}")
            if node.name in self.structs:
                return self.structs[node.name]
            if node.name and node.name.startswith("__liftdiff_unknown_"):
                return StructType(f"<undeclared type {node.name[19:]}>", ())
            # Incomplete so far: the fields may be completed later in the file.
            return StructType(node.name or "?", (), union=union)
        tag = node.name
        if tag is not None and tag.startswith("__liftdiff_unknown_"):
            tag = f"<undeclared type {tag[len('__liftdiff_unknown_'):]}>"
        if tag is None:
            self._anon += 1
            tag = f"<anonymous {self._anon}>"
        fields: list[tuple[str, CType]] = []
        members: list[tuple[str, CType]] = []
        packed = False
        for decl in node.decls:
            if decl.name == PACKED_MARKER:
                packed = True
                continue
            if union and decl.bitsize is not None:
                raise UnsupportedError("bit-field in a union", self.location(decl))
            ftype = self._bitfield(decl) if decl.bitsize is not None else self.resolve(decl)
            members.append((decl.name or "", ftype))
            if decl.name is not None:
                fields.append((decl.name, ftype))
            elif isinstance(ftype, StructType):
                if union or ftype.union:  # its members are no fields laid out in sequence
                    raise UnsupportedError(f"anonymous {ftype} member of a {keyword}",
                                           self.location(decl))
                fields.extend(ftype.fields)  # anonymous struct member
            elif decl.bitsize is None:
                raise UnsupportedError("unnamed struct member", self.location(decl))
        layout = () if members == fields else tuple(members)
        struct = StructType(tag, tuple(fields), layout, packed, union)
        self.structs[tag] = struct
        return struct

    def _bitfield(self, decl: c_ast.Decl) -> ct.IntType:
        """A bit-field member's type: its width and its declared type's signedness
        (a plain `int` bit-field is signed, as in gcc)."""
        declared = self.resolve(decl)
        where = self.location(decl)
        if not isinstance(declared, ct.IntType) or declared.bitfield:
            raise UnsupportedError(f"bit-field of type {declared}", where)
        width = self.const_int(decl.bitsize)
        if not 0 <= width <= declared.bits or (width == 0 and decl.name is not None):
            raise UnsupportedError(f"bit-field width {width} for type {declared}", where)
        return ct.bitfield_type(declared, width)

    def _enum(self, node: c_ast.Enum, definition_only: bool = False,
              sizeof_expr: SizeofExpr | None = None) -> ct.IntType:
        """An enum's type, its constants entered in the tables on its definition.
        While the list is read, a constant has the type of its value (at least
        int) and the next one counts on in that type, as in gcc."""
        if node.values is None:
            self.check_usable(f"enum {node.name}")
            found = self.enums.get(node.name)
            if found is None:
                raise UnsupportedError(f"enum {node.name} used before its definition",
                                       self.location(node))
            return found
        value, vtype = -1, ct.INT
        names: list[str] = []
        packed = False
        previous: c_ast.Node | None = None  # the last feature-dependent value
        for enumerator in node.values.enumerators:
            if enumerator.name == PACKED_MARKER:
                packed = True
                continue
            if enumerator.value is not None and self._feature_dependent(enumerator.value):
                previous = enumerator.value
            elif enumerator.value is None and previous is not None:
                previous = c_ast.BinaryOp("+", previous, c_ast.Constant("int", "1"))
            else:
                previous = None
            if previous is not None:
                self.enum_exprs[enumerator.name] = previous
                continue
            if enumerator.value is not None:
                value, vtype = eval_const(enumerator.value, self, sizeof_expr=sizeof_expr)
                vtype = _enumerator_type(vtype)
            elif value + 1 > vtype.max:
                raise UnsupportedError("overflow in enumeration values",
                                       self.location(enumerator))
            else:
                value += 1
            self.enum_values[enumerator.name] = value
            self.enum_types[enumerator.name] = vtype
            names.append(enumerator.name)
        if len(names) < len([e for e in node.values.enumerators if e.name != PACKED_MARKER]):
            if not definition_only:  # gcc's choice of its type depends on every value
                raise UnsupportedError("an enum type whose values depend on features",
                                       self.location(node))
            if not names:
                return ct.INT
        values = [self.enum_values[name] for name in names]
        etype = enum_type(min(values), max(values), packed)
        if etype is None:
            raise UnsupportedError("enumeration values exceed the range of long",
                                   self.location(node))
        for name in names:
            fits = ct.INT.min <= self.enum_values[name] <= ct.INT.max
            self.enum_types[name] = ct.INT if fits else etype
        if node.name is not None:
            self.enums[node.name] = etype
        return etype

    def complete(self, ctype: CType) -> CType:
        """Replace references to structs that were incomplete when first seen."""
        if isinstance(ctype, StructType) and not ctype.fields:
            if ctype.tag.startswith(_UNMODELLED):
                self.check_usable(ctype.tag[len(_UNMODELLED):])
            if ctype.tag in self.structs:
                return self.structs[ctype.tag]
            self.check_usable(f"{'union' if ctype.union else 'struct'} {ctype.tag}")
        if isinstance(ctype, PointerType):
            return PointerType(self.complete(ctype.target))
        if isinstance(ctype, ArrayType):
            return ArrayType(self.complete(ctype.elem), ctype.length)
        return ctype

    # ------------------------------------------------------------ constants

    def const_int(self, node: c_ast.Node, constants: Mapping[str, int] | None = None,
                  sizeof_expr: SizeofExpr | None = None) -> int:
        """Integer constant expression (array sizes, enum values, case labels)."""
        return eval_const_int(node, self, constants, sizeof_expr)

    def init_length(self, init: c_ast.Node) -> int | None:
        """The length of an array of unknown size that `init` initialises: one past
        the last element an initialiser reaches (designators and GNU ranges count)."""
        if isinstance(init, c_ast.Constant) and init.type == "string":
            return len(string_value(init.value)) + 1
        if not isinstance(init, c_ast.InitList):
            return None
        position = length = 0
        for item in init.exprs:
            first = item.name[0] if isinstance(item, c_ast.NamedInitializer) else None
            if isinstance(first, c_ast.ArrayDesignator):
                bounds = designator_range(first.expr)
                position = self.const_int(first.expr if bounds is None else bounds[1])
            position += 1
            length = max(length, position)
        return length

    # ------------------------------------------------------------ collection

    def collect(self) -> None:
        """Build the tables; a declaration we cannot model poisons only its name, so
        the error surfaces (with its location) in the functions that use it."""
        for ext in self.ast.ext:
            try:
                self._collect_one(ext)
            except UnsupportedError as exc:
                for name in _declared_names(ext):
                    self.poisoned.setdefault(name, exc)

    def _collect_one(self, ext: c_ast.Node) -> None:
        if isinstance(ext, c_ast.FuncDef):
            name = ext.decl.name
            self.functions[name] = ext
            ftype = self.resolve(ext.decl)
            assert isinstance(ftype, FunctionType)
            self.prototypes[name] = ftype
            self.prototype_nodes.setdefault(name, ext.decl)
        elif isinstance(ext, c_ast.Typedef):
            self.typedefs[ext.name] = self.resolve(ext.type)
        elif isinstance(ext, c_ast.Decl):
            self._declaration(ext)
        elif not isinstance(ext, c_ast.Pragma):
            raise UnsupportedError(f"top-level {type(ext).__name__}", self.location(ext))

    def _declaration(self, decl: c_ast.Decl) -> None:
        if decl.name is None:
            if isinstance(decl.type, c_ast.Enum):
                self._enum(decl.type, definition_only=True)  # its constants only
            elif isinstance(decl.type, (c_ast.Struct, c_ast.Union)):
                self.base_type(decl.type)  # a struct definition only
            else:
                self.resolve(decl.type)
            return
        dtype = self.resolve(decl)
        if isinstance(dtype, FunctionType):
            self.prototypes.setdefault(decl.name, dtype)
            self.prototype_nodes.setdefault(decl.name, decl)
            return
        # a const object declared `extern` without its initialiser has a value we do
        # not know: an input like any global's, the same in both versions
        const = _const_object(decl) and (decl.init is not None or "extern" not in decl.storage)
        if _const_object(decl) and not const:
            self.extern_constants.add(decl.name)
        existing = self.globals.get(decl.name)
        if existing is not None and decl.init is None:
            return  # a later tentative/extern declaration of a defined global
        if isinstance(dtype, ArrayType) and dtype.length is None and decl.init is not None:
            dtype = ArrayType(dtype.elem, self.init_length(decl.init))
        self.globals[decl.name] = GlobalVar(decl.name, dtype, decl.init, const, self.location(decl))


def enum_type(low: int, high: int, packed: bool) -> ct.IntType | None:
    """The type gcc gives an enum whose values span low..high: unsigned when none
    is negative, at least int (a packed enum: the narrowest that holds them),
    long where int cannot hold them; None beyond long."""
    narrow = (ct.SCHAR, ct.SHORT) if low < 0 else (ct.UCHAR, ct.USHORT)
    wide = (ct.INT, ct.LONG) if low < 0 else (ct.UINT, ct.ULONG)
    candidates: tuple[ct.IntType, ...] = (*(narrow if packed else ()), *wide)
    for candidate in candidates:
        if candidate.min <= low and high <= candidate.max:
            return candidate
    return None


def _enumerator_type(value_type: ct.IntType) -> ct.IntType:
    """The type of a constant while its enum is read: its value's, at least int."""
    if value_type.bits < ct.INT.bits:
        return ct.INT
    if value_type.bits == ct.INT.bits:
        return value_type
    return ct.ULONG if not value_type.signed else ct.LONG




def _const_object(decl: c_ast.Decl) -> bool:
    """Is the declared object itself const (an array: its elements; `int *const p`,
    `int (*const ops[])(int)` too, not `const int *p`)?"""
    inner = decl.type
    while isinstance(inner, c_ast.ArrayDecl):
        inner = inner.type
    if isinstance(inner, c_ast.PtrDecl):
        return "const" in (inner.quals or [])
    return "const" in (decl.quals or [])


def _type_name(node: c_ast.Node) -> str | None:
    """The one name a pointer's target type is spelled with (`T`, `struct s`), if any."""
    if not isinstance(node, c_ast.TypeDecl):
        return None
    spec = node.type
    if isinstance(spec, c_ast.IdentifierType):
        words = [n for n in spec.names if n not in ("const", "volatile")]
        return words[0] if len(words) == 1 else None
    if isinstance(spec, (c_ast.Struct, c_ast.Union)) and spec.decls is None and spec.name:
        return f"{'union' if isinstance(spec, c_ast.Union) else 'struct'} {spec.name}"
    return None


def _declared_names(ext: c_ast.Node) -> list[str]:
    """The names a top-level declaration introduces: its declarator's, and the
    tags (`struct s`, `union u`, `enum e`) and enumeration constants it defines."""
    if isinstance(ext, c_ast.FuncDef):
        return [ext.decl.name]
    names = [ext.name] if isinstance(ext, (c_ast.Typedef, c_ast.Decl)) and ext.name else []

    class Definitions(c_ast.NodeVisitor):  # type: ignore[misc]  # pycparser has no stubs: the base is Any
        def visit_Struct(self, node: c_ast.Struct) -> None:
            if node.decls is not None and node.name:
                names.append(f"struct {node.name}")
            self.generic_visit(node)

        def visit_Union(self, node: c_ast.Union) -> None:
            if node.decls is not None and node.name:
                names.append(f"union {node.name}")
            self.generic_visit(node)

        def visit_Enum(self, node: c_ast.Enum) -> None:
            if node.values is not None:
                names.extend(e.name for e in node.values.enumerators)
                if node.name:
                    names.append(f"enum {node.name}")

    Definitions().visit(ext)
    return names


def decay(ctype: CType) -> CType:
    """Array and function parameters are pointers (6.7.6.3)."""
    if isinstance(ctype, ArrayType):
        return PointerType(ctype.elem)
    if isinstance(ctype, FunctionType):
        return PointerType(ctype)
    return ctype


def build_program(
    ast: c_ast.FileAST, path: str, noreturn: frozenset[str] = frozenset(),
    left_out: LeftOutUses | None = None,
) -> Program:
    """The tables of a parsed file; `left_out`: what the parts of the file that
    `ast` lacks do to its objects (see `read_only`)."""
    program = Program(path=path, ast=ast)
    program.collect()
    objects = {name: var.type for name, var in program.globals.items()}
    uses = static_uses(ast, objects, program.complete, left_out or LeftOutUses())
    program.escaped = uses.escaped
    for name in uses.read_only:
        program.globals[name] = dataclasses.replace(program.globals[name], read_only=True)
    declared = {name for name, decl in program.prototype_nodes.items()
                if "_Noreturn" in (decl.funcspec or [])}
    program.noreturn = noreturn | frozenset(declared)
    return program


def _walk(node: c_ast.Node) -> list[c_ast.Node]:
    """`node` and every node below it."""
    found = [node]
    for _, child in node.children():
        found.extend(_walk(child))
    return found
