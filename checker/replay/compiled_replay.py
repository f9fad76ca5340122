"""Compiled replay: run the original C function on a witness with gcc.

The second, independent replay of a witness. The user's file is compiled
unchanged (its `main`, if any, renamed) together with a generated harness
`main` that sets the inputs, calls the function, and writes every requested
output leaf exactly (integers in decimal, floats as `%a` hex floats) to a
results file. External functions without code get generated stub
definitions that answer from the witness's table.

Generating the harness (`harness_source`) is a pure function; `run_harness`
compiles and runs it in a temporary directory and never raises: a missing
compiler or a compile error is an outcome of its own.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import re
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from checker.errors import LiftdiffError
from checker.ir.heap import NULL_PAGE, TOP
from checker.ir.ir import Prototype, StaticLocal, StubParam, symbol_function
from checker.replay.ir_to_c import literal, string_literal
from checker.semantics import ctype as ct
from checker.semantics.ctype import FloatType, IntType, PointerType, ScalarType
from checker.semantics.library import (
    ABORT_EXIT_CODE,
    ABS_FUNCTIONS,
    CTYPE_CLASSES,
    CTYPE_DOMAIN,
    CTYPE_FUNCTIONS,
    NULL_IS_NOTHING,
    OUTPUT_FUNCTIONS,
    PURE_LIBRARY,
    STANDARD_RESULTS,
)
from checker.types import Settings

Number = int | float
COMPILE_FLAGS = ("-O0", "-fwrapv", "-fno-builtin", "-ffp-contract=off", "-w")
"""No builtins: gcc must not fold libm calls with MPFR (the interpreter runs libm)."""
SANITIZE_MEMORY = ("-fsanitize=bounds,null", "-fsanitize-undefined-trap-on-error")
"""Every replay traps (SIGILL, no run-time library needed) where the IR traps on an
array index outside its declared size (also inside a struct) or a NULL
dereference, instead of reading the neighbouring stack."""
SANITIZE_ADDRESS = ("-fsanitize=address", "-fno-omit-frame-pointer")
"""Out-of-bounds accesses through pointers into arrays, which `bounds` cannot see."""
SANITIZE_UNDEFINED = (
    "-fsanitize=shift-exponent,float-cast-overflow,integer-divide-by-zero,"
    "signed-integer-overflow",
    "-fsanitize-undefined-trap-on-error",
)
"""The operations `ub_guards` makes a trap (and INT_MIN / -1, which gcc folds to a
negation when the divisor is the constant -1). Under -fwrapv,
signed-integer-overflow checks only INT_MIN / -1 and INT_MIN % -1 (gcc 12).
These checks evaluate the operands of the checked operation first, which moves
calls in other operands (gcc 12: `a() + (int)w()` calls w first), so they build
only the second run that confirms a trap the plain build does not show; the
memory checks above leave the order alone."""
TRAP_SIGNALS = frozenset({signal.SIGFPE, signal.SIGILL, signal.SIGSEGV, signal.SIGBUS})
"""Signals that are the IR's trap: SIGFPE (division), SIGILL (a sanitizer's trap),
SIGSEGV/SIGBUS (NULL or wild access)."""
_ASAN_REPORT = "ERROR: AddressSanitizer"
_ASAN_OPTIONS = "detect_leaks=0:abort_on_error=0"
USER_MAIN = "__liftdiff_user_main"
HARNESS_FUNCTIONS = frozenset({"dprintf", "setvbuf"})
"""libc functions the harness itself calls: never replaced by stubs."""


class HarnessError(LiftdiffError):
    """The witness cannot be expressed as a harness (e.g. a static made by a macro)."""


@dataclass(frozen=True)
class Assignment:
    """`lvalue = value` before the call; the root name says parameter or global."""

    lvalue: str
    value: Number
    type: ScalarType


@dataclass(frozen=True)
class PointerAssignment:
    """`lvalue = &memory block + offset` before the call (NULL when `block` is None)."""

    lvalue: str
    block: int | None
    offset: int = 0


@dataclass(frozen=True)
class MemoryLink:
    """A pointer in the initial memory: the bytes at `offset` of block `block` hold
    the real address of `target_offset` in block `target`."""

    block: int
    offset: int
    target: int
    target_offset: int


@dataclass(frozen=True)
class OutputLeaf:
    """A scalar read after the call; `expr` may use `__liftdiff_ret` (the return value)."""

    name: str
    expr: str
    type: ScalarType


@dataclass(frozen=True)
class Constant:
    """A constant the front end found declared nowhere (`InputSource.OPAQUE`: a
    macro of a header it did not have). The harness sets nothing: it reports the
    value the real header gives it, before the call, whatever the call does; where
    gcc finds it declared nowhere either (a generated header absent from the
    checkout: BusyBox's COMMON_BUFSIZE), it is defined as `value`, the witness's."""

    name: str
    type: ScalarType
    value: Number = 0


@dataclass(frozen=True)
class BlockPointer:
    """A pointer into the witness's memory: `offset` bytes into block `block` (None:
    NULL); as a stub argument, `known=False` matches any pointer (one into a local)."""

    block: int | None
    offset: int = 0
    known: bool = True


StubValue = Number | str | BlockPointer


@dataclass(frozen=True)
class StubRow:
    """One answer of a stub: when the call's position (if given) and arguments
    match, it writes `writes` (block, offset, byte) and returns `result` (for a
    function that does not return: exits with it)."""

    args: tuple[StubValue, ...]
    result: Number | BlockPointer
    position: int | None = None
    writes: tuple[tuple[int, int, int], ...] = ()
    links: tuple[MemoryLink, ...] = ()
    """Pointers it stores: the real address of a place in the witness's memory."""
    sets: tuple[tuple[str, str], ...] = ()
    """(global, C literal): what the call leaves in the globals it can reach."""
    extra: tuple[StubParam, ...] | None = None
    """The arguments past a variadic function's named parameters as the call at
    `position` passes them, where its calls pass different types there (None:
    the stub's `extra`); read and logged at that position only."""


@dataclass(frozen=True)
class Stub:
    """A definition for an external function, answering from `table` (args compared
    exactly). `counted` calls are events: they count positions and log the memory
    blocks; a `noreturn` one ends the program with its answer as exit status."""

    name: str
    prototype: Prototype
    table: tuple[StubRow, ...]
    counted: bool = False
    noreturn: bool = False
    globals: tuple[str, ...] = ()
    """The globals a counted call can read: logged after its arguments."""
    symbol: str = ""
    """Its C name (the one `prototype` declares), where `name` (the event it logs)
    is none: `(*arg0)`, a call through a function pointer parameter."""

    functions: frozenset[str] = frozenset()
    """The functions this version passes it (FUNCTION_SYMBOL texts): the ones its
    harness can name; rows that pass another never match."""
    extra: tuple[StubParam, ...] = ()
    """A variadic function's arguments past its named parameters (of which it has
    one at least), as every call passes them: read with `va_arg`, matched and
    logged like the named ones."""
    passed: tuple[tuple[int, int, BlockPointer], ...] = ()
    """(position, argument index, place): the pointers into the witness's memory
    the interpreter's run passed its counted calls. A call that passes a local
    given to code without it learns the local's address there, before its log,
    also where no row answers it (a void call without effects)."""

    @property
    def c_name(self) -> str:
        return self.symbol or self.name


@dataclass(frozen=True)
class OpaqueObject:
    """A name declared nowhere that the function uses as an address (an object of
    a header that is absent: BusyBox's `bb_common_bufsiz1`): the harness makes it
    a macro for the address the witness gives at the current number of counted
    calls (`rows`: position -> pointer; any other position: NULL)."""

    name: str
    rows: tuple[tuple[int, BlockPointer], ...]

    @property
    def function(self) -> str:
        return f"__liftdiff_opaque_{self.name}"


