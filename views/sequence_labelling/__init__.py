"""Views of the sequence-labelling page (Sugiyama ch. 11, seed 000 11.A)."""
