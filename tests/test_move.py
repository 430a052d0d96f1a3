"""Moving documents: every link follows, and check mends links to files git saw renamed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from mdbrain.core.errors import UsageError
from mdbrain.service.brain import Brain
from tests.conftest import MakeBase, doc


def relations(root: Path) -> dict[str, dict[str, list[str]]]:
    data = yaml.safe_load((root / "RELATIONS.yaml").read_text(encoding="utf-8"))
    return data["nodes"]  # type: ignore[no-any-return]


def small_base(make_base: MakeBase) -> Path:
    return make_base(
        {
            "auth/login.md": doc(
                "Login", body="Uses [MFA](../security/mfa.md) and [s](session.md)."
            ),
            "auth/session.md": doc(
                "Session", body="After [login](login.md).", related="[security/mfa.md]"
            ),
            "security/mfa.md": doc(
                "MFA", body="Back to [login](../auth/login.md).", supersedes="[old/mfa.md]"
            ),
            "old/mfa.md": doc("Old MFA", status="deprecated", superseded_by="[security/mfa.md]"),
        }
    )


def test_moving_a_document_rewrites_links_fields_and_its_own_links(make_base: MakeBase) -> None:
    root = small_base(make_base)
    untouched = (root / "auth" / "session.md").read_bytes()
    report = Brain.open(root).move("security/mfa.md", "identity/factors/mfa.md")
    assert report.new == "identity/factors/mfa.md"
    assert sorted(report.rewritten) == ["auth/login.md", "auth/session.md", "old/mfa.md"]
    assert not (root / "security" / "mfa.md").exists()
    moved = (root / "identity" / "factors" / "mfa.md").read_text(encoding="utf-8")
    assert "[login](../../auth/login.md)" in moved
    assert "(../identity/factors/mfa.md)" in (root / "auth" / "login.md").read_text(
        encoding="utf-8"
    )
    assert "superseded_by: [identity/factors/mfa.md]" in (root / "old" / "mfa.md").read_text(
        encoding="utf-8"
    )
    session = (root / "auth" / "session.md").read_bytes()
    assert session == untouched.replace(b"security/mfa.md", b"identity/factors/mfa.md")
    nodes = relations(root)
    assert nodes["identity/factors/mfa.md"]["linked_by"] == ["auth/login.md", "auth/session.md"]
    assert "security/mfa.md" not in nodes
    codes = {f.code for f in Brain.open(root).check().findings}
    assert not codes & {"W001", "E007", "W010", "W005"}


def test_a_moved_document_keeps_its_links_to_the_projects_files_above_the_root(
    make_base: MakeBase,
) -> None:
    body = "See [the readme](../../README.md#install) and [a peer](b.md)."
    root = make_base({"sub/a.md": doc("A", body=body), "sub/b.md": doc("B", body="[a](a.md)")})
    (root.parent / "README.md").write_text("# Project\n", encoding="utf-8")
    Brain.open(root).move("sub/a.md", "a.md")
    moved = (root / "a.md").read_text(encoding="utf-8")
    assert "[the readme](../README.md#install)" in moved and "[a peer](sub/b.md)" in moved
    Brain.open(root).move("a.md", "deep/er/a.md")
    moved = (root / "deep" / "er" / "a.md").read_text(encoding="utf-8")
    assert "[the readme](../../../README.md#install)" in moved
    assert "W006" not in {f.code for f in Brain.open(root).check().findings}


def test_a_moved_document_keeps_its_images_and_links_to_code(make_base: MakeBase) -> None:
    """fastapi/fastapi: after a move, the Markdown links followed the page and its
    ``<img src>`` did not, and check found two W006."""
    body = (
        "![Flow](img/flow.png) and [the app](../../src/app.py#L3).\n\n"
        '<img src="../../docs/img/shot.png" alt="Shot"> <img src="https://x.org/a.png">\n\n'
        '<img data-src="../../docs/img/shot.png" src="../../docs/img/shot.png">\n\n'
        "`[not a link](../../src/app.py)`\n"
    )
    root = make_base({"tutorial/a.md": doc("A", body=body)})
    (root / "tutorial" / "img").mkdir()
    (root / "tutorial" / "img" / "flow.png").write_bytes(b"\x89PNG")
    for name in ("src/app.py", "docs/img/shot.png"):
        (root.parent / name).parent.mkdir(parents=True, exist_ok=True)
        (root.parent / name).write_text("x = 1\n", encoding="utf-8")
    Brain.open(root).move("tutorial/a.md", "tutorial/responses/a.md")
    moved = (root / "tutorial" / "responses" / "a.md").read_text(encoding="utf-8")
    assert "![Flow](../img/flow.png)" in moved
    assert "[the app](../../../src/app.py#L3)" in moved
    assert '<img src="../../../docs/img/shot.png" alt="Shot">' in moved
    assert '<img src="https://x.org/a.png">' in moved
    # the src itself, not a data-src before it (found in review)
    assert 'src="../../../docs/img/shot.png">' in moved.split("data-src")[-1]
    assert "`[not a link](../../src/app.py)`" in moved  # code stays as written
    assert not {"W006", "W001"} & {f.code for f in Brain.open(root).check().findings}


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("nope.md", "x.md", "not a document"),
        ("auth/login.md", "auth/session.md", "already exists"),
        ("auth/login.md", "INDEX.md", "reserved"),
        ("auth/login.md", "_drafts/login.md", "leaves out of the base"),
        ("auth/login.md", "../outside.md", "climbs out"),
        # WebAssembly/design: "mv faq.md FAQ.md" was done, and check then said E001
        ("auth/login.md", "auth/Login.md", r"naming rule .* auth/login\.md keeps to it"),
        ("auth/login.md", "Auth Pages/login.md", r"auth-pages/login\.md keeps to it"),
        ("auth/login.md", "auth/login_page.MD", r"auth/login-page\.md keeps to it"),
    ],
)
def test_a_move_that_cannot_be_done_changes_nothing(
    make_base: MakeBase, old: str, new: str, words: str
) -> None:
    root = small_base(make_base)
    before = {p: p.read_bytes() for p in root.rglob("*.md")}
    with pytest.raises(UsageError, match=words):
        Brain.open(root).move(old, new)
    assert {p: p.read_bytes() for p in root.rglob("*.md")} == before


def test_a_move_out_of_a_folder_leaves_no_empty_folder_behind(make_base: MakeBase) -> None:
    """dotnet/csharplang: after `mv`, docs-rag/proposals/collections/ stayed, empty."""
    root = make_base(
        {
            "proposals/collections/deep/lists.md": doc("Lists"),
            "proposals/ranges.md": doc("Ranges"),
            "other/kept.md": doc("Kept"),
        }
    )
    Brain.open(root).move("proposals/collections/deep/lists.md", "other/lists.md")
    assert not (root / "proposals" / "collections").exists()
    assert (root / "proposals" / "ranges.md").is_file() and (root / "other" / "lists.md").is_file()
    Brain.open(root).move("other/kept.md", "kept.md")  # other/ still holds lists.md
    assert (root / "other" / "lists.md").is_file()


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(cwd), *args], check=True, capture_output=True)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_check_reports_a_rename_git_recorded_and_fix_follows_it(make_base: MakeBase) -> None:
    root = small_base(make_base)
    project = root.parent
    git(project, "init", "-q")
    git(project, "-c", "user.email=t@t", "-c", "user.name=t", "add", ".")
    git(project, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "base")
    git(project, "mv", "kb/auth/session.md", "kb/auth/sessions.md")
    git(project, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "rename")
    brain = Brain.open(root)
    before = (root / "auth" / "login.md").read_bytes()
    unfixed = brain.check()  # by default the check edits no document: it says what to do
    broken = [f for f in unfixed.findings if f.code == "W001"]
    assert [f.path for f in broken] == ["auth/login.md"]
    assert "renamed to auth/sessions.md" in broken[0].message
    assert "mdbrain check --fix" in broken[0].message
    assert (root / "auth" / "login.md").read_bytes() == before
    report = brain.check(fix=True)
    assert [(r.path, r.code) for r in report.repairs if r.code == "W001"] == [
        ("auth/login.md", "W001")
    ]
    assert "[s](sessions.md)" in (root / "auth" / "login.md").read_text(encoding="utf-8")
    assert not [f for f in report.findings if f.code == "W001"]


def test_renames_read_under_a_folder_leave_out_the_rest_of_the_history(
    make_base: MakeBase,
) -> None:
    from mdbrain.store import git as git_store

    root = small_base(make_base)
    project = root.parent
    (project / "tool.py").write_text("x = 1\n", encoding="utf-8")
    git(project, "init", "-q")
    git(project, "-c", "user.email=t@t", "-c", "user.name=t", "add", ".")
    git(project, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "base")
    git(project, "mv", "kb/auth/session.md", "kb/auth/sessions.md")
    git(project, "mv", "tool.py", "tools.py")
    git(project, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "renames")
    history = git_store.Git(root / "auth")  # from a folder below the top, as a base may be
    assert history.renames() == {"kb/auth/session.md": "kb/auth/sessions.md", "tool.py": "tools.py"}
    assert history.renames("kb/") == {"kb/auth/session.md": "kb/auth/sessions.md"}


def test_the_mv_command_takes_file_paths_and_reports_what_it_updated(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from mdbrain.adapters.cli import cli

    root = small_base(make_base)
    monkeypatch.chdir(root.parent)
    result = CliRunner().invoke(cli, ["mv", "kb/auth/session.md", "kb/auth/sessions.md"])
    assert result.exit_code == 0, result.output
    assert "Moved auth/session.md to auth/sessions.md." in result.output
    assert "auth/login.md" in result.output
    assert (root / "auth" / "sessions.md").exists()
    result = CliRunner().invoke(cli, ["mv", "kb/auth/missing.md", "kb/x.md"])
    assert result.exit_code == 2 and "not a document" in result.output


def test_mv_counts_the_links_of_the_pages_it_names_apart_from_the_moved_pages_own(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """thanos-io/thanos: "Updated 8 links or relations in: components/compact.md", which
    held 2 of them; the other 6 were the moved page's own, rewritten from its new folder."""
    from click.testing import CliRunner

    from mdbrain.adapters.cli import cli

    root = make_base(
        {
            "ops/trouble.md": doc("Trouble", body="See [a](../a.md), [b](../b.md), [c](../c.md)."),
            "compact.md": doc(
                "Compact", body="[Overlaps](ops/trouble.md#x), [again](ops/trouble.md)."
            ),
            **{f"{n}.md": doc(n.upper(), body="x") for n in "abc"},
        }
    )
    monkeypatch.chdir(root.parent)
    moved = CliRunner().invoke(cli, ["mv", "kb/ops/trouble.md", "kb/ops/trouble/cases.md"])
    assert moved.exit_code == 0, moved.output
    assert "Updated 2 links or relations in: compact.md" in moved.output
    assert "Rewrote 3 of its own links from its new folder." in moved.output


