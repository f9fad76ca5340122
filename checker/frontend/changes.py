"""Which functions of a C file changed between two versions, and how.

This is the one selection rule: `liftdiff check` (checker/driver.py) and the
git commands (hooks/plan.py) both take their function pairs from `diff_units`.
MODIFIED, CONTEXT and RENAMED_MODIFIED changes go to the engine. Added and
removed functions and signature changes are listed, not checked (there is no
pair of equal interfaces to compare); whitespace/comment-only edits and pure
renames are decided here from the token text, without the solver.

A function's *fingerprint* is its own text plus the closure of everything it
mentions (macros, types, globals, same-file callees, from the file and its
in-repo headers), normalized. Equal fingerprints mean equal verdicts, which is
what the result cache keys on.
"""

from __future__ import annotations

import enum
import functools
import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from checker.frontend.cscan import (
    FUNCTION_NAME_IDS,
    Item,
    ItemKind,
    never_compiled,
    rename_identifier,
    scan_items,
)
from checker.location import Location
from checker.types import FunctionResult, SourceFile, Unchecked, Verdict


class ChangeKind(enum.Enum):
    MODIFIED = "modified"
    """The function's own text changed: checked."""
    CONTEXT = "context"
    """Same text, but a macro, type, global or callee it uses changed: checked."""
    COSMETIC = "cosmetic"
    """Only whitespace, comments or layout changed: equivalent without the solver."""
    ADDED = "added"
    REMOVED = "removed"
    RENAMED = "renamed"
    """Only the name changed (text and context equal modulo the name): equivalent
    without the solver."""
    RENAMED_MODIFIED = "renamed-modified"
    """Renamed, and the text or context changed too: checked, old body under the new name."""
    SIGNATURE = "signature"
    """Return or parameter types changed: reported, not checked."""

    @property
    def checked(self) -> bool:
        return self in (ChangeKind.MODIFIED, ChangeKind.CONTEXT, ChangeKind.RENAMED_MODIFIED)

    @property
    def by_text(self) -> bool:
        """Decided EQUIVALENT from the token text alone (no engine call)."""
        return self in (ChangeKind.COSMETIC, ChangeKind.RENAMED)

    @property
    def renamed(self) -> bool:
        return self in (ChangeKind.RENAMED, ChangeKind.RENAMED_MODIFIED)

    @property
    def listed_only(self) -> bool:
        """Listed in every report without a verdict (added, removed, signature)."""
        return not (self.checked or self.by_text)


@dataclass(frozen=True)
class FunctionChange:
    kind: ChangeKind
    function: str
    old: Location | None
    new: Location | None
    detail: str = ""
    """RENAMED*: the old name; SIGNATURE: `old signature -> new signature`."""

    @property
    def old_function(self) -> str:
        """The function's name in the old version."""
        return self.detail if self.kind.renamed else self.function

    @property
    def location(self) -> Location:
        where = self.new or self.old
        assert where is not None  # a change always has at least one side
        return where

    def unchecked(self) -> Unchecked:
        """This change as a report lists it when it gets no verdict."""
        return Unchecked(self.function, self.kind.value, self.location, self.detail)


@dataclass(frozen=True)
class Unit:
    """One version of a C file cut into items, with the items of its headers.

    The indexes below are built once per version, on first use: a file of many
    functions would otherwise scan all its items once per function."""

    source: SourceFile
    items: tuple[Item, ...]
    header_items: tuple[Item, ...]
    functions: Mapping[str, tuple[Item, ...]] = field(default_factory=dict)
    """Name -> its definitions (several when `#if` branches each define it)."""

    @functools.cached_property
    def pool(self) -> tuple[Item, ...]:
        """Header items, then the file's own: the order of a function's context."""
        return (*self.header_items, *self.items)

    @functools.cached_property
    def defined_by(self) -> Mapping[str, tuple[int, ...]]:
        """Name -> indices in `pool` of the items that define it."""
        index: dict[str, list[int]] = {}
        for position, item in enumerate(self.pool):
            for defined in item.defines:
                index.setdefault(defined, []).append(position)
        return {name: tuple(positions) for name, positions in index.items()}

    @functools.cached_property
    def names(self) -> frozenset[str]:
        """Every name some item mentions or defines."""
        return frozenset(name for item in self.pool for name in item.mentions | item.defines)


def parse_unit(source: SourceFile,
               items_of: Callable[[str], tuple[Item, ...]] = scan_items) -> Unit:
    """The file's items and its headers'; `items_of` is `scan_items`, or a memo of
    it when many files are parsed that share headers (a header edit's dependents)."""
    items = items_of(source.text)
    header_items = tuple(
        item for path in source.headers for item in items_of(source.headers[path])
    )
    functions: dict[str, list[Item]] = {}
    for item in items:
        if item.kind is ItemKind.FUNCTION and item.name and not never_compiled(item.conditions):
            functions.setdefault(item.name, []).append(item)
    return Unit(source, items, header_items, {name: tuple(own) for name, own in functions.items()})


