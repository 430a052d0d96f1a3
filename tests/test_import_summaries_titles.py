"""Imported pages' summaries never stop on a colon that announces what follows, nor are
an aside in parentheses when a sentence follows; a first heading that only names a
section ("# Summary", "# Unresolved questions") is no title."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdbrain.core import conversion, summary
from tests.conftest import MakeBase
from tests.test_import import meta, run_import
from tests.test_import_meaning import pages

CODE = "```rust\nfn f() {}\n```\n"


@pytest.mark.parametrize(
    ("body", "wanted"),
    [
        (  # code follows: the sentences before the announcing one
            "Allow attributes on parameters. For example, consider this API:\n\n" + CODE,
            "Allow attributes on parameters.",
        ),
        (  # one sentence, then code: the next paragraph that stands alone
            "This RFC adds the following methods to atomic types:\n\n"
            + CODE
            + "\nIt also fixes the layout of atomic types.\n",
            "It also fixes the layout of atomic types.",
        ),
        (  # a list right under a short line: its items
            "We unreserve:\n+ `pure`\n+ `sizeof`\n\n## Motivation\n",
            "We unreserve: pure; sizeof",
        ),
        (  # a list whose items are paragraphs of their own
            "The team decided because:\n\n- it is atomic\n\n- it is cheaper\n",
            "The team decided because: it is atomic; it is cheaper",
        ),
        (  # a table: its rows
            "The networks get these ranges:\n\n|Name|Range|\n|---|---|\n"
            "|Staging|10.12.0.0/16|\n|Production|10.13.0.0/16|\n",
            "The networks get these ranges: Staging: 10.12.0.0/16; Production: 10.13.0.0/16",
        ),
        (  # a line of links
            "Records are published to our knowledge base:\n\n🔗 **<https://example.org/adr/>**\n\n"
            "Please use this link.\n",
            "Records are published to our knowledge base: 🔗 https://example.org/adr/",
        ),
        (  # a quote is someone else's words: the page's next own paragraph
            "The policy currently states:\n\n> Owners are contacted first.\n\n"
            "We would like to remove that sentence from the policy.\n",
            "We would like to remove that sentence from the policy.",
        ),
        (  # a definition the page gives in a quote: what the record decides
            "A supported installation method in the Home Assistant context means:\n\n"
            "> A way of installing Home Assistant that its developers test and document.\n\n"
            "The team will not prevent other methods.\n",
            "A supported installation method in the Home Assistant context means: A way of"
            " installing Home Assistant that its developers test and document.",
        ),
        (  # what another text "states" is not the page's own word, nor its line alone
            "We put no limit on the databases of the recorder, and the documentation"
            " states:\n\n> Any database SQLAlchemy supports works.\n\n"
            "We now limit the recorder to three engines.\n",
            "We now limit the recorder to three engines.",
        ),
        (  # a line announcing a list, after code: the code is not what it completes
            "The layout will now be:\n\n"
            + CODE
            + "\nWhere:\n\n* `env` is the account\n\nFiles are read in this order:\n\n"
            "* `common.tfvars`\n* `stack.tfvars`\n",
            "Files are read in this order: common.tfvars; stack.tfvars",
        ),
        (  # a sentence that stops mid-way above a list goes on into it
            "This RFC proposes to\n\n1. Expand the rules for elision, and\n"
            "2. Follow the same rules in impl headers.\n\nBy doing so, we write less.\n",
            "This RFC proposes to expand the rules for elision, and follow the same rules"
            " in impl headers.",
        ),
        (  # an aside in parentheses, then the sentence
            "(This is a result of discussion of [issue #961](https://x.org/961).)\n\n"
            "Let a loop expression return a value.\n",
            "Let a loop expression return a value.",
        ),
        (  # an aside cut by code: neither its start nor its end
            "* Change the placement syntax.\n* Overload `box`.\n\n"
            "(Note that `<block>` here denotes a block; i.e.:\n"
            + CODE
            + "This is the same sense as in the reference manual.)\n",
            "Change the placement syntax. Overload box.",
        ),
        (  # code a site includes from a file ({* ... *}, {!> ... !}) is code, no words
            "The simplest file could look like this:\n\n"
            "{* ../../docs_src/first_steps/tutorial001_py310.py hl[3] *}\n\n"
            "Copy that to a file main.py.\n",
            "Copy that to a file main.py.",
        ),
        (
            "Declare the body like this:\n\n{!> ../../docs_src/body/tutorial001.py !}\n\n"
            "The body is read as JSON.\n",
            "The body is read as JSON.",
        ),
        (  # a smiley closes no aside
            'Chosen option: "Prettier", because\n\n- it is widely used (see trends)\n'
            "- the fewer debates the better :-)\n",
            'Chosen option: "Prettier", because it is widely used (see trends); the fewer'
            " debates the better :-)",
        ),
        (  # a sentence running on past code (rust-analyzer's contributing guide)
            "It is an ordinary Rust project. It builds on stable.\nSo, just\n"
            + CODE
            + "should be enough to get you started!\n",
            "It is an ordinary Rust project. It builds on stable.",
        ),
        (  # a whole sentence above code keeps its last words
            "The tool needs no C libraries. Run the tests with Cargo\n"
            + CODE
            + "Then read the guide.\n",
            "The tool needs no C libraries. Run the tests with Cargo",
        ),
    ],
)
def test_a_summary_never_stops_on_what_it_announces(body: str, wanted: str) -> None:
    assert summary.first_paragraph(body) == wanted


def test_a_decision_list_with_code_inside_its_items_is_summed_up_from_its_start() -> None:
    """home-assistant/architecture's 0009: code fenced inside the items of its Decision
    list, four spaces in, was read with the items around it as one paragraph of fields
    and left out; the summary was the last three items, after the code."""
    body = (
        "- Move the integration title out of the config key.\n"
        "- Drop the titles that repeat the manifest.\n"
        "- Start using `state` in strings.json, one entry per device class.\n"
        '    ```json\n    {\n      "state": {"off": "Normal",\n        "on": "Low"}\n    }\n'
        "    ```\n"
        "- Import the existing state keys from the frontend.\n"
        "- Convert the moon sensor to entities of its own.\n"
    )
    assert summary.first_paragraph(body, lists=True).startswith(
        "Move the integration title out of the config key. Drop the titles that repeat"
    )


def test_tables_and_links_completing_a_paragraph_are_no_paragraphs_of_their_own() -> None:
    body = "|Name|Range|\n|---|---|\n|Staging|10.12.0.0/16|\n\n[Home](index.md)\n"
    assert list(summary.blocks(body)) == []


def test_a_summary_section_of_one_announcement_gives_way_to_the_page() -> None:
    body = (
        "## Summary\n\nAdd two methods to the process trait, specifically:\n\n"
        + CODE
        + "\n## Motivation\n\nSpawning processes on Unix lacks the flexibility of fork.\n"
    )
    assert conversion.summary_of(body, {}, 240, decision=False) == (
        "Spawning processes on Unix lacks the flexibility of fork."
    )


def test_a_decision_that_only_announces_code_gives_way_to_the_record() -> None:
    body = (
        "# 17. Data layout\n\n## Status\n\nAccepted\n\n## Context\n\n"
        "Our projects share much of their configuration.\n\n"
        "## Decision\n\nThe data folder will now be:\n\n" + CODE
    )
    assert conversion.summary_of(body, {}, 240, decision=True) == (
        "Our projects share much of their configuration."
    )


def test_a_page_of_nothing_but_an_announcement_keeps_it() -> None:
    body = "Add a literal matcher that matches constants:\n\n" + CODE
    assert conversion.summary_of(body, {}, 240, decision=False) == (
        "Add a literal matcher that matches constants."
    )
    only = "Declare the body like this:\n\n" + CODE
    assert conversion.summary_of(only, {}, 240, decision=False) == "Declare the body like this:"


@pytest.mark.parametrize(
    ("body", "wanted"),
    [
        # carbon-lang's expressions/arithmetic.md: the lead above its code
        # was passed over for the paragraph after, which goes on from it
        (
            "Carbon provides a conventional set of arithmetic operators:\n\n"
            + CODE
            + "These operators have predefined meanings for some built-in types.\n",
            "Carbon provides a conventional set of arithmetic operators.",
        ),
        (  # what only announces still gives way
            "Run the following command to build it:\n\n" + CODE + "The build takes a minute.\n",
            "The build takes a minute.",
        ),
        ("The options are:\n\n" + CODE + "Each option is a flag.\n", "Each option is a flag."),
    ],
)
def test_a_whole_statement_ending_in_a_colon_above_code_sums_the_page_up(
    body: str, wanted: str
) -> None:
    assert summary.first_paragraph(body) == wanted


@pytest.mark.parametrize(
    ("path", "body", "wanted"),
    [
        (  # an RFC: its sections are level-1 headings
            "text/3834-export-visibility.md",
            "- Feature Name: `export_visibility`\n\n# Summary\n\nExport less.\n\n"
            "# Motivation\n\nSmaller binaries.\n",
            "3834 export visibility",
        ),
        (  # the first level-1 heading comes late, and names a section
            "text/0401-coercions.md",
            "## Summary\n\nDescribe conversions.\n\n## Detailed design\n\nText.\n\n"
            "# Unresolved questions\n\nNone.\n",
            "0401 coercions",
        ),
        ("docs/cache.md", "# 1. Introduction\n\nThe cache keeps pages.\n", "Cache"),
        ("docs/fr/cache.md", "# Contexte\n\nLe cache garde les pages.\n", "Cache"),
        ("docs/a.md", "## Reference-level explanation\n\nText.\n", "A"),
        # getsentry/rfcs: a DACI's first section, and two section names joined
        (
            "text/0149-merge-plugins.md",
            "- RFC Type: decision\n\n# Stakeholders\n\nA.\n",
            "0149 merge plugins",
        ),
        ("text/0081-debug-id.md", "# Summary / Motivation\n\nIds.\n", "0081 debug id"),
        # NixOS/rfcs' RFC 25 was titled "Superseded!", the banner over its text
        (
            "rfcs/0025-nix-core-team.md",
            "# Superseded!\n\nThis RFC is superseded by RFC 44.\n\n# Summary\n\nA team.\n",
            "0025 nix core team",
        ),
        ("docs/io.md", "# Input/Output\n\nText.\n", "Input/Output"),
        # tikv/rfcs' 0049 kept its template's "# Title"; "[Title]" and "<Title>" likewise
        ("text/0049-mode-switch.md", "# Title\n\n## Summary\n\nA.\n", "0049 mode switch"),
        ("text/0050-x.md", "# [Your title here]\n\nA.\n", "0050 x"),
        ("docs/titles.md", "# Title case in headings\n\nA.\n", "Title case in headings"),
        ("docs/cache.md", "# Summary of the cache\n\nText.\n", "Summary of the cache"),
        ("docs/cache.md", "# Page cache\n\n# Summary\n\nText.\n", "Page cache"),
        # a folder's own page is named by its heading, whatever the word
        ("docs/guide/README.md", "# Overview\n\nThe guide.\n", "Overview"),
        ("docs/index.md", "# Introduction\n\nThe docs.\n", "Introduction"),
    ],
)
def test_a_heading_that_names_a_section_is_no_title(path: str, body: str, wanted: str) -> None:
    assert conversion.title_of(body, {}, path) == wanted


def test_a_records_summary_skips_a_paragraph_on_its_own_section() -> None:
    # NixOS/rfcs' RFC 145 was summarised "Each subsection here contains a decision along
    # with arguments..." from its "# Decisions", beside a "# Summary" that says it all
    body = (
        "# Summary\n\nPropose a standard format for doc-comments.\n\n# Decisions\n\n"
        "Each subsection here contains a decision along with arguments for it.\n\n"
        "## Start with a marker\n\nText.\n"
    )
    found = conversion.summary_of(body, {}, 240, True)
    assert found == "Propose a standard format for doc-comments."
    assert summary.weak("This section describes the cache.")
    assert not summary.weak("This sectional sofa seats four.")
    # an openshift enhancement's Proposal; a page's own opening on what follows is no
    # word on a section (microsoft/code-with-engineering-playbook's feedback examples)
    assert summary.weak("Each goal is addressed in the subsections below.")
    assert not summary.weak("The following are real-world examples of engineering feedback.")
    assert not summary.weak("Blocks are processed in the following order, slot by slot.")
    # a note under its own label (the playbook), a field given as a line (dapr/proposals)
    assert summary.weak("Working with AI tools note: Some teams adapt sprint planning.")
    assert summary.weak("State: Ready for implementation")
    assert summary.weak("Author(s): @nelson-parente @jmprusi")
    assert not summary.weak("The state of the cache is kept in memory between runs.")


def test_a_summary_section_past_the_pages_opening_is_no_summary_of_it() -> None:
    # prometheus/docs: a guide's closing "# Summary" ("In this guide, you learned...") and
    # the OpenMetrics guide's "### Summary" (a metric type) summarised the pages
    recap = (
        "This guide introduces the exporter pattern.\n\n## Pattern\n\nText.\n\n"
        "## Running\n\nText.\n\n## Querying\n\nText.\n\n"
        "# Summary\n\nIn this guide, you learned how the pattern works.\n"
    )
    assert conversion.summary_of(recap, {}, 240, False) == (
        "This guide introduces the exporter pattern."
    )
    kep = (
        "# KEP-1: Sidecars\n\n## Release Signoff Checklist\n\n- [ ] Done\n\n"
        "## Summary\n\nSidecar containers start first.\n\n## Motivation\n\nWhy.\n"
    )
    assert conversion.summary_of(kep, {}, 240, False) == "Sidecar containers start first."


def test_a_summary_under_the_title_that_follows_a_notice_sums_the_page_up() -> None:
    # npm/rfcs: withdrawn RFCs open on "# Withdrawal Amendment" and its resources, then
    # the RFC's own title and Summary; three were summed up by "Withdrawn consensus
    # achieved during the ... meeting", one that the notice's section names saved
    body = (
        "# Withdrawal Amendment\n\n- The team is unlikely to do it.\n\n"
        "## Relevant Resources\n\nWithdrawn consensus achieved during the [Wednesday, June"
        " 16, 2021 OpenRFC meeting](https://github.com/npm/rfcs/issues/399)\n"
        "- Meeting Notes: https://example.com/2021-06-16.md\n\n"
        "# Creating an audit report\n\n## Summary\n\nIt should be possible to get XML.\n\n"
        "## Motivation\n\nWhy.\n"
    )
    title = "Creating an audit report"
    assert conversion.summary_of(body, {}, 240, True, title) == "It should be possible to get XML."
    assert conversion.summary_of(body, {}, 240, False, title) == "It should be possible to get XML."
    # a later top heading that is not the title is a part of the page, its summary a recap
    guide = (
        "# Getting started\n\nThis guide shows how to run the app.\n\n## Install\n\nA.\n\n"
        "## Configure\n\nB.\n\n# Deploying your app\n\n## Build\n\nC.\n\n"
        "## Summary\n\nIn this guide, you learned how to deploy.\n"
    )
    assert conversion.summary_of(guide, {}, 240, False, "Getting started") == (
        "This guide shows how to run the app."
    )


@pytest.mark.parametrize(
    ("body", "title"),
    [
        # cloudfoundry/community: its 60 RFCs open on "# Meta" and their fields, and were
        # titled by their file names ("Rfc 0001 jammy os")
        (
            "# Meta\n[meta]: #meta\n- Name: Move to Jammy Jellyfish (22.04).\n"
            "- Start Date: 2022-01-22\n- Status: Accepted\n\n## Summary\n\nText.\n",
            "Move to Jammy Jellyfish (22.04)",
        ),
        (
            "\n## Meta\n**Name:** Extend the RFC Template\n\n**Start Date:** 2025-01-23\n",
            "Extend the RFC Template",
        ),
        ("# Meta\n- **Title**: Shared routes\n", "Shared routes"),
        # a field after prose, or an empty one, names nothing
        ("Some prose first.\n\n- Name: Not the title\n", "Rfc 0001 jammy os"),
        ("# Meta\n- Name:\n- Status: Accepted\n", "Rfc 0001 jammy os"),
        # a heading naming the page still does
        ("# Jammy\n\n- Name: Not the title\n", "Jammy"),
        # a name nested under another field, or fields under no heading, name nothing
        ("# Meta\n- Authors:\n  - Name: Jane Doe\n", "Rfc 0001 jammy os"),
        ("name: build\non: push\n", "Rfc 0001 jammy os"),
    ],
)
def test_a_name_field_at_the_top_titles_a_page_whose_heading_names_none(
    body: str, title: str
) -> None:
    assert conversion.title_of(body, {}, "toc/rfc/rfc-0001-jammy-os.md") == title


def test_a_summary_after_a_table_of_contents_and_a_glossary_sums_the_page_up() -> None:
    # kubernetes-sigs/cluster-api: its proposals open on "## Table of Contents" and
    # "## Glossary" before "## Summary", and ten of 41 were summed up by a glossary
    # entry or a persona of the Proposal; its glossary was titled "Table of Contents"
    body = (
        "# Managed Kubernetes\n\n## Table of Contents\n\n<!-- toc -->\n\n## Glossary\n\n"
        "- **Managed** - a service run by a provider.\n\n## Summary\n\n"
        "This proposal says how managed services are represented.\n\n## Motivation\n\n"
        "Why.\n\n## Proposal\n\n### Personas\n\n#### Provider\n\nThe user hosting it.\n\n"
        "## Upgrade Strategy\n\nX.\n\n## Additional Details\n\nY.\n\n"
        "## Implementation History\n\nZ.\n"
    )
    wanted = "This proposal says how managed services are represented."
    assert conversion.summary_of(body, {}, 240, True) == wanted
    glossary = "# Table of Contents\n\n[A](#a) | [B](#b)\n\n# A\n\n### Add-ons\n\nServices.\n"
    assert conversion.title_of(glossary, {}, "reference/glossary.md", named="Glossary") == (
        "Glossary"
    )
    assert conversion.title_of(glossary, {}, "reference/glossary.md") != "Table of Contents"


def test_a_cheer_or_a_banner_of_pictographs_is_a_weak_summary() -> None:
    # jaegertracing/jaeger: its README was summarised "💥💥💥 Jaeger v2 is out! Read the
    # blog post...", its CONTRIBUTING.md "We'd love your help!"
    page = "# How to Contribute\n\nWe'd love your help!\n\nJaeger accepts pull requests.\n"
    assert conversion.summary_of(page, {}, 240, False) == "Jaeger accepts pull requests."
    assert summary.weak("💥💥💥 Jaeger v2 is out! Read the blog post and try it out.")
    assert not summary.weak("Tracing is fun! Spans show where time goes.")


def test_a_site_title_names_a_page_whose_heading_names_a_section() -> None:
    assert conversion.title_of("# Overview\n\nText.\n", {}, "docs/index.md", "Caching") == (
        "Caching"
    )


def test_a_readme_centring_its_name_in_an_html_heading_is_titled_by_it() -> None:
    """casey/just: its README, "<h1 align=center><code>just</code></h1>" over badges, was
    titled "README"."""
    body = "<div align=right>Contents</div>\n\n<h1 align=center><code>just</code></h1>\n\nRun it.\n"
    assert conversion.title_of(body, {}, "README.md") == "just"
    # a Markdown heading before it names the page; one after it does not
    assert conversion.title_of("# Tool\n\n<h1>Other</h1>\n", {}, "README.md") == "Tool"
    assert conversion.title_of(body + "\n## Install\n\nSteps.\n", {}, "README.md") == "just"


def test_a_whole_sentence_above_a_list_is_not_run_into_it() -> None:
    # a sentence that ends on a name is whole: its list is not read into it
    text = "The CLI is written in Rust\n- Fast startup\n- Small binary\n"
    assert summary.first_paragraph(text) == "The CLI is written in Rust"


def test_a_records_summary_skips_its_status_but_not_the_section_under_it() -> None:
    # a setext Status (level 1) with a section (level 2) under it: only Status goes
    body = "Status\n======\n\nIncomplete\n\nProblem\n-------\n\nWe move the nodes to Fargate.\n"
    assert conversion.summary_of(body, {}, 240, decision=True) == "We move the nodes to Fargate."


@pytest.mark.parametrize(
    ("decision", "wanted"),
    [
        # home-assistant/architecture's ADR 19: a list decides, prose explains after it
        ("## Decision\n\n- We no longer accept GPIO integrations.\n- We remove them.\n\n"
         "GPIO, in this case, means the pins of the board.\n",
         "We no longer accept GPIO integrations. We remove them."),
        # ADR 4 and 5 write their decision under "Proposal"
        ("## Proposal\n\nWe use Black as code formatter.\n", "We use Black as code formatter."),
    ],
)  # fmt: skip
def test_a_records_summary_is_what_it_decides_list_or_proposal(decision: str, wanted: str) -> None:
    body = f"## Status\n\nAccepted\n\n## Context\n\nCode looked different everywhere.\n\n{decision}"
    assert conversion.summary_of(body, {}, 240, decision=True) == wanted


def test_a_short_description_field_is_the_summary() -> None:
    # betagouv/beta.gouv.fr: the page's summary was its title, a paragraph stood ready
    meta = {"title": "Investigation", "short_description": "Six semaines pour enquêter."}
    body = "# Investigation\n\n<div>Texte.</div>\n"
    summary = conversion.summary_of(body, meta, 240, decision=False, title="Investigation")
    assert summary == "Six semaines pour enquêter."


def test_a_summary_section_among_like_sections_is_not_the_pages_summary() -> None:
    # prometheus/docs: "## Summary" is one metric type beside Counter, Gauge and Histogram;
    # the page on metric types was summed up as "a summary samples observations"

    types = (
        "The client libraries offer four core metric types.\n\n## Counter\n\nA counter.\n\n"
        "## Gauge\n\nA gauge.\n\n## Summary\n\nA summary samples observations.\n"
    )
    assert conversion.summary_of(types, {}, 240, False, "Metric types") == (
        "The client libraries offer four core metric types."
    )
    # a proposal's Summary, after a checklist, among its Motivation, Proposal and Drawbacks
    proposal = (
        "# KEP-1: Sidecars\n\n## Release Signoff Checklist\n\n- [ ] Items\n\n## Summary\n\n"
        "This proposal adds sidecar containers.\n\n## Motivation\n\nWhy.\n\n## Proposal\n\n"
        "How.\n\n## Drawbacks\n\nNone.\n"
    )
    assert conversion.summary_of(proposal, {}, 240, False, "KEP-1") == (
        "This proposal adds sidecar containers."
    )
    first = "Intro.\n\n### Summary\n\nThe gist of it all.\n\n### Details\n\nMore.\n"
    assert conversion.summary_of(first, {}, 240, False, "X") == "The gist of it all."


def test_a_home_page_hiding_its_title_takes_the_sites_and_skips_its_address_lines() -> None:
    """fastapi/typer's docs/index.md: an empty "#" above a logo, then "Documentation:"
    and "Source Code:" lines; it was titled "Index", summed up as "Source Code: https://
    github.com/fastapi/typer", though mkdocs.yml's navigation names it "Typer"."""
    body = (
        '#\n\n<p align="center"><em>Build CLIs.</em></p>\n\n'
        "**Documentation**: [https://typer.tiangolo.com](https://typer.tiangolo.com)\n\n"
        "**Source Code**: <https://github.com/fastapi/typer>\n\n---\n\n"
        "Typer is a library for building CLI applications.\n"
    )
    assert conversion.title_of(body, {}, "index.md", "Typer") == "Typer"
    assert conversion.title_of(body, {}, "index.md") == "Index"  # no navigation: the name
    assert conversion.summary_of(body, {}, 240, False, "Typer") == (
        "Typer is a library for building CLI applications."
    )
    only = "Source: https://example.org/code\n"
    assert conversion.summary_of(only, {}, 240, False, "X") == "Source: https://example.org/code"


