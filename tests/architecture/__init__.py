"""The tree against its plan: import cycles, the stage order, docs/architecture.md."""
