"""From a C file on disk (or a git blob) to text pycparser can read.

Includes are resolved by us, not by a system preprocessor: standard headers are
replaced by our small stub prelude (types, constants, prototypes) because real
libc headers are full of extensions pycparser cannot parse, and of the stubs
only what the text uses is kept; local headers are inlined from the caller's
header map or the include path. Kconfig values (`CONFIG_X`) of an absent
generated header get placeholders, named in the assumptions and given to gcc
too (`generated_values`). Ordinary macros are then expanded with pcpp. `#line`
markers keep every node's original file:line.
"""

from __future__ import annotations

import dataclasses
import io
import re
import zlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import NoReturn

from pcpp import Preprocessor

from checker.errors import ParseError
from checker.frontend.includes import find_header, prelude_header
from checker.frontend.slice import identifiers, prelude_slice
from checker.location import Location
from checker.types import Settings, SourceFile
from checker.variability.analysis import LineMap
from checker.variability.lexer import INCLUDE_LINE, Directive, Token, include_target, scan
from checker.variability.types import MemberEdit

_PRELUDE = "_builtin.h"
_MAX_INCLUDE_DEPTH = 32


@dataclass(frozen=True)
class Prepared:
    """Text with includes resolved (before macro expansion) and what we noticed."""

    path: str
    text: str
    notes: tuple[str, ...]
    headers: Mapping[str, str] = field(default_factory=dict)
    """The project headers that were inlined (path -> text), not our prelude stubs:
    change detection compares what a function uses in them."""


def resolve_includes(source: SourceFile, settings: Settings) -> Prepared:
    """Project headers inlined where included; of our stubs for the system headers,
    only the declarations the text uses, once, at the top (a real libc header is
    thousands of declarations the front end would lift and parse for nothing)."""
    notes: list[str] = []
    seen: dict[str, str] = {}
    lines: list[str] = []
    _expand(source.path, source.text, source, settings, lines, notes, seen, depth=0)
    stubs = tuple(path[1:-1] for path in seen if path.startswith("<"))
    body = "\n".join(lines)
    values = generated_values(body, source.path)
    notes.extend(placeholder_note(name, value) for name, value in values)
    top = ['#line 1 "<liftdiff-prelude>"', prelude_header(_PRELUDE) or "",
           *_attribute_stubs(source), *(f"#define {name} {value}" for name, value in values)]
    if stubs:
        top.append(prelude_slice(stubs, identifiers(body)))
    top.append(f'#line 1 "{source.path}"')
    headers = {path: text for path, text in seen.items() if not path.startswith("<")}
    return Prepared(source.path, "\n".join([*top, body]) + "\n", tuple(notes), headers)


def derivation_settings(settings: Settings, *texts: str) -> Settings:
    """`settings` for gcc's derivation of products of `texts` (`-undef -nostdinc`,
    includes hidden): our prelude's object-like macros (gcc's predefined platform
    macros, glibc's `__BYTE_ORDER`, ...) and those of our stubs of the system
    headers the texts include that their conditionals test (BusyBox's xatonum.h
    on `UINT_MAX == ULLONG_MAX`) as fixed defines, so that gcc decides a
    conditional on them (BusyBox's endianness `#error`) as the lifting did."""
    ours = tuple((m["name"], m["body"].strip()) for m in _OBJECT_MACRO.finditer(
        prelude_header(_PRELUDE) or ""))
    tested = frozenset().union(*(_condition_identifiers(text) for text in texts))
    system = tuple(dict.fromkeys(
        match["name"] for text in texts for match in INCLUDE_LINE.finditer(text)
        if match["open"] == "<" and match["directive"] == "include"
        and prelude_header(match["name"]) is not None))
    if tested and system:
        stubs = prelude_slice(system, tested)
        ours += tuple((m["name"], m["body"].strip()) for m in _OBJECT_MACRO.finditer(stubs)
                      if "__liftdiff" not in m["body"])
    return dataclasses.replace(settings, defines=(*ours, *settings.defines))


_CONDITION = re.compile(r"^[ \t]*#[ \t]*(?:if|elif)\b(?P<test>.*)$", re.MULTILINE)


