"""The code includes of FastAPI's and SQLModel's sites (markdown-include-variants'
``{* file ln[1:8] *}``, mdx_include's ``{!file[ln:1-8]!}``) and the attribute lists of
their fences (```` ``` { .python .annotate } ````): imported as written, SQLModel's
tutorial held none of its code and showed the include lines instead."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mdbrain.core import conversion, snippets
from mdbrain.core.errors import InvalidRequestError
from mdbrain.service import bootstrap, importing
from mdbrain.service.brain import Brain

CODE = "\n".join(f"line{n} = {n}" for n in range(1, 11)) + "\n"  # ten lines of Python
FILES = {
    "src/app.py": CODE,
    "src/notes.md": "1. The first **note**.\n",
    "src/tool_an_py310.py": "best = 1\n",  # the variant include-variants shows first
    "src/tool.py": "plain = 1\n",
    "src/loop.md": "{!src/loop.md!}\n",
}


def _code(text: str, *, variants: bool = True, mdx: bool = True) -> snippets.Expanded:
    return snippets.expand_code(text, FILES.get, variants=variants, mdx=mdx)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # alone on its line: a code block of the file, its language from the suffix
        ("{* src/app.py ln[2:3] hl[2] *}\n", "```python\n# ... line 1 of the file left out\n"
         "\nline2 = 2\nline3 = 3\n\n# ... lines 4-10 of the file left out\n```\n"),
        ("{* src/app.py ln[1,9:10] *}\n", "```python\nline1 = 1\n\n"
         "# ... lines 2-8 of the file left out\n\nline9 = 9\nline10 = 10\n```\n"),
        ("{* src/tool.py *}\n", "```python\nbest = 1\n```\n"),
        ("{* src/app.py ln[0] *}\n", f"```python\n{CODE}```\n"),  # only the whole file
        # in a list item: indented as the include is
        ("* Item:\n    {* src/app.py ln[1] *}\n", "* Item:\n    ```python\n    line1 = 1\n\n"
         "    # ... lines 2-10 of the file left out\n    ```\n"),
        # mdx_include: in a code block the page opens, the lines as they are
        ("```{ .python .annotate }\n{!src/app.py[ln:2-3]!}\n```\n",
         "```{ .python .annotate }\nline2 = 2\nline3 = 3\n```\n"),
        ("{!src/app.py[ln:9-]!}\n", "```python\nline9 = 9\nline10 = 10\n```\n"),
        # fastapi/fastapi writes "{!> file!}" in its tabs: the file all the same
        ("```Python\n{!> src/tool.py!}\n```\n", "```Python\nplain = 1\n```\n"),
        ("{!src/notes.md!}\n", "1. The first **note**.\n"),  # Markdown is text of the page
        ("See {!src/app.py[ln:1]!} here.\n", "See line1 = 1 here.\n"),
        # escaped, or naming nothing the site reads: as written
        ("\\{!src/app.py!}\n", "\\{!src/app.py!}\n"),
        ("`{* src/app.py *}`\n", "`{* src/app.py *}`\n"),
    ],
)  # fmt: skip
def test_a_code_include_becomes_the_lines_it_names(text: str, expected: str) -> None:
    found = _code(text)
    assert found.text == expected
    assert not (found.missing or found.invalid or found.looping)


def test_a_file_shown_again_in_a_page_shows_only_the_lines_it_highlights() -> None:
    """fastapi's OAuth2 scopes page includes one file of 182 lines eight times, each time
    highlighting other lines: 274 lines became 1,750, the prose's lines lost in them."""
    page = (
        "First:\n\n{* src/app.py hl[2] *}\n\nThen:\n\n{* src/app.py hl[4:5,9] *}\n"
        "\nAgain:\n\n{* src/app.py *}\n\nOther lines:\n\n{* src/app.py ln[2:3] *}\n"
    )
    found = _code(page).text
    assert found.count("line1 = 1") == 1  # whole, once
    again = found.split("Then:")[1].split("Again:")[0]
    assert again == (
        "\n\n```python\n# ... lines 1-3 of the file left out (shown whole further up the page)\n\nline4 = 4\n"
        "line5 = 5\n\n# ... lines 6-8 of the file left out (shown whole further up the page)\n\nline9 = 9\n\n"
        "# ... line 10 of the file left out (shown whole further up the page)\n```\n\n"
    )
    assert (
        "```python\n# ... lines 1-10 of the file left out (shown whole further up the page)\n```"
        in found
    )
    assert "line2 = 2\nline3 = 3" in found.split("Other lines:")[1]  # other lines: shown


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("{* src/gone.py *}\n", "missing"),
        ("{!src/gone.py[ln:1-2]!}\n", "missing"),
        ("{* src/app.py ln[20:30] *}\n", "invalid"),  # past the file's end
        ("{* src/app.py ln[5:2] *}\n", "invalid"),
        ("{!src/app.py[ln:1.2-3.4]!}\n", "invalid"),  # columns: not read
        ("{!src/loop.md!}\n", "looping"),
    ],
)
def test_a_code_include_not_read_is_kept_and_said(text: str, why: str) -> None:
    found = _code(text)
    assert found.text.startswith(text.rstrip("\n"))
    assert getattr(found, why) == [text.rstrip("\n")]


