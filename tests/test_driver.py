"""`check_pair`'s default selection: the one rule of checker/frontend/changes.py, so `check`
sees what the git commands see (context changes, renames, text-only edits)."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker import driver
from checker.api import check_pair
from checker.frontend.changes import COSMETIC_REASON
from checker.types import Settings, SourceFile, Verdict

CASES = Path(__file__).parent / "cases"
FAST = Settings(timeout=60, use_compiler=False)


def case(name: str) -> tuple[SourceFile, SourceFile]:
    return (
        SourceFile.read(str(CASES / name / "old.c")),
        SourceFile.read(str(CASES / name / "new.c")),
    )


def verdicts(old: SourceFile, new: SourceFile) -> list[tuple[str, Verdict, str | None]]:
    report = check_pair(old, new, FAST)
    return [(r.function, r.verdict, r.renamed_from) for r in report.results]


def test_a_changed_define_selects_the_unchanged_function_that_uses_it() -> None:
    assert verdicts(*case("macro_context_neq")) == [("clamp", Verdict.NOT_EQUIVALENT, None)]
    assert verdicts(*case("macro_context_eq")) == [("clamp", Verdict.EQUIVALENT, None)]


def test_a_changed_typedef_selects_its_users() -> None:
    assert verdicts(*case("typedef_context_neq")) == [("add", Verdict.NOT_EQUIVALENT, None)]


def test_renamed_function_is_checked_against_its_old_self() -> None:
    assert verdicts(*case("renamed_eq")) == [
        ("use", Verdict.EQUIVALENT, None),
        ("add_clamped", Verdict.EQUIVALENT, "clamp_add"),
    ]
    report = check_pair(*case("renamed_neq"), FAST)
    caller, renamed = report.results
    assert (renamed.function, renamed.verdict, renamed.renamed_from) == (
        "add_clamped",
        Verdict.NOT_EQUIVALENT,
        "clamp_add",
    )
    assert renamed.old is not None and renamed.old.line == 1
    # the caller inlines the renamed callee: its difference shows up there too
    assert (caller.function, caller.verdict) == ("use", Verdict.NOT_EQUIVALENT)


def test_requesting_the_new_name_pairs_it_with_the_old_one() -> None:
    report = check_pair(*case("renamed_neq"), FAST, ["add_clamped"])
    (result,) = report.results
    assert (result.verdict, result.renamed_from) == (Verdict.NOT_EQUIVALENT, "clamp_add")


def test_pure_rename_and_cosmetic_edit_are_equivalent_without_the_solver() -> None:
    old = SourceFile("a.c", "int f(int x) { return x + 1; }\nint g(int y) { return y; }\n")
    new = SourceFile(
        "a.c",
        "int f_plus_one(int x) { return x + 1; }\nint g(int y)\n{\n    return y; /* same */\n}\n",
    )
    report = check_pair(old, new, FAST)
    assert [(r.function, r.verdict, r.renamed_from) for r in report.results] == [
        ("g", Verdict.EQUIVALENT, None),
        ("f_plus_one", Verdict.EQUIVALENT, "f"),
    ]
    assert all(r.stats.solver_calls == 0 for r in report.results)
    assert "renamed from f" in (report.results[1].reason or "")
    assert "whitespace" in (report.results[0].reason or "")


def test_a_header_edit_next_to_each_version_selects_its_users(tmp_path: Path) -> None:
    """OLD.c and NEW.c in two trees, each with its own config.h: the engine's
    preprocessor finds the headers, and the selection compares what they define."""
    body = '#include "config.h"\nint scaled(int x) { return x * SCALE; }\n'
    body += "int id(int x) { return x; }\n"
    for side, scale in (("old", 2), ("new", 3)):
        (tmp_path / side).mkdir()
        (tmp_path / side / "config.h").write_text(f"#define SCALE {scale}\n")
        (tmp_path / side / "m.c").write_text(body)
    old = SourceFile.read(str(tmp_path / "old" / "m.c"))
    new = SourceFile.read(str(tmp_path / "new" / "m.c"))
    assert verdicts(old, new) == [("scaled", Verdict.NOT_EQUIVALENT, None)]


def _exponential_front_end(offset: str) -> str:
    """A return whose every term is under its own conditional: the lifting writes
    the statement once per combination (2^24 here)."""
    terms = "".join(f"#if F{i}\n   + {i + 1}\n#endif\n" for i in range(24))
    return f"int f(int x) {{\n  return x{offset}\n{terms}  ;\n}}\nint g(int x) {{ return x; }}\n"


def test_a_front_end_past_the_budget_is_unknown_naming_its_stage_and_the_scan_goes_on() -> None:
    old = SourceFile("a.c", _exponential_front_end(""))
    new_text = _exponential_front_end(" + 0").replace("return x; }", "return x + 0; }")
    new = SourceFile("a.c", new_text)
    report = check_pair(old, new, Settings(timeout=2, use_compiler=False))
    by_name = {r.function: r for r in report.results}
    slow = by_name["f"]
    assert slow.verdict is Verdict.UNKNOWN
    assert slow.reason == "timeout in the variability front end after 2 s"
    # stopped at its budget (the overrun itself is measured by benchmarks/busybox.py:
    # a loaded machine delays the alarm's delivery)
    assert 2.0 <= slow.stats.seconds <= 3.0
    assert by_name["g"].verdict is Verdict.EQUIVALENT  # the next function is still checked


def test_an_internal_error_in_the_front_end_is_that_functions_error_with_its_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError(1875)

    monkeypatch.setattr(driver, "load_pair", broken)  # the forked child inherits it
    old = SourceFile("a.c", "int f(int x) { return x; }\n")
    new = SourceFile("a.c", "int f(int x) { return x + 0; }\n")
    (result,) = check_pair(old, new, FAST).results
    assert result.verdict is Verdict.ERROR
    assert result.reason is not None
    assert result.reason.startswith("internal error: KeyError: 1875 (at test_driver.py:")
    assert result.new is not None and (result.new.path, result.new.line) == ("a.c", 1)


def test_a_function_past_its_memory_budget_is_unknown_and_the_next_is_checked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The parent stops a child that grows past the budget: a budget, like time,
    makes the function undecided (UNKNOWN), not an internal ERROR."""
    real = driver.load_pair

    def hungry(old: SourceFile, *args: object, **kwargs: object) -> object:
        if "hoard" in old.text:  # the slice of `hoard` (g's leaves it out)
            hoard = []
            while True:
                hoard.append(bytearray(16 * 1024 * 1024))
        return real(old, *args, **kwargs)

    monkeypatch.setattr(driver, "load_pair", hungry)  # the forked child inherits it
    old = SourceFile("a.c", "int hoard(int x) { return x; }\nint g(int x) { return x; }\n")
    new = SourceFile("a.c", "int hoard(int x) { return x + 0; }\nint g(int x) { return -x; }\n")
    report = check_pair(old, new, FAST.overlay({"memory_mb": 256}))
    by_name = {r.function: r for r in report.results}
    assert by_name["hoard"].verdict is Verdict.UNKNOWN
    assert by_name["hoard"].reason is not None
    assert by_name["hoard"].reason.startswith("memory limit (256 MiB) reached in the ")
    assert by_name["g"].verdict is Verdict.NOT_EQUIVALENT


