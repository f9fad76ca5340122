"""Plain values that cross stage boundaries: verdicts, settings, witnesses, results.

Nothing here holds a z3 object, an argparse namespace or a pycparser node; every
later stage (hooks, bot, reports, caches) depends only on these.
"""

from __future__ import annotations

import dataclasses
import enum
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from checker.errors import ConfigError, InputError
from checker.location import Location

SCHEMA = "liftdiff.report/1"
TOOL_NAME = "liftdiff"
TOOL_VERSION = "0.1.0"

# A witness value as it appears in reports: integers as ints, floating values as
# C hex-float strings, arrays as lists (or {index: value} when sparse/negative),
# structs as objects.
Value = int | str | list["Value"] | dict[str, "Value"]


PARTIAL_EQUIVALENCE = (
    "partial equivalence: proved for all inputs on which both versions terminate "
    "(a version that runs forever is reported only where a recurrence set proves it)"
)
"""The assumption a proof over loops or recursion rests on (see `FunctionResult.partial`)."""


ProgressFn = Callable[[str, int, int], None]
"""Called as each function's check starts: its name, how many are done, how many in all."""


class Verdict(enum.Enum):
    """Outcome for one function pair, ordered so that `join` is `max`.

    NOT_EQUIVALENT ranks highest because one proven difference decides a
    multi-function check (exit code 1) whatever else happened; EQUIVALENT ranks
    lowest so that it survives a join only when everything was proved.
    """

    EQUIVALENT = "EQUIVALENT"
    UNKNOWN = "UNKNOWN"
    UNSUPPORTED = "UNSUPPORTED"
    ERROR = "ERROR"
    NOT_EQUIVALENT = "NOT_EQUIVALENT"

    @property
    def rank(self) -> int:
        return _VERDICT_ORDER.index(self)

    def __lt__(self, other: Verdict) -> bool:
        return self.rank < other.rank

    def __le__(self, other: Verdict) -> bool:
        return self.rank <= other.rank

    @property
    def exit_code(self) -> int:
        """diff(1)-style: 0 equivalent, 1 different, 2 inconclusive or trouble."""
        if self is Verdict.EQUIVALENT:
            return 0
        if self is Verdict.NOT_EQUIVALENT:
            return 1
        return 2


_VERDICT_ORDER = (
    Verdict.EQUIVALENT,
    Verdict.UNKNOWN,
    Verdict.UNSUPPORTED,
    Verdict.ERROR,
    Verdict.NOT_EQUIVALENT,
)


def join_verdicts(verdicts: Iterable[Verdict]) -> Verdict:
    """Combine verdicts; an empty collection is EQUIVALENT (nothing changed)."""
    return max(verdicts, default=Verdict.EQUIVALENT)


class ReportFormat(enum.Enum):
    TERMINAL = "terminal"
    JSON = "json"
    MARKDOWN = "markdown"
    SARIF = "sarif"


class ReplayMethod(enum.Enum):
    INTERPRETER = "interpreter"
    COMPILER = "compiler"


@dataclass(frozen=True)
class LeftOutUses:
    """What code left out of a text (the rest of the file, when the text is a
    function's slice) may do to the file-scope objects the text declares: write
    them, let their address out, or read them, by name (see `frontend.left_out`).
    Empty for a whole file."""

    written: frozenset[str] = frozenset()
    escaped: frozenset[str] = frozenset()
    """Names whose address may leave the code (`&x`, a macro or asm operand)."""
    reads: frozenset[tuple[str, int]] = frozenset()
    """Names read with that many subscripts and no member access (`t`: 0, `t[i]`: 1):
    a read that leaves an array unsubscripted lets it decay to a pointer."""


@dataclass(frozen=True)
class SourceFile:
    """One version of a C file, with the headers it may include (path -> text).

    Git-side callers fill `headers` from the same revision; `include_dirs` in
    Settings is searched on disk as well.
    """

    path: str
    text: str
    headers: Mapping[str, str] = field(default_factory=dict)
    left_out: LeftOutUses = LeftOutUses()
    """What the parts of the file this text leaves out do to its objects."""
    sized_records: frozenset[str] | None = None
    """A slice's: what the declarations declare whose size or layout the function
    (old or new) can see; the others' conditional members are declared in every
    configuration (`variability.cparse`). None (not a slice): every conditional
    member splits the file."""

    @classmethod
    def read(cls, path: str) -> SourceFile:
        try:
            with open(path, encoding="utf-8") as handle:
                return cls(path=path, text=handle.read())
        except FileNotFoundError:
            raise InputError(f"no such file: {path}") from None
        except IsADirectoryError:
            raise InputError(f"is a directory, not a C file: {path}") from None
        except UnicodeDecodeError as exc:
            raise InputError(
                f"{path} is not UTF-8 text ({exc.reason} at byte {exc.start})"
            ) from None
        except OSError as exc:
            raise InputError(f"cannot read {path}: {exc.strerror}") from None


