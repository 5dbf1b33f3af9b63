"""The robust-regression views (Sugiyama ch. 6): one module per view, shared code in ``_common``."""
