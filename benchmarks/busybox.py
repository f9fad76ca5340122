"""Run liftdiff on the real BusyBox changes of ../shared/bench/busybox-dev.

No labels: the point is that every result is a verdict with a replayed witness
or a clear UNSUPPORTED/UNKNOWN reason with a location. Prints one line per
case and a count per verdict.

    python benchmarks/busybox.py [--timeout 60] [--jobs 2]
"""

from __future__ import annotations

import argparse
import collections
import json
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from runner_env import ROOT, liftdiff_env

DEFAULT_BENCH = ROOT.parent / "shared" / "bench" / "busybox-dev"


def run(case: Path, timeout: float) -> tuple[str, str, float, str]:
    meta = json.loads((case / "meta.json").read_text())
    features = meta.get("cond_macros") or []
    command = [sys.executable, "-m", "checker.cli", "check", str(case / "old.c"),
               str(case / "new.c"), "--function", meta["function"], "--json",
               "--timeout", str(timeout)]
    if features:
        command += ["--features", *features]
    started = time.monotonic()
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=timeout + 60,
                              cwd=ROOT, env=liftdiff_env())
    except subprocess.TimeoutExpired:
        return case.name, "TIMEOUT", timeout, "hard time limit"
    seconds = time.monotonic() - started
    try:
        (result,) = json.loads(proc.stdout)["results"]
    except (json.JSONDecodeError, ValueError, KeyError):
        lines = (proc.stderr or proc.stdout).strip().splitlines() or ["no output"]
        return case.name, "CLI-ERROR", seconds, lines[-1]
    detail = result["reason"] or ""
    if result["neq_summary"]:
        entry = result["neq_summary"][0]
        detail = (f"{entry['configurations']} | replayed by "
                  f"{','.join(entry['witness']['replayed_by'])}")
    return case.name, result["verdict"], seconds, detail


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", type=Path, default=DEFAULT_BENCH)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    cases = sorted(p for p in args.bench.iterdir() if (p / "meta.json").exists())
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        rows = list(pool.map(lambda case: run(case, args.timeout), cases))
    for name, verdict, seconds, detail in rows:
        print(f"{name:>4} {verdict:<15} {seconds:7.2f}s  {detail[:150]}")
    counts = collections.Counter(verdict for _, verdict, _, _ in rows)
    print("\n" + ", ".join(f"{verdict}: {count}" for verdict, count in sorted(counts.items())))
    return 1 if counts.get("CLI-ERROR") or counts.get("ERROR") else 0


if __name__ == "__main__":
    sys.exit(main())
