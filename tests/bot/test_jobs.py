"""The job queue: one job per pull request, newest wins, bounded, every job ends once."""

from __future__ import annotations

import threading
import time

from bot.jobs import Admission, JobQueue
from bot.pipeline import Cancelled
from bot.webhook import ReviewRequest


def request(number: int, delivery: str) -> ReviewRequest:
    return ReviewRequest("acme/sensors", number, 1, "pull_request.synchronize", delivery)


class Gate:
    """A work function that holds each job until released, and records what ran."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.release = threading.Event()
        self.running = threading.Event()

    def __call__(self, job: ReviewRequest, cancel: threading.Event) -> str:
        self.started.append(job.delivery)
        self.running.set()
        while not self.release.wait(0.01):
            if cancel.is_set():
                raise Cancelled()
        if job.delivery.startswith("boom"):
            raise RuntimeError("engine exploded")
        return "success"


def wait_until(condition, timeout: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline
        time.sleep(0.01)


def test_newer_event_supersedes_running_and_waiting_jobs() -> None:
    gate = Gate()
    queue = JobQueue(gate, capacity=4, workers=1)
    assert queue.submit(request(1, "a")) is Admission.QUEUED
    gate.running.wait(5)
    assert queue.submit(request(1, "b")) is Admission.QUEUED  # cancels the running "a"
    assert queue.submit(request(1, "c")) is Admission.COALESCED  # replaces the waiting "b"
    wait_until(lambda: gate.started == ["a", "c"])
    gate.release.set()
    wait_until(lambda: queue.stats()["done"] == 1)
    queue.close(drain=1)
    assert queue.stats() == {
        "done": 1,
        "failed": 0,
        "superseded": 2,
        "dropped": 0,
        "waiting": 0,
        "running": 0,
    }


def test_full_queue_refuses_and_a_failure_is_one_jobs() -> None:
    gate = Gate()
    queue = JobQueue(gate, capacity=2, workers=1)
    queue.submit(request(1, "boom-1"))
    gate.running.wait(5)
    assert queue.submit(request(2, "x")) is Admission.QUEUED
    assert queue.submit(request(3, "y")) is Admission.QUEUED
    assert queue.submit(request(4, "z")) is Admission.FULL
    assert queue.submit(request(2, "x2")) is Admission.COALESCED  # same PR: no new slot
    gate.release.set()
    wait_until(lambda: queue.stats()["done"] == 2)
    queue.close(drain=1)
    stats = queue.stats()
    assert (stats["failed"], stats["done"], stats["superseded"]) == (1, 2, 1)
    assert queue.submit(request(5, "late")) is Admission.CLOSED


def test_close_drops_waiting_and_cancels_running_after_the_drain() -> None:
    gate = Gate()
    queue = JobQueue(gate, capacity=4, workers=1)
    queue.submit(request(1, "a"))
    gate.running.wait(5)
    queue.submit(request(2, "b"))
    started = time.monotonic()
    queue.close(drain=0.2)
    assert time.monotonic() - started < 5
    assert queue.stats()["dropped"] == 2
