"""Replace without erasing, hold contradictions for a human: the brain's lifecycle on files."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdbrain.adapters import views
from mdbrain.adapters.cli import cli
from mdbrain.core.errors import InvalidRequestError, StaleReadError
from mdbrain.service.brain import Brain
from mdbrain.service.reading import Filters
from mdbrain.service.session import content_hash
from mdbrain.service.writing import WriteRequest
from tests.conftest import MakeBase, doc

DAY_ONE = dt.date(2026, 9, 1)
DAY_TWO = dt.date(2026, 10, 1)


def lifecycle_base(make_base: MakeBase) -> Path:
    return make_base(
        {
            "decisions/sessions-in-redis.md": doc(
                "Sessions live in Redis",
                type="decision",
                sources="[meeting-2026-08-30]",
                created="2026-08-30",
                updated="2026-08-30",
                tags="[sessions]",
                body="## Rationale\n\nRedis was already there and sessions must survive restarts.",
            ),
            "facts/session-ttl.md": doc(
                "Session lifetime",
                type="fact",
                status="draft",
                tags="[sessions]",
                created="2026-08-31",
            ),
            "overviews/sessions.md": doc(
                "Sessions at a glance",
                type="overview",
                tags="[sessions]",
                sources="[x]",
                body="We keep [sessions in Redis](../decisions/sessions-in-redis.md).",
            ),
            "decisions/sessions-in-postgres.md": doc(
                "Sessions live in Postgres",
                type="decision",
                sources="[meeting-2026-09-30]",
                created="2026-09-30",
                updated="2026-09-30",
                tags="[sessions]",
                rationale='"One database fewer to run."',
            ),
        }
    )


def test_the_lifecycle_of_a_decision_end_to_end(make_base: MakeBase) -> None:
    root = lifecycle_base(make_base)
    early = Brain.open(root, clock=lambda: DAY_ONE)
    before = early.brief("sessions")
    assert [i.id for i in before.items] == [
        "decisions/sessions-in-postgres.md",
        "decisions/sessions-in-redis.md",
        "overviews/sessions.md",
    ]
    assert before.hidden_drafts == 1  # the fact without a source stays out of default reads
    assert "survive restarts" in next(i for i in before.items if i.id.endswith("redis.md")).reason

    brain = Brain.open(root, clock=lambda: DAY_TWO)
    report = brain.supersede(
        "decisions/sessions-in-redis.md", ["decisions/sessions-in-postgres.md"], reason="ops cost"
    )
    assert report.reviewed == ["overviews/sessions.md"]
    found = brain.manifest(use_cache=False)
    old = found.get("decisions/sessions-in-redis.md")
    assert (
        old is not None
        and old.status == "deprecated"
        and old.ids("superseded_by") == ("decisions/sessions-in-postgres.md",)
    )
    new = found.get("decisions/sessions-in-postgres.md")
    assert new is not None and new.ids("supersedes") == ("decisions/sessions-in-redis.md",)
    page = found.get("overviews/sessions.md")
    assert page is not None and page.status == "needs-review"
    assert "superseded by decisions/sessions-in-postgres.md" in str(page.meta["review_reason"])
    assert (root / "decisions" / "sessions-in-redis.md").exists()  # never erased

    history = brain.history("decisions/sessions-in-postgres.md")
    assert [(s.id, s.date, s.reason) for s in history.older] == [
        ("decisions/sessions-in-redis.md", "2026-10-01", "ops cost")
    ]
    now = brain.brief("sessions")
    assert "decisions/sessions-in-redis.md" not in {i.id for i in now.items}
    assert (
        next(i for i in now.items if i.id.endswith("postgres.md")).reason
        == "One database fewer to run."
    )
    then = brain.brief("sessions", as_of=dt.date(2026, 9, 15))
    assert "decisions/sessions-in-redis.md" in {i.id for i in then.items}
    assert "decisions/sessions-in-postgres.md" not in {i.id for i in then.items}

    (root / "decisions" / "sessions-in-memory.md").write_text(
        doc(
            "Sessions in memory",
            type="decision",
            sources="[x]",
            contradicts="[decisions/sessions-in-postgres.md]",
            body="[p](sessions-in-postgres.md)",
        ),
        encoding="utf-8",
    )
    open_ones = brain.conflicts()
    assert [(c.claimant, c.target) for c in open_ones] == [
        ("decisions/sessions-in-memory.md", "decisions/sessions-in-postgres.md")
    ]
    assert brain.review().conflicts == open_ones
    settled = brain.resolve(
        "decisions/sessions-in-memory.md",
        "decisions/sessions-in-postgres.md",
        keep="decisions/sessions-in-postgres.md",
        reason="memory loses sessions",
        by="ana",
    )
    assert settled.dropped == "decisions/sessions-in-memory.md"
    assert brain.conflicts() == []
    loser = brain.manifest(use_cache=False).get("decisions/sessions-in-memory.md")
    assert loser is not None and loser.status == "deprecated" and loser.meta["resolved_by"] == "ana"
    assert "memory loses sessions" in str(loser.meta["superseded_reason"])


def test_supersede_refuses_when_the_document_changed_since_it_was_read(make_base: MakeBase) -> None:
    root = lifecycle_base(make_base)
    path = root / "decisions" / "sessions-in-redis.md"
    seen = content_hash(path.read_bytes())
    path.write_text(path.read_text(encoding="utf-8") + "\nA late edit.\n", encoding="utf-8")
    before = {p: p.read_bytes() for p in root.rglob("*.md")}
    with pytest.raises(StaleReadError, match="changed since it was read"):
        Brain.open(root).supersede(
            "decisions/sessions-in-redis.md", ["decisions/sessions-in-postgres.md"], expect_sha=seen
        )
    assert {p: p.read_bytes() for p in root.rglob("*.md")} == before


def test_supersede_edits_only_the_fields_it_must(make_base: MakeBase) -> None:
    root = lifecycle_base(make_base)
    path = root / "decisions" / "sessions-in-postgres.md"
    original = path.read_text(encoding="utf-8").splitlines()
    Brain.open(root, clock=lambda: DAY_TWO).supersede(
        "decisions/sessions-in-redis.md", ["decisions/sessions-in-postgres.md"]
    )
    after = path.read_text(encoding="utf-8").splitlines()
    assert [line for line in after if line not in original] == [
        "supersedes: [decisions/sessions-in-redis.md]"
    ]
    assert [line for line in original if line not in after] == []


def test_superseding_by_a_draft_says_nothing_in_force_takes_its_place(
    make_base: MakeBase,
) -> None:
    from mdbrain.adapters import views

    root = make_base(
        {
            "old.md": doc("Use Lunr for search", sources="[x]"),
            "new.md": doc("Use Pagefind for search", status="draft"),
            "kept.md": doc("Use Pagefind", sources="[x]"),
            "gone.md": doc("Use Algolia for search", status="archived"),
        }
    )
    brain = Brain.open(root)
    report = brain.supersede("old.md", ["new.md", "kept.md"])
    assert report.not_in_force == ["new.md"]
    said = views.supersede_text(report)
    assert "not in force yet: new.md (mdbrain verify" in said
    assert views.supersede_text(brain.supersede("kept.md", ["new.md"])).startswith(
        "kept.md is deprecated, superseded by new.md.\nnot in force yet, so default reads"
    )
    before = (root / "old.md").read_text(encoding="utf-8")
    again = brain.supersede("old.md", ["kept.md"], reason="again")  # a retry
    assert again.again and (root / "old.md").read_text(encoding="utf-8") == before
    assert "already; its day and reason are kept" in views.supersede_text(again)
    retired = views.supersede_text(brain.supersede("new.md", ["gone.md"]))
    assert "retired itself, so default reads show nothing in its place: gone.md" in retired
    assert "verify" not in retired


def test_a_supersession_that_would_close_a_circle_is_refused(make_base: MakeBase) -> None:
    """WebAssembly/design: superseding B by A after A by B was done, each page then stood
    replaced by the other and nothing was in force; check said nothing of it."""
    root = make_base(
        {
            "a.md": doc("Encode as text", sources="[x]"),
            "b.md": doc("Encode as binary", sources="[x]"),
            "c.md": doc("Encode as both", sources="[x]"),
        }
    )
    brain = Brain.open(root)
    brain.supersede("a.md", ["b.md"])
    brain.supersede("b.md", ["c.md"])
    before = {p: p.read_bytes() for p in root.rglob("*.md")}
    with pytest.raises(InvalidRequestError, match=r"a\.md -> b\.md -> c\.md.*circle"):
        brain.supersede("c.md", ["a.md"])
    assert {p: p.read_bytes() for p in root.rglob("*.md")} == before
    assert not [f for f in brain.check().findings if f.code == "W020"]


def test_the_governance_commands(make_base: MakeBase) -> None:
    root = lifecycle_base(make_base)
    runner = CliRunner()
    base = ["-C", str(root.parent)]
    out = runner.invoke(
        cli,
        [
            *base,
            "supersede",
            "kb/decisions/sessions-in-redis.md",
            "--by",
            "decisions/sessions-in-postgres.md",
            "--reason",
            "cost",
        ],
    )
    assert out.exit_code == 0, out.output
    assert "synthesis pages now needing review: overviews/sessions.md" in out.output
    assert (
        "superseded by decisions/sessions-in-postgres.md"
        in runner.invoke(cli, [*base, "history", "decisions/sessions-in-redis.md"]).output
    )
    assert "No open conflict." in runner.invoke(cli, [*base, "conflicts"]).output
    queue = runner.invoke(cli, [*base, "review"]).output
    assert "overviews/sessions.md" in queue and "facts/session-ttl.md" in queue
    brief = runner.invoke(cli, [*base, "brief", "sessions", "--as-of", "2026-09-15"]).output
    assert "sessions-in-redis.md" in brief
    refused = runner.invoke(
        cli, [*base, "supersede", "decisions/nope.md", "--by", "facts/session-ttl.md"]
    )
    assert refused.exit_code == 2 and "not a document" in refused.output


def test_the_seed_scenario_through_write(make_base: MakeBase) -> None:
    root = make_base({"start.md": doc("Start", type="overview", sources="[x]")})
    day_one = Brain.open(root, clock=lambda: DAY_ONE)
    decision = day_one.write(
        WriteRequest(
            title="Exams are graded by two readers",
            summary="Every written exam gets two independent grades.",
            type="decision",
            theme="grading",
            tags=["grading"],
            sources=["board minutes 2026-08-28"],
            body="## Why\n\nOne reader alone drifts over a long session.",
        )
    )
    fact = day_one.write(
        WriteRequest(
            title="A grading session lasts three hours",
            summary="Readers grade in three-hour sessions.",
            type="fact",
            theme="grading",
            tags=["grading"],
        )
    )
    assert (decision.status, fact.status) == ("stable", "draft")
    page = day_one.write(
        WriteRequest(
            title="Grading at a glance",
            summary="How exams are graded.",
            type="overview",
            theme="grading",
            tags=["grading"],
            sources=["x"],
            related=[decision.id],
        )
    )
    assert decision.overviews == ["grading/overview.md"]  # the decision had no reader yet
    brief = day_one.brief("grading")
    assert [i.id for i in brief.items if i.type == "decision"] == [decision.id]
    assert brief.hidden_drafts == 2  # the fact, and the overview the first write drafted
    day_two = Brain.open(root, clock=lambda: DAY_TWO)
    newer = day_two.write(
        WriteRequest(
            title="Exams are graded by one reader and a sample check",
            summary="One grade per exam, and a second reader checks one exam in ten.",
            type="decision",
            theme="grading",
            tags=["grading"],
            sources=["board minutes 2026-09-30"],
            supersedes=[decision.id],
            body="## Why\n\nTwo readers cost too much for the gain measured.",
        )
    )
    found = day_two.manifest(use_cache=False)
    assert (
        found.by_id[decision.id].status == "deprecated"
        and found.by_id[page.id].status == "needs-review"
    )
    assert [s.id for s in day_two.history(newer.id).older] == [decision.id]
    now = day_two.brief("grading")
    assert [(i.id, i.reason) for i in now.items if i.type == "decision"] == [
        (newer.id, "Two readers cost too much for the gain measured.")
    ]
    then = day_two.brief("grading", as_of=dt.date(2026, 9, 15))
    assert decision.id in {i.id for i in then.items} and newer.id not in {i.id for i in then.items}
    rival = day_two.write(
        WriteRequest(
            title="Exams need no second reader",
            summary="A second reader is never used.",
            type="decision",
            theme="grading",
            tags=["grading"],
            sources=["an email"],
        )
    )
    text = (root / rival.id).read_text(encoding="utf-8")
    (root / rival.id).write_text(
        text.replace("---\n\n", f"contradicts: [{newer.id}]\n---\n\n", 1), encoding="utf-8"
    )
    assert [(c.claimant, c.target) for c in day_two.conflicts()] == [(rival.id, newer.id)]
    day_two.resolve(
        rival.id, newer.id, keep=newer.id, reason="the board decided", by="head of exams"
    )
    assert day_two.conflicts() == []


def test_a_synthesis_block_lists_what_is_in_force_and_follows_supersession(
    make_base: MakeBase,
) -> None:
    root = lifecycle_base(make_base)
    page = root / "overviews" / "sessions.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(
        text
        + "\nIn force:\n\n<!-- mdbrain:in-force -->\nstale line\n<!-- /mdbrain:in-force -->\n\nThe end.\n",
        encoding="utf-8",
    )
    before = page.read_text(encoding="utf-8")
    report = Brain.open(root, clock=lambda: DAY_ONE).index()
    assert report.refreshed == ("overviews/sessions.md",)
    after = page.read_text(encoding="utf-8")
    assert (
        "- [Sessions live in Redis](../decisions/sessions-in-redis.md): What this document covers."
        in after
    )
    assert "stale line" not in after
    outside = [line for line in after.splitlines() if line.startswith("- [")]
    assert len(outside) == 1
    assert after.replace(outside[0] + "\n", "stale line\n") == before  # nothing else moved
    assert Brain.open(root, clock=lambda: DAY_ONE).index().refreshed == ()  # stable
    Brain.open(root, clock=lambda: DAY_TWO).supersede(
        "decisions/sessions-in-redis.md", ["decisions/sessions-in-postgres.md"]
    )
    Brain.open(root, clock=lambda: DAY_TWO).index()
    final = page.read_text(encoding="utf-8")
    assert (
        "(../decisions/sessions-in-postgres.md)" in final and "sessions-in-redis.md):" not in final
    )
    again = Brain.open(root, clock=lambda: DAY_TWO).index()
    assert again.refreshed == () and again.written == ()


def test_an_in_force_block_added_to_a_synthesis_page_is_filled_at_the_next_index(
    make_base: MakeBase,
) -> None:
    root = make_base(
        {
            "rules/lockout.md": doc("Lockout", sources="[x]"),
            "summary.md": doc("Summary", type="overview", body="Cites [l](rules/lockout.md)."),
        }
    )
    with Brain.open(root) as brain:
        brain.index()
    page = root / "summary.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(
        text + "\n<!-- mdbrain:in-force -->\n<!-- /mdbrain:in-force -->\n", encoding="utf-8"
    )
    with Brain.open(root) as brain:
        report = brain.index()
    assert report.refreshed == ("summary.md",)
    assert "rules/lockout.md" in page.read_text(encoding="utf-8").split("mdbrain:in-force")[1]


def test_a_decision_records_reason_comes_from_its_cause_or_its_context(
    make_base: MakeBase,
) -> None:
    nygard = (
        "## Status\n\nAccepted\n\n## Context\n\nCertificates expire and nobody renews"
        " them by hand.\n\nMore context.\n\n## Decision\n\nWe will sign them with Puppet.\n"
    )
    madr = (
        "## Context and Problem Statement\n\nWe need search.\n\n## Decision Outcome\n\n"
        'Chosen option: "Pagefind", because it indexes at build time and needs no server.\n'
    )
    root = make_base(
        {
            "decisions/0007-certs.md": doc("Certs", type="decision", sources="[x]", body=nygard),
            "decisions/0008-search.md": doc("Search", type="decision", sources="[x]", body=madr),
            "decisions/0009-same.md": doc(
                "Same",
                type="decision",
                sources="[x]",
                summary='"Chosen option: Pagefind, because it indexes at build time and needs'
                ' no server."',
                body=madr,
            ),
        }
    )
    reasons = {i.id: i.reason for i in Brain.open(root).brief("decisions").items}
    assert reasons == {
        "decisions/0007-certs.md": "Certificates expire and nobody renews them by hand.",
        "decisions/0008-search.md": 'Chosen option: "Pagefind", because it indexes at build'
        " time and needs no server.",
        "decisions/0009-same.md": "We need search.",  # its summary gives the cause already
    }


def test_a_briefs_reason_is_plain_text_cut_to_the_summary_length(make_base: MakeBase) -> None:
    """carbon-lang: the "why:" lines of a brief showed the links, emphasis and code
    marks of the rationale paragraphs, and a long one whole."""
    marked = (
        "## Rationale\n\nWe keep [one parser](https://example.org/p) because **speed**\n"
        "matters and `parse()` is hot.\n"
    )
    caused = "## Decision\n\nChosen: *Pagefind*, because it needs [no server](x.md).\n"
    long = "## Rationale\n\n" + "Every build stays reproducible on every machine. " * 20
    root = make_base(
        {
            "decisions/0001-parser.md": doc("Parser", type="decision", sources="[x]", body=marked),
            "decisions/0002-search.md": doc("Search", type="decision", sources="[x]", body=caused),
            "decisions/0003-builds.md": doc("Builds", type="decision", sources="[x]", body=long),
        }
    )
    with Brain.open(root) as brain:
        reasons = {i.id: i.reason for i in brain.brief("decisions").items}
        limit = brain.session.config.summary_max
    assert reasons["decisions/0001-parser.md"] == (
        "We keep one parser because speed matters and parse() is hot."
    )
    assert reasons["decisions/0002-search.md"] == "Chosen: Pagefind, because it needs no server."
    builds = reasons["decisions/0003-builds.md"]
    assert builds.startswith("Every build stays") and len(builds) <= limit


def test_a_briefs_reason_in_french_is_the_sentence_saying_why_and_its_list(
    make_base: MakeBase,
) -> None:
    """MTES-MCT/dialog's records say why with "motivé par :" over a list, or "pour les
    raisons suivantes :": each brief's "why:" was its context's first paragraph."""
    body = (
        "## Contexte\n\nDans le cadre du projet, il faut structurer le code.\n\n"
        "## Décision\n\nNous adoptons une architecture hexagonale.\n\n"
        "Ce choix architectural a été motivé par :\n\n* la testabilité du domaine\n"
        "* l'indépendance vis-à-vis du framework\n\n## Conséquences\n\nPlus de code.\n"
    )
    root = make_base(
        {
            "adr/004-hexagonale.md": doc(
                "Architecture hexagonale", type="decision", sources="[x]", body=body
            )
        },
        'version: "1"\nroot: ./kb\nlang: fr\n',
    )
    with Brain.open(root) as brain:
        reason = brain.brief("adr").items[0].reason
    assert reason.startswith("Ce choix architectural a été motivé par : la testabilité"), reason


