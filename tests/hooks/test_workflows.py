"""The example GitHub workflows: valid YAML, and every liftdiff command in them parses."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from checker.cli import build_parser
from hooks.cli import register
from tests import ROOT

yaml = pytest.importorskip("yaml", reason="PyYAML (comes with pre-commit)")
WORKFLOWS = sorted((ROOT / "examples" / "workflows").glob("*.yml"))


def commands(path: Path) -> list[list[str]]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    found = []
    for job in data["jobs"].values():
        for step in job["steps"]:
            for line in step.get("run", "").splitlines():
                match = re.match(r"\s*(liftdiff .*?)(\s*[>|&;]|\s*$|\s+#)", line)
                if match and not line.strip().startswith("pip "):
                    found.append(shlex.split(match.group(1))[1:])
    return found


def test_both_examples_exist() -> None:
    assert [p.name for p in WORKFLOWS] == ["liftdiff-nightly.yml", "liftdiff-pr.yml"]


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.stem)
def test_liftdiff_commands_parse(path: Path) -> None:
    parser, sub = build_parser()
    register(sub)
    argvs = commands(path)
    assert len(argvs) == {"liftdiff-pr": 0, "liftdiff-nightly": 4}[path.stem]  # pr: the action
    for argv in argvs:
        args = parser.parse_args([a.replace("$RANGE", "A..B").replace("$SINCE", "x") for a in argv])
        assert args.command in ("range", "scan")


@pytest.mark.parametrize(
    "path", [p for p in WORKFLOWS if "nightly" in p.stem], ids=lambda p: p.stem
)
def test_sarif_written_is_the_sarif_uploaded(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    written = re.findall(r"--sarif > (\S+)", text)
    data = yaml.safe_load(text)
    uploads = [
        step["with"]["sarif_file"]
        for job in data["jobs"].values()
        for step in job["steps"]
        if str(step.get("uses", "")).startswith("github/codeql-action/upload-sarif@")
    ]
    assert uploads and uploads == written
