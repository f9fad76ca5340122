"""The concrete IR interpreter on small hand-built CFAs."""

from __future__ import annotations

import math

import pytest

from checker.errors import LiftdiffError, UnsupportedError
from checker.ir.concrete_ops import UndefinedOperation
from checker.ir.ir import (
    EXIT_CODE_VAR,
    RETURN_VAR,
    STATUS_EXIT,
    STATUS_TRAP,
    STATUS_VAR,
    Assign,
    Assume,
    Binary,
    BinOp,
    Call,
    Cast,
    Cfa,
    Const,
    Edge,
    Event,
    Expr,
    Ite,
    Load,
    Output,
    Region,
    RegionKind,
    Skip,
    Store,
    StrConst,
    Unary,
    UnOp,
    Var,
)
from checker.location import Location
from checker.replay.interp import (
    ExternalCall,
    InterpreterError,
    RegionValue,
    RunInputs,
    StepLimitExceeded,
    evaluate,
    run,
    same_value,
)
from checker.semantics import ctype as ct

HERE = Location("f.c", 1)
INT = ct.INT
DOUBLE = ct.DOUBLE


def c(value: int | float, ctype: ct.ScalarType = INT) -> Const:
    return Const(value, ctype)


def v(name: str, ctype: ct.ScalarType = INT) -> Var:
    return Var(name, ctype)


def b(op: BinOp, left: Expr, right: Expr, ctype: ct.ScalarType = INT) -> Binary:
    return Binary(op, left, right, INT if op.is_comparison else ctype)


def make_cfa(
    edges: list[tuple[int, int, object]],
    variables: dict[str, ct.ScalarType],
    *,
    exit_loc: int,
    regions: tuple[Region, ...] = (),
    outputs: tuple[Output, ...] | None = None,
) -> Cfa:
    all_vars = {STATUS_VAR: INT, EXIT_CODE_VAR: INT, **variables}
    return Cfa(
        name="f",
        location=HERE,
        entry=0,
        exit=exit_loc,
        edges=tuple(Edge(s, d, a, Location("f.c", 10 + i)) for i, (s, d, a) in enumerate(edges)),  # type: ignore[arg-type]
        variables=all_vars,
        regions={r.name: r for r in regions},
        inputs=(),
        outputs=(Output("return", RETURN_VAR, INT, "return"),) if outputs is None else outputs,
        initial={STATUS_VAR: 0, EXIT_CODE_VAR: 0},
    )


def inputs(
    scalars: dict[str, int | float] | None = None,
    regions: dict[str, RegionValue] | None = None,
    stubs: dict | None = None,  # type: ignore[type-arg]
) -> RunInputs:
    return RunInputs(scalars or {}, regions or {}, stubs or {})


# ------------------------------------------------------------ branches


def abs_cfa() -> Cfa:
    x = v("x")
    negative = b(BinOp.LT, x, c(0))
    return make_cfa(
        [
            (0, 1, Assume(negative)),
            (0, 2, Assume(Unary(UnOp.LNOT, negative, INT))),
            (1, 3, Assign(RETURN_VAR, Unary(UnOp.NEG, x, INT))),
            (2, 3, Assign(RETURN_VAR, x)),
        ],
        {"x": INT, RETURN_VAR: INT},
        exit_loc=3,
    )


@pytest.mark.parametrize(("x", "expected"), [(-5, 5), (7, 7), (0, 0), (-(2**31), -(2**31))])
def test_branches(x: int, expected: int) -> None:
    result = run(abs_cfa(), inputs({"x": x}))
    assert result.outputs == {"return": expected}
    assert result.status == 0
    assert result.exit_code == 0
    assert result.steps == 2
    assert result.events == ()
    assert result.printed == ""


def test_missing_inputs_start_at_initial_values_or_zero() -> None:
    cfa = make_cfa([(0, 1, Skip())], {"x": INT, "d": DOUBLE, RETURN_VAR: DOUBLE}, exit_loc=1,
                   outputs=(Output("x", "x", INT, "x"), Output("d", "d", DOUBLE, "d")))
    result = run(cfa, inputs())
    assert result.outputs == {"x": 0, "d": 0.0}
    assert isinstance(result.outputs["d"], float)


