"""A Jekyll site's links between its pages lead to the imported pages: those it writes
as tags (``{{ site.baseurl }}{% link _moissonnage/intro.md %}``, ``{% post_url ... %}``)
and those to where it serves a collection's documents (``/moissonnage/dcat/``).
etalab/doc.data.gouv.fr keeps its pages in collections under ``articles/``
(``collections_dir``): 22 tag links and 8 addresses were kept as written, and the
pages they lead to were linked by none."""

from __future__ import annotations

from pathlib import Path

from mdbrain.core import sites
from mdbrain.service.brain import Brain
from tests.conftest import MakeBase
from tests.test_import import check_errors, run_import

CONFIG = """\
title: Demo
permalink: pretty
collections_dir: articles
collections:
  guides:
    output: true
  api:
    output: true
    permalink: /reference/:path/
  notes:
    title: Not served
"""

START = """\
---
title: Start
---
# Start

Read [the intro]({{ site.baseurl }}{% link _guides/intro.md %}) first,
then [a call]({% link _api/calls.md %}#create) and
[the intro again]({{site.baseurl}}{%link _guides/intro.md%}#why).
From the site's folder: [calls]({% link articles/_api/calls.md %}).
The news: [launch]({{ site.baseurl }}{% post_url 2024-01-02-launch %}).
[Gone]({{ site.baseurl }}{% link _guides/gone.md %}) is no page.
In code: `[x]({% link _guides/intro.md %})` stays.

See [the reference][ref].

[ref]: {% link _api/calls.md %}

## Setup

Set it up.
"""

INTRO = """\
---
title: Intro
---
# Intro

## Why

Back to [the start](/guides/start/), its [setup](/guides/start#setup), the
[calls](/reference/calls) and [as built](/guides/start.html).
[Moved](/elsewhere/) is where its page says; [not served](/notes/one) stays.
"""

CALLS = """\
---
title: Calls
---
# Calls

## Create

See [the intro](/guides/intro) and [the moved page](/guides/moved/).
"""

MOVED = "---\ntitle: Moved\npermalink: /elsewhere/\n---\n# Moved\n\nIt moved.\n"
ONE = "---\ntitle: One\n---\n# One\n\nA note.\n"
LAUNCH = "---\ntitle: Launch\n---\n# Launch\n\nWe launched.\n"


def _site(project: Path) -> None:
    files = {
        "_config.yml": CONFIG,
        "articles/_guides/start.md": START,
        "articles/_guides/intro.md": INTRO,
        "articles/_guides/moved.md": MOVED,
        "articles/_api/calls.md": CALLS,
        "articles/_notes/one.md": ONE,
        "articles/_posts/2024-01-02-launch.md": LAUNCH,
    }
    for name, text in files.items():
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(text, encoding="utf-8")


def _imported(make_base: MakeBase) -> tuple[Path, dict[str, str], list[str]]:
    root = make_base({})
    project = root.parent
    _site(project)
    report = run_import(root, project / "articles")
    texts = {
        source: (root / doc_id).read_text(encoding="utf-8")
        for source, doc_id in report.imported.items()
    }
    assert report.imported["_guides/start.md"] == "articles/guides/start.md"
    broken = [f"{b.source}:{b.line}: {b.target}" for b in report.broken_links]
    return root, texts, broken + list(report.notes)


def test_a_link_tag_leads_to_the_page_of_the_file_it_names(make_base: MakeBase) -> None:
    _root, texts, _said = _imported(make_base)
    start = texts["_guides/start.md"]
    assert "[the intro](intro.md) first" in start
    assert "[a call](../api/calls.md#create)" in start
    assert "[the intro again](intro.md#why)" in start
    assert "[calls](../api/calls.md)." in start  # from the site's folder, not the collections'
    assert "[launch](../posts/2024-01-02-launch.md)." in start
    assert "[ref]: ../api/calls.md\n" in start
    assert "`[x]({% link _guides/intro.md %})` stays" in start  # code stays code


def test_a_link_tag_naming_no_page_is_kept_and_reported(make_base: MakeBase) -> None:
    _root, texts, said = _imported(make_base)
    assert (
        "[Gone]({{ site.baseurl }}{% link _guides/gone.md %}) is no page."
        in texts["_guides/start.md"]
    )
    assert "_guides/start.md:11: {{ site.baseurl }}{% link _guides/gone.md %}" in said
    # the tags that lead to pages are no macros kept as written any more: that one is
    [note] = [n for n in said if "template macros" in n]
    assert note.startswith(
        "_guides/start.md: holds template macros ({{ site.baseurl }}, {% link _guides/gone.md %})"
    )


def test_a_collections_address_leads_to_its_page(make_base: MakeBase) -> None:
    _root, texts, _said = _imported(make_base)
    intro = texts["_guides/intro.md"]
    assert "[the start](start.md)" in intro
    assert "[setup](start.md#setup)" in intro
    assert "[calls](../api/calls.md)" in intro  # the collection's own permalink
    assert "[as built](start.md)" in intro
    assert "[Moved](moved.md)" in intro  # the page's own permalink
    assert "[not served](/notes/one)" in intro  # a collection the site does not output
    calls = texts["_api/calls.md"]
    assert "[the intro](../guides/intro.md)" in calls
    # a page's own permalink wins: the collection's address leads nowhere
    assert "[the moved page](/guides/moved/)" in calls


def test_the_imported_site_checks_clean_and_knows_who_links_to_whom(
    make_base: MakeBase,
) -> None:
    root, _texts, _said = _imported(make_base)
    assert "W019" not in check_errors(root)  # no link to a missing section either
    with Brain.open(root) as brain:
        linked_by = brain.show("articles/guides/intro.md").links.get("linked_by", ())
    assert {"articles/guides/start.md", "articles/api/calls.md"} <= set(linked_by)


def test_what_a_jekyll_configuration_says_of_its_collections() -> None:
    site = sites.jekyll_site(
        {
            "collections_dir": "../outside",
            "collections": {
                "guides": {"output": True, "permalink": "pretty"},
                "api": {"output": "yes", "permalink": "/:collection/:categories/:name"},
                "notes": None,
                "posts": {"output": True},
            },
        }
    )
    assert site.collections_dir == ""  # outside the site: none
    assert site.collections == (
        ("guides", "/:collection/:path/"),
        ("api", "/:collection/:categories/:name"),
    )
    assert sites.jekyll_address(site, "_guides/a/b.md") == "/guides/a/b"
    assert sites.jekyll_address(site, "_api/b.md") is None  # a placeholder it cannot fill
    assert sites.jekyll_address(site, "_notes/b.md") is None
    assert sites.jekyll_site({"collections": ["guides"]}).collections == ()
