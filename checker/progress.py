"""Progress on stderr while a long check runs: a live bar on a terminal, lines in a log.

On a terminal (rich): the current function, a bar, counts, elapsed time and an
estimate of the time left, redrawn in place and gone when the run ends. Where
stderr is not a terminal (CI logs, a file), one plain line per function or
commit, with counts, elapsed time and the estimate, and never a control
character. The command-line faces pick one with `progress_for` and hand it
their stderr; tests pass string buffers and a clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Protocol, TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

Clock = Callable[[], float]


class ProgressSink(Protocol):
    """Phases of counted items (`reading commits`, `checking functions`)."""

    def phase(self, title: str, total: int) -> None:
        """A new phase of `total` items begins (the previous one is over)."""

    def start(self, label: str) -> None:
        """Work on the item `label` begins."""

    def advance(self, count: int = 1) -> None:
        """`count` more items of the phase are done."""

    def close(self) -> None:
        """The run is over: leave the terminal clean."""


class NoProgress:
    def phase(self, title: str, total: int) -> None:
        pass

    def start(self, label: str) -> None:
        pass

    def advance(self, count: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


def _clock_text(seconds: float) -> str:
    seconds = round(seconds)
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


class LineProgress:
    """One line per started item: `liftdiff: checking functions 3/10 f (src/a.c)
    - 0:00:04 elapsed, about 0:00:09 left`. The estimate is the mean time per
    item done so far, times the items left; none before the first is done."""

    def __init__(self, stream: TextIO, clock: Clock = time.monotonic) -> None:
        self._stream = stream
        self._clock = clock
        self._title = ""
        self._total = 0
        self._done = 0
        self._started = clock()

    def phase(self, title: str, total: int) -> None:
        self._title, self._total, self._done = title, total, 0
        self._started = self._clock()

    def start(self, label: str) -> None:
        elapsed = self._clock() - self._started
        line = (
            f"liftdiff: {self._title} {min(self._done + 1, self._total)}/{self._total} "
            f"{_printable(label)} - {_clock_text(elapsed)} elapsed"
        )
        if self._done:
            left = elapsed / self._done * (self._total - self._done)
            line += f", about {_clock_text(left)} left"
        self._stream.write(line + "\n")
        self._stream.flush()

    def advance(self, count: int = 1) -> None:
        self._done += count

    def close(self) -> None:
        pass


class BarProgress:
    """rich's live bar on a terminal; transient, so the report starts on a clean line."""

    def __init__(self, stream: TextIO, color: bool = True) -> None:
        self._progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("eta"),
            TimeRemainingColumn(),
            TextColumn("{task.fields[current]}"),
            console=Console(file=stream, force_terminal=True, no_color=not color),
            transient=True,
        )
        self._task: TaskID | None = None
        self._progress.start()

    def phase(self, title: str, total: int) -> None:
        if self._task is not None:
            self._progress.remove_task(self._task)
        self._task = self._progress.add_task(title, total=total, current="")

    def start(self, label: str) -> None:
        if self._task is not None:
            self._progress.update(self._task, current=_printable(label))
            self._progress.refresh()

    def advance(self, count: int = 1) -> None:
        if self._task is not None:
            self._progress.advance(self._task, count)
            self._progress.refresh()

    def close(self) -> None:
        self._progress.stop()


def _printable(text: str) -> str:
    """No control characters from a file name or label into a log line."""
    return "".join(ch if ch.isprintable() else "?" for ch in text)


def progress_for(
    stream: TextIO, env: Mapping[str, str], enabled: bool = True, color: bool = True
) -> ProgressSink:
    """The bar on a terminal, lines elsewhere; nothing when disabled (--no-progress)."""
    if not enabled:
        return NoProgress()
    if stream.isatty() and env.get("TERM") != "dumb":
        return BarProgress(stream, color)
    return LineProgress(stream)
