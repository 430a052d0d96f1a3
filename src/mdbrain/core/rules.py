"""The conformance rules of ``mdbrain check``: small functions with one signature.

Each rule takes a :class:`Context` and yields :class:`Finding` records. A new
rule is one function decorated with :func:`rule`; :func:`run` calls them all in
the order they were registered. Rules read the manifest and the facts the
service gathered (which impl_refs exist, which derived files are out of date);
they never touch the disk themselves.
"""

from __future__ import annotations

import datetime as dt
import posixpath
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Final

from mdbrain.core import fields, graph, schema
from mdbrain.core.findings import Finding, finding
from mdbrain.core.manifest import Entry, Manifest
from mdbrain.core.marker import Config

_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
DATE_FIELDS: Final = ("created", "updated", "reviewed")
IN_FORCE: Final = frozenset({"stable", "needs-review"})
RETIRED: Final = frozenset({"deprecated", "archived"})


@dataclass(frozen=True)
class Context:
    """Everything the rules may look at."""

    manifest: Manifest
    config: Config
    today: dt.date
    existing_refs: frozenset[str] = frozenset()  # impl_refs (anchor removed) that exist
    # impl_refs (as written) whose file exists without the symbol they name: why
    missing_symbols: Mapping[str, str] = field(default_factory=dict)
    # impl_refs (as written) naming a Go method by a name several types give one: why
    shared_names: Mapping[str, str] = field(default_factory=dict)
    # impl_ref paths that exist no more, where git saw them renamed to
    moved_refs: Mapping[str, str] = field(default_factory=dict)
    # links to files (paths from the root, Entry.files) that lead to one on disk
    existing_files: frozenset[str] = frozenset()
    # the routes above the root (Entry.routes) that lead to a file or folder of the project,
    # with or without a page's suffix, or out of it; None: not looked for, none judged
    existing_routes: frozenset[str] | None = None
    root_path: str = "."  # the root as a path from the project's folder, with /
    stale_indexes: tuple[str, ...] = ()  # derived files whose bytes differ from a fresh render
    foreign_derived: tuple[str, ...] = ()  # derived file names held by files mdbrain did not write
    marker_path: str = ".rag"  # the marker, as a path relative to the root
    derived_files: frozenset[str] = frozenset()  # names a link may point to without a document
    # the anchors each document that a link asks a section of offers (core.fragments)
    anchors: Mapping[str, frozenset[str]] = field(default_factory=dict)
    incoming: dict[str, set[str]] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        for entry in self.manifest.entries:
            targets = [t for t, _line in entry.links]
            for key in ("related", "supersedes", "superseded_by"):
                targets += entry.ids(key)
            for target in targets:
                if target != entry.id:
                    self.incoming.setdefault(target, set()).add(entry.id)


Rule = Callable[[Context], Iterable[Finding]]
RULES: list[Rule] = []


def rule(function: Rule) -> Rule:
    """Register ``function`` as a check rule."""
    RULES.append(function)
    return function


def run(context: Context, rules: Iterable[Rule] | None = None) -> list[Finding]:
    """Every finding of every rule, sorted by place."""
    found: list[Finding] = []
    for check in RULES if rules is None else rules:
        found.extend(check(context))
    return sorted(set(found), key=Finding.sort_key)


def impl_ref_path(ref: str) -> str:
    """An impl_ref without its symbol anchor (``src/a.py#func`` -> ``src/a.py``)."""
    return ref.split("#", 1)[0].strip()


def _line(entry: Entry, key: str) -> int:
    return entry.line_of(key) or 1


# --- what the scan already found -------------------------------------------------


@rule
def scan_findings(ctx: Context) -> Iterator[Finding]:
    """Files that could not be read, bad frontmatter, links out of the root, secrets
    (except the values the marker's guard allow-list lets pass)."""
    yield from guarded(ctx.manifest.all_findings(), ctx.config)


