"""Structs declared with every configuration's members (`CParser.member_list`):
what the lifting does, and that a witness found so holds for the real build."""

from __future__ import annotations

import itertools
import os
import random
import subprocess
from pathlib import Path

import pytest

from checker.api import check_pair
from checker.frontend.preprocess import declare_members
from checker.types import Settings, SourceFile, Verdict
from checker.variability.types import MemberEdit
from tests import CASES, HAVE_GCC


def test_the_replay_text_declares_the_members_and_keeps_macros_under_their_conditions() -> None:
    """The group's directives go; a `#define` between them stays under the same
    branch (hush defines `G_interactive_fd` as the member or as 0 there); an
    `IF_X(...)` member is opened; a `#line` marker keeps the numbering."""
    text = ('#line 3 "a.c"\nstruct s {\n#if X\n    int a;\n# define GA (G.a)\n#elif Y\n'
            '    int b;\n#else\n# define GA 0\n#endif\n    IF_Y(int c;) int d;\n};\n'
            '#line 40 "b.h"\n#if X\nint k;\n#endif\n')
    edits = [MemberEdit("a.c", (4, 7, 9, 11)), MemberEdit("a.c", (12,), "IF_Y")]
    assert declare_members(text, edits) == (
        '#line 3 "a.c"\nstruct s {\n\n    int a;\n#if X\n# define GA (G.a)\n#endif\n'
        '#line 7 "a.c"\n\n    int b;\n\n#if X\n#elif Y\n#else\n# define GA 0\n#endif\n'
        '#line 11 "a.c"\n\n    int c; int d;\n};\n#line 40 "b.h"\n#if X\nint k;\n#endif\n')


@pytest.mark.skipif(not HAVE_GCC, reason="needs gcc")
def test_a_witness_on_every_member_replays_on_the_real_layout(tmp_path: Path) -> None:
    """The witness was found (and replayed) with `to` declared in every build; the
    real build without VERBOSE has no `to` and `ident` 8 bytes nearer the start.
    Set by name from the witness, its members give the witness's outputs there,
    at -O0 and -O2: the difference is the real program's."""
    case = CASES / "struct_member_superset_neq"
    report = check_pair(SourceFile.read(str(case / "old.c")), SourceFile.read(str(case / "new.c")),
                        Settings(timeout=60), ["f"])
    (result,) = report.results
    assert result.verdict is Verdict.NOT_EQUIVALENT, result.reason
    witness = result.neq_summary[0].witness
    assert dict(witness.configuration) == {"VERBOSE": 0}
    inputs = dict(witness.inputs)
    (members,) = inputs["*g"]
    for version, outputs in (("old", witness.old_output), ("new", witness.new_output)):
        harness = tmp_path / f"{version}_main.c"
        harness.write_text(
            f'#include <stdio.h>\n#include "{case / version}.c"\n'
            "int main(void) {\n    struct globals g = {0};\n"
            f"    g.ident = {members['ident']}u;\n    g.port = {members['port']};\n"
            f'    printf("%d\\n", f(&g, {inputs["n"]}));\n    return 0;\n}}\n')
        for level in ("-O0", "-O2"):
            binary = tmp_path / f"{version}{level}"
            subprocess.run(["gcc", level, "-UVERBOSE", "-o", str(binary), str(harness)],
                           check=True)
            shown = subprocess.run([str(binary)], check=True, capture_output=True, text=True)
            assert int(shown.stdout) == dict(outputs)["return"], (version, level)


_FEATURES = ("FA", "FB")
_TYPES = ("int", "short", "unsigned char", "long")


