"""Reading the base while reading as little as possible.

``query`` follows the phases of progressive disclosure: candidates from the
manifest, the frontmatter of the best few, the best-matching sections of the
best document (never a whole body), and neighbours only when asked. It stops
early when one candidate is clearly ahead, and counts the tokens of what it
returns, per phase, against an optional budget. ``show``, ``search`` and
``neighbours`` are the single-step reads an agent uses between phases.

Default reads leave out drafts, deprecated and archived documents, and say how
many they left out; documents to review are shown with a flag and the code to
check them against. On a fresh base, where nothing in force matches, ``query``
and ``search`` answer from the matching drafts, marked unverified, and ``query``
widens to the draft's theme overview and relations; a base with no document at
all says so and proposes how to fill it (:data:`EMPTY_ADVICE`).
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import posixpath
import re
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from mdbrain.core import acronyms, asking, cells, graph, manifest, passages, text, tokens
from mdbrain.core.document import Document, loads_leniently
from mdbrain.core.errors import NotFoundError, UsageError
from mdbrain.core.field_table import field_table
from mdbrain.core.markdown import Section, hidden_lines, outside_code
from mdbrain.core.schema import DECISION_SECTIONS, HIDDEN_STATUSES
from mdbrain.service.searching import CANDIDATES, NAMED, Card
from mdbrain.store.search_index import EVERY, Among

if TYPE_CHECKING:
    from mdbrain.service.session import Session

_fold = text.fold  # a word without its accents: "décision" is "decision"
QUERY_LIMIT = 5  # candidates a query lists at most when no limit is asked
COPIES_LISTED = 3  # copies of a hit named in its row; the others are counted
KEEP_SHARE = 0.7  # candidates scoring below this share of the best one are not listed
CLEAR_LEAD = 1.1  # the best candidate is "clearly ahead" at this multiple of the second's score
WEAK_COVER = 0.3  # a first document holding less of the question's weight is a weak match
UNRELATED = 0.15  # ... and one holding less than this is about something else
# a left-out draft scoring this multiple of the best document in force answers beside it
OUTRANK = 2.0
# so do the drafts when this many rank above the best document in force, or as many as
# a longer list's limit: counting them, it would not be listed (electron/electron's docs
# imported, one page verified: its security guide answered "how do I run only the IPC
# tests?" alone, seven drafts ahead, the testing guide first at 1.8 times its score)
DRAFTS_AHEAD = QUERY_LIMIT
HUB_SHARE = 0.6  # a page whose lines are this share of link items or more is a hub
# a list item opening with a link to a page, maybe followed by what the page is about
_LINKED_ITEM = re.compile(r"\s*(?:[-*+]|\d{1,9}[.)])\s+\[[^\]\n]*\]\(([^)\s]+\.md(?:#[^)\s]*)?)\)")
SUCCESSORS_SHOWN = 2  # documents a "what replaced X?" question leads with, at most
SUCCESSOR_STEPS = 12  # documents of a supersession chain looked at, at most
READ_AT_MOST = 3  # documents whose sections a query reads when no candidate is clearly ahead
SECTIONS_OF_LEAD = 3  # sections of the best document a query shows, at most
SAID_SHARE = 0.1
SECOND_SHARE = 0.6  # a further section is shown when it scores this share of the best
FURTHER_TOKENS = 60  # most tokens shown of each further section, around its answer
SECTION_TOKENS = 160  # most tokens of a section a query shows, around its answer
LEAD_MOST = 2000  # most tokens of the best section a larger --budget may show
# a line costing more is cut to the limit of its passage; a shorter one, a paragraph of
# ordinary length written on one line, is shown whole as a line always was
LONG_LINE = 2 * SECTION_TOKENS
SENTENCE_ALLOWANCE = 0.5  # share of its limit a passage may pass to end its last sentence
CUT_TRIES = 6  # shorter cuts of a section tried to fit it within a budget
LISTED = 3  # items of a frontmatter list a query shows (an overview relates to dozens)
NOT_PROSE_DISCOUNT = 0.4  # share of its order a section of code or link lists alone loses
_Scored = tuple[passages.Section, float, float]  # a section, its score, what orders it
COVER_SHARE = 0.1  # share of its order a section gains holding every term asked itself
CODE_LINE_SHARE = 0.9  # of its score a line of code keeps when choosing the lines shown
IN_NAMES_DISCOUNT = 0.5  # share of its order a section loses whose matches all sit in names
# share of its order a section on the options a record turned down loses, unless the
# question asks for them or why (asking.sets_aside)
ASIDE_DISCOUNT = 0.5
LEAD_SHARE = 0.5  # the first line of prose of a section counts as holding this much of a term
REASON_SHARE = 1.0  # a line giving a reason in the option chosen: above the best, by a term
_BECAUSE = re.compile(r"\b(?:because|since|parce\s+que|car)\b", re.IGNORECASE)
FLAGGED = frozenset({"needs-review", "deprecated"})
# drafts, and pages with no status at all (no frontmatter, or one that does not parse):
# nothing vouches for either, so a default read leaves both out and counts them as drafts
UNVETTED = frozenset({"draft", ""})
RETIRED_STATES = frozenset({"deprecated", "archived"})
ABOVE_NAMED = 3  # left-out documents ranking above the hits that a read names
DECISION_TYPES = frozenset({"decision"})  # what a why-did-we-choose question asks for
_WORD = re.compile(r"\w+")
WIDEN_AT_MOST = 3  # neighbours a query on drafts adds: the theme overview, then relations
WIDEN_SUMMARY = 120  # characters of each one's summary: where to look next, not an answer
EMPTY_ADVICE = (
    "The base holds no document yet: 'mdbrain init --scan' drafts documents from the code,"
    " 'mdbrain import <folder>' brings in existing Markdown pages."
)
# The fields phase 2 shows: the schema's own, less those the manifest row showed.
# Foreign fields (a wiki's keywords, a site generator's settings) are left to `show`.
PHASE_TWO = (
    "title", "audience", "priority", "impl_refs", "related", "sources", "created", "updated",
    "supersedes", "superseded_by", "contradicts", "review_reason", "rationale", "owners",
)  # fmt: skip

# The fields a document's row shows: `show` shows every other field of its frontmatter,
# foreign ones too (a MADR record's decision-makers).
ROW_FIELDS = frozenset({"summary", "type", "status", "tags"})


class _Lines(NamedTuple):
    """How the lines of one document are weighed for a question."""

    weights: dict[str, float]  # per term; those the document says of itself count nothing
    plain: dict[str, float]  # per term, as the ranking weighs them (when no line scores else)
    summary_line: int  # the line standing in for the document's summary; 0 when none
    spelled: acronyms.Asked  # the question's acronyms, for lines that write them otherwise


@dataclass(frozen=True, slots=True)
class Filters:
    """Limits on what a read may return; empty means no limit."""

    types: tuple[str, ...] = ()
    statuses: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    audiences: tuple[str, ...] = ()
    theme: str = ""
    include_drafts: bool = False  # drafts too
    everything: bool = False  # drafts, deprecated and archived too

    def visible(self, card: Card) -> bool:
        """Whether a default read shows ``card``: no draft unless asked, nothing retired
        unless the question names that very record ("Why was KEP-3063 withdrawn?" hid
        KEP-3063, withdrawn, behind a footnote): its row says it is retired. A status
        asked by name is shown (pytorch/rfcs: ``--status archived`` found nothing
        without ``--all``)."""
        if self.everything or card.status in self.statuses:
            return True
        if card.status in UNVETTED:
            return self.include_drafts
        return card.status not in HIDDEN_STATUSES or card.exact >= NAMED

    def among(self) -> Among:
        """What :meth:`accepts` and :meth:`visible` let through, as the search index tells
        it from a document's row (a record named by the question, shown though retired,
        the search finds anyway)."""
        shunned: set[str] = set()
        if not self.everything and not self.statuses:
            shunned = set(HIDDEN_STATUSES - UNVETTED) | (set() if self.include_drafts else UNVETTED)
        return Among(
            frozenset(self.types),
            frozenset(self.statuses),
            frozenset(shunned),
            frozenset(self.tags),
            frozenset(self.audiences),
            _folder(self.theme),
        )

    def accepts(self, card: Card) -> bool:
        return (
            (not self.types or card.type in self.types)
            and (not self.statuses or card.status in self.statuses)
            and (not self.tags or any(t in card.tags for t in self.tags))
            and (not self.audiences or any(a in card.audience for a in self.audiences))
            and (not (theme := _folder(self.theme)) or card.id.startswith(theme + "/"))
        )


def _folder(theme: str) -> str:
    """A theme as a folder from the root, '' for the root itself: ``.`` and ``./`` are the
    root, as ``write --theme .`` reads them (Homebrew/brew: ``--theme .`` matched none)."""
    text = theme.strip().strip("/")
    if not text:
        return ""
    folder = posixpath.normpath(text)
    return "" if folder == "." else folder


@dataclass(frozen=True, slots=True)
class Hit:
    """A ranked document, as its manifest row tells it."""

    id: str
    score: float
    title: str
    summary: str
    type: str
    status: str
    tags: tuple[str, ...]
    check: tuple[str, ...] = ()  # impl_refs to verify, when the status asks for care
    sha: str = ""  # content hash of the document: pass it as expect_sha to change it
    # documents ranked below it with its file name, title and summary (the same page in
    # another version's folder), listed here rather than as hits of their own
    copies: tuple[str, ...] = ()
    superseded_by: tuple[str, ...] = ()  # what replaces it, when it is no longer in force
    # the share of the question's weight (its terms' idf) it holds, and the terms (as
    # analysed) it holds nowhere: see QueryResult.weak
    cover: float = 1.0
    lacks: tuple[str, ...] = ()

    @property
    def flagged(self) -> bool:
        return self.status in FLAGGED


@dataclass(frozen=True, slots=True)
class Passage:
    """Lines read from one document: its frontmatter, or one section."""

    doc: str
    title: str
    line: int
    end: int
    text: str
    cut: bool = False  # the section was longer and was shortened
    # the passage of another page shown above with the same text ("doc:line-end"); the
    # text is then left out
    same: str = ""


@dataclass(frozen=True, slots=True)
class Neighbour:
    id: str
    relation: str  # links, related, linked_by, supersedes, superseded_by, contradicts; theme
    distance: int
    summary: str
    status: str


@dataclass(frozen=True)
class QueryResult:
    question: str
    hits: tuple[Hit, ...]
    frontmatters: tuple[Passage, ...]
    sections: tuple[Passage, ...]
    neighbours: tuple[Neighbour, ...]
    hidden: int  # matching documents left out by the default visibility
    tokens: dict[str, int]  # per phase, and "total"
    stopped_early: bool
    over_budget: bool = False  # something was left out to stay within the budget
    unverified: bool = False  # nothing in force matched: the hits are drafts, not reviewed
    advice: str = ""  # what to do when the base holds no document
    hidden_ahead: str = ""  # a left-out document ranking above every hit shown, if any
    # candidates ranked but not listed so that the answer costs no more than reading its
    # top document whole (DESIGN §5): what an asked limit could not have
    unlisted: int = 0
    ahead_superseded_by: tuple[str, ...] = ()  # what replaces ``hidden_ahead``, if anything
    drafts_asked: bool = False  # drafts were asked for: only retired documents were left out
    # the words of the question the first document holds nowhere, when it holds under
    # WEAK_COVER of the question's weight: the base may not say what was asked
    weak: tuple[str, ...] = ()
    # what holds now at the end of that chain, when it is not what replaced it first
    ahead_now: tuple[str, ...] = ()
    # those of its successors, and of what holds now, that are retired too, with their
    # status: a record replaced by one abandoned since (cosmos/cosmos-sdk's ADR-045)
    ahead_retired: tuple[tuple[str, str], ...] = ()
    # the best document in force, when drafts matched far better (:data:`OUTRANK`): the
    # hits are then drafts and documents in force together, in rank order
    outranked: str = ""
    # the retired ones replaced by nothing among the first of ``hidden_above`` (or
    # ``hidden_ahead``), with their status ("archived": a record reverted or withdrawn)
    retired_above: tuple[tuple[str, str], ...] = ()
    # the documents read whose file holds an unresolved git merge conflict (E010), with
    # its line: both sides are what the answer shows, as knowledge
    conflicted: tuple[tuple[str, int], ...] = ()
    hidden_above: tuple[str, ...] = ()  # every left-out document ranking above every hit


@dataclass(frozen=True)
class ShowResult:
    hit: Hit
    links: dict[str, tuple[str, ...]]  # relation -> ids
    outline: tuple[str, ...]  # section titles, indented by level
    passages: tuple[Passage, ...]  # the frontmatter, a section, or the body
    tokens: int
    conflict: int | None = None  # the line of an unresolved git merge conflict (E010)
    # the section asked by its title, when others have the same title: their lines
    same_title: tuple[int, ...] = ()


@dataclass(frozen=True)
class SearchHit:
    hit: Hit
    snippet: str
    line: int


@dataclass(frozen=True)
class SearchResult:
    text: str
    hits: tuple[SearchHit, ...]
    hidden: int
    tokens: int
    unverified: bool = False  # nothing in force matched: the hits are drafts, not reviewed
    advice: str = ""  # what to do when the base holds no document
    hidden_ahead: str = ""  # a left-out document ranking above every hit shown, if any
    ahead_superseded_by: tuple[str, ...] = ()  # what replaces ``hidden_ahead``, if anything
    drafts_asked: bool = False  # drafts were asked for: only retired documents were left out
    # the words of the question the first document holds nowhere, when it holds under
    # WEAK_COVER of the question's weight: the base may not say what was asked
    weak: tuple[str, ...] = ()
    # what holds now at the end of that chain, when it is not what replaced it first
    ahead_now: tuple[str, ...] = ()
    # those of its successors, and of what holds now, that are retired too, with their
    # status: a record replaced by one abandoned since (cosmos/cosmos-sdk's ADR-045)
    ahead_retired: tuple[tuple[str, str], ...] = ()
    # the best document in force, when drafts matched far better (:data:`OUTRANK`): the
    # hits are then drafts and documents in force together, in rank order
    outranked: str = ""
    # the retired ones replaced by nothing among the first of ``hidden_above`` (or
    # ``hidden_ahead``), with their status ("archived": a record reverted or withdrawn)
    retired_above: tuple[tuple[str, str], ...] = ()
    hidden_above: tuple[str, ...] = ()  # every left-out document ranking above every hit


@dataclass(frozen=True)
class NeighboursResult:
    start: Hit
    neighbours: tuple[Neighbour, ...]
    tokens: int
    hidden_drafts: int = 0  # neighbours left out because they are drafts
    hidden_retired: int = 0  # neighbours left out because they are deprecated or archived
    # none in force: the drafts around it are shown instead, as not yet reviewed
    unverified: bool = False


@dataclass
class _Answer:
    """What a query hands over, by phase, and how to shorten it to a cost."""

    rows: list[Hit]
    frontmatters: list[Passage]
    sections: list[Passage]
    near: list[Neighbour]
    row_of: Callable[[Hit], str]

    def costs(self) -> dict[str, int]:
        heads = {id(p) for p in self.frontmatters}
        placed = in_order(self.rows, self.frontmatters, self.sections)
        costs = [(id(p) in heads, passage_cost(p, named)) for p, named in placed]
        return {
            "manifest": sum(tokens.estimate(self.row_of(h)) for h in self.rows),
            "frontmatter": sum(cost for head, cost in costs if head),
            "sections": sum(cost for head, cost in costs if not head),
            "neighbours": sum(tokens.estimate(neighbour_line(n)) for n in self.near),
        }

    def report(self) -> dict[str, int]:
        counted = self.costs()
        return {**counted, "total": sum(counted.values())}

    def trim(self, cap: int, *, rows: bool = True) -> int | None:
        """Leave out, least useful first, what takes the cost over ``cap``: neighbours, the
        other documents' sections and frontmatters (a page left with no section loses its
        frontmatter at once: its fields alone answer nothing), the top document's
        frontmatter (its row already gives title and summary), its further sections, then
        the other rows;
        a frontmatter showing a record's own status, which no row gives, goes after the
        further sections (a short rejected proposal asked "was it accepted?").
        The top row and the top document's best section stay; when they alone cost more
        than ``cap``, the tokens left for that section beside the row are returned, to
        show a shorter cut of it if one fits (None when they fit)."""
        top = self.rows[0].id
        best = next((p for p in self.sections if p.doc == top), None)
        total = self.report()["total"]
        if total <= cap:
            return None
        phases: list[tuple[list[Any], Callable[[Any], bool]]] = [
            (self.near, lambda _n: True),
            (self.sections, lambda p: p.doc != top),
            (self.frontmatters, lambda p: p.doc != top),
            (self.frontmatters, lambda p: not _gives_own_status(p)),
            (self.sections, lambda p: p is not best),
            (self.frontmatters, lambda _p: True),
            *([(self.rows, lambda h: h is not self.rows[0])] if rows else []),
        ]
        for items, may_go in phases:
            for item in reversed([i for i in items if may_go(i)]):
                if total <= cap:
                    return None
                items.remove(item)
                if items is self.sections and not any(p.doc == item.doc for p in items):
                    # a page below the first left with no section: its fields alone answer
                    # nothing (fastapi: 339 of 712 tokens were such frontmatters)
                    self.frontmatters[:] = [p for p in self.frontmatters if p.doc != item.doc]
                total = self.report()["total"]  # a page's next passage may now name it
        if total <= cap or best is None:
            return None
        return cap - (total - passage_cost(best))


def _gives_own_status(head: Passage) -> bool:
    """Whether a frontmatter passage shows the status a record gave itself (which
    :meth:`Reader._frontmatter` shows only when it says more than the status does)."""
    return any(line.startswith("original_status:") for line in head.text.split("\n"))


SAME_PAGE = "same page"  # what the line naming a passage says for the page named above


def in_order(
    hits: Sequence[Hit], frontmatters: Sequence[Passage], sections: Sequence[Passage]
) -> list[tuple[Passage, bool]]:
    """The passages of an answer as it prints them: page by page in the order of the
    hits, each page's frontmatter first; with each, whether it is the first of its page,
    the one whose line names the page (the others say :data:`SAME_PAGE`)."""
    rank = {hit.id: n for n, hit in enumerate(hits)}
    every = [*frontmatters, *sections]
    ordered = sorted(enumerate(every), key=lambda item: (rank.get(item[1].doc, len(rank)), item[0]))
    out, named = [], set()
    for _n, passage in ordered:
        out.append((passage, passage.doc not in named))
        named.add(passage.doc)
    return out


def passage_head(passage: Passage, named: bool) -> str:
    """The line that names a passage in an answer: its page (or :data:`SAME_PAGE`), its
    lines and its title."""
    page = passage.doc if named else SAME_PAGE
    head = f"--- {page}:{passage.line}-{passage.end} ({passage.title})"
    return f"{head}: the same text as {passage.same}" if passage.same else head


CONTINUES = ("show --section {line}", "read section={line}")  # the CLI's words, MCP's


SAME_TEXT_WORDS = 12  # words a passage needs before its text is told the same as another's


def _said_once(passages: Sequence[Passage]) -> list[Passage]:
    """``passages`` with the text of each that repeats one of another page shown before
    it left out, and that one named: celestia-app's specs keep a page of parameters per
    version, and a query printed the same paragraph of three of them."""
    seen: dict[str, Passage] = {}
    out = []
    for passage in passages:
        said = " ".join(passage.text.split())
        first = seen.get(said) if len(said.split()) >= SAME_TEXT_WORDS else None
        if first is not None and first.doc != passage.doc:
            where = f"{first.doc}:{first.line}-{first.end}"
            passage = dataclasses.replace(passage, text="", cut=False, same=where)  # noqa: PLW2901
        elif said:
            seen.setdefault(said, passage)
        out.append(passage)
    return out


def passage_frame(passage: Passage, named: bool = True) -> str:
    """The lines an answer prints around a passage: the line that names it and, for a
    section cut short, the option that shows it whole. They are read with it, so they
    are counted with it, in the longer of the CLI's and MCP's words."""
    head = passage_head(passage, named)
    if not passage.cut or passage.same:
        return head
    said = [f"[section continues: {words.format(line=passage.line)}]" for words in CONTINUES]
    return f"{head}\n{max(said, key=tokens.estimate)}"


def passage_cost(passage: Passage, named: bool = True) -> int:
    """The tokens a passage costs in an answer: its text and its frame."""
    return tokens.estimate(passage.text) + tokens.estimate(passage_frame(passage, named))


def neighbour_line(neighbour: Neighbour) -> str:
    """A neighbour as an answer lists it, and as its cost is counted."""
    return f"{neighbour.relation}: {neighbour.id} [{neighbour.status}] {neighbour.summary}"


def hit_of(card: Card, summary_max: int | None = None) -> Hit:
    """A card as a reader is given it; its summary cut to ``summary_max`` characters when
    that is given (a hand-edited summary may run longer than the base allows)."""
    refs = card.impl_refs if card.status in FLAGGED else ()
    return Hit(
        card.id,
        round(card.score, 3),
        card.title,
        card.summary if summary_max is None else cells.clip(card.summary, summary_max),
        card.type,
        card.status,
        card.tags,
        refs,
        card.sha,
        superseded_by=card.superseded_by,
        cover=round(card.cover, 3),
        lacks=card.lacks,
    )


def hit_lines(hit: Hit) -> list[str]:
    """A hit as a query lists it, and as its cost is counted: its id with type, status and
    tags, then its summary. (A flagged hit's warning is printed after them, a notice
    like the other lines that frame an answer.)

    A page without frontmatter has none of them: its row is its id, and its title
    when the title says more than the id (``ADR019: Service Mesh`` adds nothing to
    ``ADR019-service-mesh.md``), never an empty ``[/]`` and a blank line."""
    kind = "/".join(part for part in (hit.type, hit.status) if part)
    tags = ",".join(hit.tags)
    label = "; ".join(part for part in (kind, tags) if part)
    # the title beside the id when the file name says nothing of it; a page without a
    # summary gives it on the line below instead
    unnamed = hit.summary and hit.title and text.unnamed(hit.id, hit.title)
    named = f'{hit.id} "{hit.title}"' if unnamed else hit.id
    lines = [f"{named}  [{label}]" if label else named]
    about = hit.summary or (hit.title if _says_more(hit.title, hit.id) else "")
    if about:
        lines.append(f"   {about}")
    if hit.copies:
        more = len(hit.copies) - COPIES_LISTED
        listed = ", ".join(hit.copies[:COPIES_LISTED]) + (f" and {more} more" if more > 0 else "")
        lines.append(f"   same title and summary: {listed}")
    return lines


def _copy_key(card: Card) -> tuple[str, str, str] | None:
    """What a copy of a page shares with it: its file name, title and summary (None for
    a page without both, which nothing would tell apart from another)."""
    if not card.title or not card.summary:
        return None
    return card.id.rpartition("/")[2], card.title, card.summary


def _title_alone(head: Passage, hit: Hit) -> bool:
    """Whether a document's frontmatter passage holds its title alone, a title that
    says nothing its row (id and summary) has not: not worth the line naming it."""
    if "\n" in head.text or not head.text.startswith("title:"):
        return False
    title = head.text.removeprefix("title:").strip().strip("\"'")
    return not _says_more(title, f"{hit.id} {hit.summary}")


def _page_list(card: Card) -> bool:
    """Whether ``card`` is a draft overview, such as those ``write`` and ``import`` make to
    list a folder's pages: it holds every title of the folder, so it ranks above the page
    that answers, and is no answer to point at ("ranks above every document shown")."""
    return card.type == "overview" and card.status == "draft"


def _says_more(title: str, doc_id: str) -> bool:
    """Whether ``title`` holds a word its document's id does not."""
    named = set(_WORD.findall(doc_id.casefold()))
    return any(word not in named for word in _WORD.findall(title.casefold()))


