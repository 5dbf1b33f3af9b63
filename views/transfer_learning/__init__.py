"""Views of the transfer-learning page (Sugiyama ch. 18), one module per view."""
