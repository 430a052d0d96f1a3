"""Small tests on values: randomness, and what looks like a credential."""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from functools import lru_cache

from mdbrain.core.guard.samples import placeholder, reference

# The patterns below test one value (1,024 characters at most) from its start; their
# repetitions are separated by characters they cannot contain, so each reads it once.
_VERSION = re.compile(r"v?\d+(?:[._:/-]\d+)*(?:[-+.][A-Za-z][\w.]*)?")
_WORDY = re.compile(r"[a-z]+(?:[_.-][a-z0-9]+)+|[A-Z]?[a-z]{2,}(?:[A-Z][a-z]{2,})+")
# camel case with an acronym inside ("builderAPIpublicKey"): a name when each run of
# small letters holds a vowel, as words do and random letters mostly do not
_ACRONYM_CAMEL = re.compile(r"[A-Z]?[a-z]{2,}(?:[A-Z]+[a-z]{2,})+")
# and a type's or a member's name that starts or ends on one ("GPURenderPassDescriptor",
# "configURL", "innerHTML"): an acronym of two to five capitals, then words in camel case,
# or words then the acronym. Each hump starts on a capital and each run of small letters
# ends before one, so there is one way to cut the value.
_LEADING_ACRONYM = re.compile(r"[A-Z]{2,5}(?:[A-Z][a-z]{2,}){1,8}")
_TRAILING_ACRONYM = re.compile(r"[a-z]{2,}(?:[A-Z][a-z]{2,}){0,8}[A-Z]{2,5}")
_SMALL_RUN = re.compile(r"[a-z]{2,}")
_VOWEL = re.compile(r"[aeiouy]")
# a variable's name in snake or camel case, a few digits after a word ("offset2"); each
# word ends before "_" or a capital, so there is one way to cut the value
_CODE_NAME = re.compile(
    r"[a-z]{2,}[0-9]{0,4}(?:_[a-z]{2,}[0-9]{0,4})+|[a-z]{2,}(?:[A-Z][a-z]{2,})+[0-9]{0,4}"
)
SPACE = re.compile(r"\s")
# Capital words with a few digits or signs between them ("COMBO00:COMBO01", "USER_1"):
# the names of placeholders in command syntax, not generated credentials.
# Each word after the first starts after a sign, so there is one way to cut the value.
_CAPITAL_WORDS = re.compile(r"[A-Z]{4,}[0-9]{0,3}(?:[^A-Za-z0-9][A-Z]{4,}[0-9]{0,3})*")
# An account's name as people write one: words (all capitals, all small letters, or
# capitalised humps of three letters or more) ending in at most four digits, joined by
# dots, hyphens or underscores ("Domain01", "ServiceAccount", "svc-backup01",
# "john.doe"); alone, after a domain and a slash or backslash ("CONTOSO\User01"), or
# before "@" and a host ("admin01@corp.contoso.com"). Each hump starts on a capital and
# each word ends before a sign, so there is one way to cut the value.
_ACCOUNT_WORD = r"(?:[A-Z]{2,}|[A-Z]?[a-z]+(?:[A-Z][a-z]{2,})*)[0-9]{0,4}"
_ACCOUNT_PART = rf"{_ACCOUNT_WORD}(?:[._-]{_ACCOUNT_WORD}){{0,4}}"
_ACCOUNT = re.compile(
    rf"(?:{_ACCOUNT_PART}[\\/])?{_ACCOUNT_PART}"
    rf"|{_ACCOUNT_PART}@[A-Za-z0-9-]{{1,63}}(?:\.[A-Za-z0-9-]{{1,63}}){{1,8}}"
)
# A single word as prose writes it ("pony", "banana"): small letters, a vowel at least
# every third letter, no more than three consonants in a row. A few words run together
# ("coneofsilence") have the same shape, only longer.
_PLAIN_WORD = re.compile(r"[a-z]{3,8}")
_LOWER_CASE_WORDS = re.compile(r"[a-z]{3,32}")
_CONSONANTS = re.compile(r"[b-df-hj-np-tv-xz]{4}")
# How much more often each letter comes in English words than in letters drawn at random
# (log2 of its frequency times 26): words lean on e, t, a, o; random letters draw j, q,
# x, z as often as e. Averaged over a value, words score above zero and random letters
# that happen to have a word's vowels below it (see lower_case_words).
_LETTER_FREQUENCY = dict(
    zip(
        "etaoinshrdlcumwfgypbvkjxqz",
        (12.7, 9.1, 8.2, 7.5, 7.0, 6.7, 6.3, 6.1, 6.0, 4.3, 4.0, 2.8, 2.8, 2.4, 2.4, 2.2,
         2.0, 2.0, 1.9, 1.5, 1.0, 0.8, 0.15, 0.15, 0.1, 0.07),
        strict=True,
    )
)  # fmt: skip
_LETTER_SCORE = {
    letter: math.log2(26 * share / sum(_LETTER_FREQUENCY.values()))
    for letter, share in _LETTER_FREQUENCY.items()
}
_WORDS_SCORE = -0.25  # the lowest mean score of words run together