def test_a_briefs_reason_is_a_rationales_prose_never_a_table_or_a_blank_left(
    make_base: MakeBase,
) -> None:
    """grpc/proposal: "why:" lines gave a Rationale section's table as one line
    ("OpenCensus Metric | Equivalent OpenTelemetry Metric ----...") and "N/A"."""
    table = (
        "## Rationale\n\n| OpenCensus | OpenTelemetry |\n|---|---|\n| a.count | a_total |\n\n"
        "The new names follow the OpenTelemetry conventions.\n"
    )
    blank = "## Context\n\nMetrics went missing on every restart.\n\n## Rationale\n\nN/A\n"
    root = make_base(
        {
            "decisions/0001-metrics.md": doc("Metrics", type="decision", sources="[x]", body=table),
            "decisions/0002-restart.md": doc("Restart", type="decision", sources="[x]", body=blank),
        }
    )
    with Brain.open(root) as brain:
        reasons = {i.id: i.reason for i in brain.brief("decisions").items}
    assert reasons == {
        "decisions/0001-metrics.md": "The new names follow the OpenTelemetry conventions.",
        "decisions/0002-restart.md": "Metrics went missing on every restart.",
    }


def test_a_brief_on_a_document_lists_it_first(make_base: MakeBase) -> None:
    """grpc/proposal: `brief a88-xds-data-error-handling.md` listed the seven documents
    around it by id, the one asked last."""
    body = "Builds on [caching](a1-cache.md) and [retries](a2-retries.md)."
    root = make_base(
        {
            "a1-cache.md": doc("Cache", type="decision", sources="[x]"),
            "a2-retries.md": doc("Retries", type="decision", sources="[x]"),
            "a9-errors.md": doc("Errors", type="fact", sources="[x]", body=body),
        }
    )
    with Brain.open(root) as brain:
        items = [i.id for i in brain.brief("a9-errors.md").items]
    assert items == ["a9-errors.md", "a1-cache.md", "a2-retries.md"]