@dataclass(frozen=True)
class Settings:
    """Every knob of the engine with its default; callers overlay partial options.

    Names here are the names used in `.liftdiff.toml` and (with dashes) on the
    command line, so a setting is spelled the same everywhere.
    """

    timeout: float = 60.0
    """Wall-clock seconds for one function pair, all solver calls included."""
    solver_timeout: float = 30.0
    """Seconds for a single solver call (capped by what is left of `timeout`)."""
    memory_mb: int = 4096
    """Memory cap for z3 (max_memory), in MiB."""
    unwind: int = 16
    """Bound for loop unrolling in the bounded search (k = 1, 2, 4, ... up to this)."""
    inline_depth: int = 16
    """Maximum nesting of inlined calls (recursion is reported, not unrolled)."""
    refinements: int = 24
    """Lazy-concretization rounds for library calls before giving up."""
    random_tests: int = 200
    """Random inputs tried by the interpreter before the solver is asked."""
    seed: int = 1
    use_compiler: bool = True
    """Replay witnesses with gcc as well as with the interpreter, when gcc exists."""
    compiler: str = "gcc"
    globals_mode: str = "auto"
    """'symbolic': globals start as inputs; 'initial': at their initialisers;
    'auto': initial for `main`, symbolic otherwise."""
    assume_no_alias: bool = False
    """Pointer inputs (parameters, pointer globals) point to objects that overlap
    neither each other nor any global; off, every layout is considered (aliasing),
    and a `restrict` parameter alone is kept apart."""
    noreturn_functions: tuple[str, ...] = (
        "bb_show_usage", "xfunc_die", "bb_error_msg_and_die", "bb_perror_msg_and_die",
        "bb_simple_error_msg_and_die", "bb_simple_perror_msg_and_die", "bb_herror_msg_and_die",
        "bb_simple_herror_msg_and_die", "bb_perror_nomsg_and_die", "longjmp", "siglongjmp",
        "err", "errx", "verr", "verrx", "pthread_exit",
    )
    """Functions without code that never return (besides exit/abort and functions
    declared `_Noreturn` or `__attribute__((noreturn))`): a call is an event that
    ends the function with an exit status."""
    pure_functions: tuple[str, ...] = ()
    """External functions known to have no side effects (calls are not events)."""
    defines: tuple[tuple[str, str], ...] = ()
    """Fixed macro definitions (name, value) applied to both versions."""
    numeric_defaults: tuple[tuple[str, str], ...] = ()
    """Values for numeric features (name, value) where C needs a constant, such as
    an array's length (`FeatureNotConstant`): the project's Kconfig defaults. Only
    a function that needs one is checked with it fixed, and its verdict says so."""
    include_dirs: tuple[str, ...] = ()
    disk_headers: bool = True
    """Look for headers the analysed text does not carry on disk too (include_dirs, the
    working directory, absolute names). Off where the C text is untrusted (the App)."""
    features: tuple[str, ...] = ()
    """Feature macros given explicitly (in addition to `feature_patterns`)."""
    feature_patterns: tuple[str, ...] = ()
    """fnmatch patterns for macros that are features, e.g. 'CONFIG_*'."""
    feature_model: str = "1"
    """C boolean expression over features restricting the valid configurations."""
    conditional_macros: tuple[str, ...] = ("IF_*", "IF_NOT_*")
    """Macros like BusyBox's IF_FEATURE_X(...) that keep or drop their argument."""
    generalize: bool = True
    """GeneralizeFCEXs (Alg. 2) on; off gives the paper's 'unoptimized' EQ."""
    brute_force: bool = False
    """Check every valid product separately with the real preprocessor."""

    def overlay(self, overrides: Mapping[str, Any]) -> Settings:
        """Return a copy with the given fields replaced; unknown names are an error."""
        known = {f.name: f for f in dataclasses.fields(self)}
        clean: dict[str, Any] = {}
        for name, value in overrides.items():
            key = name.replace("-", "_")
            if key not in known:
                raise ConfigError(f"unknown setting '{name}'")
            default = getattr(self, key)
            if isinstance(default, tuple):
                value = _as_tuple(name, value)
            elif isinstance(default, bool):
                if not isinstance(value, bool):
                    raise ConfigError(f"setting '{name}' must be true or false, got {value!r}")
            elif isinstance(default, (int, float)):
                if isinstance(value, bool) or not isinstance(value, (int, float)):
                    raise ConfigError(f"setting '{name}' must be a number, got {value!r}")
                if not math.isfinite(value):
                    raise ConfigError(f"setting '{name}' must be a finite number, got {value!r}")
                if value < 0:
                    raise ConfigError(f"setting '{name}' must not be negative, got {value!r}")
                value = type(default)(value)
            elif isinstance(default, str) and not isinstance(value, str):
                raise ConfigError(f"setting '{name}' must be a string, got {value!r}")
            clean[key] = value
        if clean.get("globals_mode", self.globals_mode) not in ("auto", "symbolic", "initial"):
            raise ConfigError("setting 'globals_mode' must be one of auto, symbolic, initial")
        return dataclasses.replace(self, **clean)


