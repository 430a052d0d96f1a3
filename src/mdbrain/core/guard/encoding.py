"""Base64: decoding a run of the base64 alphabets, and telling text from binary."""

from __future__ import annotations

import base64
import binascii
import re

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
