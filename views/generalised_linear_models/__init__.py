"""Views of pages/generalised_linear_models.py."""
