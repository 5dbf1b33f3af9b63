"""Views of the reinforcement learning & control page (CS229 XIII–XIV, seed 001 M48–M60)."""
