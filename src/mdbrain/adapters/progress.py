"""Progress of a long command on a terminal: one line on stderr, rewritten in place.

Shown only when stderr is a terminal and the command does not print JSON, so that
pipes, files, agents and ``--json`` readers see nothing of it. A run that ends within
``delay`` seconds draws nothing either; the line is wiped when the run ends.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from mdbrain.core.progress import Progress

DELAY = 0.5  # seconds before the first line: quick runs never flash a bar
INTERVAL = 0.1  # seconds between two redraws
WIDTH = 24  # characters of the bar itself


class Reporter:
    """A :data:`~mdbrain.core.progress.Progress` that draws ``label [####    ] done/total``;
    once told of a phase (:meth:`phase`), ``label: phase [####    ] done/total``."""

    def __init__(
        self,
        label: str,
        stream: TextIO,
        *,
        delay: float | None = None,
        interval: float | None = None,
    ) -> None:
        self.label = label
        self.command = label  # what the command does, kept before each phase's name
        self.stream = stream
        self.interval = INTERVAL if interval is None else interval
        delay = DELAY if delay is None else delay
        self._now = time.monotonic
        self._not_before = self._now() + delay
        self._last = float("-inf")
        self._drawn = 0  # width of the line on screen, 0 when none is

    def __call__(self, done: int, total: int) -> None:
        now = self._now()
        if now < self._not_before:
            return
        if done < total and now - self._last < self.interval:
            return
        self._last = now
        self._draw(self.line(done, total))

    def phase(self, label: str) -> None:
        """Name the phase that starts (see :func:`mdbrain.core.progress.phase`): the
        line says it from its next step, drawn at once rather than after a pause."""
        self.label = f"{self.command}: {label}" if label else self.command
        self._last = float("-inf")

    def line(self, done: int, total: int) -> str:
        if total <= 0:
            return f"{self.label} {done}"
        share = min(max(done / total, 0.0), 1.0)
        filled = round(share * WIDTH)
        bar = "#" * filled + " " * (WIDTH - filled)
        return f"{self.label} [{bar}] {done}/{total} {share:4.0%}"

    def _draw(self, text: str) -> None:
        padding = " " * max(self._drawn - len(text), 0)
        self.stream.write(f"\r{text}{padding}")
        self.stream.flush()
        self._drawn = len(text)

    def close(self) -> None:
        """Wipe the line, so that the command's own output starts on a clean one."""
        if self._drawn:
            self.stream.write("\r" + " " * self._drawn + "\r")
            self.stream.flush()
            self._drawn = 0


def wanted(stream: TextIO, *, as_json: bool = False) -> bool:
    """Whether to draw on ``stream``: a terminal, and no JSON asked for."""
    if as_json:
        return False
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


@contextmanager
def shown(
    label: str, *, as_json: bool = False, stream: TextIO | None = None, delay: float | None = None
) -> Iterator[Progress | None]:
    """A progress callback drawing on stderr (or ``stream``), or None when not wanted."""
    out = sys.stderr if stream is None else stream
    if not wanted(out, as_json=as_json):
        yield None
        return
    reporter = Reporter(label, out, delay=delay)
    try:
        yield reporter
    finally:
        reporter.close()
