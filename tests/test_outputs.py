"""Report files: FORMAT=PATH parsing, writability checked up front, atomic writes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from checker.errors import InputError
from checker.outputs import OutputTarget, check_writable, parse_target, write_atomically
from checker.types import ReportFormat


@pytest.mark.parametrize(
    ("spec", "target"),
    [
        ("json=out.json", OutputTarget(ReportFormat.JSON, "out.json")),
        ("SARIF=a=b.sarif", OutputTarget(ReportFormat.SARIF, "a=b.sarif")),
        ("terminal=log.txt", OutputTarget(ReportFormat.TERMINAL, "log.txt")),
        ("markdown=/tmp/x.md", OutputTarget(ReportFormat.MARKDOWN, "/tmp/x.md")),
    ],
)
def test_parse_target(spec: str, target: OutputTarget) -> None:
    assert parse_target(spec) == target


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("yaml=x", "unknown format 'yaml' (one of terminal, json, markdown, sarif)"),
        ("json", "expected FORMAT=PATH"),
        ("json=", "expected FORMAT=PATH"),
    ],
)
def test_bad_target(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_target(spec)


def test_check_writable_names_the_problem(tmp_path: Path) -> None:
    ok = OutputTarget(ReportFormat.JSON, str(tmp_path / "r.json"))
    check_writable([ok, OutputTarget(ReportFormat.SARIF, str(tmp_path / "r.sarif"))])
    assert list(tmp_path.iterdir()) == []  # the probe leaves nothing behind
    cases = [
        (OutputTarget(ReportFormat.JSON, str(tmp_path / "no" / "r.json")), "no such directory"),
        (OutputTarget(ReportFormat.JSON, str(tmp_path)), "is a directory"),
        (OutputTarget(ReportFormat.SARIF, str(tmp_path / "r.json")), "the same file as"),
    ]
    for target, message in cases:
        with pytest.raises(InputError, match=message):
            check_writable([ok, target])


def test_check_writable_probes_the_directory(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes into read-only directories")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        with pytest.raises(InputError, match="cannot write in"):
            check_writable([OutputTarget(ReportFormat.JSON, str(locked / "r.json"))])
    finally:
        locked.chmod(0o700)


def test_write_atomically_replaces_and_keeps_the_mode(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    write_atomically(str(path), "first\n")
    assert path.read_text() == "first\n" and path.stat().st_mode & 0o777 == 0o644
    path.chmod(0o600)
    write_atomically(str(path), "second\n")
    assert path.read_text() == "second\n" and path.stat().st_mode & 0o777 == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text("old\n")
    with pytest.raises(UnicodeEncodeError):
        write_atomically(str(path), "half \ud800 written")
    assert path.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]
