"""Generated pairs of macros that other macros name, judged by gcc in every build.

A macro that another macro's body names is looked up where the outer macro is
expanded, so it counts as used there (analysis.py `expanded_guarded`); one that
calls its own name is renamed per definition (its body's name is the function).
Each seed writes a chain `OUTER -> INNER` under random feature conditions, uses
`OUTER` under another, with a same-named object for where a macro is undefined,
and a small change (or none) to one link (beside a prototype whose attribute
is under yet another condition); every verdict must be exact on every
build (tests/gcc_judge.py: -O0 and -O2, each macro undefined, 0 and 1).
LIFTDIFF_MACRO_CHAIN_SEEDS=N for more (80 passed on 2026-11-29; with the
outer macro's names not counted as used, 8 of the first 30 fail).
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from checker.api import check_pair
from checker.types import Settings, SourceFile, Verdict
from tests import HAVE_GCC
from tests.gcc_judge import judge

_GUARDS = ("", "A", "!A", "B", "A && B", "A || B")


def _under(guard: str, lines: list[str]) -> list[str]:
    if not guard:
        return lines
    test = " ".join(f"defined({t})" if t.isalpha() else t
                     for t in guard.replace("!", "! ").split())
    return [f"#if {test}", *lines, "#endif"]


def _program(rng: random.Random, change: str) -> tuple[str, str]:
    inner_guard, outer_guard, use_guard = (rng.choice(_GUARDS) for _ in range(3))
    inner_value = rng.randint(1, 9)
    outer_scale = rng.randint(2, 5)
    self_call = rng.random() < 0.5
    attribute_guard = rng.choice(_GUARDS)  # a prototype's attribute, dropped before lifting

    def text(inner: int, scale: int, use: str) -> str:
        lines = [
            "static int INNER(int v) { return v * 7; }",
            "static const int OUTER_VALUE = 11;",
            *_under(inner_guard, [f"#define INNER(v) (INNER(v) + {inner})" if self_call
                                  else f"#define INNER(v) ((v) + {inner})"]),
            *_under(outer_guard, [f"#define OUTER(x) (INNER(x) * {scale})"]),
            "#ifndef OUTER",
            "#define OUTER(x) ((x) + OUTER_VALUE)",
            "#endif",
            "#define VISIBLE __attribute__((visibility(\"default\"), unused))",
            "int f(int x)",
            *_under(attribute_guard, ["VISIBLE"]),
            ";",
            "int f(int x)",
            "{",
            "\tif (x > 1000 || x < -1000)",
            "\t\treturn 0;",
            *_under(use_guard, [f"\tif (x > 3)\n\t\treturn {use};"]),
            "\treturn x;",
            "}",
        ]
        return "\n".join(lines) + "\n"

    old = text(inner_value, outer_scale, "OUTER(x)")
    if change == "inner":
        new = text(inner_value + 1, outer_scale, "OUTER(x)")
    elif change == "scale":
        new = text(inner_value, outer_scale + 1, "OUTER(x)")
    else:  # the same expansion written out where the macros are plain
        new = text(inner_value, outer_scale, "OUTER(x) + 0")
    return old, new


@pytest.mark.skipif(not HAVE_GCC, reason="gcc judges the verdicts")
@pytest.mark.parametrize("seed", range(int(os.environ.get("LIFTDIFF_MACRO_CHAIN_SEEDS", "8"))))
def test_generated_macro_chain_verdicts_hold_in_every_build(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    change = rng.choice(("inner", "scale", "none"))
    old, new = _program(rng, change)
    (tmp_path / "old.c").write_text(old)
    (tmp_path / "new.c").write_text(new)
    settings = Settings(disk_headers=False, timeout=60)
    (result,) = check_pair(SourceFile(str(tmp_path / "old.c"), old),
                           SourceFile(str(tmp_path / "new.c"), new), settings, ["f"]).results
    assert result.verdict in (Verdict.EQUIVALENT, Verdict.NOT_EQUIVALENT), (
        result.reason, old, new)
    found = judge(tmp_path, result, settings)  # raises unless exact on every build
    assert bool(found.differing) == (result.verdict is Verdict.NOT_EQUIVALENT), (old, new)
