"""The repository as liftdiff needs it: revisions, changed paths, file texts, history.

Everything git-specific is here, behind plain values, so the rest of `hooks/`
never touches GitPython objects. Index reads go through git itself so that a
hook sees the index git is committing (`GIT_INDEX_FILE` during `git commit -a`).
"""

from __future__ import annotations

import datetime as dt
import os
import pathlib
import re
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass

import git
from git.exc import BadName, GitCommandError, InvalidGitRepositoryError, NoSuchPathError

from checker.errors import LiftdiffError

EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
INDEX = ":index"
"""Pseudo-revision: the staged content."""
WORKTREE = ":worktree"
"""Pseudo-revision: the tracked files as they are on disk (`pre-commit run --all-files`)."""
_BINARY_SNIFF = 8000


class GitError(LiftdiffError):
    """Not a repository, an unknown revision, or git refusing a command."""


@dataclass(frozen=True)
class CommitInfo:
    sha: str
    parent: str | None
    """First parent; None for a root commit."""
    author: str
    date: str
    """Author date, ISO 8601 with offset."""
    subject: str
    message: str

    @property
    def short(self) -> str:
        return self.sha[:10]


@dataclass(frozen=True)
class FileDelta:
    """One changed path; a rename has both paths, an addition no old path."""

    old_path: str | None
    new_path: str | None


@dataclass(frozen=True)
class Blob:
    """A file's content at one revision, decoded, or why it could not be."""

    path: str
    text: str | None
    problem: str | None = None


class Repo:
    def __init__(self, path: str = ".") -> None:
        try:
            self._repo = git.Repo(path, search_parent_directories=True)
        except (InvalidGitRepositoryError, NoSuchPathError):
            raise GitError(
                f"not a git repository: {os.path.abspath(path)} "
                "(run liftdiff inside a git work tree)"
            ) from None
        if self._repo.bare:
            raise GitError(f"{path} is a bare repository; liftdiff needs a work tree")
        self.root = str(self._repo.working_tree_dir)
        self.git_dir = os.path.abspath(self._repo.git_dir)
        self.common_dir = os.path.abspath(self._repo.common_dir)

    def _git(self, *args: str) -> str:
        try:
            return str(self._repo.git.execute(["git", *args], strip_newline_in_stdout=False))
        except GitCommandError as exc:
            detail = (exc.stderr or "").strip().removeprefix("stderr:").strip().strip("'")
            raise GitError(f"git {args[0]} failed: {detail or exc}") from None

    def has_head(self) -> bool:
        try:
            self._repo.head.commit  # noqa: B018 - raises on an unborn branch
        except ValueError:
            return False
        return True

    def resolve(self, rev: str) -> CommitInfo:
        """The commit a revision names; a clear GitError if it names none."""
        try:
            commit = self._repo.commit(rev)
        except (BadName, ValueError, GitCommandError):
            kind = None if rev.startswith("-") else self._object_type(rev)
            if kind is None:
                raise GitError(f"unknown revision '{rev}'") from None
            raise GitError(f"revision '{rev}' is a {kind}, not a commit") from None
        return _info(commit)

    def _object_type(self, rev: str) -> str | None:
        """`tree`, `blob`... for an object that exists (a tag: the type it points at)."""
        try:
            kind = self._git("cat-file", "-t", rev).strip()
            return self._git("cat-file", "-t", f"{rev}^{{}}").strip() if kind == "tag" else kind
        except GitError:
            return None

    def commits(
        self, spec: str, since: str | None = None, limit: int | None = None
    ) -> list[CommitInfo]:
        """First-parent commits of `spec` (a revision or `A..B`), oldest first.

        `limit` keeps the most recent N, the ones a nightly scan cares about.
        """
        for side in spec.split(".."):
            if side:
                self.resolve(side)
        args = ["rev-list", "--first-parent"]
        if since:
            self._check_date(since)
            args.append(f"--since={since}")
        if limit is not None:
            args.append(f"--max-count={limit}")
        shas = self._git(*args, spec, "--").split()
        return [_info(self._repo.commit(sha)) for sha in reversed(shas)]

    def _check_date(self, text: str) -> None:
        """`git rev-list --since` reads a date it cannot parse as "now" and lists
        nothing; git's careful date parser (behind `config --type=expiry-date`)
        says when a date is not one, so a typo is an error, not an empty scan."""
        try:
            self._git("-c", f"liftdiff.since={text}", "config", "--type=expiry-date",
                      "liftdiff.since")
        except GitError:
            raise GitError(f"--since: not a date git understands: {text!r}") from None

    def merge_base(self, a: str, b: str) -> str | None:
        """The best common ancestor of two revisions, or None when they share none."""
        try:
            return self._git("merge-base", a, b).strip() or None
        except GitError:
            return None

    def branch(self) -> str | None:
        """The checked-out branch's short name; None when HEAD is detached."""
        try:
            return self._git("symbolic-ref", "--quiet", "--short", "HEAD").strip() or None
        except GitError:
            return None

    def remote_url(self) -> str | None:
        """The URL of `origin` (else the first remote) as a URI without credentials,
        or None without remotes. Reports carry it, so a token in it must not leak."""
        names = [r.name for r in self._repo.remotes]
        if not names:
            return None
        name = "origin" if "origin" in names else names[0]
        urls = list(self._repo.remote(name).urls)
        return public_uri(urls[0]) if urls else None

    def deltas(self, old: str | None, new: str) -> list[FileDelta]:
        """Changed paths from `old` (None: empty tree) to `new` (a commit, INDEX or
        WORKTREE)."""
        base = old or EMPTY_TREE
        if new == INDEX:
            out = self._git("diff-index", "--cached", "-z", "-M", "--name-status", base, "--")
        elif new == WORKTREE:
            out = self._git("diff-index", "-z", "-M", "--name-status", base, "--")
        else:
            out = self._git("diff-tree", "-r", "-z", "-M", "--name-status", base, new, "--")
        return list(_parse_name_status(out))

    def snapshot(self, rev: str | None) -> Snapshot:
        """Files at `rev` (a commit sha, INDEX, WORKTREE, or None for the empty tree)."""
        if rev == WORKTREE:
            tracked = frozenset(p for p in self._git("ls-files", "-z").split("\0") if p)
            return Snapshot(self._repo, None, worktree=(self.root, tracked))
        shas: dict[str, str] = {}
        if rev == INDEX:
            for entry in self._git("ls-files", "--stage", "-z").split("\0"):
                if entry:
                    meta, path = entry.split("\t", 1)
                    mode, sha, stage = meta.split()
                    if stage == "0" and not mode.startswith("16"):
                        shas[path] = sha
        elif rev is not None:  # one listing, not a walk of tree objects per file read
            for entry in self._git("ls-tree", "-r", "-z", "--full-tree", rev).split("\0"):
                if entry:
                    meta, path = entry.split("\t", 1)
                    _mode, kind, sha = meta.split()
                    if kind == "blob":
                        shas[path] = sha
        return Snapshot(self._repo, shas)

    def hooks_dir(self) -> str:
        """Where git runs hooks from, honouring core.hooksPath."""
        path = self._git("rev-parse", "--git-path", "hooks").strip()
        return os.path.normpath(os.path.join(self.root, path))


