"""Which macros are features, and whether each is boolean or integer-valued.

Rules (applied per file version; the engine unites old and new):

* With `features`/`feature_patterns` in the settings, a macro is a feature iff it
  is listed or matches a pattern (fnmatch), wherever it occurs; a `#define` of
  such a macro in the text is ignored (with a note), since the user said it varies.
* Without them, a feature is every macro tested in a conditional (directly or
  through the body of a macro whose value is tested: `#ifndef FAST_FUNC` reads
  no body) that is never `#define`d in the
  text nor fixed by `defines`, and is not a reserved name (`__x`, `_X`: those
  belong to the compiler/platform, so `#ifdef __cplusplus` is not a feature)
  other than a system header's (`__NR_finit_module`: `_HEADER_RESERVED`);
  names in the feature model are features too.
* A macro with a default is a feature all the same: `#ifndef X` / `#define X 0`
  / `#endif` only defines X where the build did not, so a build can still set
  it with `-D`. So is any macro whose `#define`s and `#undef`s all lie under a
  test of X itself (`#if !X`, `#ifdef X` / `#define X 1` normalising a build's
  value): the build's definition still reaches some use. The lifting keeps those
  directives (the build's definition where they do not apply). A branch that
  holds code as well is an include guard, not a default.
* BusyBox conventions, tied to `conditional_macros`: a call `IF_X(...)` or
  `IF_NOT_X(...)` of an undefined conditional macro, in code or in a macro
  body, makes `ENABLE_X` a feature,
  and so does an undefined `ENABLE_X` used in C code. An `ENABLE_X` #defined
  only in branches that hold no code (`#ifdef TEST` / `#define ENABLE_X 0`) is
  a feature with a default: the generated autoconf.h defines it elsewhere.
* A feature is boolean (domain {0,1}) unless some use treats it as a number:
  an operand of arithmetic, bitwise or ordering operators, compared with
  something other than 0/1, or used in C code outside a truth-value position
  (`if (X)`, `!X`, `X && ...`). Kconfig's `ENABLE_X` is always boolean.
* A feature tested with `defined`/`#ifdef` and never read for its value is
  "undefined when off": value 0 means the macro is not defined at all. One read
  for its value only is undefined at 0 too (`#if X` cannot tell). One used both
  ways in the text, or tested with defined() here and read for its value in
  the other version (`both_ways`, passed as `two_state`), has two variables:
  `defined(X)` and `X`, so that `-DX=0` (defined, but false) is a
  configuration of its own. The feature model does not make a feature two-state.
"""

from __future__ import annotations

import fnmatch
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from checker.types import Settings
from checker.variability.condexpr import DEFINED_OPERATORS, HAS_OPERATORS
from checker.variability.lexer import Directive, Scanned, Token, scan
from checker.variability.types import Feature, FeatureUses, feature_of, presence_feature

KCONFIG_PREFIX = "ENABLE_"
_RESERVED = re.compile(r"^(__|_[A-Z])")
_HEADER_RESERVED = re.compile(r"^__[A-Z][A-Z0-9]*_\w*[A-Za-z0-9]$")
"""Reserved names in a system header's style (`__NR_finit_module`, a syscall's
number: defined exactly where the kernel headers have the call), unlike the
compiler's and the platform's (`__GNUC__`, `__x86_64__`, `__cplusplus`,
`_WIN32`), which our prelude decides as gcc on Linux does. What no header of
ours defines may be defined by the real one: a feature (free), not undefined."""


def platform_decided(name: str) -> bool:
    """Whether the compiler and the platform decide the macro `name` (gcc on
    Linux, as our prelude does): a test of it is no feature."""
    return bool(_RESERVED.match(name)) and not _HEADER_RESERVED.match(name)


_BOOLEAN_BEFORE = frozenset({None, "!", "&&", "||", "(", "?", ":"})
_BOOLEAN_AFTER = frozenset({None, "&&", "||", ")", "?", ":"})
_CONDITIONAL_DIRECTIVES = frozenset({"if", "elif", "ifdef", "ifndef"})


