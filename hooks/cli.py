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
from collections.abc import Sequence
from contextlib import nullcontext
from typing import TextIO

from checker.api import check_pair
from checker.cli import (
    EXIT_TROUBLE,
    Env,
    Subcommands,
    add_format_options,
    add_settings_options,
    build_parser,
    dispatch,
    emit,
    exit_status,
    progress_sink,
    settings_from_args,
)
from checker.errors import ConfigError, LiftdiffError
from checker.outputs import check_writable
from checker.reproducible import fix_hash_seed
from checker.types import Provenance
from hooks.acknowledge import NOTHING, from_message, judge
from hooks.analyze import CommitOutcome, Step, analyze
from hooks.cache import ResultCache, default_path, stale_text
from hooks.config import Config, load_config, positive_seconds
from hooks.failsafe import hook_failed, skip_requested
from hooks.gitrepo import GitError, Repo
from hooks.hookrun import EXIT_PASS, Stage, decide
from hooks.install import entry_point, install, uninstall
from hooks.kconfig import numeric_defaults
from hooks.output import render_outcomes, step_title
from hooks.precommit import hook_step, staged_step
from hooks.runner import CheckFn


def _report_command(
    sub: Subcommands, name: str, help_text: str
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
    parser.add_argument(
        "--function", "-f", dest="functions", action="append", metavar="NAME",
        help="check only this changed function (repeatable)",
    )
    add_format_options(parser)
    add_settings_options(parser)
    return parser


def register(
    sub: Subcommands, check: CheckFn = check_pair, env: Env | None = None
) -> None:
    environ = os.environ if env is None else env
    staged = _report_command(sub, "staged", "check the staged changes against HEAD")
    staged.set_defaults(handler=functools.partial(run_staged, check=check, env=environ))

    commit = _report_command(sub, "commit", "check one commit against its first parent")
    commit.add_argument("rev", metavar="REV")
    commit.set_defaults(handler=functools.partial(run_commit, check=check, env=environ))

    range_ = _report_command(sub, "range", "check each first-parent commit of A..B")
    range_.add_argument("spec", metavar="A..B")
    range_.set_defaults(handler=functools.partial(run_range, check=check, env=environ))

    scan = _report_command(sub, "scan", "scan first-parent history (resumable, cached)")
    scan.add_argument("--rev", default="HEAD", help="scan the history of REV (default HEAD)")
    scan.add_argument("--since", metavar="DATE", help="only commits after DATE (git date)")
    scan.add_argument("--max-commits", type=int, metavar="N", help="only the last N commits")
    scan.set_defaults(handler=functools.partial(run_scan, check=check, env=environ))

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
    run.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="commit-msg stage: the message file; pre-commit stage: the files to check "
        "(as the pre-commit framework names them; default: the staged changes)",
    )
    run.add_argument("-C", dest="repo", default=".", metavar="DIR", help="repository")
    run.add_argument("--config", metavar="FILE", help="settings file (default .liftdiff.toml)")
    run.set_defaults(handler=functools.partial(run_hook, check=check, env=environ))


def _config(repo: Repo, args: argparse.Namespace) -> Config:
    config = load_config(repo.root, getattr(args, "config", None))
    if hasattr(args, "format"):  # report commands take engine settings on the command line
        settings = settings_from_args(args, config.settings)
        config = Config(settings, config.policy, config.origin)
    return config


def _with_kconfig(config: Config, repo: Repo, steps: list[Step]) -> Config:
    """The engine's numeric defaults: the project's Kconfig ones at the newest
    revision analysed (hooks/kconfig.py), those the settings give winning."""
    if not steps:
        return config
    found = dict(numeric_defaults(repo.snapshot(steps[-1].new)))
    found.update(config.settings.numeric_defaults)
    settings = config.settings.overlay({"numeric_defaults": tuple(sorted(found.items()))})
    return Config(settings, config.policy, config.origin)


def _open_cache(repo: Repo, config: Config, args: argparse.Namespace) -> ResultCache | None:
    if getattr(args, "no_cache", False) or not config.policy.cache:
        return None
    path = getattr(args, "cache", None) or (
        os.path.join(repo.root, config.policy.cache_path)
        if config.policy.cache_path
        else default_path(repo.common_dir)
    )
    return ResultCache(path)


