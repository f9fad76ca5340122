"""liftdiff on one pair, in-process (`checker.api.check_pair`) inside a limited child.

The child comes from a fork server that has imported liftdiff (and run a
check) once, so a run costs no interpreter start and no warm-up; it gets a
memory cap (its resident size, watched from here: an address-space limit
would also bind the compilers and the sanitizer-built replays liftdiff
starts, which reserve terabytes they never touch, and a replay that cannot
start contradicts every witness) and a hard wall-clock limit. Whatever
happens inside (an exception, a crash, a hang) comes back as a `LiftdiffRun`
with `trouble` set, never as an exception here.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checker.isolation import resident_mb

PRELOAD = ["checker.api", "checker.driver", "checker.report.json_report", "fuzzlib.warm"]


@dataclass(frozen=True)
class LiftdiffRun:
    report: dict[str, Any] | None
    """The JSON report (schema liftdiff.report/1) as a dict."""
    seconds: float
    trouble: str = ""
    """"exception: ...", "killed by signal N", "hard limit" (empty when it answered)."""


POLL = 0.1
"""Seconds between two looks at the child's resident size."""


def context() -> multiprocessing.context.ForkServerContext:
    os.environ.setdefault("PYTHONHASHSEED", "0")
    # the fork server is a fresh interpreter that ignores our sys.path when it
    # imports PRELOAD (and silently skips what it cannot import): give it the path
    benchmarks = Path(__file__).resolve().parent.parent
    paths = [str(benchmarks.parent), str(benchmarks), os.environ.get("PYTHONPATH", "")]
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(PRELOAD)
    return ctx


def _child(conn: Any, old: str, new: str, settings: dict[str, Any]) -> None:
    try:
        os.setpgrp()  # its own process group: a kill takes liftdiff's forked check too
        # liftdiff isolates each function as the CLI does (a forked check with its
        # alarm and memory watch; under the fork server's start method it would run in
        # place with neither, and an overrun would reach the hard limit as a crash)
        multiprocessing.set_start_method("fork", force=True)
        from checker.api import check_pair
        from checker.report.json_report import report_to_dict
        from checker.types import Settings, SourceFile

        report = check_pair(SourceFile("old.c", old), SourceFile("new.c", new),
                            Settings().overlay(settings), functions=["f"])
        conn.send({"report": report_to_dict(report)})
    except BaseException:  # everything that escapes is a finding
        conn.send({"exception": traceback.format_exc(limit=8)})
    finally:
        conn.close()


def run_liftdiff(ctx: multiprocessing.context.ForkServerContext, old: str, new: str,
                 features: tuple[str, ...], timeout: float, hard_limit: float,
                 memory_mb: int) -> LiftdiffRun:
    settings = {"timeout": timeout, "solver_timeout": max(timeout / 2, 1.0),
                "features": list(features), "memory_mb": min(memory_mb // 2, 4096)}
    receiver, sender = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_child, args=(sender, old, new, settings))
    started = time.monotonic()
    child.start()
    sender.close()
    answer = None
    too_big = False
    try:
        while (left := started + hard_limit - time.monotonic()) > 0:
            if receiver.poll(min(POLL, left)):
                answer = receiver.recv()
                break
            if not child.is_alive() and not receiver.poll(0):
                break
            if resident_mb(child.pid) > memory_mb:
                too_big = True
                break
    except (EOFError, OSError):
        answer = None
    seconds = time.monotonic() - started
    child.join(timeout=2.0)
    if (child.is_alive() or answer is None) and child.pid is not None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(child.pid, signal.SIGKILL)
        child.join()
    receiver.close()
    if answer is None:
        code = child.exitcode
        if too_big:
            return LiftdiffRun(None, seconds, f"memory limit: over {memory_mb} MiB resident")
        if seconds >= hard_limit:
            return LiftdiffRun(None, seconds, f"hard limit: no answer within {hard_limit:.0f} s")
        return LiftdiffRun(None, seconds, f"child died (exit code {code}, out of memory?)")
    if "exception" in answer:
        return LiftdiffRun(None, seconds, "exception: " + answer["exception"])
    return LiftdiffRun(answer["report"], seconds)