def test_a_proposal_is_summed_up_by_its_own_summary_else_by_what_it_proposes() -> None:
    """openshift/enhancements: 543 of 596 proposals with a "## Summary" were summarised
    from their Proposal, which opened on "Each goal is addressed in the subsections
    below.", a glossary ("Cluster admin is a human user...") or a template's request.
    Their Summary is what the authors wrote to sum them up; the Proposal serves when the
    Summary is empty or poor ("See the section"), unless it opens on a user story."""

    def kep(summary: str, proposal: str) -> str:
        return (
            f"# KEP-753: Sidecars\n\n## Summary\n\n{summary}\n\n## Motivation\n\n"
            "Log shippers started after the apps and lost their first lines.\n\n"
            f"## Proposal\n\n{proposal}\n"
        )

    own = "Sidecars are helpers that run beside an app."
    concrete = "Introduce a restartPolicy field to init containers."
    story = "As a cluster operator, I want my log shipper to start first."
    assert conversion.summary_of(kep(own, concrete), {}, 240, True) == own
    glossary = "Cluster admin is a human user responsible for deploying a cluster."
    assert conversion.summary_of(kep(own, glossary), {}, 240, True) == own
    assert conversion.summary_of(kep("", concrete), {}, 240, True) == concrete
    assert conversion.summary_of(kep("See the section below.", concrete), {}, 240, True) == (
        concrete
    )
    assert conversion.summary_of(kep("", story), {}, 240, True).startswith("Log shippers")


