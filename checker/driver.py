"""Orchestration: two file versions -> functions to compare -> one result each.

Every function is checked in isolation: an unsupported construct, a solver
problem or an internal error becomes that function's result and never stops
the others. Files with feature conditionals go through the lifted algorithm
(one analysis for all configurations); a file without features is the special
case of a single configuration.
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from functools import partial

from checker.engines.answer import Equivalent, Stage, Unknown
from checker.engines.decide import PairContext
from checker.errors import (
    FeatureNotConstant,
    InputError,
    LiftdiffError,
    ParseError,
    UnsupportedError,
)
from checker.frontend.changes import (
    READS_PLACE,
    ChangeKind,
    FunctionChange,
    Unit,
    diff_units,
    pair_sources,
    parse_unit,
    text_result,
    unmodelled_rename,
)
from checker.frontend.cscan import ItemKind
from checker.frontend.frontend import ParsedFile, load
from checker.frontend.preprocess import (
    PLACEHOLDER_NOTE,
    declare_members,
    derivation_settings,
    inline_local_headers,
)
from checker.frontend.slice import (
    Slice,
    TranslationUnit,
    layout_observed,
    slice_functions,
    slice_mentions,
    translation_unit,
)
from checker.isolation import Crash, Stages, run_isolated
from checker.lifted import heads
from checker.lifted.body import Scope, text
from checker.lifted.bruteforce import brute_force
from checker.lifted.lifted import Fcex, Lifted, Summary
from checker.lifted.siblings import proof_covers, same_programs
from checker.lifted.witness_report import ResultFacts, summary_result, witness_of
from checker.location import Location
from checker.replay.compiled_replay import replay_compiler, sanitizer_flags
from checker.replay.replay import Assignment, CompiledVersion, replay_version
from checker.semantics.solver import Budget, function_budget
from checker.types import (
    FunctionResult,
    NeqEntry,
    ProgressFn,
    Report,
    Settings,
    SourceFile,
    Stats,
    Verdict,
)
from checker.variability import Feature, config_key, derive_product, merge_features
from checker.variability import formula as fm
from checker.variability.analysis import LINE_MARKER
from checker.variability.features import valued_macros
from checker.variability.smt import Oracle, extension
from checker.variability.types import (
    EXCLUDED_NOTE,
    SUPERSET_NOTE,
    FeatureUses,
    alike,
    macro_configuration,
    presence_domain,
)


def run_check(
    old: SourceFile,
    new: SourceFile,
    settings: Settings,
    functions: Sequence[str] | None,
    progress: ProgressFn | None,
) -> Report:
    old_unit = translation_unit(old, settings)
    new_unit = translation_unit(new, settings)
    every = diff_units(_unit(old_unit), _unit(new_unit))
    changes = select_changes(old_unit, new_unit, every, functions)
    unchecked = () if functions else tuple(c.unchecked() for c in every if c.kind.listed_only)
    valued = _valued((old_unit, new_unit), settings) if changes else frozenset()
    compiler = replay_compiler(settings)
    if compiler is not None and changes:
        sanitizer_flags(compiler, undefined=True)  # probed once here, not in every child
    results = []
    for index, change in enumerate(changes):
        if progress is not None:
            progress(change.function, index, len(changes))
        if change.kind.by_text:
            results.append(text_result(change))
            continue
        refused = unmodelled_rename(change, _unit(old_unit))
        if refused is not None:
            results.append(refused)
            continue
        started = time.monotonic()
        old_side = old_unit
        if change.kind.renamed:  # the old body under the new name, line numbers kept
            old_side = translation_unit(pair_sources(change, old, new)[0], settings)
        where = (_located(old_side, change.function, change.old),
                 _located(new_unit, change.function, change.new))
        result = run_isolated(
            partial(check_sliced, old_side, new_unit, change.function, settings, started,
                    valued),
            settings.timeout,
            partial(_crashed, change.function, where),
            partial(_overrun, change.function, where, settings.timeout, started),
            started=started,
            memory_mb=settings.memory_mb,
        )
        if change.kind.renamed:
            result = dataclasses.replace(result, renamed_from=change.detail)
        results.append(result)
    return Report(tuple(results), unchecked)


Where = tuple[Location | None, Location | None]


def _valued(units: Sequence[TranslationUnit], settings: Settings) -> frozenset[str]:
    """The macros the whole files read for their value (two-state in every slice):
    read once for all functions. A text the lexer rejects adds none; each
    function's own lifting then reports the error, with its place."""
    found: set[str] = set()
    for unit in units:
        with contextlib.suppress(LiftdiffError):
            found |= valued_macros(unit.source.text, unit.source.path, settings)
    return frozenset(found)


