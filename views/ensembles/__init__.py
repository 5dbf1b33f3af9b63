"""Views of pages/ensembles.py."""