def test_a_witness_found_before_the_limit_is_the_verdict_when_the_rest_runs_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Settling a summary's body may run past the limit (a product unrolled far
    deeper than the search went); the witnesses found by then are replayed
    already: the result is NOT_EQUIVALENT with each as a point entry over its
    own configuration, the rest undecided, not an UNKNOWN that loses them."""
    from checker.lifted.lifted import Lifted

    def endless(*args: object) -> None:
        while True:
            sum(range(1000))

    monkeypatch.setattr(Lifted, "_settle", endless)  # the forked child inherits it
    old = SourceFile("a.c", "int f(int x) {\n#ifdef A\n  return x + 1;\n#else\n"
                            "  return x;\n#endif\n}\n")
    new = SourceFile("a.c", "int f(int x) {\n  return x;\n}\n")
    (result,) = check_pair(old, new, Settings(timeout=3, use_compiler=False)).results
    assert result.verdict is Verdict.NOT_EQUIVALENT
    assert result.reason == ("NEQ-summary incomplete (other configurations undecided): "
                             "timeout in the engine after 3 s")
    (entry,) = result.neq_summary
    assert entry.configurations == "A"
    assert entry.witness.configuration == {"A": 1}
    assert 3.0 <= result.stats.seconds <= 4.0


def test_each_structural_pair_gets_its_share_and_a_stopped_one_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two structural pairs (a typedef per `#ifdef`): the first is given half the
    engine's time, not all of it, so that the second is checked; stopped by its
    share, it then goes on with the time the second left."""
    from checker.engines.answer import Stage, Unknown
    from checker.lifted.lifted import Lifted, Summary

    calls: list[int] = []

    def run(self: Lifted, structural: object) -> Summary:
        calls.append(1)
        if len(calls) != 2:  # the first pair, and its second turn: it needs all the time
            while not self.budget.exhausted():
                sum(range(1000))
        return Summary((), Unknown(f"turn {len(calls)} had {self.budget.seconds:.1f} s",
                                   Stage.LIFTED))

    monkeypatch.setattr(Lifted, "run", run)  # the forked child inherits it
    text = "#ifdef W\ntypedef long T;\n#else\ntypedef int T;\n#endif\nT f(T x) { return x%s; }\n"
    old, new = SourceFile("a.c", text % ""), SourceFile("a.c", text % " + 0")
    (result,) = check_pair(old, new, Settings(timeout=4, use_compiler=False)).results
    assert result.verdict is Verdict.UNKNOWN
    assert result.reason == "turn 3 had 3.8 s"  # the whole budget (95% of the limit)
    assert result.stats.seconds <= 4.4


