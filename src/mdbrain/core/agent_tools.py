"""Which agent tools mdbrain connects to, where each one reads what, and the plan.

For each tool: the files that show a repository (or a user) uses it, the
always-on pointer it reads, the folders of its skills and commands and the
format of its commands, and its MCP configuration. :func:`plan` turns a choice
of tools into the list of files to merge, one :class:`Artifact` per tool and
file; tools that read the same file (AGENTS.md, ``.agents/skills``) share it.

At user level (``--global``) only skills and commands are planned: a pointer
belongs to a repository, and a server entry for every folder would start
``mdbrain mcp`` where there is no base.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from mdbrain.core import agent_files, agent_texts, mcp_config
from mdbrain.core.agent_files import CommandFormat, Merge

AGENTS_FILE = "AGENTS.md"
SHARED_SKILLS = ".agents/skills"


class Kind(enum.StrEnum):
    POINTER = "pointer"
    SKILL = "skill"
    COMMAND = "command"
    MCP = "mcp"


class ConfigShape(enum.StrEnum):
    SERVERS = "mcpServers"  # JSON, {"mcpServers": {name: {command, args}}}
    LOCAL = "local"  # JSONC, {"mcp": {name: {type: local, command: [...]}}}
    TOML = "toml"  # TOML, [mcp_servers.name]


_STDIO = {"command": mcp_config.COMMAND, "args": list(mcp_config.ARGS)}


@dataclass(frozen=True, slots=True)
class Tool:
    name: str
    label: str
    signs: tuple[str, ...]  # files or folders of a project that show the tool is used
    user_signs: tuple[str, ...]  # the same, under the user's home
    skills: str  # folder of skills in a project
    user_skills: str
    commands: str | None  # folder of commands in a project (None: the tool has none)
    user_commands: str | None
    command_format: CommandFormat | None
    mcp_files: tuple[str, ...]  # its MCP configuration: the first that exists, else the first
    mcp_config: ConfigShape
    mcp_entry: Mapping[str, Any] = field(default_factory=lambda: dict(_STDIO))
    pointer: str | None = None  # a file of its own that imports AGENTS.md
    import_line: str = ""
    note: str = ""  # what is left to do by hand after an install


TOOLS: dict[str, Tool] = {
    tool.name: tool
    for tool in (
        Tool(
            "claude",
            "Claude Code",
            signs=(".claude", "CLAUDE.md", "CLAUDE.local.md", ".mcp.json"),
            user_signs=(".claude", ".claude.json"),
            skills=".claude/skills",
            user_skills=".claude/skills",
            commands=".claude/commands",
            user_commands=".claude/commands",
            command_format=CommandFormat.CLAUDE,
            mcp_files=(".mcp.json",),
            mcp_config=ConfigShape.SERVERS,
            mcp_entry={"type": "stdio", **_STDIO},
            pointer="CLAUDE.md",
            import_line="@AGENTS.md",
            note="Claude Code asks once to approve the servers listed in .mcp.json.",
        ),
        Tool(
            "codex",
            "Codex CLI",
            signs=(".codex", "AGENTS.override.md"),
            user_signs=(".codex",),
            skills=SHARED_SKILLS,
            user_skills=SHARED_SKILLS,
            commands=None,
            user_commands=None,
            command_format=None,
            mcp_files=(".codex/config.toml",),
            mcp_config=ConfigShape.TOML,
            note="Codex reads .codex/config.toml only in a project you trust; it has no "
            "custom commands: call the skills ($mdbrain-sync, $mdbrain-memory).",
        ),
        Tool(
            "gemini",
            "Gemini CLI",
            signs=(".gemini", "GEMINI.md", ".geminiignore"),
            user_signs=(".gemini",),
            skills=SHARED_SKILLS,
            user_skills=SHARED_SKILLS,
            commands=".gemini/commands",
            user_commands=".gemini/commands",
            command_format=CommandFormat.GEMINI,
            mcp_files=(".gemini/settings.json",),
            mcp_config=ConfigShape.SERVERS,
            pointer="GEMINI.md",
            import_line="@./AGENTS.md",
            note="With folder trust on, Gemini CLI reads .gemini/ only in a trusted folder.",
        ),
        Tool(
            "cursor",
            "Cursor",
            signs=(".cursor", ".cursorrules", ".cursorignore"),
            user_signs=(".cursor",),
            skills=SHARED_SKILLS,
            user_skills=SHARED_SKILLS,
            commands=".cursor/commands",
            user_commands=".cursor/commands",
            command_format=CommandFormat.PLAIN,
            mcp_files=(".cursor/mcp.json",),
            mcp_config=ConfigShape.SERVERS,
            note="Enable the mdbrain server in Cursor's MCP settings "
            "(cursor-agent mcp enable mdbrain).",
        ),
        Tool(
            "opencode",
            "OpenCode",
            signs=(".opencode", "opencode.json", "opencode.jsonc"),
            user_signs=(".config/opencode",),
            skills=SHARED_SKILLS,
            user_skills=SHARED_SKILLS,
            commands=".opencode/commands",
            user_commands=".config/opencode/commands",
            command_format=CommandFormat.MARKDOWN,
            mcp_files=(
                "opencode.json",
                "opencode.jsonc",
                ".opencode/opencode.json",
                ".opencode/opencode.jsonc",
            ),
            mcp_config=ConfigShape.LOCAL,
        ),
        Tool(
            "kilo",
            "Kilo",
            signs=(".kilo", "kilo.json", "kilo.jsonc", ".kilocode", ".kilocodemodes"),
            user_signs=(".config/kilo", ".kilo", ".kilocode"),
            skills=SHARED_SKILLS,
            user_skills=SHARED_SKILLS,
            commands=".kilo/commands",
            user_commands=".config/kilo/commands",
            command_format=CommandFormat.MARKDOWN,
            mcp_files=(".kilo/kilo.json", "kilo.json", "kilo.jsonc", ".kilo/kilo.jsonc"),
            mcp_config=ConfigShape.LOCAL,
        ),
    )
}
NAMES = tuple(TOOLS)
Exists = Callable[[str], bool]  # whether a path (from the folder planned for) exists


@dataclass(frozen=True, slots=True)
class Artifact:
    """One file a tool reads, and how mdbrain's part of it is merged."""

    tool: str
    kind: Kind
    path: str  # from the project folder, or from the home folder at user level
    merge: Callable[[str | None], Merge] = field(compare=False)


