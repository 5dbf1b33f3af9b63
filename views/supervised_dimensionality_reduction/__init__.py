"""The views of the supervised-dimensionality-reduction page (Sugiyama ch. 17; seed 004 §2.6–2.7)."""
