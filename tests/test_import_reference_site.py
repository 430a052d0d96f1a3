"""Importing a large reference site (shapes of the MDN web docs): pages filed in folders
named like tests or vendored code, a site's own kind of page, code that looks like a
record's status, specification brackets that look like wiki links, escaped entities."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from mdbrain.core import codemap, conversion, document
from mdbrain.service import importing
from mdbrain.service.brain import Brain
from mdbrain.service.importing import ImportReport
from tests.conftest import MakeBase
from tests.conftest import write_tree as write

TODAY = dt.date(2026, 7, 1)


def run_import(root: Path, source: Path) -> ImportReport:
    with Brain.open(root, clock=lambda: TODAY) as brain:
        return importing.import_folder(brain.session, source, theme="web")


def page(title: str, body: str, **fields: str) -> str:
    extra = "".join(f"{key}: {value}\n" for key, value in fields.items())
    return f"---\ntitle: {title}\n{extra}---\n\n{body}\n"


def imported(root: Path, rel: str) -> dict[str, object]:
    return dict(document.loads((root / "web" / rel).read_text(encoding="utf-8"), rel).meta)


def test_a_folder_named_test_or_vendor_holding_a_page_is_documentation(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """MDN documents RegExp.prototype.test() in regexp/test/index.md and Navigator.vendor
    in navigator/vendor/index.md: both were left out as "pages of tests, fixtures or
    vendored code". A tests folder holding code beside its pages still is one."""
    root = make_base({})
    source = write(
        tmp_path / "docs",
        {
            "regexp/index.md": page("RegExp", "Regular expressions."),
            "regexp/test/index.md": page("RegExp.prototype.test()", "Tests a match."),
            "navigator/vendor/index.md": page("Navigator.vendor", "The browser's vendor."),
            "navigator/vendor/diagram.png": b"\x89PNG",
            "tools/tests/fixture.md": page("Fixture", "A page the tests read."),
            "tools/tests/test_render.py": "def test_render():\n    assert True\n",
        },
    )
    report = run_import(root, source)
    assert (root / "web/regexp/test/index.md").is_file()
    assert (root / "web/navigator/vendor/index.md").is_file()
    assert not (root / "web/tools/tests/fixture.md").exists()
    assert any(note.startswith("tools/tests/: pages of tests") for note in report.notes)
    # what init --scan says of the project's files: a page, not tests nor vendored code
    files = [
        "docs/regexp/test/index.md",
        "docs/navigator/vendor/index.md",
        "docs/navigator/vendor/diagram.png",
        "tools/tests/fixture.md",
        "tools/tests/test_render.py",
        "lib/vendor/left-pad.js",
    ]
    pages = codemap.page_folders(files)
    assert pages == {"docs/regexp/test/", "docs/navigator/vendor/"}
    assert codemap.kind_of("docs/regexp/test/index.md", pages) == "doc"
    assert codemap.kind_of("tools/tests/fixture.md", pages) == "test"
    assert codemap.set_aside("docs/navigator/vendor/index.md", pages) == ""
    assert codemap.set_aside("lib/vendor/left-pad.js", pages) == "lib/vendor/"


def test_a_site_s_own_kind_of_page_gives_the_type(make_base: MakeBase, tmp_path: Path) -> None:
    """MDN's operator pages link to many others in few words: 2,594 of them were typed
    overview, ranked below references. Their ``page-type`` says what they are."""
    root = make_base({})
    links = " ".join(f"See [page {n}](p{n}.md)." for n in range(6))
    source = write(
        tmp_path / "docs",
        {
            "typeof/index.md": page(
                "typeof", f"Returns a type. {links}", **{"page-type": "javascript-operator"}
            ),
            "start/index.md": page("Start here", links, **{"page-type": "landing-page"}),
            "learn/index.md": page("Learn CSS", links, **{"page-type": "tutorial-chapter"}),
            "plain/index.md": page("Plain", links),
            **{f"p{n}.md": page(f"Page {n}", "Text.") for n in range(6)},
        },
    )
    run_import(root, source)
    assert imported(root, "typeof/index.md")["type"] == "reference"
    assert imported(root, "start/index.md")["type"] == "overview"
    assert imported(root, "learn/index.md")["type"] == "guide"
    assert imported(root, "plain/index.md")["type"] == "overview"  # made of links, untyped


def test_a_status_line_in_code_makes_no_record(make_base: MakeBase, tmp_path: Path) -> None:
    """MDN's Notification.data page: ``status: "open",`` in a JavaScript example made it a
    decision, its "state" the code's string."""
    root = make_base({})
    example = '```js\nconst options = {\n  data: {\n    status: "open",\n  },\n};\n```'
    source = write(
        tmp_path / "docs",
        {"notification/data.md": page("Notification: data", f"Returns data.\n\n{example}")},
    )
    run_import(root, source)
    meta = imported(root, "notification/data.md")
    assert meta["type"] == "reference"
    assert "original_status" not in meta


def test_brackets_of_another_notation_are_no_wiki_links(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """MDN writes a specification's internal slots in double brackets: "a class's
    [[Prototype]]" became a link to the glossary page titled Prototype, the notation
    lost. When most names in brackets are no page's, none is a link."""
    root = make_base({})
    slots = ["Get", "Set2", "Call", "Construct", "Delete", "HasProperty", "OwnKeys"]
    body = "The object's [[Prototype]] and " + ", ".join(f"[[{s}]]" for s in slots) + "."
    source = write(
        tmp_path / "docs",
        {"proxy.md": page("Proxy", body), "prototype.md": page("Prototype", "Inheritance.")},
    )
    report = run_import(root, source)
    text = (root / "web/proxy.md").read_text(encoding="utf-8")
    assert "[[Prototype]]" in text and "[[Get]]" in text
    assert any("no wiki links" in note for note in report.notes)
    assert not report.broken_links


def test_an_escaped_entity_stays_as_written() -> None:
    """MDN's XML introduction: "\\&#xA9; is the "©" symbol" became "\\© is the "©"
    symbol", saying the opposite of what it meant."""
    line = 'For example, \\&#xA9; is the "©" symbol; &copy; is too.'
    assert conversion._plain_entities(line) == 'For example, \\&#xA9; is the "©" symbol; © is too.'


def test_double_brackets_in_a_few_pages_of_many_are_no_wiki_links(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """In MDN's 15,000 pages a word names some page as often as not: [[Prototype]],
    [[Set]], [[Delete]] all matched titles, and the super page's "a class's
    [[Prototype]]" became a link. Five pages of them in 15,000 are no wiki."""
    root = make_base({})
    pages = {f"p{n}.md": page(f"Topic {n}", "Plain text.") for n in range(44)}
    pages["prototype.md"] = page("Prototype", "Inheritance.")
    pages["super.md"] = page("super", "Reads a class's [[Prototype]].")
    source = write(tmp_path / "docs", pages)
    report = run_import(root, source)
    assert "[[Prototype]]" in (root / "web/super.md").read_text(encoding="utf-8")
    assert any("no wiki links" in note for note in report.notes)
    # a wiki: its pages link each other so, and are read as links
    wiki = write(
        tmp_path / "wiki",
        {f"w{n}.md": page(f"Note {n}", f"See [[Note {n + 1}]].") for n in range(45)},
    )
    run_import(root, wiki)
    assert "[Note 2](" in (root / "web/w1.md").read_text(encoding="utf-8")
