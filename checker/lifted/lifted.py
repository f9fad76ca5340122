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
again until nothing differs. Last, each body's remaining integer equalities
are widened into ranges (`widen`) for the report. Every body is solver-checked sound; bodies are
pairwise disjoint (minimality, Thm. 4.7) because each later query excludes
earlier heads.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeGuard, assert_never

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
from checker.engines.equiv import HANG_PROOF_SECONDS, observe_both
from checker.engines.termination import never_ends
from checker.ir.ir import Cfa
from checker.lifted import heads
from checker.lifted.widen import Allowance, Interval, widen, widenable
from checker.replay.interp import InterpreterError, RegionValue, Stopped
from checker.replay.replay import Assignment, differences
from checker.semantics.solver import Budget
from checker.variability import (
    CONFIG_KEY_PREFIX,
    Feature,
    Formula,
    config_key,
    to_z3,
)
from checker.variability import formula as fm
from checker.variability.smt import Oracle

MAX_ENTRIES = 64
"""Featured counterexamples per function before the summary is declared incomplete."""
MAX_BODY_INPUTS = 32
"""Inputs beyond this count are kept as a point (no per-input generalization)."""
SOUND_CALL = 5.0
"""Seconds for one soundness check while generalizing (undecided: not generalized)."""
WIDEN_SHARE = 0.2
"""Widening the bodies into ranges may take this part of the CPU time the
summary took (within WIDEN_SECONDS): it makes the report clearer, not the
verdict surer."""
WIDEN_SECONDS = (0.2, 2.0)
"""Least and most CPU seconds for widening all bodies of one summary."""
WIDEN_CALLS = 96
"""Solver questions per body (see `widen.Allowance`)."""
CONCRETE_FEATURES = 8
"""Relevant features up to which a point body is judged by running every configuration."""
HEAD_WIDEN_CALLS = 32
HEAD_WIDEN_SECONDS = 1.0
"""Solver questions and CPU seconds for widening an integer feature's value in
one head cube into a range (`LEVEL >= 3` for every LEVEL > 2, not one entry
per value)."""

Cube = dict[str, "int | Interval"]
"""Feature -> value (an integer feature: or a range of values)."""
BodyValue = int | float | RegionValue | Interval
PointValue = int | float | RegionValue
"""A body value that is one point (no range)."""


@dataclass(frozen=True)
class Fcex:
    """A featured counterexample: head cubes, body point/constraints, witness."""

    head: list[Cube]
    body: Mapping[str, BodyValue]
    witness: Confirmed
    scope: Formula = fm.TRUE
    """Conjoined with `head` when the structural condition could not be folded
    into its cubes (integer features, too many of them)."""


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


