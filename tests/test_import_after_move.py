"""A move is no edit: the drafts ``mv`` rewrites (those linking to the moved document,
and the moved one itself) stay as their import wrote them, so that importing their
changed pages again still brings them up to date, with links to the moved document's
new place (found on open-telemetry/opentelemetry-specification: after a move of
glossary.md, the 15 drafts linking to it were never refreshed again)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from mdbrain.service.brain import Brain
from tests.test_update import Repo, imported_pages

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

GLOSSARY = "# Glossary\n\nA span is one operation. The [SDK](sdk.md) records them.\n"
SDK = "# SDK\n\nThe SDK records [spans](glossary.md) quickly.\n"
API = "# API\n\nThe API names [spans](glossary.md) and leaves them to the [SDK](sdk.md).\n"


def imported_and_moved(tmp_path: Path) -> Repo:
    """Three pages linking to each other, imported (the tests move glossary.md)."""
    pages = {"glossary.md": GLOSSARY, "sdk.md": SDK, "api.md": API}
    return imported_pages(tmp_path / "spec", "specification", pages)


def lock_of(repo: Repo) -> dict[str, dict[str, dict[str, str]]]:
    data = json.loads((repo.path / "kb" / "ANCHORS.lock").read_text(encoding="utf-8"))
    return data["docs"]  # type: ignore[no-any-return]


def test_a_draft_mv_rewrote_is_refreshed_with_links_to_the_new_place(tmp_path: Path) -> None:
    repo = imported_and_moved(tmp_path)
    kb = repo.path / "kb"
    moved = Brain.open(repo.path).move("glossary.md", "terms/glossary.md")
    assert moved.rewritten == ("api.md", "sdk.md")
    assert "[spans](terms/glossary.md)" in (kb / "sdk.md").read_text(encoding="utf-8")
    # the fingerprints follow: the moved one's to its new id, each still "as written"
    lock = lock_of(repo)
    assert "glossary.md" not in lock and "specification/glossary.md" in lock["terms/glossary.md"]
    shas = {e.id: e.sha for e in Brain.open(repo.path).session.manifest().entries}
    for doc_id, source in [("sdk.md", "sdk"), ("api.md", "api"), ("terms/glossary.md", "glossary")]:
        assert lock[doc_id][f"specification/{source}.md"]["written"] == shas[doc_id]
    repo.commit("move the glossary", "2026-07-03T12:00:00")
    repo.write("specification/sdk.md", SDK.replace("quickly", "slowly"))
    repo.commit("one word", "2026-07-04T12:00:00")

    planned = Brain.open(repo.path).import_docs(
        repo.path / "specification", theme=".", dry_run=True
    )
    assert planned.refreshed == {"sdk.md": "sdk.md"}
    assert not [case for case in planned.skipped if "compare them by hand" in case.reason]
    report = Brain.open(repo.path).import_docs(repo.path / "specification", theme=".")
    assert report.refreshed == {"sdk.md": "sdk.md"} == report.imported
    sdk = (kb / "sdk.md").read_text(encoding="utf-8")
    assert "slowly" in sdk and "[spans](terms/glossary.md)" in sdk  # the move applied again
    assert not (kb / "sdk-2.md").exists() and not (kb / "glossary.md").exists()
    assert not [f for f in Brain.open(repo.path).check().findings if f.code == "W001"]
    # the moved draft itself, its own links rewritten by the move, is refreshed in place
    repo.write("specification/glossary.md", GLOSSARY.replace("one operation", "one timed step"))
    repo.commit("reword the glossary", "2026-07-05T12:00:00")
    again = Brain.open(repo.path).import_docs(repo.path / "specification", theme=".")
    assert again.refreshed == {"glossary.md": "terms/glossary.md"}
    glossary = (kb / "terms" / "glossary.md").read_text(encoding="utf-8")
    assert "one timed step" in glossary and "[SDK](../sdk.md)" in glossary
    assert "[spans](terms/glossary.md)" in (kb / "api.md").read_text(encoding="utf-8")


def test_a_draft_edited_before_the_move_stays_edited(tmp_path: Path) -> None:
    repo = imported_and_moved(tmp_path)
    kb = repo.path / "kb"
    api = kb / "api.md"
    api.write_text(api.read_text(encoding="utf-8") + "\nA note of ours.\n", encoding="utf-8")
    repo.commit("our note", "2026-07-03T12:00:00")
    Brain.open(repo.path).move("glossary.md", "terms/glossary.md")
    repo.commit("move the glossary", "2026-07-04T12:00:00")
    repo.write("specification/api.md", API.replace("names", "calls"))
    repo.write("specification/sdk.md", SDK.replace("quickly", "slowly"))
    repo.commit("two words", "2026-07-05T12:00:00")
    report = Brain.open(repo.path).import_docs(repo.path / "specification", theme=".")
    assert report.refreshed == {"sdk.md": "sdk.md"}
    why = {case.source: case.reason for case in report.skipped}
    assert why["api.md"].startswith("imported as api.md; the page changed since, and so did")
    kept = api.read_text(encoding="utf-8")
    assert "A note of ours." in kept and "names [spans](terms/glossary.md)" in kept


def reasons_after_the_page_changed(repo: Repo, done: str) -> dict[str, str]:
    """Commit what was ``done`` to api.md's document, change the page, and say why an
    import of the pages again (planned only) skips each."""
    repo.commit(done, "2026-07-03T12:00:00")
    repo.write("specification/api.md", API.replace("names", "calls"))
    repo.commit("one word", "2026-07-05T12:00:00")
    report = Brain.open(repo.path).import_docs(repo.path / "specification", theme=".", dry_run=True)
    return {case.source: case.reason for case in report.skipped}


def test_a_draft_edited_with_write_is_named_when_its_page_changes(tmp_path: Path) -> None:
    """grpc/proposal: a draft edited with `write --doc`, its page changed after, was named
    nowhere: the write's fingerprints had replaced those the import took."""
    repo = imported_and_moved(tmp_path)
    Brain.open(repo.path).write({"doc": "api.md", "summary": "The API and what it names."})
    why = reasons_after_the_page_changed(repo, "our summary")
    assert why["api.md"].startswith("imported as api.md; the page changed since, and so did")
    notes = Brain.open(repo.path).update(dry_run=True).notes
    assert any("imported from a page that changed since (api.md)" in note for note in notes)


