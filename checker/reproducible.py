"""One string-hash seed for every run, so the same input gives the same report.

Some z3 terms are created in an order that follows Python's iteration over
string-keyed sets; with randomised string hashing (Python's default) the
solver receives the same formulas built in a different order and may return a
different, equally valid witness, or hit a timeout on one run and not the
next. Re-executing once with a fixed `PYTHONHASHSEED` makes reports, witnesses
and solver-call counts reproducible from run to run.
"""

from __future__ import annotations

import os
import sys

SEED = "0"


def fix_hash_seed() -> None:
    """Re-execute this process with `PYTHONHASHSEED` fixed, unless it is set
    already (by us, or deliberately by the user)."""
    if "PYTHONHASHSEED" in os.environ or not hasattr(os, "execv"):
        return
    os.environ["PYTHONHASHSEED"] = SEED
    os.execv(sys.executable, [sys.executable, *sys.orig_argv[1:]])
