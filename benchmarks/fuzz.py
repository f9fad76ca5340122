"""Differential fuzzing: random C pairs, liftdiff's verdict, gcc's judgement.

Each generated pair (benchmarks/fuzzlib: seeded, one construct class each,
0-3 `#ifdef` features, a rewrite or a mutation) is checked by liftdiff
in-process (`checker.api.check_pair`, one limited child per pair) and then run
by gcc at -O0 and -O2 (-O1 on every --o1-every'th pair) in every relevant
configuration on ~100 random and boundary inputs, the witnesses' inputs and
samples inside each NEQ-summary body. See fuzzlib/judge.py for what counts as
wrong, fuzzlib/oracle.py for how undefined behaviour is kept out.

    python benchmarks/fuzz.py --count 50 --jobs 2 --json fuzz.jsonl
    python benchmarks/fuzz.py --classes pointer,string --count 200 --seed 1000 \\
        --json out.jsonl --save-findings findings/ --shrink
    python benchmarks/fuzz.py --report-only --json fuzz.jsonl

Results are JSON Lines, one record per pair, appended as pairs finish; rerunning
with the same --json skips the pairs already in it (resume).
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.context import ForkServerContext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fuzzlib import report
from fuzzlib.judge import KINDS, Judgement, Options, judge
from fuzzlib.pairs import Pair, generate
from fuzzlib.runner import LiftdiffRun, context, run_liftdiff
from fuzzlib.shapes import CLASSES
from fuzzlib.shrink import shrink


@dataclass(frozen=True)
class Limits:
    timeout: float = 10.0
    hard_limit: float = 40.0
    memory_mb: int = 3072


def check(pair: Pair, ctx: ForkServerContext, limits: Limits, options: Options
          ) -> tuple[LiftdiffRun, Judgement, float]:
    """liftdiff on the pair, then gcc's judgement of its verdict."""
    run = run_liftdiff(ctx, pair.old, pair.new, pair.features, limits.timeout,
                       limits.hard_limit, limits.memory_mb)
    started = time.monotonic()
    judgement = judge(pair, run, options)
    return run, judgement, time.monotonic() - started


def _options(args: argparse.Namespace, seed: int) -> Options:
    """By seed, not by position in this run: a resumed run checks each pair alike."""
    levels: tuple[str, ...] = ("-O0", "-O2")
    if args.o1_every and seed % args.o1_every == 0:
        levels = ("-O0", "-O1", "-O2")
    return Options(random_inputs=args.inputs, levels=levels, compiler=args.compiler)


