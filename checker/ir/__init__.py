"""The IR and the meanings engines and replays give it: nodes, operators, folding, loops.

Enters: nothing of the pipeline; the lowering builds CFAs with `cfa_builder`.
Holds every node kind (`ir`) and the meaning of every operator, on Python
values (`concrete_ops`), in z3 bit-vectors and floats (`smt_ops`) and over
mathematical integers with explicit wrap-around (`smt_int`); folding and
simplification that use exactly the concrete meaning (`fold`,
`cfa_simplify`); loop structure and liveness (`cfa_analysis`); a readable
dump (`ir_debug`). Leaves: `Cfa` values and those meanings, for the engines
and the replays.
"""
