"""Fetch exactly the two commits a review needs into a temporary directory.

`git fetch --depth=1` of the merge base and the head by sha (GitHub serves
reachable commits by sha), no checkout, no tags, no submodules, under a time
limit and a size limit watched while git runs. The token travels in git's
environment (never on a command line, never in a log), and the user's and the
system's git configuration are ignored.
"""

from __future__ import annotations

import base64
import contextlib
import os
import subprocess
import time
from collections.abc import Sequence

from bot.model import BotError

POLL = 0.05


class CloneError(BotError):
    pass


def git_environment(token: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(
        GIT_TERMINAL_PROMPT="0",
        GIT_CONFIG_NOSYSTEM="1",
        GIT_CONFIG_GLOBAL=os.devnull,
        GIT_ALLOW_PROTOCOL="https:http:file",
    )
    if token:
        basic = base64.b64encode(f"x-access-token:{token}".encode()).decode()
        env.update(
            GIT_CONFIG_COUNT="1",
            GIT_CONFIG_KEY_0="http.extraHeader",
            GIT_CONFIG_VALUE_0=f"Authorization: Basic {basic}",
        )
    return env


def _size(path: str) -> int:
    total = 0
    for folder, _, files in os.walk(path):
        for name in files:
            with contextlib.suppress(OSError):  # git renames its temporary packs meanwhile
                total += os.lstat(os.path.join(folder, name)).st_size
    return total


def _run(args: list[str], env: dict[str, str], deadline: float, limit: int, dest: str) -> None:
    process = subprocess.Popen(
        args,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    problem = None
    while process.poll() is None:
        if time.monotonic() > deadline:
            problem = "took longer than the time limit"
        elif _size(dest) > limit:
            problem = f"grew past the size limit ({limit >> 20} MiB)"
        if problem:
            process.kill()
            process.wait()
            raise CloneError(f"fetching the pull request's commits {problem}")
        time.sleep(POLL)
    stderr = (process.stderr.read() if process.stderr else b"").decode("utf-8", "replace")
    if process.returncode != 0:
        lines = [line for line in stderr.strip().splitlines() if line.strip()]
        raise CloneError(f"git {args[3]} failed: {lines[-1] if lines else process.returncode}")


def fetch(
    url: str,
    shas: Sequence[str],
    dest: str,
    token: str | None,
    timeout: float,
    max_bytes: int,
) -> None:
    """Make `dest` a repository holding the commits `shas` (depth 1 each)."""
    env = git_environment(token)
    deadline = time.monotonic() + timeout
    _run(["git", "-C", dest, "init", "-q"], env, deadline, max_bytes, dest)
    _run(
        [
            "git",
            "-C",
            dest,
            "fetch",
            "--quiet",
            "--no-tags",
            "--no-recurse-submodules",
            "--depth=1",
            url,
            *dict.fromkeys(shas),
        ],
        env,
        deadline,
        max_bytes,
        dest,
    )
