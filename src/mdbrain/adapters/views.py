"""Text and JSON for the reading commands: query, show, search, neighbors.

Compact by design: what an agent reads here is what it pays for.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator, Sequence
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from mdbrain.adapters.render import plural, to_data, to_json
from mdbrain.core import cells

if TYPE_CHECKING:
    from mdbrain.service.briefing import Brief, History, ReviewQueue
    from mdbrain.service.governance import Conflict, SupersedeReport
    from mdbrain.service.importing import Case, ImportReport
    from mdbrain.service.reading import (
        Hit,
        NeighboursResult,
        QueryResult,
        SearchResult,
        ShowResult,
    )
    from mdbrain.service.updating import UpdateReport
    from mdbrain.service.verifying import VerifyReport
    from mdbrain.service.writing import WriteReport


# Who reads the text: a person or an agent at a terminal, told the command and its
# options, or an agent through the MCP server, told the tool and its parameters.
_FOR_TOOLS: ContextVar[bool] = ContextVar("for_tools", default=False)


@contextlib.contextmanager
def for_tools() -> Iterator[None]:
    """Inside the block, the texts name the MCP tools and parameters to use, not commands."""
    token = _FOR_TOOLS.set(True)
    try:
        yield
    finally:
        _FOR_TOOLS.reset(token)


def _say(command: str, tool: str) -> str:
    return tool if _FOR_TOOLS.get() else command


def index_warning(result: object) -> str:
    """What to say when a change was made but the derived files it calls for could not be
    regenerated ('' otherwise): the change stands, and what to run once they can be."""
    index = getattr(result, "index", None)
    failed = getattr(index, "failed", "")
    if not failed:
        return ""
    return (
        f"warning: the documents were changed, but the indexes could not be regenerated"
        f" ({failed}); run {_regenerate()} once they can be written"
    )


def _regenerate() -> str:
    """What regenerates the derived files, for who reads: a command, or a tool."""
    return _say("mdbrain index", "the check tool")


REFS_NAMED = 3  # impl_refs a flagged hit names


def _hit_line(rank: int | None, hit: Hit) -> list[str]:
    from mdbrain.service.reading import hit_lines  # loaded already: a hit came from it

    first, *rest = hit_lines(hit)
    lines = [f"{rank}. {first}" if rank is not None else first, *rest]
    if hit.status in ("deprecated", "archived"):  # replaced or retired: its history tells
        why = _say(f"mdbrain history {hit.id}", f"history doc={hit.id}")
        if hit.superseded_by:
            by = ", ".join(hit.superseded_by)
            lines.append(f"   ! {hit.status}: superseded by {by}; see {why}")
        else:
            lines.append(f"   ! {hit.status}: no longer in force; see {why}")
    elif hit.flagged:
        # the code it describes, three files named at most (a draft of the scan may list 23)
        refs = cells.first_of(hit.check, REFS_NAMED) or "no impl_refs listed"
        lines.append(f"   ! {hit.status}: check against the code before relying on it ({refs})")
    return lines


def _tokens(spent: dict[str, int]) -> str:
    parts = [f"{phase} {count}" for phase, count in spent.items() if phase != "total" and count]
    return f"tokens read: {spent['total']} ({', '.join(parts) or 'none'})"


def _hidden(count: int, result: QueryResult | SearchResult | None = None) -> list[str]:
    """What a read left out: how many matches, and those ranking above what it shows."""
    ahead = result.hidden_ahead if result is not None else ""
    # the drafts are those listed: only retired documents were left out
    drafts_shown = result is not None and (
        result.unverified or result.drafts_asked or bool(result.outranked)
    )
    if not count:
        return []
    one = count == 1
    if drafts_shown:
        what = "deprecated or archived document" if one else "deprecated or archived documents"
        widen = "; " + _say("--all", "everything=true") + (" to see it" if one else " to see them")
    else:
        what = (
            "draft, deprecated or archived document"
            if one
            else "drafts, deprecated or archived documents"
        )
        widen = (
            "; "
            + _say("--include-drafts or --all", "drafts=true or everything=true")
            + (" to see it" if one else " to see them")
        )
    said = [f"({count} matching {what} left out{widen})"]
    if not ahead:
        return said
    above = result.hidden_above if result is not None else ()
    many = len(above) > 1
    retired = dict(result.retired_above) if result is not None else {}

    def marked(doc_id: str) -> str:  # a reverted or withdrawn record says so
        return f"{doc_id} ({retired[doc_id]})" if doc_id in retired else doc_id

    named = ", ".join(map(marked, above[:ABOVE_NAMED])) if many else marked(ahead)
    if len(above) > ABOVE_NAMED:
        named += f" and {len(above) - ABOVE_NAMED} more"
    lead = f"{len(above)} of them rank" if many else "one of them ranks"
    line = f"({lead} above every document shown: {named}"
    if result is not None and result.ahead_superseded_by:
        by, now = result.ahead_superseded_by, result.ahead_now
        line += f"; {ahead if many else 'it'} is superseded by {', '.join(by)}"
        line += f", replaced in turn: what holds now is {', '.join(now)}" if now else ""
        for doc_id, status in result.ahead_retired:  # abandoned since: nothing holds there
            line += f"; {doc_id} is {status} too"
    elif retired:
        # retired, replaced by nothing (a reverted record): where to read its story
        first = next(iter(retired))
        why = _say(f"mdbrain history {first}", f"history doc={first}")
        line += f"; no longer in force: see {why}"
    said.append(line + ")")
    return said


ABOVE_NAMED = 3  # left-out documents ranking above every one shown that a line names


CASE_CHARS = 160  # of a clause an import could not resolve, shown in its report

# "well": what is in force may hold a word or two of the question and be about something
# else (vitejs/vite: a decision on Rolldown held "Vite 8" of "which bundler does Vite 8
# use?", and "nothing in force matches" read as false)
UNVERIFIED = (
    "Nothing in force matches this well; these drafts do (unverified: not yet reviewed"
    " against the code or their sources):"
)
# a page whose frontmatter is missing or does not parse has no status: no draft, though
# nothing vouches for it either
NO_STATUS = (
    "pages without a status (no frontmatter, or one that does not parse: 'mdbrain check'"
    " says where)"
)


def _warning(result: QueryResult | SearchResult) -> list[str]:
    """The line that opens an answer whose hits are not all in force, if any."""
    if not result.hits:
        return []
    from mdbrain.service.reading import SearchHit  # loaded already: the result came from it

    hits = [hit.hit if isinstance(hit, SearchHit) else hit for hit in result.hits]
    unset = {hit.status for hit in hits if hit.status in ("", "draft")}
    if unset == {""}:  # none of them a draft: said for what they are
        if result.outranked:
            return [
                f"{NO_STATUS[0].upper()}{NO_STATUS[1:]} match this far better than what is in"
                f" force (the best of it: {result.outranked}):"
            ]
        said = f"Nothing in force matches this well; these {NO_STATUS} do:"
        return [said] if result.unverified else []
    if result.outranked:
        return [
            "Drafts match this far better than what is in force (the best of it:"
            f" {result.outranked}); drafts are unverified: not yet reviewed against the code"
            " or their sources:"
        ]
    return [UNVERIFIED] if result.unverified else []


def _weak(result: QueryResult | SearchResult) -> list[str]:
    """The line that says the first document lacks what was asked, if it does."""
    if not result.weak:
        return []
    unsaid = ", ".join(f'"{word}"' for word in result.weak)
    maybe = (
        "the one left out that ranks above it may answer"
        if result.hidden_ahead
        else "the base may not cover this"
    )
    return [f"weak match: the first document never says {unsaid}; {maybe}"]


def query_text(result: QueryResult) -> str:
    if not result.hits and result.over_budget:
        return "\n".join(
            [
                f"The best match costs more than {_say('--budget', 'budget')} allows:"
                " raise it to read an answer.",
                _tokens(result.tokens),
            ]
        )
    if not result.hits:
        advice = [result.advice] if result.advice else []
        return "\n".join(
            ["No document matches.", *advice, *_hidden(result.hidden), _tokens(result.tokens)]
        )
    lines = [*_conflicted(result.conflicted), *_warning(result)]
    for rank, hit in enumerate(result.hits, start=1):
        lines += _hit_line(rank, hit)
    from mdbrain.service.reading import CONTINUES, in_order, passage_head

    for passage, named in in_order(result.hits, result.frontmatters, result.sections):
        lines += ["", passage_head(passage, named)]
        lines += [passage.text] if passage.text or not passage.same else []
        if passage.cut:
            cli, mcp = (words.format(line=passage.line) for words in CONTINUES)
            option = _say(cli, mcp)
            lines.append(f"[section continues: {option}]")
    if result.neighbours:
        lines += [
            "",
            "--- neighbours"
            + (" (the theme and relations of the first draft)" if result.unverified else ""),
        ]
        lines += [f"{n.relation}: {n.id} [{n.status}] {n.summary}" for n in result.neighbours]
    lines += [
        "",
        *_hidden(result.hidden, result),
    ]
    lines += _weak(result)
    if result.stopped_early and not result.weak:  # ahead of the others, yet weak
        # a lead in score, not a proof: rust-lang/rfcs's roadmap came 1.1 times ahead of
        # the two editions that answered
        lines.append("stopped early: only the first document was read (it scores ahead)")
    if result.unlisted:
        import shlex

        more = result.unlisted
        search = _say(
            f"mdbrain search {shlex.quote(result.question)} --limit {len(result.hits) + more}",
            f"search limit={len(result.hits) + more}",
        )
        lines.append(
            f"{plural(more, 'more candidate')} left out: a query costs no more than"
            f" reading its top document whole; {search}, with this query's filters, lists them"
        )
    if result.over_budget:
        lines.append(f"some parts were left out to stay within {_say('--budget', 'budget')}")
    lines.append(_tokens(result.tokens))
    return "\n".join(lines).strip()


def query_json(result: QueryResult) -> str:
    data: dict[str, Any] = {"hits": to_data(result.hits)}
    data.update({k: v for k, v in to_data(result).items() if k != "hits"})
    return to_json(data)


def _conflicted(found: Iterable[tuple[str, int]]) -> list[str]:
    """A warning per document read that git left mid-conflict (E010)."""
    return [
        f"! {doc_id} holds an unresolved git merge conflict (line {line}): both sides are in"
        f" what follows, neither is settled knowledge; settle it in the file, then"
        f" {_regenerate()}"
        for doc_id, line in found
    ]


def show_text(result: ShowResult) -> str:
    lines = _hit_line(None, result.hit)
    if result.conflict is not None:
        lines = [*_conflicted([(result.hit.id, result.conflict)]), *lines]
    head = result.passages[0].text if result.passages else ""
    lines += [f"   {line}" for line in head.splitlines()]
    for relation, ids in result.links.items():
        lines.append(f"{relation}: {', '.join(ids)}")
    if result.outline:
        lines += ["sections:", *(f"  {title}" for title in result.outline)]
    if result.hit.sha:
        option = _say("--expect-sha", "expect_sha")
        lines.append(f"sha: {result.hit.sha} (pass it as {option} to change it)")
    for passage in result.passages[1:]:
        lines += [
            "",
            f"--- {passage.doc}:{passage.line}-{passage.end} ({passage.title})",
            passage.text,
        ]
        if result.same_title:
            others = ", ".join(str(line) for line in result.same_title)
            option = _say(f"show --section {result.same_title[0]}", "section=<line>")
            rest = "the other is at line" if len(result.same_title) == 1 else "the others at lines"
            lines.append(
                f"({len(result.same_title) + 1} sections are titled {passage.title!r}: this is"
                f" the one at line {passage.line}; {rest} {others} ({option}))"
            )
    lines.append(f"tokens read: {result.tokens}")
    return "\n".join(lines)


def search_text(result: SearchResult) -> str:
    lines = _warning(result)
    for rank, found in enumerate(result.hits, start=1):
        lines += _hit_line(rank, found.hit)
        if found.snippet:
            lines.append(f"   {found.hit.id}:{found.line}: {found.snippet}")
    if not lines:
        lines.append("No document matches.")
        lines += [result.advice] if result.advice else []
    lines += _hidden(result.hidden, result)
    lines += _weak(result)
    lines.append(f"tokens read: {result.tokens}")
    return "\n".join(lines)


def neighbours_text(result: NeighboursResult) -> str:
    lines = [f"{result.start.id}: {result.start.summary}"]
    if result.unverified:
        lines.append(
            "  no neighbour in force; these drafts are (unverified: not yet reviewed against"
            " the code or their sources):"
        )
    for item in result.neighbours:
        pad = "  " * item.distance
        lines.append(f"{pad}{item.relation}: {item.id} [{item.status}] {item.summary}")
    left_out = _left_out(result)
    if not result.neighbours:
        lines.append("  (no neighbours shown)" if left_out else "  (no neighbours)")
    lines += [f"({said})" for said in left_out]
    lines.append(f"tokens read: {result.tokens}")
    return "\n".join(lines)


def neighbours_json(result: NeighboursResult) -> str:
    """The result, and when neighbours were left out, what says so and how to see them."""
    data = to_data(result)
    left_out = _left_out(result)
    if left_out:
        data["left_out"] = left_out
    return to_json(data)


def _left_out(result: NeighboursResult) -> list[str]:
    """What a walk of the graph left out, by kind, with the option that shows it."""
    said = []
    for count, one, many, option in (
        (result.hidden_drafts, "draft", "drafts", "--include-drafts or --all"),
        (result.hidden_retired, "deprecated or archived document", "deprecated or archived"
         " documents", "--all"),
    ):  # fmt: skip
        if count:
            them = "it" if count == 1 else "them"
            shown_by = _say(option, "everything=true")
            said.append(f"{count} {one if count == 1 else many} left out; {shown_by} to see {them}")
    return said


def _gone_or_moved(report: UpdateReport) -> list[str]:
    """What an update says of code that is gone, and of code git saw renamed."""
    lines = []
    if report.archive:
        lines.append("proposed for archiving (every impl_ref is gone; archive by hand if right):")
        lines += [f"  {doc}" for doc in report.archive]
    if report.renames:
        lines.append("impl_refs whose files git saw renamed:")
    for rename in report.renames:
        done = "rewritten" if rename.fixed else _say("--fix rewrites it", "fix=true rewrites it")
        if rename.mentioned:  # fix rewrites fields, never prose
            done += f"; its text names {rename.old} too: read it"
        lines.append(f"  {rename.doc}: {rename.old} -> {rename.new} ({done})")
    return lines


def update_text(report: UpdateReport) -> str:
    verb = "would flag" if report.dry_run else "flagged"
    fresh = [f for f in report.flagged if not f.already]
    lines = [f"Compared the documents with the code ({report.source}): {verb} {len(fresh)}."]
    lines += [f"note: {note}" for note in report.notes]
    for flag in report.flagged:
        state = "still needs review" if flag.already else "needs review"
        if flag.refreshed:
            state += " (reason brought up to date)"
        lines.append(f"  {flag.doc}: {state}: {flag.reason}")
    if report.flagged:
        verify = _say("mdbrain verify DOC --source WHAT", "verify (docs=[DOC], sources=[WHAT])")
        lines.append(f"  check each against its code, then: {verify}")
    lines += _gone_or_moved(report)
    if report.undocumented:
        shown = report.undocumented[:20]
        more = len(report.undocumented) - len(shown)
        lines.append(f"{plural(len(report.undocumented), 'source file')} no document describes:")
        lines += [f"  {path}" for path in shown]
        if more:
            lines.append(f"  ... and {more} more (--json lists them all)")
        if report.not_drafted:
            lines.append(f"  {report.not_drafted}")
        if report.draftable and not report.drafted and not report.dry_run:
            lines.append("  'mdbrain update --draft' writes draft documents for them")
    if report.drafted:
        lines.append(f"drafted {len(report.drafted)} documents: {', '.join(report.drafted)}")
    if report.index is not None and report.index.written:
        lines.append(f"regenerated {', '.join(report.index.written)}")
    if report.check_errors is not None:
        lines.append(f"check: {report.check_errors} errors (run 'mdbrain check' for details)")
    return "\n".join(lines)


def supersede_text(report: SupersedeReport) -> str:
    lines = [f"{report.old} is {report.status}, superseded by {', '.join(report.new)}."]
    if report.again:
        lines[0] = (
            f"{report.old} was superseded by {', '.join(report.new)} already;"
            " its day and reason are kept."
        )
    if report.reviewed:
        lines.append("synthesis pages now needing review: " + ", ".join(report.reviewed))
    if report.still_linking:
        lines.append("documents still linking to it: " + ", ".join(report.still_linking))
    none = len(report.not_in_force) + len(report.retired_successors) == len(report.new)
    gap = ", so default reads show nothing in its place" if none else ""
    if report.not_in_force:
        lines.append(
            f"not in force yet{gap}: {', '.join(report.not_in_force)}"
            " (mdbrain verify, once checked, puts a draft in force)"
        )
        gap = ""
    if report.retired_successors:
        lines.append(f"retired itself{gap}: {', '.join(report.retired_successors)}")
    return "\n".join(lines)


def conflicts_text(found: list[Conflict]) -> str:
    if not found:
        return "No open conflict."
    settle = _say("'mdbrain resolve A B --keep A'", "resolve (first=A, second=B, keep=A)")
    lines = [f"{plural(len(found), 'open conflict')} (settle with {settle}):"]
    for item in found:
        lines += [
            f"- {item.claimant} (updated {item.claimant_updated or '?'}) contradicts {item.target}"
            f" (updated {item.target_updated or '?'})",
            f"    {item.claimant}: {item.claimant_summary}",
            f"    {item.target}: {item.target_summary}",
        ]
    return "\n".join(lines)


def _brief_left_out(result: Brief) -> str:
    """What a brief left out, in words: drafts, documents past the limit (ethereum/
    consensus-specs: "left out: nothing" under 4 not listed), what search ranks past what
    it took (kedacore/keda-docs: 20 listed of 92), retired documents."""
    left = [] if result.unverified else [plural(result.hidden_drafts, "draft")]
    if result.more:
        left.append(f"{result.more} past the limit")
    if result.searched_first:
        left.append(f"what search ranks past its first {result.searched_first} (--limit)")
    if result.retired:
        left.append(f"{result.retired} deprecated or archived")
    return ", ".join(left) or "nothing"


def _brief_more(result: Brief) -> str:
    """The documents a brief's limit left out, in words: those in force and the drafts
    tagged with its subject apart (fastapi/fastapi's docs imported as drafts, one
    decision in force: "104 more documents in force" were 104 drafts)."""
    if result.unverified:
        return plural(result.more, "more draft")
    in_force = result.more - result.more_drafts
    said = [plural(in_force, "more document") + " in force"] if in_force else []
    if result.more_drafts:
        said.append(plural(result.more_drafts, "more draft") + " tagged with it")
    return " and ".join(said)


def brief_text(result: Brief) -> str:
    when = f" as of {result.as_of}" if result.as_of else ""
    kind = {
        "code": " (documents describing this code)",
        "search": " (found by search)",
        "undescribed": " (no document describes this code; found by searching its words)",
    }
    if result.unverified:
        lines = [
            f"Nothing in force on {result.subject!r}{kind.get(result.kind, '')}; drafts,"
            " unverified (not yet reviewed against the code or their sources):"
            f" {plural(len(result.items) + result.more, 'document')}."
        ]
    else:
        listed = sum(1 for item in result.items if item.status == "draft")
        drafts = listed + result.more_drafts  # with those past the limit: any limit agrees
        tagged = (
            f", and {plural(drafts, 'draft')} tagged with it, not yet reviewed" if drafts else ""
        )
        in_force = len(result.items) - listed + result.more - result.more_drafts
        count = in_force - result.elsewhere
        aside = f" (and {result.elsewhere} on other parts of its file)" if result.elsewhere else ""
        lines = [
            f"In force on {result.subject!r}{when}{kind.get(result.kind, '')}:"
            f" {plural(count, 'document')}{aside}{tagged}."
        ]
    if result.missing:  # thanos-io/thanos: a brief on a typo answered as if it were code
        lines.append(f"note: {result.missing}")
    if result.advice:
        lines.append(result.advice)
    from mdbrain.core.text import unnamed  # on first use: most commands print no brief

    for item in result.items:
        flag = {"needs-review": " (needs review)", "draft": " (draft)"}.get(item.status, "")
        if result.unverified and item.status == "deprecated":  # a past day's drafts
            flag = " (a draft then, superseded since)"
        via = f" [via {item.covers}]" if item.covers and item.covers != result.subject else ""
        via += " (found by search, not tagged)" if item.searched else ""
        named = f'{item.id} "{item.title}"' if unnamed(item.id, item.title) else item.id
        lines.append(f"- [{item.type}] {named}{flag}{via}: {item.summary}")
        if item.reason:
            lines.append(f"    why: {item.reason}")
        if item.review:
            lines.append(f"    to review: {item.review}")
    if result.more:
        lines.append(f"{_brief_more(result)} not listed; a higher limit lists them")
    lines.append(
        f"left out: {_brief_left_out(result)}; to review: {result.to_review};"
        f" open conflicts: {result.conflicts}"
    )
    for doc_id, successors in result.replaced:  # what to read instead of each
        instead = f", superseded by {', '.join(successors)}" if successors else ""
        lines.append(f"  retired: {doc_id}{instead}")
    return "\n".join(lines)


def history_text(result: History) -> str:
    lines = [result.id]
    replaced = {step.via for step in result.newer}  # replaced in turn: not where it ends
    for step in result.newer:
        after = f" (after {step.via})" if step.via else ""
        # a successor retired since, and replaced by nothing: nothing holds there now
        ended = step.status in ("deprecated", "archived") and step.id not in replaced
        lines.append(
            f"  superseded by {step.id}{after} on {step.date or '?'}"
            + (f" ({step.status} since: nothing in force replaces it)" if ended else "")
            + (f": {step.reason}" if step.reason else "")
        )
    for step in result.older:
        through = f"through {step.via}; " if step.via else ""
        lines.append(
            f"  supersedes {step.id} ({through}replaced on {step.date or '?'})"
            + (f": {step.reason}" if step.reason else "")
        )
    if not result.newer and result.status in ("deprecated", "archived"):
        # retired, replaced by nothing: reverted, withdrawn, abandoned
        why = f": {result.why}" if result.why else ""
        lines.append(f"  {result.status}, and nothing replaces it{why}")
    elif not result.newer and not result.older:
        lines.append("  no supersession: nothing replaces it, and it replaces nothing")
    if result.commits:
        lines.append(f"commits of its source {result.source}:" if result.source else "commits:")
        lines += [
            f"  {sha} {day} {author}: {subject}" for sha, day, author, subject in result.commits
        ]
        if result.more:
            lines.append(f"  ... and {result.more} older (git log --follow on the file lists all)")
    elif result.unavailable:
        lines.append(f"commits: unavailable, git could not read them ({result.unavailable})")
    elif not result.git:
        lines.append("commits: none (the base is not in a git repository)")
    else:
        lines.append("commits: none yet (git has no commit of this file)")
    return "\n".join(lines)


def review_text(result: ReviewQueue) -> str:
    def count(name: str, shown: int) -> str:
        """The list's size, and how many are shown when a limit cut it."""
        total = result.totals.get(name, shown)
        return f"{total}, {shown} shown" if total > shown else str(total)

    lines = [f"To review ({count('to_review', len(result.to_review))}):"]
    lines += [f"  {doc}: {reason or 'no reason given'}" for doc, reason in result.to_review]
    lines.append(
        f"Synthesis pages to regenerate ({count('synthesis', len(result.synthesis))}): "
        + (", ".join(result.synthesis) or "none")
    )
    lines.append(f"Open conflicts: {count('conflicts', len(result.conflicts))}")
    lines += [f"  {c.claimant} contradicts {c.target}" for c in result.conflicts]
    lines.append(f"Unverified drafts ({count('drafts', len(result.drafts))}), oldest first:")
    lines += [f"  {doc} (created {created or '?'})" for doc, created in result.drafts]
    return "\n".join(lines)


