"""printf, puts and putchar calls as one normal form of the text they print.

The solver compares output events, the replays compare printed text. For the
two to agree on calls spelled differently (`printf("%d\\n", x)` and
`printf("%i\\n", x)`, `puts("a")` and `printf("a\\n")`, `putchar(c)` and
`printf("%c", c)`), each call becomes the event `PRINT_EVENT` whose first
argument is a printf format in a normal form: literal text, and every
conversion whose arguments are constants, rendered (with `%` escaped);
`%i` spelled `%d`; the arguments of the remaining conversions follow. Equal
events print equal text. Text split differently over several calls still
makes different events: the solver then proposes a difference the replays
refute, and the verdict is UNKNOWN, never NOT_EQUIVALENT.
"""

from __future__ import annotations

from checker.errors import UnsupportedError
from checker.ir.ir import Const, Expr, StrConst
from checker.semantics.libm import PRINTF_CONVERSION, format_printf


def print_event(func: str, args: tuple[Expr, ...]) -> tuple[Expr, ...] | None:
    """The normalised event arguments of an output call, None when `func` is not
    printf/puts/putchar or its format cannot be read here."""
    if func == "puts" and len(args) == 1 and isinstance(args[0], StrConst):
        return (StrConst(_escape(args[0].text.split("\0", 1)[0] + "\n")),)
    if func == "putchar" and len(args) == 1:
        return _template("%c", args)
    if func == "printf" and args and isinstance(args[0], StrConst):
        return _template(args[0].text.split("\0", 1)[0], args[1:])
    return None


def _escape(text: str) -> str:
    return text.replace("%", "%%")


def _template(fmt: str, args: tuple[Expr, ...]) -> tuple[Expr, ...] | None:
    out: list[str] = []
    rest: list[Expr] = []
    pending = list(args)
    position = 0
    while True:
        start = fmt.find("%", position)
        if start < 0:
            out.append(_escape(fmt[position:]))
            return (StrConst("".join(out)), *rest)  # excess arguments print nothing
        out.append(_escape(fmt[position:start]))
        match = PRINTF_CONVERSION.match(fmt, start)
        if match is None:
            return None
        position = match.end()
        if match["conv"] == "%":
            out.append("%%")
            continue
        count = 1 + (match["width"] == "*") + (match["precision"] == "*")
        if len(pending) < count:
            return None
        taken, pending = pending[:count], pending[count:]
        spec = match.group(0)
        if match["conv"] == "i":
            spec = spec[:-1] + "d"
        constants = [a.value if isinstance(a, Const) else a.text for a in taken
                     if isinstance(a, (Const, StrConst))]
        if len(constants) < count:
            out.append(spec)
            rest.extend(taken)
            continue
        try:
            text = format_printf(spec, tuple(constants))
        except UnsupportedError:
            return None
        if "\0" in text:  # `%c` of 0: a format cannot hold the NUL it prints
            out.append(spec)
            rest.extend(taken)
        else:
            out.append(_escape(text))
