"""The ``mdbrain`` command: arguments in, one service call, output out.

Heavy modules are imported inside the commands, so that ``mdbrain --version``
and ``--help`` start fast.

Exit codes (documented in the knowledge base, reference/exit-codes.md):
0 done; 1 the check found errors (or warnings with --strict); 2 a usage
problem (bad argument, unknown document, no or a bad marker); 3 refused (the
guard, a duplicate, a stale --expect-sha, an unsafe file); 4 the base is busy
(another writer holds its lock); 5 an internal failure (the file system, git,
or a bug). An error is one line on stderr, or a JSON object on stdout for a
command run with --json; never a traceback (MDBRAIN_DEBUG=1 shows one).
"""

from __future__ import annotations

import gc
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from mdbrain._version import __version__

if TYPE_CHECKING:
    from mdbrain.core.errors import MdbrainError
    from mdbrain.service.brain import Brain
    from mdbrain.service.indexing import IndexReport

EXIT_USAGE = 2
EXIT_INTERNAL = 5
EXIT_INTERRUPTED = 130


class Context:
    def __init__(self, directory: Path | None) -> None:
        self.directory = directory or Path.cwd()
        self._brain: Brain | None = None

    def brain(self) -> Brain:
        """The base of the working folder, opened once and closed when the command ends."""
        from mdbrain.service.brain import Brain

        if self._brain is None:
            from mdbrain.adapters import progress

            self._brain = Brain.open(self.directory)
            ctx = click.get_current_context()
            ctx.call_on_close(self._brain.close)
            # a command reading the base for the first time, or building its search index
            # again, shows how far it is on a terminal (a command that names its own
            # phases, such as index, tells them in its place)
            told = ctx.with_resource(
                progress.shown(ctx.info_name or "mdbrain", as_json=_wants_json())
            )
            ctx.with_resource(self._brain.reporting(told))
        return self._brain


def _wants_json() -> bool:
    ctx = click.get_current_context(silent=True)
    while ctx is not None:
        if ctx.params.get("as_json") or ctx.params.get("output") == "json":
            return True
        ctx = ctx.parent
    return False


def _one_line(text: str) -> str:
    return " ".join(text.split())


def fail(error: MdbrainError) -> NoReturn:
    """Report an error the way the command's caller reads: JSON, or one line on stderr."""
    if _wants_json():
        click.echo(json.dumps({"error": error.data()}, ensure_ascii=False, indent=2))
    else:
        click.echo(f"mdbrain: {_one_line(str(error))}", err=True)
    sys.exit(error.exit_code)


def guarded(action: Callable[[], Any]) -> Any:
    """Run ``action``; an mdbrain error becomes a one-line message and its exit code."""
    from mdbrain.core.errors import MdbrainError

    try:
        return action()
    except MdbrainError as error:
        fail(error)


def emit(result: Any, as_json: bool, text: Callable[[Any], str]) -> None:
    """Print ``result`` as JSON, or as the compact text that ``text`` makes of it."""
    from mdbrain.adapters import render

    click.echo(render.to_json(result) if as_json else text(result))
    warn_index(result)


def warn_index(result: Any) -> None:
    """On standard error: a change whose derived files could not be regenerated."""
    from mdbrain.adapters import views

    warning = views.index_warning(result)
    if warning:
        click.echo(warning, err=True)


# what people type for a command mdbrain names otherwise, and what to type instead
_RETIRE = "supersede OLD --by NEW (no document is deleted: to retire one, give it status archived)"
_INSTEAD = {
    "edit": "write --doc DOC (or edit the file, then run: mdbrain index)",
    "new": "write",
    "add": "write",
    "create": "write",
    "find": "search",
    "grep": "search",
    "ask": "query",
    "move": "mv",
    "rename": "mv",
    "rm": _RETIRE,
    "delete": _RETIRE,
    "remove": _RETIRE,
    "validate": "check",
    "lint": "check",
    "status": "doctor",
    "read": "show",
    "get": "show",
}


