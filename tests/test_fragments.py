"""Anchors of sections: what a page offers, what a link asks, and the check (W019)."""

from __future__ import annotations

import pytest

from mdbrain.core import fragments, links, markdown, passages
from mdbrain.service.brain import Brain
from tests.conftest import MakeBase, doc

PAGE = """\
# Guide

## Install the `mdbrain` tool

## Install the `mdbrain` tool

## Suivre le déroulé de l’extraction

## Options {#opts .wide}

## The [client](client.md) API

<a name="legacy"></a>
<div id="box">x</div>

```
## not a heading
```
"""


def test_a_page_offers_the_anchors_sites_make_of_its_headings_and_ids() -> None:
    offered = set(fragments.of(PAGE, markdown.scan(PAGE).headings))
    assert {"guide", "install-the-mdbrain-tool", "install-the-mdbrain-tool-1"} <= offered
    # GitHub keeps accents; MkDocs drops them; Hugo writes the apostrophe as a hyphen
    assert {
        "suivre-le-déroulé-de-lextraction",
        "suivre-le-deroule-de-lextraction",
        "suivre-le-deroule-de-l-extraction",
    } <= offered
    assert {"opts", "the-client-api", "legacy", "box", "top"} <= offered
    assert "not-a-heading" not in offered


def test_quoted_headings_element_ids_and_entities_give_anchors_too() -> None:
    """mkdocs/mkdocs' own docs: "> #### custom_dir" in a quote, "**`locale`**{ #mkdocs-locale
    }" on a list item, and "#### on_&lt;event_name&gt;()": 11 links reported broken."""
    body = (
        "## Options\n\n> #### custom_dir\n>\n> Where.\n\n"
        "*   **`locale`**{ #mkdocs-locale }: the language.\n\n#### on_&lt;event_name&gt;()\n"
    )
    offered = set(fragments.of(body, markdown.scan(body).headings))
    assert {"custom_dir", "mkdocs-locale", "on_event_name"} <= offered


def test_a_heading_written_in_html_gives_an_anchor_too() -> None:
    """casey/just: the README ends on "[Back to the top!](#just)", its title written
    "<h1 align=center><code>just</code></h1>"; check said no heading had that anchor."""
    body = "<h1 align=center><code>just</code></h1>\n\nText.\n\n<H3>Shell Recipes</H3>\n"
    offered = set(fragments.of(body, markdown.scan(body).headings))
    assert {"just", "shell-recipes"} <= offered
    assert not any("code" in anchor for anchor in offered)  # the tags are no words


def test_a_myst_target_above_a_heading_is_an_anchor() -> None:
    """jupyter/enhancement-proposals: "(appendix-repositories)=" above a heading is a
    MyST label its site serves as an anchor; check said the link to it was broken.
    Written inside code, or in a sentence, it is none."""
    body = (
        "See the [repositories](#appendix-repositories).\n\n(appendix-repositories)=\n"
        "## Appendix: the repositories\n\nText (not-a-label)= here.\n\n"
        "```\n(in-code)=\n```\n"
    )
    offered = set(fragments.of(body, markdown.scan(body).headings))
    assert "appendix-repositories" in offered
    assert not {"not-a-label", "in-code"} & offered


def test_headings_linked_by_reference_and_githubs_prefixed_ids_are_offered() -> None:
    # NixOS/rfcs' RFC 42: "## [Part 1][part1]" twice, linked as #part-1-1; RFC 140
    # links <a id="req-ref"> as #user-content-req-ref, the id GitHub serves
    body = '## [Part 1][part1]\n\n## [Part 1][part1]\n\n<a id="req-ref"></a> x\n'
    offered = fragments.of(body, markdown.scan(body).headings)
    assert {"part-1", "part-1-1"} <= set(offered)
    assert fragments.offers(offered, "user-content-req-ref")
    assert not fragments.offers(offered, "user-content-part-2")
    assert passages.shown_heading("[Part 1][part1]") == "Part 1"
    assert passages.shown_heading("The [client](client.md) API") == "The client API"


def test_brackets_inside_a_code_span_of_a_heading_are_no_link() -> None:
    """electron/electron: "### `utilityProcess.fork(modulePath[, args][, options])`" was
    shown as "fork(modulePath, args)", and a link to its GitHub anchor reported (W019)."""
    title = "`utilityProcess.fork(modulePath[, args][, options])`"
    body = f"# Utility\n\n### {title}\n\n### [`Other`](#other) part\n"
    offered = fragments.of(body, markdown.scan(body).headings)
    assert fragments.offers(offered, "utilityprocessforkmodulepath-args-options")
    assert fragments.offers(offered, "other-part")
    assert passages.shown_heading(title) == title
    assert passages.shown_heading("[`Other`](#other) part") == "`Other` part"
    assert passages.shown_heading("`a[0](1)` and [b](c.md)") == "`a[0](1)` and b"