@dataclass(frozen=True)
class RealObject:
    """An object of the program that the witness's memory holds in block `block`
    from `offset` on (a const table or a local passed to a function without
    code): pointers into that part of the block are the real object's addresses
    in the harness, as stub arguments, in stub answers and in what stubs log
    and write. The program passes its own object, never the copy. A file-scope
    object is reached by its `name`; a local (no name) by the address the first
    stub row that matches it learns (`__liftdiff_own`), any pointer outside the
    witness's buffers until then; its `extent` bytes are what stubs log of it."""

    name: str
    block: int
    offset: int
    extent: int = 0


LONGEST_LOGGED_TEXT = 4096
"""Bytes of a string a stored pointer points to that a call logs at most."""

_WRITE_RUN = 16
"""Bytes in a row from which a stub's effect copies them from a table."""


@dataclass(frozen=True)
class Places:
    """The C address of a place in the witness's memory: in its buffers, or in a
    real object (`RealObject`)."""

    blocks: int
    objects: tuple[RealObject, ...] = ()

    def buffer(self, block: int | None, offset: int) -> str:
        """The place in the buffer itself (where the harness writes bytes)."""
        if block is None:
            return "(void *)0"
        return f"(void *){self._in_buffer(block, offset)}"

    def address(self, block: int | None, offset: int) -> str:
        """The place as the program knows it (the real object where there is one)."""
        if block is None:
            return "(void *)0"
        return f"(void *){self._known(block, offset)}"

    def test(self, name: str, block: int, offset: int) -> str:
        """C: does pointer `name` point to this place (as the program knows it)?"""
        learned = self._learned(block, offset)
        if learned is not None:
            index, delta = learned
            return f"__liftdiff_may_be({index}, (const void *)({name}), {delta})"
        return f"(const void *)({name}) == (const void *){self._known(block, offset)}"

    def known(self, block: int, offset: int) -> str:
        """C: is the place's address known yet (a local's: once a call learned it)?"""
        learned = self._learned(block, offset)
        return "1" if learned is None else f"__liftdiff_own[{learned[0]}]"

    def bind(self, name: str, block: int, offset: int) -> str:
        """C: learn a local's address from pointer `name` to this place ('' if none)."""
        learned = self._learned(block, offset)
        if learned is None:
            return ""
        return f"__liftdiff_bind({learned[0]}, (const void *)({name}), {learned[1]}); "

    def byte(self, block: int, offset: int) -> str:
        """C lvalue of one byte of the place (where a stub's effect writes)."""
        if self._object(block, offset) is None:
            return f"{memory_name(block)}[{offset}]"
        return f"(*(unsigned char *){self._known(block, offset)})"

    def writes(self, cells: Sequence[tuple[int, int, int]]) -> str:
        """C statements storing bytes (block, offset, value) as a stub's effect: a
        run of bytes in one object as one copy from a constant table (a call
        that fills an 8 KiB buffer is one loop, not 8192 statements for gcc)."""
        final = {(block, offset): value for block, offset, value in cells}
        out: list[str] = []
        run: list[tuple[int, int, int]] = []

        def flush() -> None:
            if len(run) < _WRITE_RUN:
                out.extend(f"{self.byte(b, o)} = {v}; " for b, o, v in run)
            else:
                data = ",".join(str(v) for _, _, v in run)
                out.append(f"{{ static const unsigned char d[] = {{{data}}}; "
                           f"unsigned char *to = &{self.byte(run[0][0], run[0][1])}; "
                           f"for (unsigned long i = 0; i < sizeof d; i++) to[i] = d[i]; }} ")
            run.clear()

        for (block, offset), value in sorted(final.items()):
            if run and not (run[-1][0] == block and run[-1][1] + 1 == offset
                            and self._object(block, offset) is self._object(block, run[0][1])):
                flush()
            run.append((block, offset, value))
        flush()
        return "".join(out)

    def _learned(self, block: int, offset: int) -> tuple[int, int] | None:
        real = self._object(block, offset)
        if real is None or real.name:
            return None
        return self.objects.index(real), offset - real.offset

    def _object(self, block: int, offset: int) -> RealObject | None:
        return next((o for o in self.objects if o.block == block and offset >= o.offset), None)

    def _known(self, block: int, offset: int) -> str:
        real = self._object(block, offset)
        if real is None:
            return self._in_buffer(block, offset)
        if not real.name:
            return f"(__liftdiff_own[{self.objects.index(real)}] + {offset - real.offset})"
        return f"((unsigned char *)&{real.name} + {offset - real.offset})"

    def _in_buffer(self, block: int, offset: int) -> str:
        if not 0 <= block < self.blocks:
            raise HarnessError(f"pointer into memory block {block} of {self.blocks}")
        return f"({memory_name(block)} + {offset})"


@dataclass(frozen=True)
class HarnessSpec:
    source_path: str
    source_text: str
    function: str
    params: tuple[tuple[str, str], ...]
    """(name, C declaration of a local of its type), e.g. ("s", "struct S s"), ("a",
    "int *a") for `int a[]` (`Cfa.params`)."""
    return_type: str | None
    """C text of the return type; None for void."""
    assignments: tuple[Assignment, ...]
    outputs: tuple[OutputLeaf, ...]
    stubs: tuple[Stub, ...]
    memory: tuple[bytes, ...] = ()
    """The witness's objects behind pointers: one buffer each (`__liftdiff_mem<i>`),
    with these initial bytes (see `memory_layout.py`)."""
    links: tuple[MemoryLink, ...] = ()
    pointers: tuple[PointerAssignment, ...] = ()
    flags: tuple[str, ...] = ()
    """Extra compiler flags, e.g. ("-DA", "-UB") for one configuration."""
    include_dirs: tuple[str, ...] = ()
    """Searched after the source's own directory, as the front end searched them."""
    headers: tuple[tuple[str, str], ...] = ()
    """(path, text) of the headers of the analysed revision: found before any file
    on disk, at the same paths (relative to the source, the working directory or
    an include directory) as the front end found them."""
    statics: tuple[StaticAlias, ...] = ()
    """Static locals the harness sets or reads."""
    function_params: tuple[tuple[str, str], ...] = ()
    """(parameter, stub) for function pointer parameters that point to a stub."""
    constants: tuple[Constant, ...] = ()
    """Constants declared nowhere for the front end, whose real values are reported."""
    opaque_arrays: tuple[str, ...] = ()
    """Names declared nowhere for the front end that it took as `extern char X[];`."""
    opaque_blocks: tuple[tuple[str, int, int], ...] = ()
    """(name, block, offset): the witness's blocks that lie in those arrays, laid
    out in the array's storage (see `_opaque_storage`)."""
    opaque: tuple[OpaqueObject, ...] = ()
    objects: tuple[RealObject, ...] = ()
    """The program's own objects that the witness's memory holds copies of."""
    pointer_cells: tuple[tuple[int, int], ...] = ()
    """(block, offset) of the places where the runs store pointers: their bytes
    are real addresses here, so each counted call logs where they point instead
    (`CompiledOutcome.call_pointers`)."""


@dataclass(frozen=True)
class StaticAlias:
    """A static local reached from the harness: its declaration gets the assembler
    label `alias` (and `used`, so gcc keeps it), and the harness declares an
    `extern` object of that label. The function is then called through a volatile
    pointer, so that gcc at -O2 can neither inline it into the harness nor assume
    what the static holds."""

    alias: str
    local: StaticLocal


