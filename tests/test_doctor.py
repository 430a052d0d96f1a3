"""`mdbrain doctor`: the production checklist, each item "ok" or the command that fixes it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdbrain.adapters.cli import cli
from mdbrain.core.errors import EXIT_FINDINGS, EXIT_OK
from mdbrain.service import integrations
from mdbrain.service.brain import Brain
from mdbrain.service.doctoring import LABELS, DoctorReport, diagnose
from tests.conftest import doc

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

MARKER = 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n'
CODE = "def start():\n    return 1\n"


def git(project: Path, *args: str, date: str = "2026-07-01T12:00:00") -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_DATE": date,
        "GIT_COMMITTER_DATE": date,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@t",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@t",
    }
    subprocess.run(["git", "-C", str(project), *args], check=True, capture_output=True, env=env)


def write(project: Path, rel: str, text: str) -> None:
    path = project / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def clean(tmp_path: Path) -> Path:
    """A base that passes every item: valid documents, fresh indexes, agents installed,
    everything committed."""
    project = tmp_path / "project"
    project.mkdir()
    git(project, "init", "-q")
    write(project, ".rag", MARKER)
    write(project, "src/app.py", CODE)
    git(project, "add", "-A")
    git(project, "commit", "-qm", "code")
    write(
        project,
        "kb/app/start.md",
        doc(
            "Start",
            body="See [the rule](rules.md).",
            sources="[src/app.py]",
            impl_refs="[src/app.py]",
            updated="2026-07-02",
        ),
    )
    write(project, "kb/app/rules.md", doc("Rules", body="See [start](start.md).", sources="[x]"))
    Brain.open(project).index()
    integrations.install(project, tools=["claude", "codex"])
    git(project, "add", "-A")
    git(project, "commit", "-qm", "knowledge", date="2026-07-03T12:00:00")
    return project


def by_name(report: DoctorReport) -> dict[str, tuple[bool, str, str]]:
    return {item.name: (item.ok, item.fix, item.detail) for item in report.items}


def files_of(project: Path) -> dict[str, bytes]:
    return {
        p.relative_to(project).as_posix(): p.read_bytes()
        for p in sorted(project.rglob("*"))
        if p.is_file() and ".git" not in p.parts and ".mdbrain" not in p.parts
    }


def test_a_clean_base_passes_every_item(clean: Path) -> None:
    report = diagnose(clean)
    assert [(i.name, i.ok) for i in report.items] == [(name, True) for name in LABELS]
    assert report.exit_code == EXIT_OK
    result = CliRunner().invoke(cli, ["-C", str(clean), "doctor"])
    assert result.exit_code == 0
    assert result.output.count("  ok    ") == len(LABELS)
    assert f"{len(LABELS)} of {len(LABELS)} items pass." in result.output


def test_doctor_writes_nothing(clean: Path) -> None:
    (clean / "kb/app/extra.md").write_text(doc("Extra"), encoding="utf-8")  # stale indexes
    before = files_of(clean)
    CliRunner().invoke(cli, ["-C", str(clean), "doctor", "--json"])
    assert files_of(clean) == before


def test_each_failing_item_names_its_fix(clean: Path) -> None:
    write(clean, "kb/app/Bad_Name.md", doc("Bad name", body="[start](start.md)"))
    write(clean, "kb/app/no-title.md", "---\nsummary: x\ntype: concept\n---\n\n# No title\n")
    write(clean, "kb/app/dangling.md", doc("Dangling", body="[gone](gone.md)", sources="[x]"))
    write(clean, "kb/app/leaky.md", doc("Leaky", body="token = ghp_" + "a1B2c3D4e5F6g7H8i9J0" * 2))
    write(
        clean,
        "kb/app/contact.md",
        doc("Contact", body="Questions go to ana.martin@lumen-labs.fr, who answers."),
    )
    write(clean, "kb/app/unsure.md", doc("Unsure", status="needs-review", sources="[x]"))
    write(clean, "src/app.py", CODE + "\n\ndef stop():\n    return 0\n")
    git(clean, "commit", "-qam", "code changed", date="2026-08-01T12:00:00")
    (clean / ".claude/commands/mdbrain-query.md").unlink()
    report = diagnose(clean)
    items = by_name(report)
    assert report.exit_code == EXIT_FINDINGS
    assert items["marker"][0] is True
    assert items["names"][:2] == (False, "mdbrain mv app/Bad_Name.md app/bad-name.md")
    assert items["frontmatter"][0] is False and "kb/app/no-title.md" in items["frontmatter"][1]
    assert items["indexes"][:2] == (False, "mdbrain index")
    assert items["links"][0] is False and "kb/app/dangling.md" in items["links"][1]
    assert "--fix" not in items["links"][1]  # no command mends a link to a page never there
    assert items["statuses"][:2] == (False, "mdbrain update")
    assert "app/start.md is still in force" in items["statuses"][2]
    assert items["agents"][:2] == (False, "mdbrain agents install")
    assert "mdbrain-query.md missing" in items["agents"][2]
    assert items["git"][0] is False and items["git"][1].startswith("git add .rag kb")
    assert items["secrets"][0] is False and "kb/app/leaky.md" in items["secrets"][1]
    assert items["personal-data"][0] is False and "kb/app/contact.md" in items["personal-data"][1]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ("See [the rules](rules.md#no-such-heading).", "W019"),
        ("See [the notes](../../notes/missing.txt).", "W006"),
    ],
)
def test_a_link_to_no_heading_or_no_file_fails_the_links_item(
    clean: Path, body: str, code: str
) -> None:
    """On facebook/docusaurus, doctor said "ok links" while check reported 9 links to no
    file and 5 to no heading."""
    write(clean, "kb/app/pointer.md", doc("Pointer", body=body, sources="[x]"))
    assert code in {f.code for f in Brain.open(clean).check(repair=False).findings}
    ok, fix, _detail = by_name(diagnose(clean))["links"]
    assert ok is False and "kb/app/pointer.md" in fix


def test_a_base_no_agent_tool_uses_yet_is_told_to_connect_one(clean: Path) -> None:
    for name in (".claude", ".codex", ".agents", "CLAUDE.md", "AGENTS.md", ".mcp.json"):
        path = clean / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    ok, fix, detail = by_name(diagnose(clean))["agents"]
    assert not ok and detail == "no agent tool is connected to the base yet"
    assert fix.startswith("mdbrain agents install --for")


def test_an_agent_file_git_ignores_is_connected_on_this_machine_only(clean: Path) -> None:
    """astral-sh/uv ignores .codex/*: the file install wrote never reaches the team."""
    write(clean, ".gitignore", ".codex/*\n")
    git(clean, "rm", "-q", "--cached", ".codex/config.toml")  # written, never added
    git(clean, "add", ".gitignore")
    git(clean, "commit", "-qm", "ignore codex")
    ok, fix, detail = by_name(diagnose(clean))["agents"]
    assert not ok
    assert detail == ".codex/config.toml is ignored by git: the team does not get it"
    assert fix == "git add -f .codex/config.toml, or edit .gitignore"
    report = integrations.status(clean)
    assert report.ignored == (".codex/config.toml",)
    assert any(note.startswith(".codex/config.toml is ignored by git") for note in report.notes)


def test_a_document_to_review_without_a_reason_is_not_honest(clean: Path) -> None:
    write(clean, "kb/app/unsure.md", doc("Unsure", status="needs-review", sources="[x]"))
    Brain.open(clean).index()
    git(clean, "add", "-A")
    git(clean, "commit", "-qm", "unsure", date="2026-07-04T12:00:00")
    ok, fix, detail = by_name(diagnose(clean))["statuses"]
    assert not ok
    assert (
        fix
        == "check it against the code, then mdbrain verify app/unsure.md --source <what you checked>"
    )
    assert "gives no review_reason" in detail


def test_the_git_fix_says_ignored_only_when_git_ignores_the_files(clean: Path) -> None:
    write(clean, "kb/app/fresh.md", doc("Fresh", sources="[x]"))
    ok, fix, detail = by_name(diagnose(clean))["git"]
    assert not ok and "kb/app/fresh.md" in detail and fix == "git add .rag kb"
    write(clean, ".gitignore", "fresh.md\n")
    ok, fix, _ = by_name(diagnose(clean))["git"]
    assert not ok
    assert fix == (
        "git add .rag kb (kb/app/fresh.md is ignored by git: take it out of .gitignore first)"
    )


def test_a_history_git_cannot_read_fails_no_item_but_the_git_ones(
    clean: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # as in a partial clone: "git log failed: fatal: unable to read 20c45edf..."
    from mdbrain.core.errors import GitError
    from mdbrain.store import git as git_store

    def unreadable(self: git_store.Git, under: str = "") -> dict[str, str]:
        raise GitError("git log failed: fatal: unable to read 20c45edf", command="git log")

    monkeypatch.setattr(git_store.Git, "renames", unreadable)
    report = diagnose(clean)  # no exception: every item is there
    assert [item.name for item in report.items] == list(LABELS)
    assert by_name(report)["statuses"][0] is True  # drift is read by content, not history
    assert list(Brain.open(clean).update(dry_run=True).flagged) == []


def test_a_project_outside_git_is_told_to_start_a_repository(clean: Path) -> None:
    shutil.rmtree(clean / ".git")
    ok, fix, _ = by_name(diagnose(clean))["git"]
    assert not ok and fix == "git init && git add .rag kb && git commit"


def test_without_a_marker_every_item_fails_and_init_is_the_fix(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["-C", str(tmp_path), "doctor", "--json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["ok"] is False and data["project"] is None
    assert data["items"][0]["fix"] == "mdbrain init"
    assert all(not item["ok"] for item in data["items"])


def test_an_unknown_marker_setting_fails_the_marker_item(clean: Path) -> None:
    (clean / ".rag").write_text(MARKER + "colour: blue\n", encoding="utf-8")
    ok, fix, detail = by_name(diagnose(clean))["marker"]
    assert not ok and fix == "remove the unknown settings from .rag" and "colour" in detail


def test_the_command_line_prints_one_line_per_item(clean: Path) -> None:
    write(clean, "kb/app/more.md", doc("More", body="[start](start.md)", sources="[x]"))
    git(clean, "add", "-A")
    git(clean, "commit", "-qm", "more", date="2026-07-04T12:00:00")
    result = CliRunner().invoke(cli, ["-C", str(clean), "doctor"])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert len(lines) == len(LABELS) + 2
    assert "  fix   derived indexes current (W005): mdbrain index  [" in result.output
    assert f"{len(LABELS) - 1} of {len(LABELS)} items pass." in result.output
