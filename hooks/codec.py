"""JSON shapes of hooks' values, and the way back from JSON to FunctionResult.

Results are written by the engine's own JSON renderer (`report_to_dict`, schema
`liftdiff.report/1`), so a cached result, a scan record and a printed report
all share one shape; `result_from_dict` is its inverse.
"""

from __future__ import annotations

from typing import Any

from checker.errors import ConfigError
from checker.frontend.changes import ChangeKind, FunctionChange
from checker.location import Location
from checker.report.json_report import result_to_dict
from checker.types import (
    FunctionResult,
    NeqEntry,
    ReplayMethod,
    Stats,
    Verdict,
    Witness,
)
from hooks.gitrepo import CommitInfo

__all__ = [
    "change_from_dict",
    "change_to_dict",
    "commit_to_dict",
    "result_from_dict",
    "result_to_dict",
]


def _location(data: dict[str, Any] | None) -> Location | None:
    if data is None:
        return None
    return Location(str(data["path"]), int(data["line"]), int(data.get("column", 0)))


def _witness(data: dict[str, Any]) -> Witness:
    return Witness(
        configuration={str(k): int(v) for k, v in data["configuration"].items()},
        inputs=dict(data["inputs"]),
        old_output=dict(data["old_output"]),
        new_output=dict(data["new_output"]),
        replayed_by=tuple(ReplayMethod(m) for m in data.get("replayed_by", ())),
        stubs=dict(data.get("stubs") or {}),
        memory=tuple(data.get("memory") or ()),
    )


def result_from_dict(data: dict[str, Any]) -> FunctionResult:
    """Inverse of the JSON renderer's result shape; a malformed row is a ConfigError."""
    try:
        stats = data.get("stats") or {}
        return FunctionResult(
            function=str(data["function"]),
            old=_location(data.get("old")),
            new=_location(data.get("new")),
            verdict=Verdict(data["verdict"]),
            reason=data.get("reason"),
            bound=data.get("bound"),
            features=tuple(data.get("features") or ()),
            feature_model=str(data.get("feature_model", "1")),
            neq_summary=tuple(
                NeqEntry(
                    configurations=str(entry["configurations"]),
                    inputs=str(entry["inputs"]),
                    witness=_witness(entry["witness"]),
                )
                for entry in data.get("neq_summary") or ()
            ),
            stats=Stats(
                seconds=float(stats.get("seconds", 0.0)),
                solver_calls=int(stats.get("solver_calls", 0)),
            ),
            assumptions=tuple(data.get("assumptions") or ()),
            renamed_from=data.get("renamed_from"),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ConfigError(f"malformed stored result ({type(exc).__name__}: {exc})") from None


def _location_dict(location: Location | None) -> dict[str, Any] | None:
    return None if location is None else {"path": location.path, "line": location.line}


def change_to_dict(change: FunctionChange) -> dict[str, Any]:
    return {
        "function": change.function,
        "kind": change.kind.value,
        "old": _location_dict(change.old),
        "new": _location_dict(change.new),
        "detail": change.detail,
    }


def change_from_dict(data: dict[str, Any]) -> FunctionChange:
    return FunctionChange(
        kind=ChangeKind(data["kind"]),
        function=str(data["function"]),
        old=_location(data.get("old")),
        new=_location(data.get("new")),
        detail=str(data.get("detail", "")),
    )


def commit_to_dict(commit: CommitInfo) -> dict[str, Any]:
    return {
        "sha": commit.sha,
        "parent": commit.parent,
        "author": commit.author,
        "date": commit.date,
        "subject": commit.subject,
    }
