"""Parsed pieces -> lifted C text that keeps every original line number.

Each token goes on an output line tagged with its original (file, line); when
the next token comes from elsewhere (a duplicated copy, a skipped branch, an
included header) a `#line` directive is emitted, or a few blank lines for a
short forward gap. Guards are written as ordinary `if` statements over the
lifted feature variables.
"""

from __future__ import annotations

from collections.abc import Mapping

from checker.variability.analysis import Analysis
from checker.variability.cparse import Alternative, Choice, DirPiece, Piece, TextPiece, TokPiece

_MAX_BLANK_GAP = 8


class _Lines:
    """Output lines, each tagged with the original (file, line) it stands for."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.parts: list[str] = []
        self.origin: tuple[str, int] | None = None
        self.open = False
        self.previous_token = -2

    def move_to(self, origin: tuple[str, int]) -> None:
        if self.open and origin == self.origin:
            return
        last = self.origin
        self.flush()
        gap = origin[1] - last[1] if last is not None and last[0] == origin[0] else 0
        if 0 < gap <= _MAX_BLANK_GAP:
            self.out.extend([""] * (gap - 1))
        else:
            self.out.append(f'#line {origin[1]} "{origin[0]}"')
        self.origin = origin
        self.open = True

    def add(self, text: str, glue: bool) -> None:
        if self.parts and not glue and not self.parts[-1].isspace():
            self.parts.append(" ")
        self.parts.append(text)

    def flush(self) -> None:
        if self.open:
            self.out.append("".join(self.parts))
        self.parts = []
        self.open = False

    def directive(self, origin: tuple[str, int], text: str) -> None:
        self.flush()
        self.move_to(origin)
        self.parts = [text]
        self.flush()
        self.previous_token = -2

    def synthetic(self, text: str) -> None:
        if not self.open:
            if self.origin is not None:
                self.origin = (self.origin[0], self.origin[1] + 1)
            self.open = True
        self.add(text, False)
        self.previous_token = -2

    def text(self) -> str:
        self.flush()
        return "\n".join(self.out) + "\n"


class Emitter:
    def __init__(self, analysis: Analysis, names: Mapping[str, str],
                 by_value: bool = False) -> None:
        self.analysis = analysis
        self.names = names
        self.by_value = by_value
        """Feature macros in code become `names[macro]` (a product's values)."""
        self.lines = _Lines()

    def emit(self, pieces: tuple[Piece, ...], header: list[str]) -> str:
        self.lines.out.extend(header)
        self.walk(pieces, ())
        return self.lines.text()

    def walk(self, pieces: tuple[Piece, ...], suffixes: tuple[Mapping[int, str], ...]) -> None:
        for piece in pieces:
            if isinstance(piece, TokPiece):
                self.token(piece.index, suffixes)
            elif isinstance(piece, DirPiece):
                self.lines.directive(self.analysis.linemap.origin(piece.line), piece.text)
            elif isinstance(piece, TextPiece):
                self.lines.add(piece.text, True)
                self.lines.previous_token = -2
            else:
                self.choice(piece, suffixes)

    def token(self, index: int, suffixes: tuple[Mapping[int, str], ...]) -> None:
        token = self.analysis.tokens[index]
        text = self.analysis.replacements.get(index, token.text)
        if self.by_value and index in self.analysis.replacements:
            text = self.names[token.text]
        for renames in suffixes:
            text += renames.get(index, "")
        self.lines.move_to(self.analysis.linemap.origin(token.line))
        if not self.lines.parts and token.line < len(self.analysis.indents):
            self.lines.parts.append(self.analysis.indents[token.line])
            glue = True
        else:
            glue = index == self.lines.previous_token + 1 and index in self.analysis.glued
        self.lines.add(text, glue)
        self.lines.previous_token = index

    def synthetic(self, text: str) -> None:
        self.lines.synthetic(text)

    def choice(self, choice: Choice, suffixes: tuple[Mapping[int, str], ...]) -> None:
        filled = [a for a in choice.alternatives if a.pieces]
        if len(choice.alternatives) == 1:
            self.nested(choice.alternatives[0], suffixes)
            return
        if not filled:
            return
        exhaustive = len(filled) == len(choice.alternatives)
        for number, alternative in enumerate(filled):
            condition = alternative.condition.to_c(self.names)
            if number == 0:
                self.lines.move_to(self.origin(choice.line))
                self.indent(choice.line)
                self.synthetic(f"if ({condition}) {{")
            else:
                if alternative.line is not None:
                    self.lines.move_to(self.origin(alternative.line))
                if exhaustive and number == len(filled) - 1:
                    self.synthetic("} else {")
                else:
                    self.synthetic(f"}} else if ({condition}) {{")
            self.nested(alternative, suffixes)
        if choice.end_line is not None:
            self.lines.move_to(self.origin(choice.end_line))
        self.synthetic("}")

    def indent(self, line: int) -> None:
        if not self.lines.parts and line < len(self.analysis.indents):
            self.lines.parts.append(self.analysis.indents[line])

    def origin(self, line: int) -> tuple[str, int]:
        return self.analysis.linemap.origin(line)

    def nested(self, alternative: Alternative, suffixes: tuple[Mapping[int, str], ...]) -> None:
        inner = (*suffixes, alternative.renames) if alternative.renames else suffixes
        self.walk(alternative.pieces, inner)