def test_inputs_are_coerced_into_their_types() -> None:
    cfa = make_cfa([(0, 1, Skip())], {"x": ct.UCHAR, "f": ct.FLOAT}, exit_loc=1,
                   outputs=(Output("x", "x", ct.UCHAR, "x"), Output("f", "f", ct.FLOAT, "f")))
    result = run(cfa, inputs({"x": 300, "f": 0.1}))
    assert result.outputs == {"x": 44, "f": float.fromhex("0x1.99999ap-4")}


# ------------------------------------------------------------ loops


def sum_cfa() -> Cfa:
    """r = 0; i = 0; while (i < n) { i = i + 1; r = r + i; } return r;"""
    i, n, r = v("i"), v("n"), v("r")
    more = b(BinOp.LT, i, n)
    return make_cfa(
        [
            (0, 1, Assign("r", c(0))),
            (1, 2, Assign("i", c(0))),
            (2, 3, Assume(more)),
            (3, 4, Assign("i", b(BinOp.ADD, i, c(1)))),
            (4, 2, Assign("r", b(BinOp.ADD, r, i))),
            (2, 5, Assume(Unary(UnOp.LNOT, more, INT))),
            (5, 6, Assign(RETURN_VAR, r)),
        ],
        {"i": INT, "n": INT, "r": INT, RETURN_VAR: INT},
        exit_loc=6,
    )


def test_loop_runs_to_the_exit() -> None:
    result = run(sum_cfa(), inputs({"n": 100}))
    assert result.outputs["return"] == 5050
    assert result.steps == 2 + 3 * 100 + 2


