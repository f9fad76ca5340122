"""Lifted vs. brute force on ../shared/bench/spl-dev (B-Hard style BusyBox `sortcmp`).

For each pair and each mode (lifted, lifted without GeneralizeFCEXs, brute
force over distinct products) runs `liftdiff check --json` in its own process
with the time limit, then prints per number of extra features the paper's
PQR (p = 0.5, penalty factor 10: a run over the limit counts as 10x the
limit), checks that the lifted summary covers exactly the configurations
brute force found non-equivalent, and draws time vs. features (Figure 7).

    python benchmarks/spl.py [--levels 1,5,10,20,40 | --levels all] [--per-level 4]
        [--limit 600] [--jobs 2] [--png benchmarks/out/spl.png] [--json out.json[.gz] [--resume]]

`--json` is written after every finished run; with `--resume` the runs already
in it are kept and not repeated, so the full set (all 960 pairs, about five
hours with brute force on two cores) can be completed over several sittings.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import statistics
import subprocess
import sys
import threading
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import z3
from runner_env import ROOT, liftdiff_env

sys.path.insert(0, str(ROOT))

from checker.types import Settings
from checker.variability import to_z3
from checker.variability.lexer import tokens_of
from checker.variability.lift import parse_model
from checker.variability.types import named, presence_domain

DEFAULT_BENCH = ROOT.parent / "shared" / "bench" / "spl-dev"
MODES = {"lifted": [], "unoptimized": ["--no-generalize"], "brute": ["--brute-force"]}
PENALTY = 10
QUANTILE = 0.5


@dataclass
class Run:
    verdict: str
    seconds: float
    heads: list[str] = field(default_factory=list)
    features: list[str] = field(default_factory=list)
    timed_out: bool = False


def run(entry: dict, bench: Path, mode: str, limit: float) -> Run:
    command = [
        sys.executable,
        "-m",
        "checker.cli",
        "check",
        str(bench / entry["old"]),
        str(bench / entry["new"]),
        "--function",
        entry["function"],
        "--json",
        "--timeout",
        str(limit),
        *MODES[mode],
    ]
    started = time.monotonic()
    try:
        proc = subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=limit + 60,
            cwd=ROOT,
            env=liftdiff_env(),
        )
    except subprocess.TimeoutExpired:
        return Run("TIMEOUT", limit, timed_out=True)
    seconds = time.monotonic() - started
    try:
        (result,) = json.loads(proc.stdout)["results"]
    except (json.JSONDecodeError, ValueError, KeyError):
        return Run("ERROR", seconds)
    timed_out = result["verdict"] == "UNKNOWN" or seconds > limit
    return Run(
        result["verdict"],
        seconds,
        [e["configurations"] for e in result["neq_summary"]],
        result["features"],
        timed_out,
    )


def union(heads: list[str], features: list[str]) -> z3.BoolRef:
    table = named(features)
    symbols = {name: z3.BitVec(name, 32) for name in features}
    parts = [
        to_z3(parse_model(tokens_of(head, "<head>"), table, Settings()), symbols) for head in heads
    ]
    return z3.Or(*parts) if parts else z3.BoolVal(False)


def same_configurations(a: Run, b: Run) -> bool | None:
    """Do two summaries cover the same configurations (over boolean features)?
    None unless both are decided: an undecided summary lists only part of them."""
    decided = {"EQUIVALENT", "NOT_EQUIVALENT"}
    if a.timed_out or b.timed_out or not {a.verdict, b.verdict} <= decided:
        return None
    features = sorted(set(a.features) | set(b.features))
    solver = z3.Solver()
    symbols = {name: z3.BitVec(name, 32) for name in features}
    solver.add(*(z3.Or(symbol == 0, symbol == 1) for symbol in symbols.values()))
    solver.add(to_z3(presence_domain(named(features).values()), symbols))
    solver.add(union(a.heads, features) != union(b.heads, features))
    return solver.check() == z3.unsat


def _spread(entries: list[dict], count: int) -> list[dict]:
    """`count` entries cycling through the mutation kinds and the spl instances."""
    by_kind: dict[str, list[dict]] = defaultdict(list)
    for entry in entries:
        by_kind[entry["mutation"]].append(entry)
    order = ["op", "fe", "op.fe", "none"]
    picked: list[dict] = []
    index = 0
    while len(picked) < min(count, len(entries)):
        kind = order[index % len(order)]
        pool = by_kind.get(kind, [])
        position = index // len(order)
        if pool:
            picked.append(pool[(position * 7 + index) % len(pool)])
        index += 1
        if index > 8 * count:
            break
    return list({e["id"]: e for e in picked}.values())


def pqr(times: list[float], timeouts: list[bool], limit: float) -> float:
    scored = sorted(limit * PENALTY if out else t for t, out in zip(times, timeouts, strict=True))
    if not scored:
        return math.nan
    return scored[min(len(scored) - 1, int(QUANTILE * len(scored)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", type=Path, default=DEFAULT_BENCH)
    parser.add_argument("--levels", default="1,5,10,15,20,25,30,35,40")
    parser.add_argument("--per-level", type=int, default=4, help="pairs per feature level")
    parser.add_argument("--limit", type=float, default=600.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--modes", default="lifted,unoptimized,brute")
    parser.add_argument("--png", type=Path, default=ROOT / "benchmarks" / "out" / "spl.png")
    parser.add_argument("--json", type=Path, help="per-run results, written as they finish")
    parser.add_argument(
        "--resume", action="store_true", help="keep the runs already in --json, run the rest"
    )
    parser.add_argument(
        "--report-only", action="store_true", help="print the tables from --json, run nothing"
    )
    args = parser.parse_args(argv)
    if (args.resume or args.report_only) and not args.json:
        parser.error("--resume and --report-only read the runs from --json FILE")
    if args.report_only and not args.json.is_file():
        parser.error(f"no results file {args.json}")
    modes = args.modes.split(",")
    unknown = sorted(set(modes) - set(MODES))
    if unknown:
        parser.error(f"unknown mode {', '.join(unknown)} (modes: {', '.join(MODES)})")
    if not (args.bench / "manifest.json").is_file():
        parser.error(f"no manifest.json in {args.bench}")
    manifest = json.loads((args.bench / "manifest.json").read_text())
    levels = (
        sorted({e["extra_features"] for e in manifest if "extra_features" in e})
        if args.levels == "all"
        else [int(x) for x in args.levels.split(",")]
    )
    chosen: list[dict] = []
    for level in levels:
        at = [e for e in manifest if e.get("extra_features") == level]
        chosen.extend(_spread(at, args.per_level))
    results = _load(args.json) if args.resume or args.report_only else defaultdict(dict)
    if args.report_only:
        return report(chosen, levels, modes, results, args.limit, args.png)
    jobs = [
        (entry, mode) for entry in chosen for mode in modes if mode not in results[entry["id"]]
    ]
    lock = threading.Lock()

    def execute(job: tuple[dict, str]) -> None:
        entry, mode = job
        outcome = run(entry, args.bench, mode, args.limit)
        with lock:
            results[entry["id"]][mode] = outcome
            if args.json:
                _save(results, args.json)

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        list(pool.map(execute, jobs))
    return report(chosen, levels, modes, results, args.limit, args.png)


def report(
    chosen: list[dict],
    levels: list[int],
    modes: list[str],
    results: dict[str, dict[str, Run]],
    limit: float,
    png: Path,
) -> int:
    """Per-pair lines, the per-level PQR table and totals over the runs present
    (a resumed set may still miss some); 1 if any summary differs from brute force."""
    agree = disagree = 0
    for entry in chosen:
        modes_run = results[entry["id"]]
        line = f"{entry['id']:<55}"
        for mode in modes:
            r = modes_run.get(mode)
            line += f" {mode}=" + (f"{r.verdict[:6]:<6}{r.seconds:7.1f}s" if r else f"{'-':<14}")
        if "lifted" in modes_run and "brute" in modes_run:
            same = same_configurations(modes_run["lifted"], modes_run["brute"])
            line += {True: "  summary==brute", False: "  SUMMARY DIFFERS", None: "  (n/a)"}[same]
            agree += same is True
            disagree += same is False
        print(line)
    both = "lifted" in modes and "brute" in modes
    print(f"\n{'features':>8}" + "".join(f" {m + ' PQR s (runs)':>24}" for m in modes)
          + (f" {'speed-up':>9}" if both else ""))
    series: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for level in levels:
        ids = [e["id"] for e in chosen if e.get("extra_features") == level]
        row = f"{level:>8}"
        for mode in modes:
            rs = [results[i][mode] for i in ids if mode in results[i]]
            value = _pqr_of(rs, limit)
            if rs:
                series[mode].append((level, value))
            row += f" {value:>17.2f} ({len(rs):>3})"
        if both:
            common = [i for i in ids if {"lifted", "brute"} <= results[i].keys()]
            fast = _pqr_of([results[i]["lifted"] for i in common], limit)
            slow = _pqr_of([results[i]["brute"] for i in common], limit)
            row += f" {slow / max(fast, 1e-3):>8.1f}x" if common else f" {'-':>9}"
        print(row)
    if both:
        _totals(chosen, results)
    print(f"\nlifted summary equals brute force on {agree} pairs, differs on {disagree}")
    _plot(series, png, limit)
    return 1 if disagree else 0


def _pqr_of(runs: list[Run], limit: float) -> float:
    return pqr([r.seconds for r in runs], [r.timed_out for r in runs], limit)


def _totals(chosen: list[dict], results: dict[str, dict[str, Run]], from_level: int = 10) -> None:
    """The issue's criterion: lifted against brute force from 10 extra features on."""
    common = [
        e["id"] for e in chosen
        if e.get("extra_features", 0) >= from_level
        and {"lifted", "brute"} <= results[e["id"]].keys()
    ]
    if not common:
        return
    fast = [results[i]["lifted"].seconds for i in common]
    slow = [results[i]["brute"].seconds for i in common]
    print(
        f"\nfrom {from_level} extra features on, {len(common)} pairs with both: lifted "
        f"{sum(fast):.0f} s, brute force {sum(slow):.0f} s ({sum(slow) / sum(fast):.1f}x); "
        f"median {statistics.median(fast):.2f} s vs {statistics.median(slow):.2f} s; "
        f"slowest {max(fast):.1f} s vs {max(slow):.1f} s"
    )


