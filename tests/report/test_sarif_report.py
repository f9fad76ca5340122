"""SARIF 2.1.0 output: valid against the official schema, NEQ as located results."""

from __future__ import annotations

import json

import pytest

from checker.location import Location
from checker.report.sarif_report import RULE_NEQ, render, to_sarif
from checker.types import (
    FunctionResult,
    NeqEntry,
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


def _validator():  # type: ignore[no-untyped-def]
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is a test dependency")
    return jsonschema.Draft4Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


@pytest.mark.parametrize(
    "report",
    [Report(()), Report((EQ,)), Report((NEQ, EQ, UNK, UNSUP))],
    ids=["empty", "all-equivalent", "mixed"],
)
def test_output_validates_against_sarif_schema(report: Report) -> None:
    errors = sorted(_validator().iter_errors(json.loads(render(report))), key=str)
    assert [e.message for e in errors] == []


def test_schema_check_would_catch_a_broken_log() -> None:
    log = to_sarif(Report((NEQ,)))
    log["runs"][0]["results"][0]["level"] = "fatal"
    assert not _validator().is_valid(log)


def test_neq_is_an_error_result_at_the_new_location() -> None:
    run = to_sarif(Report((NEQ, EQ, UNK)))["runs"][0]
    assert len(run["results"]) == 1
    result = run["results"][0]
    assert result["ruleId"] == RULE_NEQ
    assert run["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == RULE_NEQ
    assert result["level"] == "error"
    assert result["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "lib/clamp.c", "uriBaseId": "%SRCROOT%"},
        "region": {"startLine": 12},
    }
    assert result["locations"][0]["logicalLocations"][0]["name"] == "clamp"
    assert result["message"]["text"] == (
        "'clamp' is not equivalent to its previous version in configurations (CONFIG_WIDE); "
        "e.g. with CONFIG_WIDE=1 and inputs x = 101: old gives return = 100, "
        "new gives return = 101."
    )
    assert result["properties"]["neqSummary"][0]["inputs"] == "x > 100"


def test_inconclusive_verdicts_are_notifications_not_alerts() -> None:
    run = to_sarif(Report((UNK, UNSUP)))["runs"][0]
    assert run["results"] == []
    notes = run["invocations"][0]["toolExecutionNotifications"]
    assert [(n["level"], n["message"]["text"]) for n in notes] == [
        ("warning", "loop (lib/b.c:7): UNKNOWN: timeout"),
        ("note", "asm_fn (-): UNSUPPORTED: inline asm"),
    ]
    assert "locations" not in notes[1]


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
