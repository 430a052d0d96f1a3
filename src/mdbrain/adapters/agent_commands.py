"""The commands that connect agents to the base: agents install and status, doctor."""

from __future__ import annotations
