"""When an old and a new CFA are one program (`checker.ir.cfa_runs`): the
shortcut that answers EQUIVALENT with no solver must hold only where the two
compute the same on every input."""

from __future__ import annotations

from checker.frontend.frontend import load
from checker.ir.cfa_runs import as_runs, one_program
from checker.ir.ir import Cfa
from checker.lower.lower import lower_function
from checker.types import Settings, SourceFile

SETTINGS = Settings()


def _cfa(text: str) -> Cfa:
    return lower_function(load(SourceFile("a.c", text), SETTINGS).variants[0].program, "f",
                          SETTINGS)


def _one(old: str, new: str) -> bool:
    return one_program(as_runs((_cfa(old), _cfa(new))))


LOOP = """struct cfg_t { int port; unsigned char mask[4]; };
extern char bufsiz[];
#define cfg (*(struct cfg_t *)(&bufsiz[8]))
int f(unsigned char *p)
{
	int n = 0;
	for (int o = 0; o < 32; o++)
		if (cfg.mask[o >> 3] & (1 << (o & 7)))
			p[n++] = o;
	return n;
}
"""


def test_moved_lines_and_a_renamed_struct_and_macro_are_one_program() -> None:
    renamed = LOOP.replace("cfg_t", "conf_t").replace("cfg", "conf")
    assert _one(LOOP, "\n\n/* moved */\n" + renamed)


def test_what_a_pointer_points_to_is_not_the_program() -> None:
    """The engines see a pointer input as an address (as `lifted.siblings`)."""
    old = "struct s { int a; };\nint f(struct s *p, int x) { return x + 1; }\n"
    new = "struct t { int b; char tail[3]; };\nint f(struct t *p, int x) { return x + 1; }\n"
    assert _one(old, new)


def test_a_moved_member_is_another_program() -> None:
    moved = LOOP.replace("int port; unsigned char mask[4];", "unsigned char mask[4]; int port;")
    assert not _one(LOOP, moved)


def test_another_return_type_or_operation_is_another_program() -> None:
    base = "int f(int x) { return x + 1; }\n"
    assert not _one(base, "long f(int x) { return x + 1; }\n")
    assert not _one(base, "int f(int x) { return x - 1; }\n")
    assert not _one(base, "int f(unsigned x) { return x + 1; }\n")
