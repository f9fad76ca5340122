"""What a hook run is asked to check: the pre-commit framework's refs and file names.

`pre-commit run --from-ref X --to-ref Y` (and its pre-push stage) exports
PRE_COMMIT_FROM_REF / PRE_COMMIT_TO_REF (PRE_COMMIT_ORIGIN / PRE_COMMIT_SOURCE
before 2.0): the hook checks the net change X...Y, as `git diff X...Y` names it
(merge base to Y). Otherwise, with `pass_filenames: true`, pre-commit names the
files: the staged ones on a commit (unstaged edits are stashed, so the work tree
holds the staged text), every tracked file with `--all-files`, the given ones
with `--files`; the hook checks those files as they are in the work tree against
HEAD. A plain git hook names nothing and checks the index against HEAD.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from hooks.analyze import Step
from hooks.gitrepo import INDEX, WORKTREE, CommitInfo, GitError, Repo

REF_VARIABLES = (
    ("PRE_COMMIT_FROM_REF", "PRE_COMMIT_TO_REF"),
    ("PRE_COMMIT_ORIGIN", "PRE_COMMIT_SOURCE"),
)


def named_refs(env: Mapping[str, str]) -> tuple[str, str] | None:
    """(from, to) when pre-commit runs on a range of commits; None otherwise."""
    for old, new in REF_VARIABLES:
        if env.get(old) and env.get(new):
            return env[old], env[new]
    return None


def hook_step(
    repo: Repo, env: Mapping[str, str], files: Sequence[str]
) -> tuple[Step, list[CommitInfo]]:
    """The comparison a hook run makes, and the commits whose messages may carry
    Behavior-Change trailers for it (a range's commits; none otherwise)."""
    refs = named_refs(env)
    if refs is not None:
        old, new = (repo.resolve(ref).sha for ref in refs)
        base = repo.merge_base(old, new) or old
        return Step(base, new, f"{refs[0]}...{refs[1]}"), repo.commits(f"{base}..{new}")
    if files:
        paths = frozenset(_repo_relative(repo, path) for path in files)
        return Step(_head(repo), WORKTREE, "working tree", paths=paths), []
    return staged_step(repo), []


def staged_step(repo: Repo) -> Step:
    """The index against HEAD: what `git commit` is about to record."""
    return Step(_head(repo), INDEX, "staged changes")


def _head(repo: Repo) -> str | None:
    return repo.resolve("HEAD").sha if repo.has_head() else None


def _repo_relative(repo: Repo, path: str) -> str:
    """pre-commit names paths relative to the repository root, as git does."""
    absolute = os.path.abspath(os.path.join(repo.root, path))
    relative = os.path.relpath(absolute, repo.root)
    if relative.startswith(".."):
        raise GitError(f"{path} is outside the repository {repo.root}")
    return relative.replace(os.sep, "/")
