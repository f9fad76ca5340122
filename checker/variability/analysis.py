"""Second pass over the scanned text: conditionals, macro state, the parse stream.

Walks the directives in order like a preprocessor would, but keeps every
feature-dependent choice open: a conditional whose condition mentions a feature
becomes a `Conditional` with one presence-condition formula per branch, while a
conditional decided by constants (header guards, `#if 0`, `#ifdef __cplusplus`)
or by the variant condition `psi` is resolved here and disappears. Macro
definitions are tracked symbolically: a `#define` under a feature condition
gives the macro feature-dependent alternatives, so later `#if`s over it are
exact. BusyBox `IF_X(...)` calls become conditionals too (argument kept or not);
a `#define` whose body calls them is read as one `#define` per configuration.
A boolean feature in a file-scope array size becomes a 1/0 conditional (a type
per configuration), and a macro of the text used as a string where it is
undefined excludes those configurations (they do not compile), as `#error` does.

The result is a flat stream of code tokens, kept directives and conditional
markers that the C parser (`cparse`) walks.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from checker.errors import ParseError, UnsupportedError
from checker.location import Location
from checker.types import Settings
from checker.variability import formula as fm
from checker.variability.attributes import ATTRIBUTE_KEYWORDS, neutral_attributes_only
from checker.variability.condexpr import (
    Alternatives,
    Definition,
    External,
    MacroDef,
    MacroEnv,
    MacroState,
    defined_formula,
    parse_condition,
)
from checker.variability.features import FeatureTable
from checker.variability.formula import Formula
from checker.variability.lexer import Directive, Scanned, Token, tokens_of
from checker.variability.smt import Oracle
from checker.variability.types import EXCLUDED_NOTE

_DROPPED_DIRECTIVES = frozenset({"pragma", "warning", "ident", "sccs", "assert", "unassert", ""})
_KEPT_DIRECTIVES = frozenset({"include", "include_next", "import"})
_MAX_BODY_FEATURES = 4
"""Features one macro body may test through `IF_X(...)` calls (2^n definitions)."""


# ---------------------------------------------------------------- stream items


@dataclass(frozen=True, slots=True)
class Tok:
    index: int
    """Index into `Analysis.tokens`."""


@dataclass(frozen=True, slots=True)
class Begin:
    key: int
    branch: int


@dataclass(frozen=True, slots=True)
class End:
    key: int


@dataclass(frozen=True, slots=True)
class Dir:
    text: str
    line: int


Item = Tok | Begin | End | Dir


@dataclass
class Branch:
    formula: Formula
    """Local condition: taken when the enclosing code runs and this holds."""
    start: int
    end: int
    line: int | None = None
    """Physical line of the directive opening the branch (None: implicit #else)."""


@dataclass
class Conditional:
    key: int
    """Index of the opening directive (or IF_X token) among the scanned elements."""
    line: int
    branches: list[Branch]
    start: int
    end: int = -1
    pseudo: bool = False
    end_line: int | None = None
    """Physical line of the #endif."""
    presence: list[Formula] = field(default_factory=list)
    """Per branch: the full presence condition (enclosing conditions included)."""
    call: str = ""
    """The `IF_X` macro whose call this (pseudo) conditional is."""


LINE_MARKER = re.compile(r'\s*#\s*line\s+(\d+)\s+"([^"\n]*)"\s*$')
"""A `#line N "file"` marker, as the front end writes them."""


@dataclass(frozen=True)
class LineMap:
    """Physical line of the scanned text -> (file, line) after `#line` directives."""

    path: str
    marks: tuple[tuple[int, str, int], ...]

    @classmethod
    def of_markers(cls, path: str, text: str) -> LineMap:
        """The map of a text whose lines move only by `#line N "file"` markers."""
        marks = tuple((index, found.group(2), int(found.group(1)))
                      for index, raw in enumerate(text.split("\n"))
                      if (found := LINE_MARKER.match(raw)))
        return cls(path, marks)

    def origin(self, physical: int) -> tuple[str, int]:
        """(file, line) of 0-based physical line `physical`."""
        at = bisect.bisect_left(self.marks, physical, key=lambda mark: mark[0]) - 1
        if at < 0:
            return self.path, physical + 1
        line, file, number = self.marks[at]
        return file, number + (physical - line - 1)

    def location(self, physical: int) -> Location:
        file, line = self.origin(physical)
        return Location(file, line)


@dataclass
class Analysis:
    path: str
    tokens: list[Token]
    stream: list[Item]
    conditionals: dict[int, Conditional]
    replacements: dict[int, str]
    glued: set[int]
    """Tokens written right after the previous token in the source (no space)."""
    linemap: LineMap
    constraints: list[Formula]
    structural_requests: set[int]
    define_features: set[str]
    notes: list[str]
    indents: tuple[str, ...] = ()


# ---------------------------------------------------------------- the scanner


@dataclass
class _Frame:
    kind: str
    """'static', 'feature', 'dead' (inside a skipped region) or 'pseudo'."""
    outer_pc: Formula
    line: int
    taken: bool = False
    """static: a branch was taken; feature: a later branch can no longer be taken."""
    live: bool = True
    seen_else: bool = False
    earlier: list[Formula] = field(default_factory=list)
    conditional: Conditional | None = None

    @property
    def pc(self) -> Formula:
        if self.conditional is None:
            return self.outer_pc
        return self.conditional.presence[-1]


class _Scanner:
    def __init__(self, scanned: Scanned, table: FeatureTable, settings: Settings, path: str,
                 psi: Formula, oracle: Oracle, configuration: Mapping[str, int] | None,
                 renamed: frozenset[str] = frozenset()) -> None:
        self.elements = scanned.elements
        self.renamed = renamed
        """Feature-dependent macros whose definitions get one name per `#define`."""
        self.site_names: dict[int, str] = {}
        """id() of a MacroDef of a renamed macro -> the name its `#define` now has."""
        self.site_defs: list[MacroDef] = []
        """The renamed definitions in order: numbers the sites, keeps the ids alive."""
        self.body_refs: set[str] = set()
        self.renamable: set[str] = set()
        self.undefined_uses: set[str] = set()
        """Guarded macros used where some configuration leaves them undefined."""
        self.indents = scanned.indents
        self.configuration = configuration
        self.table = table
        self.path = path
        self.psi = psi
        self.oracle = oracle
        self.features = {name: fm.Var(name, f.boolean) for name, f in table.features.items()}
        self.macros: dict[str, MacroState] = {
            name: MacroDef(name, None, tokens_of(value, "<define>"))
            for name, value in settings.defines
        }
        self.fixed = {name for name, _ in settings.defines}
        self.tokens: list[Token] = []
        self.stream: list[Item] = []
        self.conditionals: dict[int, Conditional] = {}
        self.replacements: dict[int, str] = {}
        self.glued: set[int] = set()
        self.last_element = -2
        self.frames: list[_Frame] = []
        self.marks: list[tuple[int, str, int]] = []
        self.constraints: list[Formula] = []
        self.notes: list[str] = list(table.notes)
        self.guarded: dict[str, list[tuple[tuple[int, ...], Definition]]] = {}
        self.plain_defs: dict[str, list[Definition]] = {}
        self.define_dirs: dict[int, str] = {}
        self.used_names: set[str] = set()
        self.define_features: set[str] = set()
        self.pending_close: dict[int, Conditional] = {}
        self.skip: set[int] = set()
        self.structural_requests: set[int] = set()
        self.defined_names = frozenset(
            e.tokens[0].text for e in self.elements
            if isinstance(e, Directive) and e.name == "define" and e.tokens)
        """Every macro the text #defines somewhere."""
        self.braces: list[str] = []
        self.brackets = 0
        self.previous_code = ""

    # -- helpers --------------------------------------------------------------

    def where(self, physical: int) -> Location:
        return LineMap(self.path, tuple(self.marks)).location(physical)

    @property
    def live(self) -> bool:
        return all(frame.live for frame in self.frames)

    @property
    def pc(self) -> Formula:
        for frame in reversed(self.frames):
            if frame.kind in ("feature", "pseudo") and frame.conditional is not None:
                return frame.pc
        return fm.TRUE

    def feature_keys(self) -> tuple[int, ...]:
        return tuple(f.conditional.key for f in self.frames
                     if f.conditional is not None and f.kind in ("feature", "pseudo"))

    def env(self) -> MacroEnv:
        return MacroEnv(self.features.get, self.lookup)

    def lookup(self, name: str) -> MacroState:
        state = self.macros.get(name)
        if not isinstance(state, Alternatives):
            return state
        context = fm.conj(self.psi, self.pc)
        options: list[tuple[Formula, Definition]] = []
        excluded: list[Formula] = []
        for guard, definition in state.options:
            reach = fm.conj(guard, *(fm.neg(e) for e in excluded))
            if self.oracle.satisfiable(fm.conj(context, reach)):
                if self.oracle.valid(fm.disj(fm.neg(context), reach)):
                    if not options:
                        return definition
                    options.append((fm.TRUE, definition))
                    break
                options.append((guard, definition))
            excluded.append(guard)
        if not options:
            return None
        if len(options) == 1 and options[0][0] == fm.TRUE:
            return options[0][1]
        return Alternatives(name, tuple(options))

    def decided(self, branch: Formula, outer: Formula) -> bool | None:
        """True/False when `branch` is forced under psi and the enclosing conditions."""
        if isinstance(branch, fm.Const):
            return branch.value != 0
        if self.configuration is not None:
            return branch.holds(self.configuration)
        if self.psi == fm.TRUE:
            return None
        context = fm.conj(self.psi, outer)
        if not self.oracle.satisfiable(fm.conj(context, branch)):
            return False
        if not self.oracle.satisfiable(fm.conj(context, fm.neg(branch))):
            return True
        return None

    def condition(self, directive: Directive) -> Formula:
        where = self.where(directive.line)
        if directive.name in ("ifdef", "ifndef"):
            tokens = directive.tokens
            if not tokens or tokens[0].kind != "id":
                raise ParseError(f"#{directive.name} needs a macro name", where)
            if len(tokens) > 1:
                raise ParseError(f"extra tokens after #{directive.name} {tokens[0].text}", where)
            test = defined_formula(tokens[0].text, self.env())
            return test if directive.name == "ifdef" else fm.neg(test)
        try:
            return fm.truth(parse_condition(directive.tokens, self.env(), where))
        except ZeroDivisionError as exc:
            raise ParseError(str(exc), where) from None

    # -- main loop ----------------------------------------------------------------

    def run(self) -> Analysis:
        for index, element in enumerate(self.elements):
            if index in self.skip:
                continue
            if isinstance(element, Directive):
                self.directive(index, element)
            elif self.live:
                self.token(index, element)
        if self.frames:
            frame = self.frames[-1]
            raise ParseError("#if without #endif", self.where(frame.line))
        self.finish_macros()
        return Analysis(
            path=self.path, tokens=self.tokens, stream=self.stream,
            conditionals=self.conditionals, replacements=self.replacements, glued=self.glued,
            linemap=LineMap(self.path, tuple(self.marks)),
            constraints=self.constraints, structural_requests=self.structural_requests,
            define_features=self.define_features, notes=self.notes, indents=self.indents,
        )

    def directive(self, index: int, d: Directive) -> None:
        name = d.name
        if name in ("if", "ifdef", "ifndef"):
            self.open(index, d)
        elif name == "elif":
            self.elif_(index, d)
        elif name == "else":
            self.else_(d)
        elif name == "endif":
            self.endif(d)
        elif not self.live:
            return
        elif name in ("define", "undef"):
            self.define(index, d)
        elif name == "line":
            self.line_mark(d)
        elif name == "error":
            self.error(d)
        elif name in _KEPT_DIRECTIVES:
            self.stream.append(Dir(d.text, d.line))
        elif name not in _DROPPED_DIRECTIVES:
            raise ParseError(f"unknown preprocessor directive '#{name}'", self.where(d.line))

    # -- conditionals -------------------------------------------------------------

    def open(self, index: int, d: Directive) -> None:
        if not self.live:
            self.frames.append(_Frame("dead", fm.FALSE, d.line, live=False))
            return
        end = self.neutral_region_end(index)
        if end is not None:
            self.skip.update(range(index + 1, end + 1))
            return
        outer = self.pc
        test = self.condition(d)
        frame = _Frame("static", outer, d.line)
        self.frames.append(frame)
        self.branch(frame, index, d, test)

    def branch(self, frame: _Frame, index: int, d: Directive, test: Formula) -> None:
        """Start the next branch of `frame` whose own condition is `test`."""
        if frame.kind == "static":
            if frame.taken:
                frame.live = False
                return
            decision = self.decided(test, frame.outer_pc)
            if decision is not None:
                frame.live = decision
                frame.taken = decision
                return
            frame.kind = "feature"
            frame.conditional = Conditional(index, d.line, [], len(self.stream))
            self.conditionals[index] = frame.conditional
        conditional = frame.conditional
        assert conditional is not None
        local = fm.conj(*(fm.neg(e) for e in frame.earlier), test)
        frame.earlier.append(test)
        self.open_branch(conditional, local, frame.outer_pc, d.line)
        reachable = not frame.taken and self.decided(local, frame.outer_pc) is not False
        frame.live = reachable
        if reachable and self.decided(local, frame.outer_pc) is True:
            frame.taken = True

    def neutral_region_end(self, index: int) -> int | None:
        """The index of the `#endif` of the conditional opened at `index` when its
        branches hold only neutral attributes (`attributes`), else None (also for
        an empty one: its directives are still read, for their errors)."""
        tokens: list[Token] = []
        for at in range(index + 1, len(self.elements)):
            element = self.elements[at]
            if isinstance(element, Token):
                if not tokens and not (element.text in ATTRIBUTE_KEYWORDS
                                       or self.macros.get(element.text) is not None):
                    return None  # cannot start an attribute: no need to read on
                tokens.append(element)
            elif element.name == "endif":
                return at if tokens and neutral_attributes_only(tokens, self.lookup) else None
            elif element.name not in ("elif", "else"):
                return None
        return None

    def current(self, d: Directive) -> _Frame:
        if not self.frames or self.frames[-1].kind == "pseudo":
            raise ParseError(f"#{d.name} without #if", self.where(d.line))
        frame = self.frames[-1]
        if frame.seen_else:
            raise ParseError(f"#{d.name} after #else", self.where(d.line))
        return frame

    def elif_(self, index: int, d: Directive) -> None:
        frame = self.current(d)
        if frame.kind == "dead":
            return
        if frame.kind == "static" and frame.taken:
            frame.live = False
            return
        # Evaluated in the enclosing context: #defines of earlier branches of this
        # conditional are guarded by their (now false) conditions.
        self.frames.pop()
        try:
            test = self.condition(d)
        finally:
            self.frames.append(frame)
        self.branch(frame, index, d, test)

    def else_(self, d: Directive) -> None:
        frame = self.current(d)
        if d.tokens:
            self.notes.append(f"{self.where(d.line)}: tokens after #else ignored")
        if frame.kind == "dead":
            frame.seen_else = True
            return
        if frame.kind == "static":
            frame.live = not frame.taken
            frame.taken = True
            frame.seen_else = True
            return
        self.branch(frame, -1, d, fm.TRUE)
        frame.seen_else = True

    def endif(self, d: Directive) -> None:
        if not self.frames or self.frames[-1].kind == "pseudo":
            raise ParseError("#endif without #if", self.where(d.line))
        frame = self.frames.pop()
        conditional = frame.conditional
        if frame.kind != "feature" or conditional is None:
            return
        end_index = len(self.stream)
        conditional.branches[-1].end = end_index
        if not frame.seen_else:
            rest = fm.conj(*(fm.neg(e) for e in frame.earlier))
            conditional.branches.append(Branch(rest, end_index, end_index))
            conditional.presence.append(fm.conj(frame.outer_pc, rest))
        self.stream.append(End(conditional.key))
        conditional.end = len(self.stream)
        conditional.end_line = d.line

    # -- other directives ---------------------------------------------------------

    def define(self, index: int, d: Directive) -> None:
        if d.name == "define" and self.body_conditionals(index, d):
            return
        where = self.where(d.line)
        if not d.tokens or d.tokens[0].kind != "id":
            raise ParseError(f"#{d.name} needs a macro name", where)
        name = d.tokens[0].text
        if name in self.features and name not in self.table.defaulted:
            return  # a feature's definition in the text is ignored (noted by discovery)
        if name in ("defined", "definedEx"):
            raise ParseError(f"'{name}' cannot be defined as a macro", where)
        definition = _macro_def(name, d.tokens, where) if d.name == "define" else None
        pc = self.pc
        if pc == fm.TRUE:
            self.macros[name] = definition
            self.plain_defs.setdefault(name, []).append(definition)
        else:
            old = self.macros.get(name)
            if old is None and name in self.features:
                old = External(name)  # a default: elsewhere the build's own definition
            previous = old.options if isinstance(old, Alternatives) else ((fm.TRUE, old),)
            self.macros[name] = Alternatives(name, ((pc, definition), *previous))
            self.guarded.setdefault(name, []).append((self.feature_keys(), definition))
        self.define_dirs[len(self.stream)] = name
        self.stream.append(Dir(self.site_text(name, definition, d), d.line))
        if definition is not None:
            for token in definition.body:
                # its own name in its body is never expanded again: the plain name
                if (token.kind == "id" and token.text not in (definition.params or ())
                        and token.text != name):
                    self.used_names.add(token.text)
                    self.body_refs.add(token.text)
                    if token.text in self.features:
                        self.define_features.add(token.text)

    def body_conditionals(self, index: int, d: Directive) -> bool:
        """A `#define` whose body calls `IF_X(...)`/`IF_NOT_X(...)` (BusyBox's
        `#define OPT_V (IF_DESKTOP(opt & 4) IF_NOT_DESKTOP(0))`) means one
        definition per configuration of those features: it is read as the
        `#if`/`#elif` over them that defines each (keyed like a conditional at
        this directive, so renaming and structural splits work as for a real
        one). False when the body calls none."""
        tests = self.call_tests(d.tokens[1:])
        if not tests:
            return False
        atoms = list(dict.fromkeys(atom for atom, _ in tests))
        if len(atoms) > _MAX_BODY_FEATURES:
            raise UnsupportedError(f"the body of macro '{d.tokens[0].text}' depends on more "
                                   f"than {_MAX_BODY_FEATURES} features", self.where(d.line))
        outer = self.pc
        choices: list[tuple[Formula, dict[Formula, bool]]] = []
        for values in itertools.product((True, False), repeat=len(atoms)):
            choice = dict(zip(atoms, values, strict=True))
            combination = fm.conj(*(a if v else fm.neg(a) for a, v in choice.items()))
            if self.decided(combination, outer) is not False:
                choices.append((combination, choice))
        if len(choices) == 1:
            self.define(index, replace(d, tokens=self.instantiate(d.tokens, choices[0][1])))
            return True
        conditional = Conditional(index, d.line, [], len(self.stream), end_line=d.line)
        self.conditionals[index] = conditional
        self.frames.append(_Frame("feature", outer, d.line, conditional=conditional))
        for combination, choice in choices:
            self.open_branch(conditional, combination, outer, d.line)
            self.define(index, replace(d, tokens=self.instantiate(d.tokens, choice)))
        self.frames.pop()
        conditional.branches[-1].end = len(self.stream)
        self.stream.append(End(index))
        conditional.end = len(self.stream)
        return True

    def conditional_call(self, tokens: Sequence[Token],
                         at: int) -> tuple[int, Formula, bool] | None:
        """(index of the closing parenthesis, the feature's truth, negated) when
        `tokens[at]` calls an undefined conditional macro, else None."""
        token = tokens[at]
        mapped = self.table.conditional.lookup(token.text) if token.kind == "id" else None
        if (mapped is None or self.macros.get(token.text) is not None
                or at + 1 >= len(tokens) or tokens[at + 1].text != "("):
            return None
        depth = 0
        for close in range(at + 1, len(tokens)):
            depth += {"(": 1, ")": -1}.get(tokens[close].text, 0)
            if depth == 0:
                return close, defined_value(mapped[0], self), mapped[1]
        return None

    def call_tests(self, tokens: Sequence[Token]) -> list[tuple[Formula, bool]]:
        """(feature truth, negated) of every conditional-macro call in `tokens`."""
        found = []
        for at in range(len(tokens)):
            call = self.conditional_call(tokens, at)
            if call is not None:
                found.append(call[1:])
        return found

    def instantiate(self, tokens: Sequence[Token],
                    choice: Mapping[Formula, bool]) -> tuple[Token, ...]:
        """`tokens` with each conditional-macro call replaced by its argument or by
        nothing, as `choice` (feature truth -> value) has it; a token after a
        removed one is spaced, so that no two tokens paste."""
        result: list[Token] = []
        closes: set[int] = set()
        spaced = False
        at = 0
        while at < len(tokens):
            token = tokens[at]
            call = self.conditional_call(tokens, at)
            if call is not None:
                close, atom, negated = call
                if choice[atom] != negated:
                    closes.add(close)
                    at += 2
                else:
                    at = close + 1
                spaced = True
                continue
            if at in closes:
                spaced = True
            else:
                result.append(replace(token, space=True) if spaced else token)
                spaced = False
            at += 1
        return tuple(result)

    def site_text(self, name: str, definition: MacroDef | None, d: Directive) -> str:
        """The directive as written, or renamed to this definition's own name when
        `name` is a renamed macro (its `#undef`s vanish: uses name a site)."""
        if name not in self.renamed:
            return d.text
        if definition is None:
            return ""
        site = f"{name}__liftdiff_{len(self.site_defs)}"
        self.site_defs.append(definition)
        self.site_names[id(definition)] = site
        return f"#define {site}" + d.text[len("#define ") + len(name):]

    def line_mark(self, d: Directive) -> None:
        tokens = d.tokens
        if not tokens or tokens[0].kind != "num":
            raise ParseError("#line needs a line number", self.where(d.line))
        number = int(tokens[0].text)
        if len(tokens) > 1 and tokens[1].kind == "str":
            file = tokens[1].text[1:-1]
        else:
            file = self.where(d.line).path
        self.marks.append((d.line, file, number))

    def error(self, d: Directive) -> None:
        pc = self.pc
        message = " ".join(t.text for t in d.tokens)
        if pc == fm.TRUE:
            raise ParseError(f"#error {message}", self.where(d.line))
        self.constraints.append(fm.neg(pc))

    # -- code ---------------------------------------------------------------------

    def token(self, index: int, token: Token) -> None:
        closing = self.pending_close.pop(index, None)
        if closing is not None:
            self.close_pseudo(closing)
            return
        if token.kind == "id":
            if self.pseudo(index, token):
                return
            self.used_names.add(token.text)
            for name in (token.text, *self.expanded_guarded(token.text)):
                if self.maybe_undefined(name):
                    self.undefined_uses.add(name)
            if self.undefined_string(index, token):
                return
            if token.text in self.renamed:
                self.renamed_use(index, token)
                return
            if self.dimension_feature(index, token):
                return
        self.append_token(index, token)

    def open_branch(self, conditional: Conditional, local: Formula, outer: Formula,
                    line: int | None = None) -> None:
        """Start `conditional`'s next branch, taken under `local` within `outer`: its
        marker in the stream, the end of the branch before it, its presence."""
        self.stream.append(Begin(conditional.key, len(conditional.branches)))
        start = len(self.stream)
        if conditional.branches:
            conditional.branches[-1].end = start - 1
        conditional.branches.append(Branch(local, start, start, line))
        conditional.presence.append(fm.conj(outer, local))

    def dimension_feature(self, index: int, token: Token) -> bool:
        """A boolean feature read between brackets outside function bodies (an
        array size of a file-scope type: `uint8_t digest[ENABLE_X ? 20 : 16]`)
        must be a constant there, so the type is one per configuration: it
        becomes a conditional choosing `1` or `0` (structural, as the parser
        finds). False for any other token."""
        feature = self.table.features.get(token.text)
        if (self.brackets == 0 or "code" in self.braces or feature is None
                or not feature.boolean or isinstance(self.macros.get(token.text), MacroDef)):
            return False
        test = defined_value(token.text, self)
        decision = self.decided(test, self.pc)
        if decision is not None:
            self.append_token(index, replace(token, kind="num", text=str(int(decision))))
            return True
        conditional = Conditional(index, token.line, [], len(self.stream), pseudo=True,
                                  end_line=token.line)
        self.conditionals[index] = conditional
        outer = self.pc
        for local, value in ((test, "1"), (fm.neg(test), "0")):
            self.open_branch(conditional, local, outer)
            self.append_token(index, replace(token, kind="num", text=value))
        conditional.branches[-1].end = len(self.stream)
        self.stream.append(End(index))
        conditional.end = len(self.stream)
        return True

    def track_scope(self, token: Token) -> None:
        """Braces (a function body's, or a type's or initializer's) and brackets
        outside function bodies, roughly: a `{` after `)` or inside a body opens
        code. Misread, a feature in a dimension stays a variable (an error later,
        as before) or a subscript's feature becomes a 1/0 conditional: never a
        wrong meaning."""
        text = token.text
        if text == "{":
            code = "code" in self.braces or self.previous_code == ")"
            self.braces.append("code" if code else "data")
        elif text == "}" and self.braces:
            self.braces.pop()
        elif text == "[" and "code" not in self.braces:
            self.brackets += 1
        elif text == "]" and self.brackets and "code" not in self.braces:
            self.brackets -= 1
        self.previous_code = text

    def append_token(self, index: int, token: Token) -> None:
        self.track_scope(token)
        position = len(self.tokens)
        if index == self.last_element + 1 and not token.space:
            self.glued.add(position)
        self.last_element = index
        self.tokens.append(token)
        self.stream.append(Tok(position))
        if (token.kind == "id" and token.text in self.features
                and not isinstance(self.macros.get(token.text), MacroDef)):
            self.replacements[position] = self.table.features[token.text].var

    def maybe_undefined(self, name: str) -> bool:
        """Is a feature-guarded macro undefined here in some configuration, so that
        a use of it is the plain name there, however alike its definitions are?"""
        state = self.macros.get(name)
        if not isinstance(state, Alternatives):
            return False
        earlier: list[Formula] = []
        for guard, definition in state.options:
            reach = fm.conj(self.pc, *(fm.neg(e) for e in earlier), guard)
            earlier.append(guard)
            if not isinstance(definition, MacroDef) and self.oracle.satisfiable(reach):
                return True
        return False

    def expanded_guarded(self, name: str) -> set[str]:
        """Feature-guarded macros that expanding `name` here may reach through
        macro bodies (any definition of each, so a superset): a body's names are
        looked up where the outer macro is used, so each counts as used here."""
        found: set[str] = set()
        seen = {name}
        pending = [name]
        while pending:
            state = self.macros.get(pending.pop())
            options = state.options if isinstance(state, Alternatives) else ((fm.TRUE, state),)
            for _, definition in options:
                if not isinstance(definition, MacroDef):
                    continue
                for token in definition.body:
                    if token.kind == "id" and token.text not in seen:
                        seen.add(token.text)
                        pending.append(token.text)
                        if token.text in self.guarded:
                            found.add(token.text)
        return found

    def renamed_use(self, index: int, token: Token) -> None:
        """A use of a renamed macro names the definition that reaches it; when that
        depends on features it becomes a conditional with one branch per definition."""
        state = self.lookup(token.text)
        if not isinstance(state, Alternatives):
            self.append_token(index, self.site_token(token, state))
            return
        conditional = Conditional(index, token.line, [], len(self.stream), pseudo=True)
        self.conditionals[index] = conditional
        outer = self.pc
        earlier: list[Formula] = []
        for guard, definition in state.options:
            local = fm.conj(*(fm.neg(e) for e in earlier), guard)
            earlier.append(guard)
            self.open_branch(conditional, local, outer)
            if definition is None and self.beside_string(index):
                self.exclude(fm.conj(outer, local), token)
                self.append_token(index, replace(token, kind="str", text='""'))
                continue
            self.append_token(index, self.site_token(token, definition))
        conditional.branches[-1].end = len(self.stream)
        self.stream.append(End(index))
        conditional.end = len(self.stream)
        conditional.end_line = token.line

    def undefined_string(self, index: int, token: Token) -> bool:
        """A macro of the text used as a string where no definition reaches it (a
        variant, or a conditional's branch, that leaves it undefined): those
        configurations are excluded (`exclude`) and the use is `""` there."""
        if token.text not in self.defined_names or not self.beside_string(index):
            return False  # the cheap tests first: this runs for every name of the code
        here = fm.conj(self.psi, self.pc)
        if self.oracle.valid(here) or self.lookup(token.text) is not None:
            return False
        self.exclude(here, token)
        self.append_token(index, replace(token, kind="str", text='""'))
        return True

    def beside_string(self, index: int) -> bool:
        """Is element `index` next to a string literal (`"name\\0" No_argument "i"`)?
        A name there is a syntax error unless a macro makes it a string."""
        around = (self.elements[i] for i in (index - 1, index + 1)
                  if 0 <= i < len(self.elements))
        return any(isinstance(e, Token) and e.kind == "str" for e in around)

    def exclude(self, where: Formula, token: Token) -> None:
        """The configurations `where` do not compile (an undefined macro used as a
        string): no product, so no behaviour to compare; excluded from the
        feature model like an `#error`'s, and said in the assumptions."""
        self.constraints.append(fm.neg(where))
        self.notes.append(f"{EXCLUDED_NOTE}{where.to_c()} ('{token.text}' is used as a "
                          f"string at {self.where(token.line)} but not defined there)")

    def site_token(self, token: Token, definition: Definition) -> Token:
        if not isinstance(definition, MacroDef):
            return token
        return replace(token, text=self.site_names[id(definition)])

    def pseudo(self, index: int, token: Token) -> bool:
        """Handle an `IF_X(...)` call; False when `token` is not one."""
        mapped = self.table.conditional.lookup(token.text)
        if mapped is None or self.macros.get(token.text) is not None:
            return False
        after = index + 1
        if after >= len(self.elements) or not _is_text(self.elements[after], "("):
            return False
        close = self.matching_paren(after, token)
        argument = [e for e in self.elements[after + 1:close] if isinstance(e, Token)]
        if argument and neutral_attributes_only(argument, self.lookup):
            self.skip.update(range(after, close + 1))
            return True
        feature, negated = mapped
        test = defined_value(feature, self)
        if negated:
            test = fm.neg(test)
        self.skip.add(after)
        decision = self.decided(test, self.pc)
        if decision is True:
            self.skip.add(close)
            return True
        if decision is False:
            self.skip.update(range(after, close + 1))
            return True
        conditional = Conditional(index, token.line, [], len(self.stream), pseudo=True,
                                  call=token.text)
        self.conditionals[index] = conditional
        frame = _Frame("pseudo", self.pc, token.line, conditional=conditional)
        self.stream.append(Begin(index, 0))
        start = len(self.stream)
        conditional.branches.append(Branch(test, start, start))
        conditional.presence.append(fm.conj(frame.outer_pc, test))
        self.frames.append(frame)
        self.pending_close[close] = conditional
        return True

    def close_pseudo(self, conditional: Conditional) -> None:
        frame = self.frames.pop()
        assert frame.conditional is conditional
        end_index = len(self.stream)
        conditional.branches[-1].end = end_index
        rest = fm.neg(conditional.branches[0].formula)
        conditional.branches.append(Branch(rest, end_index, end_index))
        conditional.presence.append(fm.conj(frame.outer_pc, rest))
        self.stream.append(End(conditional.key))
        conditional.end = len(self.stream)

    def matching_paren(self, open_index: int, call: Token) -> int:
        depth = 0
        for index in range(open_index, len(self.elements)):
            element = self.elements[index]
            if isinstance(element, Directive):
                raise UnsupportedError(
                    f"preprocessor directive inside the arguments of {call.text}(...)",
                    self.where(element.line))
            if element.text == "(":
                depth += 1
            elif element.text == ")":
                depth -= 1
                if depth == 0:
                    return index
        raise ParseError(f"unterminated {call.text}(...)", self.where(call.line))

    # -- macros that depend on features -------------------------------------------

    def finish_macros(self) -> None:
        """Feature-dependent macros used in code: renamed per definition when no
        other macro's body refers to them (uses then choose a definition like a
        conditional does), else the configuration is fixed for them (structural
        conditionals); unused ones only mattered to #if and go."""
        drop: set[int] = set()
        for name, definitions in self.guarded.items():
            if name not in self.used_names:
                drop.update(i for i, n in self.define_dirs.items() if n == name)
                continue
            every = [d for _, d in definitions] + self.plain_defs.get(name, [])
            first = every[0]
            benign = isinstance(first, MacroDef) and name not in self.features and all(
                isinstance(d, MacroDef) and d.same_as(first) for d in every
            ) and name not in self.undefined_uses
            if benign:
                continue
            if name not in self.body_refs:
                self.renamable.add(name)
            if name not in self.renamed:
                for keys, _ in definitions:
                    self.structural_requests.update(keys)
        if drop:
            for index in sorted(drop):
                item = self.stream[index]
                assert isinstance(item, Dir)
                self.stream[index] = Dir("", item.line)


def defined_value(feature: str, scanner: _Scanner) -> Formula:
    """The truth of macro `feature` at this point (a Var, a constant or a Cond)."""
    var = scanner.features.get(feature)
    if var is not None:
        return fm.truth(var)
    token = Token("id", feature, 0, False)
    return fm.truth(parse_condition([token], scanner.env(), Location(scanner.path, 1)))


def _is_text(element: Token | Directive, text: str) -> bool:
    return isinstance(element, Token) and element.text == text


def _macro_def(name: str, tokens: tuple[Token, ...], where: Location) -> MacroDef:
    if len(tokens) > 1 and tokens[1].text == "(" and not tokens[1].space:
        params: list[str] = []
        variadic = False
        i = 2
        while i < len(tokens) and tokens[i].text != ")":
            text = tokens[i].text
            if text == "...":
                params.append("__VA_ARGS__")
                variadic = True
            elif tokens[i].kind == "id":
                if i + 1 < len(tokens) and tokens[i + 1].text == "...":
                    variadic = True
                    i += 1
                params.append(text)
            elif text != ",":
                raise ParseError(f"bad parameter list in #define {name}", where)
            i += 1
        if i >= len(tokens):
            raise ParseError(f"missing ')' in #define {name}", where)
        return MacroDef(name, tuple(params), tokens[i + 1:], variadic)
    return MacroDef(name, None, tokens[1:])


def analyse(scanned: Scanned, table: FeatureTable, settings: Settings, path: str,
            psi: Formula, oracle: Oracle,
            configuration: Mapping[str, int] | None = None) -> Analysis:
    """Run the second pass under the variant condition `psi`; with a complete
    `configuration` (feature -> value) every feature conditional is decided.
    Which macros can be renamed per definition is known only once the whole
    text is scanned (no other macro's body may refer to them), so a text that
    has such macros is scanned a second time with them renamed."""
    scanner = _Scanner(scanned, table, settings, path, psi, oracle, configuration)
    analysis = scanner.run()
    if configuration is None and scanner.renamable:
        analysis = _Scanner(scanned, table, settings, path, psi, oracle, configuration,
                            frozenset(scanner.renamable)).run()
    return analysis