def test_a_kept_witness_names_the_structural_configuration_it_was_found_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A kept witness's entry is over the features the programs read, within the
    structural condition of its pair: `W` chose the typedef and no code reads
    it, yet the entry says `W` (the versions differ only where T is long)."""
    from checker.lifted.lifted import Lifted

    def endless(*args: object) -> None:
        while True:
            sum(range(1000))

    monkeypatch.setattr(Lifted, "_settle", endless)  # the forked child inherits it
    types = "#ifdef W\ntypedef long T;\n#else\ntypedef int T;\n#endif\n"
    old = SourceFile("a.c", types + "T f(T x) { return x; }\n")
    new = SourceFile("a.c", types + "T f(T x) { return (T)(int)x; }\n")
    (result,) = check_pair(old, new, Settings(timeout=6, use_compiler=False)).results
    assert result.verdict is Verdict.NOT_EQUIVALENT
    (entry,) = result.neq_summary
    assert entry.witness.configuration == {"W": 1}
    assert entry.configurations == "W"


def _header_edit_pair(body: str) -> tuple[SourceFile, SourceFile]:
    """m.c unchanged; its header gains, above what m.c uses, a declaration that m.c
    does not use (a scan checks such a function when the selection's closure, which
    goes by names, reaches the edit; here the function is requested)."""
    header = "int helper(int s);\n"
    text = f'#include "m.h"\n{body}'
    return (SourceFile("m.c", text, {"m.h": header}),
            SourceFile("m.c", text, {"m.h": "int other(int s);\n\n\n" + header}))


def test_a_header_edit_outside_the_functions_slice_is_equivalent_without_the_solver() -> None:
    old, new = _header_edit_pair("int f(int s) { return helper(s) + 1; }\n")
    (result,) = check_pair(old, new, FAST, ["f"]).results
    assert (result.function, result.verdict) == ("f", Verdict.EQUIVALENT)
    assert result.reason == driver.SAME_SLICE_REASON
    assert result.stats.solver_calls == 0


def test_a_function_that_reads_its_line_numbers_is_not_the_same_program_when_lines_move() -> None:
    old, new = _header_edit_pair('#include <assert.h>\n'
                                 'int f(int s) { assert(s != 3); return helper(s); }\n')
    (result,) = check_pair(old, new, FAST, ["f"]).results
    assert result.reason != driver.SAME_SLICE_REASON
    assert result.verdict is Verdict.EQUIVALENT  # assert prints m.c's lines, which did not move



def test_code_in_a_header_reads_the_header_s_name_and_lines() -> None:
    """`__FILE__` and `__LINE__` in a header's inline function are the header's
    (as gcc has them): renaming the header, or moving the function down in it,
    changes what the function returns, though the function's text is the same."""
    inline = "static inline int where(void) { return __FILE__[0] * 1000 + __LINE__; }\n"
    body = "int f(int s) { return s + where(); }\n"
    old = SourceFile("m.c", f'#include "m.h"\n{body}', {"m.h": inline})
    renamed = SourceFile("m.c", f'#include "n.h"\n{body}', {"n.h": inline})
    moved = SourceFile("m.c", f'#include "m.h"\n{body}', {"m.h": "\n" + inline})
    for new, old_value, new_value in ((renamed, ord("m") * 1000 + 1, ord("n") * 1000 + 1),
                                      (moved, ord("m") * 1000 + 1, ord("m") * 1000 + 2)):
        (result,) = check_pair(old, new, FAST, ["f"]).results
        assert result.verdict is Verdict.NOT_EQUIVALENT
        witness = result.neq_summary[0].witness
        moved_by = witness.new_output["return"] - witness.old_output["return"]
        assert moved_by % 2**32 == (new_value - old_value) % 2**32

