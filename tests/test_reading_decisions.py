"""'Why did we choose X?': the frame is no search word, and a decision about X comes before
a page that only uses it (backstage/backstage: "Why did we choose msw?" put two release
notes first and the record "Use MSW to mock service requests" 13th)."""

from __future__ import annotations

import pytest

from mdbrain.adapters import views
from mdbrain.core import asking
from mdbrain.service.brain import Brain
from tests.conftest import MakeBase, doc


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("Why did we choose msw?", "msw?"),
        ("why do we use Luxon for dates", "Luxon for dates"),
        ("Why did the team go with Kafka over RabbitMQ?", "Kafka over RabbitMQ?"),
        ("Why was Postgres chosen over MySQL?", "Postgres over MySQL?"),
        ("What was the reason for choosing gRPC?", "gRPC?"),
        ("Why have we standardised on Terraform", "Terraform"),
        ("Pourquoi avons-nous choisi PostgreSQL ?", "PostgreSQL ?"),
        ("Pourquoi le cache Redis a-t-il été retenu ?", "le cache Redis ?"),
    ],
)
def test_a_why_did_we_choose_question_loses_its_frame(question: str, words: str) -> None:
    assert asking.read(question) == asking.Asking(words, decision=True)


@pytest.mark.parametrize(
    "question",
    [
        "Why did we build on Kubernetes instead?",  # no verb of a choice
        "Why does the macro report 199711L?",
        "Why did we choose?",  # nothing left to search with
        "How do I choose a provider?",
        "Why is the selected row not highlighted?",  # a participle that names, not asks
        "Why was the preferred region ignored after failover?",
        "Why does it use the wrong config?",  # a program's doing, no team's choice
        "Pourquoi avons-nous pris du retard ?",
    ],
)
def test_other_why_questions_are_kept_whole(question: str) -> None:
    assert asking.read(question) == asking.Asking(question)


def test_the_decision_about_what_was_chosen_comes_before_pages_that_use_it(
    make_base: MakeBase,
) -> None:
    # pages that use msw most (release notes, which any question not about changes puts
    # after, are left out of this test: it shows what the question's frame does)
    notes = "Set up msw and the msw handlers; msw then mocks msw requests in msw tests."
    pages = {
        f"testing/mocks-{n}.md": doc(
            f"Mocks {n}: msw handlers", body=f"{notes}\n", type="reference"
        )
        for n in range(3)
    }
    pages["decisions/adr007.md"] = doc(
        "Use MSW to mock service requests",
        body="## Decision\n\nRequests are mocked with msw in tests.\n",
        type="decision",
    )
    pages["guides/login.md"] = doc(
        "Logging in", body="You should choose the GitHub provider, then pick a team.\n"
    )
    root = make_base(pages)
    reader = Brain.open(root).reader()
    assert reader.query("Why did we choose msw?").hits[0].id == "decisions/adr007.md"
    # asked plainly, the pages saying "msw" most often come first: the question,
    # not the base, prefers the decision
    plain = [card.id for card in reader.searcher.rank("msw", 5)]
    assert plain[0].startswith("testing/") and "decisions/adr007.md" in plain


DATABASES = (
    "## Context\n\nThe recorder ran on any database SQLAlchemy supports, and the recorder"
    " broke on some databases; recorder bugs came from databases we never tested.\n\n"
    "## Decision\n\nSupport a limited set of databases, and limit their versions too.\n\n"
    "Limit support to the following:\n\n- MariaDB 10.3 or later\n- PostgreSQL 12 or later\n"
    "- SQLite 3.40 or later\n\n" + "More words about the plan and its releases. " * 12 + "\n\n"
    "Warn about unsupported databases in the recorder first; the recorder then fails.\n\n"
    "## Consequences\n\nUsers of other databases move.\n"
)