def test_only_the_extensions_a_site_turns_on_are_read() -> None:
    text = "{* src/app.py *}\n{!src/notes.md!}\n"
    assert _code(text, variants=False, mdx=False).text == text
    assert _code(text, variants=False).text == "{* src/app.py *}\n1. The first **note**.\n"


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ('```python { .python .annotate hl_lines="2" }', "```python"),
        ("``` { .python .annotate }", "```python"),
        ('```{ .python .annotate hl_lines="4  9-10  12  19" }', "```python"),
        ('```{ hl_lines="2" }', "```"),  # no class: no language
    ],
)
def test_a_fences_attribute_list_in_class_form_keeps_its_language(line: str, shown: str) -> None:
    text = f"{line}\nx = 1\n```\n"
    assert conversion.parse("page.md", text).body == f"{shown}\nx = 1\n```\n"


def _project(tmp_path: Path, extensions: str) -> Path:
    """A project holding SQLModel's layout: mkdocs.yml, docs/ and docs_src/ at its top."""
    project = tmp_path / "project"
    (project / "docs" / "tutorial").mkdir(parents=True)
    (project / "docs_src" / "where").mkdir(parents=True)
    (project / ".rag").write_text('version: "1"\nroot: kb\nlang: en\n', encoding="utf-8")
    (project / "kb").mkdir()
    (project / "mkdocs.yml").write_text(
        f"site_name: demo\nmarkdown_extensions:\n{extensions}", encoding="utf-8"
    )
    (project / "docs_src" / "where" / "tutorial001_py310.py").write_text(CODE, encoding="utf-8")
    (tmp_path / "secret.py").write_text("TOKEN = 'not-for-the-base'\n", encoding="utf-8")
    (project / "docs" / "tutorial" / "where.md").write_text(
        "# Where\n\nThe filter:\n\n"
        "{* ./docs_src/where/tutorial001_py310.py ln[4:5] hl[5] *}\n\n"
        "```Python\n{!./docs_src/where/tutorial001_py310.py[ln:9-10]!}\n```\n\n"
        "{!../secret.py!}\n\n{* ./docs_src/where/tutorial001_py310.py ln[40:41] *}\n",
        encoding="utf-8",
    )
    return project


