"""The secret guard: text and paths that must never enter the knowledge base.

Three entry points:

* :func:`scan` yields mdbrain's own secret rules on a text (the parse-time guard
  behind ``check`` and ``import``);
* :func:`personal` yields personal data: e-mail addresses, phone numbers,
  national ids, IBANs and card numbers (for bases that turn that guard on);
* :func:`inspect` is what a writer calls: both, plus an optional second
  opinion (detect-secrets, handed in by :mod:`mdbrain.store.secret_scan`, since
  core reads no files), de-duplicated and sorted by line.

What the rules read
    The text as written, and a normalised view of it: invisible format
    characters removed (zero-width space, joiners, word joiner, byte-order mark,
    soft hyphen, bidirectional controls), strings split by a concatenation
    (``"ab" + "cd"``, ``'ab' 'cd'``, ``"ab" . "cd"``) or a backslash line
    continuation joined again, and a token cut over several lines joined when
    its first piece starts like one (``AKIA…``, ``ghp_…``, ``sk-…``). Runs of 24
    to 4,096 base64 characters are decoded: a decoding that is mostly printable
    is read by the same rules, and one that starts like a private key (DER,
    OpenSSH, OpenPGP) is a hit by itself. A hit found in a view is reported on
    the line of the original text where it starts.

What a hit shows
    The rule, the first and last lines the value covers, a redacted excerpt
    (:func:`redact`) and a digest (:func:`digest`): never the value.

What passes
    Placeholders (``<password>``, ``${TOKEN}``, ``changeme``, ``xxxx``, a run of
    one character, an obvious sequence, values built on placeholder words such as
    ``mysecretpassword``), references to a secret kept elsewhere, the public
    samples of vendors' documentation (:data:`PUBLIC_SAMPLES`), the exact values
    of the ``allow`` set, and every hit on a line that carries an allow comment,
    written in the comment syntax of the place it sits in::

        <!-- mdbrain: allow-secret -->     Markdown, HTML
        # mdbrain: allow-secret            shell, YAML, Python, TOML
        // mdbrain: allow-secret           C, C++, Java, JavaScript, Go, Rust

    ``mdbrain: allow-personal`` does the same for personal data. A comment covers
    its own line only, and it stays in the document for every reviewer to see.

Staying linear
    Every pattern starts with a literal the regular expression engine jumps to,
    or runs only where a needle occurs (a plain substring test, fast C code), on
    the text or on its long words. A look-behind that checks the character
    before a match comes after that first literal: placed first, it would make
    the engine try every position. No pattern lets two unbounded repetitions of
    overlapping characters meet: every run is bounded (``{1,64}``) or followed by
    a character it cannot contain. The comment beside each pattern says which.
    Values are at most a few hundred characters long before any test in Python
    looks at them, and assignments, the one rule with work in Python per
    candidate, are judged by segments, identical segments once.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import math
import posixpath
import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import accumulate

SECRET = "secret"  # noqa: S105 - the name of a family of hits, not a password
PERSONAL = "personal"

# A second opinion: (kind of secret, 1-based line, value) for each secret it finds.
SecondOpinion = Callable[[str], Iterable[tuple[str, int, str]]]


@dataclass(frozen=True, slots=True)
class Hit:
    rule: str
    line: int
    excerpt: str  # redacted: the first characters at most, then an ellipsis
    digest: str  # names the value without showing it: see :func:`digest`
    family: str = SECRET  # SECRET or PERSONAL
    last_line: int = 0  # the last line the value covers (a key body spans several)


@dataclass(frozen=True, slots=True)
class _Found:
    """A finding in the coordinates of the text a finder read."""

    rule: str
    start: int
    end: int
    value: str
    family: str = SECRET
    alias: str = ""  # the text as written when the value was decoded from it


# --- small tests on values -------------------------------------------------------------

# Documented samples of vendors and standards: they are in every tutorial, they
# open nothing, and refusing them would make the guard refuse documentation.
PUBLIC_SAMPLES = frozenset(
    {
        # AWS documentation's example credentials
        "AKIAIOSFODNN7EXAMPLE",
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        # the token shown on jwt.io
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4g"
        "RG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
        # Stripe's documented test-mode keys
        "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
        "sk_test_BQokikJOvBiI2HlWgH4olfQ2",
        # the Azure storage emulator's well-known account key
        "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
        # HTTP Basic examples of RFC 2617 and RFC 7617 ("Aladdin:open sesame")
        "QWxhZGRpbjpvcGVuIHNlc2FtZQ==",
        "YWxhZGRpbjpvcGVuc2VzYW1l",
        # social security numbers known to be samples (the 1938 wallet card, ads)
        "123-45-6789",
        "078-05-1120",
        "219-09-9999",
        # IBANs of bank and standard documentation
        "FR7630006000011234567890189",
        "FR1420041010050500013M02606",
        "DE89370400440532013000",
        "GB29NWBK60161331926819",
        "GB82WEST12345698765432",
        "NL91ABNA0417164300",
        "BE68539007547034",
        "CH9300762011623852957",
        "ES9121000418450200051332",
        "IT60X0542811101000000123456",
        # payment networks' test card numbers
        "4111111111111111",
        "4242424242424242",
        "4012888888881881",
        "4000056655665556",
        "5555555555554444",
        "5105105105105100",
        "2223003122003222",
        "378282246310005",
        "371449635398431",
        "6011111111111117",
        "6011000990139424",
        "3530111333300000",
        "30569309025904",
    }
)

_INVISIBLE = "\u00ad\u034f\u180e\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
_INVISIBLE += "\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\ufeff"
# a character class of single characters: each match is one run, found left to right
_INVISIBLE_RUN = re.compile(f"[{_INVISIBLE}]+")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Leet spellings fold back to letters before the placeholder words are looked for.
_LEET = str.maketrans("0134578@$!|", "oieastbasil")
# Words that make a value a stand-in wherever they occur in it ("mysecretpassword").
_PLACEHOLDER_PARTS = (
    "password", "passwd", "passphrase", "secret", "example", "sample", "placeholder",
    "changeme", "change_me", "change-me", "changeit", "dummy", "redacted", "xxxx",
    "letmein", "qwerty", "azerty", "opensesame", "open sesame", "foobar",
    "lorem", "notreal", "not_real", "notasecret", "token", "apikey", "api_key",
    "motdepasse", "mot_de_passe", "motdepase", "contrasena", "contraseña", "passwort",
    "kennwort", "wachtwoord", "senha", "geheim", "secreto", "segreto",
)  # fmt: skip
# Whole values (once digits and punctuation at the ends are set aside) that stand in.
_PLACEHOLDER_WORDS = _words(
    """pass pwd mdp token key keys value val test testing tester admin administrator root
    guest user username login demo default none null nil true false yes no on off undefined
    string str text hidden required optional secure sensitive masked encrypted plain
    plaintext empty blank abc abcd abcdef foo bar baz qux quux tiger scott postgres mysql hunter
    redis mongo mongodb oracle sa welcome fake mock todo tbd na n/a unknown any int integer
    number bool boolean object array list dict map bytes binary base64 hex utf8 ascii
    char void auto env var variable xyz qwe asd zxc bearer basic digest oauth oauth2 jwt
    api auth credentials credential creds access private public secretkey privatekey
    publickey accesskey sessionid session cookie csrf nonce salt hash md5 sha sha1 sha256
    sha512 bcrypt argon2 pbkdf2 scrypt aes rsa ecdsa ed25519 hmac hs256 rs256 es256
    client server local localhost host port database db schema table column field form
    input output param params option options flag setting settings config configuration
    motdepasse clave senha wachtwoord kennwort passwort geheim contrasena secreto segreto
    parola haslo heslo"""
)
_PLACEHOLDER_PREFIXES = ("your", "example", "sample", "dummy", "fake", "test", "demo", "mock")
# Shapes that stand in: <name>, ${VAR}, $VAR, %VAR%, {{ var }}, {var}, [var], runs of
# one filler character. Run on values of at most 1,024 characters.
_PLACEHOLDER_SHAPE = re.compile(
    r"<[^<>]*>|\$\{[^}]*\}|\$\(.*\)|\$[A-Za-z_]\w*|%[A-Za-z_]\w*%|\{\{.*\}\}|\{[^{}]*\}"
    r"|\[[^\[\]]*\]|\(\.\.\.\)|[*xX._#?…-]+"
)
# The patterns below test one value (1,024 characters at most) from its start; their
# repetitions are separated by characters they cannot contain, so each reads it once.
_ENV_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{3,}")
# An attribute, member or namespace path: self.password, config.db.pass, Foo::bar.
_CODE_PATH = re.compile(r"[A-Za-z_]\w*(?:(?:\.|->|::)[A-Za-z_]\w*)+(?:\(\))?")
_REFERENCE_STARTS = ("$", "%", "{", "<", "[", "(", "!", "&", "*", "@", "#", ":", "=", "~")
_REFERENCE_PARTS = ("${", "{{", "$(", "%(", "#{", "<%", "://", "env:", "vault:", "ssm:")
_REFERENCE_PREFIXES = (
    "secret:", "secrets:", "ref:", "ref+", "file:", "arn:", "op://", "keychain:",
    "projects/", "/", "./", "../", "~/", "env.", "process.env", "os.environ", "os.getenv",
)  # fmt: skip
# A Windows variable ("%USERPROFILE%") or a key or credentials file named in the value.
_FILE_REFERENCE = re.compile(
    r"%\w{1,64}%|[\\/]\.ssh[\\/]|\bid_(?:rsa|dsa|ecdsa|ed25519)\b"
    r"|\.(?:pem|key|crt|cer|p12|pfx|jks|ppk|json|txt|env|ya?ml)$"
)
_VERSION = re.compile(r"v?\d+(?:[._:/-]\d+)*(?:[-+.][A-Za-z][\w.]*)?")
_WORDY = re.compile(r"[a-z]+(?:[_.-][a-z0-9]+)+|[A-Z]?[a-z]{2,}(?:[A-Z][a-z]{2,})+")
_SPACE = re.compile(r"\s")
# Capital words with a few digits or signs between them ("COMBO00:COMBO01", "USER_1"):
# the names of placeholders in command syntax, not generated credentials.
# Each word after the first starts after a sign, so there is one way to cut the value.
_CAPITAL_WORDS = re.compile(r"[A-Z]{4,}[0-9]{0,3}(?:[^A-Za-z0-9][A-Z]{4,}[0-9]{0,3})*")
_LETTERS_OR_DIGITS = re.compile(r"[a-z]+|[0-9]+")
_SEQUENCES = (
    "abcdefghijklmnopqrstuvwxyz",
    "0123456789012345678901234567890",
    "qwertyuiopasdfghjklzxcvbnm",
    "azertyuiopqsdfghjklmwxcvbn",
)


def entropy(value: str) -> float:
    """Shannon entropy of ``value`` in bits per character."""
    if not value:
        return 0.0
    counts = Counter(value)
    size = len(value)
    return -sum(n / size * math.log2(n / size) for n in counts.values())


def _looks_random(value: str) -> bool:
    classes = sum(
        (
            any(c.islower() for c in value),
            any(c.isupper() for c in value),
            any(c.isdigit() for c in value),
        )
    )
    return classes == 3 and entropy(value) >= 4.5


def _dummy(value: str) -> bool:
    """One repeated character or unit, few distinct characters, or an obvious sequence."""
    size = len(value)
    if size == 0:
        return True
    low = value.lower()
    distinct = len(set(low))
    if distinct <= 2 or (size >= 8 and distinct <= 3):
        return True
    if low in (low + low)[1:-1]:
        return True  # a shorter unit repeated: "abcabcabc", "0123456789abcdef" twice
    for period in range(1, min(8, size // 2) + 1):
        if low == (low[:period] * (size // period + 1))[:size]:
            return True  # a unit repeated, cut anywhere: "abcdabcdab"
    # one or two runs ("abcdefgh", "12345678", "abcd1234"), each a keyboard or alphabet run
    runs = _LETTERS_OR_DIGITS.findall(low)
    return 0 < len(runs) <= 2 and all(
        any(run in seq or run in seq[::-1] for seq in _SEQUENCES) for run in runs
    )


def placeholder(value: str) -> bool:
    """Whether a value is a stand-in ("<password>", "${TOKEN}", "changeme", "xxxx"...)."""
    if value in PUBLIC_SAMPLES or _PLACEHOLDER_SHAPE.fullmatch(value[:1024]):
        return True
    core = value.strip("[]<>{}():'\"`")
    if len(value) > 1024:
        return False
    if not core or _PLACEHOLDER_SHAPE.fullmatch(core):
        return True
    low = core.lower()
    folded = low.translate(_LEET)
    return (
        low.strip("0123456789_-.!#@$%*+/=?~^&") in _PLACEHOLDER_WORDS
        or any(part in low or part in folded for part in _PLACEHOLDER_PARTS)
        or low.startswith(_PLACEHOLDER_PREFIXES)
        or "..." in core
        or "…" in core
        or _dummy(core)
    )


def _reference(value: str, *, quoted: bool = False) -> bool:
    """A name or a path that points at a secret kept elsewhere, or a piece of code. A
    quoted value may start with any symbol; an unquoted one starting with "!", "&", "*"
    or "@" is a YAML tag, anchor or alias, or a reference."""
    low = value.lower()
    return (
        (not quoted and value.startswith(_REFERENCE_STARTS))
        or any(part in low for part in _REFERENCE_PARTS)
        or low.startswith(_REFERENCE_PREFIXES)
        or (len(value) > 2 and value[1] == ":" and value[0].isalpha() and value[2] in "\\/")
        or _ENV_NAME.fullmatch(value) is not None
        or _CODE_PATH.fullmatch(value) is not None
        or _FILE_REFERENCE.search(value) is not None
    )


@lru_cache(maxsize=4096)
def _quoted_secret(value: str) -> bool:
    """A quoted value after a credential's name: short is fine, a sentence is not."""
    return (
        6 <= len(value) <= 256
        and _SPACE.search(value) is None
        and not placeholder(value)
        and not _reference(value, quoted=True)
        and _VERSION.fullmatch(value) is None
    )