class _Commands(click.Group):
    """The command group, which names the command to type for one it does not have."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as error:
            instead = _INSTEAD.get(args[0].lower()) if args else None
            if instead is None:
                raise
            message = f"No such command {args[0]!r}; instead: mdbrain {instead}."
            raise click.UsageError(message, ctx) from error


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
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
@click.argument("root", default="docs-rag")
@click.option(
    "--lang",
    default=None,
    help="Language of the documents and indexes (default: the language of the project's "
    "README and docs, else en).",
)
@click.option("--scan", is_flag=True, help="Also write draft documents read from the code.")
@click.option("--dry-run", is_flag=True, help="Show what would be written; write nothing.")
@click.option("--no-agents", is_flag=True, help="Do not add the pointer to the base in AGENTS.md.")
@click.pass_obj
def init(
    obj: Context, root: str, *, lang: str | None, scan: bool, dry_run: bool, no_agents: bool
) -> None:
    """Write the .rag marker here and create the knowledge ROOT folder (default: docs-rag).

    A ROOT that already holds a documentation site, Markdown pages not written for
    mdbrain or other files is left alone: init says so and proposes 'mdbrain
    import'. With --scan, read the repository (the files git tracks) and write one
    draft per coherent unit of code or infrastructure, with impl_refs to the real
    files; on an existing base nothing is written and 'mdbrain update --draft' is
    proposed. The marker is written last: a failure leaves nothing behind.

    A new base ends with the always-on pointer for agents: a marked section in
    AGENTS.md (and the CLAUDE.md or GEMINI.md import for the tools the project
    uses), nothing else touched; --no-agents skips it. 'mdbrain agents install'
    adds the skills, commands and MCP entry.
    """
    import datetime as dt

    from mdbrain.adapters import progress
    from mdbrain.service.bootstrap import init_base, init_from_code

    if scan:
        with progress.shown("scanning the code") as told:
            started, scanned = guarded(
                lambda: init_from_code(
                    obj.directory,
                    root,
                    lang=lang,
                    today=dt.date.today(),
                    dry_run=dry_run,
                    progress=told,
                )
            )
        if started is not None and started.wrote_marker and not dry_run:
            click.echo(f"Wrote {started.marker}")
            _ignored(started.ignored)
        _scan_summary(scanned)
        if started is not None and not dry_run and not no_agents:
            _point_agents(obj.directory)
        return
    report = guarded(lambda: init_base(obj.directory, root, lang=lang, dry_run=dry_run))
    would = "Would write" if dry_run else "Wrote"
    if report.wrote_marker:
        click.echo(f"{would} {report.marker}")
    made = ("Would create" if dry_run else "Created") if report.created_root else "Using"
    click.echo(f"{made} knowledge root {report.root}")
    if report.detected:
        click.echo(f"Language: {report.lang} (read from the project's README and docs)")
    _ignored(report.ignored)
    if dry_run:
        if not no_agents:
            click.echo("Would add the pointer to the base in AGENTS.md")
    elif not no_agents:
        _point_agents(obj.directory)
    _outside(report.pages, report.left_out)
    if dry_run:
        click.echo("Nothing was written: run 'mdbrain init' without --dry-run to write it.")
        return
    # the folder with the most pages first: a site folder of one page is seldom the docs
    most = max(report.pages, key=lambda found: found.count, default=None)
    first = f"'mdbrain import {most.folder}', or " if most is not None else ""
    click.echo(f"Next: {first}add documents under it, then run 'mdbrain index'.")


def _ignored(paths: Sequence[str]) -> None:
    """Warn that git's ignore rules leave the base out: no one else would ever get it."""
    if paths:
        shown = " and ".join(paths)
        lines = " and ".join(f"'!/{path}'" for path in paths)
        click.echo(
            f"Warning: git ignores {shown} (see .gitignore): the base would never be committed"
            f" and other clones would not have it. Take {'them' if len(paths) > 1 else 'it'}"
            f" out of .gitignore (for instance with the lines {lines})."
        )


_TRANSLATIONS_SHOWN = 4  # translated or versioned folders named after a proposed one


