"""The C driver that runs both versions of a pair on many inputs, one fork per input.

One translation unit per -O level holds, for each configuration k of the pair,
the old version (every file-scope name prefixed `o<k>_`), the new one
(`n<k>_`), and a driver (`run_o<k>`, `run_n<k>`; the mode argument `o<k>` picks
one): one compiler run per level for all configurations. A driver
reads one input per line (`key value` pairs, see inputs.py), sets parameters,
globals and pointee objects, evaluates the NEQ-summary bodies under test,
calls the function in a forked child (static locals start at their
initialisers, a trap is a signal, a hang is a run past its CPU-time limit:
SIGPROF, or SIGALRM as a wall-clock backstop) and prints every output
leaf by its source name: the return value, globals, every cell of every
object, calls of external functions in order; what the function prints goes
to stdout, framed per input.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from fuzzlib import ctyping as ct
from fuzzlib.ctyping import CType, Ptr
from fuzzlib.features import Configuration
from fuzzlib.inputs import Inputs, Signature, Slot, leaves, object_cells
from fuzzlib.syntax import (
    EnumDef,
    FuncDef,
    GlobalDef,
    Program,
    RecordDef,
    TypedefDef,
    walk,
)

BASE_FLAGS = ("-std=gnu11", "-w", "-fwrapv", "-ffp-contract=off")
"""-fwrapv: liftdiff's documented model of signed overflow (docs/semantics.md)."""
SANITIZE = ("-fsanitize=address,undefined,float-cast-overflow",
            "-fno-sanitize=null,shift-base",
            "-fno-sanitize-recover=all", "-DFUZZ_SANITIZED")
"""The build that says what liftdiff's model says (docs/semantics.md): null
dereferences are left to trap as they do; division by zero, shift counts
outside [0, width), float->int overflow, INT_MIN / -1 (all that
signed-integer-overflow checks under -fwrapv) and reads outside a declared array
are reported, and `TRAP_REPORT` turns those reports into traps. Division by zero
is checked, not left to SIGFPE: gcc drops a division whose value nothing uses
(`if (x % x) {}`, even at -O0), so only the check sees the model's trap there. Any other report
(a read past an object the harness made for a pointer parameter, which the
model takes to be unbounded; an overlapping memcpy; ...) is undefined
behaviour outside the model: evidence of nothing."""
SANITIZER_ENV = {
    "ASAN_OPTIONS": "exitcode=77:detect_leaks=0:handle_segv=0:handle_sigbus=0:handle_sigfpe=0",
    "UBSAN_OPTIONS": "halt_on_error=1:exitcode=77:print_stacktrace=0",
}
TRAP_REPORT = re.compile(
    r"runtime error: (shift exponent -?\d+ is (too large|negative)"
    r"|.* is outside the range of representable values of type"
    r"|division of .* by -1 cannot be represented"
    r"|division by zero"
    r"|index -?\d+ out of bounds for type)"
    r"|ERROR: AddressSanitizer: (stack|global)-buffer-(overflow|underflow)")
"""Sanitizer reports of operations the model traps on."""
HARNESS_OBJECT = re.compile(r"global variable '[on]\d*_obj_\w+'")
"""An overflow of the objects behind pointer parameters: the model's objects are unbounded."""
UB_EXIT = 77
HANG_SIGNALS = (14, 27)
"""SIGALRM (the wall-clock backstop) and SIGPROF (the CPU-time limit)."""
CPU_MS = {False: 20, True: 80}
"""CPU time a run may take before it counts as a hang, plain and sanitized: the
generated functions take microseconds; CPU time, not wall-clock time, so that a
loaded machine does not turn a slow run into a hang."""


@dataclass(frozen=True)
class Outcome:
    """One version on one input: "ok", "trap", "hang", "ub" or "exit N", and what it printed."""

    status: str
    values: tuple[tuple[str, str], ...]
    stdout: str
    bodies: tuple[str, ...] = ()

    def observable(self) -> tuple[object, ...]:
        """What is compared between versions: a trap is a trap, whatever else happened."""
        if self.status != "ok":
            return (self.status,)
        return (self.status, self.values, self.stdout)


# --------------------------------------------------------------------- names


def file_scope_names(tree: Program) -> set[str]:
    names: set[str] = set()
    for item in tree.items:
        for n in walk(item):
            if isinstance(n, RecordDef):
                names.add(n.record.tag)
            elif isinstance(n, EnumDef):
                names.add(n.tag)
                names.update(name for name, _ in n.items)
            elif isinstance(n, (TypedefDef, GlobalDef, FuncDef)):
                names.add(n.name)
    return names


