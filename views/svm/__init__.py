"""Views of pages/svm.py."""