def test_a_brief_on_a_tag_of_drafts_leads_with_the_page_titled_so_then_search_order(
    make_base: MakeBase,
) -> None:
    """pydantic: ``brief validators`` listed eighteen drafts of the Rust folder tagged
    so, then two pages found by search in the order of their ids; the page titled
    "Validators" was past the limit."""
    docs = {
        f"core/validators-{n}.md": doc(
            f"Validator module {n}", status="draft", tags="[validators]", body="Rust code."
        )
        for n in range(4)
    }
    said = "Custom validators run after the built-in validators. " * 3
    docs["concepts/validators.md"] = doc("Validators", status="draft", tags="[concepts]", body=said)
    docs["concepts/a-alias.md"] = doc(
        "Alias", status="draft", tags="[concepts]", body="An alias; see the validators page."
    )
    docs["concepts/b-fields.md"] = doc(
        "Fields", status="draft", tags="[concepts]", body="Field validators. " + said
    )
    root = make_base(docs)
    with Brain.open(root) as brain:
        items = [i.id for i in brain.brief("validators").items]
    assert items[0] == "concepts/validators.md"
    assert items[1:5] == [f"core/validators-{n}.md" for n in range(4)]  # the tagged, by id
    assert items[5:] == ["concepts/b-fields.md", "concepts/a-alias.md"]  # by search rank


