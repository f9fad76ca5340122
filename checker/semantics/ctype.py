"""C types at LP64 widths and the conversion rules of C11 6.3.

Types are frozen values so they can key dictionaries and appear in IR nodes.
Scalars are what the IR computes with; aggregates (arrays, structs) are
flattened by the lowering into scalar variables and memory regions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeGuard


@dataclass(frozen=True)
class IntType:
    """An integer type; `bits` is the value width (1 for _Bool), `size` the bytes.

    A bit-field member has a type of its own (`bitfield_type`): `bits` is its
    width, `size`, `rank` and the name before the colon are its declared type's.
    """

    bits: int
    signed: bool
    name: str
    rank: int
    size: int
    bitfield: bool = False

    @property
    def is_bool(self) -> bool:
        return self.bits == 1 and self.rank == 0

    @property
    def min(self) -> int:
        return -(1 << (self.bits - 1)) if self.signed else 0

    @property
    def max(self) -> int:
        return (1 << (self.bits - 1)) - 1 if self.signed else (1 << self.bits) - 1

    def wrap(self, value: int) -> int:
        """Reduce an integer into this type's range (two's complement)."""
        if self.is_bool:
            return 1 if value else 0
        value &= (1 << self.bits) - 1
        if self.signed and value >> (self.bits - 1):
            value -= 1 << self.bits
        return value

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class FloatType:
    bits: int  # 32 or 64
    name: str

    @property
    def size(self) -> int:
        return self.bits // 8

    @property
    def ebits(self) -> int:
        return 8 if self.bits == 32 else 11

    @property
    def sbits(self) -> int:
        return 24 if self.bits == 32 else 53

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class PointerType:
    """A pointer; the IR represents its value as an element offset into a region."""

    target: CType

    @property
    def size(self) -> int:
        return 8

    def __str__(self) -> str:
        return f"{self.target} *"


@dataclass(frozen=True)
class ArrayType:
    elem: CType
    length: int | None

    @property
    def size(self) -> int:
        if self.length is None:
            return 0
        return self.length * self.elem.size

    def __str__(self) -> str:
        return f"{self.elem}[{'' if self.length is None else self.length}]"


@dataclass(frozen=True)
class StructType:
    tag: str
    fields: tuple[tuple[str, CType], ...]
    """The members a name reaches (those of an anonymous struct member inlined)."""
    members: tuple[tuple[str, CType], ...] = ()
    """Every member as it is laid out, where that differs from `fields`: unnamed
    bit-fields (named ""; a zero-width one has `bits == 0`), anonymous structs whole."""
    packed: bool = False
    union: bool = False
    """A union: every member at offset 0, one object of bytes (see `layout.leaves`)."""

    @property
    def size(self) -> int:
        return struct_layout(self.members or self.fields, self.packed, self.union)[0]

    def field_offset(self, name: str) -> int | None:
        """Byte offset of a field, as gcc lays it out on x86-64 (None: no such
        field; a bit-field: the byte its first bit is in)."""
        bit = self.bit_offset(name)
        return None if bit is None else bit // 8

    def bit_offset(self, name: str) -> int | None:
        """Bit offset of a field from the start of the struct (`struct_layout`)."""
        if self.union:
            return 0 if self.field_type(name) is not None else None
        placed, _, _ = _placed(self.members or self.fields, self.packed)
        for mname, mtype, bit in placed:
            if mname == name:
                return bit
            if not mname and isinstance(mtype, StructType):  # an anonymous struct member
                inner = mtype.bit_offset(name)
                if inner is not None:
                    return bit + inner
        return None

    def field_type(self, name: str) -> CType | None:
        for fname, ftype in self.fields:
            if fname == name:
                return ftype
        return None

    def __str__(self) -> str:
        return f"{'union' if self.union else 'struct'} {self.tag}"


@dataclass(frozen=True)
class VoidType:
    @property
    def size(self) -> int:
        return 1

    def __str__(self) -> str:
        return "void"


@dataclass(frozen=True)
class FunctionType:
    ret: CType
    params: tuple[CType, ...]
    variadic: bool = False

    @property
    def size(self) -> int:
        return 1

    def __str__(self) -> str:
        return f"{self.ret} (*)({', '.join(map(str, self.params))})"


CType = IntType | FloatType | PointerType | ArrayType | StructType | VoidType | FunctionType
ScalarType = IntType | FloatType | PointerType

BOOL = IntType(1, False, "_Bool", 0, 1)
CHAR = IntType(8, True, "char", 1, 1)
SCHAR = IntType(8, True, "signed char", 1, 1)
UCHAR = IntType(8, False, "unsigned char", 1, 1)
SHORT = IntType(16, True, "short", 2, 2)
USHORT = IntType(16, False, "unsigned short", 2, 2)
INT = IntType(32, True, "int", 3, 4)
UINT = IntType(32, False, "unsigned int", 3, 4)
LONG = IntType(64, True, "long", 4, 8)
ULONG = IntType(64, False, "unsigned long", 4, 8)
LLONG = IntType(64, True, "long long", 5, 8)
ULLONG = IntType(64, False, "unsigned long long", 5, 8)
FLOAT = FloatType(32, "float")
DOUBLE = FloatType(64, "double")
VOID = VoidType()
SIZE_T = ULONG
PTRDIFF_T = LONG
INDEX = LONG
"""Type of pointer offsets and region indices in the IR."""

INT_TYPES = (BOOL, CHAR, SCHAR, UCHAR, SHORT, USHORT, INT, UINT, LONG, ULONG, LLONG, ULLONG)


def alignment(ctype: CType) -> int:
    if isinstance(ctype, ArrayType):
        return alignment(ctype.elem)
    if isinstance(ctype, StructType):
        return struct_layout(ctype.members or ctype.fields, ctype.packed, ctype.union)[1]
    return max(1, min(ctype.size, 8))


def struct_layout(members: tuple[tuple[str, CType], ...], packed: bool,
                  union: bool = False) -> tuple[int, int]:
    """(size, alignment) of a struct as gcc lays it out on x86-64 (the SysV ABI):
    a bit-field goes at the next bit unless it would cross a boundary of its
    declared type's size (then at that boundary; in a packed struct anywhere),
    a zero-width one moves to the next such boundary, and unnamed bit-fields do
    not align the struct. A union is as large as its largest member, rounded
    up to its strictest alignment. Checked against gcc in
    tests/frontend/test_program.py."""
    if union:
        size = max((m.size for _, m in members), default=0)
        align = 1 if packed else max((alignment(m) for _, m in members), default=1)
        return -(-size // align) * align, align
    _, bit, align = _placed(members, packed)
    size = -(-bit // 8)
    return -(-size // align) * align, align


def _placed(members: tuple[tuple[str, CType], ...],
            packed: bool) -> tuple[list[tuple[str, CType, int]], int, int]:
    """The members of a struct with their bit offsets (`struct_layout`), the
    bit after the last one, and the struct's alignment."""
    placed: list[tuple[str, CType, int]] = []
    bit = 0
    align = 1
    for name, mtype in members:
        if isinstance(mtype, IntType) and mtype.bitfield:
            unit = mtype.size * 8
            if mtype.bits == 0:
                bit = -(-bit // unit) * unit
                continue
            if not packed:
                if bit // unit != (bit + mtype.bits - 1) // unit:
                    bit = -(-bit // unit) * unit
                if name:
                    align = max(align, mtype.size)
            placed.append((name, mtype, bit))
            bit += mtype.bits
            continue
        malign = 1 if packed else alignment(mtype)
        bit = -(-bit // (malign * 8)) * malign * 8
        placed.append((name, mtype, bit))
        bit += mtype.size * 8
        align = max(align, malign)
    return placed, bit, align


def bitfield_type(declared: IntType, width: int) -> IntType:
    """The type of a bit-field member of `width` bits declared `declared`."""
    return IntType(width, declared.signed, f"{declared.name}:{width}", declared.rank,
                   declared.size, bitfield=True)


def is_function_pointer(ctype: CType) -> TypeGuard[PointerType]:
    return isinstance(ctype, PointerType) and isinstance(ctype.target, FunctionType)


def is_scalar(ctype: CType) -> TypeGuard[ScalarType]:
    return isinstance(ctype, (IntType, FloatType, PointerType))


def is_arithmetic(ctype: CType) -> bool:
    return isinstance(ctype, (IntType, FloatType))


def promote(ctype: IntType) -> IntType:
    """Integer promotion (6.3.1.1): everything narrower than int becomes int.
    A bit-field, as in gcc: narrower than int, int (also `unsigned x:31`); as
    wide as a standard type, that type (`unsigned long x:32` is unsigned int);
    otherwise its own width (`unsigned long x:40` computes modulo 2^40)."""
    if ctype.bitfield:
        if ctype.bits < INT.bits:
            return INT
        return _standard(ctype.bits, ctype.signed) or ctype
    if ctype.rank < INT.rank:
        return INT
    return ctype


def _standard(bits: int, signed: bool) -> IntType | None:
    return {(32, True): INT, (32, False): UINT, (64, True): LONG, (64, False): ULONG}.get(
        (bits, signed))


def common_type(a: CType, b: CType) -> IntType | FloatType:
    """Usual arithmetic conversions (6.3.1.8)."""
    assert isinstance(a, (IntType, FloatType)) and isinstance(b, (IntType, FloatType))
    if isinstance(a, FloatType) or isinstance(b, FloatType):
        bits = max(t.bits for t in (a, b) if isinstance(t, FloatType))
        return DOUBLE if bits == 64 else FLOAT
    a, b = promote(a), promote(b)
    if a == b:
        return a
    if (a.bitfield or b.bitfield) and a.bits != b.bits:
        return a if a.bits > b.bits else b  # gcc: the wider precision
    if a.bitfield or b.bitfield:
        return a if not a.signed else b  # the same precision: the unsigned one
    if a.signed == b.signed:
        return a if a.rank >= b.rank else b
    unsigned, signed = (a, b) if not a.signed else (b, a)
    if unsigned.rank >= signed.rank:
        return unsigned
    if signed.bits > unsigned.bits:
        return signed
    return _unsigned_of(signed)


def _unsigned_of(t: IntType) -> IntType:
    for cand in INT_TYPES:
        if not cand.signed and cand.rank == t.rank and cand.bits == t.bits:
            return cand
    return ULONG if t.bits == 64 else UINT