@dataclass(frozen=True)
class ConditionalMacros:
    """`IF_X(...)`-style macros: name -> (feature macro, keeps argument when feature off)."""

    prefixes: tuple[tuple[str, bool], ...]

    @classmethod
    def from_settings(cls, settings: Settings) -> ConditionalMacros:
        prefixes: list[tuple[str, bool]] = []
        for pattern in settings.conditional_macros:
            if pattern.endswith("*") and not any(c in pattern[:-1] for c in "*?["):
                prefix = pattern[:-1]
                prefixes.append((prefix, prefix.endswith("NOT_")))
        prefixes.sort(key=lambda item: len(item[0]), reverse=True)
        return cls(tuple(prefixes))

    def lookup(self, name: str) -> tuple[str, bool] | None:
        """(feature name, negated) for a conditional macro name, else None."""
        for prefix, negated in self.prefixes:
            if name.startswith(prefix) and len(name) > len(prefix):
                return KCONFIG_PREFIX + name[len(prefix):], negated
        return None

    def macro_names(self, feature: str) -> list[tuple[str, bool]]:
        """The conditional macros driven by `feature` (for gcc -D flags)."""
        if not feature.startswith(KCONFIG_PREFIX):
            return []
        symbol = feature[len(KCONFIG_PREFIX):]
        return [(prefix + symbol, negated) for prefix, negated in self.prefixes]


@dataclass
class _Uses:
    tested: set[str] = field(default_factory=set)
    value_tested: set[str] = field(default_factory=set)
    """Tested for their value (`#if X`), not only for being defined: their bodies
    are what the condition reads."""
    defined_in_text: set[str] = field(default_factory=set)
    defaulted: set[str] = field(default_factory=set)
    """#defined/#undefined only under tests of themselves (defaults)."""
    bodies: dict[str, set[str]] = field(default_factory=dict)
    code: set[str] = field(default_factory=set)
    numeric: set[str] = field(default_factory=set)
    defined_tests: set[str] = field(default_factory=set)
    valued: set[str] = field(default_factory=set)
    """Read for the value: in #if outside defined(), in C code, in macro bodies."""
    conditional_calls: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class FeatureTable:
    features: dict[str, Feature]
    """By name: a macro, or `defined(X)` for a two-state macro X."""
    notes: tuple[str, ...]
    conditional: ConditionalMacros
    uses: FeatureUses
    defaulted: frozenset[str] = frozenset()
    """Features #defined in the text only under tests of themselves (defaults):
    those directives are kept, the build's definition holds elsewhere."""


def discover(scanned: Scanned, settings: Settings, model_tokens: Sequence[Token],
             path: str, two_state: frozenset[str] = frozenset()) -> FeatureTable:
    conditional = ConditionalMacros.from_settings(settings)
    uses = _collect(scanned, conditional)
    text_defined = set(uses.defined_tests)
    valued = _closure(uses.valued | uses.code, uses.bodies)
    _classify_condition(list(model_tokens), uses)
    model_names = {t.text for t in model_tokens if t.kind == "id"} - DEFINED_OPERATORS
    fixed = {name for name, _ in settings.defines}
    explicit = bool(settings.features or settings.feature_patterns)
    notes: list[str] = []
    names: set[str]
    if explicit:
        every = uses.tested | uses.code | model_names | set().union(*uses.bodies.values(),
                                                                    uses.defined_in_text)
        names = {n for n in every if _matches(n, settings)} | set(settings.features)
        for name in sorted(names & uses.defined_in_text):
            notes.append(f"{path}: '#define {name}' ignored: {name} is a feature")
    else:
        tested = _closure(uses.value_tested, uses.bodies) | uses.tested
        names = {n for n in tested | model_names
                 if n not in uses.defined_in_text
                 and not platform_decided(n)}
        if conditional.prefixes:
            names |= {n for n in uses.code
                      if n.startswith(KCONFIG_PREFIX) and n not in uses.defined_in_text}
    names -= fixed
    names -= DEFINED_OPERATORS | HAS_OPERATORS
    for call in uses.conditional_calls:
        mapped = conditional.lookup(call)
        if mapped and mapped[0] not in uses.defined_in_text and mapped[0] not in fixed:
            names.add(mapped[0])
    features = {}
    both = text_defined & (valued | two_state)
    for name in sorted(names):
        boolean = name.startswith(KCONFIG_PREFIX) or name not in uses.numeric
        if name in both:
            features[name] = feature_of(name, boolean)
            presence = presence_feature(name)
            features[presence.name] = presence
        else:
            features[name] = feature_of(name, boolean,
                                        name in uses.defined_tests and name not in valued)
    feature_uses = FeatureUses(frozenset(names & (text_defined - valued)),
                               frozenset(names & valued))
    return FeatureTable(features, tuple(notes), conditional, feature_uses,
                        frozenset(names & uses.defaulted - uses.defined_in_text))


