"""Teams on git: branches of a base merge without conflicts in its derived files.

The scenarios build real repositories in temporary folders and drive git and
the ``mdbrain`` command as a user would, in subprocesses: the merge driver and
the hooks that ``mdbrain git install`` sets up call ``mdbrain`` from PATH.
"""

from __future__ import annotations

import doctest
import json
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from mdbrain.core import lock_merge
from mdbrain.service import merging
from tests.conftest import doc

GIT = shutil.which("git")
BIN = Path(sys.executable).parent  # the environment's scripts, ``mdbrain`` among them
DERIVED = ("INDEX.md", "OVERVIEW.md", "RELATIONS.yaml")

needs_git = pytest.mark.skipif(GIT is None, reason="git is not installed")


class Repo:
    """A repository in a temporary folder, with a base whose root is ``kb``."""

    def __init__(self, top: Path, env: dict[str, str]) -> None:
        self.top = top
        self.env = env

    def run(self, *args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            list(args),
            cwd=self.top,
            env=self.env,
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )
        if ok:
            assert done.returncode == 0, f"{args}: {done.stdout}{done.stderr}"
        return done

    def git(self, *args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
        return self.run("git", *args, ok=ok)

    def mdbrain(self, *args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
        return self.run("mdbrain", *args, ok=ok)

    def write(self, rel: str, text: str) -> None:
        path = self.top / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

    def edit(self, rel: str, old: str, new: str) -> None:
        text = (self.top / rel).read_text(encoding="utf-8")
        assert old in text
        self.write(rel, text.replace(old, new))

    def show(self, revision: str, rel: str) -> bytes:
        return subprocess.run(
            ["git", "show", f"{revision}:{rel}"],
            cwd=self.top,
            env=self.env,
            capture_output=True,
            check=True,
        ).stdout

    def commit_all(self, message: str) -> None:
        self.git("add", "--all")
        self.git("commit", "--quiet", "--message", message)

    def snapshot(self) -> dict[str, bytes]:
        """Every file of the working tree and of the git folder, by path."""
        return {
            str(p.relative_to(self.top)): p.read_bytes()
            for p in sorted(self.top.rglob("*"))
            if p.is_file() and "objects" not in p.parts
        }


def git_env(home: Path, path: str) -> dict[str, str]:
    """An environment where only the test's own settings reach git."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "MDBRAIN_"))}
    settings = {"user.name": "Ada Tester", "user.email": "ada@example.org"}
    settings["init.defaultBranch"] = "main"
    env.update(PATH=path, HOME=str(home), LC_ALL="C", GIT_CONFIG_NOSYSTEM="1")
    env.update(GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_COUNT=str(len(settings)))
    for number, (key, value) in enumerate(settings.items()):
        env[f"GIT_CONFIG_KEY_{number}"] = key
        env[f"GIT_CONFIG_VALUE_{number}"] = value
    return env


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    home = tmp_path / "home"
    home.mkdir()
    top = tmp_path / "repo"
    top.mkdir()
    made = Repo(top, git_env(home, f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"))
    made.git("init", "--quiet")
    made.write(".rag", 'version: "1"\nroot: ./kb\nlang: en\n')
    return made


CODE = {
    "src/app.py": "def login():\n    return 1\n\n\ndef logout():\n    return 2\n\n\n"
    "def refresh():\n    return 3\n",
    "src/store.py": "def save(session):\n    return session\n",
}
DOCS = {
    "auth/login.md": doc(
        "Login", "Signing in ends with a link to [signing out](logout.md).",
        impl_refs="[src/app.py#login]", sources="[src/app.py]",
    ),
    "auth/logout.md": doc(
        "Logout", "Signing out drops the session.",
        impl_refs="[src/app.py#logout]", sources="[src/app.py]",
    ),
    "auth/tokens.md": doc(
        "Token refresh", "A token is refreshed before it expires.",
        impl_refs="[src/app.py#refresh]", sources="[src/app.py]",
    ),
    "sessions/length.md": doc("Session length", "A session lasts one hour.", type="decision"),
    "sessions/storage.md": doc(
        "Session storage", "Sessions are kept in the store.",
        impl_refs="[src/store.py]", sources="[src/store.py]",
    ),
    "guides/setup.md": doc("Setup", "Read [the session length](../sessions/length.md)."),
    "guides/deploy.md": doc("Deploy", "Install first: [setup](setup.md).", type="guide"),
    "api/errors.md": doc("Error format", "Errors are JSON objects with a code."),
}  # fmt: skip


def start_base(repo: Repo) -> None:
    """The common ancestor: documents, code, fingerprints, indexes, and the install."""
    for rel, text in CODE.items():
        repo.write(rel, text)
    for rel, text in DOCS.items():
        repo.write(f"kb/{rel}", text)
    repo.mdbrain("index")
    verified = ["auth/login.md", "auth/logout.md", "auth/tokens.md", "sessions/storage.md"]
    repo.mdbrain("verify", *verified, "--source", "the code")
    repo.mdbrain("git", "install")
    repo.commit_all("base")


def new_doc(repo: Repo, *args: str) -> str:
    """Write a document with ``mdbrain write``; its id."""
    done = repo.mdbrain("write", "--new", "--json", *args)
    return str(json.loads(done.stdout)["id"])


def fresh_index_matches_head(repo: Repo, tmp_path: Path) -> None:
    """A clone of HEAD whose derived files are rebuilt from nothing shows no difference."""
    fresh = tmp_path / "fresh"
    repo.git("clone", "--quiet", str(repo.top), str(fresh))
    clone = Repo(fresh, repo.env)
    for path in (fresh / "kb").rglob("INDEX.md"):
        path.unlink()
    for name in DERIVED[1:]:
        (fresh / "kb" / name).unlink()
    clone.mdbrain("index")
    assert clone.git("status", "--porcelain").stdout == ""
    for name in DERIVED:
        rebuilt = (fresh / "kb" / name).read_bytes()
        assert repo.show("HEAD", f"kb/{name}") == rebuilt


def lock_at(repo: Repo, revision: str) -> lock_merge.Lock:
    return lock_merge.loads(repo.show(revision, "kb/ANCHORS.lock").decode("utf-8"))


# --- merging two branches ----------------------------------------------------------------


@needs_git
def test_two_branches_that_both_change_the_base_merge_without_conflict(
    repo: Repo, tmp_path: Path
) -> None:
    start_base(repo)
    repo.git("branch", "feature")

    # ours: add, edit, move, supersede, and code that changed then was verified
    repo.write("src/reset.py", "def reset(user):\n    return user\n")
    reset = new_doc(
        repo, "--title", "Password reset", "--type", "feature", "--theme", "auth",
        "--summary", "A reset link is mailed and expires after thirty minutes.",
        "--impl-ref", "src/reset.py", "--source", "ticket 12", "--body", "Mailed link.",
    )  # fmt: skip
    repo.edit("kb/guides/deploy.md", "What this document covers.", "How a release goes out.")
    repo.mdbrain("mv", "auth/logout.md", "auth/sign-out.md")
    longer = new_doc(
        repo, "--title", "Sessions last eight hours", "--type", "decision",
        "--theme", "sessions", "--summary", "A working day without signing in again.",
        "--source", "meeting of March", "--body", "Eight hours.",
    )  # fmt: skip
    repo.mdbrain("supersede", "sessions/length.md", "--by", longer, "--reason", "longer days")
    repo.edit("src/app.py", "return 3", "return 30")
    repo.mdbrain("update")
    repo.mdbrain("verify", "auth/tokens.md", "--source", "the new refresh")
    repo.mdbrain("update")
    repo.mdbrain("index")
    repo.commit_all("ours")

    # theirs: the same kinds of change, to other documents
    repo.git("checkout", "--quiet", "feature")
    repo.write("src/limits.py", "LIMIT = 60\n")
    limits = new_doc(
        repo, "--title", "Rate limits", "--type", "rule", "--theme", "api",
        "--summary", "Each client key may send sixty requests a minute.",
        "--impl-ref", "src/limits.py", "--source", "ticket 40", "--body", "Sixty.",
    )  # fmt: skip
    repo.edit("kb/sessions/storage.md", "What this document covers.", "Where sessions live.")
    repo.mdbrain("mv", "guides/setup.md", "guides/install.md")
    envelope = new_doc(
        repo, "--title", "Error envelope", "--type", "decision", "--theme", "api",
        "--summary", "Errors carry a code, a message and a request id.",
        "--source", "review of May", "--body", "Three fields.",
    )  # fmt: skip
    repo.mdbrain("supersede", "api/errors.md", "--by", envelope)
    repo.edit("src/store.py", "return session", "return dict(session)")
    repo.mdbrain("update")
    repo.mdbrain("verify", "sessions/storage.md", "--source", "the new store")
    repo.mdbrain("update")
    repo.mdbrain("index")
    repo.commit_all("theirs")
    repo.git("checkout", "--quiet", "main")

    for name in ("INDEX.md", "RELATIONS.yaml", "ANCHORS.lock"):
        versions = {repo.show(rev, f"kb/{name}") for rev in ("main~1", "main", "feature")}
        assert len(versions) == 3, f"{name} should differ on both sides"

    merged = repo.git("merge", "--no-edit", "feature")

    assert "CONFLICT" not in merged.stdout
    assert repo.git("rev-list", "--parents", "-n", "1", "HEAD").stdout.count(" ") == 2
    made = repo.git("log", "-1", "--format=%an|%s|%P", "HEAD").stdout.strip()
    tips = repo.git("rev-parse", "main~1", "feature").stdout.split()
    assert made == f"Ada Tester|Merge branch 'feature'|{' '.join(tips)}"
    assert repo.git("status", "--porcelain").stdout == ""
    fresh_index_matches_head(repo, tmp_path)
    index = repo.show("HEAD", "kb/INDEX.md").decode("utf-8")
    for moved_or_added in (reset, limits, longer, envelope, "auth/sign-out.md", "guides/install"):
        assert moved_or_added in index
    assert "guides/setup.md" not in index and "auth/logout.md" not in index
    assert repo.show("HEAD", "kb/RELATIONS.yaml").decode("utf-8").count("superseded_by:") == 2
    lock = lock_at(repo, "HEAD")
    assert {reset, limits} <= set(lock) and "auth/logout.md" not in lock
    assert lock["auth/tokens.md"] == lock_at(repo, "main~1")["auth/tokens.md"]
    assert lock["sessions/storage.md"] == lock_at(repo, "feature")["sessions/storage.md"]
    assert lock["auth/tokens.md"] != lock_at(repo, "feature")["auth/tokens.md"]


@needs_git
def test_a_conflict_in_a_document_is_left_to_git_and_its_resolution_gets_fresh_indexes(
    repo: Repo, tmp_path: Path
) -> None:
    start_base(repo)
    repo.git("branch", "feature")
    repo.edit("kb/guides/deploy.md", "What this document covers.", "Releases go out on Tuesdays.")
    repo.mdbrain("index")
    repo.commit_all("ours")
    repo.git("checkout", "--quiet", "feature")
    repo.edit("kb/guides/deploy.md", "What this document covers.", "Releases go out on Fridays.")
    repo.mdbrain("index")
    repo.commit_all("theirs")
    repo.git("checkout", "--quiet", "main")

    stopped = repo.git("merge", "--no-edit", "feature", ok=False)

    assert stopped.returncode == 1
    assert "CONFLICT (content): Merge conflict in kb/guides/deploy.md" in stopped.stdout
    unmerged = repo.git("diff", "--name-only", "--diff-filter=U").stdout.split()
    assert unmerged == ["kb/guides/deploy.md"]
    text = (repo.top / "kb/guides/deploy.md").read_text(encoding="utf-8")
    assert "<<<<<<<" in text and ">>>>>>>" in text
    # committed as it stands, both sides would become knowledge: the hook refuses it
    repo.git("add", "kb/guides/deploy.md")
    refused = repo.git("commit", "--no-edit", ok=False)
    assert refused.returncode != 0
    assert "conflict markers are still in guides/deploy.md (line" in refused.stderr
    assert repo.git("rev-list", "--parents", "-n", "1", "HEAD").stdout.count(" ") == 1
    checked = repo.mdbrain("check", "--json", ok=False)
    assert '"E010"' in checked.stdout

    resolved = [line for line in text.splitlines() if not line.startswith(("<<<", "===", ">>>"))]
    resolved = [line for line in resolved if "Fridays" not in line]
    repo.write("kb/guides/deploy.md", "\n".join(resolved).replace("Tuesdays", "Wednesdays") + "\n")
    repo.git("add", "kb/guides/deploy.md")
    repo.git("commit", "--no-edit")

    assert repo.git("rev-list", "--parents", "-n", "1", "HEAD").stdout.count(" ") == 2
    assert repo.git("status", "--porcelain").stdout == ""
    assert b"Releases go out on Wednesdays." in repo.show("HEAD", "kb/INDEX.md")
    fresh_index_matches_head(repo, tmp_path)


def two_branches(
    repo: Repo, ours: Callable[[], str], theirs: Callable[[], str], *, back: bool = True
) -> tuple[str, str]:
    """From the base: ``ours`` done and committed on main, ``theirs`` on a branch named
    feature; main checked out again unless not ``back``. What each returned."""
    start_base(repo)
    repo.git("branch", "feature")
    mine = ours()
    repo.commit_all("ours")
    repo.git("checkout", "--quiet", "feature")
    other = theirs()
    repo.commit_all("theirs")
    if back:
        repo.git("checkout", "--quiet", "main")
    return mine, other


def in_decisions(repo: Repo, title: str, *more: str) -> Callable[[], str]:
    return lambda: new_doc(repo, "--title", title, "--summary", f"{title}.", "--theme",
                           "decisions", *more)  # fmt: skip


@needs_git
def test_two_branches_that_each_write_a_first_page_in_a_new_folder_merge_its_overview(
    repo: Repo, tmp_path: Path
) -> None:
    # found on a team trial: write makes a draft overview of a new folder, both branches
    # made one, and git stopped on an add/add conflict in a page nobody wrote
    ours, theirs = two_branches(
        repo,
        in_decisions(repo, "Use Kafka", "--source", "x"),
        in_decisions(repo, "Use S3", "--source", "y"),
    )

    merged = repo.git("merge", "--no-edit", "feature", ok=False)

    assert merged.returncode == 0, merged.stdout + merged.stderr
    overview = (repo.top / "kb" / "decisions" / "overview.md").read_text(encoding="utf-8")
    for page in (ours, theirs):
        assert f"  - {page}\n" in overview and f"]({page.split('/')[-1]})" in overview
    assert (
        "the pages of this folder that no other page links to (2)" in overview
        and "<<<<<<<" not in overview
    )
    assert repo.git("status", "--porcelain").stdout == ""
    assert repo.mdbrain("check", "--json").returncode == 0
    fresh_index_matches_head(repo, tmp_path)


@needs_git
def test_an_overview_someone_completed_is_merged_as_text(repo: Repo) -> None:

    def completed() -> str:
        written = in_decisions(repo, "Use Kafka")()
        repo.edit("kb/decisions/overview.md", "nothing more.", "nothing more. Our choices.")
        return written

    two_branches(repo, completed, in_decisions(repo, "Use S3"))

    stopped = repo.git("merge", "--no-edit", "feature", ok=False)

    assert stopped.returncode == 1
    assert "Merge conflict in kb/decisions/overview.md" in stopped.stdout


@needs_git
def test_a_rebase_ends_on_a_commit_holding_the_derived_files_as_regenerated(
    repo: Repo, tmp_path: Path
) -> None:
    # a team trial: after "git rebase", the replayed commit kept the indexes it was made
    # with, which did not know the commits it now follows; nothing said so
    kafka, s3 = two_branches(
        repo,
        lambda: new_doc(repo, "--title", "Use Kafka", "--summary", "Events.", "--theme", "events"),
        lambda: new_doc(repo, "--title", "Use S3", "--summary", "Blobs.", "--theme", "storage"),
        back=False,
    )

    rebased = repo.git("rebase", "main", ok=False)

    assert rebased.returncode == 0, rebased.stdout + rebased.stderr
    assert repo.git("rev-list", "--count", "main..HEAD").stdout.strip() == "1"
    assert repo.git("log", "-1", "--format=%s").stdout.strip() == "theirs"
    index = repo.show("HEAD", "kb/INDEX.md")
    assert kafka.encode() in index and s3.encode() in index
    assert repo.git("status", "--porcelain").stdout == ""
    fresh_index_matches_head(repo, tmp_path)
    amended = repo.git("commit", "--amend", "--no-edit", "--quiet")  # not a rebase: left be
    assert amended.returncode == 0 and repo.git("status", "--porcelain").stdout == ""


# --- install and status ------------------------------------------------------------------


@needs_git
def test_install_keeps_existing_lines_and_hooks_and_a_second_run_changes_no_byte(
    repo: Repo,
) -> None:
    repo.write("kb/.gitattributes", "*.png binary\n")
    hook = repo.top / ".git" / "hooks" / "pre-commit"
    own = '#!/bin/sh\necho "checked" >> "$(git rev-parse --git-dir)/own-hook.log"\nexit 0\n'
    hook.write_text(own, encoding="utf-8")
    hook.chmod(0o755)
    repo.write("kb/guide.md", doc("Guide"))

    first = repo.mdbrain("git", "install")
    after_first = repo.snapshot()
    second = repo.mdbrain("git", "install", "--json")

    assert "wrote" in first.stdout
    assert repo.snapshot() == after_first
    assert {part["state"] for part in json.loads(second.stdout)["parts"]} == {"current"}
    assert not any(part["changed"] for part in json.loads(second.stdout)["parts"])
    attributes = (repo.top / "kb/.gitattributes").read_text(encoding="utf-8")
    assert attributes.startswith("*.png binary\n") and "# mdbrain:start" in attributes
    lines = hook.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "#!/bin/sh" and lines[-2:] == own.splitlines()[-2:]
    assert '  mdbrain -C . git hook pre-commit "$@" || exit 1' in lines
    assert repo.git("config", "merge.mdbrain.driver").stdout.strip() == (
        "mdbrain git merge-file %O %A %B %P"
    )
    attrs = repo.git("check-attr", "-a", "kb/INDEX.md", "kb/auth/INDEX.md", "kb/ANCHORS.lock")
    assert attrs.stdout.count("merge: mdbrain") == 3
    assert attrs.stdout.count("linguist-generated: true") == 3
    assert repo.git("check-attr", "merge", "kb/guide.md").stdout.endswith("unspecified\n")
    repo.commit_all("with the install")
    assert (repo.top / ".git" / "own-hook.log").read_text(encoding="utf-8") == "checked\n"
    assert repo.mdbrain("git", "status").returncode == 0


@needs_git
def test_dry_run_writes_nothing_and_says_what_it_would_write(repo: Repo) -> None:
    repo.write("kb/guide.md", doc("Guide"))
    before = repo.snapshot()

    done = repo.mdbrain("git", "install", "--dry-run", "--json")

    assert repo.snapshot() == before
    report = json.loads(done.stdout)
    assert report["dry_run"] is True
    assert [p["name"] for p in report["parts"] if p["changed"]] == [
        "kb/.gitattributes",
        "merge.mdbrain.name",
        "merge.mdbrain.driver",
        ".git/hooks/pre-merge-commit",
        ".git/hooks/post-merge",
        ".git/hooks/pre-commit",
        ".git/hooks/post-rewrite",
    ]
    status = repo.mdbrain("git", "status", ok=False)
    assert status.returncode == 1 and "missing" in status.stdout


@needs_git
def test_hooks_go_where_core_hooks_path_says_and_a_hook_in_another_language_is_left_alone(
    repo: Repo,
) -> None:
    repo.git("config", "core.hooksPath", ".githooks")
    foreign = repo.top / ".githooks" / "pre-commit"
    foreign.parent.mkdir()
    foreign.write_text("#!/usr/bin/env python3\nprint('lint')\n", encoding="utf-8")
    foreign.chmod(0o755)
    repo.write("kb/guide.md", doc("Guide"))

    done = repo.mdbrain("git", "install", ok=False)

    assert done.returncode == 1
    assert "by hand" in done.stdout and "mdbrain -C . git hook pre-commit" in done.stdout
    assert foreign.read_text(encoding="utf-8") == "#!/usr/bin/env python3\nprint('lint')\n"
    written = repo.top / ".githooks" / "pre-merge-commit"
    assert "git hook pre-merge-commit" in written.read_text(encoding="utf-8")
    assert os.access(written, os.X_OK)
    assert not (repo.top / ".git" / "hooks" / "pre-merge-commit").exists()


@needs_git
def test_the_hooks_do_nothing_without_mdbrain_or_without_a_marker(repo: Repo) -> None:
    repo.write("kb/guide.md", doc("Guide"))
    repo.mdbrain("index")
    repo.mdbrain("git", "install")
    repo.commit_all("base")
    repo.write("kb/later.md", doc("Later", "Written by hand after the last index."))
    hook = str(repo.top / ".git" / "hooks" / "pre-merge-commit")
    index = (repo.top / "kb/INDEX.md").read_bytes()
    bare_path = os.pathsep.join({str(Path(GIT or "git").parent), "/bin", "/usr/bin"})
    if shutil.which("mdbrain", path=bare_path):
        pytest.skip("mdbrain is installed system-wide: cannot take it off PATH")
    without_mdbrain = Repo(repo.top, {**repo.env, "PATH": bare_path})

    assert without_mdbrain.run(hook).stdout == ""
    (repo.top / ".rag").rename(repo.top / "rag.away")
    assert repo.run(hook).stdout == ""
    assert (repo.top / "kb/INDEX.md").read_bytes() == index
    assert repo.git("diff", "--cached", "--name-only").stdout == ""

    (repo.top / "rag.away").rename(repo.top / ".rag")
    assert "regenerated" in repo.run(hook).stdout
    assert repo.git("diff", "--cached", "--name-only").stdout.split() == [
        "kb/INDEX.md",
        "kb/OVERVIEW.md",
        "kb/RELATIONS.yaml",
    ]


@needs_git
def test_a_merge_made_with_no_verify_and_a_fast_forward_to_it_are_never_rewritten(
    repo: Repo,
) -> None:
    repo.write("kb/guide.md", doc("Guide"))
    repo.mdbrain("index")
    repo.mdbrain("git", "install")
    repo.commit_all("base")
    repo.git("checkout", "--quiet", "-b", "side")
    repo.write("kb/later.md", doc("Later", "Committed without running the index."))
    repo.commit_all("stale indexes")
    repo.git("checkout", "--quiet", "-b", "feature", "main")
    repo.git("merge", "--no-ff", "--no-verify", "--no-edit", "side")
    tip = repo.git("rev-parse", "HEAD").stdout
    assert b"later.md" not in repo.show("HEAD", "kb/INDEX.md")
    repo.git("checkout", "--quiet", "main")

    repo.git("merge", "--ff-only", "feature")

    assert repo.git("rev-parse", "HEAD").stdout == tip
    assert repo.git("status", "--porcelain").stdout == ""


@needs_git
def test_install_leaves_a_block_whose_markers_do_not_pair_up_alone(repo: Repo) -> None:
    repo.write("kb/.gitattributes", "# mdbrain:start\n*.png binary\n")

    report = merging.install(repo.top)

    part = next(p for p in report.parts if p.kind == "attributes")
    assert part.state is merging.State.MANUAL and not part.changed and "pair" in part.note
    assert "merge=mdbrain" in part.add and not report.complete
    assert (repo.top / "kb/.gitattributes").read_text(encoding="utf-8").endswith("binary\n")


@needs_git
def test_install_outside_a_repository_is_a_usage_error(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    alone = Repo(tmp_path / "alone", git_env(home, f"{BIN}{os.pathsep}{os.environ['PATH']}"))
    alone.write(".rag", 'version: "1"\nroot: ./kb\nlang: en\n')
    (alone.top / "kb").mkdir()
    done = alone.mdbrain("git", "install", ok=False)
    assert done.returncode == 2 and "not in a git repository" in done.stderr


# --- the driver's work, in process -------------------------------------------------------


def sides(tmp_path: Path, base: str, ours: str, theirs: str) -> tuple[Path, Path, Path]:
    paths = (tmp_path / "base", tmp_path / "ours", tmp_path / "theirs")
    for path, text in zip(paths, (base, ours, theirs), strict=True):
        path.write_text(text, encoding="utf-8")
    return paths


def test_the_driver_keeps_this_sides_copy_of_a_derived_file(tmp_path: Path) -> None:
    banner = "> Auto-generated — DO NOT EDIT. Latest change: 2026-11-30. Documents: 1.\n"
    head = "# INDEX — Manifest\n\n" + banner
    base, ours, theirs = sides(tmp_path, head, head + "a\n", head + "b\n")

    outcome = merging.merge_file(base, ours, theirs, "kb/INDEX.md")

    assert outcome.clean and ours.read_text(encoding="utf-8").endswith("a\n")


@needs_git
def test_the_driver_merges_a_file_mdbrain_did_not_write_as_text(tmp_path: Path) -> None:
    base, ours, theirs = sides(tmp_path, "one\ntwo\n", "one\nTWO\n", "one\n2\n")

    outcome = merging.merge_file(base, ours, theirs, "kb/api/INDEX.md")

    merged = ours.read_text(encoding="utf-8")
    assert not outcome.clean and "<<<<<<<" in merged and "TWO" in merged and "2" in merged


def test_the_driver_merges_the_anchors_lock_entry_by_entry(tmp_path: Path) -> None:
    def lock(**docs: str) -> str:
        body = {d.replace("_", "/") + ".md": {"x.py": {"hash": h, "verified": "2026-01-01"}}
                for d, h in docs.items()}  # fmt: skip
        return json.dumps({"version": 1, "docs": body})

    base, ours, theirs = sides(tmp_path, lock(a="1"), lock(a="1", b="2"), lock(a="1", c="3"))

    outcome = merging.merge_file(base, ours, theirs, "kb/ANCHORS.lock")

    assert outcome.clean
    assert sorted(lock_merge.loads(ours.read_text(encoding="utf-8"))) == ["a.md", "b.md", "c.md"]


@needs_git
def test_the_driver_merges_a_lock_it_cannot_read_as_text(tmp_path: Path) -> None:
    good = '{"docs": {}, "version": 1}\n'
    base, ours, theirs = sides(tmp_path, good, "not a lock\n", '{"version": 1}\n')

    outcome = merging.merge_file(base, ours, theirs, "kb/ANCHORS.lock")

    assert not outcome.clean and "<<<<<<<" in ours.read_text(encoding="utf-8")


# --- the three-way merge of the lock -----------------------------------------------------


def entry(fingerprint: str, day: str = "2026-01-01") -> dict[str, str]:
    return {"hash": fingerprint, "verified": day}


def test_an_entry_changed_on_one_side_only_wins() -> None:
    base = {"a.md": {"x.py": entry("1")}}
    changed = {"a.md": {"x.py": entry("2", "2026-02-01")}}
    assert lock_merge.merge(base, changed, base) == changed
    assert lock_merge.merge(base, base, changed) == changed


def test_an_entry_changed_on_both_sides_keeps_the_later_verification_either_way() -> None:
    base = {"a.md": {"x.py": entry("1")}}
    early = {"a.md": {"x.py": entry("2", "2026-02-01")}}
    late = {"a.md": {"x.py": entry("3", "2026-03-01")}}
    assert lock_merge.merge(base, early, late) == late
    assert lock_merge.merge(base, late, early) == late
    same_day = {"a.md": {"x.py": entry("9", "2026-02-01")}}
    assert lock_merge.merge(base, early, same_day) == lock_merge.merge(base, same_day, early)


def test_a_document_removed_on_one_side_stays_removed_even_if_the_other_changed_it() -> None:
    base = {"a.md": {"x.py": entry("1")}, "b.md": {"y.py": entry("1")}}
    removed = {"b.md": {"y.py": entry("1")}}
    changed = {"a.md": {"x.py": entry("2", "2026-05-01")}, "b.md": {"y.py": entry("1")}}
    assert lock_merge.merge(base, removed, changed) == removed
    assert lock_merge.merge(base, changed, removed) == removed


def test_a_moved_document_takes_the_other_sides_changes_to_its_new_id() -> None:
    base = {"old.md": {"x.py": entry("1")}}
    moved = {"new.md": {"x.py": entry("1")}}
    verified = {"old.md": {"x.py": entry("2", "2026-04-01")}}
    assert lock_merge.merge(base, moved, verified) == {"new.md": {"x.py": entry("2", "2026-04-01")}}


def test_documents_added_on_both_sides_are_merged_impl_ref_by_impl_ref() -> None:
    ours = {"a.md": {"x.py": entry("1"), "y.py": entry("2")}}
    theirs = {"a.md": {"x.py": entry("1"), "z.py": entry("3")}}
    merged = lock_merge.merge({}, ours, theirs)
    assert merged == {"a.md": {"x.py": entry("1"), "y.py": entry("2"), "z.py": entry("3")}}


def test_a_lock_text_in_another_format_is_refused_and_an_empty_one_is_empty() -> None:
    assert lock_merge.loads("") == {}
    for text in ('{"version": 2, "docs": {}}', '{"docs": {"a.md": []}, "version": 1}', "[]"):
        with pytest.raises(ValueError):
            lock_merge.loads(text)


def test_the_examples_in_the_lock_merge_docstring_hold() -> None:
    assert doctest.testmod(lock_merge).failed == 0


@needs_git
def test_without_mdbrain_on_path_git_runs_this_installation_by_its_absolute_path(
    repo: Repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mdbrain.service import merging

    repo.write("kb/guide.md", doc("Guide"))
    repo.mdbrain("index")
    which = shutil.which
    monkeypatch.setattr(
        merging.shutil, "which", lambda name, **kw: None if name == "mdbrain" else which(name, **kw)
    )
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for key, value in repo.env.items():
        monkeypatch.setenv(key, value)
    setup = merging.install(repo.top)
    driver = repo.git("config", "--local", "merge.mdbrain.driver").stdout.strip()
    assert driver == f"{shlex.quote(sys.executable)} -m mdbrain git merge-file %O %A %B %P"
    assert any("not on PATH" in part.note for part in setup.parts)
    hook = (repo.top / ".git" / "hooks" / "post-merge").read_text(encoding="utf-8")
    assert f"{shlex.quote(sys.executable)} -m mdbrain -C . git hook post-merge" in hook
    assert all(part.state is not merging.State.CURRENT or not part.changed for part in setup.parts)
    assert merging.status(repo.top).complete
