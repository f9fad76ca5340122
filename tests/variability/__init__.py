"""Tests of checker/variability/ (the lifting, checked against the real preprocessor)."""