def test_a_record_s_decision_leads_its_answer_from_its_start(make_base: MakeBase) -> None:
    """home-assistant/architecture's ADR 18: "which databases are supported for the
    recorder?" showed its Context, then the line of its Decision naming the recorder,
    never the list of databases decided above it."""
    root = make_base(
        {"adr/0018-databases.md": doc("Supported databases", body=DATABASES, type="decision")}
    )
    result = Brain.open(root).reader().query("Which databases are supported for the recorder?")
    first = result.sections[0]
    assert first.title == "Decision" and "PostgreSQL 12 or later" in first.text
    assert "Context" in [p.title for p in result.sections[1:]]


@pytest.mark.parametrize("heading", ["Option Chosen", "Final Decision", "Selected Outcome"])
def test_a_decision_section_under_another_usual_name_leads_the_answer(
    make_base: MakeBase, heading: str
) -> None:
    """getsentry/rfcs' DACI-style RFCs state their decision under "Option Chosen" (or
    "Final Decision", "Selected Outcome"); their answer showed the options compared."""
    body = DATABASES.replace("## Decision", f"## {heading}")
    root = make_base(
        {"rfcs/0018-databases.md": doc("Supported databases", body=body, type="decision")}
    )
    result = Brain.open(root).reader().query("Which databases are supported for the recorder?")
    first = result.sections[0]
    assert first.title == heading and "PostgreSQL 12 or later" in first.text


def test_a_weak_match_in_force_is_not_put_beside_the_drafts_that_answer(
    make_base: MakeBase,
) -> None:
    """The page in force that barely touches the question ("how do I install Rust on
    Linux?" and the page on ownership) is neither listed, nor read, nor named as the
    best in force: the drafts answer, as when nothing in force matches."""
    root = make_base(
        {
            "install.md": doc(
                "Installation",
                body="Install Rust on Linux with rustup: run the install script.",
                status="draft",
            ),
            "ownership.md": doc("Ownership", body="Each value in Rust has an owner."),
        }
    )
    result = Brain.open(root).reader().query("How do I install Rust on Linux?")
    assert [h.id for h in result.hits] == ["install.md"]
    assert result.unverified and not result.outranked
    assert all(p.doc != "ownership.md" for p in (*result.sections, *result.frontmatters))


def test_a_question_on_status_shows_the_record_s_own(make_base: MakeBase) -> None:
    """ethereum/EIPs imported as drafts: "what is the status of EIP-1559?" showed only
    "[decision/draft]", its own "Final" left out as a state mdbrain's status says."""
    root = make_base(
        {
            "eips/eip-1559.md": doc(
                "Fee market change",
                type="decision",
                status="draft",
                original_status="Final",
                body="A base fee per block, burned. " + "The fee moves with demand. " * 30,
            )
        }
    )
    reader = Brain.open(root).reader()
    asked = reader.query("What is the status of EIP-1559?")
    assert "original_status: Final" in asked.frontmatters[0].text
    other = reader.query("How is the base fee of EIP-1559 burned?")
    assert all("original_status" not in f.text for f in other.frontmatters)


def test_a_page_in_force_far_behind_the_drafts_is_listed_not_read(make_base: MakeBase) -> None:
    """rust-lang/book imported as drafts, then its page on ownership verified: that page
    was read below the answer to every question it touched in passing (integer types,
    lifetimes, cargo), and the output said only the first document was read. Drafts
    scoring twice as much leave it listed, unread; closer, it is read beside them."""
    root = make_base(
        {
            "types.md": doc(
                "Data types",
                body="Integer types default to i32. An integer type without a sign"
                " holds no negative value; the default integer type is fast.\n\n"
                + "Floating-point numbers, booleans and characters are scalars too. "
                * 12,
                status="draft",
            ),
            "ownership.md": doc(
                "Ownership",
                body="Each value has an owner. "
                + "A value of a scalar type such as an integer is copied, not moved. " * 3
                + "The rules of ownership are checked by the compiler. " * 20,
            ),
            **{
                f"misc{n}.md": doc(f"Topic {n}", body=f"Note {n}.", status="draft")
                for n in range(4)
            },
        }
    )
    reader = Brain.open(root).reader()
    asked = reader.query("Which integer type is the default?")
    assert asked.outranked == "ownership.md"
    assert [h.id for h in asked.hits] == ["types.md", "ownership.md"]  # listed
    assert all(p.doc != "ownership.md" for p in (*asked.sections, *asked.frontmatters))
    assert "only the first document was read" in views.query_text(asked)
    near = reader.query("Are integer values copied or moved by the ownership rules?")
    assert near.hits[0].id == "ownership.md"


