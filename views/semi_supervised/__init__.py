"""The views of the semi-supervised learning page (Sugiyama ch. 16)."""
