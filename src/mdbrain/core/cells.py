"""Cells of Markdown tables: text made to fit one, the way every listing shows it, and
the cells of a row as a page writes it.

The derived indexes and the answers of ``query`` print rows of the same shape;
both go through here, so a summary is cut and escaped the same way in each. The
readers of a record's tables (its state, its change log) split rows here.
"""

from __future__ import annotations

import re

# the rule under a table's header, one column or more ("|---|", "| :-- | --: |")
ROW_RULE = re.compile(r"^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")


def row_cells(line: str) -> list[str]:
    """The cells of a table's row, outer pipes or none, their emphasis left out."""
    text = line.strip()
    text = text[1:] if text.startswith("|") else text
    text = text[:-1] if text.endswith("|") and not text.endswith("\\|") else text
    return [part.strip(" \t*_`") for part in text.split("|")]


def cell(value: str) -> str:
    """A value made safe for one Markdown table cell."""
    return " ".join(value.split()).replace("\\", "\\\\").replace("|", "\\|")


def clip(text: str, limit: int) -> str:
    """``text`` cut at a word boundary so that it fits ``limit`` characters, with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: max(limit - 1, 0)]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:.-—") + "…"


def first_of(items: list[str] | tuple[str, ...], most: int) -> str:
    """The first ``most`` of ``items``, joined by commas, and how many more."""
    shown = ", ".join(items[:most])
    more = len(items) - most
    return f"{shown} and {more} more" if more > 0 else shown
