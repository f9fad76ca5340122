"""A C parser at statement granularity that keeps feature conditionals open.

It reads the analysis stream (tokens + conditional markers) and finds, for
every feature conditional, the smallest piece of C that can be guarded by an
ordinary `if`:

* a conditional in a block-item position whose every branch is a complete list
  of statements (no declarations whose scope would be cut, no labels reachable
  from outside) becomes `if (b1) {..} else if (b2) {..} else {..}` ("aligned");
* otherwise the smallest enclosing statement is duplicated per variant ("fork"):
  the statement is parsed once per combination of the conditionals it meets,
  grown until every variant ends at the same place; a declaration extends the
  copy to the end of its block (its scope), case labels to the whole switch,
  goto labels until every jump to them is inside (labels are renamed per copy).
  When even the function body is too small, the conditional is *structural*
  and the file is split into variants (`Structural`).

A position is an index into the stream; `Ctx` says which conditionals a
variant has decided and the presence condition `psi` of the code being read.
Conditionals whose branch `psi` already decides are read through transparently.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from checker.errors import ParseError, UnsupportedError
from checker.location import Location
from checker.semantics.keywords import DECLARATION_WORDS, KEYWORDS
from checker.variability import formula as fm
from checker.variability.analysis import Analysis, Begin, Dir, End, Tok
from checker.variability.formula import Formula
from checker.variability.lexer import Token
from checker.variability.smt import Oracle, variables
from checker.variability.types import SUPERSET_NOTE, MemberEdit, RecordShape

TYPE_WORDS = DECLARATION_WORDS | {"bool"}  # <stdbool.h>'s macro starts declarations too
C_KEYWORDS = KEYWORDS | {"bool"}
_CLOSERS = {"(": ")", "[": "]", "{": "}"}
_DEFINE = re.compile(r"\s*#\s*define\s+(\w+)(.*)", re.DOTALL)
MAX_COPIES = 256
"""Variants of one duplicated statement before we give up (UnsupportedError)."""


# -------------------------------------------------------------------- pieces


@dataclass(frozen=True, slots=True)
class TokPiece:
    index: int


@dataclass(frozen=True, slots=True)
class DirPiece:
    text: str
    line: int


@dataclass(frozen=True, slots=True)
class TextPiece:
    """Text the lifting adds (not from the source)."""

    text: str


@dataclass(frozen=True)
class Alternative:
    condition: Formula
    pieces: tuple[Piece, ...]
    renames: Mapping[int, str] = field(default_factory=dict)
    """Token index -> suffix appended (labels and gotos of a duplicated copy)."""
    line: int | None = None
    """Physical line of the branch's directive, where its guard is written."""


@dataclass(frozen=True)
class Choice:
    alternatives: tuple[Alternative, ...]
    line: int
    end_line: int | None = None
    """Physical line of the #endif, where the closing brace is written."""


Piece = TokPiece | DirPiece | TextPiece | Choice


@dataclass(frozen=True)
class Entry:
    """A file-scope declaration or definition, for the additivity check."""

    names: tuple[tuple[str, str], ...]
    """(namespace-qualified name, kind) with kind in function/object/typedef/tag/enum/decl."""
    text: str
    presence: Formula
    keys: tuple[int, ...]
    """Feature conditionals (kept additively) around it."""


@dataclass(frozen=True)
class ParsedFile:
    pieces: tuple[Piece, ...]
    entries: tuple[Entry, ...]


# ---------------------------------------------------------------- exceptions


def _defines_macro(pieces: Iterable[Piece]) -> bool:
    """Do the pieces (nested choices too) #define or #undef a macro?"""
    for piece in pieces:
        if isinstance(piece, DirPiece) and piece.text.lstrip("# \t").startswith(("define",
                                                                                 "undef")):
            return True
        if isinstance(piece, Choice) and any(_defines_macro(a.pieces)
                                             for a in piece.alternatives):
            return True
    return False


class Undecided(Exception):
    """The parser met conditional `key` where it cannot be guarded as it stands."""

    def __init__(self, key: int) -> None:
        super().__init__(key)
        self.key = key


class Structural(Exception):
    """File-scope conditional `key` must be decided per variant."""

    def __init__(self, key: int) -> None:
        super().__init__(key)
        self.key = key


class Structurals(Structural):
    """Several conditionals found structural at once (the round then adds them all)."""

    def __init__(self, keys: set[int]) -> None:
        super().__init__(min(keys))
        self.keys = keys


class _Syntax(Exception):
    def __init__(self, message: str, position: int) -> None:
        super().__init__(message)
        self.message = message
        self.position = position


class _NotAligned(Exception):
    pass


class _Escalate(Exception):
    pass


class _RestartBody(Exception):
    def __init__(self, key: int) -> None:
        super().__init__(key)
        self.key = key


# ---------------------------------------------------------------- parse state


@dataclass(frozen=True)
class Ctx:
    psi: Formula
    decided: Mapping[int, int]

    def extend(self, key: int, branch: int, formula: Formula) -> Ctx:
        decided = dict(self.decided)
        decided[key] = branch
        return Ctx(fm.conj(self.psi, formula), decided)


@dataclass
class Info:
    decl: bool = False
    """A declaration among the items of this list (its scope reaches past them)."""
    cases: bool = False
    """A case/default label belonging to a switch outside."""
    labels: dict[str, list[int]] = field(default_factory=dict)
    gotos: dict[str, list[int]] = field(default_factory=dict)

    def merge(self, other: Info, cases: bool = True) -> None:
        self.cases = self.cases or (other.cases and cases)
        for name, where in other.labels.items():
            self.labels.setdefault(name, []).extend(where)
        for name, where in other.gotos.items():
            self.gotos.setdefault(name, []).extend(where)


