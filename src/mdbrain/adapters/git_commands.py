"""The git commands: install and status for people, merge-file and hook for git itself."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from mdbrain.adapters.cli import Context, cli, emit, guarded

# The hooks install writes, as service.merging.HOOKS (not imported here: a fast start).
_HOOKS = ("pre-merge-commit", "post-merge", "pre-commit", "post-rewrite")


@cli.group(name="git")
def git_group() -> None:
    """Teams on git: branches of the base merge without conflicts in its derived files.

    'mdbrain git install' marks the derived files and ANCHORS.lock as generated,
    gives them mdbrain's merge driver, and adds hooks that regenerate the indexes
    before a merge is committed; 'mdbrain git status' says what is in place.
    """


@git_group.command()
@click.option("--dry-run", is_flag=True, help="Say what would change; write nothing.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_obj
def install(obj: Context, dry_run: bool, as_json: bool) -> None:
    """Set up the repository holding the base, keeping what is there.

    Adds a marked block to the knowledge root's .gitattributes, the merge driver
    to the repository's git config (merge.mdbrain.*), and a marked block to the
    pre-merge-commit, post-merge and pre-commit hooks (in core.hooksPath when
    set). Running it again changes nothing. Exit code 1 when a part is left for you to add by
    hand (a hook that is not a shell script): the report prints the lines.
    """
    from mdbrain.service import merging

    report = guarded(lambda: merging.install(obj.directory, dry_run=dry_run))
    emit(report, as_json, _setup_text)
    sys.exit(0 if report.complete else 1)


@git_group.command()
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_obj
def status(obj: Context, as_json: bool) -> None:
    """Say which parts of 'mdbrain git install' are in place; exit code 1 when one is not."""
    from mdbrain.service import merging

    report = guarded(lambda: merging.status(obj.directory))
    emit(report, as_json, _setup_text)
    sys.exit(0 if report.complete else 1)


@git_group.command(name="merge-file", hidden=True)
@click.argument("base", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("ours", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("theirs", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("name")
@click.pass_obj
def merge_file(obj: Context, base: Path, ours: Path, theirs: Path, name: str) -> None:
    """git's merge driver (%O %A %B %P): the merged file replaces OURS; exit 1 on a conflict."""
    from mdbrain.service import merging

    def place(path: Path) -> Path:
        return path if path.is_absolute() else obj.directory / path

    outcome = guarded(
        lambda: merging.merge_file(place(base), place(ours), place(theirs), name, obj.directory)
    )
    if not outcome.clean:
        click.echo(f"mdbrain: {outcome.path}: {outcome.how}", err=True)
    sys.exit(0 if outcome.clean else 1)


@git_group.command(hidden=True)
@click.argument("hook", type=click.Choice(_HOOKS))
@click.argument("given", nargs=-1)
@click.pass_obj
def hook(obj: Context, hook: str, given: tuple[str, ...]) -> None:
    """Run by the hooks: regenerate the derived files and put them in the merge commit
    (GIVEN: what git passed the hook; post-rewrite acts after a rebase)."""
    from mdbrain.service import merging

    report = guarded(lambda: merging.run_hook(obj.directory, hook, given[0] if given else ""))
    if hook == "post-rewrite":
        if report.acted:
            click.echo(f"mdbrain: {report.reason}")
    elif report.acted and report.index is not None:
        wrote = ", ".join(report.index.written) or "no change"
        click.echo(f"mdbrain: derived files regenerated ({wrote}) and staged")
    elif report.acted:
        click.echo(f"mdbrain: the merge commit now holds {', '.join(report.staged)} as regenerated")


def _setup_text(report: Any) -> str:
    lines = [
        f"Repository {report.repository}: knowledge root {report.root}, hooks in {report.hooks}"
    ]
    for part in report.parts:
        label = _label(report, part)
        note = f": {part.note}" if part.note else ""
        lines.append(f"  {label:<12} {part.name}{note}")
        lines += [f"      {line}" for line in part.add.splitlines()]
    lines.append(_verdict(report))
    return "\n".join(lines)


def _label(report: Any, part: Any) -> str:
    if part.changed:
        if report.dry_run:
            return "would set" if part.kind == "config" else "would write"
        return "set" if part.kind == "config" else "wrote"
    return "by hand" if part.state == "manual" else str(part.state)


def _verdict(report: Any) -> str:
    if not report.complete:
        if report.installing:
            return "Not complete: add the lines shown by hand, then run 'mdbrain git status'."
        return "Not complete: run 'mdbrain git install'."
    if report.dry_run:
        return "Nothing written (--dry-run)."
    attributes = next(p.name for p in report.parts if p.kind == "attributes")
    if report.installing:
        return f"Installed. Commit {attributes} so that every clone marks the derived files."
    return "Installed: derived files merge without conflicts."
