"""The smallest C text one function needs: the function, its callees, and what they use.

A real C file is a few functions behind thousands of lines of headers
(BusyBox's coreutils/dd.c includes include/libbb.h and include/platform.h:
3300 lines, hundreds of `#if`s). Lifting all of that for every changed
function spends the budget on declarations the function never reads, and
multiplies its variants by conditionals it never sees. So each function is
checked on its *slice*: the top-level items of the file and of its project
headers, cut by the scanner (cscan), that it reaches through names —
callees of the file (transitively), the macros, types, globals and
prototypes those mention, the macros their conditions test, and the `#error`s
that constrain those macros — each under exactly the conditionals that guard
it in the original, in the original order, with `#line` markers so every
location stays the user's. Variants are then per slice, never per file.

System headers stay `#include <...>` lines: the front end reads our stub
prelude for them, gcc (the compiled replay) the real ones; a generated
header that is absent (BusyBox's autoconf.h) is left out, so its macros are
free features and its other names opaque. A system header is kept where the
kept code's conditions, or only the platform's (`#if defined(__APPLE__)` ...
`#else #include <endian.h>`), include it: what it defines decides kept
conditionals (`#if __BYTE_ORDER == __LITTLE_ENDIAN` ... `#error`). Header
guards are dropped (their macro is no feature) and each header is read once.
"""

from __future__ import annotations

import dataclasses
import functools
import io
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from pcpp import Preprocessor

from checker.frontend.cscan import (
    Item,
    ItemKind,
    Token,
    TokenKind,
    closing_bracket,
    directive_name,
    never_compiled,
    scan_items,
    tokenize,
)
from checker.frontend.includes import find_header
from checker.frontend.left_out import left_out_uses
from checker.frontend.unobserved import (
    hoist_members,
    layout_names,
    object_macros,
    pointed_only,
    reached,
)
from checker.semantics.keywords import KEYWORDS
from checker.types import Settings, SourceFile
from checker.variability.features import ConditionalMacros, platform_decided
from checker.variability.lexer import include_target

_MAX_DEPTH = 32
_BRANCH = re.compile(r" (?=#\s*(?:elif|else|elifdef|elifndef)\b)")
_GUARD = re.compile(r"#(?:ifndef (\w+)|if ! ?defined ?\(? ?(\w+) ?\)?)$")
_CONDITIONAL_OPEN = frozenset({"if", "ifdef", "ifndef"})
_CONDITIONAL_NEXT = frozenset({"elif", "else", "elifdef", "elifndef"})
_WRAPPERS = frozenset({"__attribute__", "__attribute", "__declspec", "__asm__", "__asm", "asm",
                       "_Alignas", "__typeof__", "__typeof", "typeof", "__extension__"})
_DECLARATOR_END = frozenset({"(", ")", "[", ",", ";", "=", ":"})
_TAGS = frozenset({"struct", "union", "enum"})


@dataclass(frozen=True)
class Entry:
    """One top-level piece of the translation unit, where a compiler reads it."""

    path: str
    item: Item
    conditions: tuple[str, ...]
    """Enclosing conditionals (cscan labels), the including files' first."""
    sites: tuple[tuple[str, int], ...]
    """Where each of `conditions` opens (path, line): which conditional it is."""
    declares: frozenset[str]
    """Names this entry gives a meaning to (a definition, declaration or macro)."""
    follows: frozenset[str]
    """Names whose meaning this entry needs."""
    system: str | None = None
    """For `#include <x.h>` of a header that is not the project's: `x.h`."""

    @property
    def is_error(self) -> bool:
        return self.item.kind is ItemKind.DIRECTIVE and self.item.normalized.startswith("#error")


@dataclass(frozen=True)
class TranslationUnit:
    """A C file and the project headers it includes, as one ordered list of entries."""

    source: SourceFile
    entries: tuple[Entry, ...]
    index: Mapping[str, tuple[int, ...]]
    """Name -> positions of the entries that declare it."""
    headers: Mapping[str, str]
    """Project headers read (path -> text), as the selection rule compares them."""
    notes: tuple[str, ...]

    @property
    def functions(self) -> frozenset[str]:
        return frozenset(e.item.name for e in self.entries
                         if e.item.kind is ItemKind.FUNCTION and e.item.name
                         and e.path == self.source.path)


