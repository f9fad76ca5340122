"""The product line: every configuration at once (CLEVER-V Alg. 1/2), or every product alone.

Enters: the parsed old and new files (each structural variant), their
features and feature model. `lifted` runs EQ and GeneralizeFCEXs on the
metaproduct through `checker.engines.decide`; `heads` minimises the
configuration heads to small DNFs, `widen` turns body points into input
ranges; `bruteforce` checks each distinct product pair alone (the baseline
and the oracle). `witness_report` turns confirmed witnesses and bodies into
report values. Leaves: a `FunctionResult` (checker.types) with the
NEQ-summary.
"""
