"""`liftdiff check`: the command-line face of the engine.

Each layer registers its subcommands on one shared parser (checker here, then
hooks, then bot), so the console script lives in the outermost layer and the
dependency direction bot -> hooks -> checker holds. Handlers take their output
streams as arguments and return an exit code; only `main` touches sys.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol, TextIO, TypeAlias

from checker.errors import InputError, LiftdiffError, ParseError, UnsupportedError
from checker.outputs import OutputTarget, check_writable, parse_target, write_atomically
from checker.progress import ProgressSink, progress_for
from checker.reproducible import fix_hash_seed
from checker.types import (
    TOOL_VERSION,
    FunctionResult,
    Provenance,
    Report,
    ReportFormat,
    Settings,
    SourceFile,
    Verdict,
)

EXIT_TROUBLE = 2
Env = Mapping[str, str]
COLOR_CHOICES = ("auto", "always", "never")
Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""The shared parser's subcommands, on which each layer's `register` adds its own."""


class Handler(Protocol):
    def __call__(self, args: argparse.Namespace, out: TextIO, err: TextIO) -> int: ...


def build_parser(
    env: Env | None = None,
) -> tuple[argparse.ArgumentParser, Subcommands]:
    parser = argparse.ArgumentParser(
        prog="liftdiff",
        description="Semantic diff for C product lines: is each changed function still "
        "equivalent, in every #ifdef configuration?",
    )
    parser.add_argument("--version", action="version", version=f"liftdiff {TOOL_VERSION}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    register(sub, env)
    return parser, sub


def _output_target(spec: str) -> OutputTarget:
    try:
        return parse_target(spec)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_format_options(parser: argparse.ArgumentParser) -> None:
    """Report options shared by every command that prints a report: the stdout format
    (--json/--markdown/--sarif), report files, exit status, color and progress."""
    group = parser.add_mutually_exclusive_group()
    for fmt in ReportFormat:
        if fmt is ReportFormat.TERMINAL:
            continue
        group.add_argument(
            f"--{fmt.value}",
            dest="format",
            action="store_const",
            const=fmt,
            help=f"print the report as {fmt.value.upper()}",
        )
    parser.set_defaults(format=ReportFormat.TERMINAL)
    parser.add_argument(
        "--output",
        "-o",
        dest="outputs",
        action="append",
        default=[],
        type=_output_target,
        metavar="FORMAT=PATH",
        help="also write the report to PATH as FORMAT ("
        + ", ".join(f.value for f in ReportFormat)
        + "); repeatable",
    )
    parser.add_argument(
        "--exit-zero",
        action="store_true",
        help="exit 0 even when functions differ or stay undecided "
        "(2 only when liftdiff itself failed, an ERROR verdict included)",
    )
    parser.add_argument(
        "--color",
        choices=COLOR_CHOICES,
        default="auto",
        help="color the terminal table: auto (default: on a terminal, unless NO_COLOR "
        "is set), always, never",
    )
    parser.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="no progress on stderr (default: a bar on a terminal, lines otherwise)",
    )


def color_enabled(choice: str, stream: TextIO, env: Env) -> bool:
    """--color always/never win; auto colors a terminal unless NO_COLOR is set to
    anything non-empty (https://no-color.org)."""
    if choice != "auto":
        return choice == "always"
    return stream.isatty() and not env.get("NO_COLOR")


def exit_status(code: int, verdicts: Iterable[Verdict], exit_zero: bool) -> int:
    """The report's diff(1)-style `code`; with --exit-zero 0, unless an ERROR
    verdict says that liftdiff itself failed on a function."""
    if exit_zero:
        return EXIT_TROUBLE if Verdict.ERROR in set(verdicts) else 0
    return code


def emit(
    args: argparse.Namespace, out: TextIO, env: Env, render_as: Callable[[ReportFormat, bool], str]
) -> None:
    """Write each --output file (uncolored), then the stdout report."""
    for target in args.outputs:
        write_atomically(target.path, render_as(target.format, False))
    out.write(render_as(args.format, color_enabled(args.color, out, env)))


