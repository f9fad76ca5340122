"""Library functions with known semantics, executed for real on this machine.

libm results differ between implementations (and Python's `math` raises on
domain errors), so the interpreter calls the very libm (and libc) that a
gcc-linked `-lm` harness calls, through ctypes: both replays then agree
bit for bit. printf-family text is rendered by the real `snprintf` the same
way, one conversion at a time, after checking that each argument has the
kind its conversion reads (so a bad format cannot crash this process).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from checker.errors import UnsupportedError
from checker.semantics import ctype as ct
from checker.semantics.ctype import FloatType, IntType
from checker.semantics.library import ABS_FUNCTIONS, NAN_SIGN, PRINT_EVENT, PURE_LIBRARY

Number = int | float
Arg = int | float | str


@dataclass(frozen=True)
class _Binding:
    function: Callable[..., Number]
    params: tuple[IntType | FloatType, ...]


def _numeric(ctype: ct.CType) -> IntType | FloatType:
    """The library tables declare only integer and floating types."""
    assert isinstance(ctype, (IntType, FloatType)), ctype
    return ctype


def _ctype_of(ctype: IntType | FloatType) -> type:
    if isinstance(ctype, FloatType):
        return ctypes.c_float if ctype.bits == 32 else ctypes.c_double
    return {32: ctypes.c_int, 64: ctypes.c_longlong}[ctype.bits]


@functools.cache
def _bindings() -> Mapping[str, _Binding]:
    """ctypes entry points of every known function (loaded once, never changed)."""
    libm = ctypes.CDLL(ctypes.util.find_library("m"))
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    table: dict[str, _Binding] = {}
    signatures: list[tuple[str, ctypes.CDLL, ct.CType, tuple[ct.CType, ...]]] = [
        (name, libm, ftype.ret, ftype.params) for name, ftype in PURE_LIBRARY.items()
    ]
    signatures += [(name, libc, itype, (itype,)) for name, itype in ABS_FUNCTIONS.items()]
    signatures += [(name, libm, ct.INT, (ftype,)) for name, ftype in NAN_SIGN.items()]
    for name, lib, ret, params in signatures:
        function = getattr(lib, name)
        numeric = tuple(_numeric(p) for p in params)
        function.restype = _ctype_of(_numeric(ret))
        function.argtypes = [_ctype_of(p) for p in numeric]
        table[name] = _Binding(function, numeric)
    return table


def is_library(name: str) -> bool:
    """Is `name` a function whose real implementation the replays run?"""
    return name in PURE_LIBRARY or name in ABS_FUNCTIONS or name in NAN_SIGN


def call(name: str, args: tuple[Number, ...]) -> Number:
    """Run a known library function on this machine's libm/libc."""
    binding = _bindings()[name]
    if len(args) != len(binding.params):
        raise UnsupportedError(f"call of '{name}' with {len(args)} arguments")
    values = [
        float(a) if isinstance(p, FloatType) else p.wrap(int(a))
        for a, p in zip(args, binding.params, strict=True)
    ]
    return binding.function(*values)


# ------------------------------------------------------------ printed text

PRINTF_CONVERSION = re.compile(
    r"%(?P<flags>[-+ #0]*)(?P<width>\*|\d+)?(?:\.(?P<precision>\*|\d*))?"
    r"(?P<length>hh|h|ll|l|j|z|t|L|q)?(?P<conv>[diouxXcsfFeEgGaAp%])"
)
_INT_CONVERSIONS = frozenset("diouxXc")
_FLOAT_CONVERSIONS = frozenset("fFeEgGaA")
_WIDE_LENGTHS = frozenset({"l", "ll", "j", "z", "t", "q"})
_SIGNED_CONVERSIONS = frozenset("di")


@functools.cache
def _snprintf() -> Callable[..., int]:
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    return libc.snprintf


def format_printf(fmt: str, args: tuple[Arg, ...],
                  text_at: Callable[[int, int | None], str] | None = None) -> str:
    """The text `printf(fmt, args...)` prints; strings are latin-1 (one char a byte).

    Integer arguments are read as the conversion reads them (an int for `%d`,
    a long for `%ld`), as x86-64 va_arg does. `text_at(address, precision)`
    reads the string at an address (at most `precision` bytes, when that is
    not None), for a `%s` given a pointer into memory; with it, `%p` is refused
    (an address is the run's, not the compiled program's). Raises
    UnsupportedError for conversions that write memory (`%n`), positional
    arguments, long double, or an argument of the wrong kind.
    """
    out: list[str] = []
    pending = list(args)
    position = 0
    fmt = fmt.split("\0", 1)[0]
    while True:
        start = fmt.find("%", position)
        if start < 0:
            out.append(fmt[position:])
            return "".join(out)
        out.append(fmt[position:start])
        match = PRINTF_CONVERSION.match(fmt, start)
        if match is None:
            raise UnsupportedError(f"printf conversion '{fmt[start:start + 4]}...' in {fmt!r}")
        position = match.end()
        out.append(_render(match, pending, fmt, text_at))


