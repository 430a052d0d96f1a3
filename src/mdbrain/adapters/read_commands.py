"""The reading commands: query, show, search and neighbors.

Each takes the same filters (type, status, tag, audience, theme, drafts or all)
and prints compact text, or JSON with --json.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from mdbrain.adapters.cli import Context, cli, emit, guarded


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


SLIP_LIKENESS = 0.8  # how alike an unknown option and a known one are, at least, in a slip


class _FreeText(click.Command):
    """A command whose argument is free text: an option it does not know may be text that
    starts with a dash (``--shard``, ``-Wall``) as well as a slip, so the error says how to
    ask for that text, after the options it may have meant."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        given = list(args)
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as error:
            import shlex

            if any(_close(error.option_name, known) for known in error.possibilities or ()):
                raise  # a slip: "--limt" for "--limit"
            # "-Wall" is read as the option "-W", "-hello" as "-h" then "-e": the hint
            # gives the word as written
            name = error.option_name
            if len(name) == 2:
                short = (a for a in given if a[:1] == "-" and a[1:2] != "-" and name[1] in a[1:])
                written = next(short, "")
            else:
                written = next((a for a in given if a.startswith(name)), "")
            hint = (
                f"{error.message} For text that starts with a dash, put -- before it:"
                f" mdbrain {self.name} -- {shlex.quote(written or error.option_name)}"
            )
            raise click.NoSuchOption(error.option_name, hint, ctx=error.ctx) from None


def _close(written: str, option: str) -> bool:
    """Whether ``written`` is a slip for ``option`` rather than text ("--limt" for
    "--limit", not "--example" for "--theme")."""
    import difflib

    return difflib.SequenceMatcher(None, written, option).ratio() >= SLIP_LIKENESS


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


@cli.command(cls=_FreeText)
@click.argument("question")
@click.option(
    "--limit",
    type=int,
    help="How many candidates to list (default: up to 5, those close to the best).",
)
@click.option("--budget", type=int, help="Most tokens the answer may cost.")
@click.option(
    "--neighbours", "--neighbors", is_flag=True, help="Also list the best document's neighbours."
)
@_filters
@click.pass_obj
def query(
    obj: Context,
    /,
    question: str,
    limit: int | None,
    budget: int | None,
    neighbours: bool,
    **options: Any,
) -> None:
    """Answer QUESTION reading as little as possible: ranked candidates, then the
    frontmatter and best sections of the best document, with the tokens spent."""
    from mdbrain.adapters import views

    as_json = options.pop("as_json")
    filters = _make_filters(options)
    brain = guarded(obj.brain)
    result = guarded(
        lambda: brain.query(
            question, limit=limit, budget=budget, filters=filters, with_neighbours=neighbours
        )
    )
    click.echo(views.query_json(result) if as_json else views.query_text(result))


@cli.command()
@click.argument("doc", required=False)
@click.option(
    "--section", help="Also return the section with this title, or holding this line number."
)
@click.option("--full", is_flag=True, help="Also return the whole body.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")
@click.pass_obj
def show(obj: Context, doc: str | None, section: str | None, full: bool, as_json: bool) -> None:
    """Show DOC: summary, links and outline by default; a section or the body on request."""
    from mdbrain.adapters import views

    if doc is None:  # "[section continues: show --section 27]" copied from an answer
        said = f"show <doc> --section {section}" if section else "show <doc>"
        raise click.UsageError(
            f"name the document: {said}; in an answer of query, it is the page named on"
            " the '--- <doc>:<lines>' line above the passage ('same page': the one before)"
        )
    brain = guarded(obj.brain)
    doc_id = guarded(lambda: brain.doc(doc, obj.directory, existing=True))
    result = guarded(lambda: brain.show(doc_id, section=section, full=full))
    emit(result, as_json, views.show_text)


@cli.command(cls=_FreeText)
@click.argument("text")
@click.option("--limit", default=10, show_default=True, help="How many documents to return.")
@_filters
@click.pass_obj
def search(obj: Context, /, text: str, limit: int, **options: Any) -> None:
    """Full-text search over titles, summaries, tags, types, paths and bodies (other
    frontmatter fields are not searched), with the best line of each hit."""
    from mdbrain.adapters import views

    as_json = options.pop("as_json")
    filters = _make_filters(options)
    brain = guarded(obj.brain)
    result = guarded(lambda: brain.search(text, limit=limit, filters=filters))
    emit(result, as_json, views.search_text)


@cli.command()
@click.argument("doc")
@click.option("--depth", default=1, show_default=True, help="How many steps to walk.")
@_filters
@click.pass_obj
def neighbors(obj: Context, /, doc: str, depth: int, **options: Any) -> None:
    """Walk the relation graph from DOC (links, related, linked_by, supersession) without
    reading any body."""
    from mdbrain.adapters import views

    as_json = options.pop("as_json")
    filters = _make_filters(options)
    brain = guarded(obj.brain)
    doc_id = guarded(lambda: brain.doc(doc, obj.directory, existing=True))
    result = guarded(lambda: brain.neighbours(doc_id, depth=depth, filters=filters))
    click.echo(views.neighbours_json(result) if as_json else views.neighbours_text(result))
