"""Configuration lifting: one annotated C text -> plain C texts over feature variables.

Pipeline per file version: scan (tokens, directives) -> discover features ->
analyse (conditionals, macro state) -> parse statements keeping conditionals
open (cparse) -> emit C with `#line` markers. Conditionals that cannot be
written as C `if`s even at file scope are *structural*: the file is split into
variants, one per satisfiable combination of their branches, and each variant
is lifted again with those conditionals decided. Variants with equal text are
merged.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from checker.errors import UnsupportedError
from checker.location import Location
from checker.types import Settings
from checker.variability import formula as fm
from checker.variability.analysis import Analysis, analyse
from checker.variability.condexpr import MacroDef, MacroEnv, parse_condition
from checker.variability.cparse import CParser, Ctx, Entry, Structural, Structurals
from checker.variability.emit import Emitter
from checker.variability.features import FeatureTable, discover
from checker.variability.formula import Formula
from checker.variability.lexer import Directive, Scanned, Token, scan, tokens_of
from checker.variability.smt import Oracle, models
from checker.variability.types import (
    Feature,
    LiftedSource,
    MemberEdit,
    RecordShape,
    Variant,
    presence_domain,
)

_MAX_STRUCTURAL_ROUNDS = 64
MAX_VARIANTS = 32
"""Variants of one file version at most: each is lifted, parsed and checked
against the other version's, so past this a check cannot end in its budget;
the function is UNSUPPORTED at once, naming the conditionals, instead of
spending its budget enumerating."""
_DEFINITION_KINDS = frozenset({"function", "object", "tag", "enum"})


class Front:
    """Everything known about one file version before any variant is chosen."""

    def __init__(self, text: str, path: str, settings: Settings,
                 two_state: frozenset[str] = frozenset()) -> None:
        self.text = text
        self.path = path
        self.settings = settings
        self.scanned = scan(text, path)
        self.model_tokens = model_tokens(settings)
        self.table: FeatureTable = discover(self.scanned, settings, self.model_tokens, path,
                                            two_state)
        self.oracle = Oracle()
        self.base: Analysis = self.analyse(fm.TRUE)

    def analyse(self, psi: Formula, configuration: dict[str, int] | None = None) -> Analysis:
        return analyse(self.scanned, self.table, self.settings, self.path, psi, self.oracle,
                       configuration)

    def model(self) -> Formula:
        """The settings' feature model as a Formula over this file's features."""
        return parse_model(self.model_tokens, self.table.features, self.settings)

    def used_features(self) -> tuple[Feature, ...]:
        names: set[str] = set(self.base.define_features)
        for cond in self.base.conditionals.values():
            for presence in cond.presence:
                names |= presence.features()
        for index in self.base.replacements:
            names.add(self.base.tokens[index].text)
        names |= self.model().features()
        return tuple(self.table.features[n] for n in sorted(names) if n in self.table.features)


def model_tokens(settings: Settings) -> tuple[Token, ...]:
    return tokens_of(settings.feature_model.strip() or "1", "<feature_model>")


def parse_model(tokens: Iterable[Token], features: dict[str, Feature],
                settings: Settings) -> Formula:
    defines = {name: MacroDef(name, None, tokens_of(value, "<define>"))
               for name, value in settings.defines}
    variables = {name: fm.Var(name, f.boolean) for name, f in features.items()}
    env = MacroEnv(variables.get, defines.get)
    return fm.truth(parse_condition(list(tokens), env, Location("<feature_model>", 1)))


def lift(text: str, path: str, settings: Settings, two_state: frozenset[str] = frozenset(),
         sized: frozenset[str] | None = None) -> LiftedSource:
    """Lift `text` (one C file version, includes already resolved or not) into
    plain C over `__liftdiff_feature_*` variables; see the module docstring.
    `two_state`: macros that need `defined(X)` and `X` apart wherever this text
    tests them with defined() (`both_ways` of the pair). `sized`: the records
    whose member conditionals stay conditional (`SourceFile.sized_records`)."""
    front = Front(text, path, settings, two_state)
    features = front.used_features()
    names = {f.name: f.var for f in features}
    structural: set[int] = set(front.base.structural_requests)
    for _ in range(_MAX_STRUCTURAL_ROUNDS):
        records: dict[str, RecordShape] = {}
        notes: list[str] = list(front.base.notes)
        edits: list[MemberEdit] = []
        try:
            variants = _variants(front, structural, features, names, sized,
                                 Declared(records, notes, edits))
        except Structural as exc:
            found = exc.keys if isinstance(exc, Structurals) else {exc.key}
            keys = {base_key(front, k) for k in found}
            if None in keys or keys <= structural:
                line = front.scanned.elements[exc.key].line
                raise UnsupportedError("conditional compilation the front end cannot "
                                       "split into variants",
                                       front.base.linemap.location(line)) from None
            structural.update(k for k in keys if k is not None)
            continue
        model = fm.conj(front.model(), *front.base.constraints, presence_domain(features))
        return LiftedSource(path, features, model, tuple(variants), tuple(dict.fromkeys(notes)),
                            front.table.uses, tuple(sorted(records.items())),
                            tuple(dict.fromkeys(edits)))
    raise UnsupportedError("too many configuration-dependent file-scope declarations",
                           Location(path, 1))


@dataclass(frozen=True)
class Declared:
    """What the variants declare with a superset of members (`CParser.records`,
    `notes`, `edits`), gathered over all of them."""

    records: dict[str, RecordShape]
    notes: list[str]
    edits: list[MemberEdit]


def _variants(front: Front, structural: set[int], features: tuple[Feature, ...],
              names: dict[str, str], sized: frozenset[str] | None,
              declared: Declared) -> list[Variant]:
    """The variants of the partition by `structural`."""
    texts: dict[str, list[Formula]] = defaultdict(list)
    presences: dict[str, tuple[tuple[str, Formula], ...]] = {}
    for psi in partition(front, structural):
        analysis = front.base if psi == fm.TRUE else front.analyse(within(front, psi))
        new_requests = analysis.structural_requests - structural
        if new_requests:
            raise Structurals(new_requests)
        parser = CParser(analysis, front.oracle, set(), sized)
        parsed = parser.parse_file(Ctx(psi, {}))
        declared.records.update(parser.records)
        declared.notes.extend(parser.notes)
        declared.edits.extend(parser.edits)
        conflicts = conflicting_keys(parsed.entries) - structural
        if conflicts:
            raise Structurals(conflicts)
        text = Emitter(analysis, names).emit(parsed.pieces, header(features, analysis))
        texts[text].append(psi)
        presences[text] = function_presence(parsed.entries)
    return [Variant(fm.disj(*conditions), text, presences[text])
            for text, conditions in texts.items()]


def within(front: Front, psi: Formula) -> Formula:
    """A variant's condition for deciding its conditionals: within the text's
    constraints too, so that code only configurations that do not compile (an
    `#error`'s, an undefined string macro's) reach goes; a variant wholly
    outside them (never compared) keeps `psi`, so that its text still parses."""
    constrained = fm.conj(psi, *front.base.constraints)
    return constrained if front.oracle.satisfiable(constrained) else psi


def base_key(front: Front, key: int) -> int | None:
    """The base analysis's key for a variant's conditional `key`: a variant that
    decides `#if A` keys the rest of that group at its first undecided `#elif`,
    the base at the `#if`; splitting on the base's whole group decides both."""
    if key in front.base.conditionals:
        return key
    group = _if_groups(front.scanned).get(key, ())
    return next((k for k in group if k in front.base.conditionals), None)