def _located(unit: TranslationUnit, name: str, known: Location | None) -> Location | None:
    """Where the function is defined in the unit's own file (the scanner's line)."""
    if known is not None:
        return known
    return next((Location(e.path, e.item.start_line) for e in unit.entries
                 if e.item.name == name and e.path == unit.source.path
                 and e.item.kind is ItemKind.FUNCTION), None)


def load_pair(
    old: SourceFile, new: SourceFile, settings: Settings,
    stage: Callable[[str], None] | None = None,
    valued: frozenset[str] = frozenset(),
) -> tuple[ParsedFile, ParsedFile]:
    """Both versions, lifted alike: a struct that one version declares with every
    configuration's members the other declares so too, written alike or grown
    only at its end, or neither does (else the two would lay a shared member out
    differently in one configuration, `_unlike_records`); a
    macro that one version tests only with defined() and the other reads for its
    value has two states in both (the version that only tests it is lifted
    again, rarely); so has one that the whole files read for its value
    (`valued`: a slice may leave those reads out)."""
    old_file, new_file = load(old, settings, stage=stage), load(new, settings, stage=stage)
    while unlike := _unlike_records(old_file, new_file):  # ends: each round splits more
        old_file, new_file = (_with_sized(f, unlike, settings, stage)
                              for f in (old_file, new_file))
    return alike(
        old_file, new_file,
        lambda parsed: parsed.lifted.uses,
        lambda parsed, two_state: load(parsed.source, settings, two_state, stage),
        FeatureUses(valued=valued),
    )


def _unlike_records(old: ParsedFile, new: ParsedFile) -> frozenset[str]:
    """Structs declared with a superset of members by one version and not so by the
    other, or with members that do not begin the other's: in some configuration
    a member both declare would lie at different offsets in the two builds and
    at the same in the superset (a member added at the end keeps them alike)."""
    mine, theirs = dict(old.lifted.records), dict(new.lifted.records)
    return frozenset(n for n in mine.keys() | theirs.keys()
                     if (a := mine.get(n)) is None or (b := theirs.get(n)) is None
                     or not (a.prefix_of(b) or b.prefix_of(a)))


def _with_sized(parsed: ParsedFile, names: frozenset[str], settings: Settings,
                stage: Callable[[str], None] | None) -> ParsedFile:
    """`parsed` again with the structs `names` split per configuration (if it has any)."""
    sized = parsed.source.sized_records
    if not names & dict(parsed.lifted.records).keys():
        return parsed
    assert sized is not None  # only a slice declares records with a superset of members
    return load(dataclasses.replace(parsed.source, sized_records=sized | names), settings,
                stage=stage)


def _crashed(name: str, where: Where, crash: Crash) -> FunctionResult:
    verdict = Verdict.UNKNOWN if crash.exhausted else Verdict.ERROR
    return FunctionResult(name, *where, verdict, crash.reason)


def _overrun(name: str, where: Where, limit: float, started: float,
             stage: str, kept: FunctionResult | None) -> FunctionResult:
    """UNKNOWN naming the stage; or, when the engine had found replayed
    witnesses by then, the NOT_EQUIVALENT it kept with them."""
    seconds = round(time.monotonic() - started, 3)
    if kept is not None:
        return dataclasses.replace(kept, stats=Stats(seconds, kept.stats.solver_calls))
    return FunctionResult(name, *where, Verdict.UNKNOWN, overrun_reason(stage, limit),
                          stats=Stats(seconds, 0))


