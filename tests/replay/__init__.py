"""Tests of checker/replay/."""
