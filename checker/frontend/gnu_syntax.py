"""GNU C spellings pycparser cannot read, rewritten into C it can.

Real files use gcc's dialect; what pycparser 3 reads of it (statement
expressions, `__attribute__` via the prelude) needs nothing here. A case
range `case lo ... hi:` becomes `case CASE_RANGE(lo, hi):`, which parses as
an ordinary label and which the lowering of `switch` reads as the range; a
designator range `[lo ... hi]` likewise. Attributes are removed, `packed` on
an enum, struct or union kept as a marker. The rewrites keep every line break, so
locations stay exact.
"""

from __future__ import annotations

import re

from pycparser import c_ast

CASE_RANGE = "__liftdiff_case_range"
_CASE_RANGE = re.compile(r"\bcase\b(?P<low>[^:;?{}]*?)\.\.\.(?P<high>[^:;?{}]*?):")
_UNREADABLE = ("typeof", "__typeof__", "__typeof", "__auto_type", "__int128", "__label__")
"""GNU keywords with no pycparser reading: named when a parse error meets one."""


def rewrite_case_ranges(text: str) -> str:
    return _CASE_RANGE.sub(lambda m: f"case {CASE_RANGE}({m['low']}, {m['high']}):", text)


_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.DOTALL)
_DIRECTIVE = re.compile(r"^\s*#.*(?:\\\n.*)*$", re.MULTILINE)
_ATTRIBUTE = re.compile(r"__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)")
_NORETURN = re.compile(r"noreturn", re.IGNORECASE)
_DECLARED = re.compile(r"([A-Za-z_]\w*)\s*\(")


def noreturn_functions(text: str) -> frozenset[str]:
    """Functions declared not to return: `_Noreturn`, `__attribute__((noreturn))`
    or a macro spelled with "noreturn" (BusyBox's `NORETURN`) in a declaration.
    Read from the text before macros are expanded: the prelude removes attributes."""
    names: set[str] = set()
    code = _DIRECTIVE.sub("", _COMMENT.sub(" ", text))
    for statement in re.split(r"[;{}]", code):
        if not _NORETURN.search(statement):
            continue
        declared = _DECLARED.search(_ATTRIBUTE.sub(" ", statement))
        if declared is not None:
            names.add(declared.group(1))
    return frozenset(names)
DESIGNATOR_RANGE = "__liftdiff_designator_range"
_CHAR = r"'(?:\\.|[^'\\\n])*'"
_BOUND = rf"(?:{_CHAR}|[^\[\]\n;{{}}\"'])*?"
_DESIGNATOR_RANGE = re.compile(
    rf"(?P<literal>\"(?:\\.|[^\"\\\n])*\"|{_CHAR})"
    rf"|\[(?P<low>{_BOUND})\.\.\.(?P<high>{_BOUND})\]")


def rewrite_designator_ranges(text: str) -> str:
    """`[lo ... hi] = v` in an initialiser becomes `[DESIGNATOR_RANGE(lo, hi)] = v`
    (`...` between brackets is nothing else in C; string literals are left alone)."""
    return _DESIGNATOR_RANGE.sub(
        lambda m: m["literal"] or f"[{DESIGNATOR_RANGE}({m['low']}, {m['high']})]", text)


def designator_range(node: c_ast.Node) -> tuple[c_ast.Node, c_ast.Node] | None:
    """(lo, hi) of a rewritten GNU designator range, None for any other designator."""
    if (isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID)
            and node.name.name == DESIGNATOR_RANGE and node.args is not None
            and len(node.args.exprs) == 2):
        low, high = node.args.exprs
        return low, high
    return None


def unreadable_extension(line: str) -> str | None:
    """The GNU keyword on a source line that pycparser cannot parse, if any."""
    for word in _UNREADABLE:
        if re.search(rf"\b{word}\b", line):
            return word
    return None


