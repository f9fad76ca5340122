"""From a z3 model to concrete inputs, and from concrete values to report values.

Nothing z3 leaves this module except through `Assignment`, which holds only
Python ints, floats and strings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import z3

from checker.engines.product import Product
from checker.engines.symexec import Application
from checker.ir import smt_ops
from checker.ir.heap import decode, size_of
from checker.ir.smt_ops import python_value, z3_literal
from checker.replay.memory import RegionValue
from checker.replay.replay import Assignment
from checker.semantics import ctype as ct
from checker.semantics.ctype import IntType, PointerType, ScalarType
from checker.types import Value

Scalar = int | float


def region_value(model: z3.ModelRef, term: z3.ExprRef, elem: ScalarType) -> RegionValue:
    """Finite description of a model's array: explicit cells plus a default."""
    value = model.eval(term, model_completion=True)
    cells: dict[int, Scalar] = {}
    while z3.is_store(value):
        index = python_value(value.arg(1), PointerType(elem))
        cells.setdefault(int(index), python_value(value.arg(2), elem))
        value = value.arg(0)
    if z3.is_const_array(value):
        return RegionValue(cells, python_value(value.arg(0), elem))
    if z3.is_as_array(value):
        interp = model[z3.get_as_array_func(value)]
        for entry in range(interp.num_entries()):
            item = interp.entry(entry)
            index = int(python_value(item.arg_value(0), PointerType(elem)))
            cells.setdefault(index, python_value(item.value(), elem))
        return RegionValue(cells, python_value(interp.else_value(), elem))
    if z3.is_lambda(value) or z3.is_quantifier(value):
        default_term = model.eval(z3.Select(term, z3.BitVecVal(0, 64)), model_completion=True)
        return RegionValue(cells, python_value(default_term, elem))
    raise ValueError(f"cannot read array value {value}")


def model_assignment(product: Product, model: z3.ModelRef) -> Assignment:
    scalars: dict[str, Scalar] = {}
    regions: dict[str, RegionValue] = {}
    for key, shared in product.inputs.items():
        if shared.input.is_region:
            regions[key] = region_value(model, shared.symbol, shared.input.type)
        else:
            term = model.eval(shared.symbol, model_completion=True)
            scalars[key] = python_value(term, shared.input.type)
    free: dict[str, dict[str, Scalar | RegionValue]] = {}
    for tag, env, cfa in (
        ("old", product.old_env, product.old),
        ("new", product.new_env, product.new),
    ):
        values: dict[str, Scalar | RegionValue] = {}
        for name, symbol in env.free.items():
            if name in cfa.regions:
                values[name] = region_value(model, symbol, cfa.regions[name].elem)
            else:
                term = model.eval(symbol, model_completion=True)
                values[name] = python_value(term, cfa.variables[name])
        free[tag] = values
    return Assignment(scalars, regions, {}, free)


def _application(
    product: Product,
    model: z3.ModelRef,
    func: str,
    args: tuple[int | float | str, ...],
    region: str | None,
) -> z3.ExprRef | None:
    """The term of an uninterpreted call built for `func` (its effect on `region`,
    or its result) whose arguments the model gives the values `args`: the first
    such application in build order (found by value where the arguments are
    bit-vectors, one model evaluation per application, not per question)."""
    group = _index(product, model).get((func, region, len(args)))
    if group is None:
        return None
    best: int | None = None
    slow = group.unkeyed
    for widths, by_value in group.keyed.items():
        key = _values(args, widths)
        if key is None:  # an argument bit-vectors do not hold: compare every one
            slow = list(range(len(group.apps)))
            break
        found = by_value.get(key)
        if found is not None and (best is None or found < best):
            best = found
    for position in slow:
        if best is not None and position > best:
            break
        app = group.apps[position]
        try:
            same = z3.And(*[a == z3_literal(v, a.sort()) for a, v in zip(app.args, args,
                                                                           strict=True)])
        except (z3.Z3Exception, AssertionError, TypeError):
            continue
        if z3.is_true(model.eval(same, model_completion=True)):
            best = position
            break
    return None if best is None else group.apps[best].term


def _values(args: tuple[int | float | str, ...], widths: tuple[int, ...]) -> tuple[int, ...] | None:
    """The bit-vector values `z3_literal` makes of `args` at `widths` (None for a float)."""
    out = []
    for value, width in zip(args, widths, strict=True):
        if isinstance(value, float):
            return None
        literal = z3_literal(value, z3.BitVecSort(width))
        if not z3.is_bv_value(literal) or literal.size() != width:
            return None
        out.append(literal.as_long())
    return tuple(out)


@dataclass
class _Group:
    """The applications of one function (and region, and arity), in build order."""

    apps: list[Application] = field(default_factory=list)
    keyed: dict[tuple[int, ...], dict[tuple[int, ...], int]] = field(default_factory=dict)
    """Argument widths -> the model's argument values -> first position."""
    unkeyed: list[int] = field(default_factory=list)
    """Positions of applications whose arguments are not all bit-vector values
    (or whose values are wider than any int argument matches): compared one by one."""


_INDEX: list[tuple[Product, z3.ModelRef, dict[tuple[str, str | None, int], _Group]]] = []
"""The last model's applications (one entry: a refinement asks about one model
many times, once for each call a long run makes)."""


