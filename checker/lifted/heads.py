"""Readable NEQ-summary heads: a small DNF over feature names, printed as C.

A head is found as a union of configuration cubes (feature -> value). Up to
MINTERM_LIMIT features we minimise exactly the way Quine-McCluskey does
(prime implicants, then a cover), treating configurations outside the feature
model as don't-cares. Beyond that, minterms are too many to list: the prime
implicants come from the cubes themselves (iterated consensus), then primes
the others cover are dropped, longest first; the feature model is not used
there (the head denotes the same configurations, just not always the
shortest way). Integer-valued features: cubes are merged pairwise
(x && A, !x && A -> A) and absorbed until nothing changes.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Mapping

from checker.lifted.widen import Interval
from checker.variability import formula as fm
from checker.variability.types import sort_key

Cube = Mapping[str, "int | Interval"]
"""Feature -> value, or range of values of an integer feature."""
MINTERM_LIMIT = 12
PRIME_LIMIT = 512
"""Prime implicants beyond which iterated consensus gives up (pairwise merging instead)."""


def minimise(
    cubes: Iterable[Cube],
    boolean: Mapping[str, bool],
    valid: Callable[[Mapping[str, int]], bool] | None = None,
) -> list[dict[str, int | Interval]]:
    """A small set of cubes denoting the same configurations (within `valid`)."""
    rows = [dict(c) for c in cubes]
    if not rows:
        return []
    names = sorted({name for cube in rows for name in cube})
    if any(not boolean.get(name, True) for name in names):
        return _merge(rows, boolean)
    if len(names) > MINTERM_LIMIT:
        return _consensus_cover(rows, names)
    return _quine_mccluskey(rows, names, valid)


Implicant = tuple[int, int]
"""(value, care): bit i is names[i]; value bits count only where care is set."""


def _consensus_cover(
    cubes: list[dict[str, int | Interval]], names: list[str]
) -> list[dict[str, int | Interval]]:
    on = [_implicant(cube, names) for cube in cubes]
    primes = _absorbed(on)
    fresh = list(primes)
    while fresh:
        found: list[Implicant] = []
        for a in fresh:
            for b in primes:
                merged = _consensus(a, b)
                if merged is not None and not any(_within(merged, p) for p in (*primes, *found)):
                    found = [f for f in found if not _within(f, merged)] + [merged]
        primes = _absorbed(primes + found)
        fresh = [f for f in found if f in primes]
        if len(primes) > PRIME_LIMIT:
            return _merge(cubes, dict.fromkeys(names, True))
    cover = sorted(primes, key=lambda p: (-_care_count(p), p))
    for prime in list(cover):  # drop primes the others cover, longest first
        others = [p for p in cover if p != prime]
        if all(_covered(c, others) for c in on):
            cover = others
    return _cubes(cover, names)


def _implicant(cube: Cube, names: list[str]) -> Implicant:
    value = care = 0
    for i, name in enumerate(names):
        if name in cube:
            bit = cube[name]
            assert not isinstance(bit, Interval), "only integer features have ranges"
            care |= 1 << i
            value |= (bit & 1) << i
    return value, care


def _within(inner: Implicant, outer: Implicant) -> bool:
    """Every configuration of `inner` is one of `outer`."""
    return outer[1] & ~inner[1] == 0 and (inner[0] ^ outer[0]) & outer[1] == 0


def _absorbed(implicants: list[Implicant]) -> list[Implicant]:
    unique = sorted(set(implicants), key=lambda p: (_care_count(p), p))
    kept: list[Implicant] = []
    for implicant in unique:
        if not any(_within(implicant, other) for other in kept):
            kept.append(implicant)
    return kept


def _consensus(a: Implicant, b: Implicant) -> Implicant | None:
    """x && P, !x && Q -> P && Q (None unless exactly one literal clashes)."""
    clash = a[1] & b[1] & (a[0] ^ b[0])
    if clash == 0 or clash & (clash - 1):
        return None
    care = (a[1] | b[1]) & ~clash
    return ((a[0] & a[1]) | (b[0] & b[1])) & care, care


def _covered(cube: Implicant, cover: list[Implicant]) -> bool:
    """Is every configuration of `cube` in the union of `cover`? (Split on a
    variable some overlapping implicant tests until one contains a part.)"""
    overlapping = [p for p in cover if (cube[0] ^ p[0]) & cube[1] & p[1] == 0]
    if any(_within(cube, p) for p in overlapping):
        return True
    if not overlapping:
        return False
    free = overlapping[0][1] & ~cube[1]
    bit = free & -free
    return all(
        _covered(((cube[0] & ~bit) | (bit if side else 0), cube[1] | bit), overlapping)
        for side in (0, 1)
    )


def _care_count(implicant: Implicant) -> int:
    return implicant[1].bit_count()


def _cubes(implicants: Iterable[Implicant], names: list[str]) -> list[dict[str, int | Interval]]:
    return _ordered(
        [{names[i]: (value >> i) & 1 for i in range(len(names)) if care >> i & 1}
         for value, care in implicants]
    )


def _ordered(cubes: list[dict[str, int | Interval]]) -> list[dict[str, int | Interval]]:
    """Shortest cubes first, then by their literals: a stable printed head."""
    return sorted(cubes, key=lambda c: (len(c), sorted((k, _value_key(v)) for k, v in c.items())))


def _value_key(value: int | Interval) -> tuple[float, float]:
    if isinstance(value, Interval):
        return (-math.inf if value.lo is None else value.lo,
                math.inf if value.hi is None else value.hi)
    return value, value


def _merge(
    cubes: list[dict[str, int | Interval]], boolean: Mapping[str, bool]
) -> list[dict[str, int | Interval]]:
    changed = True
    while changed:
        changed = False
        cubes = _absorb(cubes)
        for a, b in itertools.combinations(range(len(cubes)), 2):
            merged = _combine(cubes[a], cubes[b], boolean)
            if merged is not None:
                cubes = [c for i, c in enumerate(cubes) if i not in (a, b)] + [merged]
                changed = True
                break
    return _ordered(cubes)


def _combine(
    a: dict[str, int | Interval], b: dict[str, int | Interval], boolean: Mapping[str, bool]
) -> dict[str, int | Interval] | None:
    if a.keys() != b.keys():
        return None
    differing = [name for name in a if a[name] != b[name]]
    if len(differing) != 1 or not boolean.get(differing[0], True):
        return None
    return {k: v for k, v in a.items() if k != differing[0]}


def _absorb(cubes: list[dict[str, int | Interval]]) -> list[dict[str, int | Interval]]:
    kept: list[dict[str, int | Interval]] = []
    for cube in sorted(cubes, key=len):
        if not any(_includes(other, cube) for other in kept):
            kept = [other for other in kept if not _includes(cube, other)] + [cube]
    return kept


def _includes(outer: Cube, inner: Cube) -> bool:
    """Every configuration of `inner` is one of `outer` (literal by literal)."""
    return all(name in inner and _contains(value, inner[name]) for name, value in outer.items())


def _contains(outer: int | Interval, inner: int | Interval) -> bool:
    if not isinstance(outer, Interval):
        return outer == inner
    low, high = _value_key(inner)
    return ((outer.lo is None or outer.lo <= low)
            and (outer.hi is None or high <= outer.hi))


def _quine_mccluskey(
    cubes: list[dict[str, int | Interval]],
    names: list[str],
    valid: Callable[[Mapping[str, int]], bool] | None,
) -> list[dict[str, int | Interval]]:
    width = len(names)
    on: set[int] = set()
    care_off: set[int] = set()
    for bits in range(1 << width):
        config = {name: (bits >> i) & 1 for i, name in enumerate(names)}
        if any(all(config[k] == v for k, v in cube.items()) for cube in cubes):
            on.add(bits)
        elif valid is None or valid(config):
            care_off.add(bits)
    allowed = set(range(1 << width)) - care_off
    # implicants as (value, mask): mask bits are "don't care" positions
    level = {(bits, 0) for bits in allowed}
    primes: set[tuple[int, int]] = set()
    while level:
        merged: set[tuple[int, int]] = set()
        used: set[tuple[int, int]] = set()
        by_mask: dict[int, list[tuple[int, int]]] = {}
        for item in level:
            by_mask.setdefault(item[1], []).append(item)
        for mask, items in by_mask.items():
            values = {value for value, _ in items}
            for value in values:
                for i in range(width):
                    bit = 1 << i
                    if mask & bit or value & bit:
                        continue
                    if value | bit in values:
                        merged.add((value, mask | bit))
                        used.add((value, mask))
                        used.add((value | bit, mask))
        primes |= level - used
        level = merged
    useful = sorted(
        (p for p in primes if any(_covers(p, m) for m in on)),
        key=lambda p: (_literals(p, width), p),
    )
    cover: list[tuple[int, int]] = []
    for minterm in sorted(on):  # essential prime implicants first
        covering = [p for p in useful if _covers(p, minterm)]
        if len(covering) == 1 and covering[0] not in cover:
            cover.append(covering[0])
    todo = {m for m in on if not any(_covers(p, m) for p in cover)}
    while todo:
        best = max(useful, key=lambda p: (sum(_covers(p, m) for m in todo), -_literals(p, width)))
        cover.append(best)
        todo = {m for m in todo if not _covers(best, m)}
    for implicant in list(reversed(cover)):  # drop what the others already cover
        others = [p for p in cover if p != implicant]
        if all(any(_covers(p, m) for p in others) for m in on if _covers(implicant, m)):
            cover = others
    everything = (1 << width) - 1
    return _cubes([(value, ~mask & everything) for value, mask in cover], names)


def _covers(implicant: tuple[int, int], minterm: int) -> bool:
    value, mask = implicant
    return (minterm & ~mask) == (value & ~mask)


def _literals(implicant: tuple[int, int], width: int) -> int:
    return width - implicant[1].bit_count()


def to_c(cubes: list[dict[str, int | Interval]], boolean: Mapping[str, bool]) -> str:
    """`(A && B) || (!A && C)`; "1" for every configuration, "0" for none."""
    if not cubes:
        return "0"
    parts = []
    for cube in cubes:
        if not cube:
            return "1"
        literals = []
        shown = _built(cube, boolean)
        for name, value in sorted(shown.items(), key=lambda item: sort_key(item[0])):
            if isinstance(value, Interval):
                own = value.conditions(name)
            elif boolean.get(name, True) and value in (0, 1):
                own = [name if value else f"!{name}"]
            else:
                own = [f"{name} == {value}"]
            test = f"defined({name})"
            if test in boolean and test not in shown:  # 0 among its values: unset too
                value_text = own[0] if len(own) == 1 else f"({' && '.join(own)})"
                own = [f"(!{test} || {value_text})"]
            literals.extend(own)
        text = " && ".join(literals)
        parts.append(f"({text})" if len(literals) > 1 and len(cubes) > 1 else text)
    return " || ".join(parts)


def _built(cube: dict[str, int | Interval], boolean: Mapping[str, bool]
           ) -> dict[str, int | Interval]:
    """`cube` with `defined(X)` stated where it gives a two-state feature X (one
    tested both for being defined and for its value: `#ifndef X` / `#define X 1`)
    a value other than 0. A head names builds; a bare `X` could be read as the
    value the code sees, `-UX` included, which is not one value where the
    versions default X differently. The feature model makes X != 0 imply
    defined(X), so only the text changes. (Where the values include 0, so the
    build may leave X unset, `to_c` writes `(!defined(X) || !X)`.)"""
    shown = dict(cube)
    for name, value in cube.items():
        test = f"defined({name})"
        if test in boolean and test not in cube and not _contains(value, 0):
            shown[test] = 1
    return shown


# ------------------------------------------------- a head within a variant's scope

SEGMENT_LIMIT = 4096
"""Configurations (segments) beyond which a scoped head keeps its formula."""
_LOW, _HIGH = -(1 << 31), (1 << 31) - 1
"""The values of an integer feature (a 32-bit int, as the solver reads it)."""


def scoped(scope: fm.Formula, cubes: list[dict[str, int | Interval]],
           boolean: Mapping[str, bool]) -> list[dict[str, int | Interval]] | None:
    """The cubes of `scope && cubes`: a head found inside one variant of the file
    (`#if LEVEL > 2` / `#elif LEVEL > 0` around a helper), printed as one head
    (`LEVEL == 1`) rather than the variant's condition conjoined to it. Where the
    integer features are only compared with constants, the formula is constant
    between those constants, so one value per segment decides it; None when it is
    shaped otherwise, or when the segments are too many."""
    points: dict[str, set[int]] = {}
    if not _collect_points(scope, boolean, points):
        return None
    for cube in cubes:
        for name, value in cube.items():
            points.setdefault(name, set())
            if not boolean.get(name, True):
                bounds = (value.lo, value.hi) if isinstance(value, Interval) else (value,)
                points.setdefault(name, set()).update(b for b in bounds if b is not None)
    names = sorted(points, key=sort_key)
    choices = [_segments(points[n]) if not boolean.get(n, True) else [0, 1] for n in names]
    if math.prod(len(c) for c in choices) > SEGMENT_LIMIT:
        return None
    held: list[dict[str, int | Interval]] = []
    for combination in itertools.product(*choices):
        config = {n: _representative(v) for n, v in zip(names, combination, strict=True)}
        try:
            inside = scope.holds(config)
        except ZeroDivisionError:
            return None
        if inside and any(all(_contains(v, config.get(k, 0)) for k, v in c.items())
                          for c in cubes):
            held.append(dict(zip(names, combination, strict=True)))
    return minimise(_joined(held, boolean), boolean)


def _collect_points(f: fm.Formula, boolean: Mapping[str, bool],
                    points: dict[str, set[int]]) -> bool:
    """Record the constants each integer feature is compared with (and its zero,
    for `#if N`); False where a feature sits inside arithmetic."""
    if isinstance(f, fm.Const):
        return True
    if isinstance(f, fm.Var):
        if not boolean.get(f.name, True):
            points.setdefault(f.name, set()).add(0)
        else:
            points.setdefault(f.name, set())
        return True
    if isinstance(f, fm.Not):
        return _collect_points(f.arg, boolean, points)
    if isinstance(f, (fm.And, fm.Or)):
        return all(_collect_points(a, boolean, points) for a in f.args)
    if isinstance(f, fm.Binary) and f.op in fm.COMPARISONS:
        sides = (f.left, f.right)
        variables = [s for s in sides if isinstance(s, fm.Var)]
        constants = [s for s in sides if isinstance(s, fm.Const)]
        if len(variables) + len(constants) != 2 or len(variables) == 2:
            return False
        for var in variables:
            points.setdefault(var.name, set()).update(
                {c.number for c in constants} if not boolean.get(var.name, True) else ())
        return True
    return False


def _segments(points: set[int]) -> list[int | Interval]:
    """The integer line cut at `points`: each point (and its neighbours) alone,
    the stretches between them as intervals (unbounded at the ends)."""
    cuts = sorted({p + d for p in points | {_LOW, _HIGH, -1, 0, 1} for d in (-1, 0, 1)
                   if _LOW <= p + d <= _HIGH})
    segments: list[int | Interval] = []
    for i, point in enumerate(cuts):
        segments.append(point)
        end = cuts[i + 1] - 1 if i + 1 < len(cuts) else _HIGH
        if point + 1 <= end:
            segments.append(Interval(point + 1, end, True))
    return segments


def _representative(value: int | Interval) -> int:
    return value.lo if isinstance(value, Interval) and value.lo is not None else (
        value if isinstance(value, int) else 0)


def _joined(cubes: list[dict[str, int | Interval]],
            boolean: Mapping[str, bool]) -> list[dict[str, int | Interval]]:
    """Adjacent segments of one integer feature, the rest of the cube equal, as
    one interval (a bound at the end of the feature's range dropped)."""
    for name in sorted({k for c in cubes for k in c if not boolean.get(k, True)}):
        groups: dict[tuple[tuple[str, int | Interval], ...], list[tuple[int, int]]] = {}
        for cube in cubes:
            rest = tuple(sorted((k, v) for k, v in cube.items() if k != name))
            low, high = _value_key(cube[name])
            groups.setdefault(rest, []).append((int(low), int(high)))
        cubes = []
        for rest, spans in groups.items():
            spans.sort()
            merged = [list(spans[0])]
            for low, high in spans[1:]:
                if low == merged[-1][1] + 1:
                    merged[-1][1] = high
                else:
                    merged.append([low, high])
            for low, high in merged:
                value: int | Interval = low if low == high else Interval(
                    None if low == _LOW else low, None if high == _HIGH else high, True)
                cube = dict(rest)
                if value != Interval(None, None, True):
                    cube[name] = value
                cubes.append(cube)
    return cubes
