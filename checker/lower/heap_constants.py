"""Where the cells of a constant object lie once it is copied into the heap.

A constant object (a string literal, a `const` array or struct, a `static
const` local) lives in regions of its own, one per scalar leaf; when a
pointer to it leaves the function (stored in memory, passed to code we do
not have, mixed with pointers into memory) the lowering gives it an address
in the heap whose bytes hold its contents (`constant_in_heap`). This module
says, without emitting anything, which region cell goes to which byte of that
copy, as gcc lays the object out on x86-64, or why the object cannot be
copied (pointers inside it, bit-fields, a size we do not know).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass

from pycparser import c_ast

from checker.errors import UnsupportedError
from checker.frontend.const_eval import string_value
from checker.frontend.gnu_syntax import designator_range
from checker.frontend.program import GlobalVar, Program
from checker.ir.ir import Region
from checker.lower.layout import leaves
from checker.semantics.ctype import CType, FloatType, IntType, PointerType, StructType

MAX_HEAP_CONSTANT = 4096
"""Cells of the largest constant object copied into the heap."""


@dataclass(frozen=True)
class ConstantCell:
    """Cell `index` of `region` is the scalar at byte `offset` of the heap copy."""

    region: str
    index: int
    offset: int
    type: IntType | FloatType


@dataclass(frozen=True)
class ConstantLayout:
    cells: tuple[ConstantCell, ...]
    stride: int
    """Bytes from one object of the pointer's target type to the next."""
    objects: int
    """How many such objects the constant holds (an array's length, else 1)."""


def constant_layout(
    regions: Mapping[str, Region], fixed: bool, base: str, target: CType
) -> ConstantLayout | str:
    """The heap layout of the constant object a pointer of `target` type into
    `base` points into, or why there is none. `fixed`: a const global's
    initialiser fills the object (constant though its regions are not marked
    `const`)."""
    if isinstance(target, (IntType, FloatType)):
        if "." in base.rsplit("::", 1)[-1]:  # a member's cells are not laid out as in C
            return "a pointer into a member of a constant object stored in memory or passed on"
        region = regions.get(base)
        problem = _cell_problem(region, fixed, target)
        if problem:
            return problem
        assert region is not None and region.length is not None
        return ConstantLayout(
            tuple(ConstantCell(base, i, i * target.size, region.elem)  # type: ignore[arg-type]
                  for i in range(region.length)),  # a number: _cell_problem
            target.size, region.length)
    if not isinstance(target, StructType) or target.union:
        return f"a pointer to {target} (not a scalar or struct constant)"
    objects: int | None = None
    cells: list[ConstantCell] = []
    for leaf in leaves(target):
        region = regions.get(base + leaf.path)
        if not isinstance(leaf.type, (IntType, FloatType)) or (
                isinstance(leaf.type, IntType) and leaf.type.bitfield):
            return f"a constant {target} holding pointers or bit-fields"
        problem = _cell_problem(region, fixed, leaf.type)
        if problem:
            return problem
        assert region is not None and region.length is not None
        count, rest = divmod(region.length, leaf.count)
        if rest or (objects is not None and count != objects):
            return f"a constant {target} of irregular layout"
        objects = count
        cells.extend(ConstantCell(region.name, i * leaf.count + j,
                                  i * target.size + leaf.byte_offset(j),
                                  region.elem)  # type: ignore[arg-type]
                     for i in range(count) for j in range(leaf.count))
    if objects is None or len(cells) > MAX_HEAP_CONSTANT:
        return f"a constant {target} that is empty or too large"
    return ConstantLayout(tuple(cells), target.size, objects)


def _cell_problem(region: Region | None, fixed: bool, ctype: IntType | FloatType) -> str:
    if region is None or not (region.const or fixed):
        return "a pointer to a local object stored in memory or passed on"
    if region.length is None or region.length > MAX_HEAP_CONSTANT:
        return "a pointer to a constant object of unknown or too large size stored in memory"
    if isinstance(region.elem, PointerType) or region.elem.size != ctype.size:
        return "a pointer to a constant object read as another type stored in memory"
    return ""


def constant_identity(program: Program, var: GlobalVar) -> str | None:
    """What a named constant holds, as text that equal contents share (its type
    laid out, every initialiser value computed): old and new give its heap copy
    one address exactly when they agree on it, so that neither version's
    contents constrain the other's. None where a value is no constant we can
    compute (then the object is not copied)."""
    parts: list[str] = [repr(program.complete(var.type))]

    def walk(node: c_ast.Node | None) -> bool:
        if node is None:
            parts.append("0")
            return True
        if isinstance(node, c_ast.InitList):
            parts.append("{")
            ok = all(walk(item) for item in node.exprs)
            parts.append("}")
            return ok
        if isinstance(node, c_ast.NamedInitializer):
            for designator in node.name:
                if isinstance(designator, c_ast.ID):
                    parts.append("." + designator.name)
                    continue
                bounds = designator_range(designator)
                try:
                    values = [program.const_int(b) for b in (bounds or (designator,))]
                except UnsupportedError:
                    return False
                parts.append(f"[{values}]")
            return walk(node.expr)
        if isinstance(node, c_ast.Constant) and node.type == "string":
            parts.append(repr(string_value(node.value)))
            return True
        if isinstance(node, c_ast.Constant) and node.type in ("float", "double"):
            parts.append(node.value)
            return True
        try:
            parts.append(str(program.const_int(node)))
        except (UnsupportedError, ValueError, TypeError, AttributeError, KeyError):
            return False
        return True

    if not walk(var.init):
        return None
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:12]
