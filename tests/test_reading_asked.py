"""Reads that do what was asked, and say what they left out: an asked limit, the best
passage under a tight budget, the neighbours a walk hid, a section named by its words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mdbrain.adapters import views
from mdbrain.adapters.cli import cli
from mdbrain.core import tokens
from mdbrain.core.errors import UsageError
from mdbrain.service import reading
from mdbrain.service.brain import Brain
from mdbrain.service.reading import Filters
from tests.conftest import MakeBase, doc

QUESTION = "how is the eviction threshold tuned"
FILLER = "\n".join(f"Step {i}: the cache setup goes on as before." for i in range(40))


def _cache_page() -> str:
    """A long page that answers QUESTION, far ahead of every other page."""
    return doc(
        "Cache eviction",
        summary='"How the cache evicts pages."',
        body=(
            f"## Setup\n\n{FILLER}\n\n"
            "## Eviction threshold\n\nThe eviction threshold is tuned with the ratio of"
            " free pages: eviction starts when fewer than a tenth of the pages are free,"
            " and the threshold is tuned per pool.\n"
        ),
    )


def _pages(count: int) -> dict[str, str | bytes]:
    pages: dict[str, str | bytes] = {"cache.md": _cache_page()}
    for i in range(count):
        pages[f"other-{i}.md"] = doc(
            f"Other page {i}",
            summary=f'"Page {i} of notes."',
            body=f"Note {i} mentions eviction once, among other things about pools {i}.",
        )
    return pages


def _cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


# --- an asked limit --------------------------------------------------------------------


def test_an_asked_limit_lists_that_many_candidates(make_base: MakeBase) -> None:
    root = make_base(_pages(6))
    with Brain.open(root) as brain:
        default = brain.query(QUESTION)
        asked = brain.query(QUESTION, limit=6)
    assert len(default.hits) < 6  # far behind the best: not listed unless asked
    assert len(asked.hits) == 6 and asked.hits[0].id == "cache.md"
    assert asked.unlisted == 0
    top = (root / "cache.md").read_text(encoding="utf-8")
    assert asked.tokens["total"] <= tokens.estimate(top)
    code, out = _cli("-C", str(root.parent), "query", QUESTION, "--limit", "6", "--json")
    assert code == 0 and len(json.loads(out)["hits"]) == 6
    code, out = _cli("-C", str(root.parent), "query", QUESTION, "--json")
    assert code == 0 and len(json.loads(out)["hits"]) == len(default.hits)


def test_an_asked_limit_yields_to_the_cost_of_the_top_document_and_says_so(
    make_base: MakeBase,
) -> None:
    pages = _pages(12)
    pages["cache.md"] = doc(
        "Cache eviction", summary='"How the cache evicts pages."',
        body="The eviction threshold is tuned with the ratio of free pages.",
    )  # fmt: skip
    root = make_base(pages)
    with Brain.open(root) as brain:
        result = brain.query(QUESTION, limit=12)
    top = (root / "cache.md").read_text(encoding="utf-8")
    assert result.tokens["total"] <= tokens.estimate(top)
    assert result.unlisted > 0 and len(result.hits) + result.unlisted == 12
    text = views.query_text(result)
    assert f"{result.unlisted} more candidates left out" in text
    assert "--limit 12" in text


# --- a tight budget --------------------------------------------------------------------


def test_a_tight_budget_keeps_the_best_passage_before_more_rows(make_base: MakeBase) -> None:
    pages = _pages(0)
    for i in range(4):  # close behind the best page: listed by default
        pages[f"notes-{i}.md"] = doc(
            f"Eviction threshold notes {i}",
            summary=f'"Notes {i} on how the eviction threshold is tuned."',
            body=f"The eviction threshold of pool {i} is tuned by hand.\n\n{FILLER}",
        )
    root = make_base(pages)
    with Brain.open(root) as brain:
        free = brain.query(QUESTION)
        top = free.hits[0].id
        best = next(p for p in free.sections if p.doc == top)
        top_row = tokens.estimate(brain.reader().row(free.hits[0]))
        rows = sum(tokens.estimate(brain.reader().row(hit)) for hit in free.hits)
        budget = top_row + reading.passage_cost(best)  # the passage and the line naming it
        assert len(free.hits) > 1  # the other rows alone would crowd the passage out
        capped = brain.query(QUESTION, budget=budget)
    assert budget < rows + tokens.estimate(best.text)
    assert capped.over_budget and capped.tokens["total"] <= budget
    assert [p.text for p in capped.sections] == [best.text]
    assert [h.id for h in capped.hits] == [top]
    assert best.text.splitlines()[-1] in views.query_text(capped)


def test_a_budget_below_the_top_row_says_nothing_fits(make_base: MakeBase) -> None:
    root = make_base(_pages(2))
    with Brain.open(root) as brain:
        result = brain.query(QUESTION, budget=3)
    assert result.over_budget and result.tokens["total"] == 0 and not result.hits
    assert "raise it" in views.query_text(result)


# --- neighbours left out ---------------------------------------------------------------


def _linked(make_base: MakeBase) -> Path:
    return make_base(
        {
            "hub.md": doc(
                "Hub",
                body="See [a](draft-a.md), [b](draft-b.md), [old](old.md) and [kept](kept.md).",
            ),
            "draft-a.md": doc("Draft A", status="draft"),
            "draft-b.md": doc("Draft B", status="draft"),
            "old.md": doc("Old", status="deprecated"),
            "kept.md": doc("Kept"),
        }
    )


def test_neighbours_say_how_many_they_left_out_and_how_to_see_them(make_base: MakeBase) -> None:
    root = _linked(make_base)
    with Brain.open(root) as brain:
        shown = brain.neighbours("hub.md")
        drafts = brain.neighbours("hub.md", filters=Filters(include_drafts=True))
        every = brain.neighbours("hub.md", filters=Filters(everything=True))
    assert [n.id for n in shown.neighbours] == ["kept.md"]
    assert (shown.hidden_drafts, shown.hidden_retired) == (2, 1)
    assert (drafts.hidden_drafts, drafts.hidden_retired) == (0, 1)
    assert (every.hidden_drafts, every.hidden_retired) == (0, 0)
    text = views.neighbours_text(shown)
    assert "(2 drafts left out; --include-drafts or --all to see them)" in text
    assert "(1 deprecated or archived document left out; --all to see it)" in text
    code, out = _cli("-C", str(root.parent), "neighbors", "hub.md", "--json")
    data = json.loads(out)
    assert code == 0 and data["hidden_drafts"] == 2 and data["hidden_retired"] == 1
    assert any("--include-drafts" in said for said in data["left_out"])


def test_a_record_whose_successor_is_a_draft_does_not_say_it_has_no_neighbour(
    make_base: MakeBase,
) -> None:
    root = make_base(
        {
            "old.md": doc("Old", status="deprecated", superseded_by="[new.md]"),
            "new.md": doc("New", status="draft", supersedes="[old.md]"),
        }
    )
    with Brain.open(root) as brain:
        result = brain.neighbours("old.md")
    text = views.neighbours_text(result)
    # nothing in force around it: its drafts are shown, marked, as query shows them
    assert result.unverified and [n.id for n in result.neighbours] == ["new.md"]
    assert result.hidden_drafts == 0
    assert "(no neighbours)" not in text and "no neighbour in force; these drafts are" in text
    assert "superseded_by: new.md [draft]" in text


@pytest.mark.anyio
async def test_the_mcp_neighbors_tool_names_its_own_parameter(make_base: MakeBase) -> None:
    pytest.importorskip("mcp")
    from mcp import Client

    from mdbrain.adapters import mcp_server

    root = _linked(make_base)
    server = mcp_server.build(lambda: mcp_server.open_bases([root.parent]))
    async with Client(server) as client:
        result: Any = await client.call_tool("neighbors", {"doc": "hub.md"})
        asked: Any = await client.call_tool("query", {"question": QUESTION, "limit": 2})
    text = "".join(getattr(item, "text", "") for item in result.content)
    assert "2 drafts left out; everything=true to see them" in text
    assert "--" not in text
    assert result.structured_content["hidden_drafts"] == 2
    assert not asked.is_error


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


# --- a section named by its words ------------------------------------------------------


def _sections_page(make_base: MakeBase) -> Path:
    return make_base(
        {
            "fields.md": doc(
                "Fields",
                body=(
                    "## Setup notes\n\nNotes first.\n\n## Setup\n\nThe setup itself.\n\n"
                    "## The `computed_field` decorator\n\nComputes a field.\n\n"
                    "## Deprecated fields via a flag\n\nOne way.\n\n"
                    "## Fields deprecated via a decorator\n\nAnother way.\n"
                ),
            )
        }
    )


def test_a_section_is_found_by_its_words_when_no_title_matches(make_base: MakeBase) -> None:
    root = _sections_page(make_base)
    with Brain.open(root) as brain:
        found = brain.show("fields.md", section="computed_field").passages[-1]
        spaced = brain.show("fields.md", section="Computed field").passages[-1]
    assert found.title == "The `computed_field` decorator" and "Computes" in found.text
    assert spaced.title == found.title
    code, out = _cli("-C", str(root.parent), "show", "fields.md", "--section", "computed_field")
    assert code == 0 and "Computes a field." in out


def test_an_exact_title_comes_before_a_longer_one(make_base: MakeBase) -> None:
    root = _sections_page(make_base)
    with Brain.open(root) as brain:
        assert brain.show("fields.md", section="setup").passages[-1].text.endswith("itself.")
        assert brain.show("fields.md", section="setup n").passages[-1].text.endswith("first.")


def test_words_held_by_several_titles_are_refused_with_the_candidates(
    make_base: MakeBase,
) -> None:
    root = _sections_page(make_base)
    with Brain.open(root) as brain, pytest.raises(UsageError) as refused:
        brain.show("fields.md", section="deprecated via")
    message = str(refused.value)
    assert "'Deprecated fields via a flag' (line" in message
    assert "'Fields deprecated via a decorator' (line" in message


_NOTICES = ("(", "stopped early", "tokens read", "some parts", "Nothing in force")


def _handed_over(printed: str) -> str:
    """What a query prints less the notices that close it."""
    kept = [line for line in printed.split("\n") if not line.startswith(_NOTICES)]
    return "\n".join(line for line in kept if "more candidate" not in line)


@pytest.mark.parametrize("budget", [None, 60, 90, 140])
def test_the_tokens_a_query_counts_are_the_tokens_it_prints(
    make_base: MakeBase, budget: int | None
) -> None:
    """The lines naming each passage and the command that shows a cut section whole
    are read with it: counted with it, and held to the budget (found on astral-sh/uv:
    --budget 100 printed 152 tokens, 'tokens read' said 73)."""
    root = make_base(_pages(4))
    with Brain.open(root) as brain:
        result = brain.query(QUESTION, budget=budget)
    printed = views.query_text(result)
    shown = _handed_over(printed)
    blocks = len(result.hits) + len(result.frontmatters) + len(result.sections)
    # each block's estimate rounds once; the rank before each row is a token more
    assert abs(tokens.estimate(shown) - result.tokens["total"]) <= 2 * blocks + 1
    if budget is not None:
        assert result.tokens["total"] <= budget
        assert tokens.estimate(shown) <= budget + 2 * blocks + 1


# --- a larger budget ------------------------------------------------------------------


def test_a_larger_budget_shows_more_of_the_best_section(make_base: MakeBase) -> None:
    """backstage/backstage: "Which Node.js versions are supported?" showed the top of the
    versioning policy's Node.js section; the answer was ten lines below, and --budget 3000
    did not bring it in."""
    steps = "\n\n".join(
        f"Step {n} of the Node.js release policy: a long-term support release is tracked."
        for n in range(14)
    )
    body = f"## Node.js releases\n\n{steps}\n\nSo the project supports Node.js 20 and 22 now.\n"
    root = make_base({"policy.md": doc("Versioning policy", body=body), "other.md": doc("Other")})
    with Brain.open(root) as brain:
        default = brain.query("Which Node.js releases are supported?")
        larger = brain.query("Which Node.js releases are supported?", budget=3000)
    shown = "\n".join(p.text for p in default.sections)
    assert "Node.js 20 and 22" not in shown and any(p.cut for p in default.sections)
    assert "Node.js 20 and 22" in "\n".join(p.text for p in larger.sections)
    assert larger.tokens["total"] <= 3000 and not larger.over_budget


def test_a_section_matched_by_its_address_alone_shows_the_paragraph_it_cites(
    make_base: MakeBase,
) -> None:
    """backstage's ADR007 was shown for "Why did we choose msw?" by its line
    "https://github.com/mswjs/msw" alone."""
    filler = "".join(
        f"Tests of kind {n} have their own way of faking a server.\n" for n in range(30)
    )
    body = (
        f"## Context\n\n{filler}\n"
        "The community favours this library for all of them,\n"
        + "".join(f"as line {n} of the reasons says,\n" for n in range(12))
        + "and the testing library suggests it.\n\nhttps://github.com/mswjs/msw\n"
    )
    root = make_base({"adr/adr007.md": doc("Mock requests in tests", body=body)})
    passage = Brain.open(root).reader().query("msw").sections[0]
    assert "The community favours this library" in passage.text


def test_a_sentence_holding_the_names_asked_is_shown_before_code_holding_them(
    make_base: MakeBase,
) -> None:
    """fastapi's CORS page: the middleware's call, in code, held allow_origins and
    allow_credentials as the sentence that answers did, and was shown instead."""
    code = "".join(f"    setting_{n}=True,\n" for n in range(12))
    body = (
        "## Use the middleware\n\n```python\napp.add_middleware(\n    CORSMiddleware,\n"
        f"    allow_origins=origins,\n    allow_credentials=True,\n{code})\n```\n\n"
        + "".join(f"* `setting_{n}` - what setting {n} does.\n" for n in range(12))
        + "\n    None of `allow_origins` can be `['*']` if `allow_credentials` is `True`.\n"
    )
    root = make_base({"tutorial/cors.md": doc("CORS", body=body)})
    answer = Brain.open(root).reader().query("can allow_credentials be True")
    assert "None of `allow_origins` can be" in answer.sections[0].text


def test_among_lines_holding_as_much_the_one_holding_the_rows_words_too_is_shown(
    make_base: MakeBase,
) -> None:
    """uv's configuration page, titled and summed up with nearly every word of "where is
    the user-level uv.toml configuration file", showed the first line naming uv.toml."""
    filler = "".join(f"Setting {n} is read from the file too.\n" for n in range(30))
    body = (
        "uv reads persistent settings at startup.\n\n"
        "Specifically, uv looks for a `uv.toml` file in the current directory.\n\n"
        f"{filler}\n"
        "uv also reads a user-level configuration in `~/.config/uv/uv.toml` on Linux.\n"
    )
    root = make_base(
        {
            "configuration-files.md": doc(
                "Configuration files",
                body=body,
                summary='"uv supports configuration files at the project and user level."',
            )
        }
    )
    answer = Brain.open(root).reader().query("where is the user-level uv.toml configuration file")
    assert "~/.config/uv/uv.toml" in answer.sections[0].text


def test_of_copies_in_folders_named_for_versions_the_newest_or_the_one_asked_is_shown(
    make_base: MakeBase,
) -> None:
    """expressjs/expressjs.com keeps its API reference once per major version: the 4.x
    page answered, the 5.x one folded into its row."""
    body = "res.cookie sets a cookie; its options are domain, path and secure.\n"
    old = body + "The options res.cookie takes: each of its options, as options go.\n" * 3
    pages = {
        "4x/res-cookie.md": doc("res.cookie", body=old),
        "5x/res-cookie.md": doc("res.cookie", body=body),
    }
    root = make_base(pages)
    reader = Brain.open(root).reader()
    plain = reader.query("which options does res.cookie take")
    assert plain.hits[0].id == "5x/res-cookie.md"
    assert plain.hits[0].copies == ("4x/res-cookie.md",)
    asked = reader.query("which options does res.cookie take in Express 4")
    assert asked.hits[0].id == "4x/res-cookie.md"
    assert asked.hits[0].copies == ("5x/res-cookie.md",)