def test_a_brief_reads_a_tag_in_any_case_and_without_its_hash_as_the_pages_write_it(
    make_base: MakeBase,
) -> None:
    """``brief API`` on pages tagged ``api`` said they were "found by search", where
    ``brief api`` read the tag: the tag was compared as typed. The brief names the tag
    as the pages write it."""
    said = "The service answers on its own endpoints."
    root = make_base(
        {
            f"services/{name}.md": doc(name.title(), type="fact", tags="[api]", body=said)
            for name in ("auth", "billing")
        }
    )
    with Brain.open(root) as brain:
        asked = {subject: brain.brief(subject) for subject in ("api", "API", "#api", " Api ")}
    for subject, result in asked.items():
        assert result.kind == "subject", subject
        assert result.subject == "api", subject
        assert [i.id for i in result.items] == ["services/auth.md", "services/billing.md"]
        assert "found by search" not in views.brief_text(result), subject


def test_a_cause_is_read_in_a_bounded_window_and_never_from_time_or_vehicles() -> None:
    from mdbrain.service.briefing import _CAUSE_SPAN, _cause

    assert _cause("We rent a car since 2019. It is cheaper.") == ""
    wrapped = "Chosen option: X, because it is\nsmall and fast.\n\nNext paragraph."
    assert _cause(wrapped) == "Chosen option: X, because it is small and fast."
    endless = "word " * 100_000 + "because " + "word " * 100_000  # no full stop anywhere
    assert len(_cause(endless)) <= 2 * _CAUSE_SPAN


