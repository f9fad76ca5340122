"""The fixture history and the canned engine are what the fixture's files say."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hooks.productline import STEPS, build_history, canned_answers, git


@pytest.mark.git
def test_history_builds_one_commit_per_step(tmp_path: Path) -> None:
    shas = build_history(tmp_path / "repo")
    assert len(shas) == len(STEPS) == 6
    log = git(tmp_path / "repo", "log", "--format=%s", "--reverse").stdout.splitlines()
    assert log == [step.message.splitlines()[0] for step in STEPS]


def test_canned_answers_cover_exactly_the_checked_changes() -> None:
    assert sorted(canned_answers().values()) == [
        "EQUIVALENT",
        "EQUIVALENT",
        "EQUIVALENT",
        "NOT_EQUIVALENT",
        "NOT_EQUIVALENT",
    ]