# A Stellar account, contract or muxed account as its StrKey writes it (G, C or M, then
# base32 in capitals; a secret seed opens on S), an asset code before it or not
# ("BRL-G..."): a ledger publishes them. stellar/stellar-protocol's SEPs were stopped
# for a stellar.toml's SIGNING_KEY and a paging token.
_STELLAR_ADDRESS = re.compile(r"(?:[A-Za-z0-9]{1,12}[-:])?(?:[GC][A-Z2-7]{55}|M[A-Z2-7]{68})")


def public_address(value: str) -> bool:
    """Whether a value is an address a ledger publishes (:data:`_STELLAR_ADDRESS`)."""
    return _STELLAR_ADDRESS.fullmatch(value) is not None


def entropy(value: str) -> float:
    """Shannon entropy of ``value`` in bits per character."""
    if not value:
        return 0.0
    counts = Counter(value)
    size = len(value)
    return -sum(n / size * math.log2(n / size) for n in counts.values())


def looks_random(value: str) -> bool:
    classes = sum(
        (
            any(c.islower() for c in value),
            any(c.isupper() for c in value),
            any(c.isdigit() for c in value),
        )
    )
    return classes == 3 and entropy(value) >= 4.5


def random_token(value: str) -> bool:
    """A generated token: upper case, lower case and digits, not a stand-in."""
    return (
        any(c.isupper() for c in value)
        and any(c.islower() for c in value)
        and any(c.isdigit() for c in value)
        and entropy(value) >= 3.5
        and not placeholder(value)
    )


def some_randomness(value: str) -> bool:
    """At least two kinds of characters, one a digit, and enough distinct ones."""
    kinds = (
        any(c.isupper() for c in value) + any(c.islower() for c in value),
        any(c.isdigit() for c in value),
    )
    return kinds[1] and kinds[0] > 0 and len(set(value)) >= 8 and not placeholder(value)


def hex_token(value: str) -> bool:
    return len(set(value.lower())) >= 8 and not placeholder(value)


def account_name(value: str) -> bool:
    """Whether a value reads as an account's name rather than a password: a user name
    (``User01``, ``svc-backup``), with its domain (``CONTOSO\\User01``,
    ``admin@corp.example``). PowerShell's ``-Credential`` takes one and prompts for the
    password, so its documentation is full of them."""
    return len(value) <= 256 and _ACCOUNT.fullmatch(value) is not None


def plain_word(value: str) -> bool:
    """Whether a value is one short word in small letters ("pony", "banana"): what an
    example puts where a secret would go. Random small letters rarely have a vowel every
    third letter without four consonants in a row somewhere."""
    return _PLAIN_WORD.fullmatch(value) is not None and _pronounceable(value)


def lower_case_words(value: str) -> bool:
    """Whether a value is a word or a few words run together, in small ASCII letters and
    nothing else ("pony", "coneofsilence", FastAPI's sample token): what an example puts
    where a secret would go, since no service generates its tokens so. Up to eight
    letters, a plain word (:func:`plain_word`); longer, up to 32, the same shape and
    letters as common as those of English words on the whole, which random small letters
    with a word's vowels seldom have (one in 60 of 16 letters, one in 1,700 of 32). A
    word's accents are read as its letters ("possède", a relation's label in
    MTES-MCT/dialog's data model, after a class named Token)."""
    if not value.isascii() and value.isalpha() and value.islower():
        decomposed = unicodedata.normalize("NFKD", value)
        value = "".join(c for c in decomposed if not unicodedata.combining(c))
    if _PLAIN_WORD.fullmatch(value) is not None:
        return _pronounceable(value)
    return (
        _LOWER_CASE_WORDS.fullmatch(value) is not None
        and _pronounceable(value)
        and _english_letters(value)
    )


def _english_letters(value: str) -> bool:
    """Whether the small letters of ``value`` are, on the whole, as common as those of
    English words (see :data:`_LETTER_SCORE`)."""
    return sum(map(_LETTER_SCORE.__getitem__, value)) >= _WORDS_SCORE * len(value)


# The signs that join the words of an identifier, a part that is no word but an
# abbreviation or an acronym ("my", "db", "xml", "pw"), and a small number. Each tests a
# part of at most 64 characters from its start.
_IDENTIFIER_SIGNS = re.compile(r"[-_.]")
_SHORT_PART = re.compile(r"[a-z]{1,4}")
_SMALL_NUMBER = re.compile(r"[0-9]{1,3}")


