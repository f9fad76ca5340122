import os

from checker.isolation import run_isolated


def test_result_comes_back_from_the_child() -> None:
    assert run_isolated(lambda: {"answer": 42}, 5.0, lambda why: why) == {"answer": 42}


def test_a_crash_in_the_child_becomes_a_result() -> None:
    outcome = run_isolated(lambda: os.abort(), 5.0, lambda why: f"crashed: {why}")
    assert outcome.startswith("crashed: the solver process was killed by signal 6")


def test_a_child_past_its_limit_is_stopped(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import time

    import checker.isolation as isolation

    monkeypatch.setattr(isolation, "GRACE", 0.2)
    started = time.monotonic()
    outcome = run_isolated(lambda: time.sleep(30), 0.1, lambda why: why)
    assert outcome.startswith("hard time limit") and time.monotonic() - started < 5