def _condition_identifiers(text: str) -> frozenset[str]:
    return frozenset().union(*(identifiers(m["test"]) for m in _CONDITION.finditer(text)))


_OBJECT_MACRO = re.compile(r"^#define (?P<name>\w+)(?P<body>(?: [^\n]*)?)$", re.MULTILINE)


def inline_local_headers(source: SourceFile, settings: Settings) -> str:
    """The text with the headers of the project (the header map, next to the
    file, `include_dirs`) inlined and standard includes left as they are: what
    gcc needs to derive a product whose conditionals read the project's
    macros, and to compile it without the include path."""
    lines: list[str] = []
    _expand(source.path, source.text, source, settings, lines, [], {}, depth=0,
            local_only=True)
    return "\n".join(lines) + "\n"


_MACRO_LINE = re.compile(r"\s*#\s*(?:define|undef)\b")
_LINE_MARKER = re.compile(r'\s*#\s*(?:line\s+)?(\d+)\s+"([^"]*)"')


def declare_members(text: str, edits: Iterable[MemberEdit]) -> str:
    """`text` (with `#line` markers) with the struct members that the lifting
    declared in every configuration declared so here too (`MemberEdit`): a
    compiled replay then lays the struct out as the witness's memory is."""
    groups: dict[tuple[str, int], MemberEdit] = {}
    calls: dict[tuple[str, int], list[str]] = {}
    for edit in edits:
        if edit.call:
            calls.setdefault((edit.path, edit.lines[0]), []).append(edit.call)
        else:
            groups[(edit.path, edit.lines[0])] = edit
    if not groups and not calls:
        return text
    out: list[str] = []
    open_groups: list[tuple[MemberEdit, list[str]]] = []  # with their directives so far
    closing: list[str] = []  # what ends a wrapped directive once its last line is out
    path, number = "", 0
    for line in text.split("\n"):
        marker = _LINE_MARKER.match(line)
        if marker:
            path, number = marker.group(2), int(marker.group(1))
            out.append(line)
            continue
        place = (path, number)
        number += 1
        if closing:  # a continuation line of a wrapped directive
            out.append(line)
            if not line.endswith("\\"):
                out.extend(closing)
                closing = []
            continue
        if place in groups:
            open_groups.append((groups[place], [line]))
            out.append("")
            continue
        if open_groups and place[0] == open_groups[-1][0].path \
                and place[1] in open_groups[-1][0].lines:
            group, seen = open_groups[-1]
            if place[1] == group.lines[-1]:
                open_groups.pop()
            else:
                seen.append(line)
            out.append("")
            continue
        for call in calls.get(place, ()):
            line = _open_call(line, call)
        if open_groups and _MACRO_LINE.match(line):
            out.extend(opening for _, seen in open_groups for opening in seen)
            out.append(line)
            ending = ["#endif"] * len(open_groups) + [f'#line {number} "{path}"']
            if line.endswith("\\"):
                closing = ending
            else:
                out.extend(ending)
            continue
        out.append(line)
    return "\n".join(out)


def _open_call(line: str, name: str) -> str:
    """`line` with the call `name(args)` replaced by `args` (unchanged when the call
    does not close on the line)."""
    match = re.search(rf"\b{re.escape(name)}\s*\(", line)
    if match is None:
        return line
    depth = 0
    for end in range(match.end() - 1, len(line)):
        depth += {"(": 1, ")": -1}.get(line[end], 0)
        if depth == 0:
            return line[:match.start()] + line[match.end():end] + line[end + 1:]
    return line


GENERATED_PREFIX = "CONFIG_"
"""Kconfig's value macros (`CONFIG_X`), which only the generated autoconf.h defines."""
PLACEHOLDER_NOTE = "macro '"
"""How a note about a placeholder value starts (the driver lists them as assumptions)."""