def test_a_document_that_is_not_utf8_stops_the_move_before_anything_is_written(
    make_base: MakeBase,
) -> None:
    root = small_base(make_base)
    (root / "auth" / "legacy.md").write_bytes(b"---\ntitle: caf\xe9\n---\n")
    before = {p: p.read_bytes() for p in root.rglob("*.md")}
    with pytest.raises(UsageError, match="UTF-8"):
        Brain.open(root).move("auth/legacy.md", "auth/old-legacy.md")
    assert {p: p.read_bytes() for p in root.rglob("*.md")} == before


def test_relations_written_from_the_root_follow_a_move(make_base: MakeBase) -> None:
    root = small_base(make_base)
    (root / "auth" / "session.md").write_text(
        doc("Session", related="[/security/mfa.md]", body="[l](login.md)"), encoding="utf-8"
    )
    Brain.open(root).move("security/mfa.md", "security/factor.md")
    assert "related: [security/factor.md]" in (root / "auth" / "session.md").read_text(
        encoding="utf-8"
    )


@pytest.mark.parametrize("failing", ["b.md", "c.md"])
def test_a_write_failing_midway_leaves_the_base_as_it_was(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    # the moved page was written first, then each page linking to it: a full disk at the
    # second left the page twice, one link following it and the other not
    from mdbrain.core.errors import StorageError
    from tests.conftest import fail_writes

    root = make_base(
        {
            "a.md": doc("A", body="Alpha. [B](b.md)"),
            "b.md": doc("B", body="See [A](a.md)."),
            "c.md": doc("C", related="[a.md]"),
        }
    )
    before = {p.relative_to(root): p.read_bytes() for p in root.rglob("*.md")}
    fail_writes(monkeypatch, failing)
    with Brain.open(root.parent) as brain, pytest.raises(StorageError, match="No space"):
        brain.move("a.md", "new/place/a.md")
    monkeypatch.undo()
    assert {p.relative_to(root): p.read_bytes() for p in root.rglob("*.md")} == before
    assert not (root / "new").exists()
    assert not [p for p in root.rglob("*") if p.name.endswith(".tmp")]
    with Brain.open(root.parent) as brain:  # and the move can be made once the disk has room
        assert brain.move("a.md", "new/place/a.md").rewritten == ("b.md", "c.md")


@pytest.mark.parametrize(
    ("here", "old", "new", "moved"),
    [
        # from the project: both file paths, the new one in a folder not made yet
        (".", "kb/security/mfa.md", "kb/security/model/mfa.md", "security/model/mfa.md"),
        # from a folder of the base: paths from there, as a shell's mv reads them
        ("kb/security", "mfa.md", "model/mfa.md", "security/model/mfa.md"),
        ("kb/security", "mfa.md", "../auth/mfa.md", "auth/mfa.md"),
        # ids from the root stay ids where no such path leads into the root
        (".", "security/mfa.md", "auth/factors/mfa.md", "auth/factors/mfa.md"),
    ],
)
def test_the_new_name_is_read_as_a_file_path_as_the_old_one_is(
    make_base: MakeBase, here: str, old: str, new: str, moved: str
) -> None:
    # on prometheus/docs, "mv docs-rag/concepts/a.md docs-rag/concepts/model/a.md" read the
    # first as a path and the second as an id, and made docs-rag/docs-rag/concepts/model/
    root = small_base(make_base)
    project = root.parent
    with Brain.open(project) as brain:
        report = brain.move(old, new, cwd=project / here)
    assert (report.old, report.new) == ("security/mfa.md", moved)
    assert (root / moved).is_file() and not (root / "security" / "mfa.md").exists()
    assert not (root / "kb").exists() and not (root / "security" / "kb").exists()


def test_a_move_made_whose_indexes_cannot_be_written_says_so_and_succeeds(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    # prometheus/docs, RELATIONS.yaml made immutable: the move was made, links and all,
    # but mv printed an error and exited 5, and the retry found the page gone
    import errno

    from click.testing import CliRunner

    from mdbrain.adapters.cli import cli
    from tests.conftest import fail_writes

    root = small_base(make_base)
    fail_writes(monkeypatch, "RELATIONS.yaml", errno.EPERM, "Operation not permitted")
    moved = CliRunner().invoke(
        cli, ["-C", str(root.parent), "mv", "security/mfa.md", "auth/mfa.md"]
    )
    assert moved.exit_code == 0, moved.output
    assert "Moved security/mfa.md to auth/mfa.md." in moved.stdout
    assert "indexes could not be regenerated (RELATIONS.yaml: cannot write it" in moved.stderr
    assert "mdbrain index" in moved.stderr
    assert (root / "auth" / "mfa.md").is_file() and not (root / "security" / "mfa.md").exists()
    with Brain.open(root.parent) as brain:  # the write reports it too, and goes on
        written = brain.write({"title": "Tokens", "summary": "How long.", "sources": ["x"]})
    assert written.index is not None and "RELATIONS.yaml" in written.index.failed
    monkeypatch.undo()
    indexed = CliRunner().invoke(cli, ["-C", str(root.parent), "index"])
    assert indexed.exit_code == 0 and "auth/mfa.md" in (root / "RELATIONS.yaml").read_text()


def test_a_link_whose_text_runs_over_two_lines_follows_the_move(make_base: MakeBase) -> None:
    # prometheus/docs wraps its prose: "[metric\ntypes](...)" was read as no link, so it
    # stayed pointing at the old place, and show listed no such link
    root = make_base(
        {
            "a.md": doc("A", body="Read the [metric\ntypes](types.md) page, and [b](b.md)."),
            "types.md": doc("Metric types", body="Four."),
            "b.md": doc("B", body="Back to [the\nfirst\npage](a.md)."),
        }
    )
    with Brain.open(root.parent) as brain:
        assert brain.show("types.md").links == {"linked_by": ("a.md",)}
        report = brain.move("types.md", "concepts/types.md")
    assert report.rewritten == ("a.md",)
    assert "[metric\ntypes](concepts/types.md) page" in (root / "a.md").read_text(encoding="utf-8")


def test_renames_undone_or_names_used_again_end_where_the_files_are(tmp_path: Path) -> None:
    """encode/httpx: ``_config.py`` renamed, back, and again read as renamed to itself, so
    neither check nor update said where it went."""
    from mdbrain.store import git as git_store

    project = tmp_path / "p"
    project.mkdir()

    def commit(*moves: tuple[str, str]) -> None:
        for old, new in moves:
            git(project, "mv", old, new)
        git(project, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "m")

    for name in ("a.py", "x.py"):
        (project / name).write_text(f"{name} = 1\n", encoding="utf-8")
    git(project, "init", "-q")
    git(project, "add", ".")
    commit()
    commit(("a.py", "b.py"), ("x.py", "y.py"))
    commit(("b.py", "a.py"))  # undone
    commit(("a.py", "b.py"))  # and done again
    (project / "x.py").write_text("another file\n", encoding="utf-8")
    git(project, "add", "x.py")
    commit()
    commit(("x.py", "z.py"))  # the name used again, by another file
    assert git_store.Git(project).renames() == {"a.py": "b.py", "x.py": "z.py"}
    commit(("b.py", "a.py"))  # undone once more: a.py is where the file is
    assert git_store.Git(project).renames() == {"b.py": "a.py", "x.py": "z.py"}