def overrun_reason(stage: str, limit: float) -> str:
    return f"timeout in the {stage} after {limit:g} s"


def select_changes(
    old: TranslationUnit, new: TranslationUnit, changes: Sequence[FunctionChange],
    requested: Sequence[str] | None,
) -> list[FunctionChange]:
    """The changes to report, by the one selection rule (checker/frontend/changes.py): every
    checked or text-decided change, or each requested function (an unchanged one
    is compared all the same; a renamed one with its old self)."""
    if not requested:
        return [c for c in changes if c.kind.checked or c.kind.by_text]
    renamed = {c.function: c for c in changes if c.kind.renamed}
    for name in requested:
        if name not in old.functions and name not in new.functions:
            raise InputError(
                f"function '{name}' is defined in neither {old.source.path} nor "
                f"{new.source.path}"
            )
    return [
        renamed.get(name) or FunctionChange(ChangeKind.MODIFIED, name, None, None)
        for name in dict.fromkeys(requested)
    ]


def _unit(unit: TranslationUnit) -> Unit:
    """The selection rule's view of a file, with the project headers it includes."""
    source = unit.source
    return parse_unit(SourceFile(source.path, source.text, {**unit.headers, **source.headers}))


def check_sliced(
    old: TranslationUnit,
    new: TranslationUnit,
    name: str,
    settings: Settings,
    started: float,
    valued: frozenset[str],
    stages: Stages,
) -> FunctionResult:
    """One function, from its slices to its verdict (in the isolated child: every
    stage counts against the function's time limit); `valued`: the macros the
    whole files read for their value (`load_pair`)."""
    stages.enter("slicer")
    sized = layout_observed(old, [name]) | layout_observed(new, [name])
    old_slice = slice_functions(old, [name], slice_mentions(new, [name]), sized)
    new_slice = slice_functions(new, [name], slice_mentions(old, [name]), sized)
    if same_program(old_slice.source, new_slice.source):
        return _same_text(name, old, new, started)
    defaults = dict(settings.numeric_defaults)
    fixed: list[str] = []
    while True:
        try:
            result = _check_slices(old, new, old_slice, new_slice, name, settings, started,
                                   valued, stages)
            break
        except FeatureNotConstant as exc:
            value = defaults.get(exc.macro)
            if value is None or exc.macro in dict(settings.defines):
                return _unknown(name, old, new, str(exc), started, Verdict.UNSUPPORTED)
            settings = settings.overlay({"defines": (*settings.defines, (exc.macro, value))})
            fixed.append(f"'{exc.macro}' is {value}, its Kconfig default: the function's "
                         "code uses it where C needs a constant (an array's length), so "
                         "other values of it are not checked")
    if not fixed:
        return result
    return dataclasses.replace(result, assumptions=(*fixed, *result.assumptions))


def _check_slices(
    old: TranslationUnit, new: TranslationUnit, old_slice: Slice, new_slice: Slice,
    name: str, settings: Settings, started: float, valued: frozenset[str], stages: Stages,
) -> FunctionResult:
    """The function's verdict from its two slices (see `check_sliced`); raises
    FeatureNotConstant for a numeric feature that must be a constant."""
    try:
        old_file, new_file = load_pair(old_slice.source, new_slice.source, settings,
                                       stages.enter, valued)
    except MemoryError:
        return _unknown(name, old, new, f"memory limit ({settings.memory_mb} MiB) reached "
                        f"in the {stages.current}", started)
    except FeatureNotConstant:
        raise
    except LiftdiffError as exc:
        unsupported = isinstance(exc, (ParseError, UnsupportedError))
        verdict = Verdict.UNSUPPORTED if unsupported else Verdict.ERROR
        return _unknown(name, old, new, str(exc), started, verdict)
    except Exception as exc:  # an internal error is this function's result, with its place
        if time.monotonic() - started >= settings.timeout:  # the alarm, turned into another
            return _unknown(name, old, new,  # exception by a library it interrupted
                            overrun_reason(stages.current, settings.timeout),
                            started)
        return _unknown(name, old, new, internal_error(exc), started, Verdict.ERROR)
    stages.enter("engine")
    result = check_function(old_file, new_file, name, settings, started, stages.keep)
    context = _context_notes(old_slice, new_slice, old_file, new_file)
    if not context:
        return result
    return dataclasses.replace(
        result, assumptions=tuple(dict.fromkeys((*result.assumptions, *context)))
    )


