"""Replays: a candidate witness executed by our IR interpreter and by gcc-compiled code.

Enters: the old and new `Cfa`s, the original C texts and an `Assignment` of
concrete inputs. `interp` runs a CFA with `concrete_ops` and the real libm;
`compiled_replay` compiles the user's own code with a generated harness
(`ir_to_c` spells values and expressions in C). Leaves: an `Observation` of
each version and their differences; a compiled replay that contradicts the
interpreter vetoes the candidate. The engines call these replays to confirm
every candidate, so this stage sits under them.
"""
