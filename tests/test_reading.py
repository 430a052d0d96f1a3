"""Reading: query by phases, visibility, freshness, budget, show, search and neighbours."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from mdbrain.adapters import views
from mdbrain.adapters.cli import cli
from mdbrain.core import passages, text, tokens
from mdbrain.core.errors import InvalidRequestError, OutsideBaseError, UsageError
from mdbrain.service.brain import Brain
from mdbrain.service.reading import DRAFTS_AHEAD, Filters, SearchResult
from tests.conftest import MakeBase, doc, write_base

QUESTION = "Comment fonctionne le verrouillage de compte après échecs de login ?"
LOGIN = "perimetre-fonctionnel/authentification/login.md"


def test_the_specification_example_answers_from_one_section(annex_f: Path) -> None:
    result = Brain.open(annex_f).reader().query(QUESTION)
    assert result.hits[0].id == LOGIN
    assert result.stopped_early
    # what it did, not a verdict: a lead in score is no proof of the answer
    assert "stopped early: only the first document was read (it scores ahead)" in (
        views.query_text(result)
    )
    assert [p.title for p in result.sections] == ["Sécurité"]
    assert "5 échecs consécutifs" in result.sections[0].text
    assert "## Parcours nominal" not in "".join(p.text for p in result.sections)
    every_doc = sum(
        tokens.estimate(p.read_text(encoding="utf-8"))
        for p in (annex_f / "docs-rag").rglob("*.md")
        if p.name not in {"INDEX.md", "OVERVIEW.md"}
    )
    assert result.tokens["total"] < every_doc
    assert result.tokens["total"] == sum(v for k, v in result.tokens.items() if k != "total")


# Pages long enough that a query's rows for several of them cost less than reading the top
# one whole (a query never costs more than that).
MORE = "\n\nThe rest of this page tells how the part behaves, with its limits and history. " * 6


def base_with_statuses(make_base: MakeBase) -> Path:
    return make_base(
        {
            "a.md": doc(
                "Cache eviction policy",
                body="The cache evicts the oldest entry." + MORE,
                sources="[x]",
            ),
            # long enough that the rows of all five fit in what it costs whole
            "b.md": doc("Cache draft notes", status="draft", body="cache cache cache" + MORE * 2),
            "c.md": doc(
                "Old cache design", status="deprecated", superseded_by="[a.md]", body="cache" + MORE
            ),
            "d.md": doc(
                "Cache sizing",
                status="needs-review",
                impl_refs="[src/cache.py]",
                body="cache size" + MORE,
            ),
            "e.md": doc("Archived cache", status="archived", body="cache" + MORE),
        }
    )


def test_default_reads_hide_untrusted_documents_and_say_how_many(make_base: MakeBase) -> None:
    reader = Brain.open(base_with_statuses(make_base)).reader()
    result = reader.query("cache", limit=10)
    assert sorted(h.id for h in result.hits) == ["a.md", "d.md"]
    assert result.hidden == 3
    review = next(h for h in result.hits if h.id == "d.md")
    assert review.flagged and review.check == ("src/cache.py",)
    drafts = reader.query("cache", limit=10, filters=Filters(include_drafts=True))
    assert "b.md" in {h.id for h in drafts.hits} and drafts.hidden == 2
    everything = reader.query("cache", limit=10, filters=Filters(everything=True))
    assert len(everything.hits) == 5 and everything.hidden == 0


def test_filters_narrow_by_type_tag_and_theme(make_base: MakeBase) -> None:
    root = make_base(
        {
            "ops/run.md": doc(
                "Deploy runbook", type="process", tags="[deploy]", body="deploy steps"
            ),
            "api/deploy.md": doc("Deploy API", type="api", tags="[api]", body="deploy endpoint"),
        }
    )
    reader = Brain.open(root).reader()
    assert [h.id for h in reader.query("deploy", filters=Filters(types=("api",))).hits] == [
        "api/deploy.md"
    ]
    assert [h.id for h in reader.query("deploy", filters=Filters(theme="ops")).hits] == [
        "ops/run.md"
    ]
    assert [h.id for h in reader.query("deploy", filters=Filters(theme="./ops/")).hits] == [
        "ops/run.md"
    ]
    # the root, as write reads "--theme .": every theme (Homebrew/brew: none matched)
    everywhere = reader.search("deploy", filters=Filters(theme=".")).hits
    assert sorted(h.hit.id for h in everywhere) == ["api/deploy.md", "ops/run.md"]
    assert [h.id for h in reader.query("deploy", filters=Filters(tags=("deploy",))).hits] == [
        "ops/run.md"
    ]


def test_an_edit_is_visible_to_the_very_next_query(make_base: MakeBase) -> None:
    root = make_base({"a.md": doc("Queue", body="Messages wait in a queue."), "b.md": doc("Other")})
    assert Brain.open(root).reader().search("backpressure").hits == ()
    (root / "a.md").write_text(doc("Queue", body="Backpressure slows producers."), encoding="utf-8")
    found = Brain.open(root).reader().search("backpressure")
    assert [h.hit.id for h in found.hits] == ["a.md"]
    (root / "b.md").unlink()
    assert "b.md" not in {h.hit.id for h in Brain.open(root).reader().search("other").hits}


def test_a_budget_caps_the_tokens_read(make_base: MakeBase) -> None:
    body = "## Retries\n\n" + "Retries back off exponentially between attempts. " * 40
    root = make_base({"a.md": doc("Retries", body=body)})
    reader = Brain.open(root).reader()
    free = reader.query("retries back off")
    capped = reader.query("retries back off", budget=free.tokens["total"] // 2)
    assert capped.over_budget and capped.tokens["total"] <= free.tokens["total"] // 2
    assert capped.hits  # the manifest phase still fits


def test_a_list_item_that_answers_comes_with_the_details_under_it(
    make_base: MakeBase,
) -> None:
    long = "The option accepts any form the client library allows, and a scheme decides. " * 9
    body = (
        "## Options\n\n- **Endpoint (HTTP)**: where spans go over HTTP.\n"
        "  - Default: `http://localhost:4318`\n  - Type: string\n\n"
        f"- **Endpoint (gRPC)**: where the exporter sends spans over gRPC. {long}\n"
        "  - Default: `http://localhost:4317`\n  - Type: string\n\n"
        "- **Timeout**: how long the exporter waits.\n  - Default: 10s\n"
    )
    root = make_base({"a.md": doc("Exporter options", body=body)})
    text = Brain.open(root).reader().query("gRPC endpoint the exporter sends to").sections[0].text
    assert "localhost:4317" in text  # the default under the item that answers
    assert "4318" not in text and "Timeout" not in text  # not the items around it


def test_rows_of_a_table_are_shown_under_its_header(make_base: MakeBase) -> None:
    rows = "\n".join(f"| `OPTION_{n}` | Sets the knob number {n}. | {n} |" for n in range(40))
    body = f"## Variables\n\n| Name | Description | Default |\n|---|---|---|\n{rows}\n"
    root = make_base({"a.md": doc("Settings", body=body)})
    text = Brain.open(root).reader().query("what does OPTION_37 set").sections[0].text
    assert "OPTION_37" in text and "OPTION_2 " not in text
    assert text.splitlines()[0:2] == ["| Name | Description | Default |", "|---|---|---|"]


def test_long_sections_are_cut_and_say_so(make_base: MakeBase) -> None:
    body = "## Steps\n\n" + "\n".join(f"{i}. do step {i} of the migration" for i in range(1, 200))
    root = make_base({"a.md": doc("Migration", body=body)})
    section = Brain.open(root).reader().query("migration steps").sections[0]
    assert section.cut and section.text.count("\n") < 80


def test_show_returns_summary_links_outline_and_a_section_on_request(annex_f: Path) -> None:
    reader = Brain.open(annex_f).reader()
    plain = reader.show(LOGIN)
    assert plain.hit.summary.startswith("Flux de connexion")
    assert "securite/mfa.md" in plain.links["links"]
    assert "  Sécurité" in plain.outline
    assert [p.title for p in plain.passages] == ["frontmatter"]
    one = reader.show(LOGIN, section="sécurité")
    assert one.passages[1].text.startswith("## Sécurité") and one.tokens > plain.tokens
    typed = reader.show(LOGIN, section="securite")  # its accent left out, as typed
    assert typed.passages[1].text.startswith("## Sécurité")
    whole = reader.show(LOGIN, full=True)
    assert "## Parcours nominal" in whole.passages[1].text
    with pytest.raises(UsageError, match="no section titled 'Nope'"):
        reader.show(LOGIN, section="Nope")
    with Brain.open(annex_f) as brain:  # not the first section (ethereum/consensus-specs)
        for blank in ("", "  "):
            with pytest.raises(InvalidRequestError, match="name a section"):
                brain.show(LOGIN, section=blank)


def test_search_never_shows_a_table_of_contents_line(make_base: MakeBase) -> None:
    """grpc/proposal and swift-evolution: the best line of a search was often an item of
    the page's table of contents, which only says a heading again."""
    body = (
        "* [Maximum number of retry attempts](#maximum-number-of-retry-attempts)\n"
        "* [Throttling](#throttling)\n\n"
        "## Maximum number of retry attempts\n\n"
        "The number of retry attempts is capped at five, whatever the service config says.\n"
    )
    root = make_base({"retries.md": doc("Client retries", body=body)})
    found = Brain.open(root).reader().search("retry attempts maximum number").hits[0]
    assert found.snippet == "## Maximum number of retry attempts"
    capped = Brain.open(root).reader().search("retry attempts capped").hits[0]
    assert capped.snippet.startswith("The number of retry attempts is capped")


def test_search_shows_the_line_naming_the_identifier_its_heading_first(
    make_base: MakeBase,
) -> None:
    body = (
        "A remote key provider hands out keys: the key provider is remote.\n\n"
        "Call app.requestLock() before the window opens.\n\n"
        "Set `key_provider` in the encryption block.\n\n"
        "## app.requestLock([data])\n\nReturns a boolean.\n"
    )
    root = make_base({"enc.md": doc("Encryption", body=body)})
    reader = Brain.open(root).reader()
    found = reader.search("key_provider").hits[0]
    assert found.snippet == "Set `key_provider` in the encryption block."
    assert reader.search("app.requestLock").hits[0].snippet == "## app.requestLock([data])"
    # words, not a name: the line holding most of them
    assert reader.search("remote key provider").hits[0].snippet.startswith("A remote key")


def test_show_of_a_section_lists_the_sections_around_it_and_counts_the_others(
    make_base: MakeBase,
) -> None:
    """golang/proposal's monotonic-time design: its 9-line Abstract cost 2,455 tokens,
    the 118 headings of its appendix listed under it."""
    body = "## Abstract\n\nTime goes on.\n\n" + "".join(
        f"## Appendix {n}\n\nA case.\n\n" for n in range(40)
    )
    root = make_base({"design/monotonic.md": doc("Monotonic time", body=body)})
    reader = Brain.open(root).reader()
    whole = reader.show("design/monotonic.md")
    assert len(whole.outline) == 42  # the title and every section, when none is asked
    shown = reader.show("design/monotonic.md", section="Abstract")
    assert shown.outline[:2] == ("Monotonic time", "  Abstract")
    assert shown.outline[-1] == "(32 more below)" and len(shown.outline) == 11
    assert shown.tokens < whole.tokens  # the section read, and far fewer titles
    middle = reader.show("design/monotonic.md", section="Appendix 20").outline
    assert middle[0] == "(14 more above)" and "  Appendix 20" in middle


def test_show_finds_a_section_by_a_line_it_holds_and_by_a_title_without_backticks(
    make_base: MakeBase,
) -> None:
    body = (
        "## Isolation\n\nKeep pages apart.\n\n### Why?\n\nLeaks hurt.\n\n"
        "## Sandbox\n\nRun renderers boxed.\n\n### Why?\n\nBugs escape.\n\n"
        "## `win.setVibrancy(type)`\n\nSets the effect.\n\n"
        '## Fixes {#fixes}\n\n<a name="older"></a>\n\n### Older fixes <a name="old"></a>\n\nNone.\n'
    )
    root = make_base({"sec.md": doc("Security", body=body)})
    reader = Brain.open(root).reader()
    asked = reader.show("sec.md", section="Why?")
    first = asked.passages[-1]
    assert "Leaks hurt." in first.text
    # mdn/content: the first of two sections of that title was shown, and nothing said so
    assert asked.same_title == (first.line + 8,)
    assert (
        f"(2 sections are titled 'Why?': this is the one at line {first.line}; the other is at"
        f" line {first.line + 8} (show --section {first.line + 8}))" in views.show_text(asked)
    )
    second = reader.show("sec.md", section=str(first.line + 8)).passages[-1]
    assert not reader.show("sec.md", section=str(first.line + 8)).same_title  # by its line
    assert second.title == "Why?" and "Bugs escape." in second.text and second.line > first.line
    assert "Bugs escape." in reader.show("sec.md", section=str(second.end)).passages[-1].text
    vibrancy = reader.show("sec.md", section="win.setVibrancy").passages[-1]
    assert "Sets the effect." in vibrancy.text
    # prometheus/docs' markdown guide: "The following fields are available:", and the
    # fields in the subsections under it, were two lines with no field
    fields = "## Fields\n\nThe fields are these:\n\n### Pages\n\n| title | shown |\n"
    fields += "\n## Links\n\nWrite them relative.\n\n### Pages\n\nTo pages.\n"
    root = make_base({"guide.md": doc("Guide", body=fields)})
    guide = Brain.open(root).reader()
    assert "| title | shown |" in guide.show("guide.md", section="Fields").passages[-1].text
    # a small section is shown with its subsections (the playbook's FAQ gave one lead
    # sentence, its actions being in a subsection); a big one, with its own text only
    small = guide.show("guide.md", section="Links").passages[-1].text
    assert "Write them relative." in small and "To pages." in small
    big = fields.replace("To pages.", " ".join(["To pages and their parts."] * 200))
    big_guide = Brain.open(make_base({"guide.md": doc("Guide", body=big)})).reader()
    own = big_guide.show("guide.md", section="Links").passages[-1].text
    assert "Write them relative." in own and "To pages" not in own
    with pytest.raises(UsageError, match="nor one holding that line"):
        reader.show("sec.md", section="999")
    # a number is a line before it is the start of a title ("19 small fixes")
    numbered = make_base({"n.md": doc("N", body="## NN fixes\n\nOne.\n\n## Later\n\nTwo.\n")})
    text = (numbered / "n.md").read_text(encoding="utf-8")
    later = str(1 + text.split("\n").index("## Later"))
    (numbered / "n.md").write_text(text.replace("NN", later), encoding="utf-8")
    reader = Brain.open(numbered).reader()
    assert reader.show("n.md", section=later).passages[-1].title == "Later"
    assert reader.show("n.md", section=f"{later} fixes").passages[-1].title == f"{later} fixes"
    shown = reader.show("sec.md", section="fixes")
    assert shown.passages[-1].title == "Fixes"
    assert shown.outline[-2:] == ("  Fixes", "    Older fixes")


