"""Run one function's check in a child process, so nothing inside it can take the
whole run down, and nothing inside it can run past its budget.

z3 can abort the process (an `std::bad_alloc` escaping on memory exhaustion)
or ignore a timeout deep inside a tactic, and the front end has no time limit
of its own (lifting a big slice, a parse): a forked child turns each of these
into a result for that one function. The child is limited in time: an alarm at
the function's deadline stops whatever stage is running and the result says
which (`Stages`); a child that does not answer soon after is killed. It is
limited in memory too: the parent watches its resident size and stops it past
the budget (an address-space limit would also bind the compilers and the
sanitizer-built replays it starts, which reserve terabytes they never touch).
Time counts from `started` (before the fork), so the work done for the
function before it is inside the budget too.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any, TypeVar, cast

T = TypeVar("T")

ALARM = 1.02
"""The alarm rings at this fraction of the limit: the engine's own budget, which
ends at the limit, normally answers first."""
KILL = 1.08
"""A child that has not answered at this fraction of the limit is killed, so no
function runs past its budget by more than 10%."""
MEMORY_HEADROOM_MB = 256
"""Resident memory on top of the budget: z3's own limit (`memory_mb`) stops the
solver first, and Python needs room to report it."""
POLL = 0.1
"""Seconds between two looks at the child's memory."""
RING_AGAIN = 0.002
"""Seconds after an alarm that rang inside a finaliser before it rings again."""
_STAGE_BYTES = 64
_KEPT, _DONE = "kept", "done"


class Overrun(BaseException):
    """The time limit passed while `stage` ran (a BaseException, so that no
    `except Exception` on the way turns it into an ordinary error)."""

    def __init__(self, stage: str) -> None:
        super().__init__(stage)
        self.stage = stage


class Stages:
    """Which stage of a check is running, so that an overrun can name it; kept in
    memory shared with the parent, which names it when it stops the child. Also
    what the work has established so far (`keep`): a witness found before the
    limit is not lost with the rest of the work."""

    def __init__(self, shared: Any = None, sender: Connection | None = None) -> None:
        self.shared = shared
        self.sender = sender
        self.current = "start"
        self.kept: Any = None

    def enter(self, stage: str) -> None:
        self.current = stage
        if self.shared is not None:
            self.shared.value = stage.encode("utf-8")[: _STAGE_BYTES - 1]

    def keep(self, result: Any) -> None:
        """`result` is the answer if the limit passes from now on (sent to the
        parent at once: a child that is killed cannot send it later)."""
        self.kept = result
        if self.sender is not None:
            self.sender.send_bytes(pickle.dumps((_KEPT, result)))


@dataclass(frozen=True)
class Crash:
    """Why the child gave no answer."""

    reason: str
    exhausted: bool
    """A budget (time or memory) stopped it, as opposed to a fault: the caller
    reports the first as undecided, the second as an internal error."""


def run_isolated(
    work: Callable[[Stages], T],
    limit: float,
    on_crash: Callable[[Crash], T],
    on_overrun: Callable[[str, T | None], T],
    started: float | None = None,
    memory_mb: int | None = None,
) -> T:
    """`work(stages)` in a forked child; `on_overrun(stage, kept)` when the limit
    passes inside it (whether the child answers its alarm or is killed for not
    answering it in time: on a loaded machine the two race, and the stage that
    ran is the same), with what the work kept last (`Stages.keep`) or None;
    `on_crash(reason)` if the child dies or grows past `memory_mb`."""
    begin = time.monotonic() if started is None else started
    # a scan's workers are spawned (their start method reads "spawn"), yet each
    # forks its checks like any process here: only where fork is missing or unsafe
    # (macOS) does a check run in-process, bounded by the engine's own budgets
    if not hasattr(os, "fork") or sys.platform == "darwin":
        return _guarded(work, on_overrun)
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    stage = context.Array("c", _STAGE_BYTES, lock=False)
    child = context.Process(
        target=_child, args=(work, on_overrun, sender, begin + limit * ALARM, stage), daemon=True
    )
    child.start()
    sender.close()
    answer, problem, kept = _wait(receiver, child, begin + limit * KILL, memory_mb)
    child.join(timeout=0 if answer is None else 1.0)
    if child.is_alive():
        child.kill()
        child.join()
    if problem == "memory":
        where = stage.value.decode("utf-8", "replace") or "start"
        return on_crash(Crash(f"memory limit ({memory_mb} MiB) reached in the {where}", True))
    if answer is None and problem == "time":  # deaf to its alarm, or late to answer it
        return on_overrun(stage.value.decode("utf-8", "replace") or "start", kept)
    if answer is None:
        code = child.exitcode
        reason = (
            f"the solver process was killed by signal {-code}"
            if code and code < 0
            else f"the solver process exited with status {code}"
        )
        return on_crash(Crash(f"{reason} (out of memory?)", False))
    return cast(T, answer[0])  # what work() returned


