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
from collections.abc import Sequence

from mdbrain.core import cells, yaml_emit

NAME = "overview.md"
ROOT_NAME = "home.md"
ROOT_SPARE = "contents.md"  # the root's overview when a page is named home.md

# (heading, summary, note) by origin and language; the summary takes {title}, {n}, {source}.
_WORDS = {
    "import": {
        "en": (
            "Imported pages",
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
            "{title}: the pages of this folder ({n}), listed so that each can be reached.",
            "Written by `mdbrain write` when a page arrived in a folder that had no overview:"
            " it lists the pages and nothing more. Say what the folder is about, or replace"
            " it with a page of your own.",
        ),
        "fr": (
            "Pages de ce dossier",
            "{title} : les pages de ce dossier ({n}), listées pour que chacune soit accessible.",
            "Écrite par `mdbrain write` quand une page est arrivée dans un dossier sans vue"
            " d'ensemble : elle recense les pages, rien de plus. Dites de quoi traite le"
            " dossier, ou remplacez-la par une page à vous.",
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
) -> str:
    """A draft overview of ``folder`` listing ``pages`` (id, title, summary); ``origin``
    is the command writing it (import or write), ``source`` what was imported."""
    words = _WORDS[origin]
    heading, summary, note = words.get(lang, words["en"])
    title = heading if not folder else f"{heading}: {folder}"
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
        f"created: {today}",
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