def _outside(pages: Any, left_out: Any = ()) -> None:
    """One line per documentation folder outside the base, with the command to import it;
    then one per folder found but left out (stubs, generated copies), with the reason."""
    from mdbrain.adapters.render import plural

    for found in pages:
        site = f"{found.site.tool} site, " if found.site else ""
        if found.lines:  # the README alone
            click.echo(
                f"Documentation outside the base: {found.folder} ({found.lines} lines); "
                f"'mdbrain import {found.folder}' brings it in as a draft."
            )
            continue
        click.echo(
            f"Documentation outside the base: {found.folder}/ ({site}{found.count} pages); "
            f"'mdbrain import {found.folder}' brings it in as drafts."
        )
        for what, folders in (
            ("translations", found.translations),
            ("other versions", found.versions),
        ):
            if folders:
                shown = ", ".join(f"{t}/" for t in folders[:_TRANSLATIONS_SHOWN])
                more = len(folders) - _TRANSLATIONS_SHOWN
                shown += f" and {more} more" if more > 0 else ""
                click.echo(f"  Its {what} are left out: {shown}.")
    for folder in left_out:
        counted = plural(folder.count, "page")
        if folder.folder == ".":  # pages of several places: the reason says where
            click.echo(f"Left out: {counted} {folder.why}.")
        else:
            click.echo(f"Left out: {folder.folder}/ ({counted}): {folder.why}.")


def _point_agents(project: Path) -> None:
    """Tell the project's agents that the base exists; the base stands even if this fails."""
    from mdbrain.core.errors import MdbrainError
    from mdbrain.service import integrations

    try:
        report = integrations.install_pointer(project)
    except MdbrainError as error:
        click.echo(f"Agents: the pointer was not written ({error}); "
                   "run 'mdbrain agents install' once that is fixed.", err=True)  # fmt: skip
        return
    written = ", ".join(report.written)
    said = f"wrote the pointer to the base in {written}" if written else "pointer already there"
    click.echo(
        f"Agents: {said}. For skills, commands and the MCP server: 'mdbrain agents install'."
    )


def _scan_summary(report: Any) -> None:
    from mdbrain.core import codemap

    languages = ", ".join(f"{name} {count}" for name, count in report.languages)
    click.echo(f"Read {report.files} files ({languages}).")
    if report.not_drafted:
        click.echo(report.not_drafted[0].upper() + report.not_drafted[1:] + ".")
    if report.existing:
        click.echo(
            f"A knowledge base already exists: wrote 0 draft documents; the scan would add "
            f"{len(report.documents)} and keep {len(report.skipped)} existing."
        )
        click.echo(f"Next: {report.next_step}")
        return
    verb = "would write" if report.dry_run else "wrote"
    click.echo(f"Themes: {', '.join(report.themes) or '(none)'}")
    click.echo(
        f"{verb} {len(report.documents)} draft documents in {report.lang}; "
        f"kept {len(report.skipped)} existing."
    )
    for doc_id in report.documents:
        click.echo(f"  {doc_id}")
    if report.set_aside:
        shown = ", ".join(f"{where} ({count})" for where, count in report.set_aside[:8])
        more = f" and {len(report.set_aside) - 8} more" if len(report.set_aside) > 8 else ""
        click.echo(f"{codemap.SET_ASIDE_NOTE}: {shown}{more}")
    _outside(report.pages, report.left_out)
    if report.unresolved:
        # "file#symbol": the file may be there and the symbol not found in it (vitejs/vite:
        # a function written inside a template string)
        click.echo(
            "impl_refs left out (no such file, or no such symbol in it):"
            f" {', '.join(report.unresolved)}"
        )
    if report.check is not None:
        click.echo(f"check: {report.errors} errors, {report.warnings} warnings")
    click.echo(f"Next: {report.next_step}")


