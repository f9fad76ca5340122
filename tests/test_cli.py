"""The `liftdiff check` command: exit codes, formats, and clear errors for bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from checker.cli import build_parser, dispatch
from checker.types import SCHEMA
from tests import CASES, TESTS
from tests.report.test_sarif_report import _validator

DATA = TESTS / "data" / "bad"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def run(
    *argv: str, env: dict[str, str] | None = None, tty: bool = False
) -> tuple[int, str, str]:
    out = Terminal() if tty else io.StringIO()
    err = io.StringIO()
    parser, _ = build_parser(env or {})
    code = dispatch(parser, list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def pair(name: str) -> list[str]:
    return [str(CASES / name / "old.c"), str(CASES / name / "new.c")]


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
    """A function whose text cannot be parsed is UNSUPPORTED with the line, as its
    own result (each function is read on its own slice)."""
    code, out, _ = run("check", str(DATA / "unparsable.c"), str(DATA / "ok.c"), "--json")
    assert code == 2
    (result,) = json.loads(out)["results"]
    assert result["verdict"] == "UNSUPPORTED"
    assert "unparsable.c:1: cannot parse C" in result["reason"]


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
    code, out, err = run("check", str(DATA / "unbalanced.c"), str(DATA / "ok.c"), "--json")
    assert code == 2 and "Traceback" not in err
    (result,) = json.loads(out)["results"]
    assert result["verdict"] == "UNSUPPORTED"
    assert "unbalanced.c:5" in result["reason"] and "#endif" in result["reason"]


def test_non_utf8_file_is_a_clear_error() -> None:
    code, _, err = run("check", str(DATA / "latin1.c"), str(DATA / "ok.c"))
    assert code == 2 and "not UTF-8" in err


def test_bad_option_value_exits_2() -> None:
    code, _, _ = run("check", str(DATA / "ok.c"), str(DATA / "ok.c"), "--timeout", "soon")
    assert code == 2


def test_one_run_writes_every_format(tmp_path: Path) -> None:
    files = {fmt: tmp_path / f"report.{fmt}" for fmt in ("json", "sarif", "markdown", "terminal")}
    options = [f"--output={fmt}={path}" for fmt, path in files.items()]
    code, out, _ = run("check", *pair("macro_context_neq"), *options, "--no-progress", tty=True)
    assert code == 1
    assert "NOT_EQUIVALENT" in out and "function" in out  # the table on stdout
    report = json.loads(files["json"].read_text())
    assert [(r["function"], r["verdict"]) for r in report["results"]] == [
        ("clamp", "NOT_EQUIVALENT")
    ]
    sarif = json.loads(files["sarif"].read_text())
    assert _validator().is_valid(sarif)
    (result,) = sarif["runs"][0]["results"]
    assert (result["ruleId"], result["level"]) == ("liftdiff/not-equivalent", "error")
    assert sarif["runs"][0]["originalUriBaseIds"]["SRCROOT"]["uri"] == Path.cwd().as_uri() + "/"
    assert "| ❌ | `clamp` |" in files["markdown"].read_text()
    table = files["terminal"].read_text()
    assert "clamp" in table and "NOT_EQUIVALENT" in table and "\x1b" not in table


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("--output=yaml=r.yaml", "unknown format 'yaml'"),
        ("--output=json", "expected FORMAT=PATH"),
        ("--output=json=/nonexistent-dir/r.json", "no such directory /nonexistent-dir"),
    ],
)
def test_bad_output_is_an_error_before_any_analysis(option: str, message: str) -> None:
    """The inputs do not even exist: the output is refused before they are read."""
    code, out, err = run("check", str(DATA / "nope.c"), str(DATA / "nope.c"), option)
    assert code == 2 and out == ""
    assert message in err and "no such file" not in err and "Traceback" not in err


def test_exit_zero_keeps_the_report() -> None:
    code, out, _ = run("check", *pair("add_wrap_neq"), "--json", "--exit-zero")
    assert code == 0
    assert json.loads(out)["results"][0]["verdict"] == "NOT_EQUIVALENT"


@pytest.mark.parametrize(
    ("env", "option", "tty", "colored"),
    [
        ({}, None, True, True),
        ({}, None, False, False),
        ({"NO_COLOR": "1"}, None, True, False),
        ({"NO_COLOR": ""}, None, True, True),  # only a non-empty value counts
        ({"NO_COLOR": "1"}, "--color=always", False, True),
        ({}, "--color=never", True, False),
    ],
)
def test_color_follows_no_color_and_the_option(
    env: dict[str, str], option: str | None, tty: bool, colored: bool
) -> None:
    extra = [option] if option else []
    code, out, _ = run("check", *pair("sub_eq"), *extra, "--no-progress", env=env, tty=tty)
    assert code == 0 and "EQUIVALENT" in out
    assert ("\x1b[" in out) is colored


def test_progress_lines_when_stderr_is_not_a_terminal() -> None:
    code, _, err = run("check", *pair("renamed_eq"))
    assert code == 0
    lines = err.splitlines()
    assert [line.split(" - ")[0] for line in lines] == [
        "liftdiff: checking functions 1/2 use",
        "liftdiff: checking functions 2/2 add_clamped",
    ]
    assert lines[0].endswith(" elapsed") and lines[1].endswith(" left")
    assert "\x1b" not in err and "\r" not in err
    assert run("check", *pair("renamed_eq"), "--no-progress")[2] == ""


def test_a_function_that_cannot_be_parsed_still_gives_a_json_report(tmp_path: Path) -> None:
    """--json prints a valid report whatever fails: here the function's text, with
    the location and the GNU extension named."""
    old = tmp_path / "old.c"
    old.write_text("int f(int x)\n{\n    typeof(x) y = x;\n    return y;\n}\n")
    new = tmp_path / "new.c"
    new.write_text("int f(int x) { return x; }\n")
    code, out, err = run("check", str(old), str(new), "--json")
    assert code == 2 and "Traceback" not in err
    (result,) = json.loads(out)["results"]
    assert result["function"] == "f" and result["verdict"] == "UNSUPPORTED"
    assert result["reason"].startswith(f"{old}:3: cannot parse C")
    assert "GNU 'typeof' is not supported" in result["reason"]
    assert result["old"]["line"] == 1 and result["new"]["line"] == 1


def test_input_errors_give_a_json_report_per_requested_function() -> None:
    code, out, _ = run("check", str(DATA / "nope.c"), str(DATA / "ok.c"), "--json", "-f", "f",
                       "-f", "g")
    assert code == 2
    results = json.loads(out)["results"]
    assert [(r["function"], r["verdict"]) for r in results] == [("f", "ERROR"), ("g", "ERROR")]
    assert all("no such file" in r["reason"] for r in results)
    code, out, _ = run("check", str(DATA / "unparsable.c"), str(DATA / "ok.c"), "--sarif")
    assert code == 2 and json.loads(out)["version"] == "2.1.0"


def test_a_changed_knr_definition_is_unsupported_with_its_location(tmp_path: Path) -> None:
    """It used to be missed altogether (no result, exit 0: 'all equivalent')."""
    old = tmp_path / "old.c"
    old.write_text("int add(a, b)\nint a;\nint b;\n{ return a + b; }\n")
    new = tmp_path / "new.c"
    new.write_text("int add(a, b)\nint a;\nint b;\n{ return a - b; }\n")
    code, out, err = run("check", str(old), str(new), "--json", "--no-progress")
    assert code == 2 and err == ""
    (result,) = json.loads(out)["results"]
    assert (result["function"], result["verdict"]) == ("add", "UNSUPPORTED")
    assert result["reason"].startswith(f"{old}:1: unsupported: K&R-style parameters")


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--timeout", "nan"], "setting 'timeout' must be a finite number, got nan"),
        (["--timeout", "inf"], "setting 'timeout' must be a finite number, got inf"),
        (["--solver-timeout", "-1"], "setting 'solver_timeout' must not be negative, got -1.0"),
        (["--unwind", "-1"], "setting 'unwind' must not be negative, got -1"),
        (["--output", "json=/nonexistent/r.json"],
         "--output json=/nonexistent/r.json: no such directory /nonexistent"),
    ],
    ids=["nan", "inf", "negative-solver-timeout", "negative-unwind", "unwritable-output"],
)
def test_a_bad_option_value_is_one_line_and_a_json_report(
    option: list[str], message: str
) -> None:
    """`--timeout nan` crashed (an internal error, no report); the others printed
    their line but no JSON, although --json promises a report whatever fails."""
    ok = str(DATA / "ok.c")
    code, out, err = run("check", ok, ok, *option)
    assert (code, out, err) == (2, "", f"liftdiff: error: {message}\n")
    code, out, err = run("check", ok, ok, *option, "--json")
    assert (code, err) == (2, f"liftdiff: error: {message}\n")
    (result,) = json.loads(out)["results"]
    assert (result["function"], result["verdict"], result["reason"]) == ("*", "ERROR", message)


def test_a_command_line_argparse_refuses_still_gives_the_json_report() -> None:
    ok = str(DATA / "ok.c")
    code, out, err = run("check", ok, ok, "--timeout", "soon", "--json")
    message = "liftdiff check: error: argument --timeout: invalid float value: 'soon'"
    assert code == 2 and err.endswith(message + "\n")
    (result,) = json.loads(out)["results"]
    assert (result["function"], result["verdict"], result["reason"]) == ("*", "ERROR", message)
    code, out, err = run("check", ok, "--sarif")
    assert code == 2 and "the following arguments are required: NEW.c" in err
    assert json.loads(out)["version"] == "2.1.0"
    code, out, _ = run("check", ok, ok, "--timeout", "soon")
    assert (code, out) == (2, "")


def test_added_removed_and_retyped_functions_are_listed_not_left_out(tmp_path: Path) -> None:
    old = tmp_path / "old.c"
    new = tmp_path / "new.c"
    old.write_text("int add(int a, int b) { return a + b; }\nint gone(void) { return 1; }\n")
    new.write_text("long add(int a, int b) { return a + b; }\nchar fresh(char c) { return c; }\n")
    code, out, _ = run("check", str(old), str(new))
    assert code == 0 and "no changed functions" not in out
    assert f"signature of add changed ({new}:1): int add(int, int) -> long add(int, int)" in out
    assert f"removed gone ({old}:2), not checked" in out
    assert f"added fresh ({new}:2), not checked" in out
    code, out, _ = run("check", str(old), str(new), "--json")
    report = json.loads(out)
    assert report["results"] == []
    assert {(u["function"], u["kind"], u["location"]["line"]) for u in report["unchecked"]} == {
        ("add", "signature", 1), ("gone", "removed", 2), ("fresh", "added", 2)
    }
    code, out, _ = run("check", str(old), str(new), "--markdown")
    assert "Not checked:" in out and "- added fresh" in out


def test_a_stray_character_in_the_function_is_unsupported_with_its_line(tmp_path: Path) -> None:
    """A character C has no token for (a '`' left by an edit) stops pycparser's
    lexer, which raises again when asked where it stopped: still UNSUPPORTED with
    the place, never an internal error."""
    old = tmp_path / "old.c"
    old.write_text("struct s {\n    int a;`\n};\nint f(struct s *p) { return p->a; }\n")
    new = tmp_path / "new.c"
    new.write_text("struct s {\n    int a;\n};\nint f(struct s *p) { return p->a + 1; }\n")
    code, out, err = run("check", str(old), str(new), "--json")
    assert code == 2 and "Traceback" not in err
    (result,) = json.loads(out)["results"]
    assert result["verdict"] == "UNSUPPORTED", result["reason"]
    assert result["reason"].startswith(f"{old}:2:") and "'`'" in result["reason"]
