"""Analysing the fixture history with a canned engine: verdicts, cache reuse, records."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.types import Verdict
from hooks.analyze import PLAN_BUDGET_NOTE, Step, analyze, record_scope
from hooks.cache import ResultCache
from hooks.config import load_config
from hooks.gitrepo import Repo
from hooks.runner import Source
from tests.hooks.productline import (
    STEPS,
    CannedChecker,
    canned_answers,
)

pytestmark = pytest.mark.git


def steps(repo: Repo) -> list[Step]:
    return [Step(c.parent, c.sha, c.short, c) for c in repo.commits("HEAD")]


def test_history_verdicts_match_the_fixture(repo: Repo, tmp_path: Path) -> None:
    checker = CannedChecker(canned_answers())
    with ResultCache(str(tmp_path / "c.sqlite")) as cache:
        outcomes, stats = analyze(repo, steps(repo), load_config(repo.root), cache, checker)
    assert [o.step.commit.subject if o.step.commit else "" for o in outcomes] == [
        s.message.splitlines()[0] for s in STEPS
    ]
    for outcome, step in zip(outcomes, STEPS, strict=True):
        expected = {n: v for n, (_, v) in step.expect["changes"].items() if v}
        assert {o.result.function: o.result.verdict.value for o in outcome.outcomes} == expected
    assert checker.calls == ["pl_clamp", "pl_scale", "pl_signum", "pl_scale", "pl_clamp"]
    assert (stats.commits, stats.recorded, stats.planned, stats.cached, stats.checked) == (
        6,
        0,
        5,
        0,
        5,
    )
    assert outcomes[2].verdict is Verdict.NOT_EQUIVALENT
    assert outcomes[1].verdict is Verdict.EQUIVALENT
    assert [c.function for c in outcomes[3].unchecked] == ["pl_abs", "twice"]


def test_second_run_does_no_engine_work(repo: Repo, tmp_path: Path) -> None:
    config = load_config(repo.root)
    with ResultCache(str(tmp_path / "c.sqlite")) as cache:
        first, _ = analyze(repo, steps(repo), config, cache, CannedChecker(canned_answers()))
        again = CannedChecker(canned_answers())
        second, stats = analyze(repo, steps(repo), config, cache, again)
    assert again.calls == []
    assert (stats.recorded, stats.planned, stats.checked) == (6, 0, 0)
    assert [o.report for o in second] == [o.report for o in first]
    assert all(o.from_record for o in second)
    assert all(x.source is Source.CACHE for o in second for x in o.outcomes)


def test_pair_cache_serves_a_new_commit_range(repo: Repo, tmp_path: Path) -> None:
    """Results cached by a scan are reused when the same pairs come up elsewhere (a PR)."""
    config = load_config(repo.root)
    with ResultCache(str(tmp_path / "c.sqlite")) as cache:
        analyze(repo, steps(repo), config, cache, CannedChecker(canned_answers()))
        head = repo.resolve("HEAD~3")
        pr = Step(head.parent, head.sha, "pr")  # no commit: no record, pairs only
        again = CannedChecker(canned_answers())
        (outcome,), stats = analyze(repo, [pr], config, cache, again)
    assert again.calls == []
    assert (stats.planned, stats.cached, stats.checked) == (1, 1, 0)
    assert outcome.outcomes[0].result.verdict is Verdict.NOT_EQUIVALENT


def test_undecided_commits_are_not_recorded(repo: Repo, tmp_path: Path) -> None:
    config = load_config(repo.root)
    with ResultCache(str(tmp_path / "c.sqlite")) as cache:
        analyze(repo, steps(repo), config, cache, CannedChecker({}))  # every pair ERROR
        again = CannedChecker({})
        _, stats = analyze(repo, steps(repo), config, cache, again)
    assert again.calls == ["pl_clamp", "pl_scale", "pl_signum", "pl_scale", "pl_clamp"]
    assert stats.recorded == 2  # the commits without checked functions


def test_a_broken_commit_does_not_stop_the_others(repo: Repo, tmp_path: Path) -> None:
    good = steps(repo)[1]
    bad = Step("0" * 40, good.new, "bad")
    outcomes, _ = analyze(repo, [bad, good], load_config(repo.root), None, CannedChecker({}))
    assert outcomes[0].notes[0].message.startswith("could not analyse: ")
    assert [o.result.function for o in outcomes[1].outcomes] == ["pl_clamp", "pl_sign"]


@pytest.mark.parametrize("jobs", [1, 2])
def test_planning_counts_against_the_budget(repo: Repo, tmp_path: Path, jobs: int) -> None:
    """A budget used up before a commit is planned leaves that commit a note and
    no checks (planning a long history is minutes of git and text work), in
    worker processes too; such a commit is never recorded as done."""
    config = load_config(repo.root)
    checker = CannedChecker(canned_answers())
    with ResultCache(str(tmp_path / "c.sqlite")) as cache:
        outcomes, stats = analyze(repo, steps(repo), config, cache, checker, budget=0.0,
                                  jobs=jobs)
        assert all(cache.get_commit(o.step.commit.sha, record_scope(config)) is None
                   for o in outcomes if o.step.commit)
    assert checker.calls == []
    assert stats.planned == 0
    assert all([n.message for n in o.notes] == [PLAN_BUDGET_NOTE] for o in outcomes)
    assert all(not o.outcomes for o in outcomes)
