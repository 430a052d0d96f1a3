"""Parsing one document: frontmatter, body, raw text, and every kind of bad input."""

from __future__ import annotations

import contextlib
import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mdbrain.core import document, manifest
from mdbrain.core.errors import DocumentError

GOOD = (
    '---\ntitle: "Login"\nsummary: "How users sign in."\ntags: [auth]\nupdated: 2026-07-01\n---\n'
    "# Login\n\nSee [MFA](mfa.md).\n"
)


def test_a_document_keeps_its_raw_text_and_splits_fields_from_body() -> None:
    doc = document.loads(GOOD, "auth/login.md")
    assert doc.raw == GOOD
    assert doc.meta["title"] == "Login"
    assert doc.meta["updated"] == dt.date(2026, 7, 1)
    assert doc.body.startswith("# Login")
    assert doc.body_line == 7
    assert doc.key_lines == {"title": 2, "summary": 3, "tags": 4, "updated": 5}


def test_crlf_line_endings_parse_like_lf_and_keep_line_numbers() -> None:
    entry = manifest.entry_from_text(GOOD.replace("\n", "\r\n"), "auth/login.md")
    assert entry.parsed and entry.title == "Login"
    assert [(link.target, link.line) for link in entry.links] == [("auth/mfa.md", 9)]


def test_a_byte_order_mark_is_ignored_and_noted() -> None:
    entry = manifest.entry_from_bytes(b"\xef\xbb\xbf" + GOOD.encode(), "a.md")
    assert entry.parsed and entry.title == "Login"
    assert [f.code for f in entry.findings] == ["I001"]


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("# Just a body\n", 1, "no frontmatter"),
        ("", 1, "no frontmatter"),
        ("---\ntitle: x\n", 1, "never closed"),
        # a bracket or a quote never closed: the line it opens on (rust-lang/rfcs' trial
        # was sent to the closing "---")
        ("---\ntitle: x\nsummary: [unclosed\ntags: [a]\n---\n", 3, "invalid frontmatter YAML"),
        ('---\ntitle: "Unclosed\nsummary: x.\ntype: fact\n---\n', 2, "quoted scalar"),
        ("---\ntitle: a\ntags: [x]\ntitle: b\n---\n", 4, "duplicate key 'title'"),
        ("---\n- a\n- b\n---\n", 2, "mapping"),
        ("---\n1: one\n---\n", 2, "keys must be text"),
        ("---\ntitle: x\nweight: " + "9" * 5000 + "\n---\n", 3, "more than 100 digits"),
        ("---\ntitle: x\nloop: &x [*x]\n---\n", 3, "recursive"),
        ("---\ntitle: x\ndeep: " + "[" * 500 + "]" * 500 + "\n---\n", 3, "nest"),
    ],
)
def test_bad_frontmatter_raises_a_document_error_with_the_line(
    text: str, line: int, words: str
) -> None:
    with pytest.raises(DocumentError) as caught:
        document.loads(text, "x/doc.md")
    assert caught.value.path == "x/doc.md"
    assert caught.value.line == line
    assert words in caught.value.message


def test_non_utf8_bytes_are_named_with_their_line() -> None:
    data = b"---\ntitle: ok\n---\n" + b"caf\xe9\n"
    with pytest.raises(DocumentError) as caught:
        document.decode(data, path="a.md")
    assert caught.value.line == 4
    assert "UTF-8" in caught.value.message
    entry = manifest.entry_from_bytes(data, "a.md")
    assert not entry.parsed
    assert [(f.code, f.line) for f in entry.findings] == [("E005", 4)]


def test_a_document_with_broken_yaml_still_gives_its_links() -> None:
    entry = manifest.entry_from_text("---\ntitle: [\n---\nSee [b](b.md).\n", "a.md")
    assert not entry.parsed
    assert entry.findings[0].code == "E002"
    assert [link.target for link in entry.links] == ["b.md"]


def test_a_huge_document_is_read_whole() -> None:
    block = "A plain line of prose that goes on for a while.\n" * 99 + "See [other](other.md).\n"
    body = block * (5_000_000 // len(block))
    entry = manifest.entry_from_text(f"---\ntitle: big\n---\n{body}", "big.md")
    assert entry.parsed and len(body) > 4_900_000
    assert len(entry.links) == 5_000_000 // len(block)


def test_fields_read_the_same_whatever_shape_yaml_gave_them() -> None:
    entry = manifest.entry_from_text(
        "---\ntags: auth, login\nrelated: ./a/../b.md\nsummary:\n---\n", "x.md"
    )
    assert entry.tags == ("auth", "login")
    assert entry.ids("related") == ("b.md",)
    assert entry.summary == ""


def test_numbers_with_a_leading_zero_or_colons_are_kept_as_written() -> None:
    # YAML 1.1 read "supersedes: 0161" as the octal 113 and "1:30" as 90: numbers of
    # records and times of day, changed without a word
    meta = document.loads(
        "---\nsupersedes: 0161\nbad_octal: 08\ntime: 1:30\nlong: 190:20:30.15\n"
        "signed: -012\nplain: 12\nzero: 0\nfloat: 0.5\nhex: 0x1F\n---\n",
        "x.md",
    ).meta
    assert meta == {
        "supersedes": "0161", "bad_octal": "08", "time": "1:30", "long": "190:20:30.15",
        "signed": "-012", "plain": 12, "zero": 0, "float": 0.5, "hex": 31,
    }  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.text())
def test_no_text_makes_the_parser_raise_anything_but_document_error(text: str) -> None:
    with contextlib.suppress(DocumentError):
        document.loads(text, "fuzz.md")


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "---",
                "...",
                "title: x",
                "a: [",
                "- b",
                "  c: d",
                "k: 'q",
                "[l](m.md)",
                "",
                "\r",
                "\t",
            ]
        ),
        max_size=14,
    ).map("\n".join)
)
def test_frontmatter_shaped_noise_never_escapes_as_another_error(text: str) -> None:
    with contextlib.suppress(DocumentError):
        document.loads(text, "fuzz.md")


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_become_an_entry_without_raising(data: bytes) -> None:
    entry = manifest.entry_from_bytes(data, "fuzz.md")
    assert entry.id == "fuzz.md"
