"""From a z3 model to concrete inputs, and from concrete values to report values.

Nothing z3 leaves this module except through `Assignment`, which holds only
Python ints, floats and strings.
"""

from __future__ import annotations

import math

import z3

from checker.engines.product import Product
from checker.ir import smt_ops
from checker.ir.smt_ops import python_value, z3_literal
from checker.replay.memory import RegionValue
from checker.replay.replay import Assignment
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
    or its result) whose arguments the model gives the values `args`."""
    for env in (product.old_env, product.new_env):
        for app in env.applications:
            if app.func != func or app.region != region or len(app.args) != len(args):
                continue
            try:
                same = z3.And(*[a == z3_literal(v, a.sort()) for a, v in zip(app.args, args,
                                                                               strict=True)])
            except (z3.Z3Exception, AssertionError, TypeError):
                continue
            if z3.is_true(model.eval(same, model_completion=True)):
                return app.term
    return None


def model_effect(
    product: Product,
    model: z3.ModelRef,
    func: str,
    args: tuple[int | float | str, ...],
    region: str,
    address: int,
    ctype: ScalarType,
) -> Scalar | None:
    """The model's value of a `ctype` at `address` after a call without code."""
    array = _application(product, model, func, args, region)
    if array is None:
        return None
    value = smt_ops.load(array, z3.BitVecVal(address, 64), ctype)
    return python_value(model.eval(value, model_completion=True), ctype)


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