def test_the_lock_is_written_with_the_moved_documents_or_none_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mdbrain.core.errors import StorageError
    from tests.conftest import fail_writes

    repo = imported_and_moved(tmp_path)
    kb = repo.path / "kb"
    kept = [*kb.rglob("*.md"), kb / "ANCHORS.lock"]
    before = {p.relative_to(kb): p.read_bytes() for p in kept}
    fail_writes(monkeypatch, "ANCHORS.lock")
    with pytest.raises(StorageError, match="No space"):
        Brain.open(repo.path).move("glossary.md", "terms/glossary.md")
    monkeypatch.undo()
    after = {p.relative_to(kb): p.read_bytes() for p in [*kb.rglob("*.md"), kb / "ANCHORS.lock"]}
    assert after == before and not (kb / "terms").exists()


def test_links_check_fix_mends_are_no_edit_either(tmp_path: Path) -> None:
    repo = imported_and_moved(tmp_path)
    kb = repo.path / "kb"
    (kb / "terms").mkdir()
    repo.git("mv", "kb/glossary.md", "kb/terms/glossary.md")  # moved without mdbrain
    repo.commit("move the glossary by hand", "2026-07-03T12:00:00")
    fixed = Brain.open(repo.path).check(fix=True)
    assert {(r.code, r.path) for r in fixed.repairs} >= {("W001", "sdk.md"), ("W001", "api.md")}
    assert "terms/glossary.md" in lock_of(repo) and "glossary.md" not in lock_of(repo)
    repo.commit("mend the links", "2026-07-04T12:00:00")
    repo.write("specification/sdk.md", SDK.replace("quickly", "slowly"))
    repo.write("specification/glossary.md", GLOSSARY.replace("one operation", "one timed step"))
    repo.commit("two pages change", "2026-07-05T12:00:00")
    report = Brain.open(repo.path).import_docs(repo.path / "specification", theme=".")
    assert report.refreshed == {"sdk.md": "sdk.md", "glossary.md": "terms/glossary.md"}
    assert "[spans](terms/glossary.md) slowly" in (kb / "sdk.md").read_text(encoding="utf-8")
    glossary = (kb / "terms" / "glossary.md").read_text(encoding="utf-8")
    assert "one timed step" in glossary and "[SDK](../sdk.md)" in glossary


