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
from checker.product import build_product
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

    def result(verdict: Verdict, reason: str | None = None, **extra: object) -> FunctionResult:
        stats = extra.pop("stats", None) or Stats(round(time.monotonic() - started, 3), 0)
        return FunctionResult(name, old_loc, new_loc, verdict, reason, **extra)  # type: ignore[arg-type]

    if old_loc is None or new_loc is None:
        which = "old" if new_loc is None else "new"
        return result(Verdict.UNSUPPORTED, f"'{name}' is defined only in the {which} version")
    try:
        old_cfa = lower_function(old.program, name, settings)
        new_cfa = lower_function(new.program, name, settings)
        return _decide(old, new, old_cfa, new_cfa, settings, started, old_loc, new_loc)
    except RecursionFound as exc:
        return result(Verdict.UNKNOWN, f"{exc.message} at {exc.location}: recursion is not "
                      "supported yet")
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


def _decide(
    old: ParsedFile, new: ParsedFile, old_cfa: Cfa, new_cfa: Cfa, settings: Settings,
    started: float, old_loc: Location, new_loc: Location,
) -> FunctionResult:
    name = old_cfa.name
    assumptions = tuple(dict.fromkeys((*old_cfa.assumptions, *new_cfa.assumptions)))
    if loop_heads(old_cfa) or loop_heads(new_cfa):
        return FunctionResult(name, old_loc, new_loc, Verdict.UNKNOWN,
                              "loops not yet supported",
                              stats=Stats(round(time.monotonic() - started, 3), 0),
                              assumptions=assumptions)
    budget = Budget(settings.timeout, settings.solver_timeout, settings.memory_mb,
                    started=started)
    product = build_product(old_cfa, new_cfa)
    compiler = settings.compiler if settings.use_compiler and compiler_available(
        settings.compiler) else None
    replayer = Replayer(product, CompiledVersion(old.source.path, old.source.text),
                        CompiledVersion(new.source.path, new.source.text), compiler)
    answer = verify_and_cex(product, [], replayer, budget, settings)
    stats = Stats(round(budget.elapsed(), 3), budget.calls)
    notes = tuple(dict.fromkeys((*assumptions, *product.notes, *replayer.notes)))
    if answer.kind is Outcome.UNSAT:
        return FunctionResult(name, old_loc, new_loc, Verdict.EQUIVALENT, stats=stats,
                              assumptions=notes)
    if answer.kind is Outcome.SAT:
        assert answer.witness is not None
        entry = _entry(product.old, product.new, answer.witness)
        return FunctionResult(name, old_loc, new_loc, Verdict.NOT_EQUIVALENT,
                              neq_summary=(entry,), stats=stats, assumptions=notes)
    return FunctionResult(name, old_loc, new_loc, Verdict.UNKNOWN, answer.reason, stats=stats,
                          assumptions=notes)


def _entry(old: Cfa, new: Cfa, witness: Confirmed) -> NeqEntry:
    return NeqEntry("1", point_body(old, new, witness.assignment), witness_of(old, new, witness))
