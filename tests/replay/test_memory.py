"""The replays' heap: real bytes, made on first use from the solver's regions."""

from __future__ import annotations

from checker.ir.heap import HEAP, encode
from checker.replay.memory import ByteHeap, HeapInit, RegionValue, random_value
from checker.semantics import ctype as ct

BASE = 1 << 20
PTR = ct.PointerType(ct.INT)


def test_first_read_takes_the_cell_of_its_class_then_bytes_stay() -> None:
    heap = ByteHeap(HeapInit(views={f"{HEAP}.i32": RegionValue({BASE: 0x01020304}, 7),
                                    f"{HEAP}.i8": RegionValue({}, 9)}))
    assert heap.read(BASE, ct.INT) == 0x01020304
    assert heap.read(BASE + 1, ct.CHAR) == 3  # a byte of the int, not the i8 default
    assert heap.read(BASE + 8, ct.CHAR) == 9
    trace = heap.trace()
    assert trace.initial == {BASE: 4, BASE + 1: 3, BASE + 2: 2, BASE + 3: 1, BASE + 8: 9}
    assert trace.reads == {(f"{HEAP}.i32", BASE): 0x01020304, (f"{HEAP}.i8", BASE + 8): 9}


def test_explicit_bytes_come_first() -> None:
    heap = ByteHeap(HeapInit(bytes={BASE: 0xFF}, views={f"{HEAP}.i16": RegionValue({}, 0)}))
    assert heap.read(BASE, ct.SHORT) == 0xFF
    assert heap.trace().reads == {(f"{HEAP}.i16", BASE): 0xFF}


def test_bytes_view_is_per_byte() -> None:
    heap = ByteHeap(HeapInit(views={HEAP: RegionValue({BASE: 1, BASE + 1: 2}, 0)}))
    assert heap.read(BASE, ct.SHORT) == 0x0201


def test_writes_record_their_bytes_and_the_old_value_of_unread_ones() -> None:
    heap = ByteHeap(HeapInit(views={f"{HEAP}.i32": RegionValue({}, -1)}))
    heap.write(BASE, 5, ct.INT)
    assert heap.read(BASE, ct.INT) == 5
    trace = heap.trace()
    assert trace.written == dict(zip(range(BASE, BASE + 4), encode(5, ct.INT), strict=True))
    assert trace.initial == dict.fromkeys(range(BASE, BASE + 4), 0xFF)  # -1 was there


def test_pointer_cells_read_and_written() -> None:
    heap = ByteHeap(HeapInit(views={f"{HEAP}.ptr": RegionValue({BASE: BASE + 64}, 0)}))
    assert heap.read(BASE, PTR) == BASE + 64
    heap.write(BASE + 8, BASE, PTR)
    heap.write(BASE + 16, BASE, PTR)
    heap.write(BASE + 16, 3, ct.LONG)  # overwritten: no longer a pointer
    trace = heap.trace()
    assert trace.pointer_cells == {BASE}
    assert trace.written_pointers == {BASE + 8}


def test_seeded_values_are_a_function_of_seed_class_and_address() -> None:
    first = ByteHeap(HeapInit(seed=5)).read(BASE, ct.INT)
    assert first == ByteHeap(HeapInit(seed=5)).read(BASE, ct.INT)
    assert first == random_value(5, "i32", BASE, ct.INT)
    values = {random_value(5, "i8", BASE + i, ct.CHAR) for i in range(200)}
    assert 0 in values and len(values) > 10  # strings end, and vary
    assert random_value(5, "ptr", BASE, PTR) == 0
