"""The engines that decide one function pair: a product for loop-free code, more for loops.

Enters: the old and new `Program`, a function name, the settings and a
restriction over the shared inputs (feature variables included). `decide`
lowers both versions and chooses: a loop-free pair is one self-composed
`product` (`symexec` into z3 terms), decided by `equiv` (random testing with
`fuzz`, then the solver, lazy concretization, split by output path); loops
and recursion go through `bounded` unrolling, relational invariants
(`houdini`) and Horn clauses for Spacer (`chc`). `witness` turns z3 models
into concrete inputs. Leaves: a `Decision` - proved, a witness confirmed by
the replays, or undecided with the reason.
"""
