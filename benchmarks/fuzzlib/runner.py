"""liftdiff on one pair, in-process (`checker.api.check_pair`) inside a limited child.

The child comes from a fork server that has imported liftdiff once, so a run
costs no interpreter start; it gets an address-space cap and a hard wall-clock
limit. Whatever happens inside (an exception, a crash, a hang) comes back as
a `LiftdiffRun` with `trouble` set, never as an exception here.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import resource
import signal
import time
import traceback
from dataclasses import dataclass
from typing import Any

PRELOAD = ["checker.api", "checker.driver", "checker.report.json_report", "fuzzlib.warm"]


@dataclass(frozen=True)
class LiftdiffRun:
    report: dict[str, Any] | None
    """The JSON report (schema liftdiff.report/1) as a dict."""
    seconds: float
    trouble: str = ""
    """"exception: ...", "killed by signal N", "hard limit" (empty when it answered)."""


def context() -> multiprocessing.context.BaseContext:
    os.environ.setdefault("PYTHONHASHSEED", "0")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(PRELOAD)
    return ctx


def _child(conn: Any, old: str, new: str, settings: dict[str, Any], memory_mb: int) -> None:
    try:
        os.setpgrp()  # its own process group: a kill takes liftdiff's forked check too
        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
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


def run_liftdiff(ctx: multiprocessing.context.BaseContext, old: str, new: str,
                 features: tuple[str, ...], timeout: float, hard_limit: float,
                 memory_mb: int) -> LiftdiffRun:
    settings = {"timeout": timeout, "solver_timeout": max(timeout / 2, 1.0),
                "features": list(features), "memory_mb": min(memory_mb // 2, 4096)}
    receiver, sender = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_child, args=(sender, old, new, settings, memory_mb))
    started = time.monotonic()
    child.start()
    sender.close()
    answer = None
    try:
        if receiver.poll(hard_limit):
            answer = receiver.recv()
    except (EOFError, OSError):
        answer = None
    seconds = time.monotonic() - started
    child.join(timeout=2.0)
    if child.is_alive() or answer is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(child.pid, signal.SIGKILL)
        child.join()
    receiver.close()
    if answer is None:
        code = child.exitcode
        if seconds >= hard_limit:
            return LiftdiffRun(None, seconds, f"hard limit: no answer within {hard_limit:.0f} s")
        return LiftdiffRun(None, seconds, f"child died (exit code {code}, out of memory?)")
    if "exception" in answer:
        return LiftdiffRun(None, seconds, "exception: " + answer["exception"])
    return LiftdiffRun(answer["report"], seconds)

