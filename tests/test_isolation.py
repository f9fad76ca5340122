import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from checker.isolation import KILL, Crash, Stages, run_isolated


def _unused(why: object) -> str:
    raise AssertionError(f"not expected here: {why}")


def test_result_comes_back_from_the_child() -> None:
    outcome = run_isolated(lambda stages: {"answer": 42}, 5.0, _unused, _unused)
    assert outcome == {"answer": 42}


def test_a_crash_in_the_child_becomes_a_result() -> None:
    outcome = run_isolated(lambda stages: os.abort(), 5.0, lambda why: why, _unused)
    assert isinstance(outcome, Crash) and not outcome.exhausted  # a fault, not a budget
    assert outcome.reason.startswith("the solver process was killed by signal 6")


def _slow_front_end(stages: Stages) -> str:
    stages.enter("variability front end")
    while True:  # pure Python, as lifting is: the alarm interrupts it
        sum(range(1000))


def test_a_stage_past_the_limit_is_named_and_stopped_within_ten_percent() -> None:
    started = time.monotonic()
    outcome = run_isolated(_slow_front_end, 1.0, _unused,
                           lambda stage, kept: f"timeout in the {stage}", started=started)
    elapsed = time.monotonic() - started
    assert outcome == "timeout in the variability front end"
    assert 1.0 <= elapsed <= 1.1


def _front_end_for_five_seconds(stages: Stages) -> str:
    stages.enter("variability front end")
    end = time.monotonic() + 5.0  # ends by itself, should no alarm stop it
    while time.monotonic() < end:
        sum(range(1000))
    return "finished"


def _limited_in_a_spawned_worker() -> tuple[str, float]:
    started = time.monotonic()
    outcome = run_isolated(_front_end_for_five_seconds, 1.0, _unused,
                           lambda stage, kept: stage, started=started)
    return outcome, time.monotonic() - started


def test_a_check_in_a_spawned_worker_is_limited_too() -> None:
    """A scan's workers are spawned processes (hooks/runner.py): their checks were
    run in-process without the alarm, and a long lifting ran 2.5 times its limit."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        outcome, elapsed = pool.submit(_limited_in_a_spawned_worker).result(timeout=60)
    assert outcome == "variability front end"
    assert 1.0 <= elapsed <= 1.1


def test_time_before_the_child_counts_against_the_limit() -> None:
    started = time.monotonic() - 0.5  # slicing in the parent took half the budget
    outcome = run_isolated(_slow_front_end, 1.0, _unused, lambda stage, kept: stage,
                           started=started)
    assert outcome == "variability front end"
    assert time.monotonic() - started <= 1.1


def _deaf(stages: Stages) -> None:
    stages.enter("solver")
    import signal

    signal.signal(signal.SIGALRM, signal.SIG_IGN)  # as z3 deep in C code would be
    time.sleep(30)


def test_a_child_that_ignores_the_alarm_is_killed_at_the_hard_limit_naming_its_stage() -> None:
    started = time.monotonic()
    outcome = run_isolated(_deaf, 0.5, _unused, lambda stage, kept: f"timeout in the {stage}",
                           started=started)
    assert outcome == "timeout in the solver"
    assert time.monotonic() - started < 0.5 * KILL + 1.0


def _hungry(stages: Stages) -> None:
    stages.enter("variability front end")
    hoard = []
    while True:
        hoard.append(bytearray(16 * 1024 * 1024))
        time.sleep(0.01)


def test_a_child_past_its_memory_budget_is_stopped_with_its_stage() -> None:
    outcome = run_isolated(_hungry, 30.0, lambda why: why, _unused, memory_mb=64)
    assert outcome == Crash("memory limit (64 MiB) reached in the variability front end", True)


def _wrapping(stages: Stages) -> str:
    """A library that turns the alarm into its own error (ctypes' ArgumentError
    around a z3 call) and a caller that reports that as an internal error."""
    stages.enter("engine")
    try:
        time.sleep(5)
    except BaseException as exc:
        return f"internal error: ArgumentError: {exc!r}"
    return "finished"


def test_an_alarm_a_library_wrapped_is_still_the_stages_timeout() -> None:
    outcome = run_isolated(_wrapping, 0.5, _unused, lambda stage, kept: f"timeout in the {stage}")
    assert outcome == "timeout in the engine"


class _Finalised:
    def __del__(self) -> None:
        for _ in range(10000):  # Python code, as z3's AstRef.__del__ (ctypes) is:
            pass  # the alarm's handler runs in here, where it cannot stop the work


def _finalising(stages: Stages) -> None:
    stages.enter("solver")
    while True:
        _Finalised()
        sum(range(3000))


def test_an_alarm_inside_a_finaliser_rings_again_outside_it() -> None:
    """Most of the time goes to finalisers, where Python can only print the
    alarm's exception ("Exception ignored in ...", a traceback on the user's
    terminal) and go on: it rings again outside, so the child stops itself
    within its limit (its own pid in the answer), not the parent's kill later."""
    started = time.monotonic()
    # 2 s: the parent's kill comes 160 ms after the alarm, room on a loaded machine
    outcome = run_isolated(_finalising, 2.0, _unused, lambda stage, kept: (stage, os.getpid()),
                           started=started)
    assert outcome[0] == "solver" and outcome[1] != os.getpid()
    assert time.monotonic() - started <= 2.2


def _finds_then_works_on(stages: Stages, deaf: bool) -> None:
    stages.enter("engine")
    stages.keep({"witness": 1})
    stages.keep({"witness": 2})  # the last one kept counts
    if deaf:
        import signal

        signal.signal(signal.SIGALRM, signal.SIG_IGN)
        time.sleep(30)
    while True:
        sum(range(1000))


def test_what_the_work_kept_survives_the_limit_whether_it_answers_or_is_killed() -> None:
    """A witness found before the limit is the overrun's answer, both when the
    child answers its alarm and when the parent kills it (it sent the witness
    when it kept it)."""
    for deaf in (False, True):
        outcome = run_isolated(partial(_finds_then_works_on, deaf=deaf), 0.5, _unused,
                               lambda stage, kept: (stage, kept))
        assert outcome == ("engine", {"witness": 2})
    nothing = run_isolated(_slow_front_end, 0.5, _unused, lambda stage, kept: (stage, kept))
    assert nothing == ("variability front end", None)


def test_a_work_may_answer_none() -> None:
    assert run_isolated(lambda stages: None, 5.0, _unused, _unused) is None
