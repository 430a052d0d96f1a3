"""Thin doors onto the service: command line, and later MCP and exports."""
