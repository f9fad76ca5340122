"""A witness's memory as report values: objects, pointers into them, typed views.

The heap of a witness (every byte either version depends on) is shown as the
objects of the compiled replay's layout (`replay/memory_layout.py`): each
object's bytes in hex and the pointers stored in it; a pointer input as
`{"object": i, "offset": k}` (or "NULL"); and behind each pointer input `p`
of type `T *`, `"*p"`: the `T` values from `p[0]` on (an index -> value map
when cells below `p` matter), so that `inputs['*p'][1]` reads as in C.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from checker.engines.answer import Confirmed
from checker.engines.witness import report_scalar
from checker.ir.heap import decode, size_of
from checker.ir.ir import Cfa, Input
from checker.lower.layout import leaves
from checker.replay.memory_layout import Layout, LayoutError
from checker.replay.replay import Observation, initial_byte, memory_plan
from checker.semantics.ctype import (
    UCHAR,
    ArrayType,
    CType,
    FloatType,
    IntType,
    PointerType,
    StructType,
)
from checker.types import Value

Bytes = Callable[[int], int]


def pointer_inputs(old: Cfa, new: Cfa) -> dict[str, Input]:
    """Pointer inputs of both versions by key; where the versions' pointee structs
    differ (a member added at the end), the one with more members, so that a
    witness shows every member either version reads."""
    found: dict[str, Input] = {}
    for item in (*old.inputs, *new.inputs):
        if item.pointer is not None and (item.key not in found
                                         or _members(item) > _members(found[item.key])):
            found[item.key] = item
    return found


def _members(item: Input) -> int:
    target = item.type.target if isinstance(item.type, PointerType) else None
    return len(target.fields) if isinstance(target, StructType) else 0


def memory_layout(confirmed: Confirmed) -> Layout | None:
    try:
        plan = memory_plan(
            confirmed.old_cfa, confirmed.new_cfa, confirmed.assignment, confirmed.old,
            confirmed.new,
        )
    except LayoutError:
        return None
    return plan.layout


def objects(plan: Layout) -> tuple[Mapping[str, Value], ...]:
    """Every object of the witness: its bytes and the pointers it holds."""
    shown: list[Mapping[str, Value]] = []
    for index, block in enumerate(plan.blocks):
        item: dict[str, Value] = {"object": index, "size": len(block.data),
                                  "bytes": block.data.hex()}
        links = {str(link.offset): {"object": link.target, "offset": link.target_offset}
                 for link in plan.links if link.block == index}
        if links:
            item["pointers"] = links  # type: ignore[assignment]
        shown.append(item)
    return tuple(shown)


def pointer_value(plan: Layout, address: int) -> Value:
    if address == 0:
        return "NULL"
    where = plan.locate(address)
    if where is None:
        return {"address": address}
    return {"object": where[0], "offset": where[1]}


def initial_bytes(confirmed: Confirmed) -> Bytes:
    def byte(at: int) -> int:
        return initial_byte(confirmed.assignment, confirmed.old, confirmed.new, at)

    return byte


def final_bytes(confirmed: Confirmed, observed: Observation) -> Bytes:
    start = initial_bytes(confirmed)
    written = observed.heap.written if observed.heap else {}

    def byte(at: int) -> int:
        return written[at] if at in written else start(at)

    return byte


def relevant(confirmed: Confirmed) -> set[int]:
    """Heap bytes a run depended on or wrote."""
    found: set[int] = set(confirmed.assignment.heap)
    for observed in (confirmed.old, confirmed.new):
        if observed.heap is not None:
            found |= set(observed.heap.initial) | set(observed.heap.written)
    return found


def views(
    confirmed: Confirmed, plan: Layout, byte: Bytes, only_written: bool = False
) -> dict[str, Value]:
    """`"*p"` for each non-null pointer input: the values it points to (with
    `only_written`, only inputs behind which some version wrote)."""
    touched = relevant(confirmed)
    written: set[int] = set()
    for observed in (confirmed.old, confirmed.new):
        if observed.heap is not None:
            written |= set(observed.heap.written)
    shown: dict[str, Value] = {}
    scalars = confirmed.assignment.scalars
    for key, item in sorted(pointer_inputs(confirmed.old_cfa, confirmed.new_cfa).items(),
                            key=lambda kv: kv[1].name):
        address = int(scalars.get(key, 0))
        if not address or not isinstance(item.type, PointerType):
            continue
        target = item.type.target
        size = max(1, target.size if not isinstance(target, PointerType) else 8)
        if isinstance(target, (StructType, ArrayType, IntType, FloatType, PointerType)):
            view_type: CType = target
        else:
            view_type, size = UCHAR, 1  # void and the like: bytes
        where = plan.locate(address)
        if where is None:
            continue
        block = plan.blocks[where[0]]
        mine = {at for at in touched if block.start <= at < block.end}
        if only_written and not mine & written:
            continue
        indices = sorted({(at - address) // size for at in mine})
        if not indices:
            continue
        cells = {k: _value(plan, byte, address + k * size, view_type) for k in indices}
        if indices[0] >= 0 and indices == list(range(len(indices))):
            shown["*" + item.name] = [cells[k] for k in indices]
        else:
            shown["*" + item.name] = {str(k): v for k, v in cells.items()}
    return shown


def _value(plan: Layout, byte: Bytes, address: int, ctype: CType) -> Value:
    """The object of type `ctype` at `address`, as a report value."""
    if isinstance(ctype, StructType):
        shown: dict[str, Value] = {}
        for leaf in leaves(ctype):
            values = [_bits(byte, address + leaf.byte_offset(j), leaf.type, leaf.bit)
                      if isinstance(leaf.type, IntType) and leaf.type.bitfield
                      else _scalar(plan, byte, address + leaf.byte_offset(j), leaf.type)
                      for j in range(leaf.count)]
            shown[leaf.path.lstrip(".") or "value"] = values[0] if leaf.lone else values
        return shown
    if isinstance(ctype, ArrayType):
        elem = ctype.elem
        return [_value(plan, byte, address + i * elem.size, elem) for i in range(ctype.length or 0)]
    return _scalar(plan, byte, address, ctype)  # type: ignore[arg-type]


def _bits(byte: Bytes, address: int, ctype: IntType, bit: int) -> Value:
    """A bit-field's value: its bits from bit `bit` of the byte at `address` on."""
    raw = int.from_bytes(bytes(byte(address + i) for i in range(-(-(bit + ctype.bits) // 8))),
                         "little")
    return report_scalar(ctype.wrap(raw >> bit & (1 << ctype.bits) - 1))


def _scalar(plan: Layout, byte: Bytes, address: int, ctype: IntType | FloatType | PointerType
            ) -> Value:
    raw = bytes(byte(address + i) for i in range(size_of(ctype)))
    value = decode(raw, ctype)
    if isinstance(ctype, PointerType):
        return pointer_value(plan, int(value))
    return report_scalar(value)
