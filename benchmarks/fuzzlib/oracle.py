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

Configurations whose preprocessed harness is the same (the features select
the same code) share one build and one run.
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
    run_harness,
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
    key: str = ""
    """The preprocessed harness: configurations with the same key behave the same."""

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
    """Runs the inputs in each configuration (once per distinct preprocessed harness) and
    confirms readings under the sanitizers on demand. Use as a context manager."""

    def __init__(self, spec: OracleSpec, inputs: Sequence[Inputs], bodies: Sequence[str]):
        self.spec = spec
        self.inputs = list(inputs)
        self.bodies = list(bodies)
        self.workdir = Path(tempfile.mkdtemp(prefix="fuzzoracle"))
        self._by_key: dict[str, ConfigResult] = {}
        self._sources: dict[str, str] = {}
        self._sanitized: dict[str, Build] = {}
        self._confirmed: set[tuple[str, int]] = set()
        self._traps: dict[tuple[str, int, str], Outcome] = {}

    def __enter__(self) -> Oracle:
        return self

    def __exit__(self, *_: object) -> None:
        shutil.rmtree(self.workdir, ignore_errors=True)

    def run(self, config: Configuration) -> ConfigResult:
        source = harness_source(self.spec.tree, self.spec.old, self.spec.new, self.spec.sigs,
                                config, self.bodies)
        key = self._preprocessed(source)
        known = self._by_key.get(key)
        if known is not None:
            return ConfigResult(config, known.readings, known.old, known.new, known.levels,
                                known.error, key)
        result = ConfigResult(config, key=key)
        self._sources[key] = source
        self._by_key[key] = result
        for n, level in enumerate(self.spec.levels):
            build = compile_harness(source, self.workdir, f"h{n}",
                                    [*BASE_FLAGS, level, UNINITIALISED[n > 0]],
                                    self.spec.compiler)
            if build.binary is None:
                result.error = build.error
                return result
            result.levels[level] = (run_harness(build, "o", self.inputs, self.workdir),
                                    run_harness(build, "n", self.inputs, self.workdir))
        result.old, result.new = result.levels[self.spec.levels[0]]
        result.readings = [_reading(result, i) for i in range(len(self.inputs))]
        return result

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
        build = self._sanitized.get(result.key)
        if build is None:
            build = compile_harness(self._sources[result.key], self.workdir,
                                    f"s{len(self._sanitized)}",
                                    [*BASE_FLAGS, "-O0", *SANITIZE], self.spec.compiler)
            self._sanitized[result.key] = build
        if build.binary is None:
            raise RuntimeError("sanitized harness does not compile: " + build.error[-500:])
        batch = [self.inputs[i] for i in todo]
        sanitized = (run_harness(build, "o", batch, self.workdir, sanitized=True),
                     run_harness(build, "n", batch, self.workdir, sanitized=True))
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

    def _preprocessed(self, source: str) -> str:
        proc = subprocess.run([self.spec.compiler, "-E", "-P", "-std=gnu11", "-"],
                              input=source, capture_output=True, text=True, timeout=60)
        return proc.stdout if proc.returncode == 0 else source


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