def generated_values(text: str, path: str) -> list[tuple[str, str]]:
    """Placeholders for the `CONFIG_X` values of an absent generated header that the
    text uses but never defines nor tests: a string literal where the name (or a
    macro that is just the name) stands next to a string (`"udhcpc "
    CONFIG_X`), else a number (`uint8_t options[N + CONFIG_X]`). Each is the
    same in both versions, derived from the name alone, and named in the
    assumptions: a verdict holds for that value. A name tested in `#if` is a
    feature instead."""
    defined: set[str] = set()
    tested: set[str] = set()
    sequences: list[list[Token]] = [[]]
    aliases: dict[str, str] = {}
    for element in scan(text, path).elements:
        if not isinstance(element, Directive):
            sequences[0].append(element)
        elif element.name in ("if", "elif", "ifdef", "ifndef"):
            tested.update(t.text for t in element.tokens if t.kind == "id")
        elif element.name in ("define", "undef") and element.tokens:
            defined.add(element.tokens[0].text)
            body = _macro_body(element.tokens)
            sequences.append(body)
            if len(body) == 1 and body[0].kind == "id":
                aliases[element.tokens[0].text] = body[0].text
    used: set[str] = set()
    stringy: set[str] = set()
    for tokens in sequences:
        for index, token in enumerate(tokens):
            if token.kind != "id":
                continue
            used.add(token.text)
            around = tokens[max(index - 1, 0):index] + tokens[index + 1:index + 2]
            if any(t.kind == "str" for t in around):
                stringy.add(token.text)
    for alias, name in aliases.items():
        if alias in stringy:
            stringy.add(name)
    names = sorted(n for n in used - defined - tested if n.startswith(GENERATED_PREFIX))
    return [(n, f'"{n}"' if n in stringy else str(zlib.crc32(n.encode()) % 1000 + 1))
            for n in names]


def placeholder_flags(source: SourceFile, settings: Settings) -> list[str]:
    """`-D` flags giving gcc the placeholders the front end used for `source` (its
    project headers inlined: BusyBox uses CONFIG_X in udhcp/common.h too)."""
    text = inline_local_headers(source, settings)
    return [f"-D{name}={value}" for name, value in generated_values(text, source.path)]


def placeholder_note(name: str, value: str) -> str:
    return (f"{PLACEHOLDER_NOTE}{name}' is defined nowhere (its generated header, such as "
            f"autoconf.h, is absent): taken as {value} in both versions")


def _macro_body(tokens: tuple[Token, ...]) -> list[Token]:
    """The replacement list of `#define NAME[(params)] body` (its tokens)."""
    if len(tokens) > 1 and tokens[1].text == "(" and not tokens[1].space:
        close = next((i for i, t in enumerate(tokens) if t.text == ")"), len(tokens) - 1)
        return list(tokens[close + 1:])
    return list(tokens[1:])


def _expand(
    path: str,
    text: str,
    source: SourceFile,
    settings: Settings,
    out: list[str],
    notes: list[str],
    seen: dict[str, str],
    depth: int,
    local_only: bool = False,
) -> None:
    if depth > _MAX_INCLUDE_DEPTH:
        raise ParseError("includes nested too deeply (cycle?)", Location(path, 1))
    for number, line in enumerate(_join_continuations(text), start=1):
        target = include_target(line)
        if target is None:
            out.append(line)
            continue
        name, system = target
        found = find_header(path, name, system, source, settings)
        if local_only and (found is None or found[0].startswith("<")):
            out.append(line)
            continue
        if found is None:
            shown = f"<{name}>" if system else f'"{name}"'
            notes.append(
                f"{path}:{number}: header {shown} not available; its declarations are unknown"
            )
            out.append("")
            continue
        header_path, header_text = found
        seen[header_path] = header_text
        if header_path.startswith("<"):  # a stub: what the text uses of it goes on top
            out.append("")
            continue
        out.append(f'#line 1 "{header_path}"')
        _expand(header_path, header_text, source, settings, out, notes, seen, depth + 1,
                local_only)
        out.append(f'#line {number + 1} "{path}"')


ATTRIBUTE_MACROS = (
    "FAST_FUNC", "UNUSED_PARAM", "UNUSED_PARAM_RESULT", "NOINLINE", "NORETURN",
    "ALWAYS_INLINE", "ALIGN1", "ALIGN2", "ALIGN4", "ALIGN8", "ALIGN_PTR",
    "FIX_ALIASING", "MAIN_EXTERNALLY_VISIBLE", "EXTERNALLY_VISIBLE", "WEAK", "RETURNS_MALLOC",
    "POSIX_HOT", "__must_check", "__always_inline", "__noreturn",
)
"""Attribute-like macros (BusyBox, Linux) that only decorate declarations: empty
unless the analysed text defines them."""