def identifier_words(value: str) -> bool:
    """Whether a value is an identifier made of words, as people name a service, a
    profile, a key of local storage or a secret's entry, and no service generates a
    credential: words in small letters (each as :func:`lower_case_words` reads them)
    joined by hyphens, underscores or dots, two to eight parts ("period-tracker",
    "app-simple-filter-xml"), perhaps a small number last, a sign before it, as items
    are numbered ("profile_1", "camera-02"). Not digits run into a word ("pony42",
    "hunter2"): that is how people make the passwords they use.

    Among the words, one part, no more, may be an abbreviation or an acronym of at most
    four small letters ("app-my-service", "filter-xml"), when the letters as a whole are
    as common as those of English words: random groups of letters ("qzvk-wtrp-bnmx",
    as an application password is shown) often have a word's vowels in each group, and
    seldom English letters on the whole. A person's passphrase may have this shape too:
    a password's name keeps it (:func:`~mdbrain.core.guard.assignments._stands_in`)."""
    if len(value) > 64:
        return False
    parts = _IDENTIFIER_SIGNS.split(value)
    if not 2 <= len(parts) <= 8:
        return False
    if _SMALL_NUMBER.fullmatch(parts[-1]) is not None:
        parts = parts[:-1]
    words = [part for part in parts if lower_case_words(part)]
    others = [part for part in parts if not lower_case_words(part)]
    if not words or len(others) > 1:
        return False
    if not others:
        return True
    return _SHORT_PART.fullmatch(others[0]) is not None and _english_letters("".join(parts))


def example_identifier(value: str, common: frozenset[str]) -> bool:
    """Whether a value is a word, words run together (:func:`lower_case_words`) or an
    identifier of words (:func:`identifier_words`), and no ``common`` password, nor one
    numbered ("dragon-1", "monkey_123": how people make the passwords they use): what
    an example puts where a secret would go, given to a name that is not a password's
    (``secret: "pony"``, ``serviceKey = "app-simple-filter-xml"``, ``"ProfileToken":
    "profile_1"``)."""
    if not (lower_case_words(value) or identifier_words(value)):
        return False
    return value not in common and value.rstrip("0123456789-_.") not in common


# A class's or a type's name: capitalised words run together, perhaps an acronym of two to
# five capitals before a word or last ("CustomPrivateKeySign", "RSAPrivateKey",
# "SSLContextFactory", "ParseXML"), no digit, no sign. An acronym is followed by a
# capital and a small letter, so each run of capitals is cut one way; the value is
# bounded (64 characters) before the pattern reads it.
_TYPE_NAME = re.compile(r"(?:[A-Z]{2,5}(?=[A-Z][a-z])|[A-Z][a-z]{2,24}){1,8}(?:[A-Z]{2,5})?")


def type_name(value: str) -> bool:
    """Whether a value is a class's or a type's name (CamelCase words, no digit): what a
    type annotation or a keyword argument gives a function's or a key's parameter
    (grpc/proposal's ``private_key_sign_fn: "CustomPrivateKeySign"``, a forward
    reference in Python), and no service generates a credential so: keys and tokens are
    drawn at random and hold digits. Every run of small letters holds a vowel and the
    letters are as common as those of English words on the whole, as in words, which
    random capitals and small letters seldom are. A person's passphrase may have this
    shape ("CorrectHorseBatteryStaple"): a password's name keeps it
    (:func:`~mdbrain.core.guard.assignments._stands_in`)."""
    if not 6 <= len(value) <= 64 or _TYPE_NAME.fullmatch(value) is None:
        return False
    if sum(c.isupper() for c in value) < 2:  # one word ("Secret"): no name of words
        return False
    runs = _SMALL_RUN.findall(value)
    return all(_VOWEL.search(run) for run in runs) and _english_letters("".join(runs))


# The types TypeScript and JavaScript build in, and GraphQL's scalars: what follows a
# member's name and a colon in a class, an interface or a schema (``password: string;``,
# ``password: Uint8Array;``, ``password: String!``), never a credential.
_BUILT_IN_TYPES = (
    r"string|number|boolean|bigint|symbol|object|any|unknown|never|undefined|null|void"
    r"|String|Number|Boolean|BigInt|Symbol|Object|Date|Buffer|Blob|File|ArrayBuffer"
    r"|SharedArrayBuffer|DataView|Uint8Array|Uint8ClampedArray|Uint16Array|Uint32Array"
    r"|Int8Array|Int16Array|Int32Array|Float32Array|Float64Array|BigInt64Array"
    r"|BigUint64Array|Int|Float|ID"
)
# one such type, perhaps an array of it ("string[]") or GraphQL's non-null ("String!"),
# or an array or a promise of it ("Promise<string>"); several joined by "|" (a union),
# then the ";" or "," that ends a member. Alternations of literals, each repetition
# bounded and separated by a sign no type holds: a value is read in bounded steps.
_ONE_TYPE = (
    rf"(?:(?:Array|ReadonlyArray|Promise)<(?:{_BUILT_IN_TYPES})(?:\[\])?>|(?:{_BUILT_IN_TYPES}))"
)
_MEMBER_TYPE = rf"{_ONE_TYPE}(?:\[\]){{0,3}}[!?]?"
_UNION_MEMBER = rf"[ \t]{{0,2}}\|[ \t]{{0,2}}{_MEMBER_TYPE}"
_TYPE_EXPRESSION = re.compile(rf"{_MEMBER_TYPE}(?:{_UNION_MEMBER}){{0,7}}[;,]?")