def macro_names(text: str) -> set[str]:
    return set(re.findall(r"^\s*#\s*define\s+(\w+)", text, flags=re.M))


def prefixed(text: str, names: set[str], prefix: str) -> str:
    """`text` with every file-scope name (not member names after . or ->) prefixed."""
    if not names:
        return text
    pattern = re.compile(r"(?<![.>\w])(" + "|".join(sorted(names, key=len, reverse=True)) +
                         r")\b")
    return pattern.sub(lambda m: prefix + m.group(1), text)


# ----------------------------------------------------------------------- text

_PRELUDE = r"""
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <ctype.h>
#include <stdint.h>
#include <signal.h>
#include <setjmp.h>
#include <unistd.h>
#include <sys/wait.h>
#include <sys/time.h>
static FILE *OUT;
static int n_keys;
static char *keys[8192], *vals[8192];
static const char *get(const char *k)
{
    for (int i = 0; i < n_keys; i++) if (!strcmp(keys[i], k)) return vals[i];
    return 0;
}
static long long rd_i(const char *v) { return strtoll(v, 0, 0); }
static unsigned long long rd_u(const char *v) { return strtoull(v, 0, 0); }
static double rd_f(const char *v) { return strtod(v, 0); }
static void put_i(const char *k, long long v) { fprintf(OUT, "%s=%lld\n", k, v); }
static void put_u(const char *k, unsigned long long v) { fprintf(OUT, "%s=%llu\n", k, v); }
static void put_f(const char *k, double v)
{
    if (v != v) fprintf(OUT, "%s=nan\n", k); else fprintf(OUT, "%s=%a\n", k, v);
}
#define KIND(L) _Generic((L), float: 2, double: 2, _Bool: 1, unsigned char: 1, \
    unsigned short: 1, unsigned int: 1, unsigned long: 1, unsigned long long: 1, default: 0)
#define SETV(K, L) do { const char *v_ = get(K); if (v_) { \
    if (KIND(L) == 2) (L) = rd_f(v_); else if (KIND(L) == 1) (L) = rd_u(v_); \
    else (L) = rd_i(v_); } } while (0)
#define PUTV(K, L) _Generic((L), float: put_f, double: put_f, _Bool: put_u, \
    unsigned char: put_u, unsigned short: put_u, unsigned int: put_u, unsigned long: put_u, \
    unsigned long long: put_u, default: put_i)(K, L)
static char KEY[256];
#define AT(FMT, I) (snprintf(KEY, sizeof KEY, FMT, I), KEY)
static sigjmp_buf guard_jb;
static void guard_trap(int sig) { (void)sig; siglongjmp(guard_jb, 1); }
static void guard(int on)
{
    signal(SIGSEGV, on ? guard_trap : SIG_DFL);
    signal(SIGBUS, on ? guard_trap : SIG_DFL);
    signal(SIGFPE, on ? guard_trap : SIG_DFL);
}
static int pointer_input(const char *name, const char **owner, long *offset)
{
    const char *v = get(name);
    static char buf[64];
    if (v && !strcmp(v, "NULL")) return 0;
    if (!v) { *owner = name; *offset = 0; return 1; }
    const char *plus = strchr(v, '+');
    size_t n = plus ? (size_t)(plus - v) : strlen(v);
    if (n >= sizeof buf) n = sizeof buf - 1;
    memcpy(buf, v, n); buf[n] = 0;
    *owner = buf; *offset = plus ? atol(plus + 1) : 0;
    return 1;
}
static unsigned long long mix(unsigned long long x)
{
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; return x;
}
"""

