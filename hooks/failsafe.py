"""The guard around a whole liftdiff run: one line instead of a traceback.

liftdiff failing as a whole -- a module missing from a broken install, a crash
outside the per-function checks (those become ERROR results) -- must not pour a
traceback into someone's `git commit`. The guard prints one line: what failed,
how to reinstall, how to skip; as a hook it blocks the commit unless the
repository's `[policy] on_failure = "pass"` says otherwise. It is armed before
any module of ours is imported, so this module imports the standard library
only, and what the failure path needs (the settings file's name, the skip
variable) is defined here. `LIFTDIFF_DEBUG=1` lets the traceback through.

The console script (`bot.console`) arms it before anything else of ours is imported.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tomllib
import traceback
from collections.abc import Mapping, Sequence

CONFIG_NAME = ".liftdiff.toml"
SKIP_VARIABLE = "LIFTDIFF_SKIP"
DEBUG_VARIABLE = "LIFTDIFF_DEBUG"
ON_FAILURE = ("block", "pass")
"""Values of `[policy] on_failure`; the first is the default."""

# The exit codes of checker.cli (EXIT_TROUBLE) and hooks.hookrun (EXIT_PASS), which
# cannot be imported when the failure is that they cannot be imported; a test
# keeps them equal.
EXIT_PASS = 0
EXIT_TROUBLE = 2

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
"""Where our packages are: the checkout, or site-packages (shared with z3 & co.)."""
_OURS = tuple(os.path.join(_ROOT, package) + os.sep for package in ("checker", "hooks", "bot"))


def skip_requested(environ: Mapping[str, str]) -> bool:
    return enabled(environ.get(SKIP_VARIABLE))


def enabled(value: str | None) -> bool:
    return (value or "").strip().lower() in ("1", "true", "yes", "on")


def failure(
    exc: BaseException, argv: Sequence[str], environ: Mapping[str, str], python: str
) -> tuple[int, str]:
    """The exit code and the one line for `exc`, which stopped a whole run of `argv`."""
    starting = isinstance(exc, ImportError)
    what = f"{'cannot start' if starting else 'internal error'}: {_describe(exc)}"
    if "PRE_COMMIT" in environ:  # pre-commit's own environment: it reinstalls it
        reinstall = "reinstall with `pre-commit clean && pre-commit install-hooks`"
    else:
        reinstall = f"reinstall with `{python} -m pip install --force-reinstall liftdiff`"
    details = f"{reinstall}; {DEBUG_VARIABLE}=1 shows the traceback"
    if list(argv[:2]) != ["hook", "run"]:
        return EXIT_TROUBLE, f"liftdiff: {what}; {details}"
    if skip_requested(environ):
        return EXIT_PASS, f"liftdiff: {what}; check skipped ({SKIP_VARIABLE}=1)"
    code, outcome = hook_failed(_on_failure(argv[2:]))
    return code, f"liftdiff: {what}; {outcome}; {details}"


def hook_failed(on_failure: str) -> tuple[int, str]:
    """A hook whose run failed as a whole: its exit code, and what became of the commit."""
    if on_failure == "pass":
        return EXIT_PASS, 'commit not checked (on_failure = "pass")'
    return EXIT_TROUBLE, f"commit blocked (skip: {SKIP_VARIABLE}=1)"


def _describe(exc: BaseException) -> str:
    """`Type: message (where)`, where = the innermost frame in our packages if any."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if f.filename.startswith(_OURS)]
    where = ""
    if ours or frames:
        frame = (ours or frames)[-1]
        name = frame.filename
        if name.startswith(_ROOT + os.sep):
            name = os.path.relpath(name, _ROOT)
        where = f" ({name}:{frame.lineno})"
    message = str(exc).replace("\n", " ")
    return f"{type(exc).__name__}: {message}{where}" if message else type(exc).__name__ + where


def _on_failure(hook_args: Sequence[str]) -> str:
    """The repository's `[policy] on_failure`, read without our modules (they may be
    what failed). Anything unreadable or unknown is the default: block."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("-C", dest="repo", default=".")
    parser.add_argument("--config")
    try:
        args, _ = parser.parse_known_args(list(hook_args))
    except SystemExit:
        return ON_FAILURE[0]
    path = args.config or os.path.join(_toplevel(args.repo), CONFIG_NAME)
    try:
        with open(path, "rb") as handle:
            policy = tomllib.load(handle).get("policy", {})
        value = policy.get("on_failure", ON_FAILURE[0]) if isinstance(policy, dict) else None
    except (OSError, tomllib.TOMLDecodeError):
        return ON_FAILURE[0]
    return value if value in ON_FAILURE else ON_FAILURE[0]


def _toplevel(directory: str) -> str:
    try:
        done = subprocess.run(
            ["git", "-C", directory, "rev-parse", "--show-toplevel"],
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired):
        return directory
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else directory
