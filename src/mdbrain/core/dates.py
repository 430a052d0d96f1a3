"""The dates a foreign page gives for itself, read as days.

Front matter fields of other tools (Hugo's ``date`` and ``lastmod``, Jekyll's
``date``, Microsoft Learn's ``ms.date``...), and dates written in text: ISO
(``2021-03-04``, ``2021/03/04``, with or without a time), day and month names in
English or French (``4 March 2021``, ``March 4, 2021``, ``4 mars 2021``). A page
may also state its days in its first lines (``Last updated: February 2016``, a
date under the authors' names) and in its file name (``20230905-title.md``). A
day after today is not believed. Pure: nothing here reads a file or a clock.

>>> day("Accepted on 2021-03-04")
datetime.date(2021, 3, 4)
>>> day("March 4, 2021")
datetime.date(2021, 3, 4)
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final, NamedTuple

from mdbrain.core import cells, fields, markdown

# Fields that say when a page was written, and when it last changed (lower case).
CREATED_KEYS: Final = (
    "created", "date", "publishdate", "pubdate", "published", "date_created", "creation_date",
    "created_at", "start_date", "date_started", "started",
)  # fmt: skip
UPDATED_KEYS: Final = (
    "updated", "lastmod", "last_modified", "last_modified_at", "modified", "last_update",
    "updated_at", "last_updated", "ms.date",
)  # fmt: skip
# the fields a MADR record's frontmatter holds beside its "date" (MADR 2: "deciders")
_MADR_KEYS: Final = ("decision_makers", "deciders", "consulted", "informed")
_MONTH_FIRST_KEYS: Final = frozenset({"ms.date"})  # Microsoft Learn writes MM/DD/YYYY

_MONTHS: Final = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan", "janvier", "janv"),
            ("february", "feb", "février", "fevrier", "févr", "fevr"),
            ("march", "mar", "mars"),
            ("april", "apr", "avril", "avr"),
            ("may", "mai"),
            ("june", "jun", "juin"),
            ("july", "jul", "juillet", "juil"),
            ("august", "aug", "août", "aout"),
            ("september", "sep", "sept", "septembre"),
            ("october", "oct", "octobre"),
            ("november", "nov", "novembre"),
            ("december", "dec", "décembre", "decembre", "déc"),
        ),
        start=1,
    )
    for name in names
}
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
_ISO = re.compile(r"(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)")
_DAY_MONTH = re.compile(
    rf"(?<!\d)(\d{{1,2}})(?:st|nd|rd|th|er)?\s+({_MONTH})\.?,?\s+(\d{{4}})\b", re.I
)
_MONTH_DAY = re.compile(rf"\b({_MONTH})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.I)
# 05/14/2020, 26-09-2018, 02-19-2019 (grpc/proposal writes all three): a day only where
# one of the two numbers is above 12, or where the source writes months first
_US = re.compile(r"(?<!\d)(\d{1,2})([-/])(\d{1,2})\2(\d{4})(?!\d)")
_ISO_MONTH = re.compile(r"(?<!\d)(\d{4})-(\d{1,2})(?![-\d/.])")  # 2024-01: its first day
_MONTH_YEAR = re.compile(rf"\b({_MONTH})\.?,?\s+(\d{{4}})\b", re.I)  # the first of the month
# cosmos/cosmos-sdk's records: "2019 Aug 31", and "20.08.2021" (the day first, as in Europe)
_YEAR_MONTH_DAY = re.compile(rf"(?<!\d)(\d{{4}})\s+({_MONTH})\.?\s+(\d{{1,2}})(?!\d)", re.I)
_DOTTED = re.compile(r"(?<!\d)(\d{1,2})\.(\d{1,2})\.(\d{4})(?!\d)")
_YEAR_ALONE = re.compile(r"((?:19|20)\d{2})\s*$")
# a section listing a record's changes, each after its day ("* 2019 Aug 31: first draft")
_LOG_HEADING = re.compile(
    r"^#{1,6}\s*+(?:change\s*log|changes|history|revision\s+history|historique)\s*+#*+\s*+$",
    re.I,
)

# How far down a page states its days, and the labels it states them with: the
# updated day ("Last updated:", "Mis à jour le"), else the created day ("Date:").
HEAD_LINES: Final = 30  # lines
_UPDATED_LABEL: Final = (
    r"last[ -]updated|last[ -]update|last[ -]modified|last[ -]revised|updated|modified"
    r"|derni[eè]re mise [aà] jour|derni[eè]re modification|mise? [aà] jour|modifi[ée]e?"
)
# "Creation date" whole: its "date" alone, inside the line and in lower case, is no label
# (fluxcd/flux2's RFCs: "**Creation date:** 2022-03-30" gave their last change's day)
_CREATED_LABEL: Final = (
    r"creation[ -]date|date[ -]of[ -]creation|date|created|written|cr[ée][ée]e?|r[ée]dig[ée]e?"
)
_LABEL = re.compile(
    rf"(?:^|(?<=[\s(\[|]))(?:(?P<updated>{_UPDATED_LABEL})|(?P<created>{_CREATED_LABEL}))\b"
    r"(?:\s+(?:on|le))?\s*[:：]?\s*(?:(?:on|le)\s+)?[(\[]?",
    re.I,
)
_MARKUP = re.compile(r"[*_`]")  # emphasis and code spans around a label or a day
_LEAD = re.compile(r"^[\s>|#+-]*")  # quotes, list items, table cells
_BREAK = re.compile(r"<br\s*/?>$", re.I)
_AUTHOR = re.compile(r"(?:authors?|author\(s\)|auteurs?|auteur\(s\)|by|par)\b", re.I)
_LINE_CHARS: Final = 300  # of a line, read for a day: a label and a day are near its start
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
# A file name that starts with a day: 20230905-title.md, 2023-09-05_title.md, 2023-09-05.md.
_NAME_DAY = re.compile(r"^(?:(\d{4})(\d{2})(\d{2})|(\d{4})-(\d{2})-(\d{2}))[-_.]")
_NAME_FLOOR: Final = dt.date(1970, 1, 1)  # an older "day" in a file name is a number
_BUNDLE_NAMES: Final = frozenset({"index", "_index", "readme"})  # named by their folder


def _make(year: str, month: int | str, day_: str) -> dt.date | None:
    try:
        return dt.date(int(year), int(month), int(day_))
    except ValueError:
        return None


def day(value: Any, *, month_first: bool = False, day_first: bool = False) -> dt.date | None:
    """The first day ``value`` names: a date, a date and time, or text holding one.
    ``month_first`` reads ``03/04/2021`` as the fourth of March, ``day_first`` as the 3rd
    of April, as French writes it (else it is no date); ``18/03/2022`` and ``03/18/2022``
    can be read one way only, and are."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if not isinstance(value, str):
        return None
    found: list[tuple[int, dt.date | None]] = []
    if (iso := _ISO.search(value)) is not None:
        found.append((iso.start(), _make(iso.group(1), iso.group(2), iso.group(3))))
    if (named := _DAY_MONTH.search(value)) is not None:
        month = _MONTHS[named.group(2).lower()]
        found.append((named.start(), _make(named.group(3), month, named.group(1))))
    if (named := _MONTH_DAY.search(value)) is not None:
        month = _MONTHS[named.group(1).lower()]
        found.append((named.start(), _make(named.group(3), month, named.group(2))))
    if (named := _YEAR_MONTH_DAY.search(value)) is not None:
        month = _MONTHS[named.group(2).lower()]
        found.append((named.start(), _make(named.group(1), month, named.group(3))))
    if (dotted := _DOTTED.search(value)) is not None:
        found.append((dotted.start(), _make(dotted.group(3), dotted.group(2), dotted.group(1))))
    if (us := _US.search(value)) is not None:
        found.append((us.start(), _numeric(us, month_first=month_first, day_first=day_first)))
    days = [d for _at, d in sorted(found, key=lambda pair: pair[0]) if d is not None]
    return days[0] if days else None


