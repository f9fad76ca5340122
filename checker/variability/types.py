"""What the variability front end hands to the rest of the engine."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from checker.variability import formula as fm
from checker.variability.formula import Formula

FEATURE_PREFIX = "__liftdiff_feature_"
"""Prefix of the lifted configuration variables (the lowering recognises it)."""
T = TypeVar("T")
_PRESENCE_VAR = FEATURE_PREFIX + "_defined_"
"""Variables for `defined(X)` of a two-state feature (`_defined_X` is a name
reserved to the implementation, so no user macro can clash with it)."""
CONFIG_KEY_PREFIX = "config:"
"""Prefix of a feature variable's input key (engine inputs, assignments, witnesses)."""


def config_key(var: str) -> str:
    """The input key of the lifted configuration variable `var`."""
    return CONFIG_KEY_PREFIX + var


@dataclass(frozen=True)
class Feature:
    name: str
    """The macro, e.g. "CONFIG_LFS" or "ENABLE_FEATURE_X"."""
    var: str
    """The lifted variable, e.g. "__liftdiff_feature_CONFIG_LFS"."""
    boolean: bool
    """Domain {0, 1} when True, else any C int."""
    undefined_when_off: bool = False
    """Tested only with defined()/#ifdef: value 0 means "not defined" (no -DX=0)."""
    presence_of: str | None = None
    """Set on the feature `defined(X)` of a macro X tested both with defined()
    and for its value: then "defined" and "non-zero" differ (`-DX=0`), and the
    configuration has two variables, `defined(X)` and `X` (X == 0 when not defined)."""

    @property
    def macro(self) -> str:
        """The macro this feature is about."""
        return self.presence_of or self.name

    def macro_value(self, value: int) -> int | None:
        """The macro definition realising a lifted value (None: leave undefined)."""
        if value == 0 and self.undefined_when_off:
            return None
        return value


def feature_of(name: str, boolean: bool, undefined_when_off: bool = False) -> Feature:
    return Feature(name, FEATURE_PREFIX + name, boolean, undefined_when_off)


def presence_name(macro: str) -> str:
    """The name of the feature `defined(macro)` (as heads print it)."""
    return f"defined({macro})"


def named(names: Iterable[str]) -> dict[str, Feature]:
    """Features from the names a report lists (`defined(X)` among them), to
    read its heads back: integer-valued, so `X == 2` keeps its meaning."""
    out: dict[str, Feature] = {}
    for name in names:
        macro, value = sort_key(name)
        out[name] = feature_of(name, False, True) if value else presence_feature(macro)
    return out


def sort_key(name: str) -> tuple[str, bool]:
    """Features in printing order: by macro, `defined(X)` right before `X`."""
    macro = name[len("defined("):-1] if name.startswith("defined(") else name
    return macro, macro == name


def presence_feature(macro: str) -> Feature:
    return Feature(presence_name(macro), _PRESENCE_VAR + macro, True, True, macro)


def macro_configuration(features: Iterable[Feature],
                        values: Mapping[str, int]) -> dict[str, int | None]:
    """Macro definitions (macro -> value, None for undefined) realising lifted
    values (feature name -> value; absent is 0)."""
    features = tuple(features)
    defined = {f.presence_of: values.get(f.name, 0) != 0 for f in features if f.presence_of}
    out: dict[str, int | None] = {m: 1 if on else None for m, on in defined.items()}
    for f in features:
        if f.presence_of:
            continue
        value = values.get(f.name, 0)
        if f.name in defined:
            out[f.name] = value if defined[f.name] else None
        else:
            out[f.name] = f.macro_value(value)
    return out


def lifted_values(features: Iterable[Feature],
                  configuration: Mapping[str, int | None]) -> dict[str, int]:
    """The inverse: each feature's lifted value under macro definitions."""
    return {f.name: (int(configuration.get(f.macro) is not None) if f.undefined_when_off
                     else configuration.get(f.name) or 0) for f in features}


def presence_domain(features: Iterable[Feature]) -> Formula:
    """`defined(X) || X == 0` for each two-state feature: an undefined macro
    reads as 0."""
    features = tuple(features)
    values = {f.name: f for f in features if not f.presence_of}
    parts = []
    for f in features:
        value = values.get(f.presence_of or "")
        if value is not None:
            parts.append(fm.disj(fm.Var(f.name, True),
                                 fm.binary("==", fm.Var(value.name, value.boolean), fm.FALSE)))
    return fm.conj(*parts)


