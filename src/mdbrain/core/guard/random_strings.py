"""Random-looking quoted strings: high entropy, and not made of words."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator

from mdbrain.core.guard.assignments import forgery_guard, name_parts
from mdbrain.core.guard.encoding import b64decode
from mdbrain.core.guard.hit import Found
from mdbrain.core.guard.samples import placeholder
from mdbrain.core.guard.values import looks_random, public_address
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


# A path whose every part is made of words, short acronyms and numbers, as written:
# "Web/API/WebGL_API/Tutorial/Creating_3D_objects_using_WebGL". A part is runs of two
# small letters or more (a capital before them), of two capitals or more, or of digits
# (a letter after them: "3D", "13k"); neither of the last two followed by a small letter.
# Random base64 has single small letters between capitals and digits all along.
_PATH_SEPARATORS = re.compile(r"[/_.-]")
_SMALL = frozenset(string.ascii_lowercase)
_CAPITAL = frozenset(string.ascii_uppercase)
_LETTER = _SMALL | _CAPITAL
_DIGIT = frozenset(string.digits)


def _run_end(part: str, start: int, chars: frozenset[str]) -> int:
    end = start
    while end < len(part) and part[end] in chars:
        end += 1
    return end


def _word_part(part: str) -> bool:
    """Whether ``part`` is made of words, acronyms and numbers (see above), read once from
    left to right: which of its positions a run can end at. A regular expression repeating
    those runs tried every way of cutting a long one, and took hours to refuse 60
    characters (a hypothesis test hung on it)."""
    size = len(part)
    reach = bytearray(size + 1)
    reach[0] = 1
    capitals_done = -1  # the end of the capital run whose acronyms were all tried
    for at in range(size):
        if not reach[at]:
            continue
        char = part[at]
        if char in _SMALL or (char in _CAPITAL and part[at + 1 : at + 2] in _SMALL):
            start = at + (char in _CAPITAL)
            end = _run_end(part, start, _SMALL)
            if end - start >= 2:  # a word: what follows starts no word of its own
                reach[end] = 1
        if char in _CAPITAL and at >= capitals_done:
            end = _run_end(part, at, _CAPITAL)
            capitals_done = end  # a later start in this run would end nowhere new
            reach[at + 2 : end] = b"\x01" * max(0, end - at - 2)
            if end - at >= 2 and (end == size or part[end] not in _SMALL):
                reach[end] = 1
        elif char in _DIGIT:
            end = _run_end(part, at, _DIGIT)
            # its digits, and a letter after them when one follows
            for stop in (end, end + 1) if part[end : end + 1] in _LETTER else (end,):
                if stop == size or part[stop] not in _SMALL:
                    reach[stop] = 1
    return size > 0 and bool(reach[size])


def _path_of_words(value: str) -> bool:
    """Whether a value is a path (two slashes at least, no "+" or "=" of base64) whose
    every part between separators is made of words (see :func:`_word_part`)."""
    if value.count("/") < 2 or "+" in value or "=" in value:
        return False
    parts = [part for part in _PATH_SEPARATORS.split(value) if part]
    # a part of one or two letters is a short word ("a", "of", "Re" of "Re-engageable")
    return all((len(part) <= 2 and part.isalpha()) or _word_part(part) for part in parts)


# What a value is said to be, by the last word of its name ("fingerprint", "sha256",
# "client_id", "etag"): a digest or an identifier, which is shown to be looked at,
# never a credential. A credential's name ("api_key", "secret") is not among them.
_NOT_SECRET_NAMES = frozenset(
    {"fingerprint", "thumbprint", "digest", "hash", "checksum", "integrity", "etag",
     "sha", "sha1", "sha224", "sha256", "sha384", "sha512", "md5", "crc", "crc32",
     "id", "ids", "uuid", "guid", "nuid", "kid", "serial", "commit", "revision", "rev",
     "nonce", "cnonce", "opaque"}
)  # fmt: skip
# (the nonces and the "opaque" of HTTP Digest authentication are sent in clear, in the
# server's challenge and the client's answer, to be read: RFC 7616)
# the name right before a quoted value: `"name": "`, `name = '`, `name: "`
_NAME_BEFORE = re.compile(r"([A-Za-z][\w.-]{0,63})[\"']?[ \t]{0,8}[:=][ \t]{0,8}$")
# A digest says its algorithm first: "sha512-…" (subresource integrity), "SHA-256=…".
# A word may come before it where quoted strings were joined ("'self' 'sha256-…'" in a
# Content-Security-Policy reads "selfsha256-…" in the joined view: see views).
_DIGEST_PREFIX = re.compile(
    r"[A-Za-z]{0,16}?(?i:sha-?(?:1|224|256|384|512)|md5|blake2[bs]?|crc32)[-:=]"
)


# The list a quoted value is an item of: its name, "[", then items, commas and comments
# only up to the value (``allAcceptedCredentialIds: [ // a list… \n "vI0q…"``). Bounded.
_LIST_BEFORE = re.compile(
    r"([A-Za-z][\w.-]{0,63})[\"']?[ \t]{0,8}[:=][ \t]{0,8}\[(?:\s{1,64}+|//[^\n]{0,200}\n"
    r"|\"[^\"\n]{0,256}\"[ \t]{0,4},|'[^'\n]{0,256}'[ \t]{0,4},){0,16}$"
)
# prose or a comment that gives the value as an example of an id: "credential ID, such
# as "vI0q…"", "an id like '…'", "e.g. "…"" after "ID" (bounded, read up to the quote)
_ID_EXAMPLE = re.compile(
    r"(?<![A-Za-z])(?i:id|ids|identifier)[,:]?[ \t]{0,4}(?:\n[ \t]{0,16}(?://|#|\*)?[ \t]{0,4})?"
    r"(?:such as|like|e\.g\.,?|for example,?)[ \t]{1,4}$"
)


def _said_not_secret(name: str) -> bool:
    last = re.split(r"[_.-]", _HUMP.sub("_", name).lower())[-1]
    return last in _NOT_SECRET_NAMES


def _named_not_secret(text: str, start: int) -> bool:
    """Whether the quoted value opening at ``start`` is named as a digest or an id (by
    its key, the list holding it, or a sentence giving it as an example of an id), or is
    the value of a form's field against request forgery (see :func:`_field_name`)."""
    before = _NAME_BEFORE.search(text, max(0, start - 80), start)
    if before is None:
        listed = _LIST_BEFORE.search(text, max(0, start - 600), start)
        if listed is not None:
            return _said_not_secret(listed.group(1))
        return _ID_EXAMPLE.search(text, max(0, start - 80), start) is not None
    if before.group(1).lower() == "value":
        field = _field_name(text, before.start())
        if field is not None and forgery_guard(name_parts(field)):
            return True
    # the last word, camel case cut too ("deviceId", "groupId": ids of a device)
    return _said_not_secret(before.group(1))


