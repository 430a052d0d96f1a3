"""The personal-data guard looks for numbers only where a cheap pass says they can be: its
findings must be those of every pattern run over the whole text."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import example, given, settings

from mdbrain.core.guard import personal_data as pd
from mdbrain.core.guard.hit import PERSONAL, Found
from mdbrain.core.guard.samples import PUBLIC_SAMPLES, dummy
from tests.conftest import CORPORA, mixed_texts


def reference_finds(text: str) -> Iterator[Found]:
    """``personal_finds`` as it reads with each pattern run over the whole text."""
    if "@" in text:
        yield from pd._email_finds(text)
    if not any(digit in text for digit in "0123456789"):
        return
    if "+" in text:
        for match in pd._PHONE_INTL.finditer(text):
            value = match.group(0)
            digits = re.sub(r"\D", "", value)
            if (
                8 <= len(digits) <= 15
                and pd._phone_shape(value)
                and not pd._phone_fake(digits)
                and not pd._signed_number(text, match.start(), value)
                and not pd._in_address(text, match.start())
            ):
                yield Found("phone", match.start(), match.end(), value, PERSONAL)
    for regex, consistent in ((pd._PHONE_FR, True), (pd._PHONE_US, False)):
        for match in regex.finditer(text):
            value = match.group(0)
            if (
                (not consistent or pd._phone_shape(value))
                and not pd._phone_fake(re.sub(r"\D", "", value))
                and not (consistent and pd._in_row_of_pairs(text, match.start(), match.end()))
                and not pd._in_address(text, match.start())
            ):
                yield Found("phone", match.start(), match.end(), value, PERSONAL)
    yield from reference_id_finds(text)


def reference_id_finds(text: str) -> Iterator[Found]:
    for match in pd._NIR.finditer(text):
        value = match.group(0)
        if (
            pd._nir_valid(value)
            and not dummy(value.replace(" ", "")[:13])
            and not pd._decimal(text, *match.span())
        ):
            yield Found("national-id", match.start(), match.end(), value, PERSONAL)
    if "-" in text:
        for match in pd._SSN.finditer(text):
            value = match.group(0)
            if pd._ssn_valid(match) and value not in PUBLIC_SAMPLES:
                yield Found("national-id", match.start(), match.end(), value, PERSONAL)
    for match in pd._IBAN.finditer(text):
        value = match.group(0)
        compact = value.replace(" ", "")
        if pd.iban_valid(value) and compact not in PUBLIC_SAMPLES and not dummy(compact[4:]):
            yield Found("iban", match.start(), match.end(), value, PERSONAL)
    for match in pd._CARD.finditer(text):
        value = match.group(0)
        if pd._card_valid(value) and not pd._id_value(text, match.start()):
            yield Found("credit-card", match.start(), match.end(), value, PERSONAL)


def raw_matches(text: str) -> tuple[list[list[tuple[int, int]]], list[list[tuple[int, int]]]]:
    """Every match (valid or not) of each number pattern: in the spans, and in the text."""
    shapes, spans = pd._number_spans(text)
    regexes = (pd._PHONE_FR, pd._PHONE_US, pd._NIR, pd._SSN, pd._CARD)
    spanned = [[m.span() for m in pd._within(regex, text, spans)] for regex in regexes]
    spanned.append([m.span() for m in pd._ibans(text, shapes)])
    whole = [[m.span() for m in regex.finditer(text)] for regex in (*regexes, pd._IBAN)]
    return spanned, whole


def nir(body: str) -> str:
    number = int(body.replace("2A", "19").replace("2B", "18"))
    return f"{body}{97 - number % 97:02d}"


def iban(country: str, bban: str) -> str:
    digits = "".join(str(int(c, 36)) for c in bban + country) + "00"
    return f"{country}{98 - int(digits) % 97:02d}{bban}"


_NIR_VALUE, _NIR_CORSICA, _IBAN_VALUE = (
    nir("1850578006084"),
    nir("269062A495881"),
    iban("FR", "20041010050500013M02699"),
)
VALID = [
    "06 71 82 93 04", "06.71.82.93.04", "0671829304", "+33 6 71 82 93 04", "+33671829304",
    "(212) 736-4821", "(212)736-4821", "212-736-4821", "212.736.4821", "536-90-4172",
    _NIR_VALUE, _NIR_CORSICA, " ".join([_NIR_VALUE[0], _NIR_VALUE[1:3], _NIR_VALUE[3:15]]),
    _IBAN_VALUE, " ".join(_IBAN_VALUE[i : i + 4] for i in range(0, len(_IBAN_VALUE), 4)),
    "4539 5787 6362 1486", "4539578763621486", "4539-5787-6362-1486", "ana.martin@corp.fr",
]  # fmt: skip
FRAGMENTS = [
    *"0123456789", "12", "123", "1234", "06", "2A", "2B", "2a", "2b",
    " ", ".", "-", "(", ")", "+", "  ", ") ", "/", "=", "#", "?", "\n", "\t", "<", '"', "'",
    "A", "B", "a", "b", "x", "Z", "FR", "DE", "FR76", " DE12", " 3456", "_", "é", "\u2019", "\u0663", "\U0001d7d8",
    "\uff10", "\u00b2", "http://", "https://x.org/", "www.", "?id=", "tel:", "@", "mailto:",
    *VALID,
]  # fmt: skip
CHARS = "0123456789 .-()+/=#?\n2ABabxZ\u0663\uff10é@:"

texts = mixed_texts(FRAGMENTS, CHARS, joined=40, drawn=120, free=60)


@settings(max_examples=1500, deadline=None)
@given(texts)
def test_every_pattern_matches_in_the_spans_what_it_matches_in_the_text(text: str) -> None:
    spanned, whole = raw_matches(text)
    assert spanned == whole


@settings(max_examples=1500, deadline=None)
@given(texts)
@example(text="0.185057800608491")  # a NIR's digits after a decimal point: no id either way
def test_the_findings_are_those_of_a_pass_over_the_whole_text(text: str) -> None:
    assert list(pd.personal_finds(text)) == list(reference_finds(text))


EXAMPLES = [
    *VALID,
    "Call +33 6 71 82 93 04.", "tel: +1 (212) 736-4821", "Appelez le 06 71 82 93 04",
    "Call (212) 736-4821", "06 12 34 56 78", "(415) 555-0132", "v1.2.3.4.5.6", "2024-01-15",
    "10.0.0.1", "port 8080 and 443", "SSN 123-45-6789", "SSN 000-12-3456 or 666-12-3456",
    "card 4111 1111 1111 1111 or 4242424242424242", "id 9539578763621480",
    "IBAN FR76 3000 6000 0112 3456 7890 189", "https://x.org/06 71 82 93 04", "1" * 5000,
    "06 71 82 93 04.5", "x06 71 82 93 04", "(212) 736-4821-9", "a(212) 736-4821",
    "4539 5787 6362 1486.1", "FR76 1234 DE12 3456 7890 1234", "0671829304x", "\u0660\u0666 \u0667\u0661 \u0668\u0662 \u0669\u0663 \u0660\u0664",
]  # fmt: skip


@pytest.mark.parametrize("text", EXAMPLES)
def test_known_examples_give_the_same_findings(text: str) -> None:
    assert raw_matches(text)[0] == raw_matches(text)[1]
    assert list(pd.personal_finds(text)) == list(reference_finds(text))


def test_examples_in_a_page_give_findings() -> None:
    page = "\n".join(f"Line {i}: {value}, then words." for i, value in enumerate(VALID))
    found = list(pd.personal_finds(page))
    assert found == list(reference_finds(page))
    assert len(found) == len(VALID)  # each value once


@pytest.mark.skipif(not (CORPORA / "fr-docs").is_dir(), reason="../shared/corpora is absent")
def test_real_pages_give_the_same_findings() -> None:
    pages = sorted((CORPORA / "fr-docs").rglob("*.md"))[:200]
    pages += sorted((CORPORA / "cpp-docs").rglob("*.md"))[:200]
    for page in pages:
        text = page.read_text(encoding="utf-8", errors="replace")
        assert list(pd.personal_finds(text)) == list(reference_finds(text)), page
        assert raw_matches(text)[0] == raw_matches(text)[1], page


def test_a_chain_joins_digits_over_gaps_of_two_at_most() -> None:
    text = "1-2 3) 4(5.6A7b8 9 x 1.2.3.4..5.6.7.8.9 x 1.2.3.4...5.6.7.8.9 x 12345678"
    shapes = pd._number_spans(text)[0]
    chains = [text[m.start() : m.end()] for m in pd._CHAIN.finditer(shapes)]
    assert chains == ["1-2 3) 4(5.6A7b8 9", "1.2.3.4..5.6.7.8.9"]


def luhn_completed(body: str) -> str:
    return next(body + d for d in "0123456789" if pd.luhn_valid(body + d))


def test_digits_past_latin1_are_read_as_digits() -> None:
    card = luhn_completed("527183946015273")
    arabic = card.translate(
        str.maketrans("0123456789", "\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669")
    )
    text = f"card 1: {arabic}."
    found = list(pd.personal_finds(text))
    assert [one.rule for one in found] == ["credit-card"]
    assert found == list(reference_finds(text))