class CParser:
    def __init__(self, analysis: Analysis, oracle: Oracle, typedefs: set[str],
                 sized: frozenset[str] | None = None) -> None:
        """`sized`: names of records whose conditional members must stay conditional
        (their layout is observed); None: all of them."""
        self.analysis = analysis
        self.sized = sized
        self.records: dict[str, RecordShape] = {}
        """Records declared with a superset of members: name -> how it is written."""
        self._member_seq: list[str] = []
        self._member_path: list[str] = []
        self.notes: list[str] = []
        self.edits: list[MemberEdit] = []
        self._member_psi: dict[str, Formula] = {}
        """Of the record being read: each conditional member -> where it is declared."""
        self._presence: list[Formula] | None = None
        self._root: Formula = fm.TRUE
        self._use_index: dict[str, list[int]] | None = None
        self._define_list: list[tuple[int, str, str]] | None = None
        self.stream = analysis.stream
        self.tokens = analysis.tokens
        self.conds = analysis.conditionals
        self.oracle = oracle
        self.typedefs = set(typedefs)
        self._forced: dict[tuple[Formula, int], int | None] = {}
        self._token_pos = {item.index: pos for pos, item in enumerate(self.stream)
                           if isinstance(item, Tok)}
        self.goto_positions = self._gotos()
        self.container = self._containers()
        self.empty = self._empty_conditionals()

    # -- setup ---------------------------------------------------------------------

    def _gotos(self) -> dict[str, list[int]]:
        result: dict[str, list[int]] = {}
        previous: Token | None = None
        for pos, item in enumerate(self.stream):
            if not isinstance(item, Tok):
                continue
            token = self.tokens[item.index]
            if previous is not None and previous.text == "goto" and token.kind == "id":
                result.setdefault(token.text, []).append(pos)
            previous = token
        return result

    def _containers(self) -> list[int | None]:
        """Innermost conditional strictly containing each position."""
        result: list[int | None] = [None] * (len(self.stream) + 1)
        stack: list[int] = []
        for pos, item in enumerate(self.stream):
            result[pos] = stack[-1] if stack else None
            if isinstance(item, Begin) and item.branch == 0:
                stack.append(item.key)
            elif isinstance(item, End):
                stack.pop()
        return result

    def _empty_conditionals(self) -> frozenset[int]:
        """Conditionals with no code and no directive left to write in any branch
        (a `#define` inside a struct that nothing uses, dropped by the analysis):
        whichever branch a configuration takes, the text is the same, so the parser
        reads through them even where no `if` could stand (a struct body)."""
        full: set[int] = set()
        keys: set[int] = set()
        stack: list[int] = []
        for item in self.stream:
            if isinstance(item, Begin):
                if item.branch == 0:
                    stack.append(item.key)
                    keys.add(item.key)
            elif isinstance(item, End):
                stack.pop()
            elif isinstance(item, Tok) or item.text:
                full.update(stack)
        return frozenset(keys - full)

    # -- deciding conditionals ------------------------------------------------------

    def feasible(self, ctx: Ctx, key: int) -> list[int]:
        cond = self.conds[key]
        return [i for i, branch in enumerate(cond.branches)
                if self.oracle.satisfiable(fm.conj(ctx.psi, branch.formula))]

    def branch_of(self, ctx: Ctx, key: int) -> int | None:
        decided = ctx.decided.get(key)
        if decided is not None:
            return decided
        memo = (ctx.psi, key)
        if memo not in self._forced:
            feasible = self.feasible(ctx, key)
            self._forced[memo] = feasible[0] if len(feasible) == 1 else None
        return self._forced[memo]

    def inside_open(self, pos: int, ctx: Ctx) -> bool:
        """Is `pos` inside a conditional that `ctx` leaves open?"""
        key = self.container[pos] if pos < len(self.container) else None
        while key is not None:
            if self.branch_of(ctx, key) is None:
                return True
            key = self.container[self.conds[key].start]
        return False

    # -- reading -----------------------------------------------------------------------

    def norm(self, pos: int, ctx: Ctx, pieces: list[Piece] | None = None,
             limit: int | None = None) -> int:
        """Skip directives (recording them) and read through decided conditionals;
        stop at a token, an open conditional, the end, or `limit`."""
        stream = self.stream
        while pos < len(stream) and (limit is None or pos < limit):
            item = stream[pos]
            if isinstance(item, Dir):
                if pieces is not None and item.text:
                    pieces.append(DirPiece(item.text, item.line))
                pos += 1
            elif isinstance(item, Begin):
                cond = self.conds[item.key]
                if item.key in self.empty:
                    pos = cond.end
                    continue
                branch = self.branch_of(ctx, item.key)
                if branch is None:
                    return pos
                if item.branch == branch:
                    pos += 1
                elif item.branch < branch:
                    pos = cond.branches[branch].start
                else:
                    pos = cond.end
            elif isinstance(item, End):
                pos += 1
            else:
                return pos
        return pos

    def peek(self, pos: int, ctx: Ctx) -> Token | None:
        pos = self.norm(pos, ctx)
        if pos >= len(self.stream):
            return None
        item = self.stream[pos]
        if isinstance(item, Begin):
            raise Undecided(item.key)
        assert isinstance(item, Tok)
        return self.tokens[item.index]

    def peek_text(self, pos: int, ctx: Ctx) -> str | None:
        token = self.peek(pos, ctx)
        return None if token is None else token.text

    def peek_after(self, pos: int, ctx: Ctx) -> tuple[Token | None, int]:
        """The next token and the position after it."""
        pos = self.norm(pos, ctx)
        if pos >= len(self.stream):
            return None, pos
        item = self.stream[pos]
        if isinstance(item, Begin):
            raise Undecided(item.key)
        assert isinstance(item, Tok)
        return self.tokens[item.index], pos + 1

    def take(self, pos: int, ctx: Ctx, pieces: list[Piece]) -> int:
        pos = self.norm(pos, ctx, pieces)
        if pos >= len(self.stream):
            raise _Syntax("unexpected end of file", pos)
        item = self.stream[pos]
        if isinstance(item, Begin):
            raise Undecided(item.key)
        assert isinstance(item, Tok)
        pieces.append(TokPiece(item.index))
        return pos + 1

    def expect(self, pos: int, ctx: Ctx, pieces: list[Piece], text: str) -> int:
        token = self.peek(pos, ctx)
        if token is None or token.text != text:
            found = "end of file" if token is None else f"'{token.text}'"
            raise _Syntax(f"expected '{text}', found {found}", self.norm(pos, ctx))
        return self.take(pos, ctx, pieces)

    def balanced(self, pos: int, ctx: Ctx, pieces: list[Piece]) -> int:
        """Consume a bracketed group starting at an opening bracket."""
        stack: list[str] = []
        while True:
            token = self.peek(pos, ctx)
            if token is None:
                raise _Syntax("unbalanced brackets", pos)
            text = token.text
            pos = self.take(pos, ctx, pieces)
            if text in _CLOSERS:
                stack.append(_CLOSERS[text])
            elif text in (")", "]", "}"):
                if not stack or stack.pop() != text:
                    raise _Syntax(f"unbalanced '{text}'", pos - 1)
                if not stack:
                    return pos

    # -- file scope --------------------------------------------------------------------

    def parse_file(self, ctx: Ctx) -> ParsedFile:
        self._root = ctx.psi
        pieces: list[Piece] = []
        entries: list[Entry] = []
        try:
            self.file_items(0, len(self.stream), ctx, pieces, entries, fm.TRUE, ())
        except _Syntax as exc:
            raise ParseError(f"cannot parse C: {exc.message}", self.location(exc.position)) \
                from None
        return ParsedFile(tuple(pieces), tuple(entries))

    def file_items(self, pos: int, limit: int, ctx: Ctx, pieces: list[Piece],
                   entries: list[Entry], presence: Formula, keys: tuple[int, ...]) -> int:
        while True:
            pos = self.norm(pos, ctx, pieces, limit)
            if pos >= limit or pos >= len(self.stream):
                return pos
            item = self.stream[pos]
            if isinstance(item, Begin):
                pos = self.file_conditional(item.key, ctx, pieces, entries, presence, keys)
                continue
            token = self.tokens[item.index]  # type: ignore[union-attr]  # norm() stopped at a Tok
            if token.text == "}":
                raise _Syntax("unbalanced '}' at file scope", pos)
            try:
                pos = self.external(pos, ctx, pieces, entries, presence, keys)
            except Undecided as exc:
                raise Structural(exc.key) from None
            if pos > limit:
                raise _NotAligned

    def file_conditional(self, key: int, ctx: Ctx, pieces: list[Piece], entries: list[Entry],
                         presence: Formula, keys: tuple[int, ...]) -> int:
        """A file-scope conditional around whole declarations is kept additively
        (every branch's declarations, unconditionally); anything else is structural."""
        cond = self.conds[key]
        for branch_index in self.feasible(ctx, key):
            branch = cond.branches[branch_index]
            sub_ctx = ctx.extend(key, branch_index, branch.formula)
            try:
                self.file_items(branch.start, cond.end, sub_ctx, pieces, entries,
                                fm.conj(presence, branch.formula), (*keys, key))
            except (_NotAligned, _Syntax):
                raise Structural(key) from None
        return cond.end

    def external(self, pos: int, ctx: Ctx, pieces: list[Piece], entries: list[Entry],
                 presence: Formula, keys: tuple[int, ...]) -> int:
        start = len(pieces)
        first = self.norm(pos, ctx)
        header: list[Token] = []
        after_equals = False
        superset: list[int] = []
        while True:
            token = self.peek(pos, ctx)
            if token is None:
                raise _Syntax("declaration not finished at end of file", pos)
            text = token.text
            if text == ";":
                pos = self.take(pos, ctx, pieces)
                self.record(header, pieces[start:], entries, presence, keys, function=False)
                if superset:
                    self.superset_record(header, superset, first)
                return pos
            if text == "{":
                if after_equals or _aggregate_head(header):
                    sub: list[Piece] = []
                    if not after_equals and self.sized is not None and _record_head(header):
                        pos = self.member_list(pos, ctx, sub, superset)
                    else:
                        pos = self.balanced(pos, ctx, sub)
                    pieces.extend(sub)
                    header.extend(self.tokens[p.index] for p in sub if isinstance(p, TokPiece))
                    continue
                if superset:
                    raise Structurals(set(superset))
                self.record(header, pieces[start:], entries, presence, keys, function=True)
                return self.function_body(pos, ctx, pieces)
            if text in ("(", "["):
                sub = []
                pos = self.balanced(pos, ctx, sub)
                pieces.extend(sub)
                header.extend(self.tokens[p.index] for p in sub if isinstance(p, TokPiece))
                continue
            if text in (")", "]", "}"):
                raise _Syntax(f"unbalanced '{text}'", self.norm(pos, ctx))
            if text == "=":
                after_equals = True
            header.append(token)
            pos = self.take(pos, ctx, pieces)

    def member_list(self, pos: int, ctx: Ctx, pieces: list[Piece], kept: list[int]) -> int:
        """A struct or union body from its `{`: a conditional between whole member
        declarations keeps every branch's members (their keys go to `kept`), when
        no two branches name the same member; `superset_record` then decides."""
        pos = self.take(pos, ctx, pieces)
        self._member_seq = []
        return self.members(pos, None, ctx, pieces, kept)

    def members(self, pos: int, limit: int | None, ctx: Ctx, pieces: list[Piece],
                kept: list[int], owner: int = -1) -> int:
        """Member declarations up to the closing `}` (taken), or up to `limit` (a
        conditional's branch, which must end between two members)."""
        while True:
            pos = self.norm(pos, ctx, pieces, limit)
            if limit is not None and pos >= limit:
                return pos
            if pos >= len(self.stream):
                raise _Syntax("struct not finished at end of file", pos)
            item = self.stream[pos]
            if isinstance(item, Begin):
                pos = self.member_conditional(item.key, ctx, pieces, kept)
                continue
            if self.tokens[item.index].text == "}":  # type: ignore[union-attr]
                if limit is not None:
                    raise Undecided(owner)
                return self.take(pos, ctx, pieces)
            mark = len(pieces)
            pos = self.member(pos, ctx, pieces)
            self._member_seq.append(" ".join(
                self.tokens[p.index].text for p in pieces[mark:] if isinstance(p, TokPiece))
                + " @ " + " & ".join(self._member_path))
            if limit is not None and pos > limit:
                raise Undecided(owner)

    def member(self, pos: int, ctx: Ctx, pieces: list[Piece]) -> int:
        """One member declaration through its `;`, or up to the body's `}` (the
        last one may be a macro call such as `IF_X(int x;)`)."""
        while True:
            token = self.peek(pos, ctx)
            if token is None:
                raise _Syntax("struct not finished at end of file", pos)
            if token.text == "}":
                return pos
            if token.text in _CLOSERS:
                pos = self.balanced(pos, ctx, pieces)
                continue
            if token.text in (")", "]"):
                raise _Syntax(f"unbalanced '{token.text}'", self.norm(pos, ctx))
            pos = self.take(pos, ctx, pieces)
            if token.text == ";":
                return pos

    def member_conditional(self, key: int, ctx: Ctx, pieces: list[Piece],
                           kept: list[int]) -> int:
        cond = self.conds[key]
        kept.append(key)
        names: list[set[str]] = []
        for branch_index in self.feasible(ctx, key):
            branch = cond.branches[branch_index]
            sub: list[Piece] = []
            self._member_path.append(str(branch.formula))
            try:
                self.members(branch.start, cond.end,
                             ctx.extend(key, branch_index, branch.formula), sub, kept, key)
            except Undecided:
                raise Undecided(key) from None
            finally:
                self._member_path.pop()
            names.append({t.text for p in sub if isinstance(p, TokPiece)
                          for t in (self.tokens[p.index],)
                          if t.kind == "id" and t.text not in C_KEYWORDS
                          and t.text not in self.typedefs})
            for name in names[-1]:
                self._member_psi[name] = fm.disj(self._member_psi.get(name, fm.FALSE),
                                                 fm.conj(ctx.psi, branch.formula))
            pieces.extend(sub)
        for i, mine in enumerate(names):
            if any(mine & other for other in names[i + 1:]):
                raise Undecided(key)
        return cond.end

    def superset_record(self, header: list[Token], kept: list[int], pos: int) -> None:
        """A record whose member conditionals were all kept: declared with every
        member unless its layout is observed (`sized`), then they are structural."""
        summary = summarize_declaration(header, self.typedefs)
        names = {*summary.names, *summary.tags}
        assert self.sized is not None  # members are kept only when sizes are known
        members, self._member_psi = self._member_psi, {}
        if names & self.sized or not self.members_used_where_declared(members):
            raise Structurals(set(kept))
        edits = [self.member_edits(key) for key in kept]
        if None in edits:
            raise Structurals(set(kept))
        self.edits.extend(e for e in edits if e is not None)
        depth = 0
        outside: list[str] = []
        for token in header:
            depth += (token.text == "{") - (token.text == "}")
            if depth == 0 and token.text != "}":
                outside.append(token.text)
        shape = RecordShape(" ".join(outside), tuple(self._member_seq))
        self.records.update(dict.fromkeys(names, shape))
        where = self.location(pos)
        conditions = ", ".join(dict.fromkeys(
            f"`{self.conds[k].branches[0].formula}`" for k in kept))
        self.notes.append(f"{SUPERSET_NOTE}{' '.join(sorted(names))} at {where.path}:"
                          f"{where.line}, members under {conditions}")

    def member_edits(self, key: int) -> MemberEdit | None:
        """How the compiled replay's text declares a kept conditional's members in
        every configuration too (None: no edit would, a pseudo conditional other
        than an `IF_X` call)."""
        cond = self.conds[key]
        linemap = self.analysis.linemap
        if cond.pseudo:
            if not cond.call:
                return None
            where = linemap.location(cond.line)
            return MemberEdit(where.path, (where.line,), cond.call)
        if cond.end_line is None:
            return None
        lines = [cond.line, *(b.line for b in cond.branches[1:] if b.line is not None),
                 cond.end_line]
        places = [linemap.location(line) for line in lines]
        if len({w.path for w in places}) != 1:
            return None
        return MemberEdit(places[0].path, tuple(w.line for w in places))

    def members_used_where_declared(self, members: Mapping[str, Formula]) -> bool:
        """Does every `.m` / `->m` of a conditional member `m` stand where `m` is
        declared? Elsewhere a build has no `m` and does not compile, which the
        superset of members would hide. In a macro's body (`#define x (G.x)`)
        the macro's uses must stand there, where that definition is seen."""
        presence = self.presence()
        wanted: list[tuple[str, bool, Formula, Formula, int]] = [
            (m, True, need, fm.TRUE, 0) for m, need in members.items()]
        seen: set[str] = set()
        while wanted:
            name, member, need, defined, depth = wanted.pop()
            for pos in self._uses().get(name, ()):
                before = self.stream[pos - 1] if pos else None
                if member and not (isinstance(before, Tok)
                                   and self.tokens[before.index].text in (".", "->")):
                    continue
                if self.oracle.satisfiable(fm.conj(self._root, presence[pos], defined,
                                                   fm.neg(need))):
                    return False
            pattern = re.compile(rf"(?:\.|->)\s*{name}\b" if member else rf"\b{name}\b")
            for pos, macro, body in self._defines():
                if macro in seen or not pattern.search(body):
                    continue
                if depth == 4:
                    return False
                seen.add(macro)
                wanted.append((macro, False, need, fm.conj(defined, presence[pos]), depth + 1))
        return True

    def _uses(self) -> dict[str, list[int]]:
        """Each identifier -> the positions of the stream where it stands."""
        if self._use_index is None:
            index: dict[str, list[int]] = {}
            for pos, item in enumerate(self.stream):
                if isinstance(item, Tok):
                    token = self.tokens[item.index]
                    if token.kind == "id":  # a renamed macro's use as its definition says
                        name = self.analysis.replacements.get(item.index, token.text)
                        index.setdefault(name, []).append(pos)
            self._use_index = index
        return self._use_index

    def _defines(self) -> list[tuple[int, str, str]]:
        """Each `#define` of the stream: (position, name, body)."""
        if self._define_list is None:
            found = [(pos, match.group(1), match.group(2)) for pos, item in enumerate(self.stream)
                     if isinstance(item, Dir)
                     for match in (_DEFINE.match(item.text),) if match]
            self._define_list = found
        return self._define_list

    def presence(self) -> list[Formula]:
        """The condition under which each position of the stream is read."""
        if self._presence is None:
            stack: list[tuple[int, Formula]] = []
            out: list[Formula] = []
            current: Formula = fm.TRUE
            for item in self.stream:
                if isinstance(item, Begin):
                    if stack and stack[-1][0] == item.key:
                        stack.pop()
                    stack.append((item.key, self.conds[item.key].branches[item.branch].formula))
                    current = fm.conj(*(f for _, f in stack))
                elif isinstance(item, End) and stack:
                    stack.pop()
                    current = fm.conj(*(f for _, f in stack))
                out.append(current)
            self._presence = out
        return self._presence

    def record(self, header: list[Token], pieces: list[Piece], entries: list[Entry],
               presence: Formula, keys: tuple[int, ...], function: bool) -> None:
        summary = summarize_declaration(header, self.typedefs)
        if summary.typedef:
            self.typedefs.update(summary.names)
        names: list[tuple[str, str]] = []
        for name in summary.names:
            if function:
                kind = "function"
            elif summary.typedef:
                kind = "typedef"
            elif name in summary.prototypes:
                kind = "prototype"
            elif summary.initialized:
                kind = "object"
            else:
                kind = "variable"
            names.append((name, kind))
        names.extend((f"struct {tag}", "tag") for tag in summary.tags)
        names.extend((const, "enum") for const in summary.enum_constants)
        text = " ".join(t.text for t in header)
        entries.append(Entry(tuple(names), text, presence, keys))

    def function_body(self, pos: int, ctx: Ctx, pieces: list[Piece]) -> int:
        body: list[Piece] = []
        try:
            end = self.compound(pos, ctx, Info(), body, function_body=True)
        except _RestartBody as restart:
            body = []
            inner = self.take(pos, ctx, body)
            info = Info()
            inner = self.fork(inner, restart.key, ctx, info, body, whole_body=True)
            end = self.expect(inner, ctx, body, "}")
        pieces.extend(body)
        return end

    # -- statements ----------------------------------------------------------------------

    def compound(self, pos: int, ctx: Ctx, info: Info, pieces: list[Piece],
                 function_body: bool = False) -> int:
        pos = self.expect(pos, ctx, pieces, "{")
        inner = Info()
        pos = self.items(pos, ctx, inner, pieces, function_body)
        info.merge(inner)
        return self.expect(pos, ctx, pieces, "}")

    def items(self, pos: int, ctx: Ctx, info: Info, pieces: list[Piece],
              function_body: bool = False) -> int:
        """Block items up to (not including) the closing brace."""
        while True:
            pos = self.norm(pos, ctx, pieces)
            if pos >= len(self.stream):
                return pos
            item = self.stream[pos]
            if isinstance(item, Begin):
                pos = self.conditional_item(item.key, ctx, info, pieces, function_body)
                continue
            if self.tokens[item.index].text == "}":  # type: ignore[union-attr]  # norm() stopped at a Tok
                return pos
            pos = self.item(pos, ctx, info, pieces, function_body)

    def item(self, pos: int, ctx: Ctx, info: Info, pieces: list[Piece],
             function_body: bool = False) -> int:
        try:
            sub: list[Piece] = []
            label_end = self.label(pos, ctx, info, sub)
            if label_end is not None:
                # A label is an item of its own here, so a duplicated statement
                # after it does not drag the label (and its switch) along.
                pieces.extend(sub)
                return label_end
            declaration = self.is_declaration(pos, ctx)
            end = self.statement(pos, ctx, info, sub)
        except Undecided as exc:
            if self.conds[exc.key].start < pos:
                raise
            return self.fork(pos, exc.key, ctx, info, pieces, function_body=function_body)
        if declaration:
            info.decl = True
            self.note_typedef(sub)
        pieces.extend(sub)
        return end

    def conditional_item(self, key: int, ctx: Ctx, info: Info, pieces: list[Piece],
                         function_body: bool) -> int:
        cond = self.conds[key]
        try:
            alternatives, branch_info = self.aligned(key, ctx)
        except _NotAligned:
            return self.fork(cond.start, key, ctx, info, pieces, function_body=function_body)
        info.merge(branch_info)
        pieces.append(Choice(tuple(alternatives), cond.line, cond.end_line))
        return cond.end

    def aligned(self, key: int, ctx: Ctx) -> tuple[list[Alternative], Info]:
        cond = self.conds[key]
        alternatives: list[Alternative] = []
        merged = Info()
        for branch_index in self.feasible(ctx, key):
            branch = cond.branches[branch_index]
            sub_ctx = ctx.extend(key, branch_index, branch.formula)
            sub: list[Piece] = []
            info = Info()
            pos = branch.start
            try:
                while True:
                    pos = self.norm(pos, sub_ctx, sub, limit=cond.end)
                    if pos >= cond.end:
                        break
                    item = self.stream[pos]
                    if isinstance(item, Begin):
                        pos = self.conditional_item(item.key, sub_ctx, info, sub, False)
                    elif self.tokens[item.index].text == "}":  # type: ignore[union-attr]  # norm(): a Tok
                        raise _NotAligned
                    else:
                        pos = self.item(pos, sub_ctx, info, sub)
                    if pos > cond.end:
                        raise _NotAligned
            except (Undecided, _Syntax, _Escalate):
                raise _NotAligned from None
            if info.decl or info.cases or self.jumps_in(info, cond.start, cond.end):
                raise _NotAligned
            merged.merge(info)
            alternatives.append(Alternative(self.simplify(branch.formula, ctx.psi), tuple(sub),
                                            line=branch.line))
        return alternatives, merged

    def simplify(self, condition: Formula, psi: Formula) -> Formula:
        """`condition` where the enclosing code already runs under `psi`: boolean
        features that `psi` decides are replaced by their values."""
        if psi == fm.TRUE:
            return condition
        values: dict[str, Formula] = {}
        for var in variables(condition):
            if not var.boolean:
                continue
            if not self.oracle.satisfiable(fm.conj(psi, fm.neg(var))):
                values[var.name] = fm.TRUE
            elif not self.oracle.satisfiable(fm.conj(psi, var)):
                values[var.name] = fm.FALSE
        return fm.substitute(condition, values) if values else condition

    def jumps_in(self, info: Info, start: int, end: int) -> bool:
        """Does a goto outside [start, end) target a label defined inside?"""
        return any(not start <= where < end
                   for name in info.labels for where in self.goto_positions.get(name, ()))

    def fork(self, start: int, key: int, ctx: Ctx, info: Info, pieces: list[Piece],
             function_body: bool = False, whole_body: bool = False) -> int:
        """Duplicate the statements from `start` per variant of the conditionals they meet."""
        region_end = self.conds[key].end
        to_block_end = whole_body
        while True:
            paths = self.fork_paths(start, key, ctx, region_end, to_block_end)
            if not to_block_end and any(p[2].decl for p in paths):
                split = self.split_initialization(paths, ctx)
                if split is not None:
                    pieces.extend(split)
                    info.decl = True  # `T x;` stays in the list: an enclosing conditional
                    return paths[0][3]  # that forks must copy to the end of x's block
                to_block_end = True
                continue
            ends = {p[3] for p in paths}
            if len(ends) == 1:
                break
            if to_block_end:
                raise Undecided(key)
            region_end = max(ends)
        end = paths[0][3]
        if any(p[2].cases for p in paths):
            raise Undecided(key)
        if len(paths) > 1 and any(_defines_macro(p[1]) for p in paths):
            raise Undecided(key)  # each copy would see the macros the copy before defined
        labels = {name for p in paths for name in p[2].labels}
        if not whole_body and any(not start <= where < end for name in labels
                                  for where in self.goto_positions.get(name, ())):
            if function_body:
                raise _RestartBody(key)
            raise Undecided(key)
        alternatives = []
        for number, (condition, sub, sub_info, _) in enumerate(paths, start=1):
            renames = {}
            for name in labels:
                for index in (*sub_info.labels.get(name, ()), *sub_info.gotos.get(name, ())):
                    renames[index] = f"__liftdiff_{number}"
            alternatives.append(Alternative(self.simplify(condition, ctx.psi), tuple(sub),
                                            renames))
            info.merge(sub_info)
        if len(alternatives) == 1:
            pieces.extend(alternatives[0].pieces)
        else:
            pieces.append(Choice(tuple(alternatives), self.first_line(start, key)))
        return end

    def first_line(self, start: int, key: int) -> int:
        """Physical line where a duplicated region begins (for its guard)."""
        for item in self.stream[start:self.conds[key].end]:
            if isinstance(item, Tok):
                return self.tokens[item.index].line
        return self.conds[key].line

    def split_initialization(self, paths: list[tuple[Formula, list[Piece], Info, int]],
                             ctx: Ctx) -> list[Piece] | None:
        """`T x = e1;` in one variant and `T x = e2;` in another declare the same
        object: write `T x;` once and choose the assignment `x = e_i;`, so the
        scope of x needs no copies. Only for a single, non-const, non-static
        scalar-style declarator (where initialising and assigning agree)."""
        if len({p[3] for p in paths}) != 1:
            return None
        head: list[str] | None = None
        declaration: list[Piece] = []
        alternatives: list[Alternative] = []
        for condition, sub, info, _ in paths:
            if info.labels or not sub or not all(isinstance(p, TokPiece) for p in sub):
                return None
            texts = [self.tokens[p.index].text for p in sub]  # type: ignore[union-attr]  # all TokPieces
            equals = _top_level(texts, "=")
            if (texts[-1] != ";" or len(equals) != 1 or _top_level(texts, ";") != [len(texts) - 1]
                    or _top_level(texts, ",")):
                return None
            at = equals[0]
            name = self.tokens[sub[at - 1].index]  # type: ignore[union-attr]  # all TokPieces
            if (at < 2 or name.kind != "id" or name.text in C_KEYWORDS
                    or texts[at + 1] == "{"
                    or any(t in _NOT_ASSIGNABLE for t in texts[:at])):
                return None
            if head is None:
                head = texts[:at]
                declaration = sub[:at]
            elif texts[:at] != head:
                return None
            alternatives.append(Alternative(self.simplify(condition, ctx.psi),
                                            (sub[at - 1], *sub[at:])))
        line = self.tokens[declaration[0].index].line  # type: ignore[union-attr]  # TokPieces
        return [*declaration, TextPiece(";"), Choice(tuple(alternatives), line)]

    def fork_paths(self, start: int, key: int, ctx: Ctx, region_end: int,
                   to_block_end: bool) -> list[tuple[Formula, list[Piece], Info, int]]:
        paths: list[tuple[Formula, list[Piece], Info, int]] = []
        work = [(ctx.extend(key, i, self.conds[key].branches[i].formula),
                 self.conds[key].branches[i].formula) for i in self.feasible(ctx, key)]
        while work:
            if len(paths) + len(work) > MAX_COPIES:
                cond = self.conds[key]
                raise UnsupportedError(
                    f"more than {MAX_COPIES} variants of one statement; split the "
                    "conditional compilation or reduce the features",
                    self.analysis.linemap.location(cond.line))
            path_ctx, condition = work.pop(0)
            try:
                sub, sub_info, end = self.region(start, path_ctx, ctx, region_end, to_block_end)
            except Undecided as exc:
                inner = self.conds[exc.key]
                if exc.key in path_ctx.decided or inner.start < start:
                    raise
                for i in self.feasible(path_ctx, exc.key):
                    formula = inner.branches[i].formula
                    work.append((path_ctx.extend(exc.key, i, formula),
                                 fm.conj(condition, formula)))
                continue
            except (_Syntax, _Escalate):
                raise Undecided(key) from None
            paths.append((condition, sub, sub_info, end))
        return paths

    def region(self, start: int, path_ctx: Ctx, outer: Ctx, region_end: int,
               to_block_end: bool) -> tuple[list[Piece], Info, int]:
        pieces: list[Piece] = []
        info = Info()
        pos = start
        while True:
            pos = self.norm(pos, path_ctx, pieces)
            at_end = pos >= len(self.stream)
            item = None if at_end else self.stream[pos]
            closing = isinstance(item, Tok) and self.tokens[item.index].text == "}"
            if to_block_end:
                if at_end:
                    raise _Syntax("missing '}'", pos)
                if closing:
                    if self.inside_open(pos, outer):
                        raise _Escalate
                    return pieces, info, pos
            else:
                if pos >= region_end and not self.inside_open(pos, outer):
                    return pieces, info, pos
                if at_end or closing:
                    raise _Escalate
            if isinstance(item, Begin):
                pos = self.conditional_item(item.key, path_ctx, info, pieces, False)
            else:
                pos = self.item(pos, path_ctx, info, pieces)

    def statement(self, pos: int, ctx: Ctx, info: Info, pieces: list[Piece]) -> int:
        token = self.peek(pos, ctx)
        if token is None:
            raise _Syntax("statement expected at end of file", pos)
        text = token.text
        if text == "{":
            return self.compound(pos, ctx, info, pieces)
        if text == "if":
            while True:  # an else-if chain iteratively: such chains get long
                pos = self.head(pos, ctx, pieces, "if")
                pos = self.statement(pos, ctx, info, pieces)
                if not self.else_follows(pos, ctx):
                    return pos
                pos = self.take(pos, ctx, pieces)
                if self.peek_text(pos, ctx) != "if":
                    return self.statement(pos, ctx, info, pieces)
        if text in ("while", "for", "switch"):
            pos = self.head(pos, ctx, pieces, text)
            if text == "switch":
                inner = Info()
                pos = self.statement(pos, ctx, inner, pieces)
                info.merge(inner, cases=False)
                return pos
            return self.statement(pos, ctx, info, pieces)
        if text == "do":
            pos = self.take(pos, ctx, pieces)
            pos = self.statement(pos, ctx, info, pieces)
            pos = self.expect(pos, ctx, pieces, "while")
            if self.peek_text(pos, ctx) != "(":
                raise _Syntax("'(' expected after 'while'", self.norm(pos, ctx))
            pos = self.balanced(pos, ctx, pieces)
            return self.expect(pos, ctx, pieces, ";")
        label_end = self.label(pos, ctx, info, pieces)
        if label_end is not None:
            return self.after_label(label_end, ctx, info, pieces)
        if text == "goto":
            pos = self.take(pos, ctx, pieces)
            target = self.peek(pos, ctx)
            if target is not None and target.kind == "id":
                index = self.stream[self.norm(pos, ctx)].index  # type: ignore[union-attr]  # peek() saw a Tok
                info.gotos.setdefault(target.text, []).append(index)
        return self.simple(pos, ctx, pieces)

    def label(self, pos: int, ctx: Ctx, info: Info, pieces: list[Piece]) -> int | None:
        """Consume `case e:`, `default:` or `name:` if one starts here."""
        token = self.peek(pos, ctx)
        if token is None:
            return None
        if token.text in ("case", "default"):
            pos = self.label_expression(pos, ctx, pieces)
            info.cases = True
            return pos
        if token.kind == "id" and token.text not in C_KEYWORDS:
            start = self.norm(pos, ctx)
            following, _ = self.peek_after(start + 1, ctx)
            if following is not None and following.text == ":":
                index = self.stream[start].index  # type: ignore[union-attr]  # `token` is there
                info.labels.setdefault(token.text, []).append(index)
                pos = self.take(pos, ctx, pieces)
                return self.take(pos, ctx, pieces)
        return None

    def head(self, pos: int, ctx: Ctx, pieces: list[Piece], keyword: str) -> int:
        """`keyword ( ... )`."""
        pos = self.take(pos, ctx, pieces)
        if self.peek_text(pos, ctx) != "(":
            raise _Syntax(f"'(' expected after '{keyword}'", self.norm(pos, ctx))
        return self.balanced(pos, ctx, pieces)

    def label_expression(self, pos: int, ctx: Ctx, pieces: list[Piece]) -> int:
        """`case expr :` or `default :` (a '?' inside needs its own ':')."""
        pos = self.take(pos, ctx, pieces)
        pending = 0
        while True:
            token = self.peek(pos, ctx)
            if token is None or token.text in (";", "{", "}"):
                raise _Syntax("':' expected after case label", self.norm(pos, ctx))
            if token.text in ("(", "["):
                pos = self.balanced(pos, ctx, pieces)
                continue
            pos = self.take(pos, ctx, pieces)
            if token.text == "?":
                pending += 1
            elif token.text == ":":
                if pending == 0:
                    return pos
                pending -= 1

    def after_label(self, pos: int, ctx: Ctx, info: Info, pieces: list[Piece]) -> int:
        if self.peek_text(pos, ctx) == "}":
            return pos
        return self.statement(pos, ctx, info, pieces)

    def simple(self, pos: int, ctx: Ctx, pieces: list[Piece]) -> int:
        """An expression statement or declaration: up to ';' (or a '}' that ends the
        block, for a macro call written without its semicolon)."""
        while True:
            token = self.peek(pos, ctx)
            if token is None:
                raise _Syntax("';' expected at end of file", pos)
            text = token.text
            if text == ";":
                return self.take(pos, ctx, pieces)
            if text == "}":
                return pos
            if text in _CLOSERS:
                pos = self.balanced(pos, ctx, pieces)
                continue
            if text in (")", "]"):
                raise _Syntax(f"unbalanced '{text}'", self.norm(pos, ctx))
            pos = self.take(pos, ctx, pieces)

    def else_follows(self, pos: int, ctx: Ctx) -> bool:
        """Is the next token `else`? An open conditional here only matters when one
        of its branches could begin with `else`."""
        pos = self.norm(pos, ctx)
        if pos >= len(self.stream):
            return False
        item = self.stream[pos]
        if isinstance(item, Tok):
            return self.tokens[item.index].text == "else"
        assert isinstance(item, Begin)
        cond = self.conds[item.key]
        for branch_index in self.feasible(ctx, item.key):
            branch = cond.branches[branch_index]
            first = self.first_token(branch.start, branch.end)
            if first is None:
                if self.else_follows(cond.end, ctx):
                    raise Undecided(item.key)
            elif first is False or first.text == "else":
                raise Undecided(item.key)
        return False

    def first_token(self, start: int, end: int) -> Token | Literal[False] | None:
        """First token of a branch: None when empty, False when a conditional comes first."""
        for pos in range(start, end):
            item = self.stream[pos]
            if isinstance(item, Tok):
                return self.tokens[item.index]
            if isinstance(item, (Begin, End)):
                return False
        return None

    def is_declaration(self, pos: int, ctx: Ctx) -> bool:
        first, after = self.peek_after(pos, ctx)
        if first is None:
            return False
        if first.text in TYPE_WORDS:
            return True
        if first.kind != "id" or first.text in C_KEYWORDS:
            return False
        second, after2 = self.peek_after(after, ctx)
        if second is None:
            return False
        if second.kind == "id" and second.text not in C_KEYWORDS:
            return True
        if second.text == "*":
            if first.text in self.typedefs:
                return True
            third, after3 = self.peek_after(after2, ctx)
            if third is not None and third.kind == "id":
                fourth, _ = self.peek_after(after3, ctx)
                return fourth is not None and fourth.text in (";", "=", ",", "[", ")")
        return False

    def note_typedef(self, pieces: list[Piece]) -> None:
        tokens = [self.tokens[p.index] for p in pieces if isinstance(p, TokPiece)]
        if tokens and tokens[0].text == "typedef":
            self.typedefs.update(summarize_declaration(tokens, self.typedefs).names)

    def location(self, pos: int) -> Location:
        for index in range(min(pos, len(self.stream) - 1), -1, -1):
            item = self.stream[index]
            if isinstance(item, Tok):
                return self.analysis.linemap.location(self.tokens[item.index].line)
            if isinstance(item, Dir):
                return self.analysis.linemap.location(item.line)
        return Location(self.analysis.path, 1)


