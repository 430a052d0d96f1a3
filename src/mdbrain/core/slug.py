"""Slugs: the a-z, 0-9 and hyphen names the file format asks for.

Every script is transliterated (python-slugify), so that a title in any
language gives a name a person can read and tell apart from its neighbours::

    "Authentification 2FA" -> "authentification-2fa"
    "Gestion des accès"    -> "gestion-des-acces"
    "API_Utilisateur"      -> "api-utilisateur"
    "Łódź"                 -> "lodz"
    "Привет мир"           -> "privet-mir"
    "日本語"                -> "ri-ben-yu"

python-slugify is imported on first use: commands that name nothing never load it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

_NOT_SLUG = re.compile(r"[^a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
# Apostrophes of every kind separate words, as the ASCII one does ("l’accès" -> "l-acces").
_APOSTROPHES = str.maketrans(dict.fromkeys("’‘ʼʹ`´′", " "))


def slugify(text: str, *, fallback: str = "document", max_length: int = 80) -> str:
    """``text`` as a slug; ``fallback`` when nothing is left of it."""
    from slugify import slugify as transliterate

    spaced = _CAMEL.sub("-", text.strip()).translate(_APOSTROPHES).replace("'", " ")
    if not spaced.isascii():  # signs such as ® or ° name no sound: "SCAN 25®" -> "scan-25"
        spaced = "".join(" " if unicodedata.category(c) == "So" else c for c in spaced)
    slug = _NOT_SLUG.sub("-", transliterate(spaced)).strip("-")
    if len(slug) > max_length:
        slug = _shortened(slug, max_length)
    return slug or fallback


def _shortened(slug: str, max_length: int) -> str:
    """A slug too long, cut in its middle at hyphens: its first words and its last ones,
    up to a third of the room, where names of a series tell themselves apart
    (``...-entry-selected-by-for-list-entry`` and ``...-for-table-control``)."""
    words = slug.split("-")
    tail: list[str] = []
    size = 0
    for word in reversed(words[1:]):
        if size + len(word) + 1 > max_length // 3:
            break
        tail.insert(0, word)
        size += len(word) + 1
    head: list[str] = []
    for word in words[: len(words) - len(tail)]:
        if size + len(word) + (1 if head else 0) > max_length:
            break
        head.append(word)
        size += len(word) + 1
    if not head:
        return slug[:max_length].rsplit("-", 1)[0] or slug[:max_length]
    return "-".join(head + tail)


def unique(slug: str, taken: Iterable[str]) -> str:
    """``slug``, or ``slug-2``, ``slug-3``... the first one not in ``taken``."""
    used = set(taken)
    if slug not in used:
        return slug
    number = 2
    while f"{slug}-{number}" in used:
        number += 1
    return f"{slug}-{number}"
