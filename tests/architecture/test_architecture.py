"""The tree matches its plan: no import cycle, no import up the stage table,
every module placed and documented, docs/architecture.md current.

The last tests run the same checks on small planted trees, so each check is
shown to fail when the tree breaks the plan.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.architecture.imports import (
    DOC,
    REGENERATE,
    Stage,
    cycles,
    imports,
    listed,
    modules,
    render,
    unstaged,
    upward,
)

FOUND = modules()
EDGES = imports(FOUND)


def test_no_module_imports_itself_around_a_loop() -> None:
    loops = cycles(EDGES)
    where = {
        tuple(loop): [f"{FOUND[e.source].path}:{e.line} -> {e.target}" for e in EDGES
                      if e.source in loop and e.target in loop]
        for loop in loops
    }
    assert not loops, f"import cycles (a function-local import counts too): {where}"


def test_every_module_has_a_stage() -> None:
    assert not unstaged(FOUND), "add these to STAGES in tests/architecture/imports.py"


def test_imports_only_go_down_the_stage_table() -> None:
    """Covers checker -> hooks/bot and hooks -> bot too: they are the last stages."""
    wrong = upward(FOUND, EDGES)
    assert not wrong, "\n".join(wrong)


def test_every_module_says_its_one_job() -> None:
    silent = [m.path for m in FOUND.values() if not m.doc]
    assert not silent, f"no docstring (its first paragraph is its line in the docs): {silent}"


def test_docs_list_exactly_the_modules_of_the_tree() -> None:
    documented = listed(DOC.read_text(encoding="utf-8"))
    present = {m.shown for m in FOUND.values()}
    assert not present - documented, (
        f"docs/architecture.md does not list {sorted(present - documented)}; run `{REGENERATE}`"
    )
    assert not documented - present, (
        f"docs/architecture.md lists {sorted(documented - present)}, which do not exist; "
        f"run `{REGENERATE}`"
    )


def test_docs_diagram_and_tables_are_current() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert render(text, FOUND, EDGES) == text, (
        f"the generated parts of docs/architecture.md are stale; run `{REGENERATE}`"
    )


# ------------------------------------------------------------ the checks can fail


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


PLANTED = {
    "app/__init__.py": '"""app."""\n',
    "app/low/__init__.py": '"""low."""\n',
    "app/low/a.py": '"""a."""\n\n\ndef f():\n    from app.high import b  # deferred: an import\n',
    "app/high/__init__.py": '"""high."""\n',
    "app/high/b.py": '"""b."""\nfrom ..low import a\nfrom app.low import c as renamed\n',
    "app/low/c.py": '"""c."""\nimport app.low.a\n',
    "tool/__init__.py": "from app.high.b import something\n",
}
STAGES = (Stage("low", ("app/__init__.py", "app/low/")), Stage("high", ("app/high/",)))


def test_function_local_relative_and_aliased_imports_are_all_read(tmp_path: Path) -> None:
    root = _tree(tmp_path, PLANTED)
    found = modules(root, ("app", "tool"))
    pairs = {(e.source, e.target) for e in imports(found, root)}
    assert pairs == {
        ("app.low.a", "app.high.b"),
        ("app.high.b", "app.low.a"),
        ("app.high.b", "app.low.c"),
        ("app.low.c", "app.low.a"),
        ("tool", "app.high.b"),
    }


def test_planted_cycle_upward_import_and_unstaged_module_are_found(tmp_path: Path) -> None:
    root = _tree(tmp_path, PLANTED)
    found = modules(root, ("app", "tool"))
    edges = imports(found, root)
    assert cycles(edges) == [["app.high.b", "app.low.a", "app.low.c"]]
    assert upward(found, edges, STAGES) == [
        "app/low/a.py:5 imports app.high.b: stage 'low' may not import the later stage 'high'"
    ]
    assert unstaged(found, STAGES) == ["tool/__init__.py"]
    assert [m.path for m in found.values() if not m.doc] == ["tool/__init__.py"]


def test_a_stale_or_incomplete_doc_is_caught() -> None:
    text = DOC.read_text(encoding="utf-8")
    current = render(text, FOUND, EDGES)
    dropped = current.replace("| `checker/engines/equiv.py` |", "| `checker/engines/gone.py` |")
    assert "checker/engines/equiv.py" not in listed(dropped)
    assert "checker/engines/gone.py" in listed(dropped)
    assert render(dropped, FOUND, EDGES) == current
    fewer = {name: m for name, m in FOUND.items() if name != "checker.engines.equiv"}
    assert render(current, fewer, [e for e in EDGES if "checker.engines.equiv" not in
                                   (e.source, e.target)]) != current
    with pytest.raises(ValueError, match="no generated diagram part"):
        render("# no markers\n", FOUND, EDGES)
