"""Results: one JSON record per pair (a JSON Lines file, appended as pairs finish, so a
run can be resumed), the table per construct class, and findings as reproductions."""

from __future__ import annotations

import json
import statistics
import subprocess
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import asdict
from pathlib import Path
from typing import Any

from fuzzlib.judge import KINDS, Judgement
from fuzzlib.pairs import Pair
from fuzzlib.runner import LiftdiffRun

DECIDED = ("EQUIVALENT", "NOT_EQUIVALENT")


def record(pair: Pair, run: LiftdiffRun, judgement: Judgement, oracle_seconds: float
           ) -> dict[str, Any]:
    return {
        "id": pair.id, "class": pair.cls, "seed": pair.seed, "label": pair.label,
        "features": list(pair.features), "verdict": judgement.verdict,
        "reason": judgement.reason, "seconds": round(run.seconds, 3),
        "oracle_seconds": round(oracle_seconds, 3),
        "findings": [{"kind": f.kind, "summary": f.summary, "config": f.config}
                     for f in judgement.findings],
        "ub_dependent": judgement.ub_dependent, "no_alias": judgement.no_alias,
        "gcc_differs": judgement.gcc_differs, "missed_hang": judgement.missed_hang,
    }


def load(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        if line.strip():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # a line cut off by an interrupted run
    return out


def append(path: Path, rec: Mapping[str, Any]) -> None:
    """One line; after a line an interrupted run cut off, on a line of its own."""
    cut = False
    if path.exists() and path.stat().st_size > 0:
        with path.open("rb") as handle:
            handle.seek(-1, 2)
            cut = handle.read(1) != b"\n"
    with path.open("a") as handle:
        handle.write(("\n" if cut else "") + json.dumps(rec) + "\n")


def revision() -> str:
    """The liftdiff commit the results are for (with "+dirty" for local changes), so the
    pieces of a resumed run can be told apart."""
    root = Path(__file__).resolve().parents[2]
    try:
        head = subprocess.run(["git", "-C", str(root), "rev-parse", "--short=12", "HEAD"],
                              capture_output=True, text=True, timeout=30).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--", "checker"],
                               capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return (head or "unknown") + ("+dirty" if dirty else "")


_COLUMNS = ("pairs", "decided", "EQ", "NEQ", "UNK", "UNS", "ERR", "wrongEQ", "wrongNEQ",
            "unsound", "badbody", "witinc", "int≠gcc", "crash", "UBdep", "noalias", "hangEQ",
            "med s", "p95 s", "max s")


def table(records: Iterable[dict[str, Any]]) -> str:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        groups[r["class"]].append(r)
        groups["ALL"].append(r)
    widths = [7, 6, 8, 5, 5, 5, 5, 5, 8, 9, 8, 8, 7, 8, 6, 6, 8, 7, 7, 7, 7]
    head = "class".ljust(widths[0]) + "".join(c.rjust(w) for c, w in zip(_COLUMNS, widths[1:],
                                                                        strict=True))
    lines = [head, "-" * len(head)]
    for name in [*sorted(k for k in groups if k != "ALL"), "ALL"]:
        rows = groups[name]
        lines.append(name.ljust(widths[0]) + "".join(
            str(v).rjust(w) for v, w in zip(_row(rows), widths[1:], strict=True)))
    return "\n".join(lines)


def revisions(records: Iterable[dict[str, Any]]) -> str:
    """Which liftdiff commits the records are for (a resumed run may span several)."""
    count = Counter(r.get("liftdiff", "unknown") for r in records)
    return ", ".join(f"{rev} ({n} pairs)" for rev, n in count.most_common())


def _row(rows: list[dict[str, Any]]) -> list[str]:
    verdicts = Counter(r["verdict"] for r in rows)
    kinds = Counter(f["kind"] for r in rows for f in {f["kind"]: f for f in r["findings"]}
                    .values())
    decided = sum(verdicts[v] for v in DECIDED)
    times = sorted(r["seconds"] for r in rows) or [0.0]
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return [
        str(len(rows)), f"{100 * decided / max(len(rows), 1):.0f}%",
        str(verdicts["EQUIVALENT"]), str(verdicts["NOT_EQUIVALENT"]), str(verdicts["UNKNOWN"]),
        str(verdicts["UNSUPPORTED"]), str(verdicts["ERROR"] + verdicts["CRASH"]),
        str(kinds["wrong-eq"]), str(kinds["wrong-neq"]),
        str(kinds["unsound-head"] + kinds["unsound-body"]), str(kinds["bad-body"]),
        str(kinds["incomplete-witness"]), str(kinds["interp-vs-gcc"]), str(kinds["crash"]),
        str(sum(1 for r in rows if r["ub_dependent"])),
        str(sum(1 for r in rows if r["no_alias"])),
        str(sum(1 for r in rows if r.get("missed_hang"))),
        f"{statistics.median(times):.2f}", f"{p95:.2f}", f"{times[-1]:.2f}",
    ]


def reasons(records: Iterable[dict[str, Any]], top: int = 15) -> str:
    """The most common reasons of undecided verdicts, first line of each, numbers elided."""
    import re

    count: Counter[str] = Counter()
    for r in records:
        if r["verdict"] in ("UNKNOWN", "UNSUPPORTED"):
            text = re.sub(r"\d+", "N", (r["reason"] or "").splitlines()[0] if r["reason"]
                          else "(no reason)")[:110]
            count[f"{r['verdict']}: {text}"] += 1
    return "\n".join(f"{n:6d}  {text}" for text, n in count.most_common(top))


def save_finding(directory: Path, pair: Pair, run: LiftdiffRun, judgement: Judgement,
                 note: str = "") -> Path:
    """old.c, new.c, report.json, gcc.json, summary.txt under DIR/<class>/<nn>/."""
    base = directory / pair.cls
    base.mkdir(parents=True, exist_ok=True)
    n = len([p for p in base.iterdir() if p.is_dir()])
    target = base / f"{n:02d}"
    target.mkdir()
    (target / "old.c").write_text(pair.old)
    (target / "new.c").write_text(pair.new)
    (target / "report.json").write_text(json.dumps(run.report, indent=2) + "\n"
                                        if run.report else run.trouble + "\n")
    (target / "gcc.json").write_text(json.dumps(
        [asdict(f) for f in judgement.findings], indent=2, default=str) + "\n")
    worst = min(judgement.findings, key=lambda f: KINDS.index(f.kind))
    features = " ".join(pair.features) or "-"
    (target / "summary.txt").write_text(
        f"{worst.kind}: {worst.summary.splitlines()[0][:300]}\n"
        f"pair {pair.id} ({pair.label}); features: {features}; verdict {judgement.verdict}\n"
        f"reproduce: liftdiff check old.c new.c --function f --json"
        f"{''.join(' --features ' + f for f in pair.features)}\n{note}")
    return target
