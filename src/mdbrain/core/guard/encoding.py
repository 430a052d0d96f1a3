"""Base64: decoding a run of the base64 alphabets, and telling text from binary."""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator
from functools import lru_cache

from mdbrain.core.guard.samples import placeholder

# A run of the base64 alphabets (standard and URL-safe), whole: the search tries a run's
# first character before any other, and the greedy repetition then takes the run to its
# end; a run too short fails from its first character and from each one after it, 24
# characters read at most each time. So every match starts where the previous character
# is outside the class (as a look-behind would demand, at a higher cost per character),
# and each long run is read once, whatever its length.
B64_RUN = re.compile(r"[A-Za-z0-9+/_-]{24,}={0,2}")
_B64_MAX = 4096
_URLSAFE = str.maketrans("-_", "+/")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffd]")


def b64decode(value: str) -> bytes | None:
    body = value.rstrip("=")[:_B64_MAX].translate(_URLSAFE)
    body = body[: len(body) - (len(body) % 4 == 1)]
    try:
        return base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None


def printable(data: bytes) -> str | None:
    text = data.decode("utf-8", "replace")
    if len(text) < 12 or len(_CONTROL.findall(text)) > len(text) // 10:
        return None
    return text


# A value written in hex, two digits a byte, at most 128 bytes.
_HEX = re.compile(r"(?:[0-9A-Fa-f]{2}){4,128}")


def _decodings(value: str) -> Iterator[bytes]:
    """The bytes a value may stand for: read as hex, then as base64."""
    if _HEX.fullmatch(value):
        yield bytes.fromhex(value)
    data = b64decode(value)
    if data is not None:
        yield data


@lru_cache(maxsize=4096)
def encoded_stand_in(value: str) -> bool:
    """Whether a value is a stand-in written in base64 or hex: Kubernetes shows a
    Secret's data in base64 (``c2VjcmV0Cg==`` is "secret" and a line break), PowerShell
    a secure string in hex of UTF-16. Decoded, it is one printable ASCII word that
    passes as a stand-in written out, or a sentence (:func:`_sentence`); a random
    password encoded is neither."""
    if not 8 <= len(value) <= 512:
        return False
    for data in _decodings(value):
        for codec in ("utf-8", "utf-16-le"):
            try:
                word = data.decode(codec).strip()
            except UnicodeDecodeError:
                continue
            if _stand_in_word(word) or _sentence(word):
                return True
    return False


# a word of a sentence: letters only, a stop or a comma after it at most
_PROSE_WORD = re.compile(r"[A-Za-z]{1,20}[.,;:!?\"')]?")
_SENTENCE_WORDS = 6  # plain words a decoded value needs to be read as a sentence


def _sentence(text: str) -> bool:
    """Whether decoded text is a sentence: printable, and most of its words plain words
    (kubernetes/enhancements' kubeadm output held "For the actual output of the kubeadm
    init command, please see https://gist..." in base64 as an example's raw field)."""
    if not text.isprintable():
        return False
    words = text.split()
    plain = sum(1 for word in words if _PROSE_WORD.fullmatch(word))
    return plain >= _SENTENCE_WORDS and 2 * plain > len(words)


def _stand_in_word(word: str) -> bool:
    """One printable ASCII word, not empty, that passes as a stand-in."""
    return (
        bool(word)
        and word.isascii()
        and word.isprintable()
        and " " not in word
        and placeholder(word)
    )
