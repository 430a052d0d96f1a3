"""The command line: init, index, version, and how errors come out."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from mdbrain._version import __version__
from mdbrain.adapters.cli import cli
from tests.conftest import MakeBase, doc


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_version_is_printed() -> None:
    code, out = run("--version")
    assert code == 0 and __version__ in out


def test_python_dash_m_runs_the_same_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mdbrain", "--version"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and __version__ in done.stdout


def test_init_writes_the_marker_and_root_then_refuses_to_overwrite(tmp_path: Path) -> None:
    code, out = run("-C", str(tmp_path), "init", "knowledge")
    assert code == 0, out
    assert (tmp_path / ".rag").read_text(encoding="utf-8").startswith("# mdbrain")
    assert (tmp_path / "knowledge").is_dir()
    (tmp_path / "knowledge" / "a.md").write_text(doc(), encoding="utf-8")
    marker_before = (tmp_path / ".rag").read_bytes()
    code, out = run("-C", str(tmp_path), "init", "knowledge")
    assert code == 2
    assert "already exists" in out and "mdbrain index" in out
    assert (tmp_path / ".rag").read_bytes() == marker_before


def test_index_reports_what_it_wrote_and_then_that_nothing_changed(make_base: MakeBase) -> None:
    root = make_base({"a.md": doc(), "bad.md": "---\ntitle: [\n---\n"})
    for name in ("a.md", "bad.md"):  # old stamps: trusted at once, not read again
        os.utime(root / name, (1, 1))
    code, out = run("-C", str(root.parent), "index")
    assert code == 0
    assert "Indexed 2 documents, dated 2026-07-01 (all read)." in out and "wrote" in out
    assert "1 finding (run 'mdbrain check'" in out
    assert "bad.md:3: E002" in out
    code, out = run("-C", str(root.parent), "index")
    assert "(none changed)." in out
    (root / "a.md").write_text(doc(body="Edited."), encoding="utf-8")
    os.utime(root / "a.md", (1, 1))  # an old stamp: trusted at once
    code, out = run("-C", str(root.parent), "index")
    assert "(1 read, 1 unchanged)." in out
    code, out = run("-C", str(root.parent), "index", "--json")
    data = json.loads(out)
    assert data["written"] == [] and data["documents"] == 2
    assert data["findings"][0]["code"] == "E002" and data["findings"][0]["severity"] == "error"


def test_without_a_marker_mdbrain_says_so_and_does_nothing(tmp_path: Path) -> None:
    code, out = run("-C", str(tmp_path), "index")
    assert code == 2
    assert "no .rag marker" in out
    assert list(tmp_path.iterdir()) == []


def test_a_bad_marker_is_reported_with_its_field(tmp_path: Path) -> None:
    (tmp_path / ".rag").write_text('version: "1"\nroot: kb\nsummary_max: many\n', encoding="utf-8")
    code, out = run("-C", str(tmp_path), "index")
    assert code == 2
    assert ".rag:3" in out and "summary_max" in out


def test_a_root_that_does_not_exist_is_reported_as_not_initialised(tmp_path: Path) -> None:
    (tmp_path / ".rag").write_text('version: "1"\nroot: kb\n', encoding="utf-8")
    code, out = run("-C", str(tmp_path), "index")
    assert code == 2 and "not initialised" in out


def test_init_scan_plans_without_writing_then_writes_drafts(tmp_path: Path) -> None:
    package = tmp_path / "shop"
    package.mkdir()
    (package / "__init__.py").write_text('"""The shop package."""\n', encoding="utf-8")
    (package / "cart.py").write_text(
        '"""Shopping cart."""\n\n\ndef add(item: str) -> None:\n    """Add an item."""\n',
        encoding="utf-8",
    )
    code, out = run("-C", str(tmp_path), "init", "kb", "--scan", "--dry-run")
    assert code == 0, out
    assert (
        "would write" in out and not (tmp_path / ".rag").exists() and not (tmp_path / "kb").exists()
    )
    code, out = run("-C", str(tmp_path), "init", "kb", "--scan")
    assert code == 0, out
    assert (tmp_path / ".rag").is_file() and "check: 0 errors" in out
    drafts = list((tmp_path / "kb").rglob("*.md"))
    assert any("status: draft" in p.read_text(encoding="utf-8") for p in drafts)
    code, again = run("-C", str(tmp_path), "init", "kb", "--scan")
    assert code == 0 and "wrote 0 draft documents" in again


def test_every_command_is_documented_in_the_projects_own_guide() -> None:
    guide = (
        Path(__file__).resolve().parents[1] / "knowledge" / "guides" / "using-the-cli.md"
    ).read_text(encoding="utf-8")
    missing = [name for name in sorted(cli.commands) if f"mdbrain {name}" not in guide]
    assert missing == []


def test_a_command_named_otherwise_says_what_to_type() -> None:
    """gohugoio/hugoDocs' trial: 'mdbrain edit' said only "No such command 'edit'"."""
    from click.testing import CliRunner

    from mdbrain.adapters.cli import cli

    edit = CliRunner().invoke(cli, ["edit", "a.md"])
    assert edit.exit_code == 2 and "instead: mdbrain write --doc DOC" in edit.output
    remove = CliRunner().invoke(cli, ["rm", "a.md"])
    assert "instead: mdbrain supersede OLD --by NEW" in remove.output
    other = CliRunner().invoke(cli, ["frobnicate"])
    assert other.exit_code == 2 and "instead" not in other.output
