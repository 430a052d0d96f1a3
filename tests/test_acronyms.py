"""Acronyms and the words they stand for, read both ways in the lines a query shows."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mdbrain.core import acronyms
from mdbrain.core.text import Analyzer
from mdbrain.service.brain import Brain
from tests.conftest import MakeBase, doc

ENGLISH = Analyzer("en")


def test_a_run_of_words_spells_its_initials_and_an_acronym_among_them_its_letters() -> None:
    found = acronyms.spelled("the ingress network load balancer", ENGLISH.stop)
    assert found["NLB"] == "network load balancer"
    assert found["INLB"] == "ingress network load balancer"
    assert "LB" not in found  # two letters: too many pairs of words spell them
    assert acronyms.spelled("put Elastic IPs there", ENGLISH.stop)["EIP"] == "Elastic IPs"
    assert "PGO" in acronyms.spelled("Profile-Guided Optimization", ENGLISH.stop)


def test_punctuation_and_stop_words_end_a_run() -> None:
    # the acronym written before its words in parentheses is not spelled across them
    found = acronyms.spelled("NLB (Network Load Balancer)", ENGLISH.stop)
    assert set(found) == {"NLB"}
    assert found["NLB"] == "Network Load Balancer"
    assert "BOD" not in acronyms.spelled("bring of device", ENGLISH.stop)  # "of" cuts it
    assert acronyms.spelled("load, balance, now", ENGLISH.stop) == {}


def test_acronyms_written_in_capitals_lose_a_plurals_s() -> None:
    assert acronyms.written("attach EIPs to an existing NLB, and the DNS's records") == {
        "EIP",
        "NLB",
        "DNS",
    }
    assert acronyms.written("an IP, a Nlb, nlb, NLB-based, C4996 or SIGKILLED") == set()


def test_a_line_holds_the_words_of_the_acronym_it_writes_and_back() -> None:
    question = "Why not just put Elastic IPs on the ingress network load balancer?"
    asked = acronyms.asked(question, ENGLISH.terms, ENGLISH.stop)
    held = asked.held("It is not possible to attach EIPs to an existing NLB.")
    assert held == set(ENGLISH.terms("elastic IPs network load balancer"))
    assert asked.held("An unrelated line about the weather.") == set()
    back = acronyms.asked("What does PGO need?", ENGLISH.terms, ENGLISH.stop)
    assert back.held("It needs a profile-guided optimization run first.") == {"pgo"}
    assert back.held("It needs a profile run.") == set()


@given(st.text(max_size=200))
def test_any_text_is_read_without_error(written: str) -> None:
    asked = acronyms.asked(written, ENGLISH.terms, ENGLISH.stop)
    assert asked.held(written) <= set(ENGLISH.terms(written))


def test_a_query_shows_the_line_naming_what_was_asked_by_its_acronym(
    make_base: MakeBase,
) -> None:
    """alphagov's ADR 42 was asked "why not put Elastic IPs on the ingress network load
    balancer?": the passage shown spoke of the balancer, not the line that answers,
    "It is not possible to attach EIPs to an existing NLB"."""
    filler = "\n\n".join(f"Step {n}: the cluster keeps running as before." for n in range(30))
    body = (
        "## Context\n\nEach namespace has its own ingress network load balancer that\n"
        "directs traffic to the namespace's gateway.\n\n"
        f"{filler}\n\n"
        "It is not possible to attach EIPs to an existing NLB without recreating it.\n\n"
        f"{filler}\n"
    )
    root = make_base({"ingress.md": doc("Static ingress addresses", body=body)})
    question = "Why not put Elastic IPs on the ingress network load balancer we have?"
    with Brain.open(root) as brain:
        result = brain.reader().query(question)
    shown = "\n".join(p.text for p in result.sections)
    assert "attach EIPs to an existing NLB" in shown
