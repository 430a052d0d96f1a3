"""The secret guard: text and paths that must never enter the knowledge base.

Each rule is a name and a pattern; a cheap substring test runs first so that the
patterns only see text that could match. A hit carries the rule's name and the
line, and shows only the first characters of what matched: the report must
not spread the secret further.
"""

from __future__ import annotations

import hashlib
import math
import posixpath
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Hit:
    rule: str
    line: int
    excerpt: str  # redacted: the first characters, then an ellipsis
    digest: str  # names the value without showing it: see :func:`digest`


@dataclass(frozen=True, slots=True)
class _Pattern:
    rule: str
    needle: str  # a literal every match contains: the pattern runs only where it occurs
    regex: re.Pattern[str]
    group: int = 0  # the group holding the secret value


_PLACEHOLDERS = re.compile(
    r"^(?:<[^>]*>|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\*+|x+|\.+"
    r"|(?:your|my|some|example|dummy|fake|sample)[-_\w]*"
    r"|pass(?:word)?\d*|secret|changeme|redacted|placeholder|token|hunter2|none|null|true|false)$",
    re.IGNORECASE,
)

LITERAL_PATTERNS: tuple[_Pattern, ...] = (
    _Pattern(
        "private-key",
        "PRIVATE KEY",
        re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"),
    ),
    _Pattern("aws-access-key", "AKIA", re.compile(r"AKIA[0-9A-Z]{16}(?![0-9A-Z])")),
    _Pattern("aws-access-key", "ASIA", re.compile(r"ASIA[0-9A-Z]{16}(?![0-9A-Z])")),
    _Pattern("github-token", "gh", re.compile(r"gh[pousr]_[A-Za-z0-9]{36,255}")),
    _Pattern("github-token", "github_pat_", re.compile(r"github_pat_[A-Za-z0-9_]{22,255}")),
    _Pattern("slack-token", "xox", re.compile(r"xox[abposr]-[A-Za-z0-9-]{10,}")),
    _Pattern("google-api-key", "AIza", re.compile(r"AIza[0-9A-Za-z_\-]{35}")),
    _Pattern("stripe-key", "k_live_", re.compile(r"[rs]k_live_[0-9A-Za-z]{16,}")),
    _Pattern(
        "jwt", "eyJ", re.compile(r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}")
    ),
    _Pattern(
        "url-with-password",
        "@",
        re.compile(r"://[^/\s:@'\"]+:([^/\s@'\"]+)@[\w.\-]+"),
        group=1,
    ),
)

# Words that introduce a credential; the assignment pattern runs only where one occurs.
_KEYWORDS = ("password", "passwd", "pwd", "secret", "api_key", "api-key", "apikey", "token")
_ASSIGNMENT = re.compile(
    r"(?i)(?:password|passwd|pwd|secret|api[_-]?key|(?:access|auth|api)?[_-]?token|client[_-]?secret)"
    r"[\"']?\s*[:=]\s*[\"']([^\"'\s]{8,})[\"']"
)
_QUOTED = (
    re.compile(r'"([A-Za-z0-9+/=_\-]{32,})"'),
    re.compile(r"'([A-Za-z0-9+/=_\-]{32,})'"),
)

CREDENTIAL_NAMES = re.compile(
    r"^(?:\.env(?:\..+)?|.+\.(?:pem|key|p12|pfx|jks|keystore|kdbx)|id_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?"
    r"|credentials(?:\..+)?|secrets?\.(?:ya?ml|json|toml|env|ini)|\.netrc|\.pgpass|\.htpasswd)$",
    re.IGNORECASE,
)


def entropy(value: str) -> float:
    """Shannon entropy of ``value`` in bits per character."""
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


def _placeholder(value: str) -> bool:
    """Whether a value is a stand-in ("<password>", "[:password]", "${TOKEN}"), not a secret."""
    return _PLACEHOLDERS.match(value.strip("[]<>{}():")) is not None


def digest(value: str) -> str:
    """A short name for a value that does not reveal it (for allow-lists and reports)."""
    return hashlib.sha256(value.encode("utf-8")).hexdigest()[:10]


def redact(value: str) -> str:
    return value[:4] + "…" if len(value) > 4 else "…"


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _literal_hits(text: str) -> Iterator[tuple[str, int, str]]:
    for pattern in LITERAL_PATTERNS:
        if pattern.needle not in text:
            continue
        for match in pattern.regex.finditer(text):
            value = match.group(pattern.group)
            if pattern.group and _placeholder(value):
                continue
            yield pattern.rule, match.start(), value


def _assignment_hits(text: str) -> Iterator[tuple[str, int, str]]:
    if "=" not in text and ":" not in text:
        return
    lowered = text.lower()
    for word in _KEYWORDS:
        at = lowered.find(word)
        while at != -1:
            tail = text[at : at + 40]
            if "=" in tail or ":" in tail:
                # a prefix such as "client_" may start the match up to 8 characters earlier
                match = _ASSIGNMENT.search(text, max(0, at - 8), at + 200)
                if match and match.start() <= at and not _placeholder(match.group(1)):
                    yield "password-assignment", match.start(), match.group(1)
            at = lowered.find(word, at + len(word))


def _entropy_hits(text: str) -> Iterator[tuple[str, int, str]]:
    for regex in _QUOTED:
        for match in regex.finditer(text):
            if _looks_random(match.group(1)):
                yield "high-entropy-string", match.start(), match.group(1)


def scan(text: str, allow: frozenset[str] = frozenset()) -> Iterator[Hit]:
    """Every place in ``text`` that looks like a secret; ``allow`` lists values to let pass."""
    seen: set[tuple[int, str]] = set()
    for finder in (_literal_hits, _assignment_hits, _entropy_hits):
        for rule, offset, value in finder(text):
            line = _line(text, offset)
            if value in allow or (line, value) in seen:
                continue
            seen.add((line, value))
            yield Hit(rule, line, redact(value), digest(value))


def credential_path(path: str) -> str | None:
    """The rule a path breaks when it names a credentials or key file, else None."""
    name = posixpath.basename(path.split("#", 1)[0].rstrip("/"))
    return "credentials-file" if CREDENTIAL_NAMES.match(name) else None
