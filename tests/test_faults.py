"""Faults: a writer killed at any moment, a base that cannot be written, a disk that is
full, caches that lie. After each, no document is torn or lost, the next writer goes on,
and no answer comes from a broken cache.

The killed writers are the real ``mdbrain`` command of the virtual environment, run in
a subprocess and sent SIGKILL after a random delay (seeded, so that a failure can be
replayed): a moment during its start, during its writes, or after it ended. Each
operation is first run to the end on a copy of the same base, which gives every file
its *new* version; after a kill each file must hold its old bytes or its new bytes.

The number of kills is kept small for ``make test`` (``KILLS`` in all, about a minute);
``MDBRAIN_STRESS_RUNS=N`` asks for N kills in all (``make stress``). ``MDBRAIN_FAULT_SEED``
replays a run.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.hostile_base import build_template, git_env, kill_group

MDBRAIN = Path(sys.executable).with_name("mdbrain")
STRESS_RUNS = int(os.environ.get("MDBRAIN_STRESS_RUNS", "0") or 0)
KILLS = STRESS_RUNS or 24  # over all the operations together
SEED = int(os.environ.get("MDBRAIN_FAULT_SEED", "20261201"))
LOCK_WAIT_S = 5.0  # the normal wait of a writer for the lock (MDBRAIN_LOCK_WAIT's default)
BOUND_S = 30.0
TEMPORARY = re.compile(r"^\..+\.tmp$")  # what store/files.py names a write in progress
CACHE = ".mdbrain"

pytestmark = pytest.mark.skipif(not MDBRAIN.exists(), reason=f"no {MDBRAIN}: install the package")


# --- the base and the runs --------------------------------------------------------------


@dataclass
class Done:
    code: int
    out: str
    err: str
    seconds: float

    def __str__(self) -> str:
        return f"exit {self.code} in {self.seconds:.1f}s\n{self.out[-1500:]}\n{self.err[-1500:]}"


def run(project: Path, env: dict[str, str], *args: str, prefix: tuple[str, ...] = ()) -> Done:
    started = time.monotonic()
    proc = subprocess.Popen(
        [*prefix, str(MDBRAIN), *args],
        cwd=project,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(timeout=BOUND_S)
    except subprocess.TimeoutExpired:
        kill_group(proc)
        proc.communicate()
        pytest.fail(f"hung: mdbrain {' '.join(args)} still running after {BOUND_S:.0f}s")
    return Done(
        proc.returncode,
        out.decode("utf-8", "replace"),
        err.decode("utf-8", "replace"),
        time.monotonic() - started,
    )


def killed_after(project: Path, env: dict[str, str], args: tuple[str, ...], delay: float) -> bool:
    """Run ``mdbrain ARGS`` and send SIGKILL to it (and its children) after ``delay``
    seconds; whether it was still running then."""
    proc = subprocess.Popen(
        [str(MDBRAIN), *args],
        cwd=project,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        proc.wait(timeout=delay)
        return False
    except subprocess.TimeoutExpired:
        kill_group(proc)
        proc.wait(timeout=BOUND_S)
        return True


def files_of(docs: Path) -> dict[str, bytes]:
    """Every file of the base but its caches: documents, derived files, the anchors lock."""
    found: dict[str, bytes] = {}
    for path in sorted(docs.rglob("*")):
        rel = path.relative_to(docs).as_posix()
        if rel == CACHE or rel.startswith(CACHE + "/") or not path.is_file():
            continue
        if TEMPORARY.match(path.name):
            continue
        found[rel] = path.read_bytes()
    return found


def temporaries(docs: Path) -> list[str]:
    """Temporary files of unfinished writes anywhere in the base, caches included."""
    return sorted(
        p.relative_to(docs).as_posix() for p in docs.rglob("*") if TEMPORARY.match(p.name)
    )


# --- the operations killed ---------------------------------------------------------------


def _nothing(project: Path, env: dict[str, str]) -> None:
    return None


def _wiki(project: Path, env: dict[str, str]) -> None:
    wiki = project.parent / "wiki"
    wiki.mkdir(exist_ok=True)
    for number in range(24):
        (wiki / f"page-{number:02}.md").write_text(
            f"# Procedure {number}: rotating the shop's queue workers\n\n"
            f"Step {number} of the runbook drains queue {number} before the restart, "
            f"then checks that {number * 7} messages were handed over.\n",
            encoding="utf-8",
        )


def _edits(project: Path, env: dict[str, str]) -> None:
    docs = project / "docs"
    for number in range(30):
        (docs / "runbooks").mkdir(exist_ok=True)
        (docs / "runbooks" / f"step-{number:02}.md").write_text(
            f'---\ntitle: "Runbook step {number}"\nsummary: "Step {number} of restarting '
            f'the workers."\ntype: process\nstatus: stable\ntags: [runbook]\n'
            f"updated: 2026-07-01\n---\n\n# Step {number}\n\nDrain queue {number}.\n",
            encoding="utf-8",
        )


def _renamed_code(project: Path, env: dict[str, str]) -> None:
    for args in (
        ["mv", "src/shop/auth/login.py", "src/shop/auth/signin.py"],
        ["commit", "-qm", "Rename the login module"],
    ):
        subprocess.run(["git", *args], cwd=project, env=env, check=True, timeout=30)


@dataclass
class Operation:
    name: str
    args: tuple[str, ...]
    setup: Callable[[Path, dict[str, str]], None] = _nothing
    moved: tuple[str, str] | None = None  # a document that must be at one place or the other
    before: dict[str, bytes] = field(default_factory=dict)
    after: dict[str, bytes] = field(default_factory=dict)
    seconds: float = 0.0


def operations(outside: Path) -> list[Operation]:
    return [
        Operation(
            "write",
            (
                "write", "--title", "Carts expire after a day", "--summary",
                "Abandoned carts are emptied after twenty-four hours.", "--source",
                "fault review", "--theme", "carts", "--body", "## Rule\n\nEmptied nightly.\n",
            ),
        ),
        Operation(
            "supersede",
            (  # a page in force (the demo's old decision is superseded already)
                "supersede", "features/session.md", "--by",
                "decisions/keep-sessions-in-redis-with-a-one-hour-idle-timeout.md",
                "--reason", "Sessions moved to Redis",
            ),
        ),
        Operation(
            "mv",
            ("mv", "features/session.md", "features/sessions/server-session.md"),
            moved=("features/session.md", "features/sessions/server-session.md"),
        ),
        Operation("import", ("import", str(outside / "wiki"), "--theme", "wiki"), _wiki),
        Operation("index", ("index",), _edits),
        Operation("update-fix", ("update", "--fix"), _renamed_code),
    ]  # fmt: skip


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_template(tmp_path_factory.mktemp("fault-template"))


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    values = git_env(home)
    values["MDBRAIN_LOCK_WAIT"] = str(LOCK_WAIT_S)
    return values


def prepare(template: Path, where: Path, op: Operation, env: dict[str, str]) -> Path:
    """A copy of the demo project set up for ``op`` (its old state)."""
    project = where / "project"
    shutil.copytree(template, project, symlinks=True)
    op.setup(project, env)
    return project


def assert_old_or_new(op: Operation, now: dict[str, bytes], label: str) -> None:
    torn = []
    for rel in sorted(set(op.before) | set(op.after) | set(now)):
        versions = {op.before.get(rel), op.after.get(rel)}
        if now.get(rel) not in versions:
            state = "missing" if rel not in now else "neither old nor new"
            torn.append(f"{rel}: {state}")
    assert not torn, f"{label}: {torn}"
    if op.moved:
        assert any(rel in now for rel in op.moved), f"{label}: {op.moved} both missing"


def test_a_writer_killed_at_any_moment_leaves_every_file_old_or_new(
    template: Path, tmp_path: Path, env: dict[str, str]
) -> None:
    pick = random.Random(SEED)  # noqa: S311 - delays, not secrets
    ops = operations(tmp_path / "ref")
    # the reference runs: each operation to its end, which gives the new versions
    for op in ops:
        where = tmp_path / "ref"
        shutil.rmtree(where / "project", ignore_errors=True)
        project = prepare(template, where, op, env)
        op.before = files_of(project / "docs")
        done = run(project, env, *op.args)
        assert done.code in (0, 1), f"{op.name}: {done}"
        op.seconds = done.seconds
        op.after = files_of(project / "docs")
        assert op.after != op.before, f"{op.name} changed nothing: {done}"
    interrupted = 0
    stale_temporaries = 0
    for number in range(KILLS):
        op = ops[number % len(ops)]
        where = tmp_path / f"kill-{number}"
        where.mkdir()
        project = prepare(template, where, op, env)
        args = tuple(a.replace(str(tmp_path / "ref"), str(where)) for a in op.args)
        # from the start of the process to a little past its end, weighted to the writes
        delay = op.seconds * pick.uniform(0.3, 1.1)
        label = f"kill {number} of {op.name} after {delay:.2f}s (seed {SEED})"
        interrupted += killed_after(project, env, args, delay)
        docs = project / "docs"
        assert_old_or_new(op, files_of(docs), label)
        stale_temporaries += bool(temporaries(docs))
        # the next writer is not kept waiting by the dead one, and tidies what it left
        nxt = run(project, env, "index")
        assert nxt.code == 0, f"{label}: the next writer failed: {nxt}"
        assert nxt.seconds < LOCK_WAIT_S + 5, f"{label}: the next writer waited: {nxt}"
        assert not temporaries(docs), f"{label}: left {temporaries(docs)}"
        shutil.rmtree(where)
    print(  # noqa: T201 - the tally, shown with -s
        f"\n{KILLS} kills (seed {SEED}): {interrupted} while running, "
        f"{stale_temporaries} left a temporary file the next writer removed"
    )
    assert interrupted >= KILLS // 3, "too few kills landed while the writer ran"


def _dead_pid() -> int:
    child = subprocess.Popen(["true"])
    child.wait(timeout=10)
    return child.pid


def test_the_next_writer_removes_what_a_killed_writer_left_and_only_that(
    template: Path, tmp_path: Path, env: dict[str, str]
) -> None:
    """What a writer killed between creating its temporary file and renaming it leaves:
    the file, and its note on the lock. The next writer removes the files of dead
    writers, anywhere in the base, and keeps a live process's write in progress."""
    project = tmp_path / "project"
    shutil.copytree(template, project, symlinks=True)
    docs = project / "docs"
    dead, alive = _dead_pid(), os.getpid()
    planted = {
        f"features/.login.md.{dead}-0badc0de.tmp": b"---\ntitle: half a docu",
        f".INDEX.md.{dead}-00c0ffee.tmp": b"# Index\n",
        f".mdbrain/.state.json.{dead}-12345678.tmp": b"{",
    }
    kept = {
        f"features/.session.md.{alive}-abcdef01.tmp": b"a write in progress",
        "features/.notes.tmp": b"not a name mdbrain gives",
    }
    for rel, data in {**planted, **kept}.items():
        (docs / rel).write_bytes(data)
    (docs / ".mdbrain/lock.holder").write_text(
        json.dumps({"pid": dead, "host": "here", "command": "mdbrain write", "since": "now"})
    )
    before = files_of(docs)
    done = run(project, env, "write", "--doc", "features/login.md", "--summary", "Signing in.")
    assert done.code == 0, done
    assert done.seconds < LOCK_WAIT_S + 5, done
    for rel in planted:
        assert not (docs / rel).exists(), rel
    for rel, data in kept.items():
        assert (docs / rel).read_bytes() == data, rel
    assert not (docs / ".mdbrain/lock.holder").exists()
    after = files_of(docs)
    assert {r for r in before if after.get(r) != before[r]} <= {
        "features/login.md", "INDEX.md", "OVERVIEW.md", "RELATIONS.yaml", "ANCHORS.lock"
    }  # fmt: skip


