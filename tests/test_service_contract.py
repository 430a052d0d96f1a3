"""The service contract, seen by a caller that is not the command line.

`Brain` is called directly (as the MCP server and library users do): every
operation checks the names it is given, raises typed errors that carry data,
never reads or writes outside the base, keeps a warm session, and can be
shared by threads.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mdbrain.core.errors import (
    EXIT_BUSY,
    EXIT_REFUSED,
    EXIT_USAGE,
    BusyError,
    DuplicateError,
    InvalidRequestError,
    MdbrainError,
    NotFoundError,
    OutsideBaseError,
    StaleReadError,
    UnsafePathError,
)
from mdbrain.service.brain import Brain
from mdbrain.service.writing import WriteRequest
from tests.conftest import MakeBase, doc

HOSTILE_IDS = [
    "../outside.md",
    "../../outside.md",
    "a/../../outside.md",
    "/etc/passwd.md",
    "/tmp/outside.md",
    "..%2foutside.md",
    "%2e%2e/outside.md",
    "a\\..\\..\\outside.md",
    "C:\\outside.md",
    "x\x00.md",
    "",
    "   ",
    ".hidden.md",
    "_draft.md",
    "x" * 300 + ".md",
    "ext/planted.md",  # a theme folder that is a link leading outside
    "evil.md",  # a document that is a link leading outside
    "dangling.md",  # a link to a file outside that does not exist yet
]


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    out = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            out[str(path.relative_to(folder))] = (path.read_bytes(), path.stat().st_mtime_ns)
    return out


@pytest.fixture
def hostile(make_base: MakeBase, tmp_path: Path) -> tuple[Path, Path]:
    """A base with links leading outside it, and the outside folder they lead to."""
    outside = tmp_path / "outside"
    (outside / "dir").mkdir(parents=True)
    (outside / "victim.md").write_text(doc("Victim", sources="[x]"), encoding="utf-8")
    (outside / "dir" / "keep.txt").write_text("keep", encoding="utf-8")
    root = make_base(
        {
            "a.md": doc("Alpha", sources="[x]", body="See [b](b.md)."),
            "b.md": doc("Beta", sources="[x]", type="overview", body="Cites [a](a.md)."),
            "c.md": doc("Gamma", sources="[x]", contradicts="[a.md]"),
        }
    )
    os.symlink(outside / "dir", root / "ext")
    os.symlink(outside / "victim.md", root / "evil.md")
    os.symlink(outside / "created.md", root / "dangling.md")
    return root, outside


def operations(bad: Any) -> list[tuple[str, Callable[[Brain], object]]]:
    """Every operation of the service that takes a name, given ``bad`` in that place."""
    ok = "a.md"
    return [
        ("write doc", lambda b: b.write(WriteRequest(doc=bad, title="Pwned"))),
        ("write related", lambda b: b.write({"title": "T1", "summary": "s", "related": [bad]})),
        (
            "write supersedes",
            lambda b: b.write({"title": "T2", "summary": "s", "supersedes": [bad]}),
        ),
        ("write impl_refs", lambda b: b.write({"title": "T3", "summary": "s", "impl_refs": [bad]})),
        ("write theme", lambda b: b.write({"title": "T4", "summary": "s", "theme": bad})),
        ("supersede old", lambda b: b.supersede(bad, [ok])),
        ("supersede by", lambda b: b.supersede(ok, [bad])),
        ("resolve", lambda b: b.resolve("c.md", bad, keep=bad)),
        ("move from", lambda b: b.move(bad, "moved.md")),
        ("move to", lambda b: b.move(ok, bad)),
        ("show", lambda b: b.show(bad)),
        ("neighbours", lambda b: b.neighbours(bad)),
        ("history", lambda b: b.history(bad)),
        ("check scope", lambda b: b.check(scope=bad)),
        ("update paths", lambda b: b.update([bad])),
    ]


@pytest.mark.parametrize("bad", HOSTILE_IDS)
def test_hostile_names_in_every_operation_change_nothing_outside_the_base(
    hostile: tuple[Path, Path], bad: str
) -> None:
    root, outside = hostile
    around = root.parent.parent
    before_outside = snapshot(outside)
    before_docs = {n: (root / n).read_bytes() for n in ("a.md", "b.md", "c.md")}
    with Brain.open(root) as brain:
        for name, call in operations(bad):
            try:
                call(brain)
            except MdbrainError as error:
                assert error.data()["code"], name
            # a call that succeeds must have stayed inside: checked below for all of them
    assert snapshot(outside) == before_outside
    assert not (outside / "created.md").exists()
    assert not (outside / "dir" / "planted.md").exists()
    assert not list(around.glob("outside.md")) and not Path("/tmp/outside.md").exists()
    after = {n: (root / n).read_bytes() for n in ("a.md", "b.md", "c.md")}
    changed = [n for n in before_docs if after[n] != before_docs[n]]
    assert not changed or bad in ("",), changed


@pytest.mark.parametrize("bad", [123, None, ["a.md"], {"x": 1}, 1.5])
def test_names_of_the_wrong_type_are_invalid_requests(hostile: tuple[Path, Path], bad: Any) -> None:
    root, _outside = hostile
    with Brain.open(root) as brain:
        for name, call in operations(bad):
            if bad is None and name == "check scope":
                continue  # no scope: the whole base, as documented
            with pytest.raises(MdbrainError) as caught:
                call(brain)
            assert caught.value.exit_code in (EXIT_USAGE, EXIT_REFUSED), name


def test_each_refusal_has_its_own_type_and_data(hostile: tuple[Path, Path]) -> None:
    root, _outside = hostile
    with Brain.open(root) as brain:
        with pytest.raises(OutsideBaseError) as outside:
            brain.show("../x.md")
        assert outside.value.data() | {"message": ""} == {
            "code": "outside-base",
            "message": "",
            "field": "doc",
            "value": "../x.md",
        }
        with pytest.raises(NotFoundError) as missing:
            brain.show("nowhere.md")
        assert missing.value.doc == "nowhere.md" and missing.value.exit_code == EXIT_USAGE
        with pytest.raises(UnsafePathError) as unsafe:
            brain.write(WriteRequest(doc="evil.md", title="Pwned"))
        assert unsafe.value.reason == "symlink-outside" and unsafe.value.exit_code == EXIT_REFUSED
        with pytest.raises(StaleReadError) as stale:
            brain.write(WriteRequest(doc="a.md", summary="New.", expect_sha="0" * 64))
        current = hashlib.sha256((root / "a.md").read_bytes()).hexdigest()
        assert stale.value.current_sha == current
        with pytest.raises(DuplicateError) as duplicate:
            brain.write({"title": "Alpha", "summary": "What this document covers."})
        assert duplicate.value.candidates[0][0] == "a.md"
        with pytest.raises(InvalidRequestError) as wrong:
            brain.write({"title": "T", "summary": "s", "new": "no"})
        assert wrong.value.field == "new"
        with pytest.raises(InvalidRequestError) as unknown:
            brain.write({"title": "T", "summary": "s", "colour": "red"})
        assert unknown.value.field == "colour"


def test_errors_survive_a_trip_through_pickle_with_their_data() -> None:
    error = StaleReadError("changed", doc="a.md", current_sha="abc")
    back = pickle.loads(pickle.dumps(error))  # noqa: S301 - our own bytes, made just above
    assert type(back) is StaleReadError and back.data() == error.data()


def test_write_payloads_are_checked_by_type_with_the_field_named(make_base: MakeBase) -> None:
    root = make_base({"a.md": doc("Alpha", sources="[x]")})
    with Brain.open(root) as brain:
        for payload, field in (
            ({"title": "T", "summary": "s", "body": 123}, "body"),
            ({"title": ["T"], "summary": "s"}, "title"),
            ({"title": "T", "summary": "s", "tags": [1, 2]}, "tags"),
            ({"title": "T", "summary": "s", "new": 1}, "new"),
            ({"title": "T", "summary": "s", "expect_sha": 5}, "expect_sha"),
        ):
            with pytest.raises(InvalidRequestError) as caught:
                brain.write(payload)
            assert caught.value.field == field
        assert sorted(p.name for p in root.glob("*.md")) == ["a.md"]


def test_every_read_returns_the_hash_a_writer_can_expect(make_base: MakeBase) -> None:
    root = make_base({"login.md": doc("Login", sources="[x]", body="Five failures lock it.")})
    sha = hashlib.sha256((root / "login.md").read_bytes()).hexdigest()
    with Brain.open(root) as brain:
        assert brain.query("failures lock").hits[0].sha == sha
        assert brain.search("failures").hits[0].hit.sha == sha
        assert brain.show("login.md").hit.sha == sha
        assert brain.brief("example").items[0].sha == sha
        report = brain.write(WriteRequest(doc="login.md", summary="Changed.", expect_sha=sha))
        assert report.sha == hashlib.sha256((root / "login.md").read_bytes()).hexdigest()


def age(path: Path, seconds: int = 10) -> None:
    """Move a file's modification time into the past: a stamp that recent is not trusted."""
    past = path.stat().st_mtime_ns - seconds * 10**9
    os.utime(path, ns=(past, past))