def test_loop_with_wrapping_arithmetic() -> None:
    result = run(sum_cfa(), inputs({"n": 70000}))
    assert result.outputs["return"] == ct.INT.wrap(70000 * 70001 // 2)


def test_step_limit() -> None:
    with pytest.raises(StepLimitExceeded, match="no exit after 50 steps") as info:
        run(sum_cfa(), inputs({"n": 100}), max_steps=50)
    assert isinstance(info.value, LiftdiffError)
    assert info.value.location is not None
    stopped = info.value.stopped  # where and in which state, for a proof that it never ends
    assert stopped.location in {edge.src for edge in sum_cfa().edges}
    assert stopped.scalars["n"] == 100 and 0 < stopped.scalars["i"] < 100
    assert run(sum_cfa(), inputs({"n": 3}), max_steps=13).outputs["return"] == 6


def test_infinite_loop_hits_the_limit() -> None:
    cfa = make_cfa([(0, 1, Skip()), (1, 0, Skip())], {}, exit_loc=2, outputs=())
    with pytest.raises(StepLimitExceeded):
        run(cfa, inputs(), max_steps=1000)


# ------------------------------------------------------------ determinism


def test_two_enabled_edges_are_an_internal_error() -> None:
    cfa = make_cfa([(0, 1, Assume(c(1))), (0, 1, Assume(c(2))), (1, 2, Skip())], {}, exit_loc=2,
                   outputs=())
    with pytest.raises(InterpreterError, match="2 enabled edges at location 0") as info:
        run(cfa, inputs())
    assert info.value.location == Location("f.c", 10)


def test_no_enabled_edge_is_an_internal_error() -> None:
    cfa = make_cfa([(0, 1, Assume(c(0))), (1, 2, Skip())], {}, exit_loc=2, outputs=())
    with pytest.raises(InterpreterError, match="0 enabled edges"):
        run(cfa, inputs())


def test_dead_end_location_is_an_internal_error() -> None:
    cfa = make_cfa([(0, 1, Skip())], {}, exit_loc=2, outputs=())
    with pytest.raises(InterpreterError, match="0 enabled edges at location 1"):
        run(cfa, inputs())


def test_nan_condition_is_true() -> None:
    d = v("d", DOUBLE)
    cond = Binary(BinOp.NE, d, c(0.0, DOUBLE), INT)
    cfa = make_cfa(
        [(0, 1, Assume(cond)), (0, 2, Assume(Unary(UnOp.LNOT, d, INT))),
         (1, 3, Assign(RETURN_VAR, c(1))), (2, 3, Assign(RETURN_VAR, c(2)))],
        {"d": DOUBLE, RETURN_VAR: INT}, exit_loc=3)
    assert run(cfa, inputs({"d": math.nan})).outputs["return"] == 1
    assert run(cfa, inputs({"d": -0.0})).outputs["return"] == 2


# ------------------------------------------------------------ status


def test_trap_and_exit_status() -> None:
    trap = make_cfa([(0, 1, Assign(STATUS_VAR, c(STATUS_TRAP)))], {}, exit_loc=1, outputs=())
    assert run(trap, inputs()).status == STATUS_TRAP
    leave = make_cfa(
        [(0, 1, Assign(EXIT_CODE_VAR, c(3))), (1, 2, Assign(STATUS_VAR, c(STATUS_EXIT)))],
        {}, exit_loc=2, outputs=())
    result = run(leave, inputs())
    assert (result.status, result.exit_code) == (STATUS_EXIT, 3)


def test_unguarded_division_by_zero_is_reported_with_the_edge_location() -> None:
    cfa = make_cfa([(0, 1, Skip()), (1, 2, Assign(RETURN_VAR, b(BinOp.DIV, c(1), v("z"))))],
                   {"z": INT, RETURN_VAR: INT}, exit_loc=2)
    with pytest.raises(UndefinedOperation, match="by zero") as info:
        run(cfa, inputs())
    assert info.value.location == Location("f.c", 11)


# ------------------------------------------------------------ events and printing


def test_events_and_printed_text() -> None:
    x = v("x")
    cfa = make_cfa(
        [
            (0, 1, Event("printf", (StrConst("x=%d, half=%.1f\n"), x,
                                    Cast(b(BinOp.DIV, x, c(2)), DOUBLE)))),
            (1, 2, Event("puts", (StrConst("done"),))),
            (2, 3, Event("putchar", (c(33),))),
            (3, 4, Event("log_value", (x, StrConst("tag")))),
        ],
        {"x": INT},
        exit_loc=4,
        outputs=(),
    )
    result = run(cfa, inputs({"x": 7}))
    assert result.events == (
        ("printf", ("x=%d, half=%.1f\n", 7, 3.0)),
        ("puts", ("done",)),
        ("putchar", (33,)),
        ("log_value", (7, "tag")),
    )
    assert result.printed == "x=7, half=3.0\ndone\n!"


def test_different_formats_print_the_same_text() -> None:
    one = make_cfa([(0, 1, Event("printf", (StrConst("%d\n"), c(42))))], {}, exit_loc=1, outputs=())
    two = make_cfa([(0, 1, Event("puts", (StrConst("42"),)))], {}, exit_loc=1, outputs=())
    assert run(one, inputs()).printed == run(two, inputs()).printed == "42\n"
    assert run(one, inputs()).events != run(two, inputs()).events


def test_unrenderable_printf_is_unsupported_with_location() -> None:
    cfa = make_cfa([(0, 1, Event("printf", (StrConst("%s"), c(1))))], {}, exit_loc=1, outputs=())
    with pytest.raises(UnsupportedError) as info:
        run(cfa, inputs())
    assert info.value.location == Location("f.c", 10)


# ------------------------------------------------------------ external calls


def test_stub_values_missing_values_and_call_record() -> None:
    x = v("x")
    call = Call("ext", (x, StrConst("k")), INT)
    cfa = make_cfa(
        [(0, 1, Assign("a", call)), (1, 2, Assign("b", call)),
         (2, 3, Assign(RETURN_VAR, b(BinOp.ADD, Call("other", (x,), INT), v("a"))))],
        {"x": INT, "a": INT, "b": INT, RETURN_VAR: INT},
        exit_loc=3,
    )
    result = run(cfa, inputs({"x": 4}, stubs={("ext", (4, "k")): 40}))
    assert result.outputs["return"] == 40
    assert result.calls == (
        ExternalCall("ext", (4, "k"), 40, "stub"),
        ExternalCall("other", (4,), 0, "missing"),
    )
    assert result.events == ()


def test_stub_results_are_coerced_to_the_call_type() -> None:
    expr = Call("g", (), ct.UCHAR)
    assert evaluate(expr, {}, stubs={("g", ()): 257}) == 1
    assert evaluate(Call("h", (), ct.FLOAT), {}, stubs={("h", ()): 0.1}) == float.fromhex(
        "0x1.99999ap-4")
    assert evaluate(Call("h", (), ct.FLOAT), {}) == 0.0


def test_stub_arguments_match_exactly() -> None:
    call = Call("g", (v("d", DOUBLE),), INT)
    stubs = {("g", (-0.0,)): 2, ("g", (math.nan,)): 3}
    assert evaluate(call, {"d": 0.0}, stubs=stubs) == 0
    assert evaluate(call, {"d": -0.0}, stubs=stubs) == 2
    assert evaluate(call, {"d": 0.0}, stubs={("g", (0.0,)): 1}) == 1
    assert evaluate(call, {"d": -math.nan}, stubs=stubs) == 3
    assert evaluate(call, {"d": 1.0}, stubs=stubs) == 0
    assert evaluate(Call("g", (c(1),), INT), {}, stubs={("g", (1.0,)): 5}) == 0


def test_library_calls_run_for_real() -> None:
    d = v("d", DOUBLE)
    cfa = make_cfa([(0, 1, Assign(RETURN_VAR, Call("sqrt", (d,), DOUBLE)))],
                   {"d": DOUBLE, RETURN_VAR: DOUBLE}, exit_loc=1,
                   outputs=(Output("return", RETURN_VAR, DOUBLE, "return"),))
    result = run(cfa, inputs({"d": 2.0}, stubs={("sqrt", (2.0,)): 99.0}))
    assert result.outputs["return"] == 1.4142135623730951
    assert result.calls == (ExternalCall("sqrt", (2.0,), 1.4142135623730951, "library"),)
    negative = run(cfa, inputs({"d": -1.0}))
    assert math.isnan(negative.outputs["return"])  # type: ignore[arg-type]
    f = Call("sinf", (c(1.0, ct.FLOAT),), ct.FLOAT)
    assert evaluate(f, {}) == float.fromhex("0x1.aed548p-1")
    assert evaluate(Call("abs", (c(-(2**31)),), INT), {}) == -(2**31)


def test_ite_evaluates_only_the_chosen_branch() -> None:
    x = v("x")
    expr = Ite(b(BinOp.GT, x, c(0)), Call("pos", (x,), INT), Call("neg", (x,), INT), INT)
    cfa = make_cfa([(0, 1, Assign(RETURN_VAR, expr))], {"x": INT, RETURN_VAR: INT}, exit_loc=1)
    result = run(cfa, inputs({"x": 5}, stubs={("pos", (5,)): 1, ("neg", (5,)): 2}))
    assert result.outputs["return"] == 1
    assert [call.func for call in result.calls] == ["pos"]


# ------------------------------------------------------------ regions


def test_regions_load_store_defaults_and_outputs() -> None:
    """for (i = 0; i < 3; i++) a[i] = a[i] * 2 + t[i];  (t is a const table)"""
    i = v("i", ct.LONG)
    more = b(BinOp.LT, i, c(3, ct.LONG))
    a_i = Load("a", i, INT)
    t_i = Load("t", i, INT)
    cfa = make_cfa(
        [
            (0, 1, Assign("i", c(0, ct.LONG))),
            (1, 2, Assume(more)),
            (2, 3, Store("a", i, b(BinOp.ADD, b(BinOp.MUL, a_i, c(2)), t_i))),
            (3, 1, Assign("i", b(BinOp.ADD, i, c(1, ct.LONG), ct.LONG))),
            (1, 4, Assume(Unary(UnOp.LNOT, more, INT))),
        ],
        {"i": ct.LONG},
        exit_loc=4,
        regions=(Region("a", INT, None, RegionKind.PARAM),
                 Region("t", INT, 3, RegionKind.GLOBAL, init=(100, 200), const=True)),
        outputs=(Output("*a", "a", INT, "*a", is_region=True),),
    )
    result = run(cfa, inputs(regions={"a": RegionValue({0: 1, 2: -3, 9: 9}, 5)}))
    assert result.outputs["*a"] == RegionValue({0: 102, 1: 210, 2: -6, 9: 9}, 5)
    fresh = run(cfa, inputs())
    assert fresh.outputs["*a"] == RegionValue({0: 100, 1: 200, 2: 0}, 0)


def test_negative_offsets_address_cells_before_the_start() -> None:
    expr = Load("p", c(-2, ct.LONG), INT)
    assert evaluate(expr, {}, regions={"p": RegionValue({-2: 8}, 1)}) == 8
    assert evaluate(Load("p", c(5, ct.LONG), INT), {}, regions={"p": RegionValue({}, 1)}) == 1


def test_unknown_region_and_variable_are_internal_errors() -> None:
    with pytest.raises(InterpreterError, match="unknown region 'q'"):
        evaluate(Load("q", c(0, ct.LONG), INT), {})
    with pytest.raises(InterpreterError, match="unknown variable 'y'"):
        evaluate(v("y"), {})


# ------------------------------------------------------------ expressions


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        (b(BinOp.ADD, c(2**31 - 1), c(1)), -(2**31)),
        (Cast(c(-1), ct.UINT), 2**32 - 1),
        (Cast(c(300), ct.BOOL), 1),
        (Cast(c(math.nan, DOUBLE), INT), -(2**31)),
        (Cast(c(2**53 + 1, ct.LONG), DOUBLE), 2.0**53),
        (Unary(UnOp.BNOT, c(0, ct.ULONG), ct.ULONG), 2**64 - 1),
        (Unary(UnOp.LNOT, StrConst("s"), INT), 0),
        (Cast(StrConst("s"), ct.BOOL), 1),
        (Binary(BinOp.SHL, c(1), c(35, ct.LONG), INT), 8),
        (Binary(BinOp.LT, c(math.nan, DOUBLE), c(1.0, DOUBLE), INT), 0),
        (Ite(c(math.nan, DOUBLE), c(1), c(2), INT), 1),
        (Binary(BinOp.DIV, c(1.0, DOUBLE), c(-0.0, DOUBLE), DOUBLE), -math.inf),
        (Binary(BinOp.ADD, c(3, ct.PointerType(INT)), c(-5, ct.LONG), ct.PointerType(INT)), -2),
        (StrConst("abc"), "abc"),
    ],
)
def test_evaluate(expr: Expr, expected: object) -> None:
    assert evaluate(expr, {}) == expected