def valued_macros(text: str, path: str, settings: Settings) -> frozenset[str]:
    """The macros `text` reads for their value anywhere (`#if X`, code): a slice
    that only tests one of them with `#ifdef` still gives it two states, since
    the build it names is the whole file's (`-DX=0` is a build of its own)."""
    uses = _collect(scan(text, path), ConditionalMacros.from_settings(settings))
    return frozenset(_closure(uses.valued | uses.code, uses.bodies))


def _matches(name: str, settings: Settings) -> bool:
    return name in settings.features or any(
        fnmatch.fnmatchcase(name, pattern) for pattern in settings.feature_patterns)


def _closure(tested: set[str], bodies: dict[str, set[str]]) -> set[str]:
    result = set(tested)
    todo = list(tested)
    while todo:
        name = todo.pop()
        for inner in bodies.get(name, ()):
            if inner not in result:
                result.add(inner)
                todo.append(inner)
    return result


@dataclass
class _Guard:
    """An open conditional, for spotting defaults."""

    names: frozenset[str]
    """The macros its conditions (this branch's and the earlier ones) test."""
    defaults: list[str] = field(default_factory=list)
    """Macros of `names` #defined or #undefined in the current branch (defaults,
    unless `code`)."""
    code: bool = False
    """The branch holds code: an include guard, not a default."""


def _collect(scanned: Scanned, conditional: ConditionalMacros) -> _Uses:
    uses = _Uses()
    code: list[Token] = []
    guards: list[_Guard] = []
    for element in scanned.elements:
        if isinstance(element, Token):
            code.append(element)
            for guard in guards:
                guard.code = True
            continue
        _track_guards(element, guards, uses)
        default = _default_guard(element, guards, bool(conditional.prefixes))
        if default is not None:
            default.defaults.append(element.tokens[0].text)
        _directive_uses(element, uses, conditional, default=default is not None)
    _code_uses(code, uses, conditional)
    return uses


def _default_guard(directive: Directive, guards: list[_Guard],
                   kconfig: bool = False) -> _Guard | None:
    """The guard testing X under which `directive` #defines X as a value
    (object-like, not empty: `#define GUARD_H` is an include guard) or
    #undefines X, if there is one. With Kconfig conventions (`kconfig`), an
    `ENABLE_X` #defined under any conditional is a default of the innermost
    one too: the build's generated autoconf.h (force-included, never seen here)
    defines it wherever that conditional is off (BusyBox's `#ifdef TEST` /
    `#define ENABLE_FEATURE_EDITING 0`)."""
    tokens = directive.tokens
    if directive.name not in ("define", "undef") or not tokens:
        return None
    if directive.name == "define" and (
            len(tokens) < 2 or (tokens[1].text == "(" and not tokens[1].space)):
        return None
    name = tokens[0].text
    own = next((g for g in guards if name in g.names), None)
    if own is None and kconfig and guards and name.startswith(KCONFIG_PREFIX):
        return guards[-1]
    return own


def _track_guards(directive: Directive, guards: list[_Guard], uses: _Uses) -> None:
    """Open, switch and close guards; a branch that ends with code in it turns
    its defaults into plain definitions."""
    name = directive.name
    tested = frozenset(t.text for t in directive.tokens if t.kind == "id") - DEFINED_OPERATORS
    if name in ("if", "ifdef", "ifndef"):
        guards.append(_Guard(tested))
    elif name in ("elif", "else", "endif") and guards:
        guard = guards.pop()
        if guard.code:
            uses.defined_in_text.update(guard.defaults)
        else:
            uses.defaulted.update(guard.defaults)
        if name != "endif":
            guards.append(_Guard(guard.names | tested))