SAME_SLICE_REASON = ("the function and everything it depends on (callees, declarations, "
                     "macros, conditionals) are the same text in both versions: the same "
                     "program in every configuration (no solver needed)")


def same_program(old: SourceFile, new: SourceFile) -> bool:
    """The two slices are one program: equal apart from the line markers, which
    only move diagnostics, unless the text reads its own place (a header renamed
    between the versions keeps its text under another name)."""
    if dataclasses.replace(old, text="") != dataclasses.replace(new, text=""):
        return False
    if old.text == new.text:
        return True
    return READS_PLACE.search(new.text) is None and _unmarked(old.text) == _unmarked(new.text)


def _unmarked(text: str) -> list[str]:
    return [line for line in text.split("\n") if not LINE_MARKER.match(line)]


def _same_text(name: str, old: TranslationUnit, new: TranslationUnit,
               started: float) -> FunctionResult:
    """A change of the file or its headers that the function's slice does not see
    (a header edit re-checks every function of the files including it)."""
    return FunctionResult(name, _located(old, name, None), _located(new, name, None),
                          Verdict.EQUIVALENT, SAME_SLICE_REASON,
                          stats=Stats(round(time.monotonic() - started, 3), 0))


def _unknown(name: str, old: TranslationUnit, new: TranslationUnit, reason: str,
             started: float, verdict: Verdict = Verdict.UNKNOWN) -> FunctionResult:
    return FunctionResult(name, _located(old, name, None), _located(new, name, None), verdict,
                          reason, stats=Stats(round(time.monotonic() - started, 3), 0))


def _context_notes(old: Slice, new: Slice, *parsed: ParsedFile) -> list[str]:
    """What the verdict assumes of the code around the function: generated headers
    that are absent, names declared nowhere (opaque types, placeholder values)."""
    notes = [*old.notes, *new.notes]
    notes += [note for file in parsed for note in file.notes
              if note.startswith(("type '", PLACEHOLDER_NOTE, EXCLUDED_NOTE, SUPERSET_NOTE))]
    return list(dict.fromkeys(notes))


def merged_features(old: ParsedFile, new: ParsedFile) -> tuple[Feature, ...]:
    """The pair's features: integer if either version uses one as an integer."""
    return tuple(merge_features((*old.features, *new.features)).values())


def check_function(
    old: ParsedFile, new: ParsedFile, name: str, settings: Settings, started: float | None = None,
    keep: Callable[[FunctionResult], None] | None = None,
) -> FunctionResult:
    """One function's verdict; `keep` is given, as the engine finds them, the
    NOT_EQUIVALENT results that the witnesses so far already establish (the
    answer should the time limit pass)."""
    started = time.monotonic() if started is None else started
    old_loc = _definition(old, name)
    new_loc = _definition(new, name)
    features = merged_features(old, new)
    model = fm.conj(
        old.lifted.feature_model, new.lifted.feature_model, presence_domain(features)
    )

    def result(verdict: Verdict, reason: str) -> FunctionResult:
        stats = Stats(round(time.monotonic() - started, 3), 0)
        facts = ResultFacts.of(features, model, stats)
        return facts.result(name, old_loc, new_loc, verdict, reason)

    if old_loc is None and new_loc is None:
        return result(Verdict.UNSUPPORTED, f"'{name}' is defined in no configuration of "
                      "either version (every definition lies under a conditional that no "
                      "configuration enables: of the features found here, or of the "
                      "platform, taken as gcc on current Linux/glibc)")
    if old_loc is None or new_loc is None:
        which = "old" if new_loc is None else "new"
        return result(Verdict.UNSUPPORTED, f"'{name}' is defined only in the {which} version")
    try:
        if settings.brute_force:
            return brute_force(old, new, name, settings, started, features, model)
        return _lifted(old, new, name, settings, started, features, model, keep)
    except FeatureNotConstant:
        raise  # the caller may fix the feature and check again
    except UnsupportedError as exc:
        return result(Verdict.UNSUPPORTED, str(exc))
    except LiftdiffError as exc:
        return result(Verdict.ERROR, str(exc))
    except MemoryError:
        return result(Verdict.UNKNOWN,
                      f"memory limit ({settings.memory_mb} MiB) reached in the engine")
    except Exception as exc:  # an internal error must not crash a scan or a hook
        return result(Verdict.ERROR, internal_error(exc))


