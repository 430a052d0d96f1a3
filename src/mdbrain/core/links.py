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
from typing import NamedTuple
from urllib.parse import unquote

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")
DOC_SUFFIXES = (".md", ".markdown")


class LinkKind(enum.StrEnum):
    DOC = "doc"  # a document inside the root (it may or may not exist)
    OUTSIDE = "outside"  # a Markdown path that climbs above the root


class Link(NamedTuple):
    """A link from a document body to a document id (which may not exist), and its file line."""

    target: str
    line: int


def is_address(target: str) -> bool:
    """Whether a link's target opens on a scheme (``https:``, ``mailto:``): an address,
    no path."""
    return _SCHEME.match(target) is not None


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


def file_target(doc_id: str, written: str) -> str | None:
    """The file a link or image of ``doc_id`` leads to when it is no document: a path
    written relative (``../src/app.py``, ``img/flow.png``), taken from the root (it may
    climb above it). None for a document, an address, an anchor, a path from a root
    (``/img/a.png``: a site's root or a forge's, which one is not known here), a
    template expression, and a site's route, whose last part has no suffix (``about``,
    ``guide/``): what a check can look for on disk and call missing."""
    target = written.strip()
    if not target or target.startswith(("#", "/", "\\")) or is_address(target):
        return None
    if "{" in target or "<" in target or "%>" in target:
        return None
    target = _path_of(target)
    last = target.rpartition("/")[2]
    stem, dot, suffix = last.rpartition(".")
    if not (stem.strip(".") and dot and suffix.isalnum() and len(suffix) <= 10):
        return None
    if is_doc_path(target):
        return None
    return posixpath.normpath(posixpath.join(posixpath.dirname(doc_id), target))


# a link written as a path from the page's folder or the one above: ./a, ../a
_PATH_START = re.compile(r"\.{1,2}(?:/|$)")


def route_target(doc_id: str, written: str) -> str | None:
    """The path from the root a link leads to that is written as a site's route: a path
    written relative whose last part has no suffix, or that ends with a slash
    (``../security/Ch-APIGateway``, ``./guide/``, ``./other.md/#usage``), as MkDocs,
    Hugo or Docusaurus read them (it may climb above the root). None for a link
    :func:`resolve` or :func:`file_target` reads, an address, an anchor, a template,
    and any path that does not start with ``./`` or ``../``: one from a root
    (``/docs/x``), one a site may read from its root as well as from the page
    (``guide/intro``: Hugo, Docusaurus), a word that is no path (``TODO``, Hugo's
    glossary link ``g``, a domain without its scheme: ``golang.org/x``)."""
    target = written.strip()
    if not target or target.startswith(("#", "/", "\\")) or is_address(target):
        return None
    if "{" in target or "<" in target or "%>" in target or not _PATH_START.match(target):
        return None
    if resolve(doc_id, target) is not None or file_target(doc_id, target) is not None:
        return None
    path = _path_of(target)
    if not path.strip() or "\\" in path:
        return None
    return posixpath.normpath(posixpath.join(posixpath.dirname(doc_id), path))


def resolve_any(doc_id: str, written: str) -> tuple[LinkKind, str] | None:
    """:func:`resolve`, and for a link to any other file written relative (code, an
    image, an ``.mdx`` page), ``(OUTSIDE, path)``, ``path`` taken from the root (see
    :func:`file_target`)."""
    found = resolve(doc_id, written)
    if found is not None:
        return found
    path = file_target(doc_id, written)
    return None if path is None else (LinkKind.OUTSIDE, path)


def _path_of(target: str) -> str:
    """A link's target without its anchor or query, percent-decoded, in NFC."""
    for mark in ("#", "?"):
        cut = target.find(mark)
        if cut != -1:
            target = target[:cut]
    if "%" in target:
        target = unquote(target)
    return target if target.isascii() else unicodedata.normalize("NFC", target)


def resolve(doc_id: str, written: str) -> tuple[LinkKind, str] | None:
    """Resolve a link target written in ``doc_id``.

    Returns ``(DOC, id)``, or ``(OUTSIDE, path)`` for a Markdown path that climbs
    above the root (``path`` taken from the root: ``../README.md``), or None for
    anything that is not a link to a Markdown document: an anchor in the same page,
    a web or mail address, a source file.
    """
    target = written.strip()
    if not target or target.startswith(("#", "//")) or is_address(target):
        return None
    target = _path_of(target)
    if not is_doc_path(target):
        return None
    if target.startswith("/"):
        joined = target.lstrip("/")
    else:
        joined = posixpath.join(posixpath.dirname(doc_id), target)
    norm = posixpath.normpath(joined)
    if norm == ".." or norm.startswith("../"):
        return LinkKind.OUTSIDE, norm
    return LinkKind.DOC, norm


_LINE_ANCHOR = re.compile(r"L\d+(?:-L?\d+)?")  # a line of a file: #L10, #L10-L20


def anchor_asked(written: str) -> str | None:
    """The anchor a link asks for, as written (``guide.md#Install`` -> ``Install``: the
    check quotes it so, and :func:`mdbrain.core.fragments.offers` folds its case); None
    when it asks none, or for what no heading gives: a line of a file (``#L10``), a
    text fragment (``#:~:text=``), a route or a query."""
    at = written.find("#")
    if at == -1:
        return None
    fragment = unquote(written[at + 1 :].strip())
    if not fragment or fragment.startswith(":~:") or any(c in fragment for c in "/=?&"):
        return None
    if _LINE_ANCHOR.fullmatch(fragment):
        return None
    return unicodedata.normalize("NFC", fragment)
