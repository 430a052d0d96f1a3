"""Hostile review, hangs: no input may stall a command.

Every command runs with a bound (10 s unless a test says otherwise); past it the
command is killed and the test fails as "hung". Children also run under a memory
limit, so that a runaway expansion fails with an error instead of filling the machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hostile_base import (
    EXIT_BUSY,
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    RULE,
    Hostile,
    Run,
    assert_clean_error,
    assert_ended,
    kill_group,
    new_hostile,
)


@pytest.fixture
def h(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Hostile:
    return new_hostile(tmp_path, tmp_path_factory)


FRONT = (
    '---\ntitle: "{title}"\nsummary: "{summary}"\ntype: fact\nstatus: stable\n'
    "tags: [hostile]\nupdated: 2026-07-01\n---\n\n"
)


def front(title: str, summary: str = "A hostile document planted by the review.") -> str:
    return FRONT.format(title=title, summary=summary)


def alias_bomb(levels: int = 9, width: int = 9) -> str:
    """YAML lines defining &a0 .. &a{levels-1}, each holding ``width`` copies of the one before:
    ``width ** levels`` leaves once expanded, a few hundred bytes as written."""
    lines = ["a0: &a0 [" + ", ".join(["lol"] * width) + "]"]
    for level in range(1, levels):
        lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * width) + "]")
    return "\n".join(lines)


def reported(done_out: str, doc_id: str) -> bool:
    return doc_id in done_out


# --- YAML alias bombs ---------------------------------------------------------------------


def test_an_alias_bomb_in_a_frontmatter_stalls_no_command(h: Hostile) -> None:
    bomb = alias_bomb()
    text = (
        f"---\ntype: fact\nstatus: stable\n{bomb}\n"
        "title: *a8\nsummary: *a8\ntags: *a8\nrelated: *a8\n---\n\n# Bomb\n\nlockout\n"
    )
    (h.docs / "bomb.md").write_text(text, encoding="utf-8")
    done = h.run("index")
    assert_ended(done, EXIT_OK)
    assert reported(done.out, "bomb.md"), str(done)
    h.assert_base_works("lockout")
    for args in (("show", "bomb.md"), ("search", "lockout"), ("check", "--no-fix")):
        assert_ended(h.run(*args))


def test_an_alias_bomb_in_the_marker_is_refused_at_once(h: Hostile) -> None:
    marker = h.project / ".rag"
    text = marker.read_text(encoding="utf-8").replace("stale_days: 90", "stale_days: *a8")
    marker.write_text(f"{alias_bomb()}\n{text}", encoding="utf-8")
    for args in (("index",), ("query", "lockout")):
        assert_clean_error(h.run(*args), EXIT_USAGE)


# --- the guards on big or odd text ----------------------------------------------------------


def test_the_secret_guard_on_two_megabytes_of_assignments_ends_in_time(h: Hostile) -> None:
    lines = 'password = "xxxxxxxxxx"\n' * 90_000  # 2.1 MB of placeholders: nothing to refuse
    body = h.tmp / "body.md"
    body.write_text(lines, encoding="utf-8")
    (h.docs / "assignments.md").write_text(front("Assignments") + lines, encoding="utf-8")
    done = h.run("index")
    assert_ended(done, EXIT_OK)
    done = h.run(
        "write",
        "--title",
        "Many assignments",
        "--summary",
        "Placeholders for every password of the test fixtures.",
        "--body-file",
        str(body),
    )
    assert_ended(done, EXIT_OK, EXIT_REFUSED)


def test_the_personal_data_guard_on_a_long_word_ends_in_time(h: Hostile) -> None:
    marker = h.project / ".rag"
    marker.write_text(
        marker.read_text(encoding="utf-8") + "guard:\n  personal_data: true\n", encoding="utf-8"
    )
    body = h.tmp / "body.md"
    body.write_text("# Long word\n\n" + "a" * 80_000 + "\n", encoding="utf-8")
    done = h.run(
        "write",
        "--title",
        "A very long word",
        "--summary",
        "One word of eighty thousand letters, and nothing personal.",
        "--body-file",
        str(body),
    )
    assert_ended(done, EXIT_OK, EXIT_REFUSED)


# --- documents shaped to be slow ----------------------------------------------------------


@pytest.mark.parametrize("shape", ["atx-headings", "setext-run"])
def test_a_document_of_100000_headings_is_shown_and_queried_in_time(h: Hostile, shape: str) -> None:
    if shape == "atx-headings":
        body = "".join(f"## Heading {i}\n" for i in range(100_000))
    else:  # a long run of lines that each underline the one before
        body = "Title\n" + "===\n---\n" * 100_000
    (h.docs / "headings.md").write_text(
        front("Headings everywhere") + body + "zebrafish\n", encoding="utf-8"
    )
    for args in (("show", "headings.md"), ("query", "zebrafish")):
        assert_ended(h.run(*args))


def test_pages_of_unclosed_tags_are_imported_and_queried_in_time(h: Hostile) -> None:
    """Template tags and HTML tags that never close, where a title or a heading is read."""
    source = h.tmp / "site"
    source.mkdir()
    pages = {
        "shortcodes.md": "# Shortcodes\n\n## Part " + "x {{<" * 20_000 + "\n\nzebrafish\n",
        "liquid.md": "# Liquid\n\n## Part " + "{% " * 30_000 + "\n\nzebrafish\n",
        "anchors.md": "<a" * 50_000 + "\n\n## Anchors\n\nzebrafish\n",
        "wiki.md": "# Wiki\n\n{{< code-toggle >}}\n[[menus.main]]\n" * 5_000 + "zebrafish\n",
    }
    for name, text in pages.items():
        (source / name).write_text(text, encoding="utf-8")
    assert_ended(h.run("import", str(source), "--theme", "site"), EXIT_OK, EXIT_REFUSED)
    assert_ended(h.run("query", "zebrafish"))


def test_init_scan_on_big_source_files_ends_in_time(h: Hostile) -> None:
    """Bound 20 s: the scan reads every tracked file of the project. Many small functions
    (one symbol per line), in files just under the 1 MB the scan reads whole."""
    js = "".join(
        f"export function handler{i}(a, b) {{ return a + b * {i}; }}\n" for i in range(16_300)
    )
    go = "package big\n\n" + "".join(
        f"func Handler{i}(v int) int {{ return v * {i} }}\n" for i in range(14_000)
    )
    (h.project / "src/web").mkdir()
    (h.project / "src/web/app.js").write_text(js, encoding="utf-8")
    (h.project / "src/big").mkdir()
    (h.project / "src/big/big.go").write_text(go, encoding="utf-8")
    assert 960_000 < len(js) < 1_000_000 and 660_000 < len(go) < 700_000
    h.git("add", "-A")
    h.git("commit", "-qm", "Big sources")
    done = h.run("init", "--scan", timeout=20)
    assert_ended(done, EXIT_OK, bound=20)


# --- files that are not regular files ---------------------------------------------------


def test_index_skips_a_fifo_named_like_a_document(h: Hostile) -> None:
    os.mkfifo(h.docs / "pipe.md")
    done = h.run("index")
    assert_ended(done, EXIT_OK)
    assert reported(done.out, "pipe.md"), str(done)
    h.assert_base_works()


def test_import_skips_a_fifo_page(h: Hostile) -> None:
    source = h.tmp / "wiki"
    source.mkdir()
    (source / "page.md").write_text("# A real page\n\nSome text.\n", encoding="utf-8")
    os.mkfifo(source / "pipe.md")
    done = h.run("import", str(source), "--theme", "wiki")
    assert_ended(done, EXIT_OK, EXIT_REFUSED)
    assert reported(done.out + done.err, "pipe.md"), str(done)


def test_write_doc_refuses_a_fifo(h: Hostile) -> None:
    os.mkfifo(h.docs / "pipe.md")
    done = h.run("write", "--doc", "pipe.md", "--title", "x")
    assert_clean_error(done, EXIT_USAGE, EXIT_REFUSED)
    assert (h.docs / "pipe.md").is_fifo()


def test_a_document_linked_to_dev_zero_is_never_read(h: Hostile) -> None:
    h.link("zero.md", "/dev/zero")
    done = h.run("index")
    assert_ended(done, EXIT_OK)
    assert reported(done.out, "zero.md"), str(done)
    for args in (("show", "zero.md"), ("write", "--doc", "zero.md", "--title", "x")):
        assert_clean_error(h.run(*args), EXIT_USAGE, EXIT_REFUSED)
    h.assert_base_works()


def test_the_first_query_after_a_50_megabyte_document_answers_in_time(h: Hostile) -> None:
    """Bound 20 s: the big document may be indexed by its frontmatter only, and reported."""
    line = "The quick brown fox jumps over the lazy dog, again and again and again.\n"
    with (h.docs / "huge.md").open("w", encoding="utf-8") as out:
        out.write(front("A huge page"))
        out.write(line * (50_000_000 // len(line)))
    done = h.run("query", "lockout", timeout=20)
    assert_ended(done, EXIT_OK, bound=20)
    assert RULE in done.out, str(done)


# --- a lock held by another process ------------------------------------------------------

HOLD = """
import sys, filelock
lock = filelock.FileLock(sys.argv[1], timeout=5)
lock.acquire()
print("held", flush=True)
sys.stdin.read()
"""


def _write_while_locked(h: Hostile) -> tuple[Run, int]:
    """``write`` while another process holds the base's lock; returns the run and the pid."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(h.docs / ".mdbrain" / "lock")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == b"held"
        done = h.run(
            "write",
            "--title",
            "Written while locked",
            "--summary",
            "Must not be written while another process holds the base.",
            "--source",
            "hostile review",
        )
    finally:
        kill_group(holder)
        holder.communicate()
    return done, holder.pid


def test_a_write_to_a_locked_base_gives_up_with_busy(h: Hostile) -> None:
    done, _ = _write_while_locked(h)
    h.assert_docs_unchanged()
    assert_clean_error(done, EXIT_BUSY)
    assert "lock" in done.err.lower() or "busy" in done.err.lower(), str(done)


def test_the_busy_message_names_the_process_holding_the_lock(h: Hostile) -> None:
    h.env["MDBRAIN_LOCK_WAIT"] = "1"  # the wait is not what this test is about
    done, pid = _write_while_locked(h)
    h.assert_docs_unchanged()
    assert_clean_error(done, EXIT_BUSY)
    assert str(pid) in done.err, f"the holder is process {pid}\n{done}"
