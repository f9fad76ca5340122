"""Plain git hook installation: core.hooksPath, legacy hooks kept and chained, uninstall."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from hooks.gitrepo import GitError, Repo
from hooks.hookrun import Stage
from hooks.install import MARKER, hook_script, install, uninstall
from tests.hooks.productline import git, init_repo

pytestmark = pytest.mark.git


def test_script_runs_legacy_first_and_names_the_python() -> None:
    script = hook_script(Stage.COMMIT_MSG, "/opt/py env/bin/python")
    assert script.startswith("#!/bin/sh\n" + MARKER)
    assert '"$0.legacy" "$@" || exit $?' in script
    assert "exec '/opt/py env/bin/python' -m hooks.cli hook run commit-msg \"$@\"" in script


def test_install_keeps_existing_hook_and_uninstall_restores_it(tmp_path: Path) -> None:
    path = init_repo(tmp_path / "repo")
    hooks = path / ".git" / "hooks"
    hooks.mkdir(exist_ok=True)
    (hooks / "commit-msg").write_text("#!/bin/sh\necho legacy\n")
    repo = Repo(str(path))
    message = install(repo, Stage.COMMIT_MSG, "/usr/bin/python3")
    assert message == (
        f"installed commit-msg hook at {hooks / 'commit-msg'} "
        "(existing hook kept as commit-msg.legacy and run first)"
    )
    assert (hooks / "commit-msg.legacy").read_text() == "#!/bin/sh\necho legacy\n"
    assert MARKER in (hooks / "commit-msg").read_text()
    assert (hooks / "commit-msg").stat().st_mode & 0o111
    install(repo, Stage.COMMIT_MSG, "/usr/bin/python3")  # reinstall keeps the legacy hook
    assert (hooks / "commit-msg.legacy").exists()
    assert uninstall(repo, Stage.COMMIT_MSG) == (
        "removed liftdiff commit-msg hook; restored the previous hook"
    )
    assert (hooks / "commit-msg").read_text() == "#!/bin/sh\necho legacy\n"
    assert not (hooks / "commit-msg.legacy").exists()


def test_install_respects_core_hookspath(tmp_path: Path) -> None:
    path = init_repo(tmp_path / "repo")
    git(path, "config", "core.hooksPath", "ci/hooks")
    install(Repo(str(path)), Stage.PRE_COMMIT, "/usr/bin/python3")
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
        install(Repo(str(path)), Stage.PRE_COMMIT, "/usr/bin/python3")


def test_missing_python_passes_with_a_message(tmp_path: Path) -> None:
    path = init_repo(tmp_path / "repo")
    install(Repo(str(path)), Stage.PRE_COMMIT, str(tmp_path / "gone" / "python"))
    result = subprocess.run(
        [str(path / ".git" / "hooks" / "pre-commit")],
        cwd=path,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0
    assert "liftdiff: not installed any more" in result.stderr
