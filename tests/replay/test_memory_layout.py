"""Laying a witness's heap out in buffers: clusters, alignment, pointers between them."""

from __future__ import annotations

import pytest

from checker.ir.heap import OBJECT_ALIGN as ALIGN
from checker.ir.heap import encode
from checker.replay.memory_layout import GAP, MAX_BYTES, LayoutError, layout
from checker.semantics import ctype as ct

BASE = 1 << 20


def test_touching_addresses_share_a_block_far_ones_do_not() -> None:
    initial = {BASE + 4: 1, BASE + 4 + GAP: 2, BASE + 10 * GAP: 3}
    plan = layout(initial, (), (), ())
    assert len(plan.blocks) == 2
    first, second = plan.blocks
    assert first.start == BASE and first.start % ALIGN == 0
    assert first.data[4] == 1 and first.data[4 + GAP] == 2
    assert second.start % ALIGN == (BASE + 10 * GAP) % ALIGN
    assert plan.locate(BASE + 4 + GAP) == (0, 4 + GAP)
    assert plan.locate(BASE + 5 * GAP) is None


def test_pointer_inputs_and_written_bytes_are_covered() -> None:
    plan = layout({}, [BASE + 3], [BASE + 8, BASE + 64 * GAP], ())
    assert len(plan.blocks) == 2
    assert plan.locate(BASE + 8) == (0, 8)
    assert plan.blocks[0].data == bytes(9)  # bytes nobody fixes are 0


def test_pointers_in_memory_become_links() -> None:
    target = BASE + 100 * GAP
    initial = dict(zip(range(BASE, BASE + 8), encode(target + 4, ct.PointerType(ct.INT)),
                       strict=True))
    plan = layout(initial, (), (), [BASE])
    assert len(plan.blocks) == 2
    (link,) = plan.links
    assert (link.block, link.offset) == (0, 0)
    assert plan.blocks[link.target].start + link.target_offset == target + 4


def test_too_much_memory_is_refused() -> None:
    with pytest.raises(LayoutError):
        layout({}, range(BASE, BASE + MAX_BYTES + 1, GAP), (), ())
