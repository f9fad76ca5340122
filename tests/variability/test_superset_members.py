"""Structs declared with every configuration's members (`CParser.member_list`):
what the lifting does, and that a witness found so holds for the real build."""

from __future__ import annotations

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