class Snapshot:
    """The files of one revision, read on demand (a hook reads only a few)."""

    def __init__(
        self,
        repo: git.Repo,
        index: dict[str, str] | None,
        worktree: tuple[str, frozenset[str]] | None = None,
    ) -> None:
        self._repo = repo
        self._index = index  # path -> blob sha, for a commit or the index
        self._worktree = worktree  # the work tree's root and its tracked paths
        self._read: dict[str, Blob] = {}  # a header is read once, not per file including it

    def read(self, path: str) -> Blob:
        blob = self._read.get(path)
        if blob is None:
            blob = self._read[path] = self._decoded(path)
        return blob

    def _decoded(self, path: str) -> Blob:
        try:
            data = self._bytes(path)
        except OSError as exc:  # a work-tree file we may not read
            return Blob(path, None, f"cannot read ({exc.strerror}), not checked")
        if data is None:
            return Blob(path, None, "absent")
        if b"\0" in data[:_BINARY_SNIFF]:
            return Blob(path, None, "binary file, not checked")
        try:
            return Blob(path, data.decode("utf-8"))
        except UnicodeDecodeError as exc:
            return Blob(
                path, None, f"not UTF-8 text ({exc.reason} at byte {exc.start}), not checked"
            )

    def text(self, path: str) -> str | None:
        return self.read(path).text

    def paths(self) -> list[str]:
        """Every file path of the revision."""
        if self._worktree is not None:
            return sorted(self._worktree[1])
        return sorted(self._index or {})

    def _bytes(self, path: str) -> bytes | None:
        if self._worktree is not None:
            root, tracked = self._worktree
            full = os.path.join(root, path)
            if path not in tracked or not os.path.isfile(full):
                return None
            with open(full, "rb") as handle:
                return handle.read()
        sha = (self._index or {}).get(path)
        if sha is None:
            return None
        return bytes(self._repo.odb.stream(bytes.fromhex(sha)).read())


_SCP_LIKE = re.compile(r"^(?:[^@/:]+@)?([^/:]+):(?!//)(.*)$")


def public_uri(url: str) -> str:
    """A remote URL as a URI without user name or password: `https://tok@host/r`
    -> `https://host/r`; scp-like `git@host:o/r.git` -> `ssh://host/o/r.git`."""
    parts = urllib.parse.urlsplit(url)
    if len(parts.scheme) > 1:  # not a Windows drive letter
        host = parts.netloc.rsplit("@", 1)[-1]
        return urllib.parse.urlunsplit(parts._replace(netloc=host))
    scp = _SCP_LIKE.match(url)
    if scp and not os.path.isabs(url):
        return f"ssh://{scp.group(1)}/{scp.group(2).lstrip('/')}"
    return pathlib.Path(os.path.abspath(url)).as_uri()


def _info(commit: git.Commit) -> CommitInfo:
    message = str(commit.message)
    when = dt.datetime.fromtimestamp(
        commit.authored_date, dt.timezone(dt.timedelta(seconds=-commit.author_tz_offset))
    )
    return CommitInfo(
        sha=commit.hexsha,
        parent=commit.parents[0].hexsha if commit.parents else None,
        author=f"{commit.author.name} <{commit.author.email}>",
        date=when.isoformat(),
        subject=message.split("\n", 1)[0].strip(),
        message=message,
    )


def _parse_name_status(out: str) -> Iterator[FileDelta]:
    fields = out.split("\0")
    index = 0
    while index < len(fields) and fields[index]:
        status = fields[index]
        if status[0] in "RC":
            old, new = fields[index + 1], fields[index + 2]
            index += 3
            yield FileDelta(old if status[0] == "R" else None, new)
            continue
        path = fields[index + 1]
        index += 2
        if status[0] == "A":
            yield FileDelta(None, path)
        elif status[0] == "D":
            yield FileDelta(path, None)
        else:
            yield FileDelta(path, path)
