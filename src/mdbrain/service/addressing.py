"""Turn what a person types (an id, a folder, a file path) into a document id or prefix.

Programs name documents by id from the knowledge root (``securite/mfa.md``);
people at a shell also name them as file paths from where they stand
(``docs/securite/mfa.md``, or absolute). Paths are understood only when the
caller says where it stands (``cwd``): a library or MCP call never falls back
on the process's working directory. Whatever the form, the result is checked
by :mod:`mdbrain.core.ids` and must lie inside the root.
"""

from __future__ import annotations

import difflib
import os
import posixpath
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from mdbrain.core import fields, ids, links
from mdbrain.core.errors import InvalidRequestError, NotFoundError, OutsideBaseError, UsageError
from mdbrain.store import files

if TYPE_CHECKING:
    from mdbrain.core.manifest import Manifest

SUGGESTED = 5  # documents a failed lookup names at most


def inside(root: Path, path: Path) -> str | None:
    """``path`` as a posix path from ``root`` ('' for the root or a folder holding it), or None."""
    for base, full in (
        (os.path.abspath(root), os.path.abspath(path)),
        (os.path.realpath(root), os.path.realpath(path)),
    ):
        try:
            common = os.path.commonpath([base, full])
        except ValueError:  # another drive on Windows
            continue
        if common == base:
            rel = os.path.relpath(full, base)
            return "" if rel == "." else Path(rel).as_posix()
        if common == full:
            return ""  # a folder holding the whole root
    return None