def index_line(report: IndexReport) -> str:
    """``Indexed 12 documents, dated 2026-07-01 (2 read, 10 unchanged).``"""
    from mdbrain.adapters.render import plural

    when = f", dated {report.date}" if report.date else ""
    unchanged = report.documents - report.parsed
    if not report.parsed:
        read = "none changed"
    elif not unchanged:
        read = "all read"
    else:
        read = f"{report.parsed} read, {unchanged} unchanged"
    return f"Indexed {plural(report.documents, 'document')}{when} ({read})."


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_obj
def index(obj: Context, as_json: bool) -> None:
    """Regenerate OVERVIEW.md, INDEX.md and RELATIONS.yaml from the documents."""
    from mdbrain.adapters import progress, render

    brain = guarded(obj.brain)
    with progress.shown("indexing", as_json=as_json) as told:
        report = guarded(lambda: brain.index(progress=told))
    if as_json:
        click.echo(render.to_json(report))
        return
    click.echo(index_line(report))
    for label, names in (
        ("wrote", report.written),
        ("unchanged", report.unchanged),
        ("removed", report.removed),
    ):
        if names:
            click.echo(f"  {label:<9}  {', '.join(names)}")
    if report.refreshed:
        click.echo(f"  refreshed the in-force block of {', '.join(report.refreshed)}")
    if report.held:
        click.echo(
            f"  left alone   {', '.join(report.held)}: not written by mdbrain (a file of its"
            " own, a link leading out of the base...); move it so that mdbrain can write there"
        )
    if report.findings:
        found = render.plural(len(report.findings), "finding")
        click.echo(f"{found} (run 'mdbrain check' for the full validation):")
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
@click.option("--json", "as_json", is_flag=True, help="The same as --format json.")
@click.option("--strict", is_flag=True, help="Fail on warnings too, not only on errors.")
@click.option(
    "--fix",
    is_flag=True,
    help="Also mend, in the documents, links to documents git saw renamed.",
)
@click.option(
    "--no-fix",
    is_flag=True,
    help="Write nothing at all: report out-of-date indexes (W005) instead of regenerating them.",
)
@click.pass_obj
def check(
    obj: Context,
    /,
    scope: str | None,
    *,
    output: str,
    as_json: bool,
    strict: bool,
    fix: bool,
    no_fix: bool,
) -> None:
    """Validate the base against every rule. No document is ever edited unless --fix.

    Out-of-date derived indexes are regenerated (not with --no-fix); links to
    documents that git saw renamed are reported with the fix, which --fix applies.
    SCOPE limits the findings to a document or folder: an id from the knowledge
    root (securite, securite/mfa.md) or a path under the root. Exit code 0 when
    there is no error, 1 with errors (or warnings with --strict), 2 for a usage
    or marker problem.
    """
    from mdbrain.adapters import report

    if fix and no_fix:
        raise click.UsageError("--fix and --no-fix cannot be used together")
    brain = guarded(obj.brain)
    result = guarded(
        lambda: brain.check(repair=not no_fix, fix=fix, scope=scope, cwd=obj.directory)
    )
    click.echo(report.FORMATS["json" if as_json else output](result, brain.root))
    sys.exit(result.exit_code(strict=strict))


@cli.command()
@click.argument("paths", nargs=-1)
@click.option("--since", help="Only changes after this date (YYYY-MM-DD) or git revision.")
@click.option("--fix", is_flag=True, help="Rewrite impl_refs that git saw renamed.")
@click.option("--draft", is_flag=True, help="Also write drafts for code no document describes.")
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
    draft: bool,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Flag the documents whose code changed since they were last verified.

    The code is compared by content with the fingerprints taken when each
    document was written or verified. PATHS (files or folders of code, from
    where you stand) limit the update to the documents describing them. A
    flagged document becomes needs-review with a review_reason saying what
    changed; 'mdbrain verify' closes it. Nothing is ever deleted.
    """
    from mdbrain.adapters import progress, views

    brain = guarded(obj.brain)
    with progress.shown("updating", as_json=as_json) as told:
        report = guarded(
            lambda: brain.update(
                paths,
                since=since,
                fix=fix,
                dry_run=dry_run,
                draft=draft,
                cwd=obj.directory,
                progress=told,
            )
        )
    emit(report, as_json, views.update_text)


@cli.command(name="import")
@click.argument("source", type=click.Path(path_type=Path))  # from -C; the service checks it
@click.option(
    "--theme",
    help="Folder of the base to import into (default: the source folder's name, the root"
    " for a docs, wiki or text folder, or the language's code for a translation; '.' for"
    " the root).",
)
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
    theme: str | None,
    verified: bool,
    legacy: bool,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Import the Markdown pages of SOURCE (a folder, or one page) without touching it:
    slug paths, synthesised frontmatter (status draft unless --verified, dates the pages
    give), links rewritten (wiki links too; links to the project's files become
    impl_refs), and the supersessions that decision records state."""
    from mdbrain.adapters import progress, views

    brain = guarded(obj.brain)
    where = source if source.is_absolute() else obj.directory / source
    with progress.shown("importing", as_json=as_json) as told:
        report = guarded(
            lambda: brain.import_docs(
                where,
                theme=theme,
                verified=verified,
                legacy=legacy,
                dry_run=dry_run,
                progress=told,
            )
        )
    emit(report, as_json, views.import_text)


