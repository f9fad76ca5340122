"""The generator's C syntax tree and its C text.

Every node carries an id (`nid`): a rewrite copies the nodes it does not
change, so the old and the new version of a pair share ids, and the shrinker
deletes or simplifies "node 17" in both versions at once. Types (ctyping) are
values, not nodes: the shrinker never edits them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from fuzzlib.ctyping import CType, Record


@dataclass(frozen=True, kw_only=True)
class Node:
    nid: int = 0


# ------------------------------------------------------------------ expressions


@dataclass(frozen=True)
class Lit(Node):
    text: str
    fixed: bool = False
    """A mask or bound that keeps the code free of undefined behaviour: never mutated."""


@dataclass(frozen=True)
class Name(Node):
    id: str


@dataclass(frozen=True)
class Un(Node):
    op: str
    e: Expr
    post: bool = False


@dataclass(frozen=True)
class Bin(Node):
    op: str
    l: Expr  # noqa: E741 - left operand, as r is the right one
    r: Expr


@dataclass(frozen=True)
class Assign(Node):
    op: str
    target: Expr
    value: Expr


@dataclass(frozen=True)
class Cond(Node):
    c: Expr
    a: Expr
    b: Expr


@dataclass(frozen=True)
class Cast(Node):
    type: CType
    e: Expr


@dataclass(frozen=True)
class Call(Node):
    fn: Expr
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Index(Node):
    base: Expr
    idx: Expr


@dataclass(frozen=True)
class Dot(Node):
    base: Expr
    name: str
    arrow: bool = False


@dataclass(frozen=True)
class InitList(Node):
    items: tuple[Expr, ...]


@dataclass(frozen=True)
class Directive:
    """`#ifdef X`, `#ifndef X` or `#if EXPR` (`kind` is ifdef/ifndef/if)."""

    kind: str
    text: str

    def opening(self) -> str:
        return f"#{self.kind} {self.text}"

    def elif_(self) -> str:
        if self.kind == "if":
            return f"#elif {self.text}"
        negation = "!" if self.kind == "ifndef" else ""
        return f"#elif {negation}defined({self.text})"


@dataclass(frozen=True)
class PPExpr(Node):
    """An expression chosen by the preprocessor: a feature annotation inside a statement."""

    directive: Directive
    then: Expr
    els: Expr


@dataclass(frozen=True)
class Alt(Node):
    """Where the versions differ: `old` in the old version, `new` in the new one.

    Both are sequences (one expression, or statements/file items spliced into
    the enclosing list), so a whole pair is one tree: features, numbering and
    shrinking act on both versions at once.
    """

    old: tuple[Node, ...]
    new: tuple[Node, ...]


Expr = Lit | Name | Un | Bin | Assign | Cond | Cast | Call | Index | Dot | InitList | PPExpr | Alt

# ------------------------------------------------------------------- statements


@dataclass(frozen=True)
class Decl(Node):
    type: CType
    name: str
    init: Expr | None = None
    static: bool = False
    const: bool = False


@dataclass(frozen=True)
class ExprS(Node):
    e: Expr


@dataclass(frozen=True)
class If(Node):
    cond: Expr
    then: tuple[Stmt, ...]
    els: tuple[Stmt, ...] | None = None


@dataclass(frozen=True)
class While(Node):
    cond: Expr
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class DoWhile(Node):
    body: tuple[Stmt, ...]
    cond: Expr


@dataclass(frozen=True)
class For(Node):
    init: Stmt | None
    cond: Expr | None
    step: Expr | None
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class Case(Node):
    label: str | None
    """The case constant's text, or None for `default`."""
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class Switch(Node):
    e: Expr
    cases: tuple[Case, ...]


@dataclass(frozen=True)
class Break(Node):
    pass


@dataclass(frozen=True)
class Continue(Node):
    pass


@dataclass(frozen=True)
class Return(Node):
    e: Expr | None = None


