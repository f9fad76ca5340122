"""The project's Kconfig defaults of numeric options, for where C needs a constant.

A Kconfig `int` or `hex` option (`config FEATURE_EDITING_HISTORY`, `int "History
size"`, `default 255`) is a feature like any other, checked for every value; but
where C needs a constant (`char *history[MAX_HISTORY + 1]`) no symbolic value
will do, and the engine takes the option's default there
(`Settings.numeric_defaults`), saying so in the verdict. The defaults are read
from the Kconfig files of the newest revision analysed (`Config.in`,
`Config.src`, `Kconfig*`, and BusyBox's `//config:` lines inside C files,
which its build gathers into Config.in); an option given two different
defaults gets none.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable

from hooks.gitrepo import Snapshot

_KCONFIG_FILE = re.compile(r"^(?:Config\.(?:in|src)|Kconfig(?:\..*)?)$")
_SYMBOL = re.compile(r"^\s*(?:menu)?config\s+(\w+)\s*$")
_NUMERIC = re.compile(r"^\s*(?:int|hex)\b")
_DEFAULT = re.compile(r"^\s*default\s+(-?\d+|0[xX][0-9a-fA-F]+)\s*$")
_PREFIX = "CONFIG_"
_IN_C = re.compile(r"^//config:(.*)$", re.MULTILINE)


def numeric_defaults(snapshot: Snapshot) -> tuple[tuple[str, str], ...]:
    """(CONFIG_NAME, value) of every numeric option with one unconditional default."""
    texts: list[str] = []
    for path in snapshot.paths():
        kconfig = _KCONFIG_FILE.match(posixpath.basename(path)) is not None
        if kconfig or path.endswith(".c"):
            text = snapshot.text(path)
            if text is not None and kconfig:
                texts.append(text)
            elif text is not None and "//config:" in text:
                texts.append("\n".join(_IN_C.findall(text)))
    return parse_defaults(texts)


def parse_defaults(texts: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """The numeric defaults of Kconfig `texts` (see `numeric_defaults`)."""
    found: dict[str, set[str]] = {}
    for text in texts:
        symbol: str | None = None
        numeric = False
        default: str | None = None
        for line in [*text.splitlines(), "config"]:  # a last line closes the last option
            if (start := _SYMBOL.match(line)) or line == "config":
                if symbol and numeric and default is not None:
                    found.setdefault(_PREFIX + symbol, set()).add(default)
                symbol, numeric, default = (start[1] if start else None), False, None
            elif _NUMERIC.match(line):
                numeric = True
            elif default is None and (value := _DEFAULT.match(line)):
                default = str(int(value[1], 0))
    return tuple(sorted((name, next(iter(values))) for name, values in found.items()
                        if len(values) == 1))
