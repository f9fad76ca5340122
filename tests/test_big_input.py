"""Big and deep C (generated here): a verdict, never a RecursionError or a traceback.

pycparser parses by recursive descent and the lowering recurses over the
tree, so these shapes go thousands of frames deep (see checker/deep_stack.py);
constant propagation must stay linear in the expression's size.
"""

from __future__ import annotations

import io
import json
import sys

from checker.api import check_pair
from checker.cli import build_parser, dispatch
from checker.types import FunctionResult, ReplayMethod, Settings, SourceFile, Verdict

SETTINGS = Settings(timeout=120, solver_timeout=60)


def check(old: str, new: str) -> FunctionResult:
    (result,) = check_pair(SourceFile("old.c", old), SourceFile("new.c", new), SETTINGS,
                           ["f"]).results
    return result


def nested_ifs(depth: int, result: int) -> str:
    guards = "".join(f"if (x > {i}) " for i in range(depth))
    return f"int f(int x)\n{{\n    {guards}return {result};\n    return 0;\n}}\n"


def else_if_chain(arms: int, last: int) -> str:
    lines = ["int f(int x)", "{"]
    for i in range(arms):
        value = last if i == arms - 1 else 3 * i
        lines.append(f"    {'if' if i == 0 else 'else if'} (x == {i}) return {value};")
    lines += ["    return -1;", "}", ""]
    return "\n".join(lines)


def long_sum(terms: int, swap_last: bool = False, change_last: bool = False) -> str:
    parts = [f"(x ^ {i})" if i % 2 else f"(y - {i})" for i in range(terms)]
    if swap_last:
        parts[-1] = f"({terms - 1} ^ x)"
    if change_last:
        parts[-1] = f"(x ^ {terms})"
    return f"int f(int x, int y) {{ return {' + '.join(parts)}; }}\n"


def test_two_hundred_nested_ifs() -> None:
    result = check(nested_ifs(200, 1), nested_ifs(200, 2))
    assert result.verdict is Verdict.NOT_EQUIVALENT, result.reason
    (entry,) = result.neq_summary
    assert entry.witness.inputs["x"] > 199  # type: ignore[operator]
    assert ReplayMethod.INTERPRETER in entry.witness.replayed_by


def test_four_hundred_arm_else_if_chain() -> None:
    same = check(else_if_chain(400, 3 * 399), else_if_chain(400, 3 * 399))
    assert same.verdict is Verdict.EQUIVALENT, same.reason
    result = check(else_if_chain(400, 3 * 399), else_if_chain(400, 0))
    assert result.verdict is Verdict.NOT_EQUIVALENT, result.reason
    assert result.neq_summary[0].witness.inputs == {"x": 399}


def test_three_thousand_term_expression() -> None:
    assert check(long_sum(3000), long_sum(3000, swap_last=True)).verdict is Verdict.EQUIVALENT
    result = check(long_sum(3000), long_sum(3000, change_last=True))
    assert result.verdict is Verdict.NOT_EQUIVALENT, result.reason


def test_deep_input_on_the_command_line_gives_json(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The same through the CLI (the engine's own thread, then the report)."""
    old, new = tmp_path / "old.c", tmp_path / "new.c"
    old.write_text(else_if_chain(400, 1))
    new.write_text(else_if_chain(400, 2))
    out, err = io.StringIO(), io.StringIO()
    parser, _ = build_parser()
    code = dispatch(parser, ["check", str(old), str(new), "--json"], out, err)
    assert code == 1, err.getvalue()
    (result,) = json.loads(out.getvalue())["results"]
    assert result["verdict"] == "NOT_EQUIVALENT"
    assert sys.getrecursionlimit() < 10_000  # the deep limit is the engine thread's time only