def _generated_pair(seed: int) -> tuple[str, str, list[tuple[str, str | None]],
                                         list[tuple[str, str | None]]]:
    """A struct with members under `#ifdef FA`/`FB` (or none), a function reading
    some of them, each under its own member's `#ifdef`, and a new version that
    reads one of them differently, reads another member under the same
    condition, is the old one reordered, or adds a member at the end of the
    struct (conditional or not) and reads it. Returns the texts and each
    version's members."""
    rng = random.Random(seed)
    members = [(f"m{k}", rng.choice((None, *_FEATURES))) for k in range(5)]
    types = rng.choices(_TYPES, k=6)
    change = rng.choice(("scale", "member", "reorder", "append"))
    new_members = [*members, ("m5", rng.choice((None, *_FEATURES)))] if change == "append" \
        else members

    def struct(which: list[tuple[str, str | None]]) -> str:
        lines = ["struct s {"]
        for (name, feature), ctype in zip(which, types, strict=False):
            lines += [f"#ifdef {feature}"] if feature else []
            lines.append(f"\t{ctype} {name};")
            lines += ["#endif"] if feature else []
        return "\n".join([*lines, "};"]) + "\nint f(struct s *p, int x)\n{\n\tint r = x;\n"

    def read(name: str, feature: str | None, scale: int) -> str:
        term = f"\tr += {scale} * (int)p->{name};\n"
        return f"#ifdef {feature}\n{term}#endif\n" if feature else term

    reads = [(n, f, k + 1) for k, (n, f) in enumerate(rng.sample(members, 3))]
    new_reads = list(reads)
    if change == "scale":
        n, f, k = new_reads[0]
        new_reads[0] = (n, f, k + 1)
    elif change == "member":
        n, f, k = new_reads[0]
        others = [m for m in members if m[1] == f and m[0] != n]
        new_reads[0] = (others[0][0], f, k) if others else (n, f, k)
    elif change == "reorder":
        new_reads.reverse()
    else:
        new_reads.append((*new_members[-1], 7))
    old = struct(members) + "".join(read(*r) for r in reads) + "\treturn r;\n}\n"
    new = struct(new_members) + "".join(read(*r) for r in new_reads) + "\treturn r;\n}\n"
    return old, new, members, new_members


def _real_returns(source: str, members: list[tuple[str, str | None]], configuration: set[str],
                  samples: list[tuple[int, dict[str, int]]], work: Path) -> list[int]:
    """f's returns in the real build of `configuration` (-D each feature in it),
    the struct's members set by name."""
    present = [n for n, f in members if f is None or f in configuration]
    calls = "".join(
        "\t{ struct s g = {0}; " + "".join(f"g.{n} = {values[n]}; " for n in present)
        + f'printf("%d\\n", f(&g, {x})); }}\n' for x, values in samples)
    path = work / "main.c"
    path.write_text(f"#include <stdio.h>\n{source}\nint main(void)\n{{\n{calls}\treturn 0;\n}}\n")
    binary = work / "main"
    subprocess.run(["gcc", "-O2", "-fwrapv", *(f"-D{f}" for f in sorted(configuration)),
                    "-o", str(binary), str(path)], check=True)
    shown = subprocess.run([str(binary)], check=True, capture_output=True, text=True)
    return [int(line) for line in shown.stdout.split()]


@pytest.mark.gcc
@pytest.mark.parametrize("seed", range(int(os.environ.get("LIFTDIFF_SUPERSET_SEEDS", "8"))))
def test_generated_superset_verdicts_hold_in_every_real_build(seed: int, tmp_path: Path) -> None:
    """Generated pairs over a struct with conditional members: EQUIVALENT means no
    real build (each configuration's own layout, gcc -O2) differs on sampled
    members; NOT_EQUIVALENT means the witness, its members set by name, gives
    its outputs in its configuration's real build. Eight seeds by default;
    LIFTDIFF_SUPERSET_SEEDS=N for more (60 passed on 2026-11-29)."""
    old, new, old_members, new_members = _generated_pair(seed)
    report = check_pair(SourceFile("old.c", old), SourceFile("new.c", new), Settings(timeout=60),
                        ["f"])
    (result,) = report.results
    rng = random.Random(seed)
    samples = [(rng.randrange(-50, 50), {n: rng.randrange(0, 100) for n, _ in new_members})
               for _ in range(6)]
    configurations = [set(c) for k in range(3) for c in itertools.combinations(_FEATURES, k)]
    if result.verdict is Verdict.EQUIVALENT:
        for configuration in configurations:
            assert (_real_returns(old, old_members, configuration, samples, tmp_path)
                    == _real_returns(new, new_members, configuration, samples, tmp_path)), \
                configuration
        return
    if result.verdict is Verdict.UNSUPPORTED:  # an added member that moves the alignment
        assert "(signature change)" in (result.reason or ""), result.reason
        return
    assert result.verdict is Verdict.NOT_EQUIVALENT, (result.verdict, result.reason)
    for entry in result.neq_summary:
        witness = entry.witness
        configuration = {f for f, v in dict(witness.configuration).items() if v}
        inputs = dict(witness.inputs)
        (fields,) = inputs["*p"]
        point = [(inputs["x"], {n: int(fields.get(n, 0)) for n, _ in new_members})]
        assert _real_returns(old, old_members, configuration, point, tmp_path) == \
            [dict(witness.old_output)["return"]]
        assert _real_returns(new, new_members, configuration, point, tmp_path) == \
            [dict(witness.new_output)["return"]]
