"""Putting it together: every rule on every view of a text, into one ledger."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from mdbrain.core.guard.assignments import assignment_finds
from mdbrain.core.guard.encoding import B64_RUN, b64decode, printable
from mdbrain.core.guard.hit import Found, Hit, SecondOpinion
from mdbrain.core.guard.keys import block_finds, private_key_bytes
from mdbrain.core.guard.ledger import Ledger
from mdbrain.core.guard.patterns import literal_finds
from mdbrain.core.guard.personal_data import personal_finds
from mdbrain.core.guard.prose import prose_finds
from mdbrain.core.guard.random_strings import entropy_finds
from mdbrain.core.guard.second_opinion import consult
from mdbrain.core.guard.views import Text, views_of


def _direct_finds(view: Text) -> Iterator[Found]:
    yield from literal_finds(view)
    yield from assignment_finds(view)
    yield from entropy_finds(view)
    yield from prose_finds(view)
    yield from block_finds(view)


def _base64_finds(view: Text, depth: int = 0) -> Iterator[Found]:
    """Base64 runs: a decoding that starts like a private key is a hit by itself; one
    that is mostly printable is read by the same rules (two levels deep at most)."""
    if view.longest < 24:
        return
    for match in B64_RUN.finditer(view.runs):
        run = match.group(0)
        if run.islower() or run.isdigit() or run.isupper():
            continue
        data = b64decode(run)
        if data is None:
            continue
        if private_key_bytes(data):
            start = view.origin(match.start())
            yield Found("private-key-body", start, start + len(run), run)
            continue
        decoded = printable(data) if depth < 2 else None
        if decoded is None:
            continue
        inner = Text(decoded)
        found = [*_direct_finds(inner), *_base64_finds(inner, depth + 1)]
        if found:
            start = view.origin(match.start())
        for one in found:
            rule = one.rule if one.rule.endswith("(base64)") else f"{one.rule} (base64)"
            yield Found(rule, start, start + len(run), one.value, alias=run)


def _collect(ledger: Ledger, secrets: bool, personal_data: bool) -> None:
    views = views_of(ledger.text)
    for number, (text, origin) in enumerate(views):
        last = number == len(views) - 1
        finders: list[Iterable[Found]] = []
        if secrets:
            view = Text(text)
            finders.append(_direct_finds(view))
            if last:
                finders.append(_base64_finds(view))
        for finder in finders:
            for found in finder:
                ledger.add(found, origin(found.start), origin(max(found.start, found.end - 1)) + 1)
        if not personal_data:
            continue
        for found in personal_finds(text):
            start, end = origin(found.start), origin(max(found.start, found.end - 1)) + 1
            # strings joined in the normalised view make no address or number of a
            # person: "`support@bevy.org` + `sponsors@rustnl.org`" read as one address
            if number and any(quote in ledger.text[start:end] for quote in "\"'`"):
                continue
            ledger.add(found, start, end)


def scan(text: str, allow: frozenset[str] = frozenset()) -> Iterator[Hit]:
    """Every place in ``text`` that looks like a secret by mdbrain's own rules;
    ``allow`` lists exact values to let pass."""
    ledger = Ledger(text, allow)
    _collect(ledger, secrets=True, personal_data=False)
    yield from sorted(ledger.hits, key=lambda hit: hit.line)


def personal(text: str, allow: frozenset[str] = frozenset()) -> Iterator[Hit]:
    """Every place in ``text`` that holds personal data: e-mail addresses, phone numbers,
    national ids (French NIR, US SSN), IBANs and card numbers, checksums verified."""
    ledger = Ledger(text, allow)
    _collect(ledger, secrets=False, personal_data=True)
    yield from sorted(ledger.hits, key=lambda hit: hit.line)


def both(text: str, allow: frozenset[str] = frozenset()) -> list[Hit]:
    """:func:`scan` and :func:`personal` in one pass over the views of ``text`` (each
    hit says its family), sorted by line: what parsing a document needs."""
    ledger = Ledger(text, allow)
    _collect(ledger, secrets=True, personal_data=True)
    return sorted(ledger.hits, key=lambda hit: hit.line)


def inspect(
    text: str,
    *,
    allow: frozenset[str] = frozenset(),
    personal_data: bool = False,
    second_opinion: SecondOpinion | None = None,
) -> list[Hit]:
    """Everything a write must refuse in ``text``, sorted by line: mdbrain's secret
    rules on the text and its normalised views, personal data when asked, and the
    second opinion's findings on the lines the rules left alone, stand-ins removed."""
    ledger = Ledger(text, allow)
    _collect(ledger, secrets=True, personal_data=personal_data)
    if second_opinion is not None:
        consult(ledger, second_opinion)
    return sorted(ledger.hits, key=lambda hit: hit.line)
