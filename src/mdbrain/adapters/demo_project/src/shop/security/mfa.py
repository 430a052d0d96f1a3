"""Time-based one-time codes (RFC 6238): six digits, 30-second steps."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import struct

STEP_SECONDS = 30
DIGITS = 6
DRIFT_STEPS = 1  # the step before and the step after are accepted too


def code_at(secret: bytes, step: int) -> str:
    digest = hmac.new(secret, struct.pack(">Q", step), hashlib.sha256).digest()
    offset = digest[-1] & 0x0F
    value = int.from_bytes(digest[offset : offset + 4], "big") & 0x7FFFFFFF
    return str(value % 10**DIGITS).zfill(DIGITS)


def verify(secret: bytes, code: str, now: dt.datetime) -> bool:
    step = int(now.timestamp()) // STEP_SECONDS
    return any(
        hmac.compare_digest(code_at(secret, step + drift), code)
        for drift in range(-DRIFT_STEPS, DRIFT_STEPS + 1)
    )
