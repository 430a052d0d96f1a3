"""What import and check take for a link, and what is none: code in a quote or a list
item, a footnote's definition, bracketed text followed by an address (from rust-lang/rfcs)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from mdbrain.core import foreign_links, markdown
from mdbrain.service import importing
from mdbrain.service.brain import Brain
from tests.conftest import MakeBase

TODAY = dt.date(2026, 7, 1)


def wiki(text: str) -> list[tuple[int, str]]:
    return [(link.line, link.first) for link in foreign_links.wiki_links(text)]


def targets(body: str) -> list[tuple[str, int]]:
    return list(markdown.scan(body).links)


# --- code in a quote or a list item holds no wiki link ---------------------------------------


def test_a_fence_inside_a_quote_holds_no_wiki_link() -> None:
    # rust-lang/rfcs text/3875: a Cargo.lock in a "> [!NOTE]" quote
    text = (
        "> [!NOTE]\n>\n> A new version of the file:\n>\n> ```toml\n> [[package]]\n"
        '> name = "std"\n> ```\n>\n> See [[Versions]].\n\nThen [[After]].\n'
    )
    assert wiki(text) == [(10, "Versions"), (12, "After")]
    # quotes in quotes, and a fence that the end of its quote ends unclosed
    assert wiki("> > ```\n> > [[a]]\n> > ```\n> > [[B]]\n") == [(4, "B")]
    assert wiki("> ```\n> [[a]]\n\n[[B]]\n```\n[[c]]\n```\n[[D]]\n") == [(4, "B"), (8, "D")]


def test_a_fence_inside_a_list_item_holds_no_wiki_link() -> None:
    text = (
        "1. Write the lock file:\n\n    ```toml\n    [[package]]\n    ```\n\n"
        "2. Or on the item's line:\n- ```toml\n  [[package]]\n  ```\n- See [[Locks]].\n"
    )
    assert wiki(text) == [(11, "Locks")]
    # a fence left open in an item ends with the item: text at the margin is read again
    assert wiki("- ```\n  code\n\nPara [[After]]\n") == [(4, "After")]
    assert wiki("- item\n\n        ```\n        [[x]]\n\n[[After]]\n") == [(6, "After")]


def test_a_fence_inside_a_footnote_holds_no_wiki_link() -> None:
    # ethereum/EIPs' EIP-7951: a CSL-JSON citation under "[^1]:", "[[2023, 2, 3]]" in it
    text = (
        'Text [^1].\n\n[^1]:\n    ```csl-json\n    {"date-parts": [[2023, 2, 3]]}\n'
        "    ```\n\nSee [[Real Page]].\n"
    )
    assert wiki(text) == [(8, "Real Page")]


def test_a_reference_link_in_brackets_cites_a_source_and_is_no_wiki_link() -> None:
    # pytorch/rfcs' RFC-0001: "[[1]]" with "[1]: https://..." below, six of them broken
    text = "As shown [[1]] and [[2]], see [[Page]].\n\n[1]: https://a.org/x\n[2]: b.md\n"
    assert wiki(text) == [(1, "Page")]
    assert wiki("Cited [[1]] with no definition.\n") == [(1, "1")]


def test_wiki_links_in_prose_are_found_and_fences_at_the_margin_hide_theirs() -> None:
    text = (
        "See [[Install Guide]] and [[notes|the notes]].\n\n```toml\n[[bin]]\n```\n\n"
        "~~~~\n[[x]]\n~~~\n[[y]]\n~~~~\n\n    ```\nIndented [[Z]] is not a fence.\n"
    )
    assert wiki(text) == [(1, "Install Guide"), (1, "notes"), (14, "Z")]
    # a fence's line with an info string does not close it
    assert wiki("```\n[[a]]\n```toml\n[[b]]\n```\n[[C]]\n") == [(6, "C")]


# --- bracketed text followed by the address it meant --------------------------------------------


def test_bracketed_text_followed_by_an_address_is_no_wiki_link() -> None:
    # rust-lang/rfcs text/3392-leadership-council/Leadership-Council-RFCzh-Hant.md
    text = (
        "[[全文]] (https://github.com/rust-lang/rfc-leadership-council/blob/main/x.md#motivation)\n"
        "[[好讀版]]（https://github.com/rust-lang/rfc-leadership-council/blob/main/x.md）\n"
        "[[Spec]] (<./spec.md>) and [[Mail]] (mailto:a@b.org) and [[Site]]  (www.x.org)\n"
    )
    assert wiki(text) == []
    left, missing = foreign_links.rewrite_wiki(text, lambda _n: None)
    assert left == text and missing == []
    # a wiki link followed by words in parentheses is still one
    assert wiki("See [[Deploy]] (the old one) and [[Home]] (#12).\n") == [
        (1, "Deploy"),
        (1, "Home"),
    ]


# --- a footnote's definition is no link's ------------------------------------------------------


def test_a_footnote_definition_is_no_link_reference_definition() -> None:
    # rust-lang/rfcs text/3559: "[^erase]: It is of course still possible..."
    body = (
        "Dropping that permission means losing the access rights![^erase]\n\n"
        "[^erase]: It is of course still possible to erase provenance, see [the guide](guide.md).\n"
    )
    assert targets(body) == [("guide.md", 3)]


def test_reference_links_are_still_found() -> None:
    body = (
        "Read [the guide][guide], [Setup] and a note.[^1]\n\n"
        "[guide]: docs/guide.md\n[setup]: <setup.md>\n[^1]: See [more](more.md).\n"
    )
    assert targets(body) == [("docs/guide.md", 3), ("setup.md", 4), ("more.md", 5)]


# --- import and check report the real ones only --------------------------------------------------


def test_import_and_check_report_only_the_real_missing_targets(
    make_base: MakeBase, tmp_path: Path
) -> None:
    source = tmp_path / "text"
    source.mkdir()
    (source / "lock.md").write_text(
        '# Lock\n\n> [!NOTE]\n>\n> ```toml\n> [[package]]\n> name = "std"\n> ```\n\n'
        "A link to [nowhere](missing.md) and [[Provenance]].\n",
        encoding="utf-8",
    )
    (source / "provenance.md").write_text(
        "# Provenance\n\nLosing the access rights![^erase]\n\n"
        "[^erase]: It is of course still possible.\n",
        encoding="utf-8",
    )
    (source / "zh.md").write_text(
        "# 摘要\n\n[[全文]] (https://github.com/rust-lang/rfcs/blob/main/text/x.md#motivation)\n",
        encoding="utf-8",
    )
    root = make_base({})
    with Brain.open(root, clock=lambda: TODAY) as brain:
        report = importing.import_folder(brain.session, source)
    assert [(b.source, b.line, b.target) for b in report.broken_links] == [
        ("lock.md", 10, "missing.md")
    ]
    lock = (root / report.imported["lock.md"]).read_text(encoding="utf-8")
    assert "> [[package]]\n" in lock and "[Provenance](provenance.md)" in lock
    findings = Brain.open(root, clock=lambda: TODAY).check(repair=False).findings
    broken = [f for f in findings if f.code == "W001"]
    assert len(broken) == 1 and "missing.md" in broken[0].message
