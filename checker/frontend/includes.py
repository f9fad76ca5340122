"""Where an `#include` finds its header: the analysed revision, the disk, or our stubs.

One search order serves the engine (preprocess, slice) and the git side
(hooks/headers.py, which reads the same paths from a revision): for `"..."`
the including file's directory and the working directory, then the `-I`
directories, then the `include/` folder of every directory above the analysed
file (where projects keep what a build finds with `-I include`: BusyBox's
include/libbb.h). What no project file answers is a system header: our stub
prelude (checker/frontend/prelude/*.h) stands for it, never the machine's.
"""

from __future__ import annotations

import os
from importlib import resources

from checker.types import Settings, SourceFile


def prelude_header(name: str) -> str | None:
    """Our stub for a standard header, or None when we do not model it (or the name
    leaves the prelude folder: `<../../etc/passwd>` names no header of ours)."""
    if name.startswith("/") or ".." in name.split("/"):
        return None
    try:
        prelude = resources.files("checker.frontend.prelude")
        return prelude.joinpath(name).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None


def auto_include_dirs(main: str) -> list[str]:
    """The `include/` folder of every directory above the analysed file (nearest
    first): where projects keep the headers a build finds with `-I include`
    (BusyBox's include/libbb.h), so they are found without being named."""
    found: list[str] = []
    directory = os.path.dirname(main)
    while True:
        found.append(os.path.normpath(os.path.join(directory, "include")))
        parent = os.path.dirname(directory)
        if parent == directory:
            return found
        directory = parent


def include_candidates(
    including: str, name: str, system: bool, main: str, include_dirs: tuple[str, ...]
) -> list[str]:
    """Paths `#include` NAME may mean, in search order: for `"..."` the including
    file's directory and the working directory, then the `-I` directories, then
    the automatic ones of the analysed file `main`, where NAME must stay inside
    (`<../../etc/passwd>` reads nothing the user did not point us to). The one
    convention for the engine and the git side, which reads the same paths from
    a revision."""
    found: list[str] = []
    if not system:
        base = os.path.dirname(including) if not including.startswith("<") else ""
        found.append(os.path.normpath(os.path.join(base, name)))
        found.append(os.path.normpath(name))
    found.extend(os.path.normpath(os.path.join(d, name)) for d in include_dirs)
    for directory in auto_include_dirs(main):  # searched unasked: never climbed out of
        candidate = os.path.normpath(os.path.join(directory, name))
        if candidate.startswith(directory + os.sep):
            found.append(candidate)
    return list(dict.fromkeys(found))


def find_header(
    including: str, name: str, system: bool, source: SourceFile, settings: Settings
) -> tuple[str, str] | None:
    """(path, text) of the header `#include` NAME in `including` reads: a project
    header from the revision's map or the disk, else our stub (path `<NAME>`),
    else None."""
    candidates = include_candidates(including, name, system, source.path, settings.include_dirs)
    for candidate in candidates:
        text = source.headers.get(candidate)
        if text is not None:
            return candidate, text
    for candidate in candidates if settings.disk_headers else ():
        if os.path.isfile(candidate):
            try:
                with open(candidate, encoding="utf-8") as handle:
                    return candidate, handle.read()
            except (OSError, UnicodeDecodeError):
                return None
    stub = prelude_header(name)
    if stub is not None:
        return f"<{name}>", stub
    return None
