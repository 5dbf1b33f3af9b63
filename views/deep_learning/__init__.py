"""Views of the deep-learning building-blocks page (seed 003 §7.6–7.7): one module per view."""
