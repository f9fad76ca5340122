"""JSON report, schema `liftdiff.report/1` (see docs/report-schema.md)."""

from __future__ import annotations

import json
from typing import Any

import z3

from checker.location import Location
from checker.types import (
    SCHEMA,
    TOOL_NAME,
    TOOL_VERSION,
    FunctionResult,
    NeqEntry,
    Report,
    Unchecked,
    Witness,
)


def tool_info() -> dict[str, str]:
    return {"name": TOOL_NAME, "version": TOOL_VERSION, "z3": z3.get_version_string()}


def location_to_dict(location: Location | None) -> dict[str, Any] | None:
    if location is None:
        return None
    return {"path": location.path, "line": location.line}


def witness_to_dict(witness: Witness) -> dict[str, Any]:
    data: dict[str, Any] = {
        "configuration": dict(witness.configuration),
        "inputs": dict(witness.inputs),
        "old_output": dict(witness.old_output),
        "new_output": dict(witness.new_output),
        "replayed_by": [method.value for method in witness.replayed_by],
    }
    if witness.stubs:
        data["stubs"] = dict(witness.stubs)
    if witness.memory:
        data["memory"] = [dict(item) for item in witness.memory]
    return data


def entry_to_dict(entry: NeqEntry) -> dict[str, Any]:
    return {
        "configurations": entry.configurations,
        "inputs": entry.inputs,
        "witness": witness_to_dict(entry.witness),
    }


def result_to_dict(result: FunctionResult) -> dict[str, Any]:
    return {
        "function": result.function,
        "old": location_to_dict(result.old),
        "new": location_to_dict(result.new),
        "verdict": result.verdict.value,
        "reason": result.reason,
        "bound": result.bound,
        "features": list(result.features),
        "feature_model": result.feature_model,
        "neq_summary": [entry_to_dict(entry) for entry in result.neq_summary],
        "stats": {"seconds": result.stats.seconds, "solver_calls": result.stats.solver_calls},
        "assumptions": list(result.assumptions),
        "renamed_from": result.renamed_from,
    }


def unchecked_to_dict(change: Unchecked) -> dict[str, Any]:
    return {
        "function": change.function,
        "kind": change.kind,
        "location": location_to_dict(change.location),
        "detail": change.detail,
    }


def report_to_dict(report: Report) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "tool": tool_info(),
        "results": [result_to_dict(result) for result in report.results],
        "unchecked": [unchecked_to_dict(change) for change in report.unchecked],
    }


def render(report: Report) -> str:
    return json.dumps(report_to_dict(report), indent=2) + "\n"
