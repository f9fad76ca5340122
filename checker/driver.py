"""Orchestration: two file versions -> functions to compare -> one result each.

Every function is checked in isolation: an unsupported construct, a solver
problem or an internal error becomes that function's result and never stops
the others.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Sequence

from checker.compiled_replay import compiler_available
from checker.equiv import Confirmed, Replayer, verify_and_cex
from checker.errors import InputError, LiftdiffError, RecursionFound, UnsupportedError
from checker.frontend import ParsedFile, load
from checker.ir import Cfa, loop_heads
from checker.lower import lower_function
from checker.bounded import bounded_check, bounds
from checker.chc import chc_check
from checker.houdini import houdini_check
from checker.product import Product, build_product
from checker.replay import CompiledVersion
from checker.solver import Budget, Outcome
from checker.types import (
    FunctionResult,
    Location,
    NeqEntry,
    Report,
    Settings,
    SourceFile,
    Stats,
    Verdict,
)
from checker.witness_report import point_body, witness_of

ProgressFn = Callable[[str], None]
QUICK_BOUND = 2
"""Unrolling bounds tried before the unbounded engine (cheap, find shallow differences)."""
HOUDINI_SHARE = 0.3
"""Part of the remaining time for relational invariants by elimination (Houdini)."""
CHC_SHARE = 0.6
"""Part of the remaining time given to the unbounded (CHC) engine."""
PARTIAL = ("partial equivalence: proved for all inputs on which both versions terminate "
           "(loops are not checked for termination)")


def run_check(
    old: SourceFile,
    new: SourceFile,
    settings: Settings,
    functions: Sequence[str] | None,
    progress: ProgressFn | None,
) -> Report:
    old_file = load(old, settings)
    new_file = load(new, settings)
    names = select_functions(old_file, new_file, functions)
    results = []
    for index, name in enumerate(names, start=1):
        if progress is not None:
            progress(f"[{index}/{len(names)}] {name}")
        results.append(check_function(old_file, new_file, name, settings))
    return Report(tuple(results))


def select_functions(
    old: ParsedFile, new: ParsedFile, requested: Sequence[str] | None
) -> list[str]:
    if requested:
        for name in requested:
            if name not in old.program.functions and name not in new.program.functions:
                raise InputError(
                    f"function '{name}' is defined in neither {old.source.path} nor "
                    f"{new.source.path}"
                )
        return list(dict.fromkeys(requested))
    return [
        name for name in old.defined_functions()
        if name in new.program.functions and old.function_text(name) != new.function_text(name)
    ]


def check_function(
    old: ParsedFile, new: ParsedFile, name: str, settings: Settings
) -> FunctionResult:
    started = time.monotonic()
    old_loc = _definition(old, name)
    new_loc = _definition(new, name)

    def result(verdict: Verdict, reason: str) -> FunctionResult:
        stats = Stats(round(time.monotonic() - started, 3), 0)
        return FunctionResult(name, old_loc, new_loc, verdict, reason, stats=stats)

    if old_loc is None or new_loc is None:
        which = "old" if new_loc is None else "new"
        return result(Verdict.UNSUPPORTED, f"'{name}' is defined only in the {which} version")
    try:
        return _decide(old, new, name, settings, started, old_loc, new_loc)
    except UnsupportedError as exc:
        return result(Verdict.UNSUPPORTED, str(exc))
    except LiftdiffError as exc:
        return result(Verdict.ERROR, str(exc))
    except Exception as exc:  # an internal error must not crash a scan or a hook
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return result(Verdict.ERROR, f"internal error: {type(exc).__name__}: {exc} "
                      f"(at {where.filename.rsplit('/', 1)[-1]}:{where.lineno})")


def _definition(parsed: ParsedFile, name: str) -> Location | None:
    fdef = parsed.program.functions.get(name)
    if fdef is None:
        return None
    return parsed.program.location(fdef.decl)


def _lower_both(old: ParsedFile, new: ParsedFile, name: str, settings: Settings
                ) -> tuple[Cfa, Cfa] | None:
    """Both versions as real CFAs, or None when recursion rules that out."""
    try:
        return (lower_function(old.program, name, settings),
                lower_function(new.program, name, settings))
    except RecursionFound:
        return None


def _decide(
    old: ParsedFile, new: ParsedFile, name: str, settings: Settings,
    started: float, old_loc: Location, new_loc: Location,
) -> FunctionResult:
    budget = Budget(settings.timeout, settings.solver_timeout, settings.memory_mb,
                    started=started)
    compiler = settings.compiler if settings.use_compiler and compiler_available(
        settings.compiler) else None
    versions = (CompiledVersion(old.source.path, old.source.text),
                CompiledVersion(new.source.path, new.source.text))
    real = _lower_both(old, new, name, settings)
    cyclic = real is None or bool(loop_heads(real[0]) or loop_heads(real[1]))
    if not cyclic:
        assert real is not None
        product = build_product(*real)
        replayer = Replayer(product, *versions, compiler)
        answer = verify_and_cex(product, [], replayer, budget, settings)
        return _result(name, old_loc, new_loc, product, replayer.notes, answer.kind,
                       answer.witness, answer.reason, None, budget)
    ks = bounds(settings.unwind)
    bounded = bounded_check(old.program, new.program, name, settings, budget, versions,
                            compiler, real, [k for k in ks if k <= QUICK_BOUND])
    notes: list[str] = []
    if bounded.kind is Outcome.UNKNOWN and real is not None:
        invariants = houdini_check(real[0], real[1], budget.share(
            budget.remaining() * HOUDINI_SHARE))
        if invariants.kind is Outcome.UNSAT:
            notes.append(PARTIAL)
            return _result(name, old_loc, new_loc, None, notes, Outcome.UNSAT, None, None,
                           real, budget)
    if bounded.kind is Outcome.UNKNOWN and real is not None:
        unbounded = chc_check(real[0], real[1], budget.remaining() * CHC_SHARE,
                              settings.memory_mb)
        budget.count_call()
        if unbounded.kind is Outcome.UNSAT:
            notes.append(PARTIAL)
            return _result(name, old_loc, new_loc, None, notes, Outcome.UNSAT, None, None,
                           real, budget)
        if unbounded.kind is Outcome.SAT and unbounded.depth:
            deep = [unbounded.depth + 1, 2 * unbounded.depth + 2]
            bounded = bounded_check(old.program, new.program, name, settings, budget,
                                    versions, compiler, real, deep, fuzz=False)
        if unbounded.reason:
            notes.append(unbounded.reason)
    if bounded.kind is Outcome.UNKNOWN and not budget.exhausted():
        bounded = bounded_check(old.program, new.program, name, settings, budget, versions,
                                compiler, real, [k for k in ks if k > QUICK_BOUND], fuzz=False)
    product = bounded.product
    if bounded.kind is Outcome.UNKNOWN:
        reason = bounded.reason or (
            f"no difference found up to {bounded.bound} loop iterations or recursion levels; "
            "not proved for more")
        bound = bounded.bound if bounded.reason is None else None
        return FunctionResult(name, old_loc, new_loc, Verdict.UNKNOWN, reason, bound,
                              stats=Stats(round(budget.elapsed(), 3), budget.calls),
                              assumptions=_assumptions(real, product, notes))
    return _result(name, old_loc, new_loc, product, notes, bounded.kind, bounded.witness,
                   None, real, budget)


def _assumptions(real: tuple[Cfa, Cfa] | None, product: Product | None,
                 notes: list[str]) -> tuple[str, ...]:
    found: list[str] = []
    for cfa in (real or ()):
        found.extend(cfa.assumptions)
    if product is not None:
        found.extend(product.old.assumptions)
        found.extend(product.new.assumptions)
        found.extend(product.notes)
    found.extend(notes)
    return tuple(dict.fromkeys(found))


def _result(
    name: str, old_loc: Location, new_loc: Location, product: Product | None,
    notes: list[str], kind: Outcome, witness: Confirmed | None, reason: str | None,
    real: tuple[Cfa, Cfa] | None, budget: Budget,
) -> FunctionResult:
    stats = Stats(round(budget.elapsed(), 3), budget.calls)
    assumptions = _assumptions(real, product, notes)
    if kind is Outcome.UNSAT:
        return FunctionResult(name, old_loc, new_loc, Verdict.EQUIVALENT, stats=stats,
                              assumptions=assumptions)
    if kind is Outcome.SAT:
        assert witness is not None and product is not None
        old_cfa, new_cfa = real or (product.old, product.new)
        entry = _entry(old_cfa, new_cfa, witness)
        return FunctionResult(name, old_loc, new_loc, Verdict.NOT_EQUIVALENT,
                              neq_summary=(entry,), stats=stats, assumptions=assumptions)
    return FunctionResult(name, old_loc, new_loc, Verdict.UNKNOWN, reason, stats=stats,
                          assumptions=assumptions)


def _entry(old: Cfa, new: Cfa, witness: Confirmed) -> NeqEntry:
    return NeqEntry("1", point_body(old, new, witness.assignment), witness_of(old, new, witness))
