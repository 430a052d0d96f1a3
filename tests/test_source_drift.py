"""A document copied from a page of the project follows that page: ``update`` flags the
copy in force when the page changes, and importing the page again brings a draft
nobody edited up to date (found on rust-lang/book and home-assistant/architecture:
the imported chapters went stale without a word, and import skipped them all)."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from mdbrain.adapters import views
from mdbrain.service.brain import Brain
from tests.conftest import doc
from tests.test_update import Repo, imported_pages

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

OWNERSHIP = "# Ownership\n\nEach value has an owner.\n\nThere is one owner at a time.\n"
STRUCTS = "# Structs\n\nA struct groups related values.\n"
ENUMS = "# Enums\n\nAn enum is one of its variants.\n"


def imported_book(tmp_path: Path) -> Repo:
    pages = {"ownership.md": OWNERSHIP, "structs.md": STRUCTS, "enums.md": ENUMS}
    return imported_pages(tmp_path / "book", "src", pages)


def test_a_document_in_force_is_flagged_when_the_page_it_came_from_changes(
    tmp_path: Path,
) -> None:
    repo = imported_book(tmp_path)
    Brain.open(repo.path).verify(["ownership.md"], sources=["read against the book"])
    repo.commit("verify", "2026-07-03T12:00:00")
    assert not Brain.open(repo.path).update(dry_run=True).flagged
    repo.write("src/ownership.md", OWNERSHIP.replace("an owner", "exactly one owner"))
    repo.commit("reword the rule", "2026-07-04T12:00:00")
    flagged = Brain.open(repo.path).update(dry_run=True).flagged
    assert [f.doc for f in flagged] == ["ownership.md"]
    assert flagged[0].reason.startswith("source src/ownership.md changed since it was verified")
    assert "reword the rule" in flagged[0].reason and not flagged[0].archive


def test_a_source_that_never_was_a_file_of_the_project_is_no_code_gone(tmp_path: Path) -> None:
    repo = Repo(tmp_path / "project")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("src/app.py", "X = 1\n")
    repo.write(
        "kb/notes.md",
        doc("Notes", sources="[meeting-notes.md, src/app.py]", updated="2026-07-02", body="x"),
    )
    repo.commit("base", "2026-07-01T12:00:00")
    assert not Brain.open(repo.path).update(dry_run=True).flagged
    # a source file fingerprinted, then deleted: the document is flagged, not archived
    Brain.open(repo.path).verify(["notes.md"])
    (repo.path / "src/app.py").unlink()
    flagged = Brain.open(repo.path).update(dry_run=True).flagged
    assert [(f.doc, f.archive) for f in flagged] == [("notes.md", False)]
    assert flagged[0].reason == "source src/app.py no longer exists"


def test_importing_again_brings_an_untouched_draft_up_to_date(tmp_path: Path) -> None:
    repo = imported_book(tmp_path)
    kb = repo.path / "kb"
    (kb / "enums.md").write_text(
        (kb / "enums.md").read_text(encoding="utf-8") + "\nA note of ours.\n", encoding="utf-8"
    )
    repo.commit("our note", "2026-07-03T12:00:00")
    repo.write("src/structs.md", STRUCTS + "\nA tuple struct has no field names.\n")
    repo.write("src/enums.md", ENUMS + "\nAn enum may hold data.\n")
    repo.commit("the book grows", "2026-07-04T12:00:00")
    noted = " ".join(Brain.open(repo.path).update(dry_run=True).notes)
    assert "2 drafts were imported from pages that changed since (enums.md, structs.md)" in noted
    planned = Brain.open(repo.path).import_docs(repo.path / "src", theme=".", dry_run=True)
    assert planned.refreshed == {"structs.md": "structs.md"}
    assert "tuple struct" not in (kb / "structs.md").read_text(encoding="utf-8")  # dry run
    report = Brain.open(repo.path).import_docs(repo.path / "src", theme=".")
    assert report.imported == {"structs.md": "structs.md"} == report.refreshed
    assert "1 of them replaced the draft" in views.import_text(report)
    structs = (kb / "structs.md").read_text(encoding="utf-8")
    assert "A tuple struct has no field names." in structs and "status: draft" in structs
    assert not (kb / "structs-2.md").exists()
    # the draft someone edited is left to them, and said to be
    why = {case.source: case.reason for case in report.skipped}
    assert why["enums.md"].startswith("imported as enums.md; the page changed since, and so")
    assert "An enum may hold data" not in (kb / "enums.md").read_text(encoding="utf-8")
    assert why["ownership.md"] == "already imported (it is in a document's sources)"
    # brought up to date, it is the page as imported now: nothing more to do next time
    again = Brain.open(repo.path).import_docs(repo.path / "src", theme=".")
    assert not again.imported and not again.refreshed


def notes_after_a_scan_and_a_change(
    tmp_path: Path, path: str, before: str, after: str
) -> list[str]:
    """update's notes once init --scan drafted a project holding ``path`` (and some code),
    and ``path`` then changed from ``before`` to ``after``, each step committed."""
    from mdbrain.service.bootstrap import init_from_code

    repo = Repo(tmp_path / "project")
    repo.write(path, before)
    repo.write("src/app.py", "def serve(port: int) -> None:\n    print(port)\n")
    repo.commit("code", "2026-07-01T12:00:00")
    init_from_code(repo.path, today=dt.date(2026, 7, 1))
    repo.commit("scan", "2026-07-02T12:00:00")
    repo.write(path, after)
    repo.commit("change", "2026-07-03T12:00:00")
    return Brain.open(repo.path).update(dry_run=True).notes


def test_a_scan_draft_whose_code_changed_is_not_said_imported(tmp_path: Path) -> None:
    """dotnet/designs: a draft init --scan drew from a CI workflow was said "imported from
    a page that changed since", and importing that file again failed: it is no page."""
    workflow = "name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
    notes = notes_after_a_scan_and_a_change(
        tmp_path,
        ".github/workflows/ci.yml",
        workflow + "      - run: make test\n",
        workflow + "      - run: make check\n",
    )
    assert not any("imported from" in note for note in notes)
    (drawn,) = [note for note in notes if "drawn from code that changed since" in note]
    assert drawn.startswith("1 draft was drawn") and "'mdbrain update --draft' draws" in drawn
    assert "init --scan" not in drawn  # which writes no draft in a base that exists


def test_a_scan_draft_quoting_a_readme_that_changed_is_not_said_imported(tmp_path: Path) -> None:
    """WebAssembly/design: the overview init --scan drew from the README was said
    "imported from a page that changed since", and importing the README again imported
    nothing; the note came back at every update."""
    readme = "# Widgets\n\nThis repository holds the widget service and its design notes.\n"
    notes = notes_after_a_scan_and_a_change(
        tmp_path, "README.md", readme, readme + "\nIt also serves gadgets.\n"
    )
    assert not any("imported from" in note for note in notes), notes
    assert any("drawn from code that changed since" in note for note in notes), notes
