"""The product's two readings of "outputs differ": `differ` over-approximates
(what a proof of equivalence refutes), `surely_differ` under-approximates (what
a claim that every input of a set differs rests on)."""

from __future__ import annotations

import time

import pytest
import z3

from checker.engines.decide import PairContext
from checker.engines.product import build_product
from checker.errors import OutOfTime
from checker.frontend.frontend import load
from checker.lower.lower import lower_function
from checker.replay.replay import CompiledVersion
from checker.types import Settings, SourceFile


def _product(old: str, new: str):  # type: ignore[no-untyped-def]
    settings = Settings()
    cfas = [lower_function(load(SourceFile(f"{tag}.c", text), settings).variants[0].program,
                           "f", settings) for tag, text in (("old", old), ("new", new))]
    return build_product(*cfas)


def test_printing_alone_is_no_sure_difference() -> None:
    """`%u` and `%d` of a non-negative int print alike: the solver sees two
    formats, the replays compare text."""
    product = _product('#include <stdio.h>\nvoid f(int x) { printf("%u\\n", x); }',
                       '#include <stdio.h>\nvoid f(int x) { printf("%d\\n", x); }')
    x = product.inputs["arg0"].symbol
    assert z3.Solver().check(product.differ, x == 5) == z3.sat
    assert z3.Solver().check(product.surely_differ) == z3.unsat


def test_outputs_and_other_calls_are_sure_differences() -> None:
    product = _product("int g(int); int f(int x) { g(x); return x; }",
                       "int g(int); int f(int x) { g(x + 1); return x + (x > 3); }")
    x = product.inputs["arg0"].symbol
    solver = z3.Solver()
    solver.add(*product.domain)
    assert solver.check(z3.Not(product.surely_differ)) == z3.unsat  # the call's argument
    product = _product("int f(int x) { return x; }", "int f(int x) { return x + (x > 3); }")
    x = product.inputs["arg0"].symbol
    assert z3.Solver().check(product.surely_differ, x == 4) == z3.sat
    assert z3.Solver().check(product.surely_differ, x == 3) == z3.unsat


LOOP = "int f(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; return s; }\n"


def test_a_product_past_its_deadline_is_not_built() -> None:
    """The bounded product the body check asks for may unroll far deeper than
    the search reached (16 times a loop over calls took minutes): building it
    stops at the deadline, and the context answers "no product" without
    keeping that answer for a caller with more time."""
    settings = Settings()
    programs = [load(SourceFile(f"{tag}.c", LOOP), settings).program for tag in ("old", "new")]
    flat = [lower_function(load(SourceFile(f"{tag}.c", "int f(int x) { return x; }"), settings)
                           .program, "f", settings) for tag in ("old", "new")]
    with pytest.raises(OutOfTime):
        build_product(*flat, deadline=time.monotonic() - 1)
    versions = (CompiledVersion("old.c", LOOP), CompiledVersion("new.c", LOOP))
    ctx = PairContext(*programs, "f", settings, versions, None)
    assert ctx.bounded_product(4, deadline=time.monotonic() - 1) is None
    built = ctx.bounded_product(4, deadline=time.monotonic() + 60)
    assert built is not None and ctx.bounded_product(4) is built
