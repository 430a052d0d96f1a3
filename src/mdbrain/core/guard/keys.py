"""Private key material: a header with a body that is not a stand-in, bytes that start
like a private key, and a key body pasted without its header."""

from __future__ import annotations

import re
from collections.abc import Iterator

from mdbrain.core.guard.encoding import b64decode
from mdbrain.core.guard.hit import Found
from mdbrain.core.guard.samples import PLACEHOLDER_SHAPE
from mdbrain.core.guard.values import entropy, looks_random
from mdbrain.core.guard.views import Text

_PGP_ALGORITHMS = frozenset({1, 2, 3, 16, 17, 18, 19, 22, 25, 27, 28})


def key_material_follows(text: str, end: int) -> bool:
    """After a BEGIN line: anything but a stand-in. A body of "...", "<your key here>",
    "{{ key }}", "xxxx", words ("(snip)", "REDACTED": argoproj/argo-cd's guides lost
    three pages to them), or nothing before the END line, is documentation."""
    ahead = _PEM_AHEAD.match(text, end)
    start = ahead.end() if ahead else end
    body = _PEM_BODY.match(text, start)
    first = body.group(0).strip() if body else ""
    between = text[end:start]
    inline = "\n" not in between and "\\n" not in between  # the body on the header's line
    return not (
        not first
        or (inline and not _BASE64_RUN.match(first))  # "(e.g., -----BEGIN ... KEY-----)."
        or _WORDS_ALONE.fullmatch(first) is not None  # shorter than a line of key
        or first.startswith("-----")
        or (" " in first and not _BASE64_LINE.match(first))  # words, not a key on one line
        or "..." in first
        or "…" in first
        or PLACEHOLDER_SHAPE.fullmatch(first) is not None
    )


def key_body_follows(text: str, end: int) -> bool:
    """After a key header's words written without the PEM dashes: a line of base64 at
    least as long as a key's (:data:`_BASE64_LINE`), after blanks and header lines. Words
    in a sentence ("file headers have \"BEGIN PRIVATE KEY\"") are followed by prose."""
    ahead = _PEM_AHEAD.match(text, end)
    return _BASE64_LINE.match(text, ahead.end() if ahead else end) is not None


# After a PEM header: blanks and newlines (real or escaped "\n"), and RFC 1421 header
# lines ("Proc-Type: ..."). Each part is bounded and a header line cannot hold a
# newline, so a match costs at most a few hundred characters.
_PEM_AHEAD = re.compile(
    r"(?:[ \t\r\n]|\\n|\\r){0,8}(?:[A-Za-z-]{1,24}:[^\n]{0,200}(?:\n|\\n)){0,4}"
    r"(?:[ \t\r\n]|\\n){0,4}"
)
# a few words standing for the body, in brackets or not: "(snip)", "REDACTED"
_WORDS_ALONE = re.compile(r"[(\[<]?[A-Za-z][A-Za-z .,'-]{0,40}[)\]>]?")
# A key's body opens on base64, a full line of it (64 characters in PEM)
_BASE64_RUN = re.compile(r"[A-Za-z0-9+/]{16}")
_BASE64_LINE = re.compile(r"[A-Za-z0-9+/]{40}")  # a key pasted on one line, spaces for breaks
# The first line of the body: up to a newline, an escaped one or a quote, 200 at most.
_PEM_BODY = re.compile(r"(?:[^\n\\\"]|\\(?!n)){0,200}")


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


# A line holding only base64 of PEM width. "^" anchors it to a line start, every part is
# bounded, so each line is read a bounded number of times.
_B64_LINE = re.compile(r"^[ \t]{0,12}([A-Za-z0-9+/]{60,80})[ \t]{0,12}\r?$", re.MULTILINE)
BEGIN_LINE = re.compile(r"-----BEGIN ([A-Z0-9 ]{1,60})-----")


def block_finds(view: Text) -> Iterator[Found]:
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
            yield Found("private-key-body", first.start(1), block[-1].end(1), first.group(1))
        block = [match] if match is not None else []


def _der_sequence(data: bytes) -> bool:
    """Whether ``data`` opens a DER sequence as long as a block of three lines or more:
    its tag, then a long-form length of at least 128 bytes. Random bytes start with the
    tag alone once in 256 lines; with such a length too, about once in 30,000."""
    if len(data) < 4 or data[0] != 0x30 or not 0x81 <= data[1] <= 0x84:
        return False
    return int.from_bytes(data[2 : 2 + (data[1] & 0x7F)], "big") >= 128


def _key_block(text: str, block: list[re.Match[str]]) -> bool:
    before = text[max(0, block[0].start() - 400) : block[0].start()]
    headers = list(BEGIN_LINE.finditer(before))
    header = headers[-1] if headers else None
    if header is not None and "-----END" not in before[header.end() :]:
        return False  # under a header: the header rule decides, or it is public
    first = block[0].group(1)
    data = b64decode(first)
    if data is not None and _der_sequence(data) and not private_key_bytes(data):
        return False  # a DER structure that is not a private key: a certificate, a public key
    lines = "".join(m.group(1) for m in block[:3])
    return looks_random(lines) and entropy(lines) >= 5.0
