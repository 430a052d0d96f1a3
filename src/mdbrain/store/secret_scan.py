"""A second opinion on secrets from detect-secrets, the maintained detector.

mdbrain's own rules (:mod:`mdbrain.core.guard`) run everywhere and fast. Before a
write, this module also asks detect-secrets, with its default plugins and
filters, about the text about to be written. detect-secrets reads files, so the
text goes to a file that lives in memory where the system has them (Linux), and
otherwise to a private temporary file outside the base, removed at once: a process
killed while it asks leaves nothing behind.
Without the package installed, it answers nothing and says so.

detect-secrets reads a file line by line, and some of its patterns take time that
grows with the square (or, over runs of blanks, the cube) of a line's length. So what
it is given is bounded: each distinct line once (a line repeated a hundred thousand
times is read once), runs of blanks cut to eight, a line longer than :data:`WINDOW`
characters as overlapping windows of that size, so that any secret shorter than
:data:`OVERLAP` lies whole in one of them, and no line made only of letters, digits
and base64 signs (mdbrain's rules read those; detect-secrets would spend milliseconds
on each for nothing). Findings are mapped back to every line they came from: a line
repeated is asked about once and reported wherever it is (see :func:`_placed`).

:func:`inspect` is the one call a writer needs: mdbrain's rules, personal data
when asked, and this second opinion, de-duplicated, each hit redacted.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import tempfile
from collections.abc import Iterator, Sequence

from mdbrain.core import guard
from mdbrain.core.progress import Progress, phase

WINDOW = 1024  # the longest line detect-secrets is given
OVERLAP = 512  # windows of a long line overlap by this much
# Long runs of blanks shrink to eight: some detect-secrets patterns backtrack over them
# for a time that grows with the cube of their length, and no secret holds such a run.
_WIDE_BLANK = re.compile(r"[^\S\n]{9,}")
# A line of letters, digits and base64 signs only: no name, no quote, no separator, so
# only the token shapes mdbrain's own rules read could be in it. Not given.
_OPAQUE = re.compile(r"[A-Za-z0-9+/=]*")
# What a detect-secrets rule (version 1.5, default plugins) needs in a line before it
# can report anything, read from each plugin: a word of the keyword rule's list
# (``password``, ``api_key``, ``secret``... not ``token`` or ``auth`` alone), a vendor's
# assignment prefix (Cloudant, SoftLayer, AWS), a web address with a user
# (``://user:pw@``), a key block, a vendor's prefix (Slack, JWT, Artifactory, npm,
# GitLab, Stripe, GitHub, OpenAI, PyPI, Square, Mailchimp's "-us1", Telegram's bot id),
# or a quoted hexadecimal string (the hex entropy rule starts at eight). Read on the
# line lower-cased, once a word every one of them holds is in it.
_NEEDLES = re.compile(
    r"pass(?:word|wd)|pwd|secret|contrase"
    r"|(?:api|auth|service|account|db|database|priv|private|client)[_-]?key"
    r"|(?:db|database|key)[_-]?pass|(?:cloudant|clou|cl|softlayer|sl)[_-]?(?:api)?[_-]?"
    r"(?:key|pwd|pw|pass|token)|cloudant|softlayer|aws"
    r"|://(?:[^\s@:]|:(?!//))*+@|begin|putty|xox|hooks\.slack\.com|eyj|akc|authtoken|['\"][0-9a-f]{8}"
    r"|gl(?:pat|ptt|dt|ft|rt|soat|cbt|imt|agent)-|gr1348941|[rs]k_live_|gh[pousr]_"
    r"|t3blbkfj|pypi-|sq0csp-|[0-9a-z]-us\d|\d{8}:[\w-]{35}"
)
_HINTS = re.compile(
    r"pass|pw|secret|contrase|key|token|cloudant|softlayer|aws|://|begin|putty|xox|slack"
    r"|eyj|akc|'|\"|gl|gr1|k_l|gh|t3b|pypi|sq0|-us|:"
)
# Vendor shapes read with their case: Artifactory, AWS, Twilio, SendGrid, Discord.
_CASED = re.compile(
    r"AP[\dA-F]|AKC|A3T|ABIA|ACCA|AKIA|ASIA|SG\.|(?:AC|SK)[a-z0-9]{32}|[MNO][\w-]{23,25}\."
)
# Besides: a token with enough distinct characters for an entropy rule (quoted, or the
# value of a line detect-secrets reads as YAML or INI), or a long token beside a word of
# the IBM Cloud rule, which needs no prefix.
_TOKEN = re.compile(r"[A-Za-z0-9+/=_\-]{9,}")
_HEX = re.compile(r"[0-9a-fA-F]{9,}")
_DISTINCT = 23  # characters a base64 string needs before its entropy passes 4.5 bits
_HEX_DISTINCT = 9  # and a hexadecimal one before it passes 3
_LONG = 24  # from this length a token may be an IBM key
_IBM_WORDS = re.compile(r"key|pwd|pass|token", re.IGNORECASE)


def worth_asking(line: str) -> bool:
    """Whether detect-secrets could report anything in ``line`` (see :data:`_NEEDLES`)."""
    lowered = line.lower()
    if _HINTS.search(lowered) and _NEEDLES.search(lowered):
        return True
    if _CASED.search(line):
        return True
    ibm = _IBM_WORDS.search(lowered) is not None
    for match in _TOKEN.finditer(line):
        token = match.group(0)
        if len(set(token)) >= _DISTINCT or (ibm and len(token) >= _LONG):
            return True
        if any(len(set(run)) >= _HEX_DISTINCT for run in _HEX.findall(token)):
            return True
    return False


def available() -> bool:
    try:
        import detect_secrets  # noqa: F401
    except ImportError:
        return False
    return True


def _pieces(raw: str) -> tuple[str, ...]:
    """What detect-secrets is given of one line: nothing when it could report nothing in
    it (see :func:`worth_asking`), else the line with its runs of blanks cut, as
    windows of :data:`WINDOW` characters when it is longer, blank and opaque ones left
    out."""
    line = _WIDE_BLANK.sub(" " * 8, raw)
    if _OPAQUE.fullmatch(line.strip()) or not worth_asking(line):
        return ()
    step = WINDOW - OVERLAP
    pieces = (
        [line]
        if len(line) <= WINDOW
        else [line[at : at + WINDOW] for at in range(0, len(line) - OVERLAP, step)]
    )
    return tuple(p for p in pieces if p.strip() and not _OPAQUE.fullmatch(p))


def _bounded(
    text: str, known: dict[str, tuple[str, ...]] | None = None
) -> tuple[str, list[list[int]]]:
    """The distinct lines of ``text``, long ones cut into overlapping windows, and for
    each line given the numbers of the original lines it comes from, in order. ``known``
    holds what is given of lines already looked at (:func:`_pieces`), and learns the
    others: a line that many texts share, or one text many times, is looked at once."""
    known = {} if known is None else known
    given: list[str] = []
    origin: list[list[int]] = []
    seen: dict[str, int] = {}  # each piece given, at its place in ``given``
    for number, raw in enumerate(text.split("\n"), start=1):
        pieces = known.get(raw)
        if pieces is None:
            pieces = known[raw] = _pieces(raw)
        for piece in pieces:
            at = seen.get(piece)
            if at is None:
                seen[piece] = len(given)
                given.append(piece)
                origin.append([number])
            elif origin[at][-1] != number:
                origin[at].append(number)
    return "\n".join(given) + "\n", origin


Finding = tuple[str, int, str]  # kind of secret, line, value
# Answers asked ahead for texts about to be written (see :func:`asked_ahead`), by digest.
_READY: dict[str, list[Finding]] = {}
# What inspect found inside a block of writes asked ahead, by text, allowed values and
# whether personal data counts; None outside such a block, where nothing is kept.
_INSPECTED: list[dict[tuple[str, frozenset[str], bool], list[guard.Hit]] | None] = [None]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def findings(text: str) -> list[Finding]:
    """(kind of secret, line, value) for each secret detect-secrets finds in ``text``."""
    if not available() or not text.strip():
        return []
    if _READY:  # kept to the end of the block: a text may be checked, then written
        ready = _READY.get(_digest(text))
        if ready is not None:
            return ready
    return _ask(text)


def _pieces_each(lines: list[str]) -> list[tuple[str, ...]]:
    """What detect-secrets is given of each line (run in a worker process for many)."""
    return [_pieces(line) for line in lines]


def _scan_each(givens: list[str]) -> list[list[Finding]]:
    """What detect-secrets finds in each of ``givens`` (see :func:`_scanned`), under one
    setting up of its plugins (run in a worker process for many of them)."""
    from detect_secrets.settings import default_settings

    with default_settings():
        return [_scanned(given) for given in givens]


@contextlib.contextmanager
def asked_ahead(texts: Sequence[str], progress: Progress | None = None) -> Iterator[None]:
    """Ask detect-secrets about ``texts`` at once, before they are written: the writes
    inside the block find their answers ready, and what they leave is dropped at its
    end. A text that changed on the way (lines blanked by mdbrain's own rules) is asked
    again, as it would have been.

    Pages imported together share most of their lines (a site's pages repeat their
    headings and tables, a versioned site its pages), so each distinct line is looked
    at once, a text with nothing worth asking about is not given at all, and texts that
    give the same lines are asked once. The lines, then what is asked, are shared with
    forked processes when there are many (:func:`mdbrain.store.scan.mapped`).
    ``progress`` hears of the lines looked at, then of what is asked."""
    if available():
        from mdbrain.store import scan

        wanted = [text for text in dict.fromkeys(texts) if text.strip()]
        lines = list(dict.fromkeys(line for text in wanted for line in text.split("\n")))
        phase(progress, "checking for secrets")
        known = dict(zip(lines, scan.mapped(_pieces_each, lines, progress), strict=True))
        bounded = [_bounded(text, known) for text in wanted]
        del lines, known
        asked = [given for given in dict.fromkeys(given for given, _ in bounded) if given.strip()]
        phase(progress, "asking detect-secrets")
        answers = dict(zip(asked, scan.mapped(_scan_each, asked, progress), strict=True))
        for text, (given, origin) in zip(wanted, bounded, strict=True):
            _READY[_digest(text)] = _placed(answers.get(given, []), origin)
    _INSPECTED[0] = {}
    try:
        yield
    finally:
        _READY.clear()
        _INSPECTED[0] = None


def _ask(text: str) -> list[Finding]:
    from detect_secrets.settings import default_settings

    given, origin = _bounded(text)
    if not given.strip():  # nothing detect-secrets could report on
        return []
    with default_settings():
        return _placed(_scanned(given), origin)


def _scanned(given: str) -> list[Finding]:
    """(kind of secret, line of ``given``, value) for each secret detect-secrets finds
    in ``given``, read as a file; its settings are the caller's to set up."""
    from detect_secrets.core.secrets_collection import SecretsCollection

    with _as_file(given) as name:
        found = SecretsCollection()
        found.scan_file(name)
    return [(secret.type, secret.line_number, secret.secret_value or "") for _, secret in found]


@contextlib.contextmanager
def _as_file(text: str) -> Iterator[str]:
    """A path that reads as ``text`` while the block runs: an anonymous file in memory,
    which the system frees even when the process is killed, or else a private
    temporary file, removed when the block ends. detect-secrets reads both names as
    files of no particular kind, as it reads a ``.md`` file."""
    data = text.encode("utf-8")
    memory = _in_memory(data)
    if memory is not None:
        try:
            yield f"/proc/self/fd/{memory}"
        finally:
            os.close(memory)
        return
    handle, name = tempfile.mkstemp(suffix=".md", prefix="mdbrain-guard-")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        yield name
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name)


