"""The ledger of one inspection: hits kept once each, allowed values and allow comments.

Every hit on a line that carries an allow comment passes, written in the comment
syntax of the place it sits in::

    <!-- mdbrain: allow-secret -->     Markdown, HTML
    # mdbrain: allow-secret            shell, YAML, Python, TOML
    // mdbrain: allow-secret           C, C++, Java, JavaScript, Go, Rust

``mdbrain: allow-personal`` does the same for personal data. A comment covers
its own line only, and it stays in the document for every reviewer to see.

A value passes anywhere when ``guard.allow`` lists it: written out, or by the digest a
report shows (``digest:c333c8da37``, or the ten digits alone), so that a secret or a
person's address need not be copied into ``.rag`` to let it through.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field

from mdbrain.core.guard.hit import PERSONAL, SECRET, Found, Hit, digest, redact

DIGEST = "digest:"  # an allow-list entry naming a value by its digest, never showing it
_BARE_DIGEST = re.compile(r"[0-9a-fA-F]{10}")  # a digest as reports show it: [value c333c8da37]
# "mdbrain: allow-secret" or "allow-personal" in a comment: <!-- -->, #, //, --, ;
_ALLOW_COMMENT = re.compile(
    r"(?:<!--|#|//|--|;)[ \t]{0,8}mdbrain:[ \t]{0,4}allow-(secret|personal)\b"
)


class _Lines:
    """Line numbers of offsets, by binary search over the line breaks (found on first
    use: a text without hits never needs them)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._breaks: list[int] | None = None

    def _found(self) -> list[int]:
        if self._breaks is None:
            self._breaks = [m.start() for m in re.finditer("\n", self.text)]
        return self._breaks

    def of(self, offset: int) -> int:
        return bisect_left(self._found(), offset) + 1

    def start_of(self, line: int) -> int:
        """The offset where a line (1-based) starts."""
        return 0 if line <= 1 else self._found()[line - 2] + 1


def allowed_digests(allow: frozenset[str] | tuple[str, ...]) -> frozenset[str]:
    """The digests an allow-list names: ``digest:c333c8da37``, or the ten hexadecimal
    digits alone, as a report shows them (``[value c333c8da37]``). A value of ten such
    digits written out is still allowed as itself too."""
    named = (a.strip() for a in allow)
    return frozenset(
        (a[len(DIGEST) :] if a.startswith(DIGEST) else a).strip().lower()
        for a in named
        if a.startswith(DIGEST) or _BARE_DIGEST.fullmatch(a)
    )


def allow_line(digest: str) -> str:
    """The line of ``.rag`` that lets the value named by ``digest`` pass, for a marker
    with no ``guard:`` section yet: ``mdbrain init`` writes none, and "add
    'digest:9836b5eeec' to guard.allow" left the shape to guess (alphagov/
    govuk-infrastructure's import). One YAML line, a mapping whose ``allow`` is a list
    of quoted strings, as the marker reads it: ``guard: {allow: ["digest:9836b5eeec"]}``.
    Where the section is already, the entry goes into its list."""
    return f'guard: {{allow: ["{DIGEST}{digest}"]}}'


@dataclass
class Ledger:
    text: str
    allow: frozenset[str]
    lines: _Lines = field(init=False)
    waived: dict[str, set[int]] = field(init=False)
    hits: list[Hit] = field(default_factory=list)
    seen: set[tuple[str, int, str]] = field(default_factory=set)
    covered: set[int] = field(default_factory=set)  # lines a second opinion need not read
    # where each rule found a value, by offset: a view that joins lines may read a whole
    # token on into the next line's first word, which the same rule already decided on
    starts: dict[tuple[str, int], str] = field(default_factory=dict)
    digests: frozenset[str] = field(init=False)  # "digest:..." entries: values named unseen

    def __post_init__(self) -> None:
        self.lines = _Lines(self.text)
        self.digests = allowed_digests(self.allow)
        self.waived = {SECRET: set(), PERSONAL: set()}
        if "mdbrain:" in self.text:
            for match in _ALLOW_COMMENT.finditer(self.text):
                self.waived[match.group(1)].add(self.lines.of(match.start()))

    def allows(self, value: str) -> bool:
        """Whether the allow-list lets ``value`` pass: as written, or by its digest."""
        return value in self.allow or (bool(self.digests) and digest(value) in self.digests)

    def add(self, found: Found, start: int, end: int) -> None:
        earlier = self.starts.setdefault((found.rule, start), found.value)
        if earlier != found.value and found.value.startswith(earlier):
            return  # already decided on as written, alone on its line (reported or allowed)
        line = self.lines.of(start)
        last = self.lines.of(max(start, end - 1))
        if self.allows(found.value) or (found.alias and self.allows(found.alias)):
            self.covered.update(range(line, last + 1))
            return
        if line in self.waived[found.family]:
            self.covered.update(range(line, last + 1))
            return
        key = (found.family, line, found.value)
        if key in self.seen:
            return
        self.seen.add(key)
        self.covered.update(range(line, last + 1))
        value = found.value
        self.hits.append(Hit(found.rule, line, redact(value), digest(value), found.family, last))