# --- a base that cannot be written, a disk that is full ----------------------------------


def _namespace_works() -> str:
    """'' when this process can make a private mount namespace, else why not."""
    if shutil.which("unshare") is None or shutil.which("mount") is None:
        return "unshare or mount is not installed"
    probe = subprocess.run(
        ["unshare", "--mount", "--propagation", "private", "true"],
        capture_output=True,
        timeout=10,
        check=False,
    )
    if probe.returncode != 0:
        return "no private mount namespace here: " + probe.stderr.decode(errors="replace")[:200]
    return ""


def read_only(docs: Path) -> tuple[str, ...]:
    """The prefix running a command with ``docs`` mounted read-only (as root, where
    permissions do not stop a write), or plain permissions for another user."""
    if os.geteuid() != 0:
        for path in [docs, *docs.rglob("*")]:
            path.chmod(path.stat().st_mode & ~0o222)
        return ()
    why = _namespace_works()
    if why:
        pytest.skip(f"running as root, where chmod binds nothing, and {why}")
    script = f'mount --bind "{docs}" "{docs}" && mount -o remount,bind,ro "{docs}" "{docs}"'
    return ("unshare", "--mount", "--propagation", "private", "sh", "-c", script + ' && exec "$@"', "sh")  # fmt: skip


def test_a_read_only_base_refuses_each_write_by_file_and_loses_nothing(
    template: Path, tmp_path: Path, env: dict[str, str]
) -> None:
    project = tmp_path / "project"
    shutil.copytree(template, project, symlinks=True)
    docs = project / "docs"
    before = files_of(docs)
    prefix = read_only(docs)
    attempts = {
        "features/login.md": ("write", "--doc", "features/login.md", "--summary", "Signing in."),
        "security/second-factor.md": (  # the demo moved security/mfa.md there
            "supersede", "security/second-factor.md", "--by",
            "decisions/keep-sessions-in-redis-with-a-one-hour-idle-timeout.md",
        ),
        "features/session.md": ("mv", "features/session.md", "features/sessions.md"),
    }  # fmt: skip
    for named, args in attempts.items():
        done = run(project, env, *args, prefix=prefix)
        assert "Traceback" not in done.err, done
        assert done.code == 5, f"{args}: {done}"
        line = done.err.strip()
        assert line.startswith("mdbrain: ") and "\n" not in line, done
        assert re.search(r"read-only|permission", line, re.I), done
        assert "internal error" not in line, done  # a storage error, said as such
        # the file named is the one that could not be written (its lock, or the document)
        assert named in line or ".mdbrain" in line or "docs" in line, done
    assert files_of(docs) == before
    assert not temporaries(docs)
    answer = run(project, env, "query", "lockout", prefix=prefix)
    assert answer.code == 0 and "rules/lockout-after-failures.md" in answer.out, answer


