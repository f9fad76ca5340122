"""gcc as the oracle: both versions per configuration and -O level on the same inputs.

Each input gets one of three readings per configuration:
- "same": old and new give the same observable outcome at every -O level;
- "diff": they differ, the same way at every -O level; a version that hangs
          (runs past its CPU-time limit) at every level while the other ends
          differs from it (docs/semantics.md: a change that makes a function
          hang is a behaviour change);
- "ub":   the -O levels disagree for a version (locals start at zero in the
          first build and at a pattern in the others, so reading one uninitialised
          shows here), or both versions hang (the limit cannot say they never end).
These plain readings are what gcc happens to do. A reading that a finding would
rest on is confirmed (`confirm`, `first`) against liftdiff's documented
semantics with the sanitized build (`harness.SANITIZE`): where the model traps
(shift count out of range, float->int overflow, INT_MIN / -1, a read outside a
declared array) that build traps too, and that trap is the version's outcome,
whatever value the plain builds computed; any other sanitizer report, or a
version whose plain builds disagree without such a trap, makes the input "ub":
evidence of nothing.

Configurations whose preprocessed pair is the same (the features select the
same code) share one run. All distinct configurations of a pair are built
into one binary per -O level (and one sanitized binary, when a reading needs
confirming): one compiler run each instead of one per configuration, the
system headers parsed and the binary linked once (harness.py).
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from fuzzlib.features import Configuration
from fuzzlib.harness import (
    BASE_FLAGS,
    SANITIZE,
    Build,
    Outcome,
    compile_harness,
    harness_source,
    pair_texts,
    run_harness,
    split,
)
from fuzzlib.inputs import Inputs, Signature
from fuzzlib.syntax import Program

SAME, DIFF, UB = "same", "diff", "ub"
UNINITIALISED = ("-ftrivial-auto-var-init=zero", "-ftrivial-auto-var-init=pattern")
"""The first -O level starts locals at zero, the others at a pattern: a result that
reads an uninitialised local then differs between levels (an "ub" reading)."""


@dataclass
class ConfigResult:
    """The readings of one configuration (one entry per input)."""

    config: Configuration
    readings: list[str] = field(default_factory=list)
    old: list[Outcome] = field(default_factory=list)
    """Outcomes at the first -O level (with the bodies' values)."""
    new: list[Outcome] = field(default_factory=list)
    levels: dict[str, tuple[list[Outcome], list[Outcome]]] = field(default_factory=dict)
    error: str = ""
    key: int = 0
    """The configuration's index in the build: configurations that preprocess to
    the same pair share it (and behave the same)."""

    def differing(self) -> list[int]:
        return [i for i, r in enumerate(self.readings) if r == DIFF]


@dataclass(frozen=True)
class OracleSpec:
    tree: Program
    old: str
    new: str
    sigs: tuple[Signature, Signature]
    levels: tuple[str, ...] = ("-O0", "-O2")
    compiler: str = "gcc"


class Oracle:
    """Runs the inputs in each of `configs` (once per distinct preprocessed pair, all
    in one build per -O level) and confirms readings under the sanitizers on demand.
    Use as a context manager."""

    def __init__(self, spec: OracleSpec, inputs: Sequence[Inputs], bodies: Sequence[str],
                 configs: Sequence[Configuration]):
        self.spec = spec
        self.inputs = list(inputs)
        self.bodies = list(bodies)
        self.configs = list(dict.fromkeys(configs))
        self.workdir = Path(tempfile.mkdtemp(prefix="fuzzoracle"))
        self._results: dict[Configuration, ConfigResult] | None = None
        self._source = ""
        self._sanitized: Build | None = None
        self._confirmed: set[tuple[int, int]] = set()
        self._traps: dict[tuple[int, int, str], Outcome] = {}

    def __enter__(self) -> Oracle:
        return self

    def __exit__(self, *_: object) -> None:
        shutil.rmtree(self.workdir, ignore_errors=True)

    def run(self, config: Configuration) -> ConfigResult:
        """The readings of one of the oracle's configurations (all are built and run
        on the first call)."""
        if self._results is None:
            self._results = self._run_all()
        return self._results[config]

    def _run_all(self) -> dict[Configuration, ConfigResult]:
        keys = self._keys()
        distinct = [self.configs[k] for k in sorted(set(keys))]
        index = {k: n for n, k in enumerate(sorted(set(keys)))}
        self._source = harness_source(self.spec.tree, self.spec.old, self.spec.new,
                                      self.spec.sigs, distinct, self.bodies)
        shared = [ConfigResult(c, key=n) for n, c in enumerate(distinct)]
        for n, level in enumerate(self.spec.levels):
            build = compile_harness(self._source, self.workdir, f"h{n}",
                                    [*BASE_FLAGS, level, UNINITIALISED[n > 0]],
                                    self.spec.compiler)
            if build.binary is None:
                for result in shared:
                    result.error = build.error
                break
            for k, result in enumerate(shared):
                result.levels[level] = (run_harness(build, f"o{k}", self.inputs, self.workdir),
                                        run_harness(build, f"n{k}", self.inputs, self.workdir))
        else:
            for result in shared:
                result.old, result.new = result.levels[self.spec.levels[0]]
                result.readings = [_reading(result, i) for i in range(len(self.inputs))]
        out = {}
        for config, k in zip(self.configs, keys, strict=True):
            known = shared[index[k]]
            out[config] = ConfigResult(config, known.readings, known.old, known.new,
                                       known.levels, known.error, known.key)
        return out

    def _keys(self) -> list[int]:
        """For each configuration, the first configuration that preprocesses to the
        same pair (itself where none does)."""
        text = pair_texts(self.spec.old, self.spec.new, self.configs)
        proc = subprocess.run([self.spec.compiler, "-E", "-P", "-std=gnu11", "-"],
                              input=text, capture_output=True, text=True, timeout=60)
        texts = split(proc.stdout, len(self.configs)) if proc.returncode == 0 else None
        if texts is None:
            return list(range(len(self.configs)))
        first: dict[str, int] = {}
        return [first.setdefault(t, n) for n, t in enumerate(texts)]

    def confirm(self, result: ConfigResult, i: int) -> str:
        """Input i's reading under the documented semantics (see the module doc)."""
        self._confirm(result, [i])
        return result.readings[i]

    def outcome(self, result: ConfigResult, i: int, side: str) -> Outcome:
        """What version `side` ("old"/"new") does on a confirmed input: the sanitized
        build's trap where it traps, else the first -O level's outcome."""
        trap = self._traps.get((result.key, i, side))
        return trap or (result.old if side == "old" else result.new)[i]

    def first(self, result: ConfigResult, indices: Sequence[int], want: str,
              limit: int = 48) -> int | None:
        """The first of `indices` whose confirmed reading is `want` (batches of 12; the
        first `limit` candidates whose plain reading is `want` or "ub")."""
        chosen = [i for i in indices if result.readings[i] in (want, UB)][:limit]
        for start in range(0, len(chosen), 12):
            batch = chosen[start:start + 12]
            self._confirm(result, batch)
            for i in batch:
                if result.readings[i] == want:
                    return i
        return None

    def confirm_all(self, result: ConfigResult) -> None:
        """Confirm every input (one sanitized run): finds where a version traps under
        the model although every plain build computed a value."""
        self._confirm(result, range(len(self.inputs)))

    def _confirm(self, result: ConfigResult, indices: Iterable[int]) -> None:
        todo = [i for i in indices if (result.key, i) not in self._confirmed]
        if not todo:
            return
        build = self._sanitized
        if build is None:
            build = compile_harness(self._source, self.workdir, "s",
                                    [*BASE_FLAGS, "-O0", *SANITIZE], self.spec.compiler)
            self._sanitized = build
        if build.binary is None:
            raise RuntimeError("sanitized harness does not compile: " + build.error[-500:])
        batch = [self.inputs[i] for i in todo]
        k = result.key
        sanitized = (run_harness(build, f"o{k}", batch, self.workdir, sanitized=True),
                     run_harness(build, f"n{k}", batch, self.workdir, sanitized=True))
        for n, i in enumerate(todo):
            self._confirmed.add((result.key, i))
            sides = []
            for side, outcomes in zip(("old", "new"), sanitized, strict=True):
                plain = {lv[side == "new"][i].observable() for lv in result.levels.values()}
                seen = _confirmed_side(outcomes[n], plain)
                if seen == ("trap",) and seen not in plain:
                    self._traps[(result.key, i, side)] = outcomes[n]
                sides.append(seen)
            result.readings[i] = _compared(sides[0], sides[1])


def _reading(result: ConfigResult, i: int) -> str:
    olds = {result.levels[lv][0][i].observable() for lv in result.levels}
    news = {result.levels[lv][1][i].observable() for lv in result.levels}
    if len(olds) > 1 or len(news) > 1:
        return UB
    (old,), (new,) = olds, news
    return _compared(None if old[0] == UB else old, None if new[0] == UB else new)


def _compared(old: tuple[object, ...] | None, new: tuple[object, ...] | None) -> str:
    """Two versions' outcomes (None: undefined): a hang differs from an end, two hangs
    are evidence of nothing."""
    if old is None or new is None or old == new == ("hang",):
        return UB
    return SAME if old == new else DIFF


def _confirmed_side(sanitized: Outcome, plain: set[tuple[object, ...]]
                    ) -> tuple[object, ...] | None:
    """One version's confirmed outcome: a trap where the sanitized build traps; else the
    plain builds' one outcome (a hang too) if the sanitized build agrees with it; else
    None (ub)."""
    if sanitized.status == "trap":
        return ("trap",)
    if sanitized.status != UB and len(plain) == 1 and sanitized.observable() in plain:
        return sanitized.observable()
    return None
