"""One object per knowledge base; every operation lives here once."""
