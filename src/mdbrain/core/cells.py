"""Text made to fit one cell of a Markdown table, the way every listing shows it.

The derived indexes and the answers of ``query`` print rows of the same shape;
both go through here, so a summary is cut and escaped the same way in each.
"""

from __future__ import annotations


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