ATTRIBUTE = "__liftdiff_attribute"
"""What the prelude makes of `__attribute__((...))`: removed here, after macros."""
PACKED_MARKER = "__liftdiff_packed"
"""A member (struct) or enumerator (enum) that says `packed` where the parser
keeps no attribute; the file tables read it and drop it."""
_PACKED = re.compile(r"\b(?:__packed__|packed)\b")
_TAG_KEYWORD = re.compile(r"\b(enum|struct|union)\s*$")
_HEAD = re.compile(r"\b(enum|struct|union)\b(?:\s+[A-Za-z_]\w*)?\s*$")
_WINDOW = 256
"""How far before an attribute or a brace the keyword is looked for."""
_AFTER_TAG = re.compile(r"\s*(?:[A-Za-z_]\w*\s*)?\{")


def rewrite_attributes(text: str) -> str:
    """Every GNU attribute removed, keeping line breaks; `packed` on an enum,
    struct or union specifier (`enum __attribute__((packed)) e {...}` or `struct s {...}
    __attribute__((packed))`) becomes a marker inside its braces, because it
    changes the type: a packed enum is the narrowest type that holds its
    values, a packed struct has no padding. `packed` anywhere else (on a
    member) and every other attribute are dropped."""
    owners = {owner for start, end in _attribute_spans(text)
              if _PACKED.search(text, start, end)
              and (owner := _packed_owner(text, start, end)) is not None}
    for brace, keyword in sorted(owners, reverse=True):  # the last first: offsets hold
        text = _with_marker(text, brace, keyword)
    out: list[str] = []
    index = 0
    for start, end in _attribute_spans(text):
        out += [text[index:start], "\n" * text.count("\n", start, end)]
        index = end
    out.append(text[index:])
    return "".join(out)


def _attribute_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    index = 0
    while (start := text.find(ATTRIBUTE, index)) >= 0:
        end = _balanced_end(text, start + len(ATTRIBUTE))
        if end is None:
            break
        spans.append((start, end))
        index = end
    return spans


def _balanced_end(text: str, index: int) -> int | None:
    """The end of the parenthesised argument that starts at `index` (after blanks)."""
    while index < len(text) and text[index] in " \t\n":
        index += 1
    if index >= len(text) or text[index] != "(":
        return None
    depth = 0
    quote = ""
    while index < len(text):
        char = text[index]
        if quote:
            if char == "\\":
                index += 1
            elif char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return index + 1
        index += 1
    return None


def _packed_owner(text: str, start: int, end: int) -> tuple[int, str] | None:
    """The enum, struct or union body (offset of its '{', keyword) that a `packed`
    attribute at text[start:end] belongs to: right after the keyword, or right
    after the closing brace."""
    keyword = _TAG_KEYWORD.search(text, max(0, start - _WINDOW), start)
    if keyword is not None:
        brace = _AFTER_TAG.match(text, end)
        return None if brace is None else (brace.end() - 1, keyword.group(1))
    stripped = text[:start].rstrip()
    if not stripped.endswith("}"):
        return None
    opening = _matching(text, len(stripped) - 1, -1)
    head = None if opening is None else _HEAD.search(text, max(0, opening - _WINDOW), opening)
    return None if opening is None or head is None else (opening, head.group(1))


def _matching(text: str, index: int, step: int) -> int | None:
    """The brace that matches the one at `index`, searching in direction `step`."""
    depth = 0
    while 0 <= index < len(text):
        if text[index] in "{}":
            depth += 1 if (text[index] == "{") == (step > 0) else -1
            if depth == 0:
                return index
        index += step
    return None


def _with_marker(text: str, brace: int, keyword: str) -> str:
    if keyword != "enum":
        return text[: brace + 1] + f" char {PACKED_MARKER};" + text[brace + 1 :]
    close = _matching(text, brace, 1)
    if close is None:
        return text
    inner = text[brace + 1 : close].rstrip()
    separator = "" if inner.endswith(",") or not inner.strip() else ","
    return text[:close] + f"{separator} {PACKED_MARKER} = 0" + text[close:]
