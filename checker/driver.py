"""Orchestration: two file versions -> functions to compare -> one result each.

Every function is checked in isolation: an unsupported construct, a solver
problem or an internal error becomes that function's result and never stops
the others. Files with feature conditionals go through the lifted algorithm
(one analysis for all configurations); a file without features is the special
case of a single configuration.
"""

from __future__ import annotations

import dataclasses
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from functools import partial

from checker import heads
from checker.compiled_replay import compiler_available
from checker.decide import PairContext
from checker.errors import InputError, LiftdiffError, UnsupportedError
from checker.frontend import ParsedFile, load
from checker.isolation import run_isolated
from checker.lifted import Fcex, Lifted, Summary, config_key
from checker.preprocess import inline_local_headers
from checker.replay import CompiledVersion
from checker.solver import Budget
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
from checker.variability import Feature, derive_product, merge_features
from checker.variability import formula as fm
from checker.variability.smt import extension
from checker.variability.types import alike, macro_configuration, presence_domain
from checker.witness import Assignment
from checker.witness_report import body_condition, witness_of

ProgressFn = Callable[[str], None]


def run_check(
    old: SourceFile,
    new: SourceFile,
    settings: Settings,
    functions: Sequence[str] | None,
    progress: ProgressFn | None,
) -> Report:
    old_file, new_file = load_pair(old, new, settings)
    names = select_functions(old_file, new_file, functions)
    results = []
    for index, name in enumerate(names, start=1):
        if progress is not None:
            progress(f"[{index}/{len(names)}] {name}")
        results.append(
            run_isolated(
                partial(check_function, old_file, new_file, name, settings),
                settings.timeout,
                partial(_crashed, old_file, new_file, name),
            )
        )
    return Report(tuple(results))


def load_pair(
    old: SourceFile, new: SourceFile, settings: Settings
) -> tuple[ParsedFile, ParsedFile]:
    """Both versions, lifted alike: a macro that one version tests only with
    defined() and the other reads for its value has two states in both (the
    version that only tests it is lifted again, rarely)."""
    return alike(
        load(old, settings),
        load(new, settings),
        lambda parsed: parsed.lifted.uses,
        lambda parsed, two_state: load(parsed.source, settings, two_state),
    )


def _crashed(old: ParsedFile, new: ParsedFile, name: str, reason: str) -> FunctionResult:
    verdict = Verdict.UNKNOWN if reason.startswith("hard time limit") else Verdict.ERROR
    return FunctionResult(name, _definition(old, name), _definition(new, name), verdict, reason)


def select_functions(
    old: ParsedFile, new: ParsedFile, requested: Sequence[str] | None
) -> list[str]:
    if requested:
        for name in requested:
            if not old.defines(name) and not new.defines(name):
                raise InputError(
                    f"function '{name}' is defined in neither {old.source.path} nor "
                    f"{new.source.path}"
                )
        return list(dict.fromkeys(requested))
    return [
        name
        for name in old.defined_functions()
        if new.defines(name) and old.function_text(name) != new.function_text(name)
    ]


def merged_features(old: ParsedFile, new: ParsedFile) -> tuple[Feature, ...]:
    """The pair's features: integer if either version uses one as an integer."""
    return tuple(merge_features((*old.features, *new.features)).values())


def check_function(
    old: ParsedFile, new: ParsedFile, name: str, settings: Settings
) -> FunctionResult:
    started = time.monotonic()
    old_loc = _definition(old, name)
    new_loc = _definition(new, name)
    features = merged_features(old, new)
    model = fm.conj(
        old.lifted.feature_model, new.lifted.feature_model, presence_domain(features)
    )

    def result(verdict: Verdict, reason: str) -> FunctionResult:
        return FunctionResult(
            name,
            old_loc,
            new_loc,
            verdict,
            reason,
            features=tuple(f.name for f in features),
            feature_model=model.to_c(),
            stats=Stats(round(time.monotonic() - started, 3), 0),
        )

    if old_loc is None or new_loc is None:
        which = "old" if new_loc is None else "new"
        return result(Verdict.UNSUPPORTED, f"'{name}' is defined only in the {which} version")
    try:
        if settings.brute_force:
            from checker.bruteforce import brute_force

            return brute_force(old, new, name, settings, started, features, model)
        return _lifted(old, new, name, settings, started, features, model)
    except UnsupportedError as exc:
        return result(Verdict.UNSUPPORTED, str(exc))
    except LiftdiffError as exc:
        return result(Verdict.ERROR, str(exc))
    except Exception as exc:  # an internal error must not crash a scan or a hook
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return result(
            Verdict.ERROR,
            f"internal error: {type(exc).__name__}: {exc} "
            f"(at {where.filename.rsplit('/', 1)[-1]}:{where.lineno})",
        )


def _definition(parsed: ParsedFile, name: str) -> Location | None:
    for variant in parsed.variants:
        fdef = variant.program.functions.get(name)
        if fdef is not None:
            return variant.program.location(fdef.decl)
    return None


def witness_configuration(
    features: tuple[Feature, ...], scope: fm.Formula, scalars: Mapping[str, int | float]
) -> dict[str, int]:
    """A witness's configuration (feature -> lifted value): the features its
    programs read, completed with values for the features of `scope` (the
    model and the pair's structural condition) that they do not read, so that
    the configuration is one of the pair's and valid (a typedef chosen by W
    needs W in the witness, though the function never reads W)."""
    known = {f.name: int(scalars[config_key(f)]) for f in features if config_key(f) in scalars}
    return extension(scope, known) or known


