"""Analyse one or many revision steps (old -> new) into per-commit outcomes.

All steps are planned first (git and text work only; with `--jobs`, in worker
processes, and within the time budget), then every pair that is not cached is
checked in one batch, so `--jobs` parallelism spans commits and a pair that
recurs in several commits is solved once. A commit whose results
are all decided is recorded whole, so a repeated scan skips even the git work.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from checker.errors import ConfigError
from checker.frontend.changes import FunctionChange
from checker.types import Report, Verdict, join_verdicts
from hooks.cache import DECIDED, ResultCache, settings_key, versions
from hooks.codec import change_from_dict, change_to_dict, result_from_dict, result_to_dict
from hooks.config import Config
from hooks.gitrepo import CommitInfo, FileDelta, Repo
from hooks.plan import FileNote, Plan, Task, plan_changes
from hooks.runner import CheckFn, Outcome, Source, run_tasks, text_outcome


@dataclass(frozen=True)
class Step:
    """Compare `new` with `old` (None: the empty tree); `commit` names a real commit."""

    old: str | None
    new: str
    label: str
    commit: CommitInfo | None = None
    paths: frozenset[str] | None = None
    """Only these changed paths (the files pre-commit names); None: every changed path.
    Files that include a named header are still re-checked."""

    def deltas(self, repo: Repo) -> list[FileDelta]:
        deltas = repo.deltas(self.old, self.new)
        if self.paths is None:
            return deltas
        return [d for d in deltas if {d.old_path, d.new_path} & self.paths]


@dataclass(frozen=True)
class CommitOutcome:
    step: Step
    changes: tuple[FunctionChange, ...]
    outcomes: tuple[Outcome, ...]
    """One per checked or text-decided change, in change order."""
    notes: tuple[FileNote, ...]
    from_record: bool = False

    @property
    def report(self) -> Report:
        return Report(tuple(o.result for o in self.outcomes))

    @property
    def verdict(self) -> Verdict:
        return join_verdicts(o.result.verdict for o in self.outcomes)

    @property
    def unchecked(self) -> tuple[FunctionChange, ...]:
        return tuple(c for c in self.changes if c.kind.listed_only)


@dataclass(frozen=True)
class RunStats:
    commits: int
    recorded: int
    """Commits taken whole from an earlier run's record (no git or engine work)."""
    planned: int
    cached: int
    checked: int
    """Engine calls made in this run (0 on a fully cached re-run)."""


