"""Tests of checker/lower/ (from C to the IR)."""
