"""The names a caller may give: document ids, theme folders and code paths.

Every operation that takes a name checks it here first, whoever the caller is
(the command line, the MCP server, a library user), so that no value can lead
a read or a write outside the base:

* a document id is a path from the knowledge root, ``/``-separated, ending in
  ``.md`` (or ``.markdown``): never absolute, never climbing out with ``..``,
  without control characters, backslashes or percent-escapes, each part a
  name a file system can hold, none hidden (``.x``) or set aside (``_x``);
* a theme is a folder under the root, by the same rules, without the suffix;
* a code path (an impl_ref) is a path from the project folder, by the same
  rules, optionally followed by ``#symbol``.

The store checks again on disk (symbolic links): this module only judges text.
"""

from __future__ import annotations

import posixpath
import re
import unicodedata

from mdbrain.core.errors import InvalidRequestError, OutsideBaseError
from mdbrain.core.links import DOC_SUFFIXES

MAX_PART_BYTES = 255  # what common file systems hold in one name
MAX_PATH_CHARS = 1024
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")


def _parts(value: object, field: str, what: str) -> list[str]:
    if not isinstance(value, str):
        raise InvalidRequestError(f"{field} must be text, not {type(value).__name__}", field=field)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidRequestError(
            f"{field} is not valid text (undecodable bytes in a name)", field=field
        ) from None
    text = unicodedata.normalize("NFC", value.strip())
    if not text:
        raise InvalidRequestError(f"{field} is empty: give {what}", field=field)
    if len(text) > MAX_PATH_CHARS:
        raise InvalidRequestError(
            f"{field} is longer than {MAX_PATH_CHARS} characters", field=field
        )
    if _CONTROL.search(text):
        raise InvalidRequestError(f"{field} holds a control character", field=field)
    if "\\" in text:
        raise InvalidRequestError(
            f"{field} {text!r} holds a backslash: separate folders with '/'", field=field
        )
    if _ESCAPE.search(text):
        raise InvalidRequestError(
            f"{field} {text!r} holds a percent-escape: write the characters themselves",
            field=field,
        )
    if text.startswith("/") or re.match(r"^[A-Za-z]:", text):
        raise OutsideBaseError(
            f"{field} {text!r} is absolute: give {what}", value=text, field=field
        )
    parts = [p for p in text.split("/") if p not in ("", ".")]
    if ".." in parts:
        raise OutsideBaseError(
            f"{field} {text!r} climbs out with '..': give {what}", value=text, field=field
        )
    for part in parts:
        if len(part.encode("utf-8")) > MAX_PART_BYTES:
            raise InvalidRequestError(
                f"{field}: the name {part[:40]!r}... is longer than {MAX_PART_BYTES} bytes",
                field=field,
            )
    if not parts:
        raise InvalidRequestError(f"{field} is empty: give {what}", field=field)
    return parts


def doc_id(value: object, *, field: str = "doc") -> str:
    """The canonical id of a document named by ``value``, or an error naming ``field``."""
    parts = _parts(value, field, "an id from the knowledge root, such as 'theme/page.md'")
    hidden = [p for p in parts if p.startswith((".", "_"))]
    if hidden:
        raise InvalidRequestError(
            f"{field}: {hidden[0]!r} starts with '.' or '_', which mdbrain leaves out of the base",
            field=field,
        )
    joined = "/".join(parts)
    if not joined.lower().endswith(DOC_SUFFIXES):
        raise InvalidRequestError(
            f"{field} {joined!r} is not a document id: ids end in '.md'", field=field
        )
    return joined


def theme(value: object, *, field: str = "theme") -> str:
    """A theme folder from the root ('' for the root itself, which ``.`` and ``/`` name
    too, as import's ``--theme .`` does)."""
    if value in ("", None) or (isinstance(value, str) and value.strip() in (".", "./", "/")):
        return ""
    parts = _parts(value, field, "a folder from the knowledge root, such as 'security'")
    hidden = [p for p in parts if p.startswith((".", "_"))]
    if hidden:
        raise InvalidRequestError(
            f"{field}: {hidden[0]!r} starts with '.' or '_', which mdbrain leaves out of the base",
            field=field,
        )
    return "/".join(parts)


def code_path(value: object, *, field: str = "impl_refs") -> str:
    """A code path from the project folder, with its ``#symbol`` anchor when it has one."""
    if not isinstance(value, str):
        raise InvalidRequestError(f"{field} must be text, not {type(value).__name__}", field=field)
    path, mark, symbol = value.partition("#")
    parts = _parts(path, field, "a path from the project folder, such as 'src/app.py'")
    if mark and (not symbol.strip() or _CONTROL.search(symbol)):
        raise InvalidRequestError(
            f"{field} {value!r} has an empty or unreadable anchor", field=field
        )
    joined = posixpath.join(*parts) + ("/" if path.endswith("/") else "")
    return joined + (f"#{symbol.strip()}" if mark else "")