def test_a_warm_session_reads_only_what_changed(make_base: MakeBase) -> None:
    root = make_base({f"d{i}.md": doc(f"Doc {i}", sources="[x]") for i in range(20)})
    for path in root.glob("*.md"):
        age(path)
    with Brain.open(root) as brain:
        first = brain.view()
        assert len(first.manifest) == 20
        assert brain.view() is first  # nothing changed: the same view, nothing read
        path = root / "d3.md"
        path.write_text(doc("Doc 3", sources="[x]", body="Edited."), encoding="utf-8")
        age(path)
        second = brain.view()
        assert second.generation == first.generation + 1 and second.parsed == 1
        (root / "new.md").write_text(doc("New", sources="[x]"), encoding="utf-8")
        assert brain.query("New").hits[0].id == "new.md"


def test_a_closed_session_refuses_further_use(make_base: MakeBase) -> None:
    root = make_base({"a.md": doc("Alpha", sources="[x]")})
    brain = Brain.open(root)
    brain.query("alpha")
    brain.close()
    with pytest.raises(MdbrainError, match="closed"):
        brain.query("alpha")


def test_eight_threads_reading_and_writing_through_one_session_lose_nothing(
    make_base: MakeBase,
) -> None:
    root = make_base(
        {
            "shared.md": doc("Shared", sources="[x]", body="start"),
            **{f"t{i}.md": doc(f"Topic {i}", sources="[x]", body=f"word{i}") for i in range(8)},
        }
    )
    errors: list[BaseException] = []
    with Brain.open(root) as brain:

        def worker(number: int) -> None:
            try:
                for round_ in range(5):
                    assert brain.query(f"word{number}").hits[0].id == f"t{number}.md"
                    brain.show(f"t{number}.md")
                    while True:  # append to the shared page, retrying on a stale read
                        read = brain.show("shared.md", full=True)
                        body = read.passages[-1].text
                        try:
                            brain.write(
                                WriteRequest(
                                    doc="shared.md",
                                    body=f"{body}\n\nmark {number}-{round_}",
                                    expect_sha=read.hit.sha,
                                )
                            )
                            break
                        except (StaleReadError, BusyError):
                            continue
            except BaseException as error:  # noqa: BLE001 - reported to the main thread
                errors.append(error)

        threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert errors == []
    text = (root / "shared.md").read_text(encoding="utf-8")
    marks = sorted(line for line in text.splitlines() if line.startswith("mark "))
    assert marks == sorted(f"mark {n}-{r}" for n in range(8) for r in range(5))