def _refreshed(report: ImportReport) -> list[str]:
    """The line naming the drafts an import replaced by their page as it is now."""
    if not report.refreshed:
        return []
    again = "would replace" if report.dry_run else "replaced"
    shown = list(report.refreshed.values())
    why = "the page changed since, or --verified puts it in force" if report.verified else ""
    return [
        f"  {len(shown)} of them {again} the draft an earlier import made of the page"
        f" ({why or 'the page changed since'}; nobody edited the draft): "
        + ", ".join(shown[:_CASES_LISTED])
        + (" ..." if len(shown) > _CASES_LISTED else "")
    ]


def _overviews_made(report: ImportReport) -> list[str]:
    """The overviews written beside the pages: documents of the base too, said, or the
    count of documents surprises (gohugoio/hugoDocs: 993 pages imported, 1,070 indexed)."""
    made = report.overviews
    if not made:
        return []
    shown = ", ".join(made[:_CASES_LISTED]) + (", ..." if len(made) > _CASES_LISTED else "")
    return [
        f"Wrote {plural(len(made), 'overview')} beside them (drafts listing the pages nothing"
        f" links to): {shown}"
    ]


def import_text(report: ImportReport) -> str:
    verb = "would import" if report.dry_run else "imported"
    if report.legacy:
        lines = [f"Listed {len(report.listed)} legacy pages of {report.source} (nothing copied)."]
    else:
        into = f" into {report.theme}/" if report.theme else ""
        count = len(report.imported)
        pages = f"{count} page{'' if count == 1 else 's'}"
        lines = [f"{verb.capitalize()} {pages} from {report.source}{into}.", *_refreshed(report)]
        lines += _overviews_made(report)
    planned = _planned(report) if report.dry_run and not report.legacy else {}
    lines += planned.values()
    lines += _renamed(report, planned)
    if report.supersessions:
        lines.append(f"supersessions found: {len(report.supersessions)}")
        lines += [f"  {s.new} supersedes {s.old}" for s in report.supersessions]
    if report.unresolved:
        lines.append(f"could not be resolved ({len(report.unresolved)}): check by hand")
        lines += [
            f"  {case.source}: {case.reason}: {cells.clip(case.text, CASE_CHARS)}"
            for case in report.unresolved
        ]
    refs = sorted({(c.source, c.path) for c in report.code_links if c.impl_ref})
    if report.code_links:
        added = (
            f" ({plural(len(refs), 'impl_ref')} added: once the pages are verified, update"
            " flags them when that code changes)"
            if refs
            else ""
        )
        lines.append(f"links to the project's files kept: {len(report.code_links)}{added}")
    if report.broken_links:
        lines.append(
            f"links kept although their target is missing: {len(report.broken_links)}"
            f" (lines of the pages in {report.source})"  # not of the documents written
        )
        lines += [f"  {b.source}:{b.line}: {b.target}" for b in report.broken_links[:_CASES_LISTED]]
        if len(report.broken_links) > _CASES_LISTED:
            lines.append("  ... (--json lists them all)")
    if report.skipped:
        lines.append("not imported:")
        lines += _cases(report.skipped)
    if report.stopped:
        lines.append("stopped by the guard (if a finding is no secret, this lets it through):")
        lines += [
            f"  {s.source}"
            + (f" line {s.line}" if s.line else "")
            + f": {s.rule} [value {s.digest}]: {s.allow}"
            for s in report.stopped
        ]
        from mdbrain.core import guard  # its patterns compile on import: only a refusal pays

        lines.append(  # the shape of the entry: a fresh .rag has no guard: section
            "  guard.allow is a list in .rag; with no guard: section yet, add the line"
            f" {guard.allow_line(report.stopped[0].digest)}"
        )
        if any(s.kind == "personal" for s in report.stopped):
            lines.append(
                "  personal data (e-mail addresses, phone numbers, ids) is checked unless .rag sets"
                " guard.personal_data: false"
            )
        lines.append("  then run the same import again: the pages already imported are skipped")
    lines += [f"note: {note}" for note in report.notes]
    return "\n".join(lines)