_KEYWORDS = ("#ifdef CFG_KEYWORDS\n# define IF_KEYWORDS(...) __VA_ARGS__\n#else\n"
             "# define IF_KEYWORDS(...)\n#endif\n"
             "struct pipe { int num_cmds; IF_KEYWORDS(int res_word;) };\n"
             "struct globals { struct pipe *head; int interactive_fd; };\n")
"""hush's shape: a struct laid out per configuration (a structural pair each) that
the function reaches only as the type behind a pointer it is given."""


def _counting_runs(monkeypatch: pytest.MonkeyPatch, log: Path) -> None:
    from checker.lifted.lifted import Lifted, Summary

    real_run = Lifted.run

    def run(self: Lifted, structural: object) -> Summary:
        with log.open("a") as out:  # the check runs in a forked child
            out.write("run\n")
        return real_run(self, structural)  # type: ignore[arg-type]

    monkeypatch.setattr(Lifted, "run", run)


def test_a_proof_is_shared_by_structural_pairs_that_lower_to_the_same_programs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    log = tmp_path / "runs"
    _counting_runs(monkeypatch, log)
    old = SourceFile("a.c", _KEYWORDS + "int internal(struct globals *g, int fd)\n"
                     "{ return fd == g->interactive_fd || fd == 0; }\n")
    new = SourceFile("a.c", _KEYWORDS + "int internal(struct globals *g, int fd)\n"
                     "{ int t = g->interactive_fd; if (fd == 0) return 1; return fd == t; }\n")
    (result,) = check_pair(old, new, FAST).results
    assert result.verdict is Verdict.EQUIVALENT
    assert result.features == ("CFG_KEYWORDS",)
    assert log.read_text() == "run\n"  # two structural pairs, one proof


