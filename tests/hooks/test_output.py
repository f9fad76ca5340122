"""Rendering commit outcomes: JSON with commit metadata, Markdown sections, terminal table."""

from __future__ import annotations

import json

from checker.frontend.changes import ChangeKind, FunctionChange
from checker.location import Location
from checker.types import FunctionResult, ReportFormat, Verdict
from hooks.analyze import CommitOutcome, RunStats, Step
from hooks.gitrepo import CommitInfo
from hooks.output import render_outcomes, summary_table
from hooks.plan import FileNote
from hooks.runner import Outcome, Source
from tests import result_of

COMMIT = CommitInfo(
    sha="a" * 40,
    parent="b" * 40,
    author="Ada Dev <ada@example.com>",
    date="2026-01-02T03:04:05+00:00",
    subject="scale: offset first",
    message="scale: offset first\n",
)
WHERE = Location("src/s.c", 15)
NEQ = Outcome(
    FunctionChange(ChangeKind.MODIFIED, "pl_scale", WHERE, WHERE),
    result_of("pl_scale", Verdict.NOT_EQUIVALENT, WHERE),
    Source.ENGINE,
)
EQ = Outcome(
    FunctionChange(ChangeKind.MODIFIED, "pl_clamp", WHERE, WHERE),
    FunctionResult("pl_clamp", WHERE, WHERE, Verdict.EQUIVALENT),
    Source.CACHE,
)
ADDED = FunctionChange(ChangeKind.ADDED, "pl_abs", None, Location("src/c.c", 20))
OUTCOME = CommitOutcome(
    Step(COMMIT.parent, COMMIT.sha, COMMIT.short, COMMIT),
    (NEQ.change, EQ.change, ADDED),
    (NEQ, EQ),
    (FileNote("src/t.h", "binary file, not checked"),),
)
STATS = RunStats(commits=1, recorded=0, planned=2, cached=1, checked=1)


def test_json_keeps_the_report_schema_and_adds_commits() -> None:
    data = json.loads(render_outcomes([OUTCOME], ReportFormat.JSON, STATS))
    assert data["schema"] == "liftdiff.report/1"
    assert [r["function"] for r in data["results"]] == ["pl_scale", "pl_clamp"]
    (commit,) = data["commits"]
    assert commit["sha"] == "a" * 40
    assert commit["parent"] == "b" * 40
    assert commit["subject"] == "scale: offset first"
    assert commit["date"] == "2026-01-02T03:04:05+00:00"
    assert commit["verdict"] == "NOT_EQUIVALENT"
    assert commit["cached"] == [False, True]
    assert commit["unchecked"] == [
        {
            "function": "pl_abs",
            "kind": "added",
            "old": None,
            "new": {"path": "src/c.c", "line": 20},
            "detail": "",
        }
    ]
    assert commit["notes"] == [{"path": "src/t.h", "message": "binary file, not checked"}]
    assert data["run"] == {"commits": 1, "recorded": 0, "planned": 2, "cached": 1, "checked": 1}


def test_markdown_has_a_section_per_commit_and_lists_unchecked() -> None:
    text = render_outcomes([OUTCOME], ReportFormat.MARKDOWN)
    assert text.startswith("## aaaaaaaaaa scale: offset first\n\n### liftdiff: 1 not equivalent")
    assert "- added pl_abs (src/c.c:20), not checked" in text
    assert "- `src/t.h`: binary file, not checked" in text


def test_sarif_merges_all_commits() -> None:
    data = json.loads(render_outcomes([OUTCOME, OUTCOME], ReportFormat.SARIF))
    assert len(data["runs"][0]["results"]) == 2


def test_terminal_lists_verdicts_and_summary_table() -> None:
    text = render_outcomes([OUTCOME], ReportFormat.TERMINAL, STATS, table=True)
    lines = text.splitlines()
    assert lines[:7] == [
        "aaaaaaaaaa scale: offset first",
        "  ✗ pl_scale (src/s.c:15) NOT_EQUIVALENT",
        "      in configurations 1 for inputs x == 1",
        "      e.g. with (single product) and inputs x = 1: old gives return = 0, new gives "
        "return = 1",
        "  = pl_clamp (src/s.c:15) EQUIVALENT [cached]",
        "  added pl_abs (src/c.c:20), not checked",
        "  src/t.h: binary file, not checked",
    ]
    assert lines[-1] == (
        "1 commit(s), 0 already scanned; 2 function pair(s) to check: 1 from cache, 1 checked now"
    )
    table = summary_table([OUTCOME])
    row = next(line for line in table.splitlines() if "aaaaaaaaaa" in line)
    assert [cell.strip() for cell in row.split("│")[1:-1]] == [
        "aaaaaaaaaa",
        "2026-01-02",
        "scale: offset first",
        "3",
        "1",
        "1",
        "0",
        "1",
    ]


def test_no_changes_message() -> None:
    empty = CommitOutcome(Step(None, ":index", "staged changes"), (), (), ())
    assert render_outcomes([empty], ReportFormat.TERMINAL) == (
        "staged changes\n  no changed C functions\n"
    )
    assert render_outcomes([empty], ReportFormat.MARKDOWN) == (
        "### liftdiff: no changed C functions\n"
    )
