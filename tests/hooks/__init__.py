"""Tests of hooks/, on real temporary git repositories."""
