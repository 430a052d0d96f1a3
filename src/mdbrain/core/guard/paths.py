"""Paths that name a credentials or key file."""

from __future__ import annotations

import posixpath
import re

CREDENTIAL_NAMES = re.compile(
    r"^(?:\.env(?:\..+)?|.+\.(?:pem|key|p12|pfx|jks|keystore|kdbx|ppk)"
    r"|id_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?"
    r"|credentials(?:\..+)?|secrets?\.(?:ya?ml|json|toml|env|ini)|\.netrc|_netrc|\.pgpass"
    r"|\.htpasswd|\.npmrc|\.pypirc|\.git-credentials|\.dockercfg)$",
    re.IGNORECASE,
)


def credential_path(path: str) -> str | None:
    """The rule a path breaks when it names a credentials or key file, else None."""
    name = posixpath.basename(path.split("#", 1)[0].rstrip("/"))
    return "credentials-file" if CREDENTIAL_NAMES.match(name) else None
