"""Benchmarks: each prints JSON lines (``make bench``)."""
