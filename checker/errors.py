"""Typed exceptions the engine raises; entry points turn them into messages and exit codes."""

from __future__ import annotations

from checker.location import Location


class LiftdiffError(Exception):
    """Base of every error we raise on purpose; carries an optional source location."""

    def __init__(self, message: str, location: Location | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.location = location

    def __str__(self) -> str:
        if self.location is None:
            return self.message
        return f"{self.location}: {self.message}"


class InputError(LiftdiffError):
    """Bad user input: a missing file, an unknown function name, a bad option."""


class ConfigError(LiftdiffError):
    """A malformed settings file or setting value."""


class ParseError(LiftdiffError):
    """C text that does not preprocess or parse."""


class UnsupportedError(LiftdiffError):
    """A C construct the front end cannot model faithfully; names the construct."""

    def __init__(self, construct: str, location: Location | None = None) -> None:
        super().__init__(f"unsupported: {construct}", location)
        self.construct = construct


class FeatureNotConstant(UnsupportedError):
    """A numeric feature (`CONFIG_FEATURE_EDITING_HISTORY`) where C needs a
    constant (an array's length): no symbolic value will do there. With a value
    for it (`Settings.numeric_defaults`, the project's Kconfig default) the
    function is checked again with the feature fixed to it."""

    def __init__(self, macro: str, location: Location | None = None, where: str = "") -> None:
        super().__init__(f"'{macro}', a numeric configuration value, is used where C needs a "
                         f"constant (an array's length{where}): give it a value with -D "
                         f"{macro}=N (liftdiff commit and scan take it from the project's "
                         "Kconfig defaults)", location)
        self.macro = macro


class OutOfTime(Exception):
    """A product or its lowering was still being built at its deadline (a loop
    unrolled so far that the merged states grow past what the budget allows): the
    caller answers "undecided"; not a LiftdiffError, no message for the user."""


class RecursionFound(UnsupportedError):
    """Inlining met a cycle of calls; the loops/recursion engine may take over."""

    def __init__(self, cycle: tuple[str, ...], location: Location | None = None) -> None:
        super().__init__("recursion (" + " -> ".join(cycle) + ")", location)
        self.cycle = cycle
