"""Hugo's include shortcodes are shown where they stand, as the site shows them
(gohugoio/hugoDocs: 162 pages include shared parts of ``content/en/_common``, such as the
options of the highlight shortcode, which its page links to)."""

from __future__ import annotations

from pathlib import Path

from mdbrain.core import snippets
from mdbrain.service.brain import Brain
from tests.conftest import MakeBase
from tests.test_import import run_import

PARTS = {
    "/_common/options.md": "---\n_comment: shared\n---\n\n## Options\n\nThe `linenos` option.\n",
    "functions/_common/glob": 'Glob patterns: `*` and `**`.\n\n{{% include "/_common/options.md" %}}\n',
    "loop.md": '{{< include "loop.md" >}}\n',
}


def test_an_include_shortcode_alone_on_its_line_is_replaced_by_the_page_it_names() -> None:
    page = (
        '# Highlight\n\n{{% include "/_common/options.md" %}}\n'
        "  {{< readfile file='functions/_common/glob' >}}\n"
        '{{%/* include "/_common/options.md" */%}}\n\n'
        '```go-html-template\n{{% include "/_common/options.md" %}}\n```\n'
        'Inline {{% include "/_common/options.md" %}} stays.\n'
        '{{% include "/_common/gone.md" %}}\n{{< include "loop.md" >}}\n'
    )
    found = snippets.expand_hugo(page, PARTS.get)
    text = found.text
    assert "# Highlight\n\n## Options\n\nThe `linenos` option.\n" in text
    assert "_comment" not in text  # the part's front matter is no text of the page
    assert "  Glob patterns: `*` and `**`.\n\n## Options" in text  # nested, where it stands
    assert '{{%/* include "/_common/options.md" */%}}' in text  # escaped: shown as written
    assert '```go-html-template\n{{% include "/_common/options.md" %}}\n```' in text
    assert 'Inline {{% include "/_common/options.md" %}} stays.' in text
    assert found.missing == ["/_common/gone.md"] and found.looping == ["loop.md"]


def test_a_hugo_page_is_imported_with_its_parts_and_the_parts_are_no_pages(
    make_base: MakeBase,
) -> None:
    root = make_base({})
    content = root.parent / "content" / "en"
    (content / "_common").mkdir(parents=True)
    (content / "shortcodes").mkdir()
    (content / "_common" / "options.md").write_text(
        "---\n_comment: Do not remove front matter.\n---\n\n## Options\n\nSet `linenos`.\n",
        encoding="utf-8",
    )
    (content / "shortcodes" / "highlight.md").write_text(
        "---\ntitle: highlight\n---\n\nThe highlight shortcode takes [options](#options).\n\n"
        '{{% include "/_common/options" %}}\n\n{{% include "_common/lost.md" %}}\n',
        encoding="utf-8",
    )
    report = run_import(root, root.parent / "content")
    assert sorted(report.imported) == ["en/shortcodes/highlight.md"]
    written = (root / report.imported["en/shortcodes/highlight.md"]).read_text(encoding="utf-8")
    assert "## Options\n\nSet `linenos`." in written
    assert '{{% include "/_common/options" %}}' not in written
    [part] = [case for case in report.skipped if case.source.endswith("options.md")]
    assert part.reason.startswith("a part other pages include")
    assert any("'_common/lost.md'" in note for note in report.notes)
    with Brain.open(root) as brain:
        assert not [f for f in brain.check().findings if f.code == "W019"]


def _site(root: Path) -> Path:
    content = root.parent / "site" / "content"
    (content / "a" / "_common").mkdir(parents=True)
    (content / "_common").mkdir()
    return content


def test_a_leading_slash_names_a_part_from_the_content_folder(make_base: MakeBase) -> None:
    root = make_base({})
    content = _site(root)
    (content / "_common" / "x.md").write_text("From the content folder.\n", encoding="utf-8")
    (content / "a" / "_common" / "x.md").write_text("From the page's folder.\n", encoding="utf-8")
    (content / "a" / "page.md").write_text(
        '# Page\n\n{{% include "/_common/x.md" %}}\n\n{{% include "_common/x.md" %}}\n',
        encoding="utf-8",
    )
    report = run_import(root, content)
    written = (root / report.imported["a/page.md"]).read_text(encoding="utf-8")
    assert "From the content folder.\n\nFrom the page's folder." in written


def test_an_include_names_markdown_pages_only_and_never_breaks_the_import(
    make_base: MakeBase,
) -> None:
    """Found in review: a name holding a NUL character stopped the import with an
    internal error, and any file of the project (.env) could be put in a page."""
    root = make_base({})
    content = _site(root)
    (root.parent / "site" / "notes.txt").write_text("TOKEN=not-a-page\n", encoding="utf-8")
    (content / "page.md").write_text(
        '# Page\n\n{{% include "/../notes.txt" %}}\n{{% include "x\x00y.md" %}}\n'
        '{{% readfile file="../notes.txt" %}}\n{{% include "/page.md" %}}\n\nEnd.\n',
        encoding="utf-8",
    )
    report = run_import(root, content)
    assert list(report.imported) == ["page.md"]  # including itself makes it no part
    written = (root / report.imported["page.md"]).read_text(encoding="utf-8")
    assert "not-a-page" not in written
    assert '{{% include "/page.md" %}}' in written and "End." in written
    assert any("'/page.md' includes itself" in note for note in report.notes)
