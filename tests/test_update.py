"""`mdbrain update` on real git repositories built in each test, with controlled dates."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdbrain.adapters import views
from mdbrain.adapters.cli import cli
from mdbrain.core import codemap, document
from mdbrain.service.brain import Brain
from mdbrain.store import anchor_lock
from tests.conftest import doc

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

LOGIN_PY = '''\
def authenticate(user, password):
    """Check a password."""
    # compare in constant time
    return check(user, password)


class LoginService:
    def lock(self, user):
        user.locked = True
'''


class Repo:
    def __init__(self, path: Path) -> None:
        self.path = path
        path.mkdir(parents=True)
        self.git("init", "-q")

    def git(self, *args: str, date: str = "2026-07-01T12:00:00") -> str:
        env = {
            **os.environ,
            "GIT_AUTHOR_DATE": date,
            "GIT_COMMITTER_DATE": date,
            "GIT_AUTHOR_NAME": "t",
            "GIT_AUTHOR_EMAIL": "t@t",
            "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@t",
        }
        done = subprocess.run(
            ["git", "-C", str(self.path), *args],
            check=True,
            capture_output=True,
            text=True,
            env=env,
        )
        return done.stdout

    def write(self, rel: str, text: str) -> None:
        path = self.path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

    def commit(self, message: str, date: str) -> str:
        self.git("add", "-A")
        self.git("commit", "-qm", message, date=date)
        return self.git("rev-parse", "--short", "HEAD").strip()


def imported_pages(path: Path, folder: str, pages: dict[str, str]) -> Repo:
    """A project whose ``pages`` under ``folder`` were committed, imported into the root
    of its base ``kb`` (each keeping its name), and committed again."""
    repo = Repo(path)
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("kb/.keep.md", "")  # the base's folder
    for name, text in pages.items():
        repo.write(f"{folder}/{name}", text)
    repo.commit("the pages", "2026-07-01T12:00:00")
    report = Brain.open(repo.path).import_docs(repo.path / folder, theme=".")
    assert sorted(report.imported.values()) == sorted(pages)
    repo.commit("import them", "2026-07-02T12:00:00")
    return repo


def make_repo(tmp_path: Path) -> Repo:
    repo = Repo(tmp_path / "project")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("src/auth/login.py", LOGIN_PY)
    repo.write("src/auth/session.py", "def start():\n    return 1\n")
    repo.write("src/auth/unused.py", "X = 1\n")
    repo.write(
        "kb/login.md",
        doc("Login", impl_refs="[src/auth/login.py]", updated="2026-07-02", body="[s](symbols.md)"),
    )
    repo.write(
        "kb/symbols.md",
        doc(
            "Symbols",
            impl_refs="[src/auth/login.py#authenticate, src/auth/login.py#LoginService.lock]",
            updated="2026-07-02",
            body="[l](login.md)",
        ),
    )
    repo.write(
        "kb/session.md",
        doc(
            "Session", impl_refs="[src/auth/session.py]", updated="2026-07-02", body="[l](login.md)"
        ),
    )
    repo.commit("start", "2026-07-01T12:00:00")
    Brain.open(repo.path).update()  # records the symbols' fingerprints in the anchors lock
    repo.commit("lock", "2026-07-01T13:00:00")
    return repo


def status(repo: Repo, name: str) -> str:
    return Brain.open(repo.path).manifest(use_cache=False).by_id[name].status


def test_editing_a_described_function_flags_the_document_and_names_the_commit(
    tmp_path: Path,
) -> None:
    repo = make_repo(tmp_path)
    repo.write(
        "src/auth/login.py", LOGIN_PY.replace("check(user, password)", "verify(user, password)")
    )
    sha = repo.commit("use verify()", "2026-08-03T09:00:00")
    report = Brain.open(repo.path).update()
    flagged = {f.doc: f.reason for f in report.flagged}
    assert set(flagged) == {"login.md", "symbols.md"}
    assert (
        sha in flagged["login.md"]
        and "2026-08-03" in flagged["login.md"]
        and "use verify()" in flagged["login.md"]
    )
    assert "src/auth/login.py#authenticate changed" in flagged["symbols.md"]
    assert "LoginService.lock" not in flagged["symbols.md"]
    text = (repo.path / "kb" / "login.md").read_text(encoding="utf-8")
    meta = document.loads(text, "login.md").meta
    assert meta["status"] == "needs-review"
    assert meta["review_reason"] == (
        "src/auth/login.py changed since it was verified on 2026-07-02"
        f" (last change: {sha} on 2026-08-03: use verify())"
    )


def test_a_moved_document_is_still_flagged_when_its_symbol_changes(tmp_path: Path) -> None:
    """The fingerprints it was verified against follow it to its new id (found on
    encode/httpx: under the old id they were dropped, and the changed code recorded as
    verified)."""
    repo = make_repo(tmp_path)
    Brain.open(repo.path).move("symbols.md", "auth/symbols.md")
    lock, _note = anchor_lock.read(repo.path / "kb")
    assert "symbols.md" not in lock
    assert set(lock["auth/symbols.md"]) == {
        "src/auth/login.py#authenticate",
        "src/auth/login.py#LoginService.lock",
    }
    repo.commit("move", "2026-07-05T12:00:00")
    repo.write(
        "src/auth/login.py", LOGIN_PY.replace("check(user, password)", "verify(user, password)")
    )
    repo.commit("use verify()", "2026-08-03T09:00:00")
    flagged = {f.doc: f.reason for f in Brain.open(repo.path).update().flagged}
    assert "src/auth/login.py#authenticate changed" in flagged["auth/symbols.md"]


def test_a_comment_only_edit_in_an_anchored_symbol_is_not_drift(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    repo.write(
        "kb/login.md",
        doc("Login", impl_refs="[src/auth/other.py]", updated="2026-07-02", body="[s](symbols.md)"),
    )
    repo.write("src/auth/other.py", "Y = 2\n")
    repo.commit("move login doc", "2026-07-01T14:00:00")
    repo.write(
        "src/auth/login.py",
        LOGIN_PY.replace(
            "# compare in constant time", "# constant-time comparison, see RFC"
        ).replace("    return check", "\n    return check"),
    )
    repo.commit("comment", "2026-08-03T09:00:00")
    report = Brain.open(repo.path).update()
    assert "symbols.md" not in {f.doc for f in report.flagged}


def test_a_renamed_file_is_proposed_and_fixed_with_fix(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    repo.git("mv", "src/auth/session.py", "src/auth/sessions.py")
    repo.commit("rename", "2026-07-01T15:00:00")
    proposal = Brain.open(repo.path).update(dry_run=True)
    assert [(r.doc, r.old, r.new, r.fixed) for r in proposal.renames] == [
        ("session.md", "src/auth/session.py", "src/auth/sessions.py", False)
    ]
    before = (repo.path / "kb" / "session.md").read_bytes()
    fixed = Brain.open(repo.path).update(fix=True)
    assert [(r.new, r.fixed) for r in fixed.renames] == [("src/auth/sessions.py", True)]
    after = (repo.path / "kb" / "session.md").read_bytes()
    assert after == before.replace(b"src/auth/session.py", b"src/auth/sessions.py")
    assert "session.md" not in {f.doc for f in fixed.flagged}
    assert not fixed.renames[0].mentioned


def test_a_fixed_rename_says_when_the_text_still_names_the_old_path(tmp_path: Path) -> None:
    """encode/httpx: after ``update --fix`` the summary still read "the constants live in
    httpx/_config.py", and nothing said so."""
    repo = make_repo(tmp_path)
    page = (repo.path / "kb" / "session.md").read_text(encoding="utf-8")
    repo.write("kb/session.md", page + "\nSessions start in `src/auth/session.py`.\n")
    repo.commit("say where", "2026-07-01T14:00:00")
    repo.git("mv", "src/auth/session.py", "src/auth/sessions.py")
    repo.commit("rename", "2026-07-01T15:00:00")
    fixed = Brain.open(repo.path).update(fix=True)
    assert [(r.doc, r.fixed, r.mentioned) for r in fixed.renames] == [("session.md", True, True)]
    said = views.update_text(fixed)
    assert (
        "session.md: src/auth/session.py -> src/auth/sessions.py (rewritten; its text names"
        " src/auth/session.py too: read it)" in said
    )
    text = (repo.path / "kb" / "session.md").read_text(encoding="utf-8")
    assert "impl_refs: [src/auth/sessions.py]" in text and "`src/auth/session.py`" in text
    # vitejs/vite: a ref with a #symbol, rewritten by its own move, is no mention in text
    repo.git("mv", "src/auth/login.py", "src/auth/signin.py")
    repo.commit("rename login", "2026-07-01T16:00:00")
    Brain.open(repo.path).update()  # flagged first: the review_reason names the old path
    moved = Brain.open(repo.path).update(fix=True).renames
    assert sorted((r.doc, r.mentioned) for r in moved) == [
        ("login.md", False),
        ("symbols.md", False),
    ]


