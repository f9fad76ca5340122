"""The bot's settings from the environment: clear errors, defaults, secrets kept out of reprs."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import action_settings, app_settings, tuning
from bot.model import BotError
from tests.bot.conftest import Keys


def test_missing_app_settings_are_named_together() -> None:
    with pytest.raises(BotError) as caught:
        app_settings({"LIFTDIFF_APP_ID": "1"})
    assert str(caught.value) == (
        "liftdiff bot serve needs the environment variable(s) LIFTDIFF_APP_PRIVATE_KEY_PATH, "
        "LIFTDIFF_WEBHOOK_SECRET"
    )


def test_key_file_must_be_a_readable_pem(tmp_path: Path) -> None:
    env = {"LIFTDIFF_APP_ID": "1", "LIFTDIFF_WEBHOOK_SECRET": "s"}
    with pytest.raises(BotError, match=r"cannot read .*nope\.pem"):
        app_settings({**env, "LIFTDIFF_APP_PRIVATE_KEY_PATH": str(tmp_path / "nope.pem")})
    (tmp_path / "k.pem").write_text("hello")
    with pytest.raises(BotError, match="is not a PEM private key"):
        app_settings({**env, "LIFTDIFF_APP_PRIVATE_KEY_PATH": str(tmp_path / "k.pem")})


def test_app_settings_defaults_and_no_secret_in_repr(keys: Keys) -> None:
    settings = app_settings(
        {
            "LIFTDIFF_APP_ID": " 42 ",
            "LIFTDIFF_APP_PRIVATE_KEY_PATH": str(keys.private_path),
            "LIFTDIFF_WEBHOOK_SECRET": "hush-hush",
            "LIFTDIFF_BOT_QUEUE": "8",
        }
    )
    assert (settings.app_id, settings.api_url, settings.queue_size) == (
        "42",
        "https://api.github.com",
        8,
    )
    assert settings.tuning.limits.max_functions == 60
    text = repr(settings)
    assert "hush-hush" not in text and "PRIVATE KEY" not in text
    assert "secret-token" not in repr(
        action_settings(
            {
                "GITHUB_TOKEN": "secret-token",
                "GITHUB_EVENT_PATH": "e.json",
                "GITHUB_EVENT_NAME": "pull_request",
                "GITHUB_WORKSPACE": ".",
            }
        )
    )


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("MAX_FILES", "many", "LIFTDIFF_BOT_MAX_FILES must be a number, got 'many'"),
        ("WORKERS", "0", "LIFTDIFF_BOT_WORKERS must be positive, got '0'"),
        ("RETRY_DELAY", "-1", "LIFTDIFF_BOT_RETRY_DELAY must be positive, got '-1'"),
    ],
)
def test_bad_numbers(keys: Keys, name: str, value: str, message: str) -> None:
    env = {
        "LIFTDIFF_APP_ID": "1",
        "LIFTDIFF_APP_PRIVATE_KEY_PATH": str(keys.private_path),
        "LIFTDIFF_WEBHOOK_SECRET": "s",
        f"LIFTDIFF_BOT_{name}": value,
    }
    with pytest.raises(BotError) as caught:
        app_settings(env)
    assert str(caught.value) == message


def test_tuning_reads_limits() -> None:
    tuned = tuning({"LIFTDIFF_BOT_CLONE_MB": "10", "LIFTDIFF_BOT_TIME_BUDGET": "30"})
    assert (tuned.limits.clone_bytes, tuned.limits.time_budget) == (10 << 20, 30.0)
