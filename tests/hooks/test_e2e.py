"""Real `git commit` in temporary product-line repositories, through plain git hooks and
through the pre-commit framework; with the canned engine and with the real one.

The canned-engine tests pin the git plumbing; the real-engine tests are the issue's
acceptance: a behaviour change in an #ifdef'd function is blocked, a refactor commits,
and the trailer or LIFTDIFF_SKIP=1 let an intended change through.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hooks.cli import main
from hooks.gitrepo import Repo
from hooks.hookrun import Stage
from hooks.install import entry_point, install
from tests import ROOT
from tests.hooks.productline import (
    STEPS,
    apply_step,
    build_history,
    canned_answers,
    git,
    git_env,
    write_fake_liftdiff,
)

pytestmark = pytest.mark.git
BLOCKED = "liftdiff: commit blocked: 1 changed function(s) behave differently:"
TRAILER = "Behavior-Change: pl_scale the offset is now doubled too"


def stage_offset_change(repo: Path) -> None:
    """The NOT_EQUIVALENT edit of the fixture (step 03) on top of step 02."""
    apply_step(repo, STEPS[2])
    git(repo, "add", "-A")


def stage_refactor(repo: Path) -> None:
    """The EQUIVALENT refactor of the fixture (step 02) on top of step 01."""
    apply_step(repo, STEPS[1])
    git(repo, "add", "-A")


def commit(repo: Path, message: str, **env: str):  # type: ignore[no-untyped-def]
    return git(repo, "commit", "-m", message, env=env, check=False)


def head(repo: Path) -> str:
    return git(repo, "rev-parse", "HEAD").stdout.strip()


# --- plain git hooks, canned engine ---------------------------------------------------


@pytest.fixture
def fake_liftdiff(tmp_path: Path) -> Path:
    return write_fake_liftdiff(tmp_path, canned_answers())


def test_commit_msg_hook_blocks_then_trailer_passes(tmp_path: Path, fake_liftdiff: Path) -> None:
    repo = tmp_path / "repo"
    build_history(repo, upto=2)
    install(Repo(str(repo)), Stage.COMMIT_MSG, str(fake_liftdiff))
    stage_offset_change(repo)
    before = head(repo)
    blocked = commit(repo, "scale: offset first")
    assert blocked.returncode == 1
    assert BLOCKED in blocked.stderr
    assert "e.g. with CONFIG_OFFSET=1 and inputs x = 0, k = 1" in blocked.stderr
    assert "    Behavior-Change: pl_scale <why>" in blocked.stderr
    assert head(repo) == before
    passed = commit(repo, f"scale: offset first\n\n{TRAILER}\n")
    assert passed.returncode == 0, passed.stderr
    assert "intended behaviour change (Behavior-Change trailer)" in passed.stderr
    assert head(repo) != before


def test_skip_variable_lets_a_change_through(tmp_path: Path, fake_liftdiff: Path) -> None:
    repo = tmp_path / "repo"
    build_history(repo, upto=2)
    install(Repo(str(repo)), Stage.PRE_COMMIT, str(fake_liftdiff))
    stage_offset_change(repo)
    assert commit(repo, "scale: offset first").returncode == 1
    skipped = commit(repo, "scale: offset first", LIFTDIFF_SKIP="1")
    assert skipped.returncode == 0
    assert "liftdiff: check skipped (LIFTDIFF_SKIP=1)" in skipped.stderr


def test_refactor_commits_and_legacy_hook_still_runs(tmp_path: Path, fake_liftdiff: Path) -> None:
    repo = tmp_path / "repo"
    build_history(repo, upto=1)
    legacy = repo / ".git" / "hooks" / "commit-msg"
    legacy.parent.mkdir(exist_ok=True)
    legacy.write_text(
        '#!/bin/sh\necho "legacy saw $1" >> "$(git rev-parse --git-dir)/legacy.log"\n'
    )
    legacy.chmod(0o755)
    install(Repo(str(repo)), Stage.COMMIT_MSG, str(fake_liftdiff))
    stage_refactor(repo)
    result = commit(repo, "clamp: one expression")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert (repo / ".git" / "legacy.log").read_text() == "legacy saw .git/COMMIT_EDITMSG\n"


def test_legacy_hook_failure_still_blocks(tmp_path: Path, fake_liftdiff: Path) -> None:
    repo = tmp_path / "repo"
    build_history(repo, upto=1)
    legacy = repo / ".git" / "hooks" / "commit-msg"
    legacy.parent.mkdir(exist_ok=True)
    legacy.write_text("#!/bin/sh\necho 'legacy says no' >&2\nexit 3\n")
    legacy.chmod(0o755)
    install(Repo(str(repo)), Stage.COMMIT_MSG, str(fake_liftdiff))
    stage_refactor(repo)
    result = commit(repo, "clamp: one expression")
    assert result.returncode != 0
    assert "legacy says no" in result.stderr


def test_commit_a_uses_the_temporary_index(tmp_path: Path, fake_liftdiff: Path) -> None:
    """`git commit -a` checks what git is committing, not the stale index file."""
    repo = tmp_path / "repo"
    build_history(repo, upto=2)
    install(Repo(str(repo)), Stage.PRE_COMMIT, str(fake_liftdiff))
    apply_step(repo, STEPS[2])  # not staged
    result = git(repo, "commit", "-a", "-m", "scale: offset first", check=False)
    assert result.returncode == 1
    assert BLOCKED in result.stderr


# --- pre-commit framework --------------------------------------------------------------

pre_commit = pytest.importorskip("pre_commit", reason="pre-commit is a test dependency")
yaml = pytest.importorskip("yaml", reason="PyYAML comes with pre-commit")


def local_config() -> str:
    """Our manifest's hooks as a `repo: local` config (language system: no install)."""
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    for hook in hooks:
        hook["language"] = "system"
    return yaml.safe_dump({"repos": [{"repo": "local", "hooks": hooks}]})


