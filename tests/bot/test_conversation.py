"""What a pull request gets, as pure functions: conclusion, summary line, comment
(table, folds, links, size limit), annotations in batches, workflow commands."""

from __future__ import annotations

import dataclasses
import re

import pytest

from bot.conversation import (
    COMMENT_LIMIT,
    MARKER,
    Annotation,
    Conclusion,
    Level,
    batches,
    check_annotations,
    check_outcome,
    comment,
    conclusion,
    summary_line,
    workflow_commands,
)
from bot.model import PullRequest, Review
from checker.frontend.changes import ChangeKind, FunctionChange
from checker.location import Location
from checker.types import (
    PARTIAL_EQUIVALENCE,
    FunctionResult,
    NeqEntry,
    ReplayMethod,
    Verdict,
    Witness,
)
from hooks.plan import FileNote
from tests import result_of

BASE, HEAD = "a" * 40, "b" * 40


def pull(
    body: str = "", labels: tuple[str, ...] = (), messages: tuple[str, ...] = ()
) -> PullRequest:
    return PullRequest(
        repository="acme/sensors",
        number=7,
        title="t",
        body=body,
        labels=labels,
        base_sha="c" * 40,
        head_sha=HEAD,
        merge_base=BASE,
        clone_url="file:///x",
        web_url="https://github.example/acme/sensors",
        commit_messages=messages,
        changed_files=1,
        changed_lines=10,
    )


def neq(name: str = "scale", line: int = 19, head: str = "CONFIG_OFFSET && CONFIG_SATURATE"):
    witness = Witness(
        configuration={"CONFIG_OFFSET": 1, "CONFIG_SATURATE": 1},
        inputs={"raw": -1717985729},
        old_output={"return": 1000},
        new_output={"return": 1008},
        replayed_by=(ReplayMethod.INTERPRETER,),
    )
    return FunctionResult(
        function=name,
        old=Location("src/sensor.c", 24),
        new=Location("src/sensor.c", line),
        verdict=Verdict.NOT_EQUIVALENT,
        features=("CONFIG_OFFSET", "CONFIG_SATURATE"),
        neq_summary=(NeqEntry(head, "raw >= -2147483151 && raw <= -501", witness),),
        assumptions=("calls to log_value are events",),
    )


def other(name: str, verdict: Verdict, reason: str | None = None) -> FunctionResult:
    where = Location("src/sensor.c", 4)
    return dataclasses.replace(result_of(name, verdict, where, reason), features=("A",))


def review(*results: FunctionResult, **fields: object) -> Review:
    return Review(base=BASE, head=HEAD, results=results, **fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("results", "pr", "expected"),
    [
        ([neq()], pull(), Conclusion.FAILURE),
        ([neq(), other("u", Verdict.UNKNOWN)], pull(), Conclusion.FAILURE),
        ([neq()], pull(body="Behavior-Change: scale"), Conclusion.SUCCESS),
        ([neq()], pull(labels=("behaviour-change",)), Conclusion.SUCCESS),
        ([neq()], pull(messages=("x\n\nBehaviour-Change: scale",)), Conclusion.SUCCESS),
        ([neq()], pull(body="Behavior-Change: clamp"), Conclusion.FAILURE),
        (
            [neq(), other("u", Verdict.UNKNOWN)],
            pull(labels=("behavior-change",)),
            Conclusion.NEUTRAL,
        ),
        ([other("u", Verdict.UNKNOWN)], pull(), Conclusion.NEUTRAL),
        (
            [other("s", Verdict.UNSUPPORTED), other("e", Verdict.EQUIVALENT)],
            pull(),
            Conclusion.NEUTRAL,
        ),
        ([other("x", Verdict.ERROR)], pull(), Conclusion.NEUTRAL),
        ([other("e", Verdict.EQUIVALENT)], pull(), Conclusion.SUCCESS),
        ([], pull(), Conclusion.SUCCESS),
    ],
)
def test_conclusion_table(results: list[FunctionResult], pr: PullRequest, expected: str) -> None:
    assert conclusion(review(*results), pr) is expected


def test_policy_of_the_repository_decides_what_fails() -> None:
    strict = review(other("u", Verdict.UNKNOWN), block=frozenset(Verdict) - {Verdict.EQUIVALENT})
    assert conclusion(strict, pull()) is Conclusion.FAILURE
    assert conclusion(review(skipped="too big"), pull()) is Conclusion.NEUTRAL


def test_summary_line_names_what_changed() -> None:
    assert summary_line(review(neq(), other("c", Verdict.EQUIVALENT)), pull()) == (
        "1 behaviour change (scale), 1 equivalent"
    )
    many = review(*[neq(f"f{i}") for i in range(5)], other("u", Verdict.UNKNOWN, "timeout"))
    assert summary_line(many, pull(body="Behavior-Change: f4")) == (
        "4 behaviour changes (f0, f1, f2 and 1 more), 1 intended (f4), 1 unknown"
    )
    assert summary_line(review(), pull()) == "no changed C functions to check"
    assert summary_line(review(skipped="6 changed functions"), pull()) == (
        "not checked: 6 changed functions"
    )


