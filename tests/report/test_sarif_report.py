"""SARIF 2.1.0 output: valid against the official schema, NEQ as located results."""

from __future__ import annotations

import json

import pytest

from checker.location import Location
from checker.report.sarif_report import (
    RULE_NEQ,
    RULE_UNKNOWN,
    RULE_UNSUPPORTED,
    render,
    to_sarif,
)
from checker.types import (
    FunctionResult,
    NeqEntry,
    Provenance,
    ReplayMethod,
    Report,
    Verdict,
    Witness,
)
from tests import FIXTURES

SCHEMA = FIXTURES / "productline" / "sarif" / "sarif-schema-2.1.0.json"

NEQ = FunctionResult(
    function="clamp",
    old=Location("lib/clamp.c", 10),
    new=Location("lib/clamp.c", 12),
    verdict=Verdict.NOT_EQUIVALENT,
    features=("CONFIG_WIDE",),
    neq_summary=(
        NeqEntry(
            configurations="CONFIG_WIDE",
            inputs="x > 100",
            witness=Witness(
                configuration={"CONFIG_WIDE": 1},
                inputs={"x": 101},
                old_output={"return": 100},
                new_output={"return": 101},
                replayed_by=(ReplayMethod.INTERPRETER,),
            ),
        ),
    ),
)
EQ = FunctionResult("inc", Location("lib/a.c", 1), Location("lib/a.c", 1), Verdict.EQUIVALENT)
UNK = FunctionResult("loop", None, Location("lib/b.c", 7), Verdict.UNKNOWN, reason="timeout")
UNSUP = FunctionResult("asm_fn", None, None, Verdict.UNSUPPORTED, reason="inline asm")
UNSUP_AT = FunctionResult(
    "asm_fn", None, Location("lib/c.c", 3), Verdict.UNSUPPORTED, reason="inline asm at lib/c.c:4"
)
ERR = FunctionResult("boom", None, Location("lib/d.c", 9), Verdict.ERROR, reason="internal error")
PROVENANCE = Provenance("/work/repo", "https://github.com/o/r.git", "a" * 40, "main")


def _validator():  # type: ignore[no-untyped-def]
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is a test dependency")
    return jsonschema.Draft4Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


@pytest.mark.parametrize(
    "report",
    [Report(()), Report((EQ,)), Report((NEQ, EQ, UNK, UNSUP, UNSUP_AT, ERR))],
    ids=["empty", "all-equivalent", "mixed"],
)
@pytest.mark.parametrize(
    "provenance",
    [None, Provenance("/tmp/x"), Provenance("/tmp/x", None, "b" * 40), PROVENANCE],
    ids=["none", "root-only", "no-remote", "full"],
)
def test_output_validates_against_sarif_schema(
    report: Report, provenance: Provenance | None
) -> None:
    errors = sorted(_validator().iter_errors(json.loads(render(report, provenance))), key=str)
    assert [e.message for e in errors] == []


def test_schema_check_would_catch_a_broken_log() -> None:
    log = to_sarif(Report((NEQ,)))
    log["runs"][0]["results"][0]["level"] = "fatal"
    assert not _validator().is_valid(log)