@cli.command()
@click.argument("old")
@click.argument("new")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_obj
def mv(obj: Context, old: str, new: str, as_json: bool) -> None:
    """Move or rename document OLD to NEW; every link and relation to it follows.

    OLD and NEW are ids from the knowledge root (securite/mfa.md) or file paths.
    The indexes are regenerated afterwards.
    """
    brain = guarded(obj.brain)
    report = guarded(lambda: brain.move(old, new, cwd=obj.directory))
    if as_json:
        from mdbrain.adapters import render

        click.echo(render.to_json(report))
    else:
        click.echo(f"Moved {report.old} to {report.new}.")
        if report.rewritten:
            links = ", ".join(report.rewritten)
            click.echo(f"Updated {report.links - report.own} links or relations in: {links}")
        if report.own:
            click.echo(f"Rewrote {report.own} of its own links from its new folder.")
        if report.index.written:
            click.echo(f"Regenerated {', '.join(report.index.written)}.")
    warn_index(report)


@cli.command()
@click.option(
    "--root",
    "roots",
    multiple=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="A project (or a folder inside one) to serve; repeat for several. Default: here.",
)
@click.option("--http", is_flag=True, help="Serve streamable HTTP instead of stdio.")
@click.option("--host", default="127.0.0.1", show_default=True, help="With --http: address.")
@click.option("--port", default=8765, show_default=True, help="With --http: port.")
@click.pass_obj
def mcp(obj: Context, /, roots: tuple[Path, ...], *, http: bool, host: str, port: int) -> None:
    """Serve the base to agents over MCP (stdio by default).

    The server sends agents its usage instructions at connection, offers the
    brain's operations as tools, the indexes and documents as resources, and
    init/update/query/check as prompts. It keeps the base warm between calls
    and never writes a document when it starts. Off loopback, --http needs a
    bearer token in MDBRAIN_MCP_TOKEN, checked on every request.
    """
    try:
        from mdbrain.adapters import mcp_server
    except ImportError as error:  # pragma: no cover - the mcp package is a dependency
        raise click.ClickException(f"the MCP server needs the 'mcp' package: {error}") from None

    places = [p if p.is_absolute() else obj.directory / p for p in roots] or [obj.directory]
    token = os.environ.get(mcp_server.TOKEN_VARIABLE, "")
    guarded(lambda: mcp_server.serve(places, http=http, host=host, port=port, token=token))


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
from mdbrain.adapters import (  # noqa: E402
    agent_commands,
    brain_commands,
    export_commands,
    git_commands,
    read_commands,
)

__all__ = [
    "agent_commands",
    "brain_commands",
    "cli",
    "export_commands",
    "git_commands",
    "main",
    "read_commands",
]


def main() -> None:
    # A command is a short-lived process that builds many small objects and no
    # cycles worth collecting: the cyclic collector would only cost time.
    gc.disable()
    from mdbrain.core.errors import MdbrainError

    try:
        cli.main(prog_name="mdbrain")
    except KeyboardInterrupt:
        click.echo("mdbrain: interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except MdbrainError as error:  # raised outside a guarded call
        click.echo(f"mdbrain: {_one_line(str(error))}", err=True)
        sys.exit(error.exit_code)
    except Exception as error:
        if os.environ.get("MDBRAIN_DEBUG"):
            raise
        what = _one_line(f"{type(error).__name__}: {error}")[:300]
        click.echo(
            f"mdbrain: internal error ({what}); nothing more was done. "
            "Run again with MDBRAIN_DEBUG=1 for the details",
            err=True,
        )
        sys.exit(EXIT_INTERNAL)