def test_a_records_own_summary_comes_before_its_context() -> None:
    """pytorch/rfcs: RFC-0024 was summarised from its "## **Context**" beside its
    "## **Summary**"; a Decision still comes first, and a Context alone still serves."""
    body = (
        "# RFC process\n\n## **Context**\n\nProposals were lost in issues.\n\n"
        "## **Summary**\n\nGizmos are structured documents for proposals.\n"
    )
    assert conversion.summary_of(body, {}, 240, True) == (
        "Gizmos are structured documents for proposals."
    )
    decided = body + "\n## Decision\n\nWe keep proposals in this repository.\n"
    assert conversion.summary_of(decided, {}, 240, True) == (
        "We keep proposals in this repository."
    )
    alone = "# RFC process\n\n## Context\n\nProposals were lost in issues.\n"
    assert conversion.summary_of(alone, {}, 240, True) == "Proposals were lost in issues."


@pytest.mark.parametrize(
    "nested",
    [
        "## Unresolved questions\n\n### Sizes\n\n#### Proposal\n\nRequire a size.\n",
        "## Detailed design\n\n### Sizes\n\n#### Proposal\n\nRequire a size.\n",
        "## Open questions\n\n### Proposal\n\nRequire a size.\n",
    ],
)
def test_a_proposal_for_one_question_deep_in_a_record_is_not_its_summary(nested: str) -> None:
    """dotnet/csharplang: collection expressions were summarised from the "#### Proposal"
    of one of their unresolved questions, a thousand lines below their "## Summary"."""
    body = (
        "# Collection expressions\n\n## Summary\n[summary]: #summary\n\n"
        "A terse syntax creates collection values.\n\n## Motivation\n\nWhy.\n\n" + nested
    )
    assert conversion.summary_of(body, {}, 240, True) == (
        "A terse syntax creates collection values."
    )


