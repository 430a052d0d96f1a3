"""`index` through the service: idempotence, reconciliation, shards, and safety."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

from mdbrain.service.brain import Brain
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
    assert {f.code for f in report.findings} == {"W006", "W007"}


def test_reading_the_manifest_never_touches_a_document(make_base: MakeBase) -> None:
    root = make_base({"a.md": doc(), "b.md": "---\ntitle: [bad\n---\n"})
    stamps = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in root.glob("*.md")}
    Brain.open(root).manifest()
    Brain.open(root).index()
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in stamps} == stamps