def declared_type(value: str) -> bool:
    """Whether a value is a type a member is declared with, built in (:data:`_BUILT_IN_TYPES`),
    with the ";" or "," that ends the member's declaration: nestjs/docs.nestjs.com's
    GraphQL and OpenAPI pages were refused for the TypeScript member ``password:
    string;``, which detect-secrets read as the value "string;". A type says what a
    password will be, and is none; no one's password is "Uint8Array;"."""
    return len(value) <= 256 and _TYPE_EXPRESSION.fullmatch(value) is not None


def _pronounceable(value: str) -> bool:
    """A vowel at least every third letter, never four consonants in a row."""
    return (
        sum(c in "aeiouy" for c in value) >= len(value) // 3 and _CONSONANTS.search(value) is None
    )


@lru_cache(maxsize=4096)
def quoted_secret(value: str) -> bool:
    """A quoted value after a credential's name: short is fine, a sentence is not, nor a
    string's escape sequences with a character or two (carbon-lang's lexical design
    shows ``password = "\\u{1F3F9}2"``: an emoji's code point, not a password)."""
    return (
        6 <= len(value) <= 256
        and SPACE.search(value) is None
        and not placeholder(value)
        and not reference(value, quoted=True)
        and _VERSION.fullmatch(value) is None
        and _ESCAPES.fullmatch(value) is None
    )


# escape sequences of string literals, a character or two around them at most
_ESCAPES = re.compile(
    r".{0,2}(?:\\(?:u\{[0-9A-Fa-f]{1,6}\}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|x[0-9A-Fa-f]{2}"
    r"|[0-7]{1,3}|[nrtbfv0\\\"'])){1,8}.{0,2}"
)


@lru_cache(maxsize=4096)
def credential_like(value: str) -> bool:
    """Whether an unquoted value looks like a credential rather than a word, a number,
    an identifier, a version or a path: 8 characters or more, letters with digits or
    symbols (or upper case inside a word that is not camel case)."""
    value = value.rstrip(".,;:!?)]}\"'`*")
    if not 8 <= len(value) <= 256 or placeholder(value) or reference(value):
        return False
    if _VERSION.fullmatch(value) or _WORDY.fullmatch(value) or _camel_words(value):
        return False
    letters = any(c.isalpha() for c in value)
    digits = any(c.isdigit() for c in value)
    symbols = any(not c.isalnum() for c in value)
    if not letters or _CAPITAL_WORDS.fullmatch(value):
        return False
    if digits or symbols:
        return not (symbols and not digits and _wordy_with_symbols(value))
    return any(c.isupper() for c in value[1:]) and any(c.islower() for c in value)


def code_name(value: str) -> bool:
    """Whether a value is a variable's name made of words, as code names them
    (``withdrawal_credentials_offset``, ``requestHeaders2``): snake or camel case, each
    run of small letters holding a vowel, which random letters seldom all do."""
    return len(value) <= 128 and (
        _CODE_NAME.fullmatch(value) is not None
        and all(_VOWEL.search(run) for run in _SMALL_RUN.findall(value))
    )


def _camel_words(value: str) -> bool:
    """Words in camel case with an acronym among them, first or last, every run of small
    letters holding a vowel: ``builderAPIpublicKey``, ``parseXMLDocument``,
    ``GPURenderPassDescriptor``, ``configURL``; not ``hjqXKLmnpQRSwertUIasd``."""
    shaped = (
        _ACRONYM_CAMEL.fullmatch(value) is not None
        or _LEADING_ACRONYM.fullmatch(value) is not None
        or _TRAILING_ACRONYM.fullmatch(value) is not None
    )
    return shaped and all(_VOWEL.search(run) for run in _SMALL_RUN.findall(value))


def _wordy_with_symbols(value: str) -> bool:
    """Words joined by hyphens, dots, slashes, equals signs or colons ("read-only",
    "app.settings", "HostnameOverride=true"): no digit."""
    return all(part.isalpha() for part in re.split(r"[-_./@+=:]", value) if part)
