"""The bot's settings, from environment variables only (secrets never come from files
in a repository or from the command line, and are never printed: `repr=False`).

The App needs its id, its private key file, the webhook secret and, for GitHub
Enterprise, the API address; a missing one is one clear error at startup, all
missing ones named together. The Action reads what the Actions runner sets.
Limits and queue sizes have defaults and `LIFTDIFF_BOT_*` overrides.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.model import BotError
from bot.retry import RetryPolicy
from bot.review import Limits

Env = Mapping[str, str]
DEFAULT_API = "https://api.github.com"
APP_ID = "LIFTDIFF_APP_ID"
PRIVATE_KEY_PATH = "LIFTDIFF_APP_PRIVATE_KEY_PATH"
WEBHOOK_SECRET = "LIFTDIFF_WEBHOOK_SECRET"
API_URL = "LIFTDIFF_GITHUB_API_URL"


@dataclass(frozen=True)
class Tuning:
    """Knobs shared by the App and the Action, each `LIFTDIFF_BOT_<NAME>`."""

    limits: Limits = field(default_factory=Limits)
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    write_interval: float = 1.0
    """Seconds between two writes to GitHub (its advice against secondary rate limits)."""


@dataclass(frozen=True)
class AppSettings:
    app_id: str
    private_key: str = field(repr=False)
    webhook_secret: bytes = field(repr=False)
    api_url: str
    tuning: Tuning
    max_body: int = 1 << 20
    """Largest webhook body read, in bytes (GitHub caps payloads at 25 MB; PR events
    are far smaller)."""
    queue_size: int = 64
    """Pull requests waiting at most; more get 503 (GitHub shows the failed delivery)."""
    workers: int = 1


@dataclass(frozen=True)
class ActionSettings:
    token: str = field(repr=False)
    api_url: str
    event_name: str
    event_path: str
    workspace: str
    step_summary: str | None
    tuning: Tuning


def _number(env: Env, name: str, default: float, kind: type[int] | type[float]) -> float:
    raw = env.get(f"LIFTDIFF_BOT_{name}")
    if raw is None or raw.strip() == "":
        return default
    try:
        value = kind(raw)
    except ValueError:
        raise BotError(f"LIFTDIFF_BOT_{name} must be a number, got {raw!r}") from None
    if value < 0 or (kind is int and value == 0):
        raise BotError(f"LIFTDIFF_BOT_{name} must be positive, got {raw!r}")
    return value


def tuning(env: Env) -> Tuning:
    limits, retry = Limits(), RetryPolicy()
    return Tuning(
        limits=Limits(
            max_files=int(_number(env, "MAX_FILES", limits.max_files, int)),
            max_lines=int(_number(env, "MAX_LINES", limits.max_lines, int)),
            max_functions=int(_number(env, "MAX_FUNCTIONS", limits.max_functions, int)),
            time_budget=_number(env, "TIME_BUDGET", limits.time_budget, float),
            clone_timeout=_number(env, "CLONE_TIMEOUT", limits.clone_timeout, float),
            clone_bytes=int(_number(env, "CLONE_MB", limits.clone_bytes >> 20, int)) << 20,
        ),
        retry=RetryPolicy(
            attempts=int(_number(env, "RETRY_ATTEMPTS", retry.attempts, int)),
            base_delay=_number(env, "RETRY_DELAY", retry.base_delay, float),
            max_delay=_number(env, "RETRY_MAX_WAIT", retry.max_delay, float),
        ),
        write_interval=_number(env, "WRITE_INTERVAL", Tuning.write_interval, float),
    )


def _required(env: Env, names: tuple[str, ...], what: str) -> None:
    missing = [name for name in names if not env.get(name, "").strip()]
    if missing:
        raise BotError(f"{what} needs the environment variable(s) {', '.join(missing)}")


def app_settings(env: Env) -> AppSettings:
    _required(env, (APP_ID, PRIVATE_KEY_PATH, WEBHOOK_SECRET), "liftdiff bot serve")
    path = env[PRIVATE_KEY_PATH]
    try:
        with open(path, encoding="ascii") as handle:
            key = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise BotError(
            f"{PRIVATE_KEY_PATH}: cannot read the private key file {path}: {exc}"
        ) from None
    if "PRIVATE KEY-----" not in key:
        raise BotError(f"{PRIVATE_KEY_PATH}: {path} is not a PEM private key")
    defaults = AppSettings("", "", b"", "", Tuning())
    return AppSettings(
        app_id=env[APP_ID].strip(),
        private_key=key,
        webhook_secret=env[WEBHOOK_SECRET].encode("utf-8"),
        api_url=env.get(API_URL, "").strip() or DEFAULT_API,
        tuning=tuning(env),
        max_body=int(_number(env, "MAX_BODY", defaults.max_body, int)),
        queue_size=int(_number(env, "QUEUE", defaults.queue_size, int)),
        workers=int(_number(env, "WORKERS", defaults.workers, int)),
    )


def action_settings(env: Env) -> ActionSettings:
    names = ("GITHUB_TOKEN", "GITHUB_EVENT_PATH", "GITHUB_EVENT_NAME", "GITHUB_WORKSPACE")
    _required(env, names, "liftdiff bot action")
    return ActionSettings(
        token=env["GITHUB_TOKEN"].strip(),
        api_url=env.get("GITHUB_API_URL", "").strip() or DEFAULT_API,
        event_name=env["GITHUB_EVENT_NAME"],
        event_path=env["GITHUB_EVENT_PATH"],
        workspace=env["GITHUB_WORKSPACE"],
        step_summary=env.get("GITHUB_STEP_SUMMARY") or None,
        tuning=tuning(env),
    )