def liftdiff_on_path(bin_dir: Path, command: Path) -> dict[str, str]:
    """PATH with `command` (the canned engine's or the real console script) as `liftdiff`."""
    bin_dir.mkdir(parents=True, exist_ok=True)
    script = bin_dir / "liftdiff"
    script.write_text(f'#!/bin/sh\nexec {command} "$@"\n')
    script.chmod(0o755)
    return {"PATH": f"{bin_dir}:{Path(sys.executable).parent}:{os.environ.get('PATH', '')}"}


def setup_pre_commit(repo: Path, tmp_path: Path, command: Path) -> dict[str, str]:
    env = liftdiff_on_path(tmp_path / "bin", command)
    env["PRE_COMMIT_HOME"] = str(tmp_path / "pre-commit-home")
    (repo / ".pre-commit-config.yaml").write_text(local_config())
    git(repo, "add", ".pre-commit-config.yaml")
    git(repo, "commit", "-q", "--no-verify", "-m", "pre-commit config")
    result = git(
        repo, "-c", "core.hooksPath=.git/hooks", "status", env=env
    )  # sanity: git works with this env
    assert result.returncode == 0
    installed = subprocess.run(
        [sys.executable, "-m", "pre_commit", "install", "-t", "pre-commit", "-t", "commit-msg"],
        cwd=repo,
        env={**git_env(env)},
        capture_output=True,
        text=True,
    )
    assert installed.returncode == 0, installed.stderr
    return env


@pytest.mark.parametrize("hook_id", ["liftdiff", "liftdiff-commit-msg"])
def test_pre_commit_framework_blocks_and_skip_passes(
    tmp_path: Path, fake_liftdiff: Path, hook_id: str
) -> None:
    repo = tmp_path / "repo"
    build_history(repo, upto=2)
    env = setup_pre_commit(repo, tmp_path, fake_liftdiff)
    other = "liftdiff-commit-msg" if hook_id == "liftdiff" else "liftdiff"
    env["SKIP"] = other  # pre-commit's own variable: run only the hook under test
    stage_offset_change(repo)
    blocked = commit(repo, "scale: offset first", **env)
    assert blocked.returncode == 1
    assert BLOCKED in blocked.stdout + blocked.stderr
    passed = commit(repo, "scale: offset first", LIFTDIFF_SKIP="1", **env)
    assert passed.returncode == 0, passed.stdout + passed.stderr


