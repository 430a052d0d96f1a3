"""Middleman sites (GOV.UK's technical documentation): init finds their pages, named
``a.html.md.erb``, and import brings them in as ``a.md`` with their links followed and
the ERB tags that print their own fields replaced."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from mdbrain.core import conversion, sites
from mdbrain.service.bootstrap import init_base
from tests.conftest import MakeBase
from tests.test_import_mdx import _project, body
from tests.test_import_meaning import check_errors, meta, pages, run_import

RUNBOOK = """\
---
title: Recycle all nodes
weight: 120
last_reviewed_on: 2026-04-15
review_in: 6 months
---

# <%= current_page.data.title %>

Reviewed on <%= current_page.data[:last_reviewed_on] %>, every <%= current_page.data["review_in"] %>.
First [drain the nodes](drain-nodes.html#before), then read [the upgrade](/upgrades/eks.html).
See [all upgrades](upgrades/) and [again](/upgrades/).

<%= partial "documentation/shared/escalate" %>
"""
DRAIN = """\
---
title: Drain nodes
---

# Drain nodes

Cordon each node, then drain it. Back to [recycling](recycle-all-nodes.html).
"""
UPGRADE = """\
---
title: Upgrade EKS
---

# Upgrade EKS

Recycle the nodes afterwards: [recycle them](/recycle-all-nodes.html#gotchas), or see
[draining](../drain-nodes.html).
"""
INDEX = """\
# Upgrades

- [EKS](eks.html)
- [Recycling](/recycle-all-nodes.html.md.erb), written with its source's name
- [Draining](../drain-nodes.html)

![diagram](<%= image_path 'upgrades.png' %>)
"""
SITE = {
    "source/recycle-all-nodes.html.md.erb": RUNBOOK,
    "source/drain-nodes.html.md.erb": DRAIN,
    "source/upgrades/eks.html.md": UPGRADE,
    "source/upgrades/index.html.md.erb": INDEX,
    "source/stylesheets/screen.css.scss": "body { margin: 0 }\n",
    "config/tech-docs.yml": "host: https://runbooks.example.org\nshow_govuk_logo: false\n",
}


def test_a_middleman_page_is_named_as_it_is_served() -> None:
    assert conversion.page_stem("recycle-all-nodes.html.md.erb") == "recycle-all-nodes"
    assert conversion.page_stem("eks.html.md") == "eks"
    assert conversion.page_stem("notes.md.erb") == "notes"
    assert conversion.page_stem("guide.mdx") == "guide"
    assert conversion.page_stem("a.html.md.erb".upper()) == "A"
    assert conversion.page_stem(".html.md") == ".html"  # no name left: the suffix stays
    assert conversion.is_page("a.html.md.erb") and not conversion.is_page("a.html.erb")
    assert conversion.title_of("", {}, "runbooks/recycle-all-nodes.html.md.erb") == (
        "Recycle all nodes"
    )


def test_erb_tags_printing_the_pages_own_fields_are_replaced() -> None:
    fields = {"title": "Recycle", "weight": 3, "reviewed": dt.date(2026, 4, 15), "on": True}
    text = (
        "# <%= current_page.data.title %>\n"
        "<%= current_page.data[:weight] %> <%=current_page.data['reviewed']-%>\n"
        "<%= current_page.data.on %> <%= current_page.data.missing %> <%= partial 'x' %>\n"
    )
    assert conversion.erb_fields(text, fields).splitlines() == [
        "# Recycle",
        "3 2026-04-15",
        "<%= current_page.data.on %> <%= current_page.data.missing %> <%= partial 'x' %>",
    ]
    assert conversion.erb_fields("no tags", fields) == "no tags"


def test_init_proposes_the_source_of_a_tech_docs_site(tmp_path: Path) -> None:
    files = dict(SITE) | {"app/main.rb": "puts 1\n", "README.md": "# Runbooks\n\nText.\n"}
    report = init_base(_project(tmp_path / "repo", files), "docs-rag")
    assert [(p.folder, p.count, p.site) for p in report.pages] == [
        ("source", 4, sites.Site("Middleman", "config/tech-docs.yml"))
    ]


def test_a_middleman_site_is_imported_with_its_links_and_fields(make_base: MakeBase) -> None:
    root = make_base({})
    project = pages(root.parent / "runbooks", SITE)
    report = run_import(root, project / "source")
    assert report.imported == {
        "recycle-all-nodes.html.md.erb": "recycle-all-nodes.md",
        "drain-nodes.html.md.erb": "drain-nodes.md",
        "upgrades/eks.html.md": "upgrades/eks.md",
        "upgrades/index.html.md.erb": "upgrades/home.md",
    }
    assert report.broken_links == ()  # every link followed
    text = body(root, "recycle-all-nodes.md")
    assert text.startswith("\n# Recycle all nodes\n")
    assert "Reviewed on 2026-04-15, every 6 months." in text
    assert "[drain the nodes](drain-nodes.md#before)" in text
    assert "[the upgrade](upgrades/eks.md)" in text
    assert '<%= partial "documentation/shared/escalate" %>' in text  # left as written
    assert "[recycling](recycle-all-nodes.md)" in body(root, "drain-nodes.md")
    upgrade = body(root, "upgrades/eks.md")
    assert "[recycle them](../recycle-all-nodes.md#gotchas)" in upgrade
    assert "[draining](../drain-nodes.md)" in upgrade
    assert "[all upgrades](upgrades/home.md) and [again](upgrades/home.md)" in text
    index = body(root, "upgrades/home.md")
    assert "[Recycling](../recycle-all-nodes.md)" in index
    assert "(<%= image_path 'upgrades.png' %>)" in index  # an expression: left, unreported
    assert meta(root, "upgrades/home.md")["type"] == "overview"  # made of links to pages
    assert meta(root, "upgrades/home.md")["title"] == "Upgrades"
    assert meta(root, "recycle-all-nodes.md")["title"] == "Recycle all nodes"
    assert "W001" not in check_errors(root)  # no link to a missing document
