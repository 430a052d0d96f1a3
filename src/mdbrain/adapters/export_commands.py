"""The export commands: a readable snapshot of the base for people and for agents."""

from __future__ import annotations