def _numeric(
    found: re.Match[str], *, month_first: bool = False, day_first: bool = False
) -> dt.date | None:
    """The day of a match of :data:`_US`, when it can be read one way only (or the
    source writes months first, or days first)."""
    first, second, year = int(found.group(1)), int(found.group(3)), found.group(4)
    if first > 12 or (day_first and second <= 12):  # 18/03/2022: the 18th of March
        return _make(year, second, str(first))
    if month_first or second > 12:  # 03/18/2022 can only be March
        return _make(year, first, str(second))
    return None


_Found = Callable[[re.Match[str]], dt.date | None]
# the forms a day is written in, tried in this order at the start of a text
_LEADING: Final[tuple[tuple[re.Pattern[str], _Found], ...]] = (
    (_ISO, lambda m: _make(m.group(1), m.group(2), m.group(3))),
    (_DAY_MONTH, lambda m: _make(m.group(3), _MONTHS[m.group(2).lower()], m.group(1))),
    (_MONTH_DAY, lambda m: _make(m.group(3), _MONTHS[m.group(1).lower()], m.group(2))),
    (_YEAR_MONTH_DAY, lambda m: _make(m.group(1), _MONTHS[m.group(2).lower()], m.group(3))),
    (_DOTTED, lambda m: _make(m.group(3), m.group(2), m.group(1))),
    (_US, _numeric),
    (_MONTH_YEAR, lambda m: _make(m.group(2), _MONTHS[m.group(1).lower()], "1")),
    (_ISO_MONTH, lambda m: _make(m.group(1), m.group(2), "1")),
    # a year alone, all there is after a label: its first day (golang/proposal's "Date:
    # 2014" took the day the file was copied into the repository, in 2022)
    (_YEAR_ALONE, lambda m: _make(m.group(1), 1, "1")),
)


