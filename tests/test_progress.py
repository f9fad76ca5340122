"""Progress on stderr: plain lines in a log, a live bar on a terminal (streams passed in)."""

from __future__ import annotations

import io

from checker.progress import BarProgress, LineProgress, NoProgress, progress_for


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_lines_have_counts_elapsed_time_and_an_estimate() -> None:
    stream, clock = io.StringIO(), Clock()
    progress = LineProgress(stream, clock)
    progress.phase("checking functions", 3)
    progress.start("f (src/a.c)")
    clock.now += 10
    progress.advance()
    progress.start("g (src/a.c)")
    clock.now += 50
    progress.advance()
    progress.start("h\x1b[2J (src/b.c)")
    progress.close()
    assert stream.getvalue().splitlines() == [
        "liftdiff: checking functions 1/3 f (src/a.c) - 0:00:00 elapsed",
        "liftdiff: checking functions 2/3 g (src/a.c) - 0:00:10 elapsed, about 0:00:20 left",
        "liftdiff: checking functions 3/3 h?[2J (src/b.c) - 0:01:00 elapsed, about 0:00:30 left",
    ]


def test_a_new_phase_restarts_counts_and_clock() -> None:
    stream, clock = io.StringIO(), Clock()
    progress = LineProgress(stream, clock)
    progress.phase("reading commits", 2)
    progress.start("abc one")
    progress.advance()
    clock.now += 3700
    progress.phase("checking functions", 1)
    progress.start("f (a.c)")
    assert stream.getvalue().splitlines() == [
        "liftdiff: reading commits 1/2 abc one - 0:00:00 elapsed",
        "liftdiff: checking functions 1/1 f (a.c) - 0:00:00 elapsed",
    ]


def test_bar_on_a_terminal_shows_the_current_function_and_eta() -> None:
    stream = Terminal()
    progress = BarProgress(stream)
    progress.phase("checking functions", 4)
    progress.start("pl_scale (src/scale.c)")
    progress.advance()
    progress.close()
    shown = stream.getvalue()
    assert "checking functions" in shown and "pl_scale (src/scale.c)" in shown
    assert "1/4" in shown and "eta" in shown
    assert "\x1b[" in shown  # drawn in place with control sequences


def test_progress_for_picks_by_stream() -> None:
    assert isinstance(progress_for(io.StringIO(), {}), LineProgress)
    assert isinstance(progress_for(Terminal(), {"TERM": "dumb"}), LineProgress)
    assert isinstance(progress_for(io.StringIO(), {}, enabled=False), NoProgress)
    bar = progress_for(Terminal(), {})
    assert isinstance(bar, BarProgress)
    bar.close()