def test_the_table_of_fields_under_a_record_s_title_is_no_passage(make_base: MakeBase) -> None:
    """nats-io's records keep their fields in a table under the title, which the import
    read into the frontmatter: the title's section, holding that table alone, was shown
    as a passage, and pushed the answer out. A passage that is a heading alone says
    nothing either."""
    table = (
        "| Metadata | Value |\n|---|---|\n| Date | 2022-08-03 |\n| Author | @mh, @ivan |\n"
        "| Status | Implemented |\n| Tags | jetstream |\n| Updates | ADR-8 |\n"
    )
    body = (
        f"# JetStream Direct Get\n\n{table}\n## Context\n\nReads went to the leader.\n\n"
        "## Design\n\nWith Direct Get every peer of the stream answers reads of it.\n"
    )
    imported = doc(
        "JetStream Direct Get", body=body, status="draft", type="decision",
        author='"@mh, @ivan"', original_status="Implemented", date='"2022-08-03"',
    )  # fmt: skip
    written = doc(
        "Kept by hand", body=f"# Kept by hand\n\n{table}\nJetStream notes.", type="reference"
    )
    root = make_base({"adr/adr-31.md": imported, "notes.md": written})
    reader = Brain.open(root).reader()
    asked = reader.query("What is JetStream Direct Get?")
    shown = [p for p in asked.sections if p.doc == "adr/adr-31.md"]
    assert shown and all("| Author" not in p.text for p in shown)
    assert "every peer of the stream answers" in views.query_text(asked)
    # a page whose frontmatter does not hold those fields keeps its table as text
    kept = reader.query("Who is the author of the kept by hand notes?")
    assert any("| Author" in p.text for p in kept.sections if p.doc == "notes.md")


def test_a_retired_record_the_question_names_is_shown(make_base: MakeBase) -> None:
    """kubernetes/enhancements: "Why was KEP-3063 withdrawn?" answered from another KEP,
    3063 itself (withdrawn, archived) left out behind a footnote. A record named by its
    number is what was asked: it is listed, its row saying it is retired."""
    root = make_base(
        {
            "keps/3063-dynamic-allocation/readme.md": doc(
                "Dynamic resource allocation",
                body="Withdrawn: the classic allocation was too complex to finish.",
                type="decision",
                status="archived",
            ),
            "keps/4381-structured-parameters/readme.md": doc(
                "Structured parameters",
                body="Replaces the classic dynamic allocation of KEP-3063, which was withdrawn.",
                type="decision",
            ),
        }
    )
    reader = Brain.open(root).reader()
    asked = reader.query("Why was KEP-3063 withdrawn?")
    assert asked.hits[0].id == "keps/3063-dynamic-allocation/readme.md"
    assert asked.hits[0].status == "archived"
    assert "too complex to finish" in views.query_text(asked)
    # not named, it stays out of a default read
    other = reader.query("Why was the classic dynamic allocation withdrawn?")
    assert all(h.status != "archived" for h in other.hits)