def test_sqlmodels_includes_are_imported_as_its_site_shows_them(tmp_path: Path) -> None:
    project = _project(tmp_path, "  mdx_include:\n  markdown_include_variants:\n")
    with Brain.open(project) as brain:
        report = importing.import_folder(brain.session, project / "docs")
    written = (project / "kb" / report.imported["tutorial/where.md"]).read_text()
    assert "```python\n# ... lines 1-3 of the file left out\n\nline4 = 4\nline5 = 5\n" in written
    assert "```Python\nline9 = 9\nline10 = 10\n```" in written
    assert "not-for-the-base" not in written  # outside the project: never read
    assert "{!../secret.py!}" in written and "ln[40:41]" in written
    said = "\n".join(note for note in report.notes if "code include" in note)
    assert said.count("tutorial/where.md: the code include") == 2
    assert "'{!../secret.py!}' names no file of the project" in said
    assert "ln[40:41] *}' asks for lines the file does not hold" in said


def test_a_site_configured_in_files_that_build_on_one_another_is_read(tmp_path: Path) -> None:
    """Textualize/textual: no mkdocs.yml, but mkdocs-online.yml and mkdocs-offline.yml,
    each ``INHERIT: mkdocs-common.yml``, which turns the includes on: they stayed raw."""
    project = _project(tmp_path, "  mdx_include:\n  markdown_include_variants:\n")
    common = (project / "mkdocs.yml").read_text(encoding="utf-8")
    (project / "mkdocs.yml").unlink()
    (project / "mkdocs-common.yml").write_text(common, encoding="utf-8")
    for name in ("mkdocs-online.yml", "mkdocs-offline.yml"):
        (project / name).write_text("INHERIT: mkdocs-common.yml\nsite_url: x\n", encoding="utf-8")
    (project / "mkdocs-nav.yml").write_text("nav:\n  - index.md\n", encoding="utf-8")
    with Brain.open(project) as brain:
        report = importing.import_folder(brain.session, project / "docs")
    written = (project / "kb" / report.imported["tutorial/where.md"]).read_text()
    assert "```Python\nline9 = 9\nline10 = 10\n```" in written
    # a configuration that builds on itself, or on nothing there, is read once
    (project / "mkdocs-online.yml").write_text("INHERIT: mkdocs-online.yml\n", encoding="utf-8")
    assert list(importing._mkdocs_configs(project))  # no endless chain


def test_a_site_without_those_extensions_keeps_the_include_lines(tmp_path: Path) -> None:
    project = _project(tmp_path, "  - toc\n")
    with Brain.open(project) as brain:
        report = importing.import_folder(brain.session, project / "docs")
    written = (project / "kb" / report.imported["tutorial/where.md"]).read_text()
    assert "{* ./docs_src/where/tutorial001_py310.py ln[4:5] hl[5] *}" in written
    assert not [note for note in report.notes if "code include" in note]


def _fastapi_like(tmp_path: Path) -> Path:
    """A project laid out as FastAPI's: a base in kb/, the site in docs/en/ (its
    mkdocs.yml turning markdown-include-variants on, its pages in docs/en/docs/) and
    the code its pages include in docs_src/."""
    project = tmp_path / "project"
    (project / "docs" / "en" / "docs").mkdir(parents=True)
    (project / "docs_src").mkdir()
    (project / ".rag").write_text('version: "1"\nroot: kb\nlang: en\n', encoding="utf-8")
    (project / "kb").mkdir()
    (project / "docs" / "en" / "mkdocs.yml").write_text(
        "site_name: demo\nmarkdown_extensions:\n  markdown_include_variants:\n", encoding="utf-8"
    )
    return project