def test_neq_is_an_error_result_at_the_new_location() -> None:
    run = to_sarif(Report((NEQ, EQ, UNK)))["runs"][0]
    assert [r["ruleId"] for r in run["results"]] == [RULE_NEQ, RULE_UNKNOWN]
    result = run["results"][0]
    assert result["ruleId"] == RULE_NEQ
    assert run["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == RULE_NEQ
    assert result["level"] == "error"
    assert result["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "lib/clamp.c", "uriBaseId": "SRCROOT"},
        "region": {"startLine": 12},
    }
    assert result["locations"][0]["logicalLocations"][0]["name"] == "clamp"
    assert result["message"]["text"] == (
        "'clamp' is not equivalent to its previous version in configurations (CONFIG_WIDE); "
        "e.g. with CONFIG_WIDE=1 and inputs x = 101: old gives return = 100, "
        "new gives return = 101."
    )
    assert result["properties"]["neqSummary"][0]["inputs"] == "x > 100"


def test_undecided_verdicts_are_note_results_and_errors_notifications() -> None:
    run = to_sarif(Report((UNK, UNSUP_AT, ERR, UNSUP)))["runs"][0]
    rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert rules == [RULE_NEQ, RULE_UNKNOWN, RULE_UNSUPPORTED]  # stable ids and indices
    assert [(r["ruleId"], r["ruleIndex"], r["level"]) for r in run["results"]] == [
        (RULE_UNKNOWN, 1, "note"),
        (RULE_UNSUPPORTED, 2, "note"),
    ]
    assert [r["message"]["text"] for r in run["results"]] == [
        "'loop' was not proved equivalent to its previous version: timeout.",
        "'asm_fn' was not checked: inline asm at lib/c.c:4.",
    ]
    assert run["results"][0]["properties"]["reason"] == "timeout"
    notes = run["invocations"][0]["toolExecutionNotifications"]
    assert [(n["level"], n["message"]["text"]) for n in notes] == [
        ("error", "boom (lib/d.c:9): ERROR: internal error"),
        ("note", "asm_fn (-): UNSUPPORTED: inline asm"),  # no location to attach an alert to
    ]
    assert "locations" not in notes[1]
    assert run["invocations"][0]["executionSuccessful"] is False  # ERR is an internal error


def test_a_run_without_errors_is_successful() -> None:
    (invocation,) = to_sarif(Report((UNK, UNSUP_AT, NEQ)))["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is True


def test_provenance_gives_srcroot_and_the_commit() -> None:
    run = to_sarif(Report((NEQ,)), PROVENANCE)["runs"][0]
    assert run["originalUriBaseIds"] == {"SRCROOT": {"uri": "file:///work/repo/"}}
    assert run["versionControlProvenance"] == [
        {
            "repositoryUri": "https://github.com/o/r.git",
            "revisionId": "a" * 40,
            "branch": "main",
            "mappedTo": {"uriBaseId": "SRCROOT"},
        }
    ]
    staged = to_sarif(Report(()), Provenance("/work/repo", None, None, "main"))["runs"][0]
    assert "versionControlProvenance" not in staged
    check = to_sarif(Report(()), Provenance("/home/me"))["runs"][0]
    assert check["originalUriBaseIds"] == {"SRCROOT": {"uri": "file:///home/me/"}}


def test_paths_become_uris() -> None:
    odd = FunctionResult("f", None, Location("src/my file#1.c", 2), Verdict.UNKNOWN, "t")
    absolute = FunctionResult("g", None, Location("/abs/x.c", 2), Verdict.UNKNOWN, "t")
    located = [
        r["locations"][0]["physicalLocation"]["artifactLocation"]
        for r in to_sarif(Report((odd, absolute)))["runs"][0]["results"]
    ]
    assert located == [
        {"uri": "src/my%20file%231.c", "uriBaseId": "SRCROOT"},
        {"uri": "file:///abs/x.c"},
    ]


def test_renamed_function_says_so() -> None:
    renamed = FunctionResult(**{**NEQ.__dict__, "function": "limit", "renamed_from": "clamp"})
    result = to_sarif(Report((renamed,)))["runs"][0]["results"][0]
    assert result["message"]["text"].startswith("'limit (renamed from clamp)' is not equivalent")
    assert result["properties"]["renamedFrom"] == "clamp"


def test_fingerprint_is_stable_across_line_moves() -> None:
    moved = FunctionResult(**{**NEQ.__dict__, "new": Location("lib/clamp.c", 40)})
    first = to_sarif(Report((NEQ,)))["runs"][0]["results"][0]["partialFingerprints"]
    second = to_sarif(Report((moved,)))["runs"][0]["results"][0]["partialFingerprints"]
    assert first == second


def test_message_for_a_difference_in_every_configuration() -> None:
    entry = NeqEntry("1", "1", NEQ.neq_summary[0].witness)
    everywhere = FunctionResult(**{**NEQ.__dict__, "neq_summary": (entry,)})
    text = to_sarif(Report((everywhere,)))["runs"][0]["results"][0]["message"]["text"]
    assert text.startswith(
        "'clamp' is not equivalent to its previous version in every "
        "configuration; e.g. with CONFIG_WIDE=1 and inputs x = 101"
    )
