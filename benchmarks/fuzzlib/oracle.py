"""gcc as the oracle: both versions per configuration and -O level on the same inputs.

Each input gets one of three readings per configuration:
- "same": old and new give the same observable outcome at every -O level;
- "diff": they differ, the same way at every -O level, and the sanitized build
  (ASan + UBSan) finds no undefined behaviour in either version on it;
- "ub":   the -O levels disagree for a version, a version hangs, or the
  sanitized build reports undefined behaviour: such an input is evidence of
  nothing and is counted apart.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from fuzzlib.features import Configuration
from fuzzlib.harness import (
    BASE_FLAGS,
    SANITIZE,
    Outcome,
    compile_harness,
    harness_source,
    run_harness,
)
from fuzzlib.inputs import Inputs, Signature
from fuzzlib.syntax import Program

SAME, DIFF, UB = "same", "diff", "ub"


@dataclass
class ConfigResult:
    """The readings of one configuration (one entry per input)."""

    config: Configuration
    readings: list[str] = field(default_factory=list)
    old: list[Outcome] = field(default_factory=list)
    """Outcomes at -O0 (with the bodies' values)."""
    new: list[Outcome] = field(default_factory=list)
    levels: dict[str, tuple[list[Outcome], list[Outcome]]] = field(default_factory=dict)
    error: str = ""

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


def run_config(spec: OracleSpec, config: Configuration, inputs: Sequence[Inputs],
               bodies: Sequence[str], sanitize: Sequence[int] = ()) -> ConfigResult:
    """Both versions on `inputs` in `config`; inputs whose readings rest on a difference
    (or are listed in `sanitize`) are rerun under the sanitizers."""
    result = ConfigResult(config)
    source = harness_source(spec.tree, spec.old, spec.new, spec.sigs, config, bodies)
    workdir = Path(tempfile.mkdtemp(prefix="fuzzoracle"))
    try:
        for level in spec.levels:
            build = compile_harness(source, workdir, f"h{level[2:]}", [*BASE_FLAGS, level],
                                    spec.compiler)
            if build.binary is None:
                result.error = build.error
                return result
            result.levels[level] = (run_harness(build, "o", inputs, workdir),
                                    run_harness(build, "n", inputs, workdir))
        result.old, result.new = result.levels[spec.levels[0]]
        readings = [_reading(result, i) for i in range(len(inputs))]
        check = sorted({i for i, r in enumerate(readings) if r == DIFF} | set(sanitize))
        check = [i for i in check if readings[i] != UB][:60]
        if check:
            build = compile_harness(source, workdir, "hsan", [*BASE_FLAGS, "-O0", *SANITIZE],
                                    spec.compiler)
            if build.binary is None:
                result.error = build.error
                return result
            chosen = [inputs[i] for i in check]
            san_old = run_harness(build, "o", chosen, workdir, sanitized=True)
            san_new = run_harness(build, "n", chosen, workdir, sanitized=True)
            for i, so, sn in zip(check, san_old, san_new, strict=True):
                if UB in (so.status, sn.status):
                    readings[i] = UB
        result.readings = readings
        return result
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def _reading(result: ConfigResult, i: int) -> str:
    olds = {result.levels[lv][0][i].observable() for lv in result.levels}
    news = {result.levels[lv][1][i].observable() for lv in result.levels}
    if len(olds) > 1 or len(news) > 1:
        return UB
    (old,), (new,) = olds, news
    if "hang" in (old[0], new[0]) or UB in (old[0], new[0]):
        return UB
    return SAME if old == new else DIFF