def test_pre_commit_framework_trailer_and_refactor(tmp_path: Path, fake_liftdiff: Path) -> None:
    repo = tmp_path / "repo"
    build_history(repo, upto=1)
    env = setup_pre_commit(repo, tmp_path, fake_liftdiff)
    env["SKIP"] = "liftdiff"
    stage_refactor(repo)
    refactor = commit(repo, "clamp: one expression", **env)
    assert refactor.returncode == 0, refactor.stdout + refactor.stderr
    stage_offset_change(repo)
    assert commit(repo, "scale: offset first", **env).returncode == 1
    intended = commit(repo, f"scale: offset first\n\n{TRAILER}\n", **env)
    assert intended.returncode == 0, intended.stdout + intended.stderr


def test_pre_commit_run_command(tmp_path: Path, fake_liftdiff: Path) -> None:
    """`pre-commit run` (no commit) on the staged change."""
    repo = tmp_path / "repo"
    build_history(repo, upto=2)
    env = setup_pre_commit(repo, tmp_path, fake_liftdiff)
    stage_offset_change(repo)
    result = subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", "liftdiff"],
        cwd=repo,
        env=git_env(env),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert BLOCKED in result.stdout


def pre_commit_run(repo: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", "liftdiff", *args],
        cwd=repo,
        env=git_env(env),
        capture_output=True,
        text=True,
    )


def test_pre_commit_from_ref_to_ref_checks_the_named_commits(
    tmp_path: Path, fake_liftdiff: Path
) -> None:
    """Nothing is staged: before, the hook checked the (empty) index and passed."""
    repo = tmp_path / "repo"
    shas = build_history(repo, upto=3)
    env = setup_pre_commit(repo, tmp_path, fake_liftdiff)
    blocked = pre_commit_run(repo, env, "--from-ref", shas[0], "--to-ref", shas[2])
    assert blocked.returncode == 1, blocked.stdout + blocked.stderr
    assert BLOCKED in blocked.stdout
    assert "pl_scale (src/scale.c:" in blocked.stdout
    refactor = pre_commit_run(repo, env, "--from-ref", shas[0], "--to-ref", shas[1])
    assert refactor.returncode == 0, refactor.stdout + refactor.stderr
    assert "Passed" in refactor.stdout


def test_pre_commit_all_files_checks_the_work_tree(tmp_path: Path, fake_liftdiff: Path) -> None:
    """An unstaged behaviour change: `--all-files` sees it, a plain run does not."""
    repo = tmp_path / "repo"
    build_history(repo, upto=2)
    env = setup_pre_commit(repo, tmp_path, fake_liftdiff)
    apply_step(repo, STEPS[2])
    plain = pre_commit_run(repo, env)
    assert plain.returncode == 0, plain.stdout + plain.stderr
    assert "(no files to check)Skipped" in plain.stdout
    everything = pre_commit_run(repo, env, "--all-files")
    assert everything.returncode == 1, everything.stdout + everything.stderr
    assert BLOCKED in everything.stdout
    one_file = pre_commit_run(repo, env, "--files", "src/clamp.c")
    assert one_file.returncode == 0, one_file.stdout + one_file.stderr


def test_pre_commit_commit_checks_the_staged_text_not_unstaged_edits(
    tmp_path: Path, fake_liftdiff: Path
) -> None:
    """The hook reads the named files from the work tree; pre-commit stashes unstaged
    edits first, so what it reads is what the commit records."""
    repo = tmp_path / "repo"
    build_history(repo, upto=2)
    env = setup_pre_commit(repo, tmp_path, fake_liftdiff)
    env["SKIP"] = "liftdiff-commit-msg"
    stage_offset_change(repo)
    scale = repo / "src" / "scale.c"
    scale.write_text((STEPS[0].tree / "src" / "scale.c").read_text())  # unstaged undo
    blocked = commit(repo, "scale: offset first", **env)
    assert blocked.returncode == 1, blocked.stdout + blocked.stderr
    assert BLOCKED in blocked.stdout + blocked.stderr
    assert scale.read_text() == (STEPS[0].tree / "src" / "scale.c").read_text()


# --- the real engine -------------------------------------------------------------------


def real_hook(tmp_path: Path, upto: int, stage: Stage = Stage.COMMIT_MSG) -> Path:
    repo = tmp_path / "repo"
    build_history(repo, upto=upto)
    assert main(["hook", "install", "-C", str(repo), "--stage", stage.value]) == 0
    return repo


def test_real_engine_refactor_commits(tmp_path: Path) -> None:
    repo = real_hook(tmp_path, upto=1)
    stage_refactor(repo)
    result = commit(repo, "clamp: one expression")
    assert result.returncode == 0, result.stderr
    assert "internal error" not in result.stderr
    assert "warning" not in result.stderr


