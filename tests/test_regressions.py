"""Defects found by review, each pinned as a named case."""

from __future__ import annotations

import json
import os
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdbrain.adapters.cli import cli
from mdbrain.core.errors import DuplicateError
from mdbrain.service.brain import Brain
from mdbrain.service.writing import WriteRequest
from tests.conftest import MakeBase, doc


def test_documents_named_with_decomposed_accents_can_be_edited_and_moved_around(
    make_base: MakeBase,
) -> None:
    root = make_base({"target.md": doc("Target", sources="[x]")})
    nfd = unicodedata.normalize("NFD", "café.md")
    (root / nfd).write_text(doc("Café", sources="[x]", body="[t](target.md)"), encoding="utf-8")
    brain = Brain.open(root)
    brain.supersede("café.md", ["target.md"])
    assert "status: deprecated" in (root / nfd).read_text(encoding="utf-8")
    moved = brain.move("target.md", "renamed.md")
    assert moved.rewritten == ("café.md",) and "(renamed.md)" in (root / nfd).read_text(
        encoding="utf-8"
    )


def test_a_looping_symbolic_link_is_reported_not_fatal(make_base: MakeBase) -> None:
    root = make_base({"a.md": doc("A", sources="[x]")})
    os.symlink("loop", root / "loop")
    report = Brain.open(root).index()
    assert report.documents == 1 and ("loop", "W007") in {(f.path, f.code) for f in report.findings}


@pytest.mark.parametrize(
    "text", ["# no frontmatter\n", "---\ntitle: never closed\n", b"---\ntitle: caf\xe9\n---\n"]
)
def test_editing_a_document_that_cannot_be_edited_is_a_clear_refusal(
    make_base: MakeBase, text: str | bytes
) -> None:
    root = make_base({"bad.md": text, "good.md": doc("Good", sources="[x]")})
    runner = CliRunner()
    out = runner.invoke(cli, ["-C", str(root.parent), "write", "--doc", "bad.md", "--summary", "s"])
    assert out.exit_code == 2 and "nothing was written" in out.output
    out = runner.invoke(cli, ["-C", str(root.parent), "supersede", "bad.md", "--by", "good.md"])
    assert out.exit_code == 2 and "Traceback" not in out.output


def test_a_payload_with_a_number_for_a_title_is_a_usage_error(make_base: MakeBase) -> None:
    root = make_base({"a.md": doc("A", sources="[x]")})
    out = CliRunner().invoke(
        cli,
        ["-C", str(root.parent), "write", "--input", "-"],
        input=json.dumps({"title": 5, "summary": "a b"}),
    )
    assert out.exit_code == 2 and "must be text" in out.output


def test_a_form_feed_in_a_line_does_not_shift_link_rewriting(make_base: MakeBase) -> None:
    root = make_base(
        {
            "a.md": doc("A", sources="[x]", body="page\x0cbreak\n\n[b](b.md)"),
            "b.md": doc("B", sources="[x]", body="[a](a.md)"),
        }
    )
    Brain.open(root).move("b.md", "c.md")
    assert "[b](c.md)" in (root / "a.md").read_text(encoding="utf-8")


def test_a_quoted_status_key_is_replaced_not_duplicated(make_base: MakeBase) -> None:
    root = make_base(
        {
            "old.md": '---\n"title": Old\n"status": stable\nsummary: s\n---\n[n](new.md)\n',
            "new.md": doc("New", sources="[x]", body="[o](old.md)"),
        }
    )
    Brain.open(root).supersede("old.md", ["new.md"])
    entry = Brain.open(root).manifest(use_cache=False).get("old.md")
    assert entry is not None and entry.parsed and entry.status == "deprecated"


def test_editing_a_symlinked_document_keeps_the_link(make_base: MakeBase, tmp_path: Path) -> None:
    root = make_base(
        {"real/real.md": doc("Real", sources="[x]"), "new.md": doc("New", sources="[x]")}
    )
    os.symlink(root / "real" / "real.md", root / "alias.md")
    Brain.open(root).supersede("alias.md", ["new.md"])
    assert (root / "alias.md").is_symlink()
    assert "status: deprecated" in (root / "real" / "real.md").read_text(encoding="utf-8")


def test_markers_shown_in_code_are_left_alone_and_titles_are_escaped(make_base: MakeBase) -> None:
    example = "```\n<!-- mdbrain:in-force -->\nexample\n<!-- /mdbrain:in-force -->\n```"
    page = doc(
        "Page",
        type="overview",
        sources="[x]",
        related="[b.md]",
        body=f"{example}\n\n<!-- mdbrain:in-force -->\n<!-- /mdbrain:in-force -->",
    )
    root = make_base({"page.md": page, "b.md": doc("B [draft] notes", sources="[x]")})
    Brain.open(root).index()
    text = (root / "page.md").read_text(encoding="utf-8")
    assert "\nexample\n" in text and "- [B \\[draft\\] notes](b.md)" in text


def test_a_body_written_into_a_crlf_document_keeps_crlf(make_base: MakeBase) -> None:
    root = make_base({"crlf.md": doc("Crlf", sources="[x]").replace("\n", "\r\n")})
    Brain.open(root).write(WriteRequest(doc="crlf.md", body="line one\nline two"))
    data = (root / "crlf.md").read_bytes()
    assert b"\n" not in data.replace(b"\r\n", b"")


def test_titles_that_slug_alike_but_differ_are_both_written(make_base: MakeBase) -> None:
    root = make_base({"start.md": doc("Start", type="overview", sources="[x]")})
    brain = Brain.open(root)
    first = brain.write(WriteRequest(title="!!!", summary="Exclamations.", sources=["x"]))
    second = brain.write(WriteRequest(title="日本語", summary="A page in Japanese.", sources=["x"]))
    assert first.id != second.id
    with pytest.raises(DuplicateError, match="duplicate"):
        brain.write(WriteRequest(title="日本語", summary="A page in Japanese.", sources=["y"]))


def test_an_impossible_date_is_reported_on_its_own_line() -> None:
    from mdbrain.core import document
    from mdbrain.core.errors import DocumentError

    with pytest.raises(DocumentError) as caught:
        document.loads("---\ntitle: t\nsummary: s\nupdated: 2027-02-30\n---\n", "d.md")
    assert caught.value.line == 4
