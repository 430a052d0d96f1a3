"""The secret guard: text and paths that must never enter the knowledge base.

Three entry points:

* :func:`scan` yields mdbrain's own secret rules on a text (the parse-time guard
  behind ``check`` and ``import``);
* :func:`personal` yields personal data: e-mail addresses, phone numbers,
  national ids, IBANs and card numbers (for bases that turn that guard on);
* :func:`both` gives the two at once, in one pass (what parsing a document uses);
* :func:`inspect` is what a writer calls: both, plus an optional second
  opinion (detect-secrets, handed in by :mod:`mdbrain.store.secret_scan`, since
  core reads no files), de-duplicated and sorted by line.

Where each part lives
    :mod:`~mdbrain.core.guard.views` (the text as written and normalised),
    :mod:`~mdbrain.core.guard.patterns` (literal shapes),
    :mod:`~mdbrain.core.guard.assignments` (a credential's name, a separator, a value),
    :mod:`~mdbrain.core.guard.random_strings` (random-looking quoted strings),
    :mod:`~mdbrain.core.guard.prose` (a random value a sentence says is a credential),
    :mod:`~mdbrain.core.guard.keys` and :mod:`~mdbrain.core.guard.encoding` (private key
    material and base64), :mod:`~mdbrain.core.guard.personal_data`, what passes
    (:mod:`~mdbrain.core.guard.samples`, :mod:`~mdbrain.core.guard.ledger`), what a hit
    shows (:mod:`~mdbrain.core.guard.hit`), the second opinion
    (:mod:`~mdbrain.core.guard.second_opinion`), paths
    (:mod:`~mdbrain.core.guard.paths`), and the three entry points that put them
    together (:mod:`~mdbrain.core.guard.inspection`).

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

from mdbrain.core.guard.assignments import credential_name, names_credential
from mdbrain.core.guard.hit import PERSONAL, SECRET, Hit, SecondOpinion, digest, redact
from mdbrain.core.guard.inspection import both, inspect, personal, scan
from mdbrain.core.guard.keys import private_key_bytes
from mdbrain.core.guard.ledger import allow_line, allowed_digests
from mdbrain.core.guard.paths import CREDENTIAL_NAMES, credential_path
from mdbrain.core.guard.patterns import LITERAL_PATTERNS
from mdbrain.core.guard.personal_data import iban_valid, luhn_valid
from mdbrain.core.guard.samples import PUBLIC_SAMPLES, placeholder
from mdbrain.core.guard.values import credential_like, entropy
from mdbrain.core.guard.views import normalise

__all__ = [
    "CREDENTIAL_NAMES",
    "LITERAL_PATTERNS",
    "PERSONAL",
    "PUBLIC_SAMPLES",
    "SECRET",
    "Hit",
    "SecondOpinion",
    "allow_line",
    "allowed_digests",
    "both",
    "credential_like",
    "credential_name",
    "credential_path",
    "digest",
    "entropy",
    "iban_valid",
    "inspect",
    "luhn_valid",
    "names_credential",
    "normalise",
    "personal",
    "placeholder",
    "private_key_bytes",
    "redact",
    "scan",
]