def test_links_a_later_import_leads_to_its_documents_are_no_edit(tmp_path: Path) -> None:
    repo = Repo(tmp_path / "spec")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("kb/.keep.md", "")
    repo.write("specification/glossary.md", GLOSSARY)
    repo.write("specification/sdk.md", SDK)
    repo.commit("the specification", "2026-07-01T12:00:00")
    kb = repo.path / "kb"
    Brain.open(repo.path).import_docs(repo.path / "specification" / "sdk.md", theme=".")
    assert "[spans](../specification/glossary.md)" in (kb / "sdk.md").read_text(encoding="utf-8")
    repo.commit("one page", "2026-07-02T12:00:00")
    Brain.open(repo.path).import_docs(repo.path / "specification", theme=".")
    assert "[spans](glossary.md)" in (kb / "sdk.md").read_text(encoding="utf-8")  # completed
    repo.commit("the rest", "2026-07-03T12:00:00")
    repo.write("specification/sdk.md", SDK.replace("quickly", "slowly"))
    repo.commit("one word", "2026-07-04T12:00:00")
    report = Brain.open(repo.path).import_docs(repo.path / "specification", theme=".")
    assert report.refreshed == {"sdk.md": "sdk.md"}
    assert "[spans](glossary.md) slowly" in (kb / "sdk.md").read_text(encoding="utf-8")


def test_a_verified_document_is_named_when_its_page_changes(tmp_path: Path) -> None:
    """vitejs/vite: a page changed after its document was verified was counted silently
    among the pages already imported: verify's fingerprint holds no import's "written"."""
    repo = imported_and_moved(tmp_path)
    Brain.open(repo.path).verify(["api.md"], sources=["read against the page"])
    why = reasons_after_the_page_changed(repo, "verified")
    assert why["api.md"].startswith("imported as api.md; the page changed since, and so did")
    assert why["sdk.md"].startswith("already imported")  # unchanged: said as before


def test_a_page_imported_in_force_is_refreshed_by_an_import_in_force(tmp_path: Path) -> None:
    """linkerd/rfc: records imported with --verified were never brought up to date, and
    the report said the document had been edited; it was as the import wrote it."""
    repo = Repo(tmp_path / "rfc")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("kb/.keep.md", "")
    repo.write("design/byop.md", "# Bring your own Prometheus\n\nIt is enabled by default.\n")
    repo.commit("the page", "2026-07-01T12:00:00")
    brain = Brain.open(repo.path)
    assert brain.import_docs(repo.path / "design", theme=".", verified=True).imported
    repo.commit("import it", "2026-07-02T12:00:00")
    repo.write("design/byop.md", "# Bring your own Prometheus\n\nIt is disabled by default.\n")
    repo.commit("one word", "2026-07-03T12:00:00")
    plain = Brain.open(repo.path).import_docs(repo.path / "design", theme=".", dry_run=True)
    assert not plain.refreshed
    [case] = plain.skipped
    assert "in force; the page changed since" in case.reason and "by hand" not in case.reason
    again = Brain.open(repo.path).import_docs(repo.path / "design", theme=".", verified=True)
    assert again.refreshed == {"byop.md": "byop.md"}
    text = (repo.path / "kb" / "byop.md").read_text(encoding="utf-8")
    assert "disabled" in text and "status: stable" in text