# shapes of edgexfoundry/edgex-docs: its use-case pages open on their submitters, a
# report generated by a tool on the day it was made, a man page's synopsis deep in a page
@pytest.mark.parametrize(
    ("body", "wanted"),
    [
        (
            "## Core Data Retention\n\n### Submitters\nJim White (IOTech Systems)\n\n"
            "## Change Log\nFormerly referred to as Core Data Cache\n\n### Market Segments\n"
            "Any/All\n\n### Motivation\nLess data is kept at the edge.\n",
            "Less data is kept at the edge.",
        ),
        (
            "# Threat Modeling Report\n\nCreated on 12/27/2022 3:06:56 PM\n\n"
            "The report lists the threats to each service.\n",
            "The report lists the threats to each service.",
        ),
        (
            "# Key material\n\n## Introduction\n\nThe master key is encrypted at rest.\n\n"
            "## Interface\n\n### SYNOPSIS\nikm\n",
            "The master key is encrypted at rest.",
        ),
    ],
)
def test_who_wrote_a_page_and_when_is_no_summary_of_it(body: str, wanted: str) -> None:
    assert conversion.summary_of(body, {}, 240, False) == wanted


def test_a_language_switcher_and_a_pages_dated_history_are_no_summary() -> None:
    """cncf/toc: its definition was summarised by its row of 24 languages, its principles
    by "_Version 1.0, Nov 27, 2017 Approved by TOC on: Nov 27, 2017 ..."."""
    languages = " | ".join(f"[L{n}](#l{n}) (Language {n})" for n in range(12))
    switcher = f"# Definition\n\n{languages} | Own (Mine)\n\n## Definition\n\nIt is a way.\n"
    assert conversion.summary_of(switcher, {}, 240, False) == "It is a way."
    history = (
        "# Principles\n\n_Version 1.0, Nov 27, 2017\nApproved by TOC on: Nov 27, 2017\n"
        "Last reviewed: 2022-07-27, [Issue 413](https://x.org/413)_\n\n"
        "The TOC intends to work with projects this way.\n"
    )
    assert conversion.summary_of(history, {}, 240, False) == (
        "The TOC intends to work with projects this way."
    )
    # prose that only mentions a day, or bars in a sentence, is still prose
    said = "# Notes\n\nOn: Nov 27, 2017 we chose [A](a.md) over [B](b.md), not C.\n"
    assert conversion.summary_of(said, {}, 240, False).startswith("On: Nov 27, 2017 we chose")


def test_a_page_saying_nothing_better_keeps_its_poor_summary() -> None:
    assert conversion.summary_of("# R\n\nCreated on 12/27/2022\n", {}, 240, False) == (
        "Created on 12/27/2022"
    )


def test_a_specifications_notice_on_its_key_words_is_no_summary() -> None:
    body = (
        "# Specification\n\n- [Overview](overview.md)\n\n## Notation\n\n"
        'The keywords "MUST", "SHOULD" and "MAY" in the specification are to be\n'
        "interpreted as described in [BCP 14](https://www.rfc-editor.org/info/bcp14).\n\n"
        "The specification defines how telemetry is produced and exported.\n"
    )
    assert conversion.summary_of(body, {}, 240, False) == (
        "The specification defines how telemetry is produced and exported."
    )


@pytest.mark.parametrize(
    ("path", "body", "title"),
    [
        (  # grpc/proposal: its title and its sections all underlined with ----
            "A6-client-retries.md",
            "gRPC Retry Design\n----\n* Status: Final\n\nAbstract\n----\nRetries.\n\n"
            "Proposal\n----\nRetry.\n",
            "gRPC Retry Design",
        ),
        (  # its title names the number the file name starts with
            "A53-ignore.md",
            "## A53: Ignoring deletions\n\n* Status: Final\n\n## Abstract\n\nText.\n",
            "A53: Ignoring deletions",
        ),
        (  # backstage's publishing.md: a section opens the page, the file names it
            "publishing.md",
            "## npm\n\nPublish.\n\n## Next Line Release Process\n\nRelease.\n",
            "Publishing",
        ),
        (  # thanos-io/thanos: it holds the words of the file's name, the number aside
            "202203-grpc-query-api.md",
            "## Introduce a Query gRPC API\n\n* **Owners:** x\n\n## Why\n\nText.\n",
            "Introduce a Query gRPC API",
        ),
        (  # one word of the name is not enough: "## Setup" then "## Usage" in setup.md
            "setup.md",
            "## Setup\n\nInstall.\n\n## Usage\n\nRun.\n",
            "Setup",
        ),
        (  # a section's name underlined is a section still
            "guide.md",
            "Overview\n--------\nText.\n\nDetails\n-------\nMore.\n",
            "Guide",
        ),
        (  # text before it: a section
            "notes.md",
            "Some words first.\n\nA heading\n----\nText.\n\nAnother\n----\nMore.\n",
            "Notes",
        ),
    ],
)
def test_a_page_opening_on_its_underlined_or_numbered_title_is_named_by_it(
    path: str, body: str, title: str
) -> None:
    assert conversion.title_of(body, {}, path) == title


