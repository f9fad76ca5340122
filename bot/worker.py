"""The App's analysis of one pull request, in a child process of its own.

`python -m bot.worker` reads a job (JSON) on stdin and the clone token from
`LIFTDIFF_CLONE_TOKEN`, fetches the two commits into the job's temporary
directory, reviews the net change with interpreter-only replay, and writes the
`Review` as JSON on stdout. Running apart means a superseded job is ended by
killing its process group (git and the per-function checkers with it), a
crash or a memory blow-up costs one job, and the server never forks from a
threaded process.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict, dataclass

from bot.clone import fetch
from bot.model import BotError
from bot.review import Limits, review
from checker.errors import LiftdiffError
from checker.reproducible import fix_hash_seed
from hooks.gitrepo import Repo

TOKEN_VARIABLE = "LIFTDIFF_CLONE_TOKEN"


@dataclass(frozen=True)
class Job:
    clone_url: str
    base: str
    head: str
    workdir: str
    limits: Limits

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> Job:
        try:
            data = json.loads(text)
            return cls(
                clone_url=str(data["clone_url"]),
                base=str(data["base"]),
                head=str(data["head"]),
                workdir=str(data["workdir"]),
                limits=Limits(**data["limits"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise BotError(f"malformed job ({type(exc).__name__}: {exc})") from None


def run(job: Job, token: str | None) -> dict[str, object]:
    fetch(
        job.clone_url,
        [job.base, job.head],
        job.workdir,
        token,
        job.limits.clone_timeout,
        job.limits.clone_bytes,
    )
    os.chdir(job.workdir)  # no checkout: relative header look-ups find nothing of ours
    return review(Repo(job.workdir), job.base, job.head, job.limits, allow_compiler=False).to_dict()


def main() -> int:
    token = os.environ.pop(TOKEN_VARIABLE, None)  # not inherited by anything started below
    try:
        result = run(Job.from_json(sys.stdin.read()), token)
    except LiftdiffError as exc:
        result = {"error": str(exc)}
    json.dump(result, sys.stdout)
    return 0


if __name__ == "__main__":
    fix_hash_seed()
    sys.exit(main())