def _render(match: re.Match[str], pending: list[Arg], fmt: str,
            text_at: Callable[[int, int | None], str] | None) -> str:
    conv = match["conv"]
    if conv == "%":
        return "%"
    if conv == "p" and text_at is not None:
        raise UnsupportedError(f"%p of an address in memory in printf format {fmt!r}")
    values: list[object] = []
    precision: int | None = None  # none given, or a negative `*` (C11 7.21.6.1p5)
    if match["precision"] not in (None, "*"):
        precision = int(match["precision"] or 0)  # `%.s` is `%.0s`
    for part in ("width", "precision"):
        if match[part] == "*":
            star = ct.INT.wrap(_int_arg(pending, fmt))
            values.append(ctypes.c_int(star))
            if part == "precision" and star >= 0:
                precision = star
    length = match["length"] or ""
    if length == "L":
        raise UnsupportedError(f"long double conversion in printf format {fmt!r}")
    if conv in _INT_CONVERSIONS:
        values.append(_register_int(_int_arg(pending, fmt), length in _WIDE_LENGTHS,
                                    conv in _SIGNED_CONVERSIONS))
    elif conv in _FLOAT_CONVERSIONS:
        arg = _next(pending, fmt)
        if not isinstance(arg, float):
            raise UnsupportedError(f"printf %{conv} given a non-floating argument in {fmt!r}")
        values.append(ctypes.c_double(arg))
    elif conv == "s":
        arg = _next(pending, fmt)
        if isinstance(arg, int) and text_at is not None:
            arg = text_at(arg, precision)
        if not isinstance(arg, str):
            raise UnsupportedError(f"printf %s given a non-string argument in {fmt!r}")
        values.append(ctypes.c_char_p(arg.split("\0", 1)[0].encode("latin-1")))
    else:  # %p
        values.append(ctypes.c_void_p(_int_arg(pending, fmt) & ((1 << 64) - 1) or None))
    return _call_snprintf(match.group(0), values)


def _register_int(value: int, wide: bool, signed: bool) -> object:
    """The argument as va_arg reads it: the low 32 or 64 bits of the register."""
    if wide:
        return ctypes.c_longlong(ct.LONG.wrap(value)) if signed else ctypes.c_ulonglong(
            ct.ULONG.wrap(value))
    return ctypes.c_int(ct.INT.wrap(value)) if signed else ctypes.c_uint(ct.UINT.wrap(value))


def _next(pending: list[Arg], fmt: str) -> Arg:
    if not pending:
        raise UnsupportedError(f"printf format {fmt!r} reads more arguments than given")
    return pending.pop(0)


def _int_arg(pending: list[Arg], fmt: str) -> int:
    arg = _next(pending, fmt)
    if not isinstance(arg, int):
        raise UnsupportedError(f"printf integer conversion given a non-integer in {fmt!r}")
    return arg


def _call_snprintf(spec: str, values: list[object]) -> str:
    snprintf = _snprintf()
    encoded = spec.encode("latin-1")
    size = 64
    while True:
        buffer = ctypes.create_string_buffer(size)
        needed = snprintf(buffer, ctypes.c_size_t(size), encoded, *values)
        if needed < 0:
            raise UnsupportedError(f"printf conversion {spec!r} failed")
        if needed < size:
            return buffer.raw[:needed].decode("latin-1")
        size = needed + 1


def output_text(func: str, args: tuple[Arg, ...]) -> str:
    """Text an output call writes to stdout ('' for stderr and non-printing calls).

    Streams are recognised only when the lowering passes them as the strings
    "stdout"/"stderr"; a call on any other stream prints nothing here.
    """
    if func in ("printf", PRINT_EVENT) and args and isinstance(args[0], str):
        return format_printf(args[0], args[1:])
    if func == "puts" and args and isinstance(args[0], str):
        return args[0].split("\0", 1)[0] + "\n"
    if func == "putchar" and args and isinstance(args[0], int):
        return chr(args[0] & 0xFF)
    if func == "fprintf" and len(args) >= 2 and args[0] == "stdout" and isinstance(args[1], str):
        return format_printf(args[1], args[2:])
    if func == "fputs" and len(args) == 2 and args[1] == "stdout" and isinstance(args[0], str):
        return args[0].split("\0", 1)[0]
    stream_char = func in ("fputc", "putc") and len(args) == 2 and args[1] == "stdout"
    if stream_char and isinstance(args[0], int):
        return chr(args[0] & 0xFF)
    return ""