def test_a_field_the_question_names_is_shown_from_the_frontmatter(make_base: MakeBase) -> None:
    """kubernetes/enhancements: "Who are the authors of KEP-3140, and when was it
    created?" listed the KEP, whose frontmatter held both, and showed neither."""
    kep = doc(
        "Cron job time zone",
        body="Time zones for cron jobs, the schedule read in the zone asked.\n\n"
        + "The controller reads the zone from the tz database of the image. " * 12,
        type="decision",
        authors='["@soltysh", "@deejross"]',
        created="2022-01-06",
    )
    root = make_base({"keps/3140-cronjob-timezone/readme.md": kep, "other.md": doc("Other")})
    reader = Brain.open(root).reader()
    shown = views.query_text(reader.query("Who are the authors of KEP-3140?"))
    assert "@soltysh" in shown
    plain = views.query_text(reader.query("What do cron job time zones change?"))
    assert "@soltysh" not in plain  # not asked: left to `show`


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("Was the !! unwrap or die operator accepted?", "the !! unwrap or die operator"),
        ("Did SE-0217 get rejected?", "SE-0217"),
        ("Has the async proposal been approved?", "the async proposal"),
        ("Were trailing commas ever accepted or not?", "trailing commas"),
        ("La proposition 12 a-t-elle été retenue ?", "La proposition 12"),
        ("Est-ce que le cache Redis a été approuvé ?", "le cache Redis"),
        # why a record was turned down (pytorch/rfcs: the archived RFC was left out)
        (
            "Why was the PyTorch conda distribution proposal rejected?",
            "the PyTorch conda distribution proposal rejected",
        ),
        ("Why was the conda RFC rejected and what was proposed instead?", "the conda RFC rejected"),
        ("Why was KEP-3063 withdrawn?", "KEP-3063 withdrawn"),
        (
            "Why was the idea of one cluster per tenant abandoned?",
            "the idea of one cluster per tenant abandoned",
        ),
        # whether a record still holds (modernisation-platform: the superseded ADR 25)
        (
            "Is the ADR about non-standard user infrastructure still in force?",
            "the ADR about non-standard user infrastructure",
        ),
        ("Are the logging rules still valid?", "the logging rules"),
        ("La règle sur les journaux est-elle toujours en vigueur ?", "La règle sur les journaux"),
        ("Est-ce que l'ADR 12 est toujours valable ?", "l'ADR 12"),
    ],
)
def test_a_verdict_question_loses_its_frame(question: str, words: str) -> None:
    assert asking.read(question) == asking.Asking(words, verdict=True)


@pytest.mark.parametrize(
    "question",
    [
        "Is a trailing comma accepted?",  # whether a tool accepts it
        "Was X accepted in Swift 5?",  # a tail asks something else
        "Which formats are accepted by the parser?",
        "Was accepted?",  # nothing left to search with
        "Why are my requests rejected by the proxy?",  # no record turned down
        "Why were the connections refused?",
        "Is the cache still in force when the server restarts it?",  # a tail: no status
        # no record, decision or rule asked of: a token, a key, pages
        "Is the session token still valid?",
        "Is my API key still valid?",
        "Are the docs still current?",
        "Is it still?",  # nothing left to search with once framed
    ],
)
def test_other_questions_about_acceptance_are_kept_whole(question: str) -> None:
    assert asking.read(question) == asking.Asking(question)


def test_whether_a_record_still_holds_is_answered_by_it_even_retired(
    make_base: MakeBase,
) -> None:
    """ministryofjustice/modernisation-platform: "Is the ADR about non-standard user
    infrastructure still in force?" read five pages of its user guide, the superseded
    record only named below them."""
    root = make_base(
        {
            "adr/0025-non-standard-infrastructure.md": doc(
                "25. Non standard user infrastructure",
                type="decision",
                status="archived",
                original_status="Superseded",
                body="## Decision\n\nNon standard infrastructure code is held in the"
                " environments folders.\n",
            ),
            "guide/creating-resources.md": doc(
                "Creating resources",
                type="guide",
                body="## Non standard infrastructure\n\nSome user infrastructure is not"
                " standard: IAM users and VPCs need the platform team.\n\n"
                + "Build your infrastructure with the templates. "
                * 20,
            ),
        }
    )
    answered = (
        Brain.open(root)
        .reader()
        .query("Is the ADR about non-standard user infrastructure still in force?")
    )
    assert answered.hits[0].id == "adr/0025-non-standard-infrastructure.md"
    assert "! archived: no longer in force" in views.query_text(answered)


