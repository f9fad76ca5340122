"""Report renderers, one module per ReportFormat; each turns a Report into text."""

from __future__ import annotations

import importlib

from checker.types import Report, ReportFormat


def render(report: Report, fmt: ReportFormat) -> str:
    module = importlib.import_module(f"checker.report.{fmt.value}_report")
    return module.render(report)
