"""Products of an annotated file for one configuration, by the real preprocessor.

`derive_product` is the oracle the lifting is checked against: gcc's
preprocessor decides every conditional, with `-D`/`-U` per feature and the
BusyBox `IF_X(...)` macros defined to keep or drop their argument. `#include`
lines are hidden from gcc (so it needs no headers) and put back afterwards.
gcc also expands the file's own macros; the `#line` markers it writes keep the
original line numbers. Without gcc, our own evaluation (the same one lifting
uses, with every feature decided) produces the product and says so.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Mapping

from checker.errors import ParseError
from checker.location import Location
from checker.types import Settings
from checker.variability import formula as fm
from checker.variability.analysis import Begin, Dir, Tok
from checker.variability.cparse import DirPiece, Piece, TokPiece
from checker.variability.emit import Emitter
from checker.variability.features import ConditionalMacros
from checker.variability.formula import Formula
from checker.variability.lexer import INCLUDE_LINE
from checker.variability.lift import Front
from checker.variability.types import ProductText, lifted_values

_MARKER = "__liftdiff_hidden_include_{}__"
_MARKER_LINE = re.compile(r"^\s*__liftdiff_hidden_include_(\d+)__\s*$")
_CONDITION_LINE = re.compile(r"^[ \t]*#[ \t]*(?:if|elif)\b.*$", re.MULTILINE)
_DEFINED_EX = re.compile(r"\bdefinedEx\b")
_LINEMARK = re.compile(r'^# (\d+) "((?:[^"\\]|\\.)*)"(?: \d+)*\s*$')
_GCC_TIMEOUT = 60


def compiler_flags(configuration: Mapping[str, int | None], settings: Settings) -> list[str]:
    """`-D`/`-U` flags compiling the annotated source for one configuration
    (feature macro -> value, None for undefined), the conditional macros
    `IF_X(...)`/`IF_NOT_X(...)` of every `ENABLE_X` feature, and the fixed
    `defines` of the settings."""
    flags = [f"-D{name}={value}" for name, value in settings.defines]
    conditional = ConditionalMacros.from_settings(settings)
    for name in sorted(configuration):
        value = configuration[name]
        flags.append(f"-U{name}" if value is None else f"-D{name}={value}")
        on = value is not None and value != 0
        for macro, negated in conditional.macro_names(name):
            keep = on != negated
            flags.append(f"-D{macro}(...)=" + ("__VA_ARGS__" if keep else ""))
    return flags


def gcc_available(compiler: str = "gcc") -> bool:
    return shutil.which(compiler) is not None


def derive_product(text: str, path: str, configuration: Mapping[str, int | None],
                   settings: Settings, method: str = "auto") -> ProductText:
    """The product of `text` for `configuration` (features not mentioned are
    undefined). `method`: "gcc", "python", or "auto" (gcc when installed)."""
    use_gcc = method == "gcc" or (method == "auto" and gcc_available(settings.compiler))
    if use_gcc:
        return ProductText(path, _gcc_product(text, path, configuration, settings),
                           dict(configuration), "gcc")
    return ProductText(path, python_product(Front(text, path, settings), configuration),
                       dict(configuration), "python")


def _gcc_product(text: str, path: str, configuration: Mapping[str, int | None],
                 settings: Settings) -> str:
    hidden: list[str] = []

    def hide(match: re.Match[str]) -> str:
        hidden.append(match.group(0).strip())
        return _MARKER.format(len(hidden) - 1)

    # TypeChef's definedEx(X) is defined(X); a macro cannot say so (its argument
    # would be expanded first), so the directives are rewritten.
    body = _CONDITION_LINE.sub(lambda m: _DEFINED_EX.sub("defined", m.group(0)),
                               text.replace("\r\n", "\n"))
    source = f'#line 1 "{path}"\n' + INCLUDE_LINE.sub(hide, body)
    command = [settings.compiler, "-E", "-undef", "-nostdinc", "-x", "c", "-std=gnu11",
               *compiler_flags(configuration, settings), "-"]
    try:
        run = subprocess.run(command, input=source, capture_output=True, text=True,
                             timeout=_GCC_TIMEOUT, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise ParseError(f"running the preprocessor failed: {exc}", Location(path, 1)) from None
    if run.returncode != 0:
        raise _gcc_error(run.stderr, path)
    return _restore(run.stdout, hidden)


def _gcc_error(stderr: str, path: str) -> ParseError:
    for line in stderr.splitlines():
        match = re.match(r"^(.*?):(\d+):(?:\d+:)?\s*(?:fatal )?error:\s*(.*)$", line)
        if match:
            file = path if match.group(1) in ("<stdin>", "-") else match.group(1)
            where = Location(file, int(match.group(2)))
            return ParseError(f"preprocessor: {match.group(3)}", where)
    return ParseError(f"preprocessor failed: {stderr.strip()[:300]}", Location(path, 1))


def _restore(output: str, hidden: list[str]) -> str:
    lines: list[str] = []
    for line in output.split("\n"):
        mark = _LINEMARK.match(line)
        if mark:
            file = mark.group(2)
            if file.startswith("<") and file.endswith(">"):
                continue
            lines.append(f'#line {mark.group(1)} "{file}"')
            continue
        hidden_match = _MARKER_LINE.match(line)
        if hidden_match:
            lines.append(hidden[int(hidden_match.group(1))])
            continue
        lines.append(line)
    return "\n".join(lines).rstrip("\n") + "\n"


def python_product(front: Front, configuration: Mapping[str, int | None]) -> str:
    """Our own derivation: every feature conditional decided by `configuration`,
    `IF_X(...)` resolved, feature macros in code replaced by their values;
    other macros are left for the C preprocessor."""
    values = lifted_values(front.table.features.values(), configuration)
    analysis = front.analyse(_exact(values), values)
    pieces: list[Piece] = []
    for item in analysis.stream:
        if isinstance(item, Tok):
            pieces.append(TokPiece(item.index))
        elif isinstance(item, Dir) and item.text:
            pieces.append(DirPiece(item.text, item.line))
    names = {name: str(value) for name, value in values.items()}
    return Emitter(analysis, names, by_value=True).emit(tuple(pieces), [])


def product_key(front: Front, configuration: Mapping[str, int | None]) -> tuple[str, ...]:
    """The tokens and directives of a product, cheaply: the first-pass stream read
    with every conditional decided by `configuration` (whose formulas are exact),
    feature macros in code replaced by their values. Equal keys, equal products."""
    values = lifted_values(front.table.features.values(), configuration)
    analysis = front.base
    stream = analysis.stream
    conds = analysis.conditionals
    out: list[str] = []
    pos = 0
    while pos < len(stream):
        item = stream[pos]
        if isinstance(item, Tok):
            token = analysis.tokens[item.index]
            out.append(str(values[token.text]) if item.index in analysis.replacements
                       else token.text)
            pos += 1
        elif isinstance(item, Dir):
            if item.text:
                out.append(item.text)
            pos += 1
        elif isinstance(item, Begin):
            cond = conds[item.key]
            taken = next(i for i, b in enumerate(cond.branches) if b.formula.holds(values))
            if item.branch == taken:
                pos += 1
            elif item.branch < taken:
                pos = cond.branches[taken].start
            else:
                pos = cond.end
        else:
            pos += 1
    return tuple(out)


def _exact(values: Mapping[str, int]) -> Formula:
    return fm.conj(*(fm.binary("==", fm.Var(name, False), fm.Const(value))
                     for name, value in sorted(values.items())))
