"""What a pull request gets: the comment, the check run's verdict and its annotations.

Pure functions of a `Review` and its `PullRequest` (gidgethub's lesson: the
protocol apart from the I/O), so the App, the Action and the tests render the
same text. The comment is one table (function, verdict, configurations = the
NEQ-summary's head, inputs = its body) under a one-line summary; witnesses,
assumptions and reasons are folded into `<details>`; every function links to
its line at the head commit; the whole stays under GitHub's comment limit.
"""

from __future__ import annotations

import enum
import html
import urllib.parse
from collections.abc import Sequence
from dataclasses import dataclass

from bot.model import PullRequest, Review
from checker.location import Location
from checker.report.markdown_report import (
    ICON,
    ORDER,
    PARTIAL_NOTE,
    assignment_text,
    cell_text,
    code_span,
    configuration_text,
    witness_sentence,
)
from checker.types import TOOL_VERSION, FunctionResult, Verdict
from hooks.acknowledge import Judgement, judge
from hooks.output import change_line

MARKER = "<!-- liftdiff:pr-comment -->"
"""Starts the bot's comment, so a later run finds and edits it instead of adding one."""
CHECK_NAME = "liftdiff"
COMMENT_LIMIT = 65_536
"""GitHub's limit on a comment body, in characters."""
SUMMARY_LIMIT = 65_535
"""GitHub's limit on a check run's output summary."""
ANNOTATION_BATCH = 50
"""GitHub takes at most 50 annotations per check-run request."""
CELL_LIMIT = 240
NOTE_RESERVE = 40
"""Room for the digits the shortening note adds to the text measured without it."""
DETAIL_LIMIT = 3_000
INTENDED_ICON = "☑️"
SKIPPED_ICON = "⏭️"
PARTIAL_EQUIVALENCE = (
    "EQUIVALENT means proved for every configuration of the feature model and every "
    "input on which both versions terminate (partial equivalence: an input on which one "
    "version runs forever is a difference only where liftdiff proves that it never ends), "
    "under the assumptions listed with each function."
)
class Conclusion(enum.StrEnum):
    """Check-run conclusions the bot uses (GitHub's words)."""

    SUCCESS = "success"
    FAILURE = "failure"
    NEUTRAL = "neutral"
    CANCELLED = "cancelled"


class Level(enum.StrEnum):
    """Annotation levels (GitHub's words)."""

    FAILURE = "failure"
    WARNING = "warning"
    NOTICE = "notice"


_COMMAND = {Level.FAILURE: "error", Level.WARNING: "warning", Level.NOTICE: "notice"}


@dataclass(frozen=True)
class Annotation:
    path: str
    line: int
    level: Level
    title: str
    message: str

    def to_github(self) -> dict[str, object]:
        return {
            "path": self.path,
            "start_line": self.line,
            "end_line": self.line,
            "annotation_level": self.level.value,
            "title": self.title,
            "message": self.message,
        }


@dataclass(frozen=True)
class CheckOutcome:
    conclusion: Conclusion
    title: str
    summary: str
    annotations: tuple[Annotation, ...]


def _word(verdict: Verdict) -> str:
    return verdict.value.replace("_", " ")


def _judgement(review: Review, pr: PullRequest) -> Judgement[FunctionResult]:
    return judge(review.results, review.block, pr.acknowledgement(review.trailer), lambda r: r)


def conclusion(review: Review, pr: PullRequest) -> Conclusion:
    """failure: an unacknowledged blocking verdict; neutral: only undecided ones (or
    nothing checked); success otherwise (equivalent, or intended changes)."""
    judgement = _judgement(review, pr)
    if judgement.blocking:
        return Conclusion.FAILURE
    if judgement.undecided or review.skipped:
        return Conclusion.NEUTRAL
    return Conclusion.SUCCESS