@dataclass(frozen=True)
class Block(Node):
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class PPBranch(Node):
    directive: Directive
    body: tuple[Node, ...]


@dataclass(frozen=True)
class PP(Node):
    """`#if .. #elif .. #else .. #endif` around statements or file items."""

    branches: tuple[PPBranch, ...]
    els: tuple[Node, ...] | None = None




Stmt = (Decl | ExprS | If | While | DoWhile | For | Switch | Break | Continue | Return | Block | PP
        | Alt)

# ------------------------------------------------------------------- file items


@dataclass(frozen=True)
class Include(Node):
    header: str


@dataclass(frozen=True)
class Define(Node):
    name: str
    value: str


@dataclass(frozen=True)
class FeatureDefault(Node):
    """`#ifndef X` / `#define X value` / `#endif`: a feature with a default."""

    name: str
    value: str


@dataclass(frozen=True)
class RecordDef(Node):
    record: Record


@dataclass(frozen=True)
class EnumDef(Node):
    tag: str
    items: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class TypedefDef(Node):
    type: CType
    name: str


@dataclass(frozen=True)
class GlobalDef(Node):
    type: CType
    name: str
    init: Expr | None = None
    static: bool = False
    const: bool = False


@dataclass(frozen=True)
class Param:
    type: CType
    name: str


@dataclass(frozen=True)
class FuncDef(Node):
    ret: CType
    name: str
    params: tuple[Param, ...]
    body: tuple[Stmt, ...]
    static: bool = False


@dataclass(frozen=True)
class Proto(Node):
    """An external function: declared, never defined in the file."""

    ret: CType
    name: str
    params: tuple[Param, ...]


Item = (
    Include | Define | FeatureDefault | RecordDef | EnumDef | TypedefDef | GlobalDef | FuncDef
    | Proto | PP | Alt
)


@dataclass(frozen=True)
class Program:
    items: tuple[Node, ...]
    entry: str = "f"


# -------------------------------------------------------------------- traversal


def children(node: Node) -> Iterator[Node]:
    for f in dataclasses.fields(node):
        yield from _nodes_in(getattr(node, f.name))


def _nodes_in(value: object) -> Iterator[Node]:
    if isinstance(value, Node):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _nodes_in(item)


def walk(node: Node) -> Iterator[Node]:
    """Pre-order over a node and everything below it."""
    yield node
    for child in children(node):
        yield from walk(child)


def rebuild(node: Node, fn: Callable[[Node], Node | None]) -> Node:
    """Bottom-up map: children first, then `fn` on the rebuilt node (None keeps it)."""
    changes: dict[str, Any] = {}
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        new = _rebuild_value(value, fn)
        if new is not value:
            changes[f.name] = new
    rebuilt = dataclasses.replace(node, **changes) if changes else node
    result = fn(rebuilt)
    return rebuilt if result is None else result


def _rebuild_value(value: object, fn: Callable[[Node], Node | None]) -> object:
    if isinstance(value, Node):
        return rebuild(value, fn)
    if isinstance(value, tuple):
        items = tuple(_rebuild_value(v, fn) for v in value)
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    return value


def number(program: Program, start: int = 1) -> Program:
    """Give every node without an id (nid 0) a fresh one above `start` and every id in use."""
    used = [n.nid for item in program.items for n in walk(item)]
    counter = iter(range(max([start, *used]) + 1, 1 << 62))

    def fresh(node: Node) -> Node | None:
        return dataclasses.replace(node, nid=next(counter)) if node.nid == 0 else None

    return Program(tuple(rebuild(i, fresh) for i in program.items), program.entry)


def replace_nodes(program: Program, fn: Callable[[Node], Node | None]) -> Program:
    return Program(tuple(rebuild(i, fn) for i in program.items), program.entry)


def project(program: Program, side: str) -> Program:
    """One version of a pair: every Alt replaced by its `side` ("old"/"new")."""
    return Program(_project_seq(program.items, side), program.entry)


