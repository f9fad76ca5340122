"""The include search (one order for the engine and the git side) and the stubs it falls back to."""

from __future__ import annotations

from checker.frontend.includes import find_header, include_candidates, prelude_header
from checker.frontend.preprocess import resolve_includes
from checker.types import Settings, SourceFile

SETTINGS = Settings(disk_headers=False)


def test_quoted_include_searches_own_dir_then_cwd_then_I_then_include_folders_above() -> None:
    found = include_candidates("proj/util/x.c", "lib.h", False, "proj/util/x.c", ("inc",))
    assert found == ["proj/util/lib.h", "lib.h", "inc/lib.h", "proj/util/include/lib.h",
                     "proj/include/lib.h", "include/lib.h"]
    system = include_candidates("proj/util/x.c", "lib.h", True, "proj/util/x.c", ("inc",))
    assert system == found[2:]


def test_a_project_header_wins_over_our_stub_and_a_stub_answers_otherwise() -> None:
    own = SourceFile("src/a.c", "", headers={"include/errno.h": "#define EINVAL 99\n"})
    assert find_header("src/a.c", "errno.h", True, own, SETTINGS) == (
        "include/errno.h", "#define EINVAL 99\n")
    stub = find_header("src/a.c", "errno.h", True, SourceFile("src/a.c", ""), SETTINGS)
    assert stub is not None and stub[0] == "<errno.h>" and "#define EINVAL 22" in stub[1]
    assert find_header("src/a.c", "nonesuch.h", True, SourceFile("src/a.c", ""), SETTINGS) is None


def test_a_name_leaving_the_prelude_folder_is_no_stub() -> None:
    assert prelude_header("../../etc/passwd") is None
    assert prelude_header("/etc/passwd") is None


def test_of_the_stubs_only_what_the_text_uses_is_kept_with_what_that_needs() -> None:
    text = ("#include <errno.h>\n#include <fcntl.h>\n"
            "int f(void) { return EWOULDBLOCK; }\n")
    prepared = resolve_includes(SourceFile("a.c", text), SETTINGS).text
    assert "#define EWOULDBLOCK EAGAIN" in prepared
    assert "#define EAGAIN 11" in prepared  # reached through EWOULDBLOCK's body
    assert "#define ENOENT" not in prepared and "O_RDONLY" not in prepared
    assert prepared.index("#define EAGAIN") < prepared.index('#line 1 "a.c"')


def test_a_name_never_climbs_out_of_an_include_folder_searched_unasked() -> None:
    found = include_candidates("src/a.c", "../../../etc/passwd", True, "src/a.c", ())
    assert found == []
    asked = include_candidates("src/a.c", "../up.h", True, "src/a.c", ("inc/sub",))
    assert asked == ["inc/up.h"]  # an -I folder is the user's: C lets its names climb
    assert "include/sys/x.h" in include_candidates("a.c", "sys/x.h", True, "a.c", ())