@dataclass(frozen=True)
class Slice:
    """What one function is checked on: a self-contained C text under the file's path."""

    source: SourceFile
    entries: int
    """How many of the unit's entries it kept."""
    notes: tuple[str, ...]


def translation_unit(source: SourceFile, settings: Settings,
                     stubs: bool = False) -> TranslationUnit:
    """`source` with its project headers (and, with `stubs`, our stubs of the system
    headers) spliced in where they are included."""
    conditional = ConditionalMacros.from_settings(settings)
    raw: list[_Raw] = []
    notes: list[str] = []
    headers: dict[str, str] = {}
    _walk(source.path, source.text, (), source, settings, raw, notes, headers, 0, stubs)
    macros = {item.name for _, item, _, _, _ in raw
              if item.kind is ItemKind.DIRECTIVE and item.name}
    entries: list[Entry] = []
    index: dict[str, list[int]] = {}
    for path, item, enclosing, system, guard in raw:
        conditions = tuple(label for label, _ in enclosing)
        if never_compiled(conditions):
            continue  # its names mean nothing
        declares = _declares(item, macros, conditional)
        follows = (item.mentions | item.defines) - (declares - macros)
        if guard is not None and not re.search(rf"\b{guard}\b", item.text):
            follows -= {guard}  # named by the include guard's #ifndef only
        for name in declares:
            index.setdefault(name, []).append(len(entries))
        entries.append(Entry(path, item, conditions, tuple(site for _, site in enclosing),
                             declares, frozenset(follows), system))
    return TranslationUnit(source, tuple(entries), {k: tuple(v) for k, v in index.items()},
                           headers, tuple(dict.fromkeys(notes)))


_Enclosing = tuple[tuple[str, tuple[str, int]], ...]
"""Conditionals around an item: (cscan label, (path, line of its `#if`)), outermost first."""
_Raw = tuple[str, Item, _Enclosing, str | None, str | None]
"""(path, item, enclosing conditionals, system header or None, include guard or None)."""


def _walk(path: str, text: str, outer: _Enclosing, source: SourceFile, settings: Settings,
          out: list[_Raw], notes: list[str], headers: dict[str, str], depth: int,
          stubs: bool) -> None:
    items = _balanced(scan_items(text), text)
    guard = _guard(items) if depth else None
    for item in items:
        conditions = tuple(zip(item.conditions, ((path, line) for line in item.opened_at),
                               strict=True))[1 if guard else 0:]
        if guard and item.kind is ItemKind.DIRECTIVE and item.name == guard and not conditions:
            continue
        if item.kind is ItemKind.DIRECTIVE and item.normalized == "#pragma once":
            continue
        target = include_target(item.text) if item.kind is ItemKind.DIRECTIVE else None
        if target is None:
            out.append((path, item, outer + conditions, None, guard))
            continue
        name, system = target
        found = None if depth >= _MAX_DEPTH else find_header(path, name, system, source, settings)
        if found is None or (found[0].startswith("<") and not stubs):
            if system:
                out.append((path, item, outer + conditions, name, guard))
            else:  # a generated header (BusyBox's autoconf.h) or one we cannot see
                notes.append(f'{path}:{item.start_line}: header "{name}" not found: its macros '
                             "are free features, its other names unknown")
            continue
        header_path, header_text = found
        if header_path in headers:
            continue  # read once, as include guards and `#pragma once` make it
        headers[header_path] = header_text
        _walk(header_path, header_text, outer + conditions, source, settings, out, notes,
              headers, depth + 1, stubs)