@pytest.mark.parametrize(
    ("text", "poor"),
    [
        ("July 23, 2022 - Check out the Vite 4.0 announcement", True),  # vitejs/vite's blog
        ("2024-01-15 — See the new release notes", True),
        ("See Rollup's troubleshooting guide for more information too.", True),
        ("Refer to the API page for details.", True),
        # saying something of its own
        ("See how caching works: the store keeps pages for more information retrieval.", False),
        # a sentence that only points elsewhere, whatever it points at: a later paragraph
        # is looked for first (WebAssembly/design's "See rationale for motivating
        # scenarios."); kept when the page says nothing better
        ("See the release notes for details on the new cache", True),
        ("See rationale for motivating scenarios.", True),
        # a FAQ's answer going on from its question
        ("... especially since threads are coming to JavaScript.", True),
        ("…and so on.", True),
        ("We moved to Vite on July 23, 2022 - see the post for why.", False),
        # Kotlin/KEEP: where a proposal is discussed, the end of a sentence cut by a
        # code block, a point made above
        ("Discussion of this proposal is held in this issue.", True),
        ("is parsed as a lambda expression with the suspend modifier.", True),
        ("We propose to solve the problems mentioned above by a static scope.", True),
        ("Feedback on this design goes to the forum thread.", True),
        # a notice set before what the page says (reactjs/rfcs' Server Components)
        ("⚠️ NOTE: We strongly recommend watching our talk before reading this RFC.", True),
        ("**Warning:** this feature is experimental.", True),
        ("Important! Read the migration guide first.", True),
        # what a template asks its writer, and a field written as a line (aws/aws-cdk-rfcs)
        ("Write one sentence which is a brief description of the feature.", True),
        ("Tracking Issue: #745", True),
        ("Original Author(s):: @rohang9000", True),
        ('This section should contain one or more "artifacts from the future".', True),
        ("Write-ahead logs keep every change before it is applied.", False),
        ("Describe services in YAML so that the operator deploys them.", False),
        ("Summary: adds a cache for pages.", False),
        # saying something of its own
        ("Notes are kept beside the code: one file per module.", False),
        ("Note-taking apps sync through the server.", False),
        ("npm installs the packages a project depends on.", False),
        ("Discussions of the cache are kept short: it stores pages.", False),
        ("iOS apps load the framework from the bundle.", False),
    ],
)
def test_a_dateline_or_a_pointer_elsewhere_is_a_poor_summary(text: str, poor: bool) -> None:
    assert summary.weak(text) is poor


@pytest.mark.parametrize(
    ("body", "decision", "expected"),
    [
        (  # dotnet/designs' template: one owner, a bold name and no colon
            "# Cache\n\n**Owner** [Rich Lander](https://github.com/richlander)\n\n"
            "This design adds a cache to the loader.\n",
            False,
            "This design adds a cache to the loader.",
        ),
        (  # the same with more people and the work items, each line ending on "|"
            "# Obsoletion\n\n**Owner** [Immo Landwerth](https://github.com/terrajobst) |\n"
            "**Work Items** [Framework](https://github.com/dotnet/runtime/issues/1) |\n"
            "[Roslyn](https://github.com/dotnet/roslyn/issues/2) |\n\n"
            "No framework is immune to mistakes.\n",
            False,
            "No framework is immune to mistakes.",
        ),
        (  # nodejs/node's API pages
            "# File system\n\n<!--introduced_in=v0.10.0-->\n\n> Stability: 2 - Stable\n\n"
            "The `fs` module reads and writes files.\n",
            False,
            "The fs module reads and writes files.",
        ),
        (  # Kotlin/KEEP: a Proposal section opening after a code block, then an Abstract
            "# Suspend lambdas\n\n* **Type**: Design proposal\n* **Status**: Public discussion\n\n"
            "## Abstract\n\nThis proposal changes how suspend lambdas are parsed.\n\n"
            "## Proposal\n\n```kotlin\nsuspend {}\n```\n\n"
            "is parsed as a lambda expression with the suspend modifier.\n",
            True,
            "This proposal changes how suspend lambdas are parsed.",
        ),
        (
            "# Type aliases\n\n* **Status**: Stable in 1.1\n\n"
            "Discussion of this proposal is held in [this issue](https://example.com/4).\n\n"
            "## Use cases\n\nType aliases give existing types other names.\n",
            True,
            "Type aliases give existing types other names.",
        ),
    ],
)
def test_a_line_of_fields_or_a_fragment_gives_way_to_the_prose(
    body: str, decision: bool, expected: str
) -> None:
    assert conversion.summary_of(body, {}, 240, decision=decision) == expected


def test_a_posts_dateline_and_a_pointer_give_way_to_its_first_paragraph() -> None:
    body = (
        "# Vite 3.0 is out!\n\n_July 23, 2022_ - Check out the [Vite 4.0 announcement]"
        "(./announcing-vite4.md)\n\nIn February last year, Vite 2 came out.\n"
    )
    assert conversion.summary_of(body, {}, 240, decision=False) == (
        "In February last year, Vite 2 came out."
    )
    body = (
        "# Troubleshooting\n\nSee [Rollup's guide](https://rollupjs.org/) for more information"
        " too.\n\nIf the suggestions here don't work, ask on GitHub Discussions.\n"
    )
    assert conversion.summary_of(body, {}, 240, decision=False) == (
        "If the suggestions here don't work, ask on GitHub Discussions."
    )


def test_a_page_titled_as_a_changelog_is_summarised_from_its_top() -> None:
    """adr/madr's CHANGELOG.md was summarised "First release of Markdown Architectural
    Decision Records.", its oldest entry: its title was read as a section to leave out."""
    body = (
        "# Changelog\n\nAll notable changes to this project will be documented here.\n\n"
        "## [4.0.0] – 2024-09-17\n\n### Fixed\n\n- Quotes around the chosen option.\n\n"
        "## [1.0.0] – 2017-09-09\n\nFirst release of the templates.\n"
    )
    assert conversion.summary_of(body, {}, 200, False, "Changelog") == (
        "All notable changes to this project will be documented here."
    )
    # a record's own changelog is still no summary of it
    record = "# Use Kafka\n\n## Changelog\n\n- 2020-01-02: first draft\n\n## Context\n\nWe need events.\n"
    assert conversion.summary_of(record, {}, 200, False) == "We need events."


def test_a_summary_says_nothing_of_what_is_below_it() -> None:
    """adr/madr: six records were summarised '... because comes out best (see below).',
    a pointer into a page the row is read apart from."""
    body = (
        "## Decision Outcome\n\n"
        'Chosen option: "Use YAML front matter", because comes out best (see below).\n'
    )
    assert conversion.summary_of(body, {}, 240, True) == (
        'Chosen option: "Use YAML front matter", because comes out best.'
    )
    french = "Nous gardons Redis (voir ci-dessous) pour les sessions.\n"
    assert conversion.summary_of(french, {}, 240, False) == "Nous gardons Redis pour les sessions."


def test_a_comment_in_a_heading_is_no_part_of_the_title() -> None:
    """joelparkerhenderson/architecture-decision-record: six templates were titled with the
    comment their heading holds ("Templed ... <!-- Rhoi teitl ADR --> yn ei le")."""
    body = "# Templed Cofnod (ADR) <!-- Rhoi teitl ADR --> yn ei le\n\nTestun.\n"
    assert conversion.title_of(body, {}, "cy/templed.md") == "Templed Cofnod (ADR) yn ei le"
    assert summary.plain("Keep <!-- a note\nover lines --> it short.") == "Keep it short."


def test_a_title_field_written_as_a_slug_gives_way_to_the_page_heading() -> None:
    """openshift/enhancements: 516 of 599 proposals were titled by the slug of their
    title field ("agent-based-installer") over "# Agent-based Installer"; one carried the
    slug of the proposal it replaced."""
    body = "# Global Admission Plugin for HSTS\n\nThis enhancement enforces HSTS.\n"
    meta = {"title": "global-options-enable-hsts"}
    assert conversion.title_of(body, meta, "ingress/global-admission-hsts.md") == (
        "Global Admission Plugin for HSTS"
    )
    assert conversion.title_of("Text only.\n", meta, "a.md") == "global-options-enable-hsts"
    assert conversion.title_of(body, {"title": "HSTS plugin"}, "a.md") == "HSTS plugin"


def test_the_first_of_several_level_one_headings_after_a_table_of_contents_is_a_section() -> None:
    """openshift's dev-guide/featuresets.md opens on a table of contents, then
    "# Definition of terms", "# What are the benefits?"...: it was titled "Definition of
    terms"."""
    body = (
        "<!-- TOC -->\n* [Definition of terms](#definition-of-terms)\n"
        "* [Benefits](#benefits)\n<!-- TOC -->\n\n# Definition of terms\n\nTerms.\n\n"
        "# Benefits\n\nMany.\n"
    )
    assert conversion.title_of(body, {}, "dev-guide/featuresets.md") == "Featuresets"
    titled = "# Feature sets\n\nHow they work.\n\n# Benefits\n\nMany.\n"
    assert conversion.title_of(titled, {}, "dev-guide/featuresets.md") == "Feature sets"


