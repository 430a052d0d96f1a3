"""The guided demo, run end to end through the command line."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result

from mdbrain.adapters import demo
from mdbrain.adapters.cli import cli
from mdbrain.core.findings import Finding
from mdbrain.service.brain import Brain

LOGIN = "features/login.md"
MFA = "security/mfa.md"
BROKEN = "features/password-reset.md"


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli, ["demo", *args])


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Result]:
    """One demo run kept on disk, shared by the tests that look at what it left."""
    folder = tmp_path_factory.mktemp("demo") / "shop"
    return folder, invoke("--keep", str(folder))


def relations(project: Path) -> dict[str, Any]:
    data = yaml.safe_load((project / "docs" / "RELATIONS.yaml").read_text(encoding="utf-8"))
    nodes: dict[str, Any] = data["nodes"]
    return nodes


def test_demo_exits_0_and_numbers_every_step(kept: tuple[Path, Result]) -> None:
    _, result = kept
    assert result.exit_code == 0, result.output
    numbers = re.findall(r"^(\d+)\. ", result.output, re.MULTILINE)
    assert numbers == [str(n) for n in range(1, len(demo.STEPS) + 1)]
    assert "unchanged  INDEX.md, OVERVIEW.md, RELATIONS.yaml" in result.output
    assert "byte-identical to the previous run: yes" in result.output
    assert "mdbrain --help" in result.output


def test_kept_project_has_marker_sources_and_indexes(kept: tuple[Path, Result]) -> None:
    project, _ = kept
    assert (project / ".rag").is_file()
    assert (project / "src" / "shop" / "auth" / "login.py").is_file()
    for name in ("OVERVIEW.md", "INDEX.md", "RELATIONS.yaml"):
        assert (project / "docs" / name).is_file()
    assert f"| {demo.MOVED} | concept |" in (project / "docs" / "INDEX.md").read_text("utf-8")


def test_login_to_mfa_edge_is_gone_and_the_moved_page_keeps_its_one_link(
    kept: tuple[Path, Result],
) -> None:
    project, _ = kept
    nodes = relations(project)
    moved = demo.MOVED
    assert MFA not in nodes and moved in nodes
    assert moved not in nodes[LOGIN]["links"] and moved not in nodes[LOGIN]["related"]
    assert nodes[moved]["linked_by"] == [demo.RULE]  # the rule's link followed the move


def test_the_check_step_reports_the_broken_file_and_nothing_else(kept: tuple[Path, Result]) -> None:
    _, result = kept
    check_part = result.output.split("mdbrain check", 1)[1].split("mdbrain mv", 1)[0]
    assert "1 error, 0 warnings" in check_part
    assert f"docs/{BROKEN}:3:" in check_part
    assert "broken links after the move: 0" in result.output


def test_broken_document_finding_names_path_and_line(kept: tuple[Path, Result]) -> None:
    project, result = kept
    assert re.search(rf"docs/{re.escape(BROKEN)}:\d+: E002 ", result.output)
    report = Brain.open(project).index()
    assert not report.changed  # the demo left the indexes up to date
    assert report.findings == (Finding(BROKEN, 3, "E002", report.findings[0].message),)
    assert (
        report.documents == 7
    )  # five example pages, the broken one, the decision written in step 10


def test_demo_in_a_temporary_folder_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    lines: list[str] = []
    demo.run(None, lines.append)
    assert list(tmp_path.iterdir()) == []
    assert any(line.startswith("6. ") for line in lines)
    assert "--keep" in lines[-2]


@pytest.mark.parametrize("existing", ["file", "dir"])
def test_keep_refuses_a_folder_that_is_not_empty(tmp_path: Path, existing: str) -> None:
    target = tmp_path / "busy"
    target.mkdir()
    if existing == "file":
        (target / "notes.txt").write_text("mine\n", encoding="utf-8")
    else:
        (target / "sub").mkdir()
    result = invoke("--keep", str(target))
    assert result.exit_code == 2
    assert "not empty" in result.output
    assert sorted(p.name for p in target.iterdir()) == [
        "notes.txt" if existing == "file" else "sub"
    ]


def test_keep_accepts_an_empty_folder(tmp_path: Path) -> None:
    target = tmp_path / "empty"
    target.mkdir()
    result = invoke("--keep", str(target))
    assert result.exit_code == 0, result.output
    assert (target / "docs" / "RELATIONS.yaml").is_file()


def test_the_demo_question_is_answered_by_the_rule_first(tmp_path: Path) -> None:
    # the title holds every word asked, so every section inherits them: the section whose
    # own text says them all leads, not "Support" nor the names of "In the code"
    demo.build(tmp_path / "shop")
    with Brain.open(tmp_path / "shop") as brain:
        brain.index()
        asked = brain.query("How many failed sign-in attempts lock an account?")
    assert [p.title for p in asked.sections][:1] == ["Rule"]
