"""From a git diff to the function pairs the engine must check.

Reading, scanning and fingerprinting happen here, once per changed file; a
file that cannot be read (binary, not UTF-8) becomes a note and never stops
the other files.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from checker.frontend.changes import (
    FunctionChange,
    Unit,
    checked_text,
    diff_units,
    parse_unit,
    text_digest,
)
from checker.frontend.cscan import Item, scan_items
from checker.types import Settings, SourceFile
from hooks.cache import pair_key
from hooks.gitrepo import FileDelta, Snapshot
from hooks.headers import collect_headers, dependents


@dataclass(frozen=True)
class FileNote:
    """A changed file that was not analysed, and why."""

    path: str
    message: str


@dataclass(frozen=True)
class Task:
    """One function pair for the engine, with its cache key."""

    change: FunctionChange
    old: SourceFile
    new: SourceFile
    key: str
    size: int = 0
    """Characters of both versions' function and context (`checked_text`): how
    much a check of the pair has to read, what a budget schedules by."""


@dataclass(frozen=True)
class Plan:
    changes: tuple[FunctionChange, ...]
    """Every changed function, checked or not, in diff order."""
    tasks: tuple[Task, ...]
    """The checked ones (`ChangeKind.checked`)."""
    notes: tuple[FileNote, ...]
    failed: bool = False
    """The commit could not be planned (unreadable, or the budget ran out first):
    its notes say why, and it is never recorded as done."""


class _Unreadable(Exception):
    """A file version that is there but is not C text to check (binary, not UTF-8):
    the file gets a note instead of checks."""


ItemsOf = Callable[[str], tuple[Item, ...]]
"""`scan_items`, memoised for one plan: a header is scanned once, not once per
file that includes it, and a dependent's unchanged text once, not per version."""


def _unit(snapshot: Snapshot, path: str | None, settings: Settings,
          items_of: ItemsOf) -> Unit | None:
    """The parsed file, None when absent; raises _Unreadable saying why it cannot be read."""
    if path is None:
        return None
    blob = snapshot.read(path)
    if blob.text is None:
        if blob.problem is None or blob.problem == "absent":
            return None
        raise _Unreadable(blob.problem)
    headers = collect_headers(path, blob.text, snapshot.text, settings.include_dirs)
    return parse_unit(SourceFile(path, blob.text, headers), items_of)


def _header_dependents(
    deltas: list[FileDelta], new: Snapshot, settings: Settings, wants: Callable[[str], bool]
) -> list[FileDelta]:
    """Unchanged files that include a changed header, as deltas to compare."""
    touched = {p for d in deltas for p in (d.old_path, d.new_path) if p}
    headers = {p for p in touched if p.endswith(".h")}
    if not headers:
        return []
    candidates = [p for p in new.paths() if wants(p) and p not in touched]
    return [
        FileDelta(path, path)
        for path in dependents(headers, candidates, new.text, settings.include_dirs)
        if path not in touched
    ]


def plan_changes(
    deltas: list[FileDelta],
    old: Snapshot,
    new: Snapshot,
    settings: Settings,
    wants: Callable[[str], bool],
    functions: frozenset[str] | None = None,
) -> Plan:
    """The changes of `deltas` (only those of `functions`, when given) and the
    checks they need."""
    changes: list[FunctionChange] = []
    tasks: list[Task] = []
    notes: list[FileNote] = []
    items_of: ItemsOf = functools.lru_cache(maxsize=None)(scan_items)
    for delta in [*deltas, *_header_dependents(deltas, new, settings, wants)]:
        shown = delta.new_path or delta.old_path
        assert shown is not None
        if not wants(shown):
            continue
        try:
            old_unit = _unit(old, delta.old_path, settings, items_of)
            new_unit = _unit(new, delta.new_path, settings, items_of)
        except _Unreadable as exc:
            notes.append(FileNote(shown, str(exc)))
            continue
        for change in diff_units(old_unit, new_unit):
            if functions is not None and not {change.function, change.old_function} & functions:
                continue
            changes.append(change)
            if change.kind.checked:
                assert old_unit is not None and new_unit is not None
                old_text = checked_text(old_unit, change.old_function)
                new_text = checked_text(new_unit, change.function)
                key = pair_key(text_digest(old_text), text_digest(new_text), settings)
                tasks.append(Task(change, old_unit.source, new_unit.source, key,
                                  len(old_text) + len(new_text)))
    return Plan(tuple(changes), tuple(tasks), tuple(notes))
