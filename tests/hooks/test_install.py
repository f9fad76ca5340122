"""Plain git hook installation: core.hooksPath, legacy hooks kept and chained, uninstall."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from checker.errors import LiftdiffError
from hooks.gitrepo import GitError, Repo
from hooks.hookrun import Stage
from hooks.install import MARKER, entry_point, hook_script, install, uninstall
from tests.hooks.productline import git, init_repo

pytestmark = pytest.mark.git


def test_script_runs_legacy_first_then_the_console_script_by_absolute_path() -> None:
    script = hook_script(Stage.COMMIT_MSG, "/opt/py env/bin/liftdiff")
    assert script.startswith("#!/bin/sh\n" + MARKER)
    assert '"$0.legacy" "$@" || exit $?' in script
    assert "exec '/opt/py env/bin/liftdiff' hook run commit-msg \"$@\"" in script
    assert " -m " not in script  # `python -m` would import the user's hooks/ or checker/


def test_entry_point_is_the_console_script_next_to_this_python() -> None:
    path = entry_point()
    assert path == os.path.join(os.path.dirname(os.path.abspath(sys.executable)), "liftdiff")
    assert os.access(path, os.X_OK)


def test_no_entry_point_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "executable", str(tmp_path / "bin" / "python"))
    monkeypatch.setattr(sysconfig, "get_path", lambda *_: str(tmp_path / "scripts"))
    with pytest.raises(LiftdiffError, match=r"no `liftdiff` command installed for .*/bin/python"):
        entry_point()


def test_install_keeps_existing_hook_and_uninstall_restores_it(tmp_path: Path) -> None:
    path = init_repo(tmp_path / "repo")
    hooks = path / ".git" / "hooks"
    hooks.mkdir(exist_ok=True)
    (hooks / "commit-msg").write_text("#!/bin/sh\necho legacy\n")
    repo = Repo(str(path))
    message = install(repo, Stage.COMMIT_MSG, "/usr/bin/liftdiff")
    assert message == (
        f"installed commit-msg hook at {hooks / 'commit-msg'} "
        "(existing hook kept as commit-msg.legacy and run first)"
    )
    assert (hooks / "commit-msg.legacy").read_text() == "#!/bin/sh\necho legacy\n"
    assert MARKER in (hooks / "commit-msg").read_text()
    assert (hooks / "commit-msg").stat().st_mode & 0o111
    install(repo, Stage.COMMIT_MSG, "/usr/bin/liftdiff")  # reinstall keeps the legacy hook
    assert (hooks / "commit-msg.legacy").exists()
    assert uninstall(repo, Stage.COMMIT_MSG) == (
        "removed liftdiff commit-msg hook; restored the previous hook"
    )
    assert (hooks / "commit-msg").read_text() == "#!/bin/sh\necho legacy\n"
    assert not (hooks / "commit-msg.legacy").exists()


def test_install_respects_core_hookspath(tmp_path: Path) -> None:
    path = init_repo(tmp_path / "repo")
    git(path, "config", "core.hooksPath", "ci/hooks")
    install(Repo(str(path)), Stage.PRE_COMMIT, "/usr/bin/liftdiff")
    assert MARKER in (path / "ci" / "hooks" / "pre-commit").read_text()
    assert not (path / ".git" / "hooks" / "pre-commit").exists()


def test_foreign_hook_is_never_removed(tmp_path: Path) -> None:
    path = init_repo(tmp_path / "repo")
    (path / ".git" / "hooks").mkdir(exist_ok=True)
    (path / ".git" / "hooks" / "pre-commit").write_text("#!/bin/sh\n")
    with pytest.raises(GitError, match="was not installed by liftdiff; leaving it alone"):
        uninstall(Repo(str(path)), Stage.PRE_COMMIT)
    assert uninstall(Repo(str(path)), Stage.COMMIT_MSG).startswith("no commit-msg hook installed")


def test_two_foreign_hooks_refuse_install(tmp_path: Path) -> None:
    path = init_repo(tmp_path / "repo")
    hooks = path / ".git" / "hooks"
    hooks.mkdir(exist_ok=True)
    (hooks / "pre-commit").write_text("#!/bin/sh\n")
    (hooks / "pre-commit.legacy").write_text("#!/bin/sh\n")
    with pytest.raises(GitError, match="move one away"):
        install(Repo(str(path)), Stage.PRE_COMMIT, "/usr/bin/liftdiff")


def test_missing_installation_passes_with_a_message(tmp_path: Path) -> None:
    path = init_repo(tmp_path / "repo")
    install(Repo(str(path)), Stage.PRE_COMMIT, str(tmp_path / "gone" / "liftdiff"))
    result = subprocess.run(
        [str(path / ".git" / "hooks" / "pre-commit")],
        cwd=path,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0
    assert "liftdiff: not installed any more" in result.stderr