@dataclass(frozen=True)
class CompiledOutcome:
    kind: str
    """"ok" | "trap" (`TRAP_SIGNALS`, an AddressSanitizer report) | "exit"
    (exit()/abort()) | "crash" (another signal) | "timeout" | "compile_error" |
    "unavailable" (no compiler)."""
    values: Mapping[str, Number]
    """By OutputLeaf.name; filled for "ok"."""
    exit_code: int | None
    stdout: str
    """What the program printed (latin-1: one char per byte)."""
    message: str
    """Compiler diagnostics, the signal, stub misses or what was skipped."""
    calls: tuple[tuple[str, tuple[StubValue, ...]], ...] = ()
    """Calls of stubbed functions in order, with their (named) arguments: the
    compiled counterpart of the interpreter's events."""
    call_memory: tuple[tuple[bytes, ...] | None, ...] = ()
    """Per call, the memory blocks' bytes at it (counted calls), else None."""
    constants: Mapping[str, Number] = field(default_factory=dict)
    """The real values of the spec's `constants` (reported before the call)."""
    call_pointers: tuple[tuple[StubValue, ...] | None, ...] = ()
    """Per call, where the pointers in `HarnessSpec.pointer_cells` point at it, as
    stub arguments are logged (a string outside the witness's memory by its
    text; a local's place not yet known: `BlockPointer(None, known=False)`)."""


# ------------------------------------------------------------ harness text

_PRELUDE = r"""
#include <stdio.h>
#include <errno.h>
static int __liftdiff_fd = -1;
static int __liftdiff_busy = 1, __liftdiff_said;  /* 1: before and after the call */
#define dprintf(...) (__liftdiff_busy++, __liftdiff_said = dprintf(__VA_ARGS__), \
                      __liftdiff_busy--, __liftdiff_said)
static void __liftdiff_copy(void *dst, const void *src, unsigned long n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    while (n--) *d++ = *s++;
}
long syscall(long number, ...);
static int __liftdiff_pipe[2] = {-1, -1};
static int __liftdiff_peek(const unsigned char *q, unsigned char *c)
{
    /* one byte through a pipe: the kernel copies it (EFAULT where q is not
       readable), and no sanitizer check stands in the way of a byte that is */
#ifdef __x86_64__
    if (__liftdiff_pipe[0] < 0 && syscall(293 /* pipe2 */, __liftdiff_pipe, 0) != 0)
        return 0;
    if (syscall(1 /* write */, __liftdiff_pipe[1], q, 1) != 1)
        return 0;
    return syscall(0 /* read */, __liftdiff_pipe[0], c, 1) == 1;
#else
    return 0;
#endif
}
static void __liftdiff_zero(void *dst, unsigned long n)
{
    unsigned char *d = dst;
    while (n--) *d++ = 0;
}
static int __liftdiff_same_double(double a, double b)
{
    const unsigned char *x = (const unsigned char *)&a, *y = (const unsigned char *)&b;
    if (a != a || b != b) return a != a && b != b;
    for (unsigned long i = 0; i < sizeof a; i++) if (x[i] != y[i]) return 0;
    return 1;
}
static int __liftdiff_same_string(const char *a, const char *b)
{
    if (!a) return 0;
    while (*a && *a == *b) { a++; b++; }
    return *a == *b;
}
static void __liftdiff_miss(const char *name)
{
    dprintf(__liftdiff_fd, "m %s\n", name);
}
static unsigned char __liftdiff_object[4096] __attribute__((aligned(64)));
extern void _exit(int) __attribute__((noreturn));
static int __liftdiff_calls;
static unsigned long __liftdiff_word(const void *p)
{
    unsigned long v;
    __liftdiff_copy(&v, p, sizeof v);
    return v;
}
static void __liftdiff_point(void *at, void *to)
{
    __liftdiff_copy(at, &to, sizeof to);
}
#include <stdarg.h>
#define __LIFTDIFF_KIND(x) _Generic((x), _Bool: 0, char: 0, signed char: 0, unsigned char: 0, \
    short: 0, unsigned short: 0, int: 0, unsigned int: 1, long: 2, long long: 2, \
    unsigned long: 3, unsigned long long: 3, float: 4, double: 4, char *: 5, \
    const char *: 5, default: 6)
static void __liftdiff_log_arg(int kind, ...)
{
    va_list ap;
    va_start(ap, kind);
    switch (kind) {
    case 0: dprintf(__liftdiff_fd, "\ti%d", va_arg(ap, int)); break;
    case 1: dprintf(__liftdiff_fd, "\tu%u", va_arg(ap, unsigned int)); break;
    case 2: dprintf(__liftdiff_fd, "\ti%lld", va_arg(ap, long long)); break;
    case 3: dprintf(__liftdiff_fd, "\tu%llu", va_arg(ap, unsigned long long)); break;
    case 4: dprintf(__liftdiff_fd, "\td%a", va_arg(ap, double)); break;
    case 5: {
        const unsigned char *s = va_arg(ap, const unsigned char *);
        dprintf(__liftdiff_fd, s ? "\ts" : "\tn");
        while (s && *s) dprintf(__liftdiff_fd, "%02x", *s++);
        break;
    }
    default: dprintf(__liftdiff_fd, "\tp"); break;
    }
    va_end(ap);
}
"""


def harness_source(spec: HarnessSpec, checked: bool = False) -> str:
    """The complete C translation unit: the user's text, stubs, and the harness main;
    `checked`: with the library's domain checks (`_ctype_checks`)."""
    stubs = [s for s in spec.stubs if _stubbable(s)]
    text = label_statics(spec.source_text, spec.statics)
    places = Places(len(spec.memory), spec.objects)
    in_arrays = {block for _, block, _ in spec.opaque_blocks}
    parts = [
        "#define main " + USER_MAIN,
        *(_opaque_declaration(item) for item in spec.opaque),
        f"#line 1 {string_literal(spec.source_path)}",
        text if text.endswith("\n") else text + "\n",
        "#undef main",
        '#line 1 "<liftdiff harness>"',
        _PRELUDE,
        *_opaque_storage(spec),
        *(_memory_block(index, data) for index, data in enumerate(spec.memory)
          if index not in in_arrays),
        _memory_index(spec.memory, spec.objects, spec.pointer_cells),
        *([_ctype_checks()] if checked else []),
        *(_alias_declaration(static) for static in spec.statics),
        *(_opaque_definition(item, places) for item in spec.opaque),
        *(_stub_definition(s, places) for s in stubs),
        _main(spec, places),
    ]
    return "\n".join(parts)


_LINE_MARKER = re.compile(r'^\s*#\s*(?:line\s+)?(\d+)(?:\s+"[^"]*")?[^\n]*$')
_BOUNDARY = re.compile(r"[;{}]")
_SEARCH_LINES = 4


def label_statics(text: str, statics: Sequence[StaticAlias]) -> str:
    """`text` with each static's declaration labelled for the assembler (see
    StaticAlias). The declaration is found by its line, following `#line`
    markers (gcc -E output); raises HarnessError when it is not there as written
    (e.g. made by a macro)."""
    lines = text.split("\n")
    logical: list[int] = []
    number = 1
    for line in lines:
        marker = _LINE_MARKER.match(line)
        logical.append(number)
        number = int(marker.group(1)) if marker else number + 1
    for static in sorted(statics, key=lambda s: (s.local.line, s.local.column), reverse=True):
        local = static.local  # the last first: labelling one moves what follows it
        found = False
        for index, line_number in enumerate(logical):
            if line_number != local.line or _LINE_MARKER.match(lines[index]):
                continue
            window = "\n".join(lines[index : index + _SEARCH_LINES])
            labelled = _label(window, local.name, static.alias, local.column)
            if labelled is not None:
                lines[index : index + _SEARCH_LINES] = labelled.split("\n")
                found = True
                break
        if not found:
            raise HarnessError(
                f"cannot find the declaration of static '{local.name}' of '{local.function}' "
                f"on line {local.line}"
            )
    return "\n".join(lines)


