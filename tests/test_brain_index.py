"""`index` through the service: idempotence, reconciliation, shards, and safety."""

from __future__ import annotations

import datetime as dt
import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mdbrain.service.brain import Brain
from mdbrain.store import cache, files
from tests.conftest import MakeBase, doc

DERIVED = ("INDEX.md", "OVERVIEW.md", "RELATIONS.yaml")


def snapshot(root: Path) -> dict[str, tuple[bytes, int]]:
    return {
        name: ((root / name).read_bytes(), (root / name).stat().st_mtime_ns) for name in DERIVED
    }


def test_regenerating_an_unchanged_base_leaves_every_byte_and_mtime(make_base: MakeBase) -> None:
    root = make_base({"a.md": doc(body="[b](b.md)"), "b.md": doc()})
    brain = Brain.open(root, clock=lambda: dt.date(2030, 1, 1))
    first = brain.index()
    assert sorted(first.written) == sorted(DERIVED)
    before = snapshot(root)
    again = Brain.open(root, clock=lambda: dt.date(2031, 6, 6)).index()
    assert again.written == () and sorted(again.unchanged) == sorted(DERIVED)
    assert snapshot(root) == before


def test_without_dates_in_documents_the_first_date_is_kept_not_the_clock(
    make_base: MakeBase,
) -> None:
    root = make_base({"a.md": "---\ntitle: undated\n---\n"})
    Brain.open(root, clock=lambda: dt.date(2030, 1, 1)).index()
    report = Brain.open(root, clock=lambda: dt.date(2031, 1, 1)).index()
    assert report.written == ()
    assert 'generated: "2030-01-01"' in (root / "RELATIONS.yaml").read_text(encoding="utf-8")


def test_removing_the_last_link_removes_the_edge_but_related_keeps_it(make_base: MakeBase) -> None:
    root = make_base({"a.md": doc(body="See [b](b.md).", related="[b.md]"), "b.md": doc()})
    brain = Brain.open(root)
    brain.index()
    (root / "a.md").write_text(doc(body="No link now.", related="[b.md]"), encoding="utf-8")
    brain.index()
    relations = (root / "RELATIONS.yaml").read_text(encoding="utf-8")
    assert "  a.md:\n    links: []\n    related:\n      - b.md\n" in relations
    (root / "a.md").write_text(doc(body="No link now."), encoding="utf-8")
    report = brain.index()
    assert report.written == ("RELATIONS.yaml",)
    assert "  b.md:\n    links: []\n    related: []\n    linked_by: []\n" in (
        root / "RELATIONS.yaml"
    ).read_text(encoding="utf-8")


def test_shards_appear_above_the_threshold_and_go_when_no_longer_needed(
    make_base: MakeBase,
) -> None:
    marker = 'version: "1"\nroot: ./kb\nlang: en\nindex:\n  shard_threshold: 2\n'
    root = make_base({"api/a.md": doc(), "api/b.md": doc(), "ops/c.md": doc()}, marker)
    brain = Brain.open(root)
    assert "api/INDEX.md" in brain.index().written
    (root / "ops" / "c.md").unlink()
    report = Brain.open(root).index()
    assert sorted(report.removed) == ["api/INDEX.md", "ops/INDEX.md"]
    assert not (root / "api" / "INDEX.md").exists()
    assert (root / "INDEX.md").exists()


def test_a_hand_written_theme_index_is_never_deleted(make_base: MakeBase) -> None:
    root = make_base({"api/a.md": doc(), "api/INDEX.md": "# My own notes\n"})
    report = Brain.open(root).index()
    assert report.removed == ()
    assert (root / "api" / "INDEX.md").read_text(encoding="utf-8") == "# My own notes\n"


def test_index_writes_nothing_outside_the_root_even_with_escaping_links(
    make_base: MakeBase, tmp_path: Path
) -> None:
    root = make_base({"a.md": doc(body="[up](../../../x.md)")})
    outside = tmp_path / "elsewhere.md"
    outside.write_text(doc(), encoding="utf-8")
    os.symlink(outside, root / "link.md")
    before = {p for p in tmp_path.rglob("*") if not p.is_relative_to(root)}
    report = Brain.open(root).index()
    after = {p for p in tmp_path.rglob("*") if not p.is_relative_to(root)}
    assert before == after
    assert {f.code for f in report.findings} == {"W007"}  # W006 is the check's to say


