"""One file version from text to Programs: includes, lifting, macros, parse, tables.

Feature conditionals are lifted before ordinary macros are expanded, so the
rest of the pipeline sees plain C over feature variables. A file whose
file-scope declarations differ by configuration yields several variants, each
with the (structural) condition under which it is the product's text.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from pycparser import c_ast

from checker.errors import ParseError
from checker.frontend.gnu_syntax import (
    noreturn_functions,
    rewrite_attributes,
    rewrite_case_ranges,
    rewrite_designator_ranges,
    unreadable_extension,
)
from checker.frontend.includes import prelude_header
from checker.frontend.parse import parse_c
from checker.frontend.preprocess import expand_macros, resolve_includes
from checker.frontend.program import Program, build_program
from checker.semantics.keywords import KEYWORDS, TAG_WORDS
from checker.types import Settings, SourceFile
from checker.variability import Feature, Formula, LiftedSource, lift
from checker.variability import formula as fm


@dataclass(frozen=True)
class ParsedVariant:
    condition: Formula
    program: Program
    presence: tuple[tuple[str, Formula], ...] = ()
    """Functions defined only under a condition within this variant."""

    def defined_under(self, function: str) -> Formula:
        """Where in this variant `function` is defined (true unless conditional)."""
        conditions = [c for name, c in self.presence if name == function]
        return fm.disj(*conditions) if conditions else fm.TRUE


@dataclass(frozen=True)
class ParsedFile:
    source: SourceFile
    lifted: LiftedSource
    variants: tuple[ParsedVariant, ...]
    notes: tuple[str, ...]
    headers: Mapping[str, str] = field(default_factory=dict)
    """Project headers the text included (path -> text), as the preprocessor found them."""

    @property
    def program(self) -> Program:
        """The first variant's program (the only one in most files)."""
        return self.variants[0].program

    @property
    def features(self) -> tuple[Feature, ...]:
        return self.lifted.features

    def defines(self, name: str) -> bool:
        return any(name in v.program.functions for v in self.variants)


STAGE_PREPROCESSOR = "preprocessor"
STAGE_VARIABILITY = "variability front end"
STAGE_PARSER = "parser"


def load(
    source: SourceFile,
    settings: Settings,
    two_state: frozenset[str] = frozenset(),
    stage: Callable[[str], None] | None = None,
) -> ParsedFile:
    """Parse `source` into one Program per variant of its lifted text (`two_state`:
    see `checker.variability.lift`); `stage` is told which stage starts (a time
    limit names the one it stopped)."""
    enter = stage or (lambda _: None)
    enter(STAGE_PREPROCESSOR)
    prepared = resolve_includes(source, settings)
    enter(STAGE_VARIABILITY)
    lifted = lift(prepared.text, source.path, settings, two_state, source.sized_records)
    noreturn = noreturn_functions(prepared.text)
    variants = []
    unknown: list[str] = []
    for variant in lifted.variants:
        enter(STAGE_PREPROCESSOR)
        expanded = expand_macros(prepared.path, variant.text, dict(settings.defines))
        enter(STAGE_PARSER)
        ast, opaque = parse_tolerant(
            rewrite_designator_ranges(rewrite_case_ranges(rewrite_attributes(expanded))),
            prepared.path,
        )
        unknown += [name for name in opaque if name not in unknown]
        program = build_program(ast, source.path, noreturn, source.left_out)
        variants.append(ParsedVariant(variant.condition, program, variant.presence))
    notes = [*prepared.notes, *lifted.notes]
    notes += [f"type '{name}' is not declared here: treated as an opaque type" for name in unknown]
    return ParsedFile(source, lifted, tuple(variants), tuple(notes), prepared.headers)


UNKNOWN_PREFIX = "__liftdiff_unknown_"
MAX_REPAIRS = 40


def parse_tolerant(text: str, path: str) -> tuple[c_ast.FileAST, list[str]]:
    """Parse, declaring type names we have no declaration for (a function taken
    out of its project, a missing header) as opaque types; functions that
    compute with them are then UNSUPPORTED with a clear reason."""
    unknown: list[str] = []
    standard = standard_typedefs()
    while True:
        prefix = "".join(standard.get(n, f"typedef struct {UNKNOWN_PREFIX}{n} {n};") + "\n"
                         for n in unknown)
        if prefix:
            prefix += f'# 1 "{path}"\n'  # the text's own line numbers after the prefix
        try:
            return parse_c(prefix + text, path), unknown
        except ParseError as exc:
            name = _unknown_type(text, path, exc, unknown)
            if name is None or len(unknown) >= MAX_REPAIRS:
                raise _named_extension(text, path, exc) from None
            unknown.append(name)


def _named_extension(text: str, path: str, error: ParseError) -> ParseError:
    """`error`, naming the GNU extension on its line that pycparser cannot read."""
    where = error.location
    line = None if where is None else _source_line(text, path, where.path, where.line)
    word = None if line is None else unreadable_extension(line)
    if word is None:
        return error
    message = error.message.replace(" (an unknown type name or macro?)", "")
    return ParseError(f"{message} (GNU '{word}' is not supported)", where)


@functools.cache
def standard_typedefs() -> dict[str, str]:
    """Typedefs of our stub headers (uint8_t, size_t, ...) by name: a snippet that
    uses them without its #include gets the real type, not an opaque one."""
    found: dict[str, str] = {}
    for header in ("stdint.h", "stddef.h", "stdbool.h"):
        for line in (prelude_header(header) or "").splitlines():
            match = re.match(r"typedef\s+[^;]*?\b(\w+)\s*;", line)
            if match:
                found[match.group(1)] = line.strip()
            alias = re.match(r"#define\s+(\w+)\s+(_Bool)\s*$", line)  # bool
            if alias:
                found[alias.group(1)] = f"typedef {alias.group(2)} {alias.group(1)};"
    return found




def _unknown_type(text: str, path: str, error: ParseError, known: list[str]) -> str | None:
    """The identifier a syntax error most likely stumbled over as an unknown type:
    the one at the error position, or the one just before it; for an error
    without a column ("Invalid declaration"), the first word on its line that
    is used like a type name (followed by a name or `*`). Names in `known` are
    declared already."""
    location = error.location
    if location is None:
        return None
    line = _source_line(text, path, location.path, location.line)
    if line is None:
        return None
    words = [(m.start(), m.group()) for m in re.finditer(r"[A-Za-z_]\w*", line)]
    if location.column:
        at = location.column - 1
        candidates = [w for start, w in words if start == at]
        candidates += [w for start, w in reversed(words) if start < at][:1]
    else:
        candidates = [w for index, (_, w) in enumerate(words)
                      if index == 0 or words[index - 1][1] not in TAG_WORDS]
    for word in candidates:
        rest = line[line.find(word) + len(word) :].lstrip()
        if (word not in KEYWORDS and word not in known
                and (rest[:1] == "*" or re.match(r"[A-Za-z_]", rest))):
            return word
    return None


def _source_line(text: str, start: str, path: str, number: int) -> str | None:
    """Line `number` of file `path` in preprocessed text (following #line markers;
    text before the first marker is line 1 onward of file `start`)."""
    current_file, current = start, 1
    found = None  # the last match: generated declarations may reuse early numbers
    for raw in text.split("\n"):
        marker = re.match(r'\s*#\s*(?:line\s+)?(\d+)\s+"([^"]*)"', raw)
        if marker:
            current, current_file = int(marker.group(1)), marker.group(2)
            continue
        if current_file == path and current == number:
            found = raw
        current += 1
    return found
