"""The `liftdiff` console script.

Fixes the string-hash seed first (see `checker.reproducible`): the re-exec
happens before the command-line modules (git, the engine) are imported, so it
costs an interpreter start and nothing more.
"""

from __future__ import annotations

from checker.reproducible import fix_hash_seed


def run() -> int:
    fix_hash_seed()
    from hooks.cli import main  # after the re-exec: importing it takes ~0.3 s

    return main()
