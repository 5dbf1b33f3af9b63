"""Views of pages/linear_classifiers.py."""
