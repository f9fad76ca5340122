"""Whether old and new may share a pointer input whose pointee type changed.

A pointer input is an address into the heap, which is bytes (heap.py): its
value means the same in both versions whatever struct they give it, as long
as every member both versions declare lies at the same offset with the same
type. A member only one version declares (BusyBox adds one under an `#if`,
`struct globals` grows with a commit) is then bytes the other version does not
name; each version reads and writes its members at its own offsets, as its
compiled code does. A member both declare but at different offsets would make
the same bytes mean different things: that stays a signature change. An
integer pointee whose signedness changed (`int ver` -> `unsigned ver`, whose
address goes to `ioctl`) is the same bytes too, each version reading them
with its own type.
"""

from __future__ import annotations

from checker.semantics.ctype import ArrayType, CType, IntType, PointerType, StructType


def pointee_mismatch(old: CType, new: CType) -> str | None:
    """None when pointer inputs of types `old` and `new` view the heap alike
    (see the module docstring), else what differs."""
    if not (isinstance(old, PointerType) and isinstance(new, PointerType)):
        return "not both pointers"
    return _view_mismatch(old.target, new.target, "", set())


def _view_mismatch(old: CType, new: CType, path: str, seen: set[str]) -> str | None:
    if old == new:
        return None
    if isinstance(old, IntType) and isinstance(new, IntType) and old.bits == new.bits:
        return None  # the same bytes; each version reads them with its signedness
    if isinstance(old, ArrayType) and isinstance(new, ArrayType) and old.length == new.length:
        return _view_mismatch(old.elem, new.elem, path + "[]", seen)
    if isinstance(old, PointerType) and isinstance(new, PointerType):
        # an address either way; the object behind it is viewed alike too
        return _view_mismatch(old.target, new.target, f"*{path}", seen)
    if not (isinstance(old, StructType) and isinstance(new, StructType)) or \
            old.tag != new.tag or old.union != new.union or old.packed != new.packed:
        return f"{path or 'the pointee'} is {old} in the old version and {new} in the new one"
    if old.tag in seen:
        return None  # a struct that points to its own kind: checked once
    if old.tag:
        seen.add(old.tag)
    new_fields = dict(new.fields)
    for name, ftype in old.fields:
        other = new_fields.get(name)
        if other is None:
            continue
        where = f"{path}.{name}" if path else f"member '{name}'"
        if old.bit_offset(name) != new.bit_offset(name):
            return f"{where} of {old} is at another offset in the new version"
        problem = _view_mismatch(ftype, other, where, seen)
        if problem:
            return problem
    return None