def test_a_briefs_reason_comes_from_a_rationale_heading_not_from_a_question(
    make_base: MakeBase,
) -> None:
    body = (
        "We use type sets.\n\n## FAQ\n\n##### Why not use methods for all operators?\n\n"
        "Type sets are simpler.\n\n## Rationale\n\nOperators need no method names.\n"
    )
    root = make_base(
        {"decisions/type-sets.md": doc("Type sets", type="decision", sources="[x]", body=body)}
    )
    brief = Brain.open(root).brief("decisions")
    assert [i.reason for i in brief.items] == ["Operators need no method names."]


def test_a_page_already_to_review_keeps_its_earlier_reason_when_another_citation_is_superseded(
    make_base: MakeBase,
) -> None:
    """A log's README citing two records: superseding one then the other leaves both
    reasons for the reviewer, not only the last (ministryofjustice/cloud-platform)."""
    decision = {"type": "decision", "sources": "[log]"}
    root = make_base(
        {
            "adr/001-karpenter.md": doc("Use Karpenter", **decision),
            "adr/002-snake-case.md": doc("Snake case", **decision),
            "adr/003-auto-mode.md": doc("Use EKS Auto Mode", **decision),
            "adr/004-kebab-case.md": doc("Kebab case", **decision),
            "adr/readme.md": doc(
                "Decisions",
                type="overview",
                sources="[log]",
                body="- [1](001-karpenter.md)\n- [2](002-snake-case.md)",
            ),
        }
    )
    with Brain.open(root, clock=lambda: DAY_TWO) as brain:
        brain.supersede("adr/001-karpenter.md", ["adr/003-auto-mode.md"])
        brain.supersede("adr/002-snake-case.md", ["adr/004-kebab-case.md"])
        page = brain.manifest(use_cache=False).get("adr/readme.md")
    assert page is not None and page.status == "needs-review"
    reason = str(page.meta["review_reason"])
    assert "cites adr/001-karpenter.md, superseded by adr/003-auto-mode.md" in reason
    assert "cites adr/002-snake-case.md, superseded by adr/004-kebab-case.md" in reason


def test_a_supersession_done_again_another_day_keeps_one_reason_on_the_page(
    make_base: MakeBase,
) -> None:
    """A retry (a writer killed half-way, the command run again the next day) keeps the
    reason of the first time: the page is not told twice of the same supersession."""
    decision = {"type": "decision", "sources": "[log]"}
    root = make_base(
        {
            "adr/001-karpenter.md": doc("Use Karpenter", **decision),
            "adr/003-auto-mode.md": doc("Use EKS Auto Mode", **decision),
            "adr/readme.md": doc(
                "Decisions", type="overview", sources="[log]", body="- [1](001-karpenter.md)"
            ),
        }
    )
    for day in (DAY_ONE, DAY_TWO):
        with Brain.open(root, clock=lambda day=day: day) as brain:
            brain.supersede("adr/001-karpenter.md", ["adr/003-auto-mode.md"])
            page = brain.manifest(use_cache=False).get("adr/readme.md")
    assert page is not None
    assert str(page.meta["review_reason"]).count("cites adr/001-karpenter.md") == 1