@lru_cache(maxsize=4096)
def credential_like(value: str) -> bool:
    """Whether an unquoted value looks like a credential rather than a word, a number,
    an identifier, a version or a path: 8 characters or more, letters with digits or
    symbols (or upper case inside a word that is not camel case)."""
    value = value.rstrip(".,;:!?)]}\"'`*")
    if not 8 <= len(value) <= 256 or placeholder(value) or _reference(value):
        return False
    if _VERSION.fullmatch(value) or _WORDY.fullmatch(value):
        return False
    letters = any(c.isalpha() for c in value)
    digits = any(c.isdigit() for c in value)
    symbols = any(not c.isalnum() for c in value)
    if not letters or _CAPITAL_WORDS.fullmatch(value):
        return False
    if digits or symbols:
        return not (symbols and not digits and _wordy_with_symbols(value))
    return any(c.isupper() for c in value[1:]) and any(c.islower() for c in value)


def _wordy_with_symbols(value: str) -> bool:
    """Words joined by hyphens, dots or slashes ("read-only", "app.settings"): no digit."""
    return all(part.isalpha() for part in re.split(r"[-_./@+]", value) if part)


def digest(value: str) -> str:
    """A short name for a value that does not reveal it (for allow-lists and reports)."""
    return hashlib.sha256(value.encode("utf-8")).hexdigest()[:10]


def redact(value: str) -> str:
    """The first characters of a value, never more than a quarter of it."""
    if len(value) >= 12:
        return value[:4] + "…"
    if len(value) >= 8:
        return value[:2] + "…"
    return "…"


# --- literal shapes -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Pattern:
    rule: str
    needles: tuple[str, ...]  # the pattern runs only where one of these occurs
    regex: re.Pattern[str]
    group: int = 0  # the group holding the value reported
    body: int = 0  # the group checked for stand-ins (0: the value itself)
    check: Callable[[re.Match[str]], bool] | None = None  # True when the match is real
    folded: bool = False  # needles are looked for in lower case
    # True when the needle may sit outside a long word (see _Text): it is looked for, in
    # lower case, in the whole lower-cased text; else only in the long words
    contextual: bool = False


def _random_token(value: str) -> bool:
    """A generated token: upper case, lower case and digits, not a stand-in."""
    return (
        any(c.isupper() for c in value)
        and any(c.islower() for c in value)
        and any(c.isdigit() for c in value)
        and entropy(value) >= 3.5
        and not placeholder(value)
    )


def _some_randomness(value: str) -> bool:
    """At least two kinds of characters, one a digit, and enough distinct ones."""
    kinds = (
        any(c.isupper() for c in value) + any(c.islower() for c in value),
        any(c.isdigit() for c in value),
    )
    return kinds[1] and kinds[0] > 0 and len(set(value)) >= 8 and not placeholder(value)


def _hex_token(value: str) -> bool:
    return len(set(value.lower())) >= 8 and not placeholder(value)


def _key_material_follows(text: str, end: int) -> bool:
    """After a BEGIN line: anything but a stand-in. A body of "...", "<your key here>",
    "{{ key }}", "xxxx", words, or nothing before the END line, is documentation."""
    ahead = _PEM_AHEAD.match(text, end)
    start = ahead.end() if ahead else end
    body = _PEM_BODY.match(text, start)
    first = body.group(0).strip() if body else ""
    return not (
        not first
        or first.startswith("-----")
        or " " in first
        or "..." in first
        or "…" in first
        or _PLACEHOLDER_SHAPE.fullmatch(first) is not None
    )


