"""Tests of checker/engines/."""
