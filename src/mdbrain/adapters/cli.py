"""The ``mdbrain`` command: arguments in, one service call, output out.

Heavy modules are imported inside the commands, so that ``mdbrain --version``
and ``--help`` start fast.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from mdbrain._version import __version__

if TYPE_CHECKING:
    from mdbrain.core.errors import MdbrainError
    from mdbrain.service.brain import Brain

EXIT_USAGE = 2


class Context:
    def __init__(self, directory: Path | None) -> None:
        self.directory = directory or Path.cwd()

    def brain(self) -> Brain:
        from mdbrain.service.brain import Brain

        return Brain.open(self.directory)


def fail(error: MdbrainError) -> NoReturn:
    click.echo(f"mdbrain: {error}", err=True)
    sys.exit(EXIT_USAGE)


def guarded(action: Callable[[], Any]) -> Any:
    """Run ``action``; an mdbrain error becomes a one-line message and exit code 2."""
    from mdbrain.core.errors import MdbrainError

    try:
        return action()
    except MdbrainError as error:
        fail(error)


def emit(result: Any, as_json: bool, text: Callable[[Any], str]) -> None:
    """Print ``result`` as JSON, or as the compact text that ``text`` makes of it."""
    from mdbrain.adapters import render

    click.echo(render.to_json(result) if as_json else text(result))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="mdbrain")
@click.option(
    "-C",
    "directory",
    type=click.Path(file_okay=False, path_type=Path),
    help="Run as if started in this folder.",
)
@click.pass_context
def cli(ctx: click.Context, directory: Path | None) -> None:
    """Project memory for AI coding agents, kept as Markdown next to the code.

    mdbrain looks for a .rag marker in the working folder or above it; without
    one it does nothing. Start a base with 'mdbrain init', refresh its indexes
    with 'mdbrain index', and see it all at work with 'mdbrain demo'.
    """
    ctx.obj = Context(directory)


@cli.command()
@click.argument("root", default="docs")
@click.option(
    "--lang", default="en", show_default=True, help="Language of the documents and indexes."
)
@click.option("--scan", is_flag=True, help="Also write draft documents read from the code.")
@click.option("--dry-run", is_flag=True, help="With --scan: show the plan, write nothing.")
@click.pass_obj
def init(obj: Context, root: str, lang: str, scan: bool, dry_run: bool) -> None:
    """Write the .rag marker here and create the knowledge ROOT folder (default: docs).

    With --scan, read the repository (the files git tracks) and write one draft
    per coherent unit of code, with impl_refs to the real files; an existing base
    is kept and no document is ever overwritten.
    """
    import datetime as dt

    from mdbrain.service.bootstrap import init_base, init_from_code

    if scan:
        started, scanned = guarded(
            lambda: init_from_code(
                obj.directory, root, lang=lang, today=dt.date.today(), dry_run=dry_run
            )
        )
        if started is not None and started.wrote_marker:
            click.echo(f"Wrote {started.marker}")
        _scan_summary(scanned)
        return
    report = guarded(lambda: init_base(obj.directory, root, lang=lang))
    if report.wrote_marker:
        click.echo(f"Wrote {report.marker}")
    click.echo(f"{'Created' if report.created_root else 'Using'} knowledge root {report.root}")
    click.echo("Next: add documents under it, then run 'mdbrain index'.")


def _scan_summary(report: Any) -> None:
    verb = "would write" if report.dry_run else "wrote"
    languages = ", ".join(f"{name} {count}" for name, count in report.languages)
    click.echo(f"Read {report.files} files ({languages}).")
    click.echo(f"Themes: {', '.join(report.themes)}")
    click.echo(
        f"{verb} {len(report.documents)} draft documents; kept {len(report.skipped)} existing."
    )
    for doc_id in report.documents:
        click.echo(f"  {doc_id}")
    if report.unresolved:
        click.echo(f"impl_refs left out (not found): {', '.join(report.unresolved)}")
    if report.check is not None:
        click.echo(f"check: {report.errors} errors, {report.warnings} warnings")
    click.echo(f"Next: {report.next_step}")


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_obj
def index(obj: Context, as_json: bool) -> None:
    """Regenerate OVERVIEW.md, INDEX.md and RELATIONS.yaml from the documents."""
    from mdbrain.adapters import render

    brain = guarded(obj.brain)
    report = guarded(brain.index)
    if as_json:
        click.echo(render.to_json(report))
        return
    when = f", dated {report.date}" if report.date else ""
    click.echo(
        f"Indexed {report.documents} documents{when} ({report.parsed} read, the rest unchanged)."
    )
    for label, names in (
        ("wrote", report.written),
        ("unchanged", report.unchanged),
        ("removed", report.removed),
    ):
        if names:
            click.echo(f"  {label:<9}  {', '.join(names)}")
    if report.refreshed:
        click.echo(f"  refreshed the in-force block of {', '.join(report.refreshed)}")
    if report.findings:
        click.echo(
            f"{len(report.findings)} findings (run 'mdbrain check' for the full validation):"
        )
        for line in render.finding_lines(brain.root, report.findings):
            click.echo(f"  {line}")


@cli.command()
@click.argument("scope", required=False)
@click.option(
    "--format",
    "output",
    type=click.Choice(["text", "json", "sarif", "github"]),
    default="text",
    show_default=True,
    help="text for people, json (schema mdbrain.check/1), sarif for code scanning, "
    "github for GitHub Actions annotations.",
)
@click.option("--strict", is_flag=True, help="Fail on warnings too, not only on errors.")
@click.option(
    "--no-fix",
    is_flag=True,
    help="Report out-of-date indexes (W005) instead of regenerating them.",
)
@click.pass_obj
def check(obj: Context, scope: str | None, output: str, strict: bool, no_fix: bool) -> None:
    """Validate the base against every rule, regenerating out-of-date indexes.

    SCOPE limits the findings to a document or folder: an id from the knowledge
    root (securite, securite/mfa.md) or a path under the root. Exit code 0 when
    there is no error, 1 with errors (or warnings with --strict), 2 for a usage
    or marker problem.
    """
    from mdbrain.adapters import report

    brain = guarded(obj.brain)
    result = guarded(lambda: brain.check(fix=not no_fix, scope=scope, cwd=obj.directory))
    click.echo(report.FORMATS[output](result, brain.root))
    sys.exit(result.exit_code(strict=strict))


@cli.command()
@click.argument("paths", nargs=-1)
@click.option("--since", help="Only changes after this date (YYYY-MM-DD) or git revision.")
@click.option("--fix", is_flag=True, help="Rewrite impl_refs that git saw renamed.")
@click.option("--dry-run", is_flag=True, help="Say what would change; write nothing.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_obj
def update(
    obj: Context,
    /,
    paths: tuple[str, ...],
    *,
    since: str | None,
    fix: bool,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Flag the documents whose code changed since they were last verified.

    PATHS (files or folders of code, from the project folder) limit the update
    to the documents describing them. A flagged document becomes needs-review
    with a review_reason naming the files and commits; nothing is ever deleted.
    """
    from mdbrain.adapters import views

    brain = guarded(obj.brain)
    report = guarded(lambda: brain.update(paths, since=since, fix=fix, dry_run=dry_run))
    emit(report, as_json, views.update_text)


