"""Customer authentication: log-in, passwords and sessions."""