def test_fastapis_includes_are_read_from_the_project_above_its_site(tmp_path: Path) -> None:
    """FastAPI's docs/en/mkdocs.yml names ``../../docs_src/...``: outside the folder of
    mkdocs.yml, inside the project."""
    project = _fastapi_like(tmp_path)
    site = project / "docs" / "en"
    (project / "docs_src" / "first_py39.py").write_text(CODE, encoding="utf-8")
    (site / "docs" / "first.md").write_text(
        "# First\n\n{* ../../docs_src/first_py39.py ln[1:2] *}\n", encoding="utf-8"
    )
    with Brain.open(project) as brain:
        report = importing.import_folder(brain.session, site / "docs")
    written = (project / "kb" / report.imported["first.md"]).read_text()
    assert "```python\nline1 = 1\nline2 = 2\n" in written
    # the page shows that code: brief on the file finds it (fastapi/fastapi's did not)
    assert "impl_refs: [docs_src/first_py39.py]" in written
    with Brain.open(project) as brain:
        brief = brain.brief("docs_src/first_py39.py")
    assert [item.id for item in brief.items] == [report.imported["first.md"]]


def test_a_translation_reads_its_includes_as_the_site_it_translates(tmp_path: Path) -> None:
    """fastapi/fastapi: docs/fr has no mkdocs.yml (docs/en's builds it), and its 90 pages
    kept 439 include lines as written, naming files from a folder they no longer lay in."""
    project = tmp_path / "project"
    (project / "docs_src").mkdir(parents=True)
    (project / ".rag").write_text('version: "1"\nroot: kb\nlang: en\n', encoding="utf-8")
    (project / "kb").mkdir()
    (project / "docs_src" / "first_py39.py").write_text(CODE, encoding="utf-8")
    config = "site_name: demo\nmarkdown_extensions:\n  markdown_include_variants:\n"
    (project / "docs" / "en" / "mkdocs.yml").parent.mkdir(parents=True)
    (project / "docs" / "en" / "mkdocs.yml").write_text(config, encoding="utf-8")
    (project / "docs" / "de").mkdir()  # a sibling whose config only names another
    (project / "docs" / "de" / "mkdocs.yml").write_text("INHERIT: ../en/mkdocs.yml\n")
    for code, words in (("en", "First"), ("fr", "Premier")):
        (project / "docs" / code / "docs").mkdir(parents=True)
        (project / "docs" / code / "docs" / "first.md").write_text(
            f"# {words}\n\n{{* ../../docs_src/first_py39.py ln[1:2] *}}\n", encoding="utf-8"
        )
    with Brain.open(project) as brain:
        report = importing.import_folder(brain.session, project / "docs" / "fr" / "docs")
    written = (project / "kb" / report.imported["first.md"]).read_text()
    assert report.imported["first.md"] == "fr/first.md"
    assert "```python\nline1 = 1\nline2 = 2\n" in written and "{*" not in written


def _translated(tmp_path: Path, lang: str) -> Path:
    """FastAPI's layout: docs/en/mkdocs.yml builds every language; docs/fr/docs lacks
    the images and the pages nobody translated, which the build takes from docs/en."""
    project = tmp_path / "project"
    (project / "docs_src").mkdir(parents=True)
    (project / ".rag").write_text(f'version: "1"\nroot: kb\nlang: {lang}\n', encoding="utf-8")
    (project / "kb").mkdir()
    (project / "docs_src" / "first_py39.py").write_text(CODE, encoding="utf-8")
    config = "site_name: demo\nmarkdown_extensions:\n  markdown_include_variants:\n"
    (project / "docs" / "en" / "docs" / "img").mkdir(parents=True)
    (project / "docs" / "en" / "mkdocs.yml").write_text(config, encoding="utf-8")
    (project / "docs" / "en" / "docs" / "img" / "shot.png").write_bytes(b"\x89PNG")
    (project / "docs" / "en" / "docs" / "release-notes.md").write_text(
        "# Release notes\n\nWhat changed.\n"
    )
    for code, words in (("en", "First"), ("fr", "Premier")):
        (project / "docs" / code / "docs").mkdir(parents=True, exist_ok=True)
        (project / "docs" / code / "docs" / "first.md").write_text(
            f"# {words}\n\n{{* ../../docs_src/first_py39.py ln[1:2] *}}\n\n"
            "![Shot](img/shot.png)\n\nSee [the notes](release-notes.md).\n",
            encoding="utf-8",
        )
    (project / "docs" / "fr" / "llm-prompt.md").write_text("# Prompt\n\nTranslate.\n")
    return project


