"""Runs are reproducible: the console entry fixes the string-hash seed."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests import ROOT

PROBE = (
    "import os; from checker.reproducible import fix_hash_seed; fix_hash_seed(); "
    "print(os.environ['PYTHONHASHSEED'], hash('liftdiff'))"
)


def _probe(env: dict[str, str]) -> str:
    return subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True
    ).stdout


def test_unset_hash_seed_is_fixed_by_re_executing() -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONHASHSEED"}
    first, second = _probe(env), _probe(env)
    assert first == second
    assert first.split()[0] == "0"


def test_a_seed_the_user_chose_is_kept() -> None:
    env = {**os.environ, "PYTHONHASHSEED": "7"}
    assert _probe(env).split()[0] == "7"


def _report(env: dict[str, str]) -> dict:
    code = (
        "import sys; sys.argv = ['liftdiff', 'check', 'examples/sensor/old.c', "
        "'examples/sensor/new.c', '--json']; from bot.console import run; sys.exit(run())"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=ROOT
    )
    assert proc.returncode == 1, proc.stderr
    report = json.loads(proc.stdout)
    for result in report["results"]:
        del result["stats"]  # times, and solver calls that a loaded machine may time out
    return report


def test_the_console_script_reports_the_same_witnesses_every_run() -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONHASHSEED"}
    first = _report(env)
    assert first == _report(env)
    verdicts = {r["function"]: r["verdict"] for r in first["results"]}
    assert verdicts["scale"] == "NOT_EQUIVALENT"
