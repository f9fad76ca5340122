"""liftdiff's engine: C text in, verdicts out; it knows nothing of git or GitHub."""
