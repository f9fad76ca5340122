"""Data-driven verdict tests: each folder under tests/cases holds old.c, new.c and
expect.json (verdict, and for NOT_EQUIVALENT a predicate on the witness inputs
and/or the exact outputs, the summary's heads and bodies). Every NOT_EQUIVALENT
summary's bodies are read back as C and sampled (tests/lifted/sampling.py).
`"verdicts"` lists the verdicts a case accepts where the proof depends on time
(a loop against a library function's reference loop: EQUIVALENT, or UNKNOWN
when Spacer runs out of time on a loaded machine), never NOT_EQUIVALENT beside
EQUIVALENT.

Product-line keys: "heads" (the configurations the summary names, compared
as sets under the feature model), "witness_configuration" (some witness's
configuration includes these feature values, e.g. {"defined(X)": 1, "X": 0}
for `-DX=0`), "head_texts" (the heads exactly as printed: minimised under the
model), "gcc_exact" (gcc judges the verdict on every build: see
tests/gcc_judge.py; "gcc_values" adds macro values to try beyond undefined,
0 and 1)."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable
from pathlib import Path

import pytest
import z3

from checker.api import check_pair
from checker.driver import load_pair, merged_features
from checker.engines.fuzz import samples
from checker.frontend.frontend import load
from checker.lower.lower import lower_function
from checker.replay.interp import StepLimitExceeded
from checker.replay.replay import (
    CompiledVersion,
    compiled_replay,
    differences,
    observe,
    run_pair,
)
from checker.types import NeqEntry, ReplayMethod, Settings, SourceFile, Verdict
from checker.variability import to_z3
from checker.variability.lexer import tokens_of
from checker.variability.lift import parse_model
from checker.variability.types import named, presence_domain
from tests import CASES, HAVE_GCC
from tests.gcc_judge import judge
from tests.lifted.sampling import judge_bodies


def same_configurations(heads: list[str], expected: list[str], features: list[str],
                        integer: Iterable[str] = (), model: str = "1") -> bool:
    """Do two lists of heads (C conditions over features, `defined(X)` among
    them; boolean unless named in `integer`) cover the same configurations of
    the feature `model`?"""
    table = named(features)
    symbols = {name: z3.BitVec(name, 32) for name in features}

    def union(texts: list[str]) -> z3.BoolRef:
        return z3.Or(
            *[to_z3(parse_model(tokens_of(t, "<head>"), table, Settings()), symbols) for t in texts]
        )

    solver = z3.Solver()
    solver.add(*[z3.Or(s == 0, s == 1) for n, s in symbols.items() if n not in set(integer)])
    solver.add(to_z3(presence_domain(table.values()), symbols))
    solver.add(union([model]))
    solver.add(union(heads) != union(expected))
    return solver.check() == z3.unsat


_ATOM = re.compile(r"^(\S+) (==|!=|<=|>=|<|>) (-?\d+)$")


def witness_in_entry(entry: NeqEntry, features: list[str]) -> bool:
    """Does an entry's witness lie in the entry: its configuration in the head,
    its inputs in the body (the body's integer comparisons; other atoms, such
    as NULL tests and array cells, are not evaluated here)?"""
    table = named(features)
    symbols = {name: z3.BitVec(name, 32) for name in features}
    solver = z3.Solver()
    solver.add(to_z3(parse_model(tokens_of(entry.configurations, "<head>"), table, Settings()),
                     symbols))
    solver.add(*[symbols[n] == v for n, v in entry.witness.configuration.items() if n in symbols])
    if solver.check() != z3.sat:
        return False
    inputs = dict(entry.witness.inputs)
    for atom in entry.inputs.split(" && "):
        match = _ATOM.match(atom)
        if match and match[1] in inputs:
            value, bound = _number(inputs[match[1]]), int(match[3])
            holds = {"==": value == bound, "!=": value != bound, "<=": value <= bound,
                     ">=": value >= bound, "<": value < bound, ">": value > bound}[match[2]]
            if not holds:
                return False
    return True


def _number(value: object) -> float | int:
    """A witness value as a number (floats are hex-float strings, 'nan', '-inf')."""
    return float.fromhex(value) if isinstance(value, str) else value  # type: ignore[return-value]


def _cases() -> list[Path]:
    return sorted(p for p in CASES.iterdir() if (p / "expect.json").exists())


def _marked(case: Path) -> object:
    """A case as a test parameter: `"slow": true` in its expect.json (a proof that
    needs most of a minute even on an idle machine) puts it in the slow tier."""
    slow = json.loads((case / "expect.json").read_text()).get("slow", False)
    return pytest.param(case, marks=pytest.mark.slow) if slow else case


def _product_line_cases() -> list[Path]:
    return [p for p in _cases() if json.loads((p / "expect.json").read_text()).get("gcc_exact")]


@pytest.mark.parametrize("case", [_marked(c) for c in _cases()], ids=lambda p: p.name)
def test_case(case: Path) -> None:
    expect = json.loads((case / "expect.json").read_text())
    overrides = dict(expect.get("settings", {}))
    if "include_dirs" in overrides:  # relative to the case's folder
        overrides["include_dirs"] = [str(case / d) for d in overrides["include_dirs"]]
    settings = Settings(timeout=60, solver_timeout=30).overlay(overrides)
    old, new = SourceFile.read(str(case / "old.c")), SourceFile.read(str(case / "new.c"))
    report = check_pair(old, new, settings, [expect["function"]])
    (result,) = report.results
    accepted = expect.get("verdicts", [expect["verdict"]])
    assert expect["verdict"] in accepted
    assert not {"EQUIVALENT", "NOT_EQUIVALENT"} <= set(accepted)
    assert result.verdict.value in accepted, result.reason
    if "reason_contains" in expect:
        assert expect["reason_contains"] in (result.reason or "")
    if "features" in expect:
        assert list(result.features) == expect["features"]
    if "bound" in expect:
        assert result.bound == expect["bound"]
    if "assumption_contains" in expect:
        assert any(expect["assumption_contains"] in a for a in result.assumptions)
    if "reason_line" in expect:
        assert f":{expect['reason_line']}:" in (result.reason or "")
    if expect.get("gcc_exact") and HAVE_GCC:
        judge(case, result, settings, expect.get("gcc_values", {}))
    if result.verdict is not Verdict.NOT_EQUIVALENT:
        assert not result.neq_summary
        return
    if "heads" in expect:
        assert same_configurations(
            [e.configurations for e in result.neq_summary], expect["heads"], list(result.features),
            model=result.feature_model,
        )
    if "head_texts" in expect:  # minimised under the feature model
        assert [e.configurations for e in result.neq_summary] == expect["head_texts"]
    if "entries" in expect:
        assert len(result.neq_summary) == expect["entries"], result.neq_summary
    if "inputs" in expect:
        assert [e.inputs for e in result.neq_summary] == expect["inputs"]
    if "inputs_match" in expect:  # where a body holds values the solver picks
        assert len(result.neq_summary) == len(expect["inputs_match"])
        for entry, pattern in zip(result.neq_summary, expect["inputs_match"], strict=True):
            assert re.fullmatch(pattern, entry.inputs), (entry.inputs, pattern)
    if "witness_configuration" in expect:
        wanted = expect["witness_configuration"].items()
        assert any(wanted <= dict(e.witness.configuration).items()
                   for e in result.neq_summary), result.neq_summary
    for entry in result.neq_summary:
        assert witness_in_entry(entry, list(result.features)), entry
        assert entry.witness.old_output != entry.witness.new_output
        assert ReplayMethod.INTERPRETER in entry.witness.replayed_by
        if HAVE_GCC:
            assert ReplayMethod.COMPILER in entry.witness.replayed_by
    judgement = judge_bodies(old, new, settings, result)  # every body, read back as C
    assert not judgement.problems, judgement.problems
    witness = result.neq_summary[0].witness
    if "witness_check" in expect:
        assert eval(expect["witness_check"], {"inputs": dict(witness.inputs)}), witness.inputs
    if "output_check" in expect:
        scope = {"inputs": dict(witness.inputs), "old": dict(witness.old_output),
                 "new": dict(witness.new_output)}
        assert eval(expect["output_check"], scope), scope
    for side, outputs in expect.get("outputs", {}).items():
        actual = dict(witness.old_output if side == "old" else witness.new_output)
        assert actual == outputs, (side, actual)


_SHOW = r"""
#include <stdio.h>
static void __show_i(long long v) { printf("%lld\n", v); }
static void __show_u(unsigned long long v) { printf("%llu\n", v); }
static void __show_d(double v) { printf("%a\n", v); }
#define __SHOW(v) _Generic((v), float: __show_d, double: __show_d, unsigned int: __show_u, \
    unsigned long: __show_u, unsigned long long: __show_u, default: __show_i)(v)