def on_a_small_disk(project: Path, free_kb: int, *args: str) -> tuple[Done, Path]:
    """Run ``mdbrain ARGS`` with the project's base copied onto a tmpfs that has about
    ``free_kb`` KB left; the base as the command left it is copied back out to a folder."""
    why = _namespace_works()
    if why:
        pytest.skip(f"a full disk cannot be made without a tmpfs mount: {why}")
    docs = project / "docs"
    saved = project.parent / "saved-docs"
    after = project.parent / "after-docs"
    shutil.copytree(docs, saved, symlinks=True)
    script = (
        'set -e; mount -t tmpfs -o size=8m tmpfs "$DOCS"; cp -a "$SAVED/." "$DOCS";'
        ' dd if=/dev/zero of="$DOCS/.filler" bs=1k 2>/dev/null || true;'
        ' if [ "$FREE" -gt 0 ]; then truncate -s "-${FREE}k" "$DOCS/.filler"; fi;'
        ' set +e; "$@" >"$OUT/stdout" 2>"$OUT/stderr"; echo $? >"$OUT/code";'
        ' rm -f "$DOCS/.filler"; cp -a "$DOCS/." "$AFTER"'
    )
    out = project.parent / "out"
    out.mkdir()
    after.mkdir()
    env = git_env(project.parent / "home")
    env.update(DOCS=str(docs), SAVED=str(saved), AFTER=str(after), OUT=str(out), FREE=str(free_kb))
    started = time.monotonic()
    subprocess.run(
        ["unshare", "--mount", "--propagation", "private", "sh", "-c", script, "sh",
         str(MDBRAIN), *args],
        cwd=project, env=env, timeout=60, check=True,
    )  # fmt: skip
    done = Done(
        int((out / "code").read_text()),
        (out / "stdout").read_text(errors="replace"),
        (out / "stderr").read_text(errors="replace"),
        time.monotonic() - started,
    )
    return done, after


