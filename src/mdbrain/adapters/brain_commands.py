"""The brain commands: write, supersede, conflicts, resolve, brief, history and review.

Agents write through them; the service imposes the structure (schema, guards,
search before write, provenance) and keeps every replaced document readable.
"""

from __future__ import annotations

import os
from typing import Any

import click

from mdbrain.adapters.cli import Context, cli, emit, guarded, warn_index

REVIEW_LIMIT = 50  # entries of each list of the review queue a person reads at once


@cli.command()
@click.option("--title", default="", help="Title of the document.")
@click.option("--summary", default="", help="One or two sentences: what it says and its scope.")
@click.option("--type", "kind", default="", help="decision, rule, fact, ... (default fact)")
@click.option(
    "--theme", default="", help="Folder (theme/sub-theme) to create it in ('.' or none: the root)."
)
@click.option("--tag", "tags", multiple=True, help="A tag (repeatable).")
@click.option("--source", "sources", multiple=True, help="Where it comes from (repeatable).")
@click.option("--impl-ref", "impl_refs", multiple=True, help="Code it describes (repeatable).")
@click.option("--related", multiple=True, help="A related document id (repeatable).")
@click.option("--author", default="", help="Who writes (declared, never trusted).")
@click.option("--body", default=None, help="The body, as Markdown text.")
@click.option("--body-file", type=click.File("r", encoding="utf-8"), help="Body from a file or -.")
@click.option(
    "--input",
    "payload",
    type=click.File("r", encoding="utf-8"),
    help="Fields as one JSON object, from a file or - (standard input).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--supersedes", multiple=True, help="A document the new one replaces.")
@click.option("--reason", default="", help="With --supersedes: why they are replaced.")
@click.option("--contradicts", multiple=True, help="A document in force it disagrees with.")
@click.option("--new", is_flag=True, help="Create it even if a near duplicate exists.")
@click.option("--doc", default="", help="Update this existing document instead.")
@click.option(
    "--replace",
    is_flag=True,
    help="With --doc: --tag, --impl-ref and --related replace its lists instead of adding.",
)
@click.option("--expect-sha", help="With --doc: refuse if its hash is no longer this one.")
@click.pass_obj
def write(obj: Context, /, **options: Any) -> None:
    """Create or update a document. The schema and the secret guard are checked first;
    a new document is compared with existing ones and a clear duplicate is refused.
    With --source (or impl_refs that exist) it enters as stable, otherwise as draft.
    In a folder of numbered documents (0007-name.md) whose latest ones are of its type,
    it takes the next number (counted with the folders beside it when the folder is named
    for a state, such as accepted/), or the one its title starts with ("33. Title") if
    no other document holds it; a title's number is given in any folder of numbered
    documents.

    With --doc, the list options add to the document's lists; --replace makes --tag,
    --impl-ref and --related replace them (sources and contradicts are only added to).

    --input takes the frontmatter fields plus "theme" and "body" as one JSON object;
    options given on the command line win."""
    import json

    from mdbrain.service.writing import WriteRequest, author_from_environment

    payload_file = options.pop("payload")
    as_json = options.pop("as_json")
    try:
        payload = json.load(payload_file) if payload_file is not None else {}
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise click.UsageError(f"--input is not valid UTF-8 JSON: {error}") from None
    if not isinstance(payload, dict):
        raise click.UsageError("--input must hold one JSON object of fields")
    body_file = options.pop("body_file")
    if body_file is not None:
        try:
            options["body"] = body_file.read()
        except UnicodeDecodeError as error:
            raise click.UsageError(f"--body-file is not UTF-8 text: {error}") from None
    options["type"] = options.pop("kind")
    given = {k: (list(v) if isinstance(v, tuple) else v) for k, v in options.items()}
    # options left out are dropped; an empty --expect-sha is not: dropped, the check it
    # asks for would be gone and the write made whatever the document holds now
    fields = {
        **payload,
        **{
            k: v
            for k, v in given.items()
            if v not in (None, "", [], False) or (k == "expect_sha" and v == "")
        },
    }
    fields.setdefault("type", "fact")
    if not fields.get("doc"):
        fields.setdefault("author", author_from_environment(obj.directory))  # the creator only
    brain = guarded(obj.brain)
    request = guarded(lambda: WriteRequest.from_dict(fields))
    if request.doc:
        request.doc = guarded(lambda: brain.doc(request.doc, obj.directory, existing=True))
    report = guarded(lambda: brain.write(request))
    from mdbrain.adapters import views

    emit(report, as_json, views.write_text)


