"""Each convention of the code is spelled in one module (issue 17): the feature
variables' prefix and `config:` keys, the C keyword table, the `#include` pattern,
the tokenizer, the calls that ask z3 for an answer, the traversal of IR expressions.

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

from checker.ir.ir import EXPR_KINDS
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


# ------------------------------------------------------------ IR traversal

IR_HOME = "checker/ir/ir.py"
_IR_KINDS = frozenset(kind.__name__ for kind in EXPR_KINDS)


def _ir_bindings(tree: ast.Module) -> tuple[set[str], set[str]]:
    """Names a module binds to IR expression classes, and to the IR module itself."""
    kinds: set[str] = set()
    modules_: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "checker.ir.ir":
            kinds |= {a.asname or a.name for a in node.names if a.name in _IR_KINDS}
        elif isinstance(node, ast.ImportFrom) and node.module == "checker.ir":
            modules_ |= {a.asname or a.name for a in node.names if a.name == "ir"}
        elif isinstance(node, ast.Import):
            modules_ |= {a.asname for a in node.names if a.name == "checker.ir.ir" and a.asname}
    return kinds, modules_


def _classes(node: ast.expr, kinds: set[str], modules_: set[str]) -> set[str]:
    """The IR expression classes an isinstance argument or a case pattern names."""
    if isinstance(node, ast.Name):
        return {node.id} & kinds
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return {node.attr} & _IR_KINDS if node.value.id in modules_ else set()
    if isinstance(node, ast.Tuple):
        return set().union(*(_classes(e, kinds, modules_) for e in node.elts))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _classes(node.left, kinds, modules_) | _classes(node.right, kinds, modules_)
    return set()


def own_ir_walk(tree: ast.Module) -> Iterator[int]:
    """Functions that take IR expressions apart by kind on their own: a function
    that calls itself and tells three or more expression classes apart (by
    isinstance or by case patterns). `ExprVisitor` (and `ExprMapper`, which
    rebuilds) is the one dispatch on kinds, `walk` the one flat traversal; a
    one-level look at a node (folding it, testing a pattern) is no walk."""
    kinds, modules_ = _ir_bindings(tree)
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        told: set[str] = set()
        recursive = False
        for node in ast.walk(function):
            if isinstance(node, ast.MatchClass):
                told |= _classes(node.cls, kinds, modules_)
            elif isinstance(node, ast.Call):
                callee = node.func
                if (isinstance(callee, ast.Name) and callee.id == "isinstance"
                        and len(node.args) == 2):
                    told |= _classes(node.args[1], kinds, modules_)
                name = callee.id if isinstance(callee, ast.Name) else getattr(callee, "attr", "")
                recursive = recursive or name == function.name
        if recursive and len(told) >= 3:
            yield function.lineno


def test_ir_expressions_are_walked_through_the_visitor_only() -> None:
    elsewhere = {path: lines for path, lines in _found(own_ir_walk).items() if path != IR_HOME}
    assert not elsewhere, f"IR expressions walked by kind outside the visitor: {elsewhere}"


PLANTED_WALKS = {
    "isinstance": (
        "from checker.ir.ir import Binary, Const as K, Unary\n"
        "def size(e):\n"
        "    if isinstance(e, K):\n        return 1\n"
        "    if isinstance(e, Unary):\n        return 1 + size(e.arg)\n"
        "    if isinstance(e, Binary):\n        return 1 + size(e.left) + size(e.right)\n"
        "    return 1\n"
    ),
    "match": (
        "from checker.ir import ir\n"
        "class Show:\n"
        "    def show(self, e):\n"
        "        match e:\n"
        "            case ir.Const(value=v):\n                return str(v)\n"
        "            case ir.Var(name=n):\n                return n\n"
        "            case ir.Binary(left=a, right=b):\n"
        "                return self.show(a) + self.show(b)\n"
    ),
}
INNOCENT_WALKS = (
    "from checker.ir.ir import Binary, Cast, Const, ExprVisitor, Ite, Unary, walk\n"
    "from checker.variability.formula import Binary as B, Const as C, Unary as U\n"
    "def fold(e):\n"  # one level: no walk
    "    if isinstance(e, Binary) and isinstance(e.left, Const):\n        return e\n"
    "    if isinstance(e, Unary | Cast):\n        return e\n"
    "    return e.then if isinstance(e, Ite) else e\n"
    "def linear(e):\n"  # the shared flat traversal
    "    return all(not isinstance(n, Binary | Unary | Cast) for n in walk(e))\n"
    "def render(f):\n"  # another language's tree
    "    if isinstance(f, C):\n        return str(f.value)\n"
    "    if isinstance(f, U):\n        return render(f.arg)\n"
    "    return render(f.left) if isinstance(f, B) else ''\n"
    "class Size(ExprVisitor[int]):\n"
    "    def visit_Binary(self, e):\n        return self.visit(e.left) + self.visit(e.right)\n"
    "    def visit_other(self, e):\n        return 1\n"
)


@pytest.mark.parametrize("style", sorted(PLANTED_WALKS))
def test_the_search_finds_a_planted_walk_of_its_own(style: str) -> None:
    assert list(own_ir_walk(ast.parse(PLANTED_WALKS[style])))
    assert not list(own_ir_walk(ast.parse(INNOCENT_WALKS)))
