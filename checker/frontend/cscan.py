"""A careful scanner for raw C text with `#if`s: top-level items, not an AST.

Git-side change detection must work on every revision of a product line,
including text the engine cannot parse (unbalanced braces across `#if`
branches, unknown macros, code in `#if 0`). So this module only tokenizes
(with the variability lexer, tolerant of unterminated comments), tracks brace
depth through conditional branches, and cuts the file into top-level items
(function definitions, declarations, directives). Each item knows its exact
text, its line span, its normalized token text (comments and layout dropped,
so cosmetic edits compare equal) and the names it defines and mentions.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from checker.semantics.keywords import KEYWORDS
from checker.variability import lexer

_RESERVED = KEYWORDS | {"defined"}
"""Words that are never a function's or a global's name (`defined` from `#if`s)."""
_STORAGE = frozenset(["static", "inline", "__inline", "__inline__", "extern", "register"])


class TokenKind(enum.Enum):
    IDENT = "ident"
    NUMBER = "number"
    STRING = "string"
    CHAR = "char"
    PUNCT = "punct"
    DIRECTIVE = "directive"


@dataclass(frozen=True)
class Token:
    kind: TokenKind
    text: str
    """For DIRECTIVE: the normalized directive (comments dropped, spaces collapsed)."""
    line: int
    start: int
    end: int


_KINDS = {
    "id": TokenKind.IDENT,
    "num": TokenKind.NUMBER,
    "str": TokenKind.STRING,
    "chr": TokenKind.CHAR,
    "punct": TokenKind.PUNCT,
    "other": TokenKind.PUNCT,  # a stray character or an unterminated quote
}
_DIRECTIVE_NAME = re.compile(r"#\s*([A-Za-z_]+)")


def _scan(text: str) -> tuple[lexer.Element, ...]:
    return lexer.scan(text, "<scan>", tolerant=True).elements


def tokenize(text: str) -> list[Token]:
    """Tokens of C text; a preprocessor directive is one DIRECTIVE token, its text
    normalized (comments and continuations dropped, spaces collapsed: `# if  X /*c*/`
    -> `#if X`).

    Never fails: an unterminated comment ends at the file end, an unterminated
    quote is a character of its own, because `#if 0` blocks and half-edited files
    contain anything.
    """
    tokens: list[Token] = []
    for element in _scan(text):
        if isinstance(element, lexer.Directive):
            words = [element.name, *(t.text for t in element.tokens)] if element.name else []
            normalized = "#" + " ".join(words)
            tokens.append(
                Token(TokenKind.DIRECTIVE, normalized, element.line + 1, element.start, element.end)
            )
        else:
            kind = _KINDS[element.kind]
            tokens.append(Token(kind, element.text, element.line + 1, element.start, element.end))
    return tokens


def directive_name(token: Token) -> str:
    match = _DIRECTIVE_NAME.match(token.text)
    return match.group(1) if match else ""


class ItemKind(enum.Enum):
    FUNCTION = "function"
    DECLARATION = "declaration"
    DIRECTIVE = "directive"


@dataclass(frozen=True)
class Item:
    """One top-level piece of a C file."""

    kind: ItemKind
    name: str | None
    """The function's name, a macro's name, or None."""
    start_line: int
    end_line: int
    text: str
    normalized: str
    """Token texts joined by single spaces (directives on their own), comments dropped."""
    signature: str
    """FUNCTION only: return type, name and parameter types, without parameter names."""
    conditions: tuple[str, ...]
    """Enclosing top-level conditional directives, outermost first (`#if A`, `#else`...)."""
    opened_at: tuple[int, ...]
    """The line of each enclosing conditional's `#if`: two conditionals with the same
    text are still two (a `#define` between them may change what they test)."""
    defines: frozenset[str]
    mentions: frozenset[str]


def never_compiled(conditions: Sequence[str]) -> bool:
    """Whether an item under these conditionals (cscan labels) is in no build: the
    first branch of `#if 0`, as people comment code out."""
    return "#if 0" in conditions


def closing_bracket(tokens: Sequence[Token], start: int) -> int:
    """Index of the bracket that closes the one at `start` (any of ( [ {), or the
    last token where the text ends first (a slice may be cut short)."""
    depth = 0
    for index in range(start, len(tokens)):
        if tokens[index].text in "([{":
            depth += 1
        elif tokens[index].text in ")]}":
            depth -= 1
            if depth == 0:
                return index
    return len(tokens) - 1


def _join(tokens: list[Token]) -> str:
    out: list[str] = []
    for token in tokens:
        if token.kind is TokenKind.DIRECTIVE:
            out.append("\n" + token.text + "\n")
        else:
            out.append(token.text)
    return " ".join(out).replace(" \n", "\n").replace("\n ", "\n").strip()


def _identifiers(tokens: list[Token]) -> set[str]:
    names: set[str] = set()
    for token in tokens:
        if token.kind is TokenKind.IDENT and token.text not in _RESERVED:
            names.add(token.text)
        elif token.kind is TokenKind.DIRECTIVE:
            names.update(_directive_identifiers(token.text))
    return names


@functools.lru_cache(maxsize=4096)
def _directive_identifiers(directive: str) -> frozenset[str]:
    """Identifiers of a normalized directive, without the directive's own name
    (memoized: every item inside a conditional names its directive again, and
    hush.c's items re-read their enclosing #ifs 20,000 times, 7 s a version)."""
    if directive.startswith("#include"):
        return frozenset()
    body = directive.split(" ", 1)[1] if " " in directive else ""
    return frozenset(t.text for t in tokenize(body)
                     if t.kind is TokenKind.IDENT and t.text not in _RESERVED)


def _function_name(header: list[Token]) -> str | None:
    """The identifier before the parameter list: the last `name(` at the lowest depth
    (so a macro call before the declaration, `DECLARE(x) int f(void)`, is skipped)."""
    best: tuple[int, str] | None = None
    depth = 0
    for index, token in enumerate(header):
        if token.kind is TokenKind.PUNCT and token.text in "([":
            depth += 1
        elif token.kind is TokenKind.PUNCT and token.text in ")]":
            depth -= 1
        elif (
            token.kind is TokenKind.IDENT
            and token.text not in _RESERVED
            and index + 1 < len(header)
            and header[index + 1].text == "("
            and (best is None or depth <= best[0])
        ):
            best = (depth, token.text)
    return best[1] if best else None


def _adjusted(tokens: list[Token]) -> list[Token]:
    """A parameter of array type is a pointer (C11 6.7.6.3p7): `int a[10]`,
    `int a[]` and `int *a` declare one type, whose spelling here is `int *`."""
    if len(tokens) < 3 or tokens[-1].text != "]" or any(t.text == "(" for t in tokens):
        return tokens
    opening = max(i for i, t in enumerate(tokens) if t.text == "[")
    if any(t.text in "[]" for t in tokens[:opening]):
        return tokens  # an array of arrays: a pointer to arrays, spelt otherwise
    at = tokens[opening]
    return [*tokens[:opening], Token(TokenKind.PUNCT, "*", at.line, at.start, at.start + 1)]


def _signature(header: list[Token], name: str) -> str:
    """Header text without storage classes and parameter names: a rename of a
    parameter or an added `static` is a refactor to check, not a signature change."""
    tokens = [t for t in header if t.kind is not TokenKind.DIRECTIVE and t.text not in _STORAGE]
    open_index = next(
        (
            i
            for i, t in enumerate(tokens)
            if t.text == name and i + 1 < len(tokens) and tokens[i + 1].text == "("
        ),
        None,
    )
    if open_index is None:
        return _join(tokens)
    start = open_index + 1
    depth = 0
    close = len(tokens) - 1
    for i in range(start, len(tokens)):
        if tokens[i].text == "(":
            depth += 1
        elif tokens[i].text == ")":
            depth -= 1
            if depth == 0:
                close = i
                break
    params: list[list[Token]] = [[]]
    depth = 0
    for token in tokens[start + 1 : close]:
        if token.text in "([{":
            depth += 1
        elif token.text in ")]}":
            depth -= 1
        if token.text == "," and depth == 0:
            params.append([])
        else:
            params[-1].append(token)
    kept: list[str] = []
    for param in params:
        names = [
            i for i, t in enumerate(param) if t.kind is TokenKind.IDENT and t.text not in _RESERVED
        ]
        type_tokens = param
        has_type_keyword = any(t.text in _RESERVED for t in param)
        if names and (len(names) > 1 or has_type_keyword):
            drop = names[-1]
            type_tokens = param[:drop] + param[drop + 1 :]
        kept.append(_join(_adjusted(type_tokens)))
    before = _join(tokens[:start])
    after = _join(tokens[close + 1 :])
    return f"{before}({', '.join(kept)}){(' ' + after) if after else ''}"


@dataclass
class _Conditional:
    depth_at_start: int
    line: int
    depth_after_first: int | None = None


def scan(text: str) -> list[Item]:
    """Cut C text into top-level items, in source order."""
    tokens = tokenize(text)
    items: list[Item] = []
    pending: list[Token] = []
    cond_stack: list[tuple[str, _Conditional]] = []
    item_conditions: tuple[str, ...] = ()
    item_opened_at: tuple[int, ...] = ()
    depth = 0
    transparent = 0  # braces of `extern "C" {` that do not nest items
    body_open: int | None = None  # index in `pending` of a function body's `{`

    def conditions() -> tuple[tuple[str, ...], tuple[int, ...]]:
        return (tuple(label for label, _ in cond_stack),
                tuple(state.line for _, state in cond_stack))

    def emit(kind: ItemKind, body_index: int | None = None) -> None:
        nonlocal pending
        code = [t for t in pending if t.kind is not TokenKind.DIRECTIVE] or pending
        first, last = code[0], code[-1]
        item_text = text[first.start : last.end]
        name: str | None = None
        signature = ""
        mentions = _identifiers(pending) | _identifiers_of_conditions(item_conditions)
        if kind is ItemKind.FUNCTION and body_index is not None:
            header = pending[:body_index]
            name = _function_name(header)
            signature = _signature(header, name) if name else _join(header)
            defines = frozenset({name} if name else set())
        elif kind is ItemKind.DIRECTIVE:
            name = _macro_name(first)
            defines = frozenset({name} if name else set())
        else:
            declared, parameters = _declared_names(pending)
            defines = frozenset(declared)
            mentions -= parameters
        items.append(
            Item(
                kind=kind,
                name=name,
                start_line=first.line,
                end_line=last.line + text.count("\n", last.start, last.end),
                text=item_text,
                normalized=_join(pending),
                signature=signature,
                conditions=item_conditions,
                opened_at=item_opened_at,
                defines=defines,
                mentions=frozenset(mentions - defines),
            )
        )
        pending = []

    for token in tokens:
        if token.kind is TokenKind.DIRECTIVE and depth == 0 and _statement_macro(pending):
            emit(ItemKind.DECLARATION)  # `PUSH_AND_SET_FUNCTION_VISIBILITY_TO_HIDDEN`
        if token.kind is TokenKind.DIRECTIVE:
            name = directive_name(token)
            if name in ("if", "ifdef", "ifndef"):
                cond_stack.append((token.text, _Conditional(depth, token.line)))
            elif name in ("elif", "else", "elifdef", "elifndef") and cond_stack:
                label, state = cond_stack[-1]
                if state.depth_after_first is None:
                    state.depth_after_first = depth
                depth = state.depth_at_start
                cond_stack[-1] = (f"{label} {token.text}", state)
            elif name == "endif" and cond_stack:
                _, state = cond_stack.pop()
                if state.depth_after_first is not None:
                    depth = state.depth_after_first
            if depth == 0 and not pending:
                if name in ("define", "undef", "include", "pragma", "error", "warning", "line"):
                    pending = [token]
                    item_conditions, item_opened_at = conditions()
                    emit(ItemKind.DIRECTIVE)
                continue
            pending.append(token)
            continue
        if not pending:
            item_conditions, item_opened_at = conditions()
        text_ = token.text
        if depth == 0:
            if text_ == "{":
                code = _code(pending)
                if len(code) == 2 and code[0].text == "extern" and code[1].kind is TokenKind.STRING:
                    pending = []
                    transparent += 1
                    continue
                depth = 1
                pending.append(token)
                function = _looks_like_function(code) or _knr_header(code)
                body_open = len(pending) - 1 if function else None
                continue
            if text_ == "}" and transparent:
                transparent -= 1
                pending = []
                continue
            pending.append(token)
            if text_ == ";" and not _knr_header(_code(pending)):
                emit(ItemKind.DECLARATION)
            continue
        pending.append(token)
        if text_ == "{":
            depth += 1
        elif text_ == "}":
            depth -= 1
            if depth == 0 and body_open is not None:
                emit(ItemKind.FUNCTION, body_open)
                body_open = None
    if [t for t in pending if t.kind is not TokenKind.DIRECTIVE]:
        if body_open is not None:
            emit(ItemKind.FUNCTION, body_open)
        else:
            emit(ItemKind.DECLARATION)
    return items


@functools.lru_cache(maxsize=64)
def scan_items(text: str) -> tuple[Item, ...]:
    """`scan`, once per text: the old and new versions of a file share their headers,
    and each function of a file is selected and sliced from the same items."""
    return tuple(scan(text))


_MACRO_NAME = re.compile(r"[A-Z_][A-Z0-9_]*$")


def _statement_macro(pending: list[Token]) -> bool:
    """A lone upper-case name before a directive: a macro used as a statement at
    file scope, without a `;` (BusyBox's `PUSH_AND_SET_FUNCTION_VISIBILITY_TO_HIDDEN`),
    not the start of a declaration that runs through the directive."""
    return (len(pending) == 1 and pending[0].kind is TokenKind.IDENT
            and _MACRO_NAME.match(pending[0].text) is not None)


def _looks_like_function(code: list[Token]) -> bool:
    """`... name(params) {` (optionally `) FAST_FUNC {`) with no `=` or `typedef` at
    top level: a definition, not an initializer or a struct body."""
    if len(code) < 3 or code[0].text == "typedef":
        return False
    tail_ok = code[-1].text == ")" or (
        code[-1].kind is TokenKind.IDENT and code[-1].text not in _RESERVED and code[-2].text == ")"
    )
    if not tail_ok:
        return False
    depth = 0
    for token in code:
        if token.text in "([":
            depth += 1
        elif token.text in ")]":
            depth -= 1
        elif depth == 0 and token.text == "=":
            return False
    return _function_name(code) is not None


_NOT_A_TYPE = frozenset(["__attribute__", "__asm__", "__asm", "asm"])


def _code(pending: list[Token]) -> list[Token]:
    return [t for t in pending if t.kind is not TokenKind.DIRECTIVE]


def _knr_header(code: list[Token]) -> bool:
    """`int add(a, b) int a; int b;`: a K&R definition's header, whose parameter
    declarations end in `;` before the body (so a `;` there does not end an item).

    The first `name(` is followed by identifiers only, and after its `)` comes a
    declaration of two tokens or more (`int a`), not an attribute or a `;`: a
    prototype of typedef names, `int f(size_t, FILE);`, stays a declaration.
    A declaration with braces (`struct S { char c[sizeof(T) ...]; };`, `enum { A =
    offsetof(T, m) };`) is never one: the header ends at the body's `{`."""
    if any(token.text == "{" for token in code):
        return False
    for index, token in enumerate(code[:-1]):
        if (token.kind is TokenKind.IDENT and token.text not in _RESERVED
                and code[index + 1].text == "("):
            break
    else:
        return False
    close = index + 2
    while (
        close + 1 < len(code)
        and code[close].kind is TokenKind.IDENT
        and code[close].text not in _RESERVED
        and code[close + 1].text in (",", ")")
    ):
        close += 2
        if code[close - 1].text == ")":
            first_declaration = []
            for after in code[close:]:
                if after.text == ";":
                    break
                first_declaration.append(after)
            return len(first_declaration) >= 2 and first_declaration[0].text not in _NOT_A_TYPE
    return False


def _identifiers_of_conditions(conditions: tuple[str, ...]) -> set[str]:
    names: set[str] = set()
    for label in conditions:
        for part in label.split("#")[1:]:
            names.update(_directive_identifiers("#" + part.strip()))
    return names


def _macro_name(token: Token) -> str | None:
    match = re.match(r"#(?:define|undef) ([A-Za-z_][A-Za-z0-9_]*)", token.text)
    return match.group(1) if match else None


def _declared_names(tokens: list[Token]) -> tuple[set[str], set[str]]:
    """Names a declaration may introduce (identifiers outside braces, and enum
    constants), and its parameters' names (which no other code can name).

    Over-approximating the first is safe: a name wrongly counted as defined only
    pulls the declaration into more functions' context. Left out, as certainly
    no file-scope name: identifiers inside `__attribute__((...))` or `asm(...)`
    (`format(printf, 1, 2)`); inside a parameter list (`int f(char *s)`: a
    parenthesis after a lower-case name or after `)` opens one, whereas
    `IF_FEATURE_X(...)` may wrap whole declarations); words after a parameter
    list (`void f(void) NORETURN FAST_FUNC;`); and a word right before
    another (`extern smallint logmode;`, `char *FAST_FUNC xstrdup(...)`: a type
    or a marker, the name comes after it), unless that one looks like a marker
    after the name (`int x FAST_FUNC;`, `int x __read_mostly;`: upper case, or
    reserved). Else every function with a local `s`, or using `smallint`, would
    take every such declaration, and what those reach, as its context.
    """
    code = [t for t in tokens if t.kind is not TokenKind.DIRECTIVE]
    names: set[str] = set()
    parameters: set[str] = set()
    depth = 0
    attribute = False  # `__attribute__` or `asm` seen, its parentheses not yet open
    skipped = 0  # parentheses of such a group still open
    groups: list[bool] = []  # open parentheses: whether each is a parameter list
    marked = False  # past a parameter list: only markers up to `,`, `=` or `;`
    is_enum = False
    previous: Token | None = None
    for index, token in enumerate(code):
        following = code[index + 1] if index + 1 < len(code) else None
        if token.text == "enum":
            is_enum = True
        if skipped or attribute:  # `format(printf, 1, 2)` declares nothing
            if token.text == "(":
                skipped += 1
                attribute = False
            elif token.text == ")":
                skipped -= 1
            continue
        word = token.kind is TokenKind.IDENT and token.text not in _RESERVED
        if token.text == "(":
            groups.append(previous is not None and (previous.text == ")" or (
                previous.kind is TokenKind.IDENT and previous.text not in _RESERVED
                and previous.text != previous.text.upper())))
        elif token.text == ")" and groups:
            marked = groups.pop() and not groups  # `f(void) NORETURN FAST_FUNC;`
        elif token.text in (",", "=", ";") and not groups:
            marked = False
        elif token.text == "{":
            depth += 1
        elif token.text == "}":
            depth -= 1
        elif token.text in _NOT_A_TYPE:
            attribute = True
        elif word and any(groups):
            if _names_parameter(previous, following):
                parameters.add(token.text)
        elif word and not marked and not _names_type(following):
            enum_constant = (
                is_enum and depth == 1 and previous is not None and previous.text in ("{", ",")
            )
            if depth == 0 or enum_constant:
                names.add(token.text)
        previous = token
    return names, parameters - names


def _names_type(following: Token | None) -> bool:
    """Whether the word before `following` is a type or a marker, not a declared
    name (see `_declared_names`)."""
    return following is not None and following.kind is TokenKind.IDENT and not (
        following.text.startswith("__") or following.text == following.text.upper())


def _names_parameter(previous: Token | None, following: Token | None) -> bool:
    """Whether a word inside a parameter list is the parameter's name: after a type
    (a word or `*`, not `struct`/`union`/`enum`, whose next word is a tag) and
    before what ends a declarator."""
    return previous is not None and following is not None and (
        previous.text == "*" or (previous.kind is TokenKind.IDENT
                                 and previous.text not in ("struct", "union", "enum"))
    ) and following.text in (",", ")", "[")


FUNCTION_NAME_IDS = frozenset({"__func__", "__FUNCTION__", "__PRETTY_FUNCTION__"})
"""The name of the function they are in, as a string: C's `__func__` and gcc's
two older spellings (the same in C), which no header declares."""


def rename_identifier(text: str, old: str, new: str) -> str:
    """`text` with every identifier token `old` spelled `new`, in code and in
    directives, but not in strings, character constants or comments; lines keep
    their numbers. Inside the definition of a function `old`, `__func__` (and
    gcc's spellings of it) become the string `"old"`: renamed, the old version
    still has its old name to print."""
    bodies = [(item.start_line, item.end_line) for item in scan_items(text)
              if item.kind is ItemKind.FUNCTION and item.name == old]
    out: list[str] = []
    last = 0
    for element in _scan(text):
        tokens = element.tokens if isinstance(element, lexer.Directive) else (element,)
        for token in tokens:
            if token.kind != "id":
                continue
            if token.text == old:
                spelled = new
            elif token.text in FUNCTION_NAME_IDS and bodies and any(
                    first <= text.count("\n", 0, token.start) + 1 <= end for first, end in bodies):
                spelled = f'"{old}"'
            else:
                continue
            out += [text[last:token.start], spelled]
            last = token.end
    return "".join([*out, text[last:]])
