"""Views of the neural-network page (seed 003 §7.1–7.5): one module per view, shared code in ``_*.py``."""
