"""The `liftdiff` console script: the guard armed first, then every command.

It sits above all three packages because it offers all their commands. The
string-hash seed is fixed first (see `checker.reproducible`): the re-exec
happens before the command-line modules (git, the engine) are imported, so it
costs an interpreter start and nothing more. Until the guard is armed only the
standard library and `hooks.failsafe` (itself standard library only) are loaded.
"""

from __future__ import annotations

import os
import sys

from hooks.failsafe import DEBUG_VARIABLE, EXIT_TROUBLE, enabled, failure


def run() -> int:
    try:
        from checker.reproducible import fix_hash_seed

        fix_hash_seed()
        from bot.cli import main  # after the re-exec: importing it takes ~0.3 s

        return main()
    except KeyboardInterrupt:
        sys.stderr.write("liftdiff: interrupted\n")
        return EXIT_TROUBLE
    except Exception as exc:
        if enabled(os.environ.get(DEBUG_VARIABLE)):
            raise
        code, line = failure(exc, sys.argv[1:], os.environ, sys.executable)
        sys.stderr.write(line + "\n")
        return code


