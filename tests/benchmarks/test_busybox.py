"""Real BusyBox commits, checked as `benchmarks/busybox.py cases` checks them: in a
clone of ../shared/bench/busybox.bundle, with the revision's own headers. Each
commit is chosen for an idiom: a branch dead on Linux (`#ifdef __linux__`), a
static const table and a local passed to functions without code, a macro
defined only in some configurations (`#define bb_info_msg bb_error_msg`), a
constant of a header we do not have (TC_H_UNSPEC), an object of a generated
header that is absent (`bb_common_bufsiz1`); and, through the front end only,
`IF_X(...)` in a macro body and a Kconfig value of the absent autoconf.h."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from checker.frontend.frontend import ParsedFile, load
from checker.frontend.slice import slice_functions, translation_unit
from checker.types import Settings, SourceFile
from tests import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
busybox = importlib.import_module("busybox")

pytestmark = [pytest.mark.git, pytest.mark.skipif(
    not busybox.DEFAULT_BUNDLE.exists(), reason="no BusyBox bundle beside the repository")]


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return Path(busybox.clone(busybox.DEFAULT_BUNDLE, tmp_path_factory.mktemp("bb") / "bb"))


def check(repo: Path, case: str, work: Path) -> dict:  # type: ignore[type-arg]
    """The case's function's result, as the benchmark gets it."""
    meta = json.loads((busybox.DEFAULT_CASES / case / "meta.json").read_text())
    config = work / "liftdiff.toml"
    config.write_text(f'[policy]\npaths = ["{meta["file"]}"]\n')
    report, problem, _ = busybox.liftdiff(
        ["commit", meta["bundle_commit"], "--config", str(config), "--no-cache",
         "--timeout", "30", "--function", meta["function"]], repo, 600)
    assert report is not None, problem
    (result,) = [r for c in report["commits"] for r in c["results"]
                 if r["function"] == meta["function"]]
    return result  # type: ignore[no-any-return]


def test_make_tempdir_changed_only_where_linux_is_not(repo: Path, tmp_path: Path) -> None:
    """6301316b2f changes a call under `#else` of `#ifdef __linux__` (dead on the
    x86-64 Linux we model); the live branch walks a static const table passed to
    mount() and passes a local array to mkdtemp(): both now live in memory."""
    result = check(repo, "14", tmp_path)
    assert result["verdict"] == "EQUIVALENT", result["reason"]
    assert any("constant object" in a for a in result["assumptions"])
    assert any("local object passed to a function without code" in a
               for a in result["assumptions"])


def test_tftp_info_msg_difference_replays_under_gcc(repo: Path, tmp_path: Path) -> None:
    """708670a684: bb_error_msg -> bb_info_msg under TFTP_DEBUG; libbb.h makes
    bb_info_msg a macro for bb_error_msg only without FEATURE_SYSLOG_INFO, so
    the difference is a different function called where SYSLOG_INFO is on.
    xatonum.h defines bb_strtou inline only `#if UINT_MAX == ULLONG_MAX`: gcc's
    product takes the branch <limits.h> takes (a function without code, which
    the harness stubs), so gcc runs the witness too."""
    result = check(repo, "32", tmp_path)
    assert result["verdict"] == "NOT_EQUIVALENT", result["reason"]
    (entry,) = result["neq_summary"]
    assert "ENABLE_FEATURE_SYSLOG_INFO" in entry["configurations"]
    assert "!ENABLE_FEATURE_SYSLOG_INFO" not in entry["configurations"]
    witness = entry["witness"]
    assert witness["replayed_by"] == ["interpreter", "compiler"]
    assert any(c.startswith("bb_error_msg(") for c in witness["old_output"]["calls"])
    assert any(c.startswith("bb_info_msg(") for c in witness["new_output"]["calls"])


def test_tc_classid_with_a_constant_of_an_absent_header(repo: Path, tmp_path: Path) -> None:
    """db421ea836 drops the `else`s of print_tc_classid, whose first test reads
    TC_H_UNSPEC from <linux/pkt_sched.h>, a header we do not have: an opaque
    constant, the same in both versions and named in the assumptions, on which
    the proof does not depend."""
    result = check(repo, "31", tmp_path)
    assert result["verdict"] == "EQUIVALENT", result["reason"]
    assert any("'TC_H_UNSPEC' is declared nowhere here" in a for a in result["assumptions"])


@pytest.mark.slow  # 15 s on a loaded machine; tests/cases/opaque_object_* are the fast ones
def test_dd_incomplete_write_difference_replays_under_gcc(repo: Path, tmp_path: Path) -> None:
    """5afd63a631: write_and_stats returns 1 where the last write was incomplete.
    Its `G` is `(*(struct globals*)bb_common_bufsiz1)`, declared in the generated
    common_bufsiz.h, which is absent: the harness defines the name as the
    address the witness gives it, so gcc runs the witness too."""
    result = check(repo, "05", tmp_path)
    assert result["verdict"] == "NOT_EQUIVALENT", result["reason"]
    assert any("'bb_common_bufsiz1' is declared nowhere here" in a
               for a in result["assumptions"])
    for entry in result["neq_summary"]:
        witness = entry["witness"]
        assert witness["replayed_by"] == ["interpreter", "compiler"]
        assert (witness["old_output"]["return"], witness["new_output"]["return"]) == (0, 1)


def _front_end(repo: Path, case: str, work: Path) -> ParsedFile:
    """The new version's slice of the case's function, through the front end (no
    engine: seconds), with the revision's headers as the benchmark has them."""
    meta = json.loads((busybox.DEFAULT_CASES / case / "meta.json").read_text())
    archive = subprocess.run(["git", "archive", meta["bundle_commit"], "include",
                              str(Path(meta["file"]).parent)],
                             cwd=repo, capture_output=True, check=True).stdout
    work.mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(work)], input=archive, check=True)
    path = work / meta["file"]
    unit = translation_unit(SourceFile(str(path), path.read_text()), Settings())
    return load(slice_functions(unit, [meta["function"]]).source, Settings())


