"""The engine's front door: two versions of a C file in, a Report out."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from checker.types import ProgressFn, Report, Settings, SourceFile


def check_pair(
    old: SourceFile,
    new: SourceFile,
    settings: Settings | None = None,
    functions: Sequence[str] | None = None,
    progress: ProgressFn | None = None,
) -> Report:
    """Check each function of `functions` (default: every changed function, by the
    selection rule of checker/frontend/changes.py: its text, or a macro, type, global or
    callee it uses changed; a renamed one against its old self) for equivalence
    across all feature configurations.

    Raises ParseError/UnsupportedError when a whole file cannot be read as C, and
    InputError for a function name defined in neither file. Problems inside one
    function (unsupported construct, solver trouble, an internal error) come back
    as that function's result and never abort the others.
    """
    from checker.deep_stack import run_deep
    from checker.driver import run_check

    return run_deep(partial(run_check, old, new, settings or Settings(), functions, progress))
