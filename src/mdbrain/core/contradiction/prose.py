"""Markdown to sentences: paragraphs, list items, headings and table cells, without
code blocks, images, link targets, URLs, tags or emphasis marks, cut into sentences of
at most :data:`~mdbrain.core.contradiction.limits.MAX_SENTENCE` characters."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from mdbrain.core.contradiction.limits import MAX_SENTENCE, MAX_TEXT
from mdbrain.core.text import fold

_IMAGE = re.compile(r"!\[[^\]\n]{0,200}+\]\([^)\n]{0,300}+\)")
_LINK = re.compile(r"\[([^\]\n]{0,200}+)\]\([^)\n]{0,300}+\)")
_REF_LINK = re.compile(r"\[([^\]\n]{0,200}+)\]\[[^\]\n]{0,100}+\]")
_URL = re.compile(r"<?https?://[^\s<>]{1,2000}>?")
_TAG = re.compile(r"</?[A-Za-z][^<>\n]{0,300}>")
_TEMPLATE = re.compile(r"\{[{%][^\n{}]{0,500}[}%]\}")
_EMPHASIS = re.compile(r"\*\*|__")
_ITEM = re.compile(r"[ \t]{0,12}(?:[-*+]|\d{1,3}[.)]|#{1,6}|>)[ \t]+")
_END = re.compile(r"[.!?;]{1,5}[)\"'’»]?[ \t]+")
_ABBREVIATIONS = frozenset({"e.g", "i.e", "etc", "vs", "cf", "approx", "no", "fig", "resp"})


def _clean(line: str) -> str:
    """A line of Markdown without images, link targets, URLs, tags or emphasis marks."""
    if "](" in line or "][" in line:
        line = _IMAGE.sub(" ", line)
        line = _LINK.sub(r"\1", line)
        line = _REF_LINK.sub(r"\1", line)
    if "://" in line:
        line = _URL.sub(" ", line)
    if "<" in line:
        line = _TAG.sub(" ", line)
    if "{" in line:
        line = _TEMPLATE.sub(" ", line)
    return _EMPHASIS.sub("", line)


def _units(text: str) -> list[str]:
    """Paragraphs, list items, headings and table cells, without code blocks."""
    units: list[str] = []
    current: list[str] = []

    def close() -> None:
        if current:
            units.append(" ".join(current))
            current.clear()

    fence = ""
    for raw in text.split("\n"):
        stripped = raw.strip()
        if fence:
            fence = "" if stripped.startswith(fence) else fence
        elif stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            close()
        elif not stripped:
            close()
        elif stripped.startswith("|"):
            close()
            units.extend(cell for cell in stripped.split("|") if cell.strip(" -:"))
        elif (item := _ITEM.match(raw)) is not None:
            close()
            current.append(raw[item.end() :].strip())
        else:
            current.append(stripped)
    close()
    return units


def _split(unit: str) -> list[str]:
    """The sentences of one paragraph, each at most MAX_SENTENCE characters."""
    pieces: list[str] = []
    begin = 0
    for end in _END.finditer(unit):
        before = unit[max(begin, end.start() - 8) : end.start()].split()
        if before and unit[end.start()] == "." and fold(before[-1]) in _ABBREVIATIONS:
            continue
        pieces.append(unit[begin : end.end()].strip())
        begin = end.end()
    pieces.append(unit[begin:].strip())
    found: list[str] = []
    for piece in pieces:
        rest = piece
        while len(rest) > MAX_SENTENCE:
            cut = rest.rfind(" ", 0, MAX_SENTENCE)
            cut = cut if cut > MAX_SENTENCE // 2 else MAX_SENTENCE
            found.append(rest[:cut].strip())
            rest = rest[cut:].strip()
        if rest:
            found.append(rest)
    return found


def iter_sentences(text: str) -> Iterator[str]:
    """The sentences of a Markdown text, one at a time; a paragraph is cleaned in
    pieces of at most 20 x MAX_SENTENCE characters, cut between words."""
    text = unicodedata.normalize("NFC", text[:MAX_TEXT])
    size = 20 * MAX_SENTENCE
    for unit in _units(text):
        rest = unit
        while rest:
            cut = len(rest) if len(rest) <= size else rest.rfind(" ", size // 2, size) + 1
            cut = cut if cut > 0 else size
            yield from _split(_clean(rest[:cut]))
            rest = rest[cut:]


def sentences(text: str) -> list[str]:
    """The sentences of a Markdown text, as the detector cuts them."""
    return list(iter_sentences(text))
