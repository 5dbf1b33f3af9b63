"""Views of the multi-task learning page (Sugiyama ch. 19), one module per view."""
