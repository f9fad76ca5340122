"""The lowering: parsed C to IR, every implicit conversion, call and aggregate made explicit.

Enters: a `Program` (checker.frontend), a function name and the settings.
C's implicit conversions become explicit, callees are inlined, structs are
flattened into scalar variables and arrays and pointees into regions
(`layout`), undefined behaviour becomes a trap, loops are unrolled when the
bounded engine asks. Leaves: a `Cfa` (checker.ir) whose inputs and outputs
are keyed so that the old and the new version meet.
"""