def _as_tuple(name: str, value: Any) -> tuple[Any, ...]:
    """A list setting: strings, or (name, value) pairs given as a table."""
    if isinstance(value, Mapping):
        return tuple((str(k), str(v)) for k, v in value.items())
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, (list, tuple)):
        raise ConfigError(f"setting '{name}' must be a list of strings, got {value!r}")
    items: list[tuple[str, str] | str] = []
    for item in value:
        if isinstance(item, (list, tuple)) and len(item) == 2:
            items.append((str(item[0]), str(item[1])))
        elif isinstance(item, str):
            items.append(item)
        else:
            raise ConfigError(f"setting '{name}' must be a list of strings, got {item!r}")
    return tuple(items)


@dataclass(frozen=True)
class Witness:
    """A concrete configuration + inputs on which old and new differ, as replayed."""

    configuration: Mapping[str, int]
    inputs: Mapping[str, Value]
    old_output: Mapping[str, Value]
    new_output: Mapping[str, Value]
    replayed_by: tuple[ReplayMethod, ...]
    stubs: Mapping[str, Value] = field(default_factory=dict)
    """Values assumed for external functions without code: "uf:name" -> [[args], result]."""
    memory: tuple[Mapping[str, Value], ...] = ()
    """The objects behind pointer inputs: {"object", "size", "bytes" (hex), "pointers"
    (offset -> {"object", "offset"})}; pointer inputs name them."""

    def __post_init__(self) -> None:
        if ReplayMethod.INTERPRETER not in self.replayed_by:
            raise ValueError("a witness is replayed by the interpreter at least")


@dataclass(frozen=True)
class NeqEntry:
    """One featured counterexample: configurations (head) x inputs (body)."""

    configurations: str
    inputs: str
    witness: Witness


@dataclass(frozen=True)
class Stats:
    seconds: float = 0.0
    solver_calls: int = 0


@dataclass(frozen=True)
class FunctionResult:
    function: str
    old: Location | None
    new: Location | None
    verdict: Verdict
    reason: str | None = None
    bound: int | None = None
    features: tuple[str, ...] = ()
    feature_model: str = "1"
    neq_summary: tuple[NeqEntry, ...] = ()
    stats: Stats = field(default_factory=Stats)
    assumptions: tuple[str, ...] = ()
    """Modelling assumptions this verdict rests on (stubbed calls, no aliasing, ...)."""
    renamed_from: str | None = None
    """The function's name in the old version when it was renamed (`function` is the new)."""

    def __post_init__(self) -> None:
        """The states no engine may report: a difference without a NEQ-summary (or
        a summary on another verdict), an undecided verdict without a reason, a
        bound on anything but UNKNOWN."""
        if not isinstance(self.verdict, Verdict):
            raise TypeError(f"verdict must be a Verdict, not {self.verdict!r}")
        if (self.verdict is Verdict.NOT_EQUIVALENT) != bool(self.neq_summary):
            raise ValueError(
                "NOT_EQUIVALENT needs a NEQ-summary with a witness, and only it has one"
                f" ({self.function}: {self.verdict.value}, {len(self.neq_summary)} entries)"
            )
        undecided = (Verdict.UNKNOWN, Verdict.UNSUPPORTED, Verdict.ERROR)
        if self.verdict in undecided and not (self.reason and self.reason.strip()):
            raise ValueError(f"{self.verdict.value} needs a reason ({self.function})")
        if self.bound is not None and self.verdict is not Verdict.UNKNOWN:
            raise ValueError(f"only UNKNOWN has a bound ({self.function})")

    @property
    def partial(self) -> bool:
        """Proved only for inputs on which both versions terminate (`PARTIAL_EQUIVALENCE`)."""
        return PARTIAL_EQUIVALENCE in self.assumptions


@dataclass(frozen=True)
class Provenance:
    """Where a report's paths live, for reports that link into a repository (SARIF)."""

    root: str
    """Absolute directory that the report's relative paths are relative to."""
    repository_uri: str | None = None
    """The repository's remote, without credentials (None: no remote)."""
    revision: str | None = None
    """The commit the paths and lines refer to (None: uncommitted text)."""
    branch: str | None = None


@dataclass(frozen=True)
class Unchecked:
    """A change that is listed, never left out, but has no verdict: a function
    added or removed, or one whose signature changed (its callers see other types)."""

    function: str
    kind: str
    """`added`, `removed` or `signature`."""
    location: Location
    detail: str = ""
    """For a signature change: `old signature -> new signature`."""

    def line(self) -> str:
        if self.kind == "signature":
            return (f"signature of {self.function} changed ({self.location}): "
                    f"{self.detail}; not checked")
        return f"{self.kind} {self.function} ({self.location}), not checked"


@dataclass(frozen=True)
class Report:
    results: tuple[FunctionResult, ...]
    unchecked: tuple[Unchecked, ...] = ()
    """Changes listed without a verdict; they do not change the exit code."""

    @property
    def verdict(self) -> Verdict:
        return join_verdicts(r.verdict for r in self.results)

    @property
    def exit_code(self) -> int:
        return self.verdict.exit_code
