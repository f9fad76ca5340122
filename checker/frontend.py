"""One file version from text to a Program: includes, macros, parse, tables."""

from __future__ import annotations

from dataclasses import dataclass

from pycparser import c_ast, c_generator

from checker.parse import parse_c
from checker.preprocess import expand_macros, resolve_includes
from checker.program import Program, build_program
from checker.types import Settings, SourceFile


@dataclass(frozen=True)
class ParsedFile:
    source: SourceFile
    program: Program
    notes: tuple[str, ...]

    def function_text(self, name: str) -> str | None:
        """Canonical text of a definition (comments and layout gone) for change detection."""
        fdef = self.program.functions.get(name)
        if fdef is None:
            return None
        return c_generator.CGenerator().visit(fdef)

    def defined_functions(self) -> list[str]:
        return [ext.decl.name for ext in self.program.ast.ext if isinstance(ext, c_ast.FuncDef)]


def load(source: SourceFile, settings: Settings, text: str | None = None) -> ParsedFile:
    """Parse `source` (or `text`, a lifted variant of it) into a Program."""
    prepared = resolve_includes(
        source if text is None else SourceFile(source.path, text, source.headers), settings
    )
    expanded = expand_macros(prepared.path, prepared.text, dict(settings.defines))
    ast = parse_c(expanded, prepared.path)
    return ParsedFile(source, build_program(ast, source.path), prepared.notes)