_MAIN = r"""
static void parse(char *line)
{
    n_keys = 0;
    for (char *tok = strtok(line, " \n"); tok && n_keys < 8192; tok = strtok(0, " \n")) {
        char *sep = strchr(tok, '=');
        if (!sep) continue;
        *sep = 0;
        keys[n_keys] = tok; vals[n_keys] = sep + 1; n_keys++;
    }
}
int main(int argc, char **argv)
{
    static char line[1 << 20];
    const char *mode = argc > 1 ? argv[1] : "o0";
    int which = 2 * atoi(mode + 1) + (mode[0] == 'n');
    if (which < 0 || which >= (int)(sizeof RUNS / sizeof RUNS[0])) return 2;
    OUT = fopen(argc > 2 ? argv[2] : "/dev/stdout", "w");
    int limit = argc > 3 ? atoi(argv[3]) : 2;
    int cpu_ms = argc > 4 ? atoi(argv[4]) : 250;
    for (int idx = 0; fgets(line, sizeof line, stdin); idx++) {
        parse(line);
        printf("\002%d\n", idx);
        fprintf(stderr, "\002%d\n", idx);
        fflush(stdout); fflush(OUT);
        pid_t pid = fork();
        if (pid == 0) {
            struct itimerval cpu = {{0, 0}, {cpu_ms / 1000, (cpu_ms % 1000) * 1000}};
            setitimer(ITIMER_PROF, &cpu, NULL);
            alarm(limit);
            RUNS[which]();
            fprintf(OUT, "@done\n");
            fflush(stdout); fflush(OUT);
            _exit(0);
        }
        int st = 0;
        waitpid(pid, &st, 0);
        if (WIFEXITED(st)) fprintf(OUT, "@%d exit %d\n", idx, WEXITSTATUS(st));
        else fprintf(OUT, "@%d signal %d\n", idx, WTERMSIG(st));
        fflush(OUT);
    }
    return 0;
}
"""


def _decl(t: CType, name: str, names: set[str], prefix: str) -> str:
    return prefixed(t.declare(name), names, prefix)


def _set_leaves(t: CType, lvalue: str, key: str, bits: int | None = None) -> list[str]:
    """Statements setting every input leaf of `lvalue` (key `key`) from the input map."""
    return [f"SETV({_c_string(k)}, {lv});" for k, lv in _pairs(t, key, lvalue, True, bits)]


def _put_leaves(t: CType, lvalue: str, key: str, bits: int | None = None) -> list[str]:
    return [f"PUTV({_c_string(k)}, {lv});" for k, lv in _pairs(t, key, lvalue, False, bits)]


def _pairs(t: CType, key: str, lvalue: str, for_input: bool, bits: int | None
           ) -> list[tuple[str, str]]:
    return [(k, lvalue + k[len(key):]) for k, _, _ in leaves(t, key, for_input, bits)]


def _c_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _object_loop(target: CType, obj: str, owner: str, n: int, put: bool) -> list[str]:
    """Set or print every cell of object `obj` (n elements of `target`)."""
    lines = []
    for k, lv in _pairs(target, "", "", not put, None):
        fmt = f"${owner}[%d]{k}"
        call = "PUTV" if put else "SETV"
        lines.append(f"for (int i_ = 0; i_ < {n}; i_++) {call}(AT({_c_string(fmt)}, i_), "
                     f"{obj}[i_]{lv});")
    return lines


def _driver(sig: Signature, names: set[str], prefix: str, bodies: Sequence[str],
            globals_: Sequence[Slot]) -> str:
    lines: list[str] = []
    objects: list[tuple[Slot, str]] = []
    for p in sig.pointers:
        assert isinstance(p.type, Ptr)
        obj = f"{prefix}obj_{p.name}"
        objects.append((p, obj))
        lines.append(f"static {_decl(p.type.target, f'{obj}[{object_cells(p)}]', names, prefix)};")
    lines.append(f"static void run_{prefix[:-1]}(void)")
    lines.append("{")
    for p in sig.params:
        lines.append(f"    {_decl(p.type, p.name, names, prefix)};")
        lines.append(f"    memset(&{p.name}, 0, sizeof {p.name});")
        if not isinstance(p.type, Ptr):
            lines += ["    " + s for s in _set_leaves(p.type, p.name, p.name)]
    for p, obj in objects:
        assert isinstance(p.type, Ptr)
        lines += ["    " + s for s in _object_loop(p.type.target, obj, p.name,
                                                  object_cells(p), put=False)]
    for p, _ in objects:
        lines.append("    { const char *owner; long offset;")
        lines.append(f"      if (!pointer_input({_c_string(p.name)}, &owner, &offset)) "
                     f"{p.name} = 0;")
        for q, qobj in objects:
            if sig.compatible(p, q):
                cast = f"({_decl(p.type, '', names, prefix)})"
                lines.append(f"      else if (!strcmp(owner, {_c_string(q.name)})) "
                             f"{p.name} = {cast}({qobj} + offset);")
        lines.append(f"      else {p.name} = 0; }}")
    for g in globals_:
        lines += ["    " + s for s in _set_leaves(g.type, prefix + g.name, g.name)]
    if bodies:  # not under the sanitizers: a body may read past what the function reads
        lines.append("#ifndef FUZZ_SANITIZED")
        lines += [f"#define {g.name} {prefix}{g.name}" for g in globals_]
        for k, body in enumerate(bodies):
            lines.append("    guard(1);")
            lines.append(f"    if (sigsetjmp(guard_jb, 1) == 0) {{ int b_ = ({body}); guard(0); "
                         f"fprintf(OUT, \"body{k}=%d\\n\", !!b_); }}")
            lines.append(f"    else {{ guard(0); fprintf(OUT, \"body{k}=fault\\n\"); }}")
        lines += [f"#undef {g.name}" for g in globals_]
        lines.append("#endif")
    args = ", ".join(p.name for p in sig.params)
    lines.append("    calls_ = 0;  /* the bodies' calls are not the function's */")
    call = f"{prefix}f({args})"
    if isinstance(sig.ret, ct.Void):
        lines.append(f"    {call};")
    else:
        lines.append(f"    {_decl(sig.ret, 'ret_', names, prefix)} = {call};")
        lines += ["    " + s for s in _put_leaves(sig.ret, "ret_", "return")]
    for g in globals_:
        lines += ["    " + s for s in _put_leaves(g.type, prefix + g.name, g.name)]
    for p, obj in objects:
        assert isinstance(p.type, Ptr)
        lines += ["    " + s for s in _object_loop(p.type.target, obj, p.name,
                                                  object_cells(p), put=True)]
    lines.append("}")
    return "\n".join(lines)


