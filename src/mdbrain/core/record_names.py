"""What a record's file path says of it: the page's name, the number it carries, a day.

``0012-x.md`` and ``ADR012-x.md`` are record 12, ``keps/sig-cli/859-kubectl-headers/
README.md`` is record 859 (a folder's own page goes by its folder's name), and
``20241206-oci.md`` is a page dated so, not the 20241206th record. Reading paths needs
none of what :mod:`mdbrain.core.adr` knows of a record's text, so a question that names
a record ("ADR 11", "EIP-1559") is answered without compiling those patterns; these
are compiled at their first use.
Pure functions over paths: nothing here reads a file.
"""

from __future__ import annotations

import posixpath
import re
from typing import Final

from mdbrain.core.lazy import lazy_pattern
from mdbrain.core.text import RECORD_SERIES

# the series a log numbers its records in: ADRs, RFCs, and proposals (EIP-1559, PEP 8)
SERIES: Final = "|".join(("decision", *RECORD_SERIES))
FOLDER_PAGES: Final = frozenset({"readme", "index", "_index"})  # a folder's own page
# a day written in digits (20241206, 2025-07-22, 2016-09): in a name it is no record number
DAY_DIGITS: Final = re.compile(
    r"(?<!\d)(?:19|20)\d\d(?P<sep>[-_./]?)(?:0[1-9]|1[0-2])"
    r"(?:(?P=sep)(?:0[1-9]|[12]\d|3[01]))?(?!\d)"
)
_NAME_NUMBER = lazy_pattern(rf"^(?:{SERIES})?[-_ ]?0*(\d{{1,5}})(?=[-_. ]|$)", re.IGNORECASE)
# a record's own folder: its number and name ("859-kubectl-headers"), or its series and
# number alone (kubernetes-sigs/gateway-api's "gep-1897/index.md")
_FOLDER_NUMBER = lazy_pattern(
    rf"(?:{SERIES})?[-_ ]?\d{{1,5}}[-_]\w|(?:{SERIES})[-_ ]?\d{{1,5}}$", re.IGNORECASE
)
_NAME_PREFIX = lazy_pattern(rf"(?:{SERIES})?[-_ ]?", re.IGNORECASE)


def page_name(path: str) -> str:
    """A page's file name without its suffix; a folder's own page (README.md, index.md)
    goes by its folder's name."""
    path = path.rstrip("/")
    stem = posixpath.basename(path).rsplit(".", 1)[0]
    if stem.lower() in FOLDER_PAGES and "/" in path:
        return posixpath.basename(posixpath.dirname(path))
    return stem


def named_for(letters: str, number: int) -> re.Pattern[str]:
    """What a page's name (:func:`page_name`) opens with when the page is the record of
    ``letters`` and ``number``: them, a separator or none between, zeros before the number
    or not, then a separator or the name's end (``eip-1559``, ``A27-xds-...``, ``a6``);
    case aside."""
    return re.compile(rf"{re.escape(letters)}[-_ ]?0*{number}(?=[-_. ]|$)", re.IGNORECASE)


def number_of(path: str) -> int | None:
    """The record number a file name carries (``0012-x.md``, ``ADR012-x.md`` -> 12), or
    for a record that opens a folder of its own, the folder's name
    (``keps/sig-cli/859-kubectl-headers/README.md``, or a link to that folder -> 859); a
    day is none (``20241206-oci.md``, ``2025-07-22-x.md``: not the 2025th record)."""
    stem = page_name(path)
    own = stem == posixpath.basename(path.rstrip("/")).rsplit(".", 1)[0]
    if not own and _FOLDER_NUMBER().match(stem) is None:  # "docs/1.0/README.md": a version's
        return None
    match = _NAME_NUMBER().match(stem)
    if match is None or DAY_DIGITS.match(stem, match.start(1)):
        return None
    return int(match.group(1))


def dated(path: str) -> bool:
    """Whether a file name starts with a day: ``20241206-oci.md``, ``2025-07-22-x.md``."""
    stem = posixpath.basename(path)
    prefix = _NAME_PREFIX().match(stem)  # "rfc-20241206-x.md"
    return DAY_DIGITS.match(stem, prefix.end() if prefix else 0) is not None
