"""Running pair checks: cache first, failures as results, time budget, dedup, parallel."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from checker.errors import InputError, ParseError, UnsupportedError
from checker.frontend.changes import ChangeKind, FunctionChange
from checker.location import Location
from checker.types import FunctionResult, Report, Settings, SourceFile, Verdict
from hooks.cache import ResultCache
from hooks.plan import Task
from hooks.runner import Source, check_task, run_tasks, text_outcome
from tests.hooks.productline import CannedChecker


def task(name: str, key: str | None = None, line: int = 1, size: int = 0) -> Task:
    change = FunctionChange(
        ChangeKind.MODIFIED, name, Location("a.c", line), Location("a.c", line + 1)
    )
    return Task(change, SourceFile("a.c", "old"), SourceFile("a.c", "new"), key or f"k-{name}",
                size)


class Recorder:
    """Returns EQUIVALENT for every function and remembers what it was asked."""

    def __init__(self, verdict: Verdict = Verdict.EQUIVALENT) -> None:
        self.calls: list[tuple[str, float]] = []
        self.verdict = verdict

    def __call__(
        self,
        old: SourceFile,
        new: SourceFile,
        settings: Settings,
        functions: Sequence[str] | None,
        progress: object = None,
    ) -> Report:
        name = (functions or ["?"])[0]
        self.calls.append((name, settings.timeout))
        return Report((FunctionResult(name, None, Location("a.c", 7), self.verdict),))


def raising(exc: BaseException):  # type: ignore[no-untyped-def]
    def check(*_: object) -> Report:
        raise exc

    return check


@pytest.mark.parametrize(
    ("exc", "verdict", "reason"),
    [
        (
            UnsupportedError("inline asm", Location("a.c", 3)),
            Verdict.UNSUPPORTED,
            "a.c:3: unsupported: inline asm",
        ),
        (
            ParseError("syntax error", Location("a.c", 5)),
            Verdict.UNSUPPORTED,
            "a.c:5: syntax error",
        ),
        (InputError("no function f"), Verdict.ERROR, "no function f"),
        (ZeroDivisionError("boom"), Verdict.ERROR, "internal error: ZeroDivisionError: boom"),
    ],
    ids=["unsupported", "parse", "input", "crash"],
)
def test_engine_failures_become_results(exc: Exception, verdict: Verdict, reason: str) -> None:
    result = check_task(raising(exc), task("f"), Settings())
    assert result.verdict is verdict
    assert result.reason is not None and result.reason.startswith(reason)
    assert result.new == Location("a.c", 2)


def test_missing_result_is_an_error() -> None:
    result = check_task(Recorder(), task("f"), Settings())
    assert result.verdict is Verdict.EQUIVALENT
    empty = check_task(lambda *_: Report(()), task("f"), Settings())
    assert (empty.verdict, empty.reason) == (
        Verdict.ERROR,
        "internal error: the engine returned no result",
    )


def test_cache_first_then_engine_and_cached_hits_get_current_locations(tmp_path: Path) -> None:
    checker = Recorder()
    with ResultCache(str(tmp_path / "c.sqlite")) as cache:
        first = run_tasks([task("f"), task("g")], Settings(), cache, checker)
        assert [o.source for o in first] == [Source.ENGINE, Source.ENGINE]
        again = run_tasks([task("f", line=30)], Settings(), cache, checker)
    assert [name for name, _ in checker.calls] == ["f", "g"]
    assert again[0].source is Source.CACHE
    assert again[0].result.new == Location("a.c", 31)


def test_same_key_is_checked_once() -> None:
    checker = Recorder()
    outcomes = run_tasks([task("f", "same"), task("f", "same", line=9)], Settings(), None, checker)
    assert len(checker.calls) == 1
    assert [o.source for o in outcomes] == [Source.ENGINE, Source.CACHE]
    assert outcomes[1].result.new == Location("a.c", 10)


def test_time_budget_turns_the_rest_unknown_and_caps_each_check(tmp_path: Path) -> None:
    now = [0.0]
    checker = Recorder()

    def slow(*args: object) -> Report:
        now[0] += 20.0
        return checker(*args)  # type: ignore[arg-type]

    with ResultCache(str(tmp_path / "c.sqlite")) as cache:
        outcomes = run_tasks(
            [task("a"), task("b"), task("c")],
            Settings(),
            cache,
            slow,
            budget=30.0,
            clock=lambda: now[0],
        )
        assert cache.get("k-c") is None
    assert checker.calls == [("a", 30.0), ("b", 10.0)]
    assert [o.source for o in outcomes] == [Source.ENGINE, Source.ENGINE, Source.BUDGET]
    assert outcomes[2].result.verdict is Verdict.UNKNOWN
    assert outcomes[2].result.reason == "time budget used up before this function was checked"


def test_a_budget_checks_the_small_pairs_first() -> None:
    """A budget that the huge pair would use up still decides the small ones;
    the outcomes stay in the tasks' order."""
    now = [0.0]
    checker = Recorder()

    def slow(*args: object) -> Report:
        now[0] += 20.0
        return checker(*args)  # type: ignore[arg-type]

    tasks = [task("huge", size=90_000), task("small", size=300), task("medium", size=4_000)]
    outcomes = run_tasks(tasks, Settings(), None, slow, budget=30.0, clock=lambda: now[0])
    assert [name for name, _ in checker.calls] == ["small", "medium"]
    assert [o.change.function for o in outcomes] == ["huge", "small", "medium"]
    assert [o.source for o in outcomes] == [Source.BUDGET, Source.ENGINE, Source.ENGINE]
    unbudgeted = Recorder()
    run_tasks(tasks, Settings(), None, unbudgeted)
    assert [name for name, _ in unbudgeted.calls] == ["huge", "small", "medium"]


@pytest.mark.parametrize("kind", [ChangeKind.COSMETIC, ChangeKind.RENAMED])
def test_text_outcome_needs_no_solver(kind: ChangeKind) -> None:
    change = FunctionChange(kind, "f", Location("a.c", 1), Location("a.c", 1), "g")
    outcome = text_outcome(change)
    assert outcome.source is Source.TEXT
    assert outcome.result.verdict is Verdict.EQUIVALENT
    assert outcome.result.stats.solver_calls == 0
    assert outcome.result.renamed_from == ("g" if kind is ChangeKind.RENAMED else None)


def test_parallel_jobs_give_the_same_outcomes() -> None:
    checker = CannedChecker({})
    outcomes = run_tasks([task("a"), task("b"), task("c")], Settings(), None, checker, jobs=2)
    assert [(o.result.function, o.result.verdict, o.source) for o in outcomes] == [
        ("a", Verdict.ERROR, Source.ENGINE),
        ("b", Verdict.ERROR, Source.ENGINE),
        ("c", Verdict.ERROR, Source.ENGINE),
    ]
    assert checker.calls == []  # the work happened in worker processes