# After a PEM header: blanks and newlines (real or escaped "\n"), and RFC 1421 header
# lines ("Proc-Type: ..."). Each part is bounded and a header line cannot hold a
# newline, so a match costs at most a few hundred characters.
_PEM_AHEAD = re.compile(
    r"(?:[ \t\r\n]|\\n|\\r){0,8}(?:[A-Za-z-]{1,24}:[^\n]{0,200}(?:\n|\\n)){0,4}"
    r"(?:[ \t\r\n]|\\n){0,4}"
)
# The first line of the body: up to a newline, an escaped one or a quote, 200 at most.
_PEM_BODY = re.compile(r"(?:[^\n\\\"]|\\(?!n)){0,200}")


def _private_key_header(match: re.Match[str]) -> bool:
    return _key_material_follows(match.string, match.end())


def _basic_or_bearer(match: re.Match[str]) -> bool:
    scheme, token = match.group(1).lower(), match.group(2)
    if placeholder(token) or _reference(token):
        return False
    if scheme == "basic":
        decoded = _b64decode(token)
        if decoded is None:
            return False
        _user, colon, password = decoded.decode("utf-8", "replace").partition(":")
        return bool(colon) and len(password) >= 4 and not placeholder(password)
    return len(token) >= 16 and (_some_randomness(token) or token.count(".") == 2)


def _bearer(match: re.Match[str]) -> bool:
    token = match.group(1)
    return not _reference(token) and (_random_token(token) or token.startswith("eyJ"))


def _password_with_user(match: re.Match[str]) -> bool:
    user, password = match.group("user"), match.group("password")
    return (
        len(password) >= 4
        and password != user
        and not password.isdigit()
        and not placeholder(password)
        and not _reference(password)
    )


def _netrc_value(match: re.Match[str]) -> bool:
    value = match.group(1)
    return len(value) >= 6 and not placeholder(value) and not _reference(value)


def _netrc_line(match: re.Match[str]) -> bool:
    return credential_like(match.group(1))


def _jwt(match: re.Match[str]) -> bool:
    return match.group(0) not in PUBLIC_SAMPLES and not _dummy(match.group(1))


def _aws(match: re.Match[str]) -> bool:
    value = match.group(0)
    return not value.endswith("EXAMPLE") and not placeholder(value[4:])


def _pattern(
    rule: str,
    needles: str | tuple[str, ...],
    regex: str,
    *,
    group: int = 0,
    body: int = 0,
    check: Callable[[re.Match[str]], bool] | None = None,
    flags: int = 0,
    contextual: bool = False,
) -> _Pattern:
    wanted = (needles,) if isinstance(needles, str) else needles
    folded = bool(flags & re.IGNORECASE) or contextual
    return _Pattern(
        rule,
        tuple(n.lower() for n in wanted) if folded else wanted,
        re.compile(regex, flags),
        group,
        body,
        check,
        folded,
        contextual,
    )


# Every token pattern below is a literal prefix, then one bounded run of a class the
# prefix does not repeat; look-behinds keep a run from being retried from its inside.
LITERAL_PATTERNS: tuple[_Pattern, ...] = (
    _pattern(
        "private-key",
        "private",
        r"-----BEGIN (?:[A-Z0-9]{1,16} ){0,4}PRIVATE KEY(?: BLOCK)?-----",
        check=_private_key_header,
        contextual=True,
    ),
    _pattern(
        "gcp-service-account",
        "private",
        r'"private_key"[ \t]{0,4}:[ \t]{0,4}"-----BEGIN[A-Z ]{0,40}-----',
        check=_private_key_header,
        contextual=True,
    ),
    _pattern(
        "putty-private-key",
        "private",
        r"Private-Lines:[ \t]{0,4}\d{1,4}",
        contextual=True,
    ),
    _pattern("age-secret-key", "AGE-SECRET-KEY-1", r"AGE-SECRET-KEY-1[0-9A-Z]{58}", check=None),
    _pattern(
        "aws-access-key",
        ("AKIA", "ASIA", "ABIA", "ACCA"),
        r"(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}(?![0-9A-Z])",
        check=_aws,
    ),
    _pattern(
        "github-token",
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
        r"gh[pousr]_([A-Za-z0-9]{36,255})",
        body=1,
    ),
    _pattern("github-token", "github_pat_", r"github_pat_([A-Za-z0-9_]{22,255})", body=1),
    _pattern(
        "gitlab-token",
        ("glpat-", "glptt-", "gldt-", "glrt-", "glsoat-", "glcbt-", "glft-", "glimt-"),
        r"gl(?:pat|ptt|dt|rt|soat|cbt|ft|imt)-([A-Za-z0-9_-]{20,255})",
        body=1,
    ),
    _pattern(
        "slack-token",
        ("xox", "xapp-"),
        r"(?:xox[abposrce]|xapp)-([A-Za-z0-9-]{10,255})",
        body=1,
        check=lambda m: _some_randomness(m.group(1)),
    ),
    _pattern(
        "slack-webhook",
        "hooks.slack.com/",
        r"hooks\.slack\.com/(?:services|workflows|triggers)/([A-Za-z0-9/_-]{20,200})",
        body=1,
        check=lambda m: not placeholder(m.group(1).rsplit("/", 1)[-1]),
    ),
    _pattern("google-api-key", "AIza", r"AIza([0-9A-Za-z_-]{35})", body=1),
    _pattern("google-oauth-secret", "GOCSPX-", r"GOCSPX-([A-Za-z0-9_-]{28})", body=1),
    _pattern(
        "stripe-key",
        ("k_live_", "k_test_", "whsec_"),
        r"(?<![A-Za-z0-9])(?:[rs]k_(?:live|test)|whsec)_([0-9A-Za-z]{16,255})",
        body=1,
    ),
    _pattern(
        "anthropic-key",
        "sk-ant-",
        r"sk-ant-[a-z]{3,8}\d{0,3}-([A-Za-z0-9_-]{32,256})",
        body=1,
        check=lambda m: _random_token(m.group(1)),
    ),
    _pattern(
        "openai-key",
        "sk-",
        r"(?<![\w-])sk-(?:(?:proj|svcacct|admin|None)-)?([A-Za-z0-9_-]{32,256})(?![\w-])",
        body=1,
        check=lambda m: _random_token(m.group(1)),
    ),
    _pattern(
        "npm-token",
        "npm_",
        r"(?<![A-Za-z0-9_])npm_([A-Za-z0-9]{36})(?![A-Za-z0-9])",
        body=1,
        check=lambda m: _random_token(m.group(1)),
    ),
    _pattern("pypi-token", "pypi-AgE", r"pypi-AgE[A-Za-z0-9_-]{50,1024}"),
    _pattern(
        "huggingface-token",
        "hf_",
        r"(?<![A-Za-z0-9_])hf_([A-Za-z]{34})(?![A-Za-z0-9])",
        body=1,
        check=lambda m: (
            any(c.isupper() for c in m.group(1)) and any(c.islower() for c in m.group(1))
        ),
    ),
    _pattern(
        "twilio-api-key",
        "SK",
        r"(?<![A-Za-z0-9])SK([0-9a-fA-F]{32})(?![A-Za-z0-9])",
        body=1,
        check=lambda m: _hex_token(m.group(1)),
    ),
    _pattern(
        "sendgrid-key",
        "SG.",
        r"(?<![A-Za-z0-9])SG\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})",
        body=2,
    ),
    _pattern(
        "azure-storage-key",
        ("AccountKey=", "SharedAccessKey="),
        r"(?:AccountKey|SharedAccessKey)=([A-Za-z0-9+/]{40,100}={0,2})",
        group=1,
    ),
    _pattern(
        "azure-sas-signature",
        "sig=",
        r"[?&;]sig=([A-Za-z0-9%+/]{30,200}(?:%3D|=){0,2})",
        group=1,
        check=lambda m: _some_randomness(m.group(1)),
    ),
    _pattern(
        "telegram-bot-token",
        ":AA",
        r"(?<![\d:])\d{8,10}:AA([A-Za-z0-9_-]{33})(?![A-Za-z0-9_-])",
        body=1,
        check=lambda m: _random_token(m.group(1)),
    ),
    _pattern(
        "digitalocean-token",
        ("dop_v1_", "doo_v1_", "dor_v1_"),
        r"do[opr]_v1_([a-f0-9]{64})",
        body=1,
    ),
    _pattern("shopify-token", "shp", r"shp(?:at|ca|pa|ss)_([a-fA-F0-9]{32})", body=1),
    _pattern(
        "databricks-token",
        "dapi",
        r"(?<![A-Za-z0-9])dapi([a-f0-9]{32})(?:-\d)?(?![A-Za-z0-9])",
        body=1,
        check=lambda m: _hex_token(m.group(1)),
    ),
    _pattern(
        "mailgun-key",
        "key-",
        r"(?<![\w-])key-([0-9a-z]{32})(?![\w-])",
        body=1,
        check=lambda m: _some_randomness(m.group(1)),
    ),
    _pattern("atlassian-token", "ATATT3", r"ATATT3([A-Za-z0-9_=-]{150,400})", body=1),
    _pattern(
        "doppler-token",
        "dp.",
        r"dp\.(?:pt|st|sa|ct|scim|audit)\.([A-Za-z0-9]{40,64})",
        body=1,
        check=lambda m: _random_token(m.group(1)),
    ),
    _pattern(
        "jwt",
        "eyJ",
        r"eyJ[A-Za-z0-9_-]{8,2048}\.eyJ[A-Za-z0-9_-]{8,4096}\.([A-Za-z0-9_-]{8,1024})",
        check=_jwt,
    ),
    _pattern(
        "authorization-header",
        "authorization",
        # "authorization", a separator, a scheme, then one bounded token
        r"authorization[\"']?[ \t]{0,4}[:=][ \t]{0,4}[\"']?[ \t]{0,4}"
        r"(basic|bearer|token|apikey|sso-key)[ \t]{1,4}([A-Za-z0-9._~+/:-]{8,1024}={0,2})",
        group=2,
        check=_basic_or_bearer,
        flags=re.IGNORECASE,
        contextual=True,
    ),
    _pattern(
        "bearer-token",
        "bearer",
        r"(?<![\w-])bearer[ \t]{1,4}([A-Za-z0-9._~+/-]{20,1024}={0,2})",
        group=1,
        check=_bearer,
        flags=re.IGNORECASE,
        contextual=True,
    ),
    _pattern(
        "curl-credentials",
        ("-u", "-U"),  # in "--user" and "--proxy-user" too
        # "-" (a literal the engine jumps to; the look-behind after it checks that it
        # starts a word), the option, a bounded user without ":", a bounded password
        r"-(?<![\w-]-)(?:u|U|-user|-proxy-user)(?:[ \t]{1,4}|=)([\"']?)"
        r"(?P<user>[^\s:\"'@]{1,128}):(?P<password>[^\s\"']{1,256})\1(?![^\s\"'])",
        group=3,
        check=_password_with_user,
        contextual=True,
    ),
    _pattern(
        "url-with-password",
        "://",
        # from each "://": a bounded user without ":" or "@", then a bounded password
        r"://(?P<user>[^\s/:@'\"<>]{0,128}):(?P<password>[^\s/@'\"<>]{1,256})@[\w\[]",
        group=2,
        check=_password_with_user,
    ),
    _pattern(
        "url-with-password",
        "@tcp(",
        r"(?<![\w.-])(?P<user>[\w.-]{1,64}):(?P<password>[^\s/@'\"<>]{1,256})@tcp\(",
        group=2,
        check=_password_with_user,
    ),
    _pattern(
        "netrc-password",
        "machine",
        r"machine(?<!\wmachine)[ \t]+\S{1,253}[ \t]+(?:login[ \t]+\S{1,128}[ \t]+)?password"
        r"[ \t]+(\S{1,256})",
        group=1,
        check=_netrc_value,
        contextual=True,
    ),
    _pattern(
        "netrc-password",
        "password",
        r"(?m)^[ \t]{0,8}password[ \t]{1,8}(\S{1,256})[ \t]{0,8}\r?$",
        group=1,
        check=_netrc_line,
        contextual=True,
    ),
)


