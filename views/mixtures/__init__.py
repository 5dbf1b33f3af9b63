"""Views of pages/mixtures.py."""
