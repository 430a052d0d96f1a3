"""Importing an existing Markdown folder: documents, names, links, decision records, legacy."""

from __future__ import annotations

import datetime as dt
import json
import os
import posixpath
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from mdbrain.adapters import render, views
from mdbrain.core import adr, conversion, document, frontmatter, record_names, yaml_emit
from mdbrain.core.errors import UsageError
from mdbrain.service import bootstrap, importing
from mdbrain.service.brain import Brain
from mdbrain.service.importing import ImportReport
from mdbrain.service.reading import Filters
from tests.conftest import CORPORA, FIXTURES, MakeBase, doc, write_base
from tests.test_import_meaning import pages

TODAY = dt.date(2026, 7, 1)
WIKI = FIXTURES / "import" / "wiki"
GSP = CORPORA / "adr-gsp" / "docs" / "architecture" / "adr"
TLDR = CORPORA / "tldr" / "files" / "pages"
needs_corpora = pytest.mark.skipif(
    not CORPORA.is_dir(), reason=f"the shared corpora are not there ({CORPORA})"
)


def run_import(root: Path, source: Path, **options: Any) -> ImportReport:
    day = options.pop("today", TODAY)
    with Brain.open(root, clock=lambda: day) as brain:
        return importing.import_folder(brain.session, source, **options)


def meta(root: Path, doc_id: str) -> dict[str, Any]:
    return document.loads((root / doc_id).read_text(encoding="utf-8"), doc_id).meta


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder`` (hidden ones too): its bytes and modification time."""
    return {
        str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture
def wiki(tmp_path: Path) -> Path:
    source = tmp_path / "wiki"
    shutil.copytree(WIKI, source)
    return source


def check_errors(root: Path) -> list[str]:
    report = Brain.open(root, clock=lambda: TODAY).check(repair=False)
    assert report.exit_code() == 0, [f for f in report.findings if f.severity == "error"]
    return [f.code for f in report.findings]


# --- small fixtures ----------------------------------------------------------------------


def test_frontmatter_is_synthesised_from_the_page(make_base: MakeBase, wiki: Path) -> None:
    root = make_base({})
    report = run_import(root, wiki, theme="Old Wiki")
    assert report.imported["Home.md"] == "old-wiki/home.md"
    home = meta(root, "old-wiki/home.md")
    assert home == {
        "title": "Welcome to the wiki",
        "summary": "This wiki explains how we ship the shop service. "
        "Start with the install guide, then read the team notes.",
        "type": "overview",  # a home page made of links
        "status": "draft",
        "tags": ["old-wiki"],  # no folder, no keyword: the theme
        "created": TODAY,
        "updated": TODAY,
        "sources": ["wiki/Home.md"],
    }
    guide = meta(root, "old-wiki/guides/install-guide.md")
    assert guide["title"] == "Install guide"
    assert guide["summary"] == "How to install the shop service on a laptop, step by step."
    assert guide["tags"] == ["guides", "setup", "install"]
    assert guide["type"] == "guide"  # ms.topic: how-to
    assert guide["status"] == "draft"
    assert guide["original_status"] == "published"  # a clashing foreign value is kept aside
    assert guide["author"] == "Jane Doe" and guide["ms.topic"] == "how-to"
    assert check_errors(root).count("E002") == 0


def test_the_emitter_writes_yaml_that_reads_back_the_same() -> None:
    tricky = {
        "title": 'He said "yes": \\o/ # not a comment',
        "summary": "line one\nline two\ttab \x00\x1f\x7f\x85\u2028\ufeff end 😀 é",
        "words": ["yes", "null", "2020-01-01", "- item", "[x]", "{y}", "", "@at", "'q'"],
        "nested": {"a b": [1, 2.5, 1e-05, -3.0e20, True, None], "when": dt.date(2020, 1, 2)},
        "stamp": dt.datetime(2020, 1, 2, 3, 4, 5),
        "strange key: x": "v",
        "big": 10**20,
    }
    text = yaml_emit.block(tricky)
    block = text.split("---\n")[1]
    assert frontmatter.load(block)[0] == tricky
    assert yaml.safe_load(block) == tricky


def test_summaries_are_cut_cleanly() -> None:
    text = "First sentence here. " * 20
    cut = conversion.clip(text.strip(), 100)
    assert len(cut) <= 100 and cut.endswith("here.")
    words = conversion.clip("word " * 100, 50)
    assert len(words) <= 50 and words.endswith("word…")


def test_the_same_name_in_two_folders_gets_the_next_free_slug(
    make_base: MakeBase, wiki: Path
) -> None:
    root = make_base({})
    report = run_import(root, wiki)
    assert report.imported["Team A/notes.md"] == "team-a/notes.md"
    assert report.imported["team-a/notes.md"] == "team-a/notes-2.md"
    assert [(r.source, r.wanted, r.chosen) for r in report.renamed] == [
        ("team-a/notes.md", "team-a/notes.md", "team-a/notes-2.md")
    ]
    assert "another imported page" in report.renamed[0].reason


def test_a_name_too_long_for_a_slug_is_shortened_and_reported(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # log4brains names a record after its whole title; the word "adr" went unsaid
    name = "20201026-the-core-api-is-responsible-for-enhancing-the-adr-markdown-body-with-mdx.md"
    source = tmp_path / "adr"
    source.mkdir()
    (source / name).write_text("# Enhancing\n\nThe core API enhances the body.\n")
    (source / "short-name.md").write_text("# Short\n\nA page.\n")
    root = make_base({})
    report = run_import(root, source)
    [renamed] = report.renamed
    assert renamed.source == name and len(renamed.chosen.rsplit("/", 1)[-1]) <= 80 + 3
    assert renamed.chosen == report.imported[name]
    assert "longer than 80 characters" in renamed.reason and "slug" in renamed.reason
    assert report.imported["short-name.md"].endswith("/short-name.md")


def test_nothing_in_the_base_is_overwritten(make_base: MakeBase, wiki: Path) -> None:
    root = make_base({"guides/install-guide.md": "---\ntitle: mine\n---\n"})
    before = (root / "guides" / "install-guide.md").read_bytes()
    report = run_import(root, wiki)
    assert (root / "guides" / "install-guide.md").read_bytes() == before
    assert report.imported["Guides/Install Guide.md"] == "guides/install-guide-2.md"
    assert "a document of the base" in report.renamed[0].reason


def test_links_between_imported_pages_follow_them(make_base: MakeBase, wiki: Path) -> None:
    root = make_base({})
    run_import(root, wiki)
    home = (root / "home.md").read_text(encoding="utf-8")
    assert "[install guide](guides/install-guide.md#requirements)" in home
    assert "[team notes](team-a/notes.md)" in home
    assert "[Python docs](https://docs.python.org/3/)" in home
    assert "[home](../home.md)" in (root / "guides" / "install-guide.md").read_text(
        encoding="utf-8"
    )
    relations = yaml.safe_load((root / "RELATIONS.yaml").read_text(encoding="utf-8"))["nodes"]
    assert relations["home.md"]["links"] == ["guides/install-guide.md", "team-a/notes.md"]


def test_links_written_from_the_root_follow_the_pages(make_base: MakeBase) -> None:
    """A forge reads ``/docs/adr/1.md`` from the repository's root, a site generator
    reads ``/adr/1.md`` from its pages' root: both lead to the imported page."""
    root = make_base({})
    docs = root.parent / "docs"
    (docs / "adr").mkdir(parents=True)
    (docs / "adr" / "0001-queues.md").write_text("# 1. Queues\n\nWe use queues.\n")
    (docs / "guides").mkdir()
    (docs / "guides" / "ops.md").write_text(
        "# Operations\n\nSee [the forge's way](/docs/adr/0001-queues.md#context),\n"
        "[the site's way](/adr/0001-queues.md) and [a missing one](/docs/adr/9.md).\n"
    )
    report = run_import(root, docs)
    ops = (root / "guides" / "ops.md").read_text(encoding="utf-8")
    assert "[the forge's way](../adr/0001-queues.md#context)" in ops
    # written relative too: a forge would read "/adr/..." from the repository's top
    assert "[the site's way](../adr/0001-queues.md)" in ops
    assert [b.target for b in report.broken_links] == ["/docs/adr/9.md"]
    relations = yaml.safe_load((root / "RELATIONS.yaml").read_text(encoding="utf-8"))["nodes"]
    assert relations["guides/ops.md"]["links"] == ["adr/0001-queues.md"]


def test_one_language_of_translated_pages_imports_as_the_folder_they_translate(
    make_base: MakeBase,
) -> None:
    root = make_base({})
    for code in ("en", "es"):
        (root.parent / "docs" / code / "tutorial").mkdir(parents=True)
        (root.parent / "docs" / code / "tutorial" / "first.mdx").write_text("# First\n\nStart.\n")
    alone = root.parent / "sdk" / "go"  # named like a language, but no translation
    alone.mkdir(parents=True)
    (alone / "client.md").write_text("# Client\n\nCall it.\n")
    (root.parent / "sdk" / "js").mkdir()
    (root.parent / "sdk" / "js" / "server.md").write_text("# Server\n\nServe it.\n")
    run_import(root, root.parent / "docs" / "en")
    assert (root / "tutorial" / "first.md").is_file()  # docs/ goes to the root, so docs/en too
    run_import(root, alone)
    assert (root / "go" / "client.md").is_file()
    api, cli = root.parent / "guide" / "api", root.parent / "guide" / "cli"
    for folder in (api, cli):  # named like nothing but code, the same page in each
        folder.mkdir(parents=True)
        (folder / "README.md").write_text(f"# {folder.name}\n\nUse it.\n")
    run_import(root, api)
    assert (root / "api" / "readme.md").is_file()
    for version in ("v1.2.x", "v2.0.x"):  # one version of pages kept once per version
        (root.parent / "site" / "k6" / version).mkdir(parents=True)
        (root.parent / "site" / "k6" / version / "start.md").write_text("# Start\n\nRun.\n")
    run_import(root, root.parent / "site" / "k6" / "v2.0.x")
    assert (root / "k6" / "start.md").is_file()


def test_a_translation_goes_beside_the_bases_pages_in_its_own_language(
    make_base: MakeBase,
) -> None:
    """fastapi/fastapi: ``import docs/fr/docs`` after ``docs/en/docs`` put French pages
    beside the English ones (``events-2.md``), and none said it was French, so English
    stems read it and English questions met three copies of each answer."""
    root = make_base({})  # the base is English
    for code, words in (("en", "Run the events."), ("fr", "Lancez les évènements."), ("es", "")):
        folder = root.parent / "docs" / code / "docs" / "advanced"
        folder.mkdir(parents=True)
        (folder / "events.md").write_text(f"# Events\n\n{words or 'Eventos.'}\n")
    english = run_import(root, root.parent / "docs" / "en" / "docs")
    french = run_import(root, root.parent / "docs" / "fr" / "docs")
    spanish = run_import(root, root.parent / "docs" / "es")  # the language's folder itself
    assert english.imported == {"advanced/events.md": "advanced/events.md"}
    assert french.imported == {"advanced/events.md": "fr/advanced/events.md"}
    assert spanish.imported == {"docs/advanced/events.md": "es/docs/advanced/events.md"}
    assert "lang" not in meta(root, "advanced/events.md")
    assert meta(root, "fr/advanced/events.md")["lang"] == "fr"
    assert meta(root, "es/docs/advanced/events.md")["lang"] == "es"
    # each translated page leads to the page it translates, which came in before
    assert meta(root, "fr/advanced/events.md")["related"] == ["advanced/events.md"]
    assert meta(root, "es/docs/advanced/events.md")["related"] == ["advanced/events.md"]
    assert "related" not in meta(root, "advanced/events.md")


def test_two_scripts_of_one_language_are_two_translations(make_base: MakeBase) -> None:
    """fastapi/fastapi keeps docs/zh and docs/zh-hant: the traditional pages came into
    zh/, beside the simplified ones, each renamed with a "-2"."""
    root = make_base({})  # the base is English
    for code, words in (("en", "Run the events."), ("zh", "运行事件。"), ("zh-hant", "執行事件。")):
        folder = root.parent / "docs" / code / "docs"
        folder.mkdir(parents=True)
        (folder / "events.md").write_text(f"# Events\n\n{words}\n")
    run_import(root, root.parent / "docs" / "en" / "docs")
    simplified = run_import(root, root.parent / "docs" / "zh" / "docs")
    traditional = run_import(root, root.parent / "docs" / "zh-hant" / "docs")
    assert simplified.imported == {"events.md": "zh/events.md"}
    assert traditional.imported == {"events.md": "zh-hant/events.md"}
    assert meta(root, "zh-hant/events.md")["lang"] == "zh"
    assert meta(root, "zh-hant/events.md")["related"] == ["events.md"]


def test_pages_kept_in_a_folder_per_language_are_read_in_that_language(
    make_base: MakeBase,
) -> None:
    """joelparkerhenderson/architecture-decision-record keeps one folder per language in
    ``locales/``: its Spanish pages were read as French by their small words (``lang:
    fr``), its Turkish and Welsh ones as the base's English."""
    root = make_base({})
    spanish = "# Convenciones\n\nLa decisión de la arquitectura que se toma en el equipo.\n"
    pages = {
        "locales/en/naming.md": "# Naming\n\nHow records are named.\n",
        # each translation named in its own language: no mirror of the English folder
        "locales/es/convenciones.md": spanish,
        "locales/tr/adlandirma.md": "# Adlandırma\n\nKayıtlar nasıl adlandırılır.\n",
        # an English page copied under tr/: its prose says it is English
        "locales/tr/example.md": "# Example\n\n"
        + "The team and the records of the decisions. " * 8,
        # two folders alone, named as languages may be, and beside no English: no languages
        "topics/ml/models.md": "# Models\n\nHow models are trained.\n",
        "topics/ms/services.md": "# Services\n\nHow services talk.\n",
    }
    for path, text in pages.items():
        (root.parent / path).parent.mkdir(parents=True, exist_ok=True)
        (root.parent / path).write_text(text, encoding="utf-8")
    report = run_import(root, root.parent / "locales")
    langs = {old: meta(root, new).get("lang") for old, new in report.imported.items()}
    assert langs == {
        "en/naming.md": None,
        "es/convenciones.md": "es",
        "tr/adlandirma.md": "tr",
        "tr/example.md": None,
    }
    topics = run_import(root, root.parent / "topics")
    assert {meta(root, new).get("lang") for new in topics.imported.values()} == {None}


def test_pages_of_tests_and_vendored_code_are_left_out_as_init_counts_them(
    make_base: MakeBase,
) -> None:
    """Docusaurus' own site keeps 47 fixture pages under '_docs tests/tests/': init counted
    178 pages, import brought in 214."""
    root = make_base({})
    site = root.parent / "website"
    for folder in (
        "docs", "docs/spec", "_dogfooding/tests", "src/__tests__", "node_modules/x",
        "packages/core/integration-tests/ro-project",  # log4brains' fixture records
    ):  # fmt: skip
        (site / folder).mkdir(parents=True)
        (site / folder / "page.md").write_text("# Page\n\nSome text about it.\n")
    (site / "docusaurus.config.js").write_text("module.exports = {};\n")
    counted = bootstrap.pages_outside(root.parent, root)
    report = run_import(root, site)
    assert sorted(report.imported) == ["docs/page.md", "docs/spec/page.md"]
    assert [p.count for p in counted if p.folder == "website"] == [len(report.imported)]
    notes = [n for n in report.notes if "not the project's documentation" in n]
    assert sorted(n.split(":")[0] for n in notes) == [
        "_dogfooding/tests/",
        "node_modules/",
        "packages/core/integration-tests/",
        "src/__tests__/",
    ]
    assert all("import that folder to bring them in" in n for n in notes)
    # the folder asked for is imported, whatever its name
    alone = run_import(root, site / "_dogfooding" / "tests", theme="fixtures")
    assert list(alone.imported.values()) == ["fixtures/page.md"]


def test_a_docusaurus_sites_past_versions_are_not_imported_with_it(make_base: MakeBase) -> None:
    root = make_base({})
    site = root.parent / "website"
    for folder in ("docs", "versioned_docs/version-1.0"):
        (site / folder).mkdir(parents=True)
        (site / folder / "setup.md").write_text("# Setup\n\nInstall it.\n")
    (site / "versions.json").write_text('["1.0"]\n')
    report = run_import(root, site)
    assert list(report.imported) == ["docs/setup.md"]
    assert any("versioned_docs/: the site's past versions" in note for note in report.notes)
    past = run_import(root, site / "versioned_docs" / "version-1.0")  # one past version
    assert list(past.imported.values()) == ["version-1-0/setup.md"]  # a theme of its own
    (site / "versions.json").unlink()  # a folder so named, with no versions list: imported
    again = run_import(root, site, theme="again").imported
    assert list(again) == []  # each page is in already


def test_images_written_from_the_site_root_lead_to_the_files_the_site_serves(
    make_base: MakeBase,
) -> None:
    # from fastapi/fastapi: docs/en/mkdocs.yml builds docs/en/docs/, "/img/a.png" is in it
    root = make_base({})
    site = root.parent / "docs" / "en"
    (site / "docs" / "img").mkdir(parents=True)
    (site / "mkdocs.yml").write_text("site_name: Demo\nnav:\n  - Start here: intro.md\n")
    (site / "docs" / "img" / "flow.png").write_bytes(b"png")
    (root.parent / "public" / "shots").mkdir(parents=True)  # Astro serves public/ at its root
    (root.parent / "public" / "shots" / "home.png").write_bytes(b"png")
    (site / "docs" / "intro.md").write_text(
        "How it flows.\n\n![flow](/img/flow.png) ![home](/shots/home.png)\n\n![gone](/img/gone.png)\n\n"
        '{% for user in people %}<img src="{{ user.avatarUrl }}"/>{% endfor %}\n'
        "![avatar]({{ user.avatar }})\n<img src={post.cover.url} />\n"
    )
    (root / "kb-note.png").write_bytes(b"png")  # in the knowledge root, reached by a link
    (root.parent / "static").symlink_to(root, target_is_directory=True)
    (site / "docs" / "intro.md").write_text(
        (site / "docs" / "intro.md").read_text(encoding="utf-8") + "![kb](/kb-note.png)\n"
    )
    report = run_import(root, site, theme=".")
    intro = (root / "docs" / "intro.md").read_text(encoding="utf-8")
    assert "![flow](../../docs/en/docs/img/flow.png)" in intro
    assert "![home](../../public/shots/home.png)" in intro
    assert [b.target for b in report.broken_links] == ["/img/gone.png", "/kb-note.png"]
    assert meta(root, "docs/intro.md")["title"] == "Start here"  # named by the site's navigation


