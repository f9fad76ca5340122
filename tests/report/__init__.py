"""Tests of checker/report/."""
