"""MDX partials: a Markdown file a page imports as a component and shows where the
component stands (Docusaurus' ``_partial-tags-file-api-ref-section.mdx``). Imported
as written, the page kept a component nobody can read and lost the section."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from mdbrain.core import snippets
from mdbrain.service import importing
from mdbrain.service.brain import Brain
from mdbrain.service.importing import ImportReport
from tests.conftest import MakeBase

TODAY = dt.date(2026, 7, 1)

PARTIAL = (
    "---\nsidebar_position: 9\n---\n\nimport Tabs from '@theme/Tabs';\n\n"
    "## Tags File {#tags-file}\n\nList the tags a post may use in `tags.yml`.\n"
)


def expanded(text: str, files: dict[str, str]) -> snippets.Expanded:
    return snippets.expand_partials(text, files.get)


def test_a_partial_stands_where_its_component_does_its_front_matter_and_imports_left_out() -> None:
    page = (
        "# Blog plugin\n\nimport TagsFile from './_tags-file.mdx';\n\n"
        "## Options\n\nSome options.\n\n<TagsFile />\n\n## After\n"
    )
    found = expanded(page, {"_tags-file.mdx": PARTIAL})
    assert found.text == (
        "# Blog plugin\n\nimport TagsFile from './_tags-file.mdx';\n\n"
        "## Options\n\nSome options.\n\n"
        "## Tags File {#tags-file}\n\nList the tags a post may use in `tags.yml`.\n\n"
        "## After\n"
    )
    assert found.included == ["_tags-file.mdx"] and not found.missing


def test_a_partial_is_indented_as_its_component_and_code_is_left_alone() -> None:
    page = (
        "import Note from './_note.md';\n\n- An item:\n\n  <Note flavour=\"short\" />\n\n"
        "```mdx\n<Note />\n```\n\nInline <Note /> stays.\n"
    )
    found = expanded(page, {"_note.md": "First line.\n\n```sh\nrun it\n```\n"})
    assert found.text == (
        "import Note from './_note.md';\n\n- An item:\n\n"
        "  First line.\n\n  ```sh\n  run it\n  ```\n\n"
        "```mdx\n<Note />\n```\n\nInline <Note /> stays.\n"
    )


def test_partials_nest_from_their_own_folder_and_a_loop_or_a_missing_file_is_said() -> None:
    files = {
        "parts/_outer.mdx": "Outer.\n\nimport Inner from './_inner.mdx';\n\n<Inner />\n",
        "parts/_inner.mdx": "Inner.\n\nimport Outer from './_outer.mdx';\n\n<Outer />\n",
    }
    page = "import Outer from 'parts/_outer.mdx';\nimport Gone from './_gone.mdx';\n\n"
    found = expanded(page + "<Outer />\n\n<Gone />\n", files)
    assert "Outer.\n\nInner.\n\n<Outer />" in found.text  # the loop is cut, and said
    assert found.looping == ["parts/_outer.mdx"]
    assert found.missing == ["_gone.mdx"] and "<Gone />" in found.text
    # written from the page's folder with "./" or not, the same file: the loop is seen
    files = {
        "_outer.mdx": "Outer.\n\nimport Inner from './_inner.mdx';\n\n<Inner />\n",
        "_inner.mdx": "Inner.\n\nimport Outer from './_outer.mdx';\n\n<Outer />\n",
    }
    found = expanded("import Outer from './_outer.mdx';\n\n<Outer />\n", files)
    assert found.looping == ["_outer.mdx"] and found.text.count("Outer.") == 1


def run_import(root: Path, source: Path) -> ImportReport:
    with Brain.open(root, clock=lambda: TODAY) as brain:
        return importing.import_folder(brain.session, source)


def test_an_imported_page_holds_its_partials_those_named_from_the_site_too(
    make_base: MakeBase,
) -> None:
    root = make_base({})
    site = root.parent / "website"
    docs = site / "docs" / "api"
    docs.mkdir(parents=True)
    (site / "docusaurus.config.ts").write_text("export default {};\n", encoding="utf-8")
    (site / "_partials").mkdir()
    (site / "_partials" / "_shared.mdx").write_text("Shared words.\n", encoding="utf-8")
    (docs / "_tags-file.mdx").write_text(PARTIAL, encoding="utf-8")
    (docs / "blog.mdx").write_text(
        "# Blog plugin\n\nimport TagsFile from './_tags-file.mdx';\n"
        "import Shared from '@site/_partials/_shared.mdx';\n\n"
        "See [the tags file](#tags-file).\n\n<TagsFile />\n\n<Shared />\n",
        encoding="utf-8",
    )
    report = run_import(root, site / "docs")
    assert list(report.imported) == ["api/blog.mdx"]
    text = (root / report.imported["api/blog.mdx"]).read_text(encoding="utf-8")
    assert "List the tags a post may use in `tags.yml`." in text
    assert "Shared words." in text
    assert "<TagsFile />" not in text and "<Shared />" not in text
    assert not [n for n in report.notes if "partial" in n], report.notes
    findings = Brain.open(root, clock=lambda: TODAY).check().findings
    assert "W019" not in {f.code for f in findings}  # the anchor #tags-file is there
