"""The one YAML emitter: whatever it writes reads back as the same value."""

from __future__ import annotations

import datetime as dt
import doctest

import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from mdbrain.core import edit, frontmatter, yaml_emit

# Every character a Python string can hold in a UTF-8 file: no lone surrogates.
ANY_TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=40)
TRICKY = [
    "yes", "No", "null", "~", "", " ", "1.0", "0x1F", "12:30", "2026-01-02", ".inf", "-1",
    "a: b", "a #b", "#a", "- a", "[a]", "{a}", "a, b", "what?", "'q'", '"q"', "\\", "a\tb",
    "\x85", "\u2028", "\ufeff", "\x7f", "\x9f", "café", "日本語", "=", "<<", "@x", "`x`", "%x",
    "trailing ", " leading", "end:", "x\ny", "new #2.md", "docs/new #2.md", "!tag", "&a", "*a",
]  # fmt: skip


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(yaml_emit).failed == 0


def _block(value: str) -> object:
    return yaml.safe_load(f"k: {yaml_emit.scalar(value)}\n")["k"]


def _flow(values: list[str]) -> object:
    return yaml.safe_load(f"k: {yaml_emit.flow(values)}\n")["k"]


@settings(max_examples=600)
@given(ANY_TEXT)
def test_any_text_reads_back_equal_after_a_key(value: str) -> None:
    for item in TRICKY:
        assert _block(item) == item, item
    assert _block(value) == value


@settings(max_examples=400)
@given(st.lists(ANY_TEXT, max_size=5))
def test_any_list_of_text_reads_back_equal_as_a_flow(values: list[str]) -> None:
    assert _flow(TRICKY) == TRICKY
    assert _flow(values) == values


@settings(max_examples=300)
@given(ANY_TEXT, st.lists(ANY_TEXT, max_size=4))
@example("docs/new #2.md", ["new #2.md", "a: b"])
@example("\xa0", ["\u3000x"])
def test_mdbrains_own_reader_agrees_with_the_emitter(title: str, tags: list[str]) -> None:
    block = f"title: {yaml_emit.scalar(title)}\ntags: {yaml_emit.flow(tags)}\n"
    meta, _lines = frontmatter.load(block)
    assert meta == {"title": title, "tags": tags}


@settings(max_examples=200)
@given(ANY_TEXT)
def test_a_field_set_surgically_reads_back_equal(value: str) -> None:
    text = "---\ntitle: Old\n# kept comment\nstatus: stable\n---\n\nBody\n"
    edited = edit.set_field(text, "superseded_reason", value)
    parts = frontmatter.split(edited)
    assert parts.yaml is not None
    meta, _lines = frontmatter.load(parts.yaml)
    assert meta["superseded_reason"] == value
    assert "# kept comment" in edited and edited.endswith("---\n\nBody\n")


def test_plain_text_stays_plain_like_a_hand_written_document() -> None:
    assert yaml_emit.scalar("Sessions live in Postgres") == "Sessions live in Postgres"
    assert yaml_emit.scalar("Sécurité des sessions") == "Sécurité des sessions"
    assert yaml_emit.flow(["auth", "security", "features/login.md"]) == (
        "[auth, security, features/login.md]"
    )
    assert yaml_emit.scalar("what?") == "what?"  # after a key, a question mark is text
    assert yaml_emit.flow(["what?"]) == '["what?"]'  # in a flow it would end the scalar


def test_other_values_take_their_yaml_forms() -> None:
    assert yaml_emit.scalar(None) == "null"
    assert yaml_emit.scalar(True) == "true"
    assert yaml_emit.scalar(3) == "3"
    assert yaml_emit.scalar("0048") == '"0048"'  # a number to a YAML 1.2 reader
    assert yaml_emit.scalar(2.0) == "2.0"
    assert yaml_emit.scalar(float("inf")) == ".inf"
    assert yaml_emit.scalar(dt.date(2026, 12, 1)) == "2026-12-01"
    assert yaml_emit.scalar({"a b": [1, "x"]}) == '{"a b": [1, x]}'
    written = frontmatter.split(yaml_emit.block({"on": "yes", "n": 1})).yaml
    assert yaml.safe_load(written or "") == {"on": "yes", "n": 1}


def test_control_characters_are_escaped_so_the_document_stays_parseable() -> None:
    for char in ["\x00", "\x07", "\x1b", "\x7f", "\x80", "\x85", "\x9f", "\u2028", "\ufeff"]:
        written = yaml_emit.scalar(f"a{char}b")
        assert char not in written
        assert _block(f"a{char}b") == f"a{char}b"
