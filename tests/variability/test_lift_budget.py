"""A file version that would split into too many variants is refused at once."""

from __future__ import annotations

import time

import pytest

from checker.errors import UnsupportedError
from checker.types import Settings
from checker.variability import lift
from checker.variability.lift import MAX_VARIANTS


def _clashing(count: int) -> str:
    """`count` globals each with a type per feature (structural), all read."""
    parts = []
    for i in range(count):
        parts.append(f"#if FEATURE_{i}\nint g{i};\n#else\nlong g{i};\n#endif")
    reads = " + ".join(f"(int)g{i}" for i in range(count))
    parts.append(f"int target(void) {{ return {reads}; }}")
    return "\n".join(parts) + "\n"


def test_a_few_structural_conditionals_are_enumerated() -> None:
    lifted = lift(_clashing(3), "a.c", Settings())
    assert len(lifted.variants) == 8


def test_thirty_structural_conditionals_are_refused_quickly_with_their_places() -> None:
    started = time.monotonic()
    with pytest.raises(UnsupportedError) as raised:
        lift(_clashing(30), "a.c", Settings())
    assert time.monotonic() - started < 10
    message = str(raised.value)
    assert f"more than {MAX_VARIANTS} variants" in message
    assert "a.c:1" in message
