"""Each convention of the code is spelled in one module (issue 17): the feature
variables' prefix and `config:` keys, the C keyword table, the `#include` pattern,
the tokenizer, the calls that ask z3 for an answer.

The search reads string literals and calls from the syntax tree, so a docstring
or a comment that mentions a convention is no second definition. The last tests
plant a second definition of each in a snippet, so each search is shown to find
one.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable, Iterator

import pytest

from checker.semantics.keywords import KEYWORDS
from tests.architecture.imports import ROOT, modules

Finder = Callable[[ast.Module], Iterator[int]]
"""Lines of a module's syntax tree where it defines a convention."""

def _strings(tree: ast.Module) -> Iterator[ast.Constant]:
    """String literals that are not docstrings (a string standing alone as a
    statement documents a module, class, function or the name above it)."""
    prose = {id(node.value) for node in ast.walk(tree)
             if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose:
            yield node


def _word_tables(tree: ast.Module) -> Iterator[tuple[int, set[str]]]:
    """Collections of words written out: set/list/tuple literals of strings and
    `"...".split()` texts."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Set | ast.List | ast.Tuple):
            words = {e.value for e in node.elts
                     if isinstance(e, ast.Constant) and isinstance(e.value, str)}
            yield node.lineno, words
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "split" and isinstance(node.func.value, ast.Constant)
              and isinstance(node.func.value.value, str)):
            yield node.lineno, set(node.func.value.value.split())


def _regexes(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """Patterns handed to the `re` module."""
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "re"
                and node.args and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)):
            yield node.lineno, node.args[0].value


def feature_prefix(tree: ast.Module) -> Iterator[int]:
    return (s.lineno for s in _strings(tree) if "__liftdiff_feature_" in s.value)


def config_key(tree: ast.Module) -> Iterator[int]:
    return (s.lineno for s in _strings(tree) if s.value.startswith("config:"))


def keyword_table(tree: ast.Module) -> Iterator[int]:
    """Twelve C keywords written out together make a keyword table (a smaller set
    for one purpose, such as the words that make a declaration, is no copy)."""
    return (line for line, words in _word_tables(tree) if len(words & KEYWORDS) >= 12)


def include_pattern(tree: ast.Module) -> Iterator[int]:
    return (line for line, pattern in _regexes(tree) if "#" in pattern and "include" in pattern)


_PUNCTUATORS = ("->", "++", "--", "<<=", ">>=", "...", "##")


def tokenizer(tree: ast.Module) -> Iterator[int]:
    """C's long punctuators, four or more of them in one table or one pattern,
    make a tokenizer."""
    for line, words in _word_tables(tree):
        if sum(p in words for p in _PUNCTUATORS) >= 4:
            yield line
    for line, pattern in _regexes(tree):
        if sum(p in pattern.replace("\\", "") for p in _PUNCTUATORS) >= 4:
            yield line


_SOLVER_CLASSES = {"Solver", "SolverFor", "SimpleSolver", "Optimize", "Fixedpoint"}


def solver_call(tree: ast.Module) -> Iterator[int]:
    """A solver made (`z3.Solver()`...) or asked (`.check()`, `.query()`) other than
    through the solver module (`solver.check`, a `session.check` of its
    `Session`). Building Horn clauses in a
    Fixedpoint is no question: only a Fixedpoint made in a fresh context, as one
    is made to be queried, counts."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        owner, name = node.func.value, node.func.attr
        if isinstance(owner, ast.Name) and owner.id == "z3" and name in _SOLVER_CLASSES:
            if name != "Fixedpoint" or node.keywords:
                yield node.lineno
        elif name in ("check", "query") and not (
            isinstance(owner, ast.Name) and owner.id in ("solver", "session")
        ):
            yield node.lineno


CONVENTIONS: dict[str, tuple[Finder, str]] = {
    "feature prefix": (feature_prefix, "checker/variability/types.py"),
    "config key": (config_key, "checker/variability/types.py"),
    "C keyword table": (keyword_table, "checker/semantics/keywords.py"),
    "#include pattern": (include_pattern, "checker/variability/lexer.py"),
    "tokenizer": (tokenizer, "checker/variability/lexer.py"),
    "solver call": (solver_call, "checker/semantics/solver.py"),
}


@functools.cache
def _trees() -> dict[str, ast.Module]:
    return {
        module.path: ast.parse((ROOT / module.path).read_text(encoding="utf-8"))
        for module in modules().values()
    }


@functools.cache
def _found(finder: Finder) -> dict[str, list[int]]:
    where: dict[str, list[int]] = {}
    for path, tree in _trees().items():
        lines = sorted(set(finder(tree)))
        if lines:
            where[path] = lines
    return where


@pytest.mark.parametrize("convention", sorted(CONVENTIONS))
def test_each_convention_is_defined_in_one_module(convention: str) -> None:
    finder, home = CONVENTIONS[convention]
    where = _found(finder)
    assert home in where, f"the {convention} is no longer found in {home}"
    elsewhere = {path: lines for path, lines in where.items() if path != home}
    assert not elsewhere, f"the {convention} is defined again outside {home}: {elsewhere}"


PLANTED = {
    "feature prefix": 'NAME = "__liftdiff_feature_" + macro\n',
    "config key": 'key = f"config:{var}"\n',
    "C keyword table": (
        'WORDS = frozenset("if else for while do int char long return goto case enum".split())\n'
    ),
    "#include pattern": 'INC = re.compile(r"#\\s*include\\s*<([^>]+)>")\n',
    "tokenizer": 'OPS = ["->", "++", "--", "...", "+", "-"]\n',
    "solver call": "s = z3.Solver()\ns.add(x)\nr = s.check()\n",
}
INNOCENT = (
    '"""A docstring about __liftdiff_feature_ names, config: keys and #include lines."""\n'
    "# z3.Solver().check() in a comment\n"
    'TYPES = ("int", "char", "struct")\n'
    'OPS = ("++", "--", "p++", "p--")\n'
    "answer = solver.check(assertions, budget)\n"
    "fp = z3.Fixedpoint()\n"
    'label = f"witness config: {x}"\n'
)


@pytest.mark.parametrize("convention", sorted(PLANTED))
def test_the_search_finds_a_planted_definition(convention: str) -> None:
    finder, _ = CONVENTIONS[convention]
    assert list(finder(ast.parse(PLANTED[convention])))
    assert not list(finder(ast.parse(INNOCENT))), "a mention is not a definition"


def test_every_convention_has_a_planted_case() -> None:
    assert set(PLANTED) == set(CONVENTIONS)