def _in_memory(data: bytes) -> int | None:
    """A descriptor of an anonymous in-memory file holding ``data`` that can be opened
    again by its ``/proc`` name, or None where there is no such thing."""
    create = getattr(os, "memfd_create", None)
    if create is None or not os.path.isdir("/proc/self/fd"):
        return None
    try:
        handle: int = create("mdbrain-guard", getattr(os, "MFD_CLOEXEC", 0))
    except OSError:
        return None
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(handle, view) :]
    except OSError:
        os.close(handle)
        return None
    return handle


def _placed(found: list[Finding], origin: list[list[int]]) -> list[Finding]:
    """The findings in what was given, each on every line of the text it came from (see
    :func:`_bounded`), once, in the order of the lines. Placed on the first of them
    only, a finding on a line the page repeats was reported there alone: an allow
    comment put on that line, as the report offered, let the next import stop at the
    next copy (nestjs/docs.nestjs.com's GraphQL page has ``password: string;`` on
    lines 14 and 55), one round per copy where one report should name them all."""
    out = {
        (kind, number, value)
        for kind, line, value in found
        if 0 < line <= len(origin)
        for number in origin[line - 1]
    }
    return sorted(out, key=lambda item: (item[1], item[0]))


def detect(text: str) -> list[tuple[str, int]]:
    """(kind of secret, line) for each secret detect-secrets finds in ``text``."""
    return sorted({(kind, line) for kind, line, _value in findings(text)})


def inspect(
    text: str, *, allow: frozenset[str] = frozenset(), personal_data: bool = False
) -> list[guard.Hit]:
    """Everything a write must refuse in ``text``: see :func:`mdbrain.core.guard.inspect`,
    with detect-secrets as the second opinion when it is installed. Inside
    :func:`asked_ahead`, a text inspected again is answered from the first time (an
    import puts each page to the guard before it writes any, then writes them)."""
    kept = _INSPECTED[0]
    if kept is None:
        return guard.inspect(
            text, allow=allow, personal_data=personal_data, second_opinion=findings
        )
    key = (_digest(text), allow, personal_data)
    if key not in kept:
        kept[key] = guard.inspect(
            text, allow=allow, personal_data=personal_data, second_opinion=findings
        )
    return list(kept[key])