def _run(
    repo: Repo,
    steps: list[Step],
    args: argparse.Namespace,
    out: TextIO,
    err: TextIO,
    check: CheckFn,
    env: Env,
    table: bool = False,
) -> int:
    check_writable(args.outputs)  # before any analysis
    config = _with_kconfig(_config(repo, args), repo, steps)
    jobs = _at_least_one(args.jobs, "--jobs")
    budget = None if args.time_budget is None else positive_seconds(
        args.time_budget, "--time-budget"
    )
    cache = _open_cache(repo, config, args)
    sink = progress_sink(args, err, env)
    with cache or nullcontext():
        if cache and cache.discarded:
            err.write(
                f"liftdiff: cache {cache.path} was written by another build "
                f"({stale_text(cache.discarded)}); its results were discarded\n"
            )
        if len(steps) > 1:
            sink.phase("reading commits", len(steps))

        def on_step(step: Step) -> None:
            if len(steps) > 1:
                sink.start(step_title(step))
                sink.advance()

        try:
            outcomes, stats = analyze(
                repo,
                steps,
                config,
                cache,
                check,
                budget=budget,
                jobs=jobs,
                functions=frozenset(args.functions) if getattr(args, "functions", None) else None,
                on_step=on_step,
                on_planned=lambda total: sink.phase("checking functions", total),
                on_done=lambda _: sink.advance(),
                on_start=lambda task: sink.start(
                    f"{task.change.function} ({task.change.location.path})"
                ),
            )
        finally:
            sink.close()
    provenance = _provenance(repo, steps)
    emit(
        args,
        out,
        env,
        lambda fmt, color: render_outcomes(
            outcomes, fmt, stats if table else None, table, provenance, color
        ),
    )
    verdicts = [o.result.verdict for c in outcomes for o in c.outcomes]
    return exit_status(_exit_code(outcomes, config, err), verdicts, args.exit_zero)


def _provenance(repo: Repo, steps: Sequence[Step]) -> Provenance:
    """The repository the report's paths are in, and the newest commit they refer to
    (none for staged changes); the branch when that commit is the checked-out one."""
    newest = steps[-1].commit.sha if steps and steps[-1].commit else None
    head = repo.resolve("HEAD").sha if repo.has_head() else None
    on_branch = newest is None or newest == head
    return Provenance(
        repo.root, repo.remote_url(), newest, repo.branch() if on_branch else None
    )


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


def _at_least_one(value: int, option: str) -> int:
    if value < 1:
        raise ConfigError(f"{option} must be at least 1")
    return value


def run_staged(
    args: argparse.Namespace, out: TextIO, err: TextIO, check: CheckFn, env: Env
) -> int:
    repo = Repo(args.repo)
    return _run(repo, [staged_step(repo)], args, out, err, check, env)


def run_commit(
    args: argparse.Namespace, out: TextIO, err: TextIO, check: CheckFn, env: Env
) -> int:
    repo = Repo(args.repo)
    info = repo.resolve(args.rev)
    step = Step(info.parent, info.sha, info.short, info)
    return _run(repo, [step], args, out, err, check, env)


def run_range(
    args: argparse.Namespace, out: TextIO, err: TextIO, check: CheckFn, env: Env
) -> int:
    if ".." not in args.spec or "..." in args.spec:
        raise GitError(f"expected a range A..B, got '{args.spec}'")
    repo = Repo(args.repo)
    steps = [Step(c.parent, c.sha, c.short, c) for c in repo.commits(args.spec)]
    return _run(repo, steps, args, out, err, check, env, table=len(steps) > 1)


def run_scan(
    args: argparse.Namespace, out: TextIO, err: TextIO, check: CheckFn, env: Env
) -> int:
    if args.max_commits is not None:
        _at_least_one(args.max_commits, "--max-commits")
    repo = Repo(args.repo)
    if args.rev == "HEAD" and not repo.has_head():
        raise GitError("the repository has no commits yet; nothing to scan")
    commits = repo.commits(args.rev, since=args.since, limit=args.max_commits)
    steps = [Step(c.parent, c.sha, c.short, c) for c in commits]
    return _run(repo, steps, args, out, err, check, env, table=True)


def run_hook_install(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    out.write(install(Repo(args.repo), Stage(args.stage), entry_point()) + "\n")
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
    files = list(args.files)
    if stage is Stage.COMMIT_MSG:
        if not files:
            err.write("liftdiff: the commit-msg stage needs the message file; not checked\n")
            return EXIT_PASS
        message_file = files.pop(0)
        try:
            with open(message_file, encoding="utf-8", errors="replace") as handle:
                message = handle.read()
        except OSError as exc:
            err.write(f"liftdiff: cannot read {message_file}: {exc.strerror}\n")
            return EXIT_PASS
    # Trouble here fails the run as a whole: `[policy] on_failure` says whether that
    # blocks. A crash (not one of our errors) goes to the console guard, which does the same.
    try:
        step, commits = hook_step(repo, env, files)
        cache = _open_cache(repo, config, args)
        with cache or nullcontext():
            outcomes, _ = analyze(
                repo,
                [step],
                config,
                cache,
                check,
                budget=config.policy.time_budget,
            )
    except LiftdiffError as exc:
        code, failure = hook_failed(config.policy.on_failure)
        err.write(f"liftdiff: {exc}; {failure}\n")
        return code
    outcome = outcomes[0]
    for note in outcome.notes:
        err.write(f"liftdiff: {note.path}: {note.message}\n")
    ack = from_message(message, config.policy.trailer)
    for commit in commits:
        ack = ack | from_message(commit.message, config.policy.trailer)
    decision = decide(outcome.outcomes, config.policy, stage, ack)
    err.write(decision.message)
    return decision.exit_code


def main(
    argv: Sequence[str] | None = None,
    check: CheckFn = check_pair,
    env: Env | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    parser, sub = build_parser(env)
    register(sub, check, env)
    return dispatch(parser, argv, out or sys.stdout, err or sys.stderr)


if __name__ == "__main__":
    fix_hash_seed()
    sys.exit(main())
