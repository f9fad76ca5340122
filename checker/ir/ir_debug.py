"""Human-readable dump of a CFA, for debugging and test failure messages."""

from __future__ import annotations

from typing import assert_never

from checker.ir.ir import (
    Assign,
    Assume,
    Binary,
    Call,
    Cast,
    Cfa,
    Const,
    Event,
    Expr,
    Ite,
    Load,
    Skip,
    Store,
    StrConst,
    Unary,
    Var,
)


def show(expr: Expr) -> str:
    if isinstance(expr, Const):
        return repr(expr.value)
    if isinstance(expr, Var):
        return expr.name
    if isinstance(expr, Load):
        return f"{expr.region}[{show(expr.index)}]"
    if isinstance(expr, Unary):
        return f"{expr.op.value}({show(expr.arg)})"
    if isinstance(expr, Binary):
        return f"({show(expr.left)} {expr.op.value} {show(expr.right)})"
    if isinstance(expr, Cast):
        return f"({expr.type}){show(expr.arg)}"
    if isinstance(expr, Ite):
        return f"({show(expr.cond)} ? {show(expr.then)} : {show(expr.other)})"
    if isinstance(expr, Call):
        reads = f" reading {', '.join(expr.memory)}" if expr.memory else ""
        return f"{expr.func}({', '.join(show(a) for a in expr.args)}){reads}"
    if isinstance(expr, StrConst):
        return repr(expr.text)
    assert_never(expr)


def dump(cfa: Cfa) -> str:
    lines = [f"cfa {cfa.name}: entry {cfa.entry}, exit {cfa.exit}"]
    lines += [f"  in  {i.key:12} {i.name} -> {i.ref}: {i.type}" for i in cfa.inputs]
    lines += [f"  out {o.key:12} {o.name} <- {o.ref}: {o.type}" for o in cfa.outputs]
    for edge in cfa.edges:
        action = edge.action
        if isinstance(action, Assign):
            text = f"{action.target} := {show(action.value)}"
        elif isinstance(action, Store):
            text = f"{action.region}[{show(action.index)}] := {show(action.value)}"
        elif isinstance(action, Assume):
            text = f"assume {show(action.cond)}"
        elif isinstance(action, Event):
            text = f"event {action.func}({', '.join(show(a) for a in action.args)})"
            if action.memory:
                text += f" {'writing' if action.writes else 'reading'} {', '.join(action.memory)}"
        else:
            assert isinstance(action, Skip)
            text = "skip"
        lines.append(f"  {edge.src:3} -> {edge.dst:3}  {text}")
    return "\n".join(lines)