def _project_seq(items: tuple[Node, ...], side: str) -> tuple[Node, ...]:
    out: list[Node] = []
    for item in items:
        if isinstance(item, Alt):
            out.extend(_project_seq(getattr(item, side), side))
        else:
            out.append(_project_node(item, side))
    return tuple(out)


def _project_node(node: Node, side: str) -> Node:
    if isinstance(node, Alt):
        chosen = _project_seq(getattr(node, side), side)
        if len(chosen) != 1:
            raise ValueError("an Alt in expression position must hold one node per side")
        return chosen[0]
    changes: dict[str, Any] = {}
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if isinstance(value, Node):
            changes[f.name] = _project_node(value, side)
        elif isinstance(value, tuple) and any(isinstance(v, Node) for v in value):
            changes[f.name] = _project_seq(value, side)
    return dataclasses.replace(node, **changes) if changes else node


# ------------------------------------------------------------------------- text

_PREC = {
    "*": 13, "/": 13, "%": 13, "+": 12, "-": 12, "<<": 11, ">>": 11,
    "<": 10, "<=": 10, ">": 10, ">=": 10, "==": 9, "!=": 9,
    "&": 8, "^": 7, "|": 6, "&&": 5, "||": 4,
}  # fmt: skip


def expr(e: Expr) -> str:
    """C text of an expression, fully parenthesised where precedence could matter."""
    match e:
        case Lit(text=text):
            return text
        case Name(id=name):
            return name
        case Un(op=op, e=inner, post=post):
            inner_text = _operand(inner)
            if post:
                return f"{inner_text}{op}"
            return f"{op} {inner_text}" if op in ("-", "+") else f"{op}{inner_text}"
        case Bin(op=op, l=left, r=right):
            return f"({_operand(left)} {op} {_operand(right)})"
        case Assign(op=op, target=target, value=value):
            return f"({expr(target)} {op} {expr(value)})"
        case Cond(c=c, a=a, b=b):
            return f"({_operand(c)} ? {_operand(a)} : {_operand(b)})"
        case Cast(type=t, e=inner):
            return f"({t.declare('')}){_operand(inner)}"
        case Call(fn=fn, args=args):
            return f"{_operand(fn)}({', '.join(expr(a) for a in args)})"
        case Index(base=base, idx=idx):
            return f"{_operand(base)}[{expr(idx)}]"
        case Dot(base=base, name=name, arrow=arrow):
            return f"{_operand(base)}{'->' if arrow else '.'}{name}"
        case InitList(items=items):
            return "{" + ", ".join(expr(i) for i in items) + "}"
        case PPExpr(directive=d, then=then, els=els):
            return f"(\n{d.opening()}\n{expr(then)}\n#else\n{expr(els)}\n#endif\n)"
    raise TypeError(f"not an expression: {e!r}")


def _operand(e: Expr) -> str:
    text = expr(e)
    if isinstance(e, (Lit, Name, Index, Dot, Call, Bin, Assign, Cond, PPExpr)):
        if isinstance(e, Lit) and text.startswith("-"):
            return f"({text})"
        return text
    return f"({text})"


