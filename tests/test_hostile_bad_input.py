"""Hostile review, bad input: one bad file or argument gives a clear message, never a
traceback, and never stops the run: the other documents are still indexed and queried,
and the bad one is reported with its path."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest

from tests.hostile_base import (
    EXIT_BUSY,
    EXIT_INTERNAL,
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    LOGIN,
    Hostile,
    HungError,
    Run,
    assert_clean_error,
    assert_ended,
    assert_no_traceback,
    new_hostile,
)


@pytest.fixture
def h(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Hostile:
    return new_hostile(tmp_path, tmp_path_factory)


HEAD = "---\ntitle: Bad\nsummary: A bad frontmatter.\ntype: fact\nstatus: stable\ntags: [x]\n"


def _plant(h: Hostile, rel: str, text: str) -> None:
    path = h.docs / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    an_hour_ago = time.time() - 3600  # an old file, as in a clone: the caches trust it
    os.utime(path, (an_hour_ago, an_hour_ago))


def _indexed_and_reported(h: Hostile, bad: str) -> None:
    """Every command ends cleanly, ``index`` names the bad document, and the rest of the
    base answers."""
    done = h.run("index")
    runs = [done, h.run("query", "lockout"), h.run("show", bad), h.run("search", "zebrafish")]
    for run in runs:
        assert_no_traceback(run)
    report = h.check_json()
    assert_ended(done, EXIT_OK)
    assert bad in done.out, str(done)
    assert any(f["path"] == bad for f in report["findings"]), report
    h.assert_base_works()


# --- frontmatters that break a YAML reader -------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value"),
    [
        pytest.param("big", "7" * 5000, id="5000-digit-integer"),
        pytest.param("deep", "[" * 500 + "]" * 500, id="500-deep-list"),
        pytest.param("title", "&x [*x]", id="self-referencing-alias"),
    ],
)
def test_a_frontmatter_that_breaks_yaml_is_reported_and_the_rest_indexed(
    h: Hostile, key: str, value: str
) -> None:
    fields = {"title": "Bad", "summary": "A bad frontmatter.", "type": "fact", "tags": "[x]"}
    fields[key] = value
    head = "".join(f"{k}: {v}\n" for k, v in fields.items())
    _plant(h, "bad.md", f"---\n{head}---\n\n# Bad\n\nzebrafish\n")
    shutil.rmtree(h.docs / ".mdbrain")  # as in a fresh clone: every cache is rebuilt
    _indexed_and_reported(h, "bad.md")


def test_an_impl_ref_to_proc_is_reported_not_followed(h: Hostile) -> None:
    # outside git (an exported tarball), update compares the files' own modification times
    shutil.rmtree(h.project / ".git")
    _plant(h, "proc.md", f"{HEAD}updated: 2026-07-01\nimpl_refs: [/proc]\n---\n\n# Proc\n")
    runs = [h.run("update"), h.run("index"), h.run("show", "proc.md"), h.run("review")]
    for done in runs:
        assert_ended(done, EXIT_OK)
    report = h.check_json()
    assert any(f["path"] == "proc.md" for f in report["findings"]), report
    h.assert_base_works()


def test_a_nul_in_an_impl_ref_of_a_json_payload_is_refused(h: Hostile) -> None:
    payload = h.tmp / "payload.json"
    payload.write_text(
        json.dumps(
            {
                "title": "Nul in a path",
                "summary": "An impl_ref holding a NUL character.",
                "impl_refs": ["src/a\u0000b.py"],
            }
        ),
        encoding="utf-8",
    )
    done = h.run("write", "--input", str(payload))
    h.assert_docs_unchanged()
    assert_clean_error(done, EXIT_USAGE)


def test_init_scan_survives_a_deeply_nested_python_expression(h: Hostile) -> None:
    (h.project / "src/shop/deep.py").write_text(
        "TOTAL = " + " + ".join(["1"] * 100_000) + "\n", encoding="utf-8"
    )
    h.git("add", "-A")
    h.git("commit", "-qm", "A deep expression")
    done = h.run("init", "--scan", timeout=20)
    assert_ended(done, EXIT_OK, bound=20)


@pytest.mark.parametrize(
    "lock",
    [
        pytest.param('{"version": 1, "docs": [', id="truncated-json"),
        pytest.param(
            '{"version": 1, "docs": {"features/login.md": "x"}}', id="entry-not-a-mapping"
        ),
        pytest.param(
            '{"version": 1, "docs": {"features/login.md": {"src/shop/auth/login.py#log_in": 7}}}',
            id="anchor-not-a-mapping",
        ),
    ],
)
def test_update_with_a_malformed_anchors_lock_reports_it(h: Hostile, lock: str) -> None:
    login = h.docs / LOGIN  # a symbol anchor, so that update reads the lock's entry for it
    login.write_text(
        login.read_text(encoding="utf-8").replace(
            "impl_refs: [src/shop/auth/login.py,", "impl_refs: [src/shop/auth/login.py#log_in,"
        ),
        encoding="utf-8",
    )
    (h.docs / "ANCHORS.lock").write_text(lock, encoding="utf-8")
    done = h.run("update")
    assert_no_traceback(done)
    if done.code != EXIT_OK:
        assert_clean_error(done, EXIT_USAGE, EXIT_INTERNAL)
    assert "ANCHORS.lock" in done.out + done.err, str(done)
    h.assert_base_works()


# --- arguments ------------------------------------------------------------------------------


def test_non_utf8_arguments_are_refused_cleanly(h: Hostile) -> None:
    bad = b"\xff\xfe"
    for args in (
        ("query", bad),
        ("show", bad + b".md"),
        ("write", "--title", b"Caf\xe9 " + bad, "--summary", "Not UTF-8.", "--source", "x"),
        ("mv", LOGIN, b"features/" + bad + b".md"),
    ):
        done = h.run(*args)
        assert_ended(done, EXIT_OK, EXIT_USAGE)
    h.assert_docs_unchanged()
    assert h.unparseable() == set()


def test_a_non_utf8_json_payload_is_refused_cleanly(h: Hostile) -> None:
    payload = h.tmp / "payload.json"
    payload.write_bytes(b'{"title": "Caf\xe9", "summary": "Latin-1, not UTF-8."}')
    done = h.run("write", "--input", str(payload))
    h.assert_docs_unchanged()
    assert_clean_error(done, EXIT_USAGE)


def test_a_huge_limit_is_refused_or_honoured_cleanly(h: Hostile) -> None:
    done = h.run("query", "lockout", "--limit", "99999999999999999999")
    assert_ended(done, EXIT_OK, EXIT_USAGE)


def test_a_300_character_title_is_written_or_refused_cleanly(h: Hostile) -> None:
    title = "Sessions " + " ".join(["expire"] * 42)  # over 300 characters, and as long a slug
    assert len(title) >= 300
    done = h.run("write", "--title", title, "--summary", "A long name.", "--source", "x")
    assert_ended(done, EXIT_OK, EXIT_USAGE)
    assert h.unparseable() == set()


def test_a_move_to_a_300_character_name_is_refused_cleanly(h: Hostile) -> None:
    done = h.run("mv", LOGIN, "features/" + "n" * 300 + ".md")
    h.assert_docs_unchanged()
    assert_clean_error(done, EXIT_USAGE)
    h.assert_base_works()


# --- marker values out of range ---------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new"),
    [
        pytest.param("stale_days: 90", "stale_days: 99999999999999999999", id="stale-days"),
        pytest.param("manifest: INDEX.md", 'manifest: "IN\\0DEX.md"', id="nul-in-index-name"),
    ],
)
def test_a_marker_value_out_of_range_is_a_marker_error(h: Hostile, old: str, new: str) -> None:
    marker = h.project / ".rag"
    text = marker.read_text(encoding="utf-8")
    assert old in text
    marker.write_text(text.replace(old, new), encoding="utf-8")
    for args in (("index",), ("check",), ("query", "lockout")):
        done = h.run(*args)
        assert_clean_error(done, EXIT_USAGE)
        assert ".rag" in done.err, str(done)


# --- a base that cannot be written, or whose caches are broken ------------------------------


def _read_only_runner(h: Hostile) -> None:
    """Run the commands with the knowledge root mounted read-only (a private mount
    namespace as root, where permissions do not bind; plain permissions otherwise)."""
    if os.geteuid() != 0:
        for path in [h.docs, *h.docs.rglob("*")]:
            path.chmod(path.stat().st_mode & ~0o222)
        return
    if shutil.which("unshare") is None:
        pytest.skip("running as root without unshare: a read-only base cannot be made")
    probe = subprocess.run(
        ["unshare", "--mount", "true"], capture_output=True, timeout=10, check=False
    )
    if probe.returncode != 0:
        pytest.skip("running as root without mount namespaces: a read-only base cannot be made")
    docs = str(h.docs)
    h.prefix = [
        "unshare",
        "--mount",
        "--propagation",
        "private",
        "sh",
        "-c",
        f'mount --bind "{docs}" "{docs}" && mount -o remount,bind,ro "{docs}" "{docs}"'
        ' && exec "$@"',
        "sh",
    ]


def test_a_read_only_base_still_answers_and_refuses_writes_cleanly(h: Hostile) -> None:
    login = h.docs / LOGIN
    login.write_bytes(login.read_bytes() + b"\nA change the caches have not seen.\n")
    shutil.rmtree(h.docs / ".mdbrain")
    h.remember()
    _read_only_runner(h)
    probe = h.run("index")
    assert_ended(probe, EXIT_OK, EXIT_INTERNAL)
    done = h.assert_base_works()
    assert done.code == EXIT_OK
    write = h.run("write", "--title", "Read only", "--summary", "Cannot be written.")
    assert_clean_error(write, EXIT_INTERNAL)
    h.prefix = []
    h.assert_docs_unchanged()


def test_an_index_file_that_is_a_folder_stops_nothing(h: Hostile) -> None:
    (h.docs / "INDEX.md").unlink()
    (h.docs / "INDEX.md").mkdir()
    done = h.run("index")
    assert_ended(done, EXIT_OK, EXIT_REFUSED, EXIT_INTERNAL)
    h.assert_base_works()


def test_a_cache_folder_that_is_a_file_stops_nothing(h: Hostile) -> None:
    shutil.rmtree(h.docs / ".mdbrain")
    (h.docs / ".mdbrain").write_text("not a folder\n", encoding="utf-8")
    done = h.run("index")
    assert_ended(done, EXIT_OK, EXIT_REFUSED, EXIT_INTERNAL)
    h.assert_base_works()
    assert h.check_json()["documents"] == 7


def _wrong_shapes(path: Path) -> bytes:
    """The cache's own key kept (so that it is trusted), every other value of a wrong type."""
    state = json.loads(path.read_text(encoding="utf-8"))
    return json.dumps({k: (v if k == "key" else 7) for k, v in state.items()}).encode()