def _balanced(items: Sequence[Item], text: str) -> list[Item]:
    """Items whose text opens a conditional that a later item closes (a declaration
    whose `;` is written once per `#if` branch) extended to the `#endif`, and the
    items that extension swallows dropped: each item is whole C under its conditions."""
    lines = text.split("\n")
    out: list[Item] = []
    covered = 0
    for item in items:
        if item.start_line <= covered:
            last = out[-1]
            out[-1] = dataclasses.replace(last, mentions=last.mentions | item.mentions,
                                          defines=last.defines | item.defines)
            continue
        depth = _net_depth(item)
        if depth <= 0:
            out.append(item)
            continue
        end = item.end_line
        while depth > 0 and end < len(lines):
            end += 1
            directive = re.match(r"\s*#\s*(\w+)", lines[end - 1])
            name = directive.group(1) if directive else ""
            depth += (name in _CONDITIONAL_OPEN) - (name == "endif")
        covered = end
        body = "\n".join(lines[item.start_line - 1:end])
        out.append(dataclasses.replace(item, end_line=end, text=body.strip()))
    return out


def _net_depth(item: Item) -> int:
    depth = 0
    for name in _directive_names(item):
        depth += (name in _CONDITIONAL_OPEN) - (name == "endif")
    return depth


def _guard(items: Sequence[Item]) -> str | None:
    """The include-guard macro when every item of a header sits inside `#ifndef X`
    and the first defines X: that conditional is not part of the product line."""
    if not items or not items[0].conditions:
        return None
    label = items[0].conditions[0]
    match = _GUARD.match(label)
    if match is None:
        return None
    name = match.group(1) or match.group(2)
    first = items[0]
    if not (first.kind is ItemKind.DIRECTIVE and first.name == name
            and first.normalized.startswith("#define")):
        return None
    if any(not item.conditions or item.conditions[0] != label for item in items):
        return None
    return name


# ------------------------------------------------------------ what an item declares


def _declares(item: Item, macros: set[str], conditional: ConditionalMacros) -> frozenset[str]:
    """The names an item gives a meaning to, exactly: a function's name, a macro's,
    a declaration's declarators, tags and enum constants (not the type names and
    parameters it merely mentions, which cscan's `defines` over-approximates)."""
    if item.kind is ItemKind.FUNCTION:
        return frozenset({item.name} if item.name else ())
    if item.kind is ItemKind.DIRECTIVE:
        if item.name and re.match(r"#(?:define|undef)\b", item.normalized):
            return frozenset({item.name})
        return frozenset()
    tokens = _unwrap([t for t in tokenize(item.text) if t.kind is not TokenKind.DIRECTIVE],
                     conditional)
    names = _declared(tokens, macros)
    return frozenset(names) if names else frozenset(item.defines - macros)


def _unwrap(tokens: list[Token], conditional: ConditionalMacros) -> list[Token]:
    """Tokens without GNU wrappers (`__attribute__((...))`, `typeof(...)`) and with
    `IF_X(...)` calls opened (their argument is code under a condition)."""
    out: list[Token] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        following = tokens[index + 1].text if index + 1 < len(tokens) else ""
        if token.kind is TokenKind.IDENT and following == "(":
            close = closing_bracket(tokens, index + 1)
            if token.text in _WRAPPERS:
                if token.text in ("typeof", "__typeof__", "__typeof"):
                    out.append(Token(TokenKind.IDENT, "int", token.line, token.start, token.end))
                index = close + 1
                continue
            if conditional.lookup(token.text) is not None:
                out.extend(_unwrap(tokens[index + 2:close], conditional))
                index = close + 1
                continue
        if token.text == "__extension__":
            index += 1
            continue
        out.append(token)
        index += 1
    return out


