"""liftdiff installed the way users install it: a wheel built from the tracked files,
installed into a fresh virtualenv outside the checkout, and run in a repository
that has `hooks/` and `checker/` directories of its own (which must never be
imported): `liftdiff check`, the plain git hook, and the pre-commit framework
installing its own copy with `pip install .` from a git repository of ours.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from tests import ROOT
from tests.hooks.productline import build_history, git, git_env
from tests.hooks.test_e2e import BLOCKED, head, stage_offset_change, stage_refactor

pytestmark = pytest.mark.git
PACKAGES = ("checker", "hooks", "bot")
HOSTILE = "raise ImportError('the user repository\\'s {name}/ was imported')\n"


def tracked_files() -> list[str]:
    done = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode != 0:
        pytest.skip("not a git checkout")
    return [name for name in done.stdout.split("\0") if name]


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The tracked files as they are in the working tree, committed in a git repository
    of their own (what pre-commit's `repo:` clones); its path and commit."""
    root = tmp_path_factory.mktemp("source") / "liftdiff"
    for name in tracked_files():
        origin = ROOT / name
        if origin.is_file():  # a tracked file deleted in the working tree is left out
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(origin, root / name)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "--no-verify", "-m", "liftdiff snapshot")
    return root, git(root, "rev-parse", "HEAD").stdout.strip()


@pytest.fixture(scope="module")
def wheel(source: tuple[Path, str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dist), str(source[0])],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr
    (path,) = dist.glob("liftdiff-*.whl")
    return path


def test_the_wheel_ships_every_module_and_header(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    shipped = {n for n in names if not n.startswith("liftdiff-")}
    expected = {
        name
        for name in tracked_files()
        if name.split("/")[0] in PACKAGES and name.endswith((".py", ".h"))
    }
    assert any(name.startswith("checker/report/") for name in expected)
    assert shipped == expected
    (entry_points,) = (n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "liftdiff = bot.console:run" in zipfile.ZipFile(wheel).read(entry_points).decode()


# --- installed into a fresh virtualenv ------------------------------------------------------


def user_env(**extra: str) -> dict[str, str]:
    """git's test environment without our checkout on PYTHONPATH, and no liftdiff on
    PATH: what runs is the installed console script, by the path the hook names."""
    tools = [str(Path(shutil.which(t) or "/usr/bin/git").parent) for t in ("git", "gcc")]
    env = {k: v for k, v in git_env().items() if k not in ("PYTHONPATH", "LIFTDIFF_DEBUG")}
    python = str(Path(sys.base_prefix) / "bin")  # the Python a user installs with
    env["PATH"] = os.pathsep.join(dict.fromkeys([*tools, python, "/usr/bin", "/bin"]))
    assert shutil.which("liftdiff", path=env["PATH"]) is None
    env.update(extra)
    return env


def run(
    command: list[str], cwd: Path, env: dict[str, str], timeout: float = 600
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )


def commit(repo: Path, message: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return run(["git", "commit", "-m", message], repo, env)


def user_repository(path: Path, upto: int) -> Path:
    """The product-line fixture with `hooks/` and `checker/` packages of the user's that
    raise when imported; the sensor example beside them."""
    build_history(path, upto=upto)
    for name in ("hooks", "checker"):
        (path / name).mkdir()
        (path / name / "__init__.py").write_text(HOSTILE.format(name=name))
    shutil.copytree(ROOT / "examples" / "sensor", path / "sensor")
    git(path, "add", "-A")
    git(path, "commit", "-q", "--no-verify", "-m", "the user's own hooks/ and checker/")
    return path


@pytest.mark.slow
def test_installed_wheel_checks_and_blocks_through_both_hooks(
    tmp_path: Path, wheel: Path, source: tuple[Path, str]
) -> None:
    env = user_env()
    environment = tmp_path / "venv"
    venv.create(environment, with_pip=True)
    liftdiff = environment / "bin" / "liftdiff"
    python = str(environment / "bin" / "python")
    pip = run([python, "-m", "pip", "install", "-q", str(wheel)], tmp_path, env)
    assert pip.returncode == 0, pip.stderr
    repo = user_repository(tmp_path / "repo", upto=1)

    # `liftdiff check` on two C files, run inside the user's tree
    check = run([str(liftdiff), "check", "sensor/old.c", "sensor/new.c", "--json"], repo, env)
    assert check.returncode == 1, check.stderr
    verdicts = {r["function"]: r["verdict"] for r in json.loads(check.stdout)["results"]}
    assert verdicts == {"clamp": "EQUIVALENT", "checksum": "EQUIVALENT", "scale": "NOT_EQUIVALENT"}

    # the plain hook: an equivalent refactor commits, a behaviour change is refused
    installed = run([str(liftdiff), "hook", "install", "--stage", "pre-commit"], repo, env)
    assert installed.returncode == 0, installed.stderr
    assert f"exec {liftdiff} hook run pre-commit" in (repo / ".git/hooks/pre-commit").read_text()
    stage_refactor(repo)
    refactor = commit(repo, "clamp: one expression", env)
    assert refactor.returncode == 0, refactor.stderr
    assert refactor.stderr == ""
    stage_offset_change(repo)
    before = head(repo)
    blocked = commit(repo, "scale: offset first", env)
    assert blocked.returncode == 1, blocked.stderr
    assert BLOCKED in blocked.stderr
    assert "pl_scale (src/scale.c:15) NOT_EQUIVALENT" in blocked.stderr
    assert "CONFIG_OFFSET" in blocked.stderr
    assert head(repo) == before

    # the pre-commit framework: `repo:` a git repository of ours at a commit, as users do
    home = tmp_path / "pre-commit-home"
    framework = user_repository(tmp_path / "framework", upto=1)
    snapshot, rev = source
    (framework / ".pre-commit-config.yaml").write_text(
        f"repos:\n- repo: {snapshot}\n  rev: {rev}\n  hooks:\n  - id: liftdiff\n"
    )
    git(framework, "add", ".pre-commit-config.yaml")
    git(framework, "commit", "-q", "--no-verify", "-m", "pre-commit config")
    env = user_env(PRE_COMMIT_HOME=str(home))
    hook = run([sys.executable, "-m", "pre_commit", "install", "-t", "pre-commit"], framework, env)
    assert hook.returncode == 0, hook.stderr
    stage_refactor(framework)
    refactor = commit(framework, "clamp: one expression", env)
    assert refactor.returncode == 0, refactor.stdout + refactor.stderr
    stage_offset_change(framework)
    blocked = commit(framework, "scale: offset first", env)
    assert blocked.returncode == 1, blocked.stdout + blocked.stderr
    output = blocked.stdout + blocked.stderr
    assert BLOCKED in output
    assert "pl_scale (src/scale.c:15) NOT_EQUIVALENT" in output
    (environment_of_pre_commit,) = home.glob("repo*/py_env-*")
    assert (environment_of_pre_commit / "bin" / "liftdiff").exists()
    assert not list(environment_of_pre_commit.glob("lib/python*/site-packages/__editable__*"))
