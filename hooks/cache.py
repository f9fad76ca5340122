"""Result cache in SQLite: decided function pairs, and finished commits of a scan.

A pair's key hashes both fingerprints (function + context), the settings that
can change a verdict, and the liftdiff, schema and z3 versions plus a digest of
the engine's source. Only decided
verdicts (EQUIVALENT, NOT_EQUIVALENT, UNSUPPORTED) are stored: an UNKNOWN or
ERROR may come out differently on a later, less loaded run. The database is
stamped with the versions; opening one stamped by another version discards
its rows instead of trusting them.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
import sqlite3
from pathlib import Path
from typing import Any

import checker
from checker.errors import ConfigError
from checker.types import SCHEMA, TOOL_VERSION, FunctionResult, Settings, Verdict
from hooks.codec import result_from_dict, result_to_dict

CACHE_FORMAT = "liftdiff.cache/1"
DECIDED = frozenset({Verdict.EQUIVALENT, Verdict.NOT_EQUIVALENT, Verdict.UNSUPPORTED})
# Resource limits bound how long a proof may take, not what it proves.
_NOT_IN_KEY = frozenset({"timeout", "solver_timeout", "memory_mb"})


@functools.cache
def z3_version() -> str:
    import z3

    return str(z3.get_version_string())


@functools.cache
def engine_digest() -> str:
    """Hash of the engine's own source: between releases the version number stays
    while verdicts improve, and a cache must not outlive the code that filled it."""
    root = Path(checker.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".h") and p.is_file()):
        digest.update(str(path.relative_to(root)).encode("utf-8") + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def versions() -> dict[str, str]:
    return {
        "format": CACHE_FORMAT,
        "schema": SCHEMA,
        "liftdiff": TOOL_VERSION,
        "z3": z3_version(),
        "engine": engine_digest(),
    }


def stale_text(stamp: dict[str, str]) -> str:
    """What differs between a stale cache's versions and this build's, so the
    user sees why results were dropped (a changed engine digest under the same
    release number would otherwise read as "written by this very version")."""
    current = versions()
    changed = [
        f"{name} {stamp.get(name, 'unknown')} -> {value}"
        for name, value in current.items()
        if stamp.get(name) != value
    ]
    return ", ".join(changed) or "unknown versions"


def settings_key(settings: Settings) -> str:
    relevant = {
        f.name: getattr(settings, f.name)
        for f in dataclasses.fields(settings)
        if f.name not in _NOT_IN_KEY
    }
    payload = json.dumps(relevant, sort_keys=True, default=list)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def pair_key(old_fingerprint: str, new_fingerprint: str, settings: Settings) -> str:
    payload = json.dumps(
        [old_fingerprint, new_fingerprint, settings_key(settings), versions()], sort_keys=True
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def default_path(common_git_dir: str) -> str:
    return os.path.join(common_git_dir, "liftdiff", "cache.sqlite")


class ResultCache:
    """One open cache database; use as a context manager."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.discarded: dict[str, str] | None = None
        """Versions of a stale database whose rows were dropped on open, if any."""
        try:
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
            self._db = sqlite3.connect(path, timeout=30.0, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._setup()
        except sqlite3.DatabaseError as exc:
            raise ConfigError(f"cannot use cache {path}: {exc}") from None
        except OSError as exc:
            raise ConfigError(f"cannot create cache {path}: {exc.strerror}") from None

    def _setup(self) -> None:
        db = self._db
        db.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT)")
        db.execute("CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, result TEXT)")
        db.execute(
            "CREATE TABLE IF NOT EXISTS commits (sha TEXT, scope TEXT, record TEXT,"
            " PRIMARY KEY (sha, scope))"
        )
        stamp = dict(db.execute("SELECT name, value FROM meta").fetchall())
        current = versions()
        if stamp == current:
            return
        if stamp:
            self.discarded = stamp
        db.execute("BEGIN")
        db.execute("DELETE FROM results")
        db.execute("DELETE FROM commits")
        db.execute("DELETE FROM meta")
        db.executemany("INSERT INTO meta VALUES (?, ?)", sorted(current.items()))
        db.execute("COMMIT")

    def get(self, key: str) -> FunctionResult | None:
        row = self._db.execute("SELECT result FROM results WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        try:
            return result_from_dict(json.loads(row[0]))
        except (json.JSONDecodeError, ConfigError):
            self._db.execute("DELETE FROM results WHERE key = ?", (key,))
            return None

    def put(self, key: str, result: FunctionResult) -> bool:
        """Store a decided result; returns whether it was stored."""
        if result.verdict not in DECIDED:
            return False
        self._db.execute(
            "INSERT OR REPLACE INTO results VALUES (?, ?)",
            (key, json.dumps(result_to_dict(result), sort_keys=True)),
        )
        return True

    def get_commit(self, sha: str, scope: str) -> dict[str, Any] | None:
        row = self._db.execute(
            "SELECT record FROM commits WHERE sha = ? AND scope = ?", (sha, scope)
        ).fetchone()
        if row is None:
            return None
        try:
            record = json.loads(row[0])
        except json.JSONDecodeError:
            return None
        return record if isinstance(record, dict) else None

    def put_commit(self, sha: str, scope: str, record: dict[str, Any]) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO commits VALUES (?, ?, ?)",
            (sha, scope, json.dumps(record, sort_keys=True)),
        )

    def count(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM results").fetchone()[0])

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> ResultCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