def _shrunk(pair: Pair, judgement: Judgement, ctx: ForkServerContext, limits: Limits,
            args: argparse.Namespace) -> tuple[Pair, LiftdiffRun, Judgement]:
    kind = min((f.kind for f in judgement.findings), key=KINDS.index)
    options = Options(random_inputs=args.inputs, compiler=args.compiler)

    def keeps(trial: Pair) -> bool:
        _, j, _ = check(trial, ctx, limits, options)
        return any(f.kind == kind for f in j.findings)

    small = shrink(pair, keeps, budget=args.shrink_budget, compiler=args.compiler)
    run, judgement, _ = check(small, ctx, limits, options)
    return small, run, judgement


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0, help="first seed of every class")
    parser.add_argument("--count", type=int, default=20, help="pairs per class")
    parser.add_argument("--classes", default=",".join(CLASSES),
                        help=f"comma-separated, from: {', '.join(CLASSES)}")
    parser.add_argument("--pairs", default="",
                        help="comma-separated pair ids (CLASS-SEED) to run instead of a range")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=10.0, help="liftdiff's time per pair")
    parser.add_argument("--hard-limit", type=float, default=40.0,
                        help="wall-clock seconds after which a liftdiff run is killed (a crash)")
    parser.add_argument("--memory-mb", type=int, default=3072,
                        help="resident-memory cap per liftdiff run (MiB)")
    parser.add_argument("--inputs", type=int, default=100, help="random inputs per configuration")
    parser.add_argument("--o1-every", type=int, default=5,
                        help="add -O1 on pairs whose seed is a multiple of N (0: never)")
    parser.add_argument("--compiler", default="gcc")
    parser.add_argument("--json", type=Path, help="results file (JSON Lines; resumable)")
    parser.add_argument("--save-findings", type=Path, metavar="DIR",
                        help="write each finding as a reproduction under DIR/<class>/<nn>/")
    parser.add_argument("--shrink", action="store_true", help="shrink findings before saving")
    parser.add_argument("--shrink-budget", type=float, default=300.0, help="seconds per finding")
    parser.add_argument("--max-saved", type=int, default=5,
                        help="findings saved per class and kind (0: all)")
    parser.add_argument("--report-only", action="store_true", help="print the table of --json")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    classes = [c.strip() for c in args.classes.split(",") if c.strip()]
    unknown = [c for c in classes if c not in CLASSES]
    if unknown:
        parser.error(f"unknown class(es) {', '.join(unknown)}; known: {', '.join(CLASSES)}")
    previous = report.load(args.json) if args.json else []
    if args.report_only:
        if not previous:
            parser.error("--report-only needs a --json file with results")
        print(report.table(previous))
        print("\nundecided reasons:\n" + report.reasons(previous))
        print("\nliftdiff: " + report.revisions(previous))
        return 0

    os.environ.setdefault("PYTHONHASHSEED", "0")
    ctx = context()
    limits = Limits(args.timeout, args.hard_limit, args.memory_mb)
    done = {r["id"] for r in previous}
    revision = report.revision()
    if args.pairs:
        chosen = [p.strip().rpartition("-") for p in args.pairs.split(",") if p.strip()]
        if any(c not in CLASSES or not s.isdigit() for c, _, s in chosen):
            parser.error("--pairs takes ids such as int-3,pointer-17")
        todo = [(c, int(s)) for c, _, s in chosen if f"{c}-{s}" not in done]
    else:
        todo = [(c, s) for s in range(args.seed, args.seed + args.count) for c in classes
                if f"{c}-{s}" not in done]
    records = list(previous)
    saved: dict[tuple[str, str], int] = {}
    lock = threading.Lock()

    def one(cls: str, seed: int) -> None:
        try:
            pair = generate(cls, seed, args.compiler)
        except RuntimeError as exc:
            print(f"skip {cls}-{seed}: {exc}", file=sys.stderr)
            return
        run, judgement, oracle_seconds = check(pair, ctx, limits, _options(args, seed))
        rec = report.record(pair, run, judgement, oracle_seconds) | {"liftdiff": revision}
        with lock:
            records.append(rec)
            if args.json:
                report.append(args.json, rec)
            if not args.quiet:
                kinds = ",".join(sorted({f.kind for f in judgement.findings}))
                print(f"[{len(records) - len(previous)}/{len(todo)}] {pair.id:14s} "
                      f"{judgement.verdict:15s} {run.seconds:6.2f}s  {pair.label:28s} {kinds}",
                      flush=True)
        if judgement.findings and args.save_findings:
            kind = min((f.kind for f in judgement.findings), key=KINDS.index)
            with lock:
                n = saved.get((cls, kind), 0)
                if args.max_saved and n >= args.max_saved:
                    return
                saved[(cls, kind)] = n + 1
            note = ""
            if args.shrink:
                before = len(pair.old) + len(pair.new)
                pair, run, judgement = _shrunk(pair, judgement, ctx, limits, args)
                note = f"shrunk from {before} to {len(pair.old) + len(pair.new)} characters\n"
                if not judgement.findings:
                    return
            with lock:
                path = report.save_finding(args.save_findings, pair, run, judgement, note)
            print(f"    saved {path}", flush=True)

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(one, c, s) for c, s in todo]
        for f in futures:
            f.result()
    print()
    print(report.table(records))
    print("liftdiff: " + report.revisions(records))
    undecided = report.reasons(records)
    if undecided:
        print("\nundecided reasons:\n" + undecided)
    return 0


if __name__ == "__main__":
    sys.exit(main())
