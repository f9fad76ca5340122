"""Distinct products of an old/new pair: the brute-force baseline and oracle.

Two configurations give the same product when they take the same branch of
every conditional and give the same value to every feature the code reads, so
we enumerate the satisfiable vectors of those facts (AllSAT under the feature
model, blocking each vector found) instead of all 2^n configurations. Each
vector's products are derived with our fast evaluation to group equal pairs;
each group's texts are then derived once more with the real preprocessor (gcc)
when available. Integer-valued features read by the code have infinitely many
values: only representative values (the constants they are compared with, one
either side, and 0, 1) are enumerated.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace

from checker.types import Settings
from checker.variability import formula as fm
from checker.variability.formula import Formula
from checker.variability.lift import Front, parse_model
from checker.variability.products import derive_product, product_key, python_product
from checker.variability.smt import models
from checker.variability.types import (
    Feature,
    FeatureUses,
    ProductPair,
    ProductText,
    alike,
    macro_configuration,
    presence_domain,
)


def enumerate_products(old_text: str, new_text: str, path_old: str, path_new: str,
                       settings: Settings, method: str = "auto",
                       valued: frozenset[str] = frozenset()) -> Iterator[ProductPair]:
    """Each distinct (old product, new product) once, with the configurations
    giving it (a presence condition) and one representative configuration;
    `valued`: macros read for their value beyond these texts (two-state)."""
    old, new = alike(Front(old_text, path_old, settings), Front(new_text, path_new, settings),
                     lambda front: front.table.uses,
                     lambda front, two_state: Front(front.text, front.path, settings, two_state),
                     FeatureUses(valued=valued))
    features = merge_features((*old.used_features(), *new.used_features()))
    model = fm.conj(parse_model(old.model_tokens, features, settings),
                    *(_retyped(c, features) for c in (*old.base.constraints,
                                                      *new.base.constraints)),
                    presence_domain(features.values()))
    terms = [*_terms(old, features), *_terms(new, features)]
    domains = {name: integer_domain(name, terms) for name in _integer_in_code(
        (old, new), features)}
    for name, domain in domains.items():
        var = fm.Var(name, False)
        model = fm.conj(model, fm.disj(*(fm.binary("==", var, fm.Const(v)) for v in domain)))
        terms.extend(fm.binary("==", var, fm.Const(v)) for v in domain)
    unique_terms = tuple(dict.fromkeys(terms))
    extra = tuple(fm.Var(f.name, f.boolean) for f in features.values())
    groups: dict[tuple[tuple[str, ...], tuple[str, ...]],
                 list[tuple[Formula, dict[str, int]]]] = defaultdict(list)
    for vector, values in models(model, unique_terms, extra):
        macros = macro_configuration(features.values(), values)
        key = (product_key(old, macros), product_key(new, macros))
        cube = fm.conj(*(t if bit else fm.neg(t)
                         for t, bit in zip(unique_terms, vector, strict=True)))
        groups[key].append((cube, values))
    final: dict[tuple[str, str], tuple[ProductText, ProductText, list[Formula],
                                       dict[str, int]]] = {}
    for members in groups.values():
        values = members[0][1]
        macros = macro_configuration(features.values(), values)
        if method == "python":
            old_product = ProductText(path_old, python_product(old, macros), macros, "python")
            new_product = ProductText(path_new, python_product(new, macros), macros, "python")
        else:
            old_product = derive_product(old_text, path_old, macros, settings, method)
            new_product = derive_product(new_text, path_new, macros, settings, method)
        slot = final.setdefault((old_product.text, new_product.text),
                                (old_product, new_product, [], values))
        slot[2].extend(cube for cube, _ in members)
    for old_product, new_product, cubes, values in final.values():
        yield ProductPair(old_product, new_product, fm.disj(*cubes), dict(values))


def all_configurations(features: Sequence[Feature], feature_model: Formula,
                       values: Mapping[str, Sequence[int]] | None = None
                       ) -> Iterator[dict[str, int]]:
    """Every valid configuration (feature -> lifted value), for small feature sets.
    Boolean features range over {0, 1}; integer ones over `values[name]`
    (default {0, 1})."""
    domains = [(values or {}).get(f.name, (0, 1)) for f in features]
    for combination in itertools.product(*domains):
        configuration = {f.name: v for f, v in zip(features, combination, strict=True)}
        if feature_model.holds(configuration):
            yield configuration


def merge_features(features: Iterable[Feature]) -> dict[str, Feature]:
    """One Feature per name across file versions: integer if either is, and
    "undefined when off" if either tests it with defined()."""
    merged: dict[str, Feature] = {}
    for feature in features:
        known = merged.get(feature.name)
        if known is None:
            merged[feature.name] = feature
        else:
            merged[feature.name] = replace(
                feature, boolean=known.boolean and feature.boolean,
                undefined_when_off=known.undefined_when_off or feature.undefined_when_off)
    return dict(sorted(merged.items()))


def integer_domain(name: str, formulas: Iterable[Formula]) -> tuple[int, ...]:
    """Representative values of an integer feature: 0, 1 and each constant it
    is compared with in `formulas`, plus one either side."""
    values = {0, 1}
    for formula in formulas:
        for constant in _compared_constants(formula, name):
            values.update((constant - 1, constant, constant + 1))
    return tuple(sorted(v for v in values if -(1 << 31) <= v < (1 << 31)))


def _compared_constants(f: Formula, name: str) -> Iterator[int]:
    if isinstance(f, fm.Binary):
        if f.op in fm.COMPARISONS and name in f.features():
            # `X > 2`, also `(!defined(X) ? 4 : X) > 2` (X with a default)
            yield from _constants(f)
        yield from _compared_constants(f.left, name)
        yield from _compared_constants(f.right, name)
    elif isinstance(f, (fm.Not, fm.Unary)):
        yield from _compared_constants(f.arg, name)
    elif isinstance(f, (fm.And, fm.Or)):
        for arg in f.args:
            yield from _compared_constants(arg, name)
    elif isinstance(f, fm.Cond):
        for part in (f.test, f.then, f.other):
            yield from _compared_constants(part, name)


def _constants(f: Formula) -> Iterator[int]:
    if isinstance(f, fm.Const):
        yield f.number
    elif isinstance(f, (fm.Not, fm.Unary)):
        yield from _constants(f.arg)
    elif isinstance(f, (fm.And, fm.Or)):
        for arg in f.args:
            yield from _constants(arg)
    elif isinstance(f, fm.Binary):
        yield from _constants(f.left)
        yield from _constants(f.right)
    elif isinstance(f, fm.Cond):
        for part in (f.test, f.then, f.other):
            yield from _constants(part)


def _retyped(formula: Formula, features: Mapping[str, Feature]) -> Formula:
    return fm.substitute(formula, {name: fm.Var(name, f.boolean) for name, f in features.items()})


def _terms(front: Front, features: Mapping[str, Feature]) -> list[Formula]:
    terms: list[Formula] = []
    for cond in front.base.conditionals.values():
        terms.extend(_retyped(p, features) for p in cond.presence)
    read = {front.base.tokens[i].text for i in front.base.replacements}
    read |= front.base.define_features
    for name in sorted(read):
        if name in features and features[name].boolean:
            terms.append(fm.Var(name, True))
    return [t for t in terms if not isinstance(t, fm.Const)]


def _integer_in_code(fronts: Iterable[Front], features: Mapping[str, Feature]) -> list[str]:
    names: set[str] = set()
    for front in fronts:
        read = {front.base.tokens[i].text for i in front.base.replacements}
        names |= read | front.base.define_features
    return sorted(n for n in names if n in features and not features[n].boolean)