def _label(window: str, name: str, alias: str, column: int) -> str | None:
    """Insert `__asm__(alias) used` after the declarator of static `name` in `window`
    (the one at `column` of its first line, if that one is a static's)."""
    matches = list(re.finditer(rf"\b{re.escape(name)}\b", window))
    matches.sort(key=lambda m: m.start() != column - 1)
    for match in matches:
        statement = _BOUNDARY.split(window[: match.start()])[-1]
        if not re.search(r"\bstatic\b", statement):
            continue
        end = match.end()
        while True:  # array dimensions belong to the declarator
            rest = window[end:]
            stripped = rest.lstrip()
            if not stripped.startswith("["):
                break
            close = stripped.find("]")
            if close < 0:
                return None
            end += len(rest) - len(stripped) + close + 1
        if window[end:].lstrip().startswith("__asm__"):
            continue  # labelled already: another static of this name
        label = f' __asm__("{alias}") __attribute__((used))'
        return window[:end] + label + window[end:]
    return None


def _memory_block(index: int, data: bytes) -> str:
    """One object of the witness's memory, every byte initialised."""
    body = ",".join(str(byte) for byte in data) or "0"
    return (f"static unsigned char {memory_name(index)}[{max(1, len(data))}] "
            f"__attribute__((aligned(64))) = {{{body}}};")


def _opaque_storage(spec: HarnessSpec) -> list[str]:
    """The storage of each array declared nowhere that holds witness blocks: the
    blocks' bytes at their offsets, each block's name its place in it (the array
    itself is an alias of this storage: `_opaque_names`)."""
    lines = []
    for name in dict.fromkeys(name for name, _, _ in spec.opaque_blocks):
        blocks = [(block, offset) for n, block, offset in spec.opaque_blocks if n == name]
        body = ", ".join(f"[{offset}] = {','.join(str(b) for b in spec.memory[block])}"
                         for block, offset in blocks if spec.memory[block])
        lines.append(f"static unsigned char {_opaque_storage_name(name)}"
                     f"[{_opaque_size(spec, name)}] __attribute__((aligned(64))) = {{{body}}};")
        lines.extend(f"#define {memory_name(block)} ({_opaque_storage_name(name)} + {offset})"
                     for block, offset in blocks)
    return lines


def _opaque_storage_name(name: str) -> str:
    return f"__liftdiff_array_{name}"


def _opaque_size(spec: HarnessSpec, name: str) -> int:
    return max(OPAQUE_ARRAY_BYTES, *(offset + len(spec.memory[block])
                                     for n, block, offset in spec.opaque_blocks if n == name))


def _memory_index(memory: Sequence[bytes], objects: Sequence[RealObject] = (),
                  cells: Sequence[tuple[int, int]] = ()) -> str:
    """The blocks as the stubs see them: pointers into them, or into the real
    objects they copy, are logged as (block, offset), and their bytes at each
    counted call, then where the pointers stored at `cells` point."""
    places = Places(len(memory), tuple(objects))
    pointed = "".join(
        f'    dprintf(__liftdiff_fd, "\\tW"); if ({places.known(block, offset)}) '
        f"__liftdiff_log_pointer(*(const void *const *){places.address(block, offset)}, 2); "
        f'else dprintf(__liftdiff_fd, "\\tp");\n'
        for block, offset in cells)
    names = ", ".join(memory_name(i) for i in range(len(memory))) or "0"
    sizes = ", ".join(str(max(1, len(data))) for data in memory) or "0"
    real = "".join(
        f"    {{ const unsigned char *b = {_object_start(k, o)};\n"
        f"      if (b && q >= b && q <= b + {_object_size(o)}) {{ dprintf(__liftdiff_fd, "
        f'"\\tP%d:%ld", {o.block}, (long)({o.offset} + (q - b))); return; }} }}\n'
        for k, o in enumerate(objects))
    learned = [(k, o) for k, o in enumerate(objects) if not o.name]
    dumps = "".join(
        f"        if (i == {o.block} && __liftdiff_own[{k}] && k >= {o.offset}) "
        f"{{ dprintf(__liftdiff_fd, \"%02x\", __liftdiff_own[{k}][k - {o.offset}]); continue; }}\n"
        for k, o in learned)
    return f"""static unsigned char *__liftdiff_own[{max(1, len(objects))}];
static unsigned char *__liftdiff_blocks[] = {{{names}}};
static unsigned long __liftdiff_sizes[] = {{{sizes}}};
static const int __liftdiff_nblocks = {len(memory)};
static void __liftdiff_log_pointer(const void *p, int is_char)
{{
    const unsigned char *q = p;
    if (!q) {{ dprintf(__liftdiff_fd, "\\tn"); return; }}
    if ((unsigned long)q < {NULL_PAGE}UL || (unsigned long)q >= {TOP}UL) {{
        dprintf(__liftdiff_fd, "\\tu%lu", (unsigned long)q); return; }}
{real}    for (int i = 0; i < __liftdiff_nblocks; i++)
        if (q >= __liftdiff_blocks[i] && q <= __liftdiff_blocks[i] + __liftdiff_sizes[i]) {{
            dprintf(__liftdiff_fd, "\\tP%d:%ld", i, (long)(q - __liftdiff_blocks[i]));
            return;
        }}
    if (!is_char) {{ dprintf(__liftdiff_fd, "\\tp"); return; }}
    if (is_char == 2) {{  /* a stored pointer: its text, read only where readable */
        unsigned char text[{LONGEST_LOGGED_TEXT}];
        for (unsigned long n = 0; n < sizeof text; n++) {{
            if (!__liftdiff_peek(q + n, &text[n])) break;
            if (text[n]) continue;
            dprintf(__liftdiff_fd, "\\ts");
            for (unsigned long k = 0; k < n; k++) dprintf(__liftdiff_fd, "%02x", text[k]);
            return;
        }}
        dprintf(__liftdiff_fd, "\\tp");
        return;
    }}
    dprintf(__liftdiff_fd, "\\ts");
    while (*q) dprintf(__liftdiff_fd, "%02x", *q++);
}}
static int __liftdiff_may_be(int object, const void *p, long delta)
{{
    const unsigned char *q = p;
    if (__liftdiff_own[object]) return q == __liftdiff_own[object] + delta;
    if (!q) return 0;
    for (int i = 0; i < __liftdiff_nblocks; i++)
        if (q >= __liftdiff_blocks[i] && q <= __liftdiff_blocks[i] + __liftdiff_sizes[i])
            return 0;
    return 1;
}}
static void __liftdiff_bind(int object, const void *p, long delta)
{{
    if (!__liftdiff_own[object]) __liftdiff_own[object] = (unsigned char *)p - delta;
}}
static void __liftdiff_log_memory(void)
{{
    dprintf(__liftdiff_fd, "\\tM");
    for (int i = 0; i < __liftdiff_nblocks; i++) {{
        if (i) dprintf(__liftdiff_fd, ":");
        for (unsigned long k = 0; k < __liftdiff_sizes[i]; k++) {{
{dumps}            dprintf(__liftdiff_fd, "%02x", __liftdiff_blocks[i][k]);
        }}
    }}
{pointed}}}"""


def _object_start(index: int, real: RealObject) -> str:
    if real.name:
        return f"(const unsigned char *)&{real.name}"
    return f"__liftdiff_own[{index}]"


def _object_size(real: RealObject) -> str:
    return f"sizeof ({real.name})" if real.name else str(real.extent)


def memory_name(index: int) -> str:
    """C name of the witness's `index`-th memory block in the harness."""
    return f"__liftdiff_mem{index}"
def _ctype_checks() -> str:
    """glibc's <ctype.h> class tests, trapping where the IR traps (an argument
    outside the table, `CTYPE_DOMAIN`), where glibc would read whatever lies
    beside its table. Built with `CTYPE_MACROS_OFF`, so the user's macro uses
    become calls of these; the answer is glibc's own table."""
    low, high = CTYPE_DOMAIN
    return "#include <ctype.h>\n" + "".join(
        f"int {name}(int c) {{ if (c < {low} || c > {high}) __builtin_trap(); "
        f"return (*__ctype_b_loc())[c] & (unsigned short)_IS{name[2:]}; }}\n"
        for name in sorted(CTYPE_CLASSES))


