"""How a long operation tells its caller how far it has gone, without knowing who listens.

A :data:`Progress` is called with ``(done, total)`` as the work advances; ``total`` may
change between phases of one operation (parsing, then writing). The service only calls
it; drawing anything is an adapter's business (see :mod:`mdbrain.adapters.progress`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

Progress = Callable[[int, int], None]
T = TypeVar("T")


def counted(items: Sequence[T], progress: Progress | None) -> Iterator[T]:
    """Yield ``items``, telling ``progress`` after each one (nothing when it is None)."""
    if progress is None:
        yield from items
        return
    total = len(items)
    progress(0, total)
    for done, item in enumerate(items, 1):
        yield item
        progress(done, total)