def _leading(text: str) -> tuple[dt.date | None, int]:
    """The day ``text`` starts with, a month and year being its first day, and where
    it ends; ``(None, 0)`` when it starts with none."""
    for pattern, made in _LEADING:
        if (found := pattern.match(text)) is not None:
            return made(found), found.end()
    return None, 0


class Stated(NamedTuple):
    """The days a page's text states: when it was written, when it last changed."""

    created: tuple[dt.date, ...]
    updated: tuple[dt.date, ...]


def _head(body: str) -> Iterable[str]:
    """The first ``HEAD_LINES`` lines of ``body``, those in code fences left out, and its
    HTML comments (a template's example of a change log is no change)."""
    fence = ""
    for whole in markdown.without_comments(body, " ").splitlines()[:HEAD_LINES]:
        line = whole[:_LINE_CHARS]
        if (mark := _FENCE.match(line)) is not None:
            if not fence:
                fence = mark.group(1)
            elif fence == mark.group(1):
                fence = ""
            continue
        if not fence:
            yield line


def _bare(line: str) -> str:
    """``line`` without the marks around what it says: emphasis, code spans, quote and
    list marks at its start; line breaks and a full stop at its end."""
    text = _LEAD.sub("", _MARKUP.sub("", line), count=1)
    while True:
        stripped = _BREAK.sub("", text.rstrip().rstrip("\\."))
        if stripped == text:
            return text
        text = stripped


def _breaks(line: str) -> bool:
    """Whether ``line`` ends with a Markdown line break (a backslash, two spaces, <br>)."""
    return line.endswith(("\\", "  ")) or _BREAK.search(line.rstrip()) is not None


# the columns beside a column of days that make a table a change log (nats-io's ADRs:
# "| Revision | Date | Author | Info |", one row per change)
_LOG_COLUMNS: Final = frozenset(
    {"revision", "rev", "version", "change", "changes", "description", "info", "summary",
     "notes", "comment", "comments", "what", "révision", "modification", "modifications"}
)  # fmt: skip
_DAY_COLUMNS: Final = frozenset({"date", "day", "when", "jour"})


def _log_tables(lines: list[str], today: dt.date) -> tuple[list[dt.date], set[int]]:
    """The days in the rows of the change log tables among ``lines`` (each row a change,
    see :func:`_log_column`), and the numbers of those tables' lines."""
    days: list[dt.date] = []
    taken: set[int] = set()
    in_log = False
    column = -1  # the column of days of the table being read, or -1
    for number, line in enumerate(lines):
        row = cells.row_cells(line) if "|" in line else []
        if column >= 0 and row:
            taken.add(number)
            found, _end = _leading(row[column]) if column < len(row) else (None, 0)
            if found is not None and found <= today:
                days.append(found)
            continue
        column = -1
        if line.lstrip().startswith("#"):
            in_log = _LOG_HEADING.match(line.strip()) is not None
        elif row and number + 1 < len(lines) and cells.ROW_RULE.match(lines[number + 1]):
            column = _log_column(row, in_log)
            if column >= 0:
                taken.update((number, number + 1))
    return days, taken


def _log_column(header: list[str], in_log: bool) -> int:
    """The column of days of a table with this ``header`` when the table is a change log
    (a column of days beside one saying what changed, or any table under a change log's
    heading), else -1."""
    names = [" ".join(cell.lower().split()) for cell in header]
    days = next((n for n, name in enumerate(names) if name in _DAY_COLUMNS), -1)
    if days >= 0 and (in_log or any(name in _LOG_COLUMNS for name in names)):
        return days
    return -1


# the day an item of a change log gives after what changed: "[approved](url) (2023-12-09)",
# "original - approved 2023-01-03"
_LAST_DAY = re.compile(r"(?:\(([^()\n]{4,40})\)|[-–—:,]\s*([^-–—:,()\n]{4,40}))\s*$")