def test_reading_the_manifest_never_touches_a_document(make_base: MakeBase) -> None:
    root = make_base({"a.md": doc(), "b.md": "---\ntitle: [bad\n---\n"})
    stamps = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in root.glob("*.md")}
    Brain.open(root).manifest()
    Brain.open(root).index()
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in stamps} == stamps


# --- the cheaper paths give exactly what a full regeneration gives -------------------

PAST = 1_600_000_000


def age(root: Path, seconds: int) -> None:
    """Give every file of the base a modification time in the past (no racy stamps)."""
    for path in root.rglob("*"):
        if path.is_file():
            os.utime(path, (PAST + seconds, PAST + seconds))


def age_file(path: Path, seconds: int) -> None:
    os.utime(path, (PAST + seconds, PAST + seconds))


def full_derivation(root: Path) -> dict[str, bytes]:
    brain = Brain.open(root)
    found = brain.manifest(use_cache=False)
    return {rel: text.encode() for rel, text in brain.derived(found).items()}


def on_disk(root: Path, names: dict[str, bytes]) -> dict[str, bytes]:
    return {rel: (root / rel).read_bytes() for rel in names}


def settled_base(make_base: MakeBase) -> Path:
    root = make_base(
        {
            "a.md": doc("A", body="See [b](b.md).", related="[c.md]"),
            "b.md": doc("B", body="Plain prose."),
            "c.md": doc("C", body="Back to [a](a.md)."),
        }
    )
    age(root, 0)
    Brain.open(root).index()
    age(root, 1)
    Brain.open(root).index()  # the outputs are old now: this run records the state
    return root


