"""Conditional struct members that nothing in a slice can observe, kept in every configuration.

A program's global struct (BusyBox's `struct globals`, ash's `globals_misc`)
has dozens of members under `#if ENABLE_X`. Each such conditional inside a
struct body is structural for the lifter (C has no `if` around a member), so a
function that reads one member of the struct would be checked on 2^k variants
of the file, k the number of conditional members. A member that no code of the
slice names, in a struct whose size and layout no code of the slice takes
(`sizeof`, `offsetof`, `_Alignof`, reached through the slice's names), makes no
difference to what the slice computes whether it is there or not; so its
`#if`s are dropped and it is declared in every configuration. Each struct so
changed is named in the slice's notes (an assumption of the verdict: the
function does not read the struct's bytes through a pointer of another type).
The compiled replay still runs the real products, members as the build has them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from checker.frontend.cscan import Token, TokenKind, directive_name, tokenize

_LAYOUT_WORDS = frozenset({"sizeof", "offsetof", "__builtin_offsetof", "_Alignof", "alignof",
                           "__alignof__", "__alignof"})
_OPEN = frozenset({"if", "ifdef", "ifndef"})
_NEXT = frozenset({"elif", "else", "elifdef", "elifndef"})
_OBJECT_MACRO = re.compile(r"\s*#\s*define\s+(\w+)(?![\w(])\s*(.*)", re.DOTALL)
_MEMBER_END = frozenset({";", ",", "[", ":", ")"})


@dataclass(frozen=True)
class Hoisted:
    """A declaration's text with its unobserved conditional members unconditional."""

    text: str
    conditions: tuple[str, ...]
    """The `#if` lines dropped, as written (for the note)."""


def layout_names(texts: Iterable[str], macros: Mapping[str, str],
                 declarations: Iterable[str]) -> set[str]:
    """Names through which code can see a struct's size or layout: those of the
    operands of `sizeof`, `offsetof` and `_Alignof` in `texts`, an object-like
    macro (`macros`: name -> body) read through, a local's declaration read
    for its type; of `sizeof(x.m)` only the declarations of members `m`,
    whose size is all it takes (`declarations`: the texts that declare members)."""
    names: set[str] = set()
    texts = list(texts)
    members = member_declarations(declarations)
    for text in texts:
        if not any(word in text for word in ("sizeof", "offsetof", "lignof")):
            continue
        tokens = [t for t in tokenize(text) if t.kind is not TokenKind.DIRECTIVE]
        for index, token in enumerate(tokens):
            if token.text in _LAYOUT_WORDS:
                names |= _roots(_operand(tokens, index + 1), tokens, macros, members, 0)
    return names


def member_declarations(texts: Iterable[str]) -> list[list[Token]]:
    """Every `;`-ended run of tokens inside braces of `texts` (member declarations
    among them), for `sizeof(x.m)`."""
    out: list[list[Token]] = []
    for text in texts:
        run: list[Token] = []
        depth = 0
        for token in tokenize(text):
            if token.kind is TokenKind.DIRECTIVE:
                continue
            if token.text in ("{", "}"):
                depth += 1 if token.text == "{" else -1
                run = []
                continue
            if depth > 0:
                run.append(token)
                if token.text == ";":
                    out.append(run)
                    run = []
    return out


def _operand(tokens: Sequence[Token], start: int) -> list[Token]:
    """The operand that starts at `start`: parenthesised, or a unary expression
    up to the next operator at depth 0."""
    out: list[Token] = []
    depth = 0
    for token in tokens[start:]:
        if token.text in ("(", "["):
            depth += 1
        elif token.text in (")", "]"):
            depth -= 1
            if depth < 0 or (depth == 0 and out and out[0].text == "("):
                out.append(token)
                break
        elif depth == 0 and token.kind is TokenKind.PUNCT and token.text not in ("*", ".", "->"):
            break
        out.append(token)
    return out


def _roots(operand: list[Token], context: Sequence[Token], macros: Mapping[str, str],
           members: list[list[Token]], depth: int) -> set[str]:
    while len(operand) >= 2 and operand[0].text == "(" and operand[-1].text == ")":
        operand = operand[1:-1]
    idents = [t.text for t in operand if t.kind is TokenKind.IDENT]
    if depth > 8:
        return set(idents)
    if (len(operand) >= 2 and operand[-2].text in (".", "->")
            and operand[-1].kind is TokenKind.IDENT):
        return _member_types(operand[-1].text, members)
    if len(operand) == 1 and operand[0].text in macros:
        body = [t for t in tokenize(macros[operand[0].text]) if t.kind is not TokenKind.DIRECTIVE]
        return _roots(body, body, macros, members, depth + 1)
    names = set(idents)
    for name in idents:  # a local's or parameter's type, from its declaration
        for index, token in enumerate(context):
            if token.text != name or index == 0:
                continue
            before = context[index - 1]
            if before.kind is TokenKind.IDENT or before.text == "*":
                back = index - 1
                while back >= 0 and context[back].text not in (";", "{", "}", "(", ","):
                    back -= 1
                names |= {t.text for t in context[back + 1:index]
                          if t.kind is TokenKind.IDENT}
    return names