def test_a_draft_page_citing_a_superseded_one_stays_a_draft(make_base: MakeBase) -> None:
    """An imported log's README is a draft like its records: turned needs-review it would
    be the one document in force and hide the records (ministryofjustice/cloud-platform).
    It is named as still linking, and keeps its status."""
    decision = {"type": "decision", "sources": "[log]"}
    root = make_base(
        {
            "adr/001-karpenter.md": doc("Use Karpenter", **decision),
            "adr/003-auto-mode.md": doc("Use EKS Auto Mode", **decision),
            "adr/readme.md": doc(
                "Decisions", type="overview", status="draft", body="- [1](001-karpenter.md)"
            ),
        }
    )
    with Brain.open(root, clock=lambda: DAY_TWO) as brain:
        report = brain.supersede("adr/001-karpenter.md", ["adr/003-auto-mode.md"])
        page = brain.manifest(use_cache=False).get("adr/readme.md")
    assert page is not None and page.status == "draft" and "review_reason" not in page.meta
    assert report.reviewed == [] and report.still_linking == ["adr/readme.md"]


def test_a_conflict_of_a_document_with_itself_is_refused_in_plain_words(
    make_base: MakeBase,
) -> None:
    # found on backstage: the MCP resolve answered "keep must be a.md or a.md"
    root = make_base({"a.md": doc("A"), "b.md": doc("B")})
    with pytest.raises(InvalidRequestError, match=r"both a\.md: a conflict is between two"):
        Brain.open(root).resolve("a.md", "a.md", keep="b.md", reason="x", by="ana")