def test_a_document_whose_code_is_all_gone_needs_review_and_is_proposed_for_archiving(
    tmp_path: Path,
) -> None:
    repo = make_repo(tmp_path)
    repo.git("rm", "-q", "src/auth/login.py")
    repo.commit("drop login", "2026-08-01T10:00:00")
    report = Brain.open(repo.path).update()
    assert sorted(report.archive) == ["login.md", "symbols.md"]
    assert status(repo, "symbols.md") == "needs-review"
    assert (repo.path / "kb" / "login.md").exists()  # never deleted


def test_a_shallow_clone_still_finds_symbol_drift_from_the_lock(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    repo.write("src/auth/login.py", LOGIN_PY.replace("user.locked = True", "user.locked = False"))
    repo.commit("unlock", "2026-08-05T09:00:00")
    clone = tmp_path / "clone"
    subprocess.run(
        ["git", "clone", "-q", "--depth", "1", f"file://{repo.path}", str(clone)],
        check=True,
        capture_output=True,
    )
    assert (
        subprocess.run(
            ["git", "-C", str(clone), "rev-list", "--count", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        == "1"
    )
    report = Brain.open(clone).update()
    reasons = {f.doc: f.reason for f in report.flagged}
    assert "src/auth/login.py#LoginService.lock changed" in reasons["symbols.md"]


def test_edits_are_surgical_and_a_second_run_changes_nothing(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    original = (repo.path / "kb" / "session.md").read_bytes()
    repo.write("src/auth/session.py", "def start():\n    return 2\n")
    repo.commit("change", "2026-08-03T09:00:00")
    Brain.open(repo.path).update()
    flagged = (repo.path / "kb" / "session.md").read_bytes()
    added = [line for line in flagged.splitlines() if line not in original.splitlines()]
    removed = [line for line in original.splitlines() if line not in flagged.splitlines()]
    assert removed == [b"status: stable"]
    assert added[0] == b"status: needs-review" and added[1].startswith(
        b'review_reason: "src/auth/session.py changed'
    )
    snapshot = {
        p: p.read_bytes()
        for p in (repo.path / "kb").rglob("*")
        if p.is_file() and ".mdbrain" not in p.parts
    }
    again = Brain.open(repo.path).update()
    assert all(f.already for f in again.flagged)
    assert {p: p.read_bytes() for p in snapshot} == snapshot


def test_a_dry_run_writes_nothing_and_undocumented_files_are_listed(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    repo.write("src/auth/session.py", "def start():\n    return 3\n")
    repo.commit("change", "2026-08-03T09:00:00")
    before = {p: p.read_bytes() for p in (repo.path / "kb").rglob("*.md")}
    lock_before = (repo.path / "kb" / anchor_lock.NAME).read_bytes()
    report = Brain.open(repo.path).update(dry_run=True)
    assert report.dry_run and [f.doc for f in report.flagged] == ["session.md"]
    assert report.undocumented == ["src/auth/unused.py"]
    assert {p: p.read_bytes() for p in before} == before
    assert (repo.path / "kb" / anchor_lock.NAME).read_bytes() == lock_before


def test_examples_are_not_undocumented_and_drafts_are_said_to_be_left_unchecked(
    tmp_path: Path,
) -> None:
    # from fastapi/fastapi: init --scan set docs_src/ aside, update listed its 462 files
    repo = make_repo(tmp_path)
    for n in range(3):
        repo.write(f"docs_src/body/tutorial00{n}.py", "app = object()\n")
    repo.write("src/auth/vendor/lib.py", "Y = 2\n")
    for name in ("users_pb2.py", "orders_pb2.py"):
        repo.write(f"src/auth/{name}", "Z = 3\n")
    repo.write("kb/draft.md", doc("Draft", status="draft", impl_refs="[src/auth/session.py]"))
    repo.commit("examples and a draft", "2026-08-03T09:00:00")
    report = Brain.open(repo.path).update(dry_run=True)
    assert report.undocumented == ["src/auth/unused.py"]
    assert (
        "Code files left out as examples, vendored, generated, test data or a site's machinery:"
        " docs_src/ (3),"
        " generated files (2), src/auth/vendor/ (1)" in report.notes
    )
    assert "Drafts are not compared with the code until someone checks them" in report.notes[-2]
    # no draft's file was renamed: nothing is said of renames
    assert report.notes[-2].endswith(": 1 draft names code")  # NixOS/rfcs: "3 name code"


def test_init_scan_and_update_count_the_same_code_files_left_out(tmp_path: Path) -> None:
    """fastapi/fastapi: init --scan said "docs_src/ (464)" and update minutes later
    "docs_src/ (175)": init counted every file of the folder, its CSS and HTML too, and a
    file named as generated under its own path; update counted only the code files that
    no document named (the imported pages name 289). Both now count every code file."""
    repo = Repo(tmp_path / "project")
    repo.write("src/shop/cart.py", "def total(items):\n    return sum(items)\n")
    repo.write("src/shop/orders_pb2.py", "Z = 3\n")
    for n in range(3):
        repo.write(f"docs_src/cart/tutorial00{n}.py", "from shop.cart import total\n")
    repo.write("docs_src/cart/custom.css", "p { color: red; }\n")
    repo.write("docs_src/cart/page.html", "<p>The cart</p>\n")
    repo.commit("code and its examples", "2026-07-01T12:00:00")

    def left_out(*args: str) -> str:
        said = CliRunner().invoke(cli, ["-C", str(repo.path), *args])
        assert said.exit_code == 0, said.output
        return next(
            line.removeprefix("note: ")
            for line in said.output.splitlines()
            if codemap.SET_ASIDE_NOTE in line
        )

    by_init = left_out("init", "--scan", "--no-agents")
    page = doc("Cart example", impl_refs="[docs_src/cart/tutorial000.py]")
    repo.write("docs-rag/guides/cart-example.md", page)  # as an imported page names it
    by_update = left_out("update", "--dry-run")
    expected = f"{codemap.SET_ASIDE_NOTE}: docs_src/ (3), generated files (1)"
    assert by_init == by_update == expected


def test_paths_limit_the_update_to_the_documents_describing_them(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    repo.write("src/auth/session.py", "def start():\n    return 4\n")
    repo.write("src/auth/login.py", LOGIN_PY + "\nX = 1\n")
    repo.commit("both", "2026-08-03T09:00:00")
    report = Brain.open(repo.path).update(["src/auth/session.py"])
    assert [f.doc for f in report.flagged] == ["session.md"]


def test_outside_git_file_times_are_used_and_said(tmp_path: Path) -> None:
    project = tmp_path / "plain"
    (project / "kb").mkdir(parents=True)
    (project / ".rag").write_text(
        'version: "1"\nroot: kb\ncheck_on_update: false\n', encoding="utf-8"
    )
    (project / "code.py").write_text("A = 1\n", encoding="utf-8")
    (project / "kb" / "a.md").write_text(
        doc("A", impl_refs="[code.py]", updated="2020-01-01"), encoding="utf-8"
    )
    report = Brain.open(project).update()
    assert report.source == "file times" and any("not a git repository" in n for n in report.notes)
    assert [f.doc for f in report.flagged] == ["a.md"] and "modified on" in report.flagged[0].reason


def test_typescript_symbols_are_followed_when_the_grammar_is_installed(tmp_path: Path) -> None:
    pytest.importorskip("tree_sitter_typescript", reason="the anchors extra is not installed")
    repo = make_repo(tmp_path)
    source = (
        "export class Session {\n  // keep it short\n  rotate(id: string) { return id + '1'; }\n}\n"
    )
    repo.write("web/session.ts", source)
    repo.write(
        "kb/web.md",
        doc(
            "Web session",
            impl_refs="[web/session.ts#Session.rotate]",
            updated="2026-07-02",
            body="[l](login.md)",
        ),
    )
    repo.commit("web", "2026-07-01T16:00:00")
    Brain.open(repo.path).update()
    repo.write("web/session.ts", source.replace("// keep it short", "// rotation keeps ids short"))
    repo.commit("comment", "2026-08-01T10:00:00")
    assert "web.md" not in {f.doc for f in Brain.open(repo.path).update().flagged}
    repo.write("web/session.ts", source.replace("id + '1'", "id + '2'"))
    repo.commit("code", "2026-08-02T10:00:00")
    flagged = {f.doc: f.reason for f in Brain.open(repo.path).update().flagged}
    assert "web/session.ts#Session.rotate changed" in flagged["web.md"]


def test_a_folder_impl_ref_follows_every_file_under_it(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    repo.write(
        "kb/package.md",
        doc("Auth package", impl_refs="[src/auth]", updated="2026-07-02", body="[l](login.md)"),
    )
    repo.commit("package doc", "2026-07-01T16:00:00")
    assert "package.md" not in {f.doc for f in Brain.open(repo.path).update().flagged}
    repo.write("src/auth/session.py", "def start():\n    return 9\n")
    sha = repo.commit("session change", "2026-08-09T10:00:00")
    flagged = {f.doc: f for f in Brain.open(repo.path).update().flagged}
    assert sha in flagged["package.md"].reason and not flagged["package.md"].archive


def test_history_of_a_page_not_yet_committed_is_its_sources(tmp_path: Path) -> None:
    from mdbrain.adapters import views

    repo = make_repo(tmp_path)
    repo.write("notes/caching.md", "# Caching\n\nThe old wiki page.\n")
    sha = repo.commit("wiki page", "2026-06-01T10:00:00")
    repo.write("kb/caching.md", doc("Caching", sources="[notes/caching.md, ../outside.md]"))
    brain = Brain.open(repo.path)
    history = brain.history("caching.md")
    assert history.source == "notes/caching.md"
    assert [c[0] for c in history.commits] == [sha] and history.git
    shown = views.history_text(history)
    assert "commits of its source notes/caching.md:" in shown
    assert "no supersession" in shown
    repo.commit("import", "2026-06-02T10:00:00")
    own = Brain.open(repo.path).history("caching.md")
    assert own.source == "" and own.commits[0][3] == "import"


def test_history_outside_git_says_so(tmp_path: Path) -> None:
    from mdbrain.adapters import views

    project = tmp_path / "plain"
    (project / "kb").mkdir(parents=True)
    (project / ".rag").write_text('version: "1"\nroot: kb\nlang: en\n', encoding="utf-8")
    (project / "kb" / "a.md").write_text(doc("A"), encoding="utf-8")
    history = Brain.open(project).history("a.md")
    assert not history.git and not history.commits
    assert "not in a git repository" in views.history_text(history)


def test_history_git_cannot_read_still_gives_the_supersession_chain(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # as in a clone missing a blob: "git log failed: fatal: unable to read 207c4a6a..."
    from mdbrain.adapters import views
    from mdbrain.core.errors import GitError
    from mdbrain.store import git as git_store

    repo = make_repo(tmp_path)
    repo.write("kb/old.md", doc("Old", status="deprecated", superseded_by="[new.md]"))
    repo.write("kb/new.md", doc("New", supersedes="[old.md]"))
    repo.commit("records", "2026-06-01T10:00:00")

    def unreadable(self: git_store.Git, path: str) -> list[tuple[str, str, str, str]]:
        raise GitError("git log failed: fatal: unable to read 207c4a6a", command="git log")

    monkeypatch.setattr(git_store.Git, "file_log", unreadable)
    history = Brain.open(repo.path).history("old.md")
    assert [step.id for step in history.newer] == ["new.md"] and not history.commits
    shown = views.history_text(history)
    assert "superseded by new.md" in shown
    assert "commits: unavailable, git could not read them" in shown and "207c4a6a" in shown


def test_history_lists_the_newest_commits_and_counts_the_older(tmp_path: Path) -> None:
    from mdbrain.adapters import views
    from mdbrain.service.briefing import HISTORY_COMMITS
    from mdbrain.store import git

    repo = make_repo(tmp_path)
    for day in range(1, HISTORY_COMMITS + 4):
        repo.write("kb/a.md", doc("A", body=f"Edit {day}."))
        repo.commit(f"edit {day}", f"2026-06-{day:02d}T10:00:00")
    every = git.Git(repo.path).file_log(str(repo.path / "kb" / "a.md"))
    history = Brain.open(repo.path).history("a.md")
    assert history.commits == every[:HISTORY_COMMITS]
    assert history.more == len(every) - HISTORY_COMMITS >= 3
    assert history.commits[0][3] == f"edit {HISTORY_COMMITS + 3}"
    assert f"... and {history.more} older" in views.history_text(history)


def test_history_follows_renames_but_not_the_file_a_page_was_copied_from(tmp_path: Path) -> None:
    # solana-foundation/solana-improvement-documents: SIMD-0286 was written from a copy of
    # 0256, itself renamed from 0250 and copied from 0207; its history listed all four
    from mdbrain.store import git

    repo = make_repo(tmp_path)
    text = "".join(f"Line {n} of the proposal on block limits.\n" for n in range(30))
    repo.write("kb/a.md", doc("A", body=text))
    repo.commit("write a", "2026-06-01T10:00:00")
    repo.git("mv", "kb/a.md", "kb/b.md")
    repo.commit("rename a to b", "2026-06-02T10:00:00")
    repo.write("kb/c.md", doc("C", body=text + "One more line.\n"))
    repo.commit("c from b", "2026-06-03T10:00:00")
    repo.write("kb/c.md", doc("C", body=text + "One more line, edited.\n"))
    repo.commit("edit c", "2026-06-04T10:00:00")
    subjects = [row[3] for row in git.Git(repo.path).file_log(str(repo.path / "kb" / "c.md"))]
    assert subjects == ["edit c", "c from b"]
    renamed = [row[3] for row in git.Git(repo.path).file_log(str(repo.path / "kb" / "b.md"))]
    assert renamed == ["rename a to b", "write a"]


def test_the_last_change_of_a_few_paths_reads_only_their_history(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # update asks git about each drifted impl_ref: reading the whole history's file lists
    # each time took most of a second per ref on a repository of 12,000 commits
    from mdbrain.store import git as git_store

    repo = make_repo(tmp_path)
    repo.write("src/auth/session.py", "def start():\n    return 2\n")
    session_sha = repo.commit("session", "2026-08-01T09:00:00")
    for day in range(2, 6):  # later commits touch other files only
        repo.write("src/other.py", f"X = {day}\n")
        repo.commit(f"other {day}", f"2026-08-0{day}T09:00:00")
    read: list[str] = []
    run = git_store.Git._run

    def counted(self: git_store.Git, *args: str) -> str | None:
        out = run(self, *args)
        if args[0] == "log":
            read.append(out or "")
        return out

    monkeypatch.setattr(git_store.Git, "_run", counted)
    inside = git_store.Git(repo.path / "src")  # run from a folder below the top
    changes = inside.last_changes(["src/auth/session.py", "src/auth"])
    assert changes["src/auth/session.py"].commit == session_sha
    assert changes["src/auth"].commit == session_sha
    assert "src/other.py" not in read[-1]  # git kept to the paths asked


# --- a rename --fix mends closes the review it caused (found on fastapi/sqlmodel) --------


def review(repo: Repo, name: str) -> tuple[object, object, object]:
    meta = Brain.open(repo.path).manifest(use_cache=False).by_id[name].meta
    return meta["status"], meta.get("review_reason"), meta["impl_refs"]


def test_a_fixed_rename_of_code_that_only_moved_puts_the_document_back_in_force(
    tmp_path: Path,
) -> None:
    repo = make_repo(tmp_path)
    repo.git("mv", "src/auth/login.py", "src/auth/signin.py")
    repo.commit("rename", "2026-07-03T10:00:00")
    flagged = {f.doc: f.reason for f in Brain.open(repo.path).update().flagged}
    # a symbol's file renamed is proposed too, not reported gone
    assert flagged["symbols.md"] == "src/auth/login.py was renamed to src/auth/signin.py"
    assert review(repo, "login.md")[0] == "needs-review"
    fixed = Brain.open(repo.path).update(fix=True)
    assert fixed.flagged == []
    assert review(repo, "login.md") == ("stable", None, ["src/auth/signin.py"])
    assert review(repo, "symbols.md") == (
        "stable",
        None,
        ["src/auth/signin.py#authenticate", "src/auth/signin.py#LoginService.lock"],
    )
    # what was verified follows the code: a later change there is still drift
    lock, _note = anchor_lock.read(repo.path / "kb")
    assert set(lock["symbols.md"]) == {
        "src/auth/signin.py#authenticate",
        "src/auth/signin.py#LoginService.lock",
    }
    repo.write(
        "src/auth/signin.py", LOGIN_PY.replace("check(user, password)", "verify(user, password)")
    )
    repo.commit("use verify()", "2026-08-03T09:00:00")
    later = {f.doc: f.reason for f in Brain.open(repo.path).update().flagged}
    assert "src/auth/signin.py#authenticate changed since" in later["symbols.md"]


def test_a_fixed_rename_drops_only_the_reasons_about_the_old_path(tmp_path: Path) -> None:
    """A reason the drift check wrote about the old path (as `update` did before symbols'
    files were followed) goes; a reason about anything else stays, and so does the review."""
    repo = make_repo(tmp_path)
    other = "cites old.md, superseded by new.md on 2026-07-02"
    repo.write(
        "kb/symbols.md",
        (repo.path / "kb" / "symbols.md")
        .read_text(encoding="utf-8")
        .replace(
            "status: stable",
            "status: needs-review\nreview_reason: src/auth/login.py#authenticate no longer exists",
        ),
    )
    repo.write(
        "kb/session.md",
        (repo.path / "kb" / "session.md")
        .read_text(encoding="utf-8")
        .replace(
            "status: stable",
            f'status: needs-review\nreview_reason: "{other}; src/auth/session.py no longer exists"',
        ),
    )
    repo.git("mv", "src/auth/login.py", "src/auth/signin.py")
    repo.git("mv", "src/auth/session.py", "src/auth/sessions.py")
    repo.commit("rename", "2026-07-03T10:00:00")
    Brain.open(repo.path).update(fix=True)
    assert review(repo, "symbols.md")[:2] == ("stable", None)
    assert review(repo, "session.md")[:2] == ("needs-review", other)


def test_a_fixed_rename_of_code_that_also_changed_still_needs_review(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    repo.git("mv", "src/auth/session.py", "src/auth/sessions.py")
    repo.write("src/auth/sessions.py", "def start():\n    return 2\n")
    repo.commit("rename and change", "2026-07-03T10:00:00")
    report = Brain.open(repo.path).update(fix=True)
    status_now, reason, refs = review(repo, "session.md")
    assert status_now == "needs-review" and refs == ["src/auth/sessions.py"]
    assert str(reason).startswith("src/auth/sessions.py changed since it was verified on")
    assert [f.doc for f in report.flagged] == ["session.md"]


def test_a_fixed_rename_of_code_never_fingerprinted_is_not_called_unchanged(
    tmp_path: Path,
) -> None:
    repo = Repo(tmp_path / "project")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("src/a.py", "A = 1\n")
    repo.write("kb/a.md", doc("A", impl_refs="[src/a.py]", updated="2026-07-02"))
    repo.commit("start", "2026-07-01T12:00:00")
    repo.git("mv", "src/a.py", "src/b.py")
    repo.commit("rename", "2026-07-03T10:00:00")
    Brain.open(repo.path).update()  # no lock yet: nothing shows what was verified
    assert review(repo, "a.md")[:2] == ("needs-review", "src/a.py was renamed to src/b.py")
    Brain.open(repo.path).update(fix=True)
    assert review(repo, "a.md") == (
        "needs-review",
        "src/b.py has no fingerprint to compare with",
        ["src/b.py"],
    )


def test_a_drafts_paths_follow_a_rename_with_fix_and_it_is_never_flagged(
    tmp_path: Path,
) -> None:
    """``init --scan`` writes nothing but drafts: a file git renamed must not leave them
    naming a path that is gone (encode/httpx: ``update --fix`` rewrote nothing, and the
    check then warned of the old path). The draft is not compared with the code, so
    nothing flags it; a source that is the moved file follows it too."""
    repo = Repo(tmp_path / "project")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("src/a.py", LOGIN_PY)
    repo.write(
        "kb/a.md",
        doc(
            "A", status="draft", impl_refs="[src/a.py, src/a.py#authenticate]", sources="[src/a.py]"
        ),
    )
    repo.commit("start", "2026-07-01T12:00:00")
    repo.git("mv", "src/a.py", "src/b.py")
    repo.write("src/b.py", LOGIN_PY + "A = 2\n")  # changed too: a draft is not compared
    repo.commit("rename", "2026-07-03T10:00:00")
    proposal = Brain.open(repo.path).update(dry_run=True)
    assert [(r.doc, r.old, r.new, r.fixed) for r in proposal.renames] == [
        ("a.md", "src/a.py", "src/b.py", False)
    ]
    assert not proposal.flagged
    assert proposal.notes[-1].endswith(
        ": 1 draft names code; the paths of 1 follow files git saw renamed"
    )
    fixed = Brain.open(repo.path).update(fix=True)
    assert not fixed.flagged
    meta = Brain.open(repo.path).manifest(use_cache=False).by_id["a.md"].meta
    assert meta["status"] == "draft" and "review_reason" not in meta
    assert meta["impl_refs"] == ["src/b.py", "src/b.py#authenticate"]
    assert meta["sources"] == ["src/b.py"]
    assert not [f for f in Brain.open(repo.path).check().findings if f.code == "W003"]


def test_undocumented_code_no_draft_can_describe_is_not_sent_to_update_draft(
    tmp_path: Path,
) -> None:
    repo = Repo(tmp_path / "project")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("src/Meeting.cs", "public class Meeting {}\n")
    repo.write("kb/a.md", doc("A", body="Nothing about code."))
    repo.commit("start", "2026-07-01T12:00:00")
    report = Brain.open(repo.path).update()
    printed = views.update_text(report)
    assert report.undocumented == ["src/Meeting.cs"] and report.draftable == 0
    assert "code in C# (1) is counted, not drafted" in printed
    assert "update --draft" not in printed
    # alphagov/govuk-aws: a query in SQL was sent to update --draft, which drew nothing
    # and sent it there again
    repo.write("queries/logs.sql", "SELECT 1;\n")
    repo.commit("a query", "2026-07-01T13:00:00")
    report = Brain.open(repo.path).update(draft=True)
    assert report.undocumented == ["queries/logs.sql", "src/Meeting.cs"]
    assert not report.drafted and "update --draft" not in views.update_text(report)
    # and says why it wrote nothing (rust-lang/rust-analyzer: seven files, every run)
    assert "--draft wrote nothing: the files listed below make no unit" in report.notes[-1]
    repo.write("src/tool.py", "def main() -> None:\n    pass\n")
    repo.commit("a tool", "2026-07-02T12:00:00")
    assert "'mdbrain update --draft' writes" in views.update_text(Brain.open(repo.path).update())


def test_code_marked_as_generated_is_counted_aside_not_undocumented(tmp_path: Path) -> None:
    repo = Repo(tmp_path / "project")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("kb/a.md", doc("A", body="Nothing about code."))
    repo.write("src/tool.py", "def main() -> None:\n    pass\n")
    repo.write(
        "src/mock.py", "# License: MIT\n\n# Code generated by mockery. DO NOT EDIT.\nX = 1\n"
    )
    repo.commit("start", "2026-07-01T12:00:00")
    report = Brain.open(repo.path).update()
    assert report.undocumented == ["src/tool.py"]
    assert "generated files (1)" in " ".join(report.notes)


def test_a_folder_git_moved_is_followed_like_a_file(tmp_path: Path) -> None:
    """kgrzybek/modular-monolith-with-ddd: after ``git mv src/BuildingBlocks/Tests
    src/BuildingBlocks/BuildingBlocksTests``, a draft kept the old folder, and the
    check warned of it with no fix."""
    repo = Repo(tmp_path / "project")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("src/Tests/a.py", LOGIN_PY)
    repo.write("src/Tests/deep/b.py", LOGIN_PY + "B = 1\n")
    repo.write("kb/t.md", doc("Tests", status="draft", impl_refs="[src/Tests]"))
    repo.commit("start", "2026-07-01T12:00:00")
    repo.git("mv", "src/Tests", "src/UnitTests")
    repo.commit("move", "2026-07-03T10:00:00")
    proposal = Brain.open(repo.path).update(dry_run=True)
    assert [(r.old, r.new) for r in proposal.renames] == [("src/Tests", "src/UnitTests")]
    Brain.open(repo.path).update(fix=True)
    meta = Brain.open(repo.path).manifest(use_cache=False).by_id["t.md"].meta
    assert meta["impl_refs"] == ["src/UnitTests"] and meta["status"] == "draft"


def test_verify_refuses_a_document_whose_symbol_is_gone_rather_than_loop(tmp_path: Path) -> None:
    """encode/httpx: verified after its class was deleted, a document was flagged by the
    next update again, for ever. Verify says what is gone and how out; nothing is written."""
    from mdbrain.core.errors import InvalidRequestError

    repo = make_repo(tmp_path)
    repo.write("src/auth/login.py", LOGIN_PY.split("class LoginService", maxsplit=1)[0])
    repo.commit("drop LoginService", "2026-08-01T10:00:00")
    flagged = {f.doc: f.reason for f in Brain.open(repo.path).update().flagged}
    assert "LoginService.lock is no longer in src/auth/login.py" in flagged["symbols.md"]
    before = (repo.path / "kb" / "symbols.md").read_bytes()
    with pytest.raises(InvalidRequestError) as refused:
        Brain.open(repo.path).verify(["symbols.md"], sources=["src/auth/login.py"])
    said = refused.value.message
    assert "src/auth/login.py#LoginService.lock (no symbol LoginService.lock in" in said
    assert "authenticate" not in said and "nothing was written" in said
    assert (repo.path / "kb" / "symbols.md").read_bytes() == before
    assert Brain.open(repo.path).verify(["login.md"], sources=["code review"]).verified
    # vitejs/vite: the check sent it to verify, which refuses it; and once archived by
    # hand, its dead impl_ref was still a warning that failed check --strict for good
    found = {(f.code, f.path): f.message for f in Brain.open(repo.path).check().findings}
    assert "its impl_refs name code that is not there" in found["I002", "symbols.md"]
    assert "mdbrain verify" not in found["I002", "symbols.md"]
    assert ("W003", "symbols.md") in found
    archived = before.decode().replace("status: needs-review", "status: archived")
    (repo.path / "kb" / "symbols.md").write_text(archived, encoding="utf-8")
    codes = {(f.code, f.path) for f in Brain.open(repo.path).check().findings}
    assert ("W003", "symbols.md") not in codes and ("I002", "symbols.md") not in codes


def test_check_reports_a_symbol_its_file_does_not_hold(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    repo.write(
        "kb/typo.md",
        doc("Typo", impl_refs="[src/auth/login.py#authenticat, src/auth/login.py#authenticate]"),
    )
    repo.commit("typo", "2026-07-03T10:00:00")
    found = [
        (f.path, f.message) for f in Brain.open(repo.path).check().findings if f.code == "W003"
    ]
    assert found == [
        (
            "typo.md",
            "impl_ref 'src/auth/login.py#authenticat' names no code:"
            " no symbol authenticat in src/auth/login.py",
        )
    ]


C_CODE = "struct rect { int w; };\n\nint area(struct rect *r) {\n    return r->w;\n}\n\nint largest(int *list) {\n    return list[0];\n}\n"


def test_a_symbol_of_a_language_not_parsed_here_is_gone_when_its_name_is(tmp_path: Path) -> None:
    """rust-lang/book: ``main.rs#no_such_fn`` was written as stable, unsaid, and a deleted
    function was called "changed"; verify then put its page back in force (Rust is read
    now; C stands for the languages that are not). Its file is followed whole, but a
    name the file does not hold at all names no code of it."""
    from mdbrain.core.errors import InvalidRequestError
    from mdbrain.service.writing import WriteRequest

    repo = make_repo(tmp_path)
    repo.write("src/main.c", C_CODE)
    repo.write("kb/area.md", doc("Area", impl_refs="[src/main.c#area]"))
    repo.write("kb/largest.md", doc("Largest", impl_refs="[src/main.c#largest]"))
    repo.commit("c code", "2026-07-03T10:00:00")
    Brain.open(repo.path).update()
    repo.commit("lock", "2026-07-03T11:00:00")
    written = Brain.open(repo.path).write(
        WriteRequest(
            title="Typo",
            summary="A function of the C listing.",
            body="Text.",
            impl_refs=["src/main.c#no_such_fn"],
        )
    )
    assert written.missing == {"src/main.c#no_such_fn": "no_such_fn is nowhere in src/main.c"}
    assert written.status == "draft"  # a ref to no code vouches for nothing
    repo.write("src/main.c", C_CODE.split("int largest", maxsplit=1)[0])
    repo.commit("delete largest", "2026-07-04T10:00:00")
    report = Brain.open(repo.path).update()
    flagged = {f.doc: f.reason for f in report.flagged}
    assert "largest is nowhere in src/main.c" in flagged["largest.md"]
    assert [n for n in report.notes if ".c files" in n] == [
        "symbols in .c files are followed at file level"
        " (a change anywhere in such a file flags the documents on its symbols)"
    ]
    with pytest.raises(InvalidRequestError):
        Brain.open(repo.path).verify(["largest.md"], sources=["code review"])
    assert Brain.open(repo.path).verify(["area.md"], sources=["code review"]).verified


def test_check_says_where_git_saw_a_missing_code_file_renamed(tmp_path: Path) -> None:
    """encode/httpx: after ``git mv httpx/_config.py httpx/_configuration.py`` check said
    only that the impl_ref did not exist, and that the page had no provenance (W008)."""
    repo = make_repo(tmp_path)
    repo.git("mv", "src/auth/session.py", "src/auth/sessions.py")
    repo.commit("rename", "2026-07-03T10:00:00")
    findings = Brain.open(repo.path).check().findings
    assert [(f.code, f.path, f.message) for f in findings if f.code in ("W003", "W008")] == [
        (
            "W003",
            "session.md",
            "impl_ref 'src/auth/session.py' does not exist: git saw src/auth/session.py"
            " renamed to src/auth/sessions.py ('mdbrain update --fix' rewrites it)",
        )
    ]


def test_typescript_formatting_is_no_drift_and_a_first_version_lock_still_holds(
    tmp_path: Path,
) -> None:
    """vitejs/vite: a semicolon added or a trailing comma taken away (prettier's ``semi``
    and ``trailingComma``) flagged the page; fingerprints taken before they stopped
    counting still vouch for the code they were taken of."""
    pytest.importorskip("tree_sitter_typescript", reason="the anchors extra is not installed")
    from mdbrain.core import syntax

    repo = make_repo(tmp_path)
    source = "export function lookup(url: string, map,) {\n  return map.get(clean(url,),)\n}\n"
    repo.write("web/graph.ts", source)
    repo.write(
        "kb/web.md",
        doc("Web", impl_refs="[web/graph.ts#lookup]", updated="2026-07-02", body="[l](login.md)"),
    )
    repo.commit("web", "2026-07-01T16:00:00")
    Brain.open(repo.path).update()
    kb = repo.path / "kb"
    assert anchor_lock.read(kb)[0]["web.md"]["web/graph.ts#lookup"]["hash"].startswith("2:")
    formatted = "export function lookup(url: string, map) {\n  return map.get(clean(url));\n}\n"
    repo.write("web/graph.ts", formatted)
    repo.commit("prettier", "2026-08-01T10:00:00")
    assert "web.md" not in {f.doc for f in Brain.open(repo.path).update().flagged}
    # a lock the first version wrote, of this very code: it holds, and is taken anew
    lock, _ = anchor_lock.read(kb)
    first = syntax.fingerprint(formatted.encode(), "web/graph.ts", "lookup", first=True)
    assert first is not None and not first.startswith(syntax.VERSION)
    lock["web.md"]["web/graph.ts#lookup"]["hash"] = first
    anchor_lock.write(kb, lock)
    assert "web.md" not in {f.doc for f in Brain.open(repo.path).update().flagged}
    assert anchor_lock.read(kb)[0]["web.md"]["web/graph.ts#lookup"]["hash"].startswith("2:")
    repo.write("web/graph.ts", formatted.replace("clean(url)", "url"))
    repo.commit("code", "2026-08-02T10:00:00")
    assert "web.md" in {f.doc for f in Brain.open(repo.path).update().flagged}


RUST_CODE = """struct Rectangle<T> { w: T }

impl<T: Copy> Rectangle<T> {
    /// The width.
    fn width(&self) -> T { self.w }
}

impl Shape for Rectangle<u32> {
    fn area(&self) -> u32 { self.w * 2 }
}

mod inner { pub fn helper() -> u8 { 1 } }
"""
GO_CODE = """package shapes

type Server struct{ port int }

// Start serves.
func (s *Server) Start() error { return listen(s.port) }

func New(port int) *Server { return &Server{port: port} }

const Max = 3
"""
JAVA_CODE = """class Shop {
    int stock = 1;
    Shop() { stock = 2; }
    void sell(int n) { stock -= n; }
    static class Till { void open() { log("open"); } }
}
"""


@pytest.mark.parametrize(
    ("path", "source", "symbols", "changed"),
    [
        # rust-lang/book: followed as whole files, so any edit of the file was drift
        (
            "a.rs",
            RUST_CODE,
            ("Rectangle", "Rectangle.width", "Rectangle::area", "inner::helper"),
            ("self.w * 2", "self.w * 3", "Rectangle::area"),
        ),
        ("a.go", GO_CODE, ("Server", "Server.Start", "New", "Max"), ("s.port)", "0)", "Server.Start")),
        ("A.java", JAVA_CODE, ("Shop", "Shop.sell", "Shop.stock", "Shop.Till.open"), ("-= n", "+= n", "Shop.sell")),
    ],
)  # fmt: skip
def test_rust_go_and_java_symbols_are_followed_one_by_one(
    path: str, source: str, symbols: tuple[str, ...], changed: tuple[str, str, str]
) -> None:
    from mdbrain.core import anchors, syntax

    module = {"rs": "tree_sitter_rust", "go": "tree_sitter_go", "java": "tree_sitter_java"}
    pytest.importorskip(module[path.rsplit(".", 1)[1]], reason="the anchors extra is not installed")
    assert anchors.supports(path)
    data = source.encode()
    prints = {symbol: syntax.fingerprint(data, path, symbol) for symbol in symbols}
    assert None not in prints.values(), prints
    assert syntax.fingerprint(data, path, "Nothing.here") is None
    commented = source.replace("{", "{ // a comment\n", 1).encode()
    assert {s: syntax.fingerprint(commented, path, s) for s in symbols} == prints
    old, new, symbol = changed
    edited = source.replace(old, new).encode()
    moved = {s for s in symbols if syntax.fingerprint(edited, path, s) != prints[s]}
    assert symbol in moved and moved <= {symbol, symbols[0]}  # the symbol, and what holds it


def test_a_go_method_named_without_its_type_that_others_share_is_reported(
    tmp_path: Path,
) -> None:
    # jaegertracing/jaeger: "gocql.go#Close" followed CQLSession.Close only; an edit of
    # CQLIterator.Close flagged nothing, and nothing said why
    pytest.importorskip("tree_sitter_go", reason="the anchors extra is not installed")
    repo = Repo(tmp_path / "project")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write(
        "db/db.go",
        "package db\n\ntype Session struct{}\n\nfunc (s *Session) Close() {}\n\n"
        "type Iter struct{}\n\nfunc (i Iter) Close() error { return nil }\n\nfunc Open() {}\n",
    )
    refs = "[db/db.go#Close, db/db.go#Iter.Close, db/db.go#Open]"
    repo.write("kb/db.md", doc("Sessions", impl_refs=refs))
    repo.commit("start", "2026-07-01T12:00:00")
    found = [f for f in Brain.open(repo.path).check().findings if f.code == "W003"]
    assert len(found) == 1 and "'db/db.go#Close' names more than one method" in found[0].message
    assert "(Session.Close, Iter.Close)" in found[0].message


def test_a_go_type_named_like_methods_of_other_types_is_the_type(tmp_path: Path) -> None:
    """containerd/containerd: pkg/cio/io.go declares ``type Config struct`` and two other
    types' Config methods; init's own impl_ref ``io.go#Config`` was reported as naming
    more than one method, and its fingerprint followed a method."""
    pytest.importorskip("tree_sitter_go", reason="the anchors extra is not installed")
    from mdbrain.core import syntax

    source = (
        "package cio\n\nfunc (l *logURI) Config() Config { return Config{} }\n\n"
        "type Config struct {\n\tStdin string\n}\n\nfunc (c *cio) Config() Config { return c.config }\n"
    )
    repo = Repo(tmp_path / "project")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("pkg/cio/io.go", source)
    repo.write("kb/cio.md", doc("IO", impl_refs="[pkg/cio/io.go#Config]"))
    repo.commit("start", "2026-07-01T12:00:00")
    assert not [f for f in Brain.open(repo.path).check().findings if f.code == "W003"]
    data = source.encode()
    before = syntax.fingerprint(data, "pkg/cio/io.go", "Config")
    field = source.replace("Stdin string", "Stdin, Stdout string").encode()
    method = source.replace("return c.config", "return c.other").encode()
    assert syntax.fingerprint(field, "pkg/cio/io.go", "Config") != before  # the type
    assert syntax.fingerprint(method, "pkg/cio/io.go", "Config") == before  # not a method


def test_typescript_namespaces_and_interface_members_are_symbols() -> None:
    pytest.importorskip("tree_sitter_typescript", reason="the anchors extra is not installed")
    from mdbrain.core import syntax

    source = (
        b"export namespace Connect {\n  export interface Server { listen(port: number): void }\n}"
        b"\ninterface UserConfig { root?: string; build(): void }\n"
    )
    for symbol in ("Connect", "Connect.Server.listen", "UserConfig.root", "UserConfig.build"):
        assert syntax.fingerprint(source, "a.ts", symbol) is not None, symbol
    assert syntax.fingerprint(source, "a.ts", "UserConfig.nope") is None


@pytest.mark.parametrize(
    ("before", "after", "symbol"),
    [
        # an overload's signatures come first: the code is in the one with a body
        (
            "export function parse(a: string): number;\nexport function parse(a: any) {"
            " return Number(a) + 1 }\n",
            "export function parse(a: string): number;\nexport function parse(a: any) {"
            " return Number(a) * 1000 }\n",
            "parse",
        ),
        (
            "class K { run(a: string): void; run(a: any) { return a + 1 } }\n",
            "class K { run(a: string): void; run(a: any) { return a * 2 } }\n",
            "K.run",
        ),
        # a comma or a semicolon that is a string's text is code, not formatting
        ('function f(x) { return x.join(",") }\n', 'function f(x) { return x.join("") }\n', "f"),
        ("function f(s) { return s.split(';') }\n", "function f(s) { return s.split('') }\n", "f"),
    ],
)
def test_typescript_code_changes_are_drift(before: str, after: str, symbol: str) -> None:
    pytest.importorskip("tree_sitter_typescript", reason="the anchors extra is not installed")
    from mdbrain.core import syntax

    assert syntax.fingerprint(before.encode(), "a.ts", symbol) != syntax.fingerprint(
        after.encode(), "a.ts", symbol
    )


def test_a_brief_on_a_renamed_file_names_the_pages_that_still_cite_its_old_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """vitejs/vite: between a ``git mv`` and ``update --fix``, a brief on the new path
    said that no document described it, and listed ten drafts found by its words. git
    is asked only when some impl_ref names a path that is gone (review: it read the
    rename history of the whole repository for every brief)."""
    from mdbrain.store import git as git_store

    repo = make_repo(tmp_path)
    asked: list[str] = []
    names_before = git_store.Git.names_before
    monkeypatch.setattr(
        git_store.Git,
        "names_before",
        lambda self, path: asked.append(path) or names_before(self, path),
    )
    assert Brain.open(repo.path).brief("src/auth/unused.py").kind == "undescribed"
    assert asked == []  # nothing cited is gone: no git
    repo.git("mv", "src/auth/session.py", "src/auth/sessions.py")
    repo.commit("rename", "2026-07-01T15:00:00")
    found = Brain.open(repo.path).brief("src/auth/sessions.py")
    assert found.kind == "code" and [i.id for i in found.items] == ["session.md"]
    assert asked == ["src/auth/sessions.py"]
    said = views.brief_text(found)
    assert (
        "[via src/auth/session.py, which git saw renamed to src/auth/sessions.py:"
        " 'mdbrain update --fix' rewrites it]" in said
    )


def test_python_symbols_under_if_try_and_with_tuples_and_imports_are_found() -> None:
    """Found in review: ``batched`` defined in both branches of ``if sys.version_info``
    was said to name no code, and verify then refused the page."""
    from mdbrain.core import anchors

    source = (
        "import sys\nfrom os import path as p\n"
        "if sys.version_info >= (3, 12):\n    from itertools import batched\n"
        "else:\n    def batched(it, n):\n        return it\n"
        "try:\n    import ujson as json\nexcept ImportError:\n    import json\n"
        "A, B = 1, 2\nclass K:\n    if True:\n        def m(self):\n            pass\n"
    )
    for symbol in ("batched", "json", "A", "B", "p", "sys", "K.m"):
        assert anchors.fingerprint(source, symbol) is not None, symbol
    assert anchors.fingerprint(source, "nope") is None
    assert anchors.fingerprint(source, "K.nope") is None


def test_a_path_is_named_in_a_text_only_whole() -> None:
    """Found in review: after src/app.ts became src/app.tsx, a body naming the new path
    was said to still name the old one."""
    from mdbrain.service.updating import _names_in_text

    page = doc("A", impl_refs="[src/app.tsx]", review_reason='"src/app.ts was renamed"')
    assert not _names_in_text(page + "\nSee src/app.tsx.\n", "src/app.ts")
    assert _names_in_text(page + "\nSee `src/app.ts`, then.\n", "src/app.ts")
    assert not _names_in_text(page, "src/app.ts")  # review_reason and impl_refs aside


def test_a_history_git_cannot_read_is_said_rather_than_a_rename_called_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """thanos-io/thanos (a clone missing blobs): 'git log -M' failed, mdbrain said
    nothing, and a renamed file was reported gone and proposed for archiving."""
    from mdbrain.core.errors import GitError
    from mdbrain.store import git

    repo = make_repo(tmp_path)
    repo.git("mv", "src/auth/session.py", "src/auth/sessions.py")
    repo.commit("rename", "2026-07-03T10:00:00")

    def unreadable(self: git.Git, under: str = "") -> dict[str, str]:
        raise GitError("git log failed: fatal: unable to read 385479f", command="git log")

    monkeypatch.setattr(git.Git, "renames", unreadable)
    report = Brain.open(repo.path).update(dry_run=True)
    assert any(
        note.startswith("git could not read the history (git log failed: fatal: unable to read")
        and "may only have moved" in note
        for note in report.notes
    )


def test_a_brief_on_a_renamed_file_says_where_git_saw_it_go(tmp_path: Path) -> None:
    """thanos-io/thanos: a brief on a file renamed since answered, by search, with a
    page on another file."""
    repo = make_repo(tmp_path)
    repo.git("mv", "src/auth/session.py", "src/auth/sessions.py")
    repo.commit("rename", "2026-07-03T10:00:00")
    said = Brain.open(repo.path).brief("src/auth/session.py").missing
    assert said == (
        "no file or folder src/auth/session.py in the project; git saw it renamed to"
        " src/auth/sessions.py (brief src/auth/sessions.py)"
    )
    assert Brain.open(repo.path).brief("src/auth/nowhere.py").missing.endswith("in the project")


def test_the_first_day_of_files_a_folder_move_gave_one_day_is_found_before_the_move(
    tmp_path: Path,
) -> None:
    """cncf/toc: 200 proposals were dated the day `proposals/` became `projects/`, where
    git saw each of them renamed; a file added that day, and one moved without its
    fellows, keep their days."""
    import datetime as dt

    from mdbrain.store import git

    repo = Repo(tmp_path / "p")
    for n in range(6):
        repo.write(f"proposals/p{n}.md", f"# Proposal {n}\n\n" + f"Text {n} that says much.\n" * 6)
        repo.commit(f"p{n}", f"2019-0{n + 1}-15T12:00:00")
    repo.git("mv", "proposals", "projects")
    repo.write("projects/new.md", "# New\n\nA page of its own, added on the day.\n")
    repo.commit("rename proposals to projects", "2024-09-18T12:00:00")
    days = git.Git(repo.path / "projects").file_days(dt.date(2026, 1, 1))
    assert days["p0.md"] == (dt.date(2019, 1, 15), dt.date(2024, 9, 18))
    assert days["p5.md"][0] == dt.date(2019, 6, 15)
    assert days["new.md"] == (dt.date(2024, 9, 18), dt.date(2024, 9, 18))


def test_a_folder_moved_inside_a_larger_tree_keeps_its_files_first_days(tmp_path: Path) -> None:
    """adr/madr: 9 of its records were dated the day docs/adr/ became docs/decisions/ when
    its whole repository was imported (they are not a fifth of its files), and not when
    the folder alone was."""
    import datetime as dt

    from mdbrain.store import git

    repo = Repo(tmp_path / "p")
    for n in range(40):
        repo.write(f"src/m{n}.py", f"x = {n}\n")
    repo.commit("code", "2018-01-01T12:00:00")
    for n in range(6):
        repo.write(f"docs/adr/000{n}-r.md", f"# Record {n}\n\n" + f"Text {n} that says much.\n" * 6)
        repo.commit(f"r{n}", f"2018-0{n + 2}-15T12:00:00")
    repo.git("mv", "docs/adr", "docs/decisions")
    repo.commit("rename adr to decisions", "2021-10-19T12:00:00")
    days = git.Git(repo.path).file_days(dt.date(2026, 1, 1))
    assert days["docs/decisions/0000-r.md"][0] == dt.date(2018, 2, 15)
    assert days["docs/decisions/0005-r.md"][0] == dt.date(2018, 7, 15)
    assert days["src/m0.py"][0] == dt.date(2018, 1, 1)


def test_a_commit_over_most_of_a_folder_is_no_files_last_day(tmp_path: Path) -> None:
    """rust-lang/rfcs: 610 of its 648 pages were "updated" the day one commit made every
    heading a level deeper. A sweep gives a file its last day only when no other commit
    changed it since it was added; a file added in one keeps that day."""
    import datetime as dt

    from mdbrain.store import git

    repo = Repo(tmp_path / "p")
    for n in range(24):
        repo.write(f"text/{n:04}-rfc.md", f"# RFC {n}\n\nWhat RFC {n} proposes.\n")
    repo.commit("the RFCs", "2014-03-01T12:00:00")
    repo.write("text/0003-rfc.md", "# RFC 3\n\nWhat RFC 3 proposes, amended.\n")
    repo.commit("amend RFC 3", "2016-05-01T12:00:00")
    for n in range(24):
        old = (repo.path / f"text/{n:04}-rfc.md").read_text(encoding="utf-8")
        repo.write(f"text/{n:04}-rfc.md", old.replace("# ", "## "))
    repo.write("text/0024-rfc.md", "## RFC 24\n\nAdded with the sweep.\n")
    repo.commit("a level deeper", "2025-11-28T12:00:00")
    repo.write("text/0005-rfc.md", "## RFC 5\n\nWhat RFC 5 proposes, amended after.\n")
    repo.commit("amend RFC 5", "2026-02-01T12:00:00")
    days = git.Git(repo.path / "text").file_days(dt.date(2026, 6, 1))
    assert days["0000-rfc.md"] == (dt.date(2014, 3, 1), dt.date(2014, 3, 1))
    assert days["0003-rfc.md"] == (dt.date(2014, 3, 1), dt.date(2016, 5, 1))
    assert days["0005-rfc.md"] == (dt.date(2014, 3, 1), dt.date(2026, 2, 1))
    assert days["0024-rfc.md"] == (dt.date(2025, 11, 28), dt.date(2025, 11, 28))


def test_a_folder_merged_in_from_another_repository_is_dated_by_its_merge(
    tmp_path: Path,
) -> None:
    """betagouv's community guide merged les-standards/ in from another repository (a
    subtree): its history names the files without the folder, and the merge lists no
    file, so 38 imported pages were dated the day of the import."""
    other = Repo(tmp_path / "other")
    other.write("x.md", "# Standard\n\nWhat a product team must do, said at length.\n")
    other.commit("a standard", "2025-10-07T12:00:00")
    repo = Repo(tmp_path / "p")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\n')
    repo.write("kb/.keep.md", "")
    repo.write("guide/a.md", "# Guide\n\nHow the community works, said at length.\n")
    repo.commit("the guide", "2025-01-02T12:00:00")
    repo.git("fetch", "-q", str(other.path), "HEAD")
    repo.git(
        "merge", "-q", "-s", "ours", "--no-commit", "--allow-unrelated-histories", "FETCH_HEAD"
    )
    repo.git("read-tree", "--prefix=guide/standards/", "-u", "FETCH_HEAD")
    repo.git("commit", "-qm", "merge the standards", date="2026-01-08T12:00:00")
    report = Brain.open(repo.path).import_docs(repo.path / "guide", theme=".")
    written = (repo.path / "kb" / report.imported["standards/x.md"]).read_text()
    assert "created: 2026-01-08" in written
    assert "created: 2025-01-02" in (repo.path / "kb" / report.imported["a.md"]).read_text()
