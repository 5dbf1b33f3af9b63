"""Benchmarks (make bench): page rerun times and fit times beside scikit-learn's."""
