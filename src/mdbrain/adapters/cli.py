"""The ``mdbrain`` command: arguments in, one service call, output out.

Heavy modules are imported inside the commands, so that ``mdbrain --version``
and ``--help`` start fast.
"""

from __future__ import annotations

import gc
import os
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


def _filters(function: Callable[..., Any]) -> Callable[..., Any]:
    """The options every read shares: what to include and how to narrow it."""
    options = [
        click.option("--type", "types", multiple=True, help="Only documents of this type."),
        click.option(
            "--status", "statuses", multiple=True, help="Only documents with this status."
        ),
        click.option("--tag", "tags", multiple=True, help="Only documents with this tag."),
        click.option("--audience", "audiences", multiple=True, help="Only documents for them."),
        click.option("--theme", default="", help="Only documents under this theme folder."),
        click.option("--include-drafts", is_flag=True, help="Show drafts too."),
        click.option(
            "--all", "everything", is_flag=True, help="Show drafts, deprecated and archived."
        ),
        click.option("--json", "as_json", is_flag=True, help="Print JSON for machines."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def _make_filters(options: dict[str, Any]) -> Any:
    from mdbrain.service.reading import Filters

    return Filters(
        types=tuple(options.pop("types")),
        statuses=tuple(options.pop("statuses")),
        tags=tuple(options.pop("tags")),
        audiences=tuple(options.pop("audiences")),
        theme=options.pop("theme"),
        include_drafts=options.pop("include_drafts"),
        everything=options.pop("everything"),
    )


@cli.command()
@click.argument("question")
@click.option("--limit", default=5, show_default=True, help="How many candidates to rank.")
@click.option("--budget", type=int, help="Most tokens the answer may cost.")
@click.option(
    "--neighbours", "--neighbors", is_flag=True, help="Also list the best document's neighbours."
)
@_filters
@click.pass_obj
def query(
    obj: Context, /, question: str, limit: int, budget: int | None, neighbours: bool, **options: Any
) -> None:
    """Answer QUESTION reading as little as possible: ranked candidates, then the
    frontmatter and best sections of the best document, with the tokens spent."""
    from mdbrain.adapters import views

    as_json = options.pop("as_json")
    filters = _make_filters(options)
    brain = guarded(obj.brain)
    result = guarded(
        lambda: brain.reader().query(
            question, limit=limit, budget=budget, filters=filters, with_neighbours=neighbours
        )
    )
    click.echo(views.query_json(result) if as_json else views.query_text(result))


@cli.command()
@click.argument("doc")
@click.option("--section", help="Also return the section with this title.")
@click.option("--full", is_flag=True, help="Also return the whole body.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")
@click.pass_obj
def show(obj: Context, doc: str, section: str | None, full: bool, as_json: bool) -> None:
    """Show DOC: summary, links and outline by default; a section or the body on request."""
    from mdbrain.adapters import render, views

    brain = guarded(obj.brain)
    doc_id = guarded(lambda: brain.doc(doc, obj.directory))
    result = guarded(lambda: brain.reader().show(doc_id, section=section, full=full))
    click.echo(render.to_json(result) if as_json else views.show_text(result))


@cli.command()
@click.argument("text")
@click.option("--limit", default=10, show_default=True, help="How many documents to return.")
@_filters
@click.pass_obj
def search(obj: Context, /, text: str, limit: int, **options: Any) -> None:
    """Full-text search over every field and the bodies, with the best line of each hit."""
    from mdbrain.adapters import render, views

    as_json = options.pop("as_json")
    filters = _make_filters(options)
    brain = guarded(obj.brain)
    result = guarded(lambda: brain.reader().search(text, limit=limit, filters=filters))
    click.echo(render.to_json(result) if as_json else views.search_text(result))


@cli.command()
@click.argument("doc")
@click.option("--depth", default=1, show_default=True, help="How many steps to walk.")
@_filters
@click.pass_obj
def neighbors(obj: Context, /, doc: str, depth: int, **options: Any) -> None:
    """Walk the relation graph from DOC (links, related, linked_by, supersession) without
    reading any body."""
    from mdbrain.adapters import render, views

    as_json = options.pop("as_json")
    filters = _make_filters(options)
    brain = guarded(obj.brain)
    doc_id = guarded(lambda: brain.doc(doc, obj.directory))
    result = guarded(lambda: brain.reader().neighbours_of(doc_id, depth, filters))
    click.echo(render.to_json(result) if as_json else views.neighbours_text(result))


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
    from mdbrain.adapters import render, views

    brain = guarded(obj.brain)
    report = guarded(lambda: brain.update(paths, since=since, fix=fix, dry_run=dry_run))
    click.echo(render.to_json(report) if as_json else views.update_text(report))


@cli.command()
@click.option("--title", default="", help="Title of the document.")
@click.option("--summary", default="", help="One or two sentences: what it says and its scope.")
@click.option("--type", "kind", default="", help="decision, rule, fact, ... (default fact)")
@click.option("--theme", default="", help="Folder (theme/sub-theme) to create it in.")
@click.option("--tag", "tags", multiple=True, help="A tag (repeatable).")
@click.option("--source", "sources", multiple=True, help="Where it comes from (repeatable).")
@click.option("--impl-ref", "impl_refs", multiple=True, help="Code it describes (repeatable).")
@click.option("--related", multiple=True, help="A related document id (repeatable).")
@click.option("--author", default="", help="Who writes (declared, never trusted).")
@click.option("--body", default=None, help="The body, as Markdown text.")
@click.option("--body-file", type=click.File("r", encoding="utf-8"), help="Body from a file or -.")
@click.option("--json", "payload", type=click.File("r", encoding="utf-8"), help="Fields as JSON.")
@click.option("--supersedes", multiple=True, help="A document the new one replaces.")
@click.option("--new", is_flag=True, help="Create it even if a near duplicate exists.")
@click.option("--doc", default="", help="Update this existing document instead.")
@click.option("--expect-sha", help="With --doc: refuse if its hash is no longer this one.")
@click.pass_obj
def write(obj: Context, /, **options: Any) -> None:
    """Create or update a document. The schema and the secret guard are checked first;
    a new document is compared with existing ones and a clear duplicate is refused.
    With --source (or impl_refs that exist) it enters as stable, otherwise as draft.

    --json takes the frontmatter fields plus "theme" and "body" as one object."""
    import json

    from mdbrain.service.writing import WriteRequest, author_from_environment

    payload_file = options.pop("payload")
    try:
        payload = json.load(payload_file) if payload_file is not None else {}
    except json.JSONDecodeError as error:
        raise click.UsageError(f"--json is not valid JSON: {error}") from None
    if not isinstance(payload, dict):
        raise click.UsageError("--json must hold one object of fields")
    body_file = options.pop("body_file")
    if body_file is not None:
        options["body"] = body_file.read()
    options["type"] = options.pop("kind")
    given = {k: (list(v) if isinstance(v, tuple) else v) for k, v in options.items()}
    fields = {**payload, **{k: v for k, v in given.items() if v not in (None, "", [], False)}}
    fields.setdefault("type", "fact")
    if not fields.get("doc"):
        fields.setdefault("author", author_from_environment())  # declared by the creator only
    unknown = sorted(set(fields) - set(WriteRequest.__dataclass_fields__))
    if unknown:
        raise click.UsageError(f"unknown fields: {', '.join(unknown)}")
    brain = guarded(obj.brain)
    if fields.get("doc"):
        fields["doc"] = guarded(lambda: brain.doc(str(fields["doc"]), obj.directory))
    report = guarded(lambda: brain.write(WriteRequest(**fields)))
    verb = "Created" if report.created else "Updated"
    click.echo(f"{verb} {report.id}; sha {report.sha}")
    if report.status == "draft":
        click.echo("status draft: no sources, so default reads leave it out until it is verified")
    if report.candidates:
        click.echo("close documents, not duplicates: " + ", ".join(c for c, _ in report.candidates))
    for item in report.superseded:
        click.echo(f"{item.old} is now superseded by {report.id}")


@cli.command()
@click.argument("old")
@click.option(
    "--by",
    "successors",
    multiple=True,
    required=True,
    help="The document replacing it (repeatable).",
)
@click.option("--reason", default="", help="Why it is replaced; kept on the old document.")
@click.option("--expect-sha", help="Refuse if OLD's content hash is no longer this one.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_obj
def supersede(
    obj: Context,
    /,
    old: str,
    *,
    successors: tuple[str, ...],
    reason: str,
    expect_sha: str | None,
    as_json: bool,
) -> None:
    """Replace document OLD by the --by documents: OLD becomes deprecated, stays readable,
    and synthesis pages citing it turn needs-review."""
    from mdbrain.adapters import render, views

    brain = guarded(obj.brain)
    old_id = guarded(lambda: brain.doc(old, obj.directory))
    new_ids = guarded(lambda: [brain.doc(s, obj.directory) for s in successors])
    report = guarded(lambda: brain.supersede(old_id, new_ids, reason=reason, expect_sha=expect_sha))
    click.echo(render.to_json(report) if as_json else views.supersede_text(report))


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")
@click.pass_obj
def conflicts(obj: Context, as_json: bool) -> None:
    """List open contradictions between documents in force, with both summaries and dates."""
    from mdbrain.adapters import render, views

    found = guarded(lambda: guarded(obj.brain).conflicts())
    click.echo(render.to_json(found) if as_json else views.conflicts_text(found))


@cli.command()
@click.argument("first")
@click.argument("second")
@click.option("--keep", required=True, help="The document that stays in force.")
@click.option("--reason", default="", help="Why; recorded on the other document.")
@click.option("--who", default="", help="Who decided (declared, not verified).")
@click.pass_obj
def resolve(obj: Context, /, first: str, second: str, *, keep: str, reason: str, who: str) -> None:
    """Settle the contradiction between FIRST and SECOND: the one not kept is superseded."""
    from mdbrain.adapters import views

    brain = guarded(obj.brain)
    ids = guarded(lambda: [brain.doc(v, obj.directory) for v in (first, second, keep)])
    report = guarded(
        lambda: brain.resolve(
            ids[0], ids[1], keep=ids[2], reason=reason, by=who or os.environ.get("USER", "")
        )
    )
    click.echo(f"Kept {report.kept}; {report.dropped} is now superseded by it.")
    click.echo(views.supersede_text(report.superseded))


@cli.command()
@click.argument("subject")
@click.option(
    "--as-of",
    "as_of",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    help="What was in force on this day.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")
@click.pass_obj
def brief(obj: Context, subject: str, as_of: Any, as_json: bool) -> None:
    """Everything in force on SUBJECT (a tag, theme, folder or document): decisions first
    with their reasons, then rules, facts and the rest; summaries only."""
    from mdbrain.adapters import render, views

    brain = guarded(obj.brain)
    day = as_of.date() if as_of is not None else None
    result = guarded(lambda: brain.brief(subject, as_of=day))
    click.echo(render.to_json(result) if as_json else views.brief_text(result))


@cli.command()
@click.argument("doc")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")
@click.pass_obj
def history(obj: Context, doc: str, as_json: bool) -> None:
    """DOC's supersession chain both ways, with dates and reasons, and its git log."""
    from mdbrain.adapters import render, views

    brain = guarded(obj.brain)
    doc_id = guarded(lambda: brain.doc(doc, obj.directory))
    result = guarded(lambda: brain.history(doc_id))
    click.echo(render.to_json(result) if as_json else views.history_text(result))


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")
@click.pass_obj
def review(obj: Context, as_json: bool) -> None:
    """The review queue: documents to review, synthesis pages to regenerate, open
    conflicts, and unverified drafts, oldest first."""
    from mdbrain.adapters import render, views

    result = guarded(lambda: guarded(obj.brain).review())
    click.echo(render.to_json(result) if as_json else views.review_text(result))


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
    from mdbrain.adapters import render, views

    brain = guarded(obj.brain)
    where = source if source.is_absolute() else obj.directory / source
    report = guarded(
        lambda: brain.import_docs(
            where, theme=theme, verified=verified, legacy=legacy, dry_run=dry_run
        )
    )
    click.echo(render.to_json(report) if as_json else views.import_text(report))


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


def main() -> None:
    # A command is a short-lived process that builds many small objects and no
    # cycles worth collecting: the cyclic collector would only cost time.
    gc.disable()
    cli(prog_name="mdbrain")
