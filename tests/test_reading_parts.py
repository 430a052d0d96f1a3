"""'What are the downsides of X?': the part of a record a question asks for leads its
answer (alphagov/gsp's ADR024: "what do we lose by sharing one cluster?" showed the
Decision and the Context, never the two lines of its Consequences, which say neither
"lose" nor "downside")."""

from __future__ import annotations

import pytest

from mdbrain.core import asking
from mdbrain.service.brain import Brain
from tests.conftest import MakeBase, doc


@pytest.mark.parametrize(
    ("question", "part"),
    [
        ("What do we lose by sharing one cluster per programme?", asking.CONSEQUENCES),
        ("What are the downsides of soft multi-tenancy?", asking.CONSEQUENCES),
        ("Any drawbacks or trade-offs to the Global Accelerator?", asking.CONSEQUENCES),
        ("Quels sont les inconvénients du flux WMS ?", asking.CONSEQUENCES),
        ("Which alternatives were considered for the service mesh?", asking.ALTERNATIVES),
        ("What other options did we look at for CI?", asking.ALTERNATIVES),
        ("Quelles autres options pour le stockage ?", asking.ALTERNATIVES),
        ("What are the known issues with the ARM build?", asking.LIMITATIONS),
        ("Quelles sont les limites du calcul d'itinéraire ?", asking.LIMITATIONS),
    ],
)
def test_a_question_asking_for_a_part_of_a_record_is_read(question: str, part: str) -> None:
    assert asking.part_asked(question) == part


@pytest.mark.parametrize(
    "question",
    [
        "What is the rate limit of the API?",  # a limit is no limitation
        "How do I fix error C2065?",
        "Which options does the linker take?",  # options, none said to be weighed
        "Why did we choose Kafka?",
        "x" * (asking.QUESTION_MOST + 1) + " downsides",
    ],
)
def test_other_questions_ask_for_no_part(question: str) -> None:
    assert asking.part_asked(question) is None


@pytest.mark.parametrize(
    ("heading", "part", "names"),
    [
        ("consequences", asking.CONSEQUENCES, True),
        ("negative consequences", asking.CONSEQUENCES, True),
        ("risks and mitigations", asking.CONSEQUENCES, True),
        ("trade-offs", asking.CONSEQUENCES, True),
        ("context", asking.CONSEQUENCES, False),
        ("decision", asking.CONSEQUENCES, False),
        ("rationale and alternatives", asking.ALTERNATIVES, True),
        ("considered options", asking.ALTERNATIVES, True),
        ("options", asking.ALTERNATIVES, False),
        ("known issues", asking.LIMITATIONS, True),
        ("limitations", asking.LIMITATIONS, True),
        ("limits of the api", asking.LIMITATIONS, False),
    ],
)
def test_the_headings_that_name_a_part(heading: str, part: str, names: bool) -> None:
    assert asking.names_part(heading, part) is names


TENANCY = (
    "## Status\n\nAccepted\n\n"
    "## Context\n\nOne programme has many service teams, and each service team has"
    " many environments. Sharing a cluster within a programme lowers hosting costs.\n\n"
    "## Decision\n\nEach programme shares a single cluster with the service teams of that"
    " programme.\n\n" + "It keeps billing apart per programme account. " * 10 + "\n\n"
    "## Alternatives\n\nOne cluster per team and environment, dropped as too costly.\n\n"
    "## Consequences\n\n* Less efficient than one big cluster\n"
    "* Less isolated than a cluster per team\n"
)


@pytest.mark.parametrize(
    ("question", "heading", "answer"),
    [
        (
            "What do we lose when each programme shares one cluster?",
            "Consequences",
            "Less efficient than one big cluster",
        ),
        (
            "What alternatives to a shared programme cluster were there?",
            "Alternatives",
            "One cluster per team and environment",
        ),
    ],
)
def test_the_section_a_question_asks_for_leads_the_answer(
    make_base: MakeBase, question: str, heading: str, answer: str
) -> None:
    root = make_base(
        {
            "adr/024-soft-tenancy.md": doc("Soft multi-tenancy", body=TENANCY, type="decision"),
            "guides/clusters.md": doc(
                "Cluster guide", body="How to create a namespace in the programme cluster.\n"
            ),
        }
    )
    reader = Brain.open(root).reader()
    result = reader.query(question)
    assert result.hits[0].id == "adr/024-soft-tenancy.md"
    first = result.sections[0]
    assert first.title == heading and answer in first.text
    # the decision still follows it
    assert "Decision" in [p.title for p in result.sections[1:]]
    # under a budget that leaves room for one section, the one kept is the part asked
    tight = reader.query(question, budget=result.tokens["total"] - 20)
    assert tight.sections and tight.sections[0].title == heading
    assert answer in tight.sections[0].text
    # asked without the part, the record opens on what matches, then its decision
    plain = reader.query("Does each programme share one cluster?")
    assert [p.title for p in plain.sections] == ["Context", "Decision"]


def test_a_page_without_the_part_asked_is_read_as_before(make_base: MakeBase) -> None:
    """No section names the consequences: the lines that match are shown, as for any
    question."""
    body = TENANCY.split("## Alternatives", 1)[0]
    root = make_base({"adr/024.md": doc("Soft multi-tenancy", body=body, type="decision")})
    reader = Brain.open(root).reader()
    asked = reader.query("What are the downsides of a shared programme cluster?")
    plain = reader.query("What of a shared programme cluster?")
    assert [p.title for p in asked.sections] == [p.title for p in plain.sections]


def test_a_part_whose_text_is_in_its_subsections_is_shown_with_them(make_base: MakeBase) -> None:
    """emberjs/rfcs' tracked properties RFC: its Alternatives hold one subsection each and
    no text of their own; the answer and `show --section Alternatives` printed the
    heading alone."""
    body = (
        "## Motivation\n\nTracked properties make state changes visible to templates.\n\n"
        "## Alternatives\n\n### Computed properties\n\nKeep computed properties and their"
        " dependent keys.\n\n### Observables\n\nWrap state in observables.\n\n"
        "## Drawbacks\n\nTracked properties are new to learn.\n"
    )
    root = make_base({"rfcs/0410-tracked.md": doc("Tracked properties", body=body)})
    reader = Brain.open(root).reader()
    result = reader.query("Which alternatives to tracked properties were considered?")
    first = result.sections[0]
    assert first.title == "Alternatives" and "Keep computed properties" in first.text
    shown = reader.show("rfcs/0410-tracked.md", section="Alternatives").passages[-1]
    assert "Keep computed properties" in shown.text and "Wrap state" in shown.text
    assert "Tracked properties are new" not in shown.text  # not the next section
