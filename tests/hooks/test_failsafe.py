"""The console guard: liftdiff failing as a whole prints one line (what failed, how to
reinstall, how to skip), never a traceback, and as a hook blocks unless
`[policy] on_failure = "pass"`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from checker.cli import EXIT_TROUBLE
from hooks import failsafe
from hooks.failsafe import failure
from hooks.hookrun import EXIT_PASS
from tests import ROOT
from tests.hooks.productline import git_env, init_repo

PYTHON = "/opt/venv/bin/python"
REINSTALL = f"reinstall with `{PYTHON} -m pip install --force-reinstall liftdiff`"


def missing_module() -> ModuleNotFoundError:
    try:
        import checker.no_such_stage  # type: ignore[import-not-found]  # noqa: F401
    except ModuleNotFoundError as exc:
        return exc
    raise AssertionError("imported a module that does not exist")


def crash() -> ZeroDivisionError:
    try:
        _ = 1 // 0
    except ZeroDivisionError as exc:
        return exc
    raise AssertionError("no crash")


def test_exit_codes_are_the_ones_of_the_modules_the_guard_cannot_rely_on() -> None:
    assert (failsafe.EXIT_TROUBLE, failsafe.EXIT_PASS) == (EXIT_TROUBLE, EXIT_PASS)


def test_a_command_that_cannot_start_says_what_and_how_to_reinstall() -> None:
    line = f"{Path(__file__).name}:"
    code, message = failure(missing_module(), ["check", "a.c", "b.c"], {}, PYTHON)
    assert code == 2
    assert message == (
        "liftdiff: cannot start: ModuleNotFoundError: No module named 'checker.no_such_stage' "
        f"(tests/hooks/{line}{missing_module.__code__.co_firstlineno + 2}); "
        f"{REINSTALL}; LIFTDIFF_DEBUG=1 shows the traceback"
    )


def test_a_crash_is_an_internal_error() -> None:
    code, message = failure(crash(), ["staged"], {}, PYTHON)
    assert code == 2
    assert message.startswith("liftdiff: internal error: ZeroDivisionError: integer division ")
    assert "\n" not in message


@pytest.mark.git
@pytest.mark.parametrize(
    ("settings", "code", "outcome"),
    [
        (None, 2, "commit blocked (skip: LIFTDIFF_SKIP=1)"),
        ("[policy]\non_failure = 'block'\n", 2, "commit blocked (skip: LIFTDIFF_SKIP=1)"),
        ("[policy]\non_failure = 'pass'\n", 0, 'commit not checked (on_failure = "pass")'),
        ("[policy]\non_failure = 'maybe'\n", 2, "commit blocked (skip: LIFTDIFF_SKIP=1)"),
        ("[policy\n", 2, "commit blocked (skip: LIFTDIFF_SKIP=1)"),
    ],
    ids=["default", "block", "pass", "unknown-value", "bad-toml"],
)
def test_a_hook_follows_the_repositorys_on_failure(
    tmp_path: Path, settings: str | None, code: int, outcome: str
) -> None:
    repo = init_repo(tmp_path / "repo")
    (repo / "sub").mkdir()
    if settings is not None:
        (repo / ".liftdiff.toml").write_text(settings)
    argv = ["hook", "run", "pre-commit", "-C", str(repo / "sub")]  # the root is git's answer
    assert failure(missing_module(), argv, {}, PYTHON) == (
        code,
        "liftdiff: cannot start: ModuleNotFoundError: No module named 'checker.no_such_stage' "
        f"(tests/hooks/test_failsafe.py:{missing_module.__code__.co_firstlineno + 2}); "
        f"{outcome}; {REINSTALL}; LIFTDIFF_DEBUG=1 shows the traceback",
    )


def test_a_hook_reads_the_settings_file_it_was_given(tmp_path: Path) -> None:
    settings = tmp_path / "elsewhere.toml"
    settings.write_text("[policy]\non_failure = 'pass'\n")
    argv = ["hook", "run", "commit-msg", "MSG", "--config", str(settings)]
    assert failure(crash(), argv, {}, PYTHON)[0] == 0


def test_a_hook_is_skipped_on_request_and_pre_commit_reinstalls_itself() -> None:
    argv = ["hook", "run", "pre-commit"]
    code, message = failure(missing_module(), argv, {"LIFTDIFF_SKIP": "1"}, PYTHON)
    assert code == 0
    assert message.endswith("; check skipped (LIFTDIFF_SKIP=1)")
    _, message = failure(missing_module(), argv, {"PRE_COMMIT": "1"}, PYTHON)
    assert "reinstall with `pre-commit clean && pre-commit install-hooks`" in message


# --- the console script in a process of its own -------------------------------------------


def run_console(
    cwd: Path, argv: list[str], prelude: str = "", **env: str
) -> subprocess.CompletedProcess[str]:
    code = (
        f"import sys; sys.argv = ['liftdiff', *{argv!r}]; {prelude}"
        "from bot.console import run; sys.exit(run())"
    )
    environ = {k: v for k, v in git_env().items() if k not in ("PYTHONPATH", "LIFTDIFF_DEBUG")}
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=cwd,
        env={**environ, "PYTHONHASHSEED": "0", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def broken_install(tmp_path: Path) -> str:
    """A `checker` package that cannot be imported, found before ours."""
    package = tmp_path / "broken" / "checker"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("raise ImportError('checker.report is missing')\n")
    return f"sys.path[:0] = [{str(package.parent)!r}, {str(ROOT)!r}]; "


@pytest.mark.git
def test_a_broken_install_prints_one_line_and_blocks_the_hook(
    tmp_path: Path, broken_install: str
) -> None:
    repo = init_repo(tmp_path / "repo")
    done = run_console(repo, ["hook", "run", "pre-commit"], broken_install)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(
        "liftdiff: cannot start: ImportError: checker.report is missing (bot/console.py:"
    )
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "commit blocked (skip: LIFTDIFF_SKIP=1); reinstall with `" in done.stderr
    (repo / ".liftdiff.toml").write_text("[policy]\non_failure = 'pass'\n")
    passed = run_console(repo, ["hook", "run", "pre-commit"], broken_install)
    assert passed.returncode == 0
    assert 'commit not checked (on_failure = "pass")' in passed.stderr
    check = run_console(repo, ["check", "a.c", "b.c"], broken_install)
    assert check.returncode == 2 and check.stderr.count("\n") == 1


def test_debug_shows_the_traceback(tmp_path: Path, broken_install: str) -> None:
    done = run_console(tmp_path, ["check", "a.c", "b.c"], broken_install, LIFTDIFF_DEBUG="1")
    assert done.returncode == 1
    assert "Traceback (most recent call last)" in done.stderr
    assert done.stderr.rstrip().endswith("ImportError: checker.report is missing")


@pytest.mark.git
def test_a_crash_in_a_hook_run_is_one_line(tmp_path: Path) -> None:
    """A crash outside the per-function checks, after everything was imported."""
    repo = init_repo(tmp_path / "repo")
    (repo / "a.c").write_text("int f(int x) { return x; }\n")
    subprocess.run(["git", "add", "a.c"], cwd=repo, env=git_env(), check=True)
    crash = (
        "import hooks.cli; "
        "hooks.cli.analyze = lambda *a, **k: (_ for _ in ()).throw(RuntimeError('boom')); "
    )
    done = run_console(repo, ["hook", "run", "pre-commit"], crash)
    assert done.returncode == 2
    assert done.stderr.startswith("liftdiff: internal error: RuntimeError: boom (")
    assert done.stderr.count("\n") == 1
    assert "(hooks/cli.py:" in done.stderr  # the innermost frame of ours