def _externs(sig: Signature) -> str:
    """Stubs of the functions without code: the result a witness gives for this call
    (`uf:f(n,args)`, n its position among such calls, as liftdiff counts them; or
    `uf:f(args)`), else one fixed by the arguments."""
    out = ["static long long calls_;  /* calls of functions without code so far */"]
    for proto in sig.externs:
        params = ", ".join(p.type.declare(p.name) for p in proto.params)
        fmt = ",".join("%lld" for _ in proto.params)
        values = "".join(f", (long long){p.name}" for p in proto.params)
        mixed = " ^ ".join(f"mix((unsigned long long){p.name} + {i})"
                           for i, p in enumerate(proto.params)) or "0"
        counted = ",".join(["%lld", *("%lld" for _ in proto.params)])
        out.append(f"{proto.ret.declare(proto.name)}({params})\n{{\n"
                   f"    char k_[160];\n"
                   f"    snprintf(k_, sizeof k_, \"uf:{proto.name}({counted})\", calls_++"
                   f"{values});\n"
                   f"    const char *r_ = get(k_);\n"
                   f"    if (!r_) snprintf(k_, sizeof k_, \"uf:{proto.name}({fmt})\"{values});\n"
                   f"    if (!r_) r_ = get(k_);\n"
                   f"    long long v_ = r_ ? strtoll(r_, 0, 0) : (long long)({mixed}) % 1000;\n"
                   f"    fprintf(OUT, \"call={proto.name}({fmt})\\n\"{values});\n"
                   f"    return v_;\n}}")
    return "\n".join(out)


def _config_block(config: Configuration, macros: set[str]) -> str:
    lines = [f"#undef {m}" for m in sorted(macros)]
    for name, value in config:
        lines.append(f"#undef {name}")
        if value is not None:
            lines.append(f"#define {name} {value}")
    return "\n".join(lines)


def _strip_includes(text: str) -> str:
    return re.sub(r"^#include <[^>]*>\n", "", text, flags=re.M)


def harness_source(tree: Program, old: str, new: str, sigs: tuple[Signature, Signature],
                   configs: Sequence[Configuration], bodies: Sequence[str]) -> str:
    """Both versions in each of `configs` (mode `o<k>` / `n<k>`: configs[k])."""
    names = file_scope_names(tree)
    parts = [_PRELUDE, _externs(sigs[0])]
    runs = []
    for n, config in enumerate(configs):
        macros = (macro_names(old) | macro_names(new)) - {name for name, _ in config}
        for side, text, sig in (("o", old, sigs[0]), ("n", new, sigs[1])):
            prefix = f"{side}{n}_"
            parts += [_config_block(config, macros), prefixed(_strip_includes(text), names, prefix)]
            parts.append(_config_block(config, macros))
            parts.append(_driver(sig, names, prefix, bodies if side == "o" else (), sig.globals))
            runs.append(f"run_{side}{n}")
    parts.append(f"static void (*const RUNS[])(void) = {{{', '.join(runs)}}};")
    parts.append(_MAIN)
    return "\n".join(parts) + "\n"


