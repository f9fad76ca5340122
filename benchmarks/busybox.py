"""Run liftdiff on real BusyBox history: the busybox-dev commits, and a history scan.

No labels: the point is that every result is a verdict with a replayed witness
or a clear UNSUPPORTED/UNKNOWN reason with a location, within its time limit.

    python benchmarks/busybox.py cases [--timeout 30] [--jobs 2] [--json out.json]
    python benchmarks/busybox.py scan [--commits 300] [--timeout 30] [--jobs 2]

`cases` runs `liftdiff commit <bundle_commit> --json` in a clone of
../shared/bench/busybox.bundle for each ../shared/bench/busybox-dev case,
restricted to the case's function (`--function`; `--every`: every changed
function of the case's file, a `[policy] paths` setting), with the real
headers (include/ is found without -I). `scan` runs `liftdiff scan` over the
most recent first-parent commits, as many as it takes to cover N commits that
touch C files, with liftdiff's `--time-budget` a few function limits short of
`--limit` (a window too long for it then reports what it checked, not nothing).
Both print verdict counts, the reasons of the undecided (grouped, with the
part of the engine they wait for), the time per function (median, p95, max;
and how far the slowest ran past its limit), per commit, and the peak
resident memory of any liftdiff process.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from runner_env import ROOT, liftdiff_env

BENCH = ROOT.parent / "shared" / "bench"
DEFAULT_CASES = BENCH / "busybox-dev"
DEFAULT_BUNDLE = BENCH / "busybox.bundle"


@dataclass(frozen=True)
class Row:
    """One function's result as the benchmark keeps it."""

    case: str
    commit: str
    path: str
    function: str
    verdict: str
    reason: str
    seconds: float
    replayed_by: tuple[str, ...] = ()


def clone(bundle: Path, into: Path) -> Path:
    if not (into / ".git").exists():
        subprocess.run(["git", "clone", "-q", str(bundle), str(into)], check=True)
    return into


def liftdiff(args: list[str], cwd: Path, timeout: float) -> tuple[dict | None, str, float]:
    """The JSON report of one liftdiff run (None when it printed none), its last
    stderr line, and its wall time."""
    command = [sys.executable, "-m", "bot.cli", *args, "--json", "--no-progress"]
    started = time.monotonic()
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                              cwd=cwd, env=liftdiff_env())
    except subprocess.TimeoutExpired:
        return None, "the run did not finish", time.monotonic() - started
    seconds = time.monotonic() - started
    try:
        return json.loads(proc.stdout), "", seconds
    except json.JSONDecodeError:
        lines = (proc.stderr or proc.stdout).strip().splitlines() or ["no output"]
        return None, lines[-1], seconds


def rows_of(report: dict, case: str) -> list[Row]:
    rows = []
    for commit in report.get("commits", []):
        for result in commit["results"]:
            where = result.get("new") or result.get("old") or {}
            replayed: tuple[str, ...] = ()
            if result["neq_summary"]:
                replayed = tuple(result["neq_summary"][0]["witness"]["replayed_by"])
            rows.append(Row(case, commit["sha"][:10], where.get("path", "?"),
                            result["function"], result["verdict"], result["reason"] or "",
                            result["stats"]["seconds"], replayed))
    return rows


# ------------------------------------------------------------ mode 1: the cases


def run_case(case: Path, repo: Path, timeout: float,
             every: bool) -> tuple[Path, list[Row], str, float]:
    meta = json.loads((case / "meta.json").read_text())
    only = [] if every else ["--function", meta["function"]]
    with tempfile.TemporaryDirectory() as work:
        config = Path(work) / "liftdiff.toml"
        config.write_text(f'[policy]\npaths = ["{meta["file"]}"]\n')
        report, problem, seconds = liftdiff(
            ["commit", meta["bundle_commit"], "--config", str(config), "--no-cache",
             "--timeout", str(timeout), *only],
            repo, timeout * 100 + 120)
    rows = rows_of(report, case.name) if report else []
    return case, rows, problem, seconds


def cases(args: argparse.Namespace) -> int:
    repo = clone(args.bundle, args.clone)
    found = sorted(p for p in args.cases.iterdir() if (p / "meta.json").exists())
    metas = {p: json.loads((p / "meta.json").read_text()) for p in found}
    found = [p for p in found if metas[p].get("bundle_commit")]
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        runs = list(pool.map(lambda case: run_case(case, repo, args.timeout, args.every),
                             found))
    wall = time.monotonic() - started
    targets: list[Row] = []
    every: list[Row] = []
    for case, rows, problem, _ in runs:
        meta = metas[case]
        mine = [r for r in rows if r.function == meta["function"]]
        if not mine:
            mine = [Row(case.name, meta["bundle_commit"][:10], meta["file"], meta["function"],
                        "MISSING", problem or "the commit's report does not list the function",
                        0.0)]
        targets.extend(mine[:1])
        every.extend(rows)
    print(f"{'case':>5} {'verdict':<15} {'time':>7}  function: reason")
    for row in targets:
        detail = row.reason
        if row.replayed_by:
            detail = f"replayed by {','.join(row.replayed_by)}"
        print(f"{row.case:>5} {row.verdict:<15} {row.seconds:6.1f}s  {row.function}: "
              f"{detail[:140]}")
    summary(targets, "busybox-dev functions", args.timeout)
    if args.every:
        summary(every, "every changed function of those files", args.timeout)
    per_commit = [seconds for _, _, _, seconds in runs]
    print(f"\nper commit (one file each, wall): {distribution(per_commit)}; "
          f"all {len(runs)} in {wall:.0f} s with {args.jobs} jobs")
    print(f"peak memory of one liftdiff process: {peak_mb():.0f} MiB")
    if args.json:
        args.json.write_text(json.dumps({"cases": [r.__dict__ for r in targets],
                                         "all": [r.__dict__ for r in every]}, indent=1))
    return 0