def _item_day(line: str) -> dt.date | None:
    """The day an item of a change log gives: before what changed (``* 2019 Aug 31:
    first draft``), or after it, in brackets or after a dash (edgex-docs' ADRs)."""
    bare = _bare(line)
    found, _end = _leading(bare)
    if found is not None:
        return found
    last = _LAST_DAY.search(bare)
    if last is None:
        return None
    text = (last.group(1) or last.group(2)).strip()
    found, end = _leading(text)
    return found if end == len(text) else None


def log_items(body: str) -> list[tuple[str, dt.date | None]]:
    """The items of the change log sections among the first lines of ``body``, each as
    written (its sub-items left out) with the day it gives, in their order."""
    out: list[tuple[str, dt.date | None]] = []
    in_log = False
    depth = -1  # the indent of the section's first item: deeper ones are its sub-items
    for line in _head(body):
        if line.lstrip().startswith("#"):
            in_log, depth = _LOG_HEADING.match(line.strip()) is not None, -1
        elif in_log and _ITEM.match(line):
            indent = len(line) - len(line.lstrip())
            depth = indent if depth < 0 else depth
            if indent <= depth:
                out.append((line.strip(), _item_day(line)))
    return out


_ITEM = re.compile(r" {0,3}(?:[-*+]|\d{1,9}[.)])\s+\S")


def in_text(body: str, today: dt.date) -> Stated:
    """The days the first lines of ``body`` state, in their order: after a label
    (``Last updated: February 2016``, ``Created: 2011-01-01``, ``Mis à jour le 4 mars
    2021``), or alone on a line under an author line ending in a line break (``Russ
    Cox\\`` then ``August 27, 2018``), which is when the page was written; and the
    items of a changelog section, each after its day (``* 2019 Aug 31: first draft``),
    the first when it was written and the last when it changed, as are the rows of a
    change log table (a column of days beside one saying what changed). A label inside
    a line must be capitalised, as labels are; prose is not read.

    >>> in_text("Author: Rob\\nLast updated: February 2016", dt.date(2026, 1, 1)).updated
    (datetime.date(2016, 2, 1),)
    """
    created: list[dt.date] = []
    updated: list[dt.date] = []
    logged: list[dt.date] = []  # the days of a changelog's items: first written, last changed
    in_log = False
    previous = ""
    lines = list(_head(body))
    tabled, tables = _log_tables(lines, today)  # the days of change log tables' rows
    for number, line in enumerate(lines):
        if number in tables:
            continue
        if line.lstrip().startswith("#"):
            in_log = _LOG_HEADING.match(line.strip()) is not None
        elif in_log:
            found = _item_day(line)
            if found is not None and found <= today:
                logged.append(found)
            continue
        text = _LEAD.sub("", _MARKUP.sub("", line), count=1)
        for label in _LABEL.finditer(text):
            word = label.group("updated") or label.group("created")
            if label.start() > 0 and not word[0].isupper():
                continue
            found, _end = _leading(text[label.end() :])
            if found is not None and found <= today:
                (updated if label.group("updated") else created).append(found)
                break
        else:
            alone = _bare(line)
            found, end = _leading(alone)
            after_author = _breaks(previous) or _AUTHOR.match(_bare(previous)) is not None
            if found is not None and end == len(alone) and found <= today and after_author:
                created.append(found)
        previous = line if not line.lstrip().startswith("#") else ""
    if logged:
        created.append(min(logged))
        updated += [max(logged)] if max(logged) > min(logged) else []
    if tabled:  # its first row may be the page's first version, or a later change
        created.append(min(tabled))
        updated.append(max(tabled))
    return Stated(tuple(created), tuple(updated))


def in_name(path: str, today: dt.date) -> dt.date | None:
    """The day the file name in ``path`` starts with (``20230905-title.md``,
    ``2023-09-05-title.md``, ``2023-09-05.md``), its folder's for an ``index.md`` or a
    ``README.md``; None for a number that is no real day, such as an ADR's ``0001-``.

    >>> in_name("rfc/20230905-provider-gpgkey-missing.md", dt.date(2026, 1, 1))
    datetime.date(2023, 9, 5)
    """
    parts = [p for p in path.replace("\\", "/").split("/") if p]
    if len(parts) > 1 and parts[-1].rsplit(".", 1)[0].lower() in _BUNDLE_NAMES:
        parts.pop()
    named = _NAME_DAY.match(parts[-1]) if parts else None
    if named is None:
        return None
    year, month, day_ = (g for g in named.groups() if g is not None)
    found = _make(year, month, day_)
    return found if found is not None and _NAME_FLOOR <= found <= today else None


def _field_days(meta: Mapping[str, Any], keys: Iterable[str], today: dt.date) -> list[dt.date]:
    days = (day(value, month_first=key in _MONTH_FIRST_KEYS) for key, value in _fields(meta, keys))
    return [d for d in days if d is not None and d <= today]