def _text(item: Item) -> str:
    return "\n".join((*item.conditions, item.normalized))


def _own_text(unit: Unit, name: str) -> str:
    return "\n\n".join(_text(item) for item in unit.functions[name])


def _signature(unit: Unit, name: str) -> str:
    return " | ".join(sorted({item.signature for item in unit.functions[name]}))


def _closure(unit: Unit, name: str) -> list[Item]:
    """Items the function may depend on, transitively, in header-then-file order."""
    own = unit.functions[name]
    own_ids = {id(item) for item in own}
    pool = unit.pool
    wanted = [m for item in own for m in item.mentions]
    seen_names: set[str] = set()
    chosen: set[int] = set()
    while wanted:
        mention = wanted.pop()
        if mention in seen_names:
            continue
        seen_names.add(mention)
        for index in unit.defined_by.get(mention, ()):
            if index not in chosen and id(pool[index]) not in own_ids:
                chosen.add(index)
                wanted.extend(pool[index].mentions)
    return [pool[index] for index in sorted(chosen)]


def _blank(text: str, name: str) -> str:
    """`text` with the identifier `name` blanked, so a rename compares equal."""
    return re.sub(rf"\b{re.escape(name)}\b", "\0", text)


def _context_text(unit: Unit, name: str) -> str:
    """Everything the function depends on (macros, types, globals, callees, from the
    file and its headers), normalized, with the function's own name blanked."""
    # only items naming it can hold it as an identifier: the regex runs over
    # those, not over the whole context (hush.c: 2 s a version)
    return "\n\n".join(
        _blank(_text(item), name) if name in item.mentions or name in item.defines
        else _text(item) for item in _closure(unit, name))


def name_reading_macros(unit: Unit, name: str) -> list[str]:
    """Macros of the function's context whose expansion reads the name of the
    function it is in (`#define LOG(m) printf("%s: %s", __func__, m)`)."""
    return sorted(item.name for item in _closure(unit, name)
                  if item.kind is ItemKind.DIRECTIVE and item.name is not None
                  and FUNCTION_NAME_IDS & item.mentions)


def checked_text(unit: Unit, name: str) -> str:
    """The function and its whole context (callees included): what a check of it
    reads, as text."""
    return _own_text(unit, name) + "\n\n/* context */\n\n" + _context_text(unit, name)


def text_digest(text: str) -> str:
    """The hex digest of a `checked_text`: the function's fingerprint."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _location(unit: Unit, name: str) -> Location:
    return Location(unit.source.path, unit.functions[name][0].start_line)


def _renamed_text(unit: Unit, name: str) -> str:
    """The function's text with its own name blanked out, to spot renames."""
    return _blank(_own_text(unit, name), name)


RENAME_SIMILARITY = 0.75
"""Least similarity (difflib ratio of the body tokens, own name blanked) for a
removed and an added function of the same signature to be one function renamed.
Short bodies that differ in one operator still pair (`x + 1` vs `x - 1`: 0.86);
`x + 1` vs `x * 2` (0.71) does not."""


def _body_tokens(unit: Unit, name: str) -> list[str]:
    tokens: list[str] = []
    for item in unit.functions[name]:
        text = _blank(item.normalized, name)
        tokens += [*item.conditions, *text[text.find("{") :].split()]
    return tokens


def _pair_renames(old: Unit, new: Unit, removed: list[str], added: list[str]) -> dict[str, str]:
    """Old name -> new name for each removed function that is an added one renamed.

    The pairing rule: the same signature apart from the name, and a body equal
    modulo the name or at least RENAME_SIMILARITY alike; best-scoring pairs
    first, each function in at most one pair. A new name that the old version
    already uses is never paired (the old body could not take that name).
    """
    by_signature: dict[str, list[int]] = {}
    for j, fresh in enumerate(added):
        if fresh not in old.names:
            by_signature.setdefault(_blank(_signature(new, fresh), fresh), []).append(j)
    scored: list[tuple[float, int, int]] = []
    for i, gone in enumerate(removed):
        for j in by_signature.get(_blank(_signature(old, gone), gone), ()):
            fresh = added[j]
            if _renamed_text(old, gone) == _renamed_text(new, fresh):
                score = 1.0
            else:
                matcher = SequenceMatcher(
                    None, _body_tokens(old, gone), _body_tokens(new, fresh), autojunk=False
                )
                score = matcher.ratio()
            if score >= RENAME_SIMILARITY:
                scored.append((-score, i, j))
    pairs: dict[str, str] = {}
    for _, i, j in sorted(scored):
        if removed[i] not in pairs and added[j] not in pairs.values():
            pairs[removed[i]] = added[j]
    return pairs


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
    renamed = _pair_renames(old, new, removed, added) if old and new else {}
    for gone in removed:
        if gone in renamed:
            assert old and new
            changes.append(_renamed(old, new, gone, renamed[gone]))
        else:
            assert old
            changes.append(FunctionChange(ChangeKind.REMOVED, gone, _location(old, gone), None))
    for fresh in added:
        if fresh not in renamed.values():
            assert new
            changes.append(FunctionChange(ChangeKind.ADDED, fresh, None, _location(new, fresh)))
    return tuple(changes)


