"""Regular expressions compiled on first use rather than on import.

Compiling a pattern costs from a few to a few hundred microseconds; a module that
compiles all of its patterns on import makes every command pay for those only some
inputs need (a YAML escape, a heading's ``{#id}``), before it has read anything.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable


def lazy_pattern(source: str, flags: int = 0) -> Callable[[], re.Pattern[str]]:
    """A function returning ``re.compile(source, flags)``, compiled at its first call only.

    For the patterns a module needs off its common paths: ``_TYPED = lazy_pattern(...)``,
    then ``_TYPED().match(text)`` where it is used.
    """

    @functools.cache
    def compiled() -> re.Pattern[str]:
        return re.compile(source, flags)

    return compiled