"""
OPT_LEVELS = ("-O0", "-O2")


def _gcc_run(source: str, level: str, work: Path) -> str:
    import subprocess

    from checker.replay.compiled_replay import COMPILE_FLAGS

    path = work / "case.c"
    path.write_text(source)
    flags = [f for f in COMPILE_FLAGS if not f.startswith("-O")]
    built = subprocess.run(["gcc", *flags, level, str(path), "-o", str(work / "case"), "-lm"],
                           capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr[:2000]
    ran = subprocess.run([str(work / "case")], capture_output=True, text=True, check=False,
                         timeout=30)
    assert ran.returncode == 0, (level, ran.returncode, ran.stderr[:500])
    return ran.stdout


def _gcc_cases() -> list[Path]:
    return [p for p in _cases() if "gcc_samples" in json.loads((p / "expect.json").read_text())]


@pytest.mark.gcc
@pytest.mark.parametrize("case", _gcc_cases(), ids=lambda p: p.name)
def test_equivalent_case_agrees_under_gcc(case: Path, tmp_path: Path) -> None:
    """An EQUIVALENT case's versions print the same on its sample inputs, at -O0
    and -O2 alike (the samples avoid what the model makes a trap)."""
    expect = json.loads((case / "expect.json").read_text())
    assert expect["verdict"] == "EQUIVALENT"
    name = expect["function"]
    outputs = {}
    for side in ("old", "new"):
        text = (case / f"{side}.c").read_text()
        returns_void = re.search(rf"^\s*void\s+{name}\s*\(", text, re.MULTILINE) is not None
        calls = [f"{name}({', '.join(args)})" for args in expect["gcc_samples"]]
        body = "\n".join(f"    {c}; fflush(stdout);" if returns_void else f"    __SHOW({c});"
                         for c in calls)
        source = f"{text}\n{_SHOW}\nint main(void)\n{{\n{body}\n    return 0;\n}}\n"
        for level in OPT_LEVELS:
            outputs[side, level] = _gcc_run(source, level, tmp_path)
    assert len(set(outputs.values())) == 1, outputs


def _gcc_random_cases() -> list[Path]:
    return [c for c in _cases()
            if "gcc_random_samples" in json.loads((c / "expect.json").read_text())]


@pytest.mark.gcc
@pytest.mark.parametrize("case", _gcc_random_cases(), ids=lambda p: p.name)
@pytest.mark.parametrize("level", OPT_LEVELS)
def test_equivalent_case_agrees_under_gcc_on_random_inputs(case: Path, level: str) -> None:
    """An EQUIVALENT case, judged by gcc: old and new compiled at `level` behave
    the same on random inputs, and as the interpreter says. Inputs on which the
    interpreter does not finish (a length of 2**63) are outside partial
    equivalence and skipped (up to four times as many are drawn; a third of
    the samples wanted must finish). The case's samples are shared out
    between the levels (a seed each): every sample costs two builds, and the
    levels judge the same rules."""
    expect = json.loads((case / "expect.json").read_text())
    count = -(-expect["gcc_random_samples"] // len(OPT_LEVELS))
    assert expect["verdict"] == "EQUIVALENT"
    settings = Settings().overlay(expect.get("settings", {}))
    sources = [SourceFile.read(str(case / f"{tag}.c")) for tag in ("old", "new")]
    old, new = (lower_function(load(s, settings).program, expect["function"], settings)
                for s in sources)
    versions = [CompiledVersion(s.path, s.text, (level,)) for s in sources]
    finished = 0
    for sample in samples(old, new, 4 * count, seed=16 + OPT_LEVELS.index(level)):
        if finished == count:
            break
        pair = run_pair(old, new, sample, 20_000)
        assert pair is not None, sample
        assignment, *runs = pair
        if any(isinstance(run, StepLimitExceeded) for run in runs):
            continue
        finished += 1
        observed = [observe(cfa, result) for cfa, result in zip((old, new), runs, strict=True)]
        assert not differences(*observed, assignment), assignment
        replay = compiled_replay(old, new, *versions, assignment, *observed, "gcc")
        assert not replay.unavailable, replay.message
        assert not replay.differs, (assignment, replay.old, replay.new)
        assert replay.agrees_with_interpreter, (assignment, replay.old, replay.new, observed)
    assert finished * 3 >= count, finished


@pytest.mark.gcc
@pytest.mark.parametrize("case", _product_line_cases(), ids=lambda p: p.name)
def test_brute_force_agrees(case: Path) -> None:
    """The brute-force baseline (every distinct gcc-derived product pair) names
    the same configurations as the lifted summary (within the feature model:
    the lifted heads are minimised under it)."""
    expect = json.loads((case / "expect.json").read_text())
    settings = Settings(timeout=60, solver_timeout=30).overlay(expect.get("settings", {}))
    old, new = SourceFile.read(str(case / "old.c")), SourceFile.read(str(case / "new.c"))
    lifted, brute = (
        check_pair(old, new, dataclasses.replace(settings, brute_force=mode),
                   [expect["function"]]).results[0]
        for mode in (False, True))
    assert brute.verdict is lifted.verdict, brute.reason
    integer = [f.name for f in merged_features(*load_pair(old, new, settings)) if not f.boolean]
    assert same_configurations([e.configurations for e in lifted.neq_summary],
                               [e.configurations for e in brute.neq_summary],
                               list(lifted.features), integer, lifted.feature_model)
