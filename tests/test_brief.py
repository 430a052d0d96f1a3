"""Briefs on a tag of drafts: what they count as in force and as drafts, at any limit."""

from __future__ import annotations

import json

from click.testing import CliRunner

from mdbrain.adapters import views
from mdbrain.adapters.cli import cli
from mdbrain.service.brain import Brain
from tests.conftest import MakeBase, doc


def _drafts_and_decisions(make_base: MakeBase) -> Brain:
    """A base as fastapi/fastapi's docs imported as drafts: eight drafts tagged tutorial,
    and two decisions in force not tagged so, which search finds for the word."""
    pages = {
        f"learn/step-{n}.md": doc(
            f"Tutorial step {n}", tags="[tutorial]", status="draft", body=f"Step {n} of it."
        )
        for n in range(8)
    }
    pages["decisions/hash-passwords.md"] = doc(
        "Hash passwords with Argon2",
        type="decision",
        sources="[x]",
        tags="[security]",
        body="Passwords are hashed with Argon2, as the security tutorial recommends.",
    )
    pages["decisions/one-database.md"] = doc(
        "One database",
        type="decision",
        sources="[x]",
        tags="[storage]",
        body="One PostgreSQL database, as the tutorial on databases shows.",
    )
    return Brain.open(make_base(pages))


def test_a_brief_counts_its_drafts_apart_from_those_in_force_at_any_limit(
    make_base: MakeBase,
) -> None:
    """fastapi/fastapi's docs imported as drafts, one decision in force: `brief tutorial`
    counted the drafts its limit left out as in force, 105 documents at --limit 5, 90
    by default and 1 at --limit 200, and said "104 more documents in force not listed"
    of 104 drafts."""
    with _drafts_and_decisions(make_base) as brain:
        briefs = {limit: brain.brief("tutorial", limit=limit) for limit in (1, 3, 50)}
    assert [(b.more, b.more_drafts) for b in briefs.values()] == [(9, 8), (7, 7), (0, 0)]
    said = {limit: views.brief_text(brief) for limit, brief in briefs.items()}
    for text in said.values():
        assert text.startswith(
            "In force on 'tutorial': 2 documents, and 8 drafts tagged with it, not yet reviewed."
        ), text
    assert (
        "1 more document in force and 8 more drafts tagged with it not listed;"
        " a higher limit lists them"
    ) in said[1]
    assert "7 more drafts tagged with it not listed; a higher limit lists them" in said[3]
    assert "in force not listed" not in said[3]
    assert "not listed" not in said[50]


def test_a_brief_in_json_says_how_many_of_those_left_out_are_drafts(
    make_base: MakeBase,
) -> None:
    """The count a brief's text prints is in its JSON too, for an agent to read (the MCP
    server's brief tool returns the same result)."""
    with _drafts_and_decisions(make_base) as brain:
        project = brain.session.project
    out = CliRunner().invoke(
        cli, ["-C", str(project), "brief", "tutorial", "--limit", "3", "--json"]
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert (data["more"], data["more_drafts"]) == (7, 7)
