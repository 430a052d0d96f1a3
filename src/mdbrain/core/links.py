"""Turn a link target written in a document into a document id, or nothing.

A document id is the document's path from the knowledge root, with ``/``
separators (``securite/mfa.md``). Only links to Markdown files are links between
documents; web addresses, mail links, images and links to other files are not.
"""

from __future__ import annotations

import enum
import posixpath
import re
import unicodedata
from dataclasses import dataclass
from urllib.parse import unquote

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")
DOC_SUFFIXES = (".md", ".markdown")


class LinkKind(enum.StrEnum):
    DOC = "doc"  # a document inside the root (it may or may not exist)
    OUTSIDE = "outside"  # a Markdown path that climbs above the root


@dataclass(frozen=True, slots=True)
class Link:
    """A link from a document body: its resolved target and the file line."""

    target: str  # a document id for DOC, the written target for OUTSIDE
    line: int
    kind: LinkKind = LinkKind.DOC


def is_doc_path(path: str) -> bool:
    return path.lower().endswith(DOC_SUFFIXES)


def normalise_id(value: str) -> str | None:
    """Canonical form of an id written in a field (``./a//b.md`` -> ``a/b.md``).

    Returns None for an empty value or one that climbs above the root.
    """
    text = unicodedata.normalize("NFC", value.strip().replace("\\", "/"))
    if not text:
        return None
    norm = posixpath.normpath(text.lstrip("/"))
    if norm in {".", ".."} or norm.startswith("../"):
        return None
    return norm


def resolve(doc_id: str, written: str, line: int) -> Link | None:
    """Resolve a link target written in ``doc_id`` at ``line``.

    Returns None for anything that is not a link to a Markdown document: an
    anchor in the same page, a web or mail address, a link to a source file.
    """
    target = written.strip()
    if not target or target.startswith(("#", "//")) or _SCHEME.match(target):
        return None
    for mark in ("#", "?"):
        cut = target.find(mark)
        if cut != -1:
            target = target[:cut]
    target = unicodedata.normalize("NFC", unquote(target))
    if not is_doc_path(target):
        return None
    if target.startswith("/"):
        joined = target.lstrip("/")
    else:
        joined = posixpath.join(posixpath.dirname(doc_id), target)
    norm = posixpath.normpath(joined)
    if norm == ".." or norm.startswith("../"):
        return Link(target=written.strip(), line=line, kind=LinkKind.OUTSIDE)
    return Link(target=norm, line=line)
