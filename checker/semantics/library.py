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

STANDARD_RESULTS = frozenset({
    "sprintf", "snprintf", "vsprintf", "vsnprintf", "strtod", "strtof", "strtold", "atof",
    "strerror",
})
"""Library functions whose results C (or glibc, for `strerror`'s text) fixes but
the model does not compute: their calls are events like any call without code
(an EQUIVALENT holds whatever they return), but the compiled replay runs the
real ones, so a witness that needs a result they do not give does not replay
(UNKNOWN), never a NOT_EQUIVALENT resting on an invented result."""
FORMATTED_TEXT = frozenset({"sprintf", "snprintf"})
"""Of `STANDARD_RESULTS`, the ones the interpreter runs as C defines them (the
text written with its NUL, the length returned), as the compiled replay runs
glibc's: a witness then replays whatever the solver made of them."""
NULL_IS_NOTHING = frozenset({"free"})
"""Library functions that do nothing when given NULL (C11 7.22.3.3): no event then."""

PRINT_EVENT = "$print"
"""The event of a printf/puts/putchar call: a printf format with the literal parts
and constant conversions already rendered, then the remaining arguments
(`print_events`), so calls that print the same text make the same event."""
OUTPUT_FUNCTIONS = frozenset(
    {"printf", "puts", "putchar", "fprintf", "fputs", "fputc", "putc", "perror", "fflush",
     PRINT_EVENT}
)
"""Functions whose calls are observable output events (their text is compared)."""

CTYPE_CLASSES: dict[str, tuple[int, tuple[tuple[int, int], ...]]] = {
    "isalnum": (8, ((48, 57), (65, 90), (97, 122))),
    "isalpha": (1024, ((65, 90), (97, 122))),
    "isblank": (1, ((9, 9), (32, 32))),
    "iscntrl": (2, ((0, 31), (127, 127))),
    "isdigit": (2048, ((48, 57),)),
    "isgraph": (32768, ((33, 126),)),
    "islower": (512, ((97, 122),)),
    "isprint": (16384, ((32, 126),)),
    "ispunct": (4, ((33, 47), (58, 64), (91, 96), (123, 126))),
    "isspace": (8192, ((9, 13), (32, 32))),
    "isupper": (256, ((65, 90),)),
    "isxdigit": (4096, ((48, 57), (65, 70), (97, 102))),
}
"""<ctype.h> classes in the C locale as glibc answers them: `isX(c)` is `mask`
for c in one of the ranges and 0 otherwise (glibc's macro reads a table of
class bits and masks one bit, so `isdigit('5')` is 2048, not 1; measured with
gcc 12 / glibc 2.36 at -O0 and -O2)."""
CTYPE_DOMAIN = (-128, 255)
"""Arguments glibc's class tables answer for: EOF, unsigned char values and, for
programs that pass a plain `char`, the negative chars (all classes 0). C leaves
every other argument (also -128..-2) undefined; outside this range glibc reads
outside its table, so the model traps there."""
CTYPE_CASE: dict[str, tuple[int, int, int]] = {"toupper": (97, 122, -32),
                                                "tolower": (65, 90, 32)}
"""`toupper`/`tolower` as (low, high, shift): c + shift for low <= c <= high; glibc
answers every int: c + 256 for -128 <= c <= -2 (its table maps the negative
chars to their unsigned values), c itself otherwise (EOF and beyond the table)."""
CTYPE_ASCII = frozenset({"isascii", "toascii"})
"""glibc's macros `((c) & ~0x7f) == 0` and `(c) & 0x7f`, defined for every int."""
CTYPE_FUNCTIONS = frozenset(CTYPE_CLASSES) | frozenset(CTYPE_CASE) | CTYPE_ASCII
