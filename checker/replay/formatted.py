"""`sprintf` and `snprintf` as C defines them, for the interpreter.

To the solver they are calls without code (`STANDARD_RESULTS`): an EQUIVALENT
holds whatever they write and return. The compiled replay runs glibc's, so
the interpreter must too, or no witness through such a call replays: the
text (rendered by the real `snprintf`, `libm.format_printf`) and its NUL go
into memory, the length comes back, and there is no event (glibc's function
is not code we lack). Only `%s` strings in memory are read from it; a null
one, undefined in C, prints as glibc prints it.
"""

from __future__ import annotations

from dataclasses import dataclass

from checker.errors import UnsupportedError
from checker.replay.memory import ByteHeap
from checker.semantics import ctype as ct
from checker.semantics import libm

Arg = int | float | str

LONGEST_TEXT = 1 << 16
"""Bytes read for one `%s` string before it counts as unterminated."""


GLIBC_NULL = "(null)"
"""What glibc prints for `%s` of NULL (nothing, under a precision too small for it)."""


@dataclass(frozen=True)
class Formatted:
    """What one call does: `data` (its NUL included) written at `dest`, `result` returned."""

    dest: int
    data: bytes
    result: int


def format_call(func: str, args: tuple[Arg, ...], heap: ByteHeap) -> Formatted:
    """The effect of `sprintf(dest, fmt, ...)` or `snprintf(dest, size, fmt, ...)`
    on arguments `args` (the call's own, without its position).

    Raises UnsupportedError where the text cannot be rendered here
    (`libm.format_printf`)."""
    fixed = 3 if func == "snprintf" else 2
    if len(args) < fixed:
        raise UnsupportedError(f"'{func}' called with {len(args)} arguments")
    dest, fmt = args[0], args[fixed - 1]
    if isinstance(fmt, int):
        fmt = _text_at(heap, fmt)
    if not isinstance(fmt, str) or not isinstance(dest, int) or not dest:
        raise UnsupportedError(f"'{func}' with a format or destination not in memory")
    text = libm.format_printf(fmt, args[fixed:], lambda at, most: _text_at(heap, at, most))
    encoded = text.encode("latin-1")
    if func == "sprintf":
        return Formatted(dest, encoded + b"\0", len(encoded))
    size = args[1]
    if not isinstance(size, int):
        raise UnsupportedError("'snprintf' given a size that is not an integer")
    size = ct.ULONG.wrap(size)
    return Formatted(dest, encoded[:size - 1] + b"\0" if size else b"", len(encoded))


def write(heap: ByteHeap, call: Formatted) -> None:
    for offset, byte in enumerate(call.data):
        heap.write(call.dest + offset, byte, ct.UCHAR)


def _text_at(heap: ByteHeap, address: int, most: int | None = None) -> str:
    """The NUL-terminated string at `address`, or its first `most` bytes (read
    as C reads them: no byte past the end or the precision)."""
    if not address:  # undefined in C; glibc's text, which the compiled replay shows
        return GLIBC_NULL if most is None or most >= len(GLIBC_NULL) else ""
    text = bytearray()
    while len(text) < (LONGEST_TEXT if most is None else min(most, LONGEST_TEXT)):
        byte = int(heap.read(address + len(text), ct.UCHAR))
        if not byte:
            return text.decode("latin-1")
        text.append(byte)
    if len(text) == most:
        return text.decode("latin-1")
    raise UnsupportedError(f"a string given to a printf conversion has no end within "
                           f"{LONGEST_TEXT} bytes")
