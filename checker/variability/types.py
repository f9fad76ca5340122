"""What the variability front end hands to the rest of the engine."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from checker.variability.formula import Formula

FEATURE_PREFIX = "__liftdiff_feature_"
"""Prefix of the lifted configuration variables (the lowering recognises it)."""
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
    """Tested with defined()/#ifdef: value 0 means "not defined" (no -DX=0)."""

    def macro_value(self, value: int) -> int | None:
        """The macro definition realising a lifted value (None: leave undefined)."""
        if value == 0 and self.undefined_when_off:
            return None
        return value


def feature_of(name: str, boolean: bool, undefined_when_off: bool = False) -> Feature:
    return Feature(name, FEATURE_PREFIX + name, boolean, undefined_when_off)


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

    def variant_for(self, configuration: Mapping[str, int | None]) -> Variant:
        """The variant whose condition holds (conditions partition the space)."""
        for variant in self.variants:
            if variant.condition.holds(configuration):
                return variant
        raise LookupError("no variant for this configuration")  # impossible by construction

    def configuration(self, values: Mapping[str, int]) -> dict[str, int | None]:
        """Macro definitions (feature macro -> value or None) for lifted values."""
        return {f.name: f.macro_value(values.get(f.name, 0)) for f in self.features}


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