@pytest.mark.parametrize("failing", ["old.md", "new.md"])
def test_a_supersede_failing_midway_leaves_every_document_as_it_was(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    # the old record and its successor were written one by one: a full disk at the
    # second left one of them naming the other, and the other not naming it back
    from mdbrain.core.errors import StorageError
    from tests.conftest import fail_writes

    root = make_base(
        {
            "old.md": doc("Use Redis", status="accepted", type="decision"),
            "new.md": doc("Use Memcached", status="accepted", type="decision"),
        }
    )
    before = {p.name: p.read_bytes() for p in root.glob("*.md")}
    fail_writes(monkeypatch, failing)
    with Brain.open(root.parent) as brain, pytest.raises(StorageError, match="No space"):
        brain.supersede("old.md", ["new.md"], reason="simpler to run")
    monkeypatch.undo()
    assert {p.name: p.read_bytes() for p in root.glob("*.md")} == before
    with Brain.open(root.parent) as brain:
        report = brain.supersede("old.md", ["new.md"], reason="simpler to run")
    assert set(report.shas) == {"old.md", "new.md"}


def test_a_brief_on_a_symbol_counts_apart_the_pages_on_other_parts_of_its_file(
    make_base: MakeBase,
) -> None:
    """encode/httpx: a brief on ``_client.py#BaseClient._redirect_headers`` said "4
    documents" when one described it and the others named other symbols of the file."""
    root = make_base(
        {
            "index.md": doc("Index", type="overview", sources="[x]", body="[a](a.md) [b](b.md)"),
            "a.md": doc("Headers", sources="[x]", impl_refs="[app.py#Client._headers]"),
            "b.md": doc("Client", sources="[x]", impl_refs="[app.py#Client]"),
            "c.md": doc("Method", sources="[x]", impl_refs="[app.py#Client._method]"),
            "d.md": doc("Module", sources="[x]", impl_refs="[app.py]"),
        }
    )
    brain = Brain.open(root)
    code = "class Client:\n    def _headers(self): ...\n    def _method(self): ...\n"
    (brain.session.project / "app.py").write_text(code, encoding="utf-8")
    found = brain.brief("app.py#Client._headers")
    assert [i.id for i in found.items][-1] == "c.md" and found.elsewhere == 1
    assert {i.id for i in found.items[:3]} == {"a.md", "b.md", "d.md"}
    said = views.brief_text(found)
    assert "describing this code): 3 documents (and 1 on other parts of its file)." in said
    whole = brain.brief("app.py")  # the file asked: every page on it describes it
    assert whole.elsewhere == 0 and len(whole.items) == 4


def test_a_brief_on_a_code_folder_reads_it_as_code_before_a_page_named_alike(
    make_base: MakeBase,
) -> None:
    """rust-lang/rust-analyzer: ``brief crates/hir-ty`` listed the draft
    ``crates/hir-ty.md`` of the theme ``crates/`` alone, not the pages on the crate."""
    root = make_base(
        {
            "crates/hir-ty.md": doc(
                "Hir ty", sources="[x]", impl_refs="[crates/hir-ty/src/lib.rs]"
            ),
            "crates/infer.md": doc(
                "Infer", sources="[x]", impl_refs="[crates/hir-ty/src/infer.rs]"
            ),
            "crates/other.md": doc("Other", sources="[x]", impl_refs="[crates/vfs/src/lib.rs]"),
        }
    )
    brain = Brain.open(root)
    for rel in ("crates/hir-ty/src/lib.rs", "crates/hir-ty/src/infer.rs", "crates/vfs/src/lib.rs"):
        path = brain.session.project / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("pub fn f() {}\n", encoding="utf-8")
    found = brain.brief("crates/hir-ty")
    assert found.kind == "code"
    assert {i.id for i in found.items} == {"crates/hir-ty.md", "crates/infer.md"}
    # a word names the theme still, and a path the code does not hold names the page
    assert len(brain.brief("crates").items) == 3
    assert [i.id for i in brain.brief("crates/other").items] == ["crates/other.md"]


def test_a_brief_on_a_documents_id_that_is_also_its_sources_path_reads_the_document(
    make_base: MakeBase,
) -> None:
    """carbon-lang: every imported proposal's id, ``proposals/p2287.md``, is also the
    path of its source in the project; ``brief proposals/p2287.md`` read it as code that
    nothing describes, not as the page and its neighbours."""
    root = make_base(
        {
            "proposals/p2287.md": doc(
                "Allow unqualified member access", type="decision", sources="[proposals/p2287.md]",
                body="See [lookup](p0989.md).",
            ),
            "proposals/p0989.md": doc("Member access", type="decision", sources="[x]"),
            "proposals/p0001.md": doc("Unrelated", type="decision", sources="[x]"),
        }
    )  # fmt: skip
    brain = Brain.open(root)
    source = brain.session.project / "proposals/p2287.md"
    source.parent.mkdir(parents=True)
    source.write_text("# Allow unqualified member access\n", encoding="utf-8")
    found = brain.brief("proposals/p2287.md")
    assert found.kind == "subject"
    assert {i.id for i in found.items} == {"proposals/p2287.md", "proposals/p0989.md"}


def test_a_brief_lists_numbered_records_as_a_person_counts_and_gives_no_summary_twice(
    make_base: MakeBase,
) -> None:
    """nats-io's ADRs: ``brief kv`` listed adr-19, adr-48, adr-54, adr-8, the main spec
    last; and each "why" was the summary again, both taken from the Context."""
    context = "## Context\n\nKeys and values over streams, with history kept.\n"
    records = {
        f"adr/adr-{n}.md": doc(
            f"Key value {n}", type="decision", tags="[kv]", sources="[x]",
            summary='"Keys and values over streams, with history kept."', body=context,
        )
        for n in (19, 8, 48, 2)
    }  # fmt: skip
    brief = Brain.open(make_base(records)).brief("kv")
    assert [i.id for i in brief.items] == [f"adr/adr-{n}.md" for n in (2, 8, 19, 48)]
    assert [i.reason for i in brief.items] == ["", "", "", ""]
    # a number says nothing of a record: its title is given beside it
    assert '- [decision] adr/adr-8.md "Key value 8": Keys and' in views.brief_text(brief)


def test_a_brief_says_when_the_code_asked_is_not_there_and_reads_rust_paths_as_dotted(
    make_base: MakeBase,
) -> None:
    """thanos-io/thanos: a brief on ``gate.go#NoSuchThing`` answered "0 documents (and 3
    on other parts of its file)" and never said the symbol was not there; rust-lang/mdBook:
    ``Clean.new`` and ``Clean::new`` name the same method and were told apart."""
    root = make_base(
        {
            "index.md": doc("Index", type="overview", sources="[x]", body="[a](a.md) [b](b.md)"),
            "a.md": doc("New", sources="[x]", impl_refs="[src/clean.rs#Clean::new]"),
            "b.md": doc("Run", sources="[x]", impl_refs="[src/clean.rs#run]"),
        }
    )
    brain = Brain.open(root)
    code = "struct Clean;\nimpl Clean {\n    fn new() -> Self { Clean }\n}\nfn run() {}\n"
    (brain.session.project / "src").mkdir()
    (brain.session.project / "src" / "clean.rs").write_text(code, encoding="utf-8")
    dotted = brain.brief("src/clean.rs#Clean.new")
    assert [i.id for i in dotted.items] == ["a.md", "b.md"] and dotted.elsewhere == 1
    assert dotted.missing == ""
    typo = brain.brief("src/clean.rs#NoSuchThing")
    assert typo.missing.endswith("in src/clean.rs") and "NoSuchThing" in typo.missing
    assert f"note: {typo.missing}" in views.brief_text(typo)
    gone = brain.brief("src/gone.rs")
    assert gone.missing == "no file or folder src/gone.rs in the project"
    assert brain.brief("how does cleaning work").missing == ""  # words, not code


def test_a_retired_record_replaced_by_nothing_says_why(make_base: MakeBase) -> None:
    """home-assistant/architecture's ADR 14, reverted: history said "no supersession:
    nothing replaces it", and a read listing it gave no sign it no longer holds."""
    root = make_base(
        {
            "adr/0014-supervised.md": doc(
                "Supervised installs",
                status="archived",
                original_status='"Reverted by discussion #1198."',
                body="Supervised installs are supported.",
            ),
            "adr/0015-os.md": doc("Operating system installs", body="The OS is supported."),
        }
    )
    with Brain.open(root) as brain:
        history = brain.history("adr/0014-supervised.md")
        listed = brain.query("supervised installs", filters=Filters(everything=True))
    assert (history.status, history.why) == ("archived", "Reverted by discussion #1198.")
    shown = views.history_text(history)
    assert "  archived, and nothing replaces it: Reverted by discussion #1198." in shown
    assert "no supersession" not in shown
    said = "! archived: no longer in force; see mdbrain history adr/0014-supervised.md"
    assert said in views.query_text(listed)
    # left out of a default read, it is named as ranking above: said to be archived too
    with Brain.open(root) as brain:
        plain = brain.query("are supervised installs supported")
    assert plain.retired_above == (("adr/0014-supervised.md", "archived"),)
    assert (
        "ranks above every document shown: adr/0014-supervised.md (archived); no longer in"
        " force: see mdbrain history adr/0014-supervised.md)" in views.query_text(plain)
    )


def test_a_log_imported_as_drafts_asked_of_a_past_day_gives_its_drafts_of_then(
    make_base: MakeBase,
) -> None:
    """home-assistant/architecture imported as drafts: "brief adr --as-of 2021-01-01"
    gave one record "in force", the one superseded since, and left every accepted one
    out as drafts."""
    root = make_base(
        {
            "adr/0002-python.md": doc(
                "Python versions",
                type="decision",
                status="deprecated",
                created="2019-05-13",
                superseded_by="[adr/0020-python.md]",
                superseded_on="2023-05-29",
                original_status='"Superseded by ADR-0020"',
            ),
            "adr/0020-python.md": doc(
                "Python versions again",
                type="decision",
                status="draft",
                created="2023-05-29",
                supersedes="[adr/0002-python.md]",
            ),
            "adr/0005-format.md": doc(
                "Code formatting", type="decision", status="draft", created="2019-08-01"
            ),
        }
    )
    with Brain.open(root) as brain:
        then = brain.brief("adr", as_of=dt.date(2021, 1, 1))
        later = brain.brief("adr", as_of=dt.date(2024, 1, 1))
    assert then.unverified and [i.id for i in then.items] == [
        "adr/0002-python.md",
        "adr/0005-format.md",
    ]
    assert "adr/0002-python.md (a draft then, superseded since)" in views.brief_text(then)
    assert later.unverified and [i.id for i in later.items] == [
        "adr/0005-format.md",
        "adr/0020-python.md",
    ]


def test_the_review_queue_is_cut_to_a_limit_and_says_its_sizes(make_base: MakeBase) -> None:
    """cncf/toc: `review` printed its 610 drafts, 615 lines, after an import."""
    root = make_base({f"d{n:02d}.md": doc(f"Draft {n}", status="draft") for n in range(60)})
    whole = Brain.open(root).review()
    assert len(whole.drafts) == 60 and not whole.totals
    cut = Brain.open(root).review(limit=5)
    assert [d for d, _created in cut.drafts] == [d for d, _c in whole.drafts][:5]
    assert cut.totals["drafts"] == 60
    said = CliRunner().invoke(cli, ["-C", str(root.parent), "review"]).output
    assert "Unverified drafts (60, 50 shown), oldest first:" in said
    assert len(said.splitlines()) == 4 + 50
    with pytest.raises(InvalidRequestError):
        Brain.open(root).review(limit=0)


def test_history_of_a_retired_record_gives_the_reason_its_page_writes(make_base: MakeBase) -> None:
    """nats-io's ADR-52: "archived, and nothing replaces it: Deprecated", though its
    section "## Deprecated" says why."""
    body = (
        "## Context\n\nSkip headers on direct gets.\n\n## Deprecated\n\n"
        "This feature was targeted for 2.12 but made the API less consistent.\n"
    )
    root = make_base(
        {
            "adr/adr-52.md": doc(
                "No headers", type="decision", status="archived", sources="[x]",
                original_status="Deprecated", body=body,
            ),
            "adr/adr-53.md": doc(
                "Old scheme", type="decision", status="archived", sources="[x]",
                original_status='"Withdrawn, see the thread on the list for why"', body=body,
            ),
        }
    )  # fmt: skip
    with Brain.open(root) as brain:
        told = brain.history("adr/adr-52.md").why
        long = brain.history("adr/adr-53.md").why
    assert (
        told == "Deprecated: This feature was targeted for 2.12 but made the API less consistent."
    )
    assert long == "Withdrawn, see the thread on the list for why"  # says more than its state


def test_superseding_a_retired_record_keeps_it_retired(make_base: MakeBase) -> None:
    """swiftlang/swift-evolution: SE-0030, rejected in 2016, became "deprecated" when
    SE-0258 superseded it, and a brief of 2019 listed it as in force then. What the
    command says is what it wrote (kubernetes/enhancements: "is deprecated", the file
    still archived)."""
    root = make_base(
        {
            "proposals/0030-behaviors.md": doc(
                "Property behaviors", type="decision", status="archived", sources="[x]",
                original_status="Rejected", created="2016-01-01",
            ),
            "proposals/0258-wrappers.md": doc(
                "Property wrappers", type="decision", sources="[x]", created="2019-06-01"
            ),
        }
    )  # fmt: skip
    with Brain.open(root, clock=lambda: DAY_TWO) as brain:
        report = brain.supersede("proposals/0030-behaviors.md", ["proposals/0258-wrappers.md"])
        entry = brain.session.entry("proposals/0030-behaviors.md")
        assert entry.status == "archived"
        said = views.supersede_text(report)
        assert said.startswith("proposals/0030-behaviors.md is archived, superseded by")
        assert entry.ids("superseded_by") == ("proposals/0258-wrappers.md",)
        then = brain.brief("proposals", as_of=dt.date(2018, 1, 1))
    assert "proposals/0030-behaviors.md" not in {i.id for i in then.items}


def test_a_brief_on_a_past_day_keeps_those_that_stood_then_before_the_cut(
    make_base: MakeBase,
) -> None:
    """rust-lang/rfcs: `brief edition --as-of 2019-01-01 --limit 5` listed nothing, the
    ten best pages search found all written since; the one in force then ranked below."""
    pages = {
        f"text/{3000 + n}-edition-{n}.md": doc(
            f"Edition {n} plan",
            type="decision",
            sources="[x]",
            created="2023-01-01",
            tags="[edition]",
            body="The edition changes the edition lints. Edition, edition, edition.",
        )
        for n in range(14)
    }
    pages["text/2052-epochs.md"] = doc(
        "Epochs",
        type="decision",
        status="deprecated",
        sources="[x]",
        created="2017-06-26",
        superseded_by="[text/3000-edition-0.md]",
        superseded_on="2021-02-19",
        body="Epochs, later called an edition, mark the language's stages.",
    )
    root = make_base(pages)
    with Brain.open(root) as brain:
        then = brain.brief("the edition", as_of=dt.date(2019, 1, 1), limit=5)
        now = brain.brief("the edition", limit=5)
    assert [i.id for i in then.items] == ["text/2052-epochs.md"]
    assert "text/2052-epochs.md" not in [i.id for i in now.items]
