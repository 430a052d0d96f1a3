"""Scanning a base: what is a document, what is skipped, and bad files on the way."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from mdbrain.core import marker
from mdbrain.core.links import Link
from mdbrain.store import cache, scan
from tests.conftest import MakeBase, doc

CONFIG = marker.loads('version: "1"\nroot: kb\nlang: en\n')


def ids(root: Path) -> list[str]:
    return [entry.id for entry in scan.scan(root, CONFIG, use_cache=False)[0].entries]


def test_documents_are_md_and_markdown_files_outside_drafts_hidden_and_reserved(
    make_base: MakeBase,
) -> None:
    root = make_base(
        {
            "a.md": doc(),
            "theme/b.markdown": doc(),
            "theme/sub/c.md": doc(),
            "_drafts/d.md": doc(),
            "theme/_wip.md": doc(),
            ".hidden/e.md": doc(),
            "notes.txt": "not markdown",
            "INDEX.md": "# generated",
            "OVERVIEW.md": "# generated",
            "theme/INDEX.md": "# shard",
            "theme/sub/INDEX.md": doc(),
        }
    )
    assert ids(root) == ["a.md", "theme/b.markdown", "theme/sub/INDEX.md", "theme/sub/c.md"]


def test_one_bad_file_is_reported_and_the_rest_is_indexed(make_base: MakeBase) -> None:
    root = make_base(
        {
            "good.md": doc(),
            "broken.md": "---\ntitle: [oops\n---\n",
            "latin1.md": b"---\ntitle: caf\xe9\n---\n",
            "empty.md": "",
            "dupes.md": "---\ntitle: a\ntitle: b\n---\n",
            "bom.md": "\ufeff" + doc(),
            "crlf.md": doc().replace("\n", "\r\n"),
        }
    )
    found, _ = scan.scan(root, CONFIG, use_cache=False)
    assert len(found) == 7
    problems = {(f.path, f.code, f.line) for f in found.all_findings()}
    assert ("broken.md", "E002", 2) in problems  # where the bracket opens
    assert ("latin1.md", "E005", 2) in problems
    assert ("empty.md", "E002", 1) in problems
    assert ("dupes.md", "E002", 3) in problems
    assert ("bom.md", "I001", 1) in problems
    assert not any(path in {"good.md", "crlf.md"} for path, _, _ in problems)
    assert found.get("crlf.md") is not None and found.get("crlf.md").title == "A doc"  # type: ignore[union-attr]


def test_names_with_spaces_and_accents_are_indexed(make_base: MakeBase) -> None:
    root = make_base({"Mon Thème/Écrit ça.md": doc()})
    assert ids(root) == ["Mon Thème/Écrit ça.md"]


def test_a_symlink_out_of_the_root_is_reported_and_not_followed(
    make_base: MakeBase, tmp_path: Path
) -> None:
    secret = tmp_path / "outside.md"
    secret.write_text(doc("outside"), encoding="utf-8")
    root = make_base({"in.md": doc()})
    os.symlink(secret, root / "leak.md")
    os.symlink(root / "in.md", root / "alias.md")
    os.symlink(tmp_path, root / "loop")
    found, _ = scan.scan(root, CONFIG, use_cache=False)
    assert [e.id for e in found.entries] == ["alias.md", "in.md"]
    codes = {(f.path, f.code) for f in found.findings}
    assert ("leak.md", "W007") in codes
    assert ("loop", "W007") in codes


def test_a_link_out_of_the_root_is_kept_apart_not_followed(make_base: MakeBase) -> None:
    root = make_base({"sub/a.md": doc(body="[x](../../outside.md) [y](../b.md)")})
    found, _ = scan.scan(root, CONFIG, use_cache=False)
    entry = found.entries[0]
    assert entry.files == (Link("../outside.md", 12),)  # from the root: the check looks there
    assert [target for target, _line in entry.links] == ["b.md"]
    assert entry.findings == ()


def test_an_edit_is_seen_by_the_next_scan_whatever_the_cache_holds(make_base: MakeBase) -> None:
    root = make_base({"a.md": doc("First"), "b.md": doc("Other")})
    old = 1_600_000_000
    for path in root.glob("*.md"):
        os.utime(path, (old, old))
    found, stats = scan.scan(root, CONFIG)
    assert stats.parsed == 2 and found.entries[0].title == "First"
    _, stats = scan.scan(root, CONFIG)
    assert stats.parsed == 0  # everything came from the cache
    (root / "a.md").write_text(doc("Second"), encoding="utf-8")
    os.utime(root / "a.md", (old + 5, old + 5))
    found, stats = scan.scan(root, CONFIG)
    assert stats.parsed == 1
    assert found.entries[0].title == "Second"


def test_a_file_written_during_the_scan_tick_is_never_trusted_from_the_cache(
    make_base: MakeBase,
) -> None:
    root = make_base({"a.md": doc("Fresh")})  # modification time: now
    scan.scan(root, CONFIG)
    _, stats = scan.scan(root, CONFIG)
    assert stats.parsed == 1


def test_a_planted_cache_cannot_run_code(make_base: MakeBase) -> None:
    root = make_base({"a.md": doc()})
    (root / ".mdbrain").mkdir()

    class Evil:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return (os.system, ("touch pwned",))

    (root / ".mdbrain" / "manifest.cache").write_bytes(pickle.dumps({"key": None, "x": Evil()}))
    found, _ = scan.scan(root, CONFIG)
    assert len(found) == 1
    assert not Path("pwned").exists()


def test_a_file_name_that_is_not_utf8_is_skipped_with_a_finding(make_base: MakeBase) -> None:
    root = make_base({"ok.md": doc()})
    with open(os.fsencode(root) + b"/bad\xff.md", "wb") as handle:
        handle.write(doc().encode())
    found, _ = scan.scan(root, CONFIG, use_cache=False)
    assert [e.id for e in found.entries] == ["ok.md"]
    assert [(f.code, f.path) for f in found.findings] == [("W007", "bad\ufffd.md")]


def test_parsing_in_several_processes_gives_the_same_entries(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs: dict[str, str | bytes] = {
        f"t{i % 3}/d{i}.md": doc(f"D{i}", body=f"[n](../t0/d{i + 1}.md)") for i in range(40)
    }
    docs["bad.md"] = b"\xff\xfe"
    root = make_base(docs)
    files, _ = scan.walk(root, CONFIG)
    alone = scan.read_all(files)
    monkeypatch.setattr(scan, "PARALLEL_MIN", 2)
    monkeypatch.setattr(scan, "_workers", lambda count: 3)
    shared = scan.read_all(files)
    assert shared == alone
    assert len(shared) == 41


def _squares(chunk: list[int]) -> list[int]:
    return [n * n for n in chunk]


@pytest.mark.parametrize("workers", [1, 3])
def test_mapped_work_comes_back_in_order_with_progress(
    monkeypatch: pytest.MonkeyPatch, workers: int
) -> None:
    monkeypatch.setattr(scan, "_workers", lambda count: workers)
    monkeypatch.setattr(scan, "CHUNK", 7)
    heard: list[tuple[int, int]] = []
    items = list(range(100))
    result = list(scan.mapped(_squares, items, lambda done, total: heard.append((done, total))))
    assert result == [n * n for n in items]
    assert heard[-1] == (100, 100) and len(heard) == 15
    assert [done for done, _total in heard] == sorted(done for done, _total in heard)


def test_the_search_index_built_in_several_processes_holds_the_same_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mdbrain.service.brain import Brain
    from tests.conftest import write_base

    pages: dict[str, str | bytes] = {
        f"t{i % 4}/p{i}.md": doc(f"Page {i}", body=f"## Part\n\nword{i} common") for i in range(30)
    }

    def rows(root: Path) -> list[tuple[object, ...]]:
        with Brain.open(root) as brain:
            db = brain.session.searcher().index.db
            found: list[tuple[object, ...]] = db.execute(
                "SELECT meta.id, meta.sections, docs.title, docs.body FROM meta"
                " JOIN docs ON docs.rowid = meta.rowid ORDER BY meta.id"
            ).fetchall()
            return found

    alone = rows(write_base(tmp_path / "alone", pages, None))
    monkeypatch.setattr(scan, "_workers", lambda count: 2 if count > 1 else 1)
    monkeypatch.setattr(scan, "CHUNK", 4)
    shared = rows(write_base(tmp_path / "shared", pages, None))
    assert len(alone) == 30
    assert shared == alone


def test_every_part_of_an_entry_comes_back_from_the_cache(make_base: MakeBase) -> None:
    # the cache and the parallel workers carry entries as plain tuples: a part left as
    # objects would make the allow-list unpickler refuse the whole cache
    body = "[doc](b.md) [up](../README.md)\n"
    root = make_base({"a.md": doc(body=body, related="[../../x.md]"), "b.md": doc()})
    found, _ = scan.scan(root, CONFIG, use_cache=False)
    entry = next(e for e in found.entries if e.id == "a.md")
    assert entry.links and entry.files and entry.findings
    back = cache.from_wire(cache.to_wire(entry))
    assert back == entry  # a named tuple equals a plain one: the types are asked apart
    assert [type(back.links[0]), type(back.files[0]), type(back.findings[0])] == [
        type(entry.links[0]),
        type(entry.files[0]),
        type(entry.findings[0]),
    ]
    cache.save_entries(root, {"a.md": ((1, 2, 3), entry)})
    assert cache.load_entries(root) == {"a.md": ((1, 2, 3), entry)}