CORRUPTIONS = {
    "sqlite-random-bytes": ("search.sqlite", lambda p: os.urandom(40_000)),
    "sqlite-truncated": ("search.sqlite", lambda p: p.read_bytes()[:8192]),
    "state-garbage": ("state.json", lambda p: b"{garbage" + os.urandom(200)),
    "state-wrong-shapes": ("state.json", _wrong_shapes),
}


@pytest.mark.parametrize("corruption", sorted(CORRUPTIONS))
def test_a_corrupt_cache_is_rebuilt(h: Hostile, corruption: str) -> None:
    name, corrupt = CORRUPTIONS[corruption]
    path = h.docs / ".mdbrain" / name
    path.write_bytes(corrupt(path))
    runs = [h.run("query", "lockout"), h.run("index"), h.run("search", "lockout")]
    for done in runs:
        assert_ended(done, EXIT_OK)
    h.assert_base_works()


# --- an index racing a move ------------------------------------------------------------


RACE_BUDGET_S = 10.0


def test_index_racing_mv_shows_no_traceback(h: Hostile) -> None:
    """A document moved back and forth (up to 60 rounds, stopping after 10 s to keep the
    suite short) while another process indexes the base in a loop."""
    other = "features/sign-in.md"
    moves: list[Run] = []
    indexes: list[Run] = []
    hung: list[str] = []
    finished = threading.Event()

    def index_in_a_loop() -> None:
        try:
            while not finished.is_set():
                indexes.append(h.run("index"))
        except HungError as exc:
            hung.append(str(exc))

    indexer = threading.Thread(target=index_in_a_loop)
    indexer.start()
    started = time.monotonic()
    try:
        for round_ in range(60):
            if time.monotonic() - started > RACE_BUDGET_S:
                break
            old, new = (LOGIN, other) if round_ % 2 == 0 else (other, LOGIN)
            moves.append(h.run("mv", old, new))
    finally:
        finished.set()
        indexer.join(timeout=30)
    assert not hung, hung
    for done in moves + indexes:
        assert_no_traceback(done)
        assert done.code in (EXIT_OK, EXIT_BUSY), str(done)
    assert len(moves) >= 6 and indexes, (len(moves), len(indexes))
    if len(moves) % 2:
        assert_ended(h.run("mv", other, LOGIN), EXIT_OK)
    assert (h.docs / LOGIN).is_file() and not (h.docs / other).exists()
    h.assert_docs_unchanged()
    assert h.check_json()["documents"] == 7
    h.assert_base_works()