CTYPE_MACROS_OFF = "-D__NO_CTYPE"
"""glibc's <ctype.h> then declares the functions without its table-reading macros."""


def _opaque_declaration(item: OpaqueObject) -> str:
    """Before the user's text: the name as a macro for its address (the counter of
    counted calls is the prelude's)."""
    return (f"static int __liftdiff_calls;\nstatic void *{item.function}(int);\n"
            f"#define {item.name} ({item.function}(__liftdiff_calls))")


def _opaque_definition(item: OpaqueObject, places: Places) -> str:
    rows = "".join(f"    if (position == {position}) "
                   f"return {places.address(p.block, p.offset)};\n"
                   for position, p in item.rows if p.known)
    return f"static void *{item.function}(int position)\n{{\n{rows}    return 0;\n}}\n"


def _alias_declaration(static: StaticAlias) -> str:
    declaration = static.local.declaration.format(static.alias)
    return f'{declaration.rstrip().rstrip(";")} __asm__("{static.alias}");'


def skipped_stubs(spec: HarnessSpec) -> tuple[str, ...]:
    """Stubs the harness leaves to the real library (output, libm and harness functions)."""
    return tuple(s.name for s in spec.stubs if not _stubbable(s))


def _stubbable(stub: Stub) -> bool:
    """An output function is the real library's, which prints the text the
    interpreter prints, unless the program calls it as a call without code (a
    counted event: `fprintf(stderr, ...)`), which only a stub counts as the
    interpreter does."""
    name = stub.name
    return not ((name in OUTPUT_FUNCTIONS and not stub.counted) or name in PURE_LIBRARY
                or name in STANDARD_RESULTS or name in ABS_FUNCTIONS
                or name in CTYPE_FUNCTIONS
                or name in HARNESS_FUNCTIONS or not stub.c_name.isidentifier())


def _main(spec: HarnessSpec, places: Places) -> str:
    param_names = {name for name, _ in spec.params}
    globals_ = [a for a in spec.assignments if _root(a.lvalue) not in param_names]
    locals_ = [a for a in spec.assignments if _root(a.lvalue) in param_names]
    lines = [
        "int main(int argc, char **argv)",
        "{",
        "    if (argc < 2) return 97;",
        "    __liftdiff_fd = 0;",
        "    for (const char *c = argv[1]; *c; c++) __liftdiff_fd = __liftdiff_fd * 10 + *c - '0';",
        "    setvbuf(stdout, 0, _IONBF, 0);",
        "    __liftdiff_calls = 0;  /* a sanitizer's start-up may call a stubbed function */",
        *(_report_constant(index, constant) for index, constant in enumerate(spec.constants)),
        *(_link(link, places) for link in spec.links),
        *(_assign(a) for a in globals_),
        "    {",
    ]
    for name, decl in spec.params:
        lines.append(f"    {decl};")
        lines.append(f"    __liftdiff_zero(&{name}, sizeof {name});")
    lines.extend(_assign(a) for a in locals_)
    lines.extend(_point(p, places) for p in spec.pointers)
    lines.extend(f"    {param} = {stub};" for param, stub in spec.function_params)
    function = USER_MAIN if spec.function == "main" else spec.function
    if spec.statics:
        lines.append(f"    __typeof__(&{function}) volatile __liftdiff_fn = &{function};")
        function = "__liftdiff_fn"
    call = f"{function}({', '.join(name for name, _ in spec.params)})"
    lines.append("    __liftdiff_busy = 0;")
    if spec.return_type is None:
        lines.append(f"    {call};")
    else:
        lines.append(f"    __typeof__({call}) __liftdiff_ret = {call};")
    lines.append("    __liftdiff_busy = 1;")
    lines.extend(_write(index, leaf) for index, leaf in enumerate(spec.outputs))
    lines += ['    dprintf(__liftdiff_fd, "done\\n");', "    }", "    return 0;", "}", ""]
    return "\n".join(lines)


def _link(link: MemoryLink, places: Places, by_program: bool = False) -> str:
    """Set a pointer of the witness's memory. Before the call the harness fills its
    buffers; a stub writes where the program will read (`by_program`): into the
    real object where there is one, such as a local whose address the call
    passed (`strtoul(s, &end, 10)` sets `end`, not the buffer that stands for it)."""
    at = (places.address if by_program else places.buffer)(link.block, link.offset)
    return f"    __liftdiff_point({at}, {places.address(link.target, link.target_offset)});"


def _point(pointer: PointerAssignment, places: Places) -> str:
    """Through a byte copy, as `_assign`: the pointer may be const-qualified."""
    address = places.address(pointer.block, pointer.offset)
    return f"    __liftdiff_point((void *)&({pointer.lvalue}), {address});"


def _root(lvalue: str) -> str:
    """The object an lvalue names (`((unsigned char *)&u)[2]`, a union's byte: `u`)."""
    match = re.match(r"\s*\(*\s*(?:unsigned char \*\)\s*&)?\*?\s*([A-Za-z_]\w*)", lvalue)
    return match.group(1) if match else ""


def _assign(assignment: Assignment) -> str:
    """Through a byte copy, so const-qualified objects can be set as well (a
    bit-field, which has no address and no `__typeof__`, directly)."""
    lv = assignment.lvalue
    value = literal(assignment.value, assignment.type)
    if isinstance(assignment.type, IntType) and assignment.type.bitfield:
        return f"    {lv} = {value};"
    return (f"    {{ __typeof__({lv}) __liftdiff_v = (__typeof__({lv}))({value}); "
            f"__liftdiff_copy((void *)&({lv}), &__liftdiff_v, sizeof __liftdiff_v); }}")


def _report_constant(index: int, constant: Constant) -> str:
    return _write(index, OutputLeaf(constant.name, constant.name, constant.type), "k")


def _write(index: int, leaf: OutputLeaf, tag: str = "v") -> str:
    ctype = leaf.type
    if isinstance(ctype, FloatType):
        fmt, value = "%a", f"(double)({leaf.expr})"
    elif isinstance(ctype, IntType) and not ctype.signed:
        fmt, value = "%llu", f"(unsigned long long)({leaf.expr})"
    else:
        fmt, value = "%lld", f"(long long)({leaf.expr})"
    return f'    dprintf(__liftdiff_fd, "{tag} {index} {fmt}\\n", {value});'


# ------------------------------------------------------------ stubs