class Lifted:
    """Alg. 1 and 2 for one function of one (old variant, new variant) pair."""

    def __init__(
        self,
        ctx: PairContext,
        features: tuple[Feature, ...],
        model: Formula,
        budget: Budget,
        generalize: bool,
    ) -> None:
        self.ctx = ctx
        self.features = features
        self.model = model
        self.budget = budget
        self.generalize = generalize
        self.boolean = {f.name: f.boolean for f in features}
        self._asked = False
        self._oracle = Oracle()
        self._scope: Formula = model
        """The configurations this run is about: the model and the structural condition."""
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

    @staticmethod
    def point(body: Mapping[str, BodyValue], symbols: Mapping[str, z3.ExprRef]) -> list[z3.BoolRef]:
        out: list[z3.BoolRef] = []
        for key, value in body.items():
            symbol = symbols.get(key)
            if symbol is None:
                continue
            if isinstance(value, Interval):
                out.append(value.constraint(symbol))
            elif isinstance(value, RegionValue):
                elem = symbol.sort().range()
                array = z3.K(symbol.sort().domain(), _literal(value.default, elem))
                for index, cell in sorted(value.cells.items()):
                    array = z3.Store(
                        array, _literal(index, symbol.sort().domain()), _literal(cell, elem)
                    )
                out.append(symbol == array)
            else:
                out.append(symbol == _literal(value, symbol.sort()))
        return out

    def restriction(
        self,
        *,
        blocked: Sequence[list[Cube]] = (),
        within: list[Cube] | None = None,
        outside: list[Cube] | None = None,
        body: Mapping[str, BodyValue] | None = None,
    ) -> Restriction:
        def build(symbols: Mapping[str, z3.ExprRef]) -> list[z3.BoolRef]:
            out = self.base(symbols)
            for cubes in blocked:
                out.append(z3.Not(self.heads(cubes, symbols)))
            if within is not None:
                out.append(self.heads(within, symbols))
            if outside is not None:
                out.append(z3.Not(self.heads(outside, symbols)))
            if body is not None:
                out.extend(self.point(body, symbols))
            return out

        return build

    # ------------------------------------------------------------ Alg. 1

    def run(self, structural: Formula | None) -> Summary:
        """The summary within `structural` (the configurations whose file-scope
        declarations this pair of programs was built for): every head is
        conjoined with it, since the programs say nothing about the others."""
        started = time.process_time()
        self._scope = fm.conj(self.model, structural or fm.TRUE)
        relevant = self._relevant_features()
        unread = [n for n in sorted(self._scope.features())
                  if n not in relevant and self.boolean.get(n, False)]
        self._asked_scope = (self._scope if len(unread) > heads.MINTERM_LIMIT
                             else fm.exists(self._scope, unread))
        summary = self._summarise()
        spent = time.process_time() - started
        allowance = Allowance.for_seconds(
            WIDEN_CALLS, min(max(WIDEN_SHARE * spent, WIDEN_SECONDS[0]), WIDEN_SECONDS[1]))
        entries = []
        for entry in summary.entries:
            head, scope = ((entry.head, entry.scope) if structural is None
                           else self._within(entry.head, structural))
            body = self._widen(entry.head, entry.body, allowance)
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
                    if reported is None:
                        contradicted = Unknown(
                            "the compiled program contradicts the interpreter on every "
                            "witness of a difference found",
                            Stage.LIFTED,
                        )
                        return Summary(tuple(entries), contradicted)
                    witness = reported
            entries.append(Fcex(head, body, witness))
            blocked.append(head)

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

    def _inputs_of(self, witness: Confirmed) -> dict[str, PointValue]:
        assignment = witness.assignment
        body: dict[str, PointValue] = {
            key: value
            for key, value in assignment.scalars.items()
            if not key.startswith(CONFIG_KEY_PREFIX)
        }
        body.update(assignment.regions)
        return body

    def _generalize(
        self,
        witness: Confirmed,
        blocked: list[list[Cube]],
        within: Mapping[str, BodyValue] | None = None,
    ) -> tuple[list[Cube], Mapping[str, BodyValue]]:
        """GENERALIZE: keep only the feature values and input equalities that the
        solver's refutation of "some such input is equal" needs (its unsat core,
        minimised by the solver); every step is a soundness check. `within`, the
        body GeneralizeFCEXs is growing a head for, stays fixed: the witness lies
        in it and the merged body keeps it anyway, so the core is asked only
        about feature values and the inputs it leaves open (fewer literals: the
        minimisation's cost grows with their number)."""
        relevant = self._relevant_features()
        config = self._config_of(witness)
        cube: Cube = {k: v for k, v in config.items() if k in relevant}
        point = self._inputs_of(witness)
        kept_body = within or {}
        generalizable = not self.ctx.cyclic and len(point) <= MAX_BODY_INPUTS
        loose = sorted(k for k, v in point.items() if generalizable and k not in kept_body
                       and not isinstance(v, float | RegionValue))
        fixed = {k: v for k, v in point.items() if k not in loose}
        names = sorted(cube)

        def literals(symbols: Mapping[str, z3.ExprRef]) -> list[z3.BoolRef]:
            vars_ = feature_symbols(self.features, symbols)
            out = [vars_[n] == _value(vars_[n], config[n]) for n in names]
            out += [z3.And(*self.point({k: point[k]}, symbols)) for k in loose]
            return out

        if not names and not loose:
            return [cube], point  # nothing to generalize: the replayed witness itself
        restriction = self.restriction(body=fixed)
        core = self.ctx.sufficient(self.budget.share(SOUND_CALL), restriction, literals)
        if core is None:
            return [cube], point  # the replayed witness itself, over its relevant features
        kept = set(core)
        cube = {n: cube[n] for i, n in enumerate(names) if i in kept}
        body = {**fixed, **{k: point[k] for i, k in enumerate(loose, len(names)) if i in kept}}
        if self.ctx.cyclic:
            # the core comes from a bounded unrolling; running the versions can
            # show that fewer features matter
            for name in sorted(cube):
                smaller = {k: v for k, v in cube.items() if k != name}
                if self._sound([smaller], body):
                    cube = smaller
        return [self._widen_features(cube, body)], body

    def _widen_features(self, cube: Cube, body: Mapping[str, BodyValue]) -> Cube:
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
        query, symbols = self.ctx.equal_outputs(self.restriction(within=[rest], body=body))
        allowance = Allowance.for_seconds(HEAD_WIDEN_CALLS, HEAD_WIDEN_SECONDS)
        values = {key: v for key, name in keys.items() if isinstance(v := cube[name], int)}
        widened = dict(cube)
        for key, span in widen(query, symbols, values, types, self.budget, allowance).items():
            if span.lo is None and span.hi is None:
                del widened[keys[key]]
            elif span.lo != span.hi:
                widened[keys[key]] = span
        return widened

    def _widen(
        self, head: list[Cube], body: Mapping[str, BodyValue], allowance: Allowance,
    ) -> Mapping[str, BodyValue]:
        """The body with its integer equalities widened into ranges (loop-free
        pairs, once the summary is done: a wider body would keep GeneralizeFCEXs
        from adding configurations); inputs whose range is their whole type go.
        Sound by construction: `widen` proves every extension of the box."""
        if self.ctx.cyclic or self.ctx.real is None:
            return body
        types = {i.key: i.type for cfa in self.ctx.real for i in cfa.inputs}
        keys = widenable(body, types)
        if not keys:
            return body
        query, symbols = self.ctx.equal_outputs(self.restriction(
            within=head, body={k: v for k, v in body.items() if k not in keys}))
        widened = dict(body)
        values = {k: v for k in keys if isinstance(v := body[k], int)}
        for key, span in widen(query, symbols, values, types, self.budget, allowance).items():
            if span.lo is None and span.hi is None:
                del widened[key]
            elif span.lo != span.hi:
                widened[key] = span
        return widened

    def _relevant_features(self) -> set[str]:
        """Features the function's code (either version) reads."""
        if self.ctx.real is None:
            return {f.name for f in self.features}
        names = {f.var: f.name for f in self.features}
        return {names[item.ref] for cfa in self.ctx.real for item in cfa.inputs
                if item.ref in names}

    def _sound(
        self,
        head: list[Cube],
        body: Mapping[str, BodyValue],
    ) -> bool:
        """Every valid configuration of `head` differs on every input of `body`
        (the check that makes a featured counterexample sound)."""
        if self.ctx.cyclic and self._is_point(body):
            concrete = self._sound_by_running(head, body)
            if concrete is not None:
                return concrete
        restriction = self.restriction(within=head, body=body)
        return self.ctx.differs_everywhere(self.budget.share(SOUND_CALL), restriction) is True

    def _concrete_fcex(
        self, witness: Confirmed, blocked: list[list[Cube]]
    ) -> tuple[list[Cube], Mapping[str, BodyValue]] | None:
        """Loops with few relevant features: run the witness's inputs in every
        remaining configuration; the head is exactly the set that differs, each
        member replayed (GENERALIZE and GeneralizeFCEXs at once, no solver)."""
        body = self._inputs_of(witness)
        relevant = sorted(self._relevant_features())
        if (
            not self.ctx.cyclic
            or not self._is_point(body)
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
            if self._differs_on(config, body):
                differing.append(config)
        if not differing:
            return None
        return heads.minimise(differing, self.boolean, self._valid), body

    def _is_point(self, body: Mapping[str, BodyValue]) -> TypeGuard[Mapping[str, PointValue]]:
        if any(isinstance(value, Interval) for value in body.values()):
            return False
        keys = {
            i.key
            for cfa in self.ctx.real or ()
            for i in cfa.inputs
            if not i.key.startswith(CONFIG_KEY_PREFIX)
        }
        return self.ctx.real is not None and keys <= body.keys()

    def _sound_by_running(
        self,
        head: list[Cube],
        body: Mapping[str, PointValue],
    ) -> bool | None:
        """For loops a point body is judged by executing every configuration of the
        head (both versions, the interpreter): exact where a bounded query is not."""
        relevant = sorted(self._relevant_features())
        configs: list[dict[str, int]] = []
        for cube in head:
            free = [name for name in relevant if name not in cube]
            if len(free) > CONCRETE_FEATURES or any(not self.boolean[n] for n in free):
                return None
            point = {name: value for name, value in cube.items() if isinstance(value, int)}
            if len(point) < len(cube):  # a range: loops' heads are not widened
                return None
            for bits in range(1 << len(free)):
                configs.append({**point, **{name: (bits >> i) & 1 for i, name in enumerate(free)}})
        for config in configs:
            if not self._valid(config):
                continue
            if not self._differs_on(config, body):
                return False
        return True

    def _differs_on(
        self, config: Mapping[str, int], body: Mapping[str, PointValue]
    ) -> bool:
        """Do the versions differ (a hang proved by `termination` included) when run
        in `config` on the point `body`?"""
        scalars = {k: v for k, v in body.items() if not isinstance(v, RegionValue)}
        scalars.update({config_key(f.var): config.get(f.name, 0) for f in self.features})
        regions = {k: v for k, v in body.items() if isinstance(v, RegionValue)}
        assignment = Assignment(scalars, regions)
        assert self.ctx.real is not None
        old, new = self.ctx.real
        try:
            a, b = observe_both(old, new, assignment, self._never_ends)
        except InterpreterError:
            return False
        return bool(differences(a, b, assignment))

    def _never_ends(self, cfa: Cfa, stopped: Stopped) -> bool:
        return never_ends(cfa, stopped, self.budget.share(HANG_PROOF_SECONDS))

    # ------------------------------------------------------------ Alg. 2

    def _generalize_fcexs(
        self,
        head: list[Cube],
        body: Mapping[str, BodyValue],
        witness: Confirmed,
        blocked: list[list[Cube]],
    ) -> tuple[list[Cube], Mapping[str, BodyValue], Confirmed | None]:
        """Alg. 2, and the entry's witness, replayed as reported witnesses are
        (None if no witness of the entry replays): q* grows stronger than q,
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
            # q* and q': the new witness lies in q*, so the equalities never conflict
            added = {k: v for k, v in narrower.items() if k not in body}
            point = self._inputs_of(inside)
            if any(point.get(k) != v for k, v in added.items()):
                inside = found
            body = {**body, **added}
            head = head + more
        reported = self._replayed_within(inside, head, body)
        return heads.minimise(head, self.boolean, self._valid), body, reported

    def _replayed_within(
        self, candidate: Confirmed, head: list[Cube], body: Mapping[str, BodyValue],
    ) -> Confirmed | None:
        """`candidate` (interpreter-replayed) replayed by the compiler too; if the
        compiled program disagrees, another witness of (head, body) that
        replays both ways; None if there is none."""
        replayed = self.ctx.replay(candidate)
        if replayed is not None:
            return replayed
        answer = self._verify(self.restriction(within=head, body=body))
        match answer:
            case Different(witness=witness):
                return witness
            case Equivalent() | Unknown() | Unsupported():
                return None
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
