"""Report renderers, one module per ReportFormat; each turns a Report into text."""

from __future__ import annotations

from checker.report import json_report, markdown_report, sarif_report, terminal_report
from checker.types import Provenance, Report, ReportFormat


def render(
    report: Report,
    fmt: ReportFormat,
    provenance: Provenance | None = None,
    color: bool = False,
) -> str:
    """`provenance` places SARIF's paths in a repository; `color` styles the terminal table."""
    if fmt is ReportFormat.SARIF:
        return sarif_report.render(report, provenance)
    if fmt is ReportFormat.TERMINAL:
        return terminal_report.render(report, color=color)
    if fmt is ReportFormat.MARKDOWN:
        return markdown_report.render(report)
    return json_report.render(report)
