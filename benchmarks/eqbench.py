"""Run liftdiff on the EqBench pairs of ../shared/bench/eqbench-dev and print a table.

Each pair runs in its own process (a hang or a crash costs one pair, not the
run) with a hard wall-clock limit. Per group: pairs, decided, correct, wrong,
label disagreements backed by a compiled replay, median/max seconds.

    python benchmarks/eqbench.py [--only-loop-free] [--jobs 2] [--timeout 60] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from runner_env import ROOT, liftdiff_env

DEFAULT_BENCH = ROOT.parent / "shared" / "bench" / "eqbench-dev"
FLAGS = ("has_loop", "has_recursion", "has_float", "has_array")


@dataclass(frozen=True)
class Outcome:
    id: str
    group: str
    label: str
    verdict: str
    seconds: float
    compiled: bool
    reason: str
    flags: tuple[str, ...]

    @property
    def decided(self) -> bool:
        return self.verdict in ("EQUIVALENT", "NOT_EQUIVALENT")

    @property
    def disagreement(self) -> bool:
        """NOT_EQUIVALENT on an EQ label, with a witness gcc replayed: the label
        assumes ideal arithmetic; under C semantics the versions differ."""
        return self.label == "EQ" and self.verdict == "NOT_EQUIVALENT" and self.compiled

    @property
    def correct(self) -> bool:
        expected = "EQUIVALENT" if self.label == "EQ" else "NOT_EQUIVALENT"
        return self.verdict == expected or self.disagreement

    @property
    def wrong(self) -> bool:
        return self.decided and not self.correct


def run_pair(entry: dict, bench: Path, timeout: float, per_function: float) -> Outcome:
    functions = [entry["function"]] if entry.get("function") else entry["changed_functions"]
    command = [
        sys.executable,
        "-m",
        "checker.cli",
        "check",
        str(bench / entry["old"]),
        str(bench / entry["new"]),
        "--json",
        "--timeout",
        str(per_function),
    ]
    for name in functions:
        command += ["--function", name]
    flags = tuple(f for f in FLAGS if entry.get(f))
    started = time.monotonic()
    try:
        proc = subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=ROOT,
            env=liftdiff_env(),
        )
    except subprocess.TimeoutExpired:
        return Outcome(
            entry["id"],
            entry["group"],
            entry["label"],
            "TIMEOUT",
            timeout,
            False,
            "hard time limit",
            flags,
        )
    seconds = time.monotonic() - started
    try:
        report = json.loads(proc.stdout)
    except json.JSONDecodeError:
        message = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return Outcome(
            entry["id"], entry["group"], entry["label"], "ERROR", seconds, False, message, flags
        )
    results = [r for r in report["results"] if "is defined only in" not in (r["reason"] or "")]
    verdicts = [r["verdict"] for r in results]
    if "NOT_EQUIVALENT" in verdicts:
        verdict = "NOT_EQUIVALENT"
    elif verdicts and all(v == "EQUIVALENT" for v in verdicts):
        verdict = "EQUIVALENT"
    else:
        verdict = next((v for v in verdicts if v != "EQUIVALENT"), "UNKNOWN")
    compiled = any(
        "compiler" in entry_["witness"]["replayed_by"]
        for r in results
        for entry_ in r["neq_summary"]
    )
    reason = "; ".join(r["reason"] for r in results if r.get("reason"))
    return Outcome(
        entry["id"], entry["group"], entry["label"], verdict, seconds, compiled, reason, flags
    )


def table(rows: list[tuple[str, list[Outcome]]]) -> str:
    header = (
        f"{'group':<22}{'pairs':>6}{'decided':>9}{'correct':>9}{'wrong':>7}"
        f"{'label-dis':>11}{'median s':>10}{'max s':>8}"
    )
    lines = [header, "-" * len(header)]
    for name, outcomes in rows:
        if not outcomes:
            continue
        times = [o.seconds for o in outcomes]
        lines.append(
            f"{name:<22}{len(outcomes):>6}{sum(o.decided for o in outcomes):>9}"
            f"{sum(o.correct for o in outcomes):>9}{sum(o.wrong for o in outcomes):>7}"
            f"{sum(o.disagreement for o in outcomes):>11}"
            f"{statistics.median(times):>10.2f}{max(times):>8.2f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", type=Path, default=DEFAULT_BENCH)
    parser.add_argument(
        "--only-loop-free", action="store_true", help="pairs without loops or recursion"
    )
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per function")
    parser.add_argument("--match", help="only ids containing this text")
    parser.add_argument("--json", type=Path, help="write per-pair outcomes here")
    args = parser.parse_args(argv)
    manifest = json.loads((args.bench / "manifest.json").read_text())
    if args.only_loop_free:
        manifest = [e for e in manifest if not e["has_loop"] and not e["has_recursion"]]
    if args.match:
        manifest = [e for e in manifest if args.match in e["id"]]
    hard = args.timeout * 3 + 30
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        outcomes = list(pool.map(lambda e: run_pair(e, args.bench, hard, args.timeout), manifest))
    for o in outcomes:
        mark = "ok " if o.correct else ("BAD" if o.wrong else " - ")
        extra = " (gcc-replayed label disagreement)" if o.disagreement else ""
        print(
            f"{mark} {o.id:<45} {o.label:<4} {o.verdict:<15} {o.seconds:7.2f}s{extra}"
            f"{'  ' + o.reason[:90] if o.reason and not o.decided else ''}"
        )
    groups: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        groups[o.group].append(o)
    rows = [*sorted(groups.items()), ("ALL", outcomes)]
    rows += [(f"flag:{flag}", [o for o in outcomes if flag in o.flags]) for flag in FLAGS]
    print()
    print(table(rows))
    decided = sum(o.decided for o in outcomes)
    print(
        f"\ndecided {decided}/{len(outcomes)} ({100 * decided / max(1, len(outcomes)):.0f}%), "
        f"wrong {sum(o.wrong for o in outcomes)}, label disagreements "
        f"{sum(o.disagreement for o in outcomes)}"
    )
    if args.json:
        args.json.write_text(json.dumps([o.__dict__ for o in outcomes], indent=1))
    return 1 if any(o.wrong for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