_CASES_LISTED = 5  # pages left out for one reason, listed one by one up to this many
_PLANNED = 20  # pages a dry run lists with the documents they would become


def _renamed(report: ImportReport, planned: dict[str, str]) -> list[str]:
    """The lines after the pages a dry run listed (``planned``): how many more it would
    import, then the pages renamed that it did not list, each with the document it became
    and why, under a line saying what they are."""
    lines = []
    renamed = [r for r in report.renamed if r.source not in planned]  # not said twice
    if len(report.imported) > len(planned) > 0:
        more = len(report.imported) - len(planned)
        among = "; those of them renamed follow" if renamed else ""
        lines.append(f"  ... and {more} more (--json lists them all){among}")
    elif renamed:
        # a line of their own: under the one naming the overviews, fastapi/fastapi's
        # renamed pages (index.md -> home.md) read as more of the overviews
        lines.append(f"renamed on import ({len(renamed)}), each page with the document it became:")
    lines += [f"  {r.source} -> {r.chosen} ({r.reason})" for r in renamed[:20]]
    if len(renamed) > 20:
        lines.append(f"  ... and {len(renamed) - 20} more renames (--json lists them all)")
    return lines


def _planned(report: ImportReport) -> dict[str, str]:
    """The first pages a dry run would import, each with the line that says which
    document it would become (and why it got another name than its own), by page."""
    why = {r.source: f" ({r.reason})" for r in report.renamed}
    first = list(report.imported.items())[:_PLANNED]
    return {source: f"  {source} -> {doc}{why.get(source, '')}" for source, doc in first}


