"""Views of pages/learning_theory.py."""
