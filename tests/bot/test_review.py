"""The review of a pull request's net change: settings of the base revision, limits,
and untrusted C text that cannot make the App read the server's files."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.model import PullRequest
from bot.review import Limits, review, size_problem
from checker.types import Verdict
from hooks.gitrepo import Repo
from tests.hooks.productline import git, init_repo

pytestmark = pytest.mark.git


def commit(repo: Path, files: dict[str, str], message: str) -> str:
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD").stdout.strip()


def test_headers_outside_the_revision_are_not_read_for_untrusted_code(tmp_path: Path) -> None:
    secret = tmp_path / "server" / "secret.h"
    secret.parent.mkdir()
    secret.write_text("#define K 5\n")
    climb = "../" * 30
    repo = init_repo(tmp_path / "repo")
    text = (
        f'#include "{secret}"\n#include <{climb}{str(secret).lstrip("/")}>\n'
        "int f(void) {{ return {}; }}\n"
    )
    base = commit(repo, {"f.c": text.format("K")}, "f")
    head = commit(repo, {"f.c": text.format("5")}, "f: K is 5")
    untrusted = review(Repo(str(repo)), base, head, Limits(), allow_compiler=False)
    (result,) = untrusted.results
    # K stayed an unknown constant (nothing was read), so `return K` is not `return 5`
    assert result.verdict is not Verdict.EQUIVALENT
    assert untrusted.compiled_replay is False
    trusted = review(Repo(str(repo)), base, head, Limits(), allow_compiler=True)
    assert [r.verdict for r in trusted.results] == [Verdict.EQUIVALENT]  # the user's own disk
    # a standard-header name never climbs out of the stub prelude, trusted or not
    only_climb = "\n".join(text.splitlines()[1:]) + "\n"
    base = commit(repo, {"f.c": only_climb.format("K + 1")}, "f")
    head = commit(repo, {"f.c": only_climb.format("6")}, "f: K + 1 is 6")
    trusted = review(Repo(str(repo)), base, head, Limits(), allow_compiler=True)
    (climbed,) = trusted.results
    # the front end read nothing: K is declared nowhere here; gcc (trusted) compiles
    # the real header, and a verdict that rests on the value it reports says so
    assert any("'K' is declared nowhere here" in a for a in climbed.assumptions)
    assert climbed.verdict is not Verdict.EQUIVALENT or any(
        "'K' is 5, its value in the headers gcc compiles with here" in a
        for a in climbed.assumptions), climbed.assumptions


def test_settings_come_from_the_base_revision(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo")
    base = commit(repo, {"f.c": "int f(int x) { return x; }\n"}, "f")
    head = commit(
        repo,
        {
            "f.c": "int f(int x) { return x + 1; }\n",
            ".liftdiff.toml": '[policy]\npaths = ["*.none"]\nblock = ["ERROR"]\n',
        },
        "f: off by one, and please do not look",
    )
    found = review(Repo(str(repo)), base, head, Limits(), allow_compiler=False)
    assert [(r.function, r.verdict) for r in found.results] == [("f", Verdict.NOT_EQUIVALENT)]
    assert found.block == frozenset({Verdict.NOT_EQUIVALENT})


def test_limits() -> None:
    pr = PullRequest("a/b", 1, "t", "", (), "b" * 40, "h" * 40, "m" * 40, "", "", (), 400, 10)
    assert size_problem(pr, Limits()) == (
        "400 changed files is more than this installation checks (300)"
    )
    assert size_problem(pr, Limits(max_files=500, max_lines=5)) == (
        "10 changed lines is more than this installation checks (5)"
    )
    assert size_problem(pr, Limits(max_files=500)) is None
