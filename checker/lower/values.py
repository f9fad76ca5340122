"""Values and places the lowering computes with, before they become IR.

A `VarPlace` is storage in scalar variables (struct fields flattened to
`name.field`); a `MemPlace` is storage in regions: the object of type `type`
at element index `index` of the leaf regions `base + leaf.path` (see layout.py);
a `BytePlace` is an object in a region of bytes (a union's, the heap's).
Pointers carry their region statically (`base`) and their offset and null flag
as IR expressions.
"""

from __future__ import annotations

from dataclasses import dataclass

from checker.ir.ir import Expr
from checker.semantics.ctype import CType, FloatType, FunctionType, IntType, StructType


@dataclass(frozen=True)
class VarPlace:
    name: str
    type: CType


@dataclass(frozen=True)
class MemPlace:
    base: str
    type: CType
    index: Expr


@dataclass(frozen=True)
class BytePlace:
    """An object at byte `offset` of a region of bytes (`layout.UNION_BYTE`
    cells), read and written byte by byte, little-endian: a member of a union
    that is no heap object, or a bit-field of a struct in the heap."""

    region: str
    type: CType
    offset: Expr
    shift: int = 0
    """A bit-field's lowest bit in the byte at `offset`."""


Place = VarPlace | MemPlace | BytePlace


@dataclass(frozen=True)
class Scalar:
    """An arithmetic value (integer or floating)."""

    expr: Expr
    type: IntType | FloatType


@dataclass(frozen=True)
class Ptr:
    """A pointer: `base` names the pointee's leaf regions (None: a null constant)."""

    base: str | None
    target: CType
    index: Expr
    null: Expr


@dataclass(frozen=True)
class StructValue:
    """A struct rvalue: each leaf path with its scalars (count per leaf)."""

    type: StructType
    leaves: tuple[tuple[str, tuple[Scalar | Ptr | FuncPtr, ...]], ...]


@dataclass(frozen=True)
class StringValue:
    """A string literal before it decays (kept whole for external calls/printf)."""

    data: bytes


@dataclass(frozen=True)
class VoidValue:
    pass


@dataclass(frozen=True)
class FuncPtr:
    """A pointer to a function: `id` is 0 (NULL) or the number the lowering gave
    one of `targets`, the functions it may point to (known statically, as a
    data pointer's region is); an input whose target is unknown is a target
    named `UNKNOWN_TARGET` + its input key."""

    type: FunctionType
    id: Expr
    targets: frozenset[str]


UNKNOWN_TARGET = "?"


Value = Scalar | Ptr | StructValue | StringValue | VoidValue | FuncPtr
