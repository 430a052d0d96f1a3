"""Samples for the guard benchmark and its tests: fake secrets and stand-ins."""
