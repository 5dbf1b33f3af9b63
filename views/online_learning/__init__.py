"""The views of the online-learning page (Sugiyama ch. 15; CS229 Ch. 6 §1)."""
