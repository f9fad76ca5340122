"""Render per-commit outcomes: terminal (rich), JSON with commit metadata, Markdown, SARIF.

Machine formats describe every commit; the terminal view adds a per-commit
summary table for history commands. Result shapes are the engine's own
(`liftdiff.report/1`), so tools that read `liftdiff check --json` read these too.
"""

from __future__ import annotations

import io
import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from checker.frontend.changes import FunctionChange
from checker.report import render
from checker.report.json_report import report_to_dict
from checker.report.markdown_report import function_text, location_text, witness_sentence
from checker.report.terminal_report import styled
from checker.types import Provenance, Report, ReportFormat, Verdict
from hooks.analyze import CommitOutcome, RunStats, Step
from hooks.codec import change_to_dict, commit_to_dict, result_to_dict
from hooks.runner import Outcome

_MARK = {
    Verdict.EQUIVALENT: "=",
    Verdict.NOT_EQUIVALENT: "✗",
    Verdict.UNKNOWN: "?",
    Verdict.UNSUPPORTED: "!",
    Verdict.ERROR: "E",
}


def merged_report(outcomes: Sequence[CommitOutcome]) -> Report:
    return Report(tuple(o.result for c in outcomes for o in c.outcomes))


def change_line(change: FunctionChange) -> str:
    return change.unchecked().line()


def outcome_lines(outcome: Outcome, color: bool = False) -> list[str]:
    """A function's verdict in a line or two of text (hooks print these); `color`
    styles the verdict as the terminal table does."""
    result = outcome.result
    mark = _MARK[result.verdict]
    verdict = styled(result.verdict, result.verdict.value, color)
    head = f"{mark} {function_text(result)} ({location_text(result)}) {verdict}"
    if result.verdict is Verdict.NOT_EQUIVALENT:
        lines = [head]
        for entry in result.neq_summary:
            lines.append(f"    in configurations {entry.configurations} for inputs {entry.inputs}")
            lines.append(f"    e.g. {witness_sentence(entry.witness)}")
        return lines
    suffix = f": {result.reason}" if result.reason else ""
    if outcome.cached:
        suffix += " [cached]"
    return [head + suffix]


def step_title(step: Step) -> str:
    if step.commit is None:
        return step.label
    return f"{step.commit.short} {step.commit.subject}"


def commit_text(outcome: CommitOutcome, color: bool = False) -> list[str]:
    lines = [step_title(outcome.step)]
    if not outcome.changes and not outcome.notes:
        lines.append("  no changed C functions")
    for item in outcome.outcomes:
        lines.extend("  " + line for line in outcome_lines(item, color))
    lines.extend("  " + change_line(change) for change in outcome.unchecked)
    lines.extend(f"  {note.path}: {note.message}" for note in outcome.notes)
    return lines


def counts(outcome: CommitOutcome) -> Counter[Verdict]:
    return Counter(o.result.verdict for o in outcome.outcomes)


def summary_table(outcomes: Sequence[CommitOutcome], width: int = 120) -> str:
    table = Table(title="liftdiff scan", show_lines=False)
    table.add_column("commit", no_wrap=True)
    table.add_column("date", no_wrap=True)
    table.add_column("subject", no_wrap=True, overflow="ellipsis", max_width=50)
    for name in ("changed", "equiv", "NOT EQUIV", "other", "cached"):
        table.add_column(name, justify="right")
    for outcome in outcomes:
        tally = counts(outcome)
        commit = outcome.step.commit
        other = sum(tally.values()) - tally[Verdict.EQUIVALENT] - tally[Verdict.NOT_EQUIVALENT]
        table.add_row(
            commit.short if commit else outcome.step.label,
            commit.date[:10] if commit else "",
            commit.subject if commit else "",
            str(len(outcome.changes)),
            str(tally[Verdict.EQUIVALENT]),
            str(tally[Verdict.NOT_EQUIVALENT]),
            str(other),
            str(sum(1 for o in outcome.outcomes if o.cached)),
        )
    buffer = io.StringIO()
    Console(file=buffer, width=width, color_system=None, highlight=False).print(table)
    return buffer.getvalue()


def _json(outcomes: Sequence[CommitOutcome], stats: RunStats | None) -> str:
    data: dict[str, Any] = report_to_dict(merged_report(outcomes))
    commits = []
    for outcome in outcomes:
        entry: dict[str, Any] = (
            commit_to_dict(outcome.step.commit)
            if outcome.step.commit
            else {"sha": None, "label": outcome.step.label}
        )
        entry["verdict"] = outcome.verdict.value
        entry["results"] = [result_to_dict(o.result) for o in outcome.outcomes]
        entry["cached"] = [o.cached for o in outcome.outcomes]
        entry["unchecked"] = [change_to_dict(c) for c in outcome.unchecked]
        entry["notes"] = [{"path": n.path, "message": n.message} for n in outcome.notes]
        commits.append(entry)
    data["commits"] = commits
    if stats is not None:
        data["run"] = {
            "commits": stats.commits,
            "recorded": stats.recorded,
            "planned": stats.planned,
            "cached": stats.cached,
            "checked": stats.checked,
        }
    return json.dumps(data, indent=2) + "\n"


def _markdown(outcomes: Sequence[CommitOutcome]) -> str:
    parts: list[str] = []
    for outcome in outcomes:
        if not outcome.changes and not outcome.notes:
            continue
        parts.append(f"## {step_title(outcome.step)}\n")
        parts.append(render(outcome.report, ReportFormat.MARKDOWN))
        extra = [f"- {change_line(c)}" for c in outcome.unchecked]
        extra += [f"- `{n.path}`: {n.message}" for n in outcome.notes]
        if extra:
            parts.append("\n".join(["Not checked:", "", *extra]) + "\n")
    return "\n".join(parts) if parts else "### liftdiff: no changed C functions\n"


def render_outcomes(
    outcomes: Sequence[CommitOutcome],
    fmt: ReportFormat,
    stats: RunStats | None = None,
    table: bool = False,
    provenance: Provenance | None = None,
    color: bool = False,
) -> str:
    """The report of a git command; `table` adds the per-commit summary (scans),
    `provenance` places SARIF's paths in the repository, `color` styles verdicts."""
    if fmt is ReportFormat.JSON:
        return _json(outcomes, stats)
    if fmt is ReportFormat.SARIF:
        return render(merged_report(outcomes), ReportFormat.SARIF, provenance)
    if fmt is ReportFormat.MARKDOWN:
        return _markdown(outcomes)
    lines: list[str] = []
    for outcome in outcomes:
        if table and not outcome.outcomes and not outcome.notes:
            continue
        lines.extend(commit_text(outcome, color))
    text = "\n".join(lines) + "\n" if lines else ""
    if table:
        text += summary_table(outcomes)
    if stats is not None:
        text += (
            f"{stats.commits} commit(s), {stats.recorded} already scanned; "
            f"{stats.planned} function pair(s) to check: {stats.cached} from cache, "
            f"{stats.checked} checked now\n"
        )
    return text