@cli.command()
@click.argument("docs", nargs=-1, required=True)
@click.option("--source", "sources", multiple=True, help="What it was checked against.")
@click.option("--note", default="", help="A word on the check, kept as review_note.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_obj
def verify(
    obj: Context, /, docs: tuple[str, ...], *, sources: tuple[str, ...], note: str, as_json: bool
) -> None:
    """Say that DOCS were checked against the code or production: a draft with a source,
    or a document to review, becomes stable; its sources are added to; the code it
    describes (its impl_refs, and a code file given as a source, which becomes one) is
    fingerprinted again so that 'mdbrain update' compares with it. A folder of the base
    among DOCS stands for its drafts and documents to review; those of them that cannot
    be verified (no source, code gone) are listed and left as they are."""
    from mdbrain.adapters import views

    brain = guarded(obj.brain)

    def named(value: str) -> str:
        theme = brain.folder(value, obj.directory)
        return brain.doc(value, obj.directory, existing=True) if theme is None else f"{theme}/"

    doc_ids = guarded(lambda: [named(d) for d in docs])
    report = guarded(lambda: brain.verify(doc_ids, sources=sources, note=note))
    emit(report, as_json, views.verify_text)


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
    from mdbrain.adapters import views

    brain = guarded(obj.brain)
    old_id = guarded(lambda: brain.doc(old, obj.directory, existing=True))
    new_ids = guarded(lambda: [brain.doc(s, obj.directory, existing=True) for s in successors])
    report = guarded(lambda: brain.supersede(old_id, new_ids, reason=reason, expect_sha=expect_sha))
    emit(report, as_json, views.supersede_text)


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")
@click.pass_obj
def conflicts(obj: Context, as_json: bool) -> None:
    """List open contradictions between documents in force, with both summaries and dates."""
    from mdbrain.adapters import views

    found = guarded(lambda: guarded(obj.brain).conflicts())
    emit(found, as_json, views.conflicts_text)


@cli.command()
@click.argument("first")
@click.argument("second")
@click.option("--keep", required=True, help="The document that stays in force.")
@click.option("--reason", default="", help="Why; recorded on the other document.")
@click.option("--who", default="", help="Who decided (declared, not verified).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_obj
def resolve(
    obj: Context, /, first: str, second: str, *, keep: str, reason: str, who: str, as_json: bool
) -> None:
    """Settle the contradiction between FIRST and SECOND: the one not kept is superseded."""
    from mdbrain.adapters import views

    brain = guarded(obj.brain)
    ids = guarded(
        lambda: [brain.doc(v, obj.directory, existing=True) for v in (first, second, keep)]
    )
    report = guarded(
        lambda: brain.resolve(
            ids[0], ids[1], keep=ids[2], reason=reason, by=who or os.environ.get("USER", "")
        )
    )
    if as_json:
        emit(report, True, views.supersede_text)
        return
    click.echo(f"Kept {report.kept}; {report.dropped} is now superseded by it.")
    click.echo(views.supersede_text(report.superseded))
    warn_index(report)


@cli.command()
@click.argument("subject")
@click.option(
    "--as-of",
    "as_of",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    help="What was in force on this day.",
)
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    default=20,
    show_default=True,
    help="How many documents to list.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")
@click.pass_obj
def brief(obj: Context, subject: str, as_of: Any, limit: int, as_json: bool) -> None:
    """Everything in force on SUBJECT: decisions first with their reasons, then rules,
    facts and the rest; summaries only. SUBJECT is a tag, theme, folder or document
    (a tag of a few documents, or of drafts alone, brings those search finds too,
    listed after the tagged ones); or code (a file, folder or file#symbol): every
    document describing it, what to read before changing it; or free text, answered
    through search."""
    from mdbrain.adapters import views

    brain = guarded(obj.brain)
    day = as_of.date() if as_of is not None else None
    result = guarded(lambda: brain.brief(subject, as_of=day, cwd=obj.directory, limit=limit))
    emit(result, as_json, views.brief_text)


@cli.command()
@click.argument("doc")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")
@click.pass_obj
def history(obj: Context, doc: str, as_json: bool) -> None:
    """DOC's supersession chain both ways, with dates and reasons, and its git log."""
    from mdbrain.adapters import views

    brain = guarded(obj.brain)
    doc_id = guarded(lambda: brain.doc(doc, obj.directory, existing=True))
    result = guarded(lambda: brain.history(doc_id))
    emit(result, as_json, views.history_text)


@cli.command()
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    default=REVIEW_LIMIT,
    show_default=True,
    help="Most entries of each list; their sizes are said whole.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")
@click.pass_obj
def review(obj: Context, limit: int, as_json: bool) -> None:
    """The review queue: documents to review, synthesis pages to regenerate, open
    conflicts, and unverified drafts, oldest first."""
    from mdbrain.adapters import views

    result = guarded(lambda: guarded(obj.brain).review(limit))
    emit(result, as_json, views.review_text)
