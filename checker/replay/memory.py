"""The heap as the replays execute it: real bytes, made on first use from the witness.

Whatever encoding the solver used (one region per memory class, or bytes;
see `ir/heap.py`), a replay runs on one byte memory, as the machine does.
Bytes a witness fixes are given explicitly; a byte read before anything
fixed or wrote it is made ("materialised") from the solver's regions: the
cell of the class of the access that first reads it (or, for random tests,
a value derived from a seed). Every run records what it read and wrote, so
that the witness can be completed (every byte either version depends on),
laid out in buffers for the compiled replay, and shown.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field

from checker.ir.heap import (
    HEAP,
    MemoryEncoding,
    decode,
    encode,
    memory_class,
    region_name,
    size_of,
)
from checker.semantics import ctype as ct
from checker.semantics.ctype import FloatType, IntType, PointerType, ScalarType

Number = int | float
CallKey = tuple[str, tuple[object, ...]]
"""A call of a function without code: its name and (position first) arguments."""


@dataclass(frozen=True)
class RegionValue:
    """A region's contents: the cells given explicitly, and the value of all others."""

    cells: Mapping[int, Number]
    default: Number


@dataclass(frozen=True)
class HeapInit:
    """Where the initial bytes of a run's heap come from."""

    bytes: Mapping[int, int] = field(default_factory=dict)
    """Bytes fixed explicitly (by address)."""
    views: Mapping[str, RegionValue] = field(default_factory=dict)
    """The solver's heap regions by name: `$heap` (bytes) or `$heap.<class>`."""
    seed: int | None = None
    """Random tests: bytes nothing else fixes get values derived from this seed."""
    effects: Mapping[tuple[CallKey, int], int] = field(default_factory=dict)
    """What calls of functions without code wrote: (call, address) -> byte; a byte a
    call does not list keeps its value."""


@dataclass(frozen=True)
class HeapTrace:
    """What one run did to the heap."""

    initial: Mapping[int, int]
    """Every byte whose initial value the run depended on (read before written, or
    written without being read: its old value decides whether the write changed it)."""
    written: Mapping[int, int]
    """Final value of every byte the run wrote."""
    reads: Mapping[tuple[str, int], Number]
    """Typed initial reads: (class region, address) -> value, as the solver sees them."""
    pointer_cells: frozenset[int]
    """Addresses of pointers read from the initial memory."""
    written_pointers: frozenset[int]
    """Addresses whose last write stored a pointer."""
    effect_reads: tuple[tuple[CallKey, int, ScalarType], ...] = ()
    """Reads (address, type) of memory that a call could have changed and the
    effects do not say whether it did: the witness asks the solver's model."""
    effect_pointers: frozenset[int] = frozenset()
    """Addresses of pointers read where a call's effect had stored them (also in
    `written_pointers`): the compiled replay's stub stores a real address there."""
    read_initial: frozenset[int] = frozenset()
    """Bytes the run read while they held their initial value (before any write
    or call's effect set them)."""


