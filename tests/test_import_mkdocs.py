"""What MkDocs writes for its plugins is no prose, and no link a base can follow: content
tabs (pymdownx.tabbed), mkdocstrings' ``:::`` pages, mkdocs-autorefs' cross-references,
and the admonitions of docstrings."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdbrain.core import codemap, conversion, markdown, snippets, summary
from mdbrain.service import importing
from mdbrain.service.brain import Brain

INSTALL = (
    "Installation is as simple as:\n\n"
    '=== "pip"\n\n    ```bash\n    pip install pydantic\n    ```\n\n'
    '===! "uv"\n\n    ```bash\n    uv add pydantic\n    ```\n\n'
    "Pydantic has a few dependencies:\n\n"
    "* `pydantic-core`: Core validation logic written in Rust.\n"
    "* `typing-extensions`: Backport of the standard library typing module.\n"
)


# --- content tabs -----------------------------------------------------------------------


def test_a_tab_header_is_never_a_summary() -> None:
    found = conversion.summary_of(INSTALL, {}, 300, False, "Installation")
    assert "===" not in found and "pip" not in found
    assert found.startswith("Pydantic has a few dependencies: pydantic-core")
    assert "===" not in summary.first_paragraph('===+ "A tab"\n\n    A line of prose.\n')


def test_the_text_of_a_tab_is_read_as_text_not_code() -> None:
    body = 'Pick one.\n\n=== "Pydantic"\n\n    The first tab says what the page is about.\n'
    assert summary.first_paragraph(body.replace("Pick one.\n\n", "")) == (
        "The first tab says what the page is about."
    )


def test_an_imported_page_shows_each_tab_as_its_label_and_its_text() -> None:
    page = conversion.parse("install.md", INSTALL)
    lines = page.body.split("\n")
    assert len(lines) == len(INSTALL.split("\n"))  # line for line: links keep their lines
    assert lines[2:7] == ["**pip**", "", "```bash", "pip install pydantic", "```"]
    assert lines[8] == "**uv**"


def test_tabs_in_a_list_item_and_in_tabs_lose_four_spaces_a_level() -> None:
    body = (
        "* An item:\n\n"
        '    === "A"\n\n        text of A\n\n'
        '        === "A.1"\n\n            text of A.1\n\n'
        "    Back in the item.\n"
        '```\n=== "code"\n    kept\n```\n'
    )
    assert markdown.content_tabs(body).split("\n") == [
        "* An item:", "",
        "    **A**", "", "    text of A", "",
        "    **A.1**", "", "    text of A.1", "",
        "    Back in the item.",
        "```", '=== "code"', "    kept", "```", "",
    ]  # fmt: skip


# --- mkdocstrings pages -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "stub"),
    [
        ("::: pydantic.fields\n    options:\n      members:\n        - Field\n", True),
        ("# Aliases\n\n::: pydantic.aliases\n\n::: pydantic.alias_generators\n", True),
        ("<!-- generated -->\n::: pydantic_core\n", True),
        ("Models inherit from `BaseModel`.\n\n::: pydantic.BaseModel\n", False),
        ("::: tip\nA container, with text.\n:::\n", False),
        ("    ::: indented.code\n", False),
        ("# Fields\n", False),
        ("", False),
    ],
)
def test_a_page_of_mkdocstrings_directives_only_is_an_api_stub(body: str, stub: bool) -> None:
    assert conversion.api_stub(body) is stub
    assert conversion.API_STUB.startswith("an API page mkdocstrings fills from the code")


# --- autorefs ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("See [`Field()`][pydantic.fields.Field].", "See `Field()`."),
        ("A [model][pydantic.main.BaseModel] is", "A model is"),
        ("Use [`typing.Annotated`][] here", "Use `typing.Annotated` here"),
        ("[List[int]][typing.List] x", "List[int] x"),
        # not a dotted name, defined by the page, code, an image: left as written
        ("[typing][] and [the guide][guide]", "[typing][] and [the guide][guide]"),
        ("[text][a.b]\n\n[a.b]: https://example.org", "[text][a.b]\n\n[a.b]: https://example.org"),
        ("`[a][b.c]` and x[0][self.size]", "`[a][b.c]` and x[0][self.size]"),
        ("![logo][images.logo]", "![logo][images.logo]"),
        ("```\n[a][b.c]\n```", "```\n[a][b.c]\n```"),
        ("    ```py\n    [a][b.c]\n    ```", "    ```py\n    [a][b.c]\n    ```"),
        # gohugoio/hugoDocs: a collapsed reference its page defines, text and all
        (
            "[`os.Getenv`][] reads\n\n[`os.Getenv`]: /functions/os/getenv/",
            "[`os.Getenv`][] reads\n\n[`os.Getenv`]: /functions/os/getenv/",
        ),
    ],
)
def test_a_cross_reference_to_a_python_name_is_kept_as_its_text(line: str, shown: str) -> None:
    assert markdown.without_autorefs(line) == shown


def test_an_imported_page_keeps_the_text_of_its_cross_references() -> None:
    page = conversion.parse("a.md", "# A\n\nSee [`Field()`][pydantic.fields.Field] first.\n")
    assert page.body == "# A\n\nSee `Field()` first.\n"


# --- docstrings -------------------------------------------------------------------------


FIELD = '''
def Field(default=None):
    """!!! abstract "Usage Documentation"
        [Fields](../concepts/fields.md)

    Create a field for objects that can be configured.

    Used to provide extra information about a field.
    """


class Strict:
    """??? note "Only a note"
        Strict mode is on.
    """


def strict():
    """Make a [`Strict`][pydantic.types.Strict] type. More."""
'''


def test_a_symbol_is_described_by_its_prose_not_its_admonition() -> None:
    facts = codemap.python_facts("fields.py", FIELD)
    docs = {symbol.name: symbol.doc for symbol in facts.symbols}
    assert docs == {
        "Field": "Create a field for objects that can be configured.",
        "Strict": "Strict mode is on.",
        "strict": "Make a `Strict` type.",
    }


def test_an_api_stub_page_is_left_out_of_an_import_and_said_why(tmp_path: Path) -> None:
    from mdbrain.service.brain import Brain

    source = tmp_path / "docs"
    (source / "api").mkdir(parents=True)
    (source / "api" / "fields.md").write_text(
        "# Fields\n\n::: pydantic.fields\n    options:\n      show_root_heading: true\n",
        encoding="utf-8",
    )
    (source / "concepts.md").write_text(
        "# Fields\n\nA field has a type and a default value.\n", encoding="utf-8"
    )
    project = tmp_path / "project"
    (project / "kb").mkdir(parents=True)
    (project / ".rag").write_text('version: "1"\nroot: kb\nlang: en\n', encoding="utf-8")
    report = Brain.open(project).import_docs(source)
    assert list(report.imported) == ["concepts.md"]
    assert [(c.source, c.reason) for c in report.skipped] == [
        ("api/fields.md", conversion.API_STUB)
    ]
    assert not (project / "kb" / "api").exists()


# --- snippet includes ----------------------------------------------------------------


FILES = {
    "CONTRIBUTING.md": "# Contributing\n\nRun the tests with `cargo nextest run`.\n",
    "part.md": 'First.\n--8<-- "inner.md"\nLast.\n',
    "inner.md": "Inner line.\n",
    "lines.md": "one\ntwo\nthree\nfour\n",
    "loop.md": '--8<-- "loop.md"\nLooped.\n',
    "nested.md": '--8<-- "lines.md:1:2"\nline2\nline3\nline4\n',
    "bomb.md": '--8<-- "bomb.md"\n' * 25,
}


def _read(name: str) -> str | None:
    return FILES.get(name)


def test_a_snippet_include_is_replaced_by_the_file_it_names() -> None:
    found = snippets.expand('# Contributing\n\n--8<-- "CONTRIBUTING.md"\n', _read)
    assert "Run the tests with `cargo nextest run`." in found.text
    assert "--8<--" not in found.text and found.included == ["CONTRIBUTING.md"]


@pytest.mark.parametrize(
    ("text", "expected", "missing"),
    [
        # included files are expanded in turn, indented as the include is
        (
            '* A list:\n    --8<-- "part.md"\n',
            "* A list:\n    First.\n    Inner line.\n    Last.\n",
            [],
        ),
        # a range of lines, counted from 1, before the file's own includes are expanded
        ("--8<-- 'lines.md:2:3'\n", "two\nthree\n", []),
        ('--8<-- "nested.md:2:3"\n', "line2\nline3\n", []),
        # a block of names between two marks; one not read leaves the block as written
        ("--8<--\ninner.md\nlines.md:4\n--8<--\nAfter.\n", "Inner line.\nfour\nAfter.\n", []),
        ("--8<--\ninner.md\ngone.md\n--8<--\n", "--8<--\ninner.md\ngone.md\n--8<--\n", ["gone.md"]),
        # in a code block too, as the extension reads it; escaped, or naming nothing: kept
        ('```\n--8<-- "inner.md"\n```\n', "```\nInner line.\n```\n", []),
        (';--8<-- "inner.md"\n', ';--8<-- "inner.md"\n', []),
        ('--8<-- "gone.md"\n', '--8<-- "gone.md"\n', ["gone.md"]),
        # Windows line ends
        ('Before.\r\n--8<-- "inner.md"\r\n', "Before.\r\nInner line.\n", []),
    ],
)
def test_snippet_includes_in_every_form(text: str, expected: str, missing: list[str]) -> None:
    found = snippets.expand(text, _read)
    assert found.text == expected
    assert found.missing == missing


def test_a_file_that_includes_itself_is_read_once_and_said() -> None:
    found = snippets.expand('--8<-- "loop.md"\n', _read)
    assert found.text == '--8<-- "loop.md"\nLooped.\n' and found.looping == ["loop.md"]
    # a page made of includes of itself costs its own lines, not their powers
    bomb = snippets.expand(FILES["bomb.md"], _read, itself="bomb.md")
    assert bomb.text == FILES["bomb.md"] and set(bomb.looping) == {"bomb.md"}
    # and includes of one another stop at what one page may add
    many = {f"f{n}.md": f'--8<-- "f{n + 1}.md"\n' * 40 for n in range(3)} | {"f3.md": "x" * 9000}
    wide = snippets.expand('--8<-- "f0.md"\n' * 40, many.get)
    assert len(wide.text) < 3 * snippets.MOST and wide.over
    assert snippets.expand('--8<-- "lines.md:' + "9" * 5000 + '"\n', _read).missing


def test_an_mkdocs_page_made_of_an_include_is_imported_with_what_it_includes(
    tmp_path: Path,
) -> None:
    """astral-sh/uv's docs/reference/contributing.md is `--8<-- "CONTRIBUTING.md"` alone:
    imported as written, it held none of the guide."""
    project = tmp_path / "project"
    (project / "site" / "docs" / "reference").mkdir(parents=True)
    (project / ".rag").write_text('version: "1"\nroot: kb\nlang: en\n', encoding="utf-8")
    (project / "kb").mkdir()
    site = project / "site"
    (site / "mkdocs.yml").write_text(
        "site_name: demo\ndocs_dir: docs\nmarkdown_extensions:\n  - pymdownx.snippets\n",
        encoding="utf-8",
    )
    (site / "CONTRIBUTING.md").write_text(FILES["CONTRIBUTING.md"], encoding="utf-8")
    (project / ".env").write_text("SECRET=not-for-the-site\n", encoding="utf-8")
    pages = site / "docs" / "reference"
    (pages / "contributing.md").write_text(
        '---\ntitle: Contributing\n---\n\n--8<-- "CONTRIBUTING.md"\n', encoding="utf-8"
    )
    (pages / "other.md").write_text(
        '# Other\n\nSee the guide.\n\n--8<-- "docs/missing.md"\n\n--8<-- "../.env"\n',
        encoding="utf-8",
    )
    with Brain.open(project) as brain:
        report = importing.import_folder(brain.session, site / "docs")
    written = (project / "kb" / report.imported["reference/contributing.md"]).read_text()
    assert "Run the tests with `cargo nextest run`." in written and "--8<--" not in written
    other = (project / "kb" / report.imported["reference/other.md"]).read_text()
    assert "not-for-the-site" not in other  # outside the site's base folder: never read
    said = [note for note in report.notes if "snippet include" in note]
    assert len(said) == 2 and all("reference/other.md" in note for note in said)


def test_a_site_without_the_snippets_extension_keeps_its_lines(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / ".rag").write_text('version: "1"\nroot: kb\nlang: en\n', encoding="utf-8")
    (project / "kb").mkdir()
    (project / "mkdocs.yml").write_text("site_name: demo\n", encoding="utf-8")
    (project / "CONTRIBUTING.md").write_text(FILES["CONTRIBUTING.md"], encoding="utf-8")
    (project / "docs" / "page.md").write_text('# Page\n\n--8<-- "CONTRIBUTING.md"\n')
    with Brain.open(project) as brain:
        report = importing.import_folder(brain.session, project / "docs")
    written = (project / "kb" / report.imported["page.md"]).read_text()
    assert '--8<-- "CONTRIBUTING.md"' in written


def test_a_snippet_include_of_a_picture_keeps_its_line_unsaid(tmp_path: Path) -> None:
    """Textualize/textual includes its diagrams' SVG in its pages: thousands of numbers of
    markup came into the text, and a national-id finder stopped five pages on them."""
    project = tmp_path / "project"
    (project / "docs" / "images").mkdir(parents=True)
    (project / ".rag").write_text('version: "1"\nroot: kb\nlang: en\n', encoding="utf-8")
    (project / "kb").mkdir()
    (project / "mkdocs.yml").write_text(
        "site_name: demo\nmarkdown_extensions:\n  - pymdownx.snippets\n", encoding="utf-8"
    )
    (project / "docs" / "images" / "flow.svg").write_text('<svg><rect x="1.5"/></svg>\n')
    (project / "CONTRIBUTING.md").write_text(FILES["CONTRIBUTING.md"], encoding="utf-8")
    (project / "docs" / "page.md").write_text(
        '# Page\n\n--8<-- "docs/images/flow.svg"\n\n--8<-- "CONTRIBUTING.md"\n'
    )
    with Brain.open(project) as brain:
        report = importing.import_folder(brain.session, project / "docs")
    written = (project / "kb" / report.imported["page.md"]).read_text()
    assert '--8<-- "docs/images/flow.svg"' in written and "<svg>" not in written
    assert "cargo nextest run" in written  # text is still included
    assert not [note for note in report.notes if "flow.svg" in note]


# --- the site's own docs folder ----------------------------------------------------------


@pytest.mark.parametrize(("docs_dir", "theme"), [("docs_src", ""), ("guides", ""), (None, "notes")])
def test_the_folder_an_mkdocs_site_builds_from_imports_into_the_root(
    tmp_path: Path, docs_dir: str | None, theme: str
) -> None:
    """edgex-docs builds from docs_src: its pages went under docs-src/, each id longer."""
    folder = tmp_path / (docs_dir or "notes")
    folder.mkdir()
    config = "site_name: x\n" + (f"docs_dir: {docs_dir}\n" if docs_dir else "")
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    # without a docs_dir, MkDocs builds from docs/: notes/ is a folder of its own
    assert importing.default_theme(folder, tmp_path) == theme


def test_a_page_other_pages_include_is_a_part_not_a_page(tmp_path: Path) -> None:
    """Textualize/textual: docs/snippets/see_also_border.md, included by the style pages,
    came in as a page of its own, its links written for those pages leading nowhere."""
    project = tmp_path / "project"
    (project / "docs" / "snippets").mkdir(parents=True)
    (project / "docs" / "styles").mkdir()
    (project / ".rag").write_text('version: "1"\nroot: kb\nlang: en\n', encoding="utf-8")
    (project / "kb").mkdir()
    (project / "mkdocs.yml").write_text(
        "site_name: demo\nmarkdown_extensions:\n  - pymdownx.snippets\n", encoding="utf-8"
    )
    (project / "docs" / "snippets" / "see_also.md").write_text("- [Border](./border.md)\n")
    (project / "docs" / "styles" / "border.md").write_text("# Border\n\nA border.\n")
    (project / "docs" / "styles" / "outline.md").write_text(
        '# Outline\n\nAn outline.\n\n## See also\n\n--8<-- "docs/snippets/see_also.md"\n'
    )
    with Brain.open(project) as brain:
        report = importing.import_folder(brain.session, project / "docs")
    assert set(report.imported) == {"styles/border.md", "styles/outline.md"}
    [part] = [case for case in report.skipped if case.source == "snippets/see_also.md"]
    assert part.reason.startswith("a part other pages include")
    written = (project / "kb" / report.imported["styles/outline.md"]).read_text()
    assert "[Border](border.md)" in written
