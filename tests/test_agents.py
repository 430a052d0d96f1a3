"""`mdbrain agents install` and `status`: the files each agent tool reads, merged safely.

Golden files hold what an install writes for each tool alone, under
``tests/golden/agents/<tool>/`` with the paths the tool reads. To write or
refresh them after an intended change::

    MDBRAIN_UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_agents.py

then review the diff of ``tests/golden/agents``.
"""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from mdbrain.adapters.cli import cli
from mdbrain.core import agent_files, agent_texts, agent_tools, jsonc, mcp_config
from mdbrain.core.agent_files import State
from mdbrain.core.errors import DocumentError, InvalidRequestError, NoMarkerError
from mdbrain.service import integrations

GOLDEN = Path(__file__).parent / "golden" / "agents"
UPDATE_VAR = "MDBRAIN_UPDATE_GOLDEN"
MARKER = 'version: "1"\nroot: kb\nlang: en\n'
OTHER_SERVER = '"other": {"command": "other-server", "args": ["--port", "1"]}'


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project with a marker and an empty knowledge root, and no agent tool yet."""
    folder = tmp_path / "project"
    (folder / "kb").mkdir(parents=True)
    (folder / ".rag").write_text(MARKER, encoding="utf-8")
    return folder


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """$HOME pointed at an empty folder of the test."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    return folder


