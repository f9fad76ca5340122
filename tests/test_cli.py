"""The `liftdiff check` command: exit codes, formats, and clear errors for bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path

from checker.cli import build_parser, dispatch
from checker.types import SCHEMA
from tests import CASES, TESTS

DATA = TESTS / "data" / "bad"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    parser, _ = build_parser()
    code = dispatch(parser, list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_equivalent_pair_exits_0_and_neq_pair_exits_1() -> None:
    code, out, _ = run("check", str(CASES / "sub_eq/old.c"), str(CASES / "sub_eq/new.c"))
    assert code == 0 and "EQUIVALENT" in out
    code, out, _ = run(
        "check", str(CASES / "add_wrap_neq/old.c"), str(CASES / "add_wrap_neq/new.c"), "--json"
    )
    assert code == 1
    report = json.loads(out)
    assert report["schema"] == SCHEMA
    (result,) = report["results"]
    assert result["verdict"] == "NOT_EQUIVALENT"
    witness = result["neq_summary"][0]["witness"]
    assert witness["inputs"] == {"x": 2147483647}
    assert witness["old_output"] == {"return": 0} and witness["new_output"] == {"return": 1}
    assert "interpreter" in witness["replayed_by"]


def test_missing_file_is_a_clear_error() -> None:
    code, out, err = run("check", str(DATA / "nope.c"), str(DATA / "ok.c"))
    assert code == 2 and out == ""
    assert "no such file" in err and "nope.c" in err and "Traceback" not in err


def test_unparsable_c_names_the_line() -> None:
    code, _, err = run("check", str(DATA / "unparsable.c"), str(DATA / "ok.c"))
    assert code == 2
    assert "unparsable.c:1" in err and "cannot parse C" in err


def test_unknown_function_name() -> None:
    code, _, err = run("check", str(DATA / "ok.c"), str(DATA / "ok.c"), "--function", "g")
    assert code == 2 and "function 'g' is defined in neither" in err


def test_unsupported_construct_is_reported_with_location() -> None:
    code, out, _ = run(
        "check", str(DATA / "union.c"), str(DATA / "ok.c"), "--function", "f", "--json"
    )
    assert code == 2
    (result,) = json.loads(out)["results"]
    assert result["verdict"] == "UNSUPPORTED"
    assert "union" in result["reason"] and "union.c:" in result["reason"]


def test_malformed_conditional_is_a_clear_error() -> None:
    code, _, err = run("check", str(DATA / "unbalanced.c"), str(DATA / "ok.c"))
    assert code == 2
    assert "unbalanced.c:5" in err and "#endif" in err and "Traceback" not in err


def test_non_utf8_file_is_a_clear_error() -> None:
    code, _, err = run("check", str(DATA / "latin1.c"), str(DATA / "ok.c"))
    assert code == 2 and "not UTF-8" in err


def test_bad_option_value_exits_2() -> None:
    code, _, _ = run("check", str(DATA / "ok.c"), str(DATA / "ok.c"), "--timeout", "soon")
    assert code == 2


def test_a_file_that_cannot_be_parsed_still_gives_a_json_report(tmp_path: Path) -> None:
    """--json prints a valid report whatever fails: here the whole file, with the
    location and the GNU extension named."""
    old = tmp_path / "old.c"
    old.write_text("int f(int x)\n{\n    typeof(x) y = x;\n    return y;\n}\n")
    new = tmp_path / "new.c"
    new.write_text("int f(int x) { return x; }\n")
    code, out, err = run("check", str(old), str(new), "--json")
    assert code == 2 and "Traceback" not in err
    (result,) = json.loads(out)["results"]
    assert result["function"] == "*" and result["verdict"] == "UNSUPPORTED"
    assert result["reason"].startswith(f"{old}:3: cannot parse C")
    assert "GNU 'typeof' is not supported" in result["reason"]
    assert result["old"]["line"] == 3 and result["new"] is None


def test_input_errors_give_a_json_report_per_requested_function() -> None:
    code, out, _ = run("check", str(DATA / "nope.c"), str(DATA / "ok.c"), "--json", "-f", "f",
                       "-f", "g")
    assert code == 2
    results = json.loads(out)["results"]
    assert [(r["function"], r["verdict"]) for r in results] == [("f", "ERROR"), ("g", "ERROR")]
    assert all("no such file" in r["reason"] for r in results)
    code, out, _ = run("check", str(DATA / "unparsable.c"), str(DATA / "ok.c"), "--sarif")
    assert code == 2 and json.loads(out)["version"] == "2.1.0"
