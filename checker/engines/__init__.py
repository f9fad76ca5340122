"""The engines that decide one function pair: a product for loop-free code, more for loops.

Enters: the old and new `Program`, a function name, the settings and a
restriction over the shared inputs (feature variables included). `decide`
lowers both versions and chooses: a loop-free pair is one self-composed
`product` (`symexec` into z3 terms), decided by `equiv` (random testing with
`fuzz`, then the solver, lazy concretization, split by output path); loops
and recursion go through `bounded` unrolling, relational invariants
(`houdini`) and Horn clauses for Spacer (`chc`), and a run that one version
never ends counts as a difference where `termination` proves it. `witness`
turns z3 models into concrete inputs. Leaves: an `answer.Answer` -
Equivalent (with what the proof rests on), Different (with a witness the
replays confirmed), Unknown or Unsupported (with the reason).
"""
