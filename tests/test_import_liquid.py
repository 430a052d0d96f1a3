"""Jekyll's Liquid includes of Markdown files are shown where they stand, as the site
shows them (expressjs/expressjs.com: its API reference page is 31 lines of
``{% include api/en/5x/app.md %}``, the text in ``_includes``)."""

from __future__ import annotations

from pathlib import Path

from mdbrain.core import snippets
from tests.conftest import MakeBase
from tests.test_import import run_import

FILES = {
    "api/app.md": "---\nlayout: none\n---\n<h3 id='app.get'>app.get(name)</h3>\n\nReturns a setting.\n",
    "api/res.md": "## res\n\n{% include api/res-cookie.md %}\n",
    "api/res-cookie.md": "The `options` of res.cookie: domain, path, secure.\n",
    "api/loop.md": "{% include api/loop.md %}\n",
}


def test_an_include_alone_on_its_line_is_replaced_by_the_file_it_names() -> None:
    page = (
        "# API\n\n  {% include api/app.md %}\n{%- include api/res.md -%}\n"
        "{% include admonitions/note.html content=x %}\n\n"
        "```liquid\n{% include api/app.md %}\n```\n"
        "Inline {% include api/app.md %} stays.\n{% include api/gone.md %}\n"
        "{% include api/loop.md %}\n"
    )
    found = snippets.expand_liquid(page, FILES.get)
    text = found.text
    # the text where the tag stands: the first line after its indent, front matter out
    assert "  <h3 id='app.get'>app.get(name)</h3>\n\nReturns a setting." in text
    assert "layout: none" not in text
    assert "## res\n\nThe `options` of res.cookie: domain, path, secure." in text  # nested
    assert "{% include admonitions/note.html content=x %}" in text  # HTML: Liquid's
    assert "```liquid\n{% include api/app.md %}\n```" in text  # code stays code
    assert "Inline {% include api/app.md %} stays." in text
    assert found.missing == ["api/gone.md"] and found.looping == ["api/loop.md"]
    assert found.included[:3] == ["api/app.md", "api/res.md", "api/res-cookie.md"]


def test_a_jekyll_page_is_imported_with_the_includes_its_site_holds(
    make_base: MakeBase, tmp_path: Path
) -> None:
    root = make_base({})
    site = root.parent / "site"
    (site / "_includes" / "api").mkdir(parents=True)
    (site / "_config.yml").write_text("title: demo\n", encoding="utf-8")
    for name, text in FILES.items():
        (site / "_includes" / name).write_text(text, encoding="utf-8")
    (site / "en").mkdir()
    (site / "en" / "api.md").write_text(
        "---\ntitle: API\n---\n\n{% include api/res.md %}\n\n{% include_relative notes.md %}\n"
    )
    (site / "en" / "notes.md").write_text("# Notes\n\nRelative notes.\n", encoding="utf-8")
    report = run_import(root, site / "en")
    written = (root / report.imported["api.md"]).read_text(encoding="utf-8")
    assert "The `options` of res.cookie: domain, path, secure." in written
    assert "# Notes\n\nRelative notes." in written
    assert "{% include" not in written


def test_the_pages_a_jekyll_site_excludes_are_not_imported(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # Homebrew/brew: docs/_config.yml excludes AGENTS.md, README.md and vale-styles,
    # which came in as pages of the documentation
    root = make_base({})
    site = tmp_path / "docs"
    (site / "vale-styles" / "Brand").mkdir(parents=True)
    (site / "_config.yml").write_text(
        "title: Docs\nexclude:\n  - AGENTS.md\n  - README.md\n  - vale-styles\n  - Gem*\n",
        encoding="utf-8",
    )
    for name in (
        "Install.md",
        "AGENTS.md",
        "README.md",
        "Gemfile.md",
        "vale-styles/Brand/README.md",
    ):
        (site / name).write_text(f"# {name}\n\nText of {name}.\n", encoding="utf-8")
    report = run_import(root, site)
    assert list(report.imported) == ["Install.md"]
    [note] = [n for n in report.notes if "_config.yml" in n]
    assert note.startswith("4 pages the site leaves out ('exclude' in _config.yml) not imported")
    alone = run_import(root, site / "README.md")  # a file asked for by name comes in
    assert list(alone.imported) == ["README.md"]