def guarded(found: Iterable[Finding], config: Config) -> Iterator[Finding]:
    """Findings less what the marker's guard lets pass: allowed values (E008, E009), and
    personal data (E009) when that guard is off."""
    allowed: tuple[str, ...] = ()
    if config.guard_allow:
        from mdbrain.core import guard  # its patterns compile on import: only when needed

        named = guard.allowed_digests(config.guard_allow)
        literal = {guard.digest(v) for v in config.guard_allow if not v.startswith("digest:")}
        allowed = tuple(f"[value {d}]" for d in sorted(named | literal))
    for item in found:
        if item.code == "E009" and not config.guard_personal_data:
            continue
        if item.code in ("E008", "E009") and allowed and item.message.endswith(allowed):
            continue
        yield item


@rule
def marker_settings(ctx: Context) -> Iterator[Finding]:
    for key in ctx.config.unknown_keys:
        yield finding("W015", ctx.marker_path, f"unknown setting {key!r} is ignored")


# --- the format -------------------------------------------------------------------


def slug_named(doc_id: str) -> bool:
    """Whether every folder and the file name of ``doc_id`` keep to the naming rule
    (E001): lowercase a-z, 0-9 and hyphens, the suffix in lowercase."""
    *folders, name = doc_id.split("/")
    stem, _dot, suffix = name.rpartition(".")
    return all(_SLUG.match(part) for part in (*folders, stem)) and suffix == suffix.lower()


@rule
def naming(ctx: Context) -> Iterator[Finding]:
    """E001: every folder and file name is lowercase a-z, 0-9 and hyphens."""
    bad_folders: set[str] = set()
    for entry in ctx.manifest.entries:
        *folders, name = entry.id.split("/")
        for depth, folder in enumerate(folders):
            if not _SLUG.match(folder):
                bad_folders.add("/".join(folders[: depth + 1]))
        stem, _dot, suffix = name.rpartition(".")
        if not _SLUG.match(stem) or suffix != suffix.lower():
            yield finding(
                "E001", entry.id, f"file name {name!r} is not a-z0-9 and hyphens (slug it)"
            )
    for folder in sorted(bad_folders):
        yield finding(
            "E001", folder, f"folder name {folder.rsplit('/', 1)[-1]!r} is not a-z0-9 and hyphens"
        )


# what to write for a required field that is absent, in words a reader acts on
_MISSING_HINTS = {
    "title": "a title",
    "summary": "a one-line summary",
    "type": "a type",
    "status": "a status",
    "tags": "at least one tag",
    "updated": "the date of the last change (YYYY-MM-DD)",
}


@rule
def required_fields(ctx: Context) -> Iterator[Finding]:
    """E002: the required fields are present and not empty."""
    for entry in ctx.manifest.entries:
        if not entry.parsed:
            continue
        for key in schema.REQUIRED_FIELDS:
            value = entry.meta.get(key)
            if isinstance(value, dict):
                message = f"field '{key}' holds a mapping, not text: give it one line of text"
                yield finding("E002", entry.id, message, _line(entry, key))
                continue
            empty = value is None or value in ("", [])
            if key == "tags" and not empty:
                empty = not entry.tags
            if empty:
                what = _MISSING_HINTS.get(key, f"a {key}")
                yield finding(
                    "E002",
                    entry.id,
                    f"required field '{key}' is missing: add {what}",
                    _line(entry, key),
                )


def _allowed(
    entry: Entry, key: str, values: tuple[str, ...], allowed: tuple[str, ...]
) -> Iterator[Finding]:
    for value in values:
        if value not in allowed:
            choices = ", ".join(allowed)
            yield finding(
                "E003", entry.id, f"{key} {value!r} is not one of: {choices}", _line(entry, key)
            )


@rule
def enumerations(ctx: Context) -> Iterator[Finding]:
    """E003: type, status, priority and audience take values from their lists."""
    config = ctx.config
    for entry in ctx.manifest.entries:
        if not entry.parsed:
            continue
        for key, value, allowed in (
            ("type", entry.type, config.types),
            ("status", entry.status, config.statuses),
            ("priority", entry.priority, config.priorities),
        ):
            if value:
                yield from _allowed(entry, key, (value,), allowed)
        yield from _allowed(
            entry, "audience", fields.strings(entry.meta, "audience"), config.audiences
        )


@rule
def summary_length(ctx: Context) -> Iterator[Finding]:
    """E004: the summary fits in summary_max characters."""
    limit = ctx.config.summary_max
    for entry in ctx.manifest.entries:
        if len(entry.summary) > limit:
            message = f"summary is {len(entry.summary)} characters, more than summary_max ({limit})"
            yield finding("E004", entry.id, message, _line(entry, "summary"))


