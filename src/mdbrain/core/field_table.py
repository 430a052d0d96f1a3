"""The table of fields some pages open with instead of a frontmatter.

Records written before frontmatter was a habit often carry their metadata as a
two-column table under the title (``| Status | Accepted |``, ``|Date|2020-04-30|``).
An import reads it as fields; a query leaves it out of the sections it shows once the
frontmatter holds what it says. Kept apart from :mod:`mdbrain.core.conversion` so
that a query reading such a page does not load the whole converter.
"""

from __future__ import annotations

import re
from typing import Any, Final

# A row of a table: cells between pipes ("| Status | Accepted |", "|Date|2020-04-30|").
_ROW = re.compile(r"^[ \t]*\|(.*)\|[ \t]*$")
_DELIMITER = re.compile(
    r"^[ \t]*+\|?[ \t]*+:?-{3,}:?[ \t]*+(?:\|[ \t]*+:?-{3,}:?[ \t]*+)*\|?[ \t]*$"
)
# The rows a page's metadata table may hold, and the field each becomes.
_TABLE_FIELDS: Final = {
    "status": "status", "state": "status", "date": "date", "tags": "tags",
    "keywords": "tags", "author": "author", "authors": "authors", "deciders": "deciders",
    # the records it names (see mdbrain.core.adr): "| Updates | ADR-8 |"
    "supersedes": "supersedes", "superseded by": "superseded_by", "replaces": "replaces",
    "replaced by": "replaced_by", "updates": "updates", "amends": "amends",
    "extends": "extends", "refines": "refines",
}  # fmt: skip
_HEAD_LINES: Final = 12  # a metadata table starts within this many lines of the top
# names that head a column rather than a row: a row holds a name and its value
_COLUMN_NAMES: Final = frozenset({*_TABLE_FIELDS, "created", "updated", "statut"})


def table_fields(body: str) -> dict[str, Any]:
    """The fields a page without a frontmatter gives in a two-column table at its top,
    under its title at most (``|Status|Implemented|``, ``| Date | 2020-04-30 |``): the
    rows named in :data:`_TABLE_FIELDS`, tags split at commas. Nothing when the page
    opens with prose, or the table has more than two columns."""
    return field_table(body)[0]


def field_table(body: str) -> tuple[dict[str, Any], range]:
    """:func:`table_fields`, and the lines of ``body`` (0-based) its table takes: an
    empty range when it gives none."""
    lines = body.split("\n", 64)[:64]
    start = 0
    while start < min(len(lines), _HEAD_LINES) and (
        not lines[start].strip() or lines[start].lstrip().startswith("#")
    ):
        start += 1
    out: dict[str, Any] = {}
    end = start
    for line in lines[start:]:
        row = _ROW.match(line)
        if row is None:
            break
        end += 1
        if _DELIMITER.match(line):
            continue
        cells = [cell.strip(" \t*_`:") for cell in row.group(1).split("|")]
        if len(cells) != 2 or all(cell.lower() in _COLUMN_NAMES for cell in cells):
            return {}, range(0)  # "| Status | Date |" heads columns: adr.head_table reads it
        key = _TABLE_FIELDS.get(cells[0].lower())
        if key and cells[1] and key not in out:
            out[key] = (
                [t.strip() for t in cells[1].split(",") if t.strip()] if key == "tags" else cells[1]
            )
    return out, range(start, end) if out else range(0)
