"""Import keeps what pages mean: prose summaries, their dates, their links, their names."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from mdbrain.adapters.cli import cli
from mdbrain.core import adr, conversion, dates, document, foreign_links, sites, slug, summary
from mdbrain.service import importing
from mdbrain.service.brain import Brain
from mdbrain.service.importing import ImportReport
from tests.conftest import CORPORA, MakeBase, write_base

TODAY = dt.date(2026, 7, 1)
GSP = CORPORA / "adr-gsp" / "docs" / "architecture" / "adr"
FR_DOCS = CORPORA / "fr-docs" / "files"
needs_corpora = pytest.mark.skipif(
    not CORPORA.is_dir(), reason=f"the shared corpora are not there ({CORPORA})"
)


def run_import(root: Path, source: Path, **options: Any) -> ImportReport:
    with Brain.open(root, clock=lambda: TODAY) as brain:
        return importing.import_folder(brain.session, source, **options)


def meta(root: Path, doc_id: str) -> dict[str, Any]:
    return document.loads((root / doc_id).read_text(encoding="utf-8"), doc_id).meta


def pages(folder: Path, texts: dict[str, str]) -> Path:
    for name, text in texts.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def check_errors(root: Path) -> list[str]:
    report = Brain.open(root, clock=lambda: TODAY).check(repair=False)
    assert report.exit_code() == 0, [f for f in report.findings if f.severity == "error"]
    return [f.code for f in report.findings]


# --- summaries -----------------------------------------------------------------------------

SITE = {
    "nav.md": "# Install\n\n> Back to homepage\n\nInstall the service with one command.\n",
    "crumbs.md": "[Docs](index.md) › [Guides](g.md) › Setup\n\n# Setup\n\nSetup takes a minute.\n",
    "hint.md": "!!! hint\n    Coming from Requests? Use a Client.\n\n# Clients\n\n"
    "A client keeps connections open between requests.\n",
    "admonition-only.md": "# Stub\n\n:::info Work in progress\nThis page will be completed soon.\n:::\n",
    "alert.md": "# Immer\n\n> [!IMPORTANT]\n> Install immer first.\n\n"
    "The middleware lets you update state without copying it.\n",
    "html.md": '<p align="center">\n  <img src="logo.png" alt="Logo">\n</p>\n\n<h1 align="center">\n'
    "HTTPX\n</h1>\n\n[![CI](https://ci.example.org/badge.svg)](https://ci.example.org) "
    "[![PyPI][pypi-badge]][pypi]\n\nHTTPX is a fully featured HTTP client for Python.\n",
    "toc.md": "# Guide\n\n## Table of contents\n\n- [Intro](#intro)\n- [Usage](#usage)\n\n"
    "## Intro\n\nThe guide walks through the whole workflow.\n",
    "css.md": "<style>\n.wide { width: 100%; }\n</style>\n\n# Styled\n\n"
    "The styled page explains the layout rules.\n",
    "template.md": '{% from "components/component.njk" import component %}\n\n'
    '{{ component("table", {\n    headers: ["a", "b"]\n}) }}\n\n'
    "La livraison est une entité qui permet de déposer des fichiers.\n",
    "docusaurus.md": "<!-- markdownlint-disable -->\n---\nsidebar_position: 2\ntitle: Queues\n---\n\n"
    "Queues hold the jobs until a worker takes them.\n",
    "described.md": "---\ntitle: Ingest\ndescription: How data enters the platform.\n---\n\n"
    "> Back to homepage\n",
    "hugo.md": '+++\ntitle = "Deploy"\nsummary = "Ship a release to production."\nweight = 3\n+++\n\n'
    "Some text.\n",
    "snippet.md": '# Contributing\n\n--8<-- "CONTRIBUTING.md"\n',  # the whole page, included
    # as in kubernetes/enhancements: a checklist every proposal opens with, then its summary
    "kep.md": "# KEP-753: Sidecar containers\n\n## Release Signoff Checklist\n\n"
    "Items marked with (R) are required prior to targeting a release.\n\n- [ ] (R) Design\n\n"
    "## Summary\n\nSidecar containers start before the app and stop after it.\n\n"
    "## Motivation\n\nMany pods need a helper.\n",
}
EXPECTED_SUMMARIES = {
    "nav.md": "Install the service with one command.",
    "crumbs.md": "Setup takes a minute.",
    "hint.md": "A client keeps connections open between requests.",
    "admonition-only.md": "This page will be completed soon.",
    "alert.md": "The middleware lets you update state without copying it.",
    "html.md": "HTTPX is a fully featured HTTP client for Python.",
    "toc.md": "The guide walks through the whole workflow.",
    "css.md": "The styled page explains the layout rules.",
    "template.md": "La livraison est une entité qui permet de déposer des fichiers.",
    "docusaurus.md": "Queues hold the jobs until a worker takes them.",
    "described.md": "How data enters the platform.",
    "hugo.md": "Ship a release to production.",
    "snippet.md": "Contributing",  # nothing of its own to say: its title
    "kep.md": "Sidecar containers start before the app and stop after it.",
}


def test_summaries_come_from_the_first_prose_paragraph_or_the_foreign_description(
    make_base: MakeBase, tmp_path: Path
) -> None:
    source = pages(tmp_path / "site", SITE)
    root = make_base({})
    report = run_import(root, source)
    found = {path: meta(root, doc_id)["summary"] for path, doc_id in report.imported.items()}
    assert found == EXPECTED_SUMMARIES
    docusaurus = meta(root, "docusaurus.md")
    assert (docusaurus["title"], docusaurus["sidebar_position"]) == ("Queues", 2)
    hugo = meta(root, "hugo.md")
    assert (hugo["title"], hugo["weight"]) == ("Deploy", 3)
    assert (
        "sidebar_position"
        not in (root / "docusaurus.md").read_text(encoding="utf-8").split("---\n", 2)[2]
    )
    check_errors(root)


@pytest.mark.parametrize(
    ("body", "kinds"),
    [
        ("Next, install the tools.\n", ["prose"]),  # a sentence, not a "Next" link
        ("Next: [Installation](install.md)\n", []),
        ("**English** | [中文](readme-zh.md)\n", []),
        ("**Extra features**\n\nClients pool connections.\n", ["prose"]),
        ("Date: 2021-03-04\n\nWe chose Postgres.\n", ["prose"]),  # metadata left out
        ("- [Types](#types)\n- [Usage](#usage)\n", []),
        ("* `const char* saveName`\n", ["short"]),
        ("<details>\n<summary>More</summary>\n\nHidden text here.\n</details>\n", []),
        ("??? Request body\n```json\n{}\n```\n???\n", []),
        ("このガイドでは、ローカル開発から本番まで説明します。\n", ["prose"]),
    ],
)
def test_each_paragraph_is_read_for_what_it_is(body: str, kinds: list[str]) -> None:
    assert [block.kind for block in summary.blocks(body)] == kinds


@needs_corpora
def test_french_pages_keep_their_titles_and_get_prose_summaries(make_base: MakeBase) -> None:
    """The developer guides (templates and collapsible blocks before the prose) and the
    map pages (admonitions on pages still being written) of fr-docs."""
    root = make_base({})
    french = FR_DOCS / "content" / "fr"
    maps = french / "partenaires" / "ign" / "representations-cartographiques-souveraines"
    guides = run_import(root, french / "guides-developpeur", theme="dev")
    cards = run_import(root, maps, theme="cartes")
    assert len(guides.imported) + len(guides.skipped) == 71
    assert len(cards.imported) + len(cards.skipped) == 29
    imported = {**guides.imported, **cards.imported}
    summaries = {path: meta(root, doc_id)["summary"] for path, doc_id in imported.items()}
    markup = [p for p, s in summaries.items() if any(m in s for m in ("{%", "{{", ":::", "???"))]
    assert markup == []
    raster = "tutoriels/gestion-des-donnees-raster/alimentation-diffusion-raster/livraison.md"
    assert summaries[raster].startswith(
        "La livraison est une entité qui permet de déposer un ensemble de fichiers"
    )
    assert summaries["cartes-historiques/carte-cassini.md"] == (
        "Cette page sera complétée prochainement."
    )
    vector = "tutoriels/gestion-des-donnees-vecteur/alimentation-mise-a-jour-vecteur/"
    page = meta(root, imported[vector + "premiere-injection.md"])
    assert page["title"] == "Injection d’un premier lot de données"
    # its one prose paragraph before code only announces it ("… arborescence :"): the
    # summary is the page's first sentence that stands alone
    assert page["summary"].startswith("On utilise à nouveau le traitement d")
    assert not any(s.rstrip().endswith(":") for s in summaries.values())
    assert all(len(s) <= 240 for s in summaries.values())
    check_errors(root)


# --- dates ----------------------------------------------------------------------------------

DATED_LOG = {
    "0001-use-postgres.md": "# 1. Use Postgres\n\nDate: 2019-05-02\n\n## Status\n\n"
    "Superseded by [3. Aurora](0003-use-aurora.md)\n\n## Decision\n\nWe use Postgres.\n",
    "0002-madr.md": "# Use queues\n\n* Status: accepted\n* Deciders: ops\n* Date: 2020-01-15\n\n"
    "## Decision Outcome\n\nWe use queues.\n",
    "0003-use-aurora.md": "# 3. Aurora\n\n## Status\n\nAccepted on 4 March 2021\n\n"
    "Supersedes [1. Use Postgres](0001-use-postgres.md)\n\n## Decision\n\nWe use Aurora.\n",
    "0004-front-matter.md": "---\nstatus: accepted\ndate: 2022-06-30\n---\n# Four\n\n"
    "## Decision\n\nWe keep four.\n",
}


def test_decision_record_dates_become_created_and_updated_and_brief_as_of_follows_them(
    make_base: MakeBase, tmp_path: Path
) -> None:
    source = pages(tmp_path / "adr", DATED_LOG)
    root = make_base({})
    report = run_import(root, source, theme="decisions", verified=True)
    days = {
        p: (meta(root, d)["created"], meta(root, d)["updated"]) for p, d in report.imported.items()
    }
    assert days == {
        "0001-use-postgres.md": (dt.date(2019, 5, 2), dt.date(2019, 5, 2)),
        "0002-madr.md": (dt.date(2020, 1, 15), dt.date(2020, 1, 15)),
        "0003-use-aurora.md": (dt.date(2021, 3, 4), dt.date(2021, 3, 4)),
        "0004-front-matter.md": (dt.date(2022, 6, 30), dt.date(2022, 6, 30)),
    }
    old = meta(root, "decisions/0001-use-postgres.md")
    assert old["status"] == "deprecated" and old["superseded_on"] == dt.date(2021, 3, 4)
    assert meta(root, "decisions/0003-use-aurora.md")["reviewed"] == TODAY

    def in_force(day: dt.date) -> list[str]:
        with Brain.open(root, clock=lambda: TODAY) as brain:
            return sorted(item.id for item in brain.brief("decisions", as_of=day).items)

    assert in_force(dt.date(2019, 1, 1)) == []
    assert in_force(dt.date(2020, 6, 1)) == [
        "decisions/0001-use-postgres.md",
        "decisions/0002-madr.md",
    ]
    assert in_force(dt.date(2021, 6, 1)) == [
        "decisions/0002-madr.md",
        "decisions/0003-use-aurora.md",
    ]
    check_errors(root)


def test_a_records_changelog_dates_it_and_its_days_read_as_cosmos_writes_them() -> None:
    """cosmos/cosmos-sdk's records have no Date line: a Changelog section, "2019 Aug 31:
    Initial draft" first, and some write "20.08.2021"; every record got git's day."""
    assert dates.day("2019 Aug 31") == dt.date(2019, 8, 31)
    assert dates.day("Date: 20.08.2021") == dt.date(2021, 8, 20)
    assert dates.day("version 1.2.3") is None
    # golang/proposal's freeze-syscall says "Date: 2014": its first day, not git's 2022
    year = dates.in_text("# Freeze syscall\n\nAuthor: Rob Pike\nDate: 2014\n\nText.\n", TODAY)
    assert year.created == (dt.date(2014, 1, 1),)
    assert dates.in_text("# X\n\nDate: 2014 and 2015 releases\n", TODAY).created == ()
    body = (
        "# ADR 010: Modular AnteHandler\n\n## Changelog\n\n"
        "* 2019 Aug 31: Initial draft\n* 20.08.2021: Revised\n"
        "* 2021 Sep 14: Superseded by ADR-045\n\n## Status\n\nSUPERSEDED by ADR-045\n\n"
        "## Context\n\nIn 2030 Aug 1 we may look again.\n"
    )
    stated = dates.in_text(body, TODAY)
    assert stated == dates.Stated((dt.date(2019, 8, 31),), (dt.date(2021, 9, 14),))
    assert dates.of_page({}, [], TODAY, body=body) == (dt.date(2019, 8, 31), dt.date(2021, 9, 14))


