"""Where something is in the user's C source: file, line, column.

Below both the result types (`checker.types`) and the errors (`checker.errors`),
which both carry locations, so neither has to import the other's module.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Location:
    path: str
    line: int
    column: int = 0

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"
