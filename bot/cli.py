"""`liftdiff bot serve | action`, registered on the shared parser like the git commands.

`register(sub)` adds the `bot` command to the `liftdiff` tree (checker.cli builds
it, hooks.cli adds its commands); `main` builds the whole tree, so
`python -m bot.cli bot serve` works before the console script points here.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Mapping, Sequence
from typing import TextIO

from bot.config import action_settings, app_settings
from checker.cli import Subcommands, build_parser, dispatch
from checker.reproducible import fix_hash_seed
from hooks.cli import register as register_git

Env = Mapping[str, str]


def register(sub: Subcommands, env: Env | None = None) -> None:
    environ = os.environ if env is None else env
    bot = sub.add_parser(
        "bot", help="GitHub App server and GitHub Action", description="GitHub side of liftdiff"
    )
    commands = bot.add_subparsers(dest="bot_command", metavar="ACTION", required=True)
    serve = commands.add_parser(
        "serve",
        help="run the GitHub App's webhook server",
        description="Run the GitHub App's webhook server (POST /webhook, GET /healthz). "
        "Settings come from the environment: LIFTDIFF_APP_ID, "
        "LIFTDIFF_APP_PRIVATE_KEY_PATH, LIFTDIFF_WEBHOOK_SECRET, LIFTDIFF_GITHUB_API_URL.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=8080, help="port (default 8080)")
    serve.add_argument(
        "--drain",
        type=float,
        default=20.0,
        metavar="S",
        help="seconds running reviews may finish in on shutdown (default 20)",
    )
    serve.set_defaults(handler=functools.partial(run_serve, env=environ))
    action = commands.add_parser(
        "action",
        help="review the pull request of a GitHub Actions run",
        description="Review the pull request of the current GitHub Actions run "
        "(GITHUB_EVENT_PATH, GITHUB_TOKEN, GITHUB_API_URL, GITHUB_WORKSPACE).",
    )
    action.set_defaults(handler=functools.partial(run_action_command, env=environ))


def run_serve(args: argparse.Namespace, out: TextIO, err: TextIO, env: Env) -> int:
    from bot.server import serve  # uvicorn and starlette only when serving

    return serve(app_settings(env), args.host, args.port, args.drain)


def run_action_command(args: argparse.Namespace, out: TextIO, err: TextIO, env: Env) -> int:
    from bot.action import run_action

    return run_action(action_settings(env), out, err)


def main(
    argv: Sequence[str] | None = None,
    env: Env | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    parser, sub = build_parser()
    register_git(sub)
    register(sub, env)
    return dispatch(parser, argv, out or sys.stdout, err or sys.stderr)


if __name__ == "__main__":
    fix_hash_seed()
    sys.exit(main())