@rule
def dates(ctx: Context) -> Iterator[Finding]:
    """E006: dates are ISO; W014: a document is not updated before it was created."""
    for entry in ctx.manifest.entries:
        for key in DATE_FIELDS:
            value = entry.meta.get(key)
            if value is not None and value != "" and fields.date(entry.meta, key) is None:
                message = f"{key} {fields.text(entry.meta, key)!r} is not an ISO date (YYYY-MM-DD)"
                yield finding("E006", entry.id, message, _line(entry, key))
        created, updated = fields.date(entry.meta, "created"), fields.date(entry.meta, "updated")
        if created and updated and updated < created:
            message = f"updated ({updated}) is earlier than created ({created})"
            yield finding("W014", entry.id, message, _line(entry, "updated"))


# --- links and references -----------------------------------------------------------


@rule
def broken_links(ctx: Context) -> Iterator[Finding]:
    """W001: every body link and related entry names a document; a link written as a
    site's route (:attr:`Entry.routes`) names one, a folder or a file (:func:`_no_route`)."""
    known = ctx.manifest.by_id
    places: set[str] | None = None
    for entry in ctx.manifest.entries:
        for target, line in entry.links:
            if target not in known and target not in ctx.derived_files:
                yield finding("W001", entry.id, f"link to {target}, which is not a document", line)
        for target, line in entry.routes:
            places = _places(ctx) if places is None else places
            if _no_route(ctx, places, target):
                message = f"link to {target}, which is not a document, a folder or a file"
                yield finding("W001", entry.id, message, line)
        for target in entry.ids("related"):
            if target not in known:
                message = f"related entry {target} is not a document"
                yield finding("W001", entry.id, message, _line(entry, "related"))


_ROUTED = ("", ".md", ".markdown")  # what a route names, as a site serves its pages


def _places(ctx: Context) -> set[str]:
    """The paths from the root a route may name: the documents, the derived files, the
    files links lead to that are there, and every folder above them."""
    out = {".", *ctx.manifest.by_id, *ctx.derived_files, *ctx.existing_files}
    folders: set[str] = set()
    for path in out:
        parts = path.split("/")
        folders.update("/".join(parts[:depth]) for depth in range(1, len(parts)))
    return out | folders


def _no_route(ctx: Context, places: set[str], target: str) -> bool:
    """Whether a link written as a site's route to ``target`` (from the root) leads
    nowhere: no document with or without a page's suffix (``guide`` for ``guide.md``),
    no folder of the base's files, no file a link leads to. Whether the project has a
    file or folder where a route above the root leads is the disk's to say
    (``existing_routes``): such a route is not judged when the disk was not asked."""
    if target == ".." or target.startswith("../"):
        return ctx.existing_routes is not None and target not in ctx.existing_routes
    return not any(target + suffix in places for suffix in _ROUTED)


@rule
def missing_files(ctx: Context) -> Iterator[Finding]:
    """W006: a body link or image that leads to a file, not to a document (a page above
    the root such as the project's README, its code, a diagram), finds it on disk: it
    is not followed, and only reported when nothing is there (code deleted or moved
    since the page was written, an image never added)."""
    for entry in ctx.manifest.entries:
        for target, line in entry.files:
            if target in ctx.existing_files:
                continue
            shown = from_project(ctx.root_path, target)
            if shown is None:
                message = f"link to {target} (from the root) leaves the project's folder"
            else:
                message = f"link to {shown} of the project, which is not there"
            message += "; not followed"
            yield finding("W006", entry.id, message, line)


@rule
def missing_anchors(ctx: Context) -> Iterator[Finding]:
    """W019: a link to a section (``guide.md#install``, ``#usage``) finds a heading or an
    id of that anchor in the document it leads to (:mod:`mdbrain.core.fragments`): a
    renamed heading breaks the links to it without a word. An anchor another generator
    writes otherwise (``#numbers_vs._strings``) finds its heading by its letters and
    digits alone, as long as no other heading or id of the page has the same ones
    (:func:`fragments.offers`)."""
    from mdbrain.core import fragments  # only a base whose links ask for anchors needs it

    for entry in ctx.manifest.entries:
        for target, anchor, line in entry.asked:
            offered = ctx.anchors.get(target)
            if offered is None or fragments.offers(offered, anchor):
                continue  # no such document (W001 says so), or one that could not be read
            where = "this page" if target == entry.id else target
            message = f"link to #{anchor}: {where} has no heading or id with that anchor"
            yield finding("W019", entry.id, message, line)