class ByteHeap:
    """Mutable heap of one run."""

    def __init__(self, init: HeapInit) -> None:
        self.init = init
        self.current: dict[int, int] = {}
        self.initial: dict[int, int] = {}
        self.written: dict[int, int] = {}
        self.reads: dict[tuple[str, int], Number] = {}
        self.pointer_cells: set[int] = set()
        self.written_pointers: set[int] = set()
        self.first_writes: dict[int, tuple[int, ScalarType]] = {}
        self.calls: list[CallKey] = []
        self.epoch: dict[int, int] = {}
        """Byte -> how many calls had happened when it was last set."""
        self.touched: set[int] = set()
        """Bytes the run or a call's effect wrote."""
        self.from_effect: set[int] = set()
        """Bytes a call's effect set last."""
        self.effect_pointers: set[int] = set()
        self.effect_reads: list[tuple[CallKey, int, ScalarType]] = []
        self.read_initial: set[int] = set()
        self._effects: dict[CallKey, list[tuple[int, int]]] = {}
        for (call, at), byte in sorted(init.effects.items(), key=lambda kv: kv[0][1]):
            self._effects.setdefault(call, []).append((at, byte))

    def after_call(self, call: CallKey) -> None:
        """A call that may write memory: the bytes its effects list change now; a
        byte read later that no effect lists kept its value (the witness asks the
        solver's model about it: `effect_reads`)."""
        self.calls.append(call)
        now = len(self.calls)
        for at, byte in self._effects.get(call, ()):
            if at not in self.current:
                self._materialise(at)
            self.current[at] = self.written[at] = byte
            self.touched.add(at)
            self.from_effect.add(at)
            self.epoch[at] = now

    def snapshot(self) -> dict[int, int]:
        """The bytes that differ from the initial memory as far as this run knows:
        what a callee reading memory now could tell apart."""
        return {at: self.current[at] for at in self.touched}

    def read(self, address: int, ctype: ScalarType) -> Number:
        size = size_of(ctype)
        missing = [address + i for i in range(size) if address + i not in self.current]
        if missing:
            fresh: bytes | None = None
            for at in missing:
                byte = self._explicit(at)
                if byte is None:
                    if fresh is None:
                        fresh = encode(self._fallback(address, ctype), ctype)
                    byte = fresh[at - address]
                self.current[at] = self.initial[at] = byte
        if len(missing) == size:  # wholly initial: what the solver's region holds
            initial = decode(bytes(self.current[address + i] for i in range(size)), ctype)
            self.reads[(region_name(ctype, MemoryEncoding.TYPED), address)] = initial
            if isinstance(ctype, PointerType):
                self.pointer_cells.add(address)
        self.read_initial.update(at for at in range(address, address + size)
                                 if at not in self.touched)
        if self.calls:
            self._after_calls(address, ctype, size)
        if isinstance(ctype, PointerType) and all(
                address + i in self.from_effect for i in range(size)):
            self.effect_pointers.add(address)  # a call stored it: `*endp = s + n`
            self.written_pointers.add(address)
        return decode(bytes(self.current[address + i] for i in range(size)), ctype)

    def settle(self, address: int, value: Number, ctype: ScalarType) -> bool:
        """Make the initial bytes at `address` hold `value` where nothing has set
        them yet; False if one is set to another byte already."""
        data = encode(value, ctype)
        for i, byte in enumerate(data):
            at = address + i
            known = self.current.get(at, self._explicit(at))
            if known is not None and known != byte:
                return False
        for i, byte in enumerate(data):
            self.current.setdefault(address + i, byte)
            self.initial.setdefault(address + i, byte)
        return True

    def _after_calls(self, address: int, ctype: ScalarType, size: int) -> None:
        """Note a read of bytes that a call since they were last set could have
        changed without its effects saying so."""
        now = len(self.calls)
        stale = [at for at in range(address, address + size) if self.epoch.get(at, 0) < now]
        if stale:
            self.effect_reads.append((self.calls[-1], address, ctype))
            for at in stale:
                self.epoch[at] = now

    def _materialise(self, at: int) -> None:
        """A byte's initial value, made as a byte read would make it."""
        byte = self._explicit(at)
        if byte is None:
            byte = encode(self._fallback(at, ct.UCHAR), ct.UCHAR)[0]
        self.current[at] = self.initial[at] = byte

    def write(self, address: int, value: Number, ctype: ScalarType) -> None:
        data = encode(value, ctype)
        now = len(self.calls)
        for i, byte in enumerate(data):
            at = address + i
            if at not in self.current:
                self.first_writes.setdefault(at, (address, ctype))
            self.current[at] = byte
            self.written[at] = byte
            self.touched.add(at)
            self.epoch[at] = now
            self.from_effect.discard(at)
            self.written_pointers.discard(at)
        if isinstance(ctype, PointerType):
            self.written_pointers.add(address)

    def trace(self) -> HeapTrace:
        """The run's record; bytes written but never read get their initial value
        (which decides whether the write changed them) made as reads would."""
        initial = dict(self.initial)
        for at, (address, ctype) in self.first_writes.items():
            if at in initial:
                continue
            byte = self._explicit(at)
            if byte is None:
                byte = encode(self._fallback(address, ctype), ctype)[at - address]
            initial[at] = byte
        return HeapTrace(
            initial, dict(self.written), dict(self.reads), frozenset(self.pointer_cells),
            frozenset(self.written_pointers), tuple(self.effect_reads),
            frozenset(self.effect_pointers), frozenset(self.read_initial),
        )

    def _explicit(self, address: int) -> int | None:
        return self.init.bytes.get(address)

    def _fallback(self, address: int, ctype: ScalarType) -> Number:
        """The initial value of a `ctype` at `address` where no byte is fixed."""
        views = self.init.views
        if HEAP in views:
            cells = views[HEAP]
            raw = bytes(
                int(cells.cells.get(address + i, cells.default)) & 0xFF
                for i in range(size_of(ctype))
            )
            return decode(raw, ctype)
        name = region_name(ctype, MemoryEncoding.TYPED)
        view = views.get(name)
        if view is not None and (address in view.cells or self.init.seed is None):
            return view.cells.get(address, view.default)
        if self.init.seed is not None:
            return random_value(self.init.seed, memory_class(ctype), address, ctype)
        return 0.0 if isinstance(ctype, FloatType) else 0


_SMALL = (0, 1, 2, 3, -1, 7, 8, 42, 100, 255)


def random_value(seed: int, cls: str, address: int, ctype: ScalarType) -> Number:
    """A pseudo-random initial value, a function of (seed, class, address): small
    numbers mostly (strings then end soon), so that random tests meet conditions."""
    draw = zlib.crc32(f"{seed}:{cls}:{address}".encode())
    if isinstance(ctype, FloatType):
        return float(_SMALL[draw % len(_SMALL)]) * (0.5 if draw & 0x100 else 1.0)
    if isinstance(ctype, PointerType):
        return 0
    assert isinstance(ctype, IntType)
    if ctype.is_bool:
        return draw & 1
    choice = (draw >> 8) % 8
    if choice < 3:
        return ctype.wrap(_SMALL[draw % len(_SMALL)])
    if choice < 6:
        return ctype.wrap(draw % 97 + 32)  # printable, for strings
    return ctype.wrap(draw)
