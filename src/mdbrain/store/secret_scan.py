"""A second opinion on secrets from detect-secrets, the maintained detector.

mdbrain's own rules (:mod:`mdbrain.core.guard`) run everywhere and fast. Before a
write, this module also asks detect-secrets, with its default plugins and
filters, about the text about to be written. detect-secrets reads files, so the
text goes to a private temporary file outside the base, removed at once.
Without the package installed, it answers nothing and says so.
"""

from __future__ import annotations

import contextlib
import os
import tempfile


def available() -> bool:
    try:
        import detect_secrets  # noqa: F401
    except ImportError:
        return False
    return True


def detect(text: str) -> list[tuple[str, int]]:
    """(kind of secret, line) for each secret detect-secrets finds in ``text``."""
    if not available():
        return []
    from detect_secrets.core.secrets_collection import SecretsCollection
    from detect_secrets.settings import default_settings

    handle, name = tempfile.mkstemp(suffix=".md", prefix="mdbrain-guard-")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        found = SecretsCollection()
        with default_settings():
            found.scan_file(name)
        return sorted((secret.type, secret.line_number) for _, secret in found)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name)
