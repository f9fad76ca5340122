"""Runs are reproducible: the console entry fixes the string-hash seed."""

from __future__ import annotations

import os
import subprocess
import sys

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