def _member_types(member: str, declarations: list[list[Token]]) -> set[str]:
    names: set[str] = set()
    for run in declarations:
        if any(t.text == member for t in run):
            names |= {t.text for t in run if t.kind is TokenKind.IDENT and t.text != member}
    return names


def object_macros(directives: Iterable[str]) -> dict[str, str]:
    """Object-like `#define`s among `directives` (their text): name -> body."""
    out: dict[str, str] = {}
    for text in directives:
        match = _OBJECT_MACRO.match(text)
        if match:
            out[match.group(1)] = match.group(2).replace("\\\n", " ")
    return out


def hoist_members(text: str, observed: Callable[[str], bool]) -> Hoisted | None:
    """`text` (one top-level declaration) with the `#if` groups inside its braces
    dropped where every branch declares only members for which `observed` is
    false (and declares each once); None when there is no such group."""
    tokens = tokenize(text)
    groups = _member_groups(tokens)
    dropped: list[Token] = []
    for group in groups:
        inner = [t for t in tokens if group[0].start < t.start < group[-1].start
                 and t.kind is not TokenKind.DIRECTIVE]
        members = _member_names(inner)
        if members is None or any(observed(name) for name in members):
            continue
        dropped.extend(group)
    if not dropped:
        return None
    pieces: list[str] = []
    at = 0
    for token in sorted(dropped, key=lambda t: t.start):
        pieces.append(text[at:token.start])
        pieces.append("\n" * text.count("\n", token.start, token.end))  # lines kept
        at = token.end
    pieces.append(text[at:])
    opening = tuple(t.text for t in dropped if directive_name(t) in _OPEN)
    return Hoisted("".join(pieces), opening)


def _member_groups(tokens: Sequence[Token]) -> list[list[Token]]:
    """The directives of each innermost conditional group that opens and closes at
    the same brace depth inside braces, with no other directive within."""
    groups: list[list[Token]] = []
    depth = 0
    current: list[Token] | None = None
    current_depth = 0
    for token in tokens:
        if token.kind is TokenKind.DIRECTIVE:
            name = directive_name(token)
            if name in _OPEN:
                current = [token] if depth > 0 else None
                current_depth = depth
            elif current is not None and depth == current_depth and name in _NEXT:
                current.append(token)
            elif current is not None and depth == current_depth and name == "endif":
                current.append(token)
                groups.append(current)
                current = None
            else:
                current = None
            continue
        if token.text == "{":
            depth += 1
        elif token.text == "}":
            depth -= 1
            if current is not None and depth < current_depth:
                current = None
    return groups


def _member_names(tokens: Sequence[Token]) -> list[str] | None:
    """Names a run of member declarations declares (every identifier that ends a
    declarator, parameter names of function-pointer members included: more names
    only hoist less); None when the run is not whole declarations or repeats a
    name (one member written per branch)."""
    if not tokens:
        return []
    if tokens[-1].text != ";":
        return None
    depth = 0
    for token in tokens:
        depth += (token.text in "({[") - (token.text in ")}]")
        if depth < 0:
            return None
    if depth:
        return None
    names = [t.text for index, t in enumerate(tokens)
             if t.kind is TokenKind.IDENT and index + 1 < len(tokens)
             and tokens[index + 1].text in _MEMBER_END]
    if len(set(names)) != len(names):
        return None
    return names


@functools.lru_cache(maxsize=4096)
def pointed_only(text: str) -> frozenset[str]:
    """Tags that `text` names only inside braces as `struct T *` or `union T *` (a
    member's type): the size of a pointer does not depend on its target's layout,
    so a struct's layout does not lead to those of the structs its members point
    to (BusyBox's `struct globals`, whose size is taken, points to half the file's
    structs). A pointer outside braces (`extern struct globals *ptr;`) still leads
    to its target: `sizeof(*ptr)` reaches the struct through it."""
    tokens = [t for t in tokenize(text) if t.kind is not TokenKind.DIRECTIVE]
    pointed: set[str] = set()
    other: set[str] = set()
    depth = 0
    for index, token in enumerate(tokens):
        if token.text in ("{", "}"):
            depth += 1 if token.text == "{" else -1
        if token.kind is not TokenKind.IDENT:
            continue
        if (depth > 0 and tokens[index - 1].text in ("struct", "union")
                and index + 1 < len(tokens) and tokens[index + 1].text == "*"):
            pointed.add(token.text)
        else:
            other.add(token.text)
    return frozenset(pointed - other)


def reached(roots: Iterable[str], index: Mapping[str, Iterable[int]],
            follows: Callable[[int], Iterable[str]], kept: set[int]) -> set[int]:
    """Positions of the kept entries that the names `roots` lead to, through the
    names each entry needs."""
    seen: set[str] = set()
    found: set[int] = set()
    wanted = list(roots)
    while wanted:
        name = wanted.pop()
        if name in seen:
            continue
        seen.add(name)
        for position in index.get(name, ()):
            if position in kept and position not in found:
                found.add(position)
                wanted.extend(follows(position))
    return found