@cli.command(name="import")
@click.argument("source", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--theme", default="", help="Folder of the base to import into.")
@click.option("--verified", is_flag=True, help="Mark the pages stable (they were checked).")
@click.option("--legacy", is_flag=True, help="Copy nothing: list the old pages as legacy sources.")
@click.option("--dry-run", is_flag=True, help="Show the plan; write nothing.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_obj
def import_(
    obj: Context,
    /,
    source: Path,
    *,
    theme: str,
    verified: bool,
    legacy: bool,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Import the Markdown pages of SOURCE without touching it: slug paths, synthesised
    frontmatter (status draft unless --verified), links rewritten, and the supersessions
    that decision records state."""
    from mdbrain.adapters import views

    brain = guarded(obj.brain)
    where = source if source.is_absolute() else obj.directory / source
    report = guarded(
        lambda: brain.import_docs(
            where, theme=theme, verified=verified, legacy=legacy, dry_run=dry_run
        )
    )
    emit(report, as_json, views.import_text)


@cli.command()
@click.argument("old")
@click.argument("new")
@click.pass_obj
def mv(obj: Context, old: str, new: str) -> None:
    """Move or rename document OLD to NEW; every link and relation to it follows.

    OLD and NEW are ids from the knowledge root (securite/mfa.md) or file paths.
    The indexes are regenerated afterwards.
    """
    brain = guarded(obj.brain)
    report = guarded(lambda: brain.move(old, new, cwd=obj.directory))
    click.echo(f"Moved {report.old} to {report.new}.")
    if report.rewritten:
        click.echo(f"Updated {report.links} links or relations in: {', '.join(report.rewritten)}")
    if report.index.written:
        click.echo(f"Regenerated {', '.join(report.index.written)}.")


@cli.command()
@click.option(
    "--keep",
    type=click.Path(file_okay=False, path_type=Path),
    help="Build the example project in this folder and leave it there.",
)
def demo(keep: Path | None) -> None:
    """Build an example project in a temporary folder and walk through mdbrain on it."""
    from mdbrain.adapters import demo as walkthrough

    guarded(lambda: walkthrough.run(keep, click.echo))


# The reading and the brain commands live in their own modules; importing them
# registers them on the group above.
from mdbrain.adapters import brain_commands, read_commands  # noqa: E402

__all__ = ["brain_commands", "cli", "main", "read_commands"]


def main() -> None:
    # A command is a short-lived process that builds many small objects and no
    # cycles worth collecting: the cyclic collector would only cost time.
    gc.disable()
    cli(prog_name="mdbrain")