def test_real_engine_blocks_behaviour_change_then_trailer_passes(tmp_path: Path) -> None:
    repo = real_hook(tmp_path, upto=2)
    stage_offset_change(repo)
    blocked = commit(repo, "scale: offset first")
    assert blocked.returncode == 1, blocked.stderr
    assert BLOCKED in blocked.stderr
    assert "CONFIG_OFFSET" in blocked.stderr
    passed = commit(repo, f"scale: offset first\n\n{TRAILER}\n")
    assert passed.returncode == 0, passed.stderr


def test_real_engine_skip_passes(tmp_path: Path) -> None:
    repo = real_hook(tmp_path, upto=2, stage=Stage.PRE_COMMIT)
    stage_offset_change(repo)
    assert commit(repo, "scale: offset first").returncode == 1
    assert commit(repo, "scale: offset first", LIFTDIFF_SKIP="1").returncode == 0


def test_real_engine_through_pre_commit(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    build_history(repo, upto=2)
    env = setup_pre_commit(repo, tmp_path, Path(entry_point()))
    env["SKIP"] = "liftdiff-commit-msg"
    stage_offset_change(repo)
    blocked = commit(repo, "scale: offset first", **env)
    assert blocked.returncode == 1, blocked.stdout + blocked.stderr
    assert BLOCKED in blocked.stdout + blocked.stderr


def test_real_engine_through_pre_commit_from_ref_to_ref(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    shas = build_history(repo, upto=5)
    env = setup_pre_commit(repo, tmp_path, Path(entry_point()))
    # 04: a rename that keeps the body, and a callee's new signature; both equivalent
    api = pre_commit_run(repo, env, "--from-ref", shas[2], "--to-ref", shas[3])
    assert api.returncode == 0, api.stdout + api.stderr
    # 02..05 net: the refactor, the offset change and the raised limit
    net = pre_commit_run(repo, env, "--from-ref", shas[0], "--to-ref", shas[4])
    assert net.returncode == 1, net.stdout + net.stderr
    assert "liftdiff: commit blocked: 2 changed function(s) behave differently:" in net.stdout
    assert "pl_scale (src/scale.c:" in net.stdout and "pl_clamp (src/clamp.c:" in net.stdout


def test_real_engine_scan_of_the_fixture_history(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    build_history(repo)
    out = io.StringIO()
    code = main(["scan", "-C", str(repo), "--json"], out=out, err=io.StringIO())
    data = json.loads(out.getvalue())
    verdicts = [
        (c["subject"], [(r["function"], r["verdict"]) for r in c["results"]])
        for c in data["commits"]
    ]
    assert verdicts == [
        ("pl: clamp, sign and scale for every configuration", []),
        (
            "clamp: one expression, same behaviour",
            [("pl_clamp", "EQUIVALENT"), ("pl_sign", "EQUIVALENT")],
        ),
        ("scale: apply the offset before doubling", [("pl_scale", "NOT_EQUIVALENT")]),
        (
            "api: pl_abs, pl_sign is now pl_signum, twice works on long",
            [("pl_signum", "EQUIVALENT"), ("pl_scale", "EQUIVALENT")],
        ),
        ("pl.h: raise PL_LIMIT to 128", [("pl_clamp", "NOT_EQUIVALENT")]),
        ("add a Latin-1 legacy file and a binary table", []),
    ]
    assert code == 1
    renamed = data["commits"][3]["results"][0]
    assert (renamed["renamed_from"], renamed["old"]["line"]) == ("pl_sign", 15)
    neq = data["commits"][2]["results"][0]["neq_summary"]
    assert neq and all("CONFIG_OFFSET" in e["configurations"] for e in neq)
    assert all(e["witness"]["configuration"]["CONFIG_OFFSET"] for e in neq)


def test_real_engine_second_scan_does_no_solver_work(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    build_history(repo)
    runs = []
    for _ in range(2):
        out = io.StringIO()
        main(["scan", "-C", str(repo), "--json"], out=out, err=io.StringIO())
        runs.append(json.loads(out.getvalue()))
    assert runs[0]["run"]["checked"] == 5
    assert runs[1]["run"] == {"commits": 6, "recorded": 6, "planned": 0, "cached": 0, "checked": 0}
    assert runs[1]["results"] == runs[0]["results"]
