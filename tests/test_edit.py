"""Surgical edits: the lines that must change change, every other byte stays."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mdbrain.core import edit

DOC = (
    "---\r\n"
    "title: 'Login'   # the name people use\r\n"
    "related: [auth/old.md, other.md]\r\n"
    "supersedes:\r\n"
    '  - "auth/old.md"\r\n'
    "tags: [auth/old.md]\r\n"
    "---\r\n"
    "See [old](old.md#part), [other](../other.md) and [ref][r].\r\n"
    "\r\n"
    "`[code](old.md)`\r\n"
    "[r]: ./old.md\r\n"
)


def changed_lines(before: str, after: str) -> list[int]:
    a, b = before.splitlines(keepends=True), after.splitlines(keepends=True)
    assert len(a) == len(b)
    return [i + 1 for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]


def test_retargeting_touches_only_the_link_lines_and_keeps_anchors_and_crlf() -> None:
    after, count = edit.retarget(DOC, "auth/login.md", "auth/old.md", "security/new.md")
    assert count == 2
    assert changed_lines(DOC, after) == [8, 11]
    assert "[old](../security/new.md#part)" in after
    assert "[r]: ../security/new.md\r\n" in after
    assert "`[code](old.md)`" in after


def test_renaming_in_fields_leaves_other_fields_comments_and_quotes_alone() -> None:
    after, count = edit.rename_in_fields(DOC, ("related", "supersedes"), "auth/old.md", "x/new.md")
    assert count == 2
    assert changed_lines(DOC, after) == [3, 5]
    assert "related: [x/new.md, other.md]\r\n" in after
    assert '  - "x/new.md"\r\n' in after
    assert "tags: [auth/old.md]" in after  # not a relation field


def test_a_moved_document_rewrites_its_relative_links_from_its_new_place() -> None:
    after, count = edit.rebase(DOC, "auth/login.md", "deep/er/login.md")
    assert "[other](../../other.md)" in after
    assert "[old](../../auth/old.md#part)" in after
    assert count == 3


def test_a_moved_document_keeps_its_links_to_folders_and_routes_outside_the_base() -> None:
    # govuk-aws: a guide moved one folder down kept "../../docs/architecture/decisions/"
    text = (
        "---\ntitle: Env\n---\n"
        "[adrs](../../docs/adr/) [lb](../../terraform/lb/#inputs) [here](./) [page](./setup)\n"
    )
    after, count = edit.rebase(text, "guides/env.md", "guides/a/env.md")
    assert "[adrs](../../../docs/adr/)" in after  # still a folder: its slash kept
    assert "[lb](../../../terraform/lb/#inputs)" in after
    assert "[here](../)" in after
    assert "[page](../setup)" in after
    assert count == 4
    back, _count = edit.rebase(after, "guides/a/env.md", "guides/env.md")
    assert back == text  # "./" kept where the path stays in the page's folder


def test_set_field_replaces_in_place_or_adds_before_the_closing_line() -> None:
    after = edit.set_field(DOC, "title", "Sign-in")
    assert changed_lines(DOC, after) == [2]
    assert after.splitlines()[1] == "title: Sign-in"
    added = edit.set_field(DOC, "status", "deprecated")
    assert added.splitlines()[6] == "status: deprecated"
    assert added.replace("status: deprecated\r\n", "") == DOC
    with pytest.raises(ValueError, match="no frontmatter"):
        edit.set_field("just text\n", "status", "x")


def test_written_targets_keep_root_style_and_encode_spaces() -> None:
    assert edit.written_target("a/b.md", "c/d e.md", "/x.md#top") == "/c/d%20e.md#top"
    assert edit.written_target("a/b.md", "a/c.md", "old.md") == "c.md"


_segment = st.text(alphabet="abcxyz-", min_size=1, max_size=5)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(_segment, min_size=1, max_size=3),
    st.lists(_segment, min_size=1, max_size=3),
    st.text(alphabet="ab \n#*", max_size=40),
)
def test_a_retargeted_link_resolves_to_the_new_document(
    frm: list[str], to: list[str], prose: str
) -> None:
    from mdbrain.core import links, markdown

    doc_id = "/".join(frm) + ".md"
    old_id, new_id = "old/target.md", "/".join(to) + "-new.md"
    written = edit.written_target(doc_id, old_id)
    text = f"---\ntitle: t\n---\n{prose}\n\nSee [it]({written}).\n"
    after, count = edit.retarget(text, doc_id, old_id, new_id)
    assert count == 1
    body_links = markdown.scan(after.split("---\n", 2)[2], 4).links
    resolved = [links.resolve(doc_id, w) for w, _ in body_links]
    assert (links.LinkKind.DOC, new_id) in resolved


def test_remove_field_takes_the_line_and_its_items_and_nothing_else() -> None:
    text = "---\ntitle: T\nreview_reason: >\n  long reason\nsources:\n  - a\n  - b\nstatus: x\n---\nBody\n"
    gone = edit.remove_field(text, "review_reason")
    assert gone == "---\ntitle: T\nsources:\n  - a\n  - b\nstatus: x\n---\nBody\n"
    assert edit.remove_field(gone, "sources") == "---\ntitle: T\nstatus: x\n---\nBody\n"
    assert edit.remove_field(gone, "absent") == gone