PACKED_MACROS = {name: "__attribute__((__packed__))" for name in ("PACKED", "__packed")}
"""BusyBox's and Linux's spelling of `packed`, which changes a struct's layout."""

COMPILE_TIME_MACROS = {"BUILD_BUG_ON(condition)": "((void)0)"}
"""Compile-time assertions: no run-time behaviour."""


def _attribute_stubs(source: SourceFile) -> list[str]:
    texts = [source.text, *source.headers.values()]
    stubs = {name: "" for name in ATTRIBUTE_MACROS} | PACKED_MACROS | COMPILE_TIME_MACROS
    return [f"#define {name} {body}".rstrip() for name, body in stubs.items()
            if not any(re.search(rf"#\s*define\s+{name.split('(')[0]}\b", text)
                       for text in texts)]


def _join_continuations(text: str) -> list[str]:
    """Split into lines; a directive continued with backslashes stays on its first
    line's number and the continuation lines become empty, so numbering holds."""
    raw = text.replace("\r\n", "\n").split("\n")
    result: list[str] = []
    index = 0
    while index < len(raw):
        line = raw[index]
        extra = 0
        while line.endswith("\\") and index + extra + 1 < len(raw):
            extra += 1
            line = line[:-1] + raw[index + extra]
        result.append(line)
        result.extend([""] * extra)
        index += extra + 1
    return result


class _Expander(Preprocessor):  # type: ignore[misc]  # pcpp has no stubs: the base is Any
    """pcpp with errors collected instead of printed, and `__LINE__`/`__FILE__`
    where the `#line` markers put the line (pcpp counts physical lines of our
    text, in which the prelude and headers are inlined and slices leave lines
    out: a function moved by two lines would read the same `__LINE__`)."""

    def __init__(self, lines: LineMap) -> None:
        self._lines = lines
        self._file = ""
        self._seen = (0, 0)
        """The last physical line asked about, and its line."""
        super().__init__()
        self.errors: list[tuple[str, int, str]] = []
        # pcpp numbers its own `#line`s by physical line and ignores the text's
        # `#line` markers (which it passes through): blank lines keep the count.
        self.line_directive = None
        self.passthru_includes = None

    @property
    def linemacro(self) -> int:
        """What `__LINE__` expands to: pcpp sets it to the physical line of the
        token an expansion starts at (as gcc, the line of the macro's name)."""
        return self._line

    @linemacro.setter
    def linemacro(self, physical: int) -> None:
        if not physical or not hasattr(self, "_lines"):
            self._line = physical
        elif physical == self._seen[0]:  # pcpp asks once a token: most share a line
            self._line = self._seen[1]
        else:
            file, self._line = self._lines.origin(physical - 1)
            self._seen = (physical, self._line)
            if file != self._file:
                self._file = file
                self.define(f'__FILE__ "{file}"')

    def on_error(self, file: str, line: int, msg: str) -> None:
        self.errors.append((file, line, msg))

    def on_include_not_found(
        self, is_malformed: bool, is_system_include: bool, curdir: str, includepath: str
    ) -> NoReturn:
        raise ParseError(f"unresolved include {includepath}")

    def on_comment(self, tok: object) -> bool:
        return False


def expand_macros(
    path: str,
    text: str,
    defines: Mapping[str, str],
    on_define: Callable[[str], None] | None = None,
) -> str:
    """Run pcpp over `text` (includes already resolved), returning expanded C."""
    expander = _Expander(LineMap.of_markers(path, text))
    for name, value in defines.items():
        expander.define(f"{name} {value}")
    try:
        expander.parse(text, source=path)
        buffer = io.StringIO()
        expander.write(buffer)
    except ParseError:
        raise
    except Exception as exc:  # pcpp raises bare exceptions on malformed input
        raise ParseError(f"preprocessor failed: {exc}", Location(path, 1)) from None
    if expander.errors:
        file, line, msg = expander.errors[0]
        raise ParseError(f"preprocessor: {msg}", Location(file or path, line or 1))
    return buffer.getvalue()