def _if_groups(scanned: Scanned) -> dict[int, tuple[int, ...]]:
    """Each #if/#elif directive's index -> the indices of its group's #if and #elifs."""
    groups: dict[int, tuple[int, ...]] = {}
    open_groups: list[list[int]] = []
    for index, element in enumerate(scanned.elements):
        if not isinstance(element, Directive):
            continue
        if element.name in ("if", "ifdef", "ifndef"):
            open_groups.append([index])
        elif element.name == "elif" and open_groups:
            open_groups[-1].append(index)
        elif element.name == "endif" and open_groups:
            group = tuple(open_groups.pop())
            groups.update(dict.fromkeys(group, group))
    return groups


def partition(front: Front, structural: set[int]) -> list[Formula]:
    """One condition per satisfiable combination of branches of the structural
    conditionals (pairwise disjoint, together everything)."""
    if not structural:
        return [fm.TRUE]
    terms: list[Formula] = []
    for key in sorted(structural):
        terms.extend(front.base.conditionals[key].presence)
    result: list[Formula] = []
    for vector, _ in models(fm.TRUE, tuple(terms)):
        if len(result) == MAX_VARIANTS:
            raise _too_many(front, structural)
        result.append(fm.conj(*(t if value else fm.neg(t)
                                for t, value in zip(terms, vector, strict=True))))
    return result


