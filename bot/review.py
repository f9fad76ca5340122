"""The work for one pull request: its net change (merge base -> head), analysed.

The git side does the analysis (`hooks.analyze`, the same code as `range` and the
hooks); this module adds what a bot needs around it: the settings of the base
revision (a pull request cannot loosen its own check), limits on the size of
what it checks, and interpreter-only replay where PR code must not be compiled.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.model import BotError, PullRequest, Review
from checker.api import check_pair
from checker.replay.compiled_replay import replay_compiler
from hooks.analyze import Step, analyze
from hooks.config import Config, parse_config
from hooks.failsafe import CONFIG_NAME
from hooks.gitrepo import Repo
from hooks.runner import CheckFn


@dataclass(frozen=True)
class Limits:
    """How much of a pull request the bot takes on; over a limit it says so and skips."""

    max_files: int = 300
    max_lines: int = 20_000
    """Added plus deleted lines of the net change."""
    max_functions: int = 60
    """Changed functions that need the engine."""
    time_budget: float = 600.0
    """Seconds for the engine work of one pull request; later functions become UNKNOWN."""
    clone_timeout: float = 180.0
    clone_bytes: int = 500 * 2**20


class TooManyFunctions(BotError):
    pass


def size_problem(pr: PullRequest, limits: Limits) -> str | None:
    """Why a pull request is too large to check, from GitHub's own counts (no clone)."""
    if pr.changed_files > limits.max_files:
        return (
            f"{pr.changed_files} changed files is more than this installation checks "
            f"({limits.max_files})"
        )
    if pr.changed_lines > limits.max_lines:
        return (
            f"{pr.changed_lines} changed lines is more than this installation checks "
            f"({limits.max_lines})"
        )
    return None


def config_at(repo: Repo, rev: str) -> Config:
    """`.liftdiff.toml` as the revision has it (defaults when absent)."""
    blob = repo.snapshot(rev).read(CONFIG_NAME)
    if blob.text is None:
        return Config()
    return parse_config(blob.text.encode("utf-8"), f"{CONFIG_NAME} at {rev[:10]}")


def review(
    repo: Repo,
    base: str,
    head: str,
    limits: Limits,
    allow_compiler: bool,
    check: CheckFn = check_pair,
) -> Review:
    """Analyse base -> head. Without `allow_compiler` the code is untrusted: nothing of
    it is compiled or run (witnesses are replayed by liftdiff's interpreter only), and
    an `#include` is looked up in the revision and the stub prelude, never on disk."""
    config = config_at(repo, base)
    settings = config.settings
    if not allow_compiler:
        untrusted = {"use_compiler": False, "brute_force": False, "disk_headers": False}
        settings = settings.overlay(untrusted)
    config = Config(settings, config.policy, config.origin)

    def bounded(total: int) -> None:
        if total > limits.max_functions:
            raise TooManyFunctions(
                f"{total} changed functions is more than this installation checks "
                f"({limits.max_functions})"
            )

    skipped: str | None
    try:
        outcomes, _ = analyze(
            repo,
            [Step(base, head, f"{base[:10]}..{head[:10]}")],
            config,
            None,
            check,
            budget=limits.time_budget,
            on_planned=bounded,
        )
    except TooManyFunctions as exc:
        outcomes, skipped = [], str(exc)
    else:
        skipped = None
    return Review(
        base=base,
        head=head,
        results=tuple(o.result for c in outcomes for o in c.outcomes),
        unchecked=tuple(change for c in outcomes for change in c.unchecked),
        notes=tuple(note for c in outcomes for note in c.notes),
        skipped=skipped,
        compiled_replay=replay_compiler(settings) is not None,
        block=config.policy.block,
        trailer=config.policy.trailer,
    )
