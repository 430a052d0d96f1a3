"""'What replaced X?': the question's frame is no search word, and the answer leads with
what supersedes the best match, whether the base says so in frontmatter or, for a
decision record not yet imported, in its own status line."""

from __future__ import annotations

import pytest

from mdbrain.adapters import views
from mdbrain.core import asking
from mdbrain.service import searching
from mdbrain.service.brain import Brain
from mdbrain.service.reading import Filters
from tests.conftest import MakeBase, doc


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("What replaced the session store in Redis?", "the session store in Redis?"),
        ("what has superseded the old login flow", "the old login flow"),
        ("Which record supersedes ADR032", "ADR032"),
        ("Which decision now replaces the nightly batch?", "the nightly batch?"),
        ("What was the self-hosted registry replaced by?", "What was the self-hosted registry"),
        ("What did we replace Harbor with?", "Harbor"),
        ("What is the successor of the v1 API?", "the v1 API?"),
        ("Qu'est-ce qui a remplacé le cache Redis ?", "le cache Redis ?"),
        ("Quelle décision remplace la 0004 ?", "la 0004 ?"),
        ("Par quoi le cache Redis a-t-il été remplacé ?", "le cache Redis"),
        ("Quel est le remplaçant de la 0004 ?", "la 0004 ?"),
        ("Quel est le successeur du cache Redis ?", "cache Redis ?"),
        ("WHAT REPLACED THE SESSION STORE?", "THE SESSION STORE?"),
    ],
)
def test_a_successor_question_loses_its_frame(question: str, words: str) -> None:
    read = asking.read(question)
    assert read == asking.Asking(words, successor=True)


@pytest.mark.parametrize(
    "question",
    [
        "How do I replace a node in the cluster?",  # the verb is what is asked about
        "Why was the cache replaced?",
        "Does the new token replace the session cookie?",
        "What replaces?",  # nothing left to search with
        "Comment remplacer un nœud du cluster ?",
        "Which function replaces tabs with spaces?",  # a function that replaces, no record
        "redis cache replaced by" + " " * 60_000 + "?x",  # too long to read for a frame
    ],
)
def test_other_questions_are_kept_whole(question: str) -> None:
    assert asking.read(question) == asking.Asking(question)


LONGER = " ".join(f"Step {n}: roles are mapped as before." for n in range(12))
NODES = "Replacing nodes: when a node is replaced, the replaced node is drained first."


def _store_base(make_base: MakeBase, redis_status: str = "deprecated") -> Brain:
    root = make_base(
        {
            "redis.md": doc(
                "Session store in Redis",
                body="The session store keeps every user session in Redis, with a TTL.",
                status=redis_status,
                superseded_by="[postgres.md]",
            ),
            "postgres.md": doc(
                "State in Postgres",
                body="## Decision\n\nAll state, the user sessions too, lives in Postgres.",
                supersedes="[redis.md]",
            ),
            "nodes.md": doc("Node replacement", body=NODES),
        }
    )
    return Brain.open(root)


def test_what_replaced_x_leads_with_the_successor_of_a_hidden_record(
    make_base: MakeBase,
) -> None:
    reader = _store_base(make_base).reader()
    asked = reader.query("What replaced the session store in Redis?")
    assert asked.hits[0].id == "postgres.md"
    assert asked.hidden_ahead == "redis.md" and asked.ahead_superseded_by == ("postgres.md",)
    assert "All state, the user sessions too, lives in Postgres." in views.query_text(asked)
    # the verb alone found the page about replacing nodes before
    assert "nodes.md" not in [h.id for h in asked.hits]


def test_an_asked_limit_holds_with_the_successor_leading(make_base: MakeBase) -> None:
    reader = _store_base(make_base).reader()
    everything = Filters(everything=True)
    asked = reader.query("what superseded the Redis session store", limit=1, filters=everything)
    assert [h.id for h in asked.hits] == ["postgres.md"]


def test_what_replaced_x_leads_with_the_successor_of_a_record_shown(make_base: MakeBase) -> None:
    reader = _store_base(make_base).reader()
    asked = reader.query(
        "what superseded the Redis session store", filters=Filters(everything=True)
    )
    assert [h.id for h in asked.hits][:2] == ["postgres.md", "redis.md"]
    assert not asked.stopped_early  # what was replaced is read beside what replaced it


def test_a_question_about_replacing_is_answered_by_its_words(make_base: MakeBase) -> None:
    reader = _store_base(make_base).reader()
    asked = reader.query("how is a node replaced and drained?")
    assert asked.hits[0].id == "nodes.md"


def test_a_successor_hidden_in_turn_leads_to_what_holds_now(make_base: MakeBase) -> None:
    root = make_base(
        {
            "v1.md": doc(
                "Billing API v1",
                body="The billing API v1 takes invoices as XML over SOAP.",
                status="archived",
                superseded_by="[v2.md]",
            ),
            "v2.md": doc(
                "Billing API v2",
                body="Invoices as JSON.",
                status="deprecated",
                supersedes="[v1.md]",
                superseded_by="[v3.md]",
            ),
            "v3.md": doc("Billing API v3", body="Invoices as events.", supersedes="[v2.md]"),
            "gateway.md": doc(
                "Gateway", body="The gateway still parses XML invoices sent over SOAP."
            ),
        }
    )
    asked = Brain.open(root).reader().query("What replaced the XML billing API over SOAP?")
    assert asked.hits[0].id == "v3.md"