def stmt_lines(s: Node, depth: int) -> list[str]:
    pad = "    " * depth
    match s:
        case Decl(type=t, name=name, init=init, static=static, const=const):
            prefix = ("static " if static else "") + ("const " if const else "")
            tail = f" = {expr(init)}" if init is not None else ""
            return [f"{pad}{prefix}{t.declare(name)}{tail};"]
        case ExprS(e=e):
            return [f"{pad}{expr(e)};"]
        case If(cond=c, then=then, els=els):
            lines = [f"{pad}if ({expr(c)}) {{", *_body(then, depth)]
            if els is not None:
                lines += [f"{pad}}} else {{", *_body(els, depth)]
            return [*lines, f"{pad}}}"]
        case While(cond=c, body=body):
            return [f"{pad}while ({expr(c)}) {{", *_body(body, depth), f"{pad}}}"]
        case DoWhile(body=body, cond=c):
            return [f"{pad}do {{", *_body(body, depth), f"{pad}}} while ({expr(c)});"]
        case For(init=init, cond=c, step=step, body=body):
            init_text = stmt_lines(init, 0)[0] if init is not None else ";"
            cond_text = expr(c) if c is not None else ""
            step_text = expr(step) if step is not None else ""
            head = f"{pad}for ({init_text} {cond_text}; {step_text}) {{"
            return [head, *_body(body, depth), f"{pad}}}"]
        case Switch(e=e, cases=cases):
            lines = [f"{pad}switch ({expr(e)}) {{"]
            for case in cases:
                label = f"case {case.label}:" if case.label is not None else "default:"
                lines += [f"{pad}{label}", *_body(case.body, depth)]
            return [*lines, f"{pad}}}"]
        case Break():
            return [f"{pad}break;"]
        case Continue():
            return [f"{pad}continue;"]
        case Return(e=e):
            return [f"{pad}return {expr(e)};" if e is not None else f"{pad}return;"]
        case Block(body=body):
            return [f"{pad}{{", *_body(body, depth), f"{pad}}}"]
        case PP(branches=branches, els=els):
            lines = []
            for i, branch in enumerate(branches):
                lines.append(branch.directive.opening() if i == 0 else branch.directive.elif_())
                lines += [line for st in branch.body for line in stmt_lines(st, depth)]
            if els is not None:
                lines.append("#else")
                lines += [line for st in els for line in stmt_lines(st, depth)]
            return [*lines, "#endif"]
    raise TypeError(f"not a statement: {s!r}")


def _body(body: tuple[Node, ...], depth: int) -> list[str]:
    return [line for s in body for line in stmt_lines(s, depth + 1)]


def item_lines(item: Node) -> list[str]:
    match item:
        case Include(header=h):
            return [f"#include <{h}>"]
        case Define(name=name, value=value):
            return [f"#define {name} {value}"]
        case FeatureDefault(name=name, value=value):
            return [f"#ifndef {name}", f"#define {name} {value}", "#endif"]
        case RecordDef(record=r):
            members = [
                f"    {m.type.declare(m.name)}{f' : {m.bits}' if m.bits is not None else ''};"
                for m in r.members
            ]
            return [f"{r.keyword} {r.tag} {{", *members, "};"]
        case EnumDef(tag=tag, items=items):
            body = ", ".join(f"{n} = {v}" for n, v in items)
            return [f"enum {tag} {{ {body} }};"]
        case TypedefDef(type=t, name=name):
            return [f"typedef {t.declare(name)};"]
        case GlobalDef(type=t, name=name, init=init, static=static, const=const):
            prefix = ("static " if static else "") + ("const " if const else "")
            tail = f" = {expr(init)}" if init is not None else ""
            return [f"{prefix}{t.declare(name)}{tail};"]
        case FuncDef(ret=ret, name=name, params=params, body=body, static=static):
            head = ret.declare(f"{name}({_params(params)})")
            return [f"{'static ' if static else ''}{head}", "{", *_body(body, 0), "}"]
        case Proto(ret=ret, name=name, params=params):
            return [ret.declare(f"{name}({_params(params)})") + ";"]
        case PP(branches=branches, els=els):
            lines = []
            for i, branch in enumerate(branches):
                lines.append(branch.directive.opening() if i == 0 else branch.directive.elif_())
                lines += [line for it in branch.body for line in item_lines(it)]
            if els is not None:
                lines.append("#else")
                lines += [line for it in els for line in item_lines(it)]
            return [*lines, "#endif"]
    raise TypeError(f"not a file item: {item!r}")


def _params(params: tuple[Param, ...]) -> str:
    return ", ".join(p.type.declare(p.name) for p in params) or "void"


def render(program: Program) -> str:
    return "\n".join(line for item in program.items for line in item_lines(item)) + "\n"