def _needles(*, contextual: bool, folded: bool) -> frozenset[str]:
    return frozenset(
        n
        for p in LITERAL_PATTERNS
        if p.contextual == contextual and (contextual or p.folded == folded)
        for n in p.needles
    )


_WORD_NEEDLES = _needles(contextual=False, folded=False)
_CONTEXT_NEEDLES = _needles(contextual=True, folded=True)


def _literal_finds(view: _Text) -> Iterator[_Found]:
    runs, text = view.runs, view.text
    present = {n for n in _WORD_NEEDLES if n in runs}
    present.update(n for n in _CONTEXT_NEEDLES if n in view.lowered)
    if not present:
        return
    for pattern in LITERAL_PATTERNS:
        if present.isdisjoint(pattern.needles):
            continue
        for match in pattern.regex.finditer(text):
            value = match.group(pattern.group)
            if value in PUBLIC_SAMPLES:
                continue
            if pattern.body and placeholder(match.group(pattern.body)):
                continue
            if pattern.group and not pattern.check and placeholder(value):
                continue
            if pattern.check is not None and not pattern.check(match):
                continue
            yield _Found(pattern.rule, match.start(pattern.group), match.end(pattern.group), value)


# --- assignments: a credential's name, a separator, a value ------------------------------

# Where a credential's name may be: stems in several languages. An alternation of short
# literals, so each position costs a bounded number of steps.
# Stems of a credential's name in several languages, found with str.find on the
# lower-cased text (fast C code); the case-blind pattern serves the rare text whose
# length lower-casing changes.
_STEMS = (
    "pass", "pwd", "secret", "token", "key", "cred", "mdp", "kennwort", "contrase", "clave",
    "senha", "wachtwoord", "parola",
)  # fmt: skip
_STEMS_WIDE = ("lösenord", "hasło", "пароль", "密码", "密碼", "パスワード", "비밀번호")
_NAME_ANCHOR_CASELESS = re.compile("|".join((*_STEMS, *_STEMS_WIDE)), re.IGNORECASE)
_BEFORE_PASSE = ("mot de ", "mot-de-", "mot_de_", "mot ")
_AFTER_PAROLA = (" d'ordine", " d’ordine", "_d_ordine", " d ordine", "_dordine")
_PHRASES = re.compile(r"(?i)mot[ _-]?de[ _-]?passe|parola[ _]d['’_ ]?ordine|contrase")
_IDENT_RUN = re.compile(r"[\w.-]{0,64}")  # bounded: at most 64 characters from a start
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_CREDENTIAL_WORDS = _words(
    """password passwd pwd pass passphrase passcode passwort kennwort wachtwoord contraseña
    contrasena clave senha mdp motdepasse lösenord losenord hasło haslo heslo пароль 密码
    密碼 パスワード 비밀번호 secret token apikey credential credentials creds"""
)
_COMPOUND_ENDS = (
    "password", "passwd", "passwort", "kennwort", "secret", "token", "apikey", "accesskey",
    "secretkey", "privatekey", "authkey", "accountkey", "masterkey", "signingkey",
    "encryptionkey", "clientkey", "passphrase",
)  # fmt: skip
_KEY_QUALIFIERS = _words(
    """api access secret private auth account master signing encryption client app consumer
    subscription shared storage service session"""
)
# A name ending in one of these is about the credential, not the credential itself.
_META_WORDS = _words(
    """hash hashed hashing digest length len size min max minimum maximum policy policies
    rule rules file files path dir directory type types name names id ids url uri urls
    endpoint host field fields prompt label env var variable ref reference count expiry
    expires expiration expire expired ttl timeout lifetime age header headers enabled enable
    disabled required format regex pattern hint help reset changed change validation
    validator strength manager store storage provider source mode method location arn
    version kind description desc text title message msg placeholder input command cmd
    option options flag param parameter arg argument setting settings config index position
    limit prefix suffix style class icon button form page view template schema spec doc
    docs usage budget stream request response callback handler service generator
    dialog box window screen widget uses use usage list set get len"""
)
# After a name: an optional closing quote or bracket and emphasis, a separator, then a
# quoted value (lazy, bounded, ended by the same quote) or an unquoted one (bounded).
_SEP_VALUE = re.compile(
    r"[\"'\]]?[*_]{0,2}[ \t\u00a0\u202f]{0,4}(?P<sep>:=|=>|=|:|>|\()[*_]{0,2}"
    r"[ \t\u00a0\u202f]{0,8}(?:(?P<q>[\"'`])(?P<qv>[^\"'`\r\n]{1,256}?)(?P=q)"
    r"|(?P<uv>[^\s\"'`<>,;(){}\[\]|&]{1,256}))"
)
_CLI_VALUE = re.compile(
    r"[ \t]{1,4}(?:(?P<q>[\"'])(?P<qv>[^\"'\r\n]{1,256}?)(?P=q)"
    r"|(?P<uv>[^\s\"'`<>,;(){}\[\]|&]{1,256}))"
)


