"""Real BusyBox commits, checked as `benchmarks/busybox.py cases` checks them: in a
clone of ../shared/bench/busybox.bundle, with the revision's own headers. Each
commit is chosen for an idiom: a branch dead on Linux (`#ifdef __linux__`), a
static const table and a local passed to functions without code, a macro
defined only in some configurations (`#define bb_info_msg bb_error_msg`); and,
through the front end only, `IF_X(...)` in a macro body and a Kconfig value of
the absent autoconf.h."""

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


def test_tftp_info_msg_difference_is_not_claimed_without_gcc(repo: Path, tmp_path: Path) -> None:
    """708670a684: bb_error_msg -> bb_info_msg under TFTP_DEBUG; libbb.h makes
    bb_info_msg a macro for bb_error_msg only without FEATURE_SYSLOG_INFO. The
    interpreter finds the difference there, but the harness's stub of bb_strtou
    (a call the model treats as code we do not have) collides with xatonum.h's
    inline definition, so gcc never runs the witness: UNKNOWN saying so, never a
    NOT_EQUIVALENT on the interpreter alone (and never the EQUIVALENT the
    every-configuration macro once gave)."""
    result = check(repo, "32", tmp_path)
    assert result["verdict"] == "UNKNOWN", result["reason"]
    assert "the compiled replay cannot build the witness" in result["reason"]
    assert "bb_strtou" in result["reason"]


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
