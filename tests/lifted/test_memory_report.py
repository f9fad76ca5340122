"""A witness's memory in reports: objects, pointers into them, bodies as C."""

from __future__ import annotations

from checker.ir.heap import encode
from checker.lifted.memory_report import heap_conditions, objects, pointer_relations, pointer_value
from checker.replay.memory import RegionValue
from checker.replay.memory_layout import layout
from checker.semantics import ctype as ct

BASE = 1 << 20


def test_objects_show_bytes_and_pointers() -> None:
    target = BASE + 4096
    initial = dict(zip(range(BASE, BASE + 8), encode(target, ct.PointerType(ct.INT)),
                       strict=True))
    plan = layout(initial, (), (), [BASE])
    first, second = objects(plan)
    assert first["object"] == 0 and first["size"] == 8
    assert first["bytes"] == encode(target, ct.PointerType(ct.INT)).hex()
    assert first["pointers"] == {"0": {"object": 1, "offset": 0}}
    assert "pointers" not in second
    assert pointer_value(plan, 0) == "NULL"
    assert pointer_value(plan, target) == {"object": 1, "offset": 0}


def test_pointer_relations() -> None:
    relations = pointer_relations({"p": BASE, "q": BASE, "r": BASE + 8, "s": 0, "t": BASE << 4})
    assert relations == ["s == NULL", "p != NULL", "q == p", "(char *)r == (char *)p + 8",
                         "t != NULL"]


def test_heap_cells_through_the_nearest_pointer_below() -> None:
    cells = RegionValue({BASE + 4: 7, BASE - 4: 1, BASE << 4: 2}, 0)
    assert heap_conditions({"p": BASE}, "heap.i32", cells) == ["*(int *)((char *)p + 4) == 7"]
    assert heap_conditions({"p": BASE}, "heap.i8", RegionValue({BASE: 9}, 0)) == [
        "*(char *)((char *)p) == 9"]