# --------------------------------------------------------- declaration summaries


@dataclass(frozen=True)
class DeclarationSummary:
    names: tuple[str, ...]
    typedef: bool
    initialized: bool
    prototypes: tuple[str, ...]
    """Names declared as functions (a parameter list right after the name)."""
    tags: tuple[str, ...]
    """struct/union/enum tags given a body here."""
    enum_constants: tuple[str, ...]


def summarize_declaration(tokens: list[Token], typedefs: set[str]) -> DeclarationSummary:
    """Names a declaration introduces, by the usual declarator shape: the name is
    the identifier right before a parameter list or array bound, else the last
    identifier of the declarator (type names and macros such as FAST_FUNC come
    before it)."""
    names: list[str] = []
    prototypes: list[str] = []
    tags: list[str] = []
    enum_constants: list[str] = []
    typedef = any(t.text == "typedef" for t in tokens)
    initialized = False
    name: str | None = None
    last: str | None = None
    i = 0
    n = len(tokens)

    def finish() -> None:
        chosen = name or last
        if chosen is not None:
            names.append(chosen)

    while i < n:
        token = tokens[i]
        text = token.text
        if text in ("struct", "union", "enum"):
            i += 1
            if i < n and tokens[i].kind == "id" and tokens[i].text not in C_KEYWORDS:
                tag = tokens[i].text
                i += 1
                if i < n and tokens[i].text == "{":
                    tags.append(tag)
            if i < n and tokens[i].text == "{":
                close = _matching(tokens, i)
                if text == "enum":
                    enum_constants.extend(_enumerators(tokens[i + 1:close]))
                i = close + 1
            continue
        if text in ("__attribute__", "__attribute", "__asm__", "asm", "__asm"):
            i += 1
            if i < n and tokens[i].text == "(":
                i = _matching(tokens, i) + 1
            continue
        if text == "=":
            initialized = True
            i += 1
            depth = 0
            while i < n and not (depth == 0 and tokens[i].text in (",", ";")):
                if tokens[i].text in _CLOSERS:
                    depth += 1
                elif tokens[i].text in (")", "]", "}"):
                    depth -= 1
                i += 1
            continue
        if text in (",", ";"):
            finish()
            name = last = None
            i += 1
            continue
        if text == "(":
            previous = tokens[i - 1] if i > 0 else None
            if previous is not None and (previous.text == ")" or (
                    previous.kind == "id" and previous.text == last)):
                if name is None and last is not None:
                    name = last
                    if previous.text == last:
                        prototypes.append(last)
                i = _matching(tokens, i) + 1
                continue
            i += 1
            continue
        if text == "[":
            if name is None and last is not None:
                name = last
            i = _matching(tokens, i) + 1
            continue
        if token.kind == "id" and text not in C_KEYWORDS:
            last = text
        i += 1
    finish()
    if not typedef:
        names = [x for x in names if not (x in typedefs and x not in prototypes
                                          and len(names) == 1 and _only_type(tokens, x))]
    return DeclarationSummary(tuple(dict.fromkeys(names)), typedef, initialized,
                              tuple(prototypes), tuple(tags), tuple(enum_constants))


