"""A second opinion (detect-secrets, handed in by :mod:`mdbrain.store.secret_scan`,
since core reads no files), read on the lines mdbrain's own rules left alone, its
stand-ins removed."""

from __future__ import annotations

import re

from mdbrain.core.guard.assignments import credential_name, names_credential, password_named
from mdbrain.core.guard.encoding import encoded_stand_in
from mdbrain.core.guard.hit import SECRET, Hit, SecondOpinion, digest, redact
from mdbrain.core.guard.keys import BEGIN_LINE, key_body_follows, key_material_follows
from mdbrain.core.guard.ledger import Ledger
from mdbrain.core.guard.patterns import sample_userinfo
from mdbrain.core.guard.samples import COMMON_PASSWORDS, placeholder, reference
from mdbrain.core.guard.values import (
    SPACE,
    declared_type,
    example_identifier,
    public_address,
    some_randomness,
    type_name,
)

_GENERIC_KINDS = ("High Entropy String", "Secret Keyword")
_TOKEN_RUN = re.compile(r"[A-Za-z0-9_.+/=-]{0,1024}")  # bounded, from a given start
_COMPARED = re.compile(r"[!=]==?[ \t]*[\"'`]?$")  # "secret === '": a test, not an assignment
# the name a value is given to, just before it: "TokenSecretOSStreamKey = \"" (bounded)
_GIVEN_TO = re.compile(r"([\w.-]{1,64})[\"'\]]?[ \t]{0,4}(?::=|=>|=|:)[ \t]{0,4}[\"'`]?$")
# or the word a Markdown code span follows, a space between, no separator: detect-secrets
# reads "`" as a quote and takes ``private_key "something";`` for a value given to the
# word before it, so prose's "secrets-consuming `Pods`;" is one too (bounded)
_SPAN_AFTER = re.compile(r"([\w.-]{1,64})[*_]{0,2}[ \t]{1,4}`$")


def _whole_token(line: str, value: str) -> str:
    """The whole run of token characters around a value found in a line: detect-secrets
    reports a part of some tokens ("ghp" for a GitHub token, a web token without its
    signature), and a stand-in is only recognised whole."""
    at = line.find(value) if value else -1
    if at < 0:
        return value
    back = _TOKEN_RUN.match(line[max(0, at - 1024) : at][::-1])
    ahead = _TOKEN_RUN.match(line, at + len(value))
    start = at - (back.end() if back else 0)
    return line[start : ahead.end() if ahead else at + len(value)]


def _example_word(value: str, said: str) -> bool:
    """A word or words run together in small letters, or an identifier of words, on a
    line naming no password, and no common password: what an example puts in a secret's
    place (``secret: "pony"``, ``api_key = "coneofsilence"``, ``service_key =
    "app-simple-filter-xml"``); or a class's or a type's name there
    (``signing_key: "RSAPrivateKey"``)."""
    return not password_named(said) and (
        example_identifier(value, COMMON_PASSWORDS) or type_name(value)
    )


def _given_to_credential(said: str, value: str) -> bool:
    """Whether ``value`` is assigned to a credential's name on its line, or to no name
    mdbrain can read there; given only to names about something else
    (``TokenSecretOSStreamKey = "os-stream"``, the key of an entry of a Secret), it is
    no secret.

    A Markdown code span after a word and a space is given to that word, as
    detect-secrets reads it: its keyword rule takes ``private_key "something";`` for an
    assignment without a separator, a backquote for a quote, and so a sentence that
    names a thing in code after a word about secrets for a secret. alphagov/
    govuk-infrastructure's ADR 0008 was kept out for "Secret rotation does not
    automatically restart secrets-consuming `Pods`; this is true of all three
    projects": the word is "secrets-consuming", no credential's name. After one
    ("the password `hunter2xyz`;", "api_key `...`;"), the value stays a secret."""
    names = []
    at = said.find(value) if value else -1
    for _seen in range(8):  # a value written a few times on its line, at most
        if at <= 0:
            break
        given = _GIVEN_TO.search(said, max(0, at - 80), at) or _SPAN_AFTER.search(
            said, max(0, at - 80), at
        )
        if given is not None:
            names.append(given.group(1))
        at = said.find(value, at + len(value))
    return not names or any(map(credential_name, names))