class Reader:
    """Reads on one base, for one operation: the session's search index, synced once."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.view = session.view()  # one walk of the files for the whole operation
        self.searcher = session.searcher(self.view)
        self.summary_max = session.config.summary_max
        self._documents: dict[str, Document] = {}
        self._acronyms: tuple[str, acronyms.Asked] | None = None  # the last question's

    def card(self, doc_id: str) -> Card:
        found = self.searcher.card(doc_id)
        if found is None:
            raise NotFoundError(f"{doc_id} is not a document of this base", doc=doc_id)
        return found

    def document(self, doc_id: str) -> Document:
        """A document, read once per operation however many phases look at it."""
        found = self._documents.get(doc_id)
        if found is None:
            self.card(doc_id)
            read = self.session.read(doc_id, whole=False)
            found = self._documents[doc_id] = loads_leniently(read.text, doc_id)
        return found

    def ranked(
        self,
        question: str,
        filters: Filters,
        limit: int,
        keep: float = 0.0,
        pool: Sequence[Card] | None = None,
    ) -> Ranked:
        """The visible candidates in rank order, how many matches were hidden, the first
        hidden draft (or page with no status) that ranks above every visible one (None
        otherwise), and every hidden one that does, best first.

        With ``keep``, a hidden match counts only when it scores at least that share of
        the best visible one: what widening the filters would list beside it. ``pool``:
        the search's order for ``question`` (:meth:`pool`) when the caller has it
        already, as a second look with other filters does."""
        hits: list[Hit] = []
        hidden: list[float] = []
        draft: Card | None = None
        above: list[str] = []
        copies: dict[tuple[str, str, str], list[str]] = {}  # by the key of the hit they copy
        first: dict[tuple[str, str, str], str] = {}
        cards: dict[str, Card] = {}  # the copies' cards, to show the newest version's
        for card in self.pool(question, limit, filters=filters) if pool is None else pool:
            if not filters.accepts(card):
                continue
            if not filters.visible(card):
                if not hits and not _page_list(card):
                    above.append(card.id)
                    if draft is None and card.status in UNVETTED:
                        draft = card
                hidden.append(card.score)
                continue
            key = _copy_key(card)
            if key is not None and key in copies:
                copies[key].append(card.id)
                cards[card.id] = card
                continue
            if len(hits) < limit:
                hits.append(hit_of(card, self.summary_max))
                if key is not None:
                    copies[key], first[key] = [], card.id
        if hits and keep:
            hidden = [score for score in hidden if score >= keep * hits[0].score]
        of = {first[key]: tuple(ids) for key, ids in copies.items() if ids}
        if of:
            hits = [
                self._newest_copy(h, of[h.id], cards, question) if h.id in of else h for h in hits
            ]
        return Ranked(hits, len(hidden), draft if hits else None, tuple(above) if hits else ())

    def _newest_copy(
        self, hit: Hit, others: tuple[str, ...], cards: dict[str, Card], question: str
    ) -> Hit:
        """``hit`` with its ``copies`` (same title and summary), shown as the copy of the
        version the question names, else of the newest version when the copies sit in
        folders named for versions (expressjs' ``4x/`` and ``5x/``: the 4.x page was
        shown, the 5.x one folded into its row)."""
        every = (hit.id, *others)
        versions = {doc_id: _version_of(doc_id) for doc_id in every}
        if any(v is None for v in versions.values()) or len(set(versions.values())) < 2:
            return dataclasses.replace(hit, copies=others)
        asked = {int(n) for n in _ASKED_VERSION.findall(question)}
        named = [d for d in every if (versions[d] or (0,))[0] in asked]
        chosen = named[0] if len(named) == 1 else max(every, key=lambda d: versions[d] or ())
        if chosen == hit.id:
            return dataclasses.replace(hit, copies=others)
        shown = hit_of(cards[chosen], self.summary_max)
        return dataclasses.replace(shown, copies=tuple(d for d in every if d != chosen))

    def pool(
        self,
        question: str,
        limit: int,
        prefer: frozenset[str] = frozenset(),
        filters: Filters | None = None,
    ) -> list[Card]:
        """The whole pool the search orders for ``question``, whatever the ``limit`` of the
        list: which documents are in force, hidden or copies must not change with it.
        Documents of a type in ``prefer`` gain; those ``filters`` let through are sure to
        be in it (see :meth:`Searcher.rank`)."""
        among = filters.among() if filters is not None else EVERY
        return self.searcher.rank(question, max(limit * 8, CANDIDATES), prefer, among)

    def answered(
        self,
        question: str,
        filters: Filters,
        limit: int,
        keep: float = 0.0,
        prefer: frozenset[str] = frozenset(),
    ) -> _Answered:
        """:meth:`ranked`, falling back on drafts when nothing in force matches, or
        listing them with what is in force when they match far better (:func:`_outranks`).

        Rule 2 leaves drafts out of a default read, but a base being adopted is mostly
        drafts: once one document is in force, it would answer every question it barely
        touches while the drafts that answer stay hidden."""
        # ranked once: the filters of a second look (drafts let in) pick from the same pool
        pool = self.pool(question, limit, prefer, filters)
        hits, hidden, draft, above = self.ranked(question, filters, limit, keep, pool)
        if filters.include_drafts or filters.everything:
            return _Answered(hits, hidden, ahead=_first(above), above=above)
        wider = dataclasses.replace(filters, include_drafts=True)
        # what is in force may be about something else (a decision on Python versions
        # asked which code formatter is used): the drafts answer, as when nothing in force
        # matches, and it is not named as if it were an answer
        unrelated = bool(hits) and draft is not None and _unrelated(hits[0], draft)
        if unrelated or (not hits and hidden):
            drafts = self.ranked(question, wider, limit, keep, pool)
            alone = [h for h in drafts.hits if h.status in UNVETTED] if unrelated else drafts.hits
            if alone and alone[0] is drafts.hits[0]:
                return _Answered(
                    alone,
                    drafts.hidden,
                    unverified=True,
                    ahead=_first(drafts.above),
                    above=drafts.above,
                )
        if (
            hits
            and draft is not None
            and (
                _outranks(draft, hits[0]) or _drafts_ahead(pool, above) >= max(limit, DRAFTS_AHEAD)
            )
        ):
            mixed = self.ranked(question, wider, limit, keep, pool)
            return _Answered(
                mixed.hits,
                mixed.hidden,
                outranked=hits[0].id,
                in_force=hits[0],
                ahead=_first(mixed.above),
                above=mixed.above,
            )
        if hits:
            return _Answered(hits, hidden, ahead=_first(above), above=above)
        if not self.view.files:
            return _Answered(hits, hidden, advice=EMPTY_ADVICE)
        return _Answered(hits, hidden)

    def _near(
        self,
        chosen: Sequence[Hit],
        hits: Sequence[Hit],
        filters: Filters,
        *,
        asked: bool,
        drafts: bool,
    ) -> list[Neighbour]:
        """The neighbours a query shows: those ``asked`` for, all of them, drafts when none
        is in force; unasked, for an answer from ``drafts``, a few, briefly."""
        if not chosen:
            return []
        if asked:
            near = self.neighbours(chosen[0].id, 1, filters)
            if not near:  # nothing in force around it: its drafts, as `neighbours` gives
                wider = dataclasses.replace(filters, include_drafts=True)
                near = self.neighbours(chosen[0].id, 1, wider)
            return near
        return self.widened(chosen[0], filters, {h.id for h in hits}) if drafts else []

    def widened(self, hit: Hit, filters: Filters, shown: set[str]) -> list[Neighbour]:
        """For an answer from drafts: the overview of the draft's theme, then the drafts
        its relations name, at most :data:`WIDEN_AT_MOST`."""
        wider = dataclasses.replace(filters, include_drafts=True)
        found: list[Neighbour] = []
        folder = hit.id.rpartition("/")[0]
        overview = self.searcher.card(f"{folder}/overview.md" if folder else "overview.md")
        if overview is not None and overview.id not in shown and wider.visible(overview):
            found.append(Neighbour(overview.id, "theme", 1, overview.summary, overview.status))
        taken = shown | {n.id for n in found}
        for item in self.neighbours(hit.id, 1, wider):
            if item.id not in taken:
                found.append(item)
                taken.add(item.id)
        # on the Rust book they cost 290 tokens of 912, more than the passage that answered
        return [
            dataclasses.replace(n, summary=cells.clip(n.summary, WIDEN_SUMMARY))
            for n in found[:WIDEN_AT_MOST]
        ]

    # --- phases --------------------------------------------------------------------

    def _frontmatter(
        self,
        doc: Document,
        *,
        whole: bool = True,
        shown: Iterable[Passage] = (),
        listed: int | None = None,
        status_asked: bool = False,
        named: frozenset[str] = frozenset(),
        foreign: str | None = None,
    ) -> Passage:
        """The frontmatter as written; without ``whole``, only the schema's fields that
        the manifest row has not already shown (see :data:`PHASE_TWO`), and not the
        title when one of the ``shown`` passages opens with it as a heading; with
        ``listed``, a list of more items shows that many and says how many more. With
        ``status_asked``, an imported record's own status is shown whatever it says; a
        field whose name holds one of the words ``named`` (:func:`_fields_named`) is
        shown too, whatever it is. With ``foreign`` (the summary the row shows), the
        fields the schema does not know are shown too, and every other one but those the
        row shows or that only repeat that summary (``show``: adr/madr's
        ``decision-makers`` was nowhere to be read)."""
        lines = doc.raw.splitlines()
        end = doc.body_line - 1
        block = lines[1 : end - 1] if end > 1 else []  # no frontmatter: nothing to show
        if not whole:
            if foreign is None:
                said = {k for k in doc.key_lines if k not in PHASE_TWO}
            else:
                said = {
                    k
                    for k in doc.key_lines
                    if k in ROW_FIELDS or (foreign and str(doc.meta.get(k)).strip() == foreign)
                }
            if "original_status" in said and (status_asked or _status_says_more(doc.meta)):
                said.discard("original_status")  # the status field cannot say it
            if named:
                said -= {k for k in said if _field_words(k) & named}
            if _headed(doc.meta.get("title"), shown):
                said.add("title")
            skipped = {doc.key_lines[k] for k in said}
            starts = sorted(doc.key_lines.values())
            kept = []
            for offset, line in enumerate(block, start=2):
                owner = max((n for n in starts if n <= offset), default=0)
                if owner not in skipped:
                    kept.append(line)
            block = kept if listed is None else _first_items(kept, listed, doc.id)
        return Passage(doc.id, "frontmatter", 1, end, "\n".join(block))

    def _sections(
        self,
        doc: Document,
        question: str,
        most: int,
        first: int = SECTION_TOKENS,
        part: str | None = None,
    ) -> list[Passage]:
        """The sections of ``doc`` that answer ``question``, best first, at most ``most``,
        each shown around the lines that match it.

        The best section is the one the ranking scores best for the question (its
        own text, the words of the headings above it counted more), a section of
        code or of link lists alone losing up to :data:`NOT_PROSE_DISCOUNT` of that
        score; for a document the index does not hold, the one sharing most terms
        with it. A further section is shown only when it scores at least
        :data:`SECOND_SHARE` of the best. Inside a section, :func:`passages.window`
        keeps the run of lines holding the most of the question within ``first``
        tokens (:data:`FURTHER_TOKENS` for the further ones), its heading first when
        that fits, and ``cut`` says when lines were left out. Headings are shown as a
        reader sees them, without anchors.

        A ``part`` the question asks for (:func:`asking.part_asked`: the consequences,
        the alternatives or the limitations) leads when ``doc`` has a section named for
        it with some text, whatever its words.

        Sections share calls to the analyser, and only those that may hold a
        wanted term are analysed on their own (:func:`_terms_of_each`): a page of
        a hundred thousand headings costs about what the same page with none would.
        """
        wanted = set(self.searcher.analyzer.terms(question))
        if not wanted:
            return []
        lines = _without_field_table(doc, doc.raw.splitlines())
        outline = doc.outline() or (Section(1, doc.id, doc.body_line, len(lines)),)
        if any(lines[n].strip() for n in range(doc.body_line - 1, outline[0].line - 1)):
            # what the page says before its first heading: a section, as the index has it
            outline = (Section(0, doc.id, doc.body_line, outline[0].line - 1), *outline)
        ends = _own_ends(outline)
        matched = passages.unread(lines)  # as the search index reads them
        texts = ["\n".join(matched[s.line - 1 : end]) for s, end in zip(outline, ends, strict=True)]
        bodies, titles = (
            _terms_of_each(self, t, wanted) for t in (texts, [s.title for s in outline])
        )
        said: dict[int, tuple[float, Section, int]] = {}
        covers: dict[int, float] = {}  # share of the terms asked a section's own text holds
        for section, own_end, terms, title in zip(outline, ends, bodies, titles, strict=True):
            covers[section.line] = len(wanted.intersection(terms)) / len(wanted)
            score = sum(1 for t in terms if t in wanted) + 3 * len(wanted.intersection(title))
            below = section.line if section.level else section.line - 1
            if score and any(line.strip() for line in matched[below:own_end]):
                # a heading alone says nothing
                said[section.line] = (score / (1 + len(terms) / 400), section, own_end)
        named = _part(outline, ends, lines, part, said) if part and part != asking.REASONS else None
        if not said:  # only its title, summary or name matched ("ADR 11"): a record's
            decided = named or (_decision(outline, ends, lines) if most > 1 else None)
            if decided is None:
                return []
            _score, section, own_end = decided
            weighed = self._line_weights(doc, lines, {}, question)
            excerpt = self._excerpt(
                doc, lines[section.line - 1 : own_end], section, (wanted, weighed), first
            )
            return [excerpt] if excerpt.text.strip() else []
        ranked, weights = self.searcher.sections_of(question, doc.id)
        weighed = self._line_weights(doc, lines, weights, question)
        # a section of code or of links alone holds the question's names without
        # answering it: the Example beside the Remarks that explain comes after them
        code = passages.not_prose(lines)
        in_code = self._in_code(
            question,
            wanted,
            {s.line: (texts[n], bodies[n]) for n, s in enumerate(outline) if s.line in said},
        )

        aside = _set_aside(outline)

        def prose_first(item: tuple[int, _Scored]) -> tuple[float, int]:
            number, (section, _value, order) = item
            prose = passages.prose_share(lines, section.line + 1, said[section.line][2], code)
            named = 1 - IN_NAMES_DISCOUNT * in_code.get(section.line, 0.0)
            covered = (1 + COVER_SHARE * covers[section.line]) * _aside_share(
                section.line in aside, part
            )
            return -order * named * covered * (1 - NOT_PROSE_DISCOUNT * (1 - prose)), number

        kept = sorted(
            (item for item in enumerate(ranked) if item[1][0].line in said), key=prose_first
        )
        order = [(said[s.line], value) for _n, (s, value, _order) in kept]
        if not order:  # not in the index: by the terms shared
            order = [(item, item[0]) for item in sorted(said.values(), key=lambda i: -i[0])]
        card = self.searcher.card(doc.id)
        if len(order) > 1 and card is not None and _says_only(order[0][0], lines, card.summary):
            order = order[1:]  # the row shows that summary already: the next section answers
        best = order[0][1]
        chosen = [item for item, value in order[:most] if value >= SECOND_SHARE * best]
        # the top document: a record's decision is what it is read for
        decided = _decision(outline, ends, lines) if most > 1 else None
        if part == asking.REASONS:
            named = _why_answered(outline, ends, lines, decided)
        chosen = _with_decision_and_part(chosen, decided, named, most)
        reasons = named[1].line if part == asking.REASONS and named is not None else None
        shown = [
            self._excerpt(
                doc,
                lines[section.line - 1 : own_end],
                section,
                (wanted, weighed),
                first if n == 0 else FURTHER_TOKENS,
                reasons=section.line == reasons,
                under=aside.get(section.line, ""),
            )
            for n, (_score, section, own_end) in enumerate(chosen)
        ]
        # a comment alone, or a heading alone (its section's lines were a table of the
        # page's fields, emptied), says nothing
        return [p for p in shown if p.text.strip() and not _heading_alone(p.text)]

    def _in_code(
        self, question: str, wanted: set[str], said: dict[int, tuple[str, list[str]]]
    ) -> dict[int, float]:
        """For each section of ``said`` (its text and terms, by its line), the share of its
        matches of the words the question writes as plain words that sit inside inline
        code (`` `LOCK_DURATION` ``, `` `src/auth/login.py` ``): a name holding a word
        asked is no sentence about it. Words the question writes as names are not counted.
        """
        # as written: the analyser reads a camelCase name's parts too
        as_code = [
            *text.identifiers_as_written(question), *text.split_names(question),
            *text.code_words(question),
        ]  # fmt: skip
        plain = wanted - set(self.searcher.analyzer.terms(" ".join(as_code)))
        if not plain:
            return {}
        lines = [n for n in said if "`" in said[n][0]]  # no code span: nothing inside one
        outside = _terms_of_each(self, [_INLINE_CODE.sub(" ", said[n][0]) for n in lines], plain)
        out = {}
        for line, words in zip(lines, outside, strict=True):
            matched = sum(1 for t in said[line][1] if t in plain)
            kept = sum(1 for t in words if t in plain)
            if matched:
                out[line] = 1 - min(matched, kept) / matched
        return out

    def _line_weights(
        self, doc: Document, lines: list[str], weights: dict[str, float], question: str
    ) -> _Lines:
        """The weights that choose the lines of a document to show (see :class:`_Lines`).

        What a document says of itself (its title, and its summary or else its first
        line of prose) the row already shows, and most of its lines are about it: its
        terms choose no line, so that the lines holding the rest of the question come
        first, and the line standing in for a summary is not preferred as a lead."""
        card = self.searcher.card(doc.id)
        if self._acronyms is None or self._acronyms[0] != question:
            # read once: the same question's documents and cuts ask for it again
            analyzer = self.searcher.analyzer
            self._acronyms = (question, acronyms.asked(question, analyzer.terms, analyzer.stop))
        spelled = self._acronyms[1]
        if card is None or not weights:
            return _Lines(weights, weights, 0, spelled)
        summary, line = card.summary, 0
        if not summary:
            body = lines[doc.body_line - 1 :]
            lead = _lead(body)
            if lead is not None:
                summary, line = body[lead], doc.body_line + lead
        known = self.searcher.analyzer.terms(f"{card.title}\n{summary}")
        return _Lines(_without(weights, known), weights, line, spelled)

    def _found(self, own: list[str], wanted: set[str], spelled: acronyms.Asked) -> list[set[str]]:
        """The terms of ``wanted`` each of the lines ``own`` holds, as written or in their
        other form ("EIPs" for "Elastic IPs", "network load balancer" for "NLB")."""
        found = [wanted.intersection(f) for f in _terms_of_each(self, own, wanted)]
        if spelled.spelled or spelled.written:
            found = [f | spelled.held(line) for f, line in zip(found, own, strict=True)]
        return found

    def _excerpt(
        self,
        doc: Document,
        own: list[str],
        section: Section,
        asked: tuple[set[str], _Lines],
        limit: int,
        *,
        reasons: bool = False,
        under: str = "",
    ) -> Passage:
        """The lines of a section worth showing for the wanted terms and their weights,
        within ``limit`` tokens (see :meth:`_sections`); with ``reasons`` (the section
        of the option a record chose, for a "why" question), the lines giving a reason
        ("Good, because ...") come before every other line. ``under`` is the heading
        above it its title is shown with ("Alternatives considered > ...")."""
        wanted, weighed = asked
        own = passages.without_inline_comments(own)
        found = self._found(own, wanted, weighed.spelled)
        hidden = _hidden(doc, own)
        for number in hidden | passages.contents_lines(own):  # hidden, or said again
            found[number] = set()
        heading = self.searcher.analyzer.terms(section.title) if section.level else []
        scores, weights = _line_scores(found, weighed, heading)
        scores = passages.cited(own, scores)
        # a code line holding the names asked, beside a sentence holding them as well: the
        # sentence says what the code only does (fastapi's CORS page showed the middleware's
        # call, not "None of allow_origins ... can be set to ['*'] if allow_credentials")
        code = passages.not_prose(own)
        scores = [v * CODE_LINE_SHARE if n + 1 in code else v for n, v in enumerate(scores)]
        if reasons:  # above every other line: the reasons are what is asked
            most = max(scores, default=0.0) + REASON_SHARE * max(weights.values(), default=1.0)
            scores = [v + most if _BECAUSE.search(own[n]) else v for n, v in enumerate(scores)]
        lead = _lead(own, hidden)
        # what a section says first, it says of itself (unless it is the document's summary)
        if lead is not None and section.line + lead != weighed.summary_line:
            scores[lead] += LEAD_SHARE * max(weights.values(), default=1.0)
        # among lines holding as much of the rest of the question, the one holding more of
        # what the row says too: uv's configuration page showed the first line naming
        # uv.toml for "where is the user-level uv.toml configuration file", not the one
        # about the user-level file (its title and summary hold the other words)
        ties = [sum(weighed.plain.get(t, 0.0) for t in f) for f in found]
        costs = passages.LineCosts(own, tokens.estimate)
        start, end = passages.window(scores, costs, limit, keep_first=True, ties=ties)
        if start > 1 and passages.heading_name(section.title) in DECISION_SECTIONS:
            start, end = _decision_opening(scores, costs, limit, (start, end))
        past, room = _past_heading(own, costs, (start, end, limit), hidden)
        end = passages.past_table_head(own, costs, start, past, limit)
        end = passages.past_announcement(own, costs, start, end, limit)
        end = passages.with_sub_items(own, costs, start, end, limit)
        start = passages.past_other_items(own, scores, start, end)
        # whole sentences: the first from its start, the last, a little past the limit, to its end
        start, end = passages.whole_sentences(
            own, costs, scores, (start, end), (limit, int(limit * (1 + SENTENCE_ALLOWANCE)))
        )
        while start < end and (start in hidden or not own[start].strip()):
            start += 1  # a passage opens on a line a reader sees, never on a blank one
        # nor on a line hidden, or on a quote's empty line (">") outside code
        while end > start and (end - 1 in hidden or _empty_quote(own[end - 1], end, code)):
            end -= 1
        start, end, above, below = _framed(own, costs, (start, end), limit, scores)
        opened = bool(above)  # the window opens inside a block
        if not above:  # rows of a table under the header that says what their cells are
            start, above = passages.table_head(own, start, end)
        # what a page says before its first heading goes by the page's title, not its path
        title = passages.shown_heading(section.title) if section.level else _page_title(doc)
        shown = _shown_lines(own, start, end, hidden)
        if not above:  # outside a code block: its headings as a reader sees them
            shown = passages.headings_shown(shown)
        clipped = self._clipped(shown, (wanted, weights), limit, room)
        if start == 0 and shown and section.level and shown[0].lstrip(" ").startswith("#"):
            shown[0] = "#" * section.level + " " + title
        # a block cut at either end is shown whole as a block: its fences are added, and a
        # line saying lines were left out there (nestjs: the APP_GUARD example, cut after
        # its imports, read as the whole of it)
        shown = [*([above, passages.ELIDED] if opened else [above] if above else []), *shown]
        left = bool(below) and any(line.strip() for line in own[end:])  # cut, not unclosed
        text = "\n".join(shown).rstrip()
        text += (f"\n{passages.ELIDED}" if left else "") + (f"\n{below}" if below else "")
        kept = [n for n in range(start, end) if own[n].strip() and n not in hidden]
        last = section.line + (kept[-1] if kept else start)
        # cut when a line a reader would see is left out, not a comment's nor a blank one
        cut = bool(clipped) or any(
            own[n].strip() and n not in hidden for n in (*range(start), *range(end, len(own)))
        )
        return Passage(
            doc.id,
            f"{passages.shown_heading(under)}{passages.PATH_SEPARATOR}{title}" if under else title,
            section.line + start,
            max(last, section.line + start),
            text,
            cut,
        )

    def _clipped(
        self,
        shown: list[str],
        asked: tuple[set[str], dict[str, float]],
        limit: int,
        allowed: Mapping[str, int],
    ) -> list[int]:
        """Clip, in place, the lines of ``shown`` that are a paragraph written as one long
        line (over :data:`LONG_LINE` tokens, or over what ``allowed`` gives that line) to
        the part that answers, within ``limit``; the numbers of those clipped."""
        wanted, weights = asked
        clipped = []
        for number, line in enumerate(shown):
            if tokens.estimate(line) <= min(LONG_LINE, allowed.get(line, LONG_LINE)):
                continue
            clipped.append(number)
            shown[number] = passages.clip(
                line,
                lambda parts: [
                    sum(weights.get(t, 1.0) for t in wanted.intersection(f))
                    for f in _terms_of_each(self, parts, wanted)
                ],
                tokens.estimate,
                min(limit, allowed.get(line, limit)),
            )
        return clipped

    def neighbours(self, doc_id: str, depth: int, filters: Filters) -> list[Neighbour]:
        """Documents reachable from ``doc_id`` through the relation graph, nearest first."""
        return self._walk(doc_id, depth, filters)[0]

    def _walk(self, doc_id: str, depth: int, filters: Filters) -> tuple[list[Neighbour], int, int]:
        """:meth:`neighbours`, and how many the filters' visibility left out: drafts, then
        deprecated or archived documents. A left-out one is not walked through."""
        seen = {doc_id}
        found: list[Neighbour] = []
        drafts = retired = 0
        queue = deque([(doc_id, 0)])
        while queue:
            current, distance = queue.popleft()
            if distance == depth:
                continue
            node = self.searcher.node(current)
            # the most telling name first: a record's Status line links to its successor,
            # and that target is named for the supersession, not as a plain link
            for relation in (*graph.EXTRA_RELATIONS, "related", "links", "linked_by"):
                for target in getattr(node, relation):
                    if target in seen:
                        continue
                    card = self.searcher.card(target)
                    if card is None:
                        continue
                    if not filters.visible(card):
                        seen.add(target)
                        if filters.accepts(card):
                            drafts += card.status in UNVETTED
                            retired += card.status not in UNVETTED
                        continue
                    seen.add(target)
                    queue.append((target, distance + 1))
                    if not filters.accepts(card):
                        continue  # walked through, not shown
                    found.append(
                        Neighbour(target, relation, distance + 1, card.summary, card.status)
                    )
        return found, drafts, retired

    def query(
        self,
        question: str,
        *,
        limit: int | None = None,
        budget: int | None = None,
        filters: Filters = Filters(),
        with_neighbours: bool = False,
    ) -> QueryResult:
        """Answer ``question`` (see the module's docstring).

        Without ``limit``, at most :data:`QUERY_LIMIT` candidates are listed, and only
        those close to the best one; an asked ``limit`` lists that many. Either way the
        answer costs no more than reading its top document whole: candidates that would
        take it over are left out and counted (``unlisted``). Under a ``budget``, rows
        go before the top document's best passage, which is kept, or a shorter cut of it,
        whenever it fits beside the top row."""
        asked = asking.read(question)
        words = asked.words
        # "why did we choose X?": a decision about X is the answer before a page using it
        prefer = DECISION_TYPES if asked.decision or asked.verdict else frozenset()
        if asked.verdict:
            # "was X accepted?": a record turned down or withdrawn is the answer, archived
            # or not (swift-evolution's rejected proposals were left out for drafts)
            filters = dataclasses.replace(filters, everything=True)
        answered = self.answered(
            words, filters, QUERY_LIMIT if limit is None else limit, KEEP_SHARE, prefer
        )
        hits, hidden, unverified, advice, ahead = answered[:5]
        in_force = answered.in_force
        if in_force is not None and in_force.cover < WEAK_COVER:
            # the best in force barely touches the question ("how do I install Rust?" and
            # the page on ownership): named above the drafts, neither listed nor read
            in_force = None
        if hits and limit is None:  # candidates far behind the best one help nobody
            # ... but one ranked above a candidate kept is kept too: a page naming the
            # identifier asked ranks above pages scoring more (vite: "Is build.rollupOptions
            # deprecated?" listed the pages ranked 1 and 3, not build-options.md, 2nd)
            close = max(n for n, h in enumerate(hits) if h.score >= KEEP_SHARE * hits[0].score)
            hits = [
                h
                for n, h in enumerate(hits)
                if n <= close or (in_force is not None and h.id == in_force.id)
            ]
            # what is in force is listed below the drafts, however far behind them: home
            # assistant's newest Python decision gave way to a draft on Docker images
            if in_force is not None and all(h.id != in_force.id for h in hits):
                hits.append(in_force)
        hits = self._past_hub(hits)
        if asked.successor:
            # drafts answer already (the base is being adopted): a draft successor too
            shown = filters
            if unverified or answered.outranked:
                shown = dataclasses.replace(filters, include_drafts=True)
            hits = self._successors_first(hits, ahead, shown, words)
            hits = hits if limit is None else hits[:limit]  # an asked limit holds
            # what replaced it is in force: the answer is no longer drafts alone
            unverified = unverified and all(h.status in UNVETTED for h in hits[:1])
        early = len(hits) == 1 or (
            len(hits) > 1 and hits[0].score >= CLEAR_LEAD * max(hits[1].score, 1e-9)
        )
        chosen = hits[: 1 if early else READ_AT_MOST]
        # drafts put before what is in force: its text is read too, for the reader to weigh,
        # unless they score OUTRANK times as much (the Rust book's one verified page, on
        # ownership, was read below every answer on integers, lifetimes or cargo): listed
        if (
            in_force is not None
            and in_force in hits
            and in_force not in chosen
            and in_force.score * OUTRANK > hits[0].score
        ):
            chosen = [*chosen[: READ_AT_MOST - 1], in_force]
        docs = [self.document(hit.id) for hit in chosen]
        # a budget above what an answer costs asks for more of the best section: the lines
        # past the default window are often the answer (backstage: 3 to 10 lines below)
        lead = (
            SECTION_TOKENS if budget is None else min(max(SECTION_TOKENS, budget // 2), LEAD_MOST)
        )
        # "what are the downsides of X?"; "why X?" reads the reasons of the option chosen
        part = asking.part_asked(question) or (
            asking.REASONS if asking.asks_why(question) else None
        )
        found = [  # chosen first, so that a frontmatter need not repeat what they show
            self._sections(doc, words, SECTIONS_OF_LEAD, lead, part)
            if rank == 0
            else self._sections(doc, words, 1)
            for rank, doc in enumerate(docs)
        ]
        # "what is the status of EIP-1559?": its own "Final" says what "draft" does not
        status_asked = asked.verdict or _STATUS_ASKED.search(question) is not None
        named = _fields_named(question)  # "who are the authors of KEP-3140?"
        frontmatters: list[Passage] = []
        for hit, doc, its in zip(chosen, docs, found, strict=True):
            head = self._frontmatter(
                doc, whole=False, shown=its, listed=LISTED, status_asked=status_asked, named=named
            )
            if head.text and not _title_alone(head, hit):
                frontmatters.append(head)
        sections = _said_once([passage for its in found for passage in its])
        near = self._near(chosen, hits, filters, asked=with_neighbours, drafts=unverified)
        answer = _Answer(list(hits), frontmatters, sections, near, self.row)
        if hits:
            self._within_top(answer, words, part)
        unlisted = len(hits) - len(answer.rows)
        over = budget is not None and self._within_budget(answer, words, budget, part)
        return QueryResult(
            question,
            tuple(answer.rows),
            tuple(answer.frontmatters),
            tuple(answer.sections),
            tuple(answer.near),
            hidden,
            answer.report(),
            # no hidden match ranks above what is shown, and no page in force read below
            early and len(chosen) == 1 and not ahead,
            over,
            unverified,
            advice,
            ahead,
            unlisted,
            self._successors(ahead),
            filters.include_drafts,
            self._weak(words, hits[0]) if hits else (),
            ahead_now=(now := self._holding_now(ahead)),
            ahead_retired=self._retired_after(ahead, now),
            retired_above=self._retired_among(answered.above, ahead),
            # "drafts match far better" only above drafts: a successor in force put first,
            # or the drafts cut by the budget, leave the best in force the answer
            outranked=answered.outranked
            if any(row.status in UNVETTED for row in answer.rows[:1])
            else "",
            hidden_above=answered.above,
            conflicted=tuple(
                (hit.id, line)
                for hit, doc in zip(chosen, docs, strict=True)
                if (line := manifest.conflict_line(doc.raw)) is not None
            ),
        )

    def _weak(self, question: str, top: Hit) -> tuple[str, ...]:
        """The words of ``question`` that ``top`` holds nowhere, as the question writes
        them, when it holds under :data:`WEAK_COVER` of the question's weight, or when
        one of them is a name in no document at all (:func:`_names`: "QUIC" asked of a
        base that never says it; a plain word missing, such as "morning", is no sign);
        else none. A word counts when most of its terms are missing: of
        ``max_keepalive_connections``, a page may hold "connections" alone.
        On 97 tuning questions (demo, fr-docs, tldr, adr-gsp) and nine no page answers,
        it flags 3 of the 74 right first answers of ``query``, 4 of the 23 wrong ones and
        6 of the 9 unanswered (5 without the names missing everywhere)."""
        if not top.lacks:
            return ()
        asked_in = text.guess_language(question)
        known = {self.searcher.analyzer.lang, *self.searcher.statistics().languages}
        if asked_in and asked_in not in known:
            return ()  # asked in a language the base is not written in: its words are not
        lacking = set(top.lacks)
        terms = self.searcher.analyzer.terms
        if top.cover >= WEAK_COVER:
            unknown = {t.term for t in self.searcher.question(question).terms if not t.words}
            lacking &= unknown & {term for name in _names(question) for term in terms(name)}
            if not lacking:
                return ()
        found = (
            w
            for w in _WORD.findall(question)
            if (t := terms(w)) and 2 * sum(term in lacking for term in t) > len(t)
        )
        return tuple(dict.fromkeys(found))

    def _successors_first(
        self, hits: list[Hit], ahead: str, filters: Filters, words: str
    ) -> list[Hit]:
        """``hits`` led by what replaces the best match, for a question that asks what
        replaced something (:func:`asking.read`): what was replaced is then the best
        match that was replaced, shown or hidden, among those a query reads
        (:data:`READ_AT_MOST`): the question takes for granted that it was. The chain
        is followed past successors the filters hide (replaced in turn),
        :data:`SUCCESSORS_SHOWN` at most, nearest first."""
        matches = [ahead] if ahead else []
        matches += [h.id for h in hits[:READ_AT_MOST] if h.id != ahead]
        if not matches:  # every match hidden: the best of them
            matches = [card.id for card in self.searcher.rank(words, 1)]
        best = ""
        replacing: tuple[str, ...] = ()
        for doc_id in matches:
            replacing = self._replacing(doc_id)
            if replacing:
                best = doc_id
                break
        queue, seen = deque(replacing), {best}
        found: list[Hit] = []
        while queue and len(found) < SUCCESSORS_SHOWN and len(seen) < SUCCESSOR_STEPS:
            doc_id = queue.popleft()
            if doc_id in seen:
                continue
            seen.add(doc_id)
            card = self.searcher.card(doc_id)
            if card is None or not filters.accepts(card):
                continue
            if filters.visible(card):
                found.append(hit_of(card, self.summary_max))
            else:
                queue.extend(self._replacing(doc_id))
        if not found:
            return hits
        score = max((h.score for h in hits), default=1.0)
        led = {h.id: dataclasses.replace(h, score=score) for h in found}
        # then what was replaced, when it is shown: the answer reads both
        led.update((h.id, h) for h in hits if h.id == best)
        return [*led.values(), *(h for h in hits if h.id not in led)]

    def _replacing(self, doc_id: str) -> tuple[str, ...]:
        """What replaces ``doc_id``: its ``superseded_by``, else, for a decision record
        not yet imported, the documents its own status links to as its successors
        ("Superseded by [ADR043](ADR043-access.md)"), those the base holds."""
        said = self._successors(doc_id)
        if said or not doc_id:
            return said
        from mdbrain.core import adr, links  # read for this one page only

        try:
            doc = self.document(doc_id)
        except UsageError:
            return ()
        record = adr.read(doc.id, doc.body, doc.meta)
        if record is None:
            return ()
        found: list[str] = []
        for clause in record.clauses:
            if clause.kind != adr.SUPERSEDED_BY:
                continue
            for ref in clause.refs:
                target = links.resolve(doc.id, ref.link) if ref.link else None
                held = target is not None and target[0] is links.LinkKind.DOC
                if held and target is not None and self.searcher.card(target[1]) is not None:
                    found.append(target[1])
                    continue
                if ref.number is not None:  # a broken link or a bare number: "ADR 28"
                    found += self._numbered(doc.id, ref.number)
        return tuple(dict.fromkeys(found))

    def _numbered(self, doc_id: str, number: int) -> list[str]:
        """The record numbered ``number`` in the folder of ``doc_id``, when one alone is."""
        from mdbrain.core import record_names

        folder = doc_id.rpartition("/")[0]
        named = [
            other
            for other in self.searcher.files
            if other.rpartition("/")[0] == folder
            and other != doc_id
            and record_names.number_of(other) == number
        ]
        return named if len(named) == 1 else []

    def _past_hub(self, hits: list[Hit]) -> list[Hit]:
        """``hits``, the first of them moved after the first hit it links to when it is a
        hub: a page made mostly of list items that each link to a page (an index, the
        overview import writes for a folder), found for the titles and summaries it
        repeats. It is a way to the answer; the page it links to is the answer."""
        if len(hits) < 2:
            return hits
        top = hits[0]
        body = self.document(top.id).body.split("\n")
        said = [line for line in body if line.strip() and not line.lstrip().startswith("#")]
        items = [m for line in said if (m := _LINKED_ITEM.match(line))]
        if len(items) < 2 or len(items) < HUB_SHARE * len(said):
            return hits
        folder = posixpath.dirname(top.id)
        linked = {
            posixpath.normpath(posixpath.join(folder, m.group(1).split("#", 1)[0])) for m in items
        }
        after = next((h for h in hits[1:] if h.id in linked), None)
        if after is None:
            return hits
        first = dataclasses.replace(after, score=top.score)
        return [first, *(h for h in hits if h.id != after.id)]

    def _holding_now(self, doc_id: str) -> tuple[str, ...]:
        """The documents at the end of ``doc_id``'s supersession chain, those nothing
        replaces in turn, when they are not its own successors (none otherwise): a
        record replaced by one replaced since leads to what holds now."""
        first = self._successors(doc_id)
        queue, seen, now = deque(first), {doc_id}, []
        while queue and len(seen) < SUCCESSOR_STEPS:
            current = queue.popleft()
            if current in seen:
                continue
            seen.add(current)
            after = self._successors(current)
            queue.extend(after)
            if not after:
                now.append(current)
        return () if set(now) == set(first) else tuple(now)

    def _retired_after(self, doc_id: str, now: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
        """The successors of ``doc_id``, and ``now``, what holds after them, that are
        deprecated or archived and replaced by nothing, each with its status: "replaced
        by ADR-045" must not read as "ADR-045 holds" when ADR-045 was abandoned."""
        found = []
        for successor in dict.fromkeys((*self._successors(doc_id), *now)):
            card = self.searcher.card(successor)
            # replaced in turn, it leads on (ahead_now): only the dead ends are said
            retired = card is not None and card.status in ("deprecated", "archived")
            if card is not None and retired and not card.superseded_by:
                found.append((successor, card.status))
        return tuple(found)

    def _retired_among(self, above: Sequence[str], ahead: str) -> tuple[tuple[str, str], ...]:
        """The retired ones, with their status, among the left-out documents named as
        ranking above the hits: a record reverted or withdrawn says so where it is named
        (home-assistant/architecture's reverted ADR 14 was named as if it might answer)."""
        named = list(above[:ABOVE_NAMED]) or ([ahead] if ahead else [])
        cards = [self.searcher.card(doc_id) for doc_id in named]
        # one superseded is said to be, with what replaced it (``ahead_superseded_by``)
        return tuple(
            (c.id, c.status)
            for c in cards
            if c is not None and c.status in RETIRED_STATES and not c.superseded_by
        )

    def _successors(self, doc_id: str) -> tuple[str, ...]:
        """The documents that replace ``doc_id`` (none for no document): a match left
        out because it was superseded leads the reader to what holds now."""
        card = self.searcher.card(doc_id) if doc_id else None
        return card.superseded_by if card is not None else ()

    def _within_top(self, answer: _Answer, question: str, part: str | None = None) -> None:
        """Shorten ``answer`` to no more than reading its whole top document would cost:
        what :meth:`_Answer.trim` leaves out but the rows, then a shorter cut of the top
        document's best section, and only then the other rows. When even the top row and
        that section cost more (a page of a few lines), a shorter cut of the section
        around its answer takes its place if one fits; if none does, the row and the
        section stay: the least an answer can be."""
        top = self.document(answer.rows[0].id)
        cap = tokens.estimate(top.raw)
        # a shorter cut of the best section before the rows go: rows asked for stay
        room = answer.trim(cap, rows=False)
        if room is not None and room > 0:
            self._cut_best(answer, question, room, part)
        room = answer.trim(cap)
        if room is not None and room > 0:
            self._cut_best(answer, question, room, part)

    def _within_budget(
        self, answer: _Answer, question: str, budget: int, part: str | None = None
    ) -> bool:
        """Shorten ``answer`` to ``budget`` tokens, whether something was left out.

        What goes first is what :meth:`_Answer.trim` leaves out first: the other rows go
        before the top document's best section. When the top row and that section cost
        more than the budget, a shorter cut of the section takes its place if one fits;
        else the section goes, and then the top row if it alone costs more."""
        if answer.report()["total"] <= budget:
            return False
        if answer.rows:
            room = answer.trim(budget)
            if room is not None and room > 0:
                self._cut_best(answer, question, room, part)
        for items in (answer.near, answer.frontmatters, answer.sections, answer.rows):
            if answer.report()["total"] > budget:
                items.clear()
        return True

    def _cut_best(self, answer: _Answer, question: str, room: int, part: str | None = None) -> None:
        """Put a cut of the top document's best section within ``room`` tokens in its
        place, when one fits. A cut may run past what it is asked (a heading, a sentence
        or a block kept whole): a smaller one is asked then, a few times at most."""
        top = self.document(answer.rows[0].id)
        best = next((p for p in answer.sections if p.doc == top.id), None)
        if best is None:
            return
        # the room is for the passage and its frame, which a cut has for sure
        asked = room - tokens.estimate(passage_frame(dataclasses.replace(best, cut=True)))
        for _try in range(CUT_TRIES):
            cut = self._sections(top, question, 1, asked, part) if asked > 0 else []
            if not cut:
                return
            cost = passage_cost(cut[0])
            if cost <= room:
                answer.sections[answer.sections.index(best)] = cut[0]
                return
            asked = min(asked - (cost - room), asked * 3 // 4)

    def row(self, hit: Hit) -> str:
        """The hit's lines in a query's list (:func:`hit_lines`): the cost of phase 1."""
        return "\n".join(hit_lines(hit))

    def show(self, doc_id: str, *, section: str | None = None, full: bool = False) -> ShowResult:
        card = self.card(doc_id)
        doc = self.document(doc_id)
        node = self.searcher.node(doc_id)
        links = {
            relation: getattr(node, relation)
            for relation in ("links", "related", "linked_by", *graph.EXTRA_RELATIONS)
            if getattr(node, relation)
        }
        outline = tuple(
            "  " * (s.level - 1) + passages.shown_heading(s.title) for s in doc.outline()
        )
        summary = card.summary if card is not None else ""
        read = [self._frontmatter(doc, whole=False, foreign=summary)]
        lines = doc.raw.splitlines()
        same_title: tuple[int, ...] = ()
        if full:
            read.append(
                Passage(
                    doc_id, "body", doc.body_line, len(lines), "\n".join(lines[doc.body_line - 1 :])
                )
            )
        elif section is not None:
            passage, same_title = self._named_section(doc, lines, section)
            read.append(passage)
            # the sections around the one asked, the others counted: golang/proposal's
            # 9-line Abstract cost 2,455 tokens, its appendix's 118 headings listed
            starts = [s.line for s in doc.outline()]
            at = bisect.bisect_right(starts, passage.line) - 1
            outline = _around(outline, max(at, 0), OUTLINE_NEAR)
        cost = sum(tokens.estimate(p.text) for p in read)
        cost += tokens.estimate(" ".join(outline)) + tokens.estimate(str(links))
        conflict = manifest.conflict_line(doc.raw)
        return ShowResult(hit_of(card), links, outline, tuple(read), cost, conflict, same_title)

    def _named_section(
        self, doc: Document, lines: list[str], title: str
    ) -> tuple[Passage, tuple[int, ...]]:
        """For a number, the section whose own text holds that line of the file (several
        sections may share a title); else, or when no section holds it, the section titled
        ``title``, case, spaces, backticks and emphasis aside: the first whose title is
        it, else the first whose anchor it is, else the first whose title begins with it,
        else the one whose title holds all its words ("computed_field" names "The
        `computed_field` decorator"). When several titles hold them, the error lists those
        sections. With it, the lines of the other sections titled as the one found, when
        it was found by its title (mdn/content's Cache-Control has a request and a
        response ``no-cache``)."""
        outline = doc.outline()
        ends = _own_ends(outline)
        wanted = passages.heading_name(title)
        # as a reader sees them: "### [LibreSSL](https://www.libressl.org/)" is LibreSSL
        titles = [passages.shown_heading(s.title) for s in outline]
        normal = [passages.heading_name(t) for t in titles]
        found = None
        number = _line_number(title)
        if number is not None:  # a line first: what a cut passage's hint gives
            found = next((i for i, s in enumerate(outline) if s.line <= number <= ends[i]), None)
            first = outline[0].line if outline else len(lines) + 1
            if found is None and doc.body_line <= number < first:
                return _preamble(doc, lines, first), ()
        if found is None:
            found = next((i for i, t in enumerate(normal) if t == wanted), None)
        if found is None:  # its accents left out: "decision" names "## Décision"
            plain = _fold(wanted)
            found = next((i for i, t in enumerate(normal) if _fold(t) == plain), None)
        if found is None:  # by its anchor: "{ #raise-an-httpexception }", or as made of it
            anchor = title.strip().removeprefix("#").casefold()
            found = next((i for i, s in enumerate(outline) if anchor in _anchors(s.title)), None)
        if found is None and (term := _term_defined(doc, lines, wanted)) is not None:
            return term, ()
        if found is None:
            found = next((i for i, t in enumerate(normal) if t.startswith(wanted)), None)
        if found is None:
            words = set(_NAME_WORD.findall(wanted))
            holding = [
                i for i, t in enumerate(normal) if words and words <= set(_NAME_WORD.findall(t))
            ]
            if len(holding) > 1:
                listed = "; ".join(f"{titles[i]!r} (line {outline[i].line})" for i in holding)
                raise UsageError(
                    f"{doc.id} has no section titled {title!r}, and {len(holding)} sections"
                    f" hold its words: {listed}. Name one by its title or its line number"
                )
            found = holding[0] if holding else None
        if found is not None:
            section, end = outline[found], ends[found]
            if _leads_in(lines, section.line, end) or _small_whole(lines, section, end):
                end = section.end  # its subsections hold its text, or it is small whole
            text = "\n".join(passages.headings_shown(lines[section.line - 1 : end])).rstrip()
            same = (
                ()
                if number is not None
                else tuple(
                    s.line
                    for i, s in enumerate(outline)
                    if i != found and normal[i] == normal[found]
                )
            )
            return Passage(doc.id, titles[found], section.line, end, text), same
        names = ", ".join(titles[:_NAMES_SHOWN]) or "none"
        if len(outline) > _NAMES_SHOWN:
            names += f" and {len(outline) - _NAMES_SHOWN} more"
        raise UsageError(
            f"{doc.id} has no section titled {title!r}, nor one holding that line"
            f" (sections: {names})"
            if number is not None
            else f"{doc.id} has no section titled {title!r} (sections: {names})"
        )

    def search(self, text: str, *, limit: int = 10, filters: Filters = Filters()) -> SearchResult:
        found = self.answered(text, filters, limit)
        hits, hidden, unverified, advice, ahead = found[:5]
        hits = self._past_hub(hits)  # betagouv/beta.gouv.fr: a folder's overview came first
        wanted = set(self.searcher.analyzer.terms(text))
        results = []
        for hit in hits:
            snippet, line = self._snippet(hit.id, wanted, text)
            results.append(SearchHit(hit, snippet, line))
        cost = sum(tokens.estimate(f"{r.hit.id} {r.hit.summary} {r.snippet}") for r in results)
        return SearchResult(
            text,
            tuple(results),
            hidden,
            cost,
            unverified,
            advice,
            ahead,
            self._successors(ahead),
            filters.include_drafts,
            self._weak(text, hits[0]) if hits else (),
            ahead_now=(now := self._holding_now(ahead)),
            ahead_retired=self._retired_after(ahead, now),
            retired_above=self._retired_among(found.above, ahead),
            outranked=found.outranked,
            hidden_above=found.above,
        )

    def _snippet(self, doc_id: str, wanted: set[str], asked: str = "") -> tuple[str, int]:
        """The body line that shows the search best, trimmed: one holding ``asked`` as
        written (case aside), a heading first, as where a name is defined; else the
        line holding most of the wanted terms. A line no reader sees (a comment, a
        link's definition, a MyST target: :func:`hidden_lines`) and a table of contents'
        items are never it."""
        try:
            doc = self.document(doc_id)
        except UsageError:
            return "", 0
        best, best_line, best_score = "", 0, (False, False, 0)
        phrase = " ".join(asked.split()).casefold()
        lines = doc.body.split("\n")  # the body's newlines are "\n": one item per file line
        # nor a table of contents' item, which says a heading again (grpc/proposal)
        hidden = hidden_lines(lines) | passages.contents_lines(lines)  # a MyST target too
        for offset, terms in enumerate(_terms_of_each(self, lines, wanted) if wanted else ()):
            if offset in hidden:
                continue
            line = lines[offset].strip()
            exact = bool(phrase) and phrase in " ".join(line.split()).casefold()
            score = (exact, exact and line.startswith("#"), len(wanted.intersection(terms)))
            if score > best_score:
                best, best_line, best_score = line, doc.body_line + offset, score
        at = best_line - doc.body_line
        if best.startswith("#") and outside_code(lines)[at]:
            # a heading as a reader sees it (fastapi's "## Recap { #recap }"), never a
            # comment of a code block
            best = passages.headings_shown([best])[0]
        return (best[:200] + ("…" if len(best) > 200 else "")), best_line

    def neighbours_of(self, doc_id: str, depth: int, filters: Filters) -> NeighboursResult:
        start = hit_of(self.card(doc_id))
        found, drafts, retired = self._walk(doc_id, depth, filters)
        unverified = not found and drafts > 0
        if unverified:  # nothing in force around it: its drafts, marked (as query does)
            widened = dataclasses.replace(filters, include_drafts=True)
            found, drafts, retired = self._walk(doc_id, depth, widened)
        cost = sum(tokens.estimate(f"{n.id} {n.relation} {n.summary}") for n in found)
        return NeighboursResult(start, tuple(found), cost, drafts, retired, unverified)


class Ranked(NamedTuple):
    """What :meth:`Reader.ranked` found."""

    hits: list[Hit]
    hidden: int  # matches the filters' visibility left out
    draft: Card | None  # the first draft (or page with no status) among them
    above: tuple[str, ...]  # every one ranking above every hit, best first


class _Answered(NamedTuple):
    """What :meth:`Reader.answered` found: the hits, how many matches stay hidden, whether
    the hits are drafts alone, the advice for a base with no document, the hidden
    document that ranks above every hit, and the best document in force when drafts are
    listed with it because they matched far better."""

    hits: list[Hit]
    hidden: int
    unverified: bool = False
    advice: str = ""
    ahead: str = ""
    outranked: str = ""
    above: tuple[str, ...] = ()  # every hidden document ranking above every hit
    in_force: Hit | None = None  # the best document in force, when it is ``outranked``


def _names(question: str) -> list[str]:
    """The words of ``question`` written as names: identifiers and code words
    (``max_keepalive_connections``, ``C4996``), acronyms ("QUIC") and capitalised words
    past the first ("with Kubernetes")."""
    words = _WORD.findall(question)
    named = [w for w in words if w.isupper() and len(w) > 1]
    named += [w for w in words[1:] if w[:1].isupper()]
    return [*named, *text.identifiers_as_written(question), *text.code_words(question)]


# status words a record's own status says no more than mdbrain's status does
# words a question asks a field by, as the field's name holds them: "who wrote it" asks
# for its author
_FIELD_SYNONYMS = {"wrote": "author", "written": "author", "writer": "author"}


def _field_words(key: str) -> frozenset[str]:
    """The words of a field's name, singular: ``creation-date`` gives creation, date."""
    return frozenset(part.removesuffix("s") for part in re.split(r"[-_.\s]+", key.lower()) if part)


def _fields_named(question: str) -> frozenset[str]:
    """The words of ``question`` that may name a field (four letters or more, singular):
    kubernetes/enhancements' "who are the authors of KEP-3140?" left its authors out of
    the answer, though its frontmatter held them."""
    words = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", question)}
    return frozenset(_FIELD_SYNONYMS.get(w, w).removesuffix("s") for w in words)


_STATUS_ASKED = re.compile(r"\b(?:status|state|statut|état|etat)\b", re.IGNORECASE)
_PLAIN_STATES = frozenset(
    {"accepted", "approved", "adopted", "proposed", "draft", "superseded", "deprecated",
     "rejected", "declined", "archived", "stable", "active", "done", "final", "implemented"}
)  # fmt: skip


# a folder named for a version: 4x, 5x, v2, 2.1, version-2-1, v2.2.x
_VERSION_FOLDER = re.compile(r"(?:v|version-)?(\d{1,4})(?:[.-](\d{1,4}))?(?:\.?x)?", re.I)
_ASKED_VERSION = re.compile(r"\b(?:v|version\s+|express\s+|python\s+)?(\d{1,4})(?:\.x|x)?\b", re.I)


def _version_of(doc_id: str) -> tuple[int, ...] | None:
    """The version a document's last folder named for one gives (``5x/api.md``: (5,)),
    None when no folder is so named."""
    for folder in reversed(doc_id.split("/")[:-1]):
        found = _VERSION_FOLDER.fullmatch(folder)
        if found is not None:
            return tuple(int(n) for n in found.groups() if n is not None)
    return None


OUTLINE_NEAR = 8  # sections listed on each side of the one asked, by show --section


def _around(outline: tuple[str, ...], at: int, near: int) -> tuple[str, ...]:
    """The titles of ``outline`` within ``near`` of the one at ``at``, and how many
    others there are above and below."""
    first, last = max(0, at - near), min(len(outline), at + near + 1)
    above = (f"({first} more above)",) if first else ()
    below = (f"({len(outline) - last} more below)",) if last < len(outline) else ()
    return (*above, *outline[first:last], *below)


def _status_says_more(meta: dict[str, Any]) -> bool:
    """Whether an imported record's own status says what no status does: that later
    ones replace part of it ("Partly superseded"), a state in its own words ("on
    hold", "ABANDONED", "Superseded by ADR-045"): madr's "on hold" record was shown as
    a draft and the words never reached a read; or why an archived record left force
    ("Rejected", "Withdrawn")."""
    from mdbrain.core import adr

    written = meta.get("original_status")
    if not isinstance(written, str) or not written.strip():
        return False
    plain = " ".join(written.strip(" .*_").split()).casefold()
    if meta.get("status") == "archived" and plain != "archived":
        # archived holds every way out of force: swift-evolution's rejected proposals
        # were shown "archived" alone, never saying they were turned down, not withdrawn
        return True
    return adr.state_of(written) == "amended" or plain not in _PLAIN_STATES


def _first(ids: Sequence[str]) -> str:
    return ids[0] if ids else ""


def _past_heading(
    own: Sequence[str], costs: Sequence[int], window: tuple[int, int, int], hidden: frozenset[int]
) -> tuple[int, dict[str, int]]:
    """The end of a window ``(start, end, limit)`` that holds a heading and nothing a
    reader reads, taken past the first line that says something under it, with the
    tokens that line may take (what the limit leaves beside the heading: it is clipped to
    them). A heading holding every word asked leaves the lines below it scoring nothing,
    and a heading alone is no passage (betagouv's "Dans quels cas arrêter les travaux
    après la phase d'investigation ?" showed nothing of its page)."""
    start, end, limit = window
    if not any(own[n].lstrip().startswith("#") for n in range(start, end)):
        return end, {}
    if any(
        own[n].strip() and n not in hidden
        for n in range(start, end)
        if not own[n].lstrip().startswith("#")
    ):
        return end, {}
    said = next((n for n in range(end, len(own)) if own[n].strip() and n not in hidden), None)
    if said is None or own[said].lstrip().startswith("#"):
        return end, {}
    return said + 1, {own[said]: max(limit - sum(costs[start:said]), 1)}


def _decision_opening(
    scores: Sequence[float], costs: Sequence[int], limit: int, window: tuple[int, int]
) -> tuple[int, int]:
    """The lines of a record's decision section to show: from its heading on, as far as
    ``limit`` allows, when that holds a line of the question too; else ``window``. What
    was decided comes first and often shares no word with the question: on home
    assistant's ADR 18, the line naming the recorder was shown, not the list of
    databases above it."""
    spent, end = 0, 0
    while end < len(costs) and spent + costs[end] <= limit:
        spent += costs[end]
        end += 1
    return (0, end) if any(scores[:end]) else window


def _unrelated(top: Hit, draft: Card) -> bool:
    """Whether ``top``, the best document in force, holds next to nothing of the question
    (under :data:`UNRELATED` of its weight) where a draft ranking above it holds enough."""
    return top.cover < UNRELATED and draft.cover >= WEAK_COVER


def _outranks(draft: Card, top: Hit) -> bool:
    """Whether a left-out ``draft`` (or a page with no status) that ranks above ``top``,
    the best document in force, matches so much better that it must be shown: it scores
    :data:`OUTRANK` times as much, or holds the question's weight where ``top`` is a
    weak match (:data:`WEAK_COVER`), or holds a word the question names that ``top``
    lacks. A retired document never counts: what replaced it is the answer."""
    if draft.score >= OUTRANK * top.score:
        return True
    # or it holds a word the question names that the best in force holds nowhere: uv's
    # docs, imported as drafts, answered "how do I pin a Python version" with one
    # decision on pinning uv in Docker images; MTES-MCT/dialog's "Quelle décision a été
    # prise sur Litteralis ?" with its one verified record, on geocoding
    return top.cover < WEAK_COVER <= draft.cover or bool(set(top.lacks) - set(draft.lacks))


def _drafts_ahead(pool: Sequence[Card], above: Sequence[str]) -> int:
    """How many of the left-out documents ranking above the best one in force
    (``above``) are drafts or pages with no status: retired ones do not count."""
    unvetted = {card.id for card in pool if card.status in UNVETTED}
    return sum(1 for doc_id in above if doc_id in unvetted)


def _preamble(doc: Document, lines: list[str], first: int) -> Passage:
    """What a page says before its first heading (line ``first``; the whole body when
    it has none): a section of its own for the hint of a passage cut there, named after
    the page."""
    end = first - 1
    while end > doc.body_line and not lines[end - 1].strip():
        end -= 1
    text = "\n".join(lines[doc.body_line - 1 : end]).strip("\n")
    return Passage(doc.id, _page_title(doc), doc.body_line, end, text)


def _page_title(doc: Document) -> str:
    """The title a page gives itself, else its id."""
    title = doc.meta.get("title")
    return title.strip() if isinstance(title, str) and title.strip() else doc.id


def _shown_lines(lines: list[str], start: int, end: int, hidden: frozenset[int]) -> list[str]:
    """``lines[start:end]`` without the ``hidden`` ones, and without the blank line a
    hidden one leaves beside another."""
    if not hidden:
        return lines[start:end]
    out: list[str] = []
    for number in range(start, end):
        if number in hidden:
            continue
        line = lines[number]
        if not line.strip() and out and not out[-1].strip():
            continue
        out.append(line)
    return out


def _own_end(section: Section, outline: Iterable[Section]) -> int:
    """The last line of a section's own text, before its first sub-section.

    The outline is in line order: the section after it is found by bisection.
    """
    from bisect import bisect_right

    ordered = outline if isinstance(outline, tuple | list) else tuple(outline)
    after = bisect_right(ordered, section.line, key=lambda other: other.line)
    return _end_before(section, ordered[after] if after < len(ordered) else None)


def _anchors(heading: str) -> set[str]:
    """The anchors a heading is reached by: the id it gives itself (``{ #id }``, the same
    in every translation of a page) and the one made of its text, casefolded."""
    from mdbrain.core import fragments  # only show --section needs it

    given = fragments.explicit_id(heading)
    made = fragments.slug(passages.clean_heading(heading))
    return {made.casefold()} if given is None else {given[0].casefold(), made.casefold()}


def _line_number(title: str) -> int | None:
    """The line a section name gives by number ("42"), or None: superscripts and other
    digits ``int`` cannot read are a title, as is a number longer than any file."""
    text = title.strip()
    return int(text) if text.isdecimal() and len(text) <= _LINE_DIGITS else None


_INLINE_CODE = re.compile(r"`[^`\n]+`")  # a code span of one line


_NAME_WORD = re.compile(r"[^\W_]+")  # a word of a section's name: computed_field is two
_NAMES_SHOWN = 40  # section titles an error about a missing section lists
_LINE_DIGITS = 9  # a section named by a longer number names no line of a file


def _end_before(section: Section, following: Section | None) -> int:
    """The last line of ``section``'s own text, ``following`` being the next heading."""
    if following is not None and following.level > section.level:
        return min(section.end, following.line - 1)
    return section.end


# a line that only dates a record or says who wrote it: "Date: 2021-08-13", "**Status:** ..."
_FIELD_LINE = re.compile(  # as MADR lists them too: "- Status: accepted", "Technical Story:"
    r"\s*(?:[-*+]\s+)?[*_]{0,2}(?:date|status|authors?|deciders?|created|updated|last updated"
    r"|version|tags|technical story)[*_]{0,2}\s*:.{0,80}",
    re.IGNORECASE,
)


def _heading_alone(text: str) -> bool:
    """Whether a passage's text is one heading and nothing else, or a heading over lines
    that only date its page (alphagov/govuk-infrastructure's records: "# 5. Use ... managed
    node groups" over "Date: 2021-08-13", shown as a passage, the row saying it already)."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return (
        bool(lines)
        and lines[0].lstrip().startswith("#")
        and all(_FIELD_LINE.fullmatch(line) for line in lines[1:])
    )


FIELD_TABLE_LINES = 16  # lines under the title a table of the page's fields starts within
# rows of such a table that an import turns into relations, not fields of the same name
_RELATION_ROWS = frozenset(
    {"supersedes", "superseded_by", "replaces", "replaced_by", "updates", "amends", "extends",
     "refines"}
)  # fmt: skip


def _without_field_table(doc: Document, lines: list[str]) -> list[str]:
    """``lines`` with the table of fields under the page's title emptied, when the page's
    frontmatter holds every field it gives (an import read them there:
    ``| Status | Implemented |``, ``| Author | @someone |``): the frontmatter shows them,
    and as a section the table pushed the answer out of nats-io's records."""
    start = doc.body_line - 1
    if not any(line.lstrip().startswith("|") for line in lines[start : start + FIELD_TABLE_LINES]):
        return lines
    fields, taken = field_table("\n".join(lines[start : start + 64]))
    meta = doc.meta
    kept = [k for k in fields if k not in _RELATION_ROWS]  # those become relations
    if not taken or any(k not in meta and f"original_{k}" not in meta for k in kept):
        return lines
    out = list(lines)
    for number in taken:
        out[start + number] = ""
    return out


def _holds_text(lines: Sequence[str], heading: int, end: int) -> bool:
    """Whether the lines below the heading at line ``heading``, up to ``end``, hold text."""
    return any(line.strip() for line in lines[heading:end])


def _leads_in(lines: Sequence[str], heading: int, end: int) -> bool:
    """Whether the own text of the section headed at line ``heading`` (up to ``end``) is
    only a way into its subsections: nothing, or a paragraph announcing them ("The
    following frontmatter fields are available:", prometheus/docs' markdown guide, whose
    fields are in the two subsections under it)."""
    said = [line.strip() for line in lines[heading:end] if line.strip()]
    return not said or (len(said) <= _LEAD_IN_LINES and said[-1].endswith(":"))


_LEAD_IN_LINES = 3  # lines of a paragraph that announces a section's subsections, at most
WHOLE_SECTION_TOKENS = 600  # a section shown with its subsections when it is this small


def _small_whole(lines: Sequence[str], section: Section, own_end: int) -> bool:
    """Whether a section that has subsections is small enough to be shown whole: the
    playbook's FAQ answered "How can we Expedite Code Reviews?" with its one sentence of
    lead, the actions to take being in its one subsection, and nothing said so."""
    return section.end > own_end and (
        tokens.estimate("\n".join(lines[section.line - 1 : section.end])) <= WHOLE_SECTION_TOKENS
    )


def _aside_share(aside: bool, part: str | None) -> float:
    """The share of its order a section keeps for being on options set aside (``aside``):
    all of it when the question asks for them or why (``part``)."""
    return 1 - ASIDE_DISCOUNT if aside and part not in (asking.ALTERNATIVES, asking.REASONS) else 1


def _set_aside(outline: Sequence[Section]) -> dict[int, str]:
    """The sections of ``outline`` on options a record turned down (:func:`asking.sets_aside`),
    by line: for those below such a heading, that heading, which their titles are shown
    under (a reader took carbon-lang's "Implicit error propagation" for the decision); ""
    for the heading's own section, whose title says it."""
    out: dict[int, str] = {}
    above: list[tuple[int, str]] = []  # the headings over the current section, outermost first
    for section in outline:
        while above and above[-1][0] >= section.level:
            above.pop()
        if section.level:
            above.append((section.level, section.title))
        for level, title in above:
            name = passages.heading_name(title)
            if asking.sets_aside(name) or _RETIRED_HEADING.search(name) is not None:
                out[section.line] = "" if level == section.level else title
                break
    return out


# a heading that marks its section as the old way: fastapi's "Alternative Events
# (deprecated)" answered how to run code at startup before its Lifespan section did
_RETIRED_HEADING = re.compile(
    r"\b(?:deprecated|legacy|obsolete|superseded|no\s+longer\s+(?:supported|recommended)"
    r"|obsolète|déprécié|dépréciée|ancienne\s+méthode)\b",
    re.IGNORECASE,
)


def _own_ends(outline: tuple[Section, ...]) -> list[int]:
    """:func:`_own_end` of every section of an outline, in one pass."""
    return [
        _end_before(section, outline[index + 1] if index + 1 < len(outline) else None)
        for index, section in enumerate(outline)
    ]


def _says_only(item: tuple[float, Section, int], lines: list[str], summary: str) -> bool:
    """Whether a section holds nothing but its heading and the document's summary."""
    _score, section, own_end = item
    first = section.line if section.level else section.line - 1  # below its heading, if any
    said = " ".join(" ".join(lines[first:own_end]).split())
    plain = re.sub(r"[*_`]", "", said)
    return bool(summary) and plain.strip() in ("", " ".join(summary.split()))


# A word no page uses, standing between texts analysed in one call (see _terms_of_each).
_BETWEEN = "mdbrainzqxbetweenzqxtexts"
_GROUP_CHARS = 1 << 14  # characters of text analysed in one call


def _empty_quote(line: str, number: int, code: set[int]) -> bool:
    """Whether ``line`` (1-based ``number``) is a quote's empty line, out of ``code``."""
    return line.strip().startswith(">") and not line.strip(" \t>") and number not in code


def _hidden(doc: Document, own: list[str]) -> frozenset[int]:
    """The lines of ``own`` a passage never shows (:func:`hidden_lines`), and in a draft
    the note a scan opens it on: its row says "draft" already."""
    hidden = hidden_lines(own)
    if doc.meta.get("status") == "draft":
        hidden |= {n for n, line in enumerate(own) if line in _draft_notes()}
    return hidden


@functools.cache
def _draft_notes() -> frozenset[str]:
    from mdbrain.core import wording  # its tables: only when a draft is read

    return wording.draft_notes()


def _terms_of_each(reader: Reader, texts: list[str], wanted: set[str]) -> list[list[str]]:
    """The analyser's terms of each of ``texts`` that may hold some of ``wanted``.

    Texts go by groups. A group is first analysed in one call and, when it holds
    none of the wanted terms, its texts get no terms at all (none of them could
    score); after a group that held some, the next is taken to hold some too and
    this first call is skipped. Groups that may hold some are analysed joined by
    lines holding :data:`_BETWEEN`: words never span lines, so the terms come out
    text after text, separated by its term (a group whose texts use that word is
    analysed text by text). For any text holding a wanted term, the result is
    what one call on it would give, for a fraction of the calls.
    """
    terms = reader.searcher.analyzer.terms
    mark = terms(_BETWEEN)
    found: list[list[str]] = []
    start, hits = 0, False
    while start < len(texts):
        end, size = start + 1, len(texts[start])
        while end < len(texts) and size + len(texts[end]) <= _GROUP_CHARS:
            size += len(texts[end])
            end += 1
        group = texts[start:end]
        start = end
        if not hits and wanted.isdisjoint(terms("\n".join(group))):
            found += [[] for _text in group]
            continue
        said = [i for i, text in enumerate(group) if text and not text.isspace()]
        pieces: list[list[str]] = [[]]
        if len(mark) == 1:  # else a stemmer split or dropped it: one call per text
            for term in terms(f"\n{_BETWEEN}\n".join(group[i] for i in said)):
                if term == mark[0]:
                    pieces.append([])
                else:
                    pieces[-1].append(term)
        if len(pieces) != len(said):
            pieces = [terms(group[i]) for i in said]
        each: list[list[str]] = [[] for _text in group]  # blank texts have no terms
        for i, piece in zip(said, pieces, strict=True):
            each[i] = piece
        found += each
        hits = not all(wanted.isdisjoint(piece) for piece in pieces)
    return found


_Chosen = tuple[float, Section, int]  # a section's score, the section, its own last line


def _with_decision_and_part(
    chosen: list[_Chosen], decided: _Chosen | None, named: _Chosen | None, most: int
) -> list[_Chosen]:
    """The sections ``chosen`` to show, with a record's decision (``decided``) after them,
    or first when it is among them (it leads with the lead's room), and the part the
    question asks for (``named``) before all (alone when one section is shown)."""
    if decided is not None and all(item[1] != decided[1] for item in chosen):
        chosen = [*chosen, decided]
    elif decided is not None:
        chosen = [decided, *(item for item in chosen if item[1] != decided[1])]
    if named is None:
        return chosen
    others = [item for item in chosen if item[1] != named[1]]
    return [named, *(others if most > 1 else [])]


def _part(
    outline: Sequence[Section],
    ends: Sequence[int],
    lines: Sequence[str],
    part: str,
    said: Mapping[int, tuple[float, Section, int]],
) -> tuple[float, Section, int] | None:
    """The section of a document named for the ``part`` of it a question asks for
    (:func:`asking.names_part`), with some text under its heading, its subsections' when
    it has none of its own (emberjs/rfcs' Alternatives, one subsection each): of
    several (a MADR's positive and negative consequences), the one sharing most of the
    question, else the first."""
    found = []
    for n, (section, own_end) in enumerate(zip(outline, ends, strict=True)):
        if not section.level or not asking.names_part(
            passages.heading_name(passages.clean_heading(section.title)), part
        ):
            continue
        end = own_end if _holds_text(lines, section.line, own_end) else section.end
        if _holds_text(lines, section.line, end):
            found.append((said[section.line][0] if section.line in said else 0.0, -n, section, end))
    if not found:
        return None
    score, _order, section, own_end = max(found, key=lambda item: item[:2])
    return score, section, own_end


def _decision(
    outline: Sequence[Section], ends: Sequence[int], lines: Sequence[str]
) -> tuple[float, Section, int] | None:
    """The section in which a decision record states its decision, when it has one with
    some text under its heading (see :data:`~mdbrain.core.schema.DECISION_SECTIONS`)."""
    for section, own_end in zip(outline, ends, strict=True):
        name = passages.heading_name(passages.clean_heading(section.title))
        if name in DECISION_SECTIONS and _holds_text(lines, section.line, own_end):
            return 0.0, section, own_end
    return None


# MADR's decision: 'Chosen option: "Use YAML front matter", because comes out best'
_CHOSEN = re.compile(
    r"\b(?:chosen\s+(?:option|alternative)|option\s+choisie)\s*:?\s*[*_]*[\"“«'`]?\s*"
    r"([^\"”»'`\n,]{1,120}?)\s*[\"”»'`]?[*_]*\s*(?:,|\.|$|because|parce)",
    re.IGNORECASE | re.MULTILINE,
)


def _chosen_option(
    outline: Sequence[Section], ends: Sequence[int], lines: Sequence[str], decided: _Chosen
) -> _Chosen | None:
    """The section of the option a record's decision names as chosen (MADR: 'Chosen
    option: "Use YAML front matter", because comes out best (see below)'), headed by its
    name, with some text: its pros are the reasons a "why" question asks for (adr/madr's
    0013 showed its outcome and context, not why)."""
    _score, section, own_end = decided
    found = _CHOSEN.search("\n".join(lines[section.line - 1 : own_end]))
    if found is None:
        return None
    wanted = passages.heading_name(found.group(1))
    for other, end in zip(outline, ends, strict=True):
        if other.line == section.line or not other.level:
            continue
        name = passages.heading_name(passages.shown_heading(other.title))
        if name == wanted and _holds_text(lines, other.line, end):
            return 0.0, other, end
    return None


# where a record says why, when its decision gives no cause: its reasons, else the forces
# that called for it (MADR's "Context and Problem Statement", "Decision Drivers")
_REASON_NAMES = frozenset(
    {"rationale", "why", "the why", "why?", "reasons", "reason", "motivation", "pourquoi",
     "raisons", "motifs"}
)  # fmt: skip
_CONTEXT_NAMES = frozenset(
    {"context", "context and problem statement", "contexte", "background", "problem statement",
     "problem", "decision drivers", "problème", "contexte et énoncé du problème",
     "contexte et problème", "facteurs de décision", "moteurs de décision"}
)  # fmt: skip


def _why_answered(
    outline: Sequence[Section], ends: Sequence[int], lines: Sequence[str], decided: _Chosen | None
) -> _Chosen | None:
    """The section a "why" question leads with: a record's chosen option, else where it
    gives its reasons (:func:`_reasons_given`); a page that is no record, its section
    headed by its reasons ("The Why", "Rationale")."""
    if decided is None:
        return _section_named(outline, ends, lines, _REASON_NAMES, 0)
    return _chosen_option(outline, ends, lines, decided) or _reasons_given(
        outline, ends, lines, decided
    )


def _reasons_given(
    outline: Sequence[Section], ends: Sequence[int], lines: Sequence[str], decided: _Chosen
) -> _Chosen | None:
    """The section a "why" question is answered from when a record's decision gives no
    cause of its own (no "because"): its reasons, else its context. log4brains' record
    on a global npm package decided without saying why; its context said it: "Log4brains
    is intended for all projects, not especially JS ones"."""
    _score, section, own_end = decided
    if any(_BECAUSE.search(line) for line in lines[section.line - 1 : own_end]):
        return None
    return _section_named(outline, ends, lines, _REASON_NAMES, section.line) or _section_named(
        outline, ends, lines, _CONTEXT_NAMES, section.line
    )


def _term_defined(doc: Document, lines: list[str], wanted: str) -> Passage | None:
    """The term of a definition list named ``wanted``, with its definition
    (:func:`passages.definition`): gohugoio/hugoDocs lists its 110 settings so, and
    ``show configuration/all.md --section disableKinds`` found no section while the
    section holding it cost 4,412 tokens. None when no term is named so."""
    first = doc.body_line - 1
    span = passages.definition(lines[first:], wanted)
    if span is None:
        return None
    start, end = first + span[0], first + span[1]
    title = passages.shown_heading(lines[start].strip())
    return Passage(doc.id, title, start + 1, end + 1, "\n".join(lines[start : end + 1]).rstrip())


def _section_named(
    outline: Sequence[Section],
    ends: Sequence[int],
    lines: Sequence[str],
    names: frozenset[str],
    other_than: int,
) -> _Chosen | None:
    """The first section headed by one of ``names`` with some text, but the one at line
    ``other_than``: vite's "Why does Vite pre-bundle dependencies?" was answered from
    the sections around "## The Why"."""
    for other, end in zip(outline, ends, strict=True):
        name = passages.heading_name(passages.clean_heading(other.title))
        if (
            other.level
            and other.line != other_than
            and name in names
            and _holds_text(lines, other.line, end)
        ):
            return 0.0, other, end
    return None


def _headed(title: object, shown: Iterable[Passage]) -> bool:
    """Whether one of the ``shown`` passages opens with ``title`` as its heading."""
    if not isinstance(title, str) or not title.strip():
        return False
    wanted = title.strip().casefold()
    for passage in shown:
        first = passage.text.partition("\n")[0]
        if first.startswith("#") and first.lstrip("#").strip().casefold() == wanted:
            return True
    return False


def _framed(
    own: Sequence[str],
    costs: Sequence[int],
    window: tuple[int, int],
    limit: int,
    scores: Sequence[float],
) -> tuple[int, int, str, str]:
    """A passage's window made whole as to code blocks (:func:`passages.fenced`: the
    fences to show above and below it when it opens or ends inside one; a block it cuts
    is shown to its end when the rest fits, a little past ``limit`` as a sentence may
    be) and, outside them, as to boxes and rules (:func:`passages.boxed`)."""
    grown = int(limit * (1 + SENTENCE_ALLOWANCE))
    start, end, above, below = passages.fenced(own, *window, costs, grown)
    if below:
        end, below = passages.block_to_end(own, costs, (start, end), below, grown)
    if not above and not below:
        start, end = passages.boxed(own, start, end, scores)
    return start, end, above, below


def _line_scores(
    found: Sequence[set[str]], weighed: _Lines, heading: Sequence[str]
) -> tuple[list[float], dict[str, float]]:
    """What each line of a section scores for the terms it holds (``found``), and the
    weights that gave it. The ``heading`` is printed above the lines: its terms choose
    none, unless nothing else is matched (then every term counts). Yet a line saying only
    the heading's words ("enable bytecode compilation with --compile-bytecode" under
    "Compiling bytecode") is part of the answer: it scores :data:`SAID_SHARE`, so the
    passage grows to it; the heading's own line scores nothing for them."""
    weights = _without(weighed.weights, heading) if heading else weighed.weights
    scores = [sum(weights.get(t, 1.0) for t in f) for f in found]
    if not any(scores):  # the section holds only what its titles say: by every term
        weights = weighed.plain
        return [sum(weights.get(t, 1.0) for t in f) for f in found], weights
    if heading:
        weights = _without(weighed.weights, heading, SAID_SHARE)
        scores[1:] = [sum(weights.get(t, 1.0) for t in f) for f in found[1:]]
    return scores, weights


def _without(
    weights: dict[str, float], said: Iterable[str], share: float = 0.0
) -> dict[str, float]:
    """``weights`` with the terms already ``said`` weighing ``share`` of their weight."""
    known = set(said)
    return {term: share * w if term in known else w for term, w in weights.items()}


def _lead(lines: list[str], hidden: frozenset[int] = frozenset()) -> int | None:
    """The first line of prose of a section: not its heading, not blank, not a fence,
    not one of the ``hidden`` lines (a comment's)."""
    for number, line in enumerate(lines):
        text = line.strip()
        if text and number not in hidden and not text.startswith(("#", "```", "~~~", "|", "<!--")):
            return number
    return None


def _first_items(block: list[str], most: int, doc_id: str) -> list[str]:
    """Frontmatter lines with each list (``- item`` lines under a key, or ``[a, b]`` on
    one line) cut to its first ``most`` items, and a comment saying how many more
    ``show`` has. A block of text (``rationale: |``) is left whole, dashes and all."""
    out: list[str] = []
    listing = False  # reading the items of a block list, under a key with no value
    items = more = 0  # of that list: items seen, items left out
    for line in block:
        key = _KEY_LINE.match(line)
        if key is None:
            item = listing and line.lstrip().startswith("- ")
            items += item
            more += item and items > most
            if not listing or items <= most:
                out.append(line)
            continue
        _say_more(out, more, doc_id)
        listing, items, more = not key.group(2).strip(), 0, 0
        flow = _FLOW_LIST.match(key.group(2))
        values = _flow_items(flow.group(1)) if flow else []
        if len(values) > most:
            out.append(f"{key.group(1)}[{', '.join(values[:most])}, ...]")
            _say_more(out, len(values) - most, doc_id)
        else:
            out.append(line)
    _say_more(out, more, doc_id)
    return out


def _flow_items(inner: str) -> list[str]:
    """The items of a flow list's inside, split at the commas outside quotes."""
    found: list[str] = []
    current: list[str] = []
    quote = ""
    for char in inner:
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == ",":
            found.append("".join(current))
            current = []
            continue
        current.append(char)
    found.append("".join(current))
    return [item.strip() for item in found if item.strip()]


def _say_more(out: list[str], more: int, doc_id: str) -> None:
    if more:
        out.append(f"  # ... {more} more: mdbrain show {doc_id}")


_KEY_LINE = re.compile(r"^([\w][\w-]*:[ \t]*)(.*)$")  # a key at the top, and its value
_FLOW_LIST = re.compile(r"^\[(.*)\]\s*(?:#.*)?$")