def _index(product: Product, model: z3.ModelRef) -> dict[tuple[str, str | None, int], _Group]:
    if _INDEX and _INDEX[0][0] is product and _INDEX[0][1] is model:
        return _INDEX[0][2]
    index: dict[tuple[str, str | None, int], _Group] = {}
    for env in (product.old_env, product.new_env):
        for app in env.applications:
            group = index.setdefault((app.func, app.region, len(app.args)), _Group())
            position = len(group.apps)
            group.apps.append(app)
            values: tuple[int, ...] | None = None
            if all(z3.is_bv(a) for a in app.args):
                evaluated = [model.eval(a, model_completion=True) for a in app.args]
                if all(z3.is_bv_value(v) for v in evaluated):
                    values = tuple(v.as_long() for v in evaluated)
            if values is None:
                group.unkeyed.append(position)
                continue
            widths = tuple(a.size() for a in app.args)
            group.keyed.setdefault(widths, {}).setdefault(values, position)
    _INDEX[:] = [(product, model, index)]
    return index


def model_effect(
    product: Product,
    model: z3.ModelRef,
    func: str,
    args: tuple[int | float | str, ...],
    region: str,
    address: int,
    ctype: ScalarType,
    known: dict[tuple[str, tuple[int | float | str, ...], str], z3.ExprRef | RegionValue | None]
    | None = None,
) -> Scalar | None:
    """The model's value of a `ctype` at `address` after a call without code
    (`known`: the calls' terms found so far for this model, filled as found:
    one search of the applications per call, not one per byte read)."""
    key = (func, args, region)
    if known is not None and key in known:
        array = known[key]
    else:
        array = _application(product, model, func, args, region)
        if array is not None:
            array = _byte_table(model, array) or array
        if known is not None:
            known[key] = array
    if array is None:
        return None
    if isinstance(array, RegionValue):
        data = bytes(int(array.cells.get(address + i, array.default)) & 0xFF
                     for i in range(size_of(ctype)))
        return decode(data, ctype)
    value = smt_ops.load(array, z3.BitVecVal(address, 64), ctype)
    return python_value(model.eval(value, model_completion=True), ctype)


def _byte_table(model: z3.ModelRef, array: z3.ExprRef) -> RegionValue | None:
    """The model's value of a region of bytes as a table, where the model spells
    it as stores over a constant (a long run reads thousands of bytes a call
    wrote: one model evaluation, not one per read); None otherwise."""
    sort = array.sort()
    if not (isinstance(sort, z3.ArraySortRef) and z3.is_bv_sort(sort.range())
            and sort.range().size() == 8):
        return None
    value = model.eval(array, model_completion=True)
    probe = value
    while z3.is_store(probe):
        if not (z3.is_bv_value(probe.arg(1)) and z3.is_bv_value(probe.arg(2))):
            return None
        probe = probe.arg(0)
    if not (z3.is_const_array(probe) and z3.is_bv_value(probe.arg(0))):
        return None
    return region_value(model, array, ct.UCHAR)


def model_stub(
    product: Product,
    model: z3.ModelRef,
    func: str,
    args: tuple[int | float | str, ...],
    result_type: ScalarType,
) -> Scalar | None:
    """The model's value of an uninterpreted function at concrete arguments."""
    term = _application(product, model, func, args, None)
    if term is not None:
        return python_value(model.eval(term, model_completion=True), result_type)
    for name, decl in product.functions.by_name():
        if name != func or decl.arity() != len(args):
            continue
        if z3.is_bv_sort(decl.range()) != isinstance(result_type, (IntType, PointerType)):
            continue
        try:
            call = decl(*[z3_literal(a, decl.domain(i)) for i, a in enumerate(args)])
        except (z3.Z3Exception, AssertionError, TypeError):
            continue
        return python_value(model.eval(call, model_completion=True), result_type)
    return None


def library_lemma(
    product: Product,
    func: str,
    args: tuple[int | float | str, ...],
    result: Scalar,
) -> z3.BoolRef | None:
    """`f(args) == result` for an uninterpreted library call (lazy concretization)."""
    for name, decl in product.functions.by_name():
        if name != func or decl.arity() != len(args):
            continue
        literal_args = [z3_literal(a, decl.domain(i)) for i, a in enumerate(args)]
        return decl(*literal_args) == z3_literal(result, decl.range())
    return None


# ------------------------------------------------------------ report values


def hex_float(value: float) -> str:
    """C99 %a style without trailing zeros: 0x1.8p+0, -0x0p+0, nan, -inf."""
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    text = value.hex()  # e.g. '0x1.8000000000000p+0'
    mantissa, exponent = text.split("p")
    if "." in mantissa:
        mantissa = mantissa.rstrip("0").rstrip(".")
    return f"{mantissa}p{exponent}"


def report_scalar(value: Scalar | str) -> Value:
    if isinstance(value, float):
        return hex_float(value)
    return value


def report_region(region: RegionValue, length: int | None = None) -> Value:
    """A region's cells as a list (or, sparse, as index -> value with a default);
    `length`: the object's cell count, where it has one: every cell of it, none past it."""
    cells = {int(k): v for k, v in region.cells.items()
             if length is None or 0 <= int(k) < length}
    if length is not None and 0 < length <= 64:
        return [report_scalar(cells.get(i, region.default)) for i in range(length)]
    if cells and min(cells) >= 0 and max(cells) < 64:
        return [report_scalar(cells.get(i, region.default)) for i in range(max(cells) + 1)]
    shown: dict[str, Value] = {str(k): report_scalar(v) for k, v in sorted(cells.items())}
    shown["default"] = report_scalar(region.default)
    return shown

