"""Random-looking quoted strings: high entropy, and not made of words."""

from __future__ import annotations

import re
from collections.abc import Iterator

from mdbrain.core.guard.hit import Found
from mdbrain.core.guard.samples import placeholder
from mdbrain.core.guard.values import looks_random
from mdbrain.core.guard.views import Text

# from each quote: a bounded run of a class without quotes, then the closing quote
_QUOTED = (
    re.compile(r'"([A-Za-z0-9+/=_\-]{32,1024})"'),
    re.compile(r"'([A-Za-z0-9+/=_\-]{32,1024})'"),
)


# Words inside an identifier: "Interlocked", "MANAGER". A random string is rarely more
# than 75% such runs (under 1 in 10,000 of 32 to 64 characters); identifiers are.
_WORD_RUN = re.compile(r"[A-Z]?[a-z]{3,}|[A-Z]{4,}")


def _made_of_words(value: str) -> bool:
    return sum(len(word) for word in _WORD_RUN.findall(value)) >= 0.8 * len(value)


def entropy_finds(view: Text) -> Iterator[Found]:
    if view.longest < 32:
        return
    text = view.text
    for regex in _QUOTED:
        if regex.pattern[0] not in text:
            continue
        for match in regex.finditer(text):
            value = match.group(1)
            if looks_random(value) and not _made_of_words(value) and not placeholder(value):
                yield Found("high-entropy-string", match.start(1), match.end(1), value)