def from_project(root_path: str, target: str) -> str | None:
    """A path from the root (``../README.md``) as a path from the project's folder
    (``README.md``), the root being at ``root_path`` in it; None when it climbs out."""
    shown = posixpath.normpath(posixpath.join(root_path, target))
    return None if shown == ".." or shown.startswith("../") else shown


@rule
def orphans(ctx: Context) -> Iterator[Finding]:
    """W002: a page nobody can reach. A page is reached when another document links to it
    or lists it; when its theme folder has an overview (type overview, or a page named
    ``overview.md`` whatever its type, as imported documentation often has), which stands
    for every page of the theme (the derived INDEX lists them under it); or when it is a
    record of a decision log (a folder holding two decisions or more)."""
    if len(ctx.manifest) < 2:
        return
    overviews = {e.id for e in ctx.manifest.entries if _is_overview(e)}
    with_overview = {_folder(doc_id) for doc_id in overviews}
    decisions = Counter(_folder(e.id) for e in ctx.manifest.entries if e.type == "decision")
    for entry in ctx.manifest.entries:
        if entry.id in overviews or not entry.parsed or ctx.incoming.get(entry.id):
            continue
        folder = _folder(entry.id)
        if folder in with_overview or (entry.type == "decision" and decisions[folder] >= 2):
            continue
        yield finding(
            "W002",
            entry.id,
            "no document links to it or lists it, and its folder has no overview page:"
            " link it from a page, or add an overview to its theme",
        )


def _folder(doc_id: str) -> str:
    return doc_id.rpartition("/")[0]


def _is_overview(entry: Entry) -> bool:
    return entry.type == "overview" or entry.id.rpartition("/")[2] == "overview.md"


@rule
def impl_refs(ctx: Context) -> Iterator[Finding]:
    """W003: impl_refs name code that exists, a file and the symbol they name in it, one
    declaration of it; E008: none names a credentials file."""
    from mdbrain.core import guard

    for entry in ctx.manifest.entries:
        for ref in fields.strings(entry.meta, "impl_refs"):
            path = impl_ref_path(ref)
            line = _line(entry, "impl_refs")
            broken = guard.credential_path(path)
            if broken is not None:
                message = f"impl_ref {path!r} names a credentials file ({broken}); remove it"
                yield finding("E008", entry.id, message, line)
            elif entry.status in RETIRED:
                continue  # what a retired document described is history, gone or not
            elif path in ctx.moved_refs:
                message = (
                    f"impl_ref {ref!r} does not exist: git saw {path} renamed to"
                    f" {ctx.moved_refs[path]} ('mdbrain update --fix' rewrites it)"
                )
                yield finding("W003", entry.id, message, line)
            elif path not in ctx.existing_refs:
                yield finding("W003", entry.id, f"impl_ref {ref!r} does not exist", line)
            elif ref in ctx.missing_symbols:
                message = f"impl_ref {ref!r} names no code: {ctx.missing_symbols[ref]}"
                yield finding("W003", entry.id, message, line)
            elif ref in ctx.shared_names:
                message = f"impl_ref {ref!r} names more than one method: {ctx.shared_names[ref]}"
                yield finding("W003", entry.id, message, line)


@rule
def staleness(ctx: Context) -> Iterator[Finding]:
    """W004: a stable document was updated (or reviewed) within stale_days."""
    limit = ctx.today - dt.timedelta(days=ctx.config.stale_days)
    for entry in ctx.manifest.entries:
        seen = [d for d in (fields.date(entry.meta, k) for k in ("updated", "reviewed")) if d]
        updated = max(seen, default=None)
        if entry.status == "stable" and updated is not None and updated < limit:
            days = (ctx.today - updated).days
            message = (
                f"stable but neither updated nor reviewed for {days} days (stale_days:"
                f" {ctx.config.stale_days}); once checked, mdbrain verify records the review"
            )
            yield finding("W004", entry.id, message, _line(entry, "updated"))


