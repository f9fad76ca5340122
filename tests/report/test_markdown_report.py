"""The Markdown table a PR comment shows: ordering, escaping, folded witnesses."""

from __future__ import annotations

from checker.location import Location
from checker.report.markdown_report import configuration_text, render, summary_line, value_text
from checker.types import (
    PARTIAL_EQUIVALENCE,
    FunctionResult,
    NeqEntry,
    ReplayMethod,
    Report,
    Verdict,
    Witness,
)

NEQ = FunctionResult(
    function="F",
    old=Location("src/f.c", 3),
    new=Location("src/f.c", 4),
    verdict=Verdict.NOT_EQUIVALENT,
    features=("A", "B", "C"),
    neq_summary=(
        NeqEntry(
            configurations="(A && B) || (!A && C)",
            inputs="z == 1 && x != y",
            witness=Witness(
                configuration={"A": 0, "B": 1, "C": 1},
                inputs={"x": 0, "y": 1, "z": 1},
                old_output={"return": 0},
                new_output={"return": 1},
                replayed_by=(ReplayMethod.INTERPRETER, ReplayMethod.COMPILER),
            ),
        ),
    ),
)
EQ = FunctionResult(
    "G",
    Location("src/g.c", 1),
    Location("src/g.c", 1),
    Verdict.EQUIVALENT,
    features=("A",),
    assumptions=("calls to abs are pure",),
)
UNK = FunctionResult(
    "H",
    None,
    Location("src/h.c", 9),
    Verdict.UNKNOWN,
    reason="no difference found up to 8 loop iterations",
)


def test_table_lists_neq_first_with_configurations() -> None:
    text = render(Report((EQ, UNK, NEQ)))
    lines = text.splitlines()
    assert lines[0] == "### liftdiff: 1 not equivalent, 1 unknown, 1 equivalent"
    assert lines[2] == "| | Function | Location | Verdict | Details |"
    assert lines[4] == (
        "| ❌ | `F` | `src/f.c:4` | NOT_EQUIVALENT | differs when `(A && B) \\|\\| (!A && C)` |"
    )
    assert lines[5] == (
        "| ❓ | `H` | `src/h.c:9` | UNKNOWN | no difference found up to 8 loop iterations |"
    )
    assert lines[6] == (
        "| ✅ | `G` | `src/g.c:1` | EQUIVALENT | proved for every configuration "
        "(assuming calls to abs are pure) |"
    )


def test_witness_table_is_folded_and_complete() -> None:
    text = render(Report((NEQ,)))
    assert "<details><summary>`F` — 1 differing case(s)</summary>" in text
    assert (
        "| `(A && B) \\|\\| (!A && C)` | `z == 1 && x != y` | A=0, B=1, C=1; x = 0, y = 1, z = 1 "
        "| return = 0 | return = 1 |"
    ) in text
    assert "Witnesses replayed by: compiler, interpreter." in text
    assert text.rstrip().endswith("</details>")


def test_empty_report_says_nothing_to_check() -> None:
    assert render(Report(())) == "### liftdiff: no changed functions to check\n\n"
    assert summary_line(Report(())) == "no changed functions to check"


def test_values_render_as_c_initialisers() -> None:
    assert value_text([1, "0x1.8p+0", {"a": 2}]) == "{1, 0x1.8p+0, {.a = 2}}"


def test_code_span_with_backtick_uses_double_fence() -> None:
    odd = FunctionResult("f`g", None, Location("a.c", 1), Verdict.ERROR, reason="x | y")
    row = render(Report((odd,))).splitlines()[4]
    assert row == "| 💥 | ``f`g`` | `a.c:1` | ERROR | x \\| y |"


def test_difference_everywhere_names_the_inputs_instead() -> None:
    entry = NeqEntry("1", "x == 1", NEQ.neq_summary[0].witness)
    single = FunctionResult(
        "f", None, Location("n.c", 1), Verdict.NOT_EQUIVALENT, neq_summary=(entry,)
    )
    row = render(Report((single,))).splitlines()[4]
    assert row == "| ❌ | `f` | `n.c:1` | NOT_EQUIVALENT | differs for inputs `x == 1` |"
    lifted = FunctionResult(
        "f",
        None,
        Location("n.c", 1),
        Verdict.NOT_EQUIVALENT,
        features=("A",),
        neq_summary=(NeqEntry("1", "1", entry.witness),),
    )
    row = render(Report((lifted,))).splitlines()[4]
    assert row == "| ❌ | `f` | `n.c:1` | NOT_EQUIVALENT | differs in every configuration |"


def test_partial_equivalence_is_said_in_the_table() -> None:
    """A proof over loops holds where both versions terminate: the row says so
    briefly, and lists the other assumptions as before."""
    partial = FunctionResult(
        "loop", None, Location("l.c", 2), Verdict.EQUIVALENT,
        assumptions=(PARTIAL_EQUIVALENCE, "calls to abs are pure"),
    )
    row = render(Report((partial,))).splitlines()[4]
    assert row == (
        "| ✅ | `loop` | `l.c:2` | EQUIVALENT | proved (partial: both versions terminate) "
        "(assuming calls to abs are pure) |"
    )
    assert "partial" not in render(Report((EQ,)))


def test_configuration_shows_each_feature_value_as_built() -> None:
    text = configuration_text({"defined(LEVEL)": 1, "LEVEL": 3, "FAST": 0})
    assert text == "defined(LEVEL)=1, LEVEL=3, FAST=0"
    assert configuration_text({}) == "(single product)"
