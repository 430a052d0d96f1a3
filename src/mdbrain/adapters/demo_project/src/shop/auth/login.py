"""Log a customer in: the password, then the second factor when one is enrolled."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ..security import mfa
from . import passwords, session

MAX_FAILED_ATTEMPTS = 5
LOCK_DURATION = dt.timedelta(minutes=15)


@dataclass
class Account:
    email: str
    password_hash: bytes
    mfa_secret: bytes | None = None
    failed_attempts: int = 0
    locked_until: dt.datetime | None = None


class LoginError(Exception):
    """Shown to the customer as one generic message, whatever went wrong."""


def log_in(account: Account, password: str, code: str | None, now: dt.datetime) -> str:
    """A new session token for ``account``, or LoginError."""
    if account.locked_until is not None and now < account.locked_until:
        raise LoginError("account locked")
    ok = passwords.verify(password, account.password_hash)
    if ok and account.mfa_secret is not None:
        ok = code is not None and mfa.verify(account.mfa_secret, code, now)
    if not ok:
        _count_failure(account, now)
        raise LoginError("wrong credentials")
    account.failed_attempts = 0
    return session.open_session(account.email, now)


def _count_failure(account: Account, now: dt.datetime) -> None:
    account.failed_attempts += 1
    if account.failed_attempts >= MAX_FAILED_ATTEMPTS:
        account.locked_until = now + LOCK_DURATION
        account.failed_attempts = 0
