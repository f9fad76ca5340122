"""GitHub side of liftdiff (not built yet): pull-request comments and check runs from a report."""