def test_pages_named_by_symbols_alone_get_their_characters_spelled_out(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # from tldr-pages/tldr: common/$.md, common/[[.md, common/~.md were untitled-1, -2, -3
    root = make_base({})
    pages = tmp_path / "pages"
    pages.mkdir()
    for name in ("$", "[[", "~", "\ue000"):  # a private-use character has no name
        (pages / f"{name}.md").write_text(f"# {name}\n\n> A shell builtin.\n")
    report = run_import(root, pages, theme=".")
    assert sorted(r.chosen for r in report.renamed) == [
        "dollar-sign.md", "left-square-bracket-left-square-bracket.md", "tilde.md", "untitled.md"
    ]  # fmt: skip
    assert {r.reason for r in report.renamed} == {
        "no letter or digit in the name: its characters spelled out"
    }


def test_a_vitepress_site_at_the_top_links_its_pages_and_files_from_its_source_folder(
    make_base: MakeBase,
) -> None:
    # from vuejs/docs: .vitepress/ at the top, pages in src/, static files in src/public/
    root = make_base({})
    project = root.parent
    (project / ".vitepress").mkdir()
    (project / ".vitepress" / "config.ts").write_text("export default { srcDir: 'src' }\n")
    (project / "src" / "guide").mkdir(parents=True)
    (project / "src" / "public" / "images").mkdir(parents=True)
    (project / "src" / "public" / "images" / "logo.svg").write_text("<svg/>")
    (project / "src" / "guide" / "syntax.md").write_text("# Syntax\n\nTemplates.\n")
    (project / "src" / "guide" / "slots.md").write_text(
        "# Slots\n\n[[TOC]]\n\nSee [arguments](/guide/syntax.md#arguments) and"
        " [more](/guide/syntax#more).\n\n![logo](/images/logo.svg)\n"
    )
    report = run_import(root, project, theme=".")  # what init proposes for such a site
    slots = (root / "src" / "guide" / "slots.md").read_text(encoding="utf-8")
    assert "[arguments](syntax.md#arguments)" in slots and "[more](syntax.md#more)" in slots
    assert "![logo](../../../src/public/images/logo.svg)" in slots
    assert report.broken_links == ()  # [[TOC]] asks the site for a table of contents


def test_a_link_to_the_sites_root_leads_to_its_home_page_not_its_static_files(
    make_base: MakeBase,
) -> None:
    # vitejs/vite's blog: "[Docs](/)" became "../../docs/public/", the static files
    root = make_base({})
    project = root.parent
    (project / "docs" / ".vitepress").mkdir(parents=True)
    (project / "docs" / ".vitepress" / "config.ts").write_text("export default {}\n")
    (project / "docs" / "public").mkdir()
    (project / "docs" / "public" / "logo.svg").write_text("<svg/>")
    (project / "docs" / "index.md").write_text("# Vite\n\nNext generation tooling.\n")
    (project / "docs" / "blog").mkdir()
    (project / "docs" / "blog" / "v7.md").write_text(
        "# Vite 7\n\n- [Docs](/)\n\n![logo](/logo.svg)\n"
    )
    report = run_import(root, project / "docs")
    post = (root / report.imported["blog/v7.md"]).read_text(encoding="utf-8")
    home = report.imported["index.md"]
    assert f"[Docs](../{posixpath.basename(home)})" in post
    assert "![logo](../../docs/public/logo.svg)" in post  # a file it serves: still there


def test_a_relative_link_written_from_the_projects_top_leads_to_its_page(
    make_base: MakeBase,
) -> None:
    # from nats-io/nats-architecture-and-design: adr/ADR-8.md links "adr/ADR-57.md"
    root = make_base({})
    adr = root.parent / "adr"
    adr.mkdir()
    (adr / "ADR-2.md").write_text("# Sourcing\n\nHow buckets are sourced.\n")
    (adr / "ADR-1.md").write_text(
        "# Buckets\n\nSee [ADR-2](adr/ADR-2.md#top), [gone](adr/ADR-9.md) and [x](./adr/ADR-2.md).\n"
    )
    report = run_import(root, adr, theme=".")
    first = (root / "adr-1.md").read_text(encoding="utf-8")
    assert "[ADR-2](adr-2.md#top)" in first
    assert sorted(b.target for b in report.broken_links) == ["./adr/ADR-2.md", "adr/ADR-9.md"]


def test_a_relative_link_that_leads_nowhere_is_read_from_the_sources_top(
    make_base: MakeBase,
) -> None:
    # from facebook/docusaurus: api/plugins/plugin-content-blog.mdx links "blog.mdx" and
    # "guides/creating-pages.mdx", which Docusaurus reads from its docs folder
    root = make_base({})
    docs = root.parent / "website" / "docs"
    (docs / "api" / "plugins").mkdir(parents=True)
    (docs / "guides").mkdir()
    (docs / "blog.mdx").write_text("# Blog\n\nPosts.\n")
    (docs / "guides" / "creating-pages.mdx").write_text("# Pages\n\nCreate pages.\n")
    (docs / "api" / "plugins" / "plugin-content-blog.mdx").write_text(
        "# Blog plugin\n\nSee [the blog](blog.mdx), [pages](guides/creating-pages.mdx#x)"
        " and [gone](./guides/creating-pages.mdx).\n"
    )
    report = run_import(root, docs, theme=".")
    plugin = (root / "api" / "plugins" / "plugin-content-blog.md").read_text(encoding="utf-8")
    assert "[the blog](../../blog.md)" in plugin
    assert "[pages](../../guides/creating-pages.md#x)" in plugin
    assert [b.target for b in report.broken_links] == ["./guides/creating-pages.mdx"]


def test_one_folder_named_for_the_bases_language_is_no_level_of_the_ids(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # gohugoio/hugoDocs keeps its 992 pages in content/en, no other language beside it:
    # they came in under one theme, "en", with one index of 1,059 rows
    root = make_base({})
    content = root.parent / "content"
    (content / "en" / "functions").mkdir(parents=True)
    (content / "en" / "guides").mkdir()
    (content / "en" / "functions" / "getenv.md").write_text("# getenv\n\nReads it.\n")
    (content / "LICENSE.md").write_text("# License\n\nUse it.\n")  # beside it: stays
    (content / "en" / "guides" / "start.md").write_text(
        "# Start\n\nSee [getenv](/functions/getenv/) and [it](../functions/getenv.md).\n"
    )
    report = run_import(root, content)
    assert report.imported == {
        "LICENSE.md": "license.md",
        "en/functions/getenv.md": "functions/getenv.md",
        "en/guides/start.md": "guides/start.md",
    }
    start = (root / "guides" / "start.md").read_text(encoding="utf-8")
    assert "[getenv](../functions/getenv.md) and [it](../functions/getenv.md)" in start
    # a folder named for another language keeps its level: it says what the pages are
    other = write_base(tmp_path / "other", {})
    fr = other.parent / "content"
    (fr / "fr").mkdir(parents=True)
    (fr / "fr" / "page.md").write_text("# Page\n\nTexte.\n")
    assert list(run_import(other, fr).imported.values()) == ["fr/page.md"]


def test_a_docusaurus_version_reads_the_sites_static_files_and_at_site_names(
    make_base: MakeBase,
) -> None:
    # facebook/docusaurus: importing versioned_docs/version-3.4.0 alone said /img/... was
    # missing, though the site serves website/static/img/ at its root
    root = make_base({})
    site = root.parent / "website"
    old = site / "versioned_docs" / "version-1.0"
    old.mkdir(parents=True)
    (site / "static" / "img").mkdir(parents=True)
    (site / "docusaurus.config.js").write_text("module.exports = {};\n")
    (site / "static" / "img" / "arch.png").write_bytes(b"png")
    (old / "intro.md").write_text(
        "# Intro\n\n![the architecture](/img/arch.png) and [the logo](@site/static/img/arch.png)\n"
    )
    report = run_import(root, old)
    assert not report.broken_links
    text = (root / report.imported["intro.md"]).read_text(encoding="utf-8")
    assert text.count("(../../website/static/img/arch.png)") == 2


def test_docs_a_docusaurus_site_beside_them_builds_read_its_static_files(
    make_base: MakeBase,
) -> None:
    """prettier/prettier: ``import docs`` said ``/images/...`` was missing; the site in
    ``website/`` builds its pages from ``../docs`` and serves ``website/static/``."""
    root = make_base({})
    project = root.parent
    docs, site = project / "docs", project / "website"
    docs.mkdir()
    (site / "static" / "images").mkdir(parents=True)
    (site / "static" / "images" / "cover.png").write_bytes(b"png")
    (project / "other" / "static" / "images").mkdir(parents=True)  # no site of the docs'
    (project / "other" / "static" / "images" / "logo.png").write_bytes(b"png")
    (project / "other" / "docusaurus.config.js").write_text("module.exports = {};\n")
    (site / "docusaurus.config.js").write_text(
        'module.exports = { presets: [["classic", { docs: { path: "../docs" } }]] };\n'
    )
    (docs / "index.md").write_text(
        "# Home\n\n![the talk](/images/cover.png) and ![a logo](/images/logo.png)\n"
    )
    report = run_import(root, docs)
    assert [b.target for b in report.broken_links] == ["/images/logo.png"]
    text = (root / report.imported["index.md"]).read_text(encoding="utf-8")
    assert "(../website/static/images/cover.png)" in text


def test_a_broken_link_is_kept_and_reported(make_base: MakeBase, wiki: Path) -> None:
    root = make_base({})
    report = run_import(root, wiki)
    assert [(b.source, b.line, b.target) for b in report.broken_links] == [
        ("Home.md", 6, "old-page.md")
    ]
    assert "[old page](old-page.md)" in (root / "home.md").read_text(encoding="utf-8")
    from mdbrain.adapters import views

    shown = views.import_text(report)
    assert "\n  Home.md:6: old-page.md" in shown
    # the lines are the source's, not the document's: said, so that nobody opens the wrong one
    assert f"missing: 1 (lines of the pages in {wiki})" in shown


def test_a_missing_file_outside_the_folder_is_linked_from_the_new_place(
    make_base: MakeBase,
) -> None:
    """ethereum/EIPs: ``../assets/x.pdf``, absent from the clone, was copied as written
    and then named a path inside the base; a paper linked was made an impl_ref."""
    root = make_base({})
    project = root.parent
    (project / "specs").mkdir()
    (project / "assets").mkdir()
    (project / "src").mkdir()
    (project / "assets" / "present.pdf").write_bytes(b"%PDF")
    (project / "src" / "app.py").write_text("X = 1\n", encoding="utf-8")
    (project / "specs" / "one.md").write_text(
        "# One\n\n[paper](../assets/missing.pdf), [slides](../assets/present.pdf#p2),"
        " [code](../src/app.py) and [a page](two.md).\n",
        encoding="utf-8",
    )
    report = run_import(root, project / "specs")
    doc_id = report.imported["one.md"]
    text = (root / doc_id).read_text(encoding="utf-8")
    up = "../" * doc_id.count("/") + "../"
    assert f"[paper]({up}assets/missing.pdf)" in text
    assert f"[slides]({up}assets/present.pdf#p2)" in text
    assert [(b.source, b.target) for b in report.broken_links] == [
        ("one.md", "../assets/missing.pdf"),
        ("one.md", "two.md"),
    ]
    assert meta(root, doc_id)["impl_refs"] == ["src/app.py"]  # the code, not the paper


def test_a_missing_file_inside_the_folder_is_linked_from_the_new_place_too(
    make_base: MakeBase,
) -> None:
    """dotnet/designs' CVE schema links jq_queries/*.jq, gone from its folder: import said
    nothing, and the check then named docs-rag/cve-schema/jq_queries.sh, a path that
    never was."""
    root = make_base({})
    source = root.parent / "designs" / "cve"
    source.mkdir(parents=True)
    (source / "schema.json").write_text("{}\n", encoding="utf-8")
    (source / "cve.md").write_text(
        "# CVE\n\nRun [the query](jq/count.jq), see [schema](schema.json) and [notes](notes.md).\n",
        encoding="utf-8",
    )
    report = run_import(root, source)
    doc_id = report.imported["cve.md"]
    text = (root / doc_id).read_text(encoding="utf-8")
    up = "../" * doc_id.count("/") + "../"
    assert f"[the query]({up}designs/cve/jq/count.jq)" in text
    assert [(b.source, b.target) for b in report.broken_links] == [
        ("cve.md", "jq/count.jq"),
        ("cve.md", "notes.md"),
    ]


def test_a_page_imported_alone_links_its_missing_neighbours_from_its_new_place(
    make_base: MakeBase,
) -> None:
    """mozilla/fxa's README, imported alone, kept "./packages/x/README.md" as written
    where that package's README was missing: in the base it named a page beside the
    imported one, which never was, while the present one was written again."""
    root = make_base({})
    project = root.parent
    (project / "packages" / "present").mkdir(parents=True)
    (project / "packages" / "present" / "README.md").write_text("# P\n", encoding="utf-8")
    (project / "README.md").write_text(
        "# Accounts\n\nSee [present](./packages/present/README.md) and"
        " [gone](./packages/gone/README.md#setup).\n",
        encoding="utf-8",
    )
    report = run_import(root, project / "README.md")
    doc_id = report.imported["README.md"]
    text = (root / doc_id).read_text(encoding="utf-8")
    up = "../" * doc_id.count("/") + "../"
    assert f"[present]({up}packages/present/README.md)" in text
    assert f"[gone]({up}packages/gone/README.md#setup)" in text
    assert [(b.source, b.target) for b in report.broken_links] == [
        ("README.md", "./packages/gone/README.md#setup")
    ]


def test_a_source_in_a_hidden_folder_keeps_its_dot(make_base: MakeBase) -> None:
    root = make_base({})
    folder = root.parent / ".github" / "docs"
    folder.mkdir(parents=True)
    (folder / "release.md").write_text("# Release\n\nHow a release is cut.\n", encoding="utf-8")
    report = run_import(root, folder)
    assert meta(root, report.imported["release.md"])["sources"][0] == ".github/docs/release.md"


def test_the_source_folder_is_left_untouched(make_base: MakeBase, wiki: Path) -> None:
    root = make_base({})
    before = snapshot(wiki)
    time.sleep(0.01)
    run_import(root, wiki, theme="wiki")
    assert snapshot(wiki) == before


def test_a_dry_run_writes_nothing(make_base: MakeBase, wiki: Path) -> None:
    root = make_base({})
    project = root.parent
    before = snapshot(project)
    report = run_import(root, wiki, dry_run=True)
    assert snapshot(project) == before
    assert report.dry_run and report.written == () and report.index is None
    assert report.imported["Home.md"] == "home.md"
    assert [b.target for b in report.broken_links] == ["old-page.md"]


def test_a_dry_run_lists_the_first_pages_and_the_documents_they_would_become(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """Its help says it shows the plan; it said only how many pages it would import."""
    from mdbrain.adapters import views

    root = make_base({})
    source = tmp_path / "notes"
    source.mkdir()
    for n in range(25):
        (source / f"note-{n:02}.md").write_text(f"# Note {n}\n\nSaid once.\n", encoding="utf-8")
    (source / "index.md").write_text("# Start\n\nWhere to begin.\n", encoding="utf-8")
    (source / "z").mkdir()
    (source / "z" / "Other Page.md").write_text("# Last\n\nThe end.\n", encoding="utf-8")
    (source / "z" / "other-page.md").write_text("# Other\n\nThe other end.\n", encoding="utf-8")
    shown = views.import_text(run_import(root, source, dry_run=True)).splitlines()
    assert shown[1:4] == [
        "  index.md -> notes/home.md (index.md would clash with INDEX.md, which mdbrain writes)",
        "  note-00.md -> notes/note-00.md",
        "  note-01.md -> notes/note-01.md",
    ]
    # prometheus/docs: "... and 48 more", then ten of those 48, renamed, without a word
    assert shown[20:23] == [
        "  note-18.md -> notes/note-18.md",
        "  ... and 8 more (--json lists them all); those of them renamed follow",
        "  z/Other Page.md -> notes/z/other-page-2.md (other-page.md is taken by another"
        " imported page)",
    ]
    assert sum(line.startswith("  index.md") for line in shown) == 1  # its new name said once
    done = views.import_text(run_import(root, source))  # an import done: renames alone
    assert "note-00.md ->" not in done and "index.md -> notes/home.md" in done


def test_a_folders_overview_page_is_renamed_for_the_right_reason(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """The base's OVERVIEW.md is at its root: a folder's overview.md gives way to the
    overview import writes in folders, and the message said it clashed with OVERVIEW.md."""
    root = make_base({})
    source = tmp_path / "spec"
    source.mkdir()
    (source / "overview.md").write_text("# Overview\n\nThe big picture.\n", encoding="utf-8")
    (source / "api.md").write_text("# API\n\nCalls.\n", encoding="utf-8")
    renamed = {r.source: r for r in run_import(root, source, dry_run=True).renamed}
    assert renamed["overview.md"].chosen == "spec/home.md"
    assert "OVERVIEW.md" not in renamed["overview.md"].reason
    assert "overview import writes" in renamed["overview.md"].reason


def test_hidden_folders_are_skipped(make_base: MakeBase, wiki: Path) -> None:
    root = make_base({})
    report = run_import(root, wiki)
    assert sorted(report.imported) == [
        "Guides/Install Guide.md",
        "Home.md",
        "Team A/notes.md",
        "kept.md",
        "team-a/notes.md",
    ]


def test_a_valid_mdbrain_frontmatter_is_kept_as_written(make_base: MakeBase, wiki: Path) -> None:
    root = make_base({})
    run_import(root, wiki)
    assert (root / "kept.md").read_bytes() == (wiki / "kept.md").read_bytes()


def test_verified_pages_enter_as_stable_with_their_source(make_base: MakeBase, wiki: Path) -> None:
    root = make_base({})
    run_import(root, wiki, verified=True)
    guide = meta(root, "guides/install-guide.md")
    assert guide["status"] == "stable"
    assert guide["sources"] == ["wiki/Guides/Install Guide.md"]
    assert "W008" not in check_errors(root)


def test_legacy_mode_lists_the_pages_and_copies_nothing(make_base: MakeBase, wiki: Path) -> None:
    root = make_base({})
    report = run_import(root, wiki, legacy=True, theme="archive")
    assert report.legacy and report.imported == {}
    assert report.written == ("archive/legacy-sources.md",)
    docs = sorted(p.relative_to(root).as_posix() for p in root.rglob("*.md"))
    assert docs == ["INDEX.md", "OVERVIEW.md", "archive/legacy-sources.md"]
    assert report.listed == (
        ("wiki/Guides/Install Guide.md", "Install guide"),
        ("wiki/Home.md", "Welcome to the wiki"),
        ("wiki/Team A/notes.md", "Notes of team A"),
        ("wiki/kept.md", "Release process"),
        ("wiki/team-a/notes.md", "Notes of the other team A"),
    )
    page = (root / "archive" / "legacy-sources.md").read_text(encoding="utf-8")
    assert "| Welcome to the wiki | `wiki/Home.md` |" in page
    fields = meta(root, "archive/legacy-sources.md")
    assert (fields["type"], fields["status"], fields["tags"]) == ("reference", "draft", ["legacy"])
    check_errors(root)
    later = TODAY + dt.timedelta(days=3)
    run_import(root, wiki, legacy=True, theme="archive", today=later)
    fields = meta(root, "archive/legacy-sources.md")
    assert (fields["created"], fields["updated"]) == (TODAY, later)


def test_bad_pages_are_reported_and_the_rest_imported(make_base: MakeBase, tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    (source / "broken.md").write_text("---\ntitle: [oops\n---\n# Broken\n\nText.\n")
    (source / "key.md").write_text(
        "# Key\n\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA0Z3\n"
    )
    (source / "latin.md").write_bytes(b"# Caf\xe9\n")
    (source / "fine.md").write_text("# Fine\n\nAll good.\n")
    root = make_base({})
    report = run_import(root, source)
    assert sorted(report.imported) == ["broken.md", "fine.md"]
    assert {s.source for s in report.skipped} == {"key.md", "latin.md"}
    assert "```yaml\ntitle: [oops\n```" in (root / "broken.md").read_text(encoding="utf-8")
    assert any("broken.md" in note for note in report.notes)
    check_errors(root)


def test_a_frontmatter_yaml_rejects_for_a_colon_is_read_line_by_line(
    make_base: MakeBase, tmp_path: Path
) -> None:
    source = tmp_path / "src"
    source.mkdir()
    (source / "adr006.md").write_text(
        "---\ntitle: ADR006: Avoid React.FC and React.SFC\n"
        "description: Why components are plain functions\ntags:\n  - react\n  - adr\n---\n"
        "\n## Context\n\nComponents were typed with React.FC.\n"
    )
    (source / "nested.md").write_text("---\ntitle: a: b\nowner:\n  team: web\n---\n# Nested\n")
    root = make_base({})
    report = run_import(root, source)
    fields = meta(root, "adr006.md")
    assert fields["title"] == "ADR006: Avoid React.FC and React.SFC"
    assert fields["summary"] == "Why components are plain functions"
    assert "react" in fields["tags"] and "adr" in fields["tags"]
    assert "```yaml" not in (root / "adr006.md").read_text(encoding="utf-8")
    assert any("adr006.md" in n and "read one by one" in n for n in report.notes)
    # a block that is more than key: value lines is not guessed at
    assert "```yaml\ntitle: a: b" in (root / "nested.md").read_text(encoding="utf-8")
    check_errors(root)


def test_a_source_holding_the_base_leaves_the_base_out(make_base: MakeBase) -> None:
    root = make_base({"a.md": "# A\n"})
    project = root.parent
    shutil.copytree(WIKI, project / "docs" / "wiki")
    report = run_import(root, project, theme="project")
    assert report.imported["docs/wiki/Home.md"] == "project/docs/wiki/home.md"
    assert not [path for path in report.imported if path.startswith("kb/")]
    assert meta(root, "project/docs/wiki/home.md")["sources"] == ["docs/wiki/Home.md"]


def test_a_source_inside_the_base_or_not_a_markdown_page_is_refused(
    make_base: MakeBase,
) -> None:
    root = make_base({"a.md": "# A\n"})
    with pytest.raises(UsageError, match="inside the knowledge root"):
        run_import(root, root)
    with pytest.raises(UsageError, match="inside the knowledge root"):
        run_import(root, root / "a.md")
    (root.parent / "notes.txt").write_text("not Markdown\n", encoding="utf-8")
    with pytest.raises(UsageError, match="not a Markdown page"):
        run_import(root, root.parent / "notes.txt")
    with pytest.raises(UsageError, match="not a folder or a file"):
        run_import(root, root.parent / "missing")


# --- decision records --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "kind", "refs"),
    [
        ("Superseded by ADR 12", "superseded_by", [(None, 12)]),
        ("Superseded by [ADR-012](ADR012-foo.md)", "superseded_by", [("ADR012-foo.md", 12)]),
        ("Superceded by 12 and 14", "superseded_by", [(None, 12), (None, 14)]),
        (
            "Superseded by #12, ADR-0014 (Kafka) & 15.",
            "superseded_by",
            [(None, 12), (None, 14), (None, 15)],
        ),
        ("Supersedes 3", "supersedes", [(None, 3)]),
        ("Accepted, amended by [ADR039](ADR039-x.md)", "related", [("ADR039-x.md", 39)]),
        ("Supplemented by 34", "related", [(None, 34)]),
        ("Superseded by 12 on 2019-03-05", "superseded_by", [(None, 12)]),
        ("Superseded by the new logging decision", "superseded_by", []),
        # ministryofjustice/modernisation-platform: the successor's link, no "by"
        (
            "⌛️ Superseded [0019](0019-use-bash-go.md)",
            "superseded_by",
            [("0019-use-bash-go.md", 19)],
        ),
        ("Superseded: [ADR 7](0007-x.md)", "superseded_by", [("0007-x.md", 7)]),
        # an issue's number is no record's
        (
            "Superseded [Moved.](https://x.org/o/r/issues/59)",
            "superseded_by",
            [("https://x.org/o/r/issues/59", None)],
        ),
    ],
)
def test_status_clauses_are_read(
    status: str, kind: str, refs: list[tuple[str | None, int]]
) -> None:
    (clause,) = adr.clauses(status)
    assert clause.kind == kind
    assert [(r.link, r.number) for r in clause.refs] == refs
    assert not clause.verb.endswith((" ", ":"))


@pytest.mark.parametrize("status", ["Superseded", "Superseded [in part]", "⌛ Superseded"])
def test_superseded_without_a_link_or_by_names_nothing(status: str) -> None:
    assert adr.clauses(status) == ()


def test_record_numbers_and_templates_are_recognised() -> None:
    assert [
        record_names.number_of(n) for n in ("0012-x.md", "ADR012-x.md", "adr-7-y.md", "2to3.md")
    ] == [
        12,
        12,
        7,
        None,
    ]
    record = adr.read("ADR000-template.md", "# T\n\n## Status\n\nAccepted | Superseded by 1\n", {})
    assert record is not None and record.template
    assert adr.read("notes.md", "# Notes\n\nNo status here.\n", {"status": "draft"}) is None


def test_a_filled_in_form_marks_its_status_among_the_choices() -> None:
    # from kubernetes/community's postmortems: the template's choices, the one in bold
    body = "# Postmortem\n\n**Status:** \\[draft | pending feedback | **final**\\]\n\nWhat broke.\n"
    record = adr.read("postmortems/kubeadm-1.6.md", body, {})
    assert record is not None and not record.template and record.status == "final"
    blank = "# Postmortem\n\n**Status:** [draft | pending feedback | final]\n"
    listed = adr.read("postmortems/blank.md", blank, {})
    assert listed is not None and listed.template
    assert adr.chosen("[proposed | **accepted** | rejected]") == "accepted"
    assert adr.chosen("**proposed** | **accepted**") == "**proposed** | **accepted**"


@pytest.mark.parametrize(
    ("name", "template"),
    [
        ("template.md", True),
        ("adr-template.md", True),
        ("0000-madr-template-minimal.md", True),
        ("NNNN-template.md", True),
        ("YYYY-MM-DD-decision-record-template.md", True),
        ("adr_template_short.md", True),
        ("design-doc-template.md", True),
        ("adr-template-v2.md", True),
        ("0000-adr-template.md", True),
        # a record about templates names its subject
        ("adr-014-project-templates.md", False),
        ("0012-use-handlebars-templates.md", False),
        ("20201016-email-templates.md", False),
        ("0003-templating.md", False),
        ("0003-new-templates.md", False),
        ("2021-04-12-templates.md", False),
    ],
)
def test_a_record_about_templates_is_no_template(name: str, template: bool) -> None:
    body = "# Title\n\n## Status\n\nAccepted\n\n## Decision\n\nWe do it.\n"
    record = adr.read(f"doc/adr/{name}", body, {})
    assert record is not None and record.template is template


@pytest.mark.parametrize(
    "body",
    [
        "# 5. Use Kafka\n\n## Status\n\nSuperseded by [ADR 7](0007-y.md)\n\n## Context\n\nWhy.\n",
        "## 5. Use Kafka\n\n### Status\n\nSuperseded by [ADR 7](0007-y.md)\n\n### Context\n",
        "## Context\n\nWhy.\n\n## Status\n\nSuperseded by [ADR 7](0007-y.md)\n",
        # Tyree and Akerman's template: Issue, Decision and Status under "Summary"
        "# Cache\n\n## Summary\n\n### Issue\n\nSlow.\n\n### Decision\n\nCache.\n\n"
        "### Status\n\nSuperseded by [ADR 7](0007-y.md)\n\n## Details\n",
    ],
)
def test_a_records_own_status_section_is_read_at_the_top_or_under_its_title(body: str) -> None:
    record = adr.read("0005-use-kafka.md", body, {})
    assert record is not None and record.state == "superseded"
    assert [(r.link, r.number) for c in record.clauses for r in c.refs] == [("0007-y.md", 7)]


def test_a_status_section_inside_another_section_is_not_the_records_status() -> None:
    # found on open-telemetry/opentelemetry-specification: a "### Status" about span status
    body = (
        "# Zipkin\n\n**Status**: [Deprecated](../document-status.md)\n\n## Mappings\n\n"
        "### Status\n\nThis section overrides the [generic rule](../mapping.md#status).\n"
    )
    record = adr.read("trace/zipkin.md", body, {})
    assert record is not None and record.clauses == ()
    assert record.status == "[Deprecated](../document-status.md)"
    assert record.state == "deprecated"


@pytest.mark.parametrize(
    ("status", "is_record"),
    [
        ("**Status**: [Stable](../document-status.md)", False),
        ("**Status**: Development", False),
        ("**Status**: [Mixed](https://github.com/open-telemetry/x/blob/main/status.md)", False),
        ("Status: Accepted", True),
        ("## Status\n\nProposed", True),
        ("## Status\n\nReverted by [discussion #1197](https://x.org/1197).", True),
        ("## Status\n\nIn review with the platform team\n\n## Decision\n\nUse it.", True),
        # no status at all: a Decision beside its Context is still a record
        ("## Context and Problem Statement\n\nWhich DBMS?\n\n## Decision Outcome\n\nMySQL.", True),
        ("## Decision tables\n\nRows.\n\n## Context\n\nWhy.", False),  # no Decision section
        ("## Decision\n\nUse it.", False),  # and no Context either
        ("## Background\n\nTeams.\n\n## Decision\n\nFour days.", True),
        ("## Problem Statement\n\nScale.\n\n## Decision Made\n\nKubernetes.", True),
    ],
)
def test_a_status_is_a_records_only_with_a_state_or_a_decision_beside_it(
    status: str, is_record: bool
) -> None:
    body = f"# OTLP exporter\n\n{status}\n\n## Settings\n\nTimeouts.\n"
    assert (adr.read("protocol/exporter.md", body, {}) is not None) is is_record


def test_a_page_titled_as_a_decision_record_is_one() -> None:
    body = "# Architecture Decision Record: MySQL database\n\nWe chose MySQL.\n"
    assert adr.read("mysql/index.md", body, {}) is not None
    assert adr.read("mysql/index.md", "# MySQL tuning\n\nBuffers.\n", {}) is None


def test_a_numbered_page_of_an_imported_decisions_folder_is_a_record(
    make_base: MakeBase, tmp_path: Path
) -> None:
    source = tmp_path / "adr"
    source.mkdir()
    page = "# 16. Core install\n\n## Status\n\nUnder discussion\n\n## Context\n\nWhy.\n"
    (source / "0016-core-install.md").write_text(page, "utf-8")
    template = "---\ntitle: ADR Template\n# status: {proposed | accepted}\n---\n# {Title}\n"
    (source / "adr-template.md").write_text(template, "utf-8")  # MADR's, in its own folder
    root = make_base({})
    report = run_import(root, source)
    assert meta(root, report.imported["0016-core-install.md"])["type"] == "decision"
    assert "adr-template.md" not in report.imported
    assert [case.source for case in report.skipped] == ["adr-template.md"]


def test_a_clause_that_names_no_record_is_reported_on_one_short_line(
    make_base: MakeBase, tmp_path: Path
) -> None:
    from mdbrain.adapters import views

    source = tmp_path / "adr"
    source.mkdir()
    long = "Superseded by the decision the platform team takes next quarter. " + "Why. " * 80
    (source / "0001-cache.md").write_text(f"# 1. Cache\n\n## Status\n\n{long}\n", "utf-8")
    report = run_import(make_base({}), source, theme="decisions")
    assert [u.source for u in report.unresolved] == ["0001-cache.md"]
    [line] = [x for x in views.import_text(report).splitlines() if "0001-cache.md:" in x]
    assert len(line) < 60 + views.CASE_CHARS and line.endswith("…"), line
    assert "Superseded by the decision the platform team" in line


def test_pages_without_a_folder_of_their_own_are_tagged_with_the_folder_they_came_from(
    make_base: MakeBase, tmp_path: Path
) -> None:
    source = tmp_path / "Decision Log"
    (source / "storage").mkdir(parents=True)
    (source / "0001-cache.md").write_text("# 1. Cache\n\n## Status\n\nAccepted\n", "utf-8")
    (source / "storage" / "0002-db.md").write_text("# 2. Db\n\nStatus: Accepted\n", "utf-8")
    root = make_base({})
    report = run_import(root, source)
    assert meta(root, report.imported["0001-cache.md"])["tags"] == ["decision-log"]
    assert meta(root, report.imported["storage/0002-db.md"])["tags"] == ["storage"]


def test_a_form_that_is_no_record_is_left_out_of_a_folder_and_kept_when_asked_for(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """edgex-docs' use cases: their template.md, headings over notes in comments, was
    imported with the summary "Use Case Title" beside the cases written from it."""
    form = (
        "# Use Case Title\n\n## Submitters\n<!--\n- Name (Organization)\n-->\n\n"
        "## Motivation\n<!--\nWhy this use case matters, in a few sentences that the"
        " writer replaces with their own.\n-->\n"
    )
    guide = "# Templates\n\nHow the site renders its pages from templates. " * 8
    ucr = pages(
        tmp_path / "ucr",
        {
            "template.md": form,
            "retention.md": "# Data retention\n\n## Motivation\nKeep less data.\n",
            "page-templates.md": guide,  # about templates, no form: kept
        },
    )
    root = make_base({})
    report = run_import(root, ucr)
    assert set(report.imported) == {"retention.md", "page-templates.md"}
    assert [(c.source, "template" in c.reason) for c in report.skipped] == [("template.md", True)]
    assert set(run_import(root, ucr / "template.md").imported) == {"template.md"}


def test_a_record_template_is_left_out_of_a_folder_and_kept_when_asked_for(
    make_base: MakeBase, tmp_path: Path
) -> None:
    root = make_base({})
    adrs = pages(
        root.parent / "doc" / "adr",
        {
            "template.md": "# [short title]\n\n- Status: [proposed | accepted"
            " | superseded by [x](x.md)]\n",
            "0001-use-queues.md": "# 1. Use queues\n\n## Status\n\nAccepted\n\n"
            "Start from [the template](template.md).\n",
        },
    )
    report = run_import(root, adrs)
    assert set(report.imported) == {"0001-use-queues.md"}
    assert [(c.source, "template" in c.reason) for c in report.skipped] == [("template.md", True)]
    assert not report.unresolved and not report.broken_links
    # the page left out is a file of the project: the link leads to it where it is
    page = (root / report.imported["0001-use-queues.md"]).read_text()
    assert "[the template](../../doc/adr/template.md)" in page
    assert [(c.source, c.path) for c in report.code_links] == [
        ("0001-use-queues.md", "doc/adr/template.md")
    ]
    # a page is no code: nothing says that drift follows it (the trial read "0 impl_refs
    # added, so drift follows the pages")
    assert "links to the project's files kept: 1\n" in views.import_text(report) + "\n"
    assert "impl_ref" not in views.import_text(report)
    assert Brain.open(root).check().findings == ()
    alone = run_import(root, adrs / "template.md")
    assert set(alone.imported) == {"template.md"}


DECISIONS = {
    "0001-use-postgres.md": "# 1. Use Postgres\n\n## Status\n\nSuperseded by ADR 3\n",
    "0002-use-mysql.md": "# 2. Use MySQL\n\n## Status\n\nSuperceded by 3 and 4\n",
    "0003-use-aurora.md": "# 3. Aurora\n\n## Status\n\nAccepted\n\nSupersedes 2\n",
    "0004-use-sqlite.md": "# 4. SQLite\n\n## Status\n\nAccepted, amended by [ADR-5](0005-pool.md)\n",
    "0005-pool.md": "# 5. Pool\n\n## Status\n\nProposed. Superseded by 7\n",
    "0006-a.md": "# 6. A\n\n## Status\n\nAccepted\n",
    "0006-b.md": "# 6. B\n\n## Status\n\nAccepted\n",
    "0008-x.md": "# 8. X\n\n## Status\n\nSuperseded by 6\n",
    "0009-madr.md": '---\nstatus: "superseded by ADR-0010"\ndate: 2020-01-01\n---\n# Nine\n',
    "0010-madr.md": "---\nstatus: accepted\n---\n# Ten\n\n## Decision\n\nWe use ten.\n",
    "0011-no.md": "# 11. No\n\n## Status\n\nRejected\n",
}


def test_decision_records_become_supersessions_both_ways(
    make_base: MakeBase, tmp_path: Path
) -> None:
    source = tmp_path / "adr"
    source.mkdir()
    for name, text in DECISIONS.items():
        (source / name).write_text(text, encoding="utf-8")
    root = make_base({})
    report = run_import(root, source, theme="decisions")
    pairs = {(s.old.split("/")[1][:4], s.new.split("/")[1][:4]) for s in report.supersessions}
    assert pairs == {("0001", "0003"), ("0002", "0003"), ("0002", "0004"), ("0009", "0010")}
    assert {(u.source, u.text) for u in report.unresolved} == {
        ("0005-pool.md", "7"),
        ("0008-x.md", "6"),
    }
    assert "ambiguous" in next(u.reason for u in report.unresolved if u.source == "0008-x.md")
    three = meta(root, "decisions/0003-use-aurora.md")
    assert three["supersedes"] == ["decisions/0001-use-postgres.md", "decisions/0002-use-mysql.md"]
    assert three["status"] == "draft" and three["type"] == "decision"
    two = meta(root, "decisions/0002-use-mysql.md")
    assert two["status"] == "deprecated"
    assert two["superseded_by"] == ["decisions/0003-use-aurora.md", "decisions/0004-use-sqlite.md"]
    assert meta(root, "decisions/0004-use-sqlite.md")["related"] == ["decisions/0005-pool.md"]
    assert meta(root, "decisions/0009-madr.md")["original_status"] == "superseded by ADR-0010"
    assert meta(root, "decisions/0010-madr.md")["summary"] == "We use ten."
    assert meta(root, "decisions/0011-no.md")["status"] == "archived"
    codes = check_errors(root)
    assert not {"W010", "W011", "W012", "E007"} & set(codes)


# --- proposals and RFCs --------------------------------------------------------------------

GO_HEAD = (
    "Author(s): Russ Cox\n\nLast updated: 2016-09-01\n\n"
    "Discussion at https://go.dev/issue/12914.\n\n## Abstract\n\nTimes.\n\n"
)
TOFU_TEMPLATE = (
    "# RFC Title\n\nIssue: https://github.com/OpenTofu/{ Repository }/issues/{ issue number }\n\n"
    "A short description of the problem.\n\n## Proposed Solution\n\nOverview.\n\n"
    "### Technical Approach\n\nSummary.\n\n## Potential Alternatives\n\nList them.\n"
)
GO_TEMPLATE = (
    "[This is a template for Go's change proposal process, documented [here](../README.md).]"
    "\n\n# Proposal: [Title]\n\nAuthor(s): [Author Name, Co-Author Name]\n\n"
    "Last updated: [Date]\n\nDiscussion at https://go.dev/issue/NNNNN.\n\n## Abstract\n\n"
    "[A short summary of the proposal.]\n\n## Proposal\n\n[A precise statement.]\n\n"
    "## Rationale\n\n[A discussion of alternate approaches.]\n"
)


@pytest.mark.parametrize(
    "title",
    [
        "# Proposal: Monotonic Elapsed Time Measurements in Go",
        "## Proposal: `go install` should install executables in module mode",
        "### Proposal: Add support for Persistent Memory in Go",
        "# RFC: Use urfave/cli for the command line",
        "# RFC 1234 Private fields",
        "# RFC-0042: Async closures",
        "# Type Parameters Proposal",
        "# Go generate: A Proposal",
    ],
)
def test_a_page_titled_as_a_proposal_or_an_rfc_is_a_record(title: str) -> None:
    record = adr.read("design/12914-monotonic.md", f"{title}\n\n{GO_HEAD}", {})
    assert record is not None and not record.template
    assert adr.read("docs/monotonic.md", f"{title}\n\nWe measure.\n", {}) is not None


@pytest.mark.parametrize(
    ("path", "body"),
    [
        # a plain guide, and pages that only talk about proposals and RFCs
        ("docs/guide/install.md", "# Installing\n\n## Background\n\nWhy.\n\n## Steps\n\nRun.\n"),
        ("docs/proposals.md", "# Proposals\n\n- [Monotonic time](design/12914-monotonic.md)\n"),
        ("docs/howto.md", "# Writing a proposal\n\n## Motivation\n\nSay why.\n"),
        ("docs/process.md", "# RFC Process\n\nOpen a pull request.\n"),
        # cosmos/cosmos-sdk's PROCESS.md, beside its records, was typed a decision
        ("docs/architecture/PROCESS.md", "# ADR Creation Process\n\n1. Copy the template.\n"),
        ("docs/rfcs.md", "# The OpenTofu RFCs\n\n## Authoring an RFC\n\nCopy the template.\n"),
        # a design folder is not a proposals folder: no proposal title, no Proposal section
        (
            "design/44167-gc-pacer-redesign.md",
            "# GC Pacer Redesign\n\n## Background\n\n## Design\n",
        ),
        ("design/go13linker.md", "# Go 1.3 Linker Overhaul\n\n## Proposal\n\nRewrite it.\n"),
        # the README of an RFC folder that lists the RFCs and says how to write one
        (
            "rfc/README.md",
            "# The OpenTofu RFCs\n\nThis folder contains RFC documents.\n\n"
            "## Authoring an RFC\n\n1. Copy the [template](./yyyymmdd-template.md)\n\n"
            "## RFC Tracking Issues\n\nAn issue.\n\n## Amending an RFC\n\nOpen a PR.\n",
        ),
        # a part of an RFC, in the RFC's own folder, that proposes nothing itself
        (
            "rfc/20241206-oci-registries/7-open-questions.md",
            "# Open questions\n\n## How does this affect Terragrunt?\n\nIt does not.\n",
        ),
        # "Proposed" sections that are not a proposal
        ("docs/layout.md", "# Layout\n\n## Background\n\n## Proposed structure and paths\n"),
    ],
)
def test_pages_about_proposals_are_not_records(path: str, body: str) -> None:
    assert adr.read(path, body, {}) is None


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("rfc/20240725-exclude-resources.md", "# Exclude Flag\n\n## Proposed Solution\n\nA.\n"),
        ("rfcs/text/0001-private-fields.md", "# Private fields\n\n## Motivation\n\nWhy.\n"),
        ("proposals/generics.md", "# Generics\n\n## Rationale\n\nWhy.\n"),
        ("proposal/cache.md", "# Cache\n\n## Drawbacks\n\nCost.\n\n## Unresolved questions\n"),
        ("rfc/x.md", "# Linting\n\n## Design\n\nA.\n\n## Potential alternatives\n\nB.\n"),
        ("rfc/tracing.md", "# Tracing\n\nStatus: Draft\n\nWe trace.\n"),
        # a dated or numbered name right in the RFC folder, as an ADR's in its folder
        ("rfc/20231114-client-side-state-encryption.md", "# Client Side State Encryption\n\nA.\n"),
        ("rfcs/0002-rfc-process.md", "# RFC process\n\nA.\n"),
        # Proposal beside its background, in any folder (Go's design documents)
        (
            "design/4238-go12nil.md",
            "# Nil Checks\n\n## Background\n\nA.\n\n## Proposed Definition\n",
        ),
        ("design/go15bootstrap.md", "# Go 1.5 Bootstrap Plan\n\n## Abstract\n\n## Proposal\n"),
    ],
)
def test_a_page_of_a_proposals_folder_or_with_a_proposals_sections_is_a_record(
    path: str, body: str
) -> None:
    record = adr.read(path, body, {})
    assert record is not None and not record.template


RUST_HEAD = (
    "- Feature Name: `private_fields`\n- Start Date: 2014-03-11\n"
    "- RFC PR: [rust-lang/rfcs#1](https://github.com/rust-lang/rfcs/pull/1)\n"
    "- Rust Issue: [rust-lang/rust#8122](https://github.com/rust-lang/rust/issues/8122)\n\n"
)


@pytest.mark.parametrize(
    "path",
    ["text/0001-private-fields.md", "text/private-fields.md", "accepted/0001-private-fields.md"],
)
def test_a_page_filed_as_an_rfc_by_its_header_is_a_record_whatever_its_folder(path: str) -> None:
    # Rust's RFCs live in text/ of a repository named rfcs: the path says nothing of RFCs
    body = RUST_HEAD + "## Summary\n\nPrivate.\n\n## Motivation\n\nWhy.\n\n## Drawbacks\n"
    record = adr.read(path, body, {})
    assert record is not None and not record.template
    numbered = RUST_HEAD + "## Summary\n\nPrivate by default.\n"
    assert adr.read("text/0001-private-fields.md", numbered, {}) is not None
    # rust-lang/rfcs 0160-if-let.md writes "RFC PR #:": a record as much as 0214's
    hashed = numbered.replace("- RFC PR:", "- RFC PR #:")
    assert adr.read("text/0160-if-let.md", hashed, {}) is not None


@pytest.mark.parametrize(
    ("path", "body"),
    [
        # the header alone, on a page shaped as nothing and named by no number
        ("text/notes.md", RUST_HEAD + "## Notes\n\nWe met.\n"),
        # the field written inside a code block: an example of the header, not this page's
        (
            "docs/writing-rfcs.md",
            "# Writing an RFC\n\n```md\n- RFC PR: (leave this empty)\n```\n\n## Motivation\n",
        ),
        # a field that only begins with the word
        ("docs/0003-ref.md", "- Proposals: see the list\n\n## Motivation\n\nWhy.\n"),
        # a numbered chapter of a guide that names the RFC or PEP it follows
        ("guide/03-caching.md", "**RFC:** [9111](https://x.org)\n\n## Cache-Control\n\nA.\n"),
        ("tutorial/02-style.md", "PEP: 8 applies to the examples.\n\n## Names\n\nA.\n"),
        # the header shown as an indented code block: an example, not this page's
        ("docs/writing.md", "# Writing\n\n    - RFC PR: (leave empty)\n\n## Motivation\n"),
    ],
)
def test_a_header_field_alone_or_in_code_files_no_record(path: str, body: str) -> None:
    assert adr.read(path, body, {}) is None


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("rfc/yyyymmdd-template.md", TOFU_TEMPLATE),
        ("design/TEMPLATE.md", GO_TEMPLATE),
        ("proposals/0000-template.md", "# RFC: Title\n\n## Motivation\n\nWhy.\n"),
        (  # Kubernetes' KEP template: the folder says so
            "keps/NNNN-kep-template/README.md",
            "# KEP-NNNN: Your short, descriptive title\n\n## Summary\n\n## Motivation\n\n"
            "## Proposal\n",
        ),
        (".github/ISSUE_TEMPLATE/proposal.md", "# Feature Proposal\n\n## Motivation\n"),
    ],
)
def test_a_proposal_template_is_never_a_record(path: str, body: str) -> None:
    record = adr.read(path, body, {})
    assert record is None or record.template


def test_a_proposal_about_templates_is_not_a_template() -> None:
    body = (
        "# KEP-5978: Cluster ResourceClaimTemplate\n\n## Summary\n\n## Motivation\n\n## Proposal\n"
    )
    record = adr.read("keps/sig-node/5978-cluster-resource-claim-template/README.md", body, {})
    assert record is not None and not record.template


@pytest.mark.parametrize(
    ("name", "number"),
    [
        ("20241206-oci-registries.md", None),
        ("2025-07-22-conditional-enable.md", None),
        ("2016-09-compile-time-functions.md", None),
        ("rfc-20241206-x.md", None),
        ("adr-2024-01-05-queues.md", None),
        ("12914-monotonic.md", 12914),
        ("0012-x.md", 12),
        ("rfc-0042-async.md", 42),
    ],
)
def test_a_date_in_a_file_name_is_not_a_record_number(name: str, number: int | None) -> None:
    assert record_names.number_of(name) == number


def test_a_date_in_a_links_text_is_not_a_record_number() -> None:
    (clause,) = adr.clauses("Superseded by [20260807-use-urfave.md](20260807-use-urfave.md)")
    assert [(r.link, r.number) for r in clause.refs] == [("20260807-use-urfave.md", None)]


@pytest.mark.parametrize(
    ("text", "number"),
    [
        # log4brains' template: "no imported record is numbered 4", the 4 of its name
        ("[Use Log4brains to manage the ADRs]({LOG4BRAINS_ADR_SLUG}.md)", None),
        ("[ADR 12](x.md)", 12),
        ("[ADR12](x.md)", 12),
        ("[RFC-0042](x.md)", 42),
        ("[the v2 API](x.md)", None),
    ],
)
def test_a_number_inside_a_name_in_a_links_text_is_no_record_number(
    text: str, number: int | None
) -> None:
    (clause,) = adr.clauses(f"Superseded by {text}")
    assert [r.number for r in clause.refs] == [number]


@pytest.mark.parametrize(
    ("status", "ended"),
    [
        ("Superseded by [2026-08-07-urfave](2026-08-07-urfave.md)", None),
        ("Superseded by [ADR 12](0012-x.md) on 2022-01-10", dt.date(2022, 1, 10)),
        ("Superseded by 3 on 2023-03-05", dt.date(2023, 3, 5)),
    ],
)
def test_the_day_a_record_was_superseded_is_not_read_in_its_successors_name(
    status: str, ended: dt.date | None
) -> None:
    record = adr.read("adr/0001-a.md", f"# 1. A\n\n## Status\n\n{status}\n", {})
    assert record is not None and record.ended == ended


COBRA = "rfc/20251105-use-cobra-instead-of-mitchellh.md"
URFAVE = "rfc/20260807-use-urfave-instead-of-cobra.md"


@pytest.mark.parametrize(
    ("head", "kind", "refs"),
    [
        (  # OpenTofu's: a GitHub alert, the sentence on the next, unquoted, line
            "> [!IMPORTANT]\nThis RFC has been superseded by "
            "[20260807-use-urfave-instead-of-cobra.md](20260807-use-urfave-instead-of-cobra.md)\n",
            "superseded_by",
            [("20260807-use-urfave-instead-of-cobra.md", None)],
        ),
        (
            "> [!NOTE]\n>\n> This RFC was later superseded by [Linter Policy]"
            "(20250303-linter-policy.md), which proposed\n> reducing the linters.\n",
            "superseded_by",
            [("20250303-linter-policy.md", None)],
        ),
        (
            "This proposal is superseded by\n[RFC 12](0012-x.md).\n",
            "superseded_by",
            [("0012-x.md", 12)],
        ),
        ("This document has been replaced by ADR 7.\n", "superseded_by", [(None, 7)]),
        (
            "> [!IMPORTANT]\nThis RFC has superseded [the cobra RFC](20251105-use-cobra.md)\n",
            "supersedes",
            [("20251105-use-cobra.md", None)],
        ),
        (
            "This RFC supersedes [A](0001-a.md) and [B](0002-b.md).\n",
            "supersedes",
            [("0001-a.md", 1), ("0002-b.md", 2)],
        ),
        ("**Supersedes:** [RFC 3](0003-c.md)\n", "supersedes", [("0003-c.md", 3)]),
        # reference links, defined further down the page (rust-lang/rfcs)
        (
            "*Note:* this RFC has been superseded by [RFC 12][].\n\n[RFC 12]: 0012-x.md\n",
            "superseded_by",
            [("0012-x.md", 12)],
        ),
        (
            "This RFC has been superseded by [the new one][next].\n\n"
            "[NEXT]: https://github.com/o/r/blob/main/text/0012-x.md\n",
            "superseded_by",
            [("https://github.com/o/r/blob/main/text/0012-x.md", 12)],
        ),
        ("In short this RFC was superseded by RFC 2972.\n", "superseded_by", [(None, 2972)]),
        # the page, unnamed: "this" and a verb in the present tense
        (
            "Note: this supersedes [RFC 3]\n\n[RFC 3]: https://github.com/o/r/pull/3\n",
            "supersedes",
            [("https://github.com/o/r/pull/3", 3)],
        ),
        # "it", the subject of the sentence before being the page (rust-lang/rfcs 3085)
        (
            "This RFC describes the plan for the 2021 Edition. It supersedes [RFC 2052].\n\n"
            "[RFC 2052]: 2052-epochs.md\n",
            "supersedes",
            [("2052-epochs.md", 2052)],
        ),
    ],
)
def test_a_sentence_at_the_top_saying_the_record_is_superseded_is_a_clause(
    head: str, kind: str, refs: list[tuple[str | None, int | None]]
) -> None:
    body = f"# Using urfave/cli\n\n{head}\nTickets.\n\n## Proposed Solution\n\nA.\n"
    record = adr.read(COBRA, body, {})
    assert record is not None
    [clause] = record.clauses
    assert clause.kind == kind
    assert [(r.link, r.number) for r in clause.refs] == refs
    assert record.state == ("superseded" if kind == "superseded_by" else "")


@pytest.mark.parametrize(
    ("title", "head", "link"),
    [
        # dotnet/csharplang's rejected proposals: a note in the title, or a closing line
        (
            "Static Delegates (superseded by [pointers](../9.0/pointers.md))",
            "",
            "../9.0/pointers.md",
        ),
        ("Static Delegates (Replaced by [pointers](pointers.md))", "", "pointers.md"),
        ("Foreach lists", "Closed in favor of [lists](../lists.md).\n", "../lists.md"),
        ("Foreach lists", "Rejected in favour of [lists](lists.md).\n", "lists.md"),
    ],
)
def test_a_title_note_or_a_closing_line_names_the_record_that_replaced_it(
    title: str, head: str, link: str
) -> None:
    body = f"# {title}\n\n{head}\n## Summary\n\nA proposal.\n"
    record = adr.read("proposals/rejected/x.md", body, {}, in_log=True)
    assert record is not None and record.state == "superseded"
    [clause] = record.clauses
    assert clause.kind == "superseded_by" and [r.link for r in clause.refs] == [link]


@pytest.mark.parametrize(
    "title",
    [
        "Static Delegates (see [pointers](pointers.md))",
        "Delegates (superseded by nothing yet)",
        "Delegates (the old ones, superseded by [pointers](pointers.md))",
    ],
)
def test_a_title_saying_no_successor_names_none(title: str) -> None:
    body = f"# {title}\n\n## Summary\n\nA proposal.\n"
    record = adr.read("proposals/x.md", body, {}, in_log=True)
    assert record is not None and record.clauses == ()


@pytest.mark.parametrize(
    "head",
    [
        "The old behaviour is superseded by the new API.\n",
        "The old behaviour is superseded by [the new API](api.md).\n",
        "This RFC has been superseded by the new process.\n",  # names no record
        # "it" is another record named in the sentence before
        "RFC 12 added the flag. It supersedes [RFC 3](0003-c.md).\n",
        "This RFC builds on RFC 12; it supersedes nothing.\n",
        "A plan is invalidated when the snapshot is superseded by [a newer one](s.md).\n",
        "```\nThis RFC has been superseded by [X](x.md)\n```\n",  # code
        "<!-- This RFC has been superseded by [X](x.md) -->\n",
        "Text.\n" * 40 + "This RFC has been superseded by [X](x.md)\n",  # far from the top
        "This RFC has been superseded by [RFC 12].\n",  # brackets no definition makes a link
        "Note: this replaces the old parser [X](x.md).\n",  # names a thing, then a link
        "This was superseded by [X](x.md).\n",  # "this": what, the sentence does not say
        "```\n[RFC 12]: 0012-x.md\n```\nThis RFC has been superseded by [RFC 12][].\n",
    ],
)
def test_prose_about_superseding_is_not_a_clause(head: str) -> None:
    body = f"# Using urfave/cli\n\n{head}\n## Proposed Solution\n\nA.\n"
    record = adr.read(COBRA, body, {})
    assert record is not None and record.clauses == () and record.state == ""


def test_a_superseded_sentence_makes_a_page_that_names_itself_an_rfc_a_record() -> None:
    body = "# Cobra\n\n> [!IMPORTANT]\n> This RFC has been superseded by [U](u.md)\n\nText.\n"
    assert adr.read("notes/cobra.md", body, {}) is not None
    prose = "# Cobra\n\nThis page has been superseded by [U](u.md)\n\nText.\n"
    assert adr.read("notes/cobra.md", prose, {}) is None  # a page, not a record


def test_rfcs_that_supersede_each_other_in_sentences_are_linked() -> None:
    cobra = (
        "# Exploring cobra\n\n> [!IMPORTANT]\nThis RFC has been superseded by "
        "[20260807-use-urfave-instead-of-cobra.md](20260807-use-urfave-instead-of-cobra.md)\n\n"
        "## Proposed Solution\n\nCobra.\n"
    )
    urfave = (
        "# Using urfave/cli\n\n> [!IMPORTANT]\nThis RFC has superseded "
        "[20251105-use-cobra-instead-of-mitchellh.md](20251105-use-cobra-instead-of-mitchellh.md)"
        "\n\n## Backwards compatibility\n\nKept.\n"
    )
    records = {}
    for path, body in ((COBRA, cobra), (URFAVE, urfave)):
        record = adr.read(path, body, {})
        assert record is not None and record.number is None
        records[path] = record
    assert records[COBRA].state == "superseded"
    found = adr.resolve(records, lambda path: path if path in records else None)
    assert set(found.pairs) == {(COBRA, URFAVE)}
    assert not found.unresolved and not found.notes


def test_an_rfc_folder_is_imported_with_its_supersessions_and_without_its_template(
    make_base: MakeBase, tmp_path: Path
) -> None:
    source = tmp_path / "rfc"
    source.mkdir()
    pages = {
        "README.md": "# The OpenTofu RFCs\n\n## Authoring an RFC\n\nCopy the template.\n",
        "yyyymmdd-template.md": TOFU_TEMPLATE,
        "20251105-use-cobra.md": "# Cobra\n\n> [!IMPORTANT]\n"
        "This RFC has been superseded by [urfave](20260807-use-urfave.md)\n\n"
        "## Proposed Solution\n\nCobra.\n",
        "20260807-use-urfave.md": "# Urfave\n\n> [!IMPORTANT]\n"
        "This RFC has superseded [cobra](20251105-use-cobra.md)\n\n## Open Questions\n\nNone.\n",
    }
    for name, text in pages.items():
        (source / name).write_text(text, encoding="utf-8")
    root = make_base({})
    report = run_import(root, source)
    assert [case.source for case in report.skipped] == ["yyyymmdd-template.md"]
    assert meta(root, report.imported["README.md"])["type"] != "decision"
    old, new = report.imported["20251105-use-cobra.md"], report.imported["20260807-use-urfave.md"]
    assert meta(root, old)["type"] == meta(root, new)["type"] == "decision"
    assert meta(root, old)["superseded_by"] == [new]
    assert meta(root, new)["supersedes"] == [old]
    assert not report.unresolved


def test_rfcs_that_name_their_successors_by_reference_links_are_linked(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """rust-lang/rfcs: "this RFC has been superseded by [RFC 2][]", the label defined at
    the bottom as the address of the other RFC on the forge; "Note: this supersedes
    [RFC 3]" defined as the pull request's address, read by the number its text gives."""
    source = tmp_path / "text"
    source.mkdir()
    pages = {
        "0001-jemalloc.md": "- Start Date: 2015-06-27\n- RFC PR: [o/r#1](https://x.org/1)\n\n"
        "## Summary\n\nSwap.\n\n*Note:* this RFC has been superseded by [RFC 2][].\n\n"
        "## Motivation\n\nWhy.\n\n[RFC 2]: https://github.com/o/r/blob/master/text/0002-alloc.md\n",
        "0002-alloc.md": "- Start Date: 2017-02-04\n- RFC PR: [o/r#2](https://x.org/2)\n\n"
        "## Summary\n\nAllocators.\n\n## Motivation\n\nWhy.\n",
        "0003-deps.md": "- Start Date: 2017-04-03\n- RFC PR: [o/r#3](https://x.org/3)\n\n"
        "## Summary\n\nDeps.\n\n## Motivation\n\nWhy.\n",
        "0004-deps-again.md": "- Start Date: 2023-10-13\n- RFC PR: [o/r#4](https://x.org/4)\n\n"
        "## Summary\n\nDeps, again.\n\nNote: this supersedes [RFC 3]\n\n"
        "## Motivation\n\nWhy.\n\n[RFC 3]: https://github.com/o/r/pull/3\n",
    }
    for name, text in pages.items():
        (source / name).write_text(text, encoding="utf-8")
    root = make_base({})
    report = run_import(root, source)
    ids = report.imported
    assert meta(root, ids["0001-jemalloc.md"])["superseded_by"] == [ids["0002-alloc.md"]]
    assert meta(root, ids["0004-deps-again.md"])["supersedes"] == [ids["0003-deps.md"]]
    assert meta(root, ids["0003-deps.md"])["superseded_by"] == [ids["0004-deps-again.md"]]
    assert not report.unresolved
    assert not [n for n in report.notes if "broken link" in n]  # an address, not a link


ENHANCEMENT = """---
title: {name}
authors:
  - "@someone"
creation-date: 2019-09-19
status: {status}
replaces: []
superseded-by: []
---

# {name}

## Summary

A proxy in front of the store.

## Motivation

Why it is needed.

## Proposal

What is built.
"""


def test_a_dated_proposal_whose_status_still_lists_the_choices_is_imported_not_skipped(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """openshift/enhancements: eight proposals kept the form's "status:
    provisional|implementable|implemented|..." line. A proposal written and dated is
    no template: it is imported, in no state; the blank form still is one."""
    choices = "provisional|implementable|implemented|deferred|rejected|withdrawn|replaced"
    source = tmp_path / "enhancements"
    (source / "logging").mkdir(parents=True)
    (source / "logging" / "es-proxy.md").write_text(
        ENHANCEMENT.format(name="es-proxy", status=choices), encoding="utf-8"
    )
    (source / "logging" / "log-forwarding.md").write_text(
        ENHANCEMENT.format(name="log-forwarding", status="implemented"), encoding="utf-8"
    )
    undated = ENHANCEMENT.format(name="observer-pods", status=choices).replace(
        "creation-date: 2019-09-19", "creation-date: yyyy-mm-dd"
    )  # but signed: e2e-observer-pods.md, by "@deads2k", was left out as a template
    (source / "logging" / "observer-pods.md").write_text(undated, encoding="utf-8")
    blank = undated.replace("observer-pods", "neat-idea").replace('"@someone"', "TBD")
    (source / "logging" / "blank.md").write_text(blank, encoding="utf-8")
    record = adr.read(
        "enhancements/logging/es-proxy.md",
        ENHANCEMENT.format(name="es-proxy", status="").split("---\n")[2],
        {"status": choices, "creation-date": "2019-09-19"},
    )
    assert record is not None and not record.template and record.state == ""
    assert record.date == dt.date(2019, 9, 19)
    root = make_base({})
    report = run_import(root, source)
    assert [case.source for case in report.skipped] == ["logging/blank.md"]
    assert meta(root, report.imported["logging/observer-pods.md"])["type"] == "decision"
    proxy = meta(root, report.imported["logging/es-proxy.md"])
    assert proxy["type"] == "decision" and proxy["status"] == "draft"
    assert str(proxy["created"]) == "2019-09-19"


def test_records_in_folders_of_their_own_are_numbered_by_their_folder(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """Kubernetes enhancement proposals: ``keps/<sig>/<number>-<name>/README.md``, one
    replaced by another through a link to the other's folder, written from the top."""
    source = tmp_path / "keps"
    pages = {
        "sig-a/5339-plugin/README.md": "# KEP-5339: Credentials plugin\n\n## Summary\n\n"
        "Plugins.\n\n## Status\n\nThis KEP has been replaced by "
        "[KEP-4322: ClusterProfile API](/keps/sig-b/4322-cluster-inventory/).\n\n"
        "## Motivation\n\nWhy.\n\n## Proposal\n\nThis.\n",
        "sig-b/4322-cluster-inventory/README.md": "# KEP-4322: ClusterProfile API\n\n"
        "## Summary\n\nInventory.\n\n## Status\n\nImplementable.\n\n"
        "## Motivation\n\nWhy.\n\n## Proposal\n\nThat.\n",
    }
    for name, text in pages.items():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_text(text, encoding="utf-8")
    root = make_base({})
    report = run_import(root, source)
    old = report.imported["sig-a/5339-plugin/README.md"]
    new = report.imported["sig-b/4322-cluster-inventory/README.md"]
    assert meta(root, old)["superseded_by"] == [new]
    assert not report.unresolved
    assert record_names.number_of("keps/sig-a/5339-plugin/README.md") == 5339
    assert record_names.number_of("/keps/sig-b/4322-cluster-inventory/") == 4322
    assert record_names.number_of("docs/adr/README.md") is None  # a folder of records, no record


# --- real corpora --------------------------------------------------------------------------

# Read by hand in each record's "## Status" section (line 5 of every file):
# (old record, the record that replaces it).
GSP_SUPERSESSIONS = {
    # ADR004: "Superseded by [ADR024 - Soft Multitenancy](ADR024-soft-multitenancy.md)"
    ("ADR004-tenant-isolation.md", "ADR024-soft-multitenancy.md"),
    # ADR005: "Superseded by [ADR025](ADR025-ingress.md)"
    ("ADR005-ingress.md", "ADR025-ingress.md"),
    # ADR006: "Superseded by [ADR023](ADR023-cluster-authentication.md)"
    ("ADR006-authentication-method.md", "ADR023-cluster-authentication.md"),
    # ADR007: "Superseded by [ADR023](ADR023-cluster-authentication.md)"
    ("ADR007-identity-provider.md", "ADR023-cluster-authentication.md"),
    # ADR009: "Superseded by [ADR029](ADR029-continuous-delivery-tools.md)"
    ("ADR009-multitenant-ci-cd.md", "ADR029-continuous-delivery-tools.md"),
    # ADR010: "Superseded by [ADR029](ADR029-continuous-delivery-tools.md)"
    ("ADR010-placement-of-ci-cd-tools.md", "ADR029-continuous-delivery-tools.md"),
    # ADR012: "Superseded by [ADR028](ADR028-docker-tools.md)": the link is broken, the
    # number names ADR028-container-tools.md, the only record numbered 28
    ("ADR012-docker-image-repositories.md", "ADR028-container-tools.md"),
    # ADR015: "Superseded by [ADR023](ADR023-cluster-authentication.md)"
    ("ADR015-aws-iam-authentication.md", "ADR023-cluster-authentication.md"),
    # ADR028: "Superseded by [ADR046](ADR046-replace-harbor-ecr.md)"
    ("ADR028-container-tools.md", "ADR046-replace-harbor-ecr.md"),
    # ADR030: "Superseded by [ADR031](ADR031-postgres.md) and [ADR034](ADR034-one-...md)"
    ("ADR030-aws-service-operator.md", "ADR031-postgres.md"),
    ("ADR030-aws-service-operator.md", "ADR034-one-service-operator-different-resource-kinds.md"),
    # ADR032: "Superseded by [ADR043](ADR043-k8s-resource-access.md)"
    ("ADR032-sre-permissions.md", "ADR043-k8s-resource-access.md"),
    # ADR038: "Superseded by [ADR043](ADR043-k8s-resource-access.md)"
    ("ADR038-sre-permissions-istio.md", "ADR043-k8s-resource-access.md"),
}
# Not supersessions: ADR031 "Accepted, Supplemented by [ADR034](...)", ADR036 "Accepted,
# amended by [ADR039](...)"; they become related entries.
GSP_RELATED = {
    ("ADR031-postgres.md", "ADR034-one-service-operator-different-resource-kinds.md"),
    ("ADR036-hsm-isolation-in-detail.md", "ADR039-cloudhsm-namespace-network-policy.md"),
}
# ADR000-template.md's status is the template's list of choices, "Accepted | Pending |
# Superseded by [ADR000](000-template.md)": not a decision, left out and said so.
GSP_SKIPPED = {"ADR000-template.md"}
# Links to files that do not exist, read in the records, and the README's link to the template
# left out: (file, line, target).
GSP_BROKEN = {
    ("README.md", 7, "ADR000-template.md"),
    ("ADR012-docker-image-repositories.md", 5, "ADR028-docker-tools.md"),
    (
        "ADR018-local-development.md",
        13,
        "/docs/gds-supported-platform/getting-started-gsp-local.md",
    ),
    ("ADR025-ingress.md", 27, "ADR05-ingress.md"),
    ("ADR042-static-ingress-ip-workaround.md", 82, "../notes/global-accelerator-spike.md"),
}


def _id(name: str) -> str:
    return "adr/" + name.lower()


@needs_corpora
def test_gsp_decision_log_keeps_every_stated_supersession_and_no_other(make_base: MakeBase) -> None:
    root = make_base({})
    report = run_import(root, GSP, theme="adr")
    nodes = yaml.safe_load((root / "RELATIONS.yaml").read_text(encoding="utf-8"))["nodes"]
    replaced = {(old, new) for old, n in nodes.items() for new in n.get("superseded_by", [])}
    replacing = {(old, new) for new, n in nodes.items() for old in n.get("supersedes", [])}
    expected = {(_id(old), _id(new)) for old, new in GSP_SUPERSESSIONS}
    assert replaced == expected
    assert replacing == expected
    related = {(a, b) for a, n in nodes.items() for b in n.get("related", [])}
    assert related == {(_id(a), _id(b)) for a, b in GSP_RELATED}
    assert not report.unresolved
    assert {c.source for c in report.skipped if "template" in c.reason} == GSP_SKIPPED
    assert {(b.source, b.line, b.target) for b in report.broken_links} == GSP_BROKEN
    for old, _new in GSP_SUPERSESSIONS:
        assert meta(root, _id(old))["status"] == "deprecated"
    assert meta(root, _id("ADR024-soft-multitenancy.md"))["status"] == "draft"
    assert meta(root, _id("ADR024-soft-multitenancy.md"))["type"] == "decision"
    check_errors(root)


@needs_corpora
def test_tldr_pages_import_and_check_without_errors(make_base: MakeBase) -> None:
    root = make_base({})
    pages = sum(1 for _d, _s, files in os.walk(TLDR) for name in files if name.endswith(".md"))
    started = time.perf_counter()
    report = run_import(root, TLDR)
    elapsed = time.perf_counter() - started
    print(f"tldr: {len(report.imported)} pages imported in {elapsed:.1f} s")  # noqa: T201
    assert len(report.imported) + len(report.skipped) == pages == 7425
    assert all("secret" in s.reason for s in report.skipped)
    assert len(set(report.imported.values())) == len(report.imported)
    for folder in ("common", "linux", "osx"):  # the same command in several platforms
        assert report.imported[f"{folder}/sed.md"] == f"{folder}/sed.md"
    check_errors(root)


def test_importing_the_same_folder_twice_adds_nothing_the_second_time(tmp_path: Path) -> None:
    source = tmp_path / "wiki"
    source.mkdir()
    (source / "Setup Guide.md").write_text(
        "# Setup guide\n\nInstall the tools first.\n", encoding="utf-8"
    )
    project = tmp_path / "project"
    project.mkdir()
    (project / ".rag").write_text('version: "1"\nroot: kb\nlang: en\n', encoding="utf-8")
    (project / "kb").mkdir()
    brain = Brain.open(project)
    first = brain.import_docs(source)
    second = brain.import_docs(source)
    assert len(first.imported) == 1 and second.imported == {}
    assert [c.reason for c in second.skipped] == [
        "already imported (it is in a document's sources)"
    ]
    assert sorted(
        p.name for p in (project / "kb").glob("*.md") if p.name not in {"INDEX.md", "OVERVIEW.md"}
    ) == ["setup-guide.md"]


def test_a_page_named_like_a_derived_file_is_renamed_and_told_why(
    make_base: MakeBase, tmp_path: Path
) -> None:
    root = make_base({})
    source = tmp_path / "site"
    source.mkdir()
    (source / "index.md").write_text("# Welcome\n\nThe start page.\n", encoding="utf-8")
    report = run_import(root, source)
    assert report.imported["index.md"] == "home.md"  # the site's home page, named so
    assert "INDEX.md" in report.renamed[0].reason and "mdbrain writes" in report.renamed[0].reason


def test_a_start_page_named_like_a_derived_file_becomes_its_folders_home(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # as in vitejs/vite: index.md, guide/index.md and config/index.md start their folders
    root = make_base({})
    source = tmp_path / "site"
    for name, text in {
        "index.md": "# Vite\n\nThe home page.\n",
        "guide/index.md": "# Getting Started\n\nInstall it.\n",
        "guide/features.md": "# Features\n\nFast.\n",
        "config/index.md": "# Configuring\n\nThe file.\n",
        "config/home.md": "# Home\n\nA page of its own.\n",
    }.items():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_text(text, encoding="utf-8")
    report = run_import(root, source)
    # fastapi/typer: the site's home page was index-2.md, titled "Index", and home.md the
    # overview listing pages; that overview now takes contents.md
    assert report.imported["index.md"] == "home.md"
    assert "# Vite" in (root / "home.md").read_text(encoding="utf-8")
    assert report.imported["guide/index.md"] == "guide/home.md"
    assert report.imported["config/home.md"] == "config/home.md"  # its own name, kept
    assert report.imported["config/index.md"] == "config/index-2.md"


def test_detect_secrets_is_asked_about_every_page_before_the_first_is_written(
    make_base: MakeBase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # asked ahead, the pages can be shared with forked processes; what a page gives is
    # asked once, a page with nothing detect-secrets could report is not given at all,
    # no page is asked again when it is written, and a page holding a key is refused
    from mdbrain.store import files, secret_scan

    if not secret_scan.available():
        pytest.skip("detect-secrets is not installed")
    source = tmp_path / "wiki"
    source.mkdir()
    for n in range(3):
        words = "\nThe admin sets its password.\n" if n < 2 else ""  # worth asking about
        text = f"# Page {n}\n\nHow part {n} works, in a few words.\n{words}"
        (source / f"page-{n}.md").write_text(text, "utf-8")
    key = "SK" + "3f9a1c7e0b2d4e6f" + "8a1c3e5d7b9f0a2c"  # a Twilio key's shape
    (source / "mirror.md").write_text(f"# Mirror\n\ntwilio_key = '{key}'\n", "utf-8")
    root = make_base({})
    events: list[str] = []
    ask, scanned, write = secret_scan._ask, secret_scan._scanned, files.write

    def asking(text: str) -> list[secret_scan.Finding]:
        # a page the guard stops is asked whole (its text as the site shows it, no
        # frontmatter), so that every finding is told in one report
        events.append(f"late ask {document.loads_leniently(text, '').meta.get('title')}")
        return ask(text)

    def scanning(given: str) -> list[secret_scan.Finding]:
        events.append("ask " + " | ".join(given.split("\n")[:-1]))
        return scanned(given)

    def writing(base: Path, rel: str, data: bytes | str) -> Path:
        events.append(f"write {rel}")
        return write(base, rel, data)

    monkeypatch.setattr(secret_scan, "_ask", asking)
    monkeypatch.setattr(secret_scan, "_scanned", scanning)
    monkeypatch.setattr(files, "write", writing)
    report = run_import(root, source)
    assert sorted(report.imported) == ["page-0.md", "page-1.md", "page-2.md"]
    assert [s.source for s in report.skipped] == ["mirror.md"]
    pages = [e for e in events if e.startswith(("ask", "late ask Page", "write page-"))]
    assert pages == [
        "ask The admin sets its password.",  # pages 0 and 1 give the same line: asked once
        *(f"write page-{n}.md" for n in range(3)),
    ]
    assert not secret_scan._READY  # nothing is kept once the import is done


def test_an_import_leaves_the_search_index_built_for_the_first_query(
    make_base: MakeBase, tmp_path: Path
) -> None:
    from mdbrain.store import cache

    source = tmp_path / "wiki"
    source.mkdir()
    (source / "queues.md").write_text("# Queues\n\nQueues hold the jobs.\n", encoding="utf-8")
    root = make_base({})
    search = cache.cache_dir(root) / cache.SEARCH_FILE
    with Brain.open(root, clock=lambda: TODAY) as brain:
        brain.import_docs(source, dry_run=True)
        assert not search.exists()  # a dry run writes nothing, not even a cache
        report = brain.import_docs(source)
    assert report.written and search.exists()
    with Brain.open(root, clock=lambda: TODAY) as brain:
        assert [hit.id for hit in brain.query("jobs").hits] == ["queues.md"]


def test_the_readme_init_scan_describes_can_still_be_imported(tmp_path: Path) -> None:
    # from sharkdp/fd: the layout draft reads the README's outline and cites it
    project = tmp_path / "project"
    (project / "src").mkdir(parents=True)
    (project / "src" / "main.py").write_text("def main() -> None:\n    pass\n", encoding="utf-8")
    (project / "README.md").write_text(
        "# Finder\n\nFinds files fast.\n\n## Hidden files\n\nSkipped unless asked for.\n",
        encoding="utf-8",
    )
    started, report = bootstrap.init_from_code(project, today=TODAY)
    assert started is not None
    root = started.root
    assert any("README.md" in meta(root, d).get("sources", []) for d in report.documents)
    imported = run_import(root, project / "README.md")
    assert list(imported.imported) == ["README.md"] and not imported.skipped
    again = run_import(root, project / "README.md")  # the import itself is recorded
    assert again.imported == {} and "already imported" in again.skipped[0].reason


def test_a_description_that_repeats_the_title_gives_way_to_the_prose(
    make_base: MakeBase, tmp_path: Path
) -> None:
    source = tmp_path / "src"
    source.mkdir()
    (source / "sdk.md").write_text(
        "---\ntitle: Windows PowerShell SDK\ndescription: Windows PowerShell SDK\n---\n\n"
        "# Windows PowerShell SDK\n\nThe SDK explains how to write cmdlets and providers in C#.\n"
    )
    (source / "own.md").write_text(
        "---\ntitle: Splatting\ndescription: Passing parameters as a hashtable.\n---\n\n"
        "# Splatting\n\nSplatting passes a collection of values as parameters.\n"
    )
    # backstage/backstage: every record's description is its title after the same words
    (source / "adr008-default-catalog-file-name.md").write_text(
        "---\ntitle: 'ADR008: Default Catalog File Name'\ndescription: Architecture Decision"
        " Record (ADR) log on Default Catalog File Name\n---\n\n## Context\n\nThe spec"
        " names no file.\n\n## Decision\n\nCall it catalog-info.yaml.\n"
    )
    # ... and its other pages "Documentation on <title>"
    (source / "arch.md").write_text(
        "---\nid: overview\ntitle: Architecture overview\ndescription: Documentation on"
        " Architecture overview\n---\n\nBackstage is made of a frontend and plugins.\n"
    )
    root = make_base({})
    run_import(root, source)
    assert meta(root, "arch.md")["summary"] == "Backstage is made of a frontend and plugins."
    sdk = meta(root, "sdk.md")
    assert sdk["summary"] == "The SDK explains how to write cmdlets and providers in C#."
    assert meta(root, "own.md")["summary"] == "Passing parameters as a hashtable."
    record = meta(root, "adr008-default-catalog-file-name.md")
    assert record["summary"] == "Call it catalog-info.yaml." and record["type"] == "decision"


def test_only_a_colon_in_a_value_lets_a_frontmatter_be_read_line_by_line() -> None:
    from mdbrain.core import conversion

    over = "---\ntitle: ADR006: x\n" + "".join(f"k{n}: value {n}\n" for n in range(50_000))
    page = conversion.parse("big.md", over + "---\nbody\n")
    assert not page.loose and "over the limit" in page.problem  # the limit still holds
    blanks = conversion.parse("b.md", "---\ntitle: A: b\nnote: x" + " " * 50_000 + "y  \n---\n")
    assert blanks.loose and blanks.meta["title"] == "A: b"
    assert blanks.meta["note"] == "x" + " " * 50_000 + "y"


def test_a_successor_field_left_as_the_form_wrote_it_does_not_end_the_record() -> None:
    """The form's example in ``superseded-by:`` is read as a clause (reported when it
    names no page), but the state stays what the status says: implemented."""
    fields = {
        "status": "implemented",
        "creation-date": "2022-01-05",
        "replaces": ["/enhancements/that-less-than-great-idea.md", "N/A"],
        "superseded-by": ["/enhancements/our-past-effort.md"],
    }
    body = "# Preemption\n\n## Summary\n\nA.\n\n## Proposal\n\nB.\n"
    record = adr.read("enhancements/auth/preemption.md", body, fields)
    assert record is not None and record.state == "accepted"
    assert [(c.kind, [r.link for r in c.refs]) for c in record.clauses] == [
        ("supersedes", ["/enhancements/that-less-than-great-idea.md"]),
        ("superseded_by", ["/enhancements/our-past-effort.md"]),
    ]
    found = adr.resolve({"enhancements/auth/preemption.md": record}, lambda path: None)
    assert not found.pairs and len(found.unresolved) == 2


PMD_RECORD = """---
title: ADR {n} - {title}
sidebar: pmd_sidebar
adr: true
# Proposed / Accepted / Deprecated / Superseded
adr_status: "{status}"
last_updated: February 2024 (7.0.0)
---

## Context

Why.

## Decision

{decision}

## Status

{{{{ page.adr_status }}}} (Last updated: {{{{ page.last_updated }}}})
"""


def test_a_jekyll_log_states_its_status_in_a_field_its_status_section_prints(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """pmd/pmd: ``adr_status: "Accepted"``, printed by ``{{ page.adr_status }}`` in the
    Status section; the template is ``adr-NNN.md``, its number a placeholder."""
    source = tmp_path / "decisions"
    source.mkdir()
    records = {
        "adr-1.md": PMD_RECORD.format(
            n=1, title="Use records", status="Accepted", decision="We will keep records."
        ),
        "adr-2.md": PMD_RECORD.format(
            n=2, title="Drop Ant", status="Proposed", decision="We will drop Ant."
        ),
        "adr-NNN.md": PMD_RECORD.format(
            n="NNN", title="Template", status="", decision="What is the change?"
        ),
    }
    for name, text in records.items():
        (source / name).write_text(text, encoding="utf-8")
    body = records["adr-1.md"].split("---\n")[2]
    fields = {"adr_status": "Accepted", "last_updated": "February 2024 (7.0.0)"}
    assert adr.status_text(body, fields).startswith("Accepted")
    assert "{{" not in adr.status_text(body, fields)
    assert adr.stated(body, fields) == "Accepted"
    root = make_base({})
    report = run_import(root, source, verified=True)
    assert [case.source for case in report.skipped] == ["adr-NNN.md"]
    assert meta(root, report.imported["adr-1.md"])["status"] == "stable"
    assert meta(root, report.imported["adr-2.md"])["status"] == "draft"  # proposed
    assert meta(root, report.imported["adr-2.md"])["original_status"] == "Proposed"


def test_folders_nearly_every_page_sits_in_tag_none_of_them(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """pmd/pmd's Jekyll site keeps its pages in ``pages/pmd/``: a tag every page has
    tells none apart. A folder that holds only most of them (``guide/``) still tags."""
    site = tmp_path / "site"
    pages = {f"pages/pmd/guide/g{n}.md": f"# Guide {n}\n\nText {n}.\n" for n in range(7)}
    pages |= {f"pages/pmd/api/a{n}.md": f"# Api {n}\n\nText {n}.\n" for n in range(4)}
    pages["pages/pmd/start.md"] = "# Start\n\nText.\n"
    for name, text in pages.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text, encoding="utf-8")
    root = make_base({})
    report = run_import(root, site)
    assert meta(root, report.imported["pages/pmd/guide/g1.md"])["tags"] == ["guide"]
    assert meta(root, report.imported["pages/pmd/api/a1.md"])["tags"] == ["api"]
    assert meta(root, report.imported["pages/pmd/start.md"])["tags"] == ["site"]
    few = tmp_path / "few"
    for n in range(3):
        (few / "pages" / f"p{n}.md").parent.mkdir(parents=True, exist_ok=True)
        (few / "pages" / f"p{n}.md").write_text(f"# Few {n}\n\nText.\n", encoding="utf-8")
    report = run_import(root, few)
    assert meta(root, report.imported["pages/p1.md"])["tags"] == ["pages"]  # too few to tell


@pytest.mark.parametrize(
    ("status", "state", "kinds"),
    [
        ("Acceptée", "accepted", []),
        ("Acceptee", "accepted", []),  # written without accents
        ("Validée le 2024-03-12", "accepted", []),
        ("Proposée", "proposed", []),
        ("En discussion", "proposed", []),
        ("Rejetée", "rejected", []),
        ("Abandonnée", "rejected", []),
        ("Obsolète", "deprecated", []),
        ("Remplacée par [ADR 3](0003-x.md)", "superseded", ["superseded_by"]),
        ("Rendue obsolète par l'ADR 3", "superseded", ["superseded_by"]),
        ("Acceptée. Remplace [ADR 1](0001-x.md).", "accepted", ["supersedes"]),
        ("Acceptée. Remplace en partie [ADR 3](0003-x.md)", "accepted", ["partly"]),
        ("Partiellement remplacée par [ADR 9](0009-x.md)", "amended", ["partly"]),
        ("Acceptée. Complète [ADR 2](0002-x.md)", "accepted", ["related"]),
        ("Acceptée, voir aussi ADR 4", "accepted", ["related"]),
        ("Acceptée. Remplace l'ADR 1 et l'ADR 2", "accepted", ["supersedes"]),
        ("Complete", "accepted", []),  # English: done (thanos-io), no French verb read into it
        ("Acceptée, a remplacé l'ADR 2", "accepted", ["supersedes"]),
        (
            "**remplacée par [ADR-9](0009-x.md)** (2026-08-15), remplaçait [ADR-4](0004-x.md)",
            "superseded",
            ["superseded_by", "supersedes"],
        ),
    ],
)
def test_french_statuses_give_states_and_clauses(status: str, state: str, kinds: list[str]) -> None:
    body = f"# 5. Sessions\n\nDate : 2024-03-12\n\n## Statut\n\n{status}\n\n## Contexte\n\nA.\n"
    record = adr.read("doc/adr/0005-sessions.md", body, {})
    assert record is not None
    assert record.state == state
    assert [clause.kind for clause in record.clauses] == kinds
    if "et l'ADR 2" in status:
        assert [ref.number for ref in record.clauses[0].refs] == [1, 2]


@pytest.mark.parametrize(
    ("head", "kind"),
    [
        ("Cette ADR a été remplacée par [ADR 7](0007-x.md).", "superseded_by"),
        ("Cette décision remplace l'[ADR 3](0003-x.md).", "supersedes"),
        ("Ce document est partiellement remplacé par [ADR 7](0007-x.md).", "partly"),
        ("Remplacée par [ADR 7](0007-x.md)", "superseded_by"),
    ],
)
def test_a_french_sentence_at_the_top_is_a_clause(head: str, kind: str) -> None:
    body = f"# Sessions\n\n{head}\n\n## Contexte\n\nA.\n\n## Décision\n\nB.\n"
    record = adr.read("doc/decisions/sessions.md", body, {})
    assert record is not None
    assert [clause.kind for clause in record.clauses] == [kind]


@pytest.mark.parametrize(
    "line",
    [
        "**Statut : remplacé par ADR 0015** (décision du 4 octobre 2026).",
        "- **Statut** : remplacée par [ADR 0015](0015-x.md)",
        "**Statut :** **remplacée par [ADR-0015](0015-x.md)** (2026-08-15)",
    ],
)
def test_a_french_status_line_under_the_title_names_the_successor(line: str) -> None:
    body = f"# ADR 0012 — Canal noyau\n\n{line}\n\n## Contexte\n\nA.\n\n## Décision\n\nB.\n"
    record = adr.read("docs/adr/0012-canal-noyau.md", body, {})
    assert record is not None and record.state == "superseded"
    [clause] = record.clauses
    assert clause.kind == "superseded_by" and [r.number for r in clause.refs] == [15]


def test_a_french_decision_log_is_imported_with_its_states_and_supersessions(
    make_base: MakeBase, tmp_path: Path
) -> None:
    source = tmp_path / "adr"
    source.mkdir()
    records = {
        "0001-sessions-postgresql.md": ("Remplacée par [ADR 3](0003-sessions-redis.md)", "A."),
        "0002-journaux-json.md": ("Acceptée", "B."),
        "0003-sessions-redis.md": (
            "Acceptée. Remplace [ADR 1](0001-sessions-postgresql.md).",
            "C.",
        ),
        "0004-monorepo.md": ("Rejetée", "D."),
        "0005-dates.md": ("Proposée", "E."),
    }
    for name, (status, decision) in records.items():
        text = (
            f"# {name[:4]}\n\nDate : 2024-0{name[3]}-01\n\n## Statut\n\n{status}\n\n"
            f"## Contexte\n\nPourquoi.\n\n## Décision\n\n{decision}\n"
        )
        (source / name).write_text(text, encoding="utf-8")
    root = make_base({})
    report = run_import(root, source, verified=True)
    ids = report.imported
    statuses = {name: meta(root, ids[name])["status"] for name in records}
    assert statuses == {
        "0001-sessions-postgresql.md": "deprecated",
        "0002-journaux-json.md": "stable",
        "0003-sessions-redis.md": "stable",
        "0004-monorepo.md": "archived",
        "0005-dates.md": "draft",  # proposed: not in force, however checked
    }
    old, new = ids["0001-sessions-postgresql.md"], ids["0003-sessions-redis.md"]
    assert meta(root, old)["superseded_by"] == [new]
    assert str(meta(root, old)["superseded_on"]) == "2024-03-01"
    assert not report.unresolved


def test_french_madr_fields_lines_and_templates_are_read(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """MTES-MCT/zero-logement-vacant writes ``statut: proposé`` in the frontmatter,
    ansforge/ans-architecture-adr a line ``* statut : proposé``; their templates are
    ``TEMPLATE.md`` and ``0000-modele-adr.md``."""
    source = tmp_path / "decisions"
    source.mkdir()
    pages = {
        "20240603-msw.md": "---\nstatut: proposé\ndate: 2024-06-03\n---\n\n# Mocker l'API\n\n"
        "## Contexte et problématique\n\nA.\n\n## Décision\n\nmsw.\n",
        "0002-licence.md": "# Licence des projets\n\n* statut : proposé\n* date : 2025-05-27\n\n"
        "## Contexte\n\nB.\n\n## Décision\n\nMIT.\n",
        "0000-modele-adr.md": "# Exemple de modèle\n\n* statut : {statut}\n* date : {AAAA-MM-JJ}"
        "\n\n## Contexte\n\n{contexte}\n\n## Décision\n\n{x}\n",
    }
    for name, text in pages.items():
        (source / name).write_text(text, encoding="utf-8")
    root = make_base({})
    report = run_import(root, source, verified=True)
    assert [case.source for case in report.skipped] == ["0000-modele-adr.md"]
    assert meta(root, report.imported["20240603-msw.md"])["status"] == "draft"  # proposé
    licence = meta(root, report.imported["0002-licence.md"])
    assert licence["status"] == "draft" and licence["original_status"] == "proposé"


# --- cases a review of the French and foreign-field reading found -----------------------


def _record(path: str, body: str, fields: dict[str, Any] | None = None) -> adr.Record:
    record = adr.read(path, body, fields or {})
    assert record is not None
    return record


def test_a_numbered_note_is_no_record_number() -> None:
    body = (
        "# 3. Cache\n\n## Status\n\nSuperseded by [1], see the discussion in [2].\n\n"
        "## Decision\n\nB.\n\n[1]: https://github.com/example/platform/pull/812\n"
        "[2]: https://example.org/2\n"
    )
    [clause] = _record("docs/adr/0003-cache.md", body).clauses
    assert [ref.number for ref in clause.refs] == [None]
    found = adr.resolve({"docs/adr/0003-cache.md": _record("docs/adr/0003-cache.md", body)}, str)
    assert not found.pairs and found.unresolved  # a human says what replaced it


@pytest.mark.parametrize(
    "head",
    [
        "It runs nightly; this replaces 2 cron jobs and a shell loop.\n",
        "Note: this replaces [the setup guide's steps](../guide/setup.md).\n",
        "- Remplace 2 scripts cron sur le serveur\n",
    ],
)
def test_everyday_replacing_near_the_top_names_no_record(head: str) -> None:
    body = f"# 5. Jobs\n\n{head}\n## Status\n\nAccepted\n\n## Decision\n\nB.\n"
    assert _record("docs/adr/0005-jobs.md", body).clauses == ()


@pytest.mark.parametrize(
    ("status", "state"),
    [
        ("| Status | Date | Owner |\n|---|---|---|\n| Rejected | 2021-03-04 | infra |", "rejected"),
        ("accepted | Date: 2021-03-04 | Deciders: Ann, Bob", "accepted"),
        ("proposed | accepted", ""),
    ],
)
def test_bars_in_a_status_are_choices_only_when_it_lists_nothing_else(
    status: str, state: str
) -> None:
    body = f"# 7. X\n\nDate: 2023-04-02\n\n## Status\n\n{status}\n\n## Decision\n\nB.\n"
    assert _record("docs/adr/0007-x.md", body).state == state


def test_a_dated_record_keeping_the_forms_status_states_no_clause_of_it() -> None:
    form = (
        "{proposed | rejected | accepted | deprecated | … | superseded by "
        "[ADR-0005](0005-example.md)}"
    )
    body = "# 7. X\n\n## Context\n\nA.\n\n## Decision\n\nB.\n"
    record = _record("docs/adr/0007-x.md", body, {"status": form, "date": "2023-04-02"})
    assert not record.template and record.state == "" and record.clauses == ()


@pytest.mark.parametrize(
    ("path", "template"),
    [
        ("decisions/modele-de-donnees-des-logements.md", False),
        ("decisions/choose-template-engine.md", False),
        ("decisions/0000-modele-adr.md", True),
        ("locales/fr/modèles/tyree/README.md", True),
        ("GRFC-TEMPLATE.md", True),  # grpc/proposal's: imported as a decision
        ("proposals/kep-template.md", True),
        ("proposals/grfc-template-engine.md", False),
        # swift-evolution's: a word of its own, but in a folder of templates
        ("proposal-templates/0000-swift-template.md", True),
        ("email-templates/0003-use-mjml.md", False),  # a record about e-mail templates
        ("decisions/0004-proposal-templates-template.md", False),
    ],
)
def test_a_name_says_template_only_with_no_word_of_its_own(path: str, template: bool) -> None:
    body = "# X\n\n## Statut\n\nAccepté\n\n## Contexte\n\nA.\n\n## Décision\n\nB.\n"
    assert _record(path, body).template is template


def test_a_status_of_maturity_in_french_makes_no_record() -> None:
    body = "# Dossier d'installation\n\n**Version:** 1.1\n**Statut:** En vigueur\n\nTexte.\n"
    assert adr.read("docs/technical/DI-Dossier-Installation.md", body, {}) is None


def test_a_status_section_prints_only_status_fields() -> None:
    body = (
        "# ADR 1\n\n## Context\n\nA.\n\n## Decision\n\nB.\n\n## Status\n\n"
        "{{ page.adr_status }} (Last updated: {{ page.last_updated }})\n"
    )
    fields = {"adr_status": "Accepted", "last_updated": "2024-05-05", "date": "2020-01-01"}
    record = _record("docs/decisions/adr-1.md", body, fields)
    assert record.state == "accepted" and record.date == dt.date(2020, 1, 1)


def test_a_page_beside_the_shared_folders_keeps_its_own_tag(
    make_base: MakeBase, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    pages = {f"guides/setup/s{n}.md": f"# Setup {n}\n\nText.\n" for n in range(19)}
    pages["api/reference.md"] = "# Reference\n\nText.\n"
    for name, text in pages.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text, encoding="utf-8")
    root = make_base({})
    report = run_import(root, site)
    assert meta(root, report.imported["api/reference.md"])["tags"] == ["api"]
    assert meta(root, report.imported["guides/setup/s1.md"])["tags"] == ["site"]


@pytest.mark.parametrize(("copies", "reported"), [(3, False), (2, True)])
def test_the_forms_example_left_in_several_records_fields_is_a_note(
    copies: int, reported: bool
) -> None:
    """openshift/enhancements: three proposals kept the form's ``superseded-by:
    /enhancements/our-past-effort.md``, a page nobody wrote. Left alike in several
    records and leading nowhere, it is the form's example: a note, not cases to check.
    Two records naming the same missing page may mean it: they are still reported."""
    body = "# P\n\n## Summary\n\nA.\n\n## Proposal\n\nB.\n"
    fields = {"status": "implemented", "superseded-by": ["/enhancements/our-past-effort.md"]}
    records = {
        f"enhancements/a/p{n}.md": _record(f"enhancements/a/p{n}.md", body, fields)
        for n in range(copies)
    }
    found = adr.resolve(records, lambda path: None)
    assert bool(found.unresolved) is reported
    assert any("the form's example" in note for note in found.notes) is not reported


def test_a_link_to_the_address_a_page_is_served_at_leads_to_it(make_base: MakeBase) -> None:
    """Jekyll serves a page where its ``permalink`` (or ``redirect_from``) says: on
    betagouv/beta.gouv.fr, ``/approche/formation/mooc`` named an imported page, and
    stayed a dead link. An address two pages claim leads to neither."""
    root = make_base({})
    site = root.parent / "site" / "_pages"
    (site / "x").mkdir(parents=True)
    (site / "x" / "target.md").write_text(
        "---\ntitle: Target\npermalink: /une/autre/adresse/\nredirect_from:\n"
        "  - /ancienne.html\n---\n# Target\n\nHere.\n",
        encoding="utf-8",
    )
    for name in ("a", "b"):
        (site / f"{name}.md").write_text(
            f"---\ntitle: {name}\npermalink: /same/\n---\n# {name}\n\nText.\n", encoding="utf-8"
        )
    (site / "source.md").write_text(
        "# Source\n\nSee [it](/une/autre/adresse/#top), [old](/ancienne.html),"
        " [either](/same/) and [none](/nulle/part/).\n",
        encoding="utf-8",
    )
    report = run_import(root, site)
    text = (root / report.imported["source.md"]).read_text(encoding="utf-8")
    assert "[it](x/target.md#top)" in text and "[old](x/target.md)" in text
    assert "[either](/same/)" in text and "[none](/nulle/part/)" in text


def test_a_link_to_the_html_a_page_is_built_into_leads_to_the_page(make_base: MakeBase) -> None:
    """rust-lang/book (mdBook) links its chapters as ``ch03-04-comments.html``: 157 of
    its 189 broken-link findings named a page that was imported. A real HTML file, or
    one no page is built into, keeps its link."""
    root = make_base({})
    book = pages(
        root.parent / "book" / "src",
        {
            "ch01.md": "# One\n\nSee [comments](ch02.html#writing), [sub](part/ch03.htm),"
            " [std](../std/index.html), [part](part/index.html) and [page](static.html).\n",
            "ch02.md": "# Two\n\n## Writing\n\nText.\n",
            "part/ch03.md": "# Three\n\nBack to [one](../ch01.html).\n",
            "part/README.md": "# The part\n\nIts chapters.\n",  # mdBook builds index.html
        },
    )
    (book / "static.html").write_text("<p>hand-written</p>\n", encoding="utf-8")
    report = run_import(root, book)
    one = (root / report.imported["ch01.md"]).read_text(encoding="utf-8")
    three = (root / report.imported["part/ch03.md"]).read_text(encoding="utf-8")
    ids = {old: posixpath.dirname(new) for old, new in report.imported.items()}

    def written(old: str, to: str) -> str:
        return posixpath.relpath(report.imported[to], ids[old] or ".")

    assert f"[comments]({written('ch01.md', 'ch02.md')}#writing)" in one
    assert f"[sub]({written('ch01.md', 'part/ch03.md')})" in one
    assert f"[part]({written('ch01.md', 'part/README.md')})" in one
    # no file there (the site's own path): the same path from the new place, and said
    assert "[std](../book/std/index.html)" in one and "[page](static.html)" not in one
    assert f"[one]({written('part/ch03.md', 'ch01.md')})" in three


def test_an_mdbook_chapter_is_titled_as_its_table_of_contents_names_it(
    make_base: MakeBase,
) -> None:
    """rust-lang/book: ``ch00-00-introduction.md`` opens on "# Introduction", a name a
    section may have, and was titled "Ch00 00 introduction" from its file name; its
    ``SUMMARY.md`` names it "Introduction"."""
    root = make_base({})
    book = pages(
        root.parent / "book" / "src",
        {
            "SUMMARY.md": "# Summary\n\n[Introduction](ch00-00-introduction.md)\n\n"
            "- [Getting \\[Started\\]](ch01-00.md)\n    - [Installing](./ch01-01.md#top)\n",
            "ch00-00-introduction.md": "# Introduction\n\nWelcome.\n",
            "ch01-00.md": "Text before any heading.\n",
            "ch01-01.md": "# Installation\n\nSteps.\n",
            "other-summary.md": "# Summary\n\nNot listed.\n",
            "ch02.md": "# Two\n\n```rust\n{{#include code.rs}}\n```\n",
        },
    )
    (book / "code.rs").write_text("fn two() {}\n", encoding="utf-8")
    report = run_import(root, book)
    # no book.toml (rust-lang/mdBook's test books): SUMMARY.md says it is an mdBook's
    assert "```rust\nfn two() {}\n```" in (root / report.imported["ch02.md"]).read_text()
    titles = {old: meta(root, new)["title"] for old, new in report.imported.items()}
    assert titles["ch00-00-introduction.md"] == "Introduction"
    assert titles["ch01-00.md"] == "Getting [Started]"
    assert titles["ch01-01.md"] == "Installation"  # the page's own heading first
    assert titles["other-summary.md"] == "Other summary"
    # the table of contents itself is no page (Zed's was a neighbour of nearly every page)
    assert "SUMMARY.md" not in report.imported
    assert any(case.source == "SUMMARY.md" for case in report.skipped)
    # GitBook writes one too: the reason names no one tool (demarches-simplifiees' import
    # called its GitBook's "mdBook's SUMMARY.md")
    [why] = [case.reason for case in report.skipped if case.source == "SUMMARY.md"]
    assert "mdBook and GitBook" in why


def test_a_book_deeper_in_the_source_is_read_as_a_book(make_base: MakeBase) -> None:
    """rust-lang/rust-analyzer keeps its book in docs/book/src/: importing docs/ took
    its SUMMARY.md in as a page, and left the includes of its chapters as written (the
    check then found four anchors missing, all in the page an include pulls in)."""
    root = make_base({})
    docs = pages(
        root.parent / "docs",
        {
            "book/src/SUMMARY.md": "# Summary\n\n- [Configuration](configuration.md)\n",
            "book/src/configuration.md": "# Configuration\n\n{{#include generated.md:2:}}\n",
            "book/src/generated.md": "<!-- made by a tool -->\n## cargo.targetDir\n\nWhere.\n",
            "book/src/faq.md": "# FAQ\n\nSee [it](configuration.md#cargotargetdir).\n",
            "notes/summary.md": "# Summary of the notes\n\nKept: no book holds it.\n",
        },
    )
    (docs / "book" / "book.toml").write_text('[book]\ntitle = "x"\n', encoding="utf-8")
    report = run_import(root, docs)
    assert "book/src/SUMMARY.md" not in report.imported
    assert "notes/summary.md" in report.imported
    shown = (root / report.imported["book/src/configuration.md"]).read_text()
    assert "## cargo.targetDir" in shown and "{{#include" not in shown
    assert not [f for f in Brain.open(root).check().findings if f.code == "W019"]


def test_an_mdbook_chapter_shows_the_code_its_includes_name_and_describes_it(
    make_base: MakeBase,
) -> None:
    """rust-lang/book: ``{{#include ../listings/...}}`` stayed as written, so a query
    showed no code, and imported into another folder the path named nothing."""
    root = make_base({})
    book = root.parent / "book"
    listing = book / "listings" / "ch02" / "src" / "main.rs"
    listing.parent.mkdir(parents=True)
    listing.write_text(
        "use std::io;\n\n// ANCHOR: main\nfn main() {\n    guess();\n}\n// ANCHOR_END: main\n"
    )
    (book / "book.toml").write_text('[book]\ntitle = "The Book"\n')
    pages(
        book / "src",
        {
            "ch02.md": "# Guessing\n\n```rust\n{{#rustdoc_include ../listings/ch02/src/main.rs:main}}"
            "\n```\n\nThe first line: `{{#include ../listings/ch02/src/main.rs:1}}`.\n\n"
            "```rust\n{{#include ../listings/ch02/src/gone.rs}}\n```\n\n"
            "Written as text: \\{{#include ../listings/ch02/src/main.rs}}\n\n"
            "{{#playground ../listings/ch02/src/main.rs editable}}\n",
        },
    )
    report = run_import(root, book / "src", theme="deep/er")
    new = report.imported["ch02.md"]
    written = (root / new).read_text(encoding="utf-8")
    assert "```rust\nfn main() {\n    guess();\n}\n```" in written
    assert "The first line: `use std::io;`." in written and "ANCHOR" not in written
    assert "{{#include ../listings/ch02/src/gone.rs}}" in written  # kept, and said
    assert any("gone.rs" in note and "mdBook include" in note for note in report.notes)
    assert "\\{{#include ../listings/ch02/src/main.rs}}" in written
    # mdBook shows a playground in a code block: its lines are never the page's headings
    assert "```rust,editable\nuse std::io;\n\nfn main() {" in written
    assert meta(root, new)["impl_refs"] == ["book/listings/ch02/src/main.rs"]


def test_a_link_to_the_address_a_slug_gives_leads_to_the_page(make_base: MakeBase) -> None:
    """mdn/content: pages say ``slug: Web/HTTP/Caching`` and link each other as
    ``/en-US/docs/Web/HTTP/Caching``; none of 868 such links became a relation."""
    root = make_base({})
    site = pages(
        root.parent / "files" / "http",
        {
            "caching.md": "---\ntitle: HTTP caching\nslug: Web/HTTP/Caching\n---\n\nCaches.\n",
            "cache-control.md": "---\ntitle: Cache-Control\nslug: Web/HTTP/Headers/Cache-Control\n"
            "---\n\nControls [caching](/en-US/docs/Web/HTTP/Caching#fresh) and"
            " [CORS](/en-US/docs/Glossary/CORS).\n",
        },
    )
    report = run_import(root, site)
    text = (root / report.imported["cache-control.md"]).read_text(encoding="utf-8")
    assert "[caching](caching.md#fresh)" in text
    assert "[CORS](/en-US/docs/Glossary/CORS)" in text  # no page has that slug


def test_a_link_to_a_page_by_its_path_is_never_taken_by_a_slug(make_base: MakeBase) -> None:
    """Found in review: ``/a/setup`` went to ``b/install.md``, whose slug is ``setup``."""
    root = make_base({})
    source = pages(
        root.parent / "src",
        {
            "a/setup.md": "# Setup\n\nA.\n",
            "b/install.md": "---\ntitle: Install\nslug: setup\n---\n\nB.\n",
            "c/page.md": "# Page\n\nSee [setup](/a/setup) and [other](/x/setup).\n",
        },
    )
    report = run_import(root, source)
    text = (root / report.imported["c/page.md"]).read_text(encoding="utf-8")
    assert "[setup](../a/setup.md)" in text
    assert "[other](/x/setup)" in text  # a one-folder slug names no page under another


def test_a_link_to_a_folder_never_leads_to_a_page_named_like_it(make_base: MakeBase) -> None:
    """honojs/website: ``guides/examples.md`` linked ``/examples/`` (the project's
    folder of examples) and the link was made to lead to the page itself."""
    root = make_base({})
    project = root.parent
    (project / "docs" / "guides").mkdir(parents=True)
    (project / "docs" / "guides" / "examples.md").write_text(
        "# Examples\n\nSee the [Examples section](/examples/) and [the other](/guides/other).\n",
        encoding="utf-8",
    )
    (project / "docs" / "guides" / "other.md").write_text("# Other\n\nText.\n", encoding="utf-8")
    report = run_import(root, project / "docs")
    text = (root / report.imported["guides/examples.md"]).read_text(encoding="utf-8")
    assert "[Examples section](examples.md)" not in text
    assert "[the other](other.md)" in text  # a page named by its path still is


def test_a_site_link_to_a_section_of_the_page_itself_leads_to_that_section(
    make_base: MakeBase,
) -> None:
    """prometheus/docs: introduction/comparison.md linked
    "/docs/introduction/comparison/#prometheus-vs-graphite", its own section, and the
    link was left pointing at the site."""
    root = make_base({})
    project = root.parent
    (project / "docs" / "introduction").mkdir(parents=True)
    (project / "docs" / "introduction" / "comparison.md").write_text(
        "# Comparison\n\nAs [Graphite](/docs/introduction/comparison/#graphite) says.\n\n"
        "## Graphite\n\nA store. And [this page](/docs/introduction/comparison/).\n",
        encoding="utf-8",
    )
    report = run_import(root, project / "docs")
    doc_id = report.imported["introduction/comparison.md"]
    text = (root / doc_id).read_text(encoding="utf-8")
    assert "[Graphite](comparison.md#graphite)" in text
    assert "[this page](/docs/introduction/comparison/)" in text  # itself, no section: left


@pytest.mark.parametrize(
    ("body", "target"),
    [
        ("Moved to [2071-b.md](2071-b.md).\n", "2071-b.md"),
        ("# Old\n\nThis page has moved to [the new one](new.md).\n", "new.md"),
        ("> **Note:** This document has been moved to [x](x.md)\n", "x.md"),
        ("Cette page a été déplacée vers [la nouvelle](n.md).\n", "n.md"),
        (  # swift-evolution's 0519-borrow-inout-types.md, whole
            "This document was renamed as part of the evolution process. Please see [SE-0519:"
            " `Ref` and `MutableRef` types for safe, first-class references]"
            "(0519-ref-mutableref-types.md).\n\n\n\n",
            "0519-ref-mutableref-types.md",
        ),
        # WebAssembly/design's CodeOfConduct.md and Semantics.md, whole
        (
            "The code of conduct has moved to https://github.com/w/m/blob/main/COC.md.\n",
            "https://github.com/w/m/blob/main/COC.md",
        ),
        (
            "# Semantics\n\nThis file historically contained the description of the"
            " instruction set.\n\nFor the current description, see the [normative"
            " documentation](https://w.io/spec/exec/).\n",
            "https://w.io/spec/exec/",
        ),
        (  # microsoft/vscode-docs' azure/containers.md, its title aside: a path, no link
            "This page is redirected to /docs/containers/overview.md and only exists to keep"
            ' the "Containers" TOC item.\n',
            "/docs/containers/overview.md",
        ),
        ("The page was redirected to guide/setup.md.\n", "guide/setup.md"),
        ("The function was renamed to [parse](parse.md) in 2.0.\n", ""),  # not the page
        ("The team has moved to [Paris](paris.md), where it meets on Mondays.\n", ""),
        # says more, names two places, names none, or moved is not what the page says
        ("Moved to [a](a.md). " + "More words here. " * 10, ""),
        ("Moved to [a](a.md) and [b](b.md).\n", ""),
        ("Moved to the wiki.\n", ""),
        ("The office moved to [Paris](paris.md) in 2020.\n", ""),
    ],
)
def test_a_page_that_only_says_it_moved_is_told_apart(body: str, target: str) -> None:
    assert conversion.moved_to(body) == target


def test_an_empty_page_is_left_out_of_a_folder(make_base: MakeBase, tmp_path: Path) -> None:
    """dotnet/csharplang: the empty rejected/README.md came in as a page titled and
    summarised "README"; a page of fields alone (a site's section page) still comes in."""
    root = make_base({})
    source = pages(
        root.parent / "proposals",
        {
            "rejected/README.md": "",
            "inactive/README.md": "# Inactive\n\n<!-- to fill -->\n\n",
            "guide/_index.md": "---\ntitle: Guide\n---\n",
            "lists.md": "# Lists\n\nList patterns match sequences.\n",
        },
    )
    report = run_import(root, source)
    assert set(report.imported) == {"guide/_index.md", "lists.md"}
    why = {case.source: case.reason for case in report.skipped}
    assert why["rejected/README.md"].startswith("an empty page")
    assert why["inactive/README.md"].startswith("an empty page")


def test_a_page_that_only_says_it_moved_is_left_out_of_a_folder(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """rust-lang/rfcs: 2071-impl-trait-type-alias.md says "Moved to [2071-…](…)"; it was
    imported as a record of its own, and check then advised renumbering one of them."""
    root = make_base({})
    new = "2071-impl-trait-existential-types.md"
    rfcs = pages(
        root.parent / "text",
        {
            "2071-impl-trait-type-alias.md": f"Moved to [{new}]({new}).\n",
            new: "# Summary\n\nAdd a way to name the type of an `impl Trait`.\n",
        },
    )
    report = run_import(root, rfcs)
    assert set(report.imported) == {"2071-impl-trait-existential-types.md"}
    [skipped] = report.skipped
    assert skipped.source == "2071-impl-trait-type-alias.md"
    assert "only says it moved to 2071-impl-trait-existential-types.md" in skipped.reason
    assert not [f for f in Brain.open(root).check().findings if f.code == "W018"]


def test_links_to_a_page_that_only_says_it_moved_lead_where_it_moved(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """ethereum/EIPs: 365 pages only say "This file was moved to https://…/erc-20.md";
    links of the other pages led to those files, and "./eip-20", written as the site
    reads it, to no document at all (W001)."""
    root = make_base({})
    away = "https://github.com/ethereum/ercs/blob/master/ERCS/erc-20.md"
    source = pages(
        root.parent / "EIPS",
        {
            "eip-20.md": f"---\neip: 20\nstatus: Moved\n---\n\nThis file was moved to {away}\n",
            "eip-1.md": "# Old\n\nMoved to [eip-2.md](eip-2.md).\n",
            "eip-2.md": "# Fees\n\nBlocks stretch under load.\n\n## Motivation\n\nFees.\n",
            "eip-3.md": "# Outside\n\nMoved to [the guide](../guide.md).\n",
            "eip-9.md": (
                "# Tokens\n\nSee [EIP-20](./eip-20.md#specification), [EIP-20](./eip-20),"
                " [EIP-1](eip-1.md#motivation) and [EIP-3](./eip-3.md).\n"
            ),
        },
    )
    (root.parent / "guide.md").write_text("# Guide\n\nElsewhere.\n", encoding="utf-8")
    report = run_import(root, source)
    assert set(report.imported) == {"eip-2.md", "eip-9.md"}
    new = {Path(source).name: doc_id for source, doc_id in report.imported.items()}
    body = (root / new["eip-9.md"]).read_text(encoding="utf-8")
    fees = posixpath.relpath(new["eip-2.md"], posixpath.dirname(new["eip-9.md"]))
    assert f"[EIP-20]({away}#specification)" in body  # the anchor kept: the page went there
    assert f"[EIP-20]({away})" in body
    assert f"[EIP-1]({fees}#motivation)" in body  # moved to a page imported now
    # moved to a page this import does not bring in: the link leads to the file, as before
    assert "[EIP-3](" in body and "eip-3.md)" in body and away not in body.split("[EIP-3]")[1]
    assert any("3 links of 1 page (eip-9.md)" in note for note in report.notes), report.notes
    codes = {(f.code, f.message) for f in Brain.open(root).check().findings}
    assert not [c for c in codes if c[0] in ("W001", "W006")], codes


def test_a_numbered_page_among_records_is_one_whatever_it_lacks() -> None:
    records = {f"text/{n:04d}-r.md" for n in range(1, 11)}
    pages = [*records, "text/0011-odd.md", "text/README.md", "guide/0001-intro.md"]
    assert adr.in_a_log(pages, records) == {"text/0011-odd.md"}
    # too few numbered pages, or too many of them not records: no log to go by
    assert adr.in_a_log(pages, set(sorted(records)[:8])) == set()
    assert adr.in_a_log(["a/0001-x.md", "a/0002-y.md"], {"a/0001-x.md"}) == set()


def test_design_documents_numbered_among_records_are_records_too() -> None:
    """tikv/rfcs: 17 of 42 RFCs write an "RFC PR:" line; the 25 others, with the same
    Summary, Motivation and Detailed design, came in as reference pages."""
    records = {f"text/{n:04d}-r.md" for n in range(1, 5)}
    designs = {f"text/{n:04d}-d.md" for n in range(5, 14)}
    plain = {"text/0014-notes.md"}
    pages = [*records, *designs, *plain]
    assert adr.in_a_log(pages, records, lambda path: path in designs) == designs | plain
    # without the designs' shape, or with too few records, no log to go by
    assert adr.in_a_log(pages, records, lambda path: False) == set()
    assert adr.in_a_log(pages, set(sorted(records)[:2]), lambda path: path in designs) == set()
    assert adr.design_shaped("# X\n\n## Motivation\n\nA.\n\n## Detailed design\n\nB.\n")
    assert not adr.design_shaped("# X\n\n## Usage\n\nA.\n\n## Options\n\nB.\n")


def test_rfcs_of_one_folder_come_in_as_one_kind(make_base: MakeBase) -> None:
    root = make_base({})
    design = "## Summary\n\nDo {0}.\n\n## Motivation\n\nWhy {0}.\n\n## Detailed design\n\nHow.\n"
    texts = {
        f"{n:04d}-topic-{n}.md": (
            f"# Topic {n}\n\n- RFC PR: https://github.com/o/rfcs/pull/{n}\n\n"
            if n <= 4
            else f"# Topic {n}\n\n"
        )
        + design.format(f"thing {n}")
        for n in range(1, 13)
    }
    report = run_import(root, pages(root.parent / "text", texts))
    assert len(report.imported) == 12
    kinds = {
        next(line for line in (root / doc_id).read_text().splitlines() if line.startswith("type:"))
        for doc_id in report.imported
    }
    assert kinds == {"type: decision"}


def test_an_rfc_without_its_pr_line_is_imported_as_the_others_are(make_base: MakeBase) -> None:
    """rust-lang/rfcs: 2872-github-access-policy.md writes no "RFC PR:" line; it was
    imported as a reference page beside 644 decisions."""
    root = make_base({})
    body = "## Summary\n\nA policy.\n\n## Motivation\n\nWhy.\n"
    rfcs = {f"{n:04d}-rfc-{n}.md": RUST_HEAD + body for n in range(1, 11)}
    rfcs["2872-github-access-policy.md"] = (
        "- Feature Name: policy\n- Start Date: 2020-03-02\n\n" + body
    )
    report = run_import(root, pages(root.parent / "text", rfcs))
    kinds = {
        source: document.loads((root / doc_id).read_text(), doc_id).meta["type"]
        for source, doc_id in report.imported.items()
    }
    assert set(kinds.values()) == {"decision"} and len(kinds) == 11


def test_a_status_section_holding_only_a_code_block_makes_no_record() -> None:
    """mdn/content: status/202/index.md's "## Status" shows a block of "202 Accepted";
    the page came in as a decision with original_status "http 202 Accepted"."""
    body = (
        "The **`202 Accepted`** status code means the request was accepted.\n\n"
        "## Status\n\n```http\n202 Accepted\n```\n\n## Specifications\n\nA.\n"
    )
    assert adr.read("status/202/index.md", body, {}) is None
    record = adr.read("doc/adr/0001-x.md", "# 1. X\n\n## Status\n\nAccepted\n", {})
    assert record is not None and record.state == "accepted"


def test_records_imported_from_a_folder_named_for_pages_are_tagged_decisions(
    make_base: MakeBase,
) -> None:
    """rust-lang/rfcs' text/ goes to the root: its 647 records were all tagged "text"."""
    root = make_base({})
    source = root.parent / "text"
    source.mkdir()
    for number, name in ((1, "use-postgres"), (2, "use-redis"), (3, "use-kafka")):
        (source / f"000{number}-{name}.md").write_text(
            f"# {number}. {name.replace('-', ' ').capitalize()}\n\n## Status\n\nAccepted\n\n"
            "## Context\n\nWe need it.\n\n## Decision\n\nWe will use it.\n\n"
            "## Consequences\n\nWe run it.\n",
            encoding="utf-8",
        )
    (source / "notes.md").write_text("# Notes\n\nSome notes about it.\n", encoding="utf-8")
    report = run_import(root, source)
    assert report.imported["0001-use-postgres.md"] == "0001-use-postgres.md"
    assert meta(root, "0001-use-postgres.md")["tags"] == ["decisions"]
    assert meta(root, "notes.md")["tags"] == ["text"]  # no record: its folder, as before


def test_records_imported_from_the_project_itself_are_tagged_decisions(
    make_base: MakeBase,
) -> None:
    """grpc/proposal keeps its proposals at its top: imported from there, all 197 pages
    were tagged "imported"."""
    root = make_base({})
    project = root.parent
    (project / "A1-use-queues.md").write_text(
        "A1: Use queues\n----\n* Status: Final\n\n## Context\n\nLoad.\n\n## Decision\n\nQueues.\n",
        encoding="utf-8",
    )
    report = run_import(root, project)
    assert meta(root, report.imported["A1-use-queues.md"])["tags"] == ["decisions"]


def test_a_page_imported_later_takes_the_links_other_documents_had_to_its_file(
    make_base: MakeBase,
) -> None:
    """rust-lang/rfcs: text/ imported, then README.md; the process RFC still linked the
    project's README.md, not its document."""
    root = make_base({})
    project = root.parent
    (project / "text").mkdir()
    (project / "text" / "0002-process.md").write_text(
        "# Process\n\nAdd it to the [Active RFC List] and see [the code](../src/a.py).\n\n"
        "[Active RFC List]: ../README.md#active-rfc-list\n",
        encoding="utf-8",
    )
    (project / "README.md").write_text("# RFCs\n\n## Active RFC list\n\nNone yet.\n")
    (project / "src").mkdir()
    (project / "src" / "a.py").write_text("x = 1\n", encoding="utf-8")
    run_import(root, project / "text")
    first = (root / "0002-process.md").read_text(encoding="utf-8")
    assert "[Active RFC List]: ../README.md#active-rfc-list" in first
    dry = run_import(root, project / "README.md", dry_run=True)
    assert (root / "0002-process.md").read_text(encoding="utf-8") == first
    assert "0002-process.md: a link now leads to the documents imported" in dry.notes
    report = run_import(root, project / "README.md")
    assert report.imported == {"README.md": "readme.md"}
    text = (root / "0002-process.md").read_text(encoding="utf-8")
    assert "[Active RFC List]: readme.md#active-rfc-list" in text
    assert "[the code](../src/a.py)" in text  # a file that is no page stays as written


def test_an_overview_written_after_an_import_counts_the_links_earlier_pages_now_have(
    make_base: MakeBase,
) -> None:
    """ethereum/consensus-specs: specs/ imported, then ssz/; ssz/overview.md listed the SSZ
    spec as a page "no other page links to", though five pages of specs/ did, once their
    links were led to it."""
    root = make_base({})
    project = root.parent
    for folder, name, text in (
        ("specs", "chain.md", "# Chain\n\nBlocks are encoded as in [SSZ](../ssz/encoding.md).\n"),
        ("specs", "sync.md", "# Sync\n\nPeers exchange blocks.\n"),
        ("ssz", "encoding.md", "# Encoding\n\nHow values become bytes.\n"),
        ("ssz", "proofs.md", "# Proofs\n\nMerkle proofs of values.\n"),
    ):
        (project / folder).mkdir(exist_ok=True)
        (project / folder / name).write_text(text, encoding="utf-8")
    run_import(root, project / "specs")
    report = run_import(root, project / "ssz")
    chain = (root / "specs" / "chain.md").read_text(encoding="utf-8")
    assert "(../ssz/encoding.md)" in chain  # now a link inside the base
    overview = (root / "ssz" / "overview.md").read_text(encoding="utf-8")
    assert "(proofs.md)" in overview
    assert "encoding.md" not in overview, overview
    assert report.imported == {"encoding.md": "ssz/encoding.md", "proofs.md": "ssz/proofs.md"}


def test_a_link_to_a_folder_an_earlier_import_brought_in_leads_to_its_overview(
    make_base: MakeBase,
) -> None:
    """ethereum/consensus-specs: the README, imported after specs/, linked each fork's
    folder ("[Spec](specs/phase0)"), dead in the base and in its export, though the base
    had the folder's overview."""
    root = make_base({})
    project = root.parent
    for name in ("chain.md", "fork.md"):
        (project / "specs" / "phase0").mkdir(parents=True, exist_ok=True)
        (project / "specs" / "phase0" / name).write_text(
            f"# {name[:-3].title()}\n\nHow the {name[:-3]} works.\n", encoding="utf-8"
        )
    (project / "README.md").write_text(
        "# Specs\n\n| fork | spec |\n|--|--|\n| Phase0 | [Spec](specs/phase0) |\n"
        "| Code | [tools](tools/) |\n",
        encoding="utf-8",
    )
    (project / "tools").mkdir()
    (project / "tools" / "run.py").write_text("print(1)\n", encoding="utf-8")
    run_import(root, project / "specs")
    assert (root / "specs" / "phase0" / "overview.md").is_file()
    run_import(root, project / "README.md")
    readme = (root / "readme.md").read_text(encoding="utf-8")
    assert "[Spec](specs/phase0/overview.md)" in readme, readme
    assert "[tools](../tools/)" in readme  # a folder of no page stays the project's


def test_pages_from_a_books_src_folder_are_tagged_by_the_folder_holding_it(
    make_base: MakeBase,
) -> None:
    """Zed's docs/src (an mdBook's pages): every page at the base's root was tagged
    "src", the name of the folder a book reads its pages from."""
    root = make_base({})
    source = root.parent / "docs" / "src"
    source.mkdir(parents=True)
    (source / "themes.md").write_text("# Themes\n\nHow to pick a theme.\n", encoding="utf-8")
    (source / "vim.md").write_text("# Vim\n\nHow to turn vim mode on.\n", encoding="utf-8")
    report = run_import(root, source)
    assert {tuple(meta(root, i)["tags"]) for i in report.imported.values()} == {("docs",)}


def test_a_page_imported_by_name_is_named_as_the_source(make_base: MakeBase) -> None:
    """ethereum/consensus-specs: after `import README.md`, home.md said "the pages imported
    from repo", the name of the project's folder."""
    root = make_base({})
    project = root.parent
    (project / "README.md").write_text("# Project\n\nWhat it does.\n", encoding="utf-8")
    (project / "NOTES.md").write_text("# Notes\n\nWhat we noted.\n", encoding="utf-8")
    first = run_import(root, project / "README.md")
    assert first.source == str((project / "README.md").resolve())
    run_import(root, project / "NOTES.md")
    home = (root / "home.md").read_text(encoding="utf-8")
    assert "the pages imported from NOTES.md" in home, home


def test_a_document_citing_a_page_as_its_source_does_not_keep_it_from_being_imported(
    make_base: MakeBase,
) -> None:
    """golang/proposal: a decision written with '--source README.md' made every import of
    the README "already imported"."""
    root = make_base(
        {
            "process/line-breaks.md": doc(
                "Design docs use semantic line breaks", sources="[README.md]"
            )
        }
    )
    (root.parent / "README.md").write_text("# Proposing Changes to Go\n\nOpen an issue.\n")
    first = run_import(root, root.parent / "README.md")
    assert first.imported == {"README.md": "readme.md"}
    again = run_import(root, root.parent / "README.md")  # now it is: skipped
    assert again.imported == {} and again.skipped[0].reason.startswith("already imported")
    (root / "readme.md").rename(root / "process" / "proposing.md")  # moved since: still it
    assert run_import(root, root.parent / "README.md").imported == {}


def test_a_link_to_a_page_a_document_only_cites_stays_a_link_to_that_page(
    make_base: MakeBase,
) -> None:
    """cncf/toc: after a decision was written with '--source' naming an issue template,
    importing the process pages turned their links to the template into links to the
    decision; twice to one missing page on a line was listed twice."""
    root = make_base(
        {
            "notes/criteria.md": doc(
                "Incubation criteria are in the issue template",
                sources="[.github/template-incubation.md]",
            )
        }
    )
    project = root.parent
    (project / ".github").mkdir()
    (project / ".github" / "template-incubation.md").write_text("# Incubation form\n\nFill.\n")
    (project / "process").mkdir()
    (project / "process" / "README.md").write_text(
        "# Process\n\nSee the [template](../.github/template-incubation.md).\n\n"
        "[Guide](../gone.md) and [again](../gone.md).\n"
    )
    report = run_import(root, project / "process")
    text = (root / report.imported["README.md"]).read_text(encoding="utf-8")
    assert "[template](../../.github/template-incubation.md)" in text
    assert [(b.line, b.target) for b in report.broken_links] == [(5, "../gone.md")]


def test_a_link_to_a_folder_of_pages_makes_no_impl_ref(make_base: MakeBase) -> None:
    """expressjs/expressjs.com: a link to /2x/, its 2.x documentation, made that folder an
    impl_ref, fingerprinted as code; a folder of code still makes one."""
    root = make_base({})
    project = root.parent
    for name, text in {
        "2x/guide.md": "# Guide\n\nOld.\n",
        "2x/img/a.png": "png",
        # edgex-docs: old designs, a page and a paper, linked to without the slash
        "legacy/README.md": "# Legacy\n\nOld.\n",
        "legacy/registry.pdf": "pdf",
        "src/auth/login.py": "x = 1\n",
        # microsoft/vscode-docs' /api: pages, their site's table of contents and settings
        **{f"api/guide-{n}.md": "# Guide\n\nText.\n" for n in range(10)},
        "api/toc.json": "[]",
        "api/.prettierrc.json": "{}",
        # a few pages beside code: the code's folder
        "tools/README.md": "# Tools\n\nRun them.\n",
        "tools/build.py": "x = 1\n",
        "docs/support.md": "# Support\n\nSee [the 2.x docs](../2x/), [old designs]"
        "(../legacy), [auth](../src/auth/), [the API](../api) and [tools](../tools/).\n",
    }.items():
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(text, encoding="utf-8")
    report = run_import(root, project / "docs")
    assert meta(root, report.imported["support.md"])["impl_refs"] == ["src/auth", "tools"]


@pytest.mark.parametrize(
    "title",
    [
        "ADR: Process payments asynchronously",
        "Architecture Decision Record: Template engine choice",
        "ADR 12 - Use a search index for product lookups",
    ],
)
def test_a_record_whose_subject_names_a_process_or_an_index_is_a_record(title: str) -> None:
    # found in review: the words about records were looked for in the subject too
    assert adr.read("notes/x.md", f"# {title}\n\nWe do it.\n", {}) is not None


def test_a_page_imported_again_is_known_by_its_name_or_title_and_a_home_page_cites_no_page(
    make_base: MakeBase,
) -> None:
    """Found in review: a page named step-2.md, its document retitled, came in twice; a
    document named home.md that cites guide.md kept guide.md out."""
    root = make_base({"home.md": doc("Home", sources="[notes/guide.md]")})
    notes = root.parent / "notes"
    notes.mkdir()
    (notes / "step-2.md").write_text("# Step two\n\nInstall it.\n", encoding="utf-8")
    (notes / "guide.md").write_text("# Guide\n\nRead it.\n", encoding="utf-8")
    first = run_import(root, notes)
    assert sorted(first.imported) == ["guide.md", "step-2.md"]
    written = root / first.imported["step-2.md"]
    written.write_text(
        written.read_text(encoding="utf-8").replace("title: Step two", "title: Installing"),
        encoding="utf-8",
    )
    assert run_import(root, notes).imported == {}


def test_pages_holding_the_same_text_are_said_to(make_base: MakeBase) -> None:
    """joelparkerhenderson/architecture-decision-record holds 27 groups of pages with the
    same text (English examples copied under tr/); import said nothing of them."""
    root = make_base({})
    text = "# Use PostgreSQL\n\n" + "We store the orders in one relational database. " * 5
    folder = root.parent / "records"
    for name, body in (("en/pg.md", text), ("tr/pg.md", text), ("short-a.md", "# A\n\nx\n"),
                       ("short-b.md", "# A\n\nx\n"), ("other.md", text + "More.\n")):  # fmt: skip
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(body, encoding="utf-8")
    report = run_import(root, folder)
    said = [note for note in report.notes if "word for word" in note]
    assert said == ["en/pg.md: the same text, word for word, as tr/pg.md; each is imported"]
    assert len(report.imported) == 5


FRENCH_MADR = """# 2. Utilisation de PostgreSQL pour la persistance des données

Date: 2020-03-25

## Statut

2020-03-25 accepted

## Contexte et énoncé du problème

Il nous faut un endroit où garder les offres d'emploi, et les requêtes seront nombreuses.

## Options envisagées

* Base de données relationnelle
* Base noSQL

## Résultat de la décision

Option choisie : "Base de données relationnelle", parce que c'est une solution connue et éprouvée.

## Avantages et inconvénients des options

### Base de données relationnelle

* Bien, parce que l'outillage est riche
"""


def test_a_french_madr_record_is_summed_up_and_read_by_its_decision(make_base: MakeBase) -> None:
    """CaenCamp's and ansforge's records, MADR in French: "Résultat de la décision" was no
    decision section, so each was summed up by its context and "why" was not read in the
    option chosen."""
    root = make_base({})
    source = root.parent / "doc" / "adr"
    source.mkdir(parents=True)
    (source / "0002-postgresql.md").write_text(FRENCH_MADR, encoding="utf-8")
    report = run_import(root, source)
    doc_id = report.imported["0002-postgresql.md"]
    assert meta(root, doc_id)["summary"].startswith('Option choisie : "Base de données')
    with Brain.open(root) as brain:
        result = brain.reader().query(
            "Pourquoi avoir choisi une base relationnelle ?", filters=Filters(include_drafts=True)
        )
    titles = [p.title for p in result.sections]
    assert "Base de données relationnelle" in titles, titles
    assert "Résultat de la décision" in titles, titles


def _starlight(root: Path) -> Path:
    """Starlight's layout: the English pages in src/content/docs, each translation in a
    folder of it named for its language, linking to its pages as /<language>/..."""
    docs = root.parent / "site" / "src" / "content" / "docs"
    for lang, words, link in (
        ("", "Set the sidebar in the config.", "/reference/configuration/#sidebar"),
        (
            "fr",
            "Réglez la barre latérale dans la configuration.",
            "/fr/reference/configuration/#sidebar",
        ),
        ("de", "Die Seitenleiste in der Konfiguration.", "/de/reference/configuration/#sidebar"),
    ):
        folder = docs / lang if lang else docs
        (folder / "guides").mkdir(parents=True, exist_ok=True)
        (folder / "reference").mkdir(parents=True, exist_ok=True)
        (folder / "guides" / "sidebar.mdx").write_text(
            f"---\ntitle: Sidebar\n---\n\n{words} See [the options]({link}).\n", encoding="utf-8"
        )
        (folder / "reference" / "configuration.md").write_text(
            "---\ntitle: Configuration\n---\n\n## sidebar\n\nThe links of the sidebar.\n",
            encoding="utf-8",
        )
    return docs


def test_a_folder_s_translations_beside_its_pages_are_left_out_and_said(
    make_base: MakeBase,
) -> None:
    """withastro/starlight: importing src/content/docs brought its fifteen translations
    in, mixed with the English pages in one theme."""
    root = make_base({})
    report = run_import(root, _starlight(root), theme=".")
    assert sorted(report.imported) == ["guides/sidebar.mdx", "reference/configuration.md"]
    assert any(
        note.startswith("de/, fr/: translations of the pages beside them") for note in report.notes
    )


def test_a_translation_s_links_from_its_own_folder_lead_to_its_pages(make_base: MakeBase) -> None:
    """withastro/starlight: the French pages link to each other as
    "/fr/reference/configuration/#sidebar", and 186 links of 37 pages were left as
    written, the relation graph empty."""
    root = make_base({}, 'version: "1"\nroot: ./kb\nlang: fr\n')
    report = run_import(root, _starlight(root) / "fr")
    written = (root / report.imported["guides/sidebar.mdx"]).read_text(encoding="utf-8")
    assert "[the options](../reference/configuration.md#sidebar)" in written


def test_the_overviews_an_import_writes_are_reported(make_base: MakeBase, tmp_path: Path) -> None:
    """gohugoio/hugoDocs: "Imported 993 pages", then index found 1,070 documents; the
    overviews written beside the pages, which list those nothing links to, went unsaid."""
    root = make_base({})
    source = tmp_path / "guide"
    (source / "ops").mkdir(parents=True)
    for name in ("ops/deploy.md", "ops/backup.md"):
        (source / name).write_text(f"# {name}\n\nHow to {name}.\n", encoding="utf-8")
    report = run_import(root, source)
    assert report.overviews and set(report.overviews) <= set(report.written)
    assert not set(report.overviews) & set(report.imported.values())
    text = views.import_text(report)
    assert (
        f"Wrote 1 overview beside them (drafts listing the pages nothing links to): {report.overviews[0]}"
        in text
    )
    assert json.loads(render.to_json(report))["overviews"] == list(report.overviews)


def test_an_import_says_what_its_renamed_pages_are_under_its_overviews(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """fastapi/fastapi's docs imported: the pages renamed came next to the line naming
    the overviews written beside them, with no line of their own, and read as more
    overviews. A dry run says "those of them renamed follow"; an import done said nothing."""
    root = make_base({})
    source = tmp_path / "guide"
    (source / "ops").mkdir(parents=True)
    for name in ("ops/deploy.md", "ops/backup.md"):
        (source / name).write_text(f"# {name}\n\nHow to {name}.\n", encoding="utf-8")
    (source / "index.md").write_text("# Start\n\nWhere to begin.\n", encoding="utf-8")
    report = run_import(root, source)
    assert report.overviews and [r.source for r in report.renamed] == ["index.md"]
    shown = views.import_text(report).splitlines()
    wrote = next(n for n, line in enumerate(shown) if line.startswith("Wrote 2 overviews"))
    assert shown[wrote + 1 : wrote + 3] == [
        "renamed on import (1), each page with the document it became:",
        "  index.md -> guide/home.md (index.md would clash with INDEX.md, which mdbrain writes)",
    ]


def test_an_import_tells_every_finding_of_a_page_it_stops_in_one_report(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """nestjs/docs.nestjs.com: the passport page, stopped for a bearer token, told its
    sample password (found by detect-secrets alone) only once the token was allowed, a
    run later: each page came in after as many imports as it had kinds of findings."""
    from mdbrain.store import secret_scan

    if not secret_scan.available():
        pytest.skip("detect-secrets is not installed")
    source = tmp_path / "recipes"
    source.mkdir()
    signed = ".".join(
        ["eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9", "eyJzdWIiOiIxMjM0NTY3ODkwIn0", "c2lnbmF0dXJl"]
    )  # a JSON web token's shape
    (source / "passport.md").write_text(
        "# Passport\n\nThe users:\n\n```ts\nconst users = [\n  {\n    username: 'maria',\n"
        "    password: 'guess',\n  },\n];\n```\n\nThen:\n\n```bash\n"
        f'curl -H "Authorization: Bearer {signed}" http://localhost:3000/profile\n```\n',
        encoding="utf-8",
    )
    report = run_import(make_base({}), source, dry_run=True)
    lines = sorted(s.line for s in report.stopped if s.source == "passport.md")
    assert len(lines) >= 2 and lines[0] < lines[-1], report.stopped