def test_an_import_in_force_puts_in_force_the_drafts_an_earlier_import_made(
    tmp_path: Path,
) -> None:
    """nats-io: a log imported once as drafts stayed drafts when imported again with
    --verified ("Would import 0 pages ... already imported"); a draft edited since is
    left to verify, and said so."""
    repo = Repo(tmp_path / "log")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("kb/.keep.md", "")
    for name, state in [
        ("0001-queues", "Accepted"),
        ("0002-codecs", "Proposed"),
        ("0003-cron", "Accepted"),
    ]:
        repo.write(
            f"adr/{name}.md",
            f"# {name[5:].title()}\n\n## Status\n\n{state}\n\n## Context\n\nWhy.\n\n## Decision\n\nYes.\n",
        )
    repo.commit("the log", "2026-07-01T12:00:00")
    assert len(Brain.open(repo.path).import_docs(repo.path / "adr", theme="adr").imported) == 3
    repo.commit("import it", "2026-07-02T12:00:00")
    cron = repo.path / "kb/adr/0003-cron.md"
    cron.write_text(cron.read_text(encoding="utf-8") + "\nEdited by hand.\n", encoding="utf-8")
    again = Brain.open(repo.path).import_docs(repo.path / "adr", theme="adr", verified=True)
    # the proposed one stays a draft, as it was: nothing replaced, nothing counted
    # (grpc/proposal: "72 of them replaced the draft", one page having changed)
    assert again.refreshed == {"0001-queues.md": "adr/0001-queues.md"}
    assert set(again.imported) == {"0001-queues.md"}
    status = {
        name: (repo.path / "kb/adr" / name)
        .read_text(encoding="utf-8")
        .split("status: ")[1]
        .split()[0]
        for name in ("0001-queues.md", "0002-codecs.md", "0003-cron.md")
    }
    assert status == {
        "0001-queues.md": "stable",
        "0002-codecs.md": "draft",
        "0003-cron.md": "draft",
    }
    [edited] = again.skipped
    assert "'mdbrain verify adr/0003-cron.md' puts it in force" in edited.reason


def test_a_page_flagged_by_update_alone_is_refreshed_by_an_import_in_force(
    tmp_path: Path,
) -> None:
    """grpc/proposal: after ``update`` flagged the record whose page changed, importing
    the page again with --verified was refused ("... and so did the document (edited or
    checked): compare them by hand"); only update's status and reason had changed."""
    repo = Repo(tmp_path / "rfc")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("kb/.keep.md", "")
    repo.write("design/retries.md", "# Retries\n\nA call is retried at most 5 times.\n")
    repo.commit("the page", "2026-07-01T12:00:00")
    assert (
        Brain.open(repo.path).import_docs(repo.path / "design", theme=".", verified=True).imported
    )
    repo.commit("import it", "2026-07-02T12:00:00")
    repo.write("design/retries.md", "# Retries\n\nA call is retried at most 7 times.\n")
    repo.commit("raise the attempts", "2026-07-03T12:00:00")
    flagged = Brain.open(repo.path).update()
    assert [flag.doc for flag in flagged.flagged] == ["retries.md"]
    again = Brain.open(repo.path).import_docs(repo.path / "design", theme=".", verified=True)
    assert again.refreshed == {"retries.md": "retries.md"}
    text = (repo.path / "kb" / "retries.md").read_text(encoding="utf-8")
    assert "7 times" in text and "status: stable" in text and "review_reason" not in text
    # a word of the document changed too: that is an edit, left to the person
    repo.write("design/retries.md", "# Retries\n\nA call is retried at most 9 times.\n")
    repo.commit("raise them again", "2026-07-04T12:00:00")
    assert Brain.open(repo.path).update().flagged
    page = repo.path / "kb" / "retries.md"
    page.write_text(page.read_text(encoding="utf-8").replace("7 times", "seven times"))
    edited = Brain.open(repo.path).import_docs(repo.path / "design", theme=".", verified=True)
    assert not edited.refreshed and "by hand" in edited.skipped[0].reason


def test_a_page_moved_and_retitled_since_its_import_is_not_imported_again(
    tmp_path: Path,
) -> None:
    """kubernetes/enhancements: after `mv` of a KEP's README, titled from the kep.yaml
    beside it, importing the folder again made the page a second time: neither its
    file's name nor its title was the page's any more, though the lock said the import
    had written it from that page."""
    repo = imported_and_moved(tmp_path)
    kb = repo.path / "kb"
    brain = Brain.open(repo.path)
    brain.move("glossary.md", "terms/words.md")
    text = (kb / "terms/words.md").read_text(encoding="utf-8")
    (kb / "terms/words.md").write_text(text.replace("title: Glossary", "title: Words"), "utf-8")
    assert "title: Words" in (kb / "terms/words.md").read_text(encoding="utf-8")
    repo.commit("move and retitle the glossary", "2026-07-03T12:00:00")
    report = Brain.open(repo.path).import_docs(repo.path / "specification", theme=".")
    assert not report.imported
    assert not (kb / "glossary.md").exists()