def _cases(cases: Sequence[Case]) -> list[str]:
    """Pages left out, one line each; a reason shared by many is one line with a count."""
    by_reason: dict[str, list[Case]] = {}
    for case in cases:
        by_reason.setdefault(case.reason, []).append(case)
    lines = []
    for reason, same in by_reason.items():
        if len(same) > _CASES_LISTED:
            first = ", ".join(case.source for case in same[:3])
            lines.append(f"  {len(same)} pages, {reason}: {first}... (--json lists them all)")
        else:
            lines += [f"  {case.source}: {case.reason}" for case in same]
    return lines


def verify_text(report: VerifyReport) -> str:
    lines = []
    for item in report.verified:
        change = item.before if item.before == item.after else f"{item.before} -> {item.after}"
        lines.append(f"Verified {item.id} ({change}); sources: {', '.join(item.sources)}")
        if item.held:
            lines.append(f"  {item.held}")
        if item.followed:
            lines.append(f"  code followed from now on (impl_refs): {', '.join(item.followed)}")
        lines.append(f"  sha {item.sha}")
    if report.skipped:
        lines.append(f"not verified ({len(report.skipped)}):")
        lines += [f"  {doc_id}: {why}" for doc_id, why in report.skipped]
    return "\n".join(lines)


def _overview_lines(report: WriteReport) -> list[str]:
    """What a write did to the overviews that keep its folder's pages reachable."""
    lines = [
        f"wrote the draft overview {page}, so that its folder's pages can be reached"
        for page in report.overviews
    ]
    if report.listed_in:
        lines.append(f"added it to the draft overview {report.listed_in}")
    if report.unlisted_in:
        lines.append(
            f"{report.unlisted_in} was changed by hand since it was written: it was left as it"
            " is, without this page; add it there if it belongs"
        )
    return lines


