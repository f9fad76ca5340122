"""What the engine knows about library functions without seeing their code."""

from __future__ import annotations

from checker.semantics import ctype as ct

_UNARY_DOUBLE = [
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "sinh",
    "cosh",
    "tanh",
    "exp",
    "exp2",
    "expm1",
    "log",
    "log10",
    "log2",
    "log1p",
    "sqrt",
    "cbrt",
    "fabs",
    "floor",
    "ceil",
    "round",
    "trunc",
]
_BINARY_DOUBLE = ["atan2", "pow", "hypot", "fmod", "fmin", "fmax", "copysign"]

PURE_LIBRARY: dict[str, ct.FunctionType] = {}
for _name in _UNARY_DOUBLE:
    PURE_LIBRARY[_name] = ct.FunctionType(ct.DOUBLE, (ct.DOUBLE,))
    PURE_LIBRARY[_name + "f"] = ct.FunctionType(ct.FLOAT, (ct.FLOAT,))
for _name in _BINARY_DOUBLE:
    PURE_LIBRARY[_name] = ct.FunctionType(ct.DOUBLE, (ct.DOUBLE, ct.DOUBLE))
    PURE_LIBRARY[_name + "f"] = ct.FunctionType(ct.FLOAT, (ct.FLOAT, ct.FLOAT))
"""libm functions with known semantics: pure, executed for real by both replays."""

ABS_FUNCTIONS = {"abs": ct.INT, "labs": ct.LONG, "llabs": ct.LLONG}

EXIT_FUNCTIONS = frozenset({"exit", "_Exit", "_exit", "quick_exit"})
ABORT_FUNCTIONS = frozenset({"abort", "__assert_fail"})
TRAP_FUNCTION = "__builtin_trap"
"""Undefined behaviour a sanitizer stops: a trap, as in gcc."""
BEFORE_FUNCTION = "__liftdiff_before"
"""`__liftdiff_before(a, b)`: 1 when a and b point into one object and a is below
b, else 0 (objects apart never overlap). The string.h reference code tests overlap
with it, where ordering pointers into different objects would be undefined."""
ABORT_EXIT_CODE = 134
"""Exit code recorded for abort(): 128 + SIGABRT, as a shell reports it."""

NAN_SIGN = {"__signbit": ct.DOUBLE, "__signbitf": ct.FLOAT}
"""glibc's sign-bit functions, by argument type (non-zero when the sign is set):
the sign of a NaN, which comparisons cannot see (`fp_classify.signbit`)."""

PRINT_EVENT = "$print"
"""The event of a printf/puts/putchar call: a printf format with the literal parts
and constant conversions already rendered, then the remaining arguments
(`print_events`), so calls that print the same text make the same event."""
OUTPUT_FUNCTIONS = frozenset(
    {"printf", "puts", "putchar", "fprintf", "fputs", "fputc", "putc", "perror", "fflush",
     PRINT_EVENT}
)
"""Functions whose calls are observable output events (their text is compared)."""
