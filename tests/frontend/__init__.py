"""Tests of checker/frontend/."""
