"""The git subcommands end to end in-process (canned engine): outputs, exit codes, errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import hooks.cli
import hooks.gitrepo
from hooks.cli import main
from hooks.gitrepo import GitError
from tests.hooks.productline import (
    CannedChecker,
    History,
    build_history,
    canned_answers,
    git,
)
from tests.report.test_sarif_report import _validator

pytestmark = pytest.mark.git


def run(
    *argv: str, checker: CannedChecker | None = None, env: dict[str, str] | None = None
) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(
        list(argv),
        check=checker or CannedChecker(canned_answers()),
        env=env or {},
        out=out,
        err=err,
    )
    return code, out.getvalue(), err.getvalue()


def test_commit_with_behaviour_change_exits_1_with_json(history: History) -> None:
    code, out, err = run("commit", "HEAD~3", "-C", str(history.path), "--json", "--no-cache")
    assert code == 1
    # stderr is not a terminal: one plain progress line per function, no control characters
    assert err == "liftdiff: checking functions 1/1 pl_scale (src/scale.c) - 0:00:00 elapsed\n"
    data = json.loads(out)
    assert [(r["function"], r["verdict"]) for r in data["results"]] == [
        ("pl_scale", "NOT_EQUIVALENT")
    ]
    assert data["commits"][0]["subject"] == "scale: apply the offset before doubling"


def test_refactor_commit_exits_0(history: History) -> None:
    code, out, _ = run("commit", "HEAD~4", "-C", str(history.path), "--no-cache")
    assert code == 0
    assert out.splitlines()[1:] == [
        "  = pl_clamp (src/clamp.c:4) EQUIVALENT",
        "  = pl_sign (src/clamp.c:15) EQUIVALENT: only whitespace, comments or layout changed "
        "(no solver needed)",
    ]


def test_function_keeps_only_the_named_changes(history: History) -> None:
    code, out, _ = run("commit", "HEAD~4", "-C", str(history.path), "--no-cache",
                       "--function", "pl_sign")
    assert code == 0
    assert out.splitlines()[1:] == [
        "  = pl_sign (src/clamp.c:15) EQUIVALENT: only whitespace, comments or layout changed "
        "(no solver needed)",
    ]


def test_range_lists_each_commit_and_sarif_is_merged(history: History) -> None:
    code, out, _ = run("range", "HEAD~5..HEAD~2", "-C", str(history.path), "--sarif", "--no-cache")
    assert code == 1
    results = json.loads(out)["runs"][0]["results"]
    assert [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results] == [
        "src/scale.c"
    ]


def test_scan_twice_second_does_no_engine_work(history: History, tmp_path: Path) -> None:
    cache = str(tmp_path / "c.sqlite")
    first = CannedChecker(canned_answers())
    code, out, _ = run("scan", "-C", str(history.path), "--cache", cache, "--json", checker=first)
    assert code == 1
    assert first.calls == ["pl_clamp", "pl_scale", "pl_signum", "pl_scale", "pl_clamp"]
    assert json.loads(out)["run"] == {
        "commits": 6,
        "recorded": 0,
        "planned": 5,
        "cached": 0,
        "checked": 5,
    }
    second = CannedChecker(canned_answers())
    code2, out2, _ = run(
        "scan", "-C", str(history.path), "--cache", cache, "--json", checker=second
    )
    assert code2 == 1 and second.calls == []
    assert json.loads(out2)["run"]["checked"] == 0
    assert json.loads(out2)["results"] == json.loads(out)["results"]


def test_scan_limits_and_table(history: History) -> None:
    code, out, _ = run("scan", "-C", str(history.path), "--max-commits", "2", "--no-cache")
    assert code == 1
    assert "liftdiff scan" in out
    assert "pl.h: raise PL_LIMIT to 128" in out
    assert "scale: apply the offset" not in out
    assert out.splitlines()[-1] == (
        "2 commit(s), 0 already scanned; 1 function pair(s) to check: 0 from cache, 1 checked now"
    )


def test_scan_in_parallel_gives_the_same_results(history: History) -> None:
    _, serial, _ = run("scan", "-C", str(history.path), "--no-cache", "--json")
    _, parallel, _ = run("scan", "-C", str(history.path), "--no-cache", "--json", "--jobs", "2")
    assert json.loads(parallel)["results"] == json.loads(serial)["results"]


def test_default_cache_lives_in_git_dir(history: History) -> None:
    run("commit", "HEAD~1", "-C", str(history.path))
    assert (history.path / ".git" / "liftdiff" / "cache.sqlite").exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["commit", "nope"], "liftdiff: error: unknown revision 'nope'\n"),
        (
            ["commit", "HEAD^{tree}"],
            "liftdiff: error: revision 'HEAD^{tree}' is a tree, not a commit\n",
        ),
        (
            ["commit", "HEAD:src/scale.c"],
            "liftdiff: error: revision 'HEAD:src/scale.c' is a blob, not a commit\n",
        ),
        (
            ["range", "HEAD~1..HEAD^{tree}"],
            "liftdiff: error: revision 'HEAD^{tree}' is a tree, not a commit\n",
        ),
        (["range", "HEAD"], "liftdiff: error: expected a range A..B, got 'HEAD'\n"),
        (["range", "HEAD~1..nope"], "liftdiff: error: unknown revision 'nope'\n"),
        (["scan", "--max-commits", "0"], "liftdiff: error: --max-commits must be at least 1\n"),
        (["commit", "HEAD", "--jobs", "0"], "liftdiff: error: --jobs must be at least 1\n"),
        (
            ["commit", "HEAD", "--time-budget", "-1"],
            "liftdiff: error: --time-budget must be a positive number, got -1.0\n",
        ),
        (
            ["scan", "--time-budget", "nan"],
            "liftdiff: error: --time-budget must be a positive number, got nan\n",
        ),
        (
            ["staged", "--config", "missing.toml"],
            "liftdiff: error: no such config file: missing.toml\n",
        ),
    ],
    ids=[
        "unknown-rev",
        "tree",
        "blob",
        "range-to-a-tree",
        "not-a-range",
        "range-unknown",
        "zero-commits",
        "zero-jobs",
        "negative-budget",
        "nan-budget",
        "missing-config",
    ],
)
def test_bad_input_is_one_clear_line(history: History, argv: list[str], message: str) -> None:
    code, out, err = run(*argv, "-C", str(history.path), "--no-cache")
    assert (code, out, err) == (2, "", message)


@pytest.mark.parametrize(
    "argv",
    [
        ["commit", "HEAD^{tree}"],
        ["range", "HEAD"],
        ["scan", "--max-commits", "0"],
        ["commit", "HEAD", "--timeout", "nan"],
        ["staged", "--config", "missing.toml"],
    ],
    ids=["tree", "not-a-range", "zero-commits", "nan-timeout", "missing-config"],
)
def test_json_is_a_valid_report_whatever_fails(
    history: History, argv: list[str], tmp_path: Path
) -> None:
    """The failure is one ERROR result in the report (stdout and each --output file)
    and the same one line on stderr; exit 2, with --exit-zero too."""
    target = tmp_path / "r.sarif"
    code, out, err = run(
        *argv,
        "-C",
        str(history.path),
        "--no-cache",
        "--json",
        "--exit-zero",
        f"--output=sarif={target}",
    )
    assert code == 2 and err.startswith("liftdiff: error: ") and err.count("\n") == 1
    (result,) = json.loads(out)["results"]
    assert (result["function"], result["verdict"]) == ("*", "ERROR")
    assert result["reason"] == err.removeprefix("liftdiff: error: ").strip()
    sarif = json.loads(target.read_text())
    _validator().validate(sarif)
    (invocation,) = sarif["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is False
    (note,) = invocation["toolExecutionNotifications"]
    assert note["level"] == "error" and note["message"]["text"].endswith(result["reason"])


def test_not_a_repository(tmp_path: Path) -> None:
    code, _, err = run("staged", "-C", str(tmp_path))
    assert code == 2
    assert err.startswith(f"liftdiff: error: not a git repository: {tmp_path}")


@pytest.fixture
def work(tmp_path: Path) -> Path:
    path = tmp_path / "work"
    build_history(path, upto=2)
    return path


def stage_offset_change(path: Path) -> None:
    scale = path / "src" / "scale.c"
    text = scale.read_text()
    offset = "#ifdef CONFIG_OFFSET\n    r = r + k;\n#endif\n"
    body = text.replace(offset, "").replace("    int r = x;\n", "    int r = x;\n" + offset)
    scale.write_text(body)
    git(path, "add", "src/scale.c")


def test_staged_and_malformed_config(work: Path) -> None:
    code, out, _ = run("staged", "-C", str(work), "--no-cache")
    assert (code, out) == (0, "staged changes\n  no changed C functions\n")
    (work / ".liftdiff.toml").write_text("[policy\n")
    code, out, err = run("staged", "-C", str(work))
    assert code == 2 and out == ""
    assert err.startswith(f"liftdiff: error: {work}/.liftdiff.toml is not valid TOML: ")


def test_hook_run_blocks_skips_and_honours_trailer(work: Path, tmp_path: Path) -> None:
    stage_offset_change(work)
    code, _, err = run("hook", "run", "pre-commit", "-C", str(work))
    assert code == 1
    assert err.startswith(
        "liftdiff: commit blocked: 1 changed function(s) behave differently:\n"
        "  ✗ pl_scale (src/scale.c:15) NOT_EQUIVALENT\n"
        "      in configurations CONFIG_OFFSET for inputs k != 0\n"
    )
    code, _, err = run("hook", "run", "pre-commit", "-C", str(work), env={"LIFTDIFF_SKIP": "1"})
    assert (code, err) == (0, "liftdiff: check skipped (LIFTDIFF_SKIP=1)\n")
    message = tmp_path / "MSG"
    message.write_text("scale: offset first\n\nBehavior-Change: pl_scale offset before doubling\n")
    code, _, err = run("hook", "run", "commit-msg", str(message), "-C", str(work))
    assert code == 0
    assert err.startswith("liftdiff: intended behaviour change (Behavior-Change trailer):\n")
    message.write_text("scale: offset first\n")
    assert run("hook", "run", "commit-msg", str(message), "-C", str(work))[0] == 1


def test_hook_run_malformed_config_blocks_with_a_way_out(work: Path) -> None:
    (work / ".liftdiff.toml").write_text("[policy]\nblock = ['SOMETIMES']\n")
    code, _, err = run("hook", "run", "pre-commit", "-C", str(work))
    assert code == 2
    assert err == (
        f"liftdiff: {work}/.liftdiff.toml: policy 'block': unknown verdict 'SOMETIMES' (one of "
        "EQUIVALENT, UNKNOWN, UNSUPPORTED, ERROR, NOT_EQUIVALENT)\n"
        "liftdiff: commit blocked until the settings are fixed (or commit with LIFTDIFF_SKIP=1)\n"
    )


def test_hook_run_outside_a_repository_fails_open(tmp_path: Path) -> None:
    code, _, err = run("hook", "run", "pre-commit", "-C", str(tmp_path))
    assert code == 0
    assert err.endswith("; commit not checked (fail-open)\n")


@pytest.mark.parametrize(
    ("settings", "code", "outcome"),
    [
        ("", 2, "commit blocked (skip: LIFTDIFF_SKIP=1)"),
        ('[policy]\non_failure = "pass"\n', 0, 'commit not checked (on_failure = "pass")'),
    ],
    ids=["block-by-default", "pass-when-configured"],
)
def test_hook_run_failing_as_a_whole_follows_on_failure(
    work: Path, monkeypatch: pytest.MonkeyPatch, settings: str, code: int, outcome: str
) -> None:
    """Trouble outside the per-function checks (here: git cannot read the index) is
    the run failing, not one function's ERROR: it blocks unless the settings say pass."""
    (work / ".liftdiff.toml").write_text(settings)
    stage_offset_change(work)

    def broken(*_: object, **__: object) -> None:
        raise GitError("cannot read the index")

    monkeypatch.setattr(hooks.cli, "analyze", broken)
    assert run("hook", "run", "pre-commit", "-C", str(work)) == (
        code,
        "",
        f"liftdiff: cannot read the index; {outcome}\n",
    )


