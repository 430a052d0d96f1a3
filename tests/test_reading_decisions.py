"""'Why did we choose X?': the frame is no search word, and a decision about X comes before
a page that only uses it (backstage/backstage: "Why did we choose msw?" put two release
notes first and the record "Use MSW to mock service requests" 13th)."""

from __future__ import annotations

import pytest

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
