"""Hostile review, escapes: no writer may follow a link, a root or an option out of the base.

Each test plants the construct in a fresh copy of the demo project, runs the real
command line, and checks that nothing outside the base changed (the OUTSIDE folder's
names, bytes and times, and no new file beside the project), that the command ended
cleanly with a documented exit code, and that no document was lost.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile_base import (
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    LOGIN,
    SENTINELS,
    Hostile,
    assert_clean_error,
    assert_ended,
    new_hostile,
)


@pytest.fixture
def h(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Hostile:
    return new_hostile(tmp_path, tmp_path_factory)


# --- derived files and caches linked outside ----------------------------------------------


@pytest.mark.parametrize("name", ["INDEX.md", "OVERVIEW.md", "RELATIONS.yaml"])
def test_index_does_not_write_through_a_derived_file_symlinked_outside(
    h: Hostile, name: str
) -> None:
    h.link(name, h.outside / "x.txt")
    done = h.run("index")
    # refusing (3) or replacing the link itself by a regular file (0) are both safe
    h.assert_outside_unchanged()
    assert (h.outside / "x.txt").read_bytes() == SENTINELS["x.txt"]
    assert_ended(done, EXIT_OK, EXIT_REFUSED)
    h.assert_docs_unchanged()


@pytest.mark.parametrize("name", ["state.json", "entries.pickle"])
def test_index_does_not_write_through_a_cache_file_symlinked_outside(h: Hostile, name: str) -> None:
    h.link(f".mdbrain/{name}", h.outside / "x.txt")
    for other in {"state.json", "entries.pickle"} - {name}:
        (h.docs / ".mdbrain" / other).unlink()  # no shortcut: the full index runs
    (h.docs / LOGIN).write_bytes((h.docs / LOGIN).read_bytes() + b"\nOne more line.\n")
    h.remember()
    done = h.run("index")
    # a cache that cannot be written safely is only a cache: skipping it is fine
    h.assert_outside_unchanged()
    assert_ended(done, EXIT_OK, EXIT_REFUSED)
    h.assert_docs_unchanged()


def test_update_does_not_write_through_an_anchors_lock_symlinked_outside(h: Hostile) -> None:
    # a valid (empty) lock outside, so that update reads it and has something to write
    target = h.outside_file("anchors.json", b'{\n  "docs": {},\n  "version": 1\n}\n')
    h.link("ANCHORS.lock", target)
    login = h.docs / LOGIN  # a symbol anchor, whose fingerprint update records in the lock
    login.write_text(
        login.read_text(encoding="utf-8").replace(
            "impl_refs: [src/shop/auth/login.py,", "impl_refs: [src/shop/auth/login.py#log_in,"
        ),
        encoding="utf-8",
    )
    h.remember()
    done = h.run("update")
    h.assert_outside_unchanged()
    assert_ended(done, EXIT_OK, EXIT_REFUSED)


def test_the_whole_cache_folder_linked_outside_receives_nothing(h: Hostile) -> None:
    h.link(".mdbrain", h.outside / "dir")
    h.remember()
    for args in (("index",), ("query", "lockout"), ("check", "--format", "json")):
        done = h.run(*args)
        h.assert_outside_unchanged()
        assert_ended(done)
    h.assert_docs_unchanged()


# --- documents linked outside -----------------------------------------------------------


def test_write_doc_does_not_write_through_a_document_symlinked_outside(h: Hostile) -> None:
    h.link("evil.md", h.outside / "victim.md")
    done = h.run("write", "--doc", "evil.md", "--title", "Pwned")
    assert (h.outside / "victim.md").read_bytes() == SENTINELS["victim.md"]
    h.assert_outside_unchanged()
    assert_clean_error(done, EXIT_USAGE, EXIT_REFUSED)


def test_write_does_not_create_a_file_through_a_dangling_link(h: Hostile) -> None:
    h.link("new.md", h.outside / "created.md")
    h.remember()
    done = h.run("write", "--title", "New", "--summary", "A new page about nothing in particular.")
    # refusing, or writing the document elsewhere inside the base, are both safe
    assert not (h.outside / "created.md").exists()
    h.assert_outside_unchanged()
    assert_ended(done, EXIT_OK, EXIT_REFUSED)


# --- theme folders linked outside -------------------------------------------------------


def test_write_refuses_a_theme_folder_symlinked_outside(h: Hostile) -> None:
    h.link("ext", h.outside / "dir")
    h.remember()
    done = h.run(
        "write",
        "--theme",
        "ext",
        "--title",
        "Escaped page",
        "--summary",
        "A page that must land inside the base or nowhere.",
        "--source",
        "hostile review",
    )
    h.assert_outside_unchanged()
    assert_clean_error(done, EXIT_USAGE, EXIT_REFUSED)


def test_import_into_a_theme_folder_symlinked_outside_writes_nothing_outside(h: Hostile) -> None:
    source = h.tmp / "wiki"
    source.mkdir()
    (source / "page.md").write_text("# An old page\n\nImported from a wiki.\n", encoding="utf-8")
    h.link("ext", h.outside / "dir")
    h.remember()
    done = h.run("import", str(source), "--theme", "ext")
    h.assert_outside_unchanged()
    assert_ended(done, EXIT_OK, EXIT_USAGE, EXIT_REFUSED)


def test_init_scan_writes_no_draft_into_a_theme_folder_symlinked_outside(h: Hostile) -> None:
    # the scan of the demo's code plans drafts under auth/, security/, shop/ and project/
    for theme in ("auth", "security", "shop", "project"):
        h.link(theme, h.outside / "dir")
    h.remember()
    done = h.run("init", "--scan", timeout=20)
    h.assert_outside_unchanged()
    assert_ended(done, EXIT_OK, EXIT_USAGE, EXIT_REFUSED, bound=20)
    h.assert_docs_unchanged()


def test_mv_into_a_theme_folder_symlinked_outside_loses_no_document(h: Hostile) -> None:
    h.link("ext", h.outside / "dir")
    h.remember()
    done = h.run("mv", LOGIN, "ext/login.md")
    h.assert_outside_unchanged()
    h.assert_docs_unchanged()
    assert_clean_error(done, EXIT_USAGE, EXIT_REFUSED)
    h.assert_base_works("lockout")


def test_init_does_not_write_through_a_dangling_marker_link(h: Hostile) -> None:
    fresh = h.tmp / "fresh"
    fresh.mkdir()
    (fresh / ".rag").symlink_to(h.outside / "rag-target")
    h.remember()
    done = h.run("init", cwd=fresh)
    assert not (h.outside / "rag-target").exists()
    h.assert_outside_unchanged()
    assert_ended(done, EXIT_OK, EXIT_USAGE, EXIT_REFUSED)


# --- an option smuggled into git ------------------------------------------------------


def test_update_since_cannot_inject_a_git_option(h: Hostile) -> None:
    pwned = h.outside / "pwned"
    done = h.run("update", "--since", f"--output={pwned}")
    assert not list(h.outside.glob("pwned*"))
    h.assert_outside_unchanged()
    h.assert_docs_unchanged()
    assert_clean_error(done, EXIT_USAGE)


# --- a root that leaves the project -----------------------------------------------------


def _marker(h: Hostile, root_lines: str) -> None:
    text = (h.project / ".rag").read_text(encoding="utf-8")
    kept = "\n".join(line for line in text.splitlines() if not line.startswith("root:"))
    (h.project / ".rag").write_text(f"{kept}\n{root_lines}\n", encoding="utf-8")


@pytest.mark.parametrize(
    "root",
    ["absolute-outside", "parent", "duplicate-key"],
)
def test_a_marker_root_outside_the_project_is_refused(h: Hostile, root: str) -> None:
    lines = {
        "absolute-outside": f"root: {json.dumps(str(h.outside))}",
        "parent": "root: ..",
        "duplicate-key": f"root: docs\nroot: {json.dumps(str(h.outside))}",
    }[root]
    _marker(h, lines)
    h.remember()
    for args in (("index",), ("write", "--title", "Planted", "--summary", "Must go nowhere.")):
        done = h.run(*args)
        h.assert_outside_unchanged()
        assert_clean_error(done, EXIT_USAGE)
    h.assert_docs_unchanged()