def _names(results: Sequence[FunctionResult], limit: int = 3) -> str:
    names = [r.function for r in results]
    shown = ", ".join(names[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def summary_line(review: Review, pr: PullRequest) -> str:
    """One line of plain text (no Markdown): what this pull request changes."""
    if review.skipped:
        return f"not checked: {review.skipped}"
    if not review.results:
        return "no changed C functions to check"
    judgement = _judgement(review, pr)
    parts: list[str] = []
    if judgement.blocking:
        word = "behaviour change" if len(judgement.blocking) == 1 else "behaviour changes"
        if any(r.verdict is not Verdict.NOT_EQUIVALENT for r in judgement.blocking):
            word = "blocking result" if len(judgement.blocking) == 1 else "blocking results"
        parts.append(f"{len(judgement.blocking)} {word} ({_names(judgement.blocking)})")
    if judgement.acknowledged:
        parts.append(f"{len(judgement.acknowledged)} intended ({_names(judgement.acknowledged)})")
    for verdict in (Verdict.ERROR, Verdict.UNSUPPORTED, Verdict.UNKNOWN):
        count = sum(1 for r in judgement.undecided if r.verdict is verdict)
        if count:
            parts.append(f"{count} {verdict.value.lower()}")
    equivalent = sum(1 for r in review.results if r.verdict is Verdict.EQUIVALENT)
    if equivalent:
        parts.append(f"{equivalent} equivalent")
    return ", ".join(parts)


def _icon(review: Review, pr: PullRequest) -> str:
    return {
        Conclusion.FAILURE: ICON[Verdict.NOT_EQUIVALENT],
        Conclusion.NEUTRAL: SKIPPED_ICON if review.skipped else ICON[Verdict.UNKNOWN],
        Conclusion.SUCCESS: ICON[Verdict.EQUIVALENT],
    }[conclusion(review, pr)]


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _link(pr: PullRequest, rev: str, where: Location) -> str:
    path = urllib.parse.quote(where.path)
    return f"{pr.web_url}/blob/{rev}/{path}#L{where.line}"


def _function_cell(result: FunctionResult, review: Review, pr: PullRequest) -> str:
    name = code_span(result.function)
    if result.new is not None:
        return f"[{name}]({_link(pr, review.head, result.new)})"
    if result.old is not None:
        return f"[{name}]({_link(pr, review.base, result.old)})"
    return name


def _lines(cells: Sequence[str]) -> str:
    return "<br>".join(cells)


def _row(result: FunctionResult, review: Review, pr: PullRequest, intended: bool) -> str:
    verdict = result.verdict
    icon = INTENDED_ICON if intended else ICON[verdict]
    word = f"**{_word(verdict)}**" if verdict is Verdict.NOT_EQUIVALENT else _word(verdict)
    if intended:
        word += " (intended)"
    if verdict is Verdict.NOT_EQUIVALENT:
        heads = _lines([code_span(_clip(e.configurations, CELL_LIMIT)) for e in result.neq_summary])
        bodies = _lines([code_span(_clip(e.inputs, CELL_LIMIT)) for e in result.neq_summary])
    elif verdict is Verdict.EQUIVALENT:
        heads = "every configuration" if result.features else "(single product)"
        bodies = "all"
        if result.partial:
            word += f" ({PARTIAL_NOTE})"
    else:
        heads = bodies = "—"
        if result.reason:
            word += ": " + cell_text(_clip(result.reason, CELL_LIMIT))
    return f"| {icon} | {_function_cell(result, review, pr)} | {word} | {heads} | {bodies} |"


def _summary_tag(text: str) -> str:
    return f"<summary>{text}</summary>"


def _neq_details(result: FunctionResult, review: Review) -> str:
    name = html.escape(result.function)
    count = len(result.neq_summary)
    lines = [
        "<details>",
        _summary_tag(
            f"<code>{name}</code>: {count} differing case{'s' if count != 1 else ''}, "
            "witnesses and assumptions"
        ),
        "",
        "| Configurations (head) | Witness | Old | New |",
        "|---|---|---|---|",
    ]
    for entry in result.neq_summary:
        w = entry.witness
        where = code_span(_clip(configuration_text(w.configuration), DETAIL_LIMIT))
        inputs = code_span(_clip(assignment_text(w.inputs), DETAIL_LIMIT))
        if w.stubs:  # values assumed for calls without code
            inputs += "<br>" + code_span(_clip(assignment_text(w.stubs), DETAIL_LIMIT))
        lines.append(
            f"| {code_span(_clip(entry.configurations, DETAIL_LIMIT))} | {where}<br>{inputs} "
            f"| {code_span(_clip(assignment_text(w.old_output), DETAIL_LIMIT))} "
            f"| {code_span(_clip(assignment_text(w.new_output), DETAIL_LIMIT))} |"
        )
    lines += ["", _replay_sentence(result, review)]
    lines += _assumption_lines(result)
    lines += ["", "</details>"]
    return "\n".join(lines)


def _replay_sentence(result: FunctionResult, review: Review) -> str:
    methods = sorted({m.value for e in result.neq_summary for m in e.witness.replayed_by})
    if not review.compiled_replay:
        return (
            "Every witness was replayed by liftdiff's interpreter only: the bot never "
            "compiles or runs pull-request code."
        )
    return f"Every witness was replayed by: {', '.join(methods) or 'the interpreter'}."


def _assumption_lines(result: FunctionResult) -> list[str]:
    if not result.assumptions:
        return []
    return ["", "Assumptions:", *(f"- {_clip(a, DETAIL_LIMIT)}" for a in result.assumptions)]


def _other_details(results: Sequence[FunctionResult]) -> str | None:
    """Reasons of undecided verdicts and the assumptions of proofs, in one fold."""
    entries: list[str] = []
    for result in results:
        if result.verdict is Verdict.NOT_EQUIVALENT:
            continue
        parts: list[str] = []
        if result.reason:
            text = result.reason
            if result.bound is not None and "bound" not in text:
                text += f" (bound {result.bound})"
            parts.append(_clip(text, DETAIL_LIMIT))
        if result.assumptions:
            parts.append("assuming " + "; ".join(result.assumptions))
        if parts:
            entries.append(
                f"- {code_span(result.function)} ({_word(result.verdict)}): "
                + cell_text(_clip(". ".join(parts), DETAIL_LIMIT))
            )
    if not entries:
        return None
    return "\n".join(
        ["<details>", _summary_tag("Reasons and assumptions"), "", *entries, "", "</details>"]
    )


def _unchecked_details(review: Review, pr: PullRequest) -> str | None:
    if not review.unchecked and not review.notes:
        return None
    entries = [f"- {cell_text(change_line(change))}" for change in review.unchecked]
    entries += [f"- {code_span(n.path)}: {cell_text(n.message)}" for n in review.notes]
    count = len(entries)
    return "\n".join(
        [
            "<details>",
            _summary_tag(
                f"Not checked ({count}): added, removed or renamed functions, "
                "new signatures, unreadable files"
            ),
            "",
            *entries,
            "",
            "</details>",
        ]
    )


def _ordered(review: Review) -> list[FunctionResult]:
    return sorted(review.results, key=lambda r: (ORDER.index(r.verdict), r.function))


def comment(review: Review, pr: PullRequest, limit: int = COMMENT_LIMIT) -> str:
    """The PR comment: marker, summary line, table, folds; under `limit` characters."""
    return MARKER + "\n" + report_markdown(review, pr, limit - len(MARKER) - 1)


def report_markdown(review: Review, pr: PullRequest, limit: int = SUMMARY_LIMIT) -> str:
    """The comment's text without the marker (check-run summary, job summary)."""
    head = [f"### {_icon(review, pr)} liftdiff: {summary_line(review, pr)}", ""]
    scope = (
        f"Net change of this pull request, merge base {code_span(review.base[:10])} → "
        f"head {code_span(review.head[:10])}, each changed function once."
    )
    if review.skipped:
        body = [
            scope,
            "",
            "liftdiff did not check this pull request: it is larger than the limits of this "
            "installation. Split it, or check it locally with `liftdiff range`.",
        ]
        return _fit(head, [], body, limit)
    judgement = _judgement(review, pr)
    intended = {id(r) for r in judgement.acknowledged}
    ordered = _ordered(review)
    rows = [_row(r, review, pr, id(r) in intended) for r in ordered]
    folds = [_neq_details(r, review) for r in ordered if r.neq_summary]
    for extra in (_other_details(ordered), _unchecked_details(review, pr)):
        if extra:
            folds.append(extra)
    body = [scope, ""]
    if judgement.acknowledged:
        names = ", ".join(code_span(r.function) for r in judgement.acknowledged)
        body += [
            f"{INTENDED_ICON} Intended (a {review.trailer} trailer in the description or a "
            f"commit, or a label): {names}.",
            "",
        ]
    if judgement.blocking and any(r.verdict is Verdict.NOT_EQUIVALENT for r in judgement.blocking):
        names = " ".join(sorted({r.function for r in judgement.blocking}))
        body += [
            "If a change is intended, add this line to the pull request's description "
            f"or a commit message: `{review.trailer}: {names} <why>`.",
            "",
        ]
    if review.results and any(r.verdict is Verdict.EQUIVALENT for r in review.results):
        body += [PARTIAL_EQUIVALENCE, ""]
    return _fit(head, rows, body, limit, folds)


_TABLE_HEAD = [
    "| | Function | Verdict | Configurations (head) | Inputs (body) |",
    "|---|---|---|---|---|",
]


def _fit(
    head: list[str],
    rows: list[str],
    body: list[str],
    limit: int,
    folds: Sequence[str] = (),
) -> str:
    """Everything that fits in `limit`: rows first, then folds, with a note for the rest."""
    footer = f"<sub>liftdiff {TOOL_VERSION}</sub>"

    def text(kept_rows: int, kept_folds: int) -> str:
        parts = list(head)
        if rows:
            parts += [*_TABLE_HEAD, *rows[:kept_rows], ""]
        parts += body
        parts += [fold + "\n" for fold in folds[:kept_folds]]
        dropped_rows, dropped_folds = len(rows) - kept_rows, len(folds) - kept_folds
        if dropped_rows or dropped_folds:
            parts += [
                f"*Shortened to fit GitHub's size limit: {dropped_rows} more function(s) and "
                f"{dropped_folds} more section(s) are not shown; the check run's "
                "annotations list every function that is not equivalent.*",
                "",
            ]
        parts.append(footer)
        return "\n".join(parts) + "\n"

    whole = text(len(rows), len(folds))
    if len(whole) <= limit:
        return whole
    budget = limit - len(text(0, 0)) - NOTE_RESERVE
    kept_rows = kept_folds = 0
    for row in rows:
        if len(row) + 1 > budget:
            break
        budget -= len(row) + 1
        kept_rows += 1
    if kept_rows == len(rows):
        for fold in folds:
            if len(fold) + 2 > budget:
                break
            budget -= len(fold) + 2
            kept_folds += 1
    return _clip(text(kept_rows, kept_folds), limit)


def check_annotations(review: Review, pr: PullRequest) -> tuple[Annotation, ...]:
    """One per function that is not equivalent, at its line in the new version."""
    judgement = _judgement(review, pr)
    levels = {id(r): Level.FAILURE for r in judgement.blocking}
    levels.update({id(r): Level.NOTICE for r in judgement.acknowledged})
    levels.update({id(r): Level.WARNING for r in judgement.undecided})
    found: list[Annotation] = []
    for result in _ordered(review):
        where = result.new
        if id(result) not in levels or where is None:
            continue
        title = f"{result.function}: {result.verdict.value}"
        if levels[id(result)] is Level.NOTICE:
            title += f" (intended, {review.trailer})"
        found.append(
            Annotation(where.path, where.line, levels[id(result)], title, _message(result))
        )
    return tuple(found)


def _message(result: FunctionResult) -> str:
    if result.verdict is Verdict.NOT_EQUIVALENT:
        lines = [
            f"differs in configurations {e.configurations} for inputs {e.inputs}; "
            f"e.g. {witness_sentence(e.witness)}"
            for e in result.neq_summary
        ]
        return _clip("\n".join(lines), DETAIL_LIMIT)
    return _clip(result.reason or result.verdict.value.lower(), DETAIL_LIMIT)


def check_outcome(review: Review, pr: PullRequest) -> CheckOutcome:
    return CheckOutcome(
        conclusion=conclusion(review, pr),
        title=_clip(summary_line(review, pr), 250),
        summary=report_markdown(review, pr, SUMMARY_LIMIT),
        annotations=check_annotations(review, pr),
    )


def batches(
    items: Sequence[Annotation], size: int = ANNOTATION_BATCH
) -> list[tuple[Annotation, ...]]:
    """The annotations in requests of at most `size` (at least one, possibly empty)."""
    return [tuple(items[i : i + size]) for i in range(0, len(items), size)] or [()]


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def workflow_message(command: str, text: str) -> str:
    """A `::warning::text` line (no file) for a GitHub Actions log."""
    return f"::{command}::{_escape_data(text)}\n"


def workflow_commands(items: Sequence[Annotation]) -> list[str]:
    """`::error file=…,line=…,title=…::message` lines for a GitHub Actions log."""
    return [
        f"::{_COMMAND[a.level]} file={_escape_property(a.path)},line={a.line},"
        f"title={_escape_property(a.title)}::{_escape_data(a.message)}"
        for a in items
    ]
