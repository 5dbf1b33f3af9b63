"""Views of pages/clustering.py."""