def internal_error(exc: Exception) -> str:
    """An internal error as a reason: what was raised and where."""
    where = traceback.extract_tb(exc.__traceback__)[-1]
    return (f"internal error: {type(exc).__name__}: {exc} "
            f"(at {where.filename.rsplit('/', 1)[-1]}:{where.lineno})")


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
    known = {
        f.name: int(scalars[config_key(f.var)]) for f in features if config_key(f.var) in scalars
    }
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
    texts = [declare_members(inline_local_headers(p.source, settings), p.lifted.member_edits)
             for p in (old, new)]
    derivations = [derivation_settings(settings, text) for text in texts]

    def products(assignment: Assignment) -> tuple[CompiledVersion, CompiledVersion]:
        values = witness_configuration(features, scope, assignment.scalars)
        configuration = macro_configuration(features, values)
        key = tuple(sorted(configuration.items()))
        if key not in cache:
            old_version, new_version = (
                replay_version(
                    parsed.source,
                    derive_product(text, parsed.source.path, configuration, derivation).text,
                    settings,
                    configuration,
                )
                for parsed, text, derivation in zip((old, new), texts, derivations, strict=True)
            )
            cache[key] = (old_version, new_version)
        return cache[key]

    return products


def _lifted(
    old: ParsedFile,
    new: ParsedFile,
    name: str,
    settings: Settings,
    started: float,
    features: tuple[Feature, ...],
    model: fm.Formula,
    keep: Callable[[FunctionResult], None] | None = None,
) -> FunctionResult:
    budget = function_budget(settings, started)
    old_loc, new_loc = _definition(old, name), _definition(new, name)
    compiler = replay_compiler(settings)
    versions = (
        replay_version(old.source, old.source.text, settings),
        replay_version(new.source, new.source.text, settings),
    )
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
    oracle = Oracle()
    tasks: list[tuple[PairContext, fm.Formula, fm.Formula]] = []  # context, structural, scope
    for old_variant, new_variant in pairs:
        structural = fm.conj(
            old_variant.condition,
            new_variant.condition,
            old_variant.defined_under(name),
            new_variant.defined_under(name),
        )
        scope = fm.conj(model, structural)
        if not oracle.satisfiable(scope):
            continue  # no configuration builds both (a struct laid out per #if in each), or
            # only configurations the model excludes (they do not compile)
        configure = configure_for(old, new, features, settings, scope) if features else None
        ctx = PairContext(
            old_variant.program, new_variant.program, name, settings, versions, compiler, configure
        )
        tasks.append((ctx, structural, scope))
    if not tasks:
        raise UnsupportedError(
            f"'{name}' is never defined in both versions under one configuration that the "
            "feature model allows"
        )
    done: dict[int, Summary] = {}

    def entries_except(index: int | None) -> list[NeqEntry]:
        return [_entry(fcex, features, tasks[i][2]) for i in sorted(done) if i != index
                for fcex in done[i].entries]

    def keep_found(index: int, found: list[Fcex]) -> None:
        """Keep the NOT_EQUIVALENT that the other pairs' entries and the witnesses
        `found` in pair `index` establish, should the limit pass before its
        summary is settled: each witness a point entry (`Lifted._point_entry`),
        the rest undecided."""
        assert keep is not None
        points = [_entry(fcex, features, tasks[index][2]) for fcex in found]
        undecided = Unknown(overrun_reason("engine", settings.timeout), Stage.LIFTED)
        rests = [done[i].rest for i in sorted(done) if i != index]
        facts = ResultFacts.of(features, model, Stats(round(budget.elapsed(), 3), budget.calls))
        keep(summary_result(name, old_loc, new_loc, [*entries_except(index), *points],
                            [*rests, undecided], facts))

    def run(index: int, share: Budget) -> None:
        ctx, structural, _ = tasks[index]
        found = None if keep is None else partial(keep_found, index)
        done[index] = Lifted(ctx, features, model, share, settings.generalize, found).run(
            structural)

    # each structural pair first gets its share of the time, so that one whose proof
    # takes it all does not keep a difference in the next from being found; a pair
    # stopped by its share then goes on with whatever time the others left. A pair
    # whose programs an earlier one has (`siblings`) counts for no share: it takes
    # that pair's proof, or (the proof not covering it) runs on what is left then
    fresh = [not any(same_programs(tasks[j][0].runs, tasks[i][0].runs) for j in range(i))
             for i in range(len(tasks))]
    stopped = []
    for index in range(len(tasks)):
        twin = _proved_twin(tasks, done, index, features, oracle)
        if twin is not None:
            done[index] = done[twin]
            continue
        shares = 1 + sum(fresh[index + 1:])
        share = budget.share(budget.remaining() / shares)
        run(index, share)
        if len(tasks) > 1 and share.exhausted():
            stopped.append(index)
    for index in stopped:
        if not done[index].entries and not isinstance(done[index].rest, Equivalent) and (
                not budget.exhausted()):
            run(index, budget)
    summaries = [done[i] for i in sorted(done)]
    assumptions: list[str] = []
    for (ctx, _, _), summary in zip(tasks, summaries, strict=True):
        assumptions.extend(ctx.assumptions())
        if isinstance(summary.rest, Equivalent):
            assumptions.extend(summary.rest.assumptions)
    facts = ResultFacts.of(features, model, Stats(round(budget.elapsed(), 3), budget.calls),
                           assumptions)
    return summary_result(
        name, old_loc, new_loc, entries_except(None), [summary.rest for summary in summaries],
        facts
    )


