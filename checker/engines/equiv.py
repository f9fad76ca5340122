"""Equivalence of one function pair (one product, no feature variables split out).

VERIFY&CEX with lazy concretization: the solver either refutes "outputs
differ" (EQUIVALENT), or proposes inputs that are replayed; a proposal that
needs an impossible library value is blocked with the real value as a lemma
and the solver asked again, within the refinement budget.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import assert_never, cast

import z3

from checker.engines.answer import Answer, Confirmed, Different, Equivalent, Stage, Unknown
from checker.engines.fuzz import samples
from checker.engines.product import Product
from checker.engines.termination import never_ends
from checker.engines.witness import library_lemma, model_assignment, model_effect, model_stub
from checker.engines.z3_terms import dag_size, is_uninterpreted, subterms
from checker.ir.heap import HEAP, MemoryEncoding, encode, is_heap, region_name, size_of
from checker.ir.ir import (
    STATUS_EXIT,
    STATUS_NONTERMINATING,
    STATUS_RETURN,
    STATUS_UNWOUND,
    Cfa,
    Input,
)
from checker.ir.smt_ops import z3_literal
from checker.replay.interp import (
    Arg,
    ExternalCall,
    InterpreterError,
    RunResult,
    StepLimitExceeded,
    Stopped,
    same_value,
)
from checker.replay.memory import CallKey, RegionValue
from checker.replay.replay import (
    Assignment,
    CompiledReplay,
    CompiledVersion,
    Observation,
    Run,
    Scalar,
    changed_callback,
    compiled_replay,
    differences,
    observe,
    run_heap,
    run_pair,
    with_constants,
)
from checker.semantics.library import PURE_LIBRARY
from checker.semantics.solver import Budget, NoSolution, Undecided, check
from checker.types import ReplayMethod, Settings

MAX_STEPS = 2_000_000
FUZZ_STEPS = 20_000
"""Random tests are cheap or skipped: a sample that runs longer proves nothing."""
FUZZ_CUT_SAMPLES = 4
"""Random samples both versions ran past FUZZ_STEPS on before the search stops:
inputs that drive the loops that long are the rule there, not the exception,
and each such sample costs a second or so for nothing (the bounded search
that follows explores the short runs systematically)."""
HANG_STEPS = 20_000
"""Steps after which a run is tried as one that never ends (`termination`)."""
QUICK_CALL = 0.3
"""Seconds for the first, whole-formula attempt before splitting into pieces
(a whole formula that needs longer is usually solved faster piece by piece:
the lifted EQ's last, fully restricted query on BusyBox `sortcmp` takes over
2 s whole and 0.13 s in pieces; pieces still open are finally solved together,
so a short first attempt loses little)."""
STUB_ROUNDS = 10
HANG_FAILURES = 4
"""Failed proofs that a run cut off by its step limit never ends, after which a
replayer stops trying (a long but finite run fails the proof: its cost is capped)."""
HANG_PROOF_SECONDS = 3.0


@dataclass
class Splitting:
    """What one product's earlier queries learned about solving its difference
    formula: the lifted EQ asks the same product dozens of times under
    different restrictions, and a whole formula that timed out once is split
    straight away from then on (its pieces, sorted once, are kept)."""

    whole_too_hard: bool = False
    pieces: list[z3.BoolRef] | None = None

    def sorted_pieces(self, product: Product) -> list[z3.BoolRef]:
        if self.pieces is None:
            self.pieces = sorted(split_cases(product), key=term_size)
        return self.pieces


@dataclass
class Replayer:
    """Everything needed to replay candidates for one product."""

    product: Product
    old_version: CompiledVersion | None
    new_version: CompiledVersion | None
    compiler: str | None
    notes: list[str] = field(default_factory=list)
    programs: tuple[Cfa, Cfa] | None = None
    """The CFAs to execute (default: the product's); bounded products replay on
    the real, loop-carrying CFAs so a witness is a complete execution."""
    configure: Callable[[Assignment], tuple[CompiledVersion, CompiledVersion]] | None = None
    """The products (derived by the real preprocessor) for a witness's configuration."""
    budget: Budget | None = None
    """For proofs that a run cut off by its step limit never ends (None: no proofs)."""
    hang_failures: int = 0
    constants: dict[str, Scalar] = field(default_factory=dict)
    """Constants declared nowhere here (`InputSource.OPAQUE`, by input key) at the
    values gcc's real headers give them, learned from compiled replays: the next
    solver call is told (`_refine`), so it stops proposing other values."""

    def confirm(
        self,
        assignment: Assignment,
        model: z3.ModelRef | None,
        max_steps: int = MAX_STEPS,
        deadline: float | None = None,
        constants_pinned: bool = False,
    ) -> tuple[Confirmed | None, Assignment, list[ExternalCall], str]:
        """Replay `assignment`; returns (witness or None, completed assignment,
        library calls made, why it did not replay). A run still going at
        `deadline` is cut off as at its step limit. A witness whose constants
        declared nowhere (`InputSource.OPAQUE`) are not what gcc sees in the real
        header is replayed once more with gcc's values (`constants_pinned`)."""
        product = self.product
        old_cfa, new_cfa = self.programs or (product.old, product.new)
        assignment, why = _states_at_start(old_cfa, new_cfa, assignment)
        if why:
            return None, assignment, [], why
        types = product.call_types
        stubs = dict(assignment.stubs)
        for _ in range(STUB_ROUNDS):
            if deadline is not None and time.monotonic() > deadline:
                return None, assignment, [], ("its replay did not finish within its share of "
                                              "the time (calls without code kept adding effects)")
            pair = run_pair(old_cfa, new_cfa, assignment.with_stubs(stubs), max_steps, deadline)
            if pair is None:
                return None, assignment, [], "the two runs do not agree on the initial memory"
            assignment, old_run, new_run = pair
            effects = _effects(product, model, assignment, old_run, new_run, deadline=deadline)
            if effects is not None:
                assignment = assignment.with_effects(effects)
                continue
            missing = [
                c for c in (*run_calls(old_run), *run_calls(new_run)) if c.source == "missing"
            ]
            if not missing:
                break
            added = False
            for call in missing:
                if deadline is not None and time.monotonic() > deadline:
                    break  # the next round says why the replay stopped
                value = None
                if model is not None and call.func in types:
                    value = model_stub(product, model, call.func, call.args, types[call.func])
                if value is None:
                    value = call.result
                if (call.func, call.args) not in stubs:
                    stubs[(call.func, call.args)] = value
                    added = True
            if not added:
                break
        assignment = _pin_heap(old_cfa, new_cfa, assignment.with_stubs(stubs), old_run, new_run)
        if STATUS_UNWOUND in (_status(old_run), _status(new_run)):
            return None, assignment, [], "the run needs deeper recursion than was inlined"
        old_obs, new_obs = observations(old_cfa, old_run, new_cfa, new_run, self._never_ends)
        library = [c for c in (*run_calls(old_run), *run_calls(new_run)) if c.source == "library"]
        found = differences(old_obs, new_obs, assignment)
        if not found:
            return None, assignment, library, _equal_reason(old_cfa, new_cfa)
        undefined = _undefined_reads(assignment, (old_run, old_obs), (new_run, new_obs))
        if undefined:
            return None, assignment, library, (
                f"the runs read the uninitialised local {undefined}: its value is no "
                "input a caller or the compiled replay can set")
        callback = changed_callback(old_obs.events, new_obs.events)
        if callback is not None:
            return None, assignment, library, (
                f"the runs part at a call given '{callback}', whose code (or what it uses) "
                "differs between the versions: what the callee does with it is not compared")
        methods = [ReplayMethod.INTERPRETER]
        if self.compiler and self.old_version is not None and self.new_version is not None:
            versions = (
                (self.old_version, self.new_version)
                if self.configure is None
                else self.configure(assignment)
            )
            compiled = compiled_replay(
                old_cfa, new_cfa, *versions, assignment, old_obs, new_obs, self.compiler
            )
            if compiled.constants and not constants_pinned:
                self.constants.update(compiled.constants)
                pinned = with_constants(assignment, compiled.constants)
                retried = self.confirm(pinned, model, max_steps, deadline, constants_pinned=True)
                if retried[0] is None:
                    return None, assignment, library, (
                        f"{_compiled_reason(compiled)}; with those values: {retried[3]}")
                return retried
            verdict = _compiled_verdict(compiled)
            if verdict is False:
                return None, assignment, library, _compiled_reason(compiled)
            if verdict is True:
                methods.append(ReplayMethod.COMPILER)
            elif compiled.message and compiled.message not in self.notes:
                self.notes.append(f"compiled replay unavailable: {compiled.message}")
        return (
            Confirmed(assignment, old_obs, new_obs, tuple(found), tuple(methods), old_cfa, new_cfa),
            assignment,
            library,
            "",
        )


    def _never_ends(self, cfa: Cfa, stopped: Stopped) -> bool:
        if self.budget is None or self.hang_failures >= HANG_FAILURES:
            return False
        proved = never_ends(cfa, stopped, self.budget.share(HANG_PROOF_SECONDS))
        self.hang_failures += not proved
        return proved


Prover = Callable[[Cfa, Stopped], bool]
"""Does the run of the CFA that stopped there provably never end (`never_ends`)?"""


def run_calls(run: Run) -> tuple[ExternalCall, ...]:
    return run.calls if isinstance(run, RunResult) else run.stopped.calls


def _status(run: Run) -> int:
    return run.status if isinstance(run, RunResult) else STATUS_NONTERMINATING


def observations(
    old_cfa: Cfa, old_run: Run, new_cfa: Cfa, new_run: Run,
    prove: Prover,
) -> tuple[Observation, Observation]:
    """Both versions' behaviour. A run cut off by its step limit is observed as
    never ending where the other version returns (or exits) and `prove` shows
    that it never ends; otherwise its step-limit error is raised, as for any
    run that does not replay."""
    if isinstance(old_run, RunResult) and isinstance(new_run, RunResult):
        return observe(old_cfa, old_run), observe(new_cfa, new_run)
    if isinstance(old_run, StepLimitExceeded) and isinstance(new_run, RunResult):
        return _endless(old_cfa, old_run, new_run, prove), observe(new_cfa, new_run)
    if isinstance(old_run, RunResult) and isinstance(new_run, StepLimitExceeded):
        return observe(old_cfa, old_run), _endless(new_cfa, new_run, old_run, prove)
    assert isinstance(old_run, StepLimitExceeded)
    raise old_run  # both cut off: nothing is known


@dataclass(frozen=True)
class Observed:
    """Both versions' runs on one input and what each shows (`observations`)."""

    old_run: Run
    new_run: Run
    old: Observation
    new: Observation


def observe_both(old_cfa: Cfa, new_cfa: Cfa, assignment: Assignment, prove: Prover) -> Observed:
    """`observations` of both versions on `assignment`: first within HANG_STEPS,
    where a run that never ends is cheap to prove; a run cut off there without
    such a proof gets MAX_STEPS. Raises InterpreterError as `run` does."""
    try:
        return _observed(old_cfa, new_cfa, assignment, HANG_STEPS, prove)
    except StepLimitExceeded:
        return _observed(old_cfa, new_cfa, assignment, MAX_STEPS, _no_proof)


def _observed(
    old_cfa: Cfa, new_cfa: Cfa, assignment: Assignment, max_steps: int, prove: Prover
) -> Observed:
    pair = run_pair(old_cfa, new_cfa, assignment, max_steps)
    if pair is None:
        raise InterpreterError("the two runs do not agree on the initial memory")
    _, old_run, new_run = pair
    return Observed(
        old_run, new_run, *observations(old_cfa, old_run, new_cfa, new_run, prove)
    )


def _endless(
    cfa: Cfa, cut: StepLimitExceeded, other: RunResult, prove: Prover
) -> Observation:
    if other.status in (STATUS_RETURN, STATUS_EXIT) and prove(cfa, cut.stopped):
        return Observation(STATUS_NONTERMINATING, 0, {}, (), "", cut.stopped.calls)
    raise cut


def _no_proof(cfa: Cfa, stopped: Stopped) -> bool:
    return False


def _undefined_reads(
    assignment: Assignment, *runs: tuple[Run, Observation]
) -> str:
    """The first uninitialised local a run read (before it was assigned, or bytes
    of a local object the function had not written), quoted; '' if none. A
    difference found there may rest on the value the witness gave it, which the
    compiled program takes from whatever its stack holds."""
    for run, observed in runs:
        if not isinstance(run, RunResult):
            continue
        if run.undefined_reads:
            return f"'{min(run.undefined_reads)}'"
        read = run.heap.read_initial if run.heap is not None else frozenset()
        for key, size in observed.automatic:
            start = int(assignment.scalars.get(key, 0))
            if start and any(start <= at < start + size for at in read):
                return f"'{key.removeprefix('&')}'"
    return ""


def _effects(
    product: Product,
    model: z3.ModelRef | None,
    assignment: Assignment,
    *runs: Run,
    deadline: float | None = None,
) -> dict[tuple[CallKey, int], int] | None:
    """The effects of calls without code, completed with what the model says the
    runs read after them (None when nothing is added: a call the model says
    nothing about left the bytes as they were); past `deadline`, those found so far."""
    if model is None:
        return None
    effects = dict(assignment.effects)
    bytes_heap = any(HEAP in cfa.regions for cfa in (product.old, product.new))
    known: dict[tuple[str, tuple[Arg, ...], str], z3.ExprRef | RegionValue | None] = {}
    for run in runs:
        trace = run_heap(run)
        for (func, args), address, ctype in (trace.effect_reads if trace else ()):
            if all(((func, args), address + offset) in effects
                   for offset in range(size_of(ctype))):
                continue  # every byte is fixed already: the model cannot add to it
            if deadline is not None and time.monotonic() > deadline:
                break
            region = HEAP if bytes_heap else region_name(ctype, MemoryEncoding.TYPED)
            value = model_effect(product, model, func, cast(tuple[Arg, ...], args), region,
                                 address, ctype, known)
            if value is None:
                continue
            for offset, byte in enumerate(encode(value, ctype)):
                effects.setdefault(((func, args), address + offset), byte)
    return effects if len(effects) > len(assignment.effects) else None


def _pin_heap(
    old: Cfa, new: Cfa, assignment: Assignment, *runs: Run
) -> Assignment:
    """The heap regions of the assignment as the runs read them (each class's cells
    at the addresses read; bytes for the encoding in bytes), so that a body built
    from the witness fixes the memory the difference depends on."""
    regions = dict(assignment.regions)
    for item in (*old.inputs, *new.inputs):
        if not is_heap(item.ref) or (item.key in regions and item.key not in assignment.regions):
            continue
        given = assignment.regions.get(item.key)
        default = given.default if given is not None else 0
        if item.ref == HEAP:
            cells: dict[int, int | float] = dict(assignment.heap)
        else:
            traces = [trace for run in runs if (trace := run_heap(run)) is not None]
            cells = {at: value for trace in traces
                     for (region, at), value in trace.reads.items() if region == item.ref}
        regions[item.key] = RegionValue(cells, default)
    return dataclasses.replace(assignment, regions=regions)


def states_at_start(old: Cfa, new: Cfa) -> list[Input]:
    """The static locals of either version (one entry per key): a witness has
    them at their values when the program starts. A caller cannot choose them;
    a later call's state is reachable only through calls the witness does not
    show (and may not be reachable at all: a counter past INT_MAX), so a
    difference counts where the first call shows it. Proofs still hold for
    every state."""
    seen: dict[str, Input] = {}
    for item in (*old.inputs, *new.inputs):
        if item.private:
            seen.setdefault(item.key, item)
    return list(seen.values())


def _states_at_start(
    old: Cfa, new: Cfa, assignment: Assignment
) -> tuple[Assignment, str]:
    """Put the static locals at their values when the program starts
    (`states_at_start`). Returns the assignment, and why it cannot be replayed
    ('' if it can)."""
    states = states_at_start(old, new)
    if not states:
        return assignment, ""
    scalars, regions = dict(assignment.scalars), dict(assignment.regions)
    for item in states:
        if item.start is None:
            return assignment, (
                f"the initial value of static '{item.name}' is not known"
            )
        if item.is_region:
            regions[item.key] = RegionValue({}, item.start)
        else:
            scalars[item.key] = item.start
    return dataclasses.replace(assignment, scalars=scalars, regions=regions), ""


def _equal_reason(old: Cfa, new: Cfa) -> str:
    states = ", ".join(sorted({f"'{i.name}'" for i in states_at_start(old, new)}))
    if states:
        return (
            f"equal behaviour with the static locals ({states}) at their initial values "
            "(the first call); differences exist only for states not known to be reachable"
        )
    return "the interpreter shows equal behaviour"


def _compiled_verdict(compiled: CompiledReplay) -> bool | None:
    """True: gcc confirms; False: gcc contradicts, or the harness cannot be built
    or compiled; None: no compiler (the interpreter judges alone)."""
    if compiled.refused:
        return False
    if compiled.unavailable:
        return None
    return compiled.differs and compiled.agrees_with_interpreter


def _compiled_reason(compiled: CompiledReplay) -> str:
    if compiled.refused:
        return f"the compiled replay cannot build the witness: {compiled.message}"
    if not compiled.differs:
        return "the compiled program shows equal behaviour (the interpreter disagrees)"
    return "the compiled program behaves differently from the interpreter on this witness"


def verify_and_cex(
    product: Product,
    assumptions: list[z3.BoolRef],
    replayer: Replayer,
    budget: Budget,
    settings: Settings,
    fixed: dict[str, int | float] | None = None,
    fuzz: bool = True,
    splitting: Splitting | None = None,
) -> Answer:
    """Decide `assumptions -> outputs equal` or find a replayed counterexample.

    Random tests run first (cheap, and every hit is a real execution), then the
    solver; when the solver's proposals keep needing impossible library values
    or it gives up, a longer random search gets the last word before UNKNOWN.
    """
    pinned = _constant_lemmas(product, replayer.constants)
    if pinned:
        replayer.notes.extend(_pinned_note(product, key, value)
                              for key, value in sorted(replayer.constants.items())
                              if key in product.inputs)
        assumptions = [*assumptions, *pinned]
    query = [*product.domain, *assumptions, product.differ]
    if z3.is_false(z3.simplify(z3.And(*query))):
        return PROVED
    quick = max(8, settings.random_tests // 4)
    found = (
        random_search(product, assumptions, replayer, quick, settings.seed, budget, fixed)
        if fuzz
        else None
    )
    if found is not None:
        return Different(found)
    answer = _solve(
        product, query, replayer, budget, settings.refinements, splitting or Splitting()
    )
    if not isinstance(answer, Unknown) or not fuzz:
        return answer
    found = random_search(
        product, assumptions, replayer, settings.random_tests, settings.seed + 1, budget, fixed
    )
    if found is not None:
        return Different(found)
    return answer


PROVED = Equivalent(Stage.LOOP_FREE, partial=False)
"""The product has no loops: a refutation covers every execution."""


def _solve(
    product: Product,
    query: list[z3.BoolRef],
    replayer: Replayer,
    budget: Budget,
    refinements: int,
    splitting: Splitting,
) -> Answer:
    """The whole difference formula first, briefly (unless it already timed out
    on this product); if the solver gives up, one output path pair at a time
    (smaller formulas, same meaning), and finally the pieces still open,
    together, with whatever time is left."""
    base = query[:-1]
    undecided = _unknown("the whole formula timed out before")
    if not splitting.whole_too_hard:
        whole = _refine(
            product, [*base, product.differ], replayer, budget.share(QUICK_CALL), refinements
        )
        if not isinstance(whole, Unknown) or budget.exhausted():
            return whole
        undecided = whole
        splitting.whole_too_hard = True
    pieces = splitting.sorted_pieces(product)
    open_pieces: list[z3.BoolRef] = []
    for index, piece in enumerate(pieces):
        if budget.exhausted():
            return _unknown(f"time limit reached ({undecided.reason})")
        left = len(pieces) - index
        sub = _refine(
            product,
            [*base, piece],
            replayer,
            budget.share(max(0.5, budget.remaining() / (2 * left))),
            refinements,
        )
        match sub:
            case Different():
                return sub
            case Unknown():
                open_pieces.append(piece)
                undecided = sub
            case Equivalent():
                pass  # this piece is refuted
            case _:
                assert_never(sub)
    if not open_pieces:
        return PROVED  # every piece of the disjunction refuted
    if budget.exhausted():
        return undecided
    return _refine(
        product,
        [*base, z3.Or(*open_pieces)],
        replayer,
        budget.share(budget.remaining()),
        refinements,
    )


def _unknown(reason: str) -> Unknown:
    return Unknown(reason, Stage.LOOP_FREE)


def split_cases(product: Product, limit: int = 64) -> list[z3.BoolRef]:
    """The difference formula as a disjunction of small pieces: per case, and per
    pair of paths (leaves of the if-then-else trees) for compared values."""
    pieces: list[z3.BoolRef] = []
    for case in product.cases:
        if case.old is None or case.new is None:
            pieces.append(case.guard)
            continue
        left = ite_leaves(case.old, limit)
        right = ite_leaves(case.new, limit)
        if left is None or right is None or len(left) * len(right) > limit:
            pieces.append(case.formula())
            continue
        for cond_a, value_a in left:
            for cond_b, value_b in right:
                if value_a.eq(value_b):
                    continue
                pieces.append(z3.And(case.guard, cond_a, cond_b, value_a != value_b))
    return pieces


def term_size(term: z3.ExprRef, cap: int = 20000) -> int:
    """Distinct nodes of a term (up to `cap`): small pieces are tried first."""
    return dag_size(term, cap)


def ite_leaves(term: z3.ExprRef, limit: int) -> list[tuple[z3.BoolRef, z3.ExprRef]] | None:
    leaves: list[tuple[z3.BoolRef, z3.ExprRef]] = []
    stack: list[tuple[list[z3.BoolRef], z3.ExprRef]] = [([], term)]
    while stack:
        conds, node = stack.pop()
        if z3.is_app_of(node, z3.Z3_OP_ITE):
            cond = node.arg(0)
            stack.append(([*conds, z3.Not(cond)], node.arg(2)))
            stack.append(([*conds, cond], node.arg(1)))
            continue
        leaves.append((z3.And(*conds) if conds else z3.BoolVal(True), node))
        if len(leaves) > limit:
            return None
    return leaves


def _refine(
    product: Product, query: list[z3.BoolRef], replayer: Replayer, budget: Budget, refinements: int
) -> Equivalent | Different | Unknown:
    lemmas: list[z3.BoolRef] = []
    last_reason = ""
    for _ in range(refinements + 1):
        answer = check(query + lemmas, budget)
        if isinstance(answer, NoSolution):
            return PROVED
        if isinstance(answer, Undecided):
            return _unknown(answer.reason)
        model = answer.model
        assignment = model_assignment(product, model)
        try:
            confirmed, assignment, library, why = replayer.confirm(
                assignment, model, deadline=replay_deadline(budget))
        except InterpreterError as exc:
            return _unknown(f"solver counterexample does not replay: {exc}")
        if confirmed is not None:
            return Different(confirmed)
        last_reason = why
        new_lemmas = _lemmas(product, model, library) + [
            lemma for lemma in _constant_lemmas(product, replayer.constants)
            if not any(lemma.eq(known) for known in lemmas)]
        if not new_lemmas:
            return _unknown(f"solver counterexample does not replay: {why}")
        lemmas.extend(new_lemmas)
    return _unknown(
        f"no replayable counterexample after {refinements} "
        f"refinements of library-call values ({last_reason})"
    )


REPLAY_SHARE = 0.25
"""A solver's candidate is replayed in at most this share of the function's time
left: a run the candidate sends round a loop millions of times (a list whose
every element the lazily made memory makes non-NULL) is cut off, not allowed
to spend the budget the other pieces and the random search need."""


def replay_deadline(budget: Budget) -> float:
    """When the replay of a candidate found under `budget` is cut off."""
    return time.monotonic() + max(0.0, budget.whole_remaining()) * REPLAY_SHARE


def random_search(
    product: Product,
    assumptions: list[z3.BoolRef],
    replayer: Replayer,
    count: int,
    seed: int,
    budget: Budget,
    fixed: dict[str, int | float] | None,
) -> Confirmed | None:
    admissible = input_constraints(product, [*product.domain, *assumptions])
    cut = 0
    for assignment in samples(product.old, product.new, count, seed, fixed):
        if budget.exhausted() or cut >= FUZZ_CUT_SAMPLES:
            return None
        if not satisfies(product, admissible, assignment):
            continue
        try:
            confirmed, _, _, _ = replayer.confirm(
                assignment, None, FUZZ_STEPS, deadline=budget.deadline())
        except StepLimitExceeded:
            cut += 1
            continue
        except InterpreterError:
            continue
        if confirmed is not None:
            return confirmed
    return None


def input_constraints(product: Product, constraints: list[z3.BoolRef]) -> z3.BoolRef | None:
    """The conjunction of the constraints that speak only of scalar inputs (exit
    guards and terms over uninterpreted values are left to the replay)."""
    names = {s.symbol.get_id() for s in product.inputs.values() if not s.input.is_region}
    relevant = [c for c in constraints if _only_inputs(c, names)]
    return z3.And(*relevant) if relevant else None


def satisfies(product: Product, constraint: z3.BoolRef | None, assignment: Assignment) -> bool:
    """Do concrete inputs meet `constraint` (from input_constraints)?"""
    if constraint is None:
        return True
    pairs = [
        (shared.symbol, z3_literal(assignment.scalars[key], shared.symbol.sort()))
        for key, shared in product.inputs.items()
        if key in assignment.scalars
    ]
    value = z3.simplify(z3.substitute(constraint, *pairs)) if pairs else z3.simplify(constraint)
    return not z3.is_false(value)


def _only_inputs(term: z3.ExprRef, names: set[int]) -> bool:
    return all(not is_uninterpreted(node) or (not node.num_args() and node.get_id() in names)
               for node in subterms(term))


def _pinned_note(product: Product, key: str, value: Scalar) -> str:
    return (f"'{product.inputs[key].input.name}' is {value}, its value in the headers gcc "
            "compiles with here")


def _constant_lemmas(product: Product, constants: Mapping[str, Scalar]) -> list[z3.BoolRef]:
    """`X == v` for each constant declared nowhere here whose real value is known."""
    lemmas = []
    for key, value in sorted(constants.items()):
        shared = product.inputs.get(key)
        if shared is not None and not shared.input.is_region:
            lemmas.append(shared.symbol == z3_literal(value, shared.symbol.sort()))
    return lemmas


def _lemmas(product: Product, model: z3.ModelRef, calls: list[ExternalCall]) -> list[z3.BoolRef]:
    types = product.call_types
    lemmas = []
    seen: set[tuple[str, tuple[Arg, ...]]] = set()
    for call in calls:
        if call.func not in PURE_LIBRARY or (call.func, call.args) in seen:
            continue
        seen.add((call.func, call.args))
        modelled = model_stub(product, model, call.func, call.args, types[call.func])
        if modelled is not None and same_value(modelled, call.result):
            continue
        lemma = library_lemma(product, call.func, call.args, call.result)
        if lemma is not None:
            lemmas.append(lemma)
    return lemmas
