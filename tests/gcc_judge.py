"""gcc as the judge of a product-line verdict: every build, compiled and run.

For a changed function of an old/new pair, `judge` compiles both original
files once per configuration of the feature macros, straight from the
annotated sources with `-D`/`-U` flags (every macro undefined, `-DX=0`,
`-DX=1` and any further values asked for: every state a build can give it, not
only the ones liftdiff's front end thinks matter), at -O0 and -O2, and runs
the function on sample inputs. Then a verdict is exact when:

* EQUIVALENT: no configuration differs on any sample;
* NOT_EQUIVALENT: each entry's witness configuration, built with its `-D`
  flags, gives the witness's outputs on the witness's inputs; every
  configuration of an entry's head differs on that entry's witness inputs;
  and no configuration outside every head differs on any sample (the
  witnesses' inputs and a fixed grid).

The function must take integer parameters and return an integer (what the
product-line cases use); configurations outside the feature model are skipped,
and a build without the function reads as "absent".
"""

from __future__ import annotations

import hashlib
import itertools
import os
import re
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from checker.driver import load_pair, merged_features
from checker.types import FunctionResult, Settings, SourceFile
from checker.variability import compiler_flags
from checker.variability.lexer import tokens_of
from checker.variability.lift import parse_model
from checker.variability.types import Feature, lifted_values, macro_configuration

OPTIMISATIONS = ("-O0", "-O2")
GRID = (0, 1, -1, 3, 100, -100, 1 << 30, -(1 << 30) - 1, (1 << 31) - 1, -(1 << 31))
"""Sample values per parameter (the grid is cut at MAX_SAMPLES vectors)."""
MAX_SAMPLES = 200
_HARNESS = """
#include <stdio.h>
#include <unistd.h>
#include <sys/wait.h>
static const long long liftdiff_inputs[][{width}] = {{ {rows} }};
int main(void) {{
    for (unsigned i = 0; i < sizeof liftdiff_inputs / sizeof liftdiff_inputs[0]; i++) {{
        const long long *a = liftdiff_inputs[i];
        (void)a;
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0) {{
            printf("%lld\\n", (long long){function}({args}));
            fflush(stdout);
            _exit(0);
        }}
        int status = 0;
        waitpid(pid, &status, 0);
        if (WIFSIGNALED(status))
            printf("signal %d\\n", WTERMSIG(status));
    }}
    return 0;
}}
"""


@dataclass(frozen=True)
class Verdict:
    """What gcc says: per configuration (macro -> value or None), does it differ?"""

    differing: tuple[dict[str, int | None], ...]
    same: tuple[dict[str, int | None], ...]


def parameters(text: str, function: str) -> list[str]:
    """Parameter names of `function`'s definition in `text` (integer parameters)."""
    match = re.search(rf"\b{re.escape(function)}\s*\(([^)]*)\)\s*\{{", text)
    assert match, f"no definition of {function}"
    params = [p.strip() for p in match.group(1).split(",")]
    if params in ([""], ["void"]):
        return []
    return [re.findall(r"\w+", p)[-1] for p in params]


def run(path: Path, flags: Sequence[str], optimisation: str, function: str,
        inputs: Sequence[Sequence[int]]) -> list[str]:
    """One output line per input vector: the result, or `signal N`. The file
    is preprocessed with `flags`, then compiled (once per distinct product)."""
    product = _preprocess(path.read_text(), (f"-I{path.parent}", *flags))
    if not re.search(rf"\b{re.escape(function)}\s*\([^)]*\)\s*\{{", product):
        return ["absent"] * len(inputs)  # not defined in this build
    width = max(1, max((len(v) for v in inputs), default=1))
    rows = ", ".join("{" + ", ".join(f"{int(x)}LL" for x in v or (0,)) + "}" for v in inputs)
    args = ", ".join(f"a[{i}]" for i in range(len(inputs[0]) if inputs else 0))
    source = product + _HARNESS.format(width=width, rows=rows, function=function, args=args)
    command = ["gcc", optimisation, "-fwrapv", "-w", "-x", "c"]
    key = hashlib.sha1((source + " ".join(command)).encode()).hexdigest()[:20]
    directory = Path(tempfile.gettempdir()) / "liftdiff-gcc-judge"
    directory.mkdir(exist_ok=True)
    binary = directory / key
    if not binary.exists():
        built = subprocess.run([*command, "-o", f"{binary}.tmp", "-"], input=source,
                               capture_output=True, text=True, timeout=120, check=False)
        assert built.returncode == 0, f"gcc {' '.join(flags)}:\n{built.stderr}"
        os.replace(f"{binary}.tmp", binary)
    done = subprocess.run([str(binary)], capture_output=True, text=True, timeout=60,
                          check=False)
    lines = done.stdout.split("\n")[:-1]
    assert len(lines) == len(inputs), done.stdout
    return lines


