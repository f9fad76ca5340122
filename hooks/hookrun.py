"""What a commit hook decides: block, warn or pass, and the message that says why.

Policy (from `.liftdiff.toml`): verdicts in `policy.block` block (default only
NOT_EQUIVALENT); other verdicts are printed as warnings. A function named in a
`Behavior-Change:` trailer (commit-msg stage; the rule is `hooks.acknowledge`)
may change behaviour; `LIFTDIFF_SKIP=1` skips the check. Internal errors fail open unless ERROR is
in `policy.block`, and the message says so.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from checker.types import Verdict
from hooks.acknowledge import NOTHING, Acknowledgement, judge
from hooks.config import Policy
from hooks.failsafe import SKIP_VARIABLE
from hooks.output import outcome_lines
from hooks.runner import Outcome

EXIT_PASS = 0
EXIT_BLOCK = 1


class Stage(enum.Enum):
    PRE_COMMIT = "pre-commit"
    COMMIT_MSG = "commit-msg"


@dataclass(frozen=True)
class Decision:
    exit_code: int
    message: str




def decide(
    outcomes: Sequence[Outcome],
    policy: Policy,
    stage: Stage,
    ack: Acknowledgement = NOTHING,
) -> Decision:
    judgement = judge(outcomes, policy.block, ack, lambda o: o.result)
    blocking, allowed = judgement.blocking, judgement.acknowledged
    errors = [o for o in judgement.undecided if o.result.verdict is Verdict.ERROR]
    warnings = [o for o in judgement.undecided if o.result.verdict is not Verdict.ERROR]
    lines: list[str] = []
    if blocking:
        lines.append(
            f"liftdiff: commit blocked: {len(blocking)} changed function(s) {_what(blocking)}:"
        )
        for outcome in blocking:
            lines.extend("  " + line for line in outcome_lines(outcome))
    if allowed:
        lines.append(f"liftdiff: intended behaviour change ({policy.trailer} trailer):")
        for outcome in allowed:
            lines.extend("  " + line for line in outcome_lines(outcome))
    if warnings:
        lines.append("liftdiff: warning, not blocking:")
        for outcome in warnings:
            lines.extend("  " + line for line in outcome_lines(outcome))
    if errors:
        lines.append(
            'liftdiff: internal error(s), not blocking (fail-open; add "ERROR" to '
            "[policy] block in .liftdiff.toml to block):"
        )
        for outcome in errors:
            lines.extend("  " + line for line in outcome_lines(outcome))
    if blocking:
        names = " ".join(sorted({o.result.function for o in blocking}))
        if stage is Stage.COMMIT_MSG:
            lines.append(
                "If this behaviour change is intended, add this trailer to the commit message:\n"
                f"    {policy.trailer}: {names} <why>\n"
                f"or commit with {SKIP_VARIABLE}=1."
            )
        else:
            lines.append(
                f"If this behaviour change is intended, commit with {SKIP_VARIABLE}=1 (or use "
                f"the commit-msg hook, which accepts a '{policy.trailer}: {names} <why>' trailer)."
            )
        return Decision(EXIT_BLOCK, "\n".join(lines) + "\n")
    return Decision(EXIT_PASS, "\n".join(lines) + "\n" if lines else "")


def _what(blocking: Sequence[Outcome]) -> str:
    if all(o.result.verdict is Verdict.NOT_EQUIVALENT for o in blocking):
        return "behave differently"
    return "did not pass the policy"