def write_text(report: WriteReport) -> str:
    verb = "Created" if report.created else "Updated"
    lines = [f"{verb} {report.id}; sha {report.sha}"]
    if report.numbered:
        lines.append(report.numbered)
    for change in report.lists:
        now = ", ".join(change.now) or "none"
        if change.replaced:
            gone = f" (removed: {', '.join(change.removed)})" if change.removed else ""
            lines.append(f"{change.field} replaced: now {now}{gone}")
        elif change.added:
            lines.append(f"{change.field}: added {', '.join(change.added)}; now {now}")
        else:
            lines.append(f"{change.field}: unchanged, it already had them; now {now}")
    for ref, why in report.missing.items():
        lines.append(f"warning: impl_ref {ref} names no code: {why} (check reports it, W003)")
    if report.status == "draft":
        reason = report.draft_reason or "no sources"
        # verify refuses a page whose impl_refs name no code: the way out is to mend them
        step = "point its impl_refs at code that is there, then " if report.missing else ""
        lines.append(
            f"status draft: {reason}; default reads leave it out until it is verified"
            f" ({step}verify {report.id})"
        )
    if report.candidates:
        lines.append(
            "close documents, not duplicates: " + ", ".join(c for c, _ in report.candidates)
        )
    for clash in report.possible_contradictions:
        lines += [
            f"possible contradiction with {clash.other} ({clash.differs}):",
            f"  new: {clash.new_sentence}",
            f"  old: {clash.old_sentence}",
            "  if so, say it: "
            + _say(
                f"--contradicts {clash.other} (a human settles it), --supersedes"
                f" {clash.other} (it replaces it), or --new (both hold)",
                f"contradicts=[{clash.other}] (a human settles it), supersedes="
                f"[{clash.other}] (it replaces it), or new=true (both hold)",
            ),
        ]
    for item in report.superseded:
        lines.append(f"{item.old} is now superseded by {report.id}")
        lines += [
            f"  synthesis page {page} now needs review: regenerate it" for page in item.reviewed
        ]
        if item.still_linking:
            lines.append(f"  still linking to {item.old}: {', '.join(item.still_linking)}")
    lines += _overview_lines(report)
    return "\n".join(lines)
