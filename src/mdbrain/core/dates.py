"""The dates a foreign page gives for itself, read as days.

Front matter fields of other tools (Hugo's ``date`` and ``lastmod``, Jekyll's
``date``, Microsoft Learn's ``ms.date``...), and dates written in text: ISO
(``2021-03-04``, ``2021/03/04``, with or without a time), day and month names in
English or French (``4 March 2021``, ``March 4, 2021``, ``4 mars 2021``). A day
after today is not believed. Pure: nothing here reads a file or a clock.

>>> day("Accepted on 2021-03-04")
datetime.date(2021, 3, 4)
>>> day("March 4, 2021")
datetime.date(2021, 3, 4)
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

# Fields that say when a page was written, and when it last changed (lower case).
CREATED_KEYS: Final = (
    "created", "date", "publishdate", "pubdate", "published", "date_created", "creation_date",
    "created_at",
)  # fmt: skip
UPDATED_KEYS: Final = (
    "updated", "lastmod", "last_modified", "last_modified_at", "modified", "last_update",
    "updated_at", "ms.date",
)  # fmt: skip
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
_US = re.compile(r"(?<!\d)(\d{1,2})/(\d{1,2})/(\d{4})(?!\d)")


def _make(year: str, month: int | str, day_: str) -> dt.date | None:
    try:
        return dt.date(int(year), int(month), int(day_))
    except ValueError:
        return None


def day(value: Any, *, month_first: bool = False) -> dt.date | None:
    """The first day ``value`` names: a date, a date and time, or text holding one.
    ``month_first`` reads ``03/04/2021`` as the fourth of March (else it is no date)."""
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
    if month_first and (us := _US.search(value)) is not None:
        found.append((us.start(), _make(us.group(3), us.group(1), us.group(2))))
    days = [d for _at, d in sorted(found, key=lambda pair: pair[0]) if d is not None]
    return days[0] if days else None


def _field_days(meta: Mapping[str, Any], keys: Iterable[str], today: dt.date) -> list[dt.date]:
    lowered = {str(k).lower(): v for k, v in meta.items()}
    days = (day(lowered.get(key), month_first=key in _MONTH_FIRST_KEYS) for key in keys)
    return [d for d in days if d is not None and d <= today]


def of_page(
    meta: Mapping[str, Any], stated: Iterable[dt.date | None], today: dt.date
) -> tuple[dt.date, dt.date] | None:
    """``(created, updated)`` from the page's own fields and the days its text states
    (a record's ``Date:`` line), or None when it gives none. created is the earliest,
    updated the latest; days after ``today`` are left out."""
    written = [d for d in stated if d is not None and d <= today]
    written += _field_days(meta, CREATED_KEYS, today)
    changed = _field_days(meta, UPDATED_KEYS, today)
    every = written + changed
    if not every:
        return None
    return min(every), max(every)
