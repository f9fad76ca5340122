"""Markdown report: the table a pull-request comment shows, with witnesses folded.

Plain GitHub-flavoured Markdown, no HTML but `<details>`, so it reads the same
in a PR comment, a job summary and a terminal pager.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from checker.location import Location
from checker.types import PARTIAL_EQUIVALENCE, FunctionResult, Report, Value, Verdict, Witness

ICON = {
    Verdict.EQUIVALENT: "✅",
    Verdict.NOT_EQUIVALENT: "❌",
    Verdict.UNKNOWN: "❓",
    Verdict.UNSUPPORTED: "⚠️",
    Verdict.ERROR: "💥",
}
PARTIAL_NOTE = "partial: both versions terminate"
"""How a table says that an EQUIVALENT rests on partial equivalence (loops, recursion)."""
ORDER = (
    Verdict.NOT_EQUIVALENT,
    Verdict.ERROR,
    Verdict.UNSUPPORTED,
    Verdict.UNKNOWN,
    Verdict.EQUIVALENT,
)


def value_text(value: Value) -> str:
    """A witness value as C-ish text: ints and hex floats as they are, arrays in braces."""
    if isinstance(value, list):
        return "{" + ", ".join(value_text(v) for v in value) + "}"
    if isinstance(value, dict):
        return "{" + ", ".join(f".{k} = {value_text(v)}" for k, v in value.items()) + "}"
    return str(value)


def assignment_text(values: Mapping[str, Value]) -> str:
    if not values:
        return "(none)"
    return ", ".join(f"{name} = {value_text(v)}" for name, v in values.items())


def configuration_text(configuration: Mapping[str, int]) -> str:
    """Each feature with its value as the build sets it (`LEVEL=3`, not `LEVEL=1`)."""
    if not configuration:
        return "(single product)"
    return ", ".join(f"{name}={value}" for name, value in configuration.items())


def witness_sentence(witness: Witness) -> str:
    """One line: where, on what, and the two different outcomes."""
    return (
        f"with {configuration_text(witness.configuration)} and inputs "
        f"{assignment_text(witness.inputs)}: old gives {assignment_text(witness.old_output)}, "
        f"new gives {assignment_text(witness.new_output)}"
    )


def function_text(result: FunctionResult) -> str:
    """The function's name, and its old name when it was renamed."""
    if result.renamed_from:
        return f"{result.function} (renamed from {result.renamed_from})"
    return result.function


def other_assumptions(result: FunctionResult) -> tuple[str, ...]:
    """The assumptions besides partial equivalence (which a table shows as PARTIAL_NOTE)."""
    return tuple(a for a in result.assumptions if a != PARTIAL_EQUIVALENCE)


def location_text(result: FunctionResult) -> str:
    where: Location | None = result.new or result.old
    return str(where) if where else "-"


def summary_line(report: Report) -> str:
    counts = Counter(r.verdict for r in report.results)
    if not counts:
        return "no changed functions to check"
    words = {
        Verdict.NOT_EQUIVALENT: "not equivalent",
        Verdict.ERROR: "error",
        Verdict.UNSUPPORTED: "unsupported",
        Verdict.UNKNOWN: "unknown",
        Verdict.EQUIVALENT: "equivalent",
    }
    return ", ".join(f"{counts[v]} {words[v]}" for v in ORDER if counts[v])


def cell_text(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def code_span(text: str) -> str:
    """An inline code span that survives backticks and pipes inside table cells."""
    fence = "``" if "`" in text else "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    inner = text.replace("|", "\\|").replace("\n", " ")  # GFM splits cells before code spans
    return f"{fence}{pad}{inner}{pad}{fence}"


def _details(result: FunctionResult) -> str:
    if result.verdict is Verdict.NOT_EQUIVALENT:
        heads = [entry.configurations for entry in result.neq_summary]
        if heads == ["1"]:  # every configuration (or a single product): say where instead
            scope = " in every configuration" if result.features else ""
            inputs = result.neq_summary[0].inputs
            return f"differs{scope}" + (f" for inputs {code_span(inputs)}" if inputs != "1" else "")
        return "differs when " + " or ".join(code_span(h) for h in heads)
    if result.verdict is Verdict.EQUIVALENT:
        text = result.reason or ("proved for every configuration" if result.features else "proved")
        if result.partial:
            text += f" ({PARTIAL_NOTE})"
        others = other_assumptions(result)
        if others:
            text += " (assuming " + "; ".join(others) + ")"
        return cell_text(text)
    text = result.reason or result.verdict.value.lower()
    if result.bound is not None and "bound" not in text:
        text += f" (bound {result.bound})"
    return cell_text(text)


def _witness_section(result: FunctionResult) -> list[str]:
    lines = [
        "",
        f"<details><summary>{code_span(result.function)} — "
        f"{len(result.neq_summary)} differing case(s)</summary>",
        "",
        "| Configurations | Inputs | Witness | Old | New |",
        "|---|---|---|---|---|",
    ]
    for entry in result.neq_summary:
        w = entry.witness
        witness = configuration_text(w.configuration) + "; " + assignment_text(w.inputs)
        old, new = assignment_text(w.old_output), assignment_text(w.new_output)
        lines.append(
            f"| {code_span(entry.configurations)} | {code_span(entry.inputs)} "
            f"| {cell_text(witness)} | {cell_text(old)} | {cell_text(new)} |"
        )
    replayed = sorted({m.value for e in result.neq_summary for m in e.witness.replayed_by})
    if replayed:
        lines += ["", f"Witnesses replayed by: {', '.join(replayed)}."]
    lines += ["", "</details>"]
    return lines


def render(report: Report) -> str:
    lines = [f"### liftdiff: {summary_line(report)}", ""]
    if report.results:
        lines += [
            "| | Function | Location | Verdict | Details |",
            "|---|---|---|---|---|",
        ]
        ordered = sorted(report.results, key=lambda r: ORDER.index(r.verdict))
        for result in ordered:
            renamed = (
                f" (renamed from {code_span(result.renamed_from)})" if result.renamed_from else ""
            )
            lines.append(
                f"| {ICON[result.verdict]} | {code_span(result.function)}{renamed} "
                f"| {code_span(location_text(result))} | {result.verdict.value} "
                f"| {_details(result)} |"
            )
        for result in ordered:
            if result.verdict is Verdict.NOT_EQUIVALENT:
                lines += _witness_section(result)
    if report.unchecked:
        lines += ["", "Not checked:", "", *(f"- {cell_text(c.line())}" for c in report.unchecked)]
    return "\n".join(lines) + "\n"