def test_if_x_in_macro_bodies_and_kconfig_values_reach_the_engine(repo: Path,
                                                                  tmp_path: Path) -> None:
    """a680f40bfe ping.c: `#define OPT_STRING ("..." IF_PING6("6"))` is one
    definition per configuration of ENABLE_PING6 (the parser stopped at IF_PING6);
    708670a684 udhcp/common.h: `options[N + CONFIG_UDHCPC_SLACK_FOR_BUGGY_SERVERS]`
    from the absent autoconf.h is a placeholder the assumptions name."""
    ping = _front_end(repo, "30", tmp_path / "ping")
    assert "ENABLE_PING6" in [f.name for f in ping.features]
    definitions = {line.replace(" ", "") for v in ping.lifted.variants
                   for line in v.text.splitlines() if line.startswith("#define OPT_STRING")}
    assert definitions == {'#defineOPT_STRING("qvc:+s:t:+w:+W:+I:np:4""6")',
                           '#defineOPT_STRING("qvc:+s:t:+w:+W:+I:np:4")'}
    dhcp = _front_end(repo, "35", tmp_path / "dhcp")
    assert any(n.startswith("macro 'CONFIG_UDHCPC_SLACK_FOR_BUGGY_SERVERS' is defined nowhere")
               for n in dhcp.notes)


def test_xsocket_simple_msg_differs_wherever_verbose_errors_are_off(
        repo: Path, tmp_path: Path) -> None:
    """6301316b2f: bb_perror_msg_and_die("socket") -> bb_simple_perror_msg_and_die.
    The same commit adds WARN_SIMPLE_MSG to libbb.h (a `##`/argument-counting macro
    that sends a one-argument call through a static inline wrapper of the simple
    function), so the old revision has no such macro: its call is
    bb_perror_msg_and_die in every configuration, and the difference covers
    !VERBOSE_RESOLUTION_ERRORS whatever WARN_SIMPLE_MSG is."""
    result = check(repo, "21", tmp_path)
    assert result["verdict"] == "NOT_EQUIVALENT", result["reason"]
    assert result["reason"] is None
    heads = sorted(e["configurations"] for e in result["neq_summary"])
    assert heads in (["!ENABLE_VERBOSE_RESOLUTION_ERRORS"],
                     ["!ENABLE_VERBOSE_RESOLUTION_ERRORS && !ENABLE_WARN_SIMPLE_MSG",
                      "!ENABLE_VERBOSE_RESOLUTION_ERRORS && ENABLE_WARN_SIMPLE_MSG"]), heads
    for entry in result["neq_summary"]:
        witness = entry["witness"]
        assert witness["replayed_by"] == ["interpreter", "compiler"]
        assert 'bb_perror_msg_and_die("socket")' in witness["old_output"]["calls"]
        assert 'bb_simple_perror_msg_and_die("socket")' in witness["new_output"]["calls"]


@pytest.mark.slow  # 30 s on a loaded machine; tests/cases/const_table_to_external_*: fast
def test_check_operator_table_difference_replays_under_gcc(repo: Path, tmp_path: Path) -> None:
    """2e48f98636 adds "=~", "&&" and "||" to ops_texts and REGEX to enum token
    where BASH_TEST2 is on, so the table given to index_in_strings() and the
    token numbers both change. The compiled replay answers the stub for the
    program's own ops_texts (not the witness's copy of it), so gcc runs the
    witness too."""
    result = check(repo, "11", tmp_path)
    assert result["verdict"] == "NOT_EQUIVALENT", result["reason"]
    for entry in result["neq_summary"]:
        assert "ENABLE_TEST2" in entry["configurations"]
        witness = entry["witness"]
        assert witness["replayed_by"] == ["interpreter", "compiler"]
        assert witness["old_output"]["return"] != witness["new_output"]["return"]
