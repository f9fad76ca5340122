"""Terminal report: one table row per function, then each NEQ-summary in detail."""

from __future__ import annotations

import io
import json

from rich.color import ColorSystem
from rich.console import Console
from rich.style import Style
from rich.table import Table
from rich.text import Text

from checker.report.markdown_report import PARTIAL_NOTE, function_text, other_assumptions
from checker.types import FunctionResult, Report, Verdict

_STYLE = {
    Verdict.EQUIVALENT: "bold green",
    Verdict.NOT_EQUIVALENT: "bold red",
    Verdict.UNKNOWN: "yellow",
    Verdict.UNSUPPORTED: "magenta",
    Verdict.ERROR: "bold magenta",
}


def _compact(value: object) -> str:
    return json.dumps(value, separators=(", ", ": "))


def _witness_cell(result: FunctionResult) -> str:
    if result.neq_summary:
        witness = result.neq_summary[0].witness
        parts = [f"{k}={_compact(v)}" for k, v in witness.inputs.items()]
        if witness.configuration:
            parts.insert(
                0, "config " + ",".join(f"{k}={v}" for k, v in witness.configuration.items())
            )
        return " ".join(parts) or "(no inputs)"
    if result.verdict is Verdict.EQUIVALENT:  # what the proof rests on, as the PR text says
        others = other_assumptions(result)
        assuming = "assuming " + "; ".join(others) if others else ""
        partial = PARTIAL_NOTE if result.partial else ""
        return "; ".join(filter(None, (result.reason, partial, assuming)))
    return result.reason or ""


def styled(verdict: Verdict, text: str, color: bool) -> str:
    """`text` in the verdict's style (ANSI) when color is on; as it is otherwise."""
    if not color:
        return text
    return Style.parse(_STYLE[verdict]).render(text, color_system=ColorSystem.STANDARD)


def render(report: Report, width: int = 120, color: bool = False) -> str:
    """The table; with `color`, verdicts in ANSI colors (the CLI decides: --color, NO_COLOR)."""
    buffer = io.StringIO()
    console = Console(
        file=buffer,
        width=width,
        force_terminal=color,
        color_system="standard" if color else None,
        no_color=not color,
        highlight=False,
    )
    table = Table(title="liftdiff", show_lines=False)
    table.add_column("function", no_wrap=True)
    table.add_column("verdict", no_wrap=True)
    table.add_column("witness / reason", overflow="fold")
    table.add_column("time", justify="right", no_wrap=True)
    for result in report.results:
        table.add_row(
            function_text(result),
            Text(result.verdict.value, style=_STYLE[result.verdict]),
            _witness_cell(result),
            f"{result.stats.seconds:.2f}s",
        )
    console.print(table)
    for result in report.results:
        if not result.neq_summary:
            continue
        console.print(f"\n{result.function}: behaviour differs")
        for entry in result.neq_summary:
            witness = entry.witness
            console.print(f"  configurations: {entry.configurations}")
            console.print(f"  inputs:         {entry.inputs}")
            if witness.configuration:
                console.print(f"  witness config: {_compact(dict(witness.configuration))}")
            console.print(f"  witness inputs: {_compact(dict(witness.inputs))}")
            console.print(f"  old output:     {_compact(dict(witness.old_output))}")
            console.print(f"  new output:     {_compact(dict(witness.new_output))}")
            if witness.stubs:
                console.print(f"  assumed calls:  {_compact(dict(witness.stubs))}")
            console.print("  replayed by:    " + ", ".join(m.value for m in witness.replayed_by))
    if report.unchecked:
        console.print("\nnot checked:")
        for change in report.unchecked:
            console.print(f"  {change.line()}", markup=False, soft_wrap=True)
    if not report.results and not report.unchecked:
        console.print("no changed functions")
    return buffer.getvalue()
