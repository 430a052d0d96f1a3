"""How a long operation tells its caller how far it has gone, without knowing who listens.

A :data:`Progress` is called with ``(done, total)`` as the work advances; ``total`` may
change between phases of one operation (reading, then writing). An operation of several
phases names each one with :func:`phase`, so that whoever draws the progress can say
what is being done; a listener that cannot show names ignores them. The service only
calls it; drawing anything is an adapter's business (see :mod:`mdbrain.adapters.progress`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Protocol, TypeVar, runtime_checkable

Progress = Callable[[int, int], None]
T = TypeVar("T")


@runtime_checkable
class Phased(Protocol):
    """A progress listener that can show the name of the phase under way."""

    def __call__(self, done: int, total: int) -> None: ...

    def phase(self, label: str) -> None: ...


def phase(progress: Progress | None, label: str) -> None:
    """Tell ``progress`` that a new phase starts, called ``label`` ("reading",
    "writing"); nothing for a listener that cannot show it, or for none."""
    if isinstance(progress, Phased):
        progress.phase(label)


def counted(items: Sequence[T], progress: Progress | None, label: str = "") -> Iterator[T]:
    """Yield ``items``, telling ``progress`` after each one (nothing when it is None);
    with a ``label``, the items are a phase of that name (see :func:`phase`)."""
    if progress is None:
        yield from items
        return
    if label:
        phase(progress, label)
    total = len(items)
    progress(0, total)
    for done, item in enumerate(items, 1):
        yield item
        progress(done, total)
