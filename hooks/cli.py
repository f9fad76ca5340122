"""Git subcommands: staged, commit, range, scan, hook install|uninstall|run.

They are registered on the engine's parser (checker/cli.py), so `liftdiff`
is one program. Handlers get their streams, environment and checking function
as arguments; only `main` touches `sys`. Exit codes are diff(1)-style for the
report commands, and block(1)/pass(0) for hooks.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from checker.api import check_pair
from checker.cli import (
    EXIT_TROUBLE,
    add_format_options,
    add_settings_options,
    build_parser,
    dispatch,
    settings_from_args,
)
from checker.errors import ConfigError, LiftdiffError
from checker.reproducible import fix_hash_seed
from checker.types import Verdict
from hooks.acknowledge import NOTHING, from_message, judge
from hooks.analyze import CommitOutcome, Step, analyze
from hooks.cache import ResultCache, default_path
from hooks.config import Config, load_config
from hooks.gitrepo import INDEX, GitError, Repo
from hooks.hookrun import EXIT_PASS, Stage, decide, skip_requested
from hooks.install import install, uninstall
from hooks.output import render_outcomes
from hooks.runner import CheckFn

Env = Mapping[str, str]


def _report_command(
    sub: argparse._SubParsersAction, name: str, help_text: str
) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = sub.add_parser(name, help=help_text, description=help_text)
    parser.add_argument("-C", dest="repo", default=".", metavar="DIR", help="repository")
    parser.add_argument("--config", metavar="FILE", help="settings file (default .liftdiff.toml)")
    cache = parser.add_mutually_exclusive_group()
    cache.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    cache.add_argument("--cache", metavar="FILE", help="cache database (default .git/liftdiff/)")
    parser.add_argument(
        "--time-budget", type=float, metavar="S", help="stop starting checks after S seconds"
    )
    parser.add_argument(
        "--jobs", "-j", type=int, default=1, metavar="N", help="check N functions in parallel"
    )
    add_format_options(parser)
    add_settings_options(parser)
    return parser


def register(
    sub: argparse._SubParsersAction, check: CheckFn = check_pair, env: Env | None = None
) -> None:
    environ = os.environ if env is None else env
    staged = _report_command(sub, "staged", "check the staged changes against HEAD")
    staged.set_defaults(handler=functools.partial(run_staged, check=check))

    commit = _report_command(sub, "commit", "check one commit against its first parent")
    commit.add_argument("rev", metavar="REV")
    commit.set_defaults(handler=functools.partial(run_commit, check=check))

    range_ = _report_command(sub, "range", "check each first-parent commit of A..B")
    range_.add_argument("spec", metavar="A..B")
    range_.set_defaults(handler=functools.partial(run_range, check=check))

    scan = _report_command(sub, "scan", "scan first-parent history (resumable, cached)")
    scan.add_argument("--rev", default="HEAD", help="scan the history of REV (default HEAD)")
    scan.add_argument("--since", metavar="DATE", help="only commits after DATE (git date)")
    scan.add_argument("--max-commits", type=int, metavar="N", help="only the last N commits")
    scan.set_defaults(handler=functools.partial(run_scan, check=check))

    hook = sub.add_parser("hook", help="plain git hooks", description="plain git hooks")
    actions = hook.add_subparsers(dest="hook_action", metavar="ACTION", required=True)
    for action, text in (("install", "install a git hook"), ("uninstall", "remove it")):
        parser = actions.add_parser(action, help=text, description=text)
        parser.add_argument("-C", dest="repo", default=".", metavar="DIR", help="repository")
        parser.add_argument(
            "--stage",
            choices=[s.value for s in Stage],
            default=Stage.COMMIT_MSG.value,
            help="commit-msg (default: honours Behavior-Change trailers) or pre-commit",
        )
        parser.set_defaults(handler=run_hook_install if action == "install" else run_hook_uninstall)
    run = actions.add_parser("run", help="what the installed hook runs")
    run.add_argument("stage", choices=[s.value for s in Stage])
    run.add_argument("message_file", nargs="?", help="commit message file (commit-msg stage)")
    run.add_argument("-C", dest="repo", default=".", metavar="DIR", help="repository")
    run.add_argument("--config", metavar="FILE", help="settings file (default .liftdiff.toml)")
    run.set_defaults(handler=functools.partial(run_hook, check=check, env=environ))


def _config(repo: Repo, args: argparse.Namespace) -> Config:
    config = load_config(repo.root, getattr(args, "config", None))
    if hasattr(args, "format"):  # report commands take engine settings on the command line
        settings = settings_from_args(args, config.settings)
        config = Config(settings, config.policy, config.origin)
    return config


def _open_cache(repo: Repo, config: Config, args: argparse.Namespace) -> ResultCache | None:
    if getattr(args, "no_cache", False) or not config.policy.cache:
        return None
    path = getattr(args, "cache", None) or (
        os.path.join(repo.root, config.policy.cache_path)
        if config.policy.cache_path
        else default_path(repo.common_dir)
    )
    return ResultCache(path)


@contextmanager
def _progress(err: TextIO) -> Iterator[Progress | None]:
    """A rich progress bar on stderr when it is a terminal; nothing otherwise."""
    if not err.isatty():
        yield None
        return
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(file=err),
        transient=True,
    )
    with progress:
        yield progress


def _run(
    repo: Repo,
    steps: list[Step],
    args: argparse.Namespace,
    out: TextIO,
    err: TextIO,
    check: CheckFn,
    table: bool = False,
) -> int:
    config = _config(repo, args)
    jobs = max(1, args.jobs)
    cache = _open_cache(repo, config, args)
    with cache or nullcontext(), _progress(err) as progress:
        if cache and cache.discarded:
            err.write(
                f"liftdiff: cache {cache.path} was written by liftdiff "
                f"{cache.discarded.get('liftdiff')} / z3 {cache.discarded.get('z3')}; "
                "its results were discarded\n"
            )
        planning = progress.add_task("reading commits", total=len(steps)) if progress else None
        checking = None

        def on_step(_: Step) -> None:
            if progress and planning is not None:
                progress.advance(planning)

        def on_planned(total: int) -> None:
            nonlocal checking
            if progress:
                checking = progress.add_task("checking functions", total=total)

        def on_done(_: object) -> None:
            if progress and checking is not None:
                progress.advance(checking)

        outcomes, stats = analyze(
            repo,
            steps,
            config,
            cache,
            check,
            budget=args.time_budget,
            jobs=jobs,
            on_step=on_step,
            on_planned=on_planned,
            on_done=on_done,
        )
    out.write(render_outcomes(outcomes, args.format, stats if table else None, table=table))
    return _exit_code(outcomes, config, err)


def _exit_code(outcomes: Sequence[CommitOutcome], config: Config, err: TextIO) -> int:
    """diff(1)-style over the commits; a change its commit's trailer names is intended."""
    code = 0
    for outcome in outcomes:
        commit = outcome.step.commit
        ack = from_message(commit.message, config.policy.trailer) if commit else NOTHING
        judgement = judge(outcome.outcomes, config.policy.block, ack, lambda o: o.result)
        for item in judgement.acknowledged:
            err.write(
                f"liftdiff: {item.result.function}: behaviour change intended "
                f"({config.policy.trailer} trailer of {outcome.step.label})\n"
            )
        code = max(code, judgement.verdict.exit_code)
    return code