@lru_cache(maxsize=4096)
def credential_name(name: str) -> bool:
    """Whether an identifier names a credential (``db_password``, ``clientSecret``,
    ``AWS_SECRET_ACCESS_KEY``, ``mot de passe``) rather than something about one
    (``password_hash``, ``tokenizer``, ``max_tokens``, ``secretName``)."""
    name = name.strip("-.")
    parts = [p.lower() for p in re.split(r"[_.\-\s]+", _CAMEL.sub("_", name)) if p]
    if not parts or parts[-1] in _META_WORDS or "public" in parts or "publishable" in parts:
        return False
    if _PHRASES.search(name):
        return True
    for i, part in enumerate(parts):
        if part in _CREDENTIAL_WORDS or part.endswith(_COMPOUND_ENDS):
            return True
        if part == "key" and i > 0 and parts[i - 1] in _KEY_QUALIFIERS:
            return True
    return False


def _anchors(text: str, lowered: str) -> list[tuple[int, int]]:
    """(start, end) of each stem of a credential's name, in order."""
    if len(lowered) != len(text):
        return [m.span() for m in _NAME_ANCHOR_CASELESS.finditer(text)]
    stems = _STEMS if text.isascii() else (*_STEMS, *_STEMS_WIDE)
    spans = []
    for stem in stems:
        at = lowered.find(stem)
        while at != -1:
            spans.append((at, at + len(stem)))
            at = lowered.find(stem, at + len(stem))
    spans.sort()
    return spans


def _name_at(text: str, lowered: str, start: int, end: int) -> tuple[int, int]:
    """The whole name around a stem: identifier characters on both sides (at most 64),
    and the words of "mot de passe" or "parola d'ordine"."""
    head = text[max(0, start - 64) : start][::-1]
    run = _IDENT_RUN.match(head)
    left = start - (run.end() if run else 0)
    tail = _IDENT_RUN.match(text, end)
    right = tail.end() if tail else end
    if lowered.startswith("pass", start) and lowered.endswith(_BEFORE_PASSE, 0, left):
        left -= next(len(w) for w in _BEFORE_PASSE if lowered.endswith(w, 0, left))
    if lowered.startswith("parola", start):
        after = next((w for w in _AFTER_PAROLA if lowered.startswith(w, right)), "")
        right += len(after)
    return left, right


# Assignments are read by segments: a name reaches at most 72 characters left of its
# stem, a separator and a value at most about 350 right of it, so a stem in a
# segment's own zone is judged on the segment alone. Identical segments (a text that
# repeats itself) are judged once.
_SEGMENT = 4096
_LEFT_MARGIN = 128
_RIGHT_MARGIN = 512
_STEP = _SEGMENT - _LEFT_MARGIN - _RIGHT_MARGIN


def _assignment_finds(view: _Text) -> Iterator[_Found]:
    """A credential's name, a separator, a value that looks like a credential."""
    text = view.text
    if not any(sep in text for sep in ("=", ":", ">", "(", " -")):
        return
    if len(text) <= _SEGMENT:
        yield from _assignments_in(text, view.lowered, 0, len(text))
        return
    memo: dict[tuple[str, int], list[_Found]] = {}
    for own in range(0, len(text), _STEP):
        first = max(0, own - _LEFT_MARGIN)
        segment = text[first : own + _STEP + _RIGHT_MARGIN]
        key = (segment, own - first)
        if key not in memo:
            if len(memo) > 64:
                memo.clear()
            found = _assignments_in(segment, segment.lower(), own - first, own - first + _STEP)
            memo[key] = list(found)
        for one in memo[key]:
            yield _Found(one.rule, one.start + first, one.end + first, one.value)


def _assignments_in(text: str, lowered: str, low: int, high: int) -> Iterator[_Found]:
    """The assignments whose stem starts in ``text[low:high]``. Per stem: a bounded look
    at the name and the separator after it (C code); the name and value tests only when
    a separator follows, memoised by their context."""
    done = 0
    memo: dict[tuple[int, str], tuple[int, int, str] | None] = {}
    for start, end in _anchors(text, lowered):
        if start < done or not low <= start < high:
            continue
        tail = _IDENT_RUN.match(text, end)
        right = tail.end() if tail else end
        if lowered.startswith("parola", start):
            right += len(next((w for w in _AFTER_PAROLA if lowered.startswith(w, right)), ""))
        done = right
        match = _SEP_VALUE.match(text, right)
        if match is None and "-" not in text[max(0, start - 66) : start]:
            continue
        # everything the outcome depends on: the name's reach to the left, the value
        origin = max(0, start - 72)
        context = (start - origin, text[origin : (match.end() if match else right + 300) + 1])
        if context not in memo:
            if len(memo) > 4096:
                memo.clear()
            memo[context] = _assignment_at(text, lowered, (start, end), match=match, origin=origin)
        found = memo[context]
        if found is not None:
            rel_start, rel_end, value = found
            yield _Found("password-assignment", origin + rel_start, origin + rel_end, value)


def _assignment_at(
    text: str, lowered: str, stem: tuple[int, int], *, match: re.Match[str] | None, origin: int
) -> tuple[int, int, str] | None:
    """The value assigned to the name around a stem, offsets from ``origin``, or None."""
    left, right = _name_at(text, lowered, *stem)
    name = text[left:right]
    if match is None and name.startswith("-"):
        match = _CLI_VALUE.match(text, right)
    if match is None or not credential_name(name):
        return None
    quoted = match.group("qv")
    if quoted is not None:
        if not _quoted_secret(quoted):
            return None
        return match.start("qv") - origin, match.end("qv") - origin, quoted
    value = match.group("uv")
    if match.groupdict().get("sep") == "(" or text.startswith("(", match.end()):
        return None  # a call: only a quoted argument is a literal
    if not credential_like(value):
        return None
    value = value.rstrip(".,;:!?)]}\"'`*")
    return match.start("uv") - origin, match.start("uv") - origin + len(value), value


# --- random-looking quoted strings ------------------------------------------------------

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


def _entropy_finds(view: _Text) -> Iterator[_Found]:
    if view.longest < 32:
        return
    text = view.text
    for regex in _QUOTED:
        if regex.pattern[0] not in text:
            continue
        for match in regex.finditer(text):
            value = match.group(1)
            if _looks_random(value) and not _made_of_words(value) and not placeholder(value):
                yield _Found("high-entropy-string", match.start(1), match.end(1), value)


# --- base64: key bodies, and secrets encoded to hide them -------------------------------

# A run of the base64 alphabets (standard and URL-safe). The look-behind lets a run
# start only where the previous character is outside the class, so each run is read
# once, whatever its length.
_B64_RUN = re.compile(r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{24,}={0,2}")
_B64_MAX = 4096
_URLSAFE = str.maketrans("-_", "+/")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffd]")
_PGP_ALGORITHMS = frozenset({1, 2, 3, 16, 17, 18, 19, 22, 25, 27, 28})


def _b64decode(value: str) -> bytes | None:
    body = value.rstrip("=")[:_B64_MAX].translate(_URLSAFE)
    body = body[: len(body) - (len(body) % 4 == 1)]
    try:
        return base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None


def private_key_bytes(data: bytes) -> bool:
    """Whether bytes start like a private key: OpenSSH's format, a DER structure that
    opens with a small version number (PKCS#1, PKCS#8, SEC1, PKCS#12), or an OpenPGP
    secret-key packet. Certificates and public keys open otherwise."""
    if data.startswith(b"openssh-key-v1\x00"):
        return True
    if len(data) >= 7 and data[0] == 0x30:
        size = data[1]
        at = 2
        if size & 0x80:
            count = size & 0x7F
            if not 1 <= count <= 3:
                return False
            at = 2 + count
        return data[at : at + 3] in (b"\x02\x01\x00", b"\x02\x01\x01", b"\x02\x01\x03")
    offsets = {0x94: 2, 0x95: 3, 0x96: 5}
    at_version: int | None = offsets.get(data[0]) if data else None
    if data[:1] == b"\xc5" and len(data) > 1:
        first = data[1]
        at_version = 2 if first < 192 else 3 if first < 224 else 6 if first == 255 else None
    return (
        at_version is not None
        and len(data) > at_version + 5
        and data[at_version] in (4, 5, 6)
        and data[at_version + 5] in _PGP_ALGORITHMS
    )


def _printable(data: bytes) -> str | None:
    text = data.decode("utf-8", "replace")
    if len(text) < 12 or len(_CONTROL.findall(text)) > len(text) // 10:
        return None
    return text