def test_pages_in_the_bases_own_language_read_their_includes_as_the_site_does(
    tmp_path: Path,
) -> None:
    """fastapi/fastapi into a French base: docs/fr/docs kept its 91 pages' includes as
    written (an English base expanded them)."""
    project = _translated(tmp_path, "fr")
    with Brain.open(project) as brain:
        report = importing.import_folder(brain.session, project / "docs" / "fr" / "docs")
    assert report.imported == {"first.md": "first.md"}
    written = (project / "kb" / "first.md").read_text()
    assert "```python\nline1 = 1\nline2 = 2\n" in written and "{*" not in written


def test_a_translation_with_a_configuration_of_its_own_finds_what_it_lacks(
    tmp_path: Path,
) -> None:
    """fastapi/fastapi's docs/hi holds a mkdocs.yml that only says "INHERIT:
    ../en/mkdocs.yml": its 120 images were kept as broken links, the other translations'
    led to docs/en."""
    project = _translated(tmp_path, "en")
    (project / "docs" / "fr" / "mkdocs.yml").write_text("INHERIT: ../en/mkdocs.yml\n")
    with Brain.open(project) as brain:
        report = importing.import_folder(brain.session, project / "docs" / "fr" / "docs")
    assert not report.broken_links
    written = (project / "kb" / report.imported["first.md"]).read_text()
    assert "docs/en/docs/img/shot.png)" in written
    assert "```python\nline1 = 1\nline2 = 2\n" in written


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_translation_finds_what_it_lacks_where_its_site_is_built(
    tmp_path: Path, lang: str
) -> None:
    """fastapi/fastapi: the French pages' 114 images were reported missing and their links
    to untranslated pages broken; the build takes both from docs/en."""
    project = _translated(tmp_path, lang)
    with Brain.open(project) as brain:
        if lang == "en":
            importing.import_folder(brain.session, project / "docs" / "en" / "docs")
        report = importing.import_folder(brain.session, project / "docs" / "fr" / "docs")
    assert not report.broken_links
    doc_id = report.imported["first.md"]
    written = (project / "kb" / doc_id).read_text()
    up = "../" * doc_id.count("/")
    assert f"![Shot]({up}../docs/en/docs/img/shot.png)" in written
    # the English page's document when there is one, else its file
    notes = f"{up}release-notes.md" if lang == "en" else "../docs/en/docs/release-notes.md"
    assert f"[the notes]({notes})" in written


def test_init_proposes_a_translation_from_the_folder_its_site_reads(tmp_path: Path) -> None:
    project = _translated(tmp_path, "fr")
    (project / ".rag").unlink()
    for n in range(3):
        (project / "docs" / "fr" / "docs" / f"page-{n}.md").write_text(f"# Page {n}\n")
        (project / "docs" / "en" / "docs" / f"page-{n}.md").write_text(f"# Page {n}\n")
    found = bootstrap.pages_outside(project, project / "kb", "fr")
    assert [(p.folder, p.count) for p in found] == [("docs/fr/docs", 4)]


def test_a_folder_of_every_language_is_refused_with_the_imports_to_run(tmp_path: Path) -> None:
    """fastapi/fastapi: 'import docs' brought 1,642 pages of 13 languages into one theme,
    none with its language, every include raw, five copies of every answer."""
    project = _translated(tmp_path, "en")
    for n in range(3):
        for code in ("en", "fr"):
            (project / "docs" / code / "docs" / f"page-{n}.md").write_text(f"# Page {n}\n\nText.\n")
    with Brain.open(project) as brain, pytest.raises(InvalidRequestError) as refused:
        importing.import_folder(brain.session, project / "docs")
    said = refused.value.message
    assert f"'mdbrain import {project / 'docs' / 'en' / 'docs'}' for the base's (en)" in said
    assert "(fr)" in said and not list((project / "kb").iterdir())
    with Brain.open(project) as brain:  # one language's folder is imported
        report = importing.import_folder(brain.session, project / "docs" / "en" / "docs")
    assert len(report.imported) == 5


