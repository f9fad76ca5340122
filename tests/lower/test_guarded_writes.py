"""Which names a function writes only under an #ifdef (lower.feature_guarded_writes)."""

from __future__ import annotations

from pycparser import c_parser

from checker.lower.lower import feature_guarded_writes


def test_writes_only_under_a_feature_if_are_told_apart_from_plain_ones() -> None:
    ast = c_parser.CParser().parse(
        "int __liftdiff_feature_A, __liftdiff_feature_B, n;\n"
        "int f(int x) { static int a, b, c, d; int *p;\n"
        "  if (__liftdiff_feature_A) { a++; if (__liftdiff_feature_B) p = &b; }\n"
        "  else c = 1;\n"
        "  if (x) d = 2;\n"
        "  if (__liftdiff_feature_A && n) b = 3;\n"
        "  return a + b + c + d; }\n"
    )
    assert feature_guarded_writes(ast) == {"f": frozenset({"a", "c", "p"})}
