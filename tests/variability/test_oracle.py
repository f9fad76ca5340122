"""Oracles that check lifted text against products derived by gcc's preprocessor.

Two independent comparisons, used by the other variability tests:

* tokens: the lifted variant with the feature variables #defined to one
  configuration's values, and the gcc-derived product, both run through
  `gcc -E`; `if (<constant>) {...} else ...` chains with braced branches are then
  resolved on both sides alike and the token streams must be equal. Works for
  any C, compilable or not (BusyBox functions), but is blind to scopes.
* semantics: the lifted variant and the product are compiled with a harness that
  sets the feature variables, calls the function on some inputs and prints the
  results; outputs must be equal. Catches scope and declaration mistakes.

The tests in this file show that each oracle does reject a wrong lifting.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

import pytest

from checker.types import Settings
from checker.variability import (
    LiftedSource,
    all_configurations,
    derive_product,
    lift,
)

_TOKEN = re.compile(
    r"""[A-Za-z_$][\w$]*|\.?\d(?:[eEpP][+-]|[\w.])*|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|"""
    r"""<<=|>>=|\.\.\.|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[*/%+\-&^|]=|\S""")
_CONST_TOKEN = re.compile(r"^(\d+[uUlL]*|0[xX][0-9a-fA-F]+[uUlL]*|[()!~<>+\-*/%]|&&|\|\||"
                          r"==|!=|<=|>=)$")


# ------------------------------------------------------------------- tokens


def expand(text: str, defines: Mapping[str, int] | None = None) -> list[str]:
    """Tokens of `text` after `gcc -E -P` (#include lines dropped)."""
    body = re.sub(r"^[ \t]*#[ \t]*include\b.*$", "", text, flags=re.MULTILINE)
    flags = [f"-D{name}={value}" for name, value in (defines or {}).items()]
    run = subprocess.run(["gcc", "-E", "-P", "-undef", "-nostdinc", "-x", "c", *flags, "-"],
                         input=body, capture_output=True, text=True, check=True, timeout=60)
    return _TOKEN.findall(run.stdout)


def const_value(tokens: Sequence[str]) -> int | None:
    """Value of a C constant expression of integers, or None if it is not one."""
    if not tokens or not all(_CONST_TOKEN.match(t) for t in tokens):
        return None
    parser = _ConstParser(list(tokens))
    try:
        value = parser.expression(0)
    except (IndexError, ValueError, ZeroDivisionError):
        return None
    return value if parser.pos == len(tokens) else None


class _ConstParser:
    LEVELS = (("||",), ("&&",), ("==", "!="), ("<", ">", "<=", ">="), ("+", "-"),
              ("*", "/", "%"))

    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.pos = 0

    def expression(self, level: int) -> int:
        if level == len(self.LEVELS):
            return self.unary()
        left = self.expression(level + 1)
        while self.pos < len(self.tokens) and self.tokens[self.pos] in self.LEVELS[level]:
            op = self.tokens[self.pos]
            self.pos += 1
            right = self.expression(level + 1)
            left = {
                "||": lambda a, b: int(bool(a) or bool(b)),
                "&&": lambda a, b: int(bool(a) and bool(b)),
                "==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b),
                "<": lambda a, b: int(a < b), ">": lambda a, b: int(a > b),
                "<=": lambda a, b: int(a <= b), ">=": lambda a, b: int(a >= b),
                "+": lambda a, b: a + b, "-": lambda a, b: a - b,
                "*": lambda a, b: a * b,
                "/": lambda a, b: int(a / b), "%": lambda a, b: a - b * int(a / b),
            }[op](left, right)
        return left

    def unary(self) -> int:
        token = self.tokens[self.pos]
        self.pos += 1
        if token == "!":
            return int(not self.unary())
        if token == "-":
            return -self.unary()
        if token == "~":
            return ~self.unary()
        if token == "(":
            value = self.expression(0)
            if self.tokens[self.pos] != ")":
                raise ValueError("missing )")
            self.pos += 1
            return value
        return int(token.rstrip("uUlL"), 0)


def _matching_brace(tokens: Sequence[str], i: int) -> int:
    depth = 0
    for j in range(i, len(tokens)):
        if tokens[j] == "{":
            depth += 1
        elif tokens[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    raise ValueError("unbalanced braces")


def _const_if(tokens: Sequence[str], i: int) -> tuple[int, int, int] | None:
    """At `if ( const ) {`: (value, index of '{', index of matching '}')."""
    if i + 1 >= len(tokens) or tokens[i] != "if" or tokens[i + 1] != "(":
        return None
    depth = 0
    for j in range(i + 1, len(tokens)):
        if tokens[j] == "(":
            depth += 1
        elif tokens[j] == ")":
            depth -= 1
            if depth == 0:
                value = const_value(tokens[i + 2:j])
                if value is None or j + 1 >= len(tokens) or tokens[j + 1] != "{":
                    return None
                return value, j + 1, _matching_brace(tokens, j + 1)
    return None


def resolve_guards(tokens: Sequence[str]) -> list[str]:
    """Replace each chain `if (c1) {A} else if (c2) {B} else {C}` whose conditions
    are all integer constants by the chosen block's contents."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        chain = _const_chain(tokens, i)
        if chain is None:
            out.append(tokens[i])
            i += 1
            continue
        chosen, after = chain
        if chosen is not None:
            out.extend(resolve_guards(tokens[chosen[0] + 1:chosen[1]]))
        i = after
    return out


def _const_chain(tokens: Sequence[str], i: int) -> tuple[tuple[int, int] | None, int] | None:
    chosen: tuple[int, int] | None = None
    j = i
    while True:
        head = _const_if(tokens, j)
        if head is None:
            return None
        value, open_brace, close_brace = head
        if chosen is None and value:
            chosen = (open_brace, close_brace)
        j = close_brace + 1
        if j >= len(tokens) or tokens[j] != "else":
            return chosen, j
        if j + 1 < len(tokens) and tokens[j + 1] == "{":
            close = _matching_brace(tokens, j + 1)
            if chosen is None:
                chosen = (j + 1, close)
            return chosen, close + 1
        j += 1


def join_split_declarations(tokens: Sequence[str]) -> list[str]:
    """`x ; x =` -> `x =`: lifting may write `T x; x = e;` for `T x = e;`. Applied
    to both sides alike, so it cannot hide a difference of its own."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        if (i + 3 < len(tokens) and tokens[i + 1] == ";" and tokens[i + 2] == tokens[i]
                and tokens[i + 3] == "=" and re.match(r"^[A-Za-z_]\w*$", tokens[i])):
            out.append(tokens[i])
            i += 3
            continue
        out.append(tokens[i])
        i += 1
    return out


def function_tokens(tokens: list[str], function: str | None) -> list[str]:
    """The definition of `function` (from its name to its closing brace), or all."""
    if function is None:
        return tokens
    for i in range(len(tokens) - 1):
        if tokens[i] == function and tokens[i + 1] == "(":
            close = tokens.index(")", i)
            if close + 1 < len(tokens) and tokens[close + 1] == "{":
                return tokens[i:_matching_brace(tokens, close + 1) + 1]
    raise AssertionError(f"no definition of {function}")


def lifted_tokens(lifted: LiftedSource, values: Mapping[str, int],
                  function: str | None = None) -> list[str]:
    """The lifted variant for `values` (feature -> lifted value), guards resolved,
    labels renamed per copy given back their names."""
    variant = lifted.variant_for(values)
    body = "\n".join(line for line in variant.text.split("\n")
                     if not re.match(r"^int __liftdiff_feature_\w+;$", line))
    defines = {f.var: values.get(f.name, 0) for f in lifted.features}
    tokens = [re.sub(r"__liftdiff_\d+$", "", t) for t in expand(body, defines)]
    return function_tokens(join_split_declarations(resolve_guards(tokens)), function)


def product_tokens(text: str, path: str, settings: Settings,
                   configuration: Mapping[str, int | None],
                   function: str | None = None) -> list[str]:
    product = derive_product(text, path, configuration, settings, method="gcc")
    return function_tokens(join_split_declarations(resolve_guards(expand(product.text))),
                           function)


def configurations(lifted: LiftedSource, limit: int = 256) -> list[dict[str, int]]:
    found = []
    for configuration in all_configurations(lifted.features, lifted.feature_model,
                                            _integer_values(lifted)):
        found.append(configuration)
        if len(found) >= limit:
            break
    return found


def _integer_values(lifted: LiftedSource) -> dict[str, tuple[int, ...]]:
    return {f.name: (0, 1, 2, 3, 4) for f in lifted.features if not f.boolean}


def check_tokens(text: str, path: str, settings: Settings, function: str | None = None,
                 chosen: Iterable[Mapping[str, int]] | None = None) -> int:
    """Assert lifted == gcc product (token oracle) for each configuration, for the
    definition of `function` (default: the whole file); returns how many were checked."""
    lifted = lift(text, path, settings)
    count = 0
    for values in chosen if chosen is not None else configurations(lifted):
        macros = lifted.configuration(values)
        expected = product_tokens(text, path, settings, macros, function)
        actual = lifted_tokens(lifted, values, function)
        assert actual == expected, f"configuration {values}:\n{_diff(expected, actual)}"
        count += 1
    return count


def _diff(expected: list[str], actual: list[str]) -> str:
    for index, (e, a) in enumerate(zip(expected, actual, strict=False)):
        if e != a:
            return (f"first difference at token {index}: product "
                    f"{' '.join(expected[index:index + 12])}\n"
                    f" lifted {' '.join(actual[index:index + 12])}")
    return f"lengths differ: product {len(expected)}, lifted {len(actual)}"


# ---------------------------------------------------------------- semantics


_HARNESS = """
int printf(const char *, ...);
long atol(const char *);
int main(int argc, char **argv) {{
    int next = 1;
    (void)argc;
{assign}
{calls}
    return 0;
}}
"""


@lru_cache(maxsize=512)
def _compile(source: str) -> str:
    digest = hashlib.sha1(source.encode()).hexdigest()[:16]
    directory = os.path.join(tempfile.gettempdir(), "liftdiff-variability-tests")
    os.makedirs(directory, exist_ok=True)
    binary = os.path.join(directory, digest)
    if not os.path.exists(binary):
        source_path = binary + ".c"
        with open(source_path, "w", encoding="utf-8") as handle:
            handle.write(source)
        run = subprocess.run(["gcc", "-w", "-fwrapv", "-O0", "-o", binary + ".tmp", source_path],
                             capture_output=True, text=True, timeout=120, check=False)
        assert run.returncode == 0, f"gcc failed:\n{run.stderr}\n--- source:\n{source}"
        os.replace(binary + ".tmp", binary)
    return binary


def run_function(text: str, function: str, inputs: Sequence[Sequence[int]],
                 variables: Sequence[str] = (), values: Sequence[int] = ()) -> list[str]:
    """Outputs of `function` on each input vector; `variables` (lifted feature
    variables) are set from `values` at run time."""
    assign = "\n".join(f"    {v} = (int)atol(argv[next++]);" for v in variables)
    calls = "\n".join(
        f'    printf("%lld\\n", (long long){function}({", ".join(map(str, args))}));'
        for args in inputs)
    binary = _compile(text + _HARNESS.format(assign=assign, calls=calls))
    run = subprocess.run([binary, *map(str, values)], capture_output=True, text=True,
                         timeout=60, check=False)
    assert run.returncode == 0, f"harness crashed ({run.returncode}): {run.stderr}"
    return run.stdout.split()


def check_semantics(text: str, path: str, settings: Settings, function: str,
                    inputs: Sequence[Sequence[int]],
                    chosen: Iterable[Mapping[str, int]] | None = None) -> int:
    """Assert lifted == gcc product by running both, for each configuration."""
    lifted = lift(text, path, settings)
    variables = [f.var for f in lifted.features]
    count = 0
    for values in chosen if chosen is not None else configurations(lifted):
        variant = lifted.variant_for(values)
        actual = run_function(variant.text, function, inputs, variables,
                              [values.get(f.name, 0) for f in lifted.features])
        product = derive_product(text, path, lifted.configuration(values), settings, "gcc")
        expected = run_function(product.text, function, inputs)
        assert actual == expected, f"configuration {values}: product {expected}, lifted {actual}"
        count += 1
    return count


# ------------------------------------------------------ the oracles can fail

pytestmark = pytest.mark.gcc

_SOURCE = """int f(int x) {
    int r = x;
#if A
    r = r + 1;
#endif
    return r;
}
"""


def test_resolve_guards_picks_the_taken_block() -> None:
    tokens = _TOKEN.findall("a; if (1 && !0) { b; } else { c; } if (0) { d; } e;")
    assert resolve_guards(tokens) == ["a", ";", "b", ";", "e", ";"]


def test_resolve_guards_keeps_chains_with_a_real_condition() -> None:
    tokens = _TOKEN.findall("if (0) { b; } else if (x) { c; }")
    assert resolve_guards(tokens) == tokens


def test_split_declarations_are_joined() -> None:
    tokens = _TOKEN.findall("int r ; r = x ; y ; z = 1 ;")
    assert join_split_declarations(tokens) == _TOKEN.findall("int r = x ; y ; z = 1 ;")


def test_const_value_follows_c_precedence() -> None:
    assert const_value(_TOKEN.findall("!1 == 0")) == 1
    assert const_value(_TOKEN.findall("1 + 2 * 3 > 6 && 4")) == 1
    assert const_value(_TOKEN.findall("x + 1")) is None


def test_token_oracle_rejects_a_wrong_lifting() -> None:
    lifted = lift(_SOURCE, "t.c", Settings())
    broken = LiftedSource(lifted.path, lifted.features, lifted.feature_model, tuple(
        v.__class__(v.condition, v.text.replace("r + 1", "r + 2")) for v in lifted.variants))
    assert lifted_tokens(lifted, {"A": 1}) == product_tokens(_SOURCE, "t.c", Settings(),
                                                             {"A": 1})
    assert lifted_tokens(broken, {"A": 1}) != product_tokens(_SOURCE, "t.c", Settings(),
                                                             {"A": 1})


def test_semantic_oracle_sees_a_scope_mistake() -> None:
    good = "int f(int x) { int t = 1; return t + x; }\n"
    scoped = "int t = 7; int f(int x) { { int t = 1; } return t + x; }\n"
    assert run_function(good, "f", [[1]]) == ["2"]
    assert run_function(scoped, "f", [[1]]) == ["8"]