def test_hook_engine_errors_fail_open(work: Path) -> None:
    stage_offset_change(work)
    code, _, err = run("hook", "run", "pre-commit", "-C", str(work), checker=CannedChecker({}))
    assert code == 0
    assert "internal error(s), not blocking (fail-open" in err


def test_range_writes_json_sarif_and_markdown_in_one_run(history: History, tmp_path: Path) -> None:
    sarif_path, json_path, md_path = (tmp_path / f"r.{x}" for x in ("sarif", "json", "md"))
    checker = CannedChecker(canned_answers())
    code, out, _ = run(
        "range",
        "HEAD~5..HEAD~2",
        "-C",
        str(history.path),
        "--no-cache",
        f"--output=sarif={sarif_path}",
        f"--output=json={json_path}",
        f"--output=markdown={md_path}",
        checker=checker,
    )
    assert code == 1
    assert checker.calls == ["pl_clamp", "pl_scale", "pl_signum", "pl_scale"]  # once for all
    assert "liftdiff scan" in out  # the terminal table on stdout
    data = json.loads(json_path.read_text())
    assert [c["verdict"] for c in data["commits"]] == [
        "EQUIVALENT",
        "NOT_EQUIVALENT",
        "EQUIVALENT",
    ]
    assert "## " in md_path.read_text() and "`pl_scale`" in md_path.read_text()
    sarif = json.loads(sarif_path.read_text())
    assert _validator().is_valid(sarif)
    run_ = sarif["runs"][0]
    assert run_["originalUriBaseIds"] == {"SRCROOT": {"uri": history.path.as_uri() + "/"}}
    tip = git(history.path, "rev-parse", "HEAD~2").stdout.strip()
    assert run_["versionControlProvenance"] == [
        {
            "repositoryUri": history.path.as_uri() + "/",
            "revisionId": tip,
            "mappedTo": {"uriBaseId": "SRCROOT"},
        }
    ]
    location = run_["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "src/scale.c", "uriBaseId": "SRCROOT"}


def test_sarif_names_the_remote_and_branch_of_head(history: History, tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(history.path), str(clone))
    git(clone, "remote", "set-url", "origin", "https://user:secret@example.com/pl.git")
    out = run("commit", "HEAD", "-C", str(clone), "--no-cache", "--sarif")[1]
    provenance = json.loads(out)["runs"][0]["versionControlProvenance"][0]
    assert provenance["repositoryUri"] == "https://example.com/pl.git"
    assert provenance["revisionId"] == git(clone, "rev-parse", "HEAD").stdout.strip()
    assert provenance["branch"] == "main"
    assert "secret" not in out


def test_exit_zero_unless_liftdiff_failed(history: History) -> None:
    assert run("commit", "HEAD~3", "-C", str(history.path), "--no-cache", "--exit-zero")[0] == 0
    failing = CannedChecker({})  # every pair an ERROR: liftdiff failed on them
    code, out, _ = run(
        "commit", "HEAD~3", "-C", str(history.path), "--no-cache", "--exit-zero", checker=failing
    )
    assert code == 2 and "ERROR" in out


def test_bad_output_stops_before_the_engine_runs(history: History, tmp_path: Path) -> None:
    checker = CannedChecker(canned_answers())
    target = tmp_path / "missing" / "r.json"
    code, out, err = run(
        "scan", "-C", str(history.path), "--no-cache", f"--output=json={target}", checker=checker
    )
    assert (code, out, checker.calls) == (2, "", [])
    assert f"--output json={target}: no such directory" in err


def test_scan_progress_lines_name_commits_and_functions(history: History) -> None:
    code, _, err = run("scan", "-C", str(history.path), "--no-cache")
    assert code == 1
    lines = [line.split(" - ")[0] for line in err.splitlines()]
    commits = git(history.path, "log", "--reverse", "--format=%H %s").stdout.splitlines()
    assert lines[:6] == [
        f"liftdiff: reading commits {i}/6 {line[:10]} {line.split(' ', 1)[1]}"
        for i, line in enumerate(commits, start=1)
    ]
    assert lines[6:] == [
        "liftdiff: checking functions 1/5 pl_clamp (src/clamp.c)",
        "liftdiff: checking functions 2/5 pl_scale (src/scale.c)",
        "liftdiff: checking functions 3/5 pl_signum (src/clamp.c)",
        "liftdiff: checking functions 4/5 pl_scale (src/scale.c)",
        "liftdiff: checking functions 5/5 pl_clamp (src/clamp.c)",
    ]
    assert "\x1b" not in err and "\r" not in err


def test_color_only_when_asked_or_on_a_terminal(history: History) -> None:
    colored = run("commit", "HEAD~3", "-C", str(history.path), "--no-cache", "--color=always")[1]
    assert "\x1b[1;31mNOT_EQUIVALENT\x1b[0m" in colored
    plain = run("commit", "HEAD~3", "-C", str(history.path), "--no-cache")[1]  # not a terminal
    assert "\x1b" not in plain and "NOT_EQUIVALENT" in plain


def test_hook_run_on_an_unreadable_work_tree_file_notes_it(
    work: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`pre-commit run --files F` reads F from the work tree; one we may not read
    (chmod 000; simulated, as root reads anything) crashed the whole run, which
    blocked the commit with advice to reinstall."""
    stage_offset_change(work)
    real_open = open

    def guarded(file: str, *args: object, **kwargs: object) -> object:
        if str(file).endswith("scale.c"):
            raise PermissionError(13, "Permission denied", file)
        return real_open(file, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(hooks.gitrepo, "open", guarded, raising=False)
    code, _, err = run("hook", "run", "pre-commit", "src/scale.c", "-C", str(work))
    assert code == 0
    assert "liftdiff: src/scale.c: cannot read (Permission denied), not checked\n" in err