def _too_many(front: Front, structural: set[int]) -> UnsupportedError:
    """Why a file version is not split: its conditionals, where they are."""
    where = [front.base.linemap.location(front.scanned.elements[k].line)
             for k in sorted(structural)]
    shown = ", ".join(f"{w.path}:{w.line}" for w in where[:6])
    more = f" and {len(where) - 6} more" if len(where) > 6 else ""
    return UnsupportedError(
        f"conditional compilation splits the function's slice into more than {MAX_VARIANTS} "
        f"variants: {len(where)} file-scope conditionals that no `if` can express "
        f"(at {shown}{more})", where[0])


def header(features: tuple[Feature, ...], analysis: Analysis) -> list[str]:
    lines = [f"int {f.var};" for f in features]
    lines.extend(f"#define {f.name} {f.var}" for f in features
                 if f.name in analysis.define_features)
    return lines


def conflicting_keys(entries: tuple[Entry, ...]) -> set[int]:
    """Conditionals kept additively whose declarations clash with another one."""
    by_name: dict[str, list[tuple[str, Entry]]] = defaultdict(list)
    for entry in entries:
        for name, kind in entry.names:
            by_name[name].append((kind, entry))
    keys: set[int] = set()
    for occurrences in by_name.values():
        for i, (kind_a, a) in enumerate(occurrences):
            for kind_b, b in occurrences[i + 1:]:
                if (a.keys or b.keys) and _clash(kind_a, a, kind_b, b):
                    keys.update(a.keys)
                    keys.update(b.keys)
    return keys


def _clash(kind_a: str, a: Entry, kind_b: str, b: Entry) -> bool:
    kinds = {kind_a, kind_b}
    if kind_a == kind_b and kind_a in _DEFINITION_KINDS:
        return True
    if kinds in ({"function", "prototype"}, {"object", "variable"}):
        return False
    if kinds <= {"prototype", "variable", "typedef"} and kind_a == kind_b:
        return a.text != b.text
    return True


def pair_variants(old: LiftedSource, new: LiftedSource,
                  model: Formula = fm.TRUE) -> list[tuple[Formula, Variant, Variant]]:
    """The (condition, old variant, new variant) triples to check: every
    satisfiable intersection of an old and a new variant condition (within
    `model` and both files' models). One triple (true, v, v') when neither
    file has structural conditionals."""
    oracle = Oracle()
    base = fm.conj(model, old.feature_model, new.feature_model)
    result = []
    for old_variant in old.variants:
        for new_variant in new.variants:
            condition = fm.conj(old_variant.condition, new_variant.condition)
            if oracle.satisfiable(fm.conj(base, condition)):
                result.append((condition, old_variant, new_variant))
    return result


def function_presence(entries: tuple[Entry, ...]) -> tuple[tuple[str, Formula], ...]:
    result = []
    for entry in entries:
        if entry.presence == fm.TRUE:
            continue
        for name, kind in entry.names:
            if kind == "function":
                result.append((name, entry.presence))
    return tuple(result)
