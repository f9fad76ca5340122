"""SQLite result cache: keys, decided-only storage, version stamps, commit records."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from checker.errors import ConfigError
from checker.location import Location
from checker.types import FunctionResult, Settings, Verdict
from hooks.cache import (
    ResultCache,
    default_path,
    pair_key,
    settings_key,
    stale_text,
    versions,
)

EQ = FunctionResult("f", Location("a.c", 1), Location("a.c", 2), Verdict.EQUIVALENT)


def test_key_ignores_resource_limits_but_not_semantics() -> None:
    base = Settings()
    assert settings_key(base) == settings_key(base.overlay({"timeout": 1, "memory_mb": 10}))
    assert settings_key(base) != settings_key(base.overlay({"feature_model": "!A"}))
    assert pair_key("o", "n", base) != pair_key("n", "o", base)
    assert len(pair_key("o", "n", base)) == 64


def test_decided_results_round_trip_and_undecided_are_not_stored(tmp_path: Path) -> None:
    with ResultCache(str(tmp_path / "c.sqlite")) as cache:
        assert cache.put("k1", EQ)
        unknown = FunctionResult("g", None, None, Verdict.UNKNOWN, reason="timeout")
        assert not cache.put("k2", unknown)
        assert not cache.put("k3", FunctionResult("h", None, None, Verdict.ERROR, "boom"))
        assert cache.get("k1") == EQ
        assert cache.get("k2") is None
        assert cache.count() == 1
    with ResultCache(str(tmp_path / "c.sqlite")) as again:
        assert again.get("k1") == EQ
        assert again.discarded is None


def test_other_versions_are_discarded_not_trusted(tmp_path: Path) -> None:
    path = str(tmp_path / "c.sqlite")
    with ResultCache(path) as cache:
        cache.put("k1", EQ)
        cache.put_commit("abc", "scope", {"changes": []})
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value = '0.0.1' WHERE name = 'liftdiff'")
    db.commit()
    db.close()
    with ResultCache(path) as cache:
        assert cache.discarded == {**versions(), "liftdiff": "0.0.1"}
        assert stale_text(cache.discarded) == f"liftdiff 0.0.1 -> {versions()['liftdiff']}"
        assert cache.get("k1") is None
        assert cache.get_commit("abc", "scope") is None


def test_a_changed_engine_is_named_as_the_reason() -> None:
    """Same release, other engine digest: the text must not claim this version."""
    stamp = {**versions(), "engine": "0123abcd"}
    assert stale_text(stamp) == f"engine 0123abcd -> {versions()['engine']}"


def test_commit_records(tmp_path: Path) -> None:
    with ResultCache(str(tmp_path / "c.sqlite")) as cache:
        assert cache.get_commit("abc", "s1") is None
        cache.put_commit("abc", "s1", {"changes": [1]})
        assert cache.get_commit("abc", "s1") == {"changes": [1]}
        assert cache.get_commit("abc", "s2") is None


def test_corrupt_database_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(ConfigError, match="cannot use cache"):
        ResultCache(str(path))


def test_default_location_is_inside_git_dir() -> None:
    assert default_path("/r/.git") == "/r/.git/liftdiff/cache.sqlite"


def test_versions_stamp_the_engine_source() -> None:
    stamp = versions()
    assert set(stamp) == {"format", "schema", "liftdiff", "z3", "engine"}
    assert stamp["schema"] == "liftdiff.report/1"
    assert len(stamp["engine"]) == 16 and int(stamp["engine"], 16) >= 0
