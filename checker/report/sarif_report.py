"""SARIF 2.1.0 report for code scanning: each undecided or differing function a result.

Levels: NOT_EQUIVALENT is an `error` result (a proven, replayed difference);
UNKNOWN and UNSUPPORTED are `note` results (the function was not proved, and a
reviewer should know, but nothing is wrong with the code); ERROR is liftdiff's
own failure, not a finding about the code, so it is an `error` notification of
the invocation, never an alert. EQUIVALENT functions produce nothing. Rule ids
are stable (`liftdiff/not-equivalent`, `liftdiff/unknown`, `liftdiff/unsupported`),
and so is their order in `rules`.

Relative paths (the git commands' paths are relative to the repository root)
become URIs under the base id `SRCROOT`, which `originalUriBaseIds` resolves to
the provenance's root; the commit they refer to is in `versionControlProvenance`.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import posixpath
import urllib.parse
from typing import Any

from checker.location import Location
from checker.report.markdown_report import (
    configuration_text,
    function_text,
    location_text,
    witness_sentence,
)
from checker.types import (
    TOOL_NAME,
    TOOL_VERSION,
    FunctionResult,
    Provenance,
    Report,
    Verdict,
)

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "SRCROOT"
RULE_NEQ = "liftdiff/not-equivalent"
RULE_UNKNOWN = "liftdiff/unknown"
RULE_UNSUPPORTED = "liftdiff/unsupported"

_TRAILER_HELP = (
    "If the behaviour change is intended, say so in the commit message with a "
    "'Behavior-Change: <function> <why>' trailer; otherwise fix the refactoring."
)
_RULES: list[dict[str, Any]] = [
    {
        "id": RULE_NEQ,
        "name": "NotEquivalent",
        "shortDescription": {"text": "Changed function behaves differently"},
        "fullDescription": {
            "text": "The new version of the function gives a different result than the old "
            "one for some feature configuration and inputs; a replayed witness is attached."
        },
        "help": {"text": _TRAILER_HELP},
        "defaultConfiguration": {"level": "error"},
        "properties": {"tags": ["correctness", "refactoring", "product-line"]},
    },
    {
        "id": RULE_UNKNOWN,
        "name": "EquivalenceUnknown",
        "shortDescription": {"text": "Changed function not proved equivalent"},
        "fullDescription": {
            "text": "liftdiff found no difference but could not prove the versions equivalent "
            "within its limits (time, loop bound, solver); the reason is in the message."
        },
        "help": {
            "text": "Review the change by hand, or raise the limits (--timeout, --unwind) "
            "and check again."
        },
        "defaultConfiguration": {"level": "note"},
        "properties": {"tags": ["correctness", "refactoring", "product-line"]},
    },
    {
        "id": RULE_UNSUPPORTED,
        "name": "EquivalenceUnsupported",
        "shortDescription": {"text": "Changed function uses a construct liftdiff cannot model"},
        "fullDescription": {
            "text": "The function (or what it calls) uses a C construct outside liftdiff's "
            "model, named with its location in the message; it was not checked."
        },
        "help": {"text": "Review the change by hand."},
        "defaultConfiguration": {"level": "note"},
        "properties": {"tags": ["correctness", "refactoring", "product-line"]},
    },
]
_RULE_OF = {
    Verdict.NOT_EQUIVALENT: RULE_NEQ,
    Verdict.UNKNOWN: RULE_UNKNOWN,
    Verdict.UNSUPPORTED: RULE_UNSUPPORTED,
}
_RULE_INDEX = {rule["id"]: index for index, rule in enumerate(_RULES)}


def artifact_location(path: str) -> dict[str, Any]:
    """A relative path under SRCROOT (percent-encoded), an absolute one as a file URI."""
    if posixpath.isabs(path):
        return {"uri": pathlib.Path(path).as_uri()}
    clean = posixpath.normpath(path.replace("\\", "/"))
    return {"uri": urllib.parse.quote(clean), "uriBaseId": SRCROOT}


def _physical(location: Location) -> dict[str, Any]:
    return {
        "physicalLocation": {
            "artifactLocation": artifact_location(location.path),
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
    name = f"'{function_text(result)}'"
    if result.verdict is Verdict.UNKNOWN:
        bound = f" (bound {result.bound})" if result.bound is not None else ""
        return f"{name} was not proved equivalent to its previous version: {result.reason}{bound}."
    if result.verdict is Verdict.UNSUPPORTED:
        return f"{name} was not checked: {result.reason}."
    heads = [entry.configurations for entry in result.neq_summary if entry.configurations != "1"]
    text = f"{name} is not equivalent to its previous version"
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
    """Stable across line moves and re-runs: path, function, verdict and the heads."""
    where = result.new or result.old
    basis = f"{where.path if where else ''}\0{result.function}\0" + "\0".join(
        e.configurations for e in result.neq_summary
    )
    if result.verdict is not Verdict.NOT_EQUIVALENT:
        basis += f"\0{result.verdict.value}"
    return hashlib.sha256(basis.encode("utf-8")).hexdigest()[:32]


def _result(result: FunctionResult, location: dict[str, Any]) -> dict[str, Any]:
    rule = _RULE_OF[result.verdict]
    properties: dict[str, Any] = {
        "verdict": result.verdict.value,
        "features": list(result.features),
        "featureModel": result.feature_model,
    }
    if result.renamed_from:
        properties["renamedFrom"] = result.renamed_from
    if result.verdict is Verdict.NOT_EQUIVALENT:
        properties["neqSummary"] = [
            {
                "configurations": entry.configurations,
                "inputs": entry.inputs,
                "witnessConfiguration": configuration_text(entry.witness.configuration),
                "witness": witness_sentence(entry.witness),
                "replayedBy": [m.value for m in entry.witness.replayed_by],
            }
            for entry in result.neq_summary
        ]
    else:
        properties["reason"] = result.reason
        if result.bound is not None:
            properties["bound"] = result.bound
    return {
        "ruleId": rule,
        "ruleIndex": _RULE_INDEX[rule],
        "level": "error" if result.verdict is Verdict.NOT_EQUIVALENT else "note",
        "message": {"text": _message(result)},
        "locations": [location],
        "partialFingerprints": {"liftdiffFunction/v1": _fingerprint(result)},
        "properties": properties,
    }


def _notification(result: FunctionResult) -> dict[str, Any]:
    reason = result.reason or result.verdict.value.lower()
    note: dict[str, Any] = {
        "level": "error" if result.verdict is Verdict.ERROR else "note",
        "message": {
            "text": f"{function_text(result)} ({location_text(result)}): "
            f"{result.verdict.value}: {reason}"
        },
    }
    where = result.new or result.old
    if where is not None:
        note["locations"] = [_physical(where)]
    return note


def _provenance(provenance: Provenance) -> dict[str, Any]:
    root = pathlib.Path(provenance.root).as_uri().rstrip("/") + "/"
    run: dict[str, Any] = {"originalUriBaseIds": {SRCROOT: {"uri": root}}}
    if provenance.revision is not None or provenance.repository_uri is not None:
        details: dict[str, Any] = {"repositoryUri": provenance.repository_uri or root}
        if provenance.revision is not None:
            details["revisionId"] = provenance.revision
        if provenance.branch is not None:
            details["branch"] = provenance.branch
        details["mappedTo"] = {"uriBaseId": SRCROOT}
        run["versionControlProvenance"] = [details]
    return run


def to_sarif(report: Report, provenance: Provenance | None = None) -> dict[str, Any]:
    results: list[dict[str, Any]] = []
    notifications: list[dict[str, Any]] = []
    for item in report.results:
        if item.verdict is Verdict.EQUIVALENT:
            continue
        location = _location(item)
        if item.verdict in _RULE_OF and location is not None:
            results.append(_result(item, location))
        else:  # ERROR, or a result without a location to attach an alert to
            notifications.append(_notification(item))
    # SARIF: false when the tool failed; an internal error on any function is one,
    # so consumers that only read this flag do not take the run for a clean pass.
    failed = any(item.verdict is Verdict.ERROR for item in report.results)
    invocation: dict[str, Any] = {"executionSuccessful": not failed}
    if notifications:
        invocation["toolExecutionNotifications"] = notifications
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": TOOL_NAME,
                "version": TOOL_VERSION,
                "semanticVersion": TOOL_VERSION,
                "rules": _RULES,
            }
        },
        "invocations": [invocation],
    }
    if provenance is not None:
        run.update(_provenance(provenance))
    run["columnKind"] = "unicodeCodePoints"
    run["results"] = results
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def render(report: Report, provenance: Provenance | None = None) -> str:
    return json.dumps(to_sarif(report, provenance), indent=2) + "\n"
