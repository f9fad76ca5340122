"""Whether old and new may share a pointer input whose pointee type changed."""

from __future__ import annotations

from checker.ir.heap_views import pointee_mismatch
from checker.semantics import ctype as ct


def test_an_integer_pointee_that_changed_signedness_is_the_same_bytes() -> None:
    """`int ver` -> `unsigned ver` whose address goes to `ioctl` (BusyBox's
    fgetsetversion): one address, each version reading the bytes as its type."""
    assert pointee_mismatch(ct.PointerType(ct.INT), ct.PointerType(ct.UINT)) is None
    assert pointee_mismatch(ct.PointerType(ct.PointerType(ct.ULONG)),
                            ct.PointerType(ct.PointerType(ct.LONG))) is None


def test_an_integer_pointee_that_changed_width_is_a_signature_change() -> None:
    assert pointee_mismatch(ct.PointerType(ct.INT), ct.PointerType(ct.LONG)) == (
        "the pointee is int in the old version and long in the new one")
    old = ct.StructType("s", (("a", ct.INT), ("b", ct.SHORT)))
    new = ct.StructType("s", (("a", ct.UINT), ("b", ct.INT)))
    assert pointee_mismatch(ct.PointerType(old), ct.PointerType(new)) == (
        "member 'b' is short in the old version and int in the new one")
