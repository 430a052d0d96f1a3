"""Hostile review, data loss: no setting, move or text may overwrite or break a document."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile_base import (
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    LOGIN,
    SESSION,
    Hostile,
    assert_clean_error,
    assert_ended,
    new_hostile,
)

# C1 controls and DEL: YAML does not allow them raw in a document (U+0085 is a line break)
CONTROLS = "\x7f\x80\x9b\x9f"


@pytest.fixture
def h(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Hostile:
    return new_hostile(tmp_path, tmp_path_factory)


def _index_settings(h: Hostile, settings: str) -> None:
    marker = h.project / ".rag"
    text = marker.read_text(encoding="utf-8")
    head = text.split("index:", 1)[0]
    marker.write_text(f"{head}index: {settings}\n", encoding="utf-8")


# --- index file names that are documents ----------------------------------------------


def test_an_index_shard_named_like_a_document_does_not_overwrite_it(h: Hostile) -> None:
    _index_settings(h, "{manifest: login.md, shard_threshold: 1}")
    done = h.run("index")
    h.assert_docs_unchanged()
    # refusing the marker (2), or the write (3), or naming the shard otherwise (0)
    assert_ended(done, EXIT_OK, EXIT_USAGE, EXIT_REFUSED)


def test_an_overview_named_like_a_document_does_not_overwrite_it(h: Hostile) -> None:
    keep = h.docs / "keep-me.md"
    keep.write_bytes((h.docs / LOGIN).read_bytes().replace(b"Log in with", b"Keep me:"))
    h.remember()
    _index_settings(h, "{overview: keep-me.md}")
    done = h.run("index")
    h.assert_docs_unchanged()
    assert keep.read_bytes().startswith(b"---\ntitle: Keep me:")
    assert_ended(done, EXIT_OK, EXIT_USAGE, EXIT_REFUSED)


# --- a move under a document ----------------------------------------------------------


def test_mv_under_a_document_path_is_refused_before_any_link_is_rewritten(h: Hostile) -> None:
    done = h.run("mv", SESSION, f"{LOGIN}/x.md")
    h.assert_docs_unchanged()
    assert_clean_error(done, EXIT_USAGE)
    h.assert_base_works()


# --- control characters reaching a frontmatter ------------------------------------------


def test_write_title_with_control_characters_leaves_every_document_parseable(h: Hostile) -> None:
    done = h.run(
        "write",
        "--title",
        f"Carts{CONTROLS} expire after a day",
        "--summary",
        "Abandoned carts are emptied after twenty-four hours.",
        "--source",
        "hostile review",
    )
    assert h.unparseable() == set()
    assert_ended(done, EXIT_OK, EXIT_USAGE)


def test_supersede_reason_with_control_characters_leaves_every_document_parseable(
    h: Hostile,
) -> None:
    old = "decisions/server-side-sessions.md"
    new = "decisions/keep-sessions-in-redis-with-a-one-hour-idle-timeout.md"
    # the demo already superseded it: undo that, so that the command has work to do
    done = h.run("supersede", SESSION, "--by", new, "--reason", f"moved{CONTROLS} to redis")
    assert h.unparseable() == set()
    assert_ended(done, EXIT_OK, EXIT_USAGE)
    done = h.run("supersede", old, "--by", LOGIN, "--reason", f"again{CONTROLS}")
    assert h.unparseable() == set()
    assert_ended(done, EXIT_OK, EXIT_USAGE, EXIT_REFUSED)


def test_update_copying_a_commit_subject_with_control_characters_leaves_documents_parseable(
    h: Hostile,
) -> None:
    code = h.project / "src/shop/auth/login.py"
    code.write_text(code.read_text(encoding="utf-8") + "\n# tuned\n", encoding="utf-8")
    h.git("add", "-A")
    h.git("commit", "-qm", f"Tune{CONTROLS} the log-in")
    assert CONTROLS[1] in h.git("log", "-1", "--format=%s")
    done = h.run("update", "--json")
    assert h.unparseable() == set()
    assert_ended(done, EXIT_OK)
