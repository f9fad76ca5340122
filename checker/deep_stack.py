"""Run the engine on a thread with a deep stack, so deep C stays a verdict.

pycparser 3 parses by recursive descent, and the lowering, the generator of
canonical function text and the IR passes recurse over the tree: a chain of
400 `else if`s or an expression of 3000 terms nests a few thousand frames,
past Python's default limit of 1000 (a RecursionError) and, through C-level
calls, past the main thread's 8 MiB stack (a crash). The engine therefore
runs on its own thread with a large stack (address space, touched only as
deep as needed) and a recursion limit to match; forked per-function checks
inherit both.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable, Iterator
from typing import TypeVar

T = TypeVar("T")

STACK_BYTES = 512 * 1024 * 1024
RECURSION_LIMIT = 60_000
"""Frames; well within 512 MiB of C stack at a few KiB per frame."""


class _Limit:
    """The interpreter's one recursion limit, raised while any deep call runs and
    restored when the last one ends (callers may run concurrently)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running = 0
        self.saved = 0

    @contextlib.contextmanager
    def raised(self) -> Iterator[None]:
        with self.lock:
            if self.running == 0:
                self.saved = sys.getrecursionlimit()
                sys.setrecursionlimit(max(RECURSION_LIMIT, self.saved))
            self.running += 1
        try:
            yield
        finally:
            with self.lock:
                self.running -= 1
                if self.running == 0:
                    sys.setrecursionlimit(self.saved)


_LIMIT = _Limit()


def run_deep(work: Callable[[], T]) -> T:
    """`work()` on a deep-stack thread: its result, or its exception re-raised.
    Where no such thread can be made (a small address-space limit), in place."""
    outcome: list[T] = []
    failure: list[BaseException] = []

    def target() -> None:
        try:
            outcome.append(work())
        except BaseException as exc:  # handed to the caller's thread unchanged
            failure.append(exc)

    with _LIMIT.raised():
        try:
            previous = threading.stack_size(STACK_BYTES)
            try:
                thread = threading.Thread(target=target, name="liftdiff-engine", daemon=True)
                thread.start()
            finally:
                threading.stack_size(previous)
        except (RuntimeError, MemoryError, ValueError):
            return work()
        while thread.is_alive():
            thread.join(0.2)  # the caller's thread stays interruptible (Ctrl-C)
    if failure:
        raise failure[0]
    return outcome[0]
