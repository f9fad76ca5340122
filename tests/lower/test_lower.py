"""Lowering a function pair: pointer inputs as heap addresses, the heap's encoding."""

from __future__ import annotations

from pathlib import Path

from checker.frontend.frontend import load
from checker.frontend.program import Program
from checker.ir.heap import HEAP, MemoryEncoding, PointerDomain
from checker.ir.ir import Cfa, InputSource
from checker.lower.lower import lower_function, lower_pair
from checker.lower.lower_state import NO_ALIAS_ASSUMPTION
from checker.semantics import ctype as ct
from checker.types import Settings, SourceFile


def program(text: str, tmp_path: Path, name: str = "a.c") -> Program:
    path = tmp_path / name
    path.write_text(text)
    return load(SourceFile.read(str(path)), Settings()).program


def lowered(text: str, tmp_path: Path, settings: Settings | None = None) -> Cfa:
    return lower_function(program(text, tmp_path), "f", settings or Settings())


def test_pointer_parameters_are_aligned_addresses_into_the_shared_heap(tmp_path: Path) -> None:
    cfa = lowered("struct s { char c; double d; };\n"
                  "double f(int *p, struct s *q, void *v) { return *p + q->d; }", tmp_path)
    pointers = {i.name: i for i in cfa.inputs if i.pointer is not None}
    assert pointers["p"].pointer == PointerDomain(4, 0)
    assert pointers["q"].pointer == PointerDomain(8, 0)
    assert pointers["v"].pointer == PointerDomain(1, 0)
    assert pointers["p"].key == "arg0" and pointers["p"].type == ct.PointerType(ct.INT)
    heap = {i.key: i for i in cfa.inputs if i.source is InputSource.MEMORY}
    assert set(heap) == {"heap.i32", "heap.f64"}
    assert all(i.is_region for i in heap.values())


def test_restrict_and_no_alias_give_blocks_of_their_own(tmp_path: Path) -> None:
    text = "int f(int *restrict p, int *q) { return *p + *q; }"
    blocks = {i.name: i.pointer.block for i in lowered(text, tmp_path).inputs if i.pointer}
    assert blocks == {"p": 1, "q": 0}
    cfa = lowered(text, tmp_path, Settings(assume_no_alias=True))
    blocks = {i.name: i.pointer.block for i in cfa.inputs if i.pointer}
    assert blocks == {"p": 1, "q": 2}
    assert NO_ALIAS_ASSUMPTION in cfa.assumptions


def test_pointer_globals_are_inputs_and_outputs(tmp_path: Path) -> None:
    cfa = lowered("struct g { int x; } *ptr_to_globals;\n"
                  "int f(void) { ptr_to_globals->x++; ptr_to_globals = 0; return 1; }", tmp_path)
    (pointer,) = [i for i in cfa.inputs if i.pointer is not None]
    assert (pointer.name, pointer.source) == ("ptr_to_globals", InputSource.GLOBAL)
    outputs = {o.key: o for o in cfa.outputs}
    assert outputs["ptr_to_globals"].pointer
    assert outputs["heap.i32"].is_region


def test_char_meeting_other_classes_switches_to_bytes(tmp_path: Path) -> None:
    one = program("int f(int *p, int *q) { return *p + *q; }", tmp_path, "one.c")
    other = program("int f(int *p, char *q) { return *p + *q; }", tmp_path, "other.c")
    old, new, encoding = lower_pair(one, other, "f", Settings())
    assert encoding is MemoryEncoding.BYTES
    assert HEAP in old.regions and HEAP in new.regions
    old, new, encoding = lower_pair(one, one, "f", Settings())
    assert encoding is MemoryEncoding.TYPED and not old.assumptions


def test_several_typed_classes_name_the_effective_type_rule(tmp_path: Path) -> None:
    both = program("long f(int *p, long *q) { return *p + *q; }", tmp_path)
    old, _, encoding = lower_pair(both, both, "f", Settings())
    assert encoding is MemoryEncoding.TYPED
    (assumption,) = old.assumptions
    assert "effective-type" in assumption and "i32, i64" in assumption
