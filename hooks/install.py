"""`liftdiff hook install|uninstall`: plain git hooks, chained with what was there.

The hook directory is git's own answer (`core.hooksPath` honoured). A hook we
did not write is kept as `<stage>.legacy`, run first by ours, and put back on
uninstall. Our script runs the `liftdiff` console script of the installation
that wrote it, by absolute path: so it works outside an activated virtualenv,
and never as `python -m hooks.cli`, which inside the user's repository would
import a `hooks/` or `checker/` directory of theirs. If that installation is
gone it runs a `liftdiff` on PATH, or passes, saying so.
"""

from __future__ import annotations

import os
import shlex
import stat
import sys
import sysconfig

from checker.errors import LiftdiffError
from hooks.gitrepo import GitError, Repo
from hooks.hookrun import Stage

MARKER = "# liftdiff hook: installed by `liftdiff hook install`"
COMMAND = "liftdiff"


def entry_point() -> str:
    """The absolute path of this installation's `liftdiff` console script: next to
    the running Python (a virtualenv), else where pip put scripts for it."""
    places = (
        os.path.dirname(sys.executable),
        sysconfig.get_path("scripts"),
        sysconfig.get_path("scripts", sysconfig.get_preferred_scheme("user")),
    )
    for directory in dict.fromkeys(places):
        path = os.path.join(directory, COMMAND)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return os.path.abspath(path)
    raise LiftdiffError(
        f"no `{COMMAND}` command installed for {sys.executable} (looked in "
        f"{', '.join(dict.fromkeys(places))}); install liftdiff with "
        f"`{sys.executable} -m pip install ...` and run `{COMMAND} hook install` again"
    )


def hook_script(stage: Stage, command: str) -> str:
    entry = shlex.quote(command)
    return f"""#!/bin/sh
{MARKER}; remove with `liftdiff hook uninstall`
if [ -x "$0.legacy" ]; then
    "$0.legacy" "$@" || exit $?
fi
if [ -x {entry} ]; then
    exec {entry} hook run {stage.value} "$@"
elif command -v {COMMAND} >/dev/null 2>&1; then
    exec {COMMAND} hook run {stage.value} "$@"
fi
echo "liftdiff: not installed any more ({entry}); commit not checked" >&2
exit 0
"""


def _ours(path: str) -> bool:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return MARKER in handle.read(4096)
    except OSError:
        return False


def install(repo: Repo, stage: Stage, command: str) -> str:
    """Install (or refresh) our hook for `stage`, running `command` (the absolute path
    of a `liftdiff` console script); returns what was done."""
    directory = repo.hooks_dir()
    target = os.path.join(directory, stage.value)
    legacy = target + ".legacy"
    os.makedirs(directory, exist_ok=True)
    note = ""
    if os.path.lexists(target) and not _ours(target):
        if os.path.lexists(legacy):
            raise GitError(
                f"both {target} and {legacy} exist; move one away before installing liftdiff"
            )
        os.rename(target, legacy)
        note = f" (existing hook kept as {os.path.basename(legacy)} and run first)"
    with open(target, "w", encoding="utf-8") as handle:
        handle.write(hook_script(stage, command))
    mode = os.stat(target).st_mode
    os.chmod(target, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return f"installed {stage.value} hook at {target}{note}"


def uninstall(repo: Repo, stage: Stage) -> str:
    directory = repo.hooks_dir()
    target = os.path.join(directory, stage.value)
    legacy = target + ".legacy"
    if not os.path.lexists(target):
        return f"no {stage.value} hook installed at {target}"
    if not _ours(target):
        raise GitError(f"{target} was not installed by liftdiff; leaving it alone")
    os.remove(target)
    if os.path.lexists(legacy):
        os.rename(legacy, target)
        return f"removed liftdiff {stage.value} hook; restored the previous hook"
    return f"removed liftdiff {stage.value} hook from {directory}"
