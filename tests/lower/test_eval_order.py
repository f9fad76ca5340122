"""Effects of expressions: what interferes when C leaves the order open."""

from __future__ import annotations

from pycparser import c_parser

from checker.frontend.program import build_program
from checker.lower.eval_order import MEMORY, POINTER_CALL, EffectAnalysis

SOURCE = """
int g, h, tab[4];
struct S { int n; int a[4]; } s;
int ext(int);
int bump(void) { g++; return g; }
int down(int n) { if (n > 0) return down(n - 1) + tab[n & 3]; h = n; return 0; }
int via(int *p) { *p = 1; return ext(*p); }
int test(int i, int *p)
{
    return bump() + g + down(i) + via(p) + s.a[s.n++] + i++ + i + (g, h);
}
"""


def analysis() -> tuple[EffectAnalysis, list]:  # type: ignore[type-arg]
    ast = c_parser.CParser().parse(SOURCE)
    program = build_program(ast, "t.c")
    found = EffectAnalysis(program, (), {"h"})
    body = program.functions["test"].body.block_items[0].expr
    terms = []
    while hasattr(body, "left"):
        terms.append(body.right)
        body = body.left
    terms.append(body)
    return found, list(reversed(terms))


def resolve(name: str) -> str | None:
    return None if name in ("i", "p") else name


def test_called_functions_are_summarised_through_recursion() -> None:
    found, terms = analysis()
    bump, g, down, via = (found.effects(t, resolve, "") for t in terms[:4])
    assert bump.writes == {"g"} and not bump.direct_writes
    assert g.direct_reads == {"g"}
    assert down.writes == {"h"} and down.reads == {"tab"}
    assert via.writes == {MEMORY} and via.events == {"ext"}


def test_clashes_undefined_unspecified_or_none() -> None:
    found, terms = analysis()
    bump, g, down, via, member, incr, i, comma = (
        found.effects(t, lambda n: n if n in ("i",) else resolve(n), "") for t in terms)
    assert found.clash(bump, g) is not None and not found.clash(bump, g).undefined
    assert found.clash(bump, down) is None
    clash = found.clash(incr, i)
    assert clash is not None and clash.undefined and "'i'" in clash.what
    assert found.clash(member, g) is None  # s.n is written, g is read: unrelated
    assert found.clash(down, comma) is not None  # down writes h, the comma reads it
    assert found.clash(via, via) is not None  # two observable calls


def test_members_and_memory_overlap() -> None:
    found, _ = analysis()
    found.addressable.add("h")
    assert found.overlap({"s.n"}, {"s.a"}) is None
    assert found.overlap({"s"}, {"s.a"}) == "s"
    assert found.overlap({"*.n"}, {"*.a"}) is None
    assert found.overlap({MEMORY}, {"*.a"}) is not None
    assert found.overlap({MEMORY}, {"h"}) == "h"
    assert found.overlap({MEMORY}, {"g"}) is None  # its address is never taken


POINTERS = """
int g, h;
int set_g(int x) { g = x; return x; }
int set_h(int x) { h = x; return x; }
int unused(int x) { h = 0; return x; }
int (*const table[])(int) = { set_g };
int test(int (*cb)(int), int i)
{
    return table[0](i) + cb(i) + set_h(i);
}
"""


def test_a_call_through_a_pointer_may_do_what_any_pointed_to_function_does() -> None:
    program = build_program(c_parser.CParser().parse(POINTERS), "t.c")
    found = EffectAnalysis(program, (), set())
    assert found.pointed_to == {"set_g"}  # named other than in a call
    body = program.functions["test"].body.block_items[0].expr
    (table_call, cb_call), direct = (body.left.left, body.left.right), body.right
    for call in (table_call, cb_call):
        effects = found.effects(call, resolve, "")
        assert effects.writes == {"g"} and effects.events == {POINTER_CALL}
    assert found.effects(direct, resolve, "").writes == {"h"}