def test_a_section_named_by_digits_no_line_number_reads_is_a_title(make_base: MakeBase) -> None:
    body = "## E = mc²\n\nEnergy.\n\n## ¹ Notes\n\nA note.\n"
    reader = Brain.open(make_base({"f.md": doc("Formulas", body=body)})).reader()
    assert reader.show("f.md", section="¹").passages[-1].title == "¹ Notes"
    with pytest.raises(UsageError, match=r"no section titled '²' \(sections"):
        reader.show("f.md", section="²")  # superscripts are digits int() cannot read
    with pytest.raises(UsageError, match="no section titled '9999"):
        reader.show("f.md", section="9" * 5000)  # longer than int() reads, and any file


def test_a_section_is_found_by_its_anchor_the_same_in_every_translation(
    make_base: MakeBase,
) -> None:
    """fastapi/fastapi: ``--section raise-an-httpexception-in-your-code`` failed on the
    French page, whose heading gives that id in every language."""
    body = (
        "## Lever une `HTTPException` dans votre code { #raise-an-httpexception-in-your-code }"
        "\n\nLevez-la.\n\n## Ajouter des en-têtes\n\nAvec headers.\n"
    )
    reader = Brain.open(make_base({"f.md": doc("Erreurs", body=body)})).reader()
    for asked in ("raise-an-httpexception-in-your-code", "#Raise-An-HTTPException-in-your-code"):
        found = reader.show("f.md", section=asked).passages[-1]
        assert found.title == "Lever une `HTTPException` dans votre code"
    assert (
        reader.show("f.md", section="ajouter-des-en-têtes").passages[-1].text.endswith("headers.")
    )


def test_a_cut_passage_says_the_command_that_shows_its_whole_section(
    make_base: MakeBase,
) -> None:
    filler = "\n\n".join(f"Step {n} of the rollout waits for the canary." for n in range(60))
    body = f"## Intro\n\nAbout rollouts.\n\n## Rollout\n\n{filler}\n\nThe canary gate holds.\n"
    root = make_base({"roll.md": doc("Rollout", body=body)})
    reader = Brain.open(root).reader()
    result = reader.query("canary gate holds")
    cut = [p for p in result.sections if p.cut]
    assert cut, result.sections
    printed = views.query_text(result)
    # the page is named once, by its first passage; the option is said, and counted
    assert printed.count("--- roll.md:") == 1
    assert f"--- same page:{cut[0].line}-{cut[0].end} (Rollout)" in printed
    assert f"[section continues: show --section {cut[0].line}]" in printed
    shown = reader.show("roll.md", section=str(cut[0].line)).passages[-1]
    assert shown.title == "Rollout" and "The canary gate holds." in shown.text


def test_a_hidden_draft_ranking_above_every_hit_is_named(make_base: MakeBase) -> None:
    root = make_base(
        {
            "sessions.md": doc(
                "Postgres for sessions",
                body="Sessions live in Postgres. A session lasts until the user logs out.",
            ),
            "lifetime.md": doc(
                "Session lifetime",
                body="A session lasts eight hours, then the session ends.",
                status="draft",
            ),
        }
    )
    reader = Brain.open(root).reader()
    asked = reader.query("how long does a session last")
    assert [h.id for h in asked.hits] == ["sessions.md"] and asked.hidden == 1
    assert not asked.outranked  # the draft is ahead, not far ahead
    assert asked.hidden_ahead == "lifetime.md"
    assert "(one of them ranks above every document shown: lifetime.md)" in views.query_text(asked)
    # the one page shown is ahead of nothing: a hidden draft ranks above it
    assert not asked.stopped_early and "stopped early" not in views.query_text(asked)
    searched = reader.search("session lasts")
    assert searched.hidden_ahead == "lifetime.md"
    assert "lifetime.md" in views.search_text(searched)
    # below the hits shown, a hidden match is only counted
    below = reader.query("sessions live in postgres")
    assert below.hidden_ahead == "" and "ranks above" not in views.query_text(below)


def test_a_draft_far_ahead_of_everything_in_force_answers_marked(make_base: MakeBase) -> None:
    """A base being adopted is mostly drafts: one document in force that barely touches
    the question must not hide the draft that answers it (seen on encode/httpx and
    alphagov/govuk-aws). The draft answers, marked, and the best in force is named."""
    root = make_base(
        {
            "sessions.md": doc("Postgres for sessions", body="Sessions live in Postgres."),
            "lifetime.md": doc(
                "Session lifetime",
                body="A session lasts eight hours, then the session ends.",
                status="draft",
            ),
            "old.md": doc(
                "Session length",
                body="A session lasts one hour; the session ends at once.",
                status="deprecated",
            ),
        }
    )
    reader = Brain.open(root).reader()
    asked = reader.query("how long does a session last")
    assert asked.hits[0].id == "lifetime.md" and asked.outranked == "sessions.md"
    assert not asked.unverified and asked.hidden == 1  # only the retired one is left out
    printed = views.query_text(asked)
    assert printed.startswith("Drafts match this far better than what is in force")
    assert "(the best of it: sessions.md)" in printed and "eight hours" in printed
    assert "--include-drafts" not in printed  # drafts are shown: only --all shows more
    searched = reader.search("how long does a session last")
    assert searched.hits[0].hit.id == "lifetime.md" and searched.outranked == "sessions.md"
    # what is in force and answers stays the answer, drafts or not
    held = reader.query("where do sessions live")
    assert [h.id for h in held.hits] == ["sessions.md"] and not held.outranked
    # asked for drafts, nothing is outranked: they are ranked with the rest as always
    wide = reader.query("how long does a session last", filters=Filters(include_drafts=True))
    assert wide.hits[0].id == "lifetime.md" and not wide.outranked


def test_drafts_answer_beside_what_is_in_force_when_enough_rank_above_it(
    tmp_path: Path,
) -> None:
    """electron/electron's docs imported, one page verified: the security guide, which
    says "IPC" and "run" and "tests" in passing, answered "how do I run only the IPC
    tests?" alone, seven drafts ranking above it, the testing guide first at 1.8 times
    its score. Counting the drafts, it would not have been listed: they answer beside it."""
    topics = ["unit", "spec", "main", "renderer", "node", "smoke"][:DRAFTS_AHEAD]
    drafts = {
        f"testing-{topic}.md": doc(
            f"Testing the {topic} code",
            body=f"The {topic} suite holds tests of IPC. Run it only when the {topic} code changes.",
            status="draft",
        )
        for topic in topics
    }
    security = doc(
        "Security",
        body="Run only trusted code, and validate the sender of every IPC message. "
        "The security tests check it.",
    )
    question = "how do I run only the IPC tests"
    asked = Brain.open(write_base(tmp_path / "many", {"security.md": security, **drafts}))
    answer = asked.reader().query(question)
    assert answer.hits[0].id.startswith("testing-") and answer.outranked == "security.md"
    # fewer drafts above it, none far ahead: what is in force answers alone
    few = dict(list(drafts.items())[: DRAFTS_AHEAD - 1])
    held = Brain.open(write_base(tmp_path / "few", {"security.md": security, **few}))
    kept = held.reader().query(question)
    assert [h.id for h in kept.hits] == ["security.md"] and not kept.outranked
    assert kept.hidden_ahead.startswith("testing-")  # named, as before
    # a longer list counts as many: the document in force would be listed among them
    longer = asked.reader().query(question, limit=DRAFTS_AHEAD + 3)
    assert not longer.outranked and longer.hits[0].id == "security.md"


def test_a_page_whose_frontmatter_does_not_parse_is_not_called_a_draft(
    make_base: MakeBase,
) -> None:
    """A page with broken YAML has no status: the answer it heads said "Drafts match
    this far better", which sent the reader to review a draft that is none."""
    root = make_base(
        {
            "good.md": doc("Sessions", body="Sessions live in Postgres."),
            "broken.md": '---\ntitle: "Session lifetime\nsummary: x\n---\n\n'
            "# Session lifetime\n\nA session lasts eight hours, then the session ends.\n",
        }
    )
    asked = Brain.open(root).reader().query("how long does a session last")
    assert asked.hits[0].id == "broken.md" and asked.hits[0].status == ""
    first = views.query_text(asked).splitlines()[0]
    assert "pages without a status (no frontmatter, or one that does not" in first.lower()
    assert "draft" not in first.lower()


def test_a_draft_holding_every_word_named_answers_before_a_document_lacking_one(
    make_base: MakeBase,
) -> None:
    """astral-sh/uv imported as drafts, then one decision written: "how do I pin a
    Python version" answered with "Pin uv in Docker images by version tag" alone, the
    drafts that answer left out (they scored above it, not twice as much). "Python",
    in two pages of three, still counts for a title holding the question's words."""
    pages = {
        f"guides/g{n}.md": doc(f"Guide {n}", body=f"Run Python tool {n}.", status="draft")
        for n in range(6)
    }
    pages["concepts/python-versions.md"] = doc(
        "Python versions",
        body="Pin a Python version with uv python pin: the version is written to a file.",
        status="draft",
    )
    pages["decisions/pin-uv.md"] = doc(
        "Pin uv in Docker images by version tag",
        body="Our Dockerfiles copy uv pinned to a version tag.",
        type="decision",
    )
    pages["other.md"] = doc("Caching", body="The cache lives in a folder.", status="draft")
    root = make_base(pages)
    reader = Brain.open(root).reader()
    ranked = [c.id for c in reader.searcher.rank("how do I pin a Python version", 3)]
    assert ranked[0] == "concepts/python-versions.md"
    asked = reader.query("how do I pin a Python version")
    assert asked.hits[0].id == "concepts/python-versions.md"
    assert asked.outranked == "decisions/pin-uv.md"
    # the decision holds every word named: it stays the answer
    held = reader.query("pin uv in Docker images by version tag")
    assert held.hits[0].id == "decisions/pin-uv.md" and not held.outranked


def test_what_is_in_force_stays_listed_and_read_beside_drafts_far_ahead(
    make_base: MakeBase,
) -> None:
    """home-assistant/architecture imported as drafts, then two decisions written in a
    chain: "which Python versions do we support?" listed one draft on Docker images,
    the decision in force named in the header but neither listed nor read, its score
    under the share a list keeps."""
    pages = {
        "docker.md": doc(
            "Docker images",
            body="We build Docker images with Python wheels for five versions of Alpine;"
            " Python support in images comes from Alpine. Python versions, Python builds.\n\n"
            + 12
            * "Each image is tagged, scanned and pushed by the release job. ",
            status="draft",
            type="decision",
        ),
        "support.md": doc(
            "Python support policy",
            body="We support each Python release until upstream ends it.",
            type="decision",
        ),
    }
    pages.update(
        {f"misc{n}.md": doc(f"Topic {n}", body=f"Note {n}.", status="draft") for n in range(3)}
    )
    root = make_base(pages)
    reader = Brain.open(root).reader()
    asked = reader.query("which Python versions do we support in images")
    assert asked.outranked == "support.md"
    assert [h.id for h in asked.hits] == ["docker.md", "support.md"]
    assert "until upstream ends it" in views.query_text(asked)  # its text is read too


def test_a_filler_word_of_the_question_is_no_word_a_page_lacks(make_base: MakeBase) -> None:
    """A question ending "...support now?": the decision in force lacked "now", a draft using it in
    passing did not, and the draft was put before it as matching far better."""
    root = make_base(
        {
            "docker.md": doc(
                "Docker images",
                body="We have now one image; it ships Python for every version we support.",
                status="draft",
            ),
            "support.md": doc(
                "Python versions supported",
                body="We support the two latest Python versions.",
                type="decision",
            ),
        }
    )
    reader = Brain.open(root).reader()
    asked = reader.query("which Python versions do we support now?")
    assert asked.hits[0].id == "support.md" and not asked.outranked
    # nor a word to rank by: the draft saying "now" in passing does not come first
    ranked = reader.searcher.rank("which Python versions do we support now?", 2)
    assert [c.id for c in ranked] == ["support.md", "docker.md"]
    assert text.without_fillers("what holds now, still?") == "what holds"
    assert text.without_fillers("now") == "now"  # nothing else asked: kept


def test_how_often_asks_a_frequency_the_answer_gives_without_the_word(
    make_base: MakeBase,
) -> None:
    # NixOS/rfcs: "How often is Nix released?" put the release schedule fifth, behind
    # pages that say "often" in passing
    root = make_base(
        {
            "schedule.md": doc(
                "Nix release schedule", body="Nix is released every eight weeks.", type="decision"
            ),
            "stable.md": doc(
                "Stable channel",
                body="Packages are often backported; the stable channel is released with NixOS.",
                type="decision",
            ),
        }
    )
    ranked = Brain.open(root).reader().searcher.rank("How often is Nix released?", 2)
    assert [c.id for c in ranked] == ["schedule.md", "stable.md"]
    assert text.without_fillers("How frequently do we deploy?") == "How do we deploy?"


def test_the_drafts_header_is_said_only_above_a_draft(make_base: MakeBase) -> None:
    """astral-sh/uv: "what replaced pinning uv by digest in Docker?" said "Drafts match
    this far better than what is in force" above one row, the decision in force that
    replaced it, every draft cut by the answer's budget."""
    notes = "Release notes: uv images for Docker now list each digest when pinning."
    pages = {f"changelog/{n}.md": doc(f"Release {n}", body=notes, status="draft") for n in range(4)}
    pages["decisions/by-digest.md"] = doc(
        "Pin uv in Docker images by digest",
        body="Pinning uv in Docker images by digest: every Docker image pins uv by digest.",
        type="decision",
        status="deprecated",
        superseded_by="[decisions/by-tag.md]",
    )
    pages["decisions/by-tag.md"] = doc(
        "Pin by tag", body="We pin uv by tag.", type="decision", supersedes="[decisions/by-digest.md]"
    )  # fmt: skip
    root = make_base(pages)
    asked = Brain.open(root).reader().query("what replaced pinning uv by digest in Docker?")
    assert asked.hits[0].id == "decisions/by-tag.md"
    assert not asked.outranked
    assert not views.query_text(asked).startswith("Drafts match")