@rule
def derived_indexes(ctx: Context) -> Iterator[Finding]:
    """W005: the derived files are what the documents give."""
    for name in ctx.stale_indexes:
        yield finding("W005", name, "out of date with the documents (run 'mdbrain index')")


@rule
def foreign_derived_files(ctx: Context) -> Iterator[Finding]:
    """W017: a file mdbrain did not write sits where a derived file goes; never overwritten."""
    for name in ctx.foreign_derived:
        yield finding(
            "W017",
            name,
            "not written by mdbrain, so it is left as it is; move or rename it so that"
            " mdbrain can write its derived file here",
        )


# --- governance ------------------------------------------------------------------------


@rule
def provenance(ctx: Context) -> Iterator[Finding]:
    """W008: a stable document says where its knowledge comes from."""
    for entry in ctx.manifest.entries:
        if entry.status != "stable":
            continue
        refs = [impl_ref_path(r) for r in fields.strings(entry.meta, "impl_refs")]
        if not fields.strings(entry.meta, "sources") and not any(
            r in ctx.existing_refs or r in ctx.moved_refs for r in refs
        ):
            message = "stable with no provenance: add sources, or impl_refs to existing code"
            yield finding("W008", entry.id, message, _line(entry, "status"))


@rule
def links_to_retired(ctx: Context) -> Iterator[Finding]:
    """W009: documents in force do not lean on deprecated or archived ones (a draft is
    not in force yet: an imported log's records point to the ones they replaced)."""
    known = ctx.manifest.by_id
    for entry in ctx.manifest.entries:
        if entry.status in RETIRED or entry.status == "draft":
            continue
        targets = [(t, line) for t, line in entry.links]
        targets += [(t, _line(entry, "related")) for t in entry.ids("related")]
        for target, line in targets:
            other = known.get(target)
            if (
                other is not None
                and other.status in RETIRED
                and target not in entry.ids("supersedes")
            ):
                message = f"points to {target}, which is {other.status}"
                yield finding("W009", entry.id, message, line)


@rule
def supersession(ctx: Context) -> Iterator[Finding]:
    """E007, W010-W012, W020: replacements name real documents, both ways, with the right
    status, and end in a document in force."""
    known = ctx.manifest.by_id
    for entry in ctx.manifest.entries:
        for key, mirror in (("supersedes", "superseded_by"), ("superseded_by", "supersedes")):
            for target in entry.ids(key):
                other = known.get(target)
                line = _line(entry, key)
                if other is None:
                    yield finding(
                        "E007", entry.id, f"{key} names {target}, which is not a document", line
                    )
                elif entry.id not in other.ids(mirror):
                    message = (
                        f"{key} {target}, but {target} does not list this document in {mirror}"
                    )
                    yield finding("W010", entry.id, message, line)
        successors = entry.ids("superseded_by")
        for successor in successors:
            circle = graph.replacement_path(ctx.manifest, successor, entry.id)
            if circle is not None and entry.id == min(circle):  # said once per circle
                message = (
                    f"superseded_by goes round in a circle ({' -> '.join([entry.id, *circle])}):"
                    " each stands replaced by another, and none is in force"
                )
                yield finding("W020", entry.id, message, _line(entry, "superseded_by"))
                break
        if entry.status == "deprecated" and not successors:
            message = "deprecated with no superseded_by: name the successor, or archive it"
            yield finding("W011", entry.id, message, _line(entry, "status"))
        if successors and entry.status in IN_FORCE:
            message = (
                f"superseded by {', '.join(successors)} but status is {entry.status or 'missing'}"
            )
            yield finding("W012", entry.id, message, _line(entry, "status"))


def open_contradictions(found: Manifest) -> Iterator[tuple[Entry, Entry]]:
    """Pairs (claimant, target): a document in force says it contradicts another one in
    force, and neither supersedes the other."""
    for entry in found.entries:
        if entry.status not in IN_FORCE:
            continue
        for target in entry.ids("contradicts"):
            other = found.get(target)
            if other is None or other.status not in IN_FORCE:
                continue
            if target in entry.ids("supersedes") or entry.id in other.ids("supersedes"):
                continue
            yield entry, other


