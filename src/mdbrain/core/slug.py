"""Slugs: the a-z, 0-9 and hyphen names the file format asks for.

"Authentification 2FA" -> "authentification-2fa", "Gestion des accès" ->
"gestion-des-acces", "API_Utilisateur" -> "api-utilisateur".
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

_NOT_SLUG = re.compile(r"[^a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def slugify(text: str, *, fallback: str = "document", max_length: int = 80) -> str:
    """``text`` as a slug; ``fallback`` when nothing is left of it."""
    spaced = _CAMEL.sub("-", text.strip())
    folded = unicodedata.normalize("NFKD", spaced)
    ascii_text = "".join(c for c in folded if not unicodedata.combining(c)).lower()
    ascii_text = ascii_text.replace("œ", "oe").replace("æ", "ae").replace("ß", "ss")
    slug = _NOT_SLUG.sub("-", ascii_text).strip("-")
    if len(slug) > max_length:
        slug = slug[:max_length].rsplit("-", 1)[0] or slug[:max_length]
    return slug or fallback


def unique(slug: str, taken: Iterable[str]) -> str:
    """``slug``, or ``slug-2``, ``slug-3``... the first one not in ``taken``."""
    used = set(taken)
    if slug not in used:
        return slug
    number = 2
    while f"{slug}-{number}" in used:
        number += 1
    return f"{slug}-{number}"