def test_an_unchanged_reindex_reads_no_derived_file_whose_stamp_can_vouch_for_it(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = settled_base(make_base)
    read: list[str] = []
    real_read = files.read

    def spy(folder: Path, rel: str, **kwargs: Any) -> bytes:
        read.append(rel)
        return real_read(folder, rel, **kwargs)

    monkeypatch.setattr(files, "read", spy)
    report = Brain.open(root).index()
    assert report.written == () and sorted(report.unchanged) == sorted(DERIVED)
    assert [rel for rel in read if rel in DERIVED] == []


def test_a_derived_file_edited_after_its_stamp_was_recorded_is_written_again(
    make_base: MakeBase,
) -> None:
    root = settled_base(make_base)
    index = root / "INDEX.md"
    index.write_text(index.read_text(encoding="utf-8") + "a line added by hand\n", encoding="utf-8")
    report = Brain.open(root).index()
    assert report.written == ("INDEX.md",)
    expected = full_derivation(root)
    assert on_disk(root, expected) == expected


def test_a_derived_file_just_written_is_checked_by_its_content_not_its_stamp(
    make_base: MakeBase,
) -> None:
    root = make_base({"a.md": doc("A"), "b.md": doc("B")})
    Brain.open(root).index()  # the outputs are too recent for their stamps to vouch
    assert cache.load_state(root)["stamps"] == {}  # type: ignore[index]
    index = root / "INDEX.md"
    before = index.stat()
    text = index.read_text(encoding="utf-8")
    assert "covers" in text
    index.write_text(text.replace("covers", "coverz"), encoding="utf-8")  # the same size
    os.utime(index, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert Brain.open(root).index().written == ("INDEX.md",)


def test_a_prose_edit_is_indexed_by_parsing_that_file_alone(make_base: MakeBase) -> None:
    root = settled_base(make_base)
    (root / "b.md").write_text(doc("B", body="Plain prose, and more of it."), encoding="utf-8")
    age_file(root / "b.md", 2)
    report = Brain.open(root).index()
    assert (report.parsed, report.written) == (1, ())
    expected = full_derivation(root)
    assert on_disk(root, expected) == expected


def test_an_edit_the_indexes_show_takes_the_full_path(make_base: MakeBase) -> None:
    root = settled_base(make_base)
    (root / "b.md").write_text(doc("B", summary='"A new summary."'), encoding="utf-8")
    age(root, 2)
    report = Brain.open(root).index()
    assert report.written == ("INDEX.md",)
    expected = full_derivation(root)
    assert on_disk(root, expected) == expected


def test_a_new_finding_in_an_edited_file_is_reported_on_the_quick_path(make_base: MakeBase) -> None:
    root = settled_base(make_base)
    (root / "b.md").write_text(doc("B", related="[../../x.md]"), encoding="utf-8")
    age_file(root / "b.md", 2)
    report = Brain.open(root).index()
    assert report.written == ()
    assert [(f.path, f.code) for f in report.findings] == [("b.md", "W006")]


EDITS = st.lists(
    st.tuples(
        st.sampled_from(["a.md", "b.md", "c.md", "d/e.md"]),
        st.sampled_from(["prose", "summary", "link", "unlink", "status", "delete", "broken"]),
    ),
    min_size=1,
    max_size=6,
)


def apply(root: Path, name: str, edit: str, step: int) -> None:
    path = root / name
    if edit == "delete":
        if path.exists():
            path.unlink()
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    texts = {
        "prose": doc(name, body=f"Prose number {step}."),
        "summary": doc(name, summary=f'"Summary {step}."'),
        "link": doc(name, body="[a](/a.md) [e](/d/e.md)"),
        "unlink": doc(name, body="No links."),
        "status": doc(name, status="deprecated"),
        "broken": "---\ntitle: [\n---\n",
    }
    path.write_text(texts[edit], encoding="utf-8")


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(EDITS)
def test_any_sequence_of_edits_ends_with_the_full_regeneration(
    make_base: MakeBase, edits: list[tuple[str, str]]
) -> None:
    root = make_base({"a.md": doc("a.md"), "b.md": doc("b.md"), "c.md": doc("c.md")})
    for rel in list(root.rglob("*.md")):
        rel.write_text(doc(rel.name), encoding="utf-8")
    for derived in DERIVED:
        (root / derived).unlink(missing_ok=True)
    cache_dir = root / ".mdbrain"
    if cache_dir.exists():
        for item in cache_dir.iterdir():
            item.unlink()
    age(root, 0)
    Brain.open(root).index()
    for step, (name, edit) in enumerate(edits, start=1):
        age(root, 2 * step)
        Brain.open(root).index()
        apply(root, name, edit, step)
        age(root, 2 * step + 1)
        Brain.open(root).index()
        expected = full_derivation(root)
        assert on_disk(root, expected) == expected, (name, edit)


def test_a_file_mdbrain_did_not_write_is_never_overwritten_nor_deleted(
    make_base: MakeBase,
) -> None:
    sharded = 'version: "1"\nroot: ./kb\nlang: en\nindex:\n  shard_threshold: 1\n'
    root = make_base(
        {
            "theme/a.md": doc("A", body="[b](b.md)"),
            "theme/b.md": doc("B", body="[a](a.md)"),
            "theme/INDEX.md": "# The team's own index of this folder\n",
        },
        sharded,
    )
    mine = (root / "theme" / "INDEX.md").read_bytes()
    with Brain.open(root) as brain:
        brain.index()
        report = brain.check()
    assert (root / "theme" / "INDEX.md").read_bytes() == mine  # sharding started: kept
    assert ("theme/INDEX.md", "W017") in {(f.path, f.code) for f in report.findings}
    (root.parent / ".rag").write_text('version: "1"\nroot: ./kb\nlang: en\n', encoding="utf-8")
    with Brain.open(root) as brain:
        brain.index()
    assert (root / "theme" / "INDEX.md").read_bytes() == mine  # sharding stopped: not deleted


def test_once_a_file_holding_a_derived_name_goes_index_writes_its_own(
    make_base: MakeBase,
) -> None:
    root = make_base({"a.md": doc("A"), "INDEX.md": "# Our own index\n"})
    with Brain.open(root) as brain:
        first = brain.index()
        assert first.held == ("INDEX.md",)
        assert (root / "INDEX.md").read_text(encoding="utf-8") == "# Our own index\n"
        (root / "INDEX.md").unlink()
        second = brain.index()
    assert "INDEX.md" in second.written and second.held == ()


def _synthesis_base(make_base: MakeBase, block: bool) -> Path:
    inside = "\n<!-- mdbrain:in-force -->\n<!-- /mdbrain:in-force -->\n" if block else ""
    root = make_base(
        {
            "rules/lockout.md": doc("Lockout", sources="[x]"),
            "rules/other.md": doc("Other", sources="[x]"),
            "summary.md": doc(
                "Summary", type="overview", body=f"Cites [l](rules/lockout.md).{inside}"
            ),
        }
    )
    age(root, 0)
    Brain.open(root).index()
    age(root, 1)
    Brain.open(root).index()
    return root


@pytest.mark.parametrize("block", [False, True])
def test_a_prose_edit_of_a_synthesis_page_whose_block_stays_takes_the_quick_path(
    make_base: MakeBase, block: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mdbrain.store import scan

    root = _synthesis_base(make_base, block)
    page = root / "summary.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nOne more sentence.\n", encoding="utf-8")
    age_file(page, 2)
    with monkeypatch.context() as patched:  # the full path would make the whole manifest

        def refused(*_args: object, **_kwargs: object) -> None:
            raise AssertionError("the full path was taken")

        patched.setattr(scan, "scan_files", refused)
        report = Brain.open(root).index()
    assert (report.parsed, report.written, report.refreshed) == (1, (), ())
    expected = full_derivation(root)
    assert on_disk(root, expected) == expected


def test_a_prose_edit_that_changes_a_synthesis_block_takes_the_full_path(
    make_base: MakeBase,
) -> None:
    root = _synthesis_base(make_base, block=True)
    page = root / "summary.md"
    text = page.read_text(encoding="utf-8").replace(".\n<!--", " and [o](rules/other.md).\n<!--", 1)
    page.write_text(text, encoding="utf-8")
    age_file(page, 2)
    report = Brain.open(root).index()
    assert report.refreshed == ("summary.md",)
    assert "rules/other.md" in page.read_text(encoding="utf-8").split("mdbrain:in-force")[1]


def test_a_link_above_a_deep_root_is_named_from_the_project_wherever_the_check_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = (
        "[guide](../guide.md) [gone](../../ROADMAP.md) [far](../../../far.md) [nul](../a%00.md)\n"
    )
    project = tmp_path / "project"
    root = project / "docs" / "kb"
    root.mkdir(parents=True)
    (project / ".rag").write_text('version: "1"\nroot: ./docs/kb\nlang: en\n', encoding="utf-8")
    (root / "a.md").write_text(doc(body=body), encoding="utf-8")
    (root / "b.md").write_text(doc(body="[a](a.md)", impl_refs='["src/a\\0b.py"]'), "utf-8")
    (project / "docs" / "guide.md").write_text("# Guide\n", encoding="utf-8")
    (tmp_path / "far.md").write_text("# Not the project's\n", encoding="utf-8")
    messages = []
    for where in (project, project / "docs", tmp_path):
        monkeypatch.chdir(where)
        found = Brain.open(root).check().findings
        messages.append(sorted(f.message for f in found if f.code == "W006"))
        assert any(f.code == "W003" and f.path == "b.md" for f in found)  # a NUL: no file
    assert (
        messages[0]
        == messages[1]
        == messages[2]
        == [
            "link to ../../../far.md (from the root) leaves the project's folder; not followed",
            "link to ROADMAP.md of the project, which is not there; not followed",
            "link to docs/a\x00.md of the project, which is not there; not followed",
        ]
    )


def test_a_link_above_the_root_is_reported_only_when_no_file_of_the_project_is_there(
    make_base: MakeBase, tmp_path: Path
) -> None:
    body = (
        "[readme](../../README.md) [guide](../../docs/GUIDE.md#setup)\n\n"
        "[gone](../../ROADMAP.md)\n\n[beyond](../../../elsewhere.md)\n"
    )
    root = make_base({"sub/a.md": doc(body=body)})
    project = root.parent
    (project / "README.md").write_text("# Project\n", encoding="utf-8")
    (project / "docs").mkdir()
    (project / "docs" / "GUIDE.md").write_text("# Guide\n", encoding="utf-8")
    (tmp_path / "elsewhere.md").write_text("# Not the project's\n", encoding="utf-8")
    brain = Brain.open(root)
    found = [(f.path, f.code, f.line) for f in brain.check().findings if f.code == "W006"]
    assert found == [("sub/a.md", "W006", 14), ("sub/a.md", "W006", 16)]
    (project / "README.md").unlink()  # the file goes, the document stays as it was
    found = [f.line for f in Brain.open(root).check().findings if f.code == "W006"]
    assert found == [12, 14, 16]


def test_a_link_or_image_to_a_file_that_is_gone_is_reported(make_base: MakeBase) -> None:
    """Code a page links to was deleted or moved, a diagram never added: the check says
    so (on alphagov/govuk-aws, a record linked to a Terraform file the repository had
    deleted, and nothing said it). Routes of a site (no suffix), paths from a root,
    addresses and template expressions are not files it can look for."""
    body = (
        "Run [the plan](../src/plan.tf) and [the app](../src/app.py#L3).\n\n"
        '![flow](img/flow.png) ![gone](img/gone.png) <img src="img/old.svg">\n\n'
        "[moved](../src/moved.py), [route](../about), [rooted](/img/x.png),"
        " [site](https://example.org/a.png), [tpl]({{ base }}/a.png).\n"
    )
    root = make_base({"a.md": doc(body=body)})
    project = root.parent
    (project / "src").mkdir()
    (project / "src" / "plan.tf").write_text("x\n", encoding="utf-8")
    (project / "src" / "app.py").write_text("x\n", encoding="utf-8")
    (root / "img").mkdir()
    (root / "img" / "flow.png").write_bytes(b"\x89PNG")
    found = [f for f in Brain.open(root).check().findings if f.code == "W006"]
    assert sorted(f.message for f in found) == [
        "link to kb/img/gone.png of the project, which is not there; not followed",
        "link to kb/img/old.svg of the project, which is not there; not followed",
        "link to src/moved.py of the project, which is not there; not followed",
    ]
    assert {f.line for f in found} == {14, 16}  # the body opens on line 12


def test_a_link_to_a_file_whose_accents_the_disk_spells_decomposed_leads_to_it(
    make_base: MakeBase,
) -> None:
    """betagouv/doc.demarches-simplifiees.fr: 136 warnings for screenshots that are
    there, "Capture d’écran ....png" stored with "é" as e and its accent, the links
    written either way."""
    import unicodedata

    decomposed = unicodedata.normalize("NFD", "capture d’écran.png")
    body = "![shot](assets/capture%20d’écran.png) ![same](<assets/capture d’e\u0301cran.png>)\n"
    root = make_base({"a.md": doc(body=body)})
    (root / "assets").mkdir()
    (root / "assets" / decomposed).write_bytes(b"\x89PNG")
    assert [f.message for f in Brain.open(root).check().findings if f.code == "W006"] == []
    (root / "assets" / decomposed).unlink()
    gone = [f for f in Brain.open(root).check().findings if f.code == "W006"]
    assert len(gone) == 1  # both spellings name one file, on one line


# --- a base read for the first time -------------------------------------------------


def _counting_reads(monkeypatch: pytest.MonkeyPatch, log: Path) -> Callable[[], Counter[str]]:
    """Log every read of a file through the scan and the search index, by name, in a file
    (a forked worker's reads count too); the counts of the documents named ``p*.md``."""
    from mdbrain.store import scan

    real = files.read_path

    def counting(path: Path, **kwargs: Any) -> bytes:
        with log.open("a", encoding="utf-8") as out:
            out.write(path.name + "\n")
        return real(path, **kwargs)

    monkeypatch.setattr(files, "read_path", counting)
    monkeypatch.setattr(scan, "read_path", counting)
    return lambda: Counter(
        name for name in log.read_text(encoding="utf-8").split() if name.startswith("p")
    )


@pytest.mark.parametrize("workers", [1, 2])
def test_a_first_index_reads_each_document_once_for_the_manifest_and_the_search_index(
    workers: int, make_base: MakeBase, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from mdbrain.store import scan

    pages = {
        f"t/p{i:02}.md": doc(f"Page {i}", f"About topic{i}, see [a](p00.md).") for i in range(9)
    }
    root = make_base(pages)
    age(root, 0)
    monkeypatch.setattr(scan, "_workers", lambda count: workers)
    reads = _counting_reads(monkeypatch, tmp_path / "reads.log")
    with Brain.open(root) as brain:
        report = brain.index()
        assert report.parsed == 9
        assert reads() == Counter({f"p{i:02}.md": 1 for i in range(9)})
        assert [found.hit.id for found in brain.search("topic5").hits] == ["t/p05.md"]
    # what that one reading made is what reading each file for itself makes
    with Brain.open(root) as fresh:
        assert fresh.manifest(use_cache=False).entries == Brain.open(root).manifest().entries


def test_a_first_index_with_files_too_recent_to_trust_still_indexes_them_all(
    make_base: MakeBase,
) -> None:
    root = make_base({f"p{i}.md": doc(f"Page {i}", f"Word{i} here.") for i in range(5)})
    with Brain.open(root) as brain:
        assert brain.index().parsed == 5
        assert [found.hit.id for found in brain.search("word3").hits] == ["p3.md"]
    assert (root / "INDEX.md").is_file()


def test_an_index_with_nothing_to_do_walks_the_base_once(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mdbrain.store import scan

    root = make_base({f"p{i}.md": doc(f"Page {i}") for i in range(4)})
    age(root, 0)
    Brain.open(root).index()
    walks: list[int] = []
    real = scan.walk
    monkeypatch.setattr(scan, "walk", lambda *a, **k: walks.append(1) or real(*a, **k))
    with Brain.open(root) as brain:
        assert brain.index().parsed == 0
    assert len(walks) == 1