def test_a_superseded_match_ranking_above_every_hit_names_its_successor(
    make_base: MakeBase,
) -> None:
    """The best match was replaced: the answer says by what, so that the reader goes to
    what holds now rather than widening the filters to read what no longer does."""
    root = make_base(
        {
            "redis.md": doc(
                "Session store in Redis",
                body="The session store keeps every session in Redis.",
                status="deprecated",
                superseded_by="[postgres.md]",
            ),
            "postgres.md": doc(
                "Postgres for state",
                body="State lives in Postgres.",
                supersedes="[redis.md]",
            ),
            "cookies.md": doc("Cookies", body="The session cookie is signed."),
        }
    )
    reader = Brain.open(root).reader()
    asked = reader.query("where is the session store")
    assert asked.hidden_ahead == "redis.md"
    assert asked.ahead_superseded_by == ("postgres.md",)
    assert "redis.md; it is superseded by postgres.md)" in views.query_text(asked)
    searched = reader.search("session store")
    assert searched.ahead_superseded_by == ("postgres.md",)
    assert "it is superseded by postgres.md" in views.search_text(searched)
    assert json.loads(views.query_json(asked))["ahead_superseded_by"] == ["postgres.md"]
    # drafts asked for: what was left out is only retired, and only --all shows it
    widened = reader.query("where is the session store", filters=Filters(include_drafts=True))
    printed = views.query_text(widened)
    assert "(1 matching deprecated or archived document left out; --all to see it)" in printed
    assert "--include-drafts" not in printed
    searched = reader.search("session store", filters=Filters(include_drafts=True))
    assert "--include-drafts" not in views.search_text(searched)


def test_a_successor_abandoned_since_is_said_to_be_retired(make_base: MakeBase) -> None:
    """cosmos/cosmos-sdk: ADR-010 is superseded by ADR-045, which was abandoned; the
    answer said "it is superseded by adr-045" and nothing more, as if ADR-045 held."""
    root = make_base(
        {
            "adr-010.md": doc(
                "ADR 010: Modular AnteHandler",
                body="The AnteHandler is modular: each module adds its decorators.",
                type="decision",
                status="deprecated",
                superseded_by="[adr-045.md]",
            ),
            "adr-045.md": doc(
                "ADR 045: Check DeliverTx middlewares",
                body="Middlewares replace decorators.",
                type="decision",
                status="archived",
                supersedes="[adr-010.md]",
            ),
            "readme.md": doc("Architecture", body="The AnteHandler runs before messages."),
        }
    )
    asked = Brain.open(root).reader().query("how is the AnteHandler modular")
    assert asked.hidden_ahead == "adr-010.md"
    assert asked.ahead_retired == (("adr-045.md", "archived"),)
    printed = views.query_text(asked)
    assert "it is superseded by adr-045.md; adr-045.md is archived too)" in printed


def test_query_counts_only_the_hidden_matches_that_widening_would_list(
    make_base: MakeBase,
) -> None:
    """A query lists no candidate far behind its best one, so a hidden match that far
    behind is not promised by "--all to see them" either; search lists every match."""
    root = make_base(
        {
            "catalog.md": doc(
                "Default catalog file name",
                body="The catalog file is named catalog-info.yaml by default.",
                status="draft",
            ),
            "format.md": doc(
                "Catalog file format",
                body="Entities are written in YAML; a file may name a catalog.",
                status="archived",
            ),
        }
    )
    reader = Brain.open(root).reader()
    asked = reader.query("what is the default catalog file named")
    assert [h.id for h in asked.hits] == ["catalog.md"] and asked.unverified
    everything = reader.query(
        "what is the default catalog file named", filters=Filters(everything=True)
    )
    assert [h.id for h in everything.hits] == ["catalog.md"]  # format.md is far behind
    assert asked.hidden == 0 and "left out" not in views.query_text(asked)
    searched = reader.search("default catalog file named")
    assert searched.hidden == 1
    said = views.search_text(searched)
    assert "(1 matching deprecated or archived document left out; --all to see it)" in said


def test_hidden_matches_are_described_in_the_right_number() -> None:
    assert views._hidden(1) == [
        "(1 matching draft, deprecated or archived document left out;"
        " --include-drafts or --all to see it)"
    ]
    assert views._hidden(2)[0].startswith("(2 matching drafts, deprecated or archived documents")
    drafts_shown = SearchResult("q", (), 3, 0, unverified=True)
    assert views._hidden(3, drafts_shown) == [
        "(3 matching deprecated or archived documents left out; --all to see them)"
    ]


def test_every_left_out_page_ranking_above_what_is_shown_is_counted(make_base: MakeBase) -> None:
    """rust-lang/rfcs: once one page was in force, the line named only the superseded
    page ranking above it, while five imported drafts did too (four here: with five,
    the drafts answer beside it, DRAFTS_AHEAD)."""
    draft = "The borrow checker rejects a borrow that outlives its loan: the borrow checker."
    ahead = DRAFTS_AHEAD - 1
    root = make_base(
        {
            "index.md": doc("Index", type="overview", sources="[x]", body="[s](stable.md)"),
            "stable.md": doc("Loans", sources="[x]", body="A loan of the borrow checker."),
            **{
                f"d{n}.md": doc(f"Borrow checker notes {n}", status="draft", body=draft)
                for n in range(ahead)
            },
        }
    )
    result = Brain.open(root).reader().query("borrow checker")
    assert [h.id for h in result.hits] == ["stable.md"]
    assert len(result.hidden_above) == ahead and result.hidden_ahead == result.hidden_above[0]
    said = views.query_text(result)
    named = ", ".join(result.hidden_above[:3])
    assert f"({ahead} of them rank above every document shown: {named} and 1 more)" in said


def test_search_gives_the_best_line_of_each_hit(annex_f: Path) -> None:
    result = Brain.open(annex_f).reader().search("TOTP code six chiffres", limit=2)
    assert result.hits[0].hit.id == "securite/mfa.md"
    assert "6 chiffres" in result.hits[0].snippet and result.hits[0].line > 1
    assert result.tokens > 0


def test_neighbours_walk_the_graph_without_bodies(annex_f: Path) -> None:
    near = Brain.open(annex_f).reader().neighbours_of("securite/mfa.md", 1, Filters())
    assert {(n.id, n.distance) for n in near.neighbours} == {(LOGIN, 1)}
    far = Brain.open(annex_f).reader().neighbours_of("securite/mfa.md", 2, Filters())
    assert ("perimetre-fonctionnel/authentification/session.md", 2) in {
        (n.id, n.distance) for n in far.neighbours
    }


def test_a_successor_linked_from_a_status_line_is_named_for_the_supersession(
    make_base: MakeBase,
) -> None:
    root = make_base(
        {
            "old.md": doc(
                "Use Lunr",
                status="deprecated",
                superseded_by="[new.md]",
                body="## Status\n\nSuperseded by [Pagefind](new.md).",
            ),
            "new.md": doc("Use Pagefind", supersedes="[old.md]", body="Replaces [Lunr](old.md)."),
            "retired.md": doc("Lunr index size", status="deprecated", body="Lunr's index."),
        }
    )
    with Brain.open(root) as brain:
        everything = Filters(everything=True)
        back = brain.neighbours("new.md", filters=everything).neighbours
        ahead = brain.neighbours("old.md", filters=everything).neighbours
    assert [(n.id, n.relation) for n in back] == [("old.md", "supersedes")]
    assert [(n.id, n.relation) for n in ahead] == [("new.md", "superseded_by")]
    with Brain.open(root) as brain:
        shown = views.search_text(brain.search("lunr", filters=Filters(everything=True)))
        asked = views.query_text(brain.query("use lunr", limit=3, filters=Filters(everything=True)))
    # a hit no longer in force names what replaces it; one retired without successor says so
    assert "! deprecated: superseded by new.md; see mdbrain history old.md" in shown
    assert "! deprecated: superseded by new.md; see mdbrain history old.md" in asked
    said = "! deprecated: no longer in force; see mdbrain history retired.md"
    assert said in shown
    assert "check against the code" not in shown


def test_french_word_forms_and_missing_accents_meet() -> None:
    analyzer = text.Analyzer("fr")
    assert analyzer.terms("échecs") == analyzer.terms("echec")
    assert analyzer.terms("Vérifications") == analyzer.terms("vérification")
    assert analyzer.terms("le de la") == []
    english = text.Analyzer("en")
    assert english.terms("Locking failures") == english.terms("locked failure")


def test_token_estimates_are_zero_for_nothing_and_grow_with_text() -> None:
    assert tokens.estimate("") == 0 and tokens.estimate(" ") == 0 and tokens.estimate("\n") == 0
    assert tokens.estimate("hello") == 1
    assert tokens.estimate("hello world") == 2
    assert 4 <= tokens.estimate("internationalisation") <= 6
    assert tokens.estimate("a, b.") == 3
    assert tokens.estimate("réinitialisation") > tokens.estimate("reinitialisation")


@given(st.text(), st.text())
def test_token_estimates_add_up_over_separate_pieces(first: str, second: str) -> None:
    # Costs are summed in hundredths and rounded once; a space joining two runs of blanks
    # into an indentation adds at most one more token.
    joined = tokens.estimate(first + " " + second)
    assert abs(joined - (tokens.estimate(first) + tokens.estimate(second))) <= 2


