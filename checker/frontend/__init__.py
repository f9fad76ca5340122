"""The front end: C text read as a compiler reads it, feature conditionals lifted on the way.

Enters: a `SourceFile` and the `Settings`. `preprocess` resolves includes
(standard headers become our stub `prelude/`), `checker.variability` lifts the
feature conditionals, `preprocess` expands the ordinary macros (pcpp), `parse`
runs pycparser, and `program` builds the file-level tables (types resolved to
`ctype` values, with `const_eval` for constant expressions). Leaves: a
`ParsedFile` (`frontend.load`): one `Program` per structural variant, with the
variant's condition, the file's features and notes.
"""
