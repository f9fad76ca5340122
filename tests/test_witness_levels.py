"""The witnesses of NOT_EQUIVALENT cases replay under gcc at -O2 as they do at
-O0: each case is checked again with every replay build at -O2 (a later `-O`
wins over the harness's -O0), and its witness must still be confirmed by the
compiled program. Covers the libc functions and the NULL-arithmetic rules whose
witnesses run real glibc code (slow: one full check per case)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest

import checker.replay.replay as replay
from checker.api import check_pair
from checker.types import ReplayMethod, Settings, SourceFile, Verdict
from checker.variability import compiler_flags
from tests import CASES

CASES_AT_O2 = (
    "libc_strncat_neq", "libc_stpcpy_neq", "libc_mempcpy_neq", "libc_strchrnul_neq",
    "libc_memrchr_neq", "libc_strcasecmp_neq", "libc_strncasecmp_neq", "libc_atoi_neq",
    "libc_strtol_neq", "libc_strtoul_neq", "null_arithmetic_neq", "null_deref_trap_neq",
    "null_compare_neq", "global_address_helper_neq",
)


@pytest.mark.slow
@pytest.mark.gcc
@pytest.mark.parametrize("case", CASES_AT_O2)
def test_witness_replays_at_O2(case: str, monkeypatch: pytest.MonkeyPatch,
                               tmp_path: Path) -> None:
    built = tmp_path / "built"  # the checks run in a child process: a file tells

    def at_o2(configuration: Mapping[str, int | None], settings: Settings) -> list[str]:
        built.touch()
        return [*compiler_flags(configuration, settings), "-O2"]

    monkeypatch.setattr(replay, "compiler_flags", at_o2)
    folder = CASES / case
    expect = json.loads((folder / "expect.json").read_text())
    old, new = (SourceFile.read(str(folder / f"{side}.c")) for side in ("old", "new"))
    (result,) = check_pair(old, new, Settings(timeout=60, solver_timeout=30),
                           [expect["function"]]).results
    assert result.verdict is Verdict.NOT_EQUIVALENT, result.reason
    assert built.exists()  # the replays were built with -O2
    for entry in result.neq_summary:
        assert ReplayMethod.COMPILER in entry.witness.replayed_by, entry
