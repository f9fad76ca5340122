"""Shared markers: a test marked `gcc` or `git` is skipped where that tool is missing."""

from __future__ import annotations

import shutil

import pytest

TOOLS = ("gcc", "git")


def pytest_runtest_setup(item: pytest.Item) -> None:
    for tool in TOOLS:
        if item.get_closest_marker(tool) is not None and shutil.which(tool) is None:
            pytest.skip(f"needs {tool}")