def test_a_front_matter_with_handles_or_a_typographic_quote_keeps_its_fields() -> None:
    """openshift/enhancements: 36 proposals lost their authors, reviewers and status,
    kept as a code block, for "- @darkmuggle" (a sign YAML keeps) or "@gnufied”" (a
    value closed by a typographic quote)."""
    handles = (
        '---\ntitle: eus-upgrades-mvp\nauthors:\n  - "@sdodson"\nreviewers:\n  - @darkmuggle\n'
        "  - @soltysh\ncreation-date: 2020-01-12\nstatus: provisional\nsee-also:\n---\n\n"
        "# EUS Upgrades MVP\n\nText.\n"
    )
    page = conversion.parse("eus.md", handles)
    assert page.loose and page.meta["reviewers"] == ["@darkmuggle", "@soltysh"]
    assert page.meta["authors"] == ["@sdodson"] and page.meta["status"] == "provisional"
    curly = handles.replace("  - @darkmuggle\n  - @soltysh\n", '  - "@gnufied\u201d\n  - "@b"\n')
    page = conversion.parse("csi.md", curly)
    assert page.loose and page.meta["reviewers"] == ["@gnufied", "@b"]
    broken = handles.replace("  - @soltysh\n", "  - [oops\n")
    assert not conversion.parse("x.md", broken).meta  # anything else is not guessed at


def test_a_front_matter_broken_otherwise_is_read_line_by_line_where_each_line_is_clear() -> None:
    """openshift/enhancements: 20 more proposals kept their front matter as code for a
    Markdown link as an item, "see-also:[]", an item left empty, a form's choice in bold
    ("**provisional**|implementable"), a title quoted then more, or a day of month 13."""
    block = (
        '---\ntitle: "Allow-From-Router" NetworkPolicy\nauthors:\n  - "@a"\n'
        "see-also:\n- [Secure OAuth storage](https://github.com/o/r/pull/323)\n-\n"
        "replaces:[]\ncreation-date: 2019-13-05\n"
        "status: **provisional**|implementable|implemented\n---\n\n# Router\n\nText.\n"
    )
    page = conversion.parse("router.md", block)
    assert page.loose, page.problem
    assert page.meta["title"] == '"Allow-From-Router" NetworkPolicy'
    assert page.meta["see-also"] == ["[Secure OAuth storage](https://github.com/o/r/pull/323)"]
    assert page.meta["replaces"] == []
    assert page.meta["creation-date"] == "2019-13-05"
    assert page.meta["status"].startswith("**provisional**|")
    nested = block.replace("authors:\n", "authors:\n  nested:\n")
    assert not conversion.parse("x.md", nested).meta  # nesting is not guessed at


def test_a_front_matter_with_a_key_of_two_words_or_a_link_and_more_is_read() -> None:
    """bazelbuild/proposals: "last updated:" and "- [Alex Eagle](...), Aspect" gave up
    the block, and the pages were titled by their file names ("2021 08 10 rules...")."""
    block = (
        "---\ncreated: 2021-08-10\nlast updated: 2021-08-19\nstatus: Implemented\n"
        "title: Rules Authors SIG\nauthors:\n  - [Alex Eagle](http://github.com/alexeagle),"
        " Aspect\n---\n\n# Rules Authors SIG\n\nText.\n"
    )
    page = conversion.parse("designs/2021-08-10-rules-authors-sig.md", block)
    assert page.loose, page.problem
    assert page.meta["title"] == "Rules Authors SIG"
    assert page.meta["authors"] == ["[Alex Eagle](http://github.com/alexeagle), Aspect"]
    assert str(page.meta["last updated"]) == "2021-08-19"


def test_a_proposal_opening_on_its_fields_is_named_and_summed_up_past_them() -> None:
    """cilium/design-cfps: CFP-35631 opens on its title in bold, then "# **Meta**" over
    its fields, and was titled "Meta"; CFP-36975 has Author(s), Date and Status
    sections above its Abstract, and was summed up by its author's name."""
    body = (
        "**CFP-35631: Support CNI STATUS in Cilium**\n\n# **Meta**\n\n**SIG: DATAPATH**\n\n"
        "**Status:** Implementable\n\n## **Summary**\n\nAdd the CNI STATUS operation.\n"
    )
    assert conversion.title_of(body, {}, "cilium/CFP-35631-cni-status.md") == (
        "CFP-35631: Support CNI STATUS in Cilium"
    )
    fields = (
        "# Proposal: Configuration Profiles\n\n## Author(s)\n\nA. Person\n\n## Date\n\n"
        "2025-02-07\n\n## Status\n\nImplementable\n\n## Abstract\n\nProfiles are tested"
        " sets of options.\n\n## Motivation\n\nMany flags.\n"
    )
    said = conversion.summary_of(fields, {}, 240, True, "Proposal: Configuration Profiles")
    assert said == "Profiles are tested sets of options."
    # a sentence in bold, or a banner, names no page
    assert conversion.title_of("**Read this first.**\n\nText.\n", {}, "docs/notes.md") == "Notes"
    assert conversion.title_of("**Deprecated**\n\nText.\n", {}, "docs/old.md") == "Old"


def test_a_decision_made_of_parts_gives_way_to_the_records_own_summary() -> None:
    """celestia-app's ADR-029: its Decision opens on "### Sizing", whose first paragraph
    ("The budget is the cap directly") was the summary, beside a Summary of the whole."""
    body = (
        "# ADR 029: Upload limits\n\n## Status\n\nAccepted\n\n## Summary\n\nThe server"
        " refuses uploads once its disk budget is full.\n\n## Decision\n\n### Sizing\n\n"
        "The budget is the cap directly.\n\n### Model\n\nOccupancy now.\n"
    )
    assert conversion.summary_of(body, {}, 240, True, "ADR 029: Upload limits") == (
        "The server refuses uploads once its disk budget is full."
    )
    # a Decision with a paragraph of its own still comes first
    whole = body.replace("## Decision\n\n", "## Decision\n\nWe cap the disk by stake.\n\n")
    said = conversion.summary_of(whole, {}, 240, True, "ADR 029: Upload limits")
    assert said == "We cap the disk by stake."


def test_a_proposal_is_summed_up_past_its_banners_and_by_its_simple_summary() -> None:
    """stellar/stellar-protocol: CAP-13 opens on "## Rejected" over "Superceded by
    CAP23", SEP-3 on a "## Deprecation Notice"; CAP-10's Simple Summary ends on a "!"
    and was taken for a cheer."""
    banner = (
        "## Preamble\n\n## Rejected\n\nSuperceded by [CAP23](cap-0023.md)\n\n"
        "## Simple Summary\n\nThis proposal renames trustlines to balances.\n"
    )
    said = conversion.summary_of(banner, {}, 240, True, "Change Trustlines to Balances")
    assert said == "This proposal renames trustlines to balances."
    notice = (
        "## Deprecation Notice\n\nFor most use cases, we recommend SEP-24 instead.\n\n"
        "## Abstract\n\nAML laws require knowing who sends money.\n"
    )
    assert conversion.summary_of(notice, {}, 240, True, "Compliance") == (
        "AML laws require knowing who sends money."
    )
    shout = (
        "## Simple Summary\n\nTransactions get stuck because of insufficient fee sometimes,"
        " especially if the protocol changes!\n\nWe partially address this.\n"
    )
    assert conversion.summary_of(shout, {}, 240, True, "Fee bump").startswith("Transactions")
    assert summary.weak("We'd love your help!")  # a cheer still is one
    # thanos-io/thanos' ThanosCon post opened on a greeting and a wave
    assert summary.weak("Hello Thanos Community! 👋")
    post = "# ThanosCon\n\nHello Thanos Community! 👋\n\nThanosCon is a day of talks.\n"
    assert conversion.summary_of(post, {}, 240, True, "ThanosCon") == "ThanosCon is a day of talks."


def test_a_short_summary_section_is_preferred_to_the_abstract_beside_it() -> None:
    """ethereum/EIPs: EIP-1559 has a "Simple Summary" then an "Abstract"; it was summed
    up by the abstract's first sentence, a transaction's byte layout. A page with only
    an abstract still is summed up by it, and a TL;DR beats an abstract too."""
    both = (
        "## Simple Summary\nA fee that is burned, and blocks that stretch under load.\n\n"
        "## Abstract\nWe introduce a new transaction type, `0x02 || rlp([chain_id, nonce])`.\n"
    )
    for decision in (True, False):
        said = conversion.summary_of(both, {}, 240, decision, "Fee market change")
        assert said == "A fee that is burned, and blocks that stretch under load."
    alone = "## Abstract\nWe introduce a new transaction type.\n\n## Motivation\nFees.\n"
    assert conversion.summary_of(alone, {}, 240, True, "Fee market") == (
        "We introduce a new transaction type."
    )
    tldr = "## Abstract\nA long technical account.\n\n## TL;DR\nIt caches the index.\n"
    assert conversion.summary_of(tldr, {}, 240, False, "Cache") == "It caches the index."


