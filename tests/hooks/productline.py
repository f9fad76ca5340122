"""The product-line fixture: a small #ifdef'd C library with a history of refactors and
behaviour changes, built into real temporary git repositories; and a canned engine.

The hooks tests import these helpers (conftest.py builds the history once per test
module); test_productline.py checks that the history is what the fixture says.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from checker.frontend.cscan import ItemKind, scan
from checker.location import Location
from checker.types import (
    FunctionResult,
    NeqEntry,
    ReplayMethod,
    Report,
    Settings,
    SourceFile,
    Stats,
    Verdict,
    Witness,
)
from tests import FIXTURES, ROOT

FIXTURE = FIXTURES / "productline"


@dataclass(frozen=True)
class FixtureStep:
    name: str
    tree: Path
    message: str
    expect: Mapping[str, Any]

    def files(self) -> dict[str, bytes]:
        return {
            str(p.relative_to(self.tree)): p.read_bytes()
            for p in sorted(self.tree.rglob("*"))
            if p.is_file()
        }


def load_steps() -> list[FixtureStep]:
    steps = []
    for folder in sorted((FIXTURE / "steps").iterdir()):
        steps.append(
            FixtureStep(
                name=folder.name,
                tree=folder / "tree",
                message=(folder / "message.txt").read_text(encoding="utf-8"),
                expect=json.loads((folder / "expect.json").read_text(encoding="utf-8")),
            )
        )
    return steps


STEPS = load_steps()


def git_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """A git environment independent of the user's config, with liftdiff importable."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("GIT_") and k not in ("LIFTDIFF_SKIP", "PRE_COMMIT_HOME")
    }
    env.update(
        GIT_CONFIG_NOSYSTEM="1",
        GIT_CONFIG_GLOBAL=os.devnull,
        GIT_AUTHOR_NAME="Ada Dev",
        GIT_AUTHOR_EMAIL="ada@example.com",
        GIT_COMMITTER_NAME="Ada Dev",
        GIT_COMMITTER_EMAIL="ada@example.com",
        PYTHONPATH=str(ROOT),
    )
    env.update(extra or {})
    return env


def git(
    repo: Path, *args: str, env: Mapping[str, str] | None = None, check: bool = True
) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        ["git", *args],
        cwd=repo,
        env=git_env(env),
        capture_output=True,
        text=True,
        timeout=120,
    )
    if check and result.returncode != 0:
        raise AssertionError(f"git {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
    return result


def init_repo(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    git(path, "init", "-q", "-b", "main")
    git(path, "config", "commit.gpgsign", "false")
    return path


def apply_step(repo: Path, step: FixtureStep) -> None:
    for relative, data in step.files().items():
        target = repo / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def commit_step(repo: Path, step: FixtureStep, verify: bool = False) -> str:
    apply_step(repo, step)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", step.message, *(() if verify else ("--no-verify",)))
    return git(repo, "rev-parse", "HEAD").stdout.strip()


class History(NamedTuple):
    """A repository holding the fixture history, and its commits oldest first."""

    path: Path
    shas: list[str]


def build_history(path: Path, upto: int | None = None) -> list[str]:
    """A repository with the first `upto` fixture steps committed; their shas."""
    repo = init_repo(path)
    return [commit_step(repo, step) for step in STEPS[: upto if upto is not None else len(STEPS)]]


def _answer_key(function: str, new: SourceFile) -> str:
    blob = json.dumps([new.text, sorted(new.headers.items())])
    return f"{function}:{hashlib.sha256(blob.encode()).hexdigest()[:16]}"


def _line(text: str, function: str) -> int:
    for item in scan(text):
        if item.kind is ItemKind.FUNCTION and item.name == function:
            return item.start_line
    return 1


class CannedChecker:
    """A stand-in engine with the fixture's expected verdicts.

    Picklable (module-level class, plain data) so it also runs in `--jobs` workers.
    Answers are keyed by function and the new file's text with its headers, and
    unknown pairs are ERRORs, so a test notices a pair it did not expect.
    """

    def __init__(self, answers: Mapping[str, str]) -> None:
        self.answers = dict(answers)
        self.calls: list[str] = []

    def __call__(
        self,
        old: SourceFile,
        new: SourceFile,
        settings: Settings,
        functions: Sequence[str] | None,
        progress: object = None,
    ) -> Report:
        results = []
        for function in functions or ():
            self.calls.append(function)
            verdict = Verdict(self.answers.get(_answer_key(function, new), "ERROR"))
            results.append(canned_result(function, old, new, verdict))
        return Report(tuple(results))


def canned_result(
    function: str, old: SourceFile, new: SourceFile, verdict: Verdict
) -> FunctionResult:
    neq = ()
    if verdict is Verdict.NOT_EQUIVALENT:
        neq = (
            NeqEntry(
                configurations="CONFIG_OFFSET",
                inputs="k != 0",
                witness=Witness(
                    configuration={"CONFIG_OFFSET": 1},
                    inputs={"x": 0, "k": 1},
                    old_output={"return": 1},
                    new_output={"return": 2},
                    replayed_by=(ReplayMethod.INTERPRETER,),
                ),
            ),
        )
    return FunctionResult(
        function=function,
        old=Location(old.path, _line(old.text, function)),
        new=Location(new.path, _line(new.text, function)),
        verdict=verdict,
        reason="canned ERROR: unexpected pair" if verdict is Verdict.ERROR else None,
        features=("CONFIG_OFFSET",),
        neq_summary=neq,
        stats=Stats(seconds=0.01, solver_calls=1),
    )


def canned_answers() -> dict[str, str]:
    """Expected verdicts of every checked function of the fixture history."""
    from checker.frontend.changes import ChangeKind, parse_unit
    from hooks.headers import collect_headers

    answers: dict[str, str] = {}
    files: dict[str, bytes] = {}
    for step in STEPS:
        files.update(step.files())

        def read(path: str) -> str | None:
            data = files.get(path)
            try:
                return data.decode("utf-8") if data is not None else None
            except UnicodeDecodeError:
                return None

        for function, (kind, verdict) in step.expect["changes"].items():
            if not ChangeKind(kind).checked:
                continue
            for path in files:
                text = read(path)
                if not path.endswith(".c") or text is None:
                    continue
                headers = collect_headers(path, text, read, ("include",))
                unit = parse_unit(SourceFile(path, text, headers))
                if function in unit.functions:
                    answers[_answer_key(function, unit.source)] = verdict
    return answers


def write_fake_liftdiff(directory: Path, answers: Mapping[str, str]) -> Path:
    """An executable that stands in for the `liftdiff` console script inside git
    hooks, running the real hook code with the canned engine."""
    answers_file = directory / "answers.json"
    answers_file.write_text(json.dumps(answers), encoding="utf-8")
    runner = directory / "fake_hook.py"
    runner.write_text(
        "import json, sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from hooks.cli import main\n"
        "from tests.hooks.productline import CannedChecker\n"
        f"answers = json.load(open({str(answers_file)!r}))\n"
        "sys.exit(main(sys.argv[1:], check=CannedChecker(answers)))\n",
        encoding="utf-8",
    )
    wrapper = directory / "liftdiff"
    wrapper.write_text(f'#!/bin/sh\nexec {sys.executable} {runner} "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)
    return wrapper
