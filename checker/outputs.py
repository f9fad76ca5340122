"""Report files beside stdout (`--output FORMAT=PATH`): named, checked, written whole.

One run renders the same results in several formats (the terminal table for
the log, JSON and SARIF for artifacts), instead of one run per format. Every
destination is checked before any analysis starts, so a typo costs nothing,
and each file is written to a temporary name in its directory and renamed over
the target: a reader (an upload step, a second job) never sees half a report.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass

from checker.errors import InputError
from checker.types import ReportFormat


@dataclass(frozen=True)
class OutputTarget:
    format: ReportFormat
    path: str


FORMAT_NAMES = ", ".join(f.value for f in ReportFormat)


def parse_target(spec: str) -> OutputTarget:
    """`json=out/report.json` -> OutputTarget; a ValueError saying what is wrong."""
    name, sep, path = spec.partition("=")
    if not sep or not path:
        raise ValueError(f"expected FORMAT=PATH (FORMAT one of {FORMAT_NAMES}), got '{spec}'")
    try:
        fmt = ReportFormat(name.strip().lower())
    except ValueError:
        raise ValueError(f"unknown format '{name}' (one of {FORMAT_NAMES})") from None
    return OutputTarget(fmt, path)


def check_writable(targets: Sequence[OutputTarget]) -> None:
    """Raise InputError unless every target can be written (probed with a real file)."""
    seen: dict[str, OutputTarget] = {}
    for target in targets:
        real = os.path.realpath(target.path)
        if real in seen:
            raise InputError(
                f"--output {target.format.value}={target.path}: the same file as "
                f"--output {seen[real].format.value}={seen[real].path}"
            )
        seen[real] = target
        if os.path.isdir(target.path):
            raise InputError(f"--output {target.format.value}={target.path}: is a directory")
        directory = os.path.dirname(os.path.abspath(target.path))
        if not os.path.isdir(directory):
            raise InputError(
                f"--output {target.format.value}={target.path}: no such directory {directory}"
            )
        try:
            handle, probe = tempfile.mkstemp(prefix=".liftdiff-", dir=directory)
            os.close(handle)
            os.unlink(probe)
        except OSError as exc:
            raise InputError(
                f"--output {target.format.value}={target.path}: cannot write in {directory} "
                f"({exc.strerror})"
            ) from None


def write_atomically(path: str, text: str) -> None:
    """Write `text` to `path` via a temporary file in the same directory and a rename."""
    directory = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(prefix=".liftdiff-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        mode = os.stat(path).st_mode & 0o777 if os.path.exists(path) else 0o644
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException as exc:  # no temporary file left behind, whatever happened
        if os.path.exists(temporary):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise InputError(f"cannot write {path}: {exc.strerror}") from None
        raise