def _second_opinion_stands(ledger: Ledger, kind: str, number: int, value: str, said: str) -> bool:
    """Whether a finding of the second opinion, on line ``number`` (``said``), is a secret
    by mdbrain's own tests of stand-ins, public samples, names and key material."""
    if ledger.allows(value) or any(allowed in said for allowed in ledger.allow):
        return False
    token = _whole_token(said, value)
    if value and any(
        placeholder(v) or reference(v) or encoded_stand_in(v) or public_address(v)
        for v in {value, token}
    ):
        return False
    # "https://user:pass@example.com": a sample by mdbrain's url rule (a documentation's
    # host, the anonymous user, a stand-in), whatever detect-secrets' own rule says
    sample = kind == "Basic Auth Credentials" and sample_userinfo(said, value)
    if kind.endswith(_GENERIC_KINDS):
        # a hash, an id or a checksum with no credential's name on its line, a sentence,
        # one plain word an example puts in a secret's place ("secret: \"pony\""), or
        # the type a member is declared with (``password: string;``, read "string;")
        if (
            not names_credential(said)
            or SPACE.search(value) is not None
            or _example_word(value, said)
            or declared_type(value)
            or not _given_to_credential(said, value)
        ):
            return False
        # a word a condition compares with ("secret => secret === 'wizard'", in jest's
        # docs) is an example; a random value compared with is a secret written out
        at = said.find(value)
        return not (at > 0 and _COMPARED.search(said, 0, at) and not some_randomness(value))
    if kind == "Private Key":
        return _key_stands(ledger, number, said)
    return not sample


def _key_stands(ledger: Ledger, number: int, said: str) -> bool:
    """Whether detect-secrets' private key on line ``number`` (``said``) is one: its PEM
    header followed by key material; the header's words without the PEM dashes, a key in
    another form (PuTTY's, SSH2's "---- BEGIN ... ----") or a body right under them;
    not the words in a sentence (grpc/proposal's L74: file headers have "BEGIN PRIVATE
    KEY")."""
    start = ledger.lines.start_of(number)
    header = BEGIN_LINE.search(ledger.text, start, start + len(said))
    if header is not None:
        return key_material_follows(ledger.text, header.end())
    return "PuTTY" in said or "----" in said or key_body_follows(ledger.text, start + len(said))


def consult(ledger: Ledger, opinion: SecondOpinion) -> None:
    """Add to ``ledger`` the second opinion's findings that stand, on the lines its own
    rules left alone. A line the text repeats is found on each of its lines, and judged
    once: the judgement reads the line alone, but for a private key's (its next lines)."""
    lines = ledger.text.split("\n")
    skip = ledger.covered | ledger.waived[SECRET]
    shown = "\n".join("" if i + 1 in skip else line for i, line in enumerate(lines))
    judged: dict[tuple[str, str, str, int], tuple[str, str, str] | None] = {}
    for kind, number, value in opinion(shown):
        said = lines[number - 1] if 0 < number <= len(lines) else ""
        if number in skip:
            continue
        key = (kind, value, said, number if kind == "Private Key" else 0)
        if key not in judged:
            judged[key] = None
            if _second_opinion_stands(ledger, kind, number, value, said):
                shown_value = _whole_token(said, value) or said.strip()
                judged[key] = (shown_value, redact(shown_value), digest(shown_value))
        stands = judged[key]
        if stands is None:
            continue
        shown_value, redacted, digested = stands
        if (SECRET, number, shown_value) in ledger.seen:
            continue
        ledger.seen.add((SECRET, number, shown_value))
        ledger.hits.append(
            Hit(f"detect-secrets: {kind}", number, redacted, digested, last_line=number)
        )
