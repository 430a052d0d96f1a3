"""The records of a plan of drafts for ``init --scan``, and the reading they start from.

:func:`read_project` turns a project's file list and the texts read into a
:class:`Project`: each file's kind, the facts of its code, tests and
infrastructure, the files set aside (examples, vendored and generated code,
test data), in the language the drafts are written in. The planners
(:mod:`mdbrain.service.drafting`, :mod:`mdbrain.core.digest`) turn it into
:class:`Theme` and :class:`Draft` records.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from dataclasses import dataclass
from typing import Final

from mdbrain.core import codemap, infrastructure, markdown, sections
from mdbrain.core.facts import FileFacts
from mdbrain.core.wording import Words, words

MAX_RELATED = 8  # documents a draft lists in `related`
MAX_SECTIONS = 60  # files a draft gives a section each; the others are named


@dataclass(frozen=True, slots=True)
class Theme:
    slug: str
    title: str


@dataclass(frozen=True, slots=True)
class Draft:
    id: str
    title: str
    summary: str
    type: str
    tags: tuple[str, ...]
    impl_refs: tuple[str, ...]
    sources: tuple[str, ...]
    body: tuple[str, ...]  # Markdown lines between the note and the related links
    links: tuple[tuple[str, str], ...] = ()  # (text, target)
    priority: str = "p2"
    related: tuple[str, ...] = ()  # ids of documents of the base


@dataclass(frozen=True, slots=True)
class Project:
    """What a plan reads from: the files, their kinds and facts, in one language."""

    files: list[str]
    texts: dict[str, str]
    kinds: dict[str, str]
    facts: dict[str, FileFacts]  # code and tests
    infra: dict[str, FileFacts]
    categories: dict[str, str]  # infrastructure file -> terraform, container, ci, shell
    aside: dict[str, str]  # file -> the folder that sets it aside
    w: Words
    # the folders of documents, whose READMEs sum up none of their code
    # (:func:`sections.pages_folders`)
    documents: frozenset[str] = frozenset()


def read_project(files: list[str], texts: dict[str, str], lang: str) -> Project:
    """Kinds and facts of every file, their docs as a draft may quote them
    (:func:`quotable`); a file without a suffix is code or a shell script when its ``#!``
    line says so."""
    scripts = {
        p: found
        for p, t in texts.items()
        if not codemap.language_of(p) and (found := codemap.script_language(t))
    }
    pages = codemap.page_folders(files)  # MDN's regexp/test/: a page, no tests
    kinds = {f: codemap.kind_of(f, pages) for f in files}
    categories = {f: codemap.infra_category(f) for f in files if kinds[f] == "infra"}
    for path, found in scripts.items():
        if kinds.get(path) in ("other", "doc") and found in codemap.READ_LANGUAGES:
            kinds[path] = "code"
        elif kinds.get(path) in ("other", "doc"):
            kinds[path], categories[path] = "infra", "shell"
    aside = {f: why for f in files if (why := codemap.set_aside(f, pages))}
    aside.update((p, p) for p, t in texts.items() if p not in aside and codemap.generated_code(t))
    facts = {
        p: _quotable_doc(codemap.source_facts(p, t, scripts.get(p, "")))
        for p, t in texts.items()
        if kinds.get(p) in ("code", "test")
        and (scripts.get(p) or codemap.language_of(p)) in codemap.READ_LANGUAGES
        and (p not in aside or kinds[p] == "test")
    }
    infra = {
        p: _quotable_doc(infrastructure.infra_facts(p, t, categories[p]))
        for p, t in texts.items()
        if p in categories and p not in aside
    }
    documents = sections.pages_folders(files)
    return Project(files, texts, kinds, facts, infra, categories, aside, words(lang), documents)


# a line git writes around the two sides of a conflict: "<<<<<<< CURRENT", "=======",
# ">>>>>>> UPDATED" (as the check reads them, :func:`mdbrain.core.manifest.conflict_line`)
_CONFLICT_MARK: Final = re.compile(r"^ {0,3}(?:<{7}|>{7}|={7}[ \t\r]*$)")
# the underline of a setext heading, below a line of text: "=====", "-----"
_UNDERLINE: Final = re.compile(r"^ {0,3}(?:=+|-+)[ \t\r]*$")


def quotable(doc: str) -> str:
    """``doc`` as a draft may quote it and keep its own Markdown whole.

    A line git would take for a conflict marker is escaped, in code blocks too (a draft
    quotes a doc's first lines only, and may cut a block open): Zed's zeta_prompt.rs
    shows its prompts' ``<<<<<<< CURRENT``, ``=======`` and ``>>>>>>> UPDATED``, and its
    draft, quoting them as they were, failed the check with E010. The underline of a
    setext heading outside code is left out, its title kept as a line of its own: a
    ``=======`` or ``----------`` below a line of text made a heading of it among the
    draft's own sections.
    """
    lines = doc.split("\n")
    outside = markdown.outside_code(lines)
    for n, line in enumerate(lines):
        if _CONFLICT_MARK.match(line):
            lines[n] = line[: len(line) - len(line.lstrip())] + "\\" + line.lstrip()
        elif n and outside[n] and lines[n - 1].strip() and _UNDERLINE.match(line):
            lines[n] = ""
    return "\n".join(lines)


def _quotable_doc(facts: FileFacts) -> FileFacts:
    """``facts`` with a doc a draft may quote (:func:`quotable`)."""
    doc = quotable(facts.doc)
    return facts if doc == facts.doc else dataclasses.replace(facts, doc=doc)


def relative(source: str, target: str) -> str:
    """A link from the document ``source`` to the document ``target`` (both ids)."""
    return posixpath.relpath(target, posixpath.dirname(source) or ".")