FULL_DISK = {
    "update-a-document": (0, ("write", "--doc", "features/login.md", "--summary", "Signing in.")),
    "new-document": (
        0,
        ("write", "--title", "Carts expire", "--summary", "Carts are emptied daily.",
         "--source", "fault review", "--theme", "carts"),
    ),
    "index-half-full": (24, ("index",)),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(FULL_DISK))
def test_a_full_disk_is_a_clear_error_and_loses_nothing(
    template: Path, tmp_path: Path, case: str
) -> None:
    free_kb, args = FULL_DISK[case]
    project = tmp_path / "project"
    shutil.copytree(template, project, symlinks=True)
    (tmp_path / "home").mkdir()
    if case == "index-half-full":
        _edits(project, {})
    before = files_of(project / "docs")
    done, after = on_a_small_disk(project, free_kb, *args)
    assert "Traceback" not in done.err, done
    if done.code != 0:
        assert done.code == 5, done
        line = done.err.strip()
        assert line.startswith("mdbrain: ") and "\n" not in line, done
        assert "No space left on device" in line, done
        assert re.search(r"mdbrain: \S+\.(md|yaml|lock|json)\b|\.mdbrain", line), done
    now = files_of(after)
    changed = {rel for rel in before if now.get(rel) != before[rel]}
    if done.code != 0:
        # nothing lost; a derived file may hold its new version if it was written in full
        assert not {r for r in changed if r not in ("INDEX.md", "OVERVIEW.md", "RELATIONS.yaml")}
        assert all(now.get(r) for r in before), "a file was emptied or removed"
    assert not temporaries(after), temporaries(after)