def _stub_definition(stub: Stub, places: Places) -> str:
    prototype = stub.prototype
    variadic = prototype.variadic
    params = (*prototype.params, *stub.extra)
    names = [param.name for param in params]
    returns_void, returns_pointer = prototype.returns == "void", prototype.returns == "pointer"
    passed = sorted(stub.functions)
    rows = [row for row in stub.table
            if not (len(row.args) < len(names) or (len(row.args) > len(names) and not variadic))
            # nor a row with a function this version does not pass (nor may name)
            and not any(isinstance(arg, str) and symbol_function(arg) is not None
                        and arg not in stub.functions for arg in row.args)]
    # a call whose own types past the named parameters the stub reads at its position
    own = {row.position: _row_extra(index, row.extra) for index, row in enumerate(rows)
           if row.extra is not None and row.position is not None and stub.counted}
    row_names = [[*names, *(p.name for p in own.get(row.position, ()))]
                 if row.position is not None else names for row in rows]
    log = "".join(_log_arg(param, passed if param.pointer else ())
                  for param in params)
    log += "".join(f"if (__liftdiff_position == {position}) {{ "
                   + "".join(_log_arg(p, passed if p.pointer else ()) for p in extra)
                   + "} " for position, extra in own.items())
    if stub.counted:  # the interpreter's events start with the position
        seen = "".join(f"__liftdiff_log_arg(__LIFTDIFF_KIND({g}), {g}); " for g in stub.globals)
        log = (f"__liftdiff_log_arg(0, __liftdiff_position); {log}{seen}"
               "__liftdiff_log_memory(); ")
    finish = _finish(stub.noreturn, returns_void, returns_pointer, places)
    binds = [_binds(these, row, places) for these, row in zip(row_names, rows, strict=True)]
    # outside the function's run, or inside a stub's own logging: a call of the run
    # time's (glibc's `dprintf` frees its buffer through `free`; the sanitizer's
    # start-up, exit handlers), not the witness's: answered without a trace (a
    # leak, a NULL buffer), since logging it would call it again without end
    done = _return(0, returns_void, returns_pointer, places)
    body = [f"    if (__liftdiff_busy) {{ {done} }}"]
    if stub.extra:
        body.append(_read_variadic(prototype.params[-1].name, stub.extra))
    if stub.name in NULL_IS_NOTHING and names:  # `free(NULL)`: no call, as the model says
        body.append(f"    if (!{names[0]}) {{ {done} }}")
    if stub.counted:
        body.append("    int __liftdiff_position = __liftdiff_calls++;")
    for position, extra in own.items():
        body.append(_read_row_variadic(prototype.params[-1].name, position, extra))
    body += [f"    if (__liftdiff_position == {position} && "
             f"{places.test(names[index], where.block, where.offset)}) {{ {bind}}}"
             for position, index, where in stub.passed
             if where.block is not None and index < len(names)
             and (bind := places.bind(names[index], where.block, where.offset))]
    if any(binds):
        # a row that learns where a local is chooses itself before the call is
        # logged, so that the log shows the local's bytes at the call
        body.append("    int __liftdiff_row = -1;")
        body += [f"    if (__liftdiff_row < 0 && {_condition(these, row, stub, places)}) "
                 f"{{ __liftdiff_row = {index}; {bind}}}"
                 for index, (these, row, bind)
                 in enumerate(zip(row_names, rows, binds, strict=True))]
    body.append(f'    __liftdiff_busy = 1; dprintf(__liftdiff_fd, "c %s", '
                f'{string_literal(stub.name)}); {log}dprintf(__liftdiff_fd, "\\n"); '
                "__liftdiff_busy = 0;")
    if stub.globals:  # what the interpreter leaves where the witness says nothing
        body.append("    " + "".join(f"{g} = 0; " for g in stub.globals))
    for index, (these, row) in enumerate(zip(row_names, rows, strict=True)):
        condition = (f"__liftdiff_row == {index}" if any(binds)
                     else _condition(these, row, stub, places))
        writes = places.writes(row.writes)
        writes += "".join(_link(link, places, by_program=True).strip() + " "
                          for link in row.links)
        writes += "".join(f"{g} = {v}; " for g, v in row.sets)
        body.append(f"    if ({condition}) {{ {writes}{finish(row.result)} }}")
    if not returns_void or stub.noreturn:  # a void function has no result to miss
        body.append(f"    __liftdiff_miss({string_literal(stub.name)});")
    body.append(f"    {finish(0)}")
    # a function declared nowhere here is the symbol of its name, whatever type
    # gcc's headers give it (`Prototype.implicit`)
    label = (f"{prototype.signature} __asm__({string_literal(stub.name)});\n"
             if prototype.implicit else "")
    return label + prototype.signature + "\n{\n" + "\n".join(body) + "\n}\n"


def _read_variadic(last: str, extra: Sequence[StubParam]) -> str:
    """C: the arguments past the named parameter `last`, as locals of the stub."""
    reads = "".join(f"{p.va_type} {p.name} = va_arg(__liftdiff_ap, {p.va_type}); "
                    for p in extra)
    return (f"    va_list __liftdiff_ap; va_start(__liftdiff_ap, {last}); {reads}"
            "va_end(__liftdiff_ap);")


def _row_extra(index: int, extra: Sequence[StubParam]) -> tuple[StubParam, ...]:
    """A row's own variadic arguments, named apart from every other row's."""
    return tuple(dataclasses.replace(p, name=f"__liftdiff_r{index}{p.name}") for p in extra)


def _read_row_variadic(last: str, position: int, extra: Sequence[StubParam]) -> str:
    """C: the arguments past `last` as the call at `position` passes them (zero at
    any other position, where they are not read)."""
    declared = "".join(f"{p.va_type} {p.name} = 0; " for p in extra)
    reads = "".join(f"{p.name} = va_arg(__liftdiff_ap, {p.va_type}); " for p in extra)
    return (f"    {declared}if (__liftdiff_position == {position}) {{ va_list __liftdiff_ap; "
            f"va_start(__liftdiff_ap, {last}); {reads}va_end(__liftdiff_ap); }}")


def _condition(names: Sequence[str], row: StubRow, stub: Stub, places: Places) -> str:
    tests = [_arg_test(name, arg, places) for name, arg in zip(names, row.args, strict=False)]
    if row.position is not None and stub.counted:
        tests.insert(0, f"__liftdiff_position == {row.position}")
    return " && ".join(t for t in tests if t) or "1"


def _binds(names: Sequence[str], row: StubRow, places: Places) -> str:
    """C: where the row's pointer arguments show locals' addresses, learn them."""
    return "".join(places.bind(name, arg.block, arg.offset)
                   for name, arg in zip(names, row.args, strict=False)
                   if isinstance(arg, BlockPointer) and arg.known and arg.block is not None)


def _log_arg(param: StubParam, symbols: Sequence[str] = ()) -> str:
    """Log one argument; a pointer to one of `symbols`' functions as that symbol
    (tag F: its text, hex of UTF-8), as the interpreter's event holds it."""
    name = param.name
    if symbols:
        tests = "".join(
            f"if ((void (*)(void))({name}) == (void (*)(void))({symbol_function(text)})) "
            f'dprintf(__liftdiff_fd, "\\tF{text.encode().hex()}"); else '
            for text in symbols)
        return f"{tests}{_log_arg(param)}"
    if not param.pointer:
        return f"__liftdiff_log_arg(__LIFTDIFF_KIND({name}), {name}); "
    return f"__liftdiff_log_pointer((const void *)({name}), {int(param.text)}); "


def _finish(noreturn: bool, returns_void: bool, returns_pointer: bool, places: Places
            ) -> Callable[[Number | BlockPointer], str]:
    def finish(result: Number | BlockPointer) -> str:
        if noreturn:
            value = result if not isinstance(result, BlockPointer) else 0
            return f"_exit((int)({_wide_int(int(value))}));"
        return _return(result, returns_void, returns_pointer, places)

    return finish


def _arg_test(name: str, arg: StubValue, places: Places) -> str:
    if isinstance(arg, BlockPointer):
        if not arg.known:
            return ""
        if arg.block is None:
            return f"(const void *)({name}) == 0"
        return places.test(name, arg.block, arg.offset)
    if isinstance(arg, str) and symbol_function(arg) is not None:
        return f"(void (*)(void))({name}) == (void (*)(void))({symbol_function(arg)})"
    if isinstance(arg, str):
        return f"__liftdiff_same_string((const char *)({name}), {string_literal(arg)})"
    if isinstance(arg, float):
        return f"__liftdiff_same_double((double)({name}), {literal(arg, ct.DOUBLE)})"
    return f"({name}) == (__typeof__({name}))({_wide_int(arg)})"


def _return(result: Number | BlockPointer, returns_void: bool, returns_pointer: bool,
            places: Places) -> str:
    if returns_void:
        return "return;"
    if returns_pointer:
        if isinstance(result, BlockPointer) and result.block is not None:
            return f"return {places.address(result.block, result.offset)};"
        return "return 0;"
    assert not isinstance(result, BlockPointer)
    if isinstance(result, float):
        return f"return {literal(result, ct.DOUBLE)};"
    return f"return {_wide_int(result)};"


def _wide_int(value: int) -> str:
    """An integer constant of type long long (unsigned long long beyond its range)."""
    if value > ct.LLONG.max:
        return literal(value, ct.ULLONG)
    return literal(ct.LLONG.wrap(value), ct.LLONG)