def test_a_held_lock_is_reported_quickly_with_its_holder(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    import filelock

    from mdbrain.store import lock

    monkeypatch.setenv("MDBRAIN_LOCK_WAIT", "0.2")
    root = make_base({"a.md": doc("Alpha", sources="[x]")})
    (root / ".mdbrain").mkdir(exist_ok=True)
    (root / lock.HOLDER).write_text(
        '{"pid": 4242, "host": "box", "command": "mdbrain write", "since": "2026-12-01T08:00:00Z"}'
    )
    held = filelock.FileLock(str(root / lock.LOCK))
    held.acquire()
    try:
        with Brain.open(root) as brain, pytest.raises(BusyError) as caught:
            brain.write(WriteRequest(doc="a.md", summary="Changed."))
    finally:
        held.release()
    assert "process 4242 on box (mdbrain write)" in caught.value.holder
    assert caught.value.exit_code == EXIT_BUSY and caught.value.waited < 5
    assert "Changed." not in (root / "a.md").read_text(encoding="utf-8")


def test_check_edits_no_document_by_default(make_base: MakeBase) -> None:
    root = make_base({"a.md": doc("Alpha", sources="[x]", body="[gone](gone.md)")})
    before = snapshot(root)
    with Brain.open(root) as brain:
        report = brain.check()
    after = snapshot(root)
    assert after["a.md"] == before["a.md"]
    assert {r.code for r in report.repairs} == {"W005"}  # only the derived indexes


def test_a_new_file_gets_the_usual_permissions_without_touching_the_umask(
    make_base: MakeBase,
) -> None:
    root = make_base({"a.md": doc("Alpha", sources="[x]")})
    (root / "a.md").chmod(0o640)
    mask = os.umask(0o022)
    try:
        with Brain.open(root) as brain:
            made = brain.write({"title": "Fresh page", "summary": "New.", "sources": ["x"]})
            brain.write(WriteRequest(doc="a.md", summary="Changed."))
    finally:
        os.umask(mask)
    assert (root / made.id).stat().st_mode & 0o777 == 0o644
    assert (root / "a.md").stat().st_mode & 0o777 == 0o640
    assert not list(root.rglob("*.tmp"))


def test_a_watched_session_sees_every_change_without_walking_when_nothing_changed(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mdbrain.store import scan

    root = make_base({f"d{i}.md": doc(f"Doc {i}", sources="[x]") for i in range(5)})
    for path in root.glob("*.md"):
        age(path)
    with Brain.open(root, watch=True) as brain:
        if brain.session._watcher is None:
            pytest.skip("inotify is not available here")
        first = brain.view()
        walks = []
        real_walk = scan.walk
        monkeypatch.setattr(scan, "walk", lambda *a, **k: walks.append(1) or real_walk(*a, **k))
        assert brain.view() is first and walks == []  # nothing changed: no walk at all
        (root / "sub").mkdir()
        (root / "sub" / "new.md").write_text(doc("New", sources="[x]"), encoding="utf-8")
        age(root / "sub" / "new.md")
        assert "sub/new.md" in brain.view().by_id and walks == [1]
        (root / "sub" / "later.md").write_text(doc("Later", sources="[x]"), encoding="utf-8")
        age(root / "sub" / "later.md")
        assert "sub/later.md" in brain.view().by_id  # the new folder is watched too


def test_a_huge_or_nul_value_gives_a_short_typed_error(make_base: MakeBase) -> None:
    """Found over MCP: a 100 KB section title came back whole in the error (some 25,000
    tokens of an agent's context), and a NUL in ``since`` crashed ``update``."""
    from mdbrain.core.errors import MESSAGE_MOST, InvalidRequestError, UsageError

    root = make_base({"a.md": doc("A", body="## One\n\nText.")})
    with Brain.open(root) as brain:
        with pytest.raises(UsageError) as shown:
            brain.reader().show("a.md", section="a" * 100_000)
        assert len(str(shown.value)) <= MESSAGE_MOST and "characters left out" in str(shown.value)
        for since in ("a\0b", "b" * 5_000):
            with pytest.raises(InvalidRequestError) as asked:
                brain.update(since=since, dry_run=True)
            assert asked.value.field == "since" and len(str(asked.value)) < 200


def test_nul_text_a_malformed_hash_and_oversized_values_are_invalid_requests(
    make_base: MakeBase,
) -> None:
    """An MCP trial: a NUL in a body was written raw (git then saw a binary file), an
    expect_sha of "zz" was told the document had changed since it was read, and a 1 MB
    question took seconds to rank."""
    from mdbrain.core.errors import InvalidRequestError

    root = make_base(
        {"a.md": doc("A", body="Text.")},
        'version: "1"\nroot: ./kb\nlang: en\nmax_document_kb: 16\n',
    )
    before = (root / "a.md").read_bytes()
    with Brain.open(root) as brain:
        refused = {}
        for field, request in {
            "body": {"title": "N", "summary": "s.", "body": "a\0b"},
            "title": {"title": "N\0t", "summary": "s."},
            "expect_sha": {"doc": "a.md", "summary": "s.", "expect_sha": "zz"},
            "body ": {"title": "Big", "summary": "s.", "body": "word " * 4_000},
        }.items():
            with pytest.raises(InvalidRequestError) as caught:
                brain.write(request)
            refused[field] = (caught.value.field, str(caught.value))
        with pytest.raises(InvalidRequestError) as long_question:
            brain.query("word " * 3_000)
        sha = brain.show("a.md").hit.sha
        upper = brain.write({"doc": "a.md", "summary": "Said.", "expect_sha": sha.upper()})
    assert refused["body"][0] == "body" and "NUL" in refused["body"][1]
    assert refused["title"][0] == "title"
    assert refused["expect_sha"][0] == "expect_sha" and "64 hexadecimal" in refused["expect_sha"][1]
    assert refused["body "][0] == "body" and "16 KB" in refused["body "][1]
    assert long_question.value.field == "question" and "at most 10,000" in str(long_question.value)
    assert upper.sha != sha and (root / "a.md").read_bytes() != before  # a hash in capitals
    assert not (root / "n.md").exists() and not (root / "big.md").exists()
