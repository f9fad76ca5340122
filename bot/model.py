"""The bot's plain values: a pull request as the bot needs it, and the review of its
net change. The GitHub conversation (`bot.conversation`) is a function of these.

`Review` crosses a process boundary (the App analyses in a child process), so it
has a JSON shape here, built on the git side's codec for results and changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from checker.errors import ConfigError
from checker.frontend.changes import FunctionChange
from checker.types import FunctionResult, Verdict
from hooks.acknowledge import DEFAULT_TRAILER, Acknowledgement, from_labels, from_message
from hooks.codec import change_from_dict, change_to_dict, result_from_dict, result_to_dict
from hooks.plan import FileNote


class BotError(ConfigError):
    """A bot setting, a webhook or a GitHub answer the bot cannot work with."""


@dataclass(frozen=True)
class PullRequest:
    repository: str
    """owner/name of the base repository."""
    number: int
    title: str
    body: str
    labels: tuple[str, ...]
    base_sha: str
    head_sha: str
    merge_base: str
    """The net change of the PR is merge_base -> head_sha."""
    clone_url: str
    web_url: str
    """The repository's web address (links to files at the head commit)."""
    commit_messages: tuple[str, ...]
    changed_files: int
    changed_lines: int

    def acknowledgement(self, trailer: str = DEFAULT_TRAILER) -> Acknowledgement:
        """Intended changes: trailers in the description or any commit, or a label."""
        ack = from_message(self.body, trailer) | from_labels(self.labels, trailer)
        for message in self.commit_messages:
            ack = ack | from_message(message, trailer)
        return ack


@dataclass(frozen=True)
class Review:
    """The net change of a pull request, analysed (or why it was not)."""

    base: str
    head: str
    results: tuple[FunctionResult, ...] = ()
    unchecked: tuple[FunctionChange, ...] = ()
    """Added, removed, renamed functions and signature changes: listed, not checked."""
    notes: tuple[FileNote, ...] = ()
    skipped: str | None = None
    """Why nothing was checked (a diff over the limits), or None."""
    compiled_replay: bool = False
    """Whether witnesses could also be replayed by gcc (never in the App: PR code is
    not compiled there; in the Action the code is the user's own CI's)."""
    block: frozenset[Verdict] = frozenset({Verdict.NOT_EQUIVALENT})
    """The analysed repository's policy: verdicts that fail the check."""
    trailer: str = DEFAULT_TRAILER

    def to_dict(self) -> dict[str, Any]:
        return {
            "base": self.base,
            "head": self.head,
            "results": [result_to_dict(r) for r in self.results],
            "unchecked": [change_to_dict(c) for c in self.unchecked],
            "notes": [{"path": n.path, "message": n.message} for n in self.notes],
            "skipped": self.skipped,
            "compiled_replay": self.compiled_replay,
            "block": sorted(v.value for v in self.block),
            "trailer": self.trailer,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Review:
        try:
            return cls(
                base=str(data["base"]),
                head=str(data["head"]),
                results=tuple(result_from_dict(r) for r in data["results"]),
                unchecked=tuple(change_from_dict(c) for c in data["unchecked"]),
                notes=tuple(FileNote(str(n["path"]), str(n["message"])) for n in data["notes"]),
                skipped=data["skipped"],
                compiled_replay=bool(data["compiled_replay"]),
                block=frozenset(Verdict(v) for v in data["block"]),
                trailer=str(data["trailer"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise BotError(f"malformed review ({type(exc).__name__}: {exc})") from None