def _only_type(tokens: list[Token], name: str) -> bool:
    """`T;` or `const T;` with T a typedef declares nothing."""
    return all(t.text in TYPE_WORDS or t.text in (name, ";") for t in tokens)


_NOT_ASSIGNABLE = frozenset({"const", "static", "extern", "typedef", "_Thread_local", "[",
                             "(", "__attribute__", "__attribute", "__const"})


def _top_level(texts: list[str], wanted: str) -> list[int]:
    """Indexes of `wanted` outside any brackets."""
    found = []
    depth = 0
    for index, text in enumerate(texts):
        if text in _CLOSERS:
            depth += 1
        elif text in (")", "]", "}"):
            depth -= 1
        elif text == wanted and depth == 0:
            found.append(index)
    return found


def _matching(tokens: list[Token], i: int) -> int:
    depth = 0
    for j in range(i, len(tokens)):
        if tokens[j].text in _CLOSERS:
            depth += 1
        elif tokens[j].text in (")", "]", "}"):
            depth -= 1
            if depth == 0:
                return j
    return len(tokens) - 1


def _enumerators(tokens: list[Token]) -> list[str]:
    result: list[str] = []
    expect_name = True
    depth = 0
    for token in tokens:
        if token.text in _CLOSERS:
            depth += 1
        elif token.text in (")", "]", "}"):
            depth -= 1
        elif depth == 0 and token.text == ",":
            expect_name = True
        elif depth == 0 and expect_name and token.kind == "id":
            result.append(token.text)
            expect_name = False
    return result


def _record_head(header: list[Token]) -> bool:
    """Does a '{' here open a struct or union body?"""
    return any(token.text in ("struct", "union") for token in header[-2:])


def _aggregate_head(header: list[Token]) -> bool:
    """Does a '{' here open a struct/union/enum body (not a function body)?"""
    for token in reversed(header[-3:]):
        if token.text in ("struct", "union", "enum"):
            return True
        if token.text in (")", ";", "="):
            return False
    return bool(header) and header[-1].text in ("struct", "union", "enum")