# ------------------------------------------------------------ running


def compiler_available(compiler: str = "gcc") -> bool:
    return shutil.which(compiler) is not None


def replay_compiler(settings: Settings) -> str | None:
    """The compiler that replays witnesses, or None when disabled or absent."""
    if settings.use_compiler and compiler_available(settings.compiler):
        return settings.compiler
    return None


def sanitizer_flags(compiler: str, undefined: bool = False) -> tuple[str, ...]:
    """The sanitizer flags of a replay build that `compiler` supports here: the
    memory checks always, the undefined-operation checks when `undefined`.
    Without them an operation the IR traps on may not trap in the replay, which
    then contradicts the interpreter and vetoes the witness (sound, not complete)."""
    wanted = (SANITIZE_MEMORY, SANITIZE_ADDRESS, *([SANITIZE_UNDEFINED] if undefined else []))
    return tuple(flag for group in wanted if _builds_and_runs(compiler, group) for flag in group)


@functools.cache
def _builds_and_runs(compiler: str, flags: tuple[str, ...]) -> bool:
    """Probed once per compiler and flag group (the sanitizer's library may be
    missing, or its run time refuse this machine)."""
    probe = "int main(int c, char **v) { (void)v; int a[2] = {0, 1}; return a[c - 1]; }\n"
    with tempfile.TemporaryDirectory(prefix="liftdiff-probe-") as work:
        path = os.path.join(work, "probe.c")
        program = os.path.join(work, "probe")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(probe)
        try:
            built = subprocess.run([compiler, *COMPILE_FLAGS, *flags, path, "-o", program],
                                   capture_output=True, timeout=60, check=False)
            return built.returncode == 0 and subprocess.run(
                [program], capture_output=True, timeout=10, check=False,
                env=_run_environment()).returncode == 0
        except (OSError, subprocess.TimeoutExpired):
            return False


def _run_environment() -> dict[str, str]:
    return {**os.environ, "ASAN_OPTIONS": _ASAN_OPTIONS}


def run_harness(
    spec: HarnessSpec, *, compiler: str = "gcc", timeout: float = 10.0, undefined: bool = False
) -> CompiledOutcome:
    """Compile the harness with `compiler` and run it once; never raises.
    `undefined`: with the undefined-operation checks (`SANITIZE_UNDEFINED`)."""
    if not compiler_available(compiler):
        return CompiledOutcome("unavailable", {}, None, "", f"no C compiler '{compiler}' found")
    notes = [f"left to the real library: {', '.join(s)}" for s in [skipped_stubs(spec)] if s]
    with tempfile.TemporaryDirectory(prefix="liftdiff-") as work:
        program = os.path.join(work, "harness")
        flags = sanitizer_flags(compiler, undefined) + ((CTYPE_MACROS_OFF,) if undefined else ())
        try:
            declared = _compile(compiler, spec, undefined, work, program, timeout, flags)
        except LiftdiffError as error:  # the harness cannot be written (`label_statics`)
            return CompiledOutcome("compile_error", {}, None, "", f"harness: {error}")
        except _CompileFailed as failure:
            return CompiledOutcome("compile_error", {}, None, "", str(failure))
        if declared:
            notes.append("declared for gcc as the front end took them (no header declares "
                         f"them): {', '.join(declared)}")
        return _execute(program, spec, work, timeout, notes)


def include_flags(spec: HarnessSpec, work: str) -> list[str]:
    """-I flags mirroring the front end's search (`includes.find_header`): the
    revision's headers (written under `work`) first, then the files on disk."""
    mirror = os.path.join(work, "headers")
    roots: list[str] = []
    for path, text in spec.headers:
        relative = os.path.normpath(path)
        if os.path.isabs(relative) or relative.startswith(".."):
            continue  # not a path the mirror can hold; found on disk below
        target = os.path.join(mirror, relative)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8", errors="surrogateescape") as handle:
            handle.write(text)
    source_dir = os.path.dirname(os.path.normpath(spec.source_path))
    if spec.headers:
        roots += [os.path.join(mirror, source_dir), mirror]
        roots += [os.path.join(mirror, os.path.normpath(d)) for d in spec.include_dirs
                  if not os.path.isabs(d)]
    roots += [os.path.abspath(source_dir or os.curdir), os.path.abspath(os.curdir)]
    roots += [os.path.abspath(d) for d in spec.include_dirs]
    return [f"-I{root}" for root in dict.fromkeys(roots)]


class _CompileFailed(Exception):
    """The harness did not compile: a `compile_error` outcome, not an engine error."""


def _compile(
    compiler: str,
    spec: HarnessSpec,
    checked: bool,
    work: str,
    program: str,
    timeout: float,
    sanitizers: tuple[str, ...],
) -> list[str]:
    """Write the harness (`checked` as `harness_source`; a LiftdiffError where it
    cannot be written) and build `program`; raises _CompileFailed with the
    compiler's words. A header
    found nowhere (an absent generated one) is an empty one, as the front end
    read it (its macros free, its names unknown); names declared nowhere for gcc
    either that the front end took as opaque (its constants and char arrays) are
    declared by the harness on a further try, as the front end took them; then
    objects the text declares `extern` and nobody defines (BusyBox's
    `applet_name`, defined in another file of the build) storage (a char array
    declared without its size, the storage the witness's bytes are laid out in,
    as for a name declared nowhere). Returns what
    it declared (headers by their name in quotes)."""
    path = os.path.join(work, "harness.c")
    absent = os.path.join(work, "absent")
    command = [compiler, *COMPILE_FLAGS, *sanitizers, *include_flags(spec, work),
               f"-I{absent}", *spec.flags, path, "-o", program, "-lm"]
    stubbed = {stub.name for stub in spec.stubs}
    source = harness_source(spec, checked)
    opaque = _opaque_names(spec)
    declared: list[str] = []
    defined: list[str] = []
    while True:
        names = [name for name in declared if name in opaque]
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as handle:  # as read
            handle.write("\n".join([*(opaque[name][0] for name in names), source,
                                    *(opaque[name][1] for name in names),
                                    *(opaque[name][1] if name in opaque
                                      else _extern_definition(name) for name in defined)]))
        try:
            done = subprocess.run(command, capture_output=True, timeout=max(timeout, 60.0),
                                  check=False, cwd=work)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise _CompileFailed(f"{compiler} could not run: {exc}") from exc
        if done.returncode == 0:
            return declared
        text = done.stderr.decode("utf-8", "replace").strip()
        headers = [name for name in dict.fromkeys(_NO_HEADER.findall(text))
                   if _stand_in(absent, name) and f'"{name}"' not in declared]
        if headers:
            declared += [f'"{name}"' for name in headers]
            continue
        undeclared = [name for name in dict.fromkeys(_UNDECLARED.findall(text))
                      if name in opaque and name not in declared]
        if undeclared and not defined:
            declared += undeclared
            continue
        unlinked = _UNDEFINED.findall(text)
        missing = [name for name in dict.fromkeys(unlinked)
                   if name not in stubbed and name not in defined]
        if defined or not missing:
            raise _CompileFailed(
                text[:4000] or f"{compiler} failed with exit code {done.returncode}")
        defined = missing


_UNDEFINED = re.compile(r"undefined reference to `([A-Za-z_]\w*)'")
_UNDECLARED = re.compile(r"[‘'`]([A-Za-z_]\w*)[’'] undeclared")
_NO_HEADER = re.compile(r"fatal error: ([\w./+-]+): No such file or directory")


def _stand_in(root: str, name: str) -> bool:
    """An empty header `name` under `root`; False for a name outside it."""
    relative = os.path.normpath(name)
    if os.path.isabs(relative) or relative.startswith(".."):
        return False
    target = os.path.join(root, relative)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w", encoding="utf-8") as handle:
        handle.write("/* absent: found nowhere, as for liftdiff's front end */\n")
    return True
