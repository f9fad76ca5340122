"""The App's work queue: bounded, one job per pull request, newest event wins.

A delivery is answered at once; its review waits here. Requests for the same
pull request coalesce: a newer one replaces a waiting one, and cancels a running
one (its process is killed, its check run marked cancelled), so a burst of
pushes costs one review of the latest head. More distinct pull requests than
`capacity` waiting: the delivery is refused (the server answers 503 and GitHub
shows the failed delivery, to redeliver). Every admitted delivery ends in
exactly one terminal state, logged with its delivery id: done, failed,
superseded, or dropped at shutdown.
"""

from __future__ import annotations

import enum
import logging
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.logs import log
from bot.pipeline import Cancelled
from bot.webhook import ReviewRequest

Key = tuple[str, int]
Work = Callable[[ReviewRequest, threading.Event], str]
"""Does a review; returns a short word for the log (the check's conclusion)."""


class Admission(enum.Enum):
    QUEUED = "queued"
    COALESCED = "coalesced"
    """Replaced a waiting request for the same pull request."""
    FULL = "full"
    CLOSED = "closed"


class End(enum.Enum):
    DONE = "done"
    FAILED = "failed"
    SUPERSEDED = "superseded"
    DROPPED = "dropped"


@dataclass
class _Running:
    request: ReviewRequest
    cancel: threading.Event = field(default_factory=threading.Event)


class JobQueue:
    def __init__(self, work: Work, capacity: int, workers: int) -> None:
        self._work = work
        self._capacity = capacity
        self._waiting: OrderedDict[Key, ReviewRequest] = OrderedDict()
        self._running: dict[Key, _Running] = {}
        self._ended: Counter[End] = Counter()
        self._closed = False
        self._lock = threading.Condition()
        self._threads = [
            threading.Thread(target=self._loop, name=f"liftdiff-worker-{i}", daemon=True)
            for i in range(workers)
        ]
        for thread in self._threads:
            thread.start()

    def submit(self, request: ReviewRequest) -> Admission:
        with self._lock:
            if self._closed:
                return Admission.CLOSED
            key = request.key
            running = self._running.get(key)
            if running is not None:
                running.cancel.set()  # the newer event supersedes the running review
            older = self._waiting.pop(key, None)
            if older is not None:
                self._end(older, End.SUPERSEDED, by=request.delivery)
                admission = Admission.COALESCED
            elif len(self._waiting) >= self._capacity:
                log(
                    "job.refused",
                    delivery=request.delivery,
                    reason="queue full",
                    capacity=self._capacity,
                )
                return Admission.FULL
            else:
                admission = Admission.QUEUED
            self._waiting[key] = request
            self._lock.notify()
            return admission

    def _end(self, request: ReviewRequest, end: End, **fields: object) -> None:
        self._ended[end] += 1
        log(
            f"job.{end.value}",
            logging.INFO,
            delivery=request.delivery,
            repository=request.repository,
            number=request.number,
            **fields,
        )

    def _next(self) -> tuple[ReviewRequest, _Running] | None:
        """The oldest waiting request whose pull request is not being reviewed."""
        with self._lock:
            while True:
                if self._closed:
                    return None
                for key, request in self._waiting.items():
                    if key not in self._running:
                        del self._waiting[key]
                        running = _Running(request)
                        self._running[key] = running
                        return request, running
                self._lock.wait()

    def _loop(self) -> None:
        while (picked := self._next()) is not None:
            request, running = picked
            started = time.monotonic()
            try:
                word = self._work(request, running.cancel)
            except Cancelled:
                end, fields = (End.DROPPED if self._closed else End.SUPERSEDED), {}
            except Exception as exc:  # one job's failure must not stop the worker
                end, fields = End.FAILED, {"error": f"{type(exc).__name__}: {exc}"}
            else:
                end, fields = End.DONE, {"conclusion": word}
            with self._lock:
                del self._running[request.key]
                self._end(request, end, seconds=round(time.monotonic() - started, 2), **fields)
                self._lock.notify_all()

    def stats(self) -> dict[str, int]:
        with self._lock:
            counts = {end.value: self._ended[end] for end in End}
            counts.update(waiting=len(self._waiting), running=len(self._running))
            return counts

    def close(self, drain: float) -> None:
        """Stop: drop what waits, give running reviews `drain` seconds, then cancel them."""
        with self._lock:
            self._closed = True
            for request in self._waiting.values():
                self._end(request, End.DROPPED, reason="server stopping")
            self._waiting.clear()
            self._lock.notify_all()
        deadline = time.monotonic() + drain
        for thread in self._threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        with self._lock:
            for running in self._running.values():
                running.cancel.set()
        for thread in self._threads:
            thread.join()
        log("queue.closed", **self.stats())