def _declared(tokens: Sequence[Token], macros: set[str]) -> set[str]:
    """Declarators (a macro name counts only before a parameter list: a function
    that one configuration replaces by a macro), tags and enum constants."""
    names: set[str] = set()
    depth = 0  # braces
    enum_depth: int | None = None
    parens = 0  # inside an enum: `offsetof(t, member)` declares no constant `member`
    segment_done = False
    index = 0
    while index < len(tokens):
        token = tokens[index]
        text = token.text
        previous = tokens[index - 1].text if index else ""
        following = tokens[index + 1].text if index + 1 < len(tokens) else ";"
        if text in _TAGS and index + 1 < len(tokens) and tokens[index + 1].kind is TokenKind.IDENT:
            tag = tokens[index + 1].text
            after = tokens[index + 2].text if index + 2 < len(tokens) else ";"
            if after in ("{", ";") and depth == 0:
                names.add(tag)
            if text == "enum" and after == "{":
                enum_depth = depth + 1
            index += 2
            continue
        if text == "enum" and following == "{":
            enum_depth = depth + 1
        if text in ("(", ")"):
            parens += 1 if text == "(" else -1
        if text == "{":
            depth += 1
        elif text == "}":
            if enum_depth == depth:
                enum_depth = None
            depth -= 1
        elif (enum_depth is not None and depth == enum_depth and token.kind is TokenKind.IDENT
              and previous in ("{", ",") and parens == 0):
            names.add(text)
        elif depth == 0:
            if text == "," or text == ";":
                segment_done = False
            elif text == "=":
                segment_done = True
                index = _initializer_end(tokens, index)
                continue
            elif (not segment_done and token.kind is TokenKind.IDENT and text not in KEYWORDS
                  and following in _DECLARATOR_END):
                close = closing_bracket(tokens, index + 1) if following == "(" else index
                parameters = following == "(" and _parameter_list(tokens[index + 2:close])
                if text not in macros or parameters:
                    names.add(text)
                    segment_done = True
                if parameters and previous != "(":
                    index = close + 1
                    continue
        index += 1
    return names


def _parameter_list(tokens: Sequence[Token]) -> bool:
    """Whether a parenthesised group declares parameters (`void`, a type keyword,
    `*`, two names in a row) rather than passing a macro its arguments."""
    if not tokens:
        return True
    for index, token in enumerate(tokens):
        if token.text in KEYWORDS or token.text in ("*", "..."):
            return True
        if (token.kind is TokenKind.IDENT and index + 1 < len(tokens)
                and tokens[index + 1].kind is TokenKind.IDENT):
            return True
    return False


def _initializer_end(tokens: Sequence[Token], index: int) -> int:
    """Index of the `,` or `;` ending the initializer that starts at `=` (`index`)."""
    depth = 0
    for position in range(index + 1, len(tokens)):
        text = tokens[position].text
        if text in "([{":
            depth += 1
        elif text in ")]}":
            depth -= 1
        elif depth == 0 and text in (",", ";"):
            return position
    return len(tokens)


# ------------------------------------------------------------ the slice


FEATURE_TEST_MACROS = ("_GNU_SOURCE", "_DEFAULT_SOURCE", "_BSD_SOURCE", "_SVID_SOURCE",
                       "_POSIX_C_SOURCE", "_POSIX_SOURCE", "_XOPEN_SOURCE",
                       "_XOPEN_SOURCE_EXTENDED", "_ISOC99_SOURCE", "_ISOC11_SOURCE",
                       "_LARGEFILE64_SOURCE", "_FILE_OFFSET_BITS", "_ATFILE_SOURCE",
                       "_REENTRANT", "_THREAD_SAFE", "_TIME_BITS")
"""glibc's feature-test macros: no code names them, but they decide what the system
headers declare (`memrchr` needs `_GNU_SOURCE`; gcc, which compiles the slice for
the replay, would otherwise call it undeclared, as an int), so a slice keeps them."""


