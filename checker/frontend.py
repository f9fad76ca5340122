"""One file version from text to Programs: includes, lifting, macros, parse, tables.

Feature conditionals are lifted before ordinary macros are expanded, so the
rest of the pipeline sees plain C over feature variables. A file whose
file-scope declarations differ by configuration yields several variants, each
with the (structural) condition under which it is the product's text.
"""

from __future__ import annotations

from dataclasses import dataclass

from pycparser import c_ast, c_generator

from checker.parse import parse_c
from checker.preprocess import expand_macros, resolve_includes
from checker.program import Program, build_program
from checker.types import Settings, SourceFile
from checker.variability import Feature, Formula, LiftedSource, lift


@dataclass(frozen=True)
class ParsedVariant:
    condition: Formula
    program: Program


@dataclass(frozen=True)
class ParsedFile:
    source: SourceFile
    lifted: LiftedSource
    variants: tuple[ParsedVariant, ...]
    notes: tuple[str, ...]

    @property
    def program(self) -> Program:
        """The first variant's program (the only one in most files)."""
        return self.variants[0].program

    @property
    def features(self) -> tuple[Feature, ...]:
        return self.lifted.features

    def defines(self, name: str) -> bool:
        return any(name in v.program.functions for v in self.variants)

    def function_text(self, name: str) -> str | None:
        """Canonical text of a definition (comments and layout gone) for change detection."""
        texts = [
            c_generator.CGenerator().visit(v.program.functions[name])
            for v in self.variants
            if name in v.program.functions
        ]
        return "\n".join(texts) if texts else None

    def defined_functions(self) -> list[str]:
        names: list[str] = []
        for variant in self.variants:
            for ext in variant.program.ast.ext:
                if isinstance(ext, c_ast.FuncDef) and ext.decl.name not in names:
                    names.append(ext.decl.name)
        return names


def load(source: SourceFile, settings: Settings) -> ParsedFile:
    """Parse `source` into one Program per variant of its lifted text."""
    prepared = resolve_includes(source, settings)
    lifted = lift(prepared.text, source.path, settings)
    variants = []
    for variant in lifted.variants:
        expanded = expand_macros(prepared.path, variant.text, dict(settings.defines))
        ast = parse_c(expanded, prepared.path)
        variants.append(ParsedVariant(variant.condition, build_program(ast, source.path)))
    return ParsedFile(source, lifted, tuple(variants), (*prepared.notes, *lifted.notes))
