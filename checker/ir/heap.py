"""The heap: memory reachable through pointer inputs, byte-addressed and unbounded.

Objects behind pointer parameters, pointer globals and pointers read from
memory all live in one address space (under-constrained symbolic execution,
as UC-KLEE checks library code): a pointer into it is a 64-bit byte address,
NULL is address 0, every address has content (objects exist lazily), and
whether two pointers alias, overlap or are disjoint is just a matter of their
values, over which EQUIVALENT quantifies. Local objects (arrays, address-taken
locals, string literals) stay in regions of their own, disjoint from it.

Two encodings of the same memory, one chosen per function pair:

* TYPED (Burstall-Bornat): one region per memory class, a scalar kind and
  width (`i8`, `i16`, `i32`, `i64`, `b1`, `f32`, `f64`, `ptr`), indexed by byte
  address. Exact for programs that access each object through lvalues of its
  own type at aligned addresses (C11 6.5p7, 6.3.2.3p7): signed and unsigned
  variants share a class, so do all pointers. Used when the pair touches one
  class, or several classes none of which is `i8` (then the verdict names the
  effective-type assumption).
* BYTES: one region of bytes; a wider access reads or writes its bytes
  little-endian. Exact for everything, `char` views of other objects, unions and
  `memcpy` of structs included; used when `char` accesses meet other classes.

The replays always execute real bytes (`checker/replay/interp.py`), whatever
the solver's encoding was.
"""

from __future__ import annotations

import enum
import struct
from dataclasses import dataclass

from checker.semantics import ctype as ct
from checker.semantics.ctype import FloatType, IntType, PointerType, ScalarType

HEAP = "$heap"
"""Base of every heap pointer in the lowering; prefix of the heap's regions."""
HEAP_KEY = "heap"
"""Input and output key prefix of the heap's regions, shared by old and new."""

NULL_PAGE = 1 << 16
"""Addresses below this are never mapped (Linux's mmap_min_addr): a dereference traps."""
TOP = 1 << 47
"""Addresses from here on are not user space on x86-64: a dereference traps."""


def mapped(address: int) -> bool:
    """An address an object may have: not in the never-mapped page at 0 nor past
    user space (the lowering's dereference of any other traps: `_unmapped`)."""
    return NULL_PAGE <= address < TOP


SHARED_LOW = 1 << 20
SHARED_HIGH = 1 << 39
"""Pointer inputs that may alias anything point into [SHARED_LOW, SHARED_HIGH)."""
BLOCK = 1 << 40
"""Size of the block of addresses an exclusive (restrict / no-alias) input owns."""
OBJECT_ALIGN = 64
"""Alignment of the objects the compiled replay lays the witness's memory out in;
an array declared without its size is given it in the model too, so that its
first byte starts one (its storage in the harness is then that object)."""
REACH = 1 << 38
"""Objects are smaller than this: an access at most this far from an exclusive
input's address stays inside its block."""


class MemoryEncoding(enum.Enum):
    TYPED = "typed"
    BYTES = "bytes"


@dataclass(frozen=True)
class PointerDomain:
    """What a pointer input may hold: NULL, or an `align`-aligned address in the
    shared range (`block` 0) or in the exclusive block `block`."""

    align: int
    block: int = 0

    def range(self) -> tuple[int, int]:
        """[low, high) of the non-null values."""
        if self.block == 0:
            return SHARED_LOW, SHARED_HIGH
        start = self.block * BLOCK
        return start + REACH, start + 3 * REACH


CHAR_CLASS = "i8"


def memory_class(ctype: ScalarType) -> str:
    """The class of a scalar type: the objects its lvalues may access."""
    if isinstance(ctype, PointerType):
        return "ptr"
    if isinstance(ctype, FloatType):
        return f"f{ctype.bits}"
    return "b1" if ctype.is_bool else f"i{ctype.bits}"


_CLASS_TYPES: dict[str, ScalarType] = {
    "b1": ct.BOOL,
    "i8": ct.CHAR,
    "i16": ct.SHORT,
    "i32": ct.INT,
    "i64": ct.LONG,
    "f32": ct.FLOAT,
    "f64": ct.DOUBLE,
    "ptr": PointerType(ct.VOID),
}


def region_name(ctype: ScalarType, encoding: MemoryEncoding) -> str:
    """The region an access of type `ctype` goes to."""
    if encoding is MemoryEncoding.BYTES:
        return HEAP
    return f"{HEAP}.{memory_class(ctype)}"


def region_elem(name: str) -> ScalarType:
    """Element type of a heap region (bytes: unsigned char)."""
    if name == HEAP:
        return ct.UCHAR
    return _CLASS_TYPES[name[len(HEAP) + 1 :]]


def is_heap(name: str | None) -> bool:
    return name is not None and (name == HEAP or name.startswith(HEAP + "."))


def heap_key(region: str) -> str:
    """Input/output key of a heap region: 'heap' or 'heap.i32'."""
    return HEAP_KEY + region[len(HEAP) :]


def size_of(ctype: ScalarType) -> int:
    return 8 if isinstance(ctype, PointerType) else ctype.size


# ------------------------------------------------------------ concrete bytes


def encode(value: int | float, ctype: ScalarType) -> bytes:
    """A scalar's bytes in memory (little-endian, IEEE for floats)."""
    if isinstance(ctype, FloatType):
        return struct.pack("<f" if ctype.bits == 32 else "<d", value)
    size = size_of(ctype)
    return (int(value) & ((1 << (8 * size)) - 1)).to_bytes(size, "little")


def decode(data: bytes, ctype: ScalarType) -> int | float:
    """The scalar that bytes hold (a _Bool is its byte's lowest bit)."""
    if isinstance(ctype, FloatType):
        return float(struct.unpack("<f" if ctype.bits == 32 else "<d", data)[0])
    raw = int.from_bytes(data, "little")
    if isinstance(ctype, PointerType):
        return ct.INDEX.wrap(raw)
    assert isinstance(ctype, IntType)
    return raw & 1 if ctype.is_bool else ctype.wrap(raw)