def test_a_section_joining_summary_and_motivation_is_the_summary() -> None:
    """tektoncd/community: TEP-0072's "## Summary and Motivation" and TEP-0022's
    "## Summary / Motivation" were passed over for their Proposal."""
    for heading in ("Summary and Motivation", "Summary / Motivation", "Abstract & Motivation"):
        body = (
            f"# TEP-0072\n\n## {heading}\n\nWe use the Any proto today.\n\n## Proposal\n\nOurs.\n"
        )
        assert (
            conversion.summary_of(body, {}, 240, True, "TEP-0072") == "We use the Any proto today."
        )
    # a heading that only opens on the word names no summary section
    other = "# X\n\n## Summary of costs and benefits\n\nIt costs A.\n\n## Proposal\n\nWe do B.\n"
    assert conversion.summary_of(other, {}, 240, True, "X") == "We do B."


def test_a_title_field_many_pages_give_alike_is_the_forms_and_their_headings_name_them(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """argoproj/argo-cd: eight proposals kept the form's "title: Neat Enhancement Idea";
    three were headed with their own titles, and came in under the form's."""
    form = "---\ntitle: Neat Enhancement Idea\n---\n\n# {0}\n\n## Summary\n\n{0}, in short.\n"
    source = tmp_path / "proposals"
    source.mkdir()
    for name, heading in (("timeout", "Sync Operation Timeout"), ("sources", "Multiple Sources"),
                          ("left", "Neat Enhancement Idea")):  # fmt: skip
        (source / f"{name}.md").write_text(form.format(heading), encoding="utf-8")
    (source / "own.md").write_text("---\ntitle: Own Title\n---\n\n# Other\n\nText.\n")
    root = make_base({})
    report = run_import(root, source)
    titles = {name: meta(root, doc_id)["title"] for name, doc_id in report.imported.items()}
    assert titles["timeout.md"] == "Sync Operation Timeout"
    assert titles["sources.md"] == "Multiple Sources"
    assert titles["left.md"] == "Neat Enhancement Idea"
    assert titles["own.md"] == "Own Title"  # a title field of its own still names the page
    # three pages titled alike and headed alike keep their field: no form's
    alike = tmp_path / "alike"
    alike.mkdir()
    for name in ("a", "b", "c"):
        (alike / f"{name}.md").write_text(f"---\ntitle: Overview\n---\n\n# Overview\n\n{name}\n")
    root2 = make_base({})  # the same base: another theme
    again = run_import(root2, alike)
    assert {meta(root2, d)["title"] for d in again.imported.values()} == {"Overview"}


def test_a_subtitle_every_page_opens_on_sums_none_of_them_up(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # microsoft/api-guidelines: 16 Graph patterns were all summed up as "Microsoft
    # Graph API Design Pattern", the line their template puts under each title
    source = tmp_path / "patterns"
    source.mkdir()
    for name in ("alternate-key", "change-tracking", "dictionary"):
        (source / f"{name}.md").write_text(
            f"# {name} pattern\n\nMicrosoft Graph API Design Pattern\n\n"
            f"*The {name} pattern lets an API do {name} things.*\n\n## Problem\n\nStuff.\n",
            encoding="utf-8",
        )
    (source / "lone.md").write_text(
        "# Lone\n\nA page of its own words.\n\nMore.\n", encoding="utf-8"
    )
    root = make_base({})
    report = run_import(root, source)
    summaries = {path: meta(root, doc_id)["summary"] for path, doc_id in report.imported.items()}
    assert summaries["dictionary.md"] == "The dictionary pattern lets an API do dictionary things."
    assert summaries["lone.md"] == "A page of its own words."
    assert conversion.lead_line("# T\n\nMicrosoft Graph API Design Pattern\n\nText.\n") == (
        "Microsoft Graph API Design Pattern"
    )
    assert conversion.lead_line("# T\n\nA paragraph that\nruns on.\n") == ""
    assert conversion.lead_line("# T\n\n---\n\nPart of the RFC.\n\n---\n") == "Part of the RFC."


def test_a_line_every_part_opens_on_between_rules_sums_none_of_them_up(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """opentofu/opentofu: the eleven parts of its OCI registries RFC were all summed up as
    "This document is part of the OCI registries RFC.", written between two rules above
    a table of links to the previous and next parts."""
    source = tmp_path / "oci"
    source.mkdir()
    for n, name in enumerate(("primer", "survey", "design")):
        (source / f"{n}-{name}.md").write_text(
            f"# OCI {name}\n\n---\n\nThis document is part of the [OCI RFC](../oci.md).\n\n"
            "| [« Previous](a.md) | [Up](../oci.md) | [Next »](b.md) |\n\n---\n\n"
            f"## About\n\nThe {name} of registries holding provider packages.\n",
            encoding="utf-8",
        )
    root = make_base({})
    report = run_import(root, source)
    summaries = {path: meta(root, doc_id)["summary"] for path, doc_id in report.imported.items()}
    assert summaries["2-design.md"] == "The design of registries holding provider packages."


def test_a_decision_of_a_few_words_and_a_list_announcing_code_sum_up_their_records() -> None:
    """alphagov/govuk-infrastructure: ADR 8 decides "Use external-secrets." and was
    summed up by the next paragraph, on the option it turned down; ADR 14's Decision
    list announces a code block in its second item, and its summary was its last item,
    the migration plan."""
    short = (
        "# 8. Use external-secrets\n\n## Status\n\nAccepted\n\n## Decision\n\n"
        "Use [**`external-secrets`**](https://external-secrets.io).\n\n"
        "While `kubernetes-external-secrets` is more mature, it is being deprecated.\n"
    )
    assert conversion.summary_of(short, {}, 240, True) == "Use external-secrets."
    listed = (
        "# 14. Replace Terraform Cloud\n\n## Decision\n\n"
        "* **Adopt S3 as the canonical Terraform backend** for all workspaces.\n"
        "* Example workspace backend block:\n\n"
        '  ```hcl\n  terraform {\n    backend "s3" {}\n  }\n  ```\n\n'
        "* **Migration plan**: workspace by workspace, beginning with integration.\n"
    )
    assert conversion.summary_of(listed, {}, 240, True) == (
        "Adopt S3 as the canonical Terraform backend for all workspaces."
    )
    # a page that is no record keeps reading past a line of two words
    page = "# Setup\n\nRun it.\n\nThe tool installs itself with pip and needs Python 3.11.\n"
    assert conversion.summary_of(page, {}, 240, False).startswith("The tool installs")


def test_a_description_that_only_dates_the_page_and_a_greeting_are_no_summaries() -> None:
    """betagouv/doc.demarches-simplifiees.fr: GitBook descriptions "16/05/2024" and
    "Dernière mise à jour : 16 juillet 2025" were summaries, and a talk's transcript was
    summed up as "Bonjour à tous ,"."""
    page = "# Conditions\n\nLes présentes conditions encadrent l'usage du service.\n"
    for said in ("16/05/2024", "Dernière mise à jour : 16 juillet 2025", "Publié le 3 mars 2024"):
        assert conversion.summary_of(page, {"description": said}, 240, False) == (
            "Les présentes conditions encadrent l'usage du service."
        ), said
    # nothing else: the field is better than nothing
    assert conversion.summary_of("# Conditions\n", {"description": "16/05/2024"}, 240, False) == (
        "16/05/2024"
    )
    talk = "# Vidéo\n\nBonjour à tous ,\n\nCette vidéo présente la relation avec l'usager.\n"
    assert conversion.summary_of(talk, {}, 240, False).startswith("Cette vidéo présente")
    assert summary.weak("Hi everyone!") and not summary.weak("Hi-fi audio is decoded here.")


def test_pages_sharing_their_summary_are_summed_up_by_what_follows_it(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """nodejs/TSC: 236 of 392 meeting minutes were summed up by their agenda's
    boilerplate, "Extracted from tsc-agenda labeled issues and pull requests from the
    nodejs org prior to the meeting.", which told none of them apart."""
    said = "Extracted from labeled issues and pull requests prior to the meeting."
    topics = ("the release schedule", "the security fund", "the summit venue", "the charter")
    source = tmp_path / "meetings"
    source.mkdir()
    for n, topic in enumerate(topics):
        page = (
            f"# Node.js TSC meeting 2024-0{n + 1}-01\n\n## Agenda\n\n{said}\n\n"
            f"## Notes\n\nWe discussed {topic}.\n"
        )
        (source / f"2024-0{n + 1}-01.md").write_text(page, encoding="utf-8")
    (source / "other.md").write_text("# Other\n\nA page of its own.\n", encoding="utf-8")
    root = make_base({})
    report = run_import(root, source)
    summaries = {name: meta(root, doc_id)["summary"] for name, doc_id in report.imported.items()}
    assert [summaries[f"2024-0{n + 1}-01.md"] for n in range(4)] == [
        f"We discussed {topic}." for topic in topics
    ]
    assert summaries["other.md"] == "A page of its own."


# nestjs/docs.nestjs.com writes its callouts as quotes opening on the callout's kind and a
# label in bold, or on the label alone; nine of its pages were summed up by one, marker
# words and all ("info Hint This chapter covers...", "Warning In this article...")
@pytest.mark.parametrize(
    ("body", "wanted"),
    [
        (  # techniques/versioning.md
            "### Versioning\n\n> info **Hint** This chapter is only relevant to HTTP-based "
            "applications.\n\nVersioning allows you to have **different versions** of your "
            "controllers or individual routes running within the same application.\n",
            "Versioning allows you to have different versions of your controllers or "
            "individual routes running within the same application.",
        ),
        (  # graphql/extensions.md
            "### Extensions\n\n> warning **Warning** This chapter applies only to the code "
            "first approach.\n\nExtensions is an **advanced, low-level feature** that lets "
            "you define arbitrary data in the types configuration.\n",
            "Extensions is an advanced, low-level feature that lets you define arbitrary "
            "data in the types configuration.",
        ),
        (  # techniques/streaming-files.md
            "### Streaming files\n\n> info **Note** This chapter shows how you can stream "
            "files from your **HTTP application**.\n\nThere may be times where you would "
            "like to send back a file from your REST API to the client.\n",
            "There may be times where you would like to send back a file from your REST API "
            "to the client.",
        ),
        (  # recipes/mongodb.md: the label alone, no kind before it
            "### MongoDB (Mongoose)\n\n> **Warning** In this article, you'll learn how to "
            "create a `DatabaseModule` based on the **Mongoose** package from scratch using "
            "custom components.\n\n[Mongoose](https://mongoosejs.com) is the most popular "
            "[MongoDB](https://www.mongodb.org/) object modeling tool.\n",
            "Mongoose is the most popular MongoDB object modeling tool.",
        ),
        (  # devtools/ci-cd.md
            "### CI/CD integration\n\n> info **Hint** This chapter covers the Nest Devtools "
            "integration with the Nest framework. If you are looking for the Devtools "
            "application, please visit the [Devtools](https://devtools.nestjs.com) website."
            "\n\nCI/CD integration is available for users with the **Enterprise** plan.\n",
            "CI/CD integration is available for users with the Enterprise plan.",
        ),
    ],
)
def test_a_callout_written_as_a_quote_is_an_aside_not_the_summary(body: str, wanted: str) -> None:
    assert conversion.summary_of(body, {}, 240, False) == wanted


def test_a_callout_that_is_all_a_page_says_sums_it_up_without_its_kind_and_label() -> None:
    """A page whose only words are in a callout is summed up by them, as by an admonition's,
    without the kind and label its site turns into the box ("info Hint", "Warning")."""
    hint = "### Stub\n\n> info **Hint** This chapter is only relevant to\n> HTTP-based apps.\n"
    assert summary.first_paragraph(hint) == "This chapter is only relevant to HTTP-based apps."
    alone = "### Stub\n\n> **Warning** In this article, you'll learn how to build a module.\n"
    assert summary.first_paragraph(alone) == "In this article, you'll learn how to build a module."
    # a quote opening on a word in capitals and a word in bold is a quote, no callout
    quoted = "> Note **this** well before you start the service.\n"
    assert summary.first_paragraph(quoted) == "Note this well before you start the service."


# nestjs/docs.nestjs.com opens every page on a "###" heading, its title, and has no "#" or
# "##" heading; where another "###" heading followed, the page came in titled by its file
@pytest.mark.parametrize(
    ("path", "body", "title"),
    [
        (  # techniques/sql.md came in as "Sql"
            "techniques/sql.md",
            "### Database\n\nNest is database agnostic.\n\n### TypeORM Integration\n\n"
            "Install it.\n\n#### Repository pattern\n\nText.\n\n### Sequelize Integration\n",
            "Database",
        ),
        (  # recipes/swc.md came in as "Swc"
            "recipes/swc.md",
            "### SWC\n\nSWC is a Rust-based platform.\n\n#### Installation\n\nText.\n\n"
            "### Jest + SWC\n\nText.\n\n### Vitest\n\nText.\n",
            "SWC",
        ),
        (  # enterprise.md came in as "Enterprise"
            "enterprise.md",
            "### Official NestJS Consulting\n\nOur goal is to help.\n\n### Official Support\n\n"
            "Get expert help.\n\n#### First-hand access\n\nText.\n",
            "Official NestJS Consulting",
        ),
    ],
)
def test_a_page_opening_on_a_level_3_heading_as_its_top_level_is_named_by_it(
    path: str, body: str, title: str
) -> None:
    assert conversion.title_of(body, {}, path) == title


def test_a_site_opening_every_page_on_a_level_3_heading_is_imported_under_those_titles(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """docs.nestjs.com's pages as imported: each titled by its opening "###" heading,
    unless its file's name joins the names of its sections ("Unions and enums"), and
    summed up past its callouts."""
    source = pages(
        tmp_path / "content",
        {
            "techniques/sql.md": "### Database\n\nNest is database agnostic, so any database "
            "fits.\n\n### TypeORM Integration\n\nNest provides a TypeORM package.\n\n"
            "#### Repository pattern\n\nEach entity has its repository.\n",
            "recipes/swc.md": "### SWC\n\nSWC is an extensible Rust-based platform.\n\n"
            "> info **Hint** SWC is approximately **x20 times faster**.\n\n#### Installation"
            "\n\nInstall it.\n\n### Vitest\n\nText.\n",
            # its sections alone, none deeper: an installation page, titled by its name
            "install-guide.md": "### Linux\n\nUse the package.\n\n### macOS\n\nUse brew.\n",
            "graphql/unions-and-enums.md": "### Unions\n\nUnion types are very similar to "
            "interfaces.\n\n### Enums\n\nEnumeration types are a special kind of scalar.\n",
            "techniques/versioning.md": "### Versioning\n\n> info **Hint** This chapter is "
            "only relevant to HTTP-based applications.\n\nVersioning allows you to have "
            "different versions of your controllers.\n",
        },
    )
    root = make_base({})
    report = run_import(root, source)
    found = {
        path: (meta(root, doc_id)["title"], meta(root, doc_id)["summary"])
        for path, doc_id in report.imported.items()
    }
    assert found == {
        "techniques/sql.md": ("Database", "Nest is database agnostic, so any database fits."),
        "recipes/swc.md": ("SWC", "SWC is an extensible Rust-based platform."),
        "graphql/unions-and-enums.md": (
            "Unions and enums",
            "Union types are very similar to interfaces.",
        ),
        "techniques/versioning.md": (
            "Versioning",
            "Versioning allows you to have different versions of your controllers.",
        ),
        "install-guide.md": ("Install guide", "Use the package."),
    }


def test_the_fields_sphinx_reads_at_a_page_top_are_no_summary() -> None:
    """executablebooks/MyST-Parser: content_child1.md and content_child2.md open on
    ":orphan:", Sphinx's field, and were summed up by it."""

    page = ":orphan:\n\n# Content child 1\n\nThe first child of the example.\n"
    assert summary.first_paragraph(page) == "The first child of the example."
    assert summary.first_paragraph(":tocdepth: 2\n:nosearch:\n\nThe real text.\n") == (
        "The real text."
    )
    assert summary.first_paragraph("Use the :ref: role here.\n") == "Use the :ref: role here."
