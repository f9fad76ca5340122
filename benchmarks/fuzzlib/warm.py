"""Imported by the fork server (`runner.PRELOAD`), so that every liftdiff child
inherits warm state instead of building it again: the replay's sanitizer
support (probed by compiling and running, about 1.4 s a pair) and what a first
check loads and builds once (lazy imports, the parsed library prelude, caches:
about 0.2 s a pair). The warm-up check runs in this process, as the children
run theirs (their start method is the fork server's, so liftdiff's isolation
runs a check in place: runner.py is the isolation); its result is dropped."""

import multiprocessing

from checker.api import check_pair
from checker.replay.compiled_replay import sanitizer_flags
from checker.types import Settings, SourceFile

sanitizer_flags("gcc", undefined=True)
multiprocessing.set_start_method("forkserver", force=True)
for _new in ("return 1 + x;", "return x + 2;"):  # an EQUIVALENT and a NOT_EQUIVALENT
    check_pair(SourceFile("old.c", "#include <string.h>\nint f(int x) { return x + 1; }\n"),
               SourceFile("new.c", "#include <string.h>\nint f(int x) { " + _new + " }\n"),
               Settings(), functions=["f"])
