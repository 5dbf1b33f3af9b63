"""Views of pages/dimensionality_reduction.py."""
