"""A witness's memory in reports: objects, pointers into them, bodies as C."""

from __future__ import annotations

from checker.ir.heap import encode
from checker.lifted.memory_report import objects, pointer_value
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
