"""Links as an MkDocs site reads them: written from the address the site serves a page at
(``use_directory_urls``: ``microservices/general/messagebus/``), without ``.md``, or with
spaces in their path (Python-Markdown reads ``![](img/flow chart.png)`` whole). Import
leads them to the documents; the check reports those that lead nowhere."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from mdbrain.core import links, manifest, rules
from mdbrain.core.marker import Config
from mdbrain.service.brain import Brain
from tests.conftest import MakeBase
from tests.test_import_mdx import body
from tests.test_import_meaning import TODAY, pages, run_import

GATEWAY = "# API Gateway\n\n## Creating access token\n\nHow to get one.\n"
BUS = """\
# Message bus

Via the [API Gateway](../../../security/Ch-APIGateway) when secure,
[its token](../../../security/Ch-APIGateway#creating-access-token),
[the same](../../../security/Ch-APIGateway/), [the guide](../../../guide/),
[as a file](../../security/Ch-APIGateway), [by name](topics) and
[nowhere](../../../security/Nothing-Here).
"""


def _site(project: Path) -> Path:
    """edgex-docs in small: an MkDocs site's pages under docs_src/."""
    return pages(
        project / "docs_src",
        {
            "security/Ch-APIGateway.md": GATEWAY,
            "microservices/general/messagebus.md": BUS,
            "microservices/general/topics.md": "# Topics\n\nThe topics.\n",
            "guide/index.md": "# Guide\n\nStart here.\n",
        },
    )


def test_links_written_from_a_pages_address_lead_to_the_pages(make_base: MakeBase) -> None:
    root = make_base({})
    report = run_import(root, _site(root.parent))
    ids = report.imported
    bus = ids["microservices/general/messagebus.md"]
    text = body(root, bus)
    gateway = "../../security/ch-apigateway.md"
    assert ids["security/Ch-APIGateway.md"] == "docs-src/security/ch-apigateway.md"
    assert f"[API Gateway]({gateway})" in text
    assert f"[its token]({gateway}#creating-access-token)" in text
    assert f"[the same]({gateway})" in text
    assert "[the guide](../../guide/index.md)" in text
    assert f"[as a file]({gateway})" in text  # read from the page's folder
    assert "[by name](topics.md)" in text
    # a link to nowhere stays reported, and names the same place from the new one
    assert [b.target for b in report.broken_links] == ["../../../security/Nothing-Here"]
    assert "[nowhere](../../../../security/Nothing-Here)" in text


def test_zolas_internal_links_lead_to_the_pages_from_the_content_folder(
    make_base: MakeBase,
) -> None:
    """bevyengine/bevy-website: Zola's "@/learn/quick-start.md" (from content/) was kept
    as a missing link, and the check read "learn/@/learn/quick-start.md"."""
    root = make_base({})
    content = pages(
        root.parent / "content",
        {
            "guide/setup.md": '+++\ntitle = "Setup"\n+++\n\n## Install\n\nRun it.\n',
            "guide/intro.md": '+++\ntitle = "Intro"\n+++\n\nSee [x](@/guide/setup.md) and'
            " [y](@/guide/setup.md#install), and `[z](@/not/a/link.md)` in code.\n",
        },
    )
    report = run_import(root, content)
    assert not report.broken_links
    text = body(root, report.imported["guide/intro.md"])
    assert "[x](setup.md)" in text and "[y](setup.md#install)" in text
    assert "`[z](@/not/a/link.md)`" in text


HUGO = """\
baseURL = "/"
defaultContentLanguage = "en"

[languages.en]
  contentDir = "content/en"
"""


@pytest.mark.parametrize("mounted", [False, True])
def test_a_hugo_sites_folder_imported_whole_leads_its_root_links_to_the_pages(
    make_base: MakeBase, mounted: bool
) -> None:
    """kubernetes-sigs/gateway-api: ``init --scan`` proposed ``import site``, whose pages
    link one another from the site's root (``/docs/concepts/versioning/``), which Hugo
    builds from ``content/en``: 412 such links were kept leading nowhere."""
    root = make_base({})
    config = HUGO + ('\n[[module.mounts]]\n  source = "content/en"\n  target = "content"\n')
    site = pages(
        root.parent / "site",
        {
            "content/en/docs/guide.md": "# Guide\n\nSee [versions](/docs/concepts/versioning/), [the"
            " channels](/docs/concepts/versioning/#channels), [as a file]"
            "(/docs/concepts/versioning.md) and [nowhere](/docs/nothing/).\n",
            "content/en/docs/concepts/versioning.md": "# Versioning\n\n## Channels\n\nTwo.\n",
        },
    )
    (site / "hugo.toml").write_text(config if mounted else HUGO, encoding="utf-8")
    report = run_import(root, site)
    text = body(root, report.imported["content/en/docs/guide.md"])
    assert "[versions](concepts/versioning.md)" in text
    assert "[the channels](concepts/versioning.md#channels)" in text
    assert "[as a file](concepts/versioning.md)" in text
    assert "[nowhere](/docs/nothing/)" in text


def test_a_folders_own_page_links_from_the_address_the_site_serves_it_at(
    make_base: MakeBase,
) -> None:
    """open-policy-agent/opa: Docusaurus serves errors/index.md at ".../errors", no slash
    after it, so its "./errors/rego-type-error/arity-mismatch" leads to a page of its own
    folder; 41 such links were kept leading nowhere."""
    root = make_base({})
    site = pages(
        root.parent / "docs",
        {
            "errors/index.md": "# Errors\n\n[arity](./errors/type/arity-mismatch) and [as"
            " written](./type/arity-mismatch).\n",
            "errors/type/arity-mismatch.md": "# Arity mismatch\n\nToo many arguments.\n",
        },
    )
    report = run_import(root, site)
    text = body(root, report.imported["errors/index.md"])
    assert "[arity](type/arity-mismatch.md)" in text
    assert "[as written](type/arity-mismatch.md)" in text
    assert not report.broken_links


ADR_COMMON = """\
# Common configuration

- [0005-Service-Self-Config](../../adr/0005-Service-Self-Config/)
- [its file](../adr/0005-Service-Self-Config.md#decision)

![the flow](img/flow chart.png)
"""


def test_a_folder_imported_alone_keeps_its_links_written_for_the_whole_site(
    make_base: MakeBase,
) -> None:
    root = make_base({})
    adr = pages(
        root.parent / "docs_src" / "design" / "adr",
        {
            "0005-Service-Self-Config.md": "# Service self config\n\n## Decision\n\nSeed.\n",
            "0026-Common Configuration.md": ADR_COMMON,
        },
    )
    (adr / "img").mkdir()
    (adr / "img" / "flow chart.png").write_bytes(b"\x89PNG")
    report = run_import(root, adr)
    text = body(root, report.imported["0026-Common Configuration.md"])
    assert "[0005-Service-Self-Config](0005-service-self-config.md)" in text
    assert "[its file](0005-service-self-config.md#decision)" in text
    assert report.broken_links == ()
    assert "![the flow](../../docs_src/design/adr/img/flow%20chart.png)" in text


TOC = """\
# Design

| [Common configuration](./adr/0026-Common Configuration.md) | the record |
| [Its flow](./adr/0026-Common Configuration.md#flow "The flow") | a section |
| [URIs](./adr/0027-URIs for Files.md) | gone |
| [Variables](./adr/CommonEnvironmentVariables.md/#hosts) | the page, a slash after it |

![A chart](img/flow chart.png)
"""


def test_paths_with_spaces_are_read_whole_and_follow_the_pages(make_base: MakeBase) -> None:
    root = make_base({})
    design = pages(
        root.parent / "docs" / "design",
        {
            "toc.md": TOC,
            "adr/0026-Common Configuration.md": "# Common configuration\n\n## Flow\n\nIt.\n",
            "adr/CommonEnvironmentVariables.md": "# Variables\n\n## Hosts\n\nThem.\n",
        },
    )
    (design / "img").mkdir()
    (design / "img" / "flow chart.png").write_bytes(b"\x89PNG")
    report = run_import(root, design)
    ids = report.imported
    assert ids["adr/0026-Common Configuration.md"] == "design/adr/0026-common-configuration.md"
    text = body(root, ids["toc.md"])
    assert "[Common configuration](adr/0026-common-configuration.md)" in text
    assert '[Its flow](adr/0026-common-configuration.md#flow "The flow")' in text
    assert "[Variables](adr/common-environment-variables.md#hosts)" in text
    # a page that is not there: left as written, not cut at the space
    assert "[URIs](./adr/0027-URIs for Files.md)" in text
    # the image is found whole: no broken link, written from the document's new place
    assert "img/flow" not in {b.target for b in report.broken_links}
    assert "![A chart](../../docs/design/img/flow%20chart.png)" in text


# --- the check ----------------------------------------------------------------------------

LINKING = """\
---
title: Linking
summary: A page with links written as a site's routes.
type: reference
status: draft
created: 2026-01-05
updated: 2026-01-05
---

# Linking

[gone](./gone-page), [gone with an anchor](../guide/gone#intro),
[a page](./other), [a page with a slash](./other/), [a folder](../guide/),
[images](./img/), [the root](../), [a site's path](/docs/x), [a site's route](guide/intro),
[a word](TODO), [a section](#linking), [the web](https://example.org/a),
[above the base](../../src/tool), [no folder](../nothing/), [the page](./other.md/#top),
[nothing above the base](../../src/gone), [out of the project](../../../../elsewhere)
"""
PLAIN = "---\ntitle: {0}\nsummary: {0}.\ntype: reference\nstatus: draft\n---\n\n# {0}\n"


def test_the_check_reports_routes_that_lead_nowhere(make_base: MakeBase) -> None:
    root = make_base(
        {
            "notes/linking.md": LINKING + "\n![chart](img/chart.png)\n",
            "notes/other.md": PLAIN.format("Other") + "\n[back](linking.md)\n",
            "guide/index.md": PLAIN.format("Guide") + "\n[notes](../notes/linking.md)\n",
            "notes/img/chart.png": b"\x89PNG",
        }
    )
    (root.parent / "src" / "tool").mkdir(parents=True)  # a folder of the project's code
    report = Brain.open(root, clock=lambda: TODAY).check(repair=False)
    found = sorted(
        (f.line, f.message)
        for f in report.findings
        if f.code == "W001" and f.path == "notes/linking.md"
    )
    assert found == [
        (12, "link to guide/gone, which is not a document, a folder or a file"),
        (12, "link to notes/gone-page, which is not a document, a folder or a file"),
        (16, "link to nothing, which is not a document, a folder or a file"),
        (17, "link to ../src/gone, which is not a document, a folder or a file"),
    ]


@pytest.mark.parametrize(
    ("written", "route"),
    [
        ("../../../security/Ch-APIGateway", "../security/Ch-APIGateway"),
        ("./gone#intro", "a/b/gone"),
        ("../c/", "a/c"),
        ("./other.md/#x", "a/b/other.md"),
        ("./a%20b", "a/b/a b"),
        ("other", None),  # a word: Hugo's glossary "g", "TODO"
        ("guide/intro", None),  # a site may read it from its root
        ("golang.org/issue/1", None),
        ("/docs/x", None),
        ("./other.md", None),  # a document: links.resolve reads it
        ("./chart.png", None),  # a file: links.file_target reads it
        ("#top", None),
        ("https://example.org/a", None),
        ("./{{ page }}", None),
    ],
)
def test_a_route_is_a_relative_path_without_a_suffix(written: str, route: str | None) -> None:
    assert links.route_target("a/b/page.md", written) == route


def test_a_route_above_the_base_is_judged_by_what_the_disk_says() -> None:
    entry = manifest.entry_from_text(PLAIN.format("Page") + "\n[x](../../tool)\n", "a/page.md")
    assert entry.routes == (("../tool", 10),)
    found = manifest.build([entry])
    today = dt.date(2026, 1, 5)

    def w001(existing: frozenset[str] | None) -> list[str]:
        ctx = rules.Context(found, Config(root="kb"), today, existing_routes=existing)
        return [f.message for f in rules.broken_links(ctx)]

    assert w001(None) == []  # not asked: not judged
    assert w001(frozenset({"../tool"})) == []
    assert w001(frozenset()) == ["link to ../tool, which is not a document, a folder or a file"]


def _docs_and_blog(project: Path) -> tuple[Path, Path]:
    """prometheus/docs in small: docs/ and blog/posts/, each linking the other by the
    site's addresses (a blog serves a post at /blog/<day as folders>/<name>/)."""
    docs = pages(
        project / "docs",
        {
            "practices/alerting.md": "# Alerting\n\nAlert on symptoms.\n",
            "concepts/types.md": "# Metric types\n\nSee [the news](/blog/2026/02/14/samples/).\n",
        },
    )
    blog = pages(
        project / "blog",
        {
            "posts/2026-02-14-samples.md": "# Samples\n\nSee [alerting](/docs/practices/alerting/).\n",
            "posts/2026-03-01-later.md": "# Later\n\nAs [before](/blog/2026/02/14/samples/#why).\n",
        },
    )
    return docs, blog


@pytest.mark.parametrize("blog_first", [False, True])
def test_pages_of_two_imports_linked_by_site_addresses_lead_to_each_other(
    make_base: MakeBase, blog_first: bool
) -> None:
    # prometheus/docs: /docs/... from the blog, /blog/2026/02/14/... from the docs and the
    # blog itself, stayed links to the site, whichever was imported first
    root = make_base({})
    docs, blog = _docs_and_blog(root.parent)
    for source in (blog, docs) if blog_first else (docs, blog):
        run_import(root, source)
    assert "[the news](../blog/posts/2026-02-14-samples.md)" in body(root, "concepts/types.md")
    post = body(root, "blog/posts/2026-02-14-samples.md")
    assert "[alerting](../../practices/alerting.md)" in post
    assert "[before](2026-02-14-samples.md#why)" in body(root, "blog/posts/2026-03-01-later.md")


def test_a_route_of_a_site_serving_its_source_at_its_root_leads_to_a_page_imported_later(
    make_base: MakeBase,
) -> None:
    """nestjs/docs.nestjs.com serves content/ at its root: guards.md links the route
    /security/authentication. That page, held back by the guard, came in with a second
    import, and the link in guards.md stayed a route to the site for good."""
    root = make_base({})
    content = pages(
        root.parent / "content",
        {"guards.md": "# Guards\n\nRead [this chapter](/security/authentication) first.\n"},
    )
    run_import(root, content)
    assert "](/security/authentication)" in body(root, "guards.md")  # no such page yet
    pages(content, {"security/authentication.md": "# Authentication\n\nSign users in.\n"})
    run_import(root, content)
    assert "[this chapter](security/authentication.md)" in body(root, "guards.md")