def detect(exists: Exists, *, user_level: bool = False) -> tuple[str, ...]:
    """The tools whose files are there, in the order of :data:`TOOLS`."""
    return tuple(
        tool.name
        for tool in TOOLS.values()
        if any(exists(sign) for sign in (tool.user_signs if user_level else tool.signs))
    )


def _mcp_file(tool: Tool, exists: Exists) -> str:
    """The configuration the tool reads that is already there; else where to create one."""
    present = [path for path in tool.mcp_files[1:] if exists(path)]
    return tool.mcp_files[0] if exists(tool.mcp_files[0]) or not present else present[0]


def _mcp_merge(tool: Tool) -> Callable[[str | None], Merge]:
    if tool.mcp_config is ConfigShape.TOML:
        return partial(mcp_config.merge_toml, entry=tool.mcp_entry)
    if tool.mcp_config is ConfigShape.LOCAL:
        return mcp_config.local_server
    return partial(mcp_config.merge_json, path=["mcpServers"], entry=tool.mcp_entry)


def plan(names: Sequence[str], exists: Exists, *, user_level: bool = False) -> list[Artifact]:
    """Every file to merge for the tools ``names``, tool by tool."""
    out: list[Artifact] = []
    for name in names:
        tool = TOOLS[name]
        if not user_level:
            out.append(Artifact(name, Kind.POINTER, AGENTS_FILE, _pointer_merge))
            if tool.pointer:
                line = tool.import_line
                merge = partial(agent_files.import_line, line=line, target=AGENTS_FILE)
                out.append(Artifact(name, Kind.POINTER, tool.pointer, merge))
        skills = tool.user_skills if user_level else tool.skills
        for skill in agent_texts.SKILLS:
            text = agent_files.skill_file(skill)
            merge = partial(agent_files.whole, text=text)
            out.append(Artifact(name, Kind.SKILL, f"{skills}/{skill.name}/SKILL.md", merge))
        folder = tool.user_commands if user_level else tool.commands
        if folder and tool.command_format is not None:
            suffix = agent_files.SUFFIX[tool.command_format]
            for command in agent_texts.COMMANDS:
                text = agent_files.command_file(command, tool.command_format)
                merge = partial(agent_files.whole, text=text)
                path = f"{folder}/{command.name}{suffix}"
                out.append(Artifact(name, Kind.COMMAND, path, merge))
        if not user_level:
            out.append(Artifact(name, Kind.MCP, _mcp_file(tool, exists), _mcp_merge(tool)))
    return out


def _pointer_merge(existing: str | None) -> Merge:
    return agent_files.section(existing, agent_texts.POINTER)


def pointer_plan(names: Sequence[str]) -> list[Artifact]:
    """Only the always-on pointers of ``names`` (AGENTS.md, and the files importing it)."""
    return [a for a in plan(names, lambda _path: False) if a.kind is Kind.POINTER]
