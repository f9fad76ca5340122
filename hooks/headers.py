"""In-repo headers a C file includes, read from the same revision as the file.

The engine looks headers up in `SourceFile.headers` before the disk, with the
same candidate paths as here (checker/frontend/includes.py), so a historical revision
is checked against its own headers, never the working tree's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from checker.frontend.includes import include_candidates
from checker.variability.lexer import include_targets

ReadFn = Callable[[str], str | None]
"""Text of a repo-relative path at one revision, or None when absent/unreadable."""

_MAX_HEADERS = 256


def candidates(
    including: str, name: str, system: bool, include_dirs: tuple[str, ...], main: str = ""
) -> list[str]:
    """The engine's search order (`include_candidates`) for a file of the analysed
    revision (`main`: the C file the include chain starts from; default `including`)."""
    return include_candidates(including, name, system, main or including, include_dirs)


def collect_headers(
    path: str, text: str, read: ReadFn, include_dirs: tuple[str, ...] = ()
) -> Mapping[str, str]:
    """Every in-repo header reachable from `path` through `#include`, path -> text.

    Headers that do not exist in the repository (system headers) are skipped;
    the engine substitutes its prelude for those.
    """
    headers: dict[str, str] = {}
    queue: list[tuple[str, str]] = [(path, text)]
    while queue and len(headers) < _MAX_HEADERS:
        including, source = queue.pop(0)
        for name, system in include_targets(source):
            for candidate in candidates(including, name, system, include_dirs, path):
                if candidate.startswith("../"):
                    continue
                if candidate in headers:
                    break
                content = read(candidate)
                if content is not None:
                    headers[candidate] = content
                    queue.append((candidate, content))
                    break
    return headers


def dependents(
    changed: set[str], paths: list[str], read: ReadFn, include_dirs: tuple[str, ...] = ()
) -> list[str]:
    """Files among `paths` that include a changed header, directly or through others.

    A header edit (a macro, a typedef) changes the functions of the files that
    include it, although git lists only the header as changed.
    """
    includes_of: dict[str, list[str]] = {}
    for path in paths:
        text = read(path)
        if text is None:
            continue
        includes_of[path] = [
            candidate
            for name, system in include_targets(text)
            for candidate in candidates(path, name, system, include_dirs)
        ]
    affected = set(changed)
    found: list[str] = []
    grew = True
    while grew:
        grew = False
        for path, targets in includes_of.items():
            if path not in affected and affected.intersection(targets):
                affected.add(path)
                found.append(path)
                grew = True
    return sorted(found)