def _directive_uses(directive: Directive, uses: _Uses, conditional: ConditionalMacros,
                    default: bool = False) -> None:
    tokens = list(directive.tokens)
    if directive.name in ("ifdef", "ifndef"):
        if tokens and tokens[0].kind == "id":
            uses.tested.add(tokens[0].text)
            uses.defined_tests.add(tokens[0].text)
        return
    if directive.name in ("if", "elif"):
        _classify_condition(tokens, uses)
        return
    if directive.name in ("define", "undef") and tokens and tokens[0].kind == "id":
        name = tokens[0].text
        if not default:
            uses.defined_in_text.add(name)
        if directive.name == "define":
            params, body = _define_parts(tokens)
            uses.bodies.setdefault(name, set()).update(
                t.text for t in body if t.kind == "id" and t.text not in params)
            _classify_condition([t for t in body if t.text not in params], uses,
                                record_tested=False)
            uses.conditional_calls.update(_conditional_calls(body, conditional))


def _define_parts(tokens: Sequence[Token]) -> tuple[set[str], Sequence[Token]]:
    """(parameter names, body) of `#define NAME[(params)] body`."""
    if len(tokens) > 1 and tokens[1].text == "(" and not tokens[1].space:
        close = next((i for i, t in enumerate(tokens) if t.text == ")"), len(tokens) - 1)
        params = {t.text for t in tokens[2:close] if t.kind == "id"} | {"__VA_ARGS__"}
        return params, tokens[close + 1:]
    return set(), tokens[1:]


def _classify_condition(tokens: list[Token], uses: _Uses, record_tested: bool = True) -> None:
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.kind != "id":
            i += 1
            continue
        if token.text in DEFINED_OPERATORS:
            j = i + 1
            if j < len(tokens) and tokens[j].text == "(":
                j += 1
            if j < len(tokens) and tokens[j].kind == "id":
                uses.defined_tests.add(tokens[j].text)
                if record_tested:
                    uses.tested.add(tokens[j].text)
            i = j + 1
            continue
        if record_tested:
            uses.tested.add(token.text)
            uses.value_tested.add(token.text)
        uses.valued.add(token.text)
        if not _boolean_position(tokens, i):
            uses.numeric.add(token.text)
        i += 1


def _boolean_position(tokens: Sequence[Token], i: int) -> bool:
    before = tokens[i - 1].text if i > 0 else None
    after = tokens[i + 1].text if i + 1 < len(tokens) else None
    if before not in _BOOLEAN_BEFORE:
        return False
    if after in ("==", "!=") and i + 2 < len(tokens):
        other = tokens[i + 2].text
        rest = tokens[i + 3].text if i + 3 < len(tokens) else None
        return other in ("0", "1") and rest in _BOOLEAN_AFTER
    return after in _BOOLEAN_AFTER


def _conditional_calls(tokens: Sequence[Token], conditional: ConditionalMacros) -> set[str]:
    """The `IF_X` names called in `tokens` (code, or a macro body: `#define OPT_V
    (IF_DESKTOP(opt & 4) IF_NOT_DESKTOP(0))` makes ENABLE_DESKTOP a feature too)."""
    return {token.text for token, following in itertools.pairwise(tokens)
            if token.kind == "id" and following.text == "(" and conditional.lookup(token.text)}


def _code_uses(code: list[Token], uses: _Uses, conditional: ConditionalMacros) -> None:
    uses.conditional_calls.update(_conditional_calls(code, conditional))
    for i, token in enumerate(code):
        if token.kind != "id":
            continue
        uses.code.add(token.text)
        if not _code_boolean_position(code, i):
            uses.numeric.add(token.text)


def _code_boolean_position(code: Sequence[Token], i: int) -> bool:
    before = code[i - 1].text if i > 0 else None
    after = code[i + 1].text if i + 1 < len(code) else None
    if before == "(":
        keyword = code[i - 2].text if i > 1 else None
        opens_condition = keyword in ("if", "while")
    else:
        opens_condition = before in ("!", "&&", "||")
    return opens_condition and after in ("&&", "||", ")", "?")

