"""An example web shop: only what the mdbrain demo needs."""
