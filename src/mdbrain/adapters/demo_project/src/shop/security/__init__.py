"""Security building blocks shared by the shop."""
