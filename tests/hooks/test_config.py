"""`.liftdiff.toml`: settings overlay, [policy] table, and clear errors for bad files."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.errors import ConfigError
from checker.types import Settings, Verdict
from hooks.config import Config, Policy, load_config, parse_config

GOOD = b"""
feature_patterns = ["CONFIG_*"]
include_dirs = ["include"]
timeout = 5
defines = { NDEBUG = "1" }

[policy]
block = ["not_equivalent", "ERROR"]
time_budget = 12.5
paths = ["src/*.c"]
exclude = ["src/gen_*.c"]
trailer = "Intended-Change"
on_failure = "pass"
"""


def test_settings_and_policy_are_read() -> None:
    config = parse_config(GOOD, "x.toml")
    assert config.settings == Settings().overlay(
        {
            "feature_patterns": ("CONFIG_*",),
            "include_dirs": ("include",),
            "timeout": 5.0,
            "defines": (("NDEBUG", "1"),),
        }
    )
    assert config.policy == Policy(
        block=frozenset({Verdict.NOT_EQUIVALENT, Verdict.ERROR}),
        time_budget=12.5,
        paths=("src/*.c",),
        exclude=("src/gen_*.c",),
        trailer="Intended-Change",
        on_failure="pass",
    )
    assert Policy().on_failure == "block"
    assert config.policy.wants("src/a.c")
    assert not config.policy.wants("src/gen_tab.c")
    assert not config.policy.wants("lib/a.c")


def test_missing_file_gives_defaults(tmp_path: Path) -> None:
    assert load_config(str(tmp_path)) == Config()
    with pytest.raises(ConfigError, match=r"no such config file: nope\.toml"):
        load_config(str(tmp_path), "nope.toml")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"timeout = [", "x.toml is not valid TOML: "),
        (b"tiemout = 3", "x.toml: unknown setting 'tiemout'"),
        (b"timeout = 'slow'", "x.toml: setting 'timeout' must be a number, got 'slow'"),
        (b"features = 3", "x.toml: setting 'features' must be a list of strings"),
        (b"[policy]\nblock = ['MAYBE']", "policy 'block': unknown verdict 'MAYBE'"),
        (b"[policy]\ntime_budget = 0", "policy 'time_budget' must be a positive number, got 0"),
        (b"[policy]\ntime_budget = nan", "'time_budget' must be a positive number, got nan"),
        (b"timeout = inf", "x.toml: setting 'timeout' must be a finite number, got inf"),
        (b"[policy]\nblokc = []", "x.toml: unknown policy key 'blokc'"),
        (b"[policy]\ntrailer = 'Two words'", "policy 'trailer' must be a single word"),
        (b"policy = 3", "x.toml: [policy] must be a table"),
        (b"[policy]\non_failure = 'ignore'", "'on_failure' must be one of block, pass, got 'ig"),
        (b"\xff\xfe", "x.toml is not UTF-8 text"),
    ],
    ids=[
        "toml-syntax",
        "unknown-setting",
        "wrong-type",
        "wrong-shape",
        "bad-verdict",
        "zero-budget",
        "nan-budget",
        "infinite-timeout",
        "unknown-policy",
        "bad-trailer",
        "policy-not-table",
        "bad-on-failure",
        "not-utf8",
    ],
)
def test_bad_files_are_config_errors(text: bytes, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(text, "x.toml")
    assert message in str(caught.value)