def _renamed(old: Unit, new: Unit, gone: str, fresh: str) -> FunctionChange:
    """Renamed alone, or renamed and changed (a function that reads its own name,
    `__func__`, changed with it)."""
    reads_name = any(FUNCTION_NAME_IDS & item.mentions for item in old.functions[gone]) or \
        bool(name_reading_macros(old, gone))
    same = not reads_name and _renamed_text(old, gone) == _renamed_text(new, fresh) and \
        _context_text(old, gone) == _context_text(new, fresh)
    return FunctionChange(
        ChangeKind.RENAMED if same else ChangeKind.RENAMED_MODIFIED,
        fresh,
        _location(old, gone),
        _location(new, fresh),
        detail=gone,
    )


def _compare(old: Unit, new: Unit, name: str) -> FunctionChange | None:
    old_loc, new_loc = _location(old, name), _location(new, name)
    old_sig, new_sig = _signature(old, name), _signature(new, name)
    if old_sig != new_sig:
        return FunctionChange(
            ChangeKind.SIGNATURE, name, old_loc, new_loc, detail=f"{old_sig} -> {new_sig}"
        )
    if _own_text(old, name) != _own_text(new, name):
        return FunctionChange(ChangeKind.MODIFIED, name, old_loc, new_loc)
    if _context_text(old, name) != _context_text(new, name):
        return FunctionChange(ChangeKind.CONTEXT, name, old_loc, new_loc)
    old_raw = "\n".join(item.text for item in old.functions[name])
    new_raw = "\n".join(item.text for item in new.functions[name])
    if old_raw != new_raw:
        kind = ChangeKind.MODIFIED if READS_PLACE.search(new_raw) else ChangeKind.COSMETIC
        return FunctionChange(kind, name, old_loc, new_loc)
    return None


READS_PLACE = re.compile(r"\b(?:__LINE__|__FILE__|__FILE_NAME__|__COUNTER__|assert)\b")
"""What makes code depend on where its lines are, and in which file (`assert`
prints `__FILE__` and `__LINE__`): a layout change is no cosmetic one there."""


COSMETIC_REASON = "only whitespace, comments or layout changed (no solver needed)"


def text_result(change: FunctionChange) -> FunctionResult:
    """The EQUIVALENT verdict of a change decided from the token text (`by_text`)."""
    assert change.kind.by_text
    if change.kind is ChangeKind.COSMETIC:
        reason = COSMETIC_REASON
    else:
        reason = (
            f"renamed from {change.detail}; the text is the same apart from the name "
            "(no solver needed)"
        )
    return FunctionResult(
        change.function,
        change.old,
        change.new,
        Verdict.EQUIVALENT,
        reason,
        renamed_from=change.detail if change.kind.renamed else None,
    )


def unmodelled_rename(change: FunctionChange, old: Unit) -> FunctionResult | None:
    """UNSUPPORTED for a renamed function whose macros read its name: the old
    version is checked under the new name, and only `__func__` written in its
    own body is respelled as the old name (`rename_identifier`)."""
    if not change.kind.renamed or change.detail is None:
        return None
    macros = name_reading_macros(old, change.detail)
    if not macros:
        return None
    return FunctionResult(
        change.function, change.old, change.new, Verdict.UNSUPPORTED,
        f"renamed from {change.detail}, and the macro '{macros[0]}' it uses reads the name "
        "of the function it is in (`__func__`): the old name there is not modelled",
        renamed_from=change.detail)


def pair_sources(
    change: FunctionChange, old: SourceFile, new: SourceFile
) -> tuple[SourceFile, SourceFile]:
    """The two texts the engine compares for a checked change: for a rename, the old
    version with the old name respelled as the new one (line numbers kept)."""
    if not change.kind.renamed:
        return old, new
    text = rename_identifier(old.text, change.detail, change.function)
    return SourceFile(old.path, text, old.headers), new