_HUMP = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
# the name attribute of an HTML element, in the part of its tag before "value=" (bounded)
_FIELD_NAME = re.compile(r"""\sname[ \t]{0,4}=[ \t]{0,4}["']?([\w.-]{1,64})""")


def _field_name(text: str, at: int) -> str | None:
    """The name of the HTML element whose "value" attribute starts at ``at``: Django's
    ``<input type="hidden" name="csrfmiddlewaretoken" value="…">`` (the token every
    form of a site carries, no credential: see assignments.forgery_guard)."""
    opening = text.rfind("<", max(0, at - 300), at)
    if opening < 0 or ">" in text[opening:at]:
        return None
    found = _FIELD_NAME.search(text, opening, at)
    return found.group(1) if found else None


# A JSON Web Key holds its public parts in "n" and "e" (RSA) or "x" and "y" (elliptic
# curves): they are published on purpose (a JWKS endpoint). Its private parts are
# "d", "p", "q", "dp", "dq", "qi", and "k" for a shared key.
_JWK_PUBLIC = frozenset({"n", "e", "x", "y"})
_JWK_PRIVATE = re.compile(r'"(?:d|p|q|dp|dq|qi|k)"[ \t]{0,8}:')
_JWK_REACH = 4096  # characters looked at each side for the key's braces


def _public_key_part(text: str, start: int) -> bool:
    """Whether the quoted value opening at ``start`` is a public member of a JSON Web
    Key: named ``n``, ``e``, ``x`` or ``y`` inside an object with a ``"kty"`` and no
    private member."""
    before = _NAME_BEFORE.search(text, max(0, start - 80), start)
    if before is None or before.group(1) not in _JWK_PUBLIC:
        return False
    opening = text.rfind("{", max(0, start - _JWK_REACH), start)
    closing = text.find("}", start, start + _JWK_REACH)
    if opening < 0 or closing < 0 or "{" in text[start:closing]:
        return False
    key = text[opening:closing]
    return '"kty"' in key and _JWK_PRIVATE.search(key) is None


