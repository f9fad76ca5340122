"""action.yml and the PR workflow that uses it: a composite action that installs
liftdiff from its own checkout (not editable) and runs `liftdiff bot action`."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from bot.cli import register
from checker.cli import build_parser
from hooks.cli import register as register_git

yaml = pytest.importorskip("yaml", reason="PyYAML (comes with pre-commit)")
ROOT = Path(__file__).resolve().parent.parent.parent


def test_action_is_composite_and_installs_from_its_checkout() -> None:
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    runs = [step.get("run", "") for step in action["runs"]["steps"]]
    install = next(r for r in runs if "pip" in r)
    assert 'pip" install --quiet "$GITHUB_ACTION_PATH"' in install and " -e " not in install
    assert 'venv "$RUNNER_TEMP/liftdiff-venv"' in install
    (command,) = [r.strip() for r in runs if r.strip().startswith("liftdiff ")]
    parser, sub = build_parser()
    register_git(sub)
    register(sub)
    args = parser.parse_args(shlex.split(command)[1:])
    assert (args.command, args.bot_command) == ("bot", "action")
    review = next(s for s in action["runs"]["steps"] if s.get("run", "").strip() == command)
    assert review["env"]["GITHUB_TOKEN"] == "${{ inputs.token }}"
    assert action["inputs"]["token"]["default"] == "${{ github.token }}"


def test_pr_workflow_uses_the_action_with_history_and_permissions() -> None:
    flow = yaml.safe_load(
        (ROOT / "examples" / "workflows" / "liftdiff-pr.yml").read_text(encoding="utf-8")
    )
    assert flow["permissions"] == {"contents": "read", "pull-requests": "write", "checks": "write"}
    # YAML reads the key `on` as True
    assert set(flow[True]["pull_request"]["types"]) >= {"opened", "synchronize", "edited"}
    (job,) = flow["jobs"].values()
    checkout, action = job["steps"]
    assert checkout["uses"].startswith("actions/checkout@")
    assert checkout["with"]["fetch-depth"] == 0
    assert action["uses"].split("@")[0].endswith("/liftdiff")
