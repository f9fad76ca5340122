"""Planning each commit of the fixture history: the changes and notes its expect.json lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.frontend.changes import ChangeKind
from hooks.config import load_config
from hooks.gitrepo import Repo
from hooks.plan import plan_changes
from tests.hooks.productline import STEPS, FixtureStep, History, build_history

pytestmark = pytest.mark.git


@pytest.mark.parametrize("index", range(len(STEPS)), ids=[s.name for s in STEPS])
def test_step_matches_its_expectation(repo: Repo, history: History, index: int) -> None:
    shas = history.shas
    step: FixtureStep = STEPS[index]
    config = load_config(repo.root)
    old = shas[index - 1] if index else None
    plan = plan_changes(
        repo.deltas(old, shas[index]),
        repo.snapshot(old),
        repo.snapshot(shas[index]),
        config.settings,
        config.policy.wants,
    )
    assert {c.function: c.kind.value for c in plan.changes} == {
        name: kind for name, (kind, _) in step.expect["changes"].items()
    }
    assert {n.path: n.message for n in plan.notes} == step.expect["notes"]
    assert [t.change.function for t in plan.tasks] == [
        name
        for name, (kind, _) in step.expect["changes"].items()
        if ChangeKind(kind).checked
    ]


def test_task_carries_headers_of_the_same_revision(repo: Repo, history: History) -> None:
    shas = history.shas
    config = load_config(repo.root)
    plan = plan_changes(
        repo.deltas(shas[3], shas[4]),
        repo.snapshot(shas[3]),
        repo.snapshot(shas[4]),
        config.settings,
        config.policy.wants,
    )
    (task,) = plan.tasks
    assert task.old.path == task.new.path == "src/clamp.c"
    assert "#define PL_LIMIT 100" in task.old.headers["include/pl.h"]
    assert "#define PL_LIMIT 128" in task.new.headers["include/pl.h"]
    assert task.old.text == task.new.text
    assert len(task.key) == 64


def test_files_outside_policy_paths_are_ignored(repo: Repo, history: History) -> None:
    shas = history.shas
    plan = plan_changes(
        repo.deltas(shas[1], shas[2]),
        repo.snapshot(shas[1]),
        repo.snapshot(shas[2]),
        load_config(repo.root).settings,
        lambda path: path.startswith("include/"),
    )
    assert plan.changes == () and plan.tasks == () and plan.notes == ()


def test_root_commit_lists_every_function_as_added(tmp_path: Path) -> None:
    path = tmp_path / "repo"
    (sha,) = build_history(path, upto=1)
    repo = Repo(str(path))
    plan = plan_changes(
        repo.deltas(None, sha),
        repo.snapshot(None),
        repo.snapshot(sha),
        load_config(repo.root).settings,
        load_config(repo.root).policy.wants,
    )
    assert [(c.kind.value, c.function, str(c.location)) for c in plan.changes] == [
        ("added", "pl_clamp", "src/clamp.c:4"),
        ("added", "pl_sign", "src/clamp.c:17"),
        ("added", "twice", "src/scale.c:4"),
        ("added", "pl_scale", "src/scale.c:15"),
    ]