def progress_sink(args: argparse.Namespace, err: TextIO, env: Env) -> ProgressSink:
    return progress_for(err, env, args.progress, color_enabled(args.color, err, env))


def add_settings_options(parser: argparse.ArgumentParser) -> None:
    """Engine settings that can be given on the command line (names as in .liftdiff.toml)."""
    parser.add_argument("--timeout", type=float, help="seconds per function (default 60)")
    parser.add_argument("--solver-timeout", type=float, help="seconds per solver call")
    parser.add_argument("--unwind", type=int, help="loop unrolling bound for bounded search")
    parser.add_argument(
        "--features",
        nargs="+",
        metavar="MACRO",
        help="feature macros (also glob patterns such as 'CONFIG_*')",
    )
    parser.add_argument("--feature-model", help="C boolean expression over features")
    parser.add_argument(
        "-D", dest="defines", action="append", metavar="NAME[=VALUE]", help="fixed macro"
    )
    parser.add_argument(
        "-I", dest="include_dirs", action="append", metavar="DIR", help="include directory"
    )
    parser.add_argument(
        "--no-generalize",
        dest="generalize",
        action="store_false",
        default=None,
        help="turn off GeneralizeFCEXs (the paper's unoptimized variant)",
    )
    parser.add_argument(
        "--brute-force",
        action="store_true",
        default=None,
        help="check every valid product separately (baseline/oracle)",
    )
    parser.add_argument(
        "--assume-no-alias",
        action="store_true",
        default=None,
        help="pointer inputs point to objects that overlap neither each other nor globals "
        "(the verdict then says so)",
    )
    parser.add_argument(
        "--no-compiler",
        dest="use_compiler",
        action="store_false",
        default=None,
        help="replay witnesses with the interpreter only",
    )


def settings_from_args(args: argparse.Namespace, base: Settings | None = None) -> Settings:
    overrides: dict[str, object] = {}
    for name in (
        "timeout",
        "solver_timeout",
        "unwind",
        "feature_model",
        "generalize",
        "brute_force",
        "use_compiler",
        "assume_no_alias",
    ):
        value = getattr(args, name, None)
        if value is not None:
            overrides[name] = value
    features = getattr(args, "features", None) or []
    patterns = [f for f in features if any(ch in f for ch in "*?[")]
    if patterns:
        overrides["feature_patterns"] = tuple(patterns)
    plain = [f for f in features if f not in patterns]
    if plain:
        overrides["features"] = tuple(plain)
    defines = getattr(args, "defines", None)
    if defines:
        overrides["defines"] = tuple(
            (d.split("=", 1)[0], d.split("=", 1)[1] if "=" in d else "1") for d in defines
        )
    include_dirs = getattr(args, "include_dirs", None)
    if include_dirs:
        overrides["include_dirs"] = tuple(include_dirs)
    return (base or Settings()).overlay(overrides)


def register(sub: Subcommands, env: Env | None = None) -> None:
    check = sub.add_parser(
        "check",
        help="compare two versions of a C file",
        description="Compare the functions of OLD.c and NEW.c for equivalence in every "
        "feature configuration. Exit 0: all equivalent; 1: some difference; "
        "2: inconclusive or error.",
    )
    check.add_argument("old", metavar="OLD.c")
    check.add_argument("new", metavar="NEW.c")
    check.add_argument(
        "--function",
        "-f",
        action="append",
        metavar="F",
        help="function to compare (repeatable; default: every changed function)",
    )
    add_format_options(check)
    add_settings_options(check)
    environ = os.environ if env is None else env
    check.set_defaults(handler=functools.partial(run_check_command, env=environ))


