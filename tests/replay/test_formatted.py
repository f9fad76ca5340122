"""`sprintf`/`snprintf` as C defines them (`checker/replay/formatted.py`): what
the interpreter writes and returns must be what glibc does, or no witness
through such a call replays under gcc."""

from __future__ import annotations

import pytest

from checker.errors import UnsupportedError
from checker.replay.formatted import format_call, write
from checker.replay.memory import ByteHeap, HeapInit

NAME = 0x1000
BUFFER = 0x2000


def heap_with(text: bytes) -> ByteHeap:
    return ByteHeap(HeapInit(bytes={NAME + i: b for i, b in enumerate(text)}))


def test_sprintf_writes_the_text_and_its_nul_and_returns_its_length() -> None:
    heap = heap_with(b"eth0\0")
    call = format_call("sprintf", (BUFFER, "%.16s/brforward", NAME), heap)
    assert call.data == b"eth0/brforward\0"
    assert call.result == 14
    write(heap, call)
    assert bytes(heap.current[BUFFER + i] for i in range(15)) == b"eth0/brforward\0"


def test_snprintf_truncates_but_returns_the_whole_length() -> None:
    call = format_call("snprintf", (BUFFER, 4, "%d", 12345), heap_with(b""))
    assert (call.data, call.result) == (b"123\0", 5)


def test_snprintf_of_size_zero_writes_nothing() -> None:
    call = format_call("snprintf", (BUFFER, 0, "%d", 7), heap_with(b""))
    assert (call.data, call.result) == (b"", 1)


def test_precision_reads_no_byte_past_it() -> None:
    """`%.3s` of an unterminated array is defined: only three bytes are read."""
    heap = heap_with(b"abcdef")
    call = format_call("sprintf", (BUFFER, "<%.3s>", NAME), heap)
    assert call.data == b"<abc>\0"
    assert NAME + 3 not in heap.current


def test_star_precision_is_read_from_the_arguments() -> None:
    call = format_call("sprintf", (BUFFER, "%.*s|%d", 2, NAME, -4), heap_with(b"xyz\0"))
    assert call.data == b"xy|-4\0"


def test_a_null_string_prints_as_glibc_prints_it() -> None:
    """Undefined in C; the compiled replay runs glibc, so the interpreter agrees."""
    call = format_call("sprintf", (BUFFER, "[%s][%.3s][%.6s][%10s]", 0, 0, 0, 0), heap_with(b""))
    assert call.data == b"[(null)][][(null)][    (null)]\0"


def test_an_address_is_refused_for_percent_p() -> None:
    """The interpreter's addresses are not the compiled program's."""
    with pytest.raises(UnsupportedError, match="%p"):
        format_call("sprintf", (BUFFER, "%p", NAME), heap_with(b""))


def test_a_negative_star_precision_is_none_and_an_empty_one_is_zero() -> None:
    """C11 7.21.6.1p5: `%.*s` given -1 reads the whole string; `%.s` is `%.0s`."""
    heap = heap_with(b"xyz\0")
    assert format_call("sprintf", (BUFFER, "%.*s|%.s", -1, NAME, NAME), heap).data == b"xyz|\0"