SPLIT = "__fuzz_split__"


def pair_texts(old: str, new: str, configs: Sequence[Configuration]) -> str:
    """The pair as each configuration selects it, for one `cc -E` run (see `split`)."""
    parts = []
    for n, config in enumerate(configs):
        macros = (macro_names(old) | macro_names(new)) - {name for name, _ in config}
        for text in (old, new):
            parts += [_config_block(config, macros), _strip_includes(text)]
        parts.append(f"{SPLIT} {n};")
    return "\n".join(parts) + "\n"


def split(preprocessed: str, count: int) -> list[str] | None:
    """`pair_texts` preprocessed, cut back into one text per configuration (blank
    lines dropped: `-P` keeps or folds them by what surrounds a chunk)."""
    chunks = re.split(rf"^\s*{SPLIT} (\d+);\s*$", preprocessed, flags=re.M)
    texts, marks = chunks[0:-1:2], chunks[1::2]
    if marks != [str(n) for n in range(count)]:
        return None
    return ["\n".join(line for line in text.splitlines() if line.strip()) for text in texts]


# --------------------------------------------------------------- compile, run


@dataclass(frozen=True)
class Build:
    binary: Path | None
    error: str = ""


def compile_harness(source: str, directory: Path, name: str, flags: Sequence[str],
                    compiler: str = "gcc") -> Build:
    src = directory / f"{name}.c"
    binary = directory / name
    src.write_text(source)
    proc = subprocess.run([compiler, *flags, str(src), "-o", str(binary), "-lm"],
                          capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        return Build(None, proc.stderr[-4000:])
    return Build(binary)


def encode(inputs: Inputs) -> str:
    return " ".join(f"{k}={v}" for k, v in inputs.items()) + "\n"


def run_harness(build: Build, mode: str, inputs: Sequence[Inputs], directory: Path,
                sanitized: bool = False, timeout: float = 300.0) -> list[Outcome]:
    """Run one version (`o`/`n`) on every input; one Outcome per input."""
    assert build.binary is not None
    out_path = directory / f"{build.binary.name}.{mode}.out"
    env = dict(os.environ, **SANITIZER_ENV) if sanitized else None
    proc = subprocess.run([str(build.binary), mode, str(out_path), "5" if sanitized else "2",
                           str(CPU_MS[sanitized])],
                          input="".join(encode(i) for i in inputs).encode(),
                          capture_output=True, timeout=timeout, env=env)
    printed = _split_frames(proc.stdout.decode("latin-1"))
    reports = _split_frames(proc.stderr.decode("latin-1"))
    outcomes = _parse(out_path.read_text(encoding="latin-1"), printed, reports)
    out_path.unlink()
    if len(outcomes) != len(inputs):
        raise RuntimeError(f"harness answered {len(outcomes)} of {len(inputs)} inputs")
    return outcomes


def _split_frames(text: str) -> dict[int, str]:
    found: dict[int, str] = {}
    for chunk in text.split("\x02")[1:]:
        head, _, rest = chunk.partition("\n")
        if head.isdigit():
            found[int(head)] = rest
    return found


def _sanitized_status(report: str) -> str:
    """A sanitizer's report: "trap" where the model traps, else "ub"."""
    if TRAP_REPORT.search(report) and not HARNESS_OBJECT.search(report):
        return "trap"
    return "ub"


def _parse(text: str, printed: dict[int, str], reports: dict[int, str]) -> list[Outcome]:
    outcomes: list[Outcome] = []
    values: list[tuple[str, str]] = []
    bodies: list[str] = []
    done = False
    for line in text.splitlines():
        if line == "@done":
            done = True
            continue
        m = re.fullmatch(r"@(\d+) (exit|signal) (\d+)", line)
        if m:
            idx, how, code = int(m.group(1)), m.group(2), int(m.group(3))
            if how == "signal":
                status = "hang" if code in HANG_SIGNALS else "trap"
            elif code == UB_EXIT:
                status = _sanitized_status(reports.get(idx, ""))
            elif done and code == 0:
                status = "ok"
            else:
                status = f"exit {code}"
            outcomes.append(Outcome(status, tuple(values), printed.get(idx, ""), tuple(bodies)))
            values, bodies, done = [], [], False
            continue
        key, _, value = line.partition("=")
        if key.startswith("body") and key[4:].isdigit():
            bodies.append(value)
        else:
            values.append((key, value))
    return outcomes

