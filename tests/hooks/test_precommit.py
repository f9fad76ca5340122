"""What `liftdiff hook run pre-commit` checks when the pre-commit framework names refs
or files (canned engine; tests/hooks/test_e2e.py runs the framework itself)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hooks.gitrepo import INDEX, WORKTREE, Repo
from hooks.precommit import hook_step, named_refs
from tests.hooks.productline import STEPS, apply_step, build_history, git
from tests.hooks.test_cli import run
from tests.hooks.test_e2e import BLOCKED, TRAILER

pytestmark = pytest.mark.git


@pytest.mark.parametrize(
    ("env", "refs"),
    [
        ({"PRE_COMMIT_FROM_REF": "a", "PRE_COMMIT_TO_REF": "b"}, ("a", "b")),
        ({"PRE_COMMIT_ORIGIN": "a", "PRE_COMMIT_SOURCE": "b"}, ("a", "b")),  # pre-commit < 2
        ({"PRE_COMMIT_FROM_REF": "a"}, None),
        ({"PRE_COMMIT_FROM_REF": "", "PRE_COMMIT_TO_REF": "b"}, None),
        ({}, None),
    ],
)
def test_named_refs(env: dict[str, str], refs: tuple[str, str] | None) -> None:
    assert named_refs(env) == refs


def test_hook_step_per_case(tmp_path: Path) -> None:
    shas = build_history(tmp_path / "repo", upto=3)
    repo = Repo(str(tmp_path / "repo"))
    step, commits = hook_step(repo, refs_env(shas[0], "HEAD"), [])
    assert (step.old, step.new, step.paths) == (shas[0], shas[2], None)
    assert [c.sha for c in commits] == shas[1:]
    step, commits = hook_step(repo, {}, ["src/clamp.c", "./include/pl.h"])
    assert (step.old, step.new, step.paths) == (
        shas[2],
        WORKTREE,
        frozenset({"src/clamp.c", "include/pl.h"}),
    )
    assert commits == []
    assert hook_step(repo, {}, [])[0].new == INDEX


@pytest.fixture
def history(tmp_path: Path) -> tuple[Path, list[str]]:
    """Steps 01-03 committed: 02 a refactor (equivalent), 03 a behaviour change."""
    path = tmp_path / "repo"
    return path, build_history(path, upto=3)


def refs_env(old: str, new: str) -> dict[str, str]:
    return {"PRE_COMMIT_FROM_REF": old, "PRE_COMMIT_TO_REF": new}


def test_refs_check_the_net_change_of_the_range(history: tuple[Path, list[str]]) -> None:
    path, shas = history
    code, _, err = run("hook", "run", "pre-commit", "-C", str(path), env=refs_env(shas[0], shas[2]))
    assert code == 1
    assert BLOCKED in err and "pl_scale (src/scale.c:" in err
    code, _, err = run("hook", "run", "pre-commit", "-C", str(path), env=refs_env(shas[0], shas[1]))
    assert (code, err) == (0, "")


def test_refs_honour_a_trailer_in_a_commit_of_the_range(history: tuple[Path, list[str]]) -> None:
    path, shas = history
    git(path, "commit", "-q", "--amend", "-m", f"{STEPS[2].message}\n\n{TRAILER}\n")
    head = git(path, "rev-parse", "HEAD").stdout.strip()
    code, _, err = run("hook", "run", "pre-commit", "-C", str(path), env=refs_env(shas[0], head))
    assert code == 0
    assert "intended behaviour change (Behavior-Change trailer)" in err


def test_named_files_are_checked_in_the_work_tree(tmp_path: Path) -> None:
    """`pre-commit run --all-files` / `--files`: unstaged edits of the named files count."""
    path = tmp_path / "repo"
    build_history(path, upto=2)
    apply_step(path, STEPS[2])  # pl_scale changes behaviour; nothing is staged
    assert run("hook", "run", "pre-commit", "-C", str(path)) == (0, "", "")
    code, _, err = run("hook", "run", "pre-commit", "src/scale.c", "src/clamp.c", "-C", str(path))
    assert code == 1 and BLOCKED in err
    code, _, err = run("hook", "run", "pre-commit", "src/clamp.c", "-C", str(path))
    assert (code, err) == (0, "")


def test_commit_msg_stage_still_takes_the_message_file(tmp_path: Path) -> None:
    path = tmp_path / "repo"
    build_history(path, upto=2)
    apply_step(path, STEPS[2])
    git(path, "add", "-A")
    message = path / "MSG"
    message.write_text(f"undo\n\n{TRAILER}\n")
    code, _, err = run("hook", "run", "commit-msg", str(message), "-C", str(path))
    assert code == 0 and "intended behaviour change" in err


def test_a_named_header_rechecks_the_files_that_include_it(tmp_path: Path) -> None:
    path = tmp_path / "repo"
    build_history(path, upto=4)
    apply_step(path, STEPS[4])  # include/pl.h: PL_LIMIT 100 -> 128, clamp.c not named
    code, _, err = run("hook", "run", "pre-commit", "include/pl.h", "-C", str(path))
    assert code == 1
    assert "pl_clamp (src/clamp.c:4) NOT_EQUIVALENT" in err
