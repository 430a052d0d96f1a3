"""The commands that connect agents to the base: agents install and status, doctor."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from mdbrain.adapters.cli import Context, cli, guarded

if TYPE_CHECKING:
    from mdbrain.service.doctoring import DoctorReport
    from mdbrain.service.integrations import IntegrationReport

_TOOLS_HELP = (
    "Agent tools, comma-separated or repeated: claude, codex, kilo, gemini, cursor, opencode, "
    "or all. Default: the tools the folder already uses, else all."
)


@cli.group()
def agents() -> None:
    """Connect agent tools (Claude Code, Codex, Kilo, Gemini CLI, Cursor, OpenCode).

    'install' writes the always-on pointer (a section of AGENTS.md, and the
    CLAUDE.md or GEMINI.md import), two skills, the commands mdbrain-init,
    mdbrain-update, mdbrain-query and mdbrain-check, and the MCP server entry,
    each where and how the tool reads it. Nothing else in those files changes.
    """


@agents.command()
@click.option("--for", "tools", multiple=True, help=_TOOLS_HELP)
@click.option(
    "--global", "user_level", is_flag=True, help="Install skills and commands under $HOME."
)
@click.option("--dry-run", is_flag=True, help="Say what would be written; write nothing.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_obj
def install(
    obj: Context, /, tools: tuple[str, ...], *, user_level: bool, dry_run: bool, as_json: bool
) -> None:
    """Install mdbrain for the agent tools of this project (or, --global, of this user).

    Only the files whose bytes change are written: a second install writes
    nothing. A file mdbrain did not write is left alone, and an MCP
    configuration it cannot edit safely is reported with the entry to add.
    """
    from mdbrain.service import integrations

    folder = Path.home() if user_level else guarded(lambda: integrations.project_of(obj.directory))
    report = guarded(
        lambda: integrations.install(folder, tools=tools, user_level=user_level, dry_run=dry_run)
    )
    click.echo(_json(report) if as_json else _install_text(report))
    sys.exit(0 if dry_run or report.complete else 1)


@agents.command()
@click.option("--for", "tools", multiple=True, help=_TOOLS_HELP)
@click.option("--global", "user_level", is_flag=True, help="Look under $HOME instead.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_obj
def status(obj: Context, /, tools: tuple[str, ...], *, user_level: bool, as_json: bool) -> None:
    """Show, per agent tool, what is installed, missing, stale or left alone.

    Stale: mdbrain's part of the file differs from what 'mdbrain agents
    install' would write now. Exit code 0 when everything is installed, 1 otherwise.
    """
    from mdbrain.service import integrations

    folder = Path.home() if user_level else guarded(lambda: integrations.project_of(obj.directory))
    report = guarded(lambda: integrations.status(folder, tools=tools, user_level=user_level))
    click.echo(_json(report) if as_json else _status_text(report))
    sys.exit(0 if report.complete else 1)


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print the checklist as JSON.")
@click.pass_obj
def doctor(obj: Context, as_json: bool) -> None:
    """Go through the production checklist; for each item, 'ok' or the command that fixes it.

    Marker, names, frontmatter, derived indexes, links and impl_refs, honest
    statuses after drift, agent integrations, git, secrets and personal data.
    Writes nothing. Exit code 0 when every item passes, 1 otherwise.
    """
    from mdbrain.adapters import render
    from mdbrain.service.doctoring import diagnose

    report = guarded(lambda: diagnose(obj.directory))
    if as_json:
        data = {"project": report.project, "ok": report.ok, "items": report.items}
        click.echo(render.to_json(data))
    else:
        click.echo(doctor_text(report))
    sys.exit(report.exit_code)


def _json(report: IntegrationReport) -> str:
    from mdbrain.adapters import render

    data: dict[str, Any] = render.to_data(report)
    data["written"] = list(report.written)
    data["complete"] = report.complete
    return render.to_json(data)


def _where(report: IntegrationReport) -> str:
    labels = ", ".join(t.label for t in report.tools)
    how = " (found by their files)" if report.detected else ""
    place = "your home folder" if report.user_level else str(report.folder)
    return f"{labels}{how}, in {place}"


def _install_text(report: IntegrationReport) -> str:
    verb = "would write" if report.dry_run else "wrote"
    lines = [f"mdbrain agents install: {_where(report)}"]
    seen: set[str] = set()
    for tool in report.tools:
        for item in tool.items:
            if item.path in seen:
                continue
            seen.add(item.path)
            if item.changed:
                action = verb
            elif item.state.value == "current":
                action = "unchanged"
            else:
                action = "left alone"
            note = f": {item.note}" if item.note and not item.changed else ""
            lines.append(f"  {action:<11} {item.path}{note}")
    todo = [
        t.note
        for t in report.tools
        if t.note and any(i.changed and i.kind == "mcp" for i in t.items)
    ]
    todo += list(report.notes)
    if report.written and not report.dry_run:
        todo.append("Start the agent tools again to load the new skills and commands.")
    lines += [f"Then: {note}" for note in todo]
    return "\n".join(lines)


def _status_text(report: IntegrationReport) -> str:
    lines = [f"mdbrain agents status: {_where(report)}"]
    for tool in report.tools:
        waiting = [i for i in tool.items if i.state.value != "current"]
        summary = "installed" if not waiting else f"{len(waiting)} to do"
        lines.append(f"{tool.label} ({tool.name}): {summary}")
        for item in tool.items:
            note = f": {item.note}" if item.note else ""
            lines.append(f"  {item.state.value:<8} {item.kind:<8} {item.path}{note}")
    lines += [f"Note: {note}" for note in report.notes]
    if not report.complete:
        lines.append("Run 'mdbrain agents install' to install what is missing or stale.")
    return "\n".join(lines)


def doctor_text(report: DoctorReport) -> str:
    where = f" {report.project}" if report.project else ""
    lines = [f"mdbrain doctor:{where}"]
    for item in report.items:
        if item.ok:
            lines.append(f"  ok    {item.label}")
        else:
            lines.append(f"  fix   {item.label}: {item.fix}  [{item.detail}]")
    passed = sum(1 for item in report.items if item.ok)
    lines.append(f"{passed} of {len(report.items)} items pass.")
    return "\n".join(lines)