def _fields(meta: Mapping[str, Any], keys: Iterable[str]) -> Iterator[tuple[str, Any]]:
    """The values of ``keys`` in ``meta``, its names read in lower case with hyphens and
    spaces as underscores (``creation-date`` and aws/aws-cdk-rfcs' ``start date`` are
    ``creation_date`` and ``start_date``)."""
    lowered = {fields.key_name(k): v for k, v in meta.items()}
    return ((key, lowered[key]) for key in keys if key in lowered)


def as_meant(meta: Mapping[str, Any]) -> Mapping[str, Any]:
    """``meta`` with a MADR record's ``date`` read as the day it was last updated, as its
    template says ("when the decision was last updated"): a record that names its
    ``decision-makers`` (``deciders``), ``consulted`` or ``informed`` was dated created
    on it (adr/madr's 0008, written in 2018, dated 2024-03-12)."""
    if next(_fields(meta, _MADR_KEYS), None) is None:
        return meta
    return {"last_updated" if str(k).lower() == "date" else k: v for k, v in meta.items()}


def field_day(meta: Mapping[str, Any], keys: Iterable[str] = CREATED_KEYS) -> dt.date | None:
    """The first day the fields ``keys`` of ``meta`` give, in their order."""
    for key, value in _fields(meta, keys):
        found = day(value, month_first=key in _MONTH_FIRST_KEYS)
        if found is not None:
            return found
    return None


def of_page(
    meta: Mapping[str, Any],
    stated: Iterable[dt.date | None],
    today: dt.date,
    *,
    body: str = "",
    path: str = "",
    known: Callable[[], tuple[dt.date, dt.date] | None] | None = None,
) -> tuple[dt.date, dt.date] | None:
    """``(created, updated)`` from what the page says of itself, or None when it says
    nothing; days after ``today`` are left out. The sources, most trusted first: its
    fields and the days its text states as a record (a record's ``Date:`` line),
    which count as one source; the days its first lines state (``body``, see
    ``in_text``); the day its file name starts with (``path``, see ``in_name``).

    created comes from the first source that gives a created day, updated from the
    first that gives an updated day. When both come from one source, or only one
    source says anything, created is the earliest of its days and updated the latest
    (a single day is both); but a page that says only when it was last updated was
    written on the first day ``known`` gives (git's, asked only then), when that is
    earlier (grpc/proposal's "Last updated: 2024-08-23" on a proposal of 2017), and one
    that says only when it was written last changed on the last day ``known`` gives,
    when that is later (reactjs/rfcs' Server Components: "Start Date: 2020-12-21",
    changed in 2023). When
    they come from two sources and disagree (created after updated), the more trusted
    source's day is both; so is the created day of one source that gives it after its
    updated day when the file name starts with that very day (a slip in the other).
    The fields are read as they are meant (:func:`as_meant`)."""
    meta = as_meant(meta)
    fields_created = [d for d in stated if d is not None and d <= today]
    fields_created += _field_days(meta, CREATED_KEYS, today)
    written = in_text(body, today) if body else Stated((), ())
    named = in_name(path, today) if path else None
    sources: list[tuple[list[dt.date], list[dt.date]]] = [
        (fields_created, _field_days(meta, UPDATED_KEYS, today)),
        (list(written.created), list(written.updated)),
        ([named] if named is not None else [], []),
    ]
    silent = len(sources)  # no source gives that day
    by_created = next((n for n, (made, _) in enumerate(sources) if made), silent)
    by_updated = next((n for n, (_, changed) in enumerate(sources) if changed), silent)
    if by_created == by_updated == silent:
        return None
    if silent in (by_created, by_updated) or by_created == by_updated:
        made, changed = sources[min(by_created, by_updated)]
        if made and changed and min(made) > max(changed) and named == min(made):
            # "created: 2019-10-15" over "last updated: 2018-10-23", in a file named for
            # that first day: the other is a slip, and the swap hid it (bazelbuild/proposals)
            return min(made), min(made)
        every = made + changed
        first, last = min(every), max(every)
        if silent in (by_created, by_updated) and known is not None:
            found = known()
            if found is not None and by_created == silent:
                first = min(first, found[0])  # said when it changed, not when it was written
            elif found is not None:
                last = max(last, found[1])  # said when it was written, not when it changed
        return first, last
    created = min(sources[by_created][0])
    updated = max(sources[by_updated][1])
    if created <= updated:
        return created, updated
    trusted = created if by_created < by_updated else updated
    return trusted, trusted