def test_the_terms_of_a_definition_list_are_offered() -> None:
    """gohugoio/hugoDocs: Hugo gives each term of a definition list an id
    (autoDefinitionTermID); 216 links to `#publishdir` and the like were reported."""
    body = (
        "# Settings\n\n`publishDir`\n: (`string`) Where the site is written.\n\n"
        "baseURL\n\n: The address the site is served at.\n\n- a list item\n: not a term\n"
    )
    offered = set(fragments.of(body, markdown.scan(body).headings))
    assert {"publishdir", "baseurl"} <= offered
    assert "a-list-item" not in offered


def test_a_term_and_a_heading_of_the_same_name_are_numbered_as_one_series() -> None:
    """gohugoio/hugoDocs: the term `OPTIONS` is #options, so the heading "## Options"
    below it is #options-1 (and the site links to it so); W019 said it was missing."""
    body = "`OPTIONS`\n: (`string`) Key-value pairs.\n\n## Options\n\nThe options.\n"
    offered = set(fragments.of(body, markdown.scan(body).headings))
    assert {"options", "options-1"} <= offered
    assert "options-2" not in offered


def test_an_html_anchor_whose_value_is_not_quoted_is_offered() -> None:
    """prometheus/docs: "<a name=run-prometheus></a>" above a heading; a link to
    #run-prometheus was reported missing. The heading's title leaves the anchor out."""
    body = (
        "<a name=run-prometheus></a>\n## <a id=start></a>Start it\n\n"
        "<span id='quoted'>x</span> <div id=\"double\">y</div>\n"
    )
    scanned = markdown.scan(body).headings
    offered = set(fragments.of(body, scanned))
    assert {"run-prometheus", "start", "quoted", "double", "start-it"} <= offered
    assert [passages.clean_heading(h.title) for h in scanned] == ["Start it"]


@pytest.mark.parametrize(
    ("written", "anchor"),
    [
        ("guide.md#Install", "Install"),  # as written: W019 quotes it so
        ("#caf%C3%A9", "café"),
        ("guide.md", None),
        ("code.py#L10-L20", None),
        ("page.md#:~:text=word", None),
        ("page.md#", None),
        ("app#/route/x", None),
    ],
)
def test_a_link_asks_for_one_anchor_at_most(written: str, anchor: str | None) -> None:
    assert links.anchor_asked(written) == anchor


def test_a_missing_anchor_is_quoted_as_written_and_found_whatever_its_case(
    make_base: MakeBase,
) -> None:
    """WebAssembly/design: W019 said "#types" of a link written "#Types", and the quoted
    text could not be found in the page."""
    root = make_base(
        {
            "guide.md": doc("Guide", body="## Install\n\nRun it.\n"),
            "home.md": doc("Home", body="[a](guide.md#Install) and [b](guide.md#Types).\n"),
        }
    )
    said = [f.message for f in Brain.open(root).check().findings if f.code == "W019"]
    assert said == ["link to #Types: guide.md has no heading or id with that anchor"]


def test_a_link_to_a_section_that_is_not_there_is_reported(make_base: MakeBase) -> None:
    """encode/httpx linked ``transports.md#asgitransport`` under a heading "ASGI
    Transport" (``asgi-transport``): the check said nothing."""
    root = make_base(
        {
            "guide.md": doc("Guide", body=PAGE),
            "a.md": doc(
                "A",
                body="See [install](guide.md#install-the-mdbrain-tool), [old](guide.md#legacy),"
                " [gone](guide.md#asgitransport) and [here](#nowhere), [there](#a).\n\n"
                "[line](../src/x.py#L3)\n",
            ),
        }
    )
    found = [f for f in Brain.open(root).check().findings if f.code == "W019"]
    assert sorted((f.path, f.line, f.message) for f in found) == [
        ("a.md", 12, "link to #asgitransport: guide.md has no heading or id with that anchor"),
        ("a.md", 12, "link to #nowhere: this page has no heading or id with that anchor"),
    ]


def test_an_emoji_heading_offers_the_untrimmed_anchor_too() -> None:
    body = "# 🚀 Getting started\n\n## Deploy 🚀\n"
    offered = set(fragments.of(body, markdown.scan(body).headings))
    assert {"-getting-started", "getting-started", "deploy-", "deploy"} <= offered


def test_mdn_and_vitepress_anchors_are_offered_too() -> None:
    """mdn/content writes #samesite_attribute for "SameSite attribute"; VitePress leaves a
    component out of "input <NonInheritBadge />": 36 and 12 false W019 in trials."""
    page = (
        "## input <NonInheritBadge />\n\nx\n\n#### SameSite attribute\n\ny\n\n"
        "## Avoiding mid-air collisions\n"
    )
    offered = set(fragments.of(page, markdown.scan(page).headings))
    assert {"input", "samesite_attribute", "samesite-attribute"} <= offered
    assert "avoiding_mid-air_collisions" in offered
    assert "input_attribute" not in offered


def test_a_term_inside_fenced_code_takes_no_number() -> None:
    """Found in review: a definition list shown in a code block numbered the heading after
    it, so a broken link to #options-1 was no longer reported."""
    body = "```md\nOptions\n: not a term\n```\n\n## Options\n\nText.\n"
    offered = set(fragments.of(body, markdown.scan(body).headings))
    assert "options" in offered and "options-1" not in offered
