"""Views of pages/least_squares.py."""