def test_constants_are_brought_into_their_type() -> None:
    assert evaluate(c(2**32 + 1), {}) == 1
    assert evaluate(c(1, DOUBLE), {}) == 1.0
    assert isinstance(evaluate(c(1, DOUBLE), {}), float)


def test_same_value() -> None:
    assert same_value(math.nan, -math.nan)
    assert not same_value(0.0, -0.0)
    assert same_value(3, 3)
    assert not same_value(3, 3.0)


def test_badly_typed_assignment_is_an_internal_error() -> None:
    cfa = make_cfa([(0, 1, Assign("x", c(1.5, DOUBLE)))], {"x": INT}, exit_loc=1, outputs=())
    with pytest.raises(InterpreterError, match="double value to 'x' of type int") as info:
        run(cfa, inputs())
    assert info.value.location == Location("f.c", 10)


def test_unknown_region_fails_only_when_the_edge_runs() -> None:
    flag = v("flag")
    cfa = make_cfa(
        [(0, 1, Assume(flag)), (0, 2, Assume(Unary(UnOp.LNOT, flag, INT))),
         (1, 3, Store("nowhere", c(0, ct.LONG), c(1))), (2, 3, Skip())],
        {"flag": INT}, exit_loc=3, outputs=())
    assert run(cfa, inputs({"flag": 0})).steps == 2
    with pytest.raises(InterpreterError, match="store to unknown region 'nowhere'"):
        run(cfa, inputs({"flag": 1}))


def test_string_used_as_a_number_is_an_internal_error() -> None:
    expr = Binary(BinOp.ADD, Cast(StrConst("s"), ct.LONG), c(1, ct.LONG), ct.LONG)
    with pytest.raises(InterpreterError, match="string 's' used as a number"):
        evaluate(expr, {})



def test_a_deadline_cuts_a_run_off_as_its_step_limit_does() -> None:
    """A run past its deadline stops within a few thousand edges, as cut off (a
    StepLimitExceeded with its state), never as ended; one that ends in time is
    not affected."""
    import time

    cfa = make_cfa([(0, 1, Skip()), (1, 0, Skip())], {}, exit_loc=2, outputs=())
    started = time.monotonic()
    with pytest.raises(StepLimitExceeded, match="time share ran out") as info:
        run(cfa, inputs({}), max_steps=10**9, deadline=time.monotonic() + 0.2)
    assert time.monotonic() - started < 5
    assert info.value.stopped.location in (0, 1)
    assert run(sum_cfa(), inputs({"n": 3}), deadline=time.monotonic() + 60).outputs["return"] == 6
