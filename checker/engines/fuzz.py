"""Random testing with the interpreter: a cheap search for replayable witnesses.

The solver is weak exactly where programs call real library functions or mix
many floating operations; there, executing both versions on a few hundred
well-chosen inputs (boundary values, small numbers, log-uniform magnitudes)
finds most differences at once, and every hit is a real execution.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

from checker.ir.heap import PointerDomain, is_heap
from checker.ir.ir import Cfa, Input, InputSource
from checker.lower.lower_state import NULL_SUFFIX
from checker.replay.memory import RegionValue
from checker.replay.replay import Assignment
from checker.semantics.ctype import FloatType, IntType, ScalarType

_SPECIAL_FLOATS = (
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    2.0,
    3.0,
    10.0,
    0.1,
    1e-9,
    1e9,
    math.pi,
    float("inf"),
    float("-inf"),
    float("nan"),
)
_REGION_CELLS = 8
REUSE = 0.25
"""Chance that an input repeats another input's value (x == y tests are common)."""


def _int_value(rng: random.Random, ctype: IntType) -> int:
    if ctype.is_bool:
        return rng.randint(0, 1)
    choice = rng.random()
    if choice < 0.25:  # wrapped: a bit-field may be narrower than 42
        return ctype.wrap(rng.choice(
            [0, 1, -1, 2, 3, 7, 8, 42, ctype.min, ctype.max, ctype.min + 1, ctype.max - 1]
            if ctype.signed
            else [0, 1, 2, 3, 7, 8, 42, ctype.max, ctype.max - 1]
        ))
    if choice < 0.6:
        return ctype.wrap(rng.randint(-16, 16))
    if choice < 0.8:
        return ctype.wrap(rng.randint(-1000, 1000))
    return rng.randint(ctype.min, ctype.max)


def _float_value(rng: random.Random, ctype: FloatType) -> float:
    choice = rng.random()
    if choice < 0.2:
        value = rng.choice(_SPECIAL_FLOATS)
    elif choice < 0.45:
        value = float(rng.randint(-20, 20))
    elif choice < 0.9:
        value = math.copysign(10 ** rng.uniform(-4, 4), rng.choice((-1.0, 1.0)))
    else:
        value = rng.uniform(-1e6, 1e6)
    if ctype.bits == 32:
        from checker.ir.concrete_ops import float32

        value = float32(value)
    return value


def scalar_sample(rng: random.Random, ctype: ScalarType) -> int | float:
    if isinstance(ctype, FloatType):
        return _float_value(rng, ctype)
    if isinstance(ctype, IntType):
        return _int_value(rng, ctype)
    return rng.randint(-4, 4)


def pointer_sample(rng: random.Random, domain: PointerDomain, nullable: bool = True) -> int:
    """NULL sometimes (when `nullable`); otherwise an address near the start of the
    pointer's range, so that pointers into the shared range often alias or overlap,
    a few objects apart otherwise."""
    if nullable and rng.random() < 0.05:
        return 0
    low, _ = domain.range()
    base = low + (0 if rng.random() < 0.7 else rng.randint(1, 3) * 4096)
    return base + rng.randint(0, 7) * max(1, domain.align)


def samples(
    old: Cfa, new: Cfa, count: int, seed: int, fixed: dict[str, int | float] | None = None
) -> Iterator[Assignment]:
    """`count` random assignments of the shared inputs (keys in `fixed` held)."""
    rng = random.Random(seed)
    inputs: dict[str, Input] = {}
    for item in (*old.inputs, *new.inputs):
        inputs.setdefault(item.key, item)
    heap = any(is_heap(item.ref) for item in inputs.values())
    lengths = {name: region.length for cfa in (new, old) for name, region in cfa.regions.items()}
    for _ in range(count):
        scalars: dict[str, int | float] = {}
        regions: dict[str, RegionValue] = {}
        used: dict[ScalarType, list[int | float]] = {}
        for key, item in inputs.items():
            if fixed is not None and key in fixed:
                scalars[key] = fixed[key]
            elif item.pointer is not None:
                # the address of an object (InputSource.LOCAL) is never NULL: a sample
                # that made it so would only fail the entry's check
                scalars[key] = pointer_sample(rng, item.pointer,
                                              item.source is not InputSource.LOCAL)
            elif is_heap(item.ref):
                continue  # random bytes from the seed below
            elif not item.is_region and used.get(item.type) and rng.random() < REUSE:
                scalars[key] = rng.choice(used[item.type])  # equal inputs meet conditions
            elif item.is_region:
                length = lengths.get(item.ref)
                cells = {i: scalar_sample(rng, item.type)
                         for i in range(min(_REGION_CELLS, length or _REGION_CELLS))}
                regions[key] = RegionValue(cells, scalar_sample(rng, item.type))
            elif key.endswith(NULL_SUFFIX):
                scalars[key] = 1 if rng.random() < 0.05 else 0
            elif item.source is InputSource.CONFIG:
                scalars[key] = rng.randint(0, 1)
            else:
                scalars[key] = scalar_sample(rng, item.type)
            if key in scalars and not key.endswith(NULL_SUFFIX) and item.pointer is None:
                used.setdefault(item.type, []).append(scalars[key])
        heap_seed = rng.randrange(1 << 30) if heap else None
        yield Assignment(scalars, regions, {}, {}, heap_seed=heap_seed)
