"""Differential fuzzing of liftdiff against gcc (see benchmarks/fuzz.py).

generator: ctypes_ (types), syntax (C AST and text), exprs (typed random
expressions), shapes (one program builder per construct class), features
(product-line weaving), transform (rewrites and mutations), pairs (a seeded
pair); oracle: inputs (input maps, witnesses, bodies), harness (the C driver),
oracle (gcc per configuration and -O level); runner (liftdiff in a limited
child), judge (verdict against gcc), shrink (delta debugging), report (table,
results file, findings).
"""