# ------------------------------------------------------------ mode 2: a scan


def c_commits(repo: Path, wanted: int) -> tuple[int, int]:
    """How many first-parent commits back from HEAD cover the last `wanted` ones
    that touch C files, and how many of them do."""
    def revs(*pathspec: str) -> list[str]:
        out = subprocess.run(["git", "rev-list", "--first-parent", "HEAD", "--", *pathspec],
                             cwd=repo, capture_output=True, text=True, check=True).stdout
        return out.split()

    touching = revs("*.c", "*.h")[:wanted]
    every = revs()
    return every.index(touching[-1]) + 1, len(touching)


def scan(args: argparse.Namespace) -> int:
    repo = clone(args.bundle, args.clone)
    window, touching = c_commits(repo, args.commits)
    with tempfile.TemporaryDirectory() as work:
        report, problem, wall = liftdiff(
            ["scan", "--max-commits", str(window), "--cache", str(Path(work) / "cache.db"),
             "--timeout", str(args.timeout), "--jobs", str(args.jobs),
             "--time-budget", str(max(args.limit - 4 * args.timeout, args.timeout))],
            repo, args.limit)
    if report is None:
        print(f"scan failed after {wall:.0f} s: {problem}")
        return 1
    rows = rows_of(report, "scan")
    print(f"scan of {window} first-parent commits ({touching} touch C files): "
          f"{wall:.0f} s wall with {args.jobs} jobs")
    summary(rows, "changed functions", args.timeout)
    per_commit = collections.defaultdict(float)
    for commit in report.get("commits", []):
        per_commit[commit["sha"]] = sum(r["stats"]["seconds"]
                                                  for r in commit["results"])
    busy = [s for s in per_commit.values() if s > 0]
    print(f"per commit with checked functions ({len(busy)}), summed function time: "
          f"{distribution(busy)}")
    print(f"peak memory of one liftdiff process: {peak_mb():.0f} MiB")
    if args.json:
        args.json.write_text(json.dumps({"wall": wall, "window": window,
                                         "rows": [r.__dict__ for r in rows]}, indent=1))
    return 0


# ------------------------------------------------------------ figures


DECIDED = ("EQUIVALENT", "NOT_EQUIVALENT")
MEMORY_MODEL = re.compile(
    r"pointer|memory|alias|external function|through a pointer|dereference|address|"
    r"string|array|struct", re.IGNORECASE)


def summary(rows: list[Row], title: str, timeout: float) -> None:
    counts = collections.Counter(r.verdict for r in rows)
    decided = sum(counts[v] for v in DECIDED)
    share = 100 * decided / len(rows) if rows else 0.0
    print(f"\n{title}: {len(rows)}; decided {decided} ({share:.0f}%): "
          + ", ".join(f"{v} {n}" for v, n in sorted(counts.items())))
    neq = [r for r in rows if r.verdict == "NOT_EQUIVALENT"]
    if neq:
        both = sum(1 for r in neq if {"interpreter", "compiler"} <= set(r.replayed_by))
        print(f"  NOT_EQUIVALENT replayed by the interpreter and gcc: {both} of {len(neq)}")
    groups = collections.Counter(reason_group(r.reason) for r in rows if r.verdict not in DECIDED)
    for group, number in groups.most_common(25):
        print(f"  {number:4}  [{owner(group)}] {group}")
    times = [r.seconds for r in rows]
    print(f"  time per function: {distribution(times)}; past the limit: "
          f"{sum(1 for t in times if t > timeout)} (worst {max(times, default=0) / timeout:.2f}x)")


def reason_group(reason: str) -> str:
    """A reason without its location and names, so like reasons count together."""
    text = re.sub(r"^\S+:\d+(:\d+)?: ", "", reason)
    text = re.sub(r"'[^']*'", "'…'", text)
    text = re.sub(r"\b\d+(\.\d+)?\b", "N", text)
    return text[:110]


def owner(group: str) -> str:
    if group.startswith("timeout") or "time limit" in group or "memory limit" in group:
        return "budget"
    if "cannot parse" in group or "undeclared" in group or "preprocessor" in group:
        return "front end"
    if MEMORY_MODEL.search(group):
        return "memory model"
    return "engine"


def distribution(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (f"median {statistics.median(ordered):.1f} s, p95 {p95:.1f} s, "
            f"max {ordered[-1]:.1f} s")


def peak_mb() -> float:
    """The largest resident size any finished child process (and its children) reached."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, default=DEFAULT_BUNDLE)
    parser.add_argument("--clone", type=Path, default=Path(tempfile.gettempdir()) / "bb-bench",
                        help="where the bundle is cloned (reused when present)")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per function")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", type=Path, help="also write the rows here")
    sub = parser.add_subparsers(dest="mode", required=True)
    one = sub.add_parser("cases", help="liftdiff commit for each busybox-dev case")
    one.add_argument("--cases", type=Path, default=DEFAULT_CASES)
    one.add_argument("--every", action="store_true",
                     help="check every changed function of the case's file, not just the case's")
    one.set_defaults(run=cases)
    two = sub.add_parser("scan", help="liftdiff scan of recent history")
    two.add_argument("--commits", type=int, default=300,
                     help="how many commits that touch C files the window covers")
    two.add_argument("--limit", type=float, default=7200.0, help="seconds for the whole scan")
    two.set_defaults(run=scan)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
