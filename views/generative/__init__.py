"""Views of pages/generative.py."""