def _proved_twin(tasks: Sequence[tuple[PairContext, fm.Formula, fm.Formula]],
                 done: Mapping[int, Summary], index: int, features: tuple[Feature, ...],
                 oracle: Oracle) -> int | None:
    """An earlier structural pair proved EQUIVALENT whose proof is also one of
    pair `index` (`checker.lifted.siblings`): no need to prove it again."""
    real, runs = tasks[index][0].real, tasks[index][0].runs
    for j in sorted(done):
        summary = done[j]
        if summary.entries or not isinstance(summary.rest, Equivalent):
            continue
        if real is not None and same_programs(tasks[j][0].runs, runs) and \
                proof_covers(real, features, tasks[j][2], tasks[index][2], oracle):
            return j
    return None


def _entry(fcex: Fcex, features: tuple[Feature, ...], scope: fm.Formula) -> NeqEntry:
    witness = fcex.witness
    old, new = witness.old_cfa, witness.new_cfa
    boolean = {f.name: f.boolean for f in features}
    head = heads.to_c(fcex.head, boolean)
    if fcex.scope != fm.TRUE:
        cubes = heads.scoped(fcex.scope, list(fcex.head), boolean)
        head = heads.to_c(cubes, boolean) if cubes is not None else (
            f"({fcex.scope.to_c()}) && ({head})")
    report = witness_of(old, new, witness)
    configuration = witness_configuration(features, scope, witness.assignment.scalars)
    return NeqEntry(
        head,
        text(fcex.body, Scope.of(old, new)),
        dataclasses.replace(report, configuration=configuration),
    )