@lru_cache(maxsize=1024)
def _preprocess(text: str, flags: tuple[str, ...]) -> str:
    done = subprocess.run(["gcc", "-E", "-P", *flags, "-x", "c", "-"], input=text,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, f"gcc -E {' '.join(flags)}:\n{done.stderr}"
    return done.stdout


def flags_of(configuration: Mapping[str, int | None]) -> list[str]:
    return [f"-U{name}" if value is None else f"-D{name}={value}"
            for name, value in sorted(configuration.items())]


def builds(macros: Sequence[str],
           values: Mapping[str, Sequence[int]]) -> list[dict[str, int | None]]:
    """Every state of every macro: undefined, 0, 1 and `values[macro]`."""
    domains = [[None, *sorted({0, 1, *values.get(m, ())})] for m in macros]
    return [dict(zip(macros, combination, strict=True))
            for combination in itertools.product(*domains)]


def samples(arity: int, extra: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    grid = itertools.islice(itertools.product(GRID, repeat=arity), MAX_SAMPLES)
    return list(dict.fromkeys([*(tuple(v) for v in extra), *grid]))


def judge(case: Path, result: FunctionResult, settings: Settings,
          values: Mapping[str, Sequence[int]] | None = None) -> Verdict:
    """Assert that `result` (for `case`/old.c, new.c) is exact (module docstring);
    returns what gcc found."""
    old, new = case / "old.c", case / "new.c"
    function = result.function
    names = parameters(old.read_text(), function)
    features = merged_features(*load_pair(SourceFile.read(str(old)), SourceFile.read(str(new)),
                                          settings))
    table = {f.name: f for f in features}
    model = _formula(result.feature_model, table, settings)
    heads = [_formula(e.configurations, table, settings) for e in result.neq_summary]
    witness_inputs = [tuple(int(e.witness.inputs.get(n, 0)) for n in names)
                      for e in result.neq_summary]
    inputs = samples(len(names), witness_inputs)
    macros = sorted({f.macro for f in features})
    differing, same = [], []
    for configuration in builds(macros, values or {}):
        lifted = lifted_values(features, configuration)
        if not model.holds(lifted):
            continue
        outputs = _outputs(old, new, configuration, function, inputs, settings)
        differs = outputs[0] != outputs[1]
        (differing if differs else same).append(configuration)
        inside = [i for i, head in enumerate(heads) if head.holds(lifted)]
        if not inside:
            assert not differs, (
                f"{flags_of(configuration)} is outside every head but differs: "
                f"{_first_difference(inputs, *outputs)}")
        for i in inside:
            index = inputs.index(witness_inputs[i])
            assert outputs[0][index] != outputs[1][index], (
                f"{flags_of(configuration)} is in head {result.neq_summary[i].configurations} "
                f"but does not differ on its witness {witness_inputs[i]}")
    for entry, point in zip(result.neq_summary, witness_inputs, strict=True):
        configuration = macro_configuration(features, entry.witness.configuration)
        old_out, new_out = _outputs(old, new, configuration, function, [point], settings)
        assert old_out != new_out, f"witness {flags_of(configuration)} {point} does not replay"
        for side, out in (("old", old_out), ("new", new_out)):
            expected = dict(entry.witness.old_output if side == "old"
                            else entry.witness.new_output).get("return")
            if expected is not None:
                assert out[0] == str(expected), (side, out, expected)
    if result.verdict.value == "EQUIVALENT":
        assert not differing, f"EQUIVALENT, but {flags_of(differing[0])} differs"
    return Verdict(tuple(differing), tuple(same))


def _outputs(old: Path, new: Path, configuration: Mapping[str, int | None], function: str,
             inputs: Sequence[Sequence[int]],
             settings: Settings) -> tuple[list[str], list[str]]:
    """Outputs of old and new (the same at every optimisation level, asserted),
    built as the engine's compiled replay builds a configuration: the settings'
    fixed `defines` too, and BusyBox's `IF_X(...)` macros of each `ENABLE_X`."""
    flags = compiler_flags(configuration, settings)
    results = []
    for path in (old, new):
        runs = [run(path, flags, level, function, inputs) for level in OPTIMISATIONS]
        assert all(r == runs[0] for r in runs), f"{path.name} {flags}: -O levels disagree"
        results.append(runs[0])
    return results[0], results[1]


def _first_difference(inputs: Sequence[Sequence[int]], old: list[str],
                      new: list[str]) -> str:
    for point, a, b in zip(inputs, old, new, strict=True):
        if a != b:
            return f"inputs {point}: old {a}, new {b}"
    return "none"


def _formula(text: str, features: Mapping[str, Feature], settings: Settings):  # type: ignore[no-untyped-def]
    return parse_model(tokens_of(text, "<head>"), dict(features), settings)
