"""Tests of benchmarks/: the spl oracle and its committed results."""
