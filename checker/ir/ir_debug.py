"""Human-readable dump of a CFA, for debugging and test failure messages."""

from __future__ import annotations

from checker.ir.ir import (
    Assign,
    Assume,
    Binary,
    Bits,
    Call,
    Cast,
    Cfa,
    Const,
    Event,
    Expr,
    ExprVisitor,
    Ite,
    Load,
    Skip,
    Store,
    StrConst,
    Unary,
    Var,
)


class _Text(ExprVisitor[str]):
    def visit_Const(self, expr: Const) -> str:
        return repr(expr.value)

    def visit_Var(self, expr: Var) -> str:
        return expr.name

    def visit_Load(self, expr: Load) -> str:
        return f"{expr.region}[{self.visit(expr.index)}]"

    def visit_Unary(self, expr: Unary) -> str:
        return f"{expr.op.value}({self.visit(expr.arg)})"

    def visit_Binary(self, expr: Binary) -> str:
        return f"({self.visit(expr.left)} {expr.op.value} {self.visit(expr.right)})"

    def visit_Cast(self, expr: Cast) -> str:
        return f"({expr.type}){self.visit(expr.arg)}"

    def visit_Bits(self, expr: Bits) -> str:
        return f"bits<{expr.type}>({self.visit(expr.arg)})"

    def visit_Ite(self, expr: Ite) -> str:
        return f"({self.visit(expr.cond)} ? {self.visit(expr.then)} : {self.visit(expr.other)})"

    def visit_Call(self, expr: Call) -> str:
        reads = f" reading {', '.join(expr.memory)}" if expr.memory else ""
        return f"{expr.func}({', '.join(self.visit(a) for a in expr.args)}){reads}"

    def visit_StrConst(self, expr: StrConst) -> str:
        return repr(expr.text)


def show(expr: Expr) -> str:
    return _Text().visit(expr)


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