def test_days_are_read_in_the_ways_logs_write_them() -> None:
    assert dates.day("Accepted on 2021-03-04") == dt.date(2021, 3, 4)
    assert dates.day("4 mars 2021") == dt.date(2021, 3, 4)
    assert dates.day("March 4, 2021") == dt.date(2021, 3, 4)
    assert dates.day("03/04/2021") is None
    assert dates.day("03/04/2021", month_first=True) == dt.date(2021, 3, 4)
    # read one way only (found on a record of joelparkerhenderson's collection)
    assert dates.day("Date: 18/03/2022") == dt.date(2022, 3, 18)
    assert dates.day("18/03/2022", month_first=True) == dt.date(2022, 3, 18)
    assert dates.day("03/18/2022") == dt.date(2022, 3, 18)
    assert dates.day("2021-02-30") is None
    later = {"date": "2099-01-01", "lastmod": "2020-02-02"}
    assert dates.of_page(later, [], TODAY) == (dt.date(2020, 2, 2), dt.date(2020, 2, 2))
    # openshift/enhancements writes its fields with hyphens
    hyphens = {"creation-date": "2019-09-05", "Last-Updated": "2019-09-25"}
    assert dates.of_page(hyphens, [], TODAY) == (dt.date(2019, 9, 5), dt.date(2019, 9, 25))
    assert dates.field_day(hyphens) == dt.date(2019, 9, 5)
    assert dates.field_day({"title": "x"}) is None
    # bazelbuild/proposals' tool-visibility: "last updated" before "created", in a file
    # named for the day created says; it was swapped into created, with no word
    slip = {"created": "2019-10-15", "last updated": "2018-10-23"}
    named = "designs/2019-10-15-tool-visibility.md"
    assert dates.of_page(slip, [], TODAY, path=named) == (dt.date(2019, 10, 15),) * 2
    assert dates.of_page(slip, [], TODAY) == (dt.date(2018, 10, 23), dt.date(2019, 10, 15))
    # jupyter/enhancement-proposals: "date-started" is the day a JEP was written; git's
    # day of the folder's last move was taken, and "last-update" as created
    jep = {"date-started": "2022-02-10", "last-update": "2023-10-10"}
    assert dates.of_page(jep, [], TODAY) == (dt.date(2022, 2, 10), dt.date(2023, 10, 10))
    # aws/aws-cdk-rfcs: "start date: 2020-3-29", a space in the name and one digit
    cdk = {"feature name": "cdk-2.0", "start date": "2020-3-29"}
    assert dates.of_page(cdk, [], TODAY) == (dt.date(2020, 3, 29), dt.date(2020, 3, 29))


def test_a_madr_records_date_says_when_it_was_last_updated() -> None:
    """adr/madr's template: "date: {YYYY-MM-DD when the decision was last updated}"; its
    record 0008, written in 2018 and dated 2024-03-12, was said created in 2024."""
    madr = {"status": "accepted", "date": "2024-03-12", "decision-makers": "Oliver Kopp"}
    git_days = (dt.date(2018, 3, 6), dt.date(2024, 3, 12))
    assert dates.of_page(madr, [], TODAY, known=lambda: git_days) == (
        dt.date(2018, 3, 6),
        dt.date(2024, 3, 12),
    )
    assert adr.date_of("# Add status field\n\nText.\n", madr, "accepted") is None
    # without the fields of MADR's template, a date is the day a page was written; it
    # changed last when git says (reactjs/rfcs' "Start Date: 2020-12-21", changed in 2023)
    post = {"date": "2021-03-12", "author": "Ann"}
    assert dates.of_page(post, [], TODAY, known=lambda: git_days) == (
        dt.date(2021, 3, 12),
        dt.date(2024, 3, 12),
    )
    assert dates.of_page(post, [], TODAY, known=lambda: None) == (
        dt.date(2021, 3, 12),
        dt.date(2021, 3, 12),
    )


@needs_corpora
def test_gsp_records_state_no_day_so_the_import_dates_them_and_ends_the_superseded(
    make_base: MakeBase, tmp_path: Path
) -> None:
    root = make_base({})
    records = shutil.copytree(GSP, tmp_path / "records")  # out of any git history of the corpora
    report = run_import(root, records, theme="adr", verified=True)
    assert len(report.supersessions) == 13
    fields = [meta(root, doc_id) for doc_id in report.imported.values()]
    assert {(f["created"], f["updated"]) for f in fields} == {(TODAY, TODAY)}
    ended = sorted(f["title"][:6] for f in fields if "superseded_on" in f)
    assert len(ended) == 12 and all(
        f["superseded_on"] == TODAY for f in fields if "superseded_on" in f
    )
    with Brain.open(root, clock=lambda: TODAY) as brain:
        shown = {item.id for item in brain.brief("adr", as_of=TODAY).items}
    assert "adr/adr024-soft-multitenancy.md" in shown
    assert "adr/adr004-tenant-isolation.md" not in shown
    check_errors(root)


# --- one file ---------------------------------------------------------------------------------


