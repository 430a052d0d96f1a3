"""The draft overview that keeps the pages of a folder reachable.

A page that no document links to, in a folder without an overview page, is an
orphan (W002). ``mdbrain import`` and ``mdbrain write`` do not leave one behind:
they write a draft overview in such a folder, listing its pages as links and in
``related``, which a person completes or replaces later. At the root of the base
it is named ``home.md``: an ``overview.md`` there would be the same file as the
derived ``OVERVIEW.md`` on a disk that ignores case. When a page already holds
that name (a wiki's ``Home.md``, imported), the root's overview is ``contents.md``.
"""

from __future__ import annotations

import datetime as dt
import posixpath
import re
from collections.abc import Sequence
from dataclasses import dataclass

from mdbrain.core import cells, yaml_emit

NAME = "overview.md"
ROOT_NAME = "home.md"
ROOT_SPARE = "contents.md"  # the root's overview when a page is named home.md
NAMES = frozenset((NAME, ROOT_NAME, ROOT_SPARE))

# (heading, summary, note) by origin and language; the summary takes {title}, {n}, {source}.
_WORDS = {
    "import": {
        "en": (
            "Imported pages",
            # no word of a subject: open-policy-agent/opa's "decision logs" found every
            # overview by its "decision records aside"
            "{title}: the pages imported from {source} that no other page links to ({n}),"
            " listed so that each can be reached.",
            "Written by `mdbrain import`: it lists the imported pages of this theme that no"
            " other page links to, and nothing more. Complete it, or replace it with a page"
            " of your own.",
        ),
        "fr": (
            "Pages importées",
            "{title} : les pages importées de {source} vers lesquelles aucune autre page ne"
            " mène ({n}), listées pour que chacune soit accessible.",
            "Écrite par `mdbrain import` : elle recense les pages importées de ce thème"
            " vers lesquelles aucune autre page ne mène, rien de plus. Complétez-la, ou"
            " remplacez-la par une page à vous.",
        ),
    },
    "write": {
        "en": (
            "Pages of this folder",
            "{title}: the pages of this folder that no other page links to ({n}), listed so"
            " that each can be reached.",
            "Written by `mdbrain write` when a page arrived in a folder that had no overview:"
            " it lists the pages no other page links to, and nothing more. Say what the folder"
            " is about, or replace it with a page of your own.",
        ),
        "fr": (
            "Pages de ce dossier",
            "{title} : les pages de ce dossier vers lesquelles aucune autre page ne mène"
            " ({n}), listées pour que chacune soit accessible.",
            "Écrite par `mdbrain write` quand une page est arrivée dans un dossier sans vue"
            " d'ensemble : elle recense les pages vers lesquelles aucune autre page ne mène,"
            " rien de plus. Dites de quoi traite le dossier, ou remplacez-la par une page à"
            " vous.",
        ),
    },
}


def doc_id(folder: str) -> str:
    """The id of the overview of ``folder`` ('' for the root)."""
    return posixpath.join(folder, NAME) if folder else ROOT_NAME


def doc_ids(folder: str) -> tuple[str, ...]:
    """The ids the overview of ``folder`` may take, in the order they are tried."""
    return (doc_id(folder),) if folder else (ROOT_NAME, ROOT_SPARE)


def page(
    folder: str,
    pages: Sequence[tuple[str, str, str]],
    today: dt.date,
    lang: str,
    *,
    origin: str,
    source: str = "",
    summary_max: int = 240,
    created: dt.date | None = None,
) -> str:
    """A draft overview of ``folder`` listing ``pages`` (id, title, summary); ``origin``
    is the command writing it (import or write), ``source`` what was imported; ``today``
    its last change, ``created`` its first (``today`` when not given)."""
    words = _WORDS[origin]
    heading, summary, note = words.get(lang, words["en"])
    # French puts a space before a colon, as the summaries below do
    title = heading if not folder else f"{heading}{' :' if lang == 'fr' else ':'} {folder}"
    said = cells.clip(summary.format(title=heading, n=len(pages), source=source), summary_max)
    lines = [
        "---",
        yaml_emit.field("title", title),
        yaml_emit.field("summary", said),
        "type: overview",
        "status: draft",
        yaml_emit.field("tags", tuple(p for p in folder.split("/") if p) or ("overview",)),
        "related:",
        *(f"  - {yaml_emit.scalar(doc)}" for doc, _title, _summary in pages),
        f"created: {created or today}",
        f"updated: {today}",
        "---",
        "",
        f"# {title}",
        "",
        note,
        "",
    ]
    for doc, page_title, page_summary in pages:
        target = posixpath.relpath(doc, folder or ".")
        text = page_title.replace("[", "(").replace("]", ")")
        lines.append(f"- [{text}]({target})" + (f": {page_summary}" if page_summary else ""))
    return "\n".join(lines) + "\n"


_ITEM = re.compile(r"^- \[([^\]\n]*)\]\(([^()\s]+)\)(?:: (.*))?$", re.MULTILINE)
_DATE = r"^{}: (\d{{4}}-\d\d-\d\d)$"


@dataclass(frozen=True, slots=True)
class Listing:
    """An overview ``write`` made, read back: the pages it lists (id, title, summary),
    its language and its dates."""

    folder: str
    pages: tuple[tuple[str, str, str], ...]
    lang: str
    created: dt.date
    updated: dt.date

    def with_pages(self, more: Sequence[tuple[str, str, str]], today: dt.date) -> Listing:
        """This listing with ``more`` pages, by id, and changed ``today``."""
        pages = {doc: (doc, title, summary) for doc, title, summary in (*self.pages, *more)}
        changed = max(today, self.updated)
        return Listing(self.folder, tuple(pages[d] for d in sorted(pages)), self.lang,
                       self.created, changed)  # fmt: skip

    def text(self, summary_max: int) -> str:
        return page(self.folder, self.pages, self.updated, self.lang, origin="write",
                    summary_max=summary_max, created=self.created)  # fmt: skip


def listing(text: str, folder: str, summary_max: int) -> Listing | None:
    """``text`` read as the overview of ``folder`` that ``write`` made, when it is
    exactly that page, untouched by anyone (its list of pages aside, which it may
    hold more of); None for any other page: a person's words are never rewritten."""
    dates = []
    for key in ("created", "updated"):
        found = re.search(_DATE.format(key), text, re.MULTILINE)
        if found is None:
            return None
        try:
            dates.append(dt.date.fromisoformat(found.group(1)))
        except ValueError:
            return None
    pages = []
    for found in _ITEM.finditer(text):
        title, target, summary = found.group(1), found.group(2), found.group(3) or ""
        pages.append((posixpath.normpath(posixpath.join(folder, target)), title, summary))
    for lang in _WORDS["write"]:
        made = Listing(folder, tuple(pages), lang, dates[0], dates[1])
        if made.text(summary_max) == text:
            return made
    return None


def made_by_write(text: str) -> bool:
    """Whether ``text`` still opens the note ``write`` puts in the overview it makes, in
    any language ("Written by `mdbrain write`"): a page of its making, changed since."""
    mark = "`mdbrain write`"
    return any(
        words[2][: words[2].index(mark) + len(mark)] in text for words in _WORDS["write"].values()
    )
