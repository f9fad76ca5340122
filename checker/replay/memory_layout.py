"""Where a witness's heap goes in real memory: one buffer per cluster of addresses.

The solver places objects at model addresses; a compiled program cannot put
them there, but it does not need to: only distances inside an object (and
between pointers into the same object) are observable in C. So the bytes a
witness fixes, the addresses its pointer inputs hold and the addresses that
pointers in memory hold are grouped into clusters (addresses less than `GAP`
apart share one), each cluster becomes one buffer that keeps its model
address modulo 64 (alignment), pointers become buffer + offset, and pointers
stored in the initial memory are written as real addresses into the buffers.
The same layout shows the witness as objects in the report.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from checker.errors import LiftdiffError
from checker.ir.heap import OBJECT_ALIGN, decode, mapped
from checker.semantics.ctype import VOID, PointerType

GAP = 256
"""Addresses at most this far apart are one object in the replay."""
MAX_BYTES = 1 << 20
"""A witness whose memory needs more than this is not compiled."""


class LayoutError(LiftdiffError):
    """The witness's memory cannot be laid out in buffers (too large)."""


@dataclass(frozen=True)
class Block:
    """One object of the witness: its model address and initial bytes."""

    start: int
    data: bytes

    @property
    def end(self) -> int:
        return self.start + len(self.data)


@dataclass(frozen=True)
class Link:
    """A pointer in the initial memory: at `offset` of block `block`, pointing to
    `target_offset` of block `target`."""

    block: int
    offset: int
    target: int
    target_offset: int


@dataclass(frozen=True)
class Layout:
    blocks: tuple[Block, ...]
    links: tuple[Link, ...]

    def locate(self, address: int) -> tuple[int, int] | None:
        """(block, offset) of a model address, None outside every block."""
        for index, block in enumerate(self.blocks):
            if block.start <= address < block.end or address == block.end:
                return index, address - block.start
        return None


_POINTER = PointerType(VOID)



def layout(
    initial: Mapping[int, int],
    touched: Iterable[int],
    pointers: Iterable[int],
    pointer_cells: Iterable[int],
) -> Layout:
    """Blocks for the initial bytes `initial`, the other addresses the runs
    `touched` (written), the non-null pointer inputs `pointers`, and the pointers
    read from memory at `pointer_cells` (their values must point into a block).
    A pointer in memory to an address no object can have (not `mapped`) makes
    no block: it keeps its bytes, so that the compiled run faults where the
    model's dereference traps (what a run read or wrote has a block)."""
    cells = sorted(set(pointer_cells))
    targets = []
    for address in cells:
        raw = bytes(initial.get(address + i, 0) for i in range(8))
        value = int(decode(raw, _POINTER))
        if mapped(value):
            targets.append(value)
    points = sorted({*initial, *touched, *pointers, *targets})
    clusters: list[list[int]] = []
    for point in points:
        if clusters and point - clusters[-1][-1] <= GAP:
            clusters[-1].append(point)
        else:
            clusters.append([point])
    blocks = []
    total = 0
    for cluster in clusters:
        start = cluster[0] - cluster[0] % OBJECT_ALIGN
        end = cluster[-1] + 1
        total += end - start
        if total > MAX_BYTES:
            raise LayoutError("the witness's memory is too large to compile a replay")
        blocks.append(Block(start, bytes(initial.get(a, 0) for a in range(start, end))))
    result = Layout(tuple(blocks), ())
    links = []
    for address in cells:
        raw = bytes(initial.get(address + i, 0) for i in range(8))
        value = int(decode(raw, _POINTER))
        where, to = result.locate(address), result.locate(value) if value else None
        if where is not None and to is not None:
            links.append(Link(where[0], where[1], to[0], to[1]))
    return Layout(result.blocks, tuple(links))