# A public key written as a typed object, as Cosmos and Tendermint print them:
# {"@type": "/cosmos.crypto.secp256k1.PubKey", "key": "Ax..."}, or the object of a
# field named for one ("pub_key": {"type": "tendermint/PubKeyEd25519", "value": ...}).
# celestia-app's specs were stopped for them; a public key is published on purpose.
_PUBLIC_TYPE = re.compile(r'"@?type"[ \t]{0,8}:[ \t]{0,8}"[^"\n]{0,80}pub(?:lic)?_?key', re.I)
_PUBLIC_NAME = re.compile(r"pub(?:lic)?_?keys?", re.I)
_PRIVATE = re.compile(r"priv(?:ate)?_?key|secret|mnemonic", re.I)


def _typed_public_key(text: str, start: int) -> bool:
    """Whether the quoted value opening at ``start`` lies in an object typed as a public
    key, or held by a field named for one, with nothing private in it."""
    opening = text.rfind("{", max(0, start - _JWK_REACH), start)
    closing = text.find("}", start, start + _JWK_REACH)
    if opening < 0 or closing < 0 or "{" in text[opening + 1 : start]:
        return False
    inner = text[opening:closing]
    if _PRIVATE.search(inner):
        return False
    if _PUBLIC_TYPE.search(inner):
        return True
    named = _NAME_BEFORE.search(text, max(0, opening - 80), opening)
    return named is not None and _PUBLIC_NAME.fullmatch(named.group(1)) is not None


_LETTERS = re.compile(r"[A-Z]?[a-z]{2,}")  # a word, written as words are: "Version", "kind"
_TOKENS = re.compile(r"[A-Za-z0-9+/=_\-]{16,}")  # runs a secret could be, in decoded text
_TEXT_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


_ZERO_SHARE = 0.1  # share of zero bytes past which decoded bytes are a record, not a key


def _structured_bytes(value: str) -> bool:
    """Whether a base64 value decodes to binary laid out in fields, a tenth of its bytes
    zero or more (an XDR transaction, a protobuf with defaults): random key material
    holds one zero in 256. Stellar's SEP-10 was stopped for its example transactions."""
    data = b64decode(value)
    return data is not None and len(data) >= 24 and data.count(0) >= _ZERO_SHARE * len(data)


def _encoded_text(value: str) -> bool:
    """Whether a base64 value decodes to text made of words (a sentence, a JSON object):
    written out in base64, not drawn at random. The decoded text still goes through
    every rule (see :mod:`~mdbrain.core.guard.inspection`), and a credential's name
    before the value is judged by the assignment rules."""
    data = b64decode(value)
    if data is None:
        return False
    try:
        decoded = data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    if _TEXT_CONTROL.search(decoded) or not any(c in decoded for c in ' "\n'):
        return False
    if any(looks_random(token) for token in _TOKENS.findall(decoded)):
        return False  # words around a token: "the deploy token is wJalrXUtnF…"
    return sum(len(word) for word in _LETTERS.findall(decoded)) >= 0.5 * len(decoded)


def _is_key(text: str, end: int) -> bool:
    """Whether the quoted string closing at ``end`` is a mapping's key: secrets are values."""
    return text[end : end + 9].lstrip(" \t").startswith(":")


def entropy_finds(view: Text) -> Iterator[Found]:
    if view.longest < 32:
        return
    text = view.text
    for regex in _QUOTED:
        if regex.pattern[0] not in text:
            continue
        for match in regex.finditer(text):
            value = match.group(1)
            if (
                looks_random(value)
                and not _made_of_words(value)
                and not _path_of_words(value)
                and not placeholder(value)
                and not _DIGEST_PREFIX.match(value)
                and not _is_key(text, match.end())
                and not _named_not_secret(text, match.start())
                and not _public_key_part(text, match.start())
                and not _typed_public_key(text, match.start())
                and not public_address(value)
                and not _encoded_text(value)
                and not _structured_bytes(value)
            ):
                yield Found("high-entropy-string", match.start(1), match.end(1), value)