def test_a_secret_an_include_puts_in_a_page_is_said_where_it_is(tmp_path: Path) -> None:
    """fastapi/fastapi: a page kept out for a hash in its included example was said to
    hold it on "line 82", a line of prose in its file, and "also on lines 275, 484" of a
    page of 274 lines: the lines counted those the includes added."""
    import hashlib

    project = _fastapi_like(tmp_path)
    site = project / "docs" / "en"
    token = "ghp_" + hashlib.sha256(b"an include test").hexdigest()[:36]
    (project / "docs_src" / "app.py").write_text(f"a = 1\nTOKEN = '{token}'\n")
    (site / "docs" / "a.md").write_text("# A\n\n{* ../../docs_src/app.py *}\n\nText.\n")
    (site / "docs" / "b.md").write_text(f"# B\n\n{{* ../../docs_src/app.py ln[1] *}}\n\n{token}\n")
    with Brain.open(project) as brain:
        report = importing.import_folder(brain.session, site / "docs")
    why = {case.source: case.reason for case in report.skipped}
    assert "docs_src/app.py line 2, which the page includes" in why["a.md"]
    stopped = {s.source: s.line for s in report.stopped}
    assert stopped == {"a.md": 0, "b.md": 5}  # b.md's own line 5, not the expanded page's
    # each place is named: fastapi's reports said "also on lines 0, 0, 0, 0, 0"
    advice = {s.source: s.allow for s in report.stopped}
    assert advice["a.md"].startswith("in docs_src/app.py line 2, which the page includes: ")
    assert " 0" not in advice["a.md"]


def test_a_secret_on_a_page_and_in_its_includes_is_said_at_each_place(tmp_path: Path) -> None:
    import hashlib

    project = _fastapi_like(tmp_path)
    site = project / "docs" / "en"
    token = "ghp_" + hashlib.sha256(b"an include test").hexdigest()[:36]
    (project / "docs_src" / "one.py").write_text(f"TOKEN = '{token}'\n")
    (project / "docs_src" / "two.py").write_text(f"x = 1\n\nTOKEN = '{token}'\n")
    (site / "docs" / "a.md").write_text(
        f"# A\n\n{{* ../../docs_src/one.py *}}\n\n{{* ../../docs_src/two.py *}}\n\n{token}\n"
    )
    with Brain.open(project) as brain:
        report = importing.import_folder(brain.session, site / "docs")
    (stopped,) = report.stopped
    assert stopped.line == 7
    assert stopped.allow.startswith(
        "also in docs_src/one.py line 1, which the page includes, "
        "docs_src/two.py line 3, which the page includes: add 'digest:"
    )


@given(st.text(max_size=40))
def test_an_mdbook_include_never_fails_whatever_it_asks_for(asked: str) -> None:
    # found in review: "{{#include a.rs:²}}" raised ValueError, "²" being a digit to
    # Python; an include is expanded, or kept and said, never a crash
    text = "{{#include a.rs:" + asked + "}}"
    found = snippets.expand_book(text, {"a.rs": "a\nb\nc\n"}.get)
    assert found.text == text or found.included == ["a.rs"]


def test_an_mdbook_include_reads_line_numbers_as_mdbook_does() -> None:
    lines = {"a.rs": "a\nb\nc\n"}.get
    assert snippets.expand_book("{{#include a.rs:2:3}}", lines).text == "b\nc"
    for asked in ("²", "1:²", "٣"):
        found = snippets.expand_book(f"{{{{#include a.rs:{asked}}}}}", lines)
        assert found.invalid == [f"{{{{#include a.rs:{asked}}}}}"]