def tree(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder``: its bytes and its modification time."""
    return {
        path.relative_to(folder).as_posix(): (path.read_bytes(), path.stat().st_mtime_ns)
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def run(project: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["-C", str(project), *args])
    return result.exit_code, result.output


# --- golden files -----------------------------------------------------------------------


@pytest.mark.parametrize("tool", agent_tools.NAMES)
def test_install_writes_the_golden_files_of_each_tool(project: Path, tool: str) -> None:
    before = set(tree(project))
    report = integrations.install(project, tools=[tool])
    written = {p: data for p, (data, _) in tree(project).items() if p not in before}
    assert set(report.written) == set(written)
    expected_folder = GOLDEN / tool
    if os.environ.get(UPDATE_VAR) == "1":
        for rel, data in written.items():
            (expected_folder / rel).parent.mkdir(parents=True, exist_ok=True)
            (expected_folder / rel).write_bytes(data)
    if not expected_folder.is_dir():
        pytest.fail(f"golden files for {tool} are missing: run '{UPDATE_VAR}=1 pytest {__file__}'")
    expected = {p: data for p, (data, _) in tree(expected_folder).items()}
    assert written == expected, f"refresh with '{UPDATE_VAR}=1 pytest' and review the diff"


def test_each_tool_gets_its_pointer_skills_commands_and_server(project: Path) -> None:
    integrations.install(project, tools=["all"])
    assert (project / ".claude/skills/mdbrain-memory/SKILL.md").is_file()
    assert (project / ".agents/skills/mdbrain-sync/SKILL.md").is_file()
    assert (project / ".gemini/commands/mdbrain-query.toml").is_file()
    assert (project / ".cursor/commands/mdbrain-check.md").is_file()
    assert (project / ".opencode/commands/mdbrain-init.md").is_file()
    assert (project / ".kilo/commands/mdbrain-update.md").is_file()
    assert not (project / ".codex/commands").exists()  # Codex has no custom commands
    claude = json.loads((project / ".mcp.json").read_text(encoding="utf-8"))
    assert claude["mcpServers"]["mdbrain"] == {
        "type": "stdio",
        "command": "mdbrain",
        "args": ["mcp"],
    }
    codex = tomllib.loads((project / ".codex/config.toml").read_text(encoding="utf-8"))
    assert codex["mcp_servers"]["mdbrain"] == {"command": "mdbrain", "args": ["mcp"]}
    opencode = json.loads((project / "opencode.json").read_text(encoding="utf-8"))
    assert opencode["mcp"]["mdbrain"]["command"] == ["mdbrain", "mcp"]
    kilo = json.loads((project / ".kilo/kilo.json").read_text(encoding="utf-8"))
    assert kilo["mcp"]["mdbrain"]["type"] == "local"
    assert (project / "CLAUDE.md").read_text(encoding="utf-8").count("\n@AGENTS.md\n") == 1
    assert "\n@./AGENTS.md\n" in (project / "GEMINI.md").read_text(encoding="utf-8")


def test_commands_use_each_tools_argument_placeholder(project: Path) -> None:
    integrations.install(project, tools=["all"])
    claude = (project / ".claude/commands/mdbrain-query.md").read_text(encoding="utf-8")
    gemini = tomllib.loads(
        (project / ".gemini/commands/mdbrain-query.toml").read_text(encoding="utf-8")
    )
    cursor = (project / ".cursor/commands/mdbrain-query.md").read_text(encoding="utf-8")
    assert "$ARGUMENTS" in claude and "argument-hint:" in claude
    assert "{{args}}" in gemini["prompt"] and gemini["description"]
    assert "$ARGUMENTS" not in cursor and "the text typed after the command" in cursor


def test_skills_follow_the_agent_skills_format_and_skip_without_a_marker(project: Path) -> None:
    integrations.install(project, tools=["codex"])
    for skill in agent_texts.SKILLS:
        text = (project / f".agents/skills/{skill.name}/SKILL.md").read_text(encoding="utf-8")
        head = text.split("---\n")[1]
        assert f"\nname: {skill.name}\n" in head
        assert json.loads(head.split("description: ", 1)[1].splitlines()[0]) == skill.description
        assert len(skill.description) <= 1024
        assert "no `.rag` file, skip" in text
        assert "A task is done when its documents are updated" in text


# --- idempotence, dry run, user level ---------------------------------------------------


def test_a_second_install_changes_no_byte_and_no_mtime(project: Path) -> None:
    (project / ".claude").mkdir()
    first = integrations.install(project, tools=["all"])
    assert first.written
    before = tree(project)
    second = integrations.install(project, tools=["all"])
    assert second.written == ()
    assert tree(project) == before


def test_the_command_line_install_is_idempotent_too(project: Path) -> None:
    code, output = run(project, "agents", "install")
    assert code == 0, output
    before = tree(project)
    code, output = run(project, "agents", "install")
    assert code == 0
    assert "wrote" not in output and "unchanged   AGENTS.md" in output
    assert tree(project) == before


def test_dry_run_writes_nothing_and_says_what_it_would_write(project: Path) -> None:
    before = tree(project)
    code, output = run(project, "agents", "install", "--for", "claude,gemini", "--dry-run")
    assert code == 0
    assert tree(project) == before
    assert "would write AGENTS.md" in output
    assert "would write .gemini/settings.json" in output


def test_global_install_writes_skills_and_commands_under_home_only(
    project: Path, home: Path, tmp_path: Path
) -> None:
    outside = {p: v for p, v in tree(tmp_path).items() if not p.startswith("home/")}
    code, output = run(project, "agents", "install", "--global", "--for", "all")
    assert code == 0, output
    assert {p: v for p, v in tree(tmp_path).items() if not p.startswith("home/")} == outside
    written = set(tree(home))
    assert ".claude/skills/mdbrain-memory/SKILL.md" in written
    assert ".agents/skills/mdbrain-sync/SKILL.md" in written
    assert ".gemini/commands/mdbrain-init.toml" in written
    assert ".config/opencode/commands/mdbrain-query.md" in written
    assert ".config/kilo/commands/mdbrain-check.md" in written
    assert ".cursor/commands/mdbrain-update.md" in written
    assert not any(p.endswith(("AGENTS.md", "mcp.json", "config.toml")) for p in written)
    code, output = run(project, "agents", "status", "--global", "--for", "all")
    assert code == 0 and "missing" not in output


def test_global_install_chooses_the_tools_the_user_has(home: Path, tmp_path: Path) -> None:
    (home / ".gemini").mkdir()
    report = integrations.install(home, user_level=True)
    assert [t.name for t in report.tools] == ["gemini"]
    assert all(i.path.startswith("~/") for t in report.tools for i in t.items)


# --- what is there survives -------------------------------------------------------------


def test_an_existing_agents_md_keeps_every_byte_outside_the_section(project: Path) -> None:
    mine = "# Working here\r\n\r\nRun `make test` before pushing.\r\n"
    (project / "AGENTS.md").write_bytes(mine.encode())
    integrations.install(project, tools=["codex"])
    after = (project / "AGENTS.md").read_bytes().decode()
    assert after.startswith(mine + "\r\n" + agent_files.START + "\r\n")
    assert after.endswith(agent_files.END + "\r\n")
    edited = after.replace("keeps what it knows", "kept what it knew") + "Footer.\r\n"
    (project / "AGENTS.md").write_bytes(edited.encode())
    assert integrations.status(project, tools=["codex"]).tools[0].items[0].state is State.STALE
    integrations.install(project, tools=["codex"])
    assert (project / "AGENTS.md").read_bytes().decode() == after + "Footer.\r\n"


def test_a_claude_md_that_already_imports_agents_md_is_left_alone(project: Path) -> None:
    (project / "CLAUDE.md").write_text("# Notes\n\n@AGENTS.md\n", encoding="utf-8")
    report = integrations.install(project, tools=["claude"])
    assert (project / "CLAUDE.md").read_text(encoding="utf-8") == "# Notes\n\n@AGENTS.md\n"
    item = next(i for i in report.tools[0].items if i.path == "CLAUDE.md")
    assert item.state is State.CURRENT and not item.changed


def test_a_claude_md_linked_to_agents_md_is_not_turned_into_an_import(project: Path) -> None:
    (project / "AGENTS.md").write_text("# Shared notes\n", encoding="utf-8")
    (project / "CLAUDE.md").symlink_to("AGENTS.md")
    integrations.install(project, tools=["claude"])
    text = (project / "AGENTS.md").read_text(encoding="utf-8")
    assert "## Project memory (mdbrain)" in text and "@AGENTS.md" not in text
    assert (project / "CLAUDE.md").is_symlink()
    assert integrations.install(project, tools=["claude"]).written == ()


def test_markers_that_do_not_pair_up_leave_the_file_untouched(project: Path) -> None:
    broken = f"# Mine\n{agent_files.START}\nhalf a section\n"
    (project / "AGENTS.md").write_text(broken, encoding="utf-8")
    report = integrations.install(project, tools=["codex"])
    assert (project / "AGENTS.md").read_text(encoding="utf-8") == broken
    item = report.tools[0].items[0]
    assert item.state is State.MANUAL and "pair up" in item.note
    assert not report.complete


def test_a_json_config_with_other_servers_and_comments_keeps_them(project: Path) -> None:
    original = (
        "{\n"
        "  // servers of this team\n"
        '  "mcpServers": {\n'
        f"    {OTHER_SERVER} /* keep me */\n"
        "  },\n"
        '  "theme": "dark", // trailing comma next\n'
        "}\n"
    )
    (project / ".gemini").mkdir()
    (project / ".gemini/settings.json").write_text(original, encoding="utf-8")
    integrations.install(project, tools=["gemini"])
    assert (project / ".gemini/settings.json").read_text(encoding="utf-8") == (
        "{\n"
        "  // servers of this team\n"
        '  "mcpServers": {\n'
        f"    {OTHER_SERVER}, /* keep me */\n"
        '    "mdbrain": {\n'
        '      "command": "mdbrain",\n'
        '      "args": ["mcp"]\n'
        "    }\n"
        "  },\n"
        '  "theme": "dark", // trailing comma next\n'
        "}\n"
    )


def test_a_plain_json_config_gains_the_entry_and_stays_json(project: Path) -> None:
    original = {"mcpServers": {"other": {"command": "x"}}, "enableAllProjectMcpServers": True}
    (project / ".mcp.json").write_text(json.dumps(original, indent=4) + "\n", encoding="utf-8")
    integrations.install(project, tools=["claude"])
    after = json.loads((project / ".mcp.json").read_text(encoding="utf-8"))
    assert after["mcpServers"]["other"] == {"command": "x"}
    assert after["enableAllProjectMcpServers"] is True
    assert list(after["mcpServers"]) == ["other", "mdbrain"]
    assert '\n        "mdbrain": {\n            "type"' in (project / ".mcp.json").read_text(
        encoding="utf-8"
    )


def test_a_toml_config_with_other_servers_and_comments_keeps_them(project: Path) -> None:
    original = (
        "# my Codex settings\n"
        'model = "o4"  # the one I like\n'
        "\n"
        "[mcp_servers.other]\n"
        'command = "other-server" # started by Codex\n'
        'args = ["--port", "1"]\n'
    )
    (project / ".codex").mkdir()
    (project / ".codex/config.toml").write_text(original, encoding="utf-8")
    integrations.install(project, tools=["codex"])
    assert (project / ".codex/config.toml").read_text(encoding="utf-8") == (
        original + '\n[mcp_servers.mdbrain]\ncommand = "mdbrain"\nargs = ["mcp"]\n'
    )


def test_a_stale_toml_entry_is_corrected_keeping_its_comments_and_extra_keys(
    project: Path,
) -> None:
    original = (
        "[mcp_servers.mdbrain] # ours\n"
        'command = "/old/mdbrain"  # moved since\n'
        'args = ["mcp"]\n'
        'env = { MDBRAIN_LOCK_WAIT = "9" }\n'
    )
    (project / ".codex").mkdir()
    (project / ".codex/config.toml").write_text(original, encoding="utf-8")
    report = integrations.status(project, tools=["codex"])
    assert next(i for i in report.tools[0].items if i.kind == "mcp").state is State.STALE
    integrations.install(project, tools=["codex"])
    assert (project / ".codex/config.toml").read_text(encoding="utf-8") == original.replace(
        "/old/mdbrain", "mdbrain"
    )


def test_an_opencode_jsonc_in_the_newer_shape_gets_the_entry_under_servers(
    project: Path,
) -> None:
    (project / "opencode.jsonc").write_text(
        '{\n  // v2\n  "mcp": {\n    "servers": {}\n  }\n}\n', encoding="utf-8"
    )
    integrations.install(project, tools=["opencode"])
    assert not (project / "opencode.json").exists()
    data = jsonc.loads((project / "opencode.jsonc").read_text(encoding="utf-8")).value
    assert data == {
        "mcp": {"servers": {"mdbrain": {"type": "local", "command": ["mdbrain", "mcp"]}}}
    }


def test_a_config_mdbrain_cannot_read_is_left_alone_with_the_entry_to_add(
    project: Path,
) -> None:
    broken = '{\n  "mcp": { "other": [1, 2 }\n}\n'
    (project / "kilo.jsonc").write_text(broken, encoding="utf-8")
    report = integrations.install(project, tools=["kilo"])
    assert (project / "kilo.jsonc").read_text(encoding="utf-8") == broken
    item = next(i for i in report.tools[0].items if i.kind == "mcp")
    assert item.path == "kilo.jsonc" and item.state is State.MANUAL
    assert '"mdbrain": {"type": "local", "command": ["mdbrain", "mcp"]' in item.note
    code, output = run(project, "agents", "install", "--for", "kilo")
    assert code == 1 and "left alone  kilo.jsonc: it is not JSON" in output


def test_a_file_mdbrain_did_not_write_is_never_overwritten(project: Path) -> None:
    mine = project / ".claude/commands/mdbrain-check.md"
    mine.parent.mkdir(parents=True)
    mine.write_text("My own check command.\n", encoding="utf-8")
    report = integrations.install(project, tools=["claude"])
    assert mine.read_text(encoding="utf-8") == "My own check command.\n"
    item = next(i for i in report.tools[0].items if i.path.endswith("mdbrain-check.md"))
    assert item.state is State.FOREIGN


def test_a_link_leading_out_of_the_project_is_refused(project: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (project / ".cursor").symlink_to(outside, target_is_directory=True)
    report = integrations.install(project, tools=["cursor"])
    assert list(outside.iterdir()) == []
    refused = [i for i in report.tools[0].items if i.state is State.REFUSED]
    assert {i.path for i in refused} >= {".cursor/mcp.json", ".cursor/commands/mdbrain-init.md"}


# --- status and choice of tools ---------------------------------------------------------


def test_status_before_and_after_install(project: Path) -> None:
    code, output = run(project, "agents", "status", "--for", "claude")
    assert code == 1
    assert "missing  skill    .claude/skills/mdbrain-memory/SKILL.md" in output
    run(project, "agents", "install", "--for", "claude")
    code, output = run(project, "agents", "status", "--for", "claude")
    assert code == 0 and "Claude Code (claude): installed" in output
    skill = project / ".claude/skills/mdbrain-sync/SKILL.md"
    skill.write_text(skill.read_text(encoding="utf-8") + "An old line.\n", encoding="utf-8")
    code, output = run(project, "agents", "status", "--for", "claude", "--json")
    data = json.loads(output)
    states = {i["path"]: i["state"] for t in data["tools"] for i in t["items"]}
    assert code == 1 and states[".claude/skills/mdbrain-sync/SKILL.md"] == "stale"
    assert data["complete"] is False


def test_without_a_list_the_tools_the_repository_uses_are_chosen(project: Path) -> None:
    (project / ".cursor").mkdir()
    (project / "opencode.jsonc").write_text("{}\n", encoding="utf-8")
    assert integrations.chosen(None, project) == ["cursor", "opencode"]


def test_without_any_sign_of_a_tool_every_tool_is_chosen(project: Path) -> None:
    assert integrations.chosen(None, project) == list(agent_tools.NAMES)


def test_an_unknown_tool_is_refused_by_name(project: Path) -> None:
    with pytest.raises(InvalidRequestError, match="windsurf"):
        integrations.chosen(["claude,windsurf"], project)
    code, output = run(project, "agents", "install", "--for", "windsurf")
    assert code == 2 and "unknown agent tool 'windsurf'" in output


def test_install_needs_a_marker(tmp_path: Path) -> None:
    with pytest.raises(NoMarkerError):
        integrations.project_of(tmp_path)
    code, _ = run(tmp_path, "agents", "install")
    assert code == 2
    assert list(tmp_path.iterdir()) == []


def test_the_pointer_alone_writes_agents_md_and_the_imports_of_tools_in_use(
    project: Path,
) -> None:
    report = integrations.install_pointer(project)
    assert report.written == ("AGENTS.md",)
    (project / "GEMINI.md").write_text("# Gemini notes\n", encoding="utf-8")
    report = integrations.install_pointer(project)
    assert report.written == ("GEMINI.md",)
    assert (project / "GEMINI.md").read_text(encoding="utf-8").startswith("# Gemini notes\n\n")


# --- the JSONC editor -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{}", '{\n  "s": {\n    "m": 1\n  }\n}'),
        ('{"a": 1}', '{"a": 1, "s": {"m": 1}}'),
        ('{"s": {}}', '{"s": {"m": 1}}'),
        ('{\n\t"s": {\n\t\t"x": 2,\n\t}\n}', '{\n\t"s": {\n\t\t"x": 2,\n\t\t"m": 1\n\t}\n}'),
        ('{\n  "s": {"m": 0} // old\n}', '{\n  "s": {"m": 1} // old\n}'),
    ],
)
def test_set_member_changes_only_the_member(text: str, expected: str) -> None:
    assert jsonc.set_member(text, ["s"], "m", 1) == expected


@pytest.mark.parametrize(
    "text",
    ['{"s": 3}', '{"s": {"m": 1, "m": 2}}', "[1]", '{"s": {} /* open'],
)
def test_set_member_refuses_what_it_cannot_edit_safely(text: str) -> None:
    with pytest.raises(DocumentError):
        jsonc.set_member(text, ["s"], "m", 1)


@given(st.text(alphabet='{}[],:"/*\n 1a\\', max_size=40))
def test_malformed_jsonc_never_crashes_a_merge(text: str) -> None:
    merged = mcp_config.merge_json(text, ["mcpServers"], {"command": "mdbrain"})
    assert merged.state in (State.MISSING, State.STALE, State.CURRENT, State.MANUAL)
    if merged.text is not None:
        entry = jsonc.loads(merged.text).value["mcpServers"]["mdbrain"]
        assert entry["command"] == "mdbrain"


def test_init_ends_with_the_pointer_and_keeps_an_existing_agents_md(tmp_path: Path) -> None:
    folder = tmp_path / "fresh"
    folder.mkdir()
    (folder / "AGENTS.md").write_text("# House rules\n\nRun the tests.\n", encoding="utf-8")
    (folder / "CLAUDE.md").write_text("Be brief.\n", encoding="utf-8")
    done = CliRunner().invoke(cli, ["-C", str(folder), "init"])
    assert done.exit_code == 0, done.output
    assert "mdbrain agents install" in done.output
    agents = (folder / "AGENTS.md").read_text(encoding="utf-8")
    assert agents.startswith("# House rules\n\nRun the tests.\n")
    assert agents.count("<!-- mdbrain:start -->") == 1 and "mdbrain query" in agents
    assert "@AGENTS.md" in (folder / "CLAUDE.md").read_text(encoding="utf-8")
    assert not (folder / ".claude").exists() and not (folder / ".mcp.json").exists()


def test_init_with_no_agents_writes_no_agent_file(tmp_path: Path) -> None:
    folder = tmp_path / "fresh"
    folder.mkdir()
    done = CliRunner().invoke(cli, ["-C", str(folder), "init", "--no-agents"])
    assert done.exit_code == 0, done.output
    assert sorted(p.name for p in folder.iterdir()) == [".rag", "docs-rag"]
    assert "Agents:" not in done.output


def test_init_scan_dry_run_writes_no_pointer(tmp_path: Path) -> None:
    folder = tmp_path / "fresh"
    (folder / "src").mkdir(parents=True)
    (folder / "src" / "app.py").write_text("def run() -> None:\n    pass\n", encoding="utf-8")
    done = CliRunner().invoke(cli, ["-C", str(folder), "init", "--scan", "--dry-run"])
    assert done.exit_code == 0, done.output
    assert not (folder / "AGENTS.md").exists()