def _base64_finds(view: _Text, depth: int = 0) -> Iterator[_Found]:
    if view.longest < 24:
        return
    for match in _B64_RUN.finditer(view.runs):
        run = match.group(0)
        if run.islower() or run.isdigit() or run.isupper():
            continue
        data = _b64decode(run)
        if data is None:
            continue
        if private_key_bytes(data):
            start = view.origin(match.start())
            yield _Found("private-key-body", start, start + len(run), run)
            continue
        decoded = _printable(data) if depth < 2 else None
        if decoded is None:
            continue
        inner = _Text(decoded)
        found = [*_direct_finds(inner), *_base64_finds(inner, depth + 1)]
        if found:
            start = view.origin(match.start())
        for one in found:
            rule = one.rule if one.rule.endswith("(base64)") else f"{one.rule} (base64)"
            yield _Found(rule, start, start + len(run), one.value, alias=run)


# A line holding only base64 of PEM width. "^" anchors it to a line start, every part is
# bounded, so each line is read a bounded number of times.
_B64_LINE = re.compile(r"^[ \t]{0,12}([A-Za-z0-9+/]{60,80})[ \t]{0,12}\r?$", re.MULTILINE)
_BEGIN_LINE = re.compile(r"-----BEGIN ([A-Z0-9 ]{1,60})-----")


def _block_finds(view: _Text) -> Iterator[_Found]:
    """Three lines or more of base64 at PEM width with no header: a key body pasted alone.
    Blocks under a header (a certificate, a public key) and bodies that decode as a
    certificate or a public key pass."""
    text = view.text
    if view.pem_wide < 3:
        return
    block: list[re.Match[str]] = []
    for match in (*_B64_LINE.finditer(text), None):
        if match is not None and block and match.start() == block[-1].end() + 1:
            block.append(match)
            continue
        if len(block) >= 3 and _key_block(text, block):
            first = block[0]
            yield _Found("private-key-body", first.start(1), block[-1].end(1), first.group(1))
        block = [match] if match is not None else []


def _key_block(text: str, block: list[re.Match[str]]) -> bool:
    before = text[max(0, block[0].start() - 400) : block[0].start()]
    headers = list(_BEGIN_LINE.finditer(before))
    header = headers[-1] if headers else None
    if header is not None and "-----END" not in before[header.end() :]:
        return False  # under a header: the header rule decides, or it is public
    first = block[0].group(1)
    data = _b64decode(first)
    if data is not None and data[:1] == b"\x30" and not private_key_bytes(data):
        return False  # a DER structure that is not a private key: a certificate, a public key
    lines = "".join(m.group(1) for m in block[:3])
    return _looks_random(lines) and entropy(lines) >= 5.0


# --- views: the text as written, and normalised ------------------------------------------

# A closing quote, then (bounded) spaces, a line break with an optional backslash, a
# concatenation operator, and the same quote opening again before a token character;
# or a backslash line continuation before a token character. Each pattern starts with
# a literal the engine jumps to (the look-behind that checks the character before it
# comes after the literal, so the engine still jumps), and every repetition is bounded,
# so a match costs a bounded number of steps from each quote or backslash.
_JOIN_GAP = (
    r"[ \t]{0,8}(?:\\?\r?\n[ \t]{0,64})?(?:\+|\.\.?|&|\|\||~|<<)?[ \t]{0,8}(?:\\?\r?\n[ \t]{0,64})?"
)
_JOINS = (
    *(
        re.compile(quote + r"(?<=[\w+/=-]" + quote + ")" + _JOIN_GAP + quote + r"(?=[\w+/=-])")
        for quote in ('"', "'", "`")
    ),
    re.compile(r"\\(?<=[\w+/=-]\\)\r?\n[ \t]{0,64}(?=[\w+/=-])"),
)


class _Splice:
    """A text with spans cut out (every match of a pattern, one pass of C code, or spans
    given), and the way back to the offsets of the source, worked out on first use: most
    views hold no hit that needs it."""

    def __init__(
        self,
        source: str,
        regex: re.Pattern[str] | None = None,
        spans: list[tuple[int, int]] | None = None,
    ) -> None:
        self.source = source
        self.regex = regex
        self._spans = spans
        if regex is not None:
            self.text = regex.sub("", source)
        else:
            cuts = spans or []
            starts = [0, *(end for _start, end in cuts)]
            ends = [*(start for start, _end in cuts), len(source)]
            self.text = "".join(source[a:b] for a, b in zip(starts, ends, strict=True))
        self._map: tuple[list[int], list[int]] | None = None

    def origin(self, offset: int) -> int:
        if self._map is None:
            spans = self._spans
            if spans is None and self.regex is not None:
                spans = [m.span() for m in self.regex.finditer(self.source)]
            spans = spans or []
            kept = accumulate((start - end for start, end in spans), initial=0)
            old = [0, *(end for _start, end in spans)]
            new = [end + removed for end, removed in zip(old, kept, strict=True)]
            self._map = (new, old)
        new, old = self._map
        i = bisect_right(new, offset) - 1
        return old[i] + offset - new[i]


# A line break between two token characters, and the indentation after it: found from
# the literal newline, the characters around it checked by look-arounds. The word
# before it is then read in Python (100 characters at most).
_BREAK_IN_WORD = re.compile(
    r"\n(?:(?<=[A-Za-z0-9_+/=-]\n)|(?<=[A-Za-z0-9_+/=-]\r\n))[ \t]{0,8}(?=[A-Za-z0-9_+/=-])"
)
# How the tokens with a known prefix start; read on one word of 100 characters at most.
_TOKEN_HEAD = re.compile(
    r"AKIA|ASIA|ABIA|ACCA|gh[pousr]_|github_pat_|gl(?:pat|ptt|dt|rt|soat|cbt)-|xox[abposrce]-"
    r"|xapp-|sk-|[rs]k_(?:live|test)_|whsec_|npm_|pypi-|AIza|GOCSPX-|hf_|SG\.|do[opr]_v1_"
    r"|shp(?:at|ca|pa|ss)_|dapi|AGE-SECRET-KEY-1|ATATT3|eyJ"
)


def _split_token_spans(text: str) -> list[tuple[int, int]]:
    """Line breaks inside a token cut over two lines or more ("AKIA12…" then "…XYZ" on
    the next line): a break after a word that starts like a token, or after the piece
    of one already joined."""
    if "\n" not in text:
        return []
    spans: list[tuple[int, int]] = []
    for match in _BREAK_IN_WORD.finditer(text):
        at = match.start() - (text[match.start() - 1] == "\r")
        tail = text[max(0, at - 100) : at]
        word = tail.rsplit(None, 1)[-1] if tail.strip() else ""
        if len(word) < 4 or (word.isalpha() and word.islower()):
            continue
        continued = bool(spans) and spans[-1][1] == at - len(word)
        if continued or _TOKEN_HEAD.search(word):
            spans.append((at, match.end()))
    return spans


def _views(text: str) -> list[tuple[str, Callable[[int], int]]]:
    """The text as written, then its normalised view when that differs."""
    views: list[tuple[str, Callable[[int], int]]] = [(text, lambda offset: offset)]
    splices: list[_Splice] = []
    clean = text
    if not text.isascii() and _INVISIBLE_RUN.search(text):
        splices.append(_Splice(clean, _INVISIBLE_RUN))
        clean = splices[-1].text
    for regex in _JOINS:
        if (regex.pattern[0] == "\\" or regex.pattern[0] in clean) and regex.search(clean):
            splices.append(_Splice(clean, regex))
            clean = splices[-1].text
    split = _split_token_spans(clean)
    if split:
        splices.append(_Splice(clean, spans=split))
        clean = splices[-1].text
    if not splices:
        return views

    def origin(offset: int) -> int:
        for splice in reversed(splices):
            offset = splice.origin(offset)
        return offset

    views.append((clean, origin))
    return views


def normalise(text: str) -> str:
    """The view the rules read besides the text itself: invisible characters removed,
    split strings and continued lines joined."""
    return _views(text)[-1][0]


# Words (whitespace-separated) of 16 characters or more: every token, key and base64
# run the rules look for lies inside one. str.split is one pass of C code; most
# literal patterns, the base64 decoder and the entropy rules only look at these words.
_LONG_WORD = 16
_LONG_WORDS = re.compile(r"\S{16,}")  # the same words with their offsets, when needed