def test_a_single_markdown_file_can_be_imported(make_base: MakeBase) -> None:
    root = make_base({})
    project = root.parent
    (project / "README.md").write_text(
        "# Shop service\n\nThe shop service sells books online.\n", encoding="utf-8"
    )
    (project / "notes.md").write_text("# Notes\n\nNot asked for.\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["-C", str(project), "import", "README.md", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["imported"] == {"README.md": "readme.md"}
    fields = meta(root, "readme.md")
    assert fields["sources"] == ["README.md"]
    assert fields["summary"] == "The shop service sells books online."
    assert not (root / "notes.md").exists()
    again = run_import(root, project / "README.md")
    assert again.imported == {} and "already imported" in again.skipped[0].reason


# --- links ------------------------------------------------------------------------------------


def test_links_to_the_projects_files_become_impl_refs_and_still_lead_to_them(
    make_base: MakeBase,
) -> None:
    root = make_base({})
    project = root.parent
    pages(project, {"src/app.py": "def main():\n    return 1\n", "source/x.ts": "export {}\n"})
    pages(project, {"LICENSE-MIT": "MIT License\n", "src/security.py": "KEYS = ()\n"})
    pages(
        project / "docs",
        {
            "guides/run.md": "# Run\n\nStart [the app](../../src/app.py#L1) with "
            "[x.ts](../../source/x.ts) and [the sources](../../src/).\n\n"
            "Under [the licence](../../LICENSE-MIT), which is no code, unlike "
            "[the checks](../../src/security.py).\n\n"
            "A [missing file](../../src/gone.py) and the [home](../index.md).\n",
            "index.md": "# Home\n\nThe home page of the guides.\n",
            "img/diagram.txt": "not Markdown",
        },
    )
    report = run_import(root, project / "docs", theme="guides", verified=True)
    run = meta(root, "guides/guides/run.md")
    assert run["impl_refs"] == ["src/app.py", "source/x.ts", "src", "src/security.py"]
    text = (root / "guides" / "guides" / "run.md").read_text(encoding="utf-8")
    assert "[the app](../../../src/app.py#L1)" in text
    assert "[x.ts](../../../source/x.ts)" in text
    # nothing there: the same path of the project, from the new place, and said
    assert "[missing file](../../../src/gone.py)" in text
    assert "[home](../home.md)" in text  # index.md is a reserved name: the folder's home
    here = root / "guides" / "guides"
    assert (here / "../../../src/app.py").resolve() == (project / "src" / "app.py").resolve()
    assert {(c.path, c.impl_ref) for c in report.code_links} == {
        ("src/app.py", True),
        ("source/x.ts", True),
        ("src/", True),
        ("LICENSE-MIT", False),
        ("src/security.py", True),
    }
    codes = check_errors(root)
    assert "W003" not in codes
    (project / "src" / "app.py").write_text("def main():\n    return 2\n", encoding="utf-8")
    with Brain.open(root, clock=lambda: TODAY) as brain:
        flagged = [flag.doc for flag in brain.update().flagged]
    assert flagged == ["guides/guides/run.md"]


DEBUGGING = (
    "# Debugging\n\n"
    '![Options](../images/options.png "The dialog") then '
    "[![badge](../images/badge.svg)](https://ci.example.org).\n\n"
    "![Gone](../images/gone.png)\n\n"
    '<img width="487" alt="After" src="../images/after.png"/>\n\n'
    "![Represented file][represented] and ![remote](https://example.org/x.png)\n\n"
    "In code: `![x](../images/options.png)`.\n\n"
    "```md\n![fenced](../images/options.png)\n```\n\n"
    "    ![indented](../images/options.png)\n\n"
    "[represented]: ../images/represented.png\n"
)


def test_an_image_tag_over_several_lines_leads_to_its_file_from_the_new_place(
    make_base: MakeBase,
) -> None:
    """rust-lang/book: 8 ``<img`` tags whose ``src`` was on a line of its own kept their
    old path, broken once imported, and nothing said so."""
    root = make_base({})
    project = root.parent
    body = (
        '# Slices\n\n<img alt="Three tables"\nsrc="img/trpl04-01.svg"\nclass="center" />\n\n'
        '<img alt="One" src="img/one.svg"\n     width="50%" />\n\nNot a tag: src="img/x.svg"\n'
    )
    pages(project / "src", {"ch04.md": body})
    pages(
        project / "src" / "img", {"trpl04-01.svg": "<svg/>", "one.svg": "<svg/>", "x.svg": "<svg/>"}
    )
    report = run_import(root, project / "src", theme="book")
    text = (root / "book" / "ch04.md").read_text(encoding="utf-8")
    assert 'src="../../src/img/trpl04-01.svg"' in text and 'src="../../src/img/one.svg"' in text
    assert 'Not a tag: src="img/x.svg"' in text
    assert report.broken_links == ()


def test_images_lead_to_their_files_from_the_new_place_and_missing_ones_are_reported(
    make_base: MakeBase,
) -> None:
    root = make_base({})
    project = root.parent
    images = ("options.png", "badge.svg", "after.png", "represented.png")
    pages(project / "docs", {"development/debugging.md": DEBUGGING})
    pages(project / "docs" / "images", dict.fromkeys(images, "image"))
    report = run_import(root, project / "docs", theme="guides")
    text = (root / "guides" / "development" / "debugging.md").read_text(encoding="utf-8")
    assert '![Options](../../../docs/images/options.png "The dialog")' in text
    assert "[![badge](../../../docs/images/badge.svg)](https://ci.example.org)" in text
    assert '<img width="487" alt="After" src="../../../docs/images/after.png"/>' in text
    assert "[represented]: ../../../docs/images/represented.png" in text
    assert "![remote](https://example.org/x.png)" in text
    # nothing there: the same path from the new place, and said (kept as written, it
    # named a path inside the base)
    assert "![Gone](../../../docs/images/gone.png)" in text
    for kept in ("`![x](../images/options.png)`", "![fenced](../images/options.png)",
                 "    ![indented](../images/options.png)"):  # fmt: skip
        assert kept in text  # code is text
    here = root / "guides" / "development"
    assert (here / "../../../docs/images/options.png").resolve() == (
        project / "docs" / "images" / "options.png"
    ).resolve()
    assert [(b.source, b.line, b.target) for b in report.broken_links] == [
        ("development/debugging.md", 5, "../images/gone.png")
    ]
    assert sorted((c.path, c.line, c.impl_ref) for c in report.code_links) == [
        ("docs/images/after.png", 7, False),  # images are no code: no impl_ref
        ("docs/images/badge.svg", 3, False),
        ("docs/images/options.png", 3, False),
        ("docs/images/represented.png", 19, False),
    ]
    assert "impl_refs" not in meta(root, "guides/development/debugging.md")
    check_errors(root)


def test_links_to_the_projects_other_pages_lead_to_them_from_the_new_place(
    make_base: MakeBase,
) -> None:
    root = make_base({})
    project = root.parent
    pages(
        project,
        {
            "SECURITY.md": "# Security policy\n",
            "shell/browser/osr/README.md": "# Offscreen rendering\n",
            ".github/PULL_REQUEST_TEMPLATE.md": "# Pull request\n",
        },
    )
    pages(
        project / "docs",
        {
            "tutorial/security.md": "# Security\n\n"
            "Report issues as [the policy](../../SECURITY.md#reporting) says, fill in "
            "[the template](../../.github/PULL_REQUEST_TEMPLATE.md), read "
            "[the notes](../../shell/browser/osr/README.md) and [old notes](../../NOTES.md).\n",
            "index.md": "# Home\n\nRead [the security tutorial](tutorial/security.md).\n",
        },
    )
    report = run_import(root, project / "docs", theme="guides")
    text = (root / "guides" / "tutorial" / "security.md").read_text(encoding="utf-8")
    assert "[the policy](../../../SECURITY.md#reporting)" in text
    assert "[the template](../../../.github/PULL_REQUEST_TEMPLATE.md)" in text
    assert "[the notes](../../../shell/browser/osr/README.md)" in text
    assert "[old notes](../../../NOTES.md)" in text  # nothing there: the same path, and said
    here = root / "guides" / "tutorial"
    assert (here / "../../../SECURITY.md").resolve() == (project / "SECURITY.md").resolve()
    assert [(b.source, b.target) for b in report.broken_links] == [
        ("tutorial/security.md", "../../NOTES.md")
    ]
    assert sorted((c.path, c.impl_ref) for c in report.code_links) == [
        (".github/PULL_REQUEST_TEMPLATE.md", False),  # pages are no code: no impl_ref
        ("SECURITY.md", False),
        ("shell/browser/osr/README.md", False),
    ]
    assert "impl_refs" not in meta(root, "guides/tutorial/security.md")
    checked = Brain.open(root, clock=lambda: TODAY).check(repair=False)
    assert [f.message for f in checked.findings if f.code in ("W001", "W006")] == [
        "link to NOTES.md of the project, which is not there; not followed"  # that one only
    ]


def test_a_page_imported_again_links_to_the_pages_an_earlier_run_renamed(
    make_base: MakeBase,
) -> None:
    root = make_base({})
    docs = pages(
        root.parent / "docs",
        {
            "README.md": "# Docs\n\nStart with [the app](api/app.md).\n",
            "api/app.md": "# app\n\nBack to [the index](../README.md).\n",
        },
    )
    first = run_import(root, docs)
    assert first.imported["README.md"] == "readme.md"
    pages(
        docs, {"api/window.md": "# window\n\nSee [the index](../README.md#apis), [app](app.md).\n"}
    )
    again = run_import(root, docs)
    assert again.imported == {"api/window.md": "api/window.md"}
    assert again.broken_links == ()
    text = (root / "api" / "window.md").read_text(encoding="utf-8")
    assert "[the index](../readme.md#apis), [app](app.md)" in text
    assert "W001" not in check_errors(root)


def test_a_link_out_of_the_folder_to_a_page_imported_before_leads_to_its_document(
    make_base: MakeBase,
) -> None:
    root = make_base({})
    project = root.parent
    pages(project, {"README.md": "# Shop\n\nThe shop sells books.\n"})
    run_import(root, project / "README.md")
    pages(
        project / "docs", {"guide/setup.md": "# Setup\n\nSee [the intro](../../README.md#shop).\n"}
    )
    report = run_import(root, project / "docs")
    assert report.broken_links == () and report.code_links == ()
    text = (root / "guide" / "setup.md").read_text(encoding="utf-8")
    assert "[the intro](../readme.md#shop)" in text
    relations = yaml.safe_load((root / "RELATIONS.yaml").read_text(encoding="utf-8"))["nodes"]
    assert relations["guide/setup.md"]["links"] == ["readme.md"]


def _commit(project: Path, day: str, *args: str) -> None:
    stamp = f"{day}T12:00:00"
    env = {**os.environ, "GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp,
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}  # fmt: skip
    for command in (["add", "-A"], ["commit", "-q", "-m", f"on {day}", *args]):
        subprocess.run(["git", "-C", str(project), *command], check=True, env=env)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_pages_that_state_no_day_are_dated_by_their_commits(make_base: MakeBase) -> None:
    root = make_base({})
    project = root.parent
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    docs = project / "docs"
    pages(docs, {"setup.md": "# Setup\n\nInstall it.\n", "dated.md": "# Dated\n\nText.\n"})
    _commit(project, "2021-05-06")
    (docs / "setup.md").write_text("# Setup\n\nInstall it, then run it.\n", encoding="utf-8")
    (docs / "dated.md").write_text("---\ndate: 2019-01-02\n---\n# Dated\n\nText.\n", "utf-8")
    _commit(project, "2022-07-08")
    (docs / "edited.md").write_text("# Edited\n\nFirst words.\n", encoding="utf-8")
    _commit(project, "2023-03-04")
    (docs / "edited.md").write_text("# Edited\n\nSecond words.\n", encoding="utf-8")
    pages(docs, {"fresh.md": "# Fresh\n\nNot committed yet.\n"})
    report = run_import(root, docs)
    days = {
        old: (str(meta(root, new)["created"]), str(meta(root, new)["updated"]))
        for old, new in report.imported.items()
    }
    today = TODAY.isoformat()
    assert days == {
        "setup.md": ("2021-05-06", "2022-07-08"),  # first and last commits
        # the page's own day comes first; it says when it was written, git when it changed
        "dated.md": ("2019-01-02", "2022-07-08"),
        "fresh.md": (today, today),
        "edited.md": ("2023-03-04", today),  # changed since its last commit
    }


def test_a_metadata_table_under_the_title_gives_status_date_and_tags() -> None:
    head = "# API design\n\n|Metadata|Value|\n|--------|-----|\n|Date    |2020-04-30|\n"
    head += "| **Status** | Implemented |\n|Tags    |jetstream, client|\n\n## Context\n"
    assert conversion.table_fields(head) == {
        "date": "2020-04-30",
        "status": "Implemented",
        "tags": ["jetstream", "client"],
    }
    # prose first, or a table of more than two columns, is no metadata
    assert conversion.table_fields("# T\n\nText.\n\n| Status | Accepted |\n|---|---|\n") == {}
    assert conversion.table_fields("| Status | a | b |\n|---|---|---|\n") == {}


def test_records_with_a_metadata_table_are_dated_tagged_and_told_apart_by_status(
    make_base: MakeBase, tmp_path: Path
) -> None:
    table = "# {title}\n\n|Metadata|Value|\n|---|---|\n|Date|{day}|\n|Status|{status}|\n"
    table += "|Tags|{tags}|\n\n## Context\n\nWhy it was needed.\n"
    source = pages(
        tmp_path / "adr",
        {
            "ADR-1.md": table.format(
                title="JSON API", day="2020-04-30", status="Implemented", tags="api, server"
            ),
            "ADR-2.md": table.format(
                title="Old limits", day="2021-02-03", status="Deprecated", tags="limits"
            ),
        },
    )
    root = make_base({})
    report = run_import(root, source)
    first, second = meta(root, report.imported["ADR-1.md"]), meta(root, report.imported["ADR-2.md"])
    assert (first["type"], first["tags"], str(first["created"])) == (
        "decision",
        ["api", "server"],
        "2020-04-30",
    )
    assert first["status"] == "draft" and first["original_status"] == "Implemented"
    assert second["status"] == "archived" and str(second["created"]) == "2021-02-03"


def test_a_page_is_titled_by_its_h1_or_opening_heading_never_by_a_later_section() -> None:
    assert conversion.title_of("Intro.\n\n## Install\n\nText.\n", {}, "a/strict_mode.md") == (
        "Strict mode"
    )
    assert conversion.title_of("\n## Install\n\nText.\n", {}, "a/b.md") == "Install"
    assert conversion.title_of("Intro.\n\n# Real\n\n## Part\n", {}, "a/b.md") == "Real"
    # a site's navigation title comes after a level-1 heading, before anything else
    assert conversion.title_of("## Part\n", {}, "a/b.md", "From the nav") == "From the nav"
    assert conversion.title_of("# Own\n", {}, "a/b.md", "From the nav") == "Own"
    # betagouv's GitBook: a page nobody titled is headed by its file's name
    named = "6. Choix des investigations retenues"
    heading = "# 6.-choix-des-investigations-retenues.md\n\nText.\n"
    assert conversion.title_of(heading, {}, "a/6.-choix.md", named) == named
    assert conversion.title_of("# ❌ recruter-designer.md\n", {}, "r.md", "Recruter") == "Recruter"
    # rust-lang/book keeps the anchors of old headings above the one a page opens with
    kept = '<!-- Old headings.\nDo not remove. -->\n\n<a id="deref"></a>\n\n## Deref\n\nText.\n'
    assert conversion.title_of(kept, {}, "ch15-02-deref.md") == "Deref"
    said = '<p align="center">A tool that counts.</p>\n\n## Install\n'
    assert conversion.title_of(said, {}, "a/counter.md") == "Counter"
    # backstage's publishing.md opens on its first section, "## npm", then others follow
    sections = "<!-- not on the site -->\n\n## npm\n\nText.\n\n### Sub\n\n## Next release\n"
    assert conversion.title_of(sections, {}, "docs/publishing.md") == "Publishing"
    # a folder's own page opening so is named by its heading still, not "README"
    readme = "## Payments service\n\nHandles payments.\n\n## Install\n"
    assert conversion.title_of(readme, {}, "services/payments/README.md") == "Payments service"
    linked = "<https://example.org/counter>\n\n## Install\n"  # an address a reader sees
    assert conversion.title_of(linked, {}, "a/counter.md") == "Counter"


_MKDOCS = """site_name: Example
docs_dir: pages
theme:
  name: material
  palette: !ENV [PALETTE, default]
markdown_extensions:
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
nav:
  - Home: index.md
  - Concepts:
      - Strict Mode: concepts/strict_mode.md
      - concepts/bare.md
      - Elsewhere: https://example.com/page.md
  - Again: concepts/strict_mode.md
"""


def test_mkdocs_navigation_titles_are_read_through_its_own_tags() -> None:
    assert sites.mkdocs_titles(_MKDOCS) == {
        "index.md": "Home",
        "concepts/strict_mode.md": "Strict Mode",  # the first title a page is given
    }
    assert sites.mkdocs_docs_dir(_MKDOCS) == "pages"
    assert sites.mkdocs_titles("nav: [unclosed") == {}
    assert sites.mkdocs_titles("- a list, not a mapping\n") == {}


def test_pages_of_an_mkdocs_site_without_a_level_1_heading_take_their_navigation_title(
    make_base: MakeBase,
) -> None:
    root = make_base({})
    project = root.parent
    (project / "mkdocs.yml").write_text(_MKDOCS, encoding="utf-8")
    source = pages(
        project / "pages",
        {
            "index.md": "Welcome text.\n\n## Getting started\n\nRun it.\n",
            "concepts/strict_mode.md": "By default values are coerced.\n\n## At the field level\n",
            "concepts/bare.md": "Plain words.\n\n## A section\n",
        },
    )
    report = run_import(root, source)
    titles = {old: meta(root, new)["title"] for old, new in report.imported.items()}
    assert titles == {
        "index.md": "Home",
        "concepts/strict_mode.md": "Strict Mode",
        "concepts/bare.md": "Bare",  # listed without a title: its file name
    }
    # one page of the site imported alone is titled the same way
    (root / report.imported["concepts/strict_mode.md"]).unlink()
    single = run_import(root, source / "concepts/strict_mode.md")
    assert [meta(root, new)["title"] for new in single.imported.values()] == ["Strict Mode"]


def test_wiki_links_are_resolved_by_title_or_file_name_and_written_as_markdown_links(
    make_base: MakeBase, tmp_path: Path
) -> None:
    source = pages(
        tmp_path / "wiki",
        {
            "Home.md": "# Home\n\nRead [[Install Guide]], [[team-notes|the notes]] and "
            "[[Deploy#Rolling back]], not [[Nowhere]] nor `[[code]]`.\n\n"
            "Notes [[1]](team-notes.md) and [[2]][deploy] are links with bracketed text.\n\n"
            "[deploy]: Deploy.md\n",
            "Guides/Install Guide.md": "# Installing the shop\n\nSee [[Home]].\n",
            "team-notes.md": "# Notes of the team\n\nWe meet on Mondays.\n",
            "Deploy.md": "# Deploying the shop\n\nShip it.\n",
        },
    )
    root = make_base({})
    report = run_import(root, source)
    home = (root / "home.md").read_text(encoding="utf-8")
    assert "[Install Guide](guides/install-guide.md)" in home
    assert "[the notes](team-notes.md)" in home
    assert "[Deploy](deploy.md#rolling-back)" in home
    assert "[[Nowhere]]" in home and "`[[code]]`" in home
    assert "[[1]](team-notes.md)" in home and "[deploy]: deploy.md" in home
    assert "[Home](../home.md)" in (root / "guides" / "install-guide.md").read_text(
        encoding="utf-8"
    )
    assert [(b.source, b.line, b.target) for b in report.broken_links] == [
        ("Home.md", 3, "[[Nowhere]]")
    ]
    relations = yaml.safe_load((root / "RELATIONS.yaml").read_text(encoding="utf-8"))["nodes"]
    assert relations["home.md"]["links"] == [
        "deploy.md",
        "guides/install-guide.md",
        "team-notes.md",
    ]


def test_a_wiki_link_to_a_heading_of_the_same_page_leads_to_it(
    make_base: MakeBase, tmp_path: Path
) -> None:
    source = pages(
        tmp_path / "vault",
        {
            "Properties.md": "# Properties\n\nSee [[#Date & time]] and [[#Text|text values]].\n\n"
            "## Text\n\nWords.\n\n## Date & time\n\nA day and an hour.\n",
        },
    )
    root = make_base({})
    report = run_import(root, source)
    page = (root / report.imported["Properties.md"]).read_text(encoding="utf-8")
    assert "See [Date & time](#date--time) and [text values](#text)." in page
    assert not report.broken_links
    # a block of the page ([[#^id]]) has no anchor here, and [[Missing|#Alias]] names a page
    left, missing = foreign_links.rewrite_wiki(
        "[[#^abc123]] and [[Missing|#Alias]]", lambda n: None
    )
    assert left == "[[#^abc123]] and [[Missing|#Alias]]" and len(missing) == 2
    assert Brain.open(root).check().findings == ()


def test_doxygen_references_to_a_page_or_a_section_become_links(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # from wikimedia/mediawiki-extensions-Wikibase: "@subpage adr_0001" lists the records
    # whose titles declare "{#adr_0001}"; "@ref docs_topics_storage" names a page by path
    source = pages(
        tmp_path / "project" / "docs",
        {
            "index.md": "# Records {#records}\n\n* @subpage adr_0001\n"
            '* @ref adr_0002 "the second"\n* @ref adr_0002_details\n'
            "* see @ref docs_guide_setup.\n* `@ref adr_0001` and @ref SomeClass stay\n\n"
            "```\n@ref adr_0001\n```\n\nRead the [setup] first.\n\n[setup]: @ref docs_guide_setup\n",
            "adr/0001.md": "# 1) First {#adr_0001}\n\nText.\n",
            "adr/0002.md": "# Second {#adr_0002}\n\nText.\n\n## Details {#adr_0002_details}\n\nMore.\n",
            "guide/setup.md": "# Setup\n\nSteps.\n",
        },
    )
    root = make_base({})
    report = run_import(root, source)
    page = (root / report.imported["index.md"]).read_text(encoding="utf-8")
    assert "* [1) First](adr/0001.md)\n* [the second](adr/0002.md)\n" in page
    assert "* [Details](adr/0002.md#adr_0002_details)\n* see [Setup](guide/setup.md).\n" in page
    assert "* `@ref adr_0001` and @ref SomeClass stay\n\n```\n@ref adr_0001\n```" in page
    assert "[setup]: guide/setup.md\n" in page
    assert not report.broken_links
    assert Brain.open(root).check().findings == ()


def test_doxygen_references_where_a_path_goes_in_code_or_in_a_links_text(
    make_base: MakeBase, tmp_path: Path
) -> None:
    source = pages(
        tmp_path / "project" / "docs",
        {
            "index.md": "# Home\n\nRead [the details](@ref b_details) and [b]; "
            "[see @ref b_top](https://x.org) stays.\n\n"
            '[b]: @ref b_top "The page"\n\n'
            "1. A list\n\n    ```\n    @ref b_top\n    ```\n\n"
            "Text.\n\n    @ref b_top\n\n<!--\n@ref b_top\n-->\n\n"
            "@ref build_setup and @ref b_second.\n",
            "b.md": "# Top [x] {#b_top}\n\n## Details {#b_details}\n\n# Second {#b_second}\n\nText.\n",
            "setup.md": "# Setup\n\nSteps.\n",
        },
    )
    root = make_base({})
    page = (root / run_import(root, source).imported["index.md"]).read_text(encoding="utf-8")
    assert "Read [the details](b.md#b_details) and [b]; [see @ref b_top](https://x.org)" in page
    assert '[b]: b.md "The page"\n' in page
    assert "    ```\n    @ref b_top\n    ```" in page  # in a list item's fence
    assert "\n    @ref b_top\n" in page and "<!--\n@ref b_top\n-->" in page  # code, comment
    # a name that only ends like a page's path names no page; a second level-1 heading
    # is a section
    assert "@ref build_setup and [Second](b.md#b_second)." in page


def test_a_doxygen_link_shows_its_title_escaped() -> None:
    (text,) = [foreign_links.rewrite_doxygen("See @subpage a.", lambda _n: ("a.md", "C:\\ [x]"))]
    assert text == "See [C:\\\\ \\[x\\]](a.md)."


@pytest.mark.parametrize(
    ("opening", "closing"),
    [
        ("{{< code-toggle file=hugo >}}", "{{< /code-toggle >}}"),
        ("{{% code %}}", "{{% /code %}}"),
        ("{{< highlight toml >}}", "{{</ highlight >}}"),
        ("{% highlight toml %}", "{% endhighlight %}"),
        ("{%- raw -%}", "{%- endraw -%}"),
    ],
)
def test_the_code_a_site_template_tag_holds_has_no_wiki_link(opening: str, closing: str) -> None:
    text = (
        f"Menus [[Home]].\n\n{opening}\n[[menus.main]]\nname = 'Home'\n{closing}\n\n"
        "Then [[Deploy]], and {{< code file=x />}} [[After]].\n"
    )
    found = [(link.line, link.first) for link in foreign_links.wiki_links(text)]
    assert found == [(1, "Home"), (8, "Deploy"), (8, "After")]
    # opened and closed on one line, it holds no more; a closing tag's name in prose or
    # an address does not close it
    text = f"{opening} a {closing}\n[[B]]\n{opening}\nsee /code /highlight endraw\n[[x]]\n{closing}\n[[C]]\n"
    assert [link.first for link in foreign_links.wiki_links(text)] == ["B", "C"]


# --- names ------------------------------------------------------------------------------------


def test_titles_in_any_script_get_readable_unique_file_names(
    make_base: MakeBase, tmp_path: Path
) -> None:
    assert slug.slugify("Łódź") == "lodz"
    assert slug.slugify("Привет мир") == "privet-mir"
    assert slug.slugify("日本語") == "ri-ben-yu"
    assert slug.slugify("Καλημέρα κόσμε") == "kalemera-kosme"
    assert slug.slugify("SCAN 25® évolue") == "scan-25-evolue"
    source = pages(
        tmp_path / "intl",
        {name: f"# {name[:-3]}\n\nText.\n" for name in ("日本語.md", "Привет мир.md", "Łódź.md")},
    )
    (source / "привет-мир.md").write_text("# Again\n\nText.\n", encoding="utf-8")
    root = make_base({})
    report = run_import(root, source, theme=".")  # the root, asked for
    assert sorted(report.imported.values()) == [
        "lodz.md",
        "privet-mir-2.md",
        "privet-mir.md",
        "ri-ben-yu.md",
    ]
    with Brain.open(root, clock=lambda: TODAY) as brain:
        written = brain.write(
            {
                "title": "Καλημέρα κόσμε",
                "summary": "A greeting, in Greek.",
                "type": "fact",
                "theme": "Ελληνικά",
                "new": True,
            }
        )
    assert written.id == "ellenika/kalemera-kosme.md"


# --- the guard --------------------------------------------------------------------------------


def test_one_value_found_on_many_lines_is_reported_once(
    make_base: MakeBase, tmp_path: Path
) -> None:
    lines = "\n".join(
        f"commit {n}{'a' * 39}\nAuthor: Ana Martin <ana.martin@lumen-labs.fr>\n" for n in range(8)
    )
    source = pages(tmp_path / "docs", {"log.md": f"# Log\n\n```\n{lines}```\n"})
    root = make_base({})
    report = run_import(root, source)
    assert report.imported == {} and len(report.stopped) == 1
    stopped = report.stopped[0]
    assert stopped.line == 5 and stopped.kind == "personal"
    assert stopped.allow == (
        f"also on lines 8, 11, 14, 17, 20 and 2 more: add 'digest:{stopped.digest}'"
        " to guard.allow in .rag"
    )


def test_a_page_the_guard_stops_is_reported_with_its_line_and_what_lets_it_through(
    make_base: MakeBase, tmp_path: Path
) -> None:
    token = "ghp_" + hashlib.sha256(b"an import test").hexdigest()[:36]
    password = hashlib.sha1(b"an import test").hexdigest()  # noqa: S324 - a test value
    source = pages(
        tmp_path / "docs",
        {
            "token.md": f"# Token\n\nThe CI reads it.\n\nGITHUB_TOKEN={token}\n",
            "sample.md": f'# Sample\n\nA response:\n\n```json\n{{"password": "{password}"}}\n```\n',
        },
    )
    root = make_base({})
    report = run_import(root, source)
    assert report.imported == {}
    stopped = {s.source: s for s in report.stopped}
    assert (stopped["token.md"].line, stopped["token.md"].rule) == (5, "github-token")
    # the marker first: import leaves its source as it is (golang/proposal)
    assert stopped["token.md"].allow == (
        f"add 'digest:{stopped['token.md'].digest}' to guard.allow in .rag, "
        "or put '<!-- mdbrain: allow-secret -->' at the end of line 5 of the page"
    )
    assert stopped["sample.md"].line == 6
    assert stopped["sample.md"].allow == (
        f"add 'digest:{stopped['sample.md'].digest}' to guard.allow in .rag"
    )
    said = json.dumps([s.__repr__() for s in report.stopped]) + repr(report.skipped)
    assert token not in said and password not in said and token[4:12] not in said

    token_page = source / "token.md"
    token_page.write_text(
        token_page.read_text(encoding="utf-8").replace(
            f"{token}\n", f"{token} <!-- mdbrain: allow-secret -->\n"
        ),
        encoding="utf-8",
    )
    marker = root.parent / ".rag"
    marker.write_text(
        marker.read_text(encoding="utf-8") + f'guard:\n  allow: ["{password}"]\n', encoding="utf-8"
    )
    report = run_import(root, source)
    assert sorted(report.imported) == ["sample.md", "token.md"] and report.stopped == ()


def test_the_report_never_shows_a_stopped_value_on_the_command_line(
    make_base: MakeBase, tmp_path: Path
) -> None:
    token = "ghp_" + hashlib.sha256(b"a command line test").hexdigest()[:36]
    source = pages(tmp_path / "docs", {"ci.md": f"# CI\n\nexport GITHUB_TOKEN={token}\n"})
    root = make_base({})
    result = CliRunner().invoke(cli, ["-C", str(root.parent), "import", str(source)])
    assert result.exit_code == 0, result.output
    assert "ci.md line 3: github-token" in result.output
    assert "allow-secret" in result.output and token[4:] not in result.output
    assert not (root / "ci.md").exists()
    assert "guard.personal_data" not in result.output  # only said when a person stopped a page

    (source / "team.md").write_text("# Team\n\nWrite to ana.martin@corp.fr.\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["-C", str(root.parent), "import", str(source)])
    assert "team.md line 3: email" in result.output
    assert "checked unless .rag sets guard.personal_data: false" in result.output


def test_after_allowing_a_stopped_page_the_same_import_brings_it_in_beside_the_others(
    make_base: MakeBase, tmp_path: Path
) -> None:
    token = "ghp_" + hashlib.sha256(b"an import run again").hexdigest()[:36]
    texts = {f"guide/page-{n}.md": f"# Page {n}\n\nSee [the setup](setup.md).\n" for n in range(8)}
    texts["guide/setup.md"] = f"# Setup\n\nexport GITHUB_TOKEN={token}\n"
    source = pages(tmp_path / "docs", texts)
    root = make_base({})
    first = CliRunner().invoke(cli, ["-C", str(root.parent), "import", str(source)])
    assert first.exit_code == 0, first.output
    assert "guide/setup.md line 3: github-token" in first.output
    assert "run the same import again" in first.output

    marker = root.parent / ".rag"
    marker.write_text(
        marker.read_text(encoding="utf-8") + f'guard:\n  allow: ["{token}"]\n', encoding="utf-8"
    )
    again = CliRunner().invoke(cli, ["-C", str(root.parent), "import", str(source)])
    assert again.exit_code == 0, again.output
    assert again.output.startswith("Imported 1 page ")
    # the eight pages imported before are one line, not eight
    skipped = [line for line in again.output.splitlines() if "already imported" in line]
    assert len(skipped) == 1 and skipped[0].startswith("  8 pages, already imported"), skipped
    assert (root / "guide/setup.md").is_file()  # where the folder import puts it
    checked = CliRunner().invoke(cli, ["-C", str(root.parent), "check"])
    assert checked.exit_code == 0, checked.output  # the links to it resolve


# --- malformed pages ---------------------------------------------------------------------------

_MARKUP = st.sampled_from(
    ["\n", "> ", "!!! note\n", "    ", ":::info\n", ":::\n", "???", "{%", "%}", "{{", "}}", "<div>",
     "</div>", "<p>", "[[", "]]", "|", "[a](b)", "```", "# ", "---\n", "+++\n", "`", "**", "Date: "]
)  # fmt: skip


@given(st.lists(st.one_of(_MARKUP, st.text(max_size=12)), max_size=40).map("".join))
def test_malformed_pages_never_crash_the_reading(text: str) -> None:
    page = conversion.parse("page.md", text)
    found = summary.first_paragraph(page.body)
    assert "\n" not in found
    rewritten, _missing = foreign_links.rewrite_wiki(text, lambda name: None)
    assert rewritten == text or "[[#" in text  # only a heading of the page itself is found
    dates.day(text)


@pytest.mark.parametrize(
    ("body", "wanted"),
    [
        (  # MADR's decision outcome: the reasons are the list that follows
            'Chosen option: "Own tooling", because\n\n'
            "* support in [adr-tools](https://x.org) was refused\n* other tools lag behind\n",
            'Chosen option: "Own tooling", because support in adr-tools was refused;'
            " other tools lag behind",
        ),
        (
            "We keep three backups:\n\n- nightly,\n- weekly\n",
            "We keep three backups: nightly, weekly",
        ),
        ("We keep backups.\n\n- nightly\n- weekly\n", "We keep backups."),  # complete already
        ("- install it\n- run it.\n- done\n", "install it; run it. done"),  # items stay apart
    ],
)
def test_a_paragraph_that_announces_a_list_takes_the_list_as_its_end(
    body: str, wanted: str
) -> None:
    assert summary.first_paragraph(body) == wanted


@pytest.mark.parametrize(
    ("markdown", "wanted"),
    [
        # found on reactjs/react.dev: a component's name in a code span is no HTML tag
        ("`<Activity>` lets you hide its children.", "<Activity> lets you hide its children."),
        ("[`useState`](use-state.md) keeps **state**", "useState keeps state"),
        (
            "`a*b*c` and `&lt;` stay as written; &amp; does not",
            "a*b*c and &lt; stay as written; & does not",
        ),
        ("<b>bold</b> and <br/> go", "bold and go"),
        # betagouv's GitBook: a backslash breaking a line, and a reference to no character
        ("la communauté !\\\nCe parcours", "la communauté ! Ce parcours"),
        ("au RGAA \\\n&#xNAN;&#x50;ar exemple, C:\\Users", "au RGAA Par exemple, C:\\Users"),
    ],
)
def test_code_spans_are_kept_as_written_in_plain_text(markdown: str, wanted: str) -> None:
    assert summary.plain(markdown) == wanted


@pytest.mark.parametrize(
    ("markdown", "wanted"),
    [
        ("See [Foo](https://en.wikipedia.org/wiki/Foo_(bar)) first", "See Foo first"),
        ("Run {{< badge >}} it {% include x.html %} now {{ site.name }}", "Run it now"),
        ("An *emphasised* and _underlined_ word, snake_case_name kept", "An emphasised and "
         "underlined word, snake_case_name kept"),
        ("Mail <https://example.org/a> or <span class=\"x\">here</span>[^1]",
         "Mail https://example.org/a or here"),
        ("A {#anchor} and {: .note} go", "A and go"),
        # unclosed marks, each costing the text up to the next: read in linear time
        ("x {{<" * 3 + " *a *b _c [^d <e", "x {{<x {{<x {{< *a *b _c [^d <e"),
    ],
)  # fmt: skip
def test_inline_markup_is_read_the_same_and_never_past_the_next_mark(
    markdown: str, wanted: str
) -> None:
    assert summary.plain(markdown) == wanted


@pytest.mark.parametrize(
    ("markdown", "wanted"),
    [
        # found on electron/electron: an escaped angle bracket opens no tag
        (r"`headers` Record\<string, string\>", "headers Record<string, string>"),
        (r"\*not emphasis\* and \[not a link\](x)", "*not emphasis* and [not a link](x)"),
        (r"a \\ backslash, \&amp; and `\<kept\>`", r"a \ backslash, &amp; and \<kept\>"),
        (r"C:\Users\me stays", r"C:\Users\me stays"),  # no punctuation after it: no escape
    ],
)
def test_backslash_escapes_stand_for_their_character_and_open_no_tag(
    markdown: str, wanted: str
) -> None:
    assert summary.plain(markdown) == wanted


@pytest.mark.parametrize(
    ("markdown", "wanted"),
    [
        # found on electron/electron
        (
            "`uploadData` [UploadData[]](upload-data.md) (optional)",
            "uploadData UploadData[] (optional)",
        ),
        ("see [the [draft] spec][spec] and ![a [b] image](x.png)", "see the [draft] spec and"),
    ],
)
def test_a_link_whose_text_holds_brackets_becomes_its_text(markdown: str, wanted: str) -> None:
    assert summary.plain(markdown) == wanted


@pytest.mark.parametrize(
    ("markdown", "wanted"),
    [
        # mdn/content: "Cross-Origin Resource Sharing () is an -header based mechanism"
        (
            'Cross-Origin Resource Sharing ({{Glossary("CORS")}}) is an'
            ' {{Glossary("HTTP")}}-header based mechanism',
            "Cross-Origin Resource Sharing (CORS) is an HTTP-header based mechanism",
        ),
        # the second argument is the text a reader sees
        (
            'With a {{HTTPStatus("503", "503 Service Unavailable")}}.',
            "With a 503 Service Unavailable.",
        ),
        ("Sent by {{HTTPHeader('Range')}} requests", "Sent by Range requests"),
        # a macro with no quoted words stands for nothing to read
        ("Hello {{ user.name }} there", "Hello there"),
        # alone on its line, a block the site draws: a sidebar is no summary (review)
        ('{{DefaultAPISidebar("Web Audio API")}}', ""),
        (
            '{{APIRef("Web Audio API")}}\nThe Web Audio API plays sound.',
            "The Web Audio API plays sound.",
        ),
    ],
)
def test_a_macro_called_with_quoted_words_reads_as_those_words(markdown: str, wanted: str) -> None:
    assert summary.plain(markdown) == wanted


ELECTRON_TITLE_BAR = (  # found on electron/electron, docs/tutorial/custom-title-bar.md
    "Application windows have a default [chrome][] applied by the OS. Not to be confused\n"
    "with the Google Chrome browser, window _chrome_ refers to the parts of the window (e.g.\n"
    "title bar, toolbars, controls) that are not a part of the main web content. While the\n"
    "default title bar provided by the OS chrome is sufficient for simple use cases, many\n"
    "applications opt to remove it.\n"
)


@pytest.mark.parametrize(
    "abbreviation",
    ["e.g.", "i.e.", "etc.", "vs.", "cf.", "approx.", "E.g.", "p. ex.", "c.-à-d.", "J.", "a.k.a."],
)
def test_a_summary_is_not_cut_at_an_abbreviation(abbreviation: str) -> None:
    text = f"Custom title bars hide the parts of the window ({abbreviation} Smith) apps redraw"
    assert summary.clip(text, len(text) - 6) == text[: len(text) - 7].rsplit(" ", 1)[0] + "…"
    said = f"Pick one store, {abbreviation} Postgres. Then keep it for the whole life of the app."
    assert summary.clip(said, 40) == f"Pick one store, {abbreviation} Postgres."


def test_a_summary_runs_past_an_abbreviation_to_a_cut_between_words() -> None:
    found = summary.clip(summary.first_paragraph(ELECTRON_TITLE_BAR), 200)
    assert found.endswith("the parts of the window (e.g. title bar, toolbars, controls)…")


def test_a_tree_of_one_page_per_folder_gets_one_overview_per_theme(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # as in kubernetes/enhancements: each proposal a README.md in its own folder
    source = pages(
        tmp_path / "keps",
        {
            "sig-node/753-sidecars/README.md": "# Sidecars\n\nHelpers beside the app.\n",
            "sig-node/2000-swap/README.md": "# Swap\n\nNodes may use swap.\n",
            "sig-apps/19-cronjob/README.md": "# CronJob\n\nJobs on a schedule.\n",
            "sig-apps/19-cronjob/kep.yaml": "title: CronJob\n",
            "sig-auth/1-tokens/README.md": "# Tokens\n\nBound tokens.\n",
            "sig-auth/1-tokens/design.md": "# Design\n\nHow tokens are bound.\n",
            "prod-readiness/README.md": "# Readiness\n\nThe review.\n",
            "sig-cluster/kubeadm/2500-join/README.md": "# Join\n\nJoining nodes.\n",
            "sig-cluster/kubeadm/970-config/README.md": "# Config\n\nThe file.\n",
            "sig-cloud/aws/629-alb/README.md": "# ALB\n\nLoad balancers.\n",
            "sig-cloud/gcp/1-pd/README.md": "# PD\n\nDisks.\n",
        },
    )
    for theme, at in ((".", ""), (None, "keps/")):  # in the root, or in the folder's theme
        root = write_base(tmp_path / f"base-{theme}", {})
        report = run_import(root, source, theme=theme)
        overviews = sorted(doc for doc in report.written if doc.endswith("overview.md"))
        # a top-level folder of one page keeps its own in the root; in a theme, the
        # theme's overview lists it (prod-readiness, and sig-apps' one proposal)
        alone = (
            ["keps/overview.md"] if at else ["prod-readiness/overview.md", "sig-apps/overview.md"]
        )
        assert overviews == [
            *alone,
            f"{at}sig-auth/1-tokens/overview.md",  # two pages: their folder's own lists them
            f"{at}sig-cloud/overview.md",  # one page in each of aws/ and gcp/: up two levels
            f"{at}sig-cluster/kubeadm/overview.md",
            f"{at}sig-node/overview.md",
        ]
        node = (root / f"{at}sig-node" / "overview.md").read_text(encoding="utf-8")
        assert "](753-sidecars/readme.md)" in node and "](2000-swap/readme.md)" in node
        # it says what it lists: the pages nothing else leads to, not every page of the theme
        summary = meta(root, f"{at}sig-node/overview.md")["summary"]
        assert "that no other page links to (2), listed so that each" in summary
        assert "decision" not in summary  # no word a question would find it by
        assert "W002" not in check_errors(root)


def test_a_subset_of_one_page_per_folder_gets_one_overview_in_its_theme(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """``mdbrain import keps/sig-cli``: the theme is sig-cli, each proposal a folder of
    one page; one overview lists them, not one per proposal."""
    source = pages(
        tmp_path / "sig-cli",
        {f"{n}-cmd/README.md": f"# Command {n}\n\nWhat it does.\n" for n in (859, 1441, 2377)},
    )
    root = write_base(tmp_path / "base", {})
    report = run_import(root, source)
    assert sorted(d for d in report.written if d.endswith("overview.md")) == ["sig-cli/overview.md"]
    listed = (root / "sig-cli" / "overview.md").read_text(encoding="utf-8")
    assert all(f"]({n}-cmd/readme.md)" in listed for n in (859, 1441, 2377))
    assert "W002" not in check_errors(root)


def test_a_wiki_whose_home_page_takes_the_roots_overview_name_gets_contents(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # a GitHub wiki's clone: Home.md at the top links to a page or two, a sidebar to the rest
    source = pages(
        tmp_path / "wiki",
        {
            "Home.md": "# Home\n\nStart with the [[FAQ]].\n",
            "FAQ.md": "# FAQ\n\nQuestions people ask.\n",
            "Performance.md": "# Performance\n\nHow to measure the compiler.\n",
            "Coding-guidelines.md": "# Coding guidelines\n\nHow the code is written.\n",
            "_Sidebar.md": "* [[Performance]]\n* [[Coding guidelines]]\n",
        },
    )
    root = make_base({})
    report = run_import(root, source)
    assert "home.md" in report.written and "contents.md" in report.written
    contents = (root / "contents.md").read_text(encoding="utf-8")
    assert "](performance.md)" in contents and "](coding-guidelines.md)" in contents
    assert meta(root, "contents.md")["type"] == "overview"
    assert "W002" not in check_errors(root)


def test_the_pointer_agents_install_writes_is_not_imported_and_the_rest_of_its_file_is(
    make_base: MakeBase, tmp_path: Path
) -> None:
    from mdbrain.core import agent_files

    block = (
        f"{agent_files.START}\n## Project memory (mdbrain)\n\nUse the base.\n{agent_files.END}\n"
    )
    source = pages(
        tmp_path / "project",
        {
            "AGENTS.md": block,  # written by init: nothing of the project's own
            "CLAUDE.md": f"# Conventions\n\nTabs, never spaces.\n\n{block}",
            "guide.md": "# Guide\n\nHow to build.\n",
        },
    )
    root = make_base({})
    report = run_import(root, source)
    assert sorted(report.imported) == ["CLAUDE.md", "guide.md"]
    assert any(case.source == "AGENTS.md" and "pointer" in case.reason for case in report.skipped)
    claude = (root / report.imported["CLAUDE.md"]).read_text(encoding="utf-8")
    assert "Tabs, never spaces." in claude and "mdbrain:start" not in claude
    assert "Project memory" not in claude


def test_a_wikis_links_to_its_own_pages_by_address_lead_to_their_documents(
    make_base: MakeBase, tmp_path: Path
) -> None:
    home = (
        "# Home\n\nSee [tracing](https://github.com/o/r/wiki/Performance-Tracing#setup),"
        " [the FAQ](https://github.com/o/r/wiki/FAQ) and"
        " [their wiki](https://github.com/other/x/wiki/Roadmap).\n"
    )
    texts = {
        "Home.md": home,
        "Performance-Tracing.md": "# Tracing\n\nHow to trace.\n",
        "debugging/FAQ.md": "# FAQ\n\nQuestions.\n",  # served by its name alone
    }
    root = make_base({})
    report = run_import(root, pages(tmp_path / "wiki", texts))
    body = (root / report.imported["Home.md"]).read_text(encoding="utf-8")
    assert "[tracing](performance-tracing.md#setup)" in body
    assert "[the FAQ](debugging/faq.md)" in body
    assert "(https://github.com/other/x/wiki/Roadmap)" in body  # no such page here
    # without a Home page at its top the source is no wiki: addresses stay addresses
    del texts["Home.md"]
    texts["Start.md"] = home.replace("# Home", "# Start")
    other = write_base(tmp_path / "other", {})
    done = run_import(other, pages(tmp_path / "docs", texts))
    start = (other / done.imported["Start.md"]).read_text(encoding="utf-8")
    assert "(https://github.com/o/r/wiki/Performance-Tracing#setup)" in start


def test_each_folder_comes_into_a_theme_of_its_name_and_a_docs_folder_into_the_root(
    tmp_path: Path,
) -> None:
    # as alphagov/govuk-design-system-architecture: two logs, each numbered from 1
    record = "# {0}\n\n## Status\n\nAccepted\n\n## Decision\n\nWe {0}.\n"
    adr = pages(tmp_path / "decision-records", {"001-use-nunjucks.md": record.format("Nunjucks")})
    rfc = pages(tmp_path / "proposals", {"001-use-rfcs.md": record.format("RFCs")})
    docs = pages(tmp_path / "docs", {"install.md": "# Install\n\nRun it.\n"})
    root = write_base(tmp_path / "project", {})
    said = [run_import(root, folder) for folder in (adr, rfc, docs)]
    assert [next(iter(r.imported.values())) for r in said] == [
        "decision-records/001-use-nunjucks.md",
        "proposals/001-use-rfcs.md",
        "install.md",
    ]
    assert [r.theme for r in said] == ["decision-records", "proposals", ""]
    from mdbrain.adapters import views

    assert views.import_text(said[0]).startswith("Imported 1 page from ")
    assert "into decision-records/." in views.import_text(said[0]).splitlines()[0]


def test_a_wiki_at_the_top_of_a_project_is_proposed_whole() -> None:
    wiki = [f"Page-{n}.md" for n in range(12)] + ["README.md", "LICENSE", "codebase/a.md"]
    found = sites.page_folders([*wiki, "codebase/b.md", "codebase/c.md"], {})
    assert [(p.folder, p.count) for p in found] == [(".", 16)]  # 13 at the top, 3 below
    code = ["README.md", "CHANGELOG.md", "CONTRIBUTING.md", "SECURITY.md", "src/a.py"]
    code += [f"docs/p{n}.md" for n in range(5)]
    assert [p.folder for p in sites.page_folders(code, {})] == ["docs"]


def test_a_project_of_pages_in_many_small_folders_is_proposed_whole() -> None:
    # temporalio/proposals: eight folders of three pages or more were named, and 13
    # proposals in nine folders of one or two were never mentioned
    big = {"kotlin": 36, "cli": 13, "typescript": 10, "nexus": 9, "ruby": 5, "all-sdk": 4}
    small = {"core": 3, "tasks": 3, "api": 2, "dotnet": 2, "python": 2, "server": 2, "go": 1}
    files = ["README.md", "LICENSE", "CODEOWNERS"]
    files += [f"{top}/p{n}.md" for top, count in {**big, **small}.items() for n in range(count)]
    assert [p.folder for p in sites.page_folders(files, {})] == ["."]
    # a code repository with a body of docs and a README in each package keeps its docs
    code = [f"pkg{n}/{name}" for n in range(12) for name in ("README.md", "a.go", "b.go")]
    code += [f"docs/p{n}.md" for n in range(60)]
    assert [p.folder for p in sites.page_folders(code, {})] == ["docs"]


def test_a_project_of_one_page_per_folder_is_proposed_whole() -> None:
    """jupyter/enhancement-proposals: 30 JEPs, each alone in its folder (some beside
    their pictures), and init proposed only the README."""
    files = ["README.md", "LICENSE", "_config.yml", "_toc.yml", "conf.py", "noxfile.py"]
    for n in range(30):
        files.append(f"{n:02d}-jep/jep-{n}.md")
        files += [f"{n:02d}-jep/diagram.png"] if n % 3 == 0 else []
    assert [p.folder for p in sites.page_folders(files, {})] == ["."]
    # a code repository with a README in each of many packages stays as it is
    code = [f"pkg{n}/{name}" for n in range(30) for name in ("README.md", "a.go", "b.go")]
    assert [p.folder for p in sites.page_folders(code, {})] == []


def test_a_site_built_from_the_top_of_a_project_is_proposed_whole() -> None:
    # from etalab/guides.etalab.gouv.fr: .vuepress/ beside the guides, a folder each
    guides = ["README.md", "LICENSE.md", "index.md", "package.json", ".vuepress/config.js"]
    guides += [f"{topic}/{n}.md" for topic in ("juridique", "qualite", "apis") for n in range(2)]
    [found] = sites.page_folders(guides, {})
    assert (found.folder, found.count, found.site and found.site.tool) == (".", 9, "VuePress")
    # a code repository keeping a Jekyll theme's settings at its top is no such site
    themed = ["_config.yml", "README.md", "src/a.py", *[f"docs/p{n}.md" for n in range(4)]]
    assert [p.folder for p in sites.page_folders(themed, {})] == ["docs"]
    # nor is a site at the top with nothing but the usual README and CHANGELOG
    bare = [".vitepress/config.ts", "README.md", "CHANGELOG.md", "src/a.ts"]
    assert sites.page_folders(bare, {}) == []
    # a SUMMARY.md at a code repository's top, its pages elsewhere: the docs folder
    summary = ["SUMMARY.md", "README.md", "src/a.go", *[f"docs/{n}.md" for n in "abc"]]
    assert [p.folder for p in sites.page_folders(summary, {})] == ["docs"]
    book = ["SUMMARY.md", "README.md", "intro.md", "setup.md", "usage.md", "part/a.md"]
    [whole] = sites.page_folders(book, {})
    assert (whole.folder, whole.site) == (".", sites.Site("GitBook", "SUMMARY.md"))


def test_a_project_of_many_folders_of_pages_is_proposed_whole() -> None:
    # from kubernetes/community: a folder per group, 39 of them proposed one by one before
    groups = [f"sig-{n}/{page}.md" for n in range(10) for page in ("README", "charter", "notes")]
    found = sites.page_folders([*groups, "README.md", "OWNERS", "hack/verify.sh"], {})
    assert [(p.folder, p.count) for p in found] == [(".", 31)]
    code = [f"pkg{n}/doc{p}.md" for n in range(10) for p in range(3)]
    code += [f"src/m{n}.py" for n in range(40)] + [f"src/notes{n}.md" for n in range(10)]
    assert len(sites.page_folders(code, {})) == 10  # a third of the pages elsewhere: each


def test_a_folder_of_pages_kept_once_per_language_proposes_the_bases_language() -> None:
    # from fastapi/fastapi: docs/en/ (an MkDocs site) and twelve translations beside it
    english = [f"docs/{page}.md" for page in ("index", "async", "deploy", "tutorial/first")]
    files = ["docs/en/mkdocs.yml", *[f"docs/en/{page}" for page in english], "src/app.py"]
    for code in ("es", "pt-BR", "zh-hant"):
        files += [f"docs/{code}/{page}" for page in english[:3]] + [f"docs/{code}/mkdocs.yml"]
    [found] = sites.page_folders(files, {})
    # the folder MkDocs reads the pages from: imported from docs/en, they were named
    # docs/index.md... one folder down from where the site serves them
    assert (found.folder, found.count) == ("docs/en/docs", 4)
    assert found.site == sites.Site("MkDocs", "docs/en/mkdocs.yml")
    assert found.translations == ("docs/es", "docs/pt-BR", "docs/zh-hant")
    [spanish] = sites.page_folders(files, {}, lang="es")
    assert (spanish.folder, spanish.translations) == (
        "docs/es/docs",
        ("docs/en", "docs/pt-BR", "docs/zh-hant"),
    )
    # deeper down, as Astro keeps them: src/content/docs/en/, src/content/docs/pt-br/...
    deep = [f"src/content/docs/{code}/{page}" for code in ("en", "pt-br") for page in english]
    deep += ["src/components/Card.astro", "src/pages/index.astro", "src/content/docs/en/x.mdx"]
    [astro] = sites.page_folders(deep, {}, lang="pt")
    assert (astro.folder, astro.count) == ("src/content/docs/pt-br", 4)
    assert astro.translations == ("src/content/docs/en",)
    # code folders sharing page names are no languages, nor are translations of pages
    # that sit above them (VitePress: docs/index.md in English, docs/fr/index.md...)
    code = [
        f"docs/{name}/{page}.md" for name in ("go", "js", "py") for page in ("README", "quickstart")
    ]
    assert [(p.folder, p.translations) for p in sites.page_folders(code, {})] == [("docs", ())]
    api = ["docs/api/README.md", "docs/api/auth.md", "docs/cli/README.md", "docs/cli/install.md"]
    assert [(p.folder, p.translations) for p in sites.page_folders(api, {})] == [("docs", ())]
    above = [f"docs/{page}.md" for page in "abcd"]
    above += [f"docs/{code}/{page}.md" for code in ("fr", "de") for page in "abcd"]
    assert [(p.folder, p.count) for p in sites.page_folders(above, {})] == [("docs", 12)]
    # folders named like languages that hold different pages are no translations
    apart = [f"docs/{code}/{code}-{n}.md" for code in ("go", "js", "ui") for n in range(3)]
    assert [(p.folder, p.translations) for p in sites.page_folders(apart, {})] == [("docs", ())]


def test_a_folder_of_pages_kept_once_per_version_proposes_the_newest_release() -> None:
    # from grafana/k6-docs: docs/sources/k6/v0.47.x to v2.2.x and next, 21,075 pages
    pages = [f"{part}/{page}.md" for part in ("get-started", "javascript-api") for page in "abc"]
    files = ["docs/sources/k6/_index.md", "docs/Makefile"]
    for version in ("v0.9.x", "v0.10.x", "v1.2.x", "next"):
        files += [f"docs/sources/k6/{version}/{page}" for page in pages]
    files += ["docs/sources/k6/v0.9.x/only-then.md", "docs/sources/k6/next/soon.md"]
    [found] = sites.page_folders(files, {})
    assert (found.folder, found.count, found.translations) == ("docs/sources/k6/v1.2.x", 6, ())
    assert found.versions == (
        "docs/sources/k6/v0.10.x", "docs/sources/k6/v0.9.x", "docs/sources/k6/next"
    )  # fmt: skip
    named = [f"docs/{v}/{p}" for v in ("stable", "2.0", "version-1.0") for p in pages]
    assert [p.folder for p in sites.page_folders(named, {})] == ["docs/stable"]
    # no numbered one: branches, not versions; one alone, or different pages: nothing
    for layout in (
        [f"docs/{branch}/{page}" for branch in ("main", "dev") for page in pages],
        [f"docs/v2/{page}" for page in pages] + [f"docs/guide-{n}.md" for n in range(6)],
        [f"docs/{v}/{v}-{n}.md" for v in ("v1", "v2") for n in range(4)],
        [f"docs/{week}/{page}" for week in ("1", "2", "3") for page in pages],  # chapters
        # lessons and release notes numbered like versions, a page or two each
        [f"docs/{n}/{p}.md" for n in ("1.1", "1.2", "2.1") for p in ("README", "exercises")],
        [f"docs/releases/v{n}/README.md" for n in ("1.0.0", "1.1.0", "2.0.0")],
    ):
        assert [(p.folder, p.versions) for p in sites.page_folders(layout, {})] == [("docs", ())]


def test_a_docusaurus_sites_past_versions_are_left_out_of_its_pages() -> None:
    # from cosmos/ibc-go: docs/docs now, docs/versioned_docs/version-v4.6.x... beside it
    pages = [f"docs/docs/{n:02d}-topic/page.md" for n in range(5)] + ["docs/adr/001.md"]
    past = [
        f"docs/versioned_docs/version-v{v}.x/{n:02d}-topic/page.md" for v in (4, 5, 6, 7)
        for n in range(5)
    ]  # fmt: skip
    files = [*pages, *past, "docs/docusaurus.config.js", "docs/versions.json", "go.mod"]
    [found] = sites.page_folders(files, {})
    assert (found.folder, found.count) == ("docs", 6)
    assert sites.older_versions(files) == {"docs/versioned_docs/"}
    # without the versions list, a folder so named is only a folder
    assert sites.page_folders([*pages, *past], {})[0].count == 26
    # a second docs instance keeps its own: community_versioned_docs beside its list
    other = [p.replace("versioned_docs", "community_versioned_docs") for p in past]
    both = [*files, *other, "docs/community_versions.json"]
    assert sites.page_folders(both, {})[0].count == 6


def test_folders_tagged_with_a_language_beside_the_one_they_translate_are_folded_into_it() -> None:
    # from tldr-pages/tldr: pages/ in English, pages.fr/, pages.pt_BR/... beside it
    english = [f"pages/{os}/{tool}.md" for os in ("common", "linux") for tool in ("tar", "ls")]
    files = [*english, "README.md", "contributing-guides/style.md", "contributing-guides/a.md"]
    files += ["contributing-guides/b.md", *[p.replace("pages/", "pages.fr/") for p in english]]
    files += [p.replace("pages/", "pages.pt_BR/") for p in english[:3]]
    found = sites.page_folders(files, {})
    assert [(p.folder, p.count, p.translations) for p in found] == [
        ("pages", 4, ("pages.fr", "pages.pt_BR")),
        ("contributing-guides", 3, ()),
    ]
    brazilian = next(p for p in sites.page_folders(files, {}, lang="pt") if p.translations)
    assert (brazilian.folder, brazilian.translations) == ("pages.pt_BR", ("pages", "pages.fr"))
    # a folder named like another and a language, holding other pages, is its own
    apart = [*english, *[f"pages.go/{n}.md" for n in range(4)]]
    assert sorted(p.folder for p in sites.page_folders(apart, {})) == ["pages", "pages.go"]


def test_an_mdbook_source_is_told_from_a_gitbook_by_the_book_toml_naming_it() -> None:
    # from rust-lang/book: src/ holds a SUMMARY.md, as a GitBook does; book.toml builds it
    book = ["book.toml", "src/SUMMARY.md", "src/ch01.md", "src/ch02.md"]
    [found] = sites.page_folders(book, {"book.toml": "[book]\ntitle = 'The Book'\n"})
    assert (found.folder, found.site) == ("src", sites.Site("mdBook", "book.toml"))
    [alone] = sites.page_folders(book[1:], {})
    assert alone.site == sites.Site("GitBook", "src/SUMMARY.md")


def test_a_readme_citing_a_few_pages_in_a_long_text_is_no_overview() -> None:
    links = "".join(f"- [Part {n}](part-{n}.md): what part {n} covers.\n" for n in range(4))
    index = f"# Guide\n\n{links}"
    prose = "The proposal explains why sidecars start first and stop last. " * 60
    proposal = f"# KEP-753: Sidecars\n\n{links}\n## Summary\n\n{prose}\n"
    assert conversion.guess_type("README.md", {}, index, "Guide", False) == "overview"
    assert conversion.guess_type("README.md", {}, proposal, "KEP", False) == "reference"


@pytest.mark.parametrize(
    ("path", "title", "wanted"),
    [
        ("tutorial/custom-title-bar.md", "Custom Title Bar", "guide"),  # electron/electron
        ("docs/Tutorials/first-app.md", "Your first app", "guide"),
        ("guides/deploy.md", "Deploy", "guide"),
        ("how-to/rotate-keys.md", "Rotate the keys", "guide"),
        ("docs/howto/backup.md", "Backups", "guide"),
        ("how_tos/backup.md", "Backups", "guide"),
        ("walkthrough/setup.md", "Setup", "guide"),
        ("docs/01-getting-started/install.md", "Install", "guide"),
        ("Getting Started/install.md", "Install", "guide"),
        ("cookbook/retries.md", "Retries", "guide"),
        ("recipes/retries.md", "Retries", "guide"),
        ("tutoriels/premiers-pas.md", "Premiers pas", "guide"),
        ("guide/livraison.md", "Livraison", "guide"),
        ("mac-app-store-submission-guide.md", "Mac App Store Submission Guide", "guide"),
        ("upgrading.md", "The guide to upgrading", "guide"),
        ("api/app.md", "app", "reference"),
        ("guidelines/naming.md", "Naming guidelines", "reference"),
        ("start.md", "Tutoriel : premiers pas", "guide"),
        ("api/tutorial-widget.md", "TutorialWidget", "reference"),
        ("tutorial/index.md", "Guides", "guide"),  # an index page of prose, no links
    ],
)
def test_pages_under_a_guide_folder_or_titled_as_a_guide_are_guides(
    path: str, title: str, wanted: str
) -> None:
    assert conversion.guess_type(path, {}, "Some text.\n", title, False) == wanted


def test_stronger_evidence_than_a_guide_folder_keeps_its_precedence() -> None:
    links = "".join(f"- [Part {n}](part-{n}.md): what part {n} covers.\n" for n in range(4))
    assert conversion.guess_type("tutorial/0001-use-x.md", {}, "Text.", "Use X", True) == "decision"
    topic = {"ms.topic": "reference"}
    assert conversion.guess_type("guides/cli.md", topic, "Text.", "CLI guide", False) == "reference"
    assert conversion.guess_type("tutorial/README.md", {}, links, "Guides", False) == "overview"
    # thanos-io/thanos: "type: proposal" came in as reference, out of query --type decision
    proposal = {"type": "proposal", "status": "approved"}
    assert (
        conversion.guess_type("p/20221129-sort.md", proposal, "Text.", "Sort", False) == "decision"
    )


# --- the days a page states in its first lines and its file name ----------------------------


@pytest.mark.parametrize(
    ("body", "created", "updated"),
    [
        ("# Proposal\n\nAuthor: Russ Cox\nLast updated: February 2016\n", (), ((2016, 2, 1),)),
        ("Last updated: 2016-09-01\n", (), ((2016, 9, 1),)),
        ("Last Updated: 2020-03-19\n", (), ((2020, 3, 19),)),
        ("Last update: October 15, 2018\n", (), ((2018, 10, 15),)),
        ("Last updated: October, 2015\n", (), ((2015, 10, 1),)),
        ("Last updated: 03 December 2015\n", (), ((2015, 12, 3),)),
        ("Last updated: March 16th, 2021\n", (), ((2021, 3, 16),)),
        ("Last updated: 15 May 2017 (to reflect the implementation)\n", (), ((2017, 5, 15),)),
        ("Author(s): M. K. \\<mk@x.org\\> Last Updated: 2019-02-20\n", (), ((2019, 2, 20),)),
        ("Last modified: Feb 2016\n", (), ((2016, 2, 1),)),
        ("**Updated:** 8 February 2021\n", (), ((2021, 2, 8),)),
        ("Created: January 2011\n\nLast updated: April 2016\n", ((2011, 1, 1),), ((2016, 4, 1),)),
        ("Date: 15 September 2021\n", ((2021, 9, 15),), ()),
        ("_Written: 2020-05-06_\n", ((2020, 5, 6),), ()),
        # fluxcd/flux2's RFCs: the label whole, whatever the case of its second word
        (
            "**Creation date:** 2022-03-30\n\n**Last update:** 2023-11-28\n",
            ((2022, 3, 30),),
            ((2023, 11, 28),),
        ),
        ("Date of creation: 2021-01-02\n", ((2021, 1, 2),), ()),
        ("Russ Cox\\\nAugust 27, 2018\n\n## Introduction\n", ((2018, 8, 27),), ()),
        ("Ian Lance Taylor\\\nRobert Griesemer\\\nAugust 20, 2021\n", ((2021, 8, 20),), ()),
        ("Russ Cox \\\nDecember 2013 \\\ngolang.org/s/go13compiler\n", ((2013, 12, 1),), ()),
        ("Mis à jour le 4 mars 2021\n", (), ((2021, 3, 4),)),
        ("Dernière mise à jour : février 2016\n", (), ((2016, 2, 1),)),
        ("> Créé le 1er mars 2020\n", ((2020, 3, 1),), ()),
    ],
)
def test_a_page_states_its_days_in_its_first_lines(
    body: str, created: tuple[tuple[int, int, int], ...], updated: tuple[tuple[int, int, int], ...]
) -> None:
    found = dates.in_text(body, TODAY)
    assert found.created == tuple(dt.date(*d) for d in created)
    assert found.updated == tuple(dt.date(*d) for d in updated)


@pytest.mark.parametrize(
    "body",
    [
        "Last updated: [Date]\n",  # a template
        "```\nLast updated: 2016-09-01\n```\n",  # code, not the page's word
        "\n" * 30 + "Last updated: 2016-09-01\n",  # too far down
        "Last updated: 2099-01-01\n",  # after today
        "The date: 2016-09-01 was chosen.\n",  # prose, not a label
        "We updated 2016 files.\n",
        "Russ Cox\nAugust 27, 2018\n",  # one paragraph, no line break: not an author line
        "# Title\n\nAugust 27, 2018\n",
        "Last updated: 2016-02-30\n",
    ],
)
def test_text_that_only_looks_like_a_stated_day_states_none(body: str) -> None:
    assert dates.in_text(body, TODAY) == dates.Stated((), ())


@pytest.mark.parametrize(
    ("path", "wanted"),
    [
        ("rfc/20230905-provider-gpgkey-missing.md", dt.date(2023, 9, 5)),
        ("rfc/2025-07-22-conditional-enable.md", dt.date(2025, 7, 22)),
        ("_posts/2021-03-04_hello.md", dt.date(2021, 3, 4)),
        ("journal/2021-03-04.md", dt.date(2021, 3, 4)),
        ("posts/2021-03-04-hello/index.md", dt.date(2021, 3, 4)),  # a bundle: its folder
        ("docs\\adr\\20210304-use-x.md", dt.date(2021, 3, 4)),
        ("decisions/0001-use-postgres.md", None),  # an ADR number
        ("design/14313-benchmark-format.md", None),  # an issue number
        ("rfc/20241301-thirteenth-month.md", None),
        ("rfc/20230230-no-such-day.md", None),
        ("rfc/20990101-future.md", None),  # after today
        ("rfc/10000101-too-old.md", None),
        ("rfc/202309051-nine-digits.md", None),
        ("rfc/20230905.draft-note", dt.date(2023, 9, 5)),
        ("rfc/20230905provider.md", None),
        ("rfc/yyyymmdd-template.md", None),
        ("20240513-static-evaluation/module-expansion.md", None),  # the name only
    ],
)
def test_a_file_name_that_starts_with_a_day_dates_the_page(
    path: str, wanted: dt.date | None
) -> None:
    assert dates.in_name(path, TODAY) == wanted


D1, D2, D3, D4, D5 = (dt.date(2020 + n, 1, 1) for n in range(5))


@pytest.mark.parametrize(
    ("meta", "stated", "body", "path", "wanted"),
    [
        ({}, [], "", "", None),
        ({}, [], "Last updated: 2016-09-01\n", "", (dt.date(2016, 9, 1),) * 2),
        ({}, [], "", "rfc/20230905-x.md", (dt.date(2023, 9, 5),) * 2),
        # created from the name, updated from the page's line
        ({}, [], "Last updated: 2024-01-01\n", "rfc/20230905-x.md", (dt.date(2023, 9, 5), D5)),
        # fields first: the lines and the name only fill in what they leave unknown
        ({"date": D1}, [], "Created: 2019-05-05\nUpdated: 2022-01-01\n", "", (D1, D3)),
        ({"lastmod": D4}, [], "Created: 2021-01-01\nUpdated: 2022-01-01\n", "", (D2, D4)),
        ({"lastmod": D4}, [], "", "20210101-x.md", (D2, D4)),
        (
            {"date": D2, "lastmod": D3},
            [],
            "Created: 2020-01-01\nUpdated: 2024-01-01\n",
            "20200101-x.md",
            (D2, D3),
        ),
        # then the record's stated days, before the lines
        ({}, [D2], "Date: 2020-01-01\nLast updated: 2023-01-01\n", "", (D2, D4)),
        ({}, [D2], "", "20200101-x.md", (D2, D2)),
        # the lines before the name
        ({}, [], "Written: 2021-01-01\n", "20200101-x.md", (D2, D2)),
        # created never after updated: the better trusted source wins
        ({"date": D4}, [], "Last updated: 2021-01-01\n", "", (D4, D4)),
        ({"lastmod": D2}, [], "", "20230101-x.md", (D2, D2)),
        ({}, [], "Last updated: 2021-01-01\n", "20230101-x.md", (D2, D2)),
        # within one source, the earliest and the latest day, as before
        ({"date": D4, "lastmod": D2}, [], "", "", (D2, D4)),
        ({}, [], "Created: 2024-01-01\nUpdated: 2021-01-01\n", "", (D2, D5)),
    ],
)
def test_of_page_trusts_fields_then_records_then_lines_then_the_name(
    meta: dict[str, Any],
    stated: list[dt.date],
    body: str,
    path: str,
    wanted: tuple[dt.date, dt.date] | None,
) -> None:
    assert dates.of_page(meta, stated, TODAY, body=body, path=path) == wanted


_DAYS = st.dates(min_value=dt.date(1990, 1, 1), max_value=dt.date(2030, 12, 31))


@given(
    st.dictionaries(st.sampled_from(["date", "created", "lastmod", "updated"]), _DAYS, max_size=3),
    st.lists(_DAYS, max_size=2),
    st.lists(st.tuples(st.sampled_from(["Created: ", "Last updated: ", "Date: ", "x "]), _DAYS)),
    st.one_of(st.none(), _DAYS),
)
def test_of_page_never_dates_a_page_after_today_nor_creates_it_after_its_update(
    meta: dict[str, dt.date],
    stated: list[dt.date],
    lines: list[tuple[str, dt.date]],
    named: dt.date | None,
) -> None:
    body = "".join(f"{label}{d.isoformat()}\n" for label, d in lines)
    path = f"{named:%Y%m%d}-page.md" if named else "page.md"
    found = dates.of_page(meta, stated, TODAY, body=body, path=path)
    before = dates.of_page(meta, stated, TODAY)
    if found is None:
        assert before is None
    else:
        assert found[0] <= found[1] <= TODAY
    if before is not None and (meta or stated):
        assert found is not None


@given(
    st.lists(
        st.one_of(
            _MARKUP,
            st.sampled_from(["Last updated: ", "Feb 2016", "\\\n", "2021-03-04", "20210304-", "/"]),
            st.text(max_size=12),
        ),
        max_size=40,
    ).map("".join)
)
def test_any_text_or_name_is_read_for_days_without_crashing(text: str) -> None:
    found = dates.in_text(text, TODAY)
    assert all(d <= TODAY for d in found.created + found.updated)
    named = dates.in_name(text, TODAY)
    assert named is None or named <= TODAY


def test_an_import_dates_pages_by_their_stated_lines_and_their_file_names(
    make_base: MakeBase, tmp_path: Path
) -> None:
    source = pages(
        tmp_path / "rfc",
        {
            "20230905-provider-keys.md": "# Provider keys\n\nKeys are checked before use.\n",
            "monotonic.md": (
                "# Proposal: Monotonic time\n\nAuthor: Russ Cox\n\n"
                "Last updated: January 26, 2017\n\nTimes carry a monotonic reading.\n"
            ),
        },
    )
    root = make_base({})
    run_import(root, source)
    keys = meta(root, "rfc/20230905-provider-keys.md")
    assert (str(keys["created"]), str(keys["updated"])) == ("2023-09-05", "2023-09-05")
    assert str(meta(root, "rfc/monotonic.md")["updated"]) == "2017-01-26"


@pytest.mark.parametrize(
    ("body", "wanted"),
    [
        (  # a key written "Author(s)", and a paragraph of fields
            "Author(s): Austin Clements\n\nLast updated: 2019-01-18<br>\n"
            "Discussion: [issue 24543](https://go.dev/issue/24543)<br>\n\n"
            "Goroutines are preempted at safe points.\n",
            "Goroutines are preempted at safe points.",
        ),
        (  # a byline: names broken by backslashes, then the day
            "Ian Lance Taylor\\\nRobert Griesemer\\\nJuly 31, 2019\n\n"
            "Contracts describe what a type parameter needs.\n",
            "Contracts describe what a type parameter needs.",
        ),
    ],
)
def test_author_lines_and_bylines_are_no_summary(body: str, wanted: str) -> None:
    assert summary.first_paragraph(body) == wanted


def test_a_summary_section_high_in_the_page_wins_over_a_deeper_one() -> None:
    body = (
        "Opening words of the page.\n\n## Abstract\n\nThe abstract says what this does.\n\n"
        "## Design\n\n### Summary\n\nThe design reduces to a few points.\n"
    )
    assert conversion.summary_of(body, {}, 200, False) == "The abstract says what this does."
    # at one level, the order of the names decides: a summary before an abstract
    flat = "## Abstract\n\nThe abstract.\n\n## Summary\n\nThe summary of it.\n"
    assert conversion.summary_of(flat, {}, 200, False) == "The summary of it."


def test_a_stopped_page_reports_its_secrets_and_personal_data_at_once_and_no_other_note(
    make_base: MakeBase, tmp_path: Path
) -> None:
    token = "ghp_" + hashlib.sha256(b"one report").hexdigest()[:36]
    source = pages(
        tmp_path / "adr",
        {
            "0001-ci.md": f"# CI\n\nAsk ana.martin@corp.fr.\n\nGITHUB_TOKEN={token}\n",
            "0002-old.md": (
                "# 2. Old choice\n\n## Status\n\nRejected\n\n## Context\n\nWe asked"
                " ana.martin@corp.fr.\n\n## Decision\n\nWe keep the old way.\n"
            ),
        },
    )
    root = make_base({})
    report = run_import(root, source)
    assert report.imported == {}
    rules_of = {s.source: [(x.line, x.rule) for x in report.stopped if x.source == s.source]
                for s in report.stopped}  # fmt: skip
    assert rules_of["0001-ci.md"] == [(3, "email"), (5, "github-token")]
    assert rules_of["0002-old.md"] == [(9, "email")]
    assert not [n for n in report.notes if n.startswith("0002-old.md")], report.notes


def test_pages_linking_to_a_page_the_guard_stops_do_not_link_to_it_as_imported(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # from jestjs/jest: a page refused once converted, and the pages linking to it
    source = pages(
        tmp_path / "docs",
        {
            "cli.md": "# CLI\n\nSee [the configuration](configuration.md#roots).\n",
            "configuration.md": "# Configuration\n\nReach ana.martin@corp.fr for access.\n",
            "intro.md": "# Intro\n\nRead [CLI](cli.md) and [configuration](./configuration).\n",
        },
    )
    root = make_base({})
    for dry_run in (True, False):
        report = run_import(root, source, dry_run=dry_run)
        assert sorted(report.imported) == ["cli.md", "intro.md"]
        assert [s.source for s in report.stopped] == ["configuration.md"]
        missing = sorted((b.source, b.target) for b in report.broken_links)
        assert missing == [("cli.md", "configuration.md#roots")], missing
    assert "[the configuration](configuration.md#roots)" in (root / "cli.md").read_text(
        encoding="utf-8"
    )  # kept as written, and reported
    assert "[configuration](./configuration)" in (root / "intro.md").read_text(encoding="utf-8")
    assert not (root / "configuration.md").exists()


def test_a_link_to_a_page_the_guard_stops_in_the_project_leads_to_its_file(
    make_base: MakeBase,
) -> None:
    # from obsidianmd/obsidian-help: its Credits page names people by their addresses
    root = make_base({})
    source = pages(
        root.parent / "vault",
        {
            "Home.md": "# Home\n\nSee the [[Credits]] and [who translates](Credits.md#people).\n",
            "Credits.md": "# Credits\n\n## People\n\nReach ana.martin@corp.fr for access.\n",
        },
    )
    report = run_import(root, source)
    assert sorted(report.imported) == ["Home.md"]
    assert [s.source for s in report.stopped] == ["Credits.md"]
    assert not report.broken_links
    assert sorted((c.source, c.path) for c in report.code_links) == [
        ("Home.md", "vault/Credits.md"),
        ("Home.md", "vault/Credits.md"),
    ]
    home = (root / report.imported["Home.md"]).read_text(encoding="utf-8")
    assert "[Credits](../../vault/Credits.md)" in home
    assert "[who translates](../../vault/Credits.md#people)" in home
    assert Brain.open(root).check().findings == ()


@pytest.mark.parametrize(
    ("body", "wanted"),
    [
        (  # jupyter-book's docs: a MyST directive in a colon fence is an aside
            ":::{seealso} See the MyST guide\nThe MyST guide has more.\n:::\n\n"
            "## Use a directive\n\nHere is how a directive is used.\n",
            "Here is how a directive is used.",
        ),
        (  # nested, with more colons outside
            "::::{grid} 1 2\n:::{card} Install\nGet the tools.\n:::\n::::\n\nBooks from notebooks.\n",
            "Books from notebooks.",
        ),
        (
            ":::{glossary}\nLegacy Book\n: A book for version 1.\n:::\n",
            "Legacy Book : A book for version 1.",
        ),
    ],
)
def test_a_myst_directive_in_a_colon_fence_is_no_summary(body: str, wanted: str) -> None:
    assert summary.first_paragraph(body) == wanted


@pytest.mark.parametrize(
    ("body", "wanted"),
    [
        (  # gohugoio/hugoDocs' roles page: Hugo renders no Markdown inside "{{< >}}"
            "{{< code-toggle file=hugo >}}\ndefaultContentRole = 'guest'\n"
            "defaultContentRoleInSubdir = false\n{{< /code-toggle >}}\n\n"
            "Roles let you show different content to different readers.\n",
            "Roles let you show different content to different readers.",
        ),
        (  # a shortcode that closes on its line, or never: only its own line is left out
            '{{< figure src="a.png" >}}\n\nText after a figure.\n',
            "Text after a figure.",
        ),
    ],
)
def test_the_inside_of_a_hugo_shortcode_is_no_summary(body: str, wanted: str) -> None:
    assert summary.first_paragraph(body) == wanted


def test_a_summary_reads_shortcut_links_as_their_words_and_keeps_other_brackets() -> None:
    """rust-lang/rfcs: "It supersedes [RFC 2052]." and "given in the [Problems] section"
    were summaries; "[x; N]" is Rust, no link."""
    body = (
        "## Summary\n\nThis RFC describes the 2021 Edition. It supersedes [RFC 2052], "
        "as the [problems]  section says; arrays [x; N] stay as written.\n\n"
        "[RFC 2052]: https://github.com/rust-lang/rfcs/pull/2052\n[Problems]: #problems\n"
    )
    assert conversion.summary_of(body, {}, 240, decision=True) == (
        "This RFC describes the 2021 Edition. It supersedes RFC 2052, as the problems "
        "section says; arrays [x; N] stay as written."
    )


@pytest.mark.parametrize("key", ["MetaDescription", "meta_description", "Description", "SUMMARY"])
def test_a_summary_field_is_read_however_its_name_is_written(key: str) -> None:
    """microsoft/vscode-docs says what each page is for in "MetaDescription"; its pages
    were summarised from a note in their body ("VS Code ships monthly releases")."""
    body = "# On macOS\n\n> [!NOTE]\n> VS Code ships monthly releases.\n"
    meta = {key: "Get VS Code up and running on macOS.", "ContentId": "EEADB50A"}
    assert conversion.summary_of(body, meta, 200, False) == "Get VS Code up and running on macOS."


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_page_whose_path_holds_letters_past_ascii_is_dated_by_its_commits(
    make_base: MakeBase,
) -> None:
    """joelparkerhenderson/architecture-decision-record: its 64 pages under
    ``locales/ja/ドキュメント/`` and the like came in dated the day of the import, git
    having written their paths quoted and escaped."""
    root = make_base({})
    project = root.parent
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    docs = project / "locales"
    pages(
        docs,
        {
            "ja/ドキュメント/命名.md": "# 命名\n\nファイル名の決め方。\n",
            "en/naming.md": "# Naming\n\nHow.\n",
        },
    )
    _commit(project, "2025-05-09")
    report = run_import(root, docs)
    days = {old: str(meta(root, new)["created"]) for old, new in report.imported.items()}
    assert days == {"ja/ドキュメント/命名.md": "2025-05-09", "en/naming.md": "2025-05-09"}
