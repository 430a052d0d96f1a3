"""The export commands: a readable snapshot of the base for people and for agents."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from mdbrain.adapters.cli import Context, cli, fail, guarded

if TYPE_CHECKING:
    from mdbrain.service.brain import Brain
    from mdbrain.service.exporting import FileReport, Snapshot


def _place(obj: Context, path: Path | None) -> Path | None:
    if path is None:
        return None
    return path if path.is_absolute() else obj.directory / path


# extra words are kept (not refused by click) to say which option a place needs
@cli.command(context_settings={"allow_extra_args": True})
@click.option(
    "--html",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write a static site into this folder (created if missing).",
)
@click.option(
    "--markdown",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the whole base as one Markdown file, documents in force first.",
)
@click.option(
    "--llms-txt",
    "llms_txt",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write an llms.txt index: the documents by theme, with their summaries.",
)
@click.option("--json", "as_json", is_flag=True, help="Print what was written as JSON.")
@click.pass_obj
def export(
    obj: Context, html: Path | None, markdown: Path | None, llms_txt: Path | None, as_json: bool
) -> None:
    """Export the base for readers without mdbrain: a static site (--html DIR), one
    Markdown snapshot (--markdown FILE), an llms.txt index (--llms-txt FILE).

    The site works from file:// with no network: a home page with the theme tree,
    a manifest filtered by type, status, tag and theme, a page per document with
    its provenance, links both ways and supersession history, the open conflicts,
    the review queue and a graph of the relations. The same base gives the same
    bytes. Nothing is written inside the knowledge root; the site goes only into
    an empty folder or one an earlier export wrote (it leaves a .mdbrain-export
    mark listing its files, the only ones it replaces or removes); a file is
    replaced only when an earlier export wrote it.
    """
    from mdbrain.core.errors import InvalidRequestError

    extra = click.get_current_context().args
    if extra and html is None and markdown is None and llms_txt is None and len(extra) == 1:
        place = extra[0]  # `mdbrain export site/`: the place, without what to write there
        fail(
            InvalidRequestError(
                f"say what to export into {place}: --html {place} (a site), "
                f"--markdown {place} (one file) or --llms-txt {place}"
            )
        )
    if extra:
        fail(InvalidRequestError(f"unexpected argument: {' '.join(extra)}"))
    if html is None and markdown is None and llms_txt is None:
        fail(
            InvalidRequestError(
                "say what to export: --html DIR, --markdown FILE or --llms-txt FILE"
            )
        )
    from mdbrain.adapters import export_text, progress, render
    from mdbrain.service import exporting

    brain = guarded(obj.brain)
    reports: dict[str, Any] = {}
    folder = _place(obj, html)
    if folder is not None:
        from mdbrain.adapters import export_html

        with progress.shown("exporting", as_json=as_json) as told:
            reports["html"] = guarded(
                lambda: exporting.export_site(brain, folder, export_html.render, told)
            )
    for key, path, writer, signature in (
        ("markdown", markdown, export_text.snapshot_markdown, export_text.MARKDOWN_SIGNATURE),
        ("llms_txt", llms_txt, export_text.llms_txt, export_text.LLMS_SIGNATURE),
    ):
        target = _place(obj, path)
        if target is not None:
            reports[key] = _write_file(brain, target, writer, key.replace("_", "-"), signature)
    if as_json:
        click.echo(render.to_json(reports))
        return
    for line in _lines(reports):
        click.echo(line)


def _write_file(
    brain: Brain, target: Path, writer: Callable[[Snapshot, Path], str], kind: str, signature: str
) -> FileReport:
    from mdbrain.service import exporting

    report: FileReport = guarded(
        lambda: exporting.export_file(brain, target, writer, kind=kind, signature=signature)
    )
    return report


def _lines(reports: dict[str, Any]) -> list[str]:
    out = []
    site = reports.get("html")
    if site is not None:
        out.append(
            f"Site in {site.folder}: {site.documents} documents, {site.files} files "
            f"({site.written} written, {site.unchanged} unchanged, "
            f"{len(site.removed)} removed)."
        )
    for key in ("markdown", "llms_txt"):
        report = reports.get(key)
        if report is not None:
            state = "written" if report.changed else "unchanged"
            out.append(
                f"{report.kind} in {report.path}: {report.documents} documents, "
                f"{report.bytes} bytes ({state})."
            )
    return out
