"""Which functions of a C file changed between two versions, and how.

Only MODIFIED and CONTEXT changes go to the engine. Added, removed, renamed
functions and signature changes are listed, not checked (there is no pair of
equal interfaces to compare); whitespace/comment-only edits are recognised
here from the token text, without the solver.

A function's *fingerprint* is its own text plus the closure of everything it
mentions (macros, types, globals, same-file callees, from the file and its
in-repo headers), normalized. Equal fingerprints mean equal verdicts, which is
what the result cache keys on.
"""

from __future__ import annotations

import enum
import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from checker.location import Location
from checker.types import SourceFile
from hooks.cscan import Item, ItemKind, scan


class ChangeKind(enum.Enum):
    MODIFIED = "modified"
    """The function's own text changed: checked."""
    CONTEXT = "context"
    """Same text, but a macro, type or global it uses changed: checked."""
    COSMETIC = "cosmetic"
    """Only whitespace, comments or layout changed: equivalent without the solver."""
    ADDED = "added"
    REMOVED = "removed"
    RENAMED = "renamed"
    SIGNATURE = "signature"
    """Return or parameter types changed: reported, not checked."""

    @property
    def checked(self) -> bool:
        return self in (ChangeKind.MODIFIED, ChangeKind.CONTEXT)


@dataclass(frozen=True)
class FunctionChange:
    kind: ChangeKind
    function: str
    old: Location | None
    new: Location | None
    detail: str = ""
    """RENAMED: the old name; SIGNATURE: `old signature -> new signature`."""

    @property
    def location(self) -> Location:
        where = self.new or self.old
        assert where is not None  # a change always has at least one side
        return where


@dataclass(frozen=True)
class Unit:
    """One version of a C file cut into items, with the items of its headers."""

    source: SourceFile
    items: tuple[Item, ...]
    header_items: tuple[Item, ...]
    functions: Mapping[str, tuple[Item, ...]] = field(default_factory=dict)
    """Name -> its definitions (several when `#if` branches each define it)."""


def parse_unit(source: SourceFile) -> Unit:
    items = tuple(scan(source.text))
    header_items = tuple(item for path in source.headers for item in scan(source.headers[path]))
    functions: dict[str, tuple[Item, ...]] = {}
    for item in items:
        if item.kind is ItemKind.FUNCTION and item.name:
            functions[item.name] = (*functions.get(item.name, ()), item)
    return Unit(source, items, header_items, functions)


def _text(item: Item) -> str:
    return "\n".join((*item.conditions, item.normalized))


def _own_text(unit: Unit, name: str) -> str:
    return "\n\n".join(_text(item) for item in unit.functions[name])


def _signature(unit: Unit, name: str) -> str:
    return " | ".join(sorted({item.signature for item in unit.functions[name]}))


def _closure(unit: Unit, name: str) -> list[Item]:
    """Items the function may depend on, transitively, in header-then-file order."""
    own = unit.functions[name]
    pool = [item for item in (*unit.header_items, *unit.items) if item not in own]
    by_name: dict[str, list[int]] = {}
    for index, item in enumerate(pool):
        for defined in item.defines:
            by_name.setdefault(defined, []).append(index)
    wanted = [m for item in own for m in item.mentions]
    seen_names: set[str] = set()
    chosen: set[int] = set()
    while wanted:
        mention = wanted.pop()
        if mention in seen_names:
            continue
        seen_names.add(mention)
        for index in by_name.get(mention, ()):
            if index not in chosen:
                chosen.add(index)
                wanted.extend(pool[index].mentions)
    return [pool[index] for index in sorted(chosen)]


def _context_text(items: list[Item], functions_too: bool) -> str:
    return "\n\n".join(
        _text(item) for item in items if functions_too or item.kind is not ItemKind.FUNCTION
    )


def fingerprint(unit: Unit, name: str) -> str:
    """Hex digest of the function and its whole context (callees included)."""
    text = (
        _own_text(unit, name)
        + "\n\n/* context */\n\n"
        + _context_text(_closure(unit, name), functions_too=True)
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _location(unit: Unit, name: str) -> Location:
    return Location(unit.source.path, unit.functions[name][0].start_line)


def _renamed_text(unit: Unit, name: str) -> str:
    """The function's text with its own name blanked out, to spot pure renames."""
    pattern = re.compile(rf"\b{re.escape(name)}\b")
    return "\n\n".join(pattern.sub("\0", _text(item)) for item in unit.functions[name])


def diff_units(old: Unit | None, new: Unit | None) -> tuple[FunctionChange, ...]:
    """Every function that differs between the two versions, in new-file order.

    A missing side (file added or deleted) makes every function ADDED/REMOVED.
    """
    old_names = set(old.functions) if old else set()
    new_names = set(new.functions) if new else set()
    changes: list[FunctionChange] = []
    if old and new:
        for name in [n for n in new.functions if n in old_names]:
            change = _compare(old, new, name)
            if change:
                changes.append(change)
    removed = sorted(old_names - new_names)
    added = [n for n in (new.functions if new else ()) if n not in old_names]
    renamed: dict[str, str] = {}
    if old and new:
        for gone in removed:
            body = _renamed_text(old, gone)
            for fresh in added:
                if fresh not in renamed.values() and _renamed_text(new, fresh) == body:
                    renamed[gone] = fresh
                    break
    for gone in removed:
        if gone in renamed:
            assert old and new
            changes.append(
                FunctionChange(
                    ChangeKind.RENAMED,
                    renamed[gone],
                    _location(old, gone),
                    _location(new, renamed[gone]),
                    detail=gone,
                )
            )
        else:
            assert old
            changes.append(FunctionChange(ChangeKind.REMOVED, gone, _location(old, gone), None))
    for fresh in added:
        if fresh not in renamed.values():
            assert new
            changes.append(FunctionChange(ChangeKind.ADDED, fresh, None, _location(new, fresh)))
    return tuple(changes)


def _compare(old: Unit, new: Unit, name: str) -> FunctionChange | None:
    old_loc, new_loc = _location(old, name), _location(new, name)
    old_sig, new_sig = _signature(old, name), _signature(new, name)
    if old_sig != new_sig:
        return FunctionChange(
            ChangeKind.SIGNATURE, name, old_loc, new_loc, detail=f"{old_sig} -> {new_sig}"
        )
    if _own_text(old, name) != _own_text(new, name):
        return FunctionChange(ChangeKind.MODIFIED, name, old_loc, new_loc)
    old_ctx = _context_text(_closure(old, name), functions_too=False)
    new_ctx = _context_text(_closure(new, name), functions_too=False)
    if old_ctx != new_ctx:
        return FunctionChange(ChangeKind.CONTEXT, name, old_loc, new_loc)
    old_raw = "\n".join(item.text for item in old.functions[name])
    new_raw = "\n".join(item.text for item in new.functions[name])
    if old_raw != new_raw:
        return FunctionChange(ChangeKind.COSMETIC, name, old_loc, new_loc)
    return None