def slice_functions(unit: TranslationUnit, names: Iterable[str],
                    named_elsewhere: frozenset[str] = frozenset(),
                    sized: frozenset[str] | None = None) -> Slice:
    """The slice of the functions `names` (those the unit defines; the others are
    simply absent from it, as from the file), with the file's feature-test macros.
    `named_elsewhere`: names the other version's slice uses (`slice_mentions`), so
    that both versions keep the same conditional members (a member only the new
    version reads must split the old version's struct too, or old and new lay the
    struct out differently in one configuration). `sized`: what either version's
    slice takes the size or layout of (`layout_observed` of both; None: this
    slice's own), whose conditional members stay conditional."""
    chosen = _chosen(unit, names)
    if sized is None:
        sized = layout_observed(unit, names, chosen)
    entries = unit.entries
    kept = sorted(chosen)
    vocabulary = _vocabulary(unit, chosen)
    system = [i for i, e in enumerate(entries) if e.system is not None and all(
        name in vocabulary or platform_decided(name) for name in _condition_names(e))]
    chosen_entries, hoisted = _hoist_unobserved(unit, chosen, named_elsewhere, sized)
    text = render([chosen_entries.get(i, entries[i]) for i in sorted({*kept, *system})])
    source = SourceFile(unit.source.path, text, left_out=left_out_uses(entries, unit.index, chosen),
                        sized_records=sized)
    return Slice(source, len(kept), (*unit.notes, *hoisted))


def layout_observed(unit: TranslationUnit, names: Iterable[str],
                    chosen: set[int] | None = None) -> frozenset[str]:
    """What the declarations whose size or layout the slice of `names` can see
    (through `sizeof`, `offsetof`, `_Alignof`, a union's other members, and the
    names they reach) declare. The names the operands lead to count too (a
    system header's struct, not in the unit, is declared by our stubs)."""
    entries = unit.entries
    chosen = _chosen(unit, names) if chosen is None else chosen
    macros = object_macros(entries[i].item.text for i in chosen
                           if entries[i].item.kind is ItemKind.DIRECTIVE)
    members = [entries[i].item.text for i in chosen if entries[i].item.kind is
               ItemKind.DECLARATION and "{" in entries[i].item.text]
    roots = layout_names((entries[i].item.text for i in chosen), macros, members)
    for position in chosen:  # the same bytes read through another member
        if _UNION_BODY.search(entries[position].item.text):
            roots |= _layout_follows(unit, position)
    found: set[str] = set(roots)
    for position in reached(roots, unit.index, partial(_layout_follows, unit), chosen):
        found |= entries[position].declares | _layout_follows(unit, position)
    return frozenset(found)


_UNION_BODY = re.compile(r"\bunion\b[^;{}]*\{")


def _layout_follows(unit: TranslationUnit, position: int) -> frozenset[str]:
    """The names whose layout a declaration's layout depends on (not a pointer's target)."""
    entry = unit.entries[position]
    return entry.follows - pointed_only(entry.item.text)


def slice_mentions(unit: TranslationUnit, names: Iterable[str]) -> frozenset[str]:
    """The names that the slice of `names` uses outside the struct declarations
    whose members it may make unconditional (`_hoist_unobserved`)."""
    entries = unit.entries
    found: set[str] = set()
    for position in _chosen(unit, names):
        if position not in _hoist_candidates(unit, {position}):
            found |= entries[position].item.mentions | entries[position].follows
    return frozenset(found)


def _vocabulary(unit: TranslationUnit, chosen: Iterable[int]) -> set[str]:
    vocabulary: set[str] = set()
    for position in chosen:
        entry = unit.entries[position]
        vocabulary.update(_condition_names(entry), entry.follows)
    return vocabulary


def _chosen(unit: TranslationUnit, names: Iterable[str]) -> set[int]:
    """The entries the functions `names` reach, and the `#error`s their conditions touch."""
    entries = unit.entries
    chosen: set[int] = set()
    seen: set[str] = set()
    wanted = [*names, *FEATURE_TEST_MACROS]
    errors = [i for i, e in enumerate(entries) if e.is_error]
    vocabulary: set[str] = set()

    def take(position: int) -> None:
        chosen.add(position)
        entry = entries[position]
        wanted.extend(entry.follows)
        vocabulary.update(_condition_names(entry), entry.follows)

    while True:
        while wanted:
            name = wanted.pop()
            if name in seen:
                continue
            seen.add(name)
            for position in unit.index.get(name, ()):
                if position not in chosen:
                    take(position)
        added = [i for i in errors if i not in chosen and _condition_names(entries[i]) & vocabulary]
        added += _escapes(entries, chosen, _used_statics(unit, seen))
        for position in added:
            take(position)
        if not added:
            wanted.extend(name for name in _pasted_names(unit, chosen)
                          if name not in seen and name in unit.index)
            if not wanted:
                break
    return chosen