def _wait(receiver: Connection, child: BaseProcess, kill_at: float,
          memory_mb: int | None) -> tuple[tuple[Any] | None, str | None, Any]:
    """The child's answer (in a 1-tuple: the work may answer None), or why there
    is none: "time", "memory", or None (it died); and the last result it kept
    (None if none)."""
    kept = None
    while True:
        left = kill_at - time.monotonic()
        if left <= 0:
            return None, "time", kept
        if receiver.poll(min(POLL, left)):
            try:
                kind, value = pickle.loads(receiver.recv_bytes())
            except EOFError:
                return None, None, kept
            if kind == _DONE:
                return (value,), None, kept
            kept = value
            continue
        if not child.is_alive() and not receiver.poll(0):
            return None, None, kept
        if memory_mb is not None and resident_mb(child.pid) > memory_mb + MEMORY_HEADROOM_MB:
            return None, "memory", kept


def resident_mb(pid: int | None) -> float:
    """A process's resident size in MiB (0 when it is gone)."""
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as handle:
            pages = int(handle.read().split()[1])
    except (OSError, ValueError, IndexError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / (1024 * 1024)


def _in_finaliser(frame: FrameType | None) -> bool:
    """Is `frame`, or a frame that called it, a finaliser (`__del__`)?"""
    while frame is not None:
        if frame.f_code.co_name == "__del__":
            return True
        frame = frame.f_back
    return False


def _guarded(work: Callable[[Stages], T], on_overrun: Callable[[str, T | None], T]) -> T:
    stages = Stages()
    try:
        return work(stages)
    except Overrun as exc:
        return on_overrun(exc.stage, stages.kept)


def _child(
    work: Callable[[Stages], object],
    on_overrun: Callable[[str, Any], object],
    sender: Connection,
    deadline: float,
    shared: Any,
) -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    stages = Stages(shared, sender)
    rang: list[str] = []

    def ring(signum: int, frame: FrameType | None) -> None:
        if _in_finaliser(frame):  # ring again outside it (see `unraisable`)
            signal.setitimer(signal.ITIMER_REAL, RING_AGAIN)
            return
        rang.append(stages.current)
        raise Overrun(stages.current)

    def unraisable(report: Any) -> None:
        """An alarm raised where Python cannot pass it on (a finaliser: z3's
        `AstRef.__del__`) cannot stop the work there, and Python would print it
        as a traceback: ring again shortly."""
        if isinstance(report.exc_value, Overrun):
            signal.setitimer(signal.ITIMER_REAL, RING_AGAIN)
            return
        sys.__unraisablehook__(report)

    sys.unraisablehook = unraisable
    signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, max(0.001, deadline - time.monotonic()))
    try:
        result = work(stages)
    except Overrun as exc:
        result = on_overrun(exc.stage, stages.kept)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    if rang and not isinstance(result, BaseException):
        # the alarm rang inside a library that wrapped it (ctypes' ArgumentError
        # around z3's call): the work's "internal error" is the stage's timeout
        result = on_overrun(rang[0], stages.kept)
    sender.send_bytes(pickle.dumps((_DONE, result)))
