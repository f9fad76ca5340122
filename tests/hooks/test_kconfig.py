"""Kconfig defaults of numeric options: read from the project, used where C needs
a constant, and named in the verdict."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from hooks.cli import main
from hooks.kconfig import parse_defaults
from tests.hooks.productline import git, init_repo

KCONFIG = """\
config FEATURE_EDITING
	bool "Command line editing"
	default y

config FEATURE_EDITING_HISTORY
	int "History size"
	range 0 9999
	default 255
	depends on FEATURE_EDITING

menuconfig FEATURE_MASK
	hex "Mask"
	default 0x1f

config FEATURE_SLACK
	int "Slack"
	default 80 if FEATURE_EDITING
	default 40
"""


def test_numeric_options_with_an_unconditional_default_and_no_other() -> None:
    copybuf = 'config COPYBUF_KB\n\tint "KB"\n\tdefault 4\n'
    assert parse_defaults([KCONFIG, copybuf]) == (
        ("CONFIG_COPYBUF_KB", "4"),
        ("CONFIG_FEATURE_EDITING_HISTORY", "255"),
        ("CONFIG_FEATURE_MASK", "31"),
        ("CONFIG_FEATURE_SLACK", "40"),  # the first default holding whatever is chosen
    )


def test_an_option_two_files_give_different_defaults_gets_none() -> None:
    other = "config FEATURE_EDITING_HISTORY\n\tint \"History\"\n\tdefault 15\n"
    assert dict(parse_defaults([KCONFIG, other])).get("CONFIG_FEATURE_EDITING_HISTORY") is None


HISTORY_C = """\
struct history { int count; char *lines[CONFIG_FEATURE_EDITING_HISTORY + 1]; };

void *xzalloc(unsigned long size);

struct history *new_history(int count)
{
	struct history *h = xzalloc(sizeof(*h));
	h->count = count;
	return h;
}
"""


@pytest.mark.git
def test_commit_takes_the_kconfig_default_where_c_needs_a_constant(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo")
    (repo / "Config.in").write_text(KCONFIG)
    (repo / ".liftdiff.toml").write_text('feature_patterns = ["CONFIG_*"]\n')
    (repo / "history.c").write_text(HISTORY_C)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "history")
    (repo / "history.c").write_text(HISTORY_C.replace("h->count = count;",
                                                      "h->count = count + 1;"))
    git(repo, "commit", "-q", "-am", "count one more")
    out = io.StringIO()
    code = main(["commit", "HEAD", "-C", str(repo), "--json", "--no-cache", "--no-progress"],
                out=out, err=io.StringIO(), env={})
    (result,) = json.loads(out.getvalue())["results"]
    assert (code, result["verdict"]) == (1, "NOT_EQUIVALENT"), result["reason"]
    assert result["assumptions"][0].startswith(
        "'CONFIG_FEATURE_EDITING_HISTORY' is 255, its Kconfig default")
    (repo / "Config.in").write_text(KCONFIG.replace("default 255", "default 255 if X"))
    (repo / "history.c").write_text(HISTORY_C)
    git(repo, "commit", "-q", "-am", "no default, count back")
    out = io.StringIO()
    main(["commit", "HEAD", "-C", str(repo), "--json", "--no-cache", "--no-progress"],
         out=out, err=io.StringIO(), env={})
    (result,) = json.loads(out.getvalue())["results"]
    assert result["verdict"] == "UNSUPPORTED"
    assert "give it a value with -D CONFIG_FEATURE_EDITING_HISTORY=N" in result["reason"]
