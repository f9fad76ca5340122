"""`.liftdiff.toml`: engine settings (top level) and the commit policy (`[policy]`).

Top-level keys are Settings field names, validated by `Settings.overlay`, so a
setting is spelled the same in the file, on the command line and in the engine.
"""

from __future__ import annotations

import fnmatch
import math
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from checker.errors import ConfigError
from checker.types import Settings, Verdict
from hooks.failsafe import CONFIG_NAME, ON_FAILURE


@dataclass(frozen=True)
class Policy:
    block: frozenset[Verdict] = frozenset({Verdict.NOT_EQUIVALENT})
    """Verdicts that make a hook fail. Others are printed as warnings."""
    time_budget: float = 30.0
    """Seconds for a whole hook run; functions not reached become UNKNOWN("time budget")."""
    paths: tuple[str, ...] = ("*.c", "*.h")
    """fnmatch patterns (repo-relative) of files to look at."""
    exclude: tuple[str, ...] = ()
    trailer: str = "Behavior-Change"
    """Commit-message trailer naming functions whose behaviour change is intended."""
    cache: bool = True
    cache_path: str | None = None
    """Cache database, relative to the repository root; default `.git/liftdiff/`."""
    on_failure: str = ON_FAILURE[0]
    """A hook whose run fails as a whole (not one function's ERROR): block or pass.
    The console guard reads it from the file itself (see `hooks.failsafe`)."""

    def wants(self, path: str) -> bool:
        return any(fnmatch.fnmatch(path, p) for p in self.paths) and not any(
            fnmatch.fnmatch(path, p) for p in self.exclude
        )


@dataclass(frozen=True)
class Config:
    settings: Settings = field(default_factory=Settings)
    policy: Policy = field(default_factory=Policy)
    origin: str | None = None
    """The file these came from, or None for defaults."""


def load_config(root: str, path: str | None = None) -> Config:
    """Read `path` (default: `.liftdiff.toml` at the repository root, if present)."""
    target = path or os.path.join(root, CONFIG_NAME)
    if not os.path.exists(target):
        if path:
            raise ConfigError(f"no such config file: {path}")
        return Config()
    try:
        with open(target, "rb") as handle:
            raw = handle.read()
    except OSError as exc:
        raise ConfigError(f"cannot read {target}: {exc.strerror}") from None
    return parse_config(raw, target)


def parse_config(raw: bytes, origin: str) -> Config:
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ConfigError(f"{origin} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{origin} is not valid TOML: {exc}") from None
    policy_table = data.pop("policy", {})
    if not isinstance(policy_table, Mapping):
        raise ConfigError(f"{origin}: [policy] must be a table")
    try:
        settings = Settings().overlay(data)
        policy = _policy(policy_table)
    except ConfigError as exc:
        raise ConfigError(f"{origin}: {exc.message}") from None
    except (TypeError, ValueError) as exc:  # a value of the wrong shape for a setting
        raise ConfigError(f"{origin}: bad setting value ({exc})") from None
    return Config(settings, policy, origin)


def _policy(table: Mapping[str, Any]) -> Policy:
    known = {
        "block",
        "time_budget",
        "paths",
        "exclude",
        "trailer",
        "cache",
        "cache_path",
        "on_failure",
    }
    values: dict[str, Any] = {}
    for raw_name, value in table.items():
        name = raw_name.replace("-", "_")
        if name not in known:
            raise ConfigError(
                f"unknown policy key '{raw_name}' (known: {', '.join(sorted(known))})"
            )
        values[name] = value
    policy = Policy()
    block = policy.block
    if "block" in values:
        block = frozenset(_verdict(v) for v in _strings(values["block"], "block"))
    budget = positive_seconds(values.get("time_budget", policy.time_budget), "policy 'time_budget'")
    cache = values.get("cache", policy.cache)
    if not isinstance(cache, bool):
        raise ConfigError(f"policy 'cache' must be true or false, got {cache!r}")
    trailer = values.get("trailer", policy.trailer)
    if not isinstance(trailer, str) or not trailer or " " in trailer or ":" in trailer:
        raise ConfigError(f"policy 'trailer' must be a single word, got {trailer!r}")
    on_failure = values.get("on_failure", ON_FAILURE[0])
    if on_failure not in ON_FAILURE:
        raise ConfigError(
            f"policy 'on_failure' must be one of {', '.join(ON_FAILURE)}, got {on_failure!r}"
        )
    cache_path = values.get("cache_path")
    if cache_path is not None and not isinstance(cache_path, str):
        raise ConfigError(f"policy 'cache_path' must be a string, got {cache_path!r}")
    return Policy(
        block=block,
        time_budget=budget,
        paths=tuple(_strings(values.get("paths", list(policy.paths)), "paths")),
        exclude=tuple(_strings(values.get("exclude", []), "exclude")),
        trailer=trailer,
        cache=cache,
        cache_path=cache_path,
        on_failure=on_failure,
    )


def positive_seconds(value: Any, what: str) -> float:
    """A time budget, from the settings file or the command line: finite and > 0."""
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or value <= 0
    ):
        raise ConfigError(f"{what} must be a positive number, got {value!r}")
    return float(value)


def _strings(value: Any, name: str) -> list[str]:
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"policy '{name}' must be a list of strings, got {value!r}")
    return list(value)


def _verdict(name: str) -> Verdict:
    try:
        return Verdict(name.upper())
    except ValueError:
        choices = ", ".join(v.value for v in Verdict)
        raise ConfigError(f"policy 'block': unknown verdict '{name}' (one of {choices})") from None