class _Text:
    """A text, lower-cased, and its long words joined by newlines, with the way back
    from an offset in the joined words to an offset in the text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lowered = text.lower()
        found = [word for word in text.split() if len(word) >= _LONG_WORD]
        self.longest = max(map(len, found), default=0)
        # words of PEM width: three are needed before a block of them is looked for
        self.pem_wide = sum(1 for word in found if 60 <= len(word) <= 80)
        self.runs = "\n".join(found)
        self._starts: tuple[list[int], list[int]] | None = None

    def origin(self, offset: int) -> int:
        """The offset in the text of an offset in the joined words (computed on first use:
        most texts never need it)."""
        if self._starts is None:
            in_text, in_runs, at = [], [], 0
            for match in _LONG_WORDS.finditer(self.text):
                in_text.append(match.start())
                in_runs.append(at)
                at += match.end() - match.start() + 1
            self._starts = (in_text, in_runs)
        in_text, in_runs = self._starts
        i = bisect_right(in_runs, offset) - 1
        return in_text[i] + offset - in_runs[i]


def _direct_finds(view: _Text) -> Iterator[_Found]:
    yield from _literal_finds(view)
    yield from _assignment_finds(view)
    yield from _entropy_finds(view)
    yield from _block_finds(view)


# --- personal data -------------------------------------------------------------------------

# The domain after each "@" (a literal the engine jumps to): bounded labels separated
# by a dot they cannot contain. The local part is read backwards from the "@", 65
# characters at most. So "aaaa…" with or without "@" is read a bounded number of times.
_EMAIL_DOMAIN = re.compile(r"@([A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8})")
_LOCAL_BACKWARDS = re.compile(r"[\w.%+-]{1,65}")
_PLACEHOLDER_DOMAINS = _words(
    """example.com example.org example.net example.edu domain.com domain.tld email.com
    company.com yourcompany.com yourdomain.com mydomain.com mycompany.com host.com
    server.com foo.com bar.com foo.bar acme.com acme.org contoso.com fabrikam.com
    northwindtraders.com adventure-works.com wingtiptoys.com tailspintoys.com
    woodgrovebank.com litwareinc.com proseware.com fourthcoffee.com contoso.onmicrosoft.com
    users.noreply.github.com noreply.github.com"""
)
_PLACEHOLDER_TLDS = frozenset({"test", "invalid", "localhost", "local", "example", "internal"})
_ROLE_LOCALS = _words(
    """noreply no-reply donotreply do-not-reply notifications notification user username
    users name email mail you your yourname your.name yourself me someone somebody
    firstname.lastname first.last firstname lastname john.doe jane.doe johndoe janedoe
    foo bar baz test tester example admin administrator root webmaster
    postmaster hostmaster abuse security support info contact sales help hello team
    privacy legal press jobs billing dev developers ops git nobody"""
)
_COMMON_TLDS = _words(
    """com org net edu gov mil int info biz io ai app dev cloud tech online site xyz
    email name pro museum coop aero travel jobs mobi asia tel"""
)
# Patterns of personal data start with a literal or a small class, so the engine jumps
# from candidate to candidate; a look-behind just after that first character checks
# that the match starts a token (before the first character, it would make the engine
# try every position). Each has a bounded length and one way to read a run, so a run of
# digits costs a bounded number of steps per candidate.
# "+", then a bounded run of digits and separators ending on a digit.
_PHONE_INTL = re.compile(r"\+(?<![\w+]\+)[1-9][\d ().-]{6,20}\d(?!\w)")
# French national numbers: ten digits in pairs; each pair is fixed, each separator
# optional and distinct from a digit.
_PHONE_FR = re.compile(r"0(?<![\w+.-]0)[1-9](?:[ .-]?\d{2}){4}(?!\w|[.-]\d)")
_PHONE_US = re.compile(
    r"(?:\((?<![\w+.-]\()[2-9]\d{2}\)[ ]?|[2-9](?<![\w+.-][2-9])\d{2}[.-])[2-9]\d{2}[.-]\d{4}"
    r"(?!\w|[.-]\d)"
)
_NIR = re.compile(
    r"[12](?<!\w[12])[ ]?\d{2}[ ]?(?:0[1-9]|1[0-2]|[2-9]\d)[ ]?(?:\d{2}|2[ABab])[ ]?\d{3}"
    r"[ ]?\d{3}[ ]?\d{2}(?!\w)"
)
_SSN = re.compile(r"(\d(?<![\w-]\d)\d{2})-(\d{2})-(\d{4})(?![\w-])")
# Country code, check digits, then groups of four (each fixed, the space optional).
_IBAN = re.compile(
    r"[A-Z](?<![A-Za-z0-9][A-Z])[A-Z]\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?"
    r"(?![A-Za-z0-9])"
)
_IBAN_LENGTHS = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22,
    "BR": 29, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20,
    "EG": 29, "ES": 24, "FI": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18,
    "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IS": 26, "IT": 27, "JO": 30,
    "KW": 30, "KZ": 20, "LB": 28, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MD": 24,
    "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30, "NL": 18, "NO": 15, "PK": 24, "PL": 28,
    "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24, "SE": 24, "SI": 19, "SK": 24,
    "SM": 27, "TN": 24, "TR": 26, "UA": 29, "VG": 24, "XK": 20,
}  # fmt: skip
# A digit, then 12 to 18 digits each after an optional space or hyphen: one reading.
_CARD = re.compile(r"\d(?<![\w.-]\d)(?:[ -]?\d){12,18}(?!\d|[.-]\d)")


def iban_valid(value: str) -> bool:
    """Whether an IBAN (spaces allowed) has its country's length and a valid mod-97 check."""
    compact = value.replace(" ", "").upper()
    if not 15 <= len(compact) <= 34 or not compact[:2].isalpha() or not compact[2:4].isdigit():
        return False
    expected = _IBAN_LENGTHS.get(compact[:2])
    if expected is not None and len(compact) != expected:
        return False
    if not compact.isalnum() or not compact.isascii():
        return False
    moved = compact[4:] + compact[:4]
    number = "".join(str(int(c, 36)) for c in moved)
    return int(number) % 97 == 1


def luhn_valid(digits: str) -> bool:
    """The Luhn checksum of a card number (digits only)."""
    total = 0
    for i, char in enumerate(reversed(digits)):
        n = int(char)
        if i % 2:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return total % 10 == 0


def _card_network(digits: str) -> bool:
    two, four = int(digits[:2]), int(digits[:4])
    size = len(digits)
    return (
        (digits[0] == "4" and size in (13, 16, 19))
        or (51 <= two <= 55 and size == 16)
        or (2221 <= four <= 2720 and size == 16)
        or (two in (34, 37) and size == 15)
        or (
            (digits.startswith("6011") or two == 65 or 644 <= int(digits[:3]) <= 649) and size >= 16
        )
        or (3528 <= four <= 3589 and size >= 16)
        or (two in (36, 38, 30) and size == 14)
        or (two == 62 and size >= 16)
    )


def _nir_valid(value: str) -> bool:
    compact = value.replace(" ", "").upper()
    body, key = compact[:13], compact[13:]
    body = body.replace("2A", "19").replace("2B", "18")
    if not body.isdigit() or not key.isdigit():
        return False
    return 97 - int(body) % 97 == int(key)


def _ssn_valid(match: re.Match[str]) -> bool:
    area, group, serial = match.groups()
    return area not in ("000", "666") and area[0] != "9" and group != "00" and serial != "0000"


def _phone_fake(digits: str) -> bool:
    national = digits[-9:]
    return (
        _dummy(national[1:])
        or _dummy(digits[-8:])
        or "5550" in digits[-7:-3] + digits[-4:]
        or digits[-7:-4] == "555"
    )


def _personal_finds(text: str) -> Iterator[_Found]:
    if "@" in text:
        yield from _email_finds(text)
    if not any(digit in text for digit in "0123456789"):
        return
    if "+" in text:
        for match in _PHONE_INTL.finditer(text):
            value = match.group(0)
            digits = re.sub(r"\D", "", value)
            if (
                8 <= len(digits) <= 15
                and _phone_shape(value)
                and not _phone_fake(digits)
                and not _in_address(text, match.start())
            ):
                yield _Found("phone", match.start(), match.end(), value, PERSONAL)
    for regex, consistent in ((_PHONE_FR, True), (_PHONE_US, False)):
        for match in regex.finditer(text):
            value = match.group(0)
            if (
                (not consistent or _phone_shape(value))
                and not _phone_fake(re.sub(r"\D", "", value))
                and not _in_address(text, match.start())
            ):
                yield _Found("phone", match.start(), match.end(), value, PERSONAL)
    yield from _id_finds(text)


def _id_finds(text: str) -> Iterator[_Found]:
    for match in _NIR.finditer(text):
        value = match.group(0)
        compact = value.replace(" ", "")
        if _nir_valid(value) and not _dummy(compact[:13]):
            yield _Found("national-id", match.start(), match.end(), value, PERSONAL)
    if "-" in text:
        for match in _SSN.finditer(text):
            value = match.group(0)
            if _ssn_valid(match) and value not in PUBLIC_SAMPLES:
                yield _Found("national-id", match.start(), match.end(), value, PERSONAL)
    for match in _IBAN.finditer(text):
        value = match.group(0)
        compact = value.replace(" ", "")
        if iban_valid(value) and compact not in PUBLIC_SAMPLES and not _dummy(compact[4:]):
            yield _Found("iban", match.start(), match.end(), value, PERSONAL)
    for match in _CARD.finditer(text):
        value = match.group(0)
        if _card_valid(value):
            yield _Found("credit-card", match.start(), match.end(), value, PERSONAL)