def _typed(value: object, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidRequestError(f"{field} must be a non-empty text", field=field)
    if "\0" in value:
        raise InvalidRequestError(f"{field} holds a NUL character", field=field)
    return value


def scope(root: Path, cwd: Path | None, value: str) -> str | None:
    """The id prefix ``value`` names (a document or a theme), or None for the whole base.

    With ``cwd``, ``value`` may also be a path from there. Raises an error for a
    path outside the root, or a name that is neither a path under the root nor
    an id in it.
    """
    value = _typed(value, "scope")
    outside = False
    if cwd is not None:
        given = files.expand_user(value)
        path = given if given.is_absolute() else cwd / given
        if os.path.lexists(path):
            rel = inside(root, path)
            if rel is not None:
                return rel or None
            # the project's own specs/ beside the imported pages under docs/specs/: an id
            # of the base is what was meant when there is one
            outside = True
        elif given.is_absolute():  # no id can be absolute: a path, and nothing is there
            raise InvalidRequestError(f"{value}: no such file or folder", field="scope")
    try:
        name = ids.theme(value.strip().rstrip("/"), field="scope")
    except UsageError:
        if not outside:
            raise
        name = ""  # "../elsewhere": no id could be written so
    if (name or not outside) and os.path.lexists(root / name):
        return name
    if outside:
        raise OutsideBaseError(
            f"{value} is outside the knowledge root {root}", value=value, field="scope"
        )
    raise InvalidRequestError(
        f"{value!r} is no path under the knowledge root {root}, nor a document or theme in it",
        field="scope",
    )


def document(root: Path, cwd: Path, value: str, *, field: str = "doc") -> str:
    """A document id (existing or to be) from an id or a file path under the root."""
    value = _typed(value, field)
    given = files.expand_user(value)
    path = given if given.is_absolute() else cwd / given
    # a file path when it is no id of the base and lands inside the root from here, its
    # folders made or not: "mv docs/a.md docs/new/a.md" from the project names docs/new/
    if given.is_absolute() or not os.path.lexists(root / value):
        rel = inside(root, path)
        if rel:
            return ids.doc_id(rel, field=field)
        if given.is_absolute():
            raise OutsideBaseError(
                f"{value} is outside the knowledge root {root}", value=value, field=field
            )
    return ids.doc_id(value, field=field)


def named(
    found: Manifest,
    value: str,
    *,
    field: str = "doc",
    moved: Callable[[str], str] | None = None,
) -> str:
    """The id of the document ``value`` names in ``found``: its id, with or without its
    ``.md``; else the one document imported from the page at that path (``sources``: a
    page keeps the name it had, such as ``reference/7.5/ForEach-Object.md``); else the
    one record it names by its series and number or by its folder's name
    (:func:`_records_named`). Else the
    request fails naming first the document git saw it renamed to (``moved``: an id to
    the id it was moved to, or ''), then the documents whose file name or title reads
    like it, or whose id is spelt close to it."""
    value = _typed(value, field)
    invalid: UsageError | None = None
    try:
        doc_id = ids.doc_id(value, field=field)
    except UsageError as exc:
        doc_id, invalid = "", exc
    if doc_id and found.get(doc_id) is not None:
        return doc_id
    bare = value.strip().removeprefix("./")
    if not doc_id and found.get(f"{bare}.md") is not None:  # the name without its suffix
        return f"{bare}.md"
    path = value.strip().replace("\\", "/")
    wanted = path.removeprefix("./").casefold()
    # the page's name with or without its suffix: "show FAQ" as "show FAQ.md"
    bare_wanted = "." not in posixpath.basename(wanted)

    def names_source(source: str) -> bool:
        given = source.removeprefix("./").casefold()
        if bare_wanted and given.endswith(links.DOC_SUFFIXES):
            given = given.rsplit(".", 1)[0]
        return given == wanted

    imported = [
        e.id for e in found.entries if any(map(names_source, fields.strings(e.meta, "sources")))
    ]
    if len(imported) == 1:
        return imported[0]
    records = _records_named(found, path)
    if len(records) == 1:
        return records[0]
    named_so = _file_named(found, wanted)
    if len(named_so) == 1:
        return named_so[0]
    like = imported or records or named_so or _alike(found, path)
    now = moved(doc_id) if moved is not None and doc_id else ""
    if now and found.get(now) is not None:
        like = [now, *(d for d in like if d != now)]
    if invalid is not None and not like:
        raise invalid
    if not like:  # a slip of the keyboard: "concepts/metrc-types.md"
        like = _spelt_like(found, path.removeprefix("./"))
    said = f"; did you mean {', '.join(like[:SUGGESTED])}?" if like else ""
    if now and like[:1] == [now]:
        said = f"; git saw it moved to {now}" + (
            f" (also like it: {', '.join(like[1:SUGGESTED])})" if like[1:] else ""
        )
    raise NotFoundError(f"{value} is not a document of this base{said}", doc=doc_id or value)


def _file_named(found: Manifest, wanted: str) -> list[str]:
    """The documents whose file is named ``wanted`` (case folded), with or without its
    ``.md``, when it names no folder: ``show publier-un-jeu-de-donnees`` asked "did you
    mean articles/jeux-de-donnees/publier-un-jeu-de-donnees.md?", the one document so
    named (etalab/doc.data.gouv.fr)."""
    if "/" in wanted or not wanted:
        return []
    stem = wanted.removesuffix(".md")
    return [e.id for e in found.entries if posixpath.basename(e.id)[:-3].casefold() == stem]


_FOLDER_PAGES = frozenset({"readme", "index", "_index", "home"})  # home: import's index.md
_BARE_NUMBER = re.compile(r"#?(\d{1,7})")
# a record's letters and number as a project writes them: "A6", "L74", "P5" (grpc/proposal)
_LETTERED = re.compile(r"([A-Za-z]{1,4})[-_ ]?(\d{1,5})")


def _records_named(found: Manifest, value: str) -> list[str]:
    """The documents ``value`` names as a record (``KEP-859``, ``ADR 11``: its series
    and number; ``24`` or ``#24``: its number alone, in whatever series, ``adr/0015`` in
    that folder; ``A6``: the letters and number its file name opens with) or by the name
    of the folder it is the page of (``859-kubectl-headers`` for
    ``keps/sig-cli/859-kubectl-headers/readme.md``), a path telling apart folders of
    one name. kubernetes/enhancements: every KEP is a ``readme.md``, and ``show
    KEP-859`` was no document id."""
    from mdbrain.core import record_names, text

    folder, _slash, last = value.strip().rstrip("/").rpartition("/")
    bare = _BARE_NUMBER.fullmatch(last)
    if bare is not None:  # "show 24" in a decision log: the records numbered 24
        number = int(bare.group(1))
        numbered = [e.id for e in found.entries if record_names.number_of(e.id) == number]
        if folder:  # "adr/0015": those of that folder (home-assistant/architecture)
            inside = folder.strip("./").casefold()
            numbered = [d for d in numbered if posixpath.dirname(d).casefold() == inside]
        return numbered
    lettered = _LETTERED.fullmatch(value.strip())
    if lettered is not None:  # "A6": the page named for it (grpc/proposal's a6-client-retries.md)
        letters, number = lettered.group(1), int(lettered.group(2))
        own = record_names.named_for(letters, number)
        pages = [e.id for e in found.entries if own.match(record_names.page_name(e.id))]
        if pages:
            return pages
    named = text.records_named(value)
    if len(named) == 1:
        ((series, number),) = named
        return [
            e.id
            for e in found.entries
            if record_names.number_of(e.id) == number
            and (series in e.id.casefold() or e.type == "decision")
        ]
    name = value.rstrip("/").rsplit("/", 1)[-1].casefold()
    if not name or "." in name:
        return []
    holders = [
        e.id
        for e in found.entries
        if posixpath.basename(e.id).rsplit(".", 1)[0].casefold() in _FOLDER_PAGES
        and posixpath.basename(posixpath.dirname(e.id)).casefold() == name
    ]
    folder = value.strip().rstrip("/").casefold()
    if len(holders) > 1:  # a path names one of them
        holders = [h for h in holders if posixpath.dirname(h).casefold().endswith(folder)]
    return holders


def _spelt_like(found: Manifest, path: str) -> list[str]:
    """The ids spelt close to ``path``; else those whose file name is spelt close to its
    file name, in whatever folder ("tutorial/pasword.md" for tutorial/options/password.md)."""
    close = difflib.get_close_matches(path, found.by_id, SUGGESTED, 0.85)
    if close:
        return close
    names: dict[str, list[str]] = {}
    for doc_id in found.by_id:
        names.setdefault(posixpath.basename(doc_id), []).append(doc_id)
    wanted = posixpath.basename(path)
    spelt = difflib.get_close_matches(wanted, names, SUGGESTED, 0.85) if len(wanted) > 4 else []
    return [doc_id for name in spelt for doc_id in sorted(names[name])][:SUGGESTED]


def _alike(found: Manifest, path: str) -> list[str]:
    """The documents whose file name or title is the name ``path`` ends on, letters and
    digits alone compared: ``ForEach-Object`` finds ``for-each-object.md``."""
    from mdbrain.core import conversion

    stem = conversion.page_stem(posixpath.basename(path.rstrip("/")))
    key = _bare(stem)
    if not key:
        return []
    # each file name's stem once: a base of ten thousand pages answers a miss in a blink
    stems = [(e, conversion.page_stem(posixpath.basename(e.id))) for e in found.entries]
    same = [e.id for e, name in stems if _bare(name) == key or _bare(e.title) == key]
    if same:
        return same
    # else the names holding it as whole words: "nll" finds 2094-nll.md
    words = _words(stem)
    named = [(e.id, _words(name)) for e, name in stems]
    held = [doc_id for doc_id, name in named if _holds(name, words)]
    if held or not words or not words[0].isdigit():
        return held
    # a record's name under another number: "0004-GPIO.md" asked, 0019-gpio.md there
    rest = words[1:]
    return [doc_id for doc_id, name in named if rest and name[1:] == rest]


_NOT_ALNUM = re.compile(r"[\W_]+")  # what str.isalnum refuses: \w is it and the underscore


def _bare(text: str) -> str:
    """``text`` casefolded, letters and digits alone."""
    return _NOT_ALNUM.sub("", text.casefold())


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[\W_]+", name.casefold()) if w]


def _holds(name: list[str], words: list[str]) -> bool:
    """Whether ``words`` follow one another somewhere in ``name``."""
    size = len(words)
    return size > 0 and any(name[i : i + size] == words for i in range(len(name) - size + 1))
