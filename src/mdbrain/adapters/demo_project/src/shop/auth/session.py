"""Server-side sessions: the cookie carries only a random token."""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass

IDLE_TIMEOUT = dt.timedelta(minutes=30)


@dataclass
class Session:
    email: str
    last_seen: dt.datetime


_store: dict[str, Session] = {}


def open_session(email: str, now: dt.datetime) -> str:
    token = secrets.token_urlsafe(32)
    _store[token] = Session(email, now)
    return token


def current(token: str, now: dt.datetime) -> Session | None:
    """The live session for ``token``; None when unknown or idle for too long."""
    found = _store.get(token)
    if found is None or now - found.last_seen > IDLE_TIMEOUT:
        _store.pop(token, None)
        return None
    found.last_seen = now
    return found


def close(token: str) -> None:
    _store.pop(token, None)
