"""The product line: every configuration at once (CLEVER-V Alg. 1/2), or every product alone.

Enters: the parsed old and new files (each structural variant), their
features and feature model. `lifted` runs EQ and GeneralizeFCEXs on the
metaproduct through `checker.engines.decide`; `heads` minimises the
configuration heads to small DNFs, `widen` turns body points into input
ranges; `bruteforce` checks each distinct product pair alone (the baseline
and the oracle). Leaves: a `Summary` of featured counterexamples (lifted) or
a `FunctionResult` (brute force); `witness_report` turns witnesses, bodies
and the verdict of either into report values (checker.types).
"""
