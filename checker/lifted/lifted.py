"""CLEVER-V's EQ (Alg. 1) and GeneralizeFCEXs (Alg. 2) on the lifted metaproduct.

Feature variables are ordinary inputs of the self-composed metaproduct, so one
VERIFY&CEX covers every configuration. A counterexample (configuration c,
inputs x) is GENERALIZEd into a featured counterexample (p, q): the head p
starts as c's cube and loses every feature whose value does not matter for x
(checked: every configuration of the smaller cube still differs on x); the
body q starts as the point x and, for loop-free pairs, loses every input
equality it does not need (checked: every input of q differs in every
configuration of p). GeneralizeFCEXs then grows the head with other
configurations that differ on the same body, and EQ blocks the head and asks
again until nothing differs. Last, each body is settled: checked as it will
be shown (`body`: the same atoms make the solver's constraints and the C
text), shrunk to the witness point where the check fails, and its remaining
integer equalities widened into ranges (`widen`). Bodies are pairwise
disjoint (minimality, Thm. 4.7) because each later query excludes earlier
heads.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import assert_never

import z3

from checker.engines.answer import (
    Answer,
    Confirmed,
    Different,
    Equivalent,
    Stage,
    Unknown,
    Unsupported,
)
from checker.engines.decide import PairContext, Restriction
from checker.engines.equiv import (
    HANG_PROOF_SECONDS,
    Prover,
    observe_both,
    run_calls,
    states_at_start,
)
from checker.engines.termination import never_ends
from checker.ir.concrete_ops import zero
from checker.ir.heap import is_heap
from checker.ir.ir import STATUS_UNWOUND, Cfa
from checker.lifted import heads
from checker.lifted.body import (
    Atom,
    Body,
    Cell,
    Equal,
    Null,
    Returns,
    Scope,
    Within,
    constraints,
    holds,
    ordered,
    point,
    pointer_flag,
    subject,
    widenable,
)
from checker.lifted.widen import Allowance, Interval, widen
from checker.replay.interp import InterpreterError, RunResult, Stopped, StubKey
from checker.replay.memory import RegionValue
from checker.replay.replay import Assignment, changed_callback, differences
from checker.semantics.ctype import IntType
from checker.semantics.library import PURE_LIBRARY
from checker.semantics.solver import Budget
from checker.variability import Feature, Formula, config_key, to_z3
from checker.variability import formula as fm
from checker.variability.smt import Oracle

MAX_ENTRIES = 64
"""Featured counterexamples per function before the summary is declared incomplete."""
MAX_BODY_INPUTS = 32
"""Inputs beyond this count are kept as a point (no per-input generalization)."""
SOUND_CALL = 5.0
"""Seconds for one soundness check while generalizing (undecided: not generalized)."""
WIDEN_WORK = 2_000_000
"""Units of z3's resource counter for widening all bodies of one summary into
ranges (about two seconds on the questions widening asks): it makes the report
clearer, not the verdict surer."""
WIDEN_CALLS = 96
"""Solver questions per body (see `widen.Allowance`)."""
CONCRETE_FEATURES = 8
"""Relevant features up to which a point body is judged by running every configuration."""
HEAD_WIDEN_CALLS = 32
HEAD_WIDEN_WORK = 1_000_000
"""Solver questions and units of z3's resource counter for widening an integer feature's value in
one head cube into a range (`LEVEL >= 3` for every LEVEL > 2, not one entry
per value)."""

Cube = dict[str, "int | Interval"]
"""Feature -> value (an integer feature: or a range of values)."""


@dataclass(frozen=True)
class Fcex:
    """A featured counterexample: head cubes, body, witness. A body of None: no
    set of inputs could be shown to differ in every configuration of the head."""

    head: list[Cube]
    body: Body | None
    witness: Confirmed
    scope: Formula = fm.TRUE
    """Conjoined with `head` when the structural condition could not be folded
    into its cubes (integer features, too many of them)."""


@dataclass(frozen=True)
class PairRun:
    """Both versions run on one input in one configuration."""

    differs: bool | None
    """None: the interpreter could not run it."""
    reads: dict[str, set[int]] | None
    """Region input key -> the cells either version read; None: a version
    hangs, and the proof that it never ends holds all of memory at the run's
    values (`termination`), so any cell may matter."""
    calls: frozenset[StubKey]
    """External calls (not the C library's) either version made."""


@dataclass(frozen=True)
class Summary:
    """A NEQ-summary, and the answer about every configuration it leaves out.

    There is no empty summary to start from: one is made only from the last
    question's answer, which is about exactly the configurations no entry
    covers, so the summary is complete (and, without entries, EQUIVALENT)
    only when that answer is `Equivalent`."""

    entries: tuple[Fcex, ...]
    rest: Equivalent | Unknown | Unsupported

    def __post_init__(self) -> None:
        if not isinstance(self.rest, Equivalent | Unknown | Unsupported):
            raise TypeError(f"a summary ends in an answer about the rest, not {self.rest!r}")




def feature_symbols(
    features: tuple[Feature, ...], symbols: Mapping[str, z3.ExprRef]
) -> dict[str, z3.ExprRef]:
    """Feature name -> the product's symbol (a fresh one if the function ignores it)."""
    out: dict[str, z3.ExprRef] = {}
    for feature in features:
        symbol = symbols.get(config_key(feature.var))
        out[feature.name] = (
            symbol if symbol is not None else z3.BitVec(f"in!{config_key(feature.var)}", 32)
        )
    return out


def _value(symbol: z3.ExprRef, value: int) -> z3.ExprRef:
    if z3.is_int(symbol):
        return z3.IntVal(value)
    return z3.BitVecVal(value & ((1 << symbol.size()) - 1), symbol.size())


def read_features(real: tuple[Cfa, Cfa] | None, features: Sequence[Feature]) -> set[str]:
    """Features the function's code (either version) reads (all of them when
    there are no CFAs: recursion, inlined per witness)."""
    if real is None:
        return {f.name for f in features}
    names = {f.var: f.name for f in features}
    return {names[item.ref] for cfa in real for item in cfa.inputs if item.ref in names}


def asked_scope(real: tuple[Cfa, Cfa] | None, features: Sequence[Feature],
                scope: Formula) -> Formula:
    """`scope` without the boolean features the function does not read
    (eliminated: it allows the same values of the others): the configurations
    every question about the pair is asked over."""
    relevant = read_features(real, features)
    boolean = {f.name: f.boolean for f in features}
    unread = [n for n in sorted(scope.features()) if n not in relevant and boolean.get(n, False)]
    return scope if len(unread) > heads.MINTERM_LIMIT else fm.exists(scope, unread)


class Lifted:
    """Alg. 1 and 2 for one function of one (old variant, new variant) pair."""

    def __init__(
        self,
        ctx: PairContext,
        features: tuple[Feature, ...],
        model: Formula,
        budget: Budget,
        generalize: bool,
        found: Callable[[list[Fcex]], None] | None = None,
    ) -> None:
        self.ctx = ctx
        self.found = found
        """Told, at each witness, every witness found so far as a point entry over
        its own configuration: sound already, before the summary is settled."""
        self._points: list[Fcex] = []
        self.features = features
        self.model = model
        self.budget = budget
        self.generalize = generalize
        self.boolean = {f.name: f.boolean for f in features}
        self.pair = ctx.real
        """The versions as run (the first witness's when they recurse and
        have no CFAs with loops: recursion inlined to a bound)."""
        self.naming = Scope.of(*ctx.real) if ctx.real is not None else None
        """How bodies name the inputs."""
        self._asked = False
        self._runs: dict[tuple[int, tuple[tuple[str, int], ...]], tuple[Confirmed, PairRun]] = {}
        """(witness id, configuration) -> the witness (kept alive) and its run."""
        self._oracle = Oracle()
        self._scope: Formula = model
        """The configurations this run is about: the model and the structural condition."""
        self._structural: Formula | None = None
        """The pair's structural condition (`run`)."""
        self._asked_scope: Formula = model
        """`_scope` without the boolean features the function does not read
        (eliminated: it allows the same values of the others), so that random
        tests can check it on the function's inputs alone."""
        self._base: dict[tuple[int, ...], tuple[tuple[z3.ExprRef, ...], list[z3.BoolRef]]] = {}
        """Symbol ids -> (the symbols, kept alive so ids stay unique; constraints)."""

    # ------------------------------------------------------------ restrictions

    def base(self, symbols: Mapping[str, z3.ExprRef]) -> list[z3.BoolRef]:
        """Feature model, structural condition and domains: the configurations
        of this run (built once per set of feature symbols: every query of a
        product repeats them)."""
        vars_ = feature_symbols(self.features, symbols)
        key = tuple(symbol.get_id() for symbol in vars_.values())
        if key not in self._base:
            out = [to_z3(self._asked_scope, vars_)]
            for feature in self.features:
                if feature.boolean:
                    symbol = vars_[feature.name]
                    out.append(z3.Or(symbol == _value(symbol, 0), symbol == _value(symbol, 1)))
            self._base[key] = (tuple(vars_.values()), out)
        return list(self._base[key][1])

    def _statics_at_start(self, symbols: Mapping[str, z3.ExprRef]) -> list[z3.BoolRef]:
        """The static locals (`states_at_start`) at their values when the program
        starts, as every witness has them: a body's claim is about the inputs
        a replay can have. (Never in a question whose "no" would be a proof:
        EQUIVALENT does not rest on the first call.)"""
        out: list[z3.BoolRef] = []
        for item in states_at_start(*self.ctx.real) if self.ctx.real is not None else ():
            symbol = symbols.get(item.key)
            if symbol is None or item.start is None:
                continue
            if item.is_region:
                sort = symbol.sort()
                assert isinstance(sort, z3.ArraySortRef)
                out.append(symbol == z3.K(sort.domain(), _literal(item.start, sort.range())))
            else:
                out.append(symbol == _literal(item.start, symbol.sort()))
        return out

    def cube(self, cube: Cube, symbols: Mapping[str, z3.ExprRef]) -> z3.BoolRef:
        vars_ = feature_symbols(self.features, symbols)
        return (
            z3.And(*[value.constraint(vars_[name]) if isinstance(value, Interval)
                     else vars_[name] == _value(vars_[name], value)
                     for name, value in cube.items()])
            if cube
            else z3.BoolVal(True)
        )

    def heads(self, cubes: list[Cube], symbols: Mapping[str, z3.ExprRef]) -> z3.BoolRef:
        return z3.Or(*[self.cube(c, symbols) for c in cubes]) if cubes else z3.BoolVal(False)

    def restriction(
        self,
        *,
        blocked: Sequence[list[Cube]] = (),
        within: list[Cube] | None = None,
        outside: list[Cube] | None = None,
        body: Body | None = None,
        claim: bool = False,
    ) -> Restriction:
        """The constraints of a question; `claim`: one whose "no" makes a body
        sound (static locals at their start, as in every witness)."""
        def build(symbols: Mapping[str, z3.ExprRef]) -> list[z3.BoolRef]:
            out = self.base(symbols)
            for cubes in blocked:
                out.append(z3.Not(self.heads(cubes, symbols)))
            if within is not None:
                out.append(self.heads(within, symbols))
            if outside is not None:
                out.append(z3.Not(self.heads(outside, symbols)))
            if body is not None:
                out.extend(constraints(body, symbols))
            if claim:
                out.extend(self._statics_at_start(symbols))
            return out

        return build

    # ------------------------------------------------------------ Alg. 1

    def run(self, structural: Formula | None) -> Summary:
        """The summary within `structural` (the configurations whose file-scope
        declarations this pair of programs was built for): every head is
        conjoined with it, since the programs say nothing about the others."""
        self._scope = fm.conj(self.model, structural or fm.TRUE)
        self._structural = structural
        self._asked_scope = asked_scope(self.ctx.real, self.features, self._scope)
        summary = self._summarise()
        allowance = Allowance(WIDEN_CALLS, WIDEN_WORK)
        entries = []
        for entry in summary.entries:
            head, scope = ((entry.head, entry.scope) if structural is None
                           else self._within(entry.head, structural))
            assert entry.body is not None
            body = self._settle(entry.head, entry.body, entry.witness)
            if body is not None:
                body = self._widen(entry.head, body, allowance)
            entries.append(Fcex(head, body, entry.witness, scope))
        return Summary(tuple(entries), summary.rest)

    def _within(self, head: list[Cube], structural: Formula) -> tuple[list[Cube], Formula]:
        """`head && structural` as cubes, minimised under the model; when the
        structural condition has integer features or too many free ones, the
        head unchanged and the condition as the scope to conjoin."""
        names = sorted(structural.features())
        if not names:
            return head, fm.TRUE
        if any(not self.boolean.get(n, False) for n in names):
            return head, structural
        cubes: list[Cube] = []
        for cube in head:
            free = [n for n in names if n not in cube]
            if len(free) > heads.MINTERM_LIMIT:
                return head, structural
            for bits in range(1 << len(free)):
                config = {**cube, **{n: (bits >> i) & 1 for i, n in enumerate(free)}}
                if structural.holds(config):  # type: ignore[arg-type]  # reads no range
                    cubes.append(config)
        return heads.minimise(cubes, self.boolean,
                              lambda config: self._possible(self.model, config)), fm.TRUE

    def _summarise(self) -> Summary:
        entries: list[Fcex] = []
        blocked: list[list[Cube]] = []
        known = set(self.ctx.constants)
        while True:
            if len(entries) >= MAX_ENTRIES:
                stopped = Unknown(f"NEQ-summary stopped after {MAX_ENTRIES} entries", Stage.LIFTED)
                return Summary(tuple(entries), stopped)
            # with GeneralizeFCEXs the entry may end up with another witness: the
            # compiled replay waits until the entry is known (one per entry)
            answer = self._verify(
                self.restriction(blocked=blocked), reported=not self.generalize
            )
            match answer:
                case Equivalent() | Unknown() | Unsupported():
                    return Summary(tuple(entries), answer)
                case Different(witness=witness):
                    pass
                case _:
                    assert_never(answer)
            concrete = self._concrete_fcex(witness, blocked)
            if concrete is not None:
                head, body = concrete
            else:
                head, body = self._generalize(witness, blocked)
                if self.generalize:
                    head, body, reported = self._generalize_fcexs(
                        head, body, witness, blocked
                    )
                    if isinstance(reported, str):
                        if set(self.ctx.constants) - known:
                            # gcc's values of constants declared nowhere here came to
                            # light: ask again with them (each is learned once)
                            known = set(self.ctx.constants)
                            continue
                        return Summary(tuple(entries), Unknown(reported, Stage.LIFTED))
                    witness = reported
            entries.append(Fcex(head, body, witness))
            blocked.append(head)
            if self.found is not None:
                self._points.append(self._point_entry(witness))
                self.found(list(self._points))

    def _point_entry(self, witness: Confirmed) -> Fcex:
        """The witness alone: the values of the features the programs read, within
        the pair's structural condition (a feature only that chose a typedef)."""
        relevant = self._relevant_features()
        config: Cube = {k: v for k, v in self._config_of(witness).items() if k in relevant}
        if self._structural is None:
            return Fcex([config], None, witness)
        head, scope = self._within([config], self._structural)
        return Fcex(head, None, witness, scope)

    def _verify(self, restriction: Restriction, reported: bool = True) -> Answer:
        """VERIFY&CEX; random tests only on the first, unrestricted question (later
        ones are narrow, and the solver answers them faster than samples hit)."""
        first = not self._asked
        self._asked = True
        return self.ctx.decide(self.budget, restriction, None, fuzz=first, compiled=reported)

    # ------------------------------------------------------------ GENERALIZE

    def _config_of(self, witness: Confirmed) -> dict[str, int]:
        scalars = witness.assignment.scalars
        return {f.name: int(scalars.get(config_key(f.var), 0)) for f in self.features}

    def _naming_of(self, witness: Confirmed) -> Scope:
        if self.naming is None or self.pair is None:
            self.pair = (witness.old_cfa, witness.new_cfa)
            self.naming = Scope.of(*self.pair)
        return self.naming

    def _point(
        self, witness: Confirmed, configs: list[dict[str, int]] | None = None,
        calls: bool = False,
    ) -> Body:
        """The witness as a body: its inputs, with the cells that the runs in
        `configs` (default: the witness's own) read; with `calls`, the results
        of the external calls they made."""
        runs = [self._run_pair(config, witness.assignment, witness)
                for config in (configs or [self._config_of(witness)])]
        reads: dict[str, set[int]] = {}
        for run in runs:
            for key, cells in (run.reads or {}).items():
                reads.setdefault(key, set()).update(cells)
        made = {call for run in runs for call in run.calls} if calls else set()
        naming = self._naming_of(witness)
        assert self.pair is not None
        return point(witness.assignment, naming, reads, sorted(made, key=repr), self.pair)

    def _generalize(
        self,
        witness: Confirmed,
        blocked: list[list[Cube]],
        within: Body | None = None,
    ) -> tuple[list[Cube], Body]:
        """GENERALIZE: keep only the feature values and input atoms that the
        solver's refutation of "some such input is equal" needs (its unsat core,
        minimised by the solver); every step is a soundness check. `within`, the
        body GeneralizeFCEXs is growing a head for, stays fixed: the witness lies
        in it and the merged body keeps it anyway, so the core is asked only
        about feature values and the inputs it leaves open (fewer literals: the
        minimisation's cost grows with their number)."""
        relevant = self._relevant_features()
        config = {k: v for k, v in self._config_of(witness).items() if k in relevant}
        kept_body = within or frozenset()
        taken = {subject(atom) for atom in kept_body}
        # loops: the point is the body (no input is generalized); it fixes what
        # the runs in every configuration read, so running it is exact
        whole_point = (self._point(witness, self._configurations([{}]), calls=True)
                       if self.ctx.cyclic else self._point(witness))
        candidates = [a for a in ordered(whole_point) if subject(a) not in taken]
        loose: list[Atom] = []
        if not self.ctx.cyclic:  # floats stay (a float core is slow to minimise)
            exact = [a for a in candidates if not isinstance(getattr(a, "value", 0), float)]
            scalars: list[Atom] = [a for a in exact if not isinstance(a, Cell)]
            for choice in (exact, scalars):  # cells are loose too, if not too many
                if len(choice) <= MAX_BODY_INPUTS:
                    loose = choice
                    break
        fixed = frozenset(kept_body) | frozenset(a for a in candidates if a not in loose)
        whole = fixed | frozenset(loose)
        if not config and not loose:
            return [dict(config)], whole  # nothing to generalize: the witness point
        found = self._core(config, fixed, loose)
        if found is None:
            return [dict(config)], whole  # the witness point over its relevant features
        config, body = found
        # a cell says its pointer is not NULL; if that is all the core wanted
        # of it, the pointer's own test is the smaller body
        guards = frozenset(a for a in loose if isinstance(a, Null) and not a.null and a not in body
                           and any(isinstance(c, Cell) and pointer_flag(c.key) == a.key
                                   for c in body))
        if guards:
            again = self._core(config, fixed | guards,
                               [a for a in loose if a in body and a not in guards])
            if again is not None:
                config, body = again
        cube: Cube = dict(config)
        if self.ctx.cyclic:
            # the core comes from a bounded unrolling; running the versions can
            # show that fewer features matter
            for name in sorted(cube):
                smaller = {k: v for k, v in cube.items() if k != name}
                if self._sound([smaller], body):
                    cube = smaller
        return [self._widen_features(cube, body)], body

    def _core(
        self, config: dict[str, int], fixed: Body, loose: list[Atom]
    ) -> tuple[dict[str, int], Body] | None:
        """The feature values of `config` and the atoms of `loose` that, with
        `fixed`, make every input a difference (the solver's minimised unsat
        core); None if even all of them do not (or the solver cannot tell)."""
        names = sorted(config)

        def literals(symbols: Mapping[str, z3.ExprRef]) -> list[z3.BoolRef]:
            vars_ = feature_symbols(self.features, symbols)
            out = [vars_[n] == _value(vars_[n], config[n]) for n in names]
            out += [z3.And(*constraints([atom], symbols)) for atom in loose]
            return out

        restriction = self.restriction(body=fixed, claim=True)
        core = self.ctx.sufficient(self.budget.share(SOUND_CALL), restriction, literals)
        if core is None:
            return None
        kept = set(core)
        return ({n: config[n] for i, n in enumerate(names) if i in kept},
                fixed | frozenset(a for i, a in enumerate(loose, len(names)) if i in kept))

    def _widen_features(self, cube: Cube, body: Body) -> Cube:
        """`cube` with each integer feature's value widened into the range around
        it inside which every configuration still differs on `body` (loop-free
        pairs): one entry covers `LEVEL > 2`, where points would never end.
        Sound by construction: `widen` proves every extension of the box."""
        keys = {config_key(f.var): f.name for f in self.features
                if not f.boolean and isinstance(cube.get(f.name), int)}
        if not keys or self.ctx.cyclic or self.ctx.real is None:
            return cube
        types = {i.key: i.type for cfa in self.ctx.real for i in cfa.inputs}
        keys = {key: name for key, name in keys.items() if key in types}
        rest = {k: v for k, v in cube.items() if k not in keys.values()}
        query, symbols = self.ctx.equal_outputs(
            self.restriction(within=[rest], body=body, claim=True))
        allowance = Allowance(HEAD_WIDEN_CALLS, HEAD_WIDEN_WORK)
        values = {key: v for key, name in keys.items() if isinstance(v := cube[name], int)}
        widened = dict(cube)
        for key, span in widen(query, symbols, values, types, self.budget, allowance).items():
            if span.lo is None and span.hi is None:
                del widened[keys[key]]
            elif span.lo != span.hi:
                widened[keys[key]] = span
        return widened

    def _widen(self, head: list[Cube], body: Body, allowance: Allowance) -> Body:
        """The body with its integer equalities widened into ranges (loop-free
        pairs, once the summary is done: a wider body would keep GeneralizeFCEXs
        from adding configurations); inputs whose range is their whole type go.
        Sound by construction: `widen` proves every extension of the box."""
        if self.ctx.cyclic or self.ctx.real is None or self.naming is None:
            return body
        equalities = widenable(body, self.naming)
        if not equalities:
            return body
        types = {key: item.type for key, item in self.naming.inputs.items()}
        query, symbols = self.ctx.equal_outputs(self.restriction(
            within=head, body=body - frozenset(equalities), claim=True))
        values = {atom.key: int(atom.value) for atom in equalities}
        widened = set(body)
        for key, span in widen(query, symbols, values, types, self.budget, allowance).items():
            widened.discard(Equal(key, values[key]))
            limits = types[key]
            assert isinstance(limits, IntType)
            lo = limits.min if span.lo is None else span.lo
            hi = limits.max if span.hi is None else span.hi
            if lo == hi:  # [INT_MIN, INT_MIN] reads better as the value
                widened.add(Equal(key, values[key]))
            elif span.lo is not None or span.hi is not None:
                widened.add(Within(key, span))
        return frozenset(widened)

    def _settle(self, head: list[Cube], body: Body, witness: Confirmed) -> Body | None:
        """The body if it is sound as it will be shown; else the witness point
        (the cells every configuration of the head reads, and the results of
        the external calls made); None if neither can be shown sound."""
        if self._sound(head, body):
            return body
        full = self._point(witness, self._configurations(head), calls=True)
        if full != body and self._sound(head, full):
            return full
        return None

    def point_body(self, witness: Confirmed) -> Body | None:
        """The witness's inputs as a settled body over its configuration (what
        brute force reports: one product, no generalization)."""
        head: list[Cube] = [dict(self._config_of(witness))]
        return self._settle(head, self._point(witness), witness)

    def _relevant_features(self) -> set[str]:
        return read_features(self.ctx.real, self.features)

    def _sound(self, head: list[Cube], body: Body) -> bool:
        """Every valid configuration of `head` differs on every input of `body`
        (the check that makes a featured counterexample sound): by running
        when the body fixes everything the runs read (exact, where a bounded
        query is not), else by the solver."""
        if self.ctx.cyclic:
            concrete = self._sound_by_running(head, body)
            if concrete is not None:
                return concrete
        restriction = self.restriction(within=head, body=body, claim=True)
        if self.ctx.differs_everywhere(self.budget.share(SOUND_CALL), restriction) is True:
            return True
        return not self.ctx.cyclic and self._sound_by_running(head, body) is True

    def _concrete_fcex(
        self, witness: Confirmed, blocked: list[list[Cube]]
    ) -> tuple[list[Cube], Body] | None:
        """Loops with few relevant features: run the witness's inputs in every
        remaining configuration; the head is exactly the set that differs, each
        member replayed (GENERALIZE and GeneralizeFCEXs at once, no solver)."""
        relevant = sorted(self._relevant_features())
        if (
            not self.ctx.cyclic
            or self.ctx.real is None
            or len(relevant) > CONCRETE_FEATURES
            or any(not self.boolean[name] for name in relevant)
        ):
            return None
        differing: list[dict[str, int]] = []
        for bits in range(1 << len(relevant)):
            config = {name: (bits >> i) & 1 for i, name in enumerate(relevant)}
            if any(
                all(config.get(k) == v for k, v in cube.items())
                for cubes in blocked
                for cube in cubes
            ):
                continue
            if not self._valid(config):
                continue
            if not self.generalize and config != {
                k: v for k, v in self._config_of(witness).items() if k in config
            }:
                continue
            if self._run_pair(config, witness.assignment, witness).differs:
                differing.append(config)
        if not differing:
            return None
        # the point fixes what these runs read and the calls' results: every
        # input in it runs as the witness does (settled like any body)
        body = self._point(witness, differing, calls=True)
        cubes: list[Cube] = [dict(c) for c in differing]
        return heads.minimise(cubes, self.boolean, self._valid), body

    def _configurations(self, head: list[Cube]) -> list[dict[str, int]] | None:
        """The valid configurations of `head` over the relevant features (None:
        too many to run each, or a range of an integer feature)."""
        relevant = sorted(self._relevant_features())
        configs: list[dict[str, int]] = []
        for cube in head:
            free = [name for name in relevant if name not in cube]
            if len(free) > CONCRETE_FEATURES or any(not self.boolean[n] for n in free):
                return None
            fixed = {name: value for name, value in cube.items() if isinstance(value, int)}
            if len(fixed) < len(cube):  # a range: loops' heads are not widened
                return None
            for bits in range(1 << len(free)):
                config = {**fixed, **{name: (bits >> i) & 1 for i, name in enumerate(free)}}
                if self._valid(config) and config not in configs:
                    configs.append(config)
        return configs

    def _sound_by_running(self, head: list[Cube], body: Body) -> bool | None:
        """A point body judged by executing every configuration of the head
        (both versions, the interpreter). Exact only if the body fixes every
        scalar input, every cell a run reads and every external call's result
        (then each input of the body runs alike); None otherwise, and always
        where there are pointer inputs: a body fixes no address and no heap byte."""
        if self.naming is None or self.pair is None or any(
                item.pointer is not None or is_heap(item.ref)
                for item in self.naming.inputs.values()):
            return None
        assignment = self._assignment_of(body, self.naming)
        configs = self._configurations(head)
        if assignment is None or configs is None:
            return None
        cells = {(a.key, a.index) for a in body if isinstance(a, Cell)}
        returns = {(a.func, a.args) for a in body if isinstance(a, Returns)}
        for config in configs:
            run = self._run_pair(config, assignment)
            if run.reads is None:  # a hang: exact only if every object is fixed
                if any(_has_objects(key, assignment) for key in assignment.regions):
                    return None
            elif any((key, i) not in cells for key, read in run.reads.items() for i in read):
                return None
            if not run.calls <= returns:
                return None
            if not run.differs:
                return False if run.differs is False else None
        return True

    @staticmethod
    def _assignment_of(body: Body, naming: Scope) -> Assignment | None:
        """The one input of a point body (None: it leaves a scalar input open,
        or holds a NaN)."""
        scalars: dict[str, int | float] = {}
        cells: dict[str, dict[int, int | float]] = {}
        stubs: dict[StubKey, int | float] = {}
        for atom in body:
            if isinstance(atom, Equal | Cell) and _nan(atom.value):
                return None  # every NaN alike, but a run sees one NaN's sign
            if isinstance(atom, Equal):
                scalars[atom.key] = atom.value
            elif isinstance(atom, Null):
                scalars[atom.key] = int(atom.null)
            elif isinstance(atom, Cell):
                cells.setdefault(atom.key, {})[atom.index] = atom.value
            elif isinstance(atom, Returns):
                stubs[(atom.func, atom.args)] = atom.value
            else:
                return None
        regions: dict[str, RegionValue] = {}
        for key, item in naming.inputs.items():
            if item.is_region:
                regions[key] = RegionValue(cells.get(key, {}), zero(item.type))
            elif key not in scalars:
                return None
        return Assignment(scalars, regions, stubs)

    def _run_pair(
        self, config: Mapping[str, int], assignment: Assignment, witness: Confirmed | None = None
    ) -> PairRun:
        """Old and new on `assignment` in `config` (static locals at their start;
        a witness's runs are kept: GENERALIZE and the settling ask again)."""
        if witness is not None:
            self._naming_of(witness)
            key = (id(witness), tuple(sorted(config.items())))
            if key not in self._runs:
                self._runs[key] = (witness, self._run_pair(config, assignment))
            return self._runs[key][1]
        assert self.pair is not None
        return _run_both(self.pair, self.features, config, assignment, self._never_ends)

    def _never_ends(self, cfa: Cfa, stopped: Stopped) -> bool:
        return never_ends(cfa, stopped, self.budget.share(HANG_PROOF_SECONDS))

    # ------------------------------------------------------------ Alg. 2

    def _generalize_fcexs(
        self,
        head: list[Cube],
        body: Body,
        witness: Confirmed,
        blocked: list[list[Cube]],
    ) -> tuple[list[Cube], Body, Confirmed | str]:
        """Alg. 2, and the entry's witness, replayed as reported witnesses are
        (why not, if no witness of the entry replays): q* grows stronger than q,
        so `witness` may fall outside it; then the latest witness that
        narrowed q* (it lies in it, as in p*) is the entry's."""
        head = list(head)
        inside = witness
        while not self.budget.exhausted():
            restriction = self.restriction(blocked=[*blocked, head], body=body)
            answer = self._verify(restriction, reported=False)
            match answer:
                case Different(witness=found):
                    pass
                case Equivalent() | Unknown() | Unsupported():
                    break
                case _:
                    assert_never(answer)
            more, narrower = self._generalize(found, [*blocked, head], within=body)
            # q* and q': the new witness lies in q*, so the atoms never conflict
            taken = {subject(atom) for atom in body}
            added = frozenset(a for a in narrower if subject(a) not in taken)
            if not holds(added, inside.assignment):
                inside = found
            body = body | added
            head = head + more
        reported = self._replayed_within(inside, head, body)
        return heads.minimise(head, self.boolean, self._valid), body, reported

    def _replayed_within(
        self, candidate: Confirmed, head: list[Cube], body: Body,
    ) -> Confirmed | str:
        """`candidate` (interpreter-replayed) replayed by the compiler too; if the
        compiled program disagrees, another witness of (head, body) that
        replays both ways; else why the first was not confirmed."""
        replayed = self.ctx.replay(candidate)
        if not isinstance(replayed, str):
            return replayed
        answer = self._verify(self.restriction(within=head, body=body))
        match answer:
            case Different(witness=witness):
                return witness
            case Equivalent() | Unknown() | Unsupported():
                return f"no witness of the difference replays under gcc: {replayed}"
            case _:
                assert_never(answer)

    def _valid(self, config: Mapping[str, int]) -> bool:
        return self._possible(self._scope, config)

    def _possible(self, scope: Formula, config: Mapping[str, int]) -> bool:
        """Some configuration of `scope` agrees with `config` (which fixes only
        some features: the others may take any value `scope` allows)."""
        rest = fm.substitute(scope, {name: fm.Const(value) for name, value in config.items()
                                     if not isinstance(value, Interval)})
        ranges = [fm.binary(op, fm.Var(name, False), fm.Const(bound))
                  for name, value in config.items() if isinstance(value, Interval)
                  for op, bound in ((">=", value.lo), ("<=", value.hi)) if bound is not None]
        return self._oracle.satisfiable(fm.conj(rest, *ranges))


def _literal(value: int | float, sort: z3.SortRef) -> z3.ExprRef:
    if isinstance(sort, z3.FPSortRef):
        return z3.FPVal(float(value), sort)
    if z3.is_int_sort(sort) if hasattr(z3, "is_int_sort") else sort == z3.IntSort():
        return z3.IntVal(int(value))
    assert isinstance(sort, z3.BitVecSortRef)
    return z3.BitVecVal(int(value) & ((1 << sort.size()) - 1), sort.size())


def _nan(value: int | float) -> bool:
    return isinstance(value, float) and math.isnan(value)


def _has_objects(key: str, assignment: Assignment) -> bool:
    """Does the region input `key` hold objects in `assignment` (not the
    objects behind a NULL pointer)?"""
    flag = pointer_flag(key)
    return flag is None or not assignment.scalars.get(flag, 0)


def _run_both(
    pair: tuple[Cfa, Cfa], features: tuple[Feature, ...], config: Mapping[str, int],
    assignment: Assignment, prove: Prover,
) -> PairRun:
    """Old and new on `assignment` in `config`, the static locals at
    their start: whether they differ (a hang that `prove` shows included), the
    cells they read, the calls they make."""
    scalars = dict(assignment.scalars)
    scalars.update({config_key(f.var): config.get(f.name, 0) for f in features})
    regions = dict(assignment.regions)
    old, new = pair
    for item in states_at_start(old, new):
        if item.start is None:
            return PairRun(None, {}, frozenset())
        if item.is_region:
            regions[item.key] = RegionValue({}, item.start)
        else:
            scalars[item.key] = item.start
    for cfa in (old, new):  # inputs a point leaves open (a run that reads them is inexact)
        for item in cfa.inputs:
            if item.is_region:
                regions.setdefault(item.key, RegionValue({}, zero(item.type)))
            else:
                scalars.setdefault(item.key, zero(item.type))
    run = Assignment(scalars, regions, assignment.stubs, assignment.free)
    try:
        seen = observe_both(old, new, run, prove)
    except InterpreterError:
        return PairRun(None, {}, frozenset())
    runs = (seen.old_run, seen.new_run)
    if any(isinstance(r, RunResult) and r.status == STATUS_UNWOUND for r in runs):
        return PairRun(None, {}, frozenset())  # deeper than the recursion was inlined
    calls = frozenset((call.func, call.args) for r in runs for call in run_calls(r)
                      if call.func not in PURE_LIBRARY and call.source != "library")
    differs = (bool(differences(seen.old, seen.new, run))
               and changed_callback(seen.old.events, seen.new.events) is None)
    results = [r for r in runs if isinstance(r, RunResult)]
    if len(results) < len(runs):
        return PairRun(differs, None, calls)  # a proved hang: its proof reads all memory
    keys = {item.ref: item.key for cfa in (old, new) for item in cfa.inputs if item.is_region}
    reads: dict[str, set[int]] = {}
    for result in results:
        for ref, cells in result.reads.items():
            if ref in keys:
                reads.setdefault(keys[ref], set()).update(cells)
    return PairRun(differs, reads, calls)
