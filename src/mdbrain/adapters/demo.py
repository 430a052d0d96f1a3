"""The guided demo (being written)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path


def run(keep: Path | None, say: Callable[[str], None]) -> None:
    raise NotImplementedError