def test_comment_table_links_folds_and_headings() -> None:
    body = comment(
        review(
            neq(),
            other("clamp", Verdict.EQUIVALENT),
            other("loop", Verdict.UNKNOWN, "no difference found up to 16 loop iterations"),
            unchecked=(FunctionChange(ChangeKind.REMOVED, "gone", Location("src/old.c", 3), None),),
            notes=(FileNote("data/x.c", "binary file, not checked"),),
        ),
        pull(),
    )
    lines = body.splitlines()
    assert lines[0] == MARKER
    assert lines[1] == "### ❌ liftdiff: 1 behaviour change (scale), 1 unknown, 1 equivalent"
    assert not [line for line in lines if line.startswith("#") and "`" in line]
    assert lines[2:5] == [
        "",
        "| | Function | Verdict | Configurations (head) | Inputs (body) |",
        "|---|---|---|---|---|",
    ]
    link = f"https://github.example/acme/sensors/blob/{HEAD}/src/sensor.c#L19"
    assert lines[5] == (
        f"| ❌ | [`scale`]({link}) | **NOT EQUIVALENT** | `CONFIG_OFFSET && CONFIG_SATURATE` "
        "| `raw >= -2147483151 && raw <= -501` |"
    )
    assert (
        lines[6].startswith("| ❓ | [`loop`](")
        and "UNKNOWN: no difference found up to 16" in lines[6]
    )
    assert lines[7] == (
        f"| ✅ | [`clamp`](https://github.example/acme/sensors/blob/{HEAD}/src/sensor.c#L4) "
        "| EQUIVALENT | every configuration | all |"
    )
    assert (
        "<summary><code>scale</code>: 1 differing case, witnesses and assumptions</summary>" in body
    )
    assert (
        "| `CONFIG_OFFSET && CONFIG_SATURATE` | `CONFIG_OFFSET=1, CONFIG_SATURATE=1`<br>"
        "`raw = -1717985729` | `return = 1000` | `return = 1008` |"
    ) in body
    assert "replayed by liftdiff's interpreter only: the bot never compiles" in body
    assert "- calls to log_value are events" in body
    assert "partial equivalence" in body
    assert "`Behavior-Change: scale <why>`" in body
    assert "- removed gone (src/old.c:3), not checked" in body
    assert "- `data/x.c`: binary file, not checked" in body
    assert body.count("<details>") == body.count("</details>") == 3
    assert body.endswith("<sub>liftdiff 0.1.0</sub>\n")


def test_a_partial_proof_says_so_in_its_row() -> None:
    """EQUIVALENT over loops rests on both versions terminating: the row says it."""
    partial = dataclasses.replace(
        other("count", Verdict.EQUIVALENT), assumptions=(PARTIAL_EQUIVALENCE,)
    )
    rows = [line for line in comment(review(partial), pull()).splitlines()
            if line.startswith("| ✅")]
    assert rows and rows[0].endswith(
        "| EQUIVALENT (partial: both versions terminate) | every configuration | all |")


def test_comment_stays_under_the_limit_and_says_what_it_left_out() -> None:
    long_head = " || ".join(f"(A{i} && !B{i})" for i in range(400))
    results = [neq(f"function_{i:04}", i + 1, long_head) for i in range(400)]
    body = comment(review(*results), pull())
    assert len(body) <= COMMENT_LIMIT
    assert body.startswith(MARKER + "\n### ❌ liftdiff: 400 behaviour changes (function_0000")
    (note,) = re.findall(
        r"\*Shortened to fit GitHub's size limit: (\d+) more function\(s\) "
        r"and (\d+) more section\(s\)",
        body,
    )
    shown_rows = body.count("| ❌ | [`function_")
    assert int(note[0]) == 400 - shown_rows and int(note[1]) > 0
    assert body.count("<details>") == body.count("</details>")
    assert "…" in body  # long heads are clipped in the table
    outcome = check_outcome(review(*results), pull())
    assert len(outcome.summary) <= 65_535


def test_annotations_at_the_new_line_in_batches_of_50() -> None:
    results = [neq(f"f{i}", i + 1) for i in range(120)]
    found = check_annotations(review(*results, other("u", Verdict.UNKNOWN, "timeout")), pull())
    assert len(found) == 121
    assert found[0] == Annotation(
        "src/sensor.c",
        1,
        Level.FAILURE,
        "f0: NOT_EQUIVALENT",
        "differs in configurations CONFIG_OFFSET && CONFIG_SATURATE for inputs raw >= "
        "-2147483151 && raw <= -501; e.g. with CONFIG_OFFSET=1, CONFIG_SATURATE=1 and inputs "
        "raw = -1717985729: old gives return = 1000, new gives return = 1008",
    )
    assert found[-1].level is Level.WARNING and found[-1].message == "timeout"
    assert [len(b) for b in batches(found)] == [50, 50, 21]
    assert batches([]) == [()]
    acknowledged = check_annotations(review(neq()), pull(body="Behavior-Change: scale"))
    assert [(a.level, a.title) for a in acknowledged] == [
        (Level.NOTICE, "scale: NOT_EQUIVALENT (intended, Behavior-Change)")
    ]


def test_workflow_commands_escape_data_and_properties() -> None:
    item = Annotation("src/a,b.c", 3, Level.FAILURE, "f: x", "line one\nline 100%")
    assert workflow_commands([item]) == [
        "::error file=src/a%2Cb.c,line=3,title=f%3A x::line one%0Aline 100%25"
    ]
    notice = Annotation("a.c", 1, Level.NOTICE, "t", "m")
    warning = Annotation("a.c", 1, Level.WARNING, "t", "m")
    assert [c.split(" ")[0] for c in workflow_commands([notice, warning])] == [
        "::notice",
        "::warning",
    ]
