"""What C means, below the IR and shared by every stage: types, library functions, the solver.

Enters: nothing of the pipeline; C11's rules at LP64 widths, as gcc on x86-64
implements them, and z3. Leaves: C types and their conversions (`ctype`),
what the engine knows of library functions it has no code for (`library`),
those functions executed for real, bit for bit as a gcc-linked program runs
them (`libm`), and the one place that asks z3 for an answer (`solver`).
"""
