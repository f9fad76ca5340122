"""SARIF 2.1.0 report for code scanning: each NOT_EQUIVALENT function is a result.

Only proven differences become results (alerts); inconclusive verdicts go to
the invocation's notifications, so a timeout never shows up as an alert and a
proven difference always does. Locations are the paths the report carries
(repository-relative for git commands), under `%SRCROOT%`.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from checker.location import Location
from checker.report.markdown_report import (
    configuration_text,
    location_text,
    witness_sentence,
)
from checker.types import TOOL_NAME, TOOL_VERSION, FunctionResult, Report, Verdict

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
RULE_NEQ = "liftdiff/not-equivalent"

_RULES: list[dict[str, Any]] = [
    {
        "id": RULE_NEQ,
        "name": "NotEquivalent",
        "shortDescription": {"text": "Changed function behaves differently"},
        "fullDescription": {
            "text": "The new version of the function gives a different result than the old "
            "one for some feature configuration and inputs; a replayed witness is attached."
        },
        "help": {
            "text": "If the behaviour change is intended, say so in the commit message with a "
            "'Behavior-Change: <function> <why>' trailer; otherwise fix the refactoring."
        },
        "defaultConfiguration": {"level": "error"},
        "properties": {"tags": ["correctness", "refactoring", "product-line"]},
    }
]
_NOTIFICATION_LEVEL = {
    Verdict.NOT_EQUIVALENT: "error",
    Verdict.UNKNOWN: "warning",
    Verdict.UNSUPPORTED: "note",
    Verdict.ERROR: "error",
}


def _physical(location: Location) -> dict[str, Any]:
    return {
        "physicalLocation": {
            "artifactLocation": {"uri": location.path.lstrip("/"), "uriBaseId": "%SRCROOT%"},
            "region": {"startLine": max(location.line, 1)},
        }
    }


def _location(result: FunctionResult) -> dict[str, Any] | None:
    where = result.new or result.old
    if where is None:
        return None
    located = _physical(where)
    located["logicalLocations"] = [
        {"name": result.function, "fullyQualifiedName": result.function, "kind": "function"}
    ]
    return located


def _message(result: FunctionResult) -> str:
    heads = [entry.configurations for entry in result.neq_summary if entry.configurations != "1"]
    text = f"'{result.function}' is not equivalent to its previous version"
    if heads:
        text += " in configurations " + " or ".join(f"({h})" for h in heads)
    elif result.neq_summary and result.features:
        text += " in every configuration"
    if result.neq_summary:
        text += "; e.g. " + witness_sentence(result.neq_summary[0].witness)
    elif result.reason:
        text += f": {result.reason}"
    return text + "."


def _fingerprint(result: FunctionResult) -> str:
    where = result.new or result.old
    basis = f"{where.path if where else ''}\0{result.function}\0" + "\0".join(
        e.configurations for e in result.neq_summary
    )
    return hashlib.sha256(basis.encode("utf-8")).hexdigest()[:32]


def _result(result: FunctionResult, location: dict[str, Any]) -> dict[str, Any]:
    return {
        "ruleId": RULE_NEQ,
        "ruleIndex": 0,
        "level": "error",
        "message": {"text": _message(result)},
        "locations": [location],
        "partialFingerprints": {"liftdiffFunction/v1": _fingerprint(result)},
        "properties": {
            "features": list(result.features),
            "featureModel": result.feature_model,
            "neqSummary": [
                {
                    "configurations": entry.configurations,
                    "inputs": entry.inputs,
                    "witnessConfiguration": configuration_text(entry.witness.configuration),
                    "witness": witness_sentence(entry.witness),
                    "replayedBy": [m.value for m in entry.witness.replayed_by],
                }
                for entry in result.neq_summary
            ],
        },
    }


def _notification(result: FunctionResult) -> dict[str, Any]:
    reason = result.reason or result.verdict.value.lower()
    note: dict[str, Any] = {
        "level": _NOTIFICATION_LEVEL.get(result.verdict, "note"),
        "message": {
            "text": f"{result.function} ({location_text(result)}): {result.verdict.value}: {reason}"
        },
    }
    where = result.new or result.old
    if where is not None:
        note["locations"] = [_physical(where)]
    return note


def to_sarif(report: Report) -> dict[str, Any]:
    results: list[dict[str, Any]] = []
    notifications: list[dict[str, Any]] = []
    for item in report.results:
        location = _location(item)
        if item.verdict is Verdict.NOT_EQUIVALENT and location is not None:
            results.append(_result(item, location))
        elif item.verdict is not Verdict.EQUIVALENT:
            notifications.append(_notification(item))
    invocation: dict[str, Any] = {"executionSuccessful": True}
    if notifications:
        invocation["toolExecutionNotifications"] = notifications
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": TOOL_NAME,
                        "version": TOOL_VERSION,
                        "semanticVersion": TOOL_VERSION,
                        "rules": _RULES,
                    }
                },
                "invocations": [invocation],
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }


def render(report: Report) -> str:
    return json.dumps(to_sarif(report), indent=2) + "\n"
