"""The house plan of checker/, hooks/ and bot/, read from the code itself.

`STAGES` is the one table of the stage order: a module may import modules of
its own stage and of the stages above it in the table, never one below. The
imports are read from the source (every `import` statement, function-local
ones included, since an import that is only deferred is still a dependency),
so the plan cannot drift from the code. `python -m tests.architecture`
rewrites the generated parts of docs/architecture.md (the stage diagram and
the module tables, whose lines are the modules' docstrings);
test_architecture.py fails when they are stale.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("checker", "hooks", "bot")
DOC = ROOT / "docs" / "architecture.md"
REGENERATE = "python -m tests.architecture"


@dataclass(frozen=True)
class Stage:
    """A layer of the code: `members` are paths, a folder ending in '/'."""

    name: str
    members: tuple[str, ...]


STAGES: tuple[Stage, ...] = (
    Stage("base", ("checker/__init__.py", "checker/location.py", "checker/errors.py",
                   "checker/types.py")),
    Stage("semantics", ("checker/semantics/",)),
    Stage("variability", ("checker/variability/",)),
    Stage("frontend", ("checker/frontend/",)),
    Stage("ir", ("checker/ir/",)),
    Stage("lower", ("checker/lower/",)),
    Stage("replay", ("checker/replay/",)),
    Stage("engines", ("checker/engines/",)),
    Stage("lifted", ("checker/lifted/",)),
    Stage("report", ("checker/report/",)),
    Stage("entry", ("checker/driver.py", "checker/isolation.py", "checker/deep_stack.py",
                    "checker/api.py", "checker/cli.py", "checker/reproducible.py",
                    "checker/outputs.py", "checker/progress.py")),
    Stage("hooks", ("hooks/",)),
    Stage("bot", ("bot/",)),
)
"""Bottom first: each stage may import itself and the stages before it."""


@dataclass(frozen=True)
class Module:
    name: str  # dotted, a package by its own name: checker.engines
    path: str  # from the repository root: checker/engines/__init__.py
    doc: str  # the docstring's first paragraph, on one line ("" if none)

    @property
    def shown(self) -> str:
        """How the docs name it: a package as its folder."""
        return self.path.removesuffix("__init__.py")


@dataclass(frozen=True)
class Import:
    source: str
    target: str
    line: int


def modules(root: Path = ROOT, packages: Iterable[str] = PACKAGES) -> dict[str, Module]:
    found: dict[str, Module] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            relative = path.relative_to(root)
            parts = relative.with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            tree = ast.parse(path.read_text(encoding="utf-8"))
            doc = (ast.get_docstring(tree) or "").split("\n\n")[0]
            found[name] = Module(name, relative.as_posix(), " ".join(doc.split()))
    return found


def imports(found: Mapping[str, Module], root: Path = ROOT) -> list[Import]:
    """Every import of one of `found` by one of `found`, wherever it stands."""
    edges: list[Import] = []
    for module in found.values():
        tree = ast.parse((root / module.path).read_text(encoding="utf-8"))
        is_package = module.path.endswith("__init__.py")
        package = module.name if is_package else module.name.rpartition(".")[0]
        for node in ast.walk(tree):
            for target in _targets(node, package, found):
                if target != module.name:
                    edges.append(Import(module.name, target, node.lineno))
    return edges


def _targets(node: ast.AST, package: str, found: Mapping[str, Module]) -> list[str]:
    if isinstance(node, ast.Import):
        named = [alias.name for alias in node.names]
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join([*anchor, *([base] if base else [])])
        # `from pkg import mod` imports the module; `from mod import name`, the module
        named = [f"{base}.{a.name}" if f"{base}.{a.name}" in found else base for a in node.names]
    else:
        return []
    targets = []
    for name in named:
        while name and name not in found:  # `import checker.x.y` of an attribute path
            name = name.rpartition(".")[0]
        if name:
            targets.append(name)
    return targets


def cycles(edges: Iterable[Import]) -> list[list[str]]:
    """Modules that import each other, directly or around a loop (Tarjan's SCCs)."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        graph.setdefault(edge.source, set()).add(edge.target)
        graph.setdefault(edge.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for succ in sorted(graph[node]):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def stage_of(module: Module, stages: Iterable[Stage] = STAGES) -> int | None:
    for number, stage in enumerate(stages):
        for member in stage.members:
            if module.path == member or (member.endswith("/") and module.path.startswith(member)):
                return number
    return None


def unstaged(found: Mapping[str, Module], stages: Iterable[Stage] = STAGES) -> list[str]:
    return [m.path for m in found.values() if stage_of(m, stages) is None]


def upward(
    found: Mapping[str, Module], edges: Iterable[Import], stages: tuple[Stage, ...] = STAGES
) -> list[str]:
    """Imports of a stage later in the table than the importer's own."""
    wrong = []
    for edge in edges:
        source, target = found[edge.source], found[edge.target]
        mine, theirs = stage_of(source, stages), stage_of(target, stages)
        if mine is not None and theirs is not None and theirs > mine:
            wrong.append(
                f"{source.path}:{edge.line} imports {target.name}: stage "
                f"'{stages[mine].name}' may not import the later stage '{stages[theirs].name}'"
            )
    return wrong


# ------------------------------------------------------------ docs/architecture.md


def _between(kind: str) -> re.Pattern[str]:
    return re.compile(
        rf"(<!-- generated: {kind} \(`{re.escape(REGENERATE)}`\) -->\n)(.*?)(<!-- end: {kind} -->)",
        re.S,
    )


def diagram(
    found: Mapping[str, Module], edges: Iterable[Import], stages: tuple[Stage, ...] = STAGES
) -> str:
    """The stages as a Mermaid graph: A --> B where a module of A imports one of B,
    leaving out an arrow that a longer path of arrows already implies."""
    members: dict[int, list[str]] = {}
    for module in found.values():
        number = stage_of(module, stages)
        if number is not None:
            members.setdefault(number, [])
            if not module.path.endswith("__init__.py"):
                members[number].append(module.path.rsplit("/", 1)[-1].removesuffix(".py"))
    direct: dict[int, set[int]] = {n: set() for n in members}
    for edge in edges:
        a, b = stage_of(found[edge.source], stages), stage_of(found[edge.target], stages)
        if a is not None and b is not None and a != b:
            direct[a].add(b)

    def reachable(start: int, skip: int) -> set[int]:
        seen: set[int] = set()
        todo = [n for n in direct[start] if n != skip]
        while todo:
            node = todo.pop()
            if node not in seen:
                seen.add(node)
                todo.extend(direct[node])
        return seen

    lines = ["```mermaid", "flowchart TD"]
    for number in sorted(members):
        names = sorted(members[number])
        rows = [", ".join(names[i : i + 5]) for i in range(0, len(names), 5)]
        label = "<br/>".join([f"<b>{stages[number].name}</b>", *rows])
        lines.append(f'    {stages[number].name}["{label}"]')
    for a in sorted(direct, reverse=True):
        for b in sorted(direct[a], reverse=True):
            if b not in reachable(a, b):
                lines.append(f"    {stages[a].name} --> {stages[b].name}")
    lines.append("```")
    return "\n".join(lines) + "\n"


def module_tables(found: Mapping[str, Module], stages: tuple[Stage, ...] = STAGES) -> str:
    """Per stage, in the table's order: every package and module with its
    docstring's first paragraph."""
    out: list[str] = []
    for number in range(len(stages)):
        listed = sorted((m for m in found.values() if stage_of(m, stages) == number),
                        key=lambda m: m.shown)
        if not listed:
            continue
        out += [f"**{stages[number].name}**", "", "| module | its one job |", "|---|---|"]
        out += [f"| `{m.shown}` | {m.doc.replace('|', chr(92) + '|')} |" for m in listed]
        out.append("")
    return "\n".join(out)


def render(text: str, found: Mapping[str, Module], edges: list[Import]) -> str:
    """`text` with its generated parts made current."""
    for kind, body in (("diagram", diagram(found, edges)), ("modules", module_tables(found))):
        pattern = _between(kind)
        if not pattern.search(text):
            raise ValueError(f"docs/architecture.md has no generated {kind} part")
        text = pattern.sub(lambda m, body=body: m.group(1) + body + m.group(3), text)
    return text


def listed(text: str) -> set[str]:
    """Paths of the modules the module tables name."""
    match = _between("modules").search(text)
    return set(re.findall(r"^\| `([^`]+)` \|", match.group(2), re.M)) if match else set()


def main() -> None:
    found = modules()
    DOC.write_text(render(DOC.read_text(encoding="utf-8"), found, imports(found)), encoding="utf-8")
    print(f"rewrote the generated parts of {DOC.relative_to(ROOT)}")