def test_whether_a_proposal_was_accepted_is_answered_by_its_record_even_archived(
    make_base: MakeBase,
) -> None:
    """swift-evolution: "Was the !! unwrap or die operator accepted?" listed four drafts
    about other things, the rejected proposal only named below them."""
    root = make_base(
        {
            "proposals/0217-bangbang.md": doc(
                "Introducing the unwrap or die operator",
                type="decision",
                status="archived",
                original_status="Rejected",
                body="## Introduction\n\nAn operator that unwraps an optional or stops with "
                "a message.\n\n## Motivation\n\n" + "Force unwrapping says nothing. " * 40,
            ),
            "proposals/0544-deinit.md": doc(
                "Mutation in deinit",
                type="decision",
                status="stable",
                body="## Introduction\n\nA deinit may consume the value; the operator "
                "form is unchanged.\n\n" + "Owned resources are cleaned up. " * 10,
            ),
        }
    )
    reader = Brain.open(root).reader()
    answered = reader.query("Was the unwrap or die operator accepted?")
    assert answered.hits[0].id == "proposals/0217-bangbang.md"
    assert "original_status: Rejected" in views.query_text(answered)
    plain = reader.query("the unwrap or die operator")  # no verdict asked: in force first
    assert all(hit.id != "proposals/0217-bangbang.md" for hit in plain.hits)


MADR = """## Context and Problem Statement

MADR offers the fields Status, Decision Makers and Date. Should this metadata be included
in the record, or kept apart?

## Considered Options

* Use YAML front matter
* Use plain Markdown everywhere

## Decision Outcome

Chosen option: "Use YAML front matter", because comes out best (see below).

## Pros and Cons of the Options

### Use YAML front matter

Example:

```markdown
---
status: accepted
---
```

Rendered output shows a table.

* Good, because it shortens the body
* Good, because tools can handle it more easily
* Bad, because rendering is not standardized

### Use plain Markdown everywhere

* Good, because all parsers can handle it
* Bad, because metadata is handled the same way as the content
"""


def test_why_a_madr_record_chose_an_option_shows_that_options_reasons(
    make_base: MakeBase,
) -> None:
    """adr/madr's 0013: "Why does MADR use YAML front matter for metadata?" showed its
    outcome ("because comes out best (see below)"), its context and its options, and not
    the pros of the option chosen, which are the reasons."""
    root = make_base(
        {
            "decisions/0013-yaml-front-matter.md": doc(
                "Use YAML front matter for metadata", body=MADR, type="decision"
            )
        }
    )
    reader = Brain.open(root).reader()
    answer = reader.query("Why does MADR use YAML front matter for metadata?")
    text = "\n".join(p.text for p in answer.sections)
    assert "Good, because tools can handle it more easily" in text
    assert "all parsers can handle it" not in text  # the option not chosen
    # a question that asks no reason reads the record as before
    other = reader.query("What metadata does MADR keep in YAML front matter?")
    assert "Good, because tools" not in "\n".join(p.text for p in other.sections)


ERRORS = """\
## Proposal

Carbon errors are values: a function that can fail returns a `Result` holding either
the value or an error, and the caller handles errors explicitly.

## Alternatives considered

### Decouple errors from return values

Carbon could handle errors through a separate channel decoupled from return values,
like exceptions, and handle errors there.

### Implicit error propagation

Errors could propagate implicitly up the call stack, so Carbon would handle errors
without any syntax at all.
"""


def test_a_rejected_alternative_comes_after_the_decision_and_says_what_it_is(
    make_base: MakeBase,
) -> None:
    """carbon-lang: "how does Carbon handle errors" was answered from two options its
    proposal turned down, each shown under its own heading alone, as if chosen."""
    root = make_base({"p0301.md": doc("Errors are values", body=ERRORS, type="decision")})
    reader = Brain.open(root).reader()
    shown = reader.query("how does Carbon handle errors").sections
    assert shown[0].title == "Proposal"
    assert len(shown) > 1
    assert all(p.title.startswith("Alternatives considered > ") for p in shown[1:])
    # asked for, they lead, under their own heading
    asked = reader.query("what alternatives to error values were considered?").sections
    assert asked[0].title == "Alternatives considered"
    assert "Implicit error propagation" in asked[0].text
    assert asking.sets_aside("rejected ideas") and asking.sets_aside("alternatives considered")
    assert not asking.sets_aside("rationale and alternatives")
    assert not asking.sets_aside("considered options")  # MADR's, the chosen one among them
