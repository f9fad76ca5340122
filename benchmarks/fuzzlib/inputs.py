"""Inputs of a generated function as key -> value maps, shared by gcc and liftdiff's witnesses.

Keys are the lvalues the harness sets, in source names: `x`, `ga[2]`, `s.m1[0]`;
a pointer parameter `p` has the value `NULL` or `q+k` (element k of the object
owned by pointer `q`; `p+0` is its own object), and object cells are `$q[i]`
(`$q[i].m0` for structs). Two pointers of compatible types may share an object
(the same or overlapping memory). Results of external functions are
`uf:NAME(args)`. Values are C tokens: decimal integers, hex floats, `nan`, `inf`.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from fuzzlib import ctyping as ct
from fuzzlib.ctyping import CType, Float, Int, Ptr, Record
from fuzzlib.exprs import boundary_values
from fuzzlib.syntax import PP, FuncDef, GlobalDef, Node, Program, Proto

Inputs = dict[str, str]

OBJECT_CELLS = {"char": 256, "record": 8, "scalar": 24}
"""Elements of the object the harness makes for a pointer parameter. A string is
read as far as its NUL: a witness may need it long (`s[100 + i]`: a constant
of the generator's as the start)."""


@dataclass(frozen=True)
class Slot:
    name: str
    type: CType
    bits: int | None = None


@dataclass(frozen=True)
class Signature:
    """What the harness sets and prints: parameters, globals, the return type, externals."""

    params: tuple[Slot, ...]
    globals: tuple[Slot, ...]
    ret: CType
    externs: tuple[Proto, ...]

    @property
    def pointers(self) -> tuple[Slot, ...]:
        return tuple(p for p in self.params if isinstance(p.type, Ptr))

    def compatible(self, p: Slot, q: Slot) -> bool:
        assert isinstance(p.type, Ptr) and isinstance(q.type, Ptr)
        return _unqualified(p.type.target) == _unqualified(q.type.target)


def _unqualified(t: CType) -> CType:
    return t


def object_cells(pointer: Slot) -> int:
    assert isinstance(pointer.type, Ptr)
    target = pointer.type.target
    if isinstance(target, Record):
        return OBJECT_CELLS["record"]
    if isinstance(target, Int) and target.bits == 8:
        return OBJECT_CELLS["char"]
    return OBJECT_CELLS["scalar"]


def _items(items: tuple[Node, ...]) -> Iterator[Node]:
    for item in items:
        if isinstance(item, PP):
            for branch in item.branches:
                yield from _items(branch.body)
            yield from _items(item.els or ())
        else:
            yield item


def signature(program: Program) -> Signature:
    items = list(_items(program.items))
    entry = next(i for i in items if isinstance(i, FuncDef) and i.name == program.entry)
    globals_: dict[str, Slot] = {}
    for item in items:
        if isinstance(item, GlobalDef) and not item.const and not item.static:
            globals_.setdefault(item.name, Slot(item.name, item.type))
    externs = tuple(i for i in items if isinstance(i, Proto))
    return Signature(tuple(Slot(p.name, p.type) for p in entry.params),
                     tuple(globals_.values()), entry.ret, externs)


# ----------------------------------------------------------------------- leaves


def leaves(t: CType, prefix: str, for_input: bool, bits: int | None = None
           ) -> list[tuple[str, CType, int | None]]:
    """Every scalar under `prefix`. A union is set through one member (its largest)
    and printed through all of them."""
    if isinstance(t, (Int, Float)):
        return [(prefix, t, bits)]
    if isinstance(t, ct.Arr):
        return [leaf for i in range(t.n) for leaf in leaves(t.elem, f"{prefix}[{i}]", for_input)]
    if isinstance(t, Record):
        members = t.members
        if t.union and for_input:
            members = (max(members, key=lambda m: size_of(m.type)),)
        return [leaf for m in members
                for leaf in leaves(m.type, f"{prefix}.{m.name}", for_input, m.bits)]
    return []


def size_of(t: CType) -> int:
    if isinstance(t, Int):
        return max(t.bits // 8, 1)
    if isinstance(t, Float):
        return t.bits // 8
    if isinstance(t, ct.Arr):
        return t.n * size_of(t.elem)
    if isinstance(t, Record):
        sizes = [size_of(m.type) for m in t.members]
        return max(sizes) if t.union else sum(sizes)
    return 8


# ----------------------------------------------------------------------- values

_FLOATS = (0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 3.0, 0.1, 1e9, -1e9, 1e308, 5e-324, 3.4e38,
           1e-40, math.inf, -math.inf, math.nan, 100.0, 1e4, -1e4, 0.25, 7.0)
_CHARS = "0123456789aAzZ _-\t\n!x9/:@`{"


def float_token(value: float) -> str:
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    return value.hex()


def random_scalar(rng: random.Random, t: CType, bits: int | None = None) -> str:
    if isinstance(t, Float):
        r = rng.random()
        if r < 0.4:
            value = rng.choice(_FLOATS)
        elif r < 0.7:
            value = rng.uniform(-100, 100)
        else:
            value = math.copysign(10 ** rng.uniform(-40, 38), rng.choice((1, -1)))
        if t.bits == 32:
            value = _to_float32(value)
        return float_token(value)
    assert isinstance(t, Int)
    if bits is not None:
        t = ct.Int("bits", bits, t.signed)
    r = rng.random()
    if r < 0.35:
        return str(rng.choice(boundary_values(t)))
    if r < 0.7:
        return str(max(t.min, min(t.max, rng.randint(-20, 20))))
    return str(rng.randint(t.min, t.max))


def _to_float32(value: float) -> float:
    import struct

    try:
        return float(struct.unpack("f", struct.pack("f", value))[0])
    except OverflowError:
        return math.copysign(math.inf, value)


def _string_cells(rng: random.Random, n: int) -> list[str]:
    length = rng.choice((0, 1, 2, 3, 4, 5, 7, 8, 12))
    cells = [str(ord(rng.choice(_CHARS)) if rng.random() < 0.9 else rng.randint(-128, 127))
             for _ in range(n)]
    for i in range(length):
        if cells[i] == "0":
            cells[i] = "97"
    cells[length] = "0"
    cells[-1] = "0"
    return cells


def random_inputs(rng: random.Random, sig: Signature, distinct: bool = False) -> Inputs:
    """One random input: pointers NULL, sharing an object (the same or overlapping
    memory) or with objects of their own; objects of compatible pointers often hold
    the same contents. `distinct`: every pointer has its own object."""
    out: Inputs = {}
    for slot in (*sig.params, *sig.globals):
        if isinstance(slot.type, Ptr):
            continue
        for key, t, bits in leaves(slot.type, slot.name, True, slot.bits):
            out[key] = random_scalar(rng, t, bits)
    owners: list[Slot] = []
    for p in sig.pointers:
        r = rng.random()
        partners = [q for q in owners if sig.compatible(p, q)]
        if distinct:
            r, partners = 1.0, []
        if r < 0.1:
            out[p.name] = "NULL"
            continue
        if partners and r < 0.4:
            q = rng.choice(partners)
            out[p.name] = f"{q.name}+{rng.choice((0, 0, 1, 2))}"
            continue
        out[p.name] = f"{p.name}+0"
        owners.append(p)
        _fill_object(rng, p, out, [q for q in owners[:-1] if sig.compatible(p, q)])
    return out


def aliased_inputs(rng: random.Random, sig: Signature) -> Inputs | None:
    """A random input in which every pointer points to the start of the object of the
    first pointer of a compatible type (None where no two are compatible): the
    differences that only aliasing shows, which random inputs reach now and then."""
    out = random_inputs(rng, sig, distinct=True)
    owners: list[Slot] = []
    for p in sig.pointers:
        owner = next((q for q in owners if sig.compatible(p, q)), None)
        if owner is None:
            owners.append(p)
            continue
        out[p.name] = f"{owner.name}+0"
        for key in [k for k in out if k.startswith(f"${p.name}[")]:
            del out[key]
    return out if len(owners) < len(sig.pointers) else None


def _fill_object(rng: random.Random, p: Slot, out: Inputs, twins: list[Slot]) -> None:
    assert isinstance(p.type, Ptr)
    target = p.type.target
    n = object_cells(p)
    if twins and rng.random() < 0.5:  # the same contents as another object
        q = rng.choice(twins)
        for key in [k for k in out if k.startswith(f"${q.name}[")]:
            out[f"${p.name}" + key[len(q.name) + 1:]] = out[key]
        if rng.random() < 0.5:
            i = rng.randrange(min(n, 6))
            cell = f"${p.name}[{i}]"
            if cell in out and isinstance(target, Int):
                out[cell] = str(int(out[cell]) + 1) if out[cell] != "0" else "0"
        return
    if isinstance(target, Int) and target.bits == 8:
        for i, c in enumerate(_string_cells(rng, n)):
            out[f"${p.name}[{i}]"] = c
        return
    for i in range(n):
        for key, t, bits in leaves(target, f"${p.name}[{i}]", True):
            out[key] = random_scalar(rng, t, bits)


def zero_inputs(sig: Signature) -> Inputs:
    out: Inputs = {}
    for slot in (*sig.params, *sig.globals):
        if isinstance(slot.type, Ptr):
            out[slot.name] = f"{slot.name}+0"
            for i in range(object_cells(slot)):
                for key, _, _ in leaves(slot.type.target, f"${slot.name}[{i}]", True):
                    out[key] = "0"
            continue
        for key, _, _ in leaves(slot.type, slot.name, True, slot.bits):
            out[key] = "0"
    return out


# --------------------------------------------------------------------- witnesses

_ALIAS = re.compile(r"^&?\s*\(?\s*(\w+)\s*(?:\+\s*(\d+)|\[(\d+)\])?\s*\)?$")


def pointer_target(inputs: Mapping[str, str], pointer: str) -> tuple[str, int] | None:
    """(owner, offset) of a pointer input, None for NULL."""
    value = inputs.get(pointer, f"{pointer}+0")
    if value == "NULL":
        return None
    owner, _, offset = value.partition("+")
    return owner, int(offset or 0)


def from_witness(witness: Mapping[str, Any], sig: Signature, base: Inputs
                 ) -> tuple[Inputs, list[str]]:
    """The witness's inputs over `base` (what the witness does not fix); and the witness
    keys this harness cannot set (e.g. a static local as an input)."""
    out = dict(base)
    skipped: list[str] = []
    params = {p.name: p for p in sig.params}
    names = {s.name: s for s in (*sig.params, *sig.globals)}
    items = dict(witness.get("inputs", {}))
    # pointer values first, so pointee cells land in the right object
    heap: dict[object, list[str]] = {}
    """The witness's memory object -> the pointers into it (`{"object", "offset"}`)."""
    for key, value in items.items():
        slot = params.get(key)
        if slot is None or not isinstance(slot.type, Ptr):
            continue
        if value == "NULL" or value == 0:
            out[key] = "NULL"
        elif isinstance(value, str) and (m := _ALIAS.match(value)) and m.group(1) in params:
            out[key] = f"{m.group(1)}+{m.group(2) or m.group(3) or 0}"
        elif isinstance(value, dict) and isinstance(value.get("offset"), int):
            heap.setdefault(value.get("object"), []).append(key)
        else:
            skipped.append(key)
    for pointers in heap.values():
        placed = _into_one_object([params[k] for k in pointers], items, sig)
        if placed is None:
            skipped += pointers
        else:
            out.update(placed)
    for key, value in items.items():
        if key in params and isinstance(params[key].type, Ptr):
            continue
        if key.startswith("*"):
            root, _, path = key[1:].partition(".")
            slot = params.get(root)
            target = pointer_target(out, root) if slot is not None else None
            if slot is None or target is None:
                skipped.append(key)
                continue
            owner, offset = target
            suffix = f".{path}" if path else ""
            cells = object_cells(names[owner]) if owner in names else 0
            _cells(out, f"${owner}", offset, suffix, value, skipped, key, cells)
            continue
        root = re.split(r"[.\[]", key, maxsplit=1)[0]
        if root not in names or "::" in key:
            skipped.append(key)
            continue
        _assign(out, key, value, skipped)
    for name, table in witness.get("stubs", {}).items():
        fn = name.removeprefix("uf:")
        for args, result in table if isinstance(table, list) else []:
            out[f"uf:{fn}({','.join(_token(a) for a in args)})"] = _token(result)
    return out, skipped


def _into_one_object(pointers: list[Slot], items: Mapping[str, Any], sig: Signature
                     ) -> dict[str, str] | None:
    """Pointers that the witness puts into one memory object (byte offsets), as the
    harness's `owner+element` values: the first of them in the signature owns the
    harness object, which starts at the lowest offset. None where the harness
    cannot lay them out so (incompatible types, offsets between elements, past
    the harness object)."""
    order = [p for p in sig.params if p in pointers]
    owner = order[0]
    assert isinstance(owner.type, Ptr)
    size = _size(owner.type.target)
    if size is None or not all(sig.compatible(owner, p) for p in order):
        return None
    offsets = {p.name: int(items[p.name]["offset"]) for p in order}
    base = min(offsets.values())
    if any((o - base) % size or (o - base) // size >= object_cells(owner)
           for o in offsets.values()):
        return None
    return {name: f"{owner.name}+{(o - base) // size}" for name, o in offsets.items()}


def _size(t: CType) -> int | None:
    """sizeof of a scalar type (None for the others: the harness lays them out alone)."""
    if isinstance(t, Int | Float):
        return max(1, t.bits // 8)
    return None


def _cells(out: Inputs, obj: str, offset: int, suffix: str, value: object, skipped: list[str],
           key: str, cells: int) -> None:
    """The witness's elements of `key` from `offset` of harness object `obj` (of
    `cells` elements: one past it is a key the harness cannot set)."""
    if isinstance(value, dict):
        indices = [offset + int(i) for i in value if re.fullmatch(r"-?\d+", str(i))]
    else:
        indices = [offset, offset + len(value) - 1] if isinstance(value, list) and value \
            else [offset]
    past = [i for i in indices if not 0 <= i < cells]
    if past:
        skipped.append(f"{key}[{past[0]}]")
        return
    if isinstance(value, list):
        for i, v in enumerate(value):
            _assign(out, f"{obj}[{offset + i}]{suffix}", v, skipped)
    elif isinstance(value, dict):
        default = value.get("default")
        if default is not None:
            prefix = f"{obj}["
            for k in [k for k in out if k.startswith(prefix) and k.endswith(suffix)]:
                if not isinstance(default, (dict, list)) and re.fullmatch(
                        re.escape(prefix) + r"\d+\]" + re.escape(suffix), k):
                    out[k] = _token(default)
        for index, v in value.items():
            if index != "default" and re.fullmatch(r"-?\d+", str(index)):
                _assign(out, f"{obj}[{offset + int(index)}]{suffix}", v, skipped)
    else:
        _assign(out, f"{obj}[{offset}]{suffix}", value, skipped)


def _assign(out: Inputs, key: str, value: object, skipped: list[str]) -> None:
    if isinstance(value, list):
        for i, v in enumerate(value):
            _assign(out, f"{key}[{i}]", v, skipped)
    elif isinstance(value, dict):
        if "default" in value or all(re.fullmatch(r"-?\d+", str(k)) for k in value):
            prefix = f"{key}["
            default = value.get("default")
            if default is not None:
                for k in [k for k in out if k.startswith(prefix)]:
                    out[k] = _token(default)
            for index, v in value.items():
                if index != "default":
                    _assign(out, f"{key}[{index}]", v, skipped)
        else:
            for member, v in value.items():
                _assign(out, f"{key}.{member}", v, skipped)
    elif key in out or not any(k.startswith(key) for k in out):
        out[key] = _token(value)
    else:
        skipped.append(key)


def _token(value: object) -> str:
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, float):
        return float_token(value)
    if isinstance(value, str) and value.startswith('"'):
        return value
    return str(value)


# ------------------------------------------------------------------------ bodies

_ATOM = re.compile(r"([A-Za-z_][\w\[\]\.>\-*]*)\s*(==|!=|<=|>=|<|>)\s*"
                   r"(-?(?:0x[0-9a-fA-F.p+\-]+|[\d.e+\-]+))")


def body_roots(body: str) -> set[str]:
    """Identifiers a NEQ-summary body mentions (inputs it constrains)."""
    text = re.sub(r"0x[0-9a-fA-F.]+p[+-]?\d+", "", body)
    return set(re.findall(r"\b([A-Za-z_]\w*)\b", text)) - {"NULL", "isnan", "isinf", "signbit"}


def body_atoms(body: str) -> list[tuple[str, str, str]]:
    return _ATOM.findall(body)


def lvalue_key(text: str, inputs: Mapping[str, str], sig: Signature) -> str | None:
    """The input key of a body's lvalue: `x`, `p[3]`, `p[1].m0`, `*p`, `s.m0`, `ga[2]`."""
    params = {p.name: p for p in sig.params}
    text = text.strip()
    m = re.fullmatch(r"\*\s*(\w+)", text)
    if m:
        text = f"{m.group(1)}[0]"
    m = re.fullmatch(r"(\w+)\[(-?\d+)\](.*)", text)
    if m and m.group(1) in params and isinstance(params[m.group(1)].type, Ptr):
        target = pointer_target(inputs, m.group(1))
        if target is None:
            return None
        owner, offset = target
        return f"${owner}[{offset + int(m.group(2))}]{m.group(3)}"
    m = re.fullmatch(r"(\w+)->(.*)", text)
    if m and m.group(1) in params:
        return lvalue_key(f"{m.group(1)}[0].{m.group(2)}", inputs, sig)
    return text if text in inputs else None
