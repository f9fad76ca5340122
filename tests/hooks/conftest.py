"""Shared fixtures of the hooks tests."""

from __future__ import annotations

import pytest

from hooks.gitrepo import Repo
from tests.hooks.productline import History, build_history


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> History:
    """The whole fixture history in a new repository, shared by one test module."""
    path = tmp_path_factory.mktemp("history") / "repo"
    return History(path, build_history(path))


@pytest.fixture(scope="module")
def repo(history: History) -> Repo:
    return Repo(str(history.path))
