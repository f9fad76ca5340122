"""GNU C spellings pycparser cannot read, rewritten into C it can.

Real files use gcc's dialect; what pycparser 3 reads of it (statement
expressions, `__attribute__` via the prelude) needs nothing here. A case
range `case lo ... hi:` becomes `case CASE_RANGE(lo, hi):`, which parses as
an ordinary label and which the lowering of `switch` reads as the range. The
rewrite keeps every line break, so locations stay exact.
"""

from __future__ import annotations

import re

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


def unreadable_extension(line: str) -> str | None:
    """The GNU keyword on a source line that pycparser cannot parse, if any."""
    for word in _UNREADABLE:
        if re.search(rf"\b{word}\b", line):
            return word
    return None
