"""The heap's vocabulary: memory classes, regions, pointer domains, bytes of scalars."""

from __future__ import annotations

import math

import pytest
import z3

from checker.ir import smt_ops
from checker.ir.concrete_ops import float32
from checker.ir.heap import (
    BLOCK,
    HEAP,
    REACH,
    SHARED_HIGH,
    SHARED_LOW,
    MemoryEncoding,
    PointerDomain,
    decode,
    encode,
    heap_key,
    memory_class,
    region_elem,
    region_name,
)
from checker.semantics import ctype as ct

SCALARS = (ct.BOOL, ct.CHAR, ct.UCHAR, ct.SHORT, ct.USHORT, ct.INT, ct.UINT, ct.LONG, ct.ULONG,
           ct.FLOAT, ct.DOUBLE, ct.PointerType(ct.INT))


def test_signed_and_unsigned_variants_share_a_class_pointers_one() -> None:
    assert memory_class(ct.INT) == memory_class(ct.UINT) == "i32"
    assert memory_class(ct.CHAR) == memory_class(ct.UCHAR) == "i8"
    assert memory_class(ct.BOOL) == "b1"
    assert memory_class(ct.FLOAT) == "f32" != memory_class(ct.INT)
    assert memory_class(ct.PointerType(ct.INT)) == memory_class(ct.PointerType(ct.DOUBLE)) == "ptr"
    assert memory_class(ct.LONG) != memory_class(ct.PointerType(ct.VOID))


def test_regions_by_encoding() -> None:
    assert region_name(ct.UINT, MemoryEncoding.TYPED) == f"{HEAP}.i32"
    assert region_name(ct.UINT, MemoryEncoding.BYTES) == HEAP
    assert region_elem(HEAP) == ct.UCHAR
    assert region_elem(f"{HEAP}.f64") == ct.DOUBLE
    assert heap_key(f"{HEAP}.i8") == "heap.i8" and heap_key(HEAP) == "heap"


def test_pointer_domains_keep_exclusive_blocks_apart() -> None:
    assert PointerDomain(4).range() == (SHARED_LOW, SHARED_HIGH)
    low, high = PointerDomain(1, 3).range()
    assert low == 3 * BLOCK + REACH and high == 3 * BLOCK + 3 * REACH
    assert SHARED_HIGH + REACH <= BLOCK  # shared objects do not reach block 1
    assert PointerDomain(1, 2).range()[1] + REACH <= 3 * BLOCK


@pytest.mark.parametrize("ctype", SCALARS, ids=str)
@pytest.mark.parametrize("value", [0, 1, -1, 127, -128, 65535, 2**31 - 1, -(2**31), 2**40 + 3])
def test_encode_decode_round_trip(ctype: ct.ScalarType, value: int) -> None:
    if isinstance(ctype, ct.FloatType):
        expected: float | int = float(value) if ctype.bits == 64 else float32(value)
    elif isinstance(ctype, ct.PointerType):
        expected = ct.LONG.wrap(value)
    else:
        expected = ctype.wrap(value)
    assert decode(encode(expected, ctype), ctype) == expected


def test_little_endian_and_bool_byte() -> None:
    assert encode(0x01020304, ct.INT) == bytes([4, 3, 2, 1])
    assert encode(-2.0, ct.DOUBLE)[-1] == 0xC0
    assert decode(bytes([2]), ct.BOOL) == 0 and decode(bytes([3]), ct.BOOL) == 1
    assert math.isnan(decode(encode(math.nan, ct.FLOAT), ct.FLOAT))


@pytest.mark.parametrize("ctype", SCALARS, ids=str)
def test_solver_bytes_agree_with_the_replays_bytes(ctype: ct.ScalarType) -> None:
    """smt_ops.store of a value into the region of bytes holds the bytes `encode`
    gives, and smt_ops.load reads the value back."""
    heap = z3.Array("h", z3.BitVecSort(64), z3.BitVecSort(8))
    at = z3.BitVecVal(1 << 20, 64)
    value = 0.75 if isinstance(ctype, ct.FloatType) else 1 if ctype == ct.BOOL else -3
    stored = smt_ops.store(heap, at, smt_ops.const(value, ctype), ctype)
    data = encode(value, ctype)
    for i, byte in enumerate(data):
        assert z3.simplify(z3.Select(stored, at + i)).as_long() == byte
    loaded = z3.simplify(smt_ops.load(stored, at, ctype))
    assert smt_ops.python_value(loaded, ctype) == decode(data, ctype)


def test_typed_region_cells_are_one_select() -> None:
    ints = z3.Array("i", z3.BitVecSort(64), z3.BitVecSort(32))
    at = z3.BitVec("a", 64)
    assert smt_ops.load(ints, at, ct.UINT).eq(z3.Select(ints, at))
    bools = z3.Array("b", z3.BitVecSort(64), z3.BitVecSort(8))
    assert smt_ops.load(bools, at, ct.BOOL).sort() == z3.BitVecSort(1)