_DEFINE = re.compile(r"#\s*define\b")


def _pasted_names(unit: TranslationUnit, chosen: Iterable[int]) -> frozenset[str]:
    """The names that the kept macros paste together (`##`) where the kept code uses
    them: no text spells `bb##kind##name`'s result (a function only a pasted call
    reaches would be missing from the slice, its call one without code). The uses
    are expanded under every kept definition of a macro in turn (the conditions are
    ignored: a name too many only widens the slice). Only the code that names a
    pasting macro, or one whose definition leads to one, is expanded: any other
    expansion spells names the kept texts already spell (expanding all of it cost
    minutes on BusyBox's hash_md5_sha.c, all to find nothing)."""
    entries = [unit.entries[i] for i in sorted(chosen)]
    defines: dict[str, list[str]] = {}
    leads_to: dict[str, set[str]] = {}
    reaching: set[str] = set()
    for entry in entries:
        item = entry.item
        if item.kind is ItemKind.DIRECTIVE and item.name and _DEFINE.match(item.normalized):
            defines.setdefault(item.name, []).append(item.text)
            leads_to.setdefault(item.name, set()).update(item.mentions)
            if _pastes(item.normalized):
                reaching.add(item.name)
    if not reaching:
        return frozenset()
    grown = True
    while grown:
        more = {name for name, names in leads_to.items()
                if name not in reaching and names & reaching}
        reaching |= more
        grown = bool(more)
    uses = [e for e in entries if e.item.kind is not ItemKind.DIRECTIVE
            and (e.item.mentions | e.item.defines) & reaching]
    if not uses:
        return frozenset()
    code = "\n".join(e.item.text for e in uses)
    expanded = _reached_macros(set().union(*(e.item.mentions for e in uses)), leads_to)
    found: set[str] = set()
    for round_ in range(max(len(defines[name]) for name in expanded)):
        chosen_defines = (texts[min(round_, len(texts) - 1)] for texts in defines.values())
        found |= identifiers(_expanded("\n".join([*chosen_defines, code])))
    return frozenset(found)


@functools.lru_cache(maxsize=4096)
def _pastes(define: str) -> bool:
    """Whether a `#define` pastes tokens (a `##` in a string literal does not)."""
    return "##" in define and any(t.kind is TokenKind.PUNCT and t.text == "##"
                                  for t in tokenize(_DEFINE.sub("", define, count=1)))


def _reached_macros(names: set[str], leads_to: Mapping[str, set[str]]) -> set[str]:
    """The macros that expanding text which names `names` may expand (the rounds of
    `_pasted_names` need only vary their definitions)."""
    found = {name for name in names if name in leads_to}
    todo = list(found)
    while todo:
        for name in leads_to[todo.pop()] - found:
            if name in leads_to:
                found.add(name)
                todo.append(name)
    return found


class _QuietExpander(Preprocessor):  # type: ignore[misc]  # pcpp has no stubs: the base is Any
    """pcpp that ignores what it cannot expand: `_pasted_names` only looks for names."""

    def __init__(self) -> None:
        super().__init__()
        self.line_directive = None

    def on_error(self, file: str, line: int, msg: str) -> None:
        pass

    def on_comment(self, tok: object) -> bool:
        return False


def _expanded(text: str) -> str:
    expander = _QuietExpander()
    buffer = io.StringIO()
    try:
        expander.parse(text, source="<slice>")
        expander.write(buffer)
    except Exception:  # pcpp raises bare exceptions on malformed input: no names then
        return ""
    return buffer.getvalue()


def _hoist_candidates(unit: TranslationUnit, chosen: Iterable[int]) -> list[int]:
    """Declarations with a body and a conditional inside: structs whose conditional
    members may be made unconditional."""
    entries = unit.entries
    return [i for i in chosen if entries[i].item.kind is ItemKind.DECLARATION
            and "{" in entries[i].item.text and "#" in entries[i].item.text]


