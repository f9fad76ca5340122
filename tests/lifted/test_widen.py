"""Widening a body into ranges: every input of the box differs (soundness), and
every bound it reports is the boundary (one step beyond, some input of the box
is equal), checked against enumeration on 8-bit inputs."""

from __future__ import annotations

import itertools

import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.lifted.widen import Allowance, Interval, widen
from checker.semantics.ctype import IntType
from checker.semantics.solver import Budget

INT = IntType(32, True, "int", 4, 4)
S8 = IntType(8, True, "signed char", 1, 1)
U8 = IntType(8, False, "unsigned char", 1, 1)


def _budget(seconds: float = 30.0) -> Budget:
    return Budget(seconds=seconds, per_call=10.0)


def _allowance(calls: int = 96, work: int = 10**9) -> Allowance:
    return Allowance(calls, work)


def test_threshold_becomes_a_one_sided_range() -> None:
    x = z3.BitVec("x", 32)
    equal = [x <= 8]  # outputs differ exactly for x > 8
    assert widen(equal, {"x": x}, {"x": 273739256}, {"x": INT}, _budget(), _allowance()) == {
        "x": Interval(9, None, True)
    }


def test_each_input_is_widened_within_the_others_ranges() -> None:
    x, y = z3.BitVec("x", 32), z3.BitVec("y", 32)
    equal = [z3.Or(x <= 8, y >= 100)]
    box = widen(equal, {"x": x, "y": y}, {"x": 50, "y": 3}, {"x": INT, "y": INT}, _budget(),
                _allowance())
    assert box == {"x": Interval(9, None, True), "y": Interval(None, 99, True)}


def test_unsigned_bounds_compare_unsigned() -> None:
    u = z3.BitVec("u", 8)
    equal = [z3.Or(u == 0, z3.UGT(u, 200))]
    assert widen(equal, {"u": u}, {"u": 130}, {"u": U8}, _budget(), _allowance()) == {
        "u": Interval(1, 200, False)
    }


def test_no_time_keeps_the_value() -> None:
    x = z3.BitVec("x", 32)
    assert widen([x <= 8], {"x": x}, {"x": 100}, {"x": INT}, _budget(0.0), _allowance()) == {
        "x": Interval(100, 100, True)
    }


def test_out_of_work_keeps_the_value_and_work_is_shared() -> None:
    """The work allowance is z3's resource counter, spent across the bodies that
    share it: a second body widened after the first spent it all stays a point."""
    x = z3.BitVec("x", 32)
    shared = _allowance(work=1)
    assert widen([x <= 8], {"x": x}, {"x": 100}, {"x": INT}, _budget(), shared) == {
        "x": Interval(100, 100, True)
    }
    assert shared.spent()
    plenty = _allowance()
    assert widen([x <= 8], {"x": x}, {"x": 100}, {"x": INT}, _budget(), plenty) == {
        "x": Interval(9, None, True)
    }
    assert plenty.work < 10**9


def test_out_of_questions_a_side_stays_at_the_value() -> None:
    """Two questions: the upper side is unbounded, the lower side's bisection
    gets no further question and does not report a bound short of 9."""
    x = z3.BitVec("x", 32)
    assert widen([x <= 8], {"x": x}, {"x": 100}, {"x": INT}, _budget(), _allowance(2)) == {
        "x": Interval(100, None, True)
    }


def test_short_searches_first_and_none_that_cannot_finish() -> None:
    """Equal only at 103 and at -2^30: the upper side needs two questions
    after its first, the lower side thirty. Ten questions: the upper side is
    searched to its boundary, the lower one not started (it could not finish)
    and stays at the value."""
    x = z3.BitVec("x", 32)
    equal = [z3.Or(x == 103, x == -(1 << 30))]
    assert widen(equal, {"x": x}, {"x": 100}, {"x": INT}, _budget(), _allowance(10)) == {
        "x": Interval(100, 102, True)
    }


_ATOMS = st.tuples(
    st.sampled_from(["x", "y"]), st.sampled_from(["<", "<=", "==", ">"]),
    st.integers(-128, 127),
)


def _holds(atom: tuple[str, str, int], values: dict[str, int]) -> bool:
    name, op, constant = atom
    value = values[name]
    return {"<": value < constant, "<=": value <= constant, "==": value == constant,
            ">": value > constant}[op]


def _term(atom: tuple[str, str, int], symbols: dict[str, z3.BitVecRef]) -> z3.BoolRef:
    name, op, constant = atom
    symbol, value = symbols[name], z3.BitVecVal(constant & 0xFF, 8)
    return {"<": symbol < value, "<=": symbol <= value, "==": symbol == value,
            ">": symbol > value}[op]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(_ATOMS, min_size=1, max_size=2), min_size=1, max_size=3),
       st.integers(-128, 127), st.integers(-128, 127))
def test_box_is_sound_and_its_bounds_are_boundaries(
    equal_dnf: list[list[tuple[str, str, int]]], x0: int, y0: int
) -> None:
    """`equal_dnf` says when outputs are equal (a DNF of comparisons); the
    starting point must differ, as a GENERALIZEd body's point does."""

    def equal(values: dict[str, int]) -> bool:
        return any(all(_holds(a, values) for a in cube) for cube in equal_dnf)

    if equal({"x": x0, "y": y0}):
        return
    symbols = {"x": z3.BitVec("x", 8), "y": z3.BitVec("y", 8)}
    query = [z3.Or(*[z3.And(*[_term(a, symbols) for a in cube]) for cube in equal_dnf])]
    box = widen(query, symbols, {"x": x0, "y": y0}, {"x": S8, "y": S8}, _budget(), _allowance())
    ranges = {k: (-128 if r.lo is None else r.lo, 127 if r.hi is None else r.hi)
              for k, r in box.items()}
    points = list(itertools.product(range(ranges["x"][0], ranges["x"][1] + 1),
                                    range(ranges["y"][0], ranges["y"][1] + 1)))
    assert (x0, y0) in points
    assert not any(equal({"x": a, "y": b}) for a, b in points)
    for name, other in (("x", "y"), ("y", "x")):
        lo, hi = ranges[name]
        for beyond in ((lo - 1) if lo > -128 else None, (hi + 1) if hi < 127 else None):
            if beyond is None:
                continue
            assert any(equal({name: beyond, other: v})
                       for v in range(ranges[other][0], ranges[other][1] + 1)), (name, beyond)
