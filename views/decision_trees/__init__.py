"""Views of pages/decision_trees.py."""
