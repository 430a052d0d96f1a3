"""Password hashing with scrypt, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import os

SALT_BYTES = 16


def hash_password(password: str) -> bytes:
    salt = os.urandom(SALT_BYTES)
    return salt + _derive(password, salt)


def verify(password: str, stored: bytes) -> bool:
    salt, expected = stored[:SALT_BYTES], stored[SALT_BYTES:]
    return hmac.compare_digest(_derive(password, salt), expected)


def _derive(password: str, salt: bytes) -> bytes:
    return hashlib.scrypt(password.encode(), salt=salt, n=2**14, r=8, p=1)