def _load(path: Path) -> defaultdict[str, dict[str, Run]]:
    results: defaultdict[str, dict[str, Run]] = defaultdict(dict)
    if path.exists():
        raw = path.read_bytes()
        text = gzip.decompress(raw) if path.suffix == ".gz" else raw
        for pair, runs in json.loads(text).items():
            results[pair] = {mode: Run(**fields) for mode, fields in runs.items()}
    return results


def _save(results: dict[str, dict[str, Run]], path: Path) -> None:
    """Written whole and renamed into place; gzip-compressed for a `.gz` name
    (brute-force heads make the full set about 10 MB of JSON)."""
    data = {pair: {m: r.__dict__ for m, r in runs.items()} for pair, runs in results.items()}
    text = json.dumps(data, indent=1, sort_keys=True).encode()
    partial = path.with_name(path.name + ".partial")
    partial.write_bytes(gzip.compress(text, mtime=0) if path.suffix == ".gz" else text)
    partial.replace(path)


def _plot(series: dict[str, list[tuple[int, float]]], png: Path, limit: float) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not installed: no plot (pip install -e '.[bench]')")
        return
    png.parent.mkdir(parents=True, exist_ok=True)
    figure, axis = plt.subplots(figsize=(6, 4))
    for mode, points in series.items():
        axis.plot([p[0] for p in points], [p[1] for p in points], marker="o", label=mode)
    axis.set_yscale("log")
    axis.set_xlabel("extra features")
    axis.set_ylabel(f"PQR (p={QUANTILE}, penalty {PENALTY}x of {limit:.0f} s), seconds")
    axis.set_title("liftdiff on spl-dev: lifted vs. brute force")
    axis.legend()
    figure.tight_layout()
    figure.savefig(png, dpi=120)
    print(f"plot written to {png}")


if __name__ == "__main__":
    sys.exit(main())