def _hoist_unobserved(unit: TranslationUnit, chosen: set[int], named_elsewhere: frozenset[str],
                      sized: frozenset[str]) -> tuple[dict[int, Entry], list[str]]:
    """Kept declarations whose conditional struct members nothing in the slice (nor
    in the other version's, `named_elsewhere`) can observe, and whose layout
    neither version's slice takes (`sized`), with those members unconditional
    (see `unobserved`), and a note for each."""
    entries = unit.entries
    candidates = _hoist_candidates(unit, chosen)
    if not candidates:
        return {}, []
    uses: dict[str, int] = {}
    for position in chosen:
        for name in entries[position].item.mentions | entries[position].follows:
            uses[name] = uses.get(name, 0) + 1
    out: dict[int, Entry] = {}
    notes: list[str] = []
    for position in sorted(candidates):
        entry = entries[position]
        if entry.declares & sized:
            continue
        hoisted = hoist_members(entry.item.text, partial(
            _observed, uses, entry.item.mentions | entry.follows, _words(entry.item.text),
            named_elsewhere))
        if hoisted is None:
            continue
        out[position] = dataclasses.replace(
            entry, item=dataclasses.replace(entry.item, text=hoisted.text))
        notes.append(f"{entry.path}:{entry.item.start_line}: members under "
                     f"{', '.join(f'`{c}`' for c in hoisted.conditions)} declared in every "
                     "configuration: no code of the function's slice names them or takes "
                     "the size of their struct")
    return out, notes


def _observed(uses: Mapping[str, int], own: frozenset[str], words: Mapping[str, int],
              named_elsewhere: frozenset[str], name: str) -> bool:
    """Whether another kept entry, this one outside its one declaration, or the other
    version's slice names `name`."""
    return (uses.get(name, 0) - (name in own) > 0 or words.get(name, 0) > 1
            or name in named_elsewhere)


