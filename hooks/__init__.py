"""Git side of liftdiff: changed functions per commit or index, history scans, the
result cache, and commit hooks. Depends on `checker`, never the other way round."""
