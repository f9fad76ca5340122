"""Flattening of aggregates: unions as their bytes, bit-fields at their storage
units, and the C text that names a union's byte in a witness."""

from __future__ import annotations

from checker.frontend.frontend import load
from checker.lower.layout import UNION_BYTE, bitfield_unit, cell_shape, leaves
from checker.semantics import ctype as ct
from checker.types import Settings, SourceFile

TYPES = """
union u { int i; unsigned char c[6]; };
struct msg { int kind; union u body; };
struct flags { unsigned ready:1; int mode:3; unsigned count:12; int limit; };
struct __attribute__((packed)) tight { char a:3; int b:30; };
"""


def _structs() -> dict[str, ct.StructType]:
    return load(SourceFile("t.c", TYPES), Settings()).program.structs


def test_a_union_is_one_leaf_of_bytes() -> None:
    structs = _structs()
    (leaf,) = leaves(structs["u"])
    assert (leaf.path, leaf.type, leaf.count, leaf.dims) == ("", UNION_BYTE, 8, ((8, 1),))
    kind, body = leaves(structs["msg"])
    assert (body.path, body.offset, body.count) == (".body", 4, 8)
    assert kind.type == ct.INT


def test_bit_fields_sit_in_their_storage_units() -> None:
    fields = {leaf.path: (leaf.offset, leaf.bit) for leaf in leaves(_structs()["flags"])}
    assert fields == {".ready": (0, 0), ".mode": (0, 1), ".count": (0, 4), ".limit": (4, 0)}
    mode = _structs()["flags"].field_type("mode")
    assert bitfield_unit(1, mode, packed=False) == (0, 1)
    assert bitfield_unit(33, mode, packed=False) == (4, 1)
    tight = _structs()["tight"]
    assert bitfield_unit(3, tight.field_type("b"), packed=True) == (0, 3)  # the bytes it touches


def test_a_witness_names_a_unions_bytes_through_a_char_pointer() -> None:
    structs = _structs()
    shape = cell_shape("m", structs["msg"], ".body", pointee=False)
    assert shape is not None and shape.bytes
    assert shape.lvalue(2) == "((unsigned char *)&m.body)[2]"
    table = cell_shape("t", ct.ArrayType(structs["msg"], 3), ".body", pointee=False)
    assert table is not None and table.lvalue(11) == "((unsigned char *)&t[1].body)[3]"
    plain = cell_shape("v", structs["u"], "", pointee=False)
    assert plain is not None and plain.lvalue(5) == "((unsigned char *)&v)[5]"
