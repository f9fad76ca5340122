"""Run one function's check in a child process, so nothing inside it can take the
whole run down.

z3 can abort the process (an `std::bad_alloc` escaping on memory exhaustion)
or ignore a timeout deep inside a tactic; a forked child with a hard deadline
turns both into an ERROR/UNKNOWN result for that one function.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import TypeVar, cast

T = TypeVar("T")

GRACE = 15.0
"""Seconds past the function's own time limit before the child is killed."""


def run_isolated(work: Callable[[], T], limit: float, on_crash: Callable[[str], T]) -> T:
    """`work()` in a forked child; `on_crash(reason)` if it dies or overruns."""
    if multiprocessing.get_start_method(allow_none=True) not in (None, "fork") or not hasattr(
        os, "fork"
    ):
        return work()
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(work, sender), daemon=True)
    child.start()
    sender.close()
    payload = None
    if receiver.poll(limit + GRACE):
        try:
            payload = receiver.recv_bytes()
        except EOFError:
            payload = None
    child.join(timeout=1.0)
    if child.is_alive():
        child.kill()
        child.join()
        return on_crash(f"hard time limit: the check did not stop within {limit + GRACE:.0f} s")
    if payload is None:
        code = child.exitcode
        reason = (
            f"the solver process was killed by signal {-code}"
            if code and code < 0
            else f"the solver process exited with status {code}"
        )
        return on_crash(f"{reason} (out of memory?)")
    return cast(T, pickle.loads(payload))  # the child pickled what work() returned


def _child(work: Callable[[], object], sender: Connection) -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    result = work()
    sender.send_bytes(pickle.dumps(result))