def _words(text: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for token in tokenize(text):
        if token.kind is TokenKind.IDENT:
            counts[token.text] = counts.get(token.text, 0) + 1
    return counts


def _used_statics(unit: TranslationUnit, seen: set[str]) -> set[str]:
    """The `static` objects the slice uses."""
    return {name for name in seen for position in unit.index.get(name, ())
            if (item := unit.entries[position].item).kind is ItemKind.DECLARATION
            and item.normalized.startswith("static ")}


def _escapes(entries: Sequence[Entry], chosen: set[int], statics: set[str]) -> list[int]:
    """Entries left out that take the address of a `static` object the slice uses
    (`int *p = &g;` elsewhere): with them, the lowering knows that a function
    without code may reach it (a bitwise `&` counts too: more behaviours)."""
    if not statics:
        return []
    found = []
    for position, entry in enumerate(entries):
        names = entry.follows & statics
        if position not in chosen and names and any(
                re.search(r"&\s*(?:\(\s*)*" + re.escape(name) + r"\b", entry.item.normalized)
                for name in names):
            found.append(position)
    return found


@functools.lru_cache(maxsize=32)
def _prelude_unit(headers: tuple[str, ...]) -> TranslationUnit:
    text = "".join(f"#include <{name}>\n" for name in headers)
    return translation_unit(SourceFile("<liftdiff-prelude>", text),
                            Settings(disk_headers=False), stubs=True)


def prelude_slice(headers: tuple[str, ...], names: frozenset[str]) -> str:
    """What C text that includes our stubs of `headers` and mentions `names` needs
    of them: their slice, as for a function."""
    return slice_functions(_prelude_unit(headers), names).source.text


def identifiers(text: str) -> frozenset[str]:
    """Every identifier of C text, in code and in directives."""
    names: set[str] = set()
    for token in tokenize(text):
        if token.kind is TokenKind.IDENT:
            names.add(token.text)
        elif token.kind is TokenKind.DIRECTIVE:
            names.update(t.text for t in tokenize(token.text.partition(" ")[2])
                         if t.kind is TokenKind.IDENT)
    return frozenset(names)


def _condition_names(entry: Entry) -> frozenset[str]:
    """Identifiers the entry's conditionals test (and, for `#error`, its own)."""
    names = frozenset().union(*(_label_names(label) for label in entry.conditions))
    return names | _label_names(entry.item.normalized) if entry.is_error else names


@functools.lru_cache(maxsize=4096)
def _label_names(label: str) -> frozenset[str]:
    names: set[str] = set()
    for directive in _BRANCH.split(label):
        body = directive.partition(" ")[2]
        names |= {t.text for t in tokenize(body)
                  if t.kind is TokenKind.IDENT and t.text not in KEYWORDS}
    return frozenset(names)


def render(entries: Sequence[Entry]) -> str:
    """The entries as C text: each under its conditionals (shared ones opened once),
    each after a `#line` marker naming where it was written."""
    lines: list[str] = []
    open_labels: list[tuple[str, tuple[str, int]]] = []
    for entry in entries:
        labels = list(zip(entry.conditions, entry.sites, strict=True))
        inner = _continued_levels(entry.item)
        outside = labels[: len(labels) - inner] if inner else labels
        common = 0
        while (common < len(open_labels) and common < len(outside)
               and open_labels[common] == outside[common]):
            common += 1
        later = (common < len(open_labels) and common < len(outside)
                 and _later_branch(open_labels[common], outside[common]))
        lines.extend(["#endif"] * (len(open_labels) - common - later))
        if later:  # the next branch of the conditional still open, not a new one
            lines.extend(_BRANCH.split(outside[common][0][len(open_labels[common][0]) + 1:]))
            open_labels[common] = outside[common]
            common += 1
        open_labels = open_labels[:common]
        for opened in outside[common:]:
            site_path, site_line = opened[1]
            lines.append(f'#line {site_line} "{site_path}"')  # where the `#if` is written
            lines.extend(_BRANCH.split(opened[0]))
            open_labels.append(opened)
        for label, _ in labels[len(outside):]:
            lines.extend(_BRANCH.split(label))
        lines.append(f'#line {entry.item.start_line} "{entry.path}"')
        if entry.system is not None:
            lines.append(f"#include <{entry.system}>")
        else:
            lines.append(entry.item.text)
        lines.extend(["#endif"] * (inner - _closed_levels(entry.item)))
    lines.extend(["#endif"] * len(open_labels))
    return "\n".join(lines) + "\n"


def _later_branch(opened: tuple[str, tuple[str, int]], wanted: tuple[str, tuple[str, int]]) -> bool:
    """Whether `wanted` is a later branch of the conditional `opened` is in: it goes on
    with `#elif`/`#else` there, since reopening would test the condition again after the
    `#define`s of the earlier branch (`#ifndef X` / `#define X 0` / `#else`)."""
    return opened[1] == wanted[1] and wanted[0].startswith(opened[0] + " ")


def _directive_names(item: Item) -> tuple[str, ...]:
    return _text_directive_names(item.text) if "#" in item.text else ()


@functools.lru_cache(maxsize=4096)
def _text_directive_names(text: str) -> tuple[str, ...]:
    return tuple(directive_name(t) for t in tokenize(text) if t.kind is TokenKind.DIRECTIVE)


def _continued_levels(item: Item) -> int:
    """How many enclosing conditionals the item's own text continues (an `#else`
    or `#endif` of a conditional opened before it): those are written with the
    item, not shared with its neighbours."""
    depth, deepest = 0, 0
    for name in _directive_names(item):
        if name in _CONDITIONAL_OPEN:
            depth += 1
        elif name in _CONDITIONAL_NEXT and depth == 0:
            deepest = max(deepest, 1)
        elif name == "endif":
            depth -= 1
            deepest = max(deepest, -depth)
    return min(deepest, len(item.conditions))


def _closed_levels(item: Item) -> int:
    """How many enclosing conditionals the item's text ends (net `#endif`s)."""
    depth, lowest = 0, 0
    for name in _directive_names(item):
        if name in _CONDITIONAL_OPEN:
            depth += 1
        elif name == "endif":
            depth -= 1
            lowest = min(lowest, depth)
    return -lowest