def _staged_step(repo: Repo) -> Step:
    head = repo.resolve("HEAD").sha if repo.has_head() else None
    return Step(head, INDEX, "staged changes")


def run_staged(args: argparse.Namespace, out: TextIO, err: TextIO, check: CheckFn) -> int:
    repo = Repo(args.repo)
    return _run(repo, [_staged_step(repo)], args, out, err, check)


def run_commit(args: argparse.Namespace, out: TextIO, err: TextIO, check: CheckFn) -> int:
    repo = Repo(args.repo)
    info = repo.resolve(args.rev)
    return _run(repo, [Step(info.parent, info.sha, info.short, info)], args, out, err, check)


def run_range(args: argparse.Namespace, out: TextIO, err: TextIO, check: CheckFn) -> int:
    if ".." not in args.spec or "..." in args.spec:
        raise GitError(f"expected a range A..B, got '{args.spec}'")
    repo = Repo(args.repo)
    steps = [Step(c.parent, c.sha, c.short, c) for c in repo.commits(args.spec)]
    return _run(repo, steps, args, out, err, check, table=len(steps) > 1)


def run_scan(args: argparse.Namespace, out: TextIO, err: TextIO, check: CheckFn) -> int:
    if args.max_commits is not None and args.max_commits < 1:
        raise ConfigError("--max-commits must be at least 1")
    repo = Repo(args.repo)
    if args.rev == "HEAD" and not repo.has_head():
        raise GitError("the repository has no commits yet; nothing to scan")
    commits = repo.commits(args.rev, since=args.since, limit=args.max_commits)
    steps = [Step(c.parent, c.sha, c.short, c) for c in commits]
    return _run(repo, steps, args, out, err, check, table=True)


