"""Tests of checker/semantics/."""