def configure_for(
    old: ParsedFile,
    new: ParsedFile,
    features: tuple[Feature, ...],
    settings: Settings,
    scope: fm.Formula = fm.TRUE,
) -> Callable[[Assignment], tuple[CompiledVersion, CompiledVersion]]:
    """The witness configuration's products, derived by gcc's preprocessor from the
    annotated sources (the project's headers inlined, so their macros decide
    conditionals as in the build): compiling them checks our lifting against
    the real thing."""
    cache: dict[tuple[tuple[str, int | None], ...], tuple[CompiledVersion, CompiledVersion]] = {}
    texts = [(p.source.path, inline_local_headers(p.source, settings)) for p in (old, new)]

    def products(assignment: Assignment) -> tuple[CompiledVersion, CompiledVersion]:
        values = witness_configuration(features, scope, assignment.scalars)
        configuration = macro_configuration(features, values)
        key = tuple(sorted(configuration.items()))
        if key not in cache:
            cache[key] = tuple(  # type: ignore[assignment]
                CompiledVersion(path, derive_product(text, path, configuration, settings).text)
                for path, text in texts
            )
        return cache[key]

    return products


def function_budget(settings: Settings, started: float) -> Budget:
    """The one wall-clock allowance of a function pair, counted from `started`."""
    return Budget(settings.timeout, settings.solver_timeout, settings.memory_mb, started=started)


def replay_compiler(settings: Settings) -> str | None:
    """The compiler that replays witnesses, or None when disabled or absent."""
    if settings.use_compiler and compiler_available(settings.compiler):
        return settings.compiler
    return None


def _lifted(
    old: ParsedFile,
    new: ParsedFile,
    name: str,
    settings: Settings,
    started: float,
    features: tuple[Feature, ...],
    model: fm.Formula,
) -> FunctionResult:
    budget = function_budget(settings, started)
    compiler = replay_compiler(settings)
    versions = (
        CompiledVersion(old.source.path, old.source.text),
        CompiledVersion(new.source.path, new.source.text),
    )
    entries: list[NeqEntry] = []
    summaries: list[Summary] = []
    assumptions: list[str] = []
    pairs = [
        (a, b)
        for a in old.variants
        for b in new.variants
        if name in a.program.functions and name in b.program.functions
    ]
    if not pairs:
        raise UnsupportedError(
            f"'{name}' is never defined in both versions under the same configuration"
        )
    for old_variant, new_variant in pairs:
        structural = fm.conj(
            old_variant.condition,
            new_variant.condition,
            old_variant.defined_under(name),
            new_variant.defined_under(name),
        )
        scope = fm.conj(model, structural)
        configure = configure_for(old, new, features, settings, scope) if features else None
        ctx = PairContext(
            old_variant.program, new_variant.program, name, settings, versions, compiler, configure
        )
        lifted = Lifted(ctx, features, model, budget, settings.generalize)
        summary = lifted.run(structural)
        summaries.append(summary)
        assumptions.extend(ctx.assumptions())
        assumptions.extend(summary.notes)
        for fcex in summary.entries:
            entries.append(_entry(fcex, features, scope))
    stats = Stats(round(budget.elapsed(), 3), budget.calls)
    common = dict(
        features=tuple(f.name for f in features),
        feature_model=model.to_c(),
        stats=stats,
        assumptions=tuple(dict.fromkeys(assumptions)),
    )
    old_loc, new_loc = _definition(old, name), _definition(new, name)
    undecided = next((s for s in summaries if not s.complete), None)
    return summary_result(
        name,
        old_loc,
        new_loc,
        entries,
        None if undecided is None else (undecided.reason or "unknown"),
        None if undecided is None else undecided.bound,
        common,
    )


def summary_result(
    name: str,
    old_loc: Location | None,
    new_loc: Location | None,
    entries: list[NeqEntry],
    undecided: str | None,
    bound: int | None,
    common: dict[str, object],
) -> FunctionResult:
    """NOT_EQUIVALENT with the summary if any entry, else UNKNOWN if anything was
    left undecided, else EQUIVALENT (shared by the lifted and brute-force modes)."""
    if entries:
        reason = (
            None
            if undecided is None
            else (f"NEQ-summary incomplete (other configurations undecided): {undecided}")
        )
        return FunctionResult(
            name,
            old_loc,
            new_loc,
            Verdict.NOT_EQUIVALENT,
            reason,
            neq_summary=tuple(entries),
            **common,
        )  # type: ignore[arg-type]
    if undecided is not None:
        return FunctionResult(name, old_loc, new_loc, Verdict.UNKNOWN, undecided, bound, **common)  # type: ignore[arg-type]
    return FunctionResult(name, old_loc, new_loc, Verdict.EQUIVALENT, **common)  # type: ignore[arg-type]


def _entry(fcex: Fcex, features: tuple[Feature, ...], scope: fm.Formula) -> NeqEntry:
    witness = fcex.witness
    old, new = witness.old_cfa, witness.new_cfa
    head = heads.to_c(fcex.head, {f.name: f.boolean for f in features})
    if fcex.scope != fm.TRUE:
        head = f"({fcex.scope.to_c()}) && ({head})"
    report = witness_of(old, new, witness)
    configuration = witness_configuration(features, scope, witness.assignment.scalars)
    return NeqEntry(
        head,
        body_condition(old, new, fcex.body),
        dataclasses.replace(report, configuration=configuration),
    )