def run_hook_install(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    out.write(install(Repo(args.repo), Stage(args.stage), sys.executable) + "\n")
    return 0


def run_hook_uninstall(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    out.write(uninstall(Repo(args.repo), Stage(args.stage)) + "\n")
    return 0


def run_hook(args: argparse.Namespace, out: TextIO, err: TextIO, check: CheckFn, env: Env) -> int:
    """The hook itself: messages go to stderr (git shows them), never a traceback."""
    stage = Stage(args.stage)
    if skip_requested(env):
        err.write("liftdiff: check skipped (LIFTDIFF_SKIP=1)\n")
        return EXIT_PASS
    try:
        repo = Repo(args.repo)
        if os.path.exists(os.path.join(repo.git_dir, "MERGE_HEAD")):
            err.write("liftdiff: merge commit, not checked\n")
            return EXIT_PASS
        config = load_config(repo.root, args.config)
    except ConfigError as exc:
        err.write(
            f"liftdiff: {exc}\nliftdiff: commit blocked until the settings are fixed "
            "(or commit with LIFTDIFF_SKIP=1)\n"
        )
        return EXIT_TROUBLE
    except LiftdiffError as exc:
        err.write(f"liftdiff: {exc}; commit not checked (fail-open)\n")
        return EXIT_PASS
    message = ""
    if stage is Stage.COMMIT_MSG:
        if not args.message_file:
            err.write("liftdiff: the commit-msg stage needs the message file; not checked\n")
            return EXIT_PASS
        try:
            with open(args.message_file, encoding="utf-8", errors="replace") as handle:
                message = handle.read()
        except OSError as exc:
            err.write(f"liftdiff: cannot read {args.message_file}: {exc.strerror}\n")
            return EXIT_PASS
    try:
        cache = _open_cache(repo, config, args)
        with cache or nullcontext():
            outcomes, _ = analyze(
                repo,
                [_staged_step(repo)],
                config,
                cache,
                check,
                budget=config.policy.time_budget,
            )
    except Exception as exc:  # the hook fails open on our own trouble
        verdict = "blocked" if _blocks_errors(config) else "not checked (fail-open)"
        err.write(f"liftdiff: internal error: {type(exc).__name__}: {exc}; commit {verdict}\n")
        return EXIT_TROUBLE if _blocks_errors(config) else EXIT_PASS
    outcome = outcomes[0]
    for note in outcome.notes:
        err.write(f"liftdiff: {note.path}: {note.message}\n")
    decision = decide(
        outcome.outcomes,
        config.policy,
        stage,
        from_message(message, config.policy.trailer),
    )
    err.write(decision.message)
    return decision.exit_code


def _blocks_errors(config: Config) -> bool:
    return Verdict.ERROR in config.policy.block


def main(
    argv: Sequence[str] | None = None,
    check: CheckFn = check_pair,
    env: Env | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    parser, sub = build_parser()
    register(sub, check, env)
    return dispatch(parser, argv, out or sys.stdout, err or sys.stderr)


if __name__ == "__main__":
    fix_hash_seed()
    sys.exit(main())