@rule
def contradictions(ctx: Context) -> Iterator[Finding]:
    """W013: a document in force contradicting another in force is a conflict for a human."""
    for entry, other in open_contradictions(ctx.manifest):
        message = f"contradicts {other.id}, which is in force: a human must settle it"
        yield finding("W013", entry.id, message, _line(entry, "contradicts"))


@rule
def numbers_held_twice(ctx: Context) -> Iterator[Finding]:
    """W018: in a folder that numbers its records, two hold the same number (each
    branch of a merge wrote record 3): the later name is told to take another. A folder
    numbers records when most of its numbered documents are decisions, or when its
    names write letters before their numbers (``adr013-...``) or pad them to three
    digits or more (``0003-...``); the steps of a tutorial (``01-setup.md`` beside
    ``01-setup--old.md``, in backstage/backstage) are no records. Nor are numbers that
    use under half of their range: numbers given elsewhere, a pull request's or an
    issue's, which two pages may share (emberjs/rfcs numbers each RFC by its pull
    request, and its old ember-cli RFCs share theirs; bevy's migration guides too)."""
    from mdbrain.core import slug

    folders: dict[str, list[str]] = {}
    decisions: dict[str, int] = {}
    for entry in ctx.manifest.entries:
        folder, _sep, name = entry.id.rpartition("/")
        folders.setdefault(folder, []).append(name.removesuffix(".md"))
        if entry.type == "decision" and slug.number_of(name) is not None:
            decisions[folder] = decisions.get(folder, 0) + 1
    for folder, names in folders.items():
        order = slug.series(names)
        if order is None or order.kind != "number":
            continue
        numbered = sum(slug.number_of(name) is not None for name in names)
        if not (order.lead or order.width >= 3 or 2 * decisions.get(folder, 0) > numbered):
            continue  # steps, chapters: no log of records
        if _given_elsewhere([number for number, _name in order.numbers]):
            continue  # ids of pull requests or issues, not a running count
        first: dict[int, str] = {}
        for name in sorted(names):
            number = slug.number_of(name)
            if number is None:
                continue
            if number in first:
                doc_id = posixpath.join(folder, name + ".md")
                message = (
                    f"number {number} is held by {first[number]}.md too: give one of them"
                    " the next free number (mdbrain mv)"
                )
                yield finding("W018", doc_id, message)
            else:
                first[number] = name


_JUDGED = 10  # numbers a folder holds before how sparse they are says anything


def _given_elsewhere(held: list[int]) -> bool:
    """Whether a folder's numbers were given elsewhere, not counted by its log: ten or
    more using under half of their range, or a first one far above their count (a
    migration guide named for pull request 11426)."""
    if not held:
        return False
    if len(held) >= _JUDGED and 2 * len(held) < max(held) - min(held) + 1:
        return True
    return min(held) > _JUDGED * (len(held) + 1)


@rule
def waiting_for_review(ctx: Context) -> Iterator[Finding]:
    """I002: a document marked needs-review is listed with its reason until it is verified."""
    for entry in ctx.manifest.entries:
        if entry.status == "needs-review":
            why = fields.text(entry.meta, "review_reason") or "no reason given"
            message = f"waiting for review: {why} ({_way_back(ctx, entry)})"
            yield finding("I002", entry.id, message, _line(entry, "status"))


def _way_back(ctx: Context, entry: Entry) -> str:
    """How a document waiting for review comes back into force: verify, once its
    impl_refs name code that is there (verify refuses the others)."""
    refs = fields.strings(entry.meta, "impl_refs")
    paths = [impl_ref_path(r) for r in refs]
    if any(p in ctx.moved_refs for p in paths):
        return f"mdbrain update --fix follows the renamed code, then mdbrain verify {entry.id}"
    gone = [r for r, p in zip(refs, paths, strict=True) if p not in ctx.existing_refs]
    if gone or any(r in ctx.missing_symbols for r in refs):
        return (
            f"its impl_refs name code that is not there: point them at the code as it is"
            f" (mdbrain write --doc {entry.id} --replace --impl-ref ...), or supersede or"
            " archive it"
        )
    return f"verify it: mdbrain verify {entry.id} --source ..."
