"""``init --scan``: first drafts of the knowledge base, read from the project's code.

Procedure A of the format's sync skill. The files git tracks (outside git, the
project's files minus hidden, virtual-environment and build folders) are
analysed by :mod:`mdbrain.core.codemap` and :mod:`mdbrain.core.layout`, and
turned into drafts by :mod:`mdbrain.service.drafting`: one ``draft`` document
per unit of code or infrastructure, with impl_refs to the real files, plus one
``overview`` per theme, in the base's language. Here the files are listed and
read (a file without a suffix only when its first line is a ``#!``), impl_refs
that do not resolve are left out, and the drafts are rendered and written.
Existing documents are never overwritten, and the knowledge root itself is
never read. Then the indexes are regenerated and the check runs.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import posixpath
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from mdbrain.core import adr, anchors, codemap, conversion, derived_pages, guard, sites, yaml_emit
from mdbrain.core.errors import GuardError, InvalidRequestError, MdbrainError
from mdbrain.core.marker import MARKER_NAME, Config
from mdbrain.core.progress import counted
from mdbrain.core.wording import words
from mdbrain.service import anchoring, checking
from mdbrain.service.checking import CheckReport
from mdbrain.service.drafting import Draft, language_name, link_text, plan_drafts
from mdbrain.service.session import Session
from mdbrain.store import files as disk
from mdbrain.store import git, secret_scan

MAX_BYTES = 1_000_000  # larger files are listed, not read
SKIP_DIRS = frozenset({"node_modules", "venv", "build", "dist", "target", "__pycache__"})
HIDDEN_READ = frozenset({".github", ".gitlab", ".circleci"})  # hidden folders a walk enters
NEXT_STEP = "Review the drafts, then mark them stable with sources."
NEXT_STEP_EMPTY = (
    "Nothing to draft yet: run 'mdbrain init --scan' again once there is code,"
    " or 'mdbrain import <folder>' to bring in existing Markdown pages."
)
_LEFT_OUT = "(left out: it looked like a secret)"
SCRUB_ROUNDS = 8
_KEY_TAIL = re.compile(r"[A-Za-z0-9+/=]{1,128}|-----END [A-Z0-9 ]{1,40}-----")


@dataclass(frozen=True, slots=True)
class ScanReport:
    themes: tuple[str, ...]
    documents: tuple[str, ...]  # ids written; with dry_run, the ids that would be
    skipped: tuple[str, ...]  # ids that already existed, left as they were
    unresolved: tuple[str, ...]  # impl_refs that did not resolve, left out of the drafts
    languages: tuple[tuple[str, int], ...]  # language, number of files
    files: int
    dry_run: bool
    check: CheckReport | None  # None with dry_run
    next_step: str = NEXT_STEP
    lang: str = "en"  # the language the drafts are written in
    set_aside: tuple[tuple[str, int], ...] = ()  # folder (or file) left out, files in it
    pages: tuple[sites.Pages, ...] = ()  # documentation folders 'mdbrain import' could bring in
    left_out: tuple[derived_pages.LeftOut, ...] = ()  # folders found but not proposed, and why
    existing: bool = False  # the base existed: nothing was written, documents were planned
    not_drafted: str = ""  # what to say of code in languages the scan does not read

    @property
    def errors(self) -> int:
        return self.check.errors if self.check else 0

    @property
    def warnings(self) -> int:
        return self.check.warnings if self.check else 0


# --- the operation -------------------------------------------------------------------


_TEMPLATES = frozenset({"archetypes"})  # Hugo's: the front matter new pages start from


def scan_project(session: Session, *, dry_run: bool = False) -> ScanReport:
    """Write a draft per unit of code and an overview per theme; then index and check.

    With ``dry_run`` nothing is written: the report lists the documents planned.
    """
    project = session.project
    today = session.today()
    files = project_files(project, session.root)
    texts = read_texts(project, files)
    lang = session.config.lang
    themes, drafts = plan_drafts(files, texts, session.config.summary_max, lang=lang)
    if not files:  # an empty repository: a draft would only say so, and hide the advice
        drafts = []  # that an empty base gives (fill it with init --scan or import)
    drafts, unresolved = _resolved(project, drafts, texts)
    written, skipped = _write(session, drafts, today, dry_run=dry_run)
    report = None
    if not dry_run:
        report = checking.check(session)
    headers = codemap.header_language(files)
    counts = Counter(language_name(f, headers=headers) for f in files)
    documented = codemap.page_folders(files)  # MDN's regexp/test/: a page, not tests

    def says_generated(path: str) -> bool:
        return codemap.generated_code(texts.get(path, ""))

    # code files only, counted as update counts them (codemap.left_out_as)
    aside = Counter(
        why for f in files if (why := codemap.left_out_as(f, documented, says_generated))
    )
    pages, left_out = import_advice(project, files, lang)
    return ScanReport(
        themes=tuple(t.slug for t in themes),
        documents=tuple(written),
        skipped=tuple(skipped),
        unresolved=tuple(unresolved),
        languages=tuple(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))),
        files=len(files),
        dry_run=dry_run,
        check=report,
        lang=lang,
        set_aside=tuple(sorted(aside.items())),
        not_drafted=codemap.not_drafted(f for f in files if not codemap.set_aside(f, documented)),
        pages=pages,
        left_out=left_out,
        next_step=NEXT_STEP if files else NEXT_STEP_EMPTY,
    )


README_LINES = 100  # a README this long is a project's documentation, worth importing
TOP_PAGE_LINES = 20  # another page at the project's top this long is documentation too
TOP_PAGES = 5  # pages at the top proposed one by one, at most (more make a wiki: sites)
TOP_PAGES_READ = 50  # pages at the top read to find them, at most
# folders named for documentation below the top, inside a folder of code: each proposed
# once it holds this many pages (alphagov/govuk-infrastructure's terraform/docs/, two
# guides to applying and tagging, went unmentioned beside its docs/); one page in such
# a folder is a package's note more often than documentation
NESTED_DOC_FOLDERS = frozenset({"docs", "doc", "documentation"})
NESTED_DOCS_LEAST = 2
NESTED_DOCS = 5  # those proposed, at most: the richest (a monorepo has one per package)
MORE_SHOWN = 4  # pages or folders named of those found past the ones proposed


def import_advice(
    project: Path, files: Sequence[str], lang: str = "en"
) -> tuple[tuple[sites.Pages, ...], tuple[derived_pages.LeftOut, ...]]:
    """The documentation folders among ``files`` that 'mdbrain import' could bring in,
    counting only the pages it reads (Markdown, MDX): a folder of reStructuredText or
    AsciiDoc is not proposed, since its import would bring nothing in, but named among
    those left out, with the way in (:func:`_unread_folders`). Then the folders named
    for documentation inside folders of code (:func:`_nested_docs`). Then the
    project's README when it is long and no folder proposed brings it in: many a
    project keeps all its documentation there; and the other pages at its top (not
    LICENSE, CONTRIBUTING and the like), which no folder's import brings in, the longest
    first (:func:`_top_pages`). Of pages kept once per language, those in ``lang``.
    Second, the folders found but left out, since their pages are stubs or copies of
    others (:mod:`mdbrain.core.derived_pages`): importing them would put the same
    chapters into the base twice; and the pages and folders found past those proposed,
    counted and named, so that none is left out unsaid."""
    pages = codemap.page_folders(files)
    read = [
        f
        for f in files
        if not f.lower().endswith(conversion.OTHER_PAGE_SUFFIXES)
        # rust-lang/mdBook's 58 test books were proposed as its documentation, and
        # gohugoio/hugoDocs' archetypes/, the templates its new pages start from
        and not codemap.not_documentation(f, pages)
        and not _TEMPLATES.intersection(f.lower().split("/")[:-1])
    ]
    found, left_out = [], []
    around = around_texts(project)  # read once, for the pages read and those not
    for proposal in sites.page_folders(read, around, lang=lang):
        why = _why_left_out(project, proposal, read)
        if why is None:
            found.append(proposal)
        else:
            left_out.append(derived_pages.LeftOut(proposal.folder, proposal.count, why))
    left_out += _unread_folders(files, pages, around, {p.folder for p in found}, lang)
    if any(p.folder == "." for p in found):  # its import brings the pages at the top too
        return tuple(found), tuple(left_out)
    taken = [p.folder for p in found] + [f.folder for f in left_out]
    nested, nested_past = _nested_docs(project, read, pages, taken, around)
    found += nested
    left_out += nested_past
    readme = next((f for f in files if f.lower() in ("readme.md", "readme.markdown")), None)
    # pages at the top other than README, LICENSE, CONTRIBUTING...: written on purpose
    # (swift-evolution's process.md and commonly_proposed.md, which no folder holds)
    every_page = sites.pages(read)
    own = [
        f
        for f in every_page
        if "/" not in f and not sites.community_file(f) and not adr.is_template(f, "")
    ]  # and no template to copy (getsentry/rfcs' 0000-template.md)
    # in a repository of documents (Kotlin/KEEP, dotnet/designs), the README says how
    # they are written and decided, however short
    documents = len(every_page) * 2 >= len(files)
    least_readme = TOP_PAGE_LINES if documents else README_LINES
    if readme is not None and (lines := _page_lines(project, readme)) >= least_readme:
        found.append(sites.Pages(readme, 1, None, lines))
    # how to build, test and send a change: what an agent working on the code needs
    # (Textual's CONTRIBUTING.md was not proposed; "how do I set up a development
    # environment?" found blog posts)
    guide = next((f for f in files if f.lower() in _CONTRIBUTING), None)
    top, top_past = _top_pages(project, guide, own)
    found += top
    left_out += top_past
    return tuple(found), tuple(left_out)


def _page_lines(project: Path, page: str) -> int:
    """The lines of ``page``; 0 when it cannot be read or a tool generated it from the
    others (dotnet/designs' INDEX.md: "This file is auto-generated"), rebuilt by that
    tool, never written by hand."""
    try:
        text = disk.read(project, page, limit=4_000_000)
    except MdbrainError:
        return 0
    head = text[: derived_pages.HEAD_BYTES].decode("utf-8", "replace")
    return 0 if derived_pages.generated(head) else text.count(b"\n")


def _top_pages(
    project: Path, guide: str | None, own: Sequence[str]
) -> tuple[list[sites.Pages], list[derived_pages.LeftOut]]:
    """The pages at the project's top proposed one by one: the contributing ``guide``,
    then the longest of ``own``, :data:`TOP_PAGES` in all, each at least
    :data:`TOP_PAGE_LINES` long, listed by name; and the long pages past them, counted
    and named. nodejs/TSC has six long pages beside its README: the first five by name
    were proposed and WORKING_GROUPS.md, of 357 lines, went unsaid, while a page of 34
    lines was. Stubs do not use up the pages proposed (five named first once hid the one
    page of prose after them)."""
    candidates = [*([guide] if guide else []), *own[:TOP_PAGES_READ]]
    long_pages = [
        sites.Pages(page, 1, None, lines)
        for page in candidates
        if (lines := _page_lines(project, page)) >= TOP_PAGE_LINES
    ]
    ranked = sorted(long_pages, key=lambda p: (p.folder != guide, -p.lines))
    chosen = {p.folder for p in ranked[:TOP_PAGES]}
    past = [f"{p.folder} ({p.lines} lines)" for p in ranked[TOP_PAGES:]]
    unread = max(0, len(own) - TOP_PAGES_READ)  # not read: their length is not known
    if not past and not unread:
        return long_pages, []
    count = len(past) + unread
    way = (
        f"'mdbrain import {ranked[TOP_PAGES].folder}' brings it in as a draft"
        if count == 1 and past
        else "'mdbrain import <page>' brings each in as a draft"
    )
    why = (
        f"at the top, beyond the {len(chosen)} longest pages proposed above:"
        f" {_named(past, unread, 'not read')}; {way}"
    )
    return [p for p in long_pages if p.folder in chosen], [derived_pages.LeftOut(".", count, why)]


def _named(names: Sequence[str], unread: int = 0, unread_said: str = "") -> str:
    """The first :data:`MORE_SHOWN` of ``names``, then how many more; and ``unread``
    others, said so."""
    shown = ", ".join(names[:MORE_SHOWN])
    rest = len(names) - MORE_SHOWN
    shown += f" and {rest} more" if rest > 0 else ""
    if unread:
        shown += f"{' and ' if shown else ''}{unread} more {unread_said}".rstrip()
    return shown


def _nested_docs(
    project: Path,
    read: Sequence[str],
    pages: frozenset[str],
    taken: Sequence[str],
    around: dict[str, str],
) -> tuple[list[sites.Pages], list[derived_pages.LeftOut]]:
    """The folders named for documentation (:data:`NESTED_DOC_FOLDERS`) below the
    project's top, which :func:`mdbrain.core.sites.page_folders` does not look into:
    alphagov/govuk-infrastructure's terraform/docs/ went unmentioned. The outermost of
    them on each path, with :data:`NESTED_DOCS_LEAST` pages at least and no more code
    than pages (a package named ``docs``); none in a top folder that holds a folder
    proposed or left out already (``taken``), in a hidden folder or a site's machinery (``_``), or
    in a folder whose files are examples, vendored, generated or test data
    (:func:`mdbrain.core.codemap.set_aside`; ``read`` is without tests and
    dependencies already). The :data:`NESTED_DOCS` richest are proposed; the others,
    counted and named; those of stubs or copies are left out as the top's are."""
    below: dict[str, list[str]] = {}
    for path in read:
        parts = path.split("/")
        if any(part.startswith((".", "_")) for part in parts[:-1]) or codemap.set_aside(
            path, pages
        ):
            continue
        depth = next(
            (n for n in range(1, len(parts) - 1) if parts[n].lower() in NESTED_DOC_FOLDERS), 0
        )
        if depth:
            below.setdefault("/".join(parts[: depth + 1]), []).append("/".join(parts[depth + 1 :]))
    # the top folders page_folders proposed or left out: it chose among their folders
    # already (fastapi's docs/en/docs/, the translation of the docs/fr/docs/ proposed)
    seen = {other.split("/", 1)[0] for other in taken}
    candidates, left_out = [], []
    for folder, inside in sorted(below.items()):
        near = folder.split("/", 1)[0] in seen
        count = len(sites.pages(inside))
        code = sum(codemap.kind_of(f"{folder}/{name}") == "code" for name in inside)
        if near or count < NESTED_DOCS_LEAST or code > count:
            continue
        proposal = sites.Pages(folder, count, sites.docs_site(folder, inside, around))
        why = _why_left_out(project, proposal, read)
        if why is None:
            candidates.append(proposal)
        else:
            left_out.append(derived_pages.LeftOut(folder, count, why))
    candidates.sort(key=lambda p: (p.site is None, -p.count, p.folder))
    past = candidates[NESTED_DOCS:]
    if past:
        shown = _named([f"{p.folder}/ ({p.count} pages)" for p in past])
        why = (
            f"in documentation folders inside code folders, beyond the {NESTED_DOCS} richest"
            f" proposed above: {shown}; 'mdbrain import <folder>' brings each in as drafts"
        )
        left_out.append(derived_pages.LeftOut(".", sum(p.count for p in past), why))
    return candidates[:NESTED_DOCS], left_out


# the page formats import does not read, by their names' endings
_UNREAD_FORMATS = ((".rst", "reStructuredText"), (".adoc", "AsciiDoc"))


_CONTRIBUTING = frozenset({"contributing.md", ".github/contributing.md"})


def _unread_folders(
    files: Sequence[str],
    pages: frozenset[str],
    around: dict[str, str],
    proposed: set[str],
    lang: str,
) -> list[derived_pages.LeftOut]:
    """The documentation folders whose pages are in a format import does not read
    (reStructuredText, AsciiDoc), not proposed already for their Markdown pages: the
    documentation of psf/requests, a Sphinx site of 15 pages, went unmentioned."""
    other = [
        f
        for f in files
        if f.lower().endswith(conversion.OTHER_PAGE_SUFFIXES)
        and not codemap.not_documentation(f, pages)
    ]
    out = []
    for folder in sites.page_folders(other, around, lang=lang):
        if folder.folder in proposed or folder.folder == ".":
            continue
        below = folder.folder + "/"
        kinds = Counter(
            name for end, name in _UNREAD_FORMATS for f in other
            if f.startswith(below) and f.lower().endswith(end)
        )  # fmt: skip
        formats = " and ".join(name for name, _n in kinds.most_common()) or "other formats"
        why = (
            f"written in {formats}, which mdbrain does not read; converted to Markdown"
            " (with pandoc, for one), they can be imported"
        )
        out.append(derived_pages.LeftOut(folder.folder, folder.count, why))
    return out


def _why_left_out(project: Path, proposal: sites.Pages, read: Sequence[str]) -> str | None:
    """Why the folder of ``proposal`` holds no pages to import, from the configuration
    of its site and the first bytes of a sample of its pages; None when it does."""
    below = "" if proposal.folder == "." else proposal.folder + "/"
    chosen = derived_pages.sample(sites.pages(f for f in read if f.startswith(below)))
    heads = []
    for rel in chosen:
        try:
            data = disk.read(project, rel, limit=derived_pages.HEAD_BYTES + 1)
        except MdbrainError:
            continue
        heads.append(derived_pages.Head.of(data))
    site, config = proposal.site, ""
    if site is not None and site.tool in sites.NAMING_TOOLS:
        try:
            config = disk.read(project, site.evidence, limit=64_000).decode("utf-8", "replace")
        except MdbrainError:
            config = ""
    return derived_pages.why_left_out(heads, site, config)


def draft_units(session: Session, wanted: set[str]) -> tuple[list[str], list[str]]:
    """Write the drafts ``init --scan`` would write for the units holding the files of
    ``wanted`` (paths from the project), where no document exists yet; the ids written,
    and those of the drafts not written (a document holds the id already, or the guard
    refused the text)."""
    project = session.project
    files = project_files(project, session.root)
    texts = read_texts(project, files)
    lang = session.config.lang
    _themes, drafts = plan_drafts(files, texts, session.config.summary_max, lang=lang)
    drafts, _unresolved = _resolved(project, drafts, texts)
    chosen = [
        draft
        for draft in drafts
        if draft.type != "overview"
        and any(ref.partition("#")[0].rstrip("/") in wanted for ref in draft.impl_refs)
    ]
    return _write(session, chosen, session.today(), dry_run=False)


def project_files(project: Path, root: Path) -> list[str]:
    """The project's files, relative to it: those git tracks, else a walk. Never the root's."""
    inside = Path(os.path.relpath(root.resolve(), project.resolve())).as_posix()
    if inside == ".":
        raise InvalidRequestError(
            "the knowledge root is the project folder itself: scan needs its own", field="root"
        )
    listed = git.Git(project).tracked() or _walk(project, root.resolve())
    keep = []
    for rel in listed:
        if rel.startswith(inside + "/") or rel == MARKER_NAME or guard.credential_path(rel):
            continue
        if (project / rel).is_file() and not (project / rel).is_symlink():
            keep.append(rel)
    return sorted(keep)


def _walk(project: Path, root: Path) -> list[str]:
    found = []
    for folder, dirs, names in os.walk(project):
        here = Path(folder)
        dirs[:] = sorted(d for d in dirs if not _skipped(here / d, root))
        found += [(here / name).relative_to(project).as_posix() for name in names]
    return found


def _skipped(folder: Path, root: Path) -> bool:
    name = folder.name
    hidden = name.startswith(".") and name not in HIDDEN_READ
    if hidden or name in SKIP_DIRS or name.endswith(".egg-info"):
        return True
    return (folder / "pyvenv.cfg").exists() or folder.resolve() == root


def read_texts(project: Path, files: Iterable[str]) -> dict[str, str]:
    """The texts of the files the analysis reads: sources, infrastructure, manifests,
    READMEs, and the files without a suffix that start with ``#!``."""
    texts = {}
    for rel in files:
        wanted = codemap.worth_reading(rel)
        if not wanted and not codemap.may_be_script(rel):
            continue
        try:
            if not wanted and disk.read(project, rel, limit=2) != b"#!":
                continue
            data = disk.read(project, rel, limit=MAX_BYTES + 1)
            if len(data) <= MAX_BYTES:
                texts[rel] = data.decode("utf-8")
        except (MdbrainError, UnicodeDecodeError):
            continue
    return texts


def around_texts(project: Path) -> dict[str, str]:
    """The texts of the files at the project's top that build a documentation site."""
    found = {}
    for name, _tool, _folder in sites.AROUND:
        try:
            found[name] = disk.read(project, name, limit=64_000).decode("utf-8", "replace")
        except MdbrainError:
            continue
    return found


def _resolves(project: Path, ref: str, texts: dict[str, str]) -> bool:
    path, _, symbol = ref.partition("#")
    if not symbol:
        return (project / path).exists()
    try:
        found = anchors.symbol_fingerprint(path, texts[path].encode("utf-8"), symbol)
    except (KeyError, LookupError, SyntaxError, ValueError):
        return False
    return found is not None


def _resolved(
    project: Path, drafts: list[Draft], texts: dict[str, str]
) -> tuple[list[Draft], list[str]]:
    """The drafts with the impl_refs that resolve; and the ones left out."""
    kept, dropped = [], set()
    for draft in drafts:
        good = tuple(ref for ref in draft.impl_refs if _resolves(project, ref, texts))
        dropped |= set(draft.impl_refs) - set(good)
        kept.append(dataclasses.replace(draft, impl_refs=good))
    return kept, sorted(dropped)


def _write(
    session: Session, drafts: list[Draft], today: dt.date, *, dry_run: bool
) -> tuple[list[str], list[str]]:
    """Write each draft whose file does not exist yet; never replace one that does."""
    root = session.root
    written: list[str] = []
    skipped: list[str] = []
    known = {d.id for d in drafts}
    drafts = [_linked(d, known, root) for d in drafts]
    if dry_run:
        for draft in drafts:
            (skipped if os.path.lexists(root / draft.id) else written).append(draft.id)
        return written, skipped
    with session.writing():
        for draft in counted(drafts, session.progress):
            if os.path.lexists(root / draft.id):
                skipped.append(draft.id)
                continue
            try:
                text = render(draft, today, session.config)  # scrubbed by the write guard's rules
                session.write(draft.id, text, guarded=False)
            except GuardError:
                skipped.append(draft.id)  # the code held something the guard refuses
                continue
            written.append(draft.id)
        if written:
            anchoring.record(session, written)  # the code the drafts describe, as it is now
    return written, skipped


def _linked(draft: Draft, known: set[str], root: Path) -> Draft:
    """The draft with the related documents and links that exist or are written with it."""

    def there(doc_id: str) -> bool:
        return doc_id in known or os.path.lexists(root / doc_id)

    here = posixpath.dirname(draft.id)
    links = tuple(
        (text, target)
        for text, target in draft.links
        if there(posixpath.normpath(posixpath.join(here, target)))
    )
    related = tuple(r for r in draft.related if there(r))
    return dataclasses.replace(draft, links=links, related=related)


# --- rendering -------------------------------------------------------------------------


def render(draft: Draft, today: dt.date, config: Config | None = None) -> str:
    """The document's text: frontmatter, then the body; lines the guard objects to left out."""
    w = words(config.lang if config else "en")
    lines = [
        "---",
        yaml_emit.field("title", draft.title),
        yaml_emit.field("summary", draft.summary),
        yaml_emit.field("type", draft.type),
        "status: draft",
        f"priority: {draft.priority}",
        yaml_emit.field("tags", draft.tags),
        "audience: [dev]",
    ]
    listed = (("impl_refs", draft.impl_refs), ("sources", draft.sources))
    for key, values in (*listed, ("related", draft.related)):
        lines += [f"{key}:", *(f"  - {yaml_emit.scalar(v)}" for v in values)] if values else []
    lines += [f"created: {today}", f"updated: {today}", "---", "", f"# {draft.title}", ""]
    lines += [w("note"), "", *draft.body]
    if draft.links:
        lines += ["", f"## {w('related')}", ""]
        lines += [f"- [{link_text(t)}]({target})" for t, target in draft.links]
    return scrubbed("\n".join(lines).rstrip() + "\n", config)


def scrubbed(text: str, config: Config | None = None) -> str:
    """A draft with every line the guard objects to (a key body whole, personal data when
    the marker asks) replaced by a note, until the guard finds nothing more."""
    allow = frozenset(config.guard_allow) if config else frozenset()
    personal = config.guard_personal_data if config else False
    lines = text.split("\n")
    for _round in range(SCRUB_ROUNDS):  # removing a line may show what it hid (a key body)
        hits = secret_scan.inspect("\n".join(lines), allow=allow, personal_data=personal)
        if not hits:
            return "\n".join(lines)
        for hit in hits:
            last = max(hit.line, hit.last_line)
            if hit.rule.startswith("private-key"):  # the rest of the block goes with it
                while last < len(lines) and _KEY_TAIL.match(lines[last].strip()):
                    last += 1
            for number in range(hit.line, last + 1):
                if 0 < number <= len(lines):
                    key = re.match(r"^[a-z_]+: ", lines[number - 1])
                    lines[number - 1] = f'{key.group(0)}"{_LEFT_OUT}"' if key else _LEFT_OUT
    head = text.split("\n---\n", 1)[0]  # still not clean: keep the frontmatter alone
    return f"{head}\n---\n\n{_LEFT_OUT}\n"
