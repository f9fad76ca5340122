"""The variability front end: `#if`-annotated C -> plain C over feature variables.

`lift` turns one file version into its metaproduct (CLEVER-V §4.1, variability
encoding): feature conditionals become `if`s over `__liftdiff_feature_<MACRO>`
globals, split into variants only where file-scope declarations differ.
`derive_product` computes one configuration's product with the real
preprocessor (the oracle), and `enumerate_products` the distinct product pairs
of an old/new pair (the brute-force baseline).
"""

from checker.variability.enumerate import (
    all_configurations,
    enumerate_products,
    merge_features,
)
from checker.variability.formula import Formula
from checker.variability.lift import lift, pair_variants
from checker.variability.products import compiler_flags, derive_product
from checker.variability.smt import to_z3
from checker.variability.types import (
    CONFIG_KEY_PREFIX,
    FEATURE_PREFIX,
    Feature,
    LiftedSource,
    ProductPair,
    ProductText,
    Variant,
    config_key,
)

__all__ = [
    "CONFIG_KEY_PREFIX",
    "FEATURE_PREFIX",
    "Feature",
    "Formula",
    "LiftedSource",
    "ProductPair",
    "ProductText",
    "Variant",
    "all_configurations",
    "compiler_flags",
    "config_key",
    "derive_product",
    "enumerate_products",
    "lift",
    "merge_features",
    "pair_variants",
    "to_z3",
]