def _card_valid(value: str) -> bool:
    digits = re.sub(r"\D", "", value)
    groups = re.split(r"[ -]", value)
    return (
        13 <= len(digits) <= 19
        and len({c for c in value if not c.isdigit()}) <= 1
        and (len(groups) == 1 or len(groups[0]) == 4)
        and _card_network(digits)
        and luhn_valid(digits)
        and digits not in PUBLIC_SAMPLES
        and len(set(digits[4:])) > 3
    )


def _email_finds(text: str) -> Iterator[_Found]:
    for match in _EMAIL_DOMAIN.finditer(text):
        at = match.start()
        run = _LOCAL_BACKWARDS.match(text[max(0, at - 65) : at][::-1])
        if run is None or run.end() > 64:
            continue  # no local part, or one longer than an address allows
        local = text[at - run.end() : at]
        if _real_email(local, match.group(1), text[match.end() : match.end() + 1]):
            value = f"{local}@{match.group(1)}"
            yield _Found("email", at - len(local), match.end(), value, PERSONAL)


def _in_address(text: str, start: int) -> bool:
    """Whether the digits at ``start`` sit inside a web address or a path (an ISBN in a
    URL, a ticket number in a link): numbers there are not phone numbers."""
    before = text[max(0, start - 300) : start]
    cut = max(before.rfind(c) for c in " \t\n<(\"'")
    token = before[cut + 1 :]
    return "://" in token or token.startswith("www.") or token.endswith(("/", "=", "#", "?"))


def _phone_shape(value: str) -> bool:
    """Separators used consistently: no doubled separator, one kind between groups."""
    seps = {c for c in value if c in " .-"}
    return len(seps) <= 1 and "  " not in value and ".." not in value and "--" not in value


def _real_email(local: str, domain: str, after: str) -> bool:
    domain = domain.lower().rstrip("-")
    if after == ":" or local.startswith(".") or local.endswith((".", "-", "+")):
        return False  # "git@github.com:owner/repo" is a remote; "free-@libc.so" a pattern
    labels = domain.split(".")
    tld = labels[-1]
    if not (tld.isalpha() and (len(tld) == 2 or tld in _COMMON_TLDS)):
        return False  # "react@18.2.0", "x@self.weights"
    if tld in _PLACEHOLDER_TLDS or labels[0] in ("example", "localhost"):
        return False
    if domain in _PLACEHOLDER_DOMAINS or ".".join(labels[-2:]) in _PLACEHOLDER_DOMAINS:
        return False
    low = local.lower()
    first = re.split(r"[.+_-]", low.rstrip("0123456789"), maxsplit=1)[0]
    return not (low in _ROLE_LOCALS or first in _ROLE_LOCALS or placeholder(low))


# --- putting it together -------------------------------------------------------------------

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


@dataclass
class _Ledger:
    text: str
    allow: frozenset[str]
    lines: _Lines = field(init=False)
    waived: dict[str, set[int]] = field(init=False)
    hits: list[Hit] = field(default_factory=list)
    seen: set[tuple[str, int, str]] = field(default_factory=set)
    covered: set[int] = field(default_factory=set)  # lines a second opinion need not read

    def __post_init__(self) -> None:
        self.lines = _Lines(self.text)
        self.waived = {SECRET: set(), PERSONAL: set()}
        if "mdbrain:" in self.text:
            for match in _ALLOW_COMMENT.finditer(self.text):
                self.waived[match.group(1)].add(self.lines.of(match.start()))

    def add(self, found: _Found, start: int, end: int) -> None:
        line = self.lines.of(start)
        last = self.lines.of(max(start, end - 1))
        if found.value in self.allow or (found.alias and found.alias in self.allow):
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


def _collect(ledger: _Ledger, secrets: bool, personal_data: bool) -> None:
    views = _views(ledger.text)
    for number, (text, origin) in enumerate(views):
        last = number == len(views) - 1
        finders: list[Iterable[_Found]] = []
        if secrets:
            view = _Text(text)
            finders.append(_direct_finds(view))
            if last:
                finders.append(_base64_finds(view))
        if personal_data:
            finders.append(_personal_finds(text))
        for finder in finders:
            for found in finder:
                ledger.add(found, origin(found.start), origin(max(found.start, found.end - 1)) + 1)


def scan(text: str, allow: frozenset[str] = frozenset()) -> Iterator[Hit]:
    """Every place in ``text`` that looks like a secret by mdbrain's own rules;
    ``allow`` lists exact values to let pass."""
    ledger = _Ledger(text, allow)
    _collect(ledger, secrets=True, personal_data=False)
    yield from sorted(ledger.hits, key=lambda hit: hit.line)


def personal(text: str, allow: frozenset[str] = frozenset()) -> Iterator[Hit]:
    """Every place in ``text`` that holds personal data: e-mail addresses, phone numbers,
    national ids (French NIR, US SSN), IBANs and card numbers, checksums verified."""
    ledger = _Ledger(text, allow)
    _collect(ledger, secrets=False, personal_data=True)
    yield from sorted(ledger.hits, key=lambda hit: hit.line)


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
    ledger = _Ledger(text, allow)
    _collect(ledger, secrets=True, personal_data=personal_data)
    if second_opinion is not None:
        _second_opinion(ledger, second_opinion)
    return sorted(ledger.hits, key=lambda hit: hit.line)


_GENERIC_KINDS = ("High Entropy String", "Secret Keyword")
_TOKEN_RUN = re.compile(r"[A-Za-z0-9_.+/=-]{0,1024}")  # bounded, from a given start


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


def _second_opinion_stands(ledger: _Ledger, kind: str, number: int, value: str, said: str) -> bool:
    """Whether a finding of the second opinion, on line ``number`` (``said``), is a secret
    by mdbrain's own tests of stand-ins, public samples, names and key material."""
    if value in ledger.allow or any(allowed in said for allowed in ledger.allow):
        return False
    token = _whole_token(said, value)
    if value and any(placeholder(v) or _reference(v) for v in {value, token}):
        return False
    if kind.endswith(_GENERIC_KINDS):
        # a hash, an id or a checksum with no credential's name on its line, or a sentence
        return names_credential(said) and _SPACE.search(value) is None
    if kind == "Private Key":
        start = ledger.lines.start_of(number)
        header = _BEGIN_LINE.search(ledger.text, start, start + len(said))
        return header is None or _key_material_follows(ledger.text, header.end())
    return True


def _second_opinion(ledger: _Ledger, opinion: SecondOpinion) -> None:
    lines = ledger.text.split("\n")
    skip = ledger.covered | ledger.waived[SECRET]
    shown = "\n".join("" if i + 1 in skip else line for i, line in enumerate(lines))
    for kind, number, value in opinion(shown):
        said = lines[number - 1] if 0 < number <= len(lines) else ""
        if number in skip or not _second_opinion_stands(ledger, kind, number, value, said):
            continue
        shown_value = _whole_token(said, value) or said.strip()
        key = (SECRET, number, shown_value)
        if key in ledger.seen:
            continue
        ledger.seen.add(key)
        ledger.hits.append(
            Hit(
                f"detect-secrets: {kind}",
                number,
                redact(shown_value),
                digest(shown_value),
                last_line=number,
            )
        )


def names_credential(line: str) -> bool:
    """Whether a line names a credential somewhere (``api_key``, ``mot de passe``...)."""
    lowered = line.lower()
    for start, end in _anchors(line, lowered):
        left, right = _name_at(line, lowered, start, end)
        if credential_name(line[left:right]):
            return True
    return False


# --- paths -----------------------------------------------------------------------------------

CREDENTIAL_NAMES = re.compile(
    r"^(?:\.env(?:\..+)?|.+\.(?:pem|key|p12|pfx|jks|keystore|kdbx|ppk)"
    r"|id_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?"
    r"|credentials(?:\..+)?|secrets?\.(?:ya?ml|json|toml|env|ini)|\.netrc|_netrc|\.pgpass"
    r"|\.htpasswd|\.npmrc|\.pypirc|\.git-credentials|\.dockercfg)$",
    re.IGNORECASE,
)


def credential_path(path: str) -> str | None:
    """The rule a path breaks when it names a credentials or key file, else None."""
    name = posixpath.basename(path.split("#", 1)[0].rstrip("/"))
    return "credentials-file" if CREDENTIAL_NAMES.match(name) else None