def test_the_reading_commands_speak_text_and_json(annex_f: Path) -> None:
    runner = CliRunner()
    base = ["-C", str(annex_f)]
    out = runner.invoke(cli, [*base, "query", QUESTION, "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert next(iter(data)) == "hits" and data["hits"][0]["id"] == LOGIN
    assert data["tokens"]["total"] > 0
    shown = runner.invoke(cli, [*base, "show", "docs-rag/securite/mfa.md", "--section", "Repli"])
    assert shown.exit_code == 0 and "codes de récupération" in shown.output
    found = runner.invoke(cli, [*base, "search", "cookie", "--limit", "1"])
    assert found.exit_code == 0 and "session.md" in found.output
    near = runner.invoke(cli, [*base, "neighbors", "securite/mfa.md", "--depth", "2"])
    assert near.exit_code == 0 and "session.md" in near.output
    missing = runner.invoke(cli, [*base, "show", "nope.md"])
    assert missing.exit_code == 2 and "not a document" in missing.output


def test_text_that_starts_with_a_dash_is_asked_after_two_dashes_and_the_error_says_so(
    make_base: MakeBase,
) -> None:
    root = make_base({"a.md": doc("Sharding", body="Run the suite with `jest --shard=1/3`.")})
    runner = CliRunner()
    base = ["-C", str(root)]
    asked = [
        ("search", "--shard"),
        ("query", "-Wall"),
        ("search", "--shard=1/3"),
        ("search", "-hello"),
        ("search", "--example"),  # like --theme, yet no slip for it (redux-toolkit's flag)
    ]
    for command, written in asked:
        refused = runner.invoke(cli, [*base, command, written])
        assert refused.exit_code == 2
        assert f"put -- before it: mdbrain {command} -- {written}" in refused.output
    slip = runner.invoke(cli, [*base, "search", "--limt", "3", "shard"])
    assert slip.exit_code == 2 and "--limit" in slip.output and "put --" not in slip.output
    found = runner.invoke(cli, [*base, "search", "--", "--shard"])
    assert found.exit_code == 0 and "a.md" in found.output


def test_the_page_whose_title_holds_every_word_asked_comes_before_one_that_cites_it(
    make_base: MakeBase,
) -> None:
    # as in rust-lang/rfcs: the RFC named "non exhaustive" came second to one whose
    # heading cites the attribute, the body's matches saturating the title's
    cites = (
        "Deriving Default on an enum picks the variant marked default.\n\n"
        "## Interaction with `#[non_exhaustive]`\n\n"
        "A `#[non_exhaustive]` enum may derive Default; non_exhaustive variants too.\n"
    )
    about = "The attribute marks a type that may grow.\n\n"
    about += "\n\n".join(f"Paragraph {n} about crates and matching." for n in range(20))
    about += "\n\nUse `#[non_exhaustive]` on the enum.\n"
    root = make_base(
        {
            "derive-default-enum.md": doc("Derive default enum", cites),
            "non-exhaustive.md": doc("Non exhaustive", about),
            "closures.md": doc("Closures", "Closures capture. " * 20),
        }
    )
    for asked in ("non_exhaustive", "non exhaustive"):
        hits = [h.hit.id for h in Brain.open(root).search(asked).hits]
        assert hits[:2] == ["non-exhaustive.md", "derive-default-enum.md"], asked


def test_a_base_that_cannot_be_written_is_still_searchable(make_base: MakeBase) -> None:
    root = make_base({"a.md": doc("Throttling", body="Requests are throttled per client.")})
    (root / ".mdbrain").write_text("not a folder: the cache cannot live here", encoding="utf-8")
    found = Brain.open(root).reader().search("throttled")
    assert [h.hit.id for h in found.hits] == ["a.md"]


def test_pages_without_frontmatter_are_still_read(make_base: MakeBase) -> None:
    root = make_base({"plain.md": "# Backups\n\n## Schedule\n\nBackups run every night at two.\n"})
    result = Brain.open(root).reader().query("when do backups run")
    assert [h.id for h in result.hits] == ["plain.md"]
    assert result.frontmatters == () and "every night" in result.sections[0].text


def test_a_page_without_frontmatter_is_listed_by_its_id_and_a_title_that_says_more(
    make_base: MakeBase,
) -> None:
    root = make_base(
        {
            "adr019-service-mesh.md": "# ADR019: Service Mesh\n\nWe mesh services for mutual TLS.\n",
            "0042.md": "# Mesh gateways per namespace\n\nEach namespace gets a mesh gateway.\n",
        }
    )
    runner = CliRunner()
    for doc_id, about in [
        ("adr019-service-mesh.md", ""),
        ("0042.md", "Mesh gateways per namespace"),
    ]:
        printed = runner.invoke(cli, ["-C", str(root), "show", doc_id]).output
        first, second = printed.splitlines()[:2]
        assert first == doc_id, printed  # no "[/]": it has no type nor status to show
        assert second == (f"   {about}" if about else "sections:"), printed  # no blank row


@pytest.mark.parametrize(
    ("title", "heading", "title_kept"),
    [("Nightly backups", "", False), ("Storage", "## Nightly backups\n\n", True)],
)
def test_the_title_is_not_repeated_when_the_passage_opens_with_it(
    make_base: MakeBase, title: str, heading: str, title_kept: bool
) -> None:
    body = heading + "Backups run every night at two and are kept for a month." + MORE
    root = make_base({"a.md": doc(title, body=body, owners="[ops]")})
    result = Brain.open(root).reader().query("when do nightly backups run")
    [head] = result.frontmatters
    shown = result.sections[0]
    assert "owners: [ops]" in head.text
    assert ("title:" in head.text) is title_kept, (head.text, shown.text)
    if not title_kept:  # the heading saying it is printed right below
        assert shown.text.startswith("# Nightly backups")


def test_a_long_frontmatter_list_shows_its_first_items_and_says_how_many_more(
    make_base: MakeBase,
) -> None:
    pages = [f"p{i:02}.md" for i in range(12)]
    related = "\n" + "".join(f"  - {page}\n" for page in pages)
    body = "Backups run every night at two and are kept for a month." + MORE
    docs: dict[str, str | bytes] = {
        "a.md": doc("Nightly backups", body=body, related=related.rstrip("\n"),
                    owners='[ops, "dba, eu", sre, web, data, infra, sec]',
                    rationale="|\n" + "".join(f"  - reason {n}\n" for n in range(7)).rstrip()),
        **{page: doc(f"Page {page}") for page in pages},
    }  # fmt: skip
    root = make_base(docs)
    reader = Brain.open(root).reader()
    [head] = reader.query("when do nightly backups run").frontmatters
    lines = head.text.split("\n")
    # three of each list: on the Rust book, five listing paths cost more than the answer
    assert [line for line in lines if line.startswith("  - p")] == [f"  - {p}" for p in pages[:3]]
    assert "  # ... 9 more: mdbrain show a.md" in lines
    assert 'owners: [ops, "dba, eu", sre, ...]' in lines
    assert lines.count("  # ... 4 more: mdbrain show a.md") == 1  # the owners'
    assert [line for line in lines if "reason" in line] == [f"  - reason {n}" for n in range(7)]
    shown = reader.show("a.md").passages[0].text  # show keeps every item
    assert all(f"  - {page}" in shown for page in pages) and "sec]" in shown


def test_show_gives_the_fields_other_tools_wrote_but_not_what_the_row_says(
    make_base: MakeBase,
) -> None:
    """adr/madr: who decided a record ("decision-makers: Oliver Kopp, Olaf Zimmermann")
    was in its frontmatter and nowhere in what show gave."""
    fields = {"decision-makers": '"Oliver Kopp, Olaf Zimmermann"', "nav_order": "8"}
    root = make_base(
        {"a.md": doc("Add a status field", summary="Records say where they stand.", **fields)}
    )
    shown = Brain.open(root).reader().show("a.md").passages[0].text
    assert 'decision-makers: "Oliver Kopp, Olaf Zimmermann"' in shown
    assert "nav_order: 8" in shown
    # the row says these already
    assert not [line for line in shown.split("\n") if line.startswith(("summary:", "type:"))]


def test_a_common_word_in_a_title_still_counts(make_base: MakeBase) -> None:
    docs: dict[str, str | bytes] = {
        f"d{i}.md": doc(f"Request handling {i}", body="request request") for i in range(6)
    }
    docs["partition.md"] = doc("Partition request", body="How a partition request is served.")
    docs["other.md"] = doc("Partition layout", body="Partitions are laid out on disk.")
    root = make_base(docs)
    hits = Brain.open(root).reader().ranked("partition request", Filters(), 3)[0]
    assert hits[0].id == "partition.md"


def test_decomposed_accents_meet_composed_ones() -> None:
    import unicodedata

    analyzer = text.Analyzer("fr")
    decomposed = unicodedata.normalize("NFD", "métaphores rédactionnelles")
    assert analyzer.terms(decomposed) == analyzer.terms("métaphores rédactionnelles")


def test_an_exact_identifier_finds_only_the_documents_that_hold_it(make_base: MakeBase) -> None:
    root = make_base(
        {
            "limits.md": doc("Limits", body="Set LOGIN_MAX_ATTEMPTS to tune the lockout."),
            "login.md": doc("Login", body="Login attempts are counted; the max is five."),
            "other.md": doc("Attempts", body="Maximum login attempts, in general terms."),
        }
    )
    with Brain.open(root) as brain:
        exact = brain.search("LOGIN_MAX_ATTEMPTS")
        words = brain.search("login max attempts")
    assert [h.hit.id for h in exact.hits] == ["limits.md"]
    assert {h.hit.id for h in words.hits} >= {"login.md", "other.md"}


def test_an_identifier_is_matched_as_written_even_when_its_words_are_common_prose(
    make_base: MakeBase,
) -> None:
    # "must use" and "try from" are everyday words on many pages; the pages that name
    # must_use or try_from as code are few, and come first ("from" is a stop word, so
    # try_from is one term to the analyser, still an identifier of two words)
    prose = {
        f"guide-{n}.md": doc(
            f"Guide {n}", body=f"You must use the tool {n}; try from the top, then use it."
        )
        for n in range(30)
    }
    namers = {
        "lint.md": doc("Lint", body="Add #[must_use] to a function whose result matters."),
        "convert.md": doc("Conversions", body="Call T::try_from(value) to convert."),
    }
    root = make_base({**prose, **namers})
    with Brain.open(root) as brain:
        for asked, wanted in (("must_use", "lint.md"), ("#[must_use]", "lint.md")):
            assert brain.search(asked).hits[0].hit.id == wanted, asked
        assert brain.search("try_from").hits[0].hit.id == "convert.md"
        assert brain.search("how do I call try_from").hits[0].hit.id == "convert.md"


def test_which_documents_are_listed_does_not_depend_on_how_many_are_asked(
    make_base: MakeBase,
) -> None:
    # drafts that match well, more of them than a short list looks at, and one page in
    # force that matches poorly: every length of list gives the same answer, led by the
    # drafts (they match far better) with the page in force named
    drafts = {
        f"draft-{n}.md": doc(
            f"Cache eviction {n}", status="draft", body="cache eviction " * 8 + MORE
        )
        for n in range(70)
    }
    stable = doc("Storage", body="The store also keeps a small cache. " + MORE * 3)
    root = make_base({**drafts, "storage.md": stable})
    with Brain.open(root) as brain:
        found = [brain.search("cache", limit=n) for n in (3, 10, 40)]
    lists = [[h.hit.id for h in result.hits] for result in found]
    assert lists[0] == lists[1][:3] == lists[2][:3]
    assert all(doc_id.startswith("draft-") for doc_id in lists[0])
    assert {(result.hidden, result.outranked) for result in found} == {(0, "storage.md")}


def _cheat_sheet(tool: str, intro: str, examples: list[tuple[str, str]]) -> str:
    """A page of short examples under one heading, as command references are written."""
    lines = [f"# {tool}", "", f"> {intro}", ""]
    for said, command in examples:
        lines += [f"- {said}:", "", f"`{command}`", ""]
    return "\n".join(lines)


FILLER = [(f"Print the {n} report of the build in colour", f"tool report --{n}") for n in
          ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")]  # fmt: skip


def test_the_lines_shown_are_those_holding_what_the_page_does_not_already_say(
    make_base: MakeBase,
) -> None:
    # "debugger" and "llvm" are what the whole page is about (its opening line says so):
    # the line to show is the one holding the rest of the question, far below it.
    page = _cheat_sheet(
        "lldb",
        "The LLVM debugger.",
        [*FILLER, ("Wait for a process with a given name to start, and attach to it", "lldb -w")],
    )
    root = make_base({"lldb.md": page})
    result = Brain.open(root).reader().query("make the llvm debugger wait and attach to a name")
    shown = "\n".join(p.text for p in result.sections)
    assert "lldb -w" in shown and "The LLVM debugger" not in shown


def test_the_lines_shown_are_not_chosen_by_the_words_of_their_own_heading(
    make_base: MakeBase,
) -> None:
    # The heading names the subject and is printed above the passage anyway: the line
    # to show is the one that holds the rest of the question, not the heading itself.
    prose = "\n".join(
        f"The shepherd drives consensus with the authors, step {n}." for n in range(30)
    )
    body = (
        "## Decisions and the final comment period\n\n"
        + prose
        + "\n\nOnce announced, it lasts one week.\n"
    )
    others = {f"topic-{n}.md": doc(f"Topic {n}", body=f"Notes on topic {n}.") for n in range(6)}
    root = make_base({"governance.md": doc("Governance", body=body), **others})
    result = Brain.open(root).reader().query("how long does the final comment period last")
    shown = "\n".join(p.text for p in result.sections)
    assert "lasts one week" in shown


def test_a_query_shows_the_prose_that_explains_before_the_example_that_only_names(
    make_base: MakeBase,
) -> None:
    # the Example holds the question's words more often, in code; the Remarks answer
    example = "\n".join(
        f"    // compare two queue objects with operator<\n    bool less{n} = q{n} < r{n};"
        for n in range(3)
    )
    body = (
        "Operators of the queue class.\n\n## Remarks\n\n"
        "How operator< compares two queue objects: the first pair of unequal elements decides.\n\n"
        "## Example\n\n```cpp\n" + example + "\n```\n\n"
        "## See also\n\n- [queue class](queue.md)\n"
    )
    root = make_base({"queue-operators.md": doc("Queue operators", body)})
    result = Brain.open(root).query("how does operator< compare two queue objects?")
    assert [p.title for p in result.sections][:2] == ["Remarks", "Example"]
    assert "the first pair of unequal elements decides" in result.sections[0].text


def test_a_passage_cut_inside_a_code_block_shows_it_as_a_block() -> None:

    lines = ["Text", "```powershell", "a", "b", "```", "after", "```", "c", "d", "```"]
    # a few lines into a block: from its first line, which names what it does
    # (honojs/website: "app.notFound((c) => {" was cut off the 404 answer)
    # and a few lines short of its end, to its end (fastapi: the line raising the 404 was
    # the one left out)
    assert passages.fenced(lines, 2, 4) == (1, 5, "", "")
    deep = ["```ts", *(f"line {n}" for n in range(20)), "```"]
    assert passages.fenced(deep, 15, 18) == (15, 22, "```ts", "")  # far in: the fence above
    assert passages.fenced(deep, 10, 13) == (10, 13, "```ts", "```")  # far from both ends
    assert passages.fenced(lines, 4, 6) == (5, 6, "", "")  # its closing fence alone: skipped
    assert passages.fenced(lines, 5, 8) == (5, 10, "", "")
    assert passages.fenced(lines, 0, 10) == (0, 10, "", "")
    # a window ending on an opening fence takes a short block in, else leaves the fence out
    assert passages.fenced(lines, 5, 7) == (5, 10, "", "")
    long_block = ["Named:", "```", *("x" for _ in range(20)), "```"]
    assert passages.fenced(long_block, 0, 2) == (0, 1, "", "")


def test_query_never_hands_over_half_a_code_block(make_base: MakeBase) -> None:
    steps = "\n".join(f"Set-Item -Path Step{n} -Value {n}" for n in range(40))
    body = (
        "## Splatting\n\nSplatting passes a hashtable of parameters.\n\n```powershell\n"
        f"{steps}\n$HashArguments = @{{ Path = 'test.txt'; Destination = 'test2.txt' }}\n"
        f"Copy-Item @HashArguments -WhatIf\n{steps}\n```\n\nMore prose after the block.\n"
    )
    root = make_base({"splat.md": doc("About splatting", body=body)})
    answer = Brain.open(root).reader().query("Copy-Item HashArguments WhatIf")
    shown = next(p.text for p in answer.sections if p.doc == "splat.md")
    assert "Copy-Item @HashArguments -WhatIf" in shown
    fences = [line for line in shown.splitlines() if line.startswith("```")]
    assert len(fences) % 2 == 0 and shown.splitlines()[-1] == "```", shown
    # the lines left out of the block are said to be, inside it (nestjs: an example cut
    # after its imports read as the whole of it)
    assert shown.splitlines()[-2] == passages.ELIDED, shown


def test_copies_of_a_page_in_other_folders_are_listed_under_it(make_base: MakeBase) -> None:
    """Versioned documentation holds the same page once per version: the copies are
    named under the newest of them instead of filling the list."""
    page = doc(
        "Set-ExecutionPolicy",
        summary="Sets the execution policies for Windows computers.",
        body="Use -Scope CurrentUser to set the execution policy for the current user only.",
    )
    root = make_base(
        {
            **{f"{version}/set-execution-policy.md": page for version in ("v5", "v6", "v7")},
            "policies.md": doc(
                "About execution policies",
                summary="What the execution policies are.",
                body="An execution policy applies to a scope, such as the current user.",
            ),
        }
    )
    reader = Brain.open(root).reader()
    found = reader.search("execution policy current user", limit=2)
    assert [f.hit.id for f in found.hits] == ["v7/set-execution-policy.md", "policies.md"]
    copies = ("v5/set-execution-policy.md", "v6/set-execution-policy.md")
    assert found.hits[0].hit.copies == copies
    answer = reader.query("set the execution policy for the current user")
    assert [h.id for h in answer.hits][:1] == ["v7/set-execution-policy.md"]
    assert answer.hits[0].copies == copies
    assert "same title and summary: v5/set-execution-policy.md" in views.query_text(answer)


def test_show_finds_a_page_by_the_path_it_was_imported_from_or_names_the_likely_ones(
    make_base: MakeBase,
) -> None:
    page = doc("ForEach-Object", sources="[reference/7.5/Core/ForEach-Object.md]")
    root = make_base(
        {"v7/for-each-object.md": page, "v5/for-each-object.md": doc("ForEach-Object")}
    )
    brain = Brain.open(root)
    shown = brain.show("reference/7.5/Core/ForEach-Object.md")
    assert shown.hit.id == "v7/for-each-object.md"
    assert brain.doc("./reference/7.5/core/foreach-object.md", existing=True) == shown.hit.id
    # WebAssembly/design: "show FAQ.md" found the page imported from FAQ.md, "show FAQ" not
    assert brain.show("reference/7.5/Core/ForEach-Object").hit.id == shown.hit.id
    with pytest.raises(UsageError) as named:
        brain.show("ForEach-Object")
    said = str(named.value)
    assert "did you mean v5/for-each-object.md, v7/for-each-object.md?" in said
    with pytest.raises(UsageError, match=r"is not a document of this base$"):
        brain.history("nothing/like-this.md")
    with pytest.raises(UsageError, match=r"ids end in '\.md'"):
        brain.neighbours("no-such-name")


def test_names_with_backslashes_and_paths_outside_the_base_are_read_as_given(
    make_base: MakeBase, tmp_path: Path
) -> None:
    from mdbrain.core import record_names

    page = doc("ForEach-Object", sources="[reference/7.5/Core/ForEach-Object.md]")
    brain = Brain.open(make_base({"v7/for-each-object.md": page}))
    assert brain.show("reference\\7.5\\Core\\ForEach-Object.md").hit.id == "v7/for-each-object.md"
    with pytest.raises(OutsideBaseError):
        brain.doc(str(tmp_path / "elsewhere.md"), tmp_path, existing=True)
    lines = ["x", "```py", "a", "b", "```", "c"]
    assert passages.fenced(lines, 2, 2) == (2, 2, "", "")  # nothing shown: no empty block
    assert record_names.number_of("docs/1.0/README.md") is None  # a version's folder is no record


def test_a_short_name_suggests_the_documents_whose_file_name_holds_it(
    make_base: MakeBase,
) -> None:
    from mdbrain.core.errors import NotFoundError

    root = make_base(
        {"2094-nll.md": doc("2094 nll"), "nllb.md": doc("Other"), "0048-traits.md": doc("Traits")}
    )
    with Brain.open(root) as brain, pytest.raises(NotFoundError) as failed:
        brain.show("nll")
    assert failed.value.message.endswith("did you mean 2094-nll.md?")
    # rust-lang/rfcs: "show 3501-edition-2024" said "did you mean 3501-edition-2024.md?"
    with Brain.open(root) as brain:
        assert brain.show("2094-nll").hit.id == "2094-nll.md"
        assert brain.neighbours("0048-traits").start.id == "0048-traits.md"
    # home-assistant/architecture: "show adr/0004-GPIO.md", the record being 0019-gpio.md
    with Brain.open(root) as brain, pytest.raises(NotFoundError) as failed:
        brain.show("0012-Traits.md")
    assert failed.value.message.endswith("did you mean 0048-traits.md?")


def test_a_passage_ending_on_a_short_blocks_fence_shows_the_block(make_base: MakeBase) -> None:
    """backstage's ADR008: "The catalog file should be named" and the name in a block
    under it; a passage ending on the fence showed an empty block."""
    filler = "\n".join(f"Some context sentence {n} about catalogs and files." for n in range(25))
    body = (
        f"## Decision\n\n{filler}\n\nThe catalog file should be named\n\n```shell\n"
        "catalog-info.yaml\n```\n\nAnd more reasons follow here.\n"
    )
    root = make_base({"adr008.md": doc("Default catalog file name", body=body)})
    answer = Brain.open(root).reader().query("what should the catalog file be named")
    shown = "\n".join(p.text for p in answer.sections)
    assert "catalog-info.yaml" in shown or "```shell" not in shown, shown
    assert "```shell\n```" not in shown


def test_words_asked_in_prose_prefer_the_section_that_says_them_in_prose(
    make_base: MakeBase,
) -> None:
    # "In the code" holds fail, lock and login inside names and a path; "Rule" says them
    root = make_base(
        {
            "lockout.md": doc(
                "Account lockout",
                body="## Rule\n\nAfter five failed attempts the account is locked for "
                "15 minutes.\n\n## In the code\n\n`MAX_FAILED_ATTEMPTS` and `LOCK_DURATION` "
                "in `src/auth/login.py`.\n",
            ),
        }
    )
    with Brain.open(root) as brain:
        asked = brain.query("how many failed logins lock the account")
        named = brain.query("where is MAX_FAILED_ATTEMPTS set")
    assert asked.sections[0].title == "Rule"
    assert named.sections[0].title == "In the code"  # asked as a name: the name


def test_a_theme_that_is_no_folder_of_the_base_is_an_error_not_an_empty_answer(
    make_base: MakeBase,
) -> None:
    # found on backstage: --theme nonexistent printed "No document matches." and exit 0
    root = make_base({"security/keys.md": doc("Keys", body="Keys rotate.")})
    with Brain.open(root) as brain:
        for read in (
            lambda f: brain.query("keys", filters=f),
            lambda f: brain.search("keys", filters=f),
            lambda f: brain.neighbours("security/keys.md", filters=f),
        ):
            with pytest.raises(UsageError, match=r"'secrity' is no folder.*themes: security"):
                read(Filters(theme="secrity"))
        assert [h.id for h in brain.query("keys", filters=Filters(theme="security")).hits] == [
            "security/keys.md"
        ]
    result = CliRunner().invoke(cli, ["-C", str(root), "query", "keys", "--theme", "secrity"])
    assert result.exit_code == 2 and "no folder of the base" in result.output


def test_the_count_of_open_conflicts_agrees_with_its_noun() -> None:
    from mdbrain.service.governance import Conflict

    one = Conflict("a.md", "b.md", "A says so.", "B says not.", "2026-01-01", "2026-01-02")
    assert views.conflicts_text([one]).startswith("1 open conflict (settle")
    assert views.conflicts_text([one, one]).startswith("2 open conflicts (settle")


def test_a_page_with_no_status_is_left_out_like_a_draft_and_counted(
    make_base: MakeBase,
) -> None:
    # found on pydantic: a page without frontmatter (E002) was ranked as if in force
    root = make_base(
        {
            "strict.md": doc("Strict mode", body="Strict mode refuses coercion in validation."),
            "plain.md": "# Notes\n\nStrict mode strict mode refuses coercion in validation.\n",
            "broken.md": "---\ntitle: [broken\n---\n\nStrict mode refuses coercion, strictly.\n",
        }
    )
    with Brain.open(root) as brain:
        result = brain.query("does strict mode refuse coercion in validation?")
        assert [h.id for h in result.hits] == ["strict.md"]
        assert result.hidden >= 1  # counted, as drafts are
        wider = brain.query("strict mode coercion", filters=Filters(include_drafts=True))
        assert {h.id for h in wider.hits} == {"strict.md", "plain.md", "broken.md"}
        alone = brain.query("notes", filters=Filters())  # nothing else matches: shown, flagged
        assert [h.id for h in alone.hits] == ["plain.md"] and alone.unverified


def test_a_history_of_three_records_says_which_step_came_through_which(
    make_base: MakeBase,
) -> None:
    # found on pydantic: A -> B -> C read as if C had replaced A directly
    root = make_base(
        {
            "a.md": doc("A", status="deprecated", superseded_by="[b.md]",
                        superseded_on="2026-01-02", superseded_reason="b is faster"),
            "b.md": doc("B", status="deprecated", supersedes="[a.md]", superseded_by="[c.md]",
                        superseded_on="2026-02-03", superseded_reason="c is cheaper"),
            "c.md": doc("C", supersedes="[b.md]"),
        }
    )  # fmt: skip
    with Brain.open(root) as brain:
        oldest, newest = brain.history("a.md"), brain.history("c.md")
    assert [(s.id, s.via) for s in oldest.newer] == [("b.md", ""), ("c.md", "b.md")]
    assert [(s.id, s.via) for s in newest.older] == [("b.md", ""), ("a.md", "b.md")]
    text = views.history_text(oldest)
    assert "superseded by c.md (after b.md) on 2026-02-03: c is cheaper" in text
    assert "superseded by b.md on 2026-01-02: b is faster" in text  # replaced in turn
    assert "supersedes a.md (through b.md; replaced on 2026-01-02)" in views.history_text(newest)
    # cosmos/cosmos-sdk: the record that replaced ADR-010 was abandoned since
    with Brain.open(root) as brain:
        brain.session.write("c.md", doc("C", supersedes="[b.md]", status="archived"))
        ended = views.history_text(brain.history("a.md"))
    assert "superseded by c.md (after b.md) on 2026-02-03 (archived since: nothing" in ended


@pytest.mark.parametrize("command", ["search", "query"])
def test_a_blank_question_is_refused_in_plain_words(make_base: MakeBase, command: str) -> None:
    root = make_base({"a.md": doc("A")})
    result = CliRunner().invoke(cli, ["-C", str(root), command, "   "])
    assert result.exit_code == 2
    assert "is blank: give the words to look for" in result.output


def test_a_question_the_base_does_not_cover_is_called_a_weak_match(make_base: MakeBase) -> None:
    # found on backstage: "which package manager do we use" listed five unrelated records
    pages: dict[str, str | bytes] = {
        f"team-{n}.md": doc(f"Team {n}", body="Our team uses the design system.") for n in range(4)
    }
    pages["design.md"] = doc("Design system", body="The design system uses tokens for colours.")
    root = make_base(pages)
    with Brain.open(root) as brain:
        weak = brain.query("Which font does the design system use for its headings?")
        sure = brain.query("What does the design system use for colours?")
    assert weak.hits[0].id == "design.md" and weak.weak == ("font", "headings")
    assert 0 < weak.hits[0].cover < 0.3 and set(weak.hits[0].lacks) >= {"font"}
    assert 'weak match: the first document never says "font", "headings"' in (
        views.query_text(weak)
    )
    assert sure.weak == () and "weak match" not in views.query_text(sure)


def test_a_weak_match_is_not_claimed_for_a_question_in_another_language(
    make_base: MakeBase,
) -> None:
    # found on adr-tools: a French question found the right English record, then listed
    # "pourquoi", "l", "est", "il", "en" as words the base never says
    pages: dict[str, str | bytes] = {
        f"note-{n}.md": doc(f"Note {n}", body="Releases ship on Mondays.") for n in range(4)
    }
    pages["shell.md"] = doc("Shell scripts", body="The tool is written as shell scripts.")
    root = make_base(pages)
    with Brain.open(root) as brain:
        french = brain.query("pourquoi l'outil est-il écrit en scripts shell ?")
        english = brain.query("why is the tool written as Haskell or Rust binaries?")
    assert french.hits[0].id == "shell.md" and french.weak == ()
    assert not {"l", "est", "il", "en", "pourquoi"} & set(english.weak)
    assert english.weak and "stopped early" not in views.query_text(english)


def test_the_language_of_a_question_is_told_by_its_stop_words() -> None:
    assert text.guess_language("pourquoi l'outil est-il écrit en shell ?") == "fr"
    assert text.guess_language("why is the tool written in shell?") == "en"
    assert text.guess_language("shell scripts") == ""
    assert text.says_little("pourquoi") and text.says_little("l") and not text.says_little("font")


def test_a_hidden_match_replaced_twice_leads_to_what_holds_now(make_base: MakeBase) -> None:
    # found on adr-tools: "what replaced ADR 2" named 0003, itself replaced by 0005
    root = make_base(
        {
            "redis.md": doc("Redis session store", status="deprecated",
                            body="Sessions live in the Redis session store.",
                            superseded_by="[memcached.md]"),
            "memcached.md": doc("Memcached for state", status="deprecated",
                                body="State lives in Memcached.", supersedes="[redis.md]",
                                superseded_by="[postgres.md]"),
            "postgres.md": doc("Postgres for state", body="State lives in Postgres.",
                               supersedes="[memcached.md]"),
            "cookies.md": doc("Cookies", body="The session cookie is signed."),
        }
    )  # fmt: skip
    reader = Brain.open(root).reader()
    asked = reader.query("where is the session store")
    assert asked.hidden_ahead == "redis.md" and asked.ahead_now == ("postgres.md",)
    assert "superseded by memcached.md, replaced in turn: what holds now is postgres.md" in (
        views.query_text(asked)
    )
    assert reader.search("session store").ahead_now == ("postgres.md",)


def test_a_weak_match_points_to_the_left_out_document_that_ranks_above_it(
    make_base: MakeBase,
) -> None:
    # found on joelparkerhenderson's examples: "which database should we use" answered
    # with the record about Markdown ("should", "use") and called nothing weak
    pages: dict[str, str | bytes] = {
        f"note-{n}.md": doc(f"Note {n}", body="We use tools.") for n in range(4)
    }
    pages["markdown.md"] = doc("Use Markdown", body="We should use Markdown for records.")
    pages["mysql.md"] = doc("MySQL database", status="archived", body="Use the MySQL database.")
    root = make_base(pages)
    with Brain.open(root) as brain:
        result = brain.query("which database should we use")
    assert result.hits[0].id == "markdown.md" and result.hidden_ahead == "mysql.md"
    assert result.weak == ("database",) and not result.outranked
    assert 'never says "database"; the one left out that ranks above it may answer' in (
        views.query_text(result)
    )
    # a draft holds what the page in force lacks, the page in force nothing of the
    # question but "use": the draft answers, as when nothing in force matches
    (root / "mysql.md").write_text(
        doc("MySQL database", status="draft", body="Use the MySQL database."), encoding="utf-8"
    )
    with Brain.open(root) as brain:
        result = brain.query("which database should we use")
    assert result.hits[0].id == "mysql.md" and result.unverified and not result.outranked
    assert result.weak == ()
    # something in force holds "use": "nothing in force matches" would be false (vitejs/vite)
    assert views.query_text(result).startswith("Nothing in force matches this well; these drafts")


def test_a_name_no_document_holds_makes_the_match_weak(make_base: MakeBase) -> None:
    """On encode/httpx, "How do I enable HTTP/3 or QUIC?" led with the SSL page, "clearly
    ahead", though no page says QUIC: a name asked that the base never holds is a weak
    match whatever the share. A plain word missing everywhere is no sign of it."""
    pages: dict[str, str | bytes] = {
        f"note-{n}.md": doc(f"Note {n}", body="Notes about caching.") for n in range(4)
    }
    pages["http.md"] = doc(
        "HTTP versions", body="Enable HTTP/2 with the http2 flag; HTTP/1.1 is the default."
    )
    root = make_base(pages)
    with Brain.open(root) as brain:
        named = brain.query("how do I enable HTTP/3 or QUIC")
        plain = brain.query("how do I enable HTTP/2 every morning")
        identifier = brain.query("how does enable_http3_quic work with HTTP")
        searched = brain.search("HTTP QUIC")
    # search says it too (on alphagov/govuk-aws, "Kubernetes autoscaler EKS" said nothing)
    assert searched.weak == ("QUIC",)
    assert 'weak match: the first document never says "QUIC"' in views.search_text(searched)
    assert named.hits[0].id == "http.md" and named.weak == ("QUIC",)
    assert "clearly ahead" not in views.query_text(named)
    assert plain.hits[0].id == "http.md" and plain.weak == ()
    assert "enable_http3_quic" in identifier.weak  # most of its terms are missing


def test_a_partly_superseded_record_says_so_in_the_answer(make_base: MakeBase) -> None:
    """alphagov/govuk-aws 0003 wrote "Partly superseded": import keeps that as
    ``original_status`` and relates the records; the answer must show it, or the old
    IP ranges read as current. An ordinary written state costs nothing."""
    root = make_base(
        {
            "0003-networking.md": doc(
                "Networking outline",
                body="## Decision\n\nStaging uses the IP range 10.2.0.0/16.\n\n## Context\n\n"
                + "We need networks for each environment, with room to grow. " * 8,
                related="[0033-ip-ranges.md]",
                original_status="Partly superseded",
            ),
            "0033-ip-ranges.md": doc(
                "New ranges",
                body="## Decision\n\nStaging moves to 10.12.0.0/16.\n\n## Context\n\n"
                + "The old networks overlap with the partners' networks. " * 8,
                related="[0003-networking.md]",
                original_status="Accepted",
            ),
        }
    )
    reader = Brain.open(root).reader()
    printed = views.query_text(reader.query("which IP range does staging use in networking"))
    assert "original_status: Partly superseded" in printed
    assert "original_status: Accepted" not in printed


@pytest.mark.parametrize(
    ("written", "shown"),
    [("on hold", True), ("ABANDONED", True), ("Superseded by ADR-045", True),
     ("Accepted.", False), ("**Proposed**", False)],
)  # fmt: skip
def test_a_records_own_status_in_its_own_words_reaches_the_answer(
    make_base: MakeBase, written: str, shown: bool
) -> None:
    """adr/madr: ADR 0003 is "on hold"; import keeps it a draft with that as
    ``original_status``, and no read said "on hold" to "is it still in force?"."""
    root = make_base(
        {
            "decisions/0003-own-tools.md": doc(
                "Provide own MADR tools",
                body="## Decision\n\nWe write our own tools to lint the records.\n\n"
                "## Context\n\n" + "Linting by hand takes each reviewer an hour. " * 12,
                type="decision",
                status="draft",
                original_status=f'"{written}"',
            )
        }
    )
    reader = Brain.open(root).reader()
    printed = views.query_text(
        reader.query("own tools to lint the records", filters=Filters(everything=True))
    )
    assert (f'original_status: "{written}"' in printed) is shown


@pytest.mark.parametrize(
    ("status", "written", "shown"),
    [("archived", "Rejected", True), ("archived", "Withdrawn", True),
     ("archived", "archived", False), ("stable", "Accepted", False)],
)  # fmt: skip
def test_an_archived_records_own_status_says_why_it_left_force(
    make_base: MakeBase, status: str, written: str, shown: bool
) -> None:
    """swift-evolution: a rejected proposal came out "archived", and the answer to "was
    it accepted?" never said it was turned down rather than withdrawn or replaced."""
    root = make_base(
        {
            "proposals/0084-trailing-commas.md": doc(
                "Allow trailing commas in parameter lists",
                body="## Introduction\n\nTrailing commas in parameter and tuple lists.\n\n"
                "## Motivation\n\n" + "Diffs stay small when a parameter is added. " * 10,
                type="decision",
                status=status,
                original_status=written,
            )
        }
    )
    reader = Brain.open(root).reader()
    printed = views.query_text(
        reader.query("trailing commas in parameter lists", filters=Filters(everything=True))
    )
    assert (f"original_status: {written}" in printed) is shown


def test_a_drafts_answer_walks_the_files_once_ranks_once_and_loads_no_manifest(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a base being adopted is all drafts: its answer looks twice (in force, then drafts)
    # and widens to the draft's neighbours; on cpp-docs that took 0.7 s a query when each
    # look walked the files, ranked again and built the whole link graph
    from mdbrain.service import searching, session
    from mdbrain.store import scan

    root = make_base(
        {
            "backups.md": doc(
                "Nightly backups",
                status="draft",
                body="Snapshots at 02:00. [Restore](restore.md)\n\n" + "Kept for a month. " * 60,
            ),
            "restore.md": doc("Restoring", status="draft", body="Take the latest snapshot."),
            "other.md": doc("Colours", status="draft", related="[backups.md]"),
        }
    )
    calls = {"walk": 0, "rank": 0, "manifest": 0}

    def counted(name: str, real: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            return real(*args, **kwargs)

        return call

    monkeypatch.setattr(scan, "walk", counted("walk", scan.walk))
    monkeypatch.setattr(searching.Searcher, "rank", counted("rank", searching.Searcher.rank))
    monkeypatch.setattr(session.View, "_built", counted("manifest", session.View._built))
    with Brain.open(root.parent) as brain:
        result = brain.query("when are the backup snapshots taken?")
    assert result.unverified and result.hits[0].id == "backups.md"
    assert {n.id for n in result.neighbours} == {"restore.md", "other.md"}
    assert calls == {"walk": 1, "rank": 1, "manifest": 0}
    with Brain.open(root.parent) as brain:  # show lists the relations from the index too
        shown = brain.show("backups.md")
    assert shown.links == {"links": ("restore.md",), "linked_by": ("other.md",)}
    assert calls == {"walk": 2, "rank": 1, "manifest": 0}


def test_an_answer_from_a_file_git_left_mid_conflict_says_so(make_base: MakeBase) -> None:
    # a team trial: query showed both sides of a conflict, markers and all, with "stopped
    # early: the first document is clearly ahead" and no word of the conflict
    body = (
        "## Decision\n\nTimestamps use ISO 8601.\n\n<<<<<<< HEAD\nPrecision is the nanosecond.\n"
        "=======\nPrecision is the millisecond.\n>>>>>>> feature\n"
    )
    root = make_base(
        {
            "timestamps.md": doc("Timestamp format", type="decision", sources="[x]", body=body),
            "other.md": doc("Logging", sources="[x]", body="Logs are JSON."),
        }
    )
    with Brain.open(root.parent) as brain:
        answer = brain.query("timestamp precision")
        shown = brain.show("timestamps.md")
        clean = brain.query("logs json")
    assert answer.conflicted == (("timestamps.md", 17),)  # the file's line
    said = views.query_text(answer)
    assert said.startswith("! timestamps.md holds an unresolved git merge conflict (line 17)")
    assert "mdbrain index" in said
    assert views.show_text(shown).startswith("! timestamps.md holds an unresolved git merge")
    assert clean.conflicted == () and "merge conflict" not in views.query_text(clean)


def test_a_name_git_saw_moved_or_misspelt_suggests_the_page_it_means(tmp_path: Path) -> None:
    # prometheus/docs: after a committed move, "show instrumenting/pushing.md" suggested
    # practices/pushing.md (a namesake), and "concepts/metrc-types.md" suggested nothing
    from mdbrain.core.errors import NotFoundError
    from tests.test_update import Repo

    repo = Repo(tmp_path / "p")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\n')
    repo.write("kb/instrumenting/pushing.md", doc("Pushing metrics", body="Use the gateway."))
    repo.write("kb/practices/pushing.md", doc("When to push", body="Rarely."))
    repo.write("kb/concepts/metric-types.md", doc("Metric types", body="Four types."))
    repo.git("add", "-A")
    repo.git("commit", "-qm", "docs")
    (repo.path / "kb" / "pushgateway").mkdir()
    repo.git("mv", "kb/instrumenting/pushing.md", "kb/pushgateway/pushing-metrics.md")
    repo.git("commit", "-qm", "move")
    messages = []
    with Brain.open(repo.path) as brain:
        for name in ("instrumenting/pushing.md", "concepts/metrc-types.md", "types/metrc-types.md"):
            with pytest.raises(NotFoundError) as failed:
                brain.show(name)
            messages.append(failed.value.message)
    assert messages[0].endswith(
        "git saw it moved to pushgateway/pushing-metrics.md (also like it: practices/pushing.md)"
    )
    assert messages[1].endswith("did you mean concepts/metric-types.md?")
    assert messages[2].endswith("did you mean concepts/metric-types.md?")  # another folder


def test_a_draft_overview_listing_the_folder_is_never_said_to_rank_above_the_answer(
    make_base: MakeBase,
) -> None:
    # an MCP trial: after two writes in runbooks/, every query on them ended with "one of
    # them ranks above every document shown: runbooks/overview.md", the list write made
    root = make_base({"start.md": doc("Start", sources="[x]", body="Hello.")})
    with Brain.open(root.parent) as brain:
        for title, summary in (("Sentry access", "Ask the on-call lead for Sentry access."),
                               ("Sentry alerts", "Sentry alerts page the on-call lead.")):  # fmt: skip
            brain.write({"title": title, "summary": summary, "theme": "runbooks",
                         "sources": ["x"], "body": summary + " Other words." * 80})  # fmt: skip
        answer = brain.query("sentry access and sentry alerts for the on-call lead")
    listing = (root / "runbooks" / "overview.md").read_text(encoding="utf-8")
    assert "sentry-access.md" in listing and "sentry-alerts.md" in listing
    assert answer.hits[0].id.startswith("runbooks/sentry-a")
    assert answer.hidden_ahead == "" and "runbooks/overview.md" not in views.query_text(answer)


def test_an_answer_from_drafts_names_few_neighbours_briefly(make_base: MakeBase) -> None:
    """The Rust book imported as drafts: every answer added five linked pages with their
    whole summaries, 290 tokens of 912, more than the passage that answered."""
    long_summary = "A chapter of the book that walks through one more topic. " * 4
    pages = {
        f"ch{n}.md": doc(f"Chapter {n}", summary=long_summary, body="Text.", status="draft")
        for n in range(6)
    }
    links = " ".join(f"[{n}](ch{n}.md)" for n in range(6))
    chapter = "Ownership is how a program manages memory as it runs. " * 40
    pages["ownership.md"] = doc(
        "Ownership rules", body=f"Each value has one owner. {links}\n\n{chapter}", status="draft"
    )
    root = make_base(pages)
    asked = Brain.open(root).reader().query("what are the ownership rules")
    assert asked.unverified and asked.hits[0].id == "ownership.md"
    assert 0 < len(asked.neighbours) <= 3
    assert all(len(n.summary) <= 120 for n in asked.neighbours)


def test_neighbours_asked_are_all_listed_drafts_too_when_none_is_in_force(
    make_base: MakeBase,
) -> None:
    """The Rust book: "query --neighbours" printed the same as without it on drafts, and
    nothing around a page in force whose neighbours were all drafts."""
    chapter = "Integers overflow in release builds and wrap around. " * 120
    pages = {f"ch{n}.md": doc(f"Chapter {n}", body="Text.", status="draft") for n in range(5)}
    links = " ".join(f"[{n}](ch{n}.md)" for n in range(5))
    pages["types.md"] = doc("Data types", body=f"{chapter}\n\n{links}")
    root = make_base(pages)
    reader = Brain.open(root).reader()
    plain = reader.query("how do integers overflow in release builds")
    asked = reader.query("how do integers overflow in release builds", with_neighbours=True)
    assert plain.hits[0].id == "types.md" and not plain.neighbours
    assert [n.id for n in asked.neighbours] == [f"ch{n}.md" for n in range(5)]


def test_a_record_is_named_by_its_series_and_number_or_by_its_folder(
    make_base: MakeBase,
) -> None:
    """kubernetes/enhancements: every KEP is its folder's readme.md, and `show KEP-859`
    or `show 859-kubectl-headers` said only that ids end in '.md'."""
    kep = doc("Kubectl headers", type="decision")
    root = make_base(
        {
            "keps/sig-cli/859-kubectl-headers/readme.md": kep,
            "keps/sig-cli/860-other/readme.md": doc("Other", type="decision"),
            "keps/sig-api/readme.md": doc("API machinery"),
            "guides/readme.md": doc("Guides"),
            "other/guides/readme.md": doc("More guides"),
        }
    )
    brain = Brain.open(root)
    wanted = "keps/sig-cli/859-kubectl-headers/readme.md"
    assert brain.show("KEP-859").hit.id == wanted
    assert brain.show("859-kubectl-headers").hit.id == wanted
    assert brain.show("keps/sig-cli/859-kubectl-headers/").hit.id == wanted
    assert brain.show("other/guides").hit.id == "other/guides/readme.md"  # a path tells
    with pytest.raises(UsageError, match=r"mean guides/readme\.md, other/guides/readme\.md"):
        brain.show("guides")  # two folders of that name: neither is taken, both named
    with pytest.raises(UsageError):
        brain.show("KEP-861")


def test_a_record_is_named_by_its_number_alone_when_one_holds_it(make_base: MakeBase) -> None:
    """alphagov/gsp: `show 24` said only that ids end in '.md', where one record of the
    log is numbered 24; two series holding a 7 are both named, neither taken."""
    root = make_base(
        {
            "adr/ADR024-soft-multitenancy.md": doc("Soft multi-tenancy", type="decision"),
            "adr/ADR004-tenant-isolation.md": doc("Tenant isolation", type="decision"),
            "adr/0007-logging.md": doc("Logging", type="decision"),
            "rfcs/0007-tracing.md": doc("Tracing"),
            "guides/2024-06-01-notes.md": doc("Notes of a day"),
        }
    )
    brain = Brain.open(root)
    assert brain.show("24").hit.id == "adr/ADR024-soft-multitenancy.md"
    assert brain.show("#4").hit.id == "adr/ADR004-tenant-isolation.md"
    assert brain.show("004").hit.id == "adr/ADR004-tenant-isolation.md"
    with pytest.raises(UsageError, match=r"mean adr/0007-logging\.md, rfcs/0007-tracing\.md"):
        brain.show("7")
    with pytest.raises(UsageError):
        brain.show("2024")  # a day is no record number


def test_a_record_is_named_by_its_letters_and_number_or_its_folder_and_number(
    make_base: MakeBase,
) -> None:
    """grpc/proposal: `show A6` answered "did you mean a6-client-retries.md?", its file
    named for it; home-assistant/architecture: `show adr/0015` failed where `show 0015`
    found the record."""
    root = make_base(
        {
            "a6-client-retries.md": doc("Client retries", type="decision"),
            "a61-ipv6.md": doc("IPv6 addresses", type="decision"),
            "l6-core-thing.md": doc("Core thing", type="decision"),
            "adr/0015-os.md": doc("Operating system", type="decision"),
            "rfcs/0015-other.md": doc("Other"),
        }
    )
    brain = Brain.open(root)
    assert brain.show("A6").hit.id == "a6-client-retries.md"
    assert brain.show("a61").hit.id == "a61-ipv6.md"
    assert brain.show("L6").hit.id == "l6-core-thing.md"
    assert brain.show("adr/0015").hit.id == "adr/0015-os.md"
    assert brain.show("adr/15/").hit.id == "adr/0015-os.md"
    with pytest.raises(UsageError):
        brain.show("A7")
    with pytest.raises(UsageError, match=r"mean adr/0015-os\.md, rfcs/0015-other\.md"):
        brain.show("15")  # two records numbered 15: both named, neither taken


def test_the_section_headed_by_the_operators_asked_is_the_one_shown(make_base: MakeBase) -> None:
    """dotnet/csharplang: "Why no == and != in chained comparisons?" was shown other
    sections of the right page, never "Why not include `==` and `!=`?": the words of a
    search leave symbols out."""
    body = (
        "## Design\n\nA chained comparison such as a < b < c compares the middle operand"
        " twice.\n\n## Why not include `is` and `as`?\n\nType tests in a chained comparison"
        " would read oddly.\n\n## Why not include `==` and `!=`?\n\nEquality already"
        " chains on bool, so a == b == c means something today.\n"
    )
    root = make_base({"chained.md": doc("Chained comparison", body=body)})
    result = Brain.open(root).reader().query("Why no == and != in chained comparisons?")
    assert result.sections and result.sections[0].title == "Why not include `==` and `!=`?"
    plain = Brain.open(root).reader().query("Why no type tests in chained comparisons?")
    assert plain.sections[0].title != "Why not include `==` and `!=`?"


def test_show_without_a_document_says_where_an_answer_names_it(make_base: MakeBase) -> None:
    """WebAssembly/design: `show --section 27`, copied from an answer's hint, said only
    "Missing argument 'DOC'"."""
    from mdbrain.adapters.cli import cli

    root = make_base({"a.md": doc("A")})
    said = CliRunner().invoke(cli, ["-C", str(root.parent), "show", "--section", "27"])
    assert said.exit_code == 2
    assert "name the document: show <doc> --section 27" in said.output
    assert "'--- <doc>:<lines>' line above the passage" in said.output


def test_a_status_asked_by_name_is_shown_without_everything(make_base: MakeBase) -> None:
    """pytorch/rfcs: `search --status archived conda` said nothing matched, one archived
    document left out, `--all` to see it."""
    root = make_base(
        {
            "rfc-6.md": doc("Conda distribution", status="archived", body="Ship conda builds."),
            "rfc-7.md": doc("Wheel distribution", body="Ship wheels, not conda builds."),
            "rfc-8.md": doc("Old conda mirror", status="deprecated", body="A conda mirror."),
        }
    )
    reader = Brain.open(root).reader()
    archived = reader.search("conda", filters=Filters(statuses=("archived",)))
    assert [found.hit.id for found in archived.hits] == ["rfc-6.md"]
    retired = reader.search("conda", filters=Filters(statuses=("archived", "deprecated")))
    assert {found.hit.id for found in retired.hits} == {"rfc-6.md", "rfc-8.md"}
    asked = reader.query("conda builds", filters=Filters(statuses=("archived",)))
    assert [hit.id for hit in asked.hits] == ["rfc-6.md"]
    assert [found.hit.id for found in reader.search("conda").hits] == ["rfc-7.md"]  # by default


def test_a_table_of_contents_neither_answers_nor_is_shown(make_base: MakeBase) -> None:
    """ethereum/consensus-specs: "How is the weak subjectivity period computed?" was shown
    the guide's table of contents, which lists its sections' titles."""
    body = (
        "# Weak subjectivity guide\n\n<!-- toc start -->\n\n- [Introduction](#introduction)\n"
        "- [Weak subjectivity period](#weak-subjectivity-period)\n"
        "  - [Calculating the weak subjectivity period](#calculating-the-period)\n\n"
        "<!-- toc end -->\n\n## Introduction\n\nThis guide is about checkpoints.\n\n"
        "## Weak subjectivity period\n\nClients sync from a recent checkpoint.\n\n"
        "### Calculating the weak subjectivity period\n\n"
        "The period is computed from the validator count and the churn limit.\n"
    )
    root = make_base({"ws.md": doc("Weak subjectivity guide", body=body)})
    result = Brain.open(root).reader().query("How is the weak subjectivity period computed?")
    shown = "\n".join(s.text for s in result.sections)
    assert "computed from the validator count" in shown
    assert "](#" not in shown, shown


def test_a_section_headed_as_the_question_asks_is_shown_first(make_base: MakeBase) -> None:
    """ethereum/consensus-specs: "When should a node import blocks optimistically?" was
    answered from "Why SAFE_SLOTS_TO_IMPORT_OPTIMISTICALLY?", whose text says "node" and
    "should" more often, and not from "When to optimistically import blocks"."""
    body = (
        "## When to optimistically import blocks\n\n"
        "A block may be imported optimistically once its parent has execution enabled.\n\n"
        "## Why `SAFE_SLOTS_TO_IMPORT_OPTIMISTICALLY`?\n\n"
        "A node should wait: a node that imports blocks optimistically too early should"
        " fear poisoning, so the node should hold back.\n"
    )
    root = make_base({"sync.md": doc("Optimistic sync", body=body)})
    result = Brain.open(root).reader().query("When should a node import blocks optimistically?")
    assert result.sections[0].title == "When to optimistically import blocks", [
        s.title for s in result.sections
    ]


def test_a_passage_another_page_repeats_is_shown_once(make_base: MakeBase) -> None:
    """celestia-app keeps a page of parameters per version: a query printed the same
    paragraph of three of them."""
    shared = (
        "Not all of these parameters can be changed by governance. Those that can are"
        " changed through a proposal that carries an update of the module's parameters."
    )
    # pages long enough that reading three sections costs less than one page whole
    table = "".join(f"| blob.Param{k} | {k * 7} | hardcoded |\n" for k in range(80))
    root = make_base(
        {
            f"parameters-v{n}.md": doc(
                f"Parameters v{n}",
                summary=f'"The parameters of version {n}."',
                body=f"# Parameters v{n}\n\n## Governance\n\n{shared}\n\n## Table\n\n{table}",
            )
            for n in (1, 2, 3)
        }
    )
    result = Brain.open(root).query("how are parameters changed by governance proposal", limit=3)
    shown = [p for p in result.sections if "Governance" in p.title]
    assert len(shown) >= 2
    first, *others = shown
    assert "Not all of these parameters" in first.text and not first.same
    for other in others:
        assert other.text == "" and other.same == f"{first.doc}:{first.line}-{first.end}"
    printed = views.query_text(result)
    assert printed.count("Not all of these parameters") == 1
    assert f": the same text as {first.doc}:{first.line}-{first.end}" in printed


def test_a_row_gives_the_title_its_file_name_does_not_say(make_base: MakeBase) -> None:
    """nats-io's ADRs are adr-1.md ... adr-60.md: every row of ``search kv`` was a number
    and a summary, and which was the main key-value spec could not be told."""
    root = make_base(
        {
            "adr/adr-8.md": doc(
                "JetStream based Key-Value Stores", body="KV buckets.", tags="[kv]"
            ),
            "adr/0302-kv-history.md": doc("KV history", body="KV keeps history.", tags="[kv]"),
            "adr/README.md": doc("Decision log", body="The kv records.", tags="[kv]"),
        }
    )
    printed = CliRunner().invoke(cli, ["-C", str(root), "search", "kv"]).output
    rows = {
        line.split("  [")[0].split(". ", 1)[1]
        for line in printed.splitlines()
        if line[:1].isdigit()
    }
    assert rows == {
        'adr/adr-8.md "JetStream based Key-Value Stores"',  # a number says nothing
        "adr/0302-kv-history.md",  # its name says its title
        'adr/README.md "Decision log"',  # a word its title does not hold
    }
    from mdbrain.core import text

    assert text.unnamed("carbon/p2287.md", "Allow unqualified member access")
    assert not text.unnamed("postgres.md", "Adopt PostgreSQL")  # a word beginning another
    assert not text.unnamed("timestamps.md", "Timestamp format")


def _catalog_base(make_base: MakeBase) -> Path:
    """240 release notes saying "catalog" in their titles, drafts, and three decisions
    on the catalog saying it once in a longer page: FTS5's first 200 candidates for
    "catalog" are all release notes."""
    pages = {
        f"releases/v1-{n}-0.md": doc(
            f"Release 1.{n}: catalog changes",
            status="draft",
            type="reference",
            body="The catalog plugin changed. Catalog fixes.",
        )
        for n in range(240)
    }
    pages["features/catalog-engine.md"] = doc(
        "The engine", status="draft", tags="[catalog]", body="The catalog engine."
    )
    filler = " ".join(f"word{n}" for n in range(300))
    for n, subject in enumerate(("file format", "entity names", "processing order")):
        pages[f"adr/adr00{n}-{subject.replace(' ', '-')}.md"] = doc(
            f"Decision on the {subject}",
            type="decision",
            sources="[x]",
            tags="[adr]",
            body=f"The catalog reads the {subject} so. {filler}",
        )
    return make_base(pages)


def test_documents_a_read_shows_are_found_past_the_first_candidates(make_base: MakeBase) -> None:
    """backstage: `search catalog --status stable` found one decision of five, the 200
    best pages holding "catalog" being release notes; `brief catalog` said nothing in
    force was about it, and then, the one page tagged so found, listed none of them."""
    root = _catalog_base(make_base)
    decisions = {
        f"adr/adr00{n}-{s}.md"
        for n, s in enumerate(("file-format", "entity-names", "processing-order"))
    }
    with Brain.open(root) as brain:
        stable = brain.search("catalog", filters=Filters(statuses=("stable",)))
        typed = brain.search("catalog", filters=Filters(types=("decision",), everything=True))
        themed = brain.search("catalog", filters=Filters(theme="adr", everything=True))
        tagged = brain.search("catalog", filters=Filters(tags=("adr",), everything=True))
        answer = brain.query("catalog")
        brief = brain.brief("catalog")
    for found in (stable, typed, themed, tagged):
        assert {h.hit.id for h in found.hits} == decisions
    # the drafts match far better: the best in force named beside them is a decision
    assert answer.outranked in decisions
    assert {i.id for i in brief.items} == decisions | {"features/catalog-engine.md"}


def test_every_command_naming_a_document_names_a_record_as_show_does(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """rust-lang/rfcs: `show 2203` found the record, while `supersede 2203 --by 2920`,
    `mv 2000 ...`, `write --doc 2000` and `check 2000` said "'2203' is not a document id:
    ids end in '.md'"."""
    root = make_base(
        {
            "text/2000-const-generics.md": doc("Const generics", type="decision", sources="[x]"),
            "text/2203-const-repeat.md": doc("Const repeat", type="decision", sources="[x]"),
            "text/2920-inline-const.md": doc("Inline const", type="decision", sources="[x]"),
        }
    )
    project = root.parent

    def run(*args: str) -> str:
        result = CliRunner().invoke(cli, ["-C", str(project), *args])
        assert result.exit_code in (0, 1), result.output
        return result.output

    assert "text/2203-const-repeat.md is deprecated, superseded by text/2920-inline-const.md" in (
        run("supersede", "2203", "--by", "2920")
    )
    assert json.loads(run("check", "--no-fix", "--format", "json", "2000"))["scope"] == (
        "text/2000-const-generics.md"
    )
    run("write", "--doc", "2000", "--summary", "Generics over constant values.")
    assert "Generics over constant values." in (root / "text/2000-const-generics.md").read_text()
    run("verify", "2000", "--source", "the reference")
    run("mv", "2000", "text/2000-const-generics-v2.md")
    assert (root / "text/2000-const-generics-v2.md").is_file()
    refused = CliRunner().invoke(cli, ["-C", str(project), "supersede", "9999", "--by", "2920"])
    assert refused.exit_code == 2 and "9999" in refused.output


def test_a_title_that_is_the_question_comes_before_a_title_that_holds_it(
    make_base: MakeBase,
) -> None:
    """kubernetes/enhancements: "graceful node shutdown" put the KEP titled so fourth,
    behind "Pod Priority Based Graceful Node Shutdown" and pages using the words."""
    often = "A graceful node shutdown drains the node. " * 6
    root = make_base(
        {
            "keps/2000-graceful-node-shutdown.md": doc(
                "Graceful Node Shutdown", body="The kubelet delays the shutdown of a node."
            ),
            "keps/2712-pod-priority-shutdown.md": doc(
                "Pod Priority Based Graceful Node Shutdown", body=often
            ),
            "keps/3001-other.md": doc("Graceful Node Shutdown 2", body="Numbers aside."),
        }
    )
    hits = Brain.open(root).search("graceful node shutdown").hits
    assert [h.hit.id for h in hits][:2] == [
        "keps/2000-graceful-node-shutdown.md",
        "keps/3001-other.md",
    ]


def test_a_brief_asked_for_more_than_search_ranks_at_once_lists_them_all(
    make_base: MakeBase,
) -> None:
    """A review of the brief taken through search: `--limit 250` listed 200 and said
    nothing of the others."""
    pages = {
        f"notes/n{n}.md": doc(f"Note {n}", body=f"The widget number {n} is fine.", sources="[x]")
        for n in range(300)
    }
    root = make_base(pages)
    with Brain.open(root) as brain:
        wide = brain.brief("widget", limit=250)
    assert len(wide.items) == 250 and wide.searched_first == 250


def test_check_of_a_path_outside_the_base_is_never_read_as_a_record(
    make_base: MakeBase,
) -> None:
    """`check 2000` names a record; `check plugins`, a folder of the project's code, or
    `../plugins` did too once, narrowing the check to guides/plugins/index.md."""
    root = make_base(
        {
            "guides/plugins/index.md": doc("Plugins"),
            "guides/other.md": doc("Other", body="[p](plugins/index.md)"),
        }
    )
    project = root.parent
    (project / "plugins").mkdir()
    (project / "plugins" / "code.py").write_text("x = 1\n", encoding="utf-8")
    for where, scope in ((project, "plugins"), (root, "../plugins"), (root, "../src/plugins")):
        done = CliRunner().invoke(cli, ["-C", str(where), "check", "--no-fix", scope])
        assert done.exit_code == 2, (scope, done.output)


def test_a_draft_lacking_only_a_quantifier_asked_still_answers_first(
    make_base: MakeBase,
) -> None:
    """alphagov/govuk-infrastructure: "what tags must every AWS resource have?" was
    answered by a decision on Crossplane, which says "every" and "resources" but not
    "AWS", while the tagging guide ranking above it stayed hidden for lacking "every":
    a word that counts what is asked names nothing a page must hold."""
    root = make_base(
        {
            "crossplane.md": doc(
                "Use Crossplane for abstraction",
                body="Every application needs resources: pods, services, and their tags. "
                "Every team will use the new API for every resource.",
            ),
            **{f"other-{n}.md": doc(f"Other page {n}", body="Nothing to see.") for n in range(4)},
            "tagging.md": doc(
                "Tagging guide",
                body="# Tagging table\n\nThe tags to add to the AWS resources: Name, "
                "environment, project and repository.\n",
                status="draft",
            ),
        }
    )
    question = "What tags must every AWS resource have?"
    reader = Brain.open(root).reader()
    pool = reader.pool(question, 5, frozenset(), Filters())
    assert [c.id for c in pool] == ["tagging.md", "crossplane.md"]
    assert pool[1].score * 2 > pool[0].score  # ahead, not far ahead
    asked = reader.query(question)
    assert asked.hits[0].id == "tagging.md" and asked.outranked == "crossplane.md"


def test_the_one_document_whose_file_bears_the_name_given_is_the_one_named(
    make_base: MakeBase,
) -> None:
    """etalab/doc.data.gouv.fr: ``show publier-un-jeu-de-donnees`` asked "did you mean
    articles/jeux-de-donnees/publier-un-jeu-de-donnees.md?", the one page so named."""
    from mdbrain.core.errors import NotFoundError

    root = make_base(
        {
            "articles/jeux/publier-un-jeu.md": doc("Publier"),
            "articles/api/intro.md": doc("Intro API"),
            "articles/moissonnage/intro.md": doc("Intro moissonnage"),
        }
    )
    with Brain.open(root) as brain:
        assert brain.show("publier-un-jeu").hit.id == "articles/jeux/publier-un-jeu.md"
        assert brain.show("Publier-un-jeu.md").hit.id == "articles/jeux/publier-un-jeu.md"
    with Brain.open(root) as brain, pytest.raises(NotFoundError) as failed:
        brain.show("intro")  # two pages so named: neither is chosen
    assert "articles/api/intro.md" in failed.value.message
    assert "articles/moissonnage/intro.md" in failed.value.message


def test_a_heading_holding_the_question_is_shown_with_the_line_under_it(
    make_base: MakeBase,
) -> None:
    """betagouv's guide: the heading "Dans quels cas arrêter les travaux après la phase
    d'investigation ?" held every word asked, the long paragraph under it none, and the
    query showed nothing of the page: a heading alone is no passage."""
    lead = (
        "Toutes les investigations ne mènent pas à une construction, et il est sain de"
        " mettre fin à un projet quand les données le suggèrent, sans y voir un échec."
    )
    body = (
        f"{lead}\n\n### Dans quels cas arrêter les travaux après la phase d'investigation ?\n\n"
        + " ".join(["Une enquête peut montrer que le problème est mineur ou déjà résolu"] * 7)
        + " : voici des critères.\n\n* le problème est déjà résolu ;\n* les coûts sont trop hauts.\n"
        "\n### Questions à se poser\n\nLe problème est-il bien qualifié ?\n"
    )
    root = make_base({"criteres.md": doc("Critères de fin d'une investigation", body=body)})
    result = Brain.open(root).reader().query("dans quels cas arrêter les travaux ?")
    assert result.hits[0].id == "criteres.md"
    shown = [p for p in result.sections if p.title.startswith("Dans quels cas")]
    assert shown and "Une enquête peut montrer" in shown[0].text


def test_a_page_ranked_above_one_listed_is_listed_too(make_base: MakeBase) -> None:
    """vitejs/vite: "Is build.rollupOptions deprecated?" listed the pages ranked first
    and third, and left out build-options.md, second for naming the option, because its
    score was further behind the best one's."""
    pad = " ".join(f"Other note {n} about the tool." for n in range(120))
    root = make_base(
        {
            "migration.md": doc(
                "Migration",
                body="The option build.rollupOptions is deprecated: use build.rolldownOptions"
                " instead. " + pad,
            ),
            "build-options.md": doc(
                "Build Options",
                body="## build.rollupOptions\n\nDirectly customize the underlying bundle. " + pad,
            ),
            "rollup.md": doc(
                "Deprecated build options",
                body="Deprecated Rollup options of the build: which build options are"
                " deprecated, and the rollup options that replace them. " + pad,
            ),
        }
    )
    with Brain.open(root) as brain:
        ranked = [
            c.id for c in brain.reader().searcher.rank("Is build.rollupOptions deprecated?", 3)
        ]
        listed = [h.id for h in brain.reader().query("Is build.rollupOptions deprecated?").hits]
    assert ranked == ["migration.md", "build-options.md", "rollup.md"]
    assert listed == ranked


def test_a_flagged_hit_names_three_of_its_files_at_most() -> None:
    """vitejs/vite: a draft the scan wrote over 23 files printed them all on one line of
    about 2,000 characters."""
    from mdbrain.service.reading import Hit

    refs = tuple(f"src/m{n}.ts" for n in range(23))
    hit = Hit("code/m.md", 1.0, "M", "What m does.", "reference", "needs-review", (), refs)
    line = views._hit_line(1, hit)[-1]
    assert line.endswith("(src/m0.ts, src/m1.ts, src/m2.ts and 20 more)"), line
    few = Hit("code/n.md", 1.0, "N", "What n does.", "reference", "needs-review", (), refs[:2])
    assert views._hit_line(1, few)[-1].endswith("(src/m0.ts, src/m1.ts)")


def test_drafts_are_listed_when_the_best_in_force_lacks_a_word_they_hold(
    make_base: MakeBase,
) -> None:
    """MTES-MCT/dialog, five records verified: "Quelle décision a été prise sur
    Litteralis ?" was answered by the one on geocoding alone; the record on Litteralis,
    a draft scoring less than twice as much, was named in a footnote."""
    more = " ".join(f"Le point {n} du dossier est noté ici." for n in range(60))
    root = make_base(
        {
            "adr/005-geocodage.md": doc(
                "005 - Géocodage",
                body="## Décision\n\nLa décision prise : nous utiliserons l'API Adresse"
                " pour le géocodage. " + more,
                type="decision",
                status="stable",
            ),
            "adr/010-litteralis.md": doc(
                "010 - Litteralis",
                body="## Décision\n\nNous intégrerons les arrêtés de Litteralis par son API. "
                + more,
                type="decision",
                status="draft",
            ),
        },
        'version: "1"\nroot: ./kb\nlang: fr\n',
    )
    with Brain.open(root) as brain:
        result = brain.reader().query("Quelle décision a été prise sur Litteralis ?")
    assert [h.id for h in result.hits] == ["adr/010-litteralis.md", "adr/005-geocodage.md"]
    assert result.outranked == "adr/005-geocodage.md"


def test_show_finds_a_term_of_a_definition_list_by_its_name(make_base: MakeBase) -> None:
    """gohugoio/hugoDocs lists its settings as definition lists: "show configuration/all.md
    --section disableKinds" found no section, and the one holding it cost 4,412 tokens."""
    body = (
        "## Settings\n\n`baseURL`\n: The address.\n\n"
        "`disableKinds`\n: {{< new-in 0.10 />}}\n: A slice of page kinds\n  to disable.\n\n"
        "  More about kinds.\n\n`enableGitInfo`\n: Whether to read Git.\n`later`\n: Next.\n\n"
        "```md\nPagination\n: in code\n```\n\n## Pagination\n\nPages per pager.\n"
    )
    root = make_base({"all.md": doc("All settings", body=body)})
    reader = Brain.open(root).reader()
    kinds = reader.show("all.md", section="disableKinds").passages[-1]
    assert kinds.title == "`disableKinds`"
    assert kinds.text == (
        "`disableKinds`\n: {{< new-in 0.10 />}}\n: A slice of page kinds\n  to disable.\n\n"
        "  More about kinds."
    )
    lines = (root / "all.md").read_text(encoding="utf-8").split("\n")
    assert (
        lines[kinds.line - 1] == "`disableKinds`" and lines[kinds.end - 1] == "  More about kinds."
    )
    git = reader.show("all.md", section="enablegitinfo").passages[-1]
    assert git.text == "`enableGitInfo`\n: Whether to read Git."  # the next term follows at once
    # a heading of that name comes first, and a term inside code is none
    assert "Pages per pager." in reader.show("all.md", section="Pagination").passages[-1].text


def test_a_line_saying_only_the_headings_words_still_belongs_to_its_passage(
    make_base: MakeBase,
) -> None:
    """astral-sh/uv: "how do I speed up container start-up by compiling Python bytecode
    in a Docker image?" found the section "Compiling bytecode" and cut it after its first
    paragraph, just before the flag that answers. That line holds only the heading's
    words, which chose no line, so the passage stopped growing before it."""
    body = (
        "## Getting started\n\nBuild the image from the project folder.\n\n"
        "## Compiling bytecode\n\n"
        "Turning Python source into bytecode ahead of time helps production images: the\n"
        "container starts faster, the image grows a little.\n\n"
        "To enable bytecode compilation, pass the `--compile-bytecode` flag:\n\n"
        "```dockerfile\nRUN tool sync --compile-bytecode\n```\n\n"
        "## Caching\n\nMount a cache folder to reuse downloads between builds.\n"
    )
    root = make_base({"docker.md": doc("Docker images", body=body), "other.md": doc("Other page")})
    result = (
        Brain.open(root)
        .reader()
        .query(
            "How do I speed up container start-up by compiling Python bytecode in a Docker image?"
        )
    )
    first = result.sections[0]
    assert first.title == "Compiling bytecode"
    assert "--compile-bytecode" in first.text, first.text


def test_show_and_search_print_headings_without_their_attribute_lists(
    make_base: MakeBase,
) -> None:
    """fastapi/fastapi's docs keep MkDocs' ``{ #anchor }`` after every heading: ``query``
    showed them clean, ``show --section`` and ``search`` as written."""
    body = (
        "## Recap { #recap }\n\nDeclare the model once.\n\n"
        "### Use `exclude_unset` { #use-exclude-unset }\n\nOnly the fields set are sent.\n\n"
        "```md\n## Kept in code { #kept }\n```\n"
    )
    reader = Brain.open(make_base({"model.md": doc("Response model", body=body)})).reader()
    section = reader.show("model.md", section="Recap").passages[-1].text
    assert section.splitlines()[0] == "## Recap"
    assert "### Use `exclude_unset`" in section.splitlines()
    assert "## Kept in code { #kept }" in section  # what a code block shows stays as written
    hit = reader.search("exclude_unset").hits[0]
    assert hit.snippet == "### Use `exclude_unset`", hit.snippet


def test_a_page_whose_sections_a_cut_leaves_out_loses_its_frontmatter_too() -> None:
    """fastapi/fastapi: a query cut to its top page's cost dropped the second page's
    section and kept that page's frontmatter, 20 lines of a code page's references that
    answered nothing (339 of 712 tokens were such frontmatters)."""
    from mdbrain.service.reading import Hit, Passage, _Answer

    def hit(doc_id: str) -> Hit:
        return Hit(doc_id, 1.0, doc_id, "A page.", "guide", "draft", ())

    def head(doc_id: str) -> Passage:
        refs = "\n".join(f"  - src/module_{n}.py" for n in range(12))
        return Passage(doc_id, "frontmatter", 1, 14, f"title: {doc_id}\nimpl_refs:\n{refs}")

    def section(doc_id: str, words: int) -> Passage:
        return Passage(doc_id, "Part", 20, 24, " ".join(["word"] * words))

    answer = _Answer(
        [hit("top.md"), hit("other.md")],
        [head("top.md"), head("other.md")],
        [section("top.md", 40), section("other.md", 40)],
        [],
        lambda h: h.id,
    )
    full = answer.report()["total"]
    cap = full - answer.costs()["sections"] // 2  # the other page's section must go
    answer.trim(cap)
    assert [p.doc for p in answer.sections] == ["top.md"]
    assert [p.doc for p in answer.frontmatters] == ["top.md"]


def test_show_reads_a_path_from_the_root_as_pages_link_it(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """nestjs/docs.nestjs.com: its pages link /techniques/validation, from the site's
    root, and check reads such a link from the knowledge root; show refused it as a path
    outside the base. A real file outside it stays refused."""
    brain = Brain.open(make_base({"techniques/validation.md": doc("Validation")}))
    assert brain.show("/techniques/validation").hit.id == "techniques/validation.md"
    assert brain.show("/techniques/validation.md").hit.id == "techniques/validation.md"
    elsewhere = tmp_path / "elsewhere.md"
    elsewhere.write_text("x", encoding="utf-8")
    with pytest.raises(OutsideBaseError):
        brain.show(str(elsewhere))
    with pytest.raises(OutsideBaseError):
        brain.show("/techniques/nothing-there")


def test_a_block_left_open_at_a_sections_end_says_nothing_was_left_out(
    make_base: MakeBase,
) -> None:
    """The "…" line says lines of a block were left out; a block its page never closes,
    shown whole, has none left out (a review found the line there)."""
    body = "## Build\n\nTo build the image, run make:\n\n```sh\nmake image\n"
    reader = Brain.open(make_base({"build.md": doc("Build", body=body)})).reader()
    shown = "\n".join(p.text for p in reader.query("how do I build the image").sections)
    assert "make image" in shown and passages.ELIDED not in shown, shown


def test_a_search_line_in_code_is_shown_as_written(make_base: MakeBase) -> None:
    """A comment of a code block opening on "#" is no heading: the search line keeps its
    link as written (a review found it rewritten as a heading's text)."""
    body = "## Setup\n\nText.\n\n```sh\n# see [the guide](https://example.com/guide) first\n```\n"
    reader = Brain.open(make_base({"setup.md": doc("Setup", body=body)})).reader()
    hit = reader.search("guide first").hits[0]
    assert hit.snippet == "# see [the guide](https://example.com/guide) first", hit.snippet


def test_the_show_command_reads_a_path_from_the_root_as_pages_link_it(
    make_base: MakeBase,
) -> None:
    """The command reads its argument as a file path from the working folder first: a
    path from the root that no file of the disk holds is then read from the base's root
    (nestjs/docs.nestjs.com: `show /techniques/validation` was refused as outside it)."""
    root = make_base({"techniques/validation.md": doc("Validation")})
    project = root.parent
    shown = CliRunner().invoke(cli, ["-C", str(project), "show", "/techniques/validation"])
    assert shown.exit_code == 0, shown.output
    assert shown.output.startswith("techniques/validation.md")
    missing = CliRunner().invoke(cli, ["-C", str(project), "show", "/techniques/nowhere"])
    assert missing.exit_code != 0 and "outside the knowledge root" in missing.output
