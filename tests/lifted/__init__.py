"""Tests of checker/lifted/."""
