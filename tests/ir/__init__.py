"""Tests of checker/ir/ (the IR's meanings, against each other and against gcc)."""