def test_a_successor_sharing_no_word_with_the_question_is_found(make_base: MakeBase) -> None:
    """Every match is hidden (what was replaced): the answer is still what replaced it."""
    root = make_base(
        {
            "soap.md": doc(
                "Invoices over SOAP",
                body="Invoices are sent as XML over SOAP.",
                status="archived",
                superseded_by="[events.md]",
            ),
            "events.md": doc("Billing events", body="Each bill is an event on the bus."),
        }
    )
    asked = Brain.open(root).reader().query("What replaced invoices over SOAP?")
    assert [h.id for h in asked.hits] == ["events.md"]


def test_the_replaced_match_need_not_be_the_first(make_base: MakeBase) -> None:
    """The question takes for granted that its subject was replaced: among the matches
    a query reads, the one that was is what it asks about, and comes after what
    replaced it."""
    root = make_base(
        {
            "tokens.md": doc(
                "Cluster users",
                body="Cluster users sign in; the GitHub login of cluster users is logged.",
            ),
            "idp.md": doc(
                "Identity provider",
                body="We will use GitHub as our identity provider.",
                superseded_by="[iam.md]",
            ),
            "iam.md": doc("IAM roles", body="Everyone signs in through IAM roles. " + LONGER),
        }
    )
    reader = Brain.open(root).reader()
    plain = reader.search("GitHub login of cluster users as identity provider")
    assert [found.hit.id for found in plain.hits][:2] == ["tokens.md", "idp.md"]
    asked = reader.query("What replaced the GitHub login of cluster users as identity provider?")
    assert [h.id for h in asked.hits][:2] == ["iam.md", "idp.md"]


RECORD = """# ADR012: Docker image repositories

## Status

Superseded by [ADR028]({link})

## Context

Images were pushed to a vendor managed registry.

## Decision

We will use the managed registry of our cloud vendor for Docker images.
"""

SUCCESSOR = """# ADR028: Container tools

## Status

Accepted

## Decision

We will run a self hosted set of Docker tools.
"""


@pytest.mark.parametrize(
    "link", ["ADR028-container-tools.md", "ADR028-docker-tools.md"], ids=["link", "broken link"]
)
def test_a_record_not_imported_names_its_successor_in_its_status(
    make_base: MakeBase, link: str
) -> None:
    """No frontmatter says it: the record's status line does, by a link, or by the
    record's number when the link is broken (the file was renamed)."""
    root = make_base(
        {
            "adr/ADR012-docker-image-repositories.md": RECORD.format(link=link),
            "adr/ADR028-container-tools.md": SUCCESSOR,
            "adr/ADR030-queues.md": "# ADR030: Queues\n\n## Status\n\nAccepted\n\nSQS queues.\n",
        }
    )
    reader = Brain.open(root).reader()
    asked = reader.query(
        "What superseded the vendor managed registry for Docker images?",
        filters=Filters(everything=True),
    )
    assert asked.hits[0].id == "adr/ADR028-container-tools.md"
    assert "We will run a self hosted set of Docker tools." in views.query_text(asked)
    # without the frame, the record itself answers
    plain = reader.query("the vendor managed registry for Docker images")
    assert plain.hits[0].id == "adr/ADR012-docker-image-repositories.md"


def test_when_drafts_answer_a_draft_successor_leads(make_base: MakeBase) -> None:
    """An imported decision log is drafts: "what replaced X?" must lead with the draft
    that replaces X, not with other drafts that share its words (alphagov/govuk-aws:
    the successor came third, behind two records about DNS zones)."""
    root = make_base(
        {
            "0004-dns.md": doc(
                "DNS definitions for hosts and services",
                body="Hosts and services get DNS definitions in each stack.",
                status="deprecated",
                superseded_by="[0015-infra.md]",
            ),
            "0015-infra.md": doc(
                "Infrastructure for naming",
                body="## Decision\n\nEach stack has its own zones.",
                status="draft",
                supersedes="[0004-dns.md]",
            ),
            "0016-zones.md": doc(
                "Internal DNS zones",
                body="Internal DNS definitions for hosts and services of each stack.",
                status="draft",
            ),
        }
    )
    reader = Brain.open(root).reader()
    asked = reader.query("What replaced the DNS definitions for hosts and services?")
    assert asked.unverified and asked.hits[0].id == "0015-infra.md"
    assert "Each stack has its own zones." in views.query_text(asked)