# --- caches that are broken, stale or gone ------------------------------------------------


def _answers(project: Path, env: dict[str, str]) -> tuple[object, ...]:
    query = run(project, env, "query", "lockout after failed sign-ins", "--json")
    search = run(project, env, "search", "session", "--json")
    check = run(project, env, "check", "--no-fix", "--format", "json")
    assert query.code == 0 and search.code == 0 and check.code in (0, 1), (query, search, check)
    report = json.loads(check.out)
    report.pop("seconds", None)
    report.pop("elapsed", None)
    return json.loads(query.out), json.loads(search.out), report


def _garbage(cache: Path) -> None:
    for path in cache.iterdir():
        if path.is_file() and path.name != "lock":
            path.write_bytes(b"\x00garbage\xff" + os.urandom(3000))


def _truncated_sqlite(cache: Path) -> None:
    path = cache / "search.sqlite"
    path.write_bytes(path.read_bytes()[: 4096 + 100])


def _deleted(cache: Path) -> None:
    shutil.rmtree(cache)


def _emptied(cache: Path) -> None:
    for path in cache.iterdir():
        if path.is_file() and path.name != "lock":
            path.write_bytes(b"")


CORRUPTIONS: dict[str, Callable[[Path], None]] = {
    "garbage-in-every-file": _garbage,
    "truncated-sqlite": _truncated_sqlite,
    "deleted-folder": _deleted,
    "every-file-empty": _emptied,
}


@pytest.mark.parametrize("corruption", [*sorted(CORRUPTIONS), "stale-but-well-formed"])
def test_a_broken_or_stale_cache_is_never_trusted(
    template: Path, tmp_path: Path, env: dict[str, str], corruption: str
) -> None:
    project = tmp_path / "project"
    shutil.copytree(template, project, symlinks=True)
    docs = project / "docs"
    cache = docs / CACHE
    assert run(project, env, "query", "lockout").code == 0  # caches filled
    old_caches = tmp_path / "old-caches"
    shutil.copytree(cache, old_caches)
    # the base changes behind the caches' back: a rule now says something else
    rule = docs / "rules/lockout-after-failures.md"
    rule.write_bytes(
        rule.read_bytes().replace(b"## ", b"Failed sign-ins: session quarantine.\n\n## ", 1)
    )
    fresh = tmp_path / "fresh"
    shutil.copytree(project, fresh, symlinks=True)
    shutil.rmtree(fresh / "docs" / CACHE)
    expected = _answers(fresh, env)
    if corruption == "stale-but-well-formed":
        shutil.rmtree(cache)
        shutil.copytree(old_caches, cache)  # caches of the base as it was
    else:
        CORRUPTIONS[corruption](cache)
    before = files_of(docs)
    assert _answers(project, env) == expected
    assert _answers(project, env) == expected  # and again, from what the first run rebuilt
    assert files_of(docs) == before, "reading wrote a document"


def _row(doc_id: str, stamp: str) -> Any:
    from mdbrain.store.search_index import FIELDS, META, Row

    meta: dict[str, Any] = dict.fromkeys(META, "")
    meta.update(tags=[], audience=[], impl_refs=[], title=doc_id, lang="en")
    texts = tuple("lockout" if name == "body" else doc_id for name in FIELDS)
    return Row(doc_id, stamp, texts, tuple(len(t) for t in texts), meta, "[]", "\nlockout 1\n")


def test_a_search_index_that_cannot_be_written_goes_on_in_memory(tmp_path: Path) -> None:
    """Regression: with a cache already there on a read-only mount, the first query
    stopped with 'attempt to write a readonly database' (and a full disk with
    'cannot rollback - no transaction is active')."""
    import sqlite3

    from mdbrain.store.search_index import SearchIndex

    root = tmp_path / "kb"
    root.mkdir()
    index = SearchIndex(root, "en")
    index.sync({"a.md": "1"}, lambda ids: [_row(i, "1") for i in ids])
    path = index.path
    index.close()
    index.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    changed = index.sync({"a.md": "2", "b.md": "1"}, lambda ids: [_row(i, "x") for i in ids])
    assert changed == 2 and index.path == ":memory:"
    assert index.stamps() == {"a.md": "x", "b.md": "x"}
    index.learn("en", [("lockout", "lockout")])
    index.close()