OPAQUE_ARRAY_BYTES = 1 << 16
"""Bytes of a char array the harness defines for a name declared nowhere."""
MAX_OPAQUE_ARRAY = 1 << 24
"""Largest such array the harness lays a witness's blocks out in."""


def _opaque_names(spec: HarnessSpec) -> dict[str, tuple[str, str]]:
    """Names the front end found declared nowhere -> (text before the user's, text
    after it) that declares them as it took them: a constant at the witness's
    value, an object as `extern char X[];` (the harness's assignments set its
    bytes)."""
    names = {c.name: (f"#define {c.name} ({literal(c.type.wrap(int(c.value)), c.type)})", "")
             for c in spec.constants if isinstance(c.type, IntType)}
    holding = {name for name, _, _ in spec.opaque_blocks}
    for name in spec.opaque_arrays:
        if name in holding:  # sized, so that the sanitizers know its extent
            storage = (f"extern char {name}[{_opaque_size(spec, name)}] __attribute__(("
                       f"alias({string_literal(_opaque_storage_name(name))})));")
        else:
            storage = f"char {name}[{OPAQUE_ARRAY_BYTES}] __attribute__((aligned(16)));"
        names[name] = (f"extern char {name}[];", storage)
    return names


def _extern_definition(name: str) -> str:
    """Storage for an object declared only `extern`: writable bytes of its size under
    its assembler name (a `const` object too: the harness sets it before the call).
    A pointer (not an array: BusyBox's `extern const uint8_t MAC_BCAST_ADDR[6]`
    had its 6 bytes overrun) points to zeroed memory of its own, not NULL: BusyBox's `extern int
    *const bb_errno`, which its main() points at errno and through which glibc's
    headers make `errno` read (`#define errno (*bb_errno)`), is then one int that the
    function, the stubs and the harness all read and write as `errno`."""
    storage = f"__liftdiff_extern_{name}"
    return (f"char {storage}[sizeof ({name})] __asm__({string_literal(name)}) "
            "__attribute__((aligned(16)));\n"
            f"static unsigned char __liftdiff_pointee_{name}[64] __attribute__((aligned(16)));\n"
            f"__attribute__((constructor)) static void __liftdiff_point_{name}(void)\n"
            f"{{ if ({_is_pointer_object(name)}) "
            f"__liftdiff_point({storage}, __liftdiff_pointee_{name}); }}")


def _is_pointer_object(name: str) -> str:
    """C that is 1 for a pointer object and 0 for any other (an array, whose name
    `__builtin_classify_type` calls a pointer too, is its own address; a struct
    is no pointer however large): what the unchosen branch would not compile
    for, `__builtin_choose_expr` leaves out."""
    pointer = f"__builtin_classify_type({name}) == 5"
    return (f"__builtin_choose_expr({pointer} && sizeof ({name}) == sizeof (void *), "
            f"(void *)&({name}) != (void *)__builtin_choose_expr({pointer}, ({name}), "
            "(void *)0), 0)")


def _execute(
    program: str, spec: HarnessSpec, work: str, timeout: float, notes: list[str]
) -> CompiledOutcome:
    path = os.path.join(work, "results")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        done = subprocess.run([program, str(fd)], stdin=subprocess.DEVNULL, capture_output=True,
                              timeout=timeout, pass_fds=(fd,), cwd=work, check=False,
                              env=_run_environment())
    except subprocess.TimeoutExpired as exc:
        stdout = (exc.stdout or b"").decode("latin-1")
        return CompiledOutcome("timeout", {}, None, stdout, f"no exit within {timeout} s")
    finally:
        os.close(fd)
    stdout = done.stdout.decode("latin-1")
    with open(path, encoding="latin-1") as handle:
        results = _parse_results(handle.read(), spec.outputs, spec.constants)
    if results.misses:
        notes.append("stub misses: " + ", ".join(results.misses))
    code = done.returncode
    exit_code: int | None
    kind, exit_code, values = "ok", 0, results.values
    if (code < 0 and -code in TRAP_SIGNALS) or _ASAN_REPORT.encode() in done.stderr:
        kind, exit_code, values = "trap", None, {}
        if code < 0:
            notes.insert(0, f"trapped by {signal.Signals(-code).name}")
        else:
            notes.insert(0, "trapped by AddressSanitizer")
    elif code < 0 and -code == signal.SIGABRT:
        kind, exit_code, values = "exit", ABORT_EXIT_CODE, {}
    elif code < 0:
        kind, exit_code, values = "crash", None, {}
        notes.insert(0, f"killed by {signal.Signals(-code).name}")
    elif not results.finished:
        kind, exit_code, values = "exit", code, {}
    return CompiledOutcome(kind, values, exit_code, stdout, "; ".join(notes), results.calls,
                           results.call_memory, results.constants, results.call_pointers)


@dataclass(frozen=True)
class _Results:
    values: Mapping[str, Number]
    misses: tuple[str, ...]
    calls: tuple[tuple[str, tuple[StubValue, ...]], ...]
    call_memory: tuple[tuple[bytes, ...] | None, ...]
    finished: bool
    constants: Mapping[str, Number]
    call_pointers: tuple[tuple[StubValue, ...] | None, ...]


def _parse_results(
    text: str, outputs: Sequence[OutputLeaf], constants: Sequence[Constant] = ()
) -> _Results:
    values: dict[str, Number] = {}
    reported: dict[str, Number] = {}
    misses: list[str] = []
    calls: list[tuple[str, tuple[StubValue, ...]]] = []
    memory: list[tuple[bytes, ...] | None] = []
    cells: list[tuple[StubValue, ...] | None] = []
    finished = False
    for line in text.splitlines():
        kind, _, rest = line.partition(" ")
        if kind == "v":
            index, _, raw = rest.partition(" ")
            leaf = outputs[int(index)]
            values[leaf.name] = _parse_value(raw, leaf.type)
        elif kind == "k":
            index, _, raw = rest.partition(" ")
            constant = constants[int(index)]
            reported[constant.name] = _parse_value(raw, constant.type)
        elif kind == "c":
            name, *args = rest.split("\t")
            # the call's arguments, then (a counted call) the memory and the cells
            at = next((i for i, a in enumerate(args) if a.startswith("M")), None)
            memory.append(None if at is None else
                          tuple(bytes.fromhex(b) for b in args[at][1:].split(":")))
            cells.append(None if at is None else
                         tuple(_parse_arg(a) for a in args[at + 1:] if a != "W"))
            calls.append((name, tuple(_parse_arg(a) for a in args[:at])))
        elif kind == "m" and rest not in misses:
            misses.append(rest)
        elif kind == "done":
            finished = True
    return _Results(values, tuple(misses), tuple(calls), tuple(memory), finished, reported,
                    tuple(cells))


def _parse_arg(raw: str) -> StubValue:
    """A logged stub argument: i/u decimal (also a pointer to an address no object
    can have), d hex float, s hex bytes, n null, P a pointer into a memory block
    (block:offset), F a function's symbol (hex of its UTF-8 text), p another
    pointer."""
    tag, body = raw[:1], raw[1:]
    if tag == "P":
        block, _, offset = body.partition(":")
        return BlockPointer(int(block), int(offset))
    if tag == "p":
        return BlockPointer(None, 0, known=False)
    if tag in ("i", "u"):
        return int(body)
    if tag == "d":
        return float.fromhex(body)
    if tag == "s":
        return bytes.fromhex(body).decode("latin-1")
    if tag == "F":
        return bytes.fromhex(body).decode()
    return 0  # a null string or another pointer: its address means nothing


def _parse_value(raw: str, ctype: ScalarType) -> Number:
    if isinstance(ctype, FloatType):
        return float.fromhex(raw)
    value = int(raw)
    return value if isinstance(ctype, PointerType) else ctype.wrap(value)