def test_a_word_every_page_says_does_not_keep_a_title_from_naming_its_page(
    make_base: MakeBase,
) -> None:
    """rust-lang/rfcs: every page says "RFC"; "What replaced the epochs RFC?" put two
    pages that say "epoch" in passing before "2052 epochs", whose text says "edition"."""
    pages = {
        f"rfcs/{n:04}-page.md": doc(f"{n:04} page", body=f"This RFC proposes change {n}.\n")
        for n in range(6)
    }
    pages["rfcs/2052-epochs.md"] = doc(
        "2052 epochs",
        body="This RFC proposes that we declare an edition every few years.\n"
        + "The edition is a rallying point for the work.\n" * 10,
    )
    pages["rfcs/2789-sparse-index.md"] = doc(
        "2789 sparse index", body="This RFC adds a log. " + "Each record holds an epoch. " * 5
    )
    root = make_base(pages)
    ranked = [c.id for c in Brain.open(root).reader().searcher.rank("epochs RFC", 3)]
    assert ranked[0] == "rfcs/2052-epochs.md"


def test_release_notes_answer_only_questions_about_what_changed(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """astral-sh/uv's and backstage's changelogs, which name every feature, came before
    the guide or the record that answers a how-to question."""
    notes = "".join(
        f"## 0.{n}.0\n\n- Support single-file scripts with inline dependencies (#{n}).\n\n"
        for n in range(6)
    )
    pages = {
        "CHANGELOG.md": doc("Changelog", body=notes, type="reference"),
        "changelogs/0-4-x.md": doc("0.4.x", body=notes, type="reference"),
        "guides/scripts.md": doc(
            "Running scripts",
            body="Declare the dependencies of a single-file script with uv add --script.\n",
            type="guide",
        ),
    }
    root = make_base(pages)
    searcher = Brain.open(root).reader().searcher
    asked = [c.id for c in searcher.rank("how do I add dependencies to a single-file script", 3)]
    assert asked[0] == "guides/scripts.md"
    # a question about what changed keeps the notes whole: they may answer it
    for question in ("when was single-file script support added", "what's new in 0.4"):
        assert searching._ASKS_CHANGES.search(question)
    assert not searching._ASKS_CHANGES.search("how do I add dependencies to a script")

    def scores(question: str) -> dict[str, float]:
        return {c.id: c.score for c in searcher.rank(question, 3)}

    asked_changes, asked_how = "when were script dependencies added", "script dependencies"
    before = scores(asked_changes), scores(asked_how)
    monkeypatch.setattr(searching, "RELEASE_NOTES", 1.0)
    after = scores(asked_changes), scores(asked_how)
    assert before[0]["CHANGELOG.md"] == after[0]["CHANGELOG.md"]  # not lowered
    assert before[1]["CHANGELOG.md"] < after[1]["CHANGELOG.md"]  # lowered


def test_a_blogs_posts_weigh_as_news_against_the_guide(make_base: MakeBase) -> None:
    """Textualize/textual: its posts on tasks and workers came before its guide's page
    on workers for "how do I run a long task in the background?"."""
    post = "We ran a long task in the background with a worker, and the app kept drawing.\n" * 3
    root = make_base(
        {
            "blog/posts/background-tasks.md": doc("Background tasks", body=post, type="reference"),
            "guide/workers.md": doc(
                "Workers", body="Run a long task in a worker, in the background.\n", type="guide"
            ),
        }
    )
    searcher = Brain.open(root).reader().searcher
    asked = [c.id for c in searcher.rank("how do I run a long task in the background", 2)]
    assert asked[0] == "guide/workers.md"
    for path in ("blog/posts/x.md", "docs/_posts/2020-01-01-x.md", "blogs/x.md"):
        assert searching._RELEASE_NOTES.search(path)
    assert not searching._RELEASE_NOTES.search("guide/blogging.md")


def test_pages_of_a_folder_of_examples_answer_only_questions_asking_for_examples(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """microsoft/code-with-engineering-playbook: its made-up "Memory" project's trade
    study answered "Did we choose ArgoCD or Flux for GitOps?" before the team's page."""
    pages = {
        "design/decision-log/examples/memory/gitops-trade-study.md": doc(
            "GitOps trade study",
            body="We compared ArgoCD and Flux for GitOps. We decided to go with ArgoCD for"
            " GitOps, since ArgoCD has a web interface; Flux has none.\n",
            type="decision",
        ),
        "ci-cd/gitops/deploying-with-gitops.md": doc(
            "Deploying with GitOps",
            body="We chose Flux, not ArgoCD: our clusters are deployed with Flux, watching"
            " the GitOps repository.\n",
            type="guide",
        ),
    }
    root = make_base(pages)
    searcher = Brain.open(root).reader().searcher
    asked = [c.id for c in searcher.rank("Did we choose ArgoCD or Flux for GitOps?", 2)]
    assert asked[0] == "ci-cd/gitops/deploying-with-gitops.md", asked
    assert searching._ASKS_EXAMPLES.search("show an example of a GitOps trade study")

    def score(question: str) -> float:
        ranked = {c.id: c.score for c in searcher.rank(question, 2)}
        return ranked["design/decision-log/examples/memory/gitops-trade-study.md"]

    example, plain = "an example of choosing ArgoCD or Flux", "choosing ArgoCD or Flux"
    before = score(example), score(plain)
    monkeypatch.setattr(searching, "EXAMPLE_PAGES", 1.0)
    assert score(example) == before[0]  # not lowered when examples are asked for
    assert score(plain) > before[1]  # lowered otherwise
