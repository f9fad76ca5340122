"""Repository access on real temporary repositories: revisions, deltas, blobs, history."""

from __future__ import annotations

from pathlib import Path

import pytest

from hooks.gitrepo import INDEX, WORKTREE, FileDelta, GitError, Repo, public_uri
from tests.hooks.productline import STEPS, History, build_history, git, init_repo

pytestmark = pytest.mark.git


def test_not_a_repository_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(GitError, match=r"not a git repository: .*run liftdiff inside a git work"):
        Repo(str(tmp_path))


def test_unknown_revision(history: History) -> None:
    with pytest.raises(GitError, match="unknown revision 'nope~3'"):
        Repo(str(history[0])).resolve("nope~3")


def test_resolve_gives_commit_metadata(history: History) -> None:
    path, shas = history
    info = Repo(str(path / "src")).resolve("HEAD~1")
    assert info.sha == shas[-2]
    assert info.parent == shas[-3]
    assert info.subject == "pl.h: raise PL_LIMIT to 128"
    assert info.author == "Ada Dev <ada@example.com>"
    assert info.short == shas[-2][:10]
    root = Repo(str(path)).resolve(shas[0])
    assert root.parent is None


def test_deltas_of_commits_and_root(history: History) -> None:
    path, shas = history
    repo = Repo(str(path))
    assert repo.deltas(shas[0], shas[1]) == [FileDelta("src/clamp.c", "src/clamp.c")]
    assert repo.deltas(None, shas[0]) == [
        FileDelta(None, ".liftdiff.toml"),
        FileDelta(None, "include/pl.h"),
        FileDelta(None, "src/clamp.c"),
        FileDelta(None, "src/scale.c"),
    ]


def test_first_parent_history_with_limit_and_range(history: History) -> None:
    path, shas = history
    repo = Repo(str(path))
    assert [c.sha for c in repo.commits("HEAD")] == shas
    assert [c.sha for c in repo.commits("HEAD", limit=2)] == shas[-2:]
    assert [c.sha for c in repo.commits(f"{shas[1]}..{shas[3]}")] == shas[2:4]
    assert repo.commits("HEAD", since="2090-01-01") == []
    assert [c.sha for c in repo.commits("HEAD", since="20 years ago")] == shas
    with pytest.raises(GitError, match="not a date git understands: 'notadate'"):
        repo.commits("HEAD", since="notadate")  # git alone would list nothing
    with pytest.raises(GitError, match="unknown revision 'nope'"):
        repo.commits("nope..HEAD")


def test_snapshot_reads_text_binary_and_latin1(history: History) -> None:
    path, shas = history
    snap = Repo(str(path)).snapshot(shas[-1])
    assert snap.text("include/pl.h") is not None
    assert "#define PL_LIMIT 128" in str(snap.text("include/pl.h"))
    assert snap.read("src/table.h").problem == "binary file, not checked"
    assert snap.read("src/legacy.c").problem == (
        "not UTF-8 text (invalid continuation byte at byte 19), not checked"
    )
    assert snap.read("src/none.c").problem == "absent"
    assert snap.read("src").problem == "absent"
    assert "src/clamp.c" in snap.paths()
    assert Repo(str(path)).snapshot(None).paths() == []


def test_index_snapshot_and_staged_deltas(tmp_path: Path) -> None:
    path = tmp_path / "repo"
    build_history(path, upto=1)
    (path / "src" / "clamp.c").write_text("int pl_clamp(int x) { return x; }\n")
    git(path, "add", "src/clamp.c")
    (path / "src" / "clamp.c").write_text("unstaged edits are not seen\n")
    repo = Repo(str(path))
    head = repo.resolve("HEAD").sha
    assert repo.deltas(head, INDEX) == [FileDelta("src/clamp.c", "src/clamp.c")]
    assert repo.snapshot(INDEX).text("src/clamp.c") == "int pl_clamp(int x) { return x; }\n"


def test_worktree_snapshot_sees_unstaged_edits_of_tracked_files(tmp_path: Path) -> None:
    path = tmp_path / "repo"
    build_history(path, upto=1)
    (path / "src" / "clamp.c").write_text("int pl_clamp(int x) { return x; }\n")
    (path / "untracked.c").write_text("int u(void) { return 0; }\n")
    (path / "src" / "scale.c").unlink()
    repo = Repo(str(path))
    head = repo.resolve("HEAD").sha
    assert repo.deltas(head, WORKTREE) == [
        FileDelta("src/clamp.c", "src/clamp.c"),
        FileDelta("src/scale.c", None),
    ]
    assert repo.deltas(head, INDEX) == []
    snapshot = repo.snapshot(WORKTREE)
    assert snapshot.text("src/clamp.c") == "int pl_clamp(int x) { return x; }\n"
    assert snapshot.read("untracked.c").problem == "absent"
    assert snapshot.read("src/scale.c").problem == "absent"
    assert "include/pl.h" in snapshot.paths() and "untracked.c" not in snapshot.paths()


def test_merge_base_branch_and_remote(history: tuple[Path, list[str]], tmp_path: Path) -> None:
    path, shas = history
    repo = Repo(str(path))
    assert repo.merge_base(shas[3], shas[1]) == shas[1]
    assert repo.branch() == "main"
    assert repo.remote_url() is None
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(path), str(clone))
    git(clone, "checkout", "-q", "--detach", "HEAD")
    cloned = Repo(str(clone))
    assert cloned.remote_url() == path.as_uri()
    assert cloned.branch() is None


@pytest.mark.parametrize(
    ("url", "uri"),
    [
        ("https://x-access-token:secret@github.com/o/r.git", "https://github.com/o/r.git"),
        ("https://github.com/o/r", "https://github.com/o/r"),
        ("git@github.com:o/r.git", "ssh://github.com/o/r.git"),
        ("ssh://git@host:2222/o/r", "ssh://host:2222/o/r"),
        ("/srv/git/r.git", "file:///srv/git/r.git"),
        ("file:///srv/r", "file:///srv/r"),
    ],
)
def test_public_uri_drops_credentials(url: str, uri: str) -> None:
    assert public_uri(url) == uri


def test_empty_repository_has_no_head(tmp_path: Path) -> None:
    repo = Repo(str(init_repo(tmp_path / "empty")))
    assert not repo.has_head()
    assert repo.deltas(None, INDEX) == []


def test_hooks_dir_honours_core_hookspath(tmp_path: Path) -> None:
    path = init_repo(tmp_path / "repo")
    assert Repo(str(path)).hooks_dir() == str(path / ".git" / "hooks")
    git(path, "config", "core.hooksPath", "githooks")
    assert Repo(str(path)).hooks_dir() == str(path / "githooks")


def test_fixture_steps_are_all_committed() -> None:
    assert len(STEPS) == 6
