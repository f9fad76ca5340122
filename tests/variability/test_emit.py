"""Emission keeps every original line number: each token of the lifted text sits
on an output line that `#line` maps to the line it came from."""

from __future__ import annotations

import glob
import re
from pathlib import Path

import pytest

from checker.types import Settings
from checker.variability import lift
from tests import TESTS

DATA = TESTS / "data" / "variability"
BENCH = Path("/work/shared/bench")
_GUARD = re.compile(r"(?:\} else )?if \(([^{};]*)\) \{|\} else \{")
_RENAMED = re.compile(r"(\w+)__liftdiff_\d+")
_WORD = re.compile(r"\w+|\S")


def _mapped_lines(text: str) -> list[tuple[str, int, str]]:
    """(file, line, content) of each content line, following #line like cpp."""
    result = []
    file, line = "", 0
    for raw in text.split("\n"):
        mark = re.match(r'^#line (\d+) "(.*)"$', raw)
        if mark:
            line, file = int(mark.group(1)), mark.group(2)
            continue
        if file:
            result.append((file, line, raw))
        line += 1
    return result


def _words(text: str) -> list[str]:
    return _WORD.findall(text)


def _unguarded(content: str) -> str:
    """The line without what lifting writes (`if (<features>) {`, `} else {`, the `;` of
    a split `T x; x = e;`)
    and with renamed labels given back their names."""
    def drop(match: re.Match[str]) -> str:
        condition = match.group(1)
        if condition is None or "__liftdiff_feature_" in condition:
            return ""
        return match.group(0)
    unguarded = _RENAMED.sub(r"\1", _GUARD.sub(drop, content))
    return unguarded.replace("__liftdiff_feature_", "")  # features read in code


def _sources() -> list[str]:
    return sorted(str(p) for p in DATA.glob("*.c")) + sorted(
        glob.glob(str(BENCH / "busybox-dev/*/old.c")))[:12] + [
        str(BENCH / "spl-examples/paper-fig1/new.c"),
        str(BENCH / "spl-dev/hard/28/coreutils.ls.6b01b71e.sat.spl1/old.fe.c")]


@pytest.mark.parametrize("path", _sources())
def test_every_token_stays_on_its_original_line(path: str) -> None:
    original = Path(path).read_text().split("\n")
    lifted = lift("\n".join(original), path, Settings())
    checked = 0
    for variant in lifted.variants:
        for file, line, content in _mapped_lines(variant.text):
            assert file == path
            if content.startswith("#"):
                assert content.split()[0].lstrip("#") in ("define", "undef", "include"), \
                    content
                continue
            words = [w for w in _words(_unguarded(content)) if w not in ("{", "}", ";")]
            if line > len(original):
                assert words == [], f"{path}:{line}: {content}"
                continue
            source_words = _words(original[line - 1])
            for word in words:
                assert word in source_words, f"{path}:{line}: '{word}' not in {source_words}"
                checked += 1
    assert checked > 0


def test_a_short_gap_is_blank_lines_and_a_jump_is_a_line_directive() -> None:
    text = "int f(int x) {\n#if A\n  int t = 1;\n#else\n  long t = 2;\n#endif\n" \
           "  return t + x;\n}\n"
    output = lift(text, "g.c", Settings()).variants[0].text.split("\n")
    assert output[:2] == ["int __liftdiff_feature_A;", '#line 1 "g.c"']
    assert output[2:5] == ["int f(int x) {", "", "  if (__liftdiff_feature_A) { int t = 1;"]
    assert '#line 7 "g.c"' not in output[:8]  # forward by a few lines: blank lines
    assert '#line 5 "g.c"' in output  # back to the else branch: a #line directive


def test_header_defines_features_read_in_macro_bodies() -> None:
    text = "#define SIZE (CONFIG_N * 2)\nint f(void) { return SIZE; }\n"
    output = lift(text, "h.c", Settings(feature_patterns=("CONFIG_*",))).variants[0].text
    assert output.split("\n")[:3] == [
        "int __liftdiff_feature_CONFIG_N;",
        "#define CONFIG_N __liftdiff_feature_CONFIG_N",
        '#line 1 "h.c"']


def test_tokens_are_never_pasted_together() -> None:
    text = "int f(void) { IF_X(unsigned)int v = 1; return v; }\n"
    output = lift(text, "p.c", Settings()).variants[0].text
    assert "{ unsigned int v = 1; return v; } else { int v = 1; return v; }" in output
