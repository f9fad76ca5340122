"""Flattening of aggregate types into scalar leaves.

A struct variable `s` with fields `x` and `a[4]` becomes the scalar variable
`s.x` and the region `s.a` of length 4 (a union member `u` of 8 bytes: the
region `s.u` of 8 bytes); the same field paths name the leaf
regions of an object in memory, so `p->a[i]` with `p` at element offset `o`
reads region `<base>.a` at index `o * 4 + i`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from checker.ir.ir import CellShape
from checker.semantics.ctype import (
    UCHAR,
    ArrayType,
    CType,
    IntType,
    ScalarType,
    StructType,
    is_scalar,
)

UNION_BYTE = UCHAR
"""A union is stored as its bytes (one leaf of `size` unsigned chars): a member is
read and written byte by byte, little-endian, so writing one member and reading
another reinterprets the bytes as gcc on x86-64 does."""


@dataclass(frozen=True)
class Leaf:
    path: str  # "" for the object itself, ".x", ".a", ".in.y"
    type: ScalarType
    count: int  # scalars per object (arrays inside multiply)
    offset: int = 0
    """Byte offset of the first scalar in the object (for memory laid out as C does)."""
    dims: tuple[tuple[int, int], ...] = ()
    """(length, byte stride) of the arrays around the leaf, outermost first."""
    bit: int = 0
    """A bit-field's lowest bit from its offset on (`bitfield_unit`)."""

    @property
    def lone(self) -> bool:
        """One scalar outside any array: a variable where its object is one. An
        array of one element (`char o[1]`, `char opt[NUM_OPT]` in a configuration
        where the enum makes it 1) is still an array, stored as a region, so that
        `o[i]` indexes it and the replay names `o[0]`."""
        return self.count == 1 and not self.dims

    def byte_offset(self, j: int) -> int:
        """Byte offset of the leaf's `j`-th scalar (0 <= j < count) in the object."""
        offset = self.offset
        for length, stride in reversed(self.dims):
            j, digit = divmod(j, length) if length else (j, 0)
            offset += digit * stride
        return offset


def leaves(ctype: CType) -> Iterator[Leaf]:
    """Scalar leaves of an object type, in declaration order."""
    yield from _leaves(ctype, "", 1, 0, (), 0)


def _leaves(
    ctype: CType, path: str, count: int, offset: int, dims: tuple[tuple[int, int], ...],
    bit: int,
) -> Iterator[Leaf]:
    if isinstance(ctype, StructType) and ctype.union:  # its bytes (UNION_BYTE)
        yield Leaf(path, UNION_BYTE, count * ctype.size, offset, (*dims, (ctype.size, 1)))
    elif isinstance(ctype, StructType):
        for name, ftype in ctype.fields:
            first, shift = bitfield_unit(ctype.bit_offset(name) or 0, ftype, ctype.packed)
            yield from _leaves(ftype, f"{path}.{name}", count, offset + first, dims, shift)
    elif isinstance(ctype, ArrayType):
        length = ctype.length or 0
        inner = (*dims, (length, ctype.elem.size))
        yield from _leaves(ctype.elem, path, count * length, offset, inner, 0)
    elif is_scalar(ctype):
        yield Leaf(path, ctype, count, offset, dims, bit)


def bitfield_unit(bit: int, ftype: CType, packed: bool) -> tuple[int, int]:
    """(byte, bit in it) where a member at bit offset `bit` of its struct starts;
    a bit-field of a struct that is not packed: its storage unit (an object of its
    declared type, which it never crosses), the bytes gcc loads and stores for it."""
    if isinstance(ftype, IntType) and ftype.bitfield and not packed:
        first = bit // (ftype.size * 8) * ftype.size
        return first, bit - first * 8
    return bit // 8, bit % 8


def scalar_count(ctype: CType) -> int:
    """How many scalars of the innermost element an array type holds (1 otherwise)."""
    if isinstance(ctype, ArrayType):
        return (ctype.length or 0) * scalar_count(ctype.elem)
    return 1


def innermost(ctype: CType) -> CType:
    while isinstance(ctype, ArrayType):
        ctype = ctype.elem
    return ctype


def cell_shape(root: str, ctype: CType, path: str, pointee: bool) -> CellShape | None:
    """How the flat cells of the leaf region `path` of an object of type `ctype`
    (the objects behind a pointer when `pointee`) are named in C; None when the
    leaf is no array or an inner array has no size."""
    head = ""
    dims: list[list] = [[None, ""]] if pointee else []  # type: ignore[type-arg]
    names = path.split(".")[1:]
    current: CType | None = ctype
    while True:
        while isinstance(current, ArrayType):
            dims.append([current.length, ""])
            current = current.elem
        if not names:
            break
        name = "." + names.pop(0)
        if dims:
            dims[-1][1] += name
        else:
            head += name
        current = current.field_type(name[1:]) if isinstance(current, StructType) else None
    union = isinstance(current, StructType) and current.union
    if isinstance(current, StructType) and current.union:
        dims.append([current.size, ""])
    if not dims or any(not extent for extent, _ in dims[1:]):
        return None
    return CellShape(root, head, tuple((extent, suffix) for extent, suffix in dims), union)