def run_check_command(args: argparse.Namespace, out: TextIO, err: TextIO, env: Env) -> int:
    from checker.api import check_pair
    from checker.report import render

    check_writable(args.outputs)  # before any analysis
    settings = settings_from_args(args)
    sink = progress_sink(args, err, env)
    done = 0

    def progress(name: str, finished: int, total: int) -> None:
        nonlocal done
        if finished == 0:
            sink.phase("checking functions", total)
        sink.advance(finished - done)
        done = finished
        sink.start(name)

    try:
        old = SourceFile.read(args.old)
        new = SourceFile.read(args.new)
        report = check_pair(old, new, settings, args.function, progress)
    finally:
        sink.close()
    provenance = Provenance(os.getcwd())
    emit(args, out, env, lambda fmt, color: render(report, fmt, provenance, color))
    return exit_status(report.exit_code, (r.verdict for r in report.results), args.exit_zero)


WHOLE_FILE = "*"
"""The function name of a result about a whole file (it could not be read)."""


def whole_file_report(
    error: LiftdiffError, functions: Sequence[str] | None, old_path: str, new_path: str
) -> Report:
    """A machine-readable report for a command that failed before any function's
    result: UNSUPPORTED when the C could not be read (the reason and the location of
    that version carry file:line), ERROR for other input problems; one result
    per requested function, or one for the whole file."""
    verdict = (Verdict.UNSUPPORTED if isinstance(error, (ParseError, UnsupportedError))
               else Verdict.ERROR)
    where = error.location
    old = where if where is not None and where.path == old_path else None
    new = where if where is not None and where.path == new_path else None
    return Report(tuple(FunctionResult(name, old, new, verdict, str(error))
                        for name in (functions or [WHOLE_FILE])))


def emit_failure(args: argparse.Namespace, error: LiftdiffError, out: TextIO) -> None:
    """A report command that failed as a whole still writes a valid report where one
    was asked for: each writable --output file, and stdout unless it is the terminal
    table (the one line on stderr says it all there). Other commands have none."""
    from checker.report import render

    if not hasattr(args, "format"):
        return
    report = whole_file_report(
        error, getattr(args, "function", None), getattr(args, "old", ""), getattr(args, "new", "")
    )
    provenance = Provenance(os.getcwd())
    with contextlib.suppress(InputError):  # an --output that cannot be written: said already
        check_writable(args.outputs)
        for target in args.outputs:
            write_atomically(target.path, render(report, target.format, provenance))
    if args.format is not ReportFormat.TERMINAL:
        out.write(render(report, args.format, provenance))


def _usage_failure(argv: Sequence[str], usage: str, out: TextIO) -> None:
    """A command line argparse refused still gets the report its --json (--sarif,
    --markdown) promises, with argparse's error line as the reason."""
    from checker.report import render

    asked = [f for f in ReportFormat if f is not ReportFormat.TERMINAL and f"--{f.value}" in argv]
    if asked:
        line = (usage.strip().splitlines() or ["bad command line"])[-1]
        report = whole_file_report(InputError(line), None, "", "")
        out.write(render(report, asked[0], Provenance(os.getcwd())))


def dispatch(
    parser: argparse.ArgumentParser,
    argv: Sequence[str] | None,
    out: TextIO,
    err: TextIO,
) -> int:
    """Parse, run the chosen handler, and turn our errors into a message + exit 2."""
    usage = io.StringIO()
    try:
        with contextlib.redirect_stderr(usage), contextlib.redirect_stdout(out):
            args = parser.parse_args(argv)  # usage errors and --help to our streams
    except SystemExit as exc:  # argparse reports usage errors itself
        err.write(usage.getvalue())
        if not exc.code:
            return 0
        _usage_failure(sys.argv[1:] if argv is None else argv, usage.getvalue(), out)
        return EXIT_TROUBLE
    err.write(usage.getvalue())
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(err)
        return EXIT_TROUBLE
    try:
        return handler(args, out, err)
    except LiftdiffError as exc:
        err.write(f"liftdiff: error: {exc}\n")
        emit_failure(args, exc, out)
        return EXIT_TROUBLE
    except KeyboardInterrupt:
        err.write("liftdiff: interrupted\n")
        return EXIT_TROUBLE


def main(argv: Sequence[str] | None = None) -> int:
    parser, _ = build_parser()
    return dispatch(parser, argv, sys.stdout, sys.stderr)


if __name__ == "__main__":
    fix_hash_seed()
    sys.exit(main())
