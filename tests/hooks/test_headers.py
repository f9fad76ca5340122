"""In-repo header collection (same lookup as the engine) and header dependents."""

from __future__ import annotations

from hooks.headers import candidates, collect_headers, dependents

FILES = {
    "src/a.c": '#include "local.h"\n#include <cfg.h>\n#include <stdio.h>\nint a;\n',
    "src/local.h": '#include "../include/deep.h"\n',
    "include/cfg.h": "#define CFG 1\n",
    "include/deep.h": '#include "cfg.h"\n#define DEEP 2\n',
    "src/b.c": '#include "other.h"\n',
    "src/other.h": "#define OTHER 3\n",
    "src/c.c": '#include "local.h"\n',
}


def test_candidates_follow_the_engine_lookup_order() -> None:
    assert candidates("src/a.c", "x.h", False, ("include",)) == [
        "src/x.h",
        "x.h",
        "include/x.h",
        "src/include/x.h",
    ]
    assert candidates("src/a.c", "x.h", True, ("include",)) == ["include/x.h", "src/include/x.h"]


def test_include_folders_above_the_file_are_searched_without_a_flag() -> None:
    """BusyBox's `#include "libbb.h"` from coreutils/dd.c finds include/libbb.h."""
    assert candidates("coreutils/dd.c", "libbb.h", False, ()) == [
        "coreutils/libbb.h",
        "libbb.h",
        "coreutils/include/libbb.h",
        "include/libbb.h",
    ]
    headers = collect_headers("src/a.c", FILES["src/a.c"], FILES.get)
    assert "include/cfg.h" in headers


def test_collects_reachable_headers_and_skips_system_ones() -> None:
    headers = collect_headers("src/a.c", FILES["src/a.c"], FILES.get, ("include",))
    assert dict(headers) == {
        "src/local.h": FILES["src/local.h"],
        "include/cfg.h": FILES["include/cfg.h"],
        "include/deep.h": FILES["include/deep.h"],
    }


def test_dependents_are_transitive() -> None:
    paths = sorted(FILES)
    assert dependents({"include/deep.h"}, paths, FILES.get, ("include",)) == [
        "src/a.c",
        "src/c.c",
        "src/local.h",
    ]
    assert dependents({"src/other.h"}, paths, FILES.get, ("include",)) == ["src/b.c"]
    assert dependents({"nowhere.h"}, paths, FILES.get, ()) == []
