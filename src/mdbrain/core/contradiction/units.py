"""Units of measure: each unit word to its kind, its base unit and its factors.

Values are normalised, so equal values written in other units never clash: 15 min
equals 900 s and a quarter of an hour; 1 MB equals 1,000,000 or 1,048,576 bytes; two
weeks equal 336 hours.
"""

from __future__ import annotations

from mdbrain.core.contradiction.vocabulary import folded_words, word_table
from mdbrain.core.text import fold

_KILO, _KIBI = 1e3, 1024.0
_SIZE_POWERS = word_table(
    (
        ("b byte bytes octet octets", 0),
        ("kb ko kilobyte kilobytes kilooctet kilooctets", 1),
        ("mb mo megabyte megabytes megaoctet megaoctets", 2),
        ("gb go gigabyte gigabytes gigaoctet gigaoctets", 3),
        ("tb to terabyte terabytes teraoctet teraoctets", 4),
    )
)
_SIZE: dict[str, tuple[float, ...]] = {
    name: (_KILO**power, _KIBI**power) if power else (1.0,) for name, power in _SIZE_POWERS.items()
}
_SIZE.update({"kib": (_KIBI,), "mib": (_KIBI**2,), "gib": (_KIBI**3,), "tib": (_KIBI**4,)})
_DURATION = word_table(
    (
        ("ns nanosecond nanoseconds nanoseconde nanosecondes", 1e-9),
        ("µs microsecond microseconds microseconde microsecondes", 1e-6),
        ("ms msec millisecond milliseconds milliseconde millisecondes", 1e-3),
        ("s sec secs second seconds seconde secondes", 1.0),
        ("min mins minute minutes", 60.0),
        ("h hr hrs hour hours heure heures", 3600.0),
        ("d j day days jour jours journee journees", 86400.0),
        ("wk wks week weeks semaine semaines", 604800.0),
        ("month months mois", 2592000.0),
        ("yr yrs year years an ans annee annees", 31536000.0),
    )
)
# word -> (kind, base unit, factor)
_OTHER: dict[str, tuple[str, str, float]] = {
    **dict.fromkeys(("%", "percent", "pourcent", "pourcents"), ("percent", "%", 1.0)),
    **{w: ("length", "m", f) for w, f in word_table((("mm", 1e-3), ("cm", 1e-2))).items()},
    **dict.fromkeys(folded_words("m metre metres meter meters"), ("length", "m", 1.0)),
    **dict.fromkeys(
        folded_words("km kilometre kilometres kilometer kilometers"), ("length", "m", 1e3)
    ),
    **{w: ("area", "m²", f) for w, f in (("m²", 1.0), ("km²", 1e6))},
    **dict.fromkeys(("ha", "hectare", "hectares"), ("area", "m²", 10000.0)),
    **{w: ("bits", "bit", f) for w, f in word_table((("bit bits", 1), ("kbit", 1e3))).items()},
    **{w: ("bits", "bit", f) for w, f in word_table((("mbit", 1e6), ("gbit", 1e9))).items()},
    **{w: ("bitrate", "bit/s", f) for w, f in word_table((("bps", 1), ("kbps", 1e3))).items()},
    **{w: ("bitrate", "bit/s", f) for w, f in word_table((("mbps", 1e6), ("gbps", 1e9))).items()},
    **{w: ("frequency", "Hz", f) for w, f in word_table((("hz", 1), ("khz", 1e3))).items()},
    **{w: ("frequency", "Hz", f) for w, f in word_table((("mhz", 1e6), ("ghz", 1e9))).items()},
    **dict.fromkeys(("px", "pixel", "pixels"), ("pixels", "px", 1.0)),
}
# Short units that are words too: a unit only when written exactly so ("2 To", not "to").
_CASED: dict[str, frozenset[str]] = {
    "b": frozenset({"B"}),
    "ko": frozenset({"Ko", "KO"}),
    "mo": frozenset({"Mo", "MO"}),
    "go": frozenset({"Go", "GO"}),
    "to": frozenset({"To", "TO"}),
    "m": frozenset({"m"}),
    "s": frozenset({"s"}),
    "h": frozenset({"h"}),
    "d": frozenset({"d"}),
    "j": frozenset({"j"}),
    "an": frozenset({"an"}),
}
_UNFOLDED = frozenset({"µs", "m²", "km²"})


def unit_of(raw: str) -> tuple[str, str, tuple[float, ...]] | None:
    """(kind, base unit, factors) of a unit word as written, or None."""
    low = raw if raw in _UNFOLDED else fold(raw)
    allowed = _CASED.get(low)
    if allowed is not None and raw not in allowed:
        return None
    if low in _SIZE:
        return ("size", "B", _SIZE[low])
    if low in _DURATION:
        return ("duration", "s", (_DURATION[low],))
    other = _OTHER.get(low)
    return None if other is None else (other[0], other[1], (other[2],))


def unit_seconds(raw: str) -> float:
    """Seconds in one unit of time written ``raw``, or 0 when it is not a unit of time."""
    unit = unit_of(raw)
    return unit[2][0] if unit is not None and unit[0] == "duration" else 0.0
