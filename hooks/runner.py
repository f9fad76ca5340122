"""Run function-pair checks: cache first, then the engine, within a time budget.

The checking function is a parameter (default `checker.api.check_pair`) so the
git side can be tested with canned reports. Whatever goes wrong inside one
check becomes that function's ERROR/UNSUPPORTED result; nothing here raises
for a single bad function.
"""

from __future__ import annotations

import dataclasses
import enum
import multiprocessing
import time
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass

from checker.api import check_pair
from checker.errors import LiftdiffError, ParseError, UnsupportedError
from checker.frontend.changes import FunctionChange, text_result
from checker.types import FunctionResult, ProgressFn, Report, Settings, SourceFile, Verdict
from hooks.cache import ResultCache
from hooks.plan import Task

CheckFn = Callable[
    [SourceFile, SourceFile, Settings, Sequence[str] | None, ProgressFn | None], Report
]
TIME_BUDGET_REASON = "time budget used up before this function was checked"


class Source(enum.Enum):
    """Where an outcome's result came from."""

    ENGINE = "engine"
    CACHE = "cache"
    BUDGET = "budget"
    """Not checked: the time budget was used up first."""
    TEXT = "text"
    """Decided from the token text alone (cosmetic change, pure rename)."""


@dataclass(frozen=True)
class Outcome:
    """The result for one changed function and where it came from."""

    change: FunctionChange
    result: FunctionResult
    source: Source
    key: str | None = None

    @property
    def cached(self) -> bool:
        return self.source is Source.CACHE


def _result(change: FunctionChange, verdict: Verdict, reason: str) -> FunctionResult:
    return FunctionResult(
        function=change.function, old=change.old, new=change.new, verdict=verdict, reason=reason
    )


def text_outcome(change: FunctionChange) -> Outcome:
    return Outcome(change, text_result(change), Source.TEXT)


def check_task(check: CheckFn, task: Task, settings: Settings) -> FunctionResult:
    """One engine call for one function; every failure becomes a result."""
    change = task.change
    try:
        report = check(task.old, task.new, settings, [change.function], None)
    except (UnsupportedError, ParseError) as exc:  # str() carries the file:line
        return _result(change, Verdict.UNSUPPORTED, str(exc))
    except LiftdiffError as exc:
        return _result(change, Verdict.ERROR, str(exc))
    except Exception as exc:  # an engine bug must not stop a hook or a scan
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        where = f"{frame.filename.rsplit('/', 1)[-1]}:{frame.lineno}"
        return _result(
            change, Verdict.ERROR, f"internal error: {type(exc).__name__}: {exc} ({where})"
        )
    for result in report.results:
        if result.function == change.function:
            return result
    return _result(change, Verdict.ERROR, "internal error: the engine returned no result")


def _budget_settings(settings: Settings, remaining: float | None) -> Settings:
    if remaining is None or remaining >= settings.timeout:
        return settings
    return settings.overlay(
        {"timeout": remaining, "solver_timeout": min(settings.solver_timeout, remaining)}
    )


def run_tasks(
    tasks: Sequence[Task],
    settings: Settings,
    cache: ResultCache | None = None,
    check: CheckFn = check_pair,
    budget: float | None = None,
    jobs: int = 1,
    on_done: Callable[[Outcome], None] | None = None,
    clock: Callable[[], float] = time.monotonic,
    on_start: Callable[[Task], None] | None = None,
) -> list[Outcome]:
    """Outcomes in task order. Pairs with the same key are checked once.

    With `budget`, no check starts after `budget` seconds and each check gets at
    most the time left; unstarted ones are UNKNOWN("time budget"), never cached.
    The checks then start smallest pair first (`Task.size`), so that a budget
    that a few huge functions would use up still decides the small ones.
    With `jobs` > 1 checks run in separate processes (z3 is not thread-safe), so
    `check` must then be a picklable module-level function.
    """
    start = clock()
    outcomes: dict[int, Outcome] = {}
    pending: dict[str, list[int]] = {}
    for index, task in enumerate(tasks):
        hit = cache.get(task.key) if cache else None
        if hit is not None:
            located = dataclasses.replace(hit, old=task.change.old, new=task.change.new)
            _finish(outcomes, index, Outcome(task.change, located, Source.CACHE, task.key), on_done)
        else:
            pending.setdefault(task.key, []).append(index)

    def remaining() -> float | None:
        return None if budget is None else budget - (clock() - start)

    def record(key: str, result: FunctionResult) -> None:
        if cache:
            cache.put(key, result)
        first, *rest = pending[key]
        _finish(outcomes, first, Outcome(tasks[first].change, result, Source.ENGINE, key), on_done)
        for index in rest:
            copy = dataclasses.replace(
                result, old=tasks[index].change.old, new=tasks[index].change.new
            )
            _finish(outcomes, index, Outcome(tasks[index].change, copy, Source.CACHE, key), on_done)

    keys = list(pending)
    if budget is not None:  # the small pairs first: a few huge ones leave them unchecked
        keys.sort(key=lambda k: tasks[pending[k][0]].size)
    if jobs <= 1:
        for key in keys:
            left = remaining()
            if left is not None and left <= 0:
                break
            task = tasks[pending[key][0]]
            if on_start:
                on_start(task)
            record(key, check_task(check, task, _budget_settings(settings, left)))
    else:
        _run_parallel(keys, pending, tasks, settings, check, jobs, remaining, record, on_start)
    for key in keys:
        for index in pending[key]:
            if index not in outcomes:
                change = tasks[index].change
                unknown = _result(change, Verdict.UNKNOWN, TIME_BUDGET_REASON)
                _finish(outcomes, index, Outcome(change, unknown, Source.BUDGET, key), on_done)
    return [outcomes[i] for i in range(len(tasks))]


def _finish(
    outcomes: dict[int, Outcome],
    index: int,
    outcome: Outcome,
    on_done: Callable[[Outcome], None] | None,
) -> None:
    outcomes[index] = outcome
    if on_done:
        on_done(outcome)


def _run_parallel(
    keys: list[str],
    pending: dict[str, list[int]],
    tasks: Sequence[Task],
    settings: Settings,
    check: CheckFn,
    jobs: int,
    remaining: Callable[[], float | None],
    record: Callable[[str, FunctionResult], None],
    on_start: Callable[[Task], None] | None,
) -> None:
    queue = list(reversed(keys))
    running: dict[Future[FunctionResult], str] = {}
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        while queue or running:
            while queue and len(running) < jobs:
                left = remaining()
                if left is not None and left <= 0:
                    queue.clear()
                    break
                key = queue.pop()
                task = tasks[pending[key][0]]
                if on_start:
                    on_start(task)
                future = pool.submit(check_task, check, task, _budget_settings(settings, left))
                running[future] = key
            if not running:
                break
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                key = running.pop(future)
                try:
                    result = future.result()
                except Exception as exc:  # a worker that died (memory, signal)
                    change = tasks[pending[key][0]].change
                    result = _result(change, Verdict.ERROR, f"internal error: worker failed: {exc}")
                record(key, result)