def test_a_pair_whose_code_reads_the_structural_feature_is_checked_itself(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    """The code reads the feature that also chose the struct's layout: each pair
    is lowered with it fixed, their programs differ, and the proof of the pair
    without it (checked first) is not taken for the pair with it, where the
    versions differ (tests/lifted/test_siblings.py: when a proof would cover)."""
    log = tmp_path / "runs"
    _counting_runs(monkeypatch, log)
    body = ("int internal(struct globals *g, int fd)\n{\n#ifdef CFG_KEYWORDS\n"
            "\tif (fd == 9) return %s;\n#endif\n\treturn fd == g->interactive_fd;\n}\n")
    old = SourceFile("a.c", _KEYWORDS + body % "1")
    new = SourceFile("a.c", _KEYWORDS + body % "2")
    (result,) = check_pair(old, new, FAST).results
    assert result.verdict is Verdict.NOT_EQUIVALENT
    assert [entry.configurations for entry in result.neq_summary] == ["CFG_KEYWORDS"]
    assert log.read_text() == "run\nrun\n"


def test_a_layout_change_of_code_that_reads_its_lines_is_checked() -> None:
    """`__LINE__` is the line: a function split over more lines returns another
    value, and is not a cosmetic edit (one that reads no line is)."""
    old = SourceFile("m.c", "int f(int s) { return s + __LINE__; }\nint g(int s) { return s; }\n")
    new = SourceFile("m.c", "int f(int s) {\n\treturn s + __LINE__;\n}\n"
                     "int g(int s) {\n\treturn s;\n}\n")
    f, g = check_pair(old, new, FAST).results
    assert (f.function, f.verdict) == ("f", Verdict.NOT_EQUIVALENT)
    witness = f.neq_summary[0].witness
    assert (witness.new_output["return"] - witness.old_output["return"]) % 2**32 == 1
    assert (g.function, g.verdict, g.reason) == ("g", Verdict.EQUIVALENT, COSMETIC_REASON)


def test_a_renamed_function_that_reads_its_name_keeps_its_old_name() -> None:
    """`__func__` is the function's name: renaming changes what it reads, so the
    rename is checked (not EQUIVALENT by text), the old version reading its old
    name; where a macro reads it, the old name is not modelled (UNSUPPORTED)."""
    for body in ("return s + __func__[2];", "return s + 0 + __FUNCTION__[2];"):
        old = SourceFile("m.c", "int f_a(int s) { return s + __func__[2]; }\n")
        new = SourceFile("m.c", f"int f_b(int s) {{ {body} }}\n")
        (result,) = check_pair(old, new, FAST).results
        assert (result.function, result.verdict, result.renamed_from) == (
            "f_b", Verdict.NOT_EQUIVALENT, "f_a")
        witness = result.neq_summary[0].witness
        assert (witness.new_output["return"] - witness.old_output["return"]) % 2**32 == 1
    macro = "#define WHO() (__func__[2])\n"
    old = SourceFile("m.c", macro + "int f_a(int s) { return s + WHO(); }\n")
    new = SourceFile("m.c", macro + "int f_b(int s) { return WHO() + s; }\n")
    (result,) = check_pair(old, new, FAST).results
    assert (result.verdict, result.renamed_from) == (Verdict.UNSUPPORTED, "f_a")
    assert result.reason is not None and "'WHO'" in result.reason


def test_an_array_parameter_spelt_as_a_pointer_is_checked() -> None:
    """`int a[10]` -> `int *a` is the same parameter type: the function is checked
    (it was listed as a signature change, not checked)."""
    old = SourceFile("m.c", "int f(int a[10]) { return a[1]; }\n")
    same = SourceFile("m.c", "int f(int *a) { return *(a + 1); }\n")
    other = SourceFile("m.c", "int f(int *a) { return a[1] + (a[0] == 4); }\n")
    assert verdicts(old, same) == [("f", Verdict.EQUIVALENT, None)]
    assert verdicts(old, other) == [("f", Verdict.NOT_EQUIVALENT, None)]