def record_scope(config: Config) -> str:
    payload = json.dumps(
        [settings_key(config.settings), config.policy.paths, config.policy.exclude, versions()]
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def _record(outcome: CommitOutcome) -> dict[str, Any]:
    return {
        "changes": [change_to_dict(c) for c in outcome.changes],
        "results": [result_to_dict(o.result) for o in outcome.outcomes],
        "notes": [{"path": n.path, "message": n.message} for n in outcome.notes],
    }


def _from_record(step: Step, record: dict[str, Any]) -> CommitOutcome:
    changes = tuple(change_from_dict(c) for c in record["changes"])
    shown = [c for c in changes if c.kind.checked or c.kind.by_text]
    results = [result_from_dict(r) for r in record["results"]]
    if len(shown) != len(results):
        raise ConfigError("stored commit record does not match its changes")
    outcomes = tuple(Outcome(c, r, Source.CACHE) for c, r in zip(shown, results, strict=True))
    notes = tuple(FileNote(n["path"], n["message"]) for n in record["notes"])
    return CommitOutcome(step, changes, outcomes, notes, from_record=True)


PLAN_BUDGET_NOTE = "time budget used up before this commit was planned"
_UNPLANNED = Plan((), (), (FileNote("-", PLAN_BUDGET_NOTE),), failed=True)


def _not_analysed(exc: Exception) -> Plan:
    """A commit that could not be planned (one unreadable commit, or a planning
    worker that died, must not stop a scan): a note."""
    return Plan((), (), (FileNote("-", f"could not analyse: {exc}"),), failed=True)


def _plan_step(repo: Repo, step: Step, config: Config,
               functions: frozenset[str] | None) -> Plan:
    """One step's changes and checks."""
    try:
        return plan_changes(step.deltas(repo), repo.snapshot(step.old),
                            repo.snapshot(step.new), config.settings, config.policy.wants,
                            functions)
    except Exception as exc:
        return _not_analysed(exc)


def _plan_in_worker(root: str, step: Step, config: Config,
                    functions: frozenset[str] | None) -> Plan:
    return _plan_step(Repo(root), step, config, functions)


def _plans(
    repo: Repo, steps: Sequence[Step], indices: Sequence[int], config: Config,
    functions: frozenset[str] | None, jobs: int, left: Callable[[], float | None],
) -> Iterator[tuple[int, Plan]]:
    """(index, plan) of each of `indices`, in order: with `jobs` > 1 planned in
    worker processes (reading a commit's files is git and text work, seconds per
    commit of a large file: a long scan's first minutes). A step not started
    before the budget is used up gets a note and no checks."""
    if jobs <= 1 or len(indices) <= 1:
        for index in indices:
            remaining = left()
            yield index, (_UNPLANNED if remaining is not None and remaining <= 0
                          else _plan_step(repo, steps[index], config, functions))
        return
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"))
    futures: dict[int, Future[Plan]] = {}
    try:
        futures = {index: pool.submit(_plan_in_worker, repo.root, steps[index], config,
                                      functions) for index in indices}
        for index in indices:
            remaining = left()
            try:
                if remaining is not None and remaining <= 0:
                    raise TimeoutError
                plan = futures[index].result(timeout=remaining)
            except TimeoutError:
                plan = _UNPLANNED
            except Exception as exc:  # a worker that died
                plan = _not_analysed(exc)
            yield index, plan
    finally:  # the plans the budget cut off are not waited for, here or at exit
        busy = [p for p in (pool._processes or {}).values() if p.is_alive()]
        pool.shutdown(wait=False, cancel_futures=True)
        if not all(f.done() for f in futures.values()):
            for process in busy:
                process.terminate()


def analyze(
    repo: Repo,
    steps: Sequence[Step],
    config: Config,
    cache: ResultCache | None,
    check: CheckFn,
    budget: float | None = None,
    jobs: int = 1,
    functions: frozenset[str] | None = None,
    on_step: Callable[[Step], None] | None = None,
    on_planned: Callable[[int], None] | None = None,
    on_done: Callable[[Outcome], None] | None = None,
    on_start: Callable[[Task], None] | None = None,
) -> tuple[list[CommitOutcome], RunStats]:
    """Outcomes in step order, and how much work this run did.

    `budget` covers the whole run, planning included (a hook's promise to the user);
    `functions` keeps only the changes of those functions.
    """
    started = time.monotonic()
    scope = record_scope(config)
    recorded: dict[int, CommitOutcome] = {}
    unplanned: list[int] = []
    for index, step in enumerate(steps):
        if cache and step.commit and functions is None:  # a record holds every function
            record = cache.get_commit(step.commit.sha, scope)
            if record is not None:
                try:
                    recorded[index] = _from_record(step, record)
                    if on_step:
                        on_step(step)
                    continue
                except (ConfigError, KeyError, TypeError, ValueError):
                    pass  # an unreadable record is recomputed
        unplanned.append(index)

    def left() -> float | None:
        return None if budget is None else budget - (time.monotonic() - started)

    plans: dict[int, Plan] = {}
    failed: set[int] = set()
    for index, plan in _plans(repo, steps, unplanned, config, functions, jobs, left):
        if on_step:
            on_step(steps[index])
        plans[index] = plan
        if plan.failed:
            failed.add(index)
    tasks = [task for index in sorted(plans) for task in plans[index].tasks]
    if on_planned:
        on_planned(len(tasks))
    remaining = left()
    results = run_tasks(
        tasks, config.settings, cache, check,
        None if remaining is None else max(0.0, remaining), jobs, on_done, on_start=on_start,
    )
    by_change = iter(results)
    outcomes: list[CommitOutcome] = []
    for index, step in enumerate(steps):
        if index in recorded:
            outcomes.append(recorded[index])
            continue
        plan = plans[index]
        done: list[Outcome] = []
        for change in plan.changes:
            if change.kind.checked:
                done.append(next(by_change))
            elif change.kind.by_text:
                done.append(text_outcome(change))
        outcome = CommitOutcome(step, plan.changes, tuple(done), plan.notes)
        outcomes.append(outcome)
        if (
            cache
            and step.commit
            and functions is None
            and index not in failed
            and all(o.result.verdict in DECIDED for o in done)
        ):
            cache.put_commit(step.commit.sha, scope, _record(outcome))
    stats = RunStats(
        commits=len(steps),
        recorded=len(recorded),
        planned=len(tasks),
        cached=sum(1 for o in results if o.cached),
        checked=sum(1 for o in results if o.source is Source.ENGINE),
    )
    return outcomes, stats
