"""What the code a slice leaves out may do to the objects the slice declares.

Whether a `static` object holds its initialiser, and whether code without its
name can reach it, depend on the whole file (`read_only`), but a function is
parsed on its slice. The rest of the file is read here as tokens, before
macros are expanded, so every doubt counts as a write and an escape: a use
inside the arguments of a macro (or of anything not declared in the unit as a
function), through a macro whose body names the object, through `##` that
may paste its name, or in the strings of an `asm` is taken as both. What
stays a plain read is reported with its number of subscripts, so that the
parsed slice, which knows the object's type, can tell an array that decays.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Protocol

from checker.frontend.cscan import Item, ItemKind, Token, TokenKind, closing_bracket, tokenize
from checker.semantics.keywords import KEYWORDS
from checker.types import LeftOutUses

_STEPS = frozenset({"++", "--"})
_COMPARISONS = frozenset({"==", "!=", "<=", ">="})
_ASM = frozenset({"asm", "__asm__", "__asm"})
_ASM_TEXT = re.compile(r"\b(?:__)?asm(?:__)?\b")
_NOT_AN_OBJECT = frozenset({".", "->", "struct", "union", "enum", "goto"})
_DEFINE = re.compile(r"#\s*define\s+(\w+)(\([^)]*\))?")


class Entry(Protocol):
    """A top-level piece of the translation unit (`slice.Entry`)."""

    @property
    def item(self) -> Item: ...
    @property
    def declares(self) -> frozenset[str]: ...
    @property
    def follows(self) -> frozenset[str]: ...
    @property
    def system(self) -> str | None: ...


def left_out_uses(entries: Sequence[Entry], index: Mapping[str, tuple[int, ...]],
                  chosen: Iterable[int]) -> LeftOutUses:
    """How the `entries` outside `chosen` use the objects that the chosen
    declarations declare (`index`: name -> the entries that declare it)."""
    kept = set(chosen)
    watched = frozenset().union(*(entries[i].declares for i in kept
                                  if entries[i].item.kind is ItemKind.DECLARATION))
    if not watched:
        return LeftOutUses()
    touched: set[str] = set(_pasted(entries, watched))
    aliases = _aliases(entries, watched)
    uses = _Uses(entries, index, watched)
    for position, entry in enumerate(entries):
        if position in kept or entry.system is not None:
            continue
        item = entry.item
        if item.kind is ItemKind.DIRECTIVE:
            continue
        names = item.mentions | entry.follows
        for alias, meant in aliases.items():
            if alias in names:
                touched |= meant
        asm = bool(_ASM_TEXT.search(item.text))
        if names & watched or asm:
            uses.scan(_tokens(item.text), asm)
    written = touched | uses.written
    return LeftOutUses(frozenset(written), frozenset(touched | uses.escaped),
                       frozenset(uses.reads))


@lru_cache(maxsize=8192)
def _tokens(text: str) -> tuple[Token, ...]:
    return tuple(t for t in tokenize(text) if t.kind is not TokenKind.DIRECTIVE)


class _Uses:
    """The uses of the watched names in token sequences, classified."""

    def __init__(self, entries: Sequence[Entry], index: Mapping[str, tuple[int, ...]],
                 watched: frozenset[str]) -> None:
        self.entries = entries
        self.index = index
        self.watched = watched
        self.written: set[str] = set()
        self.escaped: set[str] = set()
        self.reads: set[tuple[str, int]] = set()

    def opaque_callee(self, name: str) -> bool:
        """Could `name(...)` do more with a bare object argument than read its value
        (a macro, or a name the unit declares nowhere)?"""
        positions = self.index.get(name)
        if not positions:
            return True
        return any(self.entries[p].item.kind is ItemKind.DIRECTIVE for p in positions)

    def scan(self, tokens: Sequence[Token], asm: bool) -> None:
        opaque: list[bool] = []  # per open parenthesis: the arguments of an opaque call
        for index, token in enumerate(tokens):
            text = token.text
            previous = tokens[index - 1].text if index else ""
            if text == "(":
                opaque.append(index > 0 and self._opaque_open(tokens, index))
            elif text == ")" and opaque:
                opaque.pop()
            elif asm and token.kind is TokenKind.STRING:
                for name in self.watched:
                    if re.search(rf"\b{re.escape(name)}\b", text):
                        self.touch(name)
            elif token.kind is TokenKind.IDENT and text in self.watched and (
                    previous not in _NOT_AN_OBJECT):
                opened = 0  # parentheses right before the name: `++(t[0])`, `(t)[0] = 1`
                while index - opened > 0 and tokens[index - opened - 1].text == "(":
                    opened += 1
                prefix = tokens[index - opened - 1].text if index - opened > 0 else ""
                if any(opaque) or prefix == "&":
                    self.touch(text)
                    continue
                if prefix in _STEPS:
                    self.written.add(text)
                if prefix == "sizeof":
                    continue
                self._postfix(tokens, index, opened)

    def _opaque_open(self, tokens: Sequence[Token], index: int) -> bool:
        before = tokens[index - 1]
        if before.kind is not TokenKind.IDENT:
            return False
        if before.text in _ASM or (before.text in ("volatile", "goto", "inline")
                                   and index > 1 and tokens[index - 2].text in _ASM):
            return True
        return before.text not in KEYWORDS and self.opaque_callee(before.text)

    def _postfix(self, tokens: Sequence[Token], index: int, opened: int) -> None:
        """Classify the use of the name at `index` by its subscripts and members and
        what follows them (past the parentheses that close the `opened` ones)."""
        name = tokens[index].text
        position, subscripts, member = index + 1, 0, False
        while position < len(tokens):
            text = tokens[position].text
            if text == ")" and opened:
                opened -= 1
                position += 1
            elif text == "[":
                position = closing_bracket(tokens, position) + 1
                subscripts += 1
            elif text == "." and position + 1 < len(tokens):
                position += 2
                member = True
            elif text == "->":  # through an array's first element, or a pointer member
                self.touch(name)
                return
            else:
                break
        following = tokens[position].text if position < len(tokens) else ";"
        if following in _STEPS or (following.endswith("=") and following not in _COMPARISONS):
            self.written.add(name)
        elif member:
            self.escaped.add(name)  # a member that may be an array, decaying
        else:
            self.reads.add((name, subscripts))

    def touch(self, name: str) -> None:
        self.written.add(name)
        self.escaped.add(name)


def _aliases(entries: Sequence[Entry], watched: frozenset[str]) -> dict[str, frozenset[str]]:
    """Macros whose body names watched objects (through other such macros too):
    a use of one may write them in any way."""
    bodies: dict[str, set[str]] = {}
    for entry in entries:
        item = entry.item
        if item.kind is ItemKind.DIRECTIVE and item.name and _DEFINE.match(item.text.lstrip()):
            bodies.setdefault(item.name, set()).update(item.mentions | entry.follows)
    found: dict[str, frozenset[str]] = {}
    changed = True
    while changed:
        changed = False
        for macro, mentioned in bodies.items():
            meant = frozenset(mentioned & watched).union(
                *(found.get(other, frozenset()) for other in mentioned if other != macro))
            if meant and meant != found.get(macro):
                found[macro] = meant
                changed = True
    return found


def _pasted(entries: Sequence[Entry], watched: frozenset[str]) -> set[str]:
    """The watched names a `##` of some macro may paste together: each literal
    piece of the pasted name occurs in the name (pieces that are all parameters
    may paste anything)."""
    found: set[str] = set()
    for entry in entries:
        item = entry.item
        if item.kind is not ItemKind.DIRECTIVE or "##" not in item.text:
            continue
        text = item.text.replace("\\\n", " ").lstrip()
        match = _DEFINE.match(text)
        if match is None:
            continue
        parameters = set(re.findall(r"\w+", match.group(2) or ""))
        body = text[match.end():]
        for chain in re.findall(r"\w+(?:\s*##\s*\w+)+", body):
            pieces = [p for p in re.split(r"\s*##\s*", chain) if p not in parameters]
            found |= {name for name in watched if all(p in name for p in pieces)}
    return found
