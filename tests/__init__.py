"""liftdiff's tests, laid out like the code: tests/<stage>/test_<module>.py.

Shared fixtures and markers are in conftest.py; the places tests read from are
named here, once.
"""

from __future__ import annotations

import shutil
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
CASES = TESTS / "cases"
"""Data-driven verdict cases: a folder each, with old.c, new.c and expect.json."""
FIXTURES = TESTS / "fixtures"
SPL_DEV = ROOT.parent / "shared" / "bench" / "spl-dev"
HAVE_GCC = shutil.which("gcc") is not None
"""What a replay can show depends on it; a test that needs gcc carries the `gcc` marker."""
