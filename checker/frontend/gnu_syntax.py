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


def unreadable_extension(line: str) -> str | None:
    """The GNU keyword on a source line that pycparser cannot parse, if any."""
    for word in _UNREADABLE:
        if re.search(rf"\b{word}\b", line):
            return word
    return None