@dataclass(frozen=True)
class FeatureUses:
    """How one file version's text uses its feature macros: with the other
    version's, it says which macros need two states in the pair."""

    defined_only: frozenset[str] = frozenset()
    """Tested only with defined()/#ifdef (one variable: defined or not)."""
    valued: frozenset[str] = frozenset()
    """Read for their value (in `#if X`, `#if X > 2`, C code)."""


def both_ways(*uses: FeatureUses) -> frozenset[str]:
    """Macros that one version tests only with defined() and some version reads
    the value of: in the pair, "defined as 0" is a configuration of its own."""
    defined_only = frozenset().union(*(u.defined_only for u in uses))
    valued = frozenset().union(*(u.valued for u in uses))
    return defined_only & valued


def alike(old: T, new: T, uses: Callable[[T], FeatureUses],
          again: Callable[[T, frozenset[str]], T],
          elsewhere: FeatureUses = FeatureUses()) -> tuple[T, T]:
    """Both versions of a pair (lifted sources, fronts) lifted alike: a version
    that tests a macro only with defined() that the other, or the text around
    them (`elsewhere`), reads for its value is lifted `again` with that macro
    two-state (rare)."""
    two_state = both_ways(uses(old), uses(new), elsewhere)
    old, new = (again(v, two_state) if two_state & uses(v).defined_only else v
                for v in (old, new))
    return old, new


@dataclass(frozen=True)
class MemberEdit:
    """How the text a compiled replay builds declares a struct's conditional members
    in every configuration, as the lifting declared them (lines of `path` as
    `#line` markers name them): a conditional's directive lines (`#if`, each
    `#elif`/`#else`, `#endif`) go, and directives between them stay under the
    same conditions; or, with `call`, the call of that `IF_X` macro on the one
    line is replaced by its argument."""

    path: str
    lines: tuple[int, ...]
    call: str = ""


@dataclass(frozen=True)
class RecordShape:
    """How a struct declared with every configuration's members is written: the
    declaration around its braces, and each member's tokens with the conditions
    it is under. Two versions lay it out alike in every configuration when the
    first is the same and one's members begin the other's (`prefix_of`)."""

    outside: str
    members: tuple[str, ...]

    def prefix_of(self, other: RecordShape) -> bool:
        return self.outside == other.outside and \
            other.members[:len(self.members)] == self.members


SUPERSET_NOTE = ("members under conditionals declared in every configuration (no code of "
                 "the function's slice, old or new, takes the struct's size or layout, and "
                 "old and new lay out alike the members both declare): ")
"""How the lifting's note on a struct declared with a superset of its members
starts: the driver lists it among the assumptions."""
EXCLUDED_NOTE = "configurations that do not compile, excluded from the comparison: "
"""How the lifting's note on configurations without a product starts (an undefined
macro where only a macro can stand): the driver lists it among the assumptions."""


@dataclass(frozen=True)
class Variant:
    condition: Formula
    """Over features: the structural part of the configuration this text is for."""
    text: str
    """Lifted C text for configurations satisfying `condition`."""
    presence: tuple[tuple[str, Formula], ...] = ()
    """File-scope functions defined only under a condition (within this variant)."""


@dataclass(frozen=True)
class LiftedSource:
    path: str
    features: tuple[Feature, ...]
    feature_model: Formula
    """The settings' model, conjoined with configurations excluded by `#error`."""
    variants: tuple[Variant, ...]
    notes: tuple[str, ...] = ()
    uses: FeatureUses = FeatureUses()
    records: tuple[tuple[str, RecordShape], ...] = ()
    """Structs declared with every configuration's members: (name, how written);
    a pair must declare them alike (`checker.driver.load_pair`)."""
    member_edits: tuple[MemberEdit, ...] = ()
    """How a compiled replay's text declares those members so too."""

    def variant_for(self, configuration: Mapping[str, int | None]) -> Variant:
        """The variant whose condition holds (conditions partition the space)."""
        for variant in self.variants:
            if variant.condition.holds(configuration):
                return variant
        raise LookupError("no variant for this configuration")  # impossible by construction

    def configuration(self, values: Mapping[str, int]) -> dict[str, int | None]:
        """Macro definitions (feature macro -> value or None) for lifted values."""
        return macro_configuration(self.features, values)


@dataclass(frozen=True)
class ProductText:
    """One product of an annotated file: the text with every feature decided."""

    path: str
    text: str
    configuration: Mapping[str, int | None]
    method: str
    """"gcc" when the real preprocessor derived it, "python" for our fallback."""


@dataclass(frozen=True)
class ProductPair:
    """A distinct (old product, new product) and the configurations giving it."""

    old: ProductText
    new: ProductText
    condition: Formula
    configuration: Mapping[str, int] = field(default_factory=dict)
    """One configuration (feature -> lifted value) in `condition`."""
